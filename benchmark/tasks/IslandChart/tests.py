import unittest

from solution import IslandChart

SEA = ["##..#", "#...#", "..#..", "....#"]


class IslandChartTestIslandAt(unittest.TestCase):
    def test_island_at_1(self):
        chart = IslandChart(list(SEA))
        self.assertEqual(chart.island_at(1, 0), [(1, 0), (0, 0), (0, 1)])
        self.assertEqual(chart.island_at(0, 4), [(0, 4), (1, 4)])
        self.assertEqual(chart.island_at(3, 4), [(3, 4)])
        self.assertEqual(chart.rows, SEA)

    def test_island_at_2(self):
        chart = IslandChart(list(SEA))
        self.assertEqual(chart.island_at(0, 2), [])
        self.assertEqual(chart.island_at(3, 0), [])

    def test_island_at_3(self):
        chart = IslandChart(list(SEA))
        for row, column in [(-1, 0), (0, -1), (4, 0), (0, 5), (-1, -1)]:
            with self.assertRaises(IndexError):
                chart.island_at(row, column)
        self.assertEqual(chart.rows, SEA)

    def test_island_at_4(self):
        self.assertEqual(IslandChart(["#..", "...", "#.."]).island_at(0, 0), [(0, 0)])
        self.assertEqual(IslandChart(["#.#"]).island_at(0, 0), [(0, 0)])
        self.assertEqual(IslandChart(["#.", ".#"]).island_at(1, 1), [(1, 1)])

    def test_island_at_5(self):
        chart = IslandChart(["###", "..#", "###"])
        self.assertEqual(
            chart.island_at(2, 0), [(2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1), (0, 0)]
        )
        self.assertEqual(
            chart.island_at(0, 0), [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0)]
        )

    def test_island_at_6(self):
        chart = IslandChart(["#", "#", ".", "#"])
        self.assertEqual(chart.island_at(1, 0), [(1, 0), (0, 0)])
        self.assertEqual(chart.island_at(3, 0), [(3, 0)])

    def test_island_at_7(self):
        chart = IslandChart([".#.", "###", ".#."])
        self.assertEqual(chart.island_at(1, 1), [(1, 1), (0, 1), (1, 2), (2, 1), (1, 0)])
        self.assertEqual(
            IslandChart(["###", "#.."]).island_at(0, 0), [(0, 0), (0, 1), (1, 0), (0, 2)]
        )


class IslandChartTestIslandSize(unittest.TestCase):
    def test_island_size_1(self):
        chart = IslandChart(list(SEA))
        self.assertEqual(chart.island_size(0, 1), 3)
        self.assertEqual(chart.island_size(1, 4), 2)
        self.assertEqual(chart.island_size(2, 2), 1)

    def test_island_size_2(self):
        chart = IslandChart(list(SEA))
        self.assertEqual(chart.island_size(3, 0), 0)
        self.assertEqual(chart.rows, SEA)

    def test_island_size_3(self):
        chart = IslandChart(list(SEA))
        for row, column in [(-1, 0), (0, -2), (4, 4), (3, 5)]:
            with self.assertRaises(IndexError):
                chart.island_size(row, column)

    def test_island_size_4(self):
        self.assertEqual(IslandChart(["##", "##"]).island_size(1, 1), 4)
        self.assertEqual(IslandChart(["#"]).island_size(0, 0), 1)

    def test_island_size_5(self):
        chart = IslandChart(["###", "#.#", "###"])
        self.assertEqual(chart.island_size(2, 2), 8)
        self.assertEqual(chart.island_size(1, 1), 0)


class IslandChartTestCountIslands(unittest.TestCase):
    def test_count_islands_1(self):
        chart = IslandChart(list(SEA))
        self.assertEqual(chart.count_islands(), 4)
        self.assertEqual(chart.rows, SEA)

    def test_count_islands_2(self):
        self.assertEqual(IslandChart(["...", "..."]).count_islands(), 0)
        self.assertEqual(IslandChart(["."]).count_islands(), 0)

    def test_count_islands_3(self):
        self.assertEqual(IslandChart(["##", "##"]).count_islands(), 1)
        self.assertEqual(IslandChart(["#"]).count_islands(), 1)

    def test_count_islands_4(self):
        self.assertEqual(IslandChart(["#.#", ".#.", "#.#"]).count_islands(), 5)

    def test_count_islands_5(self):
        chart = IslandChart(["#####", "#...#", "#.#.#", "#...#", "#####"])
        self.assertEqual(chart.count_islands(), 2)
        self.assertEqual(IslandChart(["#..#", "#..#", "####"]).count_islands(), 1)


