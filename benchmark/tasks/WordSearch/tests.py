import unittest

from solution import WordSearch

GRID = ["ABC", "DEF", "GHI"]


class WordSearchTestSpell(unittest.TestCase):
    def test_spell_1(self):
        puzzle = WordSearch(["cat", "aax", "tac"])
        self.assertEqual(puzzle.spell(0, 0, "E", 3), "CAT")
        self.assertEqual(puzzle.spell(0, 0, "SE", 3), "CAC")
        self.assertEqual(puzzle.spell(2, 2, "NW", 2), "CA")
        self.assertEqual(puzzle.spell(0, 0, "N", 2), "")

    def test_spell_2(self):
        puzzle = WordSearch(GRID)
        expected = {"N": "EB", "NE": "EC", "E": "EF", "SE": "EI", "S": "EH", "SW": "EG", "W": "ED", "NW": "EA"}
        for direction, letters in expected.items():
            self.assertEqual(puzzle.spell(1, 1, direction, 2), letters)

    def test_spell_3(self):
        puzzle = WordSearch(GRID)
        self.assertEqual(puzzle.spell(2, 0, "NE", 1), "G")
        self.assertEqual(puzzle.spell(2, 0, "NE", 3), "GEC")
        self.assertEqual(puzzle.spell(2, 0, "NE", 4), "")
        for row, column in [(3, 0), (-1, 0), (0, -1), (0, 3)]:
            self.assertEqual(puzzle.spell(row, column, "E", 1), "")

    def test_spell_4(self):
        puzzle = WordSearch(GRID)
        for direction, length in [("X", 1), ("e", 1), ("E", 0), ("E", -1)]:
            with self.assertRaises(ValueError):
                puzzle.spell(0, 0, direction, length)

    def test_spell_5(self):
        puzzle = WordSearch(["ab", "cD"])
        self.assertEqual(puzzle.rows, ["AB", "CD"])
        self.assertEqual(puzzle.spell(1, 1, "W", 2), "DC")
        self.assertEqual(puzzle.spell(1, 0, "N", 2), "CA")

    def test_spell_6(self):
        puzzle = WordSearch(GRID)
        self.assertEqual(puzzle.spell(0, 0, "E", 3), "ABC")
        self.assertEqual(puzzle.spell(0, 0, "E", 4), "")
        self.assertEqual(puzzle.spell(0, 0, "S", 3), "ADG")
        self.assertEqual(puzzle.spell(0, 2, "SW", 3), "CEG")
        self.assertEqual(puzzle.marked, set())


class WordSearchTestFind(unittest.TestCase):
    def test_find_1(self):
        self.assertEqual(WordSearch(["cat", "aax", "tac"]).find("Cat"), [(0, 0, "E"), (0, 0, "S"), (2, 2, "W")])

    def test_find_2(self):
        self.assertEqual(WordSearch(GRID).find("dog"), [])

    def test_find_3(self):
        puzzle = WordSearch(GRID)
        for word in ["a", "", "c4t", "ca t", "\u00e9t\u00e9"]:
            with self.assertRaises(ValueError):
                puzzle.find(word)

    def test_find_4(self):
        self.assertEqual(WordSearch(["ABA"]).find("aba"), [(0, 0, "E"), (0, 2, "W")])

    def test_find_5(self):
        puzzle = WordSearch(["AXX", "XBX", "XXC"])
        self.assertEqual(puzzle.find("ABC"), [(0, 0, "SE")])
        self.assertEqual(puzzle.find("CBA"), [(2, 2, "NW")])
        other = WordSearch(["XXA", "XBX", "CXX"])
        self.assertEqual(other.find("ABC"), [(0, 2, "SW")])
        self.assertEqual(other.find("CBA"), [(2, 0, "NE")])

    def test_find_6(self):
        puzzle = WordSearch(["AB", "BA"])
        self.assertEqual(puzzle.find("AB"), [(0, 0, "E"), (0, 0, "S"), (1, 1, "N"), (1, 1, "W")])
        self.assertEqual(puzzle.find("ba"), [(0, 1, "S"), (0, 1, "W"), (1, 0, "E"), (1, 0, "N")])
        self.assertEqual(puzzle.find("AA"), [(0, 0, "SE"), (1, 1, "NW")])

    def test_find_7(self):
        puzzle = WordSearch(["A.B"])
        self.assertEqual(puzzle.find("AB"), [])
        self.assertEqual(puzzle.marked, set())


