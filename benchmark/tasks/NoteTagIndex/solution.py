import re
import sqlite3
from contextlib import closing


class NoteTagIndex:
    """
    Notes with tags stored in an SQLite database file. Every method opens its own connection to the file and
    closes it before returning, so several objects may share one file. Tags are normalised: lower case, inner
    runs of whitespace replaced by "-", made of letters a-z, digits and single inner hyphens.
    Tables: notes(id INTEGER PRIMARY KEY, title TEXT, body TEXT) and tags(note_id INTEGER, tag TEXT,
    PRIMARY KEY (note_id, tag)). initialise must have been called once for the file before the other database methods.
    """

    def __init__(self, path: str):
        """
        Describe an index stored in a database file; nothing is opened yet.
        :param path: str, the SQLite database file
        self.path: str, the SQLite database file
        self.notes_added: int, how many notes this object added
        """
        self.path = path
        self.notes_added = 0

    def initialise(self) -> int:
        """
        Create both tables in the file when they do not exist yet.
        :return: int, the number of notes already in the file
        >>> import os, tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     index = NoteTagIndex(os.path.join(folder, "notes.db"))
        ...     (index.initialise(), index.add_note("Shopping", "milk", []), index.initialise())
        (0, 1, 1)
        """
        with closing(sqlite3.connect(self.path)) as connection, connection:
            connection.execute("CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, title TEXT, body TEXT)")
            connection.execute(
                "CREATE TABLE IF NOT EXISTS tags (note_id INTEGER, tag TEXT, PRIMARY KEY (note_id, tag))"
            )
            return connection.execute("SELECT COUNT(*) FROM notes").fetchone()[0]

    def normalize_tag(self, tag: str) -> str:
        """
        Normalise a tag: strip it, lower-case it and join its whitespace-separated words with "-".
        :param tag: str, the tag as typed
        :return: str, the normalised tag
        :raises ValueError: when the result is not one or more runs of a-z and 0-9 joined by single hyphens
        >>> index = NoteTagIndex("unused.db")
        >>> index.normalize_tag("  Machine   Learning "), index.normalize_tag("py3")
        ('machine-learning', 'py3')
        """
        normal = "-".join(tag.strip().lower().split())
        if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", normal):
            raise ValueError(f"not a valid tag: {tag!r}")
        return normal

    def add_note(self, title: str, body: str, tags: list) -> int:
        """
        Store a note with its tags (normalised, duplicates after normalising stored once).
        :param title: str, the title, not empty or only whitespace
        :param body: str, the text
        :param tags: list of str, tags as typed
        :return: int, the new note's id (1 for the first note in the file, then increasing)
        :raises ValueError: when the title is empty or a tag is invalid (nothing is stored then)
        >>> import os, tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     index = NoteTagIndex(os.path.join(folder, "notes.db"))
        ...     _ = index.initialise()
        ...     (index.add_note("Paper", "to read", ["ML", "to read", "ml"]), index.tag_counts())
        (1, {'ml': 1, 'to-read': 1})
        """
        if not title.strip():
            raise ValueError("a note needs a title")
        normal = sorted({self.normalize_tag(tag) for tag in tags})
        with closing(sqlite3.connect(self.path)) as connection, connection:
            note_id = connection.execute("INSERT INTO notes (title, body) VALUES (?, ?)", (title, body)).lastrowid
            connection.executemany("INSERT INTO tags VALUES (?, ?)", [(note_id, tag) for tag in normal])
        self.notes_added += 1
        return note_id

    def tag(self, note_id: int, tag: str) -> bool:
        """
        Add one tag to an existing note.
        :param note_id: int, the note's id
        :param tag: str, the tag as typed
        :return: bool, True when added, False when the note already had it
        :raises ValueError: when the note does not exist or the tag is invalid
        >>> import os, tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     index = NoteTagIndex(os.path.join(folder, "notes.db"))
        ...     _ = index.initialise()
        ...     note = index.add_note("Paper", "to read", ["ml"])
        ...     (index.tag(note, "Reading List"), index.tag(note, "ML"))
        (True, False)
        """
        normal = self.normalize_tag(tag)
        with closing(sqlite3.connect(self.path)) as connection, connection:
            if connection.execute("SELECT 1 FROM notes WHERE id = ?", (note_id,)).fetchone() is None:
                raise ValueError(f"no note {note_id}")
            cursor = connection.execute("INSERT OR IGNORE INTO tags VALUES (?, ?)", (note_id, normal))
            return cursor.rowcount == 1

    def find(self, all_tags: list, any_tags: list) -> list:
        """
        Ids of the notes that have every tag in all_tags and, when any_tags is not empty, at least one tag in
        any_tags. Tags are normalised first; with both lists empty every note matches.
        :param all_tags: list of str, tags a note must all have
        :param any_tags: list of str, tags of which a note needs one (ignored when empty)
        :return: list of int, the matching note ids in increasing order
        :raises ValueError: when a tag is invalid
        >>> import os, tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     index = NoteTagIndex(os.path.join(folder, "notes.db"))
        ...     _ = index.initialise()
        ...     _ = [index.add_note("a", "", ["ml", "paper"]), index.add_note("b", "", ["ml"]), index.add_note("c", "", ["paper"])]
        ...     (index.find(["ML"], []), index.find([], ["paper", "x"]), index.find(["ml"], ["paper"]))
        ([1, 2], [1, 3], [1])
        """
        wanted = [self.normalize_tag(tag) for tag in all_tags]
        either = [self.normalize_tag(tag) for tag in any_tags]
        query = "SELECT id FROM notes n WHERE 1"
        for _ in wanted:
            query += " AND EXISTS (SELECT 1 FROM tags t WHERE t.note_id = n.id AND t.tag = ?)"
        if either:
            marks = ", ".join("?" * len(either))
            query += f" AND EXISTS (SELECT 1 FROM tags t WHERE t.note_id = n.id AND t.tag IN ({marks}))"
        with closing(sqlite3.connect(self.path)) as connection:
            return [row[0] for row in connection.execute(query + " ORDER BY id", wanted + either)]

    def tag_counts(self) -> dict:
        """
        How many notes carry each tag.
        :return: dict, tag -> number of notes, ordered by number descending, then tag alphabetically
        >>> import os, tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     index = NoteTagIndex(os.path.join(folder, "notes.db"))
        ...     _ = index.initialise()
        ...     _ = [index.add_note("a", "", ["b", "a"]), index.add_note("b", "", ["c", "b"])]
        ...     index.tag_counts()
        {'b': 2, 'a': 1, 'c': 1}
        """
        with closing(sqlite3.connect(self.path)) as connection:
            rows = connection.execute("SELECT tag, COUNT(*) FROM tags GROUP BY tag ORDER BY COUNT(*) DESC, tag")
            return dict(rows.fetchall())

    def rename_tag(self, old: str, new: str) -> int:
        """
        Replace a tag by another on every note; a note that already has the new tag keeps it once.
        :param old: str, the tag to replace
        :param new: str, its replacement
        :return: int, the number of notes that had the old tag (0 when old and new normalise to the same tag)
        :raises ValueError: when either tag is invalid
        >>> import os, tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     index = NoteTagIndex(os.path.join(folder, "notes.db"))
        ...     _ = index.initialise()
        ...     _ = [index.add_note("a", "", ["py"]), index.add_note("b", "", ["py", "python"])]
        ...     (index.rename_tag("py", "Python"), index.tag_counts())
        (2, {'python': 2})
        """
        source, target = self.normalize_tag(old), self.normalize_tag(new)
        if source == target:
            return 0
        with closing(sqlite3.connect(self.path)) as connection, connection:
            count = connection.execute("SELECT COUNT(*) FROM tags WHERE tag = ?", (source,)).fetchone()[0]
            connection.execute("UPDATE OR IGNORE tags SET tag = ? WHERE tag = ?", (target, source))
            connection.execute("DELETE FROM tags WHERE tag = ?", (source,))
            return count
