"""Where a task's own names are used: its class, methods and fields, in one module.

The module is the solution, the tests or a docstring's examples (all of one docstring's
``>>>`` lines as one module, as doctest runs them in one namespace). LibCST's scope analysis
resolves every name; an expression is known to be the task's class or an instance of it when:

- it is the class's name, bound to the class (the solution's class statement, the tests'
  ``from solution import``, or nothing at all: the star import and the examples' namespace);
- it is a name whose every binding in its scope is one of these: the first parameter of a
  method of the class (``self``, ``cls``), a parameter annotated with the class, or an
  assignment (``=``, annotated, ``with ... as``) of a known expression;
- it is a call of the class (``Garage(...)``, ``cls(...)``, ``type(self)(...)``), a copy of a
  known instance, or ``self.x`` in a test class whose every ``self.x = ...`` is known.

Anything else is unknown. A method's or field's name used on an unknown receiver may or may
not be the task's (``other.total``, ``counts.items()``): operators leave such a member alone.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import libcst as cst
from libcst.metadata import (
    Assignment,
    BaseAssignment,
    FunctionScope,
    ImportAssignment,
    MetadataWrapper,
    ParentNodeProvider,
    Scope,
    ScopeProvider,
)

from classwright.authoring.classmodel import docstring_statement
from classwright.authoring.testmodule import SOLUTION_MODULE
from classwright.evaluator.dependencies import find_class

if TYPE_CHECKING:
    from classwright.authoring.perturb.files import TaskFiles
    from classwright.authoring.taskdir import TaskFolder


class ModuleKind(enum.Enum):
    SOLUTION = "solution"
    TESTS = "tests"
    EXAMPLES = "examples"


class Known(enum.Enum):
    CLASS = "class"
    INSTANCE = "instance"


class ClassContext(enum.Enum):
    """How a use of the class's name uses it."""

    DEFINITION = "definition"
    IMPORT = "import"
    CALL = "call"
    """``Garage(...)``: a construction."""
    ATTRIBUTE = "attribute"
    """``Garage.member``."""
    TYPE = "type"
    """An annotation, or the class argument of ``isinstance`` / ``assertIsInstance``."""
    BASE = "base"
    """A base of another class: the class is subclassed."""
    VALUE = "value"
    """Passed or stored as a value (``assertRaises(E, Garage, 1)``): called where unseen."""


@dataclass(frozen=True)
class ClassUse:
    name: cst.Name
    context: ClassContext


@dataclass(frozen=True)
class MemberUse:
    """A use of a method's or field's name as an attribute (or a method's definition)."""

    name: cst.Name
    member: str
    known: bool
    """The receiver is the class or one of its instances."""
    call: cst.Call | None = None
    """The call when the attribute is called right there."""
    definition: bool = False
    value_call: cst.Call | None = None
    """When the attribute is passed as an argument (not called): the call it is passed to."""


@dataclass(frozen=True)
class MethodCall:
    """A call known to run a method of the class (``__init__`` for a construction)."""

    call: cst.Call
    method: str
    through_class: bool = False
    """Called on the class itself (``Garage.method(...)``), not on an instance."""


_TYPE_CHECKS = frozenset({"isinstance", "issubclass", "assertIsInstance", "assertNotIsInstance"})
_COPIES = frozenset({"copy", "deepcopy"})
_DYNAMIC = frozenset({"getattr", "setattr", "hasattr", "delattr"})


