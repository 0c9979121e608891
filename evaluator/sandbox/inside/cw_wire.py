"""The wire between the judge and the candidate: frames, plain values, shared containers.

Both ends run this module. A frame is a 4-byte length and a JSON object. A value is JSON's own
null, booleans, numbers and strings, or a list whose first item is a tag; nothing else decodes.
Decoding builds objects of a fixed set of types the decoding side trusts (its own builtins,
datetime, Decimal, Fraction, collections, numpy) and never runs code named by the other side:
objects of any other type travel as handles, which each side maps to its own stand-in (the judge's
proxies, the candidate's references to judge objects).

Mutable containers (list, dict, set, bytearray, deque, and the dict subclasses of collections)
are *shared*: each has a reference id, both sides keep the object under it, and before every
frame the sender sends the ones that changed since the last frame, which the receiver applies in
place. So `obj.items.append(x)` in a test reaches the candidate's list before its next call, and
a list the candidate changes is current in the test after the call returns. A side forgets a
shared container that nothing but the table holds any more, and tells the other side.
"""

from __future__ import annotations

import base64
import collections
import contextlib
import datetime
import decimal
import fractions
import json
import math
import os
import socket
import struct
import sys
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping
    from typing import Any, Literal, NotRequired, TypeAlias, TypedDict

    Json: TypeAlias = bool | int | float | str | list["Json"] | dict[str, "Json"] | None
    """A value as it travels: what `Codec.encode` makes of an object, and `json` of a frame."""
    Frame: TypeAlias = dict[str, Any]
    """A frame as it arrived: a JSON object from the other side. Its fields are Any because the
    sender is not trusted to have sent any particular shape: each is checked where it is read."""
    Item: TypeAlias = list[Any]
    """A tagged value as it arrived (`[tag, ...]`); each decoder checks the fields it reads."""
    Shallow: TypeAlias = tuple[object, ...] | bytes
    """A shared container's contents one level deep, as `shallow` takes them."""
    Decoder: TypeAlias = Callable[["Codec", Item, int], object]

    class Synced(TypedDict, total=False):
        """What `Channel` adds to each frame it sends: the shared containers changed since the
        last frame, and the references forgotten."""

        sync: list[Json]
        drop: list[str]

    class Request(Synced):
        """A request on a judge's channel to its candidate, either way: the judge asks for an
        operation on a candidate object (`getattr`, `setattr`, `delattr`, `call`, `op`, and
        `callattr`: an attribute looked up and called at once); the candidate calls an object
        the tests handed over."""

        kind: Literal["request"]
        op: str
        target: NotRequired[Json]  # none for `coverage`
        name: NotRequired[str]
        names: NotRequired[list[str]]  # `load`: the module's attributes to look up at once
        value: NotRequired[Json]
        args: NotRequired[list[Json]]
        kwargs: NotRequired[list[list[Json]]]
        context: NotRequired[str | None]

    # `raise` is a keyword: this part of a reply is declared the functional way.
    _Raised = TypedDict("_Raised", {"raise": list[Json]}, total=False)

    class Reply(Synced, _Raised):
        """The answer to a `Request`: a value, or (under `raise`) the exception it raised; the
        candidate's replies also carry what it logged meanwhile."""

        kind: Literal["reply"]
        value: NotRequired[Json]
        attribute: NotRequired[Json]
        """Instead of a value, in answer to `callattr`: the attribute, for the judge to call."""
        lookups: NotRequired[list[Json]]
        """With the answer to `load`: [name, "value", value] or [name, "raise", exception] of
        each attribute of the module the request names."""
        logs: NotRequired[list[LogRecord]]

    LogRecord: TypeAlias = list[str | int]
    """A record the candidate logged: [logger name, level, message]."""

    ToHandle: TypeAlias = Callable[[object], Json]
    """Turns an object outside the trusted set into its wire form."""
    FromHandle: TypeAlias = Callable[[Item], object]
    """Turns a handle ("h", "j" or "x" item) into the local stand-in."""

    class Ready(TypedDict):
        """The zygote's first frame to the parent."""

        op: Literal["ready"]
        pid: int
        uid: int
        preloaded: list[str]

    class Forked(TypedDict):
        """The zygote forked a sample's reporting process."""

        op: Literal["forked"]
        pid: int

    class Exited(TypedDict):
        """A sample's reporting process ended and the zygote cleaned up after it."""

        op: Literal["exited"]
        code: int
        killed: bool
        leftover: int
        stderr: str
        workdir_left: bool
        attempts: list[str]
        """What the sample's processes were seen attempting (cw_flags.SEEN_INSIDE)."""

    class ZygoteError(TypedDict):
        """The zygote did not understand a request."""

        op: Literal["error"]
        detail: str

    class RunRequest(TypedDict):
        """The parent's `run` or `pair` request to the zygote; the judge of a pair gets `tests`,
        `order` and `exports` from the parent directly."""

        op: str
        token: str
        candidate: str
        order: list[str]
        module_name: str
        test_module_name: str
        rlimits: dict[str, int]
        coverage: bool
        preload: list[str]
        forbid_processes: bool
        tests: NotRequired[str]
        exports: NotRequired[list[str]]

    class JudgeTests(TypedDict):
        """What the parent sends the judge of a pair, and only the judge: the test module, the
        tests to run in order, and the names `from solution import *` brings in."""

        tests: str
        order: list[str]
        exports: list[str]

    class ZygoteSettings(TypedDict):
        """The zygote's command-line settings (the sandbox's isolation decides them)."""

        preload: list[str]
        sample_root: str
        scratch: str
        kill_all: bool
        wipe: NotRequired[list[str]]
        """Folders of the sandbox's own whose every entry is removed after each sample."""
        wipe_own: NotRequired[list[str]]
        """Folders shared with the host where what the sandbox's user made is removed after
        each sample."""
        writable: NotRequired[list[str]]
        """Where a sample's processes may make and write files (`cw_landlock`); absent: not
        confined by the zygote."""


