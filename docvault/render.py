"""Turn one page of an archived document into an image for the OCR engine.

A stage leaf: plain values in and out (a path, a page number, `RenderOptions`), no database,
no settings read here. `inspect_document` opens a file and counts its pages; `render_page`
renders one page; `RenderPool` runs both in worker processes, because PyMuPDF is not
thread-safe and the daemon has threads.

What is accepted
    The kind of a file is decided by its content (magic bytes), never by its name: the archive
    stores files under their sha256, and MuPDF would otherwise pick its parser by extension.
    Accepted: PDF, TIFF (multi-page, fax CCITT G3/G4), PNG, JPEG, and the other raster kinds
    MuPDF reads at no extra cost (BMP, GIF, JPEG 2000); HEIC/HEIF photos and raw G3 fax pages
    (`.g3`, the one kind told by its name: it has no signature) are turned into PNG first
    by `formats.py`. Text-like documents that MuPDF would
    happily lay out as "pages" (.txt, .html, .svg, .docx, .xlsx, .pptx, .epub, .xps, .cbz,
    .fb2, .mobi) are refused with `UnsupportedFormat` unless `accept_text_documents` is set:
    they are not scans, and a clinic inbox that receives them is usually misconfigured.
    Any other content is refused with `UnsupportedFormat`.

How large a page comes out
    A PDF page renders at `dpi` (150: below it table cells merge, measured on 827 letters),
    capped so that its long side is at most `max_side` (the model's largest input).
    A raster image is a grid of pixels whose resolution tag is often a placeholder (no tag
    reads as 96 dpi in MuPDF, cameras and editors write 72), so it is sized by a pixel budget:
    its long side becomes `raster_long_side` (~150 dpi on Letter/A4). A tag of 100 dpi or more
    is believed (scanners write their true resolution), and then the long side is also at
    least what `dpi` gives on that physical page, so an A3 scan is not squeezed into the
    budget of a letter. Small images are enlarged at most `raster_max_upscale` times (2: a
    446 px phone photo becomes 892 px, about what MuPDF's own 150 dpi render gave it; beyond
    that interpolation adds blur and image tokens, not detail). `max_side` caps every page.
    Fax resolutions with non-square pixels (204x98 dpi) keep the physical aspect ratio.
    `grid`, when above 0, rounds both sides to a multiple of it (the model's patch grid).

The pixel limit (`max_pixels`)
    Decoding a raster image allocates all of its pixels, so a raster page whose stored image
    has more than `max_pixels` pixels is refused with `ImageTooLarge` (the setting
    `render_max_pixels`, 200 megapixels by default: 600 MB of RGB, within a render worker's
    memory limit; the largest real fixture is 11.5 megapixels). A PDF page is always
    rendered within `max_side`, so it is refused only when even that capped render exceeds
    `max_pixels` (which the defaults never do: 2880x2880 is 8.3 megapixels).

What is checked on every page
    MuPDF does not always raise when it fails. Its warnings are captured per page. A raster
    page that comes out nearly blank while MuPDF warned (or that is a TIFF, where MuPDF's G4
    decoder stops early: libtiff__testfax4.tiff renders 0.2 % dark pixels against 10.4 %
    through libtiff) is decoded a second time with Pillow, and the page with more content is
    kept; a page rendered white on black is inverted. Both are reported in `notes`. A page
    without colour is sent as greyscale (half the bytes).

MuPDF keeps its warnings in one store per process; `render_page` and `inspect_document`
read and reset it, so call them from one thread at a time (the pool's workers do).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import math
import multiprocessing
import os
import signal
import struct
import sys
import zipfile
import zlib
from collections.abc import Callable
from concurrent.futures import CancelledError
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Literal, TypeVar

import numpy as np
import pebble
import pymupdf
from pebble import ProcessExpired
from PIL import Image, ImageOps

from docvault import coverage, formats, orientation, textlayer
from docvault.config import default
from docvault.errors import (
    CorruptDocument,
    EncryptedDocument,
    ImageTooLarge,
    RenderCrashed,
    RenderError,
    RenderTimedOut,
    TooManyPages,
    UnsupportedFormat,
    library_reason,
)
from docvault.lifeline import die_with_parent, limit_memory
from docvault.vocabulary import PageImage, RotationSource

logger = logging.getLogger(__name__)

RASTER_KINDS = frozenset({"tiff", "png", "jpeg", "bmp", "gif", "jpx", "heif", "g3"})
# Kinds MuPDF cannot open: formats.py turns them into a PNG first.
CONVERTED_KINDS = frozenset({"heif", "g3"})
# ISO base media files whose major or compatible brand is one of these are HEIF images.
_HEIF_BRANDS = (b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"mif1", b"msf1", b"heif")
TEXT_KINDS = frozenset(
    {"txt", "html", "svg", "fb2", "docx", "xlsx", "pptx", "epub", "xps", "cbz", "mobi"}
)

# Every failure MuPDF reports while opening, loading or drawing: FileDataError and friends
# derive from RuntimeError, errors from inside MuPDF (FzErrorFormat...) from FzErrorBase.
_MUPDF_ERRORS = (RuntimeError, ValueError, pymupdf.mupdf.FzErrorBase)
_PILLOW_ERRORS = (OSError, EOFError, ValueError, Image.DecompressionBombError)

_SNIFF_BYTES = 4096
# Scanners write their true resolution (150-600 dpi); 72 and 96 are what cameras, editors
# and MuPDF (for an image with no tag) use when the real value is unknown.
_TRUSTED_RESOLUTION = 100.0
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
# Colour is decided on a render at a quarter of the final scale (every pixel of it), the same
# density as the former check of every fourth pixel each way of the full render. Rendering the
# page once in colour, checking it and converting it to grey cost ~25 ms a page; drawing the
# page's display list twice (thumbnail, then the final image in the chosen colourspace) costs
# ~2 ms more than one colour render (bench letters, 150 dpi, this 2-core machine).
_COLOUR_THUMBNAIL_DIVISOR = 4
# The inversion check reads every fourth pixel each way: 130,000 samples of an A4 page decide
# a share of 60 % as well as 2 million do, at a quarter of the cost (~0.3 ms against ~1.1 ms).
_INVERSION_SAMPLE_STEP = 4
# PNG as written for the engine: no row filter and zlib level 1. MuPDF's PNG writer uses
# level 6 (20 ms a page) and Pillow always tries all five row filters per row (17 ms at level
# 1); no filter at level 1 takes 7 ms for a 20 % larger file (185 KB against 153 KB for a
# 150 dpi letter). The pixels are the same: PNG is lossless.
_PNG_COMPRESSION_LEVEL = 1
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class RenderOptions:
    """How pages are rendered; built by the composition root from the settings."""

    # Each default is the setting's (docvault.config), written once there.
    dpi: int = default("render_dpi")  # never below 150: below it table cells merge
    raster_long_side: int = default("render_long_side")  # raster inputs: ~150 dpi on A4
    max_side: int = default("render_max_side")  # the model's maximum input (OvisOCR2: 2880)
    max_pixels: int = default("render_max_pixels")  # more stored pixels: ImageTooLarge
    accept_text_documents: bool = False  # .txt/.docx/.epub/.xps...: refused unless set
    image_format: Literal["png", "jpeg"] = "png"
    jpeg_quality: int = 90
    grid: int = 0  # if > 0, round both output sides to a multiple of this (patch grid)
    raster_max_upscale: float = 2.0  # small raster images are enlarged at most this much
    orientation: bool = default("orientation")  # turn each page upright (orientation.py)
    text_layer: bool = False  # take a trustworthy PDF text layer instead of reading the image
    max_pages: int = default("max_pages")  # more pages: refused at intake (TooManyPages)

    def __post_init__(self) -> None:
        if self.image_format not in {"png", "jpeg"}:
            raise ValueError(f"image_format must be 'png' or 'jpeg', not {self.image_format!r}")
        if min(self.dpi, self.raster_long_side, self.max_side, self.max_pixels, self.max_pages) < 1:
            raise ValueError(
                "dpi, raster_long_side, max_side, max_pixels and max_pages must be positive"
            )
        if self.grid < 0 or self.grid > self.max_side or self.raster_max_upscale < 1:
            raise ValueError("grid must be 0..max_side and raster_max_upscale at least 1")


@dataclass(frozen=True)
class DocumentInfo:
    """What opening a document told us."""

    kind: str  # "pdf", "tiff", "png", "jpeg", ...
    page_count: int
    repaired: bool
    encrypted: bool
    warnings: tuple[str, ...]


@dataclass(frozen=True)
class RenderedPage:
    """One page image and what happened while making it."""

    image: PageImage
    warnings: tuple[str, ...]  # MuPDF warnings captured while rendering this page
    notes: tuple[str, ...]  # corrections made: second decoder, inversion, orientation
    rotation: int = 0  # clockwise degrees the page was turned to be upright
    rotation_source: RotationSource = RotationSource.off
    layer_text: str | None = None  # the page's trusted text layer (text_layer set), else None
    # The text lines in the image's ink (docvault.coverage), for the coverage check; none for
    # a page whose text layer is its text (that text is the truth, nothing to check).
    ink_lines: tuple[tuple[int, int, int, int], ...] = ()


# --- the kind of a file, by content ------------------------------------------------------


def detect_kind(path: Path) -> str | None:
    """The MuPDF filetype of the file's content, or None when docvault does not know it."""
    with path.open("rb") as file:
        head = file.read(_SNIFF_BYTES)
    if b"%PDF-" in head[:1024]:  # readers accept a little junk before the header
        return "pdf"
    for magic, kind in (
        (b"II*\x00", "tiff"),
        (b"MM\x00*", "tiff"),
        (b"\x89PNG\r\n\x1a\n", "png"),
        (b"\xff\xd8\xff", "jpeg"),
        (b"GIF87a", "gif"),
        (b"GIF89a", "gif"),
        (b"\x00\x00\x00\x0cjP  \r\n\x87\n", "jpx"),
        (b"\xff\x4f\xff\x51", "jpx"),
    ):
        if head.startswith(magic):
            return kind
    if head.startswith(b"BM") and head[6:10] == b"\x00\x00\x00\x00":  # reserved fields
        return "bmp"
    if head[4:8] == b"ftyp" and _is_heif(head):
        return "heif"
    if head.startswith(b"PK\x03\x04"):
        return _zip_kind(path)
    if head[60:68] == b"BOOKMOBI":
        return "mobi"
    # Raw G3 fax data has no signature at all: only its name says what it is. Decoding it
    # (formats.g3_to_png) then checks that it is T.4 code.
    if path.suffix.lower() == ".g3":
        return "g3"
    return _text_kind(head)


