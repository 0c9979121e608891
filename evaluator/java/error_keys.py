"""javac's diagnostic keys as a sample's error types (the ``classwright`` family).

javac names each of its messages by a key (``compiler.err.cant.resolve.location`` is "cannot
find symbol", ``compiler.err.missing.ret.stmt`` "missing return statement"); the compiler of
both scoring paths (:mod:`classwright.evaluator.java.compiler_source`) records the key of
every error it writes, taken from javac's diagnostic objects, never from its text. What comes
back is still the output of a process that compiled a sample, so it is read as untrusted: at
most ``MAX_KEYS`` lines of at most ``MAX_KEY_LENGTH`` characters are looked at, and only those
that are an error key by javac's grammar (``compiler.err.`` then dot-separated words of
letters, digits and ``-``; every error key of JDK 17 is one) are kept. Nothing else of the
output ever becomes a label.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections import Counter
from collections.abc import Iterable, Mapping

MAX_KEYS = 1000
"""Keys read per compile (javac writes at most ``-Xmaxerrs`` errors: 1000 here)."""
MAX_KEY_LENGTH = 120
"""JDK 17's longest error key has 88 characters."""
ERROR_KEY = re.compile(r"compiler\.err(?:\.[A-Za-z0-9-]+)+")


def read_keys(encoded: bytes) -> tuple[str, ...]:
    """The error keys of one compile from the compiler's answer field (base64 of the keys, one
    a line); anything that is not a key is left out, and past ``MAX_KEYS`` nothing is read."""
    cut = (MAX_KEYS * (MAX_KEY_LENGTH + 1) + 2) // 3 * 4
    try:
        raw = base64.b64decode(encoded[:cut], validate=True)
    except (binascii.Error, ValueError):
        return ()
    lines = raw.decode("ascii", "replace").split("\n")
    if len(encoded) > cut:
        lines.pop()  # cut short: its last line may be a key's prefix, itself key-shaped
    return valid_keys(lines[:MAX_KEYS])


def valid_keys(lines: Iterable[str]) -> tuple[str, ...]:
    """The ``lines`` that are javac error keys, in order."""
    return tuple(
        line for line in lines if len(line) <= MAX_KEY_LENGTH and ERROR_KEY.fullmatch(line)
    )


def key_counts(keys: Iterable[str]) -> dict[str, int]:
    """Each valid key's count, most frequent first (then by key)."""
    counted = Counter(valid_keys(keys))
    return dict(sorted(counted.items(), key=lambda item: (-item[1], item[0])))


def add_counts(total: Counter[str], counts: Mapping[str, int]) -> None:
    """Add one record's counts to ``total``, reading only valid keys and whole counts (a
    records file is input too)."""
    for key, count in counts.items():
        whole = isinstance(count, int) and not isinstance(count, bool) and 0 < count <= MAX_KEYS
        if whole and isinstance(key, str) and valid_keys([key]):
            total[key] += count
