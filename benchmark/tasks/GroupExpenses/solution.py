import re


class GroupExpenses:
    """
    Expenses shared by a group of people, kept in whole cents so that no cent is ever lost or made up. Each
    person has a balance: what the group owes them (positive) or what they owe the group (negative); the
    balances always add up to 0. A bill is split by weights, and the cents a division leaves over go to the
    people whose exact shares lost the most in rounding down.
    """

    def __init__(self):
        """
        Create a group without people.
        self.balances: dict, person -> balance in cents (int), people in the order they were added; {} at first
        """
        self.balances = {}

    def add_person(self, name: str) -> bool:
        """
        Add a person to the group with a balance of 0.
        :param name: str, the person's name, not empty; names are case-sensitive ("Ann" and "ann" are two people)
        :return: bool, True when added, False when the person is already in the group
        :raises ValueError: when name is empty
        >>> group = GroupExpenses()
        >>> group.add_person("ann"), group.add_person("ann"), group.balances
        (True, False, {'ann': 0})
        """
        if not name:
            raise ValueError("a person needs a name")
        if name in self.balances:
            return False
        self.balances[name] = 0
        return True

    def parse_amount(self, text: str) -> int:
        """
        Read an amount of money written with a decimal point: digits, then optionally "." and one or two digits;
        spaces around it are allowed, nothing else ("12", "12.5" and "12.05" are fine; "12.", ".5", "-3",
        "1,000" and "12.345" are not).
        :param text: str, the amount
        :return: int, the amount in cents
        :raises ValueError: when the text does not have this form
        >>> group = GroupExpenses()
        >>> group.parse_amount("12.5"), group.parse_amount(" 0.07 "), group.parse_amount("3")
        (1250, 7, 300)
        """
        match = re.fullmatch(r"\s*(\d+)(?:\.(\d\d?))?\s*", text)
        if match is None:
            raise ValueError(f"not an amount: {text!r}")
        return int(match.group(1)) * 100 + int((match.group(2) or "").ljust(2, "0"))

    def split(self, payer: str, amount: str, shares: dict) -> dict:
        """
        Record a bill one person paid for several. Each person's part is amount * weight / (sum of the weights),
        rounded down to a whole cent; the cents left over are then given one each to the people with the largest
        remainders of that division (equal remainders: alphabetical order of the names), so that the parts add up
        to the amount exactly. The payer's balance rises by the whole amount and each part is taken from its
        person's balance (the payer may be among them).
        :param payer: str, a person of the group
        :param amount: str, the bill, as parse_amount reads it, above 0
        :param shares: dict, person of the group -> weight (int, at least 1); not empty
        :return: dict, person -> part in cents, in alphabetical order of the names
        :raises ValueError: when the payer or a person of shares is not in the group, shares is empty, a weight is
            below 1, or the amount cannot be read or is 0 (nothing changes then)
        >>> group = GroupExpenses()
        >>> for name in ["ann", "bob", "cy"]:
        ...     _ = group.add_person(name)
        >>> group.split("ann", "10", {"ann": 1, "bob": 1, "cy": 1})
        {'ann': 334, 'bob': 333, 'cy': 333}
        >>> group.balances
        {'ann': 666, 'bob': -333, 'cy': -333}
        """
        total = self.parse_amount(amount)
        if total == 0 or payer not in self.balances or not shares:
            raise ValueError("a bill needs a known payer, an amount and shares")
        for name, weight in shares.items():
            if name not in self.balances or weight < 1:
                raise ValueError(f"bad share for {name!r}")
        weights = sum(shares.values())
        parts = {name: total * weight // weights for name, weight in shares.items()}
        left = total - sum(parts.values())
        order = sorted(shares, key=lambda name: (-(total * shares[name] % weights), name))
        for name in order[:left]:
            parts[name] += 1
        self.balances[payer] += total
        for name, part in parts.items():
            self.balances[name] -= part
        return dict(sorted(parts.items()))

    def pay(self, sender: str, receiver: str, amount: str) -> int:
        """
        Record money one person gave another directly: the sender's balance rises by the amount and the
        receiver's falls by it.
        :param sender: str, a person of the group
        :param receiver: str, another person of the group
        :param amount: str, as parse_amount reads it, above 0
        :return: int, the sender's balance afterwards
        :raises ValueError: when a person is not in the group, sender == receiver, or the amount cannot be read or
            is 0 (nothing changes then)
        >>> group = GroupExpenses()
        >>> group.add_person("ann"), group.add_person("bob")
        (True, True)
        >>> group.pay("bob", "ann", "4.50"), group.balances
        (450, {'ann': -450, 'bob': 450})
        """
        cents = self.parse_amount(amount)
        if cents == 0 or sender == receiver or sender not in self.balances or receiver not in self.balances:
            raise ValueError("a payment needs two people of the group and an amount")
        self.balances[sender] += cents
        self.balances[receiver] -= cents
        return self.balances[sender]

    def settle(self) -> list:
        """
        A plan of payments after which every balance is 0; the balances themselves do not change. Repeatedly, the
        person who owes the most pays the person who is owed the most the smaller of the two amounts, until nobody
        owes anything. Among people with equal balances the alphabetically first name is chosen, on either side.
        :return: list of tuple, (payer, receiver, cents) in the order made, [] when every balance is 0
        >>> group = GroupExpenses()
        >>> group.balances = {"ann": 700, "bob": -500, "cy": -200}
        >>> group.settle()
        [('bob', 'ann', 500), ('cy', 'ann', 200)]
        """
        balances = dict(self.balances)
        plan = []
        while any(balances.values()):
            debtor = min(balances, key=lambda name: (balances[name], name))
            creditor = min(balances, key=lambda name: (-balances[name], name))
            cents = min(-balances[debtor], balances[creditor])
            balances[debtor] += cents
            balances[creditor] -= cents
            plan.append((debtor, creditor, cents))
        return plan

    def format_cents(self, cents: int) -> str:
        """
        Write an amount of cents as money: an optional "-", the whole units with "," between groups of three
        digits, ".", and always two digits of cents.
        :param cents: int, the amount in cents, may be negative
        :return: str, e.g. "1,234.05", "-0.50", "0.00"
        >>> group = GroupExpenses()
        >>> group.format_cents(123405), group.format_cents(-50), group.format_cents(0)
        ('1,234.05', '-0.50', '0.00')
        """
        sign = "-" if cents < 0 else ""
        units, rest = divmod(abs(cents), 100)
        return f"{sign}{units:,}.{rest:02d}"
