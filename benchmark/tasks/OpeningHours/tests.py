import unittest

from solution import OpeningHours

# Europe/Oslo is UTC+01:00 in winter and UTC+02:00 from 29 March to 25 October 2026.
# 2026-12-05 is a Saturday and 2026-12-07 a Monday.


def oslo(**days):
    shop = OpeningHours("Europe/Oslo")
    for day, spans in days.items():
        shop.set_day(day, spans)
    return shop


class OpeningHoursTestSetDay(unittest.TestCase):
    def test_set_day_1(self):
        shop = OpeningHours("Europe/Oslo")
        self.assertEqual(shop.set_day("mon", "13:00-17:30, 09:00-12:00"), 450)
        self.assertEqual(shop.weekly, {"mon": [["09:00", "12:00"], ["13:00", "17:30"]]})

    def test_set_day_2(self):
        shop = OpeningHours("Europe/Oslo")
        self.assertEqual(shop.set_day("sun", ""), 0)
        self.assertEqual(shop.set_day("sat", "   "), 0)
        self.assertEqual(shop.set_day("mon", "09:00-17:00"), 480)
        self.assertEqual(shop.set_day("mon", "10:00-11:00"), 60)
        self.assertEqual(shop.weekly, {"sun": [], "sat": [], "mon": [["10:00", "11:00"]]})

    def test_set_day_3(self):
        shop = oslo(mon="09:00-17:00")
        bad = [("Mon", "09:00-10:00"), ("monday", "09:00-10:00"), ("", "09:00-10:00"), ("tue", "9:00-12:00"),
               ("tue", "09:00-09:00"), ("tue", "12:00-09:00"), ("tue", "09:00-24:01"), ("tue", "24:00-24:00"),
               ("tue", "09:00-12:00,"), ("tue", "09:00 12:00"), ("tue", "09:00-12:00; 13:00-14:00"),
               ("tue", "09:00-12:00, 11:00-13:00"), ("tue", "25:00-26:00"), ("tue", "09:60-10:00"),
               ("tue", "10:00-11:00, 09:00-10:30"), ("tue", "08:00-09:00, 12:00-09:00")]
        for day, spans in bad:
            with self.assertRaises(ValueError):
                shop.set_day(day, spans)
        self.assertEqual(shop.weekly, {"mon": [["09:00", "17:00"]]})

    def test_set_day_4(self):
        shop = OpeningHours("Europe/Oslo")
        self.assertEqual(shop.set_day("tue", "08:00-12:00, 12:00-16:00"), 480)
        self.assertEqual(shop.set_day("wed", "00:00-24:00"), 1440)
        self.assertEqual(shop.set_day("thu", " 09:00 - 10:00 "), 60)
        self.assertEqual(shop.weekly["thu"], [["09:00", "10:00"]])

    def test_set_day_5(self):
        shop = OpeningHours("Europe/Oslo")
        self.assertEqual(shop.set_day("fri", "07:30-11:15"), 225)
        self.assertEqual(shop.set_day("sat", "23:59-24:00"), 1)
        self.assertEqual(shop.weekly, {"fri": [["07:30", "11:15"]], "sat": [["23:59", "24:00"]]})


class OpeningHoursTestMinutes(unittest.TestCase):
    def test_minutes_1(self):
        shop = OpeningHours("UTC")
        self.assertEqual(shop.minutes("13:45"), 825)
        self.assertEqual(shop.minutes("24:00"), 1440)

    def test_minutes_2(self):
        shop = OpeningHours("UTC")
        self.assertEqual(shop.minutes("00:00"), 0)
        self.assertEqual(shop.minutes("23:59"), 1439)
        self.assertEqual(shop.minutes("09:05"), 545)

    def test_minutes_3(self):
        shop = OpeningHours("UTC")
        self.assertEqual(shop.minutes("10:30"), 630)
        self.assertEqual(shop.minutes("01:00"), 60)

    def test_minutes_4(self):
        shop = oslo(mon="09:00-17:00")
        self.assertEqual(shop.minutes("17:00") - shop.minutes("09:00"), 480)
        self.assertEqual(shop.weekly, {"mon": [["09:00", "17:00"]]})

    def test_minutes_5(self):
        self.assertEqual(OpeningHours("UTC").minutes("12:00"), 720)


