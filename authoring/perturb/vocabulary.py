"""The words renaming draws from: synonym groups by part of speech, shipped as ``words.json``.

A name is split into words (``parse_time`` -> parse, time; ``ParkingGarage`` -> Parking,
Garage); each word that has synonyms is replaced by one of them, looked up by its part in the
name (``Role``): the first word of a method name is a verb, the words of a class name are
looked up among ``class_nouns`` first, other words among nouns and adjectives. A plural is
looked up by its singular and its synonym made plural. The case of each word and the
separators are kept, so ``parse_time`` may become ``analyse_moment`` and never ``AnalyseMoment``.

One ``WordChoice`` per task draws each word's synonym once, so a word changes the same way in
every name of the task (``add_item``, ``item_count`` -> ``insert_entry``, ``entry_count``).
"""

from __future__ import annotations

import builtins
import enum
import json
import keyword
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

WORDS_FILE = "words.json"


class Role(enum.Enum):
    CLASS = "class"
    """A word of the class's name."""
    VERB = "verb"
    """The first word of a method's name."""
    NAME = "name"
    """Any other word: of a field, a parameter, or a method's name after its first word."""


RESERVED = frozenset(keyword.kwlist) | frozenset(keyword.softkwlist) | frozenset(dir(builtins))
"""Names a renamed identifier never takes (keywords, soft keywords, builtins): a parameter
called ``list`` would hide the builtin inside its method."""


@dataclass(frozen=True)
class Vocabulary:
    groups: Mapping[str, tuple[tuple[str, ...], ...]]
    """Part of speech (verbs, nouns, adjectives, class_nouns) -> its synonym groups."""
    class_suffixes: tuple[str, ...]
    keep: frozenset[str]

    def synonyms(self, word: str, role: Role) -> tuple[str, ...]:
        """Other words for ``word`` (lower case) in this role, best group first; () if none."""
        found = self.lookup(word, role)
        if found is None:
            return ()
        _, plural, others, _ = found
        return tuple(pluralise(w) for w in others) if plural else others

    def lookup(self, word: str, role: Role) -> tuple[str, bool, tuple[str, ...], str] | None:
        """``word``'s singular, whether it was plural, the other words of its group, and the
        part of speech it was found as."""
        if word in self.keep or len(word) < 2:
            return None
        for part in _parts(role):
            for singular, plural in _singulars(word):
                for group in self.groups.get(part, ()):
                    if singular in group:
                        return singular, plural, tuple(w for w in group if w != singular), part
        return None


def _parts(role: Role) -> tuple[str, ...]:
    if role is Role.CLASS:
        return ("class_nouns", "nouns", "adjectives")
    if role is Role.VERB:
        # A method named by a noun (``item_count``) is looked up as one.
        return ("verbs", "nouns", "adjectives")
    return ("nouns", "adjectives")


def _singulars(word: str) -> list[tuple[str, bool]]:
    found = [(word, False)]
    if word.endswith("ies") and len(word) > 4:
        found.append((word[:-3] + "y", True))
    if word.endswith(("ses", "xes", "ches", "shes")):
        found.append((word[:-2], True))
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        found.append((word[:-1], True))
    return found


def pluralise(word: str) -> str:
    """The plural of a word of the list (``entry`` -> ``entries``; ``points`` stays)."""
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word  # already plural: points, contents, holdings
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    return word + "s"


@cache
def vocabulary() -> Vocabulary:
    """The shipped word list."""
    text = resources.files("classwright.authoring.perturb").joinpath(WORDS_FILE).read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    parts = ("verbs", "nouns", "adjectives", "class_nouns")
    return Vocabulary(
        groups={
            part: tuple(tuple(word.lower() for word in group) for group in data[part])
            for part in parts
        },
        class_suffixes=tuple(data["class_suffixes"]),
        keep=frozenset(data["keep"]),
    )


# --- names as words ------------------------------------------------------------------------------

_WORD = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")


@dataclass(frozen=True)
class Word:
    text: str
    chunk: int
    """Which ``_``-separated chunk of the name the word is in."""


def split_name(name: str) -> tuple[str, list[Word], str]:
    """A name as (leading underscores, words, trailing underscores)."""
    core = name.strip("_")
    lead = name[: len(name) - len(name.lstrip("_"))]
    trail = name[len(name.rstrip("_")) :] if core else ""
    words = [
        Word(match.group(), number)
        for number, chunk in enumerate(core.split("_"))
        for match in _WORD.finditer(chunk)
    ]
    return lead, words, trail


def join_name(lead: str, words: Sequence[Word], trail: str) -> str:
    chunks: dict[int, str] = {}
    for word in words:
        chunks[word.chunk] = chunks.get(word.chunk, "") + word.text
    return lead + "_".join(chunks[n] for n in sorted(chunks)) + trail


def _cased_like(model: str, word: str) -> str:
    if model.isupper() and len(model) > 1:
        return word.upper()
    if model[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def _role_of(position: int, role: Role) -> Role:
    if role is Role.VERB and position > 0:
        return Role.NAME
    return role


class WordChoice:
    """The synonyms one task's renaming uses: each word's is drawn once, then kept."""

    def __init__(self, rng: random.Random, words: Vocabulary | None = None) -> None:
        self.rng = rng
        self.words = words or vocabulary()
        self.chosen: dict[tuple[str, str], str] = {}

    def rename(self, name: str, role: Role, attempt: int = 0) -> str:
        """``name`` with its words replaced; ``attempt`` > 0 draws other synonyms for this name
        alone (when the first choice collides). Returns ``name`` when no word has synonyms."""
        lead, words, trail = split_name(name)
        renamed = []
        for position, word in enumerate(words):
            word_role = _role_of(position, role)
            found = self.words.lookup(word.text.lower(), word_role)
            if found is None or not found[2] or not word.text.isalpha():
                renamed.append(word)
                continue
            singular, plural, others, part = found
            # Keyed by the singular and the part of speech: "item" and "items" change alike.
            key = (singular, part)
            if attempt == 0:
                if key not in self.chosen:
                    self.chosen[key] = self.rng.choice(others)
                pick = self.chosen[key]
            else:
                pick = self.rng.choice(others)
            pick = pluralise(pick) if plural else pick
            renamed.append(Word(_cased_like(word.text, pick), word.chunk))
        return join_name(lead, renamed, trail)

    def class_fallback(self, name: str, attempt: int = 0) -> str:
        """A class name none of whose words has a synonym, with a suffix from the list."""
        suffixes = self.words.class_suffixes
        return name + suffixes[(self.rng.randrange(len(suffixes)) + attempt) % len(suffixes)]


def fresh_name(
    candidates: Iterable[str], taken: set[str], original: str, *, attribute: bool = False
) -> str | None:
    """The first candidate that is a new, usable name: an identifier, not reserved (a
    keyword always, a builtin unless ``attribute``), not taken, not the original."""
    for candidate in candidates:
        if candidate == original or candidate in taken or not candidate.isidentifier():
            continue
        if keyword.iskeyword(candidate) or keyword.issoftkeyword(candidate):
            continue
        if not attribute and candidate in RESERVED:
            continue
        if candidate.startswith("__") or candidate.startswith("test"):
            continue
        return candidate
    return None
