"""The page queue: the only writer of page state.

    queued -> running (lease with expiry) -> done | incomplete | looped | failed

A page the coverage check found ink for that its text does not account for is
`incomplete` instead of `done` ("text may be missing on this page"): its text is indexed
like a done page's, its report (the suspect regions) is kept in `pages.coverage`, and its
document needs attention, as with a looped page.

Claims run inside BEGIN IMMEDIATE, so two workers never take the same page. A page whose
lease expires (its worker died) goes back to `queued`; completing a page whose lease was
lost (or whose document was deleted meanwhile) is ignored, so no page is done twice. Re-runs
requested by a person have priority and go first; after them the queue is fair between
sources, by turn: a document is a source of its own, its pages' turns their numbers, so
every document's first page goes before any document's second one, and a letter dropped
behind a document of thousands of pages is read next, not after it (issue 25: first-in
first-out made one wait ~57 hours). A mail sender's documents are one source: a message of
hundreds of letters takes one turn per round, and another sender's letter is read next
(issue 44).

A finished page writes its index outbox row in the same transaction as its text, so a crash
between the two cannot lose an index entry; likewise a document that becomes done or needs
attention writes its hand-over rows (`docvault.handover`) in that transaction.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import time
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BindParameter,
    Engine,
    Integer,
    bindparam,
    delete,
    func,
    insert,
    not_,
    union_all,
    update,
)
from sqlmodel import Session, col, select

from docvault import audit, derived, holds
from docvault.audit import AuditAction
from docvault.db import read_session, still_waiting, write_transaction
from docvault.errors import EncryptedDocument
from docvault.facts.outbox import mark_due
from docvault.handover import add_events
from docvault.models import (
    Attempt,
    AuditEvent,
    Document,
    Duplicate,
    IndexOutbox,
    Page,
    join_tags,
    utcnow,
)
from docvault.textutil import storable_text
from docvault.vocabulary import (
    FINISHED_PAGE_STATES,
    AttemptRecord,
    CoverageReport,
    DocumentStatus,
    HandoverTarget,
    PageFlag,
    PageStatus,
    ReadLine,
    RotationSource,
    SamplingMode,
    TextFormat,
)

logger = logging.getLogger(__name__)

RERUN_PRIORITY = 1
# The finished page states that make a document need attention (a person should look).
ATTENTION_PAGE_STATES = (PageStatus.incomplete, PageStatus.looped, PageStatus.failed)
# A document's rows are deleted this many pages per write transaction: a few milliseconds
# each, so the worker and the web view keep writing between them. One transaction for the
# 100,000 pages of one document held the write lock past every writer's 30 s busy timeout
# and crashed the worker (issue 25).
DELETE_BATCH_PAGES = 500
# The pause between two such transactions. SQLite's lock is not fair: a waiting writer
# retries every 100 ms at most, and a deleter that began its next batch at once kept it out
# for 5.8 s between batches of 0.3 s. A gap this long lets every waiting writer in.
DELETE_PAUSE_SECONDS = 0.1
# The longest a page is put back for (the worker's back-offs end at a minute). A page whose
# `not_before` lies further ahead was put back before the clock was set back: it is due.
LONGEST_RELEASE_SECONDS = 600.0


def new_owner() -> str:
    """A lease owner name unique to this process: host, pid and a random suffix."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


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


@dataclass(frozen=True)
class ClaimedPage:
    """A page this worker holds the lease of."""

    page_id: int
    document_id: int
    number: int
    archive_path: str  # the file to read: the unlocked copy of a protected PDF, if any
    mode: SamplingMode
    label: str
    rotation: int | None = None  # a person's turn for this page; None: detect it


def find_document(engine: Engine, sha256: str) -> int | None:
    """The id of the document with these bytes, if docvault already has it."""
    with read_session(engine) as session:
        return session.exec(select(Document.id).where(Document.sha256 == sha256)).first()


