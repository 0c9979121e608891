import unittest

from solution import IrcClient


def client_in(nick, *channels):
    client = IrcClient(nick)
    for channel in channels:
        client.receive(f":{nick}!u@host JOIN {channel}")
    return client


class IrcClientTestParse(unittest.TestCase):
    def test_parse_1(self):
        message = IrcClient("bob").parse(":alice!a@host privmsg #py :hello there\r\n")
        self.assertEqual(
            message,
            {"prefix": "alice!a@host", "command": "PRIVMSG", "params": ["#py", "hello there"]},
        )

    def test_parse_2(self):
        client = IrcClient("bob")
        self.assertEqual(
            client.parse("PING :irc.example.net"),
            {"prefix": "", "command": "PING", "params": ["irc.example.net"]},
        )
        self.assertEqual(
            client.parse("MODE #py +o bob"),
            {"prefix": "", "command": "MODE", "params": ["#py", "+o", "bob"]},
        )
        self.assertEqual(client.parse("QUIT"), {"prefix": "", "command": "QUIT", "params": []})

    def test_parse_3(self):
        client = IrcClient("bob")
        self.assertEqual(
            client.parse(":srv 001 bob :Welcome to IRC\r\n"),
            {"prefix": "srv", "command": "001", "params": ["bob", "Welcome to IRC"]},
        )
        self.assertEqual(client.parse("NOTICE * :")["params"], ["*", ""])
        self.assertEqual(client.parse("privmsg #a ::)")["params"], ["#a", ":)"])
        self.assertEqual(client.parse("PING :a b :c")["params"], ["a b :c"])
        self.assertEqual(client.parse("CMD a:b c")["params"], ["a:b", "c"])

    def test_parse_4(self):
        client = IrcClient("bob")
        for line in [
            "",
            "\r\n",
            " PING x",
            "PING  x",
            "PING x ",
            ":pfx",
            ": PING",
            "PING x\n",
            "PING x\r",
            "PING x\r\n\r\n",
            "PING :a\0b",
            "PING :a\rb",
            "12 x",
            "1234",
            "P1NG",
            ":a  PING",
            "PING x\n\r",
        ]:
            with self.assertRaises(ValueError):
                client.parse(line)
        self.assertEqual((client.nick, client.channels), ("bob", {}))

    def test_parse_5(self):
        client = client_in("bob", "#py")
        self.assertEqual(
            client.parse(":x@y JOIN #c"), {"prefix": "x@y", "command": "JOIN", "params": ["#c"]}
        )
        self.assertEqual(client.parse("PRIVMSG #py :hi")["params"], ["#py", "hi"])
        self.assertEqual(client.channels, {"#py": 0})


class IrcClientTestBuild(unittest.TestCase):
    def test_build_1(self):
        client = IrcClient("bob")
        self.assertEqual(
            client.build("privmsg", ["#py", "hello there"]), "PRIVMSG #py :hello there\r\n"
        )
        self.assertEqual(client.build("join", ["#py"]), "JOIN #py\r\n")

    def test_build_2(self):
        client = IrcClient("bob")
        self.assertEqual(client.build("QUIT", []), "QUIT\r\n")
        self.assertEqual(client.build("NOTICE", ["*", ""]), "NOTICE * :\r\n")
        self.assertEqual(client.build("PRIVMSG", ["#a", ":)"]), "PRIVMSG #a ::)\r\n")

    def test_build_3(self):
        client = IrcClient("bob")
        self.assertEqual(client.build("001", ["bob", "Welcome"]), "001 bob Welcome\r\n")
        self.assertEqual(client.build("Mode", ["#py", "+o", "a:b"]), "MODE #py +o a:b\r\n")
        self.assertEqual(client.build("PONG", ["a b"]), "PONG :a b\r\n")

    def test_build_4(self):
        client = IrcClient("bob")
        for command, params in [
            ("PRIV MSG", []),
            ("", []),
            ("12", []),
            ("1234", []),
            ("P1", []),
            ("PRIVMSG", ["#a b", "x"]),
            ("PRIVMSG", ["", "x"]),
            ("PRIVMSG", [":a", "x"]),
            ("PRIVMSG", ["#a", "x\r\ny"]),
            ("PRIVMSG", ["#a", "x\0"]),
            ("PRIVMSG", ["#a\n", "x"]),
            ("PRIVMSG", ["#a", "x\r"]),
            ("PING", [" x", "y"]),
        ]:
            with self.assertRaises(ValueError):
                client.build(command, params)
        self.assertEqual((client.nick, client.channels), ("bob", {}))

    def test_build_5(self):
        client = IrcClient("bob")
        line = client.build("PRIVMSG", ["#py", "two  spaces"])
        self.assertEqual(line, "PRIVMSG #py :two  spaces\r\n")
        self.assertEqual(client.parse(line)["params"], ["#py", "two  spaces"])
        self.assertEqual(client.build("TOPIC", ["#py", " lead"]), "TOPIC #py : lead\r\n")


