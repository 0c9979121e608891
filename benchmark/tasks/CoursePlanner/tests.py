import unittest

from solution import CoursePlanner


def catalogue():
    planner = CoursePlanner()
    for code, credits, prereqs in [
        ("MATH101", 4, []),
        ("CS101", 4, []),
        ("CS102", 4, ["CS101"]),
        ("MATH201", 3, ["MATH101"]),
        ("CS201", 4, ["CS102", "MATH101"]),
        ("CS301", 3, ["CS201", "MATH201"]),
        ("PHYS101", 4, ["MATH101"]),
    ]:
        planner.add_course(code, credits, prereqs)
    return planner


def diamond():
    planner = CoursePlanner()
    planner.add_course("AA100", 1, [])
    planner.add_course("BB100", 2, ["AA100"])
    planner.add_course("CC100", 3, ["AA100"])
    planner.add_course("DD100", 5, ["CC100", "BB100"])
    return planner


def late_small():
    planner = CoursePlanner()
    planner.add_course("BB100", 1, [])
    planner.add_course("AA200", 1, ["BB100"])
    planner.add_course("CC100", 1, [])
    planner.add_course("DD300", 1, ["AA200", "CC100"])
    return planner


class CoursePlannerTestAddCourse(unittest.TestCase):
    def test_add_course_1(self):
        planner = CoursePlanner()
        self.assertIs(planner.add_course("CS101", 4, []), True)
        self.assertIs(planner.add_course("CS102", 4, ["CS101", "CS101"]), True)
        self.assertEqual(planner.prereqs, {"CS101": [], "CS102": ["CS101"]})
        self.assertEqual(planner.credits, {"CS101": 4, "CS102": 4})

    def test_add_course_2(self):
        planner = CoursePlanner()
        for code in [
            "cs101",
            "C101",
            "CSCSC101",
            "CS10",
            "CS1010",
            "CS 101",
            "",
            "CS101 ",
            "CS\u0661\u0660\u0661",
        ]:
            self.assertIs(planner.add_course(code, 3, []), False)
        self.assertEqual((planner.credits, planner.prereqs), ({}, {}))

    def test_add_course_3(self):
        planner = CoursePlanner()
        self.assertIs(planner.add_course("CS101", 4, []), True)
        self.assertIs(planner.add_course("CS101", 3, []), False)
        self.assertIs(planner.add_course("CS102", 0, []), False)
        self.assertIs(planner.add_course("CS102", -1, []), False)
        self.assertIs(planner.add_course("CS103", 1, []), True)
        self.assertEqual(planner.credits, {"CS101": 4, "CS103": 1})

    def test_add_course_4(self):
        planner = CoursePlanner()
        self.assertIs(planner.add_course("CS101", 4, ["CS101"]), False)
        self.assertIs(planner.add_course("CS101", 4, []), True)
        self.assertIs(planner.add_course("CS201", 4, ["CS102"]), False)
        self.assertIs(planner.add_course("CS201", 4, ["CS101", "CS999"]), False)
        self.assertEqual((planner.credits, planner.prereqs), ({"CS101": 4}, {"CS101": []}))

    def test_add_course_5(self):
        planner = CoursePlanner()
        self.assertIs(planner.add_course("MATH101", 4, []), True)
        self.assertIs(planner.add_course("CS101", 4, []), True)
        self.assertIs(planner.add_course("AB123", 2, ["MATH101", "CS101"]), True)
        self.assertEqual(planner.prereqs["AB123"], ["CS101", "MATH101"])
        self.assertEqual(planner.credits["AB123"], 2)


class CoursePlannerTestMissing(unittest.TestCase):
    def test_missing_1(self):
        planner = CoursePlanner()
        planner.add_course("CS101", 4, [])
        planner.add_course("CS102", 4, ["CS101"])
        planner.add_course("CS201", 4, ["CS102"])
        self.assertEqual(planner.missing("CS201", []), ["CS101", "CS102"])
        self.assertEqual(planner.missing("CS201", ["CS102"]), [])

    def test_missing_2(self):
        self.assertEqual(
            catalogue().missing("CS301", []), ["CS101", "CS102", "CS201", "MATH101", "MATH201"]
        )

    def test_missing_3(self):
        planner = catalogue()
        self.assertEqual(planner.missing("CS301", ["CS102"]), ["CS201", "MATH101", "MATH201"])
        self.assertEqual(planner.missing("CS301", ["CS201"]), ["MATH101", "MATH201"])

    def test_missing_4(self):
        planner = catalogue()
        for goal in ["XX100", "cs301", ""]:
            with self.assertRaises(ValueError):
                planner.missing(goal, [])
        self.assertEqual(len(planner.credits), 7)

    def test_missing_5(self):
        planner = catalogue()
        self.assertEqual(
            planner.missing("CS201", ["CS201", "ZZ999"]), ["CS101", "CS102", "MATH101"]
        )
        self.assertEqual(planner.missing("CS201", ["CS101", "MATH101"]), ["CS102"])
        self.assertEqual(planner.missing("MATH101", []), [])
        self.assertEqual(planner.prereqs["CS201"], ["CS102", "MATH101"])


