"""The audit log: who logged in, searched, viewed, downloaded and re-ran what.

Every look at patient data is recorded (issue 13: page images and crops were read without
a row): the document page, its image, its figure crops, its raw text, the original, search
results, the problem list, through the browser or the API. A look is one row, not one per
request: a page shown with its image, its crops and its text within `LOOK_WINDOW` is one
look; a second look at it after the window is a new row.

What a row says is made visible, never acted on (issue 25): control characters in a detail,
a user name or an address (a newline in a file name forged a second line) are written as
`[U+000A]` marks, also in rows written before, when shown or exported; and a CSV export cell
that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first)
gets a leading apostrophe (OWASP's rule against CSV injection).
"""

from __future__ import annotations

import csv
import getpass
import io
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from sqlalchemy import Engine
from sqlmodel import col, select

from docvault.db import read_session, within, write_transaction
from docvault.models import AuditEvent, utcnow


class AuditVia(StrEnum):
    """How the person acted (`AuditEvent.via`): a row says whether a browser session, an
    API token or the command line did it (issue 44)."""

    browser = "browser"
    token = "token"  # noqa: S105  (the word shown, no secret)
    cli = "cli"


class AuditAction(StrEnum):
    """Every action the audit log records: the one list the writers, the audit page's filter
    and `docvault audit export --action` use (free strings had drifted apart)."""

    login = "login"
    login_failed = "login failed"
    logout = "logout"
    search = "search"
    view_arrivals = "view arrivals"
    view = "view"
    view_text = "view text"
    view_image = "view image"
    view_thumbnail = "view thumbnail"
    view_figure = "view figure"
    view_problems = "view problems"
    view_status = "view status"
    download = "download"
    download_searchable = "download searchable"
    rerun = "rerun"
    rotate = "rotate"
    unlock = "unlock"
    unlock_failed = "unlock failed"
    unlock_refused = "unlock refused"
    confirm_fact = "confirm fact"
    correct_fact = "correct fact"
    confirm_all_facts = "confirm all facts"
    propose_facts = "propose facts"  # `docvault facts propose`: proposals made (again)
    mark_handled = "mark handled"
    mark_to_do = "mark to do"
    retry = "retry"
    retry_index = "retry index"
    dismiss = "dismiss"
    delete = "delete"
    # A record's lifetime and the calendar (issue 49).
    delete_refused = "delete refused"
    place_hold = "place legal hold"
    lift_hold = "lift legal hold"
    run_job = "run calendar job"
    intake_raw_name = "intake-raw-name"  # intake: a file name's exact bytes (not UTF-8)
    user_add = "user add"
    user_remove = "user remove"
    user_password = "user password"  # noqa: S105 - an action's name
    user_change = "user change"
    token_create = "token create"  # noqa: S105 - an action's name
    token_revoke = "token revoke"  # noqa: S105 - an action's name
    restore = "restore"
    edit_sender = "edit sender"  # the sender directory (issue 50)


# Long enough that a page, its image, its crops and its text (fetched by the browser one
# after another, or read again a moment later) are one look; short enough that coming back
# to a letter later in the day is a new one.
LOOK_WINDOW = timedelta(minutes=2)
# Actions that are the same look at one page (or one document) when close together.
PAGE_LOOKS = frozenset(
    {AuditAction.view, AuditAction.view_text, AuditAction.view_image, AuditAction.view_figure}
)
# C0 and C1 controls, DEL, line and paragraph separators, and the bidirectional controls
# (which turn the text around them): none of them is a character a row needs.
_CONTROLS = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
)
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
EXPORT_FIELDS = (
    "id", "at", "user_name", "action", "document_id", "page_number", "detail", "remote_address",
    "via",
)  # fmt: skip


def record(
    database: Engine,
    user_name: str,
    action: AuditAction,
    detail: str = "",
    *,
    document_id: int | None = None,
    page_number: int | None = None,
    remote_address: str = "",
    via: AuditVia | None = None,
) -> None:
    """Append one event; the log is only ever appended to."""
    event = _event(user_name, action, detail, document_id, page_number, remote_address, utcnow())
    event.via = via.value if via else ""
    with write_transaction(database) as session:
        session.add(event)


