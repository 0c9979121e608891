"""The candidate's side of a two-process sample: import the candidate module and answer the judge.

Everything here runs in the candidate's own process, next to code that may be written to cheat,
so nothing here is trusted: the judge decodes every answer into its own types and decides every
verdict itself. What this side must do is answer correctly for an honest candidate.

Requests (from the judge) name a target by handle and an operation: `getattr`, `setattr`,
`delattr`, `call`, or `op` with one of OPERATIONS. A reply carries a value or the exception the
operation raised. While serving a request the candidate may call back into objects the judge
passed over (a mock the test assigned to a field, a key function): those calls go to the judge as
requests of their own.

The candidate's log records go back with each reply as plain data (logger name, level, message)
and the judge replays them through its own loggers, so a test's `assertLogs` sees what the
candidate logged as it would in one process. The candidate can send any records it likes, but
no more than it could by logging them.
"""

from __future__ import annotations

import builtins
import copy
import importlib
import logging
import operator
import pickle
import sys
import traceback
import types
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from coverage import Coverage

    # Type checkers see the sibling scripts as the package's modules they also are.
    from . import cw_flags, cw_wire
    from .cw_coverage import CoverageReport
    from .cw_wire import Frame, Item, Json, LogRecord, Reply
else:
    import cw_flags
    import cw_wire

TRACEBACK_CHARS = 1500
LOG_RECORDS = 1000  # per reply; a candidate that logs more has its first ones seen
LOG_CHARS = 4000


class Pickled:
    """A pickle of one of the candidate's objects, made for the judge and kept here: the judge
    holds a handle of it and never its bytes (`cw_wire.unpickled`)."""

    __slots__ = ("data",)

    def __init__(self, data: bytes) -> None:
        self.data = data


def pickled(obj: object, protocol: object) -> Pickled:
    if type(protocol) is not int:
        raise TypeError("a pickle protocol is an int")
    return Pickled(pickle.dumps(obj, protocol))


def unpickled(holder: object) -> object:
    if type(holder) is not Pickled:
        raise TypeError("not a pickle kept for the judge")
    return pickle.loads(holder.data)


OPERATIONS: dict[str, Callable[..., Any]] = {
    "len": len,
    "iter": iter,
    "next": next,
    "reversed": reversed,
    "getitem": operator.getitem,
    "setitem": operator.setitem,
    "delitem": operator.delitem,
    "contains": operator.contains,
    "bool": bool,
    "str": str,
    "repr": repr,
    "format": format,
    "hash": hash,
    "int": int,
    "float": float,
    "complex": complex,
    "index": operator.index,
    "abs": abs,
    "neg": operator.neg,
    "pos": operator.pos,
    "invert": operator.invert,
    "round": round,
    "enter": lambda obj: type(obj).__enter__(obj),
    "exit": lambda obj, *exc: type(obj).__exit__(obj, *exc),
    "dir": lambda obj: sorted(dir(obj)),
    # Copies of the candidate's objects are made here, by its own hooks, never in the judge.
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
    "pickle": pickled,
    "unpickle": unpickled,
}
for _name in (
    "eq", "ne", "lt", "le", "gt", "ge", "add", "sub", "mul", "truediv", "floordiv", "mod",
    "pow", "matmul", "and_", "or_", "xor", "lshift", "rshift",
):  # fmt: skip
    OPERATIONS[_name.rstrip("_")] = getattr(operator, _name)


class JudgeObject:
    """A judge-side object the test handed over (a mock, a function): it can only be called."""

    __slots__ = ("_cw_jid", "_cw_server")
    _cw_jid: int
    _cw_server: Server

    def __init__(self, jid: int, server: Server) -> None:
        object.__setattr__(self, "_cw_jid", jid)
        object.__setattr__(self, "_cw_server", server)

    def __call__(self, *args: object, **kwargs: object) -> Any:
        return self._cw_server.call_judge(self._cw_jid, args, kwargs)

    def __repr__(self) -> str:
        return f"<judge object {self._cw_jid}>"

    # A copy of a candidate's object that holds one refers to the same object of the tests.
    def __copy__(self) -> JudgeObject:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> JudgeObject:
        return self

    def __reduce_ex__(self, protocol: object) -> tuple[object, ...]:
        raise TypeError("an object the tests handed over cannot be pickled by the candidate")