def _is_heif(head: bytes) -> bool:
    box_size = int.from_bytes(head[:4], "big")
    brands = head[8:12] + head[16 : max(16, min(box_size, len(head)))]
    return any(brands[index : index + 4] in _HEIF_BRANDS for index in range(0, len(brands), 4))


def _zip_kind(path: Path) -> str | None:
    try:
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
            if "mimetype" in names and archive.read("mimetype").startswith(b"application/epub"):
                return "epub"
    except (zipfile.BadZipFile, OSError):
        return None
    for prefix, kind in (("word/", "docx"), ("xl/", "xlsx"), ("ppt/", "pptx")):
        if "[Content_Types].xml" in names and any(name.startswith(prefix) for name in names):
            return kind
    if any(name.endswith((".fdseq", ".fpage")) for name in names):
        return "xps"
    image_suffixes = (".png", ".jpg", ".jpeg", ".gif", ".bmp", ".tif", ".tiff")
    if names and all(name.endswith("/") or name.lower().endswith(image_suffixes) for name in names):
        return "cbz"
    return None


def _text_kind(head: bytes) -> str | None:
    if not head or b"\x00" in head:
        return None
    controls = sum(1 for byte in head if byte < 32 and byte not in b"\t\n\r\f")
    if controls > len(head) // 100:
        return None
    start = head.lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if b"<fictionbook" in start[:1024]:
        return "fb2"
    if b"<svg" in start[:1024]:
        return "svg"
    if start.startswith((b"<!doctype html", b"<html")):
        return "html"
    return "txt"


