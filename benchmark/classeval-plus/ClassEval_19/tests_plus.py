"""ClassEval+ tests of ClassEval_19 (ChandrasekharSieve).

The published limits (20, 18, 15, 10, 1) are neither primes nor squares, so no test asks
whether the limit itself is included or crossed out.
"""

import unittest

from solution import ChandrasekharSieve


class ChandrasekharSieveTestGeneratePrimes(unittest.TestCase):
    def test_generate_primes_two(self):
        # Guards generate_primes line 22 `self.n < 2` -> `<= 2` and `2` -> `3`: the smallest
        # limit with a prime.
        self.assertEqual(ChandrasekharSieve(2).generate_primes(), [2])

    def test_generate_primes_prime_limit(self):
        # Guards line 26 `sieve[0]` -> `sieve[-1]` and line 36 `self.n + 1` -> `self.n`: "up to"
        # the limit includes a limit that is prime.
        self.assertEqual(ChandrasekharSieve(13).generate_primes(), [2, 3, 5, 7, 11, 13])

    def test_generate_primes_square_limit(self):
        # Guards line 29 `p * p <= self.n` -> `<`: a limit that is the square of a prime is
        # crossed out.
        self.assertEqual(ChandrasekharSieve(4).generate_primes(), [2, 3])
        self.assertEqual(ChandrasekharSieve(25).generate_primes(), [2, 3, 5, 7, 11, 13, 17, 19, 23])