class JudgeError(Exception):
    """An exception raised by a judge-side callable that has no builtin counterpart here."""


class Server:
    def __init__(
        self,
        ends: cw_wire.Ends,
        module_name: str,
        candidate_path: str,
        coverage: Coverage | None = None,
    ) -> None:
        self.module_name = module_name
        self.candidate_path = candidate_path
        self.coverage = coverage
        self.handles: dict[int, object] = {}  # hid -> object
        self.hid_of: dict[int, int] = {}  # id(object) -> hid
        self.described: set[int] = set()
        # jid -> stand-in; the jid is the judge's, as it sent it
        self.judge_objects: dict[object, JudgeObject] = {}
        self.codec = cw_wire.Codec("c", self.to_handle, self.from_handle)
        self.channel = cw_wire.Channel(ends, self.codec, self.serve)
        cw_wire.set_unpickler(self.unpickle)
        self.log = LogBuffer()
        root = logging.getLogger()
        root.addHandler(self.log)
        # Every record is made and sent: the judge filters them by its own loggers' levels,
        # which is where a test's assertLogs sets them.
        root.setLevel(logging.NOTSET)

    # --- handles

    def _hid(self, obj: object) -> int:
        hid = self.hid_of.get(id(obj))
        if hid is None or self.handles.get(hid) is not obj:
            hid = len(self.handles) + 1
            self.handles[hid] = obj
            self.hid_of[id(obj)] = hid
        return hid

    def to_handle(self, obj: object) -> Json:
        if type(obj) is JudgeObject:
            return ["j", obj._cw_jid]
        if isinstance(obj, BaseException):
            return ["x", self.to_handle(type(obj)), self._encode_args(obj), _text(obj)]
        hid = self._hid(obj)
        if hid in self.described:
            return ["h", hid]
        self.described.add(hid)
        library = self.library_name(obj)
        if library is not None:
            # A library's class, function or module: the judge may use its own copy.
            return ["h", hid, ["lib", library[0], library[1], self._plain(obj)]]
        return ["h", hid, self._plain(obj)]

    def library_name(self, obj: object) -> tuple[str, str] | None:
        if type(obj) is type(sys):
            name = getattr(obj, "__name__", None)
            return (name, "") if isinstance(name, str) and name != self.module_name else None
        if not isinstance(obj, type | types.FunctionType | types.BuiltinFunctionType):
            return None
        owner = getattr(obj, "__self__", None)
        if owner is not None and type(owner) is not type(sys):
            return None  # a bound method: the judge's copy would be unbound
        module = getattr(obj, "__module__", None)
        qualname = getattr(obj, "__qualname__", None)
        if not (isinstance(module, str) and isinstance(qualname, str)):
            return None
        if module in (self.module_name, "__main__") or "<" in qualname:
            return None
        if isinstance(obj, type) and _named_class(module, qualname) is not obj:
            # A class that only names a library class (`__module__ = "sqlite3"`): the judge
            # would let isinstance believe the name.
            return None
        return module, qualname

    def _plain(self, obj: object) -> list[Json]:
        if isinstance(obj, type):
            bases = [self.to_handle(b) for b in obj.__bases__ if b is not object]
            module = getattr(obj, "__module__", None)
            return [
                "class",
                str(getattr(obj, "__name__", "?")),
                str(getattr(obj, "__qualname__", "?")),
                module if isinstance(module, str) else "?",
                bases,
                issubclass(obj, BaseException),
            ]
        if type(obj) is type(sys):
            return ["module", str(getattr(obj, "__name__", "?"))]
        return ["obj", self.to_handle(type(obj))]

    def _encode_args(self, exc: BaseException) -> list[Json]:
        try:
            return [self.codec.encode(a) for a in exc.args]
        except Exception:
            return [_text(exc)]

    def unpickle(self, handle: int) -> object:
        """Load a pickle the judge made of one of this process's objects (a file the tests
        wrote, read by the candidate): its bytes are kept here under `handle`."""
        return unpickled(self.handles.get(handle))

    def from_handle(self, item: Item) -> object:
        tag = item[0]
        if tag == "h":
            return self.handles[item[1]]
        if tag == "j":
            jid = item[1]
            found = self.judge_objects.get(jid)
            if found is None:
                found = self.judge_objects[jid] = JudgeObject(jid, self)
            return found
        raise cw_wire.WireError(f"unexpected tag {tag!r}")

    # --- serving

    def serve(self, request: Frame) -> Reply:
        reply = self.answer(request)
        records = self.log.take()
        if records:
            reply["logs"] = records
        return reply

    def answer(self, request: Frame) -> Reply:
        described = set(self.described)
        try:
            if request.get("op") == "callattr":
                return self.call_attribute(request)
            if request.get("op") == "load":
                return self.load(request.get("names"))
            value = self.perform(request)
            return {"kind": "reply", "value": self.codec.encode(value)}
        except BaseException as exc:  # everything the candidate raises goes back as data
            # Descriptions encoded for a reply that was never sent are sent again next time.
            self.described = described
            return {"kind": "reply", "raise": self.exception_info(exc)}

    def exception_info(self, exc: BaseException) -> list[Json]:
        lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
        try:
            args = self._encode_args(exc)
            kind = self.to_handle(type(exc))
        except Exception:
            args, kind = [], self.to_handle(RuntimeError)
        return [kind, args, _text(exc), "".join(lines)[-TRACEBACK_CHARS:]]

    def call_attribute(self, request: Frame) -> Reply:
        """`target.name(*args, **kwargs)`, asked in one request (`cw_calls`): the attribute is
        looked up, then called here when it is this process's own object. An object of the
        tests, or a builtin type the wire names, goes back uncalled: a lookup of its own would
        have brought it to the judge, which calls it there."""
        decode = self.codec.decode
        target: Any = decode(request["target"])
        function = getattr(target, request["name"])
        if type(function) is JudgeObject or cw_wire.is_named_type(function):
            return {"kind": "reply", "attribute": self.codec.encode(function)}
        args = [decode(a) for a in request.get("args", [])]
        kwargs = {str(k): decode(v) for k, v in request.get("kwargs", [])}
        return {"kind": "reply", "value": self.codec.encode(function(*args, **kwargs))}

    def perform(self, request: Frame) -> object:
        op = request.get("op")
        decode = self.codec.decode
        if op == "coverage":
            return self.coverage_step(request.get("context"))
        # Any: whatever the judge names, used as it asks; what does not fit raises, and the
        # exception is the answer.
        target: Any = decode(request["target"])
        if op == "getattr":
            return getattr(target, request["name"])
        if op == "setattr":
            setattr(target, request["name"], decode(request["value"]))
            return None
        if op == "delattr":
            delattr(target, request["name"])
            return None
        args = [decode(a) for a in request.get("args", [])]
        if op == "call":
            kwargs = {str(k): decode(v) for k, v in request.get("kwargs", [])}
            return target(*args, **kwargs)
        if op == "op":
            return OPERATIONS[request["name"]](target, *args)
        raise cw_wire.WireError(f"unknown operation {op!r}")

    def load(self, names: object) -> Reply:
        """Import the candidate's module: the module and its public names, and the attributes
        `names` the judge looks up next (the task's names, before and as the tests import them),
        each looked up once, in order, with its value or what its look-up raised."""
        module = importlib.import_module(self.module_name)
        cw_flags.loaded()
        public = [n for n in vars(module) if not n.startswith("_")]
        reply: Reply = {"kind": "reply", "value": self.codec.encode([module, public])}
        lookups: list[Json] = []
        for name in names if type(names) is list else []:
            try:
                value = getattr(module, str(name))
            except BaseException as exc:  # as a look-up of its own would answer it
                lookups.append([str(name), "raise", self.exception_info(exc)])
            else:
                lookups.append([str(name), "value", self.codec.encode(value)])
        reply["lookups"] = lookups
        return reply

    def coverage_step(self, context: str | None) -> CoverageReport | None:
        if self.coverage is None:
            return None
        if context is None:
            self.coverage.stop()
            return self.coverage_report(self.coverage)
        self.coverage.switch_context(context)
        return None

    def coverage_report(self, coverage: Coverage) -> CoverageReport:
        if TYPE_CHECKING:
            from . import cw_coverage
        else:
            import cw_coverage

        return cw_coverage.report(coverage, self.candidate_path)

    # Any: the judge's answer, decoded here, for the candidate to use as it likes.
    def call_judge(self, jid: int, args: tuple[object, ...], kwargs: dict[str, object]) -> Any:
        encode = self.codec.encode
        reply = self.channel.request(
            {
                "kind": "request",
                "op": "call",
                "target": ["j", jid],
                "args": [encode(a) for a in args],
                "kwargs": [[k, encode(v)] for k, v in kwargs.items()],
            }
        )
        if "raise" in reply:
            name, text = reply["raise"][0], reply["raise"][1]
            cls = getattr(builtins, str(name), None)
            if len(reply["raise"]) == 4:
                cls = _exception_class(*reply["raise"][2:]) or cls
            if not (isinstance(cls, type) and issubclass(cls, Exception)):
                cls = JudgeError
            raise cls(text)
        return self.codec.decode(reply.get("value"))

    def run(self) -> None:
        """Answer requests until the judge closes the channel."""
        while True:
            try:
                request = self.channel.receive_request()
            except cw_wire.PeerGone:
                return
            self.channel.reply(self.serve(request))


