import unittest

from solution import SprinklerLayout


def layout_of(*sprinklers):
    layout = SprinklerLayout()
    for sprinkler in sprinklers:
        layout.place(*sprinkler)
    return layout


class SprinklerLayoutTestPlace(unittest.TestCase):
    def test_place_1(self):
        layout = SprinklerLayout()
        self.assertIs(layout.place("rose bed", 2, 3, 1.5), True)
        self.assertEqual(layout.sprinklers, {"rose bed": (2, 3, 1.5)})

    def test_place_2(self):
        layout = layout_of(("lawn", 0, 0, 4))
        self.assertIs(layout.place("lawn", 5, 5, 1), False)
        self.assertEqual(layout.sprinklers, {"lawn": (0, 0, 4)})

    def test_place_3(self):
        layout = layout_of(("lawn", 0, 0, 4))
        for name, radius in [("", 1), ("hedge", 0), ("hedge", -2), ("hedge", -0.5), ("", 0)]:
            with self.assertRaises(ValueError):
                layout.place(name, 1, 1, radius)
        self.assertEqual(layout.sprinklers, {"lawn": (0, 0, 4)})

    def test_place_4(self):
        layout = SprinklerLayout()
        self.assertIs(layout.place("b", 1, 2, 3), True)
        self.assertIs(layout.place("a", -4, -5, 0.25), True)
        self.assertIs(layout.place("c", 0.5, 0, 2), True)
        self.assertEqual(
            list(layout.sprinklers.items()),
            [("b", (1, 2, 3)), ("a", (-4, -5, 0.25)), ("c", (0.5, 0, 2))],
        )

    def test_place_5(self):
        layout = SprinklerLayout()
        self.assertIs(layout.place("drip", 0, 0, 0.001), True)
        self.assertIs(layout.place("Drip", 0, 0, 1), True)
        self.assertEqual(layout.sprinklers, {"drip": (0, 0, 0.001), "Drip": (0, 0, 1)})


class SprinklerLayoutTestRemove(unittest.TestCase):
    def test_remove_1(self):
        layout = layout_of(("lawn", 0, 0, 4))
        self.assertIs(layout.remove("lawn"), True)
        self.assertEqual(layout.sprinklers, {})

    def test_remove_2(self):
        layout = SprinklerLayout()
        self.assertIs(layout.remove("lawn"), False)
        self.assertEqual(layout.sprinklers, {})

    def test_remove_3(self):
        layout = layout_of(("a", 0, 0, 1), ("b", 2, 0, 1), ("c", 4, 0, 1))
        self.assertIs(layout.remove("b"), True)
        self.assertIs(layout.remove("b"), False)
        self.assertEqual(list(layout.sprinklers), ["a", "c"])

    def test_remove_4(self):
        layout = layout_of(("a", 0, 0, 1))
        self.assertIs(layout.remove("A"), False)
        self.assertEqual(layout.sprinklers, {"a": (0, 0, 1)})

    def test_remove_5(self):
        layout = layout_of(("a", 0, 0, 1))
        self.assertIs(layout.remove("a"), True)
        self.assertIs(layout.place("a", 9, 9, 2), True)
        self.assertEqual(layout.sprinklers, {"a": (9, 9, 2)})


class SprinklerLayoutTestDistance(unittest.TestCase):
    def test_distance_1(self):
        layout = layout_of(("a", 1, 1, 2), ("b", 4, 5, 2))
        self.assertEqual(layout.distance("a", "b"), 5.0)

    def test_distance_2(self):
        layout = layout_of(("a", 1, 1, 2), ("b", 4, 5, 2))
        self.assertEqual(layout.distance("a", "a"), 0.0)
        self.assertEqual(layout.distance("b", "a"), 5.0)

    def test_distance_3(self):
        layout = layout_of(("a", -2, 3, 1), ("b", 3, -9, 1))
        self.assertEqual(layout.distance("a", "b"), 13.0)

    def test_distance_4(self):
        layout = layout_of(("a", 0, 0, 1), ("b", 0, 7, 1), ("c", -3, 0, 1))
        self.assertEqual(layout.distance("a", "b"), 7.0)
        self.assertEqual(layout.distance("c", "a"), 3.0)
        self.assertEqual(layout.distance("b", "c"), 58**0.5)

    def test_distance_5(self):
        layout = layout_of(("a", 0, 0, 1))
        for first, second in [("a", "x"), ("x", "a"), ("x", "y")]:
            with self.assertRaises(KeyError):
                layout.distance(first, second)
        self.assertEqual(layout.sprinklers, {"a": (0, 0, 1)})


