"""What a sample can write into /tmp and /dev/shm, whose files are memory beside RLIMIT_AS: a
private tmpfs of fixed size under bubblewrap and unshare, removed after each sample; under
rlimits only, nothing outside its own folder (Landlock).

Before, under unshare and rlimits-only /dev/shm was the host's: `tests/hostile/dev_shm_files`
held 1.5 GiB there beside a 1 GiB limit, passed every test, and left the files behind
(`benchmarks/sandbox_memory_routes.py` prints the figures)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from classwright.evaluator.sandbox import SuiteRunner, Verdicts, run_suite
from classwright.evaluator.sandbox.inside import cw_landlock
from classwright.evaluator.sandbox.isolation import SHM_BYTES, available

LEVELS = ("bubblewrap", "unshare", "rlimits-only")
MARKER = f"classwright-shm-probe-{os.getpid()}"

CANDIDATE = "class Probe:\n    pass\n"


def _probe(
    runner: SuiteRunner, level: str, verdicts: Verdicts, body: str, python: str | None = None
) -> dict[str, object]:
    """Run `body` (which fills RESULT) in a test of the sandbox; its outcome's message carries
    RESULT back."""
    tests = (
        "import json, os, tempfile, unittest\nfrom solution import Probe\n\n"
        "class ProbeTest(unittest.TestCase):\n    def test_probe(self):\n        RESULT = {}\n"
        + textwrap.indent(textwrap.dedent(body), " " * 8)
        + "        self.fail('RESULT=' + json.dumps(RESULT))\n"
    )
    run = run_suite(
        CANDIDATE, tests, ["ProbeTest.test_probe"], isolation=level, runner=runner,
        verdicts=verdicts, python=python,
    )  # fmt: skip
    detail = run.outcomes["ProbeTest.test_probe"].detail
    assert "RESULT=" in detail, detail
    result: dict[str, object] = json.loads(detail.rsplit("RESULT=", 1)[1].splitlines()[0])
    return result


WRITES = f"""
def attempt(path, size=1024):
    try:
        with open(path, 'wb') as handle:
            handle.write(b'x' * size)
        return 'written'
    except OSError as exc:
        return type(exc).__name__
RESULT['cwd'] = attempt('in-cwd.txt')
RESULT['tempdir'] = attempt(os.path.join(tempfile.mkdtemp(), 'in-tempdir.txt'))
RESULT['home'] = attempt(os.path.join(os.path.expanduser('~'), 'in-home.txt'))
RESULT['devnull'] = attempt(os.devnull)
RESULT['shm'] = attempt('/dev/shm/{MARKER}')
RESULT['tmp'] = attempt('/tmp/{MARKER}')
RESULT['seen_before'] = sorted(
    name for folder in ('/dev/shm', '/tmp') for name in os.listdir(folder) if 'shm-probe' in name
)
"""


@pytest.fixture(scope="module", params=LEVELS)
def level_runner(request: pytest.FixtureRequest) -> Iterator[tuple[SuiteRunner, str]]:
    if not available(request.param, sys.executable):
        pytest.skip(f"{request.param} does not work here")
    with SuiteRunner() as runner:
        yield runner, request.param


@pytest.mark.parametrize("verdicts", [Verdicts.TWO_PROCESS, Verdicts.IN_PROCESS])
def test_what_a_sample_may_write_and_where_it_goes(
    level_runner: tuple[SuiteRunner, str], verdicts: Verdicts
) -> None:
    """Its folder, its temporary folder, its home and /dev/null stay writable at every level;
    /dev/shm and /tmp are the worker's own under bubblewrap and unshare (emptied after each
    sample: the next sample of the same worker finds nothing) and refused under rlimits only;
    the host's /dev/shm and /tmp never hold what a sample wrote."""
    runner, level = level_runner
    if level == "rlimits-only" and cw_landlock.abi_version() < 1:
        pytest.skip(
            "this kernel offers no Landlock (the sample's stderr says files are not confined)"
        )
    first = _probe(runner, level, verdicts, WRITES)
    second = _probe(runner, level, verdicts, WRITES)
    private = level != "rlimits-only"
    for result in (first, second):
        assert result["cwd"] == result["tempdir"] == result["home"] == "written", result
        assert result["devnull"] == "written", result
        expected = "written" if private else "PermissionError"
        assert result["shm"] == expected and result["tmp"] == expected, result
    assert first["seen_before"] == ([MARKER, MARKER] if private else []), first
    assert second["seen_before"] == first["seen_before"], second
    assert not Path(f"/dev/shm/{MARKER}").exists()
    assert not Path(f"/tmp/{MARKER}").exists()


FILL = """
written = 0
try:
    for index in range(64):
        with open(f'/dev/shm/fill-{index}', 'wb') as handle:
            for _ in range(4):
                handle.write(b'x' * 1024**2)
                handle.flush()
                written += 1024**2
    RESULT['end'] = 'wrote all'
except OSError as exc:
    RESULT['end'] = type(exc).__name__ + ' ' + str(exc.errno)
RESULT['written'] = written
"""


