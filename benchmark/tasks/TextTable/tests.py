import unittest

from solution import TextTable


class TextTableTestFormatCell(unittest.TestCase):
    def setUp(self):
        self.table = TextTable(["a"], {})

    def test_format_cell_1(self):
        self.assertEqual(self.table.format_cell(None), "")
        self.assertEqual(self.table.rows, [])

    def test_format_cell_2(self):
        self.assertEqual(self.table.format_cell(True), "yes")
        self.assertEqual(self.table.format_cell(False), "no")

    def test_format_cell_3(self):
        self.assertEqual(self.table.format_cell(0), "0")
        self.assertEqual(self.table.format_cell(-42), "-42")

    def test_format_cell_4(self):
        self.assertEqual(self.table.format_cell(2.5), "2.50")
        self.assertEqual(self.table.format_cell(-0.004), "-0.00")
        self.assertEqual(self.table.format_cell(1.0), "1.00")
        self.assertEqual(self.table.format_cell(2.675), "2.67")

    def test_format_cell_5(self):
        self.assertEqual(self.table.format_cell("  two\n lines\t here "), "two lines here")
        self.assertEqual(self.table.format_cell(""), "")
        self.assertEqual(self.table.format_cell("x"), "x")

    def test_format_cell_6(self):
        for value in ([1], {"a": 1}, (1,), {1}):
            with self.assertRaises(ValueError):
                self.table.format_cell(value)


class TextTableTestDisplayWidth(unittest.TestCase):
    def setUp(self):
        self.table = TextTable(["a"], {})

    def test_display_width_1(self):
        self.assertEqual(self.table.display_width(""), 0)

    def test_display_width_2(self):
        self.assertEqual(self.table.display_width("hello world"), 11)

    def test_display_width_3(self):
        self.assertEqual(self.table.display_width("東京"), 4)
        self.assertEqual(self.table.display_width("ＡＢ"), 4)

    def test_display_width_4(self):
        self.assertEqual(self.table.display_width("e\u0301"), 1)
        self.assertEqual(self.table.display_width("\u0301\u0301"), 0)
        self.assertEqual(self.table.display_width("e\u0301xy"), 3)

    def test_display_width_5(self):
        self.assertEqual(self.table.display_width("a東b"), 4)
        self.assertEqual(self.table.display_width("…"), 1)
        self.assertEqual(self.table.display_width("한국어"), 6)


class TextTableTestFit(unittest.TestCase):
    def test_fit_1(self):
        table = TextTable(["a"], {}, max_width=5)
        self.assertEqual(table.fit("abcde"), "abcde")
        self.assertEqual(table.fit(""), "")

    def test_fit_2(self):
        table = TextTable(["a"], {}, max_width=5)
        self.assertEqual(table.fit("abcdef"), "abcd…")

    def test_fit_3(self):
        table = TextTable(["a"], {}, max_width=5)
        self.assertEqual(table.fit("東京都庁"), "東京…")
        self.assertEqual(table.fit("a東京都"), "a東…")

    def test_fit_4(self):
        table = TextTable(["a"], {}, max_width=2)
        self.assertEqual(table.fit("abc"), "a…")
        self.assertEqual(table.fit("東"), "東")
        self.assertEqual(table.fit("東京"), "…")

    def test_fit_5(self):
        table = TextTable(["a"], {})
        self.assertEqual(table.fit("a" * 12), "a" * 12)
        self.assertEqual(table.fit("a" * 13), "a" * 11 + "…")
        self.assertEqual(table.max_width, 12)

    def test_fit_6(self):
        table = TextTable(["a"], {}, max_width=3)
        self.assertEqual(table.fit("e\u0301e\u0301e\u0301"), "e\u0301e\u0301e\u0301")
        self.assertEqual(table.fit("abcd"), "ab…")


class TextTableTestAddRow(unittest.TestCase):
    def test_add_row_1(self):
        table = TextTable(["name", "score"], {})
        self.assertEqual(table.add_row(["Ann", 9.5]), 1)
        self.assertEqual(table.rows, [["Ann", "9.50"]])

    def test_add_row_2(self):
        table = TextTable(["name", "ok", "n"], {})
        self.assertEqual(table.add_row(["Bob", False, None]), 1)
        self.assertEqual(table.add_row([" Eve\n", True, 3]), 2)
        self.assertEqual(table.rows, [["Bob", "no", ""], ["Eve", "yes", "3"]])

    def test_add_row_3(self):
        table = TextTable(["name", "score"], {})
        with self.assertRaises(ValueError):
            table.add_row(["Ann"])
        with self.assertRaises(ValueError):
            table.add_row(["Ann", 1, 2])
        self.assertEqual(table.rows, [])

    def test_add_row_4(self):
        table = TextTable(["name", "score"], {}, max_width=3)
        self.assertEqual(table.add_row(["Alexandra", 100]), 1)
        self.assertEqual(table.rows, [["Alexandra", "100"]])

    def test_add_row_5(self):
        table = TextTable(["name", "score"], {})
        with self.assertRaises(ValueError):
            table.add_row(["Ann", [1, 2]])
        self.assertEqual(table.rows, [])

    def test_add_row_6(self):
        table = TextTable([], {})
        self.assertEqual(table.add_row([]), 1)
        self.assertEqual(table.add_row([]), 2)
        self.assertEqual(table.rows, [[], []])


