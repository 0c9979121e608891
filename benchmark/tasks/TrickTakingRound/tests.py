import unittest

from solution import TrickTakingRound


def dealt(trump):
    game = TrickTakingRound(["Ann", "Ben", "Cat"], trump)
    game.deal({"Ann": ["AH", "10S", "3C"], "Ben": ["KH", "2S", "QS"], "Cat": ["5H", "JC", "9D"]})
    return game


def played(game, *plays):
    return [game.play(name, card) for name, card in plays]


FIRST_TRICK = (("Ann", "AH"), ("Ben", "KH"), ("Cat", "5H"))


class TrickTakingRoundTestCardValue(unittest.TestCase):
    def test_card_value_1(self):
        game = TrickTakingRound(["Ann", "Ben"], "")
        self.assertEqual(game.card_value("10H"), (10, "H"))
        self.assertEqual(game.card_value("QS"), (12, "S"))
        self.assertEqual(game.card_value("AD"), (14, "D"))

    def test_card_value_2(self):
        game = TrickTakingRound(["Ann", "Ben"], "")
        cards = ["2C", "9D", "JH", "KS"]
        self.assertEqual(
            [game.card_value(card) for card in cards], [(2, "C"), (9, "D"), (11, "H"), (13, "S")]
        )

    def test_card_value_3(self):
        game = TrickTakingRound(["Ann", "Ben"], "")
        for card in [
            "1H",
            "11H",
            "0S",
            "QX",
            "qs",
            "Q",
            "H",
            "",
            "10",
            "10HH",
            " QS",
            "QS ",
            "T H",
            "\u0665H",
        ]:
            with self.assertRaises(ValueError):
                game.card_value(card)

    def test_card_value_4(self):
        game = TrickTakingRound(["Ann", "Ben"], "")
        self.assertEqual(game.card_value("10C"), (10, "C"))
        self.assertEqual(game.card_value("8S"), (8, "S"))

    def test_card_value_5(self):
        game = dealt("S")
        self.assertEqual(game.card_value("3C"), (3, "C"))
        self.assertEqual(game.hands["Ann"], ["AH", "10S", "3C"])
        self.assertEqual(game.trick, [])


class TrickTakingRoundTestDeal(unittest.TestCase):
    def test_deal_1(self):
        game = TrickTakingRound(["Ann", "Ben"], "S")
        self.assertEqual(game.deal({"Ann": ["AH", "2C"], "Ben": ["KH", "3S"]}), 2)
        self.assertEqual(game.hands, {"Ann": ["AH", "2C"], "Ben": ["KH", "3S"]})

    def test_deal_2(self):
        game = TrickTakingRound(["Ann", "Ben"], "S")
        with self.assertRaises(ValueError):
            game.deal({"Ann": ["AH", "2C"], "Ben": ["KH"]})
        with self.assertRaises(ValueError):
            game.deal({"Ann": [], "Ben": []})
        self.assertEqual(game.hands, {"Ann": [], "Ben": []})

    def test_deal_3(self):
        game = TrickTakingRound(["Ann", "Ben"], "S")
        for hands in [
            {"Ann": ["AH"], "Ben": ["AH"]},
            {"Ann": ["AH"], "Ben": ["1H"]},
            {"Ann": ["AH"]},
            {"Ann": ["AH"], "Ben": ["KH"], "Cat": ["QH"]},
            {"Ann": ["AH"], "Bob": ["KH"]},
        ]:
            with self.assertRaises(ValueError):
                game.deal(hands)
        self.assertEqual(game.hands, {"Ann": [], "Ben": []})

    def test_deal_4(self):
        game = dealt("S")
        game.play("Ann", "AH")
        with self.assertRaises(ValueError):
            game.deal({"Ann": ["2H"], "Ben": ["3H"], "Cat": ["4H"]})
        self.assertEqual(game.trick, [("Ann", "AH")])
        self.assertEqual(game.hands["Ann"], ["10S", "3C"])

    def test_deal_5(self):
        game = dealt("S")
        played(game, *FIRST_TRICK, ("Ann", "3C"), ("Ben", "2S"), ("Cat", "JC"))
        self.assertEqual(game.leader, 1)
        self.assertEqual(game.deal({"Cat": ["2H"], "Ann": ["3H"], "Ben": ["4H"]}), 1)
        self.assertEqual(game.hands, {"Ann": ["3H"], "Ben": ["4H"], "Cat": ["2H"]})
        self.assertEqual(game.taken, {"Ann": [], "Ben": [], "Cat": []})
        self.assertEqual(game.leader, 0)

    def test_deal_6(self):
        game = TrickTakingRound(["Ann", "Ben"], "")
        ann = ["AH", "2C"]
        game.deal({"Ann": ann, "Ben": ["KH", "3S"]})
        ann.append("4D")
        self.assertEqual(game.hands["Ann"], ["AH", "2C"])


