"""Import ClassEval's published records (JSON or Hugging Face parquet) as task folders.

``solution.py`` is the canonical solution with the skeleton's docstrings merged in (LibCST),
``tests.py`` is ClassEval's test module importing from ``solution``. Defects of the published
data are repaired only where the intent is unambiguous, and every repair is written into the
task's provenance; a record that cannot be imported is reported with its reason.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import libcst as cst

from classwright.authoring.classeval_plus import (
    TaskOverlay,
    apply_overlay,
    declaration_notes,
    prompt_suppressions,
    retarget_test_classes,
)
from classwright.authoring.classmodel import ClassTransformer, docstring_statement
from classwright.authoring.taskdir import TaskFolder, load_task_folder, write_task_folder
from classwright.authoring.testmodule import (
    SOLUTION_MODULE,
    TestModule,
    analyse_tests,
    method_test_class,
)
from classwright.evaluator.dependencies import class_methods, find_class
from classwright.evaluator.progress import NO_PROGRESS, ProgressReporter
from classwright.schema.descriptions import normalise_description
from classwright.schema.errors import InputError
from classwright.schema.io import read_json
from classwright.schema.validation import validate

SOURCE = "ClassEval (FudanSELab/ClassEval, MIT licence)"


@dataclass
class ImportOutcome:
    """What happened to one ClassEval record."""

    task_id: str
    folder: Path | None = None
    repairs: list[str] = field(default_factory=list)
    error: str | None = None
    excluded: str | None = None
    """Why ClassEval+ leaves the task out (no folder is written)."""
    plus: list[str] = field(default_factory=list)
    """What ClassEval+ changed in the tests, one line per change."""


def read_classeval(path: str | Path) -> list[dict[str, Any]]:
    """ClassEval records from its JSON file or its Hugging Face parquet file."""
    source = Path(path)
    if source.suffix == ".parquet":
        try:
            import pyarrow.parquet as pq  # optional: only for the parquet form
        except ImportError:
            raise InputError(
                source, "reading parquet needs pyarrow: pip install 'classwright[parquet]'"
            ) from None
        try:
            rows: list[dict[str, Any]] = pq.read_table(source).to_pylist()
        except Exception as exc:  # pyarrow raises many types for a bad file
            raise InputError(source, f"cannot read parquet: {exc}") from None
        return rows
    data = read_json(source)
    if not isinstance(data, list):
        raise InputError(source, "expected a JSON list of ClassEval records")
    return data


def _parse_or_none(code: str) -> cst.Module | None:
    try:
        return cst.parse_module(code)
    except cst.ParserSyntaxError:
        return None


def _docstring_from_description(description: str) -> tuple[cst.SimpleStatementLine | None, str]:
    """The docstring in a ``method_description``; repairs are returned as a note."""
    described = normalise_description(description)
    module = _parse_or_none(described.source) if described is not None else None
    class_def = find_class(module) if module is not None else None
    methods = class_methods(class_def) if class_def is not None else []
    if described is None or not methods:
        return None, ""
    return docstring_statement(methods[0].body), described.repair


class _MergeDocstrings(ClassTransformer):
    """Put the contract's docstrings into the canonical class (class, ``__init__``, methods)."""

    def __init__(
        self,
        class_name: str,
        class_doc: cst.SimpleStatementLine | None,
        method_docs: Mapping[str, cst.SimpleStatementLine],
    ) -> None:
        super().__init__(class_name)
        self.class_doc = class_doc
        self.method_docs = method_docs

    def rewrite_class(self, node: cst.ClassDef) -> cst.ClassDef:
        return _with_docstring(node, self.class_doc) if self.class_doc else node

    def rewrite_method(self, node: cst.FunctionDef) -> cst.FunctionDef:
        doc = self.method_docs.get(node.name.value)
        return _with_docstring(node, doc) if doc is not None else node


