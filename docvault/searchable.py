"""The searchable PDF: the original's pages with the transcription as an invisible text layer.

A stage leaf like `render`: a file and plain values in, PDF bytes out, no database. It runs
in the render pool (PyMuPDF is not thread-safe), called through `RenderPool.derive`.

What each page becomes
    A PDF page is kept as it is (its content stream and images untouched); a raster page
    (JPEG, PNG, TIFF frame, ...) becomes a page holding its image: a JPEG stream as it is,
    a bilevel TIFF frame as CCITT G4 again, other frames losslessly (Flate). Each page is
    given the `/Rotate` that shows it upright, as the viewer shows it (the turn the page was
    read at), so the text runs left to right in any PDF viewer.

Where the text goes
    A page read by an engine that locates its lines (the CPU engine) gets each line at its
    box, mapped from the page image's pixels to the page's points. A page whose text has no
    boxes (a vision model's Markdown) gets its text lines over the ink lines the coverage
    check finds in the page image, in reading order: one to one when the counts agree,
    else the words flow over the ink lines by their widths. A page read from its own text
    layer already has searchable text and gets nothing more, and so does a page whose own
    layer docvault trusts though an engine read it (`textlayer.read_layer`).

    The text is drawn in render mode 3 (invisible). Its font size makes the glyphs as tall
    as the line's box and a horizontal scale makes the line exactly as wide, so a
    selection in a viewer lands on the words. Helvetica (MuPDF's Nimbus Sans) covers Latin
    text; a line with other characters uses Droid Sans Fallback (Greek, Cyrillic, CJK,
    ...); the rare character neither font has becomes "?" rather than a broken glyph. Both
    fonts are embedded as subsets: a few kilobytes per document.

PDF/A: MuPDF (PyMuPDF 2.0) cannot write PDF/A (no output intent, no XMP conformance, no
PDF/A validation), so the file is an ordinary PDF 1.7; nothing here claims PDF/A.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import pymupdf
from PIL import Image, ImageOps

from docvault import coverage, render, textlayer, textutil
from docvault.render import RenderOptions
from docvault.vocabulary import ReadLine, TextFormat

Box = tuple[int, int, int, int]
# Part of every file's name: a change to how the PDF is made gives every document a new one.
BUILD_VERSION = "searchable-1"
_LATIN_FONT = "helv"  # MuPDF's built-in Nimbus Sans: 653 characters, Latin scripts
_WIDE_FONT = "cjk"  # MuPDF's built-in Droid Sans Fallback: 34,012 characters
_FONT_NAMES = {_LATIN_FONT: "DvLatin", _WIDE_FONT: "DvWide"}
_INVISIBLE = 3  # PDF text render mode 3: neither filled nor stroked
_JPEG_QUALITY = 90  # only for a HEIC photo, which a PDF cannot hold as it is
_MISSING_CHARACTER = "?"


@dataclass(frozen=True)
class PageText:
    """One page's transcription as the searchable PDF is made from it."""

    number: int  # 1-based
    text: str  # as stored: plain lines (CPU engine) or Markdown (a vision model)
    text_format: str  # vocabulary.TextFormat's value
    lines: tuple[tuple[Box, str], ...] | None  # located lines in the page image's pixels
    rotation: int  # clockwise turn the page was read at
    image_size: tuple[int, int] | None  # the page image the boxes are in (upright)
    own_layer: bool = False  # read from the PDF's own text layer: kept as it is


def digest(pages: Sequence[PageText], render_settings: str = "") -> str:
    """A short name for a transcription (its text, lines and turns), the render settings the
    page images were made with and the build's version: any change gives another name."""
    described = [
        [
            page.number,
            page.text,
            page.text_format,
            [[*box, text] for box, text in page.lines or ()],
            page.rotation,
            list(page.image_size or ()),
            page.own_layer,
        ]
        for page in pages
    ]
    encoded = json.dumps([BUILD_VERSION, render_settings, described], ensure_ascii=False).encode()
    return hashlib.sha256(encoded).hexdigest()[:24]


def text_lines(text: str, text_format: str) -> list[str]:
    """The lines of a page's text as words to place: Markdown stripped to its words."""
    plain = textutil.strip_markup(text) if text_format == TextFormat.markdown.value else text
    return [line.strip() for line in plain.splitlines() if line.strip()]


def build(path: Path, options: RenderOptions, pages: Sequence[PageText]) -> bytes:
    """The searchable PDF of the file at `path` (what its pages are read from)."""
    source, kind = render.open_document(path, options)
    with source:
        document = source if kind == "pdf" else _pages_of_images(path, kind, source, options)
        fonts = {name: pymupdf.Font(name) for name in _FONT_NAMES}
        for page_text in pages:
            if 1 <= page_text.number <= document.page_count:
                page = document[page_text.number - 1]
                # A born-digital page read by an engine anyway (text_layer off) already has
                # its words: a second, invisible copy would only make every hit appear twice.
                if kind == "pdf" and textlayer.read_layer(page).trusted:
                    page_text = replace(page_text, own_layer=True)
                _add_layer(page, page_text, fonts, path, options)
        document.subset_fonts()
        data: bytes = document.tobytes(garbage=3, deflate=True, encryption=pymupdf.PDF_ENCRYPT_NONE)  # type: ignore[attr-defined]
        if document is not source:
            document.close()
        return data


