"""The judge: runs a task's tests against a candidate that lives in another process.

Threat model. The candidate is written to cheat; the test module is trusted (it comes from the
task). This process never imports or executes candidate code: the test module sees `solution` as
a module of proxies, and every operation on a proxy is a request to the candidate's process
answered with plain data (decoded here into this process's own types) or another handle. So:

- equality, ordering, truth, hashing, containment, `len` and iteration of data are computed by
  this process's own types; a proxy is never equal to data and cannot be ordered against it or
  take part in arithmetic with it (`assertEqual(always_equal, 5)` fails, and so does
  `assertAlmostEqual`'s `round(abs(a - b))` trick);
- `x in proxy` is asked of the candidate only for instances of the task's own classes (a
  container class the task defines); for any other candidate object it raises TypeError;
- exceptions come back as this process's classes: builtins by name, library exceptions only
  from modules the tests already imported (never unittest's, whose `SkipTest` and `_ShouldStop`
  steer the runner), and the candidate's own exception classes rebuilt here under their nearest
  builtin base (the first exception class it names, never several at once), so
  `assertRaises(ValueError)` and `assertRaises(solution.CustomError)` work;
- the verdict is decided here: a test passes only when its method returned normally here. A
  candidate that dies, hangs, floods or answers garbage fails the test it was serving; the judge
  then stops, and the parent runs the remaining tests against a fresh candidate;
- objects the tests hand to the candidate (a mock assigned to a field, a key function) can only
  be called by it, never inspected or changed, and never a TestCase or result object;
- copies of a candidate's object (`copy.copy`, `copy.deepcopy`, a pickle) are made by the
  candidate in its process and come back as stand-ins; a pickle made here names the bytes the
  candidate kept, and this process never unpickles anything a candidate pickled.

Out of reach by construction: a candidate that is correct. Still within a candidate's reach,
as for any code under test: what it returns, raises and writes to files the tests read;
the truth of its own objects (`assertTrue(obj)`) and equality between two of its objects; and
the judge's liveness (it can kill this process, which fails the test).
"""

from __future__ import annotations

import builtins
import contextlib
import importlib
import logging
import operator
import os
import pickle
import sys
import types
import unittest
import unittest.mock
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    # Type checkers see the sibling scripts as the package's modules they also are.
    from collections.abc import Callable, Iterable, Iterator, Mapping
    from collections.abc import Set as AbstractSet
    from typing import Any, Literal, SupportsIndex

    from . import cw_calls, cw_proc, cw_runner, cw_wire
    from .cw_runner import Emit, Failure
    from .cw_wire import Frame, Item, Json, Reply, Request, RunRequest
else:
    import cw_calls
    import cw_proc
    import cw_runner
    import cw_wire


class CandidateLost(BaseException):
    """The candidate died or broke the protocol. Not an Exception: a test's `except Exception`
    must not swallow it."""


BLOCKED_MODULE_PREFIXES = ("unittest", "cw_", "driver", "__main__", "builtins")


def _lookup(module: object, qualname: object) -> object:
    """`module.qualname` among what this process has already imported, through module and class
    namespaces only (no attribute hooks, no descriptors), public names only; else None."""
    if type(module) is not str or type(qualname) is not str or _blocked(module):
        return None
    found: object = sys.modules.get(module)
    if not isinstance(found, types.ModuleType) or isinstance(found, RemoteModule):
        return None
    for part in qualname.split("."):
        if not part or part.startswith("_") or not isinstance(found, types.ModuleType | type):
            return None
        found = vars(found).get(part)
    return found


def _blocked(module: str) -> bool:
    return module == "builtins" or any(
        module == p or module.startswith(p + ".") or (p.endswith("_") and module.startswith(p))
        for p in BLOCKED_MODULE_PREFIXES
    )


class RemoteType(type):
    """The metaclass of the judge's stand-ins for the candidate's classes."""

    # What a stand-in's call, attribute or operation returns is Any: the candidate's answer,
    # decoded here, which the tests use as they like.
    def __call__(cls, *args: object, **kwargs: object) -> Any:
        return _judge.call(cls, args, kwargs)

    def __getattr__(cls, name: str) -> Any:
        if name.startswith("_cw_") or cw_wire.is_protocol_name(name):
            raise AttributeError(name)
        return _judge.attribute(cls, name, sys._getframe(1))

    def __setattr__(cls, name: str, value: object) -> None:
        if name.startswith("_cw_") or name in ("__module__", "__qualname__", "__doc__"):
            type.__setattr__(cls, name, value)
        else:
            _judge.request("setattr", cls, name=name, value=_judge.codec.encode(value))

    def __delattr__(cls, name: str) -> None:
        _judge.request("delattr", cls, name=name)

    def __repr__(cls) -> str:
        return f"<remote class {cls.__module__}.{cls.__qualname__}>"


