"""ClassEval+ tests of ClassEval_39 (ExpressionCalculator).

Each expression's value is ordinary arithmetic: `*`, `/` and `%` bind tighter than `+` and
`-`, operators of one level apply left to right, and a `-` after an operator or at the start
negates what follows.
"""

import unittest

from solution import ExpressionCalculator


class ExpressionCalculatorTestCalculate(unittest.TestCase):
    def test_calculate_precedence(self):
        # Guard __init__ line 15 (the priorities of `-` and `*`), prepare line 73 (`!=` ->
        # `==`, `'('` -> `''`) and line 67 `op_stack[-1]` -> `op_stack[0]`.
        calc = ExpressionCalculator()
        self.assertEqual(calc.calculate("2-3*4"), -10.0)
        self.assertEqual(calc.calculate("2*3+4"), 10.0)
        self.assertEqual(calc.calculate("2*(3+4)"), 14.0)

    def test_calculate_left_to_right(self):
        # Guards prepare line 75 `op_stack[-1]` -> `op_stack[0]`: an operator pops every
        # operator before it of no lower level, not only the last.
        calc = ExpressionCalculator()
        self.assertEqual(calc.calculate("5-2+1"), 4.0)
        self.assertEqual(calc.calculate("8/2*4"), 16.0)
        self.assertEqual(calc.calculate("2-3*4+5"), -5.0)

    def test_calculate_numbers_of_two_digits(self):
        # Guards prepare lines 66, 83 and 84 (the digits of an operand joined, the last
        # operand of two digits kept).
        calc = ExpressionCalculator()
        self.assertEqual(calc.calculate("12+3"), 15.0)
        self.assertEqual(calc.calculate("3+12"), 15.0)

    def test_calculate_modulo(self):
        # Guards is_operator line 100 `'%'` -> `''` and compare lines 115-116: `%` is on the
        # level of `*` and `/`.
        calc = ExpressionCalculator()
        self.assertEqual(calc.calculate("7%3"), 1.0)
        self.assertEqual(calc.calculate("7%3*2"), 2.0)

    def test_calculate_negative_numbers(self):
        # Guards calculate line 35 (`~` turned back into `-`) and transform lines 165-166
        # (a `-` after `*`, `+`, `-` or `/` negates).
        calc = ExpressionCalculator()
        self.assertEqual(calc.calculate("-2*3"), -6.0)
        self.assertEqual(calc.calculate("2*-3"), -6.0)
        self.assertEqual(calc.calculate("2+-3"), -1.0)
        self.assertEqual(calc.calculate("2--3"), 5.0)
        self.assertEqual(calc.calculate("2/-4"), -0.5)

    def test_calculate_negated_parenthesis(self):
        # Guards transform line 169 (`arr[1] == '('`): a leading `-` before a parenthesis.
        calc = ExpressionCalculator()
        self.assertEqual(calc.calculate("-(2+3)*2"), -10.0)


class ExpressionCalculatorTestCalculateMethod(unittest.TestCase):
    def test_calculate_method_7(self):
        # Replaces the published test, which passed whatever _calculate did: an operator
        # that is none of + - * / % raises ValueError.
        with self.assertRaises(ValueError):
            self.expression_calculator._calculate("6", "2", "??")


class ExpressionCalculatorTestIsOperator(unittest.TestCase):
    def test_is_operator_1(self):
        self.assertIs(self.expression_calculator.is_operator("+"), True)

    def test_is_operator_2(self):
        self.assertIs(self.expression_calculator.is_operator("-"), True)

    def test_is_operator_3(self):
        self.assertIs(self.expression_calculator.is_operator("*"), True)

    def test_is_operator_4(self):
        self.assertIs(self.expression_calculator.is_operator("/"), True)

    def test_is_operator_5(self):
        self.assertIs(self.expression_calculator.is_operator("5"), False)


class ExpressionCalculatorTestCompare(unittest.TestCase):
    def test_compare_1(self):
        result = self.expression_calculator.compare("+", "-")
        self.assertIs(result, True)

    def test_compare_2(self):
        result = self.expression_calculator.compare("*", "/")
        self.assertIs(result, True)

    def test_compare_3(self):
        result = self.expression_calculator.compare("+", "*")
        self.assertIs(result, True)

    def test_compare_4(self):
        result = self.expression_calculator.compare("*", "+")
        self.assertIs(result, False)

    def test_compare_5(self):
        result = self.expression_calculator.compare("/", "+")
        self.assertIs(result, False)

    def test_compare_6(self):
        result = self.expression_calculator.compare("%", "+")
        self.assertIs(result, False)

    def test_compare_7(self):
        result = self.expression_calculator.compare("+", "%")
        self.assertIs(result, True)


class ExpressionCalculatorTest(unittest.TestCase):
    def test_ExpressionCalculator(self):
        result = self.expression_calculator.calculate("2 + 3 * 4")
        self.assertEqual(result, 14.0)

        self.expression_calculator.prepare("2+3*4")
        self.assertEqual(self.expression_calculator.postfix_stack, deque(['2', '3', '4', '*', '+']))

        self.assertIs(self.expression_calculator.is_operator("+"), True)

        result = self.expression_calculator.compare("+", "-")
        self.assertTrue(result)

        result = self.expression_calculator._calculate("2", "3", "+")
        self.assertEqual(result, Decimal(5.0))

        result = self.expression_calculator.transform("2 + 3 * 4")
        self.assertEqual(result, "2+3*4")