class OpeningHoursTestCloseOn(unittest.TestCase):
    def test_close_on_1(self):
        shop = OpeningHours("Europe/Oslo")
        self.assertIs(shop.close_on("2026-12-25"), True)
        self.assertIs(shop.close_on("2026-12-25"), False)
        self.assertEqual(shop.closed_dates, {"2026-12-25"})

    def test_close_on_2(self):
        shop = OpeningHours("Europe/Oslo")
        for day in ["2026-02-30", "2026-12-5", "25.12.2026", "", "2026-12-25 ", "2026-13-01", "20261225"]:
            with self.assertRaises(ValueError):
                shop.close_on(day)
        self.assertEqual(shop.closed_dates, set())

    def test_close_on_3(self):
        shop = OpeningHours("Europe/Oslo")
        for day in ["2026-12-24", "2026-12-25", "2026-12-31"]:
            self.assertIs(shop.close_on(day), True)
        self.assertEqual(shop.closed_dates, {"2026-12-24", "2026-12-25", "2026-12-31"})

    def test_close_on_4(self):
        shop = OpeningHours("Europe/Oslo")
        self.assertIs(shop.close_on("2028-02-29"), True)
        with self.assertRaises(ValueError):
            shop.close_on("2026-02-29")
        self.assertEqual(shop.closed_dates, {"2028-02-29"})

    def test_close_on_5(self):
        shop = oslo(mon="09:00-17:00")
        self.assertIs(shop.close_on("2026-12-07"), True)
        self.assertEqual(shop.weekly, {"mon": [["09:00", "17:00"]]})


class OpeningHoursTestLocalTime(unittest.TestCase):
    def test_local_time_1(self):
        shop = OpeningHours("Europe/Oslo")
        self.assertEqual(shop.local_time("2026-12-05 08:30"), "2026-12-05 09:30")
        self.assertEqual(shop.local_time("2026-07-01 22:15"), "2026-07-02 00:15")

    def test_local_time_2(self):
        shop = OpeningHours("Europe/Oslo")
        self.assertEqual(shop.local_time("2026-03-29 00:59"), "2026-03-29 01:59")
        self.assertEqual(shop.local_time("2026-03-29 01:00"), "2026-03-29 03:00")
        self.assertEqual(shop.local_time("2026-10-25 00:30"), "2026-10-25 02:30")
        self.assertEqual(shop.local_time("2026-10-25 01:30"), "2026-10-25 02:30")

    def test_local_time_3(self):
        self.assertEqual(OpeningHours("America/New_York").local_time("2026-12-05 03:00"), "2026-12-04 22:00")
        self.assertEqual(OpeningHours("Asia/Kolkata").local_time("2026-12-05 18:45"), "2026-12-06 00:15")
        self.assertEqual(OpeningHours("UTC").local_time("2026-12-05 18:45"), "2026-12-05 18:45")

    def test_local_time_4(self):
        shop = OpeningHours("Europe/Oslo")
        for utc in ["2026-12-05", "2026-12-05 25:00", "2026-12-05T10:00", "2026-12-05 9:00", ""]:
            with self.assertRaises(ValueError):
                shop.local_time(utc)

    def test_local_time_5(self):
        shop = oslo(sat="10:00-16:00")
        self.assertEqual(shop.local_time("2026-12-31 23:00"), "2027-01-01 00:00")
        self.assertEqual(shop.weekly, {"sat": [["10:00", "16:00"]]})
        self.assertEqual(shop.closed_dates, set())


