"""ClassEval+ tests of ClassEval_69 (PDFHandler).

The published classes create test1.pdf and test2.pdf in their setUp, and the tearDown of
PDFHandlerTestMergePdfs removes merged.pdf, so every merge test here writes merged.pdf. Other
PDFs are written, one line of text per page, in a temporary folder of the test's own.
"""

import os
import tempfile
import unittest

from PyPDF2 import PdfReader
from reportlab.pdfgen import canvas
from solution import PDFHandler


def _write_pdf(path, lines):
    pdf = canvas.Canvas(path)
    for line in lines:
        pdf.drawString(100, 100, line)
        pdf.showPage()
    pdf.save()
    return path


def _texts(path):
    return [page.extract_text() for page in PdfReader(path).pages]


class TestPDFHandler(unittest.TestCase):
    def test_pdf_handler(self):
        # Class-level test (the published class holds only fixtures). Guards __init__ line 13
        # `self.filepaths = filepaths` -> `pass`, and merge_pdfs line 35
        # `pdf_writer.add_page(page)` -> `pass` and line 38 `pdf_writer.write(out)` -> `pass`:
        # the merged file holds both pages, in order, and reads back as the sources do.
        handler = PDFHandler(self.test_files)
        self.assertEqual(handler.filepaths, ["test1.pdf", "test2.pdf"])
        self.assertEqual(handler.merge_pdfs("merged.pdf"), "Merged PDFs saved at merged.pdf")
        self.assertEqual(_texts("merged.pdf"), ["This is a test1.\n", "This is a test2.\n"])
        self.assertEqual(_texts("merged.pdf"), handler.extract_text_from_pdfs())


class PDFHandlerTestMergePdfs(unittest.TestCase):
    def test_merge_pdfs_pages(self):
        # Guards merge_pdfs line 31 `len(reader.pages)` -> `len(reader.pages) - 1`: every page
        # of every file, the last one too.
        with tempfile.TemporaryDirectory() as folder:
            three = _write_pdf(os.path.join(folder, "three.pdf"), ["p1", "p2", "p3"])
            one = _write_pdf(os.path.join(folder, "one.pdf"), ["q1"])
            handler = PDFHandler([three, one])
            self.assertEqual(handler.merge_pdfs("merged.pdf"), "Merged PDFs saved at merged.pdf")
        self.assertEqual(_texts("merged.pdf"), ["p1\n", "p2\n", "p3\n", "q1\n"])

    def test_merge_pdfs_order(self):
        handler = PDFHandler(["test2.pdf", "test1.pdf"])
        handler.merge_pdfs("merged.pdf")
        self.assertEqual(_texts("merged.pdf"), ["This is a test2.\n", "This is a test1.\n"])

    def test_merge_pdfs_one_file(self):
        handler = PDFHandler(["test1.pdf"])
        handler.merge_pdfs("merged.pdf")
        self.assertEqual(_texts("merged.pdf"), ["This is a test1.\n"])

    def test_merge_pdfs_twice_overwrites(self):
        # A second merge into the same path replaces the file; it does not append to it.
        handler = PDFHandler(["test1.pdf", "test2.pdf"])
        handler.merge_pdfs("merged.pdf")
        handler.merge_pdfs("merged.pdf")
        self.assertEqual(len(PdfReader("merged.pdf").pages), 2)


class PDFHandlerTestExtractTextFromPdfs(unittest.TestCase):
    def test_extract_text_from_pdfs_pages(self):
        # One element per page, not per file.
        with tempfile.TemporaryDirectory() as folder:
            three = _write_pdf(os.path.join(folder, "three.pdf"), ["p1", "p2", "p3"])
            handler = PDFHandler([three, "test1.pdf"])
            texts = handler.extract_text_from_pdfs()
        self.assertEqual(texts, ["p1\n", "p2\n", "p3\n", "This is a test1.\n"])

    def test_extract_text_from_pdfs_order(self):
        handler = PDFHandler(["test2.pdf", "test1.pdf"])
        self.assertEqual(
            handler.extract_text_from_pdfs(), ["This is a test2.\n", "This is a test1.\n"]
        )

    def test_extract_text_from_pdfs_one_file(self):
        handler = PDFHandler(["test2.pdf"])
        self.assertEqual(handler.extract_text_from_pdfs(), ["This is a test2.\n"])

    def test_extract_text_from_pdfs_same_file_twice(self):
        handler = PDFHandler(["test1.pdf", "test1.pdf"])
        self.assertEqual(
            handler.extract_text_from_pdfs(), ["This is a test1.\n", "This is a test1.\n"]
        )
