"""The hand-over outbox: what the practice system must be told, kept until it is accepted.

    document done / needs attention ──(same transaction)──> handover_outbox row per receiver
                                    (sent once the letter's facts are kept: facts.outbox)
    a person corrects its facts ──(same transaction)──> a `corrected` row (FHIR receiver)
    handover_outbox ──> delivery part (docvault.delivery) ──> webhook / command / FHIR / GDT
                                      <── accepted: delivered; refused: retried with back-off

The queue calls `add_events` inside the transaction that gives a document its final
status, so a crash can never leave a finished document without its hand-over. A row stays
`pending` until the receiver's acceptance is recorded; a crash between sending and
recording sends it again with the same `event_id`, which the receiver uses to drop the
repeat. This module owns the rows; `docvault.delivery` does the sending.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import ColumnElement, Engine, and_, func, not_
from sqlalchemy.orm import aliased
from sqlmodel import Session, col, select

from docvault.db import read_session, still_waiting, write_transaction
from docvault.models import Document, FactsDue, HandoverOutbox
from docvault.records.document_json import Audience, describe
from docvault.runtime import backoff_seconds
from docvault.vocabulary import DocumentStatus, HandoverState, HandoverTarget

# The document states a hand-over announces: the letter is read, or a person must look.
ANNOUNCED_STATES = (DocumentStatus.done, DocumentStatus.attention)
# The event of a person's correction of an announced letter's facts (receivers that keep
# the letter as a resource they can update: the FHIR receiver).
CORRECTED = "corrected"
# A receiver's answer is kept for the status page, not archived: its first 2,000
# characters say what went wrong (an error page, a stack trace) without filling the disk.
ANSWER_EXCERPT_CHARACTERS = 2000


@dataclass(frozen=True)
class Delivery:
    """One pending hand-over to one receiver, as the delivery part takes it."""

    row_id: int
    event_id: str
    document_id: int
    status: str
    target: HandoverTarget
    attempts: int
    occurred_at: datetime


def add_events(
    session: Session,
    document_id: int,
    status: str,
    targets: Sequence[HandoverTarget],
    now: datetime,
) -> None:
    """One event (one id) for the document's new status, one row per receiver.

    Called by the queue inside the transaction that set the status; writes nothing when no
    receiver is configured, or when the status is not one the practice system is told of.
    """
    if not targets or status not in ANNOUNCED_STATES:
        return
    event_id = str(uuid.uuid4())
    for target in targets:
        session.add(
            HandoverOutbox(
                event_id=event_id,
                document_id=document_id,
                status=status,
                target=target,
                created_at=now,
                next_attempt_at=now,
            )
        )


def add_correction(
    session: Session, document_id: int, targets: Sequence[HandoverTarget], now: datetime
) -> None:
    """A person changed the facts of a letter: one `corrected` event for each receiver of
    `targets` that has been told of the letter (in the transaction that changed them)."""
    told = [target for target in targets if _announced(session, document_id, target)]
    if not told:
        return
    event_id = str(uuid.uuid4())
    for target in told:
        session.add(
            HandoverOutbox(
                event_id=event_id,
                document_id=document_id,
                status=CORRECTED,
                target=target,
                created_at=now,
                next_attempt_at=now,
            )
        )


def _announced(session: Session, document_id: int, target: HandoverTarget) -> bool:
    return (
        session.exec(
            select(HandoverOutbox.id)
            .where(HandoverOutbox.document_id == document_id)
            .where(HandoverOutbox.target == target)
            .where(col(HandoverOutbox.status).in_([str(state) for state in ANNOUNCED_STATES]))
            .limit(1)
        ).first()
        is not None
    )


@dataclass(frozen=True)
class Reading:
    """The reading of a letter an event hands over (a done or attention event), and the
    reading before it, which it replaces (None: the first)."""

    event_id: str
    status: str
    replaces: str | None


def reading_of(database: Engine, delivery: Delivery) -> Reading | None:
    """The reading `delivery` belongs to: itself, or for a correction the latest reading
    before it to the same receiver (None: there is none)."""
    statement = (
        select(HandoverOutbox.event_id, HandoverOutbox.status)
        .where(HandoverOutbox.document_id == delivery.document_id)
        .where(HandoverOutbox.target == delivery.target)
        .where(col(HandoverOutbox.status).in_([str(state) for state in ANNOUNCED_STATES]))
        .where(col(HandoverOutbox.id) <= delivery.row_id)
        .order_by(col(HandoverOutbox.id).desc())
        .limit(2)
    )
    with read_session(database) as session:
        rows = list(session.exec(statement).all())
    if not rows:
        return None
    (event_id, status), *earlier = rows
    return Reading(event_id, status, earlier[0][0] if earlier else None)


def _ready(busy: Sequence[int]) -> ColumnElement[bool]:
    """Pending rows that may be sent as soon as their time comes.

    Per document and receiver only the oldest pending event is ready: a later event of
    the same letter (done again after a re-run) never overtakes an earlier one; none is
    while the letter's facts wait to be proposed (`docvault.facts.outbox`). `busy` names
    rows being sent right now.
    """
    earlier = aliased(HandoverOutbox)
    older_pending = (
        select(earlier.id)
        .where(earlier.document_id == HandoverOutbox.document_id)
        .where(earlier.target == HandoverOutbox.target)
        .where(earlier.state == HandoverState.pending)
        .where(col(earlier.id) < col(HandoverOutbox.id))
        .exists()
    )
    # A letter goes out with its facts: not while they wait to be proposed.
    facts_due = select(FactsDue.document_id).where(
        col(FactsDue.document_id) == col(HandoverOutbox.document_id)
    )
    return and_(
        col(HandoverOutbox.state) == HandoverState.pending,
        not_(older_pending),
        not_(facts_due.exists()),
        col(HandoverOutbox.id).not_in(list(busy)),
    )


def due(
    database: Engine,
    now: datetime,
    limit: int,
    busy: Sequence[int] = (),
    longest_seconds: float | None = None,
) -> list[Delivery]:
    """Ready hand-overs whose time has come, oldest first, at most `limit`. A next try
    further ahead than `longest_seconds` (the longest back-off) was set before the clock
    was set back: its time has come too."""
    statement = (
        select(HandoverOutbox)
        .where(_ready(busy))
        .where(not_(still_waiting(HandoverOutbox.next_attempt_at, now, longest_seconds)))
        .order_by(col(HandoverOutbox.id))
        .limit(limit)
    )
    with read_session(database) as session:
        return [_delivery(row) for row in session.exec(statement).all()]


def _delivery(row: HandoverOutbox) -> Delivery:
    assert row.id is not None
    return Delivery(
        row_id=row.id,
        event_id=row.event_id,
        document_id=row.document_id,
        status=row.status,
        target=HandoverTarget(row.target),
        attempts=row.attempts,
        occurred_at=row.created_at,
    )


def next_due_at(database: Engine, busy: Sequence[int] = ()) -> datetime | None:
    """When the earliest ready hand-over may be tried (None: nothing is ready)."""
    with read_session(database) as session:
        return session.exec(
            select(func.min(HandoverOutbox.next_attempt_at)).where(_ready(busy))
        ).one()


def retry_delay(
    attempts: int, first_seconds: float, max_seconds: float, chance: random.Random
) -> float:
    """Exponential back-off with jitter after the `attempts`-th failure (1 is the first).

    The ceiling doubles from `first_seconds` to `max_seconds`; the delay is drawn from
    the upper half of it, so that deliveries refused together (a receiver that was down)
    do not all come back in the same second, and none comes back sooner than half the
    ceiling.
    """
    ceiling = backoff_seconds(attempts, first_seconds, max_seconds)
    return ceiling / 2 + chance.uniform(0, ceiling / 2)


def excerpt(text: str) -> str:
    """The receiver's answer, bounded for the status page."""
    if len(text) <= ANSWER_EXCERPT_CHARACTERS:
        return text
    return text[:ANSWER_EXCERPT_CHARACTERS] + "…"


