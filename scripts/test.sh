#!/usr/bin/env bash
# Runs the linters, the type checker and the test suites against the installed package:
# the main suite in .venv, then the real-vLLM suite (tiny local model) in .venv-vllm.
# CLASSWRIGHT_SKIP_VLLM=1 leaves out the vLLM suite (it needs a multi-gigabyte install).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/classwright ] || bash scripts/setup.sh
.venv/bin/ruff check .
.venv/bin/ruff format --check .
pkg=$(.venv/bin/python -c 'import classwright, os; print(os.path.dirname(classwright.__file__))')
.venv/bin/mypy "$pkg"
# Not `python -m pytest`: that puts the checkout first on sys.path, where the thin
# classwright/ folder would shadow the installed package.
.venv/bin/pytest -n 2 --dist loadfile -q -m "not vllm" "$@"
# The bundled benchmark must pass every rule of the check: any finding fails the run.
.venv/bin/classwright check benchmark/ --jobs 2
if [ -z "${CLASSWRIGHT_SKIP_VLLM:-}" ]; then
    bash scripts/test-vllm.sh
fi
