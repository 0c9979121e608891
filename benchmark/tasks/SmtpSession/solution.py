import re


class SmtpSession:
    """
    The server's side of one SMTP conversation (a simplified RFC 5321): the client greets, names a sender and
    recipients, sends the message text, and may start over or quit. Every command gets a reply: a three-digit
    code and a text. States: "connected" (before a greeting), "greeted", "mail" (after MAIL), "rcpt" (after a
    recipient), "data" (receiving text) and "closed" (after QUIT). Accepted messages are queued.
    """

    MAX_RECIPIENTS = 3

    def __init__(self, domain: str):
        """
        Open a conversation.
        :param domain: str, the server's own domain, given in the reply to a greeting
        self.domain: str, the server's domain
        self.state: str, the conversation's state, "connected" at first
        self.sender: str, the sender of the message being prepared ("" for none, or "<>" for the null sender);
            "" at first
        self.recipients: list of str, the distinct recipients of the message being prepared, in the order given;
            [] at first
        self.lines: list of str, the text lines of the message being received; [] at first
        self.queue: list of tuple, one (sender, list of recipients, text with lines joined by "\\n") per accepted
            message, in order; [] at first
        """
        self.domain = domain
        self.state = "connected"
        self.sender = ""
        self.recipients = []
        self.lines = []
        self.queue = []

    def is_address(self, text: str) -> bool:
        """
        Whether a text is a mail address: a local part, "@" and a domain. The local part is one or more atoms
        separated by single dots, an atom being one or more ASCII letters, digits or characters of
        "!#$%&'*+/=?^_`{|}~-". The domain is two or more labels separated by dots, a label being ASCII letters,
        digits and "-", neither starting nor ending with "-".
        :param text: str, the text
        :return: bool, True for an address
        >>> session = SmtpSession("mx.example.org")
        >>> session.is_address("ann.lee+news@mail.example.org"), session.is_address("ann..lee@example.org")
        (True, False)
        """
        atom = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
        label = r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
        return re.fullmatch(rf"{atom}(?:\.{atom})*@{label}(?:\.{label})+", text) is not None

    def command(self, line: str) -> str:
        """
        Answer one command line. The verb is the run of ASCII letters at the start of the line; verbs and the words
        "FROM:" and "TO:" are read without regard to case, addresses as written.
        "HELO name" or "EHLO name" (one or more spaces, then a name without whitespace of any kind: no space,
        tab or line break): "250 " + domain; drops any message being prepared; the state becomes "greeted".
        "MAIL FROM:<address>" (or "<>", the null sender),
        only when greeted: "250 OK", state "mail". "RCPT TO:<address>", only in "mail" or "rcpt": "250 OK" and
        the address is added to the recipients unless already there, state "rcpt"; a new recipient beyond
        MAX_RECIPIENTS gets "452 Too many recipients" and is not added. "DATA", only in "rcpt": "354 Start mail
        input", state "data". "RSET": "250 OK", drops the message being prepared; the state becomes "greeted",
        or stays "connected". "NOOP": "250 OK". "QUIT": "221 Bye", state "closed".
        A known verb whose line is not exactly as shown (a single space between "MAIL" and "FROM:" and between
        "RCPT" and "TO:", none after the colon, nothing after the ">" nor after "DATA", "RSET", "NOOP" or "QUIT";
        an address that is_address refuses included) gets "501 Syntax error"; a well-formed command in a state that does not allow it gets "503 Bad sequence of
        commands"; any other line gets "500 Command not recognized"; in state "closed" every line gets
        "421 Closed". A refused command changes nothing.
        :param line: str, the command line, without its line end
        :return: str, the reply
        :raises ValueError: when the state is "data" (text lines go to data_line)
        >>> session = SmtpSession("mx.example.org")
        >>> session.command("MAIL FROM:<ann@example.org>"), session.command("helo client.example.net")
        ('503 Bad sequence of commands', '250 mx.example.org')
        >>> session.command("MAIL FROM:<ann@example.org>"), session.command("RCPT TO:bob@example.org")
        ('250 OK', '501 Syntax error')
        """
        if self.state == "data":
            raise ValueError("the session is receiving message text")
        if self.state == "closed":
            return "421 Closed"
        verb = re.match(r"[A-Za-z]*", line).group().upper()
        forms = {
            "HELO": r"HELO +\S+", "EHLO": r"EHLO +\S+", "MAIL": r"MAIL FROM:<(.*)>", "RCPT": r"RCPT TO:<(.*)>",
            "DATA": r"DATA", "RSET": r"RSET", "NOOP": r"NOOP", "QUIT": r"QUIT",
        }
        if verb not in forms:
            return "500 Command not recognized"
        match = re.fullmatch(forms[verb], line, re.IGNORECASE)
        address = match.group(1) if match and match.groups() else ""
        if match is None or (verb == "RCPT" or address) and not self.is_address(address):
            return "501 Syntax error"
        allowed = {"MAIL": ["greeted"], "RCPT": ["mail", "rcpt"], "DATA": ["rcpt"]}
        if self.state not in allowed.get(verb, [self.state]):
            return "503 Bad sequence of commands"
        if verb in ("HELO", "EHLO", "RSET"):
            self.sender, self.recipients = "", []
            if verb != "RSET" or self.state != "connected":
                self.state = "greeted"
            return f"250 {self.domain}" if verb != "RSET" else "250 OK"
        if verb == "MAIL":
            self.sender, self.state = address or "<>", "mail"
        elif verb == "RCPT":
            if address not in self.recipients and len(self.recipients) == self.MAX_RECIPIENTS:
                return "452 Too many recipients"
            if address not in self.recipients:
                self.recipients.append(address)
            self.state = "rcpt"
        elif verb == "DATA":
            self.state = "data"
            return "354 Start mail input"
        elif verb == "QUIT":
            self.state = "closed"
            return "221 Bye"
        return "250 OK"

    def data_line(self, line: str) -> str:
        """
        Take one line of message text. A line of a single "." ends the text: the message (sender, recipients,
        text lines joined by "\\n") is queued, the message being prepared is dropped and the state becomes
        "greeted". Any other line is kept, without its first character when that is a "." (dot-stuffing).
        :param line: str, the text line, without its line end
        :return: str, "250 Queued as N" with N the message's number in the queue (from 1) after ".", else ""
        :raises ValueError: when the state is not "data"
        >>> session = SmtpSession("mx.example.org")
        >>> for line in ["HELO c", "MAIL FROM:<a@b.cd>", "RCPT TO:<e@f.gh>", "DATA"]:
        ...     _ = session.command(line)
        >>> session.data_line("Hi"), session.data_line("..."), session.data_line(".")
        ('', '', '250 Queued as 1')
        >>> session.queue
        [('a@b.cd', ['e@f.gh'], 'Hi\\n..')]
        """
        if self.state != "data":
            raise ValueError("the session is not receiving message text")
        if line != ".":
            self.lines.append(line[1:] if line.startswith(".") else line)
            return ""
        self.queue.append((self.sender, self.recipients, "\n".join(self.lines)))
        self.sender, self.recipients, self.lines, self.state = "", [], [], "greeted"
        return f"250 Queued as {len(self.queue)}"

    def feed(self, text: str) -> list:
        """
        Take what the client sent: lines each ended by "\\r\\n" (text after the last "\\r\\n" is ignored, as an
        incomplete line). Each line goes to data_line in state "data" and to command otherwise.
        :param text: str, the received text
        :return: list of str, the replies in order, leaving out the "" of text lines
        >>> session = SmtpSession("mx.example.org")
        >>> session.feed("EHLO c\\r\\nMAIL FROM:<>\\r\\nRCPT TO:<e@f.gh>\\r\\nDATA\\r\\nHello\\r\\n.\\r\\nQUIT\\r\\n")
        ['250 mx.example.org', '250 OK', '250 OK', '354 Start mail input', '250 Queued as 1', '221 Bye']
        """
        replies = []
        for line in text.split("\r\n")[:-1]:
            reply = self.data_line(line) if self.state == "data" else self.command(line)
            if reply:
                replies.append(reply)
        return replies

    def messages_for(self, address: str) -> list:
        """
        The queued messages addressed to someone.
        :param address: str, a recipient, compared exactly
        :return: list of int, the numbers (from 1) of the queued messages that have it among their recipients
        >>> session = SmtpSession("mx.example.org")
        >>> session.queue = [("a@b.cd", ["e@f.gh"], "x"), ("<>", ["i@j.kl", "e@f.gh"], "y")]
        >>> session.messages_for("e@f.gh"), session.messages_for("i@j.kl"), session.messages_for("z@z.zz")
        ([1, 2], [2], [])
        """
        return [number for number, (_, recipients, _) in enumerate(self.queue, start=1) if address in recipients]
