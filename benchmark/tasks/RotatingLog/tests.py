import os
import tempfile
import unittest

from solution import RotatingLog


def make_folder(test):
    folder = tempfile.TemporaryDirectory()
    test.addCleanup(folder.cleanup)
    return folder.name


def read(folder, name):
    with open(os.path.join(folder, name), encoding="utf-8") as handle:
        return handle.read()


def write_file(folder, name, text):
    with open(os.path.join(folder, name), "w", encoding="utf-8") as handle:
        handle.write(text)


class RotatingLogTestPath(unittest.TestCase):
    def setUp(self):
        self.folder = make_folder(self)

    def test_path_1(self):
        log = RotatingLog(self.folder)
        self.assertEqual(log.path(0), os.path.join(self.folder, "app.log"))

    def test_path_2(self):
        log = RotatingLog(self.folder, "events.txt", backups=3)
        self.assertEqual(log.path(1), os.path.join(self.folder, "events.txt.1"))
        self.assertEqual(log.path(3), os.path.join(self.folder, "events.txt.3"))

    def test_path_3(self):
        log = RotatingLog(self.folder, backups=2)
        with self.assertRaises(ValueError):
            log.path(3)
        with self.assertRaises(ValueError):
            log.path(-1)

    def test_path_4(self):
        log = RotatingLog(self.folder, backups=0)
        self.assertEqual(log.path(0), os.path.join(self.folder, "app.log"))
        with self.assertRaises(ValueError):
            log.path(1)

    def test_path_5(self):
        log = RotatingLog("relative", "x.log")
        self.assertEqual(log.path(2), os.path.join("relative", "x.log.2"))
        self.assertFalse(os.path.exists("relative"))
        self.assertEqual(log.lines_written, 0)


class RotatingLogTestSize(unittest.TestCase):
    def setUp(self):
        self.folder = make_folder(self)

    def test_size_1(self):
        self.assertEqual(RotatingLog(self.folder).size(), 0)

    def test_size_2(self):
        write_file(self.folder, "app.log", "abc\n")
        self.assertEqual(RotatingLog(self.folder).size(), 4)

    def test_size_3(self):
        write_file(self.folder, "app.log", "é\n")
        self.assertEqual(RotatingLog(self.folder).size(), 3)

    def test_size_4(self):
        write_file(self.folder, "app.log.1", "old line\n")
        self.assertEqual(RotatingLog(self.folder).size(), 0)

    def test_size_5(self):
        log = RotatingLog(self.folder, "other.log")
        write_file(self.folder, "app.log", "abc\n")
        write_file(self.folder, "other.log", "")
        self.assertEqual(log.size(), 0)
        log.write("hello")
        self.assertEqual(log.size(), 6)


class RotatingLogTestRotate(unittest.TestCase):
    def setUp(self):
        self.folder = make_folder(self)

    def test_rotate_1(self):
        log = RotatingLog(self.folder)
        self.assertIs(log.rotate(), False)
        self.assertEqual(os.listdir(self.folder), [])

    def test_rotate_2(self):
        write_file(self.folder, "app.log", "a\n")
        log = RotatingLog(self.folder)
        self.assertIs(log.rotate(), True)
        self.assertEqual(sorted(os.listdir(self.folder)), ["app.log.1"])
        self.assertEqual(read(self.folder, "app.log.1"), "a\n")

    def test_rotate_3(self):
        write_file(self.folder, "app.log", "live\n")
        write_file(self.folder, "app.log.1", "one\n")
        write_file(self.folder, "app.log.2", "two\n")
        log = RotatingLog(self.folder, backups=2)
        self.assertIs(log.rotate(), True)
        self.assertEqual(sorted(os.listdir(self.folder)), ["app.log.1", "app.log.2"])
        self.assertEqual(read(self.folder, "app.log.1"), "live\n")
        self.assertEqual(read(self.folder, "app.log.2"), "one\n")

    def test_rotate_4(self):
        write_file(self.folder, "app.log", "live\n")
        log = RotatingLog(self.folder, backups=0)
        self.assertIs(log.rotate(), True)
        self.assertEqual(os.listdir(self.folder), [])

    def test_rotate_5(self):
        write_file(self.folder, "app.log", "live\n")
        write_file(self.folder, "app.log.2", "two\n")
        log = RotatingLog(self.folder, backups=3)
        self.assertIs(log.rotate(), True)
        self.assertEqual(sorted(os.listdir(self.folder)), ["app.log.1", "app.log.3"])
        self.assertEqual(read(self.folder, "app.log.3"), "two\n")

    def test_rotate_7(self):
        for index, text in [("", "live\n"), (".1", "one\n"), (".2", "two\n"), (".3", "three\n")]:
            write_file(self.folder, "app.log" + index, text)
        log = RotatingLog(self.folder, backups=3)
        self.assertIs(log.rotate(), True)
        self.assertEqual(
            [read(self.folder, "app.log." + str(i)) for i in (1, 2, 3)], ["live\n", "one\n", "two\n"]
        )
        self.assertIs(os.path.exists(log.path(0)), False)

    def test_rotate_6(self):
        write_file(self.folder, "app.log.1", "one\n")
        log = RotatingLog(self.folder)
        self.assertIs(log.rotate(), False)
        self.assertEqual(sorted(os.listdir(self.folder)), ["app.log.1"])


