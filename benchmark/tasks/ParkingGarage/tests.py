import unittest

from solution import ParkingGarage


class ParkingGarageTestParseTime(unittest.TestCase):
    def test_parse_time_1(self):
        garage = ParkingGarage({"small": 1})
        self.assertEqual(garage.parse_time("00:00"), 0)

    def test_parse_time_2(self):
        garage = ParkingGarage({"small": 1})
        self.assertEqual(garage.parse_time("23:59"), 1439)

    def test_parse_time_3(self):
        garage = ParkingGarage({"small": 1})
        self.assertEqual(garage.parse_time("7:05"), 425)
        self.assertEqual(garage.parked, {})

    def test_parse_time_4(self):
        garage = ParkingGarage({"small": 1})
        with self.assertRaises(ValueError):
            garage.parse_time("24:00")
        with self.assertRaises(ValueError):
            garage.parse_time("12:60")

    def test_parse_time_5(self):
        garage = ParkingGarage({"small": 1})
        for text in ["12:5", "123:00", "12.30", "", "ab:cd", " 12:30"]:
            with self.assertRaises(ValueError):
                garage.parse_time(text)

    def test_parse_time_6(self):
        garage = ParkingGarage({"small": 1})
        self.assertEqual(garage.parse_time("23:00"), 1380)
        self.assertEqual(garage.parse_time("10:59"), 659)


class ParkingGarageTestFreeSpots(unittest.TestCase):
    def test_free_spots_1(self):
        garage = ParkingGarage({"small": 2, "medium": 1, "large": 3})
        self.assertEqual(garage.free_spots("small"), 2)
        self.assertEqual(garage.free_spots("medium"), 1)
        self.assertEqual(garage.free_spots("large"), 3)

    def test_free_spots_2(self):
        garage = ParkingGarage({"small": 2})
        garage.parked = {"A": ["small", 0], "B": ["small", 10]}
        self.assertEqual(garage.free_spots("small"), 0)

    def test_free_spots_3(self):
        garage = ParkingGarage({"small": 2, "large": 1})
        self.assertEqual(garage.free_spots("medium"), 0)

    def test_free_spots_4(self):
        garage = ParkingGarage({"small": 2, "medium": 2})
        garage.parked = {"A": ["medium", 0]}
        self.assertEqual(garage.free_spots("medium"), 1)
        self.assertEqual(garage.free_spots("small"), 2)
        self.assertEqual(garage.parked, {"A": ["medium", 0]})

    def test_free_spots_5(self):
        garage = ParkingGarage({"small": 2})
        with self.assertRaises(ValueError):
            garage.free_spots("huge")
        with self.assertRaises(ValueError):
            garage.free_spots("Small")


class ParkingGarageTestEnter(unittest.TestCase):
    def test_enter_1(self):
        garage = ParkingGarage({"small": 1, "medium": 1, "large": 1})
        self.assertIs(garage.enter("A", "small", "08:00"), True)
        self.assertEqual(garage.parked, {"A": ["small", 480]})

    def test_enter_2(self):
        garage = ParkingGarage({"small": 1, "medium": 1, "large": 1})
        self.assertIs(garage.enter("A", "small", "08:00"), True)
        self.assertIs(garage.enter("B", "small", "08:05"), True)
        self.assertIs(garage.enter("C", "small", "08:10"), True)
        self.assertIs(garage.enter("D", "small", "08:15"), False)
        self.assertEqual(
            garage.parked,
            {"A": ["small", 480], "B": ["medium", 485], "C": ["large", 490]},
        )

    def test_enter_3(self):
        garage = ParkingGarage({"small": 3, "medium": 1})
        self.assertIs(garage.enter("L", "large", "10:00"), False)
        self.assertEqual(garage.parked, {})

    def test_enter_4(self):
        garage = ParkingGarage({"medium": 2})
        self.assertIs(garage.enter("A", "medium", "10:00"), True)
        self.assertIs(garage.enter("A", "medium", "11:00"), False)
        self.assertEqual(garage.parked, {"A": ["medium", 600]})

    def test_enter_5(self):
        garage = ParkingGarage({"medium": 2})
        with self.assertRaises(ValueError):
            garage.enter("A", "tiny", "10:00")
        with self.assertRaises(ValueError):
            garage.enter("A", "medium", "25:00")
        self.assertEqual(garage.parked, {})

    def test_enter_6(self):
        garage = ParkingGarage({"small": 1, "large": 1})
        self.assertIs(garage.enter("A", "medium", "00:01"), True)
        self.assertEqual(garage.parked, {"A": ["large", 1]})
        self.assertIs(garage.enter("B", "medium", "00:02"), False)
        self.assertIs(garage.enter("C", "small", "00:03"), True)
        self.assertEqual(garage.parked["C"], ["small", 3])