def record_document(engine: Engine, new: NewDocument, page_count: int) -> Recorded:
    """Record an archived file with its pages queued, or as a duplicate of the first copy."""
    with write_transaction(engine) as session:
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
    engine: Engine, new: NewDocument, error_code: str, message: str
) -> Recorded:
    """Record a file that intake or rendering refused: the error's code (`errors`) and the
    sentence for the admin."""
    with write_transaction(engine) as session:
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


def record_unlocked(engine: Engine, document_id: int, unlocked_path: str, page_count: int) -> bool:
    """A protected PDF's unlocked copy is archived: queue its pages. False: not waiting."""
    now = utcnow()
    with write_transaction(engine) as session:
        document = session.get(Document, document_id)
        if document is None or not waits_for_password(document):
            return False
        document.unlocked_path = unlocked_path
        _read_at_last(session, document, page_count, now)
        return True


def record_retried(engine: Engine, document_id: int, page_count: int, kind: str) -> bool:
    """A refused file that opens now (taken in again from its archived original): queue its
    pages as intake would have. False: it is no longer a refused file (taken meanwhile)."""
    now = utcnow()
    with write_transaction(engine) as session:
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


def settle(engine: Engine, document_id: int, who: str, reason: str) -> bool:
    """A person dismissed the document's problems with a reason: it leaves the problems
    page (its original, pages and index entries stay). False: there is no such document."""
    with write_transaction(engine) as session:
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


def claim(
    engine: Engine, owner: str, limit: int, lease_seconds: float, now: datetime | None = None
) -> list[ClaimedPage]:
    """Take up to `limit` queued pages, re-runs first, and lease them to `owner`.

    Fair between sources: among pages of the same priority the lowest turn goes first (then
    the oldest page). A document takes turns of its own (its page numbers), so documents
    take turns page by page; a mail sender's documents share one source (`_turns_taken`),
    so a sender with hundreds of letters takes one turn, not hundreds, and every other
    sender's letter is read between. The pages are found by walking the index
    `ix_pages_claim` (status, priority, turn, id), stopping after `limit` pages: a claim
    costs the same with 100,000 pages queued as with ten.
    """
    now = now or utcnow()
    with write_transaction(engine) as session:
        page_ids = _claimable_ids(session, now, limit)
        rows = _pages_with_paths(session, page_ids) if page_ids else []
        claimed = []
        for page, archive_path, unlocked_path in rows:
            page.status = PageStatus.running
            page.lease_owner = owner
            page.lease_expires_at = now + timedelta(seconds=lease_seconds)
            page.updated_at = now
            session.add(page)
            assert page.id is not None
            claimed.append(
                ClaimedPage(
                    page_id=page.id,
                    document_id=page.document_id,
                    number=page.number,
                    archive_path=unlocked_path or archive_path,
                    mode=SamplingMode(page.rerun_mode or "greedy"),
                    label=f"document {page.document_id} page {page.number}",
                    rotation=page.rotation
                    if page.rotation_source == RotationSource.person
                    else None,
                )
            )
        return claimed


