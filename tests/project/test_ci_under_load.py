"""benchmarks/ci_under_load.py: runs the suite beside busy processes and reports what pytest
counted, and leaves no busy process behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "benchmarks" / "ci_under_load.py"


def processes(matches: Callable[[str], bool]) -> set[str]:
    """Pids of the processes whose command line ``matches``."""
    listing = subprocess.run(["ps", "-eo", "pid,args"], capture_output=True, text=True).stdout
    return {line.split()[0] for line in listing.splitlines() if matches(line)}


def spinners() -> set[str]:
    return processes(lambda line: "while time.monotonic() < end" in line)


def script_command(tests: Path, tmp_path: Path, busy: int) -> list[str]:
    """The script run once on ``tests`` beside ``busy`` spinners, its log under ``tmp_path``."""
    return [
        sys.executable,
        "-P",
        str(SCRIPT),
        "--runs",
        "1",
        "--busy",
        str(busy),
        "--log",
        str(tmp_path / "log"),
        "--",
        str(tests),
        "-p",
        "no:cacheprovider",
        "--rootdir",
        str(tmp_path),
    ]


def test_one_run_reports_its_counts_and_its_failing_test(tmp_path: Path) -> None:
    tests = tmp_path / "test_pair.py"
    tests.write_text(
        "def test_holds():\n    assert True\n\ndef test_breaks():\n    assert 1 == 2\n"
    )
    before = spinners()
    done = subprocess.run(
        script_command(tests, tmp_path, busy=2),
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


def test_a_stopped_script_stops_what_its_run_started(tmp_path: Path) -> None:
    """SIGTERM to the script ends the suite it runs and the processes the suite started, not
    only the command it launched (which left a test script running in a removed clone)."""
    marker = tmp_path / "started"
    tests = tmp_path / "test_lingers.py"
    tests.write_text(
        "import subprocess, time\n"
        "from pathlib import Path\n\n"
        "def test_starts_a_child_and_waits():\n"
        "    subprocess.Popen(['sleep', '297.5'])\n"
        f"    Path({str(marker)!r}).write_text('x')\n"
        "    time.sleep(300)\n"
    )
    before = spinners()
    script = subprocess.Popen(
        script_command(tests, tmp_path, busy=1),
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 240
        while not marker.exists() and time.monotonic() < deadline and script.poll() is None:
            time.sleep(0.2)
        assert marker.exists(), "the suite started its child"
        assert sleepers("297.5"), "positive control: the child is seen while the run goes on"
        script.terminate()
        assert script.wait(timeout=60) != 0
        assert sleepers("297.5") == set()
        assert spinners() <= before
    finally:
        script.kill()
        for pid in sleepers("297.5"):
            os.kill(int(pid), signal.SIGKILL)


def sleepers(seconds: str) -> set[str]:
    return processes(lambda line: line.split()[1:] == ["sleep", seconds])
