import unittest

from solution import FlightItinerary

OSLO_LONDON = ("XY100", "Europe/Oslo", "2026-12-05 08:00", "Europe/London", "2026-12-05 09:55")
LONDON_NEW_YORK = ("XY200", "Europe/London", "2026-12-05 12:30", "America/New_York", "2026-12-05 15:40")


def trip_of(*legs):
    trip = FlightItinerary()
    for leg in legs:
        trip.add_leg(*leg)
    return trip


class FlightItineraryTestToUtc(unittest.TestCase):
    def test_to_utc_1(self):
        trip = FlightItinerary()
        self.assertEqual(trip.to_utc("2026-12-05 10:00", "Asia/Kolkata"), "2026-12-05 04:30")
        # 02:30 happens twice on 25 October in Oslo: the first time is still summer time (+02:00).
        self.assertEqual(trip.to_utc("2026-10-25 02:30", "Europe/Oslo"), "2026-10-25 00:30")

    def test_to_utc_2(self):
        trip = FlightItinerary()
        self.assertEqual(trip.to_utc("2026-11-01 01:30", "America/New_York"), "2026-11-01 05:30")
        self.assertEqual(trip.to_utc("2026-03-08 03:00", "America/New_York"), "2026-03-08 07:00")
        self.assertEqual(trip.to_utc("2026-03-08 01:59", "America/New_York"), "2026-03-08 06:59")
        self.assertEqual(trip.to_utc("2026-04-05 02:30", "Australia/Sydney"), "2026-04-04 15:30")

    def test_to_utc_3(self):
        trip = FlightItinerary()
        skipped = [("2026-03-29 02:00", "Europe/Oslo"), ("2026-03-29 02:59", "Europe/Oslo"),
                   ("2026-03-08 02:30", "America/New_York"), ("2026-10-04 02:15", "Australia/Sydney")]
        for local, zone in skipped:
            with self.assertRaises(ValueError):
                trip.to_utc(local, zone)
        self.assertEqual(trip.to_utc("2026-03-29 03:00", "Europe/Oslo"), "2026-03-29 01:00")

    def test_to_utc_4(self):
        trip = FlightItinerary()
        bad = [("2026-12-05 9:00", "UTC"), ("2026-12-05T09:00", "UTC"), ("2026-02-30 10:00", "UTC"),
               ("2026-12-05 24:00", "UTC"), ("2026-12-05 10:00 ", "UTC"), ("", "UTC"),
               ("2026-12-05 10:00", "Europe/Nowhere"), ("2026-12-05 10:00", ""), ("2026-12-05 10:00", "../UTC")]
        for local, zone in bad:
            with self.assertRaises(ValueError):
                trip.to_utc(local, zone)

    def test_to_utc_5(self):
        trip = FlightItinerary()
        self.assertEqual(trip.to_utc("2026-01-01 00:30", "Europe/Oslo"), "2025-12-31 23:30")
        self.assertEqual(trip.to_utc("2026-12-31 20:00", "America/Los_Angeles"), "2027-01-01 04:00")
        self.assertEqual(trip.to_utc("2026-06-01 12:00", "UTC"), "2026-06-01 12:00")
        self.assertEqual(trip.legs, [])


