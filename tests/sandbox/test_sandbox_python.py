"""The sandbox's interpreter chosen apart from this process's (`Settings.python`, the
``CLASSWRIGHT_SANDBOX_PYTHON`` variable): samples, the judge and the canonical solutions run with
it at every isolation level; its identity names the verdicts and canonical times it reaches in
their caches; a bad choice is one clear error.

The chosen interpreter is a real virtual environment with nothing installed, made from another
CPython where this machine has one (Debian's /usr/bin/python3.11 beside this process's), and the
task is the tests' Wallet task with one more test that asserts where its judge and its candidate
run: it passes with the chosen interpreter only."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from wallet_task import write_wallet_task

from classwright.authoring.taskdir import load_task
from classwright.evaluator import sandbox
from classwright.evaluator.sandbox.interpreter import SANDBOX_PYTHON_VARIABLE
from classwright.evaluator.sandbox.isolation import (
    LEVELS,
    available,
    environment_found,
    is_root,
)
from classwright.evaluator.sandbox.modes import Isolation, Verdicts
from classwright.evaluator.scoring import canonical_times
from classwright.evaluator.scoring.extraction import candidate_source
from classwright.evaluator.scoring.jobs import Job, Settings, build_jobs, run_key
from classwright.evaluator.scoring.judge import Judge
from classwright.evaluator.scoring.samples import Sample
from classwright.evaluator.scoring.verdict_cache import verdict_key
from classwright.rewards.trl import classwright_reward
from classwright.rewards.verl import compute_score
from classwright.schema.errors import InputError
from classwright.schema.records import TaskRecord

REPO = Path(__file__).resolve().parents[2]
CLASSWRIGHT = Path(sys.executable).with_name("classwright")
# Another CPython than this process's, where there is one: the chosen interpreter then differs
# in version too, not only in its prefix.
OTHER_BASE = "/usr/bin/python3.11"

PREFIX_METHOD = '''
    def prefix(self):
        """Where the interpreter running this object lives."""
        import sys

        return sys.prefix
'''
PREFIX_TESTS = """

class WalletTestPrefix(unittest.TestCase):
    def test_judge_and_candidate_run_in_the_chosen_interpreter(self):
        import sys

        self.assertEqual(sys.prefix, {prefix!r})
        self.assertEqual(Wallet().prefix(), {prefix!r})
"""


def _make_venv(folder: Path) -> Path:
    """A virtual environment with nothing installed (the standard library is all the sandbox's
    own scripts need) in ``folder``; its interpreter's path."""
    base = OTHER_BASE if os.access(OTHER_BASE, os.X_OK) else sys.executable
    subprocess.run([base, "-m", "venv", "--without-pip", str(folder)], check=True, timeout=300)
    return folder / "bin" / "python"


@contextlib.contextmanager
def _open_folder() -> Iterator[Path]:
    """A new folder under /tmp that others may read (the test's own temporary folders are
    closed to them), removed at the end."""
    folder = Path(tempfile.mkdtemp(prefix="classwright-sandbox-python-"))
    try:
        folder.chmod(0o755)
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def venv() -> Iterator[Path]:
    """A virtual environment under a folder others may read, as the sandbox's user must."""
    with _open_folder() as folder:
        yield _make_venv(folder / "venv")


