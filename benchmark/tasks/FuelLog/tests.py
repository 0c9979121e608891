import unittest
from decimal import Decimal

from solution import FuelLog


def log_of(*fills):
    log = FuelLog()
    for fill in fills:
        log.add_fill(*fill)
    return log


class FuelLogTestToLitres(unittest.TestCase):
    def test_to_litres_1(self):
        self.assertEqual(FuelLog().to_litres("10", "gal"), "37.854")
        self.assertEqual(FuelLog().to_litres("42.5", "L"), "42.500")

    def test_to_litres_2(self):
        log = FuelLog()
        self.assertEqual(log.to_litres("1", "gal"), "3.785")
        self.assertEqual(log.to_litres("0.5", "gal"), "1.893")
        self.assertEqual(log.to_litres("2.5", "L"), "2.500")

    def test_to_litres_3(self):
        log = FuelLog()
        for amount, unit in [("1", "l"), ("1", "gallon"), ("1", ""), ("0", "L"), ("0.0", "gal"), ("-1", "L"),
                             (".5", "L"), ("5.", "L"), ("1,5", "L"), ("abc", "L"), ("", "L"), ("1e3", "L"),
                             ("\u0663", "L")]:
            with self.assertRaises(ValueError):
                log.to_litres(amount, unit)

    def test_to_litres_4(self):
        log = FuelLog()
        self.assertEqual(log.to_litres("1.0005", "L"), "1.001")
        self.assertEqual(log.to_litres("1.0004", "L"), "1.000")

    def test_to_litres_5(self):
        log = log_of((0, "5", "L", "2", True))
        self.assertEqual(log.to_litres("3", "gal"), "11.356")
        self.assertEqual(log.fills, [(0, Decimal("5.000"), Decimal("2"), True)])


class FuelLogTestAddFill(unittest.TestCase):
    def test_add_fill_1(self):
        log = FuelLog()
        self.assertEqual(log.add_fill(1000, "40", "L", "1.859", True), "74.36")
        self.assertEqual(log.fills, [(1000, Decimal("40.000"), Decimal("1.859"), True)])

    def test_add_fill_2(self):
        log = log_of((1000, "40", "L", "1.859", True))
        self.assertEqual(log.add_fill(1500, "10", "gal", "1.9", False), "71.92")
        self.assertEqual(log.fills[1], (1500, Decimal("37.854"), Decimal("1.9"), False))

    def test_add_fill_3(self):
        log = log_of((1000, "40", "L", "1.8", True))
        bad = [(1000, "10", "L", "1.8", True), (999, "10", "L", "1.8", True), (1100, "10", "L", "1,8", True),
               (1100, "10", "L", "", True), (1100, "10", "L", ".9", True), (1100, "10", "L", "x", True),
               (1100, "0", "L", "1.8", True), (1100, "10", "litres", "1.8", True)]
        for fill in bad:
            with self.assertRaises(ValueError):
                log.add_fill(*fill)
        self.assertEqual(log.fills, [(1000, Decimal("40.000"), Decimal("1.8"), True)])
        with self.assertRaises(ValueError):
            FuelLog().add_fill(-1, "10", "L", "1.8", True)

    def test_add_fill_4(self):
        log = FuelLog()
        self.assertEqual(log.add_fill(0, "50", "L", "2", True), "100.00")
        self.assertEqual(log.add_fill(1, "1", "L", "2", False), "2.00")
        self.assertEqual([fill[0] for fill in log.fills], [0, 1])

    def test_add_fill_5(self):
        log = FuelLog()
        self.assertEqual(log.add_fill(10, "1", "L", "2.0049", False), "2.00")
        self.assertEqual(log.add_fill(20, "3", "L", "0.335", False), "1.01")
        self.assertEqual(log.fills[1], (20, Decimal("3.000"), Decimal("0.335"), False))


class FuelLogTestConsumption(unittest.TestCase):
    def test_consumption_1(self):
        self.assertEqual(log_of((1000, "40", "L", "1.8", True), (1500, "30", "L", "1.8", True)).consumption(), "6.00")

    def test_consumption_2(self):
        log = log_of((1000, "40", "L", "1.8", True), (1300, "20", "L", "1.8", False), (1600, "25", "L", "1.8", True))
        self.assertEqual(log.consumption(), "7.50")

    def test_consumption_3(self):
        for log in [FuelLog(), log_of((1000, "40", "L", "1.8", True)),
                    log_of((1000, "40", "L", "1.8", False), (1500, "30", "L", "1.8", False)),
                    log_of((1000, "40", "L", "1.8", True), (1500, "30", "L", "1.8", False))]:
            with self.assertRaises(ValueError):
                log.consumption()

    def test_consumption_4(self):
        log = log_of((900, "10", "L", "1.8", False), (1000, "40", "L", "1.8", True), (1500, "30", "L", "1.8", True))
        self.assertEqual(log.consumption(), "6.00")
        log.add_fill(1600, "5", "L", "1.8", False)
        self.assertEqual(log.consumption(), "6.00")
        self.assertEqual(len(log.fills), 4)

    def test_consumption_5(self):
        self.assertEqual(log_of((0, "1", "L", "1", True), (300, "20", "L", "1", True)).consumption(), "6.67")
        self.assertEqual(log_of((0, "1", "gal", "1", True), (100, "2", "gal", "1", True)).consumption(), "7.57")


