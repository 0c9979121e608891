import re


class HeaderBlock:
    """
    The header block of a text message, as e-mail and HTTP/1.1 write it: one header per line, "Name: value".
    Header names are compared without regard to case, the same name may occur several times, and headers keep
    the order in which they were added. A value may carry parameters after ";", as in
    'Content-Type: text/plain; charset="utf-8"'.
    """

    def __init__(self):
        """
        Create an empty header block.
        self.headers: list, [name, value] pairs in the order the headers were added, each name as it was written
            (case kept) and each value as stored (folded lines joined); [] at first
        """
        self.headers = []

    def parse(self, text: str) -> int:
        """
        Read the header lines of a message and append the headers to self.headers.
        Lines end with "\\n" or "\\r\\n". The block ends at the first empty line or at the end of the text; what
        follows an empty line (the body) is ignored. A header line is a name of one or more ASCII letters, digits
        and "-", directly followed by ":", then the value; the stored value has its leading and trailing spaces and
        tabs removed. A line that starts with a space or a tab continues the previous header: its text, with
        leading and trailing spaces and tabs removed, is added to the previous value after one space.
        :param text: str, the message or its header block
        :return: int, the number of headers read
        :raises ValueError: when a line is neither a header line nor a continuation, or the first line is a
            continuation; no header of the text is added then
        >>> block = HeaderBlock()
        >>> block.parse("Subject: Quarterly\\r\\n  report\\r\\nTo: ann@example.org\\r\\n\\r\\nHello")
        2
        >>> block.headers
        [['Subject', 'Quarterly report'], ['To', 'ann@example.org']]
        """
        read = []
        for line in re.split(r"\r?\n", text):
            if line == "":
                break
            if line[0] in " \t":
                if not read:
                    raise ValueError("a continuation line comes first")
                read[-1][1] += " " + line.strip(" \t")
                continue
            match = re.fullmatch(r"([A-Za-z0-9-]+):(.*)", line)
            if match is None:
                raise ValueError(f"not a header line: {line!r}")
            read.append([match.group(1), match.group(2).strip(" \t")])
        self.headers.extend(read)
        return len(read)

    def get(self, name: str, default=None):
        """
        The value of the first header with a name, compared without regard to case.
        :param name: str, the header's name
        :param default: str or None, the value to return when there is no such header, None unless given
        :return: str or None, the first such header's value, or default
        >>> block = HeaderBlock()
        >>> block.parse("Received: a\\nreceived: b")
        2
        >>> block.get("RECEIVED"), block.get("Date", "none")
        ('a', 'none')
        """
        values = self.get_all(name)
        return values[0] if values else default

    def get_all(self, name: str) -> list:
        """
        The values of every header with a name, compared without regard to case.
        :param name: str, the header's name
        :return: list of str, the values in the order of the headers, [] when there is none
        >>> block = HeaderBlock()
        >>> block.parse("Received: a\\nTo: x\\nreceived: b")
        3
        >>> block.get_all("Received")
        ['a', 'b']
        """
        wanted = name.lower()
        return [value for header, value in self.headers if header.lower() == wanted]

    def remove(self, name: str) -> int:
        """
        Remove every header with a name, compared without regard to case; the others keep their order.
        :param name: str, the header's name
        :return: int, the number of headers removed
        >>> block = HeaderBlock()
        >>> block.parse("Received: a\\nTo: x\\nreceived: b")
        3
        >>> block.remove("RECEIVED"), block.headers
        (2, [['To', 'x']])
        """
        kept = [pair for pair in self.headers if pair[0].lower() != name.lower()]
        removed = len(self.headers) - len(kept)
        self.headers = kept
        return removed

    def set(self, name: str, value: str) -> int:
        """
        Make a header the only one of its name: every header with the name (compared without regard to case) is
        removed and [name, value] is appended at the end.
        :param name: str, the header's name: one or more ASCII letters, digits and "-"
        :param value: str, the value, stored as given
        :return: int, the number of headers the new one replaced
        :raises ValueError: when the name is not of that form or the value contains "\\r" or "\\n" (nothing
            changes then)
        >>> block = HeaderBlock()
        >>> block.parse("To: x\\nSubject: hi")
        2
        >>> block.set("to", "y"), block.headers
        (1, [['Subject', 'hi'], ['to', 'y']])
        """
        if not re.fullmatch(r"[A-Za-z0-9-]+", name) or re.search(r"[\r\n]", value):
            raise ValueError("invalid header")
        replaced = self.remove(name)
        self.headers.append([name, value])
        return replaced

    def parameters(self, name: str) -> dict:
        """
        Split the value of the first header with a name into its main part and its parameters.
        The main part is the text before the first ";", with surrounding whitespace removed. The rest is a sequence
        of parameters, each after its own ";" (whitespace around the ";" and at the end is allowed, and a ";" with
        no parameter after it is an error) as name=value without spaces around "=", the name being one or more
        ASCII letters, digits and "-"; the value is either a
        run of characters other than ";", '"' and whitespace (possibly empty) or a quoted string: '"' ... '"' in
        which a backslash makes the next character literal (\\" is a quote and \\\\ a backslash) and ";" may occur.
        Parameter names are given in lower case; a later parameter of the same name replaces an earlier one.
        :param name: str, the header's name, compared without regard to case
        :return: dict, "" -> the main part, then each parameter's lower-case name -> its value (quotes and
            escaping backslashes removed); {} when there is no such header
        :raises ValueError: when the text after the main part does not have this form
        >>> block = HeaderBlock()
        >>> block.parse('Content-Type: text/plain; Charset="utf-8"; format=flowed')
        1
        >>> block.parameters("content-type")
        {'': 'text/plain', 'charset': 'utf-8', 'format': 'flowed'}
        """
        value = self.get(name)
        if value is None:
            return {}
        main, separator, rest = value.partition(";")
        result = {"": main.strip()}
        rest = separator + rest
        pattern = re.compile(r'\s*;\s*([A-Za-z0-9-]+)=(?:"((?:[^"\\]|\\.)*)"|([^;"\s]*))\s*')
        position = 0
        while position < len(rest):
            match = pattern.match(rest, position)
            if match is None:
                raise ValueError(f"bad parameters in {value!r}")
            quoted, plain = match.group(2), match.group(3)
            result[match.group(1).lower()] = plain if quoted is None else re.sub(r"\\(.)", r"\1", quoted)
            position = match.end()
        return result

    def render(self) -> str:
        """
        Write the block as a message's header: "Name: value" per header in order, each line ended by "\\r\\n",
        and one more "\\r\\n" that ends the block.
        :return: str, the header block, "\\r\\n" alone when there are no headers
        >>> block = HeaderBlock()
        >>> block.parse("To:   x  \\nSubject: hi")
        2
        >>> block.render()
        'To: x\\r\\nSubject: hi\\r\\n\\r\\n'
        """
        return "".join(f"{name}: {value}\r\n" for name, value in self.headers) + "\r\n"
