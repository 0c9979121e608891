import unittest

from solution import TacticsGrid


class TacticsGridTestPlaceWall(unittest.TestCase):
    def test_place_wall_1(self):
        grid = TacticsGrid(3, 3)
        self.assertIs(grid.place_wall(1, 1), True)
        self.assertEqual(grid.walls, {(1, 1)})

    def test_place_wall_2(self):
        grid = TacticsGrid(3, 3)
        grid.place_wall(1, 1)
        self.assertIs(grid.place_wall(1, 1), False)
        self.assertEqual(grid.walls, {(1, 1)})

    def test_place_wall_3(self):
        grid = TacticsGrid(3, 3)
        grid.units = {"knight": [2, 0, "red", 1]}
        self.assertIs(grid.place_wall(2, 0), False)
        self.assertIs(grid.place_wall(0, 2), True)
        self.assertEqual(grid.walls, {(0, 2)})

    def test_place_wall_4(self):
        grid = TacticsGrid(3, 2)
        for x, y in [(-1, 0), (3, 0), (0, 2), (0, -1)]:
            with self.assertRaises(ValueError):
                grid.place_wall(x, y)
        self.assertEqual(grid.walls, set())

    def test_place_wall_5(self):
        grid = TacticsGrid(3, 2)
        self.assertIs(grid.place_wall(2, 1), True)
        self.assertIs(grid.place_wall(0, 0), True)
        self.assertEqual(grid.walls, {(0, 0), (2, 1)})


class TacticsGridTestAddUnit(unittest.TestCase):
    def test_add_unit_1(self):
        grid = TacticsGrid(3, 3)
        self.assertIs(grid.add_unit("knight", 0, 0, "red", 2), True)
        self.assertEqual(grid.units, {"knight": [0, 0, "red", 2]})

    def test_add_unit_2(self):
        grid = TacticsGrid(3, 3)
        grid.add_unit("knight", 0, 0, "red", 2)
        self.assertIs(grid.add_unit("archer", 0, 0, "red", 3), False)
        self.assertIs(grid.add_unit("knight", 1, 1, "red", 3), False)
        self.assertEqual(grid.units, {"knight": [0, 0, "red", 2]})

    def test_add_unit_3(self):
        grid = TacticsGrid(3, 3)
        grid.walls = {(1, 1)}
        self.assertIs(grid.add_unit("knight", 1, 1, "red", 2), False)
        self.assertEqual(grid.units, {})

    def test_add_unit_4(self):
        grid = TacticsGrid(3, 3)
        with self.assertRaises(ValueError):
            grid.add_unit("knight", 3, 0, "red", 2)
        with self.assertRaises(ValueError):
            grid.add_unit("knight", 0, -1, "red", 2)
        with self.assertRaises(ValueError):
            grid.add_unit("knight", 0, 3, "red", 2)
        with self.assertRaises(ValueError):
            grid.add_unit("knight", -1, 0, "red", 2)
        with self.assertRaises(ValueError):
            grid.add_unit("knight", 0, 0, "red", -1)
        self.assertEqual(grid.units, {})

    def test_add_unit_5(self):
        grid = TacticsGrid(3, 3)
        self.assertIs(grid.add_unit("tower", 2, 2, "red", 0), True)
        self.assertIs(grid.add_unit("orc", 2, 1, "blue", 1), True)
        self.assertIs(grid.add_unit("imp", 1, 2, "blue", 1), True)
        self.assertEqual(grid.units["orc"], [2, 1, "blue", 1])
        self.assertEqual(len(grid.units), 3)