# --- opening ------------------------------------------------------------------------------


def _quiet_mupdf() -> None:
    """Keep MuPDF's messages in its store (read per page) instead of on stderr."""
    pymupdf.TOOLS.mupdf_display_errors(False)  # type: ignore[no-untyped-call]
    pymupdf.TOOLS.mupdf_display_warnings(False)  # type: ignore[no-untyped-call]


def _take_warnings() -> tuple[str, ...]:
    text: str = pymupdf.TOOLS.mupdf_warnings(reset=True)  # type: ignore[no-untyped-call]
    return tuple(line for line in text.splitlines() if line.strip())


def _open(path: Path, options: RenderOptions) -> tuple[pymupdf.Document, str, tuple[str, ...]]:
    """Open a document after checking its kind; also return the warnings of opening it."""
    _quiet_mupdf()
    try:
        size = path.stat().st_size
        kind = detect_kind(path) if size else None
    except OSError as error:
        raise RenderError(
            path,
            f"{path.name} cannot be read ({error.strerror}); check that the archive folder "
            "is mounted and readable by docvault.",
        ) from error
    if size == 0:
        raise CorruptDocument(
            path, f"{path.name} is empty (0 bytes); put a complete copy back in the inbox."
        )
    if kind is None:
        raise UnsupportedFormat(
            path,
            f"{path.name} is not a PDF, TIFF, PNG, JPEG, HEIC or G3 fax file; docvault reads "
            "only scans "
            "and faxes. Save it as PDF and put it back in the inbox.",
        )
    if kind in TEXT_KINDS and not options.accept_text_documents:
        raise UnsupportedFormat(
            path,
            f"{path.name} is a text document ({kind}), not a scan; print it to PDF and put "
            "it back in the inbox, or turn on the setting that accepts text documents.",
        )
    _take_warnings()
    try:
        if kind in CONVERTED_KINDS:
            document = pymupdf.open(stream=_converted(path, kind, options), filetype="png")  # type: ignore[no-untyped-call]
        else:
            document = pymupdf.open(path, filetype=kind)  # type: ignore[no-untyped-call]
    except _MUPDF_ERRORS as error:
        raise _unreadable_structure(path, kind) from error
    return document, kind, _take_warnings()


def _converted(path: Path, kind: str, options: RenderOptions) -> bytes:
    if kind == "heif":
        return formats.heif_to_png(path, options.max_pixels)
    return formats.g3_to_png(path)


def converted_png(path: Path, kind: str, options: RenderOptions) -> bytes:
    """A file MuPDF cannot open (HEIC/HEIF, raw G3 fax) as the PNG its pages are read from."""
    return _converted(path, kind, options)


def open_document(path: Path, options: RenderOptions) -> tuple[pymupdf.Document, str]:
    """The document as its pages are rendered (kind checked, readable), and its kind.

    For files derived from the original (the searchable PDF): the same opening as the
    renderer's, so a page is the same size in points as the page image was made from.
    """
    document, kind, _ = _open(path, options)
    try:
        _check_readable(document, path, kind)
    except RenderError:
        document.close()  # type: ignore[no-untyped-call]
        raise
    return document, kind


def _unreadable_structure(path: Path, kind: str) -> CorruptDocument:
    return CorruptDocument(
        path,
        f"{path.name} looks like a {kind.upper()} file but its structure cannot be read; "
        "ask the sender for a new copy or re-scan the document.",
    )


def _check_readable(document: pymupdf.Document, path: Path, kind: str) -> None:
    try:
        _check_pages_readable(document, path, kind)
    except _MUPDF_ERRORS as error:
        # MuPDF raises from the page count itself on a broken page tree (a /Count that lies
        # over kids that are not pages: found by the fuzzing campaign, issue 29).
        raise _unreadable_structure(path, kind) from error


def _check_pages_readable(document: pymupdf.Document, path: Path, kind: str) -> None:
    # A real password hides the page count until authentication, so this comes first.
    if document.needs_pass:
        raise EncryptedDocument(
            path,
            f"{path.name} is protected by a password; ask the sender for an unprotected copy "
            "or save it without a password and put it back in the inbox.",
        )
    if document.page_count == 0:
        raise CorruptDocument(
            path,
            f"{path.name} has no pages that can be read (the {kind.upper()} file is broken or "
            "cut short); ask the sender for a new copy or re-scan the document.",
        )


def inspect_document(path: Path, options: RenderOptions) -> DocumentInfo:
    """Open a document and say what it is; raise a `RenderError` subclass if it is unusable."""
    document, kind, warnings = _open(path, options)
    with document:
        _check_readable(document, path, kind)
        _check_page_count(document.page_count, path, options.max_pages)
        if kind in RASTER_KINDS:
            _check_raster_pages_load(document, path, kind)
        try:
            return _described(document, kind, warnings)
        except _MUPDF_ERRORS as error:
            raise _unreadable_structure(path, kind) from error


def _described(document: pymupdf.Document, kind: str, warnings: tuple[str, ...]) -> DocumentInfo:
    metadata = document.metadata or {}
    return DocumentInfo(
        kind=kind,
        page_count=document.page_count,
        repaired=bool(document.is_pdf and document.is_repaired),
        # An empty user password opens silently (needs_pass and is_encrypted false):
        # only the metadata tells (pdfjs__empty_protected.pdf).
        encrypted=bool(document.is_encrypted or metadata.get("encryption")),
        warnings=warnings,
    )


def _check_page_count(page_count: int, path: Path, max_pages: int) -> None:
    """Refuse a document longer than the limit before any page is queued (or even loaded).

    A 12 MB PDF held 100,000 copies of one page (issue 25): ~57 hours of reading, queued
    ahead of every letter behind it. Checked before the raster pages are loaded, so a TIFF
    of that many pages is refused as quickly.
    """
    if page_count > max_pages:
        raise TooManyPages(
            path,
            f"{path.name} has {page_count:,} pages, more than the limit of {max_pages:,} "
            "(setting max_pages), so none of its pages was queued; the original is kept in "
            "the archive. Split the file into smaller documents and put them in the inbox, or "
            "raise max_pages if documents this long are expected.",
        )


