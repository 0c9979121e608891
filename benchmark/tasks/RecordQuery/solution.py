import re


class RecordQuery:
    """
    Records (dicts) filtered by queries in a small language, for example
    'age >= 30 and (city = "Oslo" or not active)'.
    Tokens: integers ("-"? digits), strings in double quotes (a backslash makes the next character literal),
    the operators = != < <= > >=, parentheses, the keywords and, or, not, true, false (lower case), and field
    names (an ASCII letter or "_", then ASCII letters, digits and "_"; not a keyword); spaces, tabs and newlines between tokens
    are skipped.
    Grammar, loosest first: query = conjunction ("or" conjunction)*; conjunction = negation ("and" negation)*;
    negation = "not" negation | primary; primary = "(" query ")" | field operator value | field, where a value
    is an integer, a string, true or false. "and" and "or" group from the left.
    """

    TOKEN = re.compile(
        r'[ \t\n]*(?:(?P<number>-?\d+)|(?P<string>"(?:[^"\\]|\\.)*")|(?P<operator>!=|<=|>=|=|<|>)'
        r"|(?P<paren>[()])|(?P<word>[A-Za-z_][A-Za-z0-9_]*))"
    )
    KEYWORDS = ("and", "or", "not", "true", "false")

    def __init__(self):
        """
        Create an empty collection.
        self.records: list, the records (dicts of field name -> value) in the order added; [] at first
        """
        self.records = []

    def tokenize(self, query: str) -> list:
        """
        Split a query into its tokens.
        :param query: str, the query text
        :return: list of tuple, (kind, text) per token in order, kind being "number", "string", "operator",
            "paren", "keyword" or "field"; a string's text is its content without the quotes and with every
            backslash that makes a character literal removed
        :raises ValueError: when some text is not a token (an unknown character, a string without its closing
            quote)
        >>> RecordQuery().tokenize('not(n>=-2)or s="a\\\\"b"')
        [('keyword', 'not'), ('paren', '('), ('field', 'n'), ('operator', '>='), ('number', '-2'), ('paren', ')'), ('keyword', 'or'), ('field', 's'), ('operator', '='), ('string', 'a"b')]
        """
        tokens = []
        position = 0
        end = len(query.rstrip(" \t\n"))
        while position < end:
            match = self.TOKEN.match(query, position)
            if match is None:
                raise ValueError("some text is not a token")
            kind, text = match.lastgroup, match.group(match.lastgroup)
            if kind == "string":
                text = re.sub(r"\\(.)", r"\1", text[1:-1], flags=re.DOTALL)
            elif kind == "word":
                kind = "keyword" if text in self.KEYWORDS else "field"
            tokens.append((kind, text))
            position = match.end()
        return tokens

    def parse(self, query: str) -> tuple:
        """
        Parse a query into a tree of tuples: ("or", left, right), ("and", left, right), ("not", operand),
        ("compare", field, operator, value) with value an int, str or bool, and ("field", name).
        :param query: str, the query text
        :return: tuple, the tree
        :raises ValueError: when the query cannot be tokenized or does not follow the grammar (also when it is
            empty or has tokens left over)
        >>> RecordQuery().parse("a and not b or c = true")
        ('or', ('and', ('field', 'a'), ('not', ('field', 'b'))), ('compare', 'c', '=', True))
        """
        tokens = self.tokenize(query)
        position = 0

        def peek():
            return tokens[position] if position < len(tokens) else None

        def take(kind, text=None):
            nonlocal position
            token = peek()
            if token is None or token[0] != kind or text is not None and token[1] != text:
                raise ValueError("the query does not follow the grammar")
            position += 1
            return token[1]

        def disjunction():
            tree = conjunction()
            while peek() == ("keyword", "or"):
                take("keyword", "or")
                tree = ("or", tree, conjunction())
            return tree

        def conjunction():
            tree = negation()
            while peek() == ("keyword", "and"):
                take("keyword", "and")
                tree = ("and", tree, negation())
            return tree

        def negation():
            nonlocal position
            if peek() == ("keyword", "not"):
                take("keyword", "not")
                return ("not", negation())
            if peek() == ("paren", "("):
                take("paren", "(")
                tree = disjunction()
                take("paren", ")")
                return tree
            name = take("field")
            if peek() is None or peek()[0] != "operator":
                return ("field", name)
            operator = take("operator")
            token = peek()
            if token is not None and token[0] == "number":
                value = int(token[1])
            elif token is not None and token[0] == "string":
                value = token[1]
            elif token in (("keyword", "true"), ("keyword", "false")):
                value = token[1] == "true"
            else:
                raise ValueError("expected a value after an operator")
            position += 1
            return ("compare", name, operator, value)

        tree = disjunction()
        if position != len(tokens):
            raise ValueError("tokens left over after the query")
        return tree

    def matches(self, query: str, record: dict) -> bool:
        """
        Whether a record satisfies a query. ("field", name) holds when the record has the field and its value is
        true in Python's sense. A comparison holds when the record has the field, its value has exactly the type
        of the query's value (int, str or bool; a bool is not an int here) and the operator holds between them
        (strings compare as Python compares them). "and", "or" and "not" have their usual meaning.
        :param query: str, the query text
        :param record: dict, field name -> value
        :return: bool, True when the record satisfies the query
        :raises ValueError: when the query cannot be parsed
        >>> query = RecordQuery()
        >>> query.matches('age >= 30 and city != "Oslo"', {"age": 41, "city": "Bergen"})
        True
        >>> query.matches("age > 30", {"age": "41"}), query.matches("not active", {})
        (False, True)
        """
        def holds(tree):
            if tree[0] == "or":
                return holds(tree[1]) or holds(tree[2])
            if tree[0] == "and":
                return holds(tree[1]) and holds(tree[2])
            if tree[0] == "not":
                return not holds(tree[1])
            if tree[0] == "field":
                return bool(record.get(tree[1], False))
            _, name, operator, value = tree
            if name not in record or type(record[name]) is not type(value):
                return False
            left = record[name]
            return {
                "=": left == value,
                "!=": left != value,
                "<": left < value,
                "<=": left <= value,
                ">": left > value,
                ">=": left >= value,
            }[operator]

        return holds(self.parse(query))

    def add(self, record: dict) -> int:
        """
        Add a record to the collection: the dict itself is kept, not a copy.
        :param record: dict, field name -> value
        :return: int, the number of records in the collection afterwards
        >>> query = RecordQuery()
        >>> query.add({"name": "ann"}), query.add({"name": "bob"}), query.records
        (1, 2, [{'name': 'ann'}, {'name': 'bob'}])
        """
        self.records.append(record)
        return len(self.records)

    def select(self, query: str) -> list:
        """
        The records of the collection that satisfy a query (see matches).
        :param query: str, the query text
        :return: list of dict, the matching records in the order they were added
        :raises ValueError: when the query cannot be parsed, also when the collection is empty
        >>> query = RecordQuery()
        >>> for age in [25, 35, 45]:
        ...     _ = query.add({"age": age})
        >>> query.select("age > 30 and not age = 45")
        [{'age': 35}]
        """
        self.parse(query)
        return [record for record in self.records if self.matches(query, record)]