class OpeningHoursTestIsOpen(unittest.TestCase):
    def test_is_open_1(self):
        shop = oslo(sat="10:00-16:00")
        self.assertIs(shop.is_open("2026-12-05 08:59"), False)
        self.assertIs(shop.is_open("2026-12-05 09:00"), True)
        self.assertIs(shop.is_open("2026-12-05 15:00"), False)

    def test_is_open_2(self):
        shop = oslo(mon="09:00-12:00, 13:00-17:30")
        self.assertIs(shop.is_open("2026-12-07 11:59"), False)
        self.assertIs(shop.is_open("2026-12-07 12:00"), True)
        self.assertIs(shop.is_open("2026-12-07 16:29"), True)
        self.assertIs(shop.is_open("2026-12-07 16:30"), False)
        self.assertIs(shop.is_open("2026-12-07 10:59"), True)
        self.assertIs(shop.is_open("2026-12-07 11:00"), False)

    def test_is_open_3(self):
        shop = oslo(mon="09:00-17:00")
        shop.close_on("2026-12-07")
        self.assertIs(shop.is_open("2026-12-07 10:00"), False)
        self.assertIs(shop.is_open("2026-12-14 10:00"), True)

    def test_is_open_4(self):
        shop = oslo(mon="09:00-17:00")
        self.assertIs(shop.is_open("2026-03-30 07:00"), True)
        self.assertIs(shop.is_open("2026-03-30 06:59"), False)
        self.assertIs(shop.is_open("2026-03-23 07:00"), False)
        self.assertIs(shop.is_open("2026-03-23 08:00"), True)

    def test_is_open_5(self):
        shop = oslo(sun="20:00-24:00", sat="")
        self.assertIs(shop.is_open("2026-12-06 22:59"), True)
        self.assertIs(shop.is_open("2026-12-06 23:00"), False)
        self.assertIs(shop.is_open("2026-12-05 12:00"), False)
        self.assertIs(shop.is_open("2026-12-08 12:00"), False)

    def test_is_open_6(self):
        shop = OpeningHours("America/New_York")
        shop.set_day("fri", "20:00-23:00")
        self.assertIs(shop.is_open("2026-12-05 02:30"), True)
        shop.close_on("2026-12-04")
        self.assertIs(shop.is_open("2026-12-05 02:30"), False)
        with self.assertRaises(ValueError):
            shop.is_open("2026-12-05")


class OpeningHoursTestNextOpening(unittest.TestCase):
    def test_next_opening_1(self):
        shop = oslo(mon="09:00-17:00")
        self.assertEqual(shop.next_opening("2026-12-05 12:00"), "2026-12-07 08:00")
        self.assertEqual(shop.next_opening("2026-12-07 10:00"), "2026-12-07 10:00")

    def test_next_opening_2(self):
        shop = oslo(mon="09:00-17:00")
        self.assertEqual(shop.next_opening("2026-12-07 06:00"), "2026-12-07 08:00")
        self.assertEqual(shop.next_opening("2026-12-07 16:00"), "2026-12-14 08:00")
        self.assertEqual(shop.next_opening("2026-12-07 15:59"), "2026-12-07 15:59")
        lunch = oslo(mon="09:00-12:00, 13:00-17:30")
        self.assertEqual(lunch.next_opening("2026-12-07 11:30"), "2026-12-07 12:00")
        late = oslo(mon="09:30-17:00")
        self.assertEqual(late.next_opening("2026-12-05 12:00"), "2026-12-07 08:30")

    def test_next_opening_3(self):
        shop = oslo(mon="09:00-17:00")
        shop.close_on("2026-12-07")
        self.assertEqual(shop.next_opening("2026-12-05 12:00"), "2026-12-14 08:00")
        self.assertEqual(shop.closed_dates, {"2026-12-07"})

    def test_next_opening_4(self):
        self.assertEqual(OpeningHours("Europe/Oslo").next_opening("2026-12-05 12:00"), "")
        shop = oslo(mon="09:00-17:00")
        shop.close_on("2026-12-07")
        shop.close_on("2026-12-14")
        self.assertEqual(shop.next_opening("2026-12-05 12:00"), "")
        self.assertEqual(shop.next_opening("2026-12-06 12:00"), "")
        self.assertEqual(shop.next_opening("2026-12-07 12:00"), "2026-12-21 08:00")

    def test_next_opening_5(self):
        shop = oslo(mon="09:00-17:00")
        self.assertEqual(shop.next_opening("2026-03-28 12:00"), "2026-03-30 07:00")
        self.assertEqual(shop.next_opening("2026-10-24 12:00"), "2026-10-26 08:00")

    def test_next_opening_6(self):
        shop = oslo(sun="20:00-24:00")
        self.assertEqual(shop.next_opening("2026-12-06 22:30"), "2026-12-06 22:30")
        self.assertEqual(shop.next_opening("2026-12-06 23:00"), "2026-12-13 19:00")
        with self.assertRaises(ValueError):
            shop.next_opening("bad")


