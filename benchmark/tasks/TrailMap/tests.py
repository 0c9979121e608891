import unittest

from solution import TrailMap

HILLS = ["1234", "1#35", "1119"]


class TrailMapTestHeight(unittest.TestCase):
    def test_height_1(self):
        trail = TrailMap(["12", "#9"])
        self.assertEqual(trail.height(1, 1), 9)
        self.assertEqual(trail.height(0, 0), 1)

    def test_height_2(self):
        trail = TrailMap(HILLS)
        self.assertEqual(trail.height(0, 3), 4)
        self.assertEqual(trail.height(2, 3), 9)
        self.assertEqual(trail.height(1, 0), 1)
        self.assertEqual(TrailMap(["0"]).height(0, 0), 0)

    def test_height_3(self):
        trail = TrailMap(HILLS)
        for row, column in [(1, 1), (-1, 0), (0, 4), (3, 0), (0, -1)]:
            with self.assertRaises(ValueError):
                trail.height(row, column)

    def test_height_4(self):
        trail = TrailMap(HILLS)
        trail.close(0, 1)
        self.assertEqual(trail.height(0, 1), 2)
        self.assertEqual(trail.closed, {(0, 1)})

    def test_height_5(self):
        trail = TrailMap(HILLS)
        self.assertEqual(trail.height(2, 2), 1)
        self.assertEqual(trail.rows, HILLS)


class TrailMapTestSteps(unittest.TestCase):
    def test_steps_1(self):
        self.assertEqual(TrailMap(["151", "2#1"]).steps(0, 0), [(1, 0, 2)])

    def test_steps_2(self):
        self.assertEqual(TrailMap(HILLS).steps(1, 2), [(0, 2, 1), (1, 3, 3), (2, 2, 1)])

    def test_steps_3(self):
        self.assertEqual(TrailMap(["050"]).steps(0, 1), [])
        trail = TrailMap(["14"])
        self.assertEqual(trail.steps(0, 0), [(0, 1, 4)])
        self.assertEqual(trail.steps(0, 1), [(0, 0, 1)])
        self.assertEqual(TrailMap(["15"]).steps(0, 0), [])

    def test_steps_4(self):
        trail = TrailMap(HILLS)
        trail.close(0, 1)
        self.assertEqual(trail.steps(0, 0), [(1, 0, 1)])
        self.assertEqual(trail.steps(0, 1), [(0, 2, 2), (0, 0, 1)])

    def test_steps_5(self):
        trail = TrailMap(HILLS)
        for row, column in [(1, 1), (3, 0), (0, -1)]:
            with self.assertRaises(ValueError):
                trail.steps(row, column)

    def test_steps_6(self):
        trail = TrailMap(HILLS)
        self.assertEqual(trail.steps(2, 3), [])
        self.assertEqual(trail.steps(1, 0), [(0, 0, 1), (2, 0, 1)])
        self.assertEqual(TrailMap(["222", "222", "222"]).steps(1, 1), [(0, 1, 1), (1, 2, 1), (2, 1, 1), (1, 0, 1)])


class TrailMapTestClose(unittest.TestCase):
    def test_close_1(self):
        trail = TrailMap(["12", "34"])
        self.assertIs(trail.close(0, 1), True)
        self.assertIs(trail.close(0, 1), False)
        self.assertEqual(trail.closed, {(0, 1)})

    def test_close_2(self):
        trail = TrailMap(HILLS)
        for row, column in [(1, 1), (3, 3), (-1, 0), (0, 4)]:
            with self.assertRaises(ValueError):
                trail.close(row, column)
        self.assertEqual(trail.closed, set())

    def test_close_3(self):
        trail = TrailMap(HILLS)
        for row, column in [(2, 0), (0, 0), (2, 3)]:
            self.assertIs(trail.close(row, column), True)
        self.assertEqual(trail.closed, {(2, 0), (0, 0), (2, 3)})

    def test_close_4(self):
        trail = TrailMap(HILLS)
        self.assertIs(trail.close(1, 0), True)
        self.assertEqual(trail.rows, HILLS)
        self.assertEqual(trail.height(1, 0), 1)

    def test_close_5(self):
        trail = TrailMap(["11"])
        self.assertIs(trail.close(0, 0), True)
        self.assertEqual(trail.steps(0, 1), [])
        self.assertIs(trail.close(0, 1), True)
        self.assertEqual(trail.closed, {(0, 0), (0, 1)})


