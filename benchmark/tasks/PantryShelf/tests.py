import json
import os
import tempfile
import unittest

from solution import PantryShelf


def shelf_of(*batches):
    shelf = PantryShelf()
    for batch in batches:
        shelf.stock(*batch)
    return shelf


def write(path, text):
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


def read(path):
    with open(path, encoding="utf-8") as file:
        return json.load(file)


class PantryShelfTestCount(unittest.TestCase):
    def test_count_1(self):
        shelf = PantryShelf()
        shelf.batches = {"rice": [["2027-01-10", 2], ["2027-03-01", 5]]}
        self.assertEqual(shelf.count("rice"), 7)
        self.assertEqual(shelf.count("oats"), 0)

    def test_count_2(self):
        shelf = PantryShelf()
        self.assertEqual(shelf.count("rice"), 0)
        self.assertEqual(shelf.batches, {})

    def test_count_3(self):
        shelf = shelf_of(
            ("rice", 3, "2027-01-10"), ("oats", 4, "2027-02-01"), ("rice", 1, "2027-05-01")
        )
        self.assertEqual(shelf.count("rice"), 4)
        self.assertEqual(shelf.count("oats"), 4)

    def test_count_4(self):
        shelf = shelf_of(("rice", 3, "2027-01-10"), ("rice", 6, "2027-05-01"))
        shelf.take("rice", 4)
        self.assertEqual(shelf.count("rice"), 5)

    def test_count_5(self):
        shelf = shelf_of(("rice", 3, "2027-01-10"))
        self.assertEqual(shelf.count("Rice"), 0)
        self.assertEqual(shelf.count(""), 0)
        self.assertEqual(shelf.batches, {"rice": [["2027-01-10", 3]]})


class PantryShelfTestStock(unittest.TestCase):
    def test_stock_1(self):
        shelf = PantryShelf()
        self.assertEqual(shelf.stock("rice", 5, "2027-03-01"), 5)
        self.assertEqual(shelf.stock("rice", 2, "2027-01-10"), 7)
        self.assertEqual(shelf.stock("rice", 1, "2027-03-01"), 8)
        self.assertEqual(shelf.batches, {"rice": [["2027-01-10", 2], ["2027-03-01", 6]]})

    def test_stock_2(self):
        shelf = shelf_of(("rice", 2, "2027-01-10"))
        bad = [
            ("", 1, "2027-01-01"),
            ("rice", 0, "2027-01-01"),
            ("rice", -3, "2027-01-01"),
            ("rice", 1, "2027-1-01"),
            ("rice", 1, "27-01-01"),
            ("rice", 1, "2027/01/01"),
            ("rice", 1, "20270101"),
            ("rice", 1, "2027-13-01"),
            ("rice", 1, "2027-02-30"),
            ("rice", 1, "2027-00-10"),
            ("rice", 1, ""),
            ("rice", 1, " 2027-01-01"),
            ("rice", 1, "2027-01-01T00:00"),
            ("rice", 1, "\u0662\u0660\u0662\u0667-\u0660\u0661-\u0660\u0661"),
            ("oats", 0, "2027-01-01"),
            ("oats", 1, "2027-02-29"),
        ]
        for batch in bad:
            with self.assertRaises(ValueError):
                shelf.stock(*batch)
        self.assertEqual(shelf.batches, {"rice": [["2027-01-10", 2]]})

    def test_stock_3(self):
        shelf = PantryShelf()
        self.assertEqual(shelf.stock("flour", 1, "2028-02-29"), 1)
        self.assertEqual(shelf.batches, {"flour": [["2028-02-29", 1]]})

    def test_stock_4(self):
        shelf = PantryShelf()
        self.assertEqual(shelf.stock("beans", 1, "2027-05-01"), 1)
        self.assertEqual(shelf.stock("beans", 1, "2026-12-31"), 2)
        self.assertEqual(shelf.stock("beans", 1, "2027-01-15"), 3)
        self.assertEqual(shelf.stock("salt", 9, "2030-01-01"), 9)
        self.assertEqual(
            shelf.batches,
            {
                "beans": [["2026-12-31", 1], ["2027-01-15", 1], ["2027-05-01", 1]],
                "salt": [["2030-01-01", 9]],
            },
        )

    def test_stock_5(self):
        shelf = PantryShelf()
        self.assertEqual(shelf.stock("tea", 3, "2027-06-01"), 3)
        self.assertEqual(shelf.stock("tea", 4, "2027-06-01"), 7)
        self.assertEqual(shelf.batches, {"tea": [["2027-06-01", 7]]})


