import unittest

from solution import PlotSurvey

NOTCHED = [(0, 0), (4, 0), (4, 4), (2, 1), (0, 4)]
FIELD = [(0, 0), (30, 0), (30, 20), (0, 20)]


def plot_of(corners):
    plot = PlotSurvey()
    for x, y in corners:
        plot.add_corner(x, y)
    return plot


class PlotSurveyTestAddCorner(unittest.TestCase):
    def test_add_corner_1(self):
        plot = PlotSurvey()
        self.assertEqual(plot.add_corner(0, 0), 1)
        self.assertEqual(plot.add_corner(30, 0), 2)
        self.assertEqual(plot.corners, [(0, 0), (30, 0)])

    def test_add_corner_2(self):
        plot = plot_of([(0, 0), (30, 0)])
        with self.assertRaises(ValueError):
            plot.add_corner(0, 0)
        with self.assertRaises(ValueError):
            plot.add_corner(30, 0.0)
        self.assertEqual(plot.corners, [(0, 0), (30, 0)])

    def test_add_corner_3(self):
        plot = PlotSurvey()
        self.assertEqual(plot.add_corner(1.5, -2.25), 1)
        self.assertEqual(plot.add_corner(-2.25, 1.5), 2)
        self.assertEqual(plot.corners, [(1.5, -2.25), (-2.25, 1.5)])

    def test_add_corner_4(self):
        plot = PlotSurvey()
        for count, corner in enumerate([(5, 5), (0, 0), (5, 0)], start=1):
            self.assertEqual(plot.add_corner(*corner), count)
        self.assertEqual(plot.corners, [(5, 5), (0, 0), (5, 0)])

    def test_add_corner_5(self):
        plot = plot_of([(0, 0)])
        plot.walk(10, 90)
        self.assertEqual(plot.add_corner(10, 5), 3)
        with self.assertRaises(ValueError):
            plot.add_corner(10, 0)
        self.assertEqual(plot.corners, [(0, 0), (10.0, 0.0), (10, 5)])


class PlotSurveyTestWalk(unittest.TestCase):
    def test_walk_1(self):
        plot = plot_of([(0, 0)])
        self.assertEqual(plot.walk(10, 30), (5.0, 8.66))
        self.assertEqual(plot.walk(5, 180), (5.0, 3.66))
        self.assertEqual(plot.corners, [(0, 0), (5.0, 8.66), (5.0, 3.66)])

    def test_walk_2(self):
        plot = plot_of([(0, 0)])
        self.assertEqual(plot.walk(10, 90), (10.0, 0.0))
        self.assertEqual(plot.walk(10, 180), (10.0, -10.0))
        self.assertEqual(plot.walk(10, 270), (0.0, -10.0))
        with self.assertRaises(ValueError):
            plot.walk(10, 0)
        self.assertEqual(plot.corners, [(0, 0), (10.0, 0.0), (10.0, -10.0), (0.0, -10.0)])

    def test_walk_3(self):
        plot = PlotSurvey()
        with self.assertRaises(ValueError):
            plot.walk(10, 90)
        plot.add_corner(1, 1)
        for bearing in [0, 90, 200]:
            with self.assertRaises(ValueError):
                plot.walk(0, bearing)
        self.assertEqual(plot.corners, [(1, 1)])
        self.assertEqual(plot.walk(-5, 90), (-4.0, 1.0))
        self.assertEqual(plot.walk(-0.5, 0), (-4.0, 0.5))
        self.assertEqual(plot.corners, [(1, 1), (-4.0, 1.0), (-4.0, 0.5)])

    def test_walk_4(self):
        plot = plot_of([(0, 0)])
        self.assertEqual(plot.walk(2, 450), (2.0, 0.0))
        self.assertEqual(plot.walk(4, -90), (-2.0, 0.0))
        self.assertEqual(plot.walk(3, 720), (-2.0, 3.0))

    def test_walk_5(self):
        plot = plot_of([(0, 0)])
        self.assertEqual(plot.walk(1, 45), (0.707, 0.707))
        with self.assertRaises(ValueError):
            plot.walk(0.0004, 0)
        self.assertEqual(plot.walk(0.0006, 0), (0.707, 0.708))
        self.assertEqual(plot.corners, [(0, 0), (0.707, 0.707), (0.707, 0.708)])


