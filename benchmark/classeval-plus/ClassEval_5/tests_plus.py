"""ClassEval+ tests of ClassEval_5 (AutomaticGuitarSimulator)."""

import unittest
from unittest import mock

from solution import AutomaticGuitarSimulator


class AutomaticGuitarSimulatorTestInterpret(unittest.TestCase):
    def test_interpret_letters_after_the_tune(self):
        # Guards mutant interpret line 30 (break removed): the chord ends at the first digit.
        play_list = AutomaticGuitarSimulator("C5a3").interpret()
        self.assertEqual(play_list, [{"Chord": "C", "Tune": "5a3"}])

    def test_interpret_chord_without_tune(self):
        # Takes branch 26->31 (a segment of letters only), which no published test takes.
        play_list = AutomaticGuitarSimulator("Em G3").interpret()
        self.assertEqual(play_list, [{"Chord": "Em", "Tune": ""}, {"Chord": "G", "Tune": "3"}])

    def test_interpret_displays_only_when_asked(self):
        # Guards mutants interpret line 9 `display=False` -> `True`, line 34 `if display` ->
        # `if not display` and line 35 (the display call removed).
        context = AutomaticGuitarSimulator("C53 Em43")
        with mock.patch.object(AutomaticGuitarSimulator, "display") as shown:
            context.interpret()
            self.assertEqual(shown.call_args_list, [])
            context.interpret(display=True)
            self.assertEqual(shown.call_args_list, [mock.call("C", "53"), mock.call("Em", "43")])