MAX_FRAME = 256 * 1024 * 1024
MAX_DEPTH = 200


class WireError(Exception):
    """The other side sent something that is not a frame or not a value; the channel is dead."""


class PeerGone(WireError):
    """The other side closed the channel or died."""


# --- frames ---------------------------------------------------------------------------------------


def encode_frame(message: Mapping[str, object]) -> bytes:
    """A frame's bytes: a 4-byte length and the message as compact JSON."""
    data = json.dumps(message, separators=(",", ":"), allow_nan=True).encode()
    if len(data) > MAX_FRAME:
        raise WireError(f"frame of {len(data)} bytes is over the limit")
    return struct.pack("!I", len(data)) + data


def send_frame(sock: socket.socket, message: Mapping[str, object], fds: Iterable[int] = ()) -> None:
    """Send one frame; `fds` go with its first byte (SCM_RIGHTS), so they arrive with it."""
    frame = encode_frame(message)
    try:
        if fds:
            socket.send_fds(sock, [frame[:1]], list(fds))
            frame = frame[1:]
        sock.sendall(frame)
    except OSError as exc:
        raise PeerGone(f"channel broken: {exc}") from None


class FrameReader:
    """Frames from a stream socket, read whole however the bytes arrive.

    A stream has no message boundaries: one read may end inside a frame or hold the next frame
    too (a `kill` the parent sent just as a sample ended, then the next `run`), so the bytes
    after a frame wait here for the frames they belong to. Descriptors passed with the bytes
    wait in arrival order until a frame that carries them takes them (`take_fds`)."""

    def __init__(self, sock: socket.socket, *, with_fds: bool = False) -> None:
        self.sock = sock
        self.with_fds = with_fds
        self.buffer = bytearray()
        self.fds: list[int] = []

    def feed(self) -> bool:
        """One read of what the socket has (blocking as the socket does); False at its end."""
        try:
            if self.with_fds:
                chunk, fds, _flags, _addr = socket.recv_fds(self.sock, 1 << 16, 16)
                self.fds.extend(fds)
            else:
                chunk = self.sock.recv(1 << 16)
        except TimeoutError:
            raise  # the socket's own timeout ran out: the peer may still answer
        except OSError as exc:
            raise PeerGone(f"channel broken: {exc}") from None
        self.buffer += chunk
        return bool(chunk)

    def pop(self) -> Frame | None:
        """The next whole frame that has arrived, or None."""
        if len(self.buffer) < 4:
            return None
        (size,) = struct.unpack("!I", self.buffer[:4])
        if size > MAX_FRAME:
            raise WireError(f"frame of {size} bytes is over the limit")
        if len(self.buffer) < 4 + size:
            return None
        data = bytes(self.buffer[4 : 4 + size])
        del self.buffer[: 4 + size]
        try:
            message = json.loads(data)
        except (ValueError, RecursionError) as exc:
            raise WireError(f"frame is not JSON: {exc}") from None
        if not isinstance(message, dict):
            raise WireError("frame is not an object")
        return message

    def read(self) -> Frame:
        """The next frame, waiting for it; PeerGone at the end of the stream."""
        while (message := self.pop()) is None:
            if not self.feed():
                raise PeerGone("the other side closed the channel")
        return message

    def take_fds(self) -> list[int]:
        """The descriptors that have arrived and no frame has taken."""
        fds, self.fds = self.fds, []
        return fds

    def close_fds(self) -> None:
        for fd in self.take_fds():
            with contextlib.suppress(OSError):
                os.close(fd)


