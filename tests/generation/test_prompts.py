"""Prompts: ClassEval's instruction sentences, JavaBench's context settings, chat and plain forms."""

from __future__ import annotations

from pathlib import Path

import pytest

from classwright.evaluator.backends import PRESETS, BackendName, Sampling
from classwright.evaluator.generation import RunSettings
from classwright.evaluator.prompts import (
    TEMPLATE_VERSION,
    Context,
    PromptStyle,
    Strategy,
    compositional_others,
    default_context,
    holistic_prompt,
    incremental_others,
    method_prompt,
    method_signature,
)
from classwright.schema.io import load_records
from classwright.schema.records import TaskRecord


# Two tasks of ClassEval's data (or of the bundled tasks where it is absent).
@pytest.fixture(scope="module")
def brackets(classeval_data: Path) -> TaskRecord:
    return load_records(classeval_data)[0]


@pytest.fixture(scope="module")
def area(classeval_data: Path) -> TaskRecord:
    record = load_records(classeval_data)[1]
    assert len(record.methods_info) >= 3 and record.import_statement
    return record


def test_holistic_prompt_is_classeval_instruction_then_skeleton(brackets: TaskRecord) -> None:
    prompt = holistic_prompt(brackets)
    assert prompt.instruction == (
        f"Please complete the class {brackets.class_name} in the following code.\n"
        + brackets.skeleton
    )


def test_chat_form_is_one_user_message_and_plain_form_wraps_it(brackets: TaskRecord) -> None:
    prompt = holistic_prompt(brackets)
    assert prompt.messages() == [{"role": "user", "content": prompt.instruction}]
    plain = prompt.plain()
    assert plain.startswith("Below is an instruction that describes a task.")
    assert prompt.instruction in plain
    assert plain.endswith("### Response:\n")


def test_method_prompt_names_method_and_class_and_ends_with_target_contract(
    area: TaskRecord,
) -> None:
    target = area.methods_info[2]
    prompt = method_prompt(area, target, Context.selective, [])
    assert prompt.instruction.startswith(
        f"please complete {target.method_name} method in the following class {area.class_name}\n\n"
    )
    assert all(line in prompt.instruction for line in area.import_statement)
    assert area.class_description.strip() in prompt.instruction
    constructor = next(
        line for line in area.class_constructor.splitlines() if "def __init__" in line
    )
    assert constructor in prompt.instruction
    assert prompt.instruction.rstrip().endswith(target.method_description.rstrip())


def test_selective_context_shows_other_signatures_without_their_docstrings(
    area: TaskRecord,
) -> None:
    target = area.methods_info[0]
    others = compositional_others(area, target, Context.selective)
    text = method_prompt(area, target, Context.selective, others).instruction
    for other in area.methods_info[1:]:
        assert f"def {other.method_name}(" in text
        docstring_line = other.method_description.split('"""')[1].strip().splitlines()[0]
        assert docstring_line not in text
    assert text.count(f"def {target.method_name}(") == 1


def test_maximum_context_shows_other_contracts_and_minimum_shows_none(area: TaskRecord) -> None:
    target = area.methods_info[0]
    full = method_prompt(
        area, target, Context.maximum, compositional_others(area, target, Context.maximum)
    ).instruction
    bare = method_prompt(
        area, target, Context.minimum, compositional_others(area, target, Context.minimum)
    ).instruction
    for other in area.methods_info[1:]:
        assert other.method_description in full
        assert f"def {other.method_name}(" not in bare


def test_incremental_maximum_shows_generated_code_and_selective_only_signatures(
    area: TaskRecord,
) -> None:
    first = area.methods_info[0]
    generated = [f"    def {first.method_name}(self):\n        return 42\n"]
    assert incremental_others(generated, area, Context.maximum) == generated
    # Selective shows the contract's signature of each method done so far, not the generated body.
    selective = incremental_others(generated, area, Context.selective)
    assert selective == [method_signature(first) + "\n        pass"]
    assert selective[0].startswith(f"    def {first.method_name}(self")
    assert incremental_others(generated, area, Context.minimum) == []


def test_method_signature_joins_a_multiline_def() -> None:
    from classwright.schema.records import Dependencies, MethodInfo

    method = MethodInfo(
        "move",
        'def move(self, x,\n             y=(1, 2)) -> bool:\n        """Move."""',
        "T",
        "",
        "",
        Dependencies(True),
    )
    assert method_signature(method) == "    def move(self, x, y=(1, 2)) -> bool:"


def test_classeval_defaults_incremental_maximum_compositional_selective() -> None:
    assert default_context(Strategy.incremental) is Context.maximum
    assert default_context(Strategy.compositional) is Context.selective
    assert default_context(Strategy.holistic) is Context.maximum


def test_presets_match_the_paper() -> None:
    assert PRESETS["greedy"] == Sampling(n=1, temperature=0.0, top_p=1.0)
    assert PRESETS["nucleus"].n == 5
    assert PRESETS["nucleus"].temperature == 0.2


def test_config_hash_covers_model_sampling_template_and_task(
    brackets: TaskRecord, area: TaskRecord
) -> None:
    base = RunSettings(
        "m",
        BackendName.vllm,
        Strategy.holistic,
        Context.maximum,
        PromptStyle.auto,
        PRESETS["greedy"],
    )
    reference = base.config_hash(brackets)
    assert base.config_hash(brackets) == reference
    assert base.describe()["template_version"] == TEMPLATE_VERSION
    variants = [
        RunSettings("m2", *list(base.__dict__.values())[1:]),
        RunSettings("m", BackendName.openai, *list(base.__dict__.values())[2:]),
        RunSettings(
            "m",
            BackendName.vllm,
            Strategy.incremental,
            Context.maximum,
            PromptStyle.auto,
            PRESETS["greedy"],
        ),
        RunSettings(
            "m",
            BackendName.vllm,
            Strategy.holistic,
            Context.maximum,
            PromptStyle.auto,
            Sampling(n=1, temperature=0.0, top_p=1.0, max_tokens=17),
        ),
        RunSettings(
            "m",
            BackendName.vllm,
            Strategy.holistic,
            Context.maximum,
            PromptStyle.auto,
            Sampling(n=1, temperature=0.0, top_p=1.0, seed=3),
        ),
    ]
    hashes = {v.config_hash(brackets) for v in variants}
    assert reference not in hashes and len(hashes) == len(variants)
    assert base.config_hash(area) != reference
    from dataclasses import replace

    edited = replace(brackets, skeleton=brackets.skeleton + "\n# edited\n")
    assert base.config_hash(edited) != reference