class RotatingLogTestWrite(unittest.TestCase):
    def setUp(self):
        self.folder = make_folder(self)

    def test_write_1(self):
        log = RotatingLog(self.folder)
        self.assertEqual(log.write("hello"), 6)
        self.assertEqual(read(self.folder, "app.log"), "hello\n")
        self.assertEqual(log.lines_written, 1)

    def test_write_2(self):
        log = RotatingLog(self.folder, max_bytes=10)
        self.assertEqual(log.write("1234"), 5)
        self.assertEqual(log.write("5678"), 10)
        self.assertEqual(sorted(os.listdir(self.folder)), ["app.log"])
        self.assertEqual(log.write("x"), 2)
        self.assertEqual(read(self.folder, "app.log.1"), "1234\n5678\n")
        self.assertEqual(read(self.folder, "app.log"), "x\n")
        self.assertEqual(log.lines_written, 3)

    def test_write_3(self):
        log = RotatingLog(self.folder, max_bytes=4)
        self.assertEqual(log.write("a very long line"), 17)
        self.assertEqual(log.write("b"), 2)
        self.assertEqual(read(self.folder, "app.log.1"), "a very long line\n")

    def test_write_4(self):
        log = RotatingLog(self.folder)
        for line in ["two\nlines", "carriage\rreturn"]:
            with self.assertRaises(ValueError):
                log.write(line)
        self.assertEqual(os.listdir(self.folder), [])
        self.assertEqual(log.lines_written, 0)

    def test_write_5(self):
        log = RotatingLog(self.folder, max_bytes=6)
        self.assertEqual(log.write("ééé"), 7)
        self.assertEqual(log.write(""), 1)
        self.assertEqual(log.write(""), 2)
        self.assertEqual(read(self.folder, "app.log.1"), "ééé\n")

    def test_write_6(self):
        log = RotatingLog(self.folder, max_bytes=4, backups=0)
        log.write("abc")
        self.assertEqual(log.write("def"), 4)
        self.assertEqual(sorted(os.listdir(self.folder)), ["app.log"])
        self.assertEqual(read(self.folder, "app.log"), "def\n")

    def test_write_8(self):
        log = RotatingLog(self.folder, max_bytes=2)
        self.assertEqual(log.write(""), 1)
        self.assertEqual(log.write("ab"), 3)
        self.assertEqual(read(self.folder, "app.log.1"), "\n")

    def test_write_9(self):
        log = RotatingLog(self.folder)
        self.assertEqual(log.write("x" * 49), 50)
        self.assertEqual(log.write("y" * 49), 100)
        self.assertEqual(log.write("z"), 2)
        for _ in range(3):
            log.rotate()
            log.write("again")
        self.assertEqual(sorted(os.listdir(self.folder)), ["app.log", "app.log.1", "app.log.2"])

    def test_write_7(self):
        write_file(self.folder, "app.log", "")
        log = RotatingLog(self.folder, max_bytes=2)
        self.assertEqual(log.write("long"), 5)
        self.assertEqual(sorted(os.listdir(self.folder)), ["app.log"])