class LogBuffer(logging.Handler):
    """Keeps the records logged while a request is served, as [name, level, message]."""

    def __init__(self) -> None:
        super().__init__(logging.NOTSET)
        self.records: list[LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if len(self.records) >= LOG_RECORDS:
            return
        try:
            message = record.getMessage()
        except Exception:
            message = str(record.msg)
        if type(record.levelno) is int and type(record.name) is str:
            self.records.append([record.name, record.levelno, str(message)[:LOG_CHARS]])

    def take(self) -> list[LogRecord]:
        records, self.records = self.records, []
        return records


def _named_class(module: str, qualname: str) -> type | None:
    """The class found by module and qualified name in this process, through module and class
    namespaces only (no attribute hooks), or None."""
    found: object = sys.modules.get(module)
    if not isinstance(found, types.ModuleType):
        return None
    for part in qualname.split("."):
        if not isinstance(found, types.ModuleType | type):
            return None
        found = vars(found).get(part)
    return found if isinstance(found, type) else None


def _exception_class(module: object, qualname: object) -> type[Exception] | None:
    """The class a judge-side exception has, as the candidate's process knows it, or None."""
    found: object = sys.modules.get(str(module))
    for part in str(qualname).split("."):
        found = getattr(found, part, None)
    return found if isinstance(found, type) and issubclass(found, Exception) else None


def _text(exc: BaseException) -> str:
    try:
        text = str(exc)
    except BaseException:
        text = f"<{type(exc).__name__}>"
    return text if isinstance(text, str) else "?"


def main(
    ends: cw_wire.Ends,
    module_name: str,
    candidate_path: str,
    coverage: Coverage | None = None,
) -> None:
    Server(ends, module_name, candidate_path, coverage).run()
