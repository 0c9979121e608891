"""Differential fuzzing: a candidate class against the canonical solution, with hypothesis.

For each method whose parameter types the contract states, hypothesis draws an input: the
constructor's arguments (defaults where the constructor has them), up to three earlier calls of
other methods to put the object in some state, and the method's own arguments. Each argument
is a fresh value of its type or one passed earlier in the same sequence, so a method guarded by
``if title not in self.books: return False`` is reached after ``add_book(title)``. Both classes
get the same input; their return values, exception types and fields (``vars(obj)``) after the
call are compared. Inputs the canonical solution rejects are discarded: it raises in the
constructor or an earlier call, it raises an exception that the class never raises on
purpose, or two runs of it disagree with each other (time, randomness). Hypothesis shrinks
each divergence to a minimal input, printed as a unittest method ready for the task's tests.

When no input diverges, the result says whether the lines where the candidate differs (a
mutant's one changed line) ever ran, and where the method holding them was left when they did
not: a mutant behind a guard that no input opened is not shown to be equivalent.

Where the code runs: the canonical solution and the candidates are loaded into one child
interpreter (``python -m classwright.authoring.adequacy.fuzzing``) in a fresh temporary folder, with
resource limits, a wall-clock limit and a time limit per call, and its whole process group is
killed at the end. It is not the evaluator's sandbox: a candidate can see the canonical
solution and could forge its own verdict. Fuzz trusted code (mutants, an author's variant) or
samples you are prepared to run; a hostile sample can only spoil its own fuzz result.
"""

from __future__ import annotations

import ast
import cmath
import contextlib
import copy
import dataclasses
import difflib
import io
import itertools
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
import types
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from classwright.authoring.adequacy.strategies import (
    NO_SEEDS,
    Seeds,
    allows_nonfinite,
    generatable,
    strategy_for,
)
from classwright.evaluator.contract import (
    ContractType,
    parse_method_contract,
    type_from_annotation,
)
from classwright.evaluator.progress import NO_PROGRESS, ProgressReporter
from classwright.schema import syntax
from classwright.schema.descriptions import parse_description
from classwright.schema.records import TaskRecord

CANONICAL = "canonical_solution"
CANDIDATE = "solution"
# The equality of classes that compare by identity (compared by identity itself; as `object`,
# since a checker types `type(x).__eq__` as the type object's own bound method).
_OBJECT_EQ: object = object.__eq__


@dataclass(frozen=True)
class Parameter:
    name: str
    type: ContractType | None
    """The type values are drawn from (None: the contract states none)."""
    has_default: bool
    nonfinite: bool = False


@dataclass(frozen=True)
class MethodPlan:
    """How to call one method: its parameters, or why it cannot be fuzzed."""

    name: str
    parameters: tuple[Parameter, ...]
    skip_reason: str = ""


@dataclass(frozen=True)
class FuzzPlan:
    class_name: str
    constructor: MethodPlan
    methods: tuple[MethodPlan, ...]
    contract_raises: frozenset[str]
    """Exception names the canonical class raises on purpose (``raise ValueError(...)``)."""
    seeds: Seeds = NO_SEEDS
    """The values the task's tests and docstring examples write, drawn beside fresh ones."""

    def fuzzable(self) -> list[MethodPlan]:
        return [m for m in self.methods if not m.skip_reason]


@dataclass(frozen=True)
class Divergence:
    """A minimal input on which the candidate behaves differently from the canonical solution."""

    method: str
    kind: str
    """``return``, ``exception``, ``field <name>``, ``constructor`` or ``setup call``."""
    call: str
    """The calls, as Python: constructor, earlier calls, the method."""
    expected: str
    """What the canonical solution did."""
    actual: str
    """What the candidate did."""
    test_method: str
    """A unittest method asserting the canonical behaviour, indented for a TestCase body."""

    def to_json(self) -> dict[str, str]:
        return {
            "method": self.method,
            "kind": self.kind,
            "call": self.call,
            "expected": self.expected,
            "actual": self.actual,
            "test_method": self.test_method,
        }


