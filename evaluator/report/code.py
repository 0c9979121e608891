"""The code behind a scored sample, for the report's side-by-side view.

``results.json`` stores verdicts, not code: a sample's code comes from the samples file the run
names (the code extracted at generation time, else extracted from the completion the same way
scoring does); a canonical run's code is the task's canonical solution. When neither can be found
the report says why instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from classwright.evaluator.report.loading import LoadedRun
from classwright.evaluator.report.runs import samples_by_key, samples_file_of
from classwright.evaluator.scoring.extraction import extract_code
from classwright.evaluator.scoring.samples import Sample


@dataclass(frozen=True)
class Code:
    """Source text, or the reason there is none (``text`` is None then)."""

    text: str | None
    note: str


class CandidateCode:
    """Finds the candidate code of a run's samples; reads its samples file once."""

    def __init__(self, run: LoadedRun, canonical: dict[str, str]) -> None:
        self.run = run
        self.canonical = canonical
        self.is_canonical = run.run.samples == "canonical"
        self._samples: dict[tuple[str, int], Sample] | None = None
        self._missing: str | None = None
        if not self.is_canonical:
            path = samples_file_of(run)
            if path is None:
                named = run.run.samples
                self._missing = f"samples file {named!r} not found" if named else "no samples file"
            else:
                self._samples = samples_by_key(run)
                if self._samples is None:
                    self._missing = f"samples file {path} cannot be read"

    def code(self, task_id: str, index: int) -> Code:
        if self.is_canonical:
            return canonical_code(self.canonical, task_id)
        if self._samples is None:
            return Code(None, f"code not shown: {self._missing}")
        sample = self._samples.get((task_id, index))
        if sample is None:
            return Code(None, f"code not shown: sample {task_id} #{index} not in the samples file")
        if sample.code is not None:
            return Code(sample.code, "code as extracted at generation")
        found = extract_code(sample.completion, self.run.facts[task_id].class_name)
        return Code(found.code, f"code extracted from the completion ({found.method})")


def canonical_code(canonical: dict[str, str], task_id: str) -> Code:
    text = canonical.get(task_id)
    if text is None:
        return Code(None, "canonical solution not found (give --tasks)")
    return Code(text, "canonical solution")
