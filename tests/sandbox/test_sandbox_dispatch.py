"""Library dispatch and claimed classes: numpy and isinstance in the judge decide by the judge's
own data, never by hooks or class names the candidate chose (tests/hostile/dispatch/)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from classwright.evaluator.sandbox import Limits, SuiteRunner, collect_test_ids, run_suite
from classwright.evaluator.sandbox.isolation import available

pytest.importorskip("numpy")

DISPATCH = Path(__file__).resolve().parents[1] / "hostile" / "dispatch"
TASK_TESTS = (DISPATCH / "task_tests.py").read_text()
TEST_IDS = [f"{cls}.{m}" for cls, methods in collect_test_ids(TASK_TESTS).items() for m in methods]
LIMITS = Limits(test_timeout=5.0, load_timeout=10.0, memory_bytes=1024**3, processes=32)
SAMPLES = ["every_dunder", "claimed_classes", "claimed_by_patching", "empty_broadcast"]
# In one process the candidate's objects are the tests' operands: numpy calls their hooks and
# isinstance believes their __class__. (claimed_by_patching replaces library classes, which the
# in-process runner reports as tampering.)
IN_PROCESS_CREDITED = ["every_dunder", "claimed_classes"]
# The limit of two-process verdicts, stated: a candidate that rewrites its own side of the wire
# can still name a library class that is not data (sqlite3.Connection) for its own object, which
# passes an isinstance check of that class and nothing else (every operation on the object
# still goes to the candidate). Claims through builtin subclasses are refused by the judge.
CLAIMABLE = {"claimed_by_patching": ["MeterTestClasses.test_connection_is_sqlite"]}
# Open, and no defect of the judge: numpy broadcasts a (0, 1) array against a 1-d one to an
# empty comparison, so `np.allclose(x, y)` and `(x == y).all()` hold for plain data that is no
# right value, in either mode and under the official evaluator alike (np.array_equal and
# assertEqual refuse it). Only stronger task tests stop it (a shape check).
WEAK_ASSERTIONS = {
    "empty_broadcast": ["MeterTestNumpy.test_allclose", "MeterTestNumpy.test_elementwise_equal"]
}


def _passed(name: str, **kwargs: object) -> list[str]:
    run = run_suite(
        (DISPATCH / f"{name}.py").read_text(), TASK_TESTS, TEST_IDS, limits=LIMITS, **kwargs
    )
    assert list(run.outcomes) == TEST_IDS, run.load_error
    return [t for t, o in run.outcomes.items() if o.passed]


@pytest.fixture(scope="module", params=["bubblewrap", "unshare", "rlimits-only"])
def runner(request: pytest.FixtureRequest) -> Iterator[tuple[SuiteRunner, str]]:
    if not available(request.param, sys.executable):
        pytest.skip(f"{request.param} does not work on this machine")
    with SuiteRunner() as suite_runner:
        yield suite_runner, request.param


@pytest.mark.parametrize("name", SAMPLES)
def test_two_process_judge_answers_protocol_questions_itself(
    name: str, runner: tuple[SuiteRunner, str]
) -> None:
    suite_runner, isolation = runner
    kwargs = {"isolation": isolation, "runner": suite_runner, "verdicts": "two-process"}
    null = _passed("null", **kwargs)
    hostile = _passed(name, **kwargs)
    honest = _passed("honest", **kwargs)
    assert null == []
    expected = CLAIMABLE.get(name, []) + WEAK_ASSERTIONS.get(name, [])
    assert hostile == expected, f"{name} was credited with {hostile}"
    # Positive control: real numpy values and real library objects pass every test.
    assert honest == TEST_IDS


@pytest.mark.parametrize("name", IN_PROCESS_CREDITED)
def test_in_process_verdicts_take_the_candidates_answer(
    name: str, runner: tuple[SuiteRunner, str]
) -> None:
    """The samples are real attacks: in one process numpy and isinstance credit them."""
    suite_runner, isolation = runner
    kwargs = {"isolation": isolation, "runner": suite_runner, "verdicts": "in-process"}
    assert _passed("honest", **kwargs) == TEST_IDS
    assert _passed("null", **kwargs) == []
    credited = _passed(name, **kwargs)
    assert credited, name


def test_in_process_verdicts_catch_replaced_library_classes(
    runner: tuple[SuiteRunner, str],
) -> None:
    suite_runner, isolation = runner
    kwargs = {"isolation": isolation, "runner": suite_runner, "verdicts": "in-process"}
    assert _passed("claimed_by_patching", **kwargs) == []


def test_numpy_decoder_takes_plain_data_only() -> None:
    """An array whose elements are handles (numpy would read the candidate's buffer or numbers)
    is a broken channel, as an array of numbers decodes as before."""
    from classwright.evaluator.sandbox.inside import cw_wire

    codec = cw_wire.Codec("j", lambda obj: ["j", 1], lambda item: object())
    assert codec.decode(["nd", "<f8", [2], ["l", "c1", [1.0, 2.5]]]).tolist() == [1.0, 2.5]
    assert codec.decode(["nd", "O", [2], [1, "a"]]).tolist() == [1, "a"]
    handle = ["h", 7, ["obj", ["h", 8, ["class", "E", "E", "solution", [], False]]]]
    for item in (["nd", "<f8", [1], ["l", "c2", [handle]]], ["nd", "O", [1], [handle]]):
        with pytest.raises(cw_wire.WireError):
            codec.decode(item)


def test_stand_ins_refuse_protocol_names() -> None:
    from classwright.evaluator.sandbox.inside import cw_wire

    # Copies are asked for as operations by the stand-in's own __copy__, __deepcopy__ and
    # __reduce_ex__ (tests/hostile/copies), never looked up on the candidate's object.
    for name in ("__array_ufunc__", "__array_function__", "__array_interface__", "__fspath__",
                 "__array__", "_as_parameter_", "_repr_html_", "__instancecheck__",
                 "__deepcopy__", "__copy__", "__reduce_ex__"):  # fmt: skip
        assert cw_wire.is_protocol_name(name), name
    for name in ("balance", "_balance", "__dict__", "__name__", "_"):
        assert not cw_wire.is_protocol_name(name), name
