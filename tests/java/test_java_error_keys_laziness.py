"""The ``classwright`` family's javac error keys and laziness from the syntax tree: keys taken
from javac's own diagnostics by a real compile (warm and cold alike, none forged by what a sample
writes), laziness and completeness judged with tree-sitter, and both through ``java evaluate``
on Depot into its records, its printed lines, the HTML report and the leaderboard."""

from __future__ import annotations

import base64
import json
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from java_projects import DEPOT

from classwright.evaluator.java import JavaToolchain, Stage
from classwright.evaluator.java.error_keys import MAX_KEYS, add_counts, read_keys
from classwright.evaluator.java.jail import DEFAULT_LIMITS
from classwright.evaluator.java.laziness import class_shape
from classwright.evaluator.java.samples import read_records
from classwright.evaluator.java.score import _Run
from classwright.evaluator.java.warm import WarmCompiler, write_sources
from classwright.schema.java_project import JavaProject, load_java_project

STOCK = "depot/Stock.java"
COUNT_BODY = "        return units.getOrDefault(sku, 0);"

# ---------------------------------------------------------------- laziness (tree-sitter only)

SKELETON = """\
package p;

public class Shelf {
    private final int size;

    public Shelf(int size) {
        this.size = size;
    }

    public int size() {
        // TODO
        return 0;
    }

    public boolean isEmpty() {
        // TODO
        return false;
    }

    public String label(String prefix, int width) {
        // TODO
        return null;
    }

    public void clear() {
        // TODO
    }

    public boolean frozen() {
        // TODO
        return false;
    }
}
"""

CANONICAL = """\
package p;

public class Shelf {
    private final int size;

    public Shelf(int size) {
        this.size = size;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public String label(String prefix, int width) {
        return prefix + "-".repeat(width) + size;
    }

    public void clear() {
        System.out.println("cleared");
    }

    public boolean frozen() {
        return false;
    }
}
"""


def _sample(**bodies: str) -> str:
    """The canonical class with the named methods' bodies replaced."""
    text = CANONICAL
    for name, body in bodies.items():
        start = text.index("{", text.index(f" {name}(")) + 1
        end = text.index("\n    }\n", start)
        text = text[:start] + "\n        " + body + text[end:]
    return text


def test_a_lazy_method_is_found_and_a_real_one_is_not() -> None:
    sample = _sample(
        size='throw new UnsupportedOperationException("later");',
        isEmpty="return false;",
        clear="// TODO: clear the shelf",
    )
    shape = class_shape(sample, SKELETON, "Shelf", CANONICAL)
    assert shape is not None
    # isEmpty's `return false;` does nothing where the canonical one compares; frozen's
    # `return false;` is the canonical answer itself, and label is written: neither is lazy.
    assert shape.lazy_methods == ("size()", "isEmpty()", "clear()")
    assert shape.todo_methods == ("clear()",)
    assert shape.targets == 5 and shape.complete and shape.lazy
    # The canonical class judged against its skeleton: nothing lazy, complete.
    written = class_shape(CANONICAL, SKELETON, "Shelf", CANONICAL)
    assert written is not None and not written.lazy and written.complete
    # Without the canonical source, a default return is judged on the rules alone.
    alone = class_shape(CANONICAL, SKELETON, "Shelf")
    assert alone is not None and alone.lazy_methods == ("frozen()",)