def _claim_statement() -> Any:
    """The ids of the next queued pages due at :now, in turn order, at most :limit of them.

    Two index walks, each stopping after :limit pages: the re-runs (priority above 0,
    highest first) and the ordinary pages; only their at most 2 x :limit rows are sorted.
    Built once, with parameters: an empty claim (the worker's idle poll) must stay as cheap
    as the first-in first-out claim was (1.9 ms; building the statement each time made it 3).
    """
    # Typed as the column, so that the time is stored and compared as docvault stores it.
    not_before = Page.metadata.tables[Page.__tablename__].c.not_before
    now: BindParameter[datetime] = bindparam("now", type_=not_before.type)
    latest: BindParameter[datetime] = bindparam("latest", type_=not_before.type)
    limit = bindparam("limit", type_=Integer)
    # Not before `not_before`, unless it lies past any wait (the clock was set back since).
    due = col(Page.not_before).is_(None) | (col(Page.not_before) <= now) | (not_before > latest)
    queued = select(Page.id, Page.priority, Page.turn).where(Page.status == PageStatus.queued)
    reruns = (
        queued.where(due, col(Page.priority) > 0)
        .order_by(col(Page.priority).desc(), col(Page.turn), col(Page.id))
        .limit(limit)
        .subquery()
    )
    ordinary = (
        queued.where(due, col(Page.priority) == 0)
        .order_by(col(Page.turn), col(Page.id))
        .limit(limit)
        .subquery()
    )
    both = union_all(
        select(reruns.c.id, reruns.c.priority, reruns.c.turn),
        select(ordinary.c.id, ordinary.c.priority, ordinary.c.turn),
    ).subquery()
    return select(both.c.id).order_by(both.c.priority.desc(), both.c.turn, both.c.id).limit(limit)


_CLAIM_STATEMENT = _claim_statement()


def _claimable_ids(session: Session, now: datetime, limit: int) -> list[int]:
    """The ids of the next `limit` queued pages due at `now`, in turn order."""
    latest = now + timedelta(seconds=LONGEST_RELEASE_SECONDS)
    found = session.execute(
        _CLAIM_STATEMENT, {"now": now, "latest": latest, "limit": limit}
    ).scalars()
    return [int(page_id) for page_id in found]


def _pages_with_paths(
    session: Session, page_ids: Sequence[int]
) -> list[tuple[Page, str, str | None]]:
    """The pages (in the order of `page_ids`) with the files their documents are read from."""
    rows = session.exec(
        select(Page, Document.archive_path, Document.unlocked_path)
        .join(Document, col(Document.id) == col(Page.document_id))
        .where(col(Page.id).in_(page_ids))
    ).all()
    position = {page_id: index for index, page_id in enumerate(page_ids)}
    return sorted(rows, key=lambda row: position[row[0].id or 0])


def _leased_page(session: Session, page_id: int, owner: str) -> Page | None:
    """The page, if `owner` still holds its lease (else another worker has it now)."""
    page = session.get(Page, page_id)
    if page is None:
        # Its document was deleted while the page was being read: nothing to store.
        logger.info("page %d is gone (its document was deleted); its result is dropped", page_id)
        return None
    if page.status != PageStatus.running or page.lease_owner != owner:
        return None
    return page


@dataclass(frozen=True)
class FinishedPage:
    """A page's result as the worker hands it to `complete_many`."""

    page_id: int
    text: str
    looped: bool
    attempts: Sequence[AttemptRecord]
    warnings: Sequence[str] = ()
    image_size: tuple[int, int] | None = None
    rotation: tuple[int, RotationSource] | None = None  # degrees clockwise and their source
    coverage: CoverageReport | None = None  # None: not checked (the page is done)
    text_format: TextFormat = TextFormat.markdown
    # Where the text's lines lie on the page image (engines that locate them); none for a
    # vision model's Markdown or a text layer, which clears what an earlier reading left.
    lines: Sequence[ReadLine] = ()
    # A damaged file, a doubtful reading: the page is incomplete with these sentences.
    flags: Sequence[PageFlag] = ()


def complete_many(
    engine: Engine,
    owner: str,
    finished: Sequence[FinishedPage],
    handover: Sequence[HandoverTarget] = (),
) -> list[bool]:
    """Store finished pages' texts and attempts, and queue their index entries, atomically,
    in one transaction; one flag per page, in order: False (and nothing changed) for a page
    whose lease was lost in the meantime.

    At 32 requests in flight pages finish a few milliseconds apart; one transaction for
    the pages that finished while the previous one was written saves a thread hop, a write
    lock and a document refresh per page. A page whose lease was lost is left unchanged
    (False) and does not stop the others. `handover` names the receivers a document
    that this finishes is handed over to (docvault.handover).
    """
    now = utcnow()
    with write_transaction(engine) as session:
        stored: list[bool] = []
        documents: set[int] = set()
        for page_result in finished:
            document_id = _store_finished(session, owner, page_result, now)
            stored.append(document_id is not None)
            if document_id is not None:
                documents.add(document_id)
        for document_id in sorted(documents):
            _refresh_document(session, document_id, now, handover)
        return stored


