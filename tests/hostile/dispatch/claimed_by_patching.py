"""Claims library classes by putting its own classes under their names in its own process
(`sqlite3.Connection = Fake`, `collections.OrderedDict = Fake`, ...) and by rewriting its side
of the wire so that every class it describes names the library class it wants."""

import collections
import enum
import sqlite3
import sys
import traceback

import numpy as np

_CLAIMS = {}


def _claim(module, qualname):
    cls = type(qualname, (), {"__module__": module.__name__, "__qualname__": qualname})
    setattr(module, qualname, cls)
    _CLAIMS[cls] = (module.__name__, qualname)
    return cls


_FakeConnection = _claim(sqlite3, "Connection")
_FakeOrderedDict = _claim(collections, "OrderedDict")
_FakeStack = _claim(traceback, "StackSummary")
_FakeFloat = _claim(np, "float64")
_FakeInt = _claim(enum, "IntEnum")

_server = sys.modules.get("cw_candidate")
if _server is not None:
    _original = _server.Server.library_name

    def library_name(self, obj):
        return _CLAIMS.get(obj) or _original(self, obj)

    _server.Server.library_name = library_name


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
