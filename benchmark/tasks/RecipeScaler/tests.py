import unittest
from fractions import Fraction

from solution import RecipeScaler


def recipe_of(servings, *items):
    recipe = RecipeScaler(servings)
    for name, quantity in items:
        recipe.add(name, quantity)
    return recipe


class RecipeScalerTestMixed(unittest.TestCase):
    def test_mixed_1(self):
        recipe = RecipeScaler(4)
        self.assertEqual(recipe.mixed(6, 4), "1 1/2")
        self.assertEqual(recipe.mixed(4, 2), "2")
        self.assertEqual(recipe.mixed(2, 6), "1/3")
        self.assertEqual(recipe.mixed(0, 5), "0")

    def test_mixed_2(self):
        recipe = RecipeScaler(4)
        self.assertEqual(recipe.mixed(7, 1), "7")
        self.assertEqual(recipe.mixed(1, 1), "1")
        self.assertEqual(recipe.mixed(5, 5), "1")

    def test_mixed_3(self):
        recipe = RecipeScaler(4)
        self.assertEqual(recipe.mixed(22, 7), "3 1/7")
        self.assertEqual(recipe.mixed(9, 4), "2 1/4")
        self.assertEqual(recipe.mixed(3, 4), "3/4")

    def test_mixed_4(self):
        recipe = RecipeScaler(4)
        for numerator, denominator in [(-1, 2), (1, 0), (1, -2), (0, 0)]:
            with self.assertRaises(ValueError):
                recipe.mixed(numerator, denominator)
        self.assertEqual(recipe.mixed(0, 1), "0")

    def test_mixed_5(self):
        recipe = RecipeScaler(4)
        self.assertEqual(recipe.mixed(100, 8), "12 1/2")
        self.assertEqual(recipe.mixed(1, 100), "1/100")
        self.assertEqual(recipe.ingredients, {})


class RecipeScalerTestAdd(unittest.TestCase):
    def test_add_1(self):
        recipe = RecipeScaler(4)
        self.assertIs(recipe.add("flour", "1 1/2 cup"), True)
        self.assertIs(recipe.add("flour", "4 tbsp"), False)
        self.assertEqual(recipe.ingredients, {"flour": [Fraction(7, 4), "cup"]})

    def test_add_2(self):
        recipe = RecipeScaler(4)
        for name, quantity in [("a", "200 g"), ("b", "0.25 kg"), ("c", " 3 "), ("d", "3/4 tsp"), ("e", "1  1/2   cup")]:
            self.assertIs(recipe.add(name, quantity), True)
        self.assertEqual(
            recipe.ingredients,
            {
                "a": [Fraction(200), "g"],
                "b": [Fraction(1, 4), "kg"],
                "c": [Fraction(3), ""],
                "d": [Fraction(3, 4), "tsp"],
                "e": [Fraction(3, 2), "cup"],
            },
        )

    def test_add_3(self):
        recipe = recipe_of(2, ("salt", "1 tsp"))
        bad = ["", "cup", "1/0 cup", "2 3 cup", "1 0.5 cup", "1.5.2 g", "-1 g", "0 g", "0.0 kg", "0/4 tsp",
               "2 cups", "2 Cup", "1/2cup", "1 1/00 tsp", "1 1/2 tsp tsp"]
        for quantity in bad:
            with self.assertRaises(ValueError):
                recipe.add("salt", quantity)
            with self.assertRaises(ValueError):
                recipe.add("pepper", quantity)
        self.assertEqual(recipe.ingredients, {"salt": [Fraction(1), "tsp"]})

    def test_add_4(self):
        recipe = recipe_of(2, ("flour", "1 cup"), ("eggs", "2"))
        with self.assertRaises(ValueError):
            recipe.add("flour", "100 g")
        with self.assertRaises(ValueError):
            recipe.add("eggs", "1 cup")
        with self.assertRaises(ValueError):
            recipe.add("flour", "3")
        self.assertEqual(recipe.ingredients, {"flour": [Fraction(1), "cup"], "eggs": [Fraction(2), ""]})

    def test_add_5(self):
        recipe = recipe_of(2, ("butter", "100 g"), ("milk", "1 tbsp"))
        self.assertIs(recipe.add("butter", "0.5 kg"), False)
        self.assertIs(recipe.add("milk", "30 ml"), False)
        self.assertEqual(recipe.ingredients, {"butter": [Fraction(600), "g"], "milk": [Fraction(3), "tbsp"]})

    def test_add_6(self):
        recipe = recipe_of(2, ("sugar", "1 cup"))
        self.assertIs(recipe.add("sugar", "1 tsp"), False)
        self.assertIs(recipe.add("eggs", "0 1/2"), True)
        self.assertEqual(recipe.ingredients, {"sugar": [Fraction(49, 48), "cup"], "eggs": [Fraction(1, 2), ""]})


