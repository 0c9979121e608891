"""The rule catalogue: every rule, looked up by code or name, selected by code or prefix.

Rules are discovered in ``classwright.authoring.rules``: every ``Rule`` subclass defined in a
module there whose name does not start with ``_`` is registered, as
``classwright.authoring.catalogue`` finds them (see that package for how rule files are named).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from functools import cache

from classwright.authoring import rules as rules_package
from classwright.authoring.catalogue import declared_classes
from classwright.authoring.lint.rule import Kind, Rule
from classwright.schema.errors import InputError


@cache
def all_rules() -> tuple[type[Rule], ...]:
    """Every registered rule class, ordered by code."""
    found = declared_classes(rules_package, Rule, "code", "rules")
    return tuple(found[code] for code in sorted(found))


def rule_by_code(code: str) -> type[Rule]:
    """The rule with this code or name (case-insensitive: ``CW402``, ``variadic-parameter``),
    or ``KeyError``."""
    wanted = code.strip().upper()
    for rule in all_rules():
        if wanted in (rule.code, rule.name.upper()):
            return rule
    raise KeyError(code)


def unknown_rule_message(selector: str) -> str:
    """``no rule has the code or name 'x'``, with the closest names when there are some."""
    # Names only: codes one digit apart are all "close" and say nothing.
    names = [rule.name for rule in all_rules()]
    close = difflib.get_close_matches(selector.strip().lower(), names, n=3, cutoff=0.75)
    hint = f"; did you mean {' or '.join(close)}?" if close else " (see: classwright rule --all)"
    return f"no rule has the code or name {selector!r}{hint}"


def _matches(rule: type[Rule], selector: str) -> bool:
    selector = selector.strip().upper()
    return selector in ("ALL", rule.name.upper()) or (
        selector.startswith("CW") and rule.code.startswith(selector)
    )


def parse_codes(text: str | Sequence[str] | None) -> list[str]:
    """``"CW1,CW501"`` or ``["CW1", "variadic-parameter"]`` -> one selector per item."""
    if text is None:
        return []
    parts = [text] if isinstance(text, str) else list(text)
    return [p.strip() for part in parts for p in part.split(",") if p.strip()]


def select_rules(
    select: Iterable[str] = (), ignore: Iterable[str] = (), static_only: bool = False
) -> list[Rule]:
    """Instances of the rules matching a selector in ``select`` (all when empty) and none in
    ``ignore``. A selector is a code (``CW501``), a prefix (``CW5``, ``CW50``), a rule's name
    (``too-few-method-tests``) or ``ALL``; one that matches no rule is an ``InputError``."""
    rules = all_rules()
    select, ignore = list(select), list(ignore)
    for option, selectors in (("--select", select), ("--ignore", ignore)):
        for selector in selectors:
            if not any(_matches(rule, selector) for rule in rules):
                raise InputError(option, unknown_rule_message(selector))
    chosen = [
        rule()
        for rule in rules
        if (not select or any(_matches(rule, s) for s in select))
        and not any(_matches(rule, s) for s in ignore)
        and not (static_only and rule.kind is Kind.DYNAMIC)
    ]
    return chosen
