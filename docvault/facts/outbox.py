"""A letter's facts proposed after its reading is committed, as the index is written after it.

    last page finished ──(the queue's transaction)──> facts_due row
    facts_due ──> FactsProposer: the text read and the facts proposed (no write lock held)
              ──> proposals kept and the row removed (one short write transaction)
              ──> on_stored: the index writer and the hand-over woken

The transaction that finishes a page holds SQLite's write lock, which every other writer
waits for: proposing a letter's facts inside it (the patient register matched, every rule
run) held it 26 ms for a one-page letter and over 80 ms for five pages. There the queue only
marks the document (`mark_due`); ``FactsProposer`` proposes its facts outside the lock and
keeps them, its pages going to the index outbox in the same short transaction when what
counts changed. The to-do list, search and the web view see the facts once they are kept;
the hand-over waits for them (``docvault.records.handover`` sends no event of a document still
marked), so a practice system is never told of a letter without its facts.

A crash between the two leaves the mark: the proposer finds it at the next start. A reading
that finishes again while the last one's facts are being proposed (a re-run) marks the
document anew; only the mark of the reading proposed is removed, so the newer one is
proposed in its turn.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from datetime import datetime

from sqlalchemy import Engine
from sqlmodel import Session, col, select

from docvault.db import read_session, write_transaction
from docvault.errors import ServerFault
from docvault.facts.store import proposals_of, store_proposals
from docvault.models import FactsDue, utcnow
from docvault.runtime import Progress

logger = logging.getLogger(__name__)

# Documents taken from the marks per look: each is its own short write transaction.
BATCH = 50
# How often the proposer looks without being woken (marks left by another process, such
# as `docvault ingest` stopped before its facts were proposed, or by a crash).
LOOK_SECONDS = 1.0
# On the way out, marks are proposed for at most this long; the rest wait for the next start.
LAST_DRAIN_SECONDS = 5.0


def mark_due(session: Session, document_id: int, now: datetime) -> None:
    """In the queue's transaction that finishes a reading: the document's facts are due."""
    row = session.get(FactsDue, document_id) or FactsDue(document_id=document_id, queued_at=now)
    row.queued_at = now
    session.add(row)


def due(database: Engine, limit: int = BATCH) -> list[tuple[int, datetime]]:
    """The documents whose facts are due, the longest waiting first, and each one's mark."""
    with read_session(database) as session:
        rows = session.exec(
            select(FactsDue.document_id, FactsDue.queued_at)
            .order_by(col(FactsDue.queued_at), col(FactsDue.document_id))
            .limit(limit)
        ).all()
    return [(document_id, queued_at) for document_id, queued_at in rows]


def propose_due(database: Engine, document_id: int, queued_at: datetime) -> bool:
    """Propose the document's facts and keep them with its mark removed; False (nothing
    kept) when a newer reading marked it meanwhile, which is proposed in its own turn."""
    with read_session(database) as session:
        proposals = proposals_of(session, document_id)
    with write_transaction(database) as session:
        row = session.get(FactsDue, document_id)
        if row is None or row.queued_at != queued_at:
            return False
        if proposals is not None:
            store_proposals(session, document_id, proposals, utcnow())
        session.delete(row)
        return True


class FactsProposer:
    """Proposes the facts of every marked document: `serve` is its loop, run by the
    daemon's supervisor in a thread of its own (`docvault.parts.FactsPart`)."""

    def __init__(self, database: Engine, *on_stored: Callable[[], None]) -> None:
        self.database = database
        # Told (from the proposer's thread) that facts were kept: the index writer, the
        # hand-over's deliverer.
        self.listeners = list(on_stored)
        self._wake = threading.Event()
        # A document whose proposing raised (a bug, not the disk): left until it is read
        # again (a new mark), so that it does not stop the documents behind it.
        self._failed: dict[int, datetime] = {}
        self.trouble: str | None = None

    def wake(self) -> None:
        """A page finished: look for marks now (thread-safe)."""
        self._wake.set()

    def serve(self, progress: Progress, stopping: threading.Event) -> None:
        """Propose what is due until `stopping` is set, then for a last few seconds."""
        while not stopping.is_set():
            self._wake.clear()
            progress.now_doing("proposing letters' facts")
            self.drain()
            progress.now_doing("")
            progress.trouble(self.trouble)
            progress.beat()
            self._wake.wait(LOOK_SECONDS)
        self.drain(until=time.monotonic() + LAST_DRAIN_SECONDS)

    def drain(self, until: float | None = None) -> int:
        """Propose the marked documents' facts until none is left (or `until`, monotonic,
        passes); how many documents' facts were kept."""
        kept = 0
        try:
            while until is None or time.monotonic() < until:
                waiting = [
                    (document_id, marked)
                    for document_id, marked in due(self.database)
                    if self._failed.get(document_id) != marked
                ]
                proposed = sum(
                    self._propose(document_id, marked) for document_id, marked in waiting
                )
                if not proposed:
                    break  # nothing (more) to do, or only marks renewed meanwhile: next look
                kept += proposed
                for listener in self.listeners:
                    listener()
        except ServerFault as fault:  # the disk, not a document: all wait for the next look
            self.trouble = fault.message
            return kept
        if not self._failed:
            self.trouble = None
        return kept

    def _propose(self, document_id: int, marked: datetime) -> bool:
        try:
            stored = propose_due(self.database, document_id, marked)
        except ServerFault:
            raise
        except Exception as error:
            logger.exception("facts: document %d could not be proposed", document_id)
            self._failed[document_id] = marked
            self.trouble = (
                f"The facts of document {document_id} could not be proposed "
                f"({type(error).__name__}: {error}); its reading is kept, and its facts are "
                "proposed again when it is read again."
            )
            return False
        self._failed.pop(document_id, None)
        return stored
