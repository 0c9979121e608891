"""ClassEval+ tests of ClassEval_86 (TicTacToe)."""

import unittest

from solution import TicTacToe


class TicTacToeTestMakeMove(unittest.TestCase):
    def test_make_move_1(self):
        ttt = TicTacToe()
        self.assertEqual(ttt.current_player, 'X')
        self.assertIs(ttt.make_move(0, 0), True)
        self.assertEqual(ttt.current_player, 'O')

    def test_make_move_2(self):
        ttt = TicTacToe()
        self.assertEqual(ttt.current_player, 'X')
        self.assertIs(ttt.make_move(0, 0), True)
        self.assertIs(ttt.make_move(0, 1), True)
        self.assertIs(ttt.make_move(0, 0), False)
        self.assertEqual(ttt.current_player, 'X')

    def test_make_move_3(self):
        ttt = TicTacToe()
        self.assertEqual(ttt.current_player, 'X')
        self.assertIs(ttt.make_move(0, 0), True)
        self.assertIs(ttt.make_move(0, 1), True)
        self.assertIs(ttt.make_move(1, 1), True)
        self.assertEqual(ttt.current_player, 'O')

    def test_make_move_4(self):
        ttt = TicTacToe()
        self.assertEqual(ttt.current_player, 'X')
        self.assertIs(ttt.make_move(0, 0), True)
        self.assertIs(ttt.make_move(0, 1), True)
        self.assertIs(ttt.make_move(1, 1), True)
        self.assertIs(ttt.make_move(1, 2), True)
        self.assertEqual(ttt.current_player, 'X')

    def test_make_move_5(self):
        ttt = TicTacToe()
        self.assertEqual(ttt.current_player, 'X')
        self.assertIs(ttt.make_move(0, 0), True)
        self.assertIs(ttt.make_move(0, 1), True)
        self.assertIs(ttt.make_move(1, 1), True)
        self.assertIs(ttt.make_move(1, 2), True)
        self.assertIs(ttt.make_move(2, 2), True)
        self.assertEqual(ttt.current_player, 'O')


class TicTacToeTestIsBoardFull(unittest.TestCase):
    def test_is_board_full_1(self):
        ttt = TicTacToe()
        self.assertIs(ttt.is_board_full(), False)

    def test_is_board_full_2(self):
        ttt = TicTacToe()
        moves = [(1, 1), (0, 2), (2, 2), (0, 0), (0, 1), (2, 1), (1, 0), (1, 2), (2, 0)]
        for move in moves:
            ttt.make_move(move[0], move[1])
        self.assertIs(ttt.is_board_full(), True)

    def test_is_board_full_3(self):
        ttt = TicTacToe()
        moves = [(0, 0), (0, 1), (1, 1), (1, 0), (2, 0)]
        for move in moves:
            ttt.make_move(move[0], move[1])
        self.assertIs(ttt.is_board_full(), False)

    def test_is_board_full_4(self):
        ttt = TicTacToe()
        moves = [(0, 0), (0, 1), (1, 1), (1, 0), (2, 0), (0, 2), (1, 2), (2, 1), (2, 2)]
        for move in moves:
            ttt.make_move(move[0], move[1])
        self.assertIs(ttt.is_board_full(), True)

    def test_is_board_full_5(self):
        ttt = TicTacToe()
        moves = [(0, 0), (0, 1), (1, 1), (1, 0), (2, 0), (0, 2), (1, 2), (2, 1)]
        for move in moves:
            ttt.make_move(move[0], move[1])
        self.assertIs(ttt.is_board_full(), False)


class TicTacToeTestMain(unittest.TestCase):
    def test_main(self):
        # A draw down way
        ttt = TicTacToe()
        moves = [(1, 1), (0, 2), (2, 2), (0, 0), (0, 1), (2, 1), (1, 0), (1, 2), (2, 0)]
        for move in moves:
            self.assertIs(ttt.make_move(move[0], move[1]), True)
            # no winner in this case
            self.assertFalse(ttt.check_winner())
            if move != (2, 0):
                self.assertIs(ttt.is_board_full(), False)
        self.assertIs(ttt.is_board_full(), True)
