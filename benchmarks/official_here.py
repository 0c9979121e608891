"""ClassEval's official evaluator, run on this machine on one greedy model output, with its own
pass@1 definitions; the answer is cached next to our results and reused while the model output
and the task data are unchanged.

It is the figure that separates "our evaluator differs from theirs" from "this machine differs
from the one the published figures were made on": the published ``pass_at_k_result.json`` came
from the same evaluator in 2023, in its authors' environment.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
from pathlib import Path
from typing import Any

from agreement_classeval import official_answer, official_available, run_official


def unavailable(checkout: Path) -> str | None:
    """None when the official evaluator can run here, else why not."""
    return official_available(checkout)


def official_pass_at_1(samples: Path, data: Path, checkout: Path, cache: Path) -> dict[str, float]:
    """class_success and fun_success of one greedy output (one sample per task), as ClassEval's
    evaluator computes them: a test class succeeds when it ran tests and none failed; a class
    succeeds when every listed test class does; fun_success averages over all listed classes."""
    stamp = {"samples": _digest(samples), "data": _digest(data)}
    try:
        stored = json.loads(cache.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        stored = None
    if isinstance(stored, dict) and stored.get("stamp") == stamp:
        result = stored["result"]
    else:
        with tempfile.TemporaryDirectory() as scratch:
            result, _timed = run_official(checkout, samples, data, Path(scratch))
        cache.parent.mkdir(parents=True, exist_ok=True)
        cache.write_text(json.dumps({"stamp": stamp, "result": result}), encoding="utf-8")
    return _pass_at_1(result)


def _pass_at_1(result: dict[str, Any]) -> dict[str, float]:
    classes = successes = listed = 0
    for samples in result.values():
        for test_classes in samples.values():
            answers = [official_answer(counts) for counts in test_classes.values()]
            classes += all(a == "success" for a in answers)
            successes += sum(a == "success" for a in answers)
            listed += len(answers)
    tasks = len(result)
    return {
        "class_success": classes / tasks if tasks else 0.0,
        "fun_success": successes / listed if listed else 0.0,
    }


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
