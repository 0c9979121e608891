import math
import unittest

from solution import KeywordIndex


def idf(documents, frequency):
    return math.log((1 + documents) / (1 + frequency)) + 1


class KeywordIndexTestTokenize(unittest.TestCase):
    def test_tokenize_1(self):
        index = KeywordIndex(["the", "of"])
        self.assertEqual(
            index.tokenize("The rise of Python's type hints, a 2015 idea!"),
            ["rise", "python's", "type", "hints", "idea"],
        )

    def test_tokenize_2(self):
        self.assertEqual(KeywordIndex([]).tokenize(""), [])
        self.assertEqual(KeywordIndex([]).tokenize("42 ... !!"), [])

    def test_tokenize_3(self):
        index = KeywordIndex([])
        self.assertEqual(index.tokenize("I a x y ok"), ["ok"])
        self.assertEqual(index.tokenize("Don't STOP-believing"), ["don't", "stop", "believing"])

    def test_tokenize_4(self):
        index = KeywordIndex(["and"])
        self.assertEqual(index.tokenize("AND tea and Cake"), ["tea", "cake"])
        self.assertEqual(index.tokenize("'quoted' rock'n'roll"), ["quoted", "rock'n'roll"])

    def test_tokenize_5(self):
        index = KeywordIndex([])
        self.assertEqual(index.tokenize("naïve café"), ["na", "ve", "caf"])
        self.assertEqual(index.tokenize("tea tea"), ["tea", "tea"])
        self.assertEqual(index.documents, {})


class KeywordIndexTestAddDocument(unittest.TestCase):
    def test_add_document_1(self):
        index = KeywordIndex([])
        self.assertEqual(index.add_document("a", "red apple, green apple"), 3)
        self.assertEqual(index.documents, {"a": {"red": 1, "apple": 2, "green": 1}})
        self.assertEqual(index.document_frequency, {"red": 1, "apple": 1, "green": 1})

    def test_add_document_2(self):
        index = KeywordIndex([])
        index.add_document("a", "red apple, green apple")
        self.assertEqual(index.add_document("b", "green tea"), 2)
        self.assertEqual(index.document_frequency, {"red": 1, "apple": 1, "green": 2, "tea": 1})

    def test_add_document_3(self):
        index = KeywordIndex([])
        index.add_document("a", "red apple")
        index.add_document("b", "green apple")
        self.assertEqual(index.add_document("a", "blue sky"), 2)
        self.assertEqual(index.documents["a"], {"blue": 1, "sky": 1})
        self.assertEqual(index.document_frequency, {"apple": 1, "green": 1, "blue": 1, "sky": 1})

    def test_add_document_4(self):
        index = KeywordIndex(["the"])
        self.assertEqual(index.add_document("empty", "the a 1 2"), 0)
        self.assertEqual(index.documents, {"empty": {}})
        self.assertEqual(index.document_frequency, {})

    def test_add_document_5(self):
        index = KeywordIndex([])
        index.add_document("a", "tea tea tea")
        self.assertEqual(index.add_document("a", "tea"), 1)
        self.assertEqual(index.documents, {"a": {"tea": 1}})
        self.assertEqual(index.document_frequency, {"tea": 1})


class KeywordIndexTestRemoveDocument(unittest.TestCase):
    def test_remove_document_1(self):
        index = KeywordIndex([])
        index.documents = {"a": {"tea": 2}}
        index.document_frequency = {"tea": 1}
        self.assertIs(index.remove_document("a"), True)
        self.assertEqual(index.documents, {})
        self.assertEqual(index.document_frequency, {})

    def test_remove_document_2(self):
        index = KeywordIndex([])
        self.assertIs(index.remove_document("a"), False)

    def test_remove_document_3(self):
        index = KeywordIndex([])
        index.add_document("a", "green tea")
        index.add_document("b", "green apple")
        self.assertIs(index.remove_document("a"), True)
        self.assertEqual(index.document_frequency, {"green": 1, "apple": 1})
        self.assertEqual(list(index.documents), ["b"])

    def test_remove_document_4(self):
        index = KeywordIndex([])
        index.add_document("a", "tea")
        self.assertIs(index.remove_document("a"), True)
        self.assertIs(index.remove_document("a"), False)
        self.assertEqual(index.document_frequency, {})

    def test_remove_document_5(self):
        index = KeywordIndex([])
        index.add_document("a", "x1 tea")
        index.add_document("b", "tea tea cake")
        index.add_document("c", "cake")
        index.remove_document("b")
        self.assertEqual(index.document_frequency, {"tea": 1, "cake": 1})
        self.assertEqual(index.tf_idf("a", "tea"), round(idf(2, 1), 6))