@dataclass
class NameUses:
    """The uses of the class's names in one module (see the module doc)."""

    module: cst.Module
    kind: ModuleKind
    class_name: str
    members: frozenset[str]
    class_uses: list[ClassUse] = field(default_factory=list)
    member_uses: list[MemberUse] = field(default_factory=list)
    calls: list[MethodCall] = field(default_factory=list)
    strings: set[str] = field(default_factory=set)
    """Values of the module's string literals (docstrings left out): a member named in one may
    be reached by ``getattr`` or be a key the tests compare."""
    dynamic_members: bool = False
    """A known receiver's attribute is reached by a computed name (``getattr(obj, name)``)."""
    dynamic_fields: bool = False
    """A known instance's fields are read as a dict (``vars(obj)``, ``obj.__dict__``)."""
    identifiers: set[str] = field(default_factory=set)
    instance_variables: set[str] = field(default_factory=set)
    """Module-level variables every binding of which is an instance of the class."""
    class_def: cst.ClassDef | None = None
    """The class's definition (the solution only)."""
    scopes: Mapping[cst.CSTNode, Scope | None] = field(default_factory=dict)

    def local_names(self, function: cst.FunctionDef, name: str) -> list[cst.Name] | None:
        """Every ``Name`` node of the local variable ``name`` of ``function`` (its parameter,
        its other bindings, every use, nested scopes' uses included); None when one of them is
        not a plain name (a ``global``, an import, a nested definition) and renaming could
        miss it."""
        scope = self.scopes.get(function.body)
        if not isinstance(scope, FunctionScope):
            return None
        for node in walk(function.body):
            if isinstance(node, cst.Global | cst.Nonlocal) and any(
                item.name.value == name for item in node.names
            ):
                return None
        return _bound_names(scope, name)

    def module_variable(self, name: str) -> list[cst.Name] | None:
        """Every ``Name`` node of the module-level variable ``name`` (as ``local_names``)."""
        scope = self.scopes.get(self.module)
        return None if scope is None else _bound_names(scope, name)


def _bound_names(scope: Scope, name: str) -> list[cst.Name] | None:
    """Every ``Name`` node that binds ``name`` in ``scope`` (a parameter by its name) or uses
    it; None when one of them is not a plain name."""
    found: list[cst.Name] = []
    for binding in scope.assignments[name]:
        if not isinstance(binding, Assignment):
            return None
        node = binding.node
        if isinstance(node, cst.Param):
            found.append(node.name)
        elif isinstance(node, cst.Name):
            found.append(node)
        else:
            return None
        for reference in binding.references:
            if not isinstance(reference.node, cst.Name):
                return None
            found.append(reference.node)
    # A name bound twice is listed once per binding.
    unique: dict[int, cst.Name] = {id(node): node for node in found}
    return list(unique.values())


def analyse_names(
    source: str, kind: ModuleKind, class_name: str, members: Collection[str]
) -> NameUses:
    """The uses of the class's names in ``source`` (a ``cst.ParserSyntaxError`` if it does not
    parse)."""
    wrapper = MetadataWrapper(cst.parse_module(source))
    return _Analysis(wrapper, kind, class_name, frozenset(members)).run()


@dataclass(frozen=True)
class TaskNames:
    """A task's own names (its class, methods and fields) and their uses in its solution and
    tests: where every operator that follows names starts."""

    class_name: str
    methods: list[str]
    fields: list[str]
    solution: NameUses
    tests: NameUses

    @classmethod
    def of(cls, task: TaskFolder, files: TaskFiles) -> TaskNames:
        class_name = task.solution.class_name
        methods = [m.name for m in task.solution.methods]
        fields = [f.split(".", 1)[1] for f in task.solution.fields]
        members = frozenset([*methods, *fields])
        solution = analyse_names(files.solution, ModuleKind.SOLUTION, class_name, members)
        tests = analyse_names(files.tests, ModuleKind.TESTS, class_name, members)
        return cls(class_name, methods, fields, solution, tests)

    @property
    def members(self) -> frozenset[str]:
        return self.solution.members

    @property
    def class_def(self) -> cst.ClassDef:
        assert self.solution.class_def is not None, "the task loaded, so its class is there"
        return self.solution.class_def

    def examples(self, code: str) -> NameUses:
        """The uses in a docstring's examples given as one module (a ``cst.ParserSyntaxError``
        if they do not parse)."""
        return analyse_names(code, ModuleKind.EXAMPLES, self.class_name, self.members)


