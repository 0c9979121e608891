"""Code extraction from raw completions: fences, prose, indentation, continuations."""

from __future__ import annotations

import ast
import json
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from classwright.evaluator.scoring import extraction
from classwright.evaluator.scoring.extraction import (
    add_missing_staticmethod,
    candidate_source,
    extract_code,
)

CLASS = textwrap.dedent(
    """\
    class Stack:
        def __init__(self):
            self.items = []

        def push(self, item):
            self.items.append(item)
            return len(self.items)
    """
).strip()


def defines_stack(code: str) -> bool:
    tree = ast.parse(code)
    return any(isinstance(n, ast.ClassDef) and n.name == "Stack" for n in tree.body)


def test_picks_the_fenced_block_that_defines_the_class_not_the_first() -> None:
    completion = (
        "Usage first:\n```python\ns = Stack()\ns.push(1)\n```\n"
        f"And the class:\n```python\n{CLASS}\n```\nHope this helps."
    )
    result = extract_code(completion, "Stack")
    assert result.method == "fenced"
    assert result.parses
    assert result.code == CLASS


def test_unclosed_last_fence_runs_to_the_end() -> None:
    result = extract_code(f"Here you go:\n```python\n{CLASS}\n", "Stack")
    assert result.code == CLASS


def test_prose_before_and_after_bare_code_is_cut_by_the_parser() -> None:
    completion = (
        "Please complete the class Stack below.\n\nimport os\n"
        f"{CLASS}\n\nThis class keeps items in a list. It is simple."
    )
    result = extract_code(completion, "Stack")
    assert result.method == "plain"
    assert result.code.startswith("import os\nclass Stack:")
    assert "This class keeps" not in result.code
    assert defines_stack(result.code)


def test_code_indented_as_a_whole_is_dedented() -> None:
    result = extract_code(textwrap.indent(CLASS, "        "), "Stack")
    assert result.parses
    assert result.code == CLASS


def test_class_indented_more_than_its_imports_is_reindented_relative_to_the_class() -> None:
    completion = "import os\n    " + CLASS.replace("\n", "\n    ")
    result = extract_code(completion, "Stack")
    assert result.parses
    assert "class Stack:" in result.code.splitlines()
    assert defines_stack(result.code)


def test_method_bodies_continuing_the_prompt_are_wrapped_in_the_class() -> None:
    completion = (
        "    def push(self, item):\n        self.items.append(item)\n        return 1\n\n"
        "    def pop(self):\n        return self.items.pop()\n"
    )
    result = extract_code(completion, "Stack")
    assert result.method == "continuation"
    tree = ast.parse(result.code)
    (cls,) = tree.body
    assert isinstance(cls, ast.ClassDef) and cls.name == "Stack"
    assert [f.name for f in cls.body if isinstance(f, ast.FunctionDef)] == ["push", "pop"]


def test_chat_template_echo_before_the_answer_is_dropped() -> None:
    completion = f"### Instruction: write Stack\nclass Wrong:\n    pass\n### Response:\n{CLASS}"
    result = extract_code(completion, "Stack")
    assert "Wrong" not in result.code
    assert defines_stack(result.code)


def test_prose_without_code_is_reported_as_unparsed() -> None:
    result = extract_code("The class Stack is already complete; nothing to add.", "Stack")
    assert result.method == "unparsed"
    assert not result.parses


def test_methods_without_self_get_staticmethod_like_classeval_does() -> None:
    code = (
        "class M:\n"
        "    def area(r):\n        return r * r\n"
        "    @classmethod\n    def make(cls):\n        return cls()\n"
        "    def size(self):\n        return 1\n"
    )
    fixed = add_missing_staticmethod(code, "M")
    namespace: dict[str, object] = {}
    exec(compile(fixed, "m", "exec"), namespace)
    m = namespace["M"]
    assert m.area(3) == 9  # type: ignore[attr-defined]
    assert fixed.count("@staticmethod") == 1
    assert fixed.count("@classmethod") == 1


def test_import_statements_are_prepended() -> None:
    assert candidate_source(("import math", "import os"), CLASS).startswith(
        "import math\nimport os\nclass Stack:"
    )


