import unittest

from solution import HeaderBlock


def block_of(*pairs):
    block = HeaderBlock()
    block.headers = [list(pair) for pair in pairs]
    return block


class HeaderBlockTestParse(unittest.TestCase):
    def test_parse_1(self):
        block = HeaderBlock()
        text = "Subject: Quarterly\r\n  report\r\nTo: ann@example.org\r\n\r\nHello"
        self.assertEqual(block.parse(text), 2)
        self.assertEqual(block.headers, [["Subject", "Quarterly report"], ["To", "ann@example.org"]])

    def test_parse_2(self):
        block = HeaderBlock()
        self.assertEqual(block.parse("X-Id:\t 42 \nX-Note: a\n\tb\n c"), 2)
        self.assertEqual(block.headers, [["X-Id", "42"], ["X-Note", "a b c"]])

    def test_parse_3(self):
        block = HeaderBlock()
        self.assertEqual(block.parse("A: 1"), 1)
        self.assertEqual(block.parse("B: 2\nA: 3\n"), 2)
        self.assertEqual(block.headers, [["A", "1"], ["B", "2"], ["A", "3"]])

    def test_parse_4(self):
        block = HeaderBlock()
        self.assertEqual(block.parse(""), 0)
        self.assertEqual(block.parse("\r\nA: 1"), 0)
        self.assertEqual(block.headers, [])

    def test_parse_5(self):
        block = block_of(("Z", "0"))
        for text in ["Subject Quarterly", " leading", "A: 1\nBad Name: x", "A: 1\n: x", "\u00c4: x", "A : 1"]:
            with self.assertRaises(ValueError):
                block.parse(text)
        self.assertEqual(block.headers, [["Z", "0"]])

    def test_parse_6(self):
        block = HeaderBlock()
        self.assertEqual(block.parse("X-Empty:\nX-2:y\n\nB: 2"), 2)
        self.assertEqual(block.headers, [["X-Empty", ""], ["X-2", "y"]])


class HeaderBlockTestGet(unittest.TestCase):
    def test_get_1(self):
        block = block_of(("Received", "a"), ("received", "b"))
        self.assertEqual(block.get("RECEIVED"), "a")
        self.assertEqual(block.get("Date", "none"), "none")

    def test_get_2(self):
        block = block_of(("To", "x"))
        self.assertIsNone(block.get("From"))
        self.assertIsNone(HeaderBlock().get("To"))

    def test_get_3(self):
        block = block_of(("content-length", "10"), ("Content-Length", "20"))
        self.assertEqual(block.get("CONTENT-LENGTH"), "10")

    def test_get_4(self):
        block = block_of(("X", ""))
        self.assertEqual(block.get("x", "d"), "")

    def test_get_5(self):
        block = block_of(("To", "x"), ("Top", "y"))
        self.assertEqual(block.get("top", "d"), "y")
        self.assertEqual(block.get("T", "d"), "d")
        self.assertEqual(block.headers, [["To", "x"], ["Top", "y"]])


class HeaderBlockTestGetAll(unittest.TestCase):
    def test_get_all_1(self):
        block = block_of(("Received", "a"), ("To", "x"), ("received", "b"))
        self.assertEqual(block.get_all("Received"), ["a", "b"])

    def test_get_all_2(self):
        block = block_of(("To", "x"))
        self.assertEqual(block.get_all("From"), [])
        self.assertEqual(HeaderBlock().get_all("To"), [])

    def test_get_all_3(self):
        block = block_of(("X-TAG", "1"), ("x-tag", "2"), ("X-Tag", "3"))
        self.assertEqual(block.get_all("x-Tag"), ["1", "2", "3"])

    def test_get_all_4(self):
        block = block_of(("A", "1"), ("a", "1"))
        self.assertEqual(block.get_all("A"), ["1", "1"])

    def test_get_all_5(self):
        block = block_of(("To", "x"), ("Top", "y"), ("T", "z"))
        self.assertEqual(block.get_all("To"), ["x"])
        self.assertEqual(block.headers, [["To", "x"], ["Top", "y"], ["T", "z"]])


class HeaderBlockTestRemove(unittest.TestCase):
    def test_remove_1(self):
        block = block_of(("Received", "a"), ("To", "x"), ("received", "b"))
        self.assertEqual(block.remove("RECEIVED"), 2)
        self.assertEqual(block.headers, [["To", "x"]])

    def test_remove_2(self):
        block = block_of(("To", "x"))
        self.assertEqual(block.remove("From"), 0)
        self.assertEqual(block.headers, [["To", "x"]])

    def test_remove_3(self):
        block = block_of(("To", "x"), ("TO", "y"))
        self.assertEqual(block.remove("to"), 2)
        self.assertEqual(block.headers, [])

    def test_remove_4(self):
        block = block_of(("A", "1"), ("B", "2"), ("a", "3"), ("C", "4"))
        self.assertEqual(block.remove("a"), 2)
        self.assertEqual(block.headers, [["B", "2"], ["C", "4"]])

    def test_remove_5(self):
        block = HeaderBlock()
        self.assertEqual(block.remove("A"), 0)
        self.assertEqual(block.headers, [])