@dataclass(frozen=True)
class Reach:
    """Whether the candidate's changed lines ran at all, over the runs that were compared."""

    lines: tuple[int, ...]
    """The candidate's lines that differ from the canonical solution."""
    function: str
    """The method that holds them ("" when they span several or none)."""
    runs: int = 0
    """Inputs run on the candidate (those the canonical solution accepted)."""
    ran: int = 0
    """Runs in which a changed line ran."""
    called: int = 0
    """Runs that called ``function`` without running a changed line."""
    stops: dict[int, int] = field(default_factory=dict)
    """Of those, how many left ``function`` at each guard: the line of the ``if`` around the
    early ``return`` or ``raise``, else the line it left at."""

    def to_json(self) -> dict[str, object]:
        return {
            "lines": list(self.lines),
            "function": self.function,
            "runs": self.runs,
            "ran": self.ran,
            "called": self.called,
            "stops": {str(line): count for line, count in self.stops.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Reach:
        return cls(
            lines=tuple(data["lines"]),
            function=data["function"],
            runs=data["runs"],
            ran=data["ran"],
            called=data["called"],
            stops={int(line): count for line, count in data["stops"].items()},
        )

    def shifted(self, offset: int) -> Reach:
        """The same figures with line numbers moved by ``offset`` (to the candidate's own file,
        before the task's imports were put in front of it)."""
        return dataclasses.replace(
            self,
            lines=tuple(line + offset for line in self.lines if line + offset > 0),
            stops={line + offset: count for line, count in self.stops.items()},
        )

    def summary(self) -> str:
        """One sentence on where the runs stopped, for a candidate that showed no divergence."""
        where = ", ".join(map(str, self.lines[:3])) + (", ..." if len(self.lines) > 3 else "")
        noun = "line" if len(self.lines) == 1 else "lines"
        text = f"the changed {noun} {where} ran in {self.ran} of {self.runs} runs"
        if not self.function or self.ran == self.runs:
            return text
        if not self.called:
            return f"{text} ({self.function} was never called in the others)"
        guard, count = max(self.stops.items(), key=lambda item: (item[1], -item[0]))
        return (
            f"{text} ({self.called} called {self.function} and left before it, "
            f"{count} of them at line {guard})"
        )


@dataclass(frozen=True)
class FuzzResult:
    candidate: str
    divergences: tuple[Divergence, ...] = ()
    examples: dict[str, int] = field(default_factory=dict)
    """Inputs tried per method."""
    skipped: dict[str, str] = field(default_factory=dict)
    """Methods not fuzzed, with the reason."""
    error: str = ""
    """Why the candidate could not be fuzzed (it does not load, the run was cut short)."""
    reach: Reach | None = None
    """Whether the lines where the candidate differs ever ran (None: no changed line)."""

    @property
    def diverges(self) -> bool:
        return bool(self.divergences) or bool(self.error)


# -- the contract ---------------------------------------------------------------------------


def _functions(source: str, class_name: str) -> dict[str, ast.FunctionDef]:
    try:
        tree = syntax.parse(source)
    except SyntaxError:
        return {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == class_name:
            return {f.name: f for f in node.body if isinstance(f, ast.FunctionDef)}
    return {}


def contract_functions(record: TaskRecord) -> dict[str, ast.FunctionDef]:
    """The method signatures and docstrings that state the contract, from the best source.

    The solution with its docstrings, else the skeleton, else each method's description (some
    imported skeletons are not valid Python as a whole).
    """
    found: dict[str, ast.FunctionDef] = {}
    for source in (record.contract_solution, record.skeleton):
        for name, node in _functions(source, record.class_name).items():
            found.setdefault(name, node)
    for info in record.methods_info:
        described = parse_description(info.method_description)
        if info.method_name not in found and described is not None:
            found[info.method_name] = described
    if "__init__" not in found:
        found.update(_functions(record.class_constructor, record.class_name))
    return found


def _parameter_type(arg: ast.arg, documented: ContractType | None) -> ContractType | None:
    """The annotation's type, else the docstring's; one that has values comes first."""
    annotated = type_from_annotation(ast.unparse(arg.annotation)) if arg.annotation else None
    stated = [t for t in (annotated, documented) if t is not None]
    return next((t for t in stated if generatable(t)), stated[0] if stated else None)


def _method_plan(name: str, node: ast.FunctionDef | None, classes: frozenset[str]) -> MethodPlan:
    if node is None:
        return MethodPlan(name, (), "no signature in the contract")
    args = node.args
    if args.vararg or args.kwarg:
        return MethodPlan(name, (), "takes *args or **kwargs")
    docstring = ast.get_docstring(node) or ""
    contract = parse_method_contract(docstring, classes)
    nonfinite = allows_nonfinite(docstring)
    positional = [*args.posonlyargs, *args.args]
    is_static = any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list)
    if not is_static:
        positional = positional[1:]
    first_default = len(positional) - len(args.defaults)
    parameters = []
    for index, arg in enumerate(positional):
        documented = contract.param(arg.arg)
        found = _parameter_type(arg, documented.type if documented else None)
        parameters.append(Parameter(arg.arg, found, index >= first_default, nonfinite))
    for arg, default in zip(args.kwonlyargs, args.kw_defaults, strict=True):
        if default is None:
            return MethodPlan(name, (), f"keyword-only parameter {arg.arg} without default")
    drawn = [p for p in parameters if not p.has_default]
    untyped = [p.name for p in drawn if p.type is None]
    if untyped:
        return MethodPlan(
            name, tuple(parameters), f"no type for parameter {', '.join(untyped)} in the contract"
        )
    ungenerated = [f"{p.name} ({p.type})" for p in drawn if p.type and not generatable(p.type)]
    if ungenerated:
        return MethodPlan(
            name, tuple(parameters), f"no values to draw for parameter {', '.join(ungenerated)}"
        )
    return MethodPlan(name, tuple(parameters))


def _class_names(record: TaskRecord) -> frozenset[str]:
    """The classes the task defines, which its contract may name as types."""
    names = {record.class_name}
    for source in (record.contract_solution, record.skeleton, record.solution_code):
        try:
            tree = syntax.parse(source)
        except SyntaxError:
            continue
        names.update(n.name for n in tree.body if isinstance(n, ast.ClassDef))
    return frozenset(names)


def _raised_names(source: str, class_name: str) -> frozenset[str]:
    names: set[str] = set()
    for node in _functions(source, class_name).values():
        for inner in ast.walk(node):
            if isinstance(inner, ast.Raise) and inner.exc is not None:
                target = inner.exc.func if isinstance(inner.exc, ast.Call) else inner.exc
                if isinstance(target, ast.Name):
                    names.add(target.id)
                elif isinstance(target, ast.Attribute):
                    names.add(target.attr)
    return frozenset(names)


def plan_fuzz(record: TaskRecord, methods: Sequence[str] | None = None) -> FuzzPlan:
    """Which methods can be fuzzed and with which parameter types."""
    functions = contract_functions(record)
    names = list(methods) if methods else [m.method_name for m in record.methods_info]
    canonical = record.contract_solution or record.solution_code
    classes = _class_names(record)
    init = functions.get("__init__")
    constructor = _method_plan("__init__", init, classes) if init else MethodPlan("__init__", ())
    return FuzzPlan(
        class_name=record.class_name,
        constructor=constructor,
        methods=tuple(_method_plan(n, functions.get(n), classes) for n in names),
        contract_raises=_raised_names(canonical, record.class_name),
        seeds=Seeds.of(task_literals(record)),
    )


def _constants(code: str) -> list[Any]:
    try:
        tree = syntax.parse(code)
    except SyntaxError:
        return []
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)]