def _recv_exact(sock: socket.socket, size: int) -> bytes:
    chunks = []
    while size:
        try:
            chunk = sock.recv(min(size, 1 << 20))
        except OSError as exc:
            raise PeerGone(f"channel broken: {exc}") from None
        if not chunk:
            raise PeerGone("the other side closed the channel")
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def recv_frame(sock: socket.socket) -> Frame:
    """One frame read to its last byte and no further, from a channel where whatever follows
    it is read another way (the judge's channel to the parent after its tests)."""
    (size,) = struct.unpack("!I", _recv_exact(sock, 4))
    if size > MAX_FRAME:
        raise WireError(f"frame of {size} bytes is over the limit")
    try:
        message = json.loads(_recv_exact(sock, size))
    except (ValueError, RecursionError) as exc:
        raise WireError(f"frame is not JSON: {exc}") from None
    if not isinstance(message, dict):
        raise WireError("frame is not an object")
    return message


# --- values ---------------------------------------------------------------------------------------

NoneType = type(None)
ATOMS = (NoneType, bool, int, float, str)
# Built-in types a value may name (`type(x)`, a defaultdict's factory); never anything callable
# with effects.
NAMED_TYPES = {
    t.__name__: t
    for t in (
        int,
        float,
        complex,
        str,
        bytes,
        bytearray,
        bool,
        list,
        tuple,
        dict,
        set,
        frozenset,
        NoneType,
        object,
        type,
        range,
        slice,
    )
}
NAMED_TYPES["NoneType"] = NoneType


def is_named_type(value: object) -> bool:
    """A builtin type a value may name (`NAMED_TYPES`): it travels by name, and each side uses
    its own."""
    return type(value) is type and any(value is named for named in NAMED_TYPES.values())


SHARED_KINDS: dict[type, str] = {
    list: "l",
    dict: "d",
    set: "s",
    bytearray: "ba",
    collections.deque: "dq",
    collections.OrderedDict: "od",
    collections.defaultdict: "dd",
    collections.Counter: "ct",
}
SAME_ATOMS = (NoneType, bool, int, float, str, bytes, complex)
# What an array's elements may decode to: data only. A handle among them would let numpy in the
# receiving process ask the sender's object for its buffer (`__array_interface__` names any
# address) or its numbers.
ARRAY_ATOMS = (NoneType, bool, int, float, str, bytes, complex)

# Attribute names a stand-in forwards to the other side although they look like protocol names.
# Every other dunder, and every `_name_` (ctypes' `_as_parameter_`, IPython's `_repr_html_`), is
# refused with AttributeError: a library in the judge looks such names up on an operand
# (numpy's `__array_ufunc__`, `__array_function__`, `__array_interface__`, `os.fspath`'s
# `__fspath__`) and then lets the answer decide a comparison or read memory. The names kept
# here only describe the candidate's own object. (Copies are no forwarded names: a stand-in's
# own `__copy__`, `__deepcopy__` and `__reduce_ex__` ask for them as operations.)
FORWARDED_PROTOCOL_NAMES = frozenset(
    {
        "__name__",
        "__qualname__",
        "__doc__",
        "__dict__",
        "__annotations__",
        "__wrapped__",
        "__self__",
        "__func__",
        "__defaults__",
        "__kwdefaults__",
    }
)


def is_protocol_name(name: str) -> bool:
    """A dunder or `_name_` that a stand-in must answer itself (refuse) rather than forward."""
    return (
        len(name) > 1
        and name.startswith("_")
        and name.endswith("_")
        and name not in FORWARDED_PROTOCOL_NAMES
    )


# Any: numpy is optional, and used through the module's own names only.
def _numpy() -> Any:
    """The numpy module when something here has imported it, else None."""
    return sys.modules.get("numpy")


