import unittest

from solution import DiceScorecard

ALL = [
    "ones", "twos", "threes", "fours", "fives", "sixes",
    "three_kind", "four_kind", "full_house", "small_straight", "large_straight", "five_kind", "chance",
]


class DiceScorecardTestScore(unittest.TestCase):
    def setUp(self):
        self.card = DiceScorecard(["Ann"])

    def test_score_1(self):
        dice = [3, 3, 3, 5, 5]
        self.assertEqual(
            [self.card.score(dice, c) for c in ALL],
            [0, 0, 9, 0, 10, 0, 19, 0, 25, 0, 0, 0, 19],
        )

    def test_score_2(self):
        dice = [6, 6, 6, 6, 6]
        self.assertEqual(
            [self.card.score(dice, c) for c in ALL],
            [0, 0, 0, 0, 0, 30, 30, 30, 0, 0, 0, 50, 30],
        )

    def test_score_3(self):
        self.assertEqual(self.card.score([1, 2, 3, 4, 6], "small_straight"), 30)
        self.assertEqual(self.card.score([6, 5, 4, 3, 3], "small_straight"), 30)
        self.assertEqual(self.card.score([2, 3, 4, 5, 2], "small_straight"), 30)
        self.assertEqual(self.card.score([1, 2, 3, 5, 6], "small_straight"), 0)
        self.assertEqual(self.card.score([1, 2, 3, 5, 6], "large_straight"), 0)

    def test_score_4(self):
        self.assertEqual(self.card.score([5, 4, 3, 2, 1], "large_straight"), 40)
        self.assertEqual(self.card.score([2, 6, 4, 3, 5], "large_straight"), 40)
        self.assertEqual(self.card.score([2, 6, 4, 3, 5], "small_straight"), 30)
        self.assertEqual(self.card.score([1, 1, 1, 1, 2], "four_kind"), 6)
        self.assertEqual(self.card.score([1, 1, 1, 2, 2], "four_kind"), 0)
        self.assertEqual(self.card.score([1, 1, 2, 2, 3], "three_kind"), 0)

    def test_score_5(self):
        for dice in ([1, 2, 3, 4], [1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4], [1, 2, 3, 4, 7]):
            with self.assertRaises(ValueError):
                self.card.score(dice, "chance")
        with self.assertRaises(ValueError):
            self.card.score([1, 2, 3, 4, 5], "yahtzee")

    def test_score_6(self):
        self.assertEqual(self.card.score([2, 2, 4, 4, 4], "full_house"), 25)
        self.assertEqual(self.card.score([2, 2, 4, 4, 1], "full_house"), 0)
        self.assertEqual(self.card.score([4, 4, 4, 4, 1], "full_house"), 0)
        self.assertEqual(self.card.score([1, 1, 1, 1, 1], "ones"), 5)
        self.assertEqual(self.card.score([2, 2, 6, 4, 2], "twos"), 6)
        self.assertEqual(self.card.score([4, 4, 6, 4, 2], "fours"), 12)
        self.assertEqual(self.card.scores, {"Ann": {}})

    def test_score_7(self):
        cases = [
            ([2, 3, 4, 6, 6], 0), ([1, 3, 4, 6, 6], 0), ([1, 2, 4, 6, 6], 0), ([1, 2, 3, 5, 5], 0),
            ([1, 1, 3, 4, 5], 0), ([1, 1, 2, 4, 5], 0), ([1, 1, 2, 3, 5], 0), ([1, 1, 4, 5, 6], 0),
            ([1, 1, 3, 5, 6], 0), ([1, 1, 3, 4, 6], 0), ([3, 4, 5, 6, 6], 30), ([1, 2, 3, 4, 1], 30),
        ]
        for dice, points in cases:
            self.assertEqual(self.card.score(dice, "small_straight"), points)


class DiceScorecardTestRecord(unittest.TestCase):
    def test_record_1(self):
        card = DiceScorecard(["Ann"])
        self.assertEqual(card.record([6, 6, 2, 6, 1], "sixes"), 18)
        self.assertEqual(card.scores, {"Ann": {"sixes": 18}})
        self.assertEqual(card.turn, 0)

    def test_record_2(self):
        card = DiceScorecard(["Ann", "Bo", "Cy"])
        self.assertEqual(card.record([1, 1, 1, 1, 1], "five_kind"), 50)
        self.assertEqual(card.turn, 1)
        self.assertEqual(card.record([2, 3, 4, 5, 5], "large_straight"), 0)
        self.assertEqual(card.turn, 2)
        self.assertEqual(card.record([2, 3, 4, 5, 5], "chance"), 19)
        self.assertEqual(card.turn, 0)
        self.assertEqual(card.scores, {"Ann": {"five_kind": 50}, "Bo": {"large_straight": 0}, "Cy": {"chance": 19}})

    def test_record_3(self):
        card = DiceScorecard(["Ann"])
        card.record([1, 2, 3, 4, 5], "chance")
        with self.assertRaises(ValueError):
            card.record([6, 6, 6, 6, 6], "chance")
        self.assertEqual(card.scores, {"Ann": {"chance": 15}})

    def test_record_4(self):
        card = DiceScorecard(["Ann", "Bo"])
        with self.assertRaises(ValueError):
            card.record([1, 2, 3], "chance")
        with self.assertRaises(ValueError):
            card.record([1, 2, 3, 4, 5], "bonus")
        self.assertEqual(card.turn, 0)
        self.assertEqual(card.scores, {"Ann": {}, "Bo": {}})

    def test_record_5(self):
        card = DiceScorecard(["Ann", "Bo"])
        card.scores["Bo"]["ones"] = 3
        card.turn = 1
        with self.assertRaises(ValueError):
            card.record([1, 1, 1, 1, 1], "ones")
        self.assertEqual(card.turn, 1)
        self.assertEqual(card.record([1, 1, 1, 1, 1], "twos"), 0)
        self.assertEqual(card.turn, 0)


