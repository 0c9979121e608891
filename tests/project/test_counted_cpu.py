"""benchmarks/counted_cpu.py: every process a command starts is counted, and a process the
command leaves behind in its cgroup neither loses the figures nor keeps the group."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[2]


def _module() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "counted_cpu", REPO / "benchmarks" / "counted_cpu.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["counted_cpu"] = module
    spec.loader.exec_module(module)
    return module


def test_a_process_left_behind_is_killed_and_the_cpu_still_counted(tmp_path: Path) -> None:
    counted = _module()
    made: list[Path] = []
    make = counted._cgroup

    def recorded() -> Path | None:
        group = make()
        made.extend([group] if group is not None else [])
        return group

    counted._cgroup = recorded
    pid_file = tmp_path / "left.pid"
    # A grandchild that spins a little CPU, then outlives the command by a minute (a sandbox's
    # orphan still dying when the command returns is the case met in practice).
    script = (
        "python3 -c 'import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass' && "
        f"(sleep 60 & echo $! > {pid_file})"
    )
    run = counted.run_counted(["bash", "-c", script])
    assert run.returncode == 0
    assert run.cpu >= 0.25, run  # the positive control: the spinning child was counted
    left = int(pid_file.read_text())
    if run.counted.startswith("every process"):
        # In a cgroup: the sleeper was killed so that the group could go.
        assert not Path(f"/proc/{left}").exists() or _zombie(left)
        assert len(made) == 1 and not made[0].exists()
    else:
        os.kill(left, 9)


def _zombie(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status").read_text()
    return any(line.startswith("State:") and "Z" in line for line in status.splitlines())
