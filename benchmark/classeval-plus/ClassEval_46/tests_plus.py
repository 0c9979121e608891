"""ClassEval+ tests of ClassEval_46 (Interpolation).

The published data lie on straight lines and planes with unit spacing, where a wrong segment
or a wrong divisor gives the same value. These use a parabola, z = x^2 + y^2 on a 3 x 3
grid, and a grid of spacing 2; every expected value is a sum of quarters, exact in floats.
"""

import unittest

from solution import Interpolation

GRID = [0, 1, 2]
# z[i][j] = GRID[i] ** 2 + GRID[j] ** 2
SQUARES = [[0, 1, 4], [1, 2, 5], [4, 5, 8]]


class InterpolationTestInterpolate1d(unittest.TestCase):
    def test_interpolate_1d_end_points(self):
        # Guards interpolate_1d line 24 `<=` -> `<` (either one): the first and the last
        # sample point are inside the data.
        result = Interpolation.interpolate_1d([1, 2, 3], [10, 20, 30], [1, 3])
        self.assertEqual(result, [10.0, 30.0])

    def test_interpolate_1d_right_segment(self):
        # Guards line 24 `x[i+1]` -> `x[i-1]` and `x[i+2]`: 1.5 lies between 1 and 2, where
        # y goes from 1 to 4, so 2.5 (the first segment, extended, would give 1.5).
        result = Interpolation.interpolate_1d([0, 1, 2], [0, 1, 4], [1.5])
        self.assertEqual(result, [2.5])

    def test_interpolate_1d_knot_once(self):
        # Guards line 27 `break` -> `pass` / `continue`: a point on an inner sample point
        # belongs to two segments and gets one value.
        result = Interpolation.interpolate_1d([0, 1, 2], [0, 1, 4], [1, 0.5])
        self.assertEqual(result, [1.0, 0.5])


class InterpolationTestInterpolate2d(unittest.TestCase):
    def test_interpolate_2d_right_cell(self):
        # Guards interpolate_2d line 48 `x[i+1]` -> `x[i-1]` and line 50 `y[j+1]` -> `y[j-1]`:
        # the corners of the cell around (1.5, 0.5) are 1, 2, 4, 5, whose mean is 3; the
        # cell at the origin, extended, would give 2.
        result = Interpolation.interpolate_2d(GRID, GRID, SQUARES, [1.5, 0.5], [0.5, 1.5])
        self.assertEqual(result, [3.0, 3.0])

    def test_interpolate_2d_knot_once(self):
        # Guards lines 60 and 61 `break` -> `pass` / `continue`: a point on an inner grid
        # point belongs to four cells and gets one value, z(1, 1) = 2.
        result = Interpolation.interpolate_2d(GRID, GRID, SQUARES, [1], [1])
        self.assertEqual(result, [2.0])

    def test_interpolate_2d_spacing_two(self):
        # Guards line 58 `/` -> `*` and `*` -> `/`: the divisor is the cell's area, 4. The
        # plane z = 2x + y at (1, 1) is 3; the corners (0, 0) and (2, 2) are inside the grid
        # (line 48 and line 50 `<=` -> `<`).
        x, y, z = [0, 2], [0, 2], [[0, 2], [4, 6]]
        result = Interpolation.interpolate_2d(x, y, z, [1, 0, 2], [1, 0, 2])
        self.assertEqual(result, [3.0, 0.0, 6.0])
