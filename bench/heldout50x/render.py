"""Drawing a letter's pages: PDF with text layer, 200 dpi scan, G3/G4 fax."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass
from functools import lru_cache

import pymupdf
from PIL import Image, ImageDraw, ImageFont

FD = "/usr/share/fonts/truetype/"
FONTS = {
    "sans": FD + "dejavu/DejaVuSans.ttf",
    "sansb": FD + "dejavu/DejaVuSans-Bold.ttf",
    "serif": FD + "dejavu/DejaVuSerif.ttf",
    "serifb": FD + "dejavu/DejaVuSerif-Bold.ttf",
    "mono": FD + "dejavu/DejaVuSansMono.ttf",
    "cond": FD + "dejavu/DejaVuSansCondensed.ttf",
    "hand": FD + "dejavu/DejaVuSerifCondensed-Italic.ttf",
}
W, H = 595.0, 842.0


@dataclass
class Line:
    x: float
    y: float  # baseline, pt from top
    text: str
    font: str = "sans"
    size: float = 10.0


@lru_cache(maxsize=64)
def _font(key: str) -> pymupdf.Font:
    return pymupdf.Font(fontfile=FONTS[key])


def width(text: str, font: str, size: float) -> float:
    return float(_font(font).text_length(text, fontsize=size))


def page_text(lines: list[Line]) -> str:
    return "\n".join(ln.text for ln in sorted(lines, key=lambda q: (q.y, q.x)))


def to_pdf(pages: list[list[Line]]) -> bytes:
    doc = pymupdf.open()
    for lines in pages:
        pg = doc.new_page(width=W, height=H)
        used: list[str] = []
        for ln in sorted(lines, key=lambda q: (q.y, q.x)):
            if ln.font not in used:
                pg.insert_font(fontname=ln.font, fontfile=FONTS[ln.font])
                used.append(ln.font)
            pg.insert_text((ln.x, ln.y), ln.text, fontname=ln.font, fontsize=ln.size)
    doc.set_metadata(
        {
            "producer": "heldout50x",
            "creator": "heldout50x",
            "creationDate": "D:20240101000000",
            "modDate": "D:20240101000000",
            "title": "",
            "author": "",
            "subject": "",
            "keywords": "",
        }
    )
    return bytes(doc.tobytes(garbage=3, deflate=True, no_new_id=True))


@lru_cache(maxsize=128)
def _pil_font(key: str, px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONTS[key], px)


def _draw(
    lines: list[Line], dpi: float, ink: int, paper: int, wobble: random.Random | None
) -> Image.Image:
    s = dpi / 72.0
    img = Image.new("L", (round(W * s), round(H * s)), paper)
    d = ImageDraw.Draw(img)
    for ln in lines:
        dy = wobble.uniform(-1.5, 1.5) if wobble else 0.0
        d.text(
            (ln.x * s, (ln.y + dy) * s),
            ln.text,
            fill=ink,
            font=_pil_font(ln.font, max(6, round(ln.size * s))),
            anchor="ls",
        )
    return img


@lru_cache(maxsize=2)
def _noise(w: int, h: int) -> Image.Image:
    rng = random.Random(4711)
    raw = bytes(128 + (b % 29) - 14 for b in rng.randbytes(w * h))
    return Image.frombytes("L", (w, h), raw)


def to_scan(lines: list[Line], seed: int, handwritten: bool = False) -> bytes:
    rng = random.Random(seed)
    paper = 236 + rng.randint(0, 10)
    img = _draw(lines, 200, 25 + rng.randint(0, 20), paper, rng if handwritten else None)
    nz = _noise(img.width, img.height)
    img = Image.blend(img, nz, 0.06)
    img = img.rotate(rng.uniform(-0.7, 0.7), resample=Image.Resampling.BICUBIC, fillcolor=paper)
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=82, dpi=(200, 200))
    return buf.getvalue()


def to_fax(lines: list[Line], fine: bool, g4: bool, seed: int, handwritten: bool = False) -> bytes:
    rng = random.Random(seed)
    img = _draw(lines, 204, 0, 255, rng if handwritten else None)
    if not fine:
        img = img.resize((img.width, round(H / 72 * 98)), Image.Resampling.BILINEAR)
    canvas = Image.new("L", (1728, img.height), 255)
    canvas.paste(img, ((1728 - img.width) // 2, 0))
    bw = canvas.point(lambda v: 255 if v > 150 else 0).convert("1", dither=Image.Dither.NONE)
    buf = io.BytesIO()
    bw.save(buf, "TIFF", compression="group4" if g4 else "group3", dpi=(204, 196 if fine else 98))
    return buf.getvalue()
