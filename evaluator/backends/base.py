"""What every backend takes and gives: requests, sampling settings, completions.

A backend turns a batch of :class:`Request` into :class:`Completion` s and yields each as soon
as it is ready (possibly out of order), so that the caller can write it to disk before the next
one arrives. A fault the run cannot go on from raises :class:`GenerationError`; whatever was
yielded before it is kept by the caller.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from classwright.evaluator.prompts import Prompt


class BackendName(StrEnum):
    """Where completions come from: each value names the module of this package that serves it
    (``classwright.evaluator.backends.<value>``), so a member here is the whole registration."""

    vllm = "vllm"
    openai = "openai"
    replay = "replay"


class GenerationError(Exception):
    """A fault that stops generation: the model cannot be loaded or the server fails for good."""


@dataclass(frozen=True)
class Sampling:
    """Decoding settings; every field is part of the config hash."""

    n: int = 1
    """Samples per task."""
    temperature: float = 0.0
    top_p: float = 1.0
    max_tokens: int = 2048
    """Tokens generated per completion at most."""
    seed: int | None = None
    """Base seed; a per-sample request uses ``seed + sample index`` so samples differ."""
    stop: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["stop"] = list(self.stop)
        return data


# The paper's settings: greedy decoding, and nucleus sampling with five samples at 0.2.
PRESETS: dict[str, Sampling] = {
    "greedy": Sampling(n=1, temperature=0.0, top_p=1.0),
    "nucleus": Sampling(n=5, temperature=0.2, top_p=0.95),
}


@dataclass(frozen=True)
class Request:
    """One prompt and how many completions it should get."""

    prompt: Prompt
    n: int = 1
    seed: int | None = None
    task_id: str = ""
    """The task the prompt is for: a backend that answers from records finds its answer by it."""
    method: str = ""
    """The method asked for ("" for the whole class)."""
    sample: int = 0
    """The index of the sample the first text is for; text ``i`` is for sample ``sample + i``."""


@dataclass(frozen=True)
class Completion:
    """The ``n`` texts a request produced, and what they cost."""

    texts: tuple[str, ...]
    prompt_tokens: int = 0
    completion_tokens: int = 0
    error: str = ""
    """Why the texts are empty when the backend could not run this one request (for example
    a prompt longer than the model's context); such a sample is scored as a failure."""
    codes: tuple[str | None, ...] = ()
    """The class already taken from each text by whoever made it (a replayed sample that
    carries its code); empty, or None for a text, means the class is extracted here."""


@dataclass
class Usage:
    """Tokens and requests counted over a run, for throughput figures."""

    requests: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    errors: list[str] = field(default_factory=list)

    def add(self, completion: Completion) -> None:
        self.requests += 1
        self.prompt_tokens += completion.prompt_tokens
        self.completion_tokens += completion.completion_tokens
        if completion.error:
            self.errors.append(completion.error)


class Backend(Protocol):
    """A source of completions."""

    name: BackendName
    model: str
    whole_samples: bool
    """True when every answer is a finished sample (a whole class, per sample) whatever the
    strategy, as with outputs made earlier: the run then asks for whole classes, and the strategy
    only labels the samples. False for a model, which is asked per the strategy."""

    def generate(
        self, requests: Sequence[Request], sampling: Sampling
    ) -> Iterator[tuple[int, Completion]]:
        """Yield ``(position in requests, completion)`` for every request, as each is ready."""
        ...

    def close(self) -> None:
        """Release the engine or connection."""
        ...
