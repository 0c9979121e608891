import unittest

from solution import BuildPlan


def plan_of(*targets):
    plan = BuildPlan()
    for name, minutes, deps in targets:
        plan.add_target(name, minutes, deps)
    return plan


SAMPLE = [("app", 5, ["lib", "assets"]), ("lib", 3, ["core"]), ("core", 2, []), ("assets", 4, [])]
DIAMOND = [("d", 1, ["b", "c"]), ("b", 2, ["a"]), ("c", 3, ["a"]), ("a", 1, []), ("e", 1, ["a", "d"])]


class BuildPlanTestAddTarget(unittest.TestCase):
    def test_add_target_1(self):
        plan = BuildPlan()
        self.assertIs(plan.add_target("app", 5, ["lib", "assets", "lib"]), True)
        self.assertIs(plan.add_target("app", 6, ["lib"]), False)
        self.assertEqual(plan.targets, {"app": [6, ["lib"]]})

    def test_add_target_2(self):
        plan = BuildPlan()
        self.assertIs(plan.add_target("core", 0, []), True)
        self.assertIs(plan.add_target("lib", 3, ["core"]), True)
        self.assertEqual(plan.targets, {"core": [0, []], "lib": [3, ["core"]]})

    def test_add_target_3(self):
        plan = plan_of(("core", 2, []))
        for name, minutes, deps in [("", 1, []), ("lib", -1, []), ("lib", 1, ["core", "lib"])]:
            with self.assertRaises(ValueError):
                plan.add_target(name, minutes, deps)
        self.assertEqual(plan.targets, {"core": [2, []]})

    def test_add_target_4(self):
        plan = BuildPlan()
        self.assertIs(plan.add_target("app", 1, ["ghost"]), True)
        self.assertEqual(plan.targets, {"app": [1, ["ghost"]]})

    def test_add_target_5(self):
        plan = BuildPlan()
        deps = ["z", "a", "m"]
        self.assertIs(plan.add_target("x", 2, deps), True)
        deps.append("q")
        self.assertEqual(plan.targets, {"x": [2, ["a", "m", "z"]]})


class BuildPlanTestRemoveTarget(unittest.TestCase):
    def test_remove_target_1(self):
        plan = plan_of(("lib", 3, []), ("app", 5, ["lib"]))
        self.assertIs(plan.remove_target("app"), True)
        self.assertIs(plan.remove_target("app"), False)
        self.assertEqual(plan.targets, {"lib": [3, []]})

    def test_remove_target_2(self):
        plan = plan_of(("lib", 3, []), ("app", 5, ["lib"]))
        with self.assertRaises(ValueError):
            plan.remove_target("lib")
        self.assertEqual(plan.targets, {"lib": [3, []], "app": [5, ["lib"]]})

    def test_remove_target_3(self):
        plan = plan_of(("app", 5, ["ghost"]))
        with self.assertRaises(ValueError):
            plan.remove_target("ghost")
        self.assertEqual(plan.targets, {"app": [5, ["ghost"]]})

    def test_remove_target_4(self):
        plan = plan_of(("app", 5, []))
        self.assertIs(plan.remove_target("lib"), False)
        self.assertEqual(plan.targets, {"app": [5, []]})

    def test_remove_target_5(self):
        plan = plan_of(*SAMPLE)
        self.assertIs(plan.remove_target("app"), True)
        self.assertIs(plan.remove_target("lib"), True)
        self.assertIs(plan.remove_target("core"), True)
        self.assertEqual(plan.targets, {"assets": [4, []]})


class BuildPlanTestRounds(unittest.TestCase):
    def test_rounds_1(self):
        self.assertEqual(plan_of(*SAMPLE).rounds(), [["assets", "core"], ["lib"], ["app"]])

    def test_rounds_2(self):
        self.assertEqual(BuildPlan().rounds(), [])

    def test_rounds_3(self):
        plan = plan_of(("app", 1, ["lib"]), ("lib", 1, ["ghost"]))
        with self.assertRaises(ValueError):
            plan.rounds()

    def test_rounds_4(self):
        with self.assertRaises(ValueError):
            plan_of(("a", 1, ["b"]), ("b", 1, ["a"])).rounds()
        with self.assertRaises(ValueError):
            plan_of(("a", 1, ["b"]), ("b", 1, ["c"]), ("c", 1, ["a"]), ("d", 1, [])).rounds()

    def test_rounds_5(self):
        self.assertEqual(plan_of(("c", 1, []), ("a", 1, []), ("b", 1, [])).rounds(), [["a", "b", "c"]])

    def test_rounds_6(self):
        plan = plan_of(*DIAMOND)
        self.assertEqual(plan.rounds(), [["a"], ["b", "c"], ["d"], ["e"]])
        self.assertEqual(plan.targets["e"], [1, ["a", "d"]])


