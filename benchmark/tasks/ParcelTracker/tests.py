import unittest

from solution import ParcelTracker


def tracked(*steps, created_on="2026-12-01"):
    """A parcel after each (event, day) of steps, every one of which must apply."""
    parcel = ParcelTracker(created_on)
    for event, on in steps:
        assert parcel.fire(event, on), (event, on)
    return parcel


OUT = (("ship", "2026-12-02"), ("load", "2026-12-04"))


class ParcelTrackerTestCan(unittest.TestCase):
    def test_can_1(self):
        parcel = ParcelTracker("2026-12-01")
        self.assertIs(parcel.can("ship"), True)
        self.assertIs(parcel.can("load"), False)
        self.assertIs(parcel.can("deliver"), False)

    def test_can_2(self):
        parcel = tracked(("ship", "2026-12-02"))
        self.assertIs(parcel.can("load"), True)
        self.assertIs(parcel.can("ship"), False)
        self.assertIs(parcel.can("fail"), False)

    def test_can_3(self):
        parcel = tracked(*OUT)
        self.assertIs(parcel.can("deliver"), True)
        self.assertIs(parcel.can("fail"), True)
        self.assertIs(parcel.can("return"), False)

    def test_can_4(self):
        parcel = tracked(*OUT, ("fail", "2026-12-04"))
        self.assertIs(parcel.can("load"), True)
        self.assertIs(parcel.can("return"), True)
        self.assertIs(parcel.can("deliver"), False)

    def test_can_5(self):
        parcel = tracked(*OUT, ("deliver", "2026-12-05"))
        for event in ("ship", "load", "deliver", "fail", "return"):
            self.assertIs(parcel.can(event), False)
        self.assertIs(ParcelTracker("2026-12-01").can("Ship"), False)
        self.assertIs(ParcelTracker("2026-12-01").can("teleport"), False)


class ParcelTrackerTestAllowedEvents(unittest.TestCase):
    def test_allowed_events_1(self):
        self.assertEqual(ParcelTracker("2026-12-01").allowed_events(), ["ship"])

    def test_allowed_events_2(self):
        self.assertEqual(tracked(("ship", "2026-12-02")).allowed_events(), ["load"])

    def test_allowed_events_3(self):
        self.assertEqual(tracked(*OUT).allowed_events(), ["deliver", "fail"])

    def test_allowed_events_4(self):
        parcel = tracked(*OUT, ("fail", "2026-12-04"))
        self.assertEqual(parcel.allowed_events(), ["load", "return"])

    def test_allowed_events_5(self):
        self.assertEqual(tracked(*OUT, ("deliver", "2026-12-04")).allowed_events(), [])
        parcel = tracked(*OUT, ("fail", "2026-12-04"), ("return", "2026-12-09"))
        self.assertEqual(parcel.allowed_events(), [])
        self.assertEqual(parcel.state, "returned")


class ParcelTrackerTestDayNumber(unittest.TestCase):
    def test_day_number_1(self):
        parcel = ParcelTracker("2026-12-01")
        self.assertEqual(parcel.day_number("0001-01-01"), 1)
        self.assertEqual(parcel.day_number("0001-02-01"), 32)
        self.assertEqual(parcel.day_number("0002-01-01"), 366)

    def test_day_number_2(self):
        parcel = ParcelTracker("2026-12-01")
        self.assertEqual(parcel.day_number("2026-12-05") - parcel.day_number("2026-11-30"), 5)
        self.assertEqual(parcel.day_number("2025-01-01") - parcel.day_number("2024-01-01"), 366)

    def test_day_number_3(self):
        parcel = ParcelTracker("2026-12-01")
        for text in ("2026-02-30", "2026-13-01", "yesterday", "2026/12/05", ""):
            with self.assertRaises(ValueError):
                parcel.day_number(text)

    def test_day_number_4(self):
        parcel = ParcelTracker("2026-12-01")
        for text in ("20261205", "2026-12-5", "2026-W49-6", "2026-12-05T00:00"):
            with self.assertRaises(ValueError):
                parcel.day_number(text)

    def test_day_number_5(self):
        parcel = ParcelTracker("2026-12-01")
        self.assertEqual(parcel.day_number("2024-03-01") - parcel.day_number("2024-02-28"), 2)
        self.assertEqual(parcel.state, "created")
        self.assertEqual(parcel.history, [("created", "2026-12-01")])


