"""Skeletons, TODO methods and contexts derived from a Java project's canonical sources."""

from __future__ import annotations

import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from java_projects import SHAPES

from classwright.evaluator.java import (
    ContextSetting,
    derive_project,
    derive_skeleton,
    signatures,
    skeleton_sources,
)
from classwright.evaluator.java.syntax import parse_java
from classwright.schema.errors import InputError
from classwright.schema.java_project import JavaProject, load_java_project


def _todo_specs(project: JavaProject, class_name: str) -> list[str]:
    return [t.spec for t in derive_skeleton(project, project.target(class_name)).todo]


def test_depot_todo_methods_are_every_non_private_method(depot: JavaProject) -> None:
    derived = derive_project(depot)
    assert [t.id for s in derived.skeletons for t in s.todo] == [
        "depot.Stock#add(String,int)",
        "depot.Stock#add(Item,int)",
        "depot.Stock#take(String,int)",
        "depot.Stock#count(String)",
        "depot.Stock#skus()",
        "depot.Order.Line#subtotalCents()",
        "depot.Order#add(Item,int)",
        "depot.Order#lines()",
        "depot.Order#quantityOf(String)",
        "depot.Order#totalCents()",
        "depot.Warehouse#shortfall(Order)",
        "depot.Warehouse#canShip(Order)",
        "depot.Warehouse#ship(Order)",
        "depot.Warehouse#shippedCents()",
    ]
    stock = derived.skeleton("depot.Stock")
    # The private helper is the solution's, not the task's: gone with its lines.
    assert stock.left_out == ("requirePositive(int)",)
    assert "requirePositive" not in stock.text
    assert stock.text.endswith("        return null;\n    }\n}\n")


def test_a_skeleton_keeps_everything_but_the_task_bodies(depot: JavaProject) -> None:
    canonical = depot.main_source("depot/Warehouse.java").text
    skeleton = derive_project(depot).skeleton("depot.Warehouse")
    # Javadoc, imports, fields and the constructor are kept byte for byte.
    for kept in [
        *re.findall(r"/\*\*.*?\*/", canonical, re.DOTALL),
        "import java.util.TreeMap;",
        "    private long shippedCents;",
        "    public Warehouse(Stock stock) {\n        this.stock = stock;\n    }",
    ]:
        assert kept in skeleton.text
    assert skeleton.text.count("// TODO") == len(skeleton.todo) == 4
    # Each TODO body ends in the default of its return type, so the file compiles.
    assert (
        "public boolean canShip(Order order) {\n        // TODO\n        return false;\n    }"
        in (skeleton.text)
    )
    assert (
        "public long shippedCents() {\n        // TODO\n        return 0L;\n    }" in skeleton.text
    )
    assert (
        "public Map<String, Integer> shortfall(Order order) {\n        // TODO\n        return null;"
        in (skeleton.text)
    )
    assert "stock.take" not in skeleton.text and "TreeMap<>()" not in skeleton.text
    parse_java(skeleton.text, "skeleton")  # well-formed Java


def test_the_skeleton_follows_the_canonical_source(project_copy: Path) -> None:
    """Nothing is hand-kept: a method added to the solution is a task of the skeleton at once."""
    stock = project_copy / "src" / "main" / "java" / "depot" / "Stock.java"
    text = stock.read_text()
    added = "\n    /** @return whether nothing is held */\n    public boolean isEmpty() {\n        return units.isEmpty();\n    }\n}\n"
    stock.write_text(text[: text.rstrip().rfind("}")] + added.lstrip("\n"))
    project = load_java_project(project_copy)
    assert _todo_specs(project, "depot.Stock")[-1] == "isEmpty()"
    skeleton = derive_skeleton(project, project.target("depot.Stock")).text
    assert (
        "/** @return whether nothing is held */\n    public boolean isEmpty() {\n        // TODO\n        return false;"
        in (skeleton)
    )


def test_interfaces_and_abstract_classes(shapes: JavaProject) -> None:
    # Abstract methods (area, name) have no body to write: not tasks; default and static are.
    assert _todo_specs(shapes, "geo.Shape") == ["describe()", "unit()"]
    shape = derive_skeleton(shapes, shapes.target("geo.Shape")).text
    assert "    double area();\n" in shape and "    String name();\n" in shape
    # An abstract method of an abstract class is not a task; its constructor is kept.
    assert _todo_specs(shapes, "geo.Polygon") == ["sides()", "sameSides(Polygon)"]
    polygon = derive_skeleton(shapes, shapes.target("geo.Polygon")).text
    assert "    public abstract double perimeter();\n" in polygon
    assert "    protected Polygon(int sides) {\n        this.sides = sides;\n    }" in polygon


