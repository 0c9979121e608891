"""Mutant batches reach the same verdicts as running each mutant as a sample of its own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from orphans import ends_with_parent

from classwright.authoring.adequacy.mutation_run import (
    MutantStatus,
    MutationReport,
    MutationSettings,
    analyse_mutants,
)
from classwright.schema.records import Dependencies, MethodInfo, TaskRecord

# Every way a batch can go wrong, in one class: a property getter and setter that share a
# name, a method that writes a file in the working folder, a loop that can hang, a decorator
# argument and a default value (both run at import), and a method the test module calls at
# import (so its mutants must be imported anew, not swapped in).
SOLUTION = """import functools


class Shelf:
    def __init__(self, size=3):
        self.size = size
        self.items = []

    @property
    def first(self):
        return self.items[0] if self.items else None

    @first.setter
    def first(self, value):
        self.items.insert(0, value)

    def save(self, name):
        if len(self.items) > self.size:
            return False
        with open(name, "a") as handle:
            handle.write(",".join(self.items))
        return True

    def fill(self, n):
        i = 0
        while i < n:
            self.items.append(str(i))
            i += 1
        return len(self.items)

    @functools.lru_cache(maxsize=2)
    def label(self):
        return "shelf-" + str(self.size)
"""

TESTS = """import os
import unittest

DEFAULT_LABEL = Shelf().label()


class ShelfTestFirst(unittest.TestCase):
    def test_set_then_get(self):
        shelf = Shelf()
        shelf.first = "a"
        shelf.first = "b"
        self.assertEqual(shelf.first, "b")
        self.assertEqual(shelf.items, ["b", "a"])

    def test_empty(self):
        self.assertIsNone(Shelf().first)


class ShelfTestSave(unittest.TestCase):
    def test_writes_a_fresh_file(self):
        # A file left behind by another mutant's run would fail this test.
        self.assertFalse(os.path.exists("shelf.txt"))
        shelf = Shelf()
        shelf.fill(2)
        self.assertIs(shelf.save("shelf.txt"), True)
        with open("shelf.txt") as handle:
            self.assertEqual(handle.read(), "0,1")

    def test_too_full(self):
        shelf = Shelf(1)
        shelf.fill(2)
        self.assertIs(shelf.save("full.txt"), False)


class ShelfTestLabel(unittest.TestCase):
    def test_label(self):
        self.assertEqual(DEFAULT_LABEL, "shelf-3")
        self.assertEqual(Shelf(5).label(), "shelf-5")
"""


def shelf_record() -> TaskRecord:
    methods = tuple(
        MethodInfo(name, f"def {name}(self):", test_class, "", "", Dependencies(False))
        for name, test_class in (
            ("first", "ShelfTestFirst"),
            ("save", "ShelfTestSave"),
            ("label", "ShelfTestLabel"),
        )
    )
    return TaskRecord(
        task_id="Shelf_1",
        skeleton="class Shelf:\n    pass\n",
        test=TESTS,
        solution_code=SOLUTION,
        import_statement=("import functools",),
        class_description="A shelf.",
        class_name="Shelf",
        test_classes=("ShelfTestFirst", "ShelfTestSave", "ShelfTestLabel"),
        class_constructor="class Shelf:\n    def __init__(self, size=3):\n        pass\n",
        fields=("self.size", "self.items"),
        methods_info=methods,
    )


# Alone or in a batch, a test's limit is CPU time, so a busy machine cannot turn a mutant that
# fails at once into one that hangs (it did at this floor when a mutant run alone was timed on
# the wall clock); test_a_busy_cpu_changes_no_verdict covers batches beside busy processes.
MIN_TIMEOUT = 0.5


@pytest.fixture(scope="module")
def batched() -> MutationReport:
    return analyse_mutants(shelf_record(), MutationSettings(min_timeout=MIN_TIMEOUT, jobs=2))


@pytest.fixture(scope="module")
def alone() -> MutationReport:
    settings = MutationSettings(min_timeout=MIN_TIMEOUT, jobs=2, batches=False)
    return analyse_mutants(shelf_record(), settings)


def verdicts(report: MutationReport) -> dict[str, tuple[MutantStatus, str]]:
    return {r.mutant.id: (r.status, r.killed_by) for r in report.results}


def test_batches_reach_the_verdicts_of_one_sample_per_mutant(
    batched: MutationReport, alone: MutationReport
) -> None:
    assert verdicts(batched) == verdicts(alone)
    assert batched.kill_rate == alone.kill_rate


def test_the_task_has_mutants_of_every_kind_a_batch_must_handle(alone: MutationReport) -> None:
    by_change = {
        (r.mutant.method, r.mutant.original, r.mutant.replacement): r for r in alone.results
    }
    # The setter shares the getter's name; swapping the wrong one would let this survive.
    assert by_change[("first", "self.items.insert(0, value)", "pass")].status is (
        MutantStatus.KILLED
    )
    # Runs at import (the test module calls label() while it loads) and in a decorator.
    assert by_change[("label", '"shelf-"', '""')].status is MutantStatus.KILLED
    assert by_change[("label", "2", "3")].status is MutantStatus.SURVIVED
    # A default value: evaluated when the class is defined.
    assert by_change[("__init__", "3", "4")].status is MutantStatus.KILLED
    # `i += 1` turned into `i -= 1` never ends.
    assert by_change[("fill", "+=", "-=")].status is MutantStatus.TIMEOUT
    # Survivors exist, so equal verdicts are not all-killed by a broken runner.
    assert {r.status for r in alone.results} == set(MutantStatus)


LOADED_RUN = """
import json, os, sys
# The test module, and the tests folder above it whose helper modules it imports.
sys.path[:0] = [sys.argv[1], os.path.dirname(sys.argv[1])]
from test_mutation_batch import shelf_record
from classwright.authoring.adequacy.mutation_run import MutationSettings, analyse_mutants
settings = MutationSettings(min_timeout=float(sys.argv[2]), jobs=2)
report = analyse_mutants(shelf_record(), settings)
print(json.dumps({r.mutant.id: [r.status.value, r.killed_by] for r in report.results}))
"""
HOGS = 8


def test_a_busy_cpu_changes_no_verdict(batched: MutationReport, tmp_path: Path) -> None:
    """A test's limit inside a batch is CPU time. The analysis runs on one CPU with eight busy
    processes beside it, so its tests take about nine times as long on the wall clock: a
    mutant that fails at once is still killed (not timed out) and the one that hangs still
    times out."""
    one_cpu = {min(os.sched_getaffinity(0))}

    def pinned() -> None:
        os.sched_setaffinity(0, one_cpu)

    # Sessions of their own: where the kernel shares CPU time out by session, processes in
    # one session would count as one.
    hogs = [
        subprocess.Popen(
            [sys.executable, "-c", "while True: pass"],
            start_new_session=True,
            preexec_fn=ends_with_parent(then=pinned),
        )
        for _ in range(HOGS)
    ]
    try:
        done = subprocess.run(
            [
                sys.executable,
                "-P",
                "-c",
                LOADED_RUN,
                str(Path(__file__).resolve().parent),
                str(MIN_TIMEOUT),
            ],
            capture_output=True,
            text=True,
            timeout=600,
            cwd=tmp_path,
            preexec_fn=pinned,
        )
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    assert done.returncode == 0, done.stderr[-2000:]
    loaded = {k: (MutantStatus(v[0]), v[1]) for k, v in json.loads(done.stdout).items()}
    assert loaded == verdicts(batched)
    assert MutantStatus.TIMEOUT in {status for status, _ in loaded.values()}
