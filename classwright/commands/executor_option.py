"""``--executor local|ray[=ADDRESS]``: where `evaluate` (and `serve`) score samples."""

from __future__ import annotations

from typing import Annotated

import typer

from classwright.evaluator.executors import Executor, open_executor
from classwright.schema.errors import InputError

ExecutorOption = Annotated[
    str,
    typer.Option(
        "--executor",
        help="local: sandboxes on this machine (--jobs of them). ray: --jobs one-sandbox Ray "
        "actors (default: one per free CPU of the cluster; processes sharing a cluster each "
        "give --jobs); 'ray' starts or joins a local Ray instance, 'ray=ADDRESS' joins a "
        "cluster (ray://HOST:PORT or HOST:PORT). Needs the ray extra (docs/serving.md).",
    ),
]


def parse_executor(text: str) -> tuple[str, str | None]:
    """``(kind, address)`` of an ``--executor`` value; bad input names the option."""
    kind, sep, address = text.partition("=")
    kind = kind.strip()
    if kind not in ("local", "ray"):
        raise InputError("--executor", f"unknown executor {kind!r} (local, ray or ray=ADDRESS)")
    if sep and not address.strip():
        raise InputError("--executor", f"{kind}= needs an address after '='")
    if kind == "local" and sep:
        raise InputError("--executor", "local takes no address")
    return kind, address.strip() if sep else None


def executor_from_option(text: str, workers: int | None) -> Executor:
    """The executor an ``--executor`` value names (a Ray cluster is joined here), with
    ``workers`` sandboxes (``--jobs``; default: this machine's cores, or the Ray cluster's free
    CPUs)."""
    kind, address = parse_executor(text)
    return open_executor(kind, address, workers)
