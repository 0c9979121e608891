"""ClassEval+ tests of ClassEval_13 (BookManagement)."""

import unittest

from solution import BookManagement


class BookManagementTestViewInventory(unittest.TestCase):
    # The published tests of view_inventory read the `inventory` field and never call the
    # method; each replacement keeps its scenario and asks view_inventory() as well.
    def test_view_inventory_1(self):
        bookManagement = BookManagement()
        bookManagement.add_book("book1", 2)
        bookManagement.add_book("book2")
        expected = {"book1": 2, "book2": 1}
        self.assertEqual(expected, bookManagement.view_inventory())
        self.assertEqual(expected, bookManagement.inventory)

    def test_view_inventory_2(self):
        bookManagement = BookManagement()
        expected = {}
        self.assertEqual(expected, bookManagement.view_inventory())
        self.assertEqual(expected, bookManagement.inventory)

    def test_view_inventory_3(self):
        bookManagement = BookManagement()
        bookManagement.add_book("book1", 2)
        bookManagement.add_book("book2")
        bookManagement.add_book("book1", 3)
        expected = {"book1": 5, "book2": 1}
        self.assertEqual(expected, bookManagement.view_inventory())
        self.assertEqual(expected, bookManagement.inventory)

    def test_view_inventory_4(self):
        bookManagement = BookManagement()
        bookManagement.add_book("book1", 2)
        bookManagement.add_book("book2")
        bookManagement.remove_book("book1", 2)
        expected = {"book2": 1}
        self.assertEqual(expected, bookManagement.view_inventory())
        self.assertEqual(expected, bookManagement.inventory)

    def test_view_inventory_5(self):
        bookManagement = BookManagement()
        bookManagement.add_book("book1", 2)
        bookManagement.add_book("book2", 1)
        bookManagement.remove_book("book1", 2)
        bookManagement.remove_book("book2", 1)
        expected = {}
        self.assertEqual(expected, bookManagement.view_inventory())
        self.assertEqual(expected, bookManagement.inventory)


class BookManagementTestAddBook(unittest.TestCase):
    def test_add_book_2(self):
        # The published test read the empty inventory of a new object; this one adds a
        # quantity to a title already there.
        bookManagement = BookManagement()
        bookManagement.add_book("book1", 2)
        bookManagement.add_book("book1")
        self.assertEqual({"book1": 3}, bookManagement.inventory)
