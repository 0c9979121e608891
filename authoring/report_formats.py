"""Findings as text, JSON, GitHub workflow commands or SARIF 2.1.0.

Every format carries the exact 1-based line and column of each finding.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Sequence

from classwright.authoring.javacheck import JAVA_RULES
from classwright.authoring.javacheck.rule import JavaRule
from classwright.authoring.lint.registry import all_rules
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity


class OutputFormat(enum.StrEnum):
    TEXT = "text"
    JSON = "json"
    GITHUB = "github"
    SARIF = "sarif"


def format_text(findings: Sequence[Finding]) -> str:
    """``path:line:col: error: CW501 message``, one finding a line.

    The severity stands where compilers put it, so editors and CI problem matchers that read
    ``file:line:col: error|warning: text`` (GCC's form) pick the findings up as they are."""
    return "".join(
        f"{f.path}:{f.line}:{f.column}: {f.severity}: {f.code} {f.message}\n" for f in findings
    )


def format_json(findings: Sequence[Finding]) -> str:
    """A JSON list of findings with code, name, severity, message, task, path, line, column."""
    return json.dumps([f.to_json() for f in findings], indent=2, ensure_ascii=False) + "\n"


def _github_escape(text: str, property_value: bool = False) -> str:
    # The escapes GitHub's workflow-command parser undoes.
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if property_value:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text


def format_github(findings: Sequence[Finding]) -> str:
    """GitHub Actions workflow commands: annotations on the pull request's files."""
    lines = []
    for f in findings:
        level = "error" if f.severity is Severity.ERROR else "warning"
        props = ",".join(
            [
                f"file={_github_escape(f.path, True)}",
                f"line={f.line}",
                f"col={f.column}",
                f"title={_github_escape(f'{f.code} {f.name}', True)}",
            ]
        )
        lines.append(f"::{level} {props}::{_github_escape(f'{f.code} {f.message}')}\n")
    return "".join(lines)


SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def format_sarif(findings: Sequence[Finding]) -> str:
    """A SARIF 2.1.0 log with one run; every registered rule is described in the driver, the
    Java rules after the Python ones (a result's ``ruleIndex`` points at its rule)."""
    rules: list[type[Rule] | type[JavaRule]] = [*all_rules(), *JAVA_RULES]
    index = {rule.code: number for number, rule in enumerate(rules)}
    driver_rules = [
        {
            "id": rule.code,
            "name": rule.name,
            "shortDescription": {"text": rule.summary()},
            "fullDescription": {"text": (rule.__doc__ or "").strip()},
            "defaultConfiguration": {
                "level": "error" if rule.severity is Severity.ERROR else "warning"
            },
            "properties": {"kind": str(rule.kind)},
        }
        for rule in rules
    ]
    results = [
        {
            "ruleId": f.code,
            "ruleIndex": index.get(f.code, -1),
            "level": "error" if f.severity is Severity.ERROR else "warning",
            "message": {"text": f.message},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": f.path},
                        "region": {"startLine": f.line, "startColumn": f.column},
                    }
                }
            ],
            "properties": {"task": f.task},
        }
        for f in findings
    ]
    log = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "classwright", "rules": driver_rules}},
                "results": results,
            }
        ],
    }
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"


FORMATTERS = {
    OutputFormat.TEXT: format_text,
    OutputFormat.JSON: format_json,
    OutputFormat.GITHUB: format_github,
    OutputFormat.SARIF: format_sarif,
}


def format_findings(findings: Sequence[Finding], output: OutputFormat) -> str:
    return FORMATTERS[output](findings)
