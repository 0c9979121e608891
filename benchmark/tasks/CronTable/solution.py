import re
from datetime import date, datetime, timedelta


class CronTable:
    """
    Named jobs run on cron-like schedules. A schedule has five fields separated by spaces: minute (0-59), hour
    (0-23), day of the month (1-31), month (1-12) and weekday (0-6, 0 being Sunday). A job runs at every minute
    whose minute, hour, day, month and weekday are all in their fields. Times are written "YYYY-MM-DD HH:MM" and
    dates "YYYY-MM-DD", exactly so: every field with exactly that many digits, zero-padded ("2026-12-07 09:00",
    never "2026-12-7 9:00" or "20261207"), and nothing before or after.
    """

    LIMITS = [(0, 59), (0, 23), (1, 31), (1, 12), (0, 6)]

    def __init__(self):
        """
        Create a table without jobs.
        self.jobs: dict, job name -> list of the five fields' values, each a sorted list of int; {} at first
        """
        self.jobs = {}

    def parse_field(self, text: str, low: int, high: int) -> list:
        """
        Read one field: comma-separated parts, each "*" (every value from low to high), a value "N", a range
        "A-B", or one of these followed by "/S" (every S-th value of it, starting with its first; "N/S" runs from
        N to high).
        :param text: str, the field
        :param low: int, the smallest value allowed
        :param high: int, the largest value allowed
        :return: list of int, the values, sorted, each once
        :raises ValueError: when a part is not written that way, a value is outside low..high, a range runs
            backwards (A above B), or a step is 0
        >>> table = CronTable()
        >>> table.parse_field("*/15", 0, 59), table.parse_field("1-5,0", 0, 6), table.parse_field("50/4", 0, 59)
        ([0, 15, 30, 45], [0, 1, 2, 3, 4, 5], [50, 54, 58])
        """
        values = set()
        for part in text.split(","):
            match = re.fullmatch(r"(?:\*|(\d+)(?:-(\d+))?)(?:/(\d+))?", part)
            if match is None:
                raise ValueError(f"not a field part: {part!r}")
            first, last, step = match.groups()
            start = low if first is None else int(first)
            end = high if first is None or (last is None and step) else int(last or first)
            if not low <= start <= end <= high:
                raise ValueError(f"out of range: {part!r}")
            values.update(range(start, end + 1, int(step or 1)))  # a step of 0 raises ValueError
        return sorted(values)

    def add_job(self, name: str, schedule: str) -> bool:
        """
        Add a job, or give a job a new schedule.
        :param name: str, the job's name, not empty
        :param schedule: str, five fields (see parse_field and LIMITS) separated by one or more spaces
        :return: bool, True when the job is new, False when its schedule was replaced
        :raises ValueError: when name is empty, the schedule does not have five fields, or a field cannot be read
            (nothing changes then)
        >>> table = CronTable()
        >>> table.add_job("backup", "30 2 * * 0"), table.jobs["backup"][:2]
        (True, [[30], [2]])
        """
        fields = schedule.split()
        if not name or len(fields) != 5:
            raise ValueError("a job needs a name and five fields")
        parsed = [self.parse_field(text, low, high) for text, (low, high) in zip(fields, self.LIMITS)]
        new = name not in self.jobs
        self.jobs[name] = parsed
        return new

    def runs_on(self, name: str, day: str) -> list:
        """
        The times of day at which a job runs on a date.
        :param name: str, a job of the table
        :param day: str, a real date, "YYYY-MM-DD"
        :return: list of str, "HH:MM" in order; [] when the date's day, month or weekday is not in the schedule
        :raises ValueError: when the job is unknown or day is not a real date written that way
        >>> table = CronTable()
        >>> table.add_job("report", "0,30 8 * * 1-5")
        True
        >>> table.runs_on("report", "2026-12-07"), table.runs_on("report", "2026-12-06")
        (['08:00', '08:30'], [])
        """
        if name not in self.jobs or not re.fullmatch(r"\d{4}-\d\d-\d\d", day):
            raise ValueError(f"unknown job or not a date: {name!r}, {day!r}")
        when = date.fromisoformat(day)
        minutes, hours, days, months, weekdays = self.jobs[name]
        if when.day not in days or when.month not in months or (when.weekday() + 1) % 7 not in weekdays:
            return []
        return [f"{hour:02d}:{minute:02d}" for hour in hours for minute in minutes]

    def matches(self, name: str, when: str) -> bool:
        """
        Whether a job runs at a minute.
        :param name: str, a job of the table
        :param when: str, a real time, "YYYY-MM-DD HH:MM"
        :return: bool, True when the job runs then
        :raises ValueError: when the job is unknown or when is not a real time written that way
        >>> table = CronTable()
        >>> table.add_job("work", "*/15 9-17 * * 1-5")
        True
        >>> table.matches("work", "2026-12-07 09:15"), table.matches("work", "2026-12-05 09:15")
        (True, False)
        """
        if not re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", when):
            raise ValueError(f"not a time: {when!r}")
        datetime.strptime(when, "%Y-%m-%d %H:%M")
        return when[11:] in self.runs_on(name, when[:10])

    def next_run(self, name: str, after: str) -> str:
        """
        The first time strictly after a given time at which a job runs, looking at most 1461 days (four years)
        beyond the given time's date: the last date searched is the one 1461 days after it, included.
        :param name: str, a job of the table
        :param after: str, a real time, "YYYY-MM-DD HH:MM"
        :return: str, "YYYY-MM-DD HH:MM"; "" when the job does not run in that window
        :raises ValueError: when the job is unknown or after is not a real time written that way
        >>> table = CronTable()
        >>> table.add_job("work", "*/15 9-17 * * 1-5")
        True
        >>> table.next_run("work", "2026-12-05 12:00"), table.next_run("work", "2026-12-07 09:00")
        ('2026-12-07 09:00', '2026-12-07 09:15')
        """
        if not re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", after):
            raise ValueError(f"not a time: {after!r}")
        start = datetime.strptime(after, "%Y-%m-%d %H:%M")
        for offset in range(1462):
            day = (start + timedelta(days=offset)).date().isoformat()
            for clock in self.runs_on(name, day):
                if f"{day} {clock}" > after:
                    return f"{day} {clock}"
        return ""

    def jobs_at(self, when: str) -> list:
        """
        The jobs that run at a minute.
        :param when: str, a real time, "YYYY-MM-DD HH:MM"
        :return: list of str, the names of the jobs that run then, in alphabetical order
        :raises ValueError: when is not a real time written that way
        >>> table = CronTable()
        >>> table.add_job("b", "0 * * * *"), table.add_job("a", "0 12 * * *"), table.add_job("c", "5 12 * * *")
        (True, True, True)
        >>> table.jobs_at("2026-12-05 12:00")
        ['a', 'b']
        """
        if not re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", when):
            raise ValueError(f"not a time: {when!r}")
        datetime.strptime(when, "%Y-%m-%d %H:%M")
        return [name for name in sorted(self.jobs) if self.matches(name, when)]
