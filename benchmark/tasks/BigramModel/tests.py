import unittest
from fractions import Fraction

from solution import BigramModel

SAM = "I am Sam. Sam I am. I do not like them."


def trained(text, k=1):
    model = BigramModel(k)
    model.train(text)
    return model


class BigramModelTestTokenize(unittest.TestCase):
    def test_tokenize_1(self):
        self.assertEqual(BigramModel().tokenize("The cat's HAT."), ["<s>", "the", "cat's", "hat", "</s>"])

    def test_tokenize_2(self):
        self.assertEqual(BigramModel().tokenize(""), ["<s>", "</s>"])
        self.assertEqual(BigramModel().tokenize("123 !!"), ["<s>", "</s>"])

    def test_tokenize_3(self):
        self.assertEqual(BigramModel().tokenize("well-known  fact"), ["<s>", "well", "known", "fact", "</s>"])

    def test_tokenize_4(self):
        self.assertEqual(BigramModel().tokenize("Rock'n'roll isn't dead"), ["<s>", "rock'n'roll", "isn't", "dead", "</s>"])

    def test_tokenize_5(self):
        model = BigramModel()
        self.assertEqual(model.tokenize("a"), ["<s>", "a", "</s>"])
        self.assertEqual(model.bigrams, {})
        self.assertEqual(model.vocabulary, set())


class BigramModelTestTrain(unittest.TestCase):
    def test_train_1(self):
        model = BigramModel()
        self.assertEqual(model.train("I am Sam. Sam I am! ..."), 2)
        self.assertEqual(model.bigrams["<s>"], {"i": 1, "sam": 1})
        self.assertEqual(model.bigrams["am"], {"sam": 1, "</s>": 1})
        self.assertEqual(model.sentences, 2)

    def test_train_2(self):
        model = BigramModel()
        self.assertEqual(model.train("I am Sam"), 1)
        self.assertEqual(
            model.bigrams, {"<s>": {"i": 1}, "i": {"am": 1}, "am": {"sam": 1}, "sam": {"</s>": 1}}
        )
        self.assertEqual(model.vocabulary, {"i", "am", "sam", "</s>"})

    def test_train_3(self):
        model = BigramModel()
        self.assertEqual(model.train(""), 0)
        self.assertEqual(model.train("?!. 42."), 0)
        self.assertEqual(model.bigrams, {})
        self.assertEqual(model.sentences, 0)

    def test_train_4(self):
        model = BigramModel()
        model.train("go go go.")
        self.assertEqual(model.train("Go home?"), 1)
        self.assertEqual(model.bigrams["go"], {"go": 2, "</s>": 1, "home": 1})
        self.assertEqual(model.bigrams["<s>"], {"go": 2})
        self.assertEqual(model.sentences, 2)
        self.assertEqual(model.vocabulary, {"go", "home", "</s>"})

    def test_train_6(self):
        model = BigramModel()
        self.assertEqual(model.train("Hi.. there!? Bye"), 3)
        self.assertEqual(model.bigrams["<s>"], {"hi": 1, "there": 1, "bye": 1})
        self.assertEqual(model.probability("<s>", "hi"), float(Fraction(2, 7)))
        self.assertEqual(model.k, 1)

    def test_train_5(self):
        model = BigramModel()
        self.assertEqual(model.train(SAM), 3)
        self.assertEqual(model.bigrams["i"], {"am": 2, "do": 1})
        self.assertEqual(len(model.vocabulary), 8)
        self.assertNotIn("<s>", model.vocabulary)


class BigramModelTestProbability(unittest.TestCase):
    def test_probability_1(self):
        model = trained("I am Sam. Sam I am.")
        self.assertEqual(model.probability("i", "am"), 0.5)
        self.assertEqual(model.probability("sam", "green"), float(Fraction(1, 6)))

    def test_probability_2(self):
        model = trained("I am Sam. Sam I am.", k=0)
        self.assertEqual(model.probability("i", "am"), 1.0)
        self.assertEqual(model.probability("<s>", "sam"), 0.5)
        self.assertEqual(model.probability("sam", "green"), 0.0)

    def test_probability_3(self):
        model = BigramModel(k=0)
        self.assertEqual(model.probability("a", "b"), 0.0)
        model.train("a b")
        self.assertEqual(model.probability("zzz", "b"), 0.0)

    def test_probability_4(self):
        model = trained(SAM, k=2)
        self.assertEqual(model.probability("i", "am"), float(Fraction(4, 19)))
        self.assertEqual(model.probability("unknown", "am"), float(Fraction(2, 16)))

    def test_probability_5(self):
        model = trained("a b. a c. a b.", k=1)
        self.assertEqual(model.probability("a", "b"), float(Fraction(3, 7)))
        self.assertEqual(model.probability("a", "c"), float(Fraction(2, 7)))
        self.assertEqual(model.probability("a", "</s>"), float(Fraction(1, 7)))


