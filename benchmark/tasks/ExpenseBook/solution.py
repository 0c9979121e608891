import csv
import io
import re
import sqlite3
from datetime import date
from decimal import Decimal


class ExpenseBook:
    """
    Records expenses in an in-memory SQLite database. Amounts are given as decimal text ("12.5", "3", "0.99") and
    stored exactly as whole cents; totals are written back as text with exactly two decimals. Categories are
    compared in lower case without surrounding whitespace. Monthly budgets per category flag overspending.
    Tables: expenses(id INTEGER PRIMARY KEY, day TEXT, category TEXT, cents INTEGER, note TEXT) and
    budgets(category TEXT PRIMARY KEY, cents INTEGER). add_expense, import_csv, set_budget, monthly_total and
    over_budget open the database first when it is not open yet, so it is open after any of them returns, even
    when nothing was stored; to_cents and check_expense never open it.
    """

    def __init__(self):
        """
        Create an expense book; the database is opened by open (or by the first method that needs it).
        self.connection: sqlite3.Connection or None, the in-memory database, None until opened
        self.imported: int, how many rows import_csv stored in total, 0 before the first import
        """
        self.connection = None
        self.imported = 0

    def open(self) -> bool:
        """
        Open the in-memory database and create both tables.
        :return: bool, True when opened now, False when it was already open
        >>> book = ExpenseBook()
        >>> book.open(), book.open()
        (True, False)
        """
        if self.connection is not None:
            return False
        self.connection = sqlite3.connect(":memory:")
        self.connection.execute(
            "CREATE TABLE expenses (id INTEGER PRIMARY KEY, day TEXT, category TEXT, cents INTEGER, note TEXT)"
        )
        self.connection.execute("CREATE TABLE budgets (category TEXT PRIMARY KEY, cents INTEGER)")
        return True

    def to_cents(self, amount: str) -> int:
        """
        Convert an amount to whole cents, exactly.
        :param amount: str, digits 0-9, optionally followed by "." and one or two digits, e.g. "12.5", " 3 ",
               "0.99"; surrounding whitespace is ignored
        :return: int, the amount in cents
        :raises ValueError: when the text does not have that form (so negative amounts are rejected too)
        >>> book = ExpenseBook()
        >>> book.to_cents("12.5"), book.to_cents("0.99"), book.to_cents(" 3 "), book.to_cents("1.10")
        (1250, 99, 300, 110)
        """
        text = amount.strip()
        if not re.fullmatch(r"[0-9]+(\.[0-9]{1,2})?", text):
            raise ValueError(f"not an amount: {amount!r}")
        return int(Decimal(text) * 100)

    def check_expense(self, day: str, category: str, amount: str) -> tuple:
        """
        Validate and normalise the parts of an expense.
        :param day: str, the date "YYYY-MM-DD" (four, two and two digits forming a real date)
        :param category: str, the category, not empty after stripping
        :param amount: str, the amount (see to_cents)
        :return: tuple, (day, category stripped and lower-cased, amount in cents)
        :raises ValueError: when the date, the category or the amount is invalid
        >>> book = ExpenseBook()
        >>> book.check_expense("2024-02-29", " Food ", "12.5")
        ('2024-02-29', 'food', 1250)
        """
        if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", day):
            raise ValueError(f"not a date: {day!r}")
        date.fromisoformat(day)
        name = category.strip().lower()
        if not name:
            raise ValueError("a category cannot be empty")
        return day, name, self.to_cents(amount)

    def add_expense(self, day: str, category: str, amount: str, note: str) -> int:
        """
        Record one expense.
        :param day: str, the date "YYYY-MM-DD"
        :param category: str, the category (stripped and lower-cased), not empty
        :param amount: str, the amount (see to_cents)
        :param note: str, free text
        :return: int, the new expense's id (1 for the first, then increasing)
        :raises ValueError: when the expense is invalid (see check_expense); nothing is stored then
        >>> book = ExpenseBook()
        >>> book.add_expense("2024-03-05", " Food ", "12.5", "lunch"), book.add_expense("2024-03-06", "rent", "700", "")
        (1, 2)
        >>> book.connection.execute("SELECT * FROM expenses WHERE id = 1").fetchone()
        (1, '2024-03-05', 'food', 1250, 'lunch')
        """
        record = self.check_expense(day, category, amount)
        self.open()
        cursor = self.connection.execute(
            "INSERT INTO expenses (day, category, cents, note) VALUES (?, ?, ?, ?)", (*record, note)
        )
        return cursor.lastrowid

    def import_csv(self, text: str) -> int:
        """
        Import expenses from CSV text whose first row is the header "day,category,amount,note" (in this order).
        Every row is checked before any is stored: either all rows are stored or none.
        :param text: str, the CSV text
        :return: int, the number of expenses stored
        :raises ValueError: when the header differs, a row does not have four fields, or a row is not a valid
                 expense (see check_expense)
        >>> book = ExpenseBook()
        >>> book.import_csv("day,category,amount,note\\n2024-03-01,food,4.20,bread\\n2024-03-02,travel,12,\\"bus, return\\"\\n")
        2
        >>> book.connection.execute("SELECT note FROM expenses WHERE id = 2").fetchone()
        ('bus, return',)
        """
        rows = list(csv.reader(io.StringIO(text)))
        if not rows or rows[0] != ["day", "category", "amount", "note"]:
            raise ValueError("the header must be day,category,amount,note")
        records = []
        for row in rows[1:]:
            if len(row) != 4:
                raise ValueError(f"a row needs four fields: {row!r}")
            records.append((*self.check_expense(row[0], row[1], row[2]), row[3]))
        self.open()
        self.connection.executemany("INSERT INTO expenses (day, category, cents, note) VALUES (?, ?, ?, ?)", records)
        self.imported += len(records)
        return len(records)

    def set_budget(self, category: str, amount: str) -> bool:
        """
        Set the monthly budget of a category, replacing an earlier one.
        :param category: str, the category (stripped and lower-cased), not empty
        :param amount: str, the budget (see to_cents)
        :return: bool, True when the category had no budget before, False when one was replaced
        :raises ValueError: when the category is empty or the amount is invalid
        >>> book = ExpenseBook()
        >>> book.set_budget("Food", "200"), book.set_budget("food", "250.50")
        (True, False)
        >>> book.connection.execute("SELECT * FROM budgets").fetchall()
        [('food', 25050)]
        """
        name = category.strip().lower()
        if not name:
            raise ValueError("a category cannot be empty")
        cents = self.to_cents(amount)
        self.open()
        known = self.connection.execute("SELECT 1 FROM budgets WHERE category = ?", (name,)).fetchone()
        self.connection.execute("INSERT OR REPLACE INTO budgets VALUES (?, ?)", (name, cents))
        return known is None

    def monthly_total(self, month: str) -> str:
        """
        Total of all expenses in a month.
        :param month: str, the month "YYYY-MM"; it is not validated: text of another form (such as "2024-3")
               matches no expense, so its total is "0.00"
        :return: str, the total with exactly two decimals, e.g. "0.00" or "1234.50"
        >>> book = ExpenseBook()
        >>> _ = book.add_expense("2024-03-05", "food", "12.5", ""), book.add_expense("2024-03-31", "food", "0.75", "")
        >>> _ = book.add_expense("2024-04-01", "food", "99", "")
        >>> book.monthly_total("2024-03"), book.monthly_total("2023-03")
        ('13.25', '0.00')
        """
        self.open()
        row = self.connection.execute(
            "SELECT COALESCE(SUM(cents), 0) FROM expenses WHERE substr(day, 1, 7) = ?", (month,)
        ).fetchone()
        return f"{row[0] // 100}.{row[0] % 100:02d}"

    def over_budget(self, month: str) -> dict:
        """
        Categories with a budget whose spending in a month is above it (spending equal to the budget is fine).
        :param month: str, the month "YYYY-MM"
        :return: dict, category -> amount over budget with exactly two decimals, categories in alphabetical order
        >>> book = ExpenseBook()
        >>> _ = book.set_budget("food", "20"), book.set_budget("fun", "10"), book.set_budget("rent", "700")
        >>> _ = book.add_expense("2024-03-05", "food", "12.5", ""), book.add_expense("2024-03-09", "food", "9.75", "")
        >>> _ = book.add_expense("2024-03-09", "fun", "10", ""), book.add_expense("2024-03-09", "books", "30", "")
        >>> book.over_budget("2024-03")
        {'food': '2.25'}
        """
        self.open()
        rows = self.connection.execute(
            "SELECT b.category, SUM(e.cents) - b.cents FROM budgets b JOIN expenses e ON e.category = b.category "
            "WHERE substr(e.day, 1, 7) = ? GROUP BY b.category HAVING SUM(e.cents) > b.cents ORDER BY b.category",
            (month,),
        )
        return {category: f"{over // 100}.{over % 100:02d}" for category, over in rows}
