import unittest

from solution import ReadabilityScorer

PASSAGE = "The committee approved the proposal. Everyone was relieved!"


class ReadabilityScorerTestWords(unittest.TestCase):
    def test_words_1(self):
        words = ReadabilityScorer().words("Don't stop: 3 well-known rock'n'roll songs!")
        self.assertEqual(words, ["don't", "stop", "well", "known", "rock'n'roll", "songs"])

    def test_words_2(self):
        scorer = ReadabilityScorer()
        for text in ["", "123 -- !!", "'", "   "]:
            self.assertEqual(scorer.words(text), [])

    def test_words_3(self):
        scorer = ReadabilityScorer()
        self.assertEqual(scorer.words("'Tis the dogs' bone"), ["tis", "the", "dogs", "bone"])
        self.assertEqual(scorer.words("a''b"), ["a", "b"])

    def test_words_4(self):
        scorer = ReadabilityScorer()
        self.assertEqual(scorer.words("Hello WORLD"), ["hello", "world"])
        self.assertEqual(scorer.words("na\u00efve"), ["na", "ve"])

    def test_words_5(self):
        scorer = ReadabilityScorer()
        self.assertEqual(scorer.words("abc123def snake_case"), ["abc", "def", "snake", "case"])
        self.assertEqual(scorer.exceptions, {})


class ReadabilityScorerTestSentenceCount(unittest.TestCase):
    def test_sentence_count_1(self):
        self.assertEqual(ReadabilityScorer().sentence_count("Wait... what?! It works. 42."), 3)

    def test_sentence_count_2(self):
        scorer = ReadabilityScorer()
        self.assertEqual(scorer.sentence_count(""), 0)
        self.assertEqual(scorer.sentence_count("...!?"), 0)

    def test_sentence_count_3(self):
        scorer = ReadabilityScorer()
        self.assertEqual(scorer.sentence_count("One sentence without end"), 1)
        self.assertEqual(scorer.sentence_count("First. Second"), 2)

    def test_sentence_count_4(self):
        self.assertEqual(ReadabilityScorer().sentence_count("Dr. Smith arrived."), 2)

    def test_sentence_count_5(self):
        scorer = ReadabilityScorer()
        self.assertEqual(scorer.sentence_count("Hello!!! Is it you???"), 2)
        self.assertEqual(scorer.exceptions, {})


class ReadabilityScorerTestSyllables(unittest.TestCase):
    def test_syllables_1(self):
        scorer = ReadabilityScorer()
        self.assertEqual(
            [scorer.syllables(word) for word in ["Readability", "make", "table", "the"]],
            [5, 1, 2, 1],
        )

    def test_syllables_2(self):
        scorer = ReadabilityScorer()
        words = ["queue", "beautiful", "rhythm", "strengths", "idea", "hmm"]
        self.assertEqual([scorer.syllables(word) for word in words], [1, 3, 1, 1, 2, 1])

    def test_syllables_3(self):
        scorer = ReadabilityScorer()
        words = ["whale", "apple", "see", "bye", "be", "free", "recipe", "fire"]
        self.assertEqual([scorer.syllables(word) for word in words], [1, 2, 1, 1, 1, 1, 2, 1])

    def test_syllables_4(self):
        scorer = ReadabilityScorer()
        words = ["Don't", "o'clock", "WE'LL", "le", "e", "cafe's"]
        self.assertEqual([scorer.syllables(word) for word in words], [1, 2, 1, 1, 1, 2])

    def test_syllables_5(self):
        scorer = ReadabilityScorer()
        for word in [
            "",
            "two words",
            "well-known",
            "3d",
            "'tis",
            "dogs'",
            "caf\u00e9",
            "a''b",
            "end.",
        ]:
            with self.assertRaises(ValueError):
                scorer.syllables(word)

    def test_syllables_6(self):
        scorer = ReadabilityScorer()
        scorer.exceptions["fire"] = 2
        self.assertEqual(scorer.syllables("FIRE"), 2)
        self.assertEqual(scorer.syllables("hire"), 1)
        self.assertEqual(scorer.exceptions, {"fire": 2})


