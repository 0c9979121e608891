"""A sample whose code did not load, as the drill-down shows it: the error once, at the line of
the code as displayed.

The sandbox runs the task's import statements followed by the sample's code, so a traceback's
line numbers are off from the code the report shows by the number of those lines. The frame's
source text, which the traceback carries, finds the line in the displayed code; where it is
missing the line is given as the module's, and said to be so. A syntax error has no traceback:
compiling the displayed code (never running it) finds its line.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass

MODULE_FILE = "solution.py"
"""The file the sandbox writes a sample's module to."""

_SYNTAX_LINE = re.compile(r"^(?P<message>SyntaxError: .*) \(line (?P<line>\d+)\)$")
_FRAME = re.compile(r'^\s*File "(?P<path>[^"]*)", line (?P<line>\d+)')


@dataclass(frozen=True)
class LoadFailure:
    """Why a sample's code did not load, and where in the code shown."""

    message: str
    """``NameError: name 'rate' is not defined``."""
    line: int
    """1-based line in the displayed code; 0 when not known."""
    source: str
    """The text of that line, as the traceback quotes it."""
    module_line: int
    """The line in the module as run (imports first); 0 when the traceback names none."""


def load_failure(load_error: str, detail: str, code: str | None) -> LoadFailure:
    """Read the load error of a sample and the traceback of one of its tests."""
    message = _without_repeated_type(load_error.strip())
    module_line, source = _last_module_frame(detail)
    line = _line_in(code, source, module_line) if code is not None else 0
    syntax = _SYNTAX_LINE.match(message)
    if syntax and code is not None:
        # The stored line counts the task's import statements; compiling the code shown
        # finds the line in it, for results files old and new.
        message = syntax["message"]
        line = _syntax_error_line(code)
        lines = code.split("\n")
        source = lines[line - 1].strip() if 0 < line <= len(lines) else ""
    return LoadFailure(message, line, source, module_line)


def _syntax_error_line(code: str) -> int:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(code, "solution.py", "exec", dont_inherit=True)
    except SyntaxError as error:
        return error.lineno or 0
    except Exception:  # a null byte, nesting too deep: no line to point at
        return 0
    return 0


def _without_repeated_type(message: str) -> str:
    # Results files of earlier versions say "NameError: NameError: ...".
    head, sep, rest = message.partition(": ")
    return rest if sep and rest.startswith(f"{head}: ") else message


def _last_module_frame(detail: str) -> tuple[int, str]:
    """(line, source text) of the innermost frame in the sample's module."""
    lines = detail.splitlines()
    found = (0, "")
    for number, text in enumerate(lines):
        match = _FRAME.match(text)
        if match and match["path"].replace("\\", "/").rsplit("/", 1)[-1] == MODULE_FILE:
            following = lines[number + 1] if number + 1 < len(lines) else ""
            source = "" if _FRAME.match(following) else following.strip()
            found = (int(match["line"]), source)
    return found


def _line_in(code: str, source: str, module_line: int) -> int:
    """The line of ``code`` holding ``source``, nearest to ``module_line`` (the code starts a
    few lines into the module, never before it)."""
    if not source:
        return 0
    candidates = [n for n, text in enumerate(code.splitlines(), 1) if text.strip() == source]
    if not candidates:
        return 0
    return min(candidates, key=lambda n: (n > module_line, abs(module_line - n)))
