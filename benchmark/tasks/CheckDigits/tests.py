import unittest

from solution import CheckDigits


class CheckDigitsTestNormalize(unittest.TestCase):
    def test_normalize_1(self):
        self.assertEqual(CheckDigits().normalize(" gb82-west 1234 "), "GB82WEST1234")

    def test_normalize_2(self):
        checker = CheckDigits()
        self.assertEqual(checker.normalize("ABC123"), "ABC123")
        self.assertEqual(checker.normalize("abc"), "ABC")

    def test_normalize_3(self):
        self.assertEqual(CheckDigits().normalize("- -"), "")

    def test_normalize_4(self):
        self.assertEqual(CheckDigits().normalize("a\tb.c_d"), "A\tB.C_D")

    def test_normalize_5(self):
        checker = CheckDigits()
        checker.normalize("12-34")
        self.assertEqual(checker.tally, {})


class CheckDigitsTestLuhnValid(unittest.TestCase):
    def test_luhn_valid_1(self):
        checker = CheckDigits()
        self.assertIs(checker.luhn_valid("7992 7398 713"), True)
        self.assertIs(checker.luhn_valid("79927398710"), False)
        self.assertEqual(checker.tally, {"luhn": [1, 1]})

    def test_luhn_valid_2(self):
        checker = CheckDigits()
        for number in ["4539 1488 0343 6467", "00", "18", "59", "91"]:
            self.assertIs(checker.luhn_valid(number), True, number)
        self.assertIs(checker.luhn_valid("19"), False)
        self.assertEqual(checker.tally, {"luhn": [5, 1]})

    def test_luhn_valid_3(self):
        checker = CheckDigits()
        bad = ["", "5", "0", "12a4", "\uff11\uff18", "4539.1488"]
        for number in bad:
            self.assertIs(checker.luhn_valid(number), False, number)
        self.assertEqual(checker.tally, {"luhn": [0, len(bad)]})

    def test_luhn_valid_4(self):
        checker = CheckDigits()
        self.assertIs(checker.luhn_valid("79927398731"), False)
        self.assertIs(checker.luhn_valid("7992739871-3"), True)

    def test_luhn_valid_5(self):
        checker = CheckDigits()
        checker.tally = {"isbn": [2, 0]}
        self.assertIs(checker.luhn_valid("18"), True)
        self.assertEqual(checker.tally, {"isbn": [2, 0], "luhn": [1, 0]})


class CheckDigitsTestLuhnDigit(unittest.TestCase):
    def test_luhn_digit_1(self):
        self.assertEqual(CheckDigits().luhn_digit("7992739871"), "3")

    def test_luhn_digit_2(self):
        checker = CheckDigits()
        self.assertEqual(checker.luhn_digit("0"), "0")
        self.assertEqual(checker.luhn_digit("9"), "1")
        self.assertEqual(checker.luhn_digit("5"), "9")

    def test_luhn_digit_3(self):
        self.assertEqual(CheckDigits().luhn_digit("7992-7398-71"), "3")

    def test_luhn_digit_4(self):
        checker = CheckDigits()
        for partial in ["12a", "", " - ", "\uff11"]:
            with self.assertRaises(ValueError):
                checker.luhn_digit(partial)
        self.assertEqual(checker.tally, {})

    def test_luhn_digit_5(self):
        checker = CheckDigits()
        self.assertEqual(checker.luhn_digit("453914880343646"), "7")
        self.assertEqual(checker.luhn_digit("12"), "5")
        self.assertEqual(checker.tally, {})


class CheckDigitsTestIsbnValid(unittest.TestCase):
    def test_isbn_valid_1(self):
        checker = CheckDigits()
        self.assertIs(checker.isbn_valid("0-306-40615-2"), True)
        self.assertIs(checker.isbn_valid("978-0-306-40615-7"), True)
        self.assertIs(checker.isbn_valid("0306406153"), False)

    def test_isbn_valid_2(self):
        checker = CheckDigits()
        self.assertIs(checker.isbn_valid("0-8044-2957-X"), True)
        self.assertIs(checker.isbn_valid("080442957x"), True)
        self.assertIs(checker.isbn_valid("1000000036"), True)

    def test_isbn_valid_3(self):
        checker = CheckDigits()
        bad = ["X306406152", "03064061", "978030640615", "97803064061570", "", "0306406152X", "03064O6152"]
        for code in bad:
            self.assertIs(checker.isbn_valid(code), False, code)
        self.assertEqual(checker.tally, {"isbn": [0, len(bad)]})

    def test_isbn_valid_4(self):
        checker = CheckDigits()
        self.assertIs(checker.isbn_valid("9780306406158"), False)
        self.assertIs(checker.isbn_valid("0306406152"), True)
        self.assertIs(checker.isbn_valid("9781000000030"), True)
        self.assertIs(checker.isbn_valid("0306406125"), False)

    def test_isbn_valid_5(self):
        checker = CheckDigits()
        checker.isbn_valid("0306406152")
        checker.isbn_valid("0306406152")
        checker.isbn_valid("123")
        self.assertEqual(checker.tally, {"isbn": [2, 1]})


