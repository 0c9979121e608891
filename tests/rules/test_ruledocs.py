"""docs/rules.md is generated from the rules; this fails when it drifts from them."""

from __future__ import annotations

from pathlib import Path

from classwright.authoring.lint.registry import all_rules
from classwright.authoring.ruledocs import rules_markdown

RULES_PAGE = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def test_rules_page_matches_the_rules() -> None:
    assert RULES_PAGE.read_text(encoding="utf-8") == rules_markdown(), (
        "docs/rules.md is stale: run python -m classwright.authoring.ruledocs docs/rules.md"
    )


def test_rules_page_documents_every_rule_with_its_sections() -> None:
    text = rules_markdown()
    for rule in all_rules():
        assert f"## {rule.code} `{rule.name}`" in text
    assert text.count("### What it does") == len(all_rules())
    assert text.count("### Use instead") == len(all_rules())
