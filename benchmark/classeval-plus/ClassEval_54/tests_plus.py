"""ClassEval+ tests of ClassEval_54 (MahjongConnect).

The board is drawn at random, so the added tests of create_board give it one icon (then every
cell is that icon) or check only its shape and icons. A path, as the published tests fix it, is
a chain of orthogonally adjacent cells of the same icon (test_has_path_6); the board is
BOARD_SIZE[0] rows of BOARD_SIZE[1] cells. Boards that are not square tell rows from columns.
"""

import unittest

from solution import MahjongConnect


def _game(board):
    mc = MahjongConnect([len(board), len(board[0])], ["a", "b"])
    mc.board = [list(row) for row in board]
    return mc


# Two rows of three: columns 0 and 2 are 'a', column 1 is 'b'.
TWO_BY_THREE = ["aba", "aba"]


class MahjongConnectTestCreateBoard(unittest.TestCase):
    def test_create_board_one_icon(self):
        # Guards create_board line 33 (each range bound moved by one, rows and columns swapped):
        # with a single icon the board is known cell for cell.
        mc = MahjongConnect([2, 5], ["x"])
        self.assertEqual(mc.create_board(), [["x"] * 5, ["x"] * 5])

    def test_create_board_rows_of_columns(self):
        mc = MahjongConnect([3, 2], ["a", "b", "c"])
        board = mc.create_board()
        self.assertEqual([len(row) for row in board], [2, 2, 2])
        for row in board:
            for icon in row:
                self.assertIn(icon, ["a", "b", "c"])

    def test_create_board_is_a_new_board(self):
        mc = MahjongConnect([2, 2], ["q"])
        board = mc.create_board()
        self.assertEqual(board, [["q", "q"], ["q", "q"]])
        self.assertIsNot(board[0], board[1])

    def test_create_board_single_cell(self):
        self.assertEqual(MahjongConnect([1, 1], ["z"]).create_board(), [["z"]])

    def test_create_board_wide(self):
        self.assertEqual(MahjongConnect([1, 4], ["k"]).create_board(), [["k"] * 4])


class MahjongConnectTestIsValidMove(unittest.TestCase):
    def test_is_valid_move_last_column_first_row(self):
        # Guards line 54 `y1 < BOARD_SIZE[1]` -> `BOARD_SIZE[0]`, line 54 `0 <= x2` -> `1 <=` and
        # `0 <`, line 56 `y2 < BOARD_SIZE[1]` -> `BOARD_SIZE[0]`: (1, 2) and (0, 2) are on the
        # board of 2 rows and 3 columns.
        self.assertIs(_game(TWO_BY_THREE).is_valid_move((1, 2), (0, 2)), True)

    def test_is_valid_move_negative_first(self):
        # Guards line 54 `0 <= x1` -> `-1 <=` and `0 <= y1` -> `-1 <=`: a negative coordinate is
        # off the board, though Python would read board[-1] as the last row.
        game = _game(TWO_BY_THREE)
        self.assertIs(game.is_valid_move((-1, 0), (0, 0)), False)
        self.assertIs(game.is_valid_move((0, -1), (0, 0)), False)

    def test_is_valid_move_first_past_the_end(self):
        # Guards line 54 `x1 < BOARD_SIZE[0]` -> `<=`, `BOARD_SIZE[1]` and `BOARD_SIZE[-1]`, and
        # `y1 < BOARD_SIZE[1]` -> `<=`: row 2 and column 3 are off the board.
        game = _game(TWO_BY_THREE)
        self.assertIs(game.is_valid_move((2, 0), (1, 0)), False)
        self.assertIs(game.is_valid_move((0, 3), (0, 2)), False)

    def test_is_valid_move_second_past_the_end(self):
        # Guards line 54 `x2 < BOARD_SIZE[0]` -> `<=`, line 55 `BOARD_SIZE[0]` -> `[1]` and
        # `[-1]`, and `y2 < BOARD_SIZE[1]` -> `<=`.
        game = _game(TWO_BY_THREE)
        self.assertIs(game.is_valid_move((1, 0), (2, 0)), False)
        self.assertIs(game.is_valid_move((0, 2), (0, 3)), False)

    def test_is_valid_move_same_icon_no_path(self):
        # Columns 0 and 2 hold 'a' but column 1 separates them.
        self.assertIs(_game(TWO_BY_THREE).is_valid_move((0, 0), (0, 2)), False)


class MahjongConnectTestHasPath(unittest.TestCase):
    def test_has_path_around_a_corner(self):
        # Guards line 102 (each direction changed), line 103 (`x + dx` -> `x - dx`, `y + dy` ->
        # `y - dy`) and line 104 (`0 <= new_x` -> `1 <=` and `0 <`, `0 <= new_y` -> `-1 <=`,
        # bounds swapped): the only path leaves row 2 to the right, goes up column 2 and comes
        # back left along row 0.
        board = ["aaab", "bbab", "aaab"]
        self.assertIs(_game(board).has_path((2, 0), (0, 0)), True)
        self.assertIs(_game(board).has_path((0, 0), (2, 0)), True)

    def test_has_path_no_wrap_over_rows(self):
        # Guards line 104 `0 <= new_x` -> `-1 <=`: row -1 is not the last row.
        board = ["aba", "bbb", "aaa"]
        self.assertIs(_game(board).has_path((0, 0), (0, 2)), False)

    def test_has_path_no_wrap_over_columns(self):
        # Guards line 104 `0 <= new_y` -> `-1 <=`: column -1 is not the last column.
        board = ["aba", "bba", "aba"]
        self.assertIs(_game(board).has_path((0, 0), (2, 0)), False)

    def test_has_path_wide_board(self):
        # Guards line 104 `new_y < BOARD_SIZE[1]` -> `BOARD_SIZE[0]`: columns 2 and 3 of a
        # board of 2 rows.
        self.assertIs(_game(["baaa", "bbbb"]).has_path((0, 1), (0, 3)), True)

    def test_has_path_revisits_and_goes_on(self):
        # Guards line 96 `continue` -> `break`, the branch 95->96: from (0, 1) the search pushes
        # (1, 1) twice and pops it again after visiting it, before it reaches (0, 2); popping a
        # visited cell must not end the search.
        self.assertIs(_game(["aaa", "aaa", "aab"]).has_path((0, 1), (0, 2)), True)


class MahjongConnectTest(unittest.TestCase):
    def test_mahjongconnect_create_board(self):
        # Class-level test with create_board: a board of one icon is a valid move everywhere
        # adjacent, and removing all its cells pair by pair ends the game.
        mc = MahjongConnect([2, 2], ["m"])
        mc.board = mc.create_board()
        self.assertEqual(mc.board, [["m", "m"], ["m", "m"]])
        self.assertIs(mc.is_valid_move((0, 0), (0, 1)), True)
        self.assertIs(mc.has_path((0, 0), (1, 1)), True)
        mc.remove_icons((0, 0), (0, 1))
        self.assertIs(mc.is_game_over(), False)
        mc.remove_icons((1, 0), (1, 1))
        self.assertIs(mc.is_game_over(), True)
