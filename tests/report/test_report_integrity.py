"""The HTML report's integrity section: the flagged samples with their flags in a column, counts
per run and flag, and a filter by flag; a run whose samples raised none says so."""

from __future__ import annotations

import json
import re
from pathlib import Path

from results_documents import write_run
from typer.testing import CliRunner

from classwright.cli import app

FLAGGED = {("T00", 1): ["process-exit"], ("T01", 0): ["frame-walk", "untrusted-object"]}


def _flagged_run(path: Path) -> Path:
    write_run(path, {"T00": [[True], [False]], "T01": [[False], [True]]}, model="flagged-coder")
    document = json.loads(path.read_text())
    for (task_id, index), flags in FLAGGED.items():
        document["tasks"][task_id]["samples"][index]["flags"] = flags
    path.write_text(json.dumps(document))
    return path


def _report(tmp_path: Path, *runs: Path) -> str:
    out = tmp_path / "report.html"
    result = CliRunner().invoke(app, ["report", *map(str, runs), "--out", str(out)])
    assert result.exit_code == 0, result.output
    section = re.search(r'<section id="integrity">.*?</section>', out.read_text(), re.DOTALL)
    assert section is not None, "the report has no integrity section"
    return section.group(0)


def test_flagged_samples_have_a_column_and_a_filter(tmp_path: Path) -> None:
    clean = write_run(tmp_path / "clean.json", {"T00": [[True]]}, model="clean-coder")
    section = _report(tmp_path, _flagged_run(tmp_path / "flagged.json"), clean)
    rows = re.findall(r'<tr data-flags="([^"]*)">(.*?)</tr>', section)
    shown = {
        (re.findall(r"<td>(.*?)</td>", cells)[2], flags): cells for flags, cells in rows
    }  # fmt: skip
    assert set(shown) == {("#1", "process-exit"), ("#0", "frame-walk untrusted-object")}
    assert "<td>frame-walk, untrusted-object</td>" in shown[("#0", "frame-walk untrusted-object")]
    options = re.findall(r'<option value="([^"]*)">', section)
    assert options == ["", "frame-walk", "process-exit", "untrusted-object"]
    # Counts per run: the flagged run's two samples, the clean run's none.
    counts = re.findall(r"<tr><td>([^<]*)</td>((?:<td>\d+</td>)+)</tr>", section)
    assert [re.findall(r"\d+", cells) for _label, cells in counts] == [
        ["2", "1", "1", "1"],
        ["0", "0", "0", "0"],
    ]


def test_a_run_without_flags_says_so(tmp_path: Path) -> None:
    clean = write_run(tmp_path / "clean.json", {"T00": [[True], [False]]}, model="clean-coder")
    section = _report(tmp_path, clean)
    assert "No sample of any run raised an integrity flag." in section
    assert "<select" not in section
