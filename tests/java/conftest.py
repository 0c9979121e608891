"""Shared fixtures of the Java tests: our own projects."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from java_projects import DEPOT, SHAPES

from classwright.schema.java_project import JavaProject, load_java_project


@pytest.fixture(scope="session")
def depot() -> JavaProject:
    return load_java_project(DEPOT)


@pytest.fixture(scope="session")
def shapes() -> JavaProject:
    return load_java_project(SHAPES)


@pytest.fixture()
def project_copy(tmp_path: Path) -> Path:
    """A copy of the Depot project that a test may break."""
    copy = tmp_path / "Depot"
    shutil.copytree(DEPOT, copy)
    return copy
