"""scripts/test.sh, the README's test command, exits with the status of what it ran.

The script is run for real in a copy of the checkout's scripts whose tools (ruff, mypy, pytest,
classwright and the vLLM environment's setup and suite) are stand-ins that succeed or fail on
demand, so its own control flow is what is tested: the vLLM environment installing in the
background, the wait for it, and the trap that stops it when the run ends early.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import textwrap
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def stand_in(path: Path, body: str) -> None:
    path.write_text("#!/usr/bin/env bash\n" + textwrap.dedent(body))
    path.chmod(0o755)


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    root = tmp_path / "checkout"
    (root / "scripts").mkdir(parents=True)
    shutil.copy(REPO / "scripts" / "test.sh", root / "scripts" / "test.sh")
    package = tmp_path / "site" / "classwright"
    package.mkdir(parents=True)
    bin_dir = root / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    for tool in ("ruff", "mypy", "classwright"):
        stand_in(bin_dir / tool, "exit 0\n")
    stand_in(bin_dir / "python", f"echo {package}\n")
    # The main suite's stand-in starts once the install has (the real suite takes minutes).
    stand_in(
        bin_dir / "pytest",
        """\
        for _ in $(seq 200); do [ -s "$MARKS" ] && break; sleep 0.05; done
        echo "main suite ran"
        exit "${MAIN_SUITE_STATUS:-0}"
        """,
    )
    stand_in(
        root / "scripts" / "setup-vllm.sh",
        """\
        echo "setup started $$" >> "$MARKS"
        sleep "${SETUP_SECONDS:-0}"
        echo "setup finished" >> "$MARKS"
        exit "${SETUP_STATUS:-0}"
        """,
    )
    stand_in(root / "scripts" / "test-vllm.sh", 'echo "vllm suite ran" >> "$MARKS"\n')
    return root


def run_test_script(checkout: Path, **variables: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("CLASSWRIGHT_SKIP_VLLM", "VLLM_VENV")}
    env.update(MARKS=str(checkout / "marks"), **variables)
    return subprocess.run(
        ["bash", "scripts/test.sh"],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state not in ("Z", "X")


def marks(checkout: Path) -> list[str]:
    path = checkout / "marks"
    return path.read_text().splitlines() if path.exists() else []


def test_a_green_run_with_the_vllm_install_in_the_background_exits_zero(checkout: Path) -> None:
    ran = run_test_script(checkout, SETUP_SECONDS="0.5")

    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "main suite ran" in ran.stdout
    events = [
        " ".join(line.split()[:3] if "vllm" in line else line.split()[:2])
        for line in marks(checkout)
    ]
    assert events == ["setup started", "setup finished", "vllm suite ran"]


def test_a_failed_vllm_install_fails_the_run_and_skips_the_vllm_suite(checkout: Path) -> None:
    ran = run_test_script(checkout, SETUP_STATUS="3")

    assert ran.returncode == 1
    assert "setting up the vLLM test environment failed" in ran.stderr
    assert "vllm suite ran" not in marks(checkout)


def test_a_failing_main_suite_fails_the_run_and_stops_the_install(checkout: Path) -> None:
    ran = run_test_script(checkout, MAIN_SUITE_STATUS="1", SETUP_SECONDS="60")

    assert ran.returncode == 1
    started = marks(checkout)
    assert started and started[0].startswith("setup started")
    setup_pid = int(started[0].split()[2])
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and alive(setup_pid):
        time.sleep(0.1)
    assert not alive(setup_pid), "the install outlived the run"
    assert "setup finished" not in marks(checkout)
    assert "vllm suite ran" not in marks(checkout)
