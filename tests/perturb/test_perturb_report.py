"""Paired scoring in ``classwright report``: runs on perturbed variants beside the runs on their
originals by the same model, the paired difference with its 95% interval, the tasks that moved.

The results files are hand-written (tests/results_documents.py) where the figures must be known
in advance; one test goes end to end (perturb, evaluate in the sandbox, report), and one opens
the report in headless Chromium and takes a screenshot of the section.
"""

from __future__ import annotations

import base64
import json
import re
import shutil
import struct
from collections.abc import Iterator
from pathlib import Path

import pytest
from devtools import Browser, chromium_path
from requirements_in_ci import skip_missing
from results_documents import write_run
from typer.testing import CliRunner

from classwright.authoring.lint.fixtures import write_fixture
from classwright.authoring.perturb.engine import Verdict, perturb_folders
from classwright.authoring.perturb.operators.rename import Rename
from classwright.authoring.perturb.record import RECORD_FILE, PerturbationRecord, Step, dump_record
from classwright.authoring.rules._examples import CLEAN_TASK
from classwright.authoring.taskdir import load_tasks
from classwright.cli import app
from classwright.evaluator.report.drilldown import task_anchor

TASKS = [f"T{n:02d}" for n in range(10)]
# Ten tasks, one sample each: the originals pass 9, the variants 3 (T00-T06 fell, T09 rose),
# so the paired difference is -60.0, its interval [-110.0, -10.0] excludes zero.
ORIGINAL = [True] * 9 + [False]
PERTURBED = [False] * 7 + [True] * 3


def _outcomes(passing: list[bool]) -> dict[str, list[list[bool]]]:
    return {task: [[ok]] for task, ok in zip(TASKS, passing, strict=True)}


def _run(path: Path, passing: list[bool], model: str, task_set: Path | None = None) -> Path:
    """A results file of the ten tasks by ``model``, run on ``task_set`` when given."""
    strategy = "canonical" if model == "canonical" else "holistic"
    write_run(path, _outcomes(passing), model=model, strategy=strategy)
    if task_set is not None:
        document = json.loads(path.read_text())
        document["run"]["tasks"] = str(task_set)
        path.write_text(json.dumps(document))
    return path


def _variant_set(folder: Path) -> Path:
    """A task set that holds a variant (a folder with a perturbation.toml), as perturb writes."""
    variant = write_fixture(CLEAN_TASK, folder / "Tally")
    step = Step("rename", True, "class Tally -> Count")
    record = PerturbationRecord("fixture", "tasks/Tally", "0" * 64, 1, ("rename",), (step,))
    (variant / RECORD_FILE).write_text(dump_record(record))
    return folder


def _report(*args: str) -> str:
    result = CliRunner().invoke(app, ["report", *args])
    assert result.exit_code == 0, result.output
    out = Path(args[args.index("--out") + 1])
    return out.read_text()


def _section(page: str) -> str:
    found = re.search(r'<section id="perturbation">.*?</section>', page, re.S)
    assert found, "no perturbation section"
    return found.group(0)


