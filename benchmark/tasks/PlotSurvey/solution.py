import math


class PlotSurvey:
    """
    A plot of land surveyed as a polygon: its corners in order around the boundary, each a point (x, y) in metres
    with x to the east and y to the north. The boundary runs from each corner to the next and from the last corner
    back to the first. Corners are added one by one, either at known coordinates or by walking a distance on a
    compass bearing from the last corner, as a surveyor does.
    """

    def __init__(self):
        """
        Start a survey without corners.
        self.corners: list of tuple, the corners (x, y) in the order added; [] at first
        """
        self.corners = []

    def add_corner(self, x: float, y: float) -> int:
        """
        Add a corner at the end of the boundary.
        :param x: float, metres east
        :param y: float, metres north
        :return: int, the number of corners afterwards
        :raises ValueError: when the plot already has a corner at (x, y) (nothing changes then)
        >>> plot = PlotSurvey()
        >>> plot.add_corner(0, 0), plot.add_corner(30, 0), plot.corners
        (1, 2, [(0, 0), (30, 0)])
        """
        if (x, y) in self.corners:
            raise ValueError("the plot already has a corner there")
        self.corners.append((x, y))
        return len(self.corners)

    def walk(self, distance: float, bearing: float) -> tuple:
        """
        Add a corner by walking from the last corner: distance metres on a compass bearing, in degrees clockwise
        from north (0 is north, 90 east, 180 south, 270 west); a negative distance walks the opposite way. The new
        corner's coordinates are rounded to three decimals (round) and it is added as add_corner adds it.
        :param distance: float, metres
        :param bearing: float, degrees; any value, taken modulo 360
        :return: tuple, the new corner (x, y)
        :raises ValueError: when the plot has no corner yet, or the new corner is already a corner of the plot
            (as after a distance of 0); nothing changes then
        >>> plot = PlotSurvey()
        >>> plot.add_corner(0, 0)
        1
        >>> plot.walk(10, 30), plot.walk(5, 180)
        ((5.0, 8.66), (5.0, 3.66))
        """
        if not self.corners:
            raise ValueError("a walk needs a starting corner")
        x, y = self.corners[-1]
        angle = math.radians(bearing)
        corner = (round(x + distance * math.sin(angle), 3), round(y + distance * math.cos(angle), 3))
        self.add_corner(*corner)
        return corner

    def area(self) -> float:
        """
        The area the boundary encloses (the shoelace formula: half the absolute value of the sum, over every edge
        from (x1, y1) to (x2, y2), of x1 * y2 - x2 * y1), whichever way round the corners go.
        :return: float, square metres rounded to two decimals (round); 0.0 with fewer than three corners
        >>> plot = PlotSurvey()
        >>> for x, y in [(0, 0), (30, 0), (30, 20), (0, 20)]:
        ...     _ = plot.add_corner(x, y)
        >>> plot.area()
        600.0
        """
        corners = self.corners
        total = sum(
            corners[i][0] * corners[i - 1][1] - corners[i - 1][0] * corners[i][1] for i in range(len(corners))
        )
        return round(abs(total) / 2, 2)

    def perimeter(self) -> float:
        """
        The length of the boundary: every edge from a corner to the next, and from the last corner back to the
        first (with two corners, there and back).
        :return: float, metres rounded to two decimals (round); 0.0 with fewer than two corners
        >>> plot = PlotSurvey()
        >>> for x, y in [(0, 0), (3, 0), (3, 4)]:
        ...     _ = plot.add_corner(x, y)
        >>> plot.perimeter()
        12.0
        """
        corners = self.corners
        return round(sum(math.dist(corners[i - 1], corners[i]) for i in range(len(corners))), 2)

    def bearing(self, start: int, end: int) -> float:
        """
        The compass bearing from one corner to another, in degrees clockwise from north.
        :param start: int, the position of the corner to look from in self.corners, from 0
        :param end: int, the position of the corner to look at, from 0
        :return: float, the bearing rounded to one decimal (round), from 0.0 up to but not including 360.0 (a
            bearing that rounds to 360.0 is 0.0)
        :raises ValueError: when a position is below 0 or not below the number of corners, or start == end
        >>> plot = PlotSurvey()
        >>> for x, y in [(0, 0), (10, 10), (-5, 0)]:
        ...     _ = plot.add_corner(x, y)
        >>> plot.bearing(0, 1), plot.bearing(1, 0), plot.bearing(0, 2)
        (45.0, 225.0, 270.0)
        """
        if not (0 <= start < len(self.corners) and 0 <= end < len(self.corners)) or start == end:
            raise ValueError("two different corners of the plot are needed")
        (x1, y1), (x2, y2) = self.corners[start], self.corners[end]
        return round(math.degrees(math.atan2(x2 - x1, y2 - y1)) % 360, 1) % 360

    def contains(self, x: float, y: float) -> bool:
        """
        Whether a point lies on the plot: inside the boundary, or on it (on an edge or at a corner). A point is
        inside when a ray from it to the east crosses the boundary an odd number of times; where the ray runs
        through a corner, it crosses the boundary there once when the two edges at that corner go to opposite
        sides of the ray (one above, one below), and not at all when both go to the same side.
        :param x: float, metres east
        :param y: float, metres north
        :return: bool, True when the point is inside or on the boundary; False with fewer than three corners
        >>> plot = PlotSurvey()
        >>> for corner in [(0, 0), (4, 0), (4, 4), (2, 1), (0, 4)]:
        ...     _ = plot.add_corner(*corner)
        >>> plot.contains(1, 1), plot.contains(2, 3), plot.contains(4, 2), plot.contains(5, 1)
        (True, False, True, False)
        """
        if len(self.corners) < 3:
            return False
        inside = False
        for i in range(len(self.corners)):
            (x1, y1), (x2, y2) = self.corners[i - 1], self.corners[i]
            cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
            if cross == 0 and min(x1, x2) <= x <= max(x1, x2) and min(y1, y2) <= y <= max(y1, y2):
                return True
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
        return inside

    def centroid(self) -> tuple:
        """
        The centre of mass of the area the boundary encloses: with A the signed area (the shoelace sum halved,
        without the absolute value) and c = x1 * y2 - x2 * y1 for every edge from (x1, y1) to (x2, y2), the
        centroid is (sum of (x1 + x2) * c / (6 * A), sum of (y1 + y2) * c / (6 * A)).
        :return: tuple, (x, y), each rounded to two decimals (round)
        :raises ValueError: when the signed area is 0 (fewer than three corners, or all on one line)
        >>> plot = PlotSurvey()
        >>> for x, y in [(0, 0), (6, 0), (0, 3)]:
        ...     _ = plot.add_corner(x, y)
        >>> plot.centroid()
        (2.0, 1.0)
        """
        edges = [(self.corners[i - 1], self.corners[i]) for i in range(len(self.corners))]
        signed = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in edges) / 2
        if signed == 0:
            raise ValueError("the plot encloses no area")
        cx = sum((x1 + x2) * (x1 * y2 - x2 * y1) for (x1, y1), (x2, y2) in edges) / (6 * signed)
        cy = sum((y1 + y2) * (x1 * y2 - x2 * y1) for (x1, y1), (x2, y2) in edges) / (6 * signed)
        return round(cx, 2), round(cy, 2)
