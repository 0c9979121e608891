import os


class RotatingLog:
    """
    A log file in a given directory that rotates by size. Lines are appended to the live file "<name>"; when a
    line would make a non-empty live file larger than max_bytes, the files are rotated first: "<name>.<k>" becomes
    "<name>.<k+1>" (the oldest beyond the number of backups is dropped) and the live file becomes "<name>.1".
    Files are UTF-8 text; sizes count bytes.
    """

    def __init__(self, directory: str, name: str = "app.log", max_bytes: int = 100, backups: int = 2):
        """
        Describe a log; no file is touched until something is written.
        :param directory: str, an existing directory holding the log files
        :param name: str, the live file's name
        :param max_bytes: int, the most bytes a live file may hold, unless a single line is longer
        :param backups: int, how many rotated files to keep, at least 0
        self.directory: str, the directory holding the log files
        self.name: str, the live file's name
        self.max_bytes: int, the most bytes a live file may hold
        self.backups: int, how many rotated files to keep
        self.lines_written: int, lines written through this object
        """
        self.directory = directory
        self.name = name
        self.max_bytes = max_bytes
        self.backups = backups
        self.lines_written = 0

    def path(self, index: int) -> str:
        """
        Path of a log file: index 0 is the live file "<directory>/<name>", index k the backup "<directory>/<name>.<k>".
        :param index: int, from 0 to backups
        :return: str, the path joined with os.path.join
        :raises ValueError: when index is outside 0..backups
        >>> log = RotatingLog("logs", "app.log", backups=2)
        >>> log.path(0) == os.path.join("logs", "app.log"), log.path(2) == os.path.join("logs", "app.log.2")
        (True, True)
        """
        if not 0 <= index <= self.backups:
            raise ValueError(f"index must be between 0 and {self.backups}")
        return os.path.join(self.directory, self.name if index == 0 else f"{self.name}.{index}")

    def size(self) -> int:
        """
        Size in bytes of the live file.
        :return: int, its size, 0 when it does not exist
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     log = RotatingLog(folder)
        ...     before = log.size()
        ...     _ = log.write("héllo")
        ...     (before, log.size())
        (0, 7)
        """
        live = self.path(0)
        return os.path.getsize(live) if os.path.exists(live) else 0

    def rotate(self) -> bool:
        """
        Rotate now: each existing backup "<name>.<k>" moves to "<name>.<k+1>" for k from backups - 1 down to 1
        (replacing what is there), then the live file moves to "<name>.1". With backups = 0 the live file is deleted.
        :return: bool, True when a live file existed and was rotated, False when there was none (nothing changes)
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     log = RotatingLog(folder)
        ...     _ = log.write("first")
        ...     (log.rotate(), log.rotate(), sorted(os.listdir(folder)))
        (True, False, ['app.log.1'])
        """
        live = self.path(0)
        if not os.path.exists(live):
            return False
        if self.backups == 0:
            os.remove(live)
            return True
        for index in range(self.backups - 1, 0, -1):
            if os.path.exists(self.path(index)):
                os.replace(self.path(index), self.path(index + 1))
        os.replace(live, self.path(1))
        return True

    def write(self, line: str) -> int:
        """
        Append a line and a newline to the live file, rotating first when the live file is not empty and would
        grow beyond max_bytes.
        :param line: str, the text of one line, without a newline
        :return: int, the size of the live file in bytes after writing
        :raises ValueError: when the line contains "\\n" or "\\r"
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     log = RotatingLog(folder, max_bytes=10)
        ...     (log.write("1234"), log.write("5678"), log.write("x"), log.lines_written)
        (5, 10, 2, 3)
        """
        if "\n" in line or "\r" in line:
            raise ValueError("a log line cannot contain a line break")
        data = (line + "\n").encode("utf-8")
        current = self.size()
        if current > 0 and current + len(data) > self.max_bytes:
            self.rotate()
        with open(self.path(0), "ab") as handle:
            handle.write(data)
        self.lines_written += 1
        return self.size()

    def read_all(self) -> list:
        """
        All lines still kept, oldest first: the highest-numbered backup first, the live file last. Only the files
        "<name>.<backups>" down to "<name>.1" and the live file are read; a missing one is skipped, and a file
        numbered above backups is not kept, so it is not read.
        :return: list of str, the lines without their newlines
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     log = RotatingLog(folder, max_bytes=6, backups=1)
        ...     for word in ["one", "two", "six"]:
        ...         _ = log.write(word)
        ...     log.read_all()
        ['two', 'six']
        """
        lines = []
        for index in range(self.backups, -1, -1):
            if os.path.exists(self.path(index)):
                with open(self.path(index), encoding="utf-8") as handle:
                    lines.extend(handle.read().splitlines())
        return lines

    def tail(self, count: int) -> list:
        """
        The last lines still kept, oldest first.
        :param count: int, how many lines, at least 0
        :return: list of str, the last count lines (all of them when fewer are kept; none for count 0)
        :raises ValueError: when count is negative
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     log = RotatingLog(folder, max_bytes=8)
        ...     for word in ["a", "b", "c", "d", "e"]:
        ...         _ = log.write(word)
        ...     (log.tail(2), log.tail(0), log.tail(9))
        (['d', 'e'], [], ['a', 'b', 'c', 'd', 'e'])
        """
        if count < 0:
            raise ValueError("count cannot be negative")
        lines = self.read_all()
        return lines[max(len(lines) - count, 0) :]
