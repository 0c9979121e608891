import re


class KanbanBoard:
    """
    A Kanban board: cards move one column at a time through an ordered list of columns, the first
    being the backlog and the last being "done". A column may have a work-in-progress (WIP) limit on
    the number of cards it holds. Cards carry story points from a fixed scale.
    """

    def __init__(self, columns: list, wip_limits: dict):
        """
        Create an empty board.
        :param columns: list of str, column names in workflow order, names unique, at least two
        :param wip_limits: dict, column name -> most cards the column may hold; columns not listed are unlimited
        self.columns: list, column names in workflow order
        self.wip_limits: dict, column name -> most cards the column may hold
        self.cards: dict, card id (int) -> {"title": str, "points": int, "column": str}
        self.next_id: int, the id the next new card receives, starting at 1
        self.history: list, one tuple (card id, from column, to column) per successful move, oldest first
        """
        self.columns = columns
        self.wip_limits = wip_limits
        self.cards = {}
        self.next_id = 1
        self.history = []

    def count(self, column: str) -> int:
        """
        Number of cards currently in a column.
        :param column: str, a column name
        :return: int, the number of cards in the column
        :raises ValueError: when the column is not on the board
        >>> board = KanbanBoard(["todo", "doing", "done"], {})
        >>> board.cards = {1: {"title": "Login page", "points": 3, "column": "todo"}}
        >>> board.count("todo"), board.count("done")
        (1, 0)
        """
        if column not in self.columns:
            raise ValueError(f"no such column: {column!r}")
        return sum(1 for card in self.cards.values() if card["column"] == column)

    def add_card(self, title: str, points: int) -> int:
        """
        Put a new card into the first column. Ids are given out in increasing order and never reused;
        a rejected card does not use up an id.
        :param title: str, the card's title; surrounding whitespace is removed
        :param points: int, story points, one of 1, 2, 3, 5, 8, 13
        :return: int, the new card's id, or 0 when the first column is at its WIP limit
        :raises ValueError: when the title is empty or only whitespace, or points is not on the scale
        >>> board = KanbanBoard(["todo", "done"], {"todo": 1})
        >>> board.add_card("  Login page ", 3)
        1
        >>> board.cards
        {1: {'title': 'Login page', 'points': 3, 'column': 'todo'}}
        >>> board.add_card("Logout", 1)
        0
        """
        if not title.strip():
            raise ValueError("a card needs a title")
        if points not in (1, 2, 3, 5, 8, 13):
            raise ValueError(f"points must be on the scale 1, 2, 3, 5, 8, 13, got {points}")
        first = self.columns[0]
        if first in self.wip_limits and self.count(first) >= self.wip_limits[first]:
            return 0
        card_id = self.next_id
        self.cards[card_id] = {"title": title.strip(), "points": points, "column": first}
        self.next_id += 1
        return card_id

    def move(self, card_id: int, column: str) -> bool:
        """
        Move a card to a neighbouring column (one step forward or one step back) and record the move in history.
        :param card_id: int, id of a card on the board
        :param column: str, the target column
        :return: bool, True when moved; False when the target is the card's own column, is not next to it,
                 or is at its WIP limit
        :raises ValueError: when the card or the column does not exist
        >>> board = KanbanBoard(["todo", "doing", "done"], {"doing": 1})
        >>> board.add_card("Login page", 3), board.add_card("Logout", 1)
        (1, 2)
        >>> board.move(1, "done"), board.move(1, "doing"), board.move(2, "doing")
        (False, True, False)
        >>> board.history
        [(1, 'todo', 'doing')]
        """
        if card_id not in self.cards:
            raise ValueError(f"no such card: {card_id}")
        if column not in self.columns:
            raise ValueError(f"no such column: {column!r}")
        current = self.cards[card_id]["column"]
        position = self.columns.index(current)
        neighbours = self.columns[max(0, position - 1) : position + 2]
        if column == current or column not in neighbours:
            return False
        if column in self.wip_limits and self.count(column) >= self.wip_limits[column]:
            return False
        self.cards[card_id]["column"] = column
        self.history.append((card_id, current, column))
        return True

    def advance(self, card_id: int) -> bool:
        """
        Move a card one column forward, under the same rules as move.
        :param card_id: int, id of a card on the board
        :return: bool, True when moved; False when the card is in the last column or the next column is at its WIP limit
        :raises ValueError: when the card does not exist
        >>> board = KanbanBoard(["todo", "done"], {})
        >>> board.add_card("Login page", 3)
        1
        >>> board.advance(1), board.advance(1)
        (True, False)
        >>> board.cards[1]["column"]
        'done'
        """
        if card_id not in self.cards:
            raise ValueError(f"no such card: {card_id}")
        position = self.columns.index(self.cards[card_id]["column"])
        if position == len(self.columns) - 1:
            return False
        return self.move(card_id, self.columns[position + 1])

    def velocity(self) -> int:
        """
        Total story points of the cards in the last column.
        :return: int, the sum of points of finished cards, 0 when none are finished
        >>> board = KanbanBoard(["todo", "done"], {})
        >>> board.cards = {1: {"title": "A", "points": 3, "column": "done"},
        ...                2: {"title": "B", "points": 5, "column": "todo"},
        ...                3: {"title": "C", "points": 8, "column": "done"}}
        >>> board.velocity()
        11
        """
        last = self.columns[-1]
        return sum(card["points"] for card in self.cards.values() if card["column"] == last)

    def find(self, query: str) -> list:
        """
        Find cards whose title contains every word of the query. Words are runs of letters and digits,
        compared case-insensitively and as whole words ("log" does not match "Login").
        :param query: str, words separated by anything that is not a letter or digit
        :return: list of int, ids of matching cards in increasing order; empty when the query has no words
        >>> board = KanbanBoard(["todo", "done"], {})
        >>> board.add_card("Fix login page", 3), board.add_card("Login: add captcha", 2), board.add_card("Page footer", 1)
        (1, 2, 3)
        >>> board.find("LOGIN"), board.find("page login"), board.find("log"), board.find("--")
        ([1, 2], [1], [], [])
        """
        wanted = set(re.findall(r"[a-z0-9]+", query.lower()))
        if not wanted:
            return []
        found = []
        for card_id in sorted(self.cards):
            words = set(re.findall(r"[a-z0-9]+", self.cards[card_id]["title"].lower()))
            if wanted <= words:
                found.append(card_id)
        return found
