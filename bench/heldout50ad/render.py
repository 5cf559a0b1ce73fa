"""Page model and the three renderings (PDF with text layer, 200 dpi scan, fax)."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass

import pymupdf
from PIL import Image, ImageChops

_DV = "/usr/share/fonts/truetype/dejavu/"
# Only DejaVu: its cmap maps each glyph to one character, so the text layer reads back exactly
# (Liberation's hyphen comes back as a soft hyphen, its middle dot as a bullet operator).
FONTS = {
    "sans": _DV + "DejaVuSans.ttf",
    "sansb": _DV + "DejaVuSans-Bold.ttf",
    "serif": _DV + "DejaVuSerif.ttf",
    "serifb": _DV + "DejaVuSerif-Bold.ttf",
    "narrow": _DV + "DejaVuSansCondensed.ttf",
    "mono": _DV + "DejaVuSansMono.ttf",
    "dv": _DV + "DejaVuSansCondensed.ttf",
    "dvb": _DV + "DejaVuSansCondensed-Bold.ttf",
    "dvserif": _DV + "DejaVuSerifCondensed.ttf",
    "cond": _DV + "DejaVuSansCondensed.ttf",
    "hand": _DV + "DejaVuSerifCondensed-Italic.ttf",
    "hand2": _DV + "DejaVuSans-Oblique.ttf",
}
PAGE_W = 595.0
PAGE_H = 842.0
_FONT_CACHE: dict[str, pymupdf.Font] = {}


def font(name: str) -> pymupdf.Font:
    if name not in _FONT_CACHE:
        _FONT_CACHE[name] = pymupdf.Font(fontfile=FONTS[name])
    return _FONT_CACHE[name]


_ADVANCE: dict[tuple[str, str], float] = {}


def width(text: str, fname: str, size: float) -> float:
    """The printed width of text (the sum of the glyphs' advances, as insert_text sets them)."""
    total = 0.0
    for ch in text:
        key = (fname, ch)
        adv = _ADVANCE.get(key)
        if adv is None:
            adv = _ADVANCE[key] = float(font(fname).text_length(ch, fontsize=1.0))
        total += adv
    return total * size


@dataclass
class Line:
    x: float
    y: float  # baseline
    text: str
    font: str = "sans"
    size: float = 10.0


Page = list[Line]


def page_text(lines: list[Line]) -> str:
    return "\n".join(ln.text for ln in lines)


def build_doc(pages: list[Page]) -> pymupdf.Document:
    doc = pymupdf.open()
    for lines in pages:
        page = doc.new_page(width=PAGE_W, height=PAGE_H)
        used: list[str] = []
        for ln in lines:
            if ln.font not in used:
                used.append(ln.font)
        for fname in used:
            page.insert_font(fontname=f"F{fname}", fontfile=FONTS[fname])
        for ln in lines:
            page.insert_text((ln.x, ln.y), ln.text, fontname=f"F{ln.font}", fontsize=ln.size)
    return doc


def build_pdf(pages: list[Page]) -> bytes:
    doc = build_doc(pages)
    doc.subset_fonts()
    fixed = "D:20260101000000Z"
    doc.set_metadata(
        {
            "creationDate": fixed,
            "modDate": fixed,
            "producer": "heldout50ad",
            "creator": "heldout50ad",
            "title": "",
            "author": "",
        }
    )
    data = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()
    return bytes(data)


def _pixmaps(pages: list[Page], sx: float, sy: float) -> list[Image.Image]:
    doc = build_doc(pages)
    out = []
    for page in doc:
        pix = page.get_pixmap(matrix=pymupdf.Matrix(sx, sy), colorspace=pymupdf.csGRAY, alpha=False)
        out.append(Image.frombytes("L", (pix.width, pix.height), pix.samples))
    doc.close()
    return out


def scan_images(pages: list[Page], seed: int) -> list[bytes]:
    rng = random.Random(seed)
    out = []
    for img in _pixmaps(pages, 200 / 72, 200 / 72):
        tone = rng.randint(228, 242)
        lut = [int(v * tone / 255) for v in range(256)]
        img = img.point(lut)
        angle = rng.uniform(-0.7, 0.7)
        img = img.rotate(angle, resample=Image.Resampling.BILINEAR, fillcolor=tone)
        noise = Image.frombytes("L", img.size, rng.randbytes(img.size[0] * img.size[1]))
        noise = noise.point([v // 14 for v in range(256)])
        img = ImageChops.subtract(img, noise)
        buf = io.BytesIO()
        img.save(buf, format="JPEG", quality=78, dpi=(200, 200))
        out.append(buf.getvalue())
    return out


def fax_images(pages: list[Page], yres: int, g4: bool) -> list[bytes]:
    out = []
    for img in _pixmaps(pages, 1728 / PAGE_W, yres / 72):
        bw = img.point([255 if v > 160 else 0 for v in range(256)], "1")
        buf = io.BytesIO()
        bw.save(buf, format="TIFF", compression="group4" if g4 else "group3", dpi=(204, yres))
        out.append(buf.getvalue())
    return out
