"""Pages as lines of text at fixed places, drawn the same way into PDF and images."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

import pymupdf

W, H = 595.0, 842.0
_D = "/usr/share/fonts/truetype/dejavu/"
# Only DejaVu: Liberation's hyphen and middle dot read back from a PDF text layer as a soft
# hyphen and a bullet operator (their glyphs are shared), so the text layer would not equal
# the truth.
FONTS = {
    "sans": _D + "DejaVuSans.ttf",
    "sansb": _D + "DejaVuSans-Bold.ttf",
    "serif": _D + "DejaVuSerif.ttf",
    "serifb": _D + "DejaVuSerif-Bold.ttf",
    "mono": _D + "DejaVuSansMono.ttf",
    "monob": _D + "DejaVuSansMono-Bold.ttf",
    "narrow": _D + "DejaVuSansCondensed.ttf",
    "narrowb": _D + "DejaVuSansCondensed-Bold.ttf",
    "dsans": _D + "DejaVuSans.ttf",
    "dsansb": _D + "DejaVuSans-Bold.ttf",
    "dserif": _D + "DejaVuSerifCondensed.ttf",
    "cond": _D + "DejaVuSansCondensed.ttf",
    "hand": _D + "DejaVuSerif-Italic.ttf",
    "hand2": _D + "DejaVuSerifCondensed-Italic.ttf",
}


@cache
def font(key: str) -> pymupdf.Font:
    return pymupdf.Font(fontfile=FONTS[key])


def width(text: str, key: str, size: float) -> float:
    return float(font(key).text_length(text, fontsize=size))


@dataclass
class Line:
    segs: list[tuple[float, str]]
    y: float
    font: str = "sans"
    size: float = 10.0
    grey: float = 0.0

    @property
    def text(self) -> str:
        return " ".join(t for _, t in self.segs)

    def bbox(self) -> tuple[float, float, float, float]:
        x0 = min(x for x, _ in self.segs)
        x1 = max(x + width(t, self.font, self.size) for x, t in self.segs)
        return (x0, self.y - self.size * 0.95, x1, self.y + self.size * 0.25)


@dataclass
class Page:
    lines: list[Line] = field(default_factory=list)
    rects: list[tuple[float, float, float, float]] = field(default_factory=list)
    rules: list[tuple[float, float, float, float]] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(ln.text for ln in self.lines)


class Sheet:
    """A cursor that writes lines down the page."""

    def __init__(
        self, font_key: str = "sans", size: float = 10.0, left: float = 70.0, right: float = 528.0
    ) -> None:
        self.pages: list[Page] = [Page()]
        self.font = font_key
        self.size = size
        self.left = left
        self.right = right
        self.y = 70.0
        self.lead = 1.35

    @property
    def page(self) -> Page:
        return self.pages[-1]

    def add(
        self,
        text: str,
        x: float | None = None,
        font_key: str | None = None,
        size: float | None = None,
        align: str = "left",
        y: float | None = None,
        advance: bool = True,
        grey: float = 0.0,
    ) -> Line:
        f = font_key or self.font
        s = size or self.size
        if y is None:
            y = self.y
        w = width(text, f, s)
        if align == "right":
            xx = (x if x is not None else self.right) - w
        elif align == "center":
            xx = (W - w) / 2 if x is None else x - w / 2
        else:
            xx = self.left if x is None else x
        ln = Line([(round(xx, 2), text)], round(y, 2), f, s, grey)
        self.page.lines.append(ln)
        if advance:
            self.y = y + s * self.lead
        return ln

    def kv(
        self,
        label: str,
        value: str,
        x: float | None = None,
        x2: float | None = None,
        font_key: str | None = None,
        size: float | None = None,
        label_font: str | None = None,
        y: float | None = None,
    ) -> Line:
        f = font_key or self.font
        s = size or self.size
        x = self.left if x is None else x
        x2 = x + 110 if x2 is None else x2
        x2 = max(x2, x + width(label, label_font or f, s) + 6)
        yy = self.y if y is None else y
        segs = [(x, label), (x2, value)] if value else [(x, label)]
        ln = Line(segs, round(yy, 2), label_font or f, s)
        self.page.lines.append(ln)
        self.y = yy + s * self.lead
        return ln

    def para(
        self,
        text: str,
        x: float | None = None,
        right: float | None = None,
        font_key: str | None = None,
        size: float | None = None,
    ) -> None:
        f = font_key or self.font
        s = size or self.size
        x0 = self.left if x is None else x
        limit = (self.right if right is None else right) - x0
        cur = ""
        for word in text.split():
            trial = f"{cur} {word}" if cur else word
            if cur and width(trial, f, s) > limit:
                self.add(cur, x0, f, s)
                cur = word
            else:
                cur = trial
        if cur:
            self.add(cur, x0, f, s)

    def gap(self, pts: float) -> None:
        self.y += pts

    def new_page(self, top: float = 70.0) -> None:
        self.pages.append(Page())
        self.y = top

    def rule(
        self, y: float | None = None, x0: float | None = None, x1: float | None = None
    ) -> None:
        yy = (self.y - self.size) if y is None else y
        self.page.rules.append(
            (x0 if x0 is not None else self.left, yy, x1 if x1 is not None else self.right, yy)
        )

    def box(self, x0: float, y0: float, x1: float, y1: float) -> None:
        self.page.rects.append((x0, y0, x1, y1))


def draw(doc: pymupdf.Document, page: Page) -> None:
    """Draws one page into a PyMuPDF document (text as real text)."""
    p = doc.new_page(width=W, height=H)
    for r in page.rects:
        p.draw_rect(pymupdf.Rect(*r), color=(0.3, 0.3, 0.3), width=0.7)
    for r in page.rules:
        p.draw_line(
            pymupdf.Point(r[0], r[1]), pymupdf.Point(r[2], r[3]), color=(0.3, 0.3, 0.3), width=0.6
        )
    # one writer per run of lines of one grey, so the text stays in reading order
    runs: list[tuple[float, list[Line]]] = []
    for ln in page.lines:
        if runs and runs[-1][0] == ln.grey:
            runs[-1][1].append(ln)
        else:
            runs.append((ln.grey, [ln]))
    for g, lines in runs:
        tw = pymupdf.TextWriter(p.rect)
        for ln in lines:
            for x, t in ln.segs:
                tw.append((x, ln.y), t, font=font(ln.font), fontsize=ln.size)
        tw.write_text(p, color=(g, g, g))


def to_pdf(pages: list[Page]) -> bytes:
    doc = pymupdf.open()
    for pg in pages:
        draw(doc, pg)
    doc.set_metadata(
        {
            "producer": "heldout50p",
            "creator": "heldout50p",
            "creationDate": "D:20250101000000Z",
            "modDate": "D:20250101000000Z",
            "title": "",
            "author": "",
            "subject": "",
            "keywords": "",
        }
    )
    doc.subset_fonts()
    data: bytes = doc.tobytes(garbage=4, deflate=True, no_new_id=True)
    return data
