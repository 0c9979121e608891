import unittest

from solution import ConfigDocument


def config_of(text):
    config = ConfigDocument()
    config.parse(text)
    return config


class ConfigDocumentTestParse(unittest.TestCase):
    def test_parse_1(self):
        config = ConfigDocument()
        self.assertEqual(config.parse("name = demo\n[Server]\nHost: example.org\n; comment\nport = 8080"), 3)
        self.assertEqual(config.sections, {"": {"name": "demo"}, "Server": {"host": "example.org", "port": "8080"}})

    def test_parse_2(self):
        config = ConfigDocument()
        self.assertEqual(config.parse("  # c\n\n   ; d\n  key1 =   v  \n"), 1)
        self.assertEqual(config.sections, {"": {"key1": "v"}})

    def test_parse_3(self):
        config = ConfigDocument()
        self.assertEqual(config.parse("[s]\na=1\nb=2\n[t]\nc=3\n[ s ]\nA=9"), 4)
        self.assertEqual(config.sections, {"s": {"a": "9", "b": "2"}, "t": {"c": "3"}})
        self.assertEqual(list(config.sections["s"]), ["a", "b"])

    def test_parse_4(self):
        config = config_of("[x]\nk = v")
        for text in ["[s]\njust text", "[]", "[ ]", "[a]b]", "key value", "k\u20acy = 1", "= value", "[s", "a = 1\n[s"]:
            with self.assertRaises(ValueError):
                config.parse(text)
        self.assertEqual(config.sections, {"x": {"k": "v"}})

    def test_parse_5(self):
        config = ConfigDocument()
        self.assertEqual(config.parse("url = http://x:80/?a=b\ntime:12:30\na.b-c_d\t: x"), 3)
        self.assertEqual(config.sections, {"": {"url": "http://x:80/?a=b", "time": "12:30", "a.b-c_d": "x"}})

    def test_parse_6(self):
        config = ConfigDocument()
        self.assertEqual(config.parse("[empty]\n[s]\nk ="), 1)
        self.assertEqual(config.sections, {"empty": {}, "s": {"k": ""}})

    def test_parse_7(self):
        config = ConfigDocument()
        self.assertEqual(config.parse("a=1"), 1)
        self.assertEqual(config.parse("[s]\nb=2"), 1)
        self.assertEqual(config.parse("c=3"), 1)
        self.assertEqual(config.sections, {"": {"a": "1", "c": "3"}, "s": {"b": "2"}})

    def test_parse_8(self):
        config = ConfigDocument()
        self.assertEqual(config.parse("a = 1\r\n[s]\r\n"), 1)
        self.assertEqual(config.sections, {"": {"a": "1"}, "s": {}})
        self.assertEqual(config.parse(""), 0)
        self.assertEqual(config.sections, {"": {"a": "1"}, "s": {}})


class ConfigDocumentTestGet(unittest.TestCase):
    def test_get_1(self):
        config = config_of("[paths]\nroot = /srv\nlogs = ${root}/logs\n[app]\nlog = ${paths:logs}/app.log; $$5")
        self.assertEqual(config.get("app", "LOG"), "/srv/logs/app.log; $5")
        self.assertEqual(config.get("paths", "logs"), "/srv/logs")

    def test_get_2(self):
        config = config_of("[s]\na = 1")
        with self.assertRaises(KeyError):
            config.get("t", "a")
        with self.assertRaises(KeyError):
            config.get("s", "b")
        with self.assertRaises(KeyError):
            config.get("S", "a")

    def test_get_3(self):
        config = config_of("a = ${b}\nb = ${a}\nc = x${c}\nd = ${a}")
        for key in ["a", "b", "c", "d"]:
            with self.assertRaises(ValueError):
                config.get("", key)

    def test_get_4(self):
        config = config_of("[s]\na = ${nope}\nb = ${other:a}\nc = ${S:a}\nd = ok")
        for key in ["a", "b", "c"]:
            with self.assertRaises(ValueError):
                config.get("s", key)
        self.assertEqual(config.get("s", "d"), "ok")

    def test_get_5(self):
        config = config_of("price = $5 or $x\ncost = $$$$\nbrace = {x}")
        self.assertEqual(config.get("", "price"), "$5 or $x")
        self.assertEqual(config.get("", "cost"), "$$")
        self.assertEqual(config.get("", "brace"), "{x}")

    def test_get_6(self):
        config = config_of("[s]\nKey = V\ncopy = <${KEY}>\n[t]\nfar = ${s:Copy}")
        self.assertEqual(config.get("s", "KEY"), "V")
        self.assertEqual(config.get("s", "copy"), "<V>")
        self.assertEqual(config.get("t", "far"), "<V>")

    def test_get_7(self):
        config = config_of("a = x\nb = ${a}${a}\nc = ${b}-${a}")
        self.assertEqual(config.get("", "c"), "xx-x")
        self.assertEqual(config.sections, {"": {"a": "x", "b": "${a}${a}", "c": "${b}-${a}"}})


