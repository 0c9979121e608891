import re
from decimal import Decimal


class SharedTab:
    """
    A tab shared by a group of people. Each expense is paid by one member and shared in equal
    parts, in exact cents, by some of the members. A member's balance is what the group owes
    them (positive) or what they owe the group (negative); the balances always add up to zero.
    """

    def __init__(self, members: list):
        """
        Open a tab with no expenses.
        :param members: list of str, the members' names, unique; names are case-sensitive
        self.members: list of str, the members' names in the order given
        self.balances: dict, member name -> Decimal, the member's balance with two decimals, Decimal("0.00") at first
        self.spent: Decimal, the total of every expense added, with two decimals, Decimal("0.00") at first
        """
        self.members = members
        self.balances = {name: Decimal("0.00") for name in members}
        self.spent = Decimal("0.00")

    def cents(self, amount: str) -> int:
        """
        Read an amount of money: digits, optionally followed by a dot and one or two digits.
        :param amount: str, e.g. "12", "12.5" or "0.07"; no sign, spaces, exponent or separators
        :return: int, the amount in whole cents
        :raises ValueError: when amount is not written that way, or is zero
        >>> SharedTab([]).cents("12.5"), SharedTab([]).cents("0.07")
        (1250, 7)
        """
        if not re.fullmatch(r"[0-9]+(\.[0-9]{1,2})?", amount):
            raise ValueError(f"not an amount: {amount!r}")
        value = int(Decimal(amount) * 100)
        if value == 0:
            raise ValueError("an amount cannot be zero")
        return value

    def split(self, amount: str, count: int) -> list:
        """
        Split an amount into count shares that add up to it exactly. Every share is the amount
        divided by count, rounded down to the cent; the cents left over go one each to the first
        shares, so no two shares differ by more than one cent.
        :param amount: str, an amount as cents reads it
        :param count: int, the number of shares
        :return: list of str, the shares with two decimals, the larger ones first
        :raises ValueError: when amount is not a valid amount (cents), or count is below 1
        >>> SharedTab([]).split("10", 3)
        ['3.34', '3.33', '3.33']
        """
        total = self.cents(amount)
        if count < 1:
            raise ValueError("at least one share")
        share, left = divmod(total, count)
        shares = [share + 1] * left + [share] * (count - left)
        return [f"{Decimal(part).scaleb(-2):.2f}" for part in shares]

    def add_expense(self, payer: str, amount: str, shared_by: list) -> bool:
        """
        Add an expense: the payer's balance rises by the amount, and the balance of each member
        in shared_by falls by their share, the shares as split gives them for len(shared_by), in
        the order of shared_by (so the first members named bear the cents left over). The payer
        may or may not be among shared_by. The amount is added to self.spent.
        :param payer: str, the member who paid
        :param amount: str, an amount as cents reads it; it is checked before anything else
        :param shared_by: list of str, the members sharing the expense, each named once
        :return: bool, True when added; False, with nothing changed, when the payer or a name in
                 shared_by is not a member, shared_by is empty, or a name is in it twice
        :raises ValueError: when amount is not a valid amount
        >>> tab = SharedTab(["ann", "bob", "cy"])
        >>> tab.add_expense("bob", "10", ["ann", "bob", "cy"])
        True
        >>> tab.balance("ann"), tab.balance("bob"), tab.balance("cy")
        ('-3.34', '6.67', '-3.33')
        """
        total = Decimal(self.cents(amount)).scaleb(-2)
        if payer not in self.balances or not shared_by or len(set(shared_by)) < len(shared_by):
            return False
        if any(name not in self.balances for name in shared_by):
            return False
        self.balances[payer] += total
        for name, share in zip(shared_by, self.split(amount, len(shared_by))):
            self.balances[name] -= Decimal(share)
        self.spent += total
        return True

    def balance(self, name: str) -> str:
        """
        A member's balance as text.
        :param name: str, a member
        :return: str, the balance with two decimals and a minus sign when negative, e.g. "-3.34" or "0.00"
        :raises KeyError: when name is not a member
        >>> tab = SharedTab(["ann", "bob"])
        >>> tab.add_expense("ann", "30", ["ann", "bob"])
        True
        >>> tab.balance("ann"), tab.balance("bob")
        ('15.00', '-15.00')
        """
        return f"{self.balances[name]:.2f}"

    def pay(self, payer: str, receiver: str, amount: str) -> bool:
        """
        Record money one member gave another: the payer's balance rises by the amount and the
        receiver's falls by it. A payment may take a balance past zero. self.spent is unchanged.
        :param payer: str, the member who gave the money
        :param receiver: str, the member who received it
        :param amount: str, an amount as cents reads it; it is checked before anything else
        :return: bool, True when recorded; False, with nothing changed, when either is not a
                 member or both are the same member
        :raises ValueError: when amount is not a valid amount
        >>> tab = SharedTab(["ann", "bob"])
        >>> tab.add_expense("ann", "30", ["ann", "bob"])
        True
        >>> tab.pay("bob", "ann", "15")
        True
        >>> tab.balance("ann"), tab.balance("bob")
        ('0.00', '0.00')
        """
        value = Decimal(self.cents(amount)).scaleb(-2)
        if payer == receiver or payer not in self.balances or receiver not in self.balances:
            return False
        self.balances[payer] += value
        self.balances[receiver] -= value
        return True

    def settle(self) -> list:
        """
        Plan the payments that bring every balance to zero, without changing any balance. While
        some member owes money, the member who owes the most pays the member who is owed the
        most the smaller of the two amounts; between members with equal balances, the one
        earlier in self.members is chosen.
        :return: list of tuples (payer, receiver, amount as str with two decimals), in the order
                 planned; empty when every balance is zero
        >>> tab = SharedTab(["ann", "bob", "cy"])
        >>> tab.add_expense("ann", "30", ["ann", "bob", "cy"])
        True
        >>> tab.settle()
        [('bob', 'ann', '10.00'), ('cy', 'ann', '10.00')]
        """
        owed = dict(self.balances)
        plan = []
        while any(owed[name] < 0 for name in self.members):
            payer = min(self.members, key=lambda name: owed[name])
            receiver = max(self.members, key=lambda name: owed[name])
            value = min(-owed[payer], owed[receiver])
            owed[payer] += value
            owed[receiver] -= value
            plan.append((payer, receiver, f"{value:.2f}"))
        return plan

    def settle_up(self) -> int:
        """
        Make the payments settle plans, recording each as pay does, so that every balance ends
        at zero. self.spent is unchanged.
        :return: int, the number of payments made
        >>> tab = SharedTab(["ann", "bob", "cy"])
        >>> tab.add_expense("ann", "30", ["ann", "bob", "cy"])
        True
        >>> tab.settle_up(), tab.balance("ann")
        (2, '0.00')
        """
        plan = self.settle()
        for payer, receiver, amount in plan:
            self.pay(payer, receiver, amount)
        return len(plan)
