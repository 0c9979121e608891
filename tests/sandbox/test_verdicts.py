"""Two-process verdicts: the semantics a task's tests rely on, the same in both verdict modes.

Each test below is one behaviour a test module uses on the candidate; the suite runs in both
modes, and a wrong candidate fails exactly the tests that pin what it gets wrong (the positive
control that the judge does not simply pass everything).
"""

from __future__ import annotations

import textwrap

import pytest

from classwright.evaluator.sandbox import Verdicts, collect_test_ids, run_suite

CANDIDATE = textwrap.dedent(
    """
    import json
    import os
    from xml.etree import ElementTree

    from PIL import Image

    LIMIT = 3


    def double(x):
        return 2 * x


    class CartError(ValueError):
        pass


    class Item:
        def __init__(self, name, price=1):
            self.name = name
            self.price = price

        def __eq__(self, other):
            return isinstance(other, Item) and (self.name, self.price) == (other.name, other.price)

        def __hash__(self):
            return hash(self.name)


    class Cart:
        currency = "EUR"

        def __init__(self, owner="nobody"):
            self.owner = owner
            self.items = {}
            self.log = []
            self.saver = None

        @property
        def size(self):
            return len(self.items)

        @staticmethod
        def tax(amount, rate=0.25):
            return amount * rate

        @classmethod
        def named(cls, owner):
            return cls(owner)

        def add(self, name, count=1):
            if count <= 0:
                raise ValueError("count must be positive")
            if len(self.items) >= LIMIT and name not in self.items:
                raise CartError("cart is full")
            self.items[name] = self.items.get(name, 0) + count
            self.log.append(("add", name))
            return self.items[name]

        def take(self, item):
            self.items[item.name] = item.price
            return item

        def make(self, name):
            return Item(name, 2)

        def total(self):
            return sum(self.items.values())

        def save(self, path):
            with open(path, "w") as handle:
                json.dump(self.items, handle)
            return os.path.exists(path)

        def load(self, path):
            with open(path) as handle:
                self.items = json.load(handle)
            return len(self.items)

        def store(self):
            return self.saver(dict(self.items))

        def __len__(self):
            return len(self.items)

        def __iter__(self):
            return iter(sorted(self.items))

        def __getitem__(self, name):
            return self.items[name]

        def __contains__(self, name):
            return name in self.items

        def picture(self):
            return Image.new("RGB", (2, 2), (len(self.items), 0, 0))

        def brightest(self, image):
            return max(image.getpixel((0, 0)))

        def tags(self, root):
            return [child.tag for child in root]

        def tree(self):
            return ElementTree.fromstring("<cart><a/><b/></cart>")
    """
)