class IslandChartTestCoastline(unittest.TestCase):
    def test_coastline_1(self):
        chart = IslandChart(list(SEA))
        self.assertEqual(chart.coastline(0, 0), 8)
        self.assertEqual(chart.coastline(1, 4), 6)
        self.assertEqual(chart.coastline(3, 4), 4)

    def test_coastline_2(self):
        chart = IslandChart(list(SEA))
        self.assertEqual(chart.coastline(2, 0), 0)
        self.assertEqual(chart.rows, SEA)

    def test_coastline_3(self):
        self.assertEqual(IslandChart(["#"]).coastline(0, 0), 4)
        self.assertEqual(IslandChart(["##", "##"]).coastline(0, 1), 8)
        self.assertEqual(IslandChart(["...", ".#.", "..."]).coastline(1, 1), 4)

    def test_coastline_4(self):
        self.assertEqual(IslandChart(["###", "#.#", "###"]).coastline(0, 0), 16)

    def test_coastline_5(self):
        chart = IslandChart(list(SEA))
        for row, column in [(0, 5), (4, 0), (-1, 2), (2, -1)]:
            with self.assertRaises(IndexError):
                chart.coastline(row, column)

    def test_coastline_6(self):
        self.assertEqual(IslandChart(["###."]).coastline(0, 1), 8)
        self.assertEqual(IslandChart(["#", "#", "#"]).coastline(2, 0), 8)


class IslandChartTestSink(unittest.TestCase):
    def test_sink_1(self):
        chart = IslandChart(list(SEA))
        self.assertEqual(chart.sink(0, 0), 3)
        self.assertEqual(chart.rows, ["....#", "....#", "..#..", "....#"])

    def test_sink_2(self):
        chart = IslandChart(list(SEA))
        self.assertEqual(chart.sink(3, 3), 0)
        self.assertEqual(chart.rows, SEA)

    def test_sink_3(self):
        chart = IslandChart(list(SEA))
        for row, column in [(-1, 0), (0, -1), (4, 0), (0, 5)]:
            with self.assertRaises(IndexError):
                chart.sink(row, column)
        self.assertEqual(chart.rows, SEA)

    def test_sink_4(self):
        chart = IslandChart(["###", "#.#", "###"])
        self.assertEqual(chart.sink(1, 2), 8)
        self.assertEqual(chart.rows, ["...", "...", "..."])
        self.assertEqual(chart.count_islands(), 0)

    def test_sink_5(self):
        chart = IslandChart(["#.", ".#"])
        self.assertEqual(chart.sink(0, 0), 1)
        self.assertEqual(chart.rows, ["..", ".#"])


class IslandChartTestReclaim(unittest.TestCase):
    def test_reclaim_1(self):
        chart = IslandChart(list(SEA))
        self.assertEqual(chart.reclaim(2, 4), 4)
        self.assertEqual(chart.rows, ["##..#", "#...#", "..#.#", "....#"])

    def test_reclaim_2(self):
        chart = IslandChart(list(SEA))
        self.assertEqual(chart.reclaim(0, 0), 3)
        self.assertEqual(chart.rows, SEA)

    def test_reclaim_3(self):
        chart = IslandChart(list(SEA))
        for row, column in [(-1, 0), (0, -1), (4, 0), (0, 5), (-4, -5), (2, -1), (-1, 2)]:
            with self.assertRaises(IndexError):
                chart.reclaim(row, column)
        self.assertEqual(chart.rows, SEA)

    def test_reclaim_4(self):
        chart = IslandChart(["...", "...", "..."])
        self.assertEqual(chart.reclaim(1, 1), 1)
        self.assertEqual(chart.rows, ["...", ".#.", "..."])
        self.assertEqual(chart.reclaim(0, 0), 1)
        self.assertEqual(chart.rows, ["#..", ".#.", "..."])

    def test_reclaim_5(self):
        chart = IslandChart(list(SEA))
        self.assertEqual(chart.reclaim(1, 1), 4)
        self.assertEqual(chart.reclaim(1, 2), 6)
        self.assertEqual(chart.rows, ["##..#", "###.#", "..#..", "....#"])
        self.assertEqual(chart.count_islands(), 3)


