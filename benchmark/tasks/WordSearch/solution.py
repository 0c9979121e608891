import re


class WordSearch:
    """
    A word-search puzzle: a rectangular grid of upper-case letters ("." for a cell still empty) in which words run
    in straight lines in any of eight directions. Cell (row, column) has row 0 at the top and column 0 at the left. DIRECTIONS maps each
    direction's name to its step (rows, columns): "N" is up, "E" right, "S" down, "W" left, and "NE", "SE", "SW",
    "NW" the diagonals between them. Words are looked up without regard to case.
    """

    DIRECTIONS = {"N": (-1, 0), "NE": (-1, 1), "E": (0, 1), "SE": (1, 1), "S": (1, 0), "SW": (1, -1), "W": (0, -1),
                  "NW": (-1, -1)}

    def __init__(self, rows: list):
        """
        Create a puzzle from its rows.
        :param rows: list of str, the rows from top to bottom, all of one length, made of letters and "."
        self.rows: list of str, the rows in upper case
        self.marked: set, the (row, column) cells covered by the words marked so far; empty at first
        """
        self.rows = [row.upper() for row in rows]
        self.marked = set()

    def spell(self, row: int, column: int, direction: str, length: int) -> str:
        """
        Read letters along a line of the grid.
        :param row: int, the row of the first letter
        :param column: int, the column of the first letter
        :param direction: str, a name of DIRECTIONS
        :param length: int, how many letters, at least 1
        :return: str, the letters from (row, column) on, one step in the direction after each; "" when the line
            leaves the grid before length letters are read (also when (row, column) itself is outside it)
        :raises ValueError: when the direction is unknown or length is below 1
        >>> puzzle = WordSearch(["cat", "aax", "tac"])
        >>> puzzle.spell(0, 0, "E", 3), puzzle.spell(0, 0, "SE", 3), puzzle.spell(2, 2, "NW", 2), puzzle.spell(0, 0, "N", 2)
        ('CAT', 'CAC', 'CA', '')
        """
        if direction not in self.DIRECTIONS or length < 1:
            raise ValueError("unknown direction or length below 1")
        step_row, step_column = self.DIRECTIONS[direction]
        letters = ""
        for index in range(length):
            r, c = row + index * step_row, column + index * step_column
            if not (0 <= r < len(self.rows) and 0 <= c < len(self.rows[r])):
                return ""
            letters += self.rows[r][c]
        return letters

    def find(self, word: str) -> list:
        """
        Every place where a word runs in the grid.
        :param word: str, two or more ASCII letters, any case
        :return: list of tuple, (row, column, direction) of the first letter and the direction of every
            occurrence, sorted (by row, then column, then direction name in alphabetical order); [] when there is
            none
        :raises ValueError: when the word is not two or more ASCII letters
        >>> WordSearch(["cat", "aax", "tac"]).find("Cat")
        [(0, 0, 'E'), (0, 0, 'S'), (2, 2, 'W')]
        """
        if not re.fullmatch(r"[A-Za-z]{2,}", word):
            raise ValueError(f"not a word: {word!r}")
        word = word.upper()
        return [
            (row, column, direction)
            for row, text in enumerate(self.rows)
            for column, letter in enumerate(text)
            if letter == word[0]
            for direction in sorted(self.DIRECTIONS)
            if self.spell(row, column, direction, len(word)) == word
        ]

    def mark(self, word: str) -> int:
        """
        Mark a word as found: every cell of every occurrence of the word is added to self.marked.
        :param word: str, as find takes it
        :return: int, the number of occurrences marked, 0 when the word is not in the grid (nothing is marked then)
        :raises ValueError: as find does
        >>> puzzle = WordSearch(["cat", "aax", "tac"])
        >>> puzzle.mark("cat"), sorted(puzzle.marked)
        (3, [(0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (2, 1), (2, 2)])
        """
        places = self.find(word)
        for row, column, direction in places:
            step_row, step_column = self.DIRECTIONS[direction]
            for index in range(len(word)):
                self.marked.add((row + index * step_row, column + index * step_column))
        return len(places)

    def place(self, word: str, row: int, column: int, direction: str) -> bool:
        """
        Write a word into the grid in upper case, from (row, column) in a direction. Each of its letters goes into
        an empty cell (".") or a cell that already holds the same letter.
        :param word: str, one or more ASCII letters, any case
        :param row: int, the row of the first letter
        :param column: int, the column of the first letter
        :param direction: str, a name of DIRECTIONS
        :return: bool, True when written, False when it would leave the grid or change a letter (nothing is
            written then)
        :raises ValueError: when the word is not one or more ASCII letters or the direction is unknown
        >>> puzzle = WordSearch(["....", "....", "...."])
        >>> puzzle.place("dog", 0, 0, "SE"), puzzle.place("on", 1, 1, "E"), puzzle.place("at", 1, 1, "S")
        (True, True, False)
        >>> puzzle.rows
        ['D...', '.ON.', '..G.']
        """
        if not re.fullmatch(r"[A-Za-z]+", word) or direction not in self.DIRECTIONS:
            raise ValueError("not a word or not a direction")
        word = word.upper()
        current = self.spell(row, column, direction, len(word))
        if not current or any(old not in (".", new) for old, new in zip(current, word)):
            return False
        step_row, step_column = self.DIRECTIONS[direction]
        for index, letter in enumerate(word):
            r, c = row + index * step_row, column + index * step_column
            self.rows[r] = self.rows[r][:c] + letter + self.rows[r][c + 1:]
        return True

    def leftover(self) -> str:
        """
        The letters of the cells no marked word covers, row by row from the top, each row from left to right
        (the hidden message of a solved puzzle); an empty cell not covered gives its ".".
        :return: str, those letters, "" when every cell is marked
        >>> puzzle = WordSearch(["cat", "aax", "tac"])
        >>> puzzle.mark("cat")
        3
        >>> puzzle.leftover()
        'AX'
        """
        return "".join(
            letter
            for row, text in enumerate(self.rows)
            for column, letter in enumerate(text)
            if (row, column) not in self.marked
        )
