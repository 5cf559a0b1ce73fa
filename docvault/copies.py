"""What an archive copy is made from and what it is, as plain values: each page's text
(`PageText`), a transcription's name (`digest`), the file made (`ArchiveFile`) and the PDF/A
level a kept copy declares (`declared_level`).

Apart from `docvault.searchable` and `docvault.pdfa`, which make the copy in the render pool,
so that what only names, describes or reads a copy (a document's JSON, `docvault documents`,
the hand-over) does not import MuPDF, OCRmyPDF and pikepdf's PDF/A checker: a second of
every command's start.
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pikepdf

from docvault.render import RenderOptions

Box = tuple[int, int, int, int]
# Part of every file's name: a change to how the PDF is made gives every document a new one.
BUILD_VERSION = "searchable-2"  # 2: OCRmyPDF's text-layer renderer, the PDF/A archive copy


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


@dataclass(frozen=True)
class ArchiveFile:
    """The bytes offered for a document, and whether they are a validated PDF/A."""

    data: bytes
    pdfa: bool
    # Null for a PDF/A; else one sentence: why this file is not one.
    not_pdfa_reason: str | None = None
    level: str | None = None  # "2u" or "2b" for a PDF/A; None otherwise


def declared_level(file: bytes | Path) -> str | None:
    """The PDF/A part and level a file declares ("2u", "2b"), None where it declares none."""
    with pikepdf.open(io.BytesIO(file) if isinstance(file, bytes) else file) as pdf:
        return pdf.open_metadata().pdfa_status.lower() or None


def build_archive_copy(
    path: Path, options: RenderOptions, pages: Sequence[PageText]
) -> ArchiveFile:
    """`docvault.pdfa.build`, imported where it runs: the render worker the daemon hands it
    to, so that the daemon's own process never imports MuPDF, OCRmyPDF or pikepdf's checker
    for it (a second or two of every start)."""
    from docvault import pdfa

    return pdfa.build(path, options, pages)
