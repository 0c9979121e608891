"""ClassEval+ tests of ClassEval_35 (EightPuzzle)."""

import unittest

from solution import EightPuzzle


class EightPuzzleTestSolve(unittest.TestCase):
    def test_solve_3(self):
        # Replaces the published 15-move puzzle (over the time budget): this state is seven
        # moves from the goal; the expected path is the canonical solution's.
        eightPuzzle = EightPuzzle([[4, 1, 3], [2, 8, 5], [7, 0, 6]])
        result = eightPuzzle.solve()
        expected = ["up", "left", "up", "right", "down", "right", "down"]
        self.assertEqual(result, expected)


class EightPuzzleTest(unittest.TestCase):
    def test_eight_puzzle(self):
        # Class-level test (the published module has none): find the blank, list and make
        # moves by hand, then let solve() finish; expected values are the canonical solution's.
        puzzle = EightPuzzle([[1, 2, 3], [4, 0, 6], [7, 5, 8]])
        state = puzzle.initial_state
        self.assertEqual(puzzle.find_blank(state), (1, 1))
        self.assertEqual(puzzle.get_possible_moves(state), ["up", "down", "left", "right"])
        after = puzzle.move(state, "down")
        self.assertEqual(after, [[1, 2, 3], [4, 5, 6], [7, 0, 8]])
        self.assertEqual(state, [[1, 2, 3], [4, 0, 6], [7, 5, 8]])
        self.assertEqual(puzzle.find_blank(after), (2, 1))
        self.assertEqual(puzzle.get_possible_moves(after), ["up", "left", "right"])
        self.assertEqual(puzzle.move(after, "right"), puzzle.goal_state)
        self.assertEqual(puzzle.solve(), ["down", "right"])
