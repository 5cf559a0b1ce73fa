"""Pages as positioned lines, drawn with PyMuPDF; scans and faxes rasterised from them."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass

import pymupdf
from PIL import Image

FONTDIR = "/usr/share/fonts/truetype/"
FONTS = {
    "sans": "dejavu/DejaVuSans.ttf",
    "sansb": "dejavu/DejaVuSans-Bold.ttf",
    "serif": "dejavu/DejaVuSerif.ttf",
    "serifb": "dejavu/DejaVuSerif-Bold.ttf",
    "narrow": "dejavu/DejaVuSansCondensed.ttf",
    "narrowb": "dejavu/DejaVuSansCondensed-Bold.ttf",
    "mono": "dejavu/DejaVuSansMono.ttf",
    "hand": "dejavu/DejaVuSerifCondensed-Italic.ttf",
    "hand2": "dejavu/DejaVuSans-Oblique.ttf",
}
_CACHE: dict[str, pymupdf.Font] = {}
PT = 72 / 25.4
W_MM, H_MM = 210.0, 297.0


def font(key: str) -> pymupdf.Font:
    if key not in _CACHE:
        _CACHE[key] = pymupdf.Font(fontfile=FONTDIR + FONTS[key])
    return _CACHE[key]


def width_mm(text: str, key: str, size: float) -> float:
    return float(font(key).text_length(text, fontsize=size)) / PT


@dataclass(frozen=True)
class Line:
    x: float  # mm, left edge
    y: float  # mm, baseline
    text: str
    font: str = "sans"
    size: float = 10.0


def page_text(lines: list[Line]) -> str:
    return "\n".join(ln.text for ln in lines)


def _draw(doc: pymupdf.Document, lines: list[Line], box: bool = False) -> None:
    page = doc.new_page(width=W_MM * PT, height=H_MM * PT)
    used = []
    for ln in lines:
        if ln.font not in used:
            used.append(ln.font)
    for key in used:
        page.insert_font(fontname=key, fontfile=FONTDIR + FONTS[key])
    for ln in lines:
        page.insert_text((ln.x * PT, ln.y * PT), ln.text, fontname=ln.font, fontsize=ln.size)
    if box:
        for ln in lines:
            if ln.text.startswith("EINGANG"):
                w = width_mm(ln.text, ln.font, ln.size)
                r = pymupdf.Rect(
                    (ln.x - 2) * PT, (ln.y - 6) * PT, (ln.x + w + 2) * PT, (ln.y + 7) * PT
                )
                page.draw_rect(r, color=(0.2, 0.2, 0.6), width=1.2)


def pdf_bytes(pages: list[list[Line]]) -> bytes:
    doc = pymupdf.open()
    for lines in pages:
        _draw(doc, lines)
    doc.set_metadata(
        {
            "title": "",
            "author": "",
            "creator": "heldout50ai",
            "producer": "heldout50ai",
            "creationDate": "D:20260101000000Z",
            "modDate": "D:20260101000000Z",
        }
    )
    data = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()
    return bytes(data)


def scan_jpeg(lines: list[Line], seed: int) -> bytes:
    rng = random.Random(seed)
    doc = pymupdf.open()
    _draw(doc, lines, box=True)
    pix = doc[0].get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
    img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
    doc.close()
    tone = rng.randint(228, 242)
    img = img.point(lambda v: int(v * tone / 255) + 8 if v < 250 else tone)
    sw, sh = 120, 170
    noise = Image.frombytes("L", (sw, sh), rng.randbytes(sw * sh)).resize(img.size)
    noise = noise.point(lambda v: 128 + (v - 128) // 10)
    img = Image.blend(img, noise, 0.08)
    angle = rng.uniform(-0.7, 0.7)
    img = img.rotate(angle, resample=Image.Resampling.BILINEAR, fillcolor=tone)
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=80, dpi=(200, 200))
    return buf.getvalue()


def fax_tiff(lines: list[Line], fine: bool, g4: bool) -> bytes:
    doc = pymupdf.open()
    _draw(doc, lines)
    ydpi = 196 if fine else 98
    pix = doc[0].get_pixmap(matrix=pymupdf.Matrix(204 / 72, ydpi / 72), colorspace=pymupdf.csGRAY)
    img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
    doc.close()
    sheet = Image.new("L", (1728, img.height), 255)
    sheet.paste(img, ((1728 - img.width) // 2, 0))
    bw = sheet.point(lambda v: 255 if v > 150 else 0).convert("1", dither=Image.Dither.NONE)
    buf = io.BytesIO()
    bw.save(buf, "TIFF", compression="group4" if g4 else "group3", dpi=(204, ydpi))
    return buf.getvalue()
