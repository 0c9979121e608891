#!/usr/bin/env bash
# Runs the linters, the type checker and the test suite against the installed package.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/classwright ] || bash scripts/setup.sh
.venv/bin/ruff check .
.venv/bin/ruff format --check .
pkg=$(.venv/bin/python -c 'import classwright, os; print(os.path.dirname(classwright.__file__))')
.venv/bin/mypy "$pkg"
# Not `python -m pytest`: that puts the checkout first on sys.path, where the thin
# classwright/ folder would shadow the installed package.
.venv/bin/pytest -n 2 --dist loadfile -q "$@"