def _binary(name: str, reflected: bool = False) -> Callable[[RemoteObject, object], Any]:
    def method(self: RemoteObject, other: object) -> Any:
        # Only between two of the candidate's objects: against data, the candidate would decide
        # an assertion's outcome (an object equal to anything, `5.0 - obj` that rounds to 0).
        if not isinstance(other, RemoteObject):
            _judge.flag("untrusted-object")
            return NotImplemented
        if reflected:
            return _judge.op(other, name, (self,))
        return _judge.op(self, name, (other,))

    return method


def _unary(name: str, check: type | None = None) -> Callable[[RemoteObject], Any]:
    def method(self: RemoteObject) -> Any:
        value = _judge.op(self, name, ())
        if check is not None and type(value) is not check:
            _judge.flag("untrusted-object")
            raise TypeError(f"{name}() of a candidate object returned {type(value).__name__}")
        return value

    return method


class RemoteObject(metaclass=RemoteType):
    """A stand-in for one object of the candidate; every use is a request to its process."""

    __slots__ = ("_cw_hid",)

    @property  # type: ignore[misc]  # read-only on purpose: a proxy's class cannot be swapped
    def __class__(self) -> type:
        # isinstance() consults __class__: a library object keeps its library class.
        return type(self).__dict__.get("_cw_real") or type(self)

    # numpy in this process computes ufuncs and operators against a stand-in itself (and so
    # finds no match) instead of asking the candidate's hook; see cw_wire.is_protocol_name.
    __array_ufunc__ = None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_cw_") or cw_wire.is_protocol_name(name):
            raise AttributeError(name)
        return _judge.attribute(self, name, sys._getframe(1))

    def __setattr__(self, name: str, value: object) -> None:
        if name == "_cw_hid":
            object.__setattr__(self, name, value)
        else:
            _judge.request("setattr", self, name=name, value=_judge.codec.encode(value))

    def __delattr__(self, name: str) -> None:
        _judge.request("delattr", self, name=name)

    def __call__(self, *args: object, **kwargs: object) -> Any:
        return _judge.call(self, args, kwargs)

    def __hash__(self) -> int:
        return hash(("remote", self._cw_hid))

    def __contains__(self, item: object) -> bool:
        if not _judge.is_task_object(self):
            raise TypeError(
                f"containment in a {type(self).__qualname__} object of the candidate is not judged"
            )
        value = _judge.op(self, "contains", (item,))
        if type(value) is not bool:
            _judge.flag("untrusted-object")
            raise TypeError("__contains__ of a candidate object returned a non-bool")
        return value

    def __iter__(self) -> Iterator[Any]:
        value = _judge.op(self, "iter", ())
        return value if isinstance(value, RemoteObject) else iter(value)

    def __next__(self) -> Any:
        return _judge.op(self, "next", ())

    def __reversed__(self) -> Iterator[Any]:
        value = _judge.op(self, "reversed", ())
        return value if isinstance(value, RemoteObject) else iter(value)

    def __getitem__(self, key: object) -> Any:
        return _judge.op(self, "getitem", (key,))

    def __setitem__(self, key: object, value: object) -> None:
        _judge.op(self, "setitem", (key, value))

    def __delitem__(self, key: object) -> None:
        _judge.op(self, "delitem", (key,))

    def __str__(self) -> str:
        value = _judge.op(self, "str", ())
        if type(value) is not str:
            raise TypeError("__str__ of a candidate object returned a non-str")
        return value

    def __repr__(self) -> str:
        try:
            value = _judge.op(self, "repr", ())
        except Exception:
            value = None
        if type(value) is not str:
            return f"<candidate {type(self).__qualname__} object>"
        return value

    def __format__(self, spec: str) -> str:
        value = _judge.op(self, "format", (spec,))
        if type(value) is not str:
            raise TypeError("__format__ of a candidate object returned a non-str")
        return value

    def __enter__(self) -> Any:
        return _judge.op(self, "enter", ())

    def __exit__(self, *exc: object) -> Literal[False]:
        # The exception stays here, and the candidate cannot swallow it.
        _judge.op(self, "exit", (None, None, None))
        return False

    def __round__(self, *args: object) -> Any:
        return _judge.op(self, "round", args)

    # Copies are made where the object lives: the candidate's process copies its own object and
    # a new stand-in comes back. Without these, copy and pickle took object's own reduction and
    # built a second stand-in here that named no object of the candidate's.
    def __copy__(self) -> Any:
        return _judge.op(self, "copy", ())

    def __deepcopy__(self, memo: dict[int, object]) -> Any:
        # One deepcopy here keeps one copy of each candidate object (the memo holds this
        # stand-in); two candidate objects that share a third get a copy of it each.
        return _judge.op(self, "deepcopy", ())

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Callable[[int], object], tuple[int]]:
        return _judge.pickled(self, protocol)

    def __reduce__(self) -> tuple[Callable[[int], object], tuple[int]]:
        return _judge.pickled(self, pickle.DEFAULT_PROTOCOL)

    def __dir__(self) -> list[str]:
        value = _judge.op(self, "dir", ())
        return [v for v in value if type(v) is str] if type(value) is list else []

    __len__ = _unary("len", int)
    __bool__ = _unary("bool", bool)
    __int__ = _unary("int", int)
    __float__ = _unary("float", float)
    __complex__ = _unary("complex", complex)
    __index__ = _unary("index", int)
    __abs__ = _unary("abs")
    __neg__ = _unary("neg")
    __pos__ = _unary("pos")
    __invert__ = _unary("invert")
    __eq__ = _binary("eq")
    __ne__ = _binary("ne")
    __lt__ = _binary("lt")
    __le__ = _binary("le")
    __gt__ = _binary("gt")
    __ge__ = _binary("ge")