def _with_docstring(node: Any, doc: cst.SimpleStatementLine) -> Any:
    body = node.body
    if not isinstance(body, cst.IndentedBlock):
        return node
    rest = list(body.body)
    if docstring_statement(body) is not None:
        rest = rest[1:]
    if rest and isinstance(rest[0], cst.SimpleStatementLine | cst.BaseCompoundStatement):
        # Blank lines go (the docstring now opens the body); a comment stays with its code.
        kept = [line for line in rest[0].leading_lines if line.comment is not None]
        rest[0] = rest[0].with_changes(leading_lines=kept)
    return node.with_changes(
        body=body.with_changes(body=[doc.with_changes(leading_lines=()), *rest])
    )


def _string_content(module: cst.Module) -> str | None:
    """The text of a module that is one string literal, else None."""
    if len(module.body) != 1:
        return None
    stmt = module.body[0]
    if (
        isinstance(stmt, cst.SimpleStatementLine)
        and len(stmt.body) == 1
        and isinstance(stmt.body[0], cst.Expr)
        and isinstance(stmt.body[0].value, cst.SimpleString)
    ):
        value = stmt.body[0].value.evaluated_value
        return value if isinstance(value, str) else None
    return None


def _described_class_doc(record: Mapping[str, Any]) -> cst.SimpleStatementLine | None:
    """The class docstring in a record's ``class_description``, when it holds one."""
    described = _parse_or_none(
        f"class {record['class_name']}:\n" + record["class_description"] + "    pass\n"
    )
    if described is None or (cls := find_class(described)) is None:
        return None
    return docstring_statement(cls.body)


def _contract_docstrings(
    record: Mapping[str, Any], outcome: ImportOutcome
) -> tuple[cst.SimpleStatementLine | None, dict[str, cst.SimpleStatementLine]]:
    class_name = record["class_name"]
    skeleton = _parse_or_none(record["skeleton"])
    if skeleton is not None and find_class(skeleton, class_name) is None:
        wrapped = _string_content(skeleton)
        if wrapped is not None and (inner := _parse_or_none(wrapped)) is not None:
            outcome.repairs.append(
                "the published skeleton is wrapped in a string literal; its content was used"
            )
            skeleton = inner
    if skeleton is not None and (class_def := find_class(skeleton, class_name)) is not None:
        docs = {}
        for func in class_methods(class_def):
            doc = docstring_statement(func.body)
            if doc is not None:
                docs[func.name.value] = doc
        class_doc = docstring_statement(class_def.body)
        if class_doc is None and (class_doc := _described_class_doc(record)) is not None:
            outcome.repairs.append(
                "the published skeleton's class has no docstring; class_description was used"
            )
        return class_doc, docs
    outcome.repairs.append(
        "the published skeleton is not valid Python; docstrings were taken from "
        "class_description, class_constructor and each method_description instead"
    )
    class_doc = _described_class_doc(record)
    docs = {}
    constructor = _parse_or_none(record["class_constructor"].replace(": \n", ":\n", 1))
    if constructor is not None and (cls := find_class(constructor)) is not None:
        for func in class_methods(cls):
            doc = docstring_statement(func.body)
            if doc is not None:
                docs[func.name.value] = doc
    for method in record["methods_info"]:
        doc, note = _docstring_from_description(method["method_description"])
        if doc is not None:
            docs[method["method_name"]] = doc
            if note:
                outcome.repairs.append(f"{method['method_name']}: {note}")
        else:
            outcome.repairs.append(f"{method['method_name']}: docstring could not be recovered")
    return class_doc, docs


def _meta(
    record: Mapping[str, Any],
    outcome: ImportOutcome,
    overrides: dict[str, str],
    overlay: TaskOverlay | None = None,
) -> dict[str, Any]:
    description = " ".join(record["class_description"].replace('"""', "").split())
    title = description.split(". ")[0].rstrip(".") or record["class_name"]
    provenance = [f"imported from {SOURCE}, record {record['task_id']}"]
    provenance += [f"repaired on import: {note}" for note in outcome.repairs]
    provenance += [f"ClassEval+: {note}" for note in outcome.plus]
    meta: dict[str, Any] = {
        "id": record["task_id"],
        "title": title[:200],
        "topic": "unclassified",
        "authors": ["ClassEval authors"],
        "reviewers": [],
        "provenance": provenance,
    }
    if overrides:
        meta["test_classes"] = overrides
    if overlay is not None and overlay.prompt_suppressions:
        meta["suppressions"] = prompt_suppressions(overlay)
    if overlay is not None and overlay.equivalent_mutants:
        meta["equivalent_mutants"] = [m.to_json() for m in overlay.equivalent_mutants]
    if overlay is not None and overlay.uncovered_branches:
        meta["uncovered_branches"] = [b.to_json() for b in overlay.uncovered_branches]
    return meta


