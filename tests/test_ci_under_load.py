"""benchmarks/ci_under_load.py: runs the suite beside busy processes and reports what pytest
counted, and leaves no busy process behind."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "benchmarks" / "ci_under_load.py"


def spinners() -> set[str]:
    listing = subprocess.run(["ps", "-eo", "pid,args"], capture_output=True, text=True).stdout
    return {
        line.split()[0] for line in listing.splitlines() if "while time.monotonic() < end" in line
    }


def test_one_run_reports_its_counts_and_its_failing_test(tmp_path: Path) -> None:
    tests = tmp_path / "test_pair.py"
    tests.write_text(
        "def test_holds():\n    assert True\n\ndef test_breaks():\n    assert 1 == 2\n"
    )
    before = spinners()
    done = subprocess.run(
        [
            sys.executable,
            "-P",
            str(SCRIPT),
            "--runs",
            "1",
            "--busy",
            "2",
            "--log",
            str(tmp_path / "log"),
            "--",
            str(tests),
            "-p",
            "no:cacheprovider",
            "--rootdir",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=REPO,
    )
    assert done.returncode == 1, done.stderr
    row = done.stdout.splitlines()[-1]
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[0:2] == ["1", "1"]
    assert cells[3:7] == ["1", "1", "0", "0"]
    assert cells[7].endswith("test_pair.py::test_breaks")
    assert "beside 2 busy processes" in done.stderr
    assert (tmp_path / "log" / "run-1.log").is_file()
    assert spinners() <= before
