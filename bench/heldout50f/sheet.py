# SPDX-License-Identifier: AGPL-3.0-or-later
# mypy: disable-error-code="no-untyped-call"
"""Pages as lists of placed text lines and simple shapes, built with a cursor.

A page's transcription is its lines in the order they were added (reading order); a block
placed beside another is added after it, so the left block reads first.
"""

from __future__ import annotations

import functools
import textwrap
from dataclasses import dataclass, field

import pymupdf

DEJAVU = "/usr/share/fonts/truetype/dejavu/"
LIBERATION = "/usr/share/fonts/truetype/liberation/"

FONTS: dict[str, str] = {
    "sans": DEJAVU + "DejaVuSans.ttf",
    "sans-b": DEJAVU + "DejaVuSans-Bold.ttf",
    "sans-i": DEJAVU + "DejaVuSans-Oblique.ttf",
    "serif": DEJAVU + "DejaVuSerif.ttf",
    "serif-b": DEJAVU + "DejaVuSerif-Bold.ttf",
    "serif-i": DEJAVU + "DejaVuSerif-Italic.ttf",
    "cond": DEJAVU + "DejaVuSansCondensed.ttf",
    "cond-b": DEJAVU + "DejaVuSansCondensed-Bold.ttf",
    "mono": DEJAVU + "DejaVuSansMono.ttf",
    "mono-b": DEJAVU + "DejaVuSansMono-Bold.ttf",
    "arial": LIBERATION + "LiberationSans-Regular.ttf",
    "arial-b": LIBERATION + "LiberationSans-Bold.ttf",
    "arial-i": LIBERATION + "LiberationSans-Italic.ttf",
    "times": LIBERATION + "LiberationSerif-Regular.ttf",
    "times-b": LIBERATION + "LiberationSerif-Bold.ttf",
    "times-i": LIBERATION + "LiberationSerif-Italic.ttf",
    "courier": LIBERATION + "LiberationMono-Regular.ttf",
    "courier-b": LIBERATION + "LiberationMono-Bold.ttf",
    "narrow": LIBERATION + "LiberationSansNarrow-Regular.ttf",
    "narrow-b": LIBERATION + "LiberationSansNarrow-Bold.ttf",
    "hand": LIBERATION + "LiberationSerif-Italic.ttf",
    "hand2": DEJAVU + "DejaVuSerifCondensed-Italic.ttf",
}

MM_PER_PT = 25.4 / 72
GLUE = "\xa0"  # a space a paragraph never breaks at (printed as a plain space)


def glue(text: str) -> str:
    """Keeps a name or a date on one line of a wrapped paragraph."""
    return text.replace(" ", GLUE)


@functools.cache
def _font(key: str) -> pymupdf.Font:
    return pymupdf.Font(fontfile=FONTS[key])


def width_mm(text: str, font: str, size: float) -> float:
    """The printed width of a text in millimetres."""
    return float(_font(font).text_length(text, fontsize=size)) * MM_PER_PT


@dataclass
class Line:
    text: str
    x: float  # left edge, mm
    y: float  # baseline, mm
    font: str
    size: float  # points
    hand: bool = False


@dataclass
class Shape:
    kind: str  # "rect", "hline", "tick", "circle", "fill"
    x: float
    y: float
    w: float = 0.0
    h: float = 0.0


@dataclass
class Page:
    width: float
    height: float
    lines: list[Line] = field(default_factory=list)
    shapes: list[Shape] = field(default_factory=list)

    def text(self) -> str:
        """The transcription: items placed one after another on the same baseline form one
        line (a label and its value), joined by a space; lines joined by newlines."""
        rows: list[str] = []
        previous: Line | None = None
        for line in self.lines:
            if previous is not None and abs(previous.y - line.y) < 0.01:
                rows[-1] += " " + line.text
            else:
                rows.append(line.text)
            previous = line
        return "\n".join(rows)


