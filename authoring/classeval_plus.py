"""ClassEval+: our repairs and added tests, applied to a user's own copy of ClassEval's data.

The overlay holds only what this project wrote. Per task, ``<overlay>/<task_id>/`` may hold

- ``repairs.toml``, checked against ``schema/overlay.schema.json``: ``[exclude] reason`` (the
  task cannot be made valid offline), ``[[replace]] test, reason`` (a published test method is
  replaced by ours, of the same name, in ``tests_plus.py``), ``[[remove]] test, reason``,
  ``[prompt] suppress`` (prompt-side rule codes whose findings stay, because the prompt is kept
  byte-identical to ClassEval), ``[[test_class]] method, test_class, reason`` (the record names
  the wrong method-level test class), ``[[equivalent_mutant]] method, line, original,
  replacement, reason`` (a surviving mutant no test can observe, written into ``task.toml`` for
  the kill-rate rule to leave out) and ``[[uncovered_branch]] branch, source, reason`` (a
  branch of the canonical solution no valid test can take, written into ``task.toml`` for the
  coverage rule to leave out);
- ``tests_plus.py``: test classes whose methods are added to the published test class of the
  same name (or, for a class the published module lacks, the whole class). Its imports join the
  module's; ``from solution import ...`` lines are dropped, the module already has one.

The solution, and with it the skeleton a model is given, is never touched.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import libcst as cst

from classwright.authoring.equivalents import EquivalentMutant
from classwright.authoring.source import parse_source, read_source
from classwright.authoring.testmodule import SOLUTION_MODULE, is_test_case
from classwright.authoring.uncovered import BadBranch, UncoveredBranch, parse_branch
from classwright.schema.errors import InputError
from classwright.schema.validation import validate

REPAIRS_FILE = "repairs.toml"
ADDED_TESTS_FILE = "tests_plus.py"
PROMPT_REASON = "prompt kept identical to ClassEval"
PROMPT_FAMILIES = ("CW1", "CW2", "CW3", "CW4")
"""The rule families a ``[prompt] suppress`` code may come from; the schema's pattern for the
codes (``CW[1-4]xx``) says the same."""
_IN_CHECKOUT = Path("benchmark") / "classeval-plus"
BUNDLED_OVERLAY = (
    _IN_CHECKOUT
    if _IN_CHECKOUT.is_dir()
    else Path(__file__).resolve().parents[1] / "benchmark" / "classeval-plus"
)
"""The overlay of the checkout the command runs in (like `--tasks benchmark/tasks`), where it
is being edited, else the one installed with classwright: the wheel carries it as
``classwright/benchmark/classeval-plus``, the same place relative to this module as in a
checkout."""


@dataclass(frozen=True)
class TestRepair:
    """One published test method replaced by ours or removed, and why."""

    action: str
    """"replace" or "remove"."""
    test_class: str
    method: str
    reason: str


@dataclass(frozen=True)
class TestClassRepair:
    """A method whose method-level test class ClassEval's record names wrongly, and why."""

    method: str
    test_class: str
    reason: str


@dataclass(frozen=True)
class TaskOverlay:
    """What ClassEval+ changes in one task."""

    task_id: str
    folder: Path
    excluded: str | None = None
    """Why the task is left out, or None when it is kept."""
    repairs: tuple[TestRepair, ...] = ()
    prompt_suppressions: tuple[str, ...] = ()
    test_classes: tuple[TestClassRepair, ...] = ()
    equivalent_mutants: tuple[EquivalentMutant, ...] = ()
    uncovered_branches: tuple[UncoveredBranch, ...] = ()
    added_tests: str | None = None
    """The text of ``tests_plus.py``, when there is one."""


@dataclass
class OverlaidTests:
    """A test module after the overlay, and a provenance line per change."""

    source: str
    notes: list[str] = field(default_factory=list)


def _test_repairs(data: Mapping[str, Any]) -> list[TestRepair]:
    repairs = []
    for action in ("replace", "remove"):
        for item in data.get(action, []):
            test_class, method = item["test"].split(".")
            repairs.append(TestRepair(action, test_class, method, item["reason"]))
    return repairs


def _uncovered_branches(data: Mapping[str, Any], path: Path) -> list[UncoveredBranch]:
    branches = []
    for n, item in enumerate(data.get("uncovered_branch", []), 1):
        # Not a schema pattern: parse_branch is the one reading of a branch name, shared with
        # task.toml and the coverage rules, so the overlay cannot accept a name they reject.
        try:
            parse_branch(item["branch"])
        except BadBranch as exc:
            raise InputError(path, f"[[uncovered_branch]] number {n}: {exc}") from None
        branches.append(UncoveredBranch.from_json(item))
    return branches


