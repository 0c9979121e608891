"""Classes that name library classes by __module__/__qualname__ (and claim them by __class__):
a fake sqlite3.Connection, and builtins through their library subclasses (OrderedDict for dict,
StackSummary for list, numpy.float64 for float, IntEnum for int)."""

import collections
import enum
import sqlite3
import traceback

import numpy as np


def _claiming(module, qualname, real):
    def klass(self):
        return real

    return type(
        qualname.rpartition(".")[2],
        (),
        {"__module__": module, "__qualname__": qualname, "__class__": property(klass)},
    )


_FakeConnection = _claiming("sqlite3", "Connection", sqlite3.Connection)
_FakeOrderedDict = _claiming("collections", "OrderedDict", collections.OrderedDict)
_FakeStack = _claiming("traceback", "StackSummary", traceback.StackSummary)
_FakeFloat = _claiming("numpy", "float64", np.float64)
_FakeInt = _claiming("enum", "IntEnum", enum.IntEnum)


class Meter:
    def readings(self):
        return _FakeStack()

    def peak(self):
        return _FakeFloat()

    def mean(self):
        return _FakeFloat()

    def connection(self):
        return _FakeConnection()

    def table(self):
        return _FakeOrderedDict()

    def history(self):
        return _FakeStack()

    def level(self):
        return _FakeInt()