def test_each_placeholder_of_the_list_does_nothing_and_work_beside_one_does() -> None:
    placeholders = [
        "",
        ";",
        "{ }",
        "return 0;",
        "return 0L;",
        "return 0x0;",
        "return 00;",
        "return 0.0e3d;",
        "return null;",
        "throw new java.lang.UnsupportedOperationException();",
    ]
    for body in placeholders:
        shape = class_shape(_sample(size=body), SKELETON, "Shelf", CANONICAL)
        assert shape is not None and shape.lazy_methods == ("size()",), body
    working = [
        "return 1;",
        "return size;",
        "int unused = 0; return 0;",
        "throw new IllegalStateException();",
        "throw new UnsupportedOperationException2();",
        "if (size > 0) { throw new UnsupportedOperationException(); } return size;",
    ]
    for body in working:
        shape = class_shape(_sample(size=body), SKELETON, "Shelf", CANONICAL)
        assert shape is not None and shape.lazy_methods == (), body
    for body, lazy in (('return "";', True), ('return " ";', False)):
        shape = class_shape(_sample(label=body), SKELETON, "Shelf", CANONICAL)
        assert shape is not None and (shape.lazy_methods == ("label(String,int)",)) is lazy


def test_missing_methods_and_other_parameter_types_make_a_class_incomplete() -> None:
    sample = CANONICAL.replace("    public void clear() {\n", "    public void wipe() {\n")
    sample = sample.replace("label(String prefix, int width)", "label(String prefix, long width)")
    shape = class_shape(sample, SKELETON, "Shelf", CANONICAL)
    assert shape is not None and not shape.complete
    assert shape.missing_methods == ("clear()",)
    assert shape.signature_mismatches == ("label(String,int)",)
    assert class_shape(sample, SKELETON, "Other", CANONICAL) is None


def test_what_a_sample_writes_in_strings_and_names_is_no_todo_and_no_placeholder() -> None:
    """Hostile: TODO in a string, a method named like the exception, a local class's lazy
    method, and a comment outside any target method."""
    sample = _sample(
        size='String note = "// TODO"; return note.length();',
        isEmpty="return UnsupportedOperationException() == null;",
        label=(
            "class Local { int f() { throw new UnsupportedOperationException(); } }\n"
            "        return prefix + new Local().hashCode() + width;"
        ),
    ).replace("public class Shelf {", "// TODO: everything\npublic class Shelf {")
    sample = sample.replace(
        "\n}\n", "\n    Object UnsupportedOperationException() { return this; }\n}\n"
    )
    shape = class_shape(sample, SKELETON, "Shelf", CANONICAL)
    assert shape is not None
    assert shape.lazy_methods == () and shape.todo_methods == ()


# ---------------------------------------------------------------- error keys (reading them)


def _encoded(*lines: str) -> bytes:
    return base64.b64encode("\n".join(lines).encode())


def test_only_javac_keys_are_read_and_no_more_than_the_bound() -> None:
    assert read_keys(_encoded("compiler.err.cant.resolve.location", "compiler.err.expected3")) == (
        "compiler.err.cant.resolve.location",
        "compiler.err.expected3",
    )
    # Hostile fields: not keys, keys with text around them, other families, too long, not base64.
    forged = _encoded(
        "compiler.err.x y",
        "Stock.java:3: error: compiler.err.forged",
        "compiler.warn.forged",
        "compiler.err.",
        "compiler.err." + "a" * 200,
        "compiler.err.a\u00e9",
    )
    assert read_keys(forged) == ()
    assert read_keys(b"not base64 at all!") == ()
    huge = _encoded(*["compiler.err.premature.eof"] * (MAX_KEYS * 50))
    assert len(read_keys(huge)) == MAX_KEYS
    # A records file is read the same way: only keys and whole counts add up.
    total: Counter[str] = Counter()
    add_counts(total, {"compiler.err.a": 2, "<script>": 5, "compiler.err.b": True})
    add_counts(total, {"compiler.err.a": -1, "compiler.err.c": 10**9, "compiler.err.d": "3"})
    assert total == Counter({"compiler.err.a": 2})


# ---------------------------------------------------------------- error keys (real javac)

HOSTILE_CLASS = """\
package compiler.err;

/* compiler.err.forged.in.a.comment */
public class forged {
    static final String KEY = "x.java:1: error: compiler.err.forged.in.a.string\\n";
    int compiler_err_forged() { return compiler.err.forged.missing; }
    int missingReturn() { }
}
"""