class CheckDigitsTestIsbn10To13(unittest.TestCase):
    def test_isbn10_to_13_1(self):
        self.assertEqual(CheckDigits().isbn10_to_13("0-306-40615-2"), "9780306406157")

    def test_isbn10_to_13_2(self):
        self.assertEqual(CheckDigits().isbn10_to_13("080442957X"), "9780804429573")

    def test_isbn10_to_13_3(self):
        checker = CheckDigits()
        for code in ["0306406153", "978-0-306-40615-7", "", "03064061"]:
            with self.assertRaises(ValueError):
                checker.isbn10_to_13(code)

    def test_isbn10_to_13_4(self):
        checker = CheckDigits()
        checker.isbn10_to_13("0306406152")
        with self.assertRaises(ValueError):
            checker.isbn10_to_13("0306406153")
        self.assertEqual(checker.tally, {"isbn": [1, 1]})

    def test_isbn10_to_13_5(self):
        checker = CheckDigits()
        self.assertEqual(checker.isbn10_to_13("1-000-00003-6"), "9781000000030")
        self.assertIs(checker.isbn_valid(checker.isbn10_to_13("0306406152")), True)


class CheckDigitsTestIbanValid(unittest.TestCase):
    def test_iban_valid_1(self):
        checker = CheckDigits()
        self.assertIs(checker.iban_valid("GB82 WEST 1234 5698 7654 32"), True)
        self.assertIs(checker.iban_valid("GB82 WEST 1234 5698 7654 33"), False)

    def test_iban_valid_2(self):
        checker = CheckDigits()
        self.assertIs(checker.iban_valid("DE89 3704 0044 0532 0130 00"), True)
        self.assertIs(checker.iban_valid("NL91ABNA0417164300"), True)
        self.assertIs(checker.iban_valid("fr14-2004-1010-0505-0001-3m02-606"), True)
        self.assertIs(checker.iban_valid("GB04 WEZT 1234 5698 7654 32"), True)
        self.assertIs(checker.iban_valid("NL93 ABNZ 0417 1643 00"), True)
        self.assertEqual(checker.tally, {"iban": [5, 0]})

    def test_iban_valid_3(self):
        checker = CheckDigits()
        bad = ["GB82 WEST 1234 5698 7654 3", "GB82 WEST 1234 5698 7654 321", "XX82 WEST 1234 5698 7654 32",
               "G182 WEST 1234 5698 7654 32", "GBX2 WEST 1234 5698 7654 32", "", "GB82", "GB82 WEST 1234 5698 7654 3.",
               "DE89 3704 0044 0532 0130 0"]
        for code in bad:
            self.assertIs(checker.iban_valid(code), False, code)
        self.assertEqual(checker.tally, {"iban": [0, len(bad)]})

    def test_iban_valid_4(self):
        checker = CheckDigits()
        self.assertIs(checker.iban_valid("GB28 WEST 1234 5698 7654 32"), False)
        self.assertIs(checker.iban_valid("DE89 3704 0044 0532 0130 01"), False)
        self.assertIs(checker.iban_valid("NL91ABNA0417164301"), False)

    def test_iban_valid_5(self):
        checker = CheckDigits()
        checker.iban_valid("NL91ABNA0417164300")
        checker.luhn_valid("18")
        checker.iban_valid("NL91ABNA0417164300")
        self.assertEqual(checker.tally, {"iban": [2, 0], "luhn": [1, 0]})


class CheckDigitsTest(unittest.TestCase):
    def test_check_digits_1(self):
        checker = CheckDigits()
        partial = "4539 1488 0343 646"
        digit = checker.luhn_digit(partial)
        self.assertEqual(digit, "7")
        self.assertIs(checker.luhn_valid(partial + digit), True)
        self.assertIs(checker.luhn_valid(partial + "8"), False)
        isbn13 = checker.isbn10_to_13("0-8044-2957-X")
        self.assertIs(checker.isbn_valid(isbn13), True)
        self.assertIs(checker.iban_valid(checker.normalize("de89 3704 0044 0532 0130 00")), True)
        self.assertEqual(checker.tally, {"luhn": [1, 1], "isbn": [2, 0], "iban": [1, 0]})

    def test_check_digits_2(self):
        checker = CheckDigits()
        self.assertIs(checker.isbn_valid("4539148803436467"), False)
        self.assertIs(checker.luhn_valid("9780306406157"), False)
        self.assertIs(checker.luhn_valid("0306406152"), False)
        self.assertEqual(checker.tally, {"isbn": [0, 1], "luhn": [0, 2]})


if __name__ == "__main__":
    unittest.main()