def test_overloads_generics_nested_types_given_and_todo(shapes: JavaProject) -> None:
    square = derive_skeleton(shapes, shapes.target("geo.Square"))
    assert [t.spec for t in square.todo] == [
        "Unit.inMetres(double)",  # a nested enum's method
        "Builder.side(double)",  # a nested class's methods
        "Builder.build()",
        "Square(double)",  # a constructor, a task because project.toml lists it under todo
        "area()",
        "name()",
        "perimeter()",
        "scale(double)",  # overloads are told apart by their parameter types
        "scale(int)",
        "corners()",
        "initial()",
        "roundedSide()",
        "larger(T,T)",  # type parameters as written, bounds and arguments left out
        "total(Square...)",
        "apothem()",
    ]
    assert [t.id for t in square.todo][2] == "geo.Square.Builder#build()"
    assert square.left_out == ("half(double)",)
    text = square.text
    # A TODO constructor keeps its super(...) call, so that the skeleton compiles.
    assert "public Square(double side) {\n        super(4);\n        // TODO\n    }" in text
    # A given method stays as written.
    assert 'return "Square(" + side + ")";' in text
    # Default returns by type: arrays and type variables are null, char '\0', long 0L.
    assert "public double[] corners() {\n        // TODO\n        return null;" in text
    assert "public char initial() {\n        // TODO\n        return '\\0';" in text
    assert "public long roundedSide() {\n        // TODO\n        return 0L;" in text
    assert "T larger(T a, T b) {\n        // TODO\n        return null;" in text
    # Nested members are indented one step further.
    assert (
        "        public Square build() {\n            // TODO\n            return null;\n        }"
        in text
    )
    # An enum constant's own class body is kept (code of a constant, not a method of the type).
    assert "return value * 0.3048;" in text
    registry = derive_skeleton(shapes, shapes.target("geo.Registry"))
    assert [t.spec for t in registry.todo] == [
        "Entry.render()",  # an inner (non-static) class's method
        "put(K,V)",
        "all(K)",
        "first(K)",
        "entries()",
    ]
    assert "        Entry(K key, V value) {\n            this.key = key;" in registry.text


def test_only_some_tasks_can_be_made_todo(depot: JavaProject) -> None:
    target = depot.target("depot.Stock")
    one = derive_skeleton(depot, target, only=["count(String)"])
    assert [t.spec for t in one.todo] == ["count(String)"]
    assert one.text.count("// TODO") == 1
    # The rest stays canonical, helpers included (kept bodies call them).
    assert "return units.merge(sku, quantity, Integer::sum);" in one.text
    assert "private static void requirePositive" in one.text
    with pytest.raises(InputError, match=r"depot\.Stock has no task size\(\)"):
        derive_skeleton(depot, target, only=["size()"])


def _copy_shapes(tmp_path: Path) -> Path:
    copy = tmp_path / "Shapes"
    shutil.copytree(SHAPES, copy)
    return copy


def test_given_or_todo_naming_no_member_is_bad_input(tmp_path: Path) -> None:
    copy = _copy_shapes(tmp_path)
    manifest = copy / "project.toml"
    manifest.write_text(
        manifest.read_text().replace('todo = ["Square(double)"]', 'todo = ["Square(int)"]')
    )
    project = load_java_project(copy)
    with pytest.raises(InputError) as raised:
        derive_skeleton(project, project.target("geo.Square"))
    error = raised.value
    assert (error.path, error.line) == (str(manifest), project.target("geo.Square").line)
    assert "geo.Square: todo names Square(int), which it does not declare" in error.message
    assert "Square(double)" in error.message  # the members it does declare are listed


