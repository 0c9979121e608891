"""Operator ``rename``: the class, its methods, fields and parameters get other names."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import libcst as cst

from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.perturb.files import TaskFiles
from classwright.authoring.perturb.fixtures import Applies, Declines
from classwright.authoring.perturb.operator import Applied, Declined, Operator
from classwright.authoring.perturb.operators._docstrings import Docstring, docstrings
from classwright.authoring.perturb.operators._names import (
    ClassContext,
    ModuleKind,
    NameUses,
    TaskNames,
    call_parameters,
    walk,
)
from classwright.authoring.perturb.operators._rewriting import Rewriter
from classwright.authoring.perturb.vocabulary import Role, WordChoice, fresh_name, pluralise
from classwright.authoring.taskdir import TaskFolder
from classwright.authoring.testmodule import method_test_class
from classwright.evaluator.dependencies import class_methods

ATTEMPTS = 6
"""Draws tried for one name before it keeps its own (every draw collided)."""


class Rename(Operator):
    """
    ## What it changes
    The class, its methods, its fields and its methods' parameters get other names, drawn from
    a word list of synonyms (`words.json`): each word of a name is replaced by a synonym of the
    same part of speech, the same way in every name of the task (`add_item`, `item_count` ->
    `insert_entry`, `entry_count`). The new names reach every place the old ones were: the
    solution, the tests (calls, keyword arguments, `from solution import`), the docstrings'
    `>>>` examples (and the variables there that hold an instance), `:param` lines,
    `self.field`, names written with an underscore in the docstrings' text, and fields named
    as plain words in the class's and the constructor's docstrings (where they are described).
    Test classes named `<Class>Test<Method>` and test methods named `test_<method>...` follow
    where the new names sort as the old ones did (unittest runs them in name order, and a test
    may rely on one that ran before it); otherwise they keep their names and `task.toml`'s
    `test_classes` maps the renamed methods to them.

    ## What it keeps
    Behaviour: the same code under other names, and the same tests. Names that are not the
    class's (imports, builtins, local variables of the tests), string contents, and every
    expected output. A member whose name is used where it cannot be told to be the class's
    (`other.total` with `other` of unknown type, `getattr(obj, "total")`, `"total"` as a string
    anywhere in the code, a class that derives from it) keeps its name, and so do the
    parameters of a method that may be called where the call cannot be seen; the record lists
    each and why. A new name is never a keyword, a builtin, or any name already in the task.

    ## When it declines
    When the class's name can be neither changed by a synonym nor extended by a suffix
    (`Tool`, `Engine`, ...) without a collision. (Examples that do not parse as Python, which
    doctest cannot run either, have their names replaced word by word.)

    ## Example
    `ParkingGarage.parse_time(clock)` with the test class `ParkingGarageTestParseTime` may
    become `ParkingCarpark.analyse_moment(clock)` with `ParkingCarparkTestAnalyseMoment`.
    """

    name = "rename"

    APPLIES = (
        Applies(
            Fixture(
                solution='''
                class ItemList:
                    """
                    A list of items with a limit.
                    """

                    def __init__(self, max_items: int = 3):
                        """
                        :param max_items: int, the most items the list holds
                        self.items: list, the items in the order they were added
                        self.max_items: int, the most items the list holds
                        """
                        self.items = []
                        self.max_items = max_items

                    def add_item(self, item_name: str) -> bool:
                        """
                        Add an item unless the list is full or holds it already.
                        :param item_name: str, the item
                        :return: bool, True when it was added
                        >>> item_list = ItemList(max_items=1)
                        >>> item_list.add_item("pen")
                        True
                        >>> item_list.add_item("ink")
                        False
                        """
                        if len(self.items) >= self.max_items or item_name in self.items:
                            return False
                        self.items.append(item_name)
                        return True

                    def item_count(self) -> int:
                        """
                        Count the items, using add_item's list.
                        :return: int, how many items the list holds
                        >>> ItemList().item_count()
                        0
                        """
                        return len(self.items)
                ''',
                tests="""
                import unittest

                from solution import ItemList


                class ItemListTestAddItem(unittest.TestCase):
                    def setUp(self):
                        self.list = ItemList(max_items=2)

                    def test_add_item_1(self):
                        self.assertIs(self.list.add_item("a"), True)
                        self.assertEqual(self.list.items, ["a"])

                    def test_add_item_2(self):
                        self.list.add_item("a")
                        self.assertIs(self.list.add_item(item_name="a"), False)

                    def test_add_item_3(self):
                        self.list.add_item("a")
                        self.list.add_item("b")
                        self.assertIs(self.list.add_item("c"), False)
                        self.assertEqual(self.list.items, ["a", "b"])

                    def test_add_item_4(self):
                        self.assertIs(self.list.add_item(""), True)

                    def test_add_item_5(self):
                        self.assertEqual(self.list.max_items, 2)


                class ItemListTestItemCount(unittest.TestCase):
                    def test_item_count_1(self):
                        self.assertEqual(ItemList().item_count(), 0)

                    def test_item_count_2(self):
                        items = ItemList()
                        items.add_item("a")
                        self.assertEqual(items.item_count(), 1)

                    def test_item_count_3(self):
                        items = ItemList(1)
                        items.add_item("a")
                        items.add_item("b")
                        self.assertEqual(items.item_count(), 1)

                    def test_item_count_4(self):
                        items = ItemList()
                        items.add_item("a")
                        items.add_item("a")
                        self.assertEqual(items.item_count(), 1)

                    def test_item_count_5(self):
                        items = ItemList(max_items=0)
                        items.add_item("a")
                        self.assertEqual(items.item_count(), 0)


                class ItemListTest(unittest.TestCase):
                    def test_item_list(self):
                        items = ItemList()
                        self.assertIs(items.add_item("a"), True)
                        self.assertEqual(items.item_count(), 1)
                """,
            ),
            seed=0,
            solution='''
            class ArticleSequence:
                """
                A list of articles with a limit.
                """

                def __init__(self, maximum_articles: int = 3):
                    """
                    :param maximum_articles: int, the most articles the list holds
                    self.articles: list, the articles in the order they were added
                    self.maximum_articles: int, the most articles the list holds
                    """
                    self.articles = []
                    self.maximum_articles = maximum_articles

                def insert_article(self, article_label: str) -> bool:
                    """
                    Add an item unless the list is full or holds it already.
                    :param article_label: str, the item
                    :return: bool, True when it was added
                    >>> article_sequence = ArticleSequence(maximum_articles=1)
                    >>> article_sequence.insert_article("pen")
                    True
                    >>> article_sequence.insert_article("ink")
                    False
                    """
                    if len(self.articles) >= self.maximum_articles or article_label in self.articles:
                        return False
                    self.articles.append(article_label)
                    return True

                def article_tally(self) -> int:
                    """
                    Count the items, using insert_article's list.
                    :return: int, how many items the list holds
                    >>> ArticleSequence().article_tally()
                    0
                    """
                    return len(self.articles)
            ''',
            tests="""
            import unittest

            from solution import ArticleSequence


            class ItemListTestAddItem(unittest.TestCase):
                def setUp(self):
                    self.list = ArticleSequence(maximum_articles=2)

                def test_insert_article_1(self):
                    self.assertIs(self.list.insert_article("a"), True)
                    self.assertEqual(self.list.articles, ["a"])

                def test_insert_article_2(self):
                    self.list.insert_article("a")
                    self.assertIs(self.list.insert_article(article_label="a"), False)

                def test_insert_article_3(self):
                    self.list.insert_article("a")
                    self.list.insert_article("b")
                    self.assertIs(self.list.insert_article("c"), False)
                    self.assertEqual(self.list.articles, ["a", "b"])

                def test_insert_article_4(self):
                    self.assertIs(self.list.insert_article(""), True)

                def test_insert_article_5(self):
                    self.assertEqual(self.list.maximum_articles, 2)


            class ItemListTestItemCount(unittest.TestCase):
                def test_article_tally_1(self):
                    self.assertEqual(ArticleSequence().article_tally(), 0)

                def test_article_tally_2(self):
                    items = ArticleSequence()
                    items.insert_article("a")
                    self.assertEqual(items.article_tally(), 1)

                def test_article_tally_3(self):
                    items = ArticleSequence(1)
                    items.insert_article("a")
                    items.insert_article("b")
                    self.assertEqual(items.article_tally(), 1)

                def test_article_tally_4(self):
                    items = ArticleSequence()
                    items.insert_article("a")
                    items.insert_article("a")
                    self.assertEqual(items.article_tally(), 1)

                def test_article_tally_5(self):
                    items = ArticleSequence(maximum_articles=0)
                    items.insert_article("a")
                    self.assertEqual(items.article_tally(), 0)


            class ItemListTest(unittest.TestCase):
                def test_item_list(self):
                    items = ArticleSequence()
                    self.assertIs(items.insert_article("a"), True)
                    self.assertEqual(items.article_tally(), 1)
            """,
        ),
        Applies(
            # ``other.entries``: ``other`` may be any object, so ``entries`` keeps its name;
            # ``assertRaises`` calls ``book_amount`` unseen, but with no keyword, so its
            # parameter still follows.
            Fixture(
                solution='''
                class Ledger:
                    """
                    Amounts booked on a ledger.
                    """

                    def __init__(self):
                        """
                        self.entries: list, the amounts in the order they were booked
                        """
                        self.entries = []

                    def book_amount(self, amount: int) -> int:
                        """
                        Book an amount.
                        :param amount: int, the amount, not negative
                        :return: int, the sum of all amounts booked
                        :raises ValueError: when amount is negative
                        >>> Ledger().book_amount(5)
                        5
                        """
                        if amount < 0:
                            raise ValueError("negative amount")
                        self.entries.append(amount)
                        return sum(self.entries)

                    def merge(self, other) -> int:
                        """
                        Book every amount of another ledger.
                        :param other: Ledger, the other ledger
                        :return: int, the sum of all amounts booked
                        """
                        for amount in other.entries:
                            self.book_amount(amount)
                        return sum(self.entries)
                ''',
                tests="""
                import unittest

                from solution import Ledger


                class LedgerTestBookAmount(unittest.TestCase):
                    def test_book_amount_1(self):
                        ledger = Ledger()
                        self.assertEqual(ledger.book_amount(amount=3), 3)
                        self.assertEqual(ledger.book_amount(4), 7)
                        self.assertEqual(ledger.entries, [3, 4])

                    def test_book_amount_2(self):
                        ledger = Ledger()
                        self.assertRaises(ValueError, ledger.book_amount, -1)
                        self.assertEqual(ledger.entries, [])


                class LedgerTestMerge(unittest.TestCase):
                    def test_merge_1(self):
                        first, second = Ledger(), Ledger()
                        first.book_amount(1)
                        second.book_amount(2)
                        self.assertEqual(first.merge(second), 3)
                        self.assertEqual(first.entries, [1, 2])
                """,
            ),
            seed=0,
            solution='''
            class Register:
                """
                Amounts booked on a ledger.
                """

                def __init__(self):
                    """
                    self.entries: list, the amounts in the order they were booked
                    """
                    self.entries = []

                def reserve_quantity(self, quantity: int) -> int:
                    """
                    Book an amount.
                    :param quantity: int, the amount, not negative
                    :return: int, the sum of all amounts booked
                    :raises ValueError: when amount is negative
                    >>> Register().reserve_quantity(5)
                    5
                    """
                    if quantity < 0:
                        raise ValueError("negative amount")
                    self.entries.append(quantity)
                    return sum(self.entries)

                def join(self, other) -> int:
                    """
                    Book every amount of another ledger.
                    :param other: Register, the other ledger
                    :return: int, the sum of all amounts booked
                    """
                    for amount in other.entries:
                        self.reserve_quantity(amount)
                    return sum(self.entries)
            ''',
            tests="""
            import unittest

            from solution import Register


            class LedgerTestBookAmount(unittest.TestCase):
                def test_reserve_quantity_1(self):
                    ledger = Register()
                    self.assertEqual(ledger.reserve_quantity(quantity=3), 3)
                    self.assertEqual(ledger.reserve_quantity(4), 7)
                    self.assertEqual(ledger.entries, [3, 4])

                def test_reserve_quantity_2(self):
                    ledger = Register()
                    self.assertRaises(ValueError, ledger.reserve_quantity, -1)
                    self.assertEqual(ledger.entries, [])


            class LedgerTestMerge(unittest.TestCase):
                def test_join_1(self):
                    first, second = Register(), Register()
                    first.reserve_quantity(1)
                    second.reserve_quantity(2)
                    self.assertEqual(first.join(second), 3)
                    self.assertEqual(first.entries, [1, 2])
            """,
        ),
    )
    DECLINES = (
        Declines(
            # No word of "Kappa" is in the word list, and every name with a suffix is taken.
            Fixture(
                solution='''
                KappaTool = KappaEngine = KappaKit = KappaService = None


                class Kappa:
                    """
                    Counts agreements.
                    """

                    def __init__(self):
                        """
                        self.votes: int, votes so far
                        """
                        self.votes = 0

                    def vote(self) -> int:
                        """
                        Count one more vote.
                        :return: int, the votes so far
                        >>> Kappa().vote()
                        1
                        """
                        self.votes += 1
                        return self.votes
                ''',
                tests="""
                import unittest

                from solution import Kappa


                class KappaTestVote(unittest.TestCase):
                    def test_vote_1(self):
                        self.assertEqual(Kappa().vote(), 1)
                """,
            ),
            reason="every name drawn for the class Kappa is taken",
        ),
    )

    def apply(self, task: TaskFolder, files: TaskFiles, rng: random.Random) -> Applied:
        plan = _Plan.of(task, files, WordChoice(rng))
        return plan.applied(task, files)


# --- the plan -----------------------------------------------------------------------------------


@dataclass
class _Plan:
    class_name: str
    new_class: str
    methods: list[str]
    fields: list[str]
    solution: NameUses
    tests: NameUses
    docs: list[Docstring]
    examples: dict[str, NameUses]
    """Docstring owner -> its examples as one module."""
    members: dict[str, str] = field(default_factory=dict)
    params: dict[str, dict[str, str]] = field(default_factory=dict)
    """Method (``__init__`` included) -> its renamed parameters, old -> new."""
    kept: dict[str, str] = field(default_factory=dict)
    """Names that keep their name, and why."""
    test_classes: dict[str, str] = field(default_factory=dict)
    example_variables: dict[str, str] = field(default_factory=dict)
    broken: dict[str, frozenset[int]] = field(default_factory=dict)
    """Docstring owner -> its examples that do not parse (doctest cannot run them either):
    their names are replaced word by word."""

    @classmethod
    def of(cls, task: TaskFolder, files: TaskFiles, words: WordChoice) -> _Plan:
        names = TaskNames.of(task, files)
        docs = list(docstrings(names.class_def))
        examples: dict[str, NameUses] = {}
        broken_examples: dict[str, frozenset[int]] = {}
        for doc in docs:
            if doc.examples:
                broken = doc.broken_examples()
                try:
                    examples[doc.owner] = names.examples(doc.module_code(broken))
                except cst.ParserSyntaxError:
                    raise Declined(
                        f"the examples of {doc.owner} do not parse as Python: the names in "
                        "them cannot be found"
                    ) from None
                if broken:
                    broken_examples[doc.owner] = broken
        plan = cls(
            names.class_name,
            "",
            names.methods,
            names.fields,
            names.solution,
            names.tests,
            docs,
            examples,
        )
        plan.broken = broken_examples
        plan._draw(words, task)
        return plan

    @property
    def modules(self) -> list[NameUses]:
        return [self.solution, self.tests, *self.examples.values()]

    def _taken(self) -> set[str]:
        taken: set[str] = set()
        for uses in self.modules:
            taken |= uses.identifiers
        return taken

    def _draw(self, words: WordChoice, task: TaskFolder) -> None:
        taken = self._taken()
        new_class = _draw_one(self.class_name, Role.CLASS, taken, words)
        if new_class is None:
            for attempt in range(len(words.words.class_suffixes)):
                new_class = fresh_name([words.class_fallback(self.class_name, attempt)], taken, "")
                if new_class is not None:
                    break
        if new_class is None:
            raise Declined(f"every name drawn for the class {self.class_name} is taken")
        self.new_class = new_class
        taken.add(new_class)
        blocked = self._blocked_members()
        for member in [*self.methods, *self.fields]:
            if member in blocked:
                self.kept[member] = blocked[member]
                continue
            role = Role.VERB if member in self.methods else Role.NAME
            new = _draw_one(member, role, taken, words)
            if new is None:
                self.kept[member] = _why_kept(member, role, words)
                continue
            self.members[member] = new
            taken.add(new)
        # A parameter is a local name: it may take a member's new name (``self.limit = limit``
        # stays a pair), never a name the task already uses.
        self._draw_params(words, self._taken() | {new_class}, blocked)
        self._draw_test_classes(task, taken)
        self._draw_example_variables(words, taken)

    def _blocked_members(self) -> dict[str, str]:
        blocked: dict[str, str] = {}
        every = [*self.methods, *self.fields]
        for member in every:
            if member.startswith("__"):
                blocked[member] = "a private or special name"
        for uses in self.modules:
            for use in uses.member_uses:
                if not use.known:
                    blocked.setdefault(use.member, "used on an object that may not be the class's")
            for member in every:
                if member in uses.strings:
                    blocked.setdefault(member, "named in a string")
            if uses.dynamic_members:
                for member in every:
                    blocked.setdefault(member, "members are reached by computed names")
            if uses.dynamic_fields:
                for member in self.fields:
                    blocked.setdefault(member, "fields are read as a dict")
            if any(use.context is ClassContext.BASE for use in uses.class_uses):
                for member in every:
                    blocked.setdefault(member, "another class derives from the class")
        class_def = self.solution.class_def
        if class_def is not None and class_def.bases:
            for member in every:
                blocked.setdefault(member, "the class derives from another class")
        return blocked

    def _draw_params(self, words: WordChoice, taken: set[str], blocked: Mapping[str, str]) -> None:
        for function in _functions(self.solution):
            method = function.name.value
            if method != "__init__" and method not in self.methods:
                continue
            why = self._params_blocked(method, blocked)
            own: set[str] = set()
            renamed: dict[str, str] = {}
            for param in call_parameters(function):
                label = f"{method}({param})"
                if why:
                    self.kept[label] = why
                    continue
                if self.solution.local_names(function, param) is None:
                    self.kept[label] = "bound in a way renaming cannot follow"
                    continue
                new = _draw_one(param, Role.NAME, taken | own, words)
                if new is None:
                    self.kept[label] = _why_kept(param, Role.NAME, words)
                    continue
                renamed[param] = new
                own.add(new)
            if renamed:
                self.params[method] = renamed

    def _params_blocked(self, method: str, blocked: Mapping[str, str]) -> str:
        """Why a method's parameters keep their names ('' when they need not)."""
        if method == "__init__":
            for uses in self.modules:
                if any(
                    use.context in (ClassContext.VALUE, ClassContext.BASE)
                    for use in uses.class_uses
                ):
                    return "the class is called where the call cannot be seen"
            return ""
        if method in blocked:
            return f"the method keeps its name: {blocked[method]}"
        for uses in self.modules:
            for use in uses.member_uses:
                if use.member == method and use.value_call is not None:
                    keywords = {a.keyword.value for a in use.value_call.args if a.keyword}
                    if keywords:
                        return "the method is passed on with keyword arguments"
        return ""

    def _draw_test_classes(self, task: TaskFolder, taken: set[str]) -> None:
        by_test_class = {info.test_class: info.method_name for info in task.record.methods_info}
        for test_class in task.tests.classes:
            old = test_class.name
            method = by_test_class.get(old)
            if old == f"{self.class_name}Test":
                new = f"{self.new_class}Test"
            elif method is not None:
                new = method_test_class(self.new_class, self.members.get(method, method))
            elif old.startswith(self.class_name):
                new = self.new_class + old[len(self.class_name) :]
            else:
                continue
            if new != old and new not in taken:
                self.test_classes[old] = new
                taken.add(new)
        # unittest runs test classes in the order of their names: a test that relies on one
        # that ran before it (a file another test wrote) must still find it, so new names are
        # used only where they keep that order.
        if not _keeps_order([c.name for c in task.tests.classes], self.test_classes):
            self.kept["test classes"] = "new names would change the order they run in"
            self.test_classes = {}

    def _draw_example_variables(self, words: WordChoice, taken: set[str]) -> None:
        variables = sorted({v for uses in self.examples.values() for v in uses.instance_variables})
        for variable in variables:
            new = _draw_one(variable, Role.CLASS, taken, words)
            if new is not None:
                self.example_variables[variable] = new
                taken.add(new)

    # --- the new files ---

    def applied(self, task: TaskFolder, files: TaskFiles) -> Applied:
        solution_names = self._module_renames(self.solution)
        for function in _functions(self.solution):
            for param, new in self.params.get(function.name.value, {}).items():
                for node in self.solution.local_names(function, param) or ():
                    solution_names[node] = new
        literals = {doc.node: self._docstring(doc) for doc in self.docs}
        solution = self.solution.module.visit(Rewriter(solution_names, literals)).code
        test_names = self._module_renames(self.tests)
        test_names.update(self._test_renames())
        tests = self.tests.module.visit(Rewriter(test_names)).code
        meta = dict(files.meta)
        overrides = self._test_class_overrides(task)
        if overrides:
            meta["test_classes"] = overrides
        else:
            meta.pop("test_classes", None)
        renamed = {self.class_name: self.new_class, **self.members}
        return Applied(
            files.changed(solution=solution, tests=tests, meta=meta),
            self._summary(),
            self._details(),
            renamed=renamed,
            renamed_parameters=self.params,
        )

    def _module_renames(self, uses: NameUses) -> dict[cst.Name, str]:
        names: dict[cst.Name, str] = {}
        for class_use in uses.class_uses:
            names[class_use.name] = self.new_class
        for member_use in uses.member_uses:
            if member_use.member in self.members:
                names[member_use.name] = self.members[member_use.member]
        for call in uses.calls:
            renamed = self.params.get(call.method, {})
            for arg in call.call.args:
                if arg.keyword is not None and arg.keyword.value in renamed:
                    names[arg.keyword] = renamed[arg.keyword.value]
        # A private member reached from outside by its mangled name (``obj._Garage__spots``)
        # follows the class's new name, as Python mangles it.
        mangled = f"_{self.class_name.lstrip('_')}__"
        for node in walk(uses.module):
            if isinstance(node, cst.Name) and node.value.startswith(mangled):
                names[node] = f"_{self.new_class.lstrip('_')}__" + node.value[len(mangled) :]
        if uses.kind is ModuleKind.EXAMPLES:
            for variable, new in self.example_variables.items():
                for node in uses.module_variable(variable) or ():
                    names[node] = new
        return names

    def _test_renames(self) -> dict[cst.Name, str]:
        names: dict[cst.Name, str] = {}
        attributes = {id(n.attr) for n in walk(self.tests.module) if isinstance(n, cst.Attribute)}
        for node in walk(self.tests.module):
            if (
                isinstance(node, cst.Name)
                and id(node) not in attributes
                and node.value in self.test_classes
            ):
                names[node] = self.test_classes[node.value]
            if isinstance(node, cst.ClassDef):
                names.update(self._test_method_renames(node))
        return names

    def _test_method_renames(self, test_class: cst.ClassDef) -> dict[cst.Name, str]:
        functions = class_methods(test_class)
        present = {f.name.value for f in functions}
        prefixes = sorted(self.members.items(), key=lambda item: -len(item[0]))
        names: dict[cst.Name, str] = {}
        renamed: dict[str, str] = {}
        for function in functions:
            old = function.name.value
            for method, new_method in prefixes:
                head = f"test_{method}"
                rest = old[len(head) :]
                if old.startswith(head) and (not rest or rest[0] in "_0123456789"):
                    new = f"test_{new_method}{rest}"
                    if new not in present:
                        names[function.name] = new
                        renamed[old] = new
                        present.add(new)
                    break
        if not _keeps_order([f.name.value for f in functions], renamed):
            return {}
        return names

    def _test_class_overrides(self, task: TaskFolder) -> dict[str, str]:
        present = {self.test_classes.get(c.name, c.name) for c in task.tests.classes}
        overrides = {}
        for info in task.record.methods_info:
            method = self.members.get(info.method_name, info.method_name)
            actual = self.test_classes.get(info.test_class, info.test_class)
            if actual in present and actual != method_test_class(self.new_class, method):
                overrides[method] = actual
        return overrides

    def _docstring(self, doc: Docstring) -> str:
        lines = list(doc.lines)
        examples = self.examples.get(doc.owner)
        if examples is not None:
            code = examples.module.visit(Rewriter(self._module_renames(examples))).code
            loose = dict.fromkeys(self.broken.get(doc.owner, ()), self._loose_rename)
            try:
                lines = doc.with_code(code, loose)
            except ValueError:
                # A line whose escapes make its source differ from doctest's text word for
                # word (``\\b`` in a regular expression): its words are replaced in place.
                for example in doc.examples:
                    for index in example.code_lines:
                        lines[index] = self._loose_rename(lines[index])
        words = self._prose_words(doc.owner)
        params = self.params.get(doc.owner, {})
        # The class's and the constructor's docstrings are where fields are described, often
        # by their names as plain words ("an attribute balance"): those follow too.
        fields = (
            {f: self.members[f] for f in self.fields if f in self.members}
            if doc.owner in (self.class_name, "__init__")
            else {}
        )
        for index in doc.prose_lines():
            lines[index] = _rename_prose(
                lines[index], words, self.members, params, fields, self.fields
            )
            # What looks like an example but is none doctest runs (">>>x" without its space,
            # a docstring whose escapes break its lines) is code to a reader all the same.
            if _PROMPT_LIKE.match(lines[index]):
                lines[index] = self._loose_rename(lines[index])
        for example in doc.examples:
            for index in example.want_lines:
                lines[index] = _rename_words(lines[index], {self.class_name: self.new_class})
        return doc.literal(lines)

    def _loose_rename(self, code: str) -> str:
        """An example line that does not parse: the class's name, ``.member`` and the
        examples' instance variables replaced where they stand as words."""
        code = _rename_words(code, {self.class_name: self.new_class, **self.example_variables})
        if not self.members:
            return code
        pattern = re.compile(r"(?<=\.)(" + "|".join(map(re.escape, self.members)) + r")(?!\w)")
        return pattern.sub(lambda m: self.members[m.group(1)], code)

    def _prose_words(self, owner: str) -> dict[str, str]:
        """Names the docstring text of ``owner`` may spell out, old -> new."""
        words = {self.class_name: self.new_class}
        for old, new in self.members.items():
            if "_" in old:
                words[old] = new
        for old, new in self.params.get(owner, {}).items():
            if "_" in old:
                words[old] = new
        return words

    def _summary(self) -> str:
        renamed_params = sum(len(p) for p in self.params.values())
        all_params = renamed_params + sum(1 for k in self.kept if "(" in k)
        return (
            f"class {self.class_name} -> {self.new_class}; "
            f"{_count(self.methods, self.members)} methods, "
            f"{_count(self.fields, self.members)} fields, "
            f"{renamed_params} of {all_params} parameters renamed"
        )

    def _details(self) -> dict[str, Any]:
        details: dict[str, Any] = {"class": {self.class_name: self.new_class}}
        methods = {m: self.members[m] for m in self.methods if m in self.members}
        fields = {f: self.members[f] for f in self.fields if f in self.members}
        if methods:
            details["methods"] = methods
        if fields:
            details["fields"] = fields
        params = {
            f"{method}({old})": new
            for method, mapping in self.params.items()
            for old, new in mapping.items()
        }
        if params:
            details["parameters"] = params
        if self.test_classes:
            details["test_classes"] = dict(self.test_classes)
        if self.example_variables:
            details["example_variables"] = dict(self.example_variables)
        if self.kept:
            details["kept"] = dict(self.kept)
        return details


