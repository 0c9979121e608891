"""Test configurations derived with jdeps: the reading of jdeps' report (no JVM), and on a real
JavaBench checkout (CLASSWRIGHT_JAVABENCH_DIR; skipped without one, in CI too) the agreement with
JavaBench's own configurations. Depot's are checked in test_java_generation_e2e.py, beside the
test-wise scoring that uses them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from classwright.evaluator.java import JavaToolchain
from classwright.evaluator.java.dependencies import configurations, derive_test_configurations
from classwright.evaluator.java.javabench import CHECKOUT_VARIABLE, read_sidecar
from classwright.evaluator.java.javabench_import import import_checkout
from classwright.schema.java_project import load_java_project

JDEPS = """main -> java.base
   p.Box                          -> java.lang.Object                 java.base
   p.Box                          -> p.Lid                            main
   p.Lid                          -> p.Hinge                          main
test -> main
test -> not found
   p.BoxTest                      -> p.BaseTest                       test
   p.BoxTest$Open                 -> p.Box                            main
   p.BoxTest$Open                 -> org.junit.jupiter.api.Nested     not found
   p.BaseTest                     -> org.junit.jupiter.api.Test       not found
   p.BaseTest                     -> p.Hinge                          main
   p.HingeTest                    -> org.junit.jupiter.params.ParameterizedTest not found
   p.HingeTest                    -> p.Hinge                          main
   p.Fixtures                     -> p.Box                            main
"""


def test_configurations_follow_main_classes_fold_nested_ones_and_skip_test_helpers() -> None:
    found = configurations(JDEPS, ["p.Hinge", "p.Box", "p.Lid"], "proj")
    # BoxTest's tests are in its nested class and its base class, and Box reaches Lid and
    # Hinge; p.Fixtures names no test annotation (a helper of the tests): no configuration.
    assert [(c.test_id, c.test_class, c.deps) for c in found] == [
        ("proj/p.BaseTest", "p.BaseTest", ("p.Hinge",)),
        ("proj/p.BoxTest", "p.BoxTest", ("p.Hinge", "p.Box", "p.Lid")),
        ("proj/p.HingeTest", "p.HingeTest", ("p.Hinge",)),
    ]


def test_every_javabench_test_configuration_is_derived_with_jdeps(
    toolchain: JavaToolchain, tmp_path: Path
) -> None:
    """JavaBench's 43 configurations, each with the same task classes (ours has five test
    classes more, which JavaBench's files leave out: docs/java.md)."""
    checkout = os.environ.get(CHECKOUT_VARIABLE)
    if not checkout:
        pytest.skip(f"needs a JavaBench checkout in {CHECKOUT_VARIABLE}")
    agreed = 0
    for imported in import_checkout(checkout, tmp_path):
        folder = imported.folder
        ours = {c.test_class: set(c.deps) for c in derive_test_configurations(
            load_java_project(folder), toolchain)}  # fmt: skip
        for theirs in read_sidecar(folder)[1]:
            assert ours.get(theirs.test_class) == set(theirs.deps), theirs.test_id
            agreed += 1
    assert agreed == 43
