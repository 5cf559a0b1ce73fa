"""The database side of the index: which pages belong in it, and search with their texts.

The database is the truth and the Whoosh index is derived from it. This module reads the
pages that belong in the index (finished with text: done or looped) as ``IndexEntry``
values, with their document's fields and the document date of its first page; builds the
whole index from them (``rebuild_from_database``); and answers a search with snippets from
the database's page text (``search``, behind `docvault search`, the web view and the API).

A document that cannot be read as entries (a date of birth confirmed as "1961-13-01"
before facts were checked) or written to the index fails alone: it is recorded in
``index_problems`` with a sentence (``record_problems``), which the problems page, the
status page and `docvault reindex` show, and tried again later; every other document is
indexed meanwhile.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, delete, func
from sqlmodel import col, select

from docvault.corrections import corrected_text, searchable_text, stored_corrections
from docvault.db import read_session, still_waiting, write_transaction
from docvault.errors import DocumentNotIndexable
from docvault.facts import FIELD_LABELS, stored_date
from docvault.facts import store as fact_store
from docvault.models import (
    SEARCHED_PAGE_STATES,
    Document,
    IndexOutbox,
    IndexProblem,
    Page,
    reindex_document,
    split_tags,
    utcnow,
)
from docvault.records import MailOrigin, origins_of
from docvault.runtime import backoff_seconds
from docvault.search.index import SearchIndex
from docvault.search.results import SearchResults
from docvault.search.schema import IndexEntry
from docvault.search.writer import rebuild
from docvault.setting_types import DEFAULT_INDEX_ENGINE, IndexEngine

logger = logging.getLogger(__name__)

REBUILD_READ_BATCH = 2000
# A document that failed is tried again after a minute, then after twice as long each
# time, at most once an hour (and at once when its facts change, or with a reindex).
PROBLEM_RETRY_FIRST_SECONDS = 60.0
PROBLEM_RETRY_MAX_SECONDS = 3600.0
PROBLEM_LIST_LIMIT = 500


@dataclass
class Entries:
    """Index entries of some pages, and the documents whose pages could not be read."""

    entries: list[IndexEntry] = field(default_factory=list)
    problems: dict[int, DocumentNotIndexable] = field(default_factory=dict)


def stamp_of(page: Page) -> int:
    """A page's version as the index stores it: its last change in milliseconds."""
    return _stamp(page.updated_at)


def _stamp(changed: datetime) -> int:
    changed = changed if changed.tzinfo else changed.replace(tzinfo=UTC)
    return int(changed.timestamp() * 1000)


def _entries(session: Any, pages: Sequence[Page]) -> Entries:
    document_ids = {page.document_id for page in pages}
    documents = {
        document.id: document
        for document in session.exec(select(Document).where(col(Document.id).in_(document_ids)))
    }
    facts = fact_store.values_of(session, document_ids)
    mail = origins_of(session, document_ids)
    found = Entries()
    for document_id in sorted(document_ids):
        document = documents[document_id]
        try:
            values = _fact_values(document, facts.get(document_id, {}))
            values.update(_mail_values(mail.get(document_id)))
        except DocumentNotIndexable as error:
            found.problems[document_id] = error
            continue
        except Exception as error:  # noqa: BLE001 - one document's data must not stop the rest
            found.problems[document_id] = not_indexable(document_id, document.original_name, error)
            continue
        found.entries.extend(
            _entry(page, document, values) for page in pages if page.document_id == document_id
        )
    return found


def _entry(page: Page, document: Document, values: dict[str, Any]) -> IndexEntry:
    assert page.id is not None
    return IndexEntry(
        page_id=page.id,
        document_id=page.document_id,
        page_number=page.number,
        inbox=document.inbox,
        tags=split_tags(document.tags),
        file_name=document.original_name,
        received=document.received_at,
        status=page.status,
        text=_searchable(page),
        stamp=stamp_of(page),
        **values,
    )


