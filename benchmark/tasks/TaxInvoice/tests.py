import unittest
from decimal import Decimal

from solution import TaxInvoice


def invoice_of(*lines):
    invoice = TaxInvoice()
    for line in lines:
        invoice.add_line(*line)
    return invoice


class TaxInvoiceTestLineNet(unittest.TestCase):
    def test_line_net_1(self):
        invoice = TaxInvoice()
        invoice.lines = [("pens", 3, Decimal("0.125"), "standard")]
        self.assertEqual(invoice.line_net(0), "0.38")
        self.assertEqual(invoice.lines, [("pens", 3, Decimal("0.125"), "standard")])

    def test_line_net_2(self):
        invoice = invoice_of(("pen", 1, "0.125", "standard"), ("pad", 1, "0.135", "reduced"))
        self.assertEqual(invoice.line_net(0), "0.12")
        self.assertEqual(invoice.line_net(1), "0.14")

    def test_line_net_3(self):
        with self.assertRaises(IndexError):
            TaxInvoice().line_net(0)
        invoice = invoice_of(("pen", 1, "2", "standard"))
        for index in (1, -1, 5):
            with self.assertRaises(IndexError):
                invoice.line_net(index)
        self.assertEqual(invoice.lines, [("pen", 1, Decimal("2"), "standard")])

    def test_line_net_4(self):
        invoice = TaxInvoice()
        invoice.lines = [("a", 2, Decimal("0.0125"), "zero"), ("b", 3, Decimal("0.0125"), "zero")]
        self.assertEqual(invoice.line_net(0), "0.02")
        self.assertEqual(invoice.line_net(1), "0.04")

    def test_line_net_5(self):
        invoice = TaxInvoice()
        invoice.lines = [
            ("gift", 4, Decimal("0"), "standard"),
            ("chairs", 10, Decimal("2.5"), "standard"),
            ("screws", 1000, Decimal("0.0001"), "reduced"),
        ]
        self.assertEqual(invoice.line_net(0), "0.00")
        self.assertEqual(invoice.line_net(1), "25.00")
        self.assertEqual(invoice.line_net(2), "0.10")


class TaxInvoiceTestAddLine(unittest.TestCase):
    def test_add_line_1(self):
        invoice = TaxInvoice()
        self.assertEqual(invoice.add_line("pen", 1, "0.125", "standard"), "0.12")
        self.assertEqual(invoice.add_line("pad", 1, "0.135", "reduced"), "0.14")
        self.assertEqual(
            invoice.lines,
            [("pen", 1, Decimal("0.125"), "standard"), ("pad", 1, Decimal("0.135"), "reduced")],
        )

    def test_add_line_2(self):
        invoice = invoice_of(("pen", 1, "2", "standard"))
        bad = [
            ("", 1, "1", "standard"),
            ("x", 0, "1", "standard"),
            ("x", -1, "1", "standard"),
            ("x", 1, "1.23456", "standard"),
            ("x", 1, ".5", "standard"),
            ("x", 1, "5.", "standard"),
            ("x", 1, "-1", "standard"),
            ("x", 1, "1,5", "standard"),
            ("x", 1, "", "standard"),
            ("x", 1, "1e2", "standard"),
            ("x", 1, " 1", "standard"),
            ("x", 1, "\u0663", "standard"),
            ("x", 1, "1", "Standard"),
            ("x", 1, "1", "luxury"),
            ("x", 1, "1", ""),
        ]
        for line in bad:
            with self.assertRaises(ValueError):
                invoice.add_line(*line)
        self.assertEqual(invoice.lines, [("pen", 1, Decimal("2"), "standard")])

    def test_add_line_3(self):
        invoice = TaxInvoice()
        self.assertEqual(invoice.add_line("gift", 1, "0", "zero"), "0.00")
        self.assertEqual(invoice.add_line("lamp", 1, "12.3456", "standard"), "12.35")
        self.assertEqual(
            invoice.lines,
            [("gift", 1, Decimal("0"), "zero"), ("lamp", 1, Decimal("12.3456"), "standard")],
        )

    def test_add_line_4(self):
        invoice = TaxInvoice()
        self.assertEqual(invoice.add_line("tea", 2, "3.10", "reduced"), "6.20")
        self.assertEqual(invoice.add_line("tea", 2, "3.10", "reduced"), "6.20")
        self.assertEqual(invoice.lines, [("tea", 2, Decimal("3.10"), "reduced")] * 2)

    def test_add_line_5(self):
        invoice = TaxInvoice()
        self.assertEqual(invoice.add_line("a", 2, "1.5", "zero"), "3.00")
        self.assertEqual(invoice.add_line("b", 3, "0.3333", "reduced"), "1.00")
        self.assertEqual(invoice.add_line("c", 2, "0.0125", "standard"), "0.02")
        self.assertEqual(len(invoice.lines), 3)


