import unittest

from solution import SmtpSession


def session_after(*lines):
    session = SmtpSession("mx.example.org")
    for line in lines:
        session.command(line)
    return session


def receiving():
    return session_after("HELO c", "MAIL FROM:<a@b.cd>", "RCPT TO:<e@f.gh>", "DATA")


class SmtpSessionTestIsAddress(unittest.TestCase):
    def test_is_address_1(self):
        session = SmtpSession("mx.example.org")
        self.assertIs(session.is_address("ann.lee+news@mail.example.org"), True)
        self.assertIs(session.is_address("ann..lee@example.org"), False)

    def test_is_address_2(self):
        session = SmtpSession("mx.example.org")
        for text in ["a@b.cd", "x_y-z@sub.do-main.example", "o'brien@example.ie", "{tag}@x.io", "A1@B2.C3",
                     "a.b.c@x.y.z", "1@2.3"]:
            self.assertIs(session.is_address(text), True, text)

    def test_is_address_3(self):
        session = SmtpSession("mx.example.org")
        bad = ["", "ann", "@example.org", "ann@", "ann@example", ".ann@example.org", "ann.@example.org",
               "ann@-ex.org", "ann@ex-.org", "ann@ex..org", "ann lee@example.org", "ann@@example.org",
               "ann@exa_mple.org", "\u00e4nn@example.org", "ann@example.org.", "ann@.example.org"]
        for text in bad:
            self.assertIs(session.is_address(text), False, text)

    def test_is_address_4(self):
        session = SmtpSession("mx.example.org")
        self.assertIs(session.is_address("a-b@c-d.e-f"), True)
        self.assertIs(session.is_address("a@b.c-"), False)

    def test_is_address_5(self):
        session = session_after("HELO c")
        self.assertIs(session.is_address("a@b.cd"), True)
        self.assertEqual((session.state, session.sender, session.recipients), ("greeted", "", []))


