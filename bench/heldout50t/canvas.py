"""Page layout: lines of text at positions, drawn into PDFs and images."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pymupdf

# Only DejaVu: the Liberation fonts share one glyph between hyphen and soft hyphen (and space
# and no-break space), so their text layer would not read back as printed.
FONT_FILES = {
    "sans": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "sansb": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "cond": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf",
    "condb": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
    "serif": "/usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed.ttf",
    "serifb": "/usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed-Bold.ttf",
    "arial": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "arialb": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "narrow": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Oblique.ttf",
    "narrowb": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-BoldOblique.ttf",
    "mono": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "monob": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf",
    "hand": "/usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed-Italic.ttf",
    "dserif": "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "dserifb": "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
}
FAMILIES = {
    "sans": ("sans", "sansb"),
    "serif": ("serif", "serifb"),
    "arial": ("arial", "arialb"),
    "narrow": ("narrow", "narrowb"),
    "cond": ("cond", "condb"),
    "dserif": ("dserif", "dserifb"),
    "mono": ("mono", "monob"),
    "hand": ("hand", "hand"),
}
W, H = 595.0, 842.0
LEFT, RIGHT = 62.0, 540.0
BOTTOM = 728.0
_FONTS: dict[str, pymupdf.Font] = {}


def font(key: str) -> pymupdf.Font:
    if key not in _FONTS:
        _FONTS[key] = pymupdf.Font(fontfile=FONT_FILES[key])
    return _FONTS[key]


def tlen(text: str, key: str, size: float) -> float:
    return float(font(key).text_length(text, fontsize=size))


@dataclass
class Ln:
    x: float
    y: float
    text: str
    font: str
    size: float


@dataclass
class Page:
    lines: list[Ln] = field(default_factory=list)
    draws: list[tuple[str, float, float, float, float]] = field(default_factory=list)

    def text(self) -> str:
        return "\n".join(ln.text for ln in self.lines)


class Canvas:
    def __init__(self, family: str = "sans", size: float = 10.0) -> None:
        self.reg, self.bold = FAMILIES[family]
        self.size = size
        self.lead = size * 1.38
        self.pages: list[Page] = [Page()]
        self.y = 0.0
        self.on_break: Callable[[Canvas], None] | None = None

    @property
    def page(self) -> Page:
        return self.pages[-1]

    def t(
        self,
        x: float,
        y: float,
        text: str,
        bold: bool = False,
        size: float | None = None,
        fnt: str | None = None,
    ) -> float:
        key = fnt or (self.bold if bold else self.reg)
        sz = size or self.size
        if not text:
            return x
        width = tlen(text, key, sz)
        if x < 30 or x + width > W - 30 or y < 30 or y > H - 22:
            raise ValueError(f"line outside the sheet: {text!r} at {x:.0f},{y:.0f} w={width:.0f}")
        self.page.lines.append(Ln(round(x, 2), round(y, 2), text, key, sz))
        return x + width

    def tr(
        self,
        xr: float,
        y: float,
        text: str,
        bold: bool = False,
        size: float | None = None,
        fnt: str | None = None,
    ) -> None:
        key = fnt or (self.bold if bold else self.reg)
        self.t(xr - tlen(text, key, size or self.size), y, text, bold, size, fnt)

    def tc(
        self,
        y: float,
        text: str,
        bold: bool = False,
        size: float | None = None,
        fnt: str | None = None,
        cx: float = W / 2,
    ) -> None:
        key = fnt or (self.bold if bold else self.reg)
        self.t(cx - tlen(text, key, size or self.size) / 2, y, text, bold, size, fnt)

    def line(self, x0: float, y0: float, x1: float, y1: float) -> None:
        self.page.draws.append(("line", x0, y0, x1, y1))

    def rect(self, x0: float, y0: float, x1: float, y1: float) -> None:
        self.page.draws.append(("rect", x0, y0, x1, y1))

    def wrap(
        self,
        text: str,
        width: float,
        bold: bool = False,
        size: float | None = None,
        fnt: str | None = None,
    ) -> list[str]:
        key = fnt or (self.bold if bold else self.reg)
        out: list[str] = []
        cur = ""
        for word in text.split(" "):
            cand = f"{cur} {word}" if cur else word
            if cur and tlen(cand, key, size or self.size) > width:
                out.append(cur)
                cur = word
            else:
                cur = cand
        if cur:
            out.append(cur)
        return out

    def need(self, h: float) -> None:
        if self.y + h > BOTTOM:
            self.pages.append(Page())
            self.y = 70.0
            if self.on_break:
                self.on_break(self)

    def para(
        self,
        text: str,
        x: float = LEFT,
        width: float = RIGHT - LEFT,
        bold: bool = False,
        gap: float = 0.5,
        fnt: str | None = None,
        size: float | None = None,
    ) -> None:
        for ln in self.wrap(text, width, bold, size, fnt):
            self.need(self.lead)
            self.t(x, self.y, ln, bold, size, fnt)
            self.y += self.lead
        self.y += self.lead * gap


def to_pdf(pages: list[Page]) -> bytes:
    doc = pymupdf.open()
    for pg in pages:
        p = doc.new_page(width=W, height=H)
        used: list[str] = []
        for ln in pg.lines:
            if ln.font not in used:
                used.append(ln.font)
                p.insert_font(fontname=ln.font, fontfile=FONT_FILES[ln.font])
        for kind, x0, y0, x1, y1 in pg.draws:
            if kind == "line":
                p.draw_line((x0, y0), (x1, y1), color=(0, 0, 0), width=0.7)
            else:
                p.draw_rect(pymupdf.Rect(x0, y0, x1, y1), color=(0, 0, 0), width=0.7)
        for ln in pg.lines:
            p.insert_text((ln.x, ln.y), ln.text, fontname=ln.font, fontsize=ln.size)
    doc.set_metadata(
        {
            "producer": "heldout50t",
            "creator": "heldout50t",
            "title": "",
            "author": "",
            "subject": "",
            "keywords": "",
            "creationDate": "D:20260101000000Z",
            "modDate": "D:20260101000000Z",
        }
    )
    doc.subset_fonts()
    data: bytes = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()
    return data
