import json
import os
import tempfile
import unittest

from solution import JournalStore


def make_folder(test):
    folder = tempfile.TemporaryDirectory()
    test.addCleanup(folder.cleanup)
    return folder.name


def journal_lines(folder, name="store.jsonl"):
    with open(os.path.join(folder, name), encoding="utf-8") as handle:
        return [json.loads(line) for line in handle.read().splitlines()]


def write_journal(folder, text, name="store.jsonl"):
    with open(os.path.join(folder, name), "w", encoding="utf-8") as handle:
        handle.write(text)


def set_line(key, value):
    return json.dumps({"op": "set", "key": key, "value": value}) + "\n"


def del_line(key):
    return json.dumps({"op": "del", "key": key}) + "\n"


class JournalStoreTestPut(unittest.TestCase):
    def setUp(self):
        self.folder = make_folder(self)

    def test_put_1(self):
        store = JournalStore(self.folder)
        self.assertEqual(store.put("colour", "red"), 1)
        self.assertEqual(store.data, {"colour": "red"})
        self.assertEqual(journal_lines(self.folder), [{"op": "set", "key": "colour", "value": "red"}])

    def test_put_2(self):
        store = JournalStore(self.folder)
        self.assertEqual(store.put("a", 1), 1)
        self.assertEqual(store.put("a", 2), 2)
        self.assertEqual(store.data, {"a": 2})
        self.assertEqual(store.records, 2)
        self.assertEqual([line["value"] for line in journal_lines(self.folder)], [1, 2])

    def test_put_3(self):
        store = JournalStore(self.folder, "other.log")
        values = [None, True, 1.5, [1, "x"], {"nested": {"k": [None]}}, "ünïcode"]
        for number, value in enumerate(values, start=1):
            self.assertEqual(store.put(f"k{number}", value), number)
        self.assertEqual([line["value"] for line in journal_lines(self.folder, "other.log")], values)
        self.assertFalse(os.path.exists(os.path.join(self.folder, "store.jsonl")))

    def test_put_4(self):
        store = JournalStore(self.folder)
        with self.assertRaises(ValueError):
            store.put("", 1)
        self.assertEqual(store.data, {})
        self.assertEqual(store.records, 0)
        self.assertFalse(os.path.exists(os.path.join(self.folder, "store.jsonl")))

    def test_put_5(self):
        write_journal(self.folder, set_line("old", 1))
        store = JournalStore(self.folder)
        store.records = 1
        self.assertEqual(store.put("new", 2), 2)
        self.assertEqual([line["key"] for line in journal_lines(self.folder)], ["old", "new"])
        self.assertEqual(store.data, {"new": 2})


class JournalStoreTestDelete(unittest.TestCase):
    def setUp(self):
        self.folder = make_folder(self)

    def test_delete_1(self):
        store = JournalStore(self.folder)
        store.put("colour", "red")
        self.assertIs(store.delete("colour"), True)
        self.assertEqual(store.data, {})
        self.assertEqual(store.records, 2)
        self.assertEqual(journal_lines(self.folder)[1], {"op": "del", "key": "colour"})

    def test_delete_2(self):
        store = JournalStore(self.folder)
        self.assertIs(store.delete("colour"), False)
        self.assertFalse(os.path.exists(os.path.join(self.folder, "store.jsonl")))
        self.assertEqual(store.records, 0)

    def test_delete_3(self):
        store = JournalStore(self.folder)
        store.put("a", 1)
        self.assertIs(store.delete("a"), True)
        self.assertIs(store.delete("a"), False)
        self.assertEqual(len(journal_lines(self.folder)), 2)

    def test_delete_4(self):
        store = JournalStore(self.folder)
        store.put("a", None)
        self.assertIs(store.delete("a"), True)
        self.assertEqual(store.data, {})

    def test_delete_5(self):
        store = JournalStore(self.folder)
        store.put("a", 1)
        store.put("b", 2)
        self.assertIs(store.delete("a"), True)
        self.assertEqual(store.data, {"b": 2})
        self.assertEqual(store.records, 3)


