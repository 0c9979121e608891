"""Operator ``split``: the class becomes a base class and a class derived from it."""

from __future__ import annotations

import inspect
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from classwright.authoring.classmodel import docstring_statement, is_string_statement
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.perturb.files import TaskFiles
from classwright.authoring.perturb.fixtures import Applies, Declines
from classwright.authoring.perturb.operator import Applied, Declined, Operator
from classwright.authoring.perturb.operators._names import walk
from classwright.authoring.taskdir import TaskFolder
from classwright.evaluator.contract import parse_method_contract
from classwright.evaluator.dependencies import class_methods, find_class

_SHELF = '''
import json


class Shelf:
    """
    A shelf of books, kept in the order they were put on it.
    """

    def __init__(self, size: int):
        """
        :param size: int, how many books fit
        self.books: list, the titles on the shelf
        self.size: int, how many books fit
        self.exported: int, how many times the shelf was written as JSON
        """
        self.books = []
        self.size = size
        self.exported = 0

    def put(self, title: str) -> bool:
        """
        Put a book at the end of the shelf unless it is full.
        :param title: str, the title
        :return: bool, True when it was put
        """
        if len(self.books) >= self.size:
            return False
        self.books.append(title)
        return True

    def to_json(self, titles: list) -> str:
        """
        The titles as a JSON list, counting the exports.
        :param titles: list, the titles
        :return: str, the JSON text
        """
        self.exported += 1
        return json.dumps(titles)
'''
"""The solution of the fixture that is split."""

_SHELF_TESTS = """
import unittest

from solution import Shelf


class ShelfTestPut(unittest.TestCase):
    def test_put_1(self):
        self.assertTrue(Shelf(1).put("a"))

    def test_put_2(self):
        shelf = Shelf(1)
        shelf.put("a")
        self.assertFalse(shelf.put("b"))


class ShelfTestToJson(unittest.TestCase):
    def test_to_json_1(self):
        shelf = Shelf(1)
        self.assertEqual(shelf.to_json(["a"]), '["a"]')
        self.assertEqual(shelf.exported, 1)
"""


