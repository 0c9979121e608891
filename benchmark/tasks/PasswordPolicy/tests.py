import unittest

from solution import PasswordPolicy


class PasswordPolicyTestNormalize(unittest.TestCase):
    def test_normalize_1(self):
        self.assertEqual(PasswordPolicy(8, 3).normalize("P@ssW0rd!"), "passwordi")

    def test_normalize_2(self):
        self.assertEqual(PasswordPolicy(8, 3).normalize(""), "")

    def test_normalize_3(self):
        self.assertEqual(PasswordPolicy(8, 3).normalize("01345 7@$!"), "oieas tasi")

    def test_normalize_4(self):
        policy = PasswordPolicy(8, 3)
        self.assertEqual(policy.normalize("HELLO"), "hello")
        self.assertEqual(policy.normalize("2689-#"), "2689-#")

    def test_normalize_5(self):
        policy = PasswordPolicy(8, 3)
        policy.ban("dragon")
        self.assertEqual(policy.normalize("DR@G0N"), "dragon")
        self.assertEqual((policy.banned, policy.history), (["dragon"], []))


class PasswordPolicyTestBan(unittest.TestCase):
    def test_ban_1(self):
        policy = PasswordPolicy(8, 3)
        self.assertIs(policy.ban("Summer"), True)
        self.assertIs(policy.ban("SUMMER"), False)
        self.assertEqual(policy.banned, ["summer"])

    def test_ban_2(self):
        policy = PasswordPolicy(8, 3)
        policy.ban("qwerty")
        for word in ["ab", "", "pass1", "two words", "h\u00e9llo", "pass-word", "abc\n"]:
            with self.assertRaises(ValueError):
                policy.ban(word)
        self.assertEqual(policy.banned, ["qwerty"])

    def test_ban_3(self):
        policy = PasswordPolicy(8, 3)
        for word in ["qwerty", "Dragon", "abc"]:
            self.assertIs(policy.ban(word), True)
        self.assertEqual(policy.banned, ["qwerty", "dragon", "abc"])

    def test_ban_4(self):
        policy = PasswordPolicy(8, 3)
        self.assertIs(policy.ban("abc"), True)
        self.assertIs(policy.ban("abc"), False)
        self.assertEqual(policy.banned, ["abc"])

    def test_ban_5(self):
        policy = PasswordPolicy(8, 3)
        self.assertEqual(policy.problems("Dragon!2x"), [])
        self.assertIs(policy.ban("dragon"), True)
        self.assertEqual(policy.problems("Dragon!2x"), ["banned"])


class PasswordPolicyTestUnban(unittest.TestCase):
    def test_unban_1(self):
        policy = PasswordPolicy(8, 3)
        policy.ban("winter")
        self.assertIs(policy.unban("Winter"), True)
        self.assertIs(policy.unban("winter"), False)
        self.assertEqual(policy.banned, [])

    def test_unban_2(self):
        policy = PasswordPolicy(8, 3)
        self.assertIs(policy.unban("winter"), False)
        self.assertEqual(policy.banned, [])

    def test_unban_3(self):
        policy = PasswordPolicy(8, 3)
        for word in ["alpha", "bravo", "charlie"]:
            policy.ban(word)
        self.assertIs(policy.unban("BRAVO"), True)
        self.assertEqual(policy.banned, ["alpha", "charlie"])

    def test_unban_4(self):
        policy = PasswordPolicy(8, 3)
        policy.ban("alpha")
        self.assertIs(policy.unban("x1"), False)
        self.assertIs(policy.unban("alph"), False)
        self.assertEqual(policy.banned, ["alpha"])

    def test_unban_5(self):
        policy = PasswordPolicy(8, 3)
        policy.ban("dragon")
        self.assertEqual(policy.problems("Dragon!2x"), ["banned"])
        self.assertIs(policy.unban("dragon"), True)
        self.assertEqual(policy.problems("Dragon!2x"), [])


