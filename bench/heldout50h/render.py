"""The three renderings of a letter: a PDF with a text layer, a 200 dpi scan, a G4 fax."""

from __future__ import annotations

import functools
import io
import random

import numpy as np
import pymupdf as fitz
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from bench.heldout50h.page import FONT_DIR, FONTS, PAGE_H, PAGE_W, PT_PER_MM, Page, width_mm

FAX_WIDTH = 1728
FAX_DPI = (204, 98)


def pdf_bytes(pages: list[Page]) -> bytes:
    document = fitz.open()
    for sheet in pages:
        page = document.new_page(width=PAGE_W * PT_PER_MM, height=PAGE_H * PT_PER_MM)
        for x0, y0, x1, y1 in sheet.rules:
            page.draw_line(
                (x0 * PT_PER_MM, y0 * PT_PER_MM), (x1 * PT_PER_MM, y1 * PT_PER_MM), width=0.6
            )
        for x0, y0, x1, y1 in sheet.boxes:
            page.draw_rect(fitz.Rect(x0, y0, x1, y1) * PT_PER_MM, width=0.6)
        for line in sheet.lines:
            point = (line.left() * PT_PER_MM, line.y * PT_PER_MM)
            page.insert_text(
                point,
                line.text,
                fontsize=line.size,
                fontname=line.font,
                fontfile=FONT_DIR + FONTS[line.font],
                color=line.colour,
            )
    document.subset_fonts(fallback=False)
    data = document.tobytes(garbage=3, deflate=True, no_new_id=True)
    document.close()
    return data


@functools.cache
def _pil_font(key: str, pixels: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONT_DIR + FONTS[key], pixels)


def raster(sheet: Page, dpi_x: float, dpi_y: float, seed: int) -> Image.Image:
    """The page drawn in greyscale at dpi_x by dpi_y (text drawn square at dpi_x, then squeezed)."""
    scale = dpi_x / 25.4
    width, height = round(PAGE_W * scale), round(PAGE_H * scale)
    image = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(image)
    rng = random.Random(seed)
    for x0, y0, x1, y1 in sheet.rules:
        draw.line(
            (x0 * scale, y0 * scale, x1 * scale, y1 * scale),
            fill=0,
            width=max(1, round(scale * 0.25)),
        )
    for x0, y0, x1, y1 in sheet.boxes:
        draw.rectangle(
            (x0 * scale, y0 * scale, x1 * scale, y1 * scale),
            outline=0,
            width=max(1, round(scale * 0.25)),
        )
    for line in sheet.lines:
        pixels = max(6, round(line.size / 72 * dpi_x))
        x, y = line.left() * scale, line.y * scale
        tint = 0.299 * line.colour[0] + 0.587 * line.colour[1] + 0.114 * line.colour[2]
        ink = round(255 * tint * 0.8)
        if sheet.handwritten and line.font == "hand":
            _hand_line(image, line.text, _pil_font(line.font, pixels), (x, y), scale, rng)
            continue
        draw.text((x, y), line.text, font=_pil_font(line.font, pixels), fill=ink, anchor="ls")
    if dpi_y != dpi_x:
        image = image.resize((width, round(PAGE_H * dpi_y / 25.4)), Image.Resampling.LANCZOS)
    return image


def _hand_line(
    image: Image.Image,
    text: str,
    face: ImageFont.FreeTypeFont,
    at: tuple[float, float],
    scale: float,
    rng: random.Random,
) -> None:
    """A written line: a little off the ruled position, tilted, the pen's pressure uneven."""
    left, top, right, bottom = (round(v) for v in face.getbbox(text, anchor="ls"))
    pad = round(4 * scale)
    strip = Image.new("L", (right - left + 2 * pad, bottom - top + 2 * pad), 0)
    ImageDraw.Draw(strip).text(
        (pad - left, pad - top),
        text,
        font=face,
        fill=255,
        anchor="ls",
        stroke_width=rng.choice((0, 1)),
    )
    strip = strip.rotate(rng.uniform(-2.2, 2.2), resample=Image.Resampling.BICUBIC, expand=False)
    x = round(at[0] + rng.uniform(-2.0, 2.0) * scale) + left - pad
    y = round(at[1] + rng.uniform(-1.0, 1.0) * scale) + top - pad
    ink = Image.new("L", strip.size, rng.randint(10, 60))
    image.paste(ink, (x, y), strip)


def scan_jpeg(sheet: Page, seed: int) -> bytes:
    rng = np.random.default_rng(seed)
    image = raster(sheet, 200, 200, seed)
    angle = float(rng.uniform(-0.9, 0.9))
    image = image.rotate(angle, resample=Image.Resampling.BILINEAR, expand=False, fillcolor=250)
    image = image.filter(ImageFilter.GaussianBlur(0.5))
    pixels = np.asarray(image, dtype=np.float64)
    pixels = pixels * 0.93 + 12 + rng.normal(0, 6, pixels.shape)
    out = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), "L")
    buffer = io.BytesIO()
    out.save(buffer, "JPEG", quality=82, dpi=(200, 200))
    return buffer.getvalue()


def fax_header_image(text: str) -> Image.Image:
    """The transmission line as the fax machine prints it: small mono type, squeezed to 98 lpi."""
    tall = Image.new("L", (FAX_WIDTH, 40), 255)
    ImageDraw.Draw(tall).text((24, 30), text, font=_pil_font("mono", 22), fill=0, anchor="ls")
    return tall.resize((FAX_WIDTH, 20), Image.Resampling.LANCZOS)


def fax_tiff(sheet: Page, header: str, seed: int) -> bytes:
    rng = np.random.default_rng(seed)
    body = raster(sheet, FAX_DPI[0], FAX_DPI[1], seed)
    canvas = Image.new("L", (FAX_WIDTH, body.height), 255)
    canvas.paste(body, ((FAX_WIDTH - body.width) // 2, 0))
    canvas.paste(fax_header_image(header), (0, 2))
    pixels = np.asarray(canvas) < 150
    speckle = rng.random(pixels.shape) < 0.0006
    bilevel = Image.fromarray(np.where(pixels ^ speckle, 0, 255).astype(np.uint8), "L").convert(
        "1", dither=None
    )
    buffer = io.BytesIO()
    bilevel.save(buffer, "TIFF", compression="group4", dpi=FAX_DPI)
    return buffer.getvalue()


def header_fits(header: str) -> bool:
    return width_mm(header, "mono", 22 * 72 / 204) < PAGE_W - 8