class ParkingGarageTestFee(unittest.TestCase):
    def test_fee_1(self):
        garage = ParkingGarage({"small": 1})
        self.assertEqual(garage.fee(0), 0.0)
        self.assertEqual(garage.fee(15), 0.0)
        self.assertEqual(garage.fee(11 * 60), 20.0)

    def test_fee_2(self):
        garage = ParkingGarage({"small": 1})
        self.assertEqual(garage.fee(16), 2.0)
        self.assertEqual(garage.fee(60), 2.0)
        self.assertEqual(garage.fee(61), 4.0)

    def test_fee_3(self):
        garage = ParkingGarage({"small": 1}, hourly_rate=3.0, daily_cap=20.0)
        self.assertEqual(garage.fee(6 * 60), 18.0)
        self.assertEqual(garage.fee(7 * 60), 20.0)
        self.assertEqual(garage.fee(1439), 20.0)

    def test_fee_4(self):
        garage = ParkingGarage({"small": 1}, hourly_rate=3.0, daily_cap=20.0)
        self.assertEqual(garage.fee(1440), 20.0)
        self.assertEqual(garage.fee(1441), 23.0)
        self.assertEqual(garage.fee(2 * 1440 + 30), 43.0)

    def test_fee_5(self):
        garage = ParkingGarage({"small": 1}, hourly_rate=0.5, daily_cap=20.0, grace_minutes=0)
        self.assertEqual(garage.fee(1), 0.5)
        self.assertEqual(garage.fee(1440), 12.0)
        self.assertEqual(garage.revenue, 0.0)

    def test_fee_6(self):
        garage = ParkingGarage({"small": 1})
        with self.assertRaises(ValueError):
            garage.fee(-1)

    def test_fee_7(self):
        garage = ParkingGarage({"small": 1}, hourly_rate=1.1, daily_cap=100.0, grace_minutes=30)
        self.assertEqual(garage.fee(30), 0.0)
        self.assertEqual(garage.fee(31), 1.1)
        self.assertEqual(garage.fee(179), 3.3)

    def test_fee_8(self):
        garage = ParkingGarage({"small": 1}, hourly_rate=0.333, daily_cap=100.0)
        self.assertEqual(garage.fee(60), 0.33)
        self.assertEqual(garage.fee(120), 0.67)


class ParkingGarageTestLeave(unittest.TestCase):
    def test_leave_1(self):
        garage = ParkingGarage({"small": 1})
        garage.enter("A", "small", "08:00")
        self.assertEqual(garage.leave("A", "09:30"), 4.0)
        self.assertEqual(garage.parked, {})
        self.assertEqual(garage.revenue, 4.0)

    def test_leave_2(self):
        garage = ParkingGarage({"small": 1})
        garage.enter("A", "small", "08:00")
        self.assertEqual(garage.leave("A", "08:15"), 0.0)
        self.assertEqual(garage.revenue, 0.0)
        self.assertEqual(garage.free_spots("small"), 1)

    def test_leave_3(self):
        garage = ParkingGarage({"small": 1})
        garage.enter("A", "small", "23:50")
        self.assertEqual(garage.leave("A", "00:20"), 2.0)
        self.assertEqual(garage.revenue, 2.0)

    def test_leave_4(self):
        garage = ParkingGarage({"small": 1})
        with self.assertRaises(ValueError):
            garage.leave("A", "10:00")
        garage.enter("A", "small", "08:00")
        with self.assertRaises(ValueError):
            garage.leave("A", "8 pm")
        self.assertIn("A", garage.parked)
        self.assertEqual(garage.revenue, 0.0)

    def test_leave_5(self):
        garage = ParkingGarage({"small": 2}, hourly_rate=1.5)
        garage.enter("A", "small", "08:00")
        garage.enter("B", "small", "09:00")
        self.assertEqual(garage.leave("A", "10:00"), 3.0)
        self.assertEqual(garage.leave("B", "10:00"), 1.5)
        self.assertEqual(garage.revenue, 4.5)
        self.assertEqual(garage.parked, {})

    def test_leave_6(self):
        garage = ParkingGarage({"small": 1})
        garage.enter("A", "small", "08:00")
        self.assertEqual(garage.leave("A", "08:00"), 0.0)
        with self.assertRaises(ValueError):
            garage.leave("A", "09:00")


