"""Operator ``redraw-examples``: the docstrings' examples call their methods with other
arguments, and show what the canonical solution returns for them."""

from __future__ import annotations

import difflib
import random
from collections.abc import Sequence
from dataclasses import dataclass

import libcst as cst

from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.perturb.files import TaskFiles
from classwright.authoring.perturb.fixtures import Applies, Declines
from classwright.authoring.perturb.operator import Applied, Declined, Operator
from classwright.authoring.perturb.operators._docstrings import Docstring, docstrings
from classwright.authoring.perturb.operators._examples_run import Output, run_candidates
from classwright.authoring.perturb.operators._names import NameUses, TaskNames, call_parameters
from classwright.authoring.perturb.operators._rewriting import Rewriter
from classwright.authoring.taskdir import TaskFolder
from classwright.evaluator.dependencies import class_methods
from classwright.schema import syntax

ATTEMPTS = 4
"""Candidate draws per docstring, all run in one sandbox run; the first that holds is kept."""
LONGEST_VALUE = 80
"""Longest argument text taken from the tests (a long literal would bury the example)."""
LONGEST_OUTPUT = 200


class RedrawExamples(Operator):
    """
    ## What it changes
    In each method's docstring, the `>>>` examples that call that method get other arguments:
    values the tests pass to the same parameter (so they lie in the contract's domain), or for
    an integer with none, one a little off the original. The expected outputs of all the
    docstring's examples are then what the canonical solution prints for them, run as doctest
    runs them, in the sandbox, twice. A draw is kept only when no example raises, both runs
    print the same and every output is short; four draws are tried per docstring.

    ## What it keeps
    The examples that set things up, the code, the tests, the names. A docstring whose
    examples expect an exception, do not parse, or print something a draw cannot reproduce
    keeps its examples.

    ## When it declines
    When no docstring has an example calling its own method with a literal argument that has
    another value to take, or when no draw of any docstring held.

    ## Example
    `>>> garage.parse_time("7:05")` / `425` may become `>>> garage.parse_time("23:59")` /
    `1439`, "23:59" being a value the tests pass to `parse_time`.
    """

    name = "redraw-examples"

    APPLIES = (
        Applies(
            Fixture(
                solution='''
                class Ruler:
                    """
                    Converts lengths.
                    """

                    def __init__(self, unit: int = 10):
                        """
                        :param unit: int, millimetres per unit
                        self.unit: int, millimetres per unit
                        """
                        self.unit = unit

                    def to_units(self, millimetres: int) -> int:
                        """
                        Whole units in a length.
                        :param millimetres: int, the length, at least 0
                        :return: int, the number of whole units
                        >>> ruler = Ruler()
                        >>> ruler.to_units(25)
                        2
                        """
                        return millimetres // self.unit
                ''',
                tests="""
                import unittest

                from solution import Ruler


                class RulerTestToUnits(unittest.TestCase):
                    def test_to_units_1(self):
                        self.assertEqual(Ruler().to_units(25), 2)

                    def test_to_units_2(self):
                        self.assertEqual(Ruler().to_units(0), 0)

                    def test_to_units_3(self):
                        self.assertEqual(Ruler(7).to_units(99), 14)
                """,
            ),
            seed=0,
            solution='''
            class Ruler:
                """
                Converts lengths.
                """

                def __init__(self, unit: int = 10):
                    """
                    :param unit: int, millimetres per unit
                    self.unit: int, millimetres per unit
                    """
                    self.unit = unit

                def to_units(self, millimetres: int) -> int:
                    """
                    Whole units in a length.
                    :param millimetres: int, the length, at least 0
                    :return: int, the number of whole units
                    >>> ruler = Ruler()
                    >>> ruler.to_units(0)
                    0
                    """
                    return millimetres // self.unit
            ''',
        ),
    )
    DECLINES = (
        Declines(
            Fixture(
                solution='''
                class Ruler:
                    """
                    Converts lengths.
                    """

                    def __init__(self):
                        """
                        self.unit: int, millimetres per unit
                        """
                        self.unit = 10

                    def to_units(self, millimetres: int) -> int:
                        """
                        Whole units in a length.
                        :param millimetres: int, the length, at least 0
                        :return: int, the number of whole units
                        >>> Ruler().to_units(len("a ruler of twenty-five"))
                        2
                        """
                        return millimetres // self.unit
                ''',
                tests="""
                import unittest

                from solution import Ruler


                class RulerTestToUnits(unittest.TestCase):
                    def test_to_units_1(self):
                        self.assertEqual(Ruler().to_units(25), 2)
                """,
            ),
            reason="no example calls its method with a literal argument",
        ),
    )

    def apply(self, task: TaskFolder, files: TaskFiles, rng: random.Random) -> Applied:
        names = TaskNames.of(task, files)
        params = {f.name.value: call_parameters(f) for f in class_methods(names.class_def)}
        pool = _test_values(names.tests, params)
        drafts: list[_Draft] = []
        for doc in docstrings(names.class_def):
            draft = _Draft.of(doc, names, params, pool, rng)
            if draft is not None:
                drafts.append(draft)
        if not drafts:
            raise Declined(
                "no example calls its method with a literal argument that has another value to take"
            )
        flat = [(draft, attempt) for draft in drafts for attempt in draft.attempts]
        outputs = run_candidates(files.solution, [attempt.sources for _, attempt in flat])
        literals: dict[cst.SimpleString, str] = {}
        redrawn: dict[str, list[str]] = {}
        for draft in drafts:
            for (owner, attempt), result in zip(flat, outputs, strict=True):
                if owner is not draft or not _holds(result, attempt, draft.doc):
                    continue
                assert result is not None
                try:
                    lines = draft.doc.with_code(attempt.module_code)
                    lines = draft.doc.with_wants(lines, [o.text for o in result])
                except ValueError:
                    continue
                literals[draft.doc.node] = draft.doc.literal(lines)
                redrawn[draft.doc.owner] = attempt.calls
                break
        if not redrawn:
            raise Declined("no draw of any docstring's examples held in the sandbox")
        new_solution = names.solution.module.visit(Rewriter(literals=literals)).code
        return Applied(
            files.changed(solution=new_solution),
            f"examples of {len(redrawn)} methods redrawn: {', '.join(redrawn)}",
            {"examples": redrawn},
            moved_lines=moved_lines(files.solution, new_solution),
        )


