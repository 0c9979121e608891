import unittest

from solution import StreamSummary


def summary_of(values):
    summary = StreamSummary()
    for value in values:
        summary.push(value)
    return summary


class StreamSummaryTestPush(unittest.TestCase):
    def test_push_1(self):
        summary = StreamSummary()
        self.assertEqual(summary.push(4), 1)
        self.assertEqual(summary.values, [4])
        self.assertEqual(summary.mean, 4.0)
        self.assertEqual(summary.m2, 0.0)
        self.assertEqual(summary.lower, [-4])
        self.assertEqual(summary.upper, [])

    def test_push_2(self):
        summary = StreamSummary()
        self.assertEqual(summary.push(4), 1)
        self.assertEqual(summary.push(1), 2)
        self.assertEqual(summary.push(7), 3)
        self.assertEqual(summary.count, 3)
        self.assertEqual(summary.mean, 4.0)
        self.assertEqual(summary.m2, 18.0)
        self.assertEqual(sorted(-v for v in summary.lower), [1, 4])
        self.assertEqual(summary.upper, [7])

    def test_push_3(self):
        summary = StreamSummary()
        summary.push(1)
        summary.push(2)
        self.assertEqual(summary.lower, [-1])
        self.assertEqual(summary.upper, [2])
        self.assertEqual(summary.mean, 1.5)
        self.assertEqual(summary.m2, 0.5)

    def test_push_4(self):
        summary = StreamSummary()
        for value in [5, 5, 5, 5]:
            summary.push(value)
        self.assertEqual(summary.lower, [-5, -5])
        self.assertEqual(summary.upper, [5, 5])
        self.assertEqual(summary.m2, 0.0)

    def test_push_5(self):
        summary = StreamSummary()
        for value in [9, 8, 7, 6, 5, 4]:
            summary.push(value)
        self.assertEqual(sorted(-v for v in summary.lower), [4, 5, 6])
        self.assertEqual(sorted(summary.upper), [7, 8, 9])
        self.assertEqual(summary.values, [9, 8, 7, 6, 5, 4])
        self.assertEqual(summary.mean, 6.5)
        self.assertEqual(summary.m2, 17.5)

    def test_push_6(self):
        summary = StreamSummary()
        for value in [1, 2, 3, 4, 5]:
            summary.push(value)
        self.assertEqual(sorted(-v for v in summary.lower), [1, 2, 3])
        self.assertEqual(sorted(summary.upper), [4, 5])
        self.assertEqual(summary.push(-0.5), 6)
        self.assertEqual(sorted(-v for v in summary.lower), [-0.5, 1, 2])
        self.assertEqual(sorted(summary.upper), [3, 4, 5])


class StreamSummaryTestVariance(unittest.TestCase):
    def test_variance_1(self):
        summary = summary_of([2, 4, 4, 4, 5, 5, 7, 9])
        self.assertEqual(summary.variance(sample=False), 4.0)
        self.assertAlmostEqual(summary.variance(), 32 / 7)

    def test_variance_2(self):
        summary = summary_of([1, 3])
        self.assertEqual(summary.variance(), 2.0)
        self.assertEqual(summary.variance(False), 1.0)

    def test_variance_3(self):
        summary = summary_of([5])
        self.assertEqual(summary.variance(sample=False), 0.0)
        with self.assertRaises(ValueError):
            summary.variance()

    def test_variance_4(self):
        summary = StreamSummary()
        with self.assertRaises(ValueError):
            summary.variance(sample=False)
        with self.assertRaises(ValueError):
            summary.variance(sample=True)

    def test_variance_5(self):
        summary = summary_of([7, 7, 7])
        self.assertEqual(summary.variance(), 0.0)
        self.assertEqual(summary.count, 3)

    def test_variance_6(self):
        summary = StreamSummary()
        summary.count = 4
        summary.m2 = 12.0
        self.assertEqual(summary.variance(), 4.0)
        self.assertEqual(summary.variance(False), 3.0)


class StreamSummaryTestMedian(unittest.TestCase):
    def test_median_1(self):
        with self.assertRaises(ValueError):
            StreamSummary().median()

    def test_median_2(self):
        self.assertEqual(summary_of([5]).median(), 5.0)

    def test_median_3(self):
        self.assertEqual(summary_of([5, 1]).median(), 3.0)

    def test_median_4(self):
        self.assertEqual(summary_of([3, 9, 1, 7, 5]).median(), 5.0)
        self.assertEqual(summary_of([3, 9, 1, 7, 5, 100]).median(), 6.0)

    def test_median_5(self):
        summary = summary_of([10, 20, 30, 40])
        self.assertEqual(summary.median(), 25.0)
        summary.push(-100)
        self.assertEqual(summary.median(), 20.0)
        self.assertEqual(summary.count, 5)

    def test_median_7(self):
        self.assertEqual(summary_of([1, 3, 3, 2, 1]).median(), 2.0)
        self.assertEqual(summary_of([5, 1, 4, 2, 3, 3]).median(), 3.0)

    def test_median_6(self):
        summary = StreamSummary()
        summary.lower = [-4, -2]
        summary.upper = [9]
        self.assertEqual(summary.median(), 4.0)
        summary.upper = [6, 9]
        self.assertEqual(summary.median(), 5.0)


