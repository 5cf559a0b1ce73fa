"""A document's facts in the database: proposals from its text, a person's confirmations.

The transaction that finishes a document's last page (``docvault.records``) only marks its
facts due; ``docvault.facts.outbox`` proposes them (``proposals_of``) outside SQLite's
write lock and keeps them (``store_proposals``) in a short transaction of their own, after
every reading, re-runs included. A confirmed value is never replaced by a proposal. Whenever a
document's facts change, its pages go to the index outbox in the same transaction, so the
search fields ``patient:``, ``born:``, ``sender:`` and ``title:`` follow.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from functools import cache

from sqlalchemy import Connection, Engine, delete
from sqlmodel import Session, col, select

from docvault.db import write_transaction
from docvault.errors import FactRefused
from docvault.facts import register, senders
from docvault.facts.extract import (
    DATE_FIELDS,
    EARLIEST_LETTER,
    FIELD_LABELS,
    FIELDS,
    LETTER_DATE_AHEAD,
    Proposal,
    document_text,
    foreign_digit,
    propose,
    stored_date,
    unwanted_character,
    written_date,
)
from docvault.facts.extract.known import with_directory
from docvault.facts.patient_match import PatientMatch, match_patient
from docvault.facts.register_files import MAX_ID_CHARACTERS
from docvault.models import (
    SEARCHED_PAGE_STATES,
    Document,
    DocumentFact,
    IndexProblem,
    MailDocument,
    MailMessage,
    Page,
    reindex_document,
    utcnow,
)
from docvault.textutil import strip_markup
from docvault.vocabulary import DocumentStatus, FactState

# Facts are read from the first pages: a letter states them on its first page (its
# continuation sheets repeat the patient at most), and a long scan costs no more than that.
FACT_PAGES = 3
MAX_EVIDENCE_CHARACTERS = 300
MAX_VALUE_CHARACTERS = 200
# A name has at most this many characters (the longest names of a civil register are some
# 100); a sender or a title at most MAX_VALUE_CHARACTERS.
MAX_CHARACTERS = {
    "patient": 120,
    "sender": MAX_VALUE_CHARACTERS,
    "title": MAX_VALUE_CHARACTERS,
    "patient_id": MAX_ID_CHARACTERS,
}
# The oldest date of birth docvault takes: no living patient was born before it.
EARLIEST_BIRTH = date(1900, 1, 1)

# A confirmation or correction that cannot be taken (docvault.errors.FactRefused); the name
# the web view and the tests have used since issue 18.
FactInputError = FactRefused


@dataclass(frozen=True)
class FactView:
    """One field as the document view shows it."""

    field: str
    label: str
    value: str | None  # what counts: the confirmed value, else the proposal
    proposed: str | None
    evidence: str | None
    state: FactState
    confirmed_by: str | None
    confirmed_at: datetime | None
    is_date: bool
    # A stored value that is not what the field claims (a confirmation from before the
    # checks existed, month 13): never shown as the value nor handed over; the panel
    # offers to correct it, with ``problem`` saying what is wrong.
    invalid: str | None = None
    problem: str | None = None


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


@dataclass(frozen=True)
class Proposals:
    """What a document's text proposes for each field, and the notes of fields it proposes
    nothing for (an ambiguous patient: the register entries it could be)."""

    values: dict[str, Proposal]
    notes: dict[str, str]


def refresh_proposals(session: Session, document_id: int, now: datetime | None = None) -> bool:
    """Propose the document's facts from its text again; True when what counts changed."""
    proposals = proposals_of(session, document_id)
    return proposals is not None and store_proposals(session, document_id, proposals, now)


def proposals_of(session: Session, document_id: int) -> Proposals | None:
    """The document's facts proposed from its first pages' text (None: no such document).
    Reads only: `docvault.facts.outbox` runs it outside the write lock."""
    document = session.get(Document, document_id)
    if document is None:
        return None
    texts = session.exec(
        select(Page.markdown)
        .where(Page.document_id == document_id)
        .where(col(Page.status).in_(SEARCHED_PAGE_STATES))
        .order_by(col(Page.number))
        .limit(FACT_PAGES)
    ).all()
    pages = [text or "" for text in texts]
    text = document_text(pages)
    values = with_directory(
        propose(text, _day(document)),
        text,
        senders.directory(session),
        mail_sender(session, document_id),
    )
    match = match_patient([strip_markup(text) for text in pages], register.lookup(session))
    values = with_register(values, match)
    notes = {"patient_id": match.evidence} if match.ambiguous else {}
    return Proposals(values, notes)