class SmtpSessionTestCommand(unittest.TestCase):
    def test_command_1(self):
        session = SmtpSession("mx.example.org")
        self.assertEqual(session.command("MAIL FROM:<ann@example.org>"), "503 Bad sequence of commands")
        self.assertEqual(session.command("helo client.example.net"), "250 mx.example.org")
        self.assertEqual(session.command("MAIL FROM:<ann@example.org>"), "250 OK")
        self.assertEqual(session.command("RCPT TO:bob@example.org"), "501 Syntax error")
        self.assertEqual((session.state, session.sender, session.recipients), ("mail", "ann@example.org", []))

    def test_command_2(self):
        session = SmtpSession("mx.example.org")
        self.assertEqual(session.command("EHLO client"), "250 mx.example.org")
        self.assertEqual(session.state, "greeted")
        self.assertEqual(session.command("MAIL FROM:<a@b.cd>"), "250 OK")
        self.assertEqual(session.command("RCPT TO:<e@f.gh>"), "250 OK")
        self.assertEqual(session.command("RCPT TO:<i@j.kl>"), "250 OK")
        self.assertEqual(session.command("DATA"), "354 Start mail input")
        self.assertEqual((session.state, session.sender, session.recipients), ("data", "a@b.cd", ["e@f.gh", "i@j.kl"]))

    def test_command_3(self):
        session = SmtpSession("mx.example.org")
        self.assertEqual((session.state, session.sender, session.recipients, session.queue), ("connected", "", [], []))
        for line in ["RCPT TO:<e@f.gh>", "DATA"]:
            self.assertEqual(session.command(line), "503 Bad sequence of commands")
        self.assertEqual(session.command("NOOP"), "250 OK")
        self.assertEqual(session.state, "connected")
        session.command("HELO c")
        for line in ["RCPT TO:<e@f.gh>", "DATA"]:
            self.assertEqual(session.command(line), "503 Bad sequence of commands")
        session.command("MAIL FROM:<a@b.cd>")
        for line in ["MAIL FROM:<x@y.zz>", "DATA"]:
            self.assertEqual(session.command(line), "503 Bad sequence of commands")
        self.assertEqual((session.state, session.sender, session.recipients), ("mail", "a@b.cd", []))

    def test_command_4(self):
        session = session_after("HELO c")
        syntax = ["HELO", "HELO ", "MAIL FROM:ann@x.org", "MAIL FROM:<ann>", "MAIL TO:<a@b.cd>", "MAIL FROM: <a@b.cd>",
                  "MAIL FROM:<a@b.cd> x", "DATA now", "QUIT now", "RSET x", "NOOP 1", "EHLO  ", "RCPT TO:<>"]
        for line in syntax:
            self.assertEqual(session.command(line), "501 Syntax error", line)
        for line in ["NOOP:", "NOOP:x", "HELO:c", "RSET;"]:
            self.assertEqual(session.command(line), "501 Syntax error", line)
        for line in ["HELP", "", "SEND x", " HELO c", "HELOc", "1HELO c"]:
            self.assertEqual(session.command(line), "500 Command not recognized", line)
        self.assertEqual((session.state, session.sender, session.recipients), ("greeted", "", []))

    def test_command_5(self):
        session = session_after("helo c")
        self.assertEqual(session.command("mail from:<Ann@Example.org>"), "250 OK")
        self.assertEqual(session.command("rcpt To:<b@c.de>"), "250 OK")
        self.assertEqual((session.sender, session.recipients), ("Ann@Example.org", ["b@c.de"]))
        self.assertEqual(session.command("Quit"), "221 Bye")
        self.assertEqual(session.state, "closed")

    def test_command_6(self):
        session = session_after("HELO c", "MAIL FROM:<a@b.cd>")
        for address in ["x@y.zz", "x@y.zz", "u@v.ww", "r@s.tt"]:
            self.assertEqual(session.command(f"RCPT TO:<{address}>"), "250 OK")
        self.assertEqual(session.command("RCPT TO:<q@q.qq>"), "452 Too many recipients")
        self.assertEqual(session.command("RCPT TO:<u@v.ww>"), "250 OK")
        self.assertEqual(session.recipients, ["x@y.zz", "u@v.ww", "r@s.tt"])

    def test_command_7(self):
        session = session_after("HELO c", "MAIL FROM:<a@b.cd>", "RCPT TO:<e@f.gh>")
        self.assertEqual(session.command("RSET"), "250 OK")
        self.assertEqual((session.state, session.sender, session.recipients), ("greeted", "", []))
        fresh = SmtpSession("mx.example.org")
        self.assertEqual(fresh.command("RSET"), "250 OK")
        self.assertEqual(fresh.state, "connected")
        session = session_after("HELO c", "MAIL FROM:<a@b.cd>", "RCPT TO:<e@f.gh>")
        self.assertEqual(session.command("EHLO other"), "250 mx.example.org")
        self.assertEqual((session.state, session.sender, session.recipients), ("greeted", "", []))

    def test_command_8(self):
        session = session_after("HELO c", "QUIT")
        self.assertEqual(session.command("HELO c"), "421 Closed")
        self.assertEqual(session.command("garbage"), "421 Closed")
        self.assertEqual(session.state, "closed")
        with self.assertRaises(ValueError):
            receiving().command("NOOP")

    def test_command_9(self):
        session = session_after("HELO c")
        self.assertEqual(session.command("MAIL FROM:<>"), "250 OK")
        self.assertEqual((session.state, session.sender), ("mail", "<>"))
        self.assertEqual(session.command("NOOP"), "250 OK")
        self.assertEqual(session.state, "mail")