# --- sizing -------------------------------------------------------------------------------


def _round_sides(width: float, height: float, options: RenderOptions) -> tuple[int, int]:
    if options.grid <= 0:
        return max(1, round(width)), max(1, round(height))
    grid = options.grid
    largest = max(grid, options.max_side // grid * grid)
    return tuple(  # type: ignore[return-value]
        min(largest, max(grid, round(side / grid) * grid)) for side in (width, height)
    )


def pdf_page_size(width_pt: float, height_pt: float, options: RenderOptions) -> tuple[int, int]:
    """Pixel size of a PDF page: `dpi`, capped so the long side fits `max_side`."""
    zoom = min(options.dpi / 72, options.max_side / max(width_pt, height_pt))
    return _round_sides(width_pt * zoom, height_pt * zoom, options)


def raster_page_size(
    width_pt: float, height_pt: float, resolution: float, options: RenderOptions
) -> tuple[int, int]:
    """Pixel size of a raster page, from its size in points at its finest resolution.

    Points rather than pixels keep non-square fax pixels (204x98 dpi) at their physical
    aspect ratio; `resolution` is the larger of the two resolutions, which the native pixel
    grid is measured in.
    """
    long_pt = max(width_pt, height_pt)
    native_long = long_pt * resolution / 72
    target = float(options.raster_long_side)
    if resolution >= _TRUSTED_RESOLUTION:
        target = max(target, long_pt / 72 * options.dpi)
    target = min(target, native_long * options.raster_max_upscale, options.max_side)
    return _round_sides(width_pt * target / long_pt, height_pt * target / long_pt, options)


def _too_large(path: Path, page_number: int, what: str, limit: int, advice: str) -> ImageTooLarge:
    return ImageTooLarge(
        path,
        f"Page {page_number} of {path.name} {what}, more than the render pixel limit "
        f"(max_pixels, {limit / 1e6:.1f} megapixels); {advice}",
        page=page_number,
    )


@dataclass(frozen=True)
class _Plan:
    width: int
    height: int
    colorspace: pymupdf.Colorspace


def _plan(
    page: pymupdf.Page, kind: str, path: Path, page_number: int, options: RenderOptions
) -> _Plan:
    rect = page.rect
    images = page.get_image_info() if kind in RASTER_KINDS else []
    if not images:
        width, height = pdf_page_size(rect.width, rect.height, options)
        colorspace = pymupdf.csRGB
    else:
        image = images[0]
        stored = int(image["width"]) * int(image["height"])
        if stored > options.max_pixels:
            raise _too_large(
                path,
                page_number,
                f"is an image of {stored / 1e6:.1f} megapixels",
                options.max_pixels,
                "re-scan it at a lower resolution (300 dpi is plenty), or raise the limit if "
                "the server has the memory.",
            )
        resolution = float(max(image["xres"], image["yres"]))
        width, height = raster_page_size(rect.width, rect.height, resolution, options)
        colorspace = pymupdf.csGRAY if image["colorspace"] == 1 else pymupdf.csRGB
    if width * height > options.max_pixels:
        raise _too_large(
            path,
            page_number,
            f"would render as {width}x{height} pixels ({width * height / 1e6:.1f} megapixels)",
            options.max_pixels,
            "raise the limit to at least the square of the largest side setting (max_side).",
        )
    return _Plan(width, height, colorspace)


# --- checking and correcting a rendered page ----------------------------------------------


def _grey_levels(pixmap: pymupdf.Pixmap) -> np.ndarray:
    grey = pixmap if pixmap.n == 1 else pymupdf.Pixmap(pymupdf.csGRAY, pixmap)  # type: ignore[no-untyped-call]
    return np.frombuffer(grey.samples_mv, dtype=np.uint8).reshape(grey.height, grey.stride)[
        :, : grey.width
    ]


def dark_share(pixmap: pymupdf.Pixmap) -> float:
    """The share of pixels darker than mid grey: ink on a page, ~1-18 % on real text pages."""
    levels = _grey_levels(pixmap)
    return float(np.count_nonzero(levels < _DARK_LEVEL)) / levels.size


def _has_colour(pixmap: pymupdf.Pixmap, step: int = 4) -> bool:
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
    if pixmap.n == 3 and not _has_colour(pixmap):
        pixmap = pymupdf.Pixmap(pymupdf.csGRAY, pixmap)  # type: ignore[no-untyped-call]
    return _uninverted(pixmap, notes)


def _uninverted(pixmap: pymupdf.Pixmap, notes: list[str]) -> pymupdf.Pixmap:
    """The page as black on white when it came out white on black."""
    if _looks_inverted(pixmap):
        pixmap.invert_irect()  # type: ignore[no-untyped-call]
        notes.append("inverted: white text on black corrected")
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
    path: Path, index: int, first: pymupdf.Pixmap, notes: list[str]
) -> pymupdf.Pixmap:
    """Decode the page again with Pillow (libtiff for TIFF) and keep whichever shows more."""
    first_share = dark_share(first)
    try:
        second_notes: list[str] = []
        second = _corrected(
            _decode_with_pillow(path, index, first.width, first.height), second_notes
        )
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
    return second


def _encode(pixmap: pymupdf.Pixmap, page_number: int, options: RenderOptions) -> PageImage:
    if options.image_format == "jpeg":
        data = pixmap.tobytes("jpeg", jpg_quality=options.jpeg_quality)  # type: ignore[no-untyped-call]
        media_type = "image/jpeg"
    else:
        data = png_bytes(pixmap)
        media_type = "image/png"
    return PageImage(data, media_type, pixmap.width, pixmap.height, label=f"page {page_number}")