class ReadabilityScorerTestTeach(unittest.TestCase):
    def test_teach_1(self):
        scorer = ReadabilityScorer()
        self.assertEqual(scorer.teach("Recipe", 3), 2)
        self.assertEqual(scorer.syllables("recipe"), 3)
        self.assertEqual(scorer.exceptions, {"recipe": 3})

    def test_teach_2(self):
        scorer = ReadabilityScorer()
        scorer.teach("recipe", 3)
        self.assertEqual(scorer.teach("RECIPE", 4), 3)
        self.assertEqual(scorer.exceptions, {"recipe": 4})

    def test_teach_3(self):
        scorer = ReadabilityScorer()
        for word, syllables in [("two words", 2), ("fire", 0), ("fire", -1), ("", 1)]:
            with self.assertRaises(ValueError):
                scorer.teach(word, syllables)
        self.assertEqual(scorer.exceptions, {})

    def test_teach_4(self):
        scorer = ReadabilityScorer()
        self.assertEqual(scorer.teach("Y'all", 1), 1)
        self.assertEqual(scorer.teach("fire", 2), 1)
        self.assertEqual(scorer.exceptions, {"y'all": 1, "fire": 2})

    def test_teach_5(self):
        scorer = ReadabilityScorer()
        self.assertEqual(scorer.teach("the", 1), 1)
        self.assertEqual(scorer.teach("fire", 2), 1)
        self.assertEqual(scorer.counts("Fire! The fire."), (3, 2, 5))


class ReadabilityScorerTestCounts(unittest.TestCase):
    def test_counts_1(self):
        self.assertEqual(
            ReadabilityScorer().counts("The cat sat on the mat. It was happy!"), (9, 2, 10)
        )

    def test_counts_2(self):
        scorer = ReadabilityScorer()
        self.assertEqual(scorer.counts(""), (0, 0, 0))
        self.assertEqual(scorer.counts("42!"), (0, 0, 0))

    def test_counts_3(self):
        self.assertEqual(ReadabilityScorer().counts("Hi there."), (2, 1, 2))

    def test_counts_4(self):
        scorer = ReadabilityScorer()
        self.assertEqual(scorer.counts("Go. Run now."), (3, 2, 3))
        self.assertEqual(scorer.counts("Hello. Happy people."), (3, 2, 6))

    def test_counts_5(self):
        scorer = ReadabilityScorer()
        self.assertEqual(scorer.counts(PASSAGE), (8, 2, 18))
        scorer.exceptions["approved"] = 2
        self.assertEqual(scorer.counts(PASSAGE), (8, 2, 17))


class ReadabilityScorerTestReadingEase(unittest.TestCase):
    def test_reading_ease_1(self):
        scorer = ReadabilityScorer()
        self.assertEqual(scorer.reading_ease("The cat sat on the mat. It was happy!"), 108.27)
        self.assertEqual(scorer.reading_ease("Hi there."), 120.21)

    def test_reading_ease_2(self):
        scorer = ReadabilityScorer()
        for text in ["", "...", "2026"]:
            with self.assertRaises(ValueError):
                scorer.reading_ease(text)

    def test_reading_ease_3(self):
        scorer = ReadabilityScorer()
        self.assertEqual(scorer.reading_ease("Go. Run now."), 120.71)
        self.assertEqual(scorer.reading_ease("Hello. Happy people."), 36.11)

    def test_reading_ease_4(self):
        scorer = ReadabilityScorer()
        self.assertEqual(scorer.reading_ease("Readability."), -217.18)
        self.assertEqual(scorer.reading_ease("I like it. You do too. We all do."), 119.19)

    def test_reading_ease_5(self):
        scorer = ReadabilityScorer()
        self.assertEqual(scorer.reading_ease("The fire."), 120.21)
        scorer.teach("fire", 2)
        self.assertEqual(scorer.reading_ease("The fire."), 77.91)


