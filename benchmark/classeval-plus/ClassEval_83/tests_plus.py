"""ClassEval+ tests of ClassEval_83 (StudentDatabaseProcessor)."""

import os
import sqlite3
import tempfile
import unittest

from solution import StudentDatabaseProcessor


def _query(path, sql):
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


class StudentDatabaseProcessorTestCreateStudentTable(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.folder.name, "students.db")
        self.processor = StudentDatabaseProcessor(self.path)

    def tearDown(self):
        self.folder.cleanup()

    def test_create_student_table_exists(self):
        self.assertIsNone(self.processor.create_student_table())
        tables = _query(self.path, "SELECT name FROM sqlite_master WHERE type='table'")
        self.assertEqual(tables, [("students",)])

    def test_create_student_table_columns(self):
        self.processor.create_student_table()
        columns = [(c[1], c[2]) for c in _query(self.path, "PRAGMA table_info(students)")]
        expected = [
            ("id", "INTEGER"),
            ("name", "TEXT"),
            ("age", "INTEGER"),
            ("gender", "TEXT"),
            ("grade", "INTEGER"),
        ]
        self.assertEqual(columns, expected)

    def test_create_student_table_id_is_the_key(self):
        self.processor.create_student_table()
        keys = [c[1] for c in _query(self.path, "PRAGMA table_info(students)") if c[5]]
        self.assertEqual(keys, ["id"])

    def test_create_student_table_starts_empty(self):
        self.processor.create_student_table()
        self.assertEqual(_query(self.path, "SELECT * FROM students"), [])

    def test_create_student_table_twice_keeps_rows(self):
        # "if it does not exist already": a second call neither fails nor drops the rows.
        self.processor.create_student_table()
        self.processor.insert_student({"name": "Ann", "age": 20, "gender": "female", "grade": 9})
        self.processor.create_student_table()
        rows = _query(self.path, "SELECT name, age, gender, grade FROM students")
        self.assertEqual(rows, [("Ann", 20, "female", 9)])
