"""ClassEval+ tests of ClassEval_21 (Classroom)."""

import unittest

from solution import Classroom


class ClassroomTestRemoveCourse(unittest.TestCase):
    def test_remove_course_keeps_others(self):
        # Guards remove_course itself: the published tests only check that the course is
        # absent afterwards, which holds when nothing was added. The other course stays.
        classroom = Classroom(1)
        math = {"name": "math", "start_time": "09:00", "end_time": "10:00"}
        art = {"name": "Art", "start_time": "14:00", "end_time": "15:00"}
        classroom.add_course(math)
        classroom.add_course(art)
        classroom.remove_course(math)
        self.assertEqual(classroom.courses, [art])
        classroom.remove_course(math)
        self.assertEqual(classroom.courses, [art])


class ClassroomTestIsFreeAt(unittest.TestCase):
    def test_is_free_at_course_start(self):
        # Guards is_free_at line 52 `<=` -> `<` (the start): a course from 08:00 takes the
        # room at 08:00. (Whether the room is free at the very end minute the contract does
        # not say, so that boundary is not tested.)
        classroom = Classroom(1)
        classroom.add_course({"name": "math", "start_time": "08:00", "end_time": "09:40"})
        self.assertIs(classroom.is_free_at("08:00"), False)
        self.assertIs(classroom.is_free_at("07:59"), True)


class ClassroomTestCheckCourseConflict(unittest.TestCase):
    def test_check_course_conflict_same_start(self):
        # Guards check_course_conflict line 74 `<=` -> `<`: a course starting when another
        # starts and ending after it overlaps it.
        classroom = Classroom(1)
        classroom.add_course({"name": "math", "start_time": "08:00", "end_time": "09:40"})
        new = {"name": "SE", "start_time": "08:00", "end_time": "10:00"}
        self.assertIs(classroom.check_course_conflict(new), False)

    def test_check_course_conflict_ends_at_start(self):
        # Guards check_course_conflict line 76 `<=` -> `<`: a course ending when another
        # starts conflicts (the contract counts a shared boundary time as a conflict).
        classroom = Classroom(1)
        classroom.add_course({"name": "math", "start_time": "09:00", "end_time": "10:00"})
        new = {"name": "SE", "start_time": "08:00", "end_time": "09:00"}
        self.assertIs(classroom.check_course_conflict(new), False)

    def test_check_course_conflict_same_end(self):
        # Guards check_course_conflict line 76 `>=` -> `>`: a course starting before another
        # and ending when it ends overlaps it.
        classroom = Classroom(1)
        classroom.add_course({"name": "math", "start_time": "08:00", "end_time": "10:00"})
        new = {"name": "SE", "start_time": "07:00", "end_time": "10:00"}
        self.assertIs(classroom.check_course_conflict(new), False)


class ClassroomTestMain(unittest.TestCase):
    def test_main_keeps_id(self):
        # Guards __init__ line 13 `self.id = id` -> `pass`: the classroom keeps its id, which
        # no published test reads.
        classroom = Classroom(7)
        self.assertEqual(classroom.id, 7)
        self.assertEqual(classroom.courses, [])
        classroom.add_course({"name": "math", "start_time": "08:00", "end_time": "09:40"})
        self.assertIs(classroom.is_free_at("09:00"), False)
        self.assertIs(
            classroom.check_course_conflict(
                {"name": "SE", "start_time": "10:00", "end_time": "11:00"}
            ),
            True,
        )
        classroom.remove_course({"name": "math", "start_time": "08:00", "end_time": "09:40"})
        self.assertIs(classroom.is_free_at("09:00"), True)
        self.assertEqual(classroom.id, 7)