class JournalStoreTestGet(unittest.TestCase):
    def test_get_1(self):
        store = JournalStore(make_folder(self))
        store.data = {"size": 3}
        self.assertEqual(store.get("size"), 3)

    def test_get_2(self):
        store = JournalStore(make_folder(self))
        self.assertIsNone(store.get("colour"))

    def test_get_3(self):
        store = JournalStore(make_folder(self))
        self.assertEqual(store.get("colour", "none"), "none")
        self.assertEqual(store.get("colour", 0), 0)

    def test_get_4(self):
        store = JournalStore(make_folder(self))
        store.data = {"empty": None, "zero": 0}
        self.assertIsNone(store.get("empty", "fallback"))
        self.assertEqual(store.get("zero", 5), 0)

    def test_get_5(self):
        folder = make_folder(self)
        store = JournalStore(folder)
        store.put("list", [1, 2])
        self.assertEqual(store.get("list"), [1, 2])
        store.delete("list")
        self.assertEqual(store.get("list", []), [])


class JournalStoreTestLoad(unittest.TestCase):
    def setUp(self):
        self.folder = make_folder(self)

    def test_load_1(self):
        store = JournalStore(self.folder)
        store.data, store.records = {"stale": 1}, 4
        self.assertEqual(store.load(), 0)
        self.assertEqual(store.data, {})
        self.assertEqual(store.records, 0)

    def test_load_2(self):
        write_journal(self.folder, set_line("a", 1) + set_line("b", 2) + del_line("a") + set_line("b", 3))
        store = JournalStore(self.folder)
        self.assertEqual(store.load(), 1)
        self.assertEqual(store.data, {"b": 3})
        self.assertEqual(store.records, 4)
        self.assertEqual(len(journal_lines(self.folder)), 4)

    def test_load_3(self):
        text = set_line("a", 1) + '{"op": "set", "key": "b"'
        write_journal(self.folder, text)
        store = JournalStore(self.folder)
        self.assertEqual(store.load(), 1)
        self.assertEqual(store.data, {"a": 1})
        self.assertEqual(store.records, 1)
        self.assertEqual(os.path.getsize(os.path.join(self.folder, "store.jsonl")), len(set_line("a", 1)))

    def test_load_7(self):
        write_journal(self.folder, '{"op": "set"')
        store = JournalStore(self.folder)
        self.assertEqual(store.load(), 0)
        self.assertEqual(store.records, 0)
        self.assertEqual(os.path.getsize(os.path.join(self.folder, "store.jsonl")), 0)
        text = set_line("a", 1) + set_line("bb", 22)
        write_journal(self.folder, text + "tail")
        self.assertEqual(store.load(), 2)
        self.assertEqual(os.path.getsize(os.path.join(self.folder, "store.jsonl")), len(text))

    def test_load_4(self):
        write_journal(self.folder, set_line("a", 1) + set_line("b", 2).rstrip("\n"))
        store = JournalStore(self.folder)
        self.assertEqual(store.load(), 1)
        self.assertEqual(store.put("c", 3), 2)
        self.assertEqual([line["key"] for line in journal_lines(self.folder)], ["a", "c"])

    def test_load_5(self):
        bad_lines = [
            "not json\n",
            "[1, 2]\n",
            '{"op": "set", "value": 1}\n',
            '{"op": "set", "key": 5, "value": 1}\n',
            '{"op": "set", "key": "a"}\n',
            '{"op": "put", "key": "a", "value": 1}\n',
            "\n",
        ]
        store = JournalStore(self.folder)
        store.data, store.records = {"keep": 1}, 1
        for bad in bad_lines:
            text = set_line("a", 1) + bad + set_line("b", 2) + "torn"
            write_journal(self.folder, text)
            with self.assertRaises(ValueError):
                store.load()
            self.assertEqual(store.data, {"keep": 1})
            self.assertEqual(store.records, 1)
            with open(os.path.join(self.folder, "store.jsonl"), encoding="utf-8") as handle:
                self.assertEqual(handle.read(), text)

    def test_load_6(self):
        write_journal(self.folder, del_line("never") + set_line("x", {"a": [1]}))
        store = JournalStore(self.folder)
        self.assertEqual(store.load(), 1)
        self.assertEqual(store.get("x"), {"a": [1]})
        self.assertEqual(store.records, 2)