class PantryShelfTestTake(unittest.TestCase):
    def test_take_1(self):
        shelf = shelf_of(("rice", 5, "2027-03-01"), ("rice", 2, "2027-01-10"))
        self.assertEqual(shelf.take("rice", 4), [("2027-01-10", 2), ("2027-03-01", 2)])
        self.assertEqual(shelf.batches, {"rice": [["2027-03-01", 3]]})

    def test_take_2(self):
        shelf = shelf_of(("rice", 2, "2027-01-10"), ("rice", 3, "2027-03-01"))
        self.assertEqual(shelf.take("rice", 5), [("2027-01-10", 2), ("2027-03-01", 3)])
        self.assertEqual(shelf.batches, {})
        self.assertEqual(shelf.count("rice"), 0)

    def test_take_3(self):
        shelf = shelf_of(("rice", 2, "2027-01-10"), ("rice", 5, "2027-03-01"))
        for item, units in [("rice", 0), ("rice", -1), ("rice", 8), ("oats", 1), ("Rice", 1)]:
            with self.assertRaises(ValueError):
                shelf.take(item, units)
        self.assertEqual(shelf.batches, {"rice": [["2027-01-10", 2], ["2027-03-01", 5]]})

    def test_take_4(self):
        shelf = shelf_of(("rice", 2, "2027-01-10"), ("rice", 5, "2027-03-01"))
        self.assertEqual(shelf.take("rice", 1), [("2027-01-10", 1)])
        self.assertEqual(shelf.batches, {"rice": [["2027-01-10", 1], ["2027-03-01", 5]]})

    def test_take_5(self):
        shelf = shelf_of(
            ("rice", 2, "2027-01-10"), ("rice", 5, "2027-03-01"), ("oats", 1, "2026-12-20")
        )
        self.assertEqual(shelf.take("rice", 2), [("2027-01-10", 2)])
        self.assertEqual(shelf.batches, {"rice": [["2027-03-01", 5]], "oats": [["2026-12-20", 1]]})
        self.assertEqual(shelf.take("oats", 1), [("2026-12-20", 1)])
        self.assertEqual(shelf.batches, {"rice": [["2027-03-01", 5]]})


class PantryShelfTestExpired(unittest.TestCase):
    def test_expired_1(self):
        shelf = shelf_of(
            ("milk", 2, "2026-12-04"), ("milk", 1, "2026-12-05"), ("eggs", 6, "2026-12-01")
        )
        found = shelf.expired("2026-12-05")
        self.assertEqual(found, {"eggs": 6, "milk": 2})
        self.assertEqual(list(found), ["eggs", "milk"])

    def test_expired_2(self):
        self.assertEqual(PantryShelf().expired("2026-12-05"), {})

    def test_expired_3(self):
        shelf = shelf_of(("milk", 1, "2026-12-05"))
        self.assertEqual(shelf.expired("2026-12-05"), {})
        self.assertEqual(shelf.expired("2026-12-06"), {"milk": 1})
        self.assertEqual(shelf.batches, {"milk": [["2026-12-05", 1]]})

    def test_expired_4(self):
        shelf = shelf_of(("milk", 1, "2026-12-05"))
        for today in [
            "2026-12-5",
            "20261205",
            "tomorrow",
            "2026-13-01",
            "2026-11-31",
            "",
            "2026-12-05 ",
        ]:
            with self.assertRaises(ValueError):
                shelf.expired(today)
        self.assertEqual(shelf.batches, {"milk": [["2026-12-05", 1]]})

    def test_expired_5(self):
        shelf = shelf_of(
            ("rice", 2, "2026-11-01"),
            ("rice", 3, "2026-11-20"),
            ("rice", 4, "2027-01-01"),
            ("jam", 1, "2026-12-31"),
        )
        self.assertEqual(shelf.expired("2026-12-01"), {"rice": 5})
        self.assertEqual(shelf.expired("2027-01-01"), {"jam": 1, "rice": 5})
        self.assertEqual(shelf.expired("2027-01-02"), {"jam": 1, "rice": 9})


