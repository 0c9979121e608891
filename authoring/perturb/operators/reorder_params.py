"""Operator ``reorder-params``: methods take their parameters in another order."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

import libcst as cst

from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.perturb.files import TaskFiles
from classwright.authoring.perturb.fixtures import Applies, Declines
from classwright.authoring.perturb.operator import Applied, Declined, Operator
from classwright.authoring.perturb.operators._docstrings import Docstring, docstrings
from classwright.authoring.perturb.operators._names import (
    ClassContext,
    NameUses,
    TaskNames,
    positional_parameters,
    walk,
)
from classwright.authoring.perturb.operators._orders import shuffle_anew
from classwright.authoring.perturb.operators._rewriting import Rewriter
from classwright.authoring.taskdir import TaskFolder
from classwright.evaluator.dependencies import class_methods

_RAISES = {"assertRaises": 1, "assertWarns": 1, "assertRaisesRegex": 2, "assertWarnsRegex": 2}
"""unittest's callable forms, by the index of the expected-exception arguments they take
before the callable: ``assertRaises(E, f, *args, **kwargs)`` calls ``f(*args, **kwargs)``."""
_PURE_CALLS = frozenset({"len", "str", "int", "float", "bool", "tuple", "list", "dict", "set"})


class ReorderParams(Operator):
    """
    ## What it changes
    Methods (the constructor included) take their parameters in another order, drawn at
    random, and every call follows: in the solution, the tests and the docstrings' examples.
    Parameters with defaults stay after those without (each group is shuffled within itself),
    and the `:param` lines of the docstring follow the new order when they stand together.
    A call whose arguments could have side effects keeps their evaluation order: it passes
    them by keyword, in the order they were written.

    ## What it keeps
    What every call means: each argument reaches the parameter it reached before. Names,
    defaults, keyword-only parameters and `**kwargs` stay as they were.

    ## When it declines
    A method keeps its order when some call of it may not be seen: it is used on an object that
    may not be the class's, passed on as a value (other than to `assertRaises`), called with
    `*args` or `**kwargs`, called through the class (`Class.method(obj, ...)`), the class is
    subclassed or reached by computed names, or the method takes `*args` or positional-only
    parameters, or has fewer than two parameters to exchange. The operator declines a task
    where no method can be reordered, saying why for each.

    ## Example
    `enter(self, plate, size, clock)` with the call `garage.enter("A", "small", "08:00")` may
    become `enter(self, clock, plate, size)` with `garage.enter("08:00", "A", "small")`.
    """

    name = "reorder-params"

    APPLIES = (
        Applies(
            Fixture(
                solution='''
                class Shelf:
                    """
                    Books on a shelf, by position.
                    """

                    def __init__(self, width: int, height: int = 1):
                        """
                        :param width: int, books per row
                        :param height: int, number of rows
                        self.books: dict, (row, column) -> title
                        self.width: int, books per row
                        self.height: int, number of rows
                        """
                        self.books = {}
                        self.width = width
                        self.height = height

                    def place(self, title: str, row: int, column: int) -> bool:
                        """
                        Put a book at a free position on the shelf.
                        :param title: str, the book's title
                        :param row: int, from 0
                        :param column: int, from 0
                        :return: bool, True when the book was placed
                        >>> Shelf(2).place("Emma", 0, 1)
                        True
                        """
                        if not (0 <= row < self.height and 0 <= column < self.width):
                            return False
                        if (row, column) in self.books:
                            return False
                        self.books[row, column] = title
                        return True
                ''',
                tests="""
                import unittest

                from solution import Shelf


                class ShelfTestPlace(unittest.TestCase):
                    def test_place_1(self):
                        shelf = Shelf(2, 2)
                        self.assertIs(shelf.place("Emma", 1, 0), True)
                        self.assertEqual(shelf.books, {(1, 0): "Emma"})

                    def test_place_2(self):
                        shelf = Shelf(width=1)
                        self.assertIs(shelf.place("Emma", row=0, column=0), True)
                        self.assertIs(shelf.place(str(1), 0, column=0), False)

                    def test_place_3(self):
                        shelf = Shelf(1)
                        titles = ["Emma", "Persuasion"]
                        self.assertIs(shelf.place(titles.pop(), 0, 0), True)
                        self.assertEqual(shelf.books, {(0, 0): "Persuasion"})

                    def test_place_4(self):
                        shelf = Shelf(1)
                        self.assertRaises(TypeError, shelf.place, "Emma", 0, "0")
                """,
            ),
            seed=0,
            solution='''
            class Shelf:
                """
                Books on a shelf, by position.
                """

                def __init__(self, width: int, height: int = 1):
                    """
                    :param width: int, books per row
                    :param height: int, number of rows
                    self.books: dict, (row, column) -> title
                    self.width: int, books per row
                    self.height: int, number of rows
                    """
                    self.books = {}
                    self.width = width
                    self.height = height

                def place(self, row: int, column: int, title: str) -> bool:
                    """
                    Put a book at a free position on the shelf.
                    :param row: int, from 0
                    :param column: int, from 0
                    :param title: str, the book's title
                    :return: bool, True when the book was placed
                    >>> Shelf(2).place(0, 1, "Emma")
                    True
                    """
                    if not (0 <= row < self.height and 0 <= column < self.width):
                        return False
                    if (row, column) in self.books:
                        return False
                    self.books[row, column] = title
                    return True
            ''',
            tests="""
            import unittest

            from solution import Shelf


            class ShelfTestPlace(unittest.TestCase):
                def test_place_1(self):
                    shelf = Shelf(2, 2)
                    self.assertIs(shelf.place(1, 0, "Emma"), True)
                    self.assertEqual(shelf.books, {(1, 0): "Emma"})

                def test_place_2(self):
                    shelf = Shelf(width=1)
                    self.assertIs(shelf.place(title="Emma", row=0, column=0), True)
                    self.assertIs(shelf.place(0, title=str(1), column=0), False)

                def test_place_3(self):
                    shelf = Shelf(1)
                    titles = ["Emma", "Persuasion"]
                    self.assertIs(shelf.place(title=titles.pop(), row=0, column=0), True)
                    self.assertEqual(shelf.books, {(0, 0): "Persuasion"})

                def test_place_4(self):
                    shelf = Shelf(1)
                    self.assertRaises(TypeError, shelf.place, 0, "0", "Emma")
            """,
        ),
    )
    DECLINES = (
        Declines(
            Fixture(
                solution='''
                class Shelf:
                    """
                    Books on a shelf, by position.
                    """

                    def __init__(self):
                        """
                        self.books: dict, position -> title
                        """
                        self.books = {}

                    def place(self, title: str, position: int) -> bool:
                        """
                        Put a book at a free position.
                        :param title: str, the book's title
                        :param position: int, from 0
                        :return: bool, True when the book was placed
                        """
                        if position in self.books:
                            return False
                        self.books[position] = title
                        return True
                ''',
                tests="""
                import unittest

                from solution import Shelf


                class ShelfTestPlace(unittest.TestCase):
                    def test_place_1(self):
                        shelf = Shelf()
                        place = shelf.place
                        self.assertIs(place("Emma", 1), True)
                """,
            ),
            reason="place: passed on as a value",
        ),
        Declines(
            # ``shelf[0] = "Emma"`` calls __setitem__(0, "Emma") with no call written anywhere.
            Fixture(
                solution='''
                class Shelf:
                    """
                    Books on a shelf, by position.
                    """

                    def __init__(self):
                        """
                        self.books: dict, position -> title
                        """
                        self.books = {}

                    def __setitem__(self, position: int, title: str) -> None:
                        """
                        Put a book at a position.
                        :param position: int, from 0
                        :param title: str, the book's title
                        """
                        self.books[position] = title
                ''',
                tests="""
                import unittest

                from solution import Shelf


                class ShelfTestSetitem(unittest.TestCase):
                    def test_setitem_1(self):
                        shelf = Shelf()
                        shelf[0] = "Emma"
                        self.assertEqual(shelf.books, {0: "Emma"})
                """,
            ),
            reason="__setitem__: Python calls it by its own protocol",
        ),
    )

    def apply(self, task: TaskFolder, files: TaskFiles, rng: random.Random) -> Applied:
        names = TaskNames.of(task, files)
        solution, tests = names.solution, names.tests
        docs = list(docstrings(names.class_def))
        examples: dict[str, NameUses] = {}
        for doc in docs:
            if doc.unreadable_examples:
                raise Declined(f"the examples of {doc.owner} cannot be read line for line")
            if doc.examples:
                try:
                    examples[doc.owner] = names.examples(doc.module_code())
                except cst.ParserSyntaxError:
                    raise Declined(f"the examples of {doc.owner} do not parse as Python") from None
        modules = [solution, tests, *examples.values()]
        orders: dict[str, list[str]] = {}
        refused: dict[str, str] = {}
        for function in class_methods(names.class_def):
            method = function.name.value
            if method != "__init__" and method not in names.methods:
                continue
            why = _why_fixed(function, modules, names.class_name)
            if why:
                refused[method] = why
                continue
            order = _draw_order(function, rng)
            if order is None:
                refused[method] = "fewer than two parameters to exchange"
                continue
            orders[method] = order
        if not orders:
            reasons = "; ".join(f"{m}: {why}" for m, why in refused.items())
            raise Declined(f"no method's parameters can be reordered ({reasons})")
        old = {
            f.name.value: _positional(f)
            for f in class_methods(names.class_def)
            if f.name.value in orders
        }
        plan = _Plan(old, orders)
        literals = {doc.node: plan.docstring(doc, examples.get(doc.owner)) for doc in docs}
        new_solution = solution.module.visit(_Calls(plan, solution, literals)).code
        new_tests = tests.module.visit(_Calls(plan, tests, {})).code
        summary = ", ".join(f"{m}({', '.join(order)})" for m, order in orders.items())
        details: dict[str, object] = {"orders": {m: list(o) for m, o in orders.items()}}
        if refused:
            details["kept"] = dict(refused)
        return Applied(
            files.changed(solution=new_solution, tests=new_tests),
            f"parameters of {len(orders)} methods reordered: {summary}",
            details,
        )


# --- which methods, which order -------------------------------------------------------------------


def _positional(function: cst.FunctionDef) -> list[str]:
    """The parameters a call may pass by position, receiver left out."""
    return [p.name.value for p in positional_parameters(function)]


def _why_fixed(function: cst.FunctionDef, modules: Sequence[NameUses], class_name: str) -> str:
    """Why a method's parameters must keep their order ('' when they need not)."""
    params = function.params
    if params.posonly_params or isinstance(params.star_arg, cst.Param):
        return "it takes *args or positional-only parameters"
    method = function.name.value
    if method != "__init__" and method.startswith("__") and method.endswith("__"):
        return "Python calls it by its own protocol (obj[key] = value calls __setitem__)"
    decorators = {
        d.decorator.value for d in function.decorators if isinstance(d.decorator, cst.Name)
    }
    if "property" in decorators or any(
        isinstance(d.decorator, cst.Attribute) for d in function.decorators
    ):
        return "a property is not called with arguments"
    for uses in modules:
        if uses.dynamic_members:
            return "the class's members are reached by computed names"
        calls = {id(c.call) for c in uses.calls if c.method == method}
        bound = not decorators & {"staticmethod", "classmethod"}
        for call in uses.calls:
            if call.method == method and call.through_class and method != "__init__" and bound:
                return "it is called through the class, with the instance as an argument"
        if method == "__init__":
            for use in uses.class_uses:
                if use.context is ClassContext.BASE:
                    return "the class is subclassed"
                if use.context is ClassContext.VALUE and not _raises_form(use.name, uses):
                    return "the class is passed on as a value"
        for member in uses.member_uses:
            if member.member != method or member.definition:
                continue
            if not member.known:
                return "it is used on an object that may not be the class's"
            if member.call is not None and id(member.call) in calls:
                continue
            if member.value_call is not None and _callable_position(member.value_call, member.name):
                continue
            return "passed on as a value"
        for call in uses.calls:
            if call.method == method and any(a.star for a in call.call.args):
                return "it is called with *args or **kwargs"
    return ""


