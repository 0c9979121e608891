import math
import re


class ParkingGarage:
    """
    A parking garage with spots of three sizes. A vehicle takes the smallest free spot that is at
    least as large as the vehicle, pays per started hour with a daily cap, and a short stay within
    the grace period is free. Times are wall-clock readings "HH:MM" given by the caller.
    """

    def __init__(self, spots: dict, hourly_rate: float = 2.0, daily_cap: float = 20.0, grace_minutes: int = 15):
        """
        Create a garage; no vehicle is parked and no money has been taken yet.
        :param spots: dict, number of spots per size, keys among "small", "medium", "large"
        :param hourly_rate: float, price of one started hour
        :param daily_cap: float, most that one 24-hour period can cost
        :param grace_minutes: int, stays of at most this many minutes are free
        self.spots: dict, number of spots per size, as given
        self.hourly_rate: float, price of one started hour
        self.daily_cap: float, most that one 24-hour period can cost
        self.grace_minutes: int, stays of at most this many minutes are free
        self.size_order: list, the sizes from smallest to largest: ["small", "medium", "large"]
        self.parked: dict, plate -> [spot size taken, entry time in minutes after midnight]
        self.revenue: float, total of all fees charged so far
        """
        self.spots = spots
        self.hourly_rate = hourly_rate
        self.daily_cap = daily_cap
        self.grace_minutes = grace_minutes
        self.size_order = ["small", "medium", "large"]
        self.parked = {}
        self.revenue = 0.0

    def parse_time(self, clock: str) -> int:
        """
        Convert a 24-hour clock reading "HH:MM" (hours may have one or two digits, minutes always two) to minutes
        after midnight. The text must be exactly the reading: no surrounding whitespace is allowed.
        :param clock: str, the reading, e.g. "7:05" or "23:59"
        :return: int, minutes after midnight
        :raises ValueError: when the text is not a valid time of day (hour 0-23, minute 00-59)
        >>> garage = ParkingGarage({"small": 1})
        >>> garage.parse_time("7:05")
        425
        >>> garage.parse_time("00:00")
        0
        """
        match = re.fullmatch(r"(\d{1,2}):(\d{2})", clock)
        if match is None:
            raise ValueError(f"not a time of day: {clock!r}")
        hours, minutes = int(match.group(1)), int(match.group(2))
        if hours > 23 or minutes > 59:
            raise ValueError(f"not a time of day: {clock!r}")
        return hours * 60 + minutes

    def free_spots(self, size: str) -> int:
        """
        Count the free spots of exactly the given size.
        :param size: str, one of "small", "medium", "large"
        :return: int, spots of that size minus the vehicles parked in spots of that size; 0 for a size the garage does not have
        :raises ValueError: when size is not one of the three sizes
        >>> garage = ParkingGarage({"small": 2, "large": 1})
        >>> garage.parked = {"AB-123": ["small", 480]}
        >>> garage.free_spots("small"), garage.free_spots("medium"), garage.free_spots("large")
        (1, 0, 1)
        """
        if size not in self.size_order:
            raise ValueError(f"unknown size: {size!r}")
        used = sum(1 for spot, _ in self.parked.values() if spot == size)
        return self.spots.get(size, 0) - used

    def enter(self, plate: str, size: str, clock: str) -> bool:
        """
        Park a vehicle in the smallest free spot whose size is at least the vehicle's size.
        :param plate: str, licence plate of the vehicle
        :param size: str, size of the vehicle: "small", "medium" or "large"
        :param clock: str, entry time "HH:MM"
        :return: bool, True when the vehicle was parked; False when the plate is already parked or no spot fits
        :raises ValueError: when size is not one of the three sizes or clock is not a valid time (nothing is parked
                 then)
        >>> garage = ParkingGarage({"small": 1, "large": 1})
        >>> garage.enter("AB-123", "medium", "08:00")
        True
        >>> garage.parked
        {'AB-123': ['large', 480]}
        >>> garage.enter("CD-456", "medium", "08:10")
        False
        """
        if size not in self.size_order:
            raise ValueError(f"unknown size: {size!r}")
        minute = self.parse_time(clock)
        if plate in self.parked:
            return False
        large_enough = False
        for spot in self.size_order:
            large_enough = large_enough or spot == size
            if large_enough and self.free_spots(spot) > 0:
                self.parked[plate] = [spot, minute]
                return True
        return False

    def fee(self, minutes: int) -> float:
        """
        Price of a stay. A stay of at most grace_minutes is free. Otherwise every complete 24 hours costs
        min(24 * hourly_rate, daily_cap), and the remaining minutes cost hourly_rate per started hour, at most daily_cap.
        :param minutes: int, length of the stay in minutes
        :return: float, the price rounded to 2 decimals
        :raises ValueError: when minutes is negative
        >>> garage = ParkingGarage({"small": 1}, hourly_rate=2.5, daily_cap=20.0)
        >>> garage.fee(15), garage.fee(16), garage.fee(61), garage.fee(1440 + 120)
        (0.0, 2.5, 5.0, 25.0)
        """
        if minutes < 0:
            raise ValueError("a stay cannot be negative")
        if minutes <= self.grace_minutes:
            return 0.0
        days, rest = divmod(minutes, 1440)
        total = days * min(24 * self.hourly_rate, self.daily_cap)
        total += min(math.ceil(rest / 60) * self.hourly_rate, self.daily_cap)
        return round(total, 2)

    def leave(self, plate: str, clock: str) -> float:
        """
        Let a vehicle out, charge its fee and add it to the revenue. An exit time earlier than the entry
        time means the stay passed midnight once (the garage never holds a vehicle for more than 24 hours).
        :param plate: str, licence plate of a parked vehicle
        :param clock: str, exit time "HH:MM"
        :return: float, the fee charged
        :raises ValueError: when the plate is not parked or clock is not a valid time (nothing changes then: the
                 vehicle stays parked and the revenue is unchanged)
        >>> garage = ParkingGarage({"small": 1})
        >>> garage.enter("AB-123", "small", "22:30")
        True
        >>> garage.leave("AB-123", "01:00")
        6.0
        >>> garage.revenue, garage.parked
        (6.0, {})
        """
        if plate not in self.parked:
            raise ValueError(f"not parked: {plate!r}")
        exit_minute = self.parse_time(clock)
        entry_minute = self.parked[plate][1]
        if exit_minute < entry_minute:
            exit_minute += 1440
        charge = self.fee(exit_minute - entry_minute)
        del self.parked[plate]
        self.revenue += charge
        return charge

    def occupancy(self) -> dict:
        """
        Report how full each spot size is, for the sizes the garage has.
        :return: dict, size -> (occupied spots, total spots), sizes in the order small, medium, large
        >>> garage = ParkingGarage({"large": 2, "small": 1})
        >>> garage.enter("AB-123", "large", "09:00")
        True
        >>> garage.occupancy()
        {'small': (0, 1), 'large': (1, 2)}
        """
        report = {}
        for size in self.size_order:
            if size in self.spots:
                used = self.spots[size] - self.free_spots(size)
                report[size] = (used, self.spots[size])
        return report
