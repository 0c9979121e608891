import unittest

from solution import DurationLog


class DurationLogTestParse(unittest.TestCase):
    def setUp(self):
        self.log = DurationLog()

    def test_parse_1(self):
        self.assertEqual(self.log.parse("1h 30m"), 5400)
        self.assertEqual(self.log.parse("1h30m"), 5400)
        self.assertEqual(self.log.parse("  45s "), 45)

    def test_parse_2(self):
        self.assertEqual(self.log.parse("1w 2d 3h 4m 5s"), 604800 + 2 * 86400 + 3 * 3600 + 4 * 60 + 5)
        self.assertEqual(self.log.parse("0m"), 0)
        self.assertEqual(self.log.parse("90m"), 5400)

    def test_parse_3(self):
        self.assertEqual(self.log.parse("1:30"), 5400)
        self.assertEqual(self.log.parse("0:01:05"), 65)
        self.assertEqual(self.log.parse("100:00:59"), 360059)

    def test_parse_4(self):
        self.assertEqual(self.log.parse("PT1H30M"), 5400)
        self.assertEqual(self.log.parse("P1DT2H"), 93600)
        self.assertEqual(self.log.parse("P2W"), 1209600)
        self.assertEqual(self.log.parse("PT10S"), 10)
        self.assertEqual(self.log.parse("P1W1DT1H1M1S"), 694861)

    def test_parse_5(self):
        for text in ["", "   ", "P", "PT", "P1DT", "1:60", "1:5", "1:30:60", "1.5h", "30m 1h", "1h 1h", "1x"]:
            with self.assertRaises(ValueError):
                self.log.parse(text)
        self.assertEqual(self.log.entries, [])

    def test_parse_6(self):
        for text in ["pt1h", "P1H", "-5m", "1 h", "h"]:
            with self.assertRaises(ValueError):
                self.log.parse(text)


class DurationLogTestFormat(unittest.TestCase):
    def test_format_1(self):
        self.assertEqual(DurationLog().format(0), "0s")

    def test_format_2(self):
        self.assertEqual(DurationLog().format(93784), "1d 2h 3m 4s")
        self.assertEqual(DurationLog().format(3600), "1h")
        self.assertEqual(DurationLog().format(3601), "1h 1s")

    def test_format_3(self):
        self.assertEqual(DurationLog().format(8 * 86400), "8d")
        self.assertEqual(DurationLog("w").format(8 * 86400), "1w 1d")
        self.assertEqual(DurationLog("w").format(604799), "6d 23h 59m 59s")

    def test_format_4(self):
        self.assertEqual(DurationLog("h").format(93784), "26h 3m 4s")
        self.assertEqual(DurationLog("m").format(3661), "61m 1s")
        self.assertEqual(DurationLog("s").format(3661), "3661s")

    def test_format_5(self):
        with self.assertRaises(ValueError):
            DurationLog().format(-1)
        with self.assertRaises(ValueError):
            DurationLog("y").format(10)

    def test_format_6(self):
        log = DurationLog("h")
        self.assertEqual(log.format(59), "59s")
        self.assertEqual(log.format(60), "1m")
        self.assertEqual(log.largest_unit, "h")


class DurationLogTestToClock(unittest.TestCase):
    def test_to_clock_1(self):
        self.assertEqual(DurationLog().to_clock(0), "0:00:00")

    def test_to_clock_2(self):
        self.assertEqual(DurationLog().to_clock(5405), "1:30:05")

    def test_to_clock_3(self):
        self.assertEqual(DurationLog().to_clock(90000), "25:00:00")
        self.assertEqual(DurationLog("m").to_clock(360059), "100:00:59")

    def test_to_clock_4(self):
        self.assertEqual(DurationLog().to_clock(59), "0:00:59")
        self.assertEqual(DurationLog().to_clock(60), "0:01:00")
        self.assertEqual(DurationLog().to_clock(3599), "0:59:59")

    def test_to_clock_5(self):
        with self.assertRaises(ValueError):
            DurationLog().to_clock(-60)
        with self.assertRaises(ValueError):
            DurationLog().to_clock(-1)


