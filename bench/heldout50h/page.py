"""Pages as printed lines in reading order, and a flowing writer that fills them.

A page is an A4 sheet in millimetres; each line carries its own font and anchor. The reading
order is the order the lines were put down, which is what the truth transcription joins.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import pymupdf as fitz

FONT_DIR = "/usr/share/fonts/truetype/dejavu/"
FONTS = {
    "sans": "DejaVuSans.ttf",
    "sansb": "DejaVuSans-Bold.ttf",
    "sansi": "DejaVuSans-Oblique.ttf",
    "serif": "DejaVuSerif.ttf",
    "serifb": "DejaVuSerif-Bold.ttf",
    "serifi": "DejaVuSerif-Italic.ttf",
    "cond": "DejaVuSansCondensed.ttf",
    "condb": "DejaVuSansCondensed-Bold.ttf",
    "mono": "DejaVuSansMono.ttf",
    "monob": "DejaVuSansMono-Bold.ttf",
    "hand": "DejaVuSerifCondensed-Italic.ttf",
}
PAGE_W, PAGE_H = 210.0, 297.0
PT_PER_MM = 72 / 25.4


@functools.cache
def font(key: str) -> fitz.Font:
    return fitz.Font(fontfile=FONT_DIR + FONTS[key])


def width_mm(text: str, key: str, size: float) -> float:
    return font(key).text_length(text, fontsize=size) / PT_PER_MM


@dataclass(frozen=True)
class Line:
    text: str
    x: float
    y: float
    size: float = 10.0
    font: str = "sans"
    align: str = "l"  # l, r or c: where x anchors the baseline
    colour: tuple[float, float, float] = (0.0, 0.0, 0.0)

    def left(self) -> float:
        wide = width_mm(self.text, self.font, self.size)
        return self.x - (wide if self.align == "r" else wide / 2 if self.align == "c" else 0.0)


@dataclass
class Page:
    lines: list[Line] = field(default_factory=list)
    rules: list[tuple[float, float, float, float]] = field(default_factory=list)
    boxes: list[tuple[float, float, float, float]] = field(default_factory=list)
    handwritten: bool = False

    def put(
        self,
        text: str,
        x: float,
        y: float,
        size: float = 10.0,
        font_key: str = "sans",
        **kw: object,
    ) -> str:
        if text.strip():
            self.lines.append(Line(text, x, y, size, font_key, **kw))  # type: ignore[arg-type]
        return text

    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)


def wrap(text: str, key: str, size: float, limit_mm: float) -> list[str]:
    words, rows, current = text.split(), [], ""
    for word in words:
        trial = f"{current} {word}" if current else word
        if current and width_mm(trial, key, size) > limit_mm:
            rows.append(current)
            current = word
        else:
            current = trial
    if current:
        rows.append(current)
    return rows


class Writer:
    """Flows paragraphs down pages; a new page starts with the continuation header."""

    def __init__(self, left: float = 25.0, right: float = 188.0, bottom: float = 268.0) -> None:
        self.left, self.right, self.bottom = left, right, bottom
        self.pages: list[Page] = [Page()]
        self.y = 20.0
        self.font, self.size, self.leading = "sans", 10.0, 4.6
        self.continuation: list[tuple[str, str]] = []  # (text, align) with {page} and {total}
        self.footer: list[tuple[str, float, str]] = []  # (text, size, align) on every page

    @property
    def page(self) -> Page:
        return self.pages[-1]

    def new_page(self) -> None:
        self.pages.append(Page())
        self.y = 16.0
        for text, align in self.continuation:
            x = self.right if align == "r" else self.left
            self.page.put(
                text.replace("{page}", str(len(self.pages))), x, self.y, 8.5, self.font, align=align
            )
            self.y += 4.2
        self.y += 6.0

    def need(self, height: float) -> None:
        if self.y + height > self.bottom:
            self.new_page()

    def line(
        self,
        text: str,
        x: float | None = None,
        size: float | None = None,
        font_key: str | None = None,
    ) -> str:
        size = size or self.size
        self.need(size * 0.45)
        self.page.put(text, self.left if x is None else x, self.y, size, font_key or self.font)
        self.y += size * self.leading / 10.0
        return text

    def para(
        self, text: str, size: float | None = None, font_key: str | None = None, indent: float = 0.0
    ) -> None:
        size, key = size or self.size, font_key or self.font
        for row in wrap(text, key, size, self.right - self.left - indent):
            self.line(row, self.left + indent, size, key)
        self.y += 2.2

    def gap(self, mm: float) -> None:
        self.y += mm

    def finish(self) -> list[Page]:
        total = str(len(self.pages))
        for number, page in enumerate(self.pages, start=1):
            page.lines = [
                Line(
                    ln.text.replace("{total}", total),
                    ln.x,
                    ln.y,
                    ln.size,
                    ln.font,
                    ln.align,
                    ln.colour,
                )
                for ln in page.lines
            ]
            for index, (text, size, align) in enumerate(self.footer):
                x = {"l": self.left, "r": self.right, "c": (self.left + self.right) / 2}[align]
                label = text.replace("{page}", str(number)).replace("{total}", total)
                page.put(
                    label,
                    x,
                    281.0 + index * 3.6 - 3.6 * (len(self.footer) - 1) / 2,
                    size,
                    "cond",
                    align=align,
                )
        return self.pages
