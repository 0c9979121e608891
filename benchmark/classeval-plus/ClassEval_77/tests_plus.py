"""ClassEval+ tests of ClassEval_77 (Snake).

Where food is drawn at random the tests check what the contract says of every draw (on the
grid, on the screen, not on the snake), never one particular draw. They set no seed: under
two-process verdicts a seed set here would not reach the class, which draws in its own process.
"""

import unittest

from solution import Snake

CENTER = (50.0, 50.0)
"""The head of a new Snake(100, 100, 10, ...): half the screen's width and height."""
FAR = (90, 90)
"""A food position no test below moves to."""


class SnakeTestMove(unittest.TestCase):
    def test_move_one_block(self):
        # Guards move lines 38-39 (`cur[0]`/`cur[1]` swapped, `*` -> `/`) and line 50
        # `self.positions.pop()` -> `pass`: the head moves one block of 10, the snake keeps
        # its length of 1.
        snake = Snake(100, 100, 10, FAR)
        snake.move((1, 0))
        self.assertEqual(snake.positions, [(60.0, 50.0)])
        snake.move((0, -1))
        self.assertEqual(snake.positions, [(60.0, 40.0)])

    def test_move_body_follows(self):
        # Guards line 34 `self.positions[0]` -> `[-1]` and line 48 `insert(0, ...)` ->
        # `insert(-1, ...)`: the new head goes first, and it starts from the old head.
        snake = Snake(100, 100, 10, FAR)
        snake.positions = [(20, 0), (10, 0), (0, 0)]
        snake.length = 3
        snake.move((0, 1))
        self.assertEqual(snake.positions, [(20, 10), (20, 0), (10, 0)])

    def test_move_into_body(self):
        # Guards line 45 (`> 2` -> `> 3`, `[2:]` -> `[3:]`) and line 46 `self.reset()` ->
        # `pass`: a head that moves onto the third block of the body starts the game over.
        snake = Snake(100, 100, 10, FAR)
        snake.positions = [(0, 0), (10, 0), (10, 10)]
        snake.length = 3
        snake.score = 200
        snake.move((1, 1))
        self.assertEqual((snake.length, snake.positions, snake.score), (1, [CENTER], 0))

    def test_move_past_body(self):
        # Guards line 45 `and` -> `or` and `in` -> `not in`: a long snake moving into a free
        # cell just moves.
        snake = Snake(100, 100, 10, FAR)
        snake.positions = [(0, 0), (10, 0), (20, 0)]
        snake.length = 3
        snake.move((0, 1))
        self.assertEqual(snake.positions, [(0, 10), (0, 0), (10, 0)])
        self.assertEqual(snake.length, 3)


class SnakeTestRandomFoodPosition(unittest.TestCase):
    def test_random_food_position_every_free_cell(self):
        # Guards random_food_position lines 58-59 (every bound, operator and constant of the
        # two draws): on a screen of 35 x 25 with blocks of 10, food can lie on the 3 x 2
        # grid points; drawn often enough, every one of them off the snake occurs (300 draws
        # miss one of the four with odds under 1e-37), and no other position does. Also the skeleton's do-nothing body fails here.
        snake = Snake(35, 25, 10, (0, 0))
        snake.positions = [(0, 0), (10, 0)]
        seen = set()
        for _ in range(300):
            snake.food_position = (0, 0)
            self.assertIsNone(snake.random_food_position())
            seen.add(snake.food_position)
        self.assertEqual(seen, {(20, 0), (0, 10), (10, 10), (20, 10)})

    def test_random_food_position_off_snake_kept(self):
        # Food that is not on the snake stays where it is.
        snake = Snake(100, 100, 10, (30, 70))
        snake.random_food_position()
        self.assertEqual(snake.food_position, (30, 70))


class SnakeTestReset(unittest.TestCase):
    def test_reset_after_growing(self):
        # Guards reset itself (the published tests reset a new snake, which the skeleton's
        # do-nothing body passes) and line 75 `self.random_food_position()` -> `pass`: food
        # on the center, where the head restarts, moves off it.
        snake = Snake(100, 100, 10, CENTER)
        snake.positions = [(0, 0), (10, 0), (20, 0)]
        snake.length, snake.score = 3, 200
        snake.reset()
        self.assertEqual((snake.length, snake.positions, snake.score), (1, [CENTER], 0))
        self.assertNotEqual(snake.food_position, CENTER)
        x, y = snake.food_position
        self.assertTrue(0 <= x <= 90 and 0 <= y <= 90 and x % 10 == 0 and y % 10 == 0)


class SnakeTestEatFood(unittest.TestCase):
    def test_eat_food_moves_food(self):
        # Guards eat_food line 90 `self.random_food_position()` -> `pass`: the eaten food
        # does not stay on the snake.
        snake = Snake(100, 100, 10, CENTER)
        snake.eat_food()
        self.assertEqual((snake.length, snake.score), (2, 100))
        self.assertNotIn(snake.food_position, snake.positions)


class SnakeTest(unittest.TestCase):
    def test_snake_eats_and_grows(self):
        # Class-level test with eat_food: the snake eats the food in its way, grows by one
        # block, and the food moves elsewhere.
        snake = Snake(100, 100, 10, (60, 50))
        snake.move((1, 0))
        self.assertEqual((snake.length, snake.score), (2, 100))
        self.assertEqual(snake.positions, [(60.0, 50.0), CENTER])
        snake.food_position = FAR
        snake.eat_food()
        self.assertEqual((snake.length, snake.score), (3, 200))
        self.assertNotIn(snake.food_position, snake.positions)
