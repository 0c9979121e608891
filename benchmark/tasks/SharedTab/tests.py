import unittest
from decimal import Decimal

from solution import SharedTab


def balances_of(tab):
    return {name: tab.balance(name) for name in tab.members}


def tab_with(balances):
    tab = SharedTab(list(balances))
    tab.balances = {name: Decimal(value) for name, value in balances.items()}
    return tab


class SharedTabTestCents(unittest.TestCase):
    def test_cents_1(self):
        self.assertEqual(SharedTab([]).cents("12.5"), 1250)
        self.assertEqual(SharedTab([]).cents("12.05"), 1205)

    def test_cents_2(self):
        self.assertEqual(SharedTab([]).cents("12"), 1200)
        self.assertEqual(SharedTab([]).cents("0.07"), 7)
        self.assertEqual(SharedTab([]).cents("007.10"), 710)

    def test_cents_3(self):
        tab = SharedTab([])
        for text in ("1,000", " 5", "5 ", "5.", ".5", "1.234", "+5", "-5", "1e3", "", "abc"):
            with self.assertRaises(ValueError):
                tab.cents(text)

    def test_cents_4(self):
        tab = SharedTab([])
        for text in ("0", "0.00", "00.0"):
            with self.assertRaises(ValueError):
                tab.cents(text)

    def test_cents_5(self):
        tab = SharedTab(["ann"])
        self.assertEqual(tab.cents("0.01"), 1)
        self.assertEqual(tab.cents("99999999.99"), 9999999999)
        self.assertEqual(tab.balances, {"ann": Decimal("0.00")})
        self.assertEqual(tab.spent, Decimal("0.00"))


class SharedTabTestSplit(unittest.TestCase):
    def test_split_1(self):
        self.assertEqual(SharedTab([]).split("10", 3), ["3.34", "3.33", "3.33"])

    def test_split_2(self):
        # 100 / 7 = 14.2857...: rounded down, not to the nearest cent.
        self.assertEqual(SharedTab([]).split("100", 7), ["14.29"] * 4 + ["14.28"] * 3)
        self.assertEqual(SharedTab([]).split("2", 3), ["0.67", "0.67", "0.66"])

    def test_split_3(self):
        self.assertEqual(SharedTab([]).split("12", 4), ["3.00", "3.00", "3.00", "3.00"])
        self.assertEqual(SharedTab([]).split("7.5", 1), ["7.50"])

    def test_split_4(self):
        self.assertEqual(SharedTab([]).split("0.01", 3), ["0.01", "0.00", "0.00"])
        self.assertEqual(SharedTab([]).split("0.05", 2), ["0.03", "0.02"])

    def test_split_5(self):
        tab = SharedTab([])
        with self.assertRaises(ValueError):
            tab.split("10", 0)
        with self.assertRaises(ValueError):
            tab.split("10", -2)
        with self.assertRaises(ValueError):
            tab.split("ten", 2)

    def test_split_6(self):
        tab = SharedTab(["ann", "bob"])
        self.assertEqual(tab.split("1.01", 2), ["0.51", "0.50"])
        self.assertEqual(balances_of(tab), {"ann": "0.00", "bob": "0.00"})


class SharedTabTestAddExpense(unittest.TestCase):
    def test_add_expense_1(self):
        tab = SharedTab(["ann", "bob", "cy"])
        self.assertIs(tab.add_expense("ann", "30", ["ann", "bob", "cy"]), True)
        self.assertEqual(balances_of(tab), {"ann": "20.00", "bob": "-10.00", "cy": "-10.00"})
        self.assertEqual(tab.spent, Decimal("30.00"))

    def test_add_expense_2(self):
        tab = SharedTab(["ann", "bob", "cy"])
        self.assertIs(tab.add_expense("bob", "10.00", ["ann", "bob", "cy"]), True)
        self.assertEqual(balances_of(tab), {"ann": "-3.34", "bob": "6.67", "cy": "-3.33"})

    def test_add_expense_3(self):
        tab = SharedTab(["ann", "bob", "cy"])
        self.assertIs(tab.add_expense("bob", "10", ["cy", "ann", "bob"]), True)
        self.assertEqual(balances_of(tab), {"ann": "-3.33", "bob": "6.67", "cy": "-3.34"})

    def test_add_expense_4(self):
        tab = SharedTab(["ann", "bob", "cy"])
        self.assertIs(tab.add_expense("ann", "9", ["bob", "cy"]), True)
        self.assertIs(tab.add_expense("cy", "0.05", ["ann"]), True)
        self.assertEqual(balances_of(tab), {"ann": "8.95", "bob": "-4.50", "cy": "-4.45"})
        self.assertEqual(tab.spent, Decimal("9.05"))

    def test_add_expense_5(self):
        tab = SharedTab(["ann", "bob", "cy"])
        self.assertIs(tab.add_expense("dan", "9", ["bob", "cy"]), False)
        self.assertIs(tab.add_expense("ann", "9", []), False)
        self.assertIs(tab.add_expense("ann", "9", ["bob", "bob"]), False)
        self.assertIs(tab.add_expense("ann", "9", ["bob", "zed"]), False)
        self.assertIs(tab.add_expense("ann", "9", ["Bob"]), False)
        self.assertEqual(balances_of(tab), {"ann": "0.00", "bob": "0.00", "cy": "0.00"})
        self.assertEqual(tab.spent, Decimal("0.00"))

    def test_add_expense_6(self):
        tab = SharedTab(["ann", "bob"])
        with self.assertRaises(ValueError):
            tab.add_expense("ann", "9.999", ["bob"])
        with self.assertRaises(ValueError):
            tab.add_expense("dan", "0", [])
        self.assertEqual(balances_of(tab), {"ann": "0.00", "bob": "0.00"})
        self.assertEqual(tab.spent, Decimal("0.00"))