class ParcelTrackerTestFire(unittest.TestCase):
    def test_fire_1(self):
        parcel = ParcelTracker("2026-12-01")
        self.assertIs(parcel.fire("ship", "2026-12-02"), True)
        self.assertEqual(parcel.state, "in_transit")
        self.assertEqual(parcel.history, [("created", "2026-12-01"), ("in_transit", "2026-12-02")])

    def test_fire_2(self):
        parcel = tracked(("ship", "2026-12-02"))
        self.assertIs(parcel.fire("deliver", "2026-12-03"), False)
        self.assertIs(parcel.fire("teleport", "2026-12-03"), False)
        self.assertEqual(parcel.state, "in_transit")
        self.assertEqual(len(parcel.history), 2)

    def test_fire_3(self):
        parcel = tracked(*OUT)
        self.assertIs(parcel.fire("fail", "2026-12-04"), True)
        self.assertEqual((parcel.state, parcel.failures), ("held", 1))
        self.assertIs(parcel.fire("load", "2026-12-05"), True)
        self.assertIs(parcel.fire("fail", "2026-12-05"), True)
        self.assertEqual((parcel.state, parcel.failures), ("held", 2))
        self.assertIs(parcel.fire("load", "2026-12-06"), True)
        self.assertIs(parcel.fire("fail", "2026-12-06"), True)
        self.assertEqual((parcel.state, parcel.failures), ("returned", 3))
        self.assertEqual(parcel.history[-1], ("returned", "2026-12-06"))

    def test_fire_4(self):
        parcel = tracked(("ship", "2026-12-02"))
        with self.assertRaises(ValueError):
            parcel.fire("load", "2026-12-01")
        with self.assertRaises(ValueError):
            parcel.fire("deliver", "2026-12-01")
        self.assertEqual(parcel.state, "in_transit")
        self.assertEqual(len(parcel.history), 2)

    def test_fire_5(self):
        parcel = ParcelTracker("2026-12-01")
        with self.assertRaises(ValueError):
            parcel.fire("ship", "2026-12-32")
        with self.assertRaises(ValueError):
            parcel.fire("teleport", "20261202")
        self.assertIs(parcel.fire("ship", "2026-12-01"), True)

    def test_fire_6(self):
        parcel = tracked(*OUT, ("fail", "2026-12-04"))
        self.assertIs(parcel.fire("return", "2027-01-10"), True)
        self.assertEqual((parcel.state, parcel.failures), ("returned", 1))
        self.assertIs(parcel.fire("load", "2027-01-11"), False)


class ParcelTrackerTestDaysIn(unittest.TestCase):
    def test_days_in_1(self):
        parcel = ParcelTracker("2026-12-01")
        self.assertEqual(parcel.days_in("created", "2026-12-01"), 0)
        self.assertEqual(parcel.days_in("created", "2026-12-31"), 30)

    def test_days_in_2(self):
        parcel = tracked(
            ("ship", "2026-12-03"), ("load", "2026-12-07"), ("deliver", "2026-12-08")
        )
        self.assertEqual(parcel.days_in("created", "2026-12-10"), 2)
        self.assertEqual(parcel.days_in("in_transit", "2026-12-10"), 4)
        self.assertEqual(parcel.days_in("out_for_delivery", "2026-12-10"), 1)
        self.assertEqual(parcel.days_in("delivered", "2026-12-10"), 2)

    def test_days_in_3(self):
        parcel = tracked(
            *OUT,
            ("fail", "2026-12-04"),
            ("load", "2026-12-07"),
            ("fail", "2026-12-08"),
            ("load", "2026-12-11"),
        )
        self.assertEqual(parcel.days_in("held", "2026-12-12"), 6)
        self.assertEqual(parcel.days_in("out_for_delivery", "2026-12-12"), 2)

    def test_days_in_4(self):
        parcel = tracked(("ship", "2026-12-03"))
        self.assertEqual(parcel.days_in("held", "2026-12-10"), 0)
        self.assertEqual(parcel.days_in("nowhere", "2026-12-10"), 0)

    def test_days_in_5(self):
        parcel = tracked(("ship", "2026-12-03"))
        with self.assertRaises(ValueError):
            parcel.days_in("created", "2026-12-02")
        with self.assertRaises(ValueError):
            parcel.days_in("created", "2026-12-3")
        self.assertEqual(parcel.days_in("in_transit", "2026-12-03"), 0)

    def test_days_in_6(self):
        parcel = tracked(("ship", "2027-03-01"), created_on="2027-02-27")
        self.assertEqual(parcel.days_in("created", "2027-03-01"), 2)
        self.assertEqual(len(parcel.history), 2)


