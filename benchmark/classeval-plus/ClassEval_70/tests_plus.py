"""ClassEval+ tests of ClassEval_70 (PersonRequest).

The published tests reach the validators only through the constructor; these call each one.
"""

import unittest

from solution import PersonRequest


def _person():
    return PersonRequest("Ann", "Woman", "12345678901")


class PersonRequestTestValidateName(unittest.TestCase):
    def test_validate_name_33_characters(self):
        # Guards mutants _validate_name line 24 `>` -> `>=` and `33` -> `32`.
        self.assertEqual(_person()._validate_name("a" * 33), "a" * 33)

    def test_validate_name_34_characters(self):
        # Guards mutant _validate_name line 24 `33` -> `34`.
        self.assertIsNone(_person()._validate_name("a" * 34))


class PersonRequestTestValidateSex(unittest.TestCase):
    def test_validate_sex_called_directly(self):
        person = _person()
        self.assertEqual(person._validate_sex("UGM"), "UGM")
        self.assertIsNone(person._validate_sex("woman"))


class PersonRequestTestValidatePhoneNumber(unittest.TestCase):
    def test_validate_phone_number_called_directly(self):
        person = _person()
        self.assertEqual(person._validate_phoneNumber("01234567890"), "01234567890")
        self.assertIsNone(person._validate_phoneNumber("0123456789a"))


class PersonRequestTest(unittest.TestCase):
    def test_validators_agree_with_the_constructor(self):
        person = PersonRequest("", "Man", "123")
        self.assertEqual((person.name, person.sex, person.phoneNumber), (None, "Man", None))
        self.assertIsNone(person._validate_name(""))
        self.assertEqual(person._validate_sex("Man"), "Man")
        self.assertIsNone(person._validate_phoneNumber("123"))
