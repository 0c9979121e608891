"""Each rule lives in a file named after it, and rule files depend only on shared modules.

A rule file is ``<family>_<name>.py``: the family is the word for the hundreds digit of the
rule's code as CONTRIBUTING.md lists the families, and ``<name>`` is the rule's kebab-case
name with underscores, so ``CW501 too-few-method-tests`` is ``tests_too_few_method_tests.py``
and the file of a finding's rule can be found from the finding alone. The 4xx family covers
parameters *and* returns; its one prefix is ``signature_``, because what it checks (parameter
types, variadic parameters, return types and values) is what a method's signature promises to
a caller, and one prefix keeps the family together when the folder is listed.

Each rule file defines exactly one rule. A rule file imports only the framework
(``classwright.authoring.lint``) and the modules starting with ``_`` (fixtures shared between
rules live in ``_examples.py``), never another rule's file, so a rule can be renamed or removed
without breaking a second one.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from classwright.authoring import rules as rules_package
from classwright.authoring.lint.registry import all_rules

FAMILIES = {
    "1": "contract",
    "2": "dependencies",
    "3": "constructor",
    "4": "signature",
    "5": "tests",
    "6": "execution",
    "7": "adequacy",
    "8": "metadata",
}
PACKAGE = rules_package.__name__
RULES_DIR = Path(rules_package.__file__).parent


def _is_rule_module(stem: str) -> bool:
    # The same test as the discovery in authoring/lint/registry.py.
    return not stem.startswith("_")


def _string_assignments(node: ast.ClassDef) -> dict[str, str]:
    found = {}
    for statement in node.body:
        if (
            isinstance(statement, ast.Assign)
            and isinstance(statement.value, ast.Constant)
            and isinstance(statement.value.value, str)
        ):
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = statement.value.value
    return found


def declared_rules(tree: ast.Module) -> list[tuple[str, str]]:
    """``(code, name)`` of every top-level class in a module that declares a rule ``code``."""
    declared = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            values = _string_assignments(node)
            if "code" in values:
                declared.append((values["code"], values.get("name", "")))
    return declared


def expected_file_name(code: str, name: str) -> str:
    """``tests_too_few_method_tests.py`` for ``("CW501", "too-few-method-tests")``."""
    family = FAMILIES.get(code[2:3], f"<no family for {code}>")
    return f"{family}_{name.replace('-', '_')}.py"


def imported_rule_modules(tree: ast.Module, rule_stems: set[str]) -> list[str]:
    """The modules of this package that are rules and that ``tree`` imports."""
    imported = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = PACKAGE if node.level else (node.module or "")
            if node.level and node.module:
                base = f"{PACKAGE}.{node.module}"
            # ``from <package> import x`` imports module x when x is a file of the package.
            modules = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for module in modules:
            stem = module.removeprefix(PACKAGE + ".")
            if module.startswith(PACKAGE + ".") and stem in rule_stems:
                imported.append(stem)
    return imported


def rule_file_problems(folder: Path) -> list[str]:
    """One line per rule file in ``folder`` that is misnamed, defines other than one rule,
    or imports another rule's file."""
    paths = sorted(p for p in folder.glob("*.py") if _is_rule_module(p.stem))
    rule_stems = {p.stem for p in paths}
    problems = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        declared = declared_rules(tree)
        if len(declared) != 1:
            codes = ", ".join(code for code, _ in declared) or "none"
            problems.append(f"{path.name}: defines {len(declared)} rules ({codes}), not one")
        else:
            code, name = declared[0]
            expected = expected_file_name(code, name)
            if path.name != expected:
                problems.append(f"{path.name}: defines {code} {name}, so is named {expected}")
        for stem in imported_rule_modules(tree, rule_stems - {path.stem}):
            problems.append(f"{path.name}: imports the rule file {stem}.py")
    return problems


def test_every_rule_file_is_named_after_its_one_rule_and_imports_no_other() -> None:
    assert rule_file_problems(RULES_DIR) == []


def test_the_files_read_are_the_ones_the_registry_loads() -> None:
    # The check above reads source; without this a rule it fails to see would go unchecked.
    registered = {(r.code, r.name, r.__module__.removeprefix(PACKAGE + ".")) for r in all_rules()}
    read = {
        (code, name, path.stem)
        for path in RULES_DIR.glob("*.py")
        if _is_rule_module(path.stem)
        for code, name in declared_rules(ast.parse(path.read_text(encoding="utf-8")))
    }
    assert read == registered
    assert len(registered) == len(all_rules())


IMPORT_RULE = "from classwright.authoring.lint.rule import Rule\n"


def _rule_class(code: str, name: str, cls: str = "Flagger") -> str:
    return f'\n\nclass {cls}(Rule):\n    """Flags something."""\n\n    code = "{code}"\n    name = "{name}"\n'


A = IMPORT_RULE + _rule_class("CW501", "a")


@pytest.mark.parametrize(
    ("files", "problem"),
    [
        (
            {"tests_too_few.py": IMPORT_RULE + _rule_class("CW501", "too-few-method-tests")},
            "tests_too_few.py: defines CW501 too-few-method-tests, "
            "so is named tests_too_few_method_tests.py",
        ),
        (
            {"parameters_variadic.py": IMPORT_RULE + _rule_class("CW402", "variadic")},
            "parameters_variadic.py: defines CW402 variadic, so is named signature_variadic.py",
        ),
        (
            {"tests_a.py": A + _rule_class("CW502", "b", cls="Other")},
            "tests_a.py: defines 2 rules (CW501, CW502), not one",
        ),
        (
            {"tests_a.py": "A = 1\n"},
            "tests_a.py: defines 0 rules (none), not one",
        ),
        (
            {
                "tests_a.py": A,
                "tests_b.py": "from classwright.authoring.rules.tests_a import X\n"
                + IMPORT_RULE
                + _rule_class("CW502", "b"),
            },
            "tests_b.py: imports the rule file tests_a.py",
        ),
        (
            {
                "tests_a.py": A,
                "tests_b.py": "from classwright.authoring.rules import tests_a\n"
                + IMPORT_RULE
                + _rule_class("CW502", "b"),
            },
            "tests_b.py: imports the rule file tests_a.py",
        ),
        (
            {
                "tests_a.py": A,
                "tests_b.py": "from .tests_a import X\n" + IMPORT_RULE + _rule_class("CW502", "b"),
            },
            "tests_b.py: imports the rule file tests_a.py",
        ),
    ],
    ids=["misnamed", "old-4xx-prefix", "two-rules", "no-rule", "from-module", "module", "relative"],
)
def test_a_broken_rule_file_is_reported(
    tmp_path: Path, files: dict[str, str], problem: str
) -> None:
    for file_name, text in files.items():
        (tmp_path / file_name).write_text(text, encoding="utf-8")
    assert rule_file_problems(tmp_path) == [problem]


def test_shared_modules_may_be_imported_and_are_not_rule_files(tmp_path: Path) -> None:
    # Positive control for the import check: the framework and ``_`` modules are allowed, and
    # a name imported from the package itself is not mistaken for a rule file.
    (tmp_path / "_examples.py").write_text("CLEAN = 1\n", encoding="utf-8")
    (tmp_path / "tests_a.py").write_text(
        "from classwright.authoring.rules import Finding, _examples\n"
        "from classwright.authoring.rules._examples import CLEAN\n"
        + IMPORT_RULE
        + _rule_class("CW501", "a"),
        encoding="utf-8",
    )
    assert rule_file_problems(tmp_path) == []