class Split(Operator):
    """
    ## What it changes
    The class becomes two: a base class, defined first in `solution.py` and named after the
    class (`Shelf` gets `ShelfBase`), holds a drawn part of the methods with the fields and
    class attributes they use, and the class derives from it and keeps the rest. The fields
    that move are set in the base's `__init__`, which the class's `__init__` calls first
    (`super().__init__(size)`, passing the constructor's parameters those fields are set
    from). The skeleton a model is shown then has both classes, and the model writes both.

    ## What it keeps
    The class's name, its constructor's signature, every method's name, signature, docstring
    and code (moved whole, not changed), and the tests, which reach the base's methods through
    the class. The part that moves is closed downwards: a method in the base calls only
    methods of the base and uses only fields and class attributes of the base, so every
    `self.` access of a base method finds what it found, and the class's own methods reach
    the base's as before. A field moves only when `__init__` sets it once, on a line of its
    own, from the constructor's parameters (never rebound) and other fields that move, and no
    parameter it passes has a `:param` line without a type and no annotation (the base's
    `__init__` repeats both, and would repeat the check's CW104 with them).

    When a variant fails its proof, the engine draws again, twice at most (`draws`). A later
    draw leaves a removed `super().__init__(...)` noticeable: when fields move, one of them is
    set by the constructor alone, not by another method or the tests (which may never see the
    constructor's value). The second draw moves the first methods of the class, in order, so
    that their docstring examples run in the order they ran in (the base's run first).

    ## When it declines
    When the class already derives from another class, has fewer than two methods besides
    `__init__`, or no method can move without all the others (each needs a field set from
    something else than the parameters or from one whose `:param` line states no type, a
    method that cannot move, or a private `__name` that Python would mangle with the class's
    name), or the names the base class could take are already in the task. A later draw
    declines when every field that could move is set outside the constructor too.

    ## Example
    `Shelf` with `put` (which uses `books` and `size`) and `to_json` (which uses `exported`)
    can become `ShelfBase` with `put`, `books` and `size`, set in `ShelfBase.__init__(self,
    size)`, and `Shelf(ShelfBase)` with `exported` and `to_json`.
    """

    name = "split"
    draws = 3

    APPLIES = (
        Applies(
            Fixture(solution=_SHELF, tests=_SHELF_TESTS),
            seed=0,
            solution='''
            import json


            class ShelfBase:
                """
                The method put of Shelf, with the state it needs; Shelf derives from this class.
                """

                def __init__(self, size: int):
                    """
                    :param size: int, how many books fit
                    self.books: list, the titles on the shelf
                    self.size: int, how many books fit
                    """
                    self.books = []
                    self.size = size

                def put(self, title: str) -> bool:
                    """
                    Put a book at the end of the shelf unless it is full.
                    :param title: str, the title
                    :return: bool, True when it was put
                    """
                    if len(self.books) >= self.size:
                        return False
                    self.books.append(title)
                    return True


            class Shelf(ShelfBase):
                """
                A shelf of books, kept in the order they were put on it.
                """

                def __init__(self, size: int):
                    """
                    :param size: int, how many books fit
                    self.books: list, the titles on the shelf
                    self.size: int, how many books fit
                    self.exported: int, how many times the shelf was written as JSON
                    """
                    super().__init__(size)
                    self.exported = 0

                def to_json(self, titles: list) -> str:
                    """
                    The titles as a JSON list, counting the exports.
                    :param titles: list, the titles
                    :return: str, the JSON text
                    """
                    self.exported += 1
                    return json.dumps(titles)
            ''',
        ),
    )
    DECLINES = (
        Declines(
            Fixture(
                solution='''
                class Tally:
                    """
                    Counts.
                    """

                    def __init__(self):
                        """
                        self.__count: int, the count, 0 at first
                        """
                        self.__count = 0

                    def up(self) -> int:
                        """
                        :return: int, the new count
                        """
                        self.__count += 1
                        return self.__count

                    def down(self) -> int:
                        """
                        :return: int, the new count
                        """
                        self.__count -= 1
                        return self.__count
                ''',
                tests="""
                import unittest

                from solution import Tally


                class TallyTestUp(unittest.TestCase):
                    def test_up_1(self):
                        self.assertEqual(Tally().up(), 1)


                class TallyTestDown(unittest.TestCase):
                    def test_down_1(self):
                        self.assertEqual(Tally().down(), -1)
                """,
            ),
            reason="no method can move",
        ),
        Declines(
            Fixture(
                solution='''
                class Label(str):
                    """
                    A text label.
                    """

                    def shout(self) -> str:
                        """
                        :return: str, the label in capitals
                        """
                        return self.upper()

                    def size(self) -> int:
                        """
                        :return: int, the number of characters
                        """
                        return len(self)
                ''',
                tests="""
                import unittest

                from solution import Label


                class LabelTestShout(unittest.TestCase):
                    def test_shout_1(self):
                        self.assertEqual(Label("a").shout(), "A")


                class LabelTestSize(unittest.TestCase):
                    def test_size_1(self):
                        self.assertEqual(Label("ab").size(), 2)
                """,
            ),
            reason="already derives from str",
        ),
        Declines(
            Fixture(
                solution='''
                class Grid:
                    """
                    Cells in rows.
                    """

                    def __init__(self, size):
                        """
                        :param size: the number of rows and columns
                        self.cells: list, the rows of cells, each empty at first
                        """
                        self.cells = [[""] * size for _ in range(size)]

                    def put(self, row: int, column: int, mark: str) -> None:
                        """
                        :param row: int, the row
                        :param column: int, the column
                        :param mark: str, the mark
                        """
                        self.cells[row][column] = mark

                    def count(self) -> int:
                        """
                        :return: int, how many cells hold a mark
                        """
                        return sum(1 for row in self.cells for cell in row if cell)
                ''',
                tests="""
                import unittest

                from solution import Grid


                class GridTestPut(unittest.TestCase):
                    def test_put_1(self):
                        grid = Grid(2)
                        grid.put(0, 1, "x")
                        self.assertEqual(grid.cells[0][1], "x")


                class GridTestCount(unittest.TestCase):
                    def test_count_1(self):
                        self.assertEqual(Grid(2).count(), 0)
                """,
            ),
            reason="from one whose :param line states no type",
        ),
    )

    def apply(self, task: TaskFolder, files: TaskFiles, rng: random.Random) -> Applied:
        return self.apply_draw(task, files, rng, 0)

    def apply_draw(
        self, task: TaskFolder, files: TaskFiles, rng: random.Random, draw: int
    ) -> Applied:
        model = task.solution
        module = cst.parse_module(files.solution)
        class_def = find_class(module, model.class_name)
        assert class_def is not None, "the task loaded, so its class is there"
        assert isinstance(class_def.body, cst.IndentedBlock), "a class with methods has a block"
        if class_def.bases or class_def.keywords or model.bases:
            written = ", ".join(module.code_for_node(arg.value) for arg in class_def.bases)
            raise Declined(f"the class already derives from {written or 'another class'}")
        if len(model.methods) < 2:
            raise Declined("the class has fewer than two methods besides __init__")
        base_name = _base_name(model.class_name, files)
        plan = _Plan.of(task, class_def, files.tests)
        methods = plan.draw(rng, draw)
        state = plan.state_of(methods)
        assert state is not None, "the methods drawn can move"
        fields, attributes = state
        new_module, tracked = _split(
            module, class_def, plan, _Moving(base_name, methods, fields, attributes)
        )
        names = [m.name for m in model.methods if m.name in methods]
        moved_state = sorted(fields | attributes)
        summary = (
            f"{len(names)} of {len(model.methods)} methods"
            + (f" with {', '.join(moved_state)}" if moved_state else "")
            + f" moved into the base class {base_name}: {', '.join(names)}"
        )
        return Applied(
            files.changed(solution=new_module.code),
            summary,
            {
                "base": base_name,
                "methods": names,
                "fields": sorted(fields),
                "class_attributes": sorted(attributes),
            }
            | ({"draw": draw} if draw else {}),
            moved_lines=_moved_lines(module, new_module, tracked),
        )


