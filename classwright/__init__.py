"""classwright: author, check and score class-level code-generation benchmarks."""

__version__ = "0.1.0"