class BigramModelTestSentenceProbability(unittest.TestCase):
    def test_sentence_probability_1(self):
        model = trained("I am Sam. Sam I am.", k=0)
        self.assertEqual(model.sentence_probability("I am Sam"), 0.125)

    def test_sentence_probability_2(self):
        model = trained("I am Sam. Sam I am.", k=0)
        self.assertEqual(model.sentence_probability("am I"), 0.0)
        self.assertEqual(model.sentence_probability("I like"), 0.0)

    def test_sentence_probability_3(self):
        model = trained("I am Sam. Sam I am.", k=1)
        expected = Fraction(2, 6) * Fraction(3, 6) * Fraction(2, 6) * Fraction(2, 6)
        self.assertEqual(model.sentence_probability("I am Sam"), float(expected))

    def test_sentence_probability_4(self):
        model = BigramModel(k=0)
        self.assertEqual(model.sentence_probability("anything"), 0.0)
        model = BigramModel(k=1)
        self.assertEqual(model.sentence_probability(""), 0.0)
        model.train("x")
        self.assertEqual(model.sentence_probability(""), float(Fraction(1, 3)))

    def test_sentence_probability_5(self):
        model = trained("a a. a.", k=0)
        expected = Fraction(1) * Fraction(1, 3) * Fraction(2, 3)
        self.assertEqual(model.sentence_probability("a a"), float(expected))
        self.assertEqual(model.sentence_probability("a"), float(Fraction(2, 3)))


class BigramModelTestPerplexity(unittest.TestCase):
    def test_perplexity_1(self):
        model = trained("I am Sam. Sam I am.", k=0)
        self.assertAlmostEqual(model.perplexity("I am Sam"), 2 ** 0.75)

    def test_perplexity_2(self):
        model = trained("a.", k=0)
        self.assertEqual(model.perplexity("a"), 1.0)

    def test_perplexity_3(self):
        model = trained("I am Sam.", k=0)
        with self.assertRaises(ValueError):
            model.perplexity("Sam I am")

    def test_perplexity_4(self):
        model = trained("a b. a c.", k=0)
        self.assertAlmostEqual(model.perplexity("a b"), 2 ** (1 / 3))

    def test_perplexity_5(self):
        model = trained("I am Sam. Sam I am.", k=1)
        probability = float(Fraction(2, 6) * Fraction(3, 6) * Fraction(2, 6) * Fraction(2, 6))
        self.assertAlmostEqual(model.perplexity("I am Sam"), probability ** (-1 / 4))
        with self.assertRaises(ValueError):
            BigramModel(k=0).perplexity("")


class BigramModelTestNextWords(unittest.TestCase):
    def setUp(self):
        self.model = trained(SAM)

    def test_next_words_1(self):
        self.assertEqual(self.model.next_words("i", 5), ["am", "do"])

    def test_next_words_2(self):
        self.assertEqual(self.model.next_words("<s>", 1), ["i"])
        self.assertEqual(self.model.next_words("<s>", 2), ["i", "sam"])

    def test_next_words_3(self):
        self.assertEqual(self.model.next_words("green", 3), [])
        self.assertEqual(self.model.next_words("i", 0), [])

    def test_next_words_4(self):
        with self.assertRaises(ValueError):
            self.model.next_words("i", -1)

    def test_next_words_5(self):
        self.assertEqual(self.model.next_words("am", 2), ["</s>", "sam"])
        self.model.train("Sam I am Sam I am green.")
        self.assertEqual(self.model.next_words("am", 3), ["sam", "</s>", "green"])


class BigramModelTestGenerate(unittest.TestCase):
    def setUp(self):
        self.model = trained(SAM)

    def test_generate_1(self):
        self.assertEqual(self.model.generate("<s>", 10), "i am")

    def test_generate_2(self):
        self.assertEqual(self.model.generate("do", 2), "not like")
        self.assertEqual(self.model.generate("do", 10), "not like them")

    def test_generate_3(self):
        self.assertEqual(self.model.generate("<s>", 0), "")
        self.assertEqual(self.model.generate("unknown", 5), "")

    def test_generate_4(self):
        with self.assertRaises(ValueError):
            self.model.generate("<s>", -1)

    def test_generate_5(self):
        model = trained("la la la la")
        self.assertEqual(model.generate("<s>", 6), "la la la la la la")
        self.assertEqual(model.generate("la", 1), "la")

    def test_generate_6(self):
        self.assertEqual(self.model.generate("sam", 1), "")
        self.assertEqual(self.model.generate("not", 1), "like")
        self.assertEqual(self.model.generate("them", 3), "")


class BigramModelTest(unittest.TestCase):
    def test_bigram_model_1(self):
        model = BigramModel(k=0)
        self.assertEqual(model.tokenize("The dog barks."), ["<s>", "the", "dog", "barks", "</s>"])
        self.assertEqual(model.train("The dog barks. The cat sleeps. The dog sleeps."), 3)
        self.assertEqual(model.next_words("the", 2), ["dog", "cat"])
        self.assertEqual(model.probability("the", "dog"), float(Fraction(2, 3)))
        self.assertEqual(model.sentence_probability("The dog sleeps"), float(Fraction(2, 3) * Fraction(1, 2)))
        self.assertAlmostEqual(model.perplexity("The dog sleeps"), 3 ** 0.25)
        self.assertEqual(model.generate("<s>", 5), "the dog barks")
        model.train("The dog sleeps.")
        self.assertEqual(model.generate("<s>", 5), "the dog sleeps")
        self.assertEqual(model.sentences, 4)

    def test_bigram_model_2(self):
        model = BigramModel(k=1)
        self.assertEqual(model.probability("a", "b"), 0.0)
        self.assertEqual(model.generate("<s>", 3), "")
        self.assertEqual(model.train("up down. up up."), 2)
        self.assertEqual(model.probability("up", "up"), float(Fraction(2, 6)))
        self.assertEqual(model.sentence_probability("up"), float(Fraction(3, 5) * Fraction(2, 6)))
        self.assertAlmostEqual(model.perplexity("up"), (0.6 * 2 / 6) ** -0.5)
        self.assertEqual(model.next_words("up", 3), ["</s>", "down", "up"])
        self.assertEqual(model.tokenize("UP"), ["<s>", "up", "</s>"])


if __name__ == "__main__":
    unittest.main()
