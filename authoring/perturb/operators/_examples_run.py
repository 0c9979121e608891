"""Running candidate docstring examples against the canonical solution, in the sandbox.

Each candidate is a list of example sources (one docstring's ``>>>`` examples, in order). It
runs as doctest runs it (fresh globals from the solution module, one example after another),
twice, in the sandbox's in-process mode: the canonical solution is trusted code, and doctest
compares what the class's own objects print (as ``classwright check``'s example rule runs
them). What each example printed, or the exception it raised, comes back on the failure
message's first line.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from classwright.evaluator.sandbox import Limits, Verdicts, run_suite

MARKER = "classwright-perturb-examples:"
MESSAGE_CHARS = 900
"""Of the sandbox's 1000 characters of a failure's first line, what the outputs may take."""
SECONDS = 5.0

_TESTS = """
import doctest
import json
import unittest

import solution as _solution


class _Capture(doctest.DocTestRunner):
    def __init__(self):
        super().__init__(verbose=False)
        self.outputs = []

    def report_start(self, out, test, example):
        pass

    def report_success(self, out, test, example, got):
        self.outputs.append(["printed", got])

    def report_failure(self, out, test, example, got):
        self.outputs.append(["printed", got])

    def report_unexpected_exception(self, out, test, example, exc_info):
        self.outputs.append(["raised", exc_info[0].__name__])


def _run(sources):
    examples = [doctest.Example(source, "") for source in sources]
    test = doctest.DocTest(examples, dict(vars(_solution)), "candidate", None, 0, None)
    runner = _Capture()
    runner.run(test, out=lambda text: None, clear_globs=True)
    return runner.outputs


class Candidates(unittest.TestCase):
{tests}
"""

_TEST = """
    def test_{index}(self):
        sources = json.loads({sources!r})
        first = _run(sources)
        second = _run(sources)
        self.fail({marker!r} + json.dumps({{"outputs": first, "stable": first == second}}))
"""


@dataclass(frozen=True)
class Output:
    raised: bool
    text: str
    """What the example printed (doctest's ``got``), or the exception's class name."""


def run_candidates(solution: str, candidates: Sequence[Sequence[str]]) -> list[list[Output] | None]:
    """For each candidate, the outputs of its examples; None when they could not be read or
    differ between two runs (a random draw, an address)."""
    if not candidates:
        return []
    body = "".join(
        _TEST.format(index=i, sources=json.dumps(list(c)), marker=MARKER)
        for i, c in enumerate(candidates)
    )
    ids = [f"Candidates.test_{i}" for i in range(len(candidates))]
    run = run_suite(
        solution,
        _TESTS.format(tests=body),
        ids,
        limits=Limits(test_timeout=SECONDS),
        verdicts=Verdicts.IN_PROCESS,
    )
    results: list[list[Output] | None] = []
    for test_id in ids:
        outcome = run.outcomes[test_id]
        message = outcome.message
        if not message.startswith(MARKER) or len(message) > MESSAGE_CHARS + len(MARKER):
            results.append(None)
            continue
        try:
            data = json.loads(message[len(MARKER) :])
        except ValueError:
            results.append(None)  # cut short: the outputs were too long
            continue
        if not data["stable"]:
            results.append(None)
            continue
        results.append([Output(kind == "raised", text) for kind, text in data["outputs"]])
    return results
