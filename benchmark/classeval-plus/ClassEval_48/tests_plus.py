"""ClassEval+ tests of ClassEval_48 (IpUtil).

Host-name lookups go through a stand-in for ``socket.gethostbyaddr``, so no test depends on
the network or on the machine's name. The stand-in is patched into the solution's own `socket`
(``solution.socket.gethostbyaddr``): that reaches the class under test whether it runs in the
tests' process or, with two-process verdicts, in a process of its own.
"""

import socket
import unittest
from unittest import mock

from solution import IpUtil


def _resolver(names):
    """A stand-in for socket.gethostbyaddr that knows only ``names`` (address -> host name)."""

    def gethostbyaddr(ip_address):
        if ip_address not in names:
            raise socket.herror(1, "Unknown host")
        return names[ip_address], [], [ip_address]

    return gethostbyaddr


class IpUtilTestGetHostname(unittest.TestCase):
    def test_get_hostname_1(self):
        with mock.patch(
            "solution.socket.gethostbyaddr", _resolver({"110.242.68.3": "www.baidu.com"})
        ):
            self.assertEqual(IpUtil.get_hostname("110.242.68.3"), "www.baidu.com")

    def test_get_hostname_2(self):
        with mock.patch("solution.socket.gethostbyaddr", _resolver({})):
            self.assertIsNone(IpUtil.get_hostname("10.0.0.1"))

    def test_get_hostname_3(self):
        # Guards mutant get_hostname line 56 `0` -> `1`: the first item is the host name.
        with mock.patch("solution.socket.gethostbyaddr", _resolver({"0.0.0.0": "LAPTOP-2CS86KUM"})):
            self.assertEqual(IpUtil.get_hostname("0.0.0.0"), "LAPTOP-2CS86KUM")

    def test_get_hostname_4(self):
        with mock.patch("solution.socket.gethostbyaddr", _resolver({"0.0.0.2": "other"})):
            self.assertIsNone(IpUtil.get_hostname("0.0.0.1"))

    def test_get_hostname_5(self):
        names = {"127.0.0.1": "localhost", "0.0.0.2": "printer.lan"}
        with mock.patch("solution.socket.gethostbyaddr", _resolver(names)):
            self.assertEqual(IpUtil.get_hostname("0.0.0.2"), "printer.lan")


class IpUtilTest(unittest.TestCase):
    def test_IpUtil(self):
        self.assertEqual(IpUtil.is_valid_ipv4("192.168.0.123"), True)
        self.assertEqual(IpUtil.is_valid_ipv6("2001:0db8:85a3:0000:0000:8a2e:0370:7334"), True)
        with mock.patch("solution.socket.gethostbyaddr", _resolver({})):
            self.assertEqual(IpUtil.get_hostname("110.242.68.3"), None)
