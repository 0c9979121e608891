"""Catalogues of classes declared one per module: the rules of ``classwright check`` and the
operators of ``classwright perturb`` are found the same way.

Every subclass of a catalogue's base class that a module of its package defines, and that sets
the catalogue's key itself, is registered; modules whose name starts with ``_`` hold shared
code and are not read.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType
from typing import TypeVar

_Declared = TypeVar("_Declared")


def declared_classes(
    package: ModuleType, base: type[_Declared], key: str, noun: str
) -> dict[str, type[_Declared]]:
    """The classes derived from ``base`` in ``package``'s modules, by their ``key``, in the order
    found; a ``RuntimeError`` when two ``noun`` (rules, operators) claim one key."""
    found: dict[str, type[_Declared]] = {}
    for module_info in pkgutil.iter_modules(package.__path__):
        if module_info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{package.__name__}.{module_info.name}")
        for value in vars(module).values():
            if not (
                isinstance(value, type)
                and issubclass(value, base)
                and value.__module__ == module.__name__
                and key in vars(value)
            ):
                continue
            claimed = getattr(value, key)
            if claimed in found and found[claimed] is not value:
                raise RuntimeError(f"two {noun} claim {claimed}: {module.__name__}")
            found[claimed] = value
    return found
