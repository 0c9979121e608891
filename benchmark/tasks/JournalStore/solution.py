import json
import os


class JournalStore:
    """
    A key-value store kept as an append-only journal file (UTF-8 text) in a given directory. Every change
    appends one line holding a JSON object: {"op": "set", "key": k, "value": v} or {"op": "del", "key": k}.
    Loading replays the journal; an unfinished last line (one without a final newline, as left by an interrupted
    write) is dropped from the file. Compaction rewrites the journal with one "set" line per live key.
    """

    def __init__(self, directory: str, name: str = "store.jsonl"):
        """
        Describe a store; nothing is read until load is called.
        :param directory: str, an existing directory holding the journal
        :param name: str, the journal's file name
        self.directory: str, the directory holding the journal
        self.name: str, the journal's file name
        self.data: dict, key -> value, the store's current content
        self.records: int, the number of complete lines in the journal file
        """
        self.directory = directory
        self.name = name
        self.data = {}
        self.records = 0

    def put(self, key: str, value: str | int | float | bool | list | dict | None) -> int:
        """
        Set a key: append a "set" line to the journal and update data.
        :param key: str, a non-empty key
        :param value: str, int, float, bool, list, dict or None, a JSON-compatible value
        :return: int, the number of lines in the journal after writing
        :raises ValueError: when the key is empty
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     store = JournalStore(folder)
        ...     (store.put("colour", "red"), store.put("size", 3), store.data)
        (1, 2, {'colour': 'red', 'size': 3})
        """
        if not key:
            raise ValueError("a key cannot be empty")
        line = json.dumps({"op": "set", "key": key, "value": value})
        with open(os.path.join(self.directory, self.name), "a", encoding="utf-8") as handle:
            handle.write(line + "\n")
        self.data[key] = value
        self.records += 1
        return self.records

    def delete(self, key: str) -> bool:
        """
        Remove a key: append a "del" line to the journal and update data. Nothing is written for a missing key.
        :param key: str, the key
        :return: bool, True when the key existed and was removed, False otherwise
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     store = JournalStore(folder)
        ...     _ = store.put("colour", "red")
        ...     (store.delete("colour"), store.delete("colour"), store.records)
        (True, False, 2)
        """
        if key not in self.data:
            return False
        with open(os.path.join(self.directory, self.name), "a", encoding="utf-8") as handle:
            handle.write(json.dumps({"op": "del", "key": key}) + "\n")
        del self.data[key]
        self.records += 1
        return True

    def get(self, key: str, default: str | int | float | bool | list | dict | None = None) -> str | int | float | bool | list | dict | None:
        """
        The value of a key.
        :param key: str, the key
        :param default: str, int, float, bool, list, dict or None, what to return for a missing key
        :return: str, int, float, bool, list, dict or None, the value, or default when the key is missing
        >>> store = JournalStore(".")
        >>> store.data = {"size": 3}
        >>> store.get("size"), store.get("colour"), store.get("colour", "none")
        (3, None, 'none')
        """
        return self.data.get(key, default)

    def load(self) -> int:
        """
        Rebuild data and records by replaying the journal from the start; a missing journal means an empty store.
        Bytes after the last newline are an unfinished write: they are ignored and cut off the file.
        :return: int, the number of keys in the store
        :raises ValueError: when a complete line is not a JSON object with "op" "set" (and a string "key" and a
                 "value") or "del" (and a string "key"); data, records and the file are unchanged then
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     with open(os.path.join(folder, "store.jsonl"), "w") as handle:
        ...         _ = handle.write('{"op": "set", "key": "a", "value": 1}\\n{"op": "set", "key": "b"')
        ...     store = JournalStore(folder)
        ...     (store.load(), store.data, store.records, os.path.getsize(os.path.join(folder, "store.jsonl")))
        (1, {'a': 1}, 1, 38)
        """
        path = os.path.join(self.directory, self.name)
        if not os.path.exists(path):
            self.data, self.records = {}, 0
            return 0
        with open(path, "rb") as handle:
            raw = handle.read()
        lines = raw.split(b"\n")
        data = {}
        for line in lines[:-1]:
            # json.loads raises the documented ValueError (JSONDecodeError) for a line that is not JSON
            record = json.loads(line)
            if not isinstance(record, dict) or not isinstance(record.get("key"), str):
                raise ValueError(f"not a journal record: {line!r}")
            if record.get("op") == "set" and "value" in record:
                data[record["key"]] = record["value"]
            elif record.get("op") == "del":
                data.pop(record["key"], None)
            else:
                raise ValueError(f"not a journal record: {line!r}")
        if lines[-1]:
            with open(path, "r+b") as handle:
                handle.truncate(len(raw) - len(lines[-1]))
        self.data, self.records = data, len(lines) - 1
        return len(data)

    def compact(self) -> int:
        """
        Load the journal, then replace it with one "set" line per key in increasing key order. The new journal is
        written to "<name>.tmp" first and then renamed over the old one. The journal file exists afterwards even
        when there was none before (empty when the store is).
        :return: int, how many lines the journal lost
        :raises ValueError: when the journal cannot be loaded (see load)
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     store = JournalStore(folder)
        ...     for value in [1, 2, 3]:
        ...         _ = store.put("counter", value)
        ...     (store.compact(), store.records, store.data)
        (2, 1, {'counter': 3})
        """
        self.load()
        before = self.records
        path = os.path.join(self.directory, self.name)
        with open(path + ".tmp", "w", encoding="utf-8") as handle:
            for key in sorted(self.data):
                handle.write(json.dumps({"op": "set", "key": key, "value": self.data[key]}) + "\n")
        os.replace(path + ".tmp", path)
        self.records = len(self.data)
        return before - self.records

    def history(self, key: str) -> list:
        """
        The values a key has taken, oldest first, read from the complete lines of the journal file; a deletion
        appears as None.
        :param key: str, the key
        :return: list, the values in journal order; empty when the key never appears or there is no journal
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     store = JournalStore(folder)
        ...     _ = store.put("a", 1), store.put("b", 2), store.delete("a"), store.put("a", [3])
        ...     store.history("a")
        [1, None, [3]]
        """
        path = os.path.join(self.directory, self.name)
        if not os.path.exists(path):
            return []
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().split("\n")[:-1]
        values = []
        for line in lines:
            record = json.loads(line)
            if record["key"] == key:
                values.append(record.get("value"))
        return values