class FlightItineraryTestToLocal(unittest.TestCase):
    def test_to_local_1(self):
        trip = FlightItinerary()
        self.assertEqual(trip.to_local("2026-12-05 23:30", "Asia/Tokyo"), "2026-12-06 08:30")
        self.assertEqual(trip.to_local("2026-03-08 07:00", "America/New_York"), "2026-03-08 03:00")
        self.assertEqual(trip.to_local("2026-03-08 06:59", "America/New_York"), "2026-03-08 01:59")

    def test_to_local_2(self):
        trip = FlightItinerary()
        self.assertEqual(trip.to_local("2026-10-25 00:30", "Europe/Oslo"), "2026-10-25 02:30")
        self.assertEqual(trip.to_local("2026-10-25 01:30", "Europe/Oslo"), "2026-10-25 02:30")

    def test_to_local_3(self):
        trip = FlightItinerary()
        self.assertEqual(trip.to_local("2026-12-05 04:30", "Asia/Kolkata"), "2026-12-05 10:00")
        self.assertEqual(trip.to_local("2026-12-05 02:00", "America/St_Johns"), "2026-12-04 22:30")

    def test_to_local_4(self):
        trip = FlightItinerary()
        bad = [("2026-13-01 00:00", "UTC"), ("2026-12-05 10:60", "UTC"), ("x", "UTC"), ("2026-12-05 10:00", "Nowhere"),
               ("2026-12-05 10:00", ""), ("2026-12-05 9:00", "UTC"), ("2026-1-05 10:00", "Asia/Tokyo")]
        for utc, zone in bad:
            with self.assertRaises(ValueError):
                trip.to_local(utc, zone)

    def test_to_local_5(self):
        trip = FlightItinerary()
        self.assertEqual(trip.to_local("2026-12-05 12:00", "UTC"), "2026-12-05 12:00")
        self.assertEqual(trip.to_local("2026-12-05 12:00", "Pacific/Kiritimati"), "2026-12-06 02:00")
        self.assertEqual(trip.to_local("2026-04-04 16:00", "Australia/Sydney"), "2026-04-05 02:00")
        self.assertEqual(trip.legs, [])


class FlightItineraryTestOffset(unittest.TestCase):
    def test_offset_1(self):
        trip = FlightItinerary()
        self.assertEqual(trip.offset("2026-07-01 12:00", "America/New_York"), "-04:00")
        self.assertEqual(trip.offset("2026-07-01 12:00", "Asia/Kathmandu"), "+05:45")

    def test_offset_2(self):
        trip = FlightItinerary()
        self.assertEqual(trip.offset("2026-01-15 12:00", "America/New_York"), "-05:00")
        self.assertEqual(trip.offset("2026-01-15 12:00", "UTC"), "+00:00")
        self.assertEqual(trip.offset("2026-01-15 12:00", "Europe/London"), "+00:00")
        self.assertEqual(trip.offset("2026-07-15 12:00", "Europe/London"), "+01:00")

    def test_offset_3(self):
        trip = FlightItinerary()
        self.assertEqual(trip.offset("2026-03-29 00:59", "Europe/Oslo"), "+01:00")
        self.assertEqual(trip.offset("2026-03-29 01:00", "Europe/Oslo"), "+02:00")
        self.assertEqual(trip.offset("2026-10-25 00:59", "Europe/Oslo"), "+02:00")
        self.assertEqual(trip.offset("2026-10-25 01:00", "Europe/Oslo"), "+01:00")

    def test_offset_4(self):
        trip = FlightItinerary()
        self.assertEqual(trip.offset("2026-12-05 12:00", "America/St_Johns"), "-03:30")
        self.assertEqual(trip.offset("2026-12-05 12:00", "Asia/Kolkata"), "+05:30")
        self.assertEqual(trip.offset("2026-12-05 12:00", "Pacific/Kiritimati"), "+14:00")
        self.assertEqual(trip.offset("2026-12-05 12:00", "Pacific/Pago_Pago"), "-11:00")

    def test_offset_5(self):
        trip = FlightItinerary()
        for utc, zone in [("2026-12-05", "UTC"), ("2026-12-32 00:00", "UTC"), ("2026-12-05 12:00", "Atlantis/Main")]:
            with self.assertRaises(ValueError):
                trip.offset(utc, zone)
        self.assertEqual(trip.legs, [])


