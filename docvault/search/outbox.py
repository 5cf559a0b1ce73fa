"""How a page becomes searchable, from the database on: the outbox driver.

A finished page writes an outbox row in the same transaction as its text
(`records.complete_many`); ``OutboxDriver`` drains the outbox in batches bounded by size and time,
so OCR never waits on Whoosh and a crash loses nothing (the outbox is replayed at the next
start). Each batch is read as ``IndexEntry`` values (``docvault.search.pages``) and written
in one commit by the single ``FolderWriter`` (``docvault.search.writer``). A missing,
outdated or damaged index is rebuilt into a new folder and swapped in while searches keep
answering from the old one, or say plainly that the index is being rebuilt; a scheduled
consistency check (``repair``) compares the index with the database.

One document never stops the others: a batch that fails is written again document by
document, and a document that still fails is recorded with a sentence
(``pages.record_problems``: the problems page lists it), keeps its outbox rows and is tried
again later, while the rows behind it are drained. What is wrong shows as the index part's
trouble (status page, `docvault status`, systemd's STATUS=): documents left out, or a
writer whose drains keep failing; one that keeps failing for an unforeseen reason for
longer than its part's bound counts as stalled, so the watchdog is no longer fed.

The index's disk full or read-only (a `ServerFault`) is no document's fault: every row stays
in the outbox, the index stays at its last commit (a commit that failed half-way wrote no
table of contents), searches say that the index is behind (`SearchIndex.behind`), and the
next drain tries again, so the index catches up by itself once the disk can take it.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping, Sequence
from datetime import datetime

from sqlalchemy import Engine, delete
from sqlmodel import col, select

from docvault.db import read_session, write_transaction
from docvault.errors import DocumentNotIndexable, SearchIndexError, ServerFault
from docvault.models import IndexOutbox, utcnow
from docvault.runtime import Place, Progress, Standing, fault_of
from docvault.search.folder import collect_leaked_segment_files, is_unmade, needs_rebuild
from docvault.search.index import SearchIndex
from docvault.search.pages import (
    clear_problems,
    database_stamps,
    entries_for,
    indexable_count,
    not_indexable,
    problem_count,
    rebuild_from_database,
    record_problems,
    waiting_rows,
)
from docvault.search.schema import IndexEntry
from docvault.search.writer import FolderWriter
from docvault.setting_types import DEFAULT_INDEX_ENGINE, IndexEngine

logger = logging.getLogger(__name__)


class OutboxDriver:
    """Keeps the index up to date: drains the outbox, rebuilds, repairs.

    `serve` is its loop, run by the daemon's supervisor in a thread of its own (and run
    again after a failure: an index folder that cannot be opened raises from it);
    `start` runs it in a thread for `docvault ingest` and the tests.
    """

    def __init__(
        self,
        database: Engine,
        index: SearchIndex,
        batch_size: int,
        batch_seconds: float,
        stemming_language: str | None = None,
        engine: IndexEngine = DEFAULT_INDEX_ENGINE,
    ) -> None:
        self.database = database
        self.index = index
        self.batch_size = batch_size
        self.batch_seconds = batch_seconds
        self.stemming_language = stemming_language
        self.engine = engine
        self._wake = threading.Event()
        self._now = threading.Event()  # drain without waiting for more pages: flush, stop
        self._stopping = threading.Event()
        self._idle = threading.Event()
        self._check_requested = threading.Event()
        self._writer: FolderWriter | None = None
        # The writer's health, written by its own thread only, read by the supervisor's.
        self.failures_in_a_row = 0
        self.failing_since: float | None = None  # monotonic time of the first failure
        self.last_failure: str | None = None
        self.unexpected_failure = False  # the last failure was no DocvaultError: a bug
        self.documents_left_out = 0
        self.trouble: str | None = None
        self.fault = Standing("index")

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

    def serve(self, progress: Progress | None = None) -> None:
        """Drain the outbox until `stop`; raise if the index cannot be opened at all."""
        beat = progress or Progress()
        try:
            self._prepare(beat)
        except OSError as error:
            fault = fault_of(error, Place.search_index, self.index.directory)
            if fault is not None:
                raise fault from error
            raise SearchIndexError(
                f"The search index folder {self.index.directory} cannot be opened "
                f"({error.strerror or error}); pages are still read and kept, and are indexed "
                "once this is fixed. Make it a folder the docvault user can write (or remove "
                "what is in its way so docvault builds it anew); docvault tries again by itself."
            ) from error
        last_drain = time.monotonic()
        self._note_health()
        while not self._stopping.is_set():
            beat.trouble(self.trouble)
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
        if self._writer is not None:
            self._writer.close()  # Tantivy's writer holds the folder's lock until now

    def _step(self) -> None:
        try:
            self.drain()
            if self._check_requested.is_set():
                self._check_requested.clear()
                self.repair()
        except ServerFault as fault:
            self.fault.hit(fault)  # logged once, not at every drain
            self._failed(fault.message, unexpected=False)
        except SearchIndexError as error:
            logger.error("index: %s", error.message)
            self._failed(error.message, unexpected=False)
        except Exception as error:
            logger.exception("index: unexpected error; the outbox keeps the pages for later")
            self._failed(f"{type(error).__name__}: {error}", unexpected=True)
        else:
            self.failures_in_a_row, self.failing_since, self.last_failure = 0, None, None
            self.fault.clear()
        self.index.behind = self.fault.sentence
        if self.failures_in_a_row:
            # A writer given up half-way (a full disk) leaves its segment and pool files
            # open, held in Whoosh's reference cycles: closed now, or they would keep their
            # disk space and make the kernel refuse a read-only remount of the index's disk.
            collect_leaked_segment_files()
        self._note_health()
        if self._outbox_empty():
            if self._writer is not None:
                # Nothing waits: no file of the index stays open for writing while docvault
                # is idle, so an admin's `mount -o remount,ro` of its disk is not refused.
                self._writer.release()
            self._idle.set()

    # --- health ---------------------------------------------------------------------------

    def _failed(self, message: str, unexpected: bool) -> None:
        self.failures_in_a_row += 1
        self.failing_since = self.failing_since or time.monotonic()
        self.last_failure = message[:500]
        self.unexpected_failure = unexpected

    def _note_health(self) -> None:
        """The sentence the index part shows as its trouble (None: all is well)."""
        try:
            self.documents_left_out = problem_count(self.database)
        except Exception:  # the health report must not stop the writer
            logger.exception("index: could not count the documents left out of the index")
        sentences = []
        if self.fault.sentence:
            sentences.append(self.fault.sentence)
        elif self.failures_in_a_row:
            sentences.append(
                f"The index writer has failed {self.failures_in_a_row} time(s) in a row "
                f"({self.last_failure}); new pages wait in the outbox and are indexed once "
                "it works again."
            )
        if self.documents_left_out:
            sentences.append(
                f"{self.documents_left_out} document(s) cannot be indexed, so their pages "
                "are not searchable: the problems page names them and says what to do."
            )
        self.trouble = " ".join(sentences) or None

    def liveness(self, bound_seconds: float) -> str | None:
        """A sentence when the writer has failed for an unforeseen reason (no DocvaultError,
        which names what an admin must fix) for longer than ``bound_seconds``: stalled."""
        since = self.failing_since
        if since is None or not self.unexpected_failure:
            return None
        seconds = time.monotonic() - since
        if seconds <= bound_seconds:
            return None
        return (
            f"the index writer has failed for {seconds:.0f} s, {self.failures_in_a_row} "
            f"time(s) in a row: {self.last_failure}"
        )

    def _prepare(self, progress: Progress) -> None:
        directory = self.index.directory
        if self._writer is not None:
            self._writer.close()  # a serve run again: the old writer lets go of the folder
            self._writer = None
        unmade = is_unmade(directory)
        reason = None if unmade else needs_rebuild(directory, self.stemming_language, self.engine)
        if reason is not None or (unmade and indexable_count(self.database)):
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
                engine=self.engine,
            )
            progress.now_doing("")
            logger.info("index: rebuilt with %d pages", count)
            self.index.rebuilding = False
        self._writer = FolderWriter(directory, self.stemming_language, self.engine)
        self.index.reopen()

    def drain(self) -> int:
        """Write every outbox row to the index, in batches; returns how many were written.

        Rows of a document that failed and is not due for another try stay behind, and do
        not hold up the rows after them."""
        written = 0
        while True:
            rows = self._next_rows(utcnow())
            if not rows or self._writer is None:
                break
            page_documents = {row.page_id: row.document_id for row in rows}
            problems = self._write(sorted(page_documents), page_documents)
            done = [row for row in rows if row.document_id not in problems]
            with write_transaction(self.database) as session:
                session.exec(
                    delete(IndexOutbox).where(col(IndexOutbox.id).in_([row.id for row in done]))
                )
                clear_problems(session, sorted({row.document_id for row in done}))
            if problems:
                record_problems(self.database, problems)
            written += len(done)
            if not done:
                # Nothing of this batch could be written, and rows that never wait (removals)
                # would come back at once: the next drain (in batch_seconds) tries again,
                # instead of this loop spinning on them (review of issue 25).
                break
        if written:
            self.index.reopen()
        return written

    def _next_rows(self, now: datetime) -> Sequence[IndexOutbox]:
        with read_session(self.database) as session:
            return session.exec(
                select(IndexOutbox)
                .where(~waiting_rows(now))
                .order_by(col(IndexOutbox.id))
                .limit(self.batch_size)
            ).all()

    def _write(
        self, page_ids: Sequence[int], page_documents: Mapping[int, int]
    ) -> dict[int, DocumentNotIndexable]:
        """Write these pages (remove those no longer indexable) in one commit; a batch
        that fails is written again document by document. Returns the documents that could
        not be written, each with its sentence; a SearchIndexError (the index folder itself
        cannot be written) is raised: then every document waits alike."""
        assert self._writer is not None
        found = entries_for(self.database, page_ids)
        present = {entry.page_id for entry in found.entries}
        # A document that cannot be read keeps what the index has of it (searchable, if
        # stale) rather than losing it.
        kept = {page for page in page_ids if page_documents.get(page) in found.problems}
        deletes = [page for page in page_ids if page not in present and page not in kept]
        try:
            self._writer.apply(found.entries, deletes)
        except (SearchIndexError, ServerFault):
            raise
        except Exception:  # noqa: BLE001 - which document is it? Each alone tells.
            logger.warning("index: a batch failed; writing its documents one by one")
            found.problems.update(self._write_each(found.entries, deletes, page_documents))
        return found.problems

    def _write_each(
        self,
        entries: Sequence[IndexEntry],
        deletes: Sequence[int],
        page_documents: Mapping[int, int],
    ) -> dict[int, DocumentNotIndexable]:
        assert self._writer is not None
        by_document: dict[int, tuple[list[IndexEntry], list[int]]] = {}
        for entry in entries:
            by_document.setdefault(entry.document_id, ([], []))[0].append(entry)
        for page in deletes:
            by_document.setdefault(page_documents.get(page, 0), ([], []))[1].append(page)
        problems: dict[int, DocumentNotIndexable] = {}
        for document_id, (upserts, removals) in sorted(by_document.items()):
            try:
                self._writer.apply(upserts, removals)
            except (SearchIndexError, ServerFault):
                raise
            except Exception as error:  # noqa: BLE001 - recorded with its sentence
                name = upserts[0].file_name if upserts else "deleted since"
                problems[document_id] = not_indexable(document_id, name, error)
        return problems

    def repair(self) -> tuple[int, int]:
        """Compare the index with the database; write what is missing or stale, drop extras."""
        if self._writer is None or not self.index.is_open:
            return 0, 0
        wanted = database_stamps(self.database)
        present = self.index.entry_stamps()
        stale = [page for page, stamp in wanted.items() if present.get(page) != stamp]
        extra = [page for page in present if page not in wanted]
        problems: dict[int, DocumentNotIndexable] = {}
        for start in range(0, len(stale), self.batch_size):
            problems.update(self._write(stale[start : start + self.batch_size], {}))
        if extra:
            self._writer.apply([], extra)
        if problems:
            record_problems(self.database, problems)
        if stale or extra:
            logger.warning(
                "index: consistency check repaired %d missing or stale and %d extra pages "
                "(%d document(s) left out)",
                len(stale),
                len(extra),
                len(problems),
            )
            self.index.reopen()
        return len(stale), len(extra)

    def _outbox_empty(self) -> bool:
        """Nothing left to write: rows of documents left out until their next try do not
        count (`flush`, `docvault ingest` and a graceful stop do not wait for them)."""
        with read_session(self.database) as session:
            due = session.exec(select(IndexOutbox.id).where(~waiting_rows(utcnow()))).first()
            return due is None

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