@pytest.fixture(scope="module")
def tasks(venv: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Wallet task whose last test passes only where ``venv`` runs it."""
    root = write_wallet_task(tmp_path_factory.mktemp("prefix-task"))
    solution = root / "Wallet" / "solution.py"
    solution.write_text(solution.read_text() + PREFIX_METHOD)
    tests = root / "Wallet" / "tests.py"
    tests.write_text(tests.read_text() + PREFIX_TESTS.format(prefix=str(venv.parents[1])))
    return root


def _record(tasks: Path) -> TaskRecord:
    return load_task(tasks / "Wallet")


def _jobs(record: TaskRecord) -> list[Job]:
    """The canonical solution as a sample of the task."""
    sample = Sample(record.task_id, 0, "", code=record.solution_code)
    return build_jobs([sample], {record.task_id: record}, "prefix-task")


def test_samples_and_their_judge_run_in_the_chosen_interpreter_at_every_level(
    venv: Path, tasks: Path
) -> None:
    [job] = _jobs(_record(tasks))
    levels = [level for level in LEVELS if available(level, str(venv))]
    assert levels  # rlimits-only always works
    for level in levels:
        for python, passes in ((str(venv), True), (None, False)):
            run = sandbox.run_suite(
                job.candidate,
                job.test_source,
                job.test_ids,
                verdicts=Verdicts.TWO_PROCESS,
                isolation=level,
                python=python,
            )
            outcomes = run.outcomes
            assert run.isolation == level
            prefix = outcomes[
                "WalletTestPrefix.test_judge_and_candidate_run_in_the_chosen_interpreter"
            ]
            assert prefix.passed is passes, (level, python, prefix.detail)
            # The Wallet's own tests pass with either interpreter.
            assert all(
                o.passed for t, o in outcomes.items() if not t.startswith("WalletTestPrefix")
            )


def test_scoring_measures_and_judges_with_the_interpreter_its_settings_name(
    venv: Path, tasks: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLASSWRIGHT_CACHE_DIR", str(tmp_path / "cache"))
    record = _record(tasks)
    jobs = _jobs(record)
    chosen, default = Settings(python=str(venv)), Settings()
    judge = Judge(workers=1)
    [there] = judge.score(jobs, chosen)
    [here] = judge.score(jobs, default)
    assert there.passed, there.tests
    assert not here.passed
    assert not here.tests[
        "WalletTestPrefix.test_judge_and_candidate_run_in_the_chosen_interpreter"
    ].passed
    # The canonical solution was timed with each interpreter, and each time is kept apart.
    args = (
        candidate_source(record.import_statement, record.solution_code),
        jobs[0].test_source,
        list(jobs[0].test_ids),
        Verdicts.TWO_PROCESS,
    )
    paths = {canonical_times.cache_path(*args, python=p) for p in (str(venv), None)}
    assert len(paths) == 2 and all(p.is_file() for p in paths)
    # A verdict of one interpreter never answers for the other, and a results file of one is
    # not up to date for the other, whether the settings or the variable name it.
    assert verdict_key(jobs[0], chosen) != verdict_key(jobs[0], default)
    here = run_key(jobs, default)
    assert run_key(jobs, chosen) != here
    monkeypatch.setenv(SANDBOX_PYTHON_VARIABLE, str(venv))
    assert run_key(jobs, Settings()) != here


TRAINER = """
import json, sys
from classwright.evaluator.scoring.verdict_cache import judge_identity
from classwright.rewards.scoring import score_completions
record = sys.argv[1]
solution = open(record + "/Wallet/solution.py").read()
rewards = score_completions(["wallet_1"], [solution], tasks=record, workers=1)
print(json.dumps({"rewards": rewards, "judge": judge_identity()}))
"""


def test_a_trainer_process_scores_with_the_interpreter_the_variable_names(
    venv: Path, tasks: Path, tmp_path: Path
) -> None:
    """The library reward path in a process of its own, as a trainer calls it: with the
    variable set, its samples run in the chosen interpreter; the judge's identity differs."""
    answers = []
    for chosen in (str(venv), None):
        env = {k: v for k, v in os.environ.items() if k != SANDBOX_PYTHON_VARIABLE}
        env["CLASSWRIGHT_CACHE_DIR"] = str(tmp_path / "cache")
        if chosen:
            env[SANDBOX_PYTHON_VARIABLE] = chosen
        done = subprocess.run(
            [sys.executable, "-c", TRAINER, str(tasks)],
            capture_output=True,
            text=True,
            timeout=600,
            env=env,
            cwd=tmp_path,
        )
        assert done.returncode == 0, done.stderr
        answers.append(json.loads(done.stdout.strip().splitlines()[-1]))
    assert [a["rewards"] for a in answers] == [[1.0], [0.0]]
    assert answers[0]["judge"] != answers[1]["judge"]


def test_a_reward_function_takes_the_interpreter_as_a_keyword(
    venv: Path, tasks: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trainer's configuration (verl's ``reward_kwargs``) names the interpreter where the
    variable would not reach the process that scores (a Ray worker of the trainer's)."""
    monkeypatch.setenv("CLASSWRIGHT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv(SANDBOX_PYTHON_VARIABLE, raising=False)
    solution = (tasks / "Wallet" / "solution.py").read_text()
    scores = [
        compute_score(
            "classwright", solution, "wallet_1", None, tasks=str(tasks), workers=1, **chosen
        )
        for chosen in ({"sandbox_python": str(venv)}, {})
    ]
    assert [s["score"] for s in scores] == [1.0, 0.0]
    # TRL's reward reads it among its dataset's columns too.
    rewards = [
        classwright_reward(["p"], [solution], ["wallet_1"], tasks=str(tasks), workers=1, **chosen)
        for chosen in ({"sandbox_python": str(venv)}, {})
    ]
    assert rewards == [[1.0], [0.0]]
    with pytest.raises(InputError, match=r"^python: /no/such/python: no such interpreter"):
        classwright_reward(
            ["p"], [solution], ["wallet_1"], tasks=str(tasks), sandbox_python="/no/such/python"
        )
    with pytest.raises(InputError, match=r"^python: /no/such/python: no such interpreter"):
        compute_score(
            "classwright",
            solution,
            "wallet_1",
            None,
            tasks=str(tasks),
            sandbox_python="/no/such/python",
        )


def test_an_environment_the_sandbox_user_cannot_read_is_one_clear_error(
    tasks: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As root, a worker runs as a user of its own: under rlimits only nothing is bound for it,
    and an environment below a folder closed to others would start as its base interpreter
    (without the environment's libraries) and say nothing. It is refused instead."""
    if not is_root():
        pytest.skip("the sandbox runs as this user: it reads what this process reads")
    with _open_folder() as folder:
        _refused_until_opened(folder / "closed", _jobs(_record(tasks))[0], monkeypatch)


def _refused_until_opened(closed: Path, job: Job, monkeypatch: pytest.MonkeyPatch) -> None:
    closed.mkdir(mode=0o700)
    python = _make_venv(closed / "venv")
    with pytest.raises(InputError) as raised:
        sandbox.run_suite(
            job.candidate,
            job.test_source,
            job.test_ids,
            verdicts=Verdicts.TWO_PROCESS,
            isolation=Isolation.RLIMITS_ONLY,
            python=str(python),
        )
    message = str(raised.value)
    assert message.startswith(f"{python}: started as the sandbox's user (rlimits-only) it found ")
    assert message.endswith(
        f"instead of its environment {closed / 'venv'}: let others read that folder and the "
        "folders above it"
    )
    # Settings naming it at that level refuse it when they are made.
    monkeypatch.setenv("CLASSWRIGHT_SANDBOX", "rlimits-only")
    with pytest.raises(InputError, match="let others read that folder"):
        Settings(python=str(python))
    # Positive control: opened to others, the same environment serves.
    closed.chmod(0o755)
    environment_found.cache_clear()
    assert Settings(python=str(python)).python == str(python)


def test_a_bad_interpreter_is_one_clear_error(tmp_path: Path) -> None:
    script = tmp_path / "not-python"
    script.write_text("#!/bin/sh\necho hello\n")
    script.chmod(0o755)
    plain = tmp_path / "plain-file"
    plain.write_text("")
    cases = [
        ("/no/such/python", "python: /no/such/python: no such interpreter (not a file)"),
        (str(plain), f"python: {plain}: not executable"),
        (str(script), f"python: {script}: does not run as a Python interpreter"),
    ]
    older = Path("/root/.pyenv/versions/3.10.13/bin/python3.10")
    if os.access(older, os.X_OK):
        cases.append((str(older), "the sandbox needs CPython 3.11 or later"))
    for python, message in cases:
        with pytest.raises(InputError) as raised:
            Settings(python=python)
        assert message in str(raised.value)
        assert "\n" not in str(raised.value)


def test_a_bad_variable_stops_the_cli_with_one_line(
    venv: Path, tasks: Path, tmp_path: Path
) -> None:
    out = tmp_path / "results.json"
    command = [str(CLASSWRIGHT), "evaluate", "--canonical", "--tasks", str(tasks)]
    command += ["--out", str(out), "--timeout", "5", "--quiet"]
    env = {k: v for k, v in os.environ.items() if k != SANDBOX_PYTHON_VARIABLE}
    bad = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=600,
        env={**env, SANDBOX_PYTHON_VARIABLE: "/no/such/python"},
        cwd=tmp_path,
    )
    assert bad.returncode == 2
    assert bad.stderr.strip() == (
        f"error: {SANDBOX_PYTHON_VARIABLE}: /no/such/python: no such interpreter (not a file)"
    )
    assert not out.exists()
    # Positive control: the variable naming the virtual environment scores there.
    good = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=600,
        env={**env, SANDBOX_PYTHON_VARIABLE: str(venv)},
        cwd=tmp_path,
    )
    assert good.returncode == 0, good.stderr
    assert json.loads(out.read_text())["summary"]["class_pass_at_k"]["1"] == 1.0


def test_the_commands_of_docs_rl_make_an_interpreter_the_sandbox_takes() -> None:
    """docs/rl.md's "Which path" block: its first line makes an environment the sandbox runs
    with, and its last names it in the variable the sandbox reads. (Its second line installs
    the tasks' libraries from the package index, which the tests do not reach.)"""
    text = (REPO / "docs" / "rl.md").read_text(encoding="utf-8")
    start = text.index("## Which path\n")
    section = text[start : text.index("\n## ", start + 1)]
    [block] = re.findall(r"```bash\n(.*?)```", section, flags=re.DOTALL)
    lines = [line.split("#")[0].strip() for line in block.splitlines()]
    make, install, export = [line for line in lines if line]
    place = "/opt/classwright-tasks"
    assert shlex.split(make)[1:] == ["-m", "venv", place]
    assert shlex.split(install)[:2] == [f"{place}/bin/pip", "install"]
    assert "classwright[tasks]" in install
    name, _, value = export.removeprefix("export ").partition("=")
    assert (name, value) == (SANDBOX_PYTHON_VARIABLE, f"{place}/bin/python")
    if shutil.which(shlex.split(make)[0]) is None:
        pytest.skip(f"{shlex.split(make)[0]} is not on this machine's PATH")
    with _open_folder() as folder:
        made = make.replace(place, str(folder / "tasks"))
        subprocess.run(shlex.split(made), check=True, timeout=600, capture_output=True)
        python = value.replace(place, str(folder / "tasks"))
        assert Settings(python=python).python == python
