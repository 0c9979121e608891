"""A small JavaBench-shaped checkout written from our Depot project (no JavaBench file in it).

It has JavaBench's layout: ``projects/PA19-Solution`` (Depot's sources and tests, plus a test
that bounds the wall clock, and a build file giving every test a timeout, as PA22's does), ``projects/PA19`` (the TODO skeletons the prompts show: Stock's
derived one, which compiles; Warehouse's with a TODO body missing its return, which does not;
Item's unchanged, as a class with nothing to complete), and the datasets' task and test
configuration files.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from java_projects import DEPOT

from classwright.evaluator.java import derive_skeleton
from classwright.schema.java_project import load_java_project

CLOCK_TEST = """package depot;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ClockTest {
    @Test
    void addsWithinTheLimit() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> new Stock().add("a", 1));
    }
}
"""
CLOCK_LINE = 11
BUILD_FILE = """tasks {
    withType<Test> {
        useJUnitPlatform()
        systemProperties(
            "junit.jupiter.execution.timeout.testable.method.default" to "60 s"
        )
    }
}
"""
BUILD_TIMEOUT_LINE = 5
BROKEN_WAREHOUSE_METHOD = "    public long shippedCents() {\n        // TODO\n    }\n"
TASKS = {
    "Stock": "depot/Stock.java",
    "Warehouse": "depot/Warehouse.java",
    "Item": "depot/Item.java",
}
TEST_CONFIGURATIONS = [
    {"test_id": "PA19/StockTest", "target": "depot.StockTest", "full_deps": ["depot.Stock"]},
    {
        "test_id": "PA19/WarehouseTest",
        "target": "depot.WarehouseTest",
        "full_deps": ["depot.Stock", "depot.Warehouse"],
    },
]


def _broken_warehouse(text: str) -> str:
    start = text.index("    public long shippedCents()")
    end = text.index("\n    }\n", start) + len("\n    }\n")
    return text[:start] + BROKEN_WAREHOUSE_METHOD + text[end:]


def write_fake_checkout(root: Path) -> Path:
    """Write the checkout under ``root``; its path."""
    solution = root / "projects" / "PA19-Solution"
    shutil.copytree(DEPOT / "src", solution / "src")
    (solution / "src/test/java/depot/ClockTest.java").write_text(CLOCK_TEST, encoding="utf-8")
    (solution / "build.gradle.kts").write_text(BUILD_FILE, encoding="utf-8")
    depot = load_java_project(DEPOT)
    skeletons = root / "projects" / "PA19" / "src" / "main" / "java"
    shutil.copytree(DEPOT / "src" / "main" / "java", skeletons)
    stock = derive_skeleton(depot, depot.target("depot.Stock")).text
    (skeletons / TASKS["Stock"]).write_text(stock, encoding="utf-8")
    warehouse = depot.main_source(TASKS["Warehouse"]).text
    (skeletons / TASKS["Warehouse"]).write_text(_broken_warehouse(warehouse), encoding="utf-8")
    data = root / "datasets" / "selective-context" / "data-PA19.jsonl"
    data.parent.mkdir(parents=True)
    data.write_text(
        "".join(
            json.dumps({"task_id": f"PA19/{name}.java", "target": path, "code": "", "ctx": ""})
            + "\n"
            for name, path in TASKS.items()
        ),
        encoding="utf-8",
    )
    tests = root / "datasets" / "testcase" / "test-PA19.jsonl"
    tests.parent.mkdir(parents=True)
    tests.write_text("".join(json.dumps(c) + "\n" for c in TEST_CONFIGURATIONS), encoding="utf-8")
    return root
