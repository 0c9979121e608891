"""What an operator is: the base class every operator derives from, and what it returns.

An operator is a small class (one per module, see ``classwright.authoring.perturb.operators``)
with a kebab-case ``name``, a docstring in four Markdown sections (``## What it changes``,
``## What it keeps``, ``## When it declines``, ``## Example``), and ``APPLIES`` / ``DECLINES``
fixtures that the test suite runs, so an operator cannot ship without proof.

``apply`` gets the task (its files and the record compiled from them) and a random generator
seeded for this task and operator; it returns the changed files, or raises ``Declined`` with a
reason when it cannot change the task without risking what the task means. It never writes
anything: the engine proves the variant valid before a folder appears.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from classwright.authoring.lint.rule import NAME_PATTERN, doc_sections
from classwright.authoring.perturb.files import TaskFiles
from classwright.authoring.taskdir import TaskFolder

if TYPE_CHECKING:
    from classwright.authoring.perturb.fixtures import Applies, Declines

DOC_SECTIONS = ("What it changes", "What it keeps", "When it declines", "Example")
"""The Markdown sections (``## <title>``) every operator docstring has, in this order."""


class Declined(Exception):
    """The operator leaves this task alone; the message says why, for the user to read."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


@dataclass(frozen=True)
class Applied:
    """What an operator made of a task."""

    files: TaskFiles
    summary: str
    """One line: what changed (``class ParkingGarage -> CarPark, 5 of 6 methods renamed``)."""
    details: Mapping[str, Any] = field(default_factory=dict)
    """What changed, as TOML-writable data, for ``perturbation.toml``."""
    moved_lines: Mapping[int, int] = field(default_factory=dict)
    """Lines of ``solution.py`` that moved, old -> new (1-based); lines not listed stay."""
    renamed: Mapping[str, str] = field(default_factory=dict)
    """Identifiers of the solution renamed, old -> new (for code quoted in ``task.toml``)."""
    renamed_parameters: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Parameters renamed in each method (the method's old name -> old -> new): code quoted under
    that method in ``task.toml`` (an equivalent mutant's line) names them."""


class Operator:
    """Base class of every operator. Subclasses set ``name`` and override ``apply``."""

    name: ClassVar[str]
    APPLIES: ClassVar[Sequence[Applies]] = ()
    DECLINES: ClassVar[Sequence[Declines]] = ()
    draws: ClassVar[int] = 1
    """How many different draws the engine may try on one task when a variant fails its proof
    (1: the first draw only). Each draw has a generator of its own (``operator_rng``)."""

    def apply(self, task: TaskFolder, files: TaskFiles, rng: random.Random) -> Applied:
        """The changed task; raises ``Declined`` when this task cannot be changed safely."""
        raise NotImplementedError

    def apply_draw(
        self, task: TaskFolder, files: TaskFiles, rng: random.Random, draw: int
    ) -> Applied:
        """``apply`` for the draw-th try (0 first); an operator whose later draws follow
        another strategy than its first overrides this."""
        return self.apply(task, files, rng)

    @classmethod
    def summary(cls) -> str:
        """The first paragraph of the ``What it changes`` section, on one line."""
        text = doc_sections(cls).get("What it changes", "")
        return text.split("\n\n")[0].replace("\n", " ")


def operator_problems(operator: type[Operator]) -> list[str]:
    """What is wrong with an operator's declaration (empty when it is well-formed)."""
    problems = []
    if not NAME_PATTERN.match(getattr(operator, "name", "")):
        problems.append("name must be kebab-case")
    if list(doc_sections(operator)) != list(DOC_SECTIONS):
        problems.append(f"docstring sections must be exactly {', '.join(DOC_SECTIONS)}")
    if not operator.APPLIES or not operator.DECLINES:
        problems.append("needs at least one APPLIES and one DECLINES fixture")
    return problems


def operator_rng(seed: int, task_id: str, operator: str, draw: int = 0) -> random.Random:
    """The generator an operator draws from on one task: the same seed, task, operator and draw
    give the same draws on every machine (a string seed is hashed with SHA-512, not ``hash()``).
    The first draw's seed names no draw, so it is what it was before draws were counted."""
    return random.Random(f"{seed}:{task_id}:{operator}" + (f":{draw}" if draw else ""))