class TaxInvoiceTestRemoveLine(unittest.TestCase):
    def test_remove_line_1(self):
        invoice = invoice_of(("tea", 1, "3", "reduced"), ("pen", 2, "1", "standard"))
        self.assertEqual(invoice.remove_line("tea"), 1)
        self.assertEqual(invoice.remove_line("tea"), 0)
        self.assertEqual(invoice.lines, [("pen", 2, Decimal("1"), "standard")])

    def test_remove_line_2(self):
        invoice = TaxInvoice()
        self.assertEqual(invoice.remove_line("tea"), 0)
        self.assertEqual(invoice.lines, [])

    def test_remove_line_3(self):
        invoice = invoice_of(
            ("a", 1, "1", "zero"),
            ("b", 2, "2", "zero"),
            ("a", 3, "3", "zero"),
            ("c", 4, "4", "zero"),
        )
        self.assertEqual(invoice.remove_line("a"), 2)
        self.assertEqual(
            invoice.lines, [("b", 2, Decimal("2"), "zero"), ("c", 4, Decimal("4"), "zero")]
        )

    def test_remove_line_4(self):
        invoice = invoice_of(("tea", 1, "3", "reduced"))
        self.assertEqual(invoice.remove_line("Tea"), 0)
        self.assertEqual(invoice.remove_line("tea "), 0)
        self.assertEqual(invoice.lines, [("tea", 1, Decimal("3"), "reduced")])

    def test_remove_line_5(self):
        invoice = invoice_of(("tea", 1, "3", "reduced"), ("pen", 2, "1.5", "standard"))
        self.assertEqual(invoice.remove_line("tea"), 1)
        self.assertEqual(invoice.line_net(0), "3.00")
        self.assertEqual(invoice.remove_line("pen"), 1)
        self.assertEqual(invoice.lines, [])


class TaxInvoiceTestNetByRate(unittest.TestCase):
    def test_net_by_rate_1(self):
        invoice = invoice_of(
            ("paper", 4, "2.5", "standard"),
            ("tea", 2, "3.10", "reduced"),
            ("pen", 1, "0.125", "standard"),
        )
        self.assertEqual(invoice.net_by_rate(), {"standard": "10.12", "reduced": "6.20"})

    def test_net_by_rate_2(self):
        invoice = TaxInvoice()
        self.assertEqual(invoice.net_by_rate(), {})
        self.assertEqual(invoice.lines, [])

    def test_net_by_rate_3(self):
        invoice = invoice_of(("pen", 1, "0.125", "standard"), ("pen", 1, "0.125", "standard"))
        self.assertEqual(invoice.net_by_rate(), {"standard": "0.24"})

    def test_net_by_rate_4(self):
        self.assertEqual(invoice_of(("book", 2, "7.5", "zero")).net_by_rate(), {"zero": "15.00"})
        self.assertEqual(
            invoice_of(("gift", 3, "0", "standard")).net_by_rate(), {"standard": "0.00"}
        )

    def test_net_by_rate_5(self):
        invoice = invoice_of(
            ("tea", 1, "1", "reduced"),
            ("book", 1, "2", "zero"),
            ("tea", 1, "3", "reduced"),
            ("pen", 1, "4", "standard"),
        )
        nets = invoice.net_by_rate()
        self.assertEqual(list(nets), ["reduced", "zero", "standard"])
        self.assertEqual(nets, {"reduced": "4.00", "zero": "2.00", "standard": "4.00"})