def record_delivered(
    database: Engine, row_id: int, answer_status: int | None, answer: str, now: datetime
) -> None:
    """The receiver accepted the hand-over: it is done and never sent again."""
    _update_pending(
        database,
        row_id,
        now,
        state=HandoverState.delivered,
        delivered_at=now,
        answer_status=answer_status,
        answer=excerpt(answer),
        error=None,
    )


def settled_events(database: Engine, target: HandoverTarget, event_ids: Sequence[str]) -> set[str]:
    """Which of `event_ids` are no longer pending for `target`: delivered or dropped."""
    if not event_ids:
        return set()
    with read_session(database) as session:
        rows = session.exec(
            select(HandoverOutbox.event_id)
            .where(col(HandoverOutbox.event_id).in_(event_ids))
            .where(HandoverOutbox.target == target)
            .where(HandoverOutbox.state != HandoverState.pending)
        ).all()
    return set(rows)


def record_refused(
    database: Engine,
    row_id: int,
    answer_status: int | None,
    answer: str,
    error: str,
    retry_at: datetime,
    now: datetime,
) -> None:
    """The receiver refused or could not be reached: try again at `retry_at`."""
    _update_pending(
        database,
        row_id,
        now,
        next_attempt_at=retry_at,
        answer_status=answer_status,
        answer=excerpt(answer),
        error=error,
    )


