import unittest

from solution import GroupExpenses


def group_of(*names):
    group = GroupExpenses()
    for name in names:
        group.add_person(name)
    return group


class GroupExpensesTestAddPerson(unittest.TestCase):
    def test_add_person_1(self):
        group = GroupExpenses()
        self.assertIs(group.add_person("ann"), True)
        self.assertIs(group.add_person("ann"), False)
        self.assertEqual(group.balances, {"ann": 0})

    def test_add_person_2(self):
        group = GroupExpenses()
        group.add_person("cy")
        group.add_person("ann")
        self.assertEqual(list(group.balances), ["cy", "ann"])

    def test_add_person_3(self):
        group = group_of("ann")
        with self.assertRaises(ValueError):
            group.add_person("")
        self.assertEqual(group.balances, {"ann": 0})

    def test_add_person_4(self):
        group = GroupExpenses()
        group.balances = {"ann": 50, "bob": -50}
        self.assertIs(group.add_person("ann"), False)
        self.assertEqual(group.balances, {"ann": 50, "bob": -50})

    def test_add_person_5(self):
        group = GroupExpenses()
        self.assertIs(group.add_person("Ann"), True)
        self.assertIs(group.add_person("ann"), True)
        self.assertEqual(group.balances, {"Ann": 0, "ann": 0})


class GroupExpensesTestParseAmount(unittest.TestCase):
    def test_parse_amount_1(self):
        group = GroupExpenses()
        self.assertEqual(group.parse_amount("12.5"), 1250)
        self.assertEqual(group.parse_amount(" 0.07 "), 7)
        self.assertEqual(group.parse_amount("3"), 300)

    def test_parse_amount_2(self):
        group = GroupExpenses()
        self.assertEqual(group.parse_amount("12"), 1200)
        self.assertEqual(group.parse_amount("12.05"), 1205)
        self.assertEqual(group.parse_amount("0"), 0)
        self.assertEqual(group.parse_amount("0.1"), 10)

    def test_parse_amount_3(self):
        group = GroupExpenses()
        for text in ["12.", ".5", "-3", "1,000", "12.345", "", "  ", "1 2", "$5", "1e3", "12.5.1"]:
            with self.assertRaises(ValueError):
                group.parse_amount(text)

    def test_parse_amount_4(self):
        self.assertEqual(GroupExpenses().parse_amount("1000000.99"), 100000099)

    def test_parse_amount_5(self):
        group = GroupExpenses()
        self.assertEqual(group.parse_amount("007.50"), 750)
        self.assertEqual(group.balances, {})


