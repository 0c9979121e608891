import json
import os
import tempfile
import unittest

from solution import BinStockroom


def stock_file(test):
    folder = tempfile.TemporaryDirectory()
    test.addCleanup(folder.cleanup)
    return os.path.join(folder.name, "stock.json")


def room_of(bins, path="stock.json"):
    room = BinStockroom(path)
    room.bins = {name: dict(contents) for name, contents in bins.items()}
    return room


def write(path, text):
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def read_json(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


class BinStockroomTestReceive(unittest.TestCase):
    def test_receive_1(self):
        room = BinStockroom("stock.json")
        self.assertEqual(room.receive("A1", "bolt", 40), 40)
        self.assertEqual(room.receive("A1", "bolt", 10), 50)
        self.assertEqual(room.bins, {"A1": {"bolt": 50}})

    def test_receive_2(self):
        room = BinStockroom("stock.json")
        self.assertEqual(room.receive("A1", "bolt", 1), 1)
        self.assertEqual(room.receive("A1", "nut", 2), 2)
        self.assertEqual(room.receive("B2", "bolt", 3), 3)
        self.assertEqual(room.bins, {"A1": {"bolt": 1, "nut": 2}, "B2": {"bolt": 3}})

    def test_receive_3(self):
        room = room_of({"A1": {"bolt": 2}})
        for bin_name, sku, quantity in [("", "bolt", 1), ("A1", "", 1), ("A1", "bolt", 0), ("B2", "bolt", -5)]:
            with self.assertRaises(ValueError):
                room.receive(bin_name, sku, quantity)
        self.assertEqual(room.bins, {"A1": {"bolt": 2}})

    def test_receive_4(self):
        room = room_of({"A1": {"bolt": 2}})
        self.assertEqual(room.receive("A1", "bolt", 3), 5)
        self.assertEqual(room.receive("A1", "washer", 1), 1)
        self.assertEqual(room.bins, {"A1": {"bolt": 5, "washer": 1}})

    def test_receive_5(self):
        room = BinStockroom("stock.json")
        self.assertEqual(room.receive("Z", "x", 7), 7)
        self.assertEqual(room.path, "stock.json")
        self.assertEqual(room.bins, {"Z": {"x": 7}})


class BinStockroomTestTotal(unittest.TestCase):
    def test_total_1(self):
        room = room_of({"A1": {"bolt": 40}, "B2": {"bolt": 5}})
        self.assertEqual(room.total("bolt"), 45)
        self.assertEqual(room.total("nut"), 0)

    def test_total_2(self):
        self.assertEqual(BinStockroom("stock.json").total("bolt"), 0)

    def test_total_3(self):
        room = room_of({"A1": {"bolt": 40, "nut": 3, "washer": 8}})
        self.assertEqual(room.total("nut"), 3)

    def test_total_4(self):
        room = room_of({"A1": {"bolt": 1}, "B2": {"nut": 2}, "C3": {"bolt": 3, "nut": 4}})
        self.assertEqual(room.total("bolt"), 4)
        self.assertEqual(room.total("nut"), 6)

    def test_total_5(self):
        room = room_of({"A1": {"bolt": 1}, "B2": {"nut": 2}})
        room.total("washer")
        self.assertEqual(room.bins, {"A1": {"bolt": 1}, "B2": {"nut": 2}})


class BinStockroomTestPick(unittest.TestCase):
    def test_pick_1(self):
        room = room_of({"A1": {"bolt": 40}, "B2": {"bolt": 5, "nut": 9}})
        self.assertEqual(room.pick("bolt", 12), [("B2", 5), ("A1", 7)])
        self.assertEqual(room.bins, {"A1": {"bolt": 33}, "B2": {"nut": 9}})

    def test_pick_2(self):
        room = room_of({"A1": {"bolt": 4}, "B2": {"bolt": 5}})
        for sku, quantity in [("bolt", 10), ("bolt", 0), ("bolt", -1), ("nut", 1)]:
            with self.assertRaises(ValueError):
                room.pick(sku, quantity)
        self.assertEqual(room.bins, {"A1": {"bolt": 4}, "B2": {"bolt": 5}})

    def test_pick_3(self):
        room = room_of({"A1": {"bolt": 3}, "B2": {"bolt": 2}})
        self.assertEqual(room.pick("bolt", 5), [("B2", 2), ("A1", 3)])
        self.assertEqual(room.bins, {})

    def test_pick_4(self):
        room = room_of({"C3": {"bolt": 5}, "A1": {"bolt": 5}, "B2": {"bolt": 5}})
        self.assertEqual(room.pick("bolt", 7), [("A1", 5), ("B2", 2)])
        self.assertEqual(room.bins, {"C3": {"bolt": 5}, "B2": {"bolt": 3}})

    def test_pick_5(self):
        room = room_of({"A1": {"bolt": 40}, "B2": {"bolt": 5}})
        self.assertEqual(room.pick("bolt", 3), [("B2", 3)])
        self.assertEqual(room.bins, {"A1": {"bolt": 40}, "B2": {"bolt": 2}})

    def test_pick_6(self):
        room = room_of({"Z9": {"bolt": 1}, "A1": {"bolt": 10}})
        self.assertEqual(room.pick("bolt", 2), [("Z9", 1), ("A1", 1)])
        self.assertEqual(room.bins, {"A1": {"bolt": 9}})

    def test_pick_7(self):
        room = room_of({"A1": {"bolt": 1}})
        self.assertEqual(room.pick("bolt", 1), [("A1", 1)])
        self.assertEqual(room.bins, {})


class BinStockroomTestMove(unittest.TestCase):
    def test_move_1(self):
        room = room_of({"A1": {"bolt": 4}, "C3": {"bolt": 1}})
        self.assertEqual(room.move("bolt", "A1", "C3", 4), 5)
        self.assertEqual(room.bins, {"C3": {"bolt": 5}})

    def test_move_2(self):
        room = room_of({"A1": {"bolt": 4}})
        self.assertEqual(room.move("bolt", "A1", "B2", 3), 3)
        self.assertEqual(room.bins, {"A1": {"bolt": 1}, "B2": {"bolt": 3}})

    def test_move_3(self):
        room = room_of({"A1": {"bolt": 4, "nut": 1}})
        cases = [("bolt", "A1", "A1", 1), ("bolt", "A1", "", 1), ("bolt", "A1", "B2", 0), ("bolt", "A1", "B2", 5),
                 ("bolt", "Q7", "B2", 1), ("washer", "A1", "B2", 1), ("nut", "A1", "B2", -1)]
        for sku, source, target, quantity in cases:
            with self.assertRaises(ValueError):
                room.move(sku, source, target, quantity)
        self.assertEqual(room.bins, {"A1": {"bolt": 4, "nut": 1}})

    def test_move_4(self):
        room = room_of({"A1": {"bolt": 2, "nut": 1}})
        self.assertEqual(room.move("bolt", "A1", "B2", 2), 2)
        self.assertEqual(room.bins, {"A1": {"nut": 1}, "B2": {"bolt": 2}})

    def test_move_5(self):
        room = room_of({"A1": {"bolt": 2}, "B2": {"nut": 6}})
        self.assertEqual(room.move("nut", "B2", "A1", 1), 1)
        self.assertEqual(room.bins, {"A1": {"bolt": 2, "nut": 1}, "B2": {"nut": 5}})


class BinStockroomTestSave(unittest.TestCase):
    def test_save_1(self):
        room = BinStockroom(stock_file(self))
        room.receive("A1", "bolt", 4)
        self.assertEqual(room.save(), 1)
        self.assertEqual(read_json(room.path), {"A1": {"bolt": 4}})

    def test_save_2(self):
        room = BinStockroom(stock_file(self))
        self.assertEqual(room.save(), 0)
        self.assertEqual(read_json(room.path), {})

    def test_save_3(self):
        path = stock_file(self)
        write(path, "old content that is not JSON at all")
        room = room_of({"A1": {"bolt": 4, "nut": 2}, "B2": {"nut": 1}}, path)
        self.assertEqual(room.save(), 2)
        self.assertEqual(read_json(path), {"A1": {"bolt": 4, "nut": 2}, "B2": {"nut": 1}})

    def test_save_4(self):
        room = room_of({"A1": {"bolt": 4}, "B2": {"bolt": 1}}, stock_file(self))
        room.pick("bolt", 2)
        self.assertEqual(room.save(), 1)
        self.assertEqual(read_json(room.path), {"A1": {"bolt": 3}})
        self.assertEqual(room.bins, {"A1": {"bolt": 3}})

    def test_save_5(self):
        room = room_of({"A1": {"bolt": 4}}, stock_file(self))
        room.save()
        room.receive("A1", "bolt", 1)
        room.save()
        self.assertEqual(read_json(room.path), {"A1": {"bolt": 5}})


class BinStockroomTestLoad(unittest.TestCase):
    def test_load_1(self):
        room = BinStockroom(stock_file(self))
        write(room.path, '{"A1": {"bolt": 4}, "Z9": {}}')
        self.assertEqual(room.load(), 1)
        self.assertEqual(room.bins, {"A1": {"bolt": 4}})

    def test_load_2(self):
        room = room_of({"A1": {"bolt": 4}}, stock_file(self))
        self.assertEqual(room.load(), 0)
        self.assertEqual(room.bins, {})
        self.assertFalse(os.path.exists(room.path))

    def test_load_3(self):
        room = room_of({"B2": {"nut": 1}}, stock_file(self))
        bad = ["not json", "[1]", '{"A1": [1]}', '{"A1": {"bolt": 0}}', '{"A1": {"bolt": -1}}',
               '{"A1": {"bolt": 1.5}}', '{"A1": {"bolt": true}}', '{"A1": {"": 1}}', '{"": {"bolt": 1}}',
               '{"A1": {"bolt": "3"}}', '{"A1": {"bolt": 2}, "B2": 7}']
        for text in bad:
            write(room.path, text)
            with self.assertRaises(ValueError):
                room.load()
        self.assertEqual(room.bins, {"B2": {"nut": 1}})

    def test_load_4(self):
        path = stock_file(self)
        first = room_of({"A1": {"bolt": 4, "nut": 2}, "B2": {"nut": 1}}, path)
        first.save()
        second = BinStockroom(path)
        self.assertEqual(second.load(), 2)
        self.assertEqual(second.bins, {"A1": {"bolt": 4, "nut": 2}, "B2": {"nut": 1}})

    def test_load_5(self):
        room = room_of({"B2": {"nut": 1}}, stock_file(self))
        write(room.path, '{"A1": {"bolt": 3}}')
        self.assertEqual(room.load(), 1)
        self.assertEqual(room.bins, {"A1": {"bolt": 3}})

    def test_load_6(self):
        room = BinStockroom(stock_file(self))
        write(room.path, "{}")
        self.assertEqual(room.load(), 0)
        self.assertEqual(room.bins, {})


class BinStockroomTest(unittest.TestCase):
    def test_bin_stockroom_1(self):
        path = stock_file(self)
        room = BinStockroom(path)
        self.assertEqual(room.load(), 0)
        self.assertEqual(room.receive("A1", "bolt", 30), 30)
        self.assertEqual(room.receive("B2", "bolt", 8), 8)
        self.assertEqual(room.receive("B2", "nut", 50), 50)
        self.assertEqual(room.pick("bolt", 10), [("B2", 8), ("A1", 2)])
        self.assertEqual(room.move("nut", "B2", "C3", 50), 50)
        self.assertEqual(room.save(), 2)
        again = BinStockroom(path)
        self.assertEqual(again.load(), 2)
        self.assertEqual(again.bins, {"A1": {"bolt": 28}, "C3": {"nut": 50}})
        self.assertEqual(again.total("bolt"), 28)

    def test_bin_stockroom_2(self):
        room = BinStockroom(stock_file(self))
        room.receive("A1", "bolt", 5)
        room.receive("B2", "bolt", 5)
        self.assertEqual(room.move("bolt", "B2", "A1", 1), 6)
        self.assertEqual(room.pick("bolt", 4), [("B2", 4)])
        self.assertEqual(room.total("bolt"), 6)
        with self.assertRaises(ValueError):
            room.pick("bolt", 7)
        self.assertEqual(room.bins, {"A1": {"bolt": 6}})


if __name__ == "__main__":
    unittest.main()