def _keeps_order(names: Sequence[str], renamed: Mapping[str, str]) -> bool:
    """Whether the names sort the same way after renaming (unittest runs them sorted)."""
    return sorted(names) == sorted(names, key=lambda name: renamed.get(name, name))


def _count(names: Sequence[str], renamed: Mapping[str, str]) -> str:
    return f"{sum(1 for n in names if n in renamed)} of {len(names)}"


def _draw_one(name: str, role: Role, taken: set[str], words: WordChoice) -> str | None:
    for attempt in range(ATTEMPTS):
        new = fresh_name([words.rename(name, role, attempt)], taken, name)
        if new is not None:
            return new
    return None


def _why_kept(name: str, role: Role, words: WordChoice) -> str:
    if words.rename(name, role) == name:
        return "no word of it is in the word list"
    return "every name drawn is taken"


def _functions(uses: NameUses) -> Iterable[cst.FunctionDef]:
    assert uses.class_def is not None
    return class_methods(uses.class_def)


def _rename_words(line: str, words: Mapping[str, str]) -> str:
    if not words:
        return line
    # Not after a dot: `self.max_distance` is the field, renamed (or not) as a member.
    pattern = re.compile(r"(?<![\w.])(" + "|".join(map(re.escape, words)) + r")(?![\w])")
    return pattern.sub(lambda m: words[m.group(1)], line)