class SprinklerLayoutTestOverlap(unittest.TestCase):
    def test_overlap_1(self):
        layout = layout_of(("a", 0, 0, 1), ("b", 1, 0, 1), ("c", 5, 0, 1))
        # 2 * pi / 3 - sqrt(3) / 2 = 2.094395 - 0.866025
        self.assertEqual(layout.overlap("a", "b"), 1.2284)
        self.assertEqual(layout.overlap("a", "c"), 0.0)
        self.assertEqual(layout.overlap("a", "a"), 3.1416)

    def test_overlap_2(self):
        layout = layout_of(("a", 0, 0, 1), ("b", 2, 0, 1), ("c", 10, 0, 3), ("d", 15, 0, 2))
        self.assertEqual(layout.overlap("a", "b"), 0.0)
        self.assertEqual(layout.overlap("c", "d"), 0.0)
        self.assertEqual(layout.overlap("a", "d"), 0.0)
        touching = layout_of(("small", 0, 0, 0.2), ("large", 0.5, 0, 0.3))
        self.assertEqual(touching.overlap("small", "large"), 0.0)
        self.assertEqual(touching.overlap("large", "small"), 0.0)

    def test_overlap_3(self):
        layout = layout_of(
            ("big", 0, 0, 5), ("small", 1, 0, 2), ("core", 0, 0, 1), ("edge", 2, 0, 3)
        )
        self.assertEqual(layout.overlap("big", "small"), 12.5664)
        self.assertEqual(layout.overlap("small", "big"), 12.5664)
        self.assertEqual(layout.overlap("core", "big"), 3.1416)
        # touching from inside: d = 2 = 5 - 3
        self.assertEqual(layout.overlap("big", "edge"), 28.2743)

    def test_overlap_4(self):
        layout = layout_of(("a", 0, 0, 2), ("b", 2, 0, 1), ("c", 0, 0, 3), ("d", 3, 4, 4))
        # 4 * acos(7/8) + acos(1/4) - sqrt(15) / 2 = 2.021442 + 1.318116 - 1.936492
        self.assertEqual(layout.overlap("a", "b"), 1.4031)
        self.assertEqual(layout.overlap("b", "a"), 1.4031)
        # 9 * acos(0.6) + 16 * acos(0.8) - sqrt(576) / 2 = 8.345656 + 10.296017 - 12
        self.assertEqual(layout.overlap("c", "d"), 6.6417)

    def test_overlap_5(self):
        layout = layout_of(("a", 0, 0, 1), ("b", 1, 1, 1), ("c", 0, 0, 5), ("d", 6, 0, 5))
        # pi / 2 - 1
        self.assertEqual(layout.overlap("a", "b"), 0.5708)
        # 50 * acos(0.6) - 24
        self.assertEqual(layout.overlap("c", "d"), 22.3648)
        with self.assertRaises(KeyError):
            layout.overlap("a", "x")
        self.assertEqual(len(layout.sprinklers), 4)


class SprinklerLayoutTestWettedBy(unittest.TestCase):
    def test_wetted_by_1(self):
        layout = layout_of(("west", 0, 0, 5), ("east", 8, 0, 5))
        self.assertEqual(layout.wetted_by(4, 0), ["east", "west"])
        self.assertEqual(layout.wetted_by(3, 4), ["west"])
        self.assertEqual(layout.wetted_by(4, 4), [])

    def test_wetted_by_2(self):
        self.assertEqual(SprinklerLayout().wetted_by(0, 0), [])

    def test_wetted_by_3(self):
        layout = layout_of(("lawn", 0, 0, 5))
        self.assertEqual(layout.wetted_by(5, 0), ["lawn"])
        self.assertEqual(layout.wetted_by(0, -5), ["lawn"])
        self.assertEqual(layout.wetted_by(5.5, 0), [])
        self.assertEqual(layout.wetted_by(0, 5.01), [])

    def test_wetted_by_4(self):
        layout = layout_of(("zinnia", 1, 0, 2), ("aster", 0, 1, 2), ("mint", -1, -1, 2))
        self.assertEqual(layout.wetted_by(0, 0), ["aster", "mint", "zinnia"])
        self.assertEqual(list(layout.sprinklers), ["zinnia", "aster", "mint"])

    def test_wetted_by_5(self):
        layout = layout_of(("corner", -3, -3, 1), ("far", 10, 10, 1))
        self.assertEqual(layout.wetted_by(-3, -2), ["corner"])
        self.assertEqual(layout.wetted_by(-2, -2), [])
        self.assertEqual(layout.wetted_by(10, 9), ["far"])
        self.assertEqual(layout.sprinklers, {"corner": (-3, -3, 1), "far": (10, 10, 1)})


