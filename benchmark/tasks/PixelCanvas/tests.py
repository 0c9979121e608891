import unittest

from solution import PixelCanvas


def canvas_of(rows):
    canvas = PixelCanvas(1, 1)
    canvas.load(rows)
    return canvas


class PixelCanvasTestLoad(unittest.TestCase):
    def test_load_1(self):
        canvas = PixelCanvas(1, 1)
        self.assertEqual(canvas.load(["ab", "cd", "ef"]), 6)
        self.assertEqual((canvas.width, canvas.height), (2, 3))
        self.assertEqual(canvas.pixels, [["a", "b"], ["c", "d"], ["e", "f"]])

    def test_load_2(self):
        canvas = PixelCanvas(1, 1)
        self.assertEqual(canvas.load(["xyz"]), 3)
        self.assertEqual((canvas.width, canvas.height), (3, 1))
        self.assertEqual(canvas.pixels, [["x", "y", "z"]])

    def test_load_3(self):
        canvas = PixelCanvas(2, 2)
        for rows in [[], [""], ["ab", "c"], ["a", "bc"], ["", ""]]:
            with self.assertRaises(ValueError):
                canvas.load(rows)
        self.assertEqual((canvas.width, canvas.height), (2, 2))
        self.assertEqual(canvas.pixels, [[".", "."], [".", "."]])

    def test_load_4(self):
        canvas = PixelCanvas(5, 5)
        self.assertEqual(canvas.load(["a"]), 1)
        self.assertEqual((canvas.width, canvas.height), (1, 1))
        self.assertEqual(canvas.pixels, [["a"]])

    def test_load_5(self):
        canvas = PixelCanvas(1, 1)
        rows = ["..", ".."]
        canvas.load(rows)
        canvas.paint(0, 0, "x")
        self.assertEqual(canvas.pixels, [["x", "."], [".", "."]])
        self.assertEqual(rows, ["..", ".."])


class PixelCanvasTestPaint(unittest.TestCase):
    def test_paint_1(self):
        canvas = PixelCanvas(3, 2)
        self.assertEqual(canvas.paint(1, 2, "#"), ".")
        self.assertEqual(canvas.paint(1, 2, "o"), "#")
        self.assertEqual(canvas.pixels, [[".", ".", "."], [".", ".", "o"]])

    def test_paint_2(self):
        canvas = PixelCanvas(3, 2)
        for row, column, colour in [(2, 0, "x"), (-1, 0, "x"), (0, 3, "x"), (0, -1, "x"), (0, 0, ""), (0, 0, "ab")]:
            with self.assertRaises(ValueError):
                canvas.paint(row, column, colour)
        self.assertEqual(canvas.pixels, [[".", ".", "."], [".", ".", "."]])

    def test_paint_3(self):
        canvas = PixelCanvas(3, 2)
        self.assertEqual(canvas.paint(0, 0, "a"), ".")
        self.assertEqual(canvas.paint(1, 0, "b"), ".")
        self.assertEqual(canvas.paint(0, 2, "c"), ".")
        self.assertEqual(canvas.pixels, [["a", ".", "c"], ["b", ".", "."]])

    def test_paint_4(self):
        canvas = PixelCanvas(2, 1, "~")
        self.assertEqual(canvas.paint(0, 1, "x"), "~")
        self.assertEqual(canvas.pixels, [["~", "x"]])

    def test_paint_5(self):
        canvas = PixelCanvas(2, 2)
        self.assertEqual(canvas.paint(0, 0, "."), ".")
        self.assertEqual(canvas.paint(1, 1, "x"), ".")
        self.assertEqual(canvas.pixels, [[".", "."], [".", "x"]])


