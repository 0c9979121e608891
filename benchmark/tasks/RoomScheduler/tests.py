import unittest

from solution import RoomScheduler

DAY = "2024-03-01"


def at(clock, day=DAY):
    return f"{day} {clock}"


class RoomSchedulerTestParseSlot(unittest.TestCase):
    def test_parse_slot_1(self):
        scheduler = RoomScheduler({"Atlas": 6})
        self.assertEqual(scheduler.parse_slot(at("09:30"), at("11:00")), (DAY, 570, 660))

    def test_parse_slot_2(self):
        scheduler = RoomScheduler({"Atlas": 6})
        self.assertEqual(scheduler.parse_slot("2024-02-29 00:00", "2024-02-29 23:59"), ("2024-02-29", 0, 1439))

    def test_parse_slot_3(self):
        scheduler = RoomScheduler({"Atlas": 6})
        with self.assertRaises(ValueError):
            scheduler.parse_slot(at("10:00"), at("10:00"))
        with self.assertRaises(ValueError):
            scheduler.parse_slot(at("10:00"), at("09:59"))

    def test_parse_slot_4(self):
        scheduler = RoomScheduler({"Atlas": 6})
        with self.assertRaises(ValueError):
            scheduler.parse_slot("2024-03-01 23:00", "2024-03-02 01:00")
        with self.assertRaises(ValueError):
            scheduler.parse_slot("2024-03-02 09:00", "2024-03-01 10:00")

    def test_parse_slot_5(self):
        scheduler = RoomScheduler({"Atlas": 6})
        for start, end in [
            ("2023-02-29 09:00", "2023-02-29 10:00"),
            ("2024-03-01 9am", "2024-03-01 10:00"),
            ("2024-03-01 09:00", "2024-03-01 24:00"),
            ("01/03/2024 09:00", "01/03/2024 10:00"),
        ]:
            with self.assertRaises(ValueError):
                scheduler.parse_slot(start, end)
        self.assertEqual(scheduler.bookings, {})

    def test_parse_slot_6(self):
        scheduler = RoomScheduler({"Atlas": 6})
        self.assertEqual(scheduler.parse_slot(at("12:59"), at("13:00")), (DAY, 779, 780))


class RoomSchedulerTestWithinHours(unittest.TestCase):
    def test_within_hours_1(self):
        scheduler = RoomScheduler({"Atlas": 6})
        self.assertIs(scheduler.within_hours(at("08:00"), at("18:00")), True)

    def test_within_hours_2(self):
        scheduler = RoomScheduler({"Atlas": 6})
        self.assertIs(scheduler.within_hours(at("07:59"), at("09:00")), False)

    def test_within_hours_3(self):
        scheduler = RoomScheduler({"Atlas": 6})
        self.assertIs(scheduler.within_hours(at("17:00"), at("18:01")), False)

    def test_within_hours_4(self):
        scheduler = RoomScheduler({"Atlas": 6}, opening="10:30", closing="12:00")
        self.assertIs(scheduler.within_hours(at("10:30"), at("11:00")), True)
        self.assertIs(scheduler.within_hours(at("11:59"), at("12:00")), True)
        self.assertIs(scheduler.within_hours(at("10:29"), at("11:00")), False)

    def test_within_hours_5(self):
        scheduler = RoomScheduler({"Atlas": 6})
        with self.assertRaises(ValueError):
            scheduler.within_hours(at("12:00"), at("11:00"))

    def test_within_hours_6(self):
        scheduler = RoomScheduler({"Atlas": 6}, opening="00:00", closing="23:59")
        self.assertIs(scheduler.within_hours(at("00:00"), at("23:59")), True)
        self.assertEqual(scheduler.bookings, {})


