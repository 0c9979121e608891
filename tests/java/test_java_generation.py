"""Generation for Java tasks without a JVM: splicing methods, the three strategies, the prompts.

The backend here is an in-process stand-in that answers each request with Depot's canonical
code (the whole class, or the one method asked), so a strategy that splices every answer
rebuilds the canonical class byte for byte. The runs through a real HTTP server and
``java evaluate`` are in test_java_generation_e2e.py.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from javabench_fake import write_fake_checkout

from classwright.evaluator.backends.base import BackendName, Completion, Request, Sampling
from classwright.evaluator.java.context import ContextSetting
from classwright.evaluator.java.javabench_import import import_checkout
from classwright.evaluator.java.javabench_prompt import PROMPT_FILE, read_template
from classwright.evaluator.java.members import top_level_types
from classwright.evaluator.java.prompting import OUR_TEMPLATE, JavaTemplate, our_tasks
from classwright.evaluator.java.splice import keep_one_todo, splice, todo_slots
from classwright.evaluator.java.syntax import parse_java
from classwright.evaluator.java.units import derived_tasks
from classwright.evaluator.java_generation import JavaStrategy, Order, generate_java
from classwright.evaluator.java_replay import JavaReplayBackend
from classwright.schema.errors import InputError
from classwright.schema.java_project import JavaProject, load_java_project

SPEC = re.compile(r"Write the body of the method (\S+) of the class below")


def _method_text(source: str, spec: str) -> str:
    tree = parse_java(source, "canonical")
    for declared in top_level_types(tree):
        for member in declared.all_members():
            if member.spec == spec:
                return tree.text(member.node)
    raise AssertionError(f"no {spec} in the canonical source")


class Canonical:
    """Answers with the canonical class, or with the canonical method asked for (alone in a
    block, after a line of prose), and keeps every request it got."""

    name = BackendName.openai
    model = "canonical"
    whole_samples = False

    def __init__(self, project: JavaProject, broken: Sequence[str] = ()) -> None:
        self.sources = {
            t.task_id: project.main_source(t.target).text for t in derived_tasks(project)
        }
        self.broken = set(broken)
        self.requests: list[Request] = []

    def generate(
        self, requests: Sequence[Request], sampling: Sampling
    ) -> Iterator[tuple[int, Completion]]:
        for position, request in enumerate(requests):
            self.requests.append(request)
            source = self.sources[request.task_id]
            if not request.method:
                yield position, Completion((f"Here it is.\n```java\n{source}```\n",), 5, 7)
                continue
            text = _method_text(source, request.method)
            if request.method in self.broken:
                text = text.replace(";", "", 1)
            yield position, Completion((f"The method:\n```java\n{text}\n```\n",), 5, 7)

    def close(self) -> None:
        pass


def _rows(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _code(row: dict[str, object]) -> str:
    text = str(row["completion"])
    return text.removeprefix("```java\n").removesuffix("```\n")


@pytest.mark.parametrize(
    ("strategy", "order"),
    [
        (JavaStrategy.independent, Order.seq),
        (JavaStrategy.incremental, Order.seq),
        (JavaStrategy.incremental, Order.rev),
        (JavaStrategy.incremental, Order.rand),
    ],
)
def test_per_method_strategies_splice_every_answer_back_into_the_class(
    depot: JavaProject, tmp_path: Path, strategy: JavaStrategy, order: Order
) -> None:
    backend = Canonical(depot)
    out = tmp_path / "samples.jsonl"
    report = generate_java(
        depot,
        backend,
        out,
        strategy=strategy,
        sampling=Sampling(n=2, seed=3),
        setting=ContextSetting.MAXIMUM,
        order=order,
        only=["depot.Order"],
    )
    rows = _rows(out)
    canonical = depot.main_source("depot/Order.java").text
    assert [r["sample"] for r in rows] == [0, 1]
    assert all(_code(r) == canonical for r in rows)
    assert (report.samples, report.usage.requests, report.unspliced) == (2, 10, 0)
    asked = [m["spec"] for m in rows[0]["mediate"]]  # type: ignore[union-attr]
    specs = ["Line.subtotalCents()", "add(Item,int)", "lines()", "quantityOf(String)"]
    specs.append("totalCents()")
    if order is Order.rev:
        specs.reverse()
    if order is Order.rand:
        assert sorted(asked) == sorted(specs)
    else:
        assert asked == specs
    assert rows[0]["strategy"] == strategy.value and rows[0]["context"] == "maximum"
    assert rows[0]["order"] == (order.value if strategy is JavaStrategy.incremental else None)


def test_incremental_prompts_show_the_methods_filled_in_before(
    depot: JavaProject, tmp_path: Path
) -> None:
    backend = Canonical(depot)
    generate_java(
        depot,
        backend,
        tmp_path / "s.jsonl",
        strategy=JavaStrategy.incremental,
        sampling=Sampling(n=1),
        setting=ContextSetting.SELECTIVE,
        only=["depot.Order"],
    )
    first, last = backend.requests[0].prompt, backend.requests[-1].prompt
    assert SPEC.search(first.instruction) and "// TODO" in first.instruction
    assert first.instruction.count("// TODO") == 5 and last.instruction.count("// TODO") == 1
    # The selective context: Item's signatures, as a system message before the class.
    assert first.messages()[0]["role"] == "system"
    assert (
        "public record Item(String sku, String name, int priceCents)"
        in first.messages()[0]["content"]
    )


def test_an_answer_that_does_not_parse_leaves_its_method_a_todo(
    depot: JavaProject, tmp_path: Path
) -> None:
    backend = Canonical(depot, broken=["lines()"])
    out = tmp_path / "s.jsonl"
    report = generate_java(
        depot,
        backend,
        out,
        strategy=JavaStrategy.independent,
        sampling=Sampling(n=1),
        setting=ContextSetting.MINIMUM,
        only=["depot.Order"],
    )
    code = _code(_rows(out)[0])
    assert report.unspliced == 1
    assert [s.spec for s in todo_slots(code)] == ["lines()"]
    assert backend.requests[0].prompt.messages()[0]["content"].endswith("context:\n\n")


def test_holistic_asks_once_per_sample_with_the_skeleton_and_records_the_prompt(
    depot: JavaProject, tmp_path: Path
) -> None:
    backend = Canonical(depot)
    out = tmp_path / "s.jsonl"
    generate_java(
        depot,
        backend,
        out,
        strategy=JavaStrategy.holistic,
        sampling=Sampling(n=3, seed=10),
        setting=ContextSetting.MAXIMUM,
    )
    rows = _rows(out)
    assert [(r["task_id"], r["sample"]) for r in rows][:3] == [("depot/depot/Stock.java", k)
                                                              for k in range(3)]  # fmt: skip
    assert len(rows) == 9 and [r.seed for r in backend.requests][:3] == [10, 11, 12]
    stock = derived_tasks(depot)[0].todo_source
    assert stock in str(rows[0]["prompt"]) and "Here it is." in str(rows[0]["completion"])
    assert rows[0]["template"] == OUR_TEMPLATE.name and rows[0]["model"] == "canonical"


def test_the_maximum_context_is_cut_to_the_templates_length(depot: JavaProject) -> None:
    full = our_tasks(depot, ContextSetting.MAXIMUM, OUR_TEMPLATE)
    short = JavaTemplate("short", OUR_TEMPLATE.system, OUR_TEMPLATE.user, OUR_TEMPLATE.method, 100)
    cut = our_tasks(depot, ContextSetting.MAXIMUM, short)
    warehouse = next(t for t in full if t.target == "depot/Warehouse.java")
    assert len(warehouse.context) > 100
    assert [len(t.context) for t in cut] == [min(100, len(t.context)) for t in full]


SHAPES_LIKE = """package p;

