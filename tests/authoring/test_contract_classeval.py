"""The contract reader on ClassEval's 100 public tasks: which parameter types it reads, and
that the rules, fuzzing and the reader agree on them."""

from __future__ import annotations

import ast
import json
import re
import textwrap
import warnings
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from classwright.authoring.adequacy.fuzzing import plan_fuzz
from classwright.authoring.adequacy.strategies import generatable
from classwright.authoring.check import check_task
from classwright.authoring.classeval_import import import_classeval, read_classeval
from classwright.authoring.lint.context import CheckSettings
from classwright.authoring.taskdir import load_task
from classwright.cli import app
from classwright.evaluator.contract import parse_method_contract

# Documented parameters whose type the reader leaves unread, by the form their text takes.
UNREAD = {
    # a board size before the type
    ("EightPuzzle", "__init__", "initial_state"),
    ("EightPuzzle", "find_blank", "state"),
    ("EightPuzzle", "move", "state"),
    ("EightPuzzle", "get_possible_moves", "state"),
    # prose only (a matrix and its shape)
    ("KappaCalculator", "kappa", "testData"),
    ("KappaCalculator", "fleiss_kappa", "testData"),
    # the type as the last word of a noun phrase, without a comma
    ("Lemmatization", "lemmatize_sentence", "sentence"),
    ("Lemmatization", "get_pos_tag", "sentence"),
    ("Lemmatization", "remove_punctuation", "sentence"),
    ("LongestWord", "find_longest_word", "sentence"),
    # "list of" followed by a count and prose
    ("MahjongConnect", "__init__", "BOARD_SIZE"),
    # a noun before the type, and the type followed by its field names in parentheses
    ("MahjongConnect", "is_valid_move", "pos1"),
    ("MahjongConnect", "is_valid_move", "pos2"),
    ("MahjongConnect", "has_path", "pos1"),
    ("MahjongConnect", "has_path", "pos2"),
    ("MahjongConnect", "remove_icons", "pos1"),
    ("MahjongConnect", "remove_icons", "pos2"),
    # types named inside a sentence
    ("MetricsCalculator2", "mrr", "data"),
    ("MetricsCalculator2", "map", "data"),
    # "list of" followed by words that are not types
    ("NLPDataProcessor", "remove_stop_words", "stop_word_list"),
    ("NLPDataProcessor2", "calculate_word_frequency", "words_list"),
    ("VectorUtil", "n_similarity", "vector_list_1"),
    ("VectorUtil", "n_similarity", "vector_list_2"),
    # prose only
    ("RegexUtils", "sub", "replacement"),
    ("RegexUtils", "split_sentences", "text"),
    ("RegexUtils", "validate_phone_number", "phone_number"),
    ("TextFileProcessor", "write_file", "content"),
    ("TimeUtils", "datetime_to_string", "datetime"),
    ("Warehouse", "create_order", "quantity"),
    ("Words2Numbers", "is_valid_input", "textnum"),
    # a misspelt type name
    ("RPGCharacter", "__init__", "name"),
}


@pytest.fixture(scope="module")
def imported(real_classeval_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    # ClassEval's own tasks: every figure below is a fact of them, not of any task set.
    out = tmp_path_factory.mktemp("classeval")
    outcomes = list(import_classeval(read_classeval(real_classeval_data), out, jobs=2))
    assert all(o.error is None for o in outcomes)
    return out


def documented_params(folder: Path) -> list[tuple[str, str, str, str | None]]:
    """(class, method, parameter, type read) for every ``:param`` of the task's solution."""
    with warnings.catch_warnings():
        # Some solutions hold regular expressions in plain strings ("\d").
        warnings.simplefilter("ignore", SyntaxWarning)
        warnings.simplefilter("ignore", DeprecationWarning)
        tree = ast.parse((folder / "solution.py").read_text(encoding="utf-8"))
    classes = {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
    found: list[tuple[str, str, str, str | None]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            contract = parse_method_contract(ast.get_docstring(node) or "", classes)
            found.extend(
                (folder.name, node.name, p.name, None if p.type is None else str(p.type))
                for p in contract.params
            )
    return found


def test_the_reader_types_477_of_classevals_508_documented_parameters(imported: Path) -> None:
    params = [p for folder in sorted(imported.iterdir()) for p in documented_params(folder)]
    assert len(params) == 508
    unread = {(cls, method, name) for cls, method, name, found in params if found is None}
    assert unread == UNREAD
    assert len(params) - len(unread) == 477
    read = Counter(found for *_, found in params if found is not None)
    # The three forms that fuzzing could not read before: type last, a class, a union.
    assert read["float"] == 26
    assert read["datetime"] == 5
    assert read["BankAccount"] == 1
    assert read["int | float"] == 1


FLAGGED = re.compile(r"Parameter `(\w+)` of `(\w+)`")
METHOD = re.compile(r"Method `(\w+)` has no description")


def test_a_parameter_the_rules_accept_is_one_fuzzing_can_draw(imported: Path) -> None:
    """CW102 flags a method without a docstring, CW103 an undocumented parameter, CW104 an
    unread type, CW401 a class; fuzzing draws values for every other parameter."""
    accepted = 0
    settings = CheckSettings(static_only=True)
    for folder in sorted(imported.iterdir()):
        result = check_task(folder, ["CW102", "CW103", "CW104", "CW401"], settings)
        flagged = {m.groups() for f in result.findings if (m := FLAGGED.search(f.message))}
        undescribed = {m[1] for f in result.findings if (m := METHOD.search(f.message))}
        plan = plan_fuzz(load_task(folder))
        for method in (plan.constructor, *plan.methods):
            for param in method.parameters:
                if param.has_default or method.name in undescribed:
                    continue
                if (param.name, method.name) in flagged:
                    continue
                accepted += 1
                assert param.type is not None and generatable(param.type), (folder, param)
    assert accepted == 430


CANDIDATE = textwrap.dedent(
    """\
    import math


    class AreaCalculator:
        def __init__(self, radius):
            self.radius = radius

        def calculate_circle_area(self):
            return math.pi * self.radius * self.radius

        def calculate_sphere_area(self):
            return 4 * math.pi * self.radius * self.radius

        def calculate_cylinder_area(self, height):
            return 2 * math.pi * self.radius * self.radius + 2 * math.pi * self.radius * height

        def calculate_sector_area(self, angle):
            # Wrong past one full turn: the angle is wrapped.
            if angle > 2 * math.pi:
                angle = angle % (2 * math.pi)
            return self.radius * self.radius * angle / 2

        def calculate_annulus_area(self, inner_radius, outer_radius):
            return math.pi * (outer_radius**2 - inner_radius**2)
    """
)


def test_all_five_area_calculator_methods_are_fuzzed(imported: Path, tmp_path: Path) -> None:
    candidate = tmp_path / "area.py"
    candidate.write_text(CANDIDATE, encoding="utf-8")
    task = str(imported / "AreaCalculator")
    options = ["--candidate", str(candidate), "--format", "json", "--max-examples", "50"]
    run = CliRunner().invoke(app, ["fuzz", task, *options])
    assert run.exit_code == 1, run.output
    (result,) = json.loads(run.stdout)
    assert result["skipped"] == {}
    assert set(result["examples"]) == {
        "calculate_circle_area",
        "calculate_sphere_area",
        "calculate_cylinder_area",
        "calculate_sector_area",
        "calculate_annulus_area",
    }
    # Only the wrapped angle is wrong; the other formulas agree with the canonical solution.
    assert [d["method"] for d in result["divergences"]] == ["calculate_sector_area"]