class TextTableTestSortBy(unittest.TestCase):
    def setUp(self):
        self.table = TextTable(["item", "qty"], {})
        self.table.rows = [["10", "a"], ["9", "b"], ["apple", "c"], ["Banana", "d"], ["-1.5", "e"]]

    def test_sort_by_1(self):
        self.assertEqual(self.table.sort_by("item"), ["-1.5", "9", "10", "apple", "Banana"])
        self.assertEqual([row[1] for row in self.table.rows], ["e", "b", "a", "c", "d"])

    def test_sort_by_2(self):
        self.assertEqual(self.table.sort_by("item", True), ["Banana", "apple", "10", "9", "-1.5"])

    def test_sort_by_3(self):
        self.assertEqual(self.table.sort_by("qty", descending=True), ["e", "d", "c", "b", "a"])
        self.assertEqual(self.table.rows[0], ["-1.5", "e"])

    def test_sort_by_4(self):
        with self.assertRaises(ValueError):
            self.table.sort_by("price")
        self.assertEqual(self.table.rows[0], ["10", "a"])

    def test_sort_by_5(self):
        table = TextTable(["k", "v"], {})
        table.rows = [["b", "1"], ["B", "2"], ["", "3"], ["1.", "4"], ["0.5", "5"], ["b", "6"]]
        self.assertEqual(table.sort_by("k"), ["0.5", "", "1.", "b", "B", "b"])
        self.assertEqual([row[1] for row in table.rows], ["5", "3", "4", "1", "2", "6"])

    def test_sort_by_6(self):
        table = TextTable(["k", "v"], {})
        table.rows = [["2", "x"], ["2", "y"], ["1", "z"]]
        self.assertEqual(table.sort_by("k", True), ["2", "2", "1"])
        self.assertEqual([row[1] for row in table.rows], ["x", "y", "z"])

    def test_sort_by_7(self):
        table = TextTable(["k"], {})
        self.assertEqual(table.sort_by("k"), [])


class TextTableTestRender(unittest.TestCase):
    def test_render_1(self):
        table = TextTable(["name", "qty"], {"qty": "right"})
        table.rows = [["pear", "12"]]
        self.assertEqual(table.render(), "name | qty\n-----+----\npear |  12")

    def test_render_2(self):
        table = TextTable(["id", "fruit"], {"fruit": "center"})
        table.rows = [["1", "fig"], ["22", "kiwi"]]
        self.assertEqual(table.render(), "id | fruit\n---+------\n1  |  fig \n22 | kiwi ")

    def test_render_3(self):
        table = TextTable(["x"], {})
        self.assertEqual(table.render(), "x\n-")

    def test_render_4(self):
        table = TextTable(["city", "n"], {"n": "right"}, max_width=4)
        table.rows = [["東京都庁", "12345"], ["Rome", "7"]]
        self.assertEqual(table.render(), "city |    n\n-----+-----\n東…  | 123…\nRome |    7")

    def test_render_5(self):
        table = TextTable(["a"], {"a": "middle"})
        with self.assertRaises(ValueError):
            table.render()

    def test_render_6(self):
        table = TextTable(["long header", "b"], {"long header": "center", "b": "left"})
        table.rows = [["x", "yy"], ["", ""]]
        self.assertEqual(
            table.render(),
            "long header | b \n------------+---\n     x      | yy\n            |   ",
        )
        self.assertEqual(table.rows, [["x", "yy"], ["", ""]])


class TextTableTest(unittest.TestCase):
    def test_text_table_1(self):
        table = TextTable(["player", "score", "active"], {"score": "right", "active": "center"}, max_width=8)
        self.assertEqual(table.add_row(["Ann", 12.5, True]), 1)
        self.assertEqual(table.add_row(["Maximilian\nII", 9, False]), 2)
        self.assertEqual(table.add_row(["李小龍", None, None]), 3)
        self.assertEqual(table.format_cell(3.14159), "3.14")
        self.assertEqual(table.display_width(table.rows[2][0]), 6)
        self.assertEqual(table.fit(table.rows[1][0]), "Maximil…")
        self.assertEqual(table.sort_by("score", descending=True), ["", "12.50", "9"])
        self.assertEqual(
            table.render(),
            "player   | score | active\n"
            "---------+-------+-------\n"
            "李小龍   |       |       \n"
            "Ann      | 12.50 |  yes  \n"
            "Maximil… |     9 |   no  ",
        )

    def test_text_table_2(self):
        table = TextTable(["word", "count"], {"count": "right"})
        for word, count in [("the", 10), ("Zebra", 2), ("apple", 2)]:
            table.add_row([word, count])
        self.assertEqual(table.sort_by("word"), ["apple", "the", "Zebra"])
        self.assertEqual(table.sort_by("count"), ["2", "2", "10"])
        self.assertEqual([row[0] for row in table.rows], ["apple", "Zebra", "the"])
        self.assertEqual(table.render().splitlines()[2], "apple |     2")
        self.assertEqual(table.fit("x" * 20), "x" * 11 + "…")
        self.assertEqual(table.display_width(table.render().splitlines()[1]), 13)
        self.assertEqual(table.format_cell(False), "no")


if __name__ == "__main__":
    unittest.main()