class _Analysis:
    def __init__(
        self, wrapper: MetadataWrapper, kind: ModuleKind, class_name: str, members: frozenset[str]
    ) -> None:
        self.wrapper = wrapper
        self.module = wrapper.module
        self.scopes: Mapping[cst.CSTNode, Scope | None] = wrapper.resolve(ScopeProvider)
        self.parents: Mapping[cst.CSTNode, cst.CSTNode] = wrapper.resolve(ParentNodeProvider)
        self.kind = kind
        self.class_name = class_name
        self.members = members
        self.uses = NameUses(self.module, kind, class_name, members, scopes=self.scopes)
        self.class_def = self._find_class_def()
        self.uses.class_def = self.class_def
        self._test_attrs: dict[tuple[int, str], Known | None] = {}

    # --- walking ---

    def run(self) -> NameUses:
        docstrings = set(_docstring_nodes(self.module))
        for node in walk(self.module):
            if isinstance(node, cst.Name):
                self.uses.identifiers.add(node.value)
                if node.value == self.class_name:
                    self._class_name(node)
            elif isinstance(node, cst.Attribute):
                self._attribute(node)
            elif isinstance(node, cst.Call):
                self._call(node)
            elif isinstance(node, cst.SimpleString) and node not in docstrings:
                value = node.evaluated_value
                if isinstance(value, str):
                    self.uses.strings.add(value)
        if self.class_def is not None:
            self._definitions(self.class_def)
        self._instance_variables()
        return self.uses

    def _instance_variables(self) -> None:
        scope = self.scopes.get(self.module)
        if scope is None:
            return
        for name in {binding.name for binding in scope.assignments}:
            bindings = list(scope.assignments[name])
            if bindings and all(self._binding(b, frozenset()) is Known.INSTANCE for b in bindings):
                self.uses.instance_variables.add(name)

    def _find_class_def(self) -> cst.ClassDef | None:
        if self.kind is not ModuleKind.SOLUTION:
            return None
        return find_class(self.module, self.class_name)

    def _definitions(self, class_def: cst.ClassDef) -> None:
        for statement in class_def.body.body:
            if isinstance(statement, cst.FunctionDef) and statement.name.value in self.members:
                self.uses.member_uses.append(
                    MemberUse(statement.name, statement.name.value, True, definition=True)
                )

    def _class_name(self, node: cst.Name) -> None:
        parent = self.parents.get(node)
        if isinstance(parent, cst.ClassDef) and parent.name is node:
            if parent is self.class_def:
                self.uses.class_uses.append(ClassUse(node, ClassContext.DEFINITION))
            return
        if isinstance(parent, cst.Attribute) and parent.attr is node:
            return  # ``x.Garage``: an attribute of something else
        if isinstance(parent, cst.Arg) and parent.keyword is node:
            return
        if isinstance(parent, cst.FunctionDef | cst.Param) and parent.name is node:
            return
        if isinstance(parent, cst.ImportAlias):
            # Scope analysis maps no scope to an imported name: the statement says it all.
            statement = self.parents.get(parent)
            if parent.asname is None and _from_solution(statement):
                self.uses.class_uses.append(ClassUse(node, ClassContext.IMPORT))
            return
        if not self._is_class(node):
            return
        self.uses.class_uses.append(ClassUse(node, self._class_context(node, parent)))

    def _class_context(self, node: cst.Name, parent: cst.CSTNode | None) -> ClassContext:
        if isinstance(parent, cst.ImportAlias):
            return ClassContext.IMPORT
        if isinstance(parent, cst.Call) and parent.func is node:
            return ClassContext.CALL
        if isinstance(parent, cst.Attribute) and parent.value is node:
            return ClassContext.ATTRIBUTE
        if isinstance(parent, cst.Arg):
            grand = self.parents.get(parent)
            if isinstance(grand, cst.ClassDef) and parent in grand.bases:
                return ClassContext.BASE
            if isinstance(grand, cst.Call) and _callee_name(grand) in _TYPE_CHECKS:
                return ClassContext.TYPE
        if self._inside_annotation(node):
            return ClassContext.TYPE
        return ClassContext.VALUE

    def _inside_annotation(self, node: cst.CSTNode) -> bool:
        current: cst.CSTNode | None = node
        while current is not None:
            if isinstance(current, cst.Annotation):
                return True
            if isinstance(current, cst.BaseStatement):
                return False
            current = self.parents.get(current)
        return False

    def _attribute(self, node: cst.Attribute) -> None:
        attr = node.attr.value
        if attr == "__dict__" and self.known(node.value) is Known.INSTANCE:
            self.uses.dynamic_fields = True
        if attr not in self.members:
            return
        parent = self.parents.get(node)
        call = parent if isinstance(parent, cst.Call) and parent.func is node else None
        value_call = None
        if call is None and isinstance(parent, cst.Arg):
            grand = self.parents.get(parent)
            value_call = grand if isinstance(grand, cst.Call) else None
        known = self.known(node.value) is not None
        self.uses.member_uses.append(
            MemberUse(node.attr, attr, known, call=call, value_call=value_call)
        )

    def _call(self, node: cst.Call) -> None:
        callee = _callee_name(node)
        if callee in _DYNAMIC and node.args and self.known(node.args[0].value) is not None:
            second = node.args[1].value if len(node.args) > 1 else None
            if not isinstance(second, cst.SimpleString):
                self.uses.dynamic_members = True
        if callee == "vars" and node.args and self.known(node.args[0].value) is Known.INSTANCE:
            self.uses.dynamic_fields = True
        func = node.func
        if self.known(func) is Known.CLASS:
            self.uses.calls.append(MethodCall(node, "__init__"))
        elif isinstance(func, cst.Attribute) and func.attr.value in self.members:
            receiver = self.known(func.value)
            if receiver is not None:
                through_class = receiver is Known.CLASS
                self.uses.calls.append(MethodCall(node, func.attr.value, through_class))

    # --- what an expression is ---

    def known(self, expr: cst.BaseExpression, seen: frozenset[int] = frozenset()) -> Known | None:
        """Whether ``expr`` is the task's class, an instance of it, or unknown (None)."""
        if isinstance(expr, cst.Name):
            return self._name(expr, seen)
        if isinstance(expr, cst.Call):
            func = expr.func
            if self.known(func, seen) is Known.CLASS:
                return Known.INSTANCE
            callee = _callee_name(expr)
            if callee == "type" and len(expr.args) == 1:
                inner = self.known(expr.args[0].value, seen)
                return Known.CLASS if inner is Known.INSTANCE else None
            if callee in _COPIES and len(expr.args) == 1:
                inner = self.known(expr.args[0].value, seen)
                return Known.INSTANCE if inner is Known.INSTANCE else None
            if isinstance(func, cst.Name):
                return self._helper_result(func, seen)
            return None
        if isinstance(expr, cst.Attribute):
            if expr.attr.value == "__class__":
                inner = self.known(expr.value, seen)
                return Known.CLASS if inner is Known.INSTANCE else None
            owner = self._test_self(expr.value)
            if owner is not None:
                return self._test_attribute(owner, expr.attr.value, seen)
        return None

    def _helper_result(self, func: cst.Name, seen: frozenset[int]) -> Known | None:
        """A call of a function of the module (a test helper) every ``return`` of which is
        known: ``def trained(text): speller = Speller(); ...; return speller``."""
        function = self._only_binding(func)
        if not isinstance(function, cst.FunctionDef) or id(function) in seen:
            return None
        seen = seen | {id(function)}
        returns = list(_returns(function))
        kinds = {self.known(r.value, seen) if r.value else None for r in returns}
        return kinds.pop() if len(kinds) == 1 and returns else None

    def _is_class(self, node: cst.Name) -> bool:
        scope = self.scopes.get(node)
        if scope is None:
            return False
        bindings = _bindings(scope, node.value)
        if self.kind is ModuleKind.SOLUTION:
            return bool(bindings) and all(
                isinstance(b, Assignment) and b.node is self.class_def for b in bindings
            )
        # Tests and examples: bound by ``from solution import``, or not at all (the star
        # import; the examples run in the solution module's namespace).
        return all(isinstance(b, ImportAssignment) and _from_solution(b.node) for b in bindings)

    def _name(self, node: cst.Name, seen: frozenset[int]) -> Known | None:
        if node.value == self.class_name and self._is_class(node):
            return Known.CLASS
        scope = self.scopes.get(node)
        if scope is None:
            return None
        bindings = _bindings(scope, node.value)
        if not bindings:
            return None
        kinds = {self._binding(b, seen) for b in bindings}
        return kinds.pop() if len(kinds) == 1 else None

    def _binding(self, binding: BaseAssignment, seen: frozenset[int]) -> Known | None:
        if id(binding) in seen or not isinstance(binding, Assignment):
            return None
        seen = seen | {id(binding)}
        node = binding.node
        if isinstance(node, cst.Param):
            return self._param(node)
        if not isinstance(node, cst.Name):
            return None
        parent = self.parents.get(node)
        if isinstance(parent, cst.Element):
            return self._unpacked(node, parent, seen)
        if isinstance(parent, cst.AssignTarget):
            assign = self.parents.get(parent)
            if isinstance(assign, cst.Assign) and len(assign.targets) == 1:
                return self.known(assign.value, seen)
        if isinstance(parent, cst.AnnAssign) and parent.target is node and parent.value:
            return self.known(parent.value, seen)
        if isinstance(parent, cst.AsName):
            item = self.parents.get(parent)
            if isinstance(item, cst.WithItem):
                return self.known(item.item, seen)
        return None

    def _unpacked(self, node: cst.Name, element: cst.Element, seen: frozenset[int]) -> Known | None:
        """``first, second = Garage(), Garage()``: the value at the same place."""
        targets = self.parents.get(element)
        target = self.parents.get(targets) if targets is not None else None
        assign = self.parents.get(target) if target is not None else None
        if not (
            isinstance(targets, cst.Tuple | cst.List)
            and isinstance(target, cst.AssignTarget)
            and isinstance(assign, cst.Assign)
            and len(assign.targets) == 1
            and isinstance(assign.value, cst.Tuple | cst.List)
            and len(assign.value.elements) == len(targets.elements)
            and not any(isinstance(e, cst.StarredElement) for e in targets.elements)
            and not any(isinstance(e, cst.StarredElement) for e in assign.value.elements)
        ):
            return None
        position = list(targets.elements).index(element)
        return self.known(assign.value.elements[position].value, seen)

    def _param(self, param: cst.Param) -> Known | None:
        annotation = param.annotation.annotation if param.annotation else None
        if isinstance(annotation, cst.Name) and annotation.value == self.class_name:
            return Known.INSTANCE
        function = self._method_of(param)
        if function is None or self.class_def is None:
            return None
        method, owner = function
        if owner is not self.class_def:
            return None
        decorators = {_decorator_name(d) for d in method.decorators}
        if "staticmethod" in decorators:
            return None
        return Known.CLASS if "classmethod" in decorators else Known.INSTANCE

    def _method_of(self, param: cst.Param) -> tuple[cst.FunctionDef, cst.ClassDef] | None:
        """The method whose first parameter ``param`` is, and its class."""
        parameters = self.parents.get(param)
        if not isinstance(parameters, cst.Parameters):
            return None
        first = (list(parameters.posonly_params) + list(parameters.params))[:1]
        if first != [param]:
            return None
        function = self.parents.get(parameters)
        block = self.parents.get(function) if function is not None else None
        owner = self.parents.get(block) if block is not None else None
        if isinstance(function, cst.FunctionDef) and isinstance(owner, cst.ClassDef):
            return function, owner
        return None

    def _test_self(self, expr: cst.BaseExpression) -> cst.ClassDef | None:
        """The test class whose method's ``self`` ``expr`` is (tests and examples only)."""
        if self.kind is ModuleKind.SOLUTION or not isinstance(expr, cst.Name):
            return None
        param = self._only_binding(expr)
        found = self._method_of(param) if isinstance(param, cst.Param) else None
        return found[1] if found is not None else None

    def _only_binding(self, name: cst.Name) -> cst.CSTNode | None:
        """The node that binds ``name`` when it has one plain binding in its scope."""
        scope = self.scopes.get(name)
        bindings = _bindings(scope, name.value) if scope is not None else []
        if len(bindings) != 1 or not isinstance(bindings[0], Assignment):
            return None
        return bindings[0].node

    def _test_attribute(self, owner: cst.ClassDef, attr: str, seen: frozenset[int]) -> Known | None:
        key = (id(owner), attr)
        if key in self._test_attrs:
            return self._test_attrs[key]
        self._test_attrs[key] = None  # a cycle through this attribute stays unknown
        values = list(_self_assignments(owner, attr))
        kinds = {self.known(value, seen) for value in values}
        result = kinds.pop() if len(kinds) == 1 and values else None
        self._test_attrs[key] = result
        return result