class TacticsGridTestPathLength(unittest.TestCase):
    def test_path_length_1(self):
        grid = TacticsGrid(4, 4)
        self.assertEqual(grid.path_length(0, 0, 0, 0), 0)
        self.assertEqual(grid.path_length(0, 0, 3, 3), 6)

    def test_path_length_2(self):
        grid = TacticsGrid(3, 3)
        grid.walls = {(1, 0), (1, 1)}
        self.assertEqual(grid.path_length(0, 0, 2, 0), 6)

    def test_path_length_3(self):
        grid = TacticsGrid(3, 3)
        grid.walls = {(1, 0), (1, 1), (1, 2)}
        self.assertEqual(grid.path_length(0, 0, 2, 0), -1)
        self.assertEqual(grid.path_length(0, 0, 1, 1), -1)
        self.assertEqual(grid.path_length(1, 1, 1, 1), -1)
        self.assertEqual(grid.path_length(1, 1, 0, 0), -1)

    def test_path_length_4(self):
        grid = TacticsGrid(3, 3)
        for cells in [(0, 0, 3, 0), (0, 0, 0, 3), (-1, 0, 0, 0), (0, -1, 0, 0)]:
            with self.assertRaises(ValueError):
                grid.path_length(*cells)

    def test_path_length_5(self):
        grid = TacticsGrid(5, 1)
        grid.units = {"orc": [2, 0, "blue", 1]}
        self.assertEqual(grid.path_length(0, 0, 4, 0), 4)
        self.assertEqual(grid.path_length(4, 0, 0, 0), 4)

    def test_path_length_7(self):
        grid = TacticsGrid(3, 3)
        grid.walls = {(0, 1), (1, 1), (2, 1)}
        self.assertEqual(grid.path_length(0, 0, 0, 2), -1)
        self.assertEqual(grid.path_length(2, 2, 2, 0), -1)

    def test_path_length_6(self):
        grid = TacticsGrid(4, 3)
        grid.walls = {(1, 1), (2, 1), (3, 1)}
        self.assertEqual(grid.path_length(3, 0, 3, 2), 8)
        self.assertEqual(grid.path_length(0, 2, 0, 0), 2)


class TacticsGridTestReachable(unittest.TestCase):
    def test_reachable_1(self):
        grid = TacticsGrid(3, 2)
        grid.units = {"knight": [0, 0, "red", 2], "orc": [1, 0, "blue", 1]}
        self.assertEqual(grid.reachable("knight"), [(0, 1), (1, 1)])

    def test_reachable_2(self):
        grid = TacticsGrid(3, 3)
        grid.units = {"knight": [1, 1, "red", 1]}
        self.assertEqual(grid.reachable("knight"), [(0, 1), (1, 0), (1, 2), (2, 1)])

    def test_reachable_3(self):
        grid = TacticsGrid(5, 1)
        grid.units = {"knight": [0, 0, "red", 3], "squire": [1, 0, "red", 1]}
        self.assertEqual(grid.reachable("knight"), [(2, 0), (3, 0)])

    def test_reachable_4(self):
        grid = TacticsGrid(3, 3)
        grid.units = {"tower": [1, 1, "red", 0]}
        self.assertEqual(grid.reachable("tower"), [])
        with self.assertRaises(ValueError):
            grid.reachable("ghost")

    def test_reachable_5(self):
        grid = TacticsGrid(3, 3)
        grid.walls = {(1, 0), (1, 1)}
        grid.units = {"knight": [0, 0, "red", 4]}
        self.assertEqual(grid.reachable("knight"), [(0, 1), (0, 2), (1, 2), (2, 2)])

    def test_reachable_6(self):
        grid = TacticsGrid(4, 4)
        grid.units = {"knight": [0, 0, "red", 2]}
        self.assertEqual(grid.reachable("knight"), [(0, 1), (0, 2), (1, 0), (1, 1), (2, 0)])
        self.assertEqual(grid.units["knight"], [0, 0, "red", 2])


class TacticsGridTestMove(unittest.TestCase):
    def test_move_1(self):
        grid = TacticsGrid(3, 1)
        grid.units = {"knight": [0, 0, "red", 1]}
        self.assertIs(grid.move("knight", 1, 0), True)
        self.assertEqual(grid.units["knight"], [1, 0, "red", 1])

    def test_move_2(self):
        grid = TacticsGrid(3, 1)
        grid.units = {"knight": [0, 0, "red", 1]}
        self.assertIs(grid.move("knight", 2, 0), False)
        self.assertEqual(grid.units["knight"], [0, 0, "red", 1])

    def test_move_3(self):
        grid = TacticsGrid(3, 1)
        grid.units = {"knight": [0, 0, "red", 3], "squire": [2, 0, "red", 1]}
        self.assertIs(grid.move("knight", 2, 0), False)
        self.assertIs(grid.move("knight", 0, 0), False)
        self.assertIs(grid.move("knight", 5, 0), False)
        self.assertEqual(grid.units["knight"], [0, 0, "red", 3])

    def test_move_4(self):
        grid = TacticsGrid(3, 3)
        with self.assertRaises(ValueError):
            grid.move("ghost", 0, 0)

    def test_move_5(self):
        grid = TacticsGrid(3, 3)
        grid.units = {"knight": [0, 0, "red", 2]}
        self.assertIs(grid.move("knight", 1, 1), True)
        self.assertIs(grid.move("knight", 2, 2), True)
        self.assertEqual(grid.units["knight"][:2], [2, 2])
        self.assertEqual(grid.reachable("knight"), [(0, 2), (1, 1), (1, 2), (2, 0), (2, 1)])


