from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import libcst as cst

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding
from classwright.authoring.rules._contract import (
    field_writes,
    parameters,
    receiver,
    returns_value,
)
from classwright.authoring.rules._examples import CLEAN_TASK
from classwright.authoring.rules._tests import in_raises_block, method_test_classes

_MOCK_READS = {
    "call_args", "call_args_list", "call_count", "called", "mock_calls", "assert_called",
    "assert_called_once", "assert_called_with", "assert_called_once_with", "assert_any_call",
    "assert_has_calls", "assert_not_called",
}  # fmt: skip
"""What a test reads of a mock it patched in: the calls the method made are its effect."""
_READ_ONLY = {
    "get", "keys", "values", "items", "copy", "count", "index", "find", "rfind", "startswith",
    "endswith", "split", "strip", "lower", "upper", "join", "format", "issubset", "issuperset",
    "isdisjoint", "union", "intersection", "difference", "symmetric_difference", "most_common",
}  # fmt: skip
"""Methods of the built-in containers and strings that read a field without changing it
(``self.items.values()``): calling one is not a change of the field."""
_OUTSIDE = {
    "open", "sqlite3", "os", "shutil", "Path", "execute", "executemany", "executescript",
    "commit", "write", "writelines", "dump", "mkdir", "makedirs", "unlink", "remove", "rename",
    "replace", "rmtree", "write_text", "write_bytes", "touch", "connect", "save", "print",
    "logging", "log", "info", "warning", "error",
}  # fmt: skip
"""Names whose use means a method changes state outside the object: files, databases, the
output and the log."""


def _root(node: cst.BaseExpression) -> str | None:
    """The name an attribute or subscript chain starts from (``request`` of ``request["a"].b``)."""
    while isinstance(node, cst.Subscript | cst.Attribute):
        node = node.value
    return node.value if isinstance(node, cst.Name) else None


