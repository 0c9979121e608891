import unittest
from datetime import date

from solution import OnCallRotation


def rota_of(start, shift_days, *names):
    rota = OnCallRotation(start, shift_days)
    for name in names:
        rota.join(name)
    return rota


class OnCallRotationTestJoin(unittest.TestCase):
    def test_join_1(self):
        rota = OnCallRotation("2026-12-07", 7)
        self.assertEqual(rota.join("Ana"), 1)
        self.assertEqual(rota.join("Bo"), 2)
        self.assertEqual(rota.people, ["Ana", "Bo"])

    def test_join_2(self):
        rota = OnCallRotation("2026-12-07", 7)
        with self.assertRaises(ValueError):
            rota.join("")
        self.assertEqual(rota.people, [])

    def test_join_3(self):
        rota = rota_of("2026-12-07", 7, "Ana")
        with self.assertRaises(ValueError):
            rota.join("Ana")
        self.assertEqual(rota.people, ["Ana"])

    def test_join_4(self):
        rota = OnCallRotation("2026-12-07", 7)
        self.assertEqual([rota.join(name) for name in ["Cy", "Ana", "Bo"]], [1, 2, 3])
        self.assertEqual(rota.people, ["Cy", "Ana", "Bo"])
        self.assertEqual(rota.swaps, {})

    def test_join_5(self):
        rota = rota_of("2026-12-07", 1, "Ana")
        self.assertEqual(rota.regular("2026-12-08"), "Ana")
        self.assertEqual(rota.join("Bo"), 2)
        self.assertEqual(rota.regular("2026-12-08"), "Bo")
        self.assertEqual(rota.shift_days, 1)


class OnCallRotationTestRegular(unittest.TestCase):
    def test_regular_1(self):
        rota = rota_of("2026-12-07", 7, "Ana", "Bo")
        self.assertEqual(rota.regular("2026-12-13"), "Ana")
        self.assertEqual(rota.regular("2026-12-14"), "Bo")
        self.assertEqual(rota.regular("2026-12-21"), "Ana")

    def test_regular_2(self):
        rota = rota_of("2026-12-07", 7, "Ana", "Bo")
        for day in [
            "2026-12-7",
            "26-12-07",
            "2026/12/07",
            "2026-12-07 ",
            "20261207",
            "",
            "2026-02-30",
            "2026-13-01",
            "2026-12-0\u0668",
            "2026-W50-1",
        ]:
            with self.assertRaises(ValueError):
                rota.regular(day)

    def test_regular_3(self):
        rota = rota_of("2026-12-07", 7, "Ana", "Bo")
        with self.assertRaises(ValueError):
            rota.regular("2026-12-06")
        self.assertEqual(rota.regular("2026-12-07"), "Ana")
        with self.assertRaises(ValueError):
            OnCallRotation("2026-12-07", 3).regular("2026-12-07")

    def test_regular_4(self):
        rota = rota_of("2026-12-07", 3, "Ana", "Bo", "Cy")
        self.assertEqual(rota.regular("2026-12-09"), "Ana")
        self.assertEqual(rota.regular("2026-12-10"), "Bo")
        self.assertEqual(rota.regular("2026-12-15"), "Cy")
        self.assertEqual(rota.regular("2026-12-16"), "Ana")
        self.assertEqual(rota.regular("2027-01-01"), "Cy")

    def test_regular_5(self):
        rota = rota_of("2028-02-28", 1, "Ana", "Bo")
        self.assertEqual(rota.regular("2028-02-29"), "Bo")
        self.assertEqual(rota.regular("2028-03-01"), "Ana")
        self.assertEqual(rota.start, date(2028, 2, 28))

    def test_regular_6(self):
        rota = rota_of("2026-12-07", 7, "Ana", "Bo")
        rota.swap("2026-12-08", "Bo")
        self.assertEqual(rota.regular("2026-12-08"), "Ana")
        self.assertEqual(rota.swaps, {"2026-12-08": "Bo"})


