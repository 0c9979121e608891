"""A small task whose tests call methods with plain arguments (one request each in two-process
mode: the method looked up and called at once) and with arguments that call the candidate."""

import unittest

from solution import Ledger


class LedgerTestTotal(unittest.TestCase):
    def test_total_after_each_add(self):
        ledger = Ledger()
        ledger.add(2)
        self.assertEqual(ledger.total(), 2)
        ledger.add(3)
        self.assertEqual(ledger.total(), 5)

    def test_totals_in_a_row(self):
        ledger = Ledger()
        ledger.add(1, note="one")
        ledger.add(4)
        self.assertEqual([ledger.total(), ledger.total()], [5, 5])
        self.assertEqual(ledger.notes(), ["one"])


class LedgerTestChecked(unittest.TestCase):
    def test_add_of_a_checked_amount(self):
        ledger = Ledger()
        with self.assertRaises(ValueError):
            ledger.add(ledger.checked(-1))
        self.assertEqual(ledger.total(), 0)

    def test_on_change_is_the_tests_own(self):
        seen = []
        ledger = Ledger()
        ledger.on_change = seen.append
        ledger.on_change(7)
        self.assertEqual(seen, [7])