class TrickTakingRoundTestToPlay(unittest.TestCase):
    def test_to_play_1(self):
        game = TrickTakingRound(["Ann", "Ben", "Cat"], "")
        game.deal({"Ann": ["AH"], "Ben": ["KH"], "Cat": ["2H"]})
        self.assertEqual(game.to_play(), "Ann")
        game.play("Ann", "AH")
        self.assertEqual(game.to_play(), "Ben")

    def test_to_play_2(self):
        game = dealt("S")
        played(game, ("Ann", "AH"), ("Ben", "KH"))
        self.assertEqual(game.to_play(), "Cat")

    def test_to_play_3(self):
        game = dealt("S")
        played(game, *FIRST_TRICK, ("Ann", "3C"), ("Ben", "2S"), ("Cat", "JC"))
        self.assertEqual(game.to_play(), "Ben")
        game.play("Ben", "QS")
        self.assertEqual(game.to_play(), "Cat")
        game.play("Cat", "9D")
        self.assertEqual(game.to_play(), "Ann")

    def test_to_play_4(self):
        self.assertEqual(TrickTakingRound(["Xu", "Yo"], "D").to_play(), "Xu")

    def test_to_play_5(self):
        game = dealt("H")
        played(game, *FIRST_TRICK, ("Ann", "3C"), ("Ben", "2S"), ("Cat", "JC"))
        self.assertEqual(game.leader, 2)
        self.assertEqual(game.to_play(), "Cat")
        game.play("Cat", "9D")
        self.assertEqual(game.to_play(), "Ann")


class TrickTakingRoundTestLegalCards(unittest.TestCase):
    def test_legal_cards_1(self):
        game = TrickTakingRound(["Ann", "Ben"], "")
        game.deal({"Ann": ["AH", "2C"], "Ben": ["3S", "KH"]})
        self.assertEqual(game.legal_cards("Ben"), ["3S", "KH"])
        game.play("Ann", "AH")
        self.assertEqual(game.legal_cards("Ben"), ["KH"])

    def test_legal_cards_2(self):
        game = dealt("S")
        game.play("Ann", "AH")
        self.assertEqual(game.legal_cards("Ben"), ["KH"])
        self.assertEqual(game.legal_cards("Cat"), ["5H"])
        self.assertEqual(game.legal_cards("Ann"), ["10S", "3C"])

    def test_legal_cards_3(self):
        game = dealt("S")
        played(game, *FIRST_TRICK, ("Ann", "3C"))
        self.assertEqual(game.legal_cards("Ben"), ["2S", "QS"])
        self.assertEqual(game.legal_cards("Cat"), ["JC"])

    def test_legal_cards_4(self):
        game = dealt("S")
        for name in ["Dan", "", "ann"]:
            with self.assertRaises(ValueError):
                game.legal_cards(name)

    def test_legal_cards_5(self):
        game = TrickTakingRound(["Ann", "Ben"], "")
        game.deal({"Ann": ["AH", "2C", "4D"], "Ben": ["KH", "2S", "3H"]})
        game.play("Ann", "AH")
        cards = game.legal_cards("Ben")
        self.assertEqual(cards, ["KH", "3H"])
        cards.append("5D")
        self.assertEqual(game.hands["Ben"], ["KH", "2S", "3H"])
        whole = game.legal_cards("Ann")
        whole.clear()
        self.assertEqual(game.hands["Ann"], ["2C", "4D"])

    def test_legal_cards_6(self):
        game = TrickTakingRound(["Ann", "Ben", "Cat"], "")
        game.deal({"Ann": ["AH", "2C"], "Ben": ["2S", "3C"], "Cat": ["4S", "5H"]})
        played(game, ("Ann", "AH"), ("Ben", "2S"))
        self.assertEqual(game.legal_cards("Cat"), ["5H"])
        self.assertEqual(game.trick, [("Ann", "AH"), ("Ben", "2S")])


