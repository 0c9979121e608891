import unittest
from decimal import Decimal

from solution import LoanSchedule

THREE_MONTHS = [(1, "340.02", "10.00", "330.02", "669.98"), (2, "340.02", "6.70", "333.32", "336.66"),
                (3, "340.03", "3.37", "336.66", "0.00")]
SIX_MONTHS = [(1, "204.25", "7.25", "197.00", "1003.00"), (2, "204.25", "6.06", "198.19", "804.81"),
              (3, "204.25", "4.86", "199.39", "605.42"), (4, "204.25", "3.66", "200.59", "404.83"),
              (5, "204.25", "2.45", "201.80", "203.03"), (6, "204.26", "1.23", "203.03", "0.00")]
SIX_MONTHS_WITH_EXTRA = [(1, "204.25", "7.25", "197.00", "1003.00"), (2, "704.25", "6.06", "698.19", "304.81"),
                         (3, "204.25", "1.84", "202.41", "102.40"), (4, "103.02", "0.62", "102.40", "0.00")]


def loan_with(principal, rate, months, extra):
    loan = LoanSchedule(principal, rate, months)
    for month, amount in extra.items():
        loan.add_extra(month, amount)
    return loan


class LoanScheduleTestRoundCents(unittest.TestCase):
    def test_round_cents_1(self):
        loan = LoanSchedule("1000", "12", 3)
        self.assertEqual(loan.round_cents("2.675"), "2.68")
        self.assertEqual(loan.round_cents("10.005"), "10.01")
        self.assertEqual(loan.round_cents("7"), "7.00")
        self.assertEqual(loan.round_cents("-0.004"), "0.00")

    def test_round_cents_2(self):
        loan = LoanSchedule("1000", "12", 3)
        self.assertEqual(loan.round_cents("-2.675"), "-2.68")
        self.assertEqual(loan.round_cents("-2.674"), "-2.67")
        self.assertEqual(loan.round_cents("-0.005"), "-0.01")

    def test_round_cents_3(self):
        loan = LoanSchedule("1000", "12", 3)
        for value in ["", "1e3", "1,5", "+1", "abc", ".5", "5.", " 5", "5 ", "NaN", "Infinity", "--1"]:
            with self.assertRaises(ValueError):
                loan.round_cents(value)

    def test_round_cents_4(self):
        loan = LoanSchedule("1000", "12", 3)
        self.assertEqual(loan.round_cents("0.125"), "0.13")
        self.assertEqual(loan.round_cents("0.1249999"), "0.12")
        self.assertEqual(loan.round_cents("123456789.995"), "123456790.00")
        self.assertEqual(loan.round_cents("0.0"), "0.00")
        self.assertEqual(loan.round_cents("00012.3"), "12.30")

    def test_round_cents_5(self):
        loan = LoanSchedule("1000", "12", 3)
        # 1.005 is 1.00499999... as a float; as a decimal it is exactly half a cent.
        self.assertEqual(loan.round_cents("1.005"), "1.01")
        self.assertEqual(loan.round_cents("-0"), "0.00")
        self.assertEqual(loan.extra, {})
        self.assertEqual(loan.principal, Decimal("1000"))


class LoanScheduleTestPayment(unittest.TestCase):
    def test_payment_1(self):
        self.assertEqual(LoanSchedule("1000", "12", 3).payment(), "340.02")
        self.assertEqual(LoanSchedule("1000", "0", 3).payment(), "333.33")

    def test_payment_2(self):
        self.assertEqual(LoanSchedule("1000.50", "12", 2).payment(), "507.77")
        self.assertEqual(LoanSchedule("100", "12", 1).payment(), "101.00")

    def test_payment_3(self):
        self.assertEqual(LoanSchedule("5000", "6", 12).payment(), "430.33")
        self.assertEqual(LoanSchedule("240000", "4.5", 360).payment(), "1216.04")

    def test_payment_4(self):
        self.assertEqual(LoanSchedule("1200", "7.25", 6).payment(), "204.25")
        self.assertEqual(LoanSchedule("100", "0", 3).payment(), "33.33")
        self.assertEqual(LoanSchedule("200", "0", 3).payment(), "66.67")

    def test_payment_5(self):
        loan = LoanSchedule("1000", "12", 3)
        loan.add_extra(1, "50")
        self.assertEqual(loan.payment(), "340.02")
        self.assertEqual(loan.extra, {1: Decimal("50.00")})
        self.assertEqual((loan.principal, loan.annual_rate, loan.months), (Decimal("1000"), Decimal("12"), 3))


