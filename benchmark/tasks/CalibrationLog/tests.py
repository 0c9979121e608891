import unittest
from decimal import Decimal

from solution import CalibrationLog


def log_of(sensor, offsets, limit="3"):
    log = CalibrationLog(limit)
    for offset in offsets:
        log.record(sensor, "20", str(Decimal("20") + Decimal(offset)))
    return log


STANDARD = ["0.3", "0.2", "0.4", "1.5", "0.3"]


class CalibrationLogTestReading(unittest.TestCase):
    def test_reading_1(self):
        log = CalibrationLog()
        self.assertEqual(log.reading("20.5"), "20.500")
        self.assertEqual(log.reading("1.0005"), "1.001")
        self.assertEqual(log.reading("-0"), "0.000")

    def test_reading_2(self):
        log = CalibrationLog()
        self.assertEqual(log.reading("20"), "20.000")
        self.assertEqual(log.reading("-3.25"), "-3.250")
        self.assertEqual(log.reading("007.5"), "7.500")
        self.assertEqual(log.reading("0.1234"), "0.123")

    def test_reading_3(self):
        log = CalibrationLog()
        self.assertEqual(log.reading("1.0004"), "1.000")
        self.assertEqual(log.reading("-1.0005"), "-1.001")
        self.assertEqual(log.reading("-0.0004"), "0.000")
        self.assertEqual(log.reading("-0.0005"), "-0.001")
        self.assertEqual(log.reading("2.9995"), "3.000")
        self.assertEqual(log.reading("-0.000"), "0.000")

    def test_reading_4(self):
        log = CalibrationLog()
        for number in [
            "",
            "+1",
            ".5",
            "5.",
            "1,5",
            "1e3",
            "abc",
            " 1",
            "--1",
            "\u0661",
            "1.2.3",
            "-",
            "1 ",
        ]:
            with self.assertRaises(ValueError):
                log.reading(number)
        self.assertEqual(log.readings, {})

    def test_reading_5(self):
        log = log_of("t1", ["0.5"])
        self.assertEqual(log.reading("12.3456"), "12.346")
        self.assertEqual(log.readings, {"t1": [(Decimal("20.000"), Decimal("20.500"))]})
        self.assertEqual(log.limit, Decimal("3"))


class CalibrationLogTestRecord(unittest.TestCase):
    def test_record_1(self):
        log = CalibrationLog()
        self.assertEqual(log.record("t1", "20", "20.25"), "0.250")
        self.assertEqual(log.readings, {"t1": [(Decimal("20.000"), Decimal("20.250"))]})

    def test_record_2(self):
        log = CalibrationLog()
        self.assertEqual(log.record("t1", "30", "29.9"), "-0.100")
        self.assertEqual(log.record("hum-2", "45.5", "45.5"), "0.000")
        self.assertEqual(
            log.readings,
            {
                "t1": [(Decimal("30.000"), Decimal("29.900"))],
                "hum-2": [(Decimal("45.500"), Decimal("45.500"))],
            },
        )

    def test_record_3(self):
        log = log_of("t1", ["0.1"])
        for sensor, reference, measured in [
            ("", "1", "1"),
            ("T1", "1", "1"),
            ("t 1", "1", "1"),
            ("t.1", "1", "1"),
            ("\u00e9", "1", "1"),
            ("t9", "x", "1"),
            ("t9", "1", "1e2"),
            ("t1", "1", ""),
        ]:
            with self.assertRaises(ValueError):
                log.record(sensor, reference, measured)
        self.assertEqual(log.readings, {"t1": [(Decimal("20.000"), Decimal("20.100"))]})

    def test_record_4(self):
        log = CalibrationLog()
        self.assertEqual(log.record("t1", "0.0004", "0.0006"), "0.001")
        self.assertEqual(log.record("t1", "-0", "0"), "0.000")
        self.assertEqual(log.readings["t1"][0], (Decimal("0.000"), Decimal("0.001")))

    def test_record_5(self):
        log = CalibrationLog()
        self.assertEqual(log.record("a_b", "1", "2"), "1.000")
        self.assertEqual(log.record("a_b", "-2", "-1.5"), "0.500")
        self.assertEqual(log.record("a_b", "3", "2"), "-1.000")
        self.assertEqual(
            log.readings["a_b"],
            [
                (Decimal("1.000"), Decimal("2.000")),
                (Decimal("-2.000"), Decimal("-1.500")),
                (Decimal("3.000"), Decimal("2.000")),
            ],
        )


