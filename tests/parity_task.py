"""A small task whose tests draw their input at random (Parity), and a class right for half of
the draws: for the tests of verdicts of chance."""

from __future__ import annotations

from pathlib import Path

PARITY_TOML = """\
id = "parity_1"
title = "Tells even numbers from odd ones"
topic = "arithmetic"
authors = ["classwright maintainers"]
reviewers = []
provenance = ["test task"]
"""
PARITY_SOLUTION = '''\
class Parity:
    """Tells even numbers from odd ones."""

    def is_even(self, number):
        """Whether the number is even.

        :param number: int, the number
        :return: bool, True when it is even
        >>> Parity().is_even(4)
        True
        """
        return number % 2 == 0
'''
PARITY_TESTS = """\
import random
import unittest

from solution import Parity


class ParityTestIsEven(unittest.TestCase):
    def test_a_drawn_number(self):
        number = random.randrange(1_000_000)
        self.assertEqual(Parity().is_even(number), number % 2 == 0)
"""
# Right for every even number: half the draws of the task's tests.
HALF_RIGHT = PARITY_SOLUTION.replace("return number % 2 == 0", "return True")


def write_parity_task(root: Path) -> Path:
    """``root/Parity``, the task folder; ``root``."""
    folder = root / "Parity"
    folder.mkdir()
    (folder / "task.toml").write_text(PARITY_TOML)
    (folder / "solution.py").write_text(PARITY_SOLUTION)
    (folder / "tests.py").write_text(PARITY_TESTS)
    return root
