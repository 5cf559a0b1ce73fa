"""Page images for the web view: rendered once in the render pool, kept on disk, cropped,
and shrunk once into thumbnails for the arrivals list and the viewer's page strip.

PyMuPDF is not thread-safe, so the web thread never renders: it asks the composition
root's `render_png` (which runs in the render pool) and keeps the PNG where
`docvault.derived` says: named by the original's sha256, the page number and the render
settings, never by a page id. An original never changes (it is stored under its sha256),
so an image cached under those names never goes stale and never belongs to another page.
"""

from __future__ import annotations

import html
import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from docvault import derived
from docvault.archive import check_archived
from docvault.errors import DocvaultError

# (file, page number, clockwise rotation the page was read at) -> PNG bytes
RenderPng = Callable[[Path, int, int], bytes]
COORDINATE_SCALE = 1000  # the engine's figure coordinates run over [0, 1000)
CROP_JPEG_QUALITY = 85
# A thumbnail fits this box (a portrait A4 page becomes 113 x 160 pixels): large
# enough to tell a letterhead from a lab sheet, small enough that twenty load in a moment.
THUMBNAIL_WIDTH = 160
THUMBNAIL_HEIGHT = 160
THUMBNAIL_JPEG_QUALITY = 80


@dataclass(frozen=True)
class PageSource:
    """A page as its derived images are made from it and named by it."""

    data_dir: Path
    sha256: str  # the original's
    archive_path: Path  # the file the page is read from
    page_number: int
    render_png: RenderPng
    render_settings: str
    rotation: int = 0  # clockwise; a page turned by a person is a different image of it

    @property
    def settings(self) -> str:
        turned = f"; turned {self.rotation}" if self.rotation else ""
        return f"{self.render_settings}{turned}"


def page_png(source: PageSource) -> Path:
    """The cached PNG of a page as it was read (turned upright), rendered now if not cached."""
    cached = derived.page_image_path(
        source.data_dir, source.sha256, source.page_number, source.settings
    )
    if cached.is_file():
        return cached  # made from the archived file when it was still the one archived
    # Drawn from the file as it was archived, or not at all (ArchivedFileDamaged).
    check_archived(source.archive_path, "this page's document")
    image = source.render_png(source.archive_path, source.page_number, source.rotation)
    derived.write_atomically(cached, image)
    return cached


def thumbnail_path(data_dir: Path, sha256: str, page_number: int, settings: str) -> Path:
    """Where a page's thumbnail is kept: named by the page image it is made from, and its size."""
    made_from = f"{settings}; thumbnail {THUMBNAIL_WIDTH}x{THUMBNAIL_HEIGHT}"
    return derived.page_image_path(data_dir, sha256, page_number, made_from, suffix=".jpg")


def page_thumbnail(source: PageSource) -> Path:
    """The cached thumbnail of a page (as read, upright), made once from its page image."""
    cached = thumbnail_path(source.data_dir, source.sha256, source.page_number, source.settings)
    if cached.is_file():
        return cached
    derived.write_atomically(cached, _shrunk_jpeg(page_png(source)))
    return cached


def _shrunk_jpeg(png_path: Path) -> bytes:
    with Image.open(png_path) as image:
        small = image.convert("RGB")
        small.thumbnail((THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT), Image.Resampling.LANCZOS)
    output = io.BytesIO()
    small.save(output, format="JPEG", quality=THUMBNAIL_JPEG_QUALITY, optimize=True)
    return output.getvalue()


UNDRAWN_MESSAGE = (
    "The image of this page cannot be drawn. The original is kept: download it from the "
    "document's page. The reason is in the service log."
)
PLACEHOLDER_TYPE = "image/svg+xml"


UNDRAWN_LINES = (
    "The image of this page",
    "cannot be drawn.",
    "Download the original",
    "from the document's page.",
)
# Instead of a page whose archived file was removed or changed behind docvault's back.
DAMAGED_LINES = (
    "This page's archived file",
    "is missing or changed.",
    "Its text is still shown;",
    "restore it from a backup.",
)


def undrawn_placeholder(
    lines: tuple[str, ...] = UNDRAWN_LINES, message: str = UNDRAWN_MESSAGE
) -> bytes:
    """The image shown instead of a page that cannot be drawn: the sentence, on grey."""
    message = html.escape(message)
    text = "".join(
        f'<text x="50%" y="{40 + 12 * number}%" text-anchor="middle">{line}</text>'
        for number, line in enumerate(lines)
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000" '
        'viewBox="0 0 800 1000" font-family="sans-serif" font-size="40" fill="#333">'
        f'<title>{message}</title><rect width="100%" height="100%" fill="#eee"/>'
        f"{text}</svg>"
    ).encode()


def parse_box(box: str) -> tuple[int, int, int, int]:
    """`l_t_r_b` in the engine's 0-1000 coordinates; DocvaultError if it is not a box."""
    parts = box.split("_")
    try:
        left, top, right, bottom = (int(part) for part in parts)
    except ValueError:
        raise DocvaultError(
            f"The figure '{box}' is not four numbers left_top_right_bottom."
        ) from None
    inside = all(0 <= value <= COORDINATE_SCALE for value in (left, top, right, bottom))
    if not inside or left >= right or top >= bottom:
        raise DocvaultError(
            f"The figure box {box} is not a box inside the page "
            f"(0 to {COORDINATE_SCALE}, left < right, top < bottom)."
        )
    return left, top, right, bottom


def crop_jpeg(png_path: Path, box: tuple[int, int, int, int]) -> bytes:
    """The part of the page image inside `box` (0-1000 coordinates), as JPEG."""
    with Image.open(png_path) as image:
        width, height = image.size
        left, top, right, bottom = box
        pixels = (
            left * width // COORDINATE_SCALE,
            top * height // COORDINATE_SCALE,
            max(right * width // COORDINATE_SCALE, left * width // COORDINATE_SCALE + 1),
            max(bottom * height // COORDINATE_SCALE, top * height // COORDINATE_SCALE + 1),
        )
        crop = image.crop(pixels).convert("RGB")
    output = io.BytesIO()
    crop.save(output, format="JPEG", quality=CROP_JPEG_QUALITY)
    return output.getvalue()