class _Changes(cst.CSTVisitor):
    """What one method of the class changes: fields it assigns, deletes, augments, indexes into
    or calls a method of (``self.items.append``), and the methods of its own it calls."""

    def __init__(self, receiver: str, others: set[str]) -> None:
        self.receiver = receiver
        self.others = others
        """The other parameters: a method also changes fields of objects it is given."""
        self.fields: set[str] = set()
        self.calls: set[str] = set()
        self.outside = False
        self.arguments = False
        """Whether it changes an object it is given (``stack.append(x)``, ``request[k] = v``)."""

    def visit_Name(self, node: cst.Name) -> None:
        self.outside |= node.value in _OUTSIDE

    def _field(self, node: cst.BaseExpression) -> str | None:
        if isinstance(node, cst.Subscript | cst.Attribute) and _root(node) in self.others:
            self.arguments = True
        while isinstance(node, cst.Subscript | cst.Attribute):
            if (
                isinstance(node, cst.Attribute)
                and isinstance(node.value, cst.Name)
                and node.value.value in {self.receiver, *self.others}
            ):
                return node.attr.value
            node = node.value
        return None

    def _target(self, node: cst.BaseExpression) -> None:
        if isinstance(node, cst.Tuple | cst.List):
            for element in node.elements:
                self._target(element.value)
        elif (name := self._field(node)) is not None:
            self.fields.add(name)

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._target(target.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._target(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._target(node.target)

    def visit_Del(self, node: cst.Del) -> None:
        self._target(node.target)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute):
            return
        self.outside |= func.attr.value in _OUTSIDE
        if isinstance(func.value, cst.Name) and func.value.value in self.others:
            self.arguments = True
        if isinstance(func.value, cst.Name) and func.value.value == self.receiver:
            self.calls.add(func.attr.value)
        elif func.attr.value not in _READ_ONLY and (name := self._field(func.value)) is not None:
            self.fields.add(name)


OUTSIDE = "<outside>"
"""Stands among a method's changed fields for state outside the object (files, databases)."""
ARGUMENTS = "<arguments>"
"""Stands among a method's changed fields for objects it is given and changes."""


def changed_fields(ctx: TaskContext) -> dict[str, set[str]]:
    """Method name -> the fields it changes, itself or through the methods of its own it calls
    (with ``OUTSIDE`` when it changes files or databases)."""

    def compute() -> dict[str, set[str]]:
        direct: dict[str, _Changes] = {}
        for method in ctx.all_methods:
            name = receiver(method)
            if name is None:
                continue
            visitor = _Changes(name, {p.name.value for p in parameters(method)})
            method.body.visit(visitor)
            direct[method.name.value] = visitor
        changed: dict[str, set[str]] = {}
        for name in direct:
            fields: set[str] = set()
            seen, todo = {name}, [name]
            while todo:
                found = direct.get(todo.pop())
                if found is None:
                    continue
                fields |= found.fields | ({OUTSIDE} if found.outside else set())
                fields |= {ARGUMENTS} if found.arguments else set()
                todo += [c for c in found.calls if c not in seen]
                seen |= found.calls
            changed[name] = fields
        return changed

    return ctx.memo("tests:changed-fields", compute)


def getters(ctx: TaskContext) -> dict[str, str]:
    """Methods whose whole body (after the docstring) is ``return self.<field>`` -> the field:
    calling one reads the field."""

    def compute() -> dict[str, str]:
        found = {}
        for method in ctx.all_methods:
            name = receiver(method)
            body = method.body.body if isinstance(method.body, cst.IndentedBlock) else ()
            statements = [s for s in body if not _is_docstring(s)]
            if name is None or len(statements) != 1:
                continue
            line = statements[0]
            if not (isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1):
                continue
            value = line.body[0].value if isinstance(line.body[0], cst.Return) else None
            if (
                isinstance(value, cst.Attribute)
                and isinstance(value.value, cst.Name)
                and value.value.value == name
            ):
                found[method.name.value] = value.attr.value
        return found

    return ctx.memo("tests:getters", compute)


def _is_docstring(statement: cst.BaseStatement) -> bool:
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and isinstance(statement.body[0], cst.Expr)
        and isinstance(statement.body[0].value, cst.SimpleString | cst.ConcatenatedString)
    )


def class_fields(ctx: TaskContext) -> set[str]:
    """Every field some method of the class assigns (``self.f = ...``)."""
    return ctx.memo(
        "tests:class-fields",
        lambda: {name for m in ctx.all_methods for name, _, _ in field_writes(m)},
    )


class _TestBody(cst.CSTVisitor):
    def __init__(
        self, method: str, fields: set[str], getters: dict[str, str], state: set[str]
    ) -> None:
        self.method = method
        self.fields = fields
        self.getters = getters
        self.state = state
        """Every field of the class: what a query must leave as it was."""
        self.state_reads: list[cst.Attribute] = []
        self.calls: list[cst.Call] = []
        self.others: list[cst.Call] = []
        self.observed = False
        self.names: Counter[str] = Counter()

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == self.method:
            self.calls.append(node)
        elif not (isinstance(func, cst.Attribute) and func.attr.value.startswith("assert")):
            self.others.append(node)
        for arg in node.args:
            # self.assertRaises(KeyError, shelf.lend, "Dune") hands the method over to be called.
            if isinstance(arg.value, cst.Attribute) and arg.value.attr.value == self.method:
                self.observed = True

    def visit_Attribute(self, node: cst.Attribute) -> None:
        name = node.attr.value
        if name in self.fields or self.getters.get(name) in self.fields or name in _MOCK_READS:
            self.observed = True
        if name in self.state or self.getters.get(name) in self.state:
            self.state_reads.append(node)

    def visit_Name(self, node: cst.Name) -> None:
        self.names[node.value] += 1