class TaxInvoiceTestTaxByRate(unittest.TestCase):
    def test_tax_by_rate_1(self):
        invoice = invoice_of(("paper", 4, "2.5", "standard"), ("tea", 2, "6.25", "reduced"))
        self.assertEqual(invoice.tax_by_rate(), {"standard": "2.00", "reduced": "0.62"})

    def test_tax_by_rate_2(self):
        self.assertEqual(TaxInvoice().tax_by_rate(), {})

    def test_tax_by_rate_3(self):
        invoice = invoice_of(("tea", 2, "6.35", "reduced"))
        self.assertEqual(invoice.tax_by_rate(), {"reduced": "0.64"})

    def test_tax_by_rate_4(self):
        invoice = invoice_of(("book", 2, "7.5", "zero"), ("pen", 1, "10.12", "standard"))
        taxes = invoice.tax_by_rate()
        self.assertEqual(taxes, {"zero": "0.00", "standard": "2.02"})
        self.assertEqual(list(taxes), ["zero", "standard"])
        self.assertEqual(
            invoice_of(("pen", 1, "10.13", "standard")).tax_by_rate(), {"standard": "2.03"}
        )

    def test_tax_by_rate_5(self):
        invoice = invoice_of(("a", 1, "0.10", "reduced"), ("b", 1, "0.10", "reduced"))
        self.assertEqual(invoice.tax_by_rate(), {"reduced": "0.01"})
        self.assertEqual(invoice_of(("a", 1, "0.10", "reduced")).tax_by_rate(), {"reduced": "0.00"})


class TaxInvoiceTestTotal(unittest.TestCase):
    def test_total_1(self):
        invoice = invoice_of(("paper", 4, "2.5", "standard"), ("tea", 2, "6.25", "reduced"))
        self.assertEqual(invoice.total(), "25.12")

    def test_total_2(self):
        invoice = TaxInvoice()
        self.assertEqual(invoice.total(), "0.00")
        self.assertEqual(invoice.lines, [])

    def test_total_3(self):
        invoice = invoice_of(
            ("paper", 4, "2.5", "standard"),
            ("tea", 2, "3.10", "reduced"),
            ("pen", 1, "0.125", "standard"),
        )
        self.assertEqual(invoice.total(), "18.65")

    def test_total_4(self):
        self.assertEqual(invoice_of(("book", 2, "7.5", "zero")).total(), "15.00")
        self.assertEqual(invoice_of(("gift", 2, "0", "standard")).total(), "0.00")

    def test_total_5(self):
        invoice = invoice_of(("tea", 2, "6.35", "reduced"), ("pen", 1, "1", "standard"))
        self.assertEqual(invoice.total(), "14.54")
        invoice.remove_line("pen")
        self.assertEqual(invoice.total(), "13.34")


class TaxInvoiceTestSplit(unittest.TestCase):
    def test_split_1(self):
        invoice = invoice_of(("paper", 4, "2.5", "standard"), ("tea", 2, "6.25", "reduced"))
        self.assertEqual(invoice.split(3), ["8.38", "8.37", "8.37"])

    def test_split_2(self):
        invoice = invoice_of(("paper", 4, "2.5", "standard"), ("tea", 2, "6.25", "reduced"))
        self.assertEqual(invoice.split(1), ["25.12"])
        self.assertEqual(invoice.split(2), ["12.56", "12.56"])
        desk = invoice_of(("desk", 1, "250", "zero"), ("lamp", 1, "0.01", "zero"))
        self.assertEqual(desk.split(2), ["125.01", "125.00"])

    def test_split_3(self):
        invoice = invoice_of(("pen", 1, "2", "standard"))
        for parts in (0, -2):
            with self.assertRaises(ValueError):
                invoice.split(parts)
        self.assertEqual(invoice.lines, [("pen", 1, Decimal("2"), "standard")])

    def test_split_4(self):
        self.assertEqual(TaxInvoice().split(2), ["0.00", "0.00"])
        invoice = invoice_of(
            ("paper", 4, "2.5", "standard"),
            ("tea", 2, "3.10", "reduced"),
            ("pen", 1, "0.125", "standard"),
        )
        self.assertEqual(invoice.split(5), ["3.73"] * 5)

    def test_split_5(self):
        invoice = invoice_of(("stamp", 1, "0.05", "zero"))
        self.assertEqual(invoice.split(3), ["0.02", "0.02", "0.01"])
        self.assertEqual(invoice.split(7), ["0.01"] * 5 + ["0.00"] * 2)


