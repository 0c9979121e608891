"""ClassEval+ tests of ClassEval_41 (GomokuGame).

Stones are placed on the board directly, so a test can set up a line anywhere (the edges
matter here) without playing the other player's moves.
"""

import unittest

from solution import GomokuGame


def _game(cells, size=15, symbol="X"):
    game = GomokuGame(size)
    for row, col in cells:
        game.board[row][col] = symbol
    return game


class GomokuGameTestCheckWinner(unittest.TestCase):
    # Guard check_winner line 45 (each number of the four directions changed) and lines 46-47
    # (`self.board_size` -> `self.board_size - 1`): each kind of line is found, at the edges.
    def test_check_winner_first_row(self):
        self.assertEqual(_game([(0, c) for c in range(5)]).check_winner(), "X")

    def test_check_winner_last_row_and_column(self):
        self.assertEqual(_game([(14, c) for c in range(10, 15)]).check_winner(), "X")
        self.assertEqual(_game([(r, 14) for r in range(10, 15)], symbol="O").check_winner(), "O")

    def test_check_winner_diagonals(self):
        self.assertEqual(_game([(3 + i, 4 + i) for i in range(5)]).check_winner(), "X")
        self.assertEqual(_game([(3 + i, 9 - i) for i in range(5)]).check_winner(), "X")

    def test_check_winner_four_is_not_five(self):
        # Stones but no five in any direction: no winner (a direction of (0, 0) would make
        # every stone a winner).
        cells = [(7, c) for c in range(4)] + [(r, 9) for r in range(4)] + [(10, 10)]
        self.assertIsNone(_game(cells).check_winner())


class GomokuGameTestCheckFiveInARow(unittest.TestCase):
    def test_check_five_in_a_row_downwards(self):
        # Guards line 75 `row + dx * i` -> `row - dx * i`: from the top stone, downwards.
        game = _game([(r, 3) for r in range(2, 7)])
        self.assertIs(game._check_five_in_a_row(2, 3, (1, 0)), True)
        self.assertIs(game._check_five_in_a_row(6, 3, (1, 0)), False)

    def test_check_five_in_a_row_to_column_0(self):
        # Guards line 77 `0 <= new_col` -> `1 <=` / `0 <`, and `0 <= new_row` likewise: a line
        # may end in the first column or row.
        game = _game([(i, 4 - i) for i in range(5)] + [(0, c) for c in range(6, 11)])
        self.assertIs(game._check_five_in_a_row(0, 4, (1, -1)), True)
        self.assertIs(game._check_five_in_a_row(0, 10, (0, -1)), True)

    def test_check_five_in_a_row_no_wrap_left(self):
        # Guards line 77 `0 <= new_col` -> `-1 <= new_col`: the fifth cell would be column -1,
        # which is off the board, not the last column (where an X lies).
        game = _game([(0, 3), (1, 2), (2, 1), (3, 0), (4, 14)])
        self.assertIs(game._check_five_in_a_row(0, 3, (1, -1)), False)

    def test_check_five_in_a_row_no_wrap_up(self):
        # Guards line 77 `0 <= new_row` -> `-1 <= new_row`: row -1 is not the last row.
        game = _game([(3, 5), (2, 5), (1, 5), (0, 5), (14, 5)])
        self.assertIs(game._check_five_in_a_row(3, 5, (-1, 0)), False)

    def test_check_five_in_a_row_off_the_far_edges(self):
        # Guards line 77 `< self.board_size` -> `<=` (row and column) and `and` -> `or`:
        # four stones up to the last row or column are not five, and nothing beyond is read.
        game = _game([(r, 7) for r in range(11, 15)] + [(7, c) for c in range(11, 15)])
        self.assertIs(game._check_five_in_a_row(11, 7, (1, 0)), False)
        self.assertIs(game._check_five_in_a_row(7, 11, (0, 1)), False)
