"""ClassEval+ tests of ClassEval_60 (MovieTicketDB)."""

import os
import sqlite3
import tempfile
import unittest

from solution import MovieTicketDB


def _query(path, sql):
    # A second connection sees only what the class committed to the database file.
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


class MovieTicketDBTestCreateTable(unittest.TestCase):
    # ClassEval has no tests of create_table; the constructor calls it.
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.folder.name, "tickets.db")
        self.db = MovieTicketDB(self.path)

    def tearDown(self):
        self.db.connection.close()
        self.folder.cleanup()

    def test_create_table_exists(self):
        self.assertIsNone(self.db.create_table())
        tables = _query(self.path, "SELECT name FROM sqlite_master WHERE type='table'")
        self.assertEqual(tables, [("tickets",)])

    def test_create_table_columns(self):
        self.db.create_table()
        columns = [(c[1], c[2]) for c in _query(self.path, "PRAGMA table_info(tickets)")]
        expected = [
            ("id", "INTEGER"),
            ("movie_name", "TEXT"),
            ("theater_name", "TEXT"),
            ("seat_number", "TEXT"),
            ("customer_name", "TEXT"),
        ]
        self.assertEqual(columns, expected)

    def test_create_table_id_is_the_key(self):
        self.db.create_table()
        keys = [c[1] for c in _query(self.path, "PRAGMA table_info(tickets)") if c[5]]
        self.assertEqual(keys, ["id"])

    def test_create_table_starts_empty(self):
        self.db.create_table()
        self.assertEqual(_query(self.path, "SELECT * FROM tickets"), [])

    def test_create_table_twice_keeps_rows(self):
        # "if it does not exist already": a second call neither fails nor drops the rows.
        self.db.insert_ticket("Up", "Cinema 2", "B4", "Ann")
        self.db.create_table()
        rows = _query(
            self.path, "SELECT movie_name, theater_name, seat_number, customer_name FROM tickets"
        )
        self.assertEqual(rows, [("Up", "Cinema 2", "B4", "Ann")])


class MovieTicketDBTestInsertTicket(unittest.TestCase):
    def test_insert_ticket_stored(self):
        # Guards insert_ticket line 46 `self.connection.commit()` -> `pass`: the ticket is
        # in the database file, not only in this connection's open transaction.
        self.db.insert_ticket("Up", "Cinema 2", "B4", "Ann")
        rows = _query(
            self.db_name, "SELECT movie_name, theater_name, seat_number, customer_name FROM tickets"
        )
        self.assertEqual(rows, [("Up", "Cinema 2", "B4", "Ann")])


class MovieTicketDBTestDeleteTicket(unittest.TestCase):
    def test_delete_ticket_stored(self):
        # Guards delete_ticket line 74 `self.connection.commit()` -> `pass`: the deletion
        # reaches the database file; the other ticket stays.
        self.db.insert_ticket("Up", "Cinema 2", "B4", "Ann")
        self.db.insert_ticket("Heat", "Cinema 1", "C2", "Bob")
        ann = self.db.search_tickets_by_customer("Ann")[0][0]
        self.db.delete_ticket(ann)
        rows = _query(self.db_name, "SELECT customer_name FROM tickets")
        self.assertEqual(rows, [("Bob",)])
        self.assertEqual(self.db.search_tickets_by_customer("Ann"), [])


class MovieTicketDBTest(unittest.TestCase):
    def test_MovieTicketDB_reopened(self):
        # Class-level test with create_table: tickets survive a new object on the same file,
        # whose constructor creates the table only if it is missing.
        self.db.insert_ticket("Up", "Cinema 2", "B4", "Ann")
        self.db.insert_ticket("Heat", "Cinema 1", "C2", "Ann")
        self.db.connection.close()
        self.db = MovieTicketDB(self.db_name)
        self.db.create_table()
        tickets = self.db.search_tickets_by_customer("Ann")
        self.assertEqual(
            [t[1:] for t in tickets],
            [("Up", "Cinema 2", "B4", "Ann"), ("Heat", "Cinema 1", "C2", "Ann")],
        )
        self.db.delete_ticket(tickets[0][0])
        self.assertEqual([t[1] for t in self.db.search_tickets_by_customer("Ann")], ["Heat"])
