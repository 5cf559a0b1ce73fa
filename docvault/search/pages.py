"""The database side of the index: which pages belong in it, and search with their texts.

The database is the truth and the Whoosh index is derived from it. This module reads the
pages that belong in the index (finished with text: done or looped) as ``IndexEntry``
values, with their document's fields and the document date of its first page; builds the
whole index from them (``rebuild_from_database``); and answers a search with snippets from
the database's page text (``search``, behind `docvault search`, the web view and the API).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, delete
from sqlmodel import col, select

from docvault.db import read_session, write_transaction
from docvault.facts import store as fact_store
from docvault.models import Document, IndexOutbox, Page, split_tags
from docvault.search.dates import find_document_date
from docvault.search.index import SearchIndex
from docvault.search.results import SearchResults
from docvault.search.schema import IndexEntry
from docvault.search.writer import rebuild
from docvault.vocabulary import PageStatus

INDEXED_STATES = (PageStatus.done.value, PageStatus.looped.value)
REBUILD_READ_BATCH = 2000


def stamp_of(page: Page) -> int:
    """A page's version as the index stores it: its last change in milliseconds."""
    return _stamp(page.updated_at)


def _stamp(changed: datetime) -> int:
    changed = changed if changed.tzinfo else changed.replace(tzinfo=UTC)
    return int(changed.timestamp() * 1000)


def _entries(session: Any, pages: Sequence[Page]) -> list[IndexEntry]:
    document_ids = {page.document_id for page in pages}
    documents = {
        document.id: document
        for document in session.exec(select(Document).where(col(Document.id).in_(document_ids)))
    }
    first_pages = dict(
        session.exec(
            select(Page.document_id, Page.markdown)
            .where(col(Page.document_id).in_(document_ids))
            .where(Page.number == 1)
        ).all()
    )
    facts = fact_store.values_of(session, document_ids)
    entries = []
    for page in pages:
        document = documents[page.document_id]
        assert page.id is not None
        entries.append(
            IndexEntry(
                page_id=page.id,
                document_id=page.document_id,
                page_number=page.number,
                inbox=document.inbox,
                tags=split_tags(document.tags),
                file_name=document.original_name,
                received=document.received_at,
                document_date=_document_date(first_pages.get(page.document_id)),
                status=page.status,
                text=page.markdown or "",
                stamp=stamp_of(page),
                **_fact_values(facts.get(page.document_id, {})),
            )
        )
    return entries


def _fact_values(values: dict[str, str]) -> dict[str, Any]:
    """The IndexEntry fields of a document's facts (docvault.facts.store.values_of)."""
    born = values.get("born")
    return {
        "patient": values.get("patient", ""),
        "born": date.fromisoformat(born) if born else None,
        "sender": values.get("sender", ""),
        "title": values.get("title", ""),
    }


def _document_date(first_page_text: str | None) -> date | None:
    return find_document_date(first_page_text) if first_page_text else None


def entries_for(database: Engine, page_ids: Sequence[int]) -> list[IndexEntry]:
    """Index entries of the given pages that are finished with text (others: none)."""
    with read_session(database) as session:
        pages = session.exec(
            select(Page)
            .where(col(Page.id).in_(page_ids))
            .where(col(Page.status).in_(INDEXED_STATES))
        ).all()
        return _entries(session, pages)


def all_entries(database: Engine) -> Iterator[IndexEntry]:
    """Every page that belongs in the index, read in batches (for a rebuild)."""
    last_id = 0
    while True:
        with read_session(database) as session:
            pages = session.exec(
                select(Page)
                .where(col(Page.id) > last_id)
                .where(col(Page.status).in_(INDEXED_STATES))
                .order_by(col(Page.id))
                .limit(REBUILD_READ_BATCH)
            ).all()
            if not pages:
                return
            entries = _entries(session, pages)
        yield from entries
        last_id = entries[-1].page_id


def indexable_count(database: Engine) -> int:
    with read_session(database) as session:
        return len(session.exec(select(Page.id).where(col(Page.status).in_(INDEXED_STATES))).all())


def database_stamps(database: Engine) -> dict[int, int]:
    """page_id -> stamp of every page that belongs in the index (without the page texts:
    at 100,000 pages they would be some 400 MB read for every consistency check)."""
    with read_session(database) as session:
        rows = session.exec(
            select(Page.id, Page.updated_at).where(col(Page.status).in_(INDEXED_STATES))
        ).all()
        return {int(page_id or 0): _stamp(updated_at) for page_id, updated_at in rows}


def text_loader(database: Engine) -> Callable[[Sequence[int]], Mapping[int, str]]:
    """Page Markdown by page id: snippets are highlighted from the database's text."""

    def load(page_ids: Sequence[int]) -> Mapping[int, str]:
        with read_session(database) as session:
            rows = session.exec(
                select(Page.id, Page.markdown).where(col(Page.id).in_(page_ids))
            ).all()
        return {int(page_id or 0): markdown or "" for page_id, markdown in rows}

    return load


def search(
    database: Engine, index: SearchIndex, query: str, page: int = 1, per_page: int = 20
) -> SearchResults:
    """The one search behind `docvault search`, the web view and the API: the index's
    answer, with snippets of the page text as the database holds it."""
    return index.search(query, page, per_page, texts=text_loader(database))


def rebuild_from_database(
    database: Engine,
    directory: Path,
    progress: Callable[[int], None] | None = None,
    stemming_language: str | None = None,
) -> int:
    """Build the whole index from the database into a new directory and swap it in."""
    count = 0

    def counted() -> Iterator[IndexEntry]:
        nonlocal count
        for entry in all_entries(database):
            count += 1
            yield entry

    # Outbox rows written before the rebuild started are covered by it; later ones are
    # drained afterwards (re-applying an entry is harmless: it replaces itself).
    with read_session(database) as session:
        covered = (
            session.exec(select(IndexOutbox.id).order_by(col(IndexOutbox.id).desc())).first() or 0
        )
    rebuild(directory, counted(), progress, stemming_language)
    with write_transaction(database) as session:
        session.exec(delete(IndexOutbox).where(col(IndexOutbox.id) <= covered))
    return count