def _searchable(page: Page) -> str:
    """The page's text as the index holds it: with the words the dictionary check put right
    (docvault.corrections), and the words as read too."""
    text = page.markdown or ""
    return searchable_text(text, stored_corrections(page.corrections, text))


def _fact_values(document: Document, values: dict[str, str]) -> dict[str, Any]:
    """The IndexEntry fields of a document's facts (docvault.facts.store.values_of: a
    person's value, else the proposal), so that search finds what the facts panel shows;
    a stored date that names no day (confirmed before facts were checked) is refused with
    what to do, since its document cannot be found by it as it is."""
    return {
        "patient": values.get("patient", ""),
        "born": _stored_day(document, "born", values.get("born")),
        "document_date": _stored_day(document, "letter_date", values.get("letter_date")),
        "sender": values.get("sender", ""),
        "title": values.get("title", ""),
        "patient_id": values.get("patient_id", ""),
    }


def _stored_day(document: Document, field: str, stored: str | None) -> date | None:
    day = stored_date(stored) if stored else None
    if stored and day is None:
        assert document.id is not None
        raise DocumentNotIndexable(
            document.id,
            f"Document {document.id} ({document.original_name}) cannot be added to the search "
            f"index: its {FIELD_LABELS[field].lower()} is stored as {stored[:40]!r}, which is "
            "not a real calendar day. Correct it in the document's facts panel (Patient and "
            "letter); the document becomes searchable then. Every other document is indexed "
            "meanwhile.",
        )
    return day


def _mail_values(origin: MailOrigin | None) -> dict[str, str]:
    """The IndexEntry fields of a document that arrived by mail (none otherwise)."""
    if origin is None:
        return {}
    return {"mail_from": origin.sender, "mail_subject": origin.subject}


def not_indexable(document_id: int, file_name: str, error: BaseException) -> DocumentNotIndexable:
    """The sentence for a document that failed for a reason docvault did not foresee."""
    return DocumentNotIndexable(
        document_id,
        f"Document {document_id} ({file_name}) cannot be added to the search index "
        f"({type(error).__name__}: {str(error)[:200]}). Every other document is indexed "
        "meanwhile; docvault tries this one again by itself (at once after its facts are "
        "corrected, or with `docvault reindex`). If it keeps failing, tell the docvault "
        "maintainers what this sentence says.",
    )


def entries_for(database: Engine, page_ids: Sequence[int]) -> Entries:
    """Index entries of the given pages that are finished with text (others: none), and
    the documents among them that cannot be read as entries."""
    with read_session(database) as session:
        pages = session.exec(
            select(Page)
            .where(col(Page.id).in_(page_ids))
            .where(col(Page.status).in_(SEARCHED_PAGE_STATES))
        ).all()
        return _entries(session, pages)


def all_entries(database: Engine) -> Iterator[IndexEntry]:
    """Every page that belongs in the index, read in batches (for a rebuild); a document
    that cannot be read is left out and recorded (``record_problems``)."""
    last_id = 0
    while True:
        with read_session(database) as session:
            pages = session.exec(
                select(Page)
                .where(col(Page.id) > last_id)
                .where(col(Page.status).in_(SEARCHED_PAGE_STATES))
                .order_by(col(Page.id))
                .limit(REBUILD_READ_BATCH)
            ).all()
            if not pages:
                return
            found = _entries(session, pages)
        if found.problems:
            record_problems(database, found.problems)
        yield from found.entries
        last_id = int(pages[-1].id or 0)


def indexable_count(database: Engine) -> int:
    with read_session(database) as session:
        return len(
            session.exec(select(Page.id).where(col(Page.status).in_(SEARCHED_PAGE_STATES))).all()
        )


