"""Headless Chromium driven over the DevTools protocol, for tests of pages a person opens.

A small websocket client (the standard library only) talks to one page: navigate, evaluate
JavaScript, collect console errors and uncaught exceptions, take a screenshot. Chromium is
Debian's package (``scripts/setup.sh`` installs it); it listens on a loopback port only.
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from orphans import ends_with_parent

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def chromium_path() -> str | None:
    """Debian's chromium, or None when it is not installed."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


class WebSocket:
    """A client websocket over a plain TCP connection (text frames, no extensions)."""

    def __init__(self, url: str, timeout: float = 30.0) -> None:
        match = re.match(r"ws://([^/:]+):(\d+)(/.*)", url)
        if not match:
            raise ValueError(f"not a ws:// URL: {url}")
        host, port, path = match.group(1), int(match.group(2)), match.group(3)
        self.sock = socket.create_connection((host, port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("websocket handshake closed")
            response += chunk
        head, _, self.buffer = response.partition(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise ConnectionError(f"websocket handshake refused: {head[:80]!r}")

    def send(self, text: str) -> None:
        payload = text.encode()
        header = bytes([0x81])
        length = len(payload)
        if length < 126:
            header += bytes([0x80 | length])
        elif length < 1 << 16:
            header += bytes([0x80 | 126]) + struct.pack(">H", length)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", length)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def _read(self, count: int) -> bytes:
        while len(self.buffer) < count:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise ConnectionError("websocket closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def receive(self) -> str:
        message = b""
        while True:
            first, second = self._read(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(length)
            opcode = first & 0x0F
            if opcode == 0x8:
                raise ConnectionError("websocket closed by the browser")
            if opcode in (0x9, 0xA):
                continue  # ping/pong carry nothing for us
            message += payload
            if first & 0x80:
                return message.decode()

    def close(self) -> None:
        self.sock.close()


class Browser:
    """One headless Chromium with one page, closed by :meth:`close` (or ``with``)."""

    def __init__(self, chromium: str) -> None:
        self.profile = tempfile.mkdtemp(prefix="cw-chromium-")
        self.process = subprocess.Popen(
            [
                chromium,
                *FLAGS,
                f"--user-data-dir={self.profile}",
                "--remote-debugging-port=0",
                "--remote-debugging-address=127.0.0.1",
                "--window-size=1280,900",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=ends_with_parent(),
        )
        port = self._port()
        page = next(
            t
            for t in json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list"))
            if t.get("type") == "page"
        )
        self.ws = WebSocket(page["webSocketDebuggerUrl"])
        self.next_id = 0
        self.events: list[dict[str, Any]] = []
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable")

    def _port(self) -> int:
        assert self.process.stderr is not None
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = self.process.stderr.readline()
            if not line and self.process.poll() is not None:
                raise RuntimeError(f"chromium exited with {self.process.returncode}")
            match = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line)
            if match:
                return int(match.group(1))
        raise RuntimeError("chromium did not open its DevTools port within 30 s")

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Send one command and return its result; events that arrive meanwhile are kept."""
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.receive())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return dict(message.get("result", {}))
            if "method" in message:
                self.events.append(message)

    def wait_for(self, event: str, timeout: float = 30.0) -> dict[str, Any]:
        """The next event named ``event`` (earlier ones already received count too)."""
        for index, message in enumerate(self.events):
            if message["method"] == event:
                return self.events.pop(index)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            message = json.loads(self.ws.receive())
            if message.get("method") == event:
                return message
            if "method" in message:
                self.events.append(message)
        raise TimeoutError(f"no {event} within {timeout} s")

    def open(self, path: Path) -> float:
        """Load a local file and wait for its load event; the seconds that took."""
        self.events.clear()
        started = time.perf_counter()
        self.call("Page.navigate", url=path.resolve().as_uri())
        self.wait_for("Page.loadEventFired")
        return time.perf_counter() - started

    def evaluate(self, expression: str) -> Any:
        """The value of ``expression`` in the page (a promise is awaited)."""
        result = self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in result:
            raise RuntimeError(f"script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def console_errors(self) -> list[str]:
        """Console errors, uncaught exceptions and error log entries since the page opened."""
        self.evaluate("0")  # let events that are already queued arrive
        errors = []
        for message in self.events:
            params = message.get("params", {})
            if message["method"] == "Runtime.exceptionThrown":
                errors.append(
                    str(
                        params["exceptionDetails"].get("exception", {}).get("description")
                        or params["exceptionDetails"].get("text")
                    )
                )
            elif message["method"] == "Runtime.consoleAPICalled" and params.get("type") == "error":
                errors.append(" ".join(str(a.get("value")) for a in params.get("args", [])))
            elif message["method"] == "Log.entryAdded" and params["entry"]["level"] == "error":
                errors.append(params["entry"]["text"])
        return errors

    def screenshot(self, out: Path) -> None:
        data = self.call("Page.captureScreenshot", format="png")["data"]
        out.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        try:
            self.ws.close()
        finally:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


SIZES = """JSON.stringify({
  charts: Array.from(document.querySelectorAll('svg.chart')).map(function (s) {
    var r = s.getBoundingClientRect();
    return {name: s.dataset.chart, width: r.width, height: r.height};
  }),
  bars: Array.from(document.querySelectorAll('svg.chart rect.bar')).filter(function (b) {
    var r = b.getBoundingClientRect(); return r.width > 0 && r.height > 0; }).length,
  errorBars: Array.from(document.querySelectorAll('svg.chart path.error-bar')).filter(function (b) {
    var r = b.getBoundingClientRect(); return r.height > 0; }).length,
  cells: Array.from(document.querySelectorAll('svg.chart rect.cell')).filter(function (b) {
    var r = b.getBoundingClientRect(); return r.width > 0 && r.height > 0; }).length
})"""
"""A script that measures, in the page, every chart and every drawn bar, error bar and cell."""


def measure(browser: Browser) -> dict[str, Any]:
    return dict(json.loads(browser.evaluate(SIZES)))
