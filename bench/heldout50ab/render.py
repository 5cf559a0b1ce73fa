"""Page model and the three renderings (PDF with text layer, 200-dpi scan, G3/G4 fax)."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass
from functools import cache

import pymupdf
from PIL import Image, ImageDraw, ImageFont

PAGE_W = 595.0
PAGE_H = 842.0
SHEET_MARGIN = 12.0  # every line stays this far inside the sheet (pt)

_DV = "/usr/share/fonts/truetype/dejavu/"
_LB = "/usr/share/fonts/truetype/liberation/"
FONTS: dict[str, str] = {
    "sans": _DV + "DejaVuSans.ttf",
    "sansb": _DV + "DejaVuSans-Bold.ttf",
    "sansi": _DV + "DejaVuSans-Oblique.ttf",
    "cond": _DV + "DejaVuSansCondensed.ttf",
    "condb": _DV + "DejaVuSansCondensed-Bold.ttf",
    "serif": _DV + "DejaVuSerif.ttf",
    "serifb": _DV + "DejaVuSerif-Bold.ttf",
    "serifc": _DV + "DejaVuSerifCondensed.ttf",
    "mono": _DV + "DejaVuSansMono.ttf",
    "monob": _DV + "DejaVuSansMono-Bold.ttf",
    # stand-in handwriting: only ever rendered as an image (scan, fax), never into a PDF
    "hand": _LB + "LiberationSerif-Italic.ttf",
}


@dataclass(frozen=True)
class Line:
    text: str
    x: float  # left edge, pt
    y: float  # baseline, pt
    font: str = "sans"
    size: float = 10.0
    grey: int = 0  # 0 = black ink


@dataclass
class Page:
    lines: list[Line]

    def text(self) -> str:
        return "\n".join(ln.text for ln in self.lines)


@cache
def _measure_font(key: str) -> pymupdf.Font:
    return pymupdf.Font(fontfile=FONTS[key])


@cache
def _advance(font: str, ch: str) -> float:
    return float(_measure_font(font).text_length(ch, fontsize=1000))


def width(text: str, font: str, size: float) -> float:
    return sum(_advance(font, ch) for ch in text) * size / 1000


def line_box(ln: Line) -> tuple[float, float, float, float]:
    return (
        ln.x,
        ln.y - ln.size * 0.95,
        ln.x + width(ln.text, ln.font, ln.size),
        ln.y + ln.size * 0.3,
    )


# --- PDF -------------------------------------------------------------------------------------


def render_pdf(pages: list[Page], title: str) -> bytes:
    doc = pymupdf.open()
    for pg in pages:
        page = doc.new_page(width=PAGE_W, height=PAGE_H)
        used: list[str] = []
        for ln in pg.lines:
            if ln.font not in used:
                page.insert_font(fontname=f"F{ln.font}", fontfile=FONTS[ln.font])
                used.append(ln.font)
            g = ln.grey / 255
            page.insert_text(
                (ln.x, ln.y), ln.text, fontname=f"F{ln.font}", fontsize=ln.size, color=(g, g, g)
            )
    doc.subset_fonts()
    doc.set_metadata(
        {
            "producer": "heldout50ab",
            "creator": "heldout50ab",
            "title": title,
            "author": "",
            "subject": "",
            "keywords": "",
            "creationDate": "D:20261201000000Z",
            "modDate": "D:20261201000000Z",
        }
    )
    data = doc.tobytes(garbage=4, deflate=True, no_new_id=True)
    doc.close()
    return bytes(data)


# --- images ----------------------------------------------------------------------------------


@cache
def _pil_font(key: str, px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONTS[key], px)


def draw_lines(
    img: Image.Image, lines: list[Line], sx: float, sy: float, ox: float, oy: float, ink: int
) -> None:
    d = ImageDraw.Draw(img)
    for ln in lines:
        px = max(6, round(ln.size * sy))
        font = _pil_font(ln.font, px)
        fill = min(255, ink + ln.grey)
        d.text((ox + ln.x * sx, oy + ln.y * sy), ln.text, font=font, fill=fill, anchor="ls")


def _noise_tile(seed: str, size: int = 256) -> Image.Image:
    rng = random.Random(seed)
    data = bytes(128 + (b % 17) - 8 for b in rng.randbytes(size * size))
    return Image.frombytes("L", (size, size), data)


def render_scan(pages: list[Page], seed: str, stamp: list[Line] | None) -> list[bytes]:
    rng = random.Random(seed)
    out = []
    s = 200 / 72
    for i, pg in enumerate(pages):
        paper = rng.randint(232, 246)
        img = Image.new("L", (round(PAGE_W * s), round(PAGE_H * s)), paper)
        draw_lines(img, pg.lines, s, s, 0, 0, ink=rng.randint(20, 55))
        if stamp and i == 0:
            draw_lines(img, stamp, s, s, 0, 0, ink=70)
            d = ImageDraw.Draw(img)
            xs = [ln.x for ln in stamp]
            x0 = min(xs) - 8
            y0 = stamp[0].y - stamp[0].size - 6
            x1 = max(ln.x + width(ln.text, ln.font, ln.size) for ln in stamp) + 8
            y1 = stamp[-1].y + 8
            d.rectangle((x0 * s, y0 * s, x1 * s, y1 * s), outline=90, width=3)
        tile = _noise_tile(f"{seed}-{i}")
        noise = Image.new("L", img.size)
        for ty in range(0, img.height, tile.height):
            for tx in range(0, img.width, tile.width):
                noise.paste(tile, (tx, ty))
        img = Image.blend(img, noise, 0.06).point(lambda v: min(255, v + 8))
        angle = rng.choice([-0.6, -0.4, -0.25, 0.2, 0.35, 0.5])
        img = img.rotate(angle, resample=Image.Resampling.BILINEAR, fillcolor=paper)
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=82, dpi=(200, 200), optimize=False)
        out.append(buf.getvalue())
    return out


FAX_W = 1728
FAX_HEADER_PT = 7.5


def render_fax(pages: list[Page], fine: bool, g4: bool) -> list[bytes]:
    """Pages already carry the transmission header line as their first line (y < 20pt)."""
    sx = 204 / 72
    sy = 196 / 72
    ox = (FAX_W - PAGE_W * sx) / 2
    out = []
    for pg in pages:
        img = Image.new("L", (FAX_W, round(PAGE_H * sy)), 255)
        draw_lines(img, pg.lines, sx, sy, ox, 0, ink=0)
        if not fine:
            img = img.resize((FAX_W, img.height // 2), Image.Resampling.BILINEAR)
        bw = img.point(lambda v: 0 if v < 150 else 255).convert("1", dither=Image.Dither.NONE)
        buf = io.BytesIO()
        bw.save(
            buf, "TIFF", compression="group4" if g4 else "group3", dpi=(204, 196 if fine else 98)
        )
        out.append(buf.getvalue())
    return out