# --- values the tests pass ------------------------------------------------------------------------


def _test_values(tests: NameUses, params: dict[str, list[str]]) -> dict[tuple[str, str], list[str]]:
    """(method, parameter) -> texts of the literal values the tests pass to it, first seen
    first, each value once."""
    pool: dict[tuple[str, str], list[str]] = {}
    seen: dict[tuple[str, str], list[object]] = {}
    for call in tests.calls:
        if call.through_class or call.method not in params:
            continue
        for param, arg in _bound(call.call, params[call.method]):
            text = tests.module.code_for_node(arg.value)
            value = _literal(text)
            if value is _NOT_LITERAL or len(text) > LONGEST_VALUE:
                continue
            key = (call.method, param)
            if value not in seen.setdefault(key, []):
                seen[key].append(value)
                pool.setdefault(key, []).append(text)
    return pool


_NOT_LITERAL = object()


def _literal(text: str) -> object:
    try:
        return syntax.literal(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return _NOT_LITERAL


def _bound(call: cst.Call, params: Sequence[str]) -> list[tuple[str, cst.Arg]]:
    """The call's arguments with the parameters they reach (none when it unpacks ``*``)."""
    if any(arg.star for arg in call.args):
        return []
    bound = []
    position = 0
    for arg in call.args:
        if arg.keyword is not None:
            bound.append((arg.keyword.value, arg))
        elif position < len(params):
            bound.append((params[position], arg))
            position += 1
    return bound


# --- drafts ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Attempt:
    module_code: str
    sources: list[str]
    calls: list[str]
    """The redrawn calls, as written in the new examples."""
    changed: frozenset[int]
    """Indexes of the examples whose code changed."""


@dataclass(frozen=True)
class _Draft:
    doc: Docstring
    attempts: list[_Attempt]

    @classmethod
    def of(
        cls,
        doc: Docstring,
        names: TaskNames,
        params: dict[str, list[str]],
        pool: dict[tuple[str, str], list[str]],
        rng: random.Random,
    ) -> _Draft | None:
        if doc.owner not in params or doc.owner == "__init__" or not doc.examples:
            return None
        if doc.broken_examples() or any(
            doc.want(example).lstrip().startswith("Traceback") for example in doc.examples
        ):
            return None
        try:
            uses = names.examples(doc.module_code())
        except cst.ParserSyntaxError:
            return None
        calls = [c for c in uses.calls if c.method == doc.owner and not c.through_class]
        if not calls:
            return None
        attempts: list[_Attempt] = []
        original = uses.module.code
        for _ in range(ATTEMPTS):
            choice: dict[cst.CSTNode, str] = {}
            for call in calls:
                for param, arg in _bound(call.call, params[doc.owner]):
                    text = uses.module.code_for_node(arg.value)
                    new = _redraw(text, pool.get((doc.owner, param), []), rng)
                    if new is not None:
                        choice[arg.value] = new
            if not choice:
                return None
            code = _with_values(uses.module, choice).code
            if code == original or any(a.module_code == code for a in attempts):
                continue
            attempts.append(_attempt(doc, code, original))
        return cls(doc, attempts) if attempts else None


def _redraw(text: str, values: Sequence[str], rng: random.Random) -> str | None:
    """Another value for an argument written ``text``: one the tests pass to the same
    parameter, else for an integer one a little off; None when there is none."""
    current = _literal(text)
    if current is _NOT_LITERAL:
        return None
    others = [v for v in values if _literal(v) != current]
    if others:
        return rng.choice(others)
    if type(current) is int:
        step = rng.choice([1, 2, 3])
        new = current + step if current < step or rng.random() < 0.5 else current - step
        return str(new)
    return None


def _attempt(doc: Docstring, code: str, original: str) -> _Attempt:
    new_lines, old_lines = code.split("\n"), original.split("\n")
    sources, calls, changed = [], [], set()
    line = 0
    for index, example in enumerate(doc.examples):
        count = len(example.code_lines)
        source = "\n".join(new_lines[line : line + count])
        if source != "\n".join(old_lines[line : line + count]):
            changed.add(index)
            calls.append(source)
        sources.append(source + "\n")
        line += count
    return _Attempt(code, sources, calls, frozenset(changed))


def _with_values(module: cst.Module, choice: dict[cst.CSTNode, str]) -> cst.Module:
    """The module with each chosen argument value replaced by the given text."""
    for node, text in choice.items():
        replaced = module.deep_replace(node, cst.parse_expression(text))
        assert isinstance(replaced, cst.Module)
        module = replaced
    return module


def _holds(result: list[Output] | None, attempt: _Attempt, doc: Docstring) -> bool:
    if result is None or len(result) != len(doc.examples):
        return False
    for output in result:
        if output.raised or len(output.text) > LONGEST_OUTPUT or ">>>" in output.text:
            return False
    return True


def moved_lines(old: str, new: str) -> dict[int, int]:
    """Lines of ``old`` found unchanged in ``new`` at another line, old -> new (1-based)."""
    matcher = difflib.SequenceMatcher(a=old.splitlines(), b=new.splitlines(), autojunk=False)
    moved = {}
    for block in matcher.get_matching_blocks():
        for offset in range(block.size):
            if block.a != block.b:
                moved[block.a + offset + 1] = block.b + offset + 1
    return moved
