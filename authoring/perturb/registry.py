"""The operator catalogue: every operator, by name, and operator sets as the CLI takes them.

Operators are discovered in ``classwright.authoring.perturb.operators``: every ``Operator``
subclass defined in a module there whose name does not start with ``_`` is registered
(``classwright.authoring.catalogue``).
"""

from __future__ import annotations

import difflib
from functools import cache

from classwright.authoring.catalogue import declared_classes
from classwright.authoring.perturb import operators as operators_package
from classwright.authoring.perturb.operator import Operator
from classwright.schema.errors import InputError

ORDER = (
    "rename",
    "shuffle-methods",
    "reorder-params",
    "redraw-examples",
    "change-constants",
    "split",
)
"""The order operators of one set are applied in, whatever order they were named in (names
first: later operators read the renamed task, and their records quote the new names; ``split``
last, since the others change one class)."""


@cache
def all_operators() -> tuple[type[Operator], ...]:
    """Every registered operator class, in application order (unlisted ones last, by name)."""
    found = declared_classes(operators_package, Operator, "name", "operators")
    return tuple(sorted(found.values(), key=_position))


def _position(operator: type[Operator]) -> tuple[int, str]:
    name = operator.name
    return (ORDER.index(name) if name in ORDER else len(ORDER), name)


def operator_by_name(name: str) -> type[Operator]:
    """The operator with this name, or ``KeyError``."""
    for operator in all_operators():
        if operator.name == name.strip().lower():
            return operator
    raise KeyError(name)


def parse_operators(text: str, option: str = "--ops") -> list[Operator]:
    """``"rename,shuffle-methods"`` (or ``all``) -> instances, in application order; an unknown
    name is an ``InputError`` naming the closest ones."""
    names = [part.strip().lower() for part in text.split(",") if part.strip()]
    if not names:
        raise InputError(option, "name at least one operator (or all)")
    known = [operator.name for operator in all_operators()]
    if "all" in names:
        return [operator() for operator in all_operators()]
    for name in names:
        if name not in known:
            close = difflib.get_close_matches(name, known, n=2, cutoff=0.6)
            hint = f"; did you mean {' or '.join(close)}?" if close else ""
            raise InputError(
                option, f"no operator is named {name!r}{hint} (operators: {', '.join(known)})"
            )
    return [operator() for operator in all_operators() if operator.name in names]
