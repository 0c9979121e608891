"""Answers with subclasses of float, complex and bytes (not int, see equal_int_subclass) that
equal anything: the judge takes each as the plain value it holds, and that value is wrong."""


class Real(float):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = float.__hash__


class Plane(complex):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = complex.__hash__


class Flag(bytes):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = bytes.__hash__


class Wallet:
    def __init__(self):
        self.balance = Plane(-1)

    def deposit(self, amount):
        return Real(-1.0)

    def withdraw(self, amount):
        return Flag(b"")