def returning_methods(ctx: TaskContext) -> set[str]:
    """Methods that return a value (some ``return`` gives one, or they yield)."""
    return ctx.memo(
        "tests:returning", lambda: {m.name.value for m in ctx.all_methods if returns_value(m)}
    )


def _argument_read(call: cst.Call, names: Counter[str]) -> bool:
    """Whether a name passed to the call is read again in the test."""
    return any(isinstance(a.value, cst.Name) and names[a.value.value] > 1 for a in call.args)


def _result_used(ctx: TaskContext, call: cst.Call, names: Counter[str]) -> bool:
    """Whether the value a call returns is looked at (a bare call statement throws it away;
    a name it is assigned to must be read again)."""
    parent = ctx.tests.parent(call)
    if isinstance(parent, cst.Expr):
        return in_raises_block(ctx, call)
    if isinstance(parent, cst.Assign) and parent.value is call:
        targets = [t.target for t in parent.targets]
        if all(isinstance(t, cst.Name) for t in targets):
            return any(names[t.value] > 1 for t in targets if isinstance(t, cst.Name))
    return True


def observes(ctx: TaskContext, test: cst.FunctionDef, method: str) -> bool | None:
    """Whether a test observes ``method``: None when it never calls it."""
    fields = changed_fields(ctx).get(method, set())
    visitor = _TestBody(method, fields, getters(ctx), class_fields(ctx))
    test.body.visit(visitor)
    if not visitor.calls and not visitor.observed:
        return None
    if visitor.observed or any(_result_used(ctx, c, visitor.names) for c in visitor.calls):
        return True
    if not fields and visitor.calls:
        # A query changes nothing: reading the fields after calling it checks that it left
        # them as they were, which is part of its contract.
        first = min(ctx.tests.position(c) for c in visitor.calls)
        if any(ctx.tests.position(read) > first for read in visitor.state_reads):
            return True
    if not fields and method not in returning_methods(ctx):
        return True  # nothing to observe but that it does not raise
    if ARGUMENTS in fields and any(_argument_read(c, visitor.names) for c in visitor.calls):
        return True
    # Files and databases are read back through calls: any call whose value the test uses.
    return OUTSIDE in fields and any(_result_used(ctx, c, visitor.names) for c in visitor.others)


def _special(method: str) -> bool:
    """``__setitem__`` and its kin are read back through syntax (``box[k]``), not by name."""
    return method.startswith("__") and method.endswith("__")


