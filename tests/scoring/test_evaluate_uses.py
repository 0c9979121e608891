"""The fast field/method analysis used for DEP agrees with the full LibCST analysis."""

from __future__ import annotations

import json
from pathlib import Path

from classwright.evaluator.dependencies import method_dependencies
from classwright.evaluator.scoring.laziness import MethodUses, class_uses


def test_field_and_method_uses_match_the_dependency_tags_on_every_classeval_solution(
    classeval_data: Path,
) -> None:
    checked = described = 0
    for record in json.loads(classeval_data.read_text(encoding="utf-8")):
        tags = method_dependencies(record["solution_code"], record["class_name"])
        uses = class_uses(record["solution_code"], record["class_name"])
        assert uses is not None
        # Both analyses see the same methods, every described one among them.
        assert set(uses) == set(tags), record["task_id"]
        assert {m["method_name"] for m in record["methods_info"]} <= set(tags), record["task_id"]
        described += len(record["methods_info"])
        for method, dependencies in tags.items():
            assert sorted(uses[method].fields) == sorted(dependencies.field), method
            assert sorted(uses[method].methods) == sorted(dependencies.method), method
            checked += 1
    assert checked >= described > 0


def test_uses_follow_self_cls_and_the_class_name_but_not_annotations() -> None:
    code = (
        "class Cart:\n"
        "    rate = 2\n"
        "    def __init__(self):\n        self.items: list = []\n"
        "    def total(self) -> int:\n        x: Cart = None\n        return sum(self.items) * Cart.rate\n"
        "    @classmethod\n    def make(cls):\n        c = cls()\n        c.total()\n        return cls.total\n"
        "    @staticmethod\n    def tax(self):\n        return self.rate\n"
    )
    uses = class_uses(code, "Cart")
    assert uses == {
        "__init__": MethodUses(fields=("self.items",)),
        "total": MethodUses(fields=("self.items", "self.rate")),
        "make": MethodUses(methods=("total",)),
        # A static method's first parameter is not the instance, whatever its name.
        "tax": MethodUses(),
    }
    assert class_uses("class Other:\n    pass\n", "Cart") is None
    assert class_uses("class Cart(:\n", "Cart") is None
