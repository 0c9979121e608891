"""Operator ``rename`` on the bundled tasks: consistent, drawn from the word list, collision-free,
and the variants are valid tasks (the real check and sandbox)."""

from __future__ import annotations

import ast
import builtins
import keyword
from pathlib import Path

import pytest

from classwright.authoring.lint.fixtures import Fixture, write_fixture
from classwright.authoring.perturb.carry import carry_meta
from classwright.authoring.perturb.engine import Verdict, perturb_folders, perturb_task
from classwright.authoring.perturb.operators.rename import Rename
from classwright.authoring.perturb.vocabulary import split_name, vocabulary
from classwright.authoring.taskdir import load_task_folder

BUNDLED = Path(__file__).resolve().parents[2] / "benchmark" / "tasks"
TASKS = sorted(p for p in BUNDLED.iterdir() if (p / "task.toml").is_file())


def _identifiers(source: str, locals_too: bool = True) -> set[str]:
    """Names of a module: attributes, definitions and (with ``locals_too``) every other name."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif locals_too and isinstance(node, ast.Name):
            names.add(node.id)
        elif locals_too and isinstance(node, ast.arg):
            names.add(node.arg)
    return names


def _renames(folder: Path, seed: int = 1) -> dict[str, str]:
    made = perturb_task(folder, [Rename()], seed)
    assert made.variant is not None, made.steps
    details = made.steps[0].details
    found: dict[str, str] = {}
    for key in ("class", "methods", "fields"):
        found.update(details.get(key, {}))
    return found


@pytest.mark.parametrize("folder", TASKS, ids=lambda p: p.name)
def test_renamed_names_are_gone_and_new_ones_are_fresh_words(folder: Path) -> None:
    made = perturb_task(folder, [Rename()], seed=1)
    assert made.variant is not None and made.steps[0].applied, made.steps
    details = made.steps[0].details
    renamed = {**details["class"], **details.get("methods", {}), **details.get("fields", {})}
    original = load_task_folder(folder)
    before = _identifiers(original.solution_source) | _identifiers(original.tests_source)
    after = _identifiers(made.variant.solution) | _identifiers(made.variant.tests)
    # A method's local variable may share a member's old name (``probability = ...``).
    members_after = _identifiers(made.variant.solution, False) | _identifiers(
        made.variant.tests, False
    )
    words = vocabulary()
    known_words = {w for groups in words.groups.values() for g in groups for w in g}
    for old, new in renamed.items():
        assert old not in members_after, f"{old} is still used after it became {new}"
        assert new in after
        # Never a keyword, a builtin or a name the task had.
        assert not keyword.iskeyword(new) and new not in dir(builtins)
        assert new not in before
        # Every word is the old name's or from the word list (or the class suffix).
        old_words = {w.text.lower() for w in split_name(old)[1]}
        for word in split_name(new)[1]:
            text = word.text.lower()
            singular = text[:-1] if text.endswith("s") else text
            assert (
                text in old_words
                or text in known_words
                or singular in known_words
                or (text.endswith("es") and text[:-2] in known_words)  # progress -> progresses
                or text[:-3] + "y" in known_words
                or word.text in words.class_suffixes
            ), f"{new}: {word.text} is not from the word list"


def test_the_same_seed_renames_alike_and_seeds_differ() -> None:
    folder = BUNDLED / "ParkingGarage"
    assert _renames(folder, 1) == _renames(folder, 1)
    assert len({tuple(sorted(_renames(folder, seed).items())) for seed in range(5)}) > 1


def test_a_word_changes_the_same_way_in_every_name() -> None:
    # ParkingGarage: spots (a field), free_spots (a method) share "spots".
    renamed = _renames(BUNDLED / "ParkingGarage", 1)
    assert renamed["spots"].endswith(renamed["free_spots"].split("_")[-1])


def test_keywords_at_call_sites_follow_the_parameters() -> None:
    made = perturb_task(BUNDLED / "ParkingGarage", [Rename()], seed=1)
    assert made.variant is not None
    params = made.steps[0].details["parameters"]
    # The tests construct garages with keyword arguments of __init__.
    assert "hourly_rate=" in (BUNDLED / "ParkingGarage" / "solution.py").read_text()
    for label, new in params.items():
        method, _, old = label.partition("(")
        old = old.rstrip(")")
        if method == "__init__":
            assert f"{old}=" not in made.variant.tests.replace(f"{new}=", "")


# Each of these once made an invalid variant: a field's name in a docstring renamed as the
# constructor's parameter of the same name (SpellingSuggester), an example whose string holds
# escaped quotes (ExpenseBook). The proof runs the whole check, the sandbox included.
@pytest.mark.parametrize("name", ["SpellingSuggester", "ExpenseBook", "ParkingGarage"])
def test_variants_of_bundled_tasks_are_valid(name: str, tmp_path: Path) -> None:
    report = perturb_folders([BUNDLED / name], [Rename()], seed=1, out=tmp_path / "out")
    [task] = report.tasks
    assert task.verdict == Verdict.WRITTEN, (task.steps, task.problems)
    variant = load_task_folder(tmp_path / "out" / name)
    original = load_task_folder(BUNDLED / name)
    assert variant.record.class_name != original.record.class_name
    assert sorted(len(t) for t in variant.record.test_ids.values()) == sorted(
        len(t) for t in original.record.test_ids.values()
    )


def test_a_private_member_reached_by_its_mangled_name_follows_the_class(tmp_path: Path) -> None:
    # HtmlUtil's tests (ClassEval) call HtmlUtil._HtmlUtil__format_line_feed: Python mangles
    # the class's name into the member's, so the new class name must reach it too.
    solution = '''
class Tally:
    """
    Counts votes.
    """

    def __init__(self):
        """
        self.votes: int, votes so far
        """
        self.votes = 0

    def vote(self) -> int:
        """
        Count one more vote.
        :return: int, the votes so far
        >>> Tally().vote()
        1
        """
        self.votes = self.__next(self.votes)
        return self.votes

    @staticmethod
    def __next(count: int) -> int:
        return count + 1
'''
    tests = """
