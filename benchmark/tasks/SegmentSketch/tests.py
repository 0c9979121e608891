import unittest
from fractions import Fraction

from solution import SegmentSketch


def sketch_of(*segments):
    sketch = SegmentSketch()
    for segment in segments:
        sketch.draw(*segment)
    return sketch


class SegmentSketchTestDraw(unittest.TestCase):
    def test_draw_1(self):
        sketch = SegmentSketch()
        self.assertIs(sketch.draw("a", "0", "1/2", "0.25", "-3"), True)
        self.assertEqual(
            sketch.segments, {"a": (Fraction(0), Fraction(1, 2), Fraction(1, 4), Fraction(-3))}
        )

    def test_draw_2(self):
        sketch = sketch_of(("a", "0", "0", "1", "1"))
        self.assertIs(sketch.draw("a", "5", "5", "6", "6"), False)
        self.assertEqual(sketch.segments, {"a": (0, 0, 1, 1)})

    def test_draw_3(self):
        sketch = sketch_of(("a", "0", "0", "1", "1"))
        bad = [
            ("b", "x", "0", "1", "1"),
            ("b", "", "0", "1", "1"),
            ("b", "0", "1/0", "1", "1"),
            ("b", "0", "0", "1//2", "1"),
            ("b", "0", "0", "1", "one"),
            ("b", "1", "1", "1", "1"),
            ("b", "1/2", "-2", "0.5", "-4/2"),
        ]
        for segment in bad:
            with self.assertRaises(ValueError):
                sketch.draw(*segment)
        self.assertEqual(sketch.segments, {"a": (0, 0, 1, 1)})

    def test_draw_4(self):
        sketch = SegmentSketch()
        self.assertIs(sketch.draw("b", "-3/6", "2", "7", "0.125"), True)
        self.assertIs(sketch.draw("a", "1", "1", "0", "0"), True)
        self.assertEqual(
            list(sketch.segments.items()),
            [("b", (Fraction(-1, 2), 2, 7, Fraction(1, 8))), ("a", (1, 1, 0, 0))],
        )

    def test_draw_5(self):
        sketch = SegmentSketch()
        self.assertIs(sketch.draw("h", "0", "2", "5", "2"), True)
        self.assertIs(sketch.draw("v", "3", "0", "3", "-1/3"), True)
        self.assertEqual(sketch.segments["v"], (3, 0, 3, Fraction(-1, 3)))
        self.assertEqual(len(sketch.segments), 2)


class SegmentSketchTestErase(unittest.TestCase):
    def test_erase_1(self):
        sketch = sketch_of(("a", "0", "0", "1", "1"))
        self.assertIs(sketch.erase("a"), True)
        self.assertEqual(sketch.segments, {})

    def test_erase_2(self):
        sketch = SegmentSketch()
        self.assertIs(sketch.erase("a"), False)
        self.assertEqual(sketch.segments, {})

    def test_erase_3(self):
        sketch = sketch_of(
            ("a", "0", "0", "1", "1"), ("b", "0", "1", "1", "0"), ("c", "2", "2", "3", "3")
        )
        self.assertIs(sketch.erase("b"), True)
        self.assertIs(sketch.erase("b"), False)
        self.assertEqual(list(sketch.segments), ["a", "c"])

    def test_erase_4(self):
        sketch = sketch_of(("a", "0", "0", "1", "1"))
        self.assertIs(sketch.erase("A"), False)
        self.assertEqual(sketch.segments, {"a": (0, 0, 1, 1)})

    def test_erase_5(self):
        sketch = sketch_of(("a", "0", "0", "1", "1"))
        self.assertIs(sketch.erase("a"), True)
        self.assertIs(sketch.draw("a", "2", "2", "3", "1/2"), True)
        self.assertEqual(sketch.segments, {"a": (2, 2, 3, Fraction(1, 2))})


