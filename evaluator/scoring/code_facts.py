"""What scoring reads from a sample's code alone, by parsing and never running it: the class's
shape (laziness), the fields and methods each generated method uses (DEP(F)/DEP(M)), whether the
module under test names a source of chance, and why code that does not parse fails.

Each costs a parse of the code, so a long code costs several. `classwright serve` reads them in
its reader processes together with the extraction (`service.reading`), out of the server's
interpreter; `evaluate` reads them as it scores (`jobs.score_job`).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

from classwright.evaluator.scoring.chance import names_a_source_of_chance
from classwright.evaluator.scoring.extraction import Extraction, candidate_source
from classwright.evaluator.scoring.laziness import ClassUses, Shape, class_shape, class_uses
from classwright.schema.records import TaskRecord


@dataclass(frozen=True)
class CodeFacts:
    """What the code of one sample shows, for the task it answers."""

    shape: Shape | None
    """The class's shape; None when the code does not parse."""
    uses: ClassUses | None
    """What each generated method uses; None when unknown or not asked for."""
    draws: bool
    """The module under test (the task's imports, then the code) names a source of chance."""
    syntax_error: str | None
    """Why the module under test does not compile; None when it does."""


def code_facts(extraction: Extraction, record: TaskRecord, *, uses: bool = True) -> CodeFacts:
    """The facts of ``extraction``'s code as an answer to ``record`` (what each method uses
    only when ``uses``: DEP(F)/DEP(M) need it for few samples)."""
    module = candidate_source(record.import_statement, extraction.code)
    return CodeFacts(
        shape=class_shape(extraction.code, record),
        uses=class_uses(extraction.code, record.class_name) if uses else None,
        draws=names_a_source_of_chance(module),
        syntax_error=None if extraction.parses else syntax_error(module),
    )


def syntax_error(module: str) -> str:
    """The compiler's complaint about ``module`` (``SyntaxError`` alone when it compiles)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(module, "solution.py", "exec", dont_inherit=True)
    except SyntaxError as error:
        return f"SyntaxError: {error.msg} (line {error.lineno})"
    except ValueError as error:
        return f"SyntaxError: {error}"
    return "SyntaxError"