@pytest.mark.parametrize("level", ["bubblewrap", "unshare"])
def test_a_private_dev_shm_holds_its_size_and_no_more(level: str) -> None:
    """256 MiB written in files of 4 MiB each (under RLIMIT_FSIZE): the private /dev/shm fills
    at its size, whatever the number of files."""
    if not available(level, sys.executable):
        pytest.skip(f"{level} does not work here")
    with SuiteRunner() as runner:
        result = _probe(runner, level, Verdicts.IN_PROCESS, FILL)
    assert result["end"] == "OSError 28", result  # ENOSPC
    assert SHM_BYTES - 4 * 1024**2 <= int(result["written"]) <= SHM_BYTES, result  # type: ignore[call-overload]


def _driver() -> object:
    """The in-sandbox driver as a module of this process (for its clean-up functions)."""
    inside = Path(cw_landlock.__file__).parent
    sys.path.insert(0, str(inside))
    try:
        spec = importlib.util.spec_from_file_location("cw_driver_under_test", inside / "driver.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(inside))
    return module


def test_without_landlock_what_the_worker_s_user_left_is_removed(tmp_path: Path) -> None:
    """Where the kernel has no Landlock, the zygote of a user of its own removes what that user
    made in the host's /dev/shm after each sample, and keeps what it held there at its start."""
    driver = _driver()
    (tmp_path / "before").write_text("kept")
    kept = driver.own_entries(str(tmp_path))  # type: ignore[attr-defined]
    (tmp_path / "left").write_text("x" * 1000)
    (tmp_path / "folder").mkdir()
    (tmp_path / "folder" / "inner").write_text("x")
    driver.wipe_own(str(tmp_path), kept)  # type: ignore[attr-defined]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["before"]


def test_an_interpreter_under_tmp_runs_under_unshare_and_outlives_the_wipe(tmp_path: Path) -> None:
    """A virtual environment under /tmp (a checkout in a temporary folder) is bound back,
    read-only, over the worker's private /tmp: the worker starts from it, and the wipe of /tmp
    after each sample leaves it whole."""
    if not available("unshare", sys.executable):
        pytest.skip("unshare does not work here")
    if not str(tmp_path.resolve()).startswith("/tmp/"):
        pytest.skip("the temporary folder is not under /tmp here")
    venv = tmp_path / "venv"
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=300
    )
    python = str(venv / "bin" / "python")
    body = """
    import sys
    RESULT['prefix'] = sys.prefix
    try:
        open(os.path.join(sys.prefix, 'written-by-a-sample'), 'w').close()
        RESULT['venv'] = 'written'
    except OSError as exc:
        RESULT['venv'] = type(exc).__name__
    """
    with SuiteRunner() as runner:
        runs = [_probe(runner, "unshare", Verdicts.IN_PROCESS, body, python) for _ in range(2)]
    for result in runs:
        assert result["prefix"] == str(venv), result
        assert result["venv"] in ("OSError", "PermissionError"), result  # read-only
    assert (venv / "pyvenv.cfg").is_file() and (venv / "bin" / "python").exists()
    assert not (venv / "written-by-a-sample").exists()


@pytest.mark.parametrize("level", ["bubblewrap", "unshare"])
def test_the_wipe_leaves_an_interpreter_under_tmp_and_removes_what_a_sample_left(
    tmp_path: Path, level: str
) -> None:
    """The wipe of the private /tmp after each sample neither walks nor removes the
    interpreter's folder bound below it (it walked every file of it, 120 ms of CPU per sample),
    and still removes what the sample wrote there, a file and a tree of folders."""
    if not available(level, sys.executable):
        pytest.skip(f"{level} does not work here")
    if not str(tmp_path.resolve()).startswith("/tmp/"):
        pytest.skip("the temporary folder is not under /tmp here")
    venv = tmp_path / "venv"
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=300
    )
    python = str(venv / "bin" / "python")
    leave = """
    open('/tmp/left-by-a-sample', 'w').close()
    os.makedirs('/tmp/tree-of-a-sample/inner')
    open('/tmp/tree-of-a-sample/inner/file', 'w').close()
    RESULT['left'] = sorted(os.listdir('/tmp'))
    """
    look = """
    import sys
    RESULT['tmp'] = sorted(os.listdir('/tmp'))
    RESULT['prefix'] = sys.prefix
    """
    with SuiteRunner() as runner:
        left = _probe(runner, level, Verdicts.TWO_PROCESS, leave, python)
        after = _probe(runner, level, Verdicts.TWO_PROCESS, look, python)
    assert {"left-by-a-sample", "tree-of-a-sample"} <= set(left["left"]), left  # type: ignore[arg-type]
    holder = tmp_path.resolve().relative_to("/tmp").parts[0]  # the folder that holds the venv
    assert holder in after["tmp"], after  # type: ignore[operator]
    assert not {"left-by-a-sample", "tree-of-a-sample"} & set(after["tmp"]), after  # type: ignore[arg-type]
    assert after["prefix"] == str(venv), after
    assert (venv / "pyvenv.cfg").is_file() and (venv / "bin" / "python").exists()
