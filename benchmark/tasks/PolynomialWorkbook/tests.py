import unittest

from solution import PolynomialWorkbook


class PolynomialWorkbookTestNormalize(unittest.TestCase):
    def setUp(self):
        self.workbook = PolynomialWorkbook()

    def test_normalize_1(self):
        self.assertEqual(self.workbook.normalize([1, 0, 2, 0, 0]), [1, 0, 2])

    def test_normalize_2(self):
        self.assertEqual(self.workbook.normalize([0, 0, 0]), [])
        self.assertEqual(self.workbook.normalize([]), [])

    def test_normalize_3(self):
        self.assertEqual(self.workbook.normalize([0, 5]), [0, 5])
        self.assertEqual(self.workbook.normalize([-1]), [-1])

    def test_normalize_4(self):
        original = [3, 0]
        self.assertEqual(self.workbook.normalize(original), [3])
        self.assertEqual(original, [3, 0])

    def test_normalize_5(self):
        original = [1, 2]
        result = self.workbook.normalize(original)
        self.assertEqual(result, [1, 2])
        result.append(9)
        self.assertEqual(original, [1, 2])
        self.assertEqual(self.workbook.polynomials, {})


class PolynomialWorkbookTestDefine(unittest.TestCase):
    def setUp(self):
        self.workbook = PolynomialWorkbook()

    def test_define_1(self):
        self.assertEqual(self.workbook.define("p", "3x^2 - 2x + 1"), [1, -2, 3])
        self.assertEqual(self.workbook.polynomials, {"p": [1, -2, 3]})

    def test_define_2(self):
        self.assertEqual(self.workbook.define("q", "-x^3 + x + 4x"), [0, 5, 0, -1])
        self.assertEqual(self.workbook.define("c", "7"), [7])
        self.assertEqual(self.workbook.define("m", "-12"), [-12])

    def test_define_3(self):
        self.assertEqual(self.workbook.define("z", "x - x"), [])
        self.assertEqual(self.workbook.define("zero", "0"), [])
        self.assertEqual(self.workbook.define("w", "0x^5 + 2"), [2])
        self.assertEqual(self.workbook.polynomials["z"], [])

    def test_define_4(self):
        self.assertEqual(self.workbook.define("p", " + 2 x ^ 10 "), [0] * 10 + [2])
        self.assertEqual(self.workbook.define("p", "x^1+x^0+10x"), [1, 11])
        self.assertEqual(self.workbook.polynomials, {"p": [1, 11]})

    def test_define_5(self):
        for text in ["", "   ", "2x3", "x^", "x^-1", "2*x", "+", "x +", "--x", "y", "1.5x", "x^2^3"]:
            with self.assertRaises(ValueError):
                self.workbook.define("p", text)
        self.assertEqual(self.workbook.polynomials, {})

    def test_define_6(self):
        self.assertEqual(self.workbook.define("p", "1 + 2 - 3 + x"), [0, 1])
        self.assertEqual(self.workbook.define("p", "-x"), [0, -1])
        self.assertEqual(self.workbook.define("p", "x^2 - 1x^2 + 3x^2"), [0, 0, 3])


class PolynomialWorkbookTestToText(unittest.TestCase):
    def setUp(self):
        self.workbook = PolynomialWorkbook()

    def test_to_text_1(self):
        self.workbook.polynomials = {"p": [1, -2, 3]}
        self.assertEqual(self.workbook.to_text("p"), "3x^2 - 2x + 1")

    def test_to_text_2(self):
        self.workbook.polynomials = {"q": [-1, 0, 0, -1], "z": []}
        self.assertEqual(self.workbook.to_text("q"), "-x^3 - 1")
        self.assertEqual(self.workbook.to_text("z"), "0")

    def test_to_text_3(self):
        self.workbook.polynomials = {"a": [0, 1], "b": [0, -1], "c": [1], "d": [-1], "e": [1, 1]}
        self.assertEqual(
            [self.workbook.to_text(n) for n in "abcde"], ["x", "-x", "1", "-1", "x + 1"]
        )

    def test_to_text_4(self):
        self.workbook.polynomials = {"p": [0, -12, 0, 1, 0, 0, -10]}
        self.assertEqual(self.workbook.to_text("p"), "-10x^6 + x^3 - 12x")

    def test_to_text_5(self):
        with self.assertRaises(ValueError):
            self.workbook.to_text("missing")

    def test_to_text_6(self):
        self.workbook.define("p", "1 + 2x^2 + 2x^2")
        self.assertEqual(self.workbook.to_text("p"), "4x^2 + 1")
        self.assertEqual(self.workbook.polynomials["p"], [1, 0, 4])


