"""``classwright perturb`` through the real CLI: bad input is one line and exit 2; a run writes
proven variants, its report, and says what it did; the docs name every operator."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from classwright.authoring.perturb.record import read_record
from classwright.authoring.perturb.registry import all_operators
from classwright.cli import app

REPO = Path(__file__).resolve().parents[2]
runner = CliRunner()


def _perturb(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["perturb", *args])
    return result.exit_code, result.stdout, result.stderr


def test_an_unknown_operator_is_one_line_naming_the_closest(tmp_path: Path) -> None:
    code, _, err = _perturb(
        str(REPO / "benchmark" / "tasks"), "--ops", "renam", "--out", str(tmp_path)
    )
    assert code == 2
    assert err.strip().splitlines() == [
        "error: --ops: no operator is named 'renam'; did you mean rename? (operators: "
        + ", ".join(o.name for o in all_operators())
        + ")"
    ]


def test_out_inside_the_tasks_is_refused(tmp_path: Path) -> None:
    tasks = tmp_path / "tasks"
    shutil.copytree(REPO / "benchmark" / "tasks" / "KanbanBoard", tasks / "KanbanBoard")
    code, _, err = _perturb(str(tasks), "--ops", "rename", "--out", str(tasks / "variants"))
    assert code == 2
    assert "--out must lie outside the tasks it perturbs" in err
    assert not (tasks / "variants").exists()


def test_missing_options_are_one_line() -> None:
    code, _, err = _perturb(str(REPO / "benchmark" / "tasks"))
    assert code == 2
    assert err.strip() == "error: perturb: give task folders, --ops and --out (or --list-ops)"


def test_list_ops_names_every_operator() -> None:
    code, out, _ = _perturb("--list-ops")
    assert code == 0
    for operator in all_operators():
        assert f"{operator.name}: " in out


def test_a_run_writes_proven_variants_and_its_report(tmp_path: Path) -> None:
    source = REPO / "benchmark" / "tasks" / "KanbanBoard"
    report = tmp_path / "report.json"
    code, out, _ = _perturb(
        str(source),
        "--ops",
        "shuffle-methods,rename",
        "--seed",
        "4",
        "--out",
        str(tmp_path / "out"),
        "--report",
        str(report),
        "--quiet",
    )
    assert code == 0, out
    assert "1 variants written to" in out
    record = read_record(tmp_path / "out" / "KanbanBoard")
    assert record is not None
    # Named in any order, applied in the registry's: names first.
    assert [a["operator"] for a in record["applied"]] == ["rename", "shuffle-methods"]
    data = json.loads(report.read_text())
    assert data["counts"]["written"] == 1
    assert data["applications"] == {
        "rename": {"applied": 1, "written": 1},
        "shuffle-methods": {"applied": 1, "written": 1},
    }


def test_the_docs_name_every_operator() -> None:
    text = (REPO / "docs" / "perturb.md").read_text()
    for operator in all_operators():
        assert f"| `{operator.name}` |" in text
    assert "[docs/perturb.md](docs/perturb.md)" in (REPO / "README.md").read_text()