class OnCallRotationTestOnCall(unittest.TestCase):
    def test_on_call_1(self):
        rota = rota_of("2026-12-07", 7, "Ana", "Bo")
        self.assertEqual(rota.swap("2026-12-08", "Bo"), "Ana")
        self.assertEqual(rota.on_call("2026-12-08"), "Bo")
        self.assertEqual(rota.on_call("2026-12-09"), "Ana")

    def test_on_call_2(self):
        rota = rota_of("2026-12-07", 2, "Ana", "Bo", "Cy")
        days = [
            "2026-12-07",
            "2026-12-08",
            "2026-12-09",
            "2026-12-10",
            "2026-12-11",
            "2026-12-12",
            "2026-12-13",
        ]
        self.assertEqual(
            [rota.on_call(day) for day in days], ["Ana", "Ana", "Bo", "Bo", "Cy", "Cy", "Ana"]
        )

    def test_on_call_3(self):
        rota = rota_of("2026-12-07", 7, "Ana", "Bo")
        rota.swap("2026-12-08", "Bo")
        rota.swap("2026-12-08", "Ana")
        self.assertEqual(rota.on_call("2026-12-08"), "Ana")
        self.assertEqual(rota.swaps, {})

    def test_on_call_4(self):
        rota = rota_of("2026-12-07", 7, "Ana", "Bo")
        for day in ["2026-12-06", "bad", "2026-12-32"]:
            with self.assertRaises(ValueError):
                rota.on_call(day)
        with self.assertRaises(ValueError):
            OnCallRotation("2026-12-07", 7).on_call("2026-12-08")

    def test_on_call_5(self):
        rota = rota_of("2026-12-07", 1, "Ana", "Bo", "Cy")
        rota.swap("2026-12-08", "Cy")
        self.assertEqual(rota.on_call("2026-12-07"), "Ana")
        self.assertEqual(rota.on_call("2026-12-08"), "Cy")
        self.assertEqual(rota.on_call("2026-12-09"), "Cy")
        self.assertEqual(rota.swaps, {"2026-12-08": "Cy"})
        self.assertEqual(rota.people, ["Ana", "Bo", "Cy"])


class OnCallRotationTestSwap(unittest.TestCase):
    def test_swap_1(self):
        rota = rota_of("2026-12-07", 7, "Ana", "Bo")
        self.assertEqual(rota.swap("2026-12-08", "Bo"), "Ana")
        self.assertEqual(rota.swaps, {"2026-12-08": "Bo"})
        self.assertEqual(rota.swap("2026-12-08", "Ana"), "Bo")
        self.assertEqual(rota.swaps, {})

    def test_swap_2(self):
        rota = rota_of("2026-12-07", 7, "Ana", "Bo")
        with self.assertRaises(ValueError):
            rota.swap("2026-12-08", "Dee")
        with self.assertRaises(ValueError):
            rota.swap("2026-12-08", "")
        self.assertEqual(rota.swaps, {})

    def test_swap_3(self):
        rota = rota_of("2026-12-07", 7, "Ana", "Bo")
        with self.assertRaises(ValueError):
            rota.swap("2026-12-07", "Ana")
        rota.swap("2026-12-08", "Bo")
        with self.assertRaises(ValueError):
            rota.swap("2026-12-08", "Bo")
        self.assertEqual(rota.swaps, {"2026-12-08": "Bo"})

    def test_swap_4(self):
        rota = rota_of("2026-12-07", 7, "Ana", "Bo")
        for day in ["2026-12-06", "2026-12-8", "2026-11-31"]:
            with self.assertRaises(ValueError):
                rota.swap(day, "Bo")
        self.assertEqual(rota.swaps, {})

    def test_swap_5(self):
        rota = rota_of("2026-12-07", 7, "Ana", "Bo", "Cy")
        self.assertEqual(rota.swap("2026-12-08", "Bo"), "Ana")
        self.assertEqual(rota.swap("2026-12-08", "Cy"), "Bo")
        self.assertEqual(rota.swaps, {"2026-12-08": "Cy"})
        self.assertEqual(rota.swap("2026-12-08", "Ana"), "Cy")
        self.assertEqual(rota.swaps, {})

    def test_swap_6(self):
        rota = rota_of("2026-12-07", 1, "Ana", "Bo")
        self.assertEqual(rota.swap("2026-12-07", "Bo"), "Ana")
        self.assertEqual(rota.swap("2026-12-08", "Ana"), "Bo")
        self.assertEqual(rota.swaps, {"2026-12-07": "Bo", "2026-12-08": "Ana"})
        self.assertEqual(rota.regular("2026-12-07"), "Ana")


