import math
import re
from collections import Counter
from datetime import date, timedelta


class OnCallRotation:
    """
    An on-call rotation over calendar days. People take turns in the order they joined: the first person covers
    shift_days days from the start day, the second the next shift_days days, and so on, and after the last person
    the first again. The turns are always counted from the start day for the people in the rotation now. A swap
    hands a single day to someone else without moving any turn. Days are ISO dates written "YYYY-MM-DD".
    """

    def __init__(self, start: str, shift_days: int):
        """
        Start a rotation with nobody in it.
        :param start: str, the first day of the rotation, "YYYY-MM-DD"
        :param shift_days: int, how many days each turn lasts, at least 1
        :raises ValueError: when start is not a valid date or shift_days is below 1
        self.start: datetime.date, the first day of the rotation
        self.shift_days: int, how many days each turn lasts
        self.people: list of str, the names in turn order, [] at first
        self.swaps: dict of str to str, a swapped day ("YYYY-MM-DD") to the person covering it instead, {} at first
        """
        if shift_days < 1:
            raise ValueError("a turn lasts at least one day")
        self.start = date.fromisoformat(start)
        self.shift_days = shift_days
        self.people = []
        self.swaps = {}

    def join(self, name: str) -> int:
        """
        Add a person at the end of the turn order.
        :param name: str, the person's name, not empty
        :return: int, how many people the rotation has now
        :raises ValueError: when the name is empty or already in the rotation
        >>> rota = OnCallRotation("2026-12-07", 7)
        >>> rota.join("Ana"), rota.join("Bo"), rota.people
        (1, 2, ['Ana', 'Bo'])
        """
        if not name or name in self.people:
            raise ValueError(f"cannot add {name!r}")
        self.people.append(name)
        return len(self.people)

    def regular(self, day: str) -> str:
        """
        Whose turn a day falls in, ignoring swaps: with d the number of days from the start day to this day and n
        the number of people, the person at position (d // shift_days) % n of the turn order.
        :param day: str, "YYYY-MM-DD" (exactly four, two and two digits 0-9)
        :return: str, the person whose turn it is
        :raises ValueError: when day is not written that way or is no valid date, when it is before the start day,
            or when the rotation has nobody
        >>> rota = OnCallRotation("2026-12-07", 7)
        >>> rota.join("Ana"), rota.join("Bo")
        (1, 2)
        >>> rota.regular("2026-12-13"), rota.regular("2026-12-14"), rota.regular("2026-12-21")
        ('Ana', 'Bo', 'Ana')
        """
        if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", day):
            raise ValueError(f"not a day: {day!r}")
        days = (date.fromisoformat(day) - self.start).days
        if days < 0 or not self.people:
            raise ValueError(f"nobody is on call on {day}")
        return self.people[days // self.shift_days % len(self.people)]

    def on_call(self, day: str) -> str:
        """
        Who is on call on a day: the person a swap gave the day to, else the person regular gives.
        :param day: str, "YYYY-MM-DD"
        :return: str, the person on call
        :raises ValueError: as regular raises
        >>> rota = OnCallRotation("2026-12-07", 7)
        >>> rota.join("Ana"), rota.join("Bo"), rota.swap("2026-12-08", "Bo")
        (1, 2, 'Ana')
        >>> rota.on_call("2026-12-08"), rota.on_call("2026-12-09")
        ('Bo', 'Ana')
        """
        person = self.regular(day)
        return self.swaps.get(day, person)

    def swap(self, day: str, name: str) -> str:
        """
        Hand one day to a person. When that person is the one whose turn the day falls in, the day's swap is
        removed instead of recorded.
        :param day: str, "YYYY-MM-DD"
        :param name: str, a person in the rotation who is not already on call that day
        :return: str, who was on call that day before
        :raises ValueError: when the name is not in the rotation, when the person is already on call that day, or
            as regular raises (nothing changes then)
        >>> rota = OnCallRotation("2026-12-07", 7)
        >>> rota.join("Ana"), rota.join("Bo")
        (1, 2)
        >>> rota.swap("2026-12-08", "Bo"), rota.swaps
        ('Ana', {'2026-12-08': 'Bo'})
        >>> rota.swap("2026-12-08", "Ana"), rota.swaps
        ('Bo', {})
        """
        if name not in self.people:
            raise ValueError(f"{name!r} is not in the rotation")
        previous = self.on_call(day)
        if name == previous:
            raise ValueError(f"{name} is already on call on {day}")
        if name == self.regular(day):
            del self.swaps[day]
        else:
            self.swaps[day] = name
        return previous

    def shifts_of(self, name: str, first: str, last: str) -> list:
        """
        The days from first to last, both included, on which a person is on call (swaps counted).
        :param name: str, a person in the rotation
        :param first: str, the first day, "YYYY-MM-DD"
        :param last: str, the last day, "YYYY-MM-DD", not before first
        :return: list of str, those days in calendar order, [] when there are none
        :raises ValueError: when the name is not in the rotation, when last is before first, or when first or last
            is one regular refuses
        >>> rota = OnCallRotation("2026-12-07", 2)
        >>> rota.join("Ana"), rota.join("Bo")
        (1, 2)
        >>> rota.shifts_of("Bo", "2026-12-07", "2026-12-12")
        ['2026-12-09', '2026-12-10']
        """
        self.regular(first)
        self.regular(last)
        if name not in self.people or first > last:
            raise ValueError(f"no shifts of {name!r} from {first} to {last}")
        days = []
        day = date.fromisoformat(first)
        while day.isoformat() <= last:
            if self.on_call(day.isoformat()) == name:
                days.append(day.isoformat())
            day += timedelta(days=1)
        return days

    def next_turn(self, name: str, after: str) -> str:
        """
        The first day of a person's next turn: the earliest day after the given day on which one of that person's
        turns begins. Swaps do not count.
        :param name: str, a person in the rotation
        :param after: str, "YYYY-MM-DD"; a turn beginning on this day itself does not count
        :return: str, the day the turn begins, "YYYY-MM-DD"
        :raises ValueError: when the name is not in the rotation, or when after is a day regular refuses
        >>> rota = OnCallRotation("2026-12-07", 7)
        >>> rota.join("Ana"), rota.join("Bo")
        (1, 2)
        >>> rota.next_turn("Bo", "2026-12-07"), rota.next_turn("Ana", "2026-12-07")
        ('2026-12-14', '2026-12-21')
        """
        self.regular(after)
        seat = self.people.index(name)
        turn = math.ceil(((date.fromisoformat(after) - self.start).days + 1) / self.shift_days)
        turn += (seat - turn) % len(self.people)
        return (self.start + timedelta(days=turn * self.shift_days)).isoformat()

    def load(self, first: str, last: str) -> dict:
        """
        How many days from first to last, both included, each person is on call (swaps counted).
        :param first: str, the first day, "YYYY-MM-DD"
        :param last: str, the last day, "YYYY-MM-DD", not before first
        :return: dict of str to int, every person in the rotation (in turn order) to their number of days, 0 for
            a person with none
        :raises ValueError: when last is before first, or when first or last is one regular refuses
        >>> rota = OnCallRotation("2026-12-07", 2)
        >>> rota.join("Ana"), rota.join("Bo"), rota.join("Cy")
        (1, 2, 3)
        >>> rota.load("2026-12-07", "2026-12-10")
        {'Ana': 2, 'Bo': 2, 'Cy': 0}
        """
        self.regular(first)
        self.regular(last)
        if first > last:
            raise ValueError(f"{last} is before {first}")
        counts = Counter()
        day = date.fromisoformat(first)
        while day.isoformat() <= last:
            counts[self.on_call(day.isoformat())] += 1
            day += timedelta(days=1)
        return {name: counts[name] for name in self.people}