class TacticsGridTestAttackable(unittest.TestCase):
    def test_attackable_1(self):
        grid = TacticsGrid(3, 3)
        grid.units = {"knight": [1, 1, "red", 1], "orc": [1, 2, "blue", 1], "imp": [2, 2, "blue", 1]}
        self.assertEqual(grid.attackable("knight"), ["orc"])

    def test_attackable_2(self):
        grid = TacticsGrid(3, 3)
        grid.units = {
            "knight": [1, 1, "red", 1],
            "orc": [1, 2, "blue", 1],
            "imp": [0, 1, "green", 1],
            "bat": [2, 1, "blue", 1],
            "goblin": [1, 0, "blue", 1],
        }
        self.assertEqual(grid.attackable("knight"), ["bat", "goblin", "imp", "orc"])

    def test_attackable_3(self):
        grid = TacticsGrid(3, 3)
        grid.units = {"knight": [1, 1, "red", 1], "squire": [1, 2, "red", 1]}
        self.assertEqual(grid.attackable("knight"), [])

    def test_attackable_4(self):
        grid = TacticsGrid(3, 3)
        grid.units = {"knight": [0, 0, "red", 1], "orc": [2, 0, "blue", 1], "imp": [0, 2, "blue", 1]}
        self.assertEqual(grid.attackable("knight"), [])
        self.assertEqual(grid.attackable("orc"), [])

    def test_attackable_5(self):
        grid = TacticsGrid(3, 3)
        grid.units = {"knight": [0, 0, "red", 1], "orc": [0, 1, "blue", 1]}
        self.assertEqual(grid.attackable("orc"), ["knight"])
        with self.assertRaises(ValueError):
            grid.attackable("ghost")


class TacticsGridTest(unittest.TestCase):
    def test_tactics_grid_1(self):
        grid = TacticsGrid(5, 5)
        self.assertIs(grid.place_wall(2, 1), True)
        self.assertIs(grid.place_wall(2, 2), True)
        self.assertIs(grid.add_unit("knight", 0, 2, "red", 3), True)
        self.assertIs(grid.add_unit("orc", 4, 2, "blue", 2), True)
        self.assertEqual(grid.path_length(0, 2, 4, 2), 6)
        self.assertIs(grid.move("knight", 3, 2), False)
        self.assertIs(grid.move("knight", 2, 3), True)
        self.assertEqual(grid.attackable("knight"), [])
        self.assertIs(grid.move("orc", 3, 3), True)
        self.assertEqual(grid.attackable("knight"), ["orc"])
        self.assertEqual(grid.attackable("orc"), ["knight"])
        self.assertNotIn((3, 3), grid.reachable("knight"))

    def test_tactics_grid_2(self):
        grid = TacticsGrid(4, 1)
        self.assertIs(grid.add_unit("a", 0, 0, "red", 3), True)
        self.assertIs(grid.add_unit("b", 1, 0, "blue", 0), True)
        self.assertEqual(grid.reachable("a"), [])
        self.assertEqual(grid.attackable("a"), ["b"])
        self.assertIs(grid.place_wall(1, 0), False)
        self.assertIs(grid.place_wall(3, 0), True)
        self.assertEqual(grid.path_length(0, 0, 2, 0), 2)
        self.assertIs(grid.move("a", 2, 0), False)


if __name__ == "__main__":
    unittest.main()