def record_dropped(database: Engine, row_id: int, reason: str, now: datetime) -> None:
    """The hand-over can never be made (its document was deleted): stop trying, say why."""
    _update_pending(database, row_id, now, tried=False, state=HandoverState.dropped, error=reason)


def _update_pending(
    database: Engine, row_id: int, now: datetime, tried: bool = True, **changes: Any
) -> None:
    """Record an attempt's outcome on a row that is still pending (else change nothing)."""
    with write_transaction(database) as session:
        row = session.get(HandoverOutbox, row_id)
        if row is None or row.state != HandoverState.pending:
            return
        row.attempts += 1 if tried else 0
        row.last_attempt_at = now
        for name, value in changes.items():
            setattr(row, name, value)
        session.add(row)


# --- what the receiver is sent ---------------------------------------------------------


def build_payload(
    database: Engine,
    delivery: Delivery,
    page_texts: str,
    link_base_url: str,
    data_dir: Path | None = None,
) -> dict[str, Any] | None:
    """The JSON for one hand-over; None when its document no longer exists.

    The event (its id, what happened, when) around the document as `docvault.records.document_json`
    describes it to every reader, built when it is sent: tags or facts a person corrected
    in the meantime go out corrected. The event's `status` is what it announces; the
    document's own may have moved on since (a re-run).
    """
    audience = Audience(base_url=link_base_url, texts=page_texts == "inline", data_dir=data_dir)
    document = describe(database, delivery.document_id, audience)
    if document is None:
        return None
    return {**_event_fields(delivery), "document": document}


def _event_fields(delivery: Delivery) -> dict[str, Any]:
    return {
        "event_id": delivery.event_id,
        "event": f"document.{delivery.status}",
        "occurred_at": delivery.occurred_at.isoformat(),
        "status": delivery.status,
    }


# --- what the status page and `docvault status` show ----------------------------------


def counts(database: Engine) -> dict[str, int]:
    """Hand-overs per state; `failing` counts the pending ones whose last try was refused."""
    with read_session(database) as session:
        rows = dict(
            session.exec(
                select(HandoverOutbox.state, func.count()).group_by(col(HandoverOutbox.state))
            ).all()
        )
        failing = session.exec(
            select(func.count())
            .select_from(HandoverOutbox)
            .where(
                and_(
                    col(HandoverOutbox.state) == HandoverState.pending,
                    col(HandoverOutbox.attempts) > 0,
                )
            )
        ).one()
    result = {state.value: int(rows.get(state.value, 0)) for state in HandoverState}
    result["failing"] = int(failing)
    return result


def failing(database: Engine, limit: int = 20) -> list[dict[str, Any]]:
    """The pending hand-overs the receiver refused, newest try first, with its answer."""
    with read_session(database) as session:
        rows = session.exec(
            select(HandoverOutbox, Document.original_name)
            .join(Document, col(Document.id) == col(HandoverOutbox.document_id), isouter=True)
            .where(HandoverOutbox.state == HandoverState.pending)
            .where(col(HandoverOutbox.attempts) > 0)
            .order_by(col(HandoverOutbox.last_attempt_at).desc())
            .limit(limit)
        ).all()
    return [_failing_row(row, name) for row, name in rows]


def _failing_row(row: HandoverOutbox, file_name: str | None) -> dict[str, Any]:
    return {
        "event_id": row.event_id,
        "document_id": row.document_id,
        "file_name": file_name,
        "status": row.status,
        "target": row.target,
        "attempts": row.attempts,
        "answer_status": row.answer_status,
        "answer": row.answer,
        "error": row.error,
        "last_attempt_at": row.last_attempt_at.isoformat() if row.last_attempt_at else None,
        "next_attempt_at": row.next_attempt_at.isoformat(),
    }


def summary(database: Engine) -> dict[str, Any]:
    """Counts and the failing deliveries, for the status page and `docvault status`."""
    return {**counts(database), "failures": failing(database)}
