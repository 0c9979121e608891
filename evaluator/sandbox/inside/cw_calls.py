"""Which of the tests' attribute loads are method calls with plain arguments.

`obj.add(1, "x")` in a test is two requests to the candidate when the judge handles the load and
the call apart (the attribute, then the call of it), and most of a test's round trips are such
calls. When nothing runs between the load and the call but pushes of plain values (constants,
local and global variables, lists, tuples and dicts built from them), asking for both in one
request changes nothing the tests can see: the candidate looks the attribute up and calls it in
the same order, the same exception comes back from the lookup, and no code of the tests or of
the judge runs between the two. Anything else between them (a call, an attribute, a subscript,
an operator: each may ask the candidate something, or raise) keeps the two requests apart, and
so does every form this module does not know (another Python's byte code included).

Standard library only: this runs inside the sandbox, in the judge.
"""

from __future__ import annotations

import dis
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from types import CodeType, FrameType

PUSHES = frozenset({"LOAD_FAST", "LOAD_FAST_CHECK", "LOAD_DEREF"})
"""Instructions that push one value and run no code (an unbound name raises, as it would)."""
SKIPPED = frozenset({"CACHE", "NOP", "KW_NAMES"})
METHOD_LOAD_FLAG = 1
"""Python 3.12 and later load a method with LOAD_ATTR and this bit of its argument set."""
NULL_FLAG = 1
"""LOAD_GLOBAL with this bit set also pushes NULL: the global is about to be called."""

_sites: dict[tuple[CodeType, int], bool] = {}


def method_call_follows(frame: FrameType) -> bool:
    """Whether the instruction `frame` is running loads a method that the frame calls right
    after pushing plain arguments only (see the module's docstring)."""
    key = (frame.f_code, frame.f_lasti)
    found = _sites.get(key)
    if found is None:
        try:
            found = _plain_call_at(frame.f_code.co_code, frame.f_lasti)
        except Exception:
            found = False  # a form not understood keeps the requests apart
        _sites[key] = found
    return found


def _plain_call_at(code: bytes, offset: int) -> bool:
    # Read straight from the byte code, two bytes an instruction (inline caches are CACHE
    # instructions in `co_code`): `dis.get_instructions` describes every instruction of the
    # function, which cost a test more than the request this saves.
    name = dis.opname[code[offset]]
    method = name == "LOAD_METHOD" or (
        name == "LOAD_ATTR" and sys.version_info >= (3, 12) and code[offset + 1] & METHOD_LOAD_FLAG
    )
    if not method:
        return False
    # What the arguments pushed so far are: True for a constant (safe as a dict key: hashing
    # and comparing it asks no one).
    stack: list[bool] = []
    extended = 0
    for index in range(offset + 2, len(code) - 1, 2):
        name, arg = dis.opname[code[index]], code[index + 1] | extended
        extended = 0
        if name == "EXTENDED_ARG":
            extended = arg << 8
            continue
        if name in SKIPPED:
            continue
        if name == "LOAD_CONST":
            stack.append(True)
        elif name in PUSHES or (name == "LOAD_GLOBAL" and not arg & NULL_FLAG):
            stack.append(False)
        elif name == "LOAD_FAST_LOAD_FAST":
            stack += [False, False]
        elif not _build(name, arg, stack):
            return _call_matches(name, arg, len(stack))
    return False


def _build(name: str, arg: int, stack: list[bool]) -> bool:
    """Apply a container-building instruction to `stack`; False when `name` is none of those
    this module accepts (or takes what it may not)."""
    if name in ("BUILD_TUPLE", "BUILD_LIST"):
        taken = arg
    elif name == "BUILD_MAP":
        # Keys are hashed and compared: constants only.
        taken = 2 * arg
        if taken > len(stack) or not all(stack[len(stack) - taken :: 2]):
            return False
    elif name == "BUILD_CONST_KEY_MAP":
        taken = arg + 1
    elif name == "BUILD_SET" and arg == 0:
        taken = 0
    elif name in ("LIST_EXTEND", "SET_UPDATE"):
        # Iterates its operand: a constant (a literal's tuple or frozenset) only.
        if not stack or not stack[-1]:
            return False
        stack.pop()
        return True
    else:
        return False
    if taken > len(stack):
        return False
    del stack[len(stack) - taken :]
    stack.append(False)
    return True


def _call_matches(name: str, arg: int, pushed: int) -> bool:
    """Whether `name` calls the loaded method with exactly the `pushed` arguments."""
    if name in ("PRECALL", "CALL"):
        return arg == pushed
    if name == "CALL_KW":
        return arg + 1 == pushed  # the keywords' names are pushed last
    return False