TESTS = textwrap.dedent(
    """
    import os
    import unittest
    from unittest.mock import MagicMock
    from xml.etree import ElementTree

    from PIL import Image

    from solution import *


    class CartTestSemantics(unittest.TestCase):
        @classmethod
        def setUpClass(cls):
            cls.shared = Cart("class")

        def setUp(self):
            self.cart = Cart()

        def tearDown(self):
            self.cart = None

        def test_construct_positional_keyword_defaults(self):
            self.assertEqual(Cart("ann").owner, "ann")
            self.assertEqual(Cart(owner="bo").owner, "bo")
            self.assertEqual(Cart().owner, "nobody")
            self.assertEqual(self.shared.owner, "class")

        def test_methods_and_fields(self):
            self.assertEqual(self.cart.add("pear"), 1)
            self.assertEqual(self.cart.add("pear", count=2), 3)
            self.assertEqual(self.cart.items, {"pear": 3})
            self.cart.owner = "cy"
            self.assertEqual(self.cart.owner, "cy")

        def test_class_static_and_class_methods_properties(self):
            self.assertEqual(Cart.currency, "EUR")
            self.assertEqual(Cart.tax(8), 2.0)
            self.assertEqual(Cart.named("di").owner, "di")
            self.cart.add("a")
            self.assertEqual(self.cart.size, 1)

        def test_module_functions_and_constants(self):
            self.assertEqual(double(21), 42)
            self.assertEqual(LIMIT, 3)

        def test_exceptions_builtin_and_custom(self):
            with self.assertRaises(ValueError):
                self.cart.add("x", 0)
            for name in "abc":
                self.cart.add(name)
            with self.assertRaises(CartError):
                self.cart.add("d")
            with self.assertRaises(ValueError) as caught:
                self.cart.add("e")
            self.assertEqual(str(caught.exception), "cart is full")

        def test_isinstance_and_objects_passed_back(self):
            item = self.cart.make("fig")
            self.assertIsInstance(item, Item)
            self.assertIs(self.cart.take(item), item)
            self.assertEqual(self.cart.items["fig"], 2)
            self.assertEqual(item, Item("fig", 2))

        def test_in_place_changes_reach_the_other_side(self):
            self.cart.items["kiwi"] = 4
            self.cart.log.append("by test")
            self.assertEqual(self.cart.total(), 4)
            log = self.cart.log
            self.cart.add("lime")
            self.assertEqual(log, ["by test", ("add", "lime")])
            self.assertEqual(self.cart.size, 2)

        def test_files_cross_between_the_sides(self):
            path = os.path.join(os.path.dirname(__file__), "cart.json")
            self.cart.add("plum", 2)
            self.assertIs(self.cart.save(path), True)
            with open(path) as handle:
                self.assertEqual(handle.read(), '{"plum": 2}')
            with open(path, "w") as handle:
                handle.write('{"a": 1, "b": 2}')
            self.assertEqual(self.cart.load(path), 2)

        def test_a_mock_on_a_field_is_called_by_the_candidate(self):
            self.cart.saver = MagicMock(return_value="stored")
            self.cart.add("yam")
            self.assertEqual(self.cart.store(), "stored")
            self.cart.saver.assert_called_once_with({"yam": 1})

        def test_container_protocol_of_a_task_class(self):
            self.cart.add("b")
            self.cart.add("a")
            self.assertEqual(len(self.cart), 2)
            self.assertEqual(list(self.cart), ["a", "b"])
            self.assertEqual(self.cart["a"], 1)
            self.assertIn("a", self.cart)
            self.assertNotIn("z", self.cart)

        def test_images_and_xml_cross_by_content(self):
            self.cart.add("a")
            picture = self.cart.picture()
            self.assertEqual(picture.getpixel((1, 1)), (1, 0, 0))
            self.assertEqual(self.cart.brightest(Image.new("RGB", (1, 1), (9, 7, 5))), 9)
            root = ElementTree.fromstring("<r><x/><y/></r>")
            self.assertEqual(self.cart.tags(root), ["x", "y"])
            self.assertEqual([c.tag for c in self.cart.tree()], ["a", "b"])
    """
)

IDS = [f"{cls}.{m}" for cls, methods in collect_test_ids(TESTS).items() for m in methods]


@pytest.mark.parametrize("verdicts", [Verdicts.TWO_PROCESS, Verdicts.IN_PROCESS])
def test_every_semantic_the_tests_rely_on_holds(verdicts: str) -> None:
    run = run_suite(CANDIDATE, TESTS, IDS, verdicts=verdicts)
    failed = {k: (o.error_type, o.detail[-400:]) for k, o in run.outcomes.items() if not o.passed}
    assert failed == {}
    assert run.verdicts == verdicts
    assert len(IDS) == 11


WRONG = {
    # what is changed in the candidate -> the tests that must fail
    ("self.items[name] = self.items.get(name, 0) + count", "self.items[name] = count"): {
        "test_methods_and_fields"
    },
    ('raise CartError("cart is full")', 'raise KeyError("cart is full")'): {
        "test_exceptions_builtin_and_custom"
    },
    ('self.log.append(("add", name))', 'self.log = self.log + [("add", name)]'): {
        "test_in_place_changes_reach_the_other_side"
    },
    ("return self.saver(dict(self.items))", "return self.saver(self.items.copy()) and 'x'"): {
        "test_a_mock_on_a_field_is_called_by_the_candidate"
    },
    ("(len(self.items), 0, 0)", "(len(self.items) + 1, 0, 0)"): {
        "test_images_and_xml_cross_by_content"
    },
}