for _name in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "and",
              "or", "xor", "lshift", "rshift"):  # fmt: skip
    type.__setattr__(RemoteObject, f"__{_name}__", _binary(_name))
    type.__setattr__(RemoteObject, f"__r{_name}__", _binary(_name, reflected=True))


class MethodCall:
    """`target.name` as a test loads it to call it at once with plain arguments (`cw_calls`):
    calling it asks the candidate for the attribute and calls it, in one request."""

    __slots__ = ("_cw_name", "_cw_target")

    def __init__(self, target: object, name: str) -> None:
        self._cw_target = target
        self._cw_name = name

    def __call__(self, *args: object, **kwargs: object) -> Any:
        return _judge.call_attribute(self._cw_target, self._cw_name, args, kwargs)

    def __repr__(self) -> str:
        return f"<method {self._cw_name} of a candidate's object>"


class RemoteModule(types.ModuleType):
    """The candidate's module as the tests see it."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name.startswith("_cw_"):
            raise AttributeError(name)
        return _judge.attribute(self, name, sys._getframe(1))

    def __setattr__(self, name: str, value: object) -> None:
        if name.startswith("__") or name.startswith("_cw_"):
            types.ModuleType.__setattr__(self, name, value)
        else:
            _judge.request("setattr", self, name=name, value=_judge.codec.encode(value))

    def __delattr__(self, name: str) -> None:
        _judge.request("delattr", self, name=name)


def _is_runner_object(obj: object) -> bool:
    owner = getattr(obj, "__self__", None)
    return isinstance(
        obj, unittest.TestCase | unittest.TestResult | unittest.TestSuite | type
    ) or isinstance(owner, unittest.TestCase | unittest.TestResult | unittest.TestSuite)


LOG_RECORDS = 1000  # per reply, as the candidate's side keeps them


def replay_logs(records: object) -> None:
    """Log here what the candidate logged while it served a request, through this process's
    loggers of the same names, so that their levels and a test's `assertLogs` decide as they
    would for a candidate in this process. Records are plain data: a name, a level, a text."""
    if type(records) is not list or len(records) > LOG_RECORDS:
        raise cw_wire.WireError("bad log records")
    for item in records:
        if (
            type(item) is not list
            or len(item) != 3
            or type(item[0]) is not str
            or type(item[1]) is not int
            or type(item[2]) is not str
        ):
            raise cw_wire.WireError("bad log record")
        name, level, text = item
        logger = _existing_logger(name)
        if logger.isEnabledFor(level):
            record = logging.makeLogRecord(
                {
                    "name": name,
                    "levelno": level,
                    "levelname": logging.getLevelName(level),
                    "msg": text,
                    "args": None,
                    "pathname": "candidate",
                    "funcName": "candidate",
                }
            )
            logger.handle(record)


def _existing_logger(name: str) -> logging.Logger:
    """The logger of that name or, when this process has none, its nearest existing ancestor
    (a logger nobody made here has no handlers and no level of its own, so the ancestor decides
    the same); the candidate's names never create loggers here."""
    known = logging.Logger.manager.loggerDict
    while name:
        found = known.get(name)
        if isinstance(found, logging.Logger):
            return found
        name = name.rpartition(".")[0]
    return logging.getLogger()