class RotatingLogTestReadAll(unittest.TestCase):
    def setUp(self):
        self.folder = make_folder(self)

    def test_read_all_1(self):
        self.assertEqual(RotatingLog(self.folder).read_all(), [])

    def test_read_all_2(self):
        write_file(self.folder, "app.log", "c\nd\n")
        write_file(self.folder, "app.log.1", "b\n")
        write_file(self.folder, "app.log.2", "a\n")
        self.assertEqual(RotatingLog(self.folder).read_all(), ["a", "b", "c", "d"])

    def test_read_all_3(self):
        write_file(self.folder, "app.log.3", "too old\n")
        write_file(self.folder, "app.log.2", "a\n")
        self.assertEqual(RotatingLog(self.folder, backups=2).read_all(), ["a"])

    def test_read_all_4(self):
        log = RotatingLog(self.folder, max_bytes=6, backups=1)
        for word in ["one", "two", "six"]:
            log.write(word)
        self.assertEqual(log.read_all(), ["two", "six"])
        self.assertEqual(log.lines_written, 3)

    def test_read_all_5(self):
        write_file(self.folder, "app.log", "ünïcode\n\nlast\n")
        self.assertEqual(RotatingLog(self.folder).read_all(), ["ünïcode", "", "last"])


class RotatingLogTestTail(unittest.TestCase):
    def setUp(self):
        self.folder = make_folder(self)
        self.log = RotatingLog(self.folder, max_bytes=8)
        for word in ["a", "b", "c", "d", "e"]:
            self.log.write(word)

    def test_tail_1(self):
        self.assertEqual(self.log.tail(2), ["d", "e"])

    def test_tail_2(self):
        self.assertEqual(self.log.tail(0), [])

    def test_tail_3(self):
        self.assertEqual(self.log.tail(5), ["a", "b", "c", "d", "e"])
        self.assertEqual(self.log.tail(9), ["a", "b", "c", "d", "e"])

    def test_tail_4(self):
        with self.assertRaises(ValueError):
            self.log.tail(-1)

    def test_tail_5(self):
        self.assertEqual(self.log.tail(1), ["e"])
        self.assertEqual(self.log.tail(4), ["b", "c", "d", "e"])
        self.assertEqual(RotatingLog(self.folder, "none.log").tail(3), [])


class RotatingLogTest(unittest.TestCase):
    def setUp(self):
        self.folder = make_folder(self)

    def test_rotating_log_1(self):
        log = RotatingLog(self.folder, "audit.log", max_bytes=12, backups=2)
        for number in range(1, 8):
            log.write(f"event {number}")
        self.assertEqual(log.lines_written, 7)
        self.assertEqual(log.size(), 8)
        self.assertEqual(log.read_all(), ["event 5", "event 6", "event 7"])
        self.assertEqual(log.tail(2), ["event 6", "event 7"])
        self.assertTrue(os.path.exists(log.path(2)))
        self.assertIs(log.rotate(), True)
        self.assertEqual(log.size(), 0)
        self.assertEqual(log.read_all(), ["event 6", "event 7"])
        self.assertIs(log.rotate(), False)

    def test_rotating_log_2(self):
        log = RotatingLog(self.folder, max_bytes=100, backups=1)
        self.assertEqual(log.write("start"), 6)
        self.assertIs(log.rotate(), True)
        self.assertEqual(log.write("after"), 6)
        self.assertEqual(log.read_all(), ["start", "after"])
        self.assertEqual(log.tail(1), ["after"])
        self.assertEqual(log.size(), 6)
        self.assertEqual(sorted(os.listdir(self.folder)), ["app.log", "app.log.1"])
        self.assertEqual(log.path(1), os.path.join(self.folder, "app.log.1"))


if __name__ == "__main__":
    unittest.main()
