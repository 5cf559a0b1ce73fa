"""Drawing a letter's pages: the PDF with a text layer, the 200 DPI scan, the fax."""

from __future__ import annotations

import io
from functools import cache

import numpy as np
import pymupdf
from PIL import Image, ImageDraw, ImageFont

from .common import MM_PT, PAGE_H_MM, PAGE_W_MM, Page, font_path

FIXED_DATE = "D:20250101000000Z"


def pdf_bytes(pages: list[Page], title: str) -> bytes:
    doc = pymupdf.open()
    for pg in pages:
        page = doc.new_page(width=PAGE_W_MM * MM_PT, height=PAGE_H_MM * MM_PT)
        used = sorted({ln.font for ln in pg.lines})
        for f in used:
            page.insert_font(fontname=f"F{f}", fontfile=font_path(f))
        for ln in pg.lines:
            page.insert_text(
                (ln.left() * MM_PT, ln.y * MM_PT), ln.text, fontname=f"F{ln.font}", fontsize=ln.size
            )
        for x0, y0, x1, y1 in pg.rules:
            page.draw_line((x0 * MM_PT, y0 * MM_PT), (x1 * MM_PT, y1 * MM_PT), width=0.6)
    doc.set_metadata(
        {
            "title": title,
            "author": "",
            "subject": "",
            "keywords": "",
            "creator": "bench.heldout50k",
            "producer": "bench.heldout50k",
            "creationDate": FIXED_DATE,
            "modDate": FIXED_DATE,
        }
    )
    doc.subset_fonts()
    return doc.tobytes(garbage=3, deflate=True, no_new_id=True)


@cache
def _pil_font(name: str, px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(font_path(name), px)


def draw(
    pg: Page,
    sx: float,
    sy: float,
    size: tuple[int, int],
    rng: np.random.Generator,
    hand: bool = False,
) -> Image.Image:
    """Draw a page in black on white at sx, sy pixels per mm (sy may differ: fax standard)."""
    img = Image.new("L", size, 255)
    dr = ImageDraw.Draw(img)
    for ln in pg.lines:
        px = max(6, round(ln.size / MM_PT * sx))
        font = _pil_font(ln.font, px)
        x = ln.left() * sx
        y = ln.y * sy
        if ln.font == "hand":
            x += float(rng.normal(0, 4))
            y += float(rng.normal(0, 3))
        if sy != sx:
            # draw square, then squeeze the line's strip to the fax's vertical resolution
            w = int(font.getlength(ln.text)) + 4
            strip = Image.new("L", (w, int(px * 1.6)), 255)
            ImageDraw.Draw(strip).text((2, int(px * 1.2)), ln.text, font=font, fill=0, anchor="ls")
            h = max(1, round(strip.height * sy / sx))
            strip = strip.resize((w, h), Image.Resampling.BILINEAR)
            img.paste(strip, (int(x) - 2, int(y - px * 1.2 * sy / sx)), None)
        else:
            dr.text((x, y), ln.text, font=font, fill=0, anchor="ls")
    for x0, y0, x1, y1 in pg.rules:
        dr.line((x0 * sx, y0 * sy, x1 * sx, y1 * sy), fill=0, width=max(1, round(0.25 * sx)))
    _ = hand
    return img


def scan_jpeg(pg: Page, seed: int) -> bytes:
    rng = np.random.default_rng(seed)
    s = 200 / 25.4
    w, h = round(PAGE_W_MM * s), round(PAGE_H_MM * s)
    img = draw(pg, s, s, (w, h), rng)
    a = np.asarray(img, dtype=np.float32) / 255.0
    paper = 236 + rng.normal(0, 1.0) * 3
    grad = np.linspace(0, 6, h, dtype=np.float32)[:, None]
    ink = 38.0
    out = ink + (paper - grad - ink) * a
    out += rng.normal(0, 5.0, size=out.shape).astype(np.float32)
    im = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8), "L")
    angle = float(rng.uniform(-0.9, 0.9))
    im = im.rotate(angle, resample=Image.Resampling.BICUBIC, fillcolor=int(paper))
    buf = io.BytesIO()
    im.save(buf, "JPEG", quality=78, dpi=(200, 200), optimize=False)
    return buf.getvalue()


def fax_tiff(pg: Page, seed: int, fine: bool) -> bytes:
    rng = np.random.default_rng(seed)
    sx = 204 / 25.4
    sy = (196 if fine else 98) / 25.4
    w = 1728
    h = round(PAGE_H_MM * sy)
    img = draw(pg, sx, sy, (w, h), rng)
    a = np.asarray(img, dtype=np.float32)
    a += rng.normal(0, 28, size=a.shape).astype(np.float32)
    bits = a > 150
    # a few specks and a faint streak, as a fax machine's scanner leaves
    specks = rng.random(bits.shape) < 0.0004
    bits[specks] = False
    col = int(rng.integers(40, w - 40))
    if rng.random() < 0.5:
        bits[:, col] &= rng.random(h) > 0.3
    im = Image.fromarray((bits * 255).astype(np.uint8), "L").convert("1")
    buf = io.BytesIO()
    im.save(buf, "TIFF", compression="group4" if fine else "group3", dpi=(204, 196 if fine else 98))
    return buf.getvalue()
