"""A task folder compiles into a record whose every derived field comes from the code."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from classwright.authoring.taskdir import load_task, load_task_folder, load_tasks
from classwright.schema import InputError, validate


def test_record_fields_are_derived_from_solution_and_tests(small_task: Path) -> None:
    record = load_task(small_task)
    assert record.task_id == "tally"
    assert record.class_name == "Tally"
    assert record.import_statement == ("import math", "from collections import Counter")
    assert record.fields == ("self.counts", "self.unit")
    assert [m.method_name for m in record.methods_info] == ["add", "add_all", "log_scale"]
    assert record.test_classes == (
        "TallyTestAdd",
        "TallyTestAddAll",
        "TallyTestLogScale",
        "TallyTest",
    )
    assert record.test_ids["TallyTestAdd"] == ("test_add_1", "test_add_2")
    validate("task", record.to_json(), "record")


def test_methods_info_has_description_code_test_class_and_tags(small_task: Path) -> None:
    record = load_task(small_task)
    add_all = record.method("add_all")
    assert add_all.method_description.startswith("def add_all(self, words: list) -> int:\n")
    assert add_all.method_description.rstrip().endswith('"""')
    assert '"""' not in add_all.solution_code
    assert add_all.solution_code.startswith(
        "def add_all(self, words: list) -> int:\n        for word"
    )
    assert add_all.test_class == "TallyTestAddAll"
    assert add_all.test_code.startswith("class TallyTestAddAll(unittest.TestCase):")
    assert add_all.dependencies.method == ("add",)
    assert add_all.dependencies.field == ("self.counts",)
    assert record.method("log_scale").dependencies.lib == ("math",)
    assert record.method("add").dependencies.field == ("self.counts",)


def test_skeleton_keeps_contract_and_constructor_but_no_bodies(small_task: Path) -> None:
    record = load_task(small_task)
    tree = ast.parse(record.skeleton)
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef))
    assert ast.get_docstring(cls) is not None
    methods = {f.name: f for f in cls.body if isinstance(f, ast.FunctionDef)}
    assert len(methods["__init__"].body) == 3  # docstring and both assignments kept
    for name in ("add", "add_all", "log_scale"):
        body = methods[name].body
        assert len(body) == 1 and isinstance(body[0], ast.Expr), name
        assert ast.get_docstring(methods[name]) is not None
    assert methods["log_scale"].decorator_list  # decorators stay
    assert "import math" in record.skeleton


def test_record_test_module_drops_only_the_solution_import(small_task: Path) -> None:
    record = load_task(small_task)
    assert "from solution import" not in record.test
    assert record.test.startswith("import unittest")
    assert "class TallyTest(unittest.TestCase)" in record.test


def test_test_classes_can_be_named_explicitly(small_task: Path) -> None:
    tests = small_task / "tests.py"
    tests.write_text(tests.read_text().replace("TallyTestAddAll", "TallyTestBulk"))
    assert load_task(small_task).method("add_all").test_code == ""
    toml = small_task / "task.toml"
    toml.write_text(toml.read_text() + '\n[test_classes]\nadd_all = "TallyTestBulk"\n')
    info = load_task(small_task).method("add_all")
    assert info.test_class == "TallyTestBulk"
    assert info.test_code.startswith("class TallyTestBulk(")


def test_a_benchmark_folder_loads_every_task(small_task: Path) -> None:
    other = small_task.parent / "Other"
    other.mkdir()
    for name in ("solution.py", "tests.py"):
        (other / name).write_text((small_task / name).read_text())
    (other / "task.toml").write_text(
        (small_task / "task.toml").read_text().replace('"tally"', '"other"')
    )
    assert [r.task_id for r in load_tasks(small_task.parent)] == ["other", "tally"]


def test_duplicate_ids_in_a_benchmark_are_an_error(small_task: Path) -> None:
    other = small_task.parent / "Copy"
    other.mkdir()
    for name in ("solution.py", "tests.py", "task.toml"):
        (other / name).write_text((small_task / name).read_text())
    with pytest.raises(InputError, match="duplicate id 'tally'"):
        load_tasks(small_task.parent)


def test_hidden_folders_are_not_searched_for_tasks(small_task: Path) -> None:
    # A checkout's .venv holds the installed package's copy of the bundled tasks: the same ids.
    installed = small_task.parent / ".venv" / "site-packages" / "benchmark" / "Tally"
    installed.mkdir(parents=True)
    for name in ("solution.py", "tests.py", "task.toml"):
        (installed / name).write_text((small_task / name).read_text())
    assert [r.task_id for r in load_tasks(small_task.parent)] == ["tally"]
    # The same copy in a visible folder is found, and is a duplicate.
    (small_task.parent / ".venv").rename(small_task.parent / "venv")
    with pytest.raises(InputError, match="duplicate id 'tally'"):
        load_tasks(small_task.parent)


@pytest.mark.parametrize(
    ("edit", "where", "message"),
    [
        (lambda f: (f / "solution.py").unlink(), "Tally", "solution.py is missing"),
        (
            lambda f: (f / "solution.py").write_text(
                "class Broken:\n    def f(self)\n        pass\n"
            ),
            "solution.py:2:",
            "syntax error",
        ),
        (
            lambda f: (f / "task.toml").write_text('id = "x"\ntitle = \n'),
            "task.toml:2:",
            "invalid TOML",
        ),
        (
            lambda f: (f / "task.toml").write_text(
                'id = "x"\ntitle = "t"\ntopic = "t"\nauthors = "me"\nprovenance = ["p"]\n'
            ),
            "task.toml:4",
            "is not of type 'array'",
        ),
        (
            lambda f: (f / "tests.py").write_text("import unittest\n\ndef test_x():\n    pass\n"),
            "tests.py",
            "no test classes",
        ),
        (
            lambda f: (f / "solution.py").write_text("class A:\n    pass\n\nclass B:\n    pass\n"),
            "solution.py",
            "exactly one top-level class",
        ),
    ],
)
def test_bad_task_folders_give_one_clear_error(
    small_task: Path, edit, where: str, message: str
) -> None:
    edit(small_task)
    with pytest.raises(InputError) as caught:
        load_task_folder(small_task)
    assert where in caught.value.describe()
    assert message in caught.value.describe()