def _from_solution(statement: cst.CSTNode | None) -> bool:
    return (
        isinstance(statement, cst.ImportFrom)
        and isinstance(statement.module, cst.Name)
        and statement.module.value == SOLUTION_MODULE
        and not statement.relative
    )


def _bindings(scope: Scope, name: str) -> list[BaseAssignment]:
    return list(scope[name])


def _callee_name(call: cst.Call) -> str:
    return _last_name(call.func)


def _decorator_name(decorator: cst.Decorator) -> str:
    expr = decorator.decorator
    return _last_name(expr.func if isinstance(expr, cst.Call) else expr)


def _last_name(expr: cst.BaseExpression) -> str:
    """``f`` of ``f`` and of ``obj.f`` ('' for any other expression)."""
    if isinstance(expr, cst.Name):
        return expr.value
    if isinstance(expr, cst.Attribute):
        return expr.attr.value
    return ""


def _self_assignments(owner: cst.ClassDef, attr: str) -> Iterator[cst.BaseExpression]:
    """Values assigned to ``self.<attr>`` in the methods of a (test) class."""
    for statement in owner.body.body:
        if not isinstance(statement, cst.FunctionDef):
            continue
        params = list(statement.params.params)
        if not params:
            continue
        receiver = params[0].name.value
        for node in walk(statement.body):
            if isinstance(node, cst.Assign):
                for target in node.targets:
                    if _is_attribute_of(target.target, receiver, attr):
                        # With several targets the value is not known to be this one alone.
                        yield node.value if len(node.targets) == 1 else cst.Name("_unknown_")
            elif isinstance(node, cst.AugAssign | cst.AnnAssign) and _is_attribute_of(
                node.target, receiver, attr
            ):
                assigned = node.value if isinstance(node, cst.AnnAssign) else None
                yield assigned if assigned is not None else cst.Name("_unknown_")


