"""A rendered page as the bytes the engine is sent: PNG written fast, or JPEG."""

from __future__ import annotations

import struct
import zlib

import numpy as np
import pymupdf

from docvault.render.options import RenderOptions
from docvault.vocabulary import PageImage

# PNG as written for the engine: no row filter and zlib level 1. MuPDF's PNG writer uses
# level 6 (20 ms a page) and Pillow always tries all five row filters per row (17 ms at level
# 1); no filter at level 1 takes 7 ms for a 20 % larger file (185 KB against 153 KB for a
# 150 dpi letter). The pixels are the same: PNG is lossless.
_PNG_COMPRESSION_LEVEL = 1
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def encoded(pixmap: pymupdf.Pixmap, page_number: int, options: RenderOptions) -> PageImage:
    """The page image as the engine is sent it, in the format the options name."""
    if options.image_format == "jpeg":
        data = pixmap.tobytes("jpeg", jpg_quality=options.jpeg_quality)  # type: ignore[no-untyped-call]
        media_type = "image/jpeg"
    else:
        data = png_bytes(pixmap)
        media_type = "image/png"
    return PageImage(data, media_type, pixmap.width, pixmap.height, label=f"page {page_number}")


def png_bytes(pixmap: pymupdf.Pixmap) -> bytes:
    """A greyscale or RGB pixmap (no alpha) as a PNG file, written fast (no row filter)."""
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
