"""ClassEval+ tests of ClassEval_67 (Order)."""

import unittest


class OrderTest(unittest.TestCase):
    def test_total_before_checkout(self):
        # Class-level use of calculate_total, which the published class-level test leaves
        # out: 2 x 10 x 0.9 + 2 x 20 x 0.8 = 50, the same as checkout() then returns.
        self.order.add_dish({"dish": "dish1", "price": 10, "count": 2})
        self.order.add_dish({"dish": "dish3", "price": 20, "count": 2})
        self.assertEqual(self.order.calculate_total(), 50)
        self.assertEqual(self.order.checkout(), 50)
        self.assertEqual(self.order.selected_dishes, [])
