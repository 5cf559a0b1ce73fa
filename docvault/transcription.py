"""A document's transcription as its archive copy (the searchable PDF/A) is made from it, read
from the database, and the copy kept where `docvault.derived` says, made once per
transcription.

The web view (download) and the hand-over (the command's file) both come here, through
`archive_copy`; the making itself (`build`, given by the caller: `docvault.pdfa.build` in
the render pool) returns the bytes and whether they are a validated PDF/A. A copy that is not
a PDF/A is kept with a note beside it saying why (`derived.not_pdfa_note_path`).
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pikepdf
from sqlalchemy import Engine, func
from sqlmodel import Session, col, select

from docvault import derived, textlayer
from docvault.archive import check_archived
from docvault.copies import ArchiveFile, PageText, declared_level, digest
from docvault.db import read_session
from docvault.models import Attempt, Document, Page
from docvault.vocabulary import DocumentStatus, TextFormat

# (file the pages are read from, the pages' texts) -> the archive copy's bytes and verdict;
# made in the render pool.
BuildSearchable = Callable[[Path, tuple[PageText, ...]], ArchiveFile]
FINISHED_DOCUMENT_STATES = (DocumentStatus.done.value, DocumentStatus.attention.value)
Box = tuple[int, int, int, int]

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class SearchableSource:
    """What one document's searchable PDF is made from."""

    document_id: int
    sha256: str
    original_name: str
    status: str
    read_from: str  # relative to the data folder: the unlocked copy, else the original
    pages: tuple[PageText, ...]

    @property
    def finished(self) -> bool:
        """Every page read (done, or a person must look): the transcription will not change
        unless a person has a page read again."""
        return self.status in FINISHED_DOCUMENT_STATES

    @property
    def file_name(self) -> str:
        """The name the download is offered under: the original's, as a searchable PDF."""
        stem = Path(self.original_name).stem or "document"
        return f"{stem}.searchable.pdf"


def searchable_source(database: Engine, document_id: int) -> SearchableSource | None:
    """The document's pages as they are now; None when there is no such document."""
    with read_session(database) as session:
        document = session.get(Document, document_id)
        if document is None or document.id is None:
            return None
        pages = session.exec(
            select(Page).where(Page.document_id == document_id).order_by(col(Page.number))
        ).all()
        engines = _newest_engines(session, [page.id for page in pages if page.id is not None])
        return SearchableSource(
            document_id=document.id,
            sha256=document.sha256,
            original_name=document.original_name,
            status=document.status,
            read_from=document.unlocked_path or document.archive_path,
            pages=tuple(_page_text(page, engines.get(page.id or 0)) for page in pages),
        )


def _newest_engines(session: Session, page_ids: Sequence[int]) -> dict[int, str]:
    """The engine of each page's newest attempt (which gave the page its text)."""
    if not page_ids:
        return {}
    newest = (
        select(func.max(Attempt.id))
        .where(col(Attempt.page_id).in_(page_ids))
        .group_by(col(Attempt.page_id))
    )
    statement = select(Attempt.page_id, Attempt.engine).where(col(Attempt.id).in_(newest))
    return {page_id: engine for page_id, engine in session.exec(statement).all()}


def stored_lines(stored: str | None) -> tuple[tuple[Box, str], ...] | None:
    """`pages.lines` (as `records.reports.lines_json` writes it) read back as (box, text)
    pairs; None when there are none, or when the row cannot be read: then the text is placed
    as if no engine had located it."""
    if not stored:
        return None
    try:
        return tuple(
            ((int(entry[0]), int(entry[1]), int(entry[2]), int(entry[3])), str(entry[4]))
            for entry in json.loads(stored)
        )
    except (ValueError, TypeError, IndexError, KeyError):
        logger.warning("a page's located lines cannot be read: %.200s", stored)
        return None


def _page_text(page: Page, engine: str | None) -> PageText:
    size = (
        (page.image_width, page.image_height)
        if page.image_width is not None and page.image_height is not None
        else None
    )
    return PageText(
        number=page.number,
        text=page.markdown or "",
        text_format=page.text_format or TextFormat.markdown.value,
        lines=stored_lines(page.lines),
        rotation=page.rotation % 360,
        image_size=size,
        own_layer=engine == textlayer.ENGINE_NAME,
    )


@dataclass(frozen=True)
class ArchiveCopy:
    """A document's archive copy as kept: where, and whether it is a validated PDF/A."""

    path: Path
    pdfa: bool
    not_pdfa_reason: str | None  # one sentence; None for a PDF/A
    level: str | None = None  # "2u" or "2b" for a PDF/A (docvault.pdfa); None otherwise

    def read_bytes(self) -> bytes:
        """The file's bytes (for a hand-over that attaches it)."""
        return self.path.read_bytes()


def archive_copy(
    data_dir: Path, source: SearchableSource, build: BuildSearchable, render_settings: str
) -> ArchiveCopy:
    """The document's archive copy, made now unless this transcription's is kept already.

    Written under a temporary name and renamed (a reader never sees half a file), its note
    first when it is not a PDF/A (a reader never sees a copy without the note it needs);
    the files made from earlier readings of the same original are removed once it is in
    place.
    """
    path = derived.searchable_pdf_path(
        data_dir, source.sha256, digest(source.pages, render_settings)
    )
    if path.is_file():
        return kept_copy(path)
    # Made from the archived file as it was archived, or not at all (ArchivedFileDamaged).
    check_archived(data_dir / source.read_from, source.file_name)
    made = build(data_dir / source.read_from, source.pages)
    note = derived.not_pdfa_note_path(path)
    if made.not_pdfa_reason is not None:
        derived.write_atomically(note, made.not_pdfa_reason.encode())
    derived.write_atomically(path, made.data)
    derived.remove_other_searchable(data_dir, path)
    if made.pdfa:
        note.unlink(missing_ok=True)
    return ArchiveCopy(path, made.pdfa, made.not_pdfa_reason, made.level)


def newest_kept_copy(data_dir: Path, sha256: str) -> ArchiveCopy | None:
    """The archive copy last made of the original `sha256` (for whichever reading), None
    when none is kept: whether an original becomes a PDF/A depends on its own content."""
    folder = derived.searchable_folder(data_dir, sha256)
    made: list[tuple[float, Path]] = []
    for path in folder.glob("*.pdf") if folder.is_dir() else ():
        with contextlib.suppress(FileNotFoundError):  # replaced by a newer reading's copy
            made.append((path.stat().st_mtime, path))
    return kept_copy(max(made)[1]) if made else None


def kept_copy(path: Path) -> ArchiveCopy:
    """An archive copy already kept: a PDF/A unless a note beside it says why not."""
    note = derived.not_pdfa_note_path(path)
    try:
        reason = note.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return ArchiveCopy(path, True, None, _level(path))
    return ArchiveCopy(path, False, reason)


def _level(path: Path) -> str | None:
    """The PDF/A level a kept copy declares (what was validated when it was made)."""
    try:
        return declared_level(path)
    except (OSError, pikepdf.PdfError):  # replaced meanwhile, or not readable: unknown
        return None