# --- the pages of an image file --------------------------------------------------------------


def _pages_of_images(
    path: Path, kind: str, source: pymupdf.Document, options: RenderOptions
) -> pymupdf.Document:
    """A PDF with one page per frame, each as large (in points) as MuPDF shows the frame.

    JPEG, PNG, GIF, BMP and JPEG 2000 go through MuPDF, which keeps a JPEG (and JPEG 2000)
    stream as it is. A TIFF goes through Pillow (libtiff): MuPDF's G4 decoder stops early
    on some real faxes (libtiff__testfax4.tiff), and MuPDF would re-encode a G4 frame as
    8-bit Flate, ten times its size.
    """
    if kind not in ("tiff", *render.CONVERTED_KINDS):
        converted = pymupdf.open("pdf", source.convert_to_pdf())
        return converted
    document = pymupdf.open()
    for index in range(source.page_count):
        rect = source[index].rect
        page = document.new_page(width=rect.width, height=rect.height)
        try:
            frame = _frame(path, kind, index, options)
        except (OSError, ValueError, EOFError):
            # Pillow cannot decode it: MuPDF's reading of the frame, re-encoded by MuPDF.
            page.show_pdf_page(page.rect, pymupdf.open("pdf", source.convert_to_pdf(index, index)))
            continue
        _place_frame(page, frame, photo=kind == "heif")
    return document


def _frame(path: Path, kind: str, index: int, options: RenderOptions) -> Image.Image:
    if kind == "heif" or kind == "g3":
        opened = Image.open(io.BytesIO(render.converted_png(path, kind, options)))
    else:
        opened = Image.open(path)
        opened.seek(index)
    with opened:
        turned = ImageOps.exif_transpose(opened)
        if turned.mode == "1":
            return turned.copy()
        colour = turned.mode in {"RGB", "RGBA", "CMYK", "YCbCr", "LAB", "HSV", "P", "PA"}
        return turned.convert("RGB" if colour else "L")


def _place_frame(page: pymupdf.Page, frame: Image.Image, photo: bool) -> None:
    """The frame over the whole page, compressed as little as its kind allows."""
    buffer = io.BytesIO()
    if frame.mode == "1":
        # Pillow writes a bilevel image as CCITT G4, as a fax was sent.
        frame.save(buffer, "PDF")
        page.show_pdf_page(page.rect, pymupdf.open("pdf", buffer.getvalue()), 0)
        return
    if photo:
        frame.save(buffer, "JPEG", quality=_JPEG_QUALITY)
    else:
        frame.save(buffer, "PNG")
    page.insert_image(page.rect, stream=buffer.getvalue(), keep_proportion=False)


# --- the text layer ---------------------------------------------------------------------------


def _add_layer(
    page: pymupdf.Page,
    page_text: PageText,
    fonts: dict[str, pymupdf.Font],
    path: Path,
    options: RenderOptions,
) -> None:
    """The page's text placed invisibly, and the page shown upright."""
    shown = page.rotation
    upright = (shown + page_text.rotation) % 360
    if page_text.own_layer or not page_text.text.strip():
        page.set_rotation(upright)
        return
    placed, image_size = _placed_lines(page_text, path, options)
    to_page = _image_to_page(page, page_text.rotation, image_size)
    page.set_rotation(0)  # drawn in the page's own coordinates, then turned as a whole
    chosen = [(box, *_font_for(text, fonts)) for box, text in placed]
    for font_key in sorted({font_key for _, font_key, _ in chosen}):
        page.insert_font(fontname=_FONT_NAMES[font_key], fontbuffer=fonts[font_key].buffer)
    shape = page.new_shape()
    for box, font_key, drawable in chosen:
        _draw_line(shape, box, drawable, to_page, fonts[font_key], _FONT_NAMES[font_key])
    shape.commit()
    page.set_rotation(upright)


def _placed_lines(
    page_text: PageText, path: Path, options: RenderOptions
) -> tuple[list[tuple[Box, str]], tuple[int, int]]:
    """Each line of text with its box, and the size of the image the boxes are in."""
    if page_text.lines and page_text.image_size:
        return [(box, text) for box, text in page_text.lines if text.strip()], page_text.image_size
    # No boxes: the ink lines of exactly the image the engine was given.
    rendered = render.render_page(path, page_text.number, options, page_text.rotation)
    size = (rendered.image.width, rendered.image.height)
    lines = text_lines(page_text.text, page_text.text_format)
    return over_ink(lines, list(rendered.ink_lines), size), size


