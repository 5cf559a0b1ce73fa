"""Page images for the web view: rendered once in the render pool, kept on disk, cropped.

PyMuPDF is not thread-safe, so the web thread never renders: it asks the composition
root's `render_png` (which runs in the render pool) and keeps the PNG where
`docvault.derived` says: named by the original's sha256, the page number and the render
settings, never by a page id. An original never changes (it is stored under its sha256),
so an image cached under those names never goes stale and never belongs to another page.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from PIL import Image

from docvault import derived
from docvault.errors import DocvaultError

# (file, page number, clockwise rotation the page was read at) -> PNG bytes
RenderPng = Callable[[Path, int, int], bytes]
COORDINATE_SCALE = 1000  # the engine's figure coordinates run over [0, 1000)
CROP_JPEG_QUALITY = 85


def page_png(
    data_dir: Path,
    sha256: str,
    archive_path: Path,
    page_number: int,
    render_png: RenderPng,
    render_settings: str,
    rotation: int = 0,
) -> Path:
    """The cached PNG of a page as it was read (turned upright), rendered now if not cached.

    Keyed by the turn too: a page turned by a person is a different image of it.
    """
    settings = render_settings if rotation == 0 else f"{render_settings}; turned {rotation}"
    cached = derived.page_image_path(data_dir, sha256, page_number, settings)
    if cached.is_file():
        return cached
    derived.write_atomically(cached, render_png(archive_path, page_number, rotation))
    return cached


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
