"""Rendering: one page of an archived document turned into an image for the OCR engine.

A stage: plain values in and out (a path, a page number, `RenderOptions`), no database, no
settings read here. Intake asks `inspect_document` what a file is and how many pages it has;
the worker has each page drawn by `render_page`; `RenderPool` runs both in worker processes
that can be killed. The modules, each importing only those above it:

    options      RenderOptions: how pages are rendered, built from the settings
    kinds        a file's kind told by its content (detect_kind); what is accepted
    formats      files MuPDF cannot open itself (HEIC/HEIF, raw G3 fax) turned into ones
                 it can, and a protected PDF decrypted with its password
    opening      a file opened as MuPDF reads it, refused with a sentence when unusable;
                 inspect_document, open_document, MuPDF's warnings store
    sizing       how large a page comes out, and the pixel limit (ImageTooLarge)
    damage       whether the file lost part of the page (decoders' warnings, a blank page
                 whose picture a repair dropped), and the sentence that says so
    corrections  what is checked on every page's pixels: a second decoder for a nearly
                 blank page, white on black inverted, colour or grey, turned upright
    encoding     the page image's bytes: PNG written fast, or JPEG
    page         render_page: a page drawn, corrected, checked for damage, turned upright,
                 its ink lines found
    pool         RenderPool: the killable worker processes, time and memory limits, and
                 the safety net that fails one page for an error no check foresaw

This module gives their public names, as the rest of docvault imports them. It imports a
module only when one of its names is first used: the mail reader's worker process asks
`kinds` what a file is and pays for neither MuPDF nor numpy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from docvault.faces import lazy_names

if TYPE_CHECKING:
    from docvault.render.corrections import dark_share
    from docvault.render.encoding import png_bytes
    from docvault.render.formats import decrypt_pdf
    from docvault.render.kinds import CONVERTED_KINDS, RASTER_KINDS, TEXT_KINDS, detect_kind
    from docvault.render.opening import (
        DocumentInfo,
        converted_png,
        inspect_document,
        open_document,
    )
    from docvault.render.options import RenderOptions
    from docvault.render.page import RenderedPage, render_page
    from docvault.render.pool import RenderPool, RenderPoolClosed

# Where each name lives: its module within the package, and the names it gives.
__getattr__ = lazy_names(
    __name__,
    {
        "corrections": ["dark_share"],
        "encoding": ["png_bytes"],
        "formats": ["decrypt_pdf"],
        "kinds": ["CONVERTED_KINDS", "RASTER_KINDS", "TEXT_KINDS", "detect_kind"],
        "opening": ["DocumentInfo", "converted_png", "inspect_document", "open_document"],
        "options": ["RenderOptions"],
        "page": ["RenderedPage", "render_page"],
        "pool": ["RenderPool", "RenderPoolClosed"],
    },
)

__all__ = [
    "CONVERTED_KINDS",
    "RASTER_KINDS",
    "TEXT_KINDS",
    "DocumentInfo",
    "RenderOptions",
    "RenderPool",
    "RenderPoolClosed",
    "RenderedPage",
    "converted_png",
    "dark_share",
    "decrypt_pdf",
    "detect_kind",
    "inspect_document",
    "open_document",
    "png_bytes",
    "render_page",
]