def _row_cells(section: str, model: str) -> list[str]:
    for row in re.findall(r"<tr>(.*?)</tr>", section, re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        if cells and cells[0] == model:
            return cells
    raise AssertionError(f"no row for {model}")


@pytest.fixture
def runs(tmp_path: Path) -> dict[str, Path]:
    variants = _variant_set(tmp_path / "variants")
    made = {
        "original": _run(tmp_path / "original.json", ORIGINAL, "coder"),
        "perturbed": _run(tmp_path / "perturbed.json", PERTURBED, "coder", variants),
        # Another model on the originals only: nothing to pair it with.
        "other": _run(tmp_path / "other.json", ORIGINAL, "other"),
    }
    return made


def test_a_run_on_variants_is_shown_beside_the_run_on_originals_by_the_same_model(
    runs: dict[str, Path], tmp_path: Path
) -> None:
    out = tmp_path / "report.html"
    page = _report(
        str(runs["other"]), str(runs["original"]), str(runs["perturbed"]), "--out", str(out)
    )
    section = _section(page)
    cells = _row_cells(section, "coder / holistic")
    assert cells[1] == "coder / holistic<br>coder / holistic #2"
    assert cells[2] == "10"  # tasks paired
    assert cells[3].startswith("90.0 <span")
    assert cells[4].startswith("30.0 <span")
    # Perturbed minus original, paired: seven tasks fell, one rose, over ten: -60.0, with the
    # t interval of the ten differences (t 2.262, standard error 22.1 points).
    assert cells[5] == '-60.0 <span class="ci">[-110.0, -10.0]</span> <b>differs</b>', cells[5]
    assert cells[7] == "7 down, 1 up"
    [moved] = re.findall(r'<p class="moved"><b>coder / holistic</b>: (.*?)</p>', section)
    down, up = moved.split('class="up"')
    assert re.findall(r'href="#task-(T\d\d)"', down) == [f"T0{n}" for n in range(7)]
    assert re.findall(r'href="#task-(T\d\d)"', up) == ["T09"]
    # The model with no run on variants has no row; its run is in the report as before.
    assert "other / holistic" not in section and "other / holistic" in page


def test_without_a_run_on_variants_there_is_no_section(
    runs: dict[str, Path], tmp_path: Path
) -> None:
    out = tmp_path / "report.html"
    page = _report(str(runs["original"]), str(runs["other"]), "--out", str(out))
    assert 'id="perturbation"' not in page
    assert 'id="differences"' in page  # the report itself is whole


def test_perturbed_names_a_run_whose_task_set_is_gone(
    runs: dict[str, Path], tmp_path: Path
) -> None:
    # The variants' folder removed since the run: --perturbed says which run was on them.
    shutil.rmtree(tmp_path / "variants")
    out = tmp_path / "report.html"
    page = _report(str(runs["original"]), str(runs["perturbed"]), "--out", str(out))
    assert 'id="perturbation"' not in page
    page = _report(
        str(runs["original"]),
        str(runs["perturbed"]),
        "--perturbed",
        str(runs["perturbed"]),
        "--out",
        str(out),
    )
    assert _row_cells(_section(page), "coder / holistic")[5].startswith("-60.0")


def test_perturbed_must_name_a_results_file_given(runs: dict[str, Path], tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        [
            "report",
            str(runs["original"]),
            "--perturbed",
            str(runs["other"]),
            "--out",
            str(tmp_path / "r.html"),
        ],
    )
    assert result.exit_code == 2
    assert "not among those given" in result.output
    assert "Traceback" not in result.output


def test_a_variant_set_without_its_original_run_says_so(
    runs: dict[str, Path], tmp_path: Path
) -> None:
    out = tmp_path / "report.html"
    page = _report(str(runs["other"]), str(runs["perturbed"]), "--out", str(out))
    assert "No run on the originals by the same model" in _section(page)


# --- end to end: perturb, evaluate in the sandbox, report -------------------------------------


def test_replayed_answers_collapse_on_renamed_variants_end_to_end(tmp_path: Path) -> None:
    # The replay control in small: the original's canonical solution, written for its names,
    # scored on the original (passes) and on a renamed variant (fails: its class is not there).
    originals = tmp_path / "tasks"
    write_fixture(CLEAN_TASK, originals / "Tally")
    variants = tmp_path / "variants"
    report = perturb_folders([originals / "Tally"], [Rename()], seed=1, out=variants)
    assert [t.verdict for t in report.tasks] == [Verdict.WRITTEN], report.tasks[0].problems
    [original] = load_tasks(originals)
    samples = tmp_path / "recall.jsonl"
    samples.write_text(
        json.dumps(
            {
                "task_id": original.task_id,
                "index": 0,
                "completion": original.solution_code,
                "code": original.solution_code,
                "model": "recall",
                "strategy": "holistic",
            }
        )
        + "\n"
    )
    results = {}
    for name, tasks in (("original", originals), ("perturbed", variants)):
        results[name] = tmp_path / f"{name}.json"
        done = CliRunner().invoke(
            app,
            [
                "evaluate",
                str(samples),
                "--tasks",
                str(tasks),
                "--out",
                str(results[name]),
                "--quiet",
            ],
        )
        assert done.exit_code in (0, 1), done.output
    page = _report(
        str(results["original"]), str(results["perturbed"]), "--out", str(tmp_path / "r.html")
    )
    cells = _row_cells(_section(page), "recall / holistic")
    assert cells[2] == "1"
    assert (cells[3], cells[4]) == ("100.0", "0.0")
    assert cells[5].startswith("-100.0 (1 tasks: no interval)")
    assert cells[7] == "1 down, 0 up"
    assert f'href="#{task_anchor(original.task_id)}"' in page.split('class="moved"')[1]


# --- in a browser -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    chromium = chromium_path()
    if chromium is None:
        skip_missing("chromium (scripts/setup.sh installs it)", "PATH")
    with Browser(chromium) as opened:
        yield opened


SECTION_FACTS = """JSON.stringify((function () {
  var section = document.getElementById('perturbation');
  var r = section.getBoundingClientRect();
  var chart = section.querySelector('svg[data-chart=perturbation]');
  var c = chart.getBoundingClientRect();
  var bars = Array.from(chart.querySelectorAll('rect.bar')).filter(function (b) {
    var q = b.getBoundingClientRect(); return q.width > 0 && q.height > 0; }).length;
  var errorBars = Array.from(chart.querySelectorAll('path.error-bar')).filter(function (b) {
    return b.getBoundingClientRect().height > 0; }).length;
  return {x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width,
          height: r.height, chart: {width: c.width, height: c.height}, bars: bars,
          errorBars: errorBars, tableWidth: section.querySelector('table').scrollWidth,
          rows: section.querySelectorAll('table.perturbation tbody tr').length};
})())"""


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_paired_section_renders_in_chromium(browser: Browser, tmp_path: Path) -> None:
    variants = _variant_set(tmp_path / "variants")
    files = [
        _run(tmp_path / "canonical.json", [True] * 10, "canonical"),
        _run(tmp_path / "canonical-variants.json", [True] * 10, "canonical", variants),
        _run(tmp_path / "original.json", ORIGINAL, "coder"),
        _run(tmp_path / "perturbed.json", PERTURBED, "coder", variants),
    ]
    out = tmp_path / "report.html"
    _report(*map(str, files), "--out", str(out))
    browser.open(out)
    assert browser.console_errors() == []
    facts = json.loads(browser.evaluate(SECTION_FACTS))
    assert facts["rows"] == 2
    assert facts["tableWidth"] <= facts["width"], facts  # no column cut off
    assert facts["chart"]["width"] > 300 and facts["chart"]["height"] > 200, facts
    # Two pairs x original and perturbed, every bar drawn; each has ten tasks, so an interval:
    # the coder's two bars carry error bars (the canonical ones are 100% with no spread).
    assert facts["bars"] == 4, facts
    assert facts["errorBars"] == 2, facts
    clip = {k: facts[k] for k in ("x", "y", "width", "height")} | {"scale": 1}
    shot = browser.call(
        "Page.captureScreenshot", format="png", clip=clip, captureBeyondViewport=True
    )["data"]
    png = base64.b64decode(shot)
    (tmp_path / "perturbation.png").write_bytes(png)
    width, height = _png_size(png)
    assert (width, height) == (round(facts["width"]), round(facts["height"])), (width, height)
    assert len(png) > 5_000  # a picture with text and bars, not a blank box
    # A moved task's link opens its drill-down.
    assert browser.evaluate("document.querySelectorAll('details.task[open]').length") == 0
    browser.evaluate(
        "document.querySelector('#perturbation .down a')"
        ".dispatchEvent(new MouseEvent('click', {bubbles: true})); 0"
    )
    opened = browser.evaluate(
        "new Promise(function (done) { setTimeout(function () { done("
        "Array.from(document.querySelectorAll('details.task[open]')).map(function (d) {"
        "return d.id; })); }, 200); })"
    )
    assert opened == ["task-T00"]
    assert browser.console_errors() == []
