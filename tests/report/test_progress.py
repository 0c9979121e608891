"""The progress reporters: what a plain line says, when lines are written, which reporter a
command gets."""

from __future__ import annotations

import io
import time

import pytest

from classwright.evaluator.progress import (
    NO_PROGRESS,
    BarReporter,
    LineReporter,
    progress_interval,
    progress_reporter,
)
from classwright.schema.errors import InputError


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def lines(stream: io.StringIO) -> list[str]:
    return stream.getvalue().splitlines()


def test_a_line_says_done_of_total_elapsed_and_the_last_item() -> None:
    clock, out = Clock(), io.StringIO()
    reporter = LineReporter("check", "tasks", out, interval=5.0, total=20, clock=clock)
    for name in ("Alpha", "Beta", "RotatingLog"):
        reporter.advance(name)
    clock.now += 41.23
    assert reporter.line() == "check: 3/20 tasks, 41.2 s, last RotatingLog"


def test_an_unknown_total_shows_as_a_question_mark_until_expected() -> None:
    clock, out = Clock(), io.StringIO()
    reporter = LineReporter("mutate T", "mutants", out, interval=5.0, clock=clock)
    assert reporter.line() == "mutate T: 0/? mutants, 0.0 s"
    reporter.expect(12)
    reporter.advance("m1", count=2)
    assert reporter.line() == "mutate T: 2/12 mutants, 0.0 s, last m1"


def test_items_done_before_a_resume_count() -> None:
    reporter = LineReporter("generate holistic", "samples", io.StringIO(), 5.0, total=10, done=4)
    reporter.advance("T#4")
    assert reporter.line().startswith("generate holistic: 5/10 samples, ")


def test_lines_come_at_most_once_per_interval_and_once_at_the_end() -> None:
    clock, out = Clock(), io.StringIO()
    reporter = LineReporter("evaluate", "samples", out, interval=2.0, total=9, clock=clock)
    written_at = []
    for step in range(9):
        clock.now += 0.75
        reporter.advance(f"T_{step}#0")
        before = len(lines(out))
        reporter.tick()
        if len(lines(out)) > before:
            written_at.append(clock.now - 100.0)
    assert written_at == [2.25, 4.5, 6.75]
    reporter.close()
    reporter.close()
    assert lines(out) == [
        "evaluate: 3/9 samples, 2.2 s, last T_2#0",
        "evaluate: 6/9 samples, 4.5 s, last T_5#0",
        "evaluate: 9/9 samples, 6.8 s, last T_8#0",
        "evaluate: 9/9 samples, 6.8 s, last T_8#0",
    ]


def test_while_running_lines_show_life_even_when_no_item_finishes() -> None:
    out = io.StringIO()
    started = time.monotonic()
    with LineReporter("check", "tasks", out, interval=0.05, total=1):
        time.sleep(0.4)
    took = time.monotonic() - started
    written = lines(out)
    assert 3 <= len(written) <= took / 0.05 + 1
    assert all(line.startswith("check: 0/1 tasks, ") for line in written)
    elapsed = [float(line.split(", ")[1].removesuffix(" s")) for line in written]
    assert elapsed == sorted(elapsed) and elapsed[-1] >= 0.4


def test_a_loop_that_fails_ends_without_a_final_line() -> None:
    out = io.StringIO()
    with pytest.raises(InputError), LineReporter("check", "tasks", out, interval=5.0, total=2):
        raise InputError("Tally/solution.py", "syntax error", 1, 13)
    assert out.getvalue() == ""


def test_quiet_gets_no_reporter() -> None:
    assert progress_reporter("check", "tasks", 3, quiet=True) is NO_PROGRESS


def test_a_stream_that_is_not_a_terminal_gets_plain_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FORCE_TERMINAL", raising=False)
    monkeypatch.setenv("CLASSWRIGHT_PROGRESS_SECONDS", "0.5")
    out = io.StringIO()
    reporter = progress_reporter("import", "records", 2, stream=out)
    assert isinstance(reporter, LineReporter) and reporter.interval == 0.5
    with reporter:
        reporter.advance("ClassEval_0")
        reporter.advance("ClassEval_1")
    assert lines(out) == [f"import: 2/2 records, {lines(out)[0].split(', ')[1]}, last ClassEval_1"]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_a_bar_that_names_the_last_item(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("TTY_COMPATIBLE", "TTY_INTERACTIVE", "FORCE_TERMINAL", "NO_COLOR"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    out = Terminal()
    reporter = progress_reporter("check", "tasks", 2, stream=out)
    assert isinstance(reporter, BarReporter)
    with reporter:
        reporter.advance("RotatingLog")
    shown = out.getvalue()
    assert "1/2" in shown and "RotatingLog" in shown


def test_the_interval_defaults_to_five_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CLASSWRIGHT_PROGRESS_SECONDS", raising=False)
    assert progress_interval() == 5.0


@pytest.mark.parametrize("value", ["soon", "0", "-1", "nan", "inf"])
def test_a_bad_interval_is_bad_input_naming_the_variable(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("CLASSWRIGHT_PROGRESS_SECONDS", value)
    with pytest.raises(InputError) as caught:
        progress_interval()
    assert caught.value.describe() == (
        f"CLASSWRIGHT_PROGRESS_SECONDS: not a positive number of seconds: {value!r}"
    )