def _store_finished(
    session: Session, owner: str, finished: FinishedPage, now: datetime
) -> int | None:
    """Write one finished page; its document's id, or None when the lease was lost."""
    page = _leased_page(session, finished.page_id, owner)
    if page is None:
        return None
    page.status = _finished_state(finished)
    page.markdown = storable_text(finished.text)
    page.text_format = finished.text_format.value
    page.coverage = coverage_json(finished.coverage)
    page.lines = lines_json(finished.lines)
    page.flags = flags_json(finished.flags)
    page.error = None
    page.undrawn = None  # drawn after all (a re-run, a render fixed since)
    page.warnings = _joined_lines(finished.warnings)
    if finished.image_size is not None:
        page.image_width, page.image_height = finished.image_size
    if finished.rotation is not None:
        page.rotation, page.rotation_source = finished.rotation
    _finish(session, page, now)
    _add_attempts(session, finished.page_id, finished.attempts)
    session.add(IndexOutbox(page_id=finished.page_id, document_id=page.document_id))
    return page.document_id


def _finished_state(finished: FinishedPage) -> PageStatus:
    """Looped beats incomplete: a re-run with the penalty is what such a page needs first."""
    if finished.looped:
        return PageStatus.looped
    if finished.coverage is not None and not finished.coverage.complete:
        return PageStatus.incomplete
    if finished.flags:  # never plainly done: a damaged file, a doubtful reading (issue 47)
        return PageStatus.incomplete
    return PageStatus.done


def flags_json(flags: Sequence[PageFlag]) -> str | None:
    """A page's flags as `pages.flags` keeps them; None for none."""
    if not flags:
        return None
    listed = [{"code": flag.code, "sentence": storable_text(flag.sentence)} for flag in flags]
    return json.dumps(listed, ensure_ascii=False)


def coverage_json(report: CoverageReport | None) -> str | None:
    """The coverage report as `pages.coverage` keeps it (None: the page was not checked).

    `{"ink_lines": 12, "accounted_lines": 11, "suspects": [{"box": [l, t, r, b],
    "reason": "no text read here"}], "summary": "..."}`; boxes in the page image's pixels.
    """
    if report is None:
        return None
    return json.dumps(
        {
            "ink_lines": report.ink_lines,
            "accounted_lines": report.accounted_lines,
            "suspects": [
                {"box": list(suspect.box), "reason": suspect.reason} for suspect in report.suspects
            ],
            "summary": report.summary,
        },
        sort_keys=True,
    )


def lines_json(lines: Sequence[ReadLine]) -> str | None:
    """Located lines as `pages.lines` keeps them: `[[left, top, right, bottom, text], ...]`
    in the page image's pixels; None when the engine located none."""
    if not lines:
        return None
    located = [[*line.box, storable_text(line.text)] for line in lines]
    return json.dumps(located, ensure_ascii=False)


def _joined_lines(lines: Sequence[str]) -> str | None:
    """Warnings as `pages.warnings` keeps them: one a line, None for none."""
    return storable_text("\n".join(lines)) or None


def fail(
    engine: Engine,
    page_id: int,
    owner: str,
    message: str,
    attempts: Sequence[AttemptRecord] = (),
    warnings: Sequence[str] = (),
    handover: Sequence[HandoverTarget] = (),
    undrawn: bool = False,
) -> bool:
    """Mark a page failed with the sentence for the admin; it waits for a person.
    `undrawn`: it failed because its image cannot be drawn (the web view does not try)."""
    now = utcnow()
    with write_transaction(engine) as session:
        page = _leased_page(session, page_id, owner)
        if page is None:
            return False
        page.status = PageStatus.failed
        page.error = storable_text(message)
        page.undrawn = page.error if undrawn else None
        page.coverage = None
        page.flags = None
        page.warnings = _joined_lines(warnings)
        _finish(session, page, now)
        _add_attempts(session, page_id, attempts)
        _refresh_document(session, page.document_id, now, handover)
        return True


