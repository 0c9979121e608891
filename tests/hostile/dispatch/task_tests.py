"""The test module of the dispatch task: numpy results and library classes (imports `solution`)."""

import sqlite3
import unittest
from collections import OrderedDict

import numpy as np
from solution import Meter


class MeterTestNumpy(unittest.TestCase):
    def test_assert_equal_array(self):
        self.assertEqual(Meter().peak(), np.array([3.0]))

    def test_array_equal(self):
        self.assertTrue(np.array_equal(Meter().readings(), np.array([1.0, 2.0, 3.0])))

    def test_allclose(self):
        self.assertTrue(np.allclose(Meter().readings(), np.array([1.0, 2.0, 3.0])))

    def test_elementwise_equal(self):
        self.assertTrue((Meter().readings() == np.array([1.0, 2.0, 3.0])).all())

    def test_almost_equal_scalar(self):
        self.assertAlmostEqual(Meter().mean(), np.float64(2.0))


class MeterTestClasses(unittest.TestCase):
    def test_connection_is_sqlite(self):
        self.assertIsInstance(Meter().connection(), sqlite3.Connection)

    def test_table_is_ordered_dict(self):
        self.assertIsInstance(Meter().table(), OrderedDict)

    def test_history_is_list(self):
        self.assertIsInstance(Meter().history(), list)

    def test_mean_is_float(self):
        self.assertIsInstance(Meter().mean(), float)

    def test_level_is_int(self):
        self.assertIsInstance(Meter().level(), int)