def png_bytes(pixmap: pymupdf.Pixmap) -> bytes:
    """A greyscale or RGB pixmap (no alpha) as a PNG file, written fast (see above)."""
    colour_types = {1: 0, 3: 2}  # PNG colour type 0: greyscale, 2: RGB
    if pixmap.alpha or pixmap.n not in colour_types:
        raise ValueError(f"png_bytes takes greyscale or RGB without alpha, not n={pixmap.n}")
    row_bytes = pixmap.width * pixmap.n
    rows = np.frombuffer(pixmap.samples_mv, dtype=np.uint8).reshape(pixmap.height, pixmap.stride)
    filtered = np.zeros((pixmap.height, row_bytes + 1), dtype=np.uint8)  # column 0: filter 0
    filtered[:, 1:] = rows[:, :row_bytes]
    del rows  # release the pixmap's buffer before the pixmap can be freed
    header = struct.pack(
        ">IIBBBBB", pixmap.width, pixmap.height, 8, colour_types[pixmap.n], 0, 0, 0
    )
    return b"".join(
        (
            _PNG_SIGNATURE,
            _png_chunk(b"IHDR", header),
            _png_chunk(b"IDAT", zlib.compress(filtered.data, _PNG_COMPRESSION_LEVEL)),
            _png_chunk(b"IEND", b""),
        )
    )


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return b"".join(
        (struct.pack(">I", len(data)), kind, data, struct.pack(">I", zlib.crc32(kind + data)))
    )


# --- rendering ----------------------------------------------------------------------------


def _check_raster_pages_load(document: pymupdf.Document, path: Path, kind: str) -> None:
    """An image file whose pages cannot even be loaded is refused whole at intake.

    A PNG cut short opens with one page and fails only when the page is loaded
    (pillow__truncated_image.png): refusing it at intake tells the admin at once, instead of
    a document that looks received but has nothing readable. Loading is cheap: no pixels.
    """
    for index in range(document.page_count):
        try:
            document.load_page(index)  # type: ignore[no-untyped-call]
        except _MUPDF_ERRORS as error:
            raise _page_failed(path, index + 1, kind, error) from error


def _page_failed(path: Path, page_number: int, kind: str, error: Exception) -> CorruptDocument:
    return CorruptDocument(
        path,
        f"Page {page_number} of {path.name} cannot be decoded ({library_reason(error, path)}); "
        f"the {kind.upper()} "
        "file is damaged or was cut short. Ask the sender for a new copy or re-scan it.",
        page=page_number,
    )


def _rasterise(
    page: pymupdf.Page, scale_x: float, scale_y: float, colorspace: pymupdf.Colorspace
) -> pymupdf.Pixmap:
    """The page at this scale: greyscale unless it may be in colour and a thumbnail shows colour."""
    matrix = pymupdf.Matrix(scale_x, scale_y)  # type: ignore[no-untyped-call]
    if colorspace.n == 1:
        return page.get_pixmap(matrix=matrix, colorspace=pymupdf.csGRAY, alpha=False)
    display_list = page.get_displaylist()  # type: ignore[no-untyped-call]
    divisor = _COLOUR_THUMBNAIL_DIVISOR
    thumbnail = display_list.get_pixmap(
        matrix=pymupdf.Matrix(scale_x / divisor, scale_y / divisor),  # type: ignore[no-untyped-call]
        colorspace=pymupdf.csRGB,
        alpha=False,
    )
    chosen = pymupdf.csRGB if _has_colour(thumbnail, step=1) else pymupdf.csGRAY
    pixmap: pymupdf.Pixmap = display_list.get_pixmap(matrix=matrix, colorspace=chosen, alpha=False)
    return pixmap


def _has_area(rect: pymupdf.Rect) -> bool:
    return math.isfinite(rect.width * rect.height) and rect.width > 0 and rect.height > 0


def _page_with_area(
    document: pymupdf.Document, page: pymupdf.Page, path: Path, page_number: int, kind: str
) -> pymupdf.Page:
    """The page, refused when it has no area to draw (sizing it divided by zero: found by
    tests/test_properties_documents.py, issue 29).

    MuPDF takes a crop box without area as the media box and ignores a negative /UserUnit,
    but scales a page by a /UserUnit of 0 to nothing; such a unit is dropped for this opening,
    as other readers (pdf.js) take any unit that is not positive as 1.
    """
    if _has_area(page.rect):
        return page
    if kind == "pdf" and document.xref_get_key(page.xref, "UserUnit")[0] != "null":  # type: ignore[no-untyped-call]
        document.xref_set_key(page.xref, "UserUnit", "null")  # type: ignore[no-untyped-call]
        page = document.load_page(page_number - 1)  # type: ignore[no-untyped-call]
        if _has_area(page.rect):
            return page
    raise CorruptDocument(
        path,
        f"Page {page_number} of {path.name} has no area to draw (its page box is "
        f"{page.rect.width:g} x {page.rect.height:g} points), so the {kind.upper()} file is "
        "built wrongly; the other pages go on, and the original is kept in the archive. Ask "
        "the sender for a new copy (printed to PDF again, or re-scanned).",
        page=page_number,
    )