def task_literals(record: TaskRecord) -> list[Any]:
    """The constants the task's tests write and those of its docstring examples (``>>>``
    lines), in order: the values of the formats its methods take."""
    found = _constants(record.test)
    for node in contract_functions(record).values():
        lines = (ast.get_docstring(node) or "").splitlines()
        example = [line.strip()[4:] for line in lines if line.strip().startswith((">>> ", "... "))]
        found += _constants("\n".join(example))
    return found


# -- running in the child -------------------------------------------------------------------


class _CallTimeout(BaseException):
    """Raised by the alarm inside a call that runs too long (BaseException: `except Exception`
    in the code under test must not swallow it)."""


@dataclass
class _Outcome:
    stage: str
    """``constructor``, ``setup call`` or ``call``: where the run stopped or finished."""
    value: Any = None
    error: str | None = None
    fields: dict[str, Any] = field(default_factory=dict)


def _load(source: str, name: str) -> types.ModuleType:
    module = types.ModuleType(name)
    module.__file__ = f"{name}.py"
    # Registered so that dataclasses, pickle and `typing` can find the module by name.
    sys.modules[name] = module
    exec(compile(source, f"{name}.py", "exec"), module.__dict__)
    return module


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    def expire(signum: int, frame: Any) -> None:
        raise _CallTimeout

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _error_name(error: BaseException) -> str:
    return "timeout" if isinstance(error, _CallTimeout) else type(error).__name__


