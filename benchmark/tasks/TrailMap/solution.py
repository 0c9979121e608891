import heapq


class TrailMap:
    """
    A hiking map: a grid of cells, each a height from 0 to 9 (written as a digit) or "#" for rock that cannot be
    entered. Cell (row, column) has row 0 at the top. A step goes to one of the four neighbours (up, right, down,
    left); it costs 1 plus the height climbed (nothing extra when the step is flat or goes down), and a step up
    or down by more than MAX_STEP is too steep to take. Cells can be closed to hikers. Routes are the cheapest
    ones, found with Dijkstra's algorithm.
    """

    MAX_STEP = 3

    def __init__(self, rows: list):
        """
        Create a map from its rows.
        :param rows: list of str, the rows from top to bottom, all of one length, made of digits and "#"
        self.rows: list of str, the rows as given
        self.closed: set, the (row, column) cells closed to hikers; empty at first
        """
        self.rows = rows
        self.closed = set()

    def height(self, row: int, column: int) -> int:
        """
        The height of a cell.
        :param row: int, the cell's row
        :param column: int, the cell's column
        :return: int, the height, 0 to 9 (closing a cell does not change it)
        :raises ValueError: when the cell is outside the map or is rock
        >>> TrailMap(["12", "#9"]).height(1, 1)
        9
        """
        if not self.is_ground(row, column):
            raise ValueError("no height there: outside the map or rock")
        return int(self.rows[row][column])

    def steps(self, row: int, column: int) -> list:
        """
        The steps a hiker can take from a cell: to each neighbour inside the map that is not rock, not closed and
        not too steep, in the order up, right, down, left.
        :param row: int, the cell's row
        :param column: int, the cell's column
        :return: list of tuple, (row, column, cost) per step
        :raises ValueError: when the cell is outside the map or is rock
        >>> TrailMap(["151", "2#1"]).steps(0, 0)
        [(1, 0, 2)]
        """
        here = self.height(row, column)
        result = []
        for r, c in ((row - 1, column), (row, column + 1), (row + 1, column), (row, column - 1)):
            if self.is_ground(r, c) and (r, c) not in self.closed and abs(self.height(r, c) - here) <= self.MAX_STEP:
                result.append((r, c, 1 + max(0, self.height(r, c) - here)))
        return result

    def close(self, row: int, column: int) -> bool:
        """
        Close a cell to hikers (routes may no longer enter it, though a route may start there).
        :param row: int, the cell's row
        :param column: int, the cell's column
        :return: bool, True when the cell was closed now, False when it already was
        :raises ValueError: when the cell is outside the map or is rock
        >>> trail = TrailMap(["12", "34"])
        >>> trail.close(0, 1), trail.close(0, 1), trail.closed
        (True, False, {(0, 1)})
        """
        self.height(row, column)
        if (row, column) in self.closed:
            return False
        self.closed.add((row, column))
        return True

    def route(self, start_row: int, start_column: int, goal_row: int, goal_column: int) -> tuple:
        """
        The cheapest route between two cells, taking only steps as steps gives them. Among routes of the least
        cost, the one with the fewest steps is chosen; among those, the one whose list of cells comes first when
        the lists are compared cell by cell, each cell as its (row, column) pair.
        :param start_row: int, the start's row
        :param start_column: int, the start's column
        :param goal_row: int, the goal's row
        :param goal_column: int, the goal's column
        :return: tuple, (cost, list of the (row, column) cells from start to goal); (0, [start]) when the start
            is the goal; (-1, []) when the goal cannot be reached
        :raises ValueError: when the start or the goal is outside the map or is rock
        >>> TrailMap(["1234", "1#35", "1119"]).route(0, 0, 1, 3)
        (8, [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)])
        """
        self.height(goal_row, goal_column)
        start = [(start_row, start_column)]
        heap = [(0, len(start), start)]
        done = set()
        while heap:
            cost, _, path = heapq.heappop(heap)
            if path[-1] == (goal_row, goal_column):
                return cost, path
            if path[-1] not in done:
                done.add(path[-1])
                for r, c, step in self.steps(*path[-1]):
                    longer = path + [(r, c)]
                    heapq.heappush(heap, (cost + step, len(longer), longer))
        return -1, []

    def reachable(self, row: int, column: int, budget: int) -> dict:
        """
        Every cell a hiker can reach from a cell within a budget, with the cost of the cheapest route (see route).
        :param row: int, the start's row
        :param column: int, the start's column
        :param budget: int, the most a route may cost, at least 0
        :return: dict, (row, column) -> cost of the cheapest route, for every cell (the start included, at 0)
            reachable within the budget, in order of row, then column
        :raises ValueError: when the start is outside the map or is rock, or budget is negative
        >>> TrailMap(["1234", "1#35", "1119"]).reachable(0, 0, 3)
        {(0, 0): 0, (0, 1): 2, (1, 0): 1, (2, 0): 2, (2, 1): 3}
        """
        if budget < 0:
            raise ValueError("a budget cannot be negative")
        found = {}
        for r, text in enumerate(self.rows):
            for c, char in enumerate(text):
                if char != "#":
                    cost = self.route(row, column, r, c)[0]
                    if 0 <= cost <= budget:
                        found[(r, c)] = cost
        return found

    def peaks(self) -> list:
        """
        The summits: cells that are not rock and are higher than every neighbour that is not rock (closed cells
        count as usual; a cell with only rock around it is a summit).
        :return: list of tuple, the (row, column) of every summit, in order of row, then column
        >>> TrailMap(["1234", "1#35", "1119"]).peaks()
        [(2, 3)]
        """
        found = []
        for r, text in enumerate(self.rows):
            for c, char in enumerate(text):
                if char != "#":
                    around = [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]
                    heights = [self.height(*cell) for cell in around if self.is_ground(*cell)]
                    if all(height < int(char) for height in heights):
                        found.append((r, c))
        return found

    def is_ground(self, row: int, column: int) -> bool:
        """
        Whether a cell is inside the map and not rock (closed or not).
        :param row: int, the cell's row
        :param column: int, the cell's column
        :return: bool, True for a cell with a height
        >>> trail = TrailMap(["1#"])
        >>> trail.is_ground(0, 0), trail.is_ground(0, 1), trail.is_ground(1, 0), trail.is_ground(0, -1)
        (True, False, False, False)
        """
        return 0 <= row < len(self.rows) and 0 <= column < len(self.rows[0]) and self.rows[row][column] != "#"

    def render(self, path: list) -> str:
        """
        The map as text with a route drawn on it: every cell of path shows "*", every closed cell not on it "x",
        every other cell its digit or "#"; the rows joined by "\\n" (no "\\n" at the end).
        :param path: list of tuple, (row, column) cells inside the map, e.g. a route's cells; may be empty
        :return: str, the drawing
        >>> trail = TrailMap(["1234", "1#35", "1119"])
        >>> print(trail.render(trail.route(0, 0, 1, 3)[1]))
        ****
        1#3*
        1119
        """
        on_path = set(path)
        return "\n".join(
            "".join(
                "*" if (r, c) in on_path else "x" if (r, c) in self.closed else char for c, char in enumerate(text)
            )
            for r, text in enumerate(self.rows)
        )
