"""Page model and the three renderings (PDF with a text layer, 200 DPI scan, fax TIFF)."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
import pymupdf
from PIL import Image, ImageDraw, ImageFont

FONTS = {
    "sans": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "sansb": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "serif": "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "serifb": "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
    "arial": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf",
    "arialb": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
    "mono": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "hand": "/usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed-Italic.ttf",
}
PAGE_W, PAGE_H = 210.0, 297.0  # mm
PT = 72 / 25.4


@dataclass
class Line:
    text: str
    x: float  # mm (left edge, or right edge when align == "r")
    y: float  # mm, baseline
    font: str = "sans"
    size: float = 10.0
    align: str = "l"


@dataclass
class Page:
    lines: list[Line] = field(default_factory=list)
    rules: list[tuple[float, float, float, float]] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(ln.text for ln in self.lines)


@lru_cache(maxsize=16)
def _mfont(key: str) -> pymupdf.Font:
    return pymupdf.Font(fontfile=FONTS[key])


def text_width_mm(text: str, font: str, size: float) -> float:
    return float(_mfont(font).text_length(text, fontsize=size)) / PT


class Builder:
    """Writes a page top-down; one drawn line per `add`."""

    def __init__(self, top: float = 16.0, left: float = 22.0, font: str = "sans") -> None:
        self.page = Page()
        self.y = top
        self.left = left
        self.font = font

    def add(
        self,
        text: str,
        size: float = 10.0,
        font: str | None = None,
        x: float | None = None,
        align: str = "l",
        lead: float = 1.4,
    ) -> Builder:
        text = text.strip()
        f = font or self.font
        self.y += size * lead / PT
        if text:
            self.page.lines.append(
                Line(text, self.left if x is None else x, self.y, f, size, align)
            )
        return self

    def right(self, text: str, size: float = 10.0, font: str | None = None) -> Builder:
        return self.add(text, size, font, x=PAGE_W - 20, align="r")

    def gap(self, mm: float = 4.0) -> Builder:
        self.y += mm
        return self

    def rule(self, x0: float | None = None, x1: float = PAGE_W - 20) -> Builder:
        self.y += 1.5
        self.page.rules.append((self.left if x0 is None else x0, self.y, x1, self.y))
        return self

    def lines(
        self, texts: list[str], size: float = 10.0, font: str | None = None, x: float | None = None
    ) -> Builder:
        for t in texts:
            self.add(t, size, font, x)
        return self

    def bottom(self, texts: list[str], size: float = 7.0, font: str | None = None) -> Builder:
        """A footer at the page's foot (drawn last, read last)."""
        self.y = max(self.y, PAGE_H - 14 - len(texts) * size * 1.3 / PT)
        self.rule()
        return self.lines(texts, size, font)


def _x_left(ln: Line) -> float:
    if ln.align == "r":
        return ln.x - text_width_mm(ln.text, ln.font, ln.size)
    return ln.x


def render_pdf(pages: list[Page], title: str) -> bytes:
    doc = pymupdf.open()
    for pg in pages:
        p = doc.new_page(width=PAGE_W * PT, height=PAGE_H * PT)
        used = sorted({ln.font for ln in pg.lines})
        for key in used:
            p.insert_font(fontname=f"F{key}", fontfile=FONTS[key])
        for x0, y0, x1, y1 in pg.rules:
            p.draw_line((x0 * PT, y0 * PT), (x1 * PT, y1 * PT), width=0.6)
        for ln in pg.lines:
            p.insert_text(
                (_x_left(ln) * PT, ln.y * PT), ln.text, fontname=f"F{ln.font}", fontsize=ln.size
            )
    stamp = "D:20250101000000Z"
    doc.set_metadata(
        {
            "producer": "heldout50m",
            "creator": "heldout50m",
            "title": title,
            "author": "",
            "subject": "",
            "keywords": "",
            "creationDate": stamp,
            "modDate": stamp,
        }
    )
    doc.subset_fonts()
    data: bytes = doc.tobytes(garbage=4, deflate=True, no_new_id=True)
    doc.close()
    return data


@lru_cache(maxsize=64)
def _pfont(key: str, px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONTS[key], px)


def raster(pg: Page, dpi: float, width_px: int | None = None, ink: int = 0) -> Image.Image:
    w = round(PAGE_W / 25.4 * dpi)
    h = round(PAGE_H / 25.4 * dpi)
    off = 0
    if width_px is not None:
        off = (width_px - w) // 2
        w = width_px
    img = Image.new("L", (w, h), 255)
    dr = ImageDraw.Draw(img)
    k = dpi / 25.4
    for x0, y0, x1, y1 in pg.rules:
        dr.line(
            [(off + x0 * k, y0 * k), (off + x1 * k, y1 * k)],
            fill=ink,
            width=max(1, round(dpi / 120)),
        )
    for ln in pg.lines:
        px = max(6, round(ln.size / 72 * dpi))
        f = _pfont(ln.font, px)
        dr.text(
            (off + ln.x * k, ln.y * k),
            ln.text,
            font=f,
            fill=ink,
            anchor="rs" if ln.align == "r" else "ls",
        )
    return img


def render_scan(pg: Page, seed: int) -> bytes:
    rng = random.Random(seed)
    img = raster(pg, 200)
    a = np.asarray(img, dtype=np.float32) / 255.0
    paper = 236 + rng.random() * 12
    ink = 28 + rng.random() * 30
    out = ink + (paper - ink) * a
    noise = np.random.default_rng(seed).normal(0.0, 5.0, out.shape).astype(np.float32)
    out = np.clip(out + noise, 0, 255).astype(np.uint8)
    im = Image.fromarray(out, "L")
    skew = (rng.random() - 0.5) * 1.6
    im = im.rotate(skew, resample=Image.Resampling.BILINEAR, fillcolor=int(paper))
    buf = io.BytesIO()
    im.save(buf, "JPEG", quality=78, dpi=(200, 200))
    return buf.getvalue()


def render_fax(pg: Page, seed: int, fine: bool) -> bytes:
    rng = random.Random(seed)
    img = raster(pg, 204, width_px=1728)
    vdpi = 196 if fine else 98
    h = round(PAGE_H / 25.4 * vdpi)
    img = img.resize((1728, h), Image.Resampling.BILINEAR)
    a = np.asarray(img) > 150
    # a few specks of line noise
    nrng = np.random.default_rng(seed)
    specks = nrng.random(a.shape) < 0.0004
    a = np.where(specks, False, a)
    if rng.random() < 0.5:
        row = rng.randrange(h // 3, h - 10)
        a[row, :] = np.where(nrng.random(1728) < 0.3, False, a[row, :])
    im = Image.fromarray(a.astype(np.uint8) * 255, "L").convert("1", dither=Image.Dither.NONE)
    buf = io.BytesIO()
    im.save(buf, "TIFF", compression="group4" if fine else "group3", dpi=(204, vdpi))
    return buf.getvalue()