class RoomSchedulerTestIsFree(unittest.TestCase):
    def setUp(self):
        self.scheduler = RoomScheduler({"Atlas": 6, "Boreal": 4})
        self.scheduler.bookings = {1: ("Atlas", DAY, 540, 600), 2: ("Atlas", "2024-03-02", 600, 660)}

    def test_is_free_1(self):
        self.assertIs(self.scheduler.is_free("Atlas", at("10:00"), at("11:00")), True)
        self.assertIs(self.scheduler.is_free("Atlas", at("08:00"), at("09:00")), True)

    def test_is_free_2(self):
        self.assertIs(self.scheduler.is_free("Atlas", at("09:59"), at("10:30")), False)
        self.assertIs(self.scheduler.is_free("Atlas", at("08:30"), at("09:01")), False)

    def test_is_free_3(self):
        self.assertIs(self.scheduler.is_free("Atlas", at("08:00"), at("12:00")), False)
        self.assertIs(self.scheduler.is_free("Atlas", at("09:10"), at("09:20")), False)

    def test_is_free_4(self):
        self.assertIs(self.scheduler.is_free("Boreal", at("09:00"), at("10:00")), True)
        self.assertIs(self.scheduler.is_free("Atlas", at("09:00", "2024-03-03"), at("10:00", "2024-03-03")), True)

    def test_is_free_5(self):
        with self.assertRaises(ValueError):
            self.scheduler.is_free("Cirrus", at("09:00"), at("10:00"))
        with self.assertRaises(ValueError):
            self.scheduler.is_free("Atlas", at("10:00"), at("09:00"))

    def test_is_free_6(self):
        self.assertIs(self.scheduler.is_free("Atlas", at("10:30", "2024-03-02"), at("10:31", "2024-03-02")), False)
        self.assertEqual(len(self.scheduler.bookings), 2)


class RoomSchedulerTestBook(unittest.TestCase):
    def test_book_1(self):
        scheduler = RoomScheduler({"Atlas": 6})
        self.assertEqual(scheduler.book("Atlas", at("09:00"), at("10:00"), 6), 1)
        self.assertEqual(scheduler.bookings, {1: ("Atlas", DAY, 540, 600)})
        self.assertEqual(scheduler.next_id, 2)

    def test_book_2(self):
        scheduler = RoomScheduler({"Atlas": 6})
        self.assertEqual(scheduler.book("Atlas", at("09:00"), at("10:00"), 2), 1)
        self.assertEqual(scheduler.book("Atlas", at("10:00"), at("11:00"), 2), 2)
        self.assertEqual(scheduler.book("Atlas", at("09:30"), at("10:30"), 2), 0)
        self.assertEqual(scheduler.next_id, 3)

    def test_book_3(self):
        scheduler = RoomScheduler({"Atlas": 6})
        self.assertEqual(scheduler.book("Atlas", at("09:00"), at("10:00"), 7), 0)
        self.assertEqual(scheduler.bookings, {})

    def test_book_4(self):
        scheduler = RoomScheduler({"Atlas": 6}, opening="09:00", closing="17:00")
        self.assertEqual(scheduler.book("Atlas", at("08:30"), at("10:00"), 2), 0)
        self.assertEqual(scheduler.book("Atlas", at("16:30"), at("17:30"), 2), 0)
        self.assertEqual(scheduler.book("Atlas", at("16:30"), at("17:00"), 2), 1)

    def test_book_5(self):
        scheduler = RoomScheduler({"Atlas": 6})
        with self.assertRaises(ValueError):
            scheduler.book("Cirrus", at("09:00"), at("10:00"), 2)
        with self.assertRaises(ValueError):
            scheduler.book("Atlas", at("09:00"), at("10:00"), 0)
        with self.assertRaises(ValueError):
            scheduler.book("Atlas", at("10:00"), at("10:00"), 1)
        self.assertEqual(scheduler.bookings, {})
        self.assertEqual(scheduler.next_id, 1)

    def test_book_6(self):
        scheduler = RoomScheduler({"Atlas": 6, "Boreal": 1})
        self.assertEqual(scheduler.book("Atlas", at("09:00"), at("10:00"), 1), 1)
        self.assertEqual(scheduler.book("Boreal", at("09:00"), at("10:00"), 1), 2)
        self.assertEqual(scheduler.book("Atlas", at("09:00", "2024-03-02"), at("10:00", "2024-03-02"), 1), 3)
        self.assertEqual(scheduler.bookings[3], ("Atlas", "2024-03-02", 540, 600))