class LoanScheduleTestAddExtra(unittest.TestCase):
    def test_add_extra_1(self):
        loan = LoanSchedule("1000", "12", 3)
        self.assertEqual(loan.add_extra(2, "100"), "100.00")
        self.assertEqual(loan.add_extra(2, "0.5"), "100.50")
        self.assertEqual(loan.extra, {2: Decimal("100.50")})

    def test_add_extra_2(self):
        loan = LoanSchedule("1000", "12", 3)
        self.assertEqual(loan.add_extra(1, "1"), "1.00")
        self.assertEqual(loan.add_extra(3, "2.5"), "2.50")
        self.assertEqual(loan.extra, {1: Decimal("1.00"), 3: Decimal("2.50")})

    def test_add_extra_3(self):
        loan = LoanSchedule("1000", "12", 3)
        loan.add_extra(2, "10")
        bad = [(0, "5"), (4, "5"), (-1, "5"), (1, "0"), (1, "0.00"), (1, "-5"), (1, "1.234"), (1, "abc"), (1, ""),
               (1, "1e2"), (1, ".5")]
        for month, amount in bad:
            with self.assertRaises(ValueError):
                loan.add_extra(month, amount)
        self.assertEqual(loan.extra, {2: Decimal("10.00")})

    def test_add_extra_4(self):
        loan = LoanSchedule("1000", "12", 3)
        for expected in ["0.01", "0.02", "0.03"]:
            self.assertEqual(loan.add_extra(1, "0.01"), expected)
        self.assertEqual(loan.extra, {1: Decimal("0.03")})

    def test_add_extra_5(self):
        loan = LoanSchedule("1000", "12", 3)
        self.assertEqual(loan.add_extra(3, "7"), "7.00")
        self.assertEqual(str(loan.extra[3]), "7.00")
        self.assertEqual(list(loan.extra), [3])


class LoanScheduleTestSchedule(unittest.TestCase):
    def test_schedule_1(self):
        self.assertEqual(LoanSchedule("1000", "12", 3).schedule(), THREE_MONTHS)

    def test_schedule_2(self):
        self.assertEqual(
            LoanSchedule("1000", "0", 3).schedule(),
            [(1, "333.33", "0.00", "333.33", "666.67"), (2, "333.33", "0.00", "333.33", "333.34"),
             (3, "333.34", "0.00", "333.34", "0.00")],
        )

    def test_schedule_3(self):
        # The first month's interest is 10.005: half a cent, rounded up.
        self.assertEqual(
            LoanSchedule("1000.50", "12", 2).schedule(),
            [(1, "507.77", "10.01", "497.76", "502.74"), (2, "507.77", "5.03", "502.74", "0.00")],
        )

    def test_schedule_4(self):
        loan = loan_with("1200", "7.25", 6, {2: "500"})
        self.assertEqual(loan.schedule(), SIX_MONTHS_WITH_EXTRA)
        self.assertEqual(loan.extra, {2: Decimal("500.00")})

    def test_schedule_5(self):
        self.assertEqual(LoanSchedule("100", "12", 1).schedule(), [(1, "101.00", "1.00", "100.00", "0.00")])
        self.assertEqual(LoanSchedule("1200", "7.25", 6).schedule(), SIX_MONTHS)
        self.assertEqual(
            LoanSchedule("1.50", "0", 3).schedule(),
            [(1, "0.50", "0.00", "0.50", "1.00"), (2, "0.50", "0.00", "0.50", "0.50"), (3, "0.50", "0.00", "0.50", "0.00")],
        )

    def test_schedule_6(self):
        # An extra payment that brings the month's payment to exactly what is owed ends the loan.
        loan = loan_with("1000", "12", 3, {2: "336.66"})
        self.assertEqual(loan.schedule(), [THREE_MONTHS[0], (2, "676.68", "6.70", "669.98", "0.00")])
        loan = loan_with("1000", "12", 3, {1: "990"})
        self.assertEqual(loan.schedule(), [(1, "1010.00", "10.00", "1000.00", "0.00")])

    def test_schedule_7(self):
        rows = LoanSchedule("240000", "4.5", 360).schedule()
        self.assertEqual(len(rows), 360)
        self.assertEqual(rows[0], (1, "1216.04", "900.00", "316.04", "239683.96"))
        self.assertEqual(rows[-1], (360, "1219.75", "4.56", "1215.19", "0.00"))


