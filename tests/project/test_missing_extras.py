"""A user without one of the distribution's extras who reaches what needs it gets one line naming
it: ``pip install 'classwright[<extra>]'``, for every extra of pyproject.toml (``dev`` is the
project's own, not a user's)."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from classwright.extras import EXTRA_OF_MODULE, missing_extra, missing_task_libraries

REPO = Path(__file__).resolve().parents[2]
TASK = REPO / "benchmark" / "tasks" / "WordSearch"
EXTRAS = set(
    tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["optional-dependencies"]
)


def _blocked(module: str, code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``code`` run by this interpreter with ``module`` unimportable, the way Python itself
    blocks an import (None in sys.modules); -P: the installed package, not the checkout's."""
    return subprocess.run(
        [sys.executable, "-P", "-c", f"import sys; sys.modules[{module!r}] = None; {code}"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd,
    )


def _command(args: list[str]) -> str:
    return f"sys.argv = ['classwright', *{args!r}]; from classwright.cli import main; main()"


# (extra, module made missing, the command that needs it: OUT and IN are files of the test's own)
COMMANDS = [
    ("serve", "starlette", ["serve", "--tasks", str(TASK), "--port", "0"]),
    ("serve", "uvicorn", ["serve", "--tasks", str(TASK), "--port", "0"]),
    ("ray", "ray", ["evaluate", "--canonical", "--tasks", str(TASK), "--executor", "ray"]),
    ("parquet", "pyarrow", ["export", str(TASK), "--format", "hf", "--out", "OUT"]),
    ("parquet", "pyarrow", ["import", "classeval", "IN", "--out", "OUT"]),
    (
        "vllm",
        "vllm",
        [
            "generate",
            "--backend",
            "vllm",
            "--model",
            "org/model",
            "--tasks",
            str(TASK),
            "--out",
            "OUT",
        ],
    ),
]


@pytest.mark.parametrize(("extra", "module", "command"), COMMANDS)
def test_a_command_whose_extra_is_missing_says_which_extra_in_one_line(
    extra: str, module: str, command: list[str], tmp_path: Path
) -> None:
    (tmp_path / "rows.parquet").write_bytes(b"PAR1")
    given = {"OUT": str(tmp_path / "out.parquet"), "IN": str(tmp_path / "rows.parquet")}
    done = _blocked(module, _command([given.get(a, a) for a in command]), tmp_path)
    assert done.returncode != 0, done.stdout
    assert "Traceback" not in done.stderr
    line = done.stderr.strip().splitlines()[-1]
    assert line.startswith("error: ") and f"pip install 'classwright[{extra}]'" in line


def test_the_inspect_plugin_without_inspect_says_which_extra() -> None:
    done = _blocked("inspect_ai", "import classwright.inspect", REPO.parent)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines()[-1] == (
        "ModuleNotFoundError: this needs the 'inspect' extra, which is not installed "
        "(no module named 'inspect_ai'): pip install 'classwright[inspect]'"
    )
    # Positive control: with inspect_ai there, the plug-in imports.
    assert _blocked("no_such_module", "import classwright.inspect", REPO.parent).returncode == 0


def test_samples_that_cannot_import_a_tasks_library_name_the_tasks_extra(tmp_path: Path) -> None:
    # The sample (its code as given, not extracted) raises what an interpreter without numpy
    # raises at `import numpy`; the second sample is the task's own solution.
    solution = (TASK / "solution.py").read_text()
    missing = "raise ModuleNotFoundError(\"No module named 'numpy'\", name='numpy')\n"
    samples = tmp_path / "samples.jsonl"
    rows = [
        {"task_id": "classwright_51", "index": 0, "completion": "", "code": missing + solution},
        {"task_id": "classwright_51", "index": 1, "completion": "", "code": solution},
    ]
    samples.write_text("".join(json.dumps(r) + "\n" for r in rows))
    command = ["evaluate", str(samples), "--tasks", str(TASK), "--out", "results.json"]
    done = _blocked("no_such_module", _command([*command, "--jobs", "1", "--quiet"]), tmp_path)
    assert done.returncode == 0, done.stderr
    warnings = [line for line in done.stdout.splitlines() if "classwright[tasks]" in line]
    assert warnings == [
        "warning: samples could not import numpy, which the 'tasks' extra installs into the "
        "interpreter the sandbox runs them with: pip install 'classwright[tasks]'"
    ]
    assert missing_task_libraries(["ModuleNotFoundError: No module named 'numpy_other'"]) is None


def test_every_extra_a_user_installs_is_named_by_a_door_tested_here() -> None:
    tested = {extra for extra, _, _ in COMMANDS} | {"inspect", "tasks"}
    assert tested == EXTRAS - {"dev"}
    assert set(EXTRA_OF_MODULE.values()) == EXTRAS - {"dev"}


def test_a_missing_module_no_extra_brings_stays_an_internal_error() -> None:
    assert missing_extra(ModuleNotFoundError("No module named 'x'", name="x")) is None
    assert "classwright[serve]" in (
        missing_extra(ModuleNotFoundError("", name="uvicorn.config")) or ""
    )
