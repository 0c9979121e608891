"""The canonical solution of the dispatch task: numpy values and real library objects."""

import sqlite3
from collections import OrderedDict

import numpy as np


class Meter:
    def readings(self):
        return np.array([1.0, 2.0, 3.0])

    def peak(self):
        return np.array([3.0])

    def mean(self):
        return np.float64(2.0)

    def connection(self):
        return sqlite3.connect(":memory:")

    def table(self):
        return OrderedDict([("a", 1)])

    def history(self):
        return [1, 2]

    def level(self):
        return 3