class ParcelTrackerTestIsFinal(unittest.TestCase):
    def test_is_final_1(self):
        self.assertIs(ParcelTracker("2026-12-01").is_final(), False)

    def test_is_final_2(self):
        self.assertIs(tracked(*OUT).is_final(), False)

    def test_is_final_3(self):
        self.assertIs(tracked(*OUT, ("deliver", "2026-12-04")).is_final(), True)

    def test_is_final_4(self):
        parcel = tracked(*OUT, ("fail", "2026-12-04"))
        self.assertIs(parcel.is_final(), False)
        parcel.fire("return", "2026-12-05")
        self.assertIs(parcel.is_final(), True)

    def test_is_final_5(self):
        parcel = tracked(*OUT)
        for day in ("2026-12-05", "2026-12-06", "2026-12-07"):
            parcel.fire("fail", day)
            parcel.fire("load", day)
        self.assertEqual(parcel.state, "returned")
        self.assertIs(parcel.is_final(), True)


class ParcelTrackerTestAttemptsLeft(unittest.TestCase):
    def test_attempts_left_1(self):
        self.assertEqual(ParcelTracker("2026-12-01").attempts_left(), 3)

    def test_attempts_left_2(self):
        self.assertEqual(tracked(*OUT, ("fail", "2026-12-04")).attempts_left(), 2)

    def test_attempts_left_3(self):
        parcel = tracked(*OUT, ("fail", "2026-12-04"), ("load", "2026-12-05"))
        parcel.fire("fail", "2026-12-05")
        self.assertEqual(parcel.attempts_left(), 1)

    def test_attempts_left_4(self):
        self.assertEqual(tracked(*OUT, ("deliver", "2026-12-04")).attempts_left(), 0)
        parcel = tracked(*OUT, ("fail", "2026-12-04"), ("return", "2026-12-05"))
        self.assertEqual(parcel.attempts_left(), 0)

    def test_attempts_left_5(self):
        parcel = tracked(*OUT, ("fail", "2026-12-04"), ("load", "2026-12-05"))
        parcel.fire("deliver", "2026-12-05")
        self.assertEqual(parcel.failures, 1)
        self.assertEqual(parcel.attempts_left(), 0)


class ParcelTrackerTest(unittest.TestCase):
    def test_delivered_on_the_second_attempt(self):
        parcel = ParcelTracker("2026-12-01")
        self.assertEqual(parcel.allowed_events(), ["ship"])
        self.assertIs(parcel.fire("ship", "2026-12-02"), True)
        self.assertIs(parcel.fire("load", "2026-12-05"), True)
        self.assertIs(parcel.fire("fail", "2026-12-05"), True)
        self.assertEqual(parcel.attempts_left(), 2)
        self.assertIs(parcel.can("deliver"), False)
        self.assertIs(parcel.fire("load", "2026-12-06"), True)
        self.assertIs(parcel.fire("deliver", "2026-12-06"), True)
        self.assertIs(parcel.is_final(), True)
        self.assertEqual(parcel.days_in("in_transit", "2026-12-09"), 3)
        self.assertEqual(parcel.days_in("held", "2026-12-09"), 1)
        self.assertEqual(parcel.days_in("delivered", "2026-12-09"), 3)
        self.assertEqual(parcel.day_number("2026-12-09") - parcel.day_number("2026-12-01"), 8)
        self.assertEqual(
            [state for state, _ in parcel.history],
            ["created", "in_transit", "out_for_delivery", "held", "out_for_delivery", "delivered"],
        )

    def test_three_failures_return_the_parcel(self):
        parcel = tracked(*OUT)
        for day in ("2026-12-04", "2026-12-05", "2026-12-06"):
            self.assertEqual(parcel.allowed_events(), ["deliver", "fail"])
            parcel.fire("fail", day)
            parcel.fire("load", day)
        self.assertEqual(parcel.state, "returned")
        self.assertEqual(parcel.attempts_left(), 0)
        self.assertEqual(parcel.days_in("held", "2026-12-06"), 0)
        self.assertEqual(parcel.days_in("out_for_delivery", "2026-12-06"), 2)
