import unittest

from solution import PrintSelection


def selection_of(page_count, spec):
    selection = PrintSelection(page_count)
    selection.select(spec)
    return selection


class PrintSelectionTestParseItem(unittest.TestCase):
    def test_parse_item_1(self):
        selection = PrintSelection(10)
        self.assertEqual(selection.parse_item("4"), [4])
        self.assertEqual(selection.parse_item(" 2-5 "), [2, 3, 4, 5])
        self.assertEqual(selection.parse_item("8-"), [8, 9, 10])
        self.assertEqual(selection.parse_item("-2"), [1, 2])

    def test_parse_item_2(self):
        selection = PrintSelection(10)
        self.assertEqual(selection.parse_item("1"), [1])
        self.assertEqual(selection.parse_item("10"), [10])
        self.assertEqual(selection.parse_item("1-10"), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
        self.assertEqual(selection.parse_item("10-"), [10])
        self.assertEqual(selection.parse_item("-1"), [1])
        self.assertEqual(selection.parse_item("3-3"), [3])

    def test_parse_item_3(self):
        selection = PrintSelection(10)
        for item in [
            "",
            " ",
            "-",
            "0",
            "11",
            "0-3",
            "5-11",
            "5-3",
            "1 - 3",
            "1-3-5",
            "a",
            "1.5",
            "+2",
            "\u0663",
            "2,3",
            "--3",
            "3--",
            "-0",
            "0-",
            "-11",
        ]:
            with self.assertRaises(ValueError):
                selection.parse_item(item)
        self.assertEqual(selection.pages, [])

    def test_parse_item_4(self):
        selection = PrintSelection(10)
        self.assertEqual(selection.parse_item("007"), [7])
        self.assertEqual(selection.parse_item("01-02"), [1, 2])
        self.assertEqual(selection.parse_item("  09-  "), [9, 10])

    def test_parse_item_5(self):
        selection = selection_of(1, "1")
        self.assertEqual(selection.parse_item("1-"), [1])
        self.assertEqual(selection.parse_item("-1"), [1])
        with self.assertRaises(ValueError):
            selection.parse_item("2")
        self.assertEqual(selection.pages, [1])
        self.assertEqual(selection.page_count, 1)


class PrintSelectionTestSelect(unittest.TestCase):
    def test_select_1(self):
        selection = PrintSelection(10)
        self.assertEqual(selection.select("9-, 1-3,2"), 5)
        self.assertEqual(selection.pages, [1, 2, 3, 9, 10])

    def test_select_2(self):
        selection = selection_of(10, "1-5")
        self.assertEqual(selection.select("7"), 1)
        self.assertEqual(selection.pages, [7])

    def test_select_3(self):
        selection = selection_of(10, "2-3")
        for spec in ["", "1,,3", "1,", ",1", "1;3", "4-2", "11", "1, x"]:
            with self.assertRaises(ValueError):
                selection.select(spec)
        self.assertEqual(selection.pages, [2, 3])

    def test_select_4(self):
        selection = PrintSelection(3)
        self.assertEqual(selection.select("1-,2"), 3)
        self.assertEqual(selection.pages, [1, 2, 3])
        self.assertEqual(selection.page_count, 3)

    def test_select_5(self):
        selection = PrintSelection(8)
        self.assertEqual(selection.select("5, 3-6,1-4"), 6)
        self.assertEqual(selection.pages, [1, 2, 3, 4, 5, 6])


class PrintSelectionTestAdd(unittest.TestCase):
    def test_add_1(self):
        selection = selection_of(10, "1-3")
        self.assertEqual(selection.add("3-5"), 2)
        self.assertEqual(selection.pages, [1, 2, 3, 4, 5])

    def test_add_2(self):
        selection = PrintSelection(10)
        self.assertEqual(selection.add("4,2"), 2)
        self.assertEqual(selection.pages, [2, 4])

    def test_add_3(self):
        selection = selection_of(10, "2-6")
        self.assertEqual(selection.add("3,5-6"), 0)
        self.assertEqual(selection.pages, [2, 3, 4, 5, 6])

    def test_add_4(self):
        selection = selection_of(10, "1-2")
        for spec in ["1,x", "", "9,11", "3,"]:
            with self.assertRaises(ValueError):
                selection.add(spec)
        self.assertEqual(selection.pages, [1, 2])

    def test_add_5(self):
        selection = PrintSelection(10)
        self.assertEqual(selection.add("1-2"), 2)
        self.assertEqual(selection.add("9-"), 2)
        self.assertEqual(selection.add("-3"), 1)
        self.assertEqual(selection.pages, [1, 2, 3, 9, 10])


class PrintSelectionTestCompress(unittest.TestCase):
    def test_compress_1(self):
        self.assertEqual(PrintSelection(10).compress([9, 1, 2, 3, 3, 5, 6]), "1-3,5-6,9")

    def test_compress_2(self):
        selection = PrintSelection(10)
        self.assertEqual(selection.compress([]), "")
        self.assertEqual(selection.compress([4]), "4")
        self.assertEqual(selection.compress([4, 4]), "4")

    def test_compress_3(self):
        selection = PrintSelection(10)
        self.assertEqual(selection.compress([1, 3, 5]), "1,3,5")
        self.assertEqual(selection.compress([2, 3]), "2-3")
        self.assertEqual(selection.compress([1, 2, 4, 5]), "1-2,4-5")

    def test_compress_4(self):
        selection = PrintSelection(2)
        self.assertEqual(selection.compress([50, 51, 52, 60]), "50-52,60")
        self.assertEqual(selection.pages, [])
        self.assertEqual(selection.page_count, 2)

    def test_compress_5(self):
        selection = selection_of(10, "4")
        self.assertEqual(selection.compress([10, 9, 8, 1, 2]), "1-2,8-10")
        self.assertEqual(selection.compress([5, 4, 3, 2, 1]), "1-5")
        self.assertEqual(selection.pages, [4])


class PrintSelectionTestSplit(unittest.TestCase):
    def test_split_1(self):
        selection = selection_of(10, "1-4,8-10")
        self.assertEqual(selection.split(3), ["1-3", "4,8-9", "10"])

    def test_split_2(self):
        selection = PrintSelection(10)
        self.assertEqual(selection.split(2), [])
        self.assertEqual(selection.split(1), [])

    def test_split_3(self):
        for max_pages in [0, -1]:
            with self.assertRaises(ValueError):
                PrintSelection(5).split(max_pages)
            with self.assertRaises(ValueError):
                selection_of(5, "1-2").split(max_pages)

    def test_split_4(self):
        selection = selection_of(10, "2-4")
        self.assertEqual(selection.split(3), ["2-4"])
        self.assertEqual(selection.split(10), ["2-4"])
        self.assertEqual(selection.split(1), ["2", "3", "4"])
        self.assertEqual(selection.pages, [2, 3, 4])

    def test_split_5(self):
        selection = selection_of(10, "1,3,5,7,9")
        self.assertEqual(selection.split(2), ["1,3", "5,7", "9"])


class PrintSelectionTestContains(unittest.TestCase):
    def test_contains_1(self):
        selection = selection_of(10, "2-4")
        self.assertIs(selection.contains(4), True)
        self.assertIs(selection.contains(5), False)

    def test_contains_2(self):
        selection = PrintSelection(10)
        self.assertIs(selection.contains(1), False)
        self.assertIs(selection.contains(0), False)

    def test_contains_3(self):
        selection = selection_of(10, "1-")
        for page in [0, -1, 11]:
            self.assertIs(selection.contains(page), False)
        self.assertIs(selection.contains(10), True)
        self.assertIs(selection.contains(1), True)

    def test_contains_4(self):
        selection = selection_of(10, "1,3")
        self.assertIs(selection.contains(2), False)
        self.assertIs(selection.contains(3), True)
        self.assertIs(selection.contains(4), False)

    def test_contains_5(self):
        selection = PrintSelection(10)
        selection.add("5")
        self.assertIs(selection.contains(5), True)
        self.assertIs(selection.contains(6), False)
        self.assertEqual(selection.pages, [5])


class PrintSelectionTest(unittest.TestCase):
    def test_print_selection_1(self):
        selection = PrintSelection(12)
        self.assertEqual(selection.select("1-3, 10-"), 6)
        self.assertEqual(selection.add("5,4"), 2)
        self.assertEqual(selection.compress(selection.pages), "1-5,10-12")
        self.assertEqual(selection.split(4), ["1-4", "5,10-12"])
        self.assertIs(selection.contains(11), True)
        self.assertIs(selection.contains(6), False)

    def test_print_selection_2(self):
        selection = PrintSelection(12)
        self.assertEqual(selection.select("2-6"), 5)
        with self.assertRaises(ValueError):
            selection.add("7,13")
        with self.assertRaises(ValueError):
            selection.select("6-2")
        self.assertEqual(selection.pages, [2, 3, 4, 5, 6])
        self.assertEqual(selection.split(5), ["2-6"])
        self.assertIs(selection.contains(7), False)

    def test_print_selection_3(self):
        selection = PrintSelection(1)
        self.assertEqual(selection.parse_item("1-"), [1])
        self.assertEqual(selection.select("-1,1"), 1)
        self.assertEqual(selection.split(1), ["1"])
        self.assertEqual(selection.compress(selection.pages), "1")
        self.assertIs(selection.contains(1), True)
        self.assertEqual(selection.add("1"), 0)

    def test_print_selection_4(self):
        selection = selection_of(20, "20,1,2,3,7-9,8")
        self.assertEqual(selection.compress(selection.pages), "1-3,7-9,20")
        again = PrintSelection(20)
        self.assertEqual(again.select(selection.compress(selection.pages)), 7)
        self.assertEqual(again.pages, selection.pages)
        jobs = selection.split(2)
        self.assertEqual(jobs, ["1-2", "3,7", "8-9", "20"])
        rebuilt = PrintSelection(20)
        self.assertEqual([rebuilt.add(job) for job in jobs], [2, 2, 2, 1])
        self.assertEqual(rebuilt.pages, selection.pages)
        self.assertEqual(rebuilt.parse_item(jobs[1].split(",")[1]), [7])
