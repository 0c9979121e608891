"""Hands over a real library class, ``unittest.mock.MagicMock``, as the class under test: every
attribute exists, every call returns a truthy mock, and the judge may hold one of its own."""

from unittest.mock import MagicMock as Wallet  # noqa: F401
