"""Operator ``shuffle-methods``: the class's methods in another order."""

from __future__ import annotations

import random
from collections.abc import Sequence

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from classwright.authoring.classmodel import is_string_statement
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.perturb.files import TaskFiles
from classwright.authoring.perturb.fixtures import Applies, Declines
from classwright.authoring.perturb.operator import Applied, Declined, Operator
from classwright.authoring.perturb.operators._names import walk
from classwright.authoring.perturb.operators._orders import shuffle_anew
from classwright.authoring.taskdir import TaskFolder
from classwright.evaluator.dependencies import find_class


class ShuffleMethods(Operator):
    """
    ## What it changes
    The methods of the class are defined in another order, drawn at random; each keeps its
    decorators, docstring and comments, a property's setter stays right after its getter, and
    `__init__` stays first. So the skeleton a model is shown lists the methods, with their
    docstrings, in the new order.

    ## What it keeps
    Everything else: the names, the code of every method, the class's other statements in
    their places, the tests (they do not depend on the order of definitions).

    ## When it declines
    When the class has fewer than two methods besides `__init__`, defines a method twice (the
    order decides which one counts), or has a class-level statement or decorator that refers to
    one of its methods (it runs when the class is created and needs that method defined
    before it).

    ## Example
    `parse_time, free_spots, enter, fee, leave, occupancy` may become
    `fee, occupancy, parse_time, leave, enter, free_spots`.
    """

    name = "shuffle-methods"

    APPLIES = (
        Applies(
            Fixture(
                solution='''
                class Counter:
                    """
                    Counts up from a start.
                    """

                    def __init__(self, start: int = 0):
                        """
                        :param start: int, the first value
                        self.value: int, the current value
                        """
                        self.value = start

                    def up(self) -> int:
                        """
                        Count one up.
                        :return: int, the new value
                        >>> Counter().up()
                        1
                        """
                        self.value += 1
                        return self.value

                    # The current value, as a property.
                    @property
                    def current(self) -> int:
                        """
                        :return: int, the current value
                        >>> Counter(3).current
                        3
                        """
                        return self.value

                    @current.setter
                    def current(self, value: int) -> None:
                        self.value = value

                    def twice(self) -> int:
                        """
                        Count two up.
                        :return: int, the new value
                        >>> Counter().twice()
                        2
                        """
                        self.up()
                        return self.up()
                ''',
                tests="""
                import unittest

                from solution import Counter


                class CounterTestUp(unittest.TestCase):
                    def test_up_1(self):
                        self.assertEqual(Counter().up(), 1)


                class CounterTestTwice(unittest.TestCase):
                    def test_twice_1(self):
                        self.assertEqual(Counter(5).twice(), 7)


                class CounterTest(unittest.TestCase):
                    def test_counter(self):
                        counter = Counter()
                        counter.current = 4
                        self.assertEqual(counter.twice(), 6)
                        self.assertEqual(counter.current, 6)
                """,
            ),
            seed=0,
            solution='''
            class Counter:
                """
                Counts up from a start.
                """

                def __init__(self, start: int = 0):
                    """
                    :param start: int, the first value
                    self.value: int, the current value
                    """
                    self.value = start

                # The current value, as a property.
                @property
                def current(self) -> int:
                    """
                    :return: int, the current value
                    >>> Counter(3).current
                    3
                    """
                    return self.value

                @current.setter
                def current(self, value: int) -> None:
                    self.value = value

                def up(self) -> int:
                    """
                    Count one up.
                    :return: int, the new value
                    >>> Counter().up()
                    1
                    """
                    self.value += 1
                    return self.value

                def twice(self) -> int:
                    """
                    Count two up.
                    :return: int, the new value
                    >>> Counter().twice()
                    2
                    """
                    self.up()
                    return self.up()
            ''',
        ),
    )
    DECLINES = (
        Declines(
            Fixture(
                solution='''
                class Box:
                    """
                    Holds one thing.
                    """

                    def __init__(self):
                        """
                        self.thing: str, what the box holds, "" when empty
                        """
                        self.thing = ""

                    def put(self, thing: str) -> None:
                        """
                        :param thing: str, what to put in
                        """
                        self.thing = thing
                ''',
                tests="""
                import unittest

                from solution import Box


                class BoxTestPut(unittest.TestCase):
                    def test_put_1(self):
                        box = Box()
                        box.put("a")
                        self.assertEqual(box.thing, "a")
                """,
            ),
            reason="fewer than two methods",
        ),
        Declines(
            Fixture(
                solution='''
                class Box:
                    """
                    Holds one thing.
                    """

                    def __init__(self):
                        """
                        self.thing: str, what the box holds, "" when empty
                        """
                        self.thing = ""

                    def put(self, thing: str) -> None:
                        """
                        :param thing: str, what to put in
                        """
                        self.thing = thing

                    def take(self) -> str:
                        """
                        :return: str, what the box held
                        """
                        thing, self.thing = self.thing, ""
                        return thing

                    insert = put
                ''',
                tests="""
                import unittest

                from solution import Box


                class BoxTestPut(unittest.TestCase):
                    def test_put_1(self):
                        box = Box()
                        box.insert("a")
                        self.assertEqual(box.take(), "a")
                """,
            ),
            reason="refers to the method put",
        ),
    )

    def apply(self, task: TaskFolder, files: TaskFiles, rng: random.Random) -> Applied:
        wrapper = MetadataWrapper(cst.parse_module(files.solution))
        module = wrapper.module
        class_def = find_class(module, task.solution.class_name)
        assert class_def is not None, "the task loaded, so its class is there"
        assert isinstance(class_def.body, cst.IndentedBlock), "a class with methods has a block"
        body: list[cst.BaseStatement] = list(class_def.body.body)
        units = _units(body)
        movable = [unit for unit in units if _name(body[unit[0]]) != "__init__"]
        _refuse_order_dependence(body, units)
        if len(movable) < 2:
            raise Declined("the class has fewer than two methods besides __init__")
        order = list(range(len(movable)))
        shuffle_anew([order], rng)
        new_body = _reordered(body, movable, order)
        new_class = class_def.with_changes(body=class_def.body.with_changes(body=new_body))
        new_module = module.deep_replace(class_def, new_class)
        assert isinstance(new_module, cst.Module)
        solution = new_module.code
        names = [_name(body[movable[i][0]]) for i in order]
        moved = _moved_lines(wrapper, class_def, solution, task.solution.class_name)
        return Applied(
            files.changed(solution=solution),
            f"{len(names)} methods in a new order: {', '.join(names)}",
            {"order": names},
            moved_lines=moved,
        )