class FlightItineraryTestAddLeg(unittest.TestCase):
    def test_add_leg_1(self):
        trip = FlightItinerary()
        self.assertEqual(trip.add_leg(*OSLO_LONDON), 175)
        self.assertEqual(trip.legs, [("XY100", "Europe/Oslo", "2026-12-05 07:00", "Europe/London", "2026-12-05 09:55")])

    def test_add_leg_2(self):
        trip = trip_of(OSLO_LONDON)
        self.assertEqual(trip.add_leg(*LONDON_NEW_YORK), 490)
        self.assertEqual(
            trip.legs,
            [("XY100", "Europe/Oslo", "2026-12-05 07:00", "Europe/London", "2026-12-05 09:55"),
             ("XY200", "Europe/London", "2026-12-05 12:30", "America/New_York", "2026-12-05 20:40")],
        )

    def test_add_leg_3(self):
        trip = trip_of(OSLO_LONDON)
        bad = [
            ("", "Europe/London", "2026-12-05 12:30", "UTC", "2026-12-05 14:00"),
            ("XY100", "Europe/London", "2026-12-05 12:30", "UTC", "2026-12-05 14:00"),
            ("XY300", "UTC", "2026-12-05 12:30", "UTC", "2026-12-05 12:30"),
            ("XY300", "UTC", "2026-12-05 12:30", "UTC", "2026-12-05 12:29"),
            ("XY300", "Europe/London", "2026-12-05 09:54", "UTC", "2026-12-05 14:00"),
            ("XY300", "Europe/Oslo", "2026-12-05 10:50", "UTC", "2026-12-05 14:00"),
            ("XY300", "Europe/Nowhere", "2026-12-05 12:30", "UTC", "2026-12-05 14:00"),
            ("XY300", "UTC", "2026-12-05 12:30", "UTC", "2026-12-05 25:00"),
            ("XY300", "UTC", "2027-03-29 00:00", "Europe/Oslo", "2027-03-28 02:30"),
        ]
        for leg in bad:
            with self.assertRaises(ValueError):
                trip.add_leg(*leg)
        self.assertEqual(trip.legs, [("XY100", "Europe/Oslo", "2026-12-05 07:00", "Europe/London", "2026-12-05 09:55")])

    def test_add_leg_4(self):
        trip = trip_of(OSLO_LONDON)
        # Leaving at the minute the previous flight lands is allowed; 10:55 in Oslo is 09:55 UTC.
        self.assertEqual(trip.add_leg("XY300", "Europe/Oslo", "2026-12-05 10:55", "UTC", "2026-12-05 10:00"), 5)
        self.assertEqual(trip.legs[-1], ("XY300", "Europe/Oslo", "2026-12-05 09:55", "UTC", "2026-12-05 10:00"))

    def test_add_leg_5(self):
        trip = FlightItinerary()
        # 01:00 EST to 04:00 EDT on the day the clocks go forward: two hours in the air.
        self.assertEqual(trip.add_leg("US1", "America/New_York", "2026-03-08 01:00", "America/New_York",
                                      "2026-03-08 04:00"), 120)
        # Tokyo 21:00 (+09:00) to Honolulu 09:00 (-10:00) on the same date: it lands "before" it left.
        self.assertEqual(trip.add_leg("JL2", "Asia/Tokyo", "2026-12-05 21:00", "Pacific/Honolulu",
                                      "2026-12-05 09:00"), 420)
        self.assertEqual(trip.legs[1], ("JL2", "Asia/Tokyo", "2026-12-05 12:00", "Pacific/Honolulu", "2026-12-05 19:00"))