class RoomSchedulerTestCancel(unittest.TestCase):
    def test_cancel_1(self):
        scheduler = RoomScheduler({"Atlas": 6})
        scheduler.bookings = {1: ("Atlas", DAY, 540, 600)}
        self.assertIs(scheduler.cancel(1), True)
        self.assertEqual(scheduler.bookings, {})

    def test_cancel_2(self):
        scheduler = RoomScheduler({"Atlas": 6})
        self.assertIs(scheduler.cancel(1), False)

    def test_cancel_3(self):
        scheduler = RoomScheduler({"Atlas": 6})
        scheduler.bookings = {1: ("Atlas", DAY, 540, 600), 2: ("Atlas", DAY, 600, 660)}
        self.assertIs(scheduler.cancel(2), True)
        self.assertIs(scheduler.cancel(2), False)
        self.assertEqual(scheduler.bookings, {1: ("Atlas", DAY, 540, 600)})

    def test_cancel_4(self):
        scheduler = RoomScheduler({"Atlas": 6})
        self.assertEqual(scheduler.book("Atlas", at("09:00"), at("10:00"), 1), 1)
        self.assertIs(scheduler.cancel(1), True)
        self.assertEqual(scheduler.book("Atlas", at("09:00"), at("10:00"), 1), 2)
        self.assertEqual(list(scheduler.bookings), [2])

    def test_cancel_5(self):
        scheduler = RoomScheduler({"Atlas": 6})
        scheduler.bookings = {1: ("Atlas", DAY, 540, 600)}
        self.assertIs(scheduler.cancel(0), False)
        self.assertIs(scheduler.cancel(-1), False)
        self.assertEqual(len(scheduler.bookings), 1)


class RoomSchedulerTestSuggestRoom(unittest.TestCase):
    def setUp(self):
        self.scheduler = RoomScheduler({"Cirrus": 12, "Atlas": 6, "Boreal": 4, "Delta": 6})

    def test_suggest_room_1(self):
        self.assertEqual(self.scheduler.suggest_room(at("09:00"), at("10:00"), 3), "Boreal")

    def test_suggest_room_2(self):
        self.assertEqual(self.scheduler.suggest_room(at("09:00"), at("10:00"), 5), "Atlas")
        self.assertEqual(self.scheduler.suggest_room(at("09:00"), at("10:00"), 4), "Boreal")

    def test_suggest_room_3(self):
        self.scheduler.bookings = {1: ("Atlas", DAY, 540, 600), 2: ("Boreal", DAY, 560, 570)}
        self.assertEqual(self.scheduler.suggest_room(at("09:00"), at("10:00"), 2), "Delta")
        self.assertEqual(self.scheduler.suggest_room(at("10:00"), at("10:30"), 2), "Boreal")

    def test_suggest_room_4(self):
        self.assertEqual(self.scheduler.suggest_room(at("09:00"), at("10:00"), 13), "")
        self.assertEqual(self.scheduler.suggest_room(at("07:00"), at("09:00"), 2), "")
        self.assertEqual(self.scheduler.suggest_room(at("17:30"), at("18:00"), 12), "Cirrus")

    def test_suggest_room_5(self):
        with self.assertRaises(ValueError):
            self.scheduler.suggest_room(at("09:00"), at("10:00"), 0)
        with self.assertRaises(ValueError):
            self.scheduler.suggest_room(at("10:00"), at("09:00"), 2)

    def test_suggest_room_6(self):
        self.scheduler.bookings = {
            1: ("Atlas", DAY, 540, 600),
            2: ("Boreal", DAY, 540, 600),
            3: ("Delta", DAY, 540, 600),
            4: ("Cirrus", DAY, 540, 600),
        }
        self.assertEqual(self.scheduler.suggest_room(at("09:00"), at("10:00"), 1), "")
        self.assertEqual(len(self.scheduler.bookings), 4)