class PlotSurveyTestArea(unittest.TestCase):
    def test_area_1(self):
        self.assertEqual(plot_of(FIELD).area(), 600.0)

    def test_area_2(self):
        self.assertEqual(PlotSurvey().area(), 0.0)
        self.assertEqual(plot_of([(3, 4)]).area(), 0.0)
        self.assertEqual(plot_of([(0, 0), (3, 4)]).area(), 0.0)

    def test_area_3(self):
        self.assertEqual(plot_of([(0, 0), (6, 0), (0, 3)]).area(), 9.0)
        self.assertEqual(plot_of([(0, 3), (6, 0), (0, 0)]).area(), 9.0)

    def test_area_4(self):
        # A 4 by 4 square less the notch triangle (4, 4), (2, 1), (0, 4) of area 6.
        self.assertEqual(plot_of(NOTCHED).area(), 10.0)

    def test_area_5(self):
        plot = plot_of([(0, 0), (3, 0), (1, 2.2222)])
        self.assertEqual(plot.area(), 3.33)
        self.assertEqual(plot.corners, [(0, 0), (3, 0), (1, 2.2222)])

    def test_area_6(self):
        self.assertEqual(plot_of([(-2, -1), (2, -1), (2, 1), (-2, 1)]).area(), 8.0)
        self.assertEqual(plot_of([(0, 0), (1, 1), (2, 2)]).area(), 0.0)


class PlotSurveyTestPerimeter(unittest.TestCase):
    def test_perimeter_1(self):
        self.assertEqual(plot_of([(0, 0), (3, 0), (3, 4)]).perimeter(), 12.0)

    def test_perimeter_2(self):
        self.assertEqual(PlotSurvey().perimeter(), 0.0)
        self.assertEqual(plot_of([(7, 7)]).perimeter(), 0.0)
        self.assertEqual(plot_of([(0, 0), (3, 4)]).perimeter(), 10.0)

    def test_perimeter_3(self):
        self.assertEqual(plot_of(FIELD).perimeter(), 100.0)

    def test_perimeter_4(self):
        # 1 + sqrt(2) + 1 = 3.4142...
        self.assertEqual(plot_of([(0, 0), (1, 0), (0, 1)]).perimeter(), 3.41)

    def test_perimeter_5(self):
        self.assertEqual(plot_of([(0, 0), (4, 0), (0, 3), (4, 3)]).perimeter(), 18.0)
        plot = plot_of([(0, 0), (4, 0), (4, 3), (0, 3)])
        self.assertEqual(plot.perimeter(), 14.0)
        self.assertEqual(len(plot.corners), 4)


class PlotSurveyTestBearing(unittest.TestCase):
    def test_bearing_1(self):
        plot = plot_of([(0, 0), (10, 10), (-5, 0)])
        self.assertEqual(plot.bearing(0, 1), 45.0)
        self.assertEqual(plot.bearing(1, 0), 225.0)
        self.assertEqual(plot.bearing(0, 2), 270.0)

    def test_bearing_2(self):
        plot = plot_of([(0, 0), (0, 5), (5, 0), (0, -5)])
        self.assertEqual(plot.bearing(0, 1), 0.0)
        self.assertEqual(plot.bearing(0, 2), 90.0)
        self.assertEqual(plot.bearing(0, 3), 180.0)
        self.assertEqual(plot.bearing(1, 0), 180.0)
        self.assertEqual(plot.bearing(2, 1), 315.0)

    def test_bearing_3(self):
        plot = plot_of([(0, 0), (1, 1)])
        for start, end in [(0, 2), (2, 0), (-1, 0), (0, -1), (1, 1), (0, 0)]:
            with self.assertRaises(ValueError):
                plot.bearing(start, end)
        with self.assertRaises(ValueError):
            PlotSurvey().bearing(0, 1)

    def test_bearing_4(self):
        plot = plot_of([(0, 0), (1, 2), (-1, -2)])
        self.assertEqual(plot.bearing(0, 1), 26.6)
        self.assertEqual(plot.bearing(0, 2), 206.6)

    def test_bearing_5(self):
        plot = plot_of([(0, 0), (-0.001, 10), (0.001, 10), (-1, 100)])
        self.assertEqual(plot.bearing(0, 1), 0.0)
        self.assertEqual(plot.bearing(0, 2), 0.0)
        self.assertEqual(plot.bearing(0, 3), 359.4)
        self.assertEqual(len(plot.corners), 4)


