import re
from decimal import ROUND_HALF_UP, Decimal


class LoanSchedule:
    """
    A loan repaid in equal monthly payments (an annuity), computed exactly with decimal arithmetic: each month
    the interest on the balance is charged, rounded to the cent, and the rest of the payment repays the
    principal. Extra payments in chosen months repay the loan sooner. Amounts are written as text with two
    decimals, e.g. "340.02".
    """

    def __init__(self, principal: str, annual_rate: str, months: int):
        """
        Describe a loan.
        :param principal: str, the amount borrowed, a decimal number above 0 with at most two decimals
        :param annual_rate: str, the yearly interest rate in percent, a decimal number of at least 0 ("6.5")
        :param months: int, the number of monthly payments, at least 1
        self.principal: Decimal, the amount borrowed
        self.annual_rate: Decimal, the yearly rate in percent; the monthly rate is annual_rate / 1200
        self.months: int, the number of monthly payments
        self.extra: dict, month (int, from 1) -> extra payment in that month (Decimal with two decimals); {} at first
        """
        self.principal = Decimal(principal)
        self.annual_rate = Decimal(annual_rate)
        self.months = months
        self.extra = {}

    def round_cents(self, value: str) -> str:
        """
        Round a decimal number to cents, halves away from zero (ROUND_HALF_UP): "2.675" is "2.68", "-2.675" is
        "-2.68". A result of zero is "0.00", never "-0.00".
        :param value: str, an optional "-", digits, and optionally "." and more digits
        :return: str, the number with exactly two decimals
        :raises ValueError: when value is not written that way
        >>> loan = LoanSchedule("1000", "12", 3)
        >>> loan.round_cents("2.675"), loan.round_cents("10.005"), loan.round_cents("7"), loan.round_cents("-0.004")
        ('2.68', '10.01', '7.00', '0.00')
        """
        if not re.fullmatch(r"-?\d+(\.\d+)?", value):
            raise ValueError(f"not a decimal number: {value!r}")
        rounded = Decimal(value).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        return str(rounded if rounded else abs(rounded))

    def payment(self) -> str:
        """
        The regular monthly payment: principal * r / (1 - (1 + r) ** -months) with the monthly rate
        r = annual_rate / 1200, computed with decimal at its default precision and rounded as round_cents does;
        principal / months, rounded the same way, when the rate is 0.
        :return: str, the payment with two decimals
        >>> LoanSchedule("1000", "12", 3).payment(), LoanSchedule("1000", "0", 3).payment()
        ('340.02', '333.33')
        """
        rate = self.annual_rate / 1200
        if rate == 0:
            return self.round_cents(f"{self.principal / self.months:f}")
        return self.round_cents(f"{self.principal * rate / (1 - (1 + rate) ** -self.months):f}")

    def add_extra(self, month: int, amount: str) -> str:
        """
        Plan an extra payment in a month, on top of the regular one; extra payments planned for the same month
        add up.
        :param month: int, the month, from 1 to self.months
        :param amount: str, digits, optionally followed by "." and one or two digits; above 0
        :return: str, the extra payment now planned for that month, with two decimals
        :raises ValueError: when month is out of range or amount is not written that way or is 0 (nothing changes
            then)
        >>> loan = LoanSchedule("1000", "12", 3)
        >>> loan.add_extra(2, "100"), loan.add_extra(2, "0.5"), loan.extra
        ('100.00', '100.50', {2: Decimal('100.50')})
        """
        if not 1 <= month <= self.months or not re.fullmatch(r"\d+(\.\d\d?)?", amount) or Decimal(amount) == 0:
            raise ValueError(f"cannot plan {amount!r} in month {month}")
        total = self.extra.get(month, Decimal("0.00")) + Decimal(amount)
        self.extra[month] = Decimal(self.round_cents(f"{total:f}"))
        return str(self.extra[month])

    def schedule(self) -> list:
        """
        The repayment month by month. Starting with the principal as the balance, each month from 1 on: the
        interest is balance * r rounded as round_cents does; the amount paid is the regular payment plus the
        month's extra payment, except in the last month (self.months), and whenever that amount would reach or
        exceed balance + interest, when exactly balance + interest is paid; the amount paid less the interest
        repays the balance. The schedule ends in the month the balance reaches 0.
        :return: list of tuple, (month, paid, interest, repaid, balance afterwards), the amounts as text with two
            decimals
        >>> LoanSchedule("1000", "12", 3).schedule()
        [(1, '340.02', '10.00', '330.02', '669.98'), (2, '340.02', '6.70', '333.32', '336.66'), (3, '340.03', '3.37', '336.66', '0.00')]
        """
        rate = self.annual_rate / 1200
        regular = Decimal(self.payment())
        balance = self.principal
        rows = []
        month = 0
        while balance > 0:
            month += 1
            interest = Decimal(self.round_cents(f"{balance * rate:f}"))
            paid = min(regular + self.extra.get(month, 0), balance + interest)
            if month == self.months:
                paid = balance + interest
            balance -= paid - interest
            rows.append((month, f"{paid:.2f}", f"{interest:.2f}", f"{paid - interest:.2f}", f"{balance:.2f}"))
        return rows

    def total_interest(self) -> str:
        """
        The interest paid over the whole schedule.
        :return: str, the sum of the schedule's interest, with two decimals
        >>> LoanSchedule("1000", "12", 3).total_interest()
        '20.07'
        """
        return f"{sum(Decimal(row[2]) for row in self.schedule()):.2f}"

    def payoff_month(self) -> int:
        """
        The month of the last payment, which is earlier than self.months when extra payments repay the loan
        sooner.
        :return: int, the number of months in the schedule
        >>> loan = LoanSchedule("1000", "12", 3)
        >>> loan.add_extra(1, "400")
        '400.00'
        >>> loan.payoff_month()
        2
        """
        return len(self.schedule())

    def balance_after(self, month: int) -> str:
        """
        What is still owed after a month's payment.
        :param month: int, from 0 (before the first payment: the principal) to self.months
        :return: str, the balance with two decimals; "0.00" after the loan is repaid
        :raises ValueError: when month is below 0 or above self.months
        >>> loan = LoanSchedule("1000", "12", 3)
        >>> loan.balance_after(0), loan.balance_after(2), loan.balance_after(3)
        ('1000.00', '336.66', '0.00')
        """
        if not 0 <= month <= self.months:
            raise ValueError(f"no month {month} in this loan")
        balances = [f"{self.principal:.2f}"] + [row[4] for row in self.schedule()]
        return balances[min(month, len(balances) - 1)]