def _callable_position(call: cst.Call, name: cst.Name) -> int | None:
    """Where ``name``'s attribute sits in a unittest callable form (``assertRaises(E, f, ...)``):
    the index of the callable's argument, or None when ``call`` is not such a form."""
    func = call.func
    callee = func.attr.value if isinstance(func, cst.Attribute) else ""
    index = _RAISES.get(callee)
    if index is None or len(call.args) <= index:
        return None
    value = call.args[index].value
    if call.args[index].keyword is None and any(node is name for node in walk(value)):
        return index
    return None


def _raises_form(name: cst.Name, uses: NameUses) -> bool:
    for node in walk(uses.module):
        if isinstance(node, cst.Call) and _callable_position(node, name) is not None:
            return True
    return False


def _draw_order(function: cst.FunctionDef, rng: random.Random) -> list[str] | None:
    params = positional_parameters(function)
    required = [p.name.value for p in params if p.default is None]
    defaulted = [p.name.value for p in params if p.default is not None]
    if len(required) < 2 and len(defaulted) < 2:
        return None
    return required + defaulted if shuffle_anew([required, defaulted], rng) else None


# --- rewriting ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Plan:
    old: dict[str, list[str]]
    """Method -> its positional parameters in the old order."""
    new: dict[str, list[str]]

    def arguments(self, method: str, args: Sequence[cst.Arg]) -> list[cst.Arg]:
        """The arguments of a call in the new order (see the operator's doc)."""
        old, new = self.old[method], self.new[method]
        positional = [a for a in args if a.keyword is None]
        keywords = [a for a in args if a.keyword is not None]
        by_param = dict(zip(old, positional, strict=False))
        if not all(_pure(a.value) for a in positional):
            # Evaluated in the order written: every positional argument by keyword.
            ordered = [_by_keyword(a, p) for p, a in zip(old, positional, strict=False)]
            return _with_commas(args, ordered + keywords)
        front: list[str] = []
        for param in new:
            if param not in by_param:
                break  # positional arguments stop at the first one not passed by position
            front.append(param)
        rest = [p for p in new if p in by_param and p not in front]
        ordered = [by_param[p] for p in front] + [_by_keyword(by_param[p], p) for p in rest]
        return _with_commas(args, ordered + keywords)

    def docstring(self, doc: Docstring, examples: NameUses | None) -> str:
        lines = list(doc.lines)
        if examples is not None:
            code = examples.module.visit(_Calls(self, examples, {})).code
            lines = doc.with_code(code)
        if doc.owner in self.new:
            lines = _reordered_tags(lines, self.old[doc.owner], self.new[doc.owner])
        return doc.literal(lines)


