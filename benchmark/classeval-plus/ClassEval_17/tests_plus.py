"""ClassEval+ tests of ClassEval_17 (CalendarUtil)."""

import unittest
from datetime import datetime, timedelta

from solution import CalendarUtil


class CalendarTestGetUpcomingEvents(unittest.TestCase):
    def test_get_upcoming_events_5(self):
        # Replaces the published test, which hard-coded 2024 as the future.
        calendar = CalendarUtil()
        later = datetime.now().replace(microsecond=0) + timedelta(days=365)
        past = {
            "date": datetime(2023, 1, 1, 0, 0),
            "start_time": datetime(2023, 1, 1, 0, 0),
            "end_time": datetime(2023, 1, 1, 23, 0),
            "description": "New Year",
        }
        future = {
            "date": later.replace(hour=0, minute=0, second=0),
            "start_time": later,
            "end_time": later + timedelta(hours=1),
            "description": "Next year",
        }
        calendar.events = [past, future]
        self.assertEqual(calendar.get_upcoming_events(1), [future])


def _event(day, hour, description):
    return {
        "date": datetime(2023, 3, day, 0, 0),
        "start_time": datetime(2023, 3, day, hour, 0),
        "end_time": datetime(2023, 3, day, hour + 1, 0),
        "description": description,
    }


class CalendarTestGetEvents(unittest.TestCase):
    def test_get_events_3(self):
        # An empty calendar has no events on any date.
        self.assertEqual(CalendarUtil().get_events(datetime(2023, 3, 1)), [])

    def test_get_events_4(self):
        # Only the events of the asked date, in calendar order, and the time of day of the
        # asked datetime does not matter.
        calendar = CalendarUtil()
        first, other, second = _event(1, 9, "a"), _event(2, 9, "b"), _event(1, 15, "c")
        calendar.events = [first, other, second]
        self.assertEqual(calendar.get_events(datetime(2023, 3, 1, 18, 30)), [first, second])
        self.assertEqual(calendar.events, [first, other, second])

    def test_get_events_5(self):
        # The same day of another month or year is another date.
        calendar = CalendarUtil()
        calendar.events = [_event(1, 9, "a")]
        self.assertEqual(calendar.get_events(datetime(2023, 4, 1)), [])
        self.assertEqual(calendar.get_events(datetime(2024, 3, 1)), [])
