import re
from fractions import Fraction
from itertools import zip_longest


class PolynomialWorkbook:
    """
    Keeps named polynomials in one variable x with integer coefficients. Polynomials are read from text
    such as "3x^2 - 2x + 1", written back in a canonical form, combined, evaluated, and searched for their
    rational roots exactly.
    A polynomial is a list of integer coefficients from the constant term upwards, without trailing zeros:
    3x^2 - 2x + 1 is [1, -2, 3] and the zero polynomial is [].
    """

    def __init__(self):
        """
        Create an empty workbook.
        self.polynomials: dict, name -> coefficient list (constant term first, no trailing zeros)
        """
        self.polynomials = {}

    def normalize(self, coefficients: list) -> list:
        """
        Remove trailing zero coefficients (zeros of the highest degrees).
        :param coefficients: list of int, constant term first
        :return: list of int, a new list without trailing zeros
        >>> workbook = PolynomialWorkbook()
        >>> workbook.normalize([1, 0, 2, 0, 0]), workbook.normalize([0, 0]), workbook.normalize([0, 5])
        ([1, 0, 2], [], [0, 5])
        """
        result = list(coefficients)
        while result and result[-1] == 0:
            result.pop()
        return result

    def define(self, name: str, text: str) -> list:
        """
        Read a polynomial and store it under a name, replacing any polynomial of that name. Whitespace is ignored.
        The text is one or more terms joined by "+" or "-", the first term optionally preceded by a sign; a term is
        a constant "<digits>" or "<digits>x^<digits>", where the coefficient digits may be left out (meaning 1) and
        "^<digits>" may be left out (meaning exponent 1). Terms of the same degree are added up.
        :param name: str, the name to store it under
        :param text: str, the polynomial text
        :return: list of int, the stored coefficients
        :raises ValueError: when the text is not a polynomial in this form (nothing is stored then)
        >>> workbook = PolynomialWorkbook()
        >>> workbook.define("p", "3x^2 - 2x + 1"), workbook.define("q", "-x^3 + x + 4x"), workbook.define("z", "x - x")
        ([1, -2, 3], [0, 5, 0, -1], [])
        """
        compact = re.sub(r"\s+", "", text)
        unsigned = r"(?:\d*x(?:\^\d+)?|\d+)"
        if not re.fullmatch(rf"[+-]?{unsigned}(?:[+-]{unsigned})*", compact):
            raise ValueError(f"not a polynomial: {text!r}")
        terms = {}
        for sign, digits, exponent, constant in re.findall(r"([+-]?)(?:(\d*)x(?:\^(\d+))?|(\d+))", compact):
            if constant:
                degree, value = 0, int(constant)
            else:
                degree, value = int(exponent or 1), int(digits or 1)
            terms[degree] = terms.get(degree, 0) + (-value if sign == "-" else value)
        coefficients = [terms.get(degree, 0) for degree in range(max(terms) + 1)]
        self.polynomials[name] = self.normalize(coefficients)
        return self.polynomials[name]

    def to_text(self, name: str) -> str:
        """
        Write a stored polynomial canonically: terms from the highest degree down, zero terms left out, " + " and
        " - " between terms, a leading "-" for a negative first term, coefficient 1 not written except for the
        constant term, "x" for degree 1 and "x^n" above; the zero polynomial is "0".
        :param name: str, the polynomial's name
        :return: str, the canonical text
        :raises ValueError: when no polynomial has that name
        >>> workbook = PolynomialWorkbook()
        >>> workbook.polynomials = {"p": [1, -2, 3], "q": [-1, 0, 0, -1], "z": []}
        >>> workbook.to_text("p"), workbook.to_text("q"), workbook.to_text("z")
        ('3x^2 - 2x + 1', '-x^3 - 1', '0')
        """
        if name not in self.polynomials:
            raise ValueError(f"no polynomial named {name!r}")
        text = ""
        coefficients = self.polynomials[name]
        for degree in range(len(coefficients) - 1, -1, -1):
            value = coefficients[degree]
            if value == 0:
                continue
            size = abs(value)
            if degree == 0:
                body = str(size)
            else:
                body = ("" if size == 1 else str(size)) + ("x" if degree == 1 else f"x^{degree}")
            if text:
                text += (" - " if value < 0 else " + ") + body
            else:
                text = ("-" if value < 0 else "") + body
        return text or "0"

    def add(self, first: str, second: str, result: str) -> list:
        """
        Add two stored polynomials and store the sum under a name (which may be one of the operands).
        :param first: str, name of a polynomial
        :param second: str, name of a polynomial
        :param result: str, name to store the sum under
        :return: list of int, the coefficients of the sum
        :raises ValueError: when an operand does not exist (nothing is stored then)
        >>> workbook = PolynomialWorkbook()
        >>> workbook.polynomials = {"p": [1, -2, 3], "q": [4, 2, -3]}
        >>> workbook.add("p", "q", "s")
        [5]
        """
        for name in (first, second):
            if name not in self.polynomials:
                raise ValueError(f"no polynomial named {name!r}")
        a, b = self.polynomials[first], self.polynomials[second]
        self.polynomials[result] = self.normalize([x + y for x, y in zip_longest(a, b, fillvalue=0)])
        return self.polynomials[result]

    def multiply(self, first: str, second: str, result: str) -> list:
        """
        Multiply two stored polynomials and store the product under a name (which may be one of the operands).
        :param first: str, name of a polynomial
        :param second: str, name of a polynomial
        :param result: str, name to store the product under
        :return: list of int, the coefficients of the product
        :raises ValueError: when an operand does not exist (nothing is stored then)
        >>> workbook = PolynomialWorkbook()
        >>> workbook.polynomials = {"p": [-1, 1], "q": [1, 1]}
        >>> workbook.multiply("p", "q", "r")
        [-1, 0, 1]
        """
        for name in (first, second):
            if name not in self.polynomials:
                raise ValueError(f"no polynomial named {name!r}")
        a, b = self.polynomials[first], self.polynomials[second]
        if not a or not b:
            self.polynomials[result] = []
            return []
        # the product of two leading coefficients is non-zero, so no trailing zeros can appear
        product = [0] * (len(a) + len(b) - 1)
        for i, x in enumerate(a):
            for j, y in enumerate(b):
                product[i + j] += x * y
        self.polynomials[result] = product
        return self.polynomials[result]

    def evaluate(self, name: str, x: int) -> int:
        """
        Value of a stored polynomial at an integer point.
        :param name: str, the polynomial's name
        :param x: int, the point
        :return: int, the value (0 for the zero polynomial)
        :raises ValueError: when no polynomial has that name
        >>> workbook = PolynomialWorkbook()
        >>> workbook.polynomials = {"p": [1, -2, 3]}
        >>> workbook.evaluate("p", 2), workbook.evaluate("p", -1)
        (9, 6)
        """
        if name not in self.polynomials:
            raise ValueError(f"no polynomial named {name!r}")
        value = 0
        for coefficient in reversed(self.polynomials[name]):
            value = value * x + coefficient
        return value

    def rational_roots(self, name: str) -> list:
        """
        All distinct rational roots of a stored polynomial, found exactly (by the rational root theorem).
        :param name: str, the polynomial's name
        :return: list of str, the roots in increasing order, each as an integer "-3" or a reduced fraction "1/2"
        :raises ValueError: when no polynomial has that name, or it is the zero polynomial (every number is a root)
        >>> workbook = PolynomialWorkbook()
        >>> workbook.polynomials = {"p": [-3, 5, -2], "q": [0, 0, 1, 1], "r": [1, 0, 1]}
        >>> workbook.rational_roots("p"), workbook.rational_roots("q"), workbook.rational_roots("r")
        (['1', '3/2'], ['-1', '0'], [])
        """
        if name not in self.polynomials:
            raise ValueError(f"no polynomial named {name!r}")
        coefficients = self.polynomials[name]
        if not coefficients:
            raise ValueError("the zero polynomial has every number as a root")
        roots = set()
        lowest = 0
        while coefficients[lowest] == 0:
            lowest += 1
        if lowest > 0:
            roots.add(Fraction(0))
        constant, leading = abs(coefficients[lowest]), abs(coefficients[-1])
        # a root p/q in lowest terms has p dividing the constant and q dividing the leading coefficient
        for p in range(1, constant + 1):
            for q in range(1, leading + 1):
                for candidate in (Fraction(p, q), Fraction(-p, q)):
                    value = Fraction(0)
                    for coefficient in reversed(coefficients):
                        value = value * candidate + coefficient
                    if value == 0:
                        roots.add(candidate)
        return [str(root) for root in sorted(roots)]