class ConfigDocumentTestGetInt(unittest.TestCase):
    def test_get_int_1(self):
        config = config_of("[server]\nport = 8080\nname = web")
        self.assertEqual(config.get_int("server", "port", 80), 8080)
        self.assertEqual(config.get_int("server", "workers", 4), 4)

    def test_get_int_2(self):
        config = config_of("a = -12\nb = +7\nc = 007")
        self.assertEqual(config.get_int("", "a", 0), -12)
        self.assertEqual(config.get_int("", "b", 0), 7)
        self.assertEqual(config.get_int("", "c", 0), 7)

    def test_get_int_3(self):
        config = config_of("x = 1.5\ny = 1_000\nz =\nw = 0x10\nv = 12a\nu = - 3")
        for key in ["x", "y", "z", "w", "v", "u"]:
            with self.assertRaises(ValueError):
                config.get_int("", key, 0)

    def test_get_int_4(self):
        config = config_of("a = 1")
        self.assertEqual(config.get_int("missing", "a", 0), 0)
        self.assertEqual(config.get_int("", "b", -1), -1)

    def test_get_int_5(self):
        config = config_of("base = 8000\nport = ${base}1\np = ${nope}")
        self.assertEqual(config.get_int("", "port", 0), 80001)
        with self.assertRaises(ValueError):
            config.get_int("", "p", 0)

    def test_get_int_6(self):
        config = ConfigDocument()
        config.set("s", "n", "42")
        self.assertEqual(config.get_int("s", "N", 0), 42)


class ConfigDocumentTestGetBool(unittest.TestCase):
    def test_get_bool_1(self):
        config = config_of("debug = Yes\nverbose = off")
        self.assertIs(config.get_bool("", "debug"), True)
        self.assertIs(config.get_bool("", "verbose"), False)

    def test_get_bool_2(self):
        config = config_of("a = TRUE\nb = yes\nc = On\nd = 1\ne = False\nf = NO\ng = off\nh = 0")
        for key in "abcd":
            self.assertIs(config.get_bool("", key), True)
        for key in "efgh":
            self.assertIs(config.get_bool("", key), False)

    def test_get_bool_3(self):
        config = config_of("a = maybe\nb =\nc = y\nd = 2\ne = truee")
        for key in "abcde":
            with self.assertRaises(ValueError):
                config.get_bool("", key)

    def test_get_bool_4(self):
        config = config_of("[s]\na = on")
        with self.assertRaises(KeyError):
            config.get_bool("t", "a")
        with self.assertRaises(KeyError):
            config.get_bool("s", "b")

    def test_get_bool_5(self):
        config = config_of("flag = on\ncopy = ${flag}\nbad = ${none}")
        self.assertIs(config.get_bool("", "copy"), True)
        with self.assertRaises(ValueError):
            config.get_bool("", "bad")


