import re
from datetime import date


class ParcelTracker:
    """
    The delivery of one parcel as a state machine. States: "created", "in_transit",
    "out_for_delivery", "held", "delivered" and "returned"; the last two are final. Events move
    it between states, each on a day written YYYY-MM-DD, and every state it enters is kept in a
    dated history. A parcel whose delivery fails MAX_ATTEMPTS times is returned.
    """

    TRANSITIONS = {
        ("created", "ship"): "in_transit",
        ("in_transit", "load"): "out_for_delivery",
        ("held", "load"): "out_for_delivery",
        ("out_for_delivery", "deliver"): "delivered",
        ("out_for_delivery", "fail"): "held",
        ("held", "return"): "returned",
    }
    MAX_ATTEMPTS = 3

    def __init__(self, created_on: str):
        """
        Register a parcel.
        :param created_on: str, the day it was registered, YYYY-MM-DD
        self.state: str, the current state, "created" at first
        self.history: list of tuples (state, day as given), one per state entered, oldest first; [("created", created_on)] at first
        self.failures: int, the number of failed delivery attempts so far, 0 at first
        """
        self.state = "created"
        self.history = [("created", created_on)]
        self.failures = 0

    def can(self, event: str) -> bool:
        """
        Whether an event is allowed in the current state: "ship" from created, "load" from
        in_transit or held, "deliver" and "fail" from out_for_delivery, "return" from held.
        :param event: str, an event name; an unknown one is never allowed
        :return: bool, True when allowed
        >>> ParcelTracker("2026-12-01").can("ship"), ParcelTracker("2026-12-01").can("load")
        (True, False)
        """
        return (self.state, event) in self.TRANSITIONS

    def allowed_events(self) -> list:
        """
        Every event allowed in the current state.
        :return: list of str, in alphabetical order; empty in a final state
        >>> ParcelTracker("2026-12-01").allowed_events()
        ['ship']
        """
        return sorted({event for _, event in self.TRANSITIONS if self.can(event)})

    def day_number(self, text: str) -> int:
        """
        The number of a day, counting 0001-01-01 as day 1, so that the days between two days
        are the difference of their numbers.
        :param text: str, a day written YYYY-MM-DD (four-digit year, two-digit month and day)
        :return: int, the day's number
        :raises ValueError: when text is not a real day written that way
        >>> parcel = ParcelTracker("2026-12-01")
        >>> parcel.day_number("0001-02-01"), parcel.day_number("2026-12-05") - parcel.day_number("2026-11-30")
        (32, 5)
        """
        if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
            raise ValueError(f"not a day written YYYY-MM-DD: {text!r}")
        return date.fromisoformat(text).toordinal()

    def fire(self, event: str, on: str) -> bool:
        """
        Apply an event on a day. The day is checked first: it must be a real day written
        YYYY-MM-DD and not earlier than the day of the last history entry (the same day is
        allowed). An allowed event moves the parcel to its next state and appends (state, on) to
        the history; "fail" counts a failure and leads to "held", or to "returned" when it is
        failure number MAX_ATTEMPTS.
        :param event: str, the event
        :param on: str, the day it happened, YYYY-MM-DD
        :return: bool, True when applied; False, with nothing changed, when the event is not
                 allowed in the current state
        :raises ValueError: when on is not a day written YYYY-MM-DD, or is before the last entry's day
        >>> parcel = ParcelTracker("2026-12-01")
        >>> parcel.fire("ship", "2026-12-02"), parcel.fire("deliver", "2026-12-03")
        (True, False)
        >>> parcel.state, parcel.history
        ('in_transit', [('created', '2026-12-01'), ('in_transit', '2026-12-02')])
        """
        if self.day_number(on) < self.day_number(self.history[-1][1]):
            raise ValueError(f"{on} is before the last event")
        if not self.can(event):
            return False
        target = self.TRANSITIONS[(self.state, event)]
        if event == "fail":
            self.failures += 1
            if self.failures == self.MAX_ATTEMPTS:
                target = "returned"
        self.state = target
        self.history.append((target, on))
        return True

    def days_in(self, state: str, today: str) -> int:
        """
        How many days the parcel has spent in a state: for each time it entered the state, the
        days until it entered the next one, or until today for the current state.
        :param state: str, a state name; one the parcel was never in gives 0
        :param today: str, the current day, YYYY-MM-DD
        :return: int, the number of days
        :raises ValueError: when today is not a day written YYYY-MM-DD, or is before the last entry's day
        >>> parcel = ParcelTracker("2026-12-01")
        >>> parcel.fire("ship", "2026-12-03")
        True
        >>> parcel.days_in("created", "2026-12-10"), parcel.days_in("in_transit", "2026-12-10")
        (2, 7)
        """
        end = self.day_number(today)
        if end < self.day_number(self.history[-1][1]):
            raise ValueError(f"{today} is before the last event")
        days = [self.day_number(day) for _, day in self.history] + [end]
        return sum(
            days[i + 1] - days[i]
            for i, (entered, _) in enumerate(self.history)
            if entered == state
        )

    def is_final(self) -> bool:
        """
        Whether the parcel is delivered or returned.
        :return: bool, True in a final state
        >>> ParcelTracker("2026-12-01").is_final()
        False
        """
        return self.state in ("delivered", "returned")

    def attempts_left(self) -> int:
        """
        How many more delivery attempts may fail before the parcel is returned.
        :return: int, MAX_ATTEMPTS minus the failures so far; 0 in a final state
        >>> ParcelTracker("2026-12-01").attempts_left()
        3
        """
        if self.is_final():
            return 0
        return self.MAX_ATTEMPTS - self.failures