class SmtpSessionTestDataLine(unittest.TestCase):
    def test_data_line_1(self):
        session = receiving()
        self.assertEqual(session.data_line("Hi"), "")
        self.assertEqual(session.data_line("..."), "")
        self.assertEqual(session.data_line("."), "250 Queued as 1")
        self.assertEqual(session.queue, [("a@b.cd", ["e@f.gh"], "Hi\n..")])

    def test_data_line_2(self):
        for session in [SmtpSession("mx.example.org"), session_after("HELO c"), session_after("HELO c", "QUIT")]:
            with self.assertRaises(ValueError):
                session.data_line("text")
        session = receiving()
        session.data_line(".")
        with self.assertRaises(ValueError):
            session.data_line(".")
        self.assertEqual(len(session.queue), 1)

    def test_data_line_3(self):
        session = receiving()
        for line in ["a", "", "b"]:
            self.assertEqual(session.data_line(line), "")
        self.assertEqual(session.lines, ["a", "", "b"])
        session.data_line(".")
        self.assertEqual(session.queue[0][2], "a\n\nb")

    def test_data_line_4(self):
        session = receiving()
        for line in [".hidden", ". ", ".."]:
            session.data_line(line)
        self.assertEqual(session.lines, ["hidden", " ", "."])
        self.assertEqual(session.data_line("."), "250 Queued as 1")
        self.assertEqual(session.queue[0][2], "hidden\n \n.")

    def test_data_line_5(self):
        session = receiving()
        session.data_line("one")
        self.assertEqual(session.data_line("."), "250 Queued as 1")
        self.assertEqual((session.state, session.sender, session.recipients, session.lines), ("greeted", "", [], []))
        for line in ["MAIL FROM:<x@y.zz>", "RCPT TO:<e@f.gh>", "RCPT TO:<i@j.kl>", "DATA"]:
            session.command(line)
        self.assertEqual(session.data_line("."), "250 Queued as 2")
        self.assertEqual(session.queue, [("a@b.cd", ["e@f.gh"], "one"), ("x@y.zz", ["e@f.gh", "i@j.kl"], "")])


class SmtpSessionTestFeed(unittest.TestCase):
    def test_feed_1(self):
        session = SmtpSession("mx.example.org")
        replies = session.feed("EHLO c\r\nMAIL FROM:<>\r\nRCPT TO:<e@f.gh>\r\nDATA\r\nHello\r\n.\r\nQUIT\r\n")
        self.assertEqual(
            replies,
            ["250 mx.example.org", "250 OK", "250 OK", "354 Start mail input", "250 Queued as 1", "221 Bye"],
        )
        self.assertEqual(session.queue, [("<>", ["e@f.gh"], "Hello")])

    def test_feed_2(self):
        session = SmtpSession("mx.example.org")
        self.assertEqual(session.feed("HELO c\r\nNOOP"), ["250 mx.example.org"])
        self.assertEqual(session.state, "greeted")
        self.assertEqual(session.feed("NOOP\r\n"), ["250 OK"])

    def test_feed_3(self):
        session = SmtpSession("mx.example.org")
        self.assertEqual(session.feed("HELO c\nNOOP\r\n"), ["501 Syntax error"])
        self.assertEqual(session.state, "connected")

    def test_feed_4(self):
        session = receiving()
        self.assertEqual(session.feed("..x\r\nline two\r\n"), [])
        self.assertEqual(session.lines, [".x", "line two"])
        self.assertEqual(session.feed(".\r\n"), ["250 Queued as 1"])

    def test_feed_5(self):
        session = SmtpSession("mx.example.org")
        self.assertEqual(session.feed(""), [])
        self.assertEqual(session.feed("QUIT\r\nNOOP\r\n"), ["221 Bye", "421 Closed"])
        self.assertEqual(session.queue, [])

    def test_feed_6(self):
        session = SmtpSession("mx.example.org")
        self.assertEqual(session.feed("HELO c\r\nDATA\r\n\r\n"), ["250 mx.example.org", "503 Bad sequence of commands",
                                                                "500 Command not recognized"])


