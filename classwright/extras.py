"""Which optional extra of the distribution brings a module, for the one line a user sees when
a command needs a module that is not installed."""

from __future__ import annotations

import re
from collections.abc import Iterable

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


def missing_task_libraries(load_errors: Iterable[str | None]) -> str | None:
    """One line naming the ``tasks`` extra when samples could not import a library it installs
    (the tasks' own imports, made in the interpreter the sandbox runs samples with); None when
    no load error names one."""
    names = set()
    for error in load_errors:
        found = re.search(r"No module named '([^']+)'", error or "")
        top = found.group(1).partition(".")[0] if found else ""
        if EXTRA_OF_MODULE.get(top) == "tasks":
            names.add(top)
    if not names:
        return None
    return (
        f"samples could not import {', '.join(sorted(names))}, which the 'tasks' extra installs "
        "into the interpreter the sandbox runs them with: pip install 'classwright[tasks]'"
    )
