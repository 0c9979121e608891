"""Reading a method's contract: every way a docstring states a type, and the fields around it."""

from __future__ import annotations

import dataclasses

import pytest

from classwright.evaluator.contract import (
    ContractType,
    parse_method_contract,
    read_field_type,
    read_type_phrase,
    type_from_annotation,
)


def field_type(text: str, classes: tuple[str, ...] = ()) -> str | None:
    _, found, _ = read_field_type(text, classes)
    return None if found is None else str(found)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("float, the radius in metres", "float"),
        ("int. The number of seats.", "int"),
        ("str", "str"),
        ("bool; whether to round", "bool"),
        ("Bool, whether the lamp is on", "bool"),
        ("STRING, the label", "str"),
        ("Integer, the page number", "int"),
        ("a list of strings, the tags to keep", "list[str]"),
        ("an int, the count", "int"),
        ("None", "none"),
        ("True or False, whether the door is open", "bool"),
    ],
)
def test_a_leading_type_is_read_in_any_case(text: str, expected: str) -> None:
    assert field_type(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("width of the frame, float", "float"),
        ("The number of rows to print,int.", "int"),
        ("the shelf labels, list.", "list"),
        ("The day the loan ends, datetime.", "datetime"),
        ("The paths to scan,List[str].", "list[str]"),
        ("The seat map, with rows and columns, dict", "dict"),
    ],
)
def test_a_trailing_type_after_the_last_comma_is_read(text: str, expected: str) -> None:
    assert field_type(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("list of str, the names", "list[str]"),
        ("list of Integer, the scores", "list[int]"),
        ("List[int]", "list[int]"),
        ("List[List[str]], rows of cells", "list[list[str]]"),
        ("dict{str:int}, stock per item", "dict[str, int]"),
        ("dict[str, list[float]], readings per sensor", "dict[str, list[float]]"),
        ("Tuple[int, ...], the digits", "tuple[int, ...]"),
        ("tuple of floats, the coordinates", "tuple[float, ...]"),
        ("Tuple[int, str], a code and its name", "tuple[int, str]"),
        ("set of str, the visited towns", "set[str]"),
        ("list of dicts, one per row", "list[dict]"),
    ],
)
def test_containers_keep_their_element_types(text: str, expected: str) -> None:
    assert field_type(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("int or float, the amount", "int | float"),
        ("int/float, the amount", "int | float"),
        ("str | None, the nickname", "str | none"),
        ("Optional[str], the nickname", "str | none"),
        ("Union[int, str], an id or a name", "int | str"),
        ("list of int or float, the samples", "list[int | float]"),
    ],
)
def test_unions_are_read_with_or_slash_and_bar(text: str, expected: str) -> None:
    assert field_type(text) == expected


def test_class_names_are_types_that_are_not_basic() -> None:
    task_class = read_type_phrase("Ledger", classes=("Ledger",))
    assert task_class == ContractType("named", name="Ledger")
    assert not task_class.is_basic
    assert field_type("numpy.ndarray, the pixels") == "numpy.ndarray"
    assert field_type("the rows to load, DataFrame") == "DataFrame"
    assert field_type("Element, the root of the tree") == "Element"
    nested = read_type_phrase("list of numpy.ndarray")
    assert nested is not None and nested.class_names() == ["numpy.ndarray"]
    assert read_type_phrase("list of str") == ContractType("list", (ContractType("str"),))


@pytest.mark.parametrize(
    "text",
    [
        "The date the loan ends",
        "the date, when the loan ends",
        "Text to split into words",
        "BMI, the body mass index",
        "a title str",
        "a list of banned words",
        "corner tuple(x, y) of the piece",
        "strng, the name",
        "",
    ],
)
def test_prose_is_never_read_as_a_type(text: str) -> None:
    assert field_type(text) is None


def test_a_basic_type_before_a_clause_about_the_value_is_read() -> None:
    assert field_type('a dictionary with keys "id" and "title"') == "dict"
    assert field_type("string containing several lines") == "str"
    # A class name is only read when it is all of its segment.
    assert field_type("Text that the user typed") is None


def test_the_type_as_written_and_the_rest_are_kept_apart() -> None:
    assert read_field_type("height of the box, float") == (
        "float",
        ContractType("float"),
        "height of the box",
    )
    written, _, rest = read_field_type("a list of strings, the tags to keep")
    assert (written, rest) == ("a list of strings", "the tags to keep")


def test_annotations_read_python_spellings_and_name_everything_else_a_class() -> None:
    assert str(type_from_annotation("Optional[Dict[str, int]]")) == "dict[str, int] | none"
    assert str(type_from_annotation("typing.List[float]")) == "list[float]"
    assert str(type_from_annotation("int | None")) == "int | none"
    assert type_from_annotation("list[datetime.date]").class_names() == ["datetime.date"]
    # In code `String` is a class, not the word for str.
    assert type_from_annotation("String").class_names() == ["String"]
    assert type_from_annotation("Sequence[str]").is_basic


DOCSTRING = """
    Book seats in one row, the cheapest first.
    Seats already taken are skipped.
    :param row: int, the row number, from 1
    :param count: how many seats to book,
        at most ten, int.
    :param int discount: the discount in percent
    :param guest: the guest's name
    :type guest: str
    :return: list of int, the seat numbers booked
    :raises ValueError: when the row does not exist
    >>> hall = Hall(3, 4)
    >>> hall.book(1, 2, 0, "Ada")
    [1, 2]
    """


def test_a_docstring_is_read_into_its_fields() -> None:
    contract = parse_method_contract(DOCSTRING)
    assert contract.description == (
        "Book seats in one row, the cheapest first.\nSeats already taken are skipped."
    )
    assert [(p.name, p.type_text, str(p.type)) for p in contract.params] == [
        ("row", "int", "int"),
        ("count", "int", "int"),
        ("discount", "int", "int"),
        ("guest", "str", "str"),
    ]
    count = contract.param("count")
    assert count is not None and count.description == "how many seats to book, at most ten"
    assert contract.returns is not None
    assert str(contract.returns.type) == "list[int]"
    assert contract.returns.description == "the seat numbers booked"
    assert [(r.exception, r.description) for r in contract.raises] == [
        ("ValueError", "when the row does not exist")
    ]
    assert contract.examples == ("hall = Hall(3, 4)", 'hall.book(1, 2, 0, "Ada")')


def test_rtype_states_the_return_type_and_a_malformed_field_ends_the_one_before() -> None:
    contract = parse_method_contract(
        """
        Names of the members.
        :param prefix: str
        :return the names in alphabetical order
        :rtype: list of str
        """
    )
    prefix = contract.param("prefix")
    assert prefix is not None and prefix.type == ContractType("str")
    assert contract.returns is not None and str(contract.returns.type) == "list[str]"


def test_a_docstring_without_fields_has_no_params_return_or_examples() -> None:
    contract = parse_method_contract("Reset the counter to zero.")
    assert contract.description == "Reset the counter to zero."
    assert (contract.params, contract.returns, contract.raises, contract.examples) == (
        (),
        None,
        (),
        (),
    )
    assert contract.param("anything") is None


def test_contract_records_are_frozen() -> None:
    contract = parse_method_contract(DOCSTRING)
    with pytest.raises(dataclasses.FrozenInstanceError):
        contract.description = "changed"
    with pytest.raises(dataclasses.FrozenInstanceError):
        contract.params[0].type = None
