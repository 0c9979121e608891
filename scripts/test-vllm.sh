#!/usr/bin/env bash
# Runs the tests that drive the real vLLM engine (CPU build) on a tiny model built on the spot,
# and those that drive real trainers (TRL's GRPOTrainer, verl's reward loader) with our reward.
# With CI set (CI=true), a skipped test fails the run (tests/vllm/conftest.py,
# tests/trainers/conftest.py): a green CI run has run the engine and the trainers.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${VLLM_VENV:-.venv-vllm}"
[ -x "$venv/bin/pytest" ] || bash scripts/setup-vllm.sh
export VLLM_CPU_KVCACHE_SPACE=1 HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
"$venv/bin/pytest" -m "vllm or trainers" -q -p no:cacheprovider tests/vllm tests/trainers "$@"
