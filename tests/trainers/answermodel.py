"""A tiny causal language model whose every token is a whole answer, built on the spot.

A trainer test needs completions whose verdicts are known to differ: the correct class, the
skeleton, hostile samples. Here each of those answers is one token of a word-level vocabulary, so
a random model sampling one token writes one of them whole, and the verdict of every completion a
trainer generates is a fact the test can check against the verdict service. Nothing is
downloaded; the weights are random (seeded).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

PROMPT_WORDS = ("write", "the", "class", ".")
SPECIALS = ("<pad>", "</s>", "<unk>")
HIDDEN = 32


def build_answer_model(folder: Path, answers: Sequence[str]) -> Path:
    """Write a model (config, safetensors weights, tokenizer) whose answer tokens are ``answers``."""
    import torch
    from tokenizers import AddedToken, Tokenizer, decoders, models, pre_tokenizers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    folder.mkdir(parents=True, exist_ok=True)
    vocab = {word: index for index, word in enumerate((*SPECIALS, *PROMPT_WORDS))}
    tokenizer = Tokenizer(models.WordLevel(vocab=vocab, unk_token="<unk>"))
    tokenizer.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    # Whole answers are added tokens: decoding one gives its text back exactly, newlines kept.
    tokenizer.add_tokens([AddedToken(answer, normalized=False) for answer in answers])
    tokenizer.add_special_tokens(list(SPECIALS))
    tokenizer.decoder = decoders.Fuse()
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tokenizer, pad_token="<pad>", eos_token="</s>", unk_token="<unk>"
    )
    fast.save_pretrained(folder)
    config = LlamaConfig(
        vocab_size=len(fast),
        hidden_size=HIDDEN,
        intermediate_size=HIDDEN * 2,
        num_hidden_layers=1,
        num_attention_heads=1,
        num_key_value_heads=1,
        max_position_embeddings=64,
        pad_token_id=fast.pad_token_id,
        eos_token_id=fast.eos_token_id,
        tie_word_embeddings=False,
    )
    torch.manual_seed(0)
    LlamaForCausalLM(config).save_pretrained(folder, safe_serialization=True)
    return folder
