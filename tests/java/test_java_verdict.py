"""The scorer's reading of the judge's event lines: only its own authenticated lines count, once
per test; anything missing, repeated or marked tampered is an error. No JVM here: the lines are
written as the judge module writes them, and as a sample would forge them."""

from __future__ import annotations

import base64

from classwright.evaluator.java.junit_report import JavaTestStatus
from classwright.evaluator.java.verdict import decide, read_events

SECRET = "5f" * 32
EXPECTED = ["p.ATest#one()", "p.ATest#two()", "p.ATest#three()"]


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def _line(status: str, test_id: str, message: str = "", secret: str = SECRET) -> bytes:
    unique = f"[engine:junit-jupiter]/[class:p.ATest]/[method:{test_id.split('#')[1]}]"
    return f"{secret} {status} {_b64(test_id)} {_b64(unique)} {_b64(message)}\n".encode()


def test_each_test_takes_the_status_of_its_own_authenticated_line() -> None:
    data = (
        _line("passed", "p.ATest#one()")
        + _line("failed", "p.ATest#two()", "expected: <1> but was: <2>")
        + _line("skipped", "p.ATest#three()")
        + f"{SECRET} end - - -\n".encode()
    )
    events = read_events(data, SECRET)
    assert events.ended and events.ignored == 0
    decided = {t.test_id: (t.status, t.message) for t in decide(events, EXPECTED)}
    assert decided == {
        "p.ATest#one()": (JavaTestStatus.PASSED, ""),
        "p.ATest#two()": (JavaTestStatus.FAILED, "expected: <1> but was: <2>"),
        "p.ATest#three()": (JavaTestStatus.SKIPPED, ""),
    }


def test_lines_without_the_secret_credit_nothing() -> None:
    forged = b"".join(
        _line("passed", test, secret=guess)
        for test in EXPECTED
        for guess in ("", "0" * 64, SECRET[:-1], SECRET + "0")
    )
    data = forged + b"[3 tests successful] [0 tests failed]\n" + b"passed x\n"
    events = read_events(data, SECRET)
    assert events.outcomes == {} and not events.ended and events.ignored == 14
    assert all(t.status is JavaTestStatus.ERROR for t in decide(events, EXPECTED))


def test_a_missing_test_is_an_error_never_a_pass() -> None:
    # The JVM halted after the first test: the other two have no line.
    events = read_events(_line("passed", "p.ATest#one()"), SECRET)
    decided = decide(events, EXPECTED)
    assert [t.status for t in decided] == [
        JavaTestStatus.PASSED,
        JavaTestStatus.ERROR,
        JavaTestStatus.ERROR,
    ]
    assert decided[1].message == "no outcome (the JVM ended first)"


def test_a_second_line_for_a_test_or_a_tampered_one_makes_it_an_error() -> None:
    data = (
        _line("failed", "p.ATest#one()")
        + _line("passed", "p.ATest#one()")
        + _line("tampered", "p.ATest#two()")
        + _line("passed", "p.ATest#two()")
        + _line("passed", "p.ATest#three()")
    )
    decided = {t.test_id: t for t in decide(read_events(data, SECRET), EXPECTED)}
    assert decided["p.ATest#one()"].status is JavaTestStatus.ERROR
    assert decided["p.ATest#two()"].status is JavaTestStatus.ERROR
    assert decided["p.ATest#one()"].message == "reported more than once or tampered"
    # The positive control: a test with its one line passes.
    assert decided["p.ATest#three()"].passed


def test_a_line_that_is_not_well_formed_is_ignored() -> None:
    data = (
        f"{SECRET} passed not-base64! {_b64('u')} {_b64('')}\n".encode()
        + f"{SECRET} passed {_b64('p.ATest#one()')}\n".encode()
        + f"{SECRET} won {_b64('p.ATest#one()')} {_b64('u')} {_b64('')}\n".encode()
    )
    events = read_events(data, SECRET)
    assert events.outcomes == {} and events.ignored == 3
