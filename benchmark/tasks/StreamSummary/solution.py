import heapq
import math


class StreamSummary:
    """
    Summarises a stream of numbers as they arrive: count, mean and variance with Welford's one-pass method,
    the running median with two heaps, z-scores, and percentiles by linear interpolation.
    """

    def __init__(self):
        """
        Create a summary of an empty stream.
        self.values: list, every value pushed, in arrival order
        self.count: int, how many values were pushed
        self.mean: float, the mean of the values so far (0.0 while empty)
        self.m2: float, the sum of squared differences from the mean (Welford's M2), 0.0 while empty
        self.lower: list, a heap of the negated smaller half of the values (its first item is minus their maximum)
        self.upper: list, a heap of the larger half of the values (its first item is their minimum)
        """
        self.values = []
        self.count = 0
        self.mean = 0.0
        self.m2 = 0.0
        self.lower = []
        self.upper = []

    def push(self, value: float) -> int:
        """
        Add a value. It updates count, mean and m2 (delta = value - old mean; mean += delta / count;
        m2 += delta * (value - new mean)) and the heaps: a value goes to the lower half when that half is empty
        or the value is at most the lower half's maximum, otherwise to the upper half; then one value moves
        between the halves so that the lower half holds as many values as the upper half or one more.
        :param value: float, the value (int is accepted too)
        :return: int, the number of values after adding
        >>> summary = StreamSummary()
        >>> summary.push(4), summary.push(1), summary.push(7)
        (1, 2, 3)
        >>> summary.mean, summary.m2, sorted(-v for v in summary.lower), summary.upper
        (4.0, 18.0, [1, 4], [7])
        """
        self.values.append(value)
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self.m2 += delta * (value - self.mean)
        if not self.lower or value <= -self.lower[0]:
            heapq.heappush(self.lower, -value)
        else:
            heapq.heappush(self.upper, value)
        if len(self.lower) > len(self.upper) + 1:
            heapq.heappush(self.upper, -heapq.heappop(self.lower))
        elif len(self.upper) > len(self.lower):
            heapq.heappush(self.lower, -heapq.heappop(self.upper))
        return self.count

    def variance(self, sample: bool = True) -> float:
        """
        Variance of the values: m2 / (count - 1) for a sample, m2 / count for the whole population.
        :param sample: bool, True for the sample variance, False for the population variance
        :return: float, the variance
        :raises ValueError: when there are fewer than 2 values (sample) or no values (population)
        >>> summary = StreamSummary()
        >>> for value in [2, 4, 4, 4, 5, 5, 7, 9]:
        ...     _ = summary.push(value)
        >>> summary.variance(sample=False), round(summary.variance(), 4)
        (4.0, 4.5714)
        """
        divisor = self.count - 1 if sample else self.count
        if divisor < 1:
            raise ValueError("not enough values for a variance")
        return self.m2 / divisor

    def median(self) -> float:
        """
        The median: the middle value for an odd count, the mean of the two middle values for an even count. It is
        read from the heaps alone (not from values or count): the lower half's maximum when the lower heap holds
        more items than the upper heap, otherwise the mean of the lower half's maximum and the upper half's minimum.
        :return: float, the median
        :raises ValueError: when no value was pushed (the lower heap is empty)
        >>> summary = StreamSummary()
        >>> summary.push(5), summary.median()
        (1, 5.0)
        >>> summary.push(1), summary.median()
        (2, 3.0)
        """
        if not self.lower:
            raise ValueError("the median of nothing is undefined")
        if len(self.lower) > len(self.upper):
            return float(-self.lower[0])
        return (-self.lower[0] + self.upper[0]) / 2

    def zscore(self, value: float) -> float:
        """
        How many sample standard deviations a value lies from the mean: (value - mean) / sqrt(sample variance).
        :param value: float, the value to score
        :return: float, the z-score
        :raises ValueError: when there are fewer than 2 values or all values are equal (standard deviation 0)
        >>> summary = StreamSummary()
        >>> for value in [1, 3, 5]:
        ...     _ = summary.push(value)
        >>> summary.zscore(7), summary.zscore(3)
        (2.0, 0.0)
        """
        deviation = math.sqrt(self.variance())
        if deviation == 0:
            raise ValueError("all values are equal")
        return (value - self.mean) / deviation

    def percentile(self, p: float) -> float:
        """
        The p-th percentile by linear interpolation between the sorted values: with the values sorted as
        v[0] <= ... <= v[n-1], the position is r = p / 100 * (n - 1) and the result v[floor(r)] plus the fraction
        of r times (v[floor(r) + 1] - v[floor(r)]).
        :param p: float, the percentile, from 0 to 100
        :return: float, the interpolated value
        :raises ValueError: when no value was pushed or p is outside [0, 100]
        >>> summary = StreamSummary()
        >>> for value in [10, 40, 20, 30]:
        ...     _ = summary.push(value)
        >>> summary.percentile(0), summary.percentile(50), summary.percentile(100), summary.percentile(25)
        (10.0, 25.0, 40.0, 17.5)
        """
        if not self.values:
            raise ValueError("no values")
        if not 0 <= p <= 100:
            raise ValueError("p must lie between 0 and 100")
        ordered = sorted(self.values)
        rank = p / 100 * (len(ordered) - 1)
        below = math.floor(rank)
        if below == len(ordered) - 1:
            return float(ordered[below])
        return ordered[below] + (rank - below) * (ordered[below + 1] - ordered[below])
