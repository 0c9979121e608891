"""ClassEval+ tests of ClassEval_80 (SQLQueryBuilder)."""

import unittest

from solution import SQLQueryBuilder


class SQLQueryBuilderTestSelect(unittest.TestCase):
    def test_select_all_columns_by_default(self):
        # Guards mutant select line 6 default `'*'` -> `''`.
        self.assertEqual(SQLQueryBuilder.select("users"), "SELECT * FROM users")

    def test_select_two_conditions(self):
        # Guards mutant select line 20 `' AND '` -> `''`.
        query = SQLQueryBuilder.select("users", ["name"], {"age": 30, "city": "Oslo"})
        self.assertEqual(query, "SELECT name FROM users WHERE age='30' AND city='Oslo'")


class SQLQueryBuilderTestDetele(unittest.TestCase):
    def test_delete_two_conditions(self):
        # Guards mutant delete line 49 `' AND '` -> `''`.
        query = SQLQueryBuilder.delete("users", {"age": 30, "city": "Oslo"})
        self.assertEqual(query, "DELETE FROM users WHERE age='30' AND city='Oslo'")


class SQLQueryBuilderTestUpdate(unittest.TestCase):
    def test_update_two_columns_two_conditions(self):
        # Guards mutants update line 62 `', '` -> `''` and line 65 `' AND '` -> `''`.
        query = SQLQueryBuilder.update("users", {"a": 1, "b": 2}, {"c": 3, "d": 4})
        self.assertEqual(query, "UPDATE users SET a='1', b='2' WHERE c='3' AND d='4'")
