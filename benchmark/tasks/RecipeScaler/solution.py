import re
from fractions import Fraction


class RecipeScaler:
    """
    The ingredients of a recipe for a number of servings, with exact amounts (fractions, never rounded) in kitchen
    units. UNITS gives every unit's kind and its size in the kind's base unit: volumes in teaspoons ("ml" is a
    fifth of a teaspoon, so a cup is 240 ml), masses in grams, and "" for things counted in pieces (eggs).
    Amounts are written as mixed numbers: a whole part, a proper fraction in lowest terms, or both
    separated by one space ("2", "3/4", "1 1/2").
    """

    UNITS = {
        "ml": ("volume", Fraction(1, 5)),
        "tsp": ("volume", Fraction(1)),
        "tbsp": ("volume", Fraction(3)),
        "cup": ("volume", Fraction(48)),
        "g": ("mass", Fraction(1)),
        "kg": ("mass", Fraction(1000)),
        "": ("count", Fraction(1)),
    }

    def __init__(self, servings: int):
        """
        Start a recipe without ingredients.
        :param servings: int, the number of servings the amounts are for, at least 1
        self.servings: int, the number of servings the amounts are for
        self.ingredients: dict, ingredient name -> [amount as a fractions.Fraction, unit name]; {} at first
        """
        self.servings = servings
        self.ingredients = {}

    def mixed(self, numerator: int, denominator: int) -> str:
        """
        Write the fraction numerator/denominator as a mixed number.
        :param numerator: int, at least 0
        :param denominator: int, at least 1
        :return: str, "0" for zero; the whole number alone when the fraction is whole; the proper fraction in
            lowest terms alone when it is below 1; otherwise both, separated by one space
        :raises ValueError: when numerator is negative or denominator is below 1
        >>> recipe = RecipeScaler(4)
        >>> recipe.mixed(6, 4), recipe.mixed(4, 2), recipe.mixed(2, 6), recipe.mixed(0, 5)
        ('1 1/2', '2', '1/3', '0')
        """
        if numerator < 0 or denominator < 1:
            raise ValueError("a mixed number needs numerator >= 0 and denominator >= 1")
        value = Fraction(numerator, denominator)
        whole, rest = divmod(value, 1)
        if rest == 0:
            return str(whole)
        if whole == 0:
            return str(rest)
        return f"{whole} {rest}"

    def add(self, name: str, quantity: str) -> bool:
        """
        Add an amount of an ingredient. The quantity is an amount, then optionally one or more spaces and a unit of
        UNITS (no unit: a count); spaces around it are ignored. The amount is a whole number ("2"), a decimal
        ("0.25"), a fraction ("3/4") or a whole number, spaces and a fraction ("1 1/2"), and must be above 0.
        A new ingredient is stored with the quantity's amount and unit, as written ("0.25 kg" is kept in kg). An
        ingredient already in the recipe gets the amount added in its own unit, which must be of the same kind.
        :param name: str, the ingredient
        :param quantity: str, e.g. "1 1/2 cup", "200 g", "0.5 kg", "3"
        :return: bool, True when the ingredient is new, False when the amount was added to it
        :raises ValueError: when the quantity does not have this form, names an unknown unit, has a zero
            denominator or an amount of 0, or its unit is of another kind than the ingredient's (nothing changes
            then)
        >>> recipe = RecipeScaler(4)
        >>> recipe.add("flour", "1 1/2 cup"), recipe.add("flour", "4 tbsp")
        (True, False)
        >>> recipe.ingredients
        {'flour': [Fraction(7, 4), 'cup']}
        """
        match = re.fullmatch(r"\s*(?:(\d+)\s+)?(\d+/\d+|\d+(?:\.\d+)?)(?:\s+(\S+))?\s*", quantity)
        if match is None or (match.group(1) and "/" not in match.group(2)):
            raise ValueError(f"not a quantity: {quantity!r}")
        whole, number, unit = match.group(1) or "0", match.group(2), match.group(3) or ""
        if unit not in self.UNITS or re.search(r"/0+$", number):
            raise ValueError(f"unknown unit or zero denominator in {quantity!r}")
        amount = int(whole) + Fraction(number)
        if amount == 0:
            raise ValueError("an amount must be above 0")
        if name not in self.ingredients:
            self.ingredients[name] = [amount, unit]
            return True
        held, held_unit = self.ingredients[name]
        kind, size = self.UNITS[unit]
        held_kind, held_size = self.UNITS[held_unit]
        if kind != held_kind:
            raise ValueError(f"{name} is measured by {held_kind}, not {kind}")
        self.ingredients[name][0] = held + amount * size / held_size
        return False

    def convert(self, name: str, unit: str) -> str:
        """
        The amount of an ingredient in another unit of the same kind.
        :param name: str, an ingredient of the recipe
        :param unit: str, a unit of UNITS of the ingredient's kind
        :return: str, the amount as a mixed number (see mixed)
        :raises ValueError: when the ingredient is not in the recipe, the unit is unknown or of another kind
        >>> recipe = RecipeScaler(4)
        >>> recipe.add("milk", "1/2 cup")
        True
        >>> recipe.convert("milk", "tbsp"), recipe.convert("milk", "ml")
        ('8', '120')
        """
        if name not in self.ingredients or unit not in self.UNITS:
            raise ValueError(f"unknown ingredient or unit: {name!r}, {unit!r}")
        amount, held_unit = self.ingredients[name]
        kind, size = self.UNITS[unit]
        held_kind, held_size = self.UNITS[held_unit]
        if kind != held_kind:
            raise ValueError(f"{name} is measured by {held_kind}, not {kind}")
        value = amount * held_size / size
        return self.mixed(value.numerator, value.denominator)

    def scale(self, servings: int) -> int:
        """
        Change the recipe to another number of servings: every amount is multiplied by servings / self.servings
        (exactly; units stay), and self.servings becomes servings.
        :param servings: int, the new number of servings, at least 1
        :return: int, the number of ingredients scaled
        :raises ValueError: when servings is below 1 (nothing changes then)
        >>> recipe = RecipeScaler(4)
        >>> recipe.add("flour", "1 1/2 cup"), recipe.add("eggs", "3")
        (True, True)
        >>> recipe.scale(6), recipe.servings, recipe.ingredients["eggs"]
        (2, 6, [Fraction(9, 2), ''])
        """
        if servings < 1:
            raise ValueError("at least one serving")
        factor = Fraction(servings, self.servings)
        for entry in self.ingredients.values():
            entry[0] *= factor
        self.servings = servings
        return len(self.ingredients)

    def remove(self, name: str) -> bool:
        """
        Take an ingredient out of the recipe.
        :param name: str, the ingredient
        :return: bool, True when it was removed, False when it was not in the recipe
        >>> recipe = RecipeScaler(2)
        >>> recipe.add("salt", "1/4 tsp")
        True
        >>> recipe.remove("salt"), recipe.remove("salt"), recipe.ingredients
        (True, False, {})
        """
        return self.ingredients.pop(name, None) is not None

    def shopping_list(self) -> list:
        """
        One line per ingredient, in alphabetical order of the names: "name: amount unit", or "name: amount" for a
        count. Each amount is given in the largest unit of its kind in which it is at least 1, or in the smallest
        unit of its kind when it is below 1 in all of them; amounts are mixed numbers (see mixed).
        :return: list of str, the lines, [] for a recipe without ingredients
        >>> recipe = RecipeScaler(4)
        >>> recipe.add("sugar", "6 tsp"), recipe.add("eggs", "2"), recipe.add("butter", "0.25 kg")
        (True, True, True)
        >>> recipe.shopping_list()
        ['butter: 250 g', 'eggs: 2', 'sugar: 2 tbsp']
        """
        lines = []
        for name in sorted(self.ingredients):
            amount, unit = self.ingredients[name]
            kind, size = self.UNITS[unit]
            units = sorted((s, u) for u, (k, s) in self.UNITS.items() if k == kind)
            best = units[0][1]
            for unit_size, candidate in units:
                if amount * size >= unit_size:
                    best = candidate
            text = self.convert(name, best)
            lines.append(f"{name}: {text} {best}" if best else f"{name}: {text}")
        return lines
