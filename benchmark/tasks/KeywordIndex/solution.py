import math
import re
from collections import Counter


class KeywordIndex:
    """
    Indexes a collection of named text documents to find their keywords by TF-IDF and to find similar documents.
    Terms are lower-case words: runs of letters a-z, possibly joined by apostrophes ("don't"), at least two
    characters long and not stop words. Documents can be added, replaced and removed; document frequencies follow.
    """

    def __init__(self, stopwords: list):
        """
        Create an empty index.
        :param stopwords: list of str, lower-case words that are never terms
        self.stopwords: list, lower-case words that are never terms
        self.documents: dict, document name -> dict of term -> number of occurrences in that document
        self.document_frequency: dict, term -> number of documents containing it (terms with 0 are removed)
        """
        self.stopwords = stopwords
        self.documents = {}
        self.document_frequency = {}

    def tokenize(self, text: str) -> list:
        """
        Split a text into terms, in order of appearance (see the class description).
        :param text: str, the text
        :return: list of str, the terms
        >>> index = KeywordIndex(["the", "of"])
        >>> index.tokenize("The rise of Python's type hints, a 2015 idea!")
        ['rise', "python's", 'type', 'hints', 'idea']
        """
        words = re.findall(r"[a-z]+(?:'[a-z]+)*", text.lower())
        return [word for word in words if len(word) >= 2 and word not in self.stopwords]

    def add_document(self, name: str, text: str) -> int:
        """
        Add a document, or replace the document of that name (its old terms no longer count).
        :param name: str, the document's name
        :param text: str, its text
        :return: int, the number of distinct terms in the document
        >>> index = KeywordIndex([])
        >>> index.add_document("a", "red apple, green apple"), index.add_document("b", "green tea")
        (3, 2)
        >>> index.documents["a"], index.document_frequency
        ({'red': 1, 'apple': 2, 'green': 1}, {'red': 1, 'apple': 1, 'green': 2, 'tea': 1})
        """
        self.remove_document(name)
        counts = Counter(self.tokenize(text))
        self.documents[name] = dict(counts)
        for term in counts:
            self.document_frequency[term] = self.document_frequency.get(term, 0) + 1
        return len(counts)

    def remove_document(self, name: str) -> bool:
        """
        Remove a document and lower the document frequencies of its terms.
        :param name: str, the document's name
        :return: bool, True when the document existed, False otherwise
        >>> index = KeywordIndex([])
        >>> index.documents = {"a": {"tea": 2}}
        >>> index.document_frequency = {"tea": 1}
        >>> index.remove_document("a"), index.remove_document("a"), index.document_frequency
        (True, False, {})
        """
        if name not in self.documents:
            return False
        for term in self.documents.pop(name):
            self.document_frequency[term] -= 1
            if self.document_frequency[term] == 0:
                del self.document_frequency[term]
        return True

    def tf_idf(self, name: str, term: str) -> float:
        """
        TF-IDF of a term in a document: tf = occurrences of the term / number of terms in the document, and
        idf = ln((1 + N) / (1 + df)) + 1 with N the number of documents and df the term's document frequency.
        :param name: str, the document's name
        :param term: str, the term (compared exactly, no lower-casing)
        :return: float, tf * idf rounded to 6 decimals; 0.0 when the document does not contain the term
        :raises ValueError: when there is no document of that name
        >>> index = KeywordIndex([])
        >>> index.documents = {"a": {"tea": 1, "cup": 3}, "b": {"tea": 2}}
        >>> index.document_frequency = {"tea": 2, "cup": 1}
        >>> index.tf_idf("a", "cup"), index.tf_idf("a", "tea"), index.tf_idf("b", "cup")
        (1.054099, 0.25, 0.0)
        """
        if name not in self.documents:
            raise ValueError(f"no document named {name!r}")
        counts = self.documents[name]
        if term not in counts:
            return 0.0
        tf = counts[term] / sum(counts.values())
        idf = math.log((1 + len(self.documents)) / (1 + self.document_frequency[term])) + 1
        return round(tf * idf, 6)

    def keywords(self, name: str, count: int) -> list:
        """
        The document's terms with the highest TF-IDF, highest first; equal scores in alphabetical order.
        :param name: str, the document's name
        :param count: int, how many terms at most, at least 0
        :return: list of str, the keywords
        :raises ValueError: when there is no document of that name or count is negative
        >>> index = KeywordIndex(["the"])
        >>> _ = index.add_document("a", "the cat sat on the mat with the cat")
        >>> _ = index.add_document("b", "the dog sat on the log")
        >>> index.keywords("a", 2)
        ['cat', 'mat']
        """
        if count < 0:
            raise ValueError("count cannot be negative")
        if name not in self.documents:
            raise ValueError(f"no document named {name!r}")
        ranked = sorted(self.documents[name], key=lambda term: (-self.tf_idf(name, term), term))
        return ranked[:count]

    def most_similar(self, name: str) -> str:
        """
        The other document most similar to a document: the one with the highest cosine similarity between their
        TF-IDF vectors (one entry per term, see tf_idf); equal similarities are broken by the name that sorts first.
        :param name: str, the document's name
        :return: str, the other document's name, or "" when no other document shares a term with it
        :raises ValueError: when there is no document of that name
        >>> index = KeywordIndex([])
        >>> _ = [index.add_document("a", "green tea"), index.add_document("b", "black tea"), index.add_document("c", "green tea leaves")]
        >>> index.most_similar("a"), index.most_similar("b")
        ('c', 'a')
        """
        if name not in self.documents:
            raise ValueError(f"no document named {name!r}")
        vector = {term: self.tf_idf(name, term) for term in self.documents[name]}
        # the document's own vector length scales every similarity alike, so it cannot change the winner
        best, best_score = "", 0.0
        for other in sorted(self.documents):
            if other == name:
                continue
            other_vector = {term: self.tf_idf(other, term) for term in self.documents[other]}
            dot = sum(value * other_vector.get(term, 0.0) for term, value in vector.items())
            if dot == 0:
                continue
            score = dot / math.sqrt(sum(value * value for value in other_vector.values()))
            if score > best_score:
                best, best_score = other, score
        return best
