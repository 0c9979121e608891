import re


class IrcClient:
    """
    The client side of an IRC connection, reduced to its message lines. A line is
    [":" prefix " "] command (" " middle)* [" :" trailing], ending in "\\r\\n" on the wire: the prefix, non-empty
    and without spaces, names the sender ("nick!user@host", "nick@host" or a server name), the command is
    letters or three digits, a middle parameter is non-empty, holds no space and does not start with ":", and the
    trailing parameter may hold anything but "\\r", "\\n" and "\\0" (spaces too, and it may be empty). Words
    are separated by exactly one space.
    Nicks and channel names are compared without regard to case.
    """

    def __init__(self, nick: str):
        """
        A client not yet in any channel.
        :param nick: str, the nick the client uses
        self.nick: str, the client's current nick, as given at first
        self.channels: dict, joined channel name in lower case -> number of PRIVMSG lines received for that
            channel since joining; {} at first
        """
        self.nick = nick
        self.channels = {}

    def parse(self, line: str) -> dict:
        """
        Read one message line. A single "\\r\\n" at the end is removed first; the command is given in upper case.
        :param line: str, the line, with or without its final "\\r\\n"
        :return: dict, {"prefix": the prefix without its ":" or "" when there is none, "command": str,
            "params": list of str, the middle parameters in order followed by the trailing one if present}
        :raises ValueError: when the line does not follow the grammar (an empty line, an empty prefix, a missing
            command, two spaces in a row, a space at either end, or a "\\r", "\\n" or "\\0" anywhere but in the
            final "\\r\\n")
        >>> IrcClient("bob").parse(":alice!a@host privmsg #py :hello there\\r\\n")
        {'prefix': 'alice!a@host', 'command': 'PRIVMSG', 'params': ['#py', 'hello there']}
        """
        if line.endswith("\r\n"):
            line = line[:-2]
        match = re.fullmatch(
            r"(?::([^ ]+) )?([A-Za-z]+|[0-9]{3})((?: [^: ][^ ]*)*)(?: :(.*))?", line
        )
        if match is None or re.search(r"[\r\n\0]", line):
            raise ValueError(f"not an IRC message line: {line!r}")
        params = match.group(3).split()
        if match.group(4) is not None:
            params.append(match.group(4))
        return {"prefix": match.group(1) or "", "command": match.group(2).upper(), "params": params}

    def build(self, command: str, params: list) -> str:
        """
        Write one message line without a prefix: the command in upper case, then the parameters, each after one
        space. The last parameter is written as the trailing one (with ":" before it) when it is empty, holds a
        space or starts with ":"; otherwise it is written as it is.
        :param command: str, letters or three digits
        :param params: list of str, the parameters in order (may be empty)
        :return: str, the line ending in "\\r\\n"
        :raises ValueError: when the command is not letters or three digits, a parameter holds "\\r", "\\n" or
            "\\0", or a parameter other than the last is not a valid middle parameter
        >>> IrcClient("bob").build("privmsg", ["#py", "hello there"]), IrcClient("bob").build("join", ["#py"])
        ('PRIVMSG #py :hello there\\r\\n', 'JOIN #py\\r\\n')
        """
        if not re.fullmatch(r"[A-Za-z]+|[0-9]{3}", command):
            raise ValueError(f"not an IRC command: {command!r}")
        if any(re.search(r"[\r\n\0]", param) for param in params):
            raise ValueError("a parameter holds a line break or NUL")
        words = [command.upper()]
        for param in params[:-1]:
            if not re.fullmatch(r"[^: ][^ ]*", param):
                raise ValueError(f"not a middle parameter: {param!r}")
            words.append(param)
        if params:
            last = params[-1]
            words.append(last if re.fullmatch(r"[^: ][^ ]*", last) else ":" + last)
        return " ".join(words) + "\r\n"

    def is_channel(self, name: str) -> bool:
        """
        Whether a name is a channel name: "#" or "&" followed by 1 to 49 characters, none of them a space, a
        comma, the bell character "\\x07", "\\r", "\\n" or "\\0".
        :param name: str, the name
        :return: bool, True for a channel name
        >>> IrcClient("bob").is_channel("#python"), IrcClient("bob").is_channel("python")
        (True, False)
        """
        return re.fullmatch(r"[#&][^ ,\x07\r\n\0]{1,49}", name) is not None

    def nick_of(self, prefix: str) -> str:
        """
        The nick of a message's sender: the non-empty text before the first "!" or "@" of the prefix. A prefix
        with neither (a server name) or with nothing before them names no nick.
        :param prefix: str, a prefix as parse gives it
        :return: str, the nick, "" when the prefix names none
        >>> IrcClient("bob").nick_of("alice!a@example.org"), IrcClient("bob").nick_of("irc.example.org")
        ('alice', '')
        """
        match = re.match(r"([^!@]+)[!@]", prefix)
        return match.group(1) if match else ""

    def join(self, channel: str) -> str:
        """
        The line that asks the server to join a channel. The channel counts as joined only when the server's
        JOIN comes back through receive.
        :param channel: str, a channel name
        :return: str, the line "JOIN <channel>\\r\\n"
        :raises ValueError: when the name is not a channel name as is_channel tells, or the channel is joined
        >>> client = IrcClient("bob")
        >>> client.join("#py"), client.channels
        ('JOIN #py\\r\\n', {})
        """
        if not self.is_channel(channel) or channel.lower() in self.channels:
            raise ValueError(f"cannot join {channel!r}")
        return self.build("JOIN", [channel])

    def receive(self, line: str) -> str:
        """
        Take in a line from the server, read as parse reads it, and return the line to answer with. "Own" means
        sent by the client's nick, as nick_of reads the prefix.
        - PING: answered with PONG and the same parameters, as build writes them;
        - JOIN <channel> (own): the channel is joined, with 0 messages (an already joined channel keeps its count);
        - PART <channel> (own): the channel is left (a channel not joined is ignored);
        - KICK <channel> <nick> ...: the channel is left when the nick is the client's;
        - NICK <new> (own): the client's nick becomes the new one;
        - PRIVMSG <target> <text>: the target's count goes up by one when the target is a joined channel;
        - 433 (the nick is taken): the client's nick gets "_" appended and is answered with NICK <new nick>.
        Parameters beyond the ones named are ignored (a server may send JOIN <channel> <account> :<real name>).
        Any other command, and a JOIN, PART or NICK without parameters or a KICK or PRIVMSG with fewer than two, is
        ignored.
        :param line: str, one line from the server
        :return: str, the answer line, "" when there is none
        :raises ValueError: when the line cannot be read (nothing changes then)
        >>> client = IrcClient("bob")
        >>> client.receive("PING :irc.example.org"), client.receive(":bob!b@host JOIN #py"), client.channels
        ('PONG irc.example.org\\r\\n', '', {'#py': 0})
        """
        message = self.parse(line)
        command, params = message["command"], message["params"]
        own = self.nick_of(message["prefix"]).lower() == self.nick.lower()
        needed = {"JOIN": 1, "PART": 1, "NICK": 1, "KICK": 2, "PRIVMSG": 2}
        if len(params) < needed.get(command, 0):
            return ""
        if command == "PING":
            return self.build("PONG", params)
        if command == "433":
            self.nick += "_"
            return self.build("NICK", [self.nick])
        if command == "JOIN" and own:
            self.channels.setdefault(params[0].lower(), 0)
        elif (command == "PART" and own) or (
            command == "KICK" and params[1].lower() == self.nick.lower()
        ):
            self.channels.pop(params[0].lower(), None)
        elif command == "NICK" and own:
            self.nick = params[0]
        elif command == "PRIVMSG" and params[0].lower() in self.channels:
            self.channels[params[0].lower()] += 1
        return ""
