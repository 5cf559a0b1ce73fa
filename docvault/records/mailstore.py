"""The mail tables: which messages of a mailbox docvault has seen, and where each of its
documents came from.

`mail_messages` remembers every message intake has decided about, by mailbox,
UIDVALIDITY and UID, so that no message is taken twice and nothing that was looked at is
looked at again (one UID SEARCH for what is newer answers a poll). `mail_documents` links
a message to the documents made of its attachments: a letter's sender, subject and date
as the mail gave them, and its delivery (the other attachments of the same message), for
the document view, the search index and the hand-over.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import Engine, and_, func, or_, update
from sqlmodel import Session, col, select

from docvault.db import read_session, write_transaction
from docvault.errors import MailUnreadable
from docvault.models import Document, MailDocument, MailMessage, reindex_document, utcnow
from docvault.vocabulary import DocumentStatus, MailState

# The states of a message whose content docvault holds: the same message seen again (a
# new UIDVALIDITY, a copy) is matched against these, never taken again.
HELD_STATES = (MailState.archived.value, MailState.done.value, MailState.known.value)


@dataclass(frozen=True)
class Seen:
    """A message as intake records it (its summary and where it stands)."""

    mailbox: str
    uidvalidity: int
    uid: int
    state: MailState
    size_bytes: int
    message_id: str | None = None
    sender: str = ""
    sender_address: str = ""
    subject: str = ""
    sent_at: datetime | None = None
    eml_sha256: str | None = None
    eml_path: str | None = None
    problem: str | None = None
    same_as_id: int | None = None


@dataclass(frozen=True)
class Delivered:
    """One document made of a message: the attachment's place and name in it."""

    document_id: int
    position: int  # 0: the message itself (kept as a document when nothing in it could be)
    file_name: str


@dataclass(frozen=True)
class MailOrigin:
    """Where a document came from when it came by mail."""

    mailbox: str
    sender: str
    sender_address: str
    subject: str
    sent_at: datetime | None
    message_id: str | None
    eml_path: str | None
    file_name: str  # the attachment's name in the message
    # The message's other documents (id, file name): one delivery.
    delivered_with: tuple[tuple[int, str], ...] = field(default=())


def next_uid(database: Engine, mailbox: str, uidvalidity: int) -> int:
    """The first UID not yet decided about: messages are decided in UID order, and a new
    message always gets a UID above every earlier one (RFC 3501)."""
    with read_session(database) as session:
        highest = session.exec(
            select(func.max(MailMessage.uid)).where(
                MailMessage.mailbox == mailbox, MailMessage.uidvalidity == uidvalidity
            )
        ).one()
    return int(highest or 0) + 1


def remembered(database: Engine, mailbox: str, uidvalidity: int, uids: Sequence[int]) -> set[int]:
    """Which of these UIDs are decided about already."""
    if not uids:
        return set()
    with read_session(database) as session:
        found = session.exec(
            select(MailMessage.uid).where(
                MailMessage.mailbox == mailbox,
                MailMessage.uidvalidity == uidvalidity,
                col(MailMessage.uid) >= min(uids),
            )
        ).all()
    return set(found) & set(uids)


def last_uidvalidity(database: Engine, mailbox: str) -> int | None:
    """The UIDVALIDITY of the mailbox's latest recorded message (None: none yet; a
    numbering retired by `retire_numbering` is none)."""
    with read_session(database) as session:
        return session.exec(
            select(MailMessage.uidvalidity)
            .where(MailMessage.mailbox == mailbox, col(MailMessage.uidvalidity) > 0)
            .order_by(col(MailMessage.id).desc())
            .limit(1)
        ).first()


def retire_numbering(database: Engine, mailbox: str, uidvalidity: int) -> int:
    """The server numbers the folder from below UIDs docvault decided about, keeping its
    UIDVALIDITY: those UIDs now name other messages. The rows of that numbering (but one
    being read, which its next look judges) leave it for a UIDVALIDITY no server gives (0
    and below, RFC 3501), unique to this retirement: their documents, links and archived
    messages stay, `same_message` still matches them, and no UID of theirs is taken for a
    message of the new numbering, nor acted on at the server. How many rows left it."""
    with write_transaction(database) as session:
        rows = session.exec(
            select(MailMessage).where(
                MailMessage.mailbox == mailbox,
                MailMessage.uidvalidity == uidvalidity,
                MailMessage.state != MailState.reading.value,
            )
        ).all()
        if not rows:
            return 0
        retired = -min(row.id or 0 for row in rows)
        for row in rows:
            row.uidvalidity = retired
            session.add(row)
        return len(rows)