def import_record(
    record: Mapping[str, Any],
    out_dir: Path,
    folder_name: str,
    overlay: TaskOverlay | None = None,
) -> ImportOutcome:
    """Write one task folder for a ClassEval record and load it back to prove it is valid.

    With an ``overlay`` (ClassEval+), its test repairs and added tests are applied after the
    published record's own repairs, and each change is written into the provenance.
    """
    outcome = ImportOutcome(task_id=str(record.get("task_id", "?")))
    if overlay is not None and overlay.excluded is not None:
        outcome.excluded = overlay.excluded
        return outcome
    validate(
        "task",
        {k: v for k, v in record.items() if k not in ("predict", "raw_output")},
        "ClassEval record",
        outcome.task_id,
    )
    class_name = record["class_name"]
    merged = _merged_solution(record, class_name, outcome)
    if merged is None:
        return outcome
    test_module_text = _test_module_text(record)
    try:
        test_module = analyse_tests(test_module_text, "tests.py")
    except InputError as exc:
        outcome.error = f"the test module is not valid Python: {exc.message}"
        return outcome
    present = {c.name for c in test_module.classes}
    outcome.repairs += _test_class_repairs(record, test_module, present)
    overrides = _test_class_overrides(record, class_name, present)
    if overlay is not None:
        test_module_text = _apply_plus(
            record, class_name, test_module_text, overrides, overlay, outcome
        )
    folder = out_dir / folder_name
    write_task_folder(folder, _meta(record, outcome, overrides, overlay), merged, test_module_text)
    try:
        load_task_folder(folder)
    except InputError as exc:
        outcome.error = f"imported folder does not load: {exc.describe()}"
        return outcome
    outcome.folder = folder
    return outcome


def _merged_solution(
    record: Mapping[str, Any], class_name: str, outcome: ImportOutcome
) -> str | None:
    """The canonical solution with the contract's docstrings merged in; None (with
    `outcome.error` set) when it does not parse or lacks the class."""
    solution = _parse_or_none(record["solution_code"])
    if solution is None or find_class(solution, class_name) is None:
        outcome.error = "the canonical solution is not valid Python or lacks the class"
        return None
    class_doc, method_docs = _contract_docstrings(record, outcome)
    merged = solution.visit(_MergeDocstrings(class_name, class_doc, method_docs)).code
    if not merged.endswith("\n"):
        merged += "\n"
    missing = _imports_missing_from(solution, record.get("import_statement") or [])
    if missing:
        # ClassEval's harness puts the record's import statements before the code it tests;
        # a task's imports are derived from its solution, so ones only the record lists are
        # moved into the solution, or the tests that need them would fail for every sample.
        merged = "".join(f"{statement}\n" for statement in missing) + merged
        outcome.repairs.append(
            "import statements listed but missing from the canonical solution were added: "
            + "; ".join(missing)
        )
    return merged


def _imports_missing_from(solution: cst.Module, listed: list[str]) -> list[str]:
    """The record's import statements that are not module-level statements of the solution."""
    present = {
        solution.code_for_node(statement).strip()
        for statement in solution.body
        if isinstance(statement, cst.SimpleStatementLine)
        and all(isinstance(part, cst.Import | cst.ImportFrom) for part in statement.body)
    }
    return [s.strip() for s in listed if s.strip() and s.strip() not in present]


def _test_module_text(record: Mapping[str, Any]) -> str:
    """The record's tests as a module of their own, importing the solution as ClassEval's
    harness does."""
    tests: str = record["test"]
    if not tests.endswith("\n"):
        tests += "\n"
    return f"from {SOLUTION_MODULE} import *\n" + tests