class JournalStoreTestCompact(unittest.TestCase):
    def setUp(self):
        self.folder = make_folder(self)

    def test_compact_1(self):
        store = JournalStore(self.folder)
        for value in [1, 2, 3]:
            store.put("counter", value)
        self.assertEqual(store.compact(), 2)
        self.assertEqual(store.records, 1)
        self.assertEqual(store.data, {"counter": 3})
        self.assertEqual(journal_lines(self.folder), [{"op": "set", "key": "counter", "value": 3}])

    def test_compact_2(self):
        write_journal(self.folder, set_line("b", 2) + set_line("a", 1) + set_line("c", 0) + del_line("c"))
        store = JournalStore(self.folder)
        self.assertEqual(store.compact(), 2)
        self.assertEqual(
            journal_lines(self.folder),
            [{"op": "set", "key": "a", "value": 1}, {"op": "set", "key": "b", "value": 2}],
        )
        self.assertEqual(sorted(os.listdir(self.folder)), ["store.jsonl"])

    def test_compact_3(self):
        store = JournalStore(self.folder)
        self.assertEqual(store.compact(), 0)
        self.assertEqual(journal_lines(self.folder), [])
        self.assertEqual(store.records, 0)

    def test_compact_4(self):
        store = JournalStore(self.folder)
        store.put("a", 1)
        store.delete("a")
        self.assertEqual(store.compact(), 2)
        self.assertEqual(journal_lines(self.folder), [])
        self.assertEqual(store.data, {})

    def test_compact_5(self):
        write_journal(self.folder, set_line("a", 1) + "garbage\n")
        store = JournalStore(self.folder)
        with self.assertRaises(ValueError):
            store.compact()
        with open(os.path.join(self.folder, "store.jsonl"), encoding="utf-8") as handle:
            self.assertEqual(handle.read(), set_line("a", 1) + "garbage\n")

    def test_compact_6(self):
        write_journal(self.folder, set_line("a", 1) + set_line("a", 2) + "torn")
        store = JournalStore(self.folder)
        self.assertEqual(store.compact(), 1)
        self.assertEqual(journal_lines(self.folder), [{"op": "set", "key": "a", "value": 2}])
        self.assertEqual(store.put("b", 1), 2)


class JournalStoreTestHistory(unittest.TestCase):
    def setUp(self):
        self.folder = make_folder(self)

    def test_history_1(self):
        self.assertEqual(JournalStore(self.folder).history("a"), [])

    def test_history_2(self):
        store = JournalStore(self.folder)
        store.put("a", 1)
        store.put("b", 2)
        store.delete("a")
        store.put("a", [3])
        self.assertEqual(store.history("a"), [1, None, [3]])
        self.assertEqual(store.history("b"), [2])

    def test_history_3(self):
        store = JournalStore(self.folder)
        store.put("a", 1)
        self.assertEqual(store.history("z"), [])

    def test_history_4(self):
        write_journal(self.folder, set_line("a", 1) + set_line("a", 2) + '{"op": "set", "key": "a", "va')
        self.assertEqual(JournalStore(self.folder).history("a"), [1, 2])

    def test_history_5(self):
        store = JournalStore(self.folder)
        for value in ["x", "y", None]:
            store.put("k", value)
        store.compact()
        self.assertEqual(store.history("k"), [None])
        self.assertEqual(store.data, {"k": None})


class JournalStoreTest(unittest.TestCase):
    def test_journal_store_1(self):
        folder = make_folder(self)
        store = JournalStore(folder)
        self.assertEqual(store.put("user:1", {"name": "Ann"}), 1)
        self.assertEqual(store.put("user:2", {"name": "Bo"}), 2)
        self.assertEqual(store.put("user:1", {"name": "Ann B."}), 3)
        self.assertIs(store.delete("user:2"), True)
        self.assertEqual(store.get("user:1"), {"name": "Ann B."})
        reopened = JournalStore(folder)
        self.assertEqual(reopened.load(), 1)
        self.assertEqual(reopened.records, 4)
        self.assertEqual(reopened.history("user:1"), [{"name": "Ann"}, {"name": "Ann B."}])
        self.assertEqual(reopened.compact(), 3)
        self.assertEqual(reopened.history("user:2"), [])
        self.assertIsNone(reopened.get("user:2"))

    def test_journal_store_2(self):
        folder = make_folder(self)
        write_journal(folder, set_line("a", 1) + '{"op": "del", "ke')
        store = JournalStore(folder)
        self.assertEqual(store.load(), 1)
        self.assertIs(store.delete("a"), True)
        self.assertEqual(store.put("b", 2), 3)
        self.assertEqual(store.history("a"), [1, None])
        self.assertEqual(store.compact(), 2)
        self.assertEqual(store.get("b"), 2)
        self.assertEqual(JournalStore(folder).load(), 1)


if __name__ == "__main__":
    unittest.main()