def same(a: object, b: object) -> bool:
    """Unchanged for the purpose of syncing: the same object, or an equal atom of the same type.
    Never calls code of a type outside the atoms (a proxy's __eq__ would be a round trip)."""
    return a is b or (type(a) is type(b) and type(a) in SAME_ATOMS and a == b)


def shallow(obj: Iterable[object]) -> Shallow:
    """The contents of a shared container, one level deep, for change detection (a mapping as
    key, value, key, value, ...)."""
    if isinstance(obj, dict):
        return tuple(x for pair in obj.items() for x in pair)
    if isinstance(obj, bytearray):
        return bytes(obj)
    return tuple(obj)


def unchanged(before: Shallow, now: Shallow) -> bool:
    if type(before) is bytes:
        return before == now
    return len(before) == len(now) and all(same(a, b) for a, b in zip(before, now, strict=True))


class Codec:
    """One side's tables: shared containers by reference id, and the hooks that turn objects
    outside the trusted set into handles and back.

    `side` is "j" or "c": reference ids made here start with it, so the two sides never collide.
    `to_handle(obj)` returns the wire form of an object outside the trusted set;
    `from_handle(item)` returns the local stand-in for a handle tag: "h" (an object of the
    candidate), "j" (an object the tests handed over), "x" (an exception as a value).
    """

    HANDLE_TAGS = ("h", "j", "x")

    def __init__(self, side: str, to_handle: ToHandle, from_handle: FromHandle) -> None:
        self.side = side
        self.to_handle = to_handle
        self.from_handle = from_handle
        # ref -> shared container (Any: of one of SHARED_KINDS, used through the kind's methods)
        self.shared: dict[str, Any] = {}
        self.ref_of: dict[int, str] = {}  # id(object) -> ref
        self.synced: dict[str, Shallow] = {}  # ref -> shallow contents the other side has
        self.counter = 0
        self.dropped: list[str] = []  # refs forgotten here since the last frame
        self.touched: set[str] = set()  # refs encoded since the last frame: the frame names them
        # Refs first encoded since the last frame: the other side learns them from the frame's
        # content, which it decodes after the frame's sync, so the sync sends them whole.
        self.introduced: set[str] = set()
        self.syncing = False

    # --- encoding

    # `value` is Any: every object encodes, and the branches below pick its form by its exact
    # type (`kind`), through which a checker cannot narrow `value`.
    def encode(self, value: Any, depth: int = 0) -> Json:
        """Long because it is the one table of the plain types the wire carries, a branch each;
        anything else crosses as a handle."""
        if depth > MAX_DEPTH:
            raise WireError("value nested too deeply")
        kind = type(value)
        if kind in ATOMS:
            if kind is float and not math.isfinite(value):
                return ["fl", repr(value)]
            atom: Json = value
            return atom
        if kind in SHARED_KINDS:
            return self._encode_shared(value, depth)
        if kind is tuple:
            return ["t", [self.encode(v, depth + 1) for v in value]]
        if kind is frozenset:
            return ["fs", [self.encode(v, depth + 1) for v in value]]
        if kind is bytes:
            return ["b", base64.b64encode(value).decode()]
        if kind is complex:
            return ["c", repr(value.real), repr(value.imag)]
        if kind is datetime.datetime:
            return ["dt", value.isoformat()]
        if kind is datetime.date:
            return ["da", value.isoformat()]
        if kind is datetime.time:
            return ["ti", value.isoformat()]
        if kind is datetime.timedelta:
            return ["td", value.days, value.seconds, value.microseconds]
        if kind is decimal.Decimal:
            return ["dec", str(value)]
        if kind is fractions.Fraction:
            return ["fr", value.numerator, value.denominator]
        if kind is range:
            return ["rg", value.start, value.stop, value.step]
        if kind is slice:
            return [
                "sl",
                [self.encode(v, depth + 1) for v in (value.start, value.stop, value.step)],
            ]
        if value is Ellipsis:
            return ["el"]
        if is_named_type(value):
            return ["ty", value.__name__]
        np = _numpy()
        if np is not None:
            if kind is np.ndarray:
                if value.dtype.hasobject:
                    items = [self.encode(v, depth + 1) for v in value.ravel().tolist()]
                    return ["nd", "O", list(value.shape), items]
                if value.dtype.kind in "biufcUS?":
                    flat = value.ravel().tolist()
                    return ["nd", value.dtype.str, list(value.shape), self.encode(flat, depth + 1)]
            elif (
                isinstance(value, np.generic)
                and kind.__module__ == "numpy"
                and value.dtype.kind in "biufc?"
            ):
                return ["ns", value.dtype.str, self.encode(value.item(), depth + 1)]
        form = _library_value(value)
        if form is not None:
            return form
        return self.to_handle(value)

    def _encode_shared(self, value: Any, depth: int) -> Json:
        ref = self._shared_ref(value)
        if type(ref) is not str:  # the `["r", ref]` item
            return ref
        self.touched.add(ref)
        return self._encode_body(ref, value, depth)

    def _shared_ref(self, value: Iterable[object]) -> str | list[Json]:
        """The reference id to encode `value` under, or the `["r", ref]` item that stands for
        it when the other side already has it as it is."""
        ref = self.ref_of.get(id(value))
        if ref is not None and self.shared.get(ref) is value:
            known = not (self.syncing and ref in self.introduced)
            if known and ref in self.synced and unchanged(self.synced[ref], shallow(value)):
                self.touched.add(ref)
                return ["r", ref]
        else:
            self.counter += 1
            ref = f"{self.side}{self.counter}"
            self.shared[ref] = value
            self.ref_of[id(value)] = ref
            self.introduced.add(ref)
        return ref

    def _encode_body(self, ref: str, value: Any, depth: int) -> list[Json]:
        # Record first: a container that holds itself then encodes as a reference.
        self.synced[ref] = shallow(value)
        tag = SHARED_KINDS[type(value)]
        if tag in ("d", "od", "ct", "dd"):
            body: list[Json] | str = [
                [self.encode(k, depth + 1), self.encode(v, depth + 1)] for k, v in value.items()
            ]
        elif tag == "ba":
            body = base64.b64encode(bytes(value)).decode()
        else:
            body = [self.encode(v, depth + 1) for v in value]
        item: list[Json] = [tag, ref, body]
        if tag == "dq":
            item.append(value.maxlen)
        elif tag == "dd":
            factory = value.default_factory
            item.append(None if factory is None else self.encode(factory, depth + 1))
        return item

    def changes(self) -> tuple[list[Json], list[str]]:
        """Wire forms of the shared containers changed here since the last frame, and the refs
        forgotten here; call right before sending a frame. A container the frame's content
        introduces is sent whole where an update names it (the other side applies the updates
        first: a list a call made, returned and stored in a dict the other side holds)."""
        updates: list[Json] = []
        self.syncing = True
        try:
            self._collect_changes(updates)
        finally:
            self.syncing = False
            self.introduced = set()
        dropped, self.dropped = self.dropped, []
        self.touched = set()
        return updates, dropped

    def _collect_changes(self, updates: list[Json]) -> None:
        for ref in list(self.shared):
            value = self.shared.get(ref)
            if value is None:
                continue
            before = self.synced.get(ref)
            if before is None or not unchanged(before, shallow(value)):
                # A change goes out even when nothing here holds the container any more: the
                # other side may (`obj.items["k"] = v` drops the mirror right after the store).
                updates.append(self._encode_body(ref, value, 0))
                continue
            # The table, this local and getrefcount's argument: nobody else holds it. A
            # container the frame being sent names stays until the next frame.
            if ref not in self.touched and sys.getrefcount(value) <= 3:
                self.forget(ref)
                self.dropped.append(ref)

    def forget(self, ref: str) -> None:
        value = self.shared.pop(ref, None)
        self.synced.pop(ref, None)
        if value is not None and self.ref_of.get(id(value)) == ref:
            del self.ref_of[id(value)]

    # --- decoding

    def apply(self, updates: object, dropped: object) -> None:
        if not isinstance(updates, list) or not isinstance(dropped, list):
            raise WireError("malformed sync")
        for ref in dropped:
            if not isinstance(ref, str):
                raise WireError("malformed sync")
            self.forget(ref)
        for item in updates:
            if not (isinstance(item, list) and item and item[0] in _SHARED_TAGS):
                raise WireError("malformed sync")
            self.decode(item)

    def decode(self, item: Any, depth: int = 0) -> object:
        if depth > MAX_DEPTH:
            raise WireError("value nested too deeply")
        kind = type(item)
        if kind in (NoneType, bool, int, str):
            return item
        if kind is float:
            return item
        if kind is not list or not item or type(item[0]) is not str:
            raise WireError(f"not a value: {type(item).__name__}")
        tag = item[0]
        try:
            handler = _DECODERS.get(tag)
            if handler is not None:
                return handler(self, item, depth)
            if tag in self.HANDLE_TAGS:
                return self.from_handle(item)
        except WireError:
            raise
        except (ValueError, TypeError, IndexError, KeyError, OverflowError, ArithmeticError) as exc:
            raise WireError(f"bad {tag!r} value: {type(exc).__name__}: {exc}") from None
        raise WireError(f"unknown tag {tag!r}")

    def _items(self, body: object, depth: int) -> list[object]:
        if type(body) is not list:
            raise WireError("container body is not a list")
        return [self.decode(v, depth + 1) for v in body]

    def _pairs(self, body: object, depth: int) -> list[tuple[object, object]]:
        if type(body) is not list:
            raise WireError("mapping body is not a list")
        pairs = []
        for pair in body:
            if type(pair) is not list or len(pair) != 2:
                raise WireError("mapping entry is not a pair")
            pairs.append((self.decode(pair[0], depth + 1), self.decode(pair[1], depth + 1)))
        return pairs

    def _decode_shared(self, item: Item, depth: int) -> object:
        tag, ref, body = item[0], item[1], item[2]
        if type(ref) is not str or not ref:
            raise WireError("bad reference id")
        expected = _SHARED_TYPES[tag]
        # A container of the type the tag names (checked just below), or None.
        target: Any = self.shared.get(ref)
        if target is not None and type(target) is not expected:
            raise WireError(f"reference {ref} changed its type")
        fresh = target is None
        if fresh:
            if tag == "dq":
                maxlen = item[3]
                if maxlen is not None and (type(maxlen) is not int or maxlen < 0):
                    raise WireError("bad deque length")
                target = collections.deque(maxlen=maxlen)
            elif tag == "dd":
                factory = None if item[3] is None else self.decode(item[3], depth + 1)
                if factory is not None and not callable(factory):
                    raise WireError("defaultdict factory is not callable")
                target = collections.defaultdict(factory)
            else:
                target = expected()
            # Registered before the contents: a container may hold itself.
            self.shared[ref] = target
            self.ref_of[id(target)] = ref
        if tag == "ba":
            if type(body) is not str:
                raise WireError("bad bytearray")
            target[:] = base64.b64decode(body, validate=True)
        elif tag in ("d", "od", "ct", "dd"):
            pairs = self._pairs(body, depth)
            target.clear()
            for key, value in pairs:
                target[key] = value
        elif tag == "s":
            values = self._items(body, depth)
            target.clear()
            target.update(values)
        elif tag == "dq":
            values = self._items(body, depth)
            target.clear()
            target.extend(values)
        else:
            values = self._items(body, depth)
            target[:] = values
        self.synced[ref] = shallow(target)
        return target

    def _decode_ref(self, item: Item, _depth: int) -> object:
        ref = item[1]
        if type(ref) is not str or ref not in self.shared:
            raise WireError(f"unknown reference {ref!r}")
        return self.shared[ref]


