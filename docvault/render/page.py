"""One page of an archived document rasterised: `render_page`, the image the engine reads.

The steps, each in its own module: the file is opened and checked (`opening`), the page
is sized within the pixel limit (`sizing`), drawn, checked and corrected (`corrections`),
its trusted PDF text layer read (`docvault.textlayer`), turned upright (a person's turn,
the text layer's direction, or `docvault.orientation`), its text lines found in its ink for
the coverage check (`docvault.coverage`), and encoded (`encoding`).

MuPDF keeps its warnings in one store per process, which `render_page` reads and resets:
call it from one thread at a time (the render pool's workers do).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

import pymupdf

from docvault import coverage, orientation, textlayer
from docvault.errors import CorruptDocument, RenderError
from docvault.render.corrections import (
    corrected_render,
    dark_share,
    has_colour,
    pixel_array,
    turned,
)
from docvault.render.damage import damage_sentence
from docvault.render.encoding import encoded
from docvault.render.opening import (
    MUPDF_ERRORS,
    check_readable,
    open_checked,
    page_failed,
    take_warnings,
)
from docvault.render.options import RenderOptions
from docvault.render.sizing import plan_page
from docvault.vocabulary import PageImage, RotationSource

# Colour is decided on a render at a quarter of the final scale (every pixel of it), the same
# density as the former check of every fourth pixel each way of the full render. Rendering the
# page once in colour, checking it and converting it to grey cost ~25 ms a page; drawing the
# page's display list twice (thumbnail, then the final image in the chosen colourspace) costs
# ~2 ms more than one colour render (bench letters, 150 dpi, this 2-core machine).
_COLOUR_THUMBNAIL_DIVISOR = 4
# A content stream's "draw this named object" operator: `/Im0 Do`.
_DRAWS_OBJECT = re.compile(rb"/[^\s/\[\]()<>{}%]+\s+Do\b")


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
    # What the file lost on this page (`docvault.render.damage`), one sentence; None: whole.
    damage: str | None = None


@dataclass(frozen=True)
class _Drawn:
    """A page as MuPDF drew it, before any correction."""

    pixmap: pymupdf.Pixmap
    kind: str
    warnings: tuple[str, ...]  # MuPDF's, while drawing this page
    layer: textlayer.TextLayer | None  # a PDF page's text layer, trusted or not
    # A PDF page whose content draws a picture the file no longer holds (a repair dropped it).
    picture_lost: bool = False


def render_page(
    path: Path, page_number: int, options: RenderOptions, rotation: int | None = None
) -> RenderedPage:
    """Render page `page_number` (1-based); raise a `RenderError` for this page alone.

    The page comes out upright: turned by `rotation` (clockwise degrees, a person's choice)
    when given, else by what `orientation.detect` finds (when `options.orientation`).
    """
    drawn = _draw(path, page_number, options)
    notes: list[str] = []
    standing = list(drawn.warnings)  # the decoders' warnings for the pixels kept
    pixmap = corrected_render(drawn.pixmap, path, drawn.kind, page_number, standing, notes)
    damage = damage_sentence(
        page_number, drawn.kind, standing, dark_share(pixmap), drawn.picture_lost
    )
    layer = drawn.layer
    taken = layer is not None and layer.trusted and options.text_layer
    if layer is not None and options.text_layer:
        notes.append(layer.reason)
    layer_rotation = layer.rotation if layer is not None and layer.trusted else None
    turn, source = _decide_rotation(pixmap, rotation, options, layer_rotation, notes)
    pixmap = turned(pixmap, turn)
    # From exactly the pixels the engine is given (after the turn), in this pool process.
    ink = () if taken else coverage.ink_lines(pixel_array(pixmap))
    return RenderedPage(
        encoded(pixmap, page_number, options),
        drawn.warnings,
        tuple(notes),
        rotation=turn,
        rotation_source=source,
        layer_text=layer.text if layer is not None and taken else None,
        ink_lines=ink,
        damage=damage,
    )


def _draw(path: Path, page_number: int, options: RenderOptions) -> _Drawn:
    """Open the document and draw the page at its planned size, with MuPDF's warnings."""
    document, kind = open_checked(path, options)
    layer: textlayer.TextLayer | None = None
    with document:
        check_readable(document, path, kind)
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
            plan = plan_page(page, kind, path, page_number, options)
            scale_x, scale_y = plan.width / page.rect.width, plan.height / page.rect.height
            pixmap = _rasterise(page, scale_x, scale_y, plan.colorspace)
            picture_lost = kind == "pdf" and _picture_lost(page)
        except MUPDF_ERRORS as error:
            take_warnings()
            raise page_failed(path, page_number, kind, error) from error
        return _Drawn(pixmap, kind, take_warnings(), layer, picture_lost)


def _picture_lost(page: pymupdf.Page) -> bool:
    """Whether the page's content draws a named object (`/Im0 Do`) while the page holds no
    image or form to draw: a repair dropped it (a blank page then lost its picture)."""
    content: bytes = page.read_contents()  # type: ignore[no-untyped-call]
    if _DRAWS_OBJECT.search(content) is None:
        return False
    return not page.get_images() and not page.get_xobjects()  # type: ignore[no-untyped-call]


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
    chosen = pymupdf.csRGB if has_colour(thumbnail, step=1) else pymupdf.csGRAY
    pixmap: pymupdf.Pixmap = display_list.get_pixmap(matrix=matrix, colorspace=chosen, alpha=False)
    return pixmap


def _has_area(rect: pymupdf.Rect) -> bool:
    return math.isfinite(rect.width * rect.height) and rect.width > 0 and rect.height > 0


def _page_with_area(
    document: pymupdf.Document, page: pymupdf.Page, path: Path, page_number: int, kind: str
) -> pymupdf.Page:
    """The page, refused when it has no area to draw (sizing it divided by zero: found by
    tests/render/test_properties_documents.py, issue 29).

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
    found = orientation.detect(pixel_array(pixmap))
    if found.rotation:
        notes.append(f"orientation: turned {found.reason}")
    if found.verdict is orientation.Verdict.uncertain:
        # Left as stored: a wrong turn reads the page bottom-up as garbage (a handwritten
        # letter did), so staff are shown the page as one to look at instead.
        notes.append(f"orientation uncertain: {found.reason}")
        return 0, RotationSource.uncertain
    decided = RotationSource.detected if found.decided else RotationSource.undecided
    return found.rotation, decided
