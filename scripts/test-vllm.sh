#!/usr/bin/env bash
# Runs the tests that drive the real vLLM engine (CPU build) on a tiny model built on the spot.
# With CI set (CI=true), a skipped test fails the run (tests/vllm/conftest.py): a green CI run
# has run the engine, not skipped it for want of vLLM.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${VLLM_VENV:-.venv-vllm}"
[ -x "$venv/bin/pytest" ] || bash scripts/setup-vllm.sh
export VLLM_CPU_KVCACHE_SPACE=1 HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
"$venv/bin/pytest" -m vllm -q -p no:cacheprovider tests/vllm "$@"
