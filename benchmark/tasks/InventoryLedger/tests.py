import os
import sqlite3
import tempfile
import unittest

from solution import InventoryLedger


def ledger_with(products):
    ledger = InventoryLedger()
    for sku, level in products:
        ledger.add_product(sku, sku.lower(), level)
    return ledger


class InventoryLedgerTestOpen(unittest.TestCase):
    def test_open_1(self):
        ledger = InventoryLedger()
        self.assertIs(ledger.open(), True)
        self.assertIsInstance(ledger.connection, sqlite3.Connection)
        ledger.close()

    def test_open_2(self):
        ledger = InventoryLedger()
        ledger.open()
        connection = ledger.connection
        self.assertIs(ledger.open(), False)
        self.assertIs(ledger.connection, connection)
        ledger.close()

    def test_open_3(self):
        ledger = InventoryLedger()
        ledger.open()
        tables = {row[0] for row in ledger.connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        self.assertTrue({"products", "movements"} <= tables)
        columns = [row[1] for row in ledger.connection.execute("PRAGMA table_info(movements)")]
        self.assertEqual(columns, ["id", "sku", "quantity", "reason"])
        ledger.close()

    def test_open_4(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "stock.db")
            ledger = InventoryLedger(path)
            self.assertIs(ledger.open(), True)
            self.assertTrue(os.path.exists(path))
            ledger.close()
            self.assertIs(ledger.open(), True)
            ledger.close()

    def test_open_5(self):
        ledger = InventoryLedger()
        self.assertIsNone(ledger.connection)
        self.assertEqual(ledger.path, ":memory:")
        self.assertIs(ledger.open(), True)
        self.assertEqual(ledger.connection.execute("SELECT COUNT(*) FROM products").fetchone()[0], 0)
        ledger.close()


class InventoryLedgerTestAddProduct(unittest.TestCase):
    def test_add_product_1(self):
        ledger = InventoryLedger()
        self.assertIs(ledger.add_product("TEA-001", "Green tea", 5), True)
        rows = ledger.connection.execute("SELECT * FROM products").fetchall()
        self.assertEqual(rows, [("TEA-001", "Green tea", 5)])
        ledger.close()

    def test_add_product_2(self):
        ledger = InventoryLedger()
        ledger.add_product("TEA-001", "Green tea", 5)
        self.assertIs(ledger.add_product("TEA-001", "Black tea", 2), False)
        rows = ledger.connection.execute("SELECT * FROM products").fetchall()
        self.assertEqual(rows, [("TEA-001", "Green tea", 5)])
        ledger.close()

    def test_add_product_3(self):
        ledger = InventoryLedger()
        for sku in ["tea-001", "TEA001", "TEA-01", "TEAS-001", "TEA-0011", "", "TE1-001"]:
            with self.assertRaises(ValueError):
                ledger.add_product(sku, "x", 1)
        self.assertIsNone(ledger.connection)

    def test_add_product_4(self):
        ledger = InventoryLedger()
        with self.assertRaises(ValueError):
            ledger.add_product("TEA-001", "Green tea", -1)
        self.assertIs(ledger.add_product("TEA-001", "Green tea", 0), True)
        ledger.close()

    def test_add_product_5(self):
        ledger = InventoryLedger()
        self.assertIs(ledger.add_product("TEA-001", "Green tea", 5), True)
        self.assertIs(ledger.add_product("TEA-002", "Green tea", 5), True)
        self.assertEqual(ledger.connection.execute("SELECT COUNT(*) FROM products").fetchone()[0], 2)
        self.assertEqual(ledger.stock("TEA-002"), 0)
        ledger.close()


class InventoryLedgerTestStock(unittest.TestCase):
    def test_stock_1(self):
        ledger = ledger_with([("TEA-001", 5)])
        self.assertEqual(ledger.stock("TEA-001"), 0)
        ledger.close()

    def test_stock_2(self):
        ledger = ledger_with([("TEA-001", 5), ("CUP-001", 1)])
        ledger.connection.executemany(
            "INSERT INTO movements (sku, quantity, reason) VALUES (?, ?, ?)",
            [("TEA-001", 10, "delivery"), ("TEA-001", -3, "sale"), ("CUP-001", 7, "delivery")],
        )
        self.assertEqual(ledger.stock("TEA-001"), 7)
        self.assertEqual(ledger.stock("CUP-001"), 7)
        ledger.close()

    def test_stock_3(self):
        ledger = InventoryLedger()
        with self.assertRaises(ValueError):
            ledger.stock("TEA-001")
        self.assertIsNotNone(ledger.connection)
        ledger.close()

    def test_stock_4(self):
        ledger = ledger_with([("TEA-001", 5)])
        ledger.connection.execute("INSERT INTO movements (sku, quantity, reason) VALUES ('TEA-999', 5, 'x')")
        with self.assertRaises(ValueError):
            ledger.stock("TEA-999")
        ledger.close()

    def test_stock_5(self):
        ledger = ledger_with([("TEA-001", 5)])
        ledger.record("TEA-001", 4, "delivery")
        ledger.record("TEA-001", -4, "sale")
        self.assertEqual(ledger.stock("TEA-001"), 0)
        ledger.close()


class InventoryLedgerTestRecord(unittest.TestCase):
    def test_record_1(self):
        ledger = ledger_with([("TEA-001", 5)])
        self.assertEqual(ledger.record("TEA-001", 10, "delivery"), 10)
        rows = ledger.connection.execute("SELECT id, sku, quantity, reason FROM movements").fetchall()
        self.assertEqual(rows, [(1, "TEA-001", 10, "delivery")])
        ledger.close()

    def test_record_2(self):
        ledger = ledger_with([("TEA-001", 5)])
        self.assertEqual(ledger.record("TEA-001", 10, "delivery"), 10)
        self.assertEqual(ledger.record("TEA-001", -4, "sale"), 6)
        self.assertEqual(ledger.record("TEA-001", -6, "sale"), 0)
        self.assertEqual(ledger.stock("TEA-001"), 0)
        ledger.close()

    def test_record_3(self):
        ledger = ledger_with([("TEA-001", 5)])
        ledger.record("TEA-001", 3, "delivery")
        with self.assertRaises(ValueError):
            ledger.record("TEA-001", -4, "sale")
        self.assertEqual(ledger.stock("TEA-001"), 3)
        self.assertEqual(ledger.connection.execute("SELECT COUNT(*) FROM movements").fetchone()[0], 1)
        ledger.close()

    def test_record_4(self):
        ledger = ledger_with([("TEA-001", 5)])
        with self.assertRaises(ValueError):
            ledger.record("TEA-001", 0, "nothing")
        with self.assertRaises(ValueError):
            ledger.record("CUP-001", 5, "delivery")
        with self.assertRaises(ValueError):
            ledger.record("TEA-001", -1, "sale")
        self.assertEqual(ledger.connection.execute("SELECT COUNT(*) FROM movements").fetchone()[0], 0)
        ledger.close()

    def test_record_5(self):
        with tempfile.TemporaryDirectory() as folder:
            ledger = InventoryLedger(os.path.join(folder, "stock.db"))
            ledger.add_product("TEA-001", "Green tea", 5)
            self.assertEqual(ledger.record("TEA-001", 8, "delivery"), 8)
            ledger.close()
            self.assertEqual(ledger.record("TEA-001", -1, "sale"), 7)
            ledger.close()


class InventoryLedgerTestLowStock(unittest.TestCase):
    def test_low_stock_1(self):
        ledger = InventoryLedger()
        self.assertEqual(ledger.low_stock(), [])
        ledger.close()

    def test_low_stock_2(self):
        ledger = ledger_with([("TEA-001", 5), ("CUP-010", 0)])
        ledger.record("CUP-010", 3, "delivery")
        self.assertEqual(ledger.low_stock(), [("TEA-001", 0)])
        ledger.close()

    def test_low_stock_3(self):
        ledger = ledger_with([("TEA-001", 5), ("CUP-010", 0), ("BAG-100", 2)])
        self.assertEqual(ledger.low_stock(), [("BAG-100", 0), ("CUP-010", 0), ("TEA-001", 0)])
        ledger.close()

    def test_low_stock_4(self):
        ledger = ledger_with([("TEA-001", 5)])
        ledger.record("TEA-001", 5, "delivery")
        self.assertEqual(ledger.low_stock(), [("TEA-001", 5)])
        ledger.record("TEA-001", 1, "delivery")
        self.assertEqual(ledger.low_stock(), [])
        ledger.close()

    def test_low_stock_5(self):
        ledger = ledger_with([("TEA-001", 5), ("CUP-010", 3)])
        ledger.record("TEA-001", 9, "delivery")
        ledger.record("TEA-001", -5, "sale")
        ledger.record("CUP-010", 4, "delivery")
        self.assertEqual(ledger.low_stock(), [("TEA-001", 4)])
        ledger.close()


class InventoryLedgerTestTotalsByReason(unittest.TestCase):
    def test_totals_by_reason_1(self):
        ledger = ledger_with([("TEA-001", 5)])
        self.assertEqual(ledger.totals_by_reason("TEA-001"), {})
        ledger.close()

    def test_totals_by_reason_2(self):
        ledger = ledger_with([("TEA-001", 5)])
        for quantity, reason in [(10, "delivery"), (-2, "sale"), (-3, "sale"), (4, "delivery")]:
            ledger.record("TEA-001", quantity, reason)
        self.assertEqual(ledger.totals_by_reason("TEA-001"), {"delivery": 14, "sale": -5})
        ledger.close()

    def test_totals_by_reason_3(self):
        ledger = ledger_with([("TEA-001", 5), ("CUP-001", 5)])
        ledger.record("TEA-001", 10, "delivery")
        ledger.record("CUP-001", 3, "return")
        self.assertEqual(ledger.totals_by_reason("CUP-001"), {"return": 3})
        ledger.close()

    def test_totals_by_reason_4(self):
        ledger = InventoryLedger()
        with self.assertRaises(ValueError):
            ledger.totals_by_reason("TEA-001")
        ledger.close()

    def test_totals_by_reason_5(self):
        ledger = ledger_with([("TEA-001", 5)])
        for quantity, reason in [(5, "delivery"), (-1, "damaged"), (-1, "audit"), (2, "audit")]:
            ledger.record("TEA-001", quantity, reason)
        self.assertEqual(list(ledger.totals_by_reason("TEA-001").items()), [("audit", 1), ("damaged", -1), ("delivery", 5)])
        ledger.close()


class InventoryLedgerTestClose(unittest.TestCase):
    def test_close_1(self):
        self.assertIs(InventoryLedger().close(), False)

    def test_close_2(self):
        ledger = InventoryLedger()
        ledger.open()
        self.assertIs(ledger.close(), True)
        self.assertIsNone(ledger.connection)

    def test_close_3(self):
        ledger = InventoryLedger()
        ledger.open()
        connection = ledger.connection
        ledger.close()
        with self.assertRaises(sqlite3.ProgrammingError):
            connection.execute("SELECT 1")

    def test_close_4(self):
        ledger = ledger_with([("TEA-001", 5)])
        self.assertIs(ledger.close(), True)
        self.assertIs(ledger.close(), False)
        with self.assertRaises(ValueError):
            ledger.stock("TEA-001")
        ledger.close()

    def test_close_6(self):
        with tempfile.TemporaryDirectory() as folder:
            ledger = InventoryLedger(os.path.join(folder, "stock.db"))
            self.assertIs(ledger.add_product("TEA-001", "Green tea", 1), True)
            self.assertIs(ledger.close(), True)
            self.assertEqual(ledger.stock("TEA-001"), 0)
            self.assertEqual(ledger.low_stock(), [("TEA-001", 0)])
            self.assertIs(ledger.close(), True)

    def test_close_5(self):
        with tempfile.TemporaryDirectory() as folder:
            ledger = InventoryLedger(os.path.join(folder, "stock.db"))
            ledger.add_product("TEA-001", "Green tea", 1)
            ledger.record("TEA-001", 2, "delivery")
            self.assertIs(ledger.close(), True)
            self.assertEqual(ledger.stock("TEA-001"), 2)
            self.assertIs(ledger.close(), True)


class InventoryLedgerTest(unittest.TestCase):
    def test_inventory_ledger_1(self):
        ledger = InventoryLedger()
        self.assertIs(ledger.open(), True)
        self.assertIs(ledger.add_product("TEA-001", "Green tea", 5), True)
        self.assertIs(ledger.add_product("MUG-002", "Mug", 2), True)
        self.assertEqual(ledger.low_stock(), [("MUG-002", 0), ("TEA-001", 0)])
        self.assertEqual(ledger.record("TEA-001", 20, "delivery"), 20)
        self.assertEqual(ledger.record("MUG-002", 3, "delivery"), 3)
        self.assertEqual(ledger.record("TEA-001", -16, "sale"), 4)
        self.assertEqual(ledger.stock("TEA-001"), 4)
        self.assertEqual(ledger.low_stock(), [("TEA-001", 4)])
        self.assertEqual(ledger.totals_by_reason("TEA-001"), {"delivery": 20, "sale": -16})
        with self.assertRaises(ValueError):
            ledger.record("MUG-002", -4, "sale")
        self.assertIs(ledger.close(), True)

    def test_inventory_ledger_2(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "ledger.sqlite")
            ledger = InventoryLedger(path)
            self.assertIs(ledger.add_product("PEN-100", "Pen", 10), True)
            self.assertEqual(ledger.record("PEN-100", 50, "delivery"), 50)
            self.assertIs(ledger.close(), True)
            other = InventoryLedger(path)
            self.assertIs(other.open(), True)
            self.assertIs(other.add_product("PEN-100", "Pen", 10), False)
            self.assertEqual(other.record("PEN-100", -45, "sale"), 5)
            self.assertEqual(other.low_stock(), [("PEN-100", 5)])
            self.assertEqual(other.stock("PEN-100"), 5)
            self.assertEqual(other.totals_by_reason("PEN-100"), {"delivery": 50, "sale": -45})
            self.assertIs(other.close(), True)


if __name__ == "__main__":
    unittest.main()
