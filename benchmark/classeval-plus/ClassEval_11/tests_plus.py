"""ClassEval+ tests of ClassEval_11 (BitStatusUtil).

Each of add, has and remove checks its arguments; the published tests reach that check only
through some of them.
"""

import unittest

from solution import BitStatusUtil


class BitStatusUtilTestAdd(unittest.TestCase):
    def test_add_odd_states(self):
        # Guards mutants add line 17: the check removed, or given no arguments.
        with self.assertRaises(ValueError):
            BitStatusUtil.add(3, 2)


class BitStatusUtilTestHas(unittest.TestCase):
    def test_has_odd_stat(self):
        # Guards mutants has line 32: the check removed, or given no arguments.
        with self.assertRaises(ValueError):
            BitStatusUtil.has(2, 1)


class BitStatusUtilTestRemove(unittest.TestCase):
    def test_remove_odd_states(self):
        # Odd states are refused. (The mutants of remove line 47 survive: remove calls has,
        # which checks the same arguments, so they are equivalent.)
        with self.assertRaises(ValueError):
            BitStatusUtil.remove(3, 2)


class BitStatusUtilTestCheck(unittest.TestCase):
    def test_check_negative_even(self):
        # Guards mutant check line 66 (the raise removed): -2 is even but negative.
        with self.assertRaises(ValueError):
            BitStatusUtil.check([2, -2])