class CoursePlannerTestAllPrerequisites(unittest.TestCase):
    def test_all_prerequisites_1(self):
        planner = CoursePlanner()
        planner.add_course("MATH101", 4, [])
        planner.add_course("MATH201", 3, ["MATH101"])
        self.assertEqual(planner.all_prerequisites("MATH201"), ["MATH101"])
        self.assertEqual(planner.all_prerequisites("MATH101"), [])

    def test_all_prerequisites_2(self):
        self.assertEqual(
            catalogue().all_prerequisites("CS301"),
            ["CS101", "CS102", "CS201", "MATH101", "MATH201"],
        )

    def test_all_prerequisites_3(self):
        planner = catalogue()
        self.assertEqual(planner.all_prerequisites("PHYS101"), ["MATH101"])
        self.assertEqual(planner.all_prerequisites("CS102"), ["CS101"])
        self.assertEqual(planner.all_prerequisites("CS201"), ["CS101", "CS102", "MATH101"])

    def test_all_prerequisites_4(self):
        planner = catalogue()
        with self.assertRaises(ValueError):
            planner.all_prerequisites("CS999")
        with self.assertRaises(ValueError):
            CoursePlanner().all_prerequisites("CS101")

    def test_all_prerequisites_5(self):
        planner = diamond()
        self.assertEqual(planner.all_prerequisites("DD100"), ["AA100", "BB100", "CC100"])
        self.assertEqual(planner.prereqs["DD100"], ["BB100", "CC100"])


class CoursePlannerTestCanTake(unittest.TestCase):
    def test_can_take_1(self):
        planner = CoursePlanner()
        planner.add_course("CS101", 4, [])
        planner.add_course("CS102", 4, ["CS101"])
        self.assertIs(planner.can_take("CS102", ["CS101"]), True)
        self.assertIs(planner.can_take("CS102", []), False)
        self.assertIs(planner.can_take("CS101", ["CS101"]), False)

    def test_can_take_2(self):
        planner = catalogue()
        self.assertIs(planner.can_take("CS201", ["CS102", "MATH101"]), True)
        self.assertIs(planner.can_take("CS201", ["CS102"]), False)
        self.assertIs(planner.can_take("CS201", ["MATH101"]), False)

    def test_can_take_3(self):
        planner = catalogue()
        self.assertIs(planner.can_take("MATH101", []), True)
        self.assertIs(planner.can_take("MATH101", ["MATH101"]), False)
        self.assertIs(planner.can_take("PHYS101", ["ZZ100", "MATH101"]), True)

    def test_can_take_4(self):
        planner = catalogue()
        for code in ["CS999", "math101"]:
            with self.assertRaises(ValueError):
                planner.can_take(code, [])
        with self.assertRaises(ValueError):
            planner.can_take("CS999", ["CS999"])

    def test_can_take_5(self):
        planner = catalogue()
        self.assertIs(planner.can_take("CS201", ["MATH101", "CS102"]), True)
        self.assertIs(planner.can_take("CS301", ["CS201", "MATH201"]), True)
        self.assertIs(planner.can_take("CS301", ["CS201", "MATH201", "CS301"]), False)
        self.assertEqual(planner.prereqs["CS301"], ["CS201", "MATH201"])


class CoursePlannerTestStudyOrder(unittest.TestCase):
    def test_study_order_1(self):
        planner = CoursePlanner()
        planner.add_course("MATH101", 4, [])
        planner.add_course("CS101", 4, [])
        planner.add_course("CS201", 4, ["MATH101", "CS101"])
        self.assertEqual(planner.study_order("CS201", []), ["CS101", "MATH101", "CS201"])

    def test_study_order_2(self):
        self.assertEqual(
            catalogue().study_order("CS301", []),
            ["CS101", "CS102", "MATH101", "CS201", "MATH201", "CS301"],
        )

    def test_study_order_3(self):
        planner = catalogue()
        self.assertEqual(
            planner.study_order("CS301", ["CS102"]), ["MATH101", "CS201", "MATH201", "CS301"]
        )
        self.assertEqual(planner.study_order("CS301", ["CS201", "MATH201"]), ["CS301"])

    def test_study_order_4(self):
        planner = catalogue()
        self.assertEqual(planner.study_order("CS301", ["CS301"]), [])
        self.assertEqual(planner.study_order("MATH101", []), ["MATH101"])
        with self.assertRaises(ValueError):
            planner.study_order("ZZ100", ["ZZ100"])
        with self.assertRaises(ValueError):
            planner.study_order("ZZ100", [])

    def test_study_order_5(self):
        self.assertEqual(
            late_small().study_order("DD300", []), ["BB100", "AA200", "CC100", "DD300"]
        )
        self.assertEqual(diamond().study_order("DD100", []), ["AA100", "BB100", "CC100", "DD100"])
        self.assertEqual(diamond().study_order("DD100", ["BB100"]), ["AA100", "CC100", "DD100"])


