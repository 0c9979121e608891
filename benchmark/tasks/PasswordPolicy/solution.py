import re


class PasswordPolicy:
    """
    The password policy of an account. A candidate password is checked against named rules, and every rule it
    breaks is reported by its code, in this order:
    "length" (fewer characters than the minimum), "lower" (no letter a-z), "upper" (no letter A-Z),
    "digit" (no digit 0-9), "symbol" (no character that is neither an ASCII letter, a digit nor whitespace),
    "space" (a whitespace character), "run" (the same character three or more times in a row, whatever the
    character: whitespace and newlines included),
    "banned" (a banned word appears in the password as normalize reads it) and
    "reused" (the password is one of the recent passwords kept in the history).
    Only letters a-z and A-Z and digits 0-9 count as letters and digits.
    """

    LOOK_ALIKES = str.maketrans("013457@$!", "oieastasi")

    def __init__(self, min_length: int, history_size: int):
        """
        Create a policy with no banned word and no password yet.
        :param min_length: int, the fewest characters a password may have, at least 1
        :param history_size: int, how many of the latest accepted passwords are kept, at least 1
        self.min_length: int, the fewest characters a password may have
        self.history_size: int, how many accepted passwords the history keeps
        self.banned: list of str, the banned words in lower case, in the order they were banned; [] at first
        self.history: list of str, the latest accepted passwords, oldest first, the current one last; [] at first
        """
        self.min_length = min_length
        self.history_size = history_size
        self.banned = []
        self.history = []

    def normalize(self, password: str) -> str:
        """
        A password as the banned-word rule reads it: in lower case, then with the look-alike characters
        0 1 3 4 5 7 @ $ ! read as the letters o i e a s t a s i.
        :param password: str, the password
        :return: str, the normalized password, as long as the password
        >>> PasswordPolicy(8, 3).normalize("P@ssW0rd!")
        'passwordi'
        """
        return password.lower().translate(self.LOOK_ALIKES)

    def ban(self, word: str) -> bool:
        """
        Ban a word from passwords; it is kept in lower case.
        :param word: str, three or more ASCII letters, in any case
        :return: bool, True when the word was banned, False when it already was (in any case; nothing changes)
        :raises ValueError: when the word is not three or more ASCII letters (nothing changes)
        >>> policy = PasswordPolicy(8, 3)
        >>> policy.ban("Summer"), policy.ban("SUMMER"), policy.banned
        (True, False, ['summer'])
        """
        if not re.fullmatch(r"[A-Za-z]{3,}", word):
            raise ValueError(f"cannot ban {word!r}")
        if word.lower() in self.banned:
            return False
        self.banned.append(word.lower())
        return True

    def unban(self, word: str) -> bool:
        """
        Allow a banned word again.
        :param word: str, the word, in any case
        :return: bool, True when the word was banned and no longer is, False when it was not banned
        >>> policy = PasswordPolicy(8, 3)
        >>> policy.ban("winter"), policy.unban("Winter"), policy.unban("winter"), policy.banned
        (True, True, False, [])
        """
        if word.lower() not in self.banned:
            return False
        self.banned.remove(word.lower())
        return True

    def problems(self, password: str) -> list:
        """
        The codes of the rules a password breaks, in the order the class lists them.
        :param password: str, the candidate password
        :return: list of str, the codes, [] when the password breaks no rule
        >>> policy = PasswordPolicy(8, 3)
        >>> policy.ban("summer")
        True
        >>> policy.problems("Summ3r!!"), policy.problems("aaa bbb"), policy.problems("Tr0ub4dor&3")
        (['banned'], ['length', 'upper', 'digit', 'symbol', 'space', 'run'], [])
        """
        checks = [
            ("length", len(password) < self.min_length),
            ("lower", not re.search(r"[a-z]", password)),
            ("upper", not re.search(r"[A-Z]", password)),
            ("digit", not re.search(r"[0-9]", password)),
            ("symbol", not re.search(r"[^A-Za-z0-9\s]", password)),
            ("space", re.search(r"\s", password) is not None),
            ("run", re.search(r"(.)\1\1", password, re.DOTALL) is not None),
            ("banned", any(word in self.normalize(password) for word in self.banned)),
            ("reused", password in self.history),
        ]
        return [code for code, broken in checks if broken]

    def strength(self, password: str) -> int:
        """
        A score of how hard a password is to guess, whatever rules it breaks: one point for each kind of
        character it contains (letter a-z, letter A-Z, digit 0-9, symbol as the class defines it), plus one
        point for every full four characters it has beyond the minimum length.
        :param password: str, the password
        :return: int, the score, 0 for an empty password
        >>> policy = PasswordPolicy(8, 3)
        >>> policy.strength("Abcdefg1!"), policy.strength("correct horse battery staple"), policy.strength("")
        (4, 6, 0)
        """
        kinds = sum(
            1
            for pattern in [r"[a-z]", r"[A-Z]", r"[0-9]", r"[^A-Za-z0-9\s]"]
            if re.search(pattern, password)
        )
        return kinds + len(password[self.min_length :]) // 4

    def change(self, password: str) -> list:
        """
        Make a password the account's current one when it breaks no rule: it is added to the end of the
        history, and the oldest passwords are dropped while the history holds more than history_size.
        :param password: str, the new password
        :return: list of str, the codes of the rules it breaks, as problems gives them; [] when it was accepted
            (the history changes only then)
        >>> policy = PasswordPolicy(8, 1)
        >>> policy.change("Tr0ub4dor&3"), policy.change("Tr0ub4dor&3"), policy.change("C0rrect-H0rse")
        ([], ['reused'], [])
        >>> policy.history
        ['C0rrect-H0rse']
        """
        found = self.problems(password)
        if not found:
            self.history = [*self.history, password][-self.history_size :]
        return found
