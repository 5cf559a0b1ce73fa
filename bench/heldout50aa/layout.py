"""Page model, fonts, the composer and the three renderers (PDF, 200 dpi scan, fax TIFF)."""

from __future__ import annotations

import io
import random
import re
from dataclasses import dataclass, field

import pymupdf
from PIL import Image, ImageDraw, ImageFont

PAGE_W = 595.0
PAGE_H = 842.0

FONTS = {
    "sans": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "sansb": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "cond": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf",
    "condb": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
    "serif": "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "serifb": "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
    "lsans": "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "lsansb": "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    "lserif": "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf",
    "lserifb": "/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf",
    "narrow": "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf",
    "narrowb": "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf",
    "mono": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "monob": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf",
    "lmono": "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf",
    # the stand-in for handwriting: an italic serif, jittered per line
    "hand": "/usr/share/fonts/truetype/liberation/LiberationSerif-Italic.ttf",
}

_MEASURE: dict[str, pymupdf.Font] = {}


def text_width(text: str, font: str, size: float) -> float:
    f = _MEASURE.get(font)
    if f is None:
        f = pymupdf.Font(fontfile=FONTS[font])
        _MEASURE[font] = f
    return float(f.text_length(text, fontsize=size))


@dataclass
class Line:
    x: float
    y: float  # baseline, points from the top
    text: str
    font: str
    size: float

    @property
    def width(self) -> float:
        return text_width(self.text, self.font, self.size)


@dataclass
class Page:
    name: str  # "p1", "p2", "cover"
    lines: list[Line] = field(default_factory=list)
    rules: list[tuple[float, float, float, float]] = field(default_factory=list)
    boxes: list[tuple[float, float, float, float]] = field(default_factory=list)

    def ordered(self) -> list[Line]:
        return sorted(self.lines, key=lambda ln: (round(ln.y, 2), round(ln.x, 2)))

    def text(self, extra: list[Line] | None = None) -> str:
        lines = self.lines + (extra or [])
        lines = sorted(lines, key=lambda ln: (round(ln.y, 2), round(ln.x, 2)))
        return "\n".join(ln.text for ln in lines)


class Composer:
    """Flows lines down a page; opens a new page (with a running header) when full."""

    def __init__(
        self,
        left: float = 62.0,
        right: float = 535.0,
        top: float = 56.0,
        bottom: float = 760.0,
        running_header: str | None = None,
        header_font: str = "sans",
    ) -> None:
        self.left = left
        self.right = right
        self.top = top
        self.bottom = bottom
        self.running_header = running_header
        self.header_font = header_font
        self.pages: list[Page] = [Page("p1")]
        self.y = top

    @property
    def page(self) -> Page:
        return self.pages[-1]

    def new_page(self) -> None:
        self.pages.append(Page(f"p{len(self.pages) + 1}"))
        self.y = self.top
        if self.running_header:
            self.page.lines.append(
                Line(self.left, self.y, self.running_header, self.header_font, 8.0)
            )
            self.page.rules.append((self.left, self.y + 4, self.right, self.y + 4))
            self.y += 26

    def at(
        self,
        x: float,
        y: float,
        text: str,
        font: str = "sans",
        size: float = 10.0,
        align: str = "left",
    ) -> Line:
        if align == "right":
            x = x - text_width(text, font, size)
        elif align == "center":
            x = x - text_width(text, font, size) / 2
        ln = Line(round(x, 2), round(y, 2), text, font, size)
        self.page.lines.append(ln)
        return ln

    def line(
        self,
        text: str,
        font: str = "sans",
        size: float = 10.0,
        align: str = "left",
        lead: float | None = None,
        x: float | None = None,
    ) -> Line:
        step = lead if lead is not None else size * 1.38
        if self.y + step > self.bottom:
            self.new_page()
        self.y += step
        if align == "left":
            return self.at(self.left if x is None else x, self.y, text, font, size)
        if align == "right":
            return self.at(self.right if x is None else x, self.y, text, font, size, "right")
        return self.at(
            (self.left + self.right) / 2 if x is None else x, self.y, text, font, size, "center"
        )

    def gap(self, h: float) -> None:
        self.y += h

    def para(
        self,
        text: str,
        font: str = "sans",
        size: float = 10.0,
        indent: float = 0.0,
        lead: float | None = None,
    ) -> None:
        width = self.right - self.left - indent
        words = text.split(" ")
        cur = ""
        for w in words:
            cand = w if not cur else f"{cur} {w}"
            if cur and text_width(cand, font, size) > width:
                self.line(cur, font, size, lead=lead, x=self.left + indent)
                cur = w
            else:
                cur = cand
        if cur:
            self.line(cur, font, size, lead=lead, x=self.left + indent)


# ---------------------------------------------------------------- renderers


