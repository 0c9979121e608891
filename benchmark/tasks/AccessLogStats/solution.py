import re
from datetime import datetime, timedelta, timezone


class AccessLogStats:
    """
    Statistics over the lines of a web server's access log in the Common Log Format, e.g.
    '127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /index.html?q=1 HTTP/1.0" 200 2326'.
    Lines that do not have this form are counted as rejected and otherwise ignored.
    """

    MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    def __init__(self):
        """
        Create empty statistics.
        self.entries: list, one tuple per accepted line, in the order added: (host, user, time in UTC as
            "YYYY-MM-DD HH:MM:SS", method, path without its query string, status (int), size in bytes (int))
        self.rejected: int, the number of lines not accepted, 0 at first
        """
        self.entries = []
        self.rejected = 0

    def add_line(self, line: str) -> bool:
        """
        Read one log line. Its form: host, identity, user (each a run of non-space characters; a user of "-"
        is kept as "-"), the time in brackets as DD/Mon/YYYY:HH:MM:SS followed by a space and an offset +HHMM or
        -HHMM (Mon being an English month abbreviation such as "Oct", with this case), the request in double
        quotes as method, path and protocol (HTTP/ followed by digit.digit) separated by single spaces, the
        three-digit status (100 to 599) and the size: digits, or "-" for 0. Single spaces separate the parts;
        whitespace at the ends of the line is ignored. The time is converted to UTC (subtracting the offset) and
        the path loses everything from the first "?" on.
        :param line: str, one line of the log
        :return: bool, True when the line was accepted and added to self.entries, False when it was rejected
            (self.rejected grows by one then); a time that does not exist (31/Apr) is rejected too
        >>> stats = AccessLogStats()
        >>> stats.add_line('127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /a.gif?x=1 HTTP/1.0" 200 2326')
        True
        >>> stats.entries
        [('127.0.0.1', 'frank', '2000-10-10 20:55:36', 'GET', '/a.gif', 200, 2326)]
        >>> stats.add_line("garbage"), stats.rejected
        (False, 1)
        """
        match = re.fullmatch(
            r'(\S+) \S+ (\S+) \[(\d\d)/([A-Za-z]{3})/(\d{4}):(\d\d):(\d\d):(\d\d) ([+-])(\d\d)(\d\d)\] '
            r'"(\S+) (\S+) HTTP/\d\.\d" (\d{3}) (\d+|-)',
            line.strip(),
        )
        if match is None or match.group(4) not in self.MONTHS or not 100 <= int(match.group(14)) <= 599:
            self.rejected += 1
            return False
        day, month, year, hour, minute, second = match.group(3, 4, 5, 6, 7, 8)
        offset = timedelta(hours=int(match.group(10)), minutes=int(match.group(11)))
        if match.group(9) == "-":
            offset = -offset
        try:
            moment = datetime(int(year), self.MONTHS.index(month) + 1, int(day), int(hour), int(minute),
                              int(second), tzinfo=timezone(offset))
        except ValueError:
            self.rejected += 1
            return False
        size = 0 if match.group(15) == "-" else int(match.group(15))
        utc = moment.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M:%S")
        path = match.group(13).split("?")[0]
        self.entries.append((match.group(1), match.group(2), utc, match.group(12), path, int(match.group(14)), size))
        return True

    def add_text(self, text: str) -> int:
        """
        Read a whole log: every line of the text (lines separated by "\\n") that is not blank (empty or only
        whitespace) is read as add_line reads it; blank lines are skipped and not rejected.
        :param text: str, the log
        :return: int, the number of lines accepted
        >>> stats = AccessLogStats()
        >>> stats.add_text('h - - [01/Jan/2024:00:00:00 +0000] "GET / HTTP/1.1" 200 5\\n\\nbad line\\n')
        1
        >>> stats.rejected
        1
        """
        return sum(self.add_line(line) for line in text.split("\n") if line.strip())

    def status_classes(self) -> dict:
        """
        How many accepted requests fall into each status class: "1xx" for 100-199 up to "5xx" for 500-599.
        :return: dict, class -> count, only classes with at least one request, in increasing order
        >>> stats = AccessLogStats()
        >>> for status in [200, 404, 204, 503]:
        ...     _ = stats.add_line(f'h - - [01/Jan/2024:00:00:00 +0000] "GET / HTTP/1.1" {status} 0')
        >>> stats.status_classes()
        {'2xx': 2, '4xx': 1, '5xx': 1}
        """
        counts = {}
        for entry in self.entries:
            name = f"{entry[5] // 100}xx"
            counts[name] = counts.get(name, 0) + 1
        return dict(sorted(counts.items()))

    def top_paths(self, n: int) -> list:
        """
        The paths requested most often.
        :param n: int, how many paths at most, at least 1
        :return: list of tuple, (path, number of requests) for the n most requested paths, most requested first,
            equal counts in alphabetical order of the paths
        :raises ValueError: when n is below 1
        >>> stats = AccessLogStats()
        >>> for path in ["/b", "/a?x=1", "/b", "/a", "/c"]:
        ...     _ = stats.add_line(f'h - - [01/Jan/2024:00:00:00 +0000] "GET {path} HTTP/1.1" 200 0')
        >>> stats.top_paths(2)
        [('/a', 2), ('/b', 2)]
        """
        if n < 1:
            raise ValueError("n must be at least 1")
        counts = {}
        for entry in self.entries:
            counts[entry[4]] = counts.get(entry[4], 0) + 1
        return sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:n]

    def bytes_by_host(self) -> dict:
        """
        The bytes sent to each host.
        :return: dict, host -> total size of its accepted requests, hosts in alphabetical order
        >>> stats = AccessLogStats()
        >>> stats.add_text('b - - [01/Jan/2024:00:00:00 +0000] "GET / HTTP/1.1" 200 10\\n'
        ...                'a - - [01/Jan/2024:00:00:00 +0000] "GET / HTTP/1.1" 304 -\\n'
        ...                'b - - [01/Jan/2024:00:00:00 +0000] "GET / HTTP/1.1" 200 5')
        3
        >>> stats.bytes_by_host()
        {'a': 0, 'b': 15}
        """
        totals = {}
        for entry in self.entries:
            totals[entry[0]] = totals.get(entry[0], 0) + entry[6]
        return dict(sorted(totals.items()))

    def hourly(self) -> dict:
        """
        How many accepted requests fall into each hour of UTC time.
        :return: dict, "YYYY-MM-DD HH" (UTC) -> count, only hours with requests, in time order
        >>> stats = AccessLogStats()
        >>> stats.add_text('h - - [31/Dec/2023:23:30:00 -0100] "GET / HTTP/1.1" 200 1\\n'
        ...                'h - - [01/Jan/2024:00:59:59 +0000] "GET / HTTP/1.1" 200 1')
        2
        >>> stats.hourly()
        {'2024-01-01 00': 2}
        """
        counts = {}
        for entry in self.entries:
            counts[entry[2][:13]] = counts.get(entry[2][:13], 0) + 1
        return dict(sorted(counts.items()))