class TaxInvoiceTest(unittest.TestCase):
    def test_office_order(self):
        invoice = TaxInvoice()
        self.assertEqual(invoice.add_line("stapler", 2, "7.99", "standard"), "15.98")
        self.assertEqual(invoice.add_line("coffee", 3, "4.15", "reduced"), "12.45")
        self.assertEqual(invoice.add_line("atlas", 1, "24.50", "zero"), "24.50")
        self.assertEqual(invoice.add_line("clips", 12, "0.0375", "standard"), "0.45")
        self.assertEqual(
            invoice.net_by_rate(), {"standard": "16.43", "reduced": "12.45", "zero": "24.50"}
        )
        self.assertEqual(
            invoice.tax_by_rate(), {"standard": "3.29", "reduced": "0.62", "zero": "0.00"}
        )
        self.assertEqual(invoice.total(), "57.29")
        self.assertEqual(invoice.split(4), ["14.33", "14.32", "14.32", "14.32"])
        self.assertEqual(invoice.remove_line("coffee"), 1)
        self.assertEqual(invoice.line_net(1), "24.50")
        self.assertEqual(invoice.tax_by_rate(), {"standard": "3.29", "zero": "0.00"})
        self.assertEqual(invoice.total(), "44.22")
        self.assertEqual(invoice.split(2), ["22.11", "22.11"])

    def test_halves_to_even_add_up(self):
        invoice = TaxInvoice()
        self.assertEqual(invoice.add_line("pen", 1, "0.125", "standard"), "0.12")
        self.assertEqual(invoice.add_line("pen", 1, "0.125", "standard"), "0.12")
        self.assertEqual(invoice.line_net(1), "0.12")
        self.assertEqual(invoice.net_by_rate(), {"standard": "0.24"})
        self.assertEqual(invoice.tax_by_rate(), {"standard": "0.05"})
        self.assertEqual(invoice.total(), "0.29")
        self.assertEqual(invoice.split(2), ["0.15", "0.14"])

    def test_refused_line_changes_nothing(self):
        invoice = invoice_of(("tea", 2, "6.35", "reduced"))
        with self.assertRaises(ValueError):
            invoice.add_line("tea", 2, "6.355555", "reduced")
        with self.assertRaises(ValueError):
            invoice.add_line("tea", 2, "6.35", "food")
        self.assertEqual(invoice.net_by_rate(), {"reduced": "12.70"})
        self.assertEqual(invoice.total(), "13.34")
        self.assertEqual(invoice.split(2), ["6.67", "6.67"])

    def test_emptied_invoice(self):
        invoice = invoice_of(("tea", 1, "3", "reduced"), ("tea", 1, "4", "reduced"))
        self.assertEqual(invoice.total(), "7.35")
        self.assertEqual(invoice.remove_line("tea"), 2)
        self.assertEqual(invoice.net_by_rate(), {})
        self.assertEqual(invoice.tax_by_rate(), {})
        self.assertEqual(invoice.total(), "0.00")
        self.assertEqual(invoice.split(1), ["0.00"])
        with self.assertRaises(IndexError):
            invoice.line_net(0)

    def test_rates_taxed_on_their_sums(self):
        invoice = TaxInvoice()
        for name in ("a", "b", "c"):
            self.assertEqual(invoice.add_line(name, 1, "0.10", "reduced"), "0.10")
        self.assertEqual(invoice.add_line("d", 3, "0.3333", "standard"), "1.00")
        self.assertEqual(invoice.tax_by_rate(), {"reduced": "0.02", "standard": "0.20"})
        self.assertEqual(invoice.total(), "1.52")
        self.assertEqual(invoice.remove_line("b"), 1)
        self.assertEqual(invoice.tax_by_rate(), {"reduced": "0.01", "standard": "0.20"})
        self.assertEqual(invoice.split(4), ["0.36", "0.35", "0.35", "0.35"])
