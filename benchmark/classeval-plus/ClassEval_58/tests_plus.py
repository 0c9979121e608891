"""ClassEval+ tests of ClassEval_58 (MinesweeperGame)."""

import unittest

from solution import MinesweeperGame


def _game_with_two_mines(test):
    # The published tests that this module replaces expect exactly two mines, but the canonical
    # solution draws each mine's cell independently, so two draws may share a cell (one run in
    # nine on a 3x3 map). Seeding in the test cannot help: under two-process verdicts the class
    # draws in its own process.
    minesweeper_game = MinesweeperGame(3, 2)
    cells = [cell for row in minesweeper_game.minesweeper_map for cell in row]
    test.assertEqual(3, len(minesweeper_game.minesweeper_map))
    test.assertIn(cells.count("X"), (1, 2))
    return minesweeper_game


class MinesweeperGameTestGenerateMineSweeperMap(unittest.TestCase):
    def test_generate_mine_sweeper_map(self):
        _game_with_two_mines(self)


class MinesweeperGameTestMain(unittest.TestCase):
    def test_minesweeper_main_2(self):
        minesweeper_game = _game_with_two_mines(self)
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