class KeywordIndexTestTfIdf(unittest.TestCase):
    def setUp(self):
        self.index = KeywordIndex([])
        self.index.documents = {"a": {"tea": 1, "cup": 3}, "b": {"tea": 2}, "c": {}}
        self.index.document_frequency = {"tea": 2, "cup": 1}

    def test_tf_idf_1(self):
        self.assertEqual(self.index.tf_idf("a", "cup"), round(0.75 * idf(3, 1), 6))
        self.assertEqual(self.index.tf_idf("a", "cup"), 1.26986)

    def test_tf_idf_2(self):
        self.assertEqual(self.index.tf_idf("a", "tea"), round(0.25 * idf(3, 2), 6))
        self.assertEqual(self.index.tf_idf("b", "tea"), round(idf(3, 2), 6))

    def test_tf_idf_3(self):
        self.assertEqual(self.index.tf_idf("b", "cup"), 0.0)
        self.assertEqual(self.index.tf_idf("c", "tea"), 0.0)
        self.assertEqual(self.index.tf_idf("a", "Tea"), 0.0)

    def test_tf_idf_4(self):
        with self.assertRaises(ValueError):
            self.index.tf_idf("z", "tea")

    def test_tf_idf_5(self):
        index = KeywordIndex([])
        index.add_document("only", "word word other")
        self.assertEqual(index.tf_idf("only", "word"), round(2 / 3, 6))
        self.assertEqual(index.tf_idf("only", "other"), round(1 / 3, 6))

    def test_tf_idf_6(self):
        index = KeywordIndex([])
        index.add_document("a", "rare common")
        index.add_document("b", "common")
        index.add_document("c", "common")
        self.assertEqual(index.tf_idf("a", "common"), 0.5)
        self.assertEqual(index.tf_idf("a", "rare"), round(0.5 * (math.log(2) + 1), 6))


class KeywordIndexTestKeywords(unittest.TestCase):
    def setUp(self):
        self.index = KeywordIndex(["the", "on", "with"])
        self.index.add_document("a", "the cat sat on the mat with the cat")
        self.index.add_document("b", "the dog sat on the log")

    def test_keywords_1(self):
        self.assertEqual(self.index.keywords("a", 2), ["cat", "mat"])

    def test_keywords_2(self):
        self.assertEqual(self.index.keywords("a", 10), ["cat", "mat", "sat"])
        self.assertEqual(self.index.keywords("b", 10), ["dog", "log", "sat"])

    def test_keywords_3(self):
        self.assertEqual(self.index.keywords("a", 0), [])
        self.index.add_document("c", "")
        self.assertEqual(self.index.keywords("c", 3), [])

    def test_keywords_4(self):
        with self.assertRaises(ValueError):
            self.index.keywords("a", -1)
        with self.assertRaises(ValueError):
            self.index.keywords("z", 1)

    def test_keywords_5(self):
        self.index.add_document("c", "zebra apple apple")
        self.assertEqual(self.index.keywords("c", 2), ["apple", "zebra"])
        self.index.add_document("d", "zebra yak")
        self.assertEqual(self.index.keywords("d", 1), ["yak"])