class OnCallRotationTestShiftsOf(unittest.TestCase):
    def test_shifts_of_1(self):
        rota = rota_of("2026-12-07", 2, "Ana", "Bo")
        self.assertEqual(
            rota.shifts_of("Bo", "2026-12-07", "2026-12-12"), ["2026-12-09", "2026-12-10"]
        )

    def test_shifts_of_2(self):
        rota = rota_of("2026-12-07", 2, "Ana", "Bo")
        rota.swap("2026-12-11", "Bo")
        self.assertEqual(
            rota.shifts_of("Bo", "2026-12-07", "2026-12-12"),
            ["2026-12-09", "2026-12-10", "2026-12-11"],
        )
        self.assertEqual(
            rota.shifts_of("Ana", "2026-12-07", "2026-12-12"),
            ["2026-12-07", "2026-12-08", "2026-12-12"],
        )

    def test_shifts_of_3(self):
        rota = rota_of("2026-12-07", 2, "Ana", "Bo")
        self.assertEqual(rota.shifts_of("Ana", "2026-12-07", "2026-12-07"), ["2026-12-07"])
        self.assertEqual(rota.shifts_of("Bo", "2026-12-07", "2026-12-07"), [])
        self.assertEqual(
            rota.shifts_of("Bo", "2026-12-09", "2026-12-10"), ["2026-12-09", "2026-12-10"]
        )

    def test_shifts_of_4(self):
        rota = rota_of("2026-12-07", 2, "Ana", "Bo")
        for name, first, last in [
            ("Dee", "2026-12-07", "2026-12-12"),
            ("Ana", "2026-12-12", "2026-12-07"),
            ("Ana", "2026-12-7", "2026-12-12"),
            ("Ana", "2026-12-06", "2026-12-12"),
            ("Ana", "2026-12-07", "2026-12-1"),
            ("Ana", "2026-12-07", "20261212"),
            ("Ana", "20261230", "2027-01-02"),
        ]:
            with self.assertRaises(ValueError):
                rota.shifts_of(name, first, last)
        with self.assertRaises(ValueError):
            OnCallRotation("2026-12-07", 2).shifts_of("Ana", "2026-12-07", "2026-12-08")

    def test_shifts_of_5(self):
        rota = rota_of("2026-12-30", 1, "Ana", "Bo")
        self.assertEqual(
            rota.shifts_of("Ana", "2026-12-30", "2027-01-02"), ["2026-12-30", "2027-01-01"]
        )
        self.assertEqual(
            rota.shifts_of("Bo", "2026-12-31", "2027-01-02"), ["2026-12-31", "2027-01-02"]
        )
        self.assertEqual(rota.swaps, {})
        self.assertEqual(rota.people, ["Ana", "Bo"])


class OnCallRotationTestNextTurn(unittest.TestCase):
    def test_next_turn_1(self):
        rota = rota_of("2026-12-07", 7, "Ana", "Bo")
        self.assertEqual(rota.next_turn("Bo", "2026-12-07"), "2026-12-14")
        self.assertEqual(rota.next_turn("Ana", "2026-12-07"), "2026-12-21")

    def test_next_turn_2(self):
        rota = rota_of("2026-12-07", 7, "Ana", "Bo")
        self.assertEqual(rota.next_turn("Ana", "2026-12-13"), "2026-12-21")
        self.assertEqual(rota.next_turn("Bo", "2026-12-13"), "2026-12-14")
        self.assertEqual(rota.next_turn("Bo", "2026-12-14"), "2026-12-28")

    def test_next_turn_3(self):
        rota = rota_of("2026-12-07", 7, "Ana", "Bo")
        rota.swap("2026-12-08", "Bo")
        self.assertEqual(rota.next_turn("Bo", "2026-12-07"), "2026-12-14")
        self.assertEqual(rota.swaps, {"2026-12-08": "Bo"})

    def test_next_turn_4(self):
        rota = rota_of("2026-12-07", 7, "Ana", "Bo")
        for name, after in [
            ("Dee", "2026-12-07"),
            ("Ana", "2026-12-06"),
            ("Ana", "07-12-2026"),
            ("Ana", ""),
        ]:
            with self.assertRaises(ValueError):
                rota.next_turn(name, after)
        with self.assertRaises(ValueError):
            OnCallRotation("2026-12-07", 7).next_turn("Ana", "2026-12-08")

    def test_next_turn_5(self):
        rota = rota_of("2026-12-07", 3, "Ana")
        self.assertEqual(rota.next_turn("Ana", "2026-12-07"), "2026-12-10")
        self.assertEqual(rota.next_turn("Ana", "2026-12-09"), "2026-12-10")
        self.assertEqual(rota.next_turn("Ana", "2026-12-10"), "2026-12-13")

    def test_next_turn_6(self):
        rota = rota_of("2026-12-27", 2, "Ana", "Bo", "Cy")
        self.assertEqual(rota.next_turn("Cy", "2026-12-31"), "2027-01-06")
        self.assertEqual(rota.next_turn("Ana", "2026-12-28"), "2027-01-02")
        self.assertEqual(rota.next_turn("Bo", "2026-12-27"), "2026-12-29")