def store_proposals(
    session: Session, document_id: int, proposals: Proposals, now: datetime | None = None
) -> bool:
    """Keep `proposals` as the document's; True when what counts changed (its pages then
    go to the index outbox in this transaction)."""
    now = now or utcnow()
    rows = {row.field: row for row in _rows(session, [document_id])}
    changed = False
    for field in FIELDS:
        proposal = proposals.values.get(field)
        if proposal is not None and value_problem(field, proposal.value) is not None:
            proposal = None  # read from OCR text: a control character, a date misread
        row = rows.get(field)
        note = proposal.evidence if proposal else proposals.notes.get(field)
        if row is None and note is None:
            continue
        row = row or DocumentFact(document_id=document_id, field=field)
        before = row.value
        row.proposed = proposal.value if proposal else None
        row.evidence = note[:MAX_EVIDENCE_CHARACTERS] if note else None
        row.proposed_at = now
        session.add(row)
        changed |= row.value != before
    if changed:
        queue_reindex(session, document_id)
    return changed


def mail_sender(session: Session, document_id: int) -> str:
    """The address of the message the document came with, if it came by mail."""
    found = session.exec(
        select(MailMessage.sender_address)
        .join(MailDocument, col(MailDocument.message_id) == col(MailMessage.id))
        .where(MailDocument.document_id == document_id)
    ).first()
    return found or ""


def _letter_text(session: Session, document_id: int) -> str:
    texts = session.exec(
        select(Page.markdown)
        .where(Page.document_id == document_id)
        .where(col(Page.status).in_(SEARCHED_PAGE_STATES))
        .order_by(col(Page.number))
        .limit(FACT_PAGES)
    ).all()
    return document_text([text or "" for text in texts])


def with_register(values: dict[str, Proposal], match: PatientMatch) -> dict[str, Proposal]:
    """The rules' proposals with the register's over them. A letter date on or before the
    register's birth date is the patient's birth date read as the letter's (a form that
    prints it alone under a label the rules did not tie to it): left out, as a misread."""
    combined = {**values, **register_proposals(match)}
    born, written = combined.get("born"), combined.get("letter_date")
    if born is not None and written is not None and written.value <= born.value:
        del combined["letter_date"]
    return combined


def register_proposals(match: PatientMatch) -> dict[str, Proposal]:
    """The patient's number, name and birth date as the register holds them, when the
    letter names one register entry (the rules' reading of the name gives way: the
    register spells it as the practice system files it)."""
    record = match.record
    if record is None:
        return _shared_by_namesakes(match)
    evidence = f"register: {match.evidence}"
    return {
        "patient_id": Proposal("patient_id", record.patient_id, evidence),
        "patient": Proposal("patient", record.full_name, evidence),
        "born": Proposal("born", record.birth_date.isoformat(), evidence),
    }


def _shared_by_namesakes(match: PatientMatch) -> dict[str, Proposal]:
    """Where several register entries fit (namesakes born the same day), the name and birth
    date they share, as the register spells them ("Huber Rainer" is Rainer Huber): which
    patient it is stays for staff to pick."""
    names = {record.full_name for record in match.ambiguous}
    born = {record.birth_date for record in match.ambiguous}
    if len(names) != 1 or len(born) != 1:
        return {}
    evidence = f"register, shared by {len(match.ambiguous)} entries: {match.evidence}"
    return {
        "patient": Proposal("patient", names.pop(), evidence),
        "born": Proposal("born", born.pop().isoformat(), evidence),
    }