def same_message(
    database: Engine,
    mailbox: str,
    message_id: str | None = None,
    size_bytes: int | None = None,
    eml_sha256: str | None = None,
) -> MailMessage | None:
    """A message of this mailbox docvault holds already: the same Message-ID and size (told
    before downloading), or the same bytes (told after)."""
    query = select(MailMessage).where(
        MailMessage.mailbox == mailbox, col(MailMessage.state).in_(HELD_STATES)
    )
    if eml_sha256 is not None:
        query = query.where(MailMessage.eml_sha256 == eml_sha256)
    elif message_id and size_bytes is not None:
        query = query.where(
            MailMessage.message_id == message_id, MailMessage.size_bytes == size_bytes
        )
    else:
        return None
    with read_session(database) as session:
        return session.exec(query.order_by(col(MailMessage.id)).limit(1)).first()


def _row(session: Session, mailbox: str, uidvalidity: int, uid: int) -> MailMessage | None:
    return session.exec(
        select(MailMessage).where(
            MailMessage.mailbox == mailbox,
            MailMessage.uidvalidity == uidvalidity,
            MailMessage.uid == uid,
        )
    ).first()


def hold(database: Engine, mailbox: str, uidvalidity: int, uid: int, size_bytes: int) -> None:
    """Custody first: a message is remembered (state reading) before anything parses it, so
    that one that stops docvault while it is read is not fetched again at the next start."""
    with write_transaction(database) as session:
        if _row(session, mailbox, uidvalidity, uid) is None:
            session.add(
                MailMessage(
                    mailbox=mailbox,
                    uidvalidity=uidvalidity,
                    uid=uid,
                    state=MailState.reading.value,
                    size_bytes=size_bytes,
                )
            )


def hold_copy(
    database: Engine, mailbox: str, uidvalidity: int, uid: int, eml_sha256: str, eml_path: str
) -> None:
    """The message's bytes are in the archive: the held row names them (no orphan, even
    if reading the message stops docvault)."""
    with write_transaction(database) as session:
        session.execute(
            update(MailMessage)
            .where(
                col(MailMessage.mailbox) == mailbox,
                col(MailMessage.uidvalidity) == uidvalidity,
                col(MailMessage.uid) == uid,
                col(MailMessage.state) == MailState.reading.value,
            )
            .values(eml_sha256=eml_sha256, eml_path=eml_path)
        )


def release(database: Engine, mailbox: str, uidvalidity: int, uid: int) -> None:
    """A held message not judged because docvault is stopping: forgotten, read at the next
    start as if never seen."""
    with write_transaction(database) as session:
        row = _row(session, mailbox, uidvalidity, uid)
        if row is not None and row.state == MailState.reading.value:
            session.delete(row)


def interrupted(database: Engine, mailbox: str) -> list[MailMessage]:
    """Messages held but never judged: docvault stopped (or was killed) while it read them."""
    with read_session(database) as session:
        return list(
            session.exec(
                select(MailMessage).where(
                    MailMessage.mailbox == mailbox,
                    MailMessage.state == MailState.reading.value,
                )
            ).all()
        )


# A held message's `problem` while it is read again after interruptions: the runs that
# stopped while it was being read ("strikes"), then all the runs that stopped while it was
# taken ("2/5"); a run that has read it whole adds READ_WHOLE.
INTERRUPTED = "interrupted while being taken, times: "
READ_WHOLE = "; read whole"


@dataclass(frozen=True)
class Interruptions:
    """How often runs stopped while taking a held message: `while_read`, before the message
    was read whole (the message may be what stops docvault); `in_all`, at any moment."""

    while_read: int
    in_all: int


def interruptions(row: MailMessage) -> Interruptions:
    """How many runs stopped while taking this held message before the current one."""
    if not (row.problem and row.problem.startswith(INTERRUPTED)):
        return Interruptions(0, 0)
    counts = row.problem.removeprefix(INTERRUPTED).removesuffix(READ_WHOLE)
    while_read, _, in_all = counts.partition("/")
    return Interruptions(int(while_read), int(in_all or while_read))


def read_whole(row: MailMessage) -> bool:
    """Whether the run that stopped had read the held message whole (its parts were being
    taken): a stop then is not the message's doing."""
    return bool(row.problem and row.problem.endswith(READ_WHOLE))


def _interrupted_text(times: Interruptions, whole: bool = False) -> str:
    return f"{INTERRUPTED}{times.while_read}/{times.in_all}{READ_WHOLE if whole else ''}"


