"""ClassEval+ tests of ClassEval_45 (ImageProcessor).

Each method that works on the loaded image does nothing when none is loaded; these take the
branches 31->exit, 46->exit, 56->exit and 66->exit, which no published test takes. Each test
loads the image at its end because the published tearDown closes it.
"""

import os
import tempfile
import unittest


class ImageProcessorTestSaveImage(unittest.TestCase):
    def test_save_image_without_image(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "out.png")
            self.processor.save_image(path)
            self.assertFalse(os.path.exists(path))
        self.assertIsNone(self.processor.image)
        self.processor.load_image(self.image_path)


class ImageProcessorTestResizeImage(unittest.TestCase):
    def test_resize_image_without_image(self):
        self.processor.resize_image(10, 10)
        self.assertIsNone(self.processor.image)
        self.processor.load_image(self.image_path)


class ImageProcessorTestRotateImage(unittest.TestCase):
    def test_rotate_image_without_image(self):
        self.processor.rotate_image(90)
        self.assertIsNone(self.processor.image)
        self.processor.load_image(self.image_path)


class ImageProcessorTestAdjustBrightness(unittest.TestCase):
    def test_adjust_brightness_without_image(self):
        self.processor.adjust_brightness(0.5)
        self.assertIsNone(self.processor.image)
        self.processor.load_image(self.image_path)
