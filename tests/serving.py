"""A real `classwright serve` process on 127.0.0.1 for the service's tests, stopped at teardown."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

import httpx
from orphans import ends_with_parent

STARTUP_SECONDS = 120.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """``classwright serve ARGS`` on a free port; `stop` sends SIGTERM and waits for the exit.
    ``env`` adds variables to the server's environment (e.g. ``CLASSWRIGHT_SANDBOX``)."""

    def __init__(
        self, args: Sequence[str], log: Path, env: Mapping[str, str] | None = None
    ) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log
        self._log = log.open("wb")
        executable = Path(sys.executable).with_name("classwright")
        self.process = subprocess.Popen(
            [str(executable), "serve", "--port", str(self.port), *args],
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "CLASSWRIGHT_DEBUG": "1", **(env or {})},
            preexec_fn=ends_with_parent(signal.SIGTERM),
        )
        self._wait_until_up()

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited at start: {self.log()}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"server did not come up in {STARTUP_SECONDS:g} s: {self.log()}")

    def log(self) -> str:
        if not self._log.closed:
            self._log.flush()
        return self.log_path.read_text(errors="replace")[-3000:]

    def children(self) -> list[int]:
        """Processes the server started to score (its sandbox workers, measurements), apart
        from its sample readers (`readers`)."""
        return [pid for pid in self._all_children() if b"multiprocessing" not in _cmdline(pid)]

    def readers(self) -> list[int]:
        """The server's sample reader processes (multiprocessing's, started by ``spawn``; its
        resource tracker is neither a reader nor a scoring process)."""
        return [pid for pid in self._all_children() if b"spawn_main" in _cmdline(pid)]

    def _all_children(self) -> list[int]:
        found = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                stat = Path(f"/proc/{entry}/stat").read_bytes()
            except OSError:
                continue
            fields = stat[stat.rindex(b")") + 2 :].split()
            if fields[0] != b"Z" and int(fields[1]) == self.process.pid:
                found.append(int(entry))
        return found

    def stop(self, timeout: float = 60.0) -> int:
        """SIGTERM, then wait (and kill past ``timeout``); the exit code."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._log.close()
        return int(self.process.returncode)


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""