def remember_undrawn(engine: Engine, page_id: int, sentence: str) -> None:
    """The web view could not draw the page within the render limits: its placeholder is
    shown from now on, without drawing it again at every look (issue 44: each look at the
    arrivals list started another 60-s render)."""
    with write_transaction(engine) as session:
        page = session.get(Page, page_id)
        if page is not None:
            page.undrawn = storable_text(sentence)
            session.add(page)


def release(
    engine: Engine,
    page_id: int,
    owner: str,
    delay_seconds: float,
    attempts: Sequence[AttemptRecord] = (),
    reason: str | None = None,
) -> bool:
    """Give a page back to the queue (engine down, shutting down): not the page's fault."""
    now = utcnow()
    with write_transaction(engine) as session:
        page = _leased_page(session, page_id, owner)
        if page is None:
            return False
        page.status = PageStatus.queued
        page.lease_owner = None
        page.lease_expires_at = None
        delay_seconds = min(delay_seconds, LONGEST_RELEASE_SECONDS)
        page.not_before = now + timedelta(seconds=delay_seconds) if delay_seconds else None
        page.error = reason
        page.updated_at = now
        session.add(page)
        _add_attempts(session, page_id, attempts)
        return True


def _finish(session: Session, page: Page, now: datetime) -> None:
    page.lease_owner = None
    page.lease_expires_at = None
    page.not_before = None
    page.rerun_mode = None
    page.priority = 0
    page.updated_at = now
    page.finished_at = now
    session.add(page)


def _add_attempts(session: Session, page_id: int, attempts: Iterable[AttemptRecord]) -> None:
    for record in attempts:
        reply = record.reply
        session.add(
            Attempt(
                page_id=page_id,
                engine=record.engine,
                settings=json.dumps(record.request.as_settings(), sort_keys=True),
                finish_reason=reply.finish_reason if reply else None,
                prompt_tokens=reply.prompt_tokens if reply else None,
                completion_tokens=reply.completion_tokens if reply else None,
                seconds=record.seconds,
                verdict=record.verdict.value,
                repeating_unit=_storable_or_none(record.repeating_unit),
                error=_storable_or_none(record.error),
            )
        )


def _storable_or_none(text: str | None) -> str | None:
    return None if text is None else storable_text(text)


def _refresh_document(
    session: Session, document_id: int, now: datetime, handover: Sequence[HandoverTarget] = ()
) -> None:
    """A document is done when every page is; `attention` when some page is incomplete,
    looped or failed.

    A change to done or attention marks the document's facts due (proposed after the
    commit) and is handed over to the receivers named in `handover`, in this same
    transaction.
    """
    document = session.get(Document, document_id)
    if document is None:
        return
    if _has_page_in(session, document_id, (PageStatus.queued, PageStatus.running)):
        status = DocumentStatus.processing
    elif _has_page_in(session, document_id, ATTENTION_PAGE_STATES):
        status = DocumentStatus.attention
    else:
        status = DocumentStatus.done
    if document.status != status:
        document.status = status
        document.updated_at = now
        if status == DocumentStatus.attention:
            # A new reading that ends with a problem again is a new problem: a person's
            # earlier dismissal spoke of the old one, so the document is listed again.
            document.unsettle()
        session.add(document)
        if status != DocumentStatus.processing:
            # Every page is finished (again, after a re-run): the letter's facts are due.
            # They are proposed after this commit (docvault.facts.outbox), outside the write
            # lock; the hand-over event written next waits for them.
            mark_due(session, document_id, now)
        add_events(session, document_id, status, handover, now)


