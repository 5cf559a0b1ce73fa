"""A document's facts in the database: proposals from its text, a person's confirmations.

``refresh_proposals`` runs inside the queue's transaction that finishes a document's last
page (``docvault.queue``), so the proposals are there as soon as the document is, and again
after every re-run. A confirmed value is never replaced by a proposal. Whenever a
document's facts change, its pages go to the index outbox in the same transaction, so the
search fields ``patient:``, ``born:``, ``sender:`` and ``title:`` follow.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import Connection, Engine
from sqlmodel import Session, col, select

from docvault.db import write_transaction
from docvault.facts.extract import DATE_FIELDS, FIELD_LABELS, FIELDS, document_text, propose
from docvault.facts.extract import search_date as written_date_to_iso
from docvault.models import (
    Document,
    DocumentFact,
    IndexOutbox,
    Page,
    utcnow,
)
from docvault.vocabulary import DocumentStatus, PageStatus

# Facts are read from the first pages: a letter states them on its first page (its
# continuation sheets repeat the patient at most), and a long scan costs no more than that.
FACT_PAGES = 3
MAX_EVIDENCE_CHARACTERS = 300
MAX_VALUE_CHARACTERS = 200
_PAGES_WITH_TEXT = (PageStatus.done.value, PageStatus.looped.value)


class FactInputError(ValueError):
    """A confirmation or correction that cannot be taken; the message says why."""


@dataclass(frozen=True)
class FactView:
    """One field as the document view shows it."""

    field: str
    label: str
    value: str | None  # what counts: the confirmed value, else the proposal
    proposed: str | None
    evidence: str | None
    state: str  # "proposed", "confirmed", "corrected", "none"
    confirmed_by: str | None
    confirmed_at: datetime | None
    is_date: bool


@dataclass(frozen=True)
class FactChange:
    """What a confirmation or correction did, for the audit row."""

    field: str
    before: str | None
    after: str | None
    proposed: str | None


def _rows(session: Session, document_ids: Sequence[int]) -> list[DocumentFact]:
    return list(
        session.exec(select(DocumentFact).where(col(DocumentFact.document_id).in_(document_ids)))
    )


def refresh_proposals(session: Session, document_id: int, now: datetime | None = None) -> bool:
    """Propose the document's facts from its text again; True when what counts changed."""
    now = now or utcnow()
    document = session.get(Document, document_id)
    if document is None:
        return False
    texts = session.exec(
        select(Page.markdown)
        .where(Page.document_id == document_id)
        .where(col(Page.status).in_(_PAGES_WITH_TEXT))
        .order_by(col(Page.number))
        .limit(FACT_PAGES)
    ).all()
    proposals = propose(document_text([text or "" for text in texts]), _day(document))
    rows = {row.field: row for row in _rows(session, [document_id])}
    changed = False
    for field in FIELDS:
        proposal = proposals.get(field)
        row = rows.get(field)
        if row is None and proposal is None:
            continue
        row = row or DocumentFact(document_id=document_id, field=field)
        before = row.value
        row.proposed = proposal.value if proposal else None
        row.evidence = proposal.evidence[:MAX_EVIDENCE_CHARACTERS] if proposal else None
        row.proposed_at = now
        session.add(row)
        changed |= row.value != before
    if changed:
        queue_reindex(session, document_id)
    return changed


def propose_unread(engine: Engine, again: bool = False, batch: int = 200) -> int:
    """Propose the facts of finished documents that have none (read before docvault
    proposed facts), or of every finished document with ``again``; confirmed values stay.
    One write transaction per ``batch`` documents, so the daemon's writers never wait
    long. Returns how many documents were read."""
    finished = (DocumentStatus.done.value, DocumentStatus.attention.value)
    last, count = 0, 0
    while True:
        statement = (
            select(Document.id)
            .where(col(Document.status).in_(finished))
            .where(col(Document.id) > last)
            .order_by(col(Document.id))
            .limit(batch)
        )
        if not again:
            statement = statement.where(~col(Document.id).in_(select(DocumentFact.document_id)))
        with Session(engine) as session:
            document_ids = [document_id for document_id in session.exec(statement) if document_id]
        if not document_ids:
            return count
        with write_transaction(engine) as session:
            for document_id in document_ids:
                refresh_proposals(session, document_id)
        count += len(document_ids)
        last = document_ids[-1]


def _day(document: Document) -> date:
    """The day a letter is judged from: a letter is not dated long after it arrived."""
    return document.received_at.date()


