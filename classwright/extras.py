"""Which optional extra of the distribution brings a module, for the one line a user sees when
a command needs a module that is not installed."""

from __future__ import annotations

EXTRA_OF_MODULE = {
    "starlette": "serve",
    "uvicorn": "serve",
    "prometheus_client": "serve",
    "ray": "ray",
    "inspect_ai": "inspect",
    "vllm": "vllm",
    "pyarrow": "parquet",
    "numpy": "tasks",
    "pandas": "tasks",
    "docx": "tasks",
    "openpyxl": "tasks",
    "PIL": "tasks",
    "bs4": "tasks",
    "nltk": "tasks",
    "gensim": "tasks",
    "PyPDF2": "tasks",
    "reportlab": "tasks",
    "scipy": "tasks",
}
"""Top-level module -> the extra (``[project.optional-dependencies]``) that installs it."""


def missing_extra(error: ModuleNotFoundError) -> str | None:
    """One line naming the extra to install for ``error``'s module; None when no extra brings
    it (a module the core install should have: a broken install, not a missing extra)."""
    top = (error.name or "").partition(".")[0]
    extra = EXTRA_OF_MODULE.get(top)
    if extra is None:
        return None
    return (
        f"this needs the '{extra}' extra, which is not installed (no module named {top!r}): "
        f"pip install 'classwright[{extra}]'"
    )
