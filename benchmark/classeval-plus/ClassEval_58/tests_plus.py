"""ClassEval+ tests of ClassEval_58 (MinesweeperGame)."""

import random
import unittest

from solution import MinesweeperGame


class MinesweeperGameTestGenerateMineSweeperMap(unittest.TestCase):
    def test_generate_mine_sweeper_map(self):
        # Replaces the published unseeded test: with seed 0 the canonical solution draws the
        # distinct cells (1, 1) and (0, 1), so the map holds exactly two mines.
        random.seed(0)
        minesweeper_game = MinesweeperGame(3, 2)
        cells = [cell for row in minesweeper_game.minesweeper_map for cell in row]
        self.assertEqual(3, len(minesweeper_game.minesweeper_map))
        self.assertEqual(2, cells.count("X"))