def render_page(
    path: Path, page_number: int, options: RenderOptions, rotation: int | None = None
) -> RenderedPage:
    """Render page `page_number` (1-based); raise a `RenderError` for this page alone.

    The page comes out upright: turned by `rotation` (clockwise degrees, a person's choice)
    when given, else by what `orientation.detect` finds (when `options.orientation`).
    """
    document, kind, _ = _open(path, options)
    layer: textlayer.TextLayer | None = None
    with document:
        _check_readable(document, path, kind)
        if not 1 <= page_number <= document.page_count:
            raise RenderError(
                path,
                f"{path.name} has {document.page_count} pages, so page {page_number} does not "
                "exist; re-inspect the document to reset its pages.",
                page=page_number,
            )
        try:
            page = document.load_page(page_number - 1)  # type: ignore[no-untyped-call]
            page = _page_with_area(document, page, path, page_number, kind)
            if kind == "pdf":
                # A few milliseconds: a trusted layer gives the text (text_layer) and the
                # orientation (no image analysis, ~100 ms, for born-digital pages).
                layer = textlayer.read_layer(page)
            plan = _plan(page, kind, path, page_number, options)
            scale_x, scale_y = plan.width / page.rect.width, plan.height / page.rect.height
            pixmap = _rasterise(page, scale_x, scale_y, plan.colorspace)
        except _MUPDF_ERRORS as error:
            _take_warnings()
            raise _page_failed(path, page_number, kind, error) from error
        warnings = _take_warnings()
    notes: list[str] = []
    pixmap = _uninverted(pixmap, notes)
    suspicious = bool(warnings) or kind == "tiff"
    if kind in RASTER_KINDS and suspicious and dark_share(pixmap) < _NEARLY_BLANK_SHARE:
        pixmap = _second_opinion(path, page_number - 1, pixmap, notes)
    taken = layer is not None and layer.trusted and options.text_layer
    if layer is not None and options.text_layer:
        notes.append(layer.reason)
    layer_rotation = layer.rotation if layer is not None and layer.trusted else None
    turn, source = _decide_rotation(pixmap, rotation, options, layer_rotation, notes)
    pixmap = _turned(pixmap, turn)
    # From exactly the pixels the engine is given (after the turn), in this pool process.
    ink = () if taken else coverage.ink_lines(_pixels(pixmap))
    return RenderedPage(
        _encode(pixmap, page_number, options),
        warnings,
        tuple(notes),
        rotation=turn,
        rotation_source=source,
        layer_text=layer.text if layer is not None and taken else None,
        ink_lines=ink,
    )


def _decide_rotation(
    pixmap: pymupdf.Pixmap,
    requested: int | None,
    options: RenderOptions,
    layer_rotation: int | None,
    notes: list[str],
) -> tuple[int, RotationSource]:
    """The clockwise turn for this page and where it came from."""
    if requested is not None:
        notes.append(f"turned {requested % 360}° as a person asked")
        return requested % 360, RotationSource.person
    if not options.orientation:
        return 0, RotationSource.off
    if layer_rotation is not None:
        # Drawn by a program: its text runs the way the layer says, no image analysis.
        if layer_rotation:
            notes.append(f"orientation: turned {layer_rotation}° as the text layer runs")
        return layer_rotation, RotationSource.text_layer
    found = orientation.detect(_pixels(pixmap))
    if found.rotation:
        notes.append(f"orientation: turned {found.reason}")
    if found.verdict is orientation.Verdict.uncertain:
        # Left as stored: a wrong turn reads the page bottom-up as garbage (a handwritten
        # letter did), so staff are shown the page as one to look at instead.
        notes.append(f"orientation uncertain: {found.reason}")
        return 0, RotationSource.uncertain
    decided = RotationSource.detected if found.decided else RotationSource.undecided
    return found.rotation, decided


def _pixels(pixmap: pymupdf.Pixmap) -> np.ndarray:
    rows = np.frombuffer(pixmap.samples_mv, dtype=np.uint8).reshape(pixmap.height, pixmap.stride)
    pixels = rows[:, : pixmap.width * pixmap.n]
    if pixmap.n == 1:
        return pixels
    return pixels.reshape(pixmap.height, pixmap.width, pixmap.n)


def _turned(pixmap: pymupdf.Pixmap, rotation: int) -> pymupdf.Pixmap:
    """The pixmap turned `rotation` degrees clockwise (numpy: ~2 ms for a 150 dpi page)."""
    if rotation % 360 == 0:
        return pixmap
    turned = orientation.upright(_pixels(pixmap), rotation)
    height, width = turned.shape[:2]
    colorspace = pymupdf.csGRAY if pixmap.n == 1 else pymupdf.csRGB
    return pymupdf.Pixmap(colorspace, width, height, turned.tobytes(), False)  # type: ignore[no-untyped-call]


# --- the process pool ---------------------------------------------------------------------


@dataclass(frozen=True)
class _WorkerFailure:
    """A `RenderError` as it crosses the process boundary (its __init__ does not unpickle)."""

    error_code: str
    path: str
    message: str
    page: int | None


_ERROR_CLASSES: dict[str, type[RenderError]] = {
    error_class.code: error_class
    for error_class in (
        RenderError,
        EncryptedDocument,
        CorruptDocument,
        UnsupportedFormat,
        ImageTooLarge,
        TooManyPages,
    )
}

_Result = TypeVar("_Result")


def _failure(error: RenderError) -> _WorkerFailure:
    return _WorkerFailure(error.code, str(error.path), error.message, error.page)


def _unexpected(path: Path, page: int, error: Exception) -> _WorkerFailure:
    """An error docvault's own checks did not foresee, as a sentence for this file alone.

    The campaign (bench/fuzz_campaign.py) calls the checks directly and counts every such
    error as a defect; here, in the daemon, one must cost only its own file or page: without
    this the page's lease expired and it was rendered again, for ever."""
    logger.error("Unexpected error rendering %s", path.name, exc_info=error)
    where = f"Page {page} of {path.name}" if page else path.name
    return _failure(
        RenderError(
            path,
            f"{where} could not be read: MuPDF or docvault failed on it in a way docvault does "
            f"not know ({type(error).__name__}: {str(error)[:200]}); the other pages and files "
            "go on, and the original is kept in the archive. Ask the sender for a new copy "
            "(printed to PDF again, or re-scanned), and report the file to docvault's "
            "maintainers.",
            page=page or None,
        )
    )


def _inspect_in_worker(
    path: Path, _page: int, options: RenderOptions
) -> DocumentInfo | _WorkerFailure:
    try:
        return inspect_document(path, options)
    except RenderError as error:
        return _failure(error)
    except Exception as error:  # noqa: BLE001  # a defect: this file alone fails, with a sentence
        return _unexpected(path, 0, error)


# Test-only (issue 29): the sha256 of an original whose render kills the whole daemon, as a
# MuPDF bug that takes the process down would; how tests/test_render_kills_daemon.py makes
# one. Inert unless this variable is set, and then only for the one file it names.
KILLS_DAEMON_VARIABLE = "DOCVAULT_TEST_RENDER_KILLS_DAEMON"


