"""ClassEval+ tests of ClassEval_92 (UserLoginDB)."""

import unittest


class UserLoginDBTestDeleteUserByUsername(unittest.TestCase):
    def test_delete_user_by_username_keeps_others(self):
        # Guards delete_user_by_username itself: every published test only checks that the
        # deleted user is gone, which holds as well when nothing was ever inserted. The other
        # user stays, with its password.
        self.db.insert_user("user1", "pass1")
        self.db.insert_user("user2", "pass2")
        self.db.delete_user_by_username("user1")
        self.assertIsNone(self.db.search_user_by_username("user1"))
        self.assertEqual(self.db.search_user_by_username("user2"), ("user2", "pass2"))
        self.assertIs(self.db.validate_user_login("user1", "pass1"), False)
        self.assertIs(self.db.validate_user_login("user2", "pass2"), True)
