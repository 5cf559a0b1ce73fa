"""Unlocking a password-protected PDF that intake had to refuse: the one place that chains
the password -> an unlocked copy in the archive -> its pages in the queue.

An admin gives the password once (the web view's problems page, or `docvault unlock ID`
reading it from standard input). It opens the archived original for this one call and is
then dropped: it is never stored, logged or written into an audit entry. The original stays
in the archive untouched, byte for byte; the copy without the password is archived beside it
(under its own sha256) and the document's pages are read from that copy.

Guessing is slowed down (issue 25: 26 passwords a second could be tried, and no failed try
left a trace): every wrong password is an audit row ("unlock failed"), and beyond
`FREE_FAILURES` of them within `FAILURE_WINDOW`, for the document or by the person, each
further try waits 2, 4, 8 ... seconds after the last failure, at most `BACKOFF_LIMIT`. A
refused try is an audit row too ("unlock refused"). Attempts in this process are checked one
at a time, so parallel guesses cannot slip past the count.
"""

from __future__ import annotations

import logging
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import col, select

from docvault import records
from docvault.archive import archive_file
from docvault.audit import AuditAction, AuditVia, cli_actor
from docvault.db import read_session, write_transaction
from docvault.errors import DocvaultError, EncryptedDocument, RateLimited, TooManyPages
from docvault.models import AuditEvent, Document, utcnow
from docvault.render import decrypt_pdf
from docvault.runtime import Throttle

logger = logging.getLogger(__name__)

# PyMuPDF is not thread-safe, and guesses must be counted one after another: the web view
# may unlock from several worker threads.
_attempt_lock = threading.Lock()
FAILED = AuditAction.unlock_failed
REFUSED = AuditAction.unlock_refused
FREE_FAILURES = 3  # a mistyped password or two, and one more look at the sender's note
FAILURE_WINDOW = timedelta(minutes=15)
BACKOFF_LIMIT = timedelta(minutes=1)  # about 60 guesses an hour instead of 90,000
GUESSES = Throttle(
    window_seconds=FAILURE_WINDOW.total_seconds(),
    free=FREE_FAILURES,
    first_wait_seconds=2.0,
    longest_wait_seconds=BACKOFF_LIMIT.total_seconds(),
)
# The decrypted copy's name in its private folder: never derived from the original's name
# (issue 25: a 200-character name plus ".unlocked.pdf" was too long for the file system).
COPY_NAME = "unlocked.pdf"


@dataclass(frozen=True)
class Unlocked:
    document_id: int
    file_name: str
    pages: int
    unlocked_path: str  # relative to the data folder


def _waiting_document(database: Engine, document_id: int) -> Document:
    with read_session(database) as session:
        document = session.get(Document, document_id)
    if document is None:
        raise DocvaultError(f"There is no document {document_id}; see `docvault documents`.")
    if not records.waits_for_password(document):
        raise DocvaultError(
            f"Document {document_id} ({document.original_name}) is not a password-protected "
            "PDF waiting to be unlocked; nothing was changed."
        )
    return document


def unlock_document(
    database: Engine,
    data_dir: Path,
    document_id: int,
    password: str,
    *,
    max_pages: int,
    user_name: str | None = None,
    remote_address: str = "",
    via: AuditVia = AuditVia.cli,
    clock: Callable[[], datetime] = utcnow,
) -> Unlocked:
    """Open the document's original with `password`, archive the copy, queue its pages.

    `max_pages` is intake's page limit, which the unlocked copy must keep too (intake could
    not count a locked PDF's pages). `user_name` is who typed the password (for the audit
    rows of failed tries, with `via`, the door they came through); the command line's login
    name by default. `clock` is the wall
    clock the waits after wrong passwords are measured on, and their audit rows' time.
    """
    who = user_name or cli_actor()  # `docvault unlock`: the system user, as every command
    document = _waiting_document(database, document_id)
    with _attempt_lock:
        tried = _Try(who, remote_address, via)
        _refuse_while_guessing(database, document, tried, clock())
        try:
            pages, archived_path = _archived_copy(data_dir, document, password, max_pages)
        except EncryptedDocument:
            failed = "the password was wrong"
            _note(database, tried, FAILED, document, failed, clock())
            raise DocvaultError(
                f"The password does not open document {document_id} ({document.original_name}); "
                "nothing was changed: check the password with the sender and try again."
            ) from None
    if pages == 0 or not records.record_unlocked(database, document_id, archived_path, pages):
        raise DocvaultError(
            f"Document {document_id} ({document.original_name}) could not be queued after "
            "unlocking (it has no pages, or was unlocked at the same moment elsewhere)."
        )
    logger.info(
        "document %d (%s) unlocked: %d page(s) queued from %s",
        document_id,
        document.original_name,
        pages,
        archived_path,
    )
    return Unlocked(document_id, document.original_name, pages, archived_path)