def _kill_the_daemon_if_told(path: Path) -> None:
    """SIGKILL the render worker's parent (the daemon) when `path` is the named original."""
    named = os.environ.get(KILLS_DAEMON_VARIABLE)
    if named and len(named) == 64 and path.name.split(".", 1)[0] == named:
        os.kill(os.getppid(), signal.SIGKILL)


def _render_in_worker(
    path: Path, page: int, options: RenderOptions, rotation: int | None = None
) -> RenderedPage | _WorkerFailure:
    _kill_the_daemon_if_told(path)
    try:
        return render_page(path, page, options, rotation)
    except RenderError as error:
        return _failure(error)
    except Exception as error:  # noqa: BLE001  # a defect: this page alone fails, with a sentence
        return _unexpected(path, page, error)


def _derive_in_worker(
    path: Path, _page: int, options: RenderOptions, make: Callable[[Path, RenderOptions], _Result]
) -> _Result | _WorkerFailure:
    try:
        return make(path, options)
    except RenderError as error:
        return _failure(error)


def _prepare_worker(memory_limit_bytes: int) -> None:
    """Runs first in every render worker: bound to the daemon's life and memory-capped."""
    die_with_parent()
    limit_memory(memory_limit_bytes)
    _quiet_mupdf()


def _started() -> None:
    """A task that does nothing: scheduling it starts the pool's workers (see RenderPool)."""


class RenderPool:
    """Runs `inspect_document` and `render_page` in worker processes that can be killed.

    A page built to hang MuPDF (form XObjects that draw each other 10^10 times) never
    returns, and a thread cannot be stopped: so every call has a time limit, and a worker
    past it is terminated and replaced (pebble's process pool does both). A worker also
    runs under a memory limit, so a decompression bomb fails its own page, and it dies with
    the daemon (parent-death signal), so a SIGKILL of the daemon leaves no orphan.

    Workers are started with 'spawn' (the daemon has threads, and forking a process with
    threads can deadlock the child), at once and from the creating thread: Linux sends the
    parent-death signal when the thread that started a process ends, so the pool must be
    made on a thread that lives as long as the daemon (the event loop's).
    A worker that dies while rendering (MuPDF crashing on a file) is replaced, and the call
    is tried once more, so a page that was merely beside the culprit still renders.
    """

    def __init__(
        self,
        workers: int,
        options: RenderOptions,
        timeout_seconds: float = default("render_timeout_seconds"),
        memory_limit_bytes: int = 0,
    ) -> None:
        self._workers = workers
        self._options = options
        self._memory_limit_bytes = memory_limit_bytes
        self.timeout_seconds = timeout_seconds
        self._closing = False
        self._pool = self._new_pool()

    def _new_pool(self) -> pebble.ProcessPool:
        pool = pebble.ProcessPool(
            max_workers=self._workers,
            initializer=_prepare_worker,
            initargs=(self._memory_limit_bytes,),
            context=multiprocessing.get_context("spawn"),
        )
        pool.schedule(_started)  # starts the workers now, from this thread
        return pool

    async def inspect(self, path: Path) -> DocumentInfo:
        """`inspect_document` in a worker process, within the time limit."""
        return await self._run(_inspect_in_worker, path, 0)

    async def render(
        self, path: Path, page_number: int, rotation: int | None = None
    ) -> RenderedPage:
        """`render_page` in a worker process within the time limit (`rotation`: a person's turn,
        else detected)."""
        return await self._run(
            functools.partial(_render_in_worker, rotation=rotation), path, page_number
        )

    async def derive(
        self,
        path: Path,
        make: Callable[[Path, RenderOptions], _Result],
        timeout_seconds: float | None = None,
    ) -> _Result:
        """`make(path, options)` in a worker process: a file derived from an original (the
        searchable PDF), within `timeout_seconds` (the render limit when None). `make` must
        be picklable (a module-level function, or a partial of one)."""
        return await self._run(
            functools.partial(_derive_in_worker, make=make), path, 0, timeout_seconds
        )

    def inspect_blocking(self, path: Path) -> DocumentInfo:
        """`inspect` for a thread without an event loop (intake): waits at most the limit."""
        info: DocumentInfo = self._run_blocking(_inspect_in_worker, path, 0)
        return info

    def render_blocking(
        self, path: Path, page_number: int, rotation: int | None = None
    ) -> RenderedPage:
        """`render` for a thread without an event loop (the probe of `probe_render`)."""
        rendered: RenderedPage = self._run_blocking(
            functools.partial(_render_in_worker, rotation=rotation), path, page_number
        )
        return rendered

    def _run_blocking(
        self,
        function: Callable[[Path, int, RenderOptions], _Result | _WorkerFailure],
        path: Path,
        page_number: int,
    ) -> _Result:
        for attempt in range(2):
            future = self._schedule(function, path, page_number)
            try:
                outcome = future.result()
            except (ProcessExpired, BrokenProcessPool, TimeoutError, CancelledError) as error:
                self._interpret(error, path, page_number, attempt)
                continue
            result: _Result = self._outcome(outcome, path, page_number)
            return result
        raise self._crashed(path, page_number)

    async def _run(
        self,
        function: Callable[[Path, int, RenderOptions], _Result | _WorkerFailure],
        path: Path,
        page_number: int,
        timeout_seconds: float | None = None,
    ) -> _Result:
        for attempt in range(2):
            future = self._schedule(function, path, page_number, timeout_seconds)
            try:
                outcome = await asyncio.wrap_future(future)
            except asyncio.CancelledError:
                future.cancel()  # type: ignore[no-untyped-call]  # pebble terminates the worker of a cancelled running call
                raise
            except (ProcessExpired, BrokenProcessPool, TimeoutError) as error:
                self._interpret(error, path, page_number, attempt, timeout_seconds)
                continue
            result: _Result = self._outcome(outcome, path, page_number)
            return result
        raise self._crashed(path, page_number)

    def _schedule(
        self,
        function: Callable[[Path, int, RenderOptions], _Result | _WorkerFailure],
        path: Path,
        page_number: int,
        timeout_seconds: float | None = None,
    ) -> pebble.ProcessFuture[_Result | _WorkerFailure]:
        if self._closing:
            raise RenderPoolClosed("the render pool is stopping")
        arguments = (path, page_number, self._options)
        limit = timeout_seconds or self.timeout_seconds
        try:
            return self._pool.schedule(function, arguments, timeout=limit)
        except RuntimeError:  # the pool broke (every worker died at once): make a new one
            logger.warning("The render pool broke; starting a new one")
            self._pool.stop()  # type: ignore[no-untyped-call]
            self._pool = self._new_pool()
            return self._pool.schedule(function, arguments, timeout=limit)

    def _interpret(
        self,
        error: BaseException,
        path: Path,
        page_number: int,
        attempt: int,
        timeout_seconds: float | None = None,
    ) -> None:
        """Raise what a failed call means; return when it is worth one more try."""
        if self._closing or isinstance(error, CancelledError):
            raise RenderPoolClosed("the render pool stopped") from error
        if isinstance(error, TimeoutError):
            # Not tried again: a render that overran a generous limit would overrun it
            # again, holding a worker for as long once more.
            raise self._timed_out(path, page_number, timeout_seconds) from None
        logger.warning(
            "A render worker died while handling %s; it was replaced%s",
            path.name,
            ", trying once more" if attempt == 0 else "",
        )

    @staticmethod
    def _outcome(outcome: _Result | _WorkerFailure, path: Path, page_number: int) -> _Result:
        if isinstance(outcome, _WorkerFailure):
            error_class = _ERROR_CLASSES[outcome.error_code]
            raise error_class(Path(outcome.path), outcome.message, page=outcome.page)
        return outcome

    @staticmethod
    def _where(path: Path, page_number: int) -> str:
        return f"Page {page_number} of {path.name}" if page_number else path.name

    def _timed_out(
        self, path: Path, page_number: int, timeout_seconds: float | None = None
    ) -> RenderTimedOut:
        what = "rendered" if page_number else "opened"
        return RenderTimedOut(
            path,
            f"{self._where(path, page_number)} could not be {what} within "
            f"{timeout_seconds or self.timeout_seconds:g} seconds (render_timeout_seconds), "
            "so docvault stopped "
            "trying; the other pages and files go on, and the original is kept in the archive. "
            "Such a file is usually built wrongly (or on purpose) so that drawing it never ends: "
            "ask the sender for a new copy (printed to PDF again, or re-scanned). If the server "
            "was only very busy, re-run the page from the web view.",
            page=page_number or None,
        )

    def _crashed(self, path: Path, page_number: int) -> RenderCrashed:
        return RenderCrashed(
            path,
            f"{self._where(path, page_number)} crashed the render worker twice (MuPDF may have "
            "hit a bug on this file, or the page needs more memory than "
            "render_memory_limit_mb allows); the other pages are not affected and the original "
            "is kept. Re-run it from the web view later; if it crashes again, ask the sender "
            "for a new copy or re-scan it.",
            page=page_number or None,
        )

    def close(self) -> None:
        """Stop the worker processes now: pages in flight are abandoned (the queue keeps them)."""
        self._closing = True
        self._pool.stop()  # type: ignore[no-untyped-call]
        self._pool.join(timeout=10)