class IrcClientTestIsChannel(unittest.TestCase):
    def test_is_channel_1(self):
        client = IrcClient("bob")
        self.assertIs(client.is_channel("#python"), True)
        self.assertIs(client.is_channel("python"), False)

    def test_is_channel_2(self):
        client = IrcClient("bob")
        self.assertIs(client.is_channel("&local"), True)
        self.assertIs(client.is_channel("##"), True)
        self.assertIs(client.is_channel("+py"), False)
        self.assertIs(client.is_channel(""), False)

    def test_is_channel_3(self):
        client = IrcClient("bob")
        self.assertIs(client.is_channel("#"), False)
        self.assertIs(client.is_channel("#a"), True)
        self.assertIs(client.is_channel("#" + "x" * 49), True)
        self.assertIs(client.is_channel("#" + "x" * 50), False)

    def test_is_channel_4(self):
        client = IrcClient("bob")
        for name in ["#a b", "#a,b", "#a\x07", "#a\r", "#a\n", "#a\0", " #a"]:
            self.assertIs(client.is_channel(name), False)

    def test_is_channel_5(self):
        client = client_in("bob", "#py")
        self.assertIs(client.is_channel("#PY"), True)
        self.assertIs(client.is_channel("#caf\u00e9"), True)
        self.assertEqual(client.channels, {"#py": 0})


class IrcClientTestNickOf(unittest.TestCase):
    def test_nick_of_1(self):
        client = IrcClient("bob")
        self.assertEqual(client.nick_of("alice!a@example.org"), "alice")
        self.assertEqual(client.nick_of("irc.example.org"), "")

    def test_nick_of_2(self):
        client = IrcClient("bob")
        self.assertEqual(client.nick_of("carol@host"), "carol")
        self.assertEqual(client.nick_of("dave!d"), "dave")

    def test_nick_of_3(self):
        client = IrcClient("bob")
        self.assertEqual(client.nick_of(""), "")
        self.assertEqual(client.nick_of("!x@y"), "")
        self.assertEqual(client.nick_of("@y"), "")

    def test_nick_of_4(self):
        client = IrcClient("bob")
        self.assertEqual(client.nick_of("a!b!c@d"), "a")
        self.assertEqual(client.nick_of("e@f!g"), "e")
        self.assertEqual(client.nick_of("x!"), "x")

    def test_nick_of_5(self):
        client = client_in("bob", "#py")
        self.assertEqual(client.nick_of("Bob!b@host"), "Bob")
        self.assertEqual((client.nick, client.channels), ("bob", {"#py": 0}))


class IrcClientTestJoin(unittest.TestCase):
    def test_join_1(self):
        client = IrcClient("bob")
        self.assertEqual(client.join("#py"), "JOIN #py\r\n")
        self.assertEqual(client.channels, {})

    def test_join_2(self):
        client = client_in("bob", "#py")
        with self.assertRaises(ValueError):
            client.join("#PY")
        with self.assertRaises(ValueError):
            client.join("#py")
        self.assertEqual(client.join("&py"), "JOIN &py\r\n")

    def test_join_3(self):
        client = IrcClient("bob")
        for name in ["py", "#a b", "#", "", "#a,#b"]:
            with self.assertRaises(ValueError):
                client.join(name)
        self.assertEqual(client.channels, {})

    def test_join_4(self):
        client = IrcClient("bob")
        self.assertEqual(client.join("#Rust"), "JOIN #Rust\r\n")
        self.assertEqual(client.join("#Rust"), "JOIN #Rust\r\n")
        self.assertEqual(client.channels, {})

    def test_join_5(self):
        client = client_in("bob", "#py")
        client.receive(":bob!b@host PART #py")
        self.assertEqual(client.join("#py"), "JOIN #py\r\n")
        self.assertEqual(client.channels, {})


