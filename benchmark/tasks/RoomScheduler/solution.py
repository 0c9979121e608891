from datetime import datetime


class RoomScheduler:
    """
    Books meeting rooms for slots within one day. Slots are half-open intervals [start, end): a booking
    ending at 10:00 does not clash with one starting at 10:00. Bookings must lie within the opening hours
    and fit the room's capacity.
    """

    def __init__(self, rooms: dict, opening: str = "08:00", closing: str = "18:00"):
        """
        Create a scheduler without bookings.
        :param rooms: dict, room name -> capacity (number of people)
        :param opening: str, opening time "HH:MM", the same every day
        :param closing: str, closing time "HH:MM", the same every day
        self.rooms: dict, room name -> capacity
        self.opening: str, opening time "HH:MM"
        self.closing: str, closing time "HH:MM"
        self.bookings: dict, booking id -> (room, day "YYYY-MM-DD", start minute, end minute), minutes counted from midnight
        self.next_id: int, id of the next booking, starting at 1
        """
        self.rooms = rooms
        self.opening = opening
        self.closing = closing
        self.bookings = {}
        self.next_id = 1

    def parse_slot(self, start: str, end: str) -> tuple:
        """
        Parse a slot given as two timestamps "YYYY-MM-DD HH:MM".
        :param start: str, start of the slot
        :param end: str, end of the slot
        :return: tuple, (day "YYYY-MM-DD", start minute, end minute) with minutes counted from midnight
        :raises ValueError: when a timestamp is malformed or not a real date, when the two lie on different days,
                 or when end is not after start
        >>> scheduler = RoomScheduler({"Atlas": 6})
        >>> scheduler.parse_slot("2024-03-01 09:30", "2024-03-01 11:00")
        ('2024-03-01', 570, 660)
        """
        first = datetime.strptime(start, "%Y-%m-%d %H:%M")
        last = datetime.strptime(end, "%Y-%m-%d %H:%M")
        if first.date() != last.date():
            raise ValueError("a slot must start and end on the same day")
        if last <= first:
            raise ValueError("a slot must end after it starts")
        return first.date().isoformat(), first.hour * 60 + first.minute, last.hour * 60 + last.minute

    def within_hours(self, start: str, end: str) -> bool:
        """
        Tell whether a slot lies inside the opening hours (it may start at opening and end at closing).
        :param start: str, start "YYYY-MM-DD HH:MM"
        :param end: str, end "YYYY-MM-DD HH:MM"
        :return: bool, True when opening <= start and end <= closing
        :raises ValueError: when the slot is invalid (see parse_slot)
        >>> scheduler = RoomScheduler({"Atlas": 6}, opening="09:00", closing="17:00")
        >>> scheduler.within_hours("2024-03-01 09:00", "2024-03-01 17:00")
        True
        >>> scheduler.within_hours("2024-03-01 08:59", "2024-03-01 10:00")
        False
        """
        day, first, last = self.parse_slot(start, end)
        _, opens, closes = self.parse_slot(f"{day} {self.opening}", f"{day} {self.closing}")
        return opens <= first and last <= closes

    def is_free(self, room: str, start: str, end: str) -> bool:
        """
        Tell whether a room has no booking overlapping the slot.
        :param room: str, room name
        :param start: str, start "YYYY-MM-DD HH:MM"
        :param end: str, end "YYYY-MM-DD HH:MM"
        :return: bool, True when no booking of the room on that day overlaps [start, end)
        :raises ValueError: when the room is unknown or the slot is invalid
        >>> scheduler = RoomScheduler({"Atlas": 6})
        >>> scheduler.bookings = {1: ("Atlas", "2024-03-01", 540, 600)}
        >>> scheduler.is_free("Atlas", "2024-03-01 10:00", "2024-03-01 11:00")
        True
        >>> scheduler.is_free("Atlas", "2024-03-01 09:59", "2024-03-01 11:00")
        False
        """
        if room not in self.rooms:
            raise ValueError(f"unknown room: {room!r}")
        day, first, last = self.parse_slot(start, end)
        for other_room, other_day, other_first, other_last in self.bookings.values():
            if other_room == room and other_day == day and other_first < last and first < other_last:
                return False
        return True

    def book(self, room: str, start: str, end: str, people: int) -> int:
        """
        Book a room for a slot.
        :param room: str, room name
        :param start: str, start "YYYY-MM-DD HH:MM"
        :param end: str, end "YYYY-MM-DD HH:MM"
        :param people: int, number of attendees, at least 1
        :return: int, the new booking id; 0 when the room is too small, the slot is outside the opening hours,
                 or the room is not free
        :raises ValueError: when the room is unknown, people is below 1, or the slot is invalid
        >>> scheduler = RoomScheduler({"Atlas": 6})
        >>> scheduler.book("Atlas", "2024-03-01 09:00", "2024-03-01 10:00", 4)
        1
        >>> scheduler.book("Atlas", "2024-03-01 09:30", "2024-03-01 10:30", 2)
        0
        >>> scheduler.bookings
        {1: ('Atlas', '2024-03-01', 540, 600)}
        """
        if people < 1:
            raise ValueError("a booking needs at least one person")
        if not self.is_free(room, start, end):
            return 0
        if people > self.rooms[room] or not self.within_hours(start, end):
            return 0
        booking_id = self.next_id
        self.bookings[booking_id] = (room, *self.parse_slot(start, end))
        self.next_id += 1
        return booking_id

    def cancel(self, booking_id: int) -> bool:
        """
        Cancel a booking; its id is not given out again.
        :param booking_id: int, id of a booking
        :return: bool, True when the booking existed and was removed, False otherwise
        >>> scheduler = RoomScheduler({"Atlas": 6})
        >>> scheduler.bookings = {1: ("Atlas", "2024-03-01", 540, 600)}
        >>> scheduler.cancel(1), scheduler.cancel(1), scheduler.bookings
        (True, False, {})
        """
        if booking_id not in self.bookings:
            return False
        del self.bookings[booking_id]
        return True

    def suggest_room(self, start: str, end: str, people: int) -> str:
        """
        Suggest the room to book: among rooms that could be booked for the slot and group, the one with the
        smallest capacity, ties broken by name in alphabetical order.
        :param start: str, start "YYYY-MM-DD HH:MM"
        :param end: str, end "YYYY-MM-DD HH:MM"
        :param people: int, number of attendees, at least 1
        :return: str, the room name, or "" when no room fits or the slot is outside the opening hours
        :raises ValueError: when people is below 1 or the slot is invalid
        >>> scheduler = RoomScheduler({"Atlas": 6, "Boreal": 4, "Cirrus": 12})
        >>> scheduler.bookings = {1: ("Boreal", "2024-03-01", 540, 600)}
        >>> scheduler.suggest_room("2024-03-01 09:00", "2024-03-01 09:30", 3)
        'Atlas'
        >>> scheduler.suggest_room("2024-03-01 09:00", "2024-03-01 09:30", 20)
        ''
        """
        if people < 1:
            raise ValueError("a booking needs at least one person")
        if not self.within_hours(start, end):
            return ""
        for room in sorted(self.rooms, key=lambda name: (self.rooms[name], name)):
            if self.rooms[room] >= people and self.is_free(room, start, end):
                return room
        return ""

    def agenda(self, room: str, day: str) -> list:
        """
        List a room's bookings on one day in order of start time.
        :param room: str, room name
        :param day: str, the day "YYYY-MM-DD"
        :return: list of str, entries "HH:MM-HH:MM #id" sorted by start time
        :raises ValueError: when the room is unknown
        >>> scheduler = RoomScheduler({"Atlas": 6})
        >>> scheduler.bookings = {4: ("Atlas", "2024-03-01", 780, 810), 2: ("Atlas", "2024-03-01", 545, 600)}
        >>> scheduler.agenda("Atlas", "2024-03-01")
        ['09:05-10:00 #2', '13:00-13:30 #4']
        """
        if room not in self.rooms:
            raise ValueError(f"unknown room: {room!r}")
        entries = sorted(
            (first, last, booking_id)
            for booking_id, (other_room, other_day, first, last) in self.bookings.items()
            if other_room == room and other_day == day
        )
        return [f"{a // 60:02d}:{a % 60:02d}-{b // 60:02d}:{b % 60:02d} #{i}" for a, b, i in entries]