def retarget_test_classes(
    overrides: dict[str, str], conventional: Mapping[str, str], overlay: TaskOverlay
) -> list[str]:
    """Point each repaired method at its test class in ``overrides`` (method -> class, only
    where the name is not the conventional one); returns a provenance line per change."""
    notes = []
    for repair in overlay.test_classes:
        if repair.method not in conventional:
            raise InputError(
                overlay.folder / REPAIRS_FILE,
                f"[[test_class]] {repair.method}: no such method in the class",
            )
        was = overrides.get(repair.method, conventional[repair.method])
        if repair.test_class == conventional[repair.method]:
            overrides.pop(repair.method, None)
        else:
            overrides[repair.method] = repair.test_class
        notes.append(
            f"method {repair.method} is tested by {repair.test_class}, not {was}: {repair.reason}"
        )
    return notes


def read_task_overlay(folder: Path) -> TaskOverlay:
    """The overlay of one task folder (named by its ClassEval task id)."""
    repairs_path = folder / REPAIRS_FILE
    data: dict[str, Any] = {}
    if repairs_path.is_file():
        try:
            data = tomllib.loads(read_source(repairs_path))
        except tomllib.TOMLDecodeError as exc:
            raise InputError(repairs_path, f"invalid TOML: {exc}") from None
    # The schema checks every key, type and shape; what follows reads what it has let through.
    validate("overlay", data, str(repairs_path))
    excluded = data["exclude"]["reason"] if "exclude" in data else None
    codes = data.get("prompt", {}).get("suppress", [])
    added_path = folder / ADDED_TESTS_FILE
    added = read_source(added_path) if added_path.is_file() else None
    return TaskOverlay(
        task_id=folder.name,
        folder=folder,
        excluded=excluded,
        repairs=tuple(_test_repairs(data)),
        prompt_suppressions=tuple(sorted(set(codes))),
        test_classes=tuple(
            TestClassRepair(item["method"], item["test_class"], item["reason"])
            for item in data.get("test_class", [])
        ),
        equivalent_mutants=tuple(
            EquivalentMutant.from_json(item) for item in data.get("equivalent_mutant", [])
        ),
        uncovered_branches=tuple(_uncovered_branches(data, repairs_path)),
        added_tests=added,
    )


def read_overlay(root: Path) -> dict[str, TaskOverlay]:
    """Every task's overlay under ``root``, by task id."""
    if not root.is_dir():
        raise InputError(root, "no such ClassEval+ overlay folder")
    overlays = {}
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        if (folder / REPAIRS_FILE).is_file() or (folder / ADDED_TESTS_FILE).is_file():
            overlays[folder.name] = read_task_overlay(folder)
    return overlays


def _is_solution_import(stmt: cst.BaseStatement) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and any(
        isinstance(s, cst.ImportFrom)
        and isinstance(s.module, cst.Name)
        and s.module.value == SOLUTION_MODULE
        for s in stmt.body
    )


def _is_docstring(stmt: cst.BaseStatement) -> bool:
    # The module docstring of tests_plus.py describes that file, not the merged module.
    return (
        isinstance(stmt, cst.SimpleStatementLine)
        and len(stmt.body) == 1
        and isinstance(stmt.body[0], cst.Expr)
        and isinstance(stmt.body[0].value, cst.SimpleString)
    )


def _is_import(stmt: cst.BaseStatement) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and all(
        isinstance(s, cst.Import | cst.ImportFrom) for s in stmt.body
    )


def _methods(node: cst.ClassDef) -> dict[str, cst.FunctionDef]:
    return {s.name.value: s for s in _class_body(node) if isinstance(s, cst.FunctionDef)}


def _with_methods(
    node: cst.ClassDef,
    replaced: Mapping[str, cst.FunctionDef],
    removed: set[str],
    appended: list[cst.BaseStatement],
) -> cst.ClassDef:
    if not isinstance(node.body, cst.IndentedBlock):
        raise ValueError("a one-line test class cannot be extended")
    body: list[cst.BaseStatement] = []
    for stmt in node.body.body:
        if isinstance(stmt, cst.FunctionDef) and stmt.name.value in removed:
            continue
        if isinstance(stmt, cst.FunctionDef) and stmt.name.value in replaced:
            body.append(replaced[stmt.name.value].with_changes(leading_lines=stmt.leading_lines))
        else:
            body.append(stmt)
    blank = (cst.EmptyLine(),)
    body += [s.with_changes(leading_lines=blank) for s in appended]
    return node.with_changes(body=node.body.with_changes(body=body))


@dataclass
class _Plan:
    """What the overlay does to each published test class, and what it adds to the module."""

    imports: list[cst.BaseStatement] = field(default_factory=list)
    statements: list[cst.BaseStatement] = field(default_factory=list)
    replaced: dict[str, dict[str, cst.FunctionDef]] = field(default_factory=dict)
    appended: dict[str, list[cst.BaseStatement]] = field(default_factory=dict)
    removed: dict[str, set[str]] = field(default_factory=dict)

    def touches(self, name: str) -> bool:
        return name in self.replaced or name in self.appended or name in self.removed


def _class_body(node: cst.ClassDef) -> Sequence[cst.BaseStatement]:
    return node.body.body if isinstance(node.body, cst.IndentedBlock) else ()


