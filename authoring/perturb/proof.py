"""The validity proof of a variant: what makes it a task as valid as the one it came from.

A variant is valid when

- it loads as a task folder (the record compiles from its files);
- its tests are the original's, one for one: as many test classes and tests (renamed where the
  names followed the task's, never fewer);
- ``classwright check``, every rule, finds nothing in it that it did not find in the original,
  with the original's suppressions carried over. That check runs the canonical solution against
  the variant's tests in the sandbox, the skeleton against them, the docstring examples, the
  determinism conditions, coverage and the mutation kill rate: a renamed test that no longer
  runs, a constant the tests do not follow, an example that no longer holds each leave a finding.

Findings are compared by rule, counted: a variant with two findings of a rule the original had
once has a new finding. Their places and messages are not compared (they quote lines and names
an operator changes on purpose).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from classwright.authoring.lint.types import Finding
from classwright.evaluator.sandbox import collect_test_ids


@dataclass(frozen=True)
class Proof:
    """Why a variant is not valid (empty: it is)."""

    problems: tuple[str, ...] = ()

    @property
    def valid(self) -> bool:
        return not self.problems


def new_findings(original: Iterable[Finding], variant: Iterable[Finding]) -> list[Finding]:
    """Findings of the variant beyond the original's, rule by rule (in the variant's order).

    Only the count per rule decides; which of a rule's findings are shown as the new ones is
    chosen by message: those whose message the original has (as many times) are matched first,
    so a finding repeated in a new place is shown rather than one both have."""
    original, variant = list(original), list(variant)
    left = Counter(finding.code for finding in original)
    messages = Counter((finding.code, finding.message) for finding in original)
    matched: set[int] = set()
    for index, finding in enumerate(variant):
        key = (finding.code, finding.message)
        if messages[key] > 0 and left[finding.code] > 0:
            messages[key] -= 1
            left[finding.code] -= 1
            matched.add(index)
    extra = []
    for index, finding in enumerate(variant):
        if index in matched:
            continue
        if left[finding.code] > 0:
            left[finding.code] -= 1
        else:
            extra.append(finding)
    return extra


def test_shape(tests_source: str) -> list[int]:
    """How many tests each test class holds, in source order: the shape renaming keeps."""
    return [len(methods) for methods in collect_test_ids(tests_source).values()]


def prove(
    original_tests: str,
    original_findings: Sequence[Finding],
    variant_tests: str,
    variant_findings: Sequence[Finding],
) -> Proof:
    """The proof of one variant from its check and the original's (both already run)."""
    problems = []
    before, after = test_shape(original_tests), test_shape(variant_tests)
    if before != after:
        problems.append(
            f"the tests changed shape: {sum(before)} tests in {len(before)} classes became "
            f"{sum(after)} in {len(after)}"
        )
    for finding in new_findings(original_findings, variant_findings):
        problems.append(f"new finding {finding.code} ({finding.name}): {finding.message}")
    return Proof(tuple(problems))
