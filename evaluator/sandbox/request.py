"""The one request through the sandbox: `SuiteJob`, and the messages that carry it inside.

`run_suite`'s keywords build a `SuiteJob`; `run_suites` takes them as they are. The runner fills
in what only it knows (the libraries the zygote imports before it forks, the test ids without
repeats), and the worker sends what `zygote_message` and `judge_message` make of it: the only
place a request's wire form is written, typed by `inside/cw_wire.py`'s messages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from classwright.evaluator.sandbox.inside import cw_wire
from classwright.evaluator.sandbox.isolation import DEFAULT_HASH_SEED
from classwright.evaluator.sandbox.limits import Limits
from classwright.evaluator.sandbox.modes import Isolation, Verdicts
from classwright.evaluator.sandbox.policy import SuitePolicy


@dataclass(frozen=True)
class SuiteJob:
    """One suite to run in the sandbox: what `run_suite`'s keywords build and `run_suites` takes."""

    candidate_source: str
    test_source: str
    test_ids: Sequence[str]
    limits: Limits = field(default_factory=Limits)
    module_name: str = "solution"
    measure_coverage: bool = False
    fake_time: str | None = None
    drop_root: bool = True
    shuffle_seed: int | None = None
    network: bool = False
    python: str | None = None
    isolation: Isolation | None = None
    exports: Sequence[str] = ()
    """The names `from solution import *` brings into the tests (the task's own names; an
    imported one as "np=numpy" or "datetime=datetime:datetime", which the judge imports itself);
    empty: the candidate's public names that shadow no builtin and no standard module."""
    measure_waiting: bool = False
    """Record in each outcome how long the sample waited for a CPU (costs a walk of /proc per
    test event, so only for timing runs such as the canonical solution's)."""
    policy: SuitePolicy = field(default_factory=SuitePolicy)
    """How the suite is run (where it ends): `SuitePolicy`, as the scoring settings carry it."""
    hash_seed: int = DEFAULT_HASH_SEED
    """PYTHONHASHSEED of every process of the sample (0 to 2**32 - 1): string hashes, and so
    the order of sets of strings, are the same in every run with the same seed. Scoring keeps
    the default; `classwright check` runs a suite under another seed to find tests that lean
    on one order."""
    verdicts: Verdicts = field(kw_only=True)
    """No default: canonical solutions are checked in the mode samples are scored in, and only
    trusted code (mutants, docstring examples) may run in-process."""

    @property
    def test_module_name(self) -> str:
        return "test_" + self.module_name

    def zygote_message(
        self, token: str, order: Sequence[str], preload: Sequence[str]
    ) -> cw_wire.RunRequest:
        """The request as the zygote receives it, for the tests `order`, with the libraries it
        imports before it forks (`preload`). Under two-process verdicts it holds no test module:
        the tests go to the judge alone (`judge_message`)."""
        pair = self.verdicts == Verdicts.TWO_PROCESS
        message: cw_wire.RunRequest = {
            "op": "pair" if pair else "run",
            "token": token,
            "candidate": self.candidate_source,
            "order": list(order),
            "module_name": self.module_name,
            "test_module_name": self.test_module_name,
            "rlimits": self.limits.rlimits(),
            "coverage": self.measure_coverage,
            "preload": list(preload),
            "forbid_processes": not self.limits.child_processes,
        }
        if not pair:
            message["tests"] = self.test_source
            message["exports"] = list(self.exports)
        return message

    def judge_message(self, order: Sequence[str]) -> cw_wire.JudgeTests:
        """What the parent sends the judge of a two-process sample: the tests and their order."""
        return {"tests": self.test_source, "order": list(order), "exports": list(self.exports)}
