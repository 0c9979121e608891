"""ClassEval+ tests of ClassEval_67 (Order)."""

import unittest

from solution import Order


class OrderTest(unittest.TestCase):
    def test_total_before_checkout(self):
        # Class-level use of calculate_total, which the published class-level test leaves
        # out: 2 x 10 x 0.9 + 2 x 20 x 0.8 = 50, the same as checkout() then returns.
        self.order.add_dish({"dish": "dish1", "price": 10, "count": 2})
        self.order.add_dish({"dish": "dish3", "price": 20, "count": 2})
        self.assertEqual(self.order.calculate_total(), 50)
        self.assertEqual(self.order.checkout(), 50)
        self.assertEqual(self.order.selected_dishes, [])

    def test_new_order_has_no_sales(self):
        # Guards mutant __init__ line 19 (self.sales = {} removed). A class-level test: it
        # calls no method, so it belongs to no method's class.
        self.assertEqual(Order().sales, {})


class OrderTestCheckout(unittest.TestCase):
    def test_checkout_nothing_selected(self):
        # Guards mutant checkout line 74 `0` -> `-1`: an empty order checks out as False.
        self.assertIs(Order().checkout(), False)

    def test_checkout_one_dish(self):
        # Guards mutant checkout line 74 `0` -> `1`: one selected dish is an order.
        order = Order()
        order.menu.append({"dish": "d", "price": 10, "count": 5})
        order.sales = {"d": 0.5}
        order.add_dish({"dish": "d", "price": 10, "count": 1})
        self.assertEqual(order.checkout(), 5)
