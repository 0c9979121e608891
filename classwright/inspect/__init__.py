"""classwright in Inspect AI: tasks `classwright/benchmark` and `classwright/classeval`, scored
by the two-process sandbox (`pip install "classwright[inspect]"`)."""

from classwright.inspect.scorer import class_verdict
from classwright.inspect.solvers import replay
from classwright.inspect.tasks import benchmark, classeval

__all__ = ["benchmark", "class_verdict", "classeval", "replay"]
