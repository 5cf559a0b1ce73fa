"""The index driver: the one writer that drains the outbox, rebuilds, and checks consistency.

The database is the truth and the Whoosh index is derived from it. A finished page writes
an outbox row in the same transaction as its text (`queue.complete`); this thread drains
the outbox in batches bounded by size and time, so OCR never waits on Whoosh and a crash
loses nothing (the outbox is replayed at the next start). A missing, outdated or damaged
index is rebuilt into a new directory and swapped in while searches keep answering from
the old one, or say plainly that the index is being rebuilt.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, delete
from sqlmodel import col, select

from docvault.db import read_session, write_transaction
from docvault.errors import SearchIndexError
from docvault.facts import store as fact_store
from docvault.index import IndexEntry, find_document_date, needs_rebuild, rebuild
from docvault.index import (
    IndexWriter as WhooshWriter,
)
from docvault.models import Document, IndexOutbox, Page, PageStatus
from docvault.search import SearchIndex, SearchResults
from docvault.supervisor import Progress

logger = logging.getLogger(__name__)

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
                tags=tuple(tag for tag in document.tags.split(",") if tag),
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


class ArchiveIndex:
    """The searchable index as the web view and the CLI see it, also during a rebuild."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.rebuilding = False
        # A missing directory is a first start (the writer creates it), not a problem.
        self.searcher: SearchIndex | None = (
            SearchIndex.open_or_none(directory) if directory.exists() else None
        )

    def search(self, database: Engine, query: str, page: int, per_page: int) -> SearchResults:
        if self.searcher is None:
            reason = (
                "is being rebuilt from the database; try again in a minute"
                if self.rebuilding
                else "is missing or damaged; start the docvault service or run "
                "`docvault reindex` to rebuild it"
            )
            raise SearchIndexError(f"The search index {self.directory} {reason}.")
        return self.searcher.search(query, page, per_page, texts=text_loader(database))

    def reopen(self) -> None:
        if self.searcher is None:
            self.searcher = SearchIndex.open_or_none(self.directory)
            return
        else:
            self.searcher.reopen()

    def page_count(self) -> int:
        return self.searcher.page_count() if self.searcher else 0

    def document_count(self) -> int:
        return self.searcher.document_count() if self.searcher else 0


def search(
    database: Engine, index: ArchiveIndex, query: str, page: int = 1, per_page: int = 20
) -> SearchResults:
    """The one search function behind `docvault search` and the web view."""
    return index.search(database, query, page, per_page)


def search_archive(
    database: Engine, directory: Path, query: str, page: int = 1, per_page: int = 20
) -> SearchResults:
    """Search an index directory directly (the CLI, with or without a running daemon)."""
    return search(database, ArchiveIndex(directory), query, page, per_page)


def results_json(results: SearchResults) -> dict[str, Any]:
    """The `docvault search --json` document."""
    return {
        "query": results.query,
        "total": results.total_pages,
        "total_documents": results.total_documents,
        "page": results.page,
        "per_page": results.per_page,
        "seconds": round(results.seconds, 4),
        "hits": [
            {
                "document_id": hit.document_id,
                "file_name": hit.file_name,
                "page": hit.page,
                "snippet": hit.snippet,
                "score": round(hit.score, 4),
            }
            for hit in results.hits
        ],
    }


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


