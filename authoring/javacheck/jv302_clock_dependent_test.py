"""JV302: tests that read or bound the wall clock."""

from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.javacheck.context import JavaCheckContext
from classwright.authoring.javacheck.imported import imported_findings
from classwright.authoring.javacheck.rule import JavaRule
from classwright.authoring.lint.rule import Kind
from classwright.authoring.lint.types import Finding, Severity
from classwright.evaluator.java.javabench import JUNIT_PROPERTIES
from classwright.evaluator.java.javabench_findings import clock_findings
from classwright.schema.java_project import TEST_RESOURCES


class ClockDependentTest(JavaRule):
    """
    ## What it does
    Flags each test source line that reads or bounds the wall clock (`assertTimeout`,
    `assertTimeoutPreemptively`, `@Timeout`, `System.currentTimeMillis`, `System.nanoTime`,
    `Instant.now`, `Thread.sleep`), and, in a project imported from JavaBench, the timeout its
    build set for every test.

    ## Why it matters
    Its verdict on a correct sample depends on the machine's load: JavaBench's PA22 tests
    fail the canonical solution under load when Mockito's start-up eats their 2000 ms.

    ## Example
    `assertTimeoutPreemptively(Duration.ofMillis(200), () -> warehouse.ship(order));`

    ## Use instead
    Check the result, not the time; leave hung tests to the scorer's CPU limit.
    """

    code = "JV302"
    name = "clock-dependent-test"
    severity = Severity.WARNING
    kind = Kind.STATIC
    MESSAGE = "{test} depends on the wall clock: {detail}"

    def check(self, ctx: JavaCheckContext) -> Iterable[Finding]:
        for item in imported_findings(ctx.project):
            # The build's timeout for every test (the import wrote it to the project's
            # junit-platform.properties); the test lines are read from the sources below.
            if item["kind"] == "clock-dependent test" and item.get("test") == "(every test)":
                path = ctx.project.root / TEST_RESOURCES / JUNIT_PROPERTIES
                detail = f"{item['detail']}, from JavaBench's {item['where']}"
                yield self.finding(ctx, ctx.project.id, path, test="every test", detail=detail)
        for item in clock_findings(ctx.project):
            where, _, number = str(item["where"]).rpartition(":")
            yield self.finding(
                ctx,
                ctx.project.id,
                ctx.project.root / where,
                int(number),
                test=item["test"],
                detail=item["detail"],
            )
