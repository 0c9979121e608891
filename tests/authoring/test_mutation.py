"""Mutation operators: each one plants the fault it promises, at the exact place, deterministically."""

from __future__ import annotations

import textwrap

import pytest

from classwright.authoring.adequacy.mutation import OPERATORS, Mutant, generate_mutants


def _module(body: str) -> str:
    return "import logging\n\n\nclass Box:\n" + textwrap.indent(textwrap.dedent(body), "    ")


def _changes(source: str, operator: str) -> set[tuple[str, str]]:
    return {(m.original, m.replacement) for m in generate_mutants(source, operators=[operator])}


def test_arithmetic_swaps_binary_augmented_and_unary_operators() -> None:
    source = _module(
        """
        def f(self, a, b):
            a += b
            return -(a * b) + a // b - a % b
        """
    )
    assert _changes(source, "arithmetic") == {
        ("+=", "-="),
        ("*", "/"),
        ("+", "-"),
        ("//", "/"),
        ("-", "+"),
        ("%", "/"),
        ("-", ""),
    }


def test_comparison_swaps_every_comparison_operator() -> None:
    source = _module(
        """
        def f(self, a, b):
            return [a < b, a <= b, a > b, a >= b, a == b, a != b, a is b, a is not b, a in b, a not in b]
        """
    )
    assert _changes(source, "comparison") == {
        ("<", "<="),
        ("<=", "<"),
        (">", ">="),
        (">=", ">"),
        ("==", "!="),
        ("!=", "=="),
        ("is", "is not"),
        ("is not", "is"),
        ("in", "not in"),
        ("not in", "in"),
    }


def test_boolean_swaps_and_or_and_drops_not() -> None:
    source = _module(
        """
        def f(self, a, b):
            return a and b or not a
        """
    )
    assert _changes(source, "boolean") == {("and", "or"), ("or", "and"), ("not ", "")}


def test_negate_condition_covers_if_while_and_conditional_expressions() -> None:
    source = _module(
        """
        def f(self, items):
            while items:
                items.pop()
            if self.ready():
                return 1 if items else 2
        """
    )
    assert _changes(source, "negate-condition") == {
        ("items", "not items"),
        ("self.ready()", "not self.ready()"),
    }
    mutants = generate_mutants(source, operators=["negate-condition"])
    assert len(mutants) == 3  # the while test and the conditional expression are distinct places


def test_constants_move_by_one_flip_and_empty() -> None:
    source = _module(
        """
        def f(self):
            return [3, 2.5, True, "ab", "", [1], {"k": 1}, (1, 2)]
        """
    )
    assert _changes(source, "constant-off-by-one") >= {("3", "4"), ("3", "2"), ("2.5", "3.5")}
    assert _changes(source, "constant-negated") == {("2.5", "-2.5"), ("True", "False")}
    assert _changes(source, "constant-empty") == {
        ('"ab"', '""'),
        ('""', '"XX"'),
        ("[1]", "[]"),
        ('{"k": 1}', "{}"),
        ('"k"', '""'),
        ("1, 2", ""),
        (
            '[3, 2.5, True, "ab", "", [1], {"k": 1}, (1, 2)]',
            "[]",
        ),
    }


def test_return_value_becomes_none_except_for_none_and_bool_literals() -> None:
    source = _module(
        """
        def f(self, a):
            if a:
                return a + 1
            if a is None:
                return None
            return False
        """
    )
    assert _changes(source, "return-value") == {("a + 1", "None")}


def test_remove_statement_replaces_simple_statements_by_pass() -> None:
    source = _module(
        """
        def f(self, a):
            self.total = a
            self.items.append(a)
            raise ValueError(a)
            return a
        """
    )
    assert _changes(source, "remove-statement") == {
        ("self.total = a", "pass"),
        ("self.items.append(a)", "pass"),
        ("raise ValueError(a)", "pass"),
    }


def test_slice_bound_drops_each_bound() -> None:
    source = _module(
        """
        def f(self, text, n):
            return text[n:-1]
        """
    )
    assert _changes(source, "slice-bound") == {("n", ""), ("-1", "")}


def test_range_bound_moves_computed_bounds_only() -> None:
    source = _module(
        """
        def f(self, items, start):
            return [range(len(items)), range(start, 10)]
        """
    )
    assert _changes(source, "range-bound") == {
        ("len(items)", "len(items) + 1"),
        ("len(items)", "len(items) - 1"),
        ("start", "start + 1"),
        ("start", "start - 1"),
    }


def test_loop_control_swaps_break_and_continue() -> None:
    source = _module(
        """
        def f(self, items):
            for x in items:
                if x:
                    break
                continue
        """
    )
    assert _changes(source, "loop-control") == {("break", "continue"), ("continue", "break")}