class SegmentSketchTestLengthSquared(unittest.TestCase):
    def test_length_squared_1(self):
        sketch = sketch_of(("a", "0", "0", "3", "4"), ("b", "1/2", "0", "0", "1/3"))
        self.assertEqual(sketch.length_squared("a"), "25")
        self.assertEqual(sketch.length_squared("b"), "13/36")

    def test_length_squared_2(self):
        sketch = sketch_of(("h", "0", "0", "-5", "0"), ("v", "2", "3", "2", "-1"))
        self.assertEqual(sketch.length_squared("h"), "25")
        self.assertEqual(sketch.length_squared("v"), "16")

    def test_length_squared_3(self):
        sketch = sketch_of(("a", "1/3", "0", "0", "1/4"))
        self.assertEqual(sketch.length_squared("a"), "25/144")

    def test_length_squared_4(self):
        sketch = sketch_of(("a", "0", "0", "3", "4"))
        with self.assertRaises(KeyError):
            sketch.length_squared("b")
        with self.assertRaises(KeyError):
            SegmentSketch().length_squared("a")

    def test_length_squared_5(self):
        sketch = sketch_of(("a", "0.1", "0.2", "0.4", "0.6"), ("b", "-1", "-1", "1", "2"))
        self.assertEqual(sketch.length_squared("a"), "1/4")
        self.assertEqual(sketch.length_squared("b"), "13")
        self.assertEqual(
            sketch.segments["a"], (Fraction(1, 10), Fraction(1, 5), Fraction(2, 5), Fraction(3, 5))
        )


class SegmentSketchTestMidpoint(unittest.TestCase):
    def test_midpoint_1(self):
        self.assertEqual(sketch_of(("a", "0", "0", "3", "-1/2")).midpoint("a"), ("3/2", "-1/4"))

    def test_midpoint_2(self):
        self.assertEqual(sketch_of(("a", "-1", "-1", "1", "1")).midpoint("a"), ("0", "0"))

    def test_midpoint_3(self):
        sketch = sketch_of(("a", "2", "4", "6", "8"), ("b", "6", "8", "2", "4"))
        self.assertEqual(sketch.midpoint("a"), ("4", "6"))
        self.assertEqual(sketch.midpoint("b"), ("4", "6"))

    def test_midpoint_4(self):
        with self.assertRaises(KeyError):
            sketch_of(("a", "2", "4", "6", "8")).midpoint("c")

    def test_midpoint_5(self):
        sketch = sketch_of(("a", "1/3", "1/2", "1/6", "-1/2"), ("b", "0", "5", "1", "0"))
        self.assertEqual(sketch.midpoint("a"), ("1/4", "0"))
        self.assertEqual(sketch.midpoint("b"), ("1/2", "5/2"))
        self.assertEqual(list(sketch.segments), ["a", "b"])


