"""Authoring: LibCST analysis of tasks, task folders, import/export and the rule catalogue.

The names below are the package's public face; each is imported from its home module on
first use, so importing one authoring module does not load the rest.
"""

# The imports below are for type checkers only; __all__ is the table's keys, which ruff cannot
# read, and tests/project/test_public_face.py checks that imports, table and __all__ agree.
# ruff: noqa: F401
from __future__ import annotations

from typing import TYPE_CHECKING

from classwright.schema.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from classwright.authoring.adequacy.fuzzing import FuzzSettings, fuzz_candidates
    from classwright.authoring.adequacy.mutation_run import (
        MutationReport,
        MutationSettings,
        analyse_mutants,
    )
    from classwright.authoring.audit import audit_folders
    from classwright.authoring.check import CheckReport, check_folders, find_task_folders
    from classwright.authoring.classeval_import import import_classeval, read_classeval
    from classwright.authoring.classeval_plus import apply_overlay, read_overlay
    from classwright.authoring.lint.context import CheckSettings
    from classwright.authoring.lint.registry import select_rules
    from classwright.authoring.lint.types import Finding
    from classwright.authoring.scaffold import scaffold_task
    from classwright.authoring.taskdir import (
        TaskFolder,
        bundled_tasks,
        load_task,
        load_task_folder,
        load_tasks,
        write_task_folder,
    )

_HOMES = {
    # task folders
    "load_task": "taskdir",
    "load_tasks": "taskdir",
    "load_task_folder": "taskdir",
    "TaskFolder": "taskdir",
    "bundled_tasks": "taskdir",
    "write_task_folder": "taskdir",
    "scaffold_task": "scaffold",
    # ClassEval in and out, and the ClassEval+ overlay
    "import_classeval": "classeval_import",
    "read_classeval": "classeval_import",
    "read_overlay": "classeval_plus",
    "apply_overlay": "classeval_plus",
    # checking a task against the construction principles
    "check_folders": "check",
    "find_task_folders": "check",
    "select_rules": "lint.registry",
    "CheckReport": "check",
    "CheckSettings": "lint.context",
    "Finding": "lint.types",
    "audit_folders": "audit",
    # test adequacy
    "analyse_mutants": "adequacy.mutation_run",
    "MutationSettings": "adequacy.mutation_run",
    "MutationReport": "adequacy.mutation_run",
    "fuzz_candidates": "adequacy.fuzzing",
    "FuzzSettings": "adequacy.fuzzing",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_exports(__name__, _HOMES)
