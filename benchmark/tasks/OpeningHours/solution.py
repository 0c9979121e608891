import re
from datetime import date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo


class OpeningHours:
    """
    The weekly opening hours of a shop, kept in the local time of its IANA time zone, with dates on which it is
    closed. Questions are asked in UTC, written "YYYY-MM-DD HH:MM", and answered for the local time at that
    moment, so that daylight-saving changes are followed. Dates, times and times of day are written exactly in
    their pattern, every field with exactly that many digits, zero-padded ("2026-12-05 09:00", "09:00"; never
    "2026-12-5 9:00", "9:00" or "20261205"), with nothing before or after them (but for the spaces set_day
    allows around the parts of a span). Days are named "mon", "tue", "wed", "thu", "fri",
    "sat" and "sun"; a day whose hours were never set is closed.
    """

    DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    def __init__(self, zone: str):
        """
        Create opening hours without open days.
        :param zone: str, the shop's IANA time zone name, e.g. "Europe/Oslo" (one zoneinfo knows)
        self.zone: str, the time zone name
        self.weekly: dict, day name -> list of [opens, closes] pairs of "HH:MM" texts in the order of the day
            ("24:00" closes at midnight); [] for a day set to closed; {} at first
        self.closed_dates: set, the local dates "YYYY-MM-DD" on which the shop stays closed; empty at first
        """
        self.zone = zone
        self.weekly = {}
        self.closed_dates = set()

    def set_day(self, day: str, spans: str) -> int:
        """
        Set the hours of one day of the week, replacing any set before.
        :param day: str, a day name ("mon" ... "sun")
        :param spans: str, comma-separated spans "HH:MM-HH:MM" (spaces allowed around the parts), e.g.
            "09:00-12:00, 13:00-17:30"; a span opens at 00:00 to 23:59 and closes after it opens, at 24:00 at the
            latest; spans may touch but not overlap; "" (or only spaces) for a day closed
        :return: int, the minutes the shop is open that day
        :raises ValueError: when the day is unknown or spans is not written that way (nothing changes then)
        >>> shop = OpeningHours("Europe/Oslo")
        >>> shop.set_day("mon", "13:00-17:30, 09:00-12:00"), shop.weekly
        (450, {'mon': [['09:00', '12:00'], ['13:00', '17:30']]})
        """
        if day not in self.DAYS:
            raise ValueError(f"unknown day: {day!r}")
        found = []
        for part in spans.split(",") if spans.strip() else []:
            match = re.fullmatch(r" *((?:[01]\d|2[0-3]):[0-5]\d) *- *((?:[01]\d|2[0-3]):[0-5]\d|24:00) *", part)
            if match is None or match.group(1) >= match.group(2):
                raise ValueError(f"not a span: {part!r}")
            found.append([match.group(1), match.group(2)])
        found.sort()
        if any(later[0] < earlier[1] for earlier, later in zip(found, found[1:])):
            raise ValueError("spans overlap")
        self.weekly[day] = found
        return sum(self.minutes(closes) - self.minutes(opens) for opens, closes in found)

    def minutes(self, text: str) -> int:
        """
        The minutes since midnight of a time of day.
        :param text: str, "HH:MM", from "00:00" to "24:00"
        :return: int, hours * 60 + minutes
        >>> OpeningHours("UTC").minutes("13:45"), OpeningHours("UTC").minutes("24:00")
        (825, 1440)
        """
        return int(text[:2]) * 60 + int(text[3:])

    def close_on(self, day: str) -> bool:
        """
        Close the shop on a date (a holiday), whatever its weekly hours.
        :param day: str, a real local date, "YYYY-MM-DD"
        :return: bool, True when the date was added now, False when it already was closed
        :raises ValueError: when day is not a real date written that way
        >>> shop = OpeningHours("Europe/Oslo")
        >>> shop.close_on("2026-12-25"), shop.close_on("2026-12-25"), shop.closed_dates
        (True, False, {'2026-12-25'})
        """
        if not re.fullmatch(r"\d{4}-\d\d-\d\d", day):
            raise ValueError(f"not a date: {day!r}")
        date.fromisoformat(day)
        if day in self.closed_dates:
            return False
        self.closed_dates.add(day)
        return True

    def local_time(self, utc: str) -> str:
        """
        The shop's local time at a UTC time.
        :param utc: str, "YYYY-MM-DD HH:MM"
        :return: str, the local time, "YYYY-MM-DD HH:MM"
        :raises ValueError: when utc is not a real time written that way
        >>> shop = OpeningHours("Europe/Oslo")
        >>> shop.local_time("2026-12-05 08:30"), shop.local_time("2026-07-01 22:15")
        ('2026-12-05 09:30', '2026-07-02 00:15')
        """
        if not re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", utc):
            raise ValueError(f"not a time written YYYY-MM-DD HH:MM: {utc!r}")
        moment = datetime.strptime(utc, "%Y-%m-%d %H:%M").replace(tzinfo=timezone.utc)
        return moment.astimezone(ZoneInfo(self.zone)).strftime("%Y-%m-%d %H:%M")

    def is_open(self, utc: str) -> bool:
        """
        Whether the shop is open at a UTC time: the local date is not closed and the local time lies in one of
        that weekday's spans, from its opening (included) to its closing (excluded).
        :param utc: str, "YYYY-MM-DD HH:MM"
        :return: bool, True when open
        :raises ValueError: when utc is not a real time written that way
        >>> shop = OpeningHours("Europe/Oslo")
        >>> shop.set_day("sat", "10:00-16:00")
        360
        >>> shop.is_open("2026-12-05 08:59"), shop.is_open("2026-12-05 09:00"), shop.is_open("2026-12-05 15:00")
        (False, True, False)
        """
        local = self.local_time(utc)
        if local[:10] in self.closed_dates:
            return False
        now = self.minutes(local[11:])
        spans = self.weekly.get(self.DAYS[date.fromisoformat(local[:10]).weekday()], [])
        return any(self.minutes(opens) <= now < self.minutes(closes) for opens, closes in spans)

    def next_opening(self, utc: str) -> str:
        """
        The first moment, at or after a UTC time, at which the shop is open: the time itself when the shop is
        open then, else the next opening of a span. Only the local date of that time and the 14 dates after it
        are searched.
        :param utc: str, "YYYY-MM-DD HH:MM"
        :return: str, that moment in UTC, "YYYY-MM-DD HH:MM"; "" when the shop does not open in those dates
        :raises ValueError: when utc is not a real time written that way
        >>> shop = OpeningHours("Europe/Oslo")
        >>> shop.set_day("mon", "09:00-17:00")
        480
        >>> shop.next_opening("2026-12-05 12:00"), shop.next_opening("2026-12-07 10:00")
        ('2026-12-07 08:00', '2026-12-07 10:00')
        """
        local = datetime.strptime(self.local_time(utc), "%Y-%m-%d %H:%M")
        moment = datetime.strptime(utc, "%Y-%m-%d %H:%M").replace(tzinfo=timezone.utc)
        place = ZoneInfo(self.zone)
        for offset in range(15):
            day = local.date() + timedelta(days=offset)
            if day.isoformat() in self.closed_dates:
                continue
            for opens, closes in self.weekly.get(self.DAYS[day.weekday()], []):
                midnight = datetime.combine(day, time(0, 0), tzinfo=place)
                start = midnight + timedelta(minutes=self.minutes(opens))
                end = midnight + timedelta(minutes=self.minutes(closes))
                if moment < end.astimezone(timezone.utc):
                    return max(moment, start.astimezone(timezone.utc)).strftime("%Y-%m-%d %H:%M")
        return ""

    def weekly_minutes(self) -> int:
        """
        How long the shop is open in a week without closed dates.
        :return: int, the minutes of every span of every day
        >>> shop = OpeningHours("Europe/Oslo")
        >>> shop.set_day("mon", "09:00-17:00"), shop.set_day("sat", "10:00-14:00")
        (480, 240)
        >>> shop.weekly_minutes()
        720
        """
        return sum(
            self.minutes(closes) - self.minutes(opens) for spans in self.weekly.values() for opens, closes in spans
        )
