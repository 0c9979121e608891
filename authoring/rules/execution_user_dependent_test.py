from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring import dynamic
from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Kind, Rule
from classwright.authoring.lint.types import Finding
from classwright.authoring.rules import _execution

SOLUTION = '''
class Notes:
    """Notes kept in a file."""

    def __init__(self, path: str = "notes.txt"):
        self.path = path

    def save(self, text: str) -> bool:
        """
        Write the notes to the file.
        :param text: str, the notes
        :return: bool, True when written, False when the file cannot be written
        """
        try:
            with open(self.path, "w") as handle:
                handle.write(text)
        except PermissionError:
            return False
        return True
'''


class UserDependentTest(Rule):
    """
    ## What it does
    Runs the suite with the canonical solution as root as well as, as scoring does, as a plain
    user, and flags a test whose verdict changes: one that assumes it does not run as root
    (root may write read-only files) or one that needs root.

    ## Why it matters
    Whether an evaluation runs as root is an accident of the machine (containers often do).
    A test whose verdict depends on it gives different scores on different machines.

    ## Example
    ```python
    def test_save_read_only(self):
        os.chmod("notes.txt", 0o444)
        self.assertFalse(Notes().save("x"))  # root writes it anyway
    ```

    ## Use instead
    ```python
    def test_save_into_missing_folder(self):
        self.assertFalse(Notes("missing/notes.txt").save("x"))
    ```
    """

    code = "CW609"
    name = "user-dependent-test"
    kind = Kind.DYNAMIC
    MESSAGE = "`{test}` {what}: its verdict depends on the user that runs it"

    VALID = (
        Fixture(
            solution=SOLUTION.replace("except PermissionError", "except OSError"),
            tests="""
            import unittest
            from solution import Notes

            class NotesTestSave(unittest.TestCase):
                def test_save_into_missing_folder(self):
                    self.assertFalse(Notes("missing/notes.txt").save("x"))
            """,
        ),
    )
    INVALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import os
            import unittest
            from solution import Notes

            class NotesTestSave(unittest.TestCase):
                def test_save_read_only(self):
                    with open("notes.txt", "w") as handle:
                        handle.write("")
                    os.chmod("notes.txt", 0o444)
                    self.assertFalse(Notes().save("x"))
            """,
            file="tests.py",
            line=6,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        as_root = _execution.conditions(ctx).get(dynamic.AS_ROOT)
        if as_root is not None and as_root.skipped:
            yield self.cannot_run(ctx, as_root.skipped)
            return
        for test_id in _execution.broken_by(ctx, dynamic.AS_ROOT):
            yield self._finding(ctx, test_id, "passes as a plain user but fails as root")
        for test_id in _execution.mended_by(ctx, dynamic.AS_ROOT):
            yield self._finding(ctx, test_id, "fails as a plain user but passes as root")

    def _finding(self, ctx: TaskContext, test_id: str, what: str) -> Finding:
        return self.report(
            ctx, ctx.tests, _execution.test_place(ctx, test_id), test=test_id, what=what
        )
