import os
import sqlite3
import tempfile
import unittest

from solution import NoteTagIndex


def new_index(test, initialise=True):
    folder = tempfile.TemporaryDirectory()
    test.addCleanup(folder.cleanup)
    index = NoteTagIndex(os.path.join(folder.name, "notes.db"))
    if initialise:
        index.initialise()
    return index


def rows(index, query):
    connection = sqlite3.connect(index.path)
    try:
        return connection.execute(query).fetchall()
    finally:
        connection.close()


class NoteTagIndexTestInitialise(unittest.TestCase):
    def test_initialise_1(self):
        index = new_index(self, initialise=False)
        self.assertEqual(index.initialise(), 0)
        tables = {name for (name,) in rows(index, "SELECT name FROM sqlite_master WHERE type = 'table'")}
        self.assertEqual(tables, {"notes", "tags"})

    def test_initialise_2(self):
        index = new_index(self, initialise=False)
        index.initialise()
        index.add_note("a", "", [])
        self.assertEqual(index.initialise(), 1)
        self.assertEqual(rows(index, "SELECT id, title FROM notes"), [(1, "a")])

    def test_initialise_3(self):
        index = new_index(self, initialise=False)
        self.assertEqual(index.initialise(), 0)
        self.assertEqual(index.initialise(), 0)
        self.assertEqual(index.notes_added, 0)

    def test_initialise_4(self):
        index = new_index(self)
        index.add_note("a", "", ["x"])
        index.add_note("b", "", ["x"])
        other = NoteTagIndex(index.path)
        self.assertEqual(other.initialise(), 2)
        self.assertEqual(other.notes_added, 0)

    def test_initialise_5(self):
        index = new_index(self, initialise=False)
        self.assertFalse(os.path.exists(index.path))
        index.initialise()
        self.assertTrue(os.path.exists(index.path))
        columns = [row[1] for row in rows(index, "PRAGMA table_info(tags)")]
        self.assertEqual(columns, ["note_id", "tag"])


class NoteTagIndexTestNormalizeTag(unittest.TestCase):
    def setUp(self):
        self.index = NoteTagIndex("never-created.db")

    def test_normalize_tag_1(self):
        self.assertEqual(self.index.normalize_tag("ml"), "ml")

    def test_normalize_tag_2(self):
        self.assertEqual(self.index.normalize_tag("  Machine   Learning "), "machine-learning")
        self.assertEqual(self.index.normalize_tag("To\tRead\nLater"), "to-read-later")

    def test_normalize_tag_3(self):
        self.assertEqual(self.index.normalize_tag("PY3"), "py3")
        self.assertEqual(self.index.normalize_tag("web-dev"), "web-dev")
        self.assertEqual(self.index.normalize_tag("2024"), "2024")

    def test_normalize_tag_4(self):
        for tag in ["", "   ", "c++", "-start", "end-", "a--b", "a - b", "naïve", "under_score"]:
            with self.assertRaises(ValueError):
                self.index.normalize_tag(tag)

    def test_normalize_tag_5(self):
        self.assertEqual(self.index.normalize_tag("A B-C"), "a-b-c")
        self.assertFalse(os.path.exists("never-created.db"))
        self.assertEqual(self.index.notes_added, 0)


class NoteTagIndexTestAddNote(unittest.TestCase):
    def test_add_note_1(self):
        index = new_index(self)
        self.assertEqual(index.add_note("Paper", "to read", ["ML"]), 1)
        self.assertEqual(rows(index, "SELECT * FROM notes"), [(1, "Paper", "to read")])
        self.assertEqual(rows(index, "SELECT * FROM tags"), [(1, "ml")])
        self.assertEqual(index.notes_added, 1)

    def test_add_note_2(self):
        index = new_index(self)
        self.assertEqual(index.add_note("Paper", "", ["ML", "to read", "ml", "To  Read"]), 1)
        self.assertEqual(rows(index, "SELECT tag FROM tags ORDER BY tag"), [("ml",), ("to-read",)])

    def test_add_note_3(self):
        index = new_index(self)
        self.assertEqual(index.add_note("a", "", []), 1)
        self.assertEqual(index.add_note("b", "", []), 2)
        self.assertEqual(index.add_note("c", "", ["x"]), 3)
        self.assertEqual(index.notes_added, 3)
        self.assertEqual(rows(index, "SELECT note_id, tag FROM tags"), [(3, "x")])

    def test_add_note_4(self):
        index = new_index(self)
        with self.assertRaises(ValueError):
            index.add_note("   ", "body", ["x"])
        with self.assertRaises(ValueError):
            index.add_note("Title", "body", ["ok", "not ok!"])
        self.assertEqual(rows(index, "SELECT COUNT(*) FROM notes"), [(0,)])
        self.assertEqual(rows(index, "SELECT COUNT(*) FROM tags"), [(0,)])
        self.assertEqual(index.notes_added, 0)

    def test_add_note_5(self):
        index = new_index(self)
        other = NoteTagIndex(index.path)
        self.assertEqual(index.add_note("a", "", []), 1)
        self.assertEqual(other.add_note("b", "", []), 2)
        self.assertEqual(index.notes_added, 1)
        self.assertEqual(other.notes_added, 1)


