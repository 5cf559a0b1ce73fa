"""Pages as positioned lines, drawn the same way into a PDF and onto scans and faxes."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass, field
from functools import cache

import pymupdf
from PIL import Image, ImageChops

from .world import FONTS

MM = 72 / 25.4
PAGE_W, PAGE_H = 210.0, 297.0
LEFT, RIGHT = 22.0, 190.0


@cache
def _font(key: str) -> pymupdf.Font:
    return pymupdf.Font(fontfile=FONTS[key])


def width_mm(text: str, font: str, size: float) -> float:
    return float(_font(font).text_length(text, fontsize=size)) / MM


@dataclass
class Item:
    text: str
    x: float  # mm from the left edge
    y: float  # baseline, mm from the top edge
    size: float
    font: str


@dataclass
class Rule:
    x0: float
    y0: float
    x1: float
    y1: float
    width: float = 0.6
    box: bool = False


@dataclass
class Page:
    items: list[Item] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)
    y: float = 20.0

    def at(self, y: float) -> Page:
        self.y = y
        return self

    def gap(self, mm: float) -> Page:
        self.y += mm
        return self

    def line(
        self,
        text: str,
        x: float = LEFT,
        size: float = 10.0,
        font: str = "sans",
        align: str = "left",
        lead: float = 1.45,
    ) -> Page:
        if text:
            w = width_mm(text, font, size)
            if align == "right":
                x = x - w
            elif align == "centre":
                x = x - w / 2
            self.items.append(Item(text, round(x, 2), round(self.y, 2), size, font))
        self.y += size * lead / MM
        return self

    def lines(self, texts: list[str], **kw: object) -> Page:
        for t in texts:
            self.line(t, **kw)  # type: ignore[arg-type]
        return self

    def para(
        self,
        text: str,
        x: float = LEFT,
        width: float = RIGHT - LEFT,
        size: float = 10.0,
        font: str = "sans",
        lead: float = 1.45,
    ) -> Page:
        words = text.split(" ")
        cur = ""
        for w in words:
            trial = w if not cur else cur + " " + w
            if cur and width_mm(trial, font, size) > width:
                self.line(cur, x=x, size=size, font=font, lead=lead)
                cur = w
            else:
                cur = trial
        if cur:
            self.line(cur, x=x, size=size, font=font, lead=lead)
        return self

    def rule(self, x0: float = LEFT, x1: float = RIGHT, dy: float = -1.2, w: float = 0.6) -> Page:
        self.rules.append(Rule(x0, self.y + dy, x1, self.y + dy, w))
        return self

    def box(self, x0: float, y0: float, x1: float, y1: float, w: float = 0.5) -> Page:
        self.rules.append(Rule(x0, y0, x1, y1, w, box=True))
        return self

    def text(self) -> str:
        return "\n".join(i.text for i in sorted(self.items, key=lambda i: (i.y, i.x)))


def _draw(doc: pymupdf.Document, page: Page) -> None:
    pg = doc.new_page(width=PAGE_W * MM, height=PAGE_H * MM)
    for r in page.rules:
        if r.box:
            pg.draw_rect(
                pymupdf.Rect(r.x0 * MM, r.y0 * MM, r.x1 * MM, r.y1 * MM), width=r.width * MM / 2
            )
        else:
            pg.draw_line(
                pymupdf.Point(r.x0 * MM, r.y0 * MM),
                pymupdf.Point(r.x1 * MM, r.y1 * MM),
                width=r.width * MM / 2,
            )
    tw = pymupdf.TextWriter(pg.rect)
    for it in sorted(page.items, key=lambda i: (i.y, i.x)):
        pos = pymupdf.Point(it.x * MM, it.y * MM)
        tw.append(pos, it.text, font=_font(it.font), fontsize=it.size)
    tw.write_text(pg)


def pdf_bytes(pages: list[Page]) -> bytes:
    doc = pymupdf.open()
    for p in pages:
        _draw(doc, p)
    doc.set_metadata(
        {
            "producer": "bench.heldout50o",
            "creator": "bench.heldout50o",
            "creationDate": "D:20261201000000Z",
            "modDate": "D:20261201000000Z",
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


def _raster(page: Page, sx: float, sy: float) -> Image.Image:
    doc = pymupdf.open()
    _draw(doc, page)
    pix = doc[0].get_pixmap(matrix=pymupdf.Matrix(sx, sy), colorspace=pymupdf.csGRAY)
    img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
    doc.close()
    return img


@cache
def _noise_tile(seed: int) -> Image.Image:
    rng = random.Random(seed)
    w, h = 251, 257
    return Image.frombytes("L", (w, h), bytes(rng.randrange(0, 26) for _ in range(w * h)))


def scan_jpeg(page: Page, seed: int) -> bytes:
    rng = random.Random(seed)
    img = _raster(page, 200 / 72, 200 / 72)
    tone = 232 + rng.randrange(0, 14)
    img = img.point(lambda v: 18 + v * (tone - 18) // 255)
    tile = _noise_tile(seed % 7)
    noise = Image.new("L", img.size)
    for ty in range(0, img.size[1], tile.size[1]):
        for tx in range(0, img.size[0], tile.size[0]):
            noise.paste(tile, (tx, ty))
    img = ImageChops.subtract(img, noise)
    angle = (rng.randrange(-60, 61)) / 100.0
    img = img.rotate(angle, resample=Image.Resampling.BILINEAR, fillcolor=tone)
    buf = io.BytesIO()
    img.save(buf, format="JPEG", quality=78, dpi=(200, 200))
    return buf.getvalue()


FAX_W = 1728


def fax_tiff(page: Page, fine: bool, g4: bool) -> bytes:
    ydpi = 196 if fine else 98
    img = _raster(page, 204 / 72, ydpi / 72)
    img = img.point(lambda v: 255 if v > 160 else 0)
    canvas = Image.new("L", (FAX_W, img.size[1]), 255)
    canvas.paste(img, ((FAX_W - img.size[0]) // 2, 0))
    bw = canvas.convert("1", dither=Image.Dither.NONE)
    buf = io.BytesIO()
    bw.save(buf, format="TIFF", compression="group4" if g4 else "group3", dpi=(204, ydpi))
    return buf.getvalue()
