"""Mutant batches: many mutants of one task judged in one sandboxed process.

Running each mutant as a sample of its own (a fresh process that imports the task again and
runs every test that reaches the mutant) costs far more than the tests that decide its fate.
A batch imports the solution and the tests once; each of its mutants is then judged in a forked
copy of that process, stopping at the first test that detects it (see ``mutation_inside``).

The copy gets the mutant in one of two ways. When the change lies inside a method's body and
none of its lines runs while the modules are imported, the batch compiles the mutated method
alone (in a class of the same name, at its own lines) and the copy swaps that code into the
live function. Otherwise (a parameter default, a decorator, code the tests run while they
import) the copy imports the mutant and the tests anew from its folder, as a fresh sample
would; so too when the method is not found alive or its free variables would change. A mutant
whose verdict does not come back (the batch died) is run on its own as a plain sample.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from classwright.authoring.adequacy.mutation import Mutant
from classwright.evaluator import sandbox
from classwright.evaluator.sandbox.modes import Verdicts
from classwright.evaluator.sandbox.outcome import Status
from classwright.schema import syntax

CASE = "ClasswrightMutantBatch"
"""The test class of a batch; ``<CASE>.test_<k>`` judges the batch's mutant ``k``."""
_DRIVER = Path(__file__).with_name("mutation_inside.py")
_MARKER = "classwright-mutant:"
MARGIN_SECONDS = 10.0
"""Time for forking and swapping on top of the mutant's own test time limits."""
WALL_FACTOR = 10
"""Inside a batch a test runs over its limit when its CPU time does, or, for a test that sleeps
or blocks, when its wall time passes this many limits: a busy machine stretches wall time, not
CPU time, so a mutant that fails is not taken for one that hangs because the machine was busy."""


class MutantStatus(StrEnum):
    """What became of a mutant: a test failed on it, it hung, or every test passed."""

    KILLED = "killed"
    SURVIVED = "survived"
    TIMEOUT = "timeout"


@dataclass(frozen=True)
class BatchVerdict:
    status: MutantStatus
    test: str
    """The test that detected the mutant ("" when it survived)."""


@dataclass(frozen=True)
class Entry:
    """One mutant of a batch with the tests it runs."""

    mutant: Mutant
    swap: bool
    """Whether the copy may swap the mutated method in (False: it imports everything anew)."""
    tests: tuple[str, ...]


@dataclass(frozen=True)
class MethodSpan:
    """Where a method of a top-level class lies, 1-based lines."""

    owner: str
    """The class."""
    name: str
    first: int
    """The first decorator's line, else the ``def`` line (the code's ``co_firstlineno``)."""
    body: int
    """The first line of the body."""
    last: int


def method_spans(source: str) -> list[MethodSpan]:
    """Every method of every top-level class of ``source``."""
    spans = []
    for node in syntax.parse(source).body:
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    first = min([item.lineno, *(d.lineno for d in item.decorator_list)])
                    last = item.end_lineno or item.lineno
                    spans.append(MethodSpan(node.name, item.name, first, item.body[0].lineno, last))
    return spans


def _span_of(mutant: Mutant, spans: Sequence[MethodSpan]) -> MethodSpan | None:
    """The method whose body holds the whole change, if any."""
    for span in spans:
        if (
            span.name == mutant.method
            and span.body <= mutant.range.line
            and mutant.range.end_line <= span.last
        ):
            return span
    return None


def batch_tests(
    source: str, tests: str, entries: Sequence[Entry], timeout: float, module: str = "solution"
) -> str:
    """The test module of one batch: the task's tests, then the driver and its test class."""
    # A lone carriage return counts as a line break for the compiler, not for the driver's
    # line arithmetic: such a source is always imported anew.
    spans = method_spans(source) if "\r" not in source else []
    mutants = []
    for entry in entries:
        begin, end = _offsets(source, entry.mutant)
        span = _span_of(entry.mutant, spans) if entry.swap else None
        mutants.append(
            {
                "begin": begin,
                "end": end,
                "replacement": entry.mutant.replacement,
                "swap": span is not None,
                "owner": span.owner if span else "",
                "method": span.name if span else "",
                "span": [span.first, span.last] if span else [],
                "tests": list(entry.tests),
            }
        )
    plan = {
        "module": module,
        "test_module": f"test_{module}",
        "source": source,
        "tests": tests,
        "timeout": timeout,
        "wall_factor": WALL_FACTOR,
        "load_timeout": sandbox.Limits().load_timeout,
        "mutants": mutants,
    }
    driver = _DRIVER.read_text(encoding="utf-8")
    return (
        f"{tests.rstrip()}\n\n\n"
        f"_classwright_mutation = {{'__name__': 'classwright_mutation'}}\n"
        f"exec(compile({driver!r}, 'classwright_mutation', 'exec'), _classwright_mutation)\n"
        f"{CASE} = _classwright_mutation['batch_case'](globals(), {json.dumps(plan)!r})\n"
    )


def _offsets(source: str, mutant: Mutant) -> tuple[int, int]:
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    span = mutant.range
    return starts[span.line - 1] + span.column - 1, starts[span.end_line - 1] + span.end_column - 1


def batch_job(
    source: str, tests: str, entries: Sequence[Entry], timeout: float
) -> sandbox.SuiteJob:
    """The sandbox job that judges ``entries``: test ``k`` of ``CASE`` is entry ``k``."""
    longest = max(len(e.tests) for e in entries)
    # The batch forks a copy of the task's own solution per mutant (mutation_inside).
    limits = sandbox.Limits(
        test_timeout=WALL_FACTOR * timeout * (longest + 1) + MARGIN_SECONDS, child_processes=True
    )
    ids = [f"{CASE}.test_{k}" for k in range(len(entries))]
    return sandbox.SuiteJob(
        source, batch_tests(source, tests, entries, timeout), ids, limits, verdicts=MUTANT_VERDICTS
    )


MUTANT_VERDICTS = Verdicts.IN_PROCESS
"""Mutants are the canonical solution changed by one operator: trusted code, so their tests run
in their own process, and a batch forks one copy of that process per mutant."""


def verdicts(run: sandbox.SuiteRun, count: int) -> list[BatchVerdict | None]:
    """The verdict on each entry of a batch; None where none came back."""
    found: list[BatchVerdict | None] = []
    for k in range(count):
        outcome = run.outcomes.get(f"{CASE}.test_{k}")
        verdict: BatchVerdict | None = None
        if outcome is not None and outcome.passed:
            verdict = BatchVerdict(MutantStatus.SURVIVED, "")
        elif outcome is not None and outcome.status is Status.FAILED:
            at = outcome.detail.rfind(_MARKER)
            if at >= 0:
                line = outcome.detail[at + len(_MARKER) :].strip().splitlines()[0]
                data = json.loads(line)
                status = data.get("status")
                if status in (MutantStatus.KILLED, MutantStatus.TIMEOUT):
                    verdict = BatchVerdict(MutantStatus(status), str(data.get("test", "")))
        found.append(verdict)
    return found
