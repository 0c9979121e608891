"""Write the prompt-side suppressions of ClassEval+ from the findings of a check.

    classwright import classeval ../shared/classeval/ClassEval_data.json --plus --out plus/
    classwright check plus/ --format json > findings.json
    python scripts/classeval_plus_suppressions.py findings.json

ClassEval+ keeps every prompt byte-identical to ClassEval's, so the findings of the prompt-side
rule families (CW1xx-CW4xx) stay; each task's ``repairs.toml`` lists those codes under
``[prompt] suppress``, and the importer writes them into ``task.toml`` with one reason. Every
task's ``[prompt]`` table is rewritten from the findings (a task without such findings loses
it); the rest of the file is kept as written.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import defaultdict
from pathlib import Path

from classwright.authoring.classeval_plus import BUNDLED_OVERLAY, PROMPT_FAMILIES, REPAIRS_FILE

_PROMPT_TABLE = re.compile(r"^\[prompt\]\n(?:(?!\[).*\n)*", re.MULTILINE)


def prompt_codes(findings: list[dict[str, object]]) -> dict[str, set[str]]:
    """Task id -> the prompt-side codes found in it (suppressed ones included)."""
    codes: dict[str, set[str]] = defaultdict(set)
    for finding in findings:
        code = str(finding["code"])
        if code.startswith(PROMPT_FAMILIES):
            codes[str(finding["task"])].add(code)
    return codes


def with_prompt_table(text: str, codes: set[str], task_id: str) -> str:
    """``repairs.toml`` text whose ``[prompt]`` table lists ``codes`` (none: no table)."""
    text = _PROMPT_TABLE.sub("", text).rstrip("\n")
    if not text:
        text = f"# ClassEval+ repairs of {task_id}."
    if codes:
        listed = ", ".join(f'"{c}"' for c in sorted(codes))
        text += f"\n\n[prompt]\nsuppress = [{listed}]"
    return text + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("findings", type=Path, help="`classwright check --format json` output")
    parser.add_argument("--overlay", type=Path, default=BUNDLED_OVERLAY)
    args = parser.parse_args()
    found = prompt_codes(json.loads(args.findings.read_text(encoding="utf-8")))
    tasks = set(found) | {p.name for p in args.overlay.iterdir() if p.is_dir()}
    for task_id in sorted(tasks):
        path = args.overlay / task_id / REPAIRS_FILE
        old = path.read_text(encoding="utf-8") if path.is_file() else ""
        if "[exclude]" in old:
            continue  # an excluded task has no task.toml to suppress anything in
        new = with_prompt_table(old, found.get(task_id, set()), task_id)
        if new.strip() == f"# ClassEval+ repairs of {task_id}.":
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(new, encoding="utf-8")


if __name__ == "__main__":
    main()