class RenderPoolClosed(Exception):
    """The pool was stopped while a call waited: the page goes back to the queue unharmed."""


# --- a render alone, in a process of its own (issue 29) ------------------------------------


class ProbeVerdict(StrEnum):
    """How a page rendered alone in a process of its own (`probe_render`) ended."""

    rendered = "rendered"  # an image: the page is innocent
    refused = "refused"  # a RenderError of the page's own, which the queue will record
    timed_out = "timed-out"  # past the limit: the pool would time it out the same way
    crashed = "crashed"  # its render worker died twice (RenderCrashed)
    killed = "killed"  # the process that held the render pool was killed: as docvault was
    unknown = "unknown"  # the probe's own process failed some other way: no verdict


_PROBE_EXIT_CODES = {
    0: ProbeVerdict.rendered,
    3: ProbeVerdict.refused,
    4: ProbeVerdict.timed_out,
    5: ProbeVerdict.crashed,
}
# Starting the probe's process and its render worker (each imports PyMuPDF and numpy).
PROBE_START_SECONDS = 30.0


def probe_render(
    path: Path,
    page_number: int,
    options: RenderOptions,
    rotation: int | None = None,
    timeout_seconds: float = default("render_timeout_seconds"),
    memory_limit_bytes: int = 0,
) -> ProbeVerdict:
    """Render one page exactly as the daemon's pool would, but in a pool of its own inside a
    process of its own, which dies in the daemon's place if the render takes its parent down
    (a MuPDF bug, the kernel's out-of-memory killer). Blocks: call it from a thread that lives
    until it returns (the probe's process dies with that thread, as a render worker does).
    """
    process = multiprocessing.get_context("spawn").Process(
        target=_probe_in_own_process,
        args=(path, page_number, options, rotation, timeout_seconds, memory_limit_bytes),
        name=f"docvault-probe-{page_number}",
    )
    process.start()
    process.join(2 * timeout_seconds + PROBE_START_SECONDS)
    if process.exitcode is None:  # its own limit did not end it: a hang outside the render
        process.kill()
        process.join()
        return ProbeVerdict.timed_out
    if process.exitcode < 0:
        return ProbeVerdict.killed
    return _PROBE_EXIT_CODES.get(process.exitcode, ProbeVerdict.unknown)


def _probe_in_own_process(
    path: Path,
    page_number: int,
    options: RenderOptions,
    rotation: int | None,
    timeout_seconds: float,
    memory_limit_bytes: int,
) -> None:
    """The probe's process: a pool of one worker, one render, the outcome as the exit code."""
    die_with_parent()
    pool = RenderPool(1, options, timeout_seconds, memory_limit_bytes)
    exit_code = 0
    try:
        pool.render_blocking(path, page_number, rotation)
    except RenderTimedOut:
        exit_code = 4
    except RenderCrashed:
        exit_code = 5
    except RenderError:
        exit_code = 3
    finally:
        pool.close()
    sys.exit(exit_code)