def mark_interrupted(database: Engine, row_id: int, times: Interruptions) -> None:
    """A held message found at start: read once more, the interruptions counted."""
    with write_transaction(database) as session:
        session.execute(
            update(MailMessage)
            .where(col(MailMessage.id) == row_id)
            .values(problem=_interrupted_text(times))
        )


def mark_read_whole(database: Engine, mailbox: str, uidvalidity: int, uid: int) -> None:
    """The held message was read whole: a stop from now on in this run is not its doing."""
    with write_transaction(database) as session:
        row = _row(session, mailbox, uidvalidity, uid)
        if row is not None and row.state == MailState.reading.value:
            row.problem = _interrupted_text(interruptions(row), whole=True)
            session.add(row)


def refuse(database: Engine, row_id: int, sentence: str) -> None:
    """A held message not to be read again (unless a person asks): the sentence why."""
    with write_transaction(database) as session:
        session.execute(
            update(MailMessage)
            .where(col(MailMessage.id) == row_id)
            .values(state=MailState.refused.value, problem=sentence)
        )


def retry_refused(database: Engine, mailbox: str, uids: Sequence[int] = ()) -> list[int]:
    """A person asks for refused messages to be read again (all of the mailbox's, or these
    UIDs): marked, and forgotten by the mailbox's part at its next look (`forget_fitting`),
    which fetches them then. The UIDs marked."""
    with write_transaction(database) as session:
        query = select(MailMessage).where(
            MailMessage.mailbox == mailbox, MailMessage.state == MailState.refused.value
        )
        if uids:
            query = query.where(col(MailMessage.uid).in_(list(uids)))
        rows = session.exec(query).all()
        for row in rows:
            row.state = MailState.retry.value
            session.add(row)
        return sorted(row.uid for row in rows)


def record(database: Engine, seen: Seen, documents: Iterable[Delivered] = ()) -> int:
    """Remember a message (and link its documents) in one transaction; the id of its row.
    A message recorded already (a crash after the commit) keeps its first row; one held
    while it was read (`hold`) is judged now."""
    with write_transaction(database) as session:
        existing = _row(session, seen.mailbox, seen.uidvalidity, seen.uid)
        if existing is not None and existing.state != MailState.reading.value:
            assert existing.id is not None
            return existing.id
        if existing is not None:
            session.delete(existing)
            session.flush()
        row = MailMessage(**{**seen.__dict__, "state": seen.state.value})
        session.add(row)
        session.flush()
        assert row.id is not None
        _link(session, row.id, documents)
        return row.id


def _link(session: Session, row_id: int, documents: Iterable[Delivered]) -> None:
    for delivered in documents:
        session.add(MailDocument(message_id=row_id, **delivered.__dict__))
        # A document read before (the same bytes came from a folder) now has a message:
        # its pages go back to the index with the link, so that from: and subject: find
        # it. A new document has no read page yet; it is indexed with the message.
        reindex_document(session, delivered.document_id)


def kept_unreadable(
    database: Engine, mailbox: str, uids: Sequence[int] = ()
) -> list[tuple[MailMessage, int]]:
    """Messages of the mailbox kept whole in the archive because they could not be read
    within the limits (`mail-unreadable`, still refused), each with its kept document's id:
    all of them, or those of these UIDs. For a person's ask to read them again."""
    query = (
        select(MailMessage, Document.id)
        .join(MailDocument, col(MailDocument.message_id) == col(MailMessage.id))
        .join(Document, col(Document.id) == col(MailDocument.document_id))
        .where(
            MailMessage.mailbox == mailbox,
            col(MailMessage.eml_path).is_not(None),
            MailDocument.position == 0,
            Document.error_class == MailUnreadable.code,
            Document.status == DocumentStatus.failed.value,
            # Read again already (its attachments are documents of it): never taken twice.
            col(MailMessage.id).not_in(
                select(MailDocument.message_id).where(col(MailDocument.position) > 0)
            ),
        )
        .order_by(col(MailMessage.uid))
    )
    if uids:
        query = query.where(col(MailMessage.uid).in_(list(uids)))
    with read_session(database) as session:
        return [(row, int(document_id or 0)) for row, document_id in session.exec(query).all()]


def link_documents(
    database: Engine, row_id: int, documents: Sequence[Delivered], problem: str | None
) -> None:
    """A kept message read again: the documents made of it now link to it, and its note is
    what the reading said (None: nothing left out)."""
    with write_transaction(database) as session:
        _link(session, row_id, documents)
        session.execute(
            update(MailMessage).where(col(MailMessage.id) == row_id).values(problem=problem)
        )


