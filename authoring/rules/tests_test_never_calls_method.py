from __future__ import annotations

from collections.abc import Iterable

import libcst as cst

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._examples import CLEAN_TASK
from classwright.authoring.rules._tests import (
    callees,
    is_used,
    method_test_classes,
    test_functions,
)

FIXTURES = ("setUp", "setUpClass", "asyncSetUp")
"""Test-class methods that run before every test: what they call, each test calls."""


class _Names(cst.CSTVisitor):
    """Attribute names, identifier strings and plain names a block uses."""

    def __init__(self) -> None:
        self.attributes: set[str] = set()
        self.names: set[str] = set()

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.attributes.add(node.attr.value)

    def visit_Name(self, node: cst.Name) -> None:
        self.names.add(node.value)

    def visit_SimpleString(self, node: cst.SimpleString) -> None:
        value = node.evaluated_value
        if isinstance(value, str) and value.isidentifier():
            self.attributes.add(value)


def _functions(body: Iterable[cst.CSTNode]) -> dict[str, cst.FunctionDef]:
    return {f.name.value: f for f in body if isinstance(f, cst.FunctionDef)}


def reached_names(ctx: TaskContext, test_class: cst.ClassDef, test: cst.FunctionDef) -> set[str]:
    """Attribute names a test uses, itself, through its class's set-up, or through the
    helpers it calls (module-level functions, methods of its test class), transitively."""
    helpers = _functions(ctx.tests.module.body)
    own = _functions(test_class.body.body) if isinstance(test_class.body, cst.IndentedBlock) else {}
    todo = [test, *(own[name] for name in FIXTURES if name in own)]
    seen = {id(f) for f in todo}
    used: set[str] = set()
    constructed = False
    while todo:
        visitor = _Names()
        todo.pop().body.visit(visitor)
        used |= visitor.attributes
        constructed |= ctx.task.solution.class_name in visitor.names
        reached = [helpers[n] for n in visitor.names if n in helpers]
        reached += [own[n] for n in visitor.attributes if n in own]
        for func in reached:
            if id(func) not in seen:
                seen.add(id(func))
                todo.append(func)
    # A method the test calls runs the methods it calls; making an object runs those that
    # __init__ calls.
    graph = callees(ctx)
    runs = used | ({"__init__"} if constructed else set())
    return used | {callee for name in runs for callee in graph.get(name, ())}


class TestNeverCallsMethod(Rule):
    """
    ## What it does
    Flags a test of a method-level test class (`<Class>Test<Method>`) that never calls the
    method the class is for: the method's name appears neither in the test, nor in its
    class's `setUp`/`setUpClass`, nor in a helper the test calls (a module-level function or
    a method of the test class, followed transitively), as an attribute or an identifier
    string, and no method the test calls calls it (`self.method(...)`, transitively); a test
    that makes an object of the class calls what `__init__` calls. A class in which no test uses the method at all is CW506's finding; special
    methods (`__iter__`) are used through syntax and are not checked.

    ## Why it matters
    Every test of the class counts for the method's score. A test that never calls the method
    (often one moved or copied from another class) passes or fails whatever the method
    does: it pads the count CW501 asks for and dilutes the method's score with another
    method's behaviour.

    ## Example
    ```python
    class StackTestPop(unittest.TestCase):
        def test_pop_1(self):
            stack = Stack()
            stack.push(1)
            self.assertEqual(stack.pop(), 1)

        def test_pop_2(self):
            self.assertEqual(Stack().push(1), 1)
    ```

    ## Use instead
    Move `test_pop_2` to `StackTestPush`, and give `StackTestPop` a test that pops.
    """

    code = "CW511"
    name = "test-never-calls-method"
    severity = Severity.ERROR
    MESSAGE = "`{test}` is a test of `{method}` but never calls it"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            class Stack:
                """A stack."""

                def __init__(self):
                    self.items = []

                def push(self, item: int) -> int:
                    self.items.append(item)
                    return len(self.items)

                def pop(self) -> int:
                    return self.items.pop()
            ''',
            tests="""
            import unittest

            from solution import Stack


            def pushed(*items):
                stack = Stack()
                for item in items:
                    stack.push(item)
                return stack


            class StackTestPush(unittest.TestCase):
                def test_push(self):
                    self.assertEqual(pushed(1, 2).items, [1, 2])

                def test_none(self):
                    self.assertEqual(Stack().items, [])
            """,
            file="tests.py",
            line=17,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        for method, test_class in method_test_classes(ctx).items():
            node = ctx.test_classes.get(test_class)
            if node is None or method.startswith("__"):
                continue
            missing = [
                test
                for test in test_functions(node)
                if not is_used(ctx, method, reached_names(ctx, node, test))
            ]
            if len(missing) == len(test_functions(node)):
                continue  # CW506: the whole class never uses it
            for test in missing:
                yield self.report(
                    ctx,
                    ctx.tests,
                    test.name,
                    test=f"{test_class}.{test.name.value}",
                    method=method,
                )