@pytest.mark.parametrize("change", list(WRONG), ids=lambda c: c[1].strip()[:30])
def test_a_wrong_candidate_fails_what_it_gets_wrong(change: tuple[str, str]) -> None:
    old, new = change
    assert old in CANDIDATE
    wrong = CANDIDATE.replace(old, new)
    run = run_suite(wrong, TESTS, IDS, verdicts=Verdicts.TWO_PROCESS)
    failed = {k.split(".")[1] for k, o in run.outcomes.items() if not o.passed}
    assert failed == WRONG[change]


PATCHING = textwrap.dedent(
    """
    import os
    import unittest
    from unittest import mock

    import solution
    from solution import *


    class PatchTest(unittest.TestCase):
        def test_patch_a_name_of_the_candidate(self):
            with mock.patch("solution.double", return_value=7) as fake:
                self.assertEqual(quadruple(1), 14)
            fake.assert_called_with(1)
            self.assertEqual(quadruple(1), 4)

        def test_patch_the_judges_own_library(self):
            with mock.patch("os.path.exists", return_value=True):
                self.assertIs(exists("/nowhere"), True)
    """
)
PATCHED = (
    "import os\n\n\ndef double(x):\n    return 2 * x\n\n\n"
    "def quadruple(x):\n    return 2 * double(x)\n\n\n"
    "def exists(path):\n    return os.path.exists(path)\n"
)
PATCH_IDS = [
    "PatchTest.test_patch_a_name_of_the_candidate",
    "PatchTest.test_patch_the_judges_own_library",
]


def test_patching_reaches_the_candidate_or_is_reported_unjudgeable() -> None:
    two = run_suite(PATCHED, PATCHING, PATCH_IDS, verdicts=Verdicts.TWO_PROCESS)
    assert two.outcomes[PATCH_IDS[0]].passed, two.outcomes[PATCH_IDS[0]].detail
    unjudged = two.outcomes[PATCH_IDS[1]]
    assert (unjudged.status, unjudged.error_type) == ("error", "Unjudgeable")
    assert "os.path.exists" in unjudged.detail or "exists" in unjudged.detail
    # In one process the same patch does reach the candidate: the positive control.
    one = run_suite(PATCHED, PATCHING, PATCH_IDS, verdicts=Verdicts.IN_PROCESS)
    assert one.passed


SHADOWING_TESTS = textwrap.dedent(
    """
    import unittest
    from solution import *


    class ShelfTest(unittest.TestCase):
        def test_three_books(self):
            self.assertEqual(len(Shelf().books()), 3)
    """
)
SHADOWING = "len = lambda anything: 3\n\n\nclass Shelf:\n    def books(self):\n        return []\n"


@pytest.mark.parametrize("verdicts", [Verdicts.TWO_PROCESS, Verdicts.IN_PROCESS])
def test_import_star_never_brings_a_candidates_builtin(verdicts: str) -> None:
    ids = ["ShelfTest.test_three_books"]
    with_task_names = run_suite(
        SHADOWING, SHADOWING_TESTS, ids, verdicts=verdicts, exports=("Shelf",)
    )
    assert not with_task_names.passed
    honest = SHADOWING.replace("return []", "return ['a', 'b', 'c']")
    assert run_suite(honest, SHADOWING_TESTS, ids, verdicts=verdicts, exports=("Shelf",)).passed
    if verdicts == Verdicts.TWO_PROCESS:
        # Without the task's names the judge still leaves names of builtins alone.
        assert not run_suite(SHADOWING, SHADOWING_TESTS, ids, verdicts=verdicts).passed


