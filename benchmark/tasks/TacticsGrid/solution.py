from collections import deque


class TacticsGrid:
    """
    The map of a turn-based tactics game: a rectangular grid of cells (x, y) with 0 <= x < width and
    0 <= y < height, walls, and units that belong to teams. Units move step by step to one of the four
    orthogonal neighbours; a unit may pass through cells of its own team's units but never through walls or
    enemy units, and it cannot stop on an occupied cell.
    """

    def __init__(self, width: int, height: int):
        """
        Create an empty grid.
        :param width: int, number of columns
        :param height: int, number of rows
        self.width: int, number of columns
        self.height: int, number of rows
        self.walls: set, the (x, y) cells holding a wall
        self.units: dict, unit name -> [x, y, team, speed], speed being the most steps per move
        """
        self.width = width
        self.height = height
        self.walls = set()
        self.units = {}

    def place_wall(self, x: int, y: int) -> bool:
        """
        Put a wall on an empty cell.
        :param x: int, column
        :param y: int, row
        :return: bool, True when placed; False when the cell already holds a wall or a unit
        :raises ValueError: when the cell is outside the grid
        >>> grid = TacticsGrid(3, 3)
        >>> grid.place_wall(1, 1), grid.place_wall(1, 1)
        (True, False)
        >>> grid.walls
        {(1, 1)}
        """
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise ValueError(f"({x}, {y}) is outside the grid")
        if (x, y) in self.walls or any(unit[:2] == [x, y] for unit in self.units.values()):
            return False
        self.walls.add((x, y))
        return True

    def add_unit(self, name: str, x: int, y: int, team: str, speed: int) -> bool:
        """
        Put a new unit on an empty cell.
        :param name: str, the unit's unique name
        :param x: int, column
        :param y: int, row
        :param team: str, the unit's team
        :param speed: int, the most steps the unit may take in one move, at least 0
        :return: bool, True when added; False when the name is taken or the cell holds a wall or a unit
        :raises ValueError: when the cell is outside the grid or speed is negative
        >>> grid = TacticsGrid(3, 3)
        >>> grid.add_unit("knight", 0, 0, "red", 2), grid.add_unit("archer", 0, 0, "red", 3)
        (True, False)
        >>> grid.units
        {'knight': [0, 0, 'red', 2]}
        """
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise ValueError(f"({x}, {y}) is outside the grid")
        if speed < 0:
            raise ValueError("speed cannot be negative")
        if name in self.units or (x, y) in self.walls:
            return False
        if any(unit[:2] == [x, y] for unit in self.units.values()):
            return False
        self.units[name] = [x, y, team, speed]
        return True

    def path_length(self, start_x: int, start_y: int, end_x: int, end_y: int) -> int:
        """
        Fewest steps from one cell to another going around walls only (units are ignored).
        :param start_x: int, column of the start
        :param start_y: int, row of the start
        :param end_x: int, column of the end
        :param end_y: int, row of the end
        :return: int, the number of steps (0 when start and end are the same cell), or -1 when the end cannot be
                 reached or either cell is a wall (so also -1 when start and end are the same wall cell)
        :raises ValueError: when either cell is outside the grid
        >>> grid = TacticsGrid(3, 3)
        >>> grid.walls = {(1, 0), (1, 1)}
        >>> grid.path_length(0, 0, 2, 0), grid.path_length(0, 0, 1, 1)
        (6, -1)
        """
        for x, y in ((start_x, start_y), (end_x, end_y)):
            if not (0 <= x < self.width and 0 <= y < self.height):
                raise ValueError(f"({x}, {y}) is outside the grid")
        if (start_x, start_y) in self.walls or (end_x, end_y) in self.walls:
            return -1
        steps = {(start_x, start_y): 0}
        queue = deque([(start_x, start_y)])
        while queue:
            x, y = queue.popleft()
            if (x, y) == (end_x, end_y):
                return steps[(x, y)]
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                cell = (nx, ny)
                if 0 <= nx < self.width and 0 <= ny < self.height and cell not in self.walls and cell not in steps:
                    steps[cell] = steps[(x, y)] + 1
                    queue.append(cell)
        return -1

    def reachable(self, name: str) -> list:
        """
        The cells a unit can move to in one move: reachable in at most speed steps under the movement rules and
        not occupied by any unit. The unit's own cell is not included.
        :param name: str, the unit's name
        :return: list of tuple, the (x, y) cells in increasing order
        :raises ValueError: when there is no unit of that name
        >>> grid = TacticsGrid(3, 2)
        >>> grid.units = {"knight": [0, 0, "red", 2], "orc": [1, 0, "blue", 1]}
        >>> grid.reachable("knight")
        [(0, 1), (1, 1)]
        """
        if name not in self.units:
            raise ValueError(f"no unit named {name!r}")
        x0, y0, team, speed = self.units[name]
        occupied = {(unit[0], unit[1]): unit[2] for unit in self.units.values()}
        steps = {(x0, y0): 0}
        queue = deque([(x0, y0)])
        while queue:
            x, y = queue.popleft()
            if steps[(x, y)] == speed:
                continue
            for cell in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                inside = 0 <= cell[0] < self.width and 0 <= cell[1] < self.height
                if not inside or cell in self.walls or cell in steps or occupied.get(cell, team) != team:
                    continue
                steps[cell] = steps[(x, y)] + 1
                queue.append(cell)
        return sorted(cell for cell in steps if cell not in occupied)

    def move(self, name: str, x: int, y: int) -> bool:
        """
        Move a unit to a cell it can reach in one move (see reachable).
        :param name: str, the unit's name
        :param x: int, target column
        :param y: int, target row
        :return: bool, True when moved, False when the cell is not reachable (the unit stays)
        :raises ValueError: when there is no unit of that name
        >>> grid = TacticsGrid(3, 1)
        >>> grid.units = {"knight": [0, 0, "red", 1]}
        >>> grid.move("knight", 2, 0), grid.move("knight", 1, 0)
        (False, True)
        >>> grid.units
        {'knight': [1, 0, 'red', 1]}
        """
        if (x, y) not in self.reachable(name):
            return False
        self.units[name][0], self.units[name][1] = x, y
        return True

    def attackable(self, name: str) -> list:
        """
        The enemy units (other team) on the four cells orthogonally next to a unit.
        :param name: str, the unit's name
        :return: list of str, their names in alphabetical order
        :raises ValueError: when there is no unit of that name
        >>> grid = TacticsGrid(3, 3)
        >>> grid.units = {"knight": [1, 1, "red", 1], "orc": [1, 2, "blue", 1], "imp": [2, 2, "blue", 1]}
        >>> grid.attackable("knight")
        ['orc']
        """
        if name not in self.units:
            raise ValueError(f"no unit named {name!r}")
        x, y, team, _ = self.units[name]
        return sorted(
            other
            for other, (ox, oy, other_team, _) in self.units.items()
            if other_team != team and abs(ox - x) + abs(oy - y) == 1
        )