class FuelLogTestToMpg(unittest.TestCase):
    def test_to_mpg_1(self):
        self.assertEqual(FuelLog().to_mpg("6.00"), "39.2")
        self.assertEqual(FuelLog().to_mpg("10"), "23.5")

    def test_to_mpg_2(self):
        log = FuelLog()
        expected = {"5": "47.0", "4.7": "50.0", "8": "29.4", "12.5": "18.8"}
        for value, mpg in expected.items():
            self.assertEqual(log.to_mpg(value), mpg, value)

    def test_to_mpg_3(self):
        log = FuelLog()
        for value in ["0", "-5", "x", "", "0.0"]:
            with self.assertRaises(ValueError):
                log.to_mpg(value)

    def test_to_mpg_4(self):
        self.assertEqual(FuelLog().to_mpg("235.2145833"), "1.0")
        self.assertEqual(FuelLog().to_mpg("2.352"), "100.0")

    def test_to_mpg_5(self):
        log = log_of((0, "5", "L", "2", True))
        self.assertEqual(log.to_mpg("7.8"), "30.2")
        self.assertEqual(len(log.fills), 1)


class FuelLogTestTotalCost(unittest.TestCase):
    def test_total_cost_1(self):
        log = log_of((1000, "1", "L", "1.005", False), (1001, "1", "L", "1.005", False))
        self.assertEqual(log.total_cost(), "2.01")

    def test_total_cost_2(self):
        self.assertEqual(FuelLog().total_cost(), "0.00")

    def test_total_cost_3(self):
        log = log_of((1000, "40", "L", "1.859", True), (1500, "10", "gal", "1.9", False))
        self.assertEqual(log.total_cost(), "146.28")

    def test_total_cost_4(self):
        # Rounded once: each refuelling alone would round 0.999 / 3 = 0.333 down.
        log = log_of((1, "1", "L", "0.333", False), (2, "1", "L", "0.333", False), (3, "1", "L", "0.333", False))
        self.assertEqual(log.total_cost(), "1.00")

    def test_total_cost_5(self):
        log = log_of((0, "2.5", "L", "2", True))
        self.assertEqual(log.total_cost(), "5.00")
        self.assertEqual(log.fills, [(0, Decimal("2.500"), Decimal("2"), True)])


class FuelLogTestDistance(unittest.TestCase):
    def test_distance_1(self):
        self.assertEqual(log_of((1000, "40", "L", "1.8", True), (1420, "20", "L", "1.8", False)).distance(), 420)

    def test_distance_2(self):
        self.assertEqual(FuelLog().distance(), 0)
        self.assertEqual(log_of((500, "40", "L", "1.8", True)).distance(), 0)

    def test_distance_3(self):
        log = log_of((0, "1", "L", "1", True), (250, "1", "L", "1", True), (1000, "1", "L", "1", True))
        self.assertEqual(log.distance(), 1000)

    def test_distance_4(self):
        log = log_of((100, "1", "L", "1", True), (200, "1", "L", "1", True))
        with self.assertRaises(ValueError):
            log.add_fill(150, "1", "L", "1", True)
        self.assertEqual(log.distance(), 100)

    def test_distance_5(self):
        log = FuelLog()
        log.fills = [(7, Decimal("1"), Decimal("1"), True), (19, Decimal("1"), Decimal("1"), False)]
        self.assertEqual(log.distance(), 12)


class FuelLogTest(unittest.TestCase):
    def test_a_road_trip(self):
        log = FuelLog()
        self.assertEqual(log.add_fill(12000, "45", "L", "1.799", True), "80.96")
        self.assertEqual(log.add_fill(12350, "5", "gal", "1.65", False), "31.23")
        self.assertEqual(log.add_fill(12800, "30.15", "L", "1.899", True), "57.25")
        # 18.927 + 30.150 = 49.077 L over 800 km.
        self.assertEqual(log.consumption(), "6.13")
        self.assertEqual(log.to_mpg(log.consumption()), "38.4")
        self.assertEqual(log.distance(), 800)
        self.assertEqual(log.total_cost(), "169.44")
        self.assertEqual(log.to_litres("5", "gal"), "18.927")
