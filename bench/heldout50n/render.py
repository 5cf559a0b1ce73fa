"""Pages as positioned lines, drawn into a PDF (text layer), a 200 dpi scan and a G3/G4 fax."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass

import pymupdf
from PIL import Image

W, H = 595.0, 842.0
FONTS = {
    "sans": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "sansb": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "cond": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf",
    "condb": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
    "serif": "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "serifb": "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
    "mono": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    # Stand-in handwriting (scan and fax only, never in a PDF text layer).
    "hand": "/usr/share/fonts/truetype/liberation/LiberationSerif-Italic.ttf",
}
_FONT_CACHE: dict[str, pymupdf.Font] = {}
PDF_META = {
    "producer": "heldout50n",
    "creator": "heldout50n",
    "title": "",
    "author": "",
    "subject": "",
    "keywords": "",
    "creationDate": "D:20250101000000Z",
    "modDate": "D:20250101000000Z",
}


def font(name: str) -> pymupdf.Font:
    if name not in _FONT_CACHE:
        _FONT_CACHE[name] = pymupdf.Font(fontfile=FONTS[name])
    return _FONT_CACHE[name]


def width(text: str, fname: str, size: float) -> float:
    return float(font(fname).text_length(text, fontsize=size))


@dataclass(frozen=True)
class Line:
    x: float
    y: float  # baseline
    text: str
    font: str = "sans"
    size: float = 10.0

    @property
    def right(self) -> float:
        return self.x + width(self.text, self.font, self.size)


def page_text(lines: list[Line]) -> str:
    return "\n".join(ln.text for ln in lines)


def _doc(pages: list[list[Line]]) -> pymupdf.Document:
    doc = pymupdf.open()
    for lines in pages:
        page = doc.new_page(width=W, height=H)
        used: list[str] = []
        for ln in lines:
            if ln.font not in used:
                used.append(ln.font)
                page.insert_font(fontname=f"F{used.index(ln.font)}", fontfile=FONTS[ln.font])
            page.insert_text(
                (ln.x, ln.y), ln.text, fontname=f"F{used.index(ln.font)}", fontsize=ln.size
            )
    return doc


def make_pdf(pages: list[list[Line]]) -> bytes:
    doc = _doc(pages)
    doc.subset_fonts()
    doc.set_metadata(PDF_META)
    data: bytes = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()
    return data


def _raster(lines: list[Line], sx: float, sy: float) -> Image.Image:
    doc = _doc([lines])
    pix = doc[0].get_pixmap(
        matrix=pymupdf.Matrix(sx / 72, sy / 72), colorspace=pymupdf.csGRAY, alpha=False
    )
    img = Image.frombytes("L", (pix.width, pix.height), bytes(pix.samples))
    doc.close()
    return img


def scan_jpeg(lines: list[Line], seed: int) -> bytes:
    rng = random.Random(seed)
    img = _raster(lines, 200, 200)
    tone = rng.randint(228, 242)
    img = img.point(lambda v: int(v * (tone - 25) / 255) + 25)
    noise = Image.frombytes("L", img.size, rng.randbytes(img.size[0] * img.size[1]))
    noise = noise.point(lambda v: 255 if v > 6 else 150)
    img = Image.composite(img, noise, noise.point(lambda v: 255 if v == 255 else 0))
    angle = rng.choice([-1, 1]) * rng.uniform(0.2, 0.9)
    img = img.rotate(angle, resample=Image.Resampling.BILINEAR, expand=False, fillcolor=tone)
    out = io.BytesIO()
    img.save(out, "JPEG", quality=82, dpi=(200, 200), optimize=False)
    return out.getvalue()


def fax_tiff(lines: list[Line], fine: bool, g4: bool) -> bytes:
    ydpi = 196 if fine else 98
    img = _raster(lines, 204, ydpi)
    canvas = Image.new("L", (1728, img.size[1]), 255)
    canvas.paste(img, ((1728 - img.size[0]) // 2, 0))
    bw = canvas.point(lambda v: 255 if v > 150 else 0).convert("1", dither=Image.Dither.NONE)
    out = io.BytesIO()
    bw.save(out, "TIFF", compression="group4" if g4 else "group3", dpi=(204, ydpi))
    return out.getvalue()