def _has_page_in(session: Session, document_id: int, states: Sequence[PageStatus]) -> bool:
    """Whether any page of the document is in one of `states`: one seek in the index
    `ix_pages_document_status`. Counting every page instead took 0.2 s of write lock per
    finished page of a 100,000-page document (issue 25)."""
    found = session.exec(
        select(Page.id)
        .where(Page.document_id == document_id)
        .where(col(Page.status).in_([state.value for state in states]))
        .limit(1)
    ).first()
    return found is not None


def expire_leases(
    engine: Engine,
    now: datetime | None = None,
    lease_seconds: float | None = None,
    alive: str | None = None,
) -> int:
    """Return pages whose lease ran out (their worker died) to the queue.

    With `lease_seconds` (the longest lease given), a lease expiring further ahead than
    that was given before the clock was set back: it has run out too, unless `alive` (this
    process's worker, which knows its own pages) holds it.
    """
    now = now or utcnow()
    ran_out = col(Page.lease_expires_at) < now
    if lease_seconds is not None:
        set_back = not_(still_waiting(Page.lease_expires_at, now, lease_seconds)) & (
            col(Page.lease_owner) != alive
        )
        ran_out = ran_out | set_back
    with write_transaction(engine) as session:
        result = session.exec(
            update(Page)
            .where(col(Page.status) == PageStatus.running)
            .where(ran_out)
            .values(
                status=PageStatus.queued, lease_owner=None, lease_expires_at=None, updated_at=now
            )
        )
        return int(result.rowcount)


def release_dead_owners(engine: Engine, alive: str) -> int:
    """At start: pages leased by an earlier process on this host go straight back.

    The previous daemon is gone (this one holds the only pid file), so waiting for the
    lease to expire would only delay its pages.
    """
    host = socket.gethostname()
    now = utcnow()
    with write_transaction(engine) as session:
        result = session.exec(
            update(Page)
            .where(col(Page.status) == PageStatus.running)
            .where(col(Page.lease_owner).startswith(f"{host}:"))
            .where(col(Page.lease_owner) != alive)
            .values(
                status=PageStatus.queued, lease_owner=None, lease_expires_at=None, updated_at=now
            )
        )
        return int(result.rowcount)


# The pages anyone with the rerun scope may have read again: the ones a person should look at.
RERUN_BY_DEFAULT = ATTENTION_PAGE_STATES


def request_rerun(
    engine: Engine,
    page_ids: Sequence[int],
    mode: SamplingMode,
    states: Sequence[PageStatus] = RERUN_BY_DEFAULT,
) -> int:
    """Put finished pages back in the queue, ahead of new work, with the chosen setting.

    Only pages in `states` are taken (by default incomplete, looped and failed ones:
    re-running a done page is a person's explicit choice); the others named are left as
    they are. The old coverage report goes: it spoke of the reading being replaced.
    """
    now = utcnow()
    wanted = [state.value for state in states if state in FINISHED_PAGE_STATES]
    with write_transaction(engine) as session:
        pages = session.exec(
            select(Page).where(col(Page.id).in_(page_ids)).where(col(Page.status).in_(wanted))
        ).all()
        for page in pages:
            page.status = PageStatus.queued
            page.priority = RERUN_PRIORITY
            page.rerun_mode = mode.value
            page.not_before = None
            page.coverage = None
            page.flags = None
            page.updated_at = now
            session.add(page)
        session.flush()
        # Once per document, not per page: each refresh counts all of a document's pages.
        for document_id in sorted({page.document_id for page in pages}):
            _refresh_document(session, document_id, now)
        return len(pages)