class PixelCanvasTestRegion(unittest.TestCase):
    def test_region_1(self):
        canvas = canvas_of(["aab", "bab", "bbb"])
        self.assertEqual(canvas.region(0, 0), [(0, 0), (0, 1), (1, 1)])

    def test_region_2(self):
        canvas = canvas_of(["aab", "bab", "bbb"])
        expected = [(0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)]
        self.assertEqual(canvas.region(2, 2), expected)
        self.assertEqual(canvas.region(1, 0), expected)

    def test_region_3(self):
        canvas = canvas_of(["a.", ".a"])
        self.assertEqual(canvas.region(0, 0), [(0, 0)])
        self.assertEqual(canvas.region(0, 1), [(0, 1)])

    def test_region_4(self):
        canvas = PixelCanvas(3, 2)
        for row, column in [(2, 0), (-1, 0), (0, 3), (0, -1)]:
            with self.assertRaises(ValueError):
                canvas.region(row, column)

    def test_region_5(self):
        canvas = PixelCanvas(3, 2)
        self.assertEqual(canvas.region(1, 1), [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)])
        self.assertEqual(canvas.pixels, [[".", ".", "."], [".", ".", "."]])

    def test_region_6(self):
        column = canvas_of(["a", "a", "b", "a"])
        self.assertEqual(column.region(0, 0), [(0, 0), (1, 0)])
        self.assertEqual(column.region(3, 0), [(3, 0)])
        row = canvas_of(["aaba"])
        self.assertEqual(row.region(0, 3), [(0, 3)])
        self.assertEqual(row.region(0, 1), [(0, 0), (0, 1)])

    def test_region_7(self):
        canvas = canvas_of(["a.a", "a.a", "aaa"])
        expected = [(0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)]
        self.assertEqual(canvas.region(0, 2), expected)
        self.assertEqual(canvas.region(0, 0), expected)


class PixelCanvasTestFill(unittest.TestCase):
    def test_fill_1(self):
        canvas = canvas_of(["aab", "bab", "bbb"])
        self.assertEqual(canvas.fill(2, 0, "c"), 6)
        self.assertEqual(canvas.pixels, [["a", "a", "c"], ["c", "a", "c"], ["c", "c", "c"]])

    def test_fill_2(self):
        canvas = canvas_of(["aab", "bab"])
        self.assertEqual(canvas.fill(0, 0, "a"), 0)
        self.assertEqual(canvas.pixels, [["a", "a", "b"], ["b", "a", "b"]])

    def test_fill_3(self):
        canvas = canvas_of(["ab", "ba"])
        for row, column, colour in [(2, 0, "x"), (-1, 0, "x"), (0, 2, "x"), (0, -1, "x"), (0, 0, ""), (1, 1, "xy")]:
            with self.assertRaises(ValueError):
                canvas.fill(row, column, colour)
        self.assertEqual(canvas.pixels, [["a", "b"], ["b", "a"]])

    def test_fill_4(self):
        canvas = canvas_of(["a.", ".a"])
        self.assertEqual(canvas.fill(1, 1, "."), 1)
        self.assertEqual(canvas.pixels, [["a", "."], [".", "."]])

    def test_fill_5(self):
        canvas = PixelCanvas(2, 2)
        self.assertEqual(canvas.fill(0, 0, "z"), 4)
        self.assertEqual(canvas.pixels, [["z", "z"], ["z", "z"]])

    def test_fill_6(self):
        canvas = canvas_of(["a.a", "a.a", "aaa"])
        self.assertEqual(canvas.fill(1, 1, "a"), 2)
        self.assertEqual(canvas.pixels, [["a", "a", "a"], ["a", "a", "a"], ["a", "a", "a"]])


