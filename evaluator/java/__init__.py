"""Java class tasks (JavaBench style): derivation with tree-sitter and runs with javac + JUnit 5.

- :func:`derive_project` parses a project's main sources once and derives every target's
  skeleton, its TODO methods and its related files; ``ProjectDerivation.context`` gives the
  maximum / selective / minimum contexts.
- :func:`run_project` compiles a project (canonical, or with the main sources given) and runs
  its JUnit 5 tests, one fresh JVM per stage, reading each test's outcome from the XML report.
  Trusted code only: see docs/java.md.
- :func:`score_sample` scores an untrusted sample of a target class in bubblewrap, each test
  credited only on the judge module's own authenticated event (docs/java.md, "Scoring a sample").
"""

from classwright.evaluator.java.context import (
    ContextFile,
    ContextSetting,
    ProjectDerivation,
    derive_project,
    signatures,
)
from classwright.evaluator.java.jail import JailLimits
from classwright.evaluator.java.junit_report import JavaTestOutcome, JavaTestStatus
from classwright.evaluator.java.runner import (
    DEFAULT_JVM_OPTIONS,
    ProjectRun,
    RunStatus,
    Stage,
    StageCost,
    run_project,
)
from classwright.evaluator.java.score import SampleScore, expected_tests, score_sample
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
    "JailLimits",
    "JavaTestOutcome",
    "JavaTestStatus",
    "JavaToolchain",
    "ProjectDerivation",
    "ProjectRun",
    "RunStatus",
    "SampleScore",
    "Stage",
    "StageCost",
    "TodoMethod",
    "derive_project",
    "derive_skeleton",
    "derive_skeletons",
    "expected_tests",
    "find_toolchain",
    "run_project",
    "score_sample",
    "signatures",
    "skeleton_sources",
]