def _is_attribute_of(target: cst.BaseExpression, receiver: str, attr: str) -> bool:
    """``target`` is ``<receiver>.<attr>``."""
    return (
        isinstance(target, cst.Attribute)
        and isinstance(target.value, cst.Name)
        and target.value.value == receiver
        and target.attr.value == attr
    )


def is_static(function: cst.FunctionDef) -> bool:
    return any(_decorator_name(d) == "staticmethod" for d in function.decorators)


def positional_parameters(function: cst.FunctionDef) -> list[cst.Param]:
    """The parameters a call may pass by position (not positional-only), receiver left out."""
    params = list(function.params.params)
    return params if is_static(function) else params[1:]


def call_parameters(function: cst.FunctionDef) -> list[str]:
    """The parameters a caller names: all but the receiver (none for a static method)."""
    params = function.params
    ordered = [*params.posonly_params, *params.params, *params.kwonly_params]
    if not is_static(function) and [*params.posonly_params, *params.params]:
        ordered = ordered[1:]
    return [p.name.value for p in ordered]


def _returns(function: cst.FunctionDef) -> Iterator[cst.Return]:
    """The ``return`` statements of a function, not of the functions nested in it."""
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Return):
            yield current
        elif not isinstance(current, cst.FunctionDef | cst.Lambda | cst.ClassDef):
            stack.extend(current.children)


def walk(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Every node below ``node`` (itself included), parents before children."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children))


def _docstring_nodes(module: cst.Module) -> Iterator[cst.CSTNode]:
    """The string nodes that are docstrings (of the module, classes, functions)."""
    for node in walk(module):
        statement = None
        if isinstance(node, cst.Module):
            statement = docstring_statement(node)
        elif isinstance(node, cst.ClassDef | cst.FunctionDef):
            statement = docstring_statement(node.body)
        if statement is not None:
            expr = statement.body[0]
            if isinstance(expr, cst.Expr):
                yield from walk(expr.value)