class PixelCanvasTestCountRegions(unittest.TestCase):
    def test_count_regions_1(self):
        canvas = canvas_of(["a.a", ".a.", "a.a"])
        self.assertEqual(canvas.count_regions("a"), 5)
        self.assertEqual(canvas.count_regions("."), 4)
        self.assertEqual(canvas.count_regions(), 9)

    def test_count_regions_2(self):
        canvas = canvas_of(["ab", "ba"])
        self.assertEqual(canvas.count_regions("c"), 0)

    def test_count_regions_3(self):
        canvas = PixelCanvas(3, 4)
        self.assertEqual(canvas.count_regions(), 1)
        self.assertEqual(canvas.count_regions("."), 1)

    def test_count_regions_4(self):
        canvas = canvas_of(["a.a", "a.a", "aaa"])
        self.assertEqual(canvas.count_regions("a"), 1)
        self.assertEqual(canvas.count_regions("."), 1)
        self.assertEqual(canvas.count_regions(""), 2)

    def test_count_regions_5(self):
        canvas = canvas_of(["abab", "aabb"])
        self.assertEqual(canvas.count_regions("a"), 2)
        self.assertEqual(canvas.count_regions("b"), 2)
        self.assertEqual(canvas.count_regions(), 4)
        self.assertEqual(canvas.pixels, [["a", "b", "a", "b"], ["a", "a", "b", "b"]])


class PixelCanvasTestBoundingBox(unittest.TestCase):
    def test_bounding_box_1(self):
        canvas = PixelCanvas(4, 3)
        canvas.paint(0, 2, "#")
        canvas.paint(2, 1, "#")
        self.assertEqual(canvas.bounding_box("#"), (0, 1, 2, 2))

    def test_bounding_box_2(self):
        self.assertEqual(PixelCanvas(4, 3).bounding_box("#"), ())

    def test_bounding_box_3(self):
        canvas = PixelCanvas(4, 3)
        canvas.paint(1, 3, "o")
        self.assertEqual(canvas.bounding_box("o"), (1, 3, 1, 3))

    def test_bounding_box_4(self):
        self.assertEqual(PixelCanvas(4, 3).bounding_box("."), (0, 0, 2, 3))

    def test_bounding_box_5(self):
        canvas = canvas_of(["..#.", "#...", ".#.."])
        self.assertEqual(canvas.bounding_box("#"), (0, 0, 2, 2))
        self.assertEqual(canvas.bounding_box("."), (0, 0, 2, 3))


class PixelCanvasTestRender(unittest.TestCase):
    def test_render_1(self):
        canvas = PixelCanvas(3, 2)
        canvas.paint(0, 1, "#")
        self.assertEqual(canvas.render(), ".#.\n...")

    def test_render_2(self):
        self.assertEqual(PixelCanvas(1, 1).render(), ".")

    def test_render_3(self):
        self.assertEqual(canvas_of(["ab", "cd", "ef"]).render(), "ab\ncd\nef")

    def test_render_4(self):
        canvas = canvas_of(["aab", "bab", "bbb"])
        canvas.fill(0, 0, "x")
        self.assertEqual(canvas.render(), "xxb\nbxb\nbbb")

    def test_render_5(self):
        self.assertEqual(PixelCanvas(2, 2, "~").render(), "~~\n~~")


class PixelCanvasTest(unittest.TestCase):
    def test_pixel_canvas_1(self):
        canvas = PixelCanvas(5, 3)
        for column in range(5):
            canvas.paint(1, column, "#")
        self.assertEqual(canvas.count_regions("."), 2)
        self.assertEqual(canvas.paint(1, 2, "."), "#")
        self.assertEqual(canvas.count_regions("."), 1)
        self.assertEqual(canvas.count_regions("#"), 2)
        self.assertEqual(canvas.fill(0, 0, "~"), 11)
        self.assertEqual(canvas.bounding_box("#"), (1, 0, 1, 4))
        self.assertEqual(canvas.render(), "~~~~~\n##~##\n~~~~~")

    def test_pixel_canvas_2(self):
        canvas = PixelCanvas(2, 2)
        self.assertEqual(canvas.load(["ab.", "b.b", ".b."]), 9)
        self.assertEqual(canvas.region(1, 1), [(1, 1)])
        self.assertEqual(canvas.fill(0, 1, "a"), 1)
        self.assertEqual(canvas.region(0, 0), [(0, 0), (0, 1)])
        self.assertEqual(canvas.count_regions(), 8)
        self.assertEqual(canvas.bounding_box("b"), (1, 0, 2, 2))


if __name__ == "__main__":
    unittest.main()
