"""Rewriting a module: the names and string literals an operator chose, by identity, get new
texts.

Operators find the nodes to change by analysis (``_names``, ``_docstrings``) on the module they
then visit, so a node is its own key. An operator that also rewrites other nodes (integers,
calls) subclasses ``Rewriter``.
"""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst


class Rewriter(cst.CSTTransformer):
    """Replace the given ``Name`` nodes and string literals (nodes of the visited module)."""

    def __init__(
        self,
        names: Mapping[cst.Name, str] | None = None,
        literals: Mapping[cst.SimpleString, str] | None = None,
    ) -> None:
        self.names = names or {}
        self.literals = literals or {}

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.Name:
        new = self.names.get(original_node)
        return updated_node if new is None else updated_node.with_changes(value=new)

    def leave_SimpleString(
        self, original_node: cst.SimpleString, updated_node: cst.SimpleString
    ) -> cst.SimpleString:
        new = self.literals.get(original_node)
        return updated_node if new is None else updated_node.with_changes(value=new)
