"""The test module of the small task (imports the candidate as `solution`)."""

import unittest

from solution import Wallet


class WalletTestDeposit(unittest.TestCase):
    def test_deposit_returns_balance(self):
        wallet = Wallet()
        self.assertEqual(wallet.deposit(5), 5)
        self.assertEqual(wallet.deposit(7), 12)

    def test_deposit_rejects_zero(self):
        with self.assertRaises(ValueError):
            Wallet().deposit(0)


class WalletTestWithdraw(unittest.TestCase):
    def test_withdraw_within_balance(self):
        wallet = Wallet()
        wallet.deposit(10)
        self.assertTrue(wallet.withdraw(4))
        self.assertEqual(wallet.balance, 6)

    def test_withdraw_over_balance(self):
        wallet = Wallet()
        wallet.deposit(3)
        self.assertFalse(wallet.withdraw(4))
        self.assertEqual(wallet.balance, 3)
