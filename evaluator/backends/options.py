"""How to generate: the backend and model, the sampling settings, and how the backend is run.

One :class:`GenerationOptions` holds everything a run needs apart from the tasks and the
strategy; ``classwright generate`` and ``classwright eval`` build it from their options, and a
Python caller builds it directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from classwright.evaluator.backends.base import PRESETS, BackendName, Sampling
from classwright.evaluator.backends.openai import ClientOptions
from classwright.evaluator.backends.vllm import EngineOptions
from classwright.evaluator.prompts import Context, PromptStyle


@dataclass(frozen=True)
class GenerationOptions:
    """The backend, the model and every setting of a generation run."""

    backend: BackendName = BackendName.vllm
    model: str = ""
    """Model folder or hub name (vllm), name on the server (openai), or the file to replay."""
    sampling: Sampling = PRESETS["greedy"]
    context: Context | None = None
    """What per-method prompts show of other methods; None: the strategy's default."""
    style: PromptStyle = PromptStyle.auto
    client: ClientOptions = field(default_factory=ClientOptions)
    """How the ``openai`` backend talks to its server."""
    engine: EngineOptions = field(default_factory=EngineOptions)
    """How the ``vllm`` backend runs its engine."""


def sampling_for(
    preset: str,
    n: int | None = None,
    temperature: float | None = None,
    top_p: float | None = None,
    max_tokens: int = 2048,
    seed: int | None = None,
    stop: tuple[str, ...] = (),
) -> Sampling:
    """The preset (``greedy`` or ``nucleus``) with every setting the caller gave on top."""
    base = PRESETS[preset]
    return replace(
        base,
        n=n if n is not None else base.n,
        temperature=temperature if temperature is not None else base.temperature,
        top_p=top_p if top_p is not None else base.top_p,
        max_tokens=max_tokens,
        seed=seed,
        stop=stop,
    )
