"""pass@k against hand-computed values, and every summary figure on a small synthetic run."""

from __future__ import annotations

import pytest

from classwright.evaluator.sandbox.outcome import Status, TestOutcome
from classwright.evaluator.scoring.laziness import MethodUses, Shape, class_shape
from classwright.evaluator.scoring.metrics import pass_at_k, summarize
from classwright.evaluator.scoring.results import MethodFacts, SampleResult, TaskFacts
from classwright.evaluator.scoring.run_summary import DependencyBucket
from classwright.schema.records import Dependencies, MethodInfo, TaskRecord


@pytest.mark.parametrize(
    ("n", "c", "k", "expected"),
    [
        (5, 1, 1, 1 / 5),
        (5, 0, 3, 0.0),
        (5, 2, 3, 1 - 1 / 10),  # 1 - C(3,3)/C(5,3)
        (10, 3, 5, 1 - 21 / 252),  # 1 - C(7,5)/C(10,5)
        (4, 2, 3, 1.0),  # fewer than k failures: some draw always holds a pass
        (1, 1, 1, 1.0),
    ],
)
def test_pass_at_k_matches_hand_computed_values(n: int, c: int, k: int, expected: float) -> None:
    assert pass_at_k(n, c, k) == pytest.approx(expected)


def test_pass_at_k_rejects_k_above_n() -> None:
    with pytest.raises(ValueError):
        pass_at_k(2, 1, 3)


def verdicts(**tests: str) -> dict[str, TestOutcome]:
    """``A_b="passed"`` -> {"A.b": passed}."""
    out = {}
    for key, status in tests.items():
        cls, _, test = key.partition("__")
        error = None if status == "passed" else ("AssertionError" if status == "failed" else None)
        out[f"{cls}.{test}"] = TestOutcome(Status(status), error)
    return out


def sample(
    task: str,
    index: int,
    tests: dict[str, TestOutcome],
    deps: dict[str, dict[str, list[str]]] | None = None,
    shape: dict[str, list[str]] | None = None,
) -> SampleResult:
    return SampleResult(
        task_id=task,
        index=index,
        passed=all(v.passed for v in tests.values()),
        tests=tests,
        isolation="bubblewrap",
        load_error=None,
        extraction="fenced",
        parses=True,
        shape=Shape.from_json(
            shape
            or {
                "lazy_methods": [],
                "todo_methods": [],
                "missing_methods": [],
                "signature_mismatches": [],
            }
        ),
        dependencies=(
            None if deps is None else {k: MethodUses.from_json(v) for k, v in deps.items()}
        ),
        seconds=0.1,
        code_hash="x",
    )


# Task A: method `get` (uses self.items) tested by ATestGet, method `total` (calls get) by
# ATestTotal, class-level ATest; the record also lists a test class that does not exist.
FACTS = {
    "A": TaskFacts(
        "A",
        ("ATestGet", "ATestTotal", "ATest", "ATestMissing"),
        {
            "get": MethodFacts.from_json(
                {
                    "test_class": "ATestGet",
                    "field_dependencies": ["self.items"],
                    "method_dependencies": [],
                }
            ),
            "total": MethodFacts.from_json(
                {
                    "test_class": "ATestTotal",
                    "field_dependencies": [],
                    "method_dependencies": ["get"],
                }
            ),
        },
    ),
    "B": TaskFacts(
        "B",
        ("BTestRun",),
        {"run": MethodFacts("BTestRun")},
    ),
}

USES_ALL = {
    "get": {"field": ["self.items"], "method": []},
    "total": {"field": [], "method": ["get"]},
}
USES_NONE = {"get": {"field": [], "method": []}, "total": {"field": [], "method": []}}

RESULTS = [
    # A#0 passes everything and uses the canonical dependencies.
    sample(
        "A",
        0,
        verdicts(
            ATestGet__t1="passed", ATestGet__t2="passed", ATestTotal__t1="passed", ATest__t="passed"
        ),
        USES_ALL,
    ),
    # A#1: get passes without reading self.items; total fails (one of two tests... only one here).
    sample(
        "A",
        1,
        verdicts(
            ATestGet__t1="passed", ATestGet__t2="passed", ATestTotal__t1="failed", ATest__t="failed"
        ),
        USES_NONE,
        {
            "lazy_methods": ["total"],
            "todo_methods": [],
            "missing_methods": [],
            "signature_mismatches": [],
        },
    ),
    # B#0 half of its tests pass, B#1 times out on one test.
    sample("B", 0, verdicts(BTestRun__t1="passed", BTestRun__t2="failed")),
    sample("B", 1, verdicts(BTestRun__t1="timeout", BTestRun__t2="passed")),
]