class RecipeScalerTestConvert(unittest.TestCase):
    def test_convert_1(self):
        recipe = recipe_of(4, ("milk", "1/2 cup"))
        self.assertEqual(recipe.convert("milk", "tbsp"), "8")
        self.assertEqual(recipe.convert("milk", "ml"), "120")

    def test_convert_2(self):
        recipe = recipe_of(4, ("flour", "1 3/4 cup"))
        self.assertEqual(recipe.convert("flour", "cup"), "1 3/4")
        self.assertEqual(recipe.ingredients, {"flour": [Fraction(7, 4), "cup"]})

    def test_convert_3(self):
        recipe = recipe_of(4, ("salt", "1 tsp"))
        self.assertEqual(recipe.convert("salt", "tbsp"), "1/3")
        self.assertEqual(recipe.convert("salt", "cup"), "1/48")
        self.assertEqual(recipe.convert("salt", "ml"), "5")

    def test_convert_4(self):
        recipe = recipe_of(4, ("butter", "0.25 kg"), ("rice", "1500 g"))
        self.assertEqual(recipe.convert("butter", "g"), "250")
        self.assertEqual(recipe.convert("rice", "kg"), "1 1/2")

    def test_convert_5(self):
        recipe = recipe_of(4, ("milk", "1 cup"), ("eggs", "2"))
        for name, unit in [("water", "cup"), ("milk", "lb"), ("milk", "g"), ("milk", ""), ("eggs", "tsp")]:
            with self.assertRaises(ValueError):
                recipe.convert(name, unit)

    def test_convert_6(self):
        recipe = recipe_of(4, ("eggs", "3"), ("oil", "2 1/2 tbsp"))
        self.assertEqual(recipe.convert("eggs", ""), "3")
        self.assertEqual(recipe.convert("oil", "tsp"), "7 1/2")


class RecipeScalerTestScale(unittest.TestCase):
    def test_scale_1(self):
        recipe = recipe_of(4, ("flour", "1 1/2 cup"), ("eggs", "3"))
        self.assertEqual(recipe.scale(6), 2)
        self.assertEqual(recipe.servings, 6)
        self.assertEqual(recipe.ingredients, {"flour": [Fraction(9, 4), "cup"], "eggs": [Fraction(9, 2), ""]})

    def test_scale_2(self):
        recipe = recipe_of(4, ("rice", "2 cup"))
        self.assertEqual(recipe.scale(1), 1)
        self.assertEqual(recipe.servings, 1)
        self.assertEqual(recipe.ingredients, {"rice": [Fraction(1, 2), "cup"]})

    def test_scale_3(self):
        recipe = RecipeScaler(2)
        self.assertEqual(recipe.scale(3), 0)
        self.assertEqual(recipe.servings, 3)
        self.assertEqual(recipe.ingredients, {})

    def test_scale_4(self):
        recipe = recipe_of(4, ("rice", "2 cup"))
        for servings in [0, -2]:
            with self.assertRaises(ValueError):
                recipe.scale(servings)
        self.assertEqual(recipe.servings, 4)
        self.assertEqual(recipe.ingredients, {"rice": [Fraction(2), "cup"]})

    def test_scale_5(self):
        recipe = recipe_of(3, ("rice", "1 cup"))
        recipe.scale(2)
        self.assertEqual(recipe.ingredients, {"rice": [Fraction(2, 3), "cup"]})
        self.assertEqual(recipe.scale(3), 1)
        self.assertEqual(recipe.ingredients, {"rice": [Fraction(1), "cup"]})

    def test_scale_6(self):
        recipe = recipe_of(5, ("salt", "1/5 tsp"), ("tofu", "0.4 kg"))
        self.assertEqual(recipe.scale(5), 2)
        self.assertEqual(recipe.servings, 5)
        self.assertEqual(recipe.ingredients, {"salt": [Fraction(1, 5), "tsp"], "tofu": [Fraction(2, 5), "kg"]})


