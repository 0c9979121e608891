"""The ``vllm`` backend: vLLM's offline engine, one ``generate`` call per round of prompts.

Batching every prompt of a round into one call lets vLLM schedule them together, which is
where its throughput comes from. Prompts are tokenized here (through the model's chat template
when it has one) so that a prompt longer than the model's context is reported for that one
request instead of failing the whole batch.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from classwright.evaluator.backends.base import (
    BackendName,
    Completion,
    GenerationError,
    Request,
    Sampling,
)
from classwright.evaluator.prompts import PromptStyle
from classwright.schema.errors import InputError

if TYPE_CHECKING:
    from classwright.evaluator.backends.options import GenerationOptions


@dataclass(frozen=True)
class EngineOptions:
    """Settings of the engine itself (not part of the config hash: they do not change text)."""

    tensor_parallel_size: int = 1
    max_model_len: int | None = None
    gpu_memory_utilization: float = 0.9
    dtype: str = "auto"
    enforce_eager: bool = False
    engine_args: Mapping[str, Any] = field(default_factory=dict)
    """Further keyword arguments of ``vllm.LLM`` (``--engine-arg KEY=VALUE``), given last so
    that they win over the fields above: parallelism, executor backend, quantization..."""

    def llm_kwargs(self, model: str) -> dict[str, Any]:
        """The keyword arguments ``vllm.LLM`` is called with."""
        return {
            "model": model,
            "tensor_parallel_size": self.tensor_parallel_size,
            "max_model_len": self.max_model_len,
            "gpu_memory_utilization": self.gpu_memory_utilization,
            "dtype": self.dtype,
            "enforce_eager": self.enforce_eager,
            **self.engine_args,
        }


def parse_engine_args(items: Iterable[str]) -> dict[str, Any]:
    """``KEY=VALUE`` texts as keyword arguments: a value that parses as JSON is that value
    (``2``, ``true``, ``{"a": 1}``), any other the text itself (``ray``)."""
    args: dict[str, Any] = {}
    for item in items:
        key, equals, text = item.partition("=")
        key = key.strip()
        if not equals or not key.isidentifier():
            raise InputError(
                "--engine-arg", f"{item!r}: expected KEY=VALUE, e.g. tensor_parallel_size=2"
            )
        try:
            args[key] = json.loads(text)
        except json.JSONDecodeError:
            args[key] = text
    return args


def check_engine_args(llm: Any, args: Iterable[str]) -> None:
    """Refuse a key that ``llm`` (vLLM's ``LLM`` class) takes neither itself nor through
    ``EngineArgs``, before a model load that would fail on it far less clearly."""
    accepted = {
        name
        for name, parameter in inspect.signature(llm).parameters.items()
        if parameter.kind is not inspect.Parameter.VAR_KEYWORD
    }
    try:
        from vllm.engine.arg_utils import EngineArgs

        accepted |= {f.name for f in dataclasses.fields(EngineArgs)}
    except (ImportError, TypeError):
        return  # a vLLM whose extra arguments cannot be listed: let it judge them itself
    unknown = sorted(set(args) - accepted)
    if unknown:
        raise InputError(
            "--engine-arg", f"vLLM's engine takes no argument {unknown[0]!r} (see EngineArgs)"
        )


def backend(model: str, options: GenerationOptions) -> VllmBackend:
    """The backend ``open_backend`` gives for ``vllm``."""
    return VllmBackend(model, options.style, options.engine)


def identity(model: str) -> str:
    """The model as recorded in the config hash: a folder by its absolute path."""
    folder = Path(model).expanduser()
    return str(folder.resolve()) if folder.exists() else model


def looks_like_path(model: str) -> bool:
    """A model given as a folder rather than a hub name (``org/name``)."""
    return model.startswith((".", "/", "~")) or Path(model).expanduser().exists()


class VllmBackend:
    """Completions from a model loaded into this process by vLLM."""

    name = BackendName.vllm
    whole_samples = False

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
        self.model = identity(model)
        check_engine_args(LLM, options.engine_args)
        try:
            self.llm: Any = LLM(**options.llm_kwargs(self.model))
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
