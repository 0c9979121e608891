import math
import re
from fractions import Fraction


class ReadabilityScorer:
    """
    Readability of English prose without external libraries. A text is cut into words and sentences, each word's
    syllables are counted by a vowel-group rule (or taken from exceptions taught to the scorer), and the counts
    give the Flesch reading ease and the Flesch-Kincaid grade level. Scores are computed exactly with fractions
    and rounded to two decimals once, at the end, halves rounded up (toward the larger number: 2.345 gives 2.35,
    -3.205 gives -3.2).
    """

    def __init__(self):
        """
        Start a scorer that knows no exceptions.
        self.exceptions: dict of str to int, a lower-case word to its number of syllables, used instead of the
            rule; {} at first
        """
        self.exceptions = {}

    def words(self, text: str) -> list:
        """
        The words of a text: runs of ASCII letters, where single apostrophes between letters stay inside the word
        ("don't", "o'clock"); anything else (spaces, digits, hyphens, punctuation) separates words.
        :param text: str, any text
        :return: list of str, the words in lower case in the order they appear, [] when there are none
        >>> ReadabilityScorer().words("Don't stop: 3 well-known rock'n'roll songs!")
        ["don't", 'stop', 'well', 'known', "rock'n'roll", 'songs']
        """
        return [word.lower() for word in re.findall(r"[A-Za-z]+(?:'[A-Za-z]+)*", text)]

    def sentence_count(self, text: str) -> int:
        """
        How many sentences a text has: the text is cut at every run of ".", "!" and "?", and each piece that holds
        at least one word (as words finds them) is a sentence. A last sentence needs no closing mark.
        :param text: str, any text
        :return: int, the number of sentences, 0 for a text without words
        >>> ReadabilityScorer().sentence_count("Wait... what?! It works. 42.")
        3
        """
        return sum(1 for piece in re.split(r"[.!?]+", text) if self.words(piece))

    def syllables(self, word: str) -> int:
        """
        The syllables of one word. A word taught with teach has the taught number. Otherwise, in lower case and
        without apostrophes, every run of the vowels a, e, i, o, u and y counts one; a final "e" after a consonant
        (any letter but those six vowels) is silent and counts one less, except in a final "le" after a consonant
        ("table"); every word has at least one syllable.
        :param word: str, a single word as words finds them, in any case
        :return: int, the number of syllables, at least 1
        :raises ValueError: when word is not exactly one such word
        >>> scorer = ReadabilityScorer()
        >>> scorer.syllables("Readability"), scorer.syllables("make"), scorer.syllables("table"), scorer.syllables("the")
        (5, 1, 2, 1)
        """
        if not re.fullmatch(r"[A-Za-z]+(?:'[A-Za-z]+)*", word):
            raise ValueError(f"not a word: {word!r}")
        word = word.lower()
        if word in self.exceptions:
            return self.exceptions[word]
        letters = word.replace("'", "")
        count = len(re.findall(r"[aeiouy]+", letters))
        if re.search(r"[^aeiouy]e$", letters) and not re.search(r"[^aeiouy]le$", letters):
            count -= 1
        return max(count, 1)

    def teach(self, word: str, syllables: int) -> int:
        """
        Teach the number of syllables of a word the rule gets wrong; the word is kept in lower case, and teaching
        it again replaces the number.
        :param word: str, a single word as syllables accepts it
        :param syllables: int, its number of syllables, at least 1
        :return: int, the number of syllables syllables gave for the word before
        :raises ValueError: when word is not a single word or syllables is below 1 (nothing is taught then)
        >>> scorer = ReadabilityScorer()
        >>> scorer.teach("Recipe", 3), scorer.syllables("recipe"), scorer.exceptions
        (2, 3, {'recipe': 3})
        """
        if syllables < 1:
            raise ValueError("a word has at least one syllable")
        before = self.syllables(word)
        self.exceptions[word.lower()] = syllables
        return before

    def counts(self, text: str) -> tuple:
        """
        The counts the scores are made of.
        :param text: str, any text
        :return: tuple of three int, (words, sentences, syllables): the number of words as words finds them, the
            number of sentences as sentence_count gives it, and the syllables of all the words added up
        >>> ReadabilityScorer().counts("The cat sat on the mat. It was happy!")
        (9, 2, 10)
        """
        words = self.words(text)
        return len(words), self.sentence_count(text), sum(self.syllables(word) for word in words)

    def reading_ease(self, text: str) -> float:
        """
        The Flesch reading ease of a text, from its counts: 206.835 - 1.015 * words / sentences - 84.6 *
        syllables / words, computed exactly and rounded to two decimals, halves up. Higher is easier.
        :param text: str, the text
        :return: float, the score with at most two decimals
        :raises ValueError: when the text has no words
        >>> scorer = ReadabilityScorer()
        >>> scorer.reading_ease("The cat sat on the mat. It was happy!"), scorer.reading_ease("Hi there.")
        (108.27, 120.21)
        """
        words, sentences, syllables = self.counts(text)
        if words == 0:
            raise ValueError("the text has no words")
        score = Fraction("206.835") - Fraction("1.015") * Fraction(words, sentences)
        score -= Fraction("84.6") * Fraction(syllables, words)
        return float(Fraction(math.floor(score * 100 + Fraction(1, 2)), 100))

    def grade_level(self, text: str) -> float:
        """
        The Flesch-Kincaid grade level of a text, from its counts: 0.39 * words / sentences + 11.8 * syllables /
        words - 15.59, computed exactly and rounded to two decimals, halves up (toward the larger number). It may be
        negative for very easy text.
        :param text: str, the text
        :return: float, the grade with at most two decimals
        :raises ValueError: when the text has no words
        >>> scorer = ReadabilityScorer()
        >>> scorer.grade_level("The cat sat on the mat. It was happy!"), scorer.grade_level("Go. Run now.")
        (-0.72, -3.2)
        """
        words, sentences, syllables = self.counts(text)
        if words == 0:
            raise ValueError("the text has no words")
        grade = Fraction("0.39") * Fraction(words, sentences) - Fraction("15.59")
        grade += Fraction("11.8") * Fraction(syllables, words)
        return float(Fraction(math.floor(grade * 100 + Fraction(1, 2)), 100))

    def hard_words(self, text: str, least: int) -> list:
        """
        The hard words of a text: the distinct words (as words finds them) with at least a given number of
        syllables, each once, in the order of their first appearance.
        :param text: str, the text
        :param least: int, the fewest syllables a hard word has, at least 1
        :return: list of str, the hard words in lower case, [] when there are none
        :raises ValueError: when least is below 1
        >>> ReadabilityScorer().hard_words("Readability is an unusual idea. Readability matters.", 3)
        ['readability', 'unusual']
        """
        if least < 1:
            raise ValueError("a word has at least one syllable")
        hard = []
        for word in self.words(text):
            if word not in hard and self.syllables(word) >= least:
                hard.append(word)
        return hard
