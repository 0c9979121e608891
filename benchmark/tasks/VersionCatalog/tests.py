import unittest

from solution import VersionCatalog


class VersionCatalogTestParse(unittest.TestCase):
    def setUp(self):
        self.catalog = VersionCatalog()

    def test_parse_1(self):
        self.assertEqual(self.catalog.parse("1.2.3"), (1, 2, 3, ()))

    def test_parse_2(self):
        self.assertEqual(self.catalog.parse("0.0.0"), (0, 0, 0, ()))
        self.assertEqual(self.catalog.parse("10.20.30"), (10, 20, 30, ()))

    def test_parse_3(self):
        self.assertEqual(self.catalog.parse("1.0.0-alpha.1"), (1, 0, 0, ("alpha", "1")))
        self.assertEqual(self.catalog.parse("1.0.0-x-y.0.A"), (1, 0, 0, ("x-y", "0", "A")))

    def test_parse_4(self):
        for text in ["01.2.3", "1.02.3", "1.2.03", "1.2", "1.2.3.4", "v1.2.3", "", "1.2.3-"]:
            with self.assertRaises(ValueError):
                self.catalog.parse(text)

    def test_parse_5(self):
        for text in ["1.2.3-rc..1", "1.2.3-01", "1.2.3+build", "1.2.3-rc_1", "1.2.3-rc.007"]:
            with self.assertRaises(ValueError):
                self.catalog.parse(text)
        self.assertEqual(self.catalog.releases, [])

    def test_parse_6(self):
        self.assertEqual(self.catalog.parse("1.2.3-0"), (1, 2, 3, ("0",)))
        self.assertEqual(self.catalog.parse("1.2.3-0a.10"), (1, 2, 3, ("0a", "10")))


class VersionCatalogTestCompare(unittest.TestCase):
    def setUp(self):
        self.catalog = VersionCatalog()

    def test_compare_1(self):
        self.assertEqual(self.catalog.compare("1.2.3", "1.2.3"), 0)
        self.assertEqual(self.catalog.compare("1.0.0-rc.1", "1.0.0-rc.1"), 0)

    def test_compare_2(self):
        self.assertEqual(self.catalog.compare("1.10.0", "1.9.9"), 1)
        self.assertEqual(self.catalog.compare("1.9.9", "2.0.0"), -1)
        self.assertEqual(self.catalog.compare("1.2.10", "1.2.9"), 1)

    def test_compare_3(self):
        self.assertEqual(self.catalog.compare("1.0.0-alpha", "1.0.0"), -1)
        self.assertEqual(self.catalog.compare("1.0.0", "1.0.0-alpha"), 1)
        self.assertEqual(self.catalog.compare("1.0.1-alpha", "1.0.0"), 1)

    def test_compare_4(self):
        self.assertEqual(self.catalog.compare("1.0.0-rc.11", "1.0.0-rc.2"), 1)
        self.assertEqual(self.catalog.compare("1.0.0-rc.2", "1.0.0-rc.11"), -1)
        self.assertEqual(self.catalog.compare("1.0.0-2", "1.0.0-alpha"), -1)
        self.assertEqual(self.catalog.compare("1.0.0-alpha", "1.0.0-2"), 1)
        self.assertEqual(self.catalog.compare("1.0.0-2", "1.0.0--x"), -1)
        self.assertEqual(self.catalog.compare("1.0.0--x", "1.0.0-2"), 1)

    def test_compare_5(self):
        self.assertEqual(self.catalog.compare("1.0.0-alpha", "1.0.0-alpha.1"), -1)
        self.assertEqual(self.catalog.compare("1.0.0-alpha.1", "1.0.0-alpha"), 1)
        self.assertEqual(self.catalog.compare("1.0.0-beta", "1.0.0-alpha.beta"), 1)
        self.assertEqual(self.catalog.compare("1.0.0-Beta", "1.0.0-alpha"), -1)

    def test_compare_6(self):
        with self.assertRaises(ValueError):
            self.catalog.compare("1.0", "1.0.0")
        with self.assertRaises(ValueError):
            self.catalog.compare("1.0.0", "x")

    def test_compare_7(self):
        chain = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2",
                 "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0"]
        for low, high in zip(chain, chain[1:]):
            self.assertEqual(self.catalog.compare(low, high), -1)
            self.assertEqual(self.catalog.compare(high, low), 1)


