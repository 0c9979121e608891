import re
from fractions import Fraction


class StorageQuota:
    """
    The files of one user's storage and the quota they must fit in, with sizes written in decimal units
    (kB = 1000 bytes, MB, GB, TB, each 1000 times the one before) or binary units (KiB = 1024 bytes, MiB, GiB, TiB,
    each 1024 times the one before). Sizes are kept in whole bytes.
    """

    UNITS = {"B": 1, "kB": 1000, "MB": 1000**2, "GB": 1000**3, "TB": 1000**4,
             "KiB": 1024, "MiB": 1024**2, "GiB": 1024**3, "TiB": 1024**4}

    def __init__(self, limit: int):
        """
        Create an empty storage.
        :param limit: int, the quota in bytes, at least 0
        self.limit: int, the quota in bytes
        self.files: dict, file name -> size in bytes, in the order the files were added; {} at first
        """
        self.limit = limit
        self.files = {}

    def parse_size(self, text: str) -> int:
        """
        Read a size: a number (digits, optionally "." and more digits), optionally spaces (" " only, no tab),
        then a unit of UNITS (with this case); whitespace before and after the whole is allowed.
        :param text: str, e.g. "1.5 GiB", "200MB", "12 B"
        :return: int, the size in bytes
        :raises ValueError: when the text does not have this form, the unit is unknown, or the size is not a whole
            number of bytes ("0.5 B", "1.0001 kB")
        >>> quota = StorageQuota(0)
        >>> quota.parse_size("1.5 KiB"), quota.parse_size("2MB"), quota.parse_size(" 0.001 kB ")
        (1536, 2000000, 1)
        """
        match = re.fullmatch(r"\s*(\d+(?:\.\d+)?) *([A-Za-z]+)\s*", text)
        if match is None or match.group(2) not in self.UNITS:
            raise ValueError(f"not a size: {text!r}")
        size = Fraction(match.group(1)) * self.UNITS[match.group(2)]
        if size.denominator != 1:
            raise ValueError(f"not a whole number of bytes: {text!r}")
        return int(size)

    def format_size(self, size: int, binary: bool) -> str:
        """
        Write a size for people: in the largest unit of the system (B, kB, MB, GB, TB, or B, KiB, MiB, GiB, TiB
        when binary) of which the size holds at least one, with the exact value (1005 B is exactly 1.005 kB, not
        the float nearest to it) rounded to two decimals (halves upward, so "1.01 kB") and trailing zeros after
        the point, and then a point left alone, removed. The unit is chosen before rounding ("1024 KiB" can
        result).
        :param size: int, the size in bytes, at least 0
        :param binary: bool, True for binary units, False for decimal ones
        :return: str, the value, one space and the unit
        :raises ValueError: when size is negative
        >>> quota = StorageQuota(0)
        >>> quota.format_size(1536, True), quota.format_size(1536, False), quota.format_size(999, False)
        ('1.5 KiB', '1.54 kB', '999 B')
        """
        if size < 0:
            raise ValueError("a size cannot be negative")
        names = ["B", "KiB", "MiB", "GiB", "TiB"] if binary else ["B", "kB", "MB", "GB", "TB"]
        unit = names[0]
        for name in names:
            if size >= self.UNITS[name]:
                unit = name
        hundredths = (size * 200 + self.UNITS[unit]) // (2 * self.UNITS[unit])
        whole, rest = divmod(hundredths, 100)
        text = f"{whole}.{rest:02d}".rstrip("0").rstrip(".")
        return f"{text} {unit}"

    def add_file(self, name: str, size: str) -> int:
        """
        Store a file, or replace a stored file of the same name, if the quota allows it: the sizes of all files
        (the replaced one no longer counted) may not exceed the limit.
        :param name: str, the file's name, not empty
        :param size: str, the file's size as parse_size reads it
        :return: int, the bytes used by all files afterwards
        :raises ValueError: when the name is empty, the size cannot be read, or the quota would be exceeded
            (nothing changes then)
        >>> quota = StorageQuota(2048)
        >>> quota.add_file("a.txt", "1 KiB"), quota.add_file("b.txt", "1000 B"), quota.add_file("a.txt", "1 kB")
        (1024, 2024, 2000)
        """
        bytes_needed = self.parse_size(size)
        others = sum(used for other, used in self.files.items() if other != name)
        if not name or others + bytes_needed > self.limit:
            raise ValueError(f"cannot store {name!r} of {size}")
        self.files[name] = bytes_needed
        return others + bytes_needed

    def remove_file(self, name: str) -> bool:
        """
        Delete a stored file.
        :param name: str, the file's name
        :return: bool, True when it was removed, False when there was no such file
        >>> quota = StorageQuota(100)
        >>> quota.add_file("a", "10 B")
        10
        >>> quota.remove_file("a"), quota.remove_file("a"), quota.files
        (True, False, {})
        """
        return self.files.pop(name, None) is not None

    def usage(self, binary: bool) -> str:
        """
        A summary of the space used: "<used> of <limit> (<percent>%)", both sizes as format_size writes them, the
        percentage of the limit used rounded down to a whole number (0 when the limit is 0).
        :param binary: bool, True for binary units, False for decimal ones
        :return: str, the summary
        >>> quota = StorageQuota(3 * 1024**2)
        >>> quota.add_file("video", "1.5 MiB")
        1572864
        >>> quota.usage(True), quota.usage(False)
        ('1.5 MiB of 3 MiB (50%)', '1.57 MB of 3.15 MB (50%)')
        """
        used = sum(self.files.values())
        percent = used * 100 // self.limit if self.limit else 0
        return f"{self.format_size(used, binary)} of {self.format_size(self.limit, binary)} ({percent}%)"

    def largest(self, count: int) -> list:
        """
        The biggest files.
        :param count: int, how many at most, at least 1
        :return: list of tuple, (name, size as format_size writes it in binary units) of the count largest files,
            largest first, equal sizes in alphabetical order of the names
        :raises ValueError: when count is below 1
        >>> quota = StorageQuota(10**6)
        >>> for name, size in [("a", "2 KiB"), ("b", "300 B"), ("c", "2048 B")]:
        ...     _ = quota.add_file(name, size)
        >>> quota.largest(2)
        [('a', '2 KiB'), ('c', '2 KiB')]
        """
        if count < 1:
            raise ValueError("count must be at least 1")
        ranked = sorted(self.files.items(), key=lambda item: (-item[1], item[0]))[:count]
        return [(name, self.format_size(size, True)) for name, size in ranked]