class PantryShelfTestDiscardExpired(unittest.TestCase):
    def test_discard_expired_1(self):
        shelf = shelf_of(
            ("milk", 2, "2026-12-04"), ("milk", 1, "2026-12-05"), ("eggs", 6, "2026-12-01")
        )
        self.assertEqual(shelf.discard_expired("2026-12-05"), 8)
        self.assertEqual(shelf.batches, {"milk": [["2026-12-05", 1]]})

    def test_discard_expired_2(self):
        shelf = shelf_of(("milk", 1, "2026-12-05"))
        self.assertEqual(shelf.discard_expired("2026-12-05"), 0)
        self.assertEqual(shelf.batches, {"milk": [["2026-12-05", 1]]})
        self.assertEqual(PantryShelf().discard_expired("2026-12-05"), 0)

    def test_discard_expired_3(self):
        shelf = shelf_of(("milk", 1, "2026-12-01"))
        for today in ["2026-12-5", "20261206", "2026-02-30"]:
            with self.assertRaises(ValueError):
                shelf.discard_expired(today)
        self.assertEqual(shelf.batches, {"milk": [["2026-12-01", 1]]})

    def test_discard_expired_4(self):
        shelf = shelf_of(
            ("rice", 2, "2026-11-01"),
            ("rice", 3, "2026-11-20"),
            ("rice", 4, "2027-01-01"),
            ("jam", 1, "2026-12-31"),
        )
        self.assertEqual(shelf.discard_expired("2027-01-01"), 6)
        self.assertEqual(shelf.batches, {"rice": [["2027-01-01", 4]]})

    def test_discard_expired_5(self):
        shelf = shelf_of(("jam", 1, "2026-12-31"), ("tea", 5, "2027-06-01"))
        self.assertEqual(shelf.discard_expired("2027-01-01"), 1)
        self.assertEqual(shelf.discard_expired("2027-01-01"), 0)
        self.assertEqual(shelf.expired("2027-01-01"), {})
        self.assertEqual(shelf.batches, {"tea": [["2027-06-01", 5]]})


class PantryShelfTestSave(unittest.TestCase):
    def test_save_1(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "pantry.json")
            shelf = shelf_of(("rice", 5, "2027-03-01"))
            self.assertEqual(shelf.save(path), 1)
            self.assertEqual(read(path), {"rice": [["2027-03-01", 5]]})

    def test_save_2(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "empty.json")
            self.assertEqual(PantryShelf().save(path), 0)
            self.assertEqual(read(path), {})

    def test_save_3(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "pantry.json")
            write(path, "not json at all, and longer than what save writes" * 3)
            shelf = shelf_of(("tea", 2, "2027-06-01"))
            self.assertEqual(shelf.save(path), 1)
            self.assertEqual(read(path), {"tea": [["2027-06-01", 2]]})

    def test_save_4(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "pantry.json")
            shelf = shelf_of(
                ("rice", 2, "2027-01-10"), ("rice", 5, "2027-03-01"), ("oats", 1, "2026-12-20")
            )
            self.assertEqual(shelf.save(path), 2)
            expected = {"rice": [["2027-01-10", 2], ["2027-03-01", 5]], "oats": [["2026-12-20", 1]]}
            self.assertEqual(read(path), expected)
            self.assertEqual(shelf.batches, expected)

    def test_save_5(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "pantry.json")
            shelf = shelf_of(("rice", 2, "2027-01-10"), ("oats", 1, "2026-12-20"))
            shelf.save(path)
            shelf.take("rice", 2)
            self.assertEqual(shelf.save(path), 1)
            self.assertEqual(read(path), {"oats": [["2026-12-20", 1]]})


class PantryShelfTestLoad(unittest.TestCase):
    def test_load_1(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "pantry.json")
            write(path, '{"oats": [["2027-05-01", 1], ["2027-02-01", 3], ["2027-05-01", 2]]}')
            shelf = PantryShelf()
            self.assertEqual(shelf.load(path), 1)
            self.assertEqual(shelf.batches, {"oats": [["2027-02-01", 3], ["2027-05-01", 3]]})

    def test_load_2(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "pantry.json")
            write(path, '{"oats": [["2027-02-01", 3]], "tea": [["2027-06-01", 1]]}')
            shelf = shelf_of(("rice", 2, "2027-01-10"), ("oats", 4, "2027-02-01"))
            self.assertEqual(shelf.load(path), 2)
            self.assertEqual(
                shelf.batches, {"oats": [["2027-02-01", 3]], "tea": [["2027-06-01", 1]]}
            )

    def test_load_3(self):
        with tempfile.TemporaryDirectory() as folder:
            shelf = shelf_of(("rice", 2, "2027-01-10"))
            with self.assertRaises(FileNotFoundError):
                shelf.load(os.path.join(folder, "missing.json"))
            self.assertEqual(shelf.batches, {"rice": [["2027-01-10", 2]]})

    def test_load_4(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "pantry.json")
            shelf = shelf_of(("rice", 2, "2027-01-10"))
            for text in [
                "not json",
                "",
                "[1, 2]",
                '"oats"',
                '{"oats": 5}',
                '{"oats": [["2027-01-01", 0]]}',
                '{"oats": [["2027-13-01", 1]]}',
                '{"oats": [["2027-01-01", "3"]]}',
                '{"": [["2027-01-01", 1]]}',
                '{"oats": [["2027-01-01", 1, 2]]}',
                '{"oats": [["2027-01-01"]]}',
                '{"oats": [["2027-01-01", 1]], "tea": [["soon", 1]]}',
            ]:
                write(path, text)
                with self.assertRaises(ValueError):
                    shelf.load(path)
                self.assertEqual(shelf.batches, {"rice": [["2027-01-10", 2]]})

    def test_load_5(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "pantry.json")
            write(path, "{}")
            shelf = shelf_of(("rice", 2, "2027-01-10"))
            self.assertEqual(shelf.load(path), 0)
            self.assertEqual(shelf.batches, {})
            write(path, '{"oats": [], "tea": [["2027-06-01", 1]]}')
            self.assertEqual(shelf.load(path), 1)
            self.assertEqual(shelf.batches, {"tea": [["2027-06-01", 1]]})


