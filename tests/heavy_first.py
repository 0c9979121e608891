"""The test files that take longest start first.

`pytest -n 2 --dist loadfile` hands each worker one file at a time in collection order; a
long file collected late runs alone at the end while the other worker idles (measured: the
last few minutes of a 29-minute run on two cores). Starting the longest files first lets the
short ones fill in around them. The list is ordered by each file's total time in a
`--durations=0` run; a file missing from it only runs in its usual place.
"""

from __future__ import annotations

import pytest

LONGEST_FIRST = (
    "authoring/test_classeval_plus_data.py",
    "scoring/test_executor_ray.py",
    "service/test_serve_scheduler.py",
    "sandbox/test_verdict_agreement.py",
    "generation/test_eval_run.py",
    "service/test_serve_reading.py",
    "service/test_serve_fairness.py",
    "authoring/test_classeval_roundtrip.py",
    "perturb/test_perturb_params.py",
    "authoring/test_contract_classeval.py",
    "service/test_serve_jobs.py",
    "plugins/test_inspect.py",
    "plugins/test_fresh_install.py",
    "service/test_serve.py",
    "java/test_java_warm.py",
    "java/test_java_generation_e2e.py",
    "project/test_packaging.py",
    "java/test_java_check.py",
    "sandbox/test_sandbox_batches.py",
    "java/test_javabench_scoring.py",
    "java/test_java_error_keys_laziness.py",
    "sandbox/test_sandbox_users.py",
    "perturb/test_perturb_rename.py",
    "sandbox/test_cpu_time_limits.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {name: place for place, name in enumerate(LONGEST_FIRST)}

    def place(item: pytest.Item) -> int:
        _, _, name = item.path.as_posix().rpartition("/tests/")
        return rank.get(name, len(rank))

    # A stable sort: the files keep their own order among themselves, and so do their tests.
    items.sort(key=place)
