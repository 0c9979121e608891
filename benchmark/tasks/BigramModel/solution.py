import math
import re
from fractions import Fraction


class BigramModel:
    """
    A bigram language model trained on sentences. A sentence is turned into tokens: "<s>", its lower-case words
    (runs of letters a-z and apostrophes), then "</s>". The model counts how often each token follows each other
    token and estimates P(word | previous) with add-k smoothing over the vocabulary: every token seen after
    training except "<s>" (so "</s>" belongs to it). Probabilities are computed exactly with fractions and
    returned as floats.
    """

    def __init__(self, k: int = 1):
        """
        Create an untrained model.
        :param k: int, the add-k smoothing constant, at least 0 (0 means no smoothing)
        self.k: int, the add-k smoothing constant
        self.bigrams: dict, previous token -> dict of following token -> count
        self.vocabulary: set, the tokens seen in training except "<s>"
        self.sentences: int, the number of sentences trained on
        """
        self.k = k
        self.bigrams = {}
        self.vocabulary = set()
        self.sentences = 0

    def tokenize(self, sentence: str) -> list:
        """
        Turn one sentence into tokens (see the class description).
        :param sentence: str, the sentence
        :return: list of str, "<s>", the words, "</s>"
        >>> BigramModel().tokenize("The cat's HAT.")
        ['<s>', 'the', "cat's", 'hat', '</s>']
        """
        return ["<s>"] + re.findall(r"[a-z']+", sentence.lower()) + ["</s>"]

    def train(self, text: str) -> int:
        """
        Train on a text: it is split into sentences after each ".", "!" or "?", and every sentence that has at
        least one word is tokenized and its bigrams are counted.
        :param text: str, the text
        :return: int, the number of sentences trained on in this call
        >>> model = BigramModel()
        >>> model.train("I am Sam. Sam I am! ...")
        2
        >>> model.bigrams["<s>"], model.bigrams["am"]
        ({'i': 1, 'sam': 1}, {'sam': 1, '</s>': 1})
        """
        count = 0
        for sentence in re.split(r"[.!?]", text):
            tokens = self.tokenize(sentence)
            if len(tokens) == 2:
                continue
            for previous, word in zip(tokens, tokens[1:]):
                followers = self.bigrams.setdefault(previous, {})
                followers[word] = followers.get(word, 0) + 1
            self.vocabulary.update(tokens[1:])
            count += 1
        self.sentences += count
        return count

    def probability(self, previous: str, word: str) -> float:
        """
        P(word | previous) = (count(previous, word) + k) / (count(previous) + k * V), where count(previous) is how
        often previous was followed by any token and V the size of the vocabulary.
        :param previous: str, the previous token
        :param word: str, the token whose probability is wanted
        :return: float, the probability; 0.0 when the denominator is 0
        >>> model = BigramModel(k=1)
        >>> _ = model.train("I am Sam. Sam I am.")
        >>> model.probability("i", "am"), model.probability("sam", "green")
        (0.5, 0.16666666666666666)
        """
        followers = self.bigrams.get(previous, {})
        denominator = sum(followers.values()) + self.k * len(self.vocabulary)
        if denominator == 0:
            return 0.0
        return float(Fraction(followers.get(word, 0) + self.k, denominator))

    def sentence_probability(self, sentence: str) -> float:
        """
        Probability of a whole sentence: the product of P(token | previous token) over its tokens after "<s>".
        :param sentence: str, the sentence
        :return: float, the product (computed exactly, then converted)
        >>> model = BigramModel(k=0)
        >>> _ = model.train("I am Sam. Sam I am.")
        >>> model.sentence_probability("I am Sam"), model.sentence_probability("am I")
        (0.125, 0.0)
        """
        tokens = self.tokenize(sentence)
        product = Fraction(1)
        for previous, word in zip(tokens, tokens[1:]):
            followers = self.bigrams.get(previous, {})
            denominator = sum(followers.values()) + self.k * len(self.vocabulary)
            if denominator == 0:
                return 0.0
            product *= Fraction(followers.get(word, 0) + self.k, denominator)
        return float(product)

    def perplexity(self, sentence: str) -> float:
        """
        Perplexity of a sentence: sentence_probability ** (-1 / N) with N the number of tokens after "<s>".
        :param sentence: str, the sentence
        :return: float, the perplexity
        :raises ValueError: when the sentence has probability 0
        >>> model = BigramModel(k=0)
        >>> _ = model.train("I am Sam. Sam I am.")
        >>> model.perplexity("I am Sam")
        1.681792830507429
        """
        probability = self.sentence_probability(sentence)
        if probability == 0:
            raise ValueError("the sentence has probability 0")
        return math.pow(probability, -1 / (len(self.tokenize(sentence)) - 1))

    def next_words(self, previous: str, count: int) -> list:
        """
        The tokens seen after a token, most frequent first, equal counts in ascending code-point order of the
        token, so "</s>" (and any word starting with an apostrophe) comes before words starting with a letter (no
        smoothing).
        :param previous: str, the previous token
        :param count: int, the most tokens to return, at least 0
        :return: list of str, up to count tokens
        :raises ValueError: when count is negative
        >>> model = BigramModel()
        >>> _ = model.train("I am Sam. Sam I am. I do not like them.")
        >>> model.next_words("i", 5), model.next_words("<s>", 1), model.next_words("green", 3)
        (['am', 'do'], ['i'], [])
        """
        if count < 0:
            raise ValueError("count cannot be negative")
        followers = self.bigrams.get(previous, {})
        return sorted(followers, key=lambda word: (-followers[word], word))[:count]

    def generate(self, start: str, length: int) -> str:
        """
        Generate text greedily: starting from a token, repeatedly append the first of next_words, stopping before
        "</s>", when a token has no followers, or after length words.
        :param start: str, the token to start from, e.g. "<s>" or a word
        :param length: int, the most words to generate, at least 0
        :return: str, the generated words joined by single spaces (the start token not included)
        :raises ValueError: when length is negative
        >>> model = BigramModel()
        >>> _ = model.train("I am Sam. Sam I am. I do not like them.")
        >>> model.generate("<s>", 10), model.generate("do", 2), model.generate("<s>", 0)
        ('i am', 'not like', '')
        """
        if length < 0:
            raise ValueError("length cannot be negative")
        words = []
        current = start
        while len(words) < length:
            options = self.next_words(current, 1)
            if not options or options[0] == "</s>":
                break
            current = options[0]
            words.append(current)
        return " ".join(words)
