# SPDX-License-Identifier: AGPL-3.0-or-later
# mypy: disable-error-code="no-untyped-call"
"""Turns laid-out pages into the three conditions: a PDF with a text layer, a 200 dpi greyscale
scan (JPEG, slight skew, paper noise) and a CCITT G4 fax (204 x 98 dpi, 1728 pixels wide)."""

from __future__ import annotations

import functools
import io
import random
import re

import numpy as np
import pymupdf
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from bench.heldout50f.sheet import FONTS, MM_PER_PT, Line, Page

PT_PER_MM = 72 / 25.4
FAX_WIDTH = 1728


@functools.cache
def _pil_font(key: str, pixels: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONTS[key], pixels)


def pdf_bytes(pages: list[Page], title: str) -> bytes:
    """A PDF whose text layer is exactly the pages' lines."""
    document = pymupdf.open()
    for page in pages:
        out = document.new_page(width=page.width * PT_PER_MM, height=page.height * PT_PER_MM)
        names: dict[str, str] = {}
        for line in page.lines:
            if line.font not in names:
                names[line.font] = f"F{len(names)}"
                out.insert_font(fontname=names[line.font], fontfile=FONTS[line.font])
            point = pymupdf.Point(line.x * PT_PER_MM, line.y * PT_PER_MM)
            out.insert_text(point, line.text, fontname=names[line.font], fontsize=line.size)
        _pdf_shapes(out, page)
    document.set_metadata({"title": title, "creator": "Briefschreibung", "producer": "Druck"})
    document.subset_fonts()
    _fix_unicode_maps(document)
    data: bytes = document.tobytes(garbage=3, deflate=True, no_new_id=True)
    document.close()
    return data


# A font's glyph shared by two characters is mapped back to the rarer one (no-break space,
# soft hyphen, bullet operator, Greek question mark); the text layer must read as printed.
_PREFERRED = {"00a0": "0020", "00ad": "002d", "2219": "00b7", "037e": "003b", "2215": "002f"}
_PAIR = re.compile(r"<([0-9a-fA-F]{4})> <([0-9a-fA-F]{4})>")


def _fix_unicode_maps(document: pymupdf.Document) -> None:
    for xref in range(1, document.xref_length()):
        if not document.xref_is_stream(xref):
            continue
        stream = document.xref_stream(xref)
        if b"beginbfchar" not in stream:
            continue
        text = _PAIR.sub(
            lambda m: f"<{m[1]}> <{_PREFERRED.get(m[2].lower(), m[2])}>", stream.decode("latin-1")
        )
        document.update_stream(xref, text.encode("latin-1"))


def _pdf_shapes(out: pymupdf.Page, page: Page) -> None:
    for shape in page.shapes:
        x, y = shape.x * PT_PER_MM, shape.y * PT_PER_MM
        w, h = shape.w * PT_PER_MM, shape.h * PT_PER_MM
        if shape.kind == "rect":
            out.draw_rect(pymupdf.Rect(x, y, x + w, y + h), width=0.6)
        elif shape.kind == "fill":
            out.draw_rect(pymupdf.Rect(x, y, x + w, y + h), color=None, fill=(0.3, 0.3, 0.3))
        elif shape.kind == "hline":
            out.draw_line(pymupdf.Point(x, y), pymupdf.Point(w, y), width=0.5)
        elif shape.kind == "tick":
            out.draw_line(pymupdf.Point(x, y), pymupdf.Point(x + w, y + h), width=0.8)
            out.draw_line(pymupdf.Point(x + w, y), pymupdf.Point(x, y + h), width=0.8)
        elif shape.kind == "circle":
            out.draw_circle(pymupdf.Point(x, y), w, width=1.5)


def raster(page: Page, dpi: float, seed: int, ink: int = 20) -> Image.Image:
    """The page drawn in greyscale at dpi (square pixels), white paper."""
    scale = dpi / 25.4
    image = Image.new("L", (round(page.width * scale), round(page.height * scale)), 255)
    draw = ImageDraw.Draw(image)
    rng = random.Random(seed)
    for line in page.lines:
        if line.hand:
            _hand_line(draw, line, scale, rng)
        else:
            font = _pil_font(line.font, max(6, round(line.size * MM_PER_PT * scale)))
            draw.text((line.x * scale, line.y * scale), line.text, font=font, fill=ink, anchor="ls")
    _raster_shapes(draw, page, scale)
    return image


