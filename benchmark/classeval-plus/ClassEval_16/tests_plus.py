"""ClassEval+ tests of ClassEval_16 (Calculator)."""

import unittest

from solution import Calculator


class CalculatorTestCalculate(unittest.TestCase):
    def test_calculate_decimal_point(self):
        # Guards mutant calculate line 31 `'.'` -> `''`: numbers may have a decimal point.
        self.assertEqual(Calculator().calculate("1.5+2"), 3.5)

    def test_calculate_left_to_right(self):
        # Guards mutant calculate line 42 `>=` -> `>`: equal precedence groups to the left.
        self.assertEqual(Calculator().calculate("10-4-3"), 3.0)

    def test_calculate_power(self):
        # Powers are evaluated. (The mutants of apply_operator line 94 survive: both of its
        # branches do the same, so they are equivalent.)
        self.assertEqual(Calculator().calculate("2^3"), 8.0)


class CalculatorTestPrecedence(unittest.TestCase):
    def test_precedence_unknown_operator(self):
        # Guards mutants precedence line 81 `0` -> `1`, `0` -> `-1`.
        self.assertEqual(Calculator().precedence("x"), 0)

    def test_precedence_power(self):
        # Guards mutant precedence line 79 `3` -> `4`.
        self.assertEqual(Calculator().precedence("^"), 3)


class CalculatorTestApplyOperator(unittest.TestCase):
    def test_apply_operator_returns_both_stacks(self):
        # The published tests read the stacks they passed and never what apply_operator
        # returns: the contract says it returns the updated operand and operator stacks.
        operands, operators = [1, 2, 3], ["+", "-"]
        result = Calculator().apply_operator(operands, operators)
        self.assertEqual(result, ([1, -1], ["+"]))
        self.assertIs(result[0], operands)
        self.assertIs(result[1], operators)