def _dec_float(_codec: Codec, item: Item, _depth: int) -> float:
    text = item[1]
    if text not in ("nan", "inf", "-inf"):
        raise WireError("bad special float")
    return float(text)


def _dec_tuple(codec: Codec, item: Item, depth: int) -> tuple[object, ...]:
    return tuple(codec._items(item[1], depth))


def _dec_frozenset(codec: Codec, item: Item, depth: int) -> frozenset[object]:
    return frozenset(codec._items(item[1], depth))


def _dec_bytes(_codec: Codec, item: Item, _depth: int) -> bytes:
    if type(item[1]) is not str:
        raise WireError("bad bytes")
    return base64.b64decode(item[1], validate=True)


def _dec_complex(_codec: Codec, item: Item, _depth: int) -> complex:
    if type(item[1]) is not str or type(item[2]) is not str:
        raise WireError("bad complex")
    return complex(float(item[1]), float(item[2]))


def _text(item: Item, limit: int = 64) -> str:
    if type(item[1]) is not str or len(item[1]) > limit:
        raise WireError("bad text field")
    return item[1]


def _int(value: object) -> int:
    if type(value) is not int:
        raise WireError("bad integer field")
    return value


def _dec_numpy_array(codec: Codec, item: Item, depth: int) -> object:
    np = _numpy()
    if np is None:
        import numpy as np  # the candidate sent an array, so the library is installed
    dtype, shape, body = item[1], item[2], item[3]
    if type(shape) is not list or not all(type(n) is int and n >= 0 for n in shape):
        raise WireError("bad array shape")
    if dtype == "O":
        values = codec._items(body, depth)
        if not all(type(v) in ARRAY_ATOMS for v in values):
            raise WireError("an array element is not plain data")
        array = np.empty(len(values), dtype=object)
        for index, value in enumerate(values):
            array[index] = value
        return array.reshape(shape)
    if type(dtype) is not str or np.dtype(dtype).kind not in "biufcUS?":
        raise WireError("bad array dtype")
    flat = codec.decode(body, depth + 1)
    if type(flat) is not list or not all(type(v) in ARRAY_ATOMS for v in flat):
        raise WireError("bad array data")
    return np.array(flat, dtype=np.dtype(dtype)).reshape(shape)


