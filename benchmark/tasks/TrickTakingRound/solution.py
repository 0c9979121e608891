import re


class TrickTakingRound:
    """
    One round of a trick-taking card game. The players sit in a fixed order; each is dealt a hand. In a trick
    the leader plays a card first and the others follow one card each in seat order. A player who holds a card
    of the suit led must play one of that suit. The trick is won by the highest trump played, or, when no trump
    was played, by the highest card of the suit led; its winner takes the cards and leads the next trick. The
    cards taken score penalty points: 1 for every heart and 13 for the queen of spades.
    A card is written rank then suit: ranks "2" to "10", "J", "Q", "K", "A" (from low to high), suits "C", "D",
    "H", "S" (clubs, diamonds, hearts, spades), e.g. "10H", "QS".
    """

    def __init__(self, players: list, trump: str):
        """
        Seat the players, with nothing dealt.
        :param players: list of str, at least two distinct names in seat order
        :param trump: str, the trump suit, "C", "D", "H" or "S", or "" for a round without trumps
        :raises ValueError: when there are fewer than two players, a name appears twice, or trump is none of those
        self.players: list of str, the names in seat order
        self.trump: str, the trump suit or ""
        self.hands: dict of str to list of str, each player's cards in the order dealt, [] for everyone at first
        self.trick: list of tuple, the (player, card) pairs of the trick being played, in playing order; [] at
            first
        self.leader: int, the seat (index in players) of the player who leads the current trick, 0 at first
        self.taken: dict of str to list of str, each player's cards won in tricks, in the order taken, [] for
            everyone at first
        """
        if (
            len(players) < 2
            or len(set(players)) != len(players)
            or trump not in ("", "C", "D", "H", "S")
        ):
            raise ValueError("cannot seat these players")
        self.players = list(players)
        self.trump = trump
        self.hands = {name: [] for name in players}
        self.trick = []
        self.leader = 0
        self.taken = {name: [] for name in players}

    def card_value(self, card: str) -> tuple:
        """
        Read a card.
        :param card: str, a card written as the class describes, nothing around it
        :return: tuple of (int, str), the rank from 2 to 14 (J 11, Q 12, K 13, A 14) and the suit
        :raises ValueError: when the card is not written that way
        >>> game = TrickTakingRound(["Ann", "Ben"], "")
        >>> game.card_value("10H"), game.card_value("QS"), game.card_value("AD")
        ((10, 'H'), (12, 'S'), (14, 'D'))
        """
        match = re.fullmatch(r"(10|[2-9JQKA])([CDHS])", card)
        if not match:
            raise ValueError(f"not a card: {card!r}")
        rank = match.group(1)
        return {"J": 11, "Q": 12, "K": 13, "A": 14}.get(rank) or int(rank), match.group(2)

    def deal(self, hands: dict) -> int:
        """
        Give every player a new hand and start the round again: nothing taken, the first seat leads. hands gets a
        copy of each player's list, so later changes to the lists given do not change the hands.
        :param hands: dict of str to list of str, every player (and nobody else) to their cards; all hands hold
            the same number of cards, at least one, and no card appears twice in all the hands
        :return: int, the number of cards in each hand
        :raises ValueError: when a trick is being played, or the hands break a rule above or hold a card
            card_value cannot read (nothing changes then)
        >>> game = TrickTakingRound(["Ann", "Ben"], "S")
        >>> game.deal({"Ann": ["AH", "2C"], "Ben": ["KH", "3S"]}), game.hands["Ben"]
        (2, ['KH', '3S'])
        """
        if self.trick or set(hands) != set(self.players):
            raise ValueError("cannot deal now or to these players")
        cards = [card for hand in hands.values() for card in hand]
        for card in cards:
            self.card_value(card)
        sizes = {len(hand) for hand in hands.values()}
        if len(sizes) != 1 or 0 in sizes or len(set(cards)) != len(cards):
            raise ValueError("the hands are not a fair deal")
        self.hands = {name: list(hands[name]) for name in self.players}
        self.taken = {name: [] for name in self.players}
        self.leader = 0
        return sizes.pop()

    def to_play(self) -> str:
        """
        Whose turn it is: the leader when the trick is empty, else the next player in seat order after the last
        one who played (after the last seat comes the first).
        :return: str, the player's name
        >>> game = TrickTakingRound(["Ann", "Ben", "Cat"], "")
        >>> game.deal({"Ann": ["AH"], "Ben": ["KH"], "Cat": ["2H"]}), game.to_play(), game.play("Ann", "AH")
        (1, 'Ann', '')
        >>> game.to_play()
        'Ben'
        """
        return self.players[(self.leader + len(self.trick)) % len(self.players)]

    def legal_cards(self, name: str) -> list:
        """
        The cards a player may play now: the cards of their hand in the suit led when the trick has a card and
        they hold at least one of that suit, else their whole hand. Whose turn it is does not matter.
        :param name: str, a player
        :return: list of str, a new list of those cards in the order of the hand
        :raises ValueError: when name is not a player
        >>> game = TrickTakingRound(["Ann", "Ben"], "")
        >>> game.deal({"Ann": ["AH", "2C"], "Ben": ["3S", "KH"]}), game.legal_cards("Ben")
        (2, ['3S', 'KH'])
        >>> game.play("Ann", "AH"), game.legal_cards("Ben")
        ('', ['KH'])
        """
        if name not in self.hands:
            raise ValueError(f"{name!r} is not a player")
        led = self.card_value(self.trick[0][1])[1] if self.trick else None
        follow = [card for card in self.hands[name] if self.card_value(card)[1] == led]
        return follow or list(self.hands[name])

    def trick_winner(self, cards: list) -> int:
        """
        Which card wins a trick: the highest trump among the cards, or, when there is none, the highest card of
        the suit of the first card (the one led).
        :param cards: list of str, distinct cards in playing order, at least one
        :return: int, the index of the winning card in cards
        :raises ValueError: when cards is empty or holds a card card_value cannot read
        >>> game = TrickTakingRound(["Ann", "Ben", "Cat"], "S")
        >>> game.trick_winner(["10H", "KH", "2S"]), game.trick_winner(["10H", "KH", "AD"])
        (2, 1)
        """
        values = [self.card_value(card) for card in cards]
        if not values:
            raise ValueError("no cards were played")
        suit = self.trump if any(value[1] == self.trump for value in values) else values[0][1]
        candidates = [index for index, value in enumerate(values) if value[1] == suit]
        return max(candidates, key=lambda index: values[index][0])

    def play(self, name: str, card: str) -> str:
        """
        A player plays a card from their hand into the trick. When every player has played, the trick_winner of
        the trick's cards takes them (added to their taken cards in playing order), leads next, and the trick is
        emptied.
        :param name: str, the player whose turn it is (to_play)
        :param card: str, one of the player's legal_cards
        :return: str, the name of the player who won the trick when it is complete, else ""
        :raises ValueError: when it is not the player's turn or the card is not one of their legal cards (nothing
            changes then)
        >>> game = TrickTakingRound(["Ann", "Ben"], "S")
        >>> game.deal({"Ann": ["AH", "2C"], "Ben": ["KH", "3S"]})
        2
        >>> game.play("Ann", "AH"), game.play("Ben", "KH"), game.taken["Ann"], game.leader
        ('', 'Ann', ['AH', 'KH'], 0)
        """
        if name != self.to_play() or card not in self.legal_cards(name):
            raise ValueError(f"{name} cannot play {card} now")
        self.hands[name].remove(card)
        self.trick.append((name, card))
        if len(self.trick) < len(self.players):
            return ""
        played = [pair[1] for pair in self.trick]
        winner = self.trick[self.trick_winner(played)][0]
        self.taken[winner].extend(played)
        self.leader = self.players.index(winner)
        self.trick = []
        return winner

    def scores(self) -> dict:
        """
        The penalty points of every player from the cards they have taken: 1 for each heart, 13 for the queen of
        spades, 0 for any other card.
        :return: dict of str to int, every player in seat order to their points
        >>> game = TrickTakingRound(["Ann", "Ben"], "")
        >>> game.deal({"Ann": ["QS", "2H"], "Ben": ["3S", "5H"]}), game.play("Ann", "QS"), game.play("Ben", "3S")
        (2, '', 'Ann')
        >>> game.play("Ann", "2H"), game.play("Ben", "5H"), game.scores()
        ('', 'Ben', {'Ann': 13, 'Ben': 2})
        """
        points = {}
        for name in self.players:
            hearts = [card for card in self.taken[name] if self.card_value(card)[1] == "H"]
            points[name] = len(hearts) + 13 * self.taken[name].count("QS")
        return points