class TrickTakingRoundTestTrickWinner(unittest.TestCase):
    def test_trick_winner_1(self):
        game = TrickTakingRound(["Ann", "Ben", "Cat"], "S")
        self.assertEqual(game.trick_winner(["10H", "KH", "2S"]), 2)
        self.assertEqual(game.trick_winner(["10H", "KH", "AD"]), 1)

    def test_trick_winner_2(self):
        game = TrickTakingRound(["Ann", "Ben", "Cat"], "")
        self.assertEqual(game.trick_winner(["5C", "AH", "9C"]), 2)
        self.assertEqual(game.trick_winner(["5C", "AH", "2C"]), 0)

    def test_trick_winner_3(self):
        game = TrickTakingRound(["Ann", "Ben", "Cat"], "H")
        self.assertEqual(game.trick_winner(["3H", "AS", "2H"]), 0)
        self.assertEqual(game.trick_winner(["KD", "4H", "JH"]), 2)
        self.assertEqual(game.trick_winner(["KD", "JH", "4H"]), 1)

    def test_trick_winner_4(self):
        game = TrickTakingRound(["Ann", "Ben"], "C")
        self.assertEqual(game.trick_winner(["7D"]), 0)
        self.assertEqual(game.trick_winner(["AD", "KD"]), 0)
        self.assertEqual(game.trick_winner(["10D", "JD", "9D"]), 1)

    def test_trick_winner_5(self):
        game = TrickTakingRound(["Ann", "Ben"], "C")
        with self.assertRaises(ValueError):
            game.trick_winner([])
        with self.assertRaises(ValueError):
            game.trick_winner(["10H", "XX"])
        self.assertEqual(game.trick, [])
        self.assertEqual(game.taken, {"Ann": [], "Ben": []})


class TrickTakingRoundTestPlay(unittest.TestCase):
    def test_play_1(self):
        game = dealt("S")
        self.assertEqual(game.play("Ann", "AH"), "")
        self.assertEqual(game.trick, [("Ann", "AH")])
        self.assertEqual(game.hands["Ann"], ["10S", "3C"])

    def test_play_2(self):
        game = dealt("S")
        self.assertEqual(played(game, *FIRST_TRICK), ["", "", "Ann"])
        self.assertEqual(game.taken, {"Ann": ["AH", "KH", "5H"], "Ben": [], "Cat": []})
        self.assertEqual(game.trick, [])
        self.assertEqual(game.leader, 0)

    def test_play_3(self):
        game = dealt("S")
        with self.assertRaises(ValueError):
            game.play("Ben", "KH")
        self.assertEqual(game.trick, [])
        self.assertEqual(game.hands["Ben"], ["KH", "2S", "QS"])

    def test_play_4(self):
        game = dealt("S")
        game.play("Ann", "AH")
        for name, card in [("Ben", "2S"), ("Ben", "AS"), ("Dan", "KH"), ("Cat", "5H")]:
            with self.assertRaises(ValueError):
                game.play(name, card)
        self.assertEqual(game.trick, [("Ann", "AH")])
        self.assertEqual(game.hands["Ben"], ["KH", "2S", "QS"])

    def test_play_5(self):
        game = dealt("S")
        plays = played(game, *FIRST_TRICK, ("Ann", "3C"), ("Ben", "2S"), ("Cat", "JC"))
        self.assertEqual(plays[3:], ["", "", "Ben"])
        self.assertEqual(game.taken["Ben"], ["3C", "2S", "JC"])
        self.assertEqual(game.leader, 1)

    def test_play_6(self):
        game = TrickTakingRound(["Ann", "Ben", "Cat", "Dee"], "")
        game.deal({"Ann": ["2D"], "Ben": ["3C"], "Cat": ["AS"], "Dee": ["4D"]})
        self.assertEqual(
            played(game, ("Ann", "2D"), ("Ben", "3C"), ("Cat", "AS"), ("Dee", "4D")),
            ["", "", "", "Dee"],
        )
        self.assertEqual(game.taken["Dee"], ["2D", "3C", "AS", "4D"])
        self.assertEqual(game.leader, 3)
        self.assertEqual(game.hands, {"Ann": [], "Ben": [], "Cat": [], "Dee": []})