class IslandChartTestNearestLand(unittest.TestCase):
    def test_nearest_land_1(self):
        chart = IslandChart(list(SEA))
        self.assertEqual(chart.nearest_land(2, 0), 1)
        self.assertEqual(chart.nearest_land(3, 1), 2)
        self.assertEqual(chart.nearest_land(2, 3), 1)

    def test_nearest_land_2(self):
        chart = IslandChart(list(SEA))
        self.assertEqual(chart.nearest_land(0, 0), 0)
        self.assertEqual(chart.nearest_land(2, 2), 0)

    def test_nearest_land_3(self):
        self.assertEqual(IslandChart(["...", "..."]).nearest_land(1, 2), -1)

    def test_nearest_land_4(self):
        chart = IslandChart(list(SEA))
        for row, column in [(-1, 0), (0, -1), (4, 0), (0, 5), (4, 5)]:
            with self.assertRaises(IndexError):
                chart.nearest_land(row, column)

    def test_nearest_land_5(self):
        self.assertEqual(IslandChart(["...", "...", "..#"]).nearest_land(0, 0), 4)
        self.assertEqual(IslandChart(["#....", ".....", "....#"]).nearest_land(1, 3), 2)
        self.assertEqual(IslandChart(["#....", ".....", "....#"]).nearest_land(0, 2), 2)


class IslandChartTest(unittest.TestCase):
    def test_survey_and_change_the_chart(self):
        chart = IslandChart(list(SEA))
        self.assertEqual(chart.count_islands(), 4)
        self.assertEqual(chart.reclaim(2, 4), 4)
        self.assertEqual(chart.count_islands(), 3)
        self.assertEqual(chart.coastline(3, 4), 10)
        self.assertEqual(chart.sink(2, 2), 1)
        self.assertEqual(chart.nearest_land(2, 2), 2)
        self.assertEqual(chart.island_at(0, 4), [(0, 4), (1, 4), (2, 4), (3, 4)])
        self.assertEqual(chart.count_islands(), 2)

    def test_sinking_everything(self):
        chart = IslandChart(["#.#", "...", "#.#"])
        self.assertEqual(chart.count_islands(), 4)
        for row, column in [(0, 0), (0, 2), (2, 0), (2, 2)]:
            self.assertEqual(chart.sink(row, column), 1)
        self.assertEqual(chart.count_islands(), 0)
        self.assertEqual(chart.nearest_land(1, 1), -1)
        self.assertEqual(chart.island_size(0, 0), 0)
        self.assertEqual(chart.coastline(0, 0), 0)

    def test_bridge_between_islands(self):
        chart = IslandChart(["#...#"])
        self.assertEqual(chart.nearest_land(0, 2), 2)
        self.assertEqual(chart.reclaim(0, 1), 2)
        self.assertEqual(chart.reclaim(0, 3), 2)
        self.assertEqual(chart.count_islands(), 2)
        self.assertEqual(chart.reclaim(0, 2), 5)
        self.assertEqual(chart.coastline(0, 0), 12)
        self.assertEqual(chart.island_at(0, 4), [(0, 4), (0, 3), (0, 2), (0, 1), (0, 0)])
        self.assertEqual(chart.count_islands(), 1)

    def test_lagoon_inside_an_atoll(self):
        chart = IslandChart(["#####", "#...#", "#.#.#", "#...#", "#####"])
        self.assertEqual(chart.island_size(0, 0), 16)
        self.assertEqual(chart.coastline(0, 0), 32)
        self.assertEqual(chart.coastline(2, 2), 4)
        self.assertEqual(chart.nearest_land(1, 1), 1)
        self.assertEqual(chart.reclaim(2, 3), 18)
        self.assertEqual(chart.count_islands(), 1)
        self.assertEqual(chart.sink(4, 4), 18)
        self.assertEqual(chart.rows, ["....."] * 5)
