"""Drawing pages: a page is a list of lines, each drawn at its own height (so reading order is
the list's order). PDF via PyMuPDF with embedded DejaVu fonts; scans and faxes from it."""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cache

import numpy as np
import pymupdf
from PIL import Image

A4 = (595.28, 841.89)
FONTDIR = "/usr/share/fonts/truetype/dejavu/"
FONTS = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "serif": "DejaVuSerif.ttf",
    "mono": "DejaVuSansMono.ttf",
    "cond": "DejaVuSansCondensed.ttf",
    # the stand-in for handwriting
    "hand": "DejaVuSerifCondensed-Italic.ttf",
}
FIXED_META = {
    "title": "",
    "author": "",
    "subject": "",
    "keywords": "",
    "creator": "heldout50j",
    "producer": "heldout50j",
    "creationDate": "D:20260101000000Z",
    "modDate": "D:20260101000000Z",
}


@dataclass
class Line:
    text: str
    x: float
    y: float  # baseline
    size: float = 10.0
    font: str = "sans"


@cache
def font(name: str) -> pymupdf.Font:
    return pymupdf.Font(fontfile=FONTDIR + FONTS[name])


def width(text: str, size: float, name: str = "sans") -> float:
    return float(font(name).text_length(text, fontsize=size))


def wrap(text: str, size: float, maxw: float, name: str = "sans") -> list[str]:
    out: list[str] = []
    cur = ""
    for word in text.split(" "):
        trial = f"{cur} {word}" if cur else word
        if cur and width(trial, size, name) > maxw:
            out.append(cur)
            cur = word
        else:
            cur = trial
    if cur:
        out.append(cur)
    return out


def page_text(lines: list[Line]) -> str:
    return "\n".join(ln.text for ln in lines)


def pdf_bytes(pages: list[list[Line]]) -> bytes:
    doc = pymupdf.open()
    for lines in pages:
        page = doc.new_page(width=A4[0], height=A4[1])
        used = sorted({ln.font for ln in lines})
        for name in used:
            page.insert_font(fontname=f"F{name}", fontfile=FONTDIR + FONTS[name])
        for ln in lines:
            page.insert_text((ln.x, ln.y), ln.text, fontname=f"F{ln.font}", fontsize=ln.size)
    doc.subset_fonts()
    doc.set_metadata(FIXED_META)
    data = doc.tobytes(garbage=4, deflate=True, no_new_id=True)
    doc.close()
    return data


def _raster(pages: list[list[Line]], xdpi: float, ydpi: float) -> list[np.ndarray]:
    doc = pymupdf.open("pdf", pdf_bytes(pages))
    out = []
    for page in doc:
        pix = page.get_pixmap(
            matrix=pymupdf.Matrix(xdpi / 72, ydpi / 72), colorspace=pymupdf.csGRAY, alpha=False
        )
        arr = np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width)
        out.append(arr.copy())
    doc.close()
    return out


def scans(pages: list[list[Line]], seed: int) -> list[bytes]:
    """200 DPI greyscale JPEGs: paper tone, noise, a little skew."""
    rng = np.random.default_rng(seed)
    out = []
    for arr in _raster(pages, 200, 200):
        tone = float(rng.uniform(226, 244))
        ink = float(rng.uniform(20, 45))
        a = arr.astype(np.float32) / 255.0
        img = ink + (tone - ink) * a
        img += rng.normal(0, 5.0, img.shape).astype(np.float32)
        im = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), "L")
        angle = float(rng.uniform(-0.9, 0.9))
        im = im.rotate(angle, resample=Image.Resampling.BILINEAR, fillcolor=int(tone))
        buf = io.BytesIO()
        im.save(buf, "JPEG", quality=82, dpi=(200, 200), optimize=False)
        out.append(buf.getvalue())
    return out


def faxes(pages: list[list[Line]], seed: int, fine: bool) -> list[bytes]:
    """1728 px wide bilevel TIFFs, Group 4, 204x196 (fine) or 204x98 (normal) DPI."""
    rng = np.random.default_rng(seed)
    ydpi = 196 if fine else 98
    out = []
    for arr in _raster(pages, 204, ydpi):
        h, w = arr.shape
        canvas = np.full((h, 1728), 255, dtype=np.uint8)
        off = (1728 - w) // 2
        canvas[:, off : off + w] = arr[:, : min(w, 1728 - off)]
        noisy = canvas.astype(np.int16) + rng.normal(0, 28, canvas.shape).astype(np.int16)
        bw = noisy > 150
        speck = rng.random(canvas.shape) < 0.0006
        bw[speck] = ~bw[speck]
        angle = float(rng.uniform(-0.4, 0.4))
        im = Image.fromarray((bw * 255).astype(np.uint8), "L")
        if abs(angle) > 0.05:
            im = im.rotate(angle, resample=Image.Resampling.NEAREST, fillcolor=255)
        im = im.point(lambda v: 255 if v > 127 else 0).convert("1")
        buf = io.BytesIO()
        im.save(buf, "TIFF", compression="group4", dpi=(204, ydpi))
        out.append(buf.getvalue())
    return out
