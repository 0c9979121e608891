"""ClassEval+ for Inspect: the user's ClassEval data imported with the bundled overlay, exactly as
`classwright import classeval --plus` does, into a folder cached by the data's and overlay's
content (an import takes seconds per record; a task is built every time Inspect starts)."""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from pathlib import Path

from classwright.authoring.classeval_import import import_classeval, read_classeval
from classwright.authoring.classeval_plus import BUNDLED_OVERLAY, read_overlay
from classwright.evaluator.scoring import canonical_times
from classwright.schema.errors import InputError
from classwright.schema.exclusions import write_exclusions


def _content_key(data: Path, overlay: Path) -> str:
    digest = hashlib.sha256(data.read_bytes())
    for path in sorted(p for p in overlay.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(overlay)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def classeval_plus_folder(data: Path, overlay: Path = BUNDLED_OVERLAY) -> Path:
    """A benchmark folder of ClassEval+ built from ``data`` (ClassEval's JSON or parquet), with
    its ``excluded.toml``; built once per content, then reused."""
    folder = canonical_times.cache_dir().parent / "classeval-plus" / _content_key(data, overlay)
    if (folder / ".complete").is_file():
        return folder
    records = read_classeval(data)
    overlays = read_overlay(overlay)
    staging = Path(tempfile.mkdtemp(prefix="import-", dir=_made(folder.parent)))
    outcomes = list(import_classeval(records, staging, os.cpu_count() or 1, overlays=overlays))
    failed = [o for o in outcomes if o.error]
    if failed:
        shutil.rmtree(staging, ignore_errors=True)
        raise InputError(data, f"task {failed[0].task_id} could not be imported: {failed[0].error}")
    write_exclusions(staging, {o.task_id: o.excluded for o in outcomes if o.excluded})
    (staging / ".complete").write_text("")
    try:
        staging.rename(folder)
    except OSError:  # built at the same time by another process: keep theirs
        shutil.rmtree(staging, ignore_errors=True)
    return folder


def _made(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path
