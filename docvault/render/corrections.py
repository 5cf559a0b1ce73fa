"""What is checked and corrected on every rendered page, on its pixels.

MuPDF does not always raise when it fails. A raster page that comes out nearly blank while
MuPDF warned (or that is a TIFF, where MuPDF's G4 decoder stops early:
libtiff__testfax4.tiff renders 0.2 % dark pixels against 10.4 % through libtiff) is decoded
a second time with Pillow, and the page with more content is kept; a page rendered white on
black is inverted. Both are reported in the page's notes. A page without colour is sent as
greyscale (half the bytes): `has_colour` decides. `turned` turns a page upright once its
rotation is decided (`docvault.render.page`).
"""

from __future__ import annotations

import logging
from pathlib import Path

import numpy as np
import pymupdf
from PIL import Image, ImageOps

from docvault import orientation
from docvault.render.damage import standard_error_caught
from docvault.render.kinds import RASTER_KINDS

logger = logging.getLogger(__name__)

_PILLOW_ERRORS = (OSError, EOFError, ValueError, Image.DecompressionBombError)
_DARK_LEVEL = 128
# The failed G4 decode of libtiff__testfax4.tiff left 0.22 % dark pixels; the sparsest real
# text page in the fixtures (a small table) has 0.94 %. Below 1 % a second decoder is cheap
# insurance (~30 ms for a fax page).
_NEARLY_BLANK_SHARE = 0.01
# A page more than half dark is not a better decode, it is noise or a negative.
_IMPLAUSIBLE_DARK_SHARE = 0.5
# The second decoder wins only with clearly more ink: at least twice as much and 0.2 % of the
# page more (a few lines of text), so two decoders that agree never swap on noise.
_CLEARLY_MORE_INK = 0.002
# White on black: most pixels are black and almost none are grey (a dark photo or an
# ultrasound print has many mid tones and stays as it is).
_INVERTED_DARK_SHARE = 0.6
_INVERTED_EXTREME_SHARE = 0.9
# A pixel is coloured when its channels differ by more than 40 levels: JPEG chroma noise on
# grey scans stays below it (ocrmypdf__c02-22.pdf: 0.002 % above), a receipt photo does not
# (1.5 %). A page is kept in colour when more than 0.1 % of its pixels are coloured.
_COLOUR_SPREAD = 40
_COLOUR_SHARE = 0.001
# The inversion check reads every fourth pixel each way: 130,000 samples of an A4 page decide
# a share of 60 % as well as 2 million do, at a quarter of the cost (~0.3 ms against ~1.1 ms).
_INVERSION_SAMPLE_STEP = 4


def _grey_levels(pixmap: pymupdf.Pixmap) -> np.ndarray:
    grey = pixmap if pixmap.n == 1 else pymupdf.Pixmap(pymupdf.csGRAY, pixmap)  # type: ignore[no-untyped-call]
    return np.frombuffer(grey.samples_mv, dtype=np.uint8).reshape(grey.height, grey.stride)[
        :, : grey.width
    ]


def dark_share(pixmap: pymupdf.Pixmap) -> float:
    """The share of pixels darker than mid grey: ink on a page, ~1-18 % on real text pages."""
    levels = _grey_levels(pixmap)
    return float(np.count_nonzero(levels < _DARK_LEVEL)) / levels.size


def has_colour(pixmap: pymupdf.Pixmap, step: int = 4) -> bool:
    """Whether more than 0.1 % of the pixels (every `step`th each way) are coloured."""
    samples = np.frombuffer(pixmap.samples_mv, dtype=np.uint8)
    pixels = samples.reshape(pixmap.height, pixmap.stride)[:, : pixmap.width * 3]
    # Every fourth pixel each way of a full render: a stamp or a highlighter is far larger
    # than 4x4 pixels. A thumbnail is read whole (step 1).
    sampled = pixels.reshape(pixmap.height, pixmap.width, 3)[::step, ::step]
    red, green, blue = sampled[..., 0], sampled[..., 1], sampled[..., 2]
    # Channel by channel: numpy's max(axis=2) over three values took 4 ms on a thumbnail,
    # these elementwise steps 0.3 ms. uint8 cannot wrap here: the maximum is >= the minimum.
    highest = np.maximum(np.maximum(red, green), blue)
    spread = highest - np.minimum(np.minimum(red, green), blue)
    return bool(np.count_nonzero(spread > _COLOUR_SPREAD) / spread.size > _COLOUR_SHARE)


def _looks_inverted(pixmap: pymupdf.Pixmap) -> bool:
    if pixmap.n != 1:
        return False
    step = _INVERSION_SAMPLE_STEP
    histogram = np.bincount(_grey_levels(pixmap)[::step, ::step].ravel(), minlength=256)
    total = float(histogram.sum())
    dark = histogram[:64].sum() / total
    light = histogram[192:].sum() / total
    return bool(dark >= _INVERTED_DARK_SHARE and dark + light >= _INVERTED_EXTREME_SHARE)


