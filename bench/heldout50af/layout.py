"""Pages as lists of positioned lines (reading order = list order) and their PDF drawing."""

from dataclasses import dataclass, field
from functools import cache

import pymupdf

PAGE_W = 595.28
PAGE_H = 841.89
_D = "/usr/share/fonts/truetype/dejavu/"
FONTS = {
    "sans": _D + "DejaVuSans.ttf",
    "sansb": _D + "DejaVuSans-Bold.ttf",
    "serif": _D + "DejaVuSerif.ttf",
    "serifb": _D + "DejaVuSerif-Bold.ttf",
    "cond": _D + "DejaVuSansCondensed.ttf",
    "condb": _D + "DejaVuSansCondensed-Bold.ttf",
    "mono": _D + "DejaVuSansMono.ttf",
    "monob": _D + "DejaVuSansMono-Bold.ttf",
    "hand": _D + "DejaVuSerifCondensed-Italic.ttf",
}


@cache
def font(key: str) -> pymupdf.Font:
    return pymupdf.Font(fontfile=FONTS[key])


def width(text: str, key: str, size: float) -> float:
    return float(font(key).text_length(text, fontsize=size))


@dataclass
class Line:
    text: str
    x: float
    y: float
    font: str = "sans"
    size: float = 10.0
    align: str = "left"  # left: x is the start; right: x is the end; center: x is the middle
    grey: float = 0.0

    def left(self) -> float:
        w = width(self.text, self.font, self.size)
        if self.align == "right":
            return self.x - w
        if self.align == "center":
            return self.x - w / 2
        return self.x

    def bbox(self) -> tuple[float, float, float, float]:
        x0 = self.left()
        return (
            x0,
            self.y - self.size,
            x0 + width(self.text, self.font, self.size),
            self.y + self.size * 0.3,
        )


@dataclass
class Rule:
    x0: float
    y0: float
    x1: float
    y1: float
    box: bool = False
    lw: float = 0.6
    grey: float = 0.0


@dataclass
class Page:
    lines: list[Line] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)

    def text(self) -> str:
        return "\n".join(ln.text for ln in self.lines)


class Sheet:
    """A flowing writer: put lines at a cursor, wrap paragraphs, break pages."""

    def __init__(self, top: float = 60.0, bottom: float = 770.0) -> None:
        self.pages: list[Page] = [Page()]
        self.y = top
        self.top = top
        self.bottom = bottom
        self.header: list[tuple[str, str, float, str]] = []  # running header, pages 2..

    @property
    def page(self) -> Page:
        return self.pages[-1]

    def put(
        self,
        text: str,
        x: float = 70,
        size: float = 10,
        font: str = "sans",
        align: str = "left",
        y: float | None = None,
        advance: float | None = None,
        grey: float = 0.0,
    ) -> None:
        if y is None:
            if self.y > self.bottom:
                self.new_page()
            y = self.y
            self.y += advance if advance is not None else size * 1.4
        self.page.lines.append(Line(text, x, y, font, size, align, grey))

    def gap(self, h: float) -> None:
        self.y += h

    def rule(self, x0: float, x1: float, y: float | None = None, lw: float = 0.6) -> None:
        yy = self.y - 8 if y is None else y
        self.page.rules.append(Rule(x0, yy, x1, yy, lw=lw))

    def box(self, x0: float, y0: float, x1: float, y1: float, lw: float = 0.6) -> None:
        self.page.rules.append(Rule(x0, y0, x1, y1, box=True, lw=lw))

    def para(
        self,
        text: str,
        x: float = 70,
        w: float = 455,
        size: float = 10,
        font: str = "serif",
        lead: float = 1.4,
    ) -> None:
        words = text.split(" ")
        cur = ""
        for wd in words:
            cand = f"{cur} {wd}" if cur else wd
            if cur and width(cand, font, size) > w:
                self.put(cur, x, size, font, advance=size * lead)
                cur = wd
            else:
                cur = cand
        if cur:
            self.put(cur, x, size, font, advance=size * lead)

    def new_page(self) -> None:
        self.pages.append(Page())
        self.y = self.top
        for text, fnt, size, align in self.header:
            x = {"left": 70.0, "right": PAGE_W - 60, "center": PAGE_W / 2}[align]
            self.put(text, x, size, fnt, align)
        if self.header:
            self.rule(60, PAGE_W - 60)
            self.gap(12)

    def finish(self) -> list[Page]:
        total = len(self.pages)
        for n, pg in enumerate(self.pages, 1):
            for ln in pg.lines:
                ln.text = ln.text.replace("{P}", str(n)).replace("{T}", str(total))
        return self.pages


def draw(pages: list[Page]) -> bytes:
    doc = pymupdf.open()
    for pg in pages:
        p = doc.new_page(width=PAGE_W, height=PAGE_H)
        used: list[str] = []
        for ln in pg.lines:
            if ln.font not in used:
                used.append(ln.font)
                p.insert_font(fontname=f"f{ln.font}", fontfile=FONTS[ln.font])
        for r in pg.rules:
            c = (r.grey, r.grey, r.grey)
            if r.box:
                p.draw_rect(pymupdf.Rect(r.x0, r.y0, r.x1, r.y1), color=c, width=r.lw)
            else:
                p.draw_line((r.x0, r.y0), (r.x1, r.y1), color=c, width=r.lw)
        for ln in pg.lines:
            g = ln.grey
            p.insert_text(
                (ln.left(), ln.y),
                ln.text,
                fontname=f"f{ln.font}",
                fontsize=ln.size,
                color=(g, g, g),
            )
    fixed = "D:20261201000000Z"
    doc.set_metadata(
        {
            "creationDate": fixed,
            "modDate": fixed,
            "producer": "heldout50af",
            "creator": "heldout50af",
            "title": "",
            "author": "",
            "subject": "",
            "keywords": "",
        }
    )
    doc.subset_fonts()
    data: bytes = doc.tobytes(garbage=4, deflate=True, no_new_id=True)
    doc.close()
    return data