class Judge(cw_runner.Hooks):
    broken_type = "CandidateLost"
    stop_when_broken = True

    def __init__(self, ends: cw_wire.Ends, module_name: str) -> None:
        self.module_name = module_name
        self.proxies: dict[int, object] = {}  # hid -> proxy, class, module or exception class
        self.hid_of: dict[int, int] = {}  # id(local stand-in) -> hid
        self.judge_objects: dict[int, object] = {}  # jid -> object handed to the candidate
        self.jid_of: dict[int, int] = {}
        self.task_classes: tuple[RemoteType, ...] = ()
        self.unjudgeable: str | None = None
        self.coverage = False
        self.codec = cw_wire.Codec("j", self.to_handle, self.from_handle)
        self.channel = cw_wire.Channel(ends, self.codec, self.serve)
        self.module: RemoteModule | None = None
        self.candidate_pid = 0
        self.requests = 0
        """Requests sent so far: whatever was read before the last one may have changed."""
        self.looked_up: dict[str, tuple[object, BaseException | None]] = {}
        """Attributes of the candidate's module its load looked up (value, or what the look-up
        raised), good while `requests` is `looked_up_at`: the tests' import of the task's names
        then costs no request."""
        self.looked_up_at = -1
        self.emit: Emit | None = None
        self.flagged: set[str] = set()

    def flag(self, name: str) -> None:
        """Report, once per sample, what the judge refused to take from the candidate: an
        integrity flag (docs/hacks.md). Never part of a verdict."""
        if name not in self.flagged and self.emit is not None:
            self.flagged.add(name)
            self.emit("flag", name=name)

    # --- handles

    def to_handle(self, obj: object) -> Json:
        hid = self.hid_of.get(id(obj))
        if hid is not None and self.proxies.get(hid) is obj:
            return ["h", hid]
        if isinstance(obj, BaseException):
            raise TypeError("exceptions are not passed to the candidate")
        jid = self.jid_of.get(id(obj))
        if jid is None or self.judge_objects.get(jid) is not obj:
            jid = len(self.judge_objects) + 1
            self.judge_objects[jid] = obj
            self.jid_of[id(obj)] = jid
        return ["j", jid]

    def from_handle(self, item: Item) -> object:
        tag = item[0]
        if tag == "j":
            if item[1] not in self.judge_objects:
                raise cw_wire.WireError("unknown judge object")
            return self.judge_objects[item[1]]
        if tag == "x":
            return self.exception_from(item[1], item[2], item[3], "")
        if tag != "h" or type(item[1]) is not int:
            raise cw_wire.WireError(f"unexpected tag {tag!r}")
        hid = item[1]
        if hid in self.proxies:
            return self.proxies[hid]
        if len(item) < 3 or type(item[2]) is not list or not item[2]:
            raise cw_wire.WireError("unknown handle")
        desc = item[2]
        real = None
        local: object
        if desc[0] == "lib" and len(desc) == 4:
            # A library's class, function or module, as the candidate names it. Never handed to
            # the tests as the judge's own object (they would call what the candidate chose):
            # a class keeps its real class for isinstance, all else stays a proxy.
            real = self.library_class(desc[1], desc[2])
            desc = desc[3]
            if type(desc) is not list or not desc:
                raise cw_wire.WireError("bad handle description")
        if desc[0] == "class":
            local = self.make_class(desc)
            if real is not None and isinstance(local, RemoteType):
                type.__setattr__(local, "_cw_real", real)
        elif desc[0] == "module":
            local = RemoteModule(str(desc[1]))
        elif desc[0] == "obj":
            cls = self.codec.decode(desc[1])
            if not isinstance(cls, RemoteType):
                cls = RemoteObject
            # Every class RemoteType makes here derives from RemoteObject.
            local = object.__new__(cast("type[RemoteObject]", cls))
        else:
            raise cw_wire.WireError("bad handle description")
        self.proxies[hid] = local
        self.hid_of[id(local)] = hid
        if isinstance(local, RemoteObject):
            object.__setattr__(local, "_cw_hid", hid)
        elif isinstance(local, RemoteModule):
            types.ModuleType.__setattr__(local, "_cw_hid", hid)
        return local

    def library_class(self, module: object, qualname: object) -> type | None:
        """The judge's own class behind a library object of the candidate (sqlite3's Connection),
        for isinstance only; None unless the module is already imported here, the path is public
        names in module and class namespaces, and the class is no builtin one nor a subclass of
        one. The candidate's side names a library class only for its own class object found
        under that name (a class that merely sets `__module__` and `__qualname__` names none)."""
        found = _lookup(module, qualname)
        if not isinstance(found, type) or any(
            base.__module__ == "builtins" and base is not object for base in found.__mro__
        ):
            # Nor a subclass of a builtin (OrderedDict, StackSummary, numpy.float64, IntEnum):
            # isinstance(proxy, dict | list | float | int) would make the tests and unittest
            # treat the candidate's object as data of this process.
            return None
        return found

    def make_class(self, desc: Item) -> type:
        if len(desc) != 6:
            raise cw_wire.WireError("bad class description")
        _, name, qualname, module, bases, is_exc = desc
        if not all(type(x) is str for x in (name, qualname, module)) or type(bases) is not list:
            raise cw_wire.WireError("bad class description")
        decoded = [self.codec.decode(b) for b in bases]
        if is_exc is True:
            return self.exception_class(name, qualname, module, decoded)
        if module == "builtins" and name in cw_wire.NAMED_TYPES:
            return cw_wire.NAMED_TYPES[name]
        remote_bases = tuple(b for b in decoded if isinstance(b, RemoteType)) or (RemoteObject,)
        namespace = {"__slots__": (), "__module__": module, "__qualname__": qualname}
        try:
            return RemoteType(name, remote_bases, namespace)
        except TypeError:
            return RemoteType(name, (RemoteObject,), namespace)

    def exception_class(self, name: str, qualname: str, module: str, bases: list[object]) -> type:
        if module.startswith("unittest"):
            # unittest's exceptions steer its runner (a skip, a stop): never rebuilt as such.
            self.flag("skip-or-xfail" if "Skip" in name else "unittest-tampering")
        if module == "builtins":
            found = getattr(builtins, name, None)
            if isinstance(found, type) and issubclass(found, Exception):
                return found
        else:
            found = _lookup(module, qualname)
            if (
                isinstance(found, type)
                and issubclass(found, Exception)
                and not issubclass(found, unittest.SkipTest)
            ):
                return found
        # One base: the first exception class the candidate's class names. A class rebuilt under
        # all of them (LookupError, ArithmeticError, ValueError, TypeError, ... at once) would
        # satisfy every `assertRaises` whatever the tests expect.
        if sum(isinstance(b, type) and issubclass(b, Exception) for b in bases) > 1:
            self.flag("untrusted-object")
        exc_bases = next(
            ((b,) for b in bases if isinstance(b, type) and issubclass(b, Exception)), (Exception,)
        )
        namespace = {
            "__module__": module if not _blocked(module) or module == "builtins" else "candidate",
            "__qualname__": qualname,
            "__str__": _remote_text,
        }
        try:
            return type(name, exc_bases, namespace)
        except TypeError:
            return type(name, (Exception,), namespace)

    def exception_from(
        self, class_item: object, args: object, text: object, trace: object
    ) -> BaseException:
        cls = self.codec.decode(class_item)
        if not (isinstance(cls, type) and issubclass(cls, BaseException)):
            raise cw_wire.WireError("raised something that is not an exception class")
        if type(args) is not list:
            raise cw_wire.WireError("bad exception arguments")
        values = tuple(self.codec.decode(a) for a in args)
        try:
            exc = cls(*values)
        except Exception:
            exc = cls.__new__(cls)
            exc.args = values
        exc._cw_text = text if type(text) is str else ""  # type: ignore[attr-defined]
        if trace and type(trace) is str:
            exc.add_note("raised in the candidate:\n" + trace)
        return exc

    # --- requests to the candidate

    # The candidate's answers are Any: decoded here, the tests use them as they like.
    def request(self, op: str, target: object, **fields: Json) -> Any:
        message = {"kind": "request", "op": op, "target": self.codec.encode(target), **fields}
        return self._ask(cast("Request", message))

    def _ask(self, message: Request) -> Any:
        return self._decoded(self._exchange(message).get("value"))

    def _exchange(self, message: Request) -> Frame:
        """Send one request and wait for its reply; what the candidate raised is raised here,
        and what it logged meanwhile is logged here."""
        self.requests += 1
        try:
            reply = self.channel.request(message)
            if "logs" in reply:
                replay_logs(reply["logs"])
            if "raise" not in reply:
                return reply
            info = reply["raise"]
            if type(info) is not list or len(info) != 4:
                raise cw_wire.WireError("bad exception reply")
            exc = self.exception_from(*info)
        except cw_wire.WireError as error:
            self.channel.broken = self.channel.broken or str(error)
            raise CandidateLost(str(error)) from None
        except RecursionError:
            self.channel.broken = "the candidate's answer nested too deeply"
            raise CandidateLost(self.channel.broken) from None
        raise exc

    def _decoded(self, value: object) -> Any:
        try:
            return self.codec.decode(value)
        except cw_wire.WireError as error:
            self.channel.broken = self.channel.broken or str(error)
            raise CandidateLost(str(error)) from None
        except RecursionError:
            self.channel.broken = "the candidate's answer nested too deeply"
            raise CandidateLost(self.channel.broken) from None

    def attribute(self, target: object, name: str, frame: types.FrameType) -> Any:
        """`target.name` as the test in `frame` loads it: a `MethodCall` when the test calls it
        at once with plain arguments, else the candidate's answer."""
        if target is self.module and self.looked_up_at == self.requests:
            found = self.looked_up.get(name)
            if found is not None:
                value, raised = found
                if raised is not None:
                    raise raised
                return value
        if cw_calls.method_call_follows(frame):
            return MethodCall(target, name)
        return self.request("getattr", target, name=name)

    def keep_lookups(self, items: object) -> None:
        """Keep what the candidate's load looked up (`Reply.lookups`), for `attribute`."""
        kept: dict[str, tuple[object, BaseException | None]] = {}
        try:
            if type(items) is not list:
                raise cw_wire.WireError("bad look-ups")
            for item in items:
                if type(item) is not list or len(item) != 3 or type(item[0]) is not str:
                    raise cw_wire.WireError("bad look-up")
                name, kind, found = item
                if kind == "value":
                    kept[name] = (self.codec.decode(found), None)
                elif kind == "raise" and type(found) is list and len(found) == 4:
                    kept[name] = (None, self.exception_from(*found))
                else:
                    raise cw_wire.WireError("bad look-up")
        except cw_wire.WireError as error:
            self.channel.broken = self.channel.broken or str(error)
            raise CandidateLost(str(error)) from None
        except RecursionError:
            self.channel.broken = "the candidate's answer nested too deeply"
            raise CandidateLost(self.channel.broken) from None
        self.looked_up, self.looked_up_at = kept, self.requests

    def call_attribute(
        self, target: object, name: str, args: tuple[object, ...], kwargs: dict[str, object]
    ) -> Any:
        """`target.name(*args, **kwargs)` in one request: the candidate looks the attribute up
        and calls it where it is its own object; an attribute that is data or an object of the
        tests comes back, and is called here, as it would be after a lookup of its own."""
        encode = self.codec.encode
        message: Request = {
            "kind": "request",
            "op": "callattr",
            "target": encode(target),
            "name": name,
            "args": [encode(a) for a in args],
            "kwargs": [[str(k), encode(v)] for k, v in kwargs.items()],
        }
        reply = self._exchange(message)
        if "attribute" in reply:
            function = self._decoded(reply["attribute"])
            return function(*args, **kwargs)
        return self._decoded(reply.get("value"))

    def call(self, target: object, args: tuple[object, ...], kwargs: dict[str, object]) -> Any:
        encode = self.codec.encode
        message: Request = {
            "kind": "request",
            "op": "call",
            "target": encode(target),
            "args": [encode(a) for a in args],
            "kwargs": [[str(k), encode(v)] for k, v in kwargs.items()],
        }
        return self._ask(message)

    def op(self, target: object, name: str, args: tuple[object, ...]) -> Any:
        encode = self.codec.encode
        message: Request = {
            "kind": "request",
            "op": "op",
            "target": encode(target),
            "name": name,
            "args": [encode(a) for a in args],
        }
        return self._ask(message)

    def pickled(
        self, proxy: RemoteObject, protocol: SupportsIndex
    ) -> tuple[Callable[[int], object], tuple[int]]:
        """A candidate's object as a pickle holds it: the candidate pickles the object in its
        own process now (so the pickle has the state of this moment) and keeps the bytes; the
        pickle names them by handle (`cw_wire.unpickled`)."""
        holder = self.op(proxy, "pickle", (operator.index(protocol),))
        if not isinstance(holder, RemoteObject):
            raise pickle.PicklingError("the candidate did not keep its pickle in its process")
        return cw_wire.unpickled, (holder._cw_hid,)

    def unpickle(self, handle: int) -> Any:
        """Load a pickle made by `pickled`: the candidate unpickles its kept bytes in its own
        process, and a stand-in of what it made comes back."""
        holder = self.proxies.get(handle) if type(handle) is int else None
        if not isinstance(holder, RemoteObject):
            raise pickle.UnpicklingError(f"no pickle of the candidate's is kept under {handle!r}")
        return self.op(holder, "unpickle", ())

    def is_task_object(self, proxy: object) -> bool:
        return bool(self.task_classes) and isinstance(proxy, self.task_classes)

    # --- requests from the candidate (calls of objects the tests handed over)

    def serve(self, request: Frame) -> Reply:
        def refuse(name: str, text: str) -> Reply:
            self.flag("channel-tampering")
            return {"kind": "reply", "raise": [name, text]}

        target = request.get("target")
        if request.get("op") != "call" or type(target) is not list or target[:1] != ["j"]:
            return refuse("TypeError", "only objects the tests handed over can be called")
        try:
            function = self.codec.decode(target)
            args = [self.codec.decode(a) for a in request.get("args", [])]
            kwargs = {str(k): self.codec.decode(v) for k, v in request.get("kwargs", [])}
        except cw_wire.WireError as exc:
            self.channel.broken = str(exc)
            raise
        if _is_runner_object(function) or not callable(function):
            return refuse("TypeError", "that object cannot be called from the candidate")
        try:
            value = function(*args, **kwargs)
            return {"kind": "reply", "value": self.codec.encode(value)}
        except CandidateLost:
            raise
        except BaseException as exc:
            kind = type(exc)
            # Where the class lives, so the candidate can raise the same one (a stand-in for
            # socket.gethostbyaddr raising socket.herror).
            return {
                "kind": "reply",
                "raise": [kind.__name__, str(exc)[:2000], kind.__module__, kind.__qualname__],
            }

    # --- hooks of the runner

    def broken(self) -> str | None:
        return self.channel.broken

    def overrule(self) -> Failure | None:
        found, self.unjudgeable = self.unjudgeable, None
        return None if found is None else ("Unjudgeable", found)

    def cpu_seconds(self) -> float | None:
        """This process's CPU time and the candidate's (its user and system time, from /proc),
        or None when the candidate's cannot be read. Processes the candidate started are not
        counted here; the parent's limit counts them."""
        candidate = cw_proc.cpu_seconds(self.candidate_pid)
        if candidate is None:
            return None
        return cw_runner._process_time() + candidate

    def guard_patches(self) -> None:
        """`unittest.mock.patch` of something in this process (`builtins.open`, a library
        function) would not reach the candidate's process: such a test is reported as not
        judgeable rather than judged against an unpatched candidate. Patching the candidate's
        own module or objects goes through the proxies and works."""
        original = unittest.mock._patch.__enter__
        judge = self

        def enter(patcher: unittest.mock._patch[Any]) -> Any:
            target = patcher.getter()
            if not isinstance(target, RemoteModule | RemoteObject | RemoteType):
                name = getattr(target, "__name__", type(target).__name__)
                judge.unjudgeable = (
                    f"the test patches {name}.{patcher.attribute} in the judge's process, "
                    "which the candidate's process never sees"
                )
            return original(patcher)

        unittest.mock._patch.__enter__ = enter  # type: ignore[method-assign]

    def guard_set_assertions(self) -> None:
        """unittest's `assertSetEqual(first, second)` computes `first.difference(second)`: of a
        candidate's object that hands it the expected set, and its iteration (asked for
        `second.difference(first)`) then answers with exactly that set. A candidate's object is
        no set here, as it is no list or dict to `assertListEqual` and `assertDictEqual`."""
        original = unittest.TestCase.assertSetEqual

        def assert_set_equal(
            case: unittest.TestCase,
            set1: AbstractSet[object],
            set2: AbstractSet[object],
            msg: Any = None,
        ) -> None:
            for value in (set1, set2):
                if isinstance(value, RemoteObject):
                    name = type(value).__qualname__
                    self.flag("untrusted-object")
                    case.fail(case._formatMessage(msg, f"a candidate's {name} object is not a set"))
            return original(case, set1, set2, msg)

        unittest.TestCase.assertSetEqual = assert_set_equal  # type: ignore[method-assign,assignment]

    def context(self, name: str) -> None:
        if self.coverage and self.channel.broken is None:
            with contextlib.suppress(CandidateLost):
                self._ask({"kind": "request", "op": "coverage", "context": name})


