"""A small task whose tests copy the object under test (copy.copy, copy.deepcopy, a pickle round
trip) and compare the states of the copy and the original."""

import copy
import pickle
import unittest

from solution import Tally


class TallyTest(unittest.TestCase):
    def setUp(self):
        self.tally = Tally()
        self.tally.add("ana")

    def test_deepcopy_is_independent(self):
        twin = copy.deepcopy(self.tally)
        self.assertIsInstance(twin, Tally)
        self.assertEqual(twin.add("bo"), 1)
        self.assertEqual(twin.counts, {"ana": 1, "bo": 1})
        self.assertEqual(self.tally.counts, {"ana": 1})
        self.assertEqual(self.tally.history, ["ana"])

    def test_copy_shares_the_fields(self):
        twin = copy.copy(self.tally)
        self.assertIsNot(twin, self.tally)
        twin.add("bo")
        self.assertEqual(self.tally.history, ["ana", "bo"])
        self.assertEqual(twin.total(), 2)

    def test_copy_then_rebind_a_field(self):
        twin = copy.copy(self.tally)
        self.assertIsInstance(twin, Tally)
        twin.counts = {}
        self.assertEqual(twin.counts, {})
        self.assertEqual(twin.total(), 1)
        self.assertEqual(self.tally.counts, {"ana": 1})

    def test_pickle_round_trip(self):
        data = pickle.dumps(self.tally)
        self.tally.add("cy")
        twin = pickle.loads(data)
        self.assertEqual(twin.counts, {"ana": 1})
        self.assertEqual(twin.add("ana"), 2)
        self.assertEqual(self.tally.counts, {"ana": 1, "cy": 1})
        self.assertEqual(pickle.loads(data).total(), 1)

    def test_one_deepcopy_makes_one_copy_of_each_object(self):
        first, second = copy.deepcopy([self.tally, self.tally])
        self.assertIs(first, second)
        first.add("bo")
        self.assertEqual(second.total(), 2)
        self.assertEqual(self.tally.total(), 1)

    def test_copies_of_the_class_are_the_class(self):
        self.assertIs(copy.copy(Tally), Tally)
        self.assertIs(copy.deepcopy(Tally), Tally)
        twin = copy.deepcopy(copy.copy(self.tally))
        twin.add("ana")
        self.assertEqual((self.tally.total(), twin.total()), (1, 2))
