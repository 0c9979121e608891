"""ClassEval+ tests of ClassEval_59 (MovieBookingSystem)."""

import unittest

from solution import MovieBookingSystem


class MovieBookingSystemTestBookTicket(unittest.TestCase):
    def test_book_ticket_off_diagonal(self):
        # Guards the six mutants of book_ticket lines 61-62 that swap the row and column
        # indices: the published tests book only seats on the diagonal.
        self.assertEqual(self.system.book_ticket("Batman", [(0, 2)]), "Booking success.")
        expected = [[0, 0, 1], [0, 0, 0], [0, 0, 0]]
        self.assertEqual(self.system.movies[0]["seats"].tolist(), expected)

    def test_book_ticket_off_diagonal_taken(self):
        self.system.book_ticket("Batman", [(2, 0)])
        self.assertEqual(self.system.book_ticket("Batman", [(2, 0)]), "Booking failed.")
        self.assertEqual(self.system.book_ticket("Batman", [(0, 2)]), "Booking success.")


class MovieBookingSystemTestAvailableMovies(unittest.TestCase):
    def test_available_movies_ending_at_the_bound(self):
        # Guards mutant available_movies line 84 `<=` -> `<`: a film ending exactly at the end
        # of the window fits.
        system = MovieBookingSystem()
        system.add_movie("Batman", 49.9, "17:05", "19:25", 3)
        self.assertEqual(system.available_movies("17:05", "19:25"), ["Batman"])
