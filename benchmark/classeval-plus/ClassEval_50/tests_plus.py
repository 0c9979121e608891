"""ClassEval+ tests of ClassEval_50 (JSONProcessor)."""

import os
import unittest


class JSONProcessorTestWriteJson(unittest.TestCase):
    def test_write_json_2(self):
        # Replaces the published test: a path below a regular file fails for root as well.
        blocked = os.path.join(self.file_path_only_read, "inner.json")
        result = self.processor.write_json(self.test_data, blocked)
        self.assertEqual(result, -1)

    def test_write_json_3(self):
        # Replaces the published test, for the reason of test_write_json_2.
        blocked = os.path.join(self.file_path_only_read, "inner.json")
        result = self.processor.write_json([], blocked)
        self.assertEqual(result, -1)


def _write(path, data):
    with open(path, "w") as file:
        file.write(data)


def _read(path):
    with open(path) as file:
        return file.read()


class JSONProcessorTestProcessJsonExistingKey(unittest.TestCase):
    def test_process_json_returns_1_after_removing(self):
        # Guards mutants process_json line 67 `1` -> `None`, `2`, `0`.
        _write(self.file_path, '{"key1": "value1", "key2": "value2"}')
        self.assertEqual(self.processor.process_json(self.file_path, "key1"), 1)
        self.assertEqual(_read(self.file_path), '{"key2": "value2"}')

    def test_process_json_missing_key_returns_0(self):
        # Guards mutants process_json line 69 `0` -> `None`, `1`, `-1`.
        _write(self.file_path, '{"key1": "value1"}')
        self.assertEqual(self.processor.process_json(self.file_path, "key2"), 0)
        self.assertEqual(_read(self.file_path), '{"key1": "value1"}')

    def test_process_json_missing_file_returns_0(self):
        # Guards mutants process_json line 62 `0` -> `1`, `-1` (read_json gives 0).
        self.assertEqual(self.processor.process_json("missing.json", "key1"), 0)
        self.assertFalse(os.path.exists("missing.json"))

    def test_process_json_invalid_file_returns_0(self):
        # Guards mutants process_json line 62 `0` -> `1`, `-1` (read_json gives -1).
        _write(self.file_path, "not json")
        self.assertEqual(self.processor.process_json(self.file_path, "key1"), 0)
        self.assertEqual(_read(self.file_path), "not json")
