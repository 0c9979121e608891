"""ClassEval+ tests of ClassEval_85 (Thermostat)."""

import unittest

from solution import Thermostat


class ThermostatTestMain(unittest.TestCase):
    def test_auto_set_mode_follows_the_temperature(self):
        # Class-level use of auto_set_mode, which the published class-level test leaves out.
        t = Thermostat(20, 25, "cool")
        t.auto_set_mode()
        self.assertEqual(t.get_mode(), "heat")
        t.current_temperature = 30
        t.auto_set_mode()
        self.assertEqual(t.get_mode(), "cool")
        t.current_temperature = 25
        t.auto_set_mode()
        self.assertEqual(t.get_mode(), "cool")