def _snapshot(obj: Any) -> dict[str, Any]:
    try:
        return copy.deepcopy(dict(vars(obj)))
    except Exception:
        return dict(vars(obj))


def _run(
    module: types.ModuleType, plan: FuzzPlan, method: str, example: Any, limit: float
) -> _Outcome:
    ctor_args, calls, args = copy.deepcopy(example)
    cls = getattr(module, plan.class_name)
    random.seed(0)
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        try:
            with _time_limit(limit):
                obj = cls(*ctor_args)
        except BaseException as error:
            return _Outcome("constructor", error=_error_name(error))
        for name, call_args in calls:
            try:
                with _time_limit(limit):
                    getattr(obj, name)(*call_args)
            except BaseException as error:
                return _Outcome("setup call", error=_error_name(error))
        try:
            with _time_limit(limit):
                value = getattr(obj, method)(*args)
        except BaseException as error:
            return _Outcome("call", error=_error_name(error), fields=_snapshot(obj))
        with contextlib.suppress(Exception):
            value = copy.deepcopy(value)
        return _Outcome("call", value=value, fields=_snapshot(obj))


def _own(value: Any) -> bool:
    return type(value).__module__ in (CANONICAL, CANDIDATE)


def same(a: Any, b: Any, depth: int = 0) -> bool:
    """Equal as a test would see it: floats and complex numbers within 1e-9, own classes by
    their fields, and values that only compare by identity (connections, files) are taken as
    equal."""
    if depth > 8:
        return True
    if _own(a) and _own(b):
        return type(a).__name__ == type(b).__name__ and same(
            getattr(a, "__dict__", {}), getattr(b, "__dict__", {}), depth + 1
        )
    if isinstance(a, float | complex) or isinstance(b, float | complex):
        if isinstance(a, int | float | complex) and isinstance(b, int | float | complex):
            if cmath.isnan(a) and cmath.isnan(b):
                return True
            return cmath.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)
        return False
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return (
            type(a) is type(b)
            and len(a) == len(b)
            and all(same(x, y, depth + 1) for x, y in zip(a, b, strict=True))
        )
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k], depth + 1) for k in a)
    if type(a).__eq__ is _OBJECT_EQ and type(b).__eq__ is _OBJECT_EQ:
        return type(a).__name__ == type(b).__name__
    try:
        verdict = a == b
        if isinstance(verdict, bool):
            return verdict
        shapes = getattr(a, "shape", None) == getattr(b, "shape", None)
        return bool(shapes and verdict.all())
    except Exception:
        return True


def _agree(first: _Outcome, second: _Outcome) -> str | None:
    """The kind of the first difference between two outcomes, or None."""
    if first.stage != second.stage:
        return second.stage if second.stage != "call" else "exception"
    if first.error != second.error:
        return "exception"
    if first.error is None and not same(first.value, second.value):
        return "return"
    for name, value in first.fields.items():
        if name not in second.fields or not same(value, second.fields[name]):
            return f"field {name}"
    return None


def _describe(outcome: _Outcome, kind: str) -> str:
    if outcome.stage != "call":
        return f"{outcome.stage} raised {outcome.error}"
    if kind.startswith("field "):
        name = kind.split(" ", 1)[1]
        value = outcome.fields.get(name, "<missing>")
        return f"self.{name} == {value!r}" if name in outcome.fields else "no such field"
    if outcome.error is not None:
        return "ran out of time" if outcome.error == "timeout" else f"raised {outcome.error}"
    return f"returned {outcome.value!r}"


