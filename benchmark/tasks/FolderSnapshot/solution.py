import fnmatch
import hashlib
import json
import os
import re


class FolderSnapshot:
    """
    Tracks the files under a root folder by the SHA-256 of their content. A scan lists every regular file below the
    root (in all subfolders) by its relative path with "/" separators; files whose relative path or file name
    matches an ignore pattern (fnmatch, case-sensitive) are left out. A committed manifest is compared with the
    folder to report added, removed and modified files, and can be saved to and loaded from a JSON file.
    """

    def __init__(self, root: str, ignore: list):
        """
        Track a folder; nothing is read until a method is called.
        :param root: str, the folder to track
        :param ignore: list of str, fnmatch patterns of files to leave out, e.g. "*.tmp" or "build/*"
        self.root: str, the folder to track
        self.ignore: list, fnmatch patterns of files to leave out
        self.manifest: dict, relative path -> SHA-256 hex digest as of the last commit or load, empty at first
        self.commits: int, how many times commit was called
        """
        self.root = root
        self.ignore = ignore
        self.manifest = {}
        self.commits = 0

    def digest(self, relative: str) -> str:
        """
        SHA-256 of a file's bytes.
        :param relative: str, the file's path relative to the root with "/" separators
        :return: str, the lowercase hex digest (64 characters)
        :raises ValueError: when the path is absolute, contains a ".." part, or is not a regular file under the root
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     with open(os.path.join(folder, "a.txt"), "wb") as handle:
        ...         _ = handle.write(b"abc")
        ...     FolderSnapshot(folder, []).digest("a.txt")[:16]
        'ba7816bf8f01cfea'
        """
        parts = relative.split("/")
        if os.path.isabs(relative) or ".." in parts:
            raise ValueError(f"not a path inside the root: {relative!r}")
        full = os.path.join(self.root, *parts)
        if not os.path.isfile(full):
            raise ValueError(f"no such file: {relative!r}")
        with open(full, "rb") as handle:
            return hashlib.sha256(handle.read()).hexdigest()

    def scan(self) -> dict:
        """
        Hash every file under the root that no ignore pattern matches (by relative path or by file name).
        :return: dict, relative path -> hex digest, in increasing order of path
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     os.mkdir(os.path.join(folder, "src"))
        ...     for name in ["src/main.py", "notes.tmp", "README"]:
        ...         with open(os.path.join(folder, *name.split("/")), "w") as handle:
        ...             _ = handle.write(name)
        ...     list(FolderSnapshot(folder, ["*.tmp"]).scan())
        ['README', 'src/main.py']
        """
        found = {}
        for folder, _, names in os.walk(self.root):
            for name in names:
                relative = os.path.relpath(os.path.join(folder, name), self.root).replace(os.sep, "/")
                if any(fnmatch.fnmatchcase(relative, p) or fnmatch.fnmatchcase(name, p) for p in self.ignore):
                    continue
                found[relative] = self.digest(relative)
        return dict(sorted(found.items()))

    def changes(self) -> dict:
        """
        Compare the folder now with the manifest.
        :return: dict, {"added": paths in the folder but not the manifest, "removed": paths in the manifest but not
                 the folder, "modified": paths in both with different digests}, each a sorted list of str
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     snapshot = FolderSnapshot(folder, [])
        ...     with open(os.path.join(folder, "new.txt"), "w") as handle:
        ...         _ = handle.write("hi")
        ...     snapshot.manifest = {"gone.txt": "0" * 64}
        ...     snapshot.changes()
        {'added': ['new.txt'], 'removed': ['gone.txt'], 'modified': []}
        """
        current = self.scan()
        return {
            "added": sorted(set(current) - set(self.manifest)),
            "removed": sorted(set(self.manifest) - set(current)),
            "modified": sorted(path for path in current if path in self.manifest and current[path] != self.manifest[path]),
        }

    def commit(self) -> int:
        """
        Make the current state of the folder the manifest.
        :return: int, the number of files in the new manifest
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     snapshot = FolderSnapshot(folder, [])
        ...     with open(os.path.join(folder, "a.txt"), "w") as handle:
        ...         _ = handle.write("hi")
        ...     (snapshot.commit(), snapshot.commits, snapshot.changes())
        (1, 1, {'added': [], 'removed': [], 'modified': []})
        """
        self.manifest = self.scan()
        self.commits += 1
        return len(self.manifest)

    def save(self, path: str) -> int:
        """
        Write the manifest to a UTF-8 JSON file as an object of relative path -> digest, keys sorted, replacing the
        file.
        :param path: str, the file to write (anywhere, typically outside the root)
        :return: int, the number of entries written
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     snapshot = FolderSnapshot(folder, [])
        ...     snapshot.manifest = {"b": "1" * 64, "a": "2" * 64}
        ...     target = os.path.join(folder, "manifest.json")
        ...     count = snapshot.save(target)
        ...     with open(target) as handle:
        ...         (count, list(json.load(handle)))
        (2, ['a', 'b'])
        """
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(self.manifest, handle, sort_keys=True)
        return len(self.manifest)

    def load(self, path: str) -> int:
        """
        Replace the manifest with one read from a UTF-8 JSON file written by save.
        :param path: str, the file to read
        :return: int, the number of entries loaded
        :raises ValueError: when the file is not JSON, or not an object whose values are all 64-character lowercase
                 hex digests (the manifest is unchanged then)
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     target = os.path.join(folder, "manifest.json")
        ...     with open(target, "w") as handle:
        ...         _ = handle.write('{"a.txt": "' + "f" * 64 + '"}')
        ...     snapshot = FolderSnapshot(folder, [])
        ...     (snapshot.load(target), snapshot.manifest == {"a.txt": "f" * 64})
        (1, True)
        """
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
        if not isinstance(data, dict):
            raise ValueError("a manifest is a JSON object")
        for value in data.values():
            if not isinstance(value, str) or not re.fullmatch(r"[0-9a-f]{64}", value):
                raise ValueError(f"not a SHA-256 digest: {value!r}")
        self.manifest = data
        return len(data)