def _base_name(class_name: str, files: TaskFiles) -> str:
    """``<Class>Base``, else ``Base<Class>``: a name found nowhere in the task's code."""
    for name in (f"{class_name}Base", f"Base{class_name}"):
        if not re.search(rf"\b{name}\b", files.solution + "\n" + files.tests):
            return name
    raise Declined(f"{class_name}Base and Base{class_name} are names the task already uses")


def _private(name: str) -> bool:
    """A name Python mangles with the class's name inside a class body."""
    return name.startswith("__") and not name.endswith("__")


def _names_in(node: cst.CSTNode) -> set[str]:
    return {child.value for child in walk(node) if isinstance(child, cst.Name)}


def _free_names(node: cst.CSTNode) -> list[str]:
    """The names ``node`` reads as variables (not ``x.attr``'s attr, not ``f(key=...)``'s key),
    once per use."""
    skipped: set[int] = set()
    for child in walk(node):
        if isinstance(child, cst.Attribute):
            skipped.add(id(child.attr))
        elif isinstance(child, cst.Arg) and child.keyword is not None:
            skipped.add(id(child.keyword))
    return [
        child.value
        for child in walk(node)
        if isinstance(child, cst.Name) and id(child) not in skipped
    ]


def _attributes_of(node: cst.CSTNode, receivers: set[str]) -> set[str]:
    """Attributes read or written through one of ``receivers`` (``self.x``, ``Shelf.x``)."""
    return {
        child.attr.value
        for child in walk(node)
        if isinstance(child, cst.Attribute)
        and isinstance(child.value, cst.Name)
        and child.value.value in receivers
    }


def _field_target(statement: cst.BaseStatement, receiver: str) -> tuple[str, cst.Assign] | None:
    """``self.<name> = value`` alone on its line: (name, the assignment)."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return None
    assign = statement.body[0]
    if not isinstance(assign, cst.Assign) or len(assign.targets) != 1:
        return None
    target = assign.targets[0].target
    if (
        isinstance(target, cst.Attribute)
        and isinstance(target.value, cst.Name)
        and target.value.value == receiver
    ):
        return target.attr.value, assign
    return None


def _attribute_target(statement: cst.BaseStatement) -> str | None:
    """``NAME = value`` (or annotated) alone on a line of the class body: NAME."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return None
    small = statement.body[0]
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        target = small.targets[0].target
    elif isinstance(small, cst.AnnAssign) and small.value is not None:
        target = small.target
    else:
        return None
    return target.value if isinstance(target, cst.Name) else None


def _rebound(node: cst.CSTNode) -> set[str]:
    """Names assigned anywhere in ``node`` (assignments, loops, ``with``, walrus)."""
    found: set[str] = set()
    for child in walk(node):
        targets: list[cst.BaseExpression] = []
        assigning = cst.AssignTarget | cst.AugAssign | cst.AnnAssign | cst.NamedExpr
        if isinstance(child, assigning | cst.For | cst.CompFor):
            targets.append(child.target)
        elif isinstance(child, cst.AsName):
            targets.append(child.name)
        for target in targets:
            found |= _bound_names(target)
    return found