def _test_class_repairs(
    record: Mapping[str, Any], test_module: TestModule, present: set[str]
) -> list[str]:
    """Where the record's list of test classes and the test module disagree."""
    repairs = []
    for listed in record["test_classes"]:
        if listed != listed.strip() and listed.strip() in present:
            repairs.append(f"test class name {listed!r} listed with surrounding spaces")
        elif listed not in present:
            repairs.append(f"listed test class {listed} does not exist in the test module")
    for name in present - {t.strip() for t in record["test_classes"]}:
        repairs.append(f"test class {name} exists but was not listed")
    for test_class in test_module.classes:
        if not test_class.tests:
            repairs.append(f"test class {test_class.name} holds no tests (kept as published)")
    return repairs


def _test_class_overrides(
    record: Mapping[str, Any], class_name: str, present: set[str]
) -> dict[str, str]:
    """Method name -> its test class, for methods whose test class is not the conventional
    one (a case-only difference counts when the conventional name exists)."""
    overrides: dict[str, str] = {}
    for method in record["methods_info"]:
        wanted = method["test_class"].strip()
        conventional = method_test_class(class_name, method["method_name"])
        if wanted != conventional and not (
            wanted.lower() == conventional.lower() and wanted in present
        ):
            overrides[method["method_name"]] = wanted
    return overrides


def _apply_plus(
    record: Mapping[str, Any],
    class_name: str,
    test_module_text: str,
    overrides: dict[str, str],
    overlay: TaskOverlay,
    outcome: ImportOutcome,
) -> str:
    """The test module with ClassEval+'s repairs and added tests; notes each change."""
    overlaid = apply_overlay(test_module_text, overlay)
    outcome.plus = overlaid.notes
    conventional = {
        m["method_name"]: method_test_class(class_name, m["method_name"])
        for m in record["methods_info"]
    }
    outcome.plus += retarget_test_classes(overrides, conventional, overlay)
    outcome.plus += declaration_notes(overlay)
    return overlaid.source


def _import_one(job: tuple[Mapping[str, Any], Path, str, TaskOverlay | None]) -> ImportOutcome:
    record, out_dir, name, overlay = job
    try:
        return import_record(record, out_dir, name, overlay)
    except InputError as exc:
        return ImportOutcome(task_id=str(record.get("task_id", "?")), error=exc.describe())


def import_classeval(
    records: list[dict[str, Any]],
    out_dir: Path,
    jobs: int = 1,
    progress: ProgressReporter = NO_PROGRESS,
    overlays: Mapping[str, TaskOverlay] | None = None,
) -> Iterator[ImportOutcome]:
    """Import every record, ``jobs`` at a time; yields one outcome per record, in order.

    ``progress`` advances as each outcome is yielded, naming its task id. ``overlays`` (by
    task id) apply ClassEval+; an overlay whose task is not among the records is an error.
    """
    overlays = overlays or {}
    ids = {str(r.get("task_id")) for r in records}
    for task_id, overlay in overlays.items():
        if task_id not in ids:
            raise InputError(overlay.folder, f"overlay for {task_id}, which is not in the data")
    used: set[str] = set()
    work = []
    for record in records:
        name = str(record.get("class_name") or record.get("task_id") or "task")
        if name in used:
            name = f"{name}_{record.get('task_id')}"
        used.add(name)
        work.append((record, out_dir, name, overlays.get(str(record.get("task_id")))))
    if jobs <= 1:
        for outcome in map(_import_one, work):
            progress.advance(outcome.task_id)
            yield outcome
        return
    # LibCST analysis is CPU-bound Python: processes, not threads, use the other cores.
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for outcome in pool.map(_import_one, work, chunksize=4):
            progress.advance(outcome.task_id)
            yield outcome


def loaded(outcome: ImportOutcome) -> TaskFolder | None:
    """The loaded folder of a successful import."""
    return load_task_folder(outcome.folder) if outcome.folder else None
