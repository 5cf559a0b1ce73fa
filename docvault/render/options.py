"""How pages are rendered: `RenderOptions`, the one value every part of rendering is given.

Built by the composition root from the settings; each default is the setting's own
(`docvault.config`), written once there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from docvault.config import default


@dataclass(frozen=True)
class RenderOptions:
    """How pages are rendered; built by the composition root from the settings."""

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
