#!/usr/bin/env bash
# Runs the linters, the type checker and the test suite against the installed package.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/classwright ] || bash scripts/setup.sh
.venv/bin/ruff check .
.venv/bin/ruff format --check .
pkg=$(.venv/bin/python -c 'import classwright, os; print(os.path.dirname(classwright.__file__))')
.venv/bin/mypy "$pkg"
.venv/bin/python -m pytest -n 2 -q "$@"