def unacted(database: Engine, mailbox: str, uidvalidity: int) -> list[int]:
    """The UIDs of messages held safely but not yet acted on at the server."""
    with read_session(database) as session:
        return list(
            session.exec(
                select(MailMessage.uid).where(
                    MailMessage.mailbox == mailbox,
                    MailMessage.uidvalidity == uidvalidity,
                    MailMessage.state == MailState.archived.value,
                )
            ).all()
        )


def record_acted(database: Engine, mailbox: str, uidvalidity: int, uids: Sequence[int]) -> None:
    if not uids:
        return
    with write_transaction(database) as session:
        session.execute(
            update(MailMessage)
            .where(
                col(MailMessage.mailbox) == mailbox,
                col(MailMessage.uidvalidity) == uidvalidity,
                col(MailMessage.uid).in_(uids),
                col(MailMessage.state) == MailState.archived.value,
            )
            .values(state=MailState.done.value, acted_at=utcnow())
        )


def forget_fitting(database: Engine, mailbox: str, max_bytes: int) -> int:
    """Messages left on the server as too large that fit the limit now (it was raised), and
    refused ones a person asked to be read again: forgotten, so that they are taken; the
    first UID to look from again (0: none)."""
    too_large_fitting = and_(
        col(MailMessage.state) == MailState.too_large.value,
        col(MailMessage.size_bytes) <= max_bytes,
    )
    with write_transaction(database) as session:
        rows = session.exec(
            select(MailMessage).where(
                MailMessage.mailbox == mailbox,
                or_(too_large_fitting, col(MailMessage.state) == MailState.retry.value),
            )
        ).all()
        first = min((row.uid for row in rows), default=0)
        for row in rows:
            session.delete(row)
    return first


def too_large(database: Engine, mailbox: str, uidvalidity: int) -> list[str]:
    """The sentences of the messages left on the server, too large or refused, for the
    status page."""
    with read_session(database) as session:
        return [
            problem
            for problem in session.exec(
                select(MailMessage.problem).where(
                    MailMessage.mailbox == mailbox,
                    MailMessage.uidvalidity == uidvalidity,
                    col(MailMessage.state).in_(
                        (MailState.too_large.value, MailState.refused.value)
                    ),
                )
            ).all()
            if problem
        ]


# --- a document's mail origin, for the view, the index and the hand-over ------------------


def origins_of(session: Session, document_ids: Iterable[int]) -> dict[int, MailOrigin]:
    """The mail origin of each of these documents that came by mail (its first message)."""
    wanted = sorted(set(document_ids))
    if not wanted:
        return {}
    links = session.exec(
        select(MailDocument, MailMessage)
        .join(MailMessage, col(MailMessage.id) == col(MailDocument.message_id))
        .where(col(MailDocument.document_id).in_(wanted))
        .order_by(col(MailDocument.id))
    ).all()
    first: dict[int, tuple[MailDocument, MailMessage]] = {}
    for link, message in links:
        first.setdefault(link.document_id, (link, message))
    others = _deliveries(session, {message.id for _, message in first.values() if message.id})
    return {
        document_id: MailOrigin(
            mailbox=message.mailbox,
            sender=message.sender,
            sender_address=message.sender_address,
            subject=message.subject,
            sent_at=message.sent_at,
            message_id=message.message_id,
            eml_path=message.eml_path,
            file_name=link.file_name,
            delivered_with=tuple(
                entry for entry in others.get(link.message_id, ()) if entry[0] != document_id
            ),
        )
        for document_id, (link, message) in first.items()
    }


def _deliveries(session: Session, message_ids: set[int]) -> dict[int, list[tuple[int, str]]]:
    """Every document of these messages that still exists, by message, in message order."""
    if not message_ids:
        return {}
    rows = session.exec(
        select(MailDocument.message_id, MailDocument.document_id, MailDocument.file_name)
        .join(Document, col(Document.id) == col(MailDocument.document_id))
        .where(col(MailDocument.message_id).in_(message_ids))
        .order_by(col(MailDocument.position))
    ).all()
    found: dict[int, list[tuple[int, str]]] = {}
    for message_id, document_id, file_name in rows:
        found.setdefault(message_id, []).append((document_id, file_name))
    return found


def origin_of(session: Session, document_id: int) -> MailOrigin | None:
    return origins_of(session, [document_id]).get(document_id)


def message_paths(session: Session) -> list[str]:
    """Every kept message's place in the archive (for the archive's reconciliation)."""
    return [
        path
        for path in session.exec(
            select(MailMessage.eml_path).where(col(MailMessage.eml_path).is_not(None)).distinct()
        ).all()
        if path
    ]
