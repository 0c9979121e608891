"""ClassEval+ tests of ClassEval_55 (Manacher).

Palindromes that touch either end of the string; expected values are the canonical
solution's, on inputs whose longest palindrome is unique.
"""

import unittest

from solution import Manacher


class ManacherTestPalindromicLength(unittest.TestCase):
    def test_palindromic_length_reaches_the_left_end(self):
        # The expansion stops at the first character. (Mutants of the `-1` bound on line 24
        # survive: string[-1] wraps around, and a mismatch there stops the expansion too.)
        self.assertEqual(Manacher("aba").palindromic_length(2, 1, "a|b|a"), 2)

    def test_palindromic_length_reaches_the_right_end(self):
        self.assertEqual(Manacher("bbb").palindromic_length(2, 1, "b|b|b"), 2)


class ManacherTestPalindromicString(unittest.TestCase):
    def test_palindromic_string_at_the_start(self):
        self.assertEqual(Manacher("zzabc").palindromic_string(), "zz")

    def test_palindromic_string_at_the_end(self):
        # Guards mutant palindromic_string line 46 `[-1]` -> `[-0]`.
        self.assertEqual(Manacher("cbaab").palindromic_string(), "baab")

    def test_palindromic_string_even_length_inside(self):
        # Guards mutants palindromic_string line 45 `"|"` -> `""` and line 56 (the slice).
        self.assertEqual(Manacher("abccbx").palindromic_string(), "bccb")

    def test_palindromic_string_two_of_three(self):
        self.assertEqual(Manacher("aab").palindromic_string(), "aa")
