"""The wheel holds one import namespace, ``classwright``, with every package and data file,
including the ClassEval+ overlay, which an installed classwright applies outside a checkout."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
MAPPED = {
    "classwright": "classwright",
    "classwright.schema": "schema",
    "classwright.authoring": "authoring",
    "classwright.evaluator": "evaluator",
}
DATA_PACKAGES = {"classwright.benchmark"}
"""Packages that hold only data (no ``__init__.py``): the bundled tasks and the ClassEval+
overlay."""
OVERLAY = REPO / "benchmark" / "classeval-plus"
BUNDLED = REPO / "benchmark" / "tasks"


def _declared_packages() -> list[str]:
    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    return list(config["tool"]["setuptools"]["packages"])


def test_every_package_folder_is_declared() -> None:
    found = set()
    for package, folder in MAPPED.items():
        for init in (REPO / folder).rglob("__init__.py"):
            relative = init.parent.relative_to(REPO / folder).parts
            found.add(".".join((package, *relative)))
    assert found | DATA_PACKAGES == set(_declared_packages())


def _overlay_files(root: Path = OVERLAY, folder: str = "classeval-plus") -> set[str]:
    """The overlay's (or the bundled tasks') files under ``root``, named as the wheel names
    them."""
    return {
        f"classwright/benchmark/{folder}/{p.relative_to(root).as_posix()}"
        for p in root.rglob("*")
        if p.suffix in (".toml", ".py")
    }


def test_the_wheel_has_only_the_classwright_namespace(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(REPO),
        ],
        check=True,
    )
    wheel = next(tmp_path.glob("classwright-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    top = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert top == {"classwright"}
    assert "classwright/schema/task.schema.json" in names
    assert "classwright/schema/task_toml.schema.json" in names
    assert "classwright/evaluator/dependencies.py" in names
    assert "classwright/authoring/taskdir.py" in names
    data = {n for n in names if n.startswith("classwright/benchmark/")}
    bundled = _overlay_files(BUNDLED, "tasks")
    assert len(bundled) == 3 * len([f for f in BUNDLED.iterdir() if f.is_dir()]) >= 60
    assert len(_overlay_files()) > 100
    # The releases file names the bundled tasks' releases (`--release` of an installed copy).
    assert data == _overlay_files() | bundled | {"classwright/benchmark/releases.toml"}


def test_an_installed_classwright_applies_its_overlay_outside_a_checkout(
    real_classeval_data: Path, tmp_path: Path
) -> None:
    """`import classeval --plus` run where there is no checkout uses the installed overlay,
    the same files as the checkout's, and excludes and adds tests as the checkout's does."""
    where = subprocess.run(
        [
            sys.executable,
            "-c",
            "import classwright; from classwright.authoring import classeval_plus as p; "
            "print(p.BUNDLED_OVERLAY.resolve()); print(classwright.__file__)",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")
    installed, package = Path(where[0]), Path(where[1]).parent
    assert installed == package / "benchmark" / "classeval-plus"
    assert installed != OVERLAY
    assert _overlay_files(installed) == _overlay_files()
    cli = Path(sys.executable).with_name("classwright")
    out = tmp_path / "plus"
    command = [str(cli), "import", "classeval", str(real_classeval_data), "--plus", "--out"]
    result = subprocess.run(
        [*command, str(out), "--jobs", "2", "--quiet"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "ClassEval_52" in result.stdout and "excluded (ClassEval+)" in result.stdout
    assert len([folder for folder in out.iterdir() if folder.is_dir()]) == 99
    assert "ClassEval_52" in (out / "excluded.toml").read_text()
    # An added test of ClassEval_11 (BitStatusUtil), not among ClassEval's own.
    added = "def test_add_odd_states"
    published = {r["task_id"]: r["test"] for r in json.loads(real_classeval_data.read_text())}
    assert added not in published["ClassEval_11"]
    assert added in (out / "BitStatusUtil" / "tests.py").read_text()