class SegmentSketchTestIntersection(unittest.TestCase):
    def test_intersection_1(self):
        sketch = sketch_of(
            ("a", "0", "0", "2", "2"), ("b", "0", "1", "3", "0"), ("c", "3", "3", "4", "4")
        )
        self.assertEqual(sketch.intersection("a", "b"), ("3/4", "3/4"))
        self.assertEqual(sketch.intersection("b", "a"), ("3/4", "3/4"))
        self.assertIsNone(sketch.intersection("a", "c"))

    def test_intersection_2(self):
        sketch = sketch_of(
            ("a", "0", "0", "1", "1"),
            ("b", "0", "3", "3", "0"),
            ("e", "0", "2", "1", "2"),
            ("f", "0", "1", "1", "2"),
        )
        self.assertIsNone(sketch.intersection("a", "b"))
        self.assertIsNone(sketch.intersection("b", "a"))
        self.assertIsNone(sketch.intersection("a", "e"))
        self.assertIsNone(sketch.intersection("a", "f"))

    def test_intersection_3(self):
        sketch = sketch_of(
            ("a", "0", "0", "4", "0"),
            ("b", "2", "0", "2", "5"),
            ("b2", "2", "5", "2", "0"),
            ("c", "0", "-1", "0", "1"),
            ("d", "4", "-1", "4", "1"),
            ("e", "4", "0", "5", "3"),
        )
        self.assertEqual(sketch.intersection("a", "b"), ("2", "0"))
        self.assertEqual(sketch.intersection("b", "a"), ("2", "0"))
        self.assertEqual(sketch.intersection("a", "b2"), ("2", "0"))
        self.assertEqual(sketch.intersection("b2", "a"), ("2", "0"))
        self.assertEqual(sketch.intersection("a", "c"), ("0", "0"))
        self.assertEqual(sketch.intersection("a", "d"), ("4", "0"))
        self.assertEqual(sketch.intersection("e", "a"), ("4", "0"))

    def test_intersection_4(self):
        sketch = sketch_of(
            ("a", "0", "0", "4", "0"),
            ("d", "4", "0", "6", "0"),
            ("d2", "6", "0", "4", "0"),
            ("e", "-2", "0", "0", "0"),
            ("f", "3", "0", "5", "0"),
            ("g", "1", "0", "2", "0"),
            ("h", "5", "0", "7", "0"),
            ("k", "-1", "0", "9", "0"),
        )
        self.assertEqual(sketch.intersection("a", "d"), ("4", "0"))
        self.assertEqual(sketch.intersection("a", "d2"), ("4", "0"))
        self.assertEqual(sketch.intersection("d2", "a"), ("4", "0"))
        self.assertEqual(sketch.intersection("a", "e"), ("0", "0"))
        self.assertEqual(sketch.intersection("e", "a"), ("0", "0"))
        self.assertIsNone(sketch.intersection("a", "h"))
        self.assertIsNone(sketch.intersection("e", "h"))
        for first, second in [
            ("a", "f"),
            ("f", "a"),
            ("a", "a"),
            ("a", "g"),
            ("g", "a"),
            ("a", "k"),
            ("k", "a"),
        ]:
            with self.assertRaises(ValueError):
                sketch.intersection(first, second)

    def test_intersection_5(self):
        sketch = sketch_of(
            ("a", "0", "0", "1", "1"),
            ("b", "1", "0", "0", "1/2"),
            ("v", "1/2", "-1", "1/2", "1"),
            ("h", "0", "1/3", "1", "1/3"),
        )
        self.assertEqual(sketch.intersection("a", "b"), ("1/3", "1/3"))
        self.assertEqual(sketch.intersection("v", "h"), ("1/2", "1/3"))
        self.assertEqual(sketch.intersection("h", "a"), ("1/3", "1/3"))
        with self.assertRaises(KeyError):
            sketch.intersection("a", "x")
        with self.assertRaises(KeyError):
            sketch.intersection("x", "a")

    def test_intersection_6(self):
        sketch = sketch_of(
            ("p", "0", "0", "0", "4"),
            ("q", "0", "4", "0", "9"),
            ("q2", "0", "5", "0", "9"),
            ("s", "0", "0", "2", "1"),
            ("t", "4", "2", "2", "1"),
            ("w", "-2", "-1", "-4", "-2"),
        )
        self.assertEqual(sketch.intersection("p", "q"), ("0", "4"))
        self.assertIsNone(sketch.intersection("p", "q2"))
        self.assertEqual(sketch.intersection("s", "t"), ("2", "1"))
        self.assertEqual(sketch.intersection("t", "s"), ("2", "1"))
        self.assertIsNone(sketch.intersection("s", "w"))
        self.assertIsNone(sketch.intersection("w", "t"))


