"""Method descriptions read as Python: layout, decorators, the two repairs and their notes."""

from __future__ import annotations

import ast
import warnings

import libcst as cst
import pytest

from classwright.schema.descriptions import (
    DOCSTRING_CLOSED,
    QUOTES_REPAIRED,
    STAND_IN_CLASS,
    normalise_description,
    parse_description,
)

DOC = "Set the target temperature.\n:param degrees: float, the new target"


def described(body_indent: int, first_indent: int = 0) -> str:
    """A description of ``set_target`` with its lines indented as given."""
    first, rest = " " * first_indent, " " * body_indent
    return (
        f"{first}def set_target(self, degrees):\n"
        f'{rest}"""\n'
        f"{rest}Set the target temperature.\n"
        f"{rest}:param degrees: float, the new target\n"
        f'{rest}"""'
    )


@pytest.mark.parametrize(
    ("body_indent", "first_indent"),
    [(8, 0), (4, 0), (8, 4), (12, 8)],
    ids=["body-by-8", "body-by-4", "all-by-4", "all-by-8"],
)
def test_a_description_parses_whatever_its_indentation(body_indent: int, first_indent: int) -> None:
    function = parse_description(described(body_indent, first_indent))
    assert function is not None
    assert function.name == "set_target"
    assert [a.arg for a in function.args.args] == ["self", "degrees"]
    assert ast.get_docstring(function) == DOC
    assert len(function.body) == 1  # the docstring alone: no placeholder after it


def test_the_layout_is_a_class_s_whatever_the_description_s() -> None:
    for body_indent in (4, 8):
        found = normalise_description(described(body_indent))
        assert found is not None
        assert found.repair == ""
        assert found.source.startswith(
            f'class {STAND_IN_CLASS}:\n    def set_target(self, degrees):\n        """\n'
        )
        assert "\n        Set the target temperature.\n" in found.source


def test_a_decorator_above_an_indented_def_is_kept() -> None:
    text = '@staticmethod\n    def to_kelvin(celsius):\n        """Kelvin for ``celsius``."""'
    found = normalise_description(text)
    assert found is not None
    assert "    @staticmethod\n    def to_kelvin(celsius):\n" in found.source
    function = parse_description(text)
    assert function is not None
    assert [ast.unparse(d) for d in function.decorator_list] == ["staticmethod"]
    assert [a.arg for a in function.args.args] == ["celsius"]


@pytest.mark.parametrize(("opening", "closing"), [("“”“", "”“”"), ("”“”", "”“”"), ("“““", "”””")])
def test_typographic_quotes_around_the_docstring_are_repaired(opening: str, closing: str) -> None:
    text = f"def reset(self):\n        {opening}\n        Back to “eco” mode.\n        {closing}"
    found = normalise_description(text)
    assert found is not None
    assert found.repair == QUOTES_REPAIRED
    assert ast.get_docstring(found.function) == "Back to “eco” mode."  # quotes in prose stay


def test_an_unterminated_docstring_is_closed() -> None:
    text = 'def reset(self):\n        """\n        Back to the factory setting.\n        >>> 1 + 1\n        2'
    found = normalise_description(text)
    assert found is not None
    assert found.repair == DOCSTRING_CLOSED
    assert ast.get_docstring(found.function) == "Back to the factory setting.\n>>> 1 + 1\n2"


def test_a_signature_alone_gets_pass_for_a_body() -> None:
    function = parse_description("def reading(self) -> float:")
    assert function is not None
    assert [type(s) for s in function.body] == [ast.Pass]
    assert function.returns is not None
    assert ast.unparse(function.returns) == "float"


def test_a_signature_over_several_lines_parses() -> None:
    text = 'def schedule(self, start,\n                 end=None):\n        """Keep the target between."""'
    function = parse_description(text)
    assert function is not None
    assert [a.arg for a in function.args.args] == ["self", "start", "end"]


def test_a_docstring_indented_deeper_than_its_lines_parses() -> None:
    text = 'def reset(self):\n         """\n        Back to eco.\n        """'
    found = normalise_description(text)
    assert found is not None
    assert found.repair == ""
    assert ast.get_docstring(found.function) == "Back to eco."


def test_an_async_method_is_laid_out_but_gives_no_function_def() -> None:
    text = 'async def poll(self):\n        """Ask the sensor once."""'
    found = normalise_description(text)
    assert found is not None
    assert isinstance(found.function, ast.AsyncFunctionDef)
    assert parse_description(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   \n  ",
        "x = 1",
        "def broken(self:",
        "class Thermostat:\n    pass",
        "@staticmethod",
        'def reset(self):\n        """Back.""" +',
        "def reset(self):\n\x00",
        "Set the target temperature, then wait.",
    ],
)
def test_what_is_not_a_method_gives_none(text: str) -> None:
    assert normalise_description(text) is None
    assert parse_description(text) is None


def test_an_invalid_escape_in_the_docstring_neither_warns_nor_fails() -> None:
    text = 'def match(self, pattern):\n        """Match ``\\d+`` in the reading."""'
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        function = parse_description(text)
    assert function is not None


def test_the_laid_out_source_parses_with_libcst_too() -> None:
    text = "@staticmethod\n    def to_kelvin(celsius):\n        ”“”\n        Kelvin.\n        ”“”"
    found = normalise_description(text)
    assert found is not None
    module = cst.parse_module(found.source)
    stand_in = module.body[0]
    assert isinstance(stand_in, cst.ClassDef)
    assert isinstance(stand_in.body, cst.IndentedBlock)
    method = stand_in.body.body[0]
    assert isinstance(method, cst.FunctionDef)
    assert method.name.value == "to_kelvin"
