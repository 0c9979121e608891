"""The sandbox's one framing: frames arrive whole however a stream cuts them, descriptors go to
the frame that carries them, and a kill sent as a sample ends never reaches the next one."""

from __future__ import annotations

import os
import socket
import textwrap
from collections.abc import Iterator, Mapping, Sequence

import pytest

from classwright.evaluator.sandbox import SuiteRunner, Verdicts, run_suite, worker
from classwright.evaluator.sandbox.inside import cw_wire
from classwright.evaluator.sandbox.limits import Limits


@pytest.fixture
def channel() -> Iterator[tuple[socket.socket, socket.socket]]:
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        yield ours, theirs
    finally:
        ours.close()
        theirs.close()


def test_a_read_holding_two_frames_and_a_descriptor_loses_nothing(
    channel: tuple[socket.socket, socket.socket],
) -> None:
    sender, receiver = channel
    kill = cw_wire.encode_frame({"op": "kill", "token": "old"})
    run = cw_wire.encode_frame({"op": "run", "token": "new"})
    read_end, write_end = os.pipe()
    try:
        # What a zygote busy elsewhere finds in one read: a whole kill, then the run's first
        # byte with the descriptor passed beside it.
        socket.send_fds(sender, [kill + run[:1]], [write_end])
        sender.sendall(run[1:])
        reader = cw_wire.FrameReader(receiver, with_fds=True)
        assert reader.read() == {"op": "kill", "token": "old"}
        assert reader.read() == {"op": "run", "token": "new"}
        (passed,) = reader.take_fds()
        os.write(passed, b"x")
        os.close(passed)
        assert os.read(read_end, 1) == b"x"  # the very pipe that was sent
        assert reader.take_fds() == []
    finally:
        os.close(read_end)
        os.close(write_end)


def test_a_frame_cut_into_single_bytes_arrives_whole(
    channel: tuple[socket.socket, socket.socket],
) -> None:
    sender, receiver = channel
    frame = cw_wire.encode_frame({"op": "forked", "pid": 12345, "text": "é" * 10})
    reader = cw_wire.FrameReader(receiver)
    for byte in frame[:-1]:
        sender.sendall(bytes([byte]))
        reader.feed()
        assert reader.pop() is None
    sender.sendall(frame[-1:])
    assert reader.read() == {"op": "forked", "pid": 12345, "text": "é" * 10}


def test_a_frame_over_the_limit_or_not_an_object_is_refused(
    channel: tuple[socket.socket, socket.socket],
) -> None:
    sender, receiver = channel
    reader = cw_wire.FrameReader(receiver)
    sender.sendall((cw_wire.MAX_FRAME + 1).to_bytes(4, "big"))
    with pytest.raises(cw_wire.WireError, match="over the limit"):
        reader.read()
    reader = cw_wire.FrameReader(receiver)
    sender.sendall(b"\x00\x00\x00\x02[]")
    with pytest.raises(cw_wire.WireError, match="not an object"):
        reader.read()
    sender.close()
    with pytest.raises(cw_wire.PeerGone):
        reader.read()


TESTS = textwrap.dedent(
    """
    import unittest
    from solution import *


    class ATest(unittest.TestCase):
        def test_1(self):
            self.assertEqual(f(1), 1)

        def test_2(self):
            self.assertEqual(f(2), 2)
    """
)
IDS = ["ATest.test_1", "ATest.test_2"]


@pytest.mark.parametrize("verdicts", [Verdicts.TWO_PROCESS, Verdicts.IN_PROCESS])
def test_a_kill_sent_as_the_last_sample_ended_does_not_stop_the_next(
    verdicts: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The parent asks for a kill when a sample stops at its first failure; the sample may have
    # ended on its own just before, and the zygote then reads that kill together with the next
    # request. Here every request comes right behind such a kill, in the same segment.
    send = worker._send
    sent: list[str] = []

    def behind_a_stale_kill(
        sock: socket.socket, obj: Mapping[str, object], fds: Sequence[int] = ()
    ) -> None:
        if obj.get("op") in ("run", "pair"):
            stale = cw_wire.encode_frame({"op": "kill", "token": "0" * 32})
            frame = cw_wire.encode_frame(obj)
            socket.send_fds(sock, [stale + frame[:1]], list(fds))
            sock.sendall(frame[1:])
            sent.append(str(obj["op"]))
            return
        send(sock, obj, fds)

    monkeypatch.setattr(worker, "_send", behind_a_stale_kill)
    # A wall-clock import limit: a zygote that lost the request would show as a timeout soon.
    limits = Limits(load_timeout=10.0, test_timeout=10.0)
    with SuiteRunner() as runner:
        runs = [
            run_suite(
                "def f(x):\n    return x\n",
                TESTS,
                IDS,
                limits=limits,
                verdicts=verdicts,
                runner=runner,
            )
            for _ in range(3)
        ]
        wrong = run_suite(
            "def f(x):\n    return 0\n", TESTS, IDS, limits=limits, verdicts=verdicts, runner=runner
        )
    assert len(sent) == 4  # every request did come behind a stale kill
    for run in runs:
        assert run.passed, run.outcomes
        assert run.restarts == 0, run.outcomes
    # The positive control: the same path reports a wrong candidate's failures.
    assert [o.status.value for o in wrong.outcomes.values()] == ["failed", "failed"]


STORING_CANDIDATE = """
class Book:
    def __init__(self):
        self.pages = {"a": [1]}

    def store(self, name):
        made = []
        self.pages[name] = made
        return made
"""
STORING_TESTS = """
import unittest
from solution import Book


class BookTest(unittest.TestCase):
    def test_a_list_made_in_a_call_and_stored_in_a_held_dict(self):
        book = Book()
        pages = book.pages
        pages["b"] = [2]
        made = book.store("c")
        self.assertEqual(made, [])
        self.assertIs(pages["c"], made)
        self.assertEqual(pages, {"a": [1], "b": [2], "c": []})
"""


@pytest.mark.parametrize("verdicts", [Verdicts.TWO_PROCESS, Verdicts.IN_PROCESS])
def test_a_container_a_reply_introduces_and_a_held_one_names_arrives(verdicts: str) -> None:
    """The candidate makes a list, stores it in a dict the test holds and returns it: the reply
    introduces the list in its value and names it in the dict's update, which the judge applies
    first. The update carried only its reference, unknown there yet: the judge took the
    candidate for lost (CandidateLost: unknown reference), and the test passed in one process
    only."""
    run = run_suite(
        STORING_CANDIDATE,
        STORING_TESTS,
        ["BookTest.test_a_list_made_in_a_call_and_stored_in_a_held_dict"],
        verdicts=verdicts,
    )
    assert run.passed, run.outcomes