def database_stamps(database: Engine) -> dict[int, int]:
    """page_id -> stamp of every page that belongs in the index (without the page texts:
    at 100,000 pages they would be some 400 MB read for every consistency check)."""
    with read_session(database) as session:
        rows = session.exec(
            select(Page.id, Page.updated_at).where(col(Page.status).in_(SEARCHED_PAGE_STATES))
        ).all()
        return {int(page_id or 0): _stamp(updated_at) for page_id, updated_at in rows}


def text_loader(database: Engine) -> Callable[[Sequence[int]], Mapping[int, str]]:
    """Page Markdown by page id: snippets are highlighted from the database's text, with
    the words the dictionary check put right in place (the text staff read)."""

    def load(page_ids: Sequence[int]) -> Mapping[int, str]:
        with read_session(database) as session:
            rows = session.exec(
                select(Page.id, Page.markdown, Page.corrections).where(col(Page.id).in_(page_ids))
            ).all()
        return {
            int(page_id or 0): corrected_text(text or "", stored_corrections(stored, text or ""))
            for page_id, text, stored in rows
        }

    return load


# Each matching page of a document gets its own snippet, up to this many per document (the
# best first); a document matching on more pages lists the rest as page links.
SNIPPET_PAGES = 10


def search(
    database: Engine, index: SearchIndex, query: str, page: int = 1, per_page: int = 20
) -> SearchResults:
    """The one search behind `docvault search`, the web view and the API: the index's
    answer, with snippets of the page text as the database holds it."""
    return index.search(
        query, page, per_page, texts=text_loader(database), snippet_pages=SNIPPET_PAGES
    )


def rebuild_from_database(
    database: Engine,
    directory: Path,
    progress: Callable[[int], None] | None = None,
    stemming_language: str | None = None,
    engine: IndexEngine = DEFAULT_INDEX_ENGINE,
) -> int:
    """Build the whole index from the database into a new directory and swap it in."""
    count = 0

    def counted() -> Iterator[IndexEntry]:
        nonlocal count
        for entry in all_entries(database):
            count += 1
            yield entry

    # Outbox rows written before the rebuild started are covered by it; later ones are
    # drained afterwards (re-applying an entry is harmless: it replaces itself). A document
    # the rebuild had to leave out keeps its rows, to be indexed once it can be.
    with read_session(database) as session:
        covered = (
            session.exec(select(IndexOutbox.id).order_by(col(IndexOutbox.id).desc())).first() or 0
        )
    started = utcnow()
    refused: dict[int, DocumentNotIndexable] = {}

    def refuse(entry: IndexEntry, error: Exception) -> None:
        nonlocal count
        count -= 1  # not in the new index
        refused.setdefault(
            entry.document_id, not_indexable(entry.document_id, entry.file_name, error)
        )

    rebuild(directory, counted(), progress, stemming_language, refuse, engine)
    if refused:
        record_problems(database, refused)
    with write_transaction(database) as session:
        failing = select(IndexProblem.document_id).where(IndexProblem.last_failed_at >= started)
        session.exec(
            delete(IndexOutbox)
            .where(col(IndexOutbox.id) <= covered)
            .where(~col(IndexOutbox.document_id).in_(failing))
        )
        # Every document was tried: a problem this rebuild did not meet again is gone.
        session.exec(delete(IndexProblem).where(col(IndexProblem.last_failed_at) < started))
    return count


# ----------------------------------------------------------------------------- problems


@dataclass(frozen=True)
class ProblemView:
    """A document the index writer could not take, for the problems and status pages."""

    document_id: int
    file_name: str | None  # None: the document has been deleted since
    problem: str
    failures: int
    first_failed_at: datetime
    retry_at: datetime