def propose_unread(database: Engine, again: bool = False, batch: int = 200) -> int:
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
        with Session(database) as session:
            document_ids = [document_id for document_id in session.exec(statement) if document_id]
        if not document_ids:
            return count
        with write_transaction(database) as session:
            for document_id in document_ids:
                refresh_proposals(session, document_id)
        count += len(document_ids)
        last = document_ids[-1]


def _day(document: Document) -> date:
    """The day a letter is judged from: a letter is not dated long after it arrived."""
    return document.received_at.date()


def queue_reindex(session: Session, document_id: int) -> None:
    """Put every page of the document with text into the index outbox.

    Its facts changed: a problem the index writer recorded for it (a bad date) may be
    gone, so it is forgotten and the document tried again at the next drain."""
    session.exec(delete(IndexProblem).where(col(IndexProblem.document_id) == document_id))
    reindex_document(session, document_id)


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
            f"{field[:40]!r} is not a fact docvault keeps; it keeps {', '.join(FIELDS)}."
        )
    if session.get(Document, document_id) is None:
        raise FactInputError(f"There is no document {document_id} in the archive.", field)
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
                "the value and choose Correct.",
                field,
            )
        value: str = row.proposed
        problem = value_problem(field, value)
        if problem is not None:
            raise FactInputError(
                f"The proposal {problem} It cannot be confirmed: type the right value and "
                "choose Correct.",
                field,
            )
    else:
        value = clean(field, corrected, (now or utcnow()).date())
    if field == "patient_id" and value:
        _check_registered(session, value)
    row.confirmed = value
    row.confirmed_by = user_name
    row.confirmed_at = now or utcnow()
    session.add(row)
    if field == "sender":  # the sender directory learns the letter's numbers and domains
        text = _letter_text(session, document_id)
        senders.learn(session, document_id, value, text, mail_sender(session, document_id))
    if row.value != before:
        queue_reindex(session, document_id)
    return FactChange(field, before, row.value, row.proposed)


def _check_registered(session: Session, patient_id: str) -> None:
    """A patient number must be one the register holds, where docvault keeps a register:
    a typo would file the letter under nobody, or under somebody else."""
    if register.register_size(session) and register.patient(session, patient_id) is None:
        raise FactRefused(
            f"The patient number {patient_id!r} is not in the patient register; type the "
            "number the practice system shows for the patient (the register is refreshed "
            "from its export: `docvault register`).",
            "patient_id",
        )


def clean(field: str, typed: str, today: date | None = None) -> str:
    """What a person typed for ``field``, as docvault keeps it; FactRefused says why not.

    Text is taken in Unicode's composed form (NFC: an "é" typed as "e" and an accent is
    the same "é" as one typed at once) with its spaces collapsed; a date must be a real
    calendar day in the field's range, written with the digits 0-9, and is kept as ISO.
    An empty value says the letter names none.
    """
    label = FIELD_LABELS[field]
    unwanted = unwanted_character(typed)
    if unwanted is not None:
        raise FactRefused(
            f"The {label.lower()} you typed contains the invisible character {unwanted}, "
            f"which can hide or reorder what it shows; type the {label.lower()} again "
            "without it.",
            field,
        )
    value = " ".join(unicodedata.normalize("NFC", typed).split())
    if field in DATE_FIELDS:
        return _clean_date(field, value, today or utcnow().date()) if value else ""
    limit = MAX_CHARACTERS[field]
    if len(value) > limit:
        raise FactRefused(
            f"The {label.lower()} is {len(value)} characters long; at most {limit} are "
            "kept. Shorten it.",
            field,
        )
    return value


def date_range(field: str, today: date) -> tuple[date, date]:
    """The first and last day a date of ``field`` may name, as of ``today``."""
    if field == "born":
        return EARLIEST_BIRTH, today
    return EARLIEST_LETTER, today + LETTER_DATE_AHEAD


def _clean_date(field: str, value: str, today: date) -> str:
    label = FIELD_LABELS[field].lower()
    digit = foreign_digit(value)
    if digit is not None:
        raise FactRefused(
            f"The {label} {value!r} is written with the digit {digit}; write it with the "
            "digits 0-9, as 12.03.1961 or 1961-03-12.",
            field,
        )
    earliest, latest = date_range(field, today)
    day = written_date(value, earliest, latest)
    if day is None:
        raise FactRefused(
            f"{value!r} is not a date docvault can read as a {label}: write a real calendar "
            f"day from {earliest:%d.%m.%Y} to {latest:%d.%m.%Y} with the digits 0-9, as "
            "12.03.1961 or 1961-03-12.",
            field,
        )
    return day.isoformat()


