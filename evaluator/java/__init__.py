"""Java class tasks (JavaBench style): derivation with tree-sitter and runs with javac + JUnit 5.

- :func:`derive_project` parses a project's main sources once and derives every target's
  skeleton, its TODO methods and its related files; ``ProjectDerivation.context`` gives the
  maximum / selective / minimum contexts.
- :func:`run_project` compiles a project (canonical, or with the main sources given) and runs
  its JUnit 5 tests, one fresh JVM per stage, reading each test's outcome from the XML report.
  Trusted code only: see docs/java.md.
"""

from classwright.evaluator.java.context import (
    ContextFile,
    ContextSetting,
    ProjectDerivation,
    derive_project,
    signatures,
)
from classwright.evaluator.java.junit_report import JavaTestOutcome, JavaTestStatus
from classwright.evaluator.java.runner import (
    DEFAULT_JVM_OPTIONS,
    ProjectRun,
    RunStatus,
    Stage,
    StageCost,
    run_project,
)
from classwright.evaluator.java.skeleton import (
    ClassSkeleton,
    TodoMethod,
    derive_skeleton,
    derive_skeletons,
    skeleton_sources,
)
from classwright.evaluator.java.toolchain import JavaToolchain, find_toolchain

__all__ = [
    "DEFAULT_JVM_OPTIONS",
    "ClassSkeleton",
    "ContextFile",
    "ContextSetting",
    "JavaTestOutcome",
    "JavaTestStatus",
    "JavaToolchain",
    "ProjectDerivation",
    "ProjectRun",
    "RunStatus",
    "Stage",
    "StageCost",
    "TodoMethod",
    "derive_project",
    "derive_skeleton",
    "derive_skeletons",
    "find_toolchain",
    "run_project",
    "signatures",
    "skeleton_sources",
]
