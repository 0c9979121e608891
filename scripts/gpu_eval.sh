#!/usr/bin/env bash
# Scores a local model on a GPU machine: generation with vLLM's offline engine, then sandboxed
# scoring; prints wall time per phase and tokens per second, then vLLM's own throughput
# benchmark for prompts of the same mean length, for comparison.
#
#   scripts/gpu_eval.sh MODEL_DIR [STRATEGY] [TASKS] [extra `classwright eval` options...]
#   e.g. scripts/gpu_eval.sh /models/deepseek-coder-6.7b-instruct holistic benchmark/tasks --preset nucleus
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { sed -n 2,7p "$0"; exit 2; }
model=$1
strategy=${2:-holistic}
tasks=${3:-benchmark/tasks}
shift $(( $# < 3 ? $# : 3 ))
venv="${GPU_VENV:-.venv-gpu}"
if [ ! -x "$venv/bin/classwright" ]; then
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install -q --upgrade pip
    "$venv/bin/python" -m pip install -q -e ".[vllm,tasks]"
fi
out="runs/$(basename "$model")-$strategy-$(date +%Y%m%d-%H%M%S)"
started=$(date +%s)
"$venv/bin/classwright" eval --backend vllm --model "$model" --strategy "$strategy" \
    --tasks "$tasks" --out-dir "$out" "$@"
echo "classwright eval: $(( $(date +%s) - started )) s wall time in all; files in $out"

read -r prompts input_len output_len < <("$venv/bin/python" - "$out/generation.json" "$strategy" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))
s = run["strategies"][sys.argv[2]]
n = max(1, s["requests"])
print(n, max(1, s["prompt_tokens"] // n), max(1, s["completion_tokens"] // max(1, s["samples"] if sys.argv[2] == "holistic" else n)))
print(f"load {run['load_seconds']} s, generate {s['generate_seconds']} s, score {s['score_seconds']} s, "
      f"{s['completion_tokens'] / max(s['generate_seconds'], 1e-9):.0f} output tokens/s", file=sys.stderr)
PY
)
echo "vLLM's own throughput for $prompts prompts of $input_len tokens, $output_len output tokens:"
"$venv/bin/vllm" bench throughput --model "$model" --num-prompts "$prompts" \
    --input-len "$input_len" --output-len "$output_len"
