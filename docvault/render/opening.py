"""Opening a file as MuPDF reads it: its kind checked, its pages readable, its length bounded.

`inspect_document` is intake's question (what kind, how many pages), asked once per file;
`open_checked` is the same opening for the rasteriser (`docvault.render.page`), and
`open_document` for files derived from the original (the searchable PDF), so that every
reader of an original opens it the same way. Each refusal is a `RenderError` subclass with
the sentence an admin acts on.

MuPDF does not always raise when it fails: its warnings are kept in one store per process
(`quiet_mupdf`), which `take_warnings` reads and resets. So call these from one thread at a
time (the render pool's workers do).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pymupdf

from docvault.errors import (
    CorruptDocument,
    EncryptedDocument,
    RenderError,
    TooManyPages,
    UnsupportedFormat,
    library_reason,
)
from docvault.render import formats
from docvault.render.kinds import CONVERTED_KINDS, RASTER_KINDS, TEXT_KINDS, detect_kind
from docvault.render.options import RenderOptions
from docvault.textutil import storable_text

# Every failure MuPDF reports while opening, loading or drawing: FileDataError and friends
# derive from RuntimeError, errors from inside MuPDF (FzErrorFormat...) from FzErrorBase.
MUPDF_ERRORS = (RuntimeError, ValueError, pymupdf.mupdf.FzErrorBase)


@dataclass(frozen=True)
class DocumentInfo:
    """What opening a document told intake."""

    kind: str  # "pdf", "tiff", "png", "jpeg", ...
    page_count: int


def quiet_mupdf() -> None:
    """Keep MuPDF's messages in its store (read per page) instead of on stderr."""
    pymupdf.TOOLS.mupdf_display_errors(False)  # type: ignore[no-untyped-call]
    pymupdf.TOOLS.mupdf_display_warnings(False)  # type: ignore[no-untyped-call]


def take_warnings() -> tuple[str, ...]:
    """MuPDF's warnings since the last call, each once; the store is emptied."""
    text: str = pymupdf.TOOLS.mupdf_warnings(reset=True)  # type: ignore[no-untyped-call]
    # A warning quotes the file's bytes (a resource's name), which need not be UTF-8. The
    # page's content is interpreted more than once (text layer, size plan, raster), and a
    # warning said again says nothing more: each is kept once, in the order first said.
    lines = (storable_text(line) for line in text.splitlines() if line.strip())
    return tuple(dict.fromkeys(lines))


def open_checked(path: Path, options: RenderOptions) -> tuple[pymupdf.Document, str]:
    """Open a document after checking its kind; the store holds no older warning after it."""
    quiet_mupdf()
    kind = _accepted_kind(path, options)
    take_warnings()
    try:
        if kind in CONVERTED_KINDS:
            document = pymupdf.open(stream=converted_png(path, kind, options), filetype="png")  # type: ignore[no-untyped-call]
        else:
            document = pymupdf.open(path, filetype=kind)  # type: ignore[no-untyped-call]
    except MUPDF_ERRORS as error:
        raise _unreadable_structure(path, kind) from error
    take_warnings()  # opening's own: a page's warnings are its render's
    return document, kind


def _accepted_kind(path: Path, options: RenderOptions) -> str:
    """The file's kind, when it is one docvault reads; else the refusal, with what to do."""
    try:
        size = path.stat().st_size
        kind = detect_kind(path) if size else None
    except OSError as error:
        raise RenderError(
            path,
            f"{path.name} cannot be read ({error.strerror}); check that the archive folder "
            "is mounted and readable by docvault.",
        ) from error
    if size == 0:
        raise CorruptDocument(
            path, f"{path.name} is empty (0 bytes); put a complete copy back in the inbox."
        )
    if kind is None:
        raise UnsupportedFormat(
            path,
            f"{path.name} is not a PDF, TIFF, PNG, JPEG, HEIC or G3 fax file; docvault reads "
            "only scans "
            "and faxes. Save it as PDF and put it back in the inbox.",
        )
    if kind in TEXT_KINDS and not options.accept_text_documents:
        raise UnsupportedFormat(
            path,
            f"{path.name} is a text document ({kind}), not a scan; print it to PDF and put "
            "it back in the inbox, or turn on the setting that accepts text documents.",
        )
    return kind