class SegmentSketchTestCrossings(unittest.TestCase):
    def test_crossings_1(self):
        sketch = sketch_of(
            ("a", "0", "0", "4", "0"), ("b", "1", "-1", "1", "1"), ("c", "3", "0", "5", "0")
        )
        self.assertEqual(sketch.crossings("a"), ["b", "c"])
        self.assertEqual(sketch.crossings("b"), ["a"])
        self.assertEqual(sketch.crossings("c"), ["a"])

    def test_crossings_2(self):
        sketch = sketch_of(("a", "0", "0", "4", "0"), ("far", "0", "1", "4", "1"))
        self.assertEqual(sketch.crossings("a"), [])
        self.assertEqual(sketch_of(("a", "0", "0", "4", "0")).crossings("a"), [])

    def test_crossings_3(self):
        with self.assertRaises(KeyError):
            SegmentSketch().crossings("a")
        with self.assertRaises(KeyError):
            sketch_of(("a", "0", "0", "4", "0")).crossings("b")

    def test_crossings_4(self):
        sketch = sketch_of(
            ("a", "0", "0", "4", "0"),
            ("zed", "1", "-1", "1", "1"),
            ("mid", "2", "-1", "2", "1"),
            ("Big", "3", "0", "3", "1"),
            ("end", "4", "0", "6", "0"),
        )
        self.assertEqual(sketch.crossings("a"), ["Big", "end", "mid", "zed"])
        self.assertEqual(sketch.crossings("end"), ["a"])

    def test_crossings_5(self):
        sketch = sketch_of(
            ("a", "0", "0", "2", "2"), ("b", "0", "2", "2", "0"), ("c", "0", "1", "2", "1")
        )
        self.assertEqual(sketch.crossings("a"), ["b", "c"])
        self.assertIs(sketch.erase("b"), True)
        self.assertEqual(sketch.crossings("a"), ["c"])
        self.assertEqual(sketch.crossings("c"), ["a"])
        self.assertEqual(list(sketch.segments), ["a", "c"])


class SegmentSketchTest(unittest.TestCase):
    def test_a_triangle_and_its_median(self):
        sketch = SegmentSketch()
        self.assertIs(sketch.draw("ab", "0", "0", "6", "0"), True)
        self.assertIs(sketch.draw("bc", "6", "0", "0", "3"), True)
        self.assertIs(sketch.draw("ca", "0", "3", "0", "0"), True)
        mx, my = sketch.midpoint("bc")
        self.assertEqual((mx, my), ("3", "3/2"))
        self.assertIs(sketch.draw("median", "0", "0", mx, my), True)
        self.assertEqual(sketch.length_squared("median"), "45/4")
        self.assertEqual(sketch.intersection("median", "bc"), ("3", "3/2"))
        self.assertEqual(sketch.crossings("median"), ["ab", "bc", "ca"])
        self.assertEqual(sketch.crossings("ab"), ["bc", "ca", "median"])

    def test_redrawing_a_crossing(self):
        sketch = sketch_of(("road", "0", "0", "10", "5"), ("rail", "0", "4", "10", "4"))
        self.assertEqual(sketch.intersection("road", "rail"), ("8", "4"))
        self.assertIs(sketch.erase("rail"), True)
        self.assertIs(sketch.draw("rail", "0", "6", "10", "6"), True)
        self.assertIsNone(sketch.intersection("road", "rail"))
        self.assertEqual(sketch.crossings("road"), [])
        self.assertIs(sketch.draw("spur", "10", "5", "12", "6"), True)
        self.assertEqual(sketch.crossings("road"), ["spur"])
        with self.assertRaises(ValueError):
            sketch.draw("bad", "10", "5", "10", "5")
        self.assertEqual(list(sketch.segments), ["road", "rail", "spur"])

    def test_overlapping_fences(self):
        sketch = sketch_of(("north", "0", "1/2", "3", "1/2"), ("gate", "5/2", "1/2", "7/2", "1/2"))
        self.assertEqual(sketch.length_squared("gate"), "1")
        with self.assertRaises(ValueError):
            sketch.intersection("north", "gate")
        self.assertEqual(sketch.crossings("gate"), ["north"])
        self.assertIs(sketch.erase("gate"), True)
        self.assertIs(sketch.draw("gate", "3", "1/2", "7/2", "1/2"), True)
        self.assertEqual(sketch.intersection("gate", "north"), ("3", "1/2"))
        self.assertEqual(sketch.midpoint("gate"), ("13/4", "1/2"))
