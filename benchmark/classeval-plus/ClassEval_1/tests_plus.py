"""ClassEval+ tests of ClassEval_1 (AreaCalculator)."""

import unittest

from solution import AreaCalculator


class AreaCalculatorTestCalculateSphereArea(unittest.TestCase):
    # The published tests 2 to 5 of calculate_sphere_area call calculate_circle_area; each
    # replacement keeps its radius and asks for the sphere's area, 4 * pi * r ** 2.
    def test_calculate_sphere_area_2(self):
        areaCalculator = AreaCalculator(2.5)
        self.assertAlmostEqual(78.54, areaCalculator.calculate_sphere_area(), delta=0.01)

    def test_calculate_sphere_area_3(self):
        areaCalculator = AreaCalculator(2000)
        self.assertAlmostEqual(50265482.46, areaCalculator.calculate_sphere_area(), delta=0.01)

    def test_calculate_sphere_area_4(self):
        areaCalculator = AreaCalculator(0)
        self.assertAlmostEqual(0, areaCalculator.calculate_sphere_area(), delta=0.01)

    def test_calculate_sphere_area_5(self):
        areaCalculator = AreaCalculator(0.1)
        self.assertAlmostEqual(0.126, areaCalculator.calculate_sphere_area(), delta=0.01)