class SprinklerLayoutTestDryPoints(unittest.TestCase):
    def test_dry_points_1(self):
        layout = layout_of(("centre", 1, 1, 1))
        self.assertEqual(layout.dry_points(2, 2), [(0, 0), (0, 2), (2, 0), (2, 2)])

    def test_dry_points_2(self):
        self.assertEqual(
            SprinklerLayout().dry_points(1, 2), [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]
        )

    def test_dry_points_3(self):
        layout = SprinklerLayout()
        self.assertEqual(layout.dry_points(0, 0), [(0, 0)])
        layout.place("spot", 0, 0, 0.5)
        self.assertEqual(layout.dry_points(0, 0), [])
        self.assertEqual(layout.dry_points(1, 0), [(1, 0)])

    def test_dry_points_4(self):
        layout = layout_of(("centre", 1, 1, 1))
        for width, height in [(-1, 2), (2, -1), (-1, -1)]:
            with self.assertRaises(ValueError):
                layout.dry_points(width, height)
        self.assertEqual(layout.sprinklers, {"centre": (1, 1, 1)})

    def test_dry_points_5(self):
        layout = layout_of(("a", 0, 0, 1), ("b", 3, 0, 1))
        self.assertEqual(layout.dry_points(3, 1), [(1, 1), (2, 1)])
        self.assertEqual(layout.dry_points(3, 0), [])


class SprinklerLayoutTestBoundingBox(unittest.TestCase):
    def test_bounding_box_1(self):
        layout = layout_of(("a", 0, 0, 1), ("b", 5, 2, 2))
        self.assertEqual(layout.bounding_box(), (-1, -1, 7, 4))

    def test_bounding_box_2(self):
        with self.assertRaises(ValueError):
            SprinklerLayout().bounding_box()

    def test_bounding_box_3(self):
        self.assertEqual(layout_of(("a", 2, 3, 1.5)).bounding_box(), (0.5, 1.5, 3.5, 4.5))

    def test_bounding_box_4(self):
        layout = layout_of(("a", 0, 10, 1), ("b", 10, 0, 2), ("c", -5, 3, 3))
        self.assertEqual(layout.bounding_box(), (-8, -2, 12, 11))

    def test_bounding_box_5(self):
        layout = layout_of(("wide", 0, 0, 10), ("b", 5, 0, 1))
        self.assertEqual(layout.bounding_box(), (-10, -10, 10, 10))
        layout.remove("wide")
        self.assertEqual(layout.bounding_box(), (4, -1, 6, 1))
        layout.remove("b")
        with self.assertRaises(ValueError):
            layout.bounding_box()


class SprinklerLayoutTest(unittest.TestCase):
    def test_planning_a_lawn(self):
        layout = SprinklerLayout()
        self.assertIs(layout.place("north", 2, 4, 2), True)
        self.assertIs(layout.place("south", 2, 0, 2), True)
        self.assertEqual(layout.distance("north", "south"), 4.0)
        self.assertEqual(layout.overlap("north", "south"), 0.0)
        self.assertEqual(layout.wetted_by(2, 2), ["north", "south"])
        self.assertEqual(
            layout.dry_points(4, 4),
            [(0, 1), (0, 2), (0, 3), (1, 2), (3, 2), (4, 1), (4, 2), (4, 3)],
        )
        self.assertEqual(layout.bounding_box(), (0, -2, 4, 6))

    def test_moving_a_sprinkler_closer(self):
        layout = layout_of(("a", 0, 0, 1), ("b", 3, 0, 1))
        self.assertEqual(layout.overlap("a", "b"), 0.0)
        self.assertEqual(layout.dry_points(3, 0), [])
        self.assertIs(layout.remove("b"), True)
        self.assertIs(layout.place("b", 1, 0, 1), True)
        self.assertEqual(layout.distance("a", "b"), 1.0)
        self.assertEqual(layout.overlap("a", "b"), 1.2284)
        self.assertEqual(layout.dry_points(3, 0), [(3, 0)])
        self.assertEqual(layout.wetted_by(0.5, 0), ["a", "b"])

    def test_a_sprinkler_inside_another(self):
        layout = layout_of(("main", 0, 0, 3), ("spot", 1, 1, 1))
        self.assertEqual(layout.overlap("main", "spot"), 3.1416)
        self.assertIs(layout.place("main", 9, 9, 9), False)
        self.assertEqual(layout.wetted_by(1, 2), ["main", "spot"])
        self.assertEqual(layout.wetted_by(3, 0), ["main"])
        self.assertIs(layout.remove("main"), True)
        self.assertEqual(layout.bounding_box(), (0, 0, 2, 2))
        self.assertEqual(layout.dry_points(1, 1), [(0, 0)])
