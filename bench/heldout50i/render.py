"""Page rendering for the ninth blind set: a PDF with a text layer, a 200 DPI scan (JPEG), a fax
(TIFF G3/G4).

A page is a list of Lines drawn top to bottom; its transcription is the lines' text joined by
newlines, so the truth text and the drawn text cannot drift apart. Scans and faxes are rasterised
from the same drawing.
"""

from __future__ import annotations

import io
import math
import random
from dataclasses import dataclass

import numpy as np
import pymupdf
from PIL import Image

FONT_DIR = "/usr/share/fonts/truetype/dejavu/"
FONTS = {
    "sans": "DejaVuSans.ttf",
    "sansb": "DejaVuSans-Bold.ttf",
    "cond": "DejaVuSansCondensed.ttf",
    "condb": "DejaVuSansCondensed-Bold.ttf",
    "serif": "DejaVuSerif.ttf",
    "serifb": "DejaVuSerif-Bold.ttf",
    "mono": "DejaVuSansMono.ttf",
    "monob": "DejaVuSansMono-Bold.ttf",
    "hand": "DejaVuSerifCondensed-Italic.ttf",
}
MM = 72 / 25.4
PAGE_WIDTH, PAGE_HEIGHT = 595.0, 842.0


@dataclass(frozen=True)
class Line:
    """One drawn line: text, font key, size (pt), left edge (mm) or right-aligned, gap (mm)."""

    text: str
    font: str = "sans"
    size: float = 10.0
    x: float = 25.0
    right: bool = False
    gap: float = 0.0


def page_text(lines: list[Line]) -> str:
    return "\n".join(line.text for line in lines if line.text.strip())


_FONT_CACHE: dict[str, pymupdf.Font] = {}


def _font(key: str) -> pymupdf.Font:
    if key not in _FONT_CACHE:
        _FONT_CACHE[key] = pymupdf.Font(fontfile=FONT_DIR + FONTS[key])
    return _FONT_CACHE[key]


_ADVANCES: dict[tuple[str, str], float] = {}


def text_width(line: Line) -> float:
    """The drawn width in points (handwriting drawn word by word is up to 12 % wider)."""
    font = _font(line.font)
    width = 0.0
    for character in line.text:
        key = (line.font, character)
        if key not in _ADVANCES:  # measured once per character: paragraphs re-measure often
            _ADVANCES[key] = font.text_length(character, fontsize=1)
        width += _ADVANCES[key]
    width *= line.size
    return width * 1.2 if line.font == "hand" else width


def _draw_page(document: pymupdf.Document, lines: list[Line], seed: int) -> None:
    page = document.new_page(width=PAGE_WIDTH, height=PAGE_HEIGHT)
    rng = random.Random(seed)
    y = 14 * MM
    for line in lines:
        y += line.gap * MM + line.size * 1.32
        if not line.text:
            continue
        x = line.x * MM
        if line.right:
            x = PAGE_WIDTH - 20 * MM - _font(line.font).text_length(line.text, fontsize=line.size)
        if line.font == "hand":
            _draw_hand(page, line, x, y, rng)
            continue
        page.insert_text(
            (x, y),
            line.text,
            fontsize=line.size,
            fontname=line.font,
            fontfile=FONT_DIR + FONTS[line.font],
        )


def _draw_hand(page: pymupdf.Page, line: Line, x: float, y: float, rng: random.Random) -> None:
    """Handwriting stand-in: each word at its own slant, size and baseline, in blue-black ink."""
    font = _font("hand")
    angle = rng.uniform(-1.6, 1.6)
    for word in line.text.split(" "):
        size = line.size * rng.uniform(0.94, 1.08)
        baseline = y + rng.uniform(-1.2, 1.2) + (x - line.x * MM) * math.tan(math.radians(angle))
        point = pymupdf.Point(x, baseline)
        morph = (point, pymupdf.Matrix(1, 0, rng.uniform(-0.05, 0.12), 1, 0, 0).prerotate(angle))
        page.insert_text(
            point,
            word,
            fontsize=size,
            fontname="hand",
            fontfile=FONT_DIR + FONTS["hand"],
            color=(0.08, 0.1, 0.35),
            morph=morph,
        )
        x += font.text_length(word + " ", fontsize=size) * rng.uniform(1.0, 1.12)


def pdf_bytes(pages: list[list[Line]], seed: int) -> bytes:
    document = pymupdf.open()
    for number, lines in enumerate(pages):
        _draw_page(document, lines, seed * 31 + number)
    document.set_metadata(
        {
            "producer": "heldout50i",
            "creationDate": "D:20240101000000Z",
            "modDate": "D:20240101000000Z",
        }
    )
    document.subset_fonts()
    data = document.tobytes(garbage=3, deflate=True, no_new_id=True)
    document.close()
    return data


def _raster(pdf: bytes, number: int, x_dpi: float, y_dpi: float) -> np.ndarray:
    document = pymupdf.open(stream=pdf, filetype="pdf")
    pixmap = document[number].get_pixmap(
        matrix=pymupdf.Matrix(x_dpi / 72, y_dpi / 72), colorspace=pymupdf.csGRAY
    )
    array = (
        np.frombuffer(pixmap.samples, dtype=np.uint8).reshape(pixmap.height, pixmap.width).copy()
    )
    document.close()
    return array


def scan_pages(pdf: bytes, count: int, seed: int) -> list[bytes]:
    """200 DPI greyscale scans: a paper tone, sensor noise, a slight skew, JPEG."""
    rng = np.random.default_rng(seed)
    out = []
    for number in range(count):
        array = _raster(pdf, number, 200, 200).astype(np.int32)
        tone = int(rng.integers(232, 247))
        array = (array * tone) >> 8  # the paper is not white
        array += rng.integers(-9, 10, size=array.shape, dtype=np.int32)  # sensor noise
        image = Image.fromarray(np.clip(array, 0, 255).astype(np.uint8), "L")
        angle = float(rng.uniform(-1.3, 1.3))
        image = image.rotate(angle, resample=Image.Resampling.BILINEAR, fillcolor=tone)
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", quality=int(rng.integers(72, 88)), dpi=(200, 200))
        out.append(buffer.getvalue())
    return out


def fax_pages(pdf: bytes, count: int, seed: int, fine: bool, group4: bool) -> list[bytes]:
    """Fax pages: 204 x 196 (fine) or 204 x 98 DPI, 1728 pixels wide, bilevel, TIFF G3/G4."""
    rng = np.random.default_rng(seed)
    y_dpi = 196 if fine else 98
    out = []
    for number in range(count):
        array = _raster(pdf, number, 204, y_dpi)
        width = array.shape[1]
        padded = np.full((array.shape[0], 1728), 255, dtype=np.uint8)
        padded[:, : min(width, 1728)] = array[:, :1728]
        # a wobbly threshold frays the strokes' edges, as a fax modem's scanner does
        threshold = rng.integers(110, 190, size=padded.shape, dtype=np.uint8)
        bits = padded > threshold
        flat = bits.reshape(-1)
        speckles = rng.integers(0, flat.size, size=flat.size // 1100)
        flat[speckles] = ~flat[speckles]  # line noise: isolated dots
        image = Image.fromarray(bits).convert("1", dither=Image.Dither.NONE)
        buffer = io.BytesIO()
        image.save(buffer, "TIFF", compression="group4" if group4 else "group3", dpi=(204, y_dpi))
        out.append(buffer.getvalue())
    return out