def value_problem(field: str, value: str) -> str | None:
    """Why a stored value (or a proposal) is not what ``field`` claims, as the end of a
    sentence ("'1961-13-01' is not a real calendar day."); None when it is sound."""
    if field in DATE_FIELDS:
        if stored_date(value) is None:
            return f"{value[:40]!r} is not a real calendar day written as docvault keeps dates."
        return None
    unwanted = unwanted_character(value)
    if unwanted is not None:
        return f"{value[:40]!r} contains the invisible character {unwanted}."
    # The bound every value had before issue 25 (a name of 150 characters confirmed then
    # stays sound); what a person types now is held to its field's own (``clean``).
    if len(value) > MAX_VALUE_CHARACTERS:
        return f"{value[:40]!r}… is longer than {MAX_VALUE_CHARACTERS} characters."
    return None


def _state(row: DocumentFact) -> FactState:
    if row.confirmed_at is None:
        return FactState.proposed if row.proposed else FactState.none
    return FactState.confirmed if row.confirmed == row.proposed else FactState.corrected


def facts_of(session: Session, document_id: int) -> list[FactView]:
    """Every field of the document, in a fixed order, for the document view and the
    hand-over. A stored value that is not what its field claims is no value here (the
    practice system is never told "1961-13-01"): its state is "invalid"."""
    return facts_of_documents(session, [document_id])[document_id]


def facts_of_documents(session: Session, document_ids: Sequence[int]) -> dict[int, list[FactView]]:
    """``facts_of`` for many documents in one query (``docvault documents --json`` describes
    every document; a query per document made the listing as slow as the archive is big)."""
    rows: dict[int, dict[str, DocumentFact]] = {}
    for row in _rows(session, sorted(set(document_ids))):
        rows.setdefault(row.document_id, {})[row.field] = row
    return {
        document_id: [
            _view(stored) if (stored := rows.get(document_id, {}).get(field)) else _no_fact(field)
            for field in FIELDS
        ]
        for document_id in document_ids
    }


@cache
def _no_fact(field: str) -> FactView:
    """The view of a field a document has no row for (nothing proposed, nothing confirmed),
    made once: a SQLModel row per missing field was half the time of listing 10,000
    documents."""
    return _view(DocumentFact(document_id=0, field=field))


def _view(row: DocumentFact) -> FactView:
    value = row.value
    problem = value_problem(row.field, value) if value else None
    proposed = row.proposed
    if proposed and value_problem(row.field, proposed) is not None:
        proposed = None  # proposed before the checks existed: no proposal to confirm
    return FactView(
        field=row.field,
        label=FIELD_LABELS[row.field],
        value=None if problem else value,
        proposed=proposed,
        evidence=row.evidence,
        state=FactState.invalid if problem else _state(row),
        confirmed_by=row.confirmed_by,
        confirmed_at=row.confirmed_at,
        is_date=row.field in DATE_FIELDS,
        invalid=value if problem else None,
        problem=problem,
    )


def views_of(session: Session, document_ids: Iterable[int]) -> dict[int, dict[str, FactView]]:
    """The fields of each document that have a value, as the lists show them (the value, and
    whether a person confirmed it or it is still docvault's proposal); a stored value that is
    not valid is listed too, as invalid, so the list never hides what the panel shows."""
    found: dict[int, dict[str, FactView]] = {}
    for row in _rows(session, sorted(set(document_ids))):
        view = _view(row)
        if view.value or view.invalid:
            found.setdefault(row.document_id, {})[row.field] = view
    return found


def open_proposals(session: Session, document_id: int) -> list[str]:
    """The fields of a document whose proposal no person has confirmed or corrected yet."""
    return [
        view.field for view in facts_of(session, document_id) if view.state == FactState.proposed
    ]


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
