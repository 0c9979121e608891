"""ClassEval+ tests of ClassEval_44 (HtmlUtil).

The constructor in the prompt sets every mark; the published tests read only CODE_MARK. What the
tests below expect of lists and paragraphs follows the published tests: an item is written
`[-]text` with a full stop unless it ends in punctuation (tests 7 and 12), an empty item gives
nothing (test 8), a paragraph gets a full stop unless it ends in punctuation (tests 9 to 11).
"""

import unittest

from solution import HtmlUtil


class HtmlUtilTest(unittest.TestCase):
    def test_htmlutil_marks(self):
        # Guards __init__ lines 15-22 (each assignment removed, or its mark emptied): the
        # constructor the prompt gives sets these marks, and a class without them is not it.
        htmlutil = HtmlUtil()
        self.assertEqual(
            [
                htmlutil.SPACE_MARK,
                htmlutil.JSON_MARK,
                htmlutil.MARKUP_LANGUAGE_MARK,
                htmlutil.URL_MARK,
                htmlutil.NUMBER_MARK,
                htmlutil.TRACE_MARK,
                htmlutil.COMMAND_MARK,
                htmlutil.COMMENT_MARK,
                htmlutil.CODE_MARK,
            ],
            [
                "-SPACE-",
                "-JSON-",
                "-MARKUP_LANGUAGE-",
                "-URL-",
                "-NUMBER-",
                "-TRACE-",
                "-COMMAND-",
                "-COMMENT-",
                "-CODE-",
            ],
        )

    def test_htmlutil_line_feeds_and_code(self):
        # Class-level test with __format_line_feed (no published class-level test uses it):
        # the formatted text has no run of line breaks left to collapse, and the code it marks
        # is what extract_code_from_html_text returns.
        htmlutil = HtmlUtil()
        html = (
            "<h1>T</h1>\n\n<p>Run this.</p>\n\n\n<pre>go()</pre>\n<p>Then!</p>\n<pre>stop()</pre>"
        )
        text = htmlutil.format_line_html_text(html)
        self.assertEqual(text, "T\nRun this.\n-CODE-\nThen!\n-CODE-")
        self.assertEqual(HtmlUtil._HtmlUtil__format_line_feed(text), text)
        self.assertEqual(HtmlUtil._HtmlUtil__format_line_feed("a\n\n\nb"), "a\nb")
        self.assertEqual(htmlutil.extract_code_from_html_text(html), ["go()", "stop()"])


class HtmlUtilTestFormatLineHtmlText(unittest.TestCase):
    def test_format_line_html_text_one_character(self):
        # Guards line 56 `len(html_text) == 0` -> `== 1`: a text of one character is text.
        self.assertEqual(HtmlUtil().format_line_html_text("x"), "x")

    def test_format_line_html_text_ordered_list(self):
        # Guards line 64 `['ul', 'ol']` -> `['ul', '']`: the items of an ordered list are
        # written as those of an unordered one.
        res = HtmlUtil().format_line_html_text("<ol><li>Item 1</li><li>Item 2!</li></ol>")
        self.assertEqual(res, "[-]Item 1.[-]Item 2!")

    def test_format_line_html_text_empty_item_then_item(self):
        # Guards line 70 `continue` -> `break`: an empty item gives nothing, and the items
        # after it are written as usual.
        res = HtmlUtil().format_line_html_text("<ul><li></li><li>Item</li></ul>")
        self.assertEqual(res, "[-]Item.")

    def test_format_line_html_text_punctuated_item_then_item(self):
        # Guards line 73 `continue` -> `break`: an item that ends in punctuation does not stop
        # the ones after it.
        res = HtmlUtil().format_line_html_text("<ul><li>A!</li><li>B</li></ul>")
        self.assertEqual(res, "[-]A![-]B.")

    def test_format_line_html_text_paragraphs(self):
        # Guards line 82 `continue` -> `break`, and takes the branch 79->77: a paragraph that
        # ends in punctuation, or an empty one, does not stop the ones after it.
        htmlutil = HtmlUtil()
        self.assertEqual(htmlutil.format_line_html_text("<p>One.</p><p>Two</p>"), "One.Two.")
        self.assertEqual(htmlutil.format_line_html_text("<p></p><p>Text</p>"), "Text.")
