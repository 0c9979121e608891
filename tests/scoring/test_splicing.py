"""Cutting generated methods out of completions and splicing them into the class with LibCST."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

from classwright.evaluator.scoring.splicing import assemble_class, extract_method, splice
from classwright.schema.io import load_records


def test_method_from_fenced_block_with_prose_around() -> None:
    completion = textwrap.dedent(
        """\
        Here is the method:
        ```python
        def total(self, items):
            return sum(items)
        ```
        It adds the items up.
        """
    )
    assert extract_method(completion, "total") == (
        "    def total(self, items):\n        return sum(items)\n"
    )


def test_method_inside_a_whole_class_answer_is_found_and_dedented() -> None:
    completion = textwrap.dedent(
        """\
        ```python
        class Cart:
            def __init__(self):
                self.items = []

            def total(self):
                return len(self.items)

            def other(self):
                return 0
        ```
        """
    )
    assert extract_method(completion, "total") == (
        "    def total(self):\n        return len(self.items)\n"
    )


def test_decorators_come_along_and_trailing_prose_is_cut_by_the_parser() -> None:
    completion = (
        "### Response:\n    @staticmethod\n    def twice(x):\n        return 2 * x\nThis doubles x."
    )
    assert extract_method(completion, "twice") == (
        "    @staticmethod\n    def twice(x):\n        return 2 * x\n"
    )


def test_unclosed_fence_and_body_indented_by_eight_as_classeval_writes_it() -> None:
    completion = "```python\ndef clear(self):\n        self.items = []\n        return True\n"
    method = extract_method(completion, "clear")
    assert method is not None
    assert "return True" in method
    ast.parse("class A:\n" + method)


def test_gibberish_and_other_methods_give_nothing() -> None:
    assert extract_method("espter lobals match alloi {{ isA args only", "total") is None
    assert extract_method("def totally(self):\n    return 1\n", "total") is None
    assert extract_method("def total(self:\n    return (\n", "total") is None


def test_splice_replaces_the_stub_keeps_the_rest_and_appends_new_methods() -> None:
    base = textwrap.dedent(
        '''\
        import math


        class Shape:
            """A shape."""

            def __init__(self, r):
                self.r = r

            def area(self):
                """The area."""

            def name(self):
                return "shape"
        '''
    )
    code = splice(
        base,
        "Shape",
        {
            "area": "    def area(self):\n        return math.pi * self.r**2\n",
            "extra": "def extra(self):\n    return 1\n",
        },
    )
    tree = ast.parse(code)
    shape = next(n for n in tree.body if isinstance(n, ast.ClassDef))
    names = [n.name for n in shape.body if isinstance(n, ast.FunctionDef)]
    assert names == ["__init__", "area", "name", "extra"]
    namespace: dict[str, object] = {}
    exec(compile(code, "<spliced>", "exec"), namespace)
    shape_class = namespace["Shape"]
    assert round(shape_class(1).area(), 5) == 3.14159  # type: ignore[operator]
    assert shape_class(1).name() == "shape"  # type: ignore[operator]
    assert '"""A shape."""' in code


def test_canonical_methods_reassemble_every_classeval_class(classeval_data: Path) -> None:
    """Extracting each canonical method and splicing it back yields the canonical bodies."""
    for record in load_records(classeval_data):
        methods = {}
        for info in record.methods_info:
            extracted = extract_method(info.solution_code, info.method_name)
            assert extracted is not None, (record.task_id, info.method_name)
            methods[info.method_name] = extracted
        code = assemble_class(record, methods)
        assert code is not None, record.task_id
        tree = ast.parse(code)
        cls = next(
            n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == record.class_name
        )
        spliced = {n.name: n for n in cls.body if isinstance(n, ast.FunctionDef)}
        solution = ast.parse(record.solution_code)
        canonical_class = next(
            n for n in solution.body if isinstance(n, ast.ClassDef) and n.name == record.class_name
        )
        canonical = {n.name: n for n in canonical_class.body if isinstance(n, ast.FunctionDef)}
        for info in record.methods_info:
            assert _body(spliced[info.method_name]) == _body(canonical[info.method_name]), (
                record.task_id,
                info.method_name,
            )


def _body(function: ast.FunctionDef) -> list[str]:
    statements = function.body
    if (
        statements
        and isinstance(statements[0], ast.Expr)
        and isinstance(statements[0].value, ast.Constant)
    ):
        statements = statements[1:]  # the docstring, present in skeleton-derived code only
    return [ast.dump(statement) for statement in statements]


def test_unusable_methods_leave_the_skeleton_stub_so_the_class_still_loads(
    classeval_data: Path,
) -> None:
    record = load_records(classeval_data)[0]
    code = assemble_class(record, {info.method_name: "" for info in record.methods_info})
    assert code is not None
    namespace: dict[str, object] = {}
    exec(compile(code, "<assembled>", "exec"), namespace)
    assert isinstance(namespace[record.class_name], type)
    assembled = _methods(code, record.class_name)
    skeleton = _methods(record.skeleton, record.class_name)
    for info in record.methods_info:
        assert ast.dump(assembled[info.method_name]) == ast.dump(skeleton[info.method_name])


def _methods(code: str, class_name: str) -> dict[str, ast.FunctionDef]:
    tree = ast.parse(code)
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == class_name)
    return {n.name: n for n in cls.body if isinstance(n, ast.FunctionDef)}