class HeaderBlockTestSet(unittest.TestCase):
    def test_set_1(self):
        block = block_of(("To", "x"), ("Subject", "hi"))
        self.assertEqual(block.set("to", "y"), 1)
        self.assertEqual(block.headers, [["Subject", "hi"], ["to", "y"]])

    def test_set_2(self):
        block = block_of(("To", "x"))
        self.assertEqual(block.set("Date", "today"), 0)
        self.assertEqual(block.headers, [["To", "x"], ["Date", "today"]])

    def test_set_3(self):
        block = block_of(("A", "1"), ("B", "2"), ("a", "3"))
        self.assertEqual(block.set("A", "4"), 2)
        self.assertEqual(block.headers, [["B", "2"], ["A", "4"]])

    def test_set_4(self):
        block = block_of(("To", "x"))
        for name, value in [("", "v"), ("Bad Name", "v"), ("A:b", "v"), ("To", "x\r\ny"), ("To", "x\ny"), ("To", "x\ry")]:
            with self.assertRaises(ValueError):
                block.set(name, value)
        self.assertEqual(block.headers, [["To", "x"]])

    def test_set_5(self):
        block = HeaderBlock()
        self.assertEqual(block.set("X-9", "  a "), 0)
        self.assertEqual(block.headers, [["X-9", "  a "]])


class HeaderBlockTestParameters(unittest.TestCase):
    def test_parameters_1(self):
        block = block_of(("Content-Type", 'text/plain; Charset="utf-8"; format=flowed'))
        self.assertEqual(block.parameters("content-type"), {"": "text/plain", "charset": "utf-8", "format": "flowed"})

    def test_parameters_2(self):
        block = block_of(("Content-Type", "text/plain"))
        self.assertEqual(block.parameters("Content-Type"), {"": "text/plain"})
        self.assertEqual(block.parameters("Content-Disposition"), {})

    def test_parameters_3(self):
        block = block_of(("Content-Disposition", 'attachment; filename="a\\"b;c.txt"'), ("X", 'x; p="c:\\\\dir"'))
        self.assertEqual(block.parameters("Content-Disposition"), {"": "attachment", "filename": 'a"b;c.txt'})
        self.assertEqual(block.parameters("X"), {"": "x", "p": "c:\\dir"})

    def test_parameters_4(self):
        block = block_of(("Content-Type", "multipart/mixed ;BOUNDARY=abc ;  q= ; boundary=xyz"))
        self.assertEqual(block.parameters("Content-Type"), {"": "multipart/mixed", "boundary": "xyz", "q": ""})

    def test_parameters_5(self):
        for value in ["text/plain; charset", "text/plain;", "text/plain; a = b", "text/plain; a=b c=d", 'x; a="open']:
            block = block_of(("Content-Type", value))
            with self.assertRaises(ValueError):
                block.parameters("Content-Type")

    def test_parameters_6(self):
        block = block_of(("Content-Type", "  text/html  ;a=1"), ("Content-Type", "text/plain; a=2"))
        self.assertEqual(block.parameters("CONTENT-TYPE"), {"": "text/html", "a": "1"})
        self.assertEqual(block.parameters("content-type"), {"": "text/html", "a": "1"})

    def test_parameters_7(self):
        block = block_of(("X", 'x; empty=""; t=a"b'))
        with self.assertRaises(ValueError):
            block.parameters("X")
        block = block_of(("X", 'x; empty=""'))
        self.assertEqual(block.parameters("X"), {"": "x", "empty": ""})


class HeaderBlockTestRender(unittest.TestCase):
    def test_render_1(self):
        block = block_of(("To", "x"), ("Subject", "hi"))
        self.assertEqual(block.render(), "To: x\r\nSubject: hi\r\n\r\n")

    def test_render_2(self):
        self.assertEqual(HeaderBlock().render(), "\r\n")

    def test_render_3(self):
        block = block_of(("A", "1"), ("a", "2"))
        self.assertEqual(block.render(), "A: 1\r\na: 2\r\n\r\n")
        self.assertEqual(block.headers, [["A", "1"], ["a", "2"]])

    def test_render_4(self):
        block = block_of(("X", "  a "), ("Y", ""))
        self.assertEqual(block.render(), "X:   a \r\nY: \r\n\r\n")

    def test_render_5(self):
        block = HeaderBlock()
        block.parse("To:   x  \nSubject: hi")
        self.assertEqual(block.render(), "To: x\r\nSubject: hi\r\n\r\n")


class HeaderBlockTest(unittest.TestCase):
    def test_header_block_1(self):
        block = HeaderBlock()
        text = "Content-Type: multipart/mixed;\r\n boundary=\"b1\"\r\nReceived: one\r\nReceived: two\r\n\r\nbody"
        self.assertEqual(block.parse(text), 3)
        self.assertEqual(block.parameters("content-type"), {"": "multipart/mixed", "boundary": "b1"})
        self.assertEqual(block.get_all("received"), ["one", "two"])
        self.assertEqual(block.set("Received", "three"), 2)
        self.assertEqual(block.remove("Content-Type"), 1)
        self.assertEqual(block.render(), "Received: three\r\n\r\n")

    def test_header_block_2(self):
        block = HeaderBlock()
        block.parse("To: ann\nCc: bob\n  carl")
        copy = HeaderBlock()
        self.assertEqual(copy.parse(block.render()), 2)
        self.assertEqual(copy.headers, block.headers)
        self.assertEqual(copy.get("cc"), "bob carl")
        self.assertEqual(copy.get("Bcc", ""), "")


if __name__ == "__main__":
    unittest.main()
