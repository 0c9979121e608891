import math


class SprinklerLayout:
    """
    A garden's sprinkler layout: each sprinkler has a name, a position (x, y) in metres and the radius of the
    circle it waters. The layout answers how far apart two sprinklers are, how much of the ground two of them
    both water, which sprinklers wet a point, which points of a grid stay dry and which box holds every circle.
    A point on the edge of a circle is wet.
    """

    def __init__(self):
        """
        Start an empty layout.
        self.sprinklers: dict, sprinkler name (str) -> (x, y, radius) as a tuple of three numbers, in the order
            the sprinklers were placed; {} at first
        """
        self.sprinklers = {}

    def place(self, name: str, x: float, y: float, radius: float) -> bool:
        """
        Place a sprinkler at (x, y) watering a circle of the given radius.
        :param name: str, a name not yet used in the layout
        :param x: float, the x coordinate of the sprinkler in metres
        :param y: float, the y coordinate of the sprinkler in metres
        :param radius: float, the radius of the watered circle in metres, above 0
        :return: bool, True when the sprinkler was placed, False when the name is already used (nothing changes)
        :raises ValueError: when the name is empty or the radius is not above 0 (nothing changes)
        >>> layout = SprinklerLayout()
        >>> layout.place("rose bed", 2, 3, 1.5), layout.place("rose bed", 0, 0, 1), layout.sprinklers
        (True, False, {'rose bed': (2, 3, 1.5)})
        """
        if not name or radius <= 0:
            raise ValueError(f"cannot place sprinkler {name!r} with radius {radius}")
        if name in self.sprinklers:
            return False
        self.sprinklers[name] = (x, y, radius)
        return True

    def remove(self, name: str) -> bool:
        """
        Take a sprinkler out of the layout.
        :param name: str, the sprinkler's name
        :return: bool, True when it was removed, False when no sprinkler has that name
        >>> layout = SprinklerLayout()
        >>> layout.place("lawn", 0, 0, 4), layout.remove("lawn"), layout.remove("lawn"), layout.sprinklers
        (True, True, False, {})
        """
        return self.sprinklers.pop(name, None) is not None

    def distance(self, first: str, second: str) -> float:
        """
        The distance between the positions of two sprinklers, not rounded.
        :param first: str, a sprinkler's name
        :param second: str, another sprinkler's name (the same name gives 0.0)
        :return: float, the straight-line distance in metres
        :raises KeyError: when either name is not in the layout
        >>> layout = SprinklerLayout()
        >>> layout.place("a", 1, 1, 2), layout.place("b", 4, 5, 2), layout.distance("a", "b")
        (True, True, 5.0)
        """
        x1, y1, _ = self.sprinklers[first]
        x2, y2, _ = self.sprinklers[second]
        return math.hypot(x2 - x1, y2 - y1)

    def overlap(self, first: str, second: str) -> float:
        """
        The area both sprinklers water, rounded to four decimals. With radii r1, r2 and d the distance between
        the sprinklers: 0.0 when d >= r1 + r2 (apart or touching); pi * min(r1, r2) ** 2 when d <= |r1 - r2| (one
        circle lies within the other, so a sprinkler overlaps itself in its whole circle); otherwise the lens
        r1**2 * acos((d**2 + r1**2 - r2**2) / (2*d*r1)) + r2**2 * acos((d**2 + r2**2 - r1**2) / (2*d*r2))
        - sqrt((r1 + r2 - d) * (d + r1 - r2) * (d - r1 + r2) * (d + r1 + r2)) / 2.
        :param first: str, a sprinkler's name
        :param second: str, another sprinkler's name
        :return: float, the common area in square metres, rounded to four decimals
        :raises KeyError: when either name is not in the layout
        >>> layout = SprinklerLayout()
        >>> layout.place("a", 0, 0, 1), layout.place("b", 1, 0, 1), layout.place("c", 5, 0, 1)
        (True, True, True)
        >>> layout.overlap("a", "b"), layout.overlap("a", "c"), layout.overlap("a", "a")
        (1.2284, 0.0, 3.1416)
        """
        r1 = self.sprinklers[first][2]
        r2 = self.sprinklers[second][2]
        d = self.distance(first, second)
        if d >= r1 + r2:
            return 0.0
        if d <= abs(r1 - r2):
            return round(math.pi * min(r1, r2) ** 2, 4)
        area = (
            r1**2 * math.acos((d**2 + r1**2 - r2**2) / (2 * d * r1))
            + r2**2 * math.acos((d**2 + r2**2 - r1**2) / (2 * d * r2))
            - math.sqrt((r1 + r2 - d) * (d + r1 - r2) * (d - r1 + r2) * (d + r1 + r2)) / 2
        )
        return round(area, 4)

    def wetted_by(self, x: float, y: float) -> list:
        """
        The sprinklers that water a point: those whose distance to the point is at most their radius.
        :param x: float, the point's x coordinate in metres
        :param y: float, the point's y coordinate in metres
        :return: list of str, the sprinklers' names in alphabetical order, [] when the point stays dry
        >>> layout = SprinklerLayout()
        >>> layout.place("west", 0, 0, 5), layout.place("east", 8, 0, 5)
        (True, True)
        >>> layout.wetted_by(4, 0), layout.wetted_by(3, 4), layout.wetted_by(4, 4)
        (['east', 'west'], ['west'], [])
        """
        return sorted(
            name
            for name, (cx, cy, radius) in self.sprinklers.items()
            if math.hypot(x - cx, y - cy) <= radius
        )

    def dry_points(self, width: int, height: int) -> list:
        """
        The points of the whole-metre grid over a width x height garden, x from 0 to width and y from 0 to
        height (both ends included), that no sprinkler waters.
        :param width: int, the garden's width in metres, at least 0
        :param height: int, the garden's height in metres, at least 0
        :return: list of tuple, the dry points (x, y) ordered by x, then by y
        :raises ValueError: when width or height is negative
        >>> layout = SprinklerLayout()
        >>> layout.place("centre", 1, 1, 1)
        True
        >>> layout.dry_points(2, 2)
        [(0, 0), (0, 2), (2, 0), (2, 2)]
        """
        if width < 0 or height < 0:
            raise ValueError(f"not a garden: {width} x {height}")
        return [
            (x, y) for x in range(width + 1) for y in range(height + 1) if not self.wetted_by(x, y)
        ]

    def bounding_box(self) -> tuple:
        """
        The smallest box with sides parallel to the axes that holds every watered circle.
        :return: tuple, (smallest x, smallest y, largest x, largest y) over the circles' edges
        :raises ValueError: when the layout has no sprinkler
        >>> layout = SprinklerLayout()
        >>> layout.place("a", 0, 0, 1), layout.place("b", 5, 2, 2), layout.bounding_box()
        (True, True, (-1, -1, 7, 4))
        """
        circles = self.sprinklers.values()
        return (
            min(x - radius for x, _, radius in circles),
            min(y - radius for _, y, radius in circles),
            max(x + radius for x, _, radius in circles),
            max(y + radius for _, y, radius in circles),
        )
