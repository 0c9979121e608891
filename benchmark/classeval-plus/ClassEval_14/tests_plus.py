"""ClassEval+ tests of ClassEval_14 (BookManagementDB).

ClassEval has one or two tests per method; these bring each method-level class to five and
add a class-level test. Each setUp opens `self.db` and a second connection, `self.cursor`,
which sees only what the class committed.
"""

import os
import sqlite3
import unittest

from solution import BookManagementDB


def _rows(cursor):
    cursor.execute("SELECT id, title, author, available FROM books ORDER BY id")
    return cursor.fetchall()


class BookManagementDBTestCreateTable(unittest.TestCase):
    def test_create_table_id_is_the_key(self):
        self.cursor.execute("PRAGMA table_info(books)")
        keys = [c[1] for c in self.cursor.fetchall() if c[5]]
        self.assertEqual(keys, ["id"])

    def test_create_table_column_types(self):
        self.cursor.execute("PRAGMA table_info(books)")
        types = [(c[1], c[2]) for c in self.cursor.fetchall()]
        self.assertEqual(
            types,
            [("id", "INTEGER"), ("title", "TEXT"), ("author", "TEXT"), ("available", "INTEGER")],
        )

    def test_create_table_twice_keeps_rows(self):
        # "if it does not already exist": a second call neither fails nor drops the rows.
        self.db.add_book("Dune", "Frank Herbert")
        self.assertIsNone(self.db.create_table())
        self.assertEqual(_rows(self.cursor), [(1, "Dune", "Frank Herbert", 1)])


class BookManagementDBTestAddBook(unittest.TestCase):
    def test_add_book_returns_none(self):
        self.assertIsNone(self.db.add_book("Dune", "Frank Herbert"))

    def test_add_book_two(self):
        self.db.add_book("Dune", "Frank Herbert")
        self.db.add_book("Emma", "Jane Austen")
        self.assertEqual(
            _rows(self.cursor), [(1, "Dune", "Frank Herbert", 1), (2, "Emma", "Jane Austen", 1)]
        )

    def test_add_book_same_title_twice(self):
        # Two copies of one book are two rows, each free to borrow.
        self.db.add_book("Dune", "Frank Herbert")
        self.db.add_book("Dune", "Frank Herbert")
        self.assertEqual(
            _rows(self.cursor),
            [(1, "Dune", "Frank Herbert", 1), (2, "Dune", "Frank Herbert", 1)],
        )

    def test_add_book_seen_by_search(self):
        self.db.add_book("Emma", "Jane Austen")
        self.assertEqual(self.db.search_books(), [(1, "Emma", "Jane Austen", 1)])


class BookManagementDBTestRemoveBook(unittest.TestCase):
    # setUp has added book 1, "Book to Remove".
    def test_remove_book_keeps_others(self):
        self.db.add_book("Dune", "Frank Herbert")
        self.db.remove_book(1)
        self.assertEqual(_rows(self.cursor), [(2, "Dune", "Frank Herbert", 1)])

    def test_remove_book_unknown_id(self):
        self.assertIsNone(self.db.remove_book(7))
        self.assertEqual(_rows(self.cursor), [(1, "Book to Remove", "John Doe", 1)])

    def test_remove_book_twice(self):
        self.db.remove_book(1)
        self.db.remove_book(1)
        self.assertEqual(_rows(self.cursor), [])

    def test_remove_book_borrowed(self):
        self.db.borrow_book(1)
        self.db.remove_book(1)
        self.assertEqual(self.db.search_books(), [])


class BookManagementDBTestBorrowBook(unittest.TestCase):
    # setUp has added book 1, "Book to Borrow".
    def test_borrow_book_only_that_one(self):
        self.db.add_book("Dune", "Frank Herbert")
        self.db.borrow_book(2)
        self.assertEqual(
            _rows(self.cursor),
            [(1, "Book to Borrow", "Jane Smith", 1), (2, "Dune", "Frank Herbert", 0)],
        )

    def test_borrow_book_returns_none(self):
        self.assertIsNone(self.db.borrow_book(1))

    def test_borrow_book_twice(self):
        self.db.borrow_book(1)
        self.db.borrow_book(1)
        self.assertEqual(_rows(self.cursor), [(1, "Book to Borrow", "Jane Smith", 0)])

    def test_borrow_book_unknown_id(self):
        self.db.borrow_book(9)
        self.assertEqual(_rows(self.cursor), [(1, "Book to Borrow", "Jane Smith", 1)])


class BookManagementDBTestReturnBook(unittest.TestCase):
    # setUp has added book 1, "Book to Return", and borrowed it.
    def test_return_book_only_that_one(self):
        self.db.add_book("Dune", "Frank Herbert")
        self.db.borrow_book(2)
        self.db.return_book(2)
        self.assertEqual(
            _rows(self.cursor),
            [(1, "Book to Return", "James Smith", 0), (2, "Dune", "Frank Herbert", 1)],
        )

    def test_return_book_returns_none(self):
        self.assertIsNone(self.db.return_book(1))

    def test_return_book_not_borrowed(self):
        self.db.return_book(1)
        self.db.return_book(1)
        self.assertEqual(_rows(self.cursor), [(1, "Book to Return", "James Smith", 1)])

    def test_return_book_unknown_id(self):
        self.db.return_book(5)
        self.assertEqual(_rows(self.cursor), [(1, "Book to Return", "James Smith", 0)])


class BookManagementDBTestSearchBooks(unittest.TestCase):
    # setUp has added "Book 1" .. "Book 3" by "Author 1" .. "Author 3".
    def test_search_books_all_fields(self):
        self.assertEqual(
            self.db.search_books(),
            [
                (1, "Book 1", "Author 1", 1),
                (2, "Book 2", "Author 2", 1),
                (3, "Book 3", "Author 3", 1),
            ],
        )

    def test_search_books_after_borrow(self):
        self.db.borrow_book(2)
        self.assertEqual([b[3] for b in self.db.search_books()], [1, 0, 1])

    def test_search_books_after_remove(self):
        self.db.remove_book(1)
        self.assertEqual([b[0] for b in self.db.search_books()], [2, 3])

    def test_search_books_empty(self):
        for book_id in (1, 2, 3):
            self.db.remove_book(book_id)
        self.assertEqual(self.db.search_books(), [])


class BookManagementDBTest(unittest.TestCase):
    def setUp(self):
        self.db_name = "test.db"
        self.db = BookManagementDB(self.db_name)

    def tearDown(self):
        self.db.connection.close()
        os.remove(self.db_name)

    def test_book_management_db(self):
        # Class-level test: a lending day, then the same file opened again.
        self.db.create_table()
        self.db.add_book("Dune", "Frank Herbert")
        self.db.add_book("Emma", "Jane Austen")
        self.db.borrow_book(1)
        self.assertEqual(
            self.db.search_books(), [(1, "Dune", "Frank Herbert", 0), (2, "Emma", "Jane Austen", 1)]
        )
        self.db.return_book(1)
        self.db.remove_book(2)
        self.db.connection.close()
        self.db = BookManagementDB(self.db_name)
        self.assertEqual(self.db.search_books(), [(1, "Dune", "Frank Herbert", 1)])
        reader = sqlite3.connect(self.db_name)
        try:
            self.assertEqual(_rows(reader.cursor()), [(1, "Dune", "Frank Herbert", 1)])
        finally:
            reader.close()