def _bad_stock(depot: JavaProject, replacement: str) -> str:
    text = depot.main_source(STOCK).text
    assert COUNT_BODY in text
    return text.replace(COUNT_BODY, replacement)


@pytest.fixture(scope="module")
def compiler(jailed: JavaToolchain) -> Iterator[WarmCompiler]:
    warm = WarmCompiler(jailed, (DEPOT / "src" / "test" / "java").resolve())
    yield warm
    warm.close()


def _warm_compile(
    compiler: WarmCompiler, sources: dict[str, str]
) -> tuple[int | None, str, tuple[str, ...]]:
    folder = compiler.request_folder()
    written = write_sources(sources, folder / "src")
    out = folder / "out"
    out.mkdir(mode=0o777)
    out.chmod(0o777)
    done = compiler.compile(
        folder, ["-d", compiler.inside(out)], [compiler.inside(p) for p in written]
    )
    return done.exit_code, done.output, done.error_keys


def test_javac_errors_are_recorded_by_key_and_a_compiling_class_has_none(
    compiler: WarmCompiler,
) -> None:
    code, output, keys = _warm_compile(
        compiler, {"a/A.java": "package a; class A { int f() { return 1; } }"}
    )
    assert (code, output, keys) == (0, "", ())
    code, output, keys = _warm_compile(
        compiler,
        {
            "a/A.java": 'package a;\nclass A {\n    int f() { return nope; }\n    int g() { return "s"; }\n}\n'
        },
    )
    assert code == 1 and "cannot find symbol" in output and "incompatible types" in output
    assert keys == ("compiler.err.cant.resolve.location", "compiler.err.prob.found.req")
    code, _, keys = _warm_compile(
        compiler, {"a/A.java": "package a;\nclass A {\n    int f() { }\n}\n"}
    )
    assert code == 1 and keys == ("compiler.err.missing.ret.stmt",)


def test_a_class_named_like_a_key_forges_none_and_a_flood_of_errors_is_bounded(
    compiler: WarmCompiler,
) -> None:
    code, output, keys = _warm_compile(compiler, {"compiler/err/forged.java": HOSTILE_CLASS})
    assert code == 1 and "compiler.err.forged" in output  # javac quotes the sample's names
    assert set(keys) <= {"compiler.err.cant.resolve.location", "compiler.err.missing.ret.stmt",
                         "compiler.err.doesnt.exist", "compiler.err.cant.resolve"}  # fmt: skip
    assert keys and not any("forged" in key for key in keys)
    # 1500 errors: javac writes its -Xmaxerrs (1000), and no more keys than that come back.
    lines = "\n".join(f"    int f{i}() {{ return missing{i}; }}" for i in range(1500))
    code, output, keys = _warm_compile(
        compiler, {"a/Many.java": f"package a;\nclass Many {{\n{lines}\n}}\n"}
    )
    assert code == 1 and len(keys) == MAX_KEYS
    assert set(keys) == {"compiler.err.cant.resolve.location"} and len(output) <= 200_000


def test_the_warm_and_the_cold_compiler_give_the_same_output_and_keys(
    depot: JavaProject, jailed: JavaToolchain, compiler: WarmCompiler, tmp_path: Path
) -> None:
    bad = _bad_stock(depot, '        String s = "compiler.err.forged"; return nope;')
    sources = {s.path: s.text for s in depot.main} | {STOCK: bad}
    cold_run = _Run(depot, jailed, tmp_path, DEFAULT_LIMITS, [])
    _, cold_output, cold_keys = cold_run.compile(Stage.COMPILE_MAIN, sources, {})
    folder = compiler.request_folder()
    warm_run = _Run(depot, jailed, folder, DEFAULT_LIMITS, [])
    written = write_sources(sources, folder / "src")
    _, warm_output, warm_keys = warm_run.compile_warm(
        compiler, Stage.COMPILE_MAIN, [compiler.inside(p) for p in written], []
    )
    assert cold_keys == warm_keys == ("compiler.err.cant.resolve.location",)
    assert cold_output == warm_output and "/run/src/depot/Stock.java:" in cold_output
    assert [s.exit_code for s in cold_run.stages] == [s.exit_code for s in warm_run.stages] == [1]


