from collections import deque


class IslandChart:
    """
    A sea chart drawn as a grid: each cell is land ("#") or water ("."). Cell (row, column) has row 0 at the
    top and column 0 at the left. Two land cells belong to the same island when a path of land cells joins them,
    each step going up, right, down or left (STEPS, as changes of (row, column); never diagonally, and never off
    the chart: the grid does not wrap around). Islands are found with a breadth-first search.
    """

    STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))

    def __init__(self, rows: list):
        """
        Create a chart from its rows.
        :param rows: list of str, the rows from top to bottom, at least one, all of one length (at least 1), made
            of "#" and "."
        self.rows: list of str, the rows, changed by sink and reclaim
        self.width: int, the number of columns, the length of the first row
        """
        self.rows = rows
        self.width = len(rows[0])

    def island_at(self, row: int, column: int) -> list:
        """
        The cells of the island that a land cell belongs to, in the order a breadth-first search from that cell
        reaches them: the search starts from the cell itself and takes the cells it has reached first in, first
        out; from each cell it takes, it reaches every neighbouring land cell not reached before, looking at the
        neighbours in the order of STEPS (up, right, down, left).
        :param row: int, the cell's row
        :param column: int, the cell's column
        :return: list of tuple, the (row, column) cells of the island in that order; [] for a water cell
        :raises IndexError: when the cell is not on the chart (negative coordinates included)
        >>> chart = IslandChart(["##..#", "#...#", "..#..", "....#"])
        >>> chart.island_at(1, 0), chart.island_at(0, 4), chart.island_at(0, 2)
        ([(1, 0), (0, 0), (0, 1)], [(0, 4), (1, 4)], [])
        """
        if row < 0 or column < 0:
            raise IndexError(f"no cell ({row}, {column})")
        if self.rows[row][column] != "#":
            return []
        island = {(row, column)}
        order = []
        queue = deque([(row, column)])
        while queue:
            here_row, here_column = queue.popleft()
            order.append((here_row, here_column))
            for row_step, column_step in self.STEPS:
                next_row, next_column = here_row + row_step, here_column + column_step
                if (
                    0 <= next_row < len(self.rows)
                    and 0 <= next_column < self.width
                    and (next_row, next_column) not in island
                    and self.rows[next_row][next_column] == "#"
                ):
                    island.add((next_row, next_column))
                    queue.append((next_row, next_column))
        return order

    def island_size(self, row: int, column: int) -> int:
        """
        How many cells the island of a cell has, as island_at finds them.
        :param row: int, the cell's row
        :param column: int, the cell's column
        :return: int, the number of cells, 0 for a water cell
        :raises IndexError: when the cell is not on the chart
        >>> chart = IslandChart(["##..#", "#...#", "..#..", "....#"])
        >>> chart.island_size(0, 1), chart.island_size(2, 2), chart.island_size(3, 0)
        (3, 1, 0)
        """
        return len(self.island_at(row, column))

    def count_islands(self) -> int:
        """
        How many islands the chart has.
        :return: int, the number of islands, 0 when the chart is all water
        >>> IslandChart(["##..#", "#...#", "..#..", "....#"]).count_islands()
        4
        """
        seen = set()
        count = 0
        for row, line in enumerate(self.rows):
            for column, cell in enumerate(line):
                if cell == "#" and (row, column) not in seen:
                    seen.update(self.island_at(row, column))
                    count += 1
        return count

    def coastline(self, row: int, column: int) -> int:
        """
        The length of the coast of a cell's island: the number of sides of its cells that face a water cell or
        the edge of the chart.
        :param row: int, the cell's row
        :param column: int, the cell's column
        :return: int, the number of such sides, 0 for a water cell
        :raises IndexError: when the cell is not on the chart
        >>> chart = IslandChart(["##..#", "#...#", "..#..", "....#"])
        >>> chart.coastline(0, 0), chart.coastline(1, 4), chart.coastline(2, 2)
        (8, 6, 4)
        """
        sides = 0
        for here_row, here_column in self.island_at(row, column):
            for row_step, column_step in self.STEPS:
                next_row, next_column = here_row + row_step, here_column + column_step
                on_chart = 0 <= next_row < len(self.rows) and 0 <= next_column < self.width
                if not on_chart or self.rows[next_row][next_column] == ".":
                    sides += 1
        return sides

    def sink(self, row: int, column: int) -> int:
        """
        Turn every cell of a cell's island, as island_at finds them, into water.
        :param row: int, the cell's row
        :param column: int, the cell's column
        :return: int, how many cells sank, 0 for a water cell (nothing changes then)
        :raises IndexError: when the cell is not on the chart
        >>> chart = IslandChart(["##..#", "#...#", "..#..", "....#"])
        >>> chart.sink(0, 0), chart.rows
        (3, ['....#', '....#', '..#..', '....#'])
        """
        island = self.island_at(row, column)
        grid = [list(line) for line in self.rows]
        for here_row, here_column in island:
            grid[here_row][here_column] = "."
        self.rows = ["".join(line) for line in grid]
        return len(island)

    def reclaim(self, row: int, column: int) -> int:
        """
        Turn a cell into land (a land cell stays land); islands it touches join into one.
        :param row: int, the cell's row
        :param column: int, the cell's column
        :return: int, the size of the cell's island afterwards, as island_size gives it
        :raises IndexError: when the cell is not on the chart (nothing changes then)
        >>> chart = IslandChart(["##..#", "#...#", "..#..", "....#"])
        >>> chart.reclaim(2, 4), chart.rows[2], chart.count_islands()
        (4, '..#.#', 3)
        """
        if row < 0 or column < 0:
            raise IndexError(f"no cell ({row}, {column})")
        line = list(self.rows[row])
        line[column] = "#"
        self.rows = self.rows[:row] + ["".join(line)] + self.rows[row + 1 :]
        return self.island_size(row, column)

    def nearest_land(self, row: int, column: int) -> int:
        """
        The fewest steps up, down, left or right from a cell to a land cell of the chart; the steps may cross any
        cell, land or water.
        :param row: int, the cell's row
        :param column: int, the cell's column
        :return: int, the number of steps, 0 on a land cell, -1 when the chart has no land
        :raises IndexError: when the cell is not on the chart
        >>> chart = IslandChart(["##..#", "#...#", "..#..", "....#"])
        >>> chart.nearest_land(2, 0), chart.nearest_land(3, 1), chart.nearest_land(0, 0)
        (1, 2, 0)
        """
        if not (0 <= row < len(self.rows) and 0 <= column < self.width):
            raise IndexError(f"no cell ({row}, {column})")
        steps = [
            abs(land_row - row) + abs(land_column - column)
            for land_row, line in enumerate(self.rows)
            for land_column, cell in enumerate(line)
            if cell == "#"
        ]
        return min(steps, default=-1)
