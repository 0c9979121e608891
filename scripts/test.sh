#!/usr/bin/env bash
# Runs the linters, the type checker and the test suites against the installed package:
# the main suite in .venv, then the real-vLLM suite (tiny local model) and the trainers' suite
# (TRL's GRPOTrainer, verl's reward loader, OpenRLHF's reward client) in .venv-vllm.
# CLASSWRIGHT_SKIP_VLLM=1 leaves out the vLLM suite (it needs a multi-gigabyte install).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/classwright ] || bash scripts/setup.sh
# The vLLM and trainers' environment installs while the main suite runs: the install mostly
# waits on the disk and the package index, and the suite is built to pass beside busy processes.
vllm_setup=""
if [ -z "${CLASSWRIGHT_SKIP_VLLM:-}" ] && [ ! -x "${VLLM_VENV:-.venv-vllm}/bin/pytest" ]; then
    setup_log=$(mktemp)
    # In a process group of its own (job control on for this one job), so that one signal
    # stops the install and whatever it runs at that moment, with no window in which the
    # install starts its next step.
    set -m
    bash scripts/setup-vllm.sh >"$setup_log" 2>&1 &
    vllm_setup=$!
    set +m
    # A run that stops early stops the install too. The trap ends in `|| true`: under `set -e`
    # a failing command inside an EXIT trap (nothing left to signal) would turn a green run's
    # exit status into 1.
    trap 'kill -TERM -- -"$vllm_setup" 2>/dev/null || true' EXIT
fi
.venv/bin/ruff check .
.venv/bin/ruff format --check .
# mypy checks the installed package as a whole, strictly ([tool.mypy] in pyproject.toml; the
# scripts that run inside the sandbox included): run from
# the checkout, `import classwright` would find the thin classwright/ folder instead, and run
# inside site-packages mypy would read every other distribution as our modules.
root=$(pwd)
pkg=$(cd / && "$root/.venv/bin/python" -c 'import classwright, os; print(os.path.dirname(classwright.__file__))')
typed=$(mktemp -d)
cp -r "$pkg" "$typed/"
(cd "$typed" && "$root/.venv/bin/mypy" -p classwright --config-file "$root/pyproject.toml")
rm -rf "$typed"
# Not `python -m pytest`: that puts the checkout first on sys.path, where the thin
# classwright/ folder would shadow the installed package.
# --durations: the slowest tests in the log, for tests/heavy_first.py's list and the CI's time.
.venv/bin/pytest -n 2 --dist loadfile -q -m "not vllm and not trainers" --durations=25 "$@"
# The bundled benchmark must pass every rule of the check: any finding fails the run.
.venv/bin/classwright check benchmark/ --jobs 2 --fail-on warning
if [ -z "${CLASSWRIGHT_SKIP_VLLM:-}" ]; then
    if [ -n "$vllm_setup" ]; then
        setup_status=0
        wait "$vllm_setup" || setup_status=$?
        trap - EXIT
        if [ "$setup_status" -ne 0 ]; then
            cat "$setup_log"
            echo "setting up the vLLM test environment failed (scripts/setup-vllm.sh)" >&2
            exit 1
        fi
        cat "$setup_log"
    fi
    bash scripts/test-vllm.sh
fi