def _remote_text(exc: BaseException) -> str:
    text = getattr(exc, "_cw_text", None)
    return text if type(text) is str else Exception.__str__(exc)


# The judge of this process, set by `run` before any stand-in exists.
_judge: Judge = cast("Judge", None)


def names_of(exports: Iterable[object]) -> list[str]:
    return [str(entry).partition("=")[0] for entry in exports]


def own_names(exports: Iterable[object]) -> list[str]:
    """The exported names the candidate's module defines itself (not imports)."""
    return [str(entry) for entry in exports if "=" not in str(entry)]


def task_imports(exports: Iterable[object]) -> dict[str, object]:
    """Names the task's own module imports ("np=numpy", "datetime=datetime:datetime"), as this
    process's imports of the same modules: chosen by the task, never by the candidate. They are
    put straight into the test module's namespace (where `from solution import *` would put
    them), while `solution.np` still names the candidate's own, so that patching
    `solution.socket.gethostbyaddr` reaches the candidate."""
    found: dict[str, object] = {}
    for entry in exports:
        name, _, source = str(entry).partition("=")
        if not source:
            continue
        module_name, _, attribute = source.partition(":")
        try:
            value: object = importlib.import_module(module_name)
            if attribute:
                # As `from PIL import Image` does: an attribute, else a submodule.
                try:
                    value = getattr(value, attribute)
                except AttributeError:
                    value = importlib.import_module(f"{module_name}.{attribute}")
        except Exception:
            continue  # the tests see no such name, as under a failing import
        found[name] = value
    return found


