import json


class ConnectFourBoard:
    """
    A connect-four board: two players, "X" (who starts) and "O", take turns dropping a piece into a column, where
    it falls to the lowest free row. Four or more pieces of one player in a row, column or diagonal win; no piece
    can be dropped after a win. Moves can be undone, and a game can be saved to JSON and loaded again.
    Rows are numbered from 0 at the bottom, columns from 0 at the left.
    """

    def __init__(self, rows: int = 6, columns: int = 7):
        """
        Create an empty board.
        :param rows: int, number of rows
        :param columns: int, number of columns
        self.rows: int, number of rows
        self.columns: int, number of columns
        self.stacks: list, one list per column holding its pieces ("X" or "O") from the bottom up
        self.current: str, the player to move next, "X" or "O"
        self.winner: str, "X" or "O" once a player has won, "" before
        self.moves: list, the columns played so far, in order
        """
        self.rows = rows
        self.columns = columns
        self.stacks = [[] for _ in range(columns)]
        self.current = "X"
        self.winner = ""
        self.moves = []

    def cell(self, row: int, column: int) -> str:
        """
        The piece at a position.
        :param row: int, row number, 0 at the bottom
        :param column: int, column number, 0 at the left
        :return: str, "X", "O", or "" for an empty cell
        :raises ValueError: when the position is outside the board
        >>> board = ConnectFourBoard()
        >>> board.stacks[2] = ["X", "O"]
        >>> board.cell(0, 2), board.cell(1, 2), board.cell(2, 2)
        ('X', 'O', '')
        """
        if not (0 <= row < self.rows and 0 <= column < self.columns):
            raise ValueError(f"({row}, {column}) is outside the board")
        stack = self.stacks[column]
        return stack[row] if row < len(stack) else ""

    def longest_line(self, row: int, column: int) -> int:
        """
        Length of the longest unbroken horizontal, vertical or diagonal line of the same player's pieces through
        a position.
        :param row: int, row number
        :param column: int, column number
        :return: int, the length counting the piece itself; 0 for an empty cell
        :raises ValueError: when the position is outside the board
        >>> board = ConnectFourBoard()
        >>> board.stacks[0], board.stacks[1], board.stacks[2] = ["X"], ["O", "X"], ["O", "O", "X"]
        >>> board.longest_line(0, 0), board.longest_line(0, 1), board.longest_line(5, 5)
        (3, 2, 0)
        """
        piece = self.cell(row, column)
        if not piece:
            return 0
        longest = 1
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            length = 1
            for sign in (1, -1):
                r, c = row + sign * dr, column + sign * dc
                while 0 <= r < self.rows and 0 <= c < self.columns and self.cell(r, c) == piece:
                    length += 1
                    r, c = r + sign * dr, c + sign * dc
            longest = max(longest, length)
        return longest

    def drop(self, column: int) -> int:
        """
        Drop the current player's piece into a column. Then the piece's player wins when the longest line through
        it has 4 or more pieces, and the other player is to move.
        :param column: int, column number
        :return: int, the row where the piece landed, or -1 when the column is full or the game is already won
                 (nothing changes then)
        :raises ValueError: when the column does not exist
        >>> board = ConnectFourBoard(rows=2, columns=4)
        >>> board.drop(1), board.drop(1), board.drop(1)
        (0, 1, -1)
        >>> board.stacks, board.current, board.moves
        ([[], ['X', 'O'], [], []], 'X', [1, 1])
        """
        if not 0 <= column < self.columns:
            raise ValueError(f"no column {column}")
        if self.winner or len(self.stacks[column]) == self.rows:
            return -1
        self.stacks[column].append(self.current)
        self.moves.append(column)
        row = len(self.stacks[column]) - 1
        if self.longest_line(row, column) >= 4:
            self.winner = self.current
        self.current = "O" if self.current == "X" else "X"
        return row

    def legal_columns(self) -> list:
        """
        The columns a piece can be dropped into now.
        :return: list of int, the columns that are not full, in increasing order; empty once the game is won
        >>> board = ConnectFourBoard(rows=1, columns=3)
        >>> board.stacks = [["X"], [], []]
        >>> board.legal_columns()
        [1, 2]
        """
        if self.winner:
            return []
        return [column for column in range(self.columns) if len(self.stacks[column]) < self.rows]

    def undo(self) -> bool:
        """
        Take back the last move: its piece is removed, its player is to move again, and a win is cancelled.
        :return: bool, True when a move was taken back, False when no move was made
        >>> board = ConnectFourBoard()
        >>> board.drop(3), board.undo(), board.undo()
        (0, True, False)
        >>> board.stacks[3], board.current, board.moves
        ([], 'X', [])
        """
        if not self.moves:
            return False
        column = self.moves.pop()
        self.current = self.stacks[column].pop()
        self.winner = ""
        return True

    def save(self) -> str:
        """
        The game as JSON text: an object with the keys "rows", "columns" and "moves" (the list of columns played).
        :return: str, the JSON text
        >>> board = ConnectFourBoard(rows=4, columns=5)
        >>> board.drop(2), board.drop(0)
        (0, 0)
        >>> board.save()
        '{"rows": 4, "columns": 5, "moves": [2, 0]}'
        """
        return json.dumps({"rows": self.rows, "columns": self.columns, "moves": self.moves})

    def load(self, text: str) -> bool:
        """
        Replace the game with a saved one: take its board size, start empty with "X" to move, and replay its moves.
        When a move cannot be played (no such column, column full, or game already won), the board is left exactly
        as it was before the call.
        :param text: str, JSON text as written by save
        :return: bool, True when every move was replayed, False when a move could not be played
        :raises ValueError: when the text is not JSON or not an object with exactly the keys "rows", "columns" and
                 "moves" (the board is unchanged)
        >>> board = ConnectFourBoard()
        >>> board.load('{"rows": 3, "columns": 3, "moves": [0, 1, 0]}')
        True
        >>> board.stacks, board.current
        ([['X', 'X'], ['O'], []], 'O')
        >>> board.load('{"rows": 3, "columns": 3, "moves": [0, 0, 0, 0]}'), board.moves
        (False, [0, 1, 0])
        """
        data = json.loads(text)
        if not isinstance(data, dict) or set(data) != {"rows", "columns", "moves"}:
            raise ValueError("a saved game has exactly the keys rows, columns and moves")
        backup = self.save()
        self.rows, self.columns = data["rows"], data["columns"]
        self.stacks = [[] for _ in range(self.columns)]
        self.current, self.winner, self.moves = "X", "", []
        for column in data["moves"]:
            if not 0 <= column < self.columns or self.drop(column) == -1:
                self.load(backup)
                return False
        return True
