"""The page lease machine: the only writer of page state.

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
attention writes its hand-over rows (`records.handover`) in that transaction.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    BindParameter,
    Engine,
    Integer,
    bindparam,
    not_,
    union_all,
    update,
)
from sqlmodel import Session, col, select

from docvault.corrections import Correction, corrections_json
from docvault.db import still_waiting, write_transaction
from docvault.facts import mark_due
from docvault.models import (
    Attempt,
    Document,
    IndexOutbox,
    Page,
    utcnow,
)
from docvault.records.handover import add_events
from docvault.records.reports import _joined_lines, coverage_json, flags_json, lines_json
from docvault.textutil import storable_text
from docvault.vocabulary import (
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

# The finished page states that make a document need attention (a person should look).
ATTENTION_PAGE_STATES = (PageStatus.incomplete, PageStatus.looped, PageStatus.failed)
# The longest a page is put back for (the worker's back-offs end at a minute). A page whose
# `not_before` lies further ahead was put back before the clock was set back: it is due.
LONGEST_RELEASE_SECONDS = 600.0


def new_owner() -> str:
    """A lease owner name unique to this process: host, pid and a random suffix."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


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


def claim(
    database: Engine, owner: str, limit: int, lease_seconds: float, now: datetime | None = None
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
    with write_transaction(database) as session:
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
    # The words the dictionary check put right (docvault.corrections); the text stays as read.
    corrections: Sequence[Correction] = ()


def complete_many(
    database: Engine,
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
    that this finishes is handed over to (docvault.records.handover).
    """
    now = utcnow()
    with write_transaction(database) as session:
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
    page.corrections = corrections_json(finished.corrections)
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


def fail(
    database: Engine,
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
    with write_transaction(database) as session:
        page = _leased_page(session, page_id, owner)
        if page is None:
            return False
        page.status = PageStatus.failed
        page.error = storable_text(message)
        page.undrawn = page.error if undrawn else None
        page.coverage = None
        page.flags = None
        page.corrections = None
        page.warnings = _joined_lines(warnings)
        _finish(session, page, now)
        _add_attempts(session, page_id, attempts)
        _refresh_document(session, page.document_id, now, handover)
        return True


def remember_undrawn(database: Engine, page_id: int, sentence: str) -> None:
    """The web view could not draw the page within the render limits: its placeholder is
    shown from now on, without drawing it again at every look (issue 44: each look at the
    arrivals list started another 60-s render)."""
    with write_transaction(database) as session:
        page = session.get(Page, page_id)
        if page is not None:
            page.undrawn = storable_text(sentence)
            session.add(page)


def release(
    database: Engine,
    page_id: int,
    owner: str,
    delay_seconds: float,
    attempts: Sequence[AttemptRecord] = (),
    reason: str | None = None,
) -> bool:
    """Give a page back to the queue (engine down, shutting down): not the page's fault."""
    now = utcnow()
    with write_transaction(database) as session:
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
    database: Engine,
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
    with write_transaction(database) as session:
        result = session.exec(
            update(Page)
            .where(col(Page.status) == PageStatus.running)
            .where(ran_out)
            .values(
                status=PageStatus.queued, lease_owner=None, lease_expires_at=None, updated_at=now
            )
        )
        return int(result.rowcount)


def release_dead_owners(database: Engine, alive: str) -> int:
    """At start: pages leased by an earlier process on this host go straight back.

    The previous daemon is gone (this one holds the only pid file), so waiting for the
    lease to expire would only delay its pages.
    """
    host = socket.gethostname()
    now = utcnow()
    with write_transaction(database) as session:
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