def _name(statement: cst.BaseStatement) -> str:
    return statement.name.value if isinstance(statement, cst.FunctionDef) else ""


def _units(body: Sequence[cst.BaseStatement]) -> list[list[int]]:
    """Indexes of the class body's methods, grouped: a property's setter (``@x.setter``,
    ``@x.deleter``) travels with the method before it."""
    units: list[list[int]] = []
    for index, statement in enumerate(body):
        if not isinstance(statement, cst.FunctionDef):
            continue
        attached = any(
            isinstance(d.decorator, cst.Attribute)
            and isinstance(d.decorator.value, cst.Name)
            and d.decorator.value.value == statement.name.value
            for d in statement.decorators
        )
        if attached and units and _name(body[units[-1][-1]]) == statement.name.value:
            units[-1].append(index)
        else:
            units.append([index])
    return units


def _refuse_order_dependence(body: Sequence[cst.BaseStatement], units: list[list[int]]) -> None:
    names = [_name(body[unit[0]]) for unit in units]
    for name in names:
        if names.count(name) > 1:
            raise Declined(f"the method {name} is defined twice: the order decides which counts")
    methods = set(names)
    for statement in body:
        referring: list[cst.CSTNode] = []
        if isinstance(statement, cst.FunctionDef):
            referring.extend(d.decorator for d in statement.decorators)
        elif not is_string_statement(statement):
            referring.append(statement)
        for part in referring:
            for node in walk(part):
                if isinstance(node, cst.Name) and node.value in methods:
                    if (
                        isinstance(statement, cst.FunctionDef)
                        and node.value == statement.name.value
                    ):
                        continue  # @current.setter on current itself
                    raise Declined(
                        f"a class-level statement refers to the method {node.value}, so it "
                        "must stay defined before it"
                    )


def _reordered(
    body: Sequence[cst.BaseStatement], movable: list[list[int]], order: list[int]
) -> list[cst.BaseStatement]:
    slots = {unit[0]: position for position, unit in enumerate(movable)}
    members = {index for unit in movable for index in unit}
    new: list[cst.BaseStatement] = []
    for index, statement in enumerate(body):
        if index in slots:
            unit = movable[order[slots[index]]]
            first = body[unit[0]]
            assert isinstance(first, cst.FunctionDef) and isinstance(statement, cst.FunctionDef)
            # Blank lines stay with the place, comments travel with their method.
            if not any(line.comment for line in first.leading_lines):
                blank = [line for line in statement.leading_lines if line.comment is None]
                first = first.with_changes(leading_lines=blank)
            new.append(first)
            new.extend(body[i] for i in unit[1:])
        elif index not in members:
            new.append(statement)
    return new


def _spans(
    wrapper: MetadataWrapper, class_def: cst.ClassDef
) -> dict[tuple[str, int], tuple[int, int]]:
    """(method name, its n-th definition) -> (first line, last line), decorators included."""
    positions = wrapper.resolve(PositionProvider)
    spans: dict[tuple[str, int], tuple[int, int]] = {}
    seen: dict[str, int] = {}
    for statement in class_def.body.body:
        if isinstance(statement, cst.FunctionDef):
            name = statement.name.value
            count = seen.get(name, 0)
            seen[name] = count + 1
            first = statement.decorators[0] if statement.decorators else statement
            spans[name, count] = (positions[first].start.line, positions[statement].end.line)
    return spans


def _moved_lines(
    wrapper: MetadataWrapper, class_def: cst.ClassDef, solution: str, class_name: str
) -> dict[int, int]:
    new_wrapper = MetadataWrapper(cst.parse_module(solution))
    new_class = find_class(new_wrapper.module, class_name)
    assert new_class is not None, "the class moved its methods, not itself"
    before, after = _spans(wrapper, class_def), _spans(new_wrapper, new_class)
    moved: dict[int, int] = {}
    for key, (start, end) in before.items():
        new_start = after[key][0]
        for line in range(start, end + 1):
            if line - start + new_start != line:
                moved[line] = line - start + new_start
    return moved