class NoteTagIndexTestTag(unittest.TestCase):
    def test_tag_1(self):
        index = new_index(self)
        note = index.add_note("Paper", "", ["ml"])
        self.assertIs(index.tag(note, "Reading List"), True)
        self.assertEqual(rows(index, "SELECT tag FROM tags ORDER BY tag"), [("ml",), ("reading-list",)])

    def test_tag_2(self):
        index = new_index(self)
        note = index.add_note("Paper", "", ["ml"])
        self.assertIs(index.tag(note, "ML"), False)
        self.assertEqual(rows(index, "SELECT COUNT(*) FROM tags"), [(1,)])

    def test_tag_3(self):
        index = new_index(self)
        with self.assertRaises(ValueError):
            index.tag(1, "ml")
        self.assertEqual(rows(index, "SELECT COUNT(*) FROM tags"), [(0,)])

    def test_tag_4(self):
        index = new_index(self)
        note = index.add_note("Paper", "", [])
        with self.assertRaises(ValueError):
            index.tag(note, "#ml")
        self.assertEqual(rows(index, "SELECT COUNT(*) FROM tags"), [(0,)])

    def test_tag_5(self):
        index = new_index(self)
        first = index.add_note("a", "", [])
        second = index.add_note("b", "", [])
        self.assertIs(index.tag(second, "x"), True)
        self.assertIs(index.tag(first, "x"), True)
        self.assertIs(index.tag(second, "x"), False)
        self.assertEqual(rows(index, "SELECT note_id FROM tags ORDER BY note_id"), [(1,), (2,)])


class NoteTagIndexTestFind(unittest.TestCase):
    def setUp(self):
        self.index = new_index(self)
        self.index.add_note("a", "", ["ml", "paper"])
        self.index.add_note("b", "", ["ml"])
        self.index.add_note("c", "", ["paper", "draft"])
        self.index.add_note("d", "", [])

    def test_find_1(self):
        self.assertEqual(self.index.find(["ML"], []), [1, 2])

    def test_find_2(self):
        self.assertEqual(self.index.find([], ["paper", "x"]), [1, 3])

    def test_find_3(self):
        self.assertEqual(self.index.find(["ml"], ["paper"]), [1])
        self.assertEqual(self.index.find(["ml", "paper"], []), [1])

    def test_find_4(self):
        self.assertEqual(self.index.find([], []), [1, 2, 3, 4])
        self.assertEqual(self.index.find(["nothing"], []), [])
        self.assertEqual(self.index.find([], ["nothing"]), [])

    def test_find_5(self):
        with self.assertRaises(ValueError):
            self.index.find(["ok", "bad tag!"], [])
        with self.assertRaises(ValueError):
            self.index.find([], [""])

    def test_find_6(self):
        self.assertEqual(self.index.find(["paper"], ["draft", "ml"]), [1, 3])
        self.assertEqual(self.index.find(["paper", "draft"], ["ml"]), [])
        self.assertEqual(self.index.find(["Paper", "paper"], []), [1, 3])