def _dec_numpy_scalar(codec: Codec, item: Item, depth: int) -> object:
    np = _numpy()
    if np is None:
        import numpy as np
    if type(item[1]) is not str or np.dtype(item[1]).kind not in "biufc?":
        raise WireError("bad scalar dtype")
    value = codec.decode(item[2], depth + 1)
    if type(value) not in (bool, int, float, complex):
        raise WireError("bad scalar value")
    return np.dtype(item[1]).type(value)


def _library_value(value: object) -> list[Json] | None:
    """Library objects the tests compare by content travel as their content: a PIL image as its
    mode, size and pixels, an ElementTree element as its XML text. The receiver builds a fresh
    object of its own from that data (never by unpickling)."""
    image_module = sys.modules.get("PIL.Image")
    if image_module is not None and isinstance(value, image_module.Image):
        palette = value.getpalette() if value.mode in ("P", "PA") else None
        return [
            "pil",
            value.mode,
            list(value.size),
            base64.b64encode(value.tobytes()).decode(),
            palette,
            value.format,
            getattr(value, "filename", None) or None,
        ]
    tree = sys.modules.get("xml.etree.ElementTree")
    if tree is not None:
        if isinstance(value, tree.Element):
            return ["xml", "Element", tree.tostring(value, encoding="unicode")]
        if isinstance(value, tree.ElementTree) and value.getroot() is not None:
            return ["xml", "ElementTree", tree.tostring(value.getroot(), encoding="unicode")]
    return None


