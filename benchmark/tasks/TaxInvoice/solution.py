import re
from decimal import ROUND_HALF_EVEN, Decimal


class TaxInvoice:
    """
    An invoice made of lines, each a whole quantity of an item at a unit price net of tax, taxed at one of the
    named rates in RATES. Amounts are exact decimals. A line's net amount is its quantity times its unit price,
    rounded to cents; the net of a rate is the sum of its lines' rounded nets, and the tax of a rate is computed
    once, on that sum, and rounded to cents. Every rounding is half to even (banker's rounding: 0.125 becomes
    0.12, 0.135 becomes 0.14, 0.625 becomes 0.62).
    """

    RATES = {"standard": Decimal("0.20"), "reduced": Decimal("0.05"), "zero": Decimal("0")}

    def __init__(self):
        """
        Start an invoice without lines.
        self.lines: list of tuple, one (description (str), quantity (int), unit price (Decimal), rate name (str))
            per line in the order the lines were added; [] at first
        """
        self.lines = []

    def line_net(self, index: int) -> str:
        """
        The net amount of one line: its quantity times its unit price, rounded half to even to cents.
        :param index: int, the line's position, 0 for the first line added
        :return: str, the amount with two decimals
        :raises IndexError: when there is no line at that position (a negative index included)
        >>> invoice = TaxInvoice()
        >>> invoice.lines = [("pens", 3, Decimal("0.125"), "standard")]
        >>> invoice.line_net(0)
        '0.38'
        """
        if index < 0:
            raise IndexError(f"no line {index}")
        _, quantity, price, _ = self.lines[index]
        return str((quantity * price).quantize(Decimal("0.01"), rounding=ROUND_HALF_EVEN))

    def add_line(self, description: str, quantity: int, unit_price: str, rate: str) -> str:
        """
        Add a line at the end of the invoice.
        :param description: str, what was sold, not empty
        :param quantity: int, how many, at least 1
        :param unit_price: str, the price of one net of tax: ASCII digits 0-9, optionally followed by "." and one
            to four such digits, with no sign, exponent or spaces ("0" is a free item)
        :param rate: str, the name of the tax rate, a key of RATES
        :return: str, the line's net amount as line_net gives it
        :raises ValueError: when the description is empty, the quantity is below 1, the unit price is not written
            that way or the rate is not a key of RATES (nothing changes then)
        >>> invoice = TaxInvoice()
        >>> invoice.add_line("pen", 1, "0.125", "standard"), invoice.add_line("pad", 1, "0.135", "reduced")
        ('0.12', '0.14')
        >>> invoice.lines
        [('pen', 1, Decimal('0.125'), 'standard'), ('pad', 1, Decimal('0.135'), 'reduced')]
        """
        if not description or quantity < 1 or rate not in self.RATES:
            raise ValueError(f"not a line: {description!r} {quantity} {rate!r}")
        if not re.fullmatch(r"[0-9]+(\.[0-9]{1,4})?", unit_price):
            raise ValueError(f"not a unit price: {unit_price!r}")
        self.lines.append((description, quantity, Decimal(unit_price), rate))
        return self.line_net(len(self.lines) - 1)

    def remove_line(self, description: str) -> int:
        """
        Remove every line whose description is exactly this one (case and spaces count); the other lines keep
        their order.
        :param description: str, the description to remove
        :return: int, how many lines were removed, 0 when none has it
        >>> invoice = TaxInvoice()
        >>> invoice.add_line("tea", 1, "3", "reduced"), invoice.add_line("pen", 2, "1", "standard")
        ('3.00', '2.00')
        >>> invoice.remove_line("tea"), invoice.remove_line("tea"), invoice.lines
        (1, 0, [('pen', 2, Decimal('1'), 'standard')])
        """
        kept = [line for line in self.lines if line[0] != description]
        removed = len(self.lines) - len(kept)
        self.lines = kept
        return removed

    def net_by_rate(self) -> dict:
        """
        The net amount of each rate that some line uses: the sum of its lines' nets as line_net gives them.
        :return: dict, rate name -> amount (str with two decimals), in the order the rates first appear in the
            lines; {} for an invoice without lines
        >>> invoice = TaxInvoice()
        >>> invoice.add_line("paper", 4, "2.5", "standard"), invoice.add_line("tea", 2, "3.10", "reduced")
        ('10.00', '6.20')
        >>> invoice.add_line("pen", 1, "0.125", "standard")
        '0.12'
        >>> invoice.net_by_rate()
        {'standard': '10.12', 'reduced': '6.20'}
        """
        nets = {}
        for index, line in enumerate(self.lines):
            nets[line[3]] = nets.get(line[3], Decimal(0)) + Decimal(self.line_net(index))
        return {rate: str(net) for rate, net in nets.items()}

    def tax_by_rate(self) -> dict:
        """
        The tax of each rate that some line uses: the rate's net, as net_by_rate gives it, times the rate,
        rounded half to even to cents.
        :return: dict, rate name -> tax (str with two decimals, "0.00" for the rate "zero"), in the order of
            net_by_rate; {} for an invoice without lines
        >>> invoice = TaxInvoice()
        >>> invoice.add_line("paper", 4, "2.5", "standard"), invoice.add_line("tea", 2, "6.25", "reduced")
        ('10.00', '12.50')
        >>> invoice.tax_by_rate()
        {'standard': '2.00', 'reduced': '0.62'}
        """
        return {
            rate: str(
                (Decimal(net) * self.RATES[rate]).quantize(
                    Decimal("0.01"), rounding=ROUND_HALF_EVEN
                )
            )
            for rate, net in self.net_by_rate().items()
        }

    def total(self) -> str:
        """
        What the customer pays: the nets of all rates plus the taxes of all rates, as net_by_rate and
        tax_by_rate give them.
        :return: str, the amount with two decimals, "0.00" for an invoice without lines
        >>> invoice = TaxInvoice()
        >>> invoice.add_line("paper", 4, "2.5", "standard"), invoice.add_line("tea", 2, "6.25", "reduced")
        ('10.00', '12.50')
        >>> invoice.total()
        '25.12'
        """
        amounts = list(self.net_by_rate().values()) + list(self.tax_by_rate().values())
        return str(sum((Decimal(amount) for amount in amounts), Decimal("0.00")))

    def split(self, parts: int) -> list:
        """
        Split the total into equal payments to the cent: every payment gets the total's cents divided by parts,
        rounded down, and the cents left over go one each to the first payments, so the payments add up to the
        total exactly.
        :param parts: int, how many payments, at least 1
        :return: list of str, the payments with two decimals, largest first
        :raises ValueError: when parts is below 1
        >>> invoice = TaxInvoice()
        >>> invoice.add_line("paper", 4, "2.5", "standard"), invoice.add_line("tea", 2, "6.25", "reduced")
        ('10.00', '12.50')
        >>> invoice.split(3)
        ['8.38', '8.37', '8.37']
        """
        if parts < 1:
            raise ValueError(f"cannot split into {parts} payments")
        cents = int(Decimal(self.total()) * 100)
        share, left = divmod(cents, parts)
        payments = [share + 1 if index < left else share for index in range(parts)]
        return [f"{payment // 100}.{payment % 100:02d}" for payment in payments]