class ReadabilityScorerTestGradeLevel(unittest.TestCase):
    def test_grade_level_1(self):
        scorer = ReadabilityScorer()
        self.assertEqual(scorer.grade_level("The cat sat on the mat. It was happy!"), -0.72)
        self.assertEqual(scorer.grade_level("Go. Run now."), -3.2)

    def test_grade_level_2(self):
        scorer = ReadabilityScorer()
        for text in ["", "?!", "1 2 3."]:
            with self.assertRaises(ValueError):
                scorer.grade_level(text)

    def test_grade_level_3(self):
        self.assertEqual(ReadabilityScorer().grade_level("Readability."), 43.8)

    def test_grade_level_4(self):
        self.assertEqual(
            ReadabilityScorer().grade_level("I like it. You do too. We all do."), -2.62
        )

    def test_grade_level_5(self):
        scorer = ReadabilityScorer()
        self.assertEqual(scorer.grade_level("Hello. Happy people."), 8.6)
        self.assertEqual(scorer.exceptions, {})


class ReadabilityScorerTestHardWords(unittest.TestCase):
    def test_hard_words_1(self):
        scorer = ReadabilityScorer()
        text = "Readability is an unusual idea. Readability matters."
        self.assertEqual(scorer.hard_words(text, 3), ["readability", "unusual"])

    def test_hard_words_2(self):
        self.assertEqual(
            ReadabilityScorer().hard_words("the cat The dog", 1), ["the", "cat", "dog"]
        )

    def test_hard_words_3(self):
        scorer = ReadabilityScorer()
        for least in [0, -2]:
            with self.assertRaises(ValueError):
                scorer.hard_words("Readability matters.", least)

    def test_hard_words_4(self):
        text = "Happy people make tables. Happy days!"
        self.assertEqual(ReadabilityScorer().hard_words(text, 2), ["happy", "people", "tables"])

    def test_hard_words_5(self):
        scorer = ReadabilityScorer()
        self.assertEqual(scorer.hard_words("FIRE, the fire is on.", 2), [])
        scorer.teach("fire", 2)
        self.assertEqual(scorer.hard_words("FIRE, the fire is on.", 2), ["fire"])

    def test_hard_words_6(self):
        scorer = ReadabilityScorer()
        self.assertEqual(scorer.hard_words("Readability.", 5), ["readability"])
        self.assertEqual(scorer.hard_words("Readability.", 6), [])
        self.assertEqual(scorer.hard_words("", 1), [])


class ReadabilityScorerTest(unittest.TestCase):
    def test_scoring_a_passage_and_teaching_a_word(self):
        scorer = ReadabilityScorer()
        self.assertEqual(scorer.sentence_count(PASSAGE), 2)
        self.assertEqual(scorer.reading_ease(PASSAGE), 12.43)
        self.assertEqual(scorer.grade_level(PASSAGE), 12.52)
        self.assertEqual(
            scorer.hard_words(PASSAGE, 3),
            ["committee", "approved", "proposal", "everyone", "relieved"],
        )
        self.assertEqual(scorer.teach("approved", 2), 3)
        self.assertEqual(scorer.counts(PASSAGE), (8, 2, 17))
        self.assertEqual(scorer.reading_ease(PASSAGE), 23.0)
        self.assertEqual(scorer.grade_level(PASSAGE), 11.05)
        self.assertEqual(
            scorer.hard_words(PASSAGE, 3), ["committee", "proposal", "everyone", "relieved"]
        )

    def test_short_shouts(self):
        scorer = ReadabilityScorer()
        text = "Fire! Fire! Run."
        self.assertEqual(scorer.words(text), ["fire", "fire", "run"])
        self.assertEqual(scorer.counts(text), (3, 3, 3))
        self.assertEqual(scorer.reading_ease(text), 121.22)
        self.assertEqual(scorer.teach("Fire", 2), 1)
        self.assertEqual(scorer.counts(text), (3, 3, 5))
        self.assertEqual(scorer.reading_ease(text), 64.82)
        self.assertEqual(scorer.grade_level(text), 4.47)
        self.assertEqual(scorer.hard_words(text, 2), ["fire"])

    def test_a_new_scorer(self):
        scorer = ReadabilityScorer()
        self.assertEqual(scorer.exceptions, {})
        self.assertEqual(scorer.syllables("syllable"), 3)
        self.assertEqual(scorer.exceptions, {})
