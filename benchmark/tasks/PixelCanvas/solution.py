from collections import deque


class PixelCanvas:
    """
    A rectangular canvas of pixels, each a colour written as one character. Pixel (row, column) has row 0 at the
    top and column 0 at the left. A region is a largest set of pixels of one colour in which every pixel can be
    reached from every other by steps to one of the four edge neighbours (up, down, left, right; never
    diagonally) without leaving the colour.
    """

    def __init__(self, width: int, height: int, background: str = "."):
        """
        Create a canvas filled with one colour.
        :param width: int, the number of columns, at least 1
        :param height: int, the number of rows, at least 1
        :param background: str, the colour of every pixel at first, "." unless given
        self.width: int, the number of columns
        self.height: int, the number of rows
        self.pixels: list, one list per row (top to bottom) of the colours of its pixels (left to right)
        """
        self.width = width
        self.height = height
        self.pixels = [[background] * width for _ in range(height)]

    def load(self, rows: list) -> int:
        """
        Replace the whole canvas by the given rows, changing its size to theirs.
        :param rows: list of str, the rows from top to bottom, each character one pixel's colour
        :return: int, the number of pixels of the new canvas
        :raises ValueError: when rows is empty, a row is empty or the rows differ in length (the canvas is
            unchanged then)
        >>> canvas = PixelCanvas(1, 1)
        >>> canvas.load(["ab", "cd", "ef"]), canvas.width, canvas.height
        (6, 2, 3)
        >>> canvas.pixels
        [['a', 'b'], ['c', 'd'], ['e', 'f']]
        """
        widths = {len(row) for row in rows}
        if len(widths) != 1 or 0 in widths:
            raise ValueError("rows must be a non-empty rectangle")
        self.pixels = [list(row) for row in rows]
        self.height = len(rows)
        self.width = widths.pop()
        return self.width * self.height

    def paint(self, row: int, column: int, colour: str) -> str:
        """
        Give one pixel a colour.
        :param row: int, the pixel's row, 0 <= row < height
        :param column: int, the pixel's column, 0 <= column < width
        :param colour: str, the new colour, exactly one character
        :return: str, the colour the pixel had before
        :raises ValueError: when the pixel is outside the canvas or colour is not one character
        >>> canvas = PixelCanvas(3, 2)
        >>> canvas.paint(1, 2, "#"), canvas.paint(1, 2, "o")
        ('.', '#')
        >>> canvas.pixels
        [['.', '.', '.'], ['.', '.', 'o']]
        """
        if not (0 <= row < self.height and 0 <= column < self.width) or len(colour) != 1:
            raise ValueError("no such pixel or not a colour")
        previous = self.pixels[row][column]
        self.pixels[row][column] = colour
        return previous

    def region(self, row: int, column: int) -> list:
        """
        The region that holds a pixel.
        :param row: int, the pixel's row, 0 <= row < height
        :param column: int, the pixel's column, 0 <= column < width
        :return: list of tuple, the (row, column) of every pixel of the region, sorted by row, then column
        :raises ValueError: when the pixel is outside the canvas
        >>> canvas = PixelCanvas(1, 1)
        >>> canvas.load(["aab", "bab", "bbb"])
        9
        >>> canvas.region(0, 0)
        [(0, 0), (0, 1), (1, 1)]
        """
        if not (0 <= row < self.height and 0 <= column < self.width):
            raise ValueError("no such pixel")
        colour = self.pixels[row][column]
        found = {(row, column)}
        queue = deque(found)
        while queue:
            r, c = queue.popleft()
            for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                inside = 0 <= nr < self.height and 0 <= nc < self.width
                if inside and (nr, nc) not in found and self.pixels[nr][nc] == colour:
                    found.add((nr, nc))
                    queue.append((nr, nc))
        return sorted(found)

    def fill(self, row: int, column: int, colour: str) -> int:
        """
        Give the whole region that holds a pixel a new colour (a paint bucket).
        :param row: int, the pixel's row, 0 <= row < height
        :param column: int, the pixel's column, 0 <= column < width
        :param colour: str, the new colour, exactly one character
        :return: int, the number of pixels that changed colour, 0 when the region already has that colour
        :raises ValueError: when the pixel is outside the canvas or colour is not one character
        >>> canvas = PixelCanvas(1, 1)
        >>> canvas.load(["aab", "bab", "bbb"])
        9
        >>> canvas.fill(2, 0, "c"), canvas.pixels
        (6, [['a', 'a', 'c'], ['c', 'a', 'c'], ['c', 'c', 'c']])
        """
        pixels = self.region(row, column)
        if len(colour) != 1:
            raise ValueError("a colour is one character")
        if self.pixels[row][column] == colour:
            return 0
        for r, c in pixels:
            self.pixels[r][c] = colour
        return len(pixels)

    def count_regions(self, colour: str = "") -> int:
        """
        Count the regions of one colour, or of every colour.
        :param colour: str, the colour whose regions are counted, or "" (the default) for the regions of all
            colours
        :return: int, the number of regions, 0 when no pixel has the colour
        >>> canvas = PixelCanvas(1, 1)
        >>> canvas.load(["a.a", ".a.", "a.a"])
        9
        >>> canvas.count_regions("a"), canvas.count_regions("."), canvas.count_regions()
        (5, 4, 9)
        """
        seen = set()
        count = 0
        for r in range(self.height):
            for c in range(self.width):
                if (r, c) not in seen and colour in ("", self.pixels[r][c]):
                    seen.update(self.region(r, c))
                    count += 1
        return count

    def bounding_box(self, colour: str) -> tuple:
        """
        The smallest rectangle that holds every pixel of a colour.
        :param colour: str, the colour
        :return: tuple, (top row, left column, bottom row, right column), all included; () when no pixel has the
            colour
        >>> canvas = PixelCanvas(4, 3)
        >>> canvas.paint(0, 2, "#"), canvas.paint(2, 1, "#")
        ('.', '.')
        >>> canvas.bounding_box("#"), canvas.bounding_box("x")
        ((0, 1, 2, 2), ())
        """
        cells = [(r, c) for r in range(self.height) for c in range(self.width) if self.pixels[r][c] == colour]
        if not cells:
            return ()
        rows = [r for r, _ in cells]
        columns = [c for _, c in cells]
        return min(rows), min(columns), max(rows), max(columns)

    def render(self) -> str:
        """
        The canvas as text: one line per row, top to bottom, the lines joined by "\\n" (no "\\n" at the end).
        :return: str, the picture
        >>> canvas = PixelCanvas(3, 2)
        >>> canvas.paint(0, 1, "#")
        '.'
        >>> canvas.render()
        '.#.\\n...'
        """
        return "\n".join("".join(row) for row in self.pixels)