def _archived_copy(
    data_dir: Path, document: Document, password: str, max_pages: int
) -> tuple[int, str]:
    """The original decrypted and archived: (its pages, the copy's archive path).

    TooManyPages, with nothing archived, when the copy has more than `max_pages` pages.
    """
    original = data_dir / document.archive_path
    # The decrypted copy is written in a private folder inside the data folder (same disk,
    # never /tmp) and copied into the archive from there; the folder goes afterwards.
    scratch = data_dir / "tmp"
    scratch.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=scratch) as folder:
        copy = Path(folder) / COPY_NAME
        pages = decrypt_pdf(original, password, copy)
        if pages > max_pages:
            raise TooManyPages(
                original,
                f"Document {document.id} ({document.original_name}) opens with this password "
                f"but has {pages:,} pages, more than the page limit of {max_pages:,} "
                "(max_pages); nothing was queued and the original stays archived. Split the "
                "file, or raise max_pages and unlock it again.",
            )
        return pages, archive_file(copy, data_dir).relative_path


def _refuse_while_guessing(
    database: Engine, document: Document, tried: _Try, now: datetime
) -> None:
    """RateLimited (and an audit row) while the document or the person must wait."""
    for failures, whose in (
        (_failures(database, now, document_id=document.id), f"document {document.id}"),
        (_failures(database, now, user_name=tried.who), tried.who),
    ):
        wait = _wait(failures, now)
        if wait is not None:
            _note(database, tried, REFUSED, document, f"waiting {wait} s", now)
            raise RateLimited(
                f"{len(failures)} wrong passwords for {whose} in the last "
                f"{int(FAILURE_WINDOW.total_seconds() // 60)} minutes: wait {wait} second(s) "
                f"before trying again to unlock document {document.id} "
                f"({document.original_name}): check the password with the sender (every try "
                "is in the audit log)."
            )


def _failures(database: Engine, now: datetime, **match: object) -> list[datetime]:
    statement = (
        select(AuditEvent.at)
        .where(AuditEvent.action == FAILED)
        .where(col(AuditEvent.at) > now - FAILURE_WINDOW)
    )
    for column, value in match.items():
        statement = statement.where(getattr(AuditEvent, column) == value)
    with read_session(database) as session:
        return [_aware(moment) for moment in session.exec(statement.order_by(col(AuditEvent.at)))]


def _wait(failures: list[datetime], now: datetime) -> int | None:
    """Whole seconds still to wait after these failures, or None: a try may be made now."""
    wait = GUESSES.wait([(moment.timestamp(), 1) for moment in failures], now.timestamp())
    return int(wait) + 1 if wait > 0 else None


@dataclass(frozen=True)
class _Try:
    """Who tried to unlock, from where and through which door (for the audit rows)."""

    who: str
    remote_address: str
    via: AuditVia


def _note(
    database: Engine, tried: _Try, action: str, document: Document, detail: str, at: datetime
) -> None:
    """An audit row of a try that did not unlock (never the password itself)."""
    with write_transaction(database) as session:
        session.add(
            AuditEvent(
                at=at,
                user_name=tried.who,
                action=action,
                detail=f"{document.original_name}: {detail}",
                document_id=document.id,
                remote_address=tried.remote_address,
                via=tried.via.value,
            )
        )


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
