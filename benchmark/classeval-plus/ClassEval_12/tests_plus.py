"""ClassEval+ tests of ClassEval_12 (BlackjackGame)."""

import unittest

from solution import BlackjackGame

SUITS = ["S", "C", "D", "H"]
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
IN_ORDER = [rank + suit for suit in SUITS for rank in RANKS]


class BlackjackGameTestCreateDeck(unittest.TestCase):
    def test_create_deck_called(self):
        # Guards create_deck called as a method (the published tests read the deck the
        # constructor made): 52 distinct cards, each rank of each suit once.
        deck = self.blackjackGame.create_deck()
        self.assertEqual(len(deck), 52)
        self.assertEqual(sorted(deck), sorted(IN_ORDER))

    def test_create_deck_shuffled(self):
        # Guards create_deck line 37 `random.shuffle(deck)` -> `pass`: the order is random.
        # Not seeded (a seed here would not reach the class under two-process verdicts); a
        # shuffled deck equals another given order once in 52! (about 1e-68) draws.
        first = self.blackjackGame.create_deck()
        second = self.blackjackGame.create_deck()
        self.assertNotEqual(first, IN_ORDER)
        self.assertNotEqual(first, second)
        self.assertEqual(sorted(first), sorted(second))


class BlackjackGameTestCalculateHandValue(unittest.TestCase):
    def test_calculate_hand_value_king(self):
        # Guards calculate_hand_value line 58 `'K'` -> `''`: a king is worth 10.
        self.assertEqual(BlackjackGame().calculate_hand_value(["KS", "3H"]), 13)

    def test_calculate_hand_value_blackjack(self):
        # Guards line 63 `value > 21` -> `>=` and `21` -> `20`: an ace and a king make 21,
        # which is not over 21, so the ace keeps its 11.
        self.assertEqual(BlackjackGame().calculate_hand_value(["AS", "KD"]), 21)

    def test_calculate_hand_value_two_aces(self):
        # Guards line 63 `21` -> `22`: two aces are 22, over 21, so one counts 1: 12.
        self.assertEqual(BlackjackGame().calculate_hand_value(["AS", "AH"]), 12)


class BlackjackGameTestCheckWinner(unittest.TestCase):
    def test_check_winner_both_bust(self):
        # Guards check_winner line 82 `21` -> `22`: both over 21 (22 and 23), the lower wins.
        player, dealer = ["KS", "QS", "2S"], ["KH", "QH", "3H"]
        self.assertEqual(self.blackjackGame.check_winner(player, dealer), "Player wins")
        self.assertEqual(self.blackjackGame.check_winner(dealer, player), "Dealer wins")


class BlackjackGameTestMain(unittest.TestCase):
    def test_main_hands(self):
        # Class-level test of create_deck and calculate_hand_value: hands dealt from a fresh
        # deck are empty until dealt (__init__ lines 17-18), and scored as check_winner does.
        game = BlackjackGame()
        self.assertEqual((game.player_hand, game.dealer_hand), ([], []))
        self.assertEqual(sorted(game.create_deck()), sorted(IN_ORDER))
        game.player_hand = ["AS", "9H"]
        game.dealer_hand = ["10C", "7D"]
        self.assertEqual(game.calculate_hand_value(game.player_hand), 20)
        self.assertEqual(game.calculate_hand_value(game.dealer_hand), 17)
        self.assertEqual(game.check_winner(game.player_hand, game.dealer_hand), "Player wins")
