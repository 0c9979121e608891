import unittest
from fractions import Fraction

from solution import UnitCalculator


def q(number, unit=""):
    return ("quantity", number, unit)


class UnitCalculatorTestTokenize(unittest.TestCase):
    def test_tokenize_1(self):
        self.assertEqual(
            UnitCalculator().tokenize("(2.5km+3 m)/2"),
            [("paren", "("), ("number", "2.5"), ("unit", "km"), ("operator", "+"), ("number", "3"), ("unit", "m"),
             ("paren", ")"), ("operator", "/"), ("number", "2")],
        )

    def test_tokenize_2(self):
        calc = UnitCalculator()
        self.assertEqual(
            calc.tokenize(" 3\tkm\n+ 2 m "),
            [("number", "3"), ("unit", "km"), ("operator", "+"), ("number", "2"), ("unit", "m")],
        )
        self.assertEqual(
            calc.tokenize("1-2*3/4"),
            [("number", "1"), ("operator", "-"), ("number", "2"), ("operator", "*"), ("number", "3"),
             ("operator", "/"), ("number", "4")],
        )

    def test_tokenize_3(self):
        calc = UnitCalculator()
        for text in ["1.", ".5", "1.5.2", "2 KM", "2 kmh", "2 # 3", "2 m\r", "3 x", "\u0663 m", "2,5 m", "1e3"]:
            with self.assertRaises(ValueError):
                calc.tokenize(text)

    def test_tokenize_4(self):
        calc = UnitCalculator()
        self.assertEqual(calc.tokenize(""), [])
        self.assertEqual(calc.tokenize(" \t\n "), [])
        self.assertEqual(calc.tokenize("007.50km"), [("number", "007.50"), ("unit", "km")])

    def test_tokenize_5(self):
        calc = UnitCalculator()
        with self.assertRaises(ValueError):
            calc.tokenize("2 ft")
        calc.define_unit("ft", "30.48 cm")
        self.assertEqual(calc.tokenize("2 ft"), [("number", "2"), ("unit", "ft")])
        self.assertEqual(set(calc.units), set(UnitCalculator.UNITS) | {"ft"})

    def test_tokenize_6(self):
        self.assertEqual(
            UnitCalculator().tokenize("km 2 ) ("),
            [("unit", "km"), ("number", "2"), ("paren", ")"), ("paren", "(")],
        )


class UnitCalculatorTestParse(unittest.TestCase):
    def test_parse_1(self):
        self.assertEqual(UnitCalculator().parse("1 km - 2 * 3 m"), ("-", q("1", "km"), ("*", q("2"), q("3", "m"))))

    def test_parse_2(self):
        calc = UnitCalculator()
        self.assertEqual(calc.parse("8 - 3 - 2"), ("-", ("-", q("8"), q("3")), q("2")))
        self.assertEqual(calc.parse("8 / 4 / 2"), ("/", ("/", q("8"), q("4")), q("2")))
        self.assertEqual(calc.parse("8 / 4 * 2"), ("*", ("/", q("8"), q("4")), q("2")))

    def test_parse_3(self):
        calc = UnitCalculator()
        self.assertEqual(calc.parse("(1 km - 2) * 3"), ("*", ("-", q("1", "km"), q("2")), q("3")))
        self.assertEqual(calc.parse("((5))"), q("5"))
        self.assertEqual(calc.parse("2.50 h"), q("2.50", "h"))

    def test_parse_4(self):
        calc = UnitCalculator()
        bad = ["", "1 +", "(1", "1)", "km", "1 km m", "* 2", "()", "1 2", "2 (3)", "1 + + 2", "(1 m))", "2 m 3",
               "-1", "1 km +", "(1 2", "(1 m 3)"]
        for text in bad:
            with self.assertRaises(ValueError):
                calc.parse(text)

    def test_parse_5(self):
        calc = UnitCalculator()
        self.assertEqual(calc.parse("1 + 2 * 3 m"), ("+", q("1"), ("*", q("2"), q("3", "m"))))
        self.assertEqual(calc.parse("1 m + 2 m - 3 m"), ("-", ("+", q("1", "m"), q("2", "m")), q("3", "m")))


