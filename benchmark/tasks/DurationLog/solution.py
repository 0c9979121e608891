import re


class DurationLog:
    """
    A log of labelled durations, such as time spent per project. Durations are read from three notations:
    compact ("1h 30m", "2d4h", "45s"), clock ("1:30" or "1:30:15") and ISO 8601 ("PT1H30M", "P1DT2H", "P2W").
    Totals are written back in compact, clock or ISO 8601 notation. All durations are whole seconds.
    """

    def __init__(self, largest_unit: str = "d"):
        """
        Create an empty log.
        :param largest_unit: str, the largest unit format may use: "w", "d", "h", "m" or "s"
        self.largest_unit: str, the largest unit format may use
        self.entries: list, one tuple (label, seconds) per added duration, oldest first
        """
        self.largest_unit = largest_unit
        self.entries = []

    def parse(self, text: str) -> int:
        """
        Read a duration. Surrounding whitespace is ignored.
        Compact: parts "<n>w", "<n>d", "<n>h", "<n>m", "<n>s" in this order, each at most once, at least one,
        optionally separated by whitespace. Clock: "H:MM" or "H:MM:SS" with any number of hours and minutes and
        seconds from 00 to 59. ISO 8601: "P", then optional "<n>W" and "<n>D", then optionally "T" followed by
        at least one of "<n>H", "<n>M", "<n>S" in this order; at least one part in total.
        In compact and ISO 8601 notation, <n> is a whole number written in digits only (no sign, no decimal
        point), right before its unit letter with no space between, and the letters are case-sensitive:
        lower-case units in compact notation, upper-case "P", "T" and units in ISO 8601.
        :param text: str, the duration text
        :return: int, the duration in seconds (1w = 7d, 1d = 24h)
        :raises ValueError: when the text matches none of the notations
        >>> log = DurationLog()
        >>> log.parse("1h 30m"), log.parse("2d4h"), log.parse("1:30"), log.parse("0:01:05"), log.parse("P1DT2H")
        (5400, 187200, 5400, 65, 93600)
        """
        text = text.strip()
        clock = re.fullmatch(r"(\d+):([0-5]\d)(?::([0-5]\d))?", text)
        if clock:
            return int(clock.group(1)) * 3600 + int(clock.group(2)) * 60 + int(clock.group(3) or 0)
        iso = re.fullmatch(r"P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?", text)
        compact = re.fullmatch(r"(?:(\d+)w)?\s*(?:(\d+)d)?\s*(?:(\d+)h)?\s*(?:(\d+)m)?\s*(?:(\d+)s)?", text)
        match = iso if iso and not text.endswith("T") else compact
        if match is None or not any(match.groups()):
            raise ValueError(f"not a duration: {text!r}")
        sizes = [604800, 86400, 3600, 60, 1]
        return sum(int(group) * size for group, size in zip(match.groups(), sizes) if group)

    def format(self, seconds: int) -> str:
        """
        Write a duration in compact notation: units from largest_unit down to "s", zero parts left out,
        parts separated by one space; zero seconds is "0s".
        :param seconds: int, a non-negative number of seconds
        :return: str, the compact text
        :raises ValueError: when seconds is negative or largest_unit is not one of the five units
        >>> DurationLog().format(93784), DurationLog("h").format(93784), DurationLog().format(0)
        ('1d 2h 3m 4s', '26h 3m 4s', '0s')
        """
        if seconds < 0:
            raise ValueError("a duration cannot be negative")
        units = [("w", 604800), ("d", 86400), ("h", 3600), ("m", 60), ("s", 1)]
        # list.index raises the documented ValueError for an unknown unit
        start = [name for name, _ in units].index(self.largest_unit)
        parts = []
        for name, size in units[start:]:
            count, seconds = divmod(seconds, size)
            if count:
                parts.append(f"{count}{name}")
        return " ".join(parts) or "0s"

    def to_clock(self, seconds: int) -> str:
        """
        Write a duration as "H:MM:SS"; hours are not limited to 24 and have no leading zeros.
        :param seconds: int, a non-negative number of seconds
        :return: str, the clock text
        :raises ValueError: when seconds is negative
        >>> DurationLog().to_clock(5405), DurationLog().to_clock(90000), DurationLog().to_clock(59)
        ('1:30:05', '25:00:00', '0:00:59')
        """
        if seconds < 0:
            raise ValueError("a duration cannot be negative")
        hours, rest = divmod(seconds, 3600)
        minutes, secs = divmod(rest, 60)
        return f"{hours}:{minutes:02d}:{secs:02d}"

    def to_iso(self, seconds: int) -> str:
        """
        Write a duration in ISO 8601 notation with days, hours, minutes and seconds (never weeks), leaving out
        zero parts and the "T" when there is no time part; zero seconds is "PT0S".
        :param seconds: int, a non-negative number of seconds
        :return: str, the ISO 8601 text
        :raises ValueError: when seconds is negative
        >>> DurationLog().to_iso(93784), DurationLog().to_iso(172800), DurationLog().to_iso(0), DurationLog().to_iso(60)
        ('P1DT2H3M4S', 'P2D', 'PT0S', 'PT1M')
        """
        if seconds < 0:
            raise ValueError("a duration cannot be negative")
        if seconds == 0:
            return "PT0S"
        days, rest = divmod(seconds, 86400)
        hours, rest = divmod(rest, 3600)
        minutes, secs = divmod(rest, 60)
        date_part = f"{days}D" if days else ""
        time_part = "".join(f"{n}{unit}" for n, unit in [(hours, "H"), (minutes, "M"), (secs, "S")] if n)
        return "P" + date_part + ("T" + time_part if time_part else "")

    def add(self, label: str, text: str) -> int:
        """
        Parse a duration and record it under a label.
        :param label: str, what the time was spent on
        :param text: str, the duration in any notation parse accepts
        :return: int, the total seconds of all entries in the log after adding, whatever their label
        :raises ValueError: when the text is not a duration (nothing is recorded then)
        >>> log = DurationLog()
        >>> log.add("review", "45m"), log.add("coding", "1:15")
        (2700, 7200)
        >>> log.entries
        [('review', 2700), ('coding', 4500)]
        """
        seconds = self.parse(text)
        self.entries.append((label, seconds))
        return sum(entry[1] for entry in self.entries)

    def summary(self) -> dict:
        """
        Total time per label in compact notation (see format).
        :return: dict, label -> compact total, labels in the order of their first entry
        :raises ValueError: when largest_unit is not one of the five units and the log is not empty
        >>> log = DurationLog("h")
        >>> log.entries = [("coding", 5400), ("review", 600), ("coding", 86400)]
        >>> log.summary()
        {'coding': '25h 30m', 'review': '10m'}
        """
        totals = {}
        for label, seconds in self.entries:
            totals[label] = totals.get(label, 0) + seconds
        return {label: self.format(total) for label, total in totals.items()}
