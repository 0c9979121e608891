"""JSON Schema checks for the files classwright reads and writes."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import jsonschema
from jsonschema.protocols import Validator

from classwright.schema.errors import InputError


@cache
def schema(name: str) -> dict[str, Any]:
    """The JSON Schema shipped as ``classwright/schema/<name>.schema.json``."""
    text = resources.files("classwright.schema").joinpath(f"{name}.schema.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@cache
def _validator(name: str) -> Validator:
    cls = jsonschema.validators.validator_for(schema(name))
    validator: Validator = cls(schema(name))
    return validator


def validate(name: str, instance: Any, path: str, where: str = "") -> None:
    """Raise ``InputError`` naming ``path`` and the JSON location of the first violation."""
    errors = sorted(_validator(name).iter_errors(instance), key=lambda e: list(e.absolute_path))
    if not errors:
        return
    first = errors[0]
    location = "/".join(str(p) for p in first.absolute_path) or "(root)"
    prefix = f"{where}: " if where else ""
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    raise InputError(path, f"{prefix}{location}: {first.message}{more}")
