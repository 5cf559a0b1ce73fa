"""The sender directory in the database: the clinic's correspondents and their marks.

It grows from confirmed letters: when staff confirm or correct a letter's sender, the
numbers and mail domains of that letter's head and foot become the sender's marks (and
stop being its former sender's, the marks being the letter's). An admin edits a sender's
name, address, numbers and domains (web page "Senders", `docvault senders`). The clinic's
own entry (``own``) is written from the ``clinic_*`` settings at start: its names and
numbers are the addressee's and never identify a sender. Titles are learned from the
confirmed titles themselves (no table of their own).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Engine, delete
from sqlmodel import Session, col, select

from docvault.db import write_transaction
from docvault.errors import FactRefused
from docvault.facts.extract.known import Directory, fold, marks_in, number_digits
from docvault.models import Correspondent, CorrespondentMark, DocumentFact, utcnow

# A sender's name as the fact keeps it (facts.store.MAX_VALUE_CHARACTERS).
MAX_NAME_CHARACTERS = 200


@dataclass(frozen=True)
class SenderEntry:
    """One sender as the directory page shows it."""

    id: int
    name: str
    address: str
    phones: list[str]
    faxes: list[str]
    domains: list[str]
    letters: int
    changed_by: str  # the admin who last changed it ("" for one learned from letters)
    typed: dict[str, list[str]]  # the numbers and domains an admin typed, by kind


def directory(session: Session) -> Directory:
    """The directory as the rules read it (`facts.extract.known`)."""
    people = {row.id: row for row in session.exec(select(Correspondent))}
    marks: dict[str, set[str]] = {}
    own_marks: set[str] = set()
    for mark in session.exec(select(CorrespondentMark)):
        owner = people.get(mark.correspondent_id)
        if owner is None:
            continue
        if owner.own:
            own_marks.add(mark.value)
        else:
            marks.setdefault(mark.value, set()).add(owner.name)
    titles = session.exec(
        select(DocumentFact.confirmed)
        .where(DocumentFact.field == "title")
        .where(col(DocumentFact.confirmed_at).is_not(None))
        .distinct()
    )
    return Directory(
        marks={value: frozenset(names) for value, names in marks.items()},
        names={fold(row.name): row.name for row in people.values() if not row.own},
        own_marks=frozenset(own_marks),
        own_names=frozenset(fold(row.name) for row in people.values() if row.own),
        titles=frozenset(title for title in titles if title),
    )


def learn(session: Session, document_id: int, name: str, text: str, mail_sender: str) -> None:
    """The letter's sender is ``name`` (confirmed by a person): its marks become that
    sender's, and no longer any other's it was learned for."""
    session.exec(delete(CorrespondentMark).where(col(CorrespondentMark.document_id) == document_id))
    if not name:
        return
    sender = _named(session, name)
    if sender.own:
        return  # the clinic itself: its marks come from the settings
    own = {mark.value for mark in _own_marks(session)}
    seen: set[tuple[str, str]] = set()
    for mark in marks_in(text, mail_sender):
        if mark.value in own or (mark.kind, mark.value) in seen:
            continue
        seen.add((mark.kind, mark.value))
        session.add(
            CorrespondentMark(
                correspondent_id=sender.id or 0,
                document_id=document_id,
                kind=mark.kind,
                value=mark.value,
            )
        )


def _named(session: Session, name: str, user: str = "") -> Correspondent:
    found = session.exec(select(Correspondent).where(Correspondent.name == name)).first()
    if found is None:
        found = Correspondent(name=name, updated_by=user)
        session.add(found)
        session.flush()
    return found


def _own_marks(session: Session) -> Sequence[CorrespondentMark]:
    return session.exec(
        select(CorrespondentMark)
        .join(Correspondent, col(Correspondent.id) == col(CorrespondentMark.correspondent_id))
        .where(col(Correspondent.own).is_(True))
    ).all()


def record_clinic(
    database: Engine, names: Sequence[str], numbers: Sequence[str], domains: Sequence[str]
) -> None:
    """Write the clinic's own entries from the settings (at every start): one per name,
    the first carrying the numbers and domains."""
    with write_transaction(database) as session:
        for row in session.exec(select(Correspondent).where(col(Correspondent.own).is_(True))):
            session.delete(row)
        session.flush()
        for position, name in enumerate(
            dict.fromkeys(name.strip() for name in names if name.strip())
        ):
            clinic = _named(session, name, "settings")
            clinic.own = True
            session.add(clinic)
            session.flush()
            if position == 0:
                _replace_typed(
                    session, clinic.id or 0, {"phone": list(numbers), "domain": list(domains)}
                )


def entries(session: Session) -> list[SenderEntry]:
    """Every sender (not the clinic's own), by name, with its marks and letters."""
    rows = session.exec(
        select(Correspondent)
        .where(col(Correspondent.own).is_(False))
        .order_by(col(Correspondent.name))
    )
    marks: dict[int, list[CorrespondentMark]] = {}
    for mark in session.exec(select(CorrespondentMark)):
        marks.setdefault(mark.correspondent_id, []).append(mark)
    return [_entry(row, marks.get(row.id or 0, [])) for row in rows]


def _entry(row: Correspondent, marks: Sequence[CorrespondentMark]) -> SenderEntry:
    def values(kind: str) -> list[str]:
        return sorted({mark.value for mark in marks if mark.kind == kind})

    letters = {mark.document_id for mark in marks if mark.document_id is not None}
    return SenderEntry(
        row.id or 0,
        row.name,
        row.address,
        values("phone"),
        values("fax"),
        values("domain"),
        len(letters),
        row.updated_by,
        {
            kind: sorted(
                {mark.value for mark in marks if mark.kind == kind and mark.document_id is None}
            )
            for kind in ("phone", "fax", "domain")
        },
    )


def edit(
    session: Session,
    sender_id: int | None,
    name: str,
    address: str,
    typed: dict[str, list[str]],
    user: str,
) -> Correspondent:
    """Add (``sender_id`` None) or change a sender as an admin typed it; the numbers and
    domains typed replace those typed before (learned ones stay)."""
    name = " ".join(name.split())
    if not name or len(name) > MAX_NAME_CHARACTERS:
        raise FactRefused(
            f"A sender needs a name of 1 to {MAX_NAME_CHARACTERS} characters.", "sender"
        )
    clash = session.exec(select(Correspondent).where(Correspondent.name == name)).first()
    if clash is not None and clash.id != sender_id:
        raise FactRefused(f"There is already a sender named {name!r}; change that one.", "sender")
    row = (
        session.get(Correspondent, sender_id) if sender_id is not None else Correspondent(name=name)
    )
    if row is None or row.own:
        raise FactRefused(
            "There is no such sender (the clinic's own entry is changed in the settings).",
            "sender",
        )
    row.name, row.address, row.updated_by, row.updated_at = name, address.strip(), user, utcnow()
    session.add(row)
    session.flush()
    _replace_typed(session, row.id or 0, typed)
    return row


def _replace_typed(session: Session, sender_id: int, typed: dict[str, list[str]]) -> None:
    session.exec(
        delete(CorrespondentMark)
        .where(col(CorrespondentMark.correspondent_id) == sender_id)
        .where(col(CorrespondentMark.document_id).is_(None))
    )
    for kind, values in typed.items():
        for value in values:
            cleaned = value.strip().lower() if kind == "domain" else number_digits(value)
            if not cleaned:
                what = "mail domain" if kind == "domain" else "telephone or fax number"
                raise FactRefused(
                    f"{value[:40]!r} is no {what} (a number has 7 to 15 digits).", "sender"
                )
            session.add(CorrespondentMark(correspondent_id=sender_id, kind=kind, value=cleaned))


def names(session: Session) -> list[str]:
    """The senders' names, for the document view's choice."""
    return list(
        session.exec(
            select(Correspondent.name)
            .where(col(Correspondent.own).is_(False))
            .order_by(col(Correspondent.name))
        )
    )