class ConfigDocumentTestSet(unittest.TestCase):
    def test_set_1(self):
        config = ConfigDocument()
        self.assertIs(config.set("db", "User", "admin"), True)
        self.assertIs(config.set("db", "user", "root"), False)
        self.assertEqual(config.sections, {"db": {"user": "root"}})

    def test_set_2(self):
        config = config_of("[s]\nk = v")
        self.assertIs(config.set("", "a", "1"), True)
        self.assertEqual(config.sections, {"s": {"k": "v"}, "": {"a": "1"}})

    def test_set_3(self):
        config = config_of("[s]\nk = v")
        cases = [("[x]", "k", "v"), ("a]", "k", "v"), (" pad", "k", "v"), ("pad ", "k", "v"), ("s", "", "v"),
                 ("s", "bad key", "v"), ("s", "k=1", "v"), ("s", "\u00fc", "v"), ("s", "k", "a\nb"),
                 ("s", "k", " lead"), ("s", "k", "trail ")]
        for section, key, value in cases:
            with self.assertRaises(ValueError):
                config.set(section, key, value)
        self.assertEqual(config.sections, {"s": {"k": "v"}})

    def test_set_4(self):
        config = ConfigDocument()
        self.assertIs(config.set("s", "b", "${a}!"), True)
        self.assertEqual(config.sections, {"s": {"b": "${a}!"}})
        config.set("s", "a", "hi")
        self.assertEqual(config.get("s", "b"), "hi!")

    def test_set_5(self):
        config = config_of("[s]\na=1\nb=2")
        self.assertIs(config.set("s", "A", "3"), False)
        self.assertEqual(list(config.sections["s"].items()), [("a", "3"), ("b", "2")])

    def test_set_6(self):
        config = ConfigDocument()
        self.assertIs(config.set("my section", "x.y-z_0", ""), True)
        self.assertEqual(config.sections, {"my section": {"x.y-z_0": ""}})


class ConfigDocumentTestDump(unittest.TestCase):
    def test_dump_1(self):
        config = config_of("top = 0\n[b]\nx = 1\n[a]\ny = ${b:x}\n[c]")
        self.assertEqual(config.dump(), "top = 0\n\n[b]\nx = 1\n\n[a]\ny = ${b:x}\n\n[c]\n")

    def test_dump_2(self):
        self.assertEqual(ConfigDocument().dump(), "")

    def test_dump_3(self):
        self.assertEqual(config_of("a = 1\nB = 2").dump(), "a = 1\nb = 2\n")

    def test_dump_4(self):
        config = ConfigDocument()
        config.sections = {"": {}, "s": {"k": "v"}}
        self.assertEqual(config.dump(), "[s]\nk = v\n")

    def test_dump_5(self):
        config = config_of("z = 9\n[b]\nx = 1\n[a]\n[b]\ny = ${z}")
        again = config_of(config.dump())
        self.assertEqual(again.sections, config.sections)
        self.assertEqual(list(again.sections), ["", "b", "a"])

    def test_dump_6(self):
        config = ConfigDocument()
        config.sections = {"a": {}, "b": {"x": "1"}, "": {"k": "v"}}
        self.assertEqual(config.dump(), "k = v\n\n[a]\n\n[b]\nx = 1\n")


class ConfigDocumentTest(unittest.TestCase):
    def test_config_document_1(self):
        config = ConfigDocument()
        text = "# service\nenv = prod\n[db]\nhost = db.${:env}\nport = 5432\n[app]\ndebug = no\ndsn = ${db:host}:${db:port}"
        self.assertEqual(config.parse(text), 5)
        self.assertEqual(config.get("db", "host"), "db.${:env}")
        self.assertIs(config.set("db", "host", "db-${db:port}"), False)
        self.assertEqual(config.get("app", "dsn"), "db-5432:5432")
        self.assertEqual(config.get_int("db", "port", 0), 5432)
        self.assertIs(config.get_bool("app", "debug"), False)
        again = ConfigDocument()
        self.assertEqual(again.parse(config.dump()), 5)
        self.assertEqual(again.get("app", "dsn"), "db-5432:5432")

    def test_config_document_2(self):
        config = ConfigDocument()
        self.assertIs(config.set("a", "x", "${b:y}"), True)
        self.assertIs(config.set("b", "y", "${a:x}"), True)
        with self.assertRaises(ValueError):
            config.get("a", "x")
        self.assertIs(config.set("b", "y", "7"), False)
        self.assertEqual(config.get_int("a", "x", 0), 7)
        self.assertEqual(config.dump(), "[a]\nx = ${b:y}\n\n[b]\ny = 7\n")


if __name__ == "__main__":
    unittest.main()
