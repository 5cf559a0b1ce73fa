"""Documents recorded: a new arrival with its pages queued, a refusal, an unlock or a retry, a
problem settled by a person.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, func, insert
from sqlmodel import Session, col, select

from docvault.audit import AuditAction
from docvault.db import read_session, write_transaction
from docvault.errors import EncryptedDocument
from docvault.models import (
    AuditEvent,
    Document,
    Duplicate,
    Page,
    join_tags,
    utcnow,
)
from docvault.vocabulary import DocumentStatus, PageStatus


@dataclass(frozen=True)
class NewDocument:
    """A file that intake has archived and is about to record."""

    sha256: str
    original_name: str
    inbox: str
    original_path: str
    archive_path: str
    size_bytes: int
    tags: tuple[str, ...] = ()
    kind: str | None = None
    # The path's exact bytes when they are not UTF-8 (original_path shows them escaped).
    raw_path: bytes | None = None
    # Whose turn its pages take (`claim`): a mail sender's documents share one; None: its own.
    source: str | None = None


@dataclass(frozen=True)
class Recorded:
    """What recording a file did: a new document, or a duplicate of an existing one."""

    document_id: int
    duplicate: bool
    failed: bool = False  # intake or rendering refused the file: it goes to quarantine/


def find_document(database: Engine, sha256: str) -> int | None:
    """The id of the document with these bytes, if docvault already has it."""
    with read_session(database) as session:
        return session.exec(select(Document.id).where(Document.sha256 == sha256)).first()


def record_document(database: Engine, new: NewDocument, page_count: int) -> Recorded:
    """Record an archived file with its pages queued, or as a duplicate of the first copy."""
    with write_transaction(database) as session:
        existing = _existing(session, new)
        if existing is not None:
            return existing
        document = _document_row(new, page_count, DocumentStatus.processing)
        session.add(document)
        session.flush()
        assert document.id is not None
        _queue_pages(session, document.id, page_count, document.received_at, new.source)
        _record_raw_path(session, document.id, new)
        return Recorded(document.id, duplicate=False)


def _queue_pages(
    session: Session, document_id: int, page_count: int, now: datetime, source: str | None
) -> None:
    """Insert a document's pages, queued, as one bulk statement, each with its turn.

    Building an ORM object per page took seconds of write lock for a long document; the
    values are spelled out because a bulk insert skips the models' Python defaults.
    """
    if page_count == 0:
        return
    ahead = _turns_taken(session, source)
    rows = [
        {
            "document_id": document_id,
            "number": number,
            "turn": ahead + number,
            "status": PageStatus.queued.value,
            "priority": 0,
            "rotation": 0,
            "created_at": now,
            "updated_at": now,
        }
        for number in range(1, page_count + 1)
    ]
    session.execute(insert(Page), rows)


def _turns_taken(session: Session, source: str | None) -> int:
    """The last turn its source's unfinished pages hold (0: none, or a document of its own).

    A sender's pages are counted on from its own pages still waiting, so its next letter
    waits behind its own backlog, never behind another sender's: a message of 300 letters
    holds turns 1-300, and another sender's letter, dropped after it, takes turn 1 and is
    read next (issue 44: it waited 5 minutes, hours with the CPU engine)."""
    if source is None:
        return 0
    last = session.exec(
        select(func.max(Page.turn))
        .join(Document, col(Document.id) == col(Page.document_id))
        .where(
            Document.queue_source == source,
            col(Page.status).in_([PageStatus.queued, PageStatus.running]),
        )
    ).one()
    return int(last or 0)


def record_failed_document(
    database: Engine, new: NewDocument, error_code: str, message: str
) -> Recorded:
    """Record a file that intake or rendering refused: the error's code (`errors`) and the
    sentence for the admin."""
    with write_transaction(database) as session:
        existing = _existing(session, new)
        if existing is not None:
            return existing
        document = _document_row(new, 0, DocumentStatus.failed)
        document.error = message
        document.error_class = error_code
        session.add(document)
        session.flush()
        assert document.id is not None
        _record_raw_path(session, document.id, new)
        return Recorded(document.id, duplicate=False, failed=True)


def _record_raw_path(session: Session, document_id: int, new: NewDocument) -> None:
    """A name that is not UTF-8 is shown escaped; its exact bytes go to the audit trail."""
    if new.raw_path is None:
        return
    detail = {"path_bytes_hex": new.raw_path.hex(), "shown_as": new.original_path}
    session.add(
        AuditEvent(
            user_name="docvault",
            action=AuditAction.intake_raw_name,
            detail=json.dumps(detail),
            document_id=document_id,
        )
    )


def record_unlocked(
    database: Engine, document_id: int, unlocked_path: str, page_count: int
) -> bool:
    """A protected PDF's unlocked copy is archived: queue its pages. False: not waiting."""
    now = utcnow()
    with write_transaction(database) as session:
        document = session.get(Document, document_id)
        if document is None or not waits_for_password(document):
            return False
        document.unlocked_path = unlocked_path
        _read_at_last(session, document, page_count, now)
        return True


