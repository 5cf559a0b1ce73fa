# SPDX-License-Identifier: AGPL-3.0-or-later
"""Draws a letter's pages: a PDF with a real text layer, a 200 dpi greyscale scan, a G4 fax."""

from __future__ import annotations

import functools
import io
import random
from dataclasses import dataclass, field

import numpy as np
import pymupdf
from PIL import Image, ImageDraw, ImageFont

FONT_DIR = "/usr/share/fonts/truetype/"
FONTS = {
    "sans": "dejavu/DejaVuSans.ttf",
    "bold": "dejavu/DejaVuSans-Bold.ttf",
    "serif": "dejavu/DejaVuSerif.ttf",
    "mono": "dejavu/DejaVuSansMono.ttf",
    "narrow": "dejavu/DejaVuSansCondensed.ttf",
    "hand": "dejavu/DejaVuSerif-Italic.ttf",
    "times": "dejavu/DejaVuSerifCondensed.ttf",
}
PAGE_MM = (210.0, 297.0)
RIGHT_MARGIN_MM = 8.0


@dataclass
class Line:
    text: str
    x: float  # mm from the left edge
    y: float  # mm from the top edge (baseline)
    size: float  # points
    font: str = "sans"


@dataclass
class Page:
    """A page being written: lines in reading order, a cursor that moves down."""

    lines: list[Line] = field(default_factory=list)
    y: float = 20.0
    font: str = "sans"

    def add(self, text: str, x: float = 25.0, size: float = 10.0, font: str = "") -> None:
        size = fitted_size(text, x, size, font or self.font)
        self.lines.append(Line(text, x, self.y, size, font or self.font))
        self.y += size * 0.3528 * 1.45

    def at(
        self, text: str, x: float, y: float, size: float = 10.0, font: str = "", right: float = 0
    ) -> None:
        """A line at a place; `right` (mm) is where its column ends, if before the margin."""
        size = fitted_size(text, x, size, font or self.font, right)
        self.lines.append(Line(text, x, y, size, font or self.font))

    def gap(self, mm: float = 4.0) -> None:
        self.y += mm

    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)


@functools.cache
def _mu_font(font: str) -> pymupdf.Font:
    return pymupdf.Font(fontfile=FONT_DIR + FONTS[font])


def fitted_size(text: str, x: float, size: float, font: str, right: float = 0) -> float:
    """The largest size up to `size` at which the line stays in its column (or on the page)."""
    room = ((right or PAGE_MM[0] - RIGHT_MARGIN_MM) - x) / 0.3528
    width = _mu_font(font).text_length(text, fontsize=size)
    return size if width <= room else round(size * room / width - 0.05, 1)


def pdf(pages: list[Page]) -> bytes:
    doc = pymupdf.open()
    for page in pages:
        out = doc.new_page(width=PAGE_MM[0] / 0.3528, height=PAGE_MM[1] / 0.3528)
        for font in sorted({line.font for line in page.lines}):
            out.insert_font(fontname=f"F{font}", fontfile=FONT_DIR + FONTS[font])
        for line in page.lines:
            point = pymupdf.Point(line.x / 0.3528, line.y / 0.3528)
            out.insert_text(point, line.text, fontsize=line.size, fontname=f"F{line.font}")
    doc.set_metadata({"producer": "heldout50g", "creationDate": "", "modDate": ""})
    return doc.tobytes(garbage=3, deflate=True, no_new_id=True)


def pdf_texts(data: bytes) -> list[str]:
    """Each page's text layer, lines joined by newlines."""
    with pymupdf.open(stream=data, filetype="pdf") as doc:
        return [page.get_text("text").rstrip("\n") for page in doc]


@functools.cache
def _pil_font(font: str, pixels: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONT_DIR + FONTS[font], pixels)


def raster(page: Page, dpi: float, rng: random.Random, hand: bool) -> Image.Image:
    width, height = round(PAGE_MM[0] / 25.4 * dpi), round(PAGE_MM[1] / 25.4 * dpi)
    image = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(image)
    for line in page.lines:
        pixels = max(6, round(line.size / 72 * dpi))
        jitter = rng.uniform(-0.6, 0.6) if hand else 0.0
        x, y = (line.x + jitter) / 25.4 * dpi, (line.y + jitter) / 25.4 * dpi
        draw.text((x, y), line.text, font=_pil_font(line.font, pixels), fill=25, anchor="ls")
    return image


def scan(page: Page, rng: random.Random, hand: bool) -> bytes:
    """200 dpi greyscale JPEG: a slight skew, paper tone and noise."""
    image = raster(page, 200, rng, hand)
    image = image.rotate(rng.uniform(-1.2, 1.2), resample=Image.Resampling.BILINEAR, fillcolor=238)
    noise = np.random.default_rng(rng.randrange(2**32)).normal(0, 9, (image.height, image.width))
    pixels = np.clip(np.asarray(image, dtype=np.float32) * 0.93 + 6 + noise, 0, 255)
    out = io.BytesIO()
    Image.fromarray(pixels.astype(np.uint8), "L").save(out, "JPEG", quality=78, dpi=(200, 200))
    return out.getvalue()


def fax(page: Page, rng: random.Random, hand: bool) -> bytes:
    """Bilevel CCITT G4 TIFF, 1728 px wide, 204 x 98 dpi."""
    drawn = raster(page, 204, rng, hand)
    image = Image.new("L", (1728, drawn.height), 255)
    image.paste(drawn, ((1728 - drawn.width) // 2, 0))
    image = image.resize((1728, round(image.height * 98 / 204)), Image.Resampling.LANCZOS)
    speckle = np.random.default_rng(rng.randrange(2**32)).random((image.height, image.width))
    pixels = np.asarray(image, dtype=np.uint8) < 150
    pixels ^= speckle < 0.0008
    bilevel = Image.fromarray(~pixels).convert("1")
    out = io.BytesIO()
    bilevel.save(out, "TIFF", compression="group4", dpi=(204, 98))
    return out.getvalue()