class UnitCalculatorTestEvaluate(unittest.TestCase):
    def test_evaluate_1(self):
        calc = UnitCalculator()
        self.assertEqual(calc.evaluate("1 km + 250 m"), ("1250", "length"))
        self.assertEqual(calc.evaluate("(2 h + 30 min) / 4"), ("2250", "time"))
        self.assertEqual(calc.evaluate("1 km / 300 m"), ("10/3", ""))

    def test_evaluate_2(self):
        calc = UnitCalculator()
        bad = ["1 km + 1 kg", "1 m + 2", "2 - 1 s", "2 m * 3 m", "1 / 2 m", "1 h / 2 km", "1 m / 0", "1 m / (2 - 2)",
               "1 m / 0 km", "1 km +"]
        for text in bad:
            with self.assertRaises(ValueError):
                calc.evaluate(text)

    def test_evaluate_3(self):
        calc = UnitCalculator()
        self.assertEqual(calc.evaluate("7 / 2"), ("7/2", ""))
        self.assertEqual(calc.evaluate("2 * 3 + 1"), ("7", ""))
        self.assertEqual(calc.evaluate("0.1 + 0.2"), ("3/10", ""))

    def test_evaluate_4(self):
        calc = UnitCalculator()
        self.assertEqual(calc.evaluate("3 * 20 cm"), ("3/5", "length"))
        self.assertEqual(calc.evaluate("1.5 kg - 500 g"), ("1000", "mass"))
        self.assertEqual(calc.evaluate("90 min / 1 h"), ("3/2", ""))
        self.assertEqual(calc.evaluate("2 h * 3"), ("21600", "time"))

    def test_evaluate_5(self):
        calc = UnitCalculator()
        self.assertEqual(calc.evaluate("1 m - 2 km"), ("-1999", "length"))
        self.assertEqual(calc.evaluate("2 - 5"), ("-3", ""))
        self.assertEqual(calc.evaluate("0 s"), ("0", "time"))
        self.assertEqual(calc.units, UnitCalculator.UNITS)


class UnitCalculatorTestConvert(unittest.TestCase):
    def test_convert_1(self):
        calc = UnitCalculator()
        self.assertEqual(calc.convert("1 km + 250 m", "km"), "1.25")
        self.assertEqual(calc.convert("1 h / 3", "min"), "20")
        self.assertEqual(calc.convert("2 g", "kg"), "0.002")

    def test_convert_2(self):
        calc = UnitCalculator()
        self.assertEqual(calc.convert("1 mm", "km"), "0")
        self.assertEqual(calc.convert("2 m / 3", "m"), "0.667")
        self.assertEqual(calc.convert("1 m / 3", "m"), "0.333")
        self.assertEqual(calc.convert("1 mm / 2", "m"), "0.001")
        self.assertEqual(calc.convert("0 m - 1 mm / 2", "m"), "-0.001")

    def test_convert_3(self):
        calc = UnitCalculator()
        self.assertEqual(calc.convert("1 m - 2 m", "m"), "-1")
        self.assertEqual(calc.convert("1 mm - 1 m", "cm"), "-99.9")
        self.assertEqual(calc.convert("0 m - 1 mm / 10", "m"), "0")
        self.assertEqual(calc.convert("0 m - 4 mm / 10", "m"), "0")
        self.assertEqual(calc.convert("0 m - 6 mm / 10", "m"), "-0.001")
        self.assertEqual(calc.convert("0 m - 0.4996 m", "km"), "0")

    def test_convert_4(self):
        calc = UnitCalculator()
        for text, unit in [("1 km", "ft"), ("1 km", "kg"), ("3", "m"), ("3", ""), ("1 km", ""), ("1 km +", "m")]:
            with self.assertRaises(ValueError):
                calc.convert(text, unit)

    def test_convert_5(self):
        calc = UnitCalculator()
        self.assertEqual(calc.convert("2 h", "min"), "120")
        self.assertEqual(calc.convert("1.5 h", "h"), "1.5")
        self.assertEqual(calc.convert("123456 m", "km"), "123.456")
        self.assertEqual(calc.convert("10 km", "mm"), "10000000")
        self.assertEqual(calc.convert("1 km", "m"), "1000")