class GroupExpensesTestSplit(unittest.TestCase):
    def test_split_1(self):
        group = group_of("ann", "bob", "cy")
        self.assertEqual(group.split("ann", "10", {"ann": 1, "bob": 1, "cy": 1}), {"ann": 334, "bob": 333, "cy": 333})
        self.assertEqual(group.balances, {"ann": 666, "bob": -333, "cy": -333})

    def test_split_2(self):
        group = group_of("ann", "bob")
        self.assertEqual(group.split("bob", "100.00", {"ann": 2, "bob": 1}), {"ann": 6667, "bob": 3333})
        self.assertEqual(group.balances, {"ann": -6667, "bob": 6667})

    def test_split_3(self):
        group = group_of("a", "b")
        self.assertEqual(group.split("a", "0.01", {"a": 1, "b": 2}), {"a": 0, "b": 1})
        self.assertEqual(group.balances, {"a": 1, "b": -1})
        self.assertEqual(group.split("a", "0.10", {"a": 5, "b": 2}), {"a": 7, "b": 3})
        self.assertEqual(group.balances, {"a": 4, "b": -4})

    def test_split_4(self):
        group = group_of("ann", "bob", "cy")
        self.assertEqual(group.split("cy", "5", {"ann": 1, "bob": 1}), {"ann": 250, "bob": 250})
        self.assertEqual(group.balances, {"ann": -250, "bob": -250, "cy": 500})

    def test_split_5(self):
        group = group_of("ann", "bob")
        group.balances = {"ann": 10, "bob": -10}
        cases = [("zed", "5", {"ann": 1}), ("ann", "5", {"zed": 1}), ("ann", "5", {}), ("ann", "5", {"bob": 0}),
                 ("ann", "5", {"ann": 1, "bob": -1}), ("ann", "0", {"bob": 1}), ("ann", "0.00", {"bob": 1}),
                 ("ann", "abc", {"bob": 1})]
        for payer, amount, shares in cases:
            with self.assertRaises(ValueError):
                group.split(payer, amount, shares)
        self.assertEqual(group.balances, {"ann": 10, "bob": -10})

    def test_split_6(self):
        group = group_of("dan", "cy", "bob", "ann")
        result = group.split("dan", "0.05", {"dan": 1, "cy": 1, "bob": 1, "ann": 1})
        self.assertEqual(result, {"ann": 2, "bob": 1, "cy": 1, "dan": 1})
        self.assertEqual(list(result), ["ann", "bob", "cy", "dan"])
        self.assertEqual(group.balances, {"dan": 4, "cy": -1, "bob": -1, "ann": -2})

    def test_split_7(self):
        group = group_of("cy", "bob", "ann")
        self.assertEqual(group.split("ann", "0.02", {"cy": 1, "bob": 1, "ann": 1}), {"ann": 1, "bob": 1, "cy": 0})
        self.assertEqual(group.split("bob", "7.00", {"cy": 3, "ann": 4}), {"ann": 400, "cy": 300})
        self.assertEqual(group.balances, {"cy": -300, "bob": 699, "ann": -399})


class GroupExpensesTestPay(unittest.TestCase):
    def test_pay_1(self):
        group = group_of("ann", "bob")
        self.assertEqual(group.pay("bob", "ann", "4.50"), 450)
        self.assertEqual(group.balances, {"ann": -450, "bob": 450})

    def test_pay_2(self):
        group = group_of("ann", "bob")
        group.balances = {"ann": 300, "bob": -300}
        self.assertEqual(group.pay("bob", "ann", "3"), 0)
        self.assertEqual(group.balances, {"ann": 0, "bob": 0})

    def test_pay_3(self):
        group = group_of("ann", "bob")
        for sender, receiver, amount in [("zed", "ann", "1"), ("ann", "zed", "1"), ("ann", "ann", "1"),
                                         ("ann", "bob", "0"), ("ann", "bob", "-1")]:
            with self.assertRaises(ValueError):
                group.pay(sender, receiver, amount)
        self.assertEqual(group.balances, {"ann": 0, "bob": 0})

    def test_pay_4(self):
        group = group_of("ann", "bob", "cy")
        self.assertEqual(group.pay("ann", "bob", "1"), 100)
        self.assertEqual(group.pay("ann", "cy", "0.5"), 150)
        self.assertEqual(group.balances, {"ann": 150, "bob": -100, "cy": -50})

    def test_pay_5(self):
        group = group_of("ann", "bob")
        self.assertEqual(group.pay("ann", "bob", "0.01"), 1)
        self.assertEqual(group.pay("bob", "ann", "0.02"), 1)
        self.assertEqual(group.balances, {"ann": -1, "bob": 1})