def queue_reindex(session: Session, document_id: int) -> None:
    """Put every page of the document with text into the index outbox."""
    page_ids = session.exec(
        select(Page.id)
        .where(Page.document_id == document_id)
        .where(col(Page.status).in_(_PAGES_WITH_TEXT))
    ).all()
    session.add_all(
        IndexOutbox(page_id=page_id, document_id=document_id)
        for page_id in page_ids
        if page_id is not None
    )


def confirm(
    session: Session,
    document_id: int,
    field: str,
    user_name: str,
    corrected: str | None = None,
    now: datetime | None = None,
) -> FactChange:
    """Confirm the proposal of ``field`` (``corrected`` None) or correct it to ``corrected``.

    An empty correction says the letter names no such fact. Dates may be written in any
    form (12.3.1961, 12. März 1961) and are kept as ISO.
    """
    if field not in FIELDS:
        raise FactInputError(
            f"{field!r} is not a fact docvault keeps; it keeps {', '.join(FIELDS)}."
        )
    if session.get(Document, document_id) is None:
        raise FactInputError(f"There is no document {document_id} in the archive.")
    row = session.exec(
        select(DocumentFact)
        .where(DocumentFact.document_id == document_id)
        .where(DocumentFact.field == field)
    ).first() or DocumentFact(document_id=document_id, field=field)
    before = row.value
    if corrected is None:
        if not row.proposed:
            raise FactInputError(
                f"There is no proposal for {FIELD_LABELS[field].lower()} to confirm; type "
                "the value and choose Correct."
            )
        value: str = row.proposed
    else:
        value = _clean(field, corrected)
    row.confirmed = value
    row.confirmed_by = user_name
    row.confirmed_at = now or utcnow()
    session.add(row)
    if row.value != before:
        queue_reindex(session, document_id)
    return FactChange(field, before, row.value, row.proposed)


def _clean(field: str, typed: str) -> str:
    value = " ".join(typed.split())
    if len(value) > MAX_VALUE_CHARACTERS:
        raise FactInputError(
            f"The {FIELD_LABELS[field].lower()} is {len(value)} characters long; at most "
            f"{MAX_VALUE_CHARACTERS} are kept."
        )
    if field in DATE_FIELDS and value:
        iso = written_date_to_iso(value)
        if iso is None or len(iso) != 10:
            raise FactInputError(
                f"{value!r} is not a date docvault can read; write it as 12.03.1961 or 1961-03-12."
            )
        return iso
    return value


def _state(row: DocumentFact) -> str:
    if row.confirmed_at is None:
        return "proposed" if row.proposed else "none"
    return "confirmed" if row.confirmed == row.proposed else "corrected"


def facts_of(session: Session, document_id: int) -> list[FactView]:
    """Every field of the document, in a fixed order, for the document view."""
    rows = {row.field: row for row in _rows(session, [document_id])}
    views = []
    for field in FIELDS:
        row = rows.get(field) or DocumentFact(document_id=document_id, field=field)
        views.append(
            FactView(
                field=field,
                label=FIELD_LABELS[field],
                value=row.value,
                proposed=row.proposed,
                evidence=row.evidence,
                state=_state(row),
                confirmed_by=row.confirmed_by,
                confirmed_at=row.confirmed_at,
                is_date=field in DATE_FIELDS,
            )
        )
    return views


def values_of(session: Session, document_ids: Iterable[int]) -> dict[int, dict[str, str]]:
    """What counts for each document's fields (confirmed, else proposed), for the index."""
    found: dict[int, dict[str, str]] = {}
    for row in _rows(session, sorted(set(document_ids))):
        if row.value:
            found.setdefault(row.document_id, {})[row.field] = row.value
    return found


def patient_for_documents(
    session_or_conn: Session | Connection | Engine, document_ids: Iterable[int]
) -> dict[int, str]:
    """The patient of each document that names one (confirmed, else proposed).

    For the arrivals list and the webhook payload; takes a session, a connection or an
    engine, whichever the caller holds.
    """
    ids = sorted(set(document_ids))
    if not ids:
        return {}
    if isinstance(session_or_conn, Session):
        return _patients(session_or_conn, ids)
    with Session(session_or_conn) as session:
        return _patients(session, ids)


def _patients(session: Session, document_ids: Sequence[int]) -> dict[int, str]:
    rows = session.exec(
        select(DocumentFact)
        .where(col(DocumentFact.document_id).in_(document_ids))
        .where(DocumentFact.field == "patient")
    ).all()
    return {row.document_id: value for row in rows if (value := row.value)}