class PasswordPolicyTestProblems(unittest.TestCase):
    def test_problems_1(self):
        policy = PasswordPolicy(8, 3)
        policy.ban("summer")
        self.assertEqual(policy.problems("Summ3r!!"), ["banned"])
        self.assertEqual(
            policy.problems("aaa bbb"), ["length", "upper", "digit", "symbol", "space", "run"]
        )
        self.assertEqual(policy.problems("Tr0ub4dor&3"), [])

    def test_problems_2(self):
        policy = PasswordPolicy(8, 3)
        self.assertEqual(policy.problems(""), ["length", "lower", "upper", "digit", "symbol"])
        self.assertEqual(policy.problems("ABCDEFGH"), ["lower", "digit", "symbol"])

    def test_problems_3(self):
        policy = PasswordPolicy(8, 3)
        self.assertEqual(policy.problems("Good Pass1!"), ["space"])
        self.assertEqual(policy.problems("Good\tPass1!"), ["space"])
        self.assertEqual(policy.problems("Ab1!\n\n\nxyz"), ["space", "run"])

    def test_problems_4(self):
        policy = PasswordPolicy(8, 3)
        self.assertEqual(policy.problems("Baaad-pass1"), ["run"])
        self.assertEqual(policy.problems("Baad-pass1!"), [])
        self.assertEqual(policy.problems("Bad-pass111"), ["run"])
        self.assertEqual(policy.problems("Bad-pass1!!!"), ["run"])

    def test_problems_5(self):
        policy = PasswordPolicy(8, 3)
        policy.ban("password")
        self.assertEqual(policy.problems("P@$$w0rd99"), ["banned"])
        self.assertEqual(policy.problems("Pass-w0rd9"), [])
        self.assertEqual(policy.change("Tr0ub4dor&3"), [])
        self.assertEqual(policy.problems("Tr0ub4dor&3"), ["reused"])
        self.assertEqual(policy.problems("tr0ub4dor&3"), ["upper"])

    def test_problems_6(self):
        policy = PasswordPolicy(8, 3)
        self.assertEqual(policy.problems("Ab1!efgh"), [])
        self.assertEqual(policy.problems("Ab1!efg"), ["length"])
        self.assertEqual(policy.problems("\u00c4bc1!xyzw"), ["upper"])
        self.assertEqual(policy.problems("Abc\u0661xyzw!"), ["digit"])
        self.assertEqual(policy.problems("Abc1xyzw\u00e9"), [])
        self.assertEqual((policy.banned, policy.history), ([], []))


class PasswordPolicyTestStrength(unittest.TestCase):
    def test_strength_1(self):
        policy = PasswordPolicy(8, 3)
        self.assertEqual(policy.strength("Abcdefg1!"), 4)
        self.assertEqual(policy.strength("correct horse battery staple"), 6)
        self.assertEqual(policy.strength(""), 0)

    def test_strength_2(self):
        policy = PasswordPolicy(8, 3)
        self.assertEqual(policy.strength("abcdefgh"), 1)
        self.assertEqual(policy.strength("abcdefghijk"), 1)
        self.assertEqual(policy.strength("abcdefghijkl"), 2)
        self.assertEqual(policy.strength("abcdefghijklmnop"), 3)

    def test_strength_3(self):
        policy = PasswordPolicy(8, 3)
        self.assertEqual(policy.strength("A1!"), 3)
        self.assertEqual(policy.strength("Z"), 1)
        self.assertEqual(policy.strength("7"), 1)

    def test_strength_4(self):
        policy = PasswordPolicy(8, 3)
        self.assertEqual(policy.strength("ab cd"), 1)
        self.assertEqual(policy.strength("ab-cd"), 2)
        self.assertEqual(policy.strength("\u00e9"), 1)
        self.assertEqual(policy.strength("\u0661"), 1)

    def test_strength_5(self):
        policy = PasswordPolicy(4, 1)
        self.assertEqual(policy.strength("Abcdefgh12"), 4)
        self.assertEqual(policy.strength("aaaaaaaa"), 2)
        self.assertEqual((policy.min_length, policy.history_size, policy.history), (4, 1, []))