def _hand_line(draw: ImageDraw.ImageDraw, line: Line, scale: float, rng: random.Random) -> None:
    """Handwriting: each word a little off the baseline, in a pen's lighter ink."""
    x = line.x * scale
    for word in line.text.split(" "):
        pixels = round(line.size * MM_PER_PT * scale * rng.uniform(0.94, 1.08))
        font = _pil_font(line.font, max(6, pixels))
        y = (line.y + rng.uniform(-0.5, 0.5)) * scale
        draw.text((x, y), word, font=font, fill=55, anchor="ls")
        x += font.getlength(word + " ") + rng.uniform(-0.3, 0.8) * scale


def _raster_shapes(draw: ImageDraw.ImageDraw, page: Page, scale: float) -> None:
    stroke = max(1, round(0.25 * scale))
    for shape in page.shapes:
        x, y = shape.x * scale, shape.y * scale
        w, h = shape.w * scale, shape.h * scale
        if shape.kind == "rect":
            draw.rectangle((x, y, x + w, y + h), outline=20, width=stroke)
        elif shape.kind == "fill":
            draw.rectangle((x, y, x + w, y + h), fill=90)
        elif shape.kind == "hline":
            draw.line((x, y, w, y), fill=20, width=stroke)
        elif shape.kind == "tick":
            draw.line((x, y, x + w, y + h), fill=20, width=stroke + 1)
            draw.line((x + w, y, x, y + h), fill=20, width=stroke + 1)
        elif shape.kind == "circle":
            draw.ellipse((x - w, y - w, x + w, y + w), outline=20, width=stroke * 3)


def scan_jpeg(page: Page, seed: int) -> bytes:
    """A 200 dpi greyscale scan: a slight skew, a paper tone and noise, JPEG."""
    rng = np.random.default_rng(seed)
    image = raster(page, 200, seed)
    angle = float(rng.uniform(-1.1, 1.1))
    paper = int(rng.integers(228, 246))
    image = image.rotate(angle, resample=Image.Resampling.BICUBIC, fillcolor=255)
    if rng.random() < 0.4:
        _punch_holes(image)
    image = image.filter(ImageFilter.GaussianBlur(0.55))
    pixels = np.asarray(image, dtype=np.float32) * (paper / 255.0)
    pixels += rng.normal(0.0, 3.0, pixels.shape).astype(np.float32)
    shade = np.linspace(0.0, float(rng.uniform(-8, 8)), pixels.shape[1], dtype=np.float32)
    pixels += shade[np.newaxis, :]
    out = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), mode="L")
    buffer = io.BytesIO()
    out.save(buffer, format="JPEG", quality=72, dpi=(200, 200))
    return buffer.getvalue()


def _punch_holes(image: Image.Image) -> None:
    """A filed copy's two punch holes in the left margin, dark where the scanner lid shows."""
    draw = ImageDraw.Draw(image)
    radius = round(image.width * 0.015)
    for offset in (-0.135, 0.135):
        x, y = round(image.width * 0.045), round(image.height * (0.5 + offset))
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=70)


def fax_tiff(page: Page, seed: int) -> bytes:
    """A fine-mode fax page: 204 x 98 dpi, 1728 pixels wide, bilevel, CCITT G4."""
    image = raster(page, 204, seed)
    height = round(page.height / 25.4 * 98)
    image = image.resize((FAX_WIDTH, height), Image.Resampling.BOX)
    rng = np.random.default_rng(seed)
    pixels = np.asarray(image, dtype=np.int16) + rng.integers(-25, 25, (height, FAX_WIDTH))
    bits = pixels > 150
    specks = rng.integers(0, bits.size, 250)
    bits.flat[specks] = False
    out = Image.fromarray(bits.astype(np.uint8) * 255, mode="L").convert("1", dither=None)
    buffer = io.BytesIO()
    out.save(buffer, format="TIFF", compression="group4", dpi=(204, 98))
    return buffer.getvalue()
