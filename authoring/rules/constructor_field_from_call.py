from __future__ import annotations

from collections.abc import Iterable

import libcst as cst

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._contract import field_writes
from classwright.authoring.rules._examples import CLEAN_TASK, smoke_tests

# Modules whose functions read or change the world outside the object.
IMPURE_MODULES = frozenset(
    {
        "http",
        "io",
        "os",
        "pathlib",
        "random",
        "requests",
        "secrets",
        "shutil",
        "socket",
        "sqlite3",
        "subprocess",
        "tempfile",
        "time",
        "urllib",
        "uuid",
    }
)
# Calls that read the clock or a random source whatever module they come from.
IMPURE_CALLS = frozenset({"now", "today", "utcnow", "random", "randint", "choice", "shuffle"})
IMPURE_BUILTINS = frozenset({"open", "input", "print", "exec", "eval", "__import__"})


def _imported_modules(module: cst.Module) -> dict[str, str]:
    """Bound name -> top-level module, for the module's top-level imports."""
    bound: dict[str, str] = {}
    for stmt in module.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if isinstance(small, cst.Import):
                for alias in small.names:
                    root = cst.Module([]).code_for_node(alias.name).split(".")[0]
                    name = alias.asname.name if alias.asname else None
                    key = name.value if isinstance(name, cst.Name) else root
                    bound[key] = root
            elif isinstance(small, cst.ImportFrom) and small.module is not None:
                root = cst.Module([]).code_for_node(small.module).split(".")[0]
                if isinstance(small.names, cst.ImportStar):
                    continue
                for alias in small.names:
                    asname = alias.asname.name if alias.asname else alias.name
                    if isinstance(asname, cst.Name):
                        bound[asname.value] = root
    return bound


def _call_root(call: cst.Call) -> str:
    node: cst.BaseExpression = call.func
    while isinstance(node, cst.Attribute):
        node = node.value
    return node.value if isinstance(node, cst.Name) else ""


def _reads_environment(ctx: TaskContext, call: cst.Call) -> bool:
    names = ctx.solution.qualified_names(call.func)
    return any(n in ("os.getenv", "os.getenvb") or n.startswith("os.environ") for n in names)


class _Calls(cst.CSTVisitor):
    def __init__(self) -> None:
        self.calls: list[cst.Call] = []

    def visit_Call(self, node: cst.Call) -> None:
        self.calls.append(node)

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False


class FieldFromCall(Rule):
    """
    ## What it does
    Flags a field that `__init__` initialises by calling something that reaches outside the
    object: a module for files, processes, databases, the network, the clock or randomness
    (`os`, `sqlite3`, `time`, `random`, ...), a clock or random call of any imported module
    (`datetime.datetime.now()`), or a builtin such as `open`. A read of the environment
    (`os.getenv`, `os.environ.get`) is CW307's finding, an error.

    ## Why it matters
    Fields should start from a default or from a constructor parameter, so every test starts
    from a known state. A field read from the clock, the disk or a random generator makes the
    object's starting state differ between runs and machines.

    ## Example
    ```python
    def __init__(self):
        self.created = datetime.datetime.now()
    ```

    ## Use instead
    ```python
    def __init__(self, created: str):
        self.created = created
    ```
    """

    code = "CW302"
    name = "field-from-call"
    severity = Severity.WARNING
    MESSAGE = (
        "Field `self.{field}` is initialised by calling `{call}`, not from a default or a parameter"
    )

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            import datetime


            class Diary:
                """Notes by date."""

                def __init__(self):
                    self.created = datetime.datetime.now()
            ''',
            tests=smoke_tests("Diary"),
            line=8,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        if ctx.init is None:
            return
        imported = _imported_modules(ctx.solution.module)
        for name, target, value in field_writes(ctx.init):
            if value is None:
                continue
            visitor = _Calls()
            value.visit(visitor)
            for call in visitor.calls:
                if _reads_environment(ctx, call):
                    continue  # CW307's finding, an error
                root = _call_root(call)
                module = imported.get(root)
                last = call.func.attr.value if isinstance(call.func, cst.Attribute) else root
                if (
                    (root in IMPURE_BUILTINS and module is None)
                    or (module is not None and module in IMPURE_MODULES)
                    or (module is not None and last in IMPURE_CALLS)
                ):
                    callee = ctx.solution.code(call.func)
                    yield self.report(ctx, ctx.solution, target, field=name, call=callee)
                    break
