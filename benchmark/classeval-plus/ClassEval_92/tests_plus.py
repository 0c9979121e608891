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


class UserLoginDBTestValidateUserLogin(unittest.TestCase):
    def test_validate_user_login_1(self):
        self.db.insert_user('user1', 'pass1')
        valid = self.db.validate_user_login('user1', 'pass1')
        self.assertIs(valid, True)

    def test_validate_user_login_2(self):
        self.db.insert_user('user1', 'pass1')
        invalid = self.db.validate_user_login('user1', 'wrongpass')
        self.assertIs(invalid, False)

    def test_validate_user_login_3(self):
        valid = self.db.validate_user_login('nonexistentuser', 'somepass')
        self.assertIs(valid, False)

    def test_validate_user_login_4(self):
        self.db.insert_user('user2', 'pass2')
        valid = self.db.validate_user_login('user2', 'pass2')
        self.assertIs(valid, True)

    def test_validate_user_login_5(self):
        self.db.insert_user('user3', 'pass3')
        valid = self.db.validate_user_login('user3', 'pass3')
        self.assertIs(valid, True)


class UserLoginDBTest(unittest.TestCase):
    def test_UserLoginDB(self):
        self.db.insert_user('user1', 'pass1')
        user = self.db.search_user_by_username('user1')
        self.assertIsNotNone(user)
        self.assertEqual(user[0], 'user1')
        self.assertEqual(user[1], 'pass1')
        self.db.delete_user_by_username('user1')
        user = self.db.search_user_by_username('user1')
        self.assertIsNone(user)
        self.db.insert_user('user1', 'pass1')
        valid = self.db.validate_user_login('user1', 'pass1')
        self.assertIs(valid, True)
