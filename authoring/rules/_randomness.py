"""Which tests touch randomness, read statically: they get extra runs to catch flakiness.

A test touches randomness when its body names a source of random draws (``random``,
``secrets``, ``uuid``, ``os.urandom``, ``numpy.random``) without seeding it itself, or calls a
method of the class whose body names one (the class runs in its own process, so no seed a
test sets reaches it: CW611).
"""

from __future__ import annotations

import libcst as cst

from classwright.authoring.lint.context import TaskContext

SOURCES = frozenset({"random", "secrets", "uuid", "urandom", "randint", "shuffle", "choice"})
"""Names through which code draws at random."""
_SEEDS = frozenset({"seed", "Random", "default_rng", "RandomState"})
"""Names a test seeds its own draws with (``random.seed(7)``, ``random.Random(7)``)."""


class _Names(cst.CSTVisitor):
    def __init__(self) -> None:
        self.names: set[str] = set()
        self.attributes: set[str] = set()

    def visit_Name(self, node: cst.Name) -> None:
        self.names.add(node.value)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.attributes.add(node.attr.value)


def _names(node: cst.CSTNode) -> _Names:
    visitor = _Names()
    node.visit(visitor)
    return visitor


def random_methods(ctx: TaskContext) -> set[str]:
    """Methods of the class whose body names a source of random draws."""
    found = set()
    for method in ctx.all_methods:
        seen = _names(method.body)
        if (seen.names | seen.attributes) & SOURCES:
            found.add(method.name.value)
    return found


def random_test_ids(ctx: TaskContext) -> list[str]:
    """Test ids (``Class.test_method``) whose outcome may depend on unseeded random draws."""

    def compute() -> list[str]:
        methods = random_methods(ctx)
        found = []
        for class_name, node in ctx.test_classes.items():
            body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
            setup = [f for f in body if isinstance(f, cst.FunctionDef) and f.name.value == "setUp"]
            for item in body:
                if not (isinstance(item, cst.FunctionDef) and item.name.value.startswith("test")):
                    continue
                seen = _names(item.body)
                for extra in setup:
                    more = _names(extra.body)
                    seen.names |= more.names
                    seen.attributes |= more.attributes
                used = seen.names | seen.attributes
                draws = bool(used & SOURCES) and not used & _SEEDS
                if draws or seen.attributes & methods:
                    found.append(f"{class_name}.{item.name.value}")
        return found

    return ctx.memo("randomness:tests", compute)
