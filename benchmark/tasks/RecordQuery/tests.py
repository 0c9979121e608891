import unittest

from solution import RecordQuery


def collection(*records):
    query = RecordQuery()
    for record in records:
        query.add(record)
    return query


class RecordQueryTestTokenize(unittest.TestCase):
    def test_tokenize_1(self):
        expected = [("keyword", "not"), ("paren", "("), ("field", "n"), ("operator", ">="), ("number", "-2"),
                    ("paren", ")"), ("keyword", "or"), ("field", "s"), ("operator", "="), ("string", 'a"b')]
        self.assertEqual(RecordQuery().tokenize('not(n>=-2)or s="a\\"b"'), expected)

    def test_tokenize_2(self):
        tokens = RecordQuery().tokenize("x_1 != 10 and\ty<3 or\nz > 0 and w <= 1 and v >= 2 and u = _")
        self.assertEqual(
            tokens,
            [("field", "x_1"), ("operator", "!="), ("number", "10"), ("keyword", "and"), ("field", "y"),
             ("operator", "<"), ("number", "3"), ("keyword", "or"), ("field", "z"), ("operator", ">"),
             ("number", "0"), ("keyword", "and"), ("field", "w"), ("operator", "<="), ("number", "1"),
             ("keyword", "and"), ("field", "v"), ("operator", ">="), ("number", "2"), ("keyword", "and"),
             ("field", "u"), ("operator", "="), ("field", "_")],
        )

    def test_tokenize_3(self):
        query = RecordQuery()
        self.assertEqual(query.tokenize('"a\\\\b"'), [("string", "a\\b")])
        self.assertEqual(query.tokenize('""'), [("string", "")])
        self.assertEqual(query.tokenize('"x\\ny" "p q"'), [("string", "xny"), ("string", "p q")])

    def test_tokenize_4(self):
        query = RecordQuery()
        for text in ["$", 'a = "open', "a = 1.5", "\u00e9 = 1", "a\r", "a = 'x'", "a !"]:
            with self.assertRaises(ValueError):
                query.tokenize(text)

    def test_tokenize_5(self):
        query = RecordQuery()
        self.assertEqual(query.tokenize(""), [])
        self.assertEqual(query.tokenize(" \t\n "), [])
        self.assertEqual(query.tokenize("  a  "), [("field", "a")])
        self.assertEqual(query.tokenize("a==1"), [("field", "a"), ("operator", "="), ("operator", "="), ("number", "1")])

    def test_tokenize_6(self):
        tokens = RecordQuery().tokenize("AND andy true False nots")
        self.assertEqual(
            tokens, [("field", "AND"), ("field", "andy"), ("keyword", "true"), ("field", "False"), ("field", "nots")]
        )


class RecordQueryTestParse(unittest.TestCase):
    def test_parse_1(self):
        expected = ("or", ("and", ("field", "a"), ("not", ("field", "b"))), ("compare", "c", "=", True))
        self.assertEqual(RecordQuery().parse("a and not b or c = true"), expected)

    def test_parse_2(self):
        expected = ("or", ("field", "a"), ("and", ("field", "b"), ("field", "c")))
        self.assertEqual(RecordQuery().parse("a or b and c"), expected)

    def test_parse_3(self):
        query = RecordQuery()
        self.assertEqual(query.parse("a and b and c"), ("and", ("and", ("field", "a"), ("field", "b")), ("field", "c")))
        self.assertEqual(query.parse("a or b or c"), ("or", ("or", ("field", "a"), ("field", "b")), ("field", "c")))

    def test_parse_4(self):
        expected = ("and", ("not", ("not", ("or", ("field", "a"), ("field", "b")))), ("field", "c"))
        self.assertEqual(RecordQuery().parse("not not (a or b) and c"), expected)
        self.assertEqual(RecordQuery().parse("((a))"), ("field", "a"))

    def test_parse_5(self):
        query = RecordQuery()
        self.assertEqual(query.parse("n = -5"), ("compare", "n", "=", -5))
        self.assertEqual(query.parse('s <= "hi"'), ("compare", "s", "<=", "hi"))
        tree = query.parse("f != false")
        self.assertEqual(tree, ("compare", "f", "!=", False))
        self.assertIs(tree[3], False)
        self.assertIs(query.parse("t = true")[3], True)
        self.assertIs(type(query.parse("n > 0")[3]), int)

    def test_parse_6(self):
        query = RecordQuery()
        bad = ["", "a and", "(a", "a)", "a = ", "= 1", "a = b", "a b", "and = 1", "not", "a = 1 2", "()",
               "a = and", "true", "5", "a or or b", "a = (1)", "a == 1"]
        for text in bad:
            with self.assertRaises(ValueError):
                query.parse(text)


