"""ClassEval+ tests of ClassEval_61 (MusicPlayer)."""

import unittest

from solution import MusicPlayer


class MusicPlayerTestMain(unittest.TestCase):
    def test_playlist_changes(self):
        # Class-level use of add_song, remove_song and shuffle, which the published
        # class-level test leaves out; the shuffled order is not checked, only its content.
        player = MusicPlayer()
        self.assertIs(player.shuffle(), False)
        for song in ("a", "b", "c"):
            player.add_song(song)
        player.remove_song("b")
        self.assertEqual(player.playlist, ["a", "c"])
        self.assertIs(player.shuffle(), True)
        self.assertEqual(sorted(player.playlist), ["a", "c"])