def record_problems(
    database: Engine, problems: Mapping[int, DocumentNotIndexable], now: datetime | None = None
) -> None:
    """Record that these documents could not be indexed, each with its sentence, and when
    it is tried again; their pages keep (or get) outbox rows for that next try."""
    now = now or utcnow()
    with write_transaction(database) as session:
        for document_id, error in problems.items():
            row = session.exec(
                select(IndexProblem).where(IndexProblem.document_id == document_id)
            ).first() or IndexProblem(
                document_id=document_id, code=error.code, problem="", failures=0,
                first_failed_at=now,
            )  # fmt: skip
            document = session.get(Document, document_id)
            if row.failures == 0 and document is not None:
                document.unsettle()
                session.add(document)
            row.failures += 1
            row.code, row.problem, row.last_failed_at = error.code, error.message, now
            wait = backoff_seconds(
                row.failures, PROBLEM_RETRY_FIRST_SECONDS, PROBLEM_RETRY_MAX_SECONDS
            )
            row.retry_at = now + timedelta(seconds=wait)
            session.add(row)
            _keep_in_outbox(session, document_id)
    logger.error("index: %d document(s) left out of the index: %s", len(problems),
                 " | ".join(error.message for error in problems.values()))  # fmt: skip


def retry_now(database: Engine, document_id: int, now: datetime | None = None) -> bool:
    """Try the document again at the index writer's next drain instead of after its wait
    (a person's retry from the problems page). False: the document has no index problem."""
    now = now or utcnow()
    with write_transaction(database) as session:
        row = session.exec(
            select(IndexProblem).where(IndexProblem.document_id == document_id)
        ).first()
        if row is None:
            return False
        row.retry_at = now
        session.add(row)
        _keep_in_outbox(session, document_id)
        return True


def _keep_in_outbox(session: Any, document_id: int) -> None:
    """Outbox rows for the document's pages, unless it has some: a rebuild that left it
    out must not leave it out for ever."""
    waiting = session.exec(
        select(IndexOutbox.id).where(IndexOutbox.document_id == document_id)
    ).first()
    if waiting is None:
        reindex_document(session, document_id)


def clear_problems(session: Any, document_ids: Sequence[int]) -> None:
    """These documents were written to the index: a problem of one that has no outbox row
    left is gone (in the caller's transaction, the one that removed its rows)."""
    if not document_ids:
        return
    session.exec(
        delete(IndexProblem)
        .where(col(IndexProblem.document_id).in_(document_ids))
        .where(~col(IndexProblem.document_id).in_(select(IndexOutbox.document_id)))
    )


def waiting_rows(now: datetime) -> Any:
    """SQL: the outbox rows that wait for their document's next try (it failed, and is not
    due yet). Removals never wait, nor rows of a document deleted since: a deleted letter
    leaves search, and the problem list, at once."""
    retrying = (
        select(IndexProblem.document_id)
        .where(still_waiting(IndexProblem.retry_at, now, PROBLEM_RETRY_MAX_SECONDS))
        .where(col(IndexProblem.document_id).in_(select(Document.id)))
    )
    return col(IndexOutbox.document_id).in_(retrying) & (col(IndexOutbox.action) != "delete")


def problem_count(database: Engine) -> int:
    with read_session(database) as session:
        return int(session.exec(select(func.count()).select_from(IndexProblem)).one())


def index_problems(
    database: Engine, limit: int = PROBLEM_LIST_LIMIT, unsettled_only: bool = False
) -> list[ProblemView]:
    """The documents the index writer could not take, the oldest problem first; without
    those a person dismissed for `unsettled_only` (the problems page; the status page and
    `docvault reindex` say what the index lacks, dismissed or not)."""
    statement = (
        select(IndexProblem, Document.original_name)
        .join(Document, col(Document.id) == col(IndexProblem.document_id), isouter=True)
        .order_by(col(IndexProblem.first_failed_at), col(IndexProblem.id))
        .limit(limit)
    )
    if unsettled_only:
        statement = statement.where(col(Document.settled_at).is_(None))
    with read_session(database) as session:
        rows = session.exec(statement).all()
    return [
        ProblemView(
            document_id=row.document_id,
            file_name=file_name,
            problem=row.problem,
            failures=row.failures,
            first_failed_at=row.first_failed_at,
            retry_at=row.retry_at,
        )
        for row, file_name in rows
    ]
