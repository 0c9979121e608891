#!/usr/bin/env bash
# Installs everything classwright and its tests need into .venv, from this repository's files.
set -euo pipefail
cd "$(dirname "$0")/.."
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    # bubblewrap isolates each sample; faketime moves the clock for determinism checks;
    # chromium opens the HTML report headless in its tests.
    if ! command -v bwrap >/dev/null || ! command -v faketime >/dev/null \
        || ! command -v chromium >/dev/null; then
        apt-get update -qq >/dev/null
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap faketime chromium >/dev/null
    fi
fi
python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q ".[dev,tasks,serve,ray,inspect]"
