"""ClassEval+ tests of ClassEval_22 (ClassRegistrationSystem).

The published method-level classes hold two to four tests each; these bring each to five.
"""

import unittest

JOHN = {"name": "John", "major": "Computer Science"}
BOB = {"name": "Bob", "major": "Computer Science"}
ALICE = {"name": "Alice", "major": "Mathematics"}


class ClassRegistrationSystemTestRegisterStudent(unittest.TestCase):
    def test_register_student_twice(self):
        # A second registration of the same student returns 0 and adds nothing.
        self.assertEqual(self.registration_system.register_student(dict(JOHN)), 1)
        self.assertEqual(self.registration_system.register_student(dict(JOHN)), 0)
        self.assertEqual(self.registration_system.students, [JOHN])

    def test_register_students_in_order(self):
        for student in (JOHN, ALICE, BOB):
            self.assertEqual(self.registration_system.register_student(student), 1)
        self.assertEqual(self.registration_system.students, [JOHN, ALICE, BOB])


class ClassRegistrationSystemTestRegisterClass(unittest.TestCase):
    def test_register_class_keeps_order(self):
        system = self.registration_system
        self.assertEqual(system.register_class("John", "CS101"), ["CS101"])
        self.assertEqual(system.register_class("John", "CS102"), ["CS101", "CS102"])

    def test_register_class_per_student(self):
        system = self.registration_system
        system.register_class("John", "CS101")
        self.assertEqual(system.register_class("Bob", "MA101"), ["MA101"])
        self.assertEqual(
            system.students_registration_classes, {"John": ["CS101"], "Bob": ["MA101"]}
        )


class ClassRegistrationSystemTestGetStudent(unittest.TestCase):
    def test_get_students_by_unknown_major(self):
        self.registration_system.students = [JOHN, ALICE]
        self.assertEqual(self.registration_system.get_students_by_major("Physics"), [])


class ClassRegistrationSystemTestGetMajor(unittest.TestCase):
    def test_get_all_major_empty(self):
        self.assertEqual(self.registration_system.get_all_major(), [])

    def test_get_all_major_first_seen_order(self):
        self.registration_system.students = [ALICE, JOHN, BOB]
        self.assertEqual(
            self.registration_system.get_all_major(), ["Mathematics", "Computer Science"]
        )


class ClassRegistrationSystemTestPopularClass(unittest.TestCase):
    def test_other_majors_do_not_count(self):
        system = self.registration_system
        system.students = [JOHN, ALICE, {"name": "Tom", "major": "Mathematics"}]
        system.students_registration_classes = {
            "John": ["Algorithms"],
            "Alice": ["Calculus", "Algorithms"],
            "Tom": ["Calculus"],
        }
        self.assertEqual(system.get_most_popular_class_in_major("Mathematics"), "Calculus")
        self.assertEqual(system.get_most_popular_class_in_major("Computer Science"), "Algorithms")

    def test_most_popular_over_three_students(self):
        system = self.registration_system
        system.students = [JOHN, BOB, {"name": "Eve", "major": "Computer Science"}]
        system.students_registration_classes = {
            "John": ["Networks", "Compilers"],
            "Bob": ["Compilers", "Databases"],
            "Eve": ["Compilers", "Networks"],
        }
        self.assertEqual(system.get_most_popular_class_in_major("Computer Science"), "Compilers")

    def test_one_student_one_class(self):
        system = self.registration_system
        system.students = [ALICE]
        system.students_registration_classes = {"Alice": ["Topology"]}
        self.assertEqual(system.get_most_popular_class_in_major("Mathematics"), "Topology")
