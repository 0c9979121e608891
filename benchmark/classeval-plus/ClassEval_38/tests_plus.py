"""ClassEval+ tests of ClassEval_38 (ExcelProcessor).

Files are written in the working directory, as the published tests do (relative names keep
the `.`-split of process_excel_data meaningful), and removed afterwards. The mutants of
`data[0]` on line 65 survive: openpyxl reads every row as wide as the widest, so they are
equivalent.
"""

import os
import unittest

from solution import ExcelProcessor


def _save(processor, name, data):
    processor.write_excel(data, name)
    return name


class ExcelProcessorTestWriteExcel(unittest.TestCase):
    def test_write_excel_returns_1(self):
        # Guards mutant write_excel line 51 `return 1` -> `return 2`.
        processor = ExcelProcessor()
        try:
            self.assertEqual(processor.write_excel([["a", 1]], "plus_write.xlsx"), 1)
            self.assertEqual(processor.read_excel("plus_write.xlsx"), [("a", 1)])
        finally:
            os.remove("plus_write.xlsx")


class ExcelProcessorTestProcessExcelData(unittest.TestCase):
    def test_process_excel_data_column_just_past_the_end(self):
        # Guards mutant process_excel_data line 65 `>=` -> `>`: N equal to the width is 0.
        processor = ExcelProcessor()
        name = _save(processor, "plus_width.xlsx", [["a", "b", "c"], ["d", "e", "f"]])
        try:
            self.assertEqual(processor.process_excel_data(3, name), 0)
        finally:
            os.remove(name)

    def test_process_excel_data_output_name(self):
        # Guards mutants process_excel_data line 75 `[0]` -> `[1]`, `[-1]`.
        processor = ExcelProcessor()
        name = _save(processor, "plus_name.xlsx", [["x", "y"], ["1", "z"]])
        try:
            self.assertEqual(processor.process_excel_data(1, name), (1, "plus_name_process.xlsx"))
            self.assertEqual(
                processor.read_excel("plus_name_process.xlsx"),
                [("x", "y", "Y"), ("1", "z", "Z")],
            )
        finally:
            os.remove(name)
            os.remove("plus_name_process.xlsx")
