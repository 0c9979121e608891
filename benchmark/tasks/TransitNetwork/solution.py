import heapq
from collections import deque


class TransitNetwork:
    """
    A transit network of named stations joined by two-way links, each taking a whole number of minutes.
    It answers the route with the fewest links (stops), the fastest route, and which stations can be reached.
    Where several routes are equally good, the answer is the route that comes first when routes are compared
    station by station in alphabetical order (Python's list comparison of the station names), so every answer
    is unique.
    """

    def __init__(self):
        """
        Create an empty network.
        self.links: dict, station -> dict of neighbouring station -> minutes of the link; every known station is
            a key, one whose links were all removed maps to {}; {} at first
        """
        self.links = {}

    def connect(self, a: str, b: str, minutes: int) -> bool:
        """
        Link two stations both ways, adding either station when it is not known yet. Linking two linked
        stations again replaces the minutes of their link.
        :param a: str, one station's name, not empty
        :param b: str, the other station's name, not empty and not a
        :param minutes: int, the travel time, at least 1
        :return: bool, True when a new link was made, False when the stations were already linked
        :raises ValueError: when a name is empty, a == b or minutes < 1 (the network is unchanged then)
        >>> network = TransitNetwork()
        >>> network.connect("Abbey", "Bank", 4), network.connect("Bank", "Abbey", 3)
        (True, False)
        >>> network.links
        {'Abbey': {'Bank': 3}, 'Bank': {'Abbey': 3}}
        """
        if not a or not b or a == b:
            raise ValueError("a link joins two different named stations")
        if minutes < 1:
            raise ValueError("a link takes at least one minute")
        new = b not in self.links.get(a, {})
        self.links.setdefault(a, {})[b] = minutes
        self.links.setdefault(b, {})[a] = minutes
        return new

    def disconnect(self, a: str, b: str) -> bool:
        """
        Remove the link between two stations, both ways; the stations stay in the network.
        :param a: str, one station's name
        :param b: str, the other station's name
        :return: bool, True when the link was removed, False when there was no such link (also when a station is
            not known)
        >>> network = TransitNetwork()
        >>> network.connect("Abbey", "Bank", 4)
        True
        >>> network.disconnect("Bank", "Abbey"), network.disconnect("Abbey", "Bank")
        (True, False)
        >>> network.links
        {'Abbey': {}, 'Bank': {}}
        """
        if b not in self.links.get(a, {}):
            return False
        del self.links[a][b]
        del self.links[b][a]
        return True

    def remove_station(self, name: str) -> int:
        """
        Remove a station together with all of its links.
        :param name: str, a known station
        :return: int, the number of links removed with it
        :raises ValueError: when the station is not known
        >>> network = TransitNetwork()
        >>> network.connect("Abbey", "Bank", 4), network.connect("Bank", "Cross", 2)
        (True, True)
        >>> network.remove_station("Bank")
        2
        >>> network.links
        {'Abbey': {}, 'Cross': {}}
        """
        if name not in self.links:
            raise ValueError(f"unknown station: {name!r}")
        neighbours = list(self.links[name])
        for other in neighbours:
            self.disconnect(name, other)
        del self.links[name]
        return len(neighbours)

    def fewest_stops(self, start: str, goal: str) -> list:
        """
        The route from start to goal with the fewest links, whatever their minutes; among several such routes,
        the first in alphabetical station-by-station order.
        :param start: str, a known station
        :param goal: str, a known station
        :return: list of str, the stations of the route from start to goal, [start] when start == goal, [] when
            goal cannot be reached
        :raises ValueError: when start or goal is not known
        >>> network = TransitNetwork()
        >>> for a, b, minutes in [("A", "C", 1), ("C", "D", 1), ("A", "B", 9), ("B", "D", 9), ("D", "E", 1)]:
        ...     _ = network.connect(a, b, minutes)
        >>> network.fewest_stops("A", "E")
        ['A', 'B', 'D', 'E']
        """
        if start not in self.links or goal not in self.links:
            raise ValueError("unknown station")
        parents = {start: None}
        queue = deque([start])
        while queue:
            station = queue.popleft()
            for neighbour in sorted(self.links[station]):
                if neighbour not in parents:
                    parents[neighbour] = station
                    queue.append(neighbour)
        if goal not in parents:
            return []
        route = [goal]
        while parents[route[-1]] is not None:
            route.append(parents[route[-1]])
        return route[::-1]

    def fastest(self, start: str, goal: str) -> tuple:
        """
        The route from start to goal with the fewest minutes in total; among several such routes, the first in
        alphabetical station-by-station order.
        :param start: str, a known station
        :param goal: str, a known station
        :return: tuple, (total minutes, list of the route's stations); (0, [start]) when start == goal,
            (-1, []) when goal cannot be reached
        :raises ValueError: when start or goal is not known
        >>> network = TransitNetwork()
        >>> for a, b, minutes in [("A", "B", 5), ("B", "C", 5), ("A", "C", 12), ("C", "D", 1)]:
        ...     _ = network.connect(a, b, minutes)
        >>> network.fastest("A", "D")
        (11, ['A', 'B', 'C', 'D'])
        """
        if start not in self.links or goal not in self.links:
            raise ValueError("unknown station")
        heap = [(0, [start])]
        done = set()
        while heap:
            minutes, route = heapq.heappop(heap)
            station = route[-1]
            if station == goal:
                return minutes, route
            if station not in done:
                done.add(station)
                for neighbour, cost in self.links[station].items():
                    if neighbour not in done:
                        heapq.heappush(heap, (minutes + cost, route + [neighbour]))
        return -1, []

    def reachable(self, start: str, limit: int) -> dict:
        """
        The stations that can be reached from start within a time limit, with the fewest minutes to each.
        :param start: str, a known station
        :param limit: int, the most minutes allowed, at least 0
        :return: dict, station -> fewest minutes from start, for every station (start included, with 0) whose
            fewest minutes are at most limit, stations in alphabetical order
        :raises ValueError: when start is not known or limit is negative
        >>> network = TransitNetwork()
        >>> for a, b, minutes in [("A", "B", 5), ("B", "C", 5), ("A", "C", 12), ("C", "D", 1)]:
        ...     _ = network.connect(a, b, minutes)
        >>> network.reachable("A", 10)
        {'A': 0, 'B': 5, 'C': 10}
        """
        if start not in self.links or limit < 0:
            raise ValueError("unknown start or negative limit")
        found = {}
        for station in sorted(self.links):
            minutes, _ = self.fastest(start, station)
            if 0 <= minutes <= limit:
                found[station] = minutes
        return found