class UnitCalculatorTestDefineUnit(unittest.TestCase):
    def test_define_unit_1(self):
        calc = UnitCalculator()
        self.assertIs(calc.define_unit("ft", "30.48 cm"), True)
        self.assertEqual(calc.convert("1 km", "ft"), "3280.84")
        self.assertEqual(calc.units["ft"], (Fraction(381, 1250), "length"))

    def test_define_unit_2(self):
        calc = UnitCalculator()
        calc.define_unit("ft", "30.48 cm")
        self.assertIs(calc.define_unit("ft", "1 cm"), False)
        self.assertEqual(calc.units["ft"], (Fraction(1, 100), "length"))

    def test_define_unit_3(self):
        calc = UnitCalculator()
        bad = [("m", "2 m"), ("", "1 m"), ("f t", "1 m"), ("ft2", "1 m"), ("ft", "3"), ("ft", "0 m"), ("ft", "1 m - 2 m"),
               ("ft", "1 m +"), ("ft", "1 yd"), ("min", "100 s")]
        for name, amount in bad:
            with self.assertRaises(ValueError):
                calc.define_unit(name, amount)
        self.assertEqual(calc.units, UnitCalculator.UNITS)

    def test_define_unit_4(self):
        calc = UnitCalculator()
        calc.define_unit("ft", "30.48 cm")
        self.assertIs(calc.define_unit("yd", "3 ft"), True)
        self.assertEqual(calc.units["yd"], (Fraction(1143, 1250), "length"))
        self.assertEqual(calc.convert("1 yd", "cm"), "91.44")

    def test_define_unit_5(self):
        calc = UnitCalculator()
        self.assertIs(calc.define_unit("day", "24 h"), True)
        self.assertEqual(calc.evaluate("2 day"), ("172800", "time"))
        self.assertIs(calc.define_unit("Mile", "1609.344 m"), True)
        self.assertEqual(calc.convert("1 Mile", "km"), "1.609")
        self.assertEqual(calc.units["day"], (Fraction(86400), "time"))

    def test_define_unit_6(self):
        calc = UnitCalculator()
        calc.define_unit("ft", "30.48 cm")
        self.assertIs(calc.define_unit("ft", "2 ft"), False)
        self.assertEqual(calc.units["ft"], (Fraction(381, 625), "length"))
        self.assertEqual(UnitCalculator().units, UnitCalculator.UNITS)


class UnitCalculatorTestUnitsOf(unittest.TestCase):
    def test_units_of_1(self):
        self.assertEqual(UnitCalculator().units_of("time"), ["s", "min", "h"])

    def test_units_of_2(self):
        calc = UnitCalculator()
        self.assertEqual(calc.units_of("length"), ["mm", "cm", "m", "km"])
        self.assertEqual(calc.units_of("mass"), ["g", "kg"])

    def test_units_of_3(self):
        calc = UnitCalculator()
        self.assertEqual(calc.units_of("volume"), [])
        self.assertEqual(calc.units_of(""), [])

    def test_units_of_4(self):
        calc = UnitCalculator()
        calc.define_unit("metre", "1 m")
        self.assertEqual(calc.units_of("length"), ["mm", "cm", "m", "metre", "km"])

    def test_units_of_5(self):
        calc = UnitCalculator()
        calc.define_unit("ft", "30.48 cm")
        calc.define_unit("day", "24 h")
        self.assertEqual(calc.units_of("length"), ["mm", "cm", "ft", "m", "km"])
        self.assertEqual(calc.units_of("time"), ["s", "min", "h", "day"])


class UnitCalculatorTest(unittest.TestCase):
    def test_laps_and_pace(self):
        calc = UnitCalculator()
        self.assertIs(calc.define_unit("lap", "400 m"), True)
        self.assertEqual(calc.tokenize("3 lap")[1], ("unit", "lap"))
        self.assertEqual(calc.parse("(3 lap + 800 m) / 2")[0], "/")
        self.assertEqual(calc.evaluate("(3 lap + 800 m) / 2"), ("1000", "length"))
        self.assertEqual(calc.convert("(3 lap + 800 m) / 2", "km"), "1")
        self.assertEqual(calc.convert("25 min / 5", "min"), "5")
        self.assertEqual(calc.convert("10 km / 1 lap * 1 s", "min"), "0.417")
        self.assertEqual(calc.units_of("length"), ["mm", "cm", "m", "lap", "km"])

    def test_a_week_of_work(self):
        calc = UnitCalculator()
        week = "7 h + 45 min + 8 h + 15 min + 8 h + 8 h + 6 h"
        self.assertEqual(calc.convert(week, "h"), "38")
        self.assertEqual(calc.convert("(" + week + ") / 5", "h"), "7.6")
        self.assertEqual(calc.evaluate("16 h / 8 h"), ("2", ""))
        with self.assertRaises(ValueError):
            calc.convert(week, "km")