class TrickTakingRoundTestScores(unittest.TestCase):
    def test_scores_1(self):
        game = TrickTakingRound(["Ann", "Ben"], "")
        game.deal({"Ann": ["QS", "2H"], "Ben": ["3S", "5H"]})
        played(game, ("Ann", "QS"), ("Ben", "3S"), ("Ann", "2H"), ("Ben", "5H"))
        self.assertEqual(game.scores(), {"Ann": 13, "Ben": 2})

    def test_scores_2(self):
        self.assertEqual(dealt("S").scores(), {"Ann": 0, "Ben": 0, "Cat": 0})

    def test_scores_3(self):
        game = dealt("S")
        played(game, *FIRST_TRICK)
        self.assertEqual(game.scores(), {"Ann": 3, "Ben": 0, "Cat": 0})

    def test_scores_4(self):
        game = dealt("H")
        played(game, *FIRST_TRICK, ("Ann", "3C"), ("Ben", "2S"), ("Cat", "JC"))
        self.assertEqual(game.scores(), {"Ann": 3, "Ben": 0, "Cat": 0})
        played(game, ("Cat", "9D"), ("Ann", "10S"), ("Ben", "QS"))
        self.assertEqual(game.scores(), {"Ann": 3, "Ben": 0, "Cat": 13})
        self.assertEqual(game.taken["Cat"], ["3C", "2S", "JC", "9D", "10S", "QS"])

    def test_scores_5(self):
        game = TrickTakingRound(["Cat", "Ann", "Ben"], "")
        game.taken["Ben"] = ["QH", "QS", "QD"]
        scores = game.scores()
        self.assertEqual(scores, {"Cat": 0, "Ann": 0, "Ben": 14})
        self.assertEqual(list(scores), ["Cat", "Ann", "Ben"])


class TrickTakingRoundTest(unittest.TestCase):
    def test_a_round_with_spades_as_trump(self):
        game = dealt("S")
        self.assertEqual(game.to_play(), "Ann")
        self.assertEqual(game.legal_cards("Ann"), ["AH", "10S", "3C"])
        self.assertEqual(played(game, *FIRST_TRICK), ["", "", "Ann"])
        self.assertEqual(game.play("Ann", "3C"), "")
        self.assertEqual(game.legal_cards("Ben"), ["2S", "QS"])
        self.assertEqual(played(game, ("Ben", "2S"), ("Cat", "JC")), ["", "Ben"])
        self.assertEqual(game.to_play(), "Ben")
        self.assertEqual(played(game, ("Ben", "QS"), ("Cat", "9D")), ["", ""])
        self.assertEqual(game.trick_winner([card for _, card in game.trick] + ["10S"]), 0)
        self.assertEqual(game.play("Ann", "10S"), "Ben")
        self.assertEqual(game.scores(), {"Ann": 3, "Ben": 13, "Cat": 0})
        self.assertEqual(game.hands, {"Ann": [], "Ben": [], "Cat": []})
        self.assertEqual(game.card_value(game.taken["Ben"][-1]), (10, "S"))

    def test_four_players_without_trumps(self):
        game = TrickTakingRound(["N", "E", "S", "W"], "")
        hands = {"N": ["QH", "2C"], "E": ["3H", "AC"], "S": ["QS", "KC"], "W": ["JH", "4D"]}
        self.assertEqual(game.deal(hands), 2)
        game.play("N", "QH")
        game.play("E", "3H")
        self.assertEqual(game.legal_cards("S"), ["QS", "KC"])
        self.assertEqual(played(game, ("S", "QS"), ("W", "JH")), ["", "N"])
        self.assertEqual(game.scores(), {"N": 16, "E": 0, "S": 0, "W": 0})
        self.assertEqual(game.legal_cards("W"), ["4D"])
        self.assertEqual(
            played(game, ("N", "2C"), ("E", "AC"), ("S", "KC"), ("W", "4D")), ["", "", "", "E"]
        )
        self.assertEqual(game.leader, 1)
        self.assertEqual(game.taken["E"], ["2C", "AC", "KC", "4D"])
        self.assertEqual(game.deal({"N": ["2H"], "E": ["3H"], "S": ["4H"], "W": ["5H"]}), 1)
        self.assertEqual(game.scores(), {"N": 0, "E": 0, "S": 0, "W": 0})

    def test_seating(self):
        game = TrickTakingRound(["Ann", "Ben"], "")
        self.assertEqual(
            (game.players, game.trump, game.hands, game.trick, game.leader, game.taken),
            (["Ann", "Ben"], "", {"Ann": [], "Ben": []}, [], 0, {"Ann": [], "Ben": []}),
        )
        for players, trump in [
            (["Ann"], ""),
            ([], "S"),
            (["Ann", "Ann"], ""),
            (["Ann", "Ben"], "X"),
            (["Ann", "Ben"], "s"),
        ]:
            with self.assertRaises(ValueError):
                TrickTakingRound(players, trump)
