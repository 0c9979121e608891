"""Hypothesis strategies for the types a method's contract states.

The types themselves are read by ``classwright.evaluator.contract`` (annotations and docstring
phrases alike), the same reading the contract rules use, so a type the check accepts is a type
fuzzing can generate. Basic types all have a strategy; of the named types, only ``complex``,
``datetime`` and ``date`` do. A parameter without a strategy leaves its method unfuzzed,
rather than fed guesses that the canonical solution would mostly reject.

Generated values stay small and plain so a diverging input is readable: integers within
±1000, printable ASCII text of at most 20 characters, containers of 1 to 5 elements (never
empty: the contract names what they hold), floats without NaN or infinities unless the
contract mentions them, dates between 2000 and 2030.
"""

from __future__ import annotations

import datetime
import re
import string
from typing import Any

from hypothesis import strategies as st

from classwright.evaluator.contract import NAMED, UNION, ContractType

_TEXT = st.text(
    alphabet=string.ascii_letters + string.digits + string.punctuation + " ", max_size=20
)
_INTEGERS = st.integers(min_value=-1000, max_value=1000)
_NONFINITE = re.compile(r"\b(nan|inf|infinity|infinite)\b", re.IGNORECASE)
_FIRST_DAY = datetime.datetime(2000, 1, 1)
_LAST_DAY = datetime.datetime(2030, 12, 31)
_NAMED: dict[str, st.SearchStrategy[Any]] = {
    "complex": st.complex_numbers(max_magnitude=1e6, allow_nan=False, allow_infinity=False),
    "datetime": st.datetimes(min_value=_FIRST_DAY, max_value=_LAST_DAY),
    "datetime.datetime": st.datetimes(min_value=_FIRST_DAY, max_value=_LAST_DAY),
    "date": st.dates(min_value=_FIRST_DAY.date(), max_value=_LAST_DAY.date()),
    "datetime.date": st.dates(min_value=_FIRST_DAY.date(), max_value=_LAST_DAY.date()),
}


def generatable(spec: ContractType) -> bool:
    """True when ``strategy_for`` can draw values of ``spec``."""
    if spec.kind == NAMED:
        return spec.name in _NAMED
    hashed = spec.items[:1] if spec.kind in ("set", "frozenset", "dict") else ()
    return all(_hashable(item) for item in hashed) and all(generatable(i) for i in spec.items)


def _hashable(spec: ContractType) -> bool:
    if spec.kind in ("list", "set", "dict"):
        return False
    return all(_hashable(item) for item in spec.items)


def allows_nonfinite(docstring: str) -> bool:
    """True when the contract speaks of NaN or infinities, so floats may take those values."""
    return bool(_NONFINITE.search(docstring))


def strategy_for(spec: ContractType, *, nonfinite: bool = False) -> st.SearchStrategy[Any]:
    """Values of ``spec``; containers hold 1 to 5 elements."""
    if spec.kind == NAMED:
        if spec.name not in _NAMED:
            raise ValueError(f"no strategy for {spec}")
        return _NAMED[spec.name]
    if spec.kind == UNION:
        # None is one value among many; generate the described types themselves.
        members = [m for m in spec.items if m.kind != "none"] or list(spec.items)
        return st.one_of(*(strategy_for(m, nonfinite=nonfinite) for m in members))
    if spec.kind == "int":
        return _INTEGERS
    if spec.kind == "float":
        if nonfinite:
            return st.floats(allow_nan=True, allow_infinity=True, width=64)
        return st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False)
    if spec.kind == "str":
        return _TEXT
    if spec.kind == "bool":
        return st.booleans()
    if spec.kind == "none":
        return st.none()
    items = [strategy_for(i, nonfinite=nonfinite) for i in spec.items]
    if spec.kind in ("list", "set", "frozenset") or (
        spec.kind == "tuple" and (spec.open_tuple or not items)
    ):
        # An untyped container holds one kind of element, as real data does, not a mix.
        elements = items[:1] or [_INTEGERS, _TEXT]
        if spec.kind == "set":
            return st.one_of(*(st.sets(e, min_size=1, max_size=5) for e in elements))
        if spec.kind == "frozenset":
            return st.one_of(*(st.frozensets(e, min_size=1, max_size=5) for e in elements))
        lists = st.one_of(*(st.lists(e, min_size=1, max_size=5) for e in elements))
        return lists.map(tuple) if spec.kind == "tuple" else lists
    if spec.kind == "tuple":
        return st.tuples(*items)
    if spec.kind == "dict":
        keys = items[0] if items else _TEXT
        values = items[1:2] or [_INTEGERS, _TEXT]
        return st.one_of(*(st.dictionaries(keys, v, min_size=1, max_size=5) for v in values))
    raise ValueError(f"no strategy for {spec}")
