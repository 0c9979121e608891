import re
import unicodedata


class TextTable:
    """
    Builds a plain-text table for a terminal. Cells are formatted from basic values, measured by their
    display width (East Asian wide and full-width characters take two columns, combining marks none),
    cut to a maximum width with an ellipsis, aligned per column and sorted numerically or by text.
    """

    def __init__(self, headers: list, align: dict, max_width: int = 12):
        """
        Create a table without rows.
        :param headers: list of str, column titles, unique
        :param align: dict, column title -> "left", "right" or "center"; columns not listed are left-aligned
        :param max_width: int, the widest a cell may be shown, at least 2
        self.headers: list, column titles
        self.align: dict, column title -> alignment
        self.max_width: int, the widest a cell may be shown
        self.rows: list, one list of formatted cell texts (str) per row, in insertion or sort order
        """
        self.headers = headers
        self.align = align
        self.max_width = max_width
        self.rows = []

    def format_cell(self, value: int | float | str | bool | None) -> str:
        """
        Turn a value into cell text: None becomes "", True and False become "yes" and "no", an int its
        decimal digits, a float exactly two decimals as Python's format specification ".2f" writes them (the
        float's exact binary value is rounded, so 2.675 gives "2.67", and a negative float that rounds to zero
        keeps its sign: "-0.00"), and a string has every run of whitespace (newlines included) replaced by one
        space and its ends stripped.
        :param value: int, float, str, bool or None, the value to show
        :return: str, the cell text
        :raises ValueError: when the value has another type
        >>> table = TextTable(["name"], {})
        >>> table.format_cell(None), table.format_cell(True), table.format_cell(7), table.format_cell(2.5)
        ('', 'yes', '7', '2.50')
        >>> table.format_cell("  two\\n lines ")
        'two lines'
        """
        if value is None:
            return ""
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, int):
            return str(value)
        if isinstance(value, float):
            return f"{value:.2f}"
        if isinstance(value, str):
            return " ".join(value.split())
        raise ValueError(f"cannot show a value of type {type(value).__name__}")

    def display_width(self, text: str) -> int:
        """
        Number of terminal columns a text takes: 2 for each character whose East Asian width is "W" or "F",
        0 for each combining character, 1 for every other character.
        :param text: str, the text to measure
        :return: int, its display width
        >>> table = TextTable(["name"], {})
        >>> table.display_width("abc"), table.display_width("東京"), table.display_width("e\\u0301"), table.display_width("")
        (3, 4, 1, 0)
        """
        width = 0
        for char in text:
            if unicodedata.combining(char):
                continue
            width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
        return width

    def fit(self, text: str) -> str:
        """
        Cut a text to at most max_width columns. A text that fits is returned unchanged; otherwise the longest
        prefix that fits in max_width - 1 columns is kept and "…" (one column) is appended.
        :param text: str, the text to cut
        :return: str, the text as shown in the table
        >>> table = TextTable(["name"], {}, max_width=5)
        >>> table.fit("abcde"), table.fit("abcdef"), table.fit("東京都庁")
        ('abcde', 'abcd…', '東京…')
        """
        if self.display_width(text) <= self.max_width:
            return text
        end = 0
        while self.display_width(text[: end + 1]) <= self.max_width - 1:
            end += 1
        return text[:end] + "…"

    def add_row(self, values: list) -> int:
        """
        Append a row, formatting each value with format_cell (cells are stored uncut).
        :param values: list, one value per column
        :return: int, the number of rows after adding
        :raises ValueError: when the number of values differs from the number of columns, or a value cannot be shown
        >>> table = TextTable(["name", "score"], {})
        >>> table.add_row(["Ann", 9.5]), table.add_row(["Bob", None])
        (1, 2)
        >>> table.rows
        [['Ann', '9.50'], ['Bob', '']]
        """
        if len(values) != len(self.headers):
            raise ValueError(f"expected {len(self.headers)} values, got {len(values)}")
        self.rows.append([self.format_cell(value) for value in values])
        return len(self.rows)

    def sort_by(self, column: str, descending: bool = False) -> list:
        """
        Sort the rows by one column. Cells that are integers or decimals (optional minus sign, digits, optional
        dot followed by at least one digit, so "1." and ".5" are text) come first in numeric order, then all other
        cells (the empty cell too) in case-insensitive text order.
        descending reverses that whole order. Rows with equal keys keep their relative order.
        :param column: str, the column title
        :param descending: bool, sort from largest to smallest
        :return: list of str, the column's cells in the new row order
        :raises ValueError: when the column does not exist
        >>> table = TextTable(["item"], {})
        >>> for value in ["10", "9", "apple", "Banana", "-1.5"]:
        ...     _ = table.add_row([value])
        >>> table.sort_by("item")
        ['-1.5', '9', '10', 'apple', 'Banana']
        """
        positions = {header: i for i, header in enumerate(self.headers)}
        if column not in positions:
            raise ValueError(f"no such column: {column!r}")
        index = positions[column]

        def key(row: list) -> tuple:
            cell = row[index]
            if re.fullmatch(r"-?\d+(\.\d+)?", cell):
                return (False, float(cell))
            return (True, cell.casefold())

        self.rows.sort(key=key, reverse=descending)
        return [row[index] for row in self.rows]

    def render(self) -> str:
        """
        Render the table: the header line, a rule line, then one line per row. Every cell is cut with fit and
        padded with spaces to its column's width (the largest display width among the cut header and cut cells);
        cells are joined by " | " and rule segments of "-" by "-+-". Centered text gets the extra space on the
        right when the padding is odd. Lines are joined by "\\n" without a final newline.
        :return: str, the rendered table
        :raises ValueError: when an alignment is not "left", "right" or "center"
        >>> table = TextTable(["name", "qty"], {"qty": "right"})
        >>> _ = table.add_row(["pear", 12])
        >>> print(table.render())
        name | qty
        -----+----
        pear |  12
        """
        lines = [self.headers] + self.rows
        shown = [[self.fit(cell) for cell in line] for line in lines]
        widths = [max(self.display_width(line[i]) for line in shown) for i in range(len(self.headers))]
        output = []
        for line in shown:
            cells = []
            for header, cell, width in zip(self.headers, line, widths):
                padding = width - self.display_width(cell)
                how = self.align.get(header, "left")
                if how == "left":
                    cells.append(cell + " " * padding)
                elif how == "right":
                    cells.append(" " * padding + cell)
                elif how == "center":
                    cells.append(" " * (padding // 2) + cell + " " * (padding - padding // 2))
                else:
                    raise ValueError(f"unknown alignment: {how!r}")
            output.append(" | ".join(cells))
        output.insert(1, "-+-".join("-" * width for width in widths))
        return "\n".join(output)