class TrailMapTestRoute(unittest.TestCase):
    def test_route_1(self):
        # Over the top row and down costs 8 in 4 steps, as does the way down through (1, 2): (0, 3) comes first.
        self.assertEqual(TrailMap(HILLS).route(0, 0, 1, 3), (8, [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)]))

    def test_route_2(self):
        trail = TrailMap(HILLS)
        self.assertEqual(trail.route(2, 2, 2, 2), (0, [(2, 2)]))
        self.assertEqual(trail.route(0, 0, 2, 3), (-1, []))

    def test_route_3(self):
        trail = TrailMap(HILLS)
        for cells in [(0, 0, 1, 1), (0, 0, 3, 0), (1, 1, 0, 0), (0, 5, 0, 0), (-1, 0, 0, 0)]:
            with self.assertRaises(ValueError):
                trail.route(*cells)

    def test_route_4(self):
        trail = TrailMap(HILLS)
        trail.close(0, 3)
        self.assertEqual(trail.route(0, 0, 1, 3), (8, [(0, 0), (0, 1), (0, 2), (1, 2), (1, 3)]))
        trail.close(1, 2)
        self.assertEqual(trail.route(0, 0, 1, 3), (-1, []))
        self.assertEqual(trail.route(1, 3, 0, 0), (-1, []))

    def test_route_5(self):
        # Over the hill: 3 + 1 in two steps; around it: four flat steps of 1. Fewer steps win the tie.
        trail = TrailMap(["000", "020"])
        self.assertEqual(trail.route(1, 0, 1, 2), (4, [(1, 0), (1, 1), (1, 2)]))
        flat = TrailMap(["000", "000"])
        self.assertEqual(flat.route(0, 0, 1, 1), (2, [(0, 0), (0, 1), (1, 1)]))
        self.assertEqual(flat.route(1, 1, 0, 0), (2, [(1, 1), (0, 1), (0, 0)]))

    def test_route_6(self):
        trail = TrailMap(HILLS)
        trail.close(0, 0)
        self.assertEqual(trail.route(0, 0, 2, 0), (2, [(0, 0), (1, 0), (2, 0)]))
        self.assertEqual(trail.route(2, 0, 0, 0), (-1, []))
        self.assertEqual(trail.route(0, 0, 0, 0), (0, [(0, 0)]))

    def test_route_7(self):
        self.assertEqual(TrailMap(HILLS).route(1, 3, 0, 0), (4, [(1, 3), (0, 3), (0, 2), (0, 1), (0, 0)]))


class TrailMapTestReachable(unittest.TestCase):
    def test_reachable_1(self):
        self.assertEqual(
            TrailMap(HILLS).reachable(0, 0, 3), {(0, 0): 0, (0, 1): 2, (1, 0): 1, (2, 0): 2, (2, 1): 3}
        )

    def test_reachable_2(self):
        self.assertEqual(TrailMap(HILLS).reachable(1, 3, 0), {(1, 3): 0})

    def test_reachable_3(self):
        trail = TrailMap(HILLS)
        for row, column, budget in [(0, 0, -1), (1, 1, 5), (3, 0, 5)]:
            with self.assertRaises(ValueError):
                trail.reachable(row, column, budget)

    def test_reachable_4(self):
        trail = TrailMap(HILLS)
        trail.close(1, 0)
        self.assertEqual(trail.reachable(0, 0, 3), {(0, 0): 0, (0, 1): 2})

    def test_reachable_5(self):
        expected = {(0, 0): 2, (0, 1): 4, (0, 2): 6, (0, 3): 8, (1, 0): 1, (1, 2): 5, (1, 3): 8, (2, 0): 0,
                    (2, 1): 1, (2, 2): 2}
        result = TrailMap(HILLS).reachable(2, 0, 100)
        self.assertEqual(result, expected)
        self.assertEqual(list(result), sorted(expected))

    def test_reachable_6(self):
        result = TrailMap(HILLS).reachable(2, 0, 5)
        self.assertEqual(result, {(0, 0): 2, (0, 1): 4, (1, 0): 1, (1, 2): 5, (2, 0): 0, (2, 1): 1, (2, 2): 2})


class TrailMapTestPeaks(unittest.TestCase):
    def test_peaks_1(self):
        self.assertEqual(TrailMap(HILLS).peaks(), [(2, 3)])

    def test_peaks_2(self):
        self.assertEqual(TrailMap(["11", "11"]).peaks(), [])
        self.assertEqual(TrailMap(["5"]).peaks(), [(0, 0)])

    def test_peaks_3(self):
        self.assertEqual(TrailMap(["#1#", "#2#"]).peaks(), [(1, 1)])
        self.assertEqual(TrailMap(["###", "#0#", "###"]).peaks(), [(1, 1)])

    def test_peaks_4(self):
        trail = TrailMap(HILLS)
        trail.close(2, 3)
        trail.close(1, 3)
        self.assertEqual(trail.peaks(), [(2, 3)])
        self.assertEqual(trail.closed, {(2, 3), (1, 3)})

    def test_peaks_5(self):
        self.assertEqual(TrailMap(["919", "111", "191"]).peaks(), [(0, 0), (0, 2), (2, 1)])
        self.assertEqual(TrailMap(["98", "89"]).peaks(), [(0, 0), (1, 1)])
        self.assertEqual(TrailMap(["12", "21"]).peaks(), [(0, 1), (1, 0)])