def rerun_failed_pages(engine: Engine) -> int:
    """The calendar's night job (`rerun_failed_at`): every failed page read again as it was
    first read, every looped one with the loop cure; how many pages were queued."""
    queued = 0
    for state, mode in ((PageStatus.failed, SamplingMode.greedy),
                        (PageStatus.looped, SamplingMode.penalty)):  # fmt: skip
        with read_session(engine) as session:
            ids = list(session.exec(select(Page.id).where(Page.status == state)).all())
        queued += request_rerun(engine, [int(page_id or 0) for page_id in ids], mode, (state,))
    return queued


def request_rotation(
    engine: Engine, page_id: int, turn: int, done_allowed: bool = True
) -> int | None:
    """Turn a page by `turn` degrees clockwise from how it was read, and read it again.

    The new angle is kept as a person's ("person"), so every later run uses it instead of
    detecting one. Returns the new angle, or None when the page is being read right now,
    or is done and `done_allowed` is false: decided in the transaction that turns it, so a
    page that becomes done after the asker's permission was checked is not read again.
    """
    if turn % 90:
        raise ValueError(f"a page turns by a multiple of 90 degrees, not {turn}")
    now = utcnow()
    with write_transaction(engine) as session:
        page = session.get(Page, page_id)
        if page is None or page.status == PageStatus.running:
            return None
        if page.status == PageStatus.done and not done_allowed:
            return None
        page.rotation = (page.rotation + turn) % 360
        page.rotation_source = RotationSource.person
        page.status = PageStatus.queued
        page.priority = RERUN_PRIORITY
        page.rerun_mode = SamplingMode.greedy.value
        page.not_before = None
        page.coverage = None  # its boxes lie on the image as it was turned before
        page.flags = None
        page.lines = None  # so do these
        page.updated_at = now
        session.add(page)
        _refresh_document(session, page.document_id, now)
        return page.rotation


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
    engine: Engine,
    data_dir: Path,
    document_id: int,
    *,
    actor: str,
    reason: str = "",
    remote_address: str = "",
) -> Removed | None:
    """Remove a document: the one delete path of the command line, the web view and any
    rule that deletes (retention). None: there is no such document.

    Its tombstone comes first (`audit.tombstone`: who, when, why, the file's name, its
    sha256 and page count), so no deletion goes unrecorded, however it ends; then its rows,
    its derived files and, unless another document has the same bytes, its original (and
    unlocked copy) in the archive. Interrupted, deleting it again finishes the job. A
    document on legal hold is not removed, nor tombstoned: `OnLegalHold`.
    """
    with read_session(engine) as session:
        document = session.get(Document, document_id)
        if document is None:
            return None
        # Here, where every delete passes (web view, API, command line, retention review):
        # a document on legal hold is refused with its sentence (`OnLegalHold`).
        holds.refuse_if_held(session, document)
        page_count = len(session.exec(select(Page.id).where(Page.document_id == document_id)).all())
    audit.tombstone(
        engine,
        actor,
        document_id,
        file_name=document.original_name,
        sha256=document.sha256,
        pages=page_count,
        reason=reason,
        remote_address=remote_address,
    )
    pages = delete_document(engine, document_id)
    derived.remove_for_original(data_dir, document.sha256)
    removed = _remove_unshared(engine, data_dir, document.archive_path)
    if document.unlocked_path:
        _remove_unshared(engine, data_dir, document.unlocked_path)
    return Removed(
        document_id, document.original_name, document.sha256, document.archive_path,
        pages, removed,
    )  # fmt: skip


def _remove_unshared(engine: Engine, data_dir: Path, relative: str) -> bool:
    """Remove an archived file no document refers to any more; False when one still does."""
    with read_session(engine) as session:
        shared = session.exec(
            select(Document.id).where(
                (Document.archive_path == relative) | (Document.unlocked_path == relative)
            )
        ).first()
    if shared is not None:
        return False
    (data_dir / relative).unlink(missing_ok=True)
    return True


def delete_document(engine: Engine, document_id: int) -> int:
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
        with write_transaction(engine) as session:
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