class TestNeverObservesMethod(Rule):
    """
    ## What it does
    Flags a test of a method-level test class that calls its method but never observes it:
    it neither uses a value the method returns nor reads a field the method changes.
    Read statically with LibCST. The test observes the method when a call of it is anything
    but a bare statement (an argument of an assertion, a comparison, an assignment to a name
    that the test reads again, an element of a list), when a bare call sits in a
    `with self.assertRaises(...)` block, when the method itself is passed to a call
    (`self.assertRaises(KeyError, shelf.lend, "Dune")`), or when the test reads an
    attribute named like a field that the method changes. A method changes a field it
    assigns (`self.f = `, `self.f[k] = `, `self.f += `, `del self.f[k]`), or whose methods it
    calls (`self.f.append(x)`), itself or through the methods of its own it calls.
    Reading the state through another method (`available_titles()`) does not count: the
    method's own class then scores a different method; a getter whose whole body is
    `return self.f` is read as the field itself. A method also changes the fields of the
    objects it is given (`other.hp -= damage`). The one exception is state outside the
    object: a method that uses `open`, `os`, `shutil`, `pathlib`, `sqlite3` or calls
    `execute`, `commit`, `write`, ... changes files or a database, which a test can only read
    back through calls, so for it any other call whose value the test uses counts
    (`os.path.exists(index.path)`, `other.load(path)`); printing and logging count as
    such state. A method that changes an object it is given (`stack.append(x)`,
    `request["cookies"] = ...`) is observed when the test reads a name it passed again; a
    method that returns nothing and changes nothing can only be observed not raising, so any
    call of it counts. Special methods (`__setitem__`) are read back through syntax and are
    not checked. A test that reads what a mock recorded (`shown.call_args_list`) observes
    the calls the method made. A query (a method that changes no field) is observed by a
    test that reads a field of the object after calling it: that the query leaves the state
    as it was is part of its contract (CW509 still asks that some test of the class checks
    the value it returns).

    ## Why it matters
    A method is scored by its own test class. A test that checks only what another method
    reports passes for any implementation whose side effect that other method happens to
    show: a wrong return value, or a wrong field that the reporting method does not read,
    passes.

    ## Example
    ```python
    def test_add_book(self):
        library = Library()
        library.add_book("Dune")
        self.assertEqual(library.available_titles(), ["Dune"])
    ```

    ## Use instead
    ```python
    def test_add_book(self):
        library = Library()
        self.assertIs(library.add_book("Dune"), True)
        self.assertEqual(library.copies, {"Dune": 1})
    ```
    """

    code = "CW507"
    name = "test-never-observes-method"
    MESSAGE = (
        "`{test}` calls `{method}` but neither uses what it returns nor reads a field it changes"
    )

    VALID = (
        CLEAN_TASK,
        # A query called for its effect on nothing: the test pins the fields it must not change.
        Fixture(
            solution='''
            class Cart:
                """A cart."""

                def __init__(self):
                    self.items = ["tea", "tea"]
                    self.paid = False

                def total(self) -> int:
                    return len(self.items)
            ''',
            tests="""
            import unittest

            from solution import Cart


            class CartTestTotal(unittest.TestCase):
                def test_total(self):
                    self.assertEqual(Cart().total(), 2)

                def test_total_changes_nothing(self):
                    cart = Cart()
                    cart.total()
                    self.assertEqual(cart.items, ["tea", "tea"])
                    self.assertIs(cart.paid, False)
            """,
        ),
    )
    INVALID = (
        Fixture(
            solution='''
            class Library:
                """Lends books."""

                def __init__(self):
                    self.copies = {}

                def add_book(self, title: str) -> bool:
                    self.copies[title] = self.copies.get(title, 0) + 1
                    return True

                def available_titles(self) -> list:
                    return sorted(t for t, n in self.copies.items() if n)
            ''',
            tests="""
            import unittest

            from solution import Library


            class LibraryTestAddBook(unittest.TestCase):
                def test_add_book(self):
                    library = Library()
                    self.assertTrue(library.add_book("Dune"))
                    self.assertEqual(library.copies, {"Dune": 1})

                def test_add_twice(self):
                    library = Library()
                    library.add_book("Dune")
                    result = library.add_book("Dune")
                    self.assertEqual(library.available_titles(), ["Dune"])
            """,
            file="tests.py",
            line=12,
            column=9,
        ),
        # The fields are read before the query only: nothing shows what it did.
        Fixture(
            solution='''
            class Cart:
                """A cart."""

                def __init__(self):
                    self.items = {"tea": 2}

                def total(self) -> int:
                    return sum(self.items.values())
            ''',
            tests="""
            import unittest

            from solution import Cart


            class CartTestTotal(unittest.TestCase):
                def test_total(self):
                    cart = Cart()
                    self.assertEqual(cart.items, {"tea": 2})
                    cart.total()
            """,
            file="tests.py",
            line=7,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        for method, test_class in method_test_classes(ctx).items():
            node = ctx.test_classes.get(test_class)
            if node is None or not isinstance(node.body, cst.IndentedBlock):
                continue
            for item in node.body.body:
                if not (isinstance(item, cst.FunctionDef) and item.name.value.startswith("test")):
                    continue
                if _special(method) or observes(ctx, item, method) is not False:
                    continue
                test = f"{test_class}.{item.name.value}"
                yield self.report(ctx, ctx.tests, item.name, test=test, method=method)
