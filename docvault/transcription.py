"""A document's transcription as the searchable PDF is made from it, read from the database,
and the PDF kept where `docvault.derived` says, made once per transcription.

The web view (download) and the hand-over (the command's file) both come here; the making
itself (`build`, given by the caller) runs in the render pool.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine, func
from sqlmodel import Session, col, select

from docvault import derived, textlayer
from docvault.archive import check_archived
from docvault.db import read_session
from docvault.models import Attempt, Document, Page
from docvault.searchable import PageText, digest
from docvault.vocabulary import DocumentStatus, TextFormat

# (file the pages are read from, the pages' texts) -> PDF bytes; made in the render pool.
BuildSearchable = Callable[[Path, tuple[PageText, ...]], bytes]
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
    """`pages.lines` (as `queue.lines_json` writes it) read back as (box, text) pairs; None
    when there are none, or when the row cannot be read: then the text is placed as if no
    engine had located it."""
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


def searchable_pdf(
    data_dir: Path, source: SearchableSource, build: BuildSearchable, render_settings: str
) -> Path:
    """The document's searchable PDF, made now unless this transcription's is kept already.

    Written under a temporary name and renamed (a reader never sees half a file); the
    files made from earlier readings of the same original are removed once it is in place.
    """
    path = derived.searchable_pdf_path(
        data_dir, source.sha256, digest(source.pages, render_settings)
    )
    if path.is_file():
        return path
    # Made from the archived file as it was archived, or not at all (ArchivedFileDamaged).
    check_archived(data_dir / source.read_from, source.file_name)
    data = build(data_dir / source.read_from, source.pages)
    derived.write_atomically(path, data)
    derived.remove_other_searchable(data_dir, path)
    return path
