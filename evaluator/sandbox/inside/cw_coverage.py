"""coverage.py's view of the candidate file after a suite, as plain data for the parent."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import TypedDict

    import coverage

    class CoverageReport(TypedDict, total=False):
        """What `report` sends: the numbers, or (alone) why there are none."""

        error: str
        statements: list[int]
        missing_lines: list[int]
        branches: int
        covered_branches: int
        missing_branch_arcs: list[list[int]]
        executed_by_context: dict[str, list[int]]


def report(cov: coverage.Coverage, path: str) -> CoverageReport:
    try:
        analysis = cov._analyze(path)
    except Exception as exc:  # the candidate was never imported, or coverage could not parse it
        return {"error": f"{type(exc).__name__}: {exc}"}
    numbers = analysis.numbers
    missing_arcs = sorted(
        (start, end) for start, ends in analysis.missing_branch_arcs().items() for end in ends
    )
    by_context: dict[str, list[int]] = {}
    data = cov.get_data()
    for line, contexts in (data.contexts_by_lineno(path) or {}).items():
        for context in contexts:
            by_context.setdefault(context, []).append(line)
    return {
        "statements": sorted(analysis.statements),
        "missing_lines": sorted(analysis.missing),
        "branches": numbers.n_branches,
        "covered_branches": numbers.n_branches - numbers.n_missing_branches,
        "missing_branch_arcs": [list(arc) for arc in missing_arcs],
        "executed_by_context": {k: sorted(v) for k, v in by_context.items()},
    }


def start(path: str) -> coverage.Coverage:
    import coverage

    cov = coverage.Coverage(data_file=None, branch=True, config_file=False, include=[path])
    cov.start()
    cov.switch_context("(import)")
    return cov
