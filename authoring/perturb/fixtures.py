"""Operator fixtures: the tiny tasks an operator's ``APPLIES`` and ``DECLINES`` examples are.

The test suite runs every fixture of every operator: an ``APPLIES`` fixture must be changed
(into exactly the texts it states, where it states them) and the variant must pass the validity
proof; a ``DECLINES`` fixture must be refused with a reason containing the words it states.
"""

from __future__ import annotations

import tempfile
import textwrap
from dataclasses import dataclass
from pathlib import Path

from classwright.authoring.lint.fixtures import Fixture, write_fixture
from classwright.authoring.perturb.files import TaskFiles
from classwright.authoring.perturb.operator import Applied, Operator, operator_rng


@dataclass(frozen=True)
class Applies:
    """A task the operator changes. ``solution`` / ``tests``, when given, are the whole
    expected texts of the variant's files (dedented as fixtures are)."""

    task: Fixture
    seed: int = 0
    solution: str | None = None
    tests: str | None = None


@dataclass(frozen=True)
class Declines:
    """A task the operator leaves alone; ``reason`` is a part of the reason it must give."""

    task: Fixture
    reason: str


def fixture_files(task: Fixture) -> TaskFiles:
    """A fixture task as the files an operator reads."""
    with tempfile.TemporaryDirectory(prefix="cw-perturb-fixture-") as tmp:
        return TaskFiles.read(write_fixture(task, Path(tmp) / "Fixture"))


def apply_fixture(operator: Operator, task: Fixture, seed: int = 0) -> Applied:
    """Apply an operator to a fixture task as the engine would (raises ``Declined``)."""
    files = fixture_files(task)
    rng = operator_rng(seed, str(files.meta["id"]), operator.name)
    return operator.apply(files.compiled(), files, rng)


def expected_text(text: str) -> str:
    """A fixture's expected file text, dedented as the fixture's own texts are written."""
    return textwrap.dedent(text).lstrip("\n")