class RecordQueryTestMatches(unittest.TestCase):
    def test_matches_1(self):
        query = RecordQuery()
        self.assertIs(query.matches('age >= 30 and city != "Oslo"', {"age": 41, "city": "Bergen"}), True)
        self.assertIs(query.matches("age > 30", {"age": "41"}), False)
        self.assertIs(query.matches("not active", {}), True)

    def test_matches_2(self):
        query = RecordQuery()
        self.assertIs(query.matches("a", {"a": 0}), False)
        self.assertIs(query.matches("a", {"a": "x"}), True)
        self.assertIs(query.matches("a", {"a": []}), False)
        self.assertIs(query.matches("a", {"b": 1}), False)
        self.assertIs(query.matches("not a", {"a": 3}), False)

    def test_matches_3(self):
        query = RecordQuery()
        self.assertIs(query.matches("n = 1", {"n": True}), False)
        self.assertIs(query.matches("b = true", {"b": 1}), False)
        self.assertIs(query.matches("n = 1", {"n": 1.0}), False)
        self.assertIs(query.matches("n != 1", {"n": "1"}), False)
        self.assertIs(query.matches("n != 1", {"m": 2}), False)

    def test_matches_4(self):
        query = RecordQuery()
        record = {"n": 5}
        expected = {"n = 5": True, "n != 5": False, "n < 6": True, "n < 5": False, "n <= 5": True, "n <= 4": False,
                    "n > 4": True, "n > 5": False, "n >= 5": True, "n >= 6": False, "n != 4": True, "n = 4": False}
        for text, result in expected.items():
            self.assertIs(query.matches(text, record), result, text)

    def test_matches_5(self):
        query = RecordQuery()
        self.assertIs(query.matches('name < "bob"', {"name": "ann"}), True)
        self.assertIs(query.matches('name < "bob"', {"name": "bob"}), False)
        self.assertIs(query.matches('name <= "bob"', {"name": "bob"}), True)
        self.assertIs(query.matches('name >= "b"', {"name": "bob"}), True)
        self.assertIs(query.matches('q = "say \\"hi\\""', {"q": 'say "hi"'}), True)

    def test_matches_6(self):
        query = RecordQuery()
        self.assertIs(query.matches("active = true", {"active": True}), True)
        self.assertIs(query.matches("active != false", {"active": False}), False)
        self.assertIs(query.matches("not (n > 3)", {}), True)
        self.assertIs(query.matches("a or b", {"b": 1}), True)
        self.assertIs(query.matches("a and b", {"a": 1}), False)

    def test_matches_7(self):
        query = RecordQuery()
        with self.assertRaises(ValueError):
            query.matches("a and", {"a": 1})
        with self.assertRaises(ValueError):
            query.matches("a = #", {"a": 1})


class RecordQueryTestAdd(unittest.TestCase):
    def test_add_1(self):
        query = RecordQuery()
        self.assertEqual(query.add({"name": "ann"}), 1)
        self.assertEqual(query.add({"name": "bob"}), 2)
        self.assertEqual(query.records, [{"name": "ann"}, {"name": "bob"}])

    def test_add_2(self):
        query = RecordQuery()
        self.assertEqual(query.add({}), 1)
        self.assertEqual(query.records, [{}])

    def test_add_3(self):
        query = collection({"a": 1})
        self.assertEqual(query.add({"a": 1}), 2)
        self.assertEqual(query.records, [{"a": 1}, {"a": 1}])

    def test_add_4(self):
        query = collection({"a": 1})
        query.select("a")
        self.assertEqual(query.add({"a": 2}), 2)
        self.assertEqual(query.select("a > 1"), [{"a": 2}])

    def test_add_5(self):
        record = {"a": 1}
        query = RecordQuery()
        query.add(record)
        self.assertIs(query.records[0], record)


class RecordQueryTestSelect(unittest.TestCase):
    def test_select_1(self):
        query = collection({"age": 25}, {"age": 35}, {"age": 45})
        self.assertEqual(query.select("age > 30 and not age = 45"), [{"age": 35}])

    def test_select_2(self):
        self.assertEqual(RecordQuery().select("a = 1"), [])

    def test_select_3(self):
        with self.assertRaises(ValueError):
            RecordQuery().select("a = ")
        with self.assertRaises(ValueError):
            collection({"a": 1}).select("(a")

    def test_select_4(self):
        query = collection({"n": 3}, {"n": 1}, {"n": 2}, {"m": 9})
        self.assertEqual(query.select("n >= 2 or m"), [{"n": 3}, {"n": 2}, {"m": 9}])

    def test_select_5(self):
        query = collection({"n": 3}, {"n": 1})
        self.assertEqual(query.select("n > 5"), [])
        self.assertEqual(query.records, [{"n": 3}, {"n": 1}])

    def test_select_6(self):
        people = [
            {"age": 41, "city": "Oslo", "active": True},
            {"age": 30, "city": "Bergen", "active": False},
            {"age": 30, "city": "Bergen", "active": True},
            {"age": 29, "city": "Oslo", "active": False},
        ]
        query = collection(*people)
        self.assertEqual(query.select('age >= 30 and (city = "Oslo" or not active)'), [people[0], people[1]])


class RecordQueryTest(unittest.TestCase):
    def test_record_query_1(self):
        query = RecordQuery()
        self.assertEqual(query.add({"title": "Dune", "year": 1965, "read": True}), 1)
        self.assertEqual(query.add({"title": "Emma", "year": 1815, "read": False}), 2)
        self.assertEqual(query.add({"title": "Ulysses", "year": 1922}), 3)
        text = 'year < 1950 and not read or title = "Dune"'
        self.assertEqual(query.parse(text)[0], "or")
        self.assertEqual([r["title"] for r in query.select(text)], ["Dune", "Emma", "Ulysses"])
        self.assertEqual([r["title"] for r in query.select("read = false")], ["Emma"])
        self.assertIs(query.matches("read", query.records[2]), False)

    def test_record_query_2(self):
        query = RecordQuery()
        self.assertEqual(len(query.tokenize('tag = "a b" and n > -1')), 7)
        query.add({"tag": "a b", "n": 0})
        query.add({"tag": "a b", "n": -1})
        self.assertEqual(query.select('tag = "a b" and n > -1'), [{"tag": "a b", "n": 0}])
        self.assertEqual(query.select('not (tag = "a b")'), [])


if __name__ == "__main__":
    unittest.main()
