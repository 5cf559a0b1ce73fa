"""Page layout (mm), and the three conditions: PDF with text layer, 200 dpi scan, fax TIFF."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass

import pymupdf
from PIL import Image

MM = 72.0 / 25.4
PAGE_W, PAGE_H = 210.0, 297.0
FONTS = {
    "sans": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "sansb": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "cond": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf",
    "serif": "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "serifb": "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
    # Only DejaVu: the Liberation fonts map space, hyphen and middle dot to glyphs whose
    # text-layer code comes back as no-break space, soft hyphen and bullet operator.
    "arial": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf",
    "arialb": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
    "times": "/usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed.ttf",
    "timesb": "/usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed-Bold.ttf",
    "mono": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "monob": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf",
    "narrow": "/usr/share/fonts/truetype/dejavu/DejaVuSans-ExtraLight.ttf",
    # Stand-in for handwriting: an italic serif, set unevenly.
    "hand": "/usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed-Italic.ttf",
}
_FONT_CACHE: dict[str, pymupdf.Font] = {}


def font(key: str) -> pymupdf.Font:
    if key not in _FONT_CACHE:
        _FONT_CACHE[key] = pymupdf.Font(fontfile=FONTS[key])
    return _FONT_CACHE[key]


_ADVANCE: dict[tuple[str, str], float] = {}


def width_mm(text: str, key: str, size: float) -> float:
    """Sum of the glyph advances (what PyMuPDF's text_length sums), cached per character."""
    total = 0.0
    for ch in text:
        adv = _ADVANCE.get((key, ch))
        if adv is None:
            adv = float(font(key).glyph_advance(ord(ch)))
            _ADVANCE[(key, ch)] = adv
        total += adv
    return total * size / MM


@dataclass(frozen=True)
class Line:
    x: float  # left edge, mm
    y: float  # baseline, mm
    text: str
    font: str
    size: float
    grey: float = 0.0

    @property
    def right(self) -> float:
        return self.x + width_mm(self.text, self.font, self.size)


class Sheet:
    """Stacks lines top to bottom; every line has its own baseline (one reading order)."""

    def __init__(
        self,
        left: float = 24.0,
        right: float = 188.0,
        top: float = 28.0,
        bottom: float = 270.0,
        header: str = "",
        header_font: str = "sans",
    ) -> None:
        self.left, self.rightm, self.top, self.bottom = left, right, top, bottom
        self.header = header
        self.header_font = header_font
        self.pages: list[list[Line]] = [[]]
        self.y = top

    def _newpage(self) -> None:
        self.pages.append([])
        self.y = self.top
        if self.header:
            self.pages[-1].append(Line(self.left, self.y, self.header, self.header_font, 8.0))
            self.y += 9.0

    def gap(self, mm: float) -> None:
        self.y += mm

    def at(self, y: float) -> None:
        self.y = max(self.y, y)

    def line(
        self,
        text: str,
        size: float = 10.0,
        fnt: str = "sans",
        align: str = "l",
        x: float | None = None,
        lead: float | None = None,
        grey: float = 0.0,
    ) -> None:
        if self.y + size * 0.4 > self.bottom:
            self._newpage()
        w = width_mm(text, fnt, size)
        if x is None:
            if align == "r":
                x = self.rightm - w
            elif align == "c":
                x = (self.left + self.rightm - w) / 2
            else:
                x = self.left
        self.pages[-1].append(Line(round(x, 2), round(self.y, 2), text, fnt, size, grey))
        self.y += lead if lead is not None else size * 0.45

    def para(
        self,
        text: str,
        size: float = 10.0,
        fnt: str = "sans",
        x: float | None = None,
        width: float | None = None,
        lead: float | None = None,
    ) -> None:
        left = self.left if x is None else x
        avail = (self.rightm - left) if width is None else width
        words = text.split(" ")
        cur = ""
        for word in words:
            trial = f"{cur} {word}" if cur else word
            if cur and width_mm(trial, fnt, size) > avail:
                self.line(cur, size, fnt, x=left, lead=lead)
                cur = word
            else:
                cur = trial
        if cur:
            self.line(cur, size, fnt, x=left, lead=lead)

    def finish(self) -> list[list[Line]]:
        total = len(self.pages)
        out: list[list[Line]] = []
        for n, page in enumerate(self.pages, start=1):
            fixed = []
            for ln in page:
                text = ln.text.replace("{N}", str(n)).replace("{T}", str(total))
                fixed.append(Line(ln.x, ln.y, text, ln.font, ln.size, ln.grey))
            out.append(fixed)
        return out


def page_text(lines: list[Line]) -> str:
    return "\n".join(ln.text for ln in sorted(lines, key=lambda ln: (ln.y, ln.x)))


def _draw(doc: pymupdf.Document, lines: list[Line], boxes: list[tuple[float, ...]]) -> None:
    page = doc.new_page(width=PAGE_W * MM, height=PAGE_H * MM)
    for x0, y0, x1, y1, grey in boxes:
        page.draw_rect(
            pymupdf.Rect(x0 * MM, y0 * MM, x1 * MM, y1 * MM), color=(grey, grey, grey), width=1.2
        )
    # One writer per ink tone; TextWriter keeps each character's own code in the text layer.
    tones = sorted({ln.grey for ln in lines})
    for tone in tones:
        writer = pymupdf.TextWriter(page.rect)
        for ln in sorted(lines, key=lambda ln: (ln.y, ln.x)):
            if ln.grey == tone:
                writer.append((ln.x * MM, ln.y * MM), ln.text, font=font(ln.font), fontsize=ln.size)
        writer.write_text(page, color=(tone, tone, tone))


def make_pdf(
    pages: list[list[Line]], boxes: list[list[tuple[float, ...]]] | None = None, title: str = ""
) -> bytes:
    doc = pymupdf.open()
    for i, lines in enumerate(pages):
        _draw(doc, lines, boxes[i] if boxes else [])
    stamp = "D:20261201000000+00'00'"
    doc.set_metadata(
        {
            "title": title,
            "author": "",
            "subject": "",
            "keywords": "",
            "creator": "heldout50ag",
            "producer": "heldout50ag",
            "creationDate": stamp,
            "modDate": stamp,
        }
    )
    doc.subset_fonts()
    data: bytes = doc.tobytes(garbage=4, deflate=True, no_new_id=True)
    doc.close()
    return data


def _noise_tile(rng: random.Random, size: int = 128) -> Image.Image:
    data = bytes(max(0, min(255, int(128 + rng.gauss(0, 10)))) for _ in range(size * size))
    return Image.frombytes("L", (size, size), data)


def scan_pages(pdf: bytes, seed: int) -> list[bytes]:
    """200 dpi greyscale JPEGs: paper tone, grain, slight skew."""
    rng = random.Random(seed)
    doc = pymupdf.open("pdf", pdf)
    out = []
    for page in (doc[i] for i in range(doc.page_count)):
        pix = page.get_pixmap(
            matrix=pymupdf.Matrix(200 / 72, 200 / 72), colorspace=pymupdf.csGRAY, alpha=False
        )
        img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
        tone = rng.randint(228, 242)
        img = img.point(lambda v, t=tone: int(v * t / 255) + 6 if v < 250 else t)
        tile = _noise_tile(rng)
        noise = Image.new("L", img.size)
        for ty in range(0, img.size[1], 128):
            for tx in range(0, img.size[0], 128):
                noise.paste(tile, (tx, ty))
        img = Image.blend(img, noise, 0.06)
        angle = rng.choice([-1, 1]) * rng.uniform(0.15, 0.8)
        img = img.rotate(angle, resample=Image.Resampling.BILINEAR, fillcolor=tone)
        buf = io.BytesIO()
        img.save(buf, format="JPEG", quality=82, dpi=(200, 200))
        out.append(buf.getvalue())
    doc.close()
    return out


def fax_pages(pdf: bytes, fine: bool, g4: bool) -> list[bytes]:
    """1728 px wide bilevel TIFFs at 204x196 (fine) or 204x98 dpi."""
    ydpi = 196 if fine else 98
    doc = pymupdf.open("pdf", pdf)
    out = []
    for page in (doc[i] for i in range(doc.page_count)):
        pix = page.get_pixmap(
            matrix=pymupdf.Matrix(204 / 72, ydpi / 72), colorspace=pymupdf.csGRAY, alpha=False
        )
        img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
        canvas = Image.new("L", (1728, pix.height), 255)
        canvas.paste(img, ((1728 - pix.width) // 2, 0))
        bw = canvas.point(lambda v: 255 if v > 150 else 0).convert("1", dither=Image.Dither.NONE)
        buf = io.BytesIO()
        bw.save(buf, format="TIFF", compression="group4" if g4 else "group3", dpi=(204, ydpi))
        out.append(buf.getvalue())
    doc.close()
    return out