class CoursePlannerTestSemestersNeeded(unittest.TestCase):
    def test_semesters_needed_1(self):
        planner = CoursePlanner()
        planner.add_course("CS101", 4, [])
        planner.add_course("CS102", 4, ["CS101"])
        self.assertEqual(planner.semesters_needed("CS102", []), 2)
        self.assertEqual(planner.semesters_needed("CS102", ["CS101"]), 1)

    def test_semesters_needed_2(self):
        self.assertEqual(catalogue().semesters_needed("CS301", []), 4)

    def test_semesters_needed_3(self):
        planner = catalogue()
        self.assertEqual(planner.semesters_needed("CS301", ["CS102"]), 3)
        self.assertEqual(planner.semesters_needed("CS301", ["CS102", "MATH101"]), 2)

    def test_semesters_needed_4(self):
        planner = catalogue()
        self.assertEqual(planner.semesters_needed("CS301", ["CS301"]), 0)
        self.assertEqual(planner.semesters_needed("MATH101", []), 1)
        with self.assertRaises(ValueError):
            planner.semesters_needed("XX101", [])

    def test_semesters_needed_5(self):
        planner = diamond()
        self.assertEqual(planner.semesters_needed("DD100", []), 3)
        self.assertEqual(planner.semesters_needed("DD100", ["BB100"]), 3)
        self.assertEqual(planner.semesters_needed("DD100", ["BB100", "CC100"]), 1)
        self.assertEqual(late_small().semesters_needed("DD300", []), 3)
        self.assertEqual(late_small().semesters_needed("DD300", ["AA200"]), 2)


class CoursePlannerTestCreditsLeft(unittest.TestCase):
    def test_credits_left_1(self):
        planner = CoursePlanner()
        planner.add_course("CS101", 4, [])
        planner.add_course("CS102", 3, ["CS101"])
        self.assertEqual(planner.credits_left("CS102", []), 7)
        self.assertEqual(planner.credits_left("CS102", ["CS101"]), 3)

    def test_credits_left_2(self):
        self.assertEqual(catalogue().credits_left("CS301", []), 22)

    def test_credits_left_3(self):
        self.assertEqual(catalogue().credits_left("CS301", ["CS102"]), 14)

    def test_credits_left_4(self):
        planner = catalogue()
        self.assertEqual(planner.credits_left("CS301", ["CS301"]), 0)
        with self.assertRaises(ValueError):
            planner.credits_left("CS401", [])

    def test_credits_left_5(self):
        planner = catalogue()
        self.assertEqual(planner.credits_left("PHYS101", ["MATH101"]), 4)
        self.assertEqual(planner.credits_left("PHYS101", []), 8)
        self.assertEqual(planner.credits["PHYS101"], 4)
        self.assertEqual(diamond().credits_left("DD100", ["CC100"]), 8)


class CoursePlannerTest(unittest.TestCase):
    def test_course_planner_1(self):
        planner = catalogue()
        order = planner.study_order("CS301", [])
        taken = []
        for course in order:
            self.assertIs(planner.can_take(course, taken), True)
            taken.append(course)
        self.assertEqual(planner.semesters_needed("CS301", taken), 0)
        self.assertEqual(planner.credits_left("CS301", taken), 0)
        self.assertEqual(planner.missing("CS301", taken), [])
        self.assertEqual(len(planner.all_prerequisites("CS301")), len(order) - 1)

    def test_course_planner_2(self):
        planner = CoursePlanner()
        self.assertIs(planner.add_course("CS101", 4, []), True)
        self.assertIs(planner.add_course("CS102", 4, ["CS101"]), True)
        self.assertEqual(planner.all_prerequisites("CS102"), ["CS101"])
        self.assertIs(planner.add_course("CS102", 4, []), False)
        self.assertIs(planner.add_course("CS250", 2, ["CS102", "MATH101"]), False)
        self.assertIs(planner.add_course("MATH101", 4, []), True)
        self.assertIs(planner.add_course("CS250", 2, ["CS102", "MATH101"]), True)
        self.assertEqual(planner.missing("CS250", ["CS101"]), ["CS102", "MATH101"])
        self.assertEqual(planner.study_order("CS250", ["CS101"]), ["CS102", "MATH101", "CS250"])
        self.assertEqual(planner.semesters_needed("CS250", ["CS101"]), 2)
        self.assertEqual(planner.credits_left("CS250", ["CS101"]), 10)
        self.assertIs(planner.can_take("CS250", ["CS101"]), False)

    def test_course_planner_3(self):
        planner = diamond()
        self.assertEqual(planner.credits_left("DD100", []), 11)
        self.assertEqual(planner.semesters_needed("DD100", []), 3)
        taken = ["AA100"]
        self.assertEqual(planner.credits_left("DD100", taken), 10)
        self.assertEqual(planner.semesters_needed("DD100", taken), 2)
        self.assertIs(planner.can_take("DD100", ["AA100", "BB100"]), False)
        self.assertIs(planner.can_take("DD100", ["AA100", "BB100", "CC100"]), True)
        self.assertEqual(planner.study_order("DD100", ["CC100"]), ["AA100", "BB100", "DD100"])
        self.assertEqual(planner.missing("DD100", ["CC100"]), ["AA100", "BB100"])