public class Box {
    private int size;

    public int size() {
        // TODO
        return 0;
    }

    public void grow(int by) {
        // TODO
    }

    public void grow(long by) {
        // TODO
    }

    static class Inner {
        int twice(int x) {
            // TODO
            return 0;
        }
    }
}
"""


def test_todo_slots_tell_overloads_and_nested_methods_apart() -> None:
    slots = todo_slots(SHAPES_LIKE)
    assert [(s.spec, s.name, s.rank) for s in slots] == [
        ("size()", "size", 0),
        ("grow(int)", "grow", 0),
        ("grow(long)", "grow", 1),
        ("Inner.twice(int)", "twice", 0),
    ]
    # A rank counts every declaration of the name, written or not (JavaBench's seq).
    written = SHAPES_LIKE.replace(
        "    public int size() {", "    void grow() { size++; }\n\n    public int size() {"
    )
    assert [s.rank for s in todo_slots(written) if s.name == "grow"] == [1, 2]


def test_splice_takes_the_method_of_the_same_spec_from_a_class_or_a_lone_method() -> None:
    whole = "```java\nclass Box { void grow(int by) { size += 1; } void grow(long by) {} }\n```"
    text, done = splice(SHAPES_LIKE, "grow(long)", whole)
    assert done and "public void grow(long by) {}" in text
    alone = "Sure:\n```\nint twice(int x) {\n    return 2 * x;\n}\n```\n"
    text, done = splice(SHAPES_LIKE, "Inner.twice(int)", alone)
    assert done and "return 2 * x;" in text and text.count("// TODO") == 3
    assert splice(SHAPES_LIKE, "size()", "no code at all") == (SHAPES_LIKE, False)


def test_javabench_splicing_reads_only_the_first_java_block() -> None:
    answer = "```java\nclass Other {}\n```\n```java\nclass Box { int size() { return 4; } }\n```"
    assert splice(SHAPES_LIKE, "size()", answer, javabench=True) == (SHAPES_LIKE, False)
    assert splice(SHAPES_LIKE, "size()", answer)[1]
    # JavaBench takes the declaration of the same name and rank, whatever its parameters.
    ranked = "```java\nclass Box { void grow(int a) { a++; } void grow(double b) { b--; } }\n```"
    assert "b--;" in splice(SHAPES_LIKE, "grow(long)", ranked, javabench=True)[0]
    assert splice(SHAPES_LIKE, "grow(long)", ranked) == (SHAPES_LIKE, False)


def test_keep_one_todo_empties_the_other_todo_bodies() -> None:
    shown = keep_one_todo(SHAPES_LIKE, "grow(int)")
    assert shown.count("// TODO") == 1 and "public int size() {}" in shown
    assert "private int size;" in shown


OUR_FAKE_TEMPLATE = '''from somewhere import ChatPromptTemplate, System, Human

other_template = ChatPromptTemplate.from_messages([System.from_template("not this {x}")])

complete_template = ChatPromptTemplate.from_messages(
    [
        System.from_template("""Context for the task:
{code_context}
"""),
        Human.from_template(template="""Finish this class.
{code}"""),
    ]
)
'''


def _checkout_with_prompts(root: Path) -> Path:
    checkout = write_fake_checkout(root)
    template = checkout / "app" / "prompt" / "template.py"
    template.parent.mkdir(parents=True)
    template.write_text(OUR_FAKE_TEMPLATE, encoding="utf-8")
    selective = checkout / "datasets" / "selective-context" / "data-PA19.jsonl"
    rows = [json.loads(line) for line in selective.read_text().splitlines()]
    for setting in ("maximum", "selective", "minimum"):
        data = checkout / "datasets" / f"{setting}-context" / "data-PA19.jsonl"
        data.parent.mkdir(parents=True, exist_ok=True)
        data.write_text(
            "".join(
                json.dumps(row | {"code": f"CODE {row['task_id']}", "code_context": setting}) + "\n"
                for row in rows
            )
        )
    return checkout


def test_an_imported_project_generates_with_the_checkouts_template_and_texts(
    tmp_path: Path,
) -> None:
    checkout = _checkout_with_prompts(tmp_path / "checkout")
    assert read_template(checkout) == (
        "Context for the task:\n{code_context}\n",
        "Finish this class.\n{code}",
    )
    [imported] = import_checkout(checkout, tmp_path / "out")
    assert (imported.folder / PROMPT_FILE).is_file()
    replay = tmp_path / "replay.jsonl"
    replay.write_text(
        "".join(
            json.dumps({"task_id": f"PA19/{n}.java", "completion": "x"}) + "\n"
            for n in ("Stock", "Warehouse", "Item")
        )
    )
    out = tmp_path / "samples.jsonl"
    generate_java(
        load_java_project(imported.folder),
        JavaReplayBackend(replay),
        out,
        strategy=JavaStrategy.holistic,
        sampling=Sampling(n=1),
        setting=ContextSetting.MAXIMUM,
    )
    first = _rows(out)[0]
    assert (
        first["prompt"]
        == "Context for the task:\nmaximum\n\nFinish this class.\nCODE PA19/Stock.java"
    )
    assert first["template"] == "javabench"


def test_an_imported_project_without_the_template_says_what_is_missing(tmp_path: Path) -> None:
    [imported] = import_checkout(write_fake_checkout(tmp_path / "c"), tmp_path / "out")
    with pytest.raises(InputError, match=PROMPT_FILE):
        generate_java(
            load_java_project(imported.folder),
            Canonical.__new__(Canonical),
            tmp_path / "s.jsonl",
            strategy=JavaStrategy.holistic,
            sampling=Sampling(n=1),
            setting=ContextSetting.MAXIMUM,
        )