class FlightItineraryTestMinutesBetween(unittest.TestCase):
    def test_minutes_between_1(self):
        minutes = FlightItinerary().minutes_between("2026-12-31 23:10", "2027-01-01 01:00")
        self.assertEqual(minutes, 110)
        self.assertIs(type(minutes), int)

    def test_minutes_between_2(self):
        trip = FlightItinerary()
        self.assertEqual(trip.minutes_between("2026-12-05 10:00", "2026-12-05 09:15"), -45)
        self.assertEqual(trip.minutes_between("2026-12-05 10:00", "2026-12-05 10:00"), 0)

    def test_minutes_between_3(self):
        trip = FlightItinerary()
        self.assertEqual(trip.minutes_between("2028-02-28 12:00", "2028-03-01 12:00"), 2880)
        self.assertEqual(trip.minutes_between("2026-02-28 12:00", "2026-03-01 12:00"), 1440)

    def test_minutes_between_4(self):
        trip = FlightItinerary()
        for first, second in [("2026-02-29 00:00", "2026-03-01 00:00"), ("2026-12-05", "2026-12-06 00:00"),
                              ("2026-12-05 00:00", "tomorrow")]:
            with self.assertRaises(ValueError):
                trip.minutes_between(first, second)

    def test_minutes_between_5(self):
        trip = trip_of(OSLO_LONDON)
        self.assertEqual(trip.minutes_between("2026-03-29 00:00", "2026-03-29 03:00"), 180)
        self.assertEqual(trip.minutes_between("2025-12-05 00:00", "2026-12-05 00:01"), 525601)
        self.assertEqual(len(trip.legs), 1)


class FlightItineraryTestLayovers(unittest.TestCase):
    def test_layovers_1(self):
        self.assertEqual(trip_of(OSLO_LONDON, LONDON_NEW_YORK).layovers(), [("XY100", "XY200", 155)])

    def test_layovers_2(self):
        self.assertEqual(FlightItinerary().layovers(), [])
        self.assertEqual(trip_of(OSLO_LONDON).layovers(), [])

    def test_layovers_3(self):
        trip = trip_of(OSLO_LONDON, ("XY300", "Europe/London", "2026-12-05 09:55", "Europe/Paris", "2026-12-05 12:10"),
                       ("XY400", "Europe/Paris", "2026-12-06 07:00", "Asia/Kolkata", "2026-12-06 20:00"))
        self.assertEqual(trip.layovers(), [("XY100", "XY300", 0), ("XY300", "XY400", 1130)])

    def test_layovers_4(self):
        # Lands 01:30 (+01:00), leaves 03:30 (+02:00) the night the clocks go forward: one hour on the ground.
        trip = trip_of(("A1", "UTC", "2026-03-28 22:00", "Europe/Oslo", "2026-03-29 01:30"),
                       ("A2", "Europe/Oslo", "2026-03-29 03:30", "UTC", "2026-03-29 05:00"))
        self.assertEqual(trip.layovers(), [("A1", "A2", 60)])

    def test_layovers_5(self):
        trip = FlightItinerary()
        trip.legs = [("A", "UTC", "2026-12-01 08:00", "UTC", "2026-12-01 09:00"),
                     ("B", "UTC", "2026-12-02 09:30", "UTC", "2026-12-02 10:00")]
        self.assertEqual(trip.layovers(), [("A", "B", 1470)])
        self.assertEqual(len(trip.legs), 2)


class FlightItineraryTestTotalMinutes(unittest.TestCase):
    def test_total_minutes_1(self):
        self.assertEqual(trip_of(OSLO_LONDON, LONDON_NEW_YORK).total_minutes(), 820)

    def test_total_minutes_2(self):
        self.assertEqual(FlightItinerary().total_minutes(), 0)

    def test_total_minutes_3(self):
        self.assertEqual(trip_of(LONDON_NEW_YORK).total_minutes(), 490)

    def test_total_minutes_4(self):
        trip = trip_of(OSLO_LONDON)
        with self.assertRaises(ValueError):
            trip.add_leg("XY200", "Europe/London", "2026-12-05 09:00", "UTC", "2026-12-05 23:00")
        self.assertEqual(trip.total_minutes(), 175)

    def test_total_minutes_5(self):
        trip = FlightItinerary()
        trip.legs = [("A", "UTC", "2026-12-31 22:00", "UTC", "2026-12-31 23:00"),
                     ("B", "UTC", "2027-01-01 01:00", "UTC", "2027-01-01 02:15")]
        self.assertEqual(trip.total_minutes(), 255)