class PasswordPolicyTestChange(unittest.TestCase):
    def test_change_1(self):
        policy = PasswordPolicy(8, 1)
        self.assertEqual(policy.change("Tr0ub4dor&3"), [])
        self.assertEqual(policy.change("Tr0ub4dor&3"), ["reused"])
        self.assertEqual(policy.change("C0rrect-H0rse"), [])
        self.assertEqual(policy.history, ["C0rrect-H0rse"])

    def test_change_2(self):
        policy = PasswordPolicy(8, 3)
        self.assertEqual(policy.change("short"), ["length", "upper", "digit", "symbol"])
        self.assertEqual(policy.history, [])

    def test_change_3(self):
        policy = PasswordPolicy(8, 2)
        for password in ["Alpha-123", "Bravo-456", "Charlie-789"]:
            self.assertEqual(policy.change(password), [])
        self.assertEqual(policy.history, ["Bravo-456", "Charlie-789"])
        self.assertEqual(policy.change("Bravo-456"), ["reused"])
        self.assertEqual(policy.change("Alpha-123"), [])
        self.assertEqual(policy.history, ["Charlie-789", "Alpha-123"])

    def test_change_4(self):
        policy = PasswordPolicy(8, 3)
        self.assertEqual(policy.change("Alpha-123"), [])
        self.assertEqual(policy.history, ["Alpha-123"])
        self.assertEqual(policy.change("Bravo-456"), [])
        self.assertEqual(policy.history, ["Alpha-123", "Bravo-456"])

    def test_change_5(self):
        policy = PasswordPolicy(8, 3)
        policy.ban("alpha")
        self.assertEqual(policy.change("Alpha-123"), ["banned"])
        self.assertEqual(policy.change("@lph@ 1111"), ["upper", "space", "run", "banned"])
        self.assertEqual(policy.history, [])


class PasswordPolicyTest(unittest.TestCase):
    def test_setting_up_an_account(self):
        policy = PasswordPolicy(10, 2)
        self.assertIs(policy.ban("Company"), True)
        self.assertEqual(policy.change("company2026"), ["upper", "symbol", "banned"])
        self.assertEqual(policy.normalize("C0mp@ny-2026"), "company-2o26")
        self.assertEqual(policy.change("C0mp@ny-2026"), ["banned"])
        self.assertEqual(policy.strength("Blue-Kettle-42"), 5)
        self.assertEqual(policy.change("Blue-Kettle-42"), [])
        self.assertEqual(policy.history, ["Blue-Kettle-42"])

    def test_rotating_passwords(self):
        policy = PasswordPolicy(8, 2)
        self.assertEqual(policy.change("Winter#01"), [])
        self.assertEqual(policy.change("Spring#02"), [])
        self.assertEqual(policy.change("Winter#01"), ["reused"])
        self.assertEqual(policy.change("Summer#03"), [])
        self.assertEqual(policy.change("Winter#01"), [])
        self.assertEqual(policy.history, ["Summer#03", "Winter#01"])
        self.assertIs(policy.ban("winter"), True)
        self.assertEqual(policy.problems("Winter#01"), ["banned", "reused"])
        self.assertIs(policy.unban("WINTER"), True)
        self.assertEqual(policy.problems("Winter#01"), ["reused"])

    def test_scoring_before_choosing(self):
        policy = PasswordPolicy(8, 3)
        candidates = ["Ab1!", "correct horse battery", "Tr0ub4dor&3"]
        self.assertEqual([policy.strength(password) for password in candidates], [4, 4, 4])
        self.assertEqual(
            [policy.problems(password) for password in candidates][:2],
            [
                ["length"],
                ["upper", "digit", "symbol", "space"],
            ],
        )
        self.assertEqual(policy.change("Tr0ub4dor&3"), [])
        self.assertEqual(policy.problems("Tr0ub4dor&3"), ["reused"])