class OnCallRotationTestLoad(unittest.TestCase):
    def test_load_1(self):
        rota = rota_of("2026-12-07", 2, "Ana", "Bo", "Cy")
        self.assertEqual(rota.load("2026-12-07", "2026-12-10"), {"Ana": 2, "Bo": 2, "Cy": 0})

    def test_load_2(self):
        rota = rota_of("2026-12-07", 2, "Ana", "Bo", "Cy")
        rota.swap("2026-12-10", "Cy")
        self.assertEqual(rota.load("2026-12-07", "2026-12-10"), {"Ana": 2, "Bo": 1, "Cy": 1})
        self.assertEqual(rota.swaps, {"2026-12-10": "Cy"})

    def test_load_3(self):
        rota = rota_of("2026-12-07", 2, "Ana", "Bo", "Cy")
        self.assertEqual(rota.load("2026-12-09", "2026-12-09"), {"Ana": 0, "Bo": 1, "Cy": 0})

    def test_load_4(self):
        rota = rota_of("2026-12-07", 2, "Ana", "Bo", "Cy")
        for first, last in [
            ("2026-12-10", "2026-12-07"),
            ("2026-12-7", "2026-12-10"),
            ("2026-12-07", "x"),
            ("2026-12-06", "2026-12-10"),
            ("2026-12-07", "2026-12-00"),
            ("20261230", "2027-01-02"),
        ]:
            with self.assertRaises(ValueError):
                rota.load(first, last)
        with self.assertRaises(ValueError):
            OnCallRotation("2026-12-07", 2).load("2026-12-07", "2026-12-08")

    def test_load_5(self):
        rota = rota_of("2026-12-07", 2, "Ana", "Bo", "Cy")
        load = rota.load("2026-12-07", "2026-12-20")
        self.assertEqual(load, {"Ana": 6, "Bo": 4, "Cy": 4})
        self.assertEqual(list(load), ["Ana", "Bo", "Cy"])


class OnCallRotationTest(unittest.TestCase):
    def test_a_december_rota(self):
        rota = OnCallRotation("2026-12-07", 7)
        self.assertEqual([rota.join(name) for name in ["Ana", "Bo", "Cy"]], [1, 2, 3])
        self.assertEqual(rota.regular("2026-12-25"), "Cy")
        self.assertEqual(rota.swap("2026-12-25", "Ana"), "Cy")
        self.assertEqual(rota.on_call("2026-12-25"), "Ana")
        self.assertEqual(
            rota.shifts_of("Cy", "2026-12-21", "2026-12-27"),
            ["2026-12-21", "2026-12-22", "2026-12-23", "2026-12-24", "2026-12-26", "2026-12-27"],
        )
        self.assertEqual(rota.load("2026-12-07", "2027-01-03"), {"Ana": 15, "Bo": 7, "Cy": 6})
        self.assertEqual(rota.next_turn("Ana", "2026-12-25"), "2026-12-28")
        self.assertEqual(rota.on_call("2027-01-03"), "Ana")

    def test_joining_later_recounts_the_turns(self):
        rota = rota_of("2026-12-07", 1, "Ana", "Bo")
        rota.swap("2026-12-10", "Ana")
        self.assertEqual(rota.on_call("2026-12-09"), "Ana")
        self.assertEqual(rota.join("Cy"), 3)
        self.assertEqual(rota.on_call("2026-12-09"), "Cy")
        self.assertEqual(rota.on_call("2026-12-10"), "Ana")
        self.assertEqual(rota.load("2026-12-07", "2026-12-12"), {"Ana": 2, "Bo": 2, "Cy": 2})
        self.assertEqual(rota.next_turn("Cy", "2026-12-09"), "2026-12-12")

    def test_a_new_rotation(self):
        rota = OnCallRotation("2026-12-07", 5)
        self.assertEqual(
            (rota.start, rota.shift_days, rota.people, rota.swaps), (date(2026, 12, 7), 5, [], {})
        )
        for start, shift_days in [
            ("2026-12-07", 0),
            ("2026-12-07", -7),
            ("2026-12-32", 7),
            ("soon", 7),
        ]:
            with self.assertRaises(ValueError):
                OnCallRotation(start, shift_days)
