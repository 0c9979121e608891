"""ClassEval+ tests of ClassEval_71 (PushBoxGame).

The published map, used by each class's setUp:

    #####
    #O  #
    # X #
    #  G#
    #####
"""

import unittest

from solution import PushBoxGame

# A map without walls whose player, target and box lie in the first and last rows and columns.
OPEN_MAP = ["O G", "  X"]


class PushBoxGameTestInitGame(unittest.TestCase):
    def test_init_game_open_map(self):
        # Guards init_game line 40 `len(self.map)` -> `len(self.map) - 1` and line 41
        # `len(self.map[row])` -> `len(self.map[row]) - 1`: the last row and column are read.
        game = PushBoxGame(OPEN_MAP)
        self.assertEqual((game.player_row, game.player_col), (0, 0))
        self.assertEqual(game.targets, [(0, 2)])
        self.assertEqual(game.boxes, [(1, 2)])
        self.assertEqual(game.target_count, 1)

    def test_init_game_reads_new_map(self):
        # init_game called on its own: a game given a new map (and emptied lists) reads it.
        self.game.map = OPEN_MAP
        self.game.targets, self.game.boxes, self.game.target_count = [], [], 0
        self.assertIsNone(self.game.init_game())
        self.assertEqual((self.game.player_row, self.game.player_col), (0, 0))
        self.assertEqual(self.game.targets, [(0, 2)])
        self.assertEqual(self.game.boxes, [(1, 2)])
        self.assertEqual(self.game.target_count, 1)


class PushBoxGameTestCheckWin(unittest.TestCase):
    def test_check_win_sets_game_over(self):
        for move in ["d", "s", "a", "s", "d"]:
            self.game.move(move)
        self.game.is_game_over = False
        self.assertIs(self.game.check_win(), True)
        self.assertIs(self.game.is_game_over, True)

    def test_check_win_box_moved_not_on_target(self):
        # The box pushed down one row, (3, 2), is beside the target (3, 3).
        self.game.move("d")
        self.game.move("s")
        self.assertEqual(self.game.boxes, [(3, 2)])
        self.assertIs(self.game.check_win(), False)
        self.assertIs(self.game.is_game_over, False)

    def test_check_win_two_boxes(self):
        # All boxes must be on targets: one of two is not enough.
        game = PushBoxGame(["#######", "#OX G #", "#  XG #", "#######"])
        game.move("d")
        game.move("d")
        self.assertEqual(sorted(game.boxes), [(1, 4), (2, 3)])
        self.assertIs(game.check_win(), False)


class PushBoxGameTestMove(unittest.TestCase):
    def test_move_up(self):
        # Guards move line 95 `"w"` -> `""` and line 96 `new_player_row -= 1` (removed, or by
        # 2 or 0): up into a free cell.
        self.game.move("s")
        self.assertIs(self.game.move("w"), False)
        self.assertEqual((self.game.player_row, self.game.player_col), (1, 1))

    def test_move_push_right(self):
        # Guards move line 110 `self.boxes.remove(...)` -> `pass` and line 113
        # `self.player_col = new_player_col` -> `pass`: the box leaves its cell, the player
        # takes it.
        self.game.move("s")
        self.game.move("d")
        self.assertEqual(self.game.boxes, [(2, 3)])
        self.assertEqual((self.game.player_row, self.game.player_col), (2, 2))

    def test_move_push_into_wall(self):
        self.game.move("s")
        self.game.move("d")
        self.assertIs(self.game.move("d"), False)
        self.assertEqual(self.game.boxes, [(2, 3)])
        self.assertEqual((self.game.player_row, self.game.player_col), (2, 2))


class PushBoxGameTest(unittest.TestCase):
    def test_push_box_game(self):
        # Class-level test: a game read from the map (init_game), played to the win.
        game = PushBoxGame(["#####", "#O  #", "# X #", "#  G#", "#####"])
        self.assertEqual((game.targets, game.boxes, game.target_count), ([(3, 3)], [(2, 2)], 1))
        self.assertIs(game.check_win(), False)
        results = [game.move(m) for m in ["d", "s", "a", "s", "d"]]
        self.assertEqual(results, [False, False, False, False, True])
        self.assertEqual(game.boxes, [(3, 3)])
        self.assertEqual((game.player_row, game.player_col), (3, 2))
        self.assertIs(game.check_win(), True)
        self.assertIs(game.is_game_over, True)
        # The same object reads a new map with init_game once its lists are emptied.
        game.map = OPEN_MAP
        game.targets, game.boxes, game.target_count = [], [], 0
        game.init_game()
        self.assertEqual((game.player_row, game.player_col), (0, 0))
        self.assertEqual((game.targets, game.boxes, game.target_count), ([(0, 2)], [(1, 2)], 1))