import unittest

from solution import Tally


class TallyTestVote(unittest.TestCase):
    def test_vote_1(self):
        self.assertEqual(Tally().vote(), 1)

    def test_next(self):
        self.assertEqual(Tally._Tally__next(4), 5)
"""
    folder = write_fixture(Fixture(solution, tests), tmp_path / "tasks" / "Tally")
    report = perturb_folders([folder], [Rename()], seed=0, out=tmp_path / "out")
    [task] = report.tasks
    assert task.verdict == Verdict.WRITTEN, task.problems
    new_class = load_task_folder(tmp_path / "out" / "Tally").record.class_name
    assert (
        f"{new_class}._{new_class}__next(4)"
        in (tmp_path / "out" / "Tally" / "tests.py").read_text()
    )


def test_equivalent_mutants_quote_their_methods_renamed_parameters() -> None:
    # An equivalent mutant is keyed by its line's text: when `rename` renames a method's
    # parameters, the quoted line must name them as the variant's code does, or the check
    # calls the declaration stale (CW711). Another method's parameters of the same name are
    # its own, and stay as they were.
    meta = {
        "equivalent_mutants": [
            {"method": "is_ground", "source": "return 0 <= row < len(self.rows)",
             "original": "0", "replacement": "-1", "reason": "r"},
            {"method": "height", "source": "return self.rows[row]",
             "original": "row", "replacement": "0", "reason": "r"},
        ]
    }  # fmt: skip
    carried = carry_meta(
        meta, {}, {"is_ground": "is_land", "rows": "lines"}, {"is_ground": {"row": "line"}}
    )
    first, second = carried["equivalent_mutants"]
    assert (first["method"], first["source"]) == ("is_land", "return 0 <= line < len(self.lines)")
    assert (second["method"], second["source"]) == ("height", "return self.lines[row]")
    # Without the parameters, only the class's names follow (what left TrailMap's entry stale).
    [alone, _] = carry_meta(meta, {}, {"rows": "lines"})["equivalent_mutants"]
    assert alone["source"] == "return 0 <= row < len(self.lines)"
