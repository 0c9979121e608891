"""Shared fixtures of the Java tests: our own projects, and this machine's JDK and JUnit 5."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from java_projects import DEPOT, SHAPES
from requirements_in_ci import skip_missing

from classwright.evaluator.java import JavaToolchain, find_toolchain
from classwright.evaluator.java.jail import require_bubblewrap
from classwright.schema.errors import InputError
from classwright.schema.java_project import JavaProject, load_java_project


@pytest.fixture(scope="session")
def depot() -> JavaProject:
    return load_java_project(DEPOT)


@pytest.fixture(scope="session")
def shapes() -> JavaProject:
    return load_java_project(SHAPES)


@pytest.fixture(scope="session")
def toolchain() -> JavaToolchain:
    """The JDK and Debian's JUnit 5 (scripts/setup.sh installs them); missing, the test skips
    here and fails in CI."""
    try:
        return find_toolchain()
    except InputError as error:
        skip_missing("Java toolchain", error.describe())


@pytest.fixture(scope="session")
def jailed(toolchain: JavaToolchain) -> JavaToolchain:
    """The toolchain, with bubblewrap, setpriv and prlimit to jail it (a sample's runs need
    them); missing, the test skips here and fails in CI."""
    try:
        require_bubblewrap()
    except InputError as error:
        skip_missing("bubblewrap", error.describe())
    return toolchain


@pytest.fixture()
def project_copy(tmp_path: Path) -> Path:
    """A copy of the Depot project that a test may break."""
    copy = tmp_path / "Depot"
    shutil.copytree(DEPOT, copy)
    return copy
