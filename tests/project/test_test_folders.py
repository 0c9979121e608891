"""The tests are grouped by area: every test module lies in the folder of its area, none at the
top of tests/, where only the helper modules and conftest.py stay."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
AREAS = {
    "authoring": "task folders, ClassEval's import, dynamic analyses, mutation, fuzzing",
    "cli": "the command line's own behaviour: input errors, interrupts, task commands",
    "generation": "backends, prompts, `eval`",
    "java": "Java projects: skeletons, runs, the jail",
    "perturb": "`classwright perturb` and its operators",
    "plugins": "Inspect and the trainers' reward functions",
    "project": "the package as a whole: layers, packaging, the test script",
    "report": "`report`, `leaderboard`, progress",
    "rules": "the rule framework and its fixtures",
    "sandbox": "the sandbox and the judge: limits, isolation, hostile samples",
    "scoring": "`evaluate` and the library's scoring, results, the verdict cache",
    "service": "`classwright serve`, its wire and its deployment",
    "trainers": "trainers' own code with the reward (its own environment)",
    "vllm": "a real vLLM engine (its own environment)",
}


def test_no_test_module_lies_at_the_top_of_tests() -> None:
    assert sorted(p.name for p in TESTS.glob("test_*.py")) == []


def test_every_test_module_lies_in_a_known_area() -> None:
    modules = sorted(TESTS.rglob("test_*.py"))
    areas = {p.relative_to(TESTS).parts[0] for p in modules}
    # Positive control: the walk finds this very module, in its area.
    assert Path(__file__).resolve() in modules
    assert "project" in areas
    stray = [
        str(p.relative_to(TESTS)) for p in modules if p.relative_to(TESTS).parts[0] not in AREAS
    ]
    # Test-like files of the hostile corpus are samples, not test modules of the suite.
    stray = [s for s in stray if not s.startswith(("hostile/", "fixtures/"))]
    assert stray == []
    assert sorted(areas - {"hostile", "fixtures"}) == sorted(AREAS)


def test_test_module_names_are_unique_across_areas() -> None:
    # Test folders are not packages: pytest imports each module by its file name alone.
    names = [
        p.name
        for p in TESTS.rglob("test_*.py")
        if p.relative_to(TESTS).parts[0] not in ("hostile", "fixtures")
    ]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)