class TrailMapTestIsGround(unittest.TestCase):
    def test_is_ground_1(self):
        trail = TrailMap(["1#"])
        self.assertIs(trail.is_ground(0, 0), True)
        self.assertIs(trail.is_ground(0, 1), False)
        self.assertIs(trail.is_ground(1, 0), False)
        self.assertIs(trail.is_ground(0, -1), False)

    def test_is_ground_2(self):
        trail = TrailMap(HILLS)
        self.assertIs(trail.is_ground(1, 1), False)
        self.assertIs(trail.is_ground(2, 3), True)
        self.assertIs(trail.is_ground(3, 3), False)
        self.assertIs(trail.is_ground(0, 4), False)

    def test_is_ground_3(self):
        trail = TrailMap(HILLS)
        trail.close(0, 0)
        self.assertIs(trail.is_ground(0, 0), True)

    def test_is_ground_4(self):
        trail = TrailMap(HILLS)
        self.assertIs(trail.is_ground(-1, 0), False)
        self.assertIs(trail.is_ground(-1, -1), False)
        self.assertIs(trail.is_ground(2, -4), False)

    def test_is_ground_5(self):
        trail = TrailMap(["0"])
        self.assertIs(trail.is_ground(0, 0), True)
        self.assertEqual(trail.closed, set())


class TrailMapTestRender(unittest.TestCase):
    def test_render_1(self):
        trail = TrailMap(HILLS)
        self.assertEqual(trail.render([(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)]), "****\n1#3*\n1119")

    def test_render_2(self):
        self.assertEqual(TrailMap(HILLS).render([]), "1234\n1#35\n1119")

    def test_render_3(self):
        trail = TrailMap(HILLS)
        trail.close(2, 0)
        self.assertEqual(trail.render([]), "1234\n1#35\nx119")
        self.assertEqual(trail.render([(2, 0)]), "1234\n1#35\n*119")

    def test_render_4(self):
        trail = TrailMap(["000", "020"])
        self.assertEqual(trail.render(trail.route(1, 0, 1, 2)[1]), "000\n***")

    def test_render_5(self):
        trail = TrailMap(["12"])
        self.assertEqual(trail.render([(0, 1)]), "1*")
        self.assertEqual(trail.rows, ["12"])


class TrailMapTest(unittest.TestCase):
    def test_a_trail_closed_for_repairs(self):
        trail = TrailMap(["1234", "1#35", "1119"])
        self.assertEqual(trail.route(2, 0, 1, 3), (8, [(2, 0), (2, 1), (2, 2), (1, 2), (1, 3)]))
        self.assertIs(trail.close(1, 2), True)
        cost, path = trail.route(2, 0, 1, 3)
        self.assertEqual((cost, path), (10, [(2, 0), (1, 0), (0, 0), (0, 1), (0, 2), (0, 3), (1, 3)]))
        self.assertEqual(trail.render(path), "****\n*#x*\n*119")
        self.assertEqual(trail.reachable(2, 0, 2), {(0, 0): 2, (1, 0): 1, (2, 0): 0, (2, 1): 1, (2, 2): 2})
        self.assertEqual(trail.peaks(), [(2, 3)])
        self.assertEqual(trail.height(1, 2), 3)
        self.assertIs(trail.is_ground(1, 2), True)

    def test_downhill_is_cheaper(self):
        trail = TrailMap(["4321", "5##0"])
        self.assertEqual(trail.route(0, 0, 1, 3), (4, [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)]))
        self.assertEqual(trail.route(1, 3, 0, 0), (8, [(1, 3), (0, 3), (0, 2), (0, 1), (0, 0)]))
        self.assertEqual(trail.steps(0, 0), [(0, 1, 1), (1, 0, 2)])
        self.assertEqual(trail.peaks(), [(1, 0)])
        self.assertEqual([trail.height(0, c) for c in range(4) if trail.is_ground(0, c)], [4, 3, 2, 1])
        self.assertIs(trail.is_ground(1, 1), False)