def converted_png(path: Path, kind: str, options: RenderOptions) -> bytes:
    """A file MuPDF cannot open (HEIC/HEIF, raw G3 fax) as the PNG its pages are read from."""
    if kind == "heif":
        return formats.heif_to_png(path, options.max_pixels)
    return formats.g3_to_png(path)


def open_document(path: Path, options: RenderOptions) -> tuple[pymupdf.Document, str]:
    """The document as its pages are rendered (kind checked, readable), and its kind.

    For files derived from the original (the searchable PDF): the same opening as the
    renderer's, so a page is the same size in points as the page image was made from.
    """
    document, kind = open_checked(path, options)
    try:
        check_readable(document, path, kind)
    except RenderError:
        document.close()  # type: ignore[no-untyped-call]
        raise
    return document, kind


def _unreadable_structure(path: Path, kind: str) -> CorruptDocument:
    return CorruptDocument(
        path,
        f"{path.name} looks like a {kind.upper()} file but its structure cannot be read; "
        "ask the sender for a new copy or re-scan the document.",
    )


def check_readable(document: pymupdf.Document, path: Path, kind: str) -> None:
    """Refuse a document protected by a password, or without a page that can be read."""
    try:
        _check_pages_readable(document, path, kind)
    except MUPDF_ERRORS as error:
        # MuPDF raises from the page count itself on a broken page tree (a /Count that lies
        # over kids that are not pages: found by the fuzzing campaign, issue 29).
        raise _unreadable_structure(path, kind) from error


def _check_pages_readable(document: pymupdf.Document, path: Path, kind: str) -> None:
    # A real password hides the page count until authentication, so this comes first.
    if document.needs_pass:
        raise EncryptedDocument(
            path,
            f"{path.name} is protected by a password; ask the sender for an unprotected copy "
            "or save it without a password and put it back in the inbox.",
        )
    if document.page_count == 0:
        raise CorruptDocument(
            path,
            f"{path.name} has no pages that can be read (the {kind.upper()} file is broken or "
            "cut short); ask the sender for a new copy or re-scan the document.",
        )


def inspect_document(path: Path, options: RenderOptions) -> DocumentInfo:
    """Open a document and say what it is; raise a `RenderError` subclass if it is unusable."""
    document, kind = open_checked(path, options)
    with document:
        check_readable(document, path, kind)
        _check_page_count(document.page_count, path, options.max_pages)
        if kind in RASTER_KINDS:
            _check_raster_pages_load(document, path, kind)
        return DocumentInfo(kind=kind, page_count=document.page_count)


def _check_page_count(page_count: int, path: Path, max_pages: int) -> None:
    """Refuse a document longer than the limit before any page is queued (or even loaded).

    A 12 MB PDF held 100,000 copies of one page (issue 25): ~57 hours of reading, queued
    ahead of every letter behind it. Checked before the raster pages are loaded, so a TIFF
    of that many pages is refused as quickly.
    """
    if page_count > max_pages:
        raise TooManyPages(
            path,
            f"{path.name} has {page_count:,} pages, more than the limit of {max_pages:,} "
            "(setting max_pages), so none of its pages was queued; the original is kept in "
            "the archive. Split the file into smaller documents and put them in the inbox, or "
            "raise max_pages if documents this long are expected.",
        )


def _check_raster_pages_load(document: pymupdf.Document, path: Path, kind: str) -> None:
    """An image file whose pages cannot even be loaded is refused whole at intake.

    A PNG cut short opens with one page and fails only when the page is loaded
    (pillow__truncated_image.png): refusing it at intake tells the admin at once, instead of
    a document that looks received but has nothing readable. Loading is cheap: no pixels.
    """
    for index in range(document.page_count):
        try:
            document.load_page(index)  # type: ignore[no-untyped-call]
        except MUPDF_ERRORS as error:
            raise page_failed(path, index + 1, kind, error) from error


def page_failed(path: Path, page_number: int, kind: str, error: Exception) -> CorruptDocument:
    """A page MuPDF could not load or draw, with the library's reason."""
    return CorruptDocument(
        path,
        f"Page {page_number} of {path.name} cannot be decoded ({library_reason(error, path)}); "
        f"the {kind.upper()} "
        "file is damaged or was cut short. Ask the sender for a new copy or re-scan it.",
        page=page_number,
    )