class VersionCatalogTestAddRelease(unittest.TestCase):
    def test_add_release_1(self):
        catalog = VersionCatalog()
        self.assertIs(catalog.add_release("1.0.0"), True)
        self.assertEqual(catalog.releases, ["1.0.0"])

    def test_add_release_2(self):
        catalog = VersionCatalog()
        self.assertIs(catalog.add_release("1.0.0"), True)
        self.assertIs(catalog.add_release("1.0.0"), False)
        self.assertEqual(catalog.releases, ["1.0.0"])

    def test_add_release_3(self):
        catalog = VersionCatalog()
        for version in ["1.10.0", "1.2.0", "1.0.0-rc.10", "1.0.0", "1.0.0-rc.9"]:
            catalog.add_release(version)
        self.assertEqual(catalog.releases, ["1.0.0-rc.9", "1.0.0-rc.10", "1.0.0", "1.2.0", "1.10.0"])

    def test_add_release_4(self):
        catalog = VersionCatalog()
        with self.assertRaises(ValueError):
            catalog.add_release("1.0")
        self.assertEqual(catalog.releases, [])

    def test_add_release_5(self):
        catalog = VersionCatalog()
        catalog.yanked = {"0.1.0"}
        self.assertIs(catalog.add_release("0.1.0"), True)
        self.assertIs(catalog.add_release("0.0.9"), True)
        self.assertEqual(catalog.releases, ["0.0.9", "0.1.0"])
        self.assertEqual(catalog.yanked, {"0.1.0"})


class VersionCatalogTestYank(unittest.TestCase):
    def test_yank_1(self):
        catalog = VersionCatalog()
        catalog.releases = ["1.0.0", "1.1.0"]
        self.assertIs(catalog.yank("1.1.0"), True)
        self.assertEqual(catalog.yanked, {"1.1.0"})
        self.assertEqual(catalog.releases, ["1.0.0", "1.1.0"])

    def test_yank_2(self):
        catalog = VersionCatalog()
        catalog.releases = ["1.0.0"]
        self.assertIs(catalog.yank("1.0.0"), True)
        self.assertIs(catalog.yank("1.0.0"), False)
        self.assertEqual(catalog.yanked, {"1.0.0"})

    def test_yank_3(self):
        catalog = VersionCatalog()
        self.assertIs(catalog.yank("1.0.0"), False)
        self.assertEqual(catalog.yanked, set())

    def test_yank_4(self):
        catalog = VersionCatalog()
        catalog.releases = ["1.0.0"]
        self.assertIs(catalog.yank("not a version"), False)
        self.assertEqual(catalog.yanked, set())

    def test_yank_5(self):
        catalog = VersionCatalog()
        catalog.add_release("2.0.0")
        catalog.add_release("2.0.1")
        self.assertIs(catalog.yank("2.0.1"), True)
        self.assertIs(catalog.yank("2.0.0"), True)
        self.assertEqual(catalog.yanked, {"2.0.0", "2.0.1"})