class FlightItineraryTestItinerary(unittest.TestCase):
    def test_itinerary_1(self):
        trip = trip_of(("XY200", "Europe/London", "2026-07-05 12:30", "America/New_York", "2026-07-05 15:40"))
        self.assertEqual(
            trip.itinerary(), ["XY200 Europe/London 2026-07-05 12:30 +01:00 -> America/New_York 2026-07-05 15:40 -04:00"]
        )

    def test_itinerary_2(self):
        self.assertEqual(FlightItinerary().itinerary(), [])

    def test_itinerary_3(self):
        self.assertEqual(
            trip_of(OSLO_LONDON, LONDON_NEW_YORK).itinerary(),
            ["XY100 Europe/Oslo 2026-12-05 08:00 +01:00 -> Europe/London 2026-12-05 09:55 +00:00",
             "XY200 Europe/London 2026-12-05 12:30 +00:00 -> America/New_York 2026-12-05 15:40 -05:00"],
        )

    def test_itinerary_4(self):
        trip = trip_of(("N1", "UTC", "2026-10-24 22:00", "Europe/Oslo", "2026-10-25 02:30"))
        self.assertEqual(trip.itinerary(), ["N1 UTC 2026-10-24 22:00 +00:00 -> Europe/Oslo 2026-10-25 02:30 +02:00"])

    def test_itinerary_5(self):
        trip = FlightItinerary()
        trip.legs = [("QF1", "Australia/Sydney", "2026-04-04 15:30", "Asia/Singapore", "2026-04-05 00:00")]
        self.assertEqual(
            trip.itinerary(), ["QF1 Australia/Sydney 2026-04-05 02:30 +11:00 -> Asia/Singapore 2026-04-05 08:00 +08:00"]
        )
        self.assertEqual(len(trip.legs), 1)


class FlightItineraryTest(unittest.TestCase):
    def test_round_the_world(self):
        trip = FlightItinerary()
        self.assertEqual(trip.add_leg("RW1", "Europe/Oslo", "2026-12-05 08:00", "Asia/Dubai", "2026-12-05 17:30"), 390)
        self.assertEqual(trip.add_leg("RW2", "Asia/Dubai", "2026-12-05 21:00", "Asia/Tokyo", "2026-12-06 11:00"), 540)
        with self.assertRaises(ValueError):
            trip.add_leg("RW3", "Asia/Tokyo", "2026-12-06 10:00", "America/Los_Angeles", "2026-12-06 03:00")
        self.assertEqual(trip.add_leg("RW3", "Asia/Tokyo", "2026-12-06 18:00", "America/Los_Angeles",
                                      "2026-12-06 11:00"), 600)
        self.assertEqual(trip.layovers(), [("RW1", "RW2", 210), ("RW2", "RW3", 420)])
        self.assertEqual(trip.total_minutes(), 390 + 210 + 540 + 420 + 600)
        self.assertEqual(trip.to_local(trip.legs[-1][4], "Europe/Oslo"), "2026-12-06 20:00")
        self.assertEqual(trip.offset(trip.legs[-1][4], "America/Los_Angeles"), "-08:00")
        self.assertEqual(trip.itinerary()[2],
                         "RW3 Asia/Tokyo 2026-12-06 18:00 +09:00 -> America/Los_Angeles 2026-12-06 11:00 -08:00")

    def test_clocks_change_during_the_trip(self):
        trip = FlightItinerary()
        self.assertEqual(trip.to_utc("2026-10-24 23:00", "Europe/Oslo"), "2026-10-24 21:00")
        self.assertEqual(trip.add_leg("N1", "Europe/Oslo", "2026-10-24 23:00", "Europe/Oslo", "2026-10-25 04:00"), 360)
        self.assertEqual(trip.add_leg("N2", "Europe/Oslo", "2026-10-25 04:00", "Europe/London", "2026-10-25 05:00"), 120)
        self.assertEqual(trip.minutes_between(trip.legs[0][2], trip.legs[1][4]), 480)
        self.assertEqual(trip.itinerary()[1],
                         "N2 Europe/Oslo 2026-10-25 04:00 +01:00 -> Europe/London 2026-10-25 05:00 +00:00")


if __name__ == "__main__":
    unittest.main()