class KeywordIndexTestMostSimilar(unittest.TestCase):
    def test_most_similar_1(self):
        index = KeywordIndex([])
        for name, text in [("a", "green tea"), ("b", "black tea"), ("c", "green tea leaves")]:
            index.add_document(name, text)
        self.assertEqual(index.most_similar("a"), "c")
        self.assertEqual(index.most_similar("b"), "a")

    def test_most_similar_2(self):
        index = KeywordIndex([])
        index.add_document("a", "tea")
        self.assertEqual(index.most_similar("a"), "")
        index.add_document("b", "coffee")
        self.assertEqual(index.most_similar("a"), "")

    def test_most_similar_3(self):
        index = KeywordIndex([])
        index.add_document("z", "tea cake")
        index.add_document("y", "tea cake")
        index.add_document("x", "tea")
        self.assertEqual(index.most_similar("x"), "y")
        self.assertEqual(index.most_similar("y"), "z")

    def test_most_similar_4(self):
        index = KeywordIndex([])
        with self.assertRaises(ValueError):
            index.most_similar("a")
        index.add_document("a", "")
        index.add_document("b", "tea")
        self.assertEqual(index.most_similar("a"), "")
        self.assertEqual(index.most_similar("b"), "")

    def test_most_similar_6(self):
        index = KeywordIndex([])
        index.add_document("q", "tea")
        index.add_document("a", "tea cake cake")
        index.add_document("b", "tea cake milk")
        self.assertEqual(index.most_similar("q"), "b")
        self.assertEqual(index.most_similar("a"), "b")

    def test_most_similar_7(self):
        index = KeywordIndex([])
        index.add_document("a", "tea")
        index.add_document("b", "coffee")
        index.add_document("c", "tea cup")
        self.assertEqual(index.most_similar("a"), "c")

    def test_most_similar_5(self):
        index = KeywordIndex([])
        index.add_document("q", "solar panel energy")
        index.add_document("p1", "solar energy solar energy storage")
        index.add_document("p2", "panel glass glass glass glass")
        index.add_document("p3", "wind energy")
        self.assertEqual(index.most_similar("q"), "p1")
        index.remove_document("p1")
        self.assertEqual(index.most_similar("q"), "p3")
        index.remove_document("p3")
        self.assertEqual(index.most_similar("q"), "p2")


class KeywordIndexTest(unittest.TestCase):
    def test_keyword_index_1(self):
        index = KeywordIndex(["the", "and", "of", "in"])
        self.assertEqual(index.tokenize("The Cat"), ["cat"])
        self.assertEqual(index.add_document("pets", "cats and dogs and cats in the house"), 3)
        self.assertEqual(index.add_document("zoo", "lions and tigers in the zoo"), 3)
        self.assertEqual(index.add_document("farm", "dogs and sheep of the farm"), 3)
        self.assertEqual(index.keywords("pets", 1), ["cats"])
        self.assertEqual(index.most_similar("farm"), "pets")
        self.assertEqual(index.tf_idf("pets", "dogs"), round(0.25 * idf(3, 2), 6))
        self.assertIs(index.remove_document("pets"), True)
        self.assertEqual(index.most_similar("farm"), "")
        self.assertEqual(index.tf_idf("farm", "dogs"), round(idf(2, 1) / 3, 6))

    def test_keyword_index_2(self):
        index = KeywordIndex([])
        index.add_document("a", "alpha beta")
        index.add_document("b", "beta gamma")
        self.assertEqual(index.most_similar("a"), "b")
        self.assertEqual(index.add_document("b", "delta"), 1)
        self.assertEqual(index.most_similar("a"), "")
        self.assertEqual(index.keywords("a", 5), ["alpha", "beta"])
        self.assertEqual(index.document_frequency, {"alpha": 1, "beta": 1, "delta": 1})
        self.assertIs(index.remove_document("zzz"), False)
        self.assertEqual(index.tokenize("Beta!"), ["beta"])
        self.assertEqual(index.tf_idf("a", "beta"), round(0.5 * idf(2, 1), 6))


if __name__ == "__main__":
    unittest.main()