class ParkingGarageTestOccupancy(unittest.TestCase):
    def test_occupancy_1(self):
        garage = ParkingGarage({"small": 1, "medium": 2, "large": 3})
        self.assertEqual(garage.occupancy(), {"small": (0, 1), "medium": (0, 2), "large": (0, 3)})

    def test_occupancy_2(self):
        garage = ParkingGarage({"large": 2, "small": 1})
        self.assertEqual(list(garage.occupancy()), ["small", "large"])

    def test_occupancy_3(self):
        garage = ParkingGarage({"small": 1, "medium": 1})
        garage.parked = {"A": ["medium", 0]}
        self.assertEqual(garage.occupancy(), {"small": (0, 1), "medium": (1, 1)})

    def test_occupancy_4(self):
        garage = ParkingGarage({})
        self.assertEqual(garage.occupancy(), {})

    def test_occupancy_5(self):
        garage = ParkingGarage({"small": 2, "large": 1})
        garage.enter("A", "small", "08:00")
        garage.enter("B", "small", "08:00")
        garage.enter("C", "small", "08:00")
        self.assertEqual(garage.occupancy(), {"small": (2, 2), "large": (1, 1)})
        self.assertEqual(len(garage.parked), 3)


class ParkingGarageTest(unittest.TestCase):
    def test_parking_garage_1(self):
        garage = ParkingGarage({"small": 1, "medium": 1, "large": 1}, hourly_rate=2.0, daily_cap=15.0)
        self.assertEqual(garage.parse_time("06:45"), 405)
        self.assertIs(garage.enter("VAN-1", "large", "06:45"), True)
        self.assertIs(garage.enter("CAR-1", "medium", "07:00"), True)
        self.assertIs(garage.enter("CAR-2", "medium", "07:30"), False)
        self.assertEqual(garage.free_spots("small"), 1)
        self.assertEqual(garage.occupancy(), {"small": (0, 1), "medium": (1, 1), "large": (1, 1)})
        self.assertEqual(garage.leave("CAR-1", "07:10"), 0.0)
        self.assertIs(garage.enter("CAR-2", "medium", "07:30"), True)
        self.assertEqual(garage.leave("VAN-1", "18:46"), 15.0)
        self.assertEqual(garage.fee(120), 4.0)
        self.assertEqual(garage.revenue, 15.0)
        self.assertEqual(garage.parked, {"CAR-2": ["medium", 450]})

    def test_parking_garage_2(self):
        garage = ParkingGarage({"small": 2})
        self.assertIs(garage.enter("A", "small", "22:00"), True)
        self.assertIs(garage.enter("B", "small", "23:30"), True)
        self.assertIs(garage.enter("C", "small", "23:45"), False)
        self.assertEqual(garage.free_spots("small"), 0)
        self.assertEqual(garage.leave("B", "00:30"), 2.0)
        self.assertEqual(garage.leave("A", "02:01"), 10.0)
        self.assertEqual(garage.revenue, 12.0)
        self.assertEqual(garage.occupancy(), {"small": (0, 2)})
        self.assertEqual(garage.fee(garage.parse_time("01:00")), 2.0)


if __name__ == "__main__":
    unittest.main()