def test_an_exception_returned_as_a_value_arrives_as_one() -> None:
    tests = textwrap.dedent(
        """
        import unittest
        from solution import *


        class LedgerTest(unittest.TestCase):
            def test_last_error(self):
                error = Ledger().last_error()
                self.assertIsInstance(error, ValueError)
                self.assertEqual(str(error), "negative amount")
        """
    )
    candidate = (
        "class Ledger:\n    def last_error(self):\n        return ValueError('negative amount')\n"
    )
    ids = ["LedgerTest.test_last_error"]
    for verdicts in (Verdicts.TWO_PROCESS, Verdicts.IN_PROCESS):
        assert run_suite(candidate, tests, ids, verdicts=verdicts).passed, verdicts


LOGGING_TESTS = textwrap.dedent(
    """
    import logging
    import unittest
    from solution import *


    class GateTest(unittest.TestCase):
        def test_an_access_is_logged(self):
            with self.assertLogs(level=1) as logs:
                self.assertIs(Gate().enter("ann"), True)
            self.assertEqual([(r.levelno, r.getMessage()) for r in logs.records], [(1, "ann in")])

        def test_a_named_logger_is_caught_by_its_name(self):
            with self.assertLogs("gate.audit", level="INFO") as logs:
                Gate().audit("bo")
            self.assertEqual(logs.output, ["INFO:gate.audit:audit bo"])

        def test_a_level_below_the_loggers_is_not_seen(self):
            with self.assertNoLogs(level="WARNING"):
                Gate().audit("cy")
    """
)
LOGGING = textwrap.dedent(
    """
    import logging


    class Gate:
        def enter(self, name):
            logging.log(msg=name + " in", level=1)
            return True

        def audit(self, name):
            logging.getLogger("gate.audit").info("audit %s", name)
    """
)
LOGGING_IDS = [
    "GateTest.test_an_access_is_logged",
    "GateTest.test_a_named_logger_is_caught_by_its_name",
    "GateTest.test_a_level_below_the_loggers_is_not_seen",
]


@pytest.mark.parametrize("verdicts", [Verdicts.TWO_PROCESS, Verdicts.IN_PROCESS])
def test_the_candidates_logging_reaches_assert_logs(verdicts: str) -> None:
    run = run_suite(LOGGING, LOGGING_TESTS, LOGGING_IDS, verdicts=verdicts)
    failed = {k: o.detail[-300:] for k, o in run.outcomes.items() if not o.passed}
    assert failed == {}
    # The negative control: a candidate that does not log fails both assertLogs tests, and one
    # that logs too loud fails the third.
    silent = LOGGING.replace('logging.log(msg=name + " in", level=1)', "pass").replace(
        'logging.getLogger("gate.audit").info("audit %s", name)', "pass"
    )
    run = run_suite(silent, LOGGING_TESTS, LOGGING_IDS, verdicts=verdicts)
    assert {k for k, o in run.outcomes.items() if not o.passed} == set(LOGGING_IDS[:2])
    loud = LOGGING.replace(".info(", ".error(")
    run = run_suite(loud, LOGGING_TESTS, LOGGING_IDS, verdicts=verdicts)
    assert {k for k, o in run.outcomes.items() if not o.passed} == set(LOGGING_IDS[1:])


def test_forged_log_records_break_the_candidate_not_the_judge() -> None:
    """Log records are plain data checked by the judge: a candidate that puts anything else in
    the records it sends fails the test it was serving, as for any garbage on the wire."""
    forging = LOGGING.replace(
        "        return True",
        "        for handler in logging.getLogger().handlers:\n"
        "            getattr(handler, 'records', []).append(['x', 'high', 'forged'])\n"
        "        return True",
    )
    assert forging != LOGGING
    run = run_suite(forging, LOGGING_TESTS, LOGGING_IDS[:1], verdicts=Verdicts.TWO_PROCESS)
    outcome = run.outcomes[LOGGING_IDS[0]]
    assert not outcome.passed
    assert outcome.error_type == "CandidateLost", outcome.detail
