"""Which verdicts are draws of chance: never cached, never shared between identical samples.

A verdict may be kept (the verdict cache) and given to another sample of the same code (joined
samples, the service's joined requests) only when running the same code again would give it
again. That fails when something in the run draws at random: a task whose tests draw their
inputs, a task whose contract asks for randomness (a shuffled deck, a random move), or a class
that draws on its own. Each run of such a sample is a new draw; keeping the first would make a
lucky draw permanent (a class right half the time passed every cached re-send once it had been
lucky), and sharing one draw among identical copies turns pass@k for k > 1 into 0 or 1.

The rule is read from the code, before anything runs, and is cheap: a verdict is a draw of chance
when the task's tests, its canonical solution (with its imports) or the module under test name a
source of random draws (`SOURCES`) as code (a global, an attribute or an import of a compiled code
object: not in strings or comments). Seeding is not taken
as a way out: in two-process verdicts the class runs in its own process, out of reach of a seed
the tests set, and a seeded draw of the tests themselves costs only a cache miss. A class that
hides its draws (a name built at run time) is not caught: its verdicts are kept as any other's.
A repeat of the canonical solution would not find these tasks either: a correct solution passes
every draw.
"""

from __future__ import annotations

import functools
import types
import warnings
from typing import TYPE_CHECKING

from classwright.schema.records import TaskRecord

if TYPE_CHECKING:
    # jobs asks this module whether a verdict is a draw: the job's type is named only.
    from classwright.evaluator.scoring.jobs import Job

SOURCES = frozenset({"random", "secrets", "uuid", "urandom", "getrandom", "SystemRandom"})
"""Names through which Python code draws at random: the modules (``numpy.random`` included, as
an attribute), and the functions of ``os`` that read the kernel's random source."""


def names_a_source_of_chance(source: str) -> bool:
    """Whether ``source`` names one of `SOURCES` as code: a global, an attribute or an imported
    name of some code object of it, not a string or a comment. Most texts hold none of the words
    at all and are answered by a substring search; the others are compiled (never run), which
    takes time linear in their length. A text that does not compile is never run: no draw."""
    if not any(word in source for word in SOURCES):
        return False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            code = compile(source, "<module>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return False
    except (RecursionError, MemoryError):
        return True  # too deep to read here, yet it might run: taken as a draw
    return _names_in(code)


def _names_in(code: types.CodeType) -> bool:
    pending = [code]
    while pending:
        current = pending.pop()
        if SOURCES.intersection(current.co_names):
            return True
        pending += [c for c in current.co_consts if isinstance(c, types.CodeType)]
    return False


@functools.lru_cache(maxsize=1024)
def _task_text_draws(source: str) -> bool:
    """`names_a_source_of_chance` of a task's text, which every sample of the task asks about
    (a candidate's text is read each time: it is rarely met twice, and may be large)."""
    return names_a_source_of_chance(source)


def task_draws(record: TaskRecord, test_source: str) -> bool:
    """The task's tests or its canonical solution (with the task's imports) draw at random:
    every sample of it is scored as a draw of its own."""
    canonical = "\n".join(record.import_statement) + "\n" + record.solution_code
    return _task_text_draws(test_source) or _task_text_draws(canonical)


def of_chance(job: Job) -> bool:
    """The verdict of ``job`` is a draw of chance: its task draws at random, or the module under
    test names a source of random draws. Such a verdict is neither cached nor shared."""
    return task_draws(job.record, job.test_source) or names_a_source_of_chance(job.candidate)


__all__ = ["SOURCES", "names_a_source_of_chance", "of_chance", "task_draws"]