class GroupExpensesTestSettle(unittest.TestCase):
    def test_settle_1(self):
        group = GroupExpenses()
        group.balances = {"ann": 700, "bob": -500, "cy": -200}
        self.assertEqual(group.settle(), [("bob", "ann", 500), ("cy", "ann", 200)])

    def test_settle_2(self):
        self.assertEqual(group_of("ann", "bob").settle(), [])
        self.assertEqual(GroupExpenses().settle(), [])

    def test_settle_3(self):
        group = GroupExpenses()
        group.balances = {"bob": 300, "ann": 300, "cy": -600}
        self.assertEqual(group.settle(), [("cy", "ann", 300), ("cy", "bob", 300)])

    def test_settle_4(self):
        group = GroupExpenses()
        group.balances = {"cy": 200, "bob": -100, "ann": -100}
        self.assertEqual(group.settle(), [("ann", "cy", 100), ("bob", "cy", 100)])
        self.assertEqual(group.balances, {"cy": 200, "bob": -100, "ann": -100})

    def test_settle_5(self):
        group = GroupExpenses()
        group.balances = {"a": 500, "b": -200, "c": -400, "d": 100}
        self.assertEqual(group.settle(), [("c", "a", 400), ("b", "a", 100), ("b", "d", 100)])

    def test_settle_6(self):
        group = GroupExpenses()
        group.balances = {"x": -1, "y": 1, "z": 0}
        self.assertEqual(group.settle(), [("x", "y", 1)])


class GroupExpensesTestFormatCents(unittest.TestCase):
    def test_format_cents_1(self):
        group = GroupExpenses()
        self.assertEqual(group.format_cents(123405), "1,234.05")
        self.assertEqual(group.format_cents(-50), "-0.50")
        self.assertEqual(group.format_cents(0), "0.00")

    def test_format_cents_2(self):
        group = GroupExpenses()
        self.assertEqual(group.format_cents(5), "0.05")
        self.assertEqual(group.format_cents(-5), "-0.05")
        self.assertEqual(group.format_cents(-1), "-0.01")
        self.assertEqual(group.format_cents(100), "1.00")

    def test_format_cents_3(self):
        group = GroupExpenses()
        self.assertEqual(group.format_cents(123456789), "1,234,567.89")
        self.assertEqual(group.format_cents(-100000), "-1,000.00")

    def test_format_cents_4(self):
        group = GroupExpenses()
        self.assertEqual(group.format_cents(99999), "999.99")
        self.assertEqual(group.format_cents(100000), "1,000.00")

    def test_format_cents_5(self):
        group = GroupExpenses()
        self.assertEqual(group.format_cents(1010), "10.10")
        self.assertEqual(group.format_cents(-123456), "-1,234.56")


class GroupExpensesTest(unittest.TestCase):
    def test_group_expenses_1(self):
        group = group_of("ann", "bob", "cy")
        self.assertEqual(group.split("ann", "90", {"ann": 1, "bob": 1, "cy": 1}), {"ann": 3000, "bob": 3000, "cy": 3000})
        self.assertEqual(group.split("bob", "10.00", {"cy": 1}), {"cy": 1000})
        self.assertEqual(group.balances, {"ann": 6000, "bob": -2000, "cy": -4000})
        self.assertEqual(group.settle(), [("cy", "ann", 4000), ("bob", "ann", 2000)])
        self.assertEqual(group.pay("cy", "ann", "40"), 0)
        self.assertEqual(group.settle(), [("bob", "ann", 2000)])
        self.assertEqual(group.format_cents(group.balances["bob"]), "-20.00")

    def test_group_expenses_2(self):
        group = GroupExpenses()
        for name in ["ann", "bob", "cy"]:
            self.assertIs(group.add_person(name), True)
        self.assertEqual(group.parse_amount("100"), 10000)
        group.split("cy", "100", {"ann": 1, "bob": 1, "cy": 1})
        self.assertEqual(sum(group.balances.values()), 0)
        self.assertEqual(group.balances, {"ann": -3334, "bob": -3333, "cy": 6667})
        plan = group.settle()
        self.assertEqual(plan, [("ann", "cy", 3334), ("bob", "cy", 3333)])
        for payer, receiver, cents in plan:
            group.pay(payer, receiver, group.format_cents(cents))
        self.assertEqual(group.balances, {"ann": 0, "bob": 0, "cy": 0})


if __name__ == "__main__":
    unittest.main()