def test_a_left_out_helper_that_kept_code_calls_is_bad_input(tmp_path: Path) -> None:
    copy = _copy_shapes(tmp_path)
    square = copy / "src" / "main" / "java" / "geo" / "Square.java"
    text = square.read_text()
    # The given toString() calls the private helper, which the skeleton would leave out.
    square.write_text(
        text.replace('return "Square(" + side + ")";', 'return "Square(" + half(side) + ")";')
    )
    project = load_java_project(copy)
    with pytest.raises(InputError) as raised:
        derive_skeleton(project, project.target("geo.Square"))
    error = raised.value
    assert error.path.endswith("src/main/java/geo/Square.java")
    line = next(n for n, s in enumerate(square.read_text().splitlines(), 1) if "half(side) +" in s)
    assert error.line == line and error.column > 0
    assert "private method half is left out" in error.message
    # Naming it given keeps it, and the skeleton derives again.
    manifest = copy / "project.toml"
    manifest.write_text(
        manifest.read_text().replace('given = ["toString()"]', 'given = ["toString()", "half"]')
    )
    project = load_java_project(copy)
    skeleton = derive_skeleton(project, project.target("geo.Square"))
    assert (
        skeleton.left_out == ()
        and "private static double half(double value) {\n        return value / 2;" in skeleton.text
    )


def test_a_target_in_the_wrong_package_or_with_bad_syntax_is_named(tmp_path: Path) -> None:
    copy = _copy_shapes(tmp_path)
    polygon = copy / "src" / "main" / "java" / "geo" / "Polygon.java"
    original = polygon.read_text()
    polygon.write_text(original.replace("package geo;", "package shapes;"))
    project = load_java_project(copy)
    with pytest.raises(
        InputError, match=r"declares package shapes, but project\.toml names geo\.Polygon"
    ):
        derive_skeleton(project, project.target("geo.Polygon"))
    polygon.write_text(original.replace("return sides;", "return sides"))
    project = load_java_project(copy)
    with pytest.raises(InputError) as raised:
        derive_skeleton(project, project.target("geo.Polygon"))
    line = next(n for n, s in enumerate(polygon.read_text().splitlines(), 1) if "return sides" in s)
    assert raised.value.line == line and "Java missing ;" in raised.value.message


def test_related_files_follow_what_the_solution_names(depot: JavaProject) -> None:
    derived = derive_project(depot)
    assert derived.related == {
        "depot.Stock": ("depot/Item.java",),
        "depot.Order": ("depot/Item.java",),
        "depot.Warehouse": ("depot/Order.java", "depot/Stock.java"),
    }


def test_the_three_contexts(depot: JavaProject) -> None:
    derived = derive_project(depot)
    maximum = derived.context("depot.Warehouse", ContextSetting.MAXIMUM)
    # Task classes appear as the model's project holds them: their skeletons.
    assert [(f.path, f.text) for f in maximum] == [
        ("depot/Order.java", derived.skeleton("depot.Order").text),
        ("depot/Stock.java", derived.skeleton("depot.Stock").text),
    ]
    # A class that is not a task appears as written.
    (item,) = derived.context("depot.Stock", ContextSetting.MAXIMUM)
    assert item.text == depot.main_source("depot/Item.java").text
    selective = derived.context("depot.Warehouse", ContextSetting.SELECTIVE)
    stock = selective[1].text
    assert stock.startswith("package depot;\n\npublic class Stock {\n")
    assert "    private final Map<String, Integer> units = new TreeMap<>();\n" in stock
    assert "    public int add(String sku, int quantity) {\n    }\n" in stock
    for absent in ("/**", "// TODO", "import ", "return"):
        assert absent not in stock
    order = selective[0].text
    assert (
        "    public record Line(Item item, int quantity) {\n\n        public long subtotalCents() {\n        }\n    }"
        in order
    )
    assert derived.context("depot.Warehouse", ContextSetting.MINIMUM) == ()


def test_signatures_of_abstract_members_enums_and_multi_line_headers() -> None:
    text = (SHAPES / "src" / "main" / "java" / "geo" / "Square.java").read_text()
    shown = signatures(text, "Square.java")
    # Enum constants stop before a constant's own body.
    assert (
        "    public enum Unit {\n\n        METRE,\n        FOOT;\n\n        double inMetres(double value) {\n        }\n    }"
        in shown
    )
    assert "0.3048" not in shown and "@Override" in shown
    polygon = signatures(
        (SHAPES / "src" / "main" / "java" / "geo" / "Polygon.java").read_text(), "P.java"
    )
    assert "    public abstract double perimeter();\n" in polygon
    folded = signatures(
        "class A {\n    // note\n    public int f(int a,\n            int b) // why\n    {\n        return a;\n    }\n}\n",
        "A.java",
    )
    assert folded == "class A {\n\n    public int f(int a, int b) {\n    }\n}\n"


