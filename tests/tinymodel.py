"""Builds a tiny Llama-architecture model on the spot, for tests of the real vLLM engine.

Nothing is downloaded: the tokenizer is a byte-level BPE trained here on Python source from the
standard library, the weights are random (seeded). The model writes gibberish, which is the point:
the pipeline must survive it and score every sample as a failure; made to write the canonical
solution by a structured-output constraint (tests/vllm/canonical.py), it must score in full.

Run as a script to build one: ``python tests/tinymodel.py OUT_DIR``.
"""

from __future__ import annotations

import inspect
import json
import sys
from pathlib import Path

# A head size of at least 32 is what vLLM's CPU attention kernels accept.
HIDDEN = 64
HEADS = 2
LAYERS = 2
VOCAB = 1024
# Long enough for ClassEval prompts tokenized with this small vocabulary.
CONTEXT = 8192

CHAT_TEMPLATE = (
    "{% for message in messages %}<|{{ message['role'] }}|>\n{{ message['content'] }}\n"
    "{% endfor %}{% if add_generation_prompt %}<|assistant|>\n{% endif %}"
)


def _corpus() -> list[str]:
    import argparse
    import dataclasses
    import textwrap
    import unittest.case

    return [
        inspect.getsource(module) for module in (argparse, dataclasses, textwrap, unittest.case)
    ]


def build_tiny_model(folder: Path) -> Path:
    """Write a loadable model (config, safetensors weights, tokenizer) into ``folder``."""
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    folder.mkdir(parents=True, exist_ok=True)
    specials = ["<s>", "</s>", "<unk>"]
    tokenizer = Tokenizer(models.BPE(unk_token="<unk>"))
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=VOCAB,
        special_tokens=specials,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tokenizer.train_from_iterator(_corpus(), trainer=trainer)
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tokenizer, bos_token="<s>", eos_token="</s>", unk_token="<unk>"
    )
    fast.chat_template = CHAT_TEMPLATE
    fast.model_max_length = CONTEXT
    fast.save_pretrained(folder)

    config = LlamaConfig(
        vocab_size=len(fast),
        hidden_size=HIDDEN,
        intermediate_size=HIDDEN * 2,
        num_hidden_layers=LAYERS,
        num_attention_heads=HEADS,
        num_key_value_heads=HEADS,
        max_position_embeddings=CONTEXT,
        bos_token_id=fast.bos_token_id,
        eos_token_id=fast.eos_token_id,
        tie_word_embeddings=False,
        torch_dtype="float32",
    )
    torch.manual_seed(0)
    model = LlamaForCausalLM(config)
    model.save_pretrained(folder, safe_serialization=True)
    # The chat template is also kept in tokenizer_config.json by save_pretrained; checked here
    # because a model without one would silently fall back to plain prompts.
    settings = json.loads((folder / "tokenizer_config.json").read_text(encoding="utf-8"))
    if "chat_template" not in settings and not (folder / "chat_template.jinja").exists():
        raise RuntimeError("chat template was not saved")
    return folder


if __name__ == "__main__":
    print(build_tiny_model(Path(sys.argv[1])))