_PROMPT_LIKE = re.compile(r"^\s*(>>>|\.\.\.)")
_PARAM_TAG = re.compile(r"^(\s*:param\s+)(\w+)(\s*:)")


def _rename_prose(
    line: str,
    words: Mapping[str, str],
    members: Mapping[str, str],
    params: Mapping[str, str],
    fields: Mapping[str, str],
    all_fields: Sequence[str] = (),
) -> str:
    """A docstring's text line: its ``:param name:`` tag (by the method's own parameters
    only), then ``self.field``, the given words, and fields named as plain words."""
    head, rest = "", line
    tag = _PARAM_TAG.match(line)
    if tag is not None:
        head = tag.group(1) + params.get(tag.group(2), tag.group(2)) + tag.group(3)
        rest = line[tag.end() :]
    rest = re.sub(r"\bself\.(\w+)", lambda m: f"self.{members.get(m.group(1), m.group(1))}", rest)
    rest = _rename_words(rest, words)
    if fields:
        rest = _rename_fields(rest, all_fields, fields)
    return head + rest


def _rename_fields(text: str, fields: Sequence[str], renamed: Mapping[str, str]) -> str:
    """Fields written as words (``binary_text``, "binary text", "Binary texts") -> their new
    names written the same way, case and plural kept. Every field's mentions are found first
    and the longest wins, so "board size" stays the kept field ``board_size`` when ``board``
    is renamed."""
    found: list[tuple[int, int, str, bool, bool]] = []
    for name in fields:
        forms = {(name, False), (_spoken(name), True)}
        for written, spoken in forms:
            pattern = re.compile(
                rf"(?<![A-Za-z0-9_.]){re.escape(written)}(s|es)?(?![A-Za-z0-9_])", re.IGNORECASE
            )
            for match in pattern.finditer(text):
                found.append((match.start(), match.end(), name, spoken, bool(match.group(1))))
    chosen: list[tuple[int, int, str, bool, bool]] = []
    for mention in sorted(found, key=lambda m: (m[0] - m[1], m[0])):
        if all(mention[1] <= other[0] or mention[0] >= other[1] for other in chosen):
            chosen.append(mention)
    for start, end, name, spoken, plural in sorted(chosen, reverse=True):
        if name not in renamed:
            continue
        value = _spoken(renamed[name]) if spoken else renamed[name]
        value = pluralise(value) if plural else value
        if text[start : start + 1].isupper():
            value = value[:1].upper() + value[1:]
        text = text[:start] + value + text[end:]
    return text


def _spoken(name: str) -> str:
    return name.strip("_").replace("_", " ")
