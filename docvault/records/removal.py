"""A document removed: the one delete path (command line, web view, retention).

Its tombstone first, then its rows in batches other writers can come between, its derived
files on disk and, unless another document has the same bytes, its original in the
archive. A document on legal hold is refused.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine, delete, insert
from sqlmodel import Session, col, select

from docvault import audit, derived, holds
from docvault.db import read_session, write_transaction
from docvault.models import (
    Attempt,
    Document,
    Duplicate,
    IndexOutbox,
    Page,
    utcnow,
)

# A document's rows are deleted this many pages per write transaction: a few milliseconds
# each, so the worker and the web view keep writing between them. One transaction for the
# 100,000 pages of one document held the write lock past every writer's 30 s busy timeout
# and crashed the worker (issue 25).
DELETE_BATCH_PAGES = 500
# The pause between two such transactions. SQLite's lock is not fair: a waiting writer
# retries every 100 ms at most, and a deleter that began its next batch at once kept it out
# for 5.8 s between batches of 0.3 s. A gap this long lets every waiting writer in.
DELETE_PAUSE_SECONDS = 0.1


@dataclass(frozen=True)
class Removed:
    """A document removed from docvault, and whether its original left the archive."""

    document_id: int
    file_name: str
    sha256: str
    archive_path: str  # relative to the data folder
    pages: int
    original_removed: bool  # False: another document has the same bytes


def remove_document(
    database: Engine,
    data_dir: Path,
    document_id: int,
    *,
    actor: str,
    reason: str = "",
    remote_address: str = "",
    via: audit.AuditVia | None = None,
) -> Removed | None:
    """Remove a document: the one delete path of the command line, the web view and any
    rule that deletes (retention). None: there is no such document.

    Its tombstone comes first (`audit.tombstone`: who, when, why, through which door, the
    file's name, its sha256 and page count), so no deletion goes unrecorded, however it
    ends; then its rows, its derived files and, unless another document has the same bytes,
    its original (and unlocked copy) in the archive. Interrupted, deleting it again
    finishes the job. A document on legal hold is not removed, nor tombstoned:
    `OnLegalHold`.
    """
    with read_session(database) as session:
        document = session.get(Document, document_id)
        if document is None:
            return None
        # Here, where every delete passes (web view, API, command line, retention review):
        # a document on legal hold is refused with its sentence (`OnLegalHold`).
        holds.refuse_if_held(session, document)
        page_count = len(session.exec(select(Page.id).where(Page.document_id == document_id)).all())
    audit.tombstone(
        database,
        actor,
        document_id,
        file_name=document.original_name,
        sha256=document.sha256,
        pages=page_count,
        reason=reason,
        remote_address=remote_address,
        via=via,
    )
    pages = delete_document(database, document_id)
    derived.remove_for_original(data_dir, document.sha256)
    removed = _remove_unshared(database, data_dir, document.archive_path)
    if document.unlocked_path:
        _remove_unshared(database, data_dir, document.unlocked_path)
    return Removed(
        document_id, document.original_name, document.sha256, document.archive_path,
        pages, removed,
    )  # fmt: skip


def _remove_unshared(database: Engine, data_dir: Path, relative: str) -> bool:
    """Remove an archived file no document refers to any more; False when one still does."""
    with read_session(database) as session:
        shared = session.exec(
            select(Document.id).where(
                (Document.archive_path == relative) | (Document.unlocked_path == relative)
            )
        ).first()
    if shared is not None:
        return False
    (data_dir / relative).unlink(missing_ok=True)
    return True


def delete_document(database: Engine, document_id: int) -> int:
    """Remove a document's rows and queue the removal of its index entries.

    In batches of `DELETE_BATCH_PAGES` pages, each its own short write transaction with a
    pause after it, so a document of 100,000 pages never holds the write lock for long; the
    document row goes in the transaction that finds no page left. A page the worker is
    reading when its batch goes is simply not stored (`_leased_page`). Interrupted, it
    leaves the document with fewer pages; deleting it again finishes the job. Returns the
    number of pages removed.

    The archive is `remove_document`'s to tidy.
    """
    removed = 0
    while True:
        with write_transaction(database) as session:
            if session.get(Document, document_id) is None:
                return removed
            batch = _delete_page_batch(session, document_id)
            if batch == 0:
                _delete_document_row(session, document_id)
                return removed
            removed += batch
        time.sleep(DELETE_PAUSE_SECONDS)


def _delete_page_batch(session: Session, document_id: int) -> int:
    """Delete up to `DELETE_BATCH_PAGES` of the document's pages and their attempts."""
    page_ids = list(
        session.exec(
            select(Page.id)
            .where(Page.document_id == document_id)
            .order_by(col(Page.id))
            .limit(DELETE_BATCH_PAGES)
        ).all()
    )
    if not page_ids:
        return 0
    session.exec(delete(Attempt).where(col(Attempt.page_id).in_(page_ids)))
    now = utcnow()
    session.execute(
        insert(IndexOutbox),
        [
            {"page_id": page_id, "document_id": document_id, "action": "delete", "created_at": now}
            for page_id in page_ids
        ],
    )
    session.exec(delete(Page).where(col(Page.id).in_(page_ids)))
    return len(page_ids)


def _delete_document_row(session: Session, document_id: int) -> None:
    """The document's own row and its duplicates (its facts go by the foreign key's cascade)."""
    session.exec(delete(Duplicate).where(col(Duplicate.document_id) == document_id))
    session.exec(delete(Document).where(col(Document.id) == document_id))
