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
    
    def test_has(self):
        bit_status_util = BitStatusUtil()
        self.assertIs(bit_status_util.has(6, 2), True)
    
    def test_has_2(self):
        bit_status_util = BitStatusUtil()
        self.assertIs(bit_status_util.has(8, 2), False)
    
    def test_has_3(self):
        bit_status_util = BitStatusUtil()
        self.assertIs(bit_status_util.has(6, 4), True)
    
    def test_has_4(self):
        bit_status_util = BitStatusUtil()
        self.assertIs(bit_status_util.has(8, 6), False)
    
    def test_has_5(self):
        bit_status_util = BitStatusUtil()
        self.assertIs(bit_status_util.has(6, 6), True)


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


class BitStatusUtilTestMain(unittest.TestCase):
    def test_main(self):
        bit_status_util = BitStatusUtil()
        self.assertEqual(bit_status_util.add(2, 4), 6)
        self.assertIs(bit_status_util.has(6, 2), True)
        self.assertEqual(bit_status_util.remove(6, 2), 4)
        with self.assertRaises(ValueError):
            bit_status_util.check([2, 3, 4])
