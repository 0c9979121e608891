"""Hypothesis strategies for the types a method's contract states.

The types themselves are read by ``classwright.evaluator.contract`` (annotations and docstring
phrases alike), the same reading the contract rules use, so a type the check accepts is a type
fuzzing can generate. Basic types all have a strategy; of the named types, only ``complex``,
``datetime`` and ``date`` do. A parameter without a strategy leaves its method unfuzzed,
rather than fed guesses that the canonical solution would mostly reject.

Generated values stay small and plain so a diverging input is readable: integers within
±1000, printable ASCII text of at most 20 characters, containers of 1 to 5 elements (never
empty: the contract names what they hold), floats without NaN or infinities unless the
contract mentions them, dates between 2000 and 2030. Strings and numbers are also drawn from
the values the task's tests and docstring examples write, and near variants of them
(``Seeds``), so that code behind a format guard is reached.
"""

from __future__ import annotations

import datetime
import re
import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
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


SEED_LIMIT = 200
"""The most seeds of one type: more would only dilute the draws of each."""


@dataclass(frozen=True)
class Seeds:
    """Values the task itself writes (in its tests and its docstring examples), by type, with
    near variants of each: a date stamp one day on, a price one cent up. Random text never
    passes a format guard (`datetime.strptime(stamp, "%Y-%m-%d %H:%M")`, a price pattern, an
    ISO week), so the code behind it is never run; the task's own values and their neighbours
    do pass it, and reach that code."""

    values: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    """``str``, ``int`` or ``float`` -> the values of that type to draw from."""

    @classmethod
    def of(cls, literals: Iterable[Any]) -> Seeds:
        found: dict[str, list[Any]] = {"str": [], "int": [], "float": []}
        for value in literals:
            if isinstance(value, bool):
                continue
            if isinstance(value, str) and len(value) <= 60:
                found["str"] += [value, *_text_variants(value)]
            elif isinstance(value, int):
                found["int"] += [value, value - 1, value + 1, -value]
                found["float"] += [float(value)]
            elif isinstance(value, float) and value == value and abs(value) != float("inf"):
                found["float"] += [value, round(value + 0.01, 10), round(value - 0.01, 10), -value]
        return cls({kind: tuple(dict.fromkeys(v))[:SEED_LIMIT] for kind, v in found.items() if v})


def _text_variants(text: str) -> list[str]:
    """A text with one of its first two or last two digits moved up by one, and with its last
    character left out: the same format with another value, and a near miss of it."""
    variants = []
    digits = [i for i, c in enumerate(text) if c.isdigit()]
    digits = sorted(set(digits[:2] + digits[-2:]))
    for i in digits:
        variants.append(text[:i] + str((int(text[i]) + 1) % 10) + text[i + 1 :])
    if len(text) > 1:
        variants.append(text[:-1])
    return variants


NO_SEEDS = Seeds()


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


def strategy_for(
    spec: ContractType, *, nonfinite: bool = False, seeds: Seeds = NO_SEEDS
) -> st.SearchStrategy[Any]:
    """Values of ``spec``; containers hold 1 to 5 elements. A string or number is drawn as
    often from ``seeds`` of its type as afresh (a fresh value first, so that shrinking still
    ends at the plainest input)."""
    drawn = _strategy(spec, nonfinite, seeds)
    own = seeds.values.get(spec.kind, ())
    return st.one_of(drawn, st.sampled_from(own)) if own else drawn


def _strategy(spec: ContractType, nonfinite: bool, seeds: Seeds) -> st.SearchStrategy[Any]:
    if spec.kind == NAMED:
        if spec.name not in _NAMED:
            raise ValueError(f"no strategy for {spec}")
        return _NAMED[spec.name]
    if spec.kind == UNION:
        # None is one value among many; generate the described types themselves.
        members = [m for m in spec.items if m.kind != "none"] or list(spec.items)
        return st.one_of(*(strategy_for(m, nonfinite=nonfinite, seeds=seeds) for m in members))
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
    items = [strategy_for(i, nonfinite=nonfinite, seeds=seeds) for i in spec.items]
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
