"""Small hand-written results documents: tasks whose samples pass or fail as a test says."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def task(task_id: str, samples: list[list[bool]]) -> dict[str, Any]:
    """A task with one method per entry of a sample's list; a sample passes when all do."""
    methods = len(samples[0])
    test_classes = [f"{task_id}TestM{m}" for m in range(methods)]
    return {
        "class_name": task_id,
        "test_classes": test_classes,
        "methods": {
            f"m{m}": {
                "test_class": test_classes[m],
                "field_dependencies": [],
                "method_dependencies": [],
            }
            for m in range(methods)
        },
        "samples": [
            {
                "task_id": task_id,
                "index": index,
                "passed": all(outcomes),
                "tests": {
                    f"{test_classes[m]}.test_a": {
                        "status": "passed" if ok else "failed",
                        "error_type": None if ok else "AssertionError",
                    }
                    for m, ok in enumerate(outcomes)
                },
                "isolation": "bubblewrap",
                "extraction": "given",
                "parses": True,
                "shape": None,
            }
            for index, outcomes in enumerate(samples)
        ],
    }


def write_run(path: Path, tasks: dict[str, list[list[bool]]], **run: Any) -> Path:
    """A results file of ``tasks`` (task id -> samples -> method outcomes)."""
    document = {
        "version": 1,
        "run": {"samples": "samples.jsonl", "tasks": "hand-written", **run},
        "tasks": {task_id: task(task_id, samples) for task_id, samples in tasks.items()},
    }
    path.write_text(json.dumps(document))
    return path


def class_outcomes(passing: list[bool]) -> dict[str, list[list[bool]]]:
    """One sample of one method per task, passing as given."""
    return {f"T{number:02d}": [[ok]] for number, ok in enumerate(passing)}
