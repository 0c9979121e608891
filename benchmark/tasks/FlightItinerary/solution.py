import re
from datetime import datetime, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError


class FlightItinerary:
    """
    A journey of flights, each leaving and arriving at local times in the IANA time zones of its airports
    ("Europe/Oslo", "America/New_York", ...), kept in UTC so that durations and layovers are exact across
    time zones and daylight-saving changes. Times are written "YYYY-MM-DD HH:MM" (24-hour clock), exactly so:
    every field with exactly that many digits, zero-padded ("2026-12-05 09:00", never "2026-12-5 9:00"), and
    nothing before or after; a time zone name that zoneinfo does not know is an error.
    """

    def __init__(self):
        """
        Create an itinerary without flights.
        self.legs: list of tuple, one per flight in the order added: (flight code, origin zone, departure in UTC,
            destination zone, arrival in UTC), times written "YYYY-MM-DD HH:MM"; [] at first
        """
        self.legs = []

    def to_utc(self, local: str, zone: str) -> str:
        """
        The UTC time of a local time in a time zone. A local time that a daylight-saving change skips (the clocks
        jump over it) does not exist; a local time that occurs twice (the clocks are set back over it) is taken
        at its first occurrence, before the change.
        :param local: str, the local time, "YYYY-MM-DD HH:MM"
        :param zone: str, an IANA time zone name
        :return: str, the same moment in UTC, "YYYY-MM-DD HH:MM"
        :raises ValueError: when local is not a real time written that way, does not exist in the zone, or the
            zone is unknown
        >>> trip = FlightItinerary()
        >>> trip.to_utc("2026-12-05 10:00", "Asia/Kolkata"), trip.to_utc("2026-10-25 02:30", "Europe/Oslo")
        ('2026-12-05 04:30', '2026-10-25 00:30')
        """
        if not re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", local):
            raise ValueError(f"not a time written YYYY-MM-DD HH:MM: {local!r}")
        try:
            place = ZoneInfo(zone)
        except (ZoneInfoNotFoundError, ValueError, OSError) as error:
            raise ValueError(f"unknown time zone: {zone!r}") from error
        moment = datetime.strptime(local, "%Y-%m-%d %H:%M").replace(tzinfo=place)
        utc = moment.astimezone(timezone.utc)
        if utc.astimezone(place).replace(tzinfo=None) != moment.replace(tzinfo=None):
            raise ValueError(f"{local} does not exist in {zone}")
        return utc.strftime("%Y-%m-%d %H:%M")

    def to_local(self, utc: str, zone: str) -> str:
        """
        The local time in a time zone of a UTC time.
        :param utc: str, the UTC time, "YYYY-MM-DD HH:MM"
        :param zone: str, an IANA time zone name
        :return: str, the local time, "YYYY-MM-DD HH:MM"
        :raises ValueError: when utc is not a real time written that way, or the zone is unknown
        >>> trip = FlightItinerary()
        >>> trip.to_local("2026-12-05 23:30", "Asia/Tokyo"), trip.to_local("2026-03-08 07:00", "America/New_York")
        ('2026-12-06 08:30', '2026-03-08 03:00')
        """
        if not re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", utc):
            raise ValueError(f"not a time written YYYY-MM-DD HH:MM: {utc!r}")
        try:
            place = ZoneInfo(zone)
        except (ZoneInfoNotFoundError, ValueError, OSError) as error:
            raise ValueError(f"unknown time zone: {zone!r}") from error
        moment = datetime.strptime(utc, "%Y-%m-%d %H:%M").replace(tzinfo=timezone.utc)
        return moment.astimezone(place).strftime("%Y-%m-%d %H:%M")

    def offset(self, utc: str, zone: str) -> str:
        """
        How far a time zone's clocks are ahead of UTC (or behind it) at a UTC time.
        :param utc: str, the UTC time, "YYYY-MM-DD HH:MM"
        :param zone: str, an IANA time zone name
        :return: str, "+HH:MM" when ahead or equal ("+00:00" for UTC itself), "-HH:MM" when behind
        :raises ValueError: when utc is not a real time written that way, or the zone is unknown
        >>> trip = FlightItinerary()
        >>> trip.offset("2026-07-01 12:00", "America/New_York"), trip.offset("2026-07-01 12:00", "Asia/Kathmandu")
        ('-04:00', '+05:45')
        """
        local = datetime.strptime(self.to_local(utc, zone), "%Y-%m-%d %H:%M")
        moment = datetime.strptime(utc, "%Y-%m-%d %H:%M")
        hours, minutes = divmod(abs(int((local - moment).total_seconds())) // 60, 60)
        return f"{'-' if local < moment else '+'}{hours:02d}:{minutes:02d}"

    def add_leg(self, flight: str, origin: str, departs: str, destination: str, arrives: str) -> int:
        """
        Add a flight at the end of the itinerary. Its departure is a local time at origin and its arrival a local
        time at destination, both read as to_utc reads them; the leg is stored with both times in UTC.
        :param flight: str, the flight code, not empty and not already in the itinerary
        :param origin: str, the time zone of the airport it leaves from
        :param departs: str, the local departure time there, "YYYY-MM-DD HH:MM"
        :param destination: str, the time zone of the airport it lands at
        :param arrives: str, the local arrival time there, "YYYY-MM-DD HH:MM"
        :return: int, the flight's duration in minutes
        :raises ValueError: when the flight code is empty or already used, a time or zone is not valid (see
            to_utc), the flight does not arrive after it departs, or it departs before the previous flight of the
            itinerary arrives (leaving at that very minute is allowed); nothing changes then
        >>> trip = FlightItinerary()
        >>> trip.add_leg("XY100", "Europe/Oslo", "2026-12-05 08:00", "Europe/London", "2026-12-05 09:55")
        175
        >>> trip.legs
        [('XY100', 'Europe/Oslo', '2026-12-05 07:00', 'Europe/London', '2026-12-05 09:55')]
        """
        if not flight or any(leg[0] == flight for leg in self.legs):
            raise ValueError(f"flight code empty or already used: {flight!r}")
        start = self.to_utc(departs, origin)
        end = self.to_utc(arrives, destination)
        if end <= start or (self.legs and start < self.legs[-1][4]):
            raise ValueError(f"flight {flight} does not fit the itinerary")
        self.legs.append((flight, origin, start, destination, end))
        return self.minutes_between(start, end)

    def minutes_between(self, first: str, second: str) -> int:
        """
        The minutes from one UTC time to another.
        :param first: str, the earlier time, "YYYY-MM-DD HH:MM"
        :param second: str, the later time, "YYYY-MM-DD HH:MM"
        :return: int, the minutes from first to second, negative when second is earlier
        :raises ValueError: when a time is not a real time written that way
        >>> FlightItinerary().minutes_between("2026-12-31 23:10", "2027-01-01 01:00")
        110
        """
        times = [datetime.strptime(self.to_local(text, "UTC"), "%Y-%m-%d %H:%M") for text in (first, second)]
        return int((times[1] - times[0]).total_seconds()) // 60

    def layovers(self) -> list:
        """
        The waits between consecutive flights.
        :return: list of tuple, (flight arriving, next flight departing, minutes from the arrival to that
            departure) for each pair of consecutive flights in order; [] with fewer than two flights
        >>> trip = FlightItinerary()
        >>> trip.add_leg("XY100", "Europe/Oslo", "2026-12-05 08:00", "Europe/London", "2026-12-05 09:55")
        175
        >>> trip.add_leg("XY200", "Europe/London", "2026-12-05 12:30", "America/New_York", "2026-12-05 15:40")
        490
        >>> trip.layovers()
        [('XY100', 'XY200', 155)]
        """
        return [
            (before[0], after[0], self.minutes_between(before[4], after[2]))
            for before, after in zip(self.legs, self.legs[1:])
        ]

    def total_minutes(self) -> int:
        """
        How long the whole journey takes, layovers included: from the first flight's departure to the last
        flight's arrival.
        :return: int, the minutes, 0 without flights
        >>> trip = FlightItinerary()
        >>> trip.add_leg("XY100", "Europe/Oslo", "2026-12-05 08:00", "Europe/London", "2026-12-05 09:55")
        175
        >>> trip.add_leg("XY200", "Europe/London", "2026-12-05 12:30", "America/New_York", "2026-12-05 15:40")
        490
        >>> trip.total_minutes()
        820
        """
        if not self.legs:
            return 0
        return self.minutes_between(self.legs[0][2], self.legs[-1][4])

    def itinerary(self) -> list:
        """
        The flights as travellers read them: each time local to its airport, with that airport's offset then.
        :return: list of str, one line per flight in order:
            "FLIGHT ORIGIN DEPARTURE OFFSET -> DESTINATION ARRIVAL OFFSET", the times "YYYY-MM-DD HH:MM" local to
            their zone and each offset as offset writes it; [] without flights
        >>> trip = FlightItinerary()
        >>> trip.add_leg("XY200", "Europe/London", "2026-07-05 12:30", "America/New_York", "2026-07-05 15:40")
        490
        >>> trip.itinerary()
        ['XY200 Europe/London 2026-07-05 12:30 +01:00 -> America/New_York 2026-07-05 15:40 -04:00']
        """
        return [
            f"{flight} {origin} {self.to_local(start, origin)} {self.offset(start, origin)} -> "
            f"{destination} {self.to_local(end, destination)} {self.offset(end, destination)}"
            for flight, origin, start, destination, end in self.legs
        ]
