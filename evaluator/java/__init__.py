"""Java class tasks (JavaBench style): derivation with tree-sitter and runs with javac + JUnit 5.

- :func:`derive_project` parses a project's main sources once and derives every target's
  skeleton, its TODO methods and its related files; ``ProjectDerivation.context`` gives the
  maximum / selective / minimum contexts.
"""

from classwright.evaluator.java.context import (
    ContextFile,
    ContextSetting,
    ProjectDerivation,
    derive_project,
    signatures,
)
from classwright.evaluator.java.skeleton import (
    ClassSkeleton,
    TodoMethod,
    derive_skeleton,
    derive_skeletons,
    skeleton_sources,
)

__all__ = [
    "ClassSkeleton",
    "ContextFile",
    "ContextSetting",
    "ProjectDerivation",
    "TodoMethod",
    "derive_project",
    "derive_skeleton",
    "derive_skeletons",
    "signatures",
    "skeleton_sources",
]