class PlotSurveyTestContains(unittest.TestCase):
    def test_contains_1(self):
        plot = plot_of(NOTCHED)
        self.assertIs(plot.contains(1, 1), True)
        self.assertIs(plot.contains(2, 3), False)
        self.assertIs(plot.contains(4, 2), True)
        self.assertIs(plot.contains(5, 1), False)

    def test_contains_2(self):
        self.assertIs(PlotSurvey().contains(0, 0), False)
        plot = plot_of([(0, 0), (4, 0)])
        self.assertIs(plot.contains(2, 0), False)
        self.assertIs(plot.contains(0, 0), False)

    def test_contains_3(self):
        plot = plot_of([(0, 0), (4, 0), (4, 4), (0, 4)])
        for x, y in [(0, 0), (4, 4), (2, 0), (0, 2), (2, 4), (4, 0.5), (2, 2)]:
            self.assertIs(plot.contains(x, y), True, (x, y))
        for x, y in [(4.5, 2), (-0.5, 2), (2, -1), (2, 5), (5, 4), (-1, 0)]:
            self.assertIs(plot.contains(x, y), False, (x, y))

    def test_contains_4(self):
        # The ray to the east from (1, 2) and from (-1, 2) runs through the corner (4, 2).
        plot = plot_of([(0, 0), (4, 2), (0, 4)])
        self.assertIs(plot.contains(1, 2), True)
        self.assertIs(plot.contains(5, 2), False)
        self.assertIs(plot.contains(-1, 2), False)

    def test_contains_5(self):
        plot = plot_of([(0, 0), (4, 0), (0, 4)])
        self.assertIs(plot.contains(2, 2), True)
        self.assertIs(plot.contains(2.5, 2), False)
        self.assertIs(plot.contains(1, 1), True)
        self.assertIs(plot.contains(6, -2), False)
        self.assertEqual(plot.corners, [(0, 0), (4, 0), (0, 4)])

    def test_contains_6(self):
        plot = plot_of(NOTCHED)
        self.assertIs(plot.contains(2, 1), True)
        self.assertIs(plot.contains(3, 2.5), True)
        self.assertIs(plot.contains(3, 3), False)
        self.assertIs(plot.contains(0.2, 3.5), True)
        self.assertIs(plot.contains(0.5, 3.5), False)


class PlotSurveyTestCentroid(unittest.TestCase):
    def test_centroid_1(self):
        self.assertEqual(plot_of([(0, 0), (6, 0), (0, 3)]).centroid(), (2.0, 1.0))

    def test_centroid_2(self):
        self.assertEqual(plot_of(FIELD).centroid(), (15.0, 10.0))
        self.assertEqual(plot_of([(0, 0), (0, 20), (30, 20), (30, 0)]).centroid(), (15.0, 10.0))

    def test_centroid_3(self):
        for corners in [[], [(1, 1)], [(0, 0), (3, 4)], [(0, 0), (1, 1), (2, 2)]]:
            with self.assertRaises(ValueError):
                plot_of(corners).centroid()

    def test_centroid_4(self):
        # (16 * (2, 2) - 6 * (2, 3)) / 10: the square less the notch triangle.
        self.assertEqual(plot_of(NOTCHED).centroid(), (2.0, 1.4))

    def test_centroid_5(self):
        self.assertEqual(plot_of([(0, 0), (1, 0), (0, 1)]).centroid(), (0.33, 0.33))
        plot = plot_of([(0, 0), (2, 0), (0, 1)])
        self.assertEqual(plot.centroid(), (0.67, 0.33))
        self.assertEqual(plot.corners, [(0, 0), (2, 0), (0, 1)])

    def test_centroid_6(self):
        self.assertEqual(plot_of([(10, 10), (14, 10), (14, 12), (10, 12)]).centroid(), (12.0, 11.0))


class PlotSurveyTest(unittest.TestCase):
    def test_survey_by_walking(self):
        plot = PlotSurvey()
        self.assertEqual(plot.add_corner(0, 0), 1)
        self.assertEqual(plot.walk(40, 90), (40.0, 0.0))
        self.assertEqual(plot.walk(30, 0), (40.0, 30.0))
        self.assertEqual(plot.walk(40, 270), (0.0, 30.0))
        self.assertEqual(plot.area(), 1200.0)
        self.assertEqual(plot.perimeter(), 140.0)
        self.assertEqual(plot.centroid(), (20.0, 15.0))
        self.assertIs(plot.contains(20, 15), True)
        self.assertIs(plot.contains(40, 15), True)
        self.assertIs(plot.contains(41, 15), False)
        # 3-4-5 triangle: atan(40 / 30) = 53.13 degrees east of north.
        self.assertEqual(plot.bearing(0, 2), 53.1)
        self.assertEqual(plot.bearing(2, 0), 233.1)

    def test_closing_the_loop(self):
        plot = plot_of([(0, 0)])
        plot.walk(10, 90)
        plot.walk(10, 0)
        # Back to the start, 14.1422 m to the south-west: rounded, the corner would be (0, 0) again.
        with self.assertRaises(ValueError):
            plot.walk(14.1422, 225)
        self.assertEqual(plot.area(), 50.0)
        self.assertEqual(plot.perimeter(), 34.14)
        self.assertEqual(plot.centroid(), (6.67, 3.33))
        self.assertIs(plot.contains(5, 5), True)
        self.assertIs(plot.contains(4, 6), False)
        self.assertEqual(plot.bearing(2, 0), 225.0)


if __name__ == "__main__":
    unittest.main()
