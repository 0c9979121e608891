"""Backends: where completions come from, and the one way to open any of them.

Each backend is one module of this package, named by its :class:`BackendName` value, with two
functions: ``backend(model, options) -> Backend`` opens it and ``identity(model) -> str`` names
the model as the config hash records it. :func:`open_backend` finds the module by name, so a
new backend is its module plus its member in ``BackendName``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Protocol, cast

from classwright.evaluator.backends.base import (
    PRESETS,
    Backend,
    BackendName,
    Completion,
    GenerationError,
    Request,
    Sampling,
    Usage,
)
from classwright.schema.errors import InputError

if TYPE_CHECKING:
    from classwright.evaluator.backends.options import GenerationOptions

__all__ = [
    "PRESETS",
    "Backend",
    "BackendName",
    "Completion",
    "GenerationError",
    "Request",
    "Sampling",
    "Usage",
    "model_identity",
    "open_backend",
]


class _BackendModule(Protocol):
    def backend(self, model: str, options: GenerationOptions) -> Backend: ...

    def identity(self, model: str) -> str: ...


def _module(name: str) -> _BackendModule:
    try:
        known = BackendName(name)
    except ValueError:
        names = ", ".join(member.value for member in BackendName)
        raise InputError(name, f"no such backend (known: {names})") from None
    # Imported on demand: a backend's module may pull in a heavy engine (vLLM).
    return cast(_BackendModule, importlib.import_module(f"{__name__}.{known.value}"))


def open_backend(name: str, model: str, options: GenerationOptions | None = None) -> Backend:
    """The backend called ``name`` serving ``model``, set up by ``options`` (style, client,
    engine; defaults when None). Close it when done.

    An unknown name or model raises ``InputError``; a model that cannot be loaded or a server
    that cannot be used raises ``GenerationError``.
    """
    from classwright.evaluator.backends.options import GenerationOptions

    module = _module(name)
    return module.backend(model, options or GenerationOptions(BackendName(name), model))


def model_identity(name: str, model: str) -> str:
    """``model`` as the config hash records it for the backend ``name``, known before the
    backend is opened (a model folder or replayed file by its absolute path)."""
    return _module(name).identity(model)