class RoomSchedulerTestAgenda(unittest.TestCase):
    def test_agenda_1(self):
        scheduler = RoomScheduler({"Atlas": 6})
        self.assertEqual(scheduler.agenda("Atlas", DAY), [])

    def test_agenda_2(self):
        scheduler = RoomScheduler({"Atlas": 6})
        scheduler.bookings = {4: ("Atlas", DAY, 780, 810), 2: ("Atlas", DAY, 545, 600)}
        self.assertEqual(scheduler.agenda("Atlas", DAY), ["09:05-10:00 #2", "13:00-13:30 #4"])

    def test_agenda_3(self):
        scheduler = RoomScheduler({"Atlas": 6, "Boreal": 2})
        scheduler.bookings = {
            1: ("Atlas", DAY, 600, 660),
            2: ("Boreal", DAY, 480, 490),
            3: ("Atlas", "2024-03-02", 480, 490),
        }
        self.assertEqual(scheduler.agenda("Atlas", DAY), ["10:00-11:00 #1"])
        self.assertEqual(scheduler.agenda("Boreal", DAY), ["08:00-08:10 #2"])

    def test_agenda_4(self):
        scheduler = RoomScheduler({"Atlas": 6})
        with self.assertRaises(ValueError):
            scheduler.agenda("Boreal", DAY)

    def test_agenda_6(self):
        scheduler = RoomScheduler({"Atlas": 6})
        scheduler.bookings = {1: ("Atlas", DAY, 590, 1439)}
        self.assertEqual(scheduler.agenda("Atlas", DAY), ["09:50-23:59 #1"])

    def test_agenda_5(self):
        scheduler = RoomScheduler({"Atlas": 6}, opening="00:00", closing="23:59")
        scheduler.book("Atlas", at("23:00"), at("23:59"), 1)
        scheduler.book("Atlas", at("00:00"), at("00:01"), 1)
        self.assertEqual(scheduler.agenda("Atlas", DAY), ["00:00-00:01 #2", "23:00-23:59 #1"])


class RoomSchedulerTest(unittest.TestCase):
    def test_room_scheduler_1(self):
        scheduler = RoomScheduler({"Atlas": 6, "Boreal": 4, "Cirrus": 12}, opening="09:00", closing="17:00")
        self.assertEqual(scheduler.parse_slot(at("09:00"), at("10:00")), (DAY, 540, 600))
        self.assertIs(scheduler.within_hours(at("09:00"), at("10:00")), True)
        room = scheduler.suggest_room(at("09:00"), at("10:00"), 4)
        self.assertEqual(room, "Boreal")
        self.assertEqual(scheduler.book(room, at("09:00"), at("10:00"), 4), 1)
        self.assertEqual(scheduler.suggest_room(at("09:30"), at("10:30"), 4), "Atlas")
        self.assertEqual(scheduler.book("Atlas", at("09:30"), at("10:30"), 4), 2)
        self.assertIs(scheduler.is_free("Boreal", at("09:30"), at("10:30")), False)
        self.assertIs(scheduler.cancel(1), True)
        self.assertIs(scheduler.is_free("Boreal", at("09:30"), at("10:30")), True)
        self.assertEqual(scheduler.book("Boreal", at("10:00"), at("11:00"), 3), 3)
        self.assertEqual(scheduler.agenda("Boreal", DAY), ["10:00-11:00 #3"])
        self.assertEqual(scheduler.agenda("Atlas", DAY), ["09:30-10:30 #2"])

    def test_room_scheduler_2(self):
        scheduler = RoomScheduler({"Atlas": 2})
        self.assertEqual(scheduler.book("Atlas", at("08:00"), at("09:00"), 2), 1)
        self.assertEqual(scheduler.book("Atlas", at("09:00"), at("10:00"), 2), 2)
        self.assertEqual(scheduler.suggest_room(at("08:30"), at("09:30"), 1), "")
        self.assertIs(scheduler.within_hours(at("17:00"), at("19:00")), False)
        self.assertIs(scheduler.cancel(3), False)
        self.assertIs(scheduler.is_free("Atlas", at("10:00"), at("18:00")), True)
        self.assertEqual(scheduler.agenda("Atlas", DAY), ["08:00-09:00 #1", "09:00-10:00 #2"])


if __name__ == "__main__":
    unittest.main()