class SharedTabTestBalance(unittest.TestCase):
    def test_balance_1(self):
        tab = SharedTab(["ann", "bob"])
        self.assertEqual(tab.balance("ann"), "0.00")
        self.assertEqual(tab.balance("bob"), "0.00")

    def test_balance_2(self):
        tab = tab_with({"ann": "12.5", "bob": "-12.5"})
        self.assertEqual(tab.balance("ann"), "12.50")
        self.assertEqual(tab.balance("bob"), "-12.50")

    def test_balance_3(self):
        tab = tab_with({"ann": "0.07", "bob": "-0.07"})
        self.assertEqual(tab.balance("ann"), "0.07")
        self.assertEqual(tab.balance("bob"), "-0.07")

    def test_balance_4(self):
        tab = SharedTab(["ann", "bob"])
        with self.assertRaises(KeyError):
            tab.balance("dan")
        with self.assertRaises(KeyError):
            tab.balance("Ann")

    def test_balance_5(self):
        tab = SharedTab(["ann", "bob", "cy"])
        tab.add_expense("cy", "1000", ["ann", "bob", "cy"])
        self.assertEqual(tab.balance("cy"), "666.67")
        self.assertEqual(tab.balance("ann"), "-333.34")
        self.assertEqual(tab.balance("bob"), "-333.33")


class SharedTabTestPay(unittest.TestCase):
    def test_pay_1(self):
        tab = SharedTab(["ann", "bob", "cy"])
        tab.add_expense("ann", "30", ["ann", "bob", "cy"])
        self.assertIs(tab.pay("bob", "ann", "10"), True)
        self.assertEqual(balances_of(tab), {"ann": "10.00", "bob": "0.00", "cy": "-10.00"})
        self.assertEqual(tab.spent, Decimal("30.00"))

    def test_pay_2(self):
        tab = SharedTab(["ann", "bob"])
        self.assertIs(tab.pay("ann", "bob", "2.5"), True)
        self.assertEqual(balances_of(tab), {"ann": "2.50", "bob": "-2.50"})
        self.assertEqual(tab.spent, Decimal("0.00"))

    def test_pay_3(self):
        tab = SharedTab(["ann", "bob"])
        self.assertIs(tab.pay("ann", "ann", "5"), False)
        self.assertIs(tab.pay("dan", "bob", "5"), False)
        self.assertIs(tab.pay("ann", "dan", "5"), False)
        self.assertEqual(balances_of(tab), {"ann": "0.00", "bob": "0.00"})

    def test_pay_4(self):
        tab = SharedTab(["ann", "bob"])
        with self.assertRaises(ValueError):
            tab.pay("ann", "bob", "-5")
        with self.assertRaises(ValueError):
            tab.pay("ann", "ann", "0")
        self.assertEqual(balances_of(tab), {"ann": "0.00", "bob": "0.00"})

    def test_pay_5(self):
        tab = tab_with({"ann": "4", "bob": "-4"})
        self.assertIs(tab.pay("bob", "ann", "6"), True)
        self.assertEqual(balances_of(tab), {"ann": "-2.00", "bob": "2.00"})


class SharedTabTestSettle(unittest.TestCase):
    def test_settle_1(self):
        self.assertEqual(SharedTab(["ann", "bob"]).settle(), [])

    def test_settle_2(self):
        tab = SharedTab(["ann", "bob", "cy"])
        tab.add_expense("ann", "30", ["ann", "bob", "cy"])
        self.assertEqual(tab.settle(), [("bob", "ann", "10.00"), ("cy", "ann", "10.00")])
        self.assertEqual(balances_of(tab), {"ann": "20.00", "bob": "-10.00", "cy": "-10.00"})

    def test_settle_3(self):
        tab = tab_with({"a": "5", "b": "15", "c": "-12", "d": "-8"})
        self.assertEqual(
            tab.settle(), [("c", "b", "12.00"), ("d", "a", "5.00"), ("d", "b", "3.00")]
        )

    def test_settle_4(self):
        tab = tab_with({"a": "5", "b": "5", "c": "-10"})
        self.assertEqual(tab.settle(), [("c", "a", "5.00"), ("c", "b", "5.00")])

    def test_settle_5(self):
        tab = tab_with({"a": "-3", "b": "-3", "c": "0", "d": "6"})
        self.assertEqual(tab.settle(), [("a", "d", "3.00"), ("b", "d", "3.00")])
        self.assertEqual(tab.balances["a"], Decimal("-3"))

    def test_settle_6(self):
        tab = tab_with({"a": "-0.01", "b": "7.49", "c": "-7.48"})
        self.assertEqual(tab.settle(), [("c", "b", "7.48"), ("a", "b", "0.01")])


