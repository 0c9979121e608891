"""A package's public names, imported from their home modules on first use (in the lowest layer,
which every package face may import).

``classwright.evaluator`` and ``classwright.authoring`` name what a Python user calls, but
importing either package must stay cheap: every ``import classwright.evaluator.sandbox`` in a
worker, a trainer's reward function or the HTTP client would otherwise load the generation
backends, LibCST and the rule catalogue. A module ``__getattr__`` (PEP 562) does that with a
table and ten lines, so no lazy-loading dependency is added for it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping


def lazy_exports(package: str, homes: Mapping[str, str]) -> Callable[[str], object]:
    """The module ``__getattr__`` of ``package``: ``homes`` maps each public name to the
    module (relative to ``package``) that defines it."""

    def __getattr__(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(f"{package}.{home}"), name)

    return __getattr__
