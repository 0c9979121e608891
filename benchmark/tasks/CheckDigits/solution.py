import re


class CheckDigits:
    """
    Validates identifiers that end in or contain check digits: numbers under the Luhn scheme (payment cards),
    ISBN-10 and ISBN-13 book numbers, and IBAN bank account numbers. Every validation is tallied by kind.
    Codes may be written with spaces and hyphens between their characters; letters in any case.
    """

    IBAN_LENGTHS = {"DE": 22, "FR": 27, "GB": 22, "NL": 18}

    def __init__(self):
        """
        Create a checker with an empty tally.
        self.tally: dict, kind ("luhn", "isbn" or "iban") -> [number of valid codes, number of invalid codes]
            checked so far; a kind appears once a code of it was checked; {} at first
        """
        self.tally = {}

    def normalize(self, code: str) -> str:
        """
        Remove every space (" ") and hyphen ("-") from a code and write its letters in upper case; every other
        character, tabs included, is kept.
        :param code: str, the code as written
        :return: str, the code without spaces and hyphens, upper case
        >>> CheckDigits().normalize(" gb82-west 1234 ")
        'GB82WEST1234'
        """
        return re.sub(r"[ -]", "", code).upper()

    def luhn_valid(self, number: str) -> bool:
        """
        Whether a number passes the Luhn check: after normalize, it is two or more ASCII digits and, counting from
        the rightmost digit (position 1), every digit in an even position is doubled (9 subtracted when the result
        is above 9), and the sum of all digits so obtained is a multiple of 10. The result is tallied under
        "luhn".
        :param number: str, the number as written
        :return: bool, True when it passes
        >>> checker = CheckDigits()
        >>> checker.luhn_valid("7992 7398 713"), checker.luhn_valid("79927398710"), checker.tally
        (True, False, {'luhn': [1, 1]})
        """
        digits = self.normalize(number)
        valid = bool(re.fullmatch(r"[0-9]{2,}", digits)) and self.luhn_digit(digits[:-1]) == digits[-1]
        self.tally.setdefault("luhn", [0, 0])[0 if valid else 1] += 1
        return valid

    def luhn_digit(self, partial: str) -> str:
        """
        The check digit that makes a number pass the Luhn check (see luhn_valid) when it is appended. Nothing is
        tallied.
        :param partial: str, the number without its check digit: after normalize, one or more ASCII digits
        :return: str, the check digit, "0" to "9"
        :raises ValueError: when partial is not one or more digits after normalize
        >>> CheckDigits().luhn_digit("7992739871")
        '3'
        """
        digits = self.normalize(partial)
        if not re.fullmatch(r"[0-9]+", digits):
            raise ValueError(f"not a number: {partial!r}")
        total = 0
        for position, char in enumerate(reversed(digits), start=1):
            value = int(char) * (2 if position % 2 == 1 else 1)
            total += value - 9 if value > 9 else value
        return str(-total % 10)

    def isbn_valid(self, code: str) -> bool:
        """
        Whether a code is a valid ISBN, after normalize. An ISBN-10 is nine digits and a last character that is a
        digit or "X" (meaning 10); it is valid when 10 times the first digit plus 9 times the second ... plus 1
        times the last is a multiple of 11. An ISBN-13 is thirteen digits; it is valid when the digits weighted 1,
        3, 1, 3, ... from the left add up to a multiple of 10. Anything else is not valid. The result is tallied
        under "isbn".
        :param code: str, the code as written
        :return: bool, True when it is a valid ISBN-10 or ISBN-13
        >>> checker = CheckDigits()
        >>> checker.isbn_valid("0-306-40615-2"), checker.isbn_valid("978-0-306-40615-7"), checker.isbn_valid("0306406153")
        (True, True, False)
        """
        text = self.normalize(code)
        if re.fullmatch(r"[0-9]{9}[0-9X]", text):
            values = [10 if char == "X" else int(char) for char in text]
            valid = sum(value * (10 - index) for index, value in enumerate(values)) % 11 == 0
        elif re.fullmatch(r"[0-9]{13}", text):
            valid = sum(int(char) * (3 if index % 2 else 1) for index, char in enumerate(text)) % 10 == 0
        else:
            valid = False
        self.tally.setdefault("isbn", [0, 0])[0 if valid else 1] += 1
        return valid

    def isbn10_to_13(self, code: str) -> str:
        """
        The ISBN-13 of a valid ISBN-10: "978", the first nine digits of the ISBN-10, and the check digit that makes
        the thirteen digits valid (see isbn_valid). The check of the ISBN-10 is tallied as isbn_valid tallies it.
        :param code: str, an ISBN-10 as written
        :return: str, the ISBN-13, thirteen digits without separators
        :raises ValueError: when code is not a valid ISBN-10 (a valid ISBN-13 included)
        >>> CheckDigits().isbn10_to_13("0-306-40615-2")
        '9780306406157'
        """
        text = self.normalize(code)
        if len(text) != 10 or not self.isbn_valid(text):
            raise ValueError(f"not a valid ISBN-10: {code!r}")
        first = "978" + text[:9]
        total = sum(int(char) * (3 if index % 2 else 1) for index, char in enumerate(first))
        return first + str(-total % 10)

    def iban_valid(self, code: str) -> bool:
        """
        Whether a code is a valid IBAN, after normalize: two letters of a country in IBAN_LENGTHS, two digits, then
        letters and digits, the whole as long as IBAN_LENGTHS gives for the country; and, with the first four
        characters moved to the end and every letter replaced by its number (A = 10, B = 11, ..., Z = 35), the
        digits read as one whole number leave remainder 1 when divided by 97. The result is tallied under "iban".
        :param code: str, the code as written
        :return: bool, True when it is a valid IBAN
        >>> checker = CheckDigits()
        >>> checker.iban_valid("GB82 WEST 1234 5698 7654 32"), checker.iban_valid("GB82 WEST 1234 5698 7654 33")
        (True, False)
        """
        text = self.normalize(code)
        valid = (
            re.fullmatch(r"[A-Z]{2}[0-9]{2}[A-Z0-9]+", text) is not None
            and self.IBAN_LENGTHS.get(text[:2]) == len(text)
            and int("".join(str(int(char, 36)) for char in text[4:] + text[:4])) % 97 == 1
        )
        self.tally.setdefault("iban", [0, 0])[0 if valid else 1] += 1
        return valid