class PantryShelfTest(unittest.TestCase):
    def test_week_in_the_kitchen(self):
        shelf = PantryShelf()
        self.assertEqual(shelf.stock("milk", 2, "2026-12-07"), 2)
        self.assertEqual(shelf.stock("milk", 2, "2026-12-03"), 4)
        self.assertEqual(shelf.stock("eggs", 10, "2026-12-20"), 10)
        self.assertEqual(shelf.take("milk", 3), [("2026-12-03", 2), ("2026-12-07", 1)])
        self.assertEqual(shelf.count("milk"), 1)
        self.assertEqual(shelf.expired("2026-12-08"), {"milk": 1})
        self.assertEqual(shelf.discard_expired("2026-12-08"), 1)
        self.assertEqual(shelf.count("milk"), 0)
        self.assertEqual(shelf.batches, {"eggs": [["2026-12-20", 10]]})

    def test_saved_and_loaded_elsewhere(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "pantry.json")
            home = shelf_of(
                ("flour", 1, "2027-04-01"), ("flour", 2, "2027-02-01"), ("salt", 1, "2030-01-01")
            )
            self.assertEqual(home.save(path), 2)
            cabin = PantryShelf()
            self.assertEqual(cabin.load(path), 2)
            self.assertEqual(cabin.batches, home.batches)
            self.assertEqual(cabin.take("flour", 2), [("2027-02-01", 2)])
            self.assertEqual(cabin.count("flour"), 1)
            self.assertEqual(home.count("flour"), 3)

    def test_load_then_stock_merges(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "pantry.json")
            write(path, '{"rice": [["2027-03-01", 4]]}')
            shelf = PantryShelf()
            self.assertEqual(shelf.load(path), 1)
            self.assertEqual(shelf.stock("rice", 1, "2027-03-01"), 5)
            self.assertEqual(shelf.stock("rice", 2, "2027-01-01"), 7)
            self.assertEqual(shelf.take("rice", 3), [("2027-01-01", 2), ("2027-03-01", 1)])
            self.assertEqual(shelf.save(path), 1)
            self.assertEqual(read(path), {"rice": [["2027-03-01", 4]]})

    def test_refused_load_keeps_stock_usable(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "pantry.json")
            shelf = shelf_of(("jam", 2, "2026-12-01"), ("jam", 1, "2027-01-01"))
            write(path, '{"jam": [["2027-01-01", -1]]}')
            with self.assertRaises(ValueError):
                shelf.load(path)
            self.assertEqual(shelf.discard_expired("2026-12-05"), 2)
            self.assertEqual(shelf.take("jam", 1), [("2027-01-01", 1)])
            self.assertEqual(shelf.expired("2027-06-01"), {})
            self.assertEqual(shelf.save(path), 0)
            self.assertEqual(read(path), {})

    def test_taking_more_than_is_left(self):
        shelf = shelf_of(("oats", 3, "2026-12-10"), ("oats", 3, "2026-12-20"))
        self.assertEqual(shelf.discard_expired("2026-12-15"), 3)
        with self.assertRaises(ValueError):
            shelf.take("oats", 4)
        self.assertEqual(shelf.take("oats", 3), [("2026-12-20", 3)])
        with self.assertRaises(ValueError):
            shelf.take("oats", 1)
        self.assertEqual(shelf.count("oats"), 0)
