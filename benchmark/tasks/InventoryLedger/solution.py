import re
import sqlite3


class InventoryLedger:
    """
    Keeps stock as a ledger of movements in an SQLite database: the stock of a product is the sum of its movements
    (positive for goods in, negative for goods out) and can never become negative. Products have a reorder level;
    a product whose stock is at or below it is low on stock.
    Tables: products(sku TEXT PRIMARY KEY, name TEXT, reorder_level INTEGER) and
    movements(id INTEGER PRIMARY KEY AUTOINCREMENT, sku TEXT, quantity INTEGER, reason TEXT).
    Every method except close opens the database first when it is not open; add_product checks the form of its
    sku and reorder_level before that, so a call refused for them leaves a closed ledger closed.
    """

    def __init__(self, path: str = ":memory:"):
        """
        Describe a ledger; the database is opened by open (or by the first method that needs it).
        :param path: str, the SQLite database file, or ":memory:" for a private in-memory database (a new,
               empty one each time the ledger is opened)
        self.path: str, the SQLite database file or ":memory:"
        self.connection: sqlite3.Connection or None, the open connection, None while closed
        """
        self.path = path
        self.connection = None

    def open(self) -> bool:
        """
        Connect to the database and create both tables when they do not exist yet.
        :return: bool, True when a connection was opened now, False when one was already open
        >>> ledger = InventoryLedger()
        >>> ledger.open(), ledger.open()
        (True, False)
        """
        if self.connection is not None:
            return False
        self.connection = sqlite3.connect(self.path)
        self.connection.execute(
            "CREATE TABLE IF NOT EXISTS products (sku TEXT PRIMARY KEY, name TEXT, reorder_level INTEGER)"
        )
        self.connection.execute(
            "CREATE TABLE IF NOT EXISTS movements "
            "(id INTEGER PRIMARY KEY AUTOINCREMENT, sku TEXT, quantity INTEGER, reason TEXT)"
        )
        return True

    def add_product(self, sku: str, name: str, reorder_level: int) -> bool:
        """
        Register a product with no stock.
        :param sku: str, stock-keeping unit: three upper-case letters, "-", three digits, e.g. "TEA-001"
        :param name: str, the product's name
        :param reorder_level: int, stock at or below which the product is low, at least 0
        :return: bool, True when added, False when the sku is already registered
        :raises ValueError: when the sku does not have the required form or reorder_level is negative
        >>> ledger = InventoryLedger()
        >>> ledger.add_product("TEA-001", "Green tea", 5), ledger.add_product("TEA-001", "Black tea", 2)
        (True, False)
        """
        if not re.fullmatch(r"[A-Z]{3}-\d{3}", sku):
            raise ValueError(f"not a sku: {sku!r}")
        if reorder_level < 0:
            raise ValueError("reorder_level cannot be negative")
        self.open()
        try:
            self.connection.execute("INSERT INTO products VALUES (?, ?, ?)", (sku, name, reorder_level))
        except sqlite3.IntegrityError:
            return False
        self.connection.commit()
        return True

    def stock(self, sku: str) -> int:
        """
        Current stock of a product: the sum of its movements.
        :param sku: str, a registered sku
        :return: int, the stock, 0 when there are no movements
        :raises ValueError: when the sku is not registered
        >>> ledger = InventoryLedger()
        >>> ledger.add_product("TEA-001", "Green tea", 5)
        True
        >>> ledger.stock("TEA-001")
        0
        """
        self.open()
        if self.connection.execute("SELECT 1 FROM products WHERE sku = ?", (sku,)).fetchone() is None:
            raise ValueError(f"unknown sku: {sku!r}")
        row = self.connection.execute("SELECT COALESCE(SUM(quantity), 0) FROM movements WHERE sku = ?", (sku,))
        return row.fetchone()[0]

    def record(self, sku: str, quantity: int, reason: str) -> int:
        """
        Record a movement of goods.
        :param sku: str, a registered sku
        :param quantity: int, goods in (positive) or out (negative), not 0
        :param reason: str, why, e.g. "delivery", "sale", "damaged"
        :return: int, the stock after the movement
        :raises ValueError: when the sku is not registered, quantity is 0, or the movement would make the stock
                 negative (nothing is recorded then)
        >>> ledger = InventoryLedger()
        >>> ledger.add_product("TEA-001", "Green tea", 5)
        True
        >>> ledger.record("TEA-001", 10, "delivery"), ledger.record("TEA-001", -4, "sale")
        (10, 6)
        """
        if quantity == 0:
            raise ValueError("a movement cannot be 0")
        current = self.stock(sku)
        if current + quantity < 0:
            raise ValueError(f"only {current} in stock")
        self.connection.execute(
            "INSERT INTO movements (sku, quantity, reason) VALUES (?, ?, ?)", (sku, quantity, reason)
        )
        self.connection.commit()
        return current + quantity

    def low_stock(self) -> list:
        """
        Products whose stock is at or below their reorder level.
        :return: list of tuple, (sku, stock) pairs in increasing sku order
        >>> ledger = InventoryLedger()
        >>> ledger.add_product("TEA-001", "Green tea", 5), ledger.add_product("CUP-010", "Mug", 0)
        (True, True)
        >>> ledger.record("CUP-010", 3, "delivery")
        3
        >>> ledger.low_stock()
        [('TEA-001', 0)]
        """
        self.open()
        rows = self.connection.execute(
            "SELECT p.sku, COALESCE(SUM(m.quantity), 0) AS stock FROM products p "
            "LEFT JOIN movements m ON m.sku = p.sku GROUP BY p.sku "
            "HAVING stock <= p.reorder_level ORDER BY p.sku"
        )
        return [(sku, amount) for sku, amount in rows]

    def totals_by_reason(self, sku: str) -> dict:
        """
        The movements of one product added up per reason.
        :param sku: str, a registered sku
        :return: dict, reason -> summed quantity, reasons in alphabetical order
        :raises ValueError: when the sku is not registered
        >>> ledger = InventoryLedger()
        >>> ledger.add_product("TEA-001", "Green tea", 5)
        True
        >>> for quantity, reason in [(10, "delivery"), (-2, "sale"), (-3, "sale"), (4, "delivery")]:
        ...     _ = ledger.record("TEA-001", quantity, reason)
        >>> ledger.totals_by_reason("TEA-001")
        {'delivery': 14, 'sale': -5}
        """
        self.stock(sku)
        rows = self.connection.execute(
            "SELECT reason, SUM(quantity) FROM movements WHERE sku = ? GROUP BY reason ORDER BY reason", (sku,)
        )
        return dict(rows.fetchall())

    def close(self) -> bool:
        """
        Close the connection; a file database keeps its content for the next open.
        :return: bool, True when a connection was closed, False when none was open
        >>> ledger = InventoryLedger()
        >>> ledger.open(), ledger.close(), ledger.close(), ledger.connection
        (True, True, False, None)
        """
        if self.connection is None:
            return False
        self.connection.close()
        self.connection = None
        return True
