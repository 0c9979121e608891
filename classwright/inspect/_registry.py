"""Inspect's entry point (`[project.entry-points.inspect_ai]`): importing it registers the tasks."""

from classwright.inspect.tasks import benchmark, classeval, classeval_plus

__all__ = ["benchmark", "classeval", "classeval_plus"]