def load_tests(
    judge: Judge, source: str, path: str, name: str, preset: Mapping[str, object]
) -> types.ModuleType:
    module = types.ModuleType(name)
    module.__dict__.update(preset)
    module.__file__ = path
    sys.modules[name] = module
    code = compile(source, path, "exec", dont_inherit=True)
    exec(code, module.__dict__)
    return module


def load_candidate(
    judge: Judge, emit: Emit, lookups: list[str]
) -> tuple[RemoteModule, list[object]] | None:
    """The candidate's module and its public names, loaded in its process, with the module's
    attributes `lookups` looked up in the same request; None (reported as a load error) when it
    did not load."""
    try:
        message: Request = {"kind": "request", "op": "load", "target": None, "names": lookups}
        reply = judge._exchange(message)
        module, names = judge._decoded(reply.get("value"))
        if not isinstance(module, RemoteModule) or type(names) is not list:
            raise CandidateLost("the candidate's module did not load as a module")
        judge.module = module
        judge.keep_lookups(reply.get("lookups", []))
    except CandidateLost as exc:
        emit("load_error", error_type="CandidateLost", detail=str(exc))
        return None
    except BaseException as exc:
        emit(
            "load_error",
            error_type=type(exc).__name__,
            detail=cw_runner.short_exc(type(exc), exc, exc.__traceback__),
        )
        return None
    return module, names