def _bound_names(target: cst.BaseExpression) -> set[str]:
    """The names an assignment target binds (``x``, ``a, *b``; not ``self.x`` nor ``d[k]``)."""
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, cst.Tuple | cst.List):
        return {n for e in target.elements for n in _bound_names(e.value)}
    if isinstance(target, cst.StarredElement):
        return _bound_names(target.value)
    return set()


class _Plan:
    """What can move: per method, what it needs (methods, fields, class attributes)."""

    def __init__(self) -> None:
        self.order: list[str] = []
        self.needs: dict[str, tuple[set[str], set[str]]] = {}
        """Method -> (methods it calls, state it uses: fields and class attributes)."""
        self.fields: dict[str, tuple[cst.BaseStatement, list[str], set[str]]] = {}
        """Field that can move -> (its line in ``__init__``, parameters, fields it reads)."""
        self.attributes: dict[str, tuple[cst.BaseStatement, set[str]]] = {}
        """Class attribute that can move -> (its statement, class attributes it reads)."""
        self.pinned: set[str] = set()
        self.init: cst.FunctionDef | None = None
        self.receiver = "self"
        self.bypassed: set[str] = set()
        """Fields set outside ``__init__`` too (by a method or the tests): a test may never see
        the value the constructor gave them."""

    @classmethod
    def of(cls, task: TaskFolder, class_def: cst.ClassDef, tests: str) -> _Plan:
        plan = cls()
        plan.bypassed = _set_outside_init(class_def, tests)
        assert isinstance(class_def.body, cst.IndentedBlock)
        body = class_def.body.body
        plan.init = next((f for f in class_methods(class_def) if f.name.value == "__init__"), None)
        attributes = {
            name: statement for statement in body if (name := _attribute_target(statement))
        }
        level_names: set[str] = set()
        for statement in body:
            if isinstance(statement, cst.FunctionDef):
                for decorator in statement.decorators:
                    level_names |= _names_in(decorator.decorator) - {statement.name.value}
            elif not is_string_statement(statement):
                level_names |= _names_in(statement)
        for name, statement in attributes.items():
            reads = _names_in(statement) & set(attributes)
            if not _private(name) and name not in reads:
                plan.attributes[name] = (statement, reads - {name})
        plan._read_init(class_def.name.value)
        for model in task.solution.methods:
            plan.order.append(model.name)
            state = {f.removeprefix("self.") for f in model.dependencies.field}
            plan.needs[model.name] = (set(model.dependencies.method), state)
        for func in class_methods(class_def):
            name = func.name.value
            if name in level_names or _private(name) or any(map(_private, _names_in(func))):
                plan.pinned.add(name)
        return plan

    def _read_init(self, class_name: str) -> None:
        init = self.init
        if init is None or not isinstance(init.body, cst.IndentedBlock):
            return
        params = [*init.params.posonly_params, *init.params.params]
        if not params:
            return
        self.receiver = params[0].name.value
        passable = {p.name.value for p in [*params[1:], *init.params.kwonly_params]}
        passable -= _untyped(init, class_name)
        rebound = _rebound(init.body)
        writes: dict[str, int] = {}
        for node in walk(init.body):
            if isinstance(node, cst.AssignTarget | cst.AugAssign | cst.AnnAssign):
                for name in _attributes_of(node.target, {self.receiver}):
                    writes[name] = writes.get(name, 0) + 1
        for statement in init.body.body:
            found = _field_target(statement, self.receiver)
            if found is None or _private(found[0]) or writes.get(found[0]) != 1:
                continue
            value = found[1].value
            names = _free_names(value)
            reads = _attributes_of(value, {self.receiver, class_name})
            # The value may read fields (``self.x``), but not use the instance otherwise.
            through = sum(
                1
                for n in walk(value)
                if isinstance(n, cst.Attribute)
                and isinstance(n.value, cst.Name)
                and n.value.value in (self.receiver, class_name)
            )
            if names.count(self.receiver) + names.count(class_name) != through:
                continue
            used = set(names) - {self.receiver, class_name}
            if used & rebound:
                continue
            order = [p.name.value for p in [*params[1:], *init.params.kwonly_params]]
            if any(p in order and p not in passable for p in used):
                # The base's constructor would repeat a parameter whose documentation the
                # check refuses (a ``:param`` line without a type): the same finding twice.
                continue
            needed = [p for p in order if p in used]
            self.fields[found[0]] = (statement, needed, reads)

    def closure(self, method: str) -> tuple[set[str], set[str]] | None:
        """The methods and state that must move with ``method``; None when one cannot."""
        methods, pending = set(), [method]
        while pending:
            name = pending.pop()
            if name in methods:
                continue
            if name in self.pinned or name not in self.needs:
                return None
            methods.add(name)
            pending.extend(self.needs[name][0])
        state = self.state_of(methods)
        if state is None:
            return None
        return methods, state[0] | state[1]

    def state_of(self, methods: set[str]) -> tuple[set[str], set[str]] | None:
        """The fields and class attributes ``methods`` use, with those they are set from;
        None when one of them cannot move."""
        fields: set[str] = set()
        attributes: set[str] = set()
        pending = [s for m in methods for s in self.needs[m][1]]
        while pending:
            name = pending.pop()
            if name in fields or name in attributes:
                continue
            if name in self.fields:
                fields.add(name)
                pending.extend(self.fields[name][2])
            elif name in self.attributes:
                attributes.add(name)
                pending.extend(self.attributes[name][1])
            else:
                return None
        return fields, attributes

    def killable(self, methods: set[str]) -> bool:
        """Whether removing the base's constructor call can be noticed: no field moves (there
        is no call), or one that moves is set by the constructor alone."""
        state = self.state_of(methods)
        fields = state[0] if state else set()
        return not fields or any(f not in self.bypassed for f in fields)

    def draw(self, rng: random.Random, draw: int = 0) -> set[str]:
        """A drawn set of methods that can move together, about half of them, never all.

        The first draw (0) takes any such set. A later draw is tried when an earlier variant
        failed its proof, and avoids what made split variants fail: it leaves a removed
        ``super().__init__(...)`` noticeable (``killable``), and the second (1) moves the first
        methods of the class, so that their docstring examples run in the order they ran in
        (the base's run first)."""
        total = len(self.order)
        closures = {m: c[0] for m in self.order if (c := self.closure(m)) and len(c[0]) < total}
        if not closures:
            raise Declined(
                "no method can move without all the others: each needs a field set from "
                "something else than the constructor's parameters (or from one whose :param "
                "line states no type), a method that cannot move, or a private name"
            )
        target = rng.randint(1, max(1, total // 2))
        candidates = [m for m in self.order if m in closures]
        rng.shuffle(candidates)
        if draw == 0:
            return _fill(candidates, closures, target, total)
        if draw == 1:
            prefixes = []
            for k in range(1, total):
                head = set(self.order[:k])
                if all(m in closures and closures[m] <= head for m in head) and self.killable(head):
                    prefixes.append(head)
            if prefixes:
                return rng.choice(prefixes)
        chosen = _fill(candidates, closures, target, total)
        if not self.killable(chosen):
            chosen = next(
                (
                    joined
                    for m in candidates
                    if len(joined := chosen | closures[m]) < total and self.killable(joined)
                ),
                _fill(
                    [m for m in candidates if self.killable(closures[m])], closures, target, total
                ),
            )
        if not chosen or not self.killable(chosen):
            raise Declined(
                "no later draw can move a field the constructor alone sets: every field that "
                "can move is set by a method or the tests too, so a removed call of the base's "
                "constructor could go unnoticed"
            )
        return chosen


def _fill(
    candidates: Sequence[str], closures: Mapping[str, set[str]], target: int, total: int
) -> set[str]:
    """Closures of ``candidates``, in their order, joined until ``target`` methods (never all
    ``total``)."""
    chosen: set[str] = set()
    for method in candidates:
        joined = chosen | closures[method]
        if len(joined) < total:
            chosen = joined
        if len(chosen) >= target:
            break
    return chosen


def _untyped(init: cst.FunctionDef, class_name: str) -> set[str]:
    """The constructor's parameters with a ``:param`` line that states no type and no
    annotation: the base's ``__init__`` would repeat both, and the check's CW104 with them. (A
    parameter without a ``:param`` line is passed: the base's docstring then has no line for
    it either.)"""
    statement = docstring_statement(init.body)
    if statement is None:
        return set()
    expr = statement.body[0]
    assert isinstance(expr, cst.Expr)
    value = expr.value
    text = value.evaluated_value if isinstance(value, cst.SimpleString) else None
    if not isinstance(text, str):
        return set()
    contract = parse_method_contract(inspect.cleandoc(text), {class_name})
    untyped = set()
    for param in [*init.params.posonly_params, *init.params.params, *init.params.kwonly_params][1:]:
        documented = contract.param(param.name.value)
        if documented is not None and param.annotation is None and documented.type is None:
            untyped.add(param.name.value)
    return untyped


def _set_outside_init(class_def: cst.ClassDef, tests: str) -> set[str]:
    """Fields assigned by a method other than ``__init__`` (through its first parameter) or
    anywhere in the tests (``obj.field = ...`` on any object)."""
    found: set[str] = set()
    for func in class_methods(class_def):
        params = [*func.params.posonly_params, *func.params.params]
        if func.name.value == "__init__" or not params:
            continue
        found |= _assigned(func.body, {params[0].name.value})
    try:
        module = cst.parse_module(tests)
    except cst.ParserSyntaxError:
        return found
    return found | _assigned(module, None)


def _assigned(node: cst.CSTNode, receivers: set[str] | None) -> set[str]:
    """Attributes assigned in ``node`` through one of ``receivers`` (any object: None)."""
    names = set()
    for child in walk(node):
        if isinstance(child, cst.AssignTarget | cst.AugAssign | cst.AnnAssign):
            for target in walk(child.target):
                if (
                    isinstance(target, cst.Attribute)
                    and isinstance(target.value, cst.Name)
                    and (receivers is None or target.value.value in receivers)
                ):
                    names.add(target.attr.value)
    return names


@dataclass(frozen=True)
class _Moving:
    """What goes into the base class."""

    base: str
    methods: set[str]
    fields: set[str]
    attributes: set[str]


def _split(
    module: cst.Module, class_def: cst.ClassDef, plan: _Plan, moving: _Moving
) -> tuple[cst.Module, list[cst.CSTNode]]:
    """The module with the base class before the class, and the nodes that moved whole."""
    assert isinstance(class_def.body, cst.IndentedBlock)
    class_name = class_def.name.value
    body = list(class_def.body.body)
    moved_attributes = [plan.attributes[a][0] for a in moving.attributes]
    going = [
        s
        for s in body
        if (isinstance(s, cst.FunctionDef) and s.name.value in moving.methods)
        or any(s is a for a in moved_attributes)
    ]
    staying = [s for s in body if not any(s is g for g in going)]
    tracked: list[cst.CSTNode] = [*going]
    base_body: list[cst.BaseStatement] = [
        _docstring(_base_doc(class_name, moving.methods, body), _INDENT)
    ]
    init = plan.init
    if moving.fields and init is not None:
        base_init, new_init = _constructors(init, plan, moving)
        tracked += list(_block(init).body)
        base_body.append(base_init)
        staying = [new_init if s is init else s for s in staying]
    tracked += [s for s in staying if any(s is b for b in body)]
    attributes_first = [s for s in going if not isinstance(s, cst.FunctionDef)]
    methods_after = [s for s in going if isinstance(s, cst.FunctionDef)]
    base = cst.ClassDef(
        name=cst.Name(moving.base),
        body=cst.IndentedBlock(
            body=[base_body[0], *attributes_first, *base_body[1:], *methods_after]
        ),
        leading_lines=class_def.leading_lines,
    )
    derived = class_def.with_changes(
        bases=[cst.Arg(cst.Name(moving.base))],
        lpar=cst.LeftParen(),
        rpar=cst.RightParen(),
        body=class_def.body.with_changes(body=staying),
        leading_lines=[cst.EmptyLine(indent=False), cst.EmptyLine(indent=False)],
    )
    new_body: list[cst.BaseStatement] = []
    for statement in module.body:
        new_body.extend([base, derived] if statement is class_def else [statement])
    return module.with_changes(body=new_body), tracked


def _block(function: cst.FunctionDef) -> cst.IndentedBlock:
    assert isinstance(function.body, cst.IndentedBlock)
    return function.body


def _constructors(
    init: cst.FunctionDef, plan: _Plan, moving: _Moving
) -> tuple[cst.FunctionDef, cst.FunctionDef]:
    """The base's `__init__` setting the moved fields, and the class's calling it first."""
    params = sorted(
        {p for f in moving.fields for p in plan.fields[f][1]},
        key=lambda p: _parameter_order(init).index(p),
    )
    statements = {id(plan.fields[f][0]) for f in moving.fields}
    lines = _block(init).body
    moved_lines = [s for s in lines if id(s) in statements]
    kept_lines = [s for s in lines if id(s) not in statements]
    init_doc = _base_init_doc(init, moving.fields, params)
    base_init = cst.FunctionDef(
        name=cst.Name("__init__"),
        params=cst.Parameters(
            params=[cst.Param(cst.Name(plan.receiver))] + [_bare_param(init, p) for p in params]
        ),
        body=cst.IndentedBlock(
            body=[*([_docstring(init_doc, 2 * _INDENT)] if init_doc else []), *moved_lines]
        ),
        leading_lines=[cst.EmptyLine(indent=False)],
    )
    at = 1 if docstring_statement(_block(init)) is not None else 0
    call = cst.parse_statement(f"super().__init__({', '.join(params)})\n")
    new_init = init.with_changes(
        body=_block(init).with_changes(body=[*kept_lines[:at], call, *kept_lines[at:]])
    )
    return base_init, new_init


def _parameter_order(init: cst.FunctionDef) -> list[str]:
    params = [*init.params.posonly_params, *init.params.params, *init.params.kwonly_params]
    return [p.name.value for p in params]


def _bare_param(init: cst.FunctionDef, name: str) -> cst.Param:
    """The constructor's parameter ``name`` with its annotation, without its default."""
    for param in [*init.params.posonly_params, *init.params.params, *init.params.kwonly_params]:
        if param.name.value == name:
            return cst.Param(param.name, annotation=param.annotation)
    raise KeyError(name)


def _docstring(text: str, indent: str) -> cst.SimpleStatementLine:
    """A docstring statement of a body indented by ``indent``, ``text`` already indented."""
    return cst.SimpleStatementLine(body=[cst.Expr(cst.SimpleString(f'"""\n{text}\n{indent}"""'))])


_INDENT = "    "


def _base_doc(class_name: str, methods: set[str], body: Sequence[cst.BaseStatement]) -> str:
    names = [s.name.value for s in body if isinstance(s, cst.FunctionDef)]
    names = list(dict.fromkeys(n for n in names if n in methods))
    what = f"methods {', '.join(names)}" if len(names) > 1 else f"method {names[0]}"
    need = "the state they need" if len(names) > 1 else "the state it needs"
    words = (
        f"The {what} of {class_name}, with {need}; {class_name} derives from this class."
    ).split()
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + 1 + len(word) <= 84:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "\n".join(_INDENT + line for line in lines)


def _base_init_doc(init: cst.FunctionDef, fields: set[str], params: Sequence[str]) -> str:
    """The lines of ``__init__``'s docstring that describe the parameters it passes on and
    the fields that move."""
    doc = docstring_statement(init.body)
    if doc is None:
        return ""
    expr = doc.body[0]
    assert isinstance(expr, cst.Expr)
    value = expr.value
    text = value.evaluated_value if isinstance(value, cst.SimpleString) else None
    if not isinstance(text, str):
        return ""
    wanted = [rf":param {re.escape(p)}\b" for p in params]
    wanted += [rf"self\.{re.escape(f)}\b" for f in fields]
    lines = [
        line.strip()
        for line in text.splitlines()
        if any(re.match(pattern, line.strip()) for pattern in wanted)
    ]
    return "\n".join(2 * _INDENT + line for line in lines)


def _moved_lines(
    old: cst.Module, new: cst.Module, tracked: Sequence[cst.CSTNode]
) -> Mapping[int, int]:
    """Old line -> new line of every line inside a node that moved whole."""
    old_positions = MetadataWrapper(old, unsafe_skip_copy=True).resolve(PositionProvider)
    new_positions = MetadataWrapper(new, unsafe_skip_copy=True).resolve(PositionProvider)
    moved: dict[int, int] = {}
    for node in tracked:
        if node not in old_positions or node not in new_positions:
            continue
        before, after = old_positions[node], new_positions[node]
        for line in range(before.start.line, before.end.line + 1):
            moved[line] = line - before.start.line + after.start.line
    return {line: to for line, to in moved.items() if line != to}
