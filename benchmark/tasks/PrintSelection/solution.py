import re
from bisect import bisect_left


class PrintSelection:
    """
    The page selection of a print dialog for a document of a fixed number of pages, written in a small language:
    items separated by commas, each item one of "N" (page N), "A-B" (pages A to B, both included, A not above B),
    "A-" (page A to the last page) or "-B" (the first page to page B). Page numbers are written with the digits
    0-9 (leading zeros allowed) and count from 1. Spaces may surround an item but not stand inside it.
    """

    def __init__(self, page_count: int):
        """
        Start with no page selected.
        :param page_count: int, the number of pages of the document, at least 1
        self.page_count: int, the number of pages of the document, as given
        self.pages: list of int, the selected pages in ascending order without repeats; [] at first
        """
        self.page_count = page_count
        self.pages = []

    def parse_item(self, item: str) -> list:
        """
        The pages one item of the language stands for. Spaces around the item are ignored.
        :param item: str, one item, e.g. "4", "2-5", "7-" or "-3"
        :return: list of int, the pages in ascending order
        :raises ValueError: when the item is not written in one of the four forms, names a page below 1 or above
            page_count, or a range whose start is above its end
        >>> PrintSelection(10).parse_item(" 2-5 "), PrintSelection(10).parse_item("8-"), PrintSelection(10).parse_item("-2")
        ([2, 3, 4, 5], [8, 9, 10], [1, 2])
        """
        match = re.fullmatch(r"([0-9]+)|([0-9]*)-([0-9]*)", item.strip())
        if match is None or match.group(0) == "-":
            raise ValueError(f"not a page item: {item!r}")
        if match.group(1) is not None:
            first = last = int(match.group(1))
        else:
            first = int(match.group(2)) if match.group(2) else 1
            last = int(match.group(3)) if match.group(3) else self.page_count
        if first < 1 or last > self.page_count or first > last:
            raise ValueError(f"pages out of range: {item!r}")
        return list(range(first, last + 1))

    def select(self, spec: str) -> int:
        """
        Replace the selection with the pages of a whole spec: its items, split at every comma, read as parse_item
        reads them; pages named more than once are selected once.
        :param spec: str, items separated by commas, e.g. "1-3, 7, 9-"
        :return: int, the number of pages selected now
        :raises ValueError: when any item cannot be read, including an empty spec and an empty item between two
            commas or after a trailing comma (nothing changes then)
        >>> selection = PrintSelection(10)
        >>> selection.select("9-, 1-3,2"), selection.pages
        (5, [1, 2, 3, 9, 10])
        """
        pages = set()
        for item in spec.split(","):
            pages.update(self.parse_item(item))
        self.pages = sorted(pages)
        return len(self.pages)

    def add(self, spec: str) -> int:
        """
        Add the pages of a spec, read as select reads it, to the selection.
        :param spec: str, items separated by commas
        :return: int, the number of pages that were not selected before
        :raises ValueError: when the spec cannot be read as select reads it (nothing changes then)
        >>> selection = PrintSelection(10)
        >>> selection.select("1-3"), selection.add("3-5"), selection.pages
        (3, 2, [1, 2, 3, 4, 5])
        """
        before = set(self.pages)
        self.select(spec)
        self.pages = sorted(before.union(self.pages))
        return len(self.pages) - len(before)

    def compress(self, pages: list) -> str:
        """
        The shortest spec for a list of pages: the pages in ascending order without repeats, every run of two or
        more consecutive pages written "A-B", a page outside such a run written "N", joined by "," without
        spaces. The pages are not checked against page_count.
        :param pages: list of int, page numbers in any order, repeats allowed
        :return: str, the spec, "" for an empty list
        >>> PrintSelection(10).compress([9, 1, 2, 3, 3, 5, 6])
        '1-3,5-6,9'
        """
        ordered = sorted(set(pages))
        parts = []
        start = 0
        while start < len(ordered):
            end = start
            while end + 1 < len(ordered) and ordered[end + 1] == ordered[end] + 1:
                end += 1
            parts.append(
                str(ordered[start]) if start == end else f"{ordered[start]}-{ordered[end]}"
            )
            start = end + 1
        return ",".join(parts)

    def split(self, max_pages: int) -> list:
        """
        Cut the selection into print jobs: the selected pages in ascending order, max_pages pages to a job (the
        last job may hold fewer), each job written as compress writes it.
        :param max_pages: int, the most pages a job holds, at least 1
        :return: list of str, one spec per job in order, [] when no page is selected
        :raises ValueError: when max_pages is below 1
        >>> selection = PrintSelection(10)
        >>> selection.select("1-4,8-10")
        7
        >>> selection.split(3)
        ['1-3', '4,8-9', '10']
        """
        if max_pages < 1:
            raise ValueError(f"a job holds at least one page, not {max_pages}")
        return [
            self.compress(self.pages[start : start + max_pages])
            for start in range(0, len(self.pages), max_pages)
        ]

    def contains(self, page: int) -> bool:
        """
        Whether a page is selected.
        :param page: int, a page number (any int; a page outside the document is never selected)
        :return: bool, True when the page is in the selection
        >>> selection = PrintSelection(10)
        >>> selection.select("2-4")
        3
        >>> selection.contains(4), selection.contains(5)
        (True, False)
        """
        index = bisect_left(self.pages, page)
        return index < len(self.pages) and self.pages[index] == page