class CalibrationLogTestOffsets(unittest.TestCase):
    def test_offsets_1(self):
        log = CalibrationLog()
        self.assertEqual(log.record("t1", "20", "20.3"), "0.300")
        self.assertEqual(log.record("t1", "30", "29.9"), "-0.100")
        self.assertEqual(log.offsets("t1"), ["0.300", "-0.100"])

    def test_offsets_2(self):
        with self.assertRaises(ValueError):
            CalibrationLog().offsets("t1")
        log = log_of("t1", ["0.1"])
        with self.assertRaises(ValueError):
            log.offsets("t2")

    def test_offsets_3(self):
        self.assertEqual(
            log_of("t1", STANDARD).offsets("t1"), ["0.300", "0.200", "0.400", "1.500", "0.300"]
        )

    def test_offsets_4(self):
        log = CalibrationLog()
        log.record("t1", "10", "10.5")
        log.record("t2", "10", "9")
        log.record("t1", "20", "20.25")
        self.assertEqual(log.offsets("t1"), ["0.500", "0.250"])
        self.assertEqual(log.offsets("t2"), ["-1.000"])

    def test_offsets_5(self):
        log = CalibrationLog()
        self.assertEqual(log.record("t1", "-5", "-5.25"), "-0.250")
        self.assertEqual(log.offsets("t1"), ["-0.250"])
        self.assertEqual(log.record("t1", "-5", "-4.75"), "0.250")
        self.assertEqual(log.offsets("t1"), ["-0.250", "0.250"])


class CalibrationLogTestMedianOffset(unittest.TestCase):
    def test_median_offset_1(self):
        log = CalibrationLog()
        log.record("t1", "0", "0.001")
        log.record("t1", "0", "0.002")
        self.assertEqual(log.median_offset("t1"), "0.002")

    def test_median_offset_2(self):
        self.assertEqual(log_of("t1", STANDARD).median_offset("t1"), "0.300")

    def test_median_offset_3(self):
        self.assertEqual(log_of("t1", ["-0.001", "-0.002"]).median_offset("t1"), "-0.002")
        self.assertEqual(log_of("t1", ["-0.1", "0.1"]).median_offset("t1"), "0.000")

    def test_median_offset_4(self):
        with self.assertRaises(ValueError):
            log_of("t1", ["0.1"]).median_offset("t2")
        self.assertEqual(log_of("t1", ["-0.7"]).median_offset("t1"), "-0.700")

    def test_median_offset_5(self):
        log = log_of("t1", ["0.5", "0.1", "0.3", "0.2"])
        self.assertEqual(log.median_offset("t1"), "0.250")
        self.assertEqual(log.offsets("t1"), ["0.500", "0.100", "0.300", "0.200"])


class CalibrationLogTestSpread(unittest.TestCase):
    def test_spread_1(self):
        self.assertEqual(log_of("t1", ["0.1", "0.3"]).spread("t1"), "0.141")

    def test_spread_2(self):
        self.assertEqual(log_of("t1", STANDARD).spread("t1"), "0.541")

    def test_spread_3(self):
        with self.assertRaises(ValueError):
            log_of("t1", ["0.1"]).spread("t1")
        with self.assertRaises(ValueError):
            log_of("t1", ["0.1", "0.2"]).spread("t2")

    def test_spread_4(self):
        self.assertEqual(log_of("t1", ["0.3", "0.3", "0.3"]).spread("t1"), "0.000")
        self.assertEqual(log_of("t1", ["0", "1", "2"]).spread("t1"), "1.000")

    def test_spread_5(self):
        self.assertEqual(log_of("t1", ["0", "0.001"]).spread("t1"), "0.001")
        log = log_of("t1", ["-1", "-3"])
        self.assertEqual(log.spread("t1"), "1.414")
        self.assertEqual(log.offsets("t1"), ["-1.000", "-3.000"])


