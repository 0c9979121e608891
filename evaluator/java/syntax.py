"""Java syntax trees from tree-sitter's Java grammar.

Offsets in a tree are byte offsets into the UTF-8 source, so every edit the derivation makes is
made on bytes and decoded once at the end. A parser is made per call: tree-sitter's parsers are
not safe to share between threads, and one costs microseconds beside the parse itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

import tree_sitter_java
from tree_sitter import Language, Node, Parser

from classwright.schema.errors import InputError

COMMENTS = frozenset({"line_comment", "block_comment"})


@cache
def java_language() -> Language:
    return Language(tree_sitter_java.language())


@dataclass(frozen=True)
class JavaTree:
    """A parsed Java file: its path (for messages), its UTF-8 bytes and its root node."""

    path: str
    source: bytes
    root: Node

    def text(self, node: Node) -> str:
        return self.source[node.start_byte : node.end_byte].decode("utf-8")

    def slice(self, start: int, end: int) -> str:
        return self.source[start:end].decode("utf-8")

    def line(self, node: Node) -> int:
        """The 1-based line ``node`` starts on."""
        return int(node.start_point.row) + 1

    def column(self, node: Node) -> int:
        """The 1-based column (in characters) ``node`` starts at."""
        start = self.source.rfind(b"\n", 0, node.start_byte) + 1
        return len(self.source[start : node.start_byte].decode("utf-8", "replace")) + 1

    def line_start(self, offset: int) -> int:
        """The offset of the start of the line holding ``offset``."""
        return self.source.rfind(b"\n", 0, offset) + 1

    def indentation(self, node: Node) -> str:
        """The whitespace at the start of the line ``node`` starts on."""
        start = self.line_start(node.start_byte)
        line = self.source[start : node.start_byte].decode("utf-8")
        return line[: len(line) - len(line.lstrip())]

    def text_without(self, node: Node, left_out: frozenset[str], end: int | None = None) -> str:
        """``node``'s text up to ``end`` with every descendant whose type is in ``left_out``
        removed (comments, annotations, type arguments)."""
        stop = node.end_byte if end is None else end
        pieces: list[bytes] = []
        cursor = node.start_byte
        for child in descendants(node):
            if child.type in left_out and child.start_byte >= cursor and child.end_byte <= stop:
                pieces.append(self.source[cursor : child.start_byte])
                cursor = child.end_byte
        pieces.append(self.source[cursor:stop])
        return b"".join(pieces).decode("utf-8")


def descendants(node: Node) -> Iterator[Node]:
    """Every node below ``node``, in source order."""
    for child in node.children:
        yield child
        yield from descendants(child)


def _first_error(node: Node) -> Node | None:
    if node.is_error or node.is_missing:
        return node
    if not node.has_error:
        return None
    for child in node.children:
        found = _first_error(child)
        if found is not None:
            return found
    return node


def parse_java(text: str, path: str) -> JavaTree:
    """Parse ``text``; a syntax error is an ``InputError`` naming ``path``, line and column."""
    source = text.encode("utf-8")
    tree = Parser(java_language()).parse(source)
    parsed = JavaTree(path, source, tree.root_node)
    error = _first_error(tree.root_node)
    if error is not None:
        what = f"missing {error.type}" if error.is_missing else "syntax error"
        raise InputError(path, f"Java {what}", parsed.line(error), parsed.column(error))
    return parsed
