"""ClassEval+ tests of ClassEval_58 (MinesweeperGame)."""

import unittest

from solution import MinesweeperGame


class MinesweeperGameTestGenerateMineSweeperMap(unittest.TestCase):
    def test_generate_mine_sweeper_map(self):
        # Replaces the published test, which expects exactly two mines: the canonical solution
        # draws each mine's cell independently, so two draws may share a cell. Seeding here
        # cannot help, since under two-process verdicts the class draws in another process.
        minesweeper_game = MinesweeperGame(3, 2)
        cells = [cell for row in minesweeper_game.minesweeper_map for cell in row]
        self.assertEqual(3, len(minesweeper_game.minesweeper_map))
        self.assertIn(cells.count("X"), (1, 2))


class MinesweeperGameTestMain(unittest.TestCase):
    def test_minesweeper_main_2(self):
        # Replaces the published test, which counts two mines on a 3x3 map that the canonical
        # solution fills by two independent draws (one run in nine they coincide).
        minesweeper_game = MinesweeperGame(3, 2)
        cells = [cell for row in minesweeper_game.minesweeper_map for cell in row]
        self.assertEqual(3, len(minesweeper_game.minesweeper_map))
        self.assertIn(cells.count("X"), (1, 2))
        hidden = [["-"] * 3 for _ in range(3)]
        self.assertEqual(hidden, minesweeper_game.generate_playerMap())
        minesweeper_game.minesweeper_map = [["X", 1, 1], [1, "X", 1], [1, 1, 1]]
        self.assertFalse(minesweeper_game.check_won(minesweeper_game.player_map))
        first = [["-", 1, "-"], ["-", "-", "-"], ["-", "-", "-"]]
        self.assertEqual(first, minesweeper_game.sweep(0, 1))
        self.assertEqual(1, minesweeper_game.score)
        second = [["-", 1, 1], ["-", "-", "-"], ["-", "-", "-"]]
        self.assertEqual(second, minesweeper_game.sweep(0, 2))
        self.assertEqual(2, minesweeper_game.score)