def test_every_operator_is_exercised_above() -> None:
    # Keeps this file honest when an operator is added.
    tested = {
        "arithmetic",
        "comparison",
        "boolean",
        "negate-condition",
        "constant-off-by-one",
        "constant-negated",
        "constant-empty",
        "return-value",
        "remove-statement",
        "slice-bound",
        "range-bound",
        "loop-control",
    }
    assert tested == set(OPERATORS)


def test_mutant_records_exact_range_and_splices_only_that_text() -> None:
    source = _module(
        """
        def f(self, a, b):
            return a <  b  # keep this comment
        """
    )
    (mutant,) = generate_mutants(source, operators=["comparison"])
    lines = source.splitlines()
    assert mutant.id == "f/comparison/7:18-7:19"
    assert (mutant.line, mutant.range.column) == (7, 18)
    assert lines[6][mutant.range.column - 1 : mutant.range.end_column - 1] == "<"
    assert mutant.source.splitlines()[6] == "        return a <=  b  # keep this comment"
    assert mutant.diff(source) == (
        "@@ -7,1 +7,1 @@\n"
        "-        return a <  b  # keep this comment\n"
        "+        return a <=  b  # keep this comment"
    )


def test_two_mutants_at_one_range_get_distinct_ids() -> None:
    source = _module(
        """
        def f(self):
            return 7
        """
    )
    ids = [m.id for m in generate_mutants(source, operators=["constant-off-by-one"])]
    assert ids == ["f/constant-off-by-one/7:16-7:17", "f/constant-off-by-one/7:16-7:17#2"]


def test_mutants_with_the_same_bytecode_as_the_original_or_each_other_are_dropped() -> None:
    # `2 - 1` folds to 1 at compile time: `2 - 0`, `1 - 0`... are duplicates or equivalents.
    source = _module(
        """
        def f(self):
            return 2 - 1
        """
    )
    mutants = generate_mutants(source, operators=["arithmetic", "constant-off-by-one"])
    results = []
    for m in mutants:
        namespace: dict[str, object] = {}
        exec(m.source, namespace)
        results.append(namespace["Box"]().f())  # type: ignore[operator]
    assert 1 not in results  # equivalent to the original
    assert len(results) == len(set(results))  # no two mutants behave alike
    assert sorted(results) == [0, 2, 3]


def test_docstrings_logging_and_other_classes_are_not_mutated() -> None:
    source = (
        "import logging\n\n\n"
        "class Helper:\n"
        "    def g(self):\n"
        "        return 1\n\n\n"
        "class Box:\n"
        "    def f(self):\n"
        '        """Return 5."""\n'
        '        logging.info("value %d", 5)\n'
        "        return 5\n"
    )
    mutants = generate_mutants(source, class_name="Box")
    assert {m.method for m in mutants} == {"f"}
    assert all(m.line == 13 for m in mutants)


def test_exception_messages_are_not_emptied() -> None:
    source = _module(
        """
        def f(self, a):
            if a < 0:
                raise ValueError(f"negative: {a}" + "!")
            return "ok"
        """
    )
    assert _changes(source, "constant-empty") == {('"ok"', '""')}
    assert _changes(source, "comparison")  # the condition of the raise is still mutated


def test_generation_is_deterministic_and_sampling_is_seeded() -> None:
    source = _module(
        """
        def f(self, a, b):
            if a > b and a != 0:
                return a * 2 + b
            return [a, b, "x"]
        """
    )
    first = generate_mutants(source)
    assert [m.id for m in first] == [m.id for m in generate_mutants(source)]
    sample = generate_mutants(source, seed=3, max_mutants=5)
    assert [m.id for m in sample] == [m.id for m in generate_mutants(source, seed=3, max_mutants=5)]
    assert len(sample) == 5
    order = {m.id: i for i, m in enumerate(first)}
    assert [order[m.id] for m in sample] == sorted(order[m.id] for m in sample)
    other = {m.id for m in generate_mutants(source, seed=4, max_mutants=5)}
    assert other != {m.id for m in sample}


def test_every_mutant_compiles_and_differs_from_the_original() -> None:
    source = _module(
        """
        def f(self, a, b):
            total = 0
            for i in range(len(a)):
                if a[i] >= b or not a:
                    total += a[i] ** 2
            return total / len(a[1:])
        """
    )
    mutants = generate_mutants(source)
    assert len(mutants) > 15
    for mutant in mutants:
        assert isinstance(mutant, Mutant)
        compile(mutant.source, "solution.py", "exec")
        assert mutant.source != source


def test_unknown_operator_and_invalid_source_are_rejected() -> None:
    with pytest.raises(ValueError, match="unknown mutation operators: nope"):
        generate_mutants(_module("def f(self):\n    return 1\n"), operators=["nope"])
    with pytest.raises(SyntaxError):
        generate_mutants("class Box:\n    def f(self:\n")
