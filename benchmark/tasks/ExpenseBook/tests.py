import sqlite3
import unittest

from solution import ExpenseBook

HEADER = "day,category,amount,note\n"


def new_book(test):
    book = ExpenseBook()
    test.addCleanup(lambda: book.connection is not None and book.connection.close())
    return book


def expenses(book):
    return book.connection.execute("SELECT id, day, category, cents, note FROM expenses ORDER BY id").fetchall()


class ExpenseBookTestOpen(unittest.TestCase):
    def test_open_1(self):
        book = new_book(self)
        self.assertIs(book.open(), True)
        self.assertIsInstance(book.connection, sqlite3.Connection)

    def test_open_2(self):
        book = new_book(self)
        book.open()
        connection = book.connection
        self.assertIs(book.open(), False)
        self.assertIs(book.connection, connection)

    def test_open_3(self):
        book = new_book(self)
        book.open()
        names = {row[0] for row in book.connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        self.assertEqual(names, {"expenses", "budgets"})

    def test_open_4(self):
        book = new_book(self)
        book.open()
        columns = [row[1] for row in book.connection.execute("PRAGMA table_info(expenses)")]
        self.assertEqual(columns, ["id", "day", "category", "cents", "note"])
        self.assertEqual(book.connection.execute("SELECT COUNT(*) FROM budgets").fetchone(), (0,))

    def test_open_5(self):
        first, second = new_book(self), new_book(self)
        first.open()
        second.open()
        first.add_expense("2024-01-01", "food", "1", "")
        self.assertEqual(second.monthly_total("2024-01"), "0.00")
        self.assertEqual(second.imported, 0)


class ExpenseBookTestToCents(unittest.TestCase):
    def setUp(self):
        self.book = new_book(self)

    def test_to_cents_1(self):
        self.assertEqual(self.book.to_cents("12.5"), 1250)
        self.assertEqual(self.book.to_cents("0.99"), 99)

    def test_to_cents_2(self):
        self.assertEqual(self.book.to_cents(" 3 "), 300)
        self.assertEqual(self.book.to_cents("0"), 0)
        self.assertEqual(self.book.to_cents("1.10"), 110)

    def test_to_cents_3(self):
        self.assertEqual(self.book.to_cents("0.29"), 29)
        self.assertEqual(self.book.to_cents("1234567.89"), 123456789)
        self.assertEqual(self.book.to_cents("0.07"), 7)

    def test_to_cents_4(self):
        for text in ["-1", "1.234", ".5", "5.", "", "1,50", "1e3", "abc", "١٢", "+3", "1.5.0"]:
            with self.assertRaises(ValueError):
                self.book.to_cents(text)

    def test_to_cents_5(self):
        self.assertEqual(self.book.to_cents("007.5"), 750)
        self.assertIsNone(self.book.connection)


class ExpenseBookTestCheckExpense(unittest.TestCase):
    def setUp(self):
        self.book = new_book(self)

    def test_check_expense_1(self):
        self.assertEqual(self.book.check_expense("2024-02-29", " Food ", "12.5"), ("2024-02-29", "food", 1250))

    def test_check_expense_2(self):
        self.assertEqual(self.book.check_expense("1999-12-31", "RENT", "700"), ("1999-12-31", "rent", 70000))

    def test_check_expense_3(self):
        for day in ["2023-02-29", "2024-13-01", "2024-3-05", "20240305", "2024-W10-1", "05.03.2024", ""]:
            with self.assertRaises(ValueError):
                self.book.check_expense(day, "food", "1")

    def test_check_expense_4(self):
        with self.assertRaises(ValueError):
            self.book.check_expense("2024-03-05", "   ", "1")
        with self.assertRaises(ValueError):
            self.book.check_expense("2024-03-05", "food", "-1")

    def test_check_expense_5(self):
        self.assertEqual(self.book.check_expense("2024-03-05", "Eating Out", "0"), ("2024-03-05", "eating out", 0))
        self.assertIsNone(self.book.connection)


class ExpenseBookTestAddExpense(unittest.TestCase):
    def setUp(self):
        self.book = new_book(self)

    def test_add_expense_1(self):
        self.assertEqual(self.book.add_expense("2024-03-05", " Food ", "12.5", "lunch"), 1)
        self.assertEqual(expenses(self.book), [(1, "2024-03-05", "food", 1250, "lunch")])

    def test_add_expense_2(self):
        self.assertEqual(self.book.add_expense("2024-03-05", "food", "1", ""), 1)
        self.assertEqual(self.book.add_expense("2024-03-06", "rent", "700", "march"), 2)
        self.assertEqual(len(expenses(self.book)), 2)

    def test_add_expense_3(self):
        with self.assertRaises(ValueError):
            self.book.add_expense("2024-02-30", "food", "1", "")
        self.book.open()
        self.assertEqual(expenses(self.book), [])

    def test_add_expense_4(self):
        self.book.add_expense("2024-03-05", "food", "1", "")
        with self.assertRaises(ValueError):
            self.book.add_expense("2024-03-05", "food", "1.001", "")
        with self.assertRaises(ValueError):
            self.book.add_expense("2024-03-05", "", "1", "")
        self.assertEqual(len(expenses(self.book)), 1)

    def test_add_expense_5(self):
        self.assertEqual(self.book.add_expense("2024-03-05", "FOOD", "0.01", "crumb"), 1)
        self.assertEqual(self.book.monthly_total("2024-03"), "0.01")
        self.assertEqual(self.book.imported, 0)


class ExpenseBookTestImportCsv(unittest.TestCase):
    def setUp(self):
        self.book = new_book(self)

    def test_import_csv_1(self):
        text = HEADER + '2024-03-01,food,4.20,bread\n2024-03-02,travel,12,"bus, return"\n'
        self.assertEqual(self.book.import_csv(text), 2)
        self.assertEqual(
            expenses(self.book),
            [(1, "2024-03-01", "food", 420, "bread"), (2, "2024-03-02", "travel", 1200, "bus, return")],
        )
        self.assertEqual(self.book.imported, 2)

    def test_import_csv_2(self):
        self.assertEqual(self.book.import_csv(HEADER), 0)
        self.assertEqual(self.book.imported, 0)
        self.assertEqual(expenses(self.book), [])

    def test_import_csv_3(self):
        for text in ["", "date,category,amount,note\n", "day,amount,category,note\n", "day,category,amount\n"]:
            with self.assertRaises(ValueError):
                self.book.import_csv(text)
        self.assertEqual(self.book.imported, 0)

    def test_import_csv_4(self):
        text = HEADER + "2024-03-01,food,4.20,bread\n2024-03-02,travel,12\n"
        with self.assertRaises(ValueError):
            self.book.import_csv(text)
        text = HEADER + "2024-03-01,food,4.20,bread\n2024-03-32,travel,12,x\n"
        with self.assertRaises(ValueError):
            self.book.import_csv(text)
        text = HEADER + "2024-03-01,food,4.20,bread\n2024-03-03,travel,12,x,extra\n"
        with self.assertRaises(ValueError):
            self.book.import_csv(text)
        self.book.open()
        self.assertEqual(expenses(self.book), [])
        self.assertEqual(self.book.imported, 0)

    def test_import_csv_5(self):
        self.book.add_expense("2024-03-01", "food", "1", "")
        self.assertEqual(self.book.import_csv(HEADER + "2024-03-02, Travel ,2.5,\r\n"), 1)
        self.assertEqual(self.book.import_csv(HEADER + "2024-03-03,fun,3,\n2024-03-04,fun,4,\n"), 2)
        self.assertEqual(self.book.imported, 3)
        self.assertEqual([row[2] for row in expenses(self.book)], ["food", "travel", "fun", "fun"])
        self.assertEqual(self.book.monthly_total("2024-03"), "10.50")


class ExpenseBookTestSetBudget(unittest.TestCase):
    def setUp(self):
        self.book = new_book(self)

    def budgets(self):
        return self.book.connection.execute("SELECT * FROM budgets ORDER BY category").fetchall()

    def test_set_budget_1(self):
        self.assertIs(self.book.set_budget("Food", "200"), True)
        self.assertEqual(self.budgets(), [("food", 20000)])

    def test_set_budget_2(self):
        self.book.set_budget("food", "200")
        self.assertIs(self.book.set_budget(" FOOD ", "250.50"), False)
        self.assertEqual(self.budgets(), [("food", 25050)])

    def test_set_budget_3(self):
        self.assertIs(self.book.set_budget("food", "1"), True)
        self.assertIs(self.book.set_budget("fun", "2"), True)
        self.assertEqual(self.budgets(), [("food", 100), ("fun", 200)])

    def test_set_budget_4(self):
        with self.assertRaises(ValueError):
            self.book.set_budget(" ", "10")
        with self.assertRaises(ValueError):
            self.book.set_budget("food", "ten")
        self.book.open()
        self.assertEqual(self.budgets(), [])

    def test_set_budget_5(self):
        self.assertIs(self.book.set_budget("food", "0"), True)
        self.book.add_expense("2024-03-01", "food", "0.01", "")
        self.assertEqual(self.book.over_budget("2024-03"), {"food": "0.01"})


class ExpenseBookTestMonthlyTotal(unittest.TestCase):
    def setUp(self):
        self.book = new_book(self)

    def test_monthly_total_1(self):
        self.assertEqual(self.book.monthly_total("2024-03"), "0.00")

    def test_monthly_total_2(self):
        self.book.add_expense("2024-03-05", "food", "12.5", "")
        self.book.add_expense("2024-03-31", "food", "0.75", "")
        self.book.add_expense("2024-04-01", "food", "99", "")
        self.book.add_expense("2023-03-15", "food", "5", "")
        self.assertEqual(self.book.monthly_total("2024-03"), "13.25")
        self.assertEqual(self.book.monthly_total("2024-04"), "99.00")

    def test_monthly_total_3(self):
        self.book.add_expense("2024-12-01", "rent", "1234.5", "")
        self.book.add_expense("2024-12-02", "fee", "0.05", "")
        self.assertEqual(self.book.monthly_total("2024-12"), "1234.55")

    def test_monthly_total_4(self):
        for _ in range(10):
            self.book.add_expense("2024-01-10", "snack", "0.10", "")
        self.assertEqual(self.book.monthly_total("2024-01"), "1.00")

    def test_monthly_total_5(self):
        self.book.add_expense("2024-01-10", "snack", "0.09", "")
        self.assertEqual(self.book.monthly_total("2024-01"), "0.09")
        self.assertEqual(self.book.monthly_total("2024-1"), "0.00")


class ExpenseBookTestOverBudget(unittest.TestCase):
    def setUp(self):
        self.book = new_book(self)

    def test_over_budget_1(self):
        self.assertEqual(self.book.over_budget("2024-03"), {})

    def test_over_budget_2(self):
        self.book.set_budget("food", "20")
        self.book.set_budget("fun", "10")
        self.book.set_budget("rent", "700")
        self.book.add_expense("2024-03-05", "food", "12.5", "")
        self.book.add_expense("2024-03-09", "food", "9.75", "")
        self.book.add_expense("2024-03-09", "fun", "10", "")
        self.book.add_expense("2024-03-09", "books", "30", "")
        self.assertEqual(self.book.over_budget("2024-03"), {"food": "2.25"})

    def test_over_budget_3(self):
        self.book.set_budget("zoo", "1")
        self.book.set_budget("art", "1")
        self.book.add_expense("2024-03-05", "zoo", "3", "")
        self.book.add_expense("2024-03-05", "art", "1.01", "")
        self.assertEqual(list(self.book.over_budget("2024-03").items()), [("art", "0.01"), ("zoo", "2.00")])

    def test_over_budget_4(self):
        self.book.set_budget("food", "10")
        self.book.add_expense("2024-02-28", "food", "50", "")
        self.book.add_expense("2024-03-01", "food", "5", "")
        self.assertEqual(self.book.over_budget("2024-03"), {})
        self.assertEqual(self.book.over_budget("2024-02"), {"food": "40.00"})

    def test_over_budget_6(self):
        self.book.set_budget("a", "1")
        self.book.set_budget("b", "1")
        self.book.set_budget("c", "1")
        self.book.add_expense("2024-03-05", "a", "1.99", "")
        self.book.add_expense("2024-03-05", "b", "2.99", "")
        self.book.add_expense("2024-03-05", "c", "101", "")
        self.assertEqual(self.book.over_budget("2024-03"), {"a": "0.99", "b": "1.99", "c": "100.00"})

    def test_over_budget_5(self):
        self.book.add_expense("2024-03-01", "food", "500", "")
        self.assertEqual(self.book.over_budget("2024-03"), {})
        self.book.set_budget("Food", "499.99")
        self.assertEqual(self.book.over_budget("2024-03"), {"food": "0.01"})


class ExpenseBookTest(unittest.TestCase):
    def test_expense_book_1(self):
        book = new_book(self)
        self.assertIs(book.open(), True)
        self.assertIs(book.set_budget("Groceries", "150"), True)
        self.assertIs(book.set_budget("transport", "60"), True)
        csv_text = HEADER + "2024-05-02,groceries,82.40,market\n2024-05-09,Groceries,71.15,\n2024-05-10,transport,49,pass\n"
        self.assertEqual(book.import_csv(csv_text), 3)
        self.assertEqual(book.add_expense("2024-05-20", "transport", "11.5", "taxi"), 4)
        self.assertEqual(book.monthly_total("2024-05"), "214.05")
        self.assertEqual(book.over_budget("2024-05"), {"groceries": "3.55", "transport": "0.50"})
        self.assertIs(book.set_budget("transport", "61"), False)
        self.assertEqual(book.over_budget("2024-05"), {"groceries": "3.55"})
        self.assertEqual(book.check_expense("2024-05-31", "X", "1"), ("2024-05-31", "x", 100))
        self.assertEqual(book.to_cents("214.05"), 21405)

    def test_expense_book_2(self):
        book = new_book(self)
        with self.assertRaises(ValueError):
            book.import_csv(HEADER + "2024-06-01,food,1,\n2024-06-02,food,1.999,\n")
        self.assertEqual(book.monthly_total("2024-06"), "0.00")
        self.assertEqual(book.import_csv(HEADER + "2024-06-01,food,1,\n"), 1)
        self.assertEqual(book.add_expense("2024-06-02", "food", "2", ""), 2)
        self.assertIs(book.set_budget("food", "2.5"), True)
        self.assertEqual(book.over_budget("2024-06"), {"food": "0.50"})
        self.assertEqual(book.imported, 1)


if __name__ == "__main__":
    unittest.main()
