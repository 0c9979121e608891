"""Raises an exception class named InternalError, the name the scorer gives a fault of its own machinery: such a result is not cached and is scored again, first in the queue."""


class InternalError(Exception):
    pass


class Wallet:
    def __init__(self):
        raise InternalError("the sandbox failed (it did not)")

    def deposit(self, amount):
        raise InternalError("the sandbox failed (it did not)")

    def withdraw(self, amount):
        raise InternalError("the sandbox failed (it did not)")