class VersionCatalogTestSatisfies(unittest.TestCase):
    def setUp(self):
        self.catalog = VersionCatalog()

    def test_satisfies_1(self):
        self.assertIs(self.catalog.satisfies("1.2.3", "1.2.3"), True)
        self.assertIs(self.catalog.satisfies("1.2.3", "=1.2.3"), True)
        self.assertIs(self.catalog.satisfies("1.2.4", "=1.2.3"), False)

    def test_satisfies_2(self):
        self.assertIs(self.catalog.satisfies("1.2.3", ">=1.2.3"), True)
        self.assertIs(self.catalog.satisfies("1.2.2", ">=1.2.3"), False)
        self.assertIs(self.catalog.satisfies("1.2.3", ">1.2.3"), False)
        self.assertIs(self.catalog.satisfies("1.2.4", ">1.2.3"), True)

    def test_satisfies_3(self):
        self.assertIs(self.catalog.satisfies("1.2.3", "<=1.2.3"), True)
        self.assertIs(self.catalog.satisfies("1.2.4", "<=1.2.3"), False)
        self.assertIs(self.catalog.satisfies("1.2.3", "<1.2.3"), False)
        self.assertIs(self.catalog.satisfies("1.2.2", "<1.2.3"), True)

    def test_satisfies_4(self):
        self.assertIs(self.catalog.satisfies("1.2.0", "^1.2.0"), True)
        self.assertIs(self.catalog.satisfies("1.99.0", "^1.2.0"), True)
        self.assertIs(self.catalog.satisfies("2.0.0", "^1.2.0"), False)
        self.assertIs(self.catalog.satisfies("1.1.9", "^1.2.0"), False)

    def test_satisfies_5(self):
        self.assertIs(self.catalog.satisfies("0.2.9", "^0.2.5"), True)
        self.assertIs(self.catalog.satisfies("0.3.0", "^0.2.5"), False)
        self.assertIs(self.catalog.satisfies("0.0.3", "^0.0.3"), True)
        self.assertIs(self.catalog.satisfies("0.0.4", "^0.0.3"), False)
        self.assertIs(self.catalog.satisfies("0.0.2", "^0.0.3"), False)

    def test_satisfies_6(self):
        self.assertIs(self.catalog.satisfies("1.2.9", "~1.2.3"), True)
        self.assertIs(self.catalog.satisfies("1.3.0", "~1.2.3"), False)
        self.assertIs(self.catalog.satisfies("1.2.2", "~1.2.3"), False)
        self.assertIs(self.catalog.satisfies("0.0.7", "~0.0.3"), True)
        self.assertIs(self.catalog.satisfies("0.1.0", "~0.0.3"), False)

    def test_satisfies_7(self):
        self.assertIs(self.catalog.satisfies("1.5.0-rc.1", "^1.0.0"), False)
        self.assertIs(self.catalog.satisfies("1.5.0-rc.1", ">=1.0.0"), False)
        self.assertIs(self.catalog.satisfies("1.5.0-rc.1", "<2.0.0"), False)
        self.assertIs(self.catalog.satisfies("1.5.0-rc.1", "=1.5.0-rc.1"), True)
        self.assertIs(self.catalog.satisfies("1.5.0", "<=1.5.0"), True)

    def test_satisfies_8(self):
        with self.assertRaises(ValueError):
            self.catalog.satisfies("1.0.0", "^1.0")
        with self.assertRaises(ValueError):
            self.catalog.satisfies("1.0", "^1.0.0")
        with self.assertRaises(ValueError):
            self.catalog.satisfies("1.0.0", "!=1.0.0")


class VersionCatalogTestBestMatch(unittest.TestCase):
    def setUp(self):
        self.catalog = VersionCatalog()
        self.catalog.releases = ["0.9.0", "1.1.0", "1.2.0", "1.3.0-rc.1", "2.0.0"]

    def test_best_match_1(self):
        self.assertEqual(self.catalog.best_match("^1.0.0"), "1.2.0")

    def test_best_match_2(self):
        self.catalog.yanked = {"1.2.0"}
        self.assertEqual(self.catalog.best_match("^1.0.0"), "1.1.0")
        self.assertEqual(self.catalog.yanked, {"1.2.0"})

    def test_best_match_3(self):
        self.assertEqual(self.catalog.best_match("^3.0.0"), "")
        self.assertEqual(self.catalog.best_match("<0.9.0"), "")

    def test_best_match_4(self):
        self.assertEqual(self.catalog.best_match(">=0.0.0"), "2.0.0")
        self.assertEqual(self.catalog.best_match("1.3.0-rc.1"), "1.3.0-rc.1")
        self.assertEqual(self.catalog.best_match("<2.0.0"), "1.2.0")

    def test_best_match_5(self):
        catalog = VersionCatalog()
        self.assertEqual(catalog.best_match("^1.0.0"), "")
        with self.assertRaises(ValueError):
            self.catalog.best_match("^1")

    def test_best_match_6(self):
        self.catalog.yanked = {"2.0.0", "1.2.0", "1.1.0"}
        self.assertEqual(self.catalog.best_match(">0.1.0"), "0.9.0")
        self.assertEqual(self.catalog.best_match("~0.9.0"), "0.9.0")


