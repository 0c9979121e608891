"""ClassEval+ tests of ClassEval_47 (IPAddress)."""

import unittest

from solution import IPAddress


class IPAddressTestIsValid(unittest.TestCase):
    def test_is_valid_zeros(self):
        # Guards mutants is_valid line 24 `< 0` -> `<= 0`, `< 1`: 0 is a valid octet.
        self.assertIs(IPAddress("0.0.0.0").is_valid(), True)

    def test_is_valid_255(self):
        # Guards mutants is_valid line 24 `> 255` -> `>= 255`, `> 254`.
        self.assertIs(IPAddress("255.255.255.255").is_valid(), True)

    def test_is_valid_256(self):
        # Guards mutant is_valid line 24 `255` -> `256`.
        self.assertIs(IPAddress("10.256.0.1").is_valid(), False)