class SharedTabTestSettleUp(unittest.TestCase):
    def test_settle_up_1(self):
        self.assertEqual(SharedTab(["ann", "bob"]).settle_up(), 0)

    def test_settle_up_2(self):
        tab = SharedTab(["ann", "bob", "cy"])
        tab.add_expense("ann", "30", ["ann", "bob", "cy"])
        self.assertEqual(tab.settle_up(), 2)
        self.assertEqual(balances_of(tab), {"ann": "0.00", "bob": "0.00", "cy": "0.00"})
        self.assertEqual(tab.spent, Decimal("30.00"))

    def test_settle_up_3(self):
        tab = tab_with({"a": "5", "b": "15", "c": "-12", "d": "-8"})
        self.assertEqual(tab.settle_up(), 3)
        self.assertEqual(balances_of(tab), {"a": "0.00", "b": "0.00", "c": "0.00", "d": "0.00"})
        self.assertEqual(tab.settle(), [])

    def test_settle_up_4(self):
        tab = tab_with({"a": "-0.01", "b": "7.49", "c": "-7.48"})
        self.assertEqual(tab.settle_up(), 2)
        self.assertEqual(balances_of(tab), {"a": "0.00", "b": "0.00", "c": "0.00"})

    def test_settle_up_5(self):
        tab = SharedTab(["ann", "bob"])
        tab.add_expense("ann", "10", ["bob"])
        tab.pay("bob", "ann", "4")
        self.assertEqual(tab.settle(), [("bob", "ann", "6.00")])
        self.assertEqual(tab.settle_up(), 1)
        self.assertEqual(tab.settle_up(), 0)
        self.assertEqual(balances_of(tab), {"ann": "0.00", "bob": "0.00"})


class SharedTabTest(unittest.TestCase):
    def test_weekend_trip(self):
        tab = SharedTab(["ann", "bob", "cy", "dee"])
        self.assertIs(tab.add_expense("ann", "120", ["ann", "bob", "cy", "dee"]), True)
        self.assertIs(tab.add_expense("bob", "25.10", ["bob", "cy", "dee"]), True)
        self.assertIs(tab.add_expense("dee", "7", ["ann"]), True)
        # ann 120 - 30 - 7 = 83; bob -30 + 25.10 - 8.37 = -13.27; cy -30 - 8.37; dee -30 - 8.36 + 7
        self.assertEqual(
            balances_of(tab), {"ann": "83.00", "bob": "-13.27", "cy": "-38.37", "dee": "-31.36"}
        )
        self.assertEqual(tab.spent, Decimal("152.10"))
        self.assertEqual(
            tab.settle(),
            [("cy", "ann", "38.37"), ("dee", "ann", "31.36"), ("bob", "ann", "13.27")],
        )
        self.assertEqual(tab.settle_up(), 3)
        self.assertEqual(set(balances_of(tab).values()), {"0.00"})

    def test_rejected_calls_change_nothing(self):
        tab = SharedTab(["ann", "bob"])
        tab.add_expense("ann", "3", ["ann", "bob"])
        self.assertIs(tab.add_expense("ann", "3", ["ann", "ann"]), False)
        self.assertIs(tab.pay("bob", "bob", "1.5"), False)
        with self.assertRaises(ValueError):
            tab.pay("bob", "ann", "1.505")
        self.assertEqual(balances_of(tab), {"ann": "1.50", "bob": "-1.50"})
        self.assertEqual(tab.settle(), [("bob", "ann", "1.50")])

    def test_an_uneven_bill_split_by_hand_and_by_the_tab(self):
        tab = SharedTab(["ann", "bob", "cy"])
        amount = "47.80"
        self.assertEqual(tab.cents(amount), 4780)
        shares = tab.split(amount, 3)
        self.assertEqual(shares, ["15.94", "15.93", "15.93"])
        tab.add_expense("cy", amount, ["ann", "bob", "cy"])
        self.assertEqual(tab.balance("ann"), "-" + shares[0])
        self.assertEqual(tab.balance("bob"), "-" + shares[1])
        self.assertEqual(tab.balance("cy"), "31.87")
