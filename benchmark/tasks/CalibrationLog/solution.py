import re
import statistics
from decimal import ROUND_HALF_UP, Decimal


class CalibrationLog:
    """
    A calibration log for sensors: each check records what a sensor read next to what a reference instrument read of
    the same quantity, and the sensor's offset for that check is its reading minus the reference. Numbers are
    strings written as an optional "-", digits 0-9, and optionally "." and more digits 0-9 (no "+", exponent or
    spaces). Computations are exact with decimal; a number this log gives back is written with three decimals,
    rounded half away from zero, and zero is written "0.000" (never "-0.000"). An offset is an outlier when its
    distance from the sensor's median offset is more than `limit` times the median absolute deviation (MAD), the
    median of those distances (median and MAD exact, not rounded).
    """

    def __init__(self, limit: str = "3"):
        """
        Start an empty log.
        :param limit: str, how many MADs an offset may lie from the median before it is an outlier, a decimal
            number of at least 1
        self.limit: Decimal, the limit read from the string
        self.readings: dict, sensor name -> list of tuple (reference (Decimal), sensor reading (Decimal)), both
            with three decimals as reading writes them, in the order recorded; {} at first
        """
        self.limit = Decimal(limit)
        self.readings = {}

    def reading(self, number: str) -> str:
        """
        A number as this log writes it: three decimals, rounded half away from zero, zero without a sign.
        :param number: str, the number, written as the class describes
        :return: str, the number with three decimals
        :raises ValueError: when the number is not written that way
        >>> CalibrationLog().reading("20.5"), CalibrationLog().reading("1.0005"), CalibrationLog().reading("-0")
        ('20.500', '1.001', '0.000')
        """
        if not re.fullmatch(r"-?[0-9]+(\.[0-9]+)?", number):
            raise ValueError(f"not a number: {number!r}")
        return str(Decimal(number).quantize(Decimal("0.001"), rounding=ROUND_HALF_UP) + 0)

    def record(self, sensor: str, reference: str, measured: str) -> str:
        """
        Record one check of a sensor. Both numbers are stored as reading writes them.
        :param sensor: str, the sensor's name: one or more lower-case letters a-z, digits 0-9, "-" or "_"
        :param reference: str, what the reference instrument read
        :param measured: str, what the sensor read
        :return: str, the offset of this check (measured minus reference, of the stored numbers)
        :raises ValueError: when the name or either number is not written that way (nothing changes then)
        >>> log = CalibrationLog()
        >>> log.record("t1", "20", "20.25"), log.readings
        ('0.250', {'t1': [(Decimal('20.000'), Decimal('20.250'))]})
        """
        if not re.fullmatch(r"[a-z0-9_-]+", sensor):
            raise ValueError(f"not a sensor name: {sensor!r}")
        check = (Decimal(self.reading(reference)), Decimal(self.reading(measured)))
        self.readings.setdefault(sensor, []).append(check)
        return str(check[1] - check[0])

    def offsets(self, sensor: str) -> list:
        """
        The offsets of a sensor's checks.
        :param sensor: str, the sensor's name
        :return: list of str, the offsets with three decimals, in the order recorded
        :raises ValueError: when the sensor has no check in the log
        >>> log = CalibrationLog()
        >>> log.record("t1", "20", "20.3"), log.record("t1", "30", "29.9")
        ('0.300', '-0.100')
        >>> log.offsets("t1")
        ['0.300', '-0.100']
        """
        if sensor not in self.readings:
            raise ValueError(f"no checks of {sensor!r}")
        return [str(measured - reference) for reference, measured in self.readings[sensor]]

    def median_offset(self, sensor: str) -> str:
        """
        The median of a sensor's offsets (the mean of the middle two for an even number of checks).
        :param sensor: str, the sensor's name
        :return: str, the median as reading writes it
        :raises ValueError: when the sensor has no check in the log
        >>> log = CalibrationLog()
        >>> log.record("t1", "0", "0.001"), log.record("t1", "0", "0.002"), log.median_offset("t1")
        ('0.001', '0.002', '0.002')
        """
        return self.reading(
            str(statistics.median([Decimal(offset) for offset in self.offsets(sensor)]))
        )

    def spread(self, sensor: str) -> str:
        """
        The sample standard deviation of a sensor's offsets.
        :param sensor: str, the sensor's name
        :return: str, the standard deviation as reading writes it
        :raises ValueError: when the sensor has fewer than two checks in the log
        >>> log = CalibrationLog()
        >>> log.record("t1", "0", "0.1"), log.record("t1", "0", "0.3"), log.spread("t1")
        ('0.100', '0.300', '0.141')
        """
        return self.reading(
            str(statistics.stdev([Decimal(offset) for offset in self.offsets(sensor)]))
        )

    def outliers(self, sensor: str) -> list:
        """
        The checks of a sensor whose offset is an outlier, as the class defines it. With a MAD of 0 every offset
        other than the median is an outlier.
        :param sensor: str, the sensor's name
        :return: list of int, the positions of those checks (0 for the first recorded), ascending
        :raises ValueError: when the sensor has no check in the log
        >>> log = CalibrationLog()
        >>> [log.record("t1", "20", value) for value in ["20.3", "20.2", "20.4", "21.5", "20.3"]]
        ['0.300', '0.200', '0.400', '1.500', '0.300']
        >>> log.outliers("t1")
        [3]
        """
        values = [Decimal(offset) for offset in self.offsets(sensor)]
        middle = statistics.median(values)
        distances = [abs(value - middle) for value in values]
        mad = statistics.median(distances)
        return [index for index, distance in enumerate(distances) if distance > self.limit * mad]

    def corrected(self, sensor: str, measured: str) -> str:
        """
        A new reading of a sensor corrected for its offset: the reading, as reading writes it, minus the exact
        median of the sensor's offsets that are not outliers.
        :param sensor: str, the sensor's name
        :param measured: str, what the sensor read
        :return: str, the corrected reading as reading writes it
        :raises ValueError: when the sensor has no check in the log or the reading is not a number written as
            the class describes
        >>> log = CalibrationLog()
        >>> [log.record("t1", "20", value) for value in ["20.1", "20.2", "20.3", "25"]]
        ['0.100', '0.200', '0.300', '5.000']
        >>> log.outliers("t1"), log.corrected("t1", "50")
        ([3], '49.800')
        """
        value = Decimal(self.reading(measured))
        flagged = self.outliers(sensor)
        kept = [
            Decimal(offset)
            for index, offset in enumerate(self.offsets(sensor))
            if index not in flagged
        ]
        return self.reading(str(value - statistics.median(kept)))
