"""State that outlives one test, read statically: what an order-dependent test may lean on.

A test that passes after some tests and fails after others reads something an earlier test
left behind. In a task that is almost always one of four things, each found here with LibCST:
an attribute of a test class (set in its body or in ``setUpClass``, one object for all its
tests), a module-level object of ``tests.py``, a mutable class attribute of the solution's
class (``entries: list = []``, shared by every instance) or one its methods rebind through the
class (``Log.count += 1``, ``cls.count = ...``), and a module global a method rebinds
(``global``). Files a test leaves in its working folder are not found here.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from classwright.authoring.lint.context import TaskContext

_MUTABLE_CALLS = {"list", "dict", "set", "defaultdict", "Counter", "OrderedDict", "deque"}
_FIXTURES = {"setUpClass", "setUpModule"}


@dataclass(frozen=True)
class SharedState:
    name: str
    """How a reader finds it: ``RosterTestAdd.roster``, ``Log.entries``, ``CACHE``."""
    what: str
    """What it is, in a few words."""

    def describe(self) -> str:
        return f"`{self.name}` ({self.what})"


def _mutable(value: cst.BaseExpression | None) -> bool:
    """A value whose contents can change: a list, dict or set display, or such a call; an
    object made by calling a class counts too (``Roster()``)."""
    if isinstance(value, cst.List | cst.Dict | cst.Set | cst.ListComp | cst.DictComp):
        return True
    if isinstance(value, cst.SetComp):
        return True
    if isinstance(value, cst.Call):
        func = value.func
        name = func.attr.value if isinstance(func, cst.Attribute) else getattr(func, "value", "")
        return name in _MUTABLE_CALLS or (isinstance(name, str) and name[:1].isupper())
    return False


def _assignments(
    body: cst.BaseSuite | cst.Module,
) -> list[tuple[str, cst.BaseExpression | None]]:
    """``name = value`` / ``name: T = value`` statements directly in a block or a module."""
    found: list[tuple[str, cst.BaseExpression | None]] = []
    if not isinstance(body, cst.IndentedBlock | cst.Module):
        return found
    for stmt in body.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if isinstance(small, cst.Assign):
                for target in small.targets:
                    if isinstance(target.target, cst.Name):
                        found.append((target.target.value, small.value))
            elif isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                found.append((small.target.value, small.value))
    return found


def _is_class_reference(owner: cst.BaseExpression, names: set[str]) -> bool:
    """``cls``, the class by name, ``type(self)`` or ``self.__class__``."""
    if isinstance(owner, cst.Name):
        return owner.value in names
    if isinstance(owner, cst.Call):
        return getattr(owner.func, "value", "") == "type"
    return isinstance(owner, cst.Attribute) and owner.attr.value == "__class__"


class _Rebinds(cst.CSTVisitor):
    """Attributes assigned through an object named ``owners`` (``cls.x = ``, ``Log.x += ``) and
    the names declared ``global``."""

    def __init__(self, owners: set[str]) -> None:
        self.owners = owners
        self.attributes: set[str] = set()
        self.globals: set[str] = set()

    def _target(self, node: cst.BaseExpression) -> None:
        while isinstance(node, cst.Subscript):
            node = node.value
        if isinstance(node, cst.Attribute) and _is_class_reference(node.value, self.owners):
            self.attributes.add(node.attr.value)

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._target(target.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._target(node.target)

    def visit_Global(self, node: cst.Global) -> None:
        self.globals |= {n.name.value for n in node.names}


def _functions(body: cst.BaseSuite) -> list[cst.FunctionDef]:
    if not isinstance(body, cst.IndentedBlock):
        return []
    return [s for s in body.body if isinstance(s, cst.FunctionDef)]


def _test_class_state(node: cst.ClassDef) -> list[SharedState]:
    name = node.name.value
    found = {attr for attr, value in _assignments(node.body) if _mutable(value)}
    for func in _functions(node.body):
        if func.name.value in _FIXTURES:
            visitor = _Rebinds({"cls", name})
            func.body.visit(visitor)
            found |= visitor.attributes
    return [
        SharedState(
            f"{name}.{attr}", "an attribute of the test class, one object for all its tests"
        )
        for attr in sorted(found)
    ]


def _module_state(ctx: TaskContext) -> list[SharedState]:
    names = [name for name, value in _assignments(ctx.tests.module) if _mutable(value)]
    return [
        SharedState(name, "a module-level object of tests.py, shared by every test")
        for name in sorted(set(names))
    ]


def _solution_state(ctx: TaskContext) -> list[SharedState]:
    class_name = ctx.class_def.name.value
    found: dict[str, str] = {}
    for class_def in ctx.hierarchy:
        for attr, value in _assignments(class_def.body):
            if _mutable(value):
                what = "a mutable class attribute, shared by every instance"
                found[f"{class_def.name.value}.{attr}"] = what
    for func in ctx.all_methods:
        visitor = _Rebinds({"cls", class_name})
        func.body.visit(visitor)
        for attr in visitor.attributes:
            what = f"a class attribute `{func.name.value}` changes for every instance"
            found.setdefault(f"{class_name}.{attr}", what)
        for name in visitor.globals:
            found.setdefault(
                name, f"a module global of solution.py that `{func.name.value}` rebinds"
            )
    for name, value in _assignments(ctx.solution.module):
        if _mutable(value):
            found.setdefault(name, "a module-level object of solution.py, shared by every instance")
    return [SharedState(name, what) for name, what in sorted(found.items())]


def shared_state(ctx: TaskContext, test_id: str) -> list[SharedState]:
    """State that outlives one test, the failing test's own class first; the test class's
    attributes are named only for the tests of that class."""

    def solution_and_module() -> list[SharedState]:
        return _solution_state(ctx) + _module_state(ctx)

    class_name = test_id.partition(".")[0]
    node = ctx.test_classes.get(class_name)
    own = _test_class_state(node) if node is not None else []
    return own + ctx.memo("shared-state", solution_and_module)