def render_pdf(pages: list[Page]) -> bytes:
    doc = pymupdf.open()
    for pg in pages:
        page = doc.new_page(width=PAGE_W, height=PAGE_H)
        for x0, y0, x1, y1 in pg.rules:
            page.draw_line((x0, y0), (x1, y1), color=(0, 0, 0), width=0.6)
        for x0, y0, x1, y1 in pg.boxes:
            page.draw_rect(pymupdf.Rect(x0, y0, x1, y1), color=(0, 0, 0), width=0.6)
        for ln in pg.lines:
            page.insert_text(
                (ln.x, ln.y),
                ln.text,
                fontname=f"F{ln.font}",
                fontfile=FONTS[ln.font],
                fontsize=ln.size,
            )
    doc.subset_fonts()
    _fix_tounicode(doc)
    fixed = "D:20260101000000Z"
    doc.set_metadata(
        {
            "title": "",
            "author": "",
            "subject": "",
            "keywords": "",
            "creator": "heldout50aa",
            "producer": "heldout50aa",
            "creationDate": fixed,
            "modDate": fixed,
        }
    )
    data: bytes = doc.tobytes(garbage=4, deflate=True, no_new_id=True)
    doc.close()
    return data


# Liberation fonts draw U+0020 and U+00A0 (and '-' / soft hyphen, '·' / '∙', ';' / Greek ';')
# with one glyph; PyMuPDF's ToUnicode then names the rarer code point. Map those glyphs back
# to the characters the letters use, so the text layer is the truth.
_UNICODE_FIX = {
    b"00a0": b"0020",
    b"00ad": b"002d",
    b"2219": b"00b7",
    b"037e": b"003b",
    b"0387": b"00b7",
}
_BFCHAR = re.compile(rb"<([0-9a-fA-F]{4})> <([0-9a-fA-F]{4})>")


def _fix_tounicode(doc: pymupdf.Document) -> None:
    for xref in range(1, doc.xref_length()):
        if not doc.xref_is_stream(xref):
            continue
        data = doc.xref_stream(xref)
        if not data or b"beginbfchar" not in data:
            continue
        new = _BFCHAR.sub(
            lambda m: b"<" + m[1] + b"> <" + _UNICODE_FIX.get(m[2].lower(), m[2]) + b">", data
        )
        if new != data:
            doc.update_stream(xref, new)


_PIL_FONTS: dict[tuple[str, int], ImageFont.FreeTypeFont] = {}


def _pil_font(font: str, px: int) -> ImageFont.FreeTypeFont:
    key = (font, px)
    f = _PIL_FONTS.get(key)
    if f is None:
        f = ImageFont.truetype(FONTS[font], px)
        _PIL_FONTS[key] = f
    return f


def _draw_page(
    pg: Page,
    sx: float,
    sy: float,
    w: int,
    h: int,
    dx: float,
    extra: list[Line],
    ink: int,
    paper: int,
    stamp: tuple[float, float, float, float] | None,
) -> Image.Image:
    img = Image.new("L", (w, h), paper)
    d = ImageDraw.Draw(img)
    for x0, y0, x1, y1 in pg.rules:
        d.line([(dx + x0 * sx, y0 * sy), (dx + x1 * sx, y1 * sy)], fill=ink, width=2)
    for x0, y0, x1, y1 in pg.boxes:
        d.rectangle([dx + x0 * sx, y0 * sy, dx + x1 * sx, y1 * sy], outline=ink, width=2)
    if stamp is not None:
        x0, y0, x1, y1 = stamp
        d.rectangle([dx + x0 * sx, y0 * sy, dx + x1 * sx, y1 * sy], outline=ink + 40, width=3)
    for ln in pg.lines + extra:
        px = max(6, round(ln.size * sy))
        d.text(
            (dx + ln.x * sx, ln.y * sy), ln.text, font=_pil_font(ln.font, px), fill=ink, anchor="ls"
        )
    return img


def render_scan(
    pg: Page, seed: int, extra: list[Line], stamp: tuple[float, float, float, float] | None
) -> bytes:
    rng = random.Random(seed)
    s = 200 / 72
    w, h = round(PAGE_W * s), round(PAGE_H * s)
    paper = 232 + rng.randrange(12)
    img = _draw_page(pg, s, s, w, h, 0.0, extra, 28 + rng.randrange(20), paper, stamp)
    # noise: a deterministic grain, small tile resized up
    tw, th = w // 2, h // 2
    noise = Image.frombytes("L", (tw, th), rng.randbytes(tw * th)).resize((w, h))
    img = Image.blend(img, noise, 0.06)
    angle = (rng.random() - 0.5) * 1.2
    img = img.rotate(angle, resample=Image.Resampling.BICUBIC, expand=False, fillcolor=paper)
    buf = io.BytesIO()
    img.save(buf, format="JPEG", quality=82, dpi=(200, 200), optimize=False)
    return buf.getvalue()


def render_fax(pg: Page, header: Line, fine: bool, g4: bool) -> bytes:
    sx = 204 / 72
    sy = 196 / 72
    w, h = 1728, round(PAGE_H * sy)
    dx = (w - PAGE_W * sx) / 2
    img = _draw_page(pg, sx, sy, w, h, dx, [header], 0, 255, None)
    if not fine:
        img = img.resize((w, round(PAGE_H * 98 / 72)), resample=Image.Resampling.BOX)
    bw = img.point(lambda v: 255 if v > 150 else 0).convert("1", dither=Image.Dither.NONE)
    buf = io.BytesIO()
    bw.save(
        buf, format="TIFF", compression="group4" if g4 else "group3", dpi=(204, 196 if fine else 98)
    )
    return buf.getvalue()