class OpeningHoursTestWeeklyMinutes(unittest.TestCase):
    def test_weekly_minutes_1(self):
        self.assertEqual(oslo(mon="09:00-17:00", sat="10:00-14:00").weekly_minutes(), 720)

    def test_weekly_minutes_2(self):
        self.assertEqual(OpeningHours("Europe/Oslo").weekly_minutes(), 0)

    def test_weekly_minutes_3(self):
        shop = oslo(mon="09:00-17:00")
        shop.set_day("mon", "10:00-11:00")
        self.assertEqual(shop.weekly_minutes(), 60)

    def test_weekly_minutes_4(self):
        shop = OpeningHours("UTC")
        for day in OpeningHours.DAYS:
            shop.set_day(day, "00:00-24:00")
        self.assertEqual(shop.weekly_minutes(), 10080)

    def test_weekly_minutes_5(self):
        shop = oslo(mon="09:00-12:00, 13:00-17:30", sun="")
        shop.close_on("2026-12-07")
        self.assertEqual(shop.weekly_minutes(), 450)
        self.assertEqual(shop.closed_dates, {"2026-12-07"})


class OpeningHoursTest(unittest.TestCase):
    def test_a_week_before_christmas(self):
        shop = OpeningHours("Europe/Oslo")
        for day in ["mon", "tue", "wed", "thu", "fri"]:
            self.assertEqual(shop.set_day(day, "09:00-17:00"), 480)
        self.assertEqual(shop.set_day("sat", "10:00-15:00"), 300)
        self.assertEqual(shop.weekly_minutes(), 2700)
        self.assertIs(shop.close_on("2026-12-24"), True)
        self.assertIs(shop.close_on("2026-12-25"), True)
        self.assertEqual(shop.local_time("2026-12-23 16:30"), "2026-12-23 17:30")
        self.assertIs(shop.is_open("2026-12-23 15:59"), True)
        self.assertIs(shop.is_open("2026-12-24 10:00"), False)
        self.assertEqual(shop.next_opening("2026-12-23 16:00"), "2026-12-26 09:00")
        self.assertEqual(shop.minutes("15:00") - shop.minutes("10:00"), 300)

    def test_open_late_on_fridays(self):
        shop = OpeningHours("America/New_York")
        self.assertEqual(shop.set_day("fri", "18:00-24:00"), 360)
        self.assertEqual(shop.set_day("sat", "00:00-02:00"), 120)
        self.assertIs(shop.is_open("2026-12-05 06:59"), True)
        self.assertIs(shop.is_open("2026-12-05 07:00"), False)
        self.assertEqual(shop.next_opening("2026-12-05 07:00"), "2026-12-11 23:00")
        self.assertEqual(shop.next_opening("2026-12-04 23:30"), "2026-12-04 23:30")
