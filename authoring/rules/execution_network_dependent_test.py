from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring import dynamic
from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Kind, Rule
from classwright.authoring.lint.types import Finding
from classwright.authoring.rules import _execution

SOLUTION = '''
import socket


class Host:
    """Facts about the machine."""

    def __init__(self):
        self.cache = {}

    def name(self) -> str:
        """
        The host name of this machine.
        :return: str, the name
        """
        return socket.gethostname()

    def is_ipv4(self, text: str) -> bool:
        """
        Whether a text is a dotted IPv4 address.
        :param text: str, the text
        :return: bool, True for an address such as 10.0.0.1
        """
        try:
            socket.inet_aton(text)
        except OSError:
            return False
        return text.count(".") == 3
'''


class NetworkDependentTest(Rule):
    """
    ## What it does
    Runs the suite with the canonical solution once more with every name lookup, host-name
    query and outgoing connection made to raise (an audit hook; loopback stays allowed), and
    flags a test that makes one.

    ## Why it matters
    Scoring runs without network, on machines with other names: a test that resolves a name,
    asks for the host name or connects out gets a different answer on every machine (or
    none), and its verdict says nothing about the candidate.

    ## Example
    ```python
    def test_name(self):
        self.assertEqual(Host().name(), "LAPTOP-2CS86KUM")
    ```

    ## Use instead
    ```python
    def test_is_ipv4(self):
        self.assertTrue(Host().is_ipv4("10.0.0.1"))
    ```
    """

    code = "CW610"
    name = "network-dependent-test"
    kind = Kind.DYNAMIC
    MESSAGE = (
        "`{test}` uses the network or the host name ({use}): its verdict depends on the machine"
    )

    VALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Host

            class HostTestIsIpv4(unittest.TestCase):
                def test_is_ipv4(self):
                    self.assertTrue(Host().is_ipv4("10.0.0.1"))
            """,
        ),
    )
    INVALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Host

            class HostTestName(unittest.TestCase):
                def test_name(self):
                    self.assertEqual(Host().name(), "LAPTOP-2CS86KUM")
            """,
            file="tests.py",
            line=5,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        run = _execution.conditions(ctx).get(dynamic.NETWORK)
        if run is None:
            return
        if run.skipped:
            yield self.cannot_run(ctx, run.skipped)
            return
        for test_id, result in run.results.items():
            if result.error_type == dynamic.NETWORK_PROBE_ERROR:
                line = _execution.last_line(result.detail)
                use = line.split(f"{dynamic.NETWORK_PROBE_ERROR}: ", 1)[-1]
                yield self.report(
                    ctx, ctx.tests, _execution.test_place(ctx, test_id), test=test_id, use=use
                )