class WordSearchTestMark(unittest.TestCase):
    def test_mark_1(self):
        puzzle = WordSearch(["cat", "aax", "tac"])
        self.assertEqual(puzzle.mark("cat"), 3)
        self.assertEqual(puzzle.marked, {(0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (2, 1), (2, 2)})

    def test_mark_2(self):
        puzzle = WordSearch(GRID)
        self.assertEqual(puzzle.mark("ZZ"), 0)
        self.assertEqual(puzzle.marked, set())

    def test_mark_3(self):
        puzzle = WordSearch(GRID)
        with self.assertRaises(ValueError):
            puzzle.mark("x")
        self.assertEqual(puzzle.marked, set())

    def test_mark_4(self):
        puzzle = WordSearch(GRID)
        self.assertEqual(puzzle.mark("aei"), 1)
        self.assertEqual(puzzle.mark("CEG"), 1)
        self.assertEqual(puzzle.marked, {(0, 0), (1, 1), (2, 2), (0, 2), (2, 0)})

    def test_mark_5(self):
        puzzle = WordSearch(GRID)
        self.assertEqual(puzzle.mark("HEB"), 1)
        self.assertEqual(puzzle.marked, {(2, 1), (1, 1), (0, 1)})


class WordSearchTestPlace(unittest.TestCase):
    def test_place_1(self):
        puzzle = WordSearch(["....", "....", "...."])
        self.assertIs(puzzle.place("dog", 0, 0, "SE"), True)
        self.assertIs(puzzle.place("on", 1, 1, "E"), True)
        self.assertIs(puzzle.place("at", 1, 1, "S"), False)
        self.assertEqual(puzzle.rows, ["D...", ".ON.", "..G."])

    def test_place_2(self):
        puzzle = WordSearch(["...", "..."])
        self.assertIs(puzzle.place("abcd", 0, 0, "E"), False)
        self.assertIs(puzzle.place("ab", 0, 2, "E"), False)
        self.assertIs(puzzle.place("ab", 2, 0, "E"), False)
        self.assertIs(puzzle.place("ab", 0, 0, "N"), False)
        self.assertEqual(puzzle.rows, ["...", "..."])

    def test_place_3(self):
        puzzle = WordSearch(["...", "..."])
        for word, direction in [("", "E"), ("a1", "E"), ("ab", "Q")]:
            with self.assertRaises(ValueError):
                puzzle.place(word, 0, 0, direction)
        self.assertEqual(puzzle.rows, ["...", "..."])

    def test_place_4(self):
        puzzle = WordSearch(["C..", "...", "..."])
        self.assertIs(puzzle.place("cat", 0, 0, "S"), True)
        self.assertIs(puzzle.place("TOP", 2, 0, "E"), True)
        self.assertIs(puzzle.place("x", 1, 1, "NW"), True)
        self.assertEqual(puzzle.rows, ["C..", "AX.", "TOP"])

    def test_place_5(self):
        puzzle = WordSearch(["...", "...", "..."])
        self.assertIs(puzzle.place("dot", 2, 2, "NW"), True)
        self.assertEqual(puzzle.find("DOT"), [(2, 2, "NW")])
        self.assertEqual(puzzle.rows, ["T..", ".O.", "..D"])

    def test_place_6(self):
        puzzle = WordSearch(["...", ".X.", "..."])
        self.assertIs(puzzle.place("pox", 1, 3, "W"), False)
        self.assertIs(puzzle.place("dot", 1, 0, "E"), False)
        self.assertEqual(puzzle.rows, ["...", ".X.", "..."])
        self.assertIs(puzzle.place("ax", 1, 0, "E"), True)
        self.assertEqual(puzzle.rows, ["...", "AX.", "..."])


class WordSearchTestLeftover(unittest.TestCase):
    def test_leftover_1(self):
        puzzle = WordSearch(["cat", "aax", "tac"])
        puzzle.mark("cat")
        self.assertEqual(puzzle.leftover(), "AX")

    def test_leftover_2(self):
        self.assertEqual(WordSearch(GRID).leftover(), "ABCDEFGHI")

    def test_leftover_3(self):
        puzzle = WordSearch(["AB", "BA"])
        puzzle.mark("ab")
        self.assertEqual(puzzle.leftover(), "")

    def test_leftover_4(self):
        puzzle = WordSearch(GRID)
        puzzle.marked = {(0, 1), (2, 2)}
        self.assertEqual(puzzle.leftover(), "ACDEFGH")

    def test_leftover_5(self):
        puzzle = WordSearch(["ab", "cd"])
        puzzle.mark("ad")
        self.assertEqual(puzzle.leftover(), "BC")
        self.assertEqual(puzzle.marked, {(0, 0), (1, 1)})


class WordSearchTest(unittest.TestCase):
    def test_word_search_1(self):
        puzzle = WordSearch(["....", "....", "....", "...."])
        self.assertIs(puzzle.place("java", 0, 0, "E"), True)
        self.assertIs(puzzle.place("jolt", 0, 0, "S"), True)
        self.assertIs(puzzle.place("tax", 3, 0, "N"), False)
        self.assertIs(puzzle.place("tea", 3, 0, "E"), True)
        self.assertIs(puzzle.place("hi", 1, 1, "E"), True)
        self.assertEqual(puzzle.rows, ["JAVA", "OHI.", "L...", "TEA."])
        self.assertEqual(puzzle.find("ava"), [(0, 1, "E"), (0, 3, "W")])
        self.assertEqual(puzzle.mark("java") + puzzle.mark("jolt") + puzzle.mark("tea"), 3)
        self.assertEqual(puzzle.leftover(), "HI.....")

    def test_word_search_2(self):
        puzzle = WordSearch(["stop", "xxox", "xxxp"])
        self.assertEqual(puzzle.find("top"), [(0, 1, "E"), (0, 1, "SE")])
        self.assertEqual(puzzle.mark("pot"), 2)
        self.assertEqual(puzzle.mark("st"), 1)
        self.assertEqual(puzzle.spell(2, 0, "E", 4), "XXXP")
        self.assertEqual(puzzle.leftover(), "XXXXXX")


if __name__ == "__main__":
    unittest.main()