class DurationLogTestToIso(unittest.TestCase):
    def test_to_iso_1(self):
        self.assertEqual(DurationLog().to_iso(0), "PT0S")

    def test_to_iso_2(self):
        self.assertEqual(DurationLog().to_iso(93784), "P1DT2H3M4S")

    def test_to_iso_3(self):
        self.assertEqual(DurationLog().to_iso(172800), "P2D")
        self.assertEqual(DurationLog("w").to_iso(1209600), "P14D")

    def test_to_iso_4(self):
        self.assertEqual(DurationLog().to_iso(60), "PT1M")
        self.assertEqual(DurationLog().to_iso(3601), "PT1H1S")
        self.assertEqual(DurationLog().to_iso(86401), "P1DT1S")

    def test_to_iso_5(self):
        with self.assertRaises(ValueError):
            DurationLog().to_iso(-1)

    def test_to_iso_6(self):
        log = DurationLog()
        for seconds in [1, 59, 61, 3599, 86399, 90061, 1000000]:
            self.assertEqual(log.parse(log.to_iso(seconds)), seconds)


class DurationLogTestAdd(unittest.TestCase):
    def test_add_1(self):
        log = DurationLog()
        self.assertEqual(log.add("review", "45m"), 2700)
        self.assertEqual(log.entries, [("review", 2700)])

    def test_add_2(self):
        log = DurationLog()
        self.assertEqual(log.add("review", "45m"), 2700)
        self.assertEqual(log.add("coding", "1:15"), 7200)
        self.assertEqual(log.add("review", "PT15M"), 8100)
        self.assertEqual(log.entries, [("review", 2700), ("coding", 4500), ("review", 900)])

    def test_add_3(self):
        log = DurationLog()
        log.add("a", "1h")
        with self.assertRaises(ValueError):
            log.add("a", "one hour")
        self.assertEqual(log.entries, [("a", 3600)])

    def test_add_4(self):
        log = DurationLog()
        self.assertEqual(log.add("", "0s"), 0)
        self.assertEqual(log.entries, [("", 0)])

    def test_add_5(self):
        log = DurationLog()
        log.entries = [("x", 100)]
        self.assertEqual(log.add("y", "P1D"), 86500)
        self.assertEqual(len(log.entries), 2)


class DurationLogTestSummary(unittest.TestCase):
    def test_summary_1(self):
        self.assertEqual(DurationLog().summary(), {})

    def test_summary_2(self):
        log = DurationLog("h")
        log.entries = [("coding", 5400), ("review", 600), ("coding", 86400)]
        self.assertEqual(log.summary(), {"coding": "25h 30m", "review": "10m"})

    def test_summary_3(self):
        log = DurationLog()
        log.entries = [("b", 60), ("a", 60), ("b", 0)]
        self.assertEqual(list(log.summary()), ["b", "a"])
        self.assertEqual(log.summary(), {"b": "1m", "a": "1m"})

    def test_summary_4(self):
        log = DurationLog()
        log.entries = [("idle", 0), ("idle", 0)]
        self.assertEqual(log.summary(), {"idle": "0s"})

    def test_summary_5(self):
        log = DurationLog("q")
        self.assertEqual(log.summary(), {})
        log.entries = [("a", 1)]
        with self.assertRaises(ValueError):
            log.summary()

    def test_summary_6(self):
        log = DurationLog()
        log.add("a", "23h")
        log.add("a", "1h 1s")
        self.assertEqual(log.summary(), {"a": "1d 1s"})
        self.assertEqual(log.entries, [("a", 82800), ("a", 3601)])


class DurationLogTest(unittest.TestCase):
    def test_duration_log_1(self):
        log = DurationLog("h")
        self.assertEqual(log.add("design", "1h 30m"), 5400)
        self.assertEqual(log.add("coding", "PT2H15M"), 13500)
        self.assertEqual(log.add("design", "0:45"), 16200)
        self.assertEqual(log.summary(), {"design": "2h 15m", "coding": "2h 15m"})
        total = sum(seconds for _, seconds in log.entries)
        self.assertEqual(log.format(total), "4h 30m")
        self.assertEqual(log.to_clock(total), "4:30:00")
        self.assertEqual(log.to_iso(total), "PT4H30M")
        self.assertEqual(log.parse(log.to_iso(total)), total)

    def test_duration_log_2(self):
        log = DurationLog()
        self.assertEqual(log.add("on call", "P1W"), 604800)
        self.assertEqual(log.add("on call", "12h"), 648000)
        self.assertEqual(log.summary(), {"on call": "7d 12h"})
        self.assertEqual(log.to_iso(648000), "P7DT12H")
        self.assertEqual(log.to_clock(648000), "180:00:00")
        self.assertEqual(log.parse("180:00"), 648000)
        self.assertEqual(log.format(log.parse("7d 12h")), "7d 12h")


if __name__ == "__main__":
    unittest.main()