def test_class_and_method_pass_at_k_on_a_synthetic_run() -> None:
    summary = summarize(FACTS, RESULTS)
    assert summary.samples_per_task == 2
    # A: 1 of 2 samples pass, B: 0 of 2.
    assert summary.class_pass_at_k["1"] == pytest.approx((0.5 + 0.0) / 2)
    assert summary.class_pass_at_k["2"] == pytest.approx((1.0 + 0.0) / 2)
    # Methods: get 2/2, total 1/2, run 0/2.
    assert summary.methods_with_tests == 3
    assert summary.method_pass_at_k["1"] == pytest.approx((1.0 + 0.5 + 0.0) / 3)
    assert summary.method_pass_at_k["2"] == pytest.approx((1.0 + 1.0 + 0.0) / 3)


def test_classeval_definitions_count_listed_classes_that_do_not_exist_as_failures() -> None:
    ce = summarize(FACTS, RESULTS).classeval
    # Listed classes: ATestGet 2/2, ATestTotal 1/2, ATest 1/2, ATestMissing 0/2, BTestRun 0/2.
    assert ce.fun_success["1"] == pytest.approx((1 + 0.5 + 0.5 + 0 + 0) / 5)
    # ClassEval's class_success needs ATestMissing too: never.
    assert ce.class_success["1"] == 0.0
    # Partial: a class with at least one passing test. BTestRun 2/2, ATestMissing 0/2.
    assert ce.fun_partial_success["1"] == pytest.approx((1 + 0.5 + 0.5 + 0 + 1) / 5)


def test_dep_counts_methods_that_pass_and_use_the_canonical_dependencies() -> None:
    dep = summarize(FACTS, RESULTS).dep
    # DEP(F): `get` in 2 samples; passes in both, uses self.items only in A#0.
    assert dep.field_pairs == 2
    assert dep.dep_f == pytest.approx(1 / 2)
    # DEP(M): `total` in 2 samples; passes and calls get only in A#0.
    assert dep.method_pairs == 2
    assert dep.dep_m == pytest.approx(1 / 2)


def test_buckets_errors_and_laziness() -> None:
    summary = summarize(FACTS, RESULTS)
    buckets = summary.by_method_dependencies
    assert buckets["0"].methods == 2  # get, run
    assert buckets["0"].pass_at_1 == pytest.approx((1.0 + 0.0) / 2)
    assert buckets["1"] == DependencyBucket(methods=1, pass_at_1=0.5)
    assert buckets["2+"] == DependencyBucket(methods=0, pass_at_1=None)
    assert summary.error_types.tests == {"AssertionError": 3, "timeout": 1}
    assert summary.test_pass_rate == pytest.approx((1 + 0.5 + 0.5 + 0.5) / 4)
    assert summary.laziness.lazy_samples == 1
    assert summary.laziness.complete_samples == 4


def _record(skeleton: str) -> TaskRecord:
    deps = Dependencies(standalone=True)
    return TaskRecord(
        task_id="T",
        skeleton=skeleton,
        test="",
        solution_code="",
        import_statement=(),
        class_description="",
        class_name="Box",
        test_classes=("BoxTestPut", "BoxTestTake"),
        class_constructor="",
        fields=(),
        methods_info=(
            MethodInfo("put", "def put(self, item):\n    '''Put.'''", "BoxTestPut", "", "", deps),
            MethodInfo("take", "def take(self):\n    '''Take.'''", "BoxTestTake", "", "", deps),
        ),
    )


SKELETON = "class Box:\n    def __init__(self):\n        self.items = []\n    def put(self, item):\n        pass\n    def take(self):\n        pass\n"


def test_laziness_is_read_from_the_syntax_tree() -> None:
    code = (
        "class Box:\n"
        "    def __init__(self):\n        pass\n"
        "    def put(self, item):\n        '''Put it.'''\n        raise NotImplementedError\n"
        "    def take(self):\n        # TODO: pick the last one\n        return self.items.pop()\n"
    )
    shape = class_shape(code, _record(SKELETON))
    assert shape is not None
    assert shape.lazy_methods == ("put",)  # __init__ is not a method the task asks for
    assert shape.todo_methods == ("take",)
    assert shape.complete


def test_completeness_needs_every_skeleton_method_with_its_parameters() -> None:
    code = "class Box:\n    def __init__(self):\n        self.items = []\n    def put(self, thing):\n        self.items.append(thing)\n"
    shape = class_shape(code, _record(SKELETON))
    assert shape is not None
    assert shape.missing_methods == ("take",)
    assert shape.signature_mismatches == ("put",)
    assert not shape.complete
    assert not shape.lazy


def test_an_invalid_skeleton_falls_back_to_the_method_descriptions() -> None:
    code = "class Box:\n    def put(self, item):\n        return 1\n    def take(self):\n        return 2\n"
    shape = class_shape(code, _record("class Box:\n    def put(self, item)\n"))
    assert shape is not None and shape.complete


def test_code_that_does_not_parse_has_no_shape() -> None:
    assert class_shape("class Box(:\n", _record(SKELETON)) is None
