"""classwright in Inspect AI: tasks `classwright/benchmark` and `classwright/classeval` and
`classwright/classeval_plus`, scored
by the two-process sandbox (`pip install "classwright[inspect]"`)."""

from classwright.extras import missing_extra

try:
    import inspect_ai  # noqa: F401 - the extra this package needs, named when it is missing
except ModuleNotFoundError as error:
    raise ModuleNotFoundError(missing_extra(error), name=error.name) from None

from classwright.inspect.scorer import class_verdict
from classwright.inspect.solvers import replay
from classwright.inspect.tasks import benchmark, classeval, classeval_plus

__all__ = ["benchmark", "class_verdict", "classeval", "classeval_plus", "replay"]