class BuildPlanTestOrder(unittest.TestCase):
    def test_order_1(self):
        plan = plan_of(("b", 1, []), ("a", 1, ["c"]), ("c", 1, []))
        self.assertEqual(plan.order(), ["b", "c", "a"])

    def test_order_2(self):
        self.assertEqual(BuildPlan().order(), [])

    def test_order_3(self):
        with self.assertRaises(ValueError):
            plan_of(("a", 1, ["a2"]), ("a2", 1, ["a"])).order()
        with self.assertRaises(ValueError):
            plan_of(("a", 1, ["nothing"])).order()

    def test_order_4(self):
        self.assertEqual(plan_of(*DIAMOND).order(), ["a", "b", "c", "d", "e"])

    def test_order_5(self):
        plan = plan_of(("x", 1, ["y"]), ("y", 1, ["z"]), ("z", 1, []))
        self.assertEqual(plan.order(), ["z", "y", "x"])


class BuildPlanTestAffected(unittest.TestCase):
    def test_affected_1(self):
        plan = plan_of(*SAMPLE, ("docs", 1, ["core"]))
        self.assertEqual(plan.affected("core"), ["core", "docs", "lib", "app"])

    def test_affected_2(self):
        self.assertEqual(plan_of(*SAMPLE).affected("app"), ["app"])

    def test_affected_3(self):
        plan = plan_of(*SAMPLE)
        with self.assertRaises(ValueError):
            plan.affected("ghost")

    def test_affected_4(self):
        plan = plan_of(*DIAMOND)
        self.assertEqual(plan.affected("b"), ["b", "d", "e"])
        self.assertEqual(plan.affected("a"), ["a", "b", "c", "d", "e"])

    def test_affected_5(self):
        plan = plan_of(("x", 1, ["y"]), ("y", 1, ["z"]), ("z", 1, []), ("w", 1, []))
        self.assertEqual(plan.affected("z"), ["z", "y", "x"])
        self.assertEqual(plan.affected("w"), ["w"])

    def test_affected_6(self):
        plan = plan_of(("x", 1, ["y"]), ("y", 1, ["ghost"]))
        with self.assertRaises(ValueError):
            plan.affected("y")


class BuildPlanTestCriticalPath(unittest.TestCase):
    def test_critical_path_1(self):
        self.assertEqual(plan_of(*SAMPLE).critical_path(), (10, ["core", "lib", "app"]))

    def test_critical_path_2(self):
        self.assertEqual(BuildPlan().critical_path(), (0, []))

    def test_critical_path_3(self):
        self.assertEqual(plan_of(("a", 0, [])).critical_path(), (0, ["a"]))
        self.assertEqual(plan_of(("a", 7, [])).critical_path(), (7, ["a"]))

    def test_critical_path_4(self):
        self.assertEqual(plan_of(("b", 5, []), ("a", 5, [])).critical_path(), (5, ["a"]))
        plan = plan_of(("c", 1, ["b", "a"]), ("b", 3, []), ("a", 3, []))
        self.assertEqual(plan.critical_path(), (4, ["a", "c"]))

    def test_critical_path_5(self):
        plan = plan_of(("a", 1, []), ("b", 10, []), ("c", 2, ["a"]), ("d", 1, ["c", "b"]))
        self.assertEqual(plan.critical_path(), (11, ["b", "d"]))

    def test_critical_path_6(self):
        self.assertEqual(plan_of(("x", 5, []), ("a", 1, [])).critical_path(), (5, ["x"]))
        self.assertEqual(plan_of(*DIAMOND).critical_path(), (6, ["a", "c", "d", "e"]))

    def test_critical_path_7(self):
        with self.assertRaises(ValueError):
            plan_of(("a", 1, ["b"]), ("b", 1, ["a"])).critical_path()


class BuildPlanTest(unittest.TestCase):
    def test_build_plan_1(self):
        plan = BuildPlan()
        self.assertIs(plan.add_target("binary", 4, ["objects"]), True)
        with self.assertRaises(ValueError):
            plan.order()
        self.assertIs(plan.add_target("objects", 6, ["headers"]), True)
        self.assertIs(plan.add_target("headers", 1, []), True)
        self.assertIs(plan.add_target("manual", 2, ["headers"]), True)
        self.assertEqual(plan.rounds(), [["headers"], ["manual", "objects"], ["binary"]])
        self.assertEqual(plan.critical_path(), (11, ["headers", "objects", "binary"]))
        self.assertIs(plan.add_target("manual", 20, ["headers"]), False)
        self.assertEqual(plan.critical_path(), (21, ["headers", "manual"]))
        self.assertEqual(plan.affected("objects"), ["objects", "binary"])

    def test_build_plan_2(self):
        plan = plan_of(("a", 1, []), ("b", 1, ["a"]))
        self.assertIs(plan.add_target("a", 1, ["b"]), False)
        with self.assertRaises(ValueError):
            plan.rounds()
        with self.assertRaises(ValueError):
            plan.remove_target("b")
        self.assertIs(plan.add_target("a", 2, []), False)
        self.assertEqual(plan.order(), ["a", "b"])
        self.assertIs(plan.remove_target("b"), True)
        self.assertEqual(plan.critical_path(), (2, ["a"]))


if __name__ == "__main__":
    unittest.main()