def over_ink(
    lines: Sequence[str], ink: Sequence[Box], size: tuple[int, int]
) -> list[tuple[Box, str]]:
    """Text lines without boxes laid over the page's ink lines, as well as counts allow.

    Equal counts pair them in reading order; otherwise the words flow over the ink lines,
    each taking words in proportion to its width (a line the model joined or split still
    lands near its ink). No ink lines at all: the lines stacked down the page.
    """
    if not lines:
        return []
    ordered = [line.box for line in coverage.reading_order([ReadLine(box, "", 0.0) for box in ink])]
    if len(ordered) == len(lines):
        return list(zip(ordered, lines, strict=True))
    if not ordered:
        return _stacked(lines, size)
    return _flowed(" ".join(lines).split(), ordered)


def _flowed(words: Sequence[str], boxes: Sequence[Box]) -> list[tuple[Box, str]]:
    widths = [max(1, box[2] - box[0]) for box in boxes]
    total_width = float(sum(widths))
    total_characters = sum(len(word) + 1 for word in words)
    placed: list[tuple[Box, str]] = []
    index, characters, reached = 0, 0, 0.0
    for box, width in zip(boxes, widths, strict=True):
        reached += width / total_width * total_characters
        taken: list[str] = []
        # A word goes to the ink line its middle falls on (the last line takes the rest).
        while index < len(words) and (
            characters + (len(words[index]) + 1) / 2 <= reached or box is boxes[-1]
        ):
            taken.append(words[index])
            characters += len(words[index]) + 1
            index += 1
        if taken:
            placed.append((box, " ".join(taken)))
    return placed


def _stacked(lines: Sequence[str], size: tuple[int, int]) -> list[tuple[Box, str]]:
    width, height = size
    step = height / (len(lines) + 1)
    margin = width // 20
    return [
        (
            (margin, int(step * (row + 0.5)), width - margin, int(step * (row + 1.2))),
            line,
        )
        for row, line in enumerate(lines)
    ]


def _image_to_page(
    page: pymupdf.Page, rotation: int, image_size: tuple[int, int]
) -> pymupdf.Matrix:
    """Upright page-image pixels to the page's unrotated coordinates (PyMuPDF's, y down).

    The image is the page as shown (its `/Rotate` applied) rendered at some scale, then
    turned `rotation` degrees clockwise: undone in reverse order.
    """
    width, height = image_size
    rendered = (height, width) if rotation % 180 else (width, height)
    turn = _clockwise(rotation % 360, *rendered)
    shown = page.rect
    scale = pymupdf.Matrix(shown.width / rendered[0], shown.height / rendered[1])
    return ~turn * scale * page.derotation_matrix


def _clockwise(rotation: int, width: float, height: float) -> pymupdf.Matrix:
    """A `width` x `height` image turned clockwise, as a matrix on its pixel coordinates."""
    if rotation == 90:
        return pymupdf.Matrix(0, 1, -1, 0, height, 0)
    if rotation == 180:
        return pymupdf.Matrix(-1, 0, 0, -1, width, height)
    if rotation == 270:
        return pymupdf.Matrix(0, -1, 1, 0, 0, width)
    return pymupdf.Matrix(1, 0, 0, 1, 0, 0)


def _draw_line(
    shape: pymupdf.Shape,
    box: Box,
    text: str,
    to_page: pymupdf.Matrix,
    font: pymupdf.Font,
    font_name: str,
) -> None:
    """One line, as tall and as wide as its box (the font's ascender to its descender)."""
    left, top, right, bottom = box
    # Along the image's axes, in page points: the matrix is a quarter turn and two scales.
    points_across = math.hypot(to_page.a, to_page.b)
    points_down = math.hypot(to_page.c, to_page.d)
    extent = max(font.ascender - font.descender, 0.5)
    height = max(1.0, bottom - top)
    size = height * points_down / extent
    natural = font.text_length(text, fontsize=size)
    stretch = max(1.0, right - left) * points_across / natural if natural > 0 else 1.0
    start = pymupdf.Point(left, top + font.ascender * height / extent) * to_page
    across = pymupdf.Point(to_page.a, to_page.b)  # where the image's x axis runs on the page
    vertical = abs(across.y) > abs(across.x)
    shape.insert_text(
        start,
        text,
        fontsize=size,
        fontname=font_name,
        render_mode=_INVISIBLE,
        rotate=_quarter_turn(across),
        # In the page's axes (a scale along one axis reads the same with y up or down).
        morph=(start, pymupdf.Matrix(1, stretch) if vertical else pymupdf.Matrix(stretch, 1)),
    )


def _quarter_turn(across: pymupdf.Point) -> int:
    """insert_text's `rotate` (counter-clockwise degrees) for text running along `across`."""
    if abs(across.x) >= abs(across.y):
        return 0 if across.x > 0 else 180
    return 90 if across.y < 0 else 270  # y runs down the page: up is negative


def _font_for(text: str, fonts: dict[str, pymupdf.Font]) -> tuple[str, str]:
    """Helvetica when it has every character, else the wide font ("?" for what it lacks)."""
    latin = fonts[_LATIN_FONT]
    if all(latin.has_glyph(ord(character)) for character in text):
        return _LATIN_FONT, text
    wide = fonts[_WIDE_FONT]
    drawable = "".join(
        character if wide.has_glyph(ord(character)) else _MISSING_CHARACTER for character in text
    )
    return _WIDE_FONT, drawable
