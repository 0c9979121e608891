"""The wheel holds one import namespace, ``classwright``, with every package and data file."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
MAPPED = {
    "classwright": "classwright",
    "classwright.schema": "schema",
    "classwright.authoring": "authoring",
    "classwright.evaluator": "evaluator",
}


def _declared_packages() -> list[str]:
    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    return list(config["tool"]["setuptools"]["packages"])


def test_every_package_folder_is_declared() -> None:
    found = set()
    for package, folder in MAPPED.items():
        for init in (REPO / folder).rglob("__init__.py"):
            relative = init.parent.relative_to(REPO / folder).parts
            found.add(".".join((package, *relative)))
    assert found == set(_declared_packages())


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