class Sheet:
    """A document being laid out: pages, a cursor, a default font."""

    def __init__(
        self,
        font: str = "arial",
        size: float = 10.5,
        left: float = 25.0,
        right: float = 20.0,
        paper: str = "A4",
    ) -> None:
        self.width, self.height = (215.9, 279.4) if paper == "letter" else (210.0, 297.0)
        self.font, self.size, self.left, self.right = font, size, left, right
        self.bottom = self.height - 32.0
        self.top = 20.0
        self.pages: list[Page] = []
        self.y = 0.0
        self.new_page()

    @property
    def page(self) -> Page:
        return self.pages[-1]

    def new_page(self) -> None:
        self.pages.append(Page(self.width, self.height))
        self.y = self.top

    def lead(self, size: float | None = None) -> float:
        return (size or self.size) * MM_PER_PT * 1.38

    def put(
        self,
        text: str,
        x: float,
        y: float,
        font: str | None = None,
        size: float | None = None,
        align: str = "left",
        hand: bool = False,
    ) -> None:
        """Places one line at an absolute position (x is the right edge for align="right")."""
        font, size = font or self.font, size or self.size
        if align == "right":
            x -= width_mm(text, font, size)
        elif align == "center":
            x -= width_mm(text, font, size) / 2
        self.page.lines.append(Line(text, round(x, 2), round(y, 2), font, size, hand))

    def line(
        self,
        text: str,
        x: float | None = None,
        font: str | None = None,
        size: float | None = None,
        align: str = "left",
        hand: bool = False,
    ) -> None:
        """Places one line at the cursor and moves the cursor down."""
        if self.y + self.lead(size) > self.bottom:
            self.new_page()
        self.y += self.lead(size)
        if x is None:
            x = self.width - self.right if align == "right" else self.left
        self.put(text, x, self.y, font, size, align, hand)

    def lines(self, texts: list[str], **kw: object) -> None:
        for text in texts:
            self.line(text, **kw)  # type: ignore[arg-type]

    def para(
        self,
        text: str,
        font: str | None = None,
        size: float | None = None,
        x: float | None = None,
        hand: bool = False,
    ) -> None:
        """A paragraph wrapped to the text width, then a small gap."""
        font, size = font or self.font, size or self.size
        left = self.left if x is None else x
        usable = self.width - self.right - left
        chars = max(20, int(usable / (width_mm("n", font, size) * 1.02)))
        for row in textwrap.wrap(text, chars, break_on_hyphens=False):
            self.line(row.replace(GLUE, " "), x=left, font=font, size=size, hand=hand)
        self.gap(1.8)

    def fields(
        self, rows: list[tuple[str, str]], offset: float, bold: str, spacing: float = 1.0
    ) -> None:
        """A form's rows: the label in bold, its value offset mm to the right, one line each."""
        for label, value in rows:
            self.y += self.lead() * spacing
            self.put(label, self.left, self.y, font=bold)
            self.put(value, self.left + offset, self.y)

    def gap(self, mm: float) -> None:
        self.y += mm

    def room(self, mm: float) -> None:
        """Starts a new page unless mm millimetres are left."""
        if self.y + mm > self.bottom:
            self.new_page()

    def shape(self, kind: str, x: float, y: float, w: float = 0.0, h: float = 0.0) -> None:
        self.page.shapes.append(Shape(kind, x, y, w, h))

    def box(self, x: float, y: float, checked: bool, size: float = 3.2) -> None:
        """A tick box whose top-left corner is at x, y (a cross drawn where checked)."""
        self.shape("rect", x, y, size, size)
        if checked:
            self.shape("tick", x, y, size, size)

    def footer(self, texts: list[str], size: float = 7.5, font: str | None = None) -> None:
        """The same footer lines at the foot of every page."""
        for page in self.pages:
            y = self.height - 12.0 - self.lead(size) * (len(texts) - 1)
            page.shapes.append(Shape("hline", self.left, y - 4.0, self.width - self.right))
            for text in texts:
                page.lines.append(Line(text, self.left, round(y, 2), font or self.font, size))
                y += self.lead(size)

    def page_numbers(self, pattern: str, x: float | None = None) -> None:
        """Numbers every page with pattern, formatted with page= and pages=."""
        total = len(self.pages)
        for number, page in enumerate(self.pages, start=1):
            text = pattern.format(page=number, pages=total)
            right = self.width - self.right if x is None else x
            left = right - width_mm(text, self.font, 8.0)
            page.lines.append(Line(text, round(left, 2), self.height - 27.0, self.font, 8.0))
