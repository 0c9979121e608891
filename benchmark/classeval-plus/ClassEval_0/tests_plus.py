"""ClassEval+ tests of ClassEval_0 (AccessGatewayFilter).

set_current_user_info_and_log "logs the access": at level 1 through the root logger, a
message that begins with the user's name and address. The tests catch it with assertLogs.
"""

import datetime
import unittest

from solution import AccessGatewayFilter


def _request(level):
    user = {"name": "user1", "level": level, "address": "address1"}
    token = {"user": user, "jwt": "user1" + str(datetime.date.today())}
    return {"path": "/abc", "method": "POST", "headers": {"Authorization": token}}


class AccessGatewayFilterTestFilter(unittest.TestCase):
    def test_filter_logs_access(self):
        # Guards filter line 32 `self.set_current_user_info_and_log(user)` -> `pass`: an
        # access let through by its token is logged.
        agf = AccessGatewayFilter()
        with self.assertLogs(level=1) as logs:
            self.assertIs(agf.filter(_request(5)), True)
        self.assertEqual(len(logs.records), 1)
        self.assertTrue(logs.records[0].getMessage().startswith("user1address1"))

    def test_filter_open_path_not_logged(self):
        # A path open to everyone needs no user, and none is logged.
        agf = AccessGatewayFilter()
        with self.assertNoLogs(level=1):
            self.assertIs(agf.filter({"path": "/api/data", "method": "GET"}), True)
    
    def test_filter_1(self):
        agf = AccessGatewayFilter()
        request = {'path': '/api/data', 'method': 'GET'}
        res = agf.filter(request)
        self.assertIs(res, True)
    
    def test_filter_2(self):
        agf = AccessGatewayFilter()
        request = {'path': '/api/data', 'method': 'POST'}
        res = agf.filter(request)
        self.assertIs(res, True)
    
    def test_filter_3(self):
        agf = AccessGatewayFilter()
        request = {'path': '/login/data', 'method': 'GET'}
        res = agf.filter(request)
        self.assertIs(res, True)
    
    def test_filter_4(self):
        agf = AccessGatewayFilter()
        request = {'path': '/login/data', 'method': 'POST'}
        res = agf.filter(request)
        self.assertIs(res, True)
    
    def test_filter_5(self):
        agf = AccessGatewayFilter()
        request = {'path': '/abc', 'method': 'POST',
                   'headers': {
                       'Authorization': {'user': {'name': 'user1', 'level': 5, 'address': 'address1'},
                                         'jwt': 'user1' + str(datetime.date.today())}}}
        res = agf.filter(request)
        self.assertIs(res, True)
    
    def test_filter_6(self):
        agf = AccessGatewayFilter()
        request = {'path': '/abc', 'method': 'POST',
                   'headers': {
                       'Authorization': {'user': {'name': 'user1', 'level': 3, 'address': 'address1'},
                                         'jwt': 'user1' + str(datetime.date.today() - datetime.timedelta(days=365))}}}
        res = agf.filter(request)
        self.assertIs(res, False)
    
    def test_filter_8(self):
        agf = AccessGatewayFilter()
        request = {'path': '/abc', 'method': 'POST',
                   'headers': {
                       'Authorization': {'user': {'name': 'user1', 'level': 3, 'address': 'address1'},
                                         'jwt': 'user2' + str(datetime.date.today() - datetime.timedelta(days=365))}}}
        res = agf.filter(request)
        self.assertIs(res, True)


class AccessGatewayFilterTestSetCurrentUserInfoAndLog(unittest.TestCase):
    # ClassEval names the class-level test class as this method's tests; it has none.
    def test_set_current_user_info_and_log_message(self):
        agf = AccessGatewayFilter()
        with self.assertLogs(level=1) as logs:
            agf.set_current_user_info_and_log({"name": "user1", "address": "127.0.0.1"})
        self.assertTrue(logs.records[0].getMessage().startswith("user1127.0.0.1"))

    def test_set_current_user_info_and_log_level(self):
        agf = AccessGatewayFilter()
        with self.assertLogs(level=1) as logs:
            agf.set_current_user_info_and_log({"name": "ann", "address": "host"})
        self.assertEqual([r.levelno for r in logs.records], [1])

    def test_set_current_user_info_and_log_returns_none(self):
        agf = AccessGatewayFilter()
        with self.assertLogs(level=1):
            self.assertIsNone(agf.set_current_user_info_and_log({"name": "a", "address": "b"}))

    def test_set_current_user_info_and_log_each_call(self):
        agf = AccessGatewayFilter()
        with self.assertLogs(level=1) as logs:
            agf.set_current_user_info_and_log({"name": "ann", "address": "10.0.0.1"})
            agf.set_current_user_info_and_log({"name": "bob", "address": "10.0.0.2"})
        messages = [r.getMessage() for r in logs.records]
        self.assertEqual(len(messages), 2)
        self.assertTrue(messages[0].startswith("ann10.0.0.1"))
        self.assertTrue(messages[1].startswith("bob10.0.0.2"))

    def test_set_current_user_info_and_log_keeps_user(self):
        agf = AccessGatewayFilter()
        user = {"name": "ann", "address": "host", "level": 4}
        with self.assertLogs(level=1):
            agf.set_current_user_info_and_log(user)
        self.assertEqual(user, {"name": "ann", "address": "host", "level": 4})


class AccessGatewayFilterTest(unittest.TestCase):
    def test_AccessGatewayFilter_logged_access(self):
        # Class-level test with set_current_user_info_and_log: a token's user is let in and
        # logged; the same user logged by hand gives a message of the same beginning.
        agf = AccessGatewayFilter()
        request = _request(4)
        self.assertIs(agf.is_start_with(request["path"]), False)
        self.assertEqual(agf.get_jwt_user(request), request["headers"]["Authorization"])
        with self.assertLogs(level=1) as logs:
            self.assertIs(agf.filter(request), True)
            agf.set_current_user_info_and_log(request["headers"]["Authorization"]["user"])
        self.assertEqual([r.getMessage()[:13] for r in logs.records], ["user1address1"] * 2)


class AccessGatewayFilterTestIsStartWith(unittest.TestCase):
    def test_is_start_with_1(self):
        agf = AccessGatewayFilter()
        request_uri = '/api/data'
        res = agf.is_start_with(request_uri)
        self.assertIs(res, True)

    def test_is_start_with_2(self):
        agf = AccessGatewayFilter()
        request_uri = '/admin/settings'
        res = agf.is_start_with(request_uri)
        self.assertIs(res, False)

    def test_is_start_with_3(self):
        agf = AccessGatewayFilter()
        request_uri = '/login/data'
        res = agf.is_start_with(request_uri)
        self.assertIs(res, True)

    def test_is_start_with_4(self):
        agf = AccessGatewayFilter()
        request_uri = '/abc/data'
        res = agf.is_start_with(request_uri)
        self.assertIs(res, False)

    def test_is_start_with_5(self):
        agf = AccessGatewayFilter()
        request_uri = '/def/data'
        res = agf.is_start_with(request_uri)
        self.assertIs(res, False)
