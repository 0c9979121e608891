from fractions import Fraction


class SegmentSketch:
    """
    A sketch of named straight line segments in the plane. Coordinates are exact rational numbers, given as
    strings that fractions.Fraction reads ("3", "-1/2", "0.25") and computed with exactly; every number a method
    returns is written as str(Fraction) writes it ("3", "-1/2", "7/4"). A segment includes both of its ends.
    """

    def __init__(self):
        """
        Start an empty sketch.
        self.segments: dict, segment name (str) -> (x1, y1, x2, y2) as a tuple of four Fraction, the start and
            the end of the segment, in the order the segments were drawn; {} at first
        """
        self.segments = {}

    def draw(self, name: str, x1: str, y1: str, x2: str, y2: str) -> bool:
        """
        Draw a segment from (x1, y1) to (x2, y2).
        :param name: str, a name not yet used in the sketch
        :param x1: str, the x coordinate of the start, as Fraction reads it
        :param y1: str, the y coordinate of the start
        :param x2: str, the x coordinate of the end
        :param y2: str, the y coordinate of the end
        :return: bool, True when the segment was drawn, False when the name is already used (nothing changes)
        :raises ValueError: when a coordinate is not a number Fraction reads, a fraction has the denominator 0,
            or the start and the end are the same point (nothing changes)
        >>> sketch = SegmentSketch()
        >>> sketch.draw("a", "0", "1/2", "0.25", "-3"), sketch.draw("a", "0", "0", "1", "1"), sketch.segments
        (True, False, {'a': (Fraction(0, 1), Fraction(1, 2), Fraction(1, 4), Fraction(-3, 1))})
        """
        try:
            ends = tuple(Fraction(text) for text in (x1, y1, x2, y2))
        except ZeroDivisionError:
            raise ValueError(f"a denominator of segment {name!r} is 0") from None
        if ends[:2] == ends[2:]:
            raise ValueError(f"segment {name!r} has no length")
        if name in self.segments:
            return False
        self.segments[name] = ends
        return True

    def erase(self, name: str) -> bool:
        """
        Remove a segment from the sketch.
        :param name: str, the segment's name
        :return: bool, True when it was removed, False when no segment has that name
        >>> sketch = SegmentSketch()
        >>> sketch.draw("a", "0", "0", "1", "1"), sketch.erase("a"), sketch.erase("a"), sketch.segments
        (True, True, False, {})
        """
        return self.segments.pop(name, None) is not None

    def length_squared(self, name: str) -> str:
        """
        The square of a segment's length, exact: (x2 - x1) ** 2 + (y2 - y1) ** 2.
        :param name: str, the segment's name
        :return: str, the squared length as str(Fraction) writes it
        :raises KeyError: when no segment has that name
        >>> sketch = SegmentSketch()
        >>> sketch.draw("a", "0", "0", "3", "4"), sketch.draw("b", "1/2", "0", "0", "1/3")
        (True, True)
        >>> sketch.length_squared("a"), sketch.length_squared("b")
        ('25', '13/36')
        """
        x1, y1, x2, y2 = self.segments[name]
        return str((x2 - x1) ** 2 + (y2 - y1) ** 2)

    def midpoint(self, name: str) -> tuple:
        """
        The point halfway between a segment's ends.
        :param name: str, the segment's name
        :return: tuple of two str, (x, y) as str(Fraction) writes them
        :raises KeyError: when no segment has that name
        >>> sketch = SegmentSketch()
        >>> sketch.draw("a", "0", "0", "3", "-1/2"), sketch.midpoint("a")
        (True, ('3/2', '-1/4'))
        """
        x1, y1, x2, y2 = self.segments[name]
        return (str((x1 + x2) / 2), str((y1 + y2) / 2))

    def intersection(self, first: str, second: str) -> tuple | None:
        """
        The one point two segments have in common, ends included: where they cross, where one touches the other,
        or where two segments on one line meet end to end.
        :param first: str, a segment's name
        :param second: str, another segment's name
        :return: tuple of two str or None, the common point (x, y) as str(Fraction) writes them, None when the
            segments have no point in common (parallel, or apart)
        :raises ValueError: when the segments lie on one line and share more than one point (a segment shares
            all its points with itself)
        :raises KeyError: when either name is not in the sketch
        >>> sketch = SegmentSketch()
        >>> sketch.draw("a", "0", "0", "2", "2"), sketch.draw("b", "0", "1", "3", "0"), sketch.draw("c", "3", "3", "4", "4")
        (True, True, True)
        >>> sketch.intersection("a", "b"), sketch.intersection("a", "c")
        (('3/4', '3/4'), None)
        """
        x1, y1, x2, y2 = self.segments[first]
        x3, y3, x4, y4 = self.segments[second]
        rx, ry = x2 - x1, y2 - y1
        sx, sy = x4 - x3, y4 - y3
        qx, qy = x3 - x1, y3 - y1
        denominator = rx * sy - ry * sx
        if denominator != 0:
            t = (qx * sy - qy * sx) / denominator
            u = (qx * ry - qy * rx) / denominator
            if not (0 <= t <= 1 and 0 <= u <= 1):
                return None
        else:
            if qx * ry - qy * rx != 0:
                return None
            # On one line: where the second segment's ends fall along the first, 0 at its start and 1 at its end.
            r_r = rx * rx + ry * ry
            t0 = (qx * rx + qy * ry) / r_r
            t1 = t0 + (sx * rx + sy * ry) / r_r
            t = max(0, min(t0, t1))
            end = min(1, max(t0, t1))
            if t > end:
                return None
            if t < end:
                raise ValueError(f"segments {first!r} and {second!r} overlap")
        return (str(x1 + t * rx), str(y1 + t * ry))

    def crossings(self, name: str) -> list:
        """
        The other segments that have a point in common with a segment (one point, or more where they overlap).
        :param name: str, the segment's name
        :return: list of str, their names in alphabetical order, [] when none
        :raises KeyError: when no segment has that name
        >>> sketch = SegmentSketch()
        >>> sketch.draw("a", "0", "0", "4", "0"), sketch.draw("b", "1", "-1", "1", "1"), sketch.draw("c", "3", "0", "5", "0")
        (True, True, True)
        >>> sketch.crossings("a"), sketch.crossings("b")
        (['b', 'c'], ['a'])
        """
        if name not in self.segments:
            raise KeyError(name)
        found = []
        for other in self.segments:
            if other == name:
                continue
            try:
                if self.intersection(name, other) is not None:
                    found.append(other)
            except ValueError:
                found.append(other)
        return sorted(found)
