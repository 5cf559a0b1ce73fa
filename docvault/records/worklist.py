"""Staff's to-do list: each document is "to do" until a person marks it handled.

Handled means a person has seen the letter and done what it asks (filed it, told the
doctor); docvault cannot know that, so only a person sets it, and every change is an audit
row written by the caller. A document read again later stays handled: the letter is the
same letter; a person can put it back on the list.

A letter with a problem nobody settled yet (it failed, or a page needs attention) cannot be
marked handled (issue 48): the list then said "Nothing left to do" beside "Problems (3)".
Settling the problem (retry, dismiss with a reason, delete) comes first, so the to-do list
and the problems page never disagree about it.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ColumnElement, and_, exists
from sqlmodel import Session, col, select

from docvault.models import Document, DocumentFact, utcnow
from docvault.vocabulary import DocumentStatus

PROBLEM_STATES = (DocumentStatus.failed, DocumentStatus.attention)


class ProblemNotSettled(ValueError):
    """A letter with an unsettled problem was to be marked handled."""

    def __init__(self, document: Document) -> None:
        self.document_id = document.id or 0
        self.file_name = document.original_name
        super().__init__(
            f"{document.original_name!r} has a problem nobody settled yet ({document.status}): "
            "settle it on the problems page (retry, dismiss with a reason, or delete) before "
            "marking it handled."
        )


def has_open_problem(status: str, settled_at: datetime | None) -> bool:
    """Whether a document in ``status`` has a problem a person has not settled."""
    return status in PROBLEM_STATES and settled_at is None


def mark(
    session: Session, document_id: int, user_name: str, handled: bool, now: datetime | None = None
) -> bool:
    """Mark a document handled (by `user_name`, now) or to do again; True when it changed.
    ProblemNotSettled: it is to be marked handled while its problem is not settled."""
    document = session.get(Document, document_id)
    if document is None:
        raise LookupError(f"There is no document {document_id} in the archive.")
    if (document.handled_at is not None) == handled:
        return False
    if handled and has_open_problem(document.status, document.settled_at):
        raise ProblemNotSettled(document)
    document.handled_at = (now or utcnow()) if handled else None
    document.handled_by = user_name if handled else None
    session.add(document)
    return True


def is_handled(handled: bool) -> ColumnElement[bool]:
    """SQL: the document is handled (True) or still to do (False)."""
    column = col(Document.handled_at)
    return column.is_not(None) if handled else column.is_(None)


def has_open_proposals() -> ColumnElement[bool]:
    """SQL: a fact of the document is docvault's proposal that no person has confirmed.

    A proposal that is not a valid value (stored before the checks existed) counts too:
    "Confirm all" leaves it (store.open_proposals offers only valid ones), and it waits
    for a person to type the right value."""
    return exists(
        select(col(DocumentFact.id)).where(
            and_(
                col(DocumentFact.document_id) == col(Document.id),
                col(DocumentFact.confirmed_at).is_(None),
                col(DocumentFact.proposed).is_not(None),
                col(DocumentFact.proposed) != "",
            )
        )
    )


def is_filed() -> ColumnElement[bool]:
    """SQL: a person filed the document to a patient (confirmed a patient number)."""
    return exists(
        select(col(DocumentFact.id)).where(
            and_(
                col(DocumentFact.document_id) == col(Document.id),
                col(DocumentFact.field) == "patient_id",
                col(DocumentFact.confirmed_at).is_not(None),
                col(DocumentFact.confirmed).is_not(None),
                col(DocumentFact.confirmed) != "",
            )
        )
    )
