"""Mutant batches: many mutants of one task judged in one sandboxed process.

Running each mutant as a sample of its own (a fresh process that imports the task again and
runs every test that reaches the mutant) costs far more than the tests that decide its fate.
A batch imports the solution and the tests once; each of its mutants is then judged in a forked
copy of that process, stopping at the first test that detects it (see ``mutation_inside``).

The copy gets the mutant in one of two ways. When the change lies inside one method and none of
its lines runs while the modules are imported, the mutated method's code is swapped into the
live class, which costs a compile. Otherwise (a parameter default, code that runs at import)
the copy imports the mutant and the tests anew from a fresh folder, as a fresh sample would.
A mutant whose verdict does not come back (the batch died, the method was not found alive) is
run on its own as a plain sample.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import CodeType

from classwright.authoring.mutation import Mutant, code_fingerprint
from classwright.evaluator import sandbox

CASE = "ClasswrightMutantBatch"
"""The test class of a batch; ``<CASE>.test_<k>`` judges the batch's mutant ``k``."""
_DRIVER = Path(__file__).with_name("mutation_inside.py")
_MARKER = "classwright-mutant:"
_CO_OPTIMIZED = 0x0001
"""Set on functions' code objects, never on a module's or a class body's."""
MARGIN_SECONDS = 10.0
"""Time for forking and swapping on top of the mutant's own test time limits."""


@dataclass(frozen=True)
class Swap:
    """Where a mutant's change lives in the compiled module."""

    path: tuple[int, ...]
    """Indexes into ``co_consts`` from the module's code down to the changed function's."""
    qualname: str
    line: int
    """First line of the function in the unmutated module (it tells a property's getter from
    its setter)."""


@dataclass(frozen=True)
class BatchVerdict:
    status: str
    """"survived", "killed" or "timeout"."""
    test: str
    """The first failing test ("" when the mutant survived)."""


def compile_module(source: str) -> CodeType:
    """``source`` compiled as the sandbox compiles it: without this module's ``__future__``
    flags, which would change the layout of the constants a ``Swap`` points into."""
    return compile(source, "solution.py", "exec", dont_inherit=True)


def _same(a: object, b: object) -> bool:
    if isinstance(a, CodeType) and isinstance(b, CodeType):
        return code_fingerprint(a) == code_fingerprint(b)
    return type(a) is type(b) and a == b


def _shape(code: CodeType) -> tuple[object, ...]:
    return (code.co_code, code.co_names, code.co_varnames, code.co_freevars, code.co_cellvars)


def find_swap(original: CodeType, mutated: CodeType, path: tuple[int, ...] = ()) -> Swap | None:
    """The one function whose code differs between the two compiled modules, or None when the
    difference lies elsewhere (a default value, a class attribute) or in more than one place."""
    if _shape(original) != _shape(mutated) or len(original.co_consts) != len(mutated.co_consts):
        return None
    changed = [
        i
        for i, (a, b) in enumerate(zip(original.co_consts, mutated.co_consts, strict=True))
        if not _same(a, b)
    ]
    if len(changed) != 1:
        return None
    index = changed[0]
    before, after = original.co_consts[index], mutated.co_consts[index]
    if not isinstance(before, CodeType) or not isinstance(after, CodeType):
        return None
    if not before.co_flags & _CO_OPTIMIZED:
        return find_swap(before, after, (*path, index))  # a class body: go in
    if before.co_freevars != after.co_freevars or before.co_name != after.co_name:
        return None
    return Swap((*path, index), before.co_qualname, before.co_firstlineno)


@dataclass(frozen=True)
class Entry:
    """One mutant of a batch with the tests it runs."""

    mutant: Mutant
    swap: Swap | None
    """None: the copy imports the mutant and the tests anew."""
    tests: tuple[str, ...]


def batch_tests(
    source: str, tests: str, entries: Sequence[Entry], timeout: float, module: str = "solution"
) -> str:
    """The test module of one batch: the task's tests, then the driver and its test class."""
    mutants = []
    for entry in entries:
        begin, end = _offsets(source, entry.mutant)
        mutants.append(
            {
                "begin": begin,
                "end": end,
                "replacement": entry.mutant.replacement,
                "path": list(entry.swap.path) if entry.swap else None,
                "qualname": entry.swap.qualname if entry.swap else "",
                "line": entry.swap.line if entry.swap else 0,
                "tests": list(entry.tests),
            }
        )
    plan = {
        "module": module,
        "test_module": f"test_{module}",
        "source": source,
        "tests": tests,
        "timeout": timeout,
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
    limits = sandbox.Limits(test_timeout=timeout * (longest + 1) + MARGIN_SECONDS)
    ids = [f"{CASE}.test_{k}" for k in range(len(entries))]
    return sandbox.SuiteJob(source, batch_tests(source, tests, entries, timeout), ids, limits)


def verdicts(run: sandbox.SuiteRun, count: int) -> list[BatchVerdict | None]:
    """The verdict on each entry of a batch; None where none came back."""
    found: list[BatchVerdict | None] = []
    for k in range(count):
        outcome = run.outcomes.get(f"{CASE}.test_{k}")
        verdict: BatchVerdict | None = None
        if outcome is not None and outcome.passed:
            verdict = BatchVerdict("survived", "")
        elif outcome is not None and outcome.status == "failed":
            at = outcome.detail.rfind(_MARKER)
            if at >= 0:
                line = outcome.detail[at + len(_MARKER) :].strip().splitlines()[0]
                data = json.loads(line)
                if data.get("status") in ("killed", "timeout"):
                    verdict = BatchVerdict(data["status"], str(data.get("test", "")))
        found.append(verdict)
    return found