class IrcClientTestReceive(unittest.TestCase):
    def test_receive_1(self):
        client = IrcClient("bob")
        self.assertEqual(client.receive("PING :irc.example.org"), "PONG irc.example.org\r\n")
        self.assertEqual(client.receive(":bob!b@host JOIN #py"), "")
        self.assertEqual(client.channels, {"#py": 0})

    def test_receive_2(self):
        client = client_in("bob", "#py")
        self.assertEqual(client.receive(":alice!a@h PRIVMSG #py :hi all"), "")
        self.assertEqual(client.receive(":alice!a@h PRIVMSG #PY :again"), "")
        self.assertEqual(client.receive(":alice!a@h PRIVMSG bob :private"), "")
        self.assertEqual(client.receive(":alice!a@h PRIVMSG #rust :elsewhere"), "")
        self.assertEqual(client.receive(":bob!b@h JOIN #PY"), "")
        self.assertEqual(client.channels, {"#py": 2})

    def test_receive_3(self):
        client = client_in("bob", "#py", "#rust")
        self.assertEqual(client.receive(":alice!a@h JOIN #go"), "")
        self.assertEqual(client.receive(":alice!a@h PART #py"), "")
        self.assertEqual(client.receive(":BOB!b@h PART #Py :bye"), "")
        self.assertEqual(client.receive(":bob!b@h PART #go"), "")
        self.assertEqual(client.channels, {"#rust": 0})
        self.assertEqual(client.receive(":op!o@h KICK #rust alice :out"), "")
        self.assertEqual(client.receive(":op!o@h KICK #rust Bob"), "")
        self.assertEqual(client.channels, {})

    def test_receive_4(self):
        client = IrcClient("bob")
        self.assertEqual(
            client.receive(":srv 433 * bob :Nickname is already in use"), "NICK bob_\r\n"
        )
        self.assertEqual(client.nick, "bob_")
        self.assertEqual(client.receive(":srv 433 * bob_ :in use\r\n"), "NICK bob__\r\n")
        self.assertEqual(client.receive(":carol!c@h NICK dave"), "")
        self.assertEqual(client.receive(":BOB__!b@h NICK robert"), "")
        self.assertEqual(client.nick, "robert")
        self.assertEqual(client.receive("ping a :b c"), "PONG a :b c\r\n")
        self.assertEqual(client.receive("PING"), "PONG\r\n")

    def test_receive_5(self):
        client = client_in("bob", "#py")
        for line in [
            ":bob!b@h JOIN",
            ":bob!b@h PART",
            ":bob!b@h NICK",
            ":op!o@h KICK #py",
            ":a!a@h PRIVMSG #py",
            ":srv 372 bob :motd",
            ":bob!b@h QUIT :gone",
            "NOTICE bob :x",
        ]:
            self.assertEqual(client.receive(line), "")
        self.assertEqual((client.nick, client.channels), ("bob", {"#py": 0}))
        for line in ["", "PING  x", ":bob!b@h JOIN #a\n"]:
            with self.assertRaises(ValueError):
                client.receive(line)
        self.assertEqual((client.nick, client.channels), ("bob", {"#py": 0}))

    def test_receive_6(self):
        client = IrcClient("bob")
        self.assertEqual(client.receive(":bob@h JOIN #a"), "")
        self.assertEqual(client.receive("bob JOIN #b"), "")
        self.assertEqual(client.receive(":bob JOIN #c"), "")
        self.assertEqual(client.receive(":bob!b@h JOIN :#d"), "")
        self.assertEqual(client.receive(":op!o@h KICK #a bob"), "")
        self.assertEqual(client.receive(":a!a@h PRIVMSG #d :one"), "")
        self.assertEqual(client.channels, {"#d": 1})

    def test_receive_7(self):
        client = IrcClient("bob")
        self.assertEqual(client.receive(":bob!b@h JOIN #py bobacct :Bob Builder"), "")
        self.assertEqual(client.receive(":bob!b@h NICK robert :extra words"), "")
        self.assertEqual(client.receive(":alice!a@h PRIVMSG #py :hi :)"), "")
        self.assertEqual((client.nick, client.channels), ("robert", {"#py": 1}))


class IrcClientTest(unittest.TestCase):
    def test_irc_client_1(self):
        client = IrcClient("bob")
        self.assertEqual(client.receive(":srv 433 * bob :taken"), "NICK bob_\r\n")
        self.assertEqual(client.join("#py"), "JOIN #py\r\n")
        self.assertEqual(client.receive(":bob_!b@h JOIN #py"), "")
        self.assertEqual(client.receive(":ann!a@h PRIVMSG #py :hello bob_"), "")
        message = client.parse(":ann!a@h PRIVMSG #py :hello bob_")
        self.assertEqual(client.nick_of(message["prefix"]), "ann")
        self.assertEqual(client.build("PRIVMSG", ["#py", "hi ann"]), "PRIVMSG #py :hi ann\r\n")
        self.assertEqual(client.channels, {"#py": 1})

    def test_irc_client_2(self):
        client = IrcClient("eve")
        self.assertIs(client.is_channel("#ops"), True)
        self.assertEqual(client.join("#ops"), "JOIN #ops\r\n")
        self.assertEqual(client.receive(":eve!e@h JOIN #ops\r\n"), "")
        with self.assertRaises(ValueError):
            client.join("#OPS")
        self.assertEqual(client.receive(":op!o@h KICK #ops eve :flood"), "")
        self.assertEqual(client.join("#OPS"), "JOIN #OPS\r\n")
        self.assertEqual(client.receive("PING :srv"), "PONG srv\r\n")
        self.assertEqual(client.channels, {})

    def test_irc_client_3(self):
        client = IrcClient("amy")
        for line in [
            ":amy!a@h JOIN #a",
            ":amy!a@h JOIN #b",
            ":x!x@h PRIVMSG #b :1",
            ":x!x@h PRIVMSG #b :2",
            ":amy!a@h NICK amelia",
            ":amelia!a@h PART #a",
            ":x!x@h PRIVMSG #a :3",
        ]:
            self.assertEqual(client.receive(line), "")
        self.assertEqual(client.nick, "amelia")
        self.assertEqual(client.channels, {"#b": 2})
        reply = client.receive(client.build("PING", ["token 1"]))
        self.assertEqual(
            client.parse(reply), {"prefix": "", "command": "PONG", "params": ["token 1"]}
        )
        self.assertIs(client.is_channel(client.parse(":x!x@h PRIVMSG #b :4")["params"][0]), True)