class StreamSummaryTestZscore(unittest.TestCase):
    def test_zscore_1(self):
        summary = summary_of([1, 3, 5])
        self.assertEqual(summary.zscore(7), 2.0)
        self.assertEqual(summary.zscore(3), 0.0)

    def test_zscore_2(self):
        summary = summary_of([1, 3, 5])
        self.assertEqual(summary.zscore(-1), -2.0)
        self.assertEqual(summary.zscore(4), 0.5)

    def test_zscore_3(self):
        with self.assertRaises(ValueError):
            summary_of([4]).zscore(4)
        with self.assertRaises(ValueError):
            StreamSummary().zscore(0)

    def test_zscore_4(self):
        with self.assertRaises(ValueError):
            summary_of([2, 2, 2]).zscore(3)

    def test_zscore_5(self):
        summary = summary_of([2, 4, 4, 4, 5, 5, 7, 9])
        self.assertAlmostEqual(summary.zscore(9), 4 / (32 / 7) ** 0.5)
        self.assertEqual(summary.count, 8)


class StreamSummaryTestPercentile(unittest.TestCase):
    def test_percentile_1(self):
        summary = summary_of([10, 40, 20, 30])
        self.assertEqual(summary.percentile(0), 10.0)
        self.assertEqual(summary.percentile(100), 40.0)

    def test_percentile_2(self):
        summary = summary_of([10, 40, 20, 30])
        self.assertEqual(summary.percentile(50), 25.0)
        self.assertEqual(summary.percentile(25), 17.5)
        self.assertEqual(summary.percentile(75), 32.5)

    def test_percentile_3(self):
        summary = summary_of([7])
        self.assertEqual(summary.percentile(0), 7.0)
        self.assertEqual(summary.percentile(50), 7.0)
        self.assertEqual(summary.percentile(100), 7.0)

    def test_percentile_4(self):
        with self.assertRaises(ValueError):
            StreamSummary().percentile(50)
        summary = summary_of([1, 2])
        with self.assertRaises(ValueError):
            summary.percentile(-0.1)
        with self.assertRaises(ValueError):
            summary.percentile(100.5)

    def test_percentile_5(self):
        summary = summary_of([0, 10, 20, 30, 40])
        self.assertEqual(summary.percentile(90), 36.0)
        self.assertEqual(summary.percentile(10), 4.0)
        self.assertEqual(summary.values, [0, 10, 20, 30, 40])

    def test_percentile_6(self):
        summary = summary_of([3, 1, 2])
        self.assertEqual(summary.percentile(50), 2.0)
        self.assertEqual(summary.values, [3, 1, 2])
        self.assertEqual(summary.percentile(99), 2.98)


class StreamSummaryTest(unittest.TestCase):
    def test_stream_summary_1(self):
        summary = StreamSummary()
        for count, value in enumerate([12, 15, 11, 18, 14], start=1):
            self.assertEqual(summary.push(value), count)
        self.assertEqual(summary.mean, 14.0)
        self.assertEqual(summary.median(), 14.0)
        self.assertEqual(summary.variance(sample=False), 6.0)
        self.assertEqual(summary.variance(), 7.5)
        self.assertAlmostEqual(summary.zscore(18), 4 / 7.5**0.5)
        self.assertEqual(summary.percentile(50), 14.0)
        self.assertEqual(summary.percentile(75), 15.0)
        self.assertEqual(summary.push(20), 6)
        self.assertEqual(summary.median(), 14.5)

    def test_stream_summary_2(self):
        summary = StreamSummary()
        summary.push(1)
        with self.assertRaises(ValueError):
            summary.zscore(1)
        self.assertEqual(summary.median(), 1.0)
        summary.push(3)
        self.assertEqual(summary.variance(), 2.0)
        self.assertAlmostEqual(summary.zscore(1), -(2**-0.5))
        self.assertEqual(summary.percentile(50), 2.0)
        self.assertEqual(summary.median(), 2.0)


if __name__ == "__main__":
    unittest.main()
