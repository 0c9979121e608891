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


class RPGCharacterTestAttack(unittest.TestCase):
    def test_attack_does_at_least_one_damage(self):
        # Guards mutants attack line 31 `1` -> `2`, `1` -> `0`; and __init__ keeps the name.
        attacker = RPGCharacter("a", 100, 10, 3)
        defender = RPGCharacter("b", 100, 5, 20)
        attacker.attack(defender)
        self.assertEqual(defender.hp, 99)
        self.assertEqual(attacker.name, "a")


class RPGCharacterTestHeal(unittest.TestCase):
    def test_heal_caps_101_at_100(self):
        # Guards mutants heal line 43 `100` -> `101` and line 45 `return self.hp` -> `None`.
        character = RPGCharacter("c", 91, 10, 3)
        self.assertEqual(character.heal(), 100)
        self.assertEqual(character.hp, 100)


class RPGCharacterTestGainExp(unittest.TestCase):
    def test_gain_exp_one_short_of_a_level(self):
        # Guards mutant gain_exp line 60 `100` -> `99`.
        character = RPGCharacter("d", 100, 10, 3)
        character.gain_exp(99)
        self.assertEqual((character.level, character.exp), (1, 99))

    def test_gain_exp_carries_the_rest(self):
        # Guards mutant gain_exp line 61 `-` -> `+`: 50 + 200 exp is a level up with 150 left.
        character = RPGCharacter("f", 100, 10, 3)
        character.exp = 50
        character.gain_exp(200)
        self.assertEqual((character.level, character.exp), (2, 150))


class RPGCharacterTestLevelUp(unittest.TestCase):
    def test_level_up_from_99(self):
        # Guards mutant level_up line 76 `100` -> `99`: level 99 still goes up, to 100.
        character = RPGCharacter("e", 100, 10, 3)
        character.level = 99
        self.assertEqual(character.level_up(), (100, 120, 15, 8))