@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::SyntaxWarning")
@pytest.mark.parametrize(
    "name", ["ChatGPT_100_c_t0.json", "ChatGPT_100_m_iter.json", "WizardCoder_100_c_t0.json"]
)
def test_every_published_completion_that_holds_the_class_yields_it(
    name: str, classeval_output: Callable[[str], Path]
) -> None:
    path = classeval_output(name)
    records = json.loads(path.read_text(encoding="utf-8"))
    checked = 0
    for record in records:
        for completion in record["predict"]:
            lines = completion.splitlines()
            if not any(line.lstrip().startswith(f"class {record['class_name']}") for line in lines):
                continue
            result = extract_code(completion, record["class_name"])
            tree = ast.parse(result.code)
            names = [n.name for n in tree.body if isinstance(n, ast.ClassDef)]
            assert record["class_name"] in names, record["task_id"]
            checked += 1
    assert checked >= 50


STALLS = {
    "decorators": "@d\n" * 2000,
    "imports": "import os\n" * 4000,
    "prose between imports": "so\nimport os\n" * 2000,
    "unclosed call": "x = f(\n" + "1,\n" * 3000,
    "fenced decorators": "```\n@d\n```\n" * 1000,
    "method headers": "    def f(self):\n" * 3000,
    "prose between decorators": "Note:\n@d\n" * 3000,
}


@pytest.fixture
def parsed_chars(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the characters extraction hands to the parser (and stops a runaway search)."""
    counted: list[int] = []
    real = extraction._parse_outcome

    def counting(code: str) -> ast.Module | SyntaxError:
        counted.append(len(code))
        if sum(counted) > 4 * extraction.PARSE_BUDGET_CHARS:
            raise AssertionError("extraction parsed four times its budget")
        return real(code)

    monkeypatch.setattr(extraction, "_parse_outcome", counting)
    return counted


@pytest.mark.parametrize("name", sorted(STALLS))
def test_a_completion_made_to_stall_the_search_is_parsed_within_the_budget(
    name: str, parsed_chars: list[int]
) -> None:
    result = extract_code(STALLS[name], "Stack")
    assert sum(parsed_chars) <= extraction.PARSE_BUDGET_CHARS
    assert result.method == "unparsed"
    assert not result.parses


def test_the_class_after_a_stalling_run_is_still_found(parsed_chars: list[int]) -> None:
    for prefix in ("@d\n" * 2000, "so\nimport os\n" * 2000, "Note:\n@d\n" * 3000):
        result = extract_code(prefix + CLASS, "Stack")
        assert result.method == "plain"
        assert result.code.endswith(CLASS)
        assert defines_stack(result.code)
    assert sum(parsed_chars) <= 3 * extraction.PARSE_BUDGET_CHARS


def test_a_search_past_the_budget_ends_unparsed_and_says_why() -> None:
    # Each start parses the whole rest of the text (prose lines are valid expressions), so the
    # search needs more than the budget: ended, with the reason, the same on a second try when
    # every text is in the process-wide parse memo.
    size = extraction.PARSE_BUDGET_CHARS // (extraction.MAX_STARTS // 2)
    text = "so\nimport os\n" * (size // 13)
    first = extract_code(text, "Stack")
    again = extract_code(text, "Stack")
    assert first.method == again.method == "unparsed"
    assert first.reason is not None and "parsing" in first.reason
    assert again == first


def test_a_completion_over_the_size_cap_is_not_examined(parsed_chars: list[int]) -> None:
    text = CLASS + "\n# padding\n" * (extraction.MAX_COMPLETION_CHARS // 10)
    result = extract_code(text, "Stack")
    assert parsed_chars == []
    assert result.method == "unparsed"
    assert result.reason is not None and "100,000" in result.reason
    assert len(result.code) == extraction.MAX_COMPLETION_CHARS
    # Just under the cap the same class is found.
    fits = CLASS + "\n# padding" * ((extraction.MAX_COMPLETION_CHARS - len(CLASS)) // 11)
    assert extract_code(fits, "Stack").parses
