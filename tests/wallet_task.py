"""The small Wallet task the reward tests score against (main suite and trainers' suite): its
folder, its skeleton as a model would answer it, and OpenRLHF's reward server on 127.0.0.1."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path

HOSTILE = Path(__file__).resolve().parent / "hostile"
TASK_TOML = """\
id = "wallet_1"
title = "A wallet that takes deposits and refuses overdrafts"
topic = "finance"
authors = ["classwright maintainers"]
reviewers = []
provenance = ["test task"]
"""
SKELETON = """```python
class Wallet:
    def __init__(self):
        pass

    def deposit(self, amount):
        pass

    def withdraw(self, amount):
        pass
```"""


def write_wallet_task(root: Path) -> Path:
    """``root/Wallet``, a task folder whose canonical solution is hostile/honest.py; ``root``."""
    folder = root / "Wallet"
    folder.mkdir()
    (folder / "task.toml").write_text(TASK_TOML)
    (folder / "solution.py").write_text((HOSTILE / "honest.py").read_text())
    (folder / "tests.py").write_text((HOSTILE / "task_tests.py").read_text())
    return root


@contextlib.contextmanager
def openrlhf_reward_server() -> Iterator[str]:
    """The URL of `classwright.rewards.openrlhf`'s server, shut down on exit."""
    from classwright.rewards.openrlhf import make_server

    server = make_server("127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/reward"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
