"""How large a page comes out, and the pixel limit that refuses a page before it is drawn.

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

Decoding a raster image allocates all of its pixels, so a raster page whose stored image
has more than `max_pixels` pixels is refused with `ImageTooLarge` (the setting
`render_max_pixels`, 200 megapixels by default: 600 MB of RGB, within a render worker's
memory limit; the largest real fixture is 11.5 megapixels). A PDF page is always rendered
within `max_side`, so it is refused only when even that capped render exceeds `max_pixels`
(which the defaults never do: 2880x2880 is 8.3 megapixels).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pymupdf

from docvault.errors import ImageTooLarge
from docvault.render.kinds import RASTER_KINDS
from docvault.render.options import RenderOptions

# Scanners write their true resolution (150-600 dpi); 72 and 96 are what cameras, editors
# and MuPDF (for an image with no tag) use when the real value is unknown.
_TRUSTED_RESOLUTION = 100.0


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
class Plan:
    """The size a page is drawn at, and the colourspace it may need."""

    width: int
    height: int
    colorspace: pymupdf.Colorspace


def plan_page(
    page: pymupdf.Page, kind: str, path: Path, page_number: int, options: RenderOptions
) -> Plan:
    """How large `page` is drawn, refused (`ImageTooLarge`) beyond the pixel limit."""
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
    return Plan(width, height, colorspace)