class DiceScorecardTestBestCategory(unittest.TestCase):
    def test_best_category_1(self):
        card = DiceScorecard(["Ann"])
        self.assertEqual(card.best_category("Ann", [4, 4, 4, 4, 2]), "three_kind")

    def test_best_category_2(self):
        card = DiceScorecard(["Ann"])
        card.scores["Ann"]["three_kind"] = 12
        self.assertEqual(card.best_category("Ann", [4, 4, 4, 4, 2]), "four_kind")

    def test_best_category_3(self):
        card = DiceScorecard(["Ann"])
        self.assertEqual(card.best_category("Ann", [5, 5, 5, 5, 5]), "five_kind")
        self.assertEqual(card.best_category("Ann", [1, 2, 3, 4, 5]), "large_straight")
        self.assertEqual(card.best_category("Ann", [1, 1, 2, 2, 3]), "chance")

    def test_best_category_4(self):
        card = DiceScorecard(["Ann"])
        card.scores["Ann"] = {category: 0 for category in ALL if category != "ones"}
        self.assertEqual(card.best_category("Ann", [6, 6, 6, 6, 6]), "ones")
        card.scores["Ann"]["ones"] = 0
        self.assertEqual(card.best_category("Ann", [6, 6, 6, 6, 6]), "")

    def test_best_category_7(self):
        card = DiceScorecard(["Ann"])
        card.scores["Ann"] = {category: 0 for category in ALL if category not in ("five_kind", "full_house")}
        self.assertEqual(card.best_category("Ann", [1, 2, 3, 4, 6]), "full_house")
        card.scores["Ann"]["full_house"] = 0
        self.assertEqual(card.best_category("Ann", [1, 2, 3, 4, 6]), "five_kind")

    def test_best_category_5(self):
        card = DiceScorecard(["Ann"])
        with self.assertRaises(ValueError):
            card.best_category("Zed", [1, 2, 3, 4, 5])
        with self.assertRaises(ValueError):
            card.best_category("Ann", [1, 2, 3, 4, 9])

    def test_best_category_6(self):
        card = DiceScorecard(["Ann", "Bo"])
        card.scores["Bo"] = {"three_kind": 20, "chance": 20, "four_kind": 20}
        self.assertEqual(card.best_category("Bo", [4, 4, 4, 2, 6]), "fours")
        self.assertEqual(card.best_category("Ann", [4, 4, 4, 2, 6]), "three_kind")
        self.assertEqual(card.scores["Ann"], {})


class DiceScorecardTestTotal(unittest.TestCase):
    def test_total_1(self):
        card = DiceScorecard(["Ann"])
        self.assertEqual(card.total("Ann"), 0)
        card.scores["Ann"] = {"sixes": 30, "fives": 25, "three_kind": 10}
        self.assertEqual(card.total("Ann"), 65)

    def test_total_2(self):
        card = DiceScorecard(["Ann"])
        card.scores["Ann"] = {"fours": 16, "fives": 20, "sixes": 24, "threes": 3, "chance": 11}
        self.assertEqual(card.total("Ann"), 109)

    def test_total_3(self):
        card = DiceScorecard(["Ann"])
        card.scores["Ann"] = {"fours": 16, "fives": 20, "sixes": 24, "twos": 2, "chance": 11}
        self.assertEqual(card.total("Ann"), 73)

    def test_total_4(self):
        card = DiceScorecard(["Ann"])
        card.scores["Ann"] = {"five_kind": 50, "chance": 30, "three_kind": 30}
        self.assertEqual(card.total("Ann"), 110)

    def test_total_5(self):
        card = DiceScorecard(["Ann"])
        with self.assertRaises(ValueError):
            card.total("Bo")

    def test_total_6(self):
        card = DiceScorecard(["Ann", "Bo"])
        card.scores["Bo"] = {"sixes": 30, "fives": 25, "ones": 5, "twos": 4}
        self.assertEqual(card.total("Bo"), 99)
        self.assertEqual(card.total("Ann"), 0)


