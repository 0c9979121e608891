"""The one error type for bad input: it names the file, the place and the problem."""

from __future__ import annotations

from pathlib import Path


class InputError(Exception):
    """Bad input a user can fix. The CLI prints it as one line and exits with code 2.

    ``line`` and ``column`` are 1-based; 0 means "not known" and is left out of the text.
    """

    def __init__(self, path: str | Path, message: str, line: int = 0, column: int = 0) -> None:
        self.path = str(path)
        self.message = message
        self.line = line
        self.column = column
        super().__init__(self.describe())

    def describe(self) -> str:
        place = self.path
        if self.line:
            place += f":{self.line}"
            if self.column:
                place += f":{self.column}"
        return f"{place}: {self.message}"
