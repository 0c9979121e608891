"""Typed task records: ClassEval's record, field for field, plus classwright's own fields.

A record is derived from a task folder (see ``classwright.authoring.taskdir``) or read from
ClassEval JSON / JSONL. ``to_json`` gives ClassEval's field names and layout, so a list of
records dumped as JSON is readable by ClassEval's own tooling.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Dependencies:
    """What a method's canonical solution depends on (computed, see ``authoring.dependencies``)."""

    standalone: bool
    """True when the method uses no library, no field and no other method."""
    lib: tuple[str, ...] = ()
    """Modules the method uses, resolved from the import that bound the name (``re``, ``numpy``)."""
    field: tuple[str, ...] = ()
    """Fields read or written, spelled ``self.name`` as ClassEval does."""
    method: tuple[str, ...] = ()
    """Other methods of the class that the method calls."""

    def to_json(self) -> dict[str, Any]:
        return {
            "Standalone": self.standalone,
            "lib_dependencies": list(self.lib),
            "field_dependencies": list(self.field),
            "method_dependencies": list(self.method),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Dependencies:
        return cls(
            standalone=bool(data["Standalone"]),
            lib=tuple(data.get("lib_dependencies", ())),
            field=tuple(data.get("field_dependencies", ())),
            method=tuple(data.get("method_dependencies", ())),
        )


@dataclass(frozen=True)
class MethodInfo:
    """One method of the class under test, as ClassEval's ``methods_info`` entry."""

    method_name: str
    method_description: str
    """The signature line and docstring, as the skeleton shows them."""
    test_class: str
    """Name of the method-level test class, ``<Class>Test<Method>``."""
    test_code: str
    """Source of that test class ("" when the task has none)."""
    solution_code: str
    """The canonical method, docstring removed."""
    dependencies: Dependencies

    def to_json(self) -> dict[str, Any]:
        return {
            "method_name": self.method_name,
            "method_description": self.method_description,
            "test_class": self.test_class,
            "test_code": self.test_code,
            "solution_code": self.solution_code,
            "dependencies": self.dependencies.to_json(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MethodInfo:
        return cls(
            method_name=data["method_name"],
            method_description=data["method_description"],
            test_class=data["test_class"],
            test_code=data["test_code"],
            solution_code=data["solution_code"],
            dependencies=Dependencies.from_json(data["dependencies"]),
        )


@dataclass(frozen=True)
class Suppression:
    """A rule switched off for one task, with the reason a reviewer accepted."""

    code: str
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "reason": self.reason}


@dataclass(frozen=True)
class TaskRecord:
    """A whole task. The first eleven fields are ClassEval's; the rest are optional extras."""

    task_id: str
    skeleton: str
    test: str
    """The unittest module, without the import of the class under test (ClassEval's layout)."""
    solution_code: str
    """The canonical solution: imports and class, docstrings removed."""
    import_statement: tuple[str, ...]
    class_description: str
    class_name: str
    test_classes: tuple[str, ...]
    class_constructor: str
    fields: tuple[str, ...]
    methods_info: tuple[MethodInfo, ...]
    # classwright's extras: absent from ClassEval's data, optional in the schema.
    title: str = ""
    topic: str = ""
    provenance: tuple[str, ...] = ()
    """Where the task came from and every repair made to it on import."""
    authors: tuple[str, ...] = ()
    reviewers: tuple[str, ...] = ()
    suppressions: tuple[Suppression, ...] = ()
    test_ids: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Test methods of every test class found in ``test``; a class named in
    ``test_classes`` that has no entry here does not exist."""
    contract_solution: str = ""
    """The canonical solution WITH its docstring contract (``solution.py``)."""
    created: str = ""
    """The day the task was written (YYYY-MM-DD); its release follows from it
    (``releases.toml``). Empty when unknown."""

    def method(self, name: str) -> MethodInfo:
        for info in self.methods_info:
            if info.method_name == name:
                return info
        raise KeyError(name)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "task_id": self.task_id,
            "skeleton": self.skeleton,
            "test": self.test,
            "solution_code": self.solution_code,
            "import_statement": list(self.import_statement),
            "class_description": self.class_description,
            "class_name": self.class_name,
            "test_classes": list(self.test_classes),
            "class_constructor": self.class_constructor,
            "fields": list(self.fields),
            "methods_info": [m.to_json() for m in self.methods_info],
        }
        extras: dict[str, Any] = {
            "title": self.title,
            "topic": self.topic,
            "provenance": list(self.provenance),
            "authors": list(self.authors),
            "reviewers": list(self.reviewers),
            "suppressions": [s.to_json() for s in self.suppressions],
            "test_ids": {k: list(v) for k, v in self.test_ids.items()},
            "contract_solution": self.contract_solution,
            "created": self.created,
        }
        data.update({k: v for k, v in extras.items() if v})
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TaskRecord:
        """Build a record from a dict already checked against ``task.schema.json``."""
        return cls(
            task_id=data["task_id"],
            skeleton=data["skeleton"],
            test=data["test"],
            solution_code=data["solution_code"],
            import_statement=tuple(data["import_statement"]),
            class_description=data["class_description"],
            class_name=data["class_name"],
            test_classes=tuple(data["test_classes"]),
            class_constructor=data["class_constructor"],
            fields=tuple(data["fields"]),
            methods_info=tuple(MethodInfo.from_json(m) for m in data["methods_info"]),
            title=data.get("title", ""),
            topic=data.get("topic", ""),
            provenance=tuple(data.get("provenance", ())),
            authors=tuple(data.get("authors", ())),
            reviewers=tuple(data.get("reviewers", ())),
            suppressions=tuple(
                Suppression(s["code"], s["reason"]) for s in data.get("suppressions", ())
            ),
            test_ids={k: tuple(v) for k, v in data.get("test_ids", {}).items()},
            contract_solution=data.get("contract_solution", ""),
            created=data.get("created", ""),
        )