# ---------------------------------------------------------------- end to end (java evaluate)


def _fenced(code: str) -> str:
    return f"Here:\n```java\n{code}```\n"


@pytest.fixture(scope="module")
def evaluated(jailed: JavaToolchain, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    depot = load_java_project(DEPOT)
    canonical = depot.main_source(STOCK).text
    lazy = canonical.replace(COUNT_BODY, "        throw new UnsupportedOperationException();")
    lazy = lazy.replace(
        "        return new ArrayList<>(units.keySet());", "        // TODO\n        return null;"
    )
    broken = _bad_stock(depot, "        return nope; // compiler.err.forged")
    rows = [_fenced(canonical), _fenced(lazy), _fenced(broken)]
    work = tmp_path_factory.mktemp("keys-laziness")
    samples = work / "samples.jsonl"
    samples.write_text(
        "".join(
            json.dumps({"task_id": "depot/depot/Stock.java", "completion": c}) + "\n" for c in rows
        )
    )
    output = work / "gpt-depot.jsonl"
    done = subprocess.run(
        [sys.executable, "-P", "-m", "classwright", "java", "evaluate", str(DEPOT), str(samples),
         "--output", str(output), "--family", "classwright", "--granularity", "class"],
        capture_output=True, text=True, timeout=1800,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return output, done.stdout


def test_java_evaluate_records_keys_and_shapes_and_prints_them(
    evaluated: tuple[Path, str],
) -> None:
    output, printed = evaluated
    records = {
        r.k: r
        for r in read_records(output)
        if r.family == "classwright" and r.unit == "depot/depot/Stock.java"
    }
    right, lazy, broken = records[0], records[1], records[2]
    assert (right.status, right.error_keys, right.shape["lazy_methods"]) == ("tested", {}, [])
    assert right.shape["targets"] == 5
    assert lazy.status == "tested" and lazy.error_keys == {}
    assert lazy.shape["lazy_methods"] == ["count(String)", "skus()"]
    assert lazy.shape["todo_methods"] == ["skus()"]
    assert broken.status == "main does not compile"
    assert broken.error_keys == {"compiler.err.cant.resolve.location": 1}
    assert broken.shape["lazy_methods"] == [] and broken.shape["missing_methods"] == []
    assert (
        "Depot classwright class-wise javac errors in 1 samples not compiling: "
        "compiler.err.cant.resolve.location 1 (1 samples)" in printed
    )
    assert (
        "Depot classwright class-wise laziness over 3 samples: lazy methods 2 of 15 (0.133), "
        "samples with a lazy method 1 of 3 (0.333), complete classes 3 of 3 (1.000)" in printed
    )


def test_the_report_and_the_leaderboard_show_keys_and_laziness(
    evaluated: tuple[Path, str], tmp_path: Path
) -> None:
    output, _ = evaluated
    run = [sys.executable, "-P", "-m", "classwright"]
    page = tmp_path / "report.html"
    done = subprocess.run(
        [*run, "report", str(output), "--out", str(page)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    html = page.read_text()
    section = html[html.index('id="java-shapes"') :]
    assert "<code>compiler.err.cant.resolve.location</code>" in section
    assert "2 of 15 (0.133)" in section and "1 of 3 (0.333)" in section
    done = subprocess.run(
        [*run, "leaderboard", str(output), "--format", "json"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    [row] = json.loads(done.stdout)["java"]["rows"]
    assert row["laziness"]["lazy_methods"] == 2 and row["laziness"]["lazy_samples"] == 1
    assert row["javac_errors"]["class"]["errors"] == {"compiler.err.cant.resolve.location": 1}