class RecipeScalerTestRemove(unittest.TestCase):
    def test_remove_1(self):
        recipe = recipe_of(2, ("salt", "1/4 tsp"))
        self.assertIs(recipe.remove("salt"), True)
        self.assertIs(recipe.remove("salt"), False)
        self.assertEqual(recipe.ingredients, {})

    def test_remove_2(self):
        recipe = recipe_of(2, ("salt", "1/4 tsp"), ("eggs", "2"), ("milk", "1 cup"))
        self.assertIs(recipe.remove("eggs"), True)
        self.assertEqual(recipe.ingredients, {"salt": [Fraction(1, 4), "tsp"], "milk": [Fraction(1), "cup"]})

    def test_remove_3(self):
        recipe = RecipeScaler(2)
        self.assertIs(recipe.remove("salt"), False)
        self.assertEqual(recipe.ingredients, {})

    def test_remove_4(self):
        recipe = recipe_of(2, ("milk", "1 cup"))
        recipe.remove("milk")
        self.assertIs(recipe.add("milk", "200 ml"), True)
        self.assertEqual(recipe.ingredients, {"milk": [Fraction(200), "ml"]})

    def test_remove_5(self):
        recipe = recipe_of(2, ("salt", "1 tsp"))
        self.assertIs(recipe.remove("Salt"), False)
        self.assertEqual(recipe.ingredients, {"salt": [Fraction(1), "tsp"]})


class RecipeScalerTestShoppingList(unittest.TestCase):
    def test_shopping_list_1(self):
        recipe = recipe_of(4, ("sugar", "6 tsp"), ("eggs", "2"), ("butter", "0.25 kg"))
        self.assertEqual(recipe.shopping_list(), ["butter: 250 g", "eggs: 2", "sugar: 2 tbsp"])

    def test_shopping_list_2(self):
        self.assertEqual(RecipeScaler(1).shopping_list(), [])

    def test_shopping_list_3(self):
        recipe = recipe_of(1, ("vanilla", "1/2 tsp"), ("saffron", "0.1 ml"))
        self.assertEqual(recipe.shopping_list(), ["saffron: 1/10 ml", "vanilla: 2 1/2 ml"])

    def test_shopping_list_4(self):
        recipe = recipe_of(1, ("a", "48 tsp"), ("b", "3 tsp"), ("c", "1000 g"), ("d", "999 g"), ("e", "5 ml"))
        self.assertEqual(recipe.shopping_list(), ["a: 1 cup", "b: 1 tbsp", "c: 1 kg", "d: 999 g", "e: 1 tsp"])

    def test_shopping_list_5(self):
        recipe = recipe_of(4, ("eggs", "3"))
        recipe.scale(6)
        self.assertEqual(recipe.shopping_list(), ["eggs: 4 1/2"])
        self.assertEqual(recipe.ingredients, {"eggs": [Fraction(9, 2), ""]})

    def test_shopping_list_6(self):
        recipe = recipe_of(1, ("oil", "7 tbsp"), ("flour", "1 1/2 cup"), ("milk", "0.5 cup"))
        self.assertEqual(recipe.shopping_list(), ["flour: 1 1/2 cup", "milk: 8 tbsp", "oil: 7 tbsp"])


class RecipeScalerTest(unittest.TestCase):
    def test_recipe_scaler_1(self):
        recipe = RecipeScaler(2)
        self.assertIs(recipe.add("flour", "1 cup"), True)
        self.assertIs(recipe.add("milk", "3/4 cup"), True)
        self.assertIs(recipe.add("eggs", "1"), True)
        self.assertIs(recipe.add("sugar", "1 tbsp"), True)
        self.assertEqual(recipe.scale(3), 4)
        self.assertEqual(recipe.convert("milk", "ml"), "270")
        self.assertEqual(
            recipe.shopping_list(), ["eggs: 1 1/2", "flour: 1 1/2 cup", "milk: 1 1/8 cup", "sugar: 1 1/2 tbsp"]
        )
        self.assertIs(recipe.remove("eggs"), True)
        self.assertIs(recipe.add("sugar", "1 1/2 tsp"), False)
        self.assertEqual(recipe.convert("sugar", "tsp"), "6")

    def test_recipe_scaler_2(self):
        recipe = RecipeScaler(4)
        recipe.add("butter", "125 g")
        recipe.add("butter", "0.125 kg")
        self.assertEqual(recipe.shopping_list(), ["butter: 250 g"])
        recipe.scale(16)
        self.assertEqual(recipe.shopping_list(), ["butter: 1 kg"])
        self.assertEqual(recipe.mixed(1000, 1000), "1")


if __name__ == "__main__":
    unittest.main()
