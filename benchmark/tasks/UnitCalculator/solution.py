import re
from fractions import Fraction


class UnitCalculator:
    """
    A calculator for expressions over quantities with units, such as "(2 h + 30 min) * 3" or "1 km / 250 m".
    Tokens: numbers (ASCII digits, optionally "." and more digits), unit names (ASCII letters, a unit the calculator
    knows), the operators + - * / and parentheses; spaces, tabs and newlines between tokens are skipped.
    Grammar: expression = term (("+" | "-") term)*; term = factor (("*" | "/") factor)*; factor = number unit?
    | "(" expression ")"; operators group from the left. Every unit has a dimension ("length", "mass", "time")
    and a size in its dimension's base unit (m, g, s); values are exact fractions, never rounded until shown.
    """

    UNITS = {
        "mm": (Fraction(1, 1000), "length"), "cm": (Fraction(1, 100), "length"), "m": (Fraction(1), "length"),
        "km": (Fraction(1000), "length"), "g": (Fraction(1), "mass"), "kg": (Fraction(1000), "mass"),
        "s": (Fraction(1), "time"), "min": (Fraction(60), "time"), "h": (Fraction(3600), "time"),
    }

    def __init__(self):
        """
        Create a calculator that knows the units of UNITS.
        self.units: dict, unit name -> (size in its dimension's base unit as a fractions.Fraction, dimension),
            a copy of UNITS at first; units defined later are added to it
        """
        self.units = dict(self.UNITS)

    def tokenize(self, text: str) -> list:
        """
        Split an expression into its tokens.
        :param text: str, the expression
        :return: list of tuple, (kind, text) per token in order, kind being "number", "unit", "operator" or "paren"
        :raises ValueError: when some text is not a token: an unknown character, a number such as "1." or ".5",
            or a run of letters that is not a known unit (units are compared exactly, case included)
        >>> UnitCalculator().tokenize("(2.5km+3 m)/2")
        [('paren', '('), ('number', '2.5'), ('unit', 'km'), ('operator', '+'), ('number', '3'), ('unit', 'm'), ('paren', ')'), ('operator', '/'), ('number', '2')]
        """
        tokens = []
        for match in re.finditer(r"[ \t\n]*(?:([0-9]+(?:\.[0-9]+)?(?![.0-9]))|([A-Za-z]+)|([-+*/])|([()])|([^ \t\n]))", text):
            number, word, operator, paren, other = match.groups()
            if other is not None or (word is not None and word not in self.units):
                raise ValueError(f"not a token at {match.start()}: {match.group().strip()!r}")
            if number is not None:
                tokens.append(("number", number))
            elif word is not None:
                tokens.append(("unit", word))
            elif operator is not None:
                tokens.append(("operator", operator))
            else:
                tokens.append(("paren", paren))
        return tokens

    def parse(self, text: str) -> tuple:
        """
        Parse an expression into a tree of tuples: ("quantity", number as written, unit or "" for a plain number)
        for a factor without parentheses, and (operator, left, right) for each operation.
        :param text: str, the expression
        :return: tuple, the tree
        :raises ValueError: when the text cannot be tokenized or does not follow the grammar (also when it is
            empty, or has tokens left over)
        >>> UnitCalculator().parse("1 km - 2 * 3 m")
        ('-', ('quantity', '1', 'km'), ('*', ('quantity', '2', ''), ('quantity', '3', 'm')))
        """
        tokens = self.tokenize(text)
        position = 0

        def expression():
            nonlocal position
            tree = term()
            while position < len(tokens) and tokens[position] in (("operator", "+"), ("operator", "-")):
                position += 1
                tree = (tokens[position - 1][1], tree, term())
            return tree

        def term():
            nonlocal position
            tree = factor()
            while position < len(tokens) and tokens[position] in (("operator", "*"), ("operator", "/")):
                position += 1
                tree = (tokens[position - 1][1], tree, factor())
            return tree

        def factor():
            nonlocal position
            if position < len(tokens) and tokens[position] == ("paren", "("):
                position += 1
                tree = expression()
                if position == len(tokens) or tokens[position] != ("paren", ")"):
                    raise ValueError("a parenthesis is not closed")
                position += 1
                return tree
            if position == len(tokens) or tokens[position][0] != "number":
                raise ValueError("a number or a parenthesis is missing")
            number = tokens[position][1]
            position += 1
            if position < len(tokens) and tokens[position][0] == "unit":
                position += 1
                return ("quantity", number, tokens[position - 1][1])
            return ("quantity", number, "")

        tree = expression()
        if position != len(tokens):
            raise ValueError("tokens are left over")
        return tree

    def evaluate(self, text: str) -> tuple:
        """
        The value of an expression in its dimension's base unit. A quantity is its number times its unit's size,
        with the unit's dimension; a plain number has the dimension "". "+" and "-" need two sides of one
        dimension, which the result keeps; "*" needs at least one plain side and takes the other side's dimension;
        "/" takes the left side's dimension when the right side is plain, gives a plain number when both sides
        have one dimension, and cannot divide by 0.
        :param text: str, the expression
        :return: tuple, (value as str(fractions.Fraction), e.g. "1250" or "5/2", dimension or "")
        :raises ValueError: when the expression cannot be parsed, mixes dimensions in a way not allowed above, or
            divides by 0
        >>> calc = UnitCalculator()
        >>> calc.evaluate("1 km + 250 m"), calc.evaluate("(2 h + 30 min) / 4"), calc.evaluate("1 km / 300 m")
        (('1250', 'length'), ('2250', 'time'), ('10/3', ''))
        """

        def value(tree):
            if tree[0] == "quantity":
                size, dimension = self.units[tree[2]] if tree[2] else (Fraction(1), "")
                return Fraction(tree[1]) * size, dimension
            (left, left_dimension), (right, right_dimension) = value(tree[1]), value(tree[2])
            if tree[0] in "+-":
                if left_dimension != right_dimension:
                    raise ValueError(f"cannot add or subtract {left_dimension!r} and {right_dimension!r}")
                return (left + right if tree[0] == "+" else left - right), left_dimension
            if tree[0] == "*":
                if left_dimension and right_dimension:
                    raise ValueError("cannot multiply two quantities with units")
                return left * right, left_dimension or right_dimension
            if right == 0:
                raise ValueError("division by 0")
            if right_dimension and right_dimension != left_dimension:
                raise ValueError(f"cannot divide {left_dimension!r} by {right_dimension!r}")
            return left / right, "" if right_dimension else left_dimension

        result, dimension = value(self.parse(text))
        return str(result), dimension

    def convert(self, text: str, unit: str) -> str:
        """
        The value of an expression in a unit of its dimension, as a decimal rounded to three decimals (halves away
        from zero) without trailing zeros or a trailing ".": "1.25", "2", "0.333", "-0.5"; a value that rounds to 0
        is "0", without a sign.
        :param text: str, the expression
        :param unit: str, a unit the calculator knows, of the expression's dimension
        :return: str, the value in that unit
        :raises ValueError: when the expression cannot be evaluated (see evaluate), the unit is unknown, or its
            dimension is not the expression's (a plain number has no unit to convert to)
        >>> calc = UnitCalculator()
        >>> calc.convert("1 km + 250 m", "km"), calc.convert("1 h / 3", "min"), calc.convert("2 g", "kg")
        ('1.25', '20', '0.002')
        """
        value, dimension = self.evaluate(text)
        if unit not in self.units or self.units[unit][1] != dimension:
            raise ValueError("the unit is unknown or of another dimension than the value")
        amount = Fraction(value) / self.units[unit][0]
        thousandths = (abs(amount) * 1000 + Fraction(1, 2)) // 1
        text = f"{thousandths // 1000}.{thousandths % 1000:03d}".rstrip("0").rstrip(".")
        return ("-" if amount * 1000 <= Fraction(-1, 2) else "") + text

    def define_unit(self, name: str, amount: str) -> bool:
        """
        Define a unit as an amount of other units, e.g. define_unit("mile", "1609.344 m"); it can be used in later
        expressions and can itself be defined anew.
        :param name: str, one or more ASCII letters, not a unit of UNITS
        :param amount: str, an expression (see evaluate) whose dimension is not "" and whose value is above 0
        :return: bool, True when the unit is new, False when it replaced an earlier definition
        :raises ValueError: when name is not of that form or is a unit of UNITS, or amount cannot be evaluated,
            is plain or is not above 0 (nothing changes then)
        >>> calc = UnitCalculator()
        >>> calc.define_unit("ft", "30.48 cm"), calc.convert("1 km", "ft"), calc.units["ft"]
        (True, '3280.84', (Fraction(381, 1250), 'length'))
        """
        if not re.fullmatch(r"[A-Za-z]+", name) or name in self.UNITS:
            raise ValueError(f"cannot define unit {name!r}")
        value, dimension = self.evaluate(amount)
        if not dimension or Fraction(value) <= 0:
            raise ValueError(f"a unit needs an amount above 0 with a dimension: {amount!r}")
        new = name not in self.units
        self.units[name] = (Fraction(value), dimension)
        return new

    def units_of(self, dimension: str) -> list:
        """
        The units the calculator knows in a dimension, smallest first (equal sizes in alphabetical order).
        :param dimension: str, a dimension, e.g. "length"
        :return: list of str, the unit names; [] for a dimension no unit has
        >>> UnitCalculator().units_of("time")
        ['s', 'min', 'h']
        """
        return [name for size, name in sorted((size, name) for name, (size, kind) in self.units.items()
                                              if kind == dimension)]