def cli_actor() -> str:
    """Who acts through the `docvault` command: "cli:" and the system user running it."""
    return f"cli:{getpass.getuser()}"


def record_cli(
    database: Engine, action: AuditAction, detail: str = "", *, document_id: int | None = None
) -> None:
    """The row a change made through the `docvault` command leaves: the same row as its
    web twin's, by the system user (`cli_actor`), said to come from the command line."""
    record(database, cli_actor(), action, detail, document_id=document_id, via=AuditVia.cli)


# A tombstone's detail, in one fixed shape: `tombstoned_hashes` reads the sha256 back.
TOMBSTONE = "{file_name}: removed with {pages} page(s); original sha256 {sha256}; reason: {reason}"
_TOMBSTONE_SHA256 = re.compile(r"; original sha256 ([0-9a-f]{64});")


def tombstone(
    database: Engine,
    actor: str,
    document_id: int,
    *,
    file_name: str,
    sha256: str,
    pages: int,
    reason: str,
    remote_address: str = "",
    via: AuditVia | None = None,
) -> None:
    """The row every deletion leaves, kept after the record is gone: who (`actor`), when,
    why, the file's name, its original's sha256 and its page count, and how the person
    acted (browser, token, command line)."""
    detail = TOMBSTONE.format(
        file_name=file_name, pages=pages, sha256=sha256, reason=reason or "none given"
    )
    record(
        database,
        actor,
        AuditAction.delete,
        detail,
        document_id=document_id,
        remote_address=remote_address,
        via=via,
    )


def tombstoned_hashes(database: Engine) -> set[str]:
    """The sha256 of every original a deletion removed (`docvault verify` tells them from
    lost ones)."""
    with read_session(database) as session:
        details = session.exec(
            select(AuditEvent.detail).where(AuditEvent.action == AuditAction.delete)
        ).all()
    return {match.group(1) for detail in details if (match := _TOMBSTONE_SHA256.search(detail))}


def visible(text: str) -> str:
    """`text` with every control character shown as [U+XXXX] (tab and newline included)."""
    return _CONTROLS.sub(lambda match: f"[U+{ord(match.group()):04X}]", text)


def spreadsheet_safe(value: object) -> object:
    """A CSV cell that no spreadsheet runs as a formula: text starting with = + - @ tab or
    CR gets a leading apostrophe; numbers and empty cells stay as they are."""
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


def _event(
    user_name: str,
    action: AuditAction,
    detail: str,
    document_id: int | None,
    page_number: int | None,
    remote_address: str,
    at: datetime,
) -> AuditEvent:
    return AuditEvent(
        at=at,
        user_name=visible(user_name),
        action=action,
        detail=visible(detail),
        document_id=document_id,
        page_number=page_number,
        remote_address=visible(remote_address),
    )


def record_look(
    database: Engine,
    user_name: str,
    action: AuditAction,
    detail: str = "",
    *,
    document_id: int | None = None,
    page_number: int | None = None,
    remote_address: str = "",
    now: datetime | None = None,
    wait_seconds: float | None = None,
    via: AuditVia | None = None,
) -> bool:
    """Record a look at patient data unless the same look was recorded within the window.

    Returns whether a row was written. Checked and written in one write transaction, so
    two requests of one look arriving together still give exactly one row. `wait_seconds`
    bounds the wait for the database's write lock (`db.write_transaction`).
    """
    now = now or utcnow()
    user_name, detail, remote_address = visible(user_name), visible(detail), visible(remote_address)
    actions = sorted(PAGE_LOOKS) if action in PAGE_LOOKS else [action]
    with write_transaction(database, wait_seconds) as session:
        if action == AuditAction.view_thumbnail and _letter_seen_lately(
            session, user_name, remote_address, document_id, now
        ):
            return False
        statement = (
            select(AuditEvent.id)
            .where(AuditEvent.user_name == user_name)
            .where(AuditEvent.remote_address == remote_address)
            .where(AuditEvent.via == (via.value if via else ""))
            .where(col(AuditEvent.action).in_(actions))
            .where(col(AuditEvent.at) > now - LOOK_WINDOW)
            .where(col(AuditEvent.document_id).is_(document_id) if document_id is None
                   else AuditEvent.document_id == document_id)
            .where(col(AuditEvent.page_number).is_(page_number) if page_number is None
                   else AuditEvent.page_number == page_number)
        )  # fmt: skip
        if action not in PAGE_LOOKS:
            statement = statement.where(AuditEvent.detail == detail)
        if session.exec(statement.limit(1)).first() is not None:
            return False
        event = _event(user_name, action, detail, document_id, page_number, remote_address, now)
        event.via = via.value if via else ""
        session.add(event)
        return True