def _literal(value: Any) -> str | None:
    text = repr(value)
    try:
        return text if same(syntax.literal(text), value) else None
    except (ValueError, SyntaxError, TypeError, RecursionError):
        return None


def _args(values: Sequence[Any]) -> str:
    return ", ".join(repr(v) for v in values)


def _test_method(
    plan: FuzzPlan, method: str, example: Any, expected: _Outcome, kind: str, number: int
) -> str:
    ctor_args, calls, args = example
    lines = [f"def test_fuzz_{method.strip('_')}_{number}(self):"]
    lines.append(f"    obj = {plan.class_name}({_args(ctor_args)})")
    lines.extend(f"    obj.{name}({_args(call_args)})" for name, call_args in calls)
    call = f"obj.{method}({_args(args)})"
    if expected.error is not None:
        lines.append(f"    with self.assertRaises({expected.error}):")
        lines.append(f"        {call}")
    else:
        literal = _literal(expected.value)
        if literal is None:
            lines.append(f"    result = {call}")
            lines.append(f"    # the canonical solution returns {expected.value!r}")
        elif isinstance(expected.value, float):
            lines.append(f"    self.assertAlmostEqual({call}, {literal})")
        else:
            lines.append(f"    self.assertEqual({call}, {literal})")
    if kind.startswith("field "):
        name = kind.split(" ", 1)[1]
        literal = _literal(expected.fields.get(name))
        if literal is not None:
            lines.append(f"    self.assertEqual(obj.{name}, {literal})")
        else:
            lines.append(
                f"    # the canonical solution leaves self.{name} == {expected.fields.get(name)!r}"
            )
    return textwrap.indent("\n".join(lines), "    ")


EARLIER_CALLS = 3
"""The most calls of other methods before the one under test."""


def _example_strategy(plan: FuzzPlan, target: MethodPlan) -> Any:
    """Inputs as call sequences: each argument is a fresh value of its type (or one the task
    writes, ``FuzzPlan.seeds``) or, as often, a value of the same type passed earlier in the
    sequence, so that ``add(name)`` then ``remove(name)`` reaches the code past
    ``if name not in self.items: return``."""
    from hypothesis import strategies as st

    earlier = plan.fuzzable()

    @st.composite
    def example(draw: Any) -> tuple[list[Any], list[tuple[str, list[Any]]], list[Any]]:
        seen: dict[str, list[Any]] = {}

        def arguments(method: MethodPlan) -> list[Any]:
            # Parameters with defaults are passed (positionally, in order) as far as a drawn
            # count says and the contract types them: a rate left at its default of 2.0 makes
            # every fee a whole number, and rounding it wrong never shows.
            required = [p for p in method.parameters if not p.has_default]
            optional = list(
                itertools.takewhile(
                    lambda p: p.type is not None and generatable(p.type),
                    (p for p in method.parameters if p.has_default),
                )
            )
            passed = draw(st.integers(0, len(optional))) if optional else 0
            values = []
            for p in [*required, *optional[:passed]]:
                if p.type is None:
                    continue
                fresh = strategy_for(p.type, nonfinite=p.nonfinite, seeds=plan.seeds)
                used = seen.setdefault(str(p.type), [])
                # Reuse first, so that shrinking prefers a value the sequence already holds;
                # a copy, so that two calls never share one mutable argument.
                value = copy.deepcopy(
                    draw(st.one_of(st.sampled_from(used), fresh) if used else fresh)
                )
                if not any(v == value for v in used):
                    used.append(value)
                values.append(value)
            return values

        ctor_args = arguments(plan.constructor)
        calls = []
        if earlier:
            for _ in range(draw(st.integers(min_value=0, max_value=EARLIER_CALLS))):
                method = draw(st.sampled_from(earlier))
                calls.append((method.name, arguments(method)))
        return ctor_args, calls, arguments(target)

    return example()


