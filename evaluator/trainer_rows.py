"""Task records as rows a trainer's dataset loader reads as is (TRL, verl, OpenRLHF).

Each row carries the holistic prompt as chat messages (``prompt``), the task id (``task_id``, and again
where verl's reward manager passes it on: ``reward_model.ground_truth`` and ``extra_info.task_id``) and
the data source verl dispatches rewards on (``data_source``). Written as JSONL, or as parquet when the
file name ends in ``.parquet`` (needs the ``parquet`` extra).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from classwright.evaluator.prompts import holistic_prompt
from classwright.schema.errors import InputError
from classwright.schema.files import write_text_atomic
from classwright.schema.records import TaskRecord

DATA_SOURCE = "classwright"
"""The ``data_source`` value; verl passes it to the reward function unchanged."""


def trainer_row(task: TaskRecord) -> dict[str, Any]:
    """One task as a trainer row: chat prompt, task id, data source."""
    return {
        "data_source": DATA_SOURCE,
        "task_id": task.task_id,
        "prompt": holistic_prompt(task).messages(),
        "ability": "code",
        "reward_model": {"style": "rule", "ground_truth": task.task_id},
        "extra_info": {"task_id": task.task_id, "class_name": task.class_name},
    }


def dump_trainer_rows(records: Iterable[TaskRecord], path: str | Path) -> int:
    """Write one row per task to ``path`` (JSONL, or parquet by suffix), atomically; returns the count."""
    file = Path(path)
    rows = [trainer_row(r) for r in records]
    if file.suffix == ".parquet":
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:
            raise InputError(
                file, "parquet needs pyarrow: pip install 'classwright[parquet]'"
            ) from None
        partial = file.with_name(file.name + ".partial")
        pq.write_table(pa.Table.from_pylist(rows), partial)
        partial.replace(file)
    else:
        write_text_atomic(file, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    return len(rows)
