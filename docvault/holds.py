"""Legal holds: a document no deletion may remove, with why and who said so.

A hold is placed on one document with a reason (a court case, a complaint, a request of the
data protection officer) and lifted by an admin; both are audited by the caller. Every
deletion passes `refuse_if_held` in `records.remove_document`, the one delete path of the web
view, the API, the command line and the retention review, and the hold's row refers to its
document without a cascade: a deletion that skipped the check would be refused by the
database's foreign key too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine
from sqlmodel import Session, col, select

from docvault.db import read_session, write_transaction
from docvault.errors import OnLegalHold
from docvault.models import Document, LegalHold


@dataclass(frozen=True)
class Hold:
    """A document's legal hold, as the document page and the review show it."""

    document_id: int
    reason: str
    placed_by: str
    placed_at: datetime

    def refusal(self, file_name: str) -> str:
        """The sentence a deletion of its document gets."""
        return (
            f"Document {self.document_id} ({file_name}) is on legal hold since "
            f"{self.placed_at:%Y-%m-%d}, placed by {self.placed_by}: {self.reason}. It was not "
            "deleted; an administrator lifts the hold first if its reason is gone."
        )


def _hold(row: LegalHold) -> Hold:
    return Hold(row.document_id, row.reason, row.placed_by, row.placed_at)


def holds_of(session: Session, document_ids: Iterable[int]) -> dict[int, Hold]:
    """The holds among the given documents, by document."""
    ids = sorted(set(document_ids))
    rows = session.exec(select(LegalHold).where(col(LegalHold.document_id).in_(ids))).all()
    return {row.document_id: _hold(row) for row in rows}


def place(database: Engine, document_id: int, reason: str, by: str) -> Hold:
    """Put the document on hold (a hold already there keeps its first reason and date).

    ValueError with the sentence for an empty reason or a document that does not exist.
    """
    if not reason.strip():
        raise ValueError("A legal hold needs a reason (the case, the request, who asked).")
    with write_transaction(database) as session:
        if session.get(Document, document_id) is None:
            raise ValueError(f"There is no document {document_id}; see `docvault documents`.")
        row = session.get(LegalHold, document_id)
        if row is None:
            row = LegalHold(document_id=document_id, reason=reason.strip(), placed_by=by)
            session.add(row)
        hold = _hold(row)
    return hold


def lift(database: Engine, document_id: int) -> Hold | None:
    """Take the document's hold away; the hold it had, or None when it had none."""
    with write_transaction(database) as session:
        row = session.get(LegalHold, document_id)
        if row is None:
            return None
        hold = _hold(row)
        session.delete(row)
    return hold


def refuse_if_held(session: Session, document: Document) -> None:
    """Raise `OnLegalHold` with its sentence when the document is on hold."""
    row = session.get(LegalHold, int(document.id or 0))
    if row is not None:
        raise OnLegalHold(_hold(row).refusal(document.original_name))


def hold_on(database: Engine, document_id: int) -> Hold | None:
    """The document's hold, or None (the document page shows it)."""
    with read_session(database) as session:
        return holds_of(session, [document_id]).get(document_id)
