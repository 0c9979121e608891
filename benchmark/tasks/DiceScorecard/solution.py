from collections import Counter


class DiceScorecard:
    """
    The scorecard of a five-dice game for several players. Players take turns in the given order; each turn one
    roll of five dice is written into one of the player's still empty categories. The upper section ("ones" to
    "sixes") earns a bonus of 35 once its total reaches 63.
    Category scores: "ones" ... "sixes": sum of the dice showing that face; "three_kind" / "four_kind": sum of all
    dice when at least 3 / 4 show the same face, else 0; "full_house": 25 for exactly three of one face and two of
    another, else 0; "small_straight": 30 when the dice contain four consecutive faces, else 0; "large_straight":
    40 for five consecutive faces, else 0; "five_kind": 50 when all five are equal, else 0; "chance": sum of all dice.
    """

    def __init__(self, players: list):
        """
        Create an empty scorecard.
        :param players: list of str, player names in turn order, unique, at least one
        self.players: list, player names in turn order
        self.categories: list, the 13 categories in card order: "ones", "twos", "threes", "fours", "fives", "sixes",
            "three_kind", "four_kind", "full_house", "small_straight", "large_straight", "five_kind", "chance"
        self.scores: dict, player -> dict of filled category -> points
        self.turn: int, index in players of the player to record next
        """
        self.players = players
        self.categories = [
            "ones", "twos", "threes", "fours", "fives", "sixes",
            "three_kind", "four_kind", "full_house", "small_straight", "large_straight", "five_kind", "chance",
        ]
        self.scores = {player: {} for player in players}
        self.turn = 0

    def score(self, dice: list, category: str) -> int:
        """
        Points a roll would earn in a category (see the class description).
        :param dice: list of int, five values from 1 to 6
        :param category: str, one of the 13 categories
        :return: int, the points
        :raises ValueError: when dice is not five values from 1 to 6, or the category is unknown
        >>> card = DiceScorecard(["Ann"])
        >>> card.score([3, 3, 3, 5, 5], "full_house"), card.score([3, 3, 3, 5, 5], "threes"), card.score([1, 2, 3, 4, 6], "small_straight")
        (25, 9, 30)
        """
        if len(dice) != 5 or any(value not in (1, 2, 3, 4, 5, 6) for value in dice):
            raise ValueError("a roll is five values from 1 to 6")
        counts = Counter(dice)
        faces = set(dice)
        if category in self.categories[:6]:
            face = self.categories.index(category) + 1
            return face * counts[face]
        largest = max(counts.values())
        if category == "three_kind":
            return sum(dice) if largest >= 3 else 0
        if category == "four_kind":
            return sum(dice) if largest >= 4 else 0
        if category == "full_house":
            return 25 if sorted(counts.values()) == [2, 3] else 0
        if category == "small_straight":
            runs = ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6})
            return 30 if any(run <= faces for run in runs) else 0
        if category == "large_straight":
            return 40 if faces in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}) else 0
        if category == "five_kind":
            return 50 if largest == 5 else 0
        if category == "chance":
            return sum(dice)
        raise ValueError(f"unknown category: {category!r}")

    def record(self, dice: list, category: str) -> int:
        """
        Write a roll into an empty category of the player whose turn it is, then pass the turn to the next player
        (after the last player comes the first).
        :param dice: list of int, five values from 1 to 6
        :param category: str, one of the 13 categories
        :return: int, the points written
        :raises ValueError: when the roll or category is invalid, or the player already filled that category
                 (nothing changes then)
        >>> card = DiceScorecard(["Ann", "Bo"])
        >>> card.record([6, 6, 2, 6, 1], "sixes"), card.record([2, 3, 4, 5, 5], "large_straight")
        (18, 0)
        >>> card.scores, card.turn
        ({'Ann': {'sixes': 18}, 'Bo': {'large_straight': 0}}, 0)
        """
        player = self.players[self.turn]
        points = self.score(dice, category)
        if category in self.scores[player]:
            raise ValueError(f"{player} already filled {category}")
        self.scores[player][category] = points
        self.turn = (self.turn + 1) % len(self.players)
        return points

    def best_category(self, player: str, dice: list) -> str:
        """
        The player's empty category in which a roll earns the most points; on a tie, the one first in card order.
        :param player: str, a player's name
        :param dice: list of int, five values from 1 to 6
        :return: str, the category, or "" when the player has no empty category left
        :raises ValueError: when the player is unknown or the roll is invalid
        >>> card = DiceScorecard(["Ann"])
        >>> card.best_category("Ann", [4, 4, 4, 4, 2])
        'three_kind'
        >>> card.scores["Ann"]["three_kind"] = 12
        >>> card.best_category("Ann", [4, 4, 4, 4, 2])
        'four_kind'
        """
        if player not in self.scores:
            raise ValueError(f"unknown player: {player!r}")
        best, best_points = "", -1
        for category in self.categories:
            points = self.score(dice, category)
            if category not in self.scores[player] and points > best_points:
                best, best_points = category, points
        return best

    def total(self, player: str) -> int:
        """
        A player's total: all points written, plus 35 when the upper-section categories ("ones" to "sixes")
        add up to 63 or more.
        :param player: str, a player's name
        :return: int, the total
        :raises ValueError: when the player is unknown
        >>> card = DiceScorecard(["Ann"])
        >>> card.scores["Ann"] = {"fours": 16, "fives": 20, "sixes": 24, "threes": 3, "chance": 11}
        >>> card.total("Ann")
        109
        """
        if player not in self.scores:
            raise ValueError(f"unknown player: {player!r}")
        filled = self.scores[player]
        upper = sum(points for category, points in filled.items() if category in self.categories[:6])
        return sum(filled.values()) + (35 if upper >= 63 else 0)

    def leaderboard(self) -> list:
        """
        All players with their totals, highest total first; players with equal totals keep their turn order.
        :return: list of tuple, (player, total) pairs
        >>> card = DiceScorecard(["Ann", "Bo", "Cy"])
        >>> card.scores = {"Ann": {"chance": 20}, "Bo": {"chance": 25}, "Cy": {"ones": 20}}
        >>> card.leaderboard()
        [('Bo', 25), ('Ann', 20), ('Cy', 20)]
        """
        return sorted(((player, self.total(player)) for player in self.players), key=lambda pair: -pair[1])

    def is_finished(self) -> bool:
        """
        Whether every player has filled all 13 categories.
        :return: bool, True when the game is over
        >>> card = DiceScorecard(["Ann"])
        >>> card.is_finished()
        False
        >>> card.scores["Ann"] = {category: 0 for category in card.categories}
        >>> card.is_finished()
        True
        """
        return all(len(self.scores[player]) == len(self.categories) for player in self.players)
