"""Pages as lines of text, drawn into a PDF and rasterised into scans and faxes."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass, field

import pymupdf
from PIL import Image, ImageFilter

W, H = 595.28, 841.89
# Only DejaVu: Liberation maps space and hyphen to U+00A0/U+00AD in a subset's text layer.
FONTS = {
    "sans": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "sansb": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "serif": "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "serifb": "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
    "lib": "/usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed.ttf",
    "libb": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
    "libserif": "/usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed-Italic.ttf",
    "narrow": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf",
    "mono": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "hand": "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Italic.ttf",
}
_FONT_CACHE: dict[str, pymupdf.Font] = {}


def font(name: str) -> pymupdf.Font:
    if name not in _FONT_CACHE:
        _FONT_CACHE[name] = pymupdf.Font(fontfile=FONTS[name])
    return _FONT_CACHE[name]


def width(text: str, fnt: str, size: float) -> float:
    return font(fnt).text_length(text, fontsize=size)


@dataclass
class Line:
    x: float
    y: float  # baseline
    text: str
    font: str = "sans"
    size: float = 10.0


@dataclass
class Page:
    lines: list[Line] = field(default_factory=list)
    rules: list[tuple[float, float, float, float]] = field(default_factory=list)

    def text(self) -> str:
        return "\n".join(ln.text for ln in self.lines)


def wrap(text: str, fnt: str, size: float, max_w: float) -> list[str]:
    out: list[str] = []
    cur = ""
    for word in text.split(" "):
        cand = f"{cur} {word}" if cur else word
        if cur and width(cand, fnt, size) > max_w:
            out.append(cur)
            cur = word
        else:
            cur = cand
    if cur:
        out.append(cur)
    return out


def draw_pdf(pages: list[Page]) -> bytes:
    doc = pymupdf.open()
    for pg in pages:
        page = doc.new_page(width=W, height=H)
        used: list[str] = []
        for ln in pg.lines:
            if ln.font not in used:
                page.insert_font(fontname=f"F{ln.font}", fontfile=FONTS[ln.font])
                used.append(ln.font)
            page.insert_text((ln.x, ln.y), ln.text, fontname=f"F{ln.font}", fontsize=ln.size)
        for x0, y0, x1, y1 in pg.rules:
            page.draw_line((x0, y0), (x1, y1), width=0.6)
    doc.subset_fonts()
    fixed = "D:20240101000000+00'00'"
    doc.set_metadata(
        {
            "producer": "heldout50ae",
            "creator": "heldout50ae",
            "title": "",
            "author": "",
            "subject": "",
            "keywords": "",
            "creationDate": fixed,
            "modDate": fixed,
        }
    )
    data = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()
    return data


def pdf_page_texts(data: bytes) -> list[list[str]]:
    """The text layer of each page, as lines in content order."""
    doc = pymupdf.open("pdf", data)
    out = []
    for page in doc:
        lines: list[str] = []
        for block in page.get_text("dict")["blocks"]:
            for ln in block.get("lines", []):
                lines.append("".join(s["text"] for s in ln["spans"]))
        out.append(lines)
    doc.close()
    return out


def pdf_line_boxes(data: bytes) -> list[list[tuple[float, float, float, float]]]:
    doc = pymupdf.open("pdf", data)
    out = []
    for page in doc:
        boxes = []
        for block in page.get_text("dict")["blocks"]:
            for ln in block.get("lines", []):
                boxes.append(tuple(ln["bbox"]))
        out.append(boxes)
    doc.close()
    return out


def _noise_tile(rng: random.Random, size: int = 256) -> Image.Image:
    raw = bytes(128 + (b % 25) - 12 for b in rng.randbytes(size * size))
    return Image.frombytes("L", (size, size), raw)


def scan_jpegs(pdf: bytes, rng: random.Random) -> list[bytes]:
    doc = pymupdf.open("pdf", pdf)
    out = []
    tile = _noise_tile(rng)
    for page in doc:
        pix = page.get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
        img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
        tone = 232 + rng.randrange(14)
        img = img.point(lambda v, t=tone: v * t // 255 + 8)
        angle = rng.choice([-0.9, -0.6, -0.35, 0.3, 0.5, 0.8])
        img = img.rotate(angle, resample=Image.Resampling.NEAREST, fillcolor=tone)
        noise = Image.new("L", img.size)
        for ty in range(0, img.size[1], 256):
            for tx in range(0, img.size[0], 256):
                noise.paste(tile, (tx, ty))
        img = Image.blend(img, noise, 0.10).filter(ImageFilter.BoxBlur(0.5))
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=78, dpi=(200, 200), optimize=False)
        out.append(buf.getvalue())
    doc.close()
    return out


def fax_tiffs(pdf: bytes, fine: bool, g4: bool, rng: random.Random) -> list[bytes]:
    doc = pymupdf.open("pdf", pdf)
    out = []
    ydpi = 196 if fine else 98
    for page in doc:
        mat = pymupdf.Matrix(1728 / W, ydpi / 72)
        pix = page.get_pixmap(matrix=mat, colorspace=pymupdf.csGRAY)
        img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
        thr = 150 + rng.randrange(40)
        bw = img.point(lambda v, t=thr: 255 if v > t else 0).convert("1", dither=Image.Dither.NONE)
        buf = io.BytesIO()
        bw.save(buf, "TIFF", compression="group4" if g4 else "group3", dpi=(204, ydpi))
        out.append(buf.getvalue())
    doc.close()
    return out
