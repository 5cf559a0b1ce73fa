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
    box, mapped from the page image's pixels to the page's points; the line's width is
    shared among its words by their characters. A page whose text has no boxes (a vision
    model's Markdown) gets its text lines over the ink lines the coverage check finds in the
    page image, in reading order: one to one when the counts agree, else the words flow
    over the ink lines by their widths. The check counts printed lines only; where it
    finds far fewer than the model read (handwriting), the rows of ink are found here
    (`ink_rows`, a projection of the page's strokes), whatever wrote them. A page read
    from its own text layer already has searchable text and gets nothing more, and so
    does a page whose own layer docvault trusts though an engine read it
    (`textlayer.read_layer`).

    The words are written by OCRmyPDF's text-layer renderer (the one its own PDF/A files
    carry): invisible (render mode 3), each word scaled to its box so that a selection in
    a viewer lands on it, in Noto Sans, or for a character Noto Sans lacks (CJK, ...) in
    OCRmyPDF's glyphless Occulta font, which still extracts as the character. Only the fonts
    OCRmyPDF ships are used, never the machine's own: the same file on every server. The
    fonts are embedded once per document, as subsets.

PDF/A: the file made here is the searchable PDF; `docvault.pdfa` turns it into the archive
copy (PDF/A-2u, or 2b) and validates it. MuPDF itself cannot write PDF/A.
"""

from __future__ import annotations

import io
import tempfile
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import ocrmypdf
import pymupdf
from ocrmypdf.font import BuiltinFontProvider, MultiFontManager
from ocrmypdf.fpdf_renderer import Fpdf2MultiPageRenderer
from ocrmypdf.hocrtransform import BoundingBox, OcrClass, OcrElement
from PIL import Image, ImageOps

from docvault import coverage, render, textlayer, textutil
from docvault.copies import Box, PageText
from docvault.render import RenderOptions
from docvault.vocabulary import PageImage, ReadLine, TextFormat

_JPEG_QUALITY = 90  # only for a HEIC photo, which a PDF cannot hold as it is
# The fonts OCRmyPDF ships (Noto Sans, the glyphless Occulta), beside its package.
_OCRMYPDF_FONTS = Path(ocrmypdf.__file__).parent / "data"
# The text PDF is written at one point per image pixel; each page is scaled onto its page.
_PIXELS_PER_POINT = 72.0
# Finding rows of ink where the coverage check's printed lines are too few (`ink_rows`):
_STROKE_WINDOW = 31  # pixels around each pixel it is compared with (a few letters' height)
_STROKE_CONTRAST = 20  # grey levels darker than that surround: a stroke, not shaded paper
_STROKE_MAX_SHARE = (0.05, 0.3)  # larger than this share of the page's height, width: not a
# letter (a frame, a rule, the edge of a photographed sheet)
_STROKE_MIN_PIXELS = 8  # smaller: a speck
_ROW_SHARE = 0.1  # a row with less ink than this share of the inkiest rows is a gap


def text_lines(text: str, text_format: str) -> list[str]:
    """The lines of a page's text as words to place: Markdown stripped to its words."""
    plain = textutil.strip_markup(text) if text_format == TextFormat.markdown.value else text
    return [line.strip() for line in plain.splitlines() if line.strip()]


def build(path: Path, options: RenderOptions, pages: Sequence[PageText]) -> bytes:
    """The searchable PDF of the file at `path` (what its pages are read from)."""
    source, kind = render.open_document(path, options)
    with source:
        document = source if kind == "pdf" else _pages_of_images(path, kind, source, options)
        _add_layers(document, kind, pages, path, options)
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


def _add_layers(
    document: pymupdf.Document,
    kind: str,
    pages: Sequence[PageText],
    path: Path,
    options: RenderOptions,
) -> None:
    """Every page's text placed invisibly, and every page shown upright.

    OCRmyPDF's text-layer renderer (fpdf2, its Noto Sans and glyphless Occulta fonts, one
    subset for the whole document) writes the words of all pages into one text-only PDF,
    each page as large in points as its page image in pixels; each is then laid over its
    page as a form, turned and scaled onto the page as the image shows it.
    """
    layered: list[tuple[pymupdf.Page, int, OcrElement]] = []
    for page_text in pages:
        if not 1 <= page_text.number <= document.page_count:
            continue
        page = document[page_text.number - 1]
        # A born-digital page read by an engine anyway (text_layer off) already has its
        # words: a second, invisible copy would only make every hit appear twice.
        if kind == "pdf" and textlayer.read_layer(page).trusted:
            page_text = replace(page_text, own_layer=True)
        upright = (page.rotation + page_text.rotation) % 360
        if page_text.own_layer or not page_text.text.strip():
            page.set_rotation(upright)
            continue
        placed, image_size = _placed_lines(page_text, path, options)
        page.set_rotation(0)  # the layer goes on in the page's own coordinates
        layered.append((page, upright, _ocr_page(placed, image_size)))
    if not layered:
        return
    with tempfile.TemporaryDirectory(prefix="docvault-layer-") as folder:
        text_file = Path(folder) / "text.pdf"
        fonts = MultiFontManager(font_provider=BuiltinFontProvider(_OCRMYPDF_FONTS))
        renderer = Fpdf2MultiPageRenderer(
            [(index, tree, _PIXELS_PER_POINT) for index, (_, _, tree) in enumerate(layered)],
            fonts,
            invisible_text=True,
        )
        renderer.render(text_file)
        with pymupdf.open(text_file) as text:
            for index, (page, upright, _) in enumerate(layered):
                # show_pdf_page turns the source counter-clockwise: undo the clockwise turn
                # that made the page image upright.
                page.show_pdf_page(page.rect, text, index, keep_proportion=False, rotate=upright)
                page.set_rotation(upright)


def _ocr_page(placed: Sequence[tuple[Box, str]], image_size: tuple[int, int]) -> OcrElement:
    """The placed lines as OCRmyPDF's page tree: lines of words, in image pixels."""
    width, height = image_size
    lines = [
        OcrElement(
            ocr_class=OcrClass.LINE,
            bbox=_bounding(box),
            children=[
                OcrElement(ocr_class=OcrClass.WORD, bbox=_bounding(word_box), text=word)
                for word_box, word in words_of(box, text)
            ],
        )
        for box, text in placed
        if text.split() and box[3] > box[1] and box[2] > box[0]
    ]
    return OcrElement(
        ocr_class=OcrClass.PAGE,
        bbox=BoundingBox(left=0, top=0, right=width, bottom=height),
        children=lines,
    )


def _bounding(box: Box) -> BoundingBox:
    left, top, right, bottom = box
    return BoundingBox(left=left, top=top, right=right, bottom=bottom)


def words_of(box: Box, text: str) -> list[tuple[Box, str]]:
    """A line's words, each given the share of the line's width its characters take (the
    engines locate lines, not words; a space counts as a character between two words)."""
    words = text.split()
    left, top, right, bottom = box
    total = sum(len(word) for word in words) + len(words) - 1
    step = (right - left) / max(total, 1)
    placed: list[tuple[Box, str]] = []
    reached = 0
    for word in words:
        start = left + round(reached * step)
        end = max(start + 1, left + round((reached + len(word)) * step))
        placed.append(((start, top, end, bottom), word))
        reached += len(word) + 1
    return placed


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
    ink = list(rendered.ink_lines)
    if 2 * len(ink) < len(lines):  # the check's lines are printed ones: handwriting has none
        rows = ink_rows(rendered.image)
        ink = rows if len(rows) > len(ink) else ink
    return over_ink(lines, ink, size), size


def ink_rows(image: PageImage) -> list[Box]:
    """The rows of ink on a page, printed or handwritten, top to bottom.

    Strokes are what is clearly darker than its surroundings (so a sheet photographed on
    a lighter mount, or shaded paper, is not ink itself), less what is too large to be a
    letter or too small to be one; a row is a run of pixel rows holding a fair share of
    that ink, as wide as its strokes reach. Rows much lower than the usual one (a stray
    underline, the tail of a letter) are left out.
    """
    grey = cv2.imdecode(np.frombuffer(image.data, np.uint8), cv2.IMREAD_GRAYSCALE)
    if grey is None:
        return []
    strokes = _strokes(grey)
    profile = strokes.sum(axis=1)
    if not profile.any():
        return []
    level = max(2.0, _ROW_SHARE * float(np.percentile(profile[profile > 0], 90)))
    rows = _runs(profile > level)
    if not rows:
        return []
    usual = float(np.median([bottom - top for top, bottom in rows]))
    boxes: list[Box] = []
    for top, bottom in rows:
        if 2 * (bottom - top) < usual:
            continue
        columns = np.nonzero(strokes[top:bottom].any(axis=0))[0]
        boxes.append((int(columns[0]), top, int(columns[-1]) + 1, bottom))
    return boxes


def _strokes(grey: np.ndarray) -> np.ndarray:
    """1 where a pixel belongs to a stroke of letter size, else 0."""
    height, width = grey.shape
    ink = cv2.adaptiveThreshold(
        grey, 1, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV,
        _STROKE_WINDOW, _STROKE_CONTRAST,
    )  # fmt: skip
    _, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    tall, wide = _STROKE_MAX_SHARE
    kept = (
        (stats[:, cv2.CC_STAT_AREA] > _STROKE_MIN_PIXELS)
        & (stats[:, cv2.CC_STAT_HEIGHT] < height * tall)
        & (stats[:, cv2.CC_STAT_WIDTH] < width * wide)
    )
    kept[0] = False  # the paper
    return np.asarray(kept[labels], dtype=np.uint8)


def _runs(flags: np.ndarray) -> list[tuple[int, int]]:
    """The (start, end) of each run of true values."""
    padded = np.concatenate(([False], flags, [False])).astype(np.int8)
    edges = np.flatnonzero(np.diff(padded))
    return [(int(start), int(end)) for start, end in zip(edges[::2], edges[1::2], strict=True)]


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
