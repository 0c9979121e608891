"""The report in a real browser: headless Chromium opens it with no console error, the charts
have a size, and a heatmap link opens the task's drill-down."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from devtools import Browser, chromium_path, measure
from report_runs import canonical_run, samples_run
from requirements_in_ci import skip_missing
from typer.testing import CliRunner

from classwright.cli import app


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    chromium = chromium_path()
    if chromium is None:
        skip_missing("chromium (scripts/setup.sh installs it)", "PATH")
    with Browser(chromium) as opened:
        yield opened


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("report")
    out = folder / "report.html"
    runs = [str(canonical_run(folder)), str(samples_run(folder))]
    result = CliRunner().invoke(app, ["report", *runs, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def test_report_opens_without_console_errors_and_its_charts_draw(
    browser: Browser, report: Path
) -> None:
    browser.open(report)
    assert browser.console_errors() == []
    sizes = measure(browser)
    charts = {chart["name"]: chart for chart in sizes["charts"]}
    assert set(charts) == {"pass-at-1", "errors", "heatmap"}
    assert all(c["width"] > 100 and c["height"] > 50 for c in charts.values()), charts
    # Two runs x class and method pass@1, one bar per error type; every one drawn with a size.
    assert sizes["bars"] == 4 + 2
    assert sizes["errorBars"] == 1 * 2  # the canonical run has one task: no interval to draw
    assert sizes["cells"] == 2 * 2  # two tasks x two runs
    browser.screenshot(report.with_suffix(".png"))
    assert report.with_suffix(".png").stat().st_size > 10_000


def test_a_heatmap_link_opens_the_task(browser: Browser, report: Path) -> None:
    browser.open(report)
    assert browser.evaluate("document.querySelectorAll('details.task[open]').length") == 0
    browser.evaluate(
        "document.querySelector('svg[data-chart=heatmap] a')"
        ".dispatchEvent(new MouseEvent('click', {bubbles: true})); 0"
    )
    opened = browser.evaluate(
        "new Promise(function (done) { setTimeout(function () { done("
        "Array.from(document.querySelectorAll('details.task[open]')).map(function (d) {"
        "return d.id; })); }, 200); })"
    )
    assert opened == ["task-classwright_01"]
    assert browser.console_errors() == []


def test_the_console_check_sees_a_broken_script(browser: Browser, tmp_path: Path) -> None:
    # Positive control: a page whose script fails is caught, so a clean report means clean.
    page = tmp_path / "broken.html"
    page.write_text(
        "<!DOCTYPE html><html><body><script>undefinedFunction();</script></body></html>"
    )
    browser.open(page)
    errors = browser.console_errors()
    assert len(errors) == 1 and "undefinedFunction" in errors[0]
