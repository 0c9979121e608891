"""The ``vllm`` backend: vLLM's offline engine, one ``generate`` call per round of prompts.

Batching every prompt of a round into one call lets vLLM schedule them together, which is
where its throughput comes from. Prompts are tokenized here (through the model's chat template
when it has one) so that a prompt longer than the model's context is reported for that one
request instead of failing the whole batch.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from classwright.evaluator.backends import (
    BackendName,
    Completion,
    GenerationError,
    Request,
    Sampling,
)
from classwright.evaluator.prompts import PromptStyle
from classwright.schema.errors import InputError


@dataclass(frozen=True)
class EngineOptions:
    """Settings of the engine itself (not part of the config hash: they do not change text)."""

    tensor_parallel_size: int = 1
    max_model_len: int | None = None
    gpu_memory_utilization: float = 0.9
    dtype: str = "auto"
    enforce_eager: bool = False


def looks_like_path(model: str) -> bool:
    """A model given as a folder rather than a hub name (``org/name``)."""
    return model.startswith((".", "/", "~")) or Path(model).expanduser().exists()


class VllmBackend:
    """Completions from a model loaded into this process by vLLM."""

    name = BackendName.vllm

    def __init__(
        self,
        model: str,
        style: PromptStyle = PromptStyle.auto,
        options: EngineOptions | None = None,
    ) -> None:
        options = options or EngineOptions()
        folder = Path(model).expanduser()
        if looks_like_path(model) and not (folder / "config.json").is_file():
            raise InputError(model, "no model folder here (expected a config.json)")
        try:
            from vllm import LLM
        except ImportError:
            raise GenerationError(
                "the vllm backend needs vLLM: pip install 'classwright[vllm]' (on a machine "
                "without a GPU: scripts/setup-vllm.sh)"
            ) from None
        self.model = str(folder.resolve()) if folder.exists() else model
        try:
            self.llm: Any = LLM(
                model=self.model,
                tensor_parallel_size=options.tensor_parallel_size,
                max_model_len=options.max_model_len,
                gpu_memory_utilization=options.gpu_memory_utilization,
                dtype=options.dtype,
                enforce_eager=options.enforce_eager,
            )
        except Exception as error:  # vLLM raises many types while loading; all mean "cannot load".
            raise GenerationError(f"cannot load model {model}: {error}") from error
        self.tokenizer: Any = self.llm.get_tokenizer()
        has_template = bool(getattr(self.tokenizer, "chat_template", None))
        self.chat = style is PromptStyle.chat or (style is PromptStyle.auto and has_template)
        if self.chat and not has_template:
            raise InputError(model, "the model has no chat template; use --prompt-style plain")
        self.max_model_len: int = self.llm.llm_engine.model_config.max_model_len

    def _token_ids(self, request: Request) -> list[int]:
        if self.chat:
            ids = self.tokenizer.apply_chat_template(
                request.prompt.messages(), add_generation_prompt=True, tokenize=True
            )
            # Newer tokenizers return a BatchEncoding-like mapping instead of a list.
            return list(ids["input_ids"] if isinstance(ids, dict) or hasattr(ids, "keys") else ids)
        return list(self.tokenizer.encode(request.prompt.plain()))

    def generate(
        self, requests: Sequence[Request], sampling: Sampling
    ) -> Iterator[tuple[int, Completion]]:
        from vllm import SamplingParams

        prompts: list[Any] = []
        params: list[Any] = []
        positions: list[int] = []
        for position, request in enumerate(requests):
            ids = self._token_ids(request)
            room = self.max_model_len - len(ids)
            if room < 1:
                yield (
                    position,
                    Completion(
                        texts=("",) * request.n,
                        prompt_tokens=len(ids),
                        error=f"prompt of {len(ids)} tokens does not fit the model's "
                        f"{self.max_model_len}-token context",
                    ),
                )
                continue
            prompts.append({"prompt_token_ids": ids})
            params.append(
                SamplingParams(
                    n=request.n,
                    temperature=sampling.temperature,
                    top_p=sampling.top_p,
                    max_tokens=min(sampling.max_tokens, room),
                    seed=request.seed,
                    stop=list(sampling.stop) or None,
                )
            )
            positions.append(position)
        if not prompts:
            return
        try:
            outputs = self.llm.generate(prompts, params, use_tqdm=False)
        except Exception as error:  # an engine failure ends the run; earlier rounds are on disk
            raise GenerationError(f"vLLM failed while generating: {error}") from error
        for position, output in zip(positions, outputs, strict=True):
            pieces = sorted(output.outputs, key=lambda piece: piece.index)
            yield (
                position,
                Completion(
                    texts=tuple(piece.text for piece in pieces),
                    prompt_tokens=len(output.prompt_token_ids or ()),
                    completion_tokens=sum(len(piece.token_ids) for piece in pieces),
                ),
            )

    def close(self) -> None:
        # Dropping the engine frees the GPU memory; vLLM has no public shutdown in every version.
        self.llm = None