def default_exports(module: RemoteModule, names: list[object]) -> list[str]:
    """With no task names given: the candidate's public names, but none that would shadow a
    builtin inside the tests, and a standard module's name only for that module."""
    exports = []
    for n in names:
        if type(n) is not str or hasattr(builtins, n):
            continue
        if n in sys.stdlib_module_names:
            try:
                if not isinstance(getattr(module, n), types.ModuleType):
                    continue
            except Exception:
                continue
        exports.append(n)
    return exports


def load_judged_tests(
    judge: Judge,
    module: RemoteModule,
    request: RunRequest,
    workdir: str,
    exports: list[str],
    imported: dict[str, object],
    emit: Emit,
) -> types.ModuleType | None:
    """The test module, after noting which of the exported names are the task's classes; None
    (reported as a load error) when the tests did not load."""
    test_name = request["test_module_name"]
    try:
        found = []
        for name in names_of(exports):
            try:
                value = getattr(module, name)
            except Exception:
                continue
            if isinstance(value, RemoteType):
                found.append(value)
        judge.task_classes = tuple(found)
        return load_tests(
            judge, request["tests"], os.path.join(workdir, test_name + ".py"), test_name, imported
        )
    except BaseException as exc:
        kind = "CandidateLost" if isinstance(exc, CandidateLost) else type(exc).__name__
        emit(
            "load_error",
            error_type=kind,
            detail=cw_runner.short_exc(type(exc), exc, exc.__traceback__),
        )
        return None


