import re
from decimal import ROUND_HALF_UP, Decimal


class FuelLog:
    """
    A car's fuel log: each refuelling records the odometer reading (whole km), the fuel bought and its price per
    litre, and whether the tank was filled up. Amounts may be given in litres ("L") or US gallons ("gal", exactly
    3.785411784 L). Computations are exact with decimal and rounded, halves upward, only where a method says so.
    Consumption is measured between full tanks: the fuel bought after one full tank, up to and including the
    next full tank, was burnt on the distance between them.
    """

    LITRES_PER_GALLON = Decimal("3.785411784")
    KM_PER_MILE = Decimal("1.609344")

    def __init__(self):
        """
        Start an empty log.
        self.fills: list of tuple, one (odometer in km (int), litres (Decimal, three decimals), price per litre
            (Decimal), full tank (bool)) per refuelling in order; [] at first
        """
        self.fills = []

    def to_litres(self, amount: str, unit: str) -> str:
        """
        An amount of fuel in litres, rounded to three decimals.
        :param amount: str, a decimal number above 0 (ASCII digits 0-9, optionally "." and more of them)
        :param unit: str, "L" or "gal"
        :return: str, the litres with three decimals
        :raises ValueError: when the unit is not one of these, or amount is not written that way or is 0
        >>> FuelLog().to_litres("10", "gal"), FuelLog().to_litres("42.5", "L")
        ('37.854', '42.500')
        """
        if unit not in ("L", "gal") or not re.fullmatch(r"[0-9]+(\.[0-9]+)?", amount) or Decimal(amount) == 0:
            raise ValueError(f"not an amount of fuel: {amount!r} {unit!r}")
        litres = Decimal(amount) * (self.LITRES_PER_GALLON if unit == "gal" else 1)
        return str(litres.quantize(Decimal("0.001"), rounding=ROUND_HALF_UP))

    def add_fill(self, odometer: int, amount: str, unit: str, price: str, full: bool) -> str:
        """
        Record a refuelling. The fuel is stored in litres as to_litres gives them.
        :param odometer: int, the odometer reading in km, above the previous refuelling's (at least 0 for the first)
        :param amount: str, the fuel bought, as to_litres reads it
        :param unit: str, "L" or "gal"
        :param price: str, the price per litre, ASCII digits 0-9 with optionally "." and more of them
        :param full: bool, True when the tank was filled up
        :return: str, the cost: the stored litres times the price, rounded to cents
        :raises ValueError: when the odometer is negative or not above the previous reading, the amount or unit
            cannot be read, or the price is not written that way (nothing changes then)
        >>> log = FuelLog()
        >>> log.add_fill(1000, "40", "L", "1.859", True), log.fills
        ('74.36', [(1000, Decimal('40.000'), Decimal('1.859'), True)])
        """
        if odometer < 0 or (self.fills and odometer <= self.fills[-1][0]):
            raise ValueError(f"odometer reading {odometer} does not follow the log")
        if not re.fullmatch(r"[0-9]+(\.[0-9]+)?", price):
            raise ValueError(f"not a price: {price!r}")
        litres = Decimal(self.to_litres(amount, unit))
        self.fills.append((odometer, litres, Decimal(price), full))
        return str((litres * Decimal(price)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))

    def consumption(self) -> str:
        """
        The fuel burnt per 100 km between the first and the last full tank: the litres of every refuelling after
        the first full tank up to and including the last full tank, times 100, divided by the km between those
        two readings, rounded to two decimals.
        :return: str, litres per 100 km with two decimals
        :raises ValueError: when the log has fewer than two full tanks
        >>> log = FuelLog()
        >>> log.add_fill(1000, "40", "L", "1.8", True), log.add_fill(1500, "30", "L", "1.8", True)
        ('72.00', '54.00')
        >>> log.consumption()
        '6.00'
        """
        full = [index for index, fill in enumerate(self.fills) if fill[3]]
        if len(full) < 2:
            raise ValueError("two full tanks are needed")
        litres = sum(fill[1] for fill in self.fills[full[0] + 1:full[-1] + 1])
        distance = self.fills[full[-1]][0] - self.fills[full[0]][0]
        return str((litres * 100 / distance).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))

    def to_mpg(self, litres_per_100km: str) -> str:
        """
        A consumption in miles per US gallon: 100 km in miles divided by the litres in US gallons, rounded to one
        decimal. The consumption is first read and rounded as to_litres reads an amount in litres.
        :param litres_per_100km: str, a consumption above 0, e.g. "6.00"
        :return: str, miles per gallon with one decimal
        :raises ValueError: when the consumption is not a decimal number above 0
        >>> FuelLog().to_mpg("6.00"), FuelLog().to_mpg("10")
        ('39.2', '23.5')
        """
        value = Decimal(self.to_litres(litres_per_100km, "L"))
        miles = 100 / self.KM_PER_MILE
        return str((miles / (value / self.LITRES_PER_GALLON)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))

    def total_cost(self) -> str:
        """
        What all the fuel in the log cost: the sum of every refuelling's litres times its price, rounded to cents
        once, at the end.
        :return: str, the cost with two decimals, "0.00" for an empty log
        >>> log = FuelLog()
        >>> log.add_fill(1000, "1", "L", "1.005", False), log.add_fill(1001, "1", "L", "1.005", False)
        ('1.01', '1.01')
        >>> log.total_cost()
        '2.01'
        """
        total = sum((fill[1] * fill[2] for fill in self.fills), Decimal(0))
        return str(total.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))

    def distance(self) -> int:
        """
        The km driven from the first refuelling in the log to the last.
        :return: int, the difference of their odometer readings, 0 with fewer than two refuellings
        >>> log = FuelLog()
        >>> log.add_fill(1000, "40", "L", "1.8", True), log.add_fill(1420, "20", "L", "1.8", False)
        ('72.00', '36.00')
        >>> log.distance()
        420
        """
        return self.fills[-1][0] - self.fills[0][0] if self.fills else 0