def _merge_class(
    ours: cst.ClassDef,
    published: cst.ClassDef,
    overlay: TaskOverlay,
    plan: _Plan,
    notes: list[str],
) -> None:
    name = ours.name.value
    existing = _methods(published)
    declared = {(r.test_class, r.method) for r in overlay.repairs if r.action == "replace"}
    count = 0
    for member in _class_body(ours):
        if isinstance(member, cst.FunctionDef) and member.name.value in existing:
            if (name, member.name.value) not in declared:
                raise InputError(
                    overlay.folder / ADDED_TESTS_FILE,
                    f"{name}.{member.name.value} exists in the published tests; declare it "
                    f"as [[replace]] in {REPAIRS_FILE} with a reason",
                )
            plan.replaced.setdefault(name, {})[member.name.value] = member
            continue
        plan.appended.setdefault(name, []).append(member)
        count += isinstance(member, cst.FunctionDef) and member.name.value.startswith("test")
    if count:
        notes.append(f"added {count} tests to {name}")


def _check_repairs(
    overlay: TaskOverlay, published: Mapping[str, cst.ClassDef], plan: _Plan, notes: list[str]
) -> None:
    for repair in overlay.repairs:
        target = published.get(repair.test_class)
        if target is None or repair.method not in _methods(target):
            raise InputError(
                overlay.folder / REPAIRS_FILE,
                f"[[{repair.action}]] {repair.test_class}.{repair.method}: "
                "no such test method in the published test module",
            )
        if repair.action == "replace" and repair.method not in plan.replaced.get(
            repair.test_class, {}
        ):
            raise InputError(
                overlay.folder / ADDED_TESTS_FILE,
                f"[[replace]] {repair.test_class}.{repair.method} has no replacement method "
                f"in class {repair.test_class}",
            )
        if repair.action == "remove":
            plan.removed.setdefault(repair.test_class, set()).add(repair.method)
        verb = "replaced" if repair.action == "replace" else "removed"
        notes.append(f"{verb} test {repair.test_class}.{repair.method}: {repair.reason}")


def _plan(
    module: cst.Module, published: Mapping[str, cst.ClassDef], overlay: TaskOverlay
) -> tuple[_Plan, list[str]]:
    ours = parse_source(overlay.added_tests or "", overlay.folder / ADDED_TESTS_FILE)
    plan = _Plan()
    notes: list[str] = []
    present = {module.code_for_node(s).strip() for s in module.body if _is_import(s)}
    for stmt in ours.body:
        if _is_solution_import(stmt) or _is_docstring(stmt):
            continue
        if _is_import(stmt):
            if ours.code_for_node(stmt).strip() not in present:
                plan.imports.append(stmt.with_changes(leading_lines=()))
        elif isinstance(stmt, cst.ClassDef) and stmt.name.value in published:
            _merge_class(stmt, published[stmt.name.value], overlay, plan, notes)
        else:
            plan.statements.append(stmt)
            if isinstance(stmt, cst.ClassDef):
                tests = [m for m in _methods(stmt) if m.startswith("test")]
                notes.append(f"added test class {stmt.name.value} ({len(tests)} tests)")
    _check_repairs(overlay, published, plan, notes)
    return plan, notes


def apply_overlay(tests_source: str, overlay: TaskOverlay) -> OverlaidTests:
    """The test module with ``overlay``'s repairs and added tests applied.

    New imports go after the module's last import, new top-level statements (test classes,
    helper functions) at its end, added methods at the end of their class.
    """
    module = cst.parse_module(tests_source)
    published = {
        s.name.value: s
        for s in module.body
        if isinstance(s, cst.ClassDef) and is_test_case(s, set())
    }
    plan, notes = _plan(module, published, overlay)
    body: list[cst.BaseStatement] = []
    last_import = max((i for i, s in enumerate(module.body) if _is_import(s)), default=-1)
    if last_import < 0:
        body.extend(plan.imports)
    for i, stmt in enumerate(module.body):
        if isinstance(stmt, cst.ClassDef) and plan.touches(stmt.name.value):
            name = stmt.name.value
            stmt = _with_methods(
                stmt,
                plan.replaced.get(name, {}),
                plan.removed.get(name, set()),
                plan.appended.get(name, []),
            )
        body.append(stmt)
        if i == last_import:
            body.extend(plan.imports)
    two_blank = (cst.EmptyLine(), cst.EmptyLine())
    body.extend(s.with_changes(leading_lines=two_blank) for s in plan.statements)
    return OverlaidTests(module.with_changes(body=body).code, notes)


def prompt_suppressions(overlay: TaskOverlay) -> list[dict[str, str]]:
    """``[[suppressions]]`` entries for ``task.toml``: the prompt-side codes, one reason."""
    return [{"code": code, "reason": PROMPT_REASON} for code in overlay.prompt_suppressions]


def declaration_notes(overlay: TaskOverlay) -> list[str]:
    """A provenance line per declared equivalent mutant and per declared uncovered branch."""
    return [
        f"mutant {m.describe()} declared equivalent: {m.reason}" for m in overlay.equivalent_mutants
    ] + [
        f"branch {b.describe()} declared uncovered: {b.reason}" for b in overlay.uncovered_branches
    ]