# The lists whose rows name the letters they showed (`-> documents 12, 7`).
LIST_LOOKS = (AuditAction.view_arrivals, AuditAction.search)
_LISTED = re.compile(r"-> documents ([\d, ]+)$")


def _letter_seen_lately(
    session: Any, user_name: str, remote_address: str, document_id: int | None, now: datetime
) -> bool:
    """Whether a look at the letter was recorded within the window: a thumbnail is one look
    with the list or the document view that shows it (issue 48: 442 rows in 30 minutes for
    one user, most of them one per thumbnail of the arrivals list)."""
    if document_id is None:
        return False
    recent = (
        select(AuditEvent.action, AuditEvent.document_id, AuditEvent.detail)
        .where(AuditEvent.user_name == user_name)
        .where(AuditEvent.remote_address == remote_address)
        .where(col(AuditEvent.at) > now - LOOK_WINDOW)
        .where(col(AuditEvent.action).in_([*PAGE_LOOKS, AuditAction.view_thumbnail, *LIST_LOOKS]))
    )
    for action, seen_document, detail in session.exec(recent):
        if action not in LIST_LOOKS:
            if seen_document == document_id:
                return True
            continue
        listed = _LISTED.search(detail)
        if listed and str(document_id) in listed.group(1).split(", "):
            return True
    return False


@dataclass(frozen=True)
class AuditFilter:
    """Which events the audit view or an export shows; empty fields do not filter."""

    user_name: str | None = None
    action: AuditAction | None = None
    document_id: int | None = None
    since: datetime | None = None  # inclusive
    until: datetime | None = None  # exclusive

    def apply(self, statement: Any) -> Any:
        if self.user_name:
            statement = statement.where(AuditEvent.user_name == self.user_name)
        if self.action:
            statement = statement.where(AuditEvent.action == self.action)
        if self.document_id is not None:
            statement = statement.where(AuditEvent.document_id == self.document_id)
        return within(statement, AuditEvent.at, self.since, self.until)


def events(database: Engine, selection: AuditFilter, batch: int = 1000) -> Iterator[AuditEvent]:
    """Every matching event, oldest first, read in batches (an export may be large)."""
    after = 0
    while True:
        with read_session(database) as session:
            rows = session.exec(
                selection.apply(select(AuditEvent))
                .where(col(AuditEvent.id) > after)
                .order_by(col(AuditEvent.id))
                .limit(batch)
            ).all()
        yield from rows
        if len(rows) < batch:
            return
        after = rows[-1].id or after


def _row(event: AuditEvent) -> dict[str, Any]:
    return {
        "id": event.id,
        "at": event.at.isoformat(),
        "user_name": visible(event.user_name),
        "action": visible(event.action),
        "document_id": event.document_id,
        "page_number": event.page_number,
        "detail": visible(event.detail),
        "remote_address": visible(event.remote_address),
        "via": event.via,
    }


def export_lines(rows: Iterable[AuditEvent], form: str) -> Iterator[str]:
    """The events as CSV (with a header) or as JSON lines, one string per line."""
    if form == "jsonl":
        for event in rows:
            yield json.dumps(_row(event), ensure_ascii=False) + "\n"
        return
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=EXPORT_FIELDS, lineterminator="\n")
    writer.writeheader()
    for event in rows:
        writer.writerow({key: spreadsheet_safe(value) for key, value in _row(event).items()})
        yield buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
    yield buffer.getvalue()
