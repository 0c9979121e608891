import re
from decimal import ROUND_HALF_UP, Decimal


class TieredTariff:
    """
    An energy tariff with a fixed monthly charge and tiered unit prices: the first units of a month's usage (in
    whole kWh) are priced by the first tier, the next by the second, and so on. Money is computed exactly with
    decimal and rounded to cents, halves upward, only where a method says so. Prices are written as digits,
    optionally "." and more digits ("0.25").
    """

    def __init__(self, fixed: str):
        """
        Create a tariff without tiers.
        :param fixed: str, the fixed monthly charge, e.g. "12.50"
        self.fixed: Decimal, the fixed monthly charge
        self.tiers: list of list, [up_to, price] per tier in order: up_to (int) is the last unit the tier prices,
            0 for a last tier without limit; price (Decimal) per kWh; [] at first
        """
        self.fixed = Decimal(fixed)
        self.tiers = []

    def add_tier(self, up_to: int, price: str) -> int:
        """
        Add a tier after the others: it prices the units after the previous tier's last unit up to unit up_to,
        or all the remaining units when up_to is 0.
        :param up_to: int, the tier's last unit, above the previous tier's; 0 for no limit
        :param price: str, the price per kWh
        :return: int, the number of tiers afterwards
        :raises ValueError: when price is not written as a price, up_to is negative or not above the previous
            tier's, or the previous tier has no limit (nothing changes then)
        >>> tariff = TieredTariff("12.50")
        >>> tariff.add_tier(100, "0.25"), tariff.add_tier(0, "0.30"), tariff.tiers
        (1, 2, [[100, Decimal('0.25')], [0, Decimal('0.30')]])
        """
        if not re.fullmatch(r"\d+(\.\d+)?", price) or up_to < 0:
            raise ValueError(f"not a tier: {up_to}, {price!r}")
        if self.tiers and (self.tiers[-1][0] == 0 or 0 < up_to <= self.tiers[-1][0]):
            raise ValueError("tiers must follow each other, and nothing follows a tier without limit")
        self.tiers.append([up_to, Decimal(price)])
        return len(self.tiers)

    def round_cents(self, amount: str) -> str:
        """
        Round an amount of money to cents, halves upward (away from zero).
        :param amount: str, a decimal number, e.g. "13.125"
        :return: str, the amount with two decimals
        >>> TieredTariff("0").round_cents("13.125"), TieredTariff("0").round_cents("7")
        ('13.13', '7.00')
        """
        return str(Decimal(amount).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))

    def energy_charge(self, usage: int) -> str:
        """
        The price of a month's usage: for each tier, the units of the usage it prices times its price, added up
        exactly and then rounded as round_cents does.
        :param usage: int, the kWh used, at least 0
        :return: str, the charge with two decimals
        :raises ValueError: when usage is negative or goes beyond the last tier's limit, or there is no tier
        >>> tariff = TieredTariff("12.50")
        >>> tariff.add_tier(100, "0.25"), tariff.add_tier(300, "0.30"), tariff.add_tier(0, "0.40")
        (1, 2, 3)
        >>> tariff.energy_charge(80), tariff.energy_charge(150), tariff.energy_charge(450)
        ('20.00', '40.00', '145.00')
        """
        if usage < 0 or not self.tiers or 0 < self.tiers[-1][0] < usage:
            raise ValueError(f"no price for a usage of {usage}")
        total = Decimal(0)
        lower = 0
        for up_to, price in self.tiers:
            upper = usage if up_to == 0 else min(usage, up_to)
            total += max(upper - lower, 0) * price
            lower = up_to
        return self.round_cents(f"{total:f}")

    def marginal_price(self, usage: int) -> str:
        """
        The price of one more kWh after a usage: the price of the tier that prices unit usage + 1.
        :param usage: int, the kWh used so far, at least 0
        :return: str, the price as written when the tier was added, e.g. "0.30"
        :raises ValueError: when usage is negative or unit usage + 1 is beyond the last tier's limit (also when
            there is no tier)
        >>> tariff = TieredTariff("12.50")
        >>> tariff.add_tier(100, "0.25"), tariff.add_tier(0, "0.30")
        (1, 2)
        >>> tariff.marginal_price(99), tariff.marginal_price(100)
        ('0.25', '0.30')
        """
        if usage < 0:
            raise ValueError("usage cannot be negative")
        for up_to, price in self.tiers:
            if up_to == 0 or usage < up_to:
                return str(price)
        raise ValueError(f"no price after a usage of {usage}")

    def bill(self, usage: int, vat_percent: str) -> dict:
        """
        A month's bill: the fixed charge (rounded as round_cents does), the energy charge (see energy_charge), VAT on their
        sum (the sum times vat_percent / 100, rounded as round_cents does) and the total of the three.
        :param usage: int, the kWh used, at least 0
        :param vat_percent: str, the VAT rate in percent, e.g. "25"
        :return: dict, "fixed", "energy", "vat" and "total" -> amount with two decimals, in that order
        :raises ValueError: when energy_charge raises, or vat_percent is not written as a price
        >>> tariff = TieredTariff("12.50")
        >>> tariff.add_tier(100, "0.25"), tariff.add_tier(300, "0.30"), tariff.add_tier(0, "0.40")
        (1, 2, 3)
        >>> tariff.bill(150, "25")
        {'fixed': '12.50', 'energy': '40.00', 'vat': '13.13', 'total': '65.63'}
        """
        if not re.fullmatch(r"\d+(\.\d+)?", vat_percent):
            raise ValueError(f"not a VAT rate: {vat_percent!r}")
        fixed = Decimal(self.round_cents(f"{self.fixed:f}"))
        energy = Decimal(self.energy_charge(usage))
        vat = Decimal(self.round_cents(f"{(fixed + energy) * Decimal(vat_percent) / 100:f}"))
        return {"fixed": f"{fixed}", "energy": f"{energy}", "vat": f"{vat}", "total": f"{fixed + energy + vat}"}

    def describe(self) -> list:
        """
        The tiers as people read them.
        :return: list of str, per tier "FIRST-LAST kWh: PRICE" with its first and last unit (the first tier's
            first unit is 1), or "FIRST kWh and up: PRICE" for a tier without limit; each price as written
        >>> tariff = TieredTariff("12.50")
        >>> tariff.add_tier(100, "0.25"), tariff.add_tier(300, "0.30"), tariff.add_tier(0, "0.40")
        (1, 2, 3)
        >>> tariff.describe()
        ['1-100 kWh: 0.25', '101-300 kWh: 0.30', '301 kWh and up: 0.40']
        """
        lines = []
        first = 1
        for up_to, price in self.tiers:
            lines.append(f"{first} kWh and up: {price}" if up_to == 0 else f"{first}-{up_to} kWh: {price}")
            first = up_to + 1
        return lines
