import heapq
import re
from collections import deque


class CoursePlanner:
    """
    A degree planner over a catalogue of courses and their prerequisites. A course code is 2 to 4 upper-case letters
    A-Z followed by 3 digits 0-9, nothing else ("CS101", "MATH201"). A course is added only after all its
    prerequisites, so the prerequisites never form a cycle. The courses a student has taken are given as a list of
    codes; a taken course counts as done even when its own prerequisites are not in the list, and codes not in the
    catalogue are allowed there and ignored.
    """

    def __init__(self):
        """
        Start with an empty catalogue.
        self.credits: dict, course code -> its credits (int); {} at first
        self.prereqs: dict, course code -> list of the codes of its direct prerequisites, sorted, without
            repeats; {} at first
        """
        self.credits = {}
        self.prereqs = {}

    def add_course(self, code: str, credits: int, prereqs: list) -> bool:
        """
        Add a course to the catalogue. A prerequisite named twice is stored once.
        :param code: str, the course code
        :param credits: int, its credits, at least 1
        :param prereqs: list of str, the codes of its direct prerequisites, each already in the catalogue
        :return: bool, True when the course was added; False (and nothing changes) when the code is not written
            as a course code or is already in the catalogue, the credits are below 1, or a prerequisite is not
            in the catalogue
        >>> planner = CoursePlanner()
        >>> planner.add_course("CS101", 4, []), planner.add_course("CS102", 4, ["CS101", "CS101"])
        (True, True)
        >>> planner.prereqs
        {'CS101': [], 'CS102': ['CS101']}
        """
        if not re.fullmatch(r"[A-Z]{2,4}[0-9]{3}", code) or code in self.credits or credits < 1:
            return False
        if any(prereq not in self.credits for prereq in prereqs):
            return False
        self.credits[code] = credits
        self.prereqs[code] = sorted(set(prereqs))
        return True

    def missing(self, goal: str, taken: list) -> list:
        """
        The prerequisites still to take before a goal course: searching back from the goal, every direct
        prerequisite of the goal not taken is missing, and so are the prerequisites of a missing course that are
        not taken; the prerequisites of any other taken course are not searched. The goal itself is not listed,
        and its prerequisites are searched even when the goal is in taken.
        :param goal: str, a course code in the catalogue
        :param taken: list of str, the codes of the courses taken
        :return: list of str, the missing codes, sorted
        :raises ValueError: when the goal is not in the catalogue
        >>> planner = CoursePlanner()
        >>> planner.add_course("CS101", 4, []), planner.add_course("CS102", 4, ["CS101"])
        (True, True)
        >>> planner.add_course("CS201", 4, ["CS102"]), planner.missing("CS201", []), planner.missing("CS201", ["CS102"])
        (True, ['CS101', 'CS102'], [])
        >>> planner.missing("CS201", ["CS201", "CS101"])
        ['CS102']
        """
        if goal not in self.prereqs:
            raise ValueError(f"no course {goal!r}")
        found = set()
        queue = deque([goal])
        while queue:
            for prereq in self.prereqs[queue.popleft()]:
                if prereq not in taken and prereq not in found:
                    found.add(prereq)
                    queue.append(prereq)
        return sorted(found)

    def all_prerequisites(self, goal: str) -> list:
        """
        Every course needed before a goal course, directly or through other prerequisites: the missing courses
        for a student who has taken nothing.
        :param goal: str, a course code in the catalogue
        :return: list of str, the codes, sorted
        :raises ValueError: when the goal is not in the catalogue
        >>> planner = CoursePlanner()
        >>> planner.add_course("MATH101", 4, []), planner.add_course("MATH201", 3, ["MATH101"])
        (True, True)
        >>> planner.all_prerequisites("MATH201"), planner.all_prerequisites("MATH101")
        (['MATH101'], [])
        """
        return self.missing(goal, [])

    def can_take(self, code: str, taken: list) -> bool:
        """
        Whether a student may enrol in a course now: the course is not taken yet and every direct prerequisite
        of it is taken.
        :param code: str, a course code in the catalogue
        :param taken: list of str, the codes of the courses taken
        :return: bool, True when the student may enrol
        :raises ValueError: when the course is not in the catalogue
        >>> planner = CoursePlanner()
        >>> planner.add_course("CS101", 4, []), planner.add_course("CS102", 4, ["CS101"])
        (True, True)
        >>> planner.can_take("CS102", ["CS101"]), planner.can_take("CS102", []), planner.can_take("CS101", ["CS101"])
        (True, False, False)
        """
        if code not in self.prereqs:
            raise ValueError(f"no course {code!r}")
        return code not in taken and all(prereq in taken for prereq in self.prereqs[code])

    def study_order(self, goal: str, taken: list) -> list:
        """
        An order in which to take the missing courses of a goal (as missing finds them) and then the goal:
        each course after its missing prerequisites; whenever several courses could come next, the one with
        the smallest code (compared as strings) comes first.
        :param goal: str, a course code in the catalogue
        :param taken: list of str, the codes of the courses taken
        :return: list of str, the codes in order, ending with the goal; [] when the goal is taken
        :raises ValueError: when the goal is not in the catalogue
        >>> planner = CoursePlanner()
        >>> planner.add_course("MATH101", 4, []), planner.add_course("CS101", 4, [])
        (True, True)
        >>> planner.add_course("CS201", 4, ["MATH101", "CS101"]), planner.study_order("CS201", [])
        (True, ['CS101', 'MATH101', 'CS201'])
        """
        todo = set(self.missing(goal, taken))
        if goal in taken:
            return []
        todo.add(goal)
        waiting = {course: {p for p in self.prereqs[course] if p in todo} for course in todo}
        ready = [course for course in todo if not waiting[course]]
        heapq.heapify(ready)
        order = []
        while ready:
            course = heapq.heappop(ready)
            order.append(course)
            for other, prereqs in waiting.items():
                if course in prereqs:
                    prereqs.remove(course)
                    if not prereqs:
                        heapq.heappush(ready, other)
        return order

    def semesters_needed(self, goal: str, taken: list) -> int:
        """
        The fewest semesters until the goal course is passed, when a semester holds any number of courses but
        a course can only be taken in a semester after those of all its missing prerequisites: the number of
        courses in the longest chain of missing prerequisites ending in the goal, the goal included.
        :param goal: str, a course code in the catalogue
        :param taken: list of str, the codes of the courses taken
        :return: int, the semesters, 0 when the goal is taken
        :raises ValueError: when the goal is not in the catalogue
        >>> planner = CoursePlanner()
        >>> planner.add_course("CS101", 4, []), planner.add_course("CS102", 4, ["CS101"])
        (True, True)
        >>> planner.semesters_needed("CS102", []), planner.semesters_needed("CS102", ["CS101"])
        (2, 1)
        """
        semester = {}
        for course in self.study_order(goal, taken):
            semester[course] = 1 + max(
                (semester[p] for p in self.prereqs[course] if p in semester), default=0
            )
        return max(semester.values(), default=0)

    def credits_left(self, goal: str, taken: list) -> int:
        """
        The credits still to earn to pass a goal course: the credits of every course of its study order.
        :param goal: str, a course code in the catalogue
        :param taken: list of str, the codes of the courses taken
        :return: int, the sum of the credits, 0 when the goal is taken
        :raises ValueError: when the goal is not in the catalogue
        >>> planner = CoursePlanner()
        >>> planner.add_course("CS101", 4, []), planner.add_course("CS102", 3, ["CS101"])
        (True, True)
        >>> planner.credits_left("CS102", []), planner.credits_left("CS102", ["CS101"])
        (7, 3)
        """
        return sum(self.credits[course] for course in self.study_order(goal, taken))