def _in(arg: cst.Arg, args: Sequence[cst.Arg]) -> bool:
    return any(a is arg for a in args)


def _by_keyword(arg: cst.Arg, param: str) -> cst.Arg:
    return arg.with_changes(
        keyword=cst.Name(param),
        equal=cst.AssignEqual(
            whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")
        ),
    )


def _with_commas(old: Sequence[cst.Arg], new: Sequence[cst.Arg]) -> list[cst.Arg]:
    """``new`` with each place's comma (and its spacing) as the old argument there had it."""
    return [arg.with_changes(comma=old[i].comma) for i, arg in enumerate(new)]


def _pure(expr: cst.BaseExpression) -> bool:
    """Whether evaluating ``expr`` can have no effect another argument could see."""
    for node in walk(expr):
        if isinstance(node, cst.Call):
            func = node.func
            if not (isinstance(func, cst.Name) and func.value in _PURE_CALLS):
                return False
        elif isinstance(
            node,
            cst.Await
            | cst.Yield
            | cst.NamedExpr
            | cst.ListComp
            | cst.SetComp
            | cst.DictComp
            | cst.GeneratorExp,
        ):
            return False
    return True


_TAG = re.compile(r"^\s*:param\s+(\w+)\s*:")


def _reordered_tags(lines: list[str], old: Sequence[str], new: Sequence[str]) -> list[str]:
    """The docstring's ``:param`` lines in the new order, when they stand together in the old
    one (one line each); otherwise the lines as they were."""
    found = {}
    for index, line in enumerate(lines):
        tag = _TAG.match(line)
        if tag is not None and tag.group(1) in old:
            found[tag.group(1)] = index
    if sorted(found) != sorted(old):
        return lines
    places = [found[p] for p in old]
    if places != list(range(places[0], places[0] + len(places))):
        return lines
    texts = {p: lines[found[p]] for p in old}
    result = list(lines)
    for offset, param in enumerate(new):
        result[places[0] + offset] = texts[param]
    return result


