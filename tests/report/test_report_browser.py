"""The report in a real browser: headless Chromium opens it with no console error, the charts
have a size, and a heatmap link opens the task's drill-down."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from devtools import Browser, chromium_path, measure
from report_runs import canonical_run, samples_run
from requirements_in_ci import skip_missing
from results_documents import write_run
from typer.testing import CliRunner

from classwright.cli import app
from classwright.evaluator.java.samples import SampleRecord, write_records


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
    # Neither run has the five tasks an interval needs (one task, two): no error bar to draw.
    assert sizes["errorBars"] == 0
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


HEATMAP_FACTS = """JSON.stringify((function () {
  function box(e) { var r = e.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,
            width: r.width, height: r.height}; }
  var scroll = document.querySelector('.heatmap-scroll');
  var head = scroll.querySelector('svg.heatmap-head');
  var map = scroll.querySelector('svg[data-chart=heatmap]');
  var cells = Array.from(map.querySelectorAll('rect.cell')).map(box);
  function labels(selector) {
    return Array.from(scroll.querySelectorAll(selector)).map(function (t) {
      return {box: box(t), text: t.lastChild.textContent,
              full: t.querySelector('title').textContent}; }); }
  return {
    head: box(head), map: box(map), mapWidth: map.width.baseVal.value,
    scroll: {clientHeight: scroll.clientHeight, scrollHeight: scroll.scrollHeight,
             clientWidth: scroll.clientWidth, scrollWidth: scroll.scrollWidth},
    cells: {count: cells.length,
            minWidth: Math.min.apply(null, cells.map(function (c) { return c.width; })),
            minHeight: Math.min.apply(null, cells.map(function (c) { return c.height; }))},
    columns: labels('text.column-label'), rows: labels('text.row-label')
  };
})())"""
"""Measures the heatmap as drawn: its boxes, its cells and every label's box and text."""


def _inside(inner: dict, outer: dict) -> bool:
    return (
        inner["left"] >= outer["left"] - 0.5
        and inner["right"] <= outer["right"] + 0.5
        and inner["top"] >= outer["top"] - 0.5
        and inner["bottom"] <= outer["bottom"] + 0.5
    )


def test_a_heatmap_of_100_tasks_and_10_runs_is_readable(browser: Browser, tmp_path: Path) -> None:
    # Wide letters too: the room for a label must hold any name, not an average one.
    names = ["ParkingGarage", "InventoryLedgerWithLongName", "Tally", "WWWWMMMMWWWWMMMMWWWW"]
    task_ids = [f"classeval_{n:03d}_{names[n % len(names)]}" for n in range(100)]
    runs = []
    for run in range(10):
        tasks = {t: [[(n + run) % 3 != 0], [(n * run) % 4 != 1]] for n, t in enumerate(task_ids)}
        model = f"/models/qwen2.5-coder-7b-instruct-run{run}"
        path = tmp_path / f"run{run}.json"
        runs.append(str(write_run(path, tasks, model=model, strategy="holistic")))
    out = tmp_path / "heatmap.html"
    result = CliRunner().invoke(app, ["report", *runs, "--out", str(out)])
    assert result.exit_code == 0, result.output
    browser.open(out)
    browser.evaluate("document.getElementById('heatmap').scrollIntoView(); 0")
    browser.screenshot(tmp_path / "heatmap.png")
    facts = browser.evaluate(HEATMAP_FACTS)
    facts = json.loads(facts)
    # Every cell is drawn, large enough to see and to point at.
    assert facts["cells"]["count"] == 100 * 10
    assert facts["cells"]["minWidth"] >= 18 and facts["cells"]["minHeight"] >= 18
    # Drawn at its own size, not shrunk to the page: the box around it scrolls instead.
    assert facts["map"]["width"] == pytest.approx(facts["mapWidth"], abs=0.5)
    assert facts["scroll"]["scrollHeight"] > facts["scroll"]["clientHeight"]
    # Every run label whole and inside the header, the last column's too.
    assert len(facts["columns"]) == 10
    for label in facts["columns"]:
        assert label["text"] == label["full"]
        assert label["text"].endswith(" / holistic")
        assert _inside(label["box"], facts["head"]), label
    # Every task name whole and inside the map, the last row's too.
    assert [label["text"] for label in facts["rows"]] == task_ids
    for label in facts["rows"]:
        assert _inside(label["box"], facts["map"]), label
    assert browser.console_errors() == []


