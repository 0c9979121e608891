"""From a model's answer to the source of a target class: JavaBench's way and ours.

**JavaBench's** (``app/util/io.py`` ``extract_code`` and ``app/test_env.py`` ``replace`` /
``check_todo``, reproduced exactly): the first fenced block opened with ```` ```java ````
(another class, often); the file is the TODO skeleton's text up to its first ``public`` (package
and imports) followed by the block's text from its first ``public``; with no ``public`` in
either, the sample cannot replace the class (``can_replace`` false). ``has_todo`` is true when a
method of the block still holds a ``// TODO`` line comment and its body is less than 10
characters longer than the skeleton's method of the same name and rank (lines starting with
``//`` left out), the lengths taken as JavaBench takes them: byte offsets into the text.

**classwright's**: the first fenced block (any language tag) that declares the target class at
top level; the file is the skeleton's package, the skeleton's imports followed by the block's
imports not already there, and the block without its own package and imports. An answer with no
such block gives no file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tree_sitter import Node, Parser

from classwright.evaluator.java.syntax import descendants, java_language

_JAVABENCH_BLOCK = re.compile("```java\r?\n(.*?)```", re.DOTALL)
_ANY_BLOCK = re.compile(r"```[A-Za-z0-9_+-]*[ \t]*\r?\n(.*?)```", re.DOTALL)
TYPE_DECLARATIONS = frozenset(
    {
        "class_declaration",
        "interface_declaration",
        "enum_declaration",
        "record_declaration",
        "annotation_type_declaration",
    }
)


@dataclass(frozen=True)
class Extracted:
    """What one extraction made of an answer."""

    source: str | None
    """The file that replaces the target's (``None``: the answer cannot replace it)."""
    has_todo: bool
    """A method of the answer is still a TODO (JavaBench's laziness test)."""

    @property
    def can_replace(self) -> bool:
        return self.source is not None


def _parse(text: str) -> Node:
    return Parser(java_language()).parse(text.encode("utf-8")).root_node


def first_java_block(answer: str) -> str:
    """JavaBench's ``extract_code``: the first ```` ```java ```` block, or ``""``."""
    found = _JAVABENCH_BLOCK.search(answer)
    return found.group(1) if found else ""


def _methods_with_todo(code: str) -> list[tuple[str, int, int, int]]:
    """JavaBench's ``get_todo_methods``: (name, rank among same-named, body start, body end)
    of each method or constructor with a body and a ``TODO`` line comment, in source order."""
    ranks: dict[str, int] = {}
    found = []
    for node in descendants(_parse(code)):
        if node.type not in ("constructor_declaration", "method_declaration"):
            continue
        name_node = node.child_by_field_name("name")
        name = name_node.text.decode() if name_node is not None and name_node.text else ""
        rank = ranks.get(name, 0)
        ranks[name] = rank + 1
        body = node.child_by_field_name("body")
        todo = any(
            c.type == "line_comment" and c.text is not None and b"TODO" in c.text
            for c in descendants(node)
        )
        if body is not None and todo:
            found.append((name, rank, body.start_byte, body.end_byte))
    return found


def _body_length(code: str, start: int, end: int) -> int:
    # JavaBench slices the str with tree-sitter's byte offsets; so do we, to agree with it.
    lines = code[start:end].split("\n")
    return len("\n".join(line for line in lines if not line.strip().startswith("//")))


def javabench_has_todo(todo_source: str, code: str) -> bool:
    """JavaBench's ``check_todo(todo_code, com_code)``."""
    completed = _methods_with_todo(code)
    for name, rank, start, end in _methods_with_todo(todo_source):
        match = [m for m in completed if m[0] == name and m[1] == rank]
        if not match:
            continue
        _, _, c_start, c_end = match[-1]
        if _body_length(code, c_start, c_end) - _body_length(todo_source, start, end) < 10:
            return True
    return False


def javabench_extract(answer: str, todo_source: str) -> Extracted:
    """The file JavaBench's evaluator writes for ``answer``, and its ``has_todo``."""
    code = first_java_block(answer)
    todo_start, code_start = todo_source.find("public"), code.find("public")
    if todo_start == -1 or code_start == -1:
        return Extracted(None, False)
    return Extracted(
        todo_source[:todo_start] + code[code_start:], javabench_has_todo(todo_source, code)
    )


def _top_level_names(root: Node) -> set[str]:
    names = set()
    for child in root.children:
        if child.type in TYPE_DECLARATIONS:
            name = child.child_by_field_name("name")
            if name is not None and name.text:
                names.add(name.text.decode())
    return names


def _header_parts(text: str) -> tuple[str | None, list[str], int]:
    """A file's package line, its import lines, and the byte offset where its first type (or
    anything else) starts after them."""
    root = _parse(text)
    source = text.encode("utf-8")
    package, imports, end = None, [], 0
    for child in root.children:
        if child.type == "package_declaration":
            package = source[child.start_byte : child.end_byte].decode()
        elif child.type == "import_declaration":
            imports.append(source[child.start_byte : child.end_byte].decode())
        elif child.type in ("line_comment", "block_comment"):
            continue
        else:
            break
        end = child.end_byte
    return package, imports, end


def target_block(answer: str, simple_name: str) -> str | None:
    """The first fenced block declaring the top-level type ``simple_name``."""
    for found in _ANY_BLOCK.finditer(answer):
        if simple_name in _top_level_names(_parse(found.group(1))):
            return found.group(1)
    return None


def classwright_extract(answer: str, todo_source: str, simple_name: str) -> Extracted:
    """The block declaring the target, under the skeleton's package with the imports merged."""
    block = target_block(answer, simple_name)
    if block is None:
        return Extracted(None, False)
    package, imports, _ = _header_parts(todo_source)
    _, block_imports, end = _header_parts(block)
    merged = imports + [line for line in block_imports if line not in imports]
    body = block.encode("utf-8")[end:].decode("utf-8").lstrip("\n")
    head = ([package, ""] if package else []) + merged + ([""] if merged else [])
    source = "\n".join(head) + "\n" + body
    return Extracted(source, javabench_has_todo(todo_source, block))