class DiceScorecardTestLeaderboard(unittest.TestCase):
    def test_leaderboard_1(self):
        card = DiceScorecard(["Ann", "Bo", "Cy"])
        card.scores = {"Ann": {"chance": 20}, "Bo": {"chance": 25}, "Cy": {"ones": 20}}
        self.assertEqual(card.leaderboard(), [("Bo", 25), ("Ann", 20), ("Cy", 20)])

    def test_leaderboard_2(self):
        card = DiceScorecard(["Ann", "Bo"])
        self.assertEqual(card.leaderboard(), [("Ann", 0), ("Bo", 0)])

    def test_leaderboard_3(self):
        card = DiceScorecard(["Cy", "Ann"])
        card.scores["Ann"] = {"chance": 5}
        self.assertEqual(card.leaderboard(), [("Ann", 5), ("Cy", 0)])

    def test_leaderboard_4(self):
        card = DiceScorecard(["Ann", "Bo"])
        card.scores["Ann"] = {"sixes": 30, "fives": 25, "fours": 8}
        card.scores["Bo"] = {"five_kind": 50, "chance": 40}
        self.assertEqual(card.leaderboard(), [("Ann", 98), ("Bo", 90)])

    def test_leaderboard_5(self):
        card = DiceScorecard(["Solo"])
        card.record([2, 2, 2, 2, 2], "five_kind")
        self.assertEqual(card.leaderboard(), [("Solo", 50)])
        self.assertEqual(card.scores, {"Solo": {"five_kind": 50}})


class DiceScorecardTestIsFinished(unittest.TestCase):
    def test_is_finished_1(self):
        self.assertIs(DiceScorecard(["Ann"]).is_finished(), False)

    def test_is_finished_2(self):
        card = DiceScorecard(["Ann"])
        card.scores["Ann"] = {category: 0 for category in ALL}
        self.assertIs(card.is_finished(), True)

    def test_is_finished_3(self):
        card = DiceScorecard(["Ann", "Bo"])
        card.scores["Ann"] = {category: 0 for category in ALL}
        card.scores["Bo"] = {category: 0 for category in ALL[:-1]}
        self.assertIs(card.is_finished(), False)

    def test_is_finished_4(self):
        card = DiceScorecard(["Ann", "Bo"])
        card.scores["Ann"] = {category: 0 for category in ALL[1:]}
        card.scores["Bo"] = {category: 0 for category in ALL}
        self.assertIs(card.is_finished(), False)

    def test_is_finished_5(self):
        card = DiceScorecard(["Ann"])
        for category in ALL:
            self.assertIs(card.is_finished(), False)
            card.record([1, 1, 1, 1, 1], category)
        self.assertIs(card.is_finished(), True)
        self.assertEqual(len(card.scores["Ann"]), 13)


class DiceScorecardTest(unittest.TestCase):
    def test_dice_scorecard_1(self):
        card = DiceScorecard(["Ann", "Bo"])
        roll = [5, 5, 5, 2, 2]
        self.assertEqual(card.best_category("Ann", roll), "full_house")
        self.assertEqual(card.record(roll, "full_house"), 25)
        roll = [1, 2, 3, 4, 4]
        best = card.best_category("Bo", roll)
        self.assertEqual(best, "small_straight")
        self.assertEqual(card.record(roll, best), 30)
        self.assertEqual(card.score([6, 6, 6, 6, 1], "sixes"), 24)
        self.assertEqual(card.record([6, 6, 6, 6, 1], "sixes"), 24)
        self.assertEqual(card.leaderboard(), [("Ann", 49), ("Bo", 30)])
        self.assertEqual(card.total("Ann"), 49)
        self.assertIs(card.is_finished(), False)
        self.assertEqual(card.turn, 1)

    def test_dice_scorecard_2(self):
        card = DiceScorecard(["Ann"])
        rolls = [
            [1, 1, 1, 2, 3], [2, 2, 2, 4, 5], [3, 3, 3, 1, 1], [4, 4, 4, 1, 2], [5, 5, 5, 1, 2], [6, 6, 6, 1, 2],
            [6, 6, 6, 5, 5], [1, 1, 1, 1, 2], [2, 2, 3, 3, 3], [1, 2, 3, 4, 1], [2, 3, 4, 5, 6], [3, 3, 3, 3, 3],
            [6, 6, 5, 5, 4],
        ]
        for roll in rolls:
            self.assertIs(card.is_finished(), False)
            category = card.best_category("Ann", roll)
            card.record(roll, category)
        self.assertIs(card.is_finished(), True)
        self.assertEqual(card.best_category("Ann", [1, 1, 1, 1, 1]), "")
        self.assertEqual(card.scores["Ann"]["five_kind"], 50)
        self.assertEqual(card.total("Ann"), card.leaderboard()[0][1])


if __name__ == "__main__":
    unittest.main()