class _Calls(Rewriter):
    """Calls of the reordered methods take their arguments in the new order; the signatures
    and (in the solution) the docstrings change with them."""

    def __init__(self, plan: _Plan, uses: NameUses, literals: dict[cst.SimpleString, str]) -> None:
        super().__init__(literals=literals)
        self.plan = plan
        self.calls = {id(c.call): c.method for c in uses.calls if c.method in plan.new}
        # unittest's callable forms: call -> (method, index of the callable's argument).
        self.raises: dict[int, tuple[str, int]] = {}
        forms = [node for node in walk(uses.module) if isinstance(node, cst.Call)]
        for member in uses.member_uses:
            if member.member in plan.new and member.value_call is not None:
                position = _callable_position(member.value_call, member.name)
                if position is not None:
                    self.raises[id(member.value_call)] = (member.member, position)
        if "__init__" in plan.new:
            for use in uses.class_uses:
                if use.context is ClassContext.VALUE:
                    for call in forms:
                        position = _callable_position(call, use.name)
                        if position is not None:
                            self.raises[id(call)] = ("__init__", position)
        self.class_def = uses.class_def

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.Call:
        method = self.calls.get(id(original_node))
        if method is not None:
            return updated_node.with_changes(args=self.plan.arguments(method, updated_node.args))
        form = self.raises.get(id(original_node))
        if form is not None:
            method, position = form
            head = list(updated_node.args[: position + 1])
            tail = self.plan.arguments(method, updated_node.args[position + 1 :])
            return updated_node.with_changes(args=head + tail)
        return updated_node

    def leave_FunctionDef(
        self, original_node: cst.FunctionDef, updated_node: cst.FunctionDef
    ) -> cst.FunctionDef:
        name = original_node.name.value
        if self.class_def is None or name not in self.plan.new:
            return updated_node
        if not any(s is original_node for s in self.class_def.body.body):
            return updated_node
        params = list(updated_node.params.params)
        own = {p.name.value: p for p in positional_parameters(updated_node)}
        receiver = params[: len(params) - len(own)]
        reordered = receiver + [own[n] for n in self.plan.new[name]]
        fixed = [p.with_changes(comma=params[i].comma) for i, p in enumerate(reordered)]
        return updated_node.with_changes(params=updated_node.params.with_changes(params=fixed))