class SmtpSessionTestMessagesFor(unittest.TestCase):
    def test_messages_for_1(self):
        session = SmtpSession("mx.example.org")
        session.queue = [("a@b.cd", ["e@f.gh"], "x"), ("<>", ["i@j.kl", "e@f.gh"], "y")]
        self.assertEqual(session.messages_for("e@f.gh"), [1, 2])
        self.assertEqual(session.messages_for("i@j.kl"), [2])
        self.assertEqual(session.messages_for("z@z.zz"), [])

    def test_messages_for_2(self):
        session = SmtpSession("mx.example.org")
        session.feed("HELO c\r\nMAIL FROM:<a@b.cd>\r\nRCPT TO:<e@f.gh>\r\nDATA\r\n1\r\n.\r\n"
                     "MAIL FROM:<a@b.cd>\r\nRCPT TO:<i@j.kl>\r\nDATA\r\n2\r\n.\r\n")
        self.assertEqual(session.messages_for("i@j.kl"), [2])
        self.assertEqual(session.messages_for("e@f.gh"), [1])

    def test_messages_for_3(self):
        session = SmtpSession("mx.example.org")
        session.queue = [("a@b.cd", ["e@f.gh"], "x")]
        self.assertEqual(session.messages_for("E@f.gh"), [])
        self.assertEqual(session.messages_for("a@b.cd"), [])

    def test_messages_for_4(self):
        self.assertEqual(SmtpSession("mx.example.org").messages_for("e@f.gh"), [])

    def test_messages_for_5(self):
        session = SmtpSession("mx.example.org")
        session.queue = [("a@b.cd", ["e@f.gh"], "x"), ("a@b.cd", ["q@r.st"], "y"), ("a@b.cd", ["e@f.gh"], "z")]
        self.assertEqual(session.messages_for("e@f.gh"), [1, 3])
        self.assertEqual(len(session.queue), 3)


class SmtpSessionTest(unittest.TestCase):
    def test_a_conversation(self):
        session = SmtpSession("mx.example.org")
        self.assertEqual(session.command("EHLO laptop"), "250 mx.example.org")
        self.assertEqual(session.command("MAIL FROM:<ann@example.org>"), "250 OK")
        self.assertEqual(session.command("RCPT TO:<bob@example.org>"), "250 OK")
        self.assertEqual(session.command("RSET"), "250 OK")
        self.assertEqual(session.command("DATA"), "503 Bad sequence of commands")
        self.assertEqual(session.command("MAIL FROM:<ann@example.org>"), "250 OK")
        self.assertEqual(session.command("RCPT TO:<cy@example.org>"), "250 OK")
        self.assertEqual(session.command("DATA"), "354 Start mail input")
        self.assertEqual(session.data_line("Subject: hi"), "")
        self.assertEqual(session.data_line(".signature"), "")
        self.assertEqual(session.data_line("."), "250 Queued as 1")
        self.assertIs(session.is_address(session.queue[0][0]), True)
        self.assertEqual(session.queue, [("ann@example.org", ["cy@example.org"], "Subject: hi\nsignature")])
        self.assertEqual(session.messages_for("cy@example.org"), [1])
        self.assertEqual(session.messages_for("bob@example.org"), [])

    def test_pipelined_with_mistakes(self):
        session = SmtpSession("mx.example.org")
        text = ("HELO c\r\nMAIL FROM:<not an address>\r\nMAIL FROM:<a@b.cd>\r\nRCPT TO:<1@x.yz>\r\n"
                "RCPT TO:<2@x.yz>\r\nRCPT TO:<3@x.yz>\r\nRCPT TO:<4@x.yz>\r\nDATA\r\nbody\r\n.\r\nQUIT\r\n")
        self.assertEqual(
            session.feed(text),
            ["250 mx.example.org", "501 Syntax error", "250 OK", "250 OK", "250 OK", "250 OK",
             "452 Too many recipients", "354 Start mail input", "250 Queued as 1", "221 Bye"],
        )
        self.assertEqual(session.messages_for("3@x.yz"), [1])
        self.assertEqual(session.messages_for("4@x.yz"), [])
        self.assertEqual(session.command("NOOP"), "421 Closed")