class PolynomialWorkbookTestAdd(unittest.TestCase):
    def setUp(self):
        self.workbook = PolynomialWorkbook()
        self.workbook.polynomials = {"p": [1, -2, 3], "q": [4, 2, -3], "r": [0, 1], "z": []}

    def test_add_1(self):
        self.assertEqual(self.workbook.add("p", "q", "s"), [5])
        self.assertEqual(self.workbook.polynomials["s"], [5])

    def test_add_2(self):
        self.assertEqual(self.workbook.add("p", "r", "s"), [1, -1, 3])
        self.assertEqual(self.workbook.add("r", "p", "t"), [1, -1, 3])

    def test_add_3(self):
        self.assertEqual(self.workbook.add("p", "z", "s"), [1, -2, 3])
        self.assertEqual(self.workbook.add("z", "z", "s"), [])

    def test_add_4(self):
        self.assertEqual(self.workbook.add("r", "r", "r"), [0, 2])
        self.assertEqual(self.workbook.polynomials["r"], [0, 2])
        self.assertEqual(self.workbook.polynomials["p"], [1, -2, 3])

    def test_add_5(self):
        with self.assertRaises(ValueError):
            self.workbook.add("p", "missing", "s")
        with self.assertRaises(ValueError):
            self.workbook.add("missing", "p", "s")
        self.assertNotIn("s", self.workbook.polynomials)

    def test_add_6(self):
        self.workbook.polynomials["n"] = [-1, 2, -3]
        self.assertEqual(self.workbook.add("p", "n", "s"), [])
        self.assertEqual(self.workbook.to_text("s"), "0")


class PolynomialWorkbookTestMultiply(unittest.TestCase):
    def setUp(self):
        self.workbook = PolynomialWorkbook()
        self.workbook.polynomials = {"p": [-1, 1], "q": [1, 1], "c": [3], "z": []}

    def test_multiply_1(self):
        self.assertEqual(self.workbook.multiply("p", "q", "r"), [-1, 0, 1])
        self.assertEqual(self.workbook.polynomials["r"], [-1, 0, 1])

    def test_multiply_2(self):
        self.assertEqual(self.workbook.multiply("p", "c", "r"), [-3, 3])
        self.assertEqual(self.workbook.multiply("c", "c", "r"), [9])

    def test_multiply_3(self):
        self.assertEqual(self.workbook.multiply("p", "z", "r"), [])
        self.assertEqual(self.workbook.multiply("z", "z", "r"), [])
        self.assertEqual(self.workbook.polynomials["r"], [])
        self.assertEqual(self.workbook.multiply("z", "q", "q"), [])
        self.assertEqual(self.workbook.polynomials["q"], [])

    def test_multiply_4(self):
        self.assertEqual(self.workbook.multiply("q", "q", "q"), [1, 2, 1])
        self.assertEqual(self.workbook.multiply("q", "q", "q"), [1, 4, 6, 4, 1])
        self.assertEqual(self.workbook.polynomials["p"], [-1, 1])

    def test_multiply_5(self):
        with self.assertRaises(ValueError):
            self.workbook.multiply("p", "missing", "r")
        with self.assertRaises(ValueError):
            self.workbook.multiply("missing", "p", "r")
        self.assertNotIn("r", self.workbook.polynomials)

    def test_multiply_6(self):
        self.workbook.polynomials["a"] = [2, 0, -1]
        self.workbook.polynomials["b"] = [0, 3, 5]
        self.assertEqual(self.workbook.multiply("a", "b", "r"), [0, 6, 10, -3, -5])


class PolynomialWorkbookTestEvaluate(unittest.TestCase):
    def setUp(self):
        self.workbook = PolynomialWorkbook()
        self.workbook.polynomials = {"p": [1, -2, 3], "z": [], "c": [-7], "cube": [0, 0, 0, 1]}

    def test_evaluate_1(self):
        self.assertEqual(self.workbook.evaluate("p", 2), 9)
        self.assertEqual(self.workbook.evaluate("p", -1), 6)

    def test_evaluate_2(self):
        self.assertEqual(self.workbook.evaluate("p", 0), 1)
        self.assertEqual(self.workbook.evaluate("z", 5), 0)

    def test_evaluate_3(self):
        self.assertEqual(self.workbook.evaluate("c", 100), -7)

    def test_evaluate_4(self):
        self.assertEqual(self.workbook.evaluate("cube", -3), -27)
        self.assertEqual(self.workbook.evaluate("cube", 10), 1000)

    def test_evaluate_5(self):
        with self.assertRaises(ValueError):
            self.workbook.evaluate("missing", 1)

    def test_evaluate_6(self):
        self.workbook.define("big", "x^4 - 2x^3 + 5")
        self.assertEqual(self.workbook.evaluate("big", 3), 32)
        self.assertEqual(self.workbook.polynomials["big"], [5, 0, 0, -2, 1])