def report_coverage(judge: Judge, emit: Emit) -> None:
    if judge.coverage and judge.channel.broken is None:
        try:
            report = judge._ask({"kind": "request", "op": "coverage", "context": None})
            emit("coverage", report=report)
        except BaseException:
            emit("coverage", report={"error": "the candidate did not report coverage"})


def run(
    ends: cw_wire.Ends, request: RunRequest, emit: Emit, workdir: str, candidate_pid: int
) -> bool:
    """Load the candidate (in its process) and the tests (here), run them, report."""
    global _judge
    module_name = request["module_name"]
    judge = _judge = Judge(ends, module_name)
    judge.emit = emit
    judge.candidate_pid = candidate_pid
    judge.coverage = bool(request.get("coverage"))  # the candidate switches contexts on request
    judge.guard_patches()
    judge.guard_set_assertions()
    cw_wire.set_unpickler(judge.unpickle)
    exports = request.get("exports")
    # The task's names are looked up with the load: the tests' import of them, next, asks the
    # candidate nothing more (`Judge.attribute`).
    loaded = load_candidate(judge, emit, names_of(exports or ()))
    if loaded is None:
        return False
    module, names = loaded
    if not exports:
        exports = default_exports(module, names)
    candidate_path = os.path.join(workdir, module_name + ".py")
    types.ModuleType.__setattr__(module, "__file__", candidate_path)
    types.ModuleType.__setattr__(module, "__all__", own_names(exports))
    imported = task_imports(exports)
    sys.modules[module_name] = module
    tests_module = load_judged_tests(judge, module, request, workdir, exports, imported, emit)
    if tests_module is None:
        return False
    emit("loaded")
    completed = cw_runner.run_module(tests_module, request["order"], emit, judge)
    if not completed:
        return False
    report_coverage(judge, emit)
    return True