def _dec_image(_codec: Codec, item: Item, _depth: int) -> object:
    from PIL import Image

    mode, size, data, palette, kind, filename = item[1:7]
    if type(mode) is not str or mode not in Image.MODES:
        raise WireError("bad image mode")
    if type(size) is not list or len(size) != 2 or not all(type(n) is int and n >= 0 for n in size):
        raise WireError("bad image size")
    if type(data) is not str:
        raise WireError("bad image data")
    image = Image.frombytes(mode, tuple(size), base64.b64decode(data, validate=True))
    if palette is not None:
        if type(palette) is not list or not all(type(n) is int for n in palette):
            raise WireError("bad image palette")
        image.putpalette(palette)
    if kind is not None:
        if type(kind) is not str or len(kind) > 16:
            raise WireError("bad image format")
        image.format = kind
    if filename is not None:
        if type(filename) is not str or len(filename) > 4096:
            raise WireError("bad image file name")
        image.filename = filename  # type: ignore[attr-defined]
    return image


def _dec_xml(_codec: Codec, item: Item, _depth: int) -> object:
    from xml.etree import ElementTree

    kind, text = item[1], item[2]
    if kind not in ("Element", "ElementTree") or type(text) is not str:
        raise WireError("bad XML value")
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as exc:
        raise WireError(f"bad XML value: {exc}") from None
    return root if kind == "Element" else ElementTree.ElementTree(root)


_DECODERS: dict[str, Decoder] = {
    "pil": _dec_image,
    "xml": _dec_xml,
    "fl": _dec_float,
    "t": _dec_tuple,
    "fs": _dec_frozenset,
    "b": _dec_bytes,
    "c": _dec_complex,
    "dt": lambda _c, item, _d: datetime.datetime.fromisoformat(_text(item)),
    "da": lambda _c, item, _d: datetime.date.fromisoformat(_text(item)),
    "ti": lambda _c, item, _d: datetime.time.fromisoformat(_text(item)),
    "td": lambda _c, item, _d: datetime.timedelta(
        days=_int(item[1]), seconds=_int(item[2]), microseconds=_int(item[3])
    ),
    "dec": lambda _c, item, _d: decimal.Decimal(_text(item, 100_000)),
    "fr": lambda _c, item, _d: fractions.Fraction(_int(item[1]), _int(item[2])),
    "rg": lambda _c, item, _d: range(_int(item[1]), _int(item[2]), _int(item[3])),
    "sl": lambda codec, item, depth: slice(*codec._items(item[1], depth)),
    "el": lambda _c, _item, _d: Ellipsis,
    "ty": lambda _c, item, _d: NAMED_TYPES[_text(item)],
    "nd": _dec_numpy_array,
    "ns": _dec_numpy_scalar,
    "r": Codec._decode_ref,
}
_SHARED_TYPES = {tag: kind for kind, tag in SHARED_KINDS.items()}
_SHARED_TAGS = tuple(_SHARED_TYPES)
for _tag in _SHARED_TAGS:
    _DECODERS[_tag] = Codec._decode_shared