class LoanScheduleTestTotalInterest(unittest.TestCase):
    def test_total_interest_1(self):
        self.assertEqual(LoanSchedule("1000", "12", 3).total_interest(), "20.07")

    def test_total_interest_2(self):
        self.assertEqual(LoanSchedule("1000", "0", 3).total_interest(), "0.00")

    def test_total_interest_3(self):
        self.assertEqual(LoanSchedule("1000.50", "12", 2).total_interest(), "15.04")

    def test_total_interest_4(self):
        self.assertEqual(LoanSchedule("1200", "7.25", 6).total_interest(), "25.51")
        self.assertEqual(loan_with("1200", "7.25", 6, {2: "500"}).total_interest(), "15.77")

    def test_total_interest_5(self):
        self.assertEqual(LoanSchedule("5000", "6", 12).total_interest(), "163.98")
        loan = loan_with("5000", "6", 12, {3: "1000", 6: "2000"})
        self.assertEqual(loan.total_interest(), "104.32")
        self.assertEqual(loan.extra, {3: Decimal("1000.00"), 6: Decimal("2000.00")})


class LoanScheduleTestPayoffMonth(unittest.TestCase):
    def test_payoff_month_1(self):
        self.assertEqual(loan_with("1000", "12", 3, {1: "400"}).payoff_month(), 2)

    def test_payoff_month_2(self):
        self.assertEqual(LoanSchedule("1000", "12", 3).payoff_month(), 3)
        self.assertEqual(LoanSchedule("240000", "4.5", 360).payoff_month(), 360)

    def test_payoff_month_3(self):
        self.assertEqual(loan_with("1200", "7.25", 6, {2: "500"}).payoff_month(), 4)

    def test_payoff_month_4(self):
        self.assertEqual(loan_with("1000", "12", 3, {1: "990"}).payoff_month(), 1)
        self.assertEqual(loan_with("1000", "12", 3, {3: "990"}).payoff_month(), 3)

    def test_payoff_month_5(self):
        loan = loan_with("5000", "6", 12, {3: "1000", 6: "2000"})
        self.assertEqual(loan.payoff_month(), 6)
        self.assertEqual(loan.months, 12)


class LoanScheduleTestBalanceAfter(unittest.TestCase):
    def test_balance_after_1(self):
        loan = LoanSchedule("1000", "12", 3)
        self.assertEqual(loan.balance_after(0), "1000.00")
        self.assertEqual(loan.balance_after(2), "336.66")
        self.assertEqual(loan.balance_after(3), "0.00")

    def test_balance_after_2(self):
        self.assertEqual(LoanSchedule("1000", "12", 3).balance_after(1), "669.98")
        self.assertEqual(LoanSchedule("1000", "0", 3).balance_after(2), "333.34")

    def test_balance_after_3(self):
        loan = LoanSchedule("1000", "12", 3)
        for month in [-1, 4, 10]:
            with self.assertRaises(ValueError):
                loan.balance_after(month)

    def test_balance_after_4(self):
        loan = loan_with("1200", "7.25", 6, {2: "500"})
        self.assertEqual(loan.balance_after(3), "102.40")
        for month in [4, 5, 6]:
            self.assertEqual(loan.balance_after(month), "0.00")

    def test_balance_after_5(self):
        loan = LoanSchedule("1000.5", "12", 2)
        self.assertEqual(loan.balance_after(0), "1000.50")
        self.assertEqual(loan.balance_after(1), "502.74")
        self.assertEqual(loan.extra, {})


class LoanScheduleTest(unittest.TestCase):
    def test_paying_off_early(self):
        loan = LoanSchedule("5000", "6", 12)
        self.assertEqual(loan.payment(), "430.33")
        self.assertEqual(loan.schedule()[:2], [(1, "430.33", "25.00", "405.33", "4594.67"),
                                               (2, "430.33", "22.97", "407.36", "4187.31")])
        self.assertEqual(loan.schedule()[-1], (12, "430.35", "2.14", "428.21", "0.00"))
        self.assertEqual(loan.add_extra(3, "1000"), "1000.00")
        self.assertEqual(loan.add_extra(6, "2000"), "2000.00")
        self.assertEqual(loan.balance_after(3), "2777.92")
        self.assertEqual(loan.schedule()[-1], (6, "1952.67", "9.71", "1942.96", "0.00"))
        self.assertEqual(loan.payoff_month(), 6)
        self.assertEqual(loan.total_interest(), "104.32")
        self.assertEqual(loan.balance_after(12), "0.00")

    def test_rows_add_up(self):
        loan = loan_with("1200", "7.25", 6, {2: "500"})
        rows = loan.schedule()
        repaid = sum(Decimal(row[3]) for row in rows)
        paid = sum(Decimal(row[1]) for row in rows)
        self.assertEqual(repaid, Decimal("1200.00"))
        self.assertEqual(f"{paid - repaid:.2f}", loan.total_interest())
        self.assertEqual(loan.round_cents(str(paid)), "1215.77")
        self.assertEqual(loan.balance_after(loan.payoff_month()), "0.00")


if __name__ == "__main__":
    unittest.main()
