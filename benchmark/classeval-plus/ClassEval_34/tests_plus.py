"""ClassEval+ tests of ClassEval_34 (DocFileHandler).

The published write, heading and table classes set up `self.handler` on test_example.docx,
which holds one paragraph, "Initial content". A path in a folder that does not exist is where
no document can be read or saved.
"""

import os
import unittest

from docx import Document
from docx.enum.text import WD_PARAGRAPH_ALIGNMENT
from docx.shared import Pt
from solution import DocFileHandler

MISSING = os.path.join("no_such_folder", "missing.docx")


class DocFileHandlerTestReadText(unittest.TestCase):
    def test_read_text_paragraphs(self):
        # Guards read_text line 26 `"\n"` -> `""`: paragraphs are read one per line.
        doc = Document()
        doc.add_paragraph("first")
        doc.add_paragraph("second")
        doc.save("paragraphs.docx")
        try:
            self.assertEqual(DocFileHandler("paragraphs.docx").read_text(), "first\nsecond")
        finally:
            os.remove("paragraphs.docx")


class DocFileHandlerTestWriteText(unittest.TestCase):
    def test_write_text_default_font_size(self):
        # Guards write_text line 28 `12` -> `13` / `11`: the default font size is 12 points.
        self.assertIs(self.handler.write_text("sized"), True)
        run = Document(self.file_path).paragraphs[0].runs[0]
        self.assertEqual(run.font.size, Pt(12))

    def test_write_text_font_size_and_alignment(self):
        # Guards line 41 `font.size = Pt(font_size)` and line 43 `paragraph.alignment = ...`
        # (each -> `pass`).
        self.assertIs(self.handler.write_text("big", font_size=20, alignment="center"), True)
        paragraph = Document(self.file_path).paragraphs[0]
        self.assertEqual(paragraph.runs[0].font.size, Pt(20))
        self.assertEqual(paragraph.alignment, WD_PARAGRAPH_ALIGNMENT.CENTER)

    def test_write_text_fails(self):
        # Guards line 45 `True` -> `False` and line 47 `False` -> `True`: a document that
        # cannot be saved is a failure.
        self.assertIs(DocFileHandler(MISSING).write_text("lost"), False)


class DocFileHandlerTestAddHeading(unittest.TestCase):
    def test_add_heading_default_level(self):
        # Guards add_heading line 49 `1` -> `2` and line 60 `True` -> `False`.
        self.assertIs(self.handler.add_heading("Title"), True)
        styles = [(p.text, p.style.name) for p in Document(self.file_path).paragraphs]
        self.assertEqual(styles[-1], ("Title", "Heading 1"))
        self.assertEqual(styles[0][0], "Initial content")

    def test_add_heading_fails(self):
        # Guards line 62 `False` -> `True`: no document, no heading.
        self.assertIs(DocFileHandler(MISSING).add_heading("Title"), False)


class DocFileHandlerTestAddTable(unittest.TestCase):
    def test_add_table_returns(self):
        # Guards add_table line 77 `True` -> `False` and line 79 `False` -> `True`.
        self.assertIs(self.handler.add_table([["a", 1], ["b", 2]]), True)
        self.assertEqual(Document(self.file_path).tables[0].cell(1, 1).text, "2")
        self.assertIs(DocFileHandler(MISSING).add_table([["a"]]), False)


class DocFileHandlerTestGetAlignmentValue(unittest.TestCase):
    # ClassEval names the class-level DocFileHandlerTest as this method's tests. Alignments are
    # compared as the numbers python-docx gives them: a library's enum member crosses from the
    # candidate's process as an object of its own, which only equals itself.
    # Guards _get_alignment_value lines 87-92 (the table emptied, a key emptied, None).
    def test_get_alignment_value_left(self):
        handler = DocFileHandler("unused.docx")
        self.assertEqual(
            int(handler._get_alignment_value("left")), int(WD_PARAGRAPH_ALIGNMENT.LEFT)
        )

    def test_get_alignment_value_center(self):
        handler = DocFileHandler("unused.docx")
        self.assertEqual(
            int(handler._get_alignment_value("center")), int(WD_PARAGRAPH_ALIGNMENT.CENTER)
        )

    def test_get_alignment_value_right(self):
        handler = DocFileHandler("unused.docx")
        self.assertEqual(
            int(handler._get_alignment_value("right")), int(WD_PARAGRAPH_ALIGNMENT.RIGHT)
        )

    def test_get_alignment_value_ints(self):
        # ":return: int": python-docx numbers left, center and right 0, 1 and 2.
        handler = DocFileHandler("unused.docx")
        values = [handler._get_alignment_value(a) for a in ("left", "center", "right")]
        self.assertEqual([int(v) for v in values], [0, 1, 2])

    def test_get_alignment_value_sets_a_paragraph(self):
        handler = DocFileHandler("unused.docx")
        paragraph = Document().add_paragraph("x")
        paragraph.alignment = WD_PARAGRAPH_ALIGNMENT(int(handler._get_alignment_value("right")))
        self.assertEqual(paragraph.alignment, WD_PARAGRAPH_ALIGNMENT.RIGHT)


class DocFileHandlerTest(unittest.TestCase):
    def test_DocFileHandler_report(self):
        # Class-level test with _get_alignment_value: a document written, extended and read.
        handler = DocFileHandler("report.docx")
        try:
            self.assertIs(handler.write_text("Body", 14, "right"), True)
            self.assertIs(handler.add_heading("Results", 2), True)
            self.assertIs(handler.add_table([["n", "x"], [1, 2.5]]), True)
            doc = Document("report.docx")
            self.assertEqual(
                int(doc.paragraphs[0].alignment), int(handler._get_alignment_value("right"))
            )
            self.assertEqual([p.style.name for p in doc.paragraphs], ["Normal", "Heading 2"])
            self.assertEqual(doc.tables[0].cell(1, 1).text, "2.5")
            self.assertEqual(handler.read_text(), "Body\nResults")
        finally:
            os.remove("report.docx")
