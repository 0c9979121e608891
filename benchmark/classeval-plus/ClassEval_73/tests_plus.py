"""ClassEval+ tests of ClassEval_73 (RPGCharacter)."""

import unittest

from solution import RPGCharacter


class RPGCharacterTestMain(unittest.TestCase):
    def test_level_up_until_the_cap(self):
        # Class-level use of level_up, which the published class-level test leaves out: a
        # level up resets the experience, and level 100 is the cap.
        character = RPGCharacter("John", 100, 20, 10)
        character.gain_exp(50)
        self.assertEqual(character.level_up(), (2, 120, 25, 15))
        self.assertEqual(character.exp, 0)
        character.level = 100
        self.assertEqual(character.level_up(), (100, 120, 25, 15))
        self.assertIs(character.is_alive(), True)