def test_the_label_check_sees_a_clipped_label(browser: Browser, tmp_path: Path) -> None:
    # Positive control: a label drawn past its SVG's edge is found outside it.
    page = tmp_path / "clipped.html"
    page.write_text(
        '<!DOCTYPE html><html><body><svg id="s" width="100" height="40">'
        '<text id="t" x="60" y="20" font-size="11">a label far too long to fit</text>'
        "</svg></body></html>"
    )
    browser.open(page)
    boxes = json.loads(
        browser.evaluate(
            "JSON.stringify(['s', 't'].map(function (id) {"
            " var r = document.getElementById(id).getBoundingClientRect();"
            " return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; }))"
        )
    )
    assert not _inside(boxes[1], boxes[0])


def _java_records(path: Path) -> Path:
    """Java results of one project: two class tasks and a test configuration, both families,
    and their null classes (Item's passes every test: no discriminating test)."""

    def record(
        family: str, granularity: str, unit: str, k: int, passed: int, total: int
    ) -> SampleRecord:
        return SampleRecord(family, granularity, unit, k, True, False, "tested", passed, total)

    records = []
    for family in ("javabench", "classwright"):
        for k, passed in enumerate((71, 60, 71)):
            records.append(record(family, "class", "PA19/Stock.java", k, passed, 71))
        records += [record(family, "class", "PA19/Item.java", k, 71, 71) for k in range(3)]
        records += [record(family, "test", "PA19/StockTest", k, 25, 25) for k in range(3)]
    records += [
        record("null", "class", "PA19/Stock.java", 0, 29, 71),
        record("null", "class", "PA19/Item.java", 0, 71, 71),
        record("null", "test", "PA19/StockTest", 0, 0, 25),
    ]
    write_records(records, path)
    return path


def test_a_java_report_shows_both_families_and_the_null_floors(
    browser: Browser, tmp_path: Path
) -> None:
    java = _java_records(tmp_path / "java-run.jsonl")
    out = tmp_path / "java.html"
    python_run = str(canonical_run(tmp_path))
    result = CliRunner().invoke(app, ["report", python_run, str(java), "--out", str(out)])
    assert result.exit_code == 0, result.output
    browser.open(out)
    assert browser.console_errors() == []
    facts = json.loads(
        browser.evaluate(
            "JSON.stringify(['java-javabench', 'java-classwright', 'java-floors'].map("
            "function (id) { var s = document.getElementById(id);"
            " var r = s.getBoundingClientRect();"
            " return {id: id, height: r.height, width: r.width,"
            " rows: s.querySelectorAll('tbody tr').length}; }))"
        )
    )
    by_id = {f["id"]: f for f in facts}
    assert all(f["height"] > 40 and f["width"] > 300 for f in facts), facts
    # One javabench row, class- and test-wise classwright rows, three units' floors.
    shown = ("java-javabench", "java-classwright", "java-floors")
    assert [by_id[i]["rows"] for i in shown] == [1, 2, 3]
    # The Python run's sections are still there, before the Java ones.
    assert browser.evaluate("document.getElementById('pass-at-k') !== null") is True
    browser.evaluate("document.getElementById('java-floors').scrollIntoView(); 0")
    browser.screenshot(tmp_path / "java.png")
    assert (tmp_path / "java.png").stat().st_size > 10_000
