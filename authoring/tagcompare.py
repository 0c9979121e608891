"""Computed dependency tags against the hand-written tags of ClassEval records.

ClassEval sometimes names the bound name (``Counter``) instead of the module
(``collections``); both sides are compared as modules, resolved through the record's
import statements.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import libcst as cst

from classwright.evaluator.dependencies import method_dependencies
from classwright.schema.records import TaskRecord

KINDS = ("standalone", "lib", "field", "method")


@dataclass
class KindAgreement:
    """How often the computed and hand tags agree for one kind of dependency."""

    kind: str
    agree: int = 0
    computed_only: list[str] = field(default_factory=list)
    """``task.method: names`` found by us and not tagged by hand."""
    hand_only: list[str] = field(default_factory=list)
    """``task.method: names`` tagged by hand and not found in the code."""

    @property
    def disagree(self) -> int:
        return len(self.computed_only) + len(self.hand_only)


@dataclass
class TagComparison:
    methods: int = 0
    exact: int = 0
    """Methods whose four kinds all agree."""
    kinds: dict[str, KindAgreement] = field(
        default_factory=lambda: {k: KindAgreement(k) for k in KINDS}
    )
    unparsable: list[str] = field(default_factory=list)


def _bound_modules(imports: Iterable[str]) -> dict[str, str]:
    """Bound name -> module, from import statements such as ``from docx import Document``."""
    bound: dict[str, str] = {}
    for line in imports:
        try:
            module = cst.parse_module(line)
        except cst.ParserSyntaxError:
            continue
        for stmt in module.body:
            if not isinstance(stmt, cst.SimpleStatementLine):
                continue
            for small in stmt.body:
                if isinstance(small, cst.ImportFrom) and not isinstance(
                    small.names, cst.ImportStar
                ):
                    source = "." * len(small.relative) + _dotted(small.module)
                    for alias in small.names:
                        name = alias.asname.name if alias.asname else alias.name
                        if isinstance(name, cst.Name):
                            bound[name.value] = source
                elif isinstance(small, cst.Import):
                    for alias in small.names:
                        full = _dotted(alias.name)
                        if alias.asname and isinstance(alias.asname.name, cst.Name):
                            bound[alias.asname.name.value] = full
                        else:
                            bound[full.split(".")[0]] = full.split(".")[0]
    return bound


def _dotted(node: cst.BaseExpression | None) -> str:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return f"{_dotted(node.value)}.{node.attr.value}"
    return ""


def compare_tags(records: Iterable[TaskRecord]) -> TagComparison:
    """Compare computed and hand tags over every method of every record."""
    result = TagComparison()
    for record in records:
        try:
            computed = method_dependencies(record.solution_code, record.class_name)
        except (cst.ParserSyntaxError, LookupError):
            result.unparsable.append(record.task_id)
            continue
        modules = _bound_modules(record.import_statement)
        for info in record.methods_info:
            result.methods += 1
            ours = computed.get(info.method_name)
            if ours is None:
                result.unparsable.append(f"{record.task_id}.{info.method_name}")
                continue
            hand = info.dependencies
            where = f"{record.task_id}.{info.method_name}"
            pairs = {
                "standalone": (
                    {"yes"} if ours.standalone else set(),
                    {"yes"} if hand.standalone else set(),
                ),
                "lib": (set(ours.lib), {modules.get(n, n) for n in hand.lib}),
                "field": (set(ours.field), set(hand.field)),
                "method": (set(ours.method), set(hand.method)),
            }
            all_agree = True
            for kind, (mine, theirs) in pairs.items():
                agreement = result.kinds[kind]
                if mine == theirs:
                    agreement.agree += 1
                    continue
                all_agree = False
                if mine - theirs:
                    agreement.computed_only.append(f"{where}: {', '.join(sorted(mine - theirs))}")
                if theirs - mine:
                    agreement.hand_only.append(f"{where}: {', '.join(sorted(theirs - mine))}")
            result.exact += all_agree
    return result