def changed_lines(canonical: str, candidate: str) -> tuple[int, ...]:
    """The candidate's lines (1-based) that are new or replaced relative to the canonical,
    blank lines, comments and imports aside: the task's imports put in front of a candidate
    differ from the canonical's own but run at import only, where no call can reach them."""
    lines = candidate.splitlines()
    imports = _import_lines(candidate)
    matcher = difflib.SequenceMatcher(None, canonical.splitlines(), lines, autojunk=False)
    return tuple(
        line + 1
        for tag, _, _, first, last in matcher.get_opcodes()
        if tag in ("replace", "insert")
        for line in range(first, last)
        if lines[line].strip()
        and not lines[line].lstrip().startswith("#")
        and line + 1 not in imports
    )


def _import_lines(source: str) -> frozenset[int]:
    """The lines of the module-level import statements."""
    try:
        tree = syntax.parse(source)
    except SyntaxError:
        return frozenset()
    return frozenset(
        line
        for node in tree.body
        if isinstance(node, ast.Import | ast.ImportFrom)
        for line in range(node.lineno, (node.end_lineno or node.lineno) + 1)
    )


def _span(node: ast.stmt) -> int:
    return (node.end_lineno or node.lineno) - node.lineno


def _covers(node: ast.stmt, line: int) -> bool:
    return node.lineno <= line <= (node.end_lineno or node.lineno)


class _ReachCounter:
    """Counts, run by run, whether the candidate's changed lines ran, and where the method
    that holds them was left when they did not (with ``sys.settrace`` on the candidate's own
    frames only)."""

    def __init__(self, source: str, lines: tuple[int, ...]) -> None:
        tree = syntax.parse(source)
        statements = [n for n in ast.walk(tree) if isinstance(n, ast.stmt)]
        # A line inside a statement that spans several gets no line event of its own.
        watched = set(lines)
        for line in lines:
            covering = [n for n in statements if _covers(n, line)]
            if covering:
                watched.add(min(covering, key=_span).lineno)
        self.watched = frozenset(watched)
        self.lines = lines
        holders = [
            n
            for n in statements
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
            and all(_covers(n, line) for line in lines)
        ]
        holder = min(holders, key=_span) if holders else None
        self.function = holder.name if holder else ""
        self.first_line = (
            min([holder.lineno, *(d.lineno for d in holder.decorator_list)]) if holder else -1
        )
        self.guards = [n for n in statements if isinstance(n, ast.If)]
        self.runs = 0
        self.ran = 0
        self.called = 0
        self.stops: dict[int, int] = {}

    def _guard(self, line: int) -> int:
        """The ``if`` whose body holds the line a method was left at, else that line."""
        around = [g for g in self.guards if any(_covers(s, line) for s in g.body)]
        return min(around, key=_span).lineno if around else line

    def _holds(self, code: types.CodeType) -> bool:
        return code.co_name == self.function and code.co_firstlineno == self.first_line

    @contextlib.contextmanager
    def watch(self) -> Iterator[None]:
        ran = False
        exits: list[int] = []

        def local(frame: types.FrameType, event: str, arg: Any) -> Any:
            nonlocal ran
            if event == "line" and frame.f_lineno in self.watched:
                ran = True
            elif event == "return" and self._holds(frame.f_code):
                exits.append(frame.f_lineno)
            return local

        def calls(frame: types.FrameType, event: str, arg: Any) -> Any:
            return local if frame.f_code.co_filename == f"{CANDIDATE}.py" else None

        previous = sys.gettrace()
        sys.settrace(calls)
        try:
            yield
        finally:
            sys.settrace(previous)
            self.runs += 1
            if ran:
                self.ran += 1
            elif exits:
                self.called += 1
                guard = self._guard(exits[0])
                self.stops[guard] = self.stops.get(guard, 0) + 1

    def result(self) -> Reach:
        return Reach(self.lines, self.function, self.runs, self.ran, self.called, dict(self.stops))


