"""ClassEval+ tests of ClassEval_8 (BankAccount)."""

import unittest

from solution import BankAccount


class BankAccountTestDeposit(unittest.TestCase):
    def test_deposit_fraction_below_zero(self):
        # Guards mutant deposit line 17 `0` -> `-1`: any negative amount is invalid.
        account = BankAccount(10)
        with self.assertRaises(ValueError):
            account.deposit(-0.5)
        self.assertEqual(account.balance, 10)


class BankAccountTestWithdraw(unittest.TestCase):
    def test_withdraw_zero(self):
        # Guards mutants withdraw line 29 `<` -> `<=` and `0` -> `1`: zero is a valid amount.
        account = BankAccount(10)
        self.assertEqual(account.withdraw(0), 10)

    def test_withdraw_fraction_below_zero(self):
        # Guards mutant withdraw line 29 `0` -> `-1`.
        account = BankAccount(10)
        with self.assertRaises(ValueError):
            account.withdraw(-0.5)
        self.assertEqual(account.balance, 10)