class NoteTagIndexTestTagCounts(unittest.TestCase):
    def test_tag_counts_1(self):
        self.assertEqual(new_index(self).tag_counts(), {})

    def test_tag_counts_2(self):
        index = new_index(self)
        index.add_note("a", "", ["b", "a"])
        index.add_note("b", "", ["c", "b"])
        self.assertEqual(list(index.tag_counts().items()), [("b", 2), ("a", 1), ("c", 1)])

    def test_tag_counts_3(self):
        index = new_index(self)
        index.add_note("a", "", ["z"])
        index.add_note("b", "", ["z", "y"])
        index.add_note("c", "", ["z", "y", "x"])
        self.assertEqual(list(index.tag_counts().items()), [("z", 3), ("y", 2), ("x", 1)])

    def test_tag_counts_4(self):
        index = new_index(self)
        index.add_note("a", "", [])
        self.assertEqual(index.tag_counts(), {})
        index.tag(1, "solo")
        self.assertEqual(index.tag_counts(), {"solo": 1})

    def test_tag_counts_5(self):
        index = new_index(self)
        for title in "abc":
            index.add_note(title, "", ["q", "p"])
        self.assertEqual(list(index.tag_counts().items()), [("p", 3), ("q", 3)])


class NoteTagIndexTestRenameTag(unittest.TestCase):
    def test_rename_tag_1(self):
        index = new_index(self)
        index.add_note("a", "", ["py"])
        self.assertEqual(index.rename_tag("py", "python"), 1)
        self.assertEqual(index.tag_counts(), {"python": 1})

    def test_rename_tag_2(self):
        index = new_index(self)
        index.add_note("a", "", ["py"])
        index.add_note("b", "", ["py", "python"])
        self.assertEqual(index.rename_tag("py", "Python"), 2)
        self.assertEqual(rows(index, "SELECT note_id, tag FROM tags ORDER BY note_id"), [(1, "python"), (2, "python")])

    def test_rename_tag_3(self):
        index = new_index(self)
        index.add_note("a", "", ["py"])
        self.assertEqual(index.rename_tag("js", "javascript"), 0)
        self.assertEqual(index.rename_tag("PY", " py "), 0)
        self.assertEqual(index.tag_counts(), {"py": 1})

    def test_rename_tag_4(self):
        index = new_index(self)
        index.add_note("a", "", ["py"])
        with self.assertRaises(ValueError):
            index.rename_tag("py", "py!")
        with self.assertRaises(ValueError):
            index.rename_tag("", "python")
        self.assertEqual(index.tag_counts(), {"py": 1})

    def test_rename_tag_5(self):
        index = new_index(self)
        index.add_note("a", "", ["old", "keep"])
        index.add_note("b", "", ["keep"])
        self.assertEqual(index.rename_tag("old", "new tag"), 1)
        self.assertEqual(index.find(["new-tag"], []), [1])
        self.assertEqual(index.find(["old"], []), [])
        self.assertEqual(index.tag_counts(), {"keep": 2, "new-tag": 1})


class NoteTagIndexTest(unittest.TestCase):
    def test_note_tag_index_1(self):
        index = new_index(self, initialise=False)
        self.assertEqual(index.initialise(), 0)
        first = index.add_note("Attention paper", "read section 3", ["ML", "to read"])
        second = index.add_note("Groceries", "eggs", ["home"])
        third = index.add_note("Transformers talk", "", ["machine learning", "to read"])
        self.assertEqual((first, second, third), (1, 2, 3))
        self.assertEqual(index.normalize_tag("Machine Learning"), "machine-learning")
        self.assertEqual(index.rename_tag("machine learning", "ml"), 1)
        self.assertEqual(index.find(["ml"], []), [1, 3])
        self.assertIs(index.tag(second, "to read"), True)
        self.assertEqual(index.find(["to-read"], ["home"]), [2])
        self.assertEqual(index.tag_counts(), {"to-read": 3, "ml": 2, "home": 1})
        self.assertEqual(NoteTagIndex(index.path).initialise(), 3)

    def test_note_tag_index_2(self):
        index = new_index(self)
        self.assertEqual(index.find([], []), [])
        note = index.add_note("x", "", [])
        self.assertIs(index.tag(note, "a"), True)
        self.assertEqual(index.rename_tag("a", "b"), 1)
        self.assertIs(index.tag(note, "a"), True)
        self.assertEqual(index.rename_tag("a", "b"), 1)
        self.assertEqual(index.tag_counts(), {"b": 1})
        self.assertEqual(index.find(["b"], ["a", "b"]), [1])
        self.assertEqual(index.normalize_tag(" B "), "b")
        self.assertEqual(index.initialise(), 1)


if __name__ == "__main__":
    unittest.main()
