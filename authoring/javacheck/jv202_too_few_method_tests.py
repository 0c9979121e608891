"""JV202: every task method is executed by at least five tests."""

from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.javacheck.context import MIN_TESTS_PER_METHOD, JavaCheckContext
from classwright.authoring.javacheck.rule import JavaRule
from classwright.authoring.lint.types import Finding


class TooFewMethodTests(JavaRule):
    """
    ## What it does
    Flags a task method that fewer than five tests execute. A test executes a method when
    JaCoCo records at least one instruction of the method's body (its lines in the canonical
    source, lambdas and local classes in it included) run during that test alone: coverage is
    collected and cleared at each test's start and end, so set-up shared by a class counts for
    no test.

    ## Why it matters
    The method -> test map is what JV201 and a reader's per-method figures rest on; a method
    with one or two tests is decided by a handful of inputs, and a sample right on those
    passes.

    ## Example
    `Warehouse.shippedCents()` is read by two tests only: a sample that returns the last
    shipment's value instead of the sum passes both.

    ## Use instead
    Write at least five tests that call the method, on distinct inputs and edge cases.
    """

    code = "JV202"
    name = "too-few-method-tests"
    MESSAGE = "tests executing {method}: {count}, at least {minimum} wanted{tests}"

    def check(self, ctx: JavaCheckContext) -> Iterable[Finding]:
        if ctx.missing_tool or not ctx.ran:
            return  # JV101 says why
        for method in ctx.methods:
            tests = ctx.method_tests[method.id]
            if len(tests) < MIN_TESTS_PER_METHOD:
                listed = f": {', '.join(tests)}" if tests else ""
                yield self.finding(
                    ctx,
                    method.id,
                    ctx.main_path(method.target),
                    method.line,
                    method=method.id,
                    count=len(tests),
                    minimum=MIN_TESTS_PER_METHOD,
                    tests=listed,
                )