class IndexWriter:
    """The single index writer: drains the outbox, rebuilds, repairs.

    `serve` is its loop, run by the daemon's supervisor in a thread of its own (and run
    again after a failure: an index folder that cannot be opened raises from it);
    `start` runs it in a thread for `docvault ingest` and the tests.
    """

    def __init__(
        self,
        database: Engine,
        index: ArchiveIndex,
        batch_size: int,
        batch_seconds: float,
        stemming_language: str | None = None,
    ) -> None:
        self.database = database
        self.index = index
        self.batch_size = batch_size
        self.batch_seconds = batch_seconds
        self.stemming_language = stemming_language
        self._wake = threading.Event()
        self._now = threading.Event()  # drain without waiting for more pages: flush, stop
        self._stopping = threading.Event()
        self._idle = threading.Event()
        self._check_requested = threading.Event()
        self._writer: WhooshWriter | None = None
        self._thread: threading.Thread | None = None

    def wake(self) -> None:
        """A page finished: drain the outbox within `batch_seconds` (thread-safe)."""
        self._idle.clear()
        self._wake.set()

    def drain_now(self) -> None:
        """Drain the outbox at once, without gathering more pages first (thread-safe)."""
        self._now.set()
        self.wake()

    def request_consistency_check(self) -> None:
        self._check_requested.set()
        self.drain_now()

    def start(self) -> None:
        """Run `serve` in a thread of its own (for ingest and tests; the daemon supervises)."""
        self._thread = threading.Thread(target=self.serve, name="index-writer", daemon=True)
        self._thread.start()

    def serve(self, progress: Progress | None = None) -> None:
        """Drain the outbox until `stop`; raise if the index cannot be opened at all."""
        beat = progress or Progress()
        try:
            self._prepare(beat)
        except OSError as error:
            raise SearchIndexError(
                f"The search index folder {self.index.directory} cannot be opened "
                f"({error.strerror or error}); pages are still read and kept, and are indexed "
                "once this is fixed. Make it a folder the docvault user can write (or remove "
                "what is in its way so docvault builds it anew); docvault tries again by itself."
            ) from error
        last_drain = time.monotonic()
        while not self._stopping.is_set():
            beat.beat()
            # Woken by a finished page; otherwise once a second to report progress, and a
            # drain every `batch_seconds` for outbox rows that other processes wrote.
            woken = self._wake.wait(timeout=min(1.0, self.batch_seconds))
            if not woken and time.monotonic() - last_drain < self.batch_seconds:
                continue
            # Pages finish one by one and each wakes the writer. A Whoosh commit per page
            # (a new segment, merges, the searcher reopened) cost the daemon 17 CPU-ms a
            # page (bench cpu-cost, 300 pages): gather pages until `batch_seconds` have
            # passed since the last drain, so one commit carries all of them.
            self._now.wait(timeout=max(0.0, last_drain + self.batch_seconds - time.monotonic()))
            self._wake.clear()
            self._now.clear()
            beat.now_doing("writing a batch to the index")
            self._step()
            beat.now_doing("")
            last_drain = time.monotonic()
        self._step()  # a last drain on the way out: nothing waits for the next start

    def _step(self) -> None:
        try:
            self.drain()
            if self._check_requested.is_set():
                self._check_requested.clear()
                self.repair()
        except SearchIndexError as error:
            logger.error("index: %s", error.message)
        except Exception:
            logger.exception("index: unexpected error; the outbox keeps the pages for later")
        if self._outbox_empty():
            self._idle.set()

    def _prepare(self, progress: Progress) -> None:
        directory = self.index.directory
        reason = needs_rebuild(directory, self.stemming_language) if directory.exists() else None
        if reason is not None or (not directory.exists() and indexable_count(self.database)):
            self.index.rebuilding = True
            logger.warning(
                "index: %s Rebuilding it from the database; searches answer from "
                "the old index meanwhile.",
                reason or "The index is missing.",
            )
            progress.now_doing("rebuilding the index")
            count = rebuild_from_database(
                self.database,
                directory,
                lambda _count: progress.beat(),
                stemming_language=self.stemming_language,
            )
            progress.now_doing("")
            logger.info("index: rebuilt with %d pages", count)
            self.index.rebuilding = False
        self._writer = WhooshWriter(directory, self.stemming_language)
        self.index.reopen()

    def drain(self) -> int:
        """Write every outbox row to the index, in batches; returns how many were written."""
        written = 0
        while True:
            with read_session(self.database) as session:
                rows = session.exec(
                    select(IndexOutbox).order_by(col(IndexOutbox.id)).limit(self.batch_size)
                ).all()
            if not rows or self._writer is None:
                break
            page_ids = sorted({row.page_id for row in rows})
            entries = entries_for(self.database, page_ids)
            present = {entry.page_id for entry in entries}
            self._writer.apply(entries, [page for page in page_ids if page not in present])
            with write_transaction(self.database) as session:
                session.exec(
                    delete(IndexOutbox).where(col(IndexOutbox.id).in_([row.id for row in rows]))
                )
            written += len(rows)
        if written:
            self.index.reopen()
        return written

    def repair(self) -> tuple[int, int]:
        """Compare the index with the database; write what is missing or stale, drop extras."""
        if self._writer is None or self.index.searcher is None:
            return 0, 0
        wanted = database_stamps(self.database)
        present = self.index.searcher.entry_stamps()
        stale = [page for page, stamp in wanted.items() if present.get(page) != stamp]
        extra = [page for page in present if page not in wanted]
        for start in range(0, len(stale), self.batch_size):
            chunk = stale[start : start + self.batch_size]
            self._writer.apply(entries_for(self.database, chunk), [])
        if extra:
            self._writer.apply([], extra)
        if stale or extra:
            logger.warning(
                "index: consistency check repaired %d missing or stale and %d extra pages",
                len(stale),
                len(extra),
            )
            self.index.reopen()
        return len(stale), len(extra)

    def _outbox_empty(self) -> bool:
        with read_session(self.database) as session:
            return session.exec(select(IndexOutbox.id)).first() is None

    def flush(self, timeout: float = 60.0) -> bool:
        """Wait until the outbox is empty (for `ingest` and a graceful stop)."""
        self.drain_now()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._idle.wait(timeout=0.1) and self._outbox_empty():
                return True
            self.drain_now()
        return False

    def request_stop(self) -> None:
        """Ask `serve` to make its last drain and return (thread-safe)."""
        self._stopping.set()
        self._now.set()
        self._wake.set()

    def stop(self) -> None:
        """`request_stop`, and wait for the thread `start` made."""
        self.request_stop()
        if self._thread is not None and self._thread.is_alive():
            self._thread.join(timeout=60)
