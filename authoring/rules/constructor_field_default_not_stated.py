from __future__ import annotations

import re
from collections.abc import Iterable

import libcst as cst

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._contract import field_writes, parameters
from classwright.authoring.rules._examples import CLEAN_TASK, smoke_tests

_STATED = re.compile(
    r"\b(default|defaults|initial|initially|at first|at the start|starts?|starting|until|"
    r"before|while|empty|none|zero|so far)\b",
    re.IGNORECASE,
)
"""Words with which a field's line states the value it starts with."""
_STARTS_EMPTY = re.compile(r"\b(empty|no|nothing|without|untrained|zero)\b", re.IGNORECASE)
"""Words with which an ``__init__`` description says the object starts with nothing in it."""
_FIELD_LINE = re.compile(r"^\s*self\.(\w+)\s*:")


def _field_paragraphs(text: str) -> dict[str, str]:
    """Field name -> its ``self.name: type, meaning`` line with the lines that continue it."""
    found: dict[str, str] = {}
    current = ""
    for line in text.splitlines():
        match = _FIELD_LINE.match(line)
        if match:
            current = match.group(1)
            found.setdefault(current, "")
            found[current] += line.split(":", 1)[1] + " "
        elif current and line.strip() and not line.strip().startswith((":", ">>>")):
            found[current] += line.strip() + " "
        else:
            current = ""
    return found


def _description(text: str) -> str:
    """What an ``__init__`` docstring says before its first field or parameter line."""
    lines = []
    for line in text.splitlines():
        if _FIELD_LINE.match(line) or line.strip().startswith((":", ">>>")):
            break
        lines.append(line)
    return " ".join(lines)


def _literal_texts(value: cst.BaseExpression) -> list[str] | None:
    """The texts a docstring would show for a literal value (each element of a container);
    None when the value is not a literal."""
    if isinstance(value, cst.Integer | cst.Float):
        return [value.value]
    if isinstance(value, cst.SimpleString):
        text = value.evaluated_value
        return [text if isinstance(text, str) else ""]
    if isinstance(value, cst.Name) and value.value in {"True", "False", "None"}:
        return [value.value]
    if isinstance(value, cst.List | cst.Tuple | cst.Set):
        texts: list[str] = []
        for element in value.elements:
            inner = _literal_texts(element.value)
            if inner is None:
                return None
            texts.extend(inner)
        return texts
    if isinstance(value, cst.Dict) and not value.elements:
        return []
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and not value.args:
        # set(), dict(), list(): empty containers.
        return [] if value.func.value in {"set", "dict", "list", "tuple"} else None
    return None


def _is_empty(texts: list[str]) -> bool:
    return not texts or (len(texts) == 1 and texts[0] in {"0", "0.0", "", "None", "False"})


def _shown(ctx: TaskContext, value: cst.BaseExpression) -> str:
    """The starting value as a message shows it (braces would read as a template slot)."""
    if isinstance(value, cst.Dict) or (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Name)
        and value.func.value == "dict"
    ):
        return "an empty dict"
    return f"`{ctx.solution.code(value)}`"


class _Names(cst.CSTVisitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_Name(self, node: cst.Name) -> None:
        self.names.add(node.value)


class FieldDefaultNotStated(Rule):
    """
    ## What it does
    Flags a field documented as `self.name: type, meaning` whose starting value the
    docstrings do not state, where the project's convention (`self.name: type, meaning and
    default`) expects it. Read statically: a field set from an `__init__` parameter takes its
    default from the parameter's line and is skipped, as is one whose value is not a literal.
    A literal starting value counts as stated when its line (with the lines that continue it)
    shows the value itself (`0`, `"X"`, each element of a list) or says how it starts
    (`default`, `initially`, `at first`, `starting at`, `until`, `before`, `while`, `empty`,
    `none`, `zero`, `so far`). An empty or zero value (`{}`, `[]`, `set()`, `0`, `""`,
    `None`) of a field listed in the `__init__` docstring also counts as stated when the
    description above the list says the object starts empty (`Create an empty board.`,
    `no vehicle is parked`, `an untrained model`); a field listed in the class docstring
    must state it on its own line.

    ## Why it matters
    A model writes `__init__` from the docstrings alone. When they never say what
    `self.copies` holds before the first call, `{}`, `None` and a dict of zeros are all
    faithful readings, and the tests that read the field after construction fail the ones the
    author did not pick.

    ## Example
    ```python
    class Library:
        \"\"\"
        Lends books.
        self.copies: dict, title -> number of copies
        \"\"\"
    ```

    ## Use instead
    ```python
    class Library:
        \"\"\"
        Lends books.
        self.copies: dict, title -> number of copies, empty at first
        \"\"\"
    ```
    """

    code = "CW306"
    name = "field-default-not-stated"
    severity = Severity.WARNING
    MESSAGE = "Field `self.{field}` starts as {value}, which its docstring line does not state"

    VALID = (
        CLEAN_TASK,
        Fixture(
            solution='''
            class Library:
                """Lends books."""

                def __init__(self):
                    """
                    Create a library without books.
                    self.copies: dict, title -> number of copies
                    self.next_id: int, the id of the next loan, starting at 1
                    """
                    self.copies = {}
                    self.next_id = 1
            ''',
            tests=smoke_tests("Library"),
        ),
    )
    INVALID = (
        Fixture(
            solution='''
            class Library:
                """
                Lends books.
                self.copies: dict, title -> number of copies
                """

                def __init__(self):
                    """Create a library."""
                    self.copies = {}
            ''',
            tests=smoke_tests("Library"),
            line=9,
            column=9,
        ),
        Fixture(
            solution='''
            class Game:
                """A game played in rounds."""

                def __init__(self):
                    """
                    Create a game.
                    self.round: int, the round being played
                    """
                    self.round = 1
            ''',
            tests=smoke_tests("Game"),
            line=9,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        if ctx.init is None:
            return
        init_text = ctx.docstring(ctx.init) or ""
        in_init = _field_paragraphs(init_text)
        in_class = _field_paragraphs(ctx.docstring(ctx.class_def) or "")
        starts_empty = bool(_STARTS_EMPTY.search(_description(init_text)))
        params = {p.name.value for p in parameters(ctx.init)}
        seen: set[str] = set()
        for field, target, value in field_writes(ctx.init):
            if field in seen or value is None:
                continue
            seen.add(field)
            line = in_init.get(field, in_class.get(field))
            if line is None:
                continue  # CW303 reports a field the docstrings never mention
            names = _Names()
            value.visit(names)
            texts = _literal_texts(value)
            if names.names & params or texts is None:
                continue
            if _STATED.search(line) or (texts and all(t in line for t in texts)):
                continue
            if _is_empty(texts) and field in in_init and starts_empty:
                continue
            yield self.report(ctx, ctx.solution, target, field=field, value=_shown(ctx, value))