def _fuzz_method(
    canonical: types.ModuleType,
    candidate: types.ModuleType,
    plan: FuzzPlan,
    target: MethodPlan,
    max_examples: int,
    limit: float,
    reach: _ReachCounter | None = None,
) -> tuple[Divergence | None, int]:
    from hypothesis import HealthCheck, find, settings
    from hypothesis.errors import NoSuchExample

    tried = 0

    def diverges(example: Any) -> bool:
        nonlocal tried
        tried += 1
        expected = _run(canonical, plan, target.name, example, limit)
        if expected.stage != "call" or expected.error == "timeout":
            return False
        if expected.error is not None and expected.error not in plan.contract_raises:
            return False
        if _agree(expected, _run(canonical, plan, target.name, example, limit)) is not None:
            return False
        with reach.watch() if reach else contextlib.nullcontext():
            actual = _run(candidate, plan, target.name, example, limit)
        return _agree(expected, actual) is not None

    fixed = settings(
        max_examples=max_examples,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    try:
        example = find(_example_strategy(plan, target), diverges, settings=fixed)
    except NoSuchExample:
        return None, tried
    expected = _run(canonical, plan, target.name, example, limit)
    actual = _run(candidate, plan, target.name, example, limit)
    kind = _agree(expected, actual) or "return"
    ctor_args, calls, args = example
    call = "; ".join(
        [
            f"obj = {plan.class_name}({_args(ctor_args)})",
            *(f"obj.{n}({_args(a)})" for n, a in calls),
            f"obj.{target.name}({_args(args)})",
        ]
    )
    divergence = Divergence(
        method=target.name,
        kind=kind,
        call=call,
        expected=_describe(expected, kind),
        actual=_describe(actual, kind),
        test_method=_test_method(plan, target.name, example, expected, kind, 1),
    )
    return divergence, tried


def _fuzz_candidate(
    job: Mapping[str, Any], plan: FuzzPlan, name: str, source: str
) -> dict[str, Any]:
    skipped = {m.name: m.skip_reason for m in plan.methods if m.skip_reason}
    if plan.constructor.skip_reason:
        reason = f"constructor: {plan.constructor.skip_reason}"
        return {"candidate": name, "skipped": {m.name: reason for m in plan.methods}}
    try:
        canonical = _load(job["canonical"], CANONICAL)
    except BaseException as error:
        return {"candidate": name, "error": f"canonical solution does not load: {error!r}"}
    try:
        with contextlib.redirect_stdout(io.StringIO()), _time_limit(10 * job["call_timeout"]):
            candidate = _load(source, CANDIDATE)
        getattr(candidate, plan.class_name)
    except BaseException as error:
        return {"candidate": name, "error": f"does not load: {_error_name(error)}: {error}"}
    lines = changed_lines(job["canonical"], source)
    reach = _ReachCounter(source, lines) if lines else None
    divergences = []
    examples = {}
    for method in plan.fuzzable():
        found, tried = _fuzz_method(
            canonical, candidate, plan, method, job["max_examples"], job["call_timeout"], reach
        )
        examples[method.name] = tried
        if found is not None:
            divergences.append(found.to_json())
    return {
        "candidate": name,
        "divergences": divergences,
        "examples": examples,
        "skipped": skipped,
        "reach": reach.result().to_json() if reach else None,
    }


def _child(job_path: str, out_path: str) -> None:
    job = json.loads(Path(job_path).read_text(encoding="utf-8"))
    record = TaskRecord.from_json(job["record"])
    plan = plan_fuzz(record, job["methods"] or None)
    with open(out_path, "a", encoding="utf-8") as out:
        for name, source in job["candidates"]:
            line = _fuzz_candidate(job, plan, name, source)
            out.write(json.dumps(line) + "\n")
            out.flush()
            for module in (CANONICAL, CANDIDATE):
                sys.modules.pop(module, None)


# -- the parent side ------------------------------------------------------------------------


@dataclass(frozen=True)
class FuzzSettings:
    max_examples: int = 100
    """Inputs hypothesis tries per method (before shrinking)."""
    call_timeout: float = 1.0
    """Seconds one call may take before it counts as hanging."""
    memory_bytes: int = 4 * 1024**3
    seconds_per_candidate: float = 120.0
    """Wall-clock allowance per candidate for the child interpreter."""


PROGRESS_POLL = 0.5
"""Seconds between looks at the child's result file while it runs."""


def _limit_resources(memory_bytes: int) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    resource.setrlimit(resource.RLIMIT_FSIZE, (64 * 1024**2, 64 * 1024**2))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def _write_job(
    job_path: Path,
    record: TaskRecord,
    canonical: str,
    candidates: Mapping[str, str],
    methods: Sequence[str] | None,
    settings: FuzzSettings,
) -> None:
    job = {
        "record": record.to_json(),
        "canonical": canonical,
        "candidates": list(candidates.items()),
        "methods": list(methods or []),
        "max_examples": settings.max_examples,
        "call_timeout": settings.call_timeout,
    }
    job_path.write_text(json.dumps(job), encoding="utf-8")


def _start_child(
    job_path: Path, out_path: Path, work: Path, settings: FuzzSettings
) -> subprocess.Popen[bytes]:
    """The process that fuzzes, in a session of its own so that all of it can be killed."""
    environment = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1"}
    module = "classwright.authoring.adequacy.fuzzing"
    return subprocess.Popen(
        [sys.executable, "-m", module, str(job_path), str(out_path)],
        cwd=work,
        env=environment,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=lambda: _limit_resources(settings.memory_bytes),
    )


def fuzz_candidates(
    record: TaskRecord,
    candidates: Mapping[str, str],
    *,
    settings: FuzzSettings | None = None,
    methods: Sequence[str] | None = None,
    progress: ProgressReporter = NO_PROGRESS,
) -> list[FuzzResult]:
    """Fuzz each candidate module (name -> source) against the record's canonical solution.

    ``progress`` advances as the child finishes each candidate, naming it.
    """
    settings = settings or FuzzSettings()
    canonical = record.contract_solution or record.solution_code
    with tempfile.TemporaryDirectory(prefix="classwright-fuzz-") as folder:
        job_path = Path(folder, "job.json")
        out_path = Path(folder, "results.jsonl")
        _write_job(job_path, record, canonical, candidates, methods, settings)
        work = Path(folder, "work")
        work.mkdir()
        process = _start_child(job_path, out_path, work, settings)
        failure = ""
        names = list(candidates)
        reported = 0
        deadline = time.monotonic() + settings.seconds_per_candidate * max(1, len(candidates))
        try:
            while True:
                try:
                    # Waiting in short steps lets progress follow the child's result file;
                    # communicate() may be called again after a timeout without losing output.
                    _, stderr = process.communicate(
                        timeout=max(0.0, min(PROGRESS_POLL, deadline - time.monotonic()))
                    )
                    break
                except subprocess.TimeoutExpired:
                    if time.monotonic() >= deadline:
                        raise
                    reported = _report_finished(out_path, names, reported, progress)
            if process.returncode != 0:
                tail = stderr.decode(errors="replace").strip().splitlines()[-1:] or ["no message"]
                failure = f"fuzzing stopped (exit {process.returncode}): {tail[0]}"
        except subprocess.TimeoutExpired:
            failure = "fuzzing ran out of time"
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        _report_finished(out_path, names, reported, progress)
        lines = out_path.read_text(encoding="utf-8").splitlines() if out_path.exists() else []
    done = {line["candidate"]: line for line in map(json.loads, lines)}
    return [_result(name, done.get(name), failure) for name in candidates]


def _report_finished(
    out_path: Path, names: Sequence[str], reported: int, progress: ProgressReporter
) -> int:
    """Advance ``progress`` past the candidates the child has finished since ``reported``.

    The child writes one complete line per candidate, in order; a line without its newline
    is still being written.
    """
    try:
        finished = out_path.read_bytes().count(b"\n")
    except FileNotFoundError:
        return reported
    for name in names[reported:finished]:
        progress.advance(name)
    return max(reported, min(finished, len(names)))


def _result(name: str, line: Mapping[str, Any] | None, failure: str) -> FuzzResult:
    if line is None:
        return FuzzResult(name, error=failure or "no result")
    return FuzzResult(
        candidate=name,
        divergences=tuple(Divergence(**d) for d in line.get("divergences", [])),
        examples=dict(line.get("examples", {})),
        skipped=dict(line.get("skipped", {})),
        error=line.get("error", ""),
        reach=Reach.from_json(line["reach"]) if line.get("reach") else None,
    )


if __name__ == "__main__":
    _child(sys.argv[1], sys.argv[2])
