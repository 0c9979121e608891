import unittest

from solution import SpellingSuggester


def trained(text, max_distance=2):
    speller = SpellingSuggester(max_distance)
    speller.learn(text)
    return speller


class SpellingSuggesterTestLearn(unittest.TestCase):
    def test_learn_1(self):
        speller = SpellingSuggester()
        self.assertEqual(speller.learn("The cat and the hat."), 4)
        self.assertEqual(speller.frequencies, {"the": 2, "cat": 1, "and": 1, "hat": 1})
        self.assertEqual(speller.total, 5)

    def test_learn_2(self):
        speller = SpellingSuggester()
        self.assertEqual(speller.learn(""), 0)
        self.assertEqual(speller.learn("123 ... !?"), 0)
        self.assertEqual(speller.total, 0)

    def test_learn_3(self):
        speller = SpellingSuggester()
        speller.learn("cat")
        self.assertEqual(speller.learn("CAT dog"), 2)
        self.assertEqual(speller.frequencies, {"cat": 2, "dog": 1})
        self.assertEqual(speller.total, 3)

    def test_learn_4(self):
        speller = SpellingSuggester()
        self.assertEqual(speller.learn("don't e-mail naïve"), 6)
        self.assertEqual(speller.frequencies, {"don": 1, "t": 1, "e": 1, "mail": 1, "na": 1, "ve": 1})

    def test_learn_5(self):
        speller = SpellingSuggester()
        self.assertEqual(speller.learn("a a a b"), 2)
        self.assertEqual(speller.learn("b"), 2)
        self.assertEqual(speller.frequencies, {"a": 3, "b": 2})
        self.assertEqual(speller.total, 5)


class SpellingSuggesterTestEditDistance(unittest.TestCase):
    def setUp(self):
        self.speller = SpellingSuggester()

    def test_edit_distance_1(self):
        self.assertEqual(self.speller.edit_distance("kitten", "sitting"), 3)
        self.assertEqual(self.speller.edit_distance("same", "same"), 0)

    def test_edit_distance_2(self):
        self.assertEqual(self.speller.edit_distance("", "abc"), 3)
        self.assertEqual(self.speller.edit_distance("abc", ""), 3)
        self.assertEqual(self.speller.edit_distance("", ""), 0)

    def test_edit_distance_3(self):
        self.assertEqual(self.speller.edit_distance("form", "from"), 1)
        self.assertEqual(self.speller.edit_distance("ab", "ba"), 1)
        self.assertEqual(self.speller.edit_distance("teh", "the"), 1)

    def test_edit_distance_4(self):
        self.assertEqual(self.speller.edit_distance("ca", "abc"), 3)
        self.assertEqual(self.speller.edit_distance("abcd", "badc"), 2)

    def test_edit_distance_5(self):
        self.assertEqual(self.speller.edit_distance("Cat", "cat"), 1)
        self.assertEqual(self.speller.edit_distance("flaw", "lawn"), 2)
        self.assertEqual(self.speller.edit_distance("abc", "abd"), 1)

    def test_edit_distance_7(self):
        self.assertEqual(self.speller.edit_distance("a", "aaa"), 2)
        self.assertEqual(self.speller.edit_distance("aaa", "a"), 2)
        self.assertEqual(self.speller.edit_distance("ab", "abab"), 2)

    def test_edit_distance_6(self):
        self.assertEqual(self.speller.edit_distance("a", "b"), 1)
        self.assertEqual(self.speller.edit_distance("abcdef", "badcfe"), 3)
        self.assertEqual(self.speller.edit_distance("xab", "xba"), 1)
        self.assertEqual(self.speller.edit_distance("abx", "bax"), 1)


class SpellingSuggesterTestProbability(unittest.TestCase):
    def test_probability_1(self):
        self.assertEqual(SpellingSuggester().probability("the"), 0.0)

    def test_probability_2(self):
        speller = trained("the cat and the hat")
        self.assertEqual(speller.probability("the"), 0.4)
        self.assertEqual(speller.probability("cat"), 0.2)

    def test_probability_3(self):
        speller = trained("the cat and the hat")
        self.assertEqual(speller.probability("THE"), 0.4)
        self.assertEqual(speller.probability("dog"), 0.0)

    def test_probability_4(self):
        speller = trained("word")
        self.assertEqual(speller.probability("word"), 1.0)
        speller.learn("other")
        self.assertEqual(speller.probability("word"), 0.5)

    def test_probability_5(self):
        speller = SpellingSuggester()
        speller.frequencies = {"a": 1, "b": 3}
        speller.total = 4
        self.assertEqual(speller.probability("b"), 0.75)
        self.assertEqual(speller.probability(""), 0.0)