def record_retried(database: Engine, document_id: int, page_count: int, kind: str) -> bool:
    """A refused file that opens now (taken in again from its archived original): queue its
    pages as intake would have. False: it is no longer a refused file (taken meanwhile)."""
    now = utcnow()
    with write_transaction(database) as session:
        document = session.get(Document, document_id)
        if document is None or not is_refused(document) or page_count == 0:
            return False
        document.kind = kind
        _read_at_last(session, document, page_count, now)
        return True


def _read_at_last(session: Session, document: Document, page_count: int, now: datetime) -> None:
    """A refused document that can be read now (unlocked, or taken in again): its refusal
    goes and its pages are queued."""
    assert document.id is not None
    document.page_count = page_count
    document.status = DocumentStatus.processing
    document.error = None
    document.error_class = None
    document.updated_at = now
    session.add(document)
    _queue_pages(session, document.id, page_count, now, document.queue_source)


def record_refused_again(database: Engine, document_id: int, error_code: str, message: str) -> bool:
    """A refused file taken in again was refused again: the new reason, and listed again
    even if a person had dismissed the old one. False: it is no longer a refused file."""
    with write_transaction(database) as session:
        document = session.get(Document, document_id)
        if document is None or not is_refused(document):
            return False
        document.error = message
        document.error_class = error_code
        document.updated_at = utcnow()
        document.unsettle()
        session.add(document)
        return True


def is_refused(document: Document) -> bool:
    """A file intake or rendering refused: no pages were queued from it."""
    return document.status == DocumentStatus.failed and document.unlocked_path is None


def settle(database: Engine, document_id: int, who: str, reason: str) -> bool:
    """A person dismissed the document's problems with a reason: it leaves the problems
    page (its original, pages and index entries stay). False: there is no such document."""
    with write_transaction(database) as session:
        document = session.get(Document, document_id)
        if document is None:
            return False
        document.settled_at = utcnow()
        document.settled_by = who
        document.settled_reason = reason
        session.add(document)
        return True


def waits_for_password(document: Document) -> bool:
    """Whether this document is a password-protected PDF that an admin may unlock."""
    return (
        document.status == DocumentStatus.failed and document.error_class == EncryptedDocument.code
    )


def _existing(session: Session, new: NewDocument) -> Recorded | None:
    """Same bytes already recorded: note the arrival as a duplicate (once per path)."""
    document_id = session.exec(select(Document.id).where(Document.sha256 == new.sha256)).first()
    if document_id is None:
        return None
    first = session.exec(select(Document).where(Document.id == document_id)).one()
    same_arrival = (
        first.original_path == new.original_path
        or session.exec(
            select(Duplicate.id).where(
                Duplicate.document_id == document_id, Duplicate.original_path == new.original_path
            )
        ).first()
        is not None
    )
    # A crash after recording but before the inbox file was moved brings the same path
    # back on restart: that is the same arrival, not a duplicate.
    if not same_arrival:
        session.add(
            Duplicate(
                document_id=document_id,
                original_name=new.original_name,
                inbox=new.inbox,
                original_path=new.original_path,
            )
        )
    return Recorded(
        document_id, duplicate=not same_arrival, failed=first.status == DocumentStatus.failed
    )


def _document_row(new: NewDocument, page_count: int, status: DocumentStatus) -> Document:
    return Document(
        sha256=new.sha256,
        original_name=new.original_name,
        inbox=new.inbox,
        original_path=new.original_path,
        archive_path=new.archive_path,
        size_bytes=new.size_bytes,
        kind=new.kind,
        tags=join_tags(new.tags),
        queue_source=new.source,
        page_count=page_count,
        status=status,
    )