class VersionCatalogTestNextVersion(unittest.TestCase):
    def setUp(self):
        self.catalog = VersionCatalog()

    def test_next_version_1(self):
        self.assertEqual(self.catalog.next_version("1.2.3", "major"), "2.0.0")
        self.assertEqual(self.catalog.next_version("0.4.1-rc.1", "major"), "1.0.0")

    def test_next_version_2(self):
        self.assertEqual(self.catalog.next_version("1.9.3", "minor"), "1.10.0")
        self.assertEqual(self.catalog.next_version("1.2.3-beta", "minor"), "1.3.0")

    def test_next_version_3(self):
        self.assertEqual(self.catalog.next_version("1.2.3", "patch"), "1.2.4")
        self.assertEqual(self.catalog.next_version("1.2.9", "patch"), "1.2.10")

    def test_next_version_4(self):
        self.assertEqual(self.catalog.next_version("1.2.3-rc.1", "patch"), "1.2.3")
        self.assertEqual(self.catalog.next_version("0.0.0-0", "patch"), "0.0.0")

    def test_next_version_5(self):
        with self.assertRaises(ValueError):
            self.catalog.next_version("1.2.3", "build")
        with self.assertRaises(ValueError):
            self.catalog.next_version("1.2", "patch")
        with self.assertRaises(ValueError):
            self.catalog.next_version("1.2.3", "Major")
        self.assertEqual(self.catalog.releases, [])


class VersionCatalogTest(unittest.TestCase):
    def test_version_catalog_1(self):
        catalog = VersionCatalog()
        self.assertEqual(catalog.parse("1.0.0-rc.1"), (1, 0, 0, ("rc", "1")))
        self.assertIs(catalog.add_release("1.0.0-rc.1"), True)
        released = catalog.next_version("1.0.0-rc.1", "patch")
        self.assertEqual(released, "1.0.0")
        self.assertIs(catalog.add_release(released), True)
        fix = catalog.next_version(released, "patch")
        self.assertIs(catalog.add_release(fix), True)
        self.assertIs(catalog.add_release(catalog.next_version(fix, "minor")), True)
        self.assertEqual(catalog.releases, ["1.0.0-rc.1", "1.0.0", "1.0.1", "1.1.0"])
        self.assertEqual(catalog.compare("1.0.1", "1.1.0"), -1)
        self.assertEqual(catalog.best_match("~1.0.0"), "1.0.1")
        self.assertIs(catalog.yank("1.0.1"), True)
        self.assertEqual(catalog.best_match("~1.0.0"), "1.0.0")
        self.assertEqual(catalog.best_match("^1.0.0"), "1.1.0")
        self.assertIs(catalog.satisfies("1.1.0", "^1.0.1"), True)

    def test_version_catalog_2(self):
        catalog = VersionCatalog()
        for version in ["0.1.0", "0.1.1", "0.2.0", "0.2.0", "1.0.0-beta"]:
            catalog.add_release(version)
        self.assertEqual(catalog.releases, ["0.1.0", "0.1.1", "0.2.0", "1.0.0-beta"])
        self.assertEqual(catalog.best_match("^0.1.0"), "0.1.1")
        self.assertIs(catalog.yank("0.1.1"), True)
        self.assertEqual(catalog.best_match("^0.1.0"), "0.1.0")
        self.assertEqual(catalog.best_match(">0.2.0"), "")
        self.assertIs(catalog.satisfies("1.0.0-beta", ">0.2.0"), False)
        self.assertEqual(catalog.compare("1.0.0-beta", "0.2.0"), 1)
        self.assertEqual(catalog.parse(catalog.next_version("0.2.0", "major")), (1, 0, 0, ()))


if __name__ == "__main__":
    unittest.main()
