"""ClassEval+ tests of ClassEval_89 (TwentyFourPointGame)."""

import unittest

from solution import TwentyFourPointGame


def _draws(games):
    # Cards of many fresh games. Not seeded (a seed here would not reach the class under
    # two-process verdicts): 4 x 100 draws miss one of the nine values with odds of 9 x
    # (8/9)^400, about 3e-20.
    cards = []
    for _ in range(games):
        game = TwentyFourPointGame()
        game._generate_cards()
        cards += game.nums
    return cards


class TwentyFourPointGameTestGenerateCards(unittest.TestCase):
    def test_generate_cards_four(self):
        game = TwentyFourPointGame()
        game._generate_cards()
        self.assertEqual(len(game.nums), 4)

    def test_generate_cards_are_ints(self):
        game = TwentyFourPointGame()
        game._generate_cards()
        self.assertTrue(all(type(card) is int for card in game.nums))

    def test_generate_cards_lowest_is_1(self):
        # Guards the bounds of random.randint(1, 9): 1 is drawn, 0 never.
        self.assertEqual(min(_draws(100)), 1)

    def test_generate_cards_highest_is_9(self):
        # Guards the bounds of random.randint(1, 9): 9 is drawn, 10 never.
        self.assertEqual(max(_draws(100)), 9)

    def test_generate_cards_every_value(self):
        self.assertEqual(set(_draws(100)), set(range(1, 10)))


class TwentyFourPointGameTest(unittest.TestCase):
    def test_new_hand_each_time(self):
        # get_my_cards starts a new hand of four on every call.
        game = TwentyFourPointGame()
        game.get_my_cards()
        cards = game.get_my_cards()
        self.assertEqual(len(cards), 4)
        self.assertEqual(game.nums, cards)
        game.nums = []
        game._generate_cards()
        self.assertEqual(len(game.nums), 4)
        game.nums = [1, 2, 3, 4]
        self.assertIs(game.answer("1*2*3*4"), True)
        self.assertIs(game.evaluate_expression("(1+2+3)*4"), True)


class TwentyFourPointGameTestAnswer(unittest.TestCase):
    def test_answer_card_left_out(self):
        # Guards mutants answer line 52 `100` -> `101`, `100` -> `99` and `and` -> `or`: a
        # card missing from the expression makes the answer False (they raise KeyError).
        game = TwentyFourPointGame()
        game.nums = [1, 2, 3, 4]
        self.assertIs(game.answer("1*2*3*5"), False)
        self.assertEqual(game.nums, [1, 2, 3, 4])

    def test_answer_counts_each_card_once(self):
        # Guards the counting of cards in answer, which the other tests of answer leave to
        # the class-level test: an expression that uses each card once and makes 24 is True,
        # in any order and with repeated cards; one that uses a card twice is False.
        game = TwentyFourPointGame()
        game.nums = [1, 2, 3, 4]
        self.assertIs(game.answer("4*3*2*1"), True)
        game.nums = [6, 6, 6, 6]
        self.assertIs(game.answer("6+6+6+6"), True)
        self.assertIs(game.answer("6+6+6+6+6"), False)
        game.nums = [2, 3, 4, 8]
        self.assertIs(game.answer("8*3*(4-2)/2"), False)
        self.assertEqual(game.nums, [2, 3, 4, 8])
    
    def test_answer_2(self):
        game = TwentyFourPointGame()
        result = game.answer('4*3+6+6')
        self.assertIs(result, True)
    
    def test_answer_3(self):
        game = TwentyFourPointGame()
        result = game.answer('1+1+1+1')
        self.assertIs(result, False)
    
    def test_answer_4(self):
        game = TwentyFourPointGame()
        result = game.answer('1+')
        self.assertIs(result, False)
    
    def test_answer_5(self):
        game = TwentyFourPointGame()
        result = game.answer('abc')
        self.assertIs(result, False)
    
    def test_answer_6(self):
        game = TwentyFourPointGame()
        game.nums = [1, 1, 1, 1]
        result = game.answer('1+1+1+2')
        self.assertIs(result, False)
    
    def test_answer_7(self):
        game = TwentyFourPointGame()
        game.nums = [1, 1, 1, 1]
        result = game.answer('1+1+1+1+1')
        self.assertIs(result, False)


class TwentyFourPointGameTestEvaluateExpression(unittest.TestCase):
    def test_evaluate_expression_1(self):
        game = TwentyFourPointGame()
        result = game.evaluate_expression('4+3+6+6')
        self.assertIs(result, False)

    def test_evaluate_expression_2(self):
        game = TwentyFourPointGame()
        result = game.evaluate_expression('4*3+6+6')
        self.assertIs(result, True)

    def test_evaluate_expression_3(self):
        game = TwentyFourPointGame()
        result = game.evaluate_expression('1+1+1+1')
        self.assertIs(result, False)

    def test_evaluate_expression_4(self):
        game = TwentyFourPointGame()
        result = game.evaluate_expression('1+')
        self.assertIs(result, False)

    def test_evaluate_expression_5(self):
        game = TwentyFourPointGame()
        result = game.evaluate_expression('abc')
        self.assertIs(result, False)