def _corrected(pixmap: pymupdf.Pixmap, notes: list[str]) -> pymupdf.Pixmap:
    """Greyscale when there is no colour; inverted when it came out white on black."""
    if pixmap.n == 3 and not has_colour(pixmap):
        pixmap = pymupdf.Pixmap(pymupdf.csGRAY, pixmap)  # type: ignore[no-untyped-call]
    return uninverted(pixmap, notes)


def uninverted(pixmap: pymupdf.Pixmap, notes: list[str]) -> pymupdf.Pixmap:
    """The page as black on white when it came out white on black."""
    if _looks_inverted(pixmap):
        pixmap.invert_irect()  # type: ignore[no-untyped-call]
        notes.append("inverted: white text on black corrected")
    return pixmap


def corrected_render(
    pixmap: pymupdf.Pixmap,
    path: Path,
    kind: str,
    page_number: int,
    warnings: list[str],
    notes: list[str],
) -> pymupdf.Pixmap:
    """The page as MuPDF drew it, corrected: inverted when it came out white on black; decoded
    again with Pillow when a raster page came out nearly blank while MuPDF warned (or is a
    TIFF), the decode with clearly more ink kept. What was done goes to `notes`; `warnings`
    (MuPDF's) become the second decoder's when its decode is kept (`docvault.render.damage`
    reads them for lost content)."""
    pixmap = uninverted(pixmap, notes)
    suspicious = bool(warnings) or kind == "tiff"
    if kind in RASTER_KINDS and suspicious and dark_share(pixmap) < _NEARLY_BLANK_SHARE:
        pixmap = _second_opinion(path, page_number - 1, pixmap, notes, warnings)
    return pixmap


def _decode_with_pillow(path: Path, index: int, width: int, height: int) -> pymupdf.Pixmap:
    with Image.open(path) as opened:
        opened.seek(index)
        image = ImageOps.exif_transpose(opened)
        colour = image.mode in {"RGB", "RGBA", "CMYK", "YCbCr", "LAB", "HSV", "P", "PA"}
        converted = image.convert("RGB" if colour else "L")
        resized = converted.resize((width, height), Image.Resampling.LANCZOS, reducing_gap=3.0)
    colorspace = pymupdf.csRGB if colour else pymupdf.csGRAY
    return pymupdf.Pixmap(colorspace, width, height, resized.tobytes(), False)  # type: ignore[no-untyped-call]


def _second_opinion(
    path: Path, index: int, first: pymupdf.Pixmap, notes: list[str], warnings: list[str]
) -> pymupdf.Pixmap:
    """Decode the page again with Pillow (libtiff for TIFF) and keep whichever shows more."""
    first_share = dark_share(first)
    complaints: list[str] = []
    try:
        second_notes: list[str] = []
        with standard_error_caught(complaints):
            decoded = _decode_with_pillow(path, index, first.width, first.height)
        second = _corrected(decoded, second_notes)
    except _PILLOW_ERRORS as error:
        logger.debug(
            "Pillow could not decode page %d of %s either: %s", index + 1, path.name, error
        )
        return first
    second_share = dark_share(second)
    clearly_more = second_share > max(2 * first_share, first_share + _CLEARLY_MORE_INK)
    if not clearly_more or second_share > _IMPLAUSIBLE_DARK_SHARE:
        return first
    notes.clear()
    notes.append(
        "decoded with Pillow: MuPDF's decoder returned a nearly blank page "
        f"({first_share:.1%} dark pixels against {second_share:.1%})"
    )
    notes.extend(second_notes)
    warnings[:] = complaints  # MuPDF's decode is dropped, and its warnings with it
    return second


def pixel_array(pixmap: pymupdf.Pixmap) -> np.ndarray:
    """The pixmap's samples as an array without copying: rows x columns (x channels)."""
    rows = np.frombuffer(pixmap.samples_mv, dtype=np.uint8).reshape(pixmap.height, pixmap.stride)
    pixels = rows[:, : pixmap.width * pixmap.n]
    if pixmap.n == 1:
        return pixels
    return pixels.reshape(pixmap.height, pixmap.width, pixmap.n)


def turned(pixmap: pymupdf.Pixmap, rotation: int) -> pymupdf.Pixmap:
    """The pixmap turned `rotation` degrees clockwise (numpy: ~2 ms for a 150 dpi page)."""
    if rotation % 360 == 0:
        return pixmap
    turned = orientation.upright(pixel_array(pixmap), rotation)
    height, width = turned.shape[:2]
    colorspace = pymupdf.csGRAY if pixmap.n == 1 else pymupdf.csRGB
    return pymupdf.Pixmap(colorspace, width, height, turned.tobytes(), False)  # type: ignore[no-untyped-call]
