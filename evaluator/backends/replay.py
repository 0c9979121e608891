"""The ``replay`` backend: answers read from outputs made earlier, instead of from a model.

The source is a ``samples.jsonl`` or ClassEval's model-output JSON (records with ``predict``).
Each of its samples is a finished class, whatever strategy made it, so the run asks this
backend for whole classes and the strategy only labels the samples. A sample that carries its
extracted code (a ``samples.jsonl`` line with ``code``) keeps it; any other is extracted again,
with this run's settings recorded in each line.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from classwright.evaluator.backends.base import BackendName, Completion, Request, Sampling
from classwright.evaluator.scoring.samples import Sample, load_samples
from classwright.schema.errors import InputError

if TYPE_CHECKING:
    from classwright.evaluator.backends.options import GenerationOptions


def backend(model: str, options: GenerationOptions) -> ReplayBackend:
    """The backend ``open_backend`` gives for ``replay``: ``model`` is the file to replay."""
    return ReplayBackend(model)


def identity(model: str) -> str:
    """The replayed file by its absolute path."""
    return str(Path(model).resolve())


class ReplayBackend:
    """Completions taken from a samples file or ClassEval's model-output file."""

    name = BackendName.replay
    whole_samples = True

    def __init__(self, source: str | Path) -> None:
        self.path = Path(source)
        if not self.path.is_file():
            raise InputError(source, "no such samples file to replay")
        self.model = identity(str(source))
        self.held: dict[str, dict[int, Sample]] = {}
        for sample in load_samples(self.path):
            self.held.setdefault(sample.task_id, {})[sample.index] = sample

    def generate(
        self, requests: Sequence[Request], sampling: Sampling
    ) -> Iterator[tuple[int, Completion]]:
        # Every request is checked before the first answer, so that a file which does not fit
        # the run is refused before anything is written.
        answers = [self._answer(request, sampling) for request in requests]
        yield from enumerate(answers)

    def _answer(self, request: Request, sampling: Sampling) -> Completion:
        held = self.held.get(request.task_id)
        if held is None:
            raise InputError(self.path, f"no sample of task {request.task_id!r} to replay")
        if len(held) > sampling.n:
            raise InputError(
                self.path,
                f"holds {len(held)} samples of task {request.task_id!r}, the run asks for "
                f"{sampling.n}; ask for all of them (--samples {len(held)})",
            )
        wanted = range(request.sample, request.sample + request.n)
        absent = [index for index in wanted if index not in held]
        if absent:
            raise InputError(
                self.path, f"no sample #{absent[0]} of task {request.task_id!r} to replay"
            )
        samples = [held[index] for index in wanted]
        return Completion(
            texts=tuple(sample.completion for sample in samples),
            codes=tuple(sample.code for sample in samples),
        )

    def close(self) -> None:
        self.held = {}