_unpickler: Callable[[int], object] | None = None


def set_unpickler(unpickler: Callable[[int], object]) -> None:
    """How this process loads a pickle of a candidate's object (see `unpickled`)."""
    global _unpickler
    _unpickler = unpickler


def unpickled(handle: int) -> object:
    """What a pickle of a candidate's object made in the judge loads as, in either process.

    Such a pickle holds no state of the object: the candidate pickled its own object in its own
    process and kept the bytes under `handle`, and the pickle names only this function and that
    number. Loading it asks the candidate to unpickle its bytes there (in the judge, a new
    stand-in comes back). A candidate's pickle can name any callable to rebuild its object, so
    the judge never loads one."""
    if _unpickler is None:
        raise ValueError("this process loads no pickle of a candidate's object")
    return _unpickler(handle)


class Ends(NamedTuple):
    """One process's side of the channel between a judge and its candidate: the socket it reads
    and the socket it writes, from two socketpairs, one each way (`channel_ends`)."""

    incoming: socket.socket
    outgoing: socket.socket

    def filenos(self) -> tuple[int, int]:
        return self.incoming.fileno(), self.outgoing.fileno()

    def close(self) -> None:
        self.incoming.close()
        self.outgoing.close()


def channel_ends() -> tuple[Ends, Ends]:
    """The judge's ends and the candidate's of a new channel.

    One socketpair each way, not one for both: when a process reads what its peer wrote over a
    Unix stream socket, the kernel wakes whoever waits on the peer's socket for room to write,
    and the peer, waiting there for its next message, woke for nothing and slept again. Over one
    socketpair that made four context switches of every round trip instead of two."""
    judge_in, candidate_out = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    candidate_in, judge_out = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    return Ends(judge_in, judge_out), Ends(candidate_in, candidate_out)


class Channel:
    """Half-duplex request/response over a stream socket, with nested requests either way.

    `request(message)` sends and waits for the matching reply; a request that arrives meanwhile
    (the other side calling back) goes to `serve(message)`, whose return (a reply dict) is sent
    back before waiting on. Every frame carries the sender's changed shared containers.
    """

    def __init__(self, ends: Ends, codec: Codec, serve: Callable[[Frame], Reply]) -> None:
        self.sock = ends.outgoing
        self.codec = codec
        self.serve = serve
        self.reader = FrameReader(ends.incoming)
        self.broken: str | None = None

    def _send(self, message: Request | Reply) -> None:
        updates, dropped = self.codec.changes()
        if updates:
            message["sync"] = updates
        if dropped:
            message["drop"] = dropped
        send_frame(self.sock, message)

    def _receive(self) -> Frame:
        message = self.reader.read()
        self.codec.apply(message.pop("sync", []), message.pop("drop", []))
        return message

    def request(self, message: Request) -> Frame:
        if self.broken is not None:
            raise PeerGone(self.broken)
        try:
            self._send(message)
            while True:
                incoming = self._receive()
                if incoming.get("kind") == "reply":
                    return incoming
                if incoming.get("kind") != "request":
                    raise WireError("frame is neither a request nor a reply")
                self._send(self.serve(incoming))
        except WireError as exc:
            self.broken = str(exc)
            raise
        except BaseException as exc:
            # Interrupted halfway (the candidate's SIGINT raised KeyboardInterrupt in a read, a
            # MemoryError while encoding): its reply may still come and would be read as the
            # answer to the next request, and the shared containers may be half synced.
            self.broken = f"a request was interrupted by {type(exc).__name__}"
            raise

    def reply(self, message: Reply) -> None:
        """Send a reply to the request being served (used by the serving loop's top level)."""
        self._send(message)

    def receive_request(self) -> Frame:
        message = self._receive()
        if message.get("kind") != "request":
            raise WireError("expected a request")
        return message