def _project(root: Path, files: dict[str, str], targets: list[str]) -> JavaProject:
    for path, text in files.items():
        file = root / "src" / "main" / "java" / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text)
    test = root / "src" / "test" / "java" / "AppTest.java"
    test.parent.mkdir(parents=True)
    test.write_text("class AppTest {}\n")
    tables = "".join(f'[[targets]]\nclass = "{t}"\n' for t in targets)
    (root / "project.toml").write_text(
        f'id = "x"\ntitle = "x"\nprovenance = ["p"]\nauthors = ["a"]\n{tables}'
    )
    return load_java_project(root)


def test_related_files_through_wildcard_static_and_qualified_names(tmp_path: Path) -> None:
    project = _project(
        tmp_path,
        {
            "a/App.java": (
                "package a;\nimport b.*;\nimport static b.Util.twice;\n"
                "public class App {\n    Helper helper;\n    int f() { return twice(c.Other.ONE); }\n"
                "    Local local() { return null; }\n}\n"
            ),
            "a/Local.java": "package a;\nclass Local {}\n",
            "b/Helper.java": "package b;\npublic class Helper {}\n",
            "b/Unused.java": "package b;\npublic class Unused {}\n",
            "b/Util.java": "package b;\npublic class Util { public static int twice(int x) { return 2 * x; } }\n",
            "c/Other.java": "package c;\npublic class Other { public static final int ONE = 1; }\n",
            "c/Far.java": "package c;\npublic class Far {}\n",
        },
        ["a.App"],
    )
    assert derive_project(project).related["a.App"] == (
        "a/Local.java",
        "b/Helper.java",
        "b/Util.java",
        "c/Other.java",
    )


def test_skeleton_sources_replace_only_the_targets(depot: JavaProject) -> None:
    sources = skeleton_sources(depot)
    assert set(sources) == {s.path for s in depot.main}
    assert sources["depot/Item.java"] == depot.main_source("depot/Item.java").text
    assert sources["depot/Stock.java"] == derive_project(depot).skeleton("depot.Stock").text


def test_annotated_returns_records_and_private_interface_methods(tmp_path: Path) -> None:
    project = _project(
        tmp_path,
        {
            "a/Small.java": (
                "package a;\nimport java.lang.annotation.*;\n"
                "@Target(ElementType.TYPE_USE) public @interface Small {}\n"
            ),
            "a/Point.java": (
                "package a;\npublic record Point(int x, int y) {\n"
                "    public Point {\n        if (x < 0) throw new IllegalArgumentException();\n    }\n"
                "    public @Small int sum() {\n        return x + y;\n    }\n}\n"
            ),
            "a/Named.java": (
                "package a;\npublic interface Named {\n    String name();\n"
                "    default String shout() {\n        return loud(name());\n    }\n"
                "    private String loud(String s) {\n        return s.toUpperCase();\n    }\n}\n"
            ),
        },
        ["a.Point", "a.Named"],
    )
    derived = derive_project(project)
    point = derived.skeleton("a.Point")
    # The compact constructor is named by the record's components, and kept.
    assert [t.spec for t in point.todo] == ["sum()"]
    assert "    public Point {\n        if (x < 0)" in point.text
    # A type annotation on the return type does not hide that it is an int.
    assert "public @Small int sum() {\n        // TODO\n        return 0;\n    }" in point.text
    named = derived.skeleton("a.Named")
    assert [t.spec for t in named.todo] == ["shout()"] and named.left_out == ("loud(String)",)
    assert named.text == (
        "package a;\npublic interface Named {\n    String name();\n"
        "    default String shout() {\n        // TODO\n        return null;\n    }\n}\n"
    )
    given = load_java_project(tmp_path)
    assert (
        derive_skeleton(given, replace(given.target("a.Point"), given=("Point",))).todo[0].spec
        == "sum()"
    )


def test_a_left_out_method_sharing_its_line_takes_nothing_else_with_it(tmp_path: Path) -> None:
    project = _project(
        tmp_path,
        {
            "a/Tight.java": "package a;\npublic class Tight {\n    private int h() { return 1; } public int f() { return 2; }\n}\n"
        },
        ["a.Tight"],
    )
    skeleton = derive_skeleton(project, project.target("a.Tight"))
    assert skeleton.left_out == ("h()",)
    assert skeleton.text == (
        "package a;\npublic class Tight {\n     public int f() {\n        // TODO\n        return 0;\n    }\n}\n"
    )