class CalibrationLogTestOutliers(unittest.TestCase):
    def test_outliers_1(self):
        self.assertEqual(log_of("t1", STANDARD).outliers("t1"), [3])

    def test_outliers_2(self):
        self.assertEqual(log_of("t1", ["0", "0.1", "0.1", "0.1", "0.4"]).outliers("t1"), [0, 4])

    def test_outliers_3(self):
        offsets = ["0.1", "0.2", "0.3", "0.5"]
        self.assertEqual(log_of("t1", offsets, "2").outliers("t1"), [3])
        self.assertEqual(log_of("t1", offsets, "2.5").outliers("t1"), [])

    def test_outliers_4(self):
        with self.assertRaises(ValueError):
            CalibrationLog().outliers("t1")
        self.assertEqual(log_of("t1", ["0.9"]).outliers("t1"), [])
        self.assertEqual(log_of("t1", ["0.2", "0.2", "0.2"]).outliers("t1"), [])

    def test_outliers_5(self):
        offsets = ["-1", "0", "0.1", "0.2", "1.5"]
        self.assertEqual(log_of("t1", offsets, "1").outliers("t1"), [0, 4])
        self.assertEqual(log_of("t1", offsets).outliers("t1"), [0, 4])
        log = log_of("t1", offsets, "11")
        self.assertEqual(log.outliers("t1"), [4])
        self.assertEqual(log.limit, Decimal("11"))


class CalibrationLogTestCorrected(unittest.TestCase):
    def test_corrected_1(self):
        log = log_of("t1", ["0.1", "0.2", "0.3", "5"])
        self.assertEqual(log.corrected("t1", "50"), "49.800")

    def test_corrected_2(self):
        self.assertEqual(log_of("t1", ["0.1", "0.3"]).corrected("t1", "20"), "19.800")
        self.assertEqual(log_of("t1", STANDARD).corrected("t1", "20"), "19.700")

    def test_corrected_3(self):
        log = log_of("t1", ["-0.25"])
        self.assertEqual(log.corrected("t1", "10.1"), "10.350")
        self.assertEqual(log.corrected("t1", "-0.25"), "0.000")

    def test_corrected_4(self):
        log = log_of("t1", ["0.1"])
        with self.assertRaises(ValueError):
            log.corrected("t2", "10")
        with self.assertRaises(ValueError):
            log.corrected("t1", "ten")
        self.assertEqual(log.offsets("t1"), ["0.100"])

    def test_corrected_5(self):
        log = log_of("t1", ["0.001", "0.002"])
        self.assertEqual(log.corrected("t1", "10"), "9.999")
        self.assertEqual(log.corrected("t1", "10.0006"), "10.000")
        self.assertEqual(log.median_offset("t1"), "0.002")


class CalibrationLogTest(unittest.TestCase):
    def test_calibration_log_1(self):
        log = CalibrationLog()
        self.assertEqual(
            [log.record("t1", "20", value) for value in ["20.3", "20.2", "20.4", "21.5", "20.3"]],
            ["0.300", "0.200", "0.400", "1.500", "0.300"],
        )
        self.assertEqual(log.record("h1", "50", "48.5"), "-1.500")
        self.assertEqual(log.record("h1", "60", "58.5"), "-1.500")
        self.assertEqual(log.median_offset("t1"), "0.300")
        self.assertEqual(log.spread("t1"), "0.541")
        self.assertEqual(log.outliers("t1"), [3])
        self.assertEqual(log.corrected("t1", "25"), "24.700")
        self.assertEqual(log.spread("h1"), "0.000")
        self.assertEqual(log.corrected("h1", "40"), "41.500")
        self.assertEqual(log.offsets("h1"), ["-1.500", "-1.500"])

    def test_calibration_log_2(self):
        log = CalibrationLog("1.5")
        log.record("p", "100", "100.2")
        log.record("p", "100", "100.4")
        self.assertEqual(log.outliers("p"), [])
        self.assertEqual(log.corrected("p", "90"), "89.700")
        log.record("p", "100", "101")
        self.assertEqual(log.offsets("p"), ["0.200", "0.400", "1.000"])
        self.assertEqual(log.outliers("p"), [2])
        self.assertEqual(log.median_offset("p"), "0.400")
        self.assertEqual(log.corrected("p", "90"), "89.700")
        self.assertEqual(log.spread("p"), "0.416")

    def test_calibration_log_3(self):
        log = log_of("t1", ["0.5", "0.7"])
        with self.assertRaises(ValueError):
            log.record("t1", "20", "twenty")
        with self.assertRaises(ValueError):
            log.corrected("t1", "1.")
        self.assertEqual(log.offsets("t1"), ["0.500", "0.700"])
        self.assertEqual(log.reading(log.median_offset("t1")), "0.600")
        self.assertEqual(log.corrected("t1", log.reading("10")), "9.400")
        self.assertEqual(log.outliers("t1"), [])