class PolynomialWorkbookTestRationalRoots(unittest.TestCase):
    def setUp(self):
        self.workbook = PolynomialWorkbook()

    def test_rational_roots_1(self):
        self.workbook.polynomials = {"p": [-3, 5, -2]}
        self.assertEqual(self.workbook.rational_roots("p"), ["1", "3/2"])

    def test_rational_roots_2(self):
        self.workbook.polynomials = {"q": [0, 0, 1, 1]}
        self.assertEqual(self.workbook.rational_roots("q"), ["-1", "0"])

    def test_rational_roots_3(self):
        self.workbook.polynomials = {"r": [1, 0, 1], "c": [5], "s": [-2, 0, 1]}
        self.assertEqual(self.workbook.rational_roots("r"), [])
        self.assertEqual(self.workbook.rational_roots("c"), [])
        self.assertEqual(self.workbook.rational_roots("s"), [])

    def test_rational_roots_4(self):
        self.workbook.define("p", "6x^3 - 11x^2 + 6x - 1")
        self.assertEqual(self.workbook.rational_roots("p"), ["1/3", "1/2", "1"])

    def test_rational_roots_5(self):
        self.workbook.polynomials = {"z": []}
        with self.assertRaises(ValueError):
            self.workbook.rational_roots("z")
        with self.assertRaises(ValueError):
            self.workbook.rational_roots("missing")

    def test_rational_roots_6(self):
        self.workbook.define("p", "x^2 - 4x + 4")
        self.workbook.define("q", "4x^2 - 9")
        self.workbook.define("r", "x^5")
        self.assertEqual(self.workbook.rational_roots("p"), ["2"])
        self.assertEqual(self.workbook.rational_roots("q"), ["-3/2", "3/2"])
        self.assertEqual(self.workbook.rational_roots("r"), ["0"])
        self.workbook.define("t", "x^2 - x")
        self.assertEqual(self.workbook.rational_roots("t"), ["0", "1"])

    def test_rational_roots_7(self):
        self.workbook.define("p", "-2x^3 + 12x^2 - 22x + 12")
        self.assertEqual(self.workbook.rational_roots("p"), ["1", "2", "3"])
        self.workbook.define("q", "3x - 6")
        self.assertEqual(self.workbook.rational_roots("q"), ["2"])


class PolynomialWorkbookTest(unittest.TestCase):
    def test_polynomial_workbook_1(self):
        workbook = PolynomialWorkbook()
        self.assertEqual(workbook.define("a", "2x - 1"), [-1, 2])
        self.assertEqual(workbook.define("b", "x + 3"), [3, 1])
        self.assertEqual(workbook.multiply("a", "b", "ab"), [-3, 5, 2])
        self.assertEqual(workbook.to_text("ab"), "2x^2 + 5x - 3")
        self.assertEqual(workbook.rational_roots("ab"), ["-3", "1/2"])
        self.assertEqual(workbook.evaluate("ab", 1), 4)
        self.assertEqual(workbook.define("c", "-2x^2"), [0, 0, -2])
        self.assertEqual(workbook.add("ab", "c", "line"), [-3, 5])
        self.assertEqual(workbook.to_text("line"), "5x - 3")
        self.assertEqual(workbook.rational_roots("line"), ["3/5"])
        self.assertEqual(workbook.normalize(workbook.polynomials["line"] + [0]), [-3, 5])

    def test_polynomial_workbook_2(self):
        workbook = PolynomialWorkbook()
        workbook.define("p", "x^2 + 1")
        workbook.define("m", "-1")
        self.assertEqual(workbook.multiply("p", "m", "n"), [-1, 0, -1])
        self.assertEqual(workbook.add("p", "n", "z"), [])
        self.assertEqual(workbook.to_text("n"), "-x^2 - 1")
        self.assertEqual(workbook.evaluate("z", 4), 0)
        with self.assertRaises(ValueError):
            workbook.rational_roots("z")
        self.assertEqual(workbook.rational_roots("p"), [])
        self.assertEqual(workbook.normalize([0]), [])
        self.assertEqual(sorted(workbook.polynomials), ["m", "n", "p", "z"])


if __name__ == "__main__":
    unittest.main()
