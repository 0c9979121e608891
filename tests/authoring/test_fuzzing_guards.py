"""Fuzzing reaches code behind a format guard: strings and numbers are drawn from the values the
task's tests and docstring examples write (and near variants of them) beside fresh ones, and a
parameter with a default is passed too. The reach report names the candidate file's own lines."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from classwright.authoring.adequacy.fuzzing import FuzzSettings, fuzz_candidates, plan_fuzz
from classwright.authoring.taskdir import bundled_tasks
from classwright.cli import app
from classwright.schema.records import Dependencies, MethodInfo, TaskRecord

CANONICAL = '''from datetime import datetime


class Meter:
    def __init__(self):
        """
        Meter readings by the minute.
        self.readings: dict, "YYYY-MM-DD HH:MM" -> kWh, empty at first
        """
        self.readings = {}

    def record(self, stamp, kwh):
        """
        Record a reading.
        :param stamp: str, when, as "YYYY-MM-DD HH:MM"
        :param kwh: float, the reading
        :return: bool, False when the stamp is not in that form
        >>> Meter().record("2024-03-01 09:30", 1.5)
        True
        """
        try:
            when = datetime.strptime(stamp, "%Y-%m-%d %H:%M")
        except ValueError:
            return False
        self.readings[when.strftime("%Y-%m-%d %H:%M")] = round(kwh, 2)
        return True
'''

# Behind the guard: the reading keeps three decimals instead of two.
MUTANT = CANONICAL.replace("round(kwh, 2)", "round(kwh, 3)")

TESTS = """import unittest


class MeterTestRecord(unittest.TestCase):
    def test_record(self):
        meter = Meter()
        self.assertIs(meter.record("2024-03-01 09:30", 1.5), True)
        self.assertEqual(meter.readings, {"2024-03-01 09:30": 1.5})
"""


def meter_record() -> TaskRecord:
    return TaskRecord(
        task_id="Meter_1",
        skeleton="",
        test=TESTS,
        solution_code=CANONICAL,
        import_statement=("from datetime import datetime",),
        class_description="A meter.",
        class_name="Meter",
        test_classes=("MeterTestRecord",),
        class_constructor="",
        fields=("self.readings",),
        methods_info=(MethodInfo("record", "", "MeterTestRecord", "", "", Dependencies(False)),),
        contract_solution=CANONICAL,
    )


SETTINGS = FuzzSettings(max_examples=60)


def test_the_task_s_own_values_and_their_neighbours_are_drawn() -> None:
    seeds = plan_fuzz(meter_record()).seeds.values
    assert "2024-03-01 09:30" in seeds["str"]
    assert "2024-03-01 09:31" in seeds["str"]  # a digit moved up: the same format
    assert 1.5 in seeds["float"] and 1.51 in seeds["float"]


def test_a_mutant_behind_a_format_guard_is_reached_and_killed() -> None:
    (result,) = fuzz_candidates(meter_record(), {"mutant": MUTANT}, settings=SETTINGS)
    assert result.diverges, result
    (found,) = result.divergences
    assert found.method == "record" and found.kind == "field readings"
    # A stamp strptime reads opened the guard (shrunk from one of the tests' form).
    assert found.expected.startswith("self.readings == {") and ": 1." in found.expected
    # The positive control: the canonical solution itself never diverges.
    (same,) = fuzz_candidates(meter_record(), {"same": CANONICAL}, settings=SETTINGS)
    assert not same.diverges


def test_a_rate_left_at_its_default_no_longer_hides_a_rounding_error(tmp_path: Path) -> None:
    # ParkingGarage's fee rounded to one decimal: with the default rate of 2.0 every fee is a
    # whole number, so only a rate the constructor is given shows the error.
    garage = bundled_tasks() / "ParkingGarage"
    source = (garage / "solution.py").read_text(encoding="utf-8")
    assert source.count("return round(total, 2)") == 1
    candidate = tmp_path / "candidate.py"
    candidate.write_text(source.replace("return round(total, 2)", "return round(total, 1)"))
    result = CliRunner().invoke(app, ["fuzz", str(garage), "--candidate", str(candidate)])
    assert result.exit_code == 1, result.output
    assert "fee diverges" in result.stdout


def test_the_reach_report_names_the_candidate_file_s_own_lines(tmp_path: Path) -> None:
    # An equivalent change at line 118 of ParkingGarage, whose imports the task puts in front
    # of a candidate: those are no changed lines of the candidate's (they were -1 and 0).
    garage = bundled_tasks() / "ParkingGarage"
    source = (garage / "solution.py").read_text(encoding="utf-8")
    changed = source.replace("return round(total, 2)", "return round(total + 0.0, 2)")
    line = changed.splitlines().index("        return round(total + 0.0, 2)") + 1
    candidate = tmp_path / "candidate.py"
    candidate.write_text(changed)
    args = ["fuzz", str(garage), "--candidate", str(candidate), "--max-examples", "30"]
    result = CliRunner().invoke(app, [*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    (entry,) = json.loads(result.stdout)
    assert entry["reach"]["lines"] == [line] and entry["reach"]["function"] == "fee"
