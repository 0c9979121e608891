import re


class SpellingSuggester:
    """
    Learns word frequencies from sample text and suggests corrections for unknown words. Words are runs of ASCII
    letters, compared in lower case. Distance between words is the optimal-string-alignment edit distance: an
    insertion, deletion, substitution, or swap of two adjacent letters each costs 1 (a letter takes part in at
    most one swap).
    """

    def __init__(self, max_distance: int = 2):
        """
        Create a suggester with an empty vocabulary.
        :param max_distance: int, the largest edit distance a suggestion may have
        self.max_distance: int, the largest edit distance a suggestion may have
        self.frequencies: dict, lower-case word -> how often it was seen in learned text
        self.total: int, the number of words seen in learned text
        """
        self.max_distance = max_distance
        self.frequencies = {}
        self.total = 0

    def learn(self, text: str) -> int:
        """
        Count the words of a text into the vocabulary.
        :param text: str, sample text
        :return: int, the number of distinct words in the vocabulary afterwards
        >>> speller = SpellingSuggester()
        >>> speller.learn("The cat and the hat."), speller.frequencies["the"], speller.total
        (4, 2, 5)
        """
        for word in re.findall(r"[a-z]+", text.lower()):
            self.frequencies[word] = self.frequencies.get(word, 0) + 1
            self.total += 1
        return len(self.frequencies)

    def edit_distance(self, first: str, second: str) -> int:
        """
        Optimal-string-alignment distance between two strings (case-sensitive, see the class description).
        :param first: str, a string
        :param second: str, another string
        :return: int, the distance
        >>> speller = SpellingSuggester()
        >>> speller.edit_distance("kitten", "sitting"), speller.edit_distance("form", "from"), speller.edit_distance("ca", "abc")
        (3, 1, 3)
        """
        rows = [[0] * (len(second) + 1) for _ in range(len(first) + 1)]
        for i in range(len(first) + 1):
            rows[i][0] = i
        for j in range(len(second) + 1):
            rows[0][j] = j
        for i in range(1, len(first) + 1):
            for j in range(1, len(second) + 1):
                cost = 0 if first[i - 1] == second[j - 1] else 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1 and j > 1 and first[i - 1] == second[j - 2] and first[i - 2] == second[j - 1]:
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
        return rows[len(first)][len(second)]

    def probability(self, word: str) -> float:
        """
        Share of learned words that were this word (in lower case).
        :param word: str, the word
        :return: float, its frequency divided by total, 0.0 when nothing was learned or the word is unknown
        >>> speller = SpellingSuggester()
        >>> _ = speller.learn("the cat and the hat")
        >>> speller.probability("THE"), speller.probability("dog")
        (0.4, 0.0)
        """
        if self.total == 0:
            return 0.0
        return self.frequencies.get(word.lower(), 0) / self.total

    def suggest(self, word: str, limit: int) -> list:
        """
        Known words close to a word. A known word (in lower case) is its own only suggestion. Otherwise the known
        words within max_distance of the lower-cased word, nearest first, then more frequent first, then in
        alphabetical order.
        :param word: str, the word to check
        :param limit: int, the most suggestions to return, at least 1
        :return: list of str, lower-case suggestions; empty when no known word is close enough
        :raises ValueError: when limit is below 1
        >>> speller = SpellingSuggester()
        >>> _ = speller.learn("the cat sat on the mat, the hat and the bat")
        >>> speller.suggest("caat", 3), speller.suggest("Cat", 3), speller.suggest("xyzzy", 3)
        (['cat', 'bat', 'hat'], ['cat'], [])
        """
        if limit < 1:
            raise ValueError("limit must be at least 1")
        lower = word.lower()
        if lower in self.frequencies:
            return [lower]
        scored = []
        for known, count in self.frequencies.items():
            distance = self.edit_distance(lower, known)
            if distance <= self.max_distance:
                scored.append((distance, -count, known))
        return [known for _, _, known in sorted(scored)[:limit]]

    def correct_text(self, text: str) -> str:
        """
        Replace every unknown word of a text by its first suggestion, keeping everything else as it is. The
        replacement follows the case of the replaced word: all upper case (two or more letters) gives upper case,
        a first upper-case letter gives a capitalised word, otherwise lower case. Words without suggestions stay.
        :param text: str, the text
        :return: str, the corrected text
        >>> speller = SpellingSuggester()
        >>> _ = speller.learn("the quick brown fox jumps over the lazy dog")
        >>> speller.correct_text("Teh quikc BROWN fxo, jumsp!")
        'The quick BROWN fox, jumps!'
        """

        def fix(match: re.Match) -> str:
            original = match.group(0)
            options = self.suggest(original, 1)
            if not options or options[0] == original.lower():
                return original
            if len(original) > 1 and original.isupper():
                return options[0].upper()
            if original[0].isupper():
                return options[0].capitalize()
            return options[0]

        return re.sub(r"[A-Za-z]+", fix, text)
