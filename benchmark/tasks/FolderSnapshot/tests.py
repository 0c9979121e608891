import hashlib
import json
import os
import tempfile
import unittest

from solution import FolderSnapshot


def make_folder(test):
    folder = tempfile.TemporaryDirectory()
    test.addCleanup(folder.cleanup)
    return folder.name


def put(root, relative, content):
    full = os.path.join(root, *relative.split("/"))
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "wb") as handle:
        handle.write(content)


def sha(content):
    return hashlib.sha256(content).hexdigest()


class FolderSnapshotTestDigest(unittest.TestCase):
    def setUp(self):
        self.root = make_folder(self)

    def test_digest_1(self):
        put(self.root, "a.txt", b"abc")
        self.assertEqual(
            FolderSnapshot(self.root, []).digest("a.txt"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        )

    def test_digest_2(self):
        put(self.root, "empty", b"")
        self.assertEqual(FolderSnapshot(self.root, []).digest("empty"), sha(b""))

    def test_digest_3(self):
        put(self.root, "deep/er/file.bin", bytes(range(256)))
        self.assertEqual(FolderSnapshot(self.root, []).digest("deep/er/file.bin"), sha(bytes(range(256))))

    def test_digest_4(self):
        snapshot = FolderSnapshot(self.root, [])
        put(self.root, "a.txt", b"abc")
        for relative in ["../a.txt", "x/../a.txt", "/etc/passwd", os.path.join(self.root, "a.txt")]:
            with self.assertRaises(ValueError):
                snapshot.digest(relative)

    def test_digest_6(self):
        inner = os.path.join(self.root, "inner")
        put(self.root, "outside.txt", b"secret")
        put(self.root, "inner/sub/a.txt", b"a")
        snapshot = FolderSnapshot(inner, [])
        self.assertEqual(snapshot.digest("sub/a.txt"), sha(b"a"))
        for relative in ["../outside.txt", "sub/../../outside.txt", "/sub/a.txt"]:
            with self.assertRaises(ValueError):
                snapshot.digest(relative)

    def test_digest_5(self):
        os.mkdir(os.path.join(self.root, "folder"))
        snapshot = FolderSnapshot(self.root, [])
        with self.assertRaises(ValueError):
            snapshot.digest("missing.txt")
        with self.assertRaises(ValueError):
            snapshot.digest("folder")
        self.assertEqual(snapshot.manifest, {})


class FolderSnapshotTestScan(unittest.TestCase):
    def setUp(self):
        self.root = make_folder(self)

    def test_scan_1(self):
        self.assertEqual(FolderSnapshot(self.root, []).scan(), {})

    def test_scan_2(self):
        put(self.root, "b.txt", b"b")
        put(self.root, "a.txt", b"a")
        put(self.root, "sub/c.txt", b"c")
        result = FolderSnapshot(self.root, []).scan()
        self.assertEqual(result, {"a.txt": sha(b"a"), "b.txt": sha(b"b"), "sub/c.txt": sha(b"c")})
        self.assertEqual(list(result), ["a.txt", "b.txt", "sub/c.txt"])

    def test_scan_3(self):
        put(self.root, "keep.py", b"1")
        put(self.root, "drop.tmp", b"2")
        put(self.root, "sub/drop.tmp", b"3")
        self.assertEqual(list(FolderSnapshot(self.root, ["*.tmp"]).scan()), ["keep.py"])

    def test_scan_4(self):
        put(self.root, "build/out.o", b"1")
        put(self.root, "src/build/keep.c", b"2")
        put(self.root, "src/main.c", b"3")
        snapshot = FolderSnapshot(self.root, ["build/*"])
        self.assertEqual(list(snapshot.scan()), ["src/build/keep.c", "src/main.c"])

    def test_scan_5(self):
        put(self.root, "Notes.TMP", b"1")
        put(self.root, "notes.tmp", b"2")
        snapshot = FolderSnapshot(self.root, ["*.tmp", "Makefile"])
        self.assertEqual(list(snapshot.scan()), ["Notes.TMP"])
        self.assertEqual(snapshot.manifest, {})
        self.assertEqual(snapshot.commits, 0)

    def test_scan_6(self):
        os.makedirs(os.path.join(self.root, "empty", "nested"))
        put(self.root, "x", b"")
        self.assertEqual(FolderSnapshot(self.root, []).scan(), {"x": sha(b"")})


class FolderSnapshotTestChanges(unittest.TestCase):
    def setUp(self):
        self.root = make_folder(self)

    def test_changes_1(self):
        snapshot = FolderSnapshot(self.root, [])
        self.assertEqual(snapshot.changes(), {"added": [], "removed": [], "modified": []})

    def test_changes_2(self):
        put(self.root, "new.txt", b"hi")
        put(self.root, "a/old.txt", b"x")
        snapshot = FolderSnapshot(self.root, [])
        self.assertEqual(snapshot.changes(), {"added": ["a/old.txt", "new.txt"], "removed": [], "modified": []})

    def test_changes_3(self):
        snapshot = FolderSnapshot(self.root, [])
        snapshot.manifest = {"gone.txt": "0" * 64, "also/gone": "1" * 64}
        self.assertEqual(snapshot.changes(), {"added": [], "removed": ["also/gone", "gone.txt"], "modified": []})

    def test_changes_4(self):
        put(self.root, "same.txt", b"same")
        put(self.root, "edit.txt", b"after")
        snapshot = FolderSnapshot(self.root, [])
        snapshot.manifest = {"same.txt": sha(b"same"), "edit.txt": sha(b"before")}
        self.assertEqual(snapshot.changes(), {"added": [], "removed": [], "modified": ["edit.txt"]})

    def test_changes_5(self):
        put(self.root, "log.tmp", b"changed")
        snapshot = FolderSnapshot(self.root, ["*.tmp"])
        snapshot.manifest = {"log.tmp": sha(b"old")}
        self.assertEqual(snapshot.changes(), {"added": [], "removed": ["log.tmp"], "modified": []})
        self.assertEqual(snapshot.manifest, {"log.tmp": sha(b"old")})


class FolderSnapshotTestCommit(unittest.TestCase):
    def setUp(self):
        self.root = make_folder(self)

    def test_commit_1(self):
        snapshot = FolderSnapshot(self.root, [])
        self.assertEqual(snapshot.commit(), 0)
        self.assertEqual(snapshot.manifest, {})
        self.assertEqual(snapshot.commits, 1)

    def test_commit_2(self):
        put(self.root, "a.txt", b"hi")
        snapshot = FolderSnapshot(self.root, [])
        self.assertEqual(snapshot.commit(), 1)
        self.assertEqual(snapshot.manifest, {"a.txt": sha(b"hi")})

    def test_commit_3(self):
        put(self.root, "a.txt", b"hi")
        snapshot = FolderSnapshot(self.root, [])
        snapshot.commit()
        put(self.root, "a.txt", b"ho")
        put(self.root, "b.txt", b"new")
        self.assertEqual(snapshot.commit(), 2)
        self.assertEqual(snapshot.commits, 2)
        self.assertEqual(snapshot.manifest, {"a.txt": sha(b"ho"), "b.txt": sha(b"new")})

    def test_commit_4(self):
        put(self.root, "a.tmp", b"1")
        put(self.root, "b.txt", b"2")
        snapshot = FolderSnapshot(self.root, ["a.*"])
        self.assertEqual(snapshot.commit(), 1)
        self.assertEqual(list(snapshot.manifest), ["b.txt"])

    def test_commit_5(self):
        put(self.root, "a.txt", b"1")
        snapshot = FolderSnapshot(self.root, [])
        snapshot.commit()
        os.remove(os.path.join(self.root, "a.txt"))
        self.assertEqual(snapshot.commit(), 0)
        self.assertEqual(snapshot.manifest, {})
        self.assertEqual(snapshot.changes(), {"added": [], "removed": [], "modified": []})


class FolderSnapshotTestSave(unittest.TestCase):
    def setUp(self):
        self.root = make_folder(self)
        self.target = os.path.join(make_folder(self), "manifest.json")

    def read_target(self):
        with open(self.target, encoding="utf-8") as handle:
            return handle.read()

    def test_save_1(self):
        snapshot = FolderSnapshot(self.root, [])
        self.assertEqual(snapshot.save(self.target), 0)
        self.assertEqual(json.loads(self.read_target()), {})

    def test_save_2(self):
        snapshot = FolderSnapshot(self.root, [])
        snapshot.manifest = {"b": "1" * 64, "a": "2" * 64}
        self.assertEqual(snapshot.save(self.target), 2)
        text = self.read_target()
        self.assertEqual(json.loads(text), {"a": "2" * 64, "b": "1" * 64})
        self.assertLess(text.index('"a"'), text.index('"b"'))

    def test_save_3(self):
        with open(self.target, "w", encoding="utf-8") as handle:
            handle.write("old content that is longer than the new one" * 10)
        snapshot = FolderSnapshot(self.root, [])
        snapshot.manifest = {"x": "3" * 64}
        self.assertEqual(snapshot.save(self.target), 1)
        self.assertEqual(json.loads(self.read_target()), {"x": "3" * 64})

    def test_save_4(self):
        put(self.root, "a.txt", b"hi")
        snapshot = FolderSnapshot(self.root, [])
        snapshot.commit()
        self.assertEqual(snapshot.save(self.target), 1)
        self.assertEqual(json.loads(self.read_target()), {"a.txt": sha(b"hi")})
        self.assertEqual(sorted(os.listdir(self.root)), ["a.txt"])

    def test_save_5(self):
        snapshot = FolderSnapshot(self.root, [])
        snapshot.manifest = {"dir/ü.txt": "4" * 64}
        snapshot.save(self.target)
        other = FolderSnapshot(self.root, [])
        self.assertEqual(other.load(self.target), 1)
        self.assertEqual(other.manifest, {"dir/ü.txt": "4" * 64})


class FolderSnapshotTestLoad(unittest.TestCase):
    def setUp(self):
        self.root = make_folder(self)
        self.target = os.path.join(make_folder(self), "manifest.json")

    def write_target(self, text):
        with open(self.target, "w", encoding="utf-8") as handle:
            handle.write(text)

    def test_load_1(self):
        self.write_target('{"a.txt": "' + "f" * 64 + '"}')
        snapshot = FolderSnapshot(self.root, [])
        self.assertEqual(snapshot.load(self.target), 1)
        self.assertEqual(snapshot.manifest, {"a.txt": "f" * 64})

    def test_load_2(self):
        self.write_target("{}")
        snapshot = FolderSnapshot(self.root, [])
        snapshot.manifest = {"old": "0" * 64}
        self.assertEqual(snapshot.load(self.target), 0)
        self.assertEqual(snapshot.manifest, {})

    def test_load_3(self):
        snapshot = FolderSnapshot(self.root, [])
        snapshot.manifest = {"old": "0" * 64}
        for text in ["not json", "[]", '{"a": 1}', '{"a": "' + "F" * 64 + '"}', '{"a": "' + "f" * 63 + '"}']:
            self.write_target(text)
            with self.assertRaises(ValueError):
                snapshot.load(self.target)
        self.assertEqual(snapshot.manifest, {"old": "0" * 64})

    def test_load_4(self):
        put(self.root, "a.txt", b"hi")
        put(self.root, "b.txt", b"yo")
        self.write_target(json.dumps({"a.txt": sha(b"hi"), "c.txt": sha(b"c")}))
        snapshot = FolderSnapshot(self.root, [])
        self.assertEqual(snapshot.load(self.target), 2)
        self.assertEqual(snapshot.changes(), {"added": ["b.txt"], "removed": ["c.txt"], "modified": []})

    def test_load_5(self):
        self.write_target(json.dumps({"a": "a" * 64, "b": "0123456789abcdef" * 4}))
        snapshot = FolderSnapshot(self.root, [])
        self.assertEqual(snapshot.load(self.target), 2)
        self.assertEqual(snapshot.commits, 0)


class FolderSnapshotTest(unittest.TestCase):
    def test_folder_snapshot_1(self):
        root = make_folder(self)
        target = os.path.join(make_folder(self), "state.json")
        put(root, "src/app.py", b"print(1)")
        put(root, "README.md", b"# app")
        put(root, "cache.tmp", b"x")
        snapshot = FolderSnapshot(root, ["*.tmp"])
        self.assertEqual(snapshot.digest("src/app.py"), sha(b"print(1)"))
        self.assertEqual(list(snapshot.scan()), ["README.md", "src/app.py"])
        self.assertEqual(snapshot.commit(), 2)
        self.assertEqual(snapshot.save(target), 2)
        put(root, "src/app.py", b"print(2)")
        put(root, "src/util.py", b"")
        os.remove(os.path.join(root, "README.md"))
        self.assertEqual(
            snapshot.changes(), {"added": ["src/util.py"], "removed": ["README.md"], "modified": ["src/app.py"]}
        )
        self.assertEqual(snapshot.commit(), 2)
        self.assertEqual(snapshot.changes(), {"added": [], "removed": [], "modified": []})
        self.assertEqual(snapshot.load(target), 2)
        self.assertEqual(snapshot.changes()["modified"], ["src/app.py"])

    def test_folder_snapshot_2(self):
        root = make_folder(self)
        snapshot = FolderSnapshot(root, [])
        self.assertEqual(snapshot.scan(), {})
        self.assertEqual(snapshot.commit(), 0)
        put(root, "a", b"1")
        self.assertEqual(snapshot.changes(), {"added": ["a"], "removed": [], "modified": []})
        target = os.path.join(root, "manifest.json")
        self.assertEqual(snapshot.save(target), 0)
        self.assertEqual(snapshot.changes()["added"], ["a", "manifest.json"])
        self.assertEqual(snapshot.load(target), 0)
        self.assertEqual(snapshot.commits, 1)


if __name__ == "__main__":
    unittest.main()
