"""Inspect's entry point (`[project.entry-points.inspect_ai]`): importing it registers the tasks."""

from classwright.inspect.tasks import benchmark, classeval

__all__ = ["benchmark", "classeval"]