class SpellingSuggesterTestSuggest(unittest.TestCase):
    def setUp(self):
        self.speller = trained("the cat sat on the mat, the hat and the bat")

    def test_suggest_1(self):
        self.assertEqual(self.speller.suggest("caat", 3), ["cat", "bat", "hat"])

    def test_suggest_2(self):
        self.assertEqual(self.speller.suggest("Cat", 3), ["cat"])
        self.assertEqual(self.speller.suggest("THE", 1), ["the"])

    def test_suggest_3(self):
        self.assertEqual(self.speller.suggest("xyzzy", 3), [])

    def test_suggest_4(self):
        with self.assertRaises(ValueError):
            self.speller.suggest("cat", 0)

    def test_suggest_5(self):
        self.assertEqual(self.speller.suggest("tha", 2), ["the", "hat"])
        self.assertEqual(self.speller.suggest("teh", 1), ["the"])

    def test_suggest_6(self):
        speller = trained("abc abd abd", max_distance=1)
        self.assertEqual(speller.suggest("abx", 5), ["abd", "abc"])
        self.assertEqual(speller.suggest("axx", 5), [])
        speller.max_distance = 2
        self.assertEqual(speller.suggest("axx", 5), ["abd", "abc"])

    def test_suggest_8(self):
        speller = SpellingSuggester()
        speller.learn("abcdef")
        self.assertEqual(speller.suggest("abcdxy", 2), ["abcdef"])
        self.assertEqual(speller.suggest("abcxyz", 2), [])
        self.assertEqual(speller.max_distance, 2)

    def test_suggest_7(self):
        speller = trained("xyz", max_distance=0)
        self.assertEqual(speller.suggest("xzy", 3), [])
        self.assertEqual(speller.suggest("XYZ", 3), ["xyz"])
        self.assertEqual(SpellingSuggester().suggest("anything", 1), [])


class SpellingSuggesterTestCorrectText(unittest.TestCase):
    def setUp(self):
        self.speller = trained("the quick brown fox jumps over the lazy dog")

    def test_correct_text_1(self):
        self.assertEqual(self.speller.correct_text("Teh quikc BROWN fxo, jumsp!"), "The quick BROWN fox, jumps!")

    def test_correct_text_2(self):
        self.assertEqual(self.speller.correct_text(""), "")
        self.assertEqual(self.speller.correct_text("  42 -- ?"), "  42 -- ?")

    def test_correct_text_3(self):
        self.assertEqual(self.speller.correct_text("TEH LAZZY DGO"), "THE LAZY DOG")
        self.assertEqual(self.speller.correct_text("tHE qUICK"), "tHE qUICK")

    def test_correct_text_4(self):
        self.assertEqual(self.speller.correct_text("zebra xylophone"), "zebra xylophone")

    def test_correct_text_5(self):
        speller = trained("a dog")
        self.assertEqual(speller.correct_text("B dgo"), "A dog")
        self.assertEqual(speller.correct_text("Dgo\tdgo\nDGO"), "Dog\tdog\nDOG")

    def test_correct_text_7(self):
        speller = trained("an the")
        self.assertEqual(speller.correct_text("A TH Th th"), "An THE The the")

    def test_correct_text_6(self):
        self.assertEqual(self.speller.correct_text("oVer thE dgo2fox"), "oVer thE dog2fox")
        self.assertEqual(self.speller.frequencies["the"], 2)


class SpellingSuggesterTest(unittest.TestCase):
    def test_spelling_suggester_1(self):
        speller = SpellingSuggester(max_distance=1)
        self.assertEqual(speller.learn("Their house is over there, and they are there now."), 9)
        self.assertEqual(speller.probability("there"), 0.2)
        self.assertEqual(speller.edit_distance("thier", "their"), 1)
        self.assertEqual(speller.suggest("thier", 2), ["their"])
        self.assertEqual(speller.suggest("thre", 3), ["there"])
        self.assertEqual(speller.suggest("thy", 3), ["they"])
        self.assertEqual(speller.correct_text("Thier hosue is ovr thre."), "Their house is over there.")

    def test_spelling_suggester_2(self):
        speller = SpellingSuggester()
        self.assertEqual(speller.correct_text("nothing known"), "nothing known")
        self.assertEqual(speller.learn("lead lead load"), 2)
        self.assertEqual(speller.suggest("laed", 2), ["lead", "load"])
        self.assertEqual(speller.edit_distance("laed", "load"), 2)
        self.assertEqual(speller.learn("load load"), 2)
        self.assertEqual(speller.suggest("laed", 2), ["lead", "load"])
        self.assertEqual(speller.suggest("lxad", 2), ["load", "lead"])
        self.assertEqual(speller.correct_text("Lxad"), "Load")
        self.assertEqual(speller.probability("load"), 0.6)


if __name__ == "__main__":
    unittest.main()
