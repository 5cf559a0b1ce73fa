"""Read-only questions the web view asks the database (the queue stays the only writer)."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, and_, func, or_
from sqlmodel import col, select

from docvault import records
from docvault.audit import AuditFilter
from docvault.corrections import Correction, stored_corrections
from docvault.db import read_session, within
from docvault.errors import EncryptedDocument, PageDamaged, ReadingDoubtful
from docvault.facts import (
    FactView,
    PatientRecord,
    facts_of,
    patient_for_documents,
    register,
    views_of,
)
from docvault.facts import senders as sender_directory
from docvault.models import (
    Attempt,
    AuditEvent,
    Document,
    DocumentFact,
    Duplicate,
    IndexProblem,
    MailDocument,
    MailMessage,
    Page,
    RegisterPatient,
    has_tag,
    split_tags,
)
from docvault.names import message_named
from docvault.records import MailOrigin, origin_of, worklist
from docvault.vocabulary import (
    CoverageReport,
    DocumentStatus,
    PageFlag,
    PageStatus,
    RotationSource,
    TextFormat,
)

PROBLEM_STATES = tuple(state.value for state in records.ATTENTION_PAGE_STATES)
# The engines that write plain lines, not Markdown: the CPU engine (docvault.ocr.rapid) and
# a PDF's own text layer (docvault.textlayer). A page stored before pages.text_format
# existed is shown as its last attempt's engine wrote it.
PLAIN_TEXT_ENGINES = ("cpu", "text-layer")
MISSING_TEXT = "Text may be missing on this page."
NO_TEXT = (
    "No text: not a letter? docvault found marks on this page but could not read one line of "
    "them (a photo or a drawing?). Look at the image: dismiss it with a reason if it is no "
    "letter, or turn it and read it again if it is one."
)
PROBLEM_LIST_LIMIT = 500


@dataclass(frozen=True)
class AttemptView:
    """One engine call as the document page lists it."""

    engine: str
    settings: dict[str, Any]
    finish_reason: str | None
    prompt_tokens: int | None
    completion_tokens: int | None
    seconds: float
    verdict: str
    repeating_unit: str | None
    error: str | None
    at: datetime

    @property
    def settings_text(self) -> str:
        """`penalty · max_tokens 4096 · frequency_penalty 0.3 …`: the mode first."""
        others = [f"{key} {value}" for key, value in sorted(self.settings.items()) if key != "mode"]
        return " · ".join([str(self.settings.get("mode", "?")), *others])


@dataclass(frozen=True)
class PageView:
    id: int
    document_id: int
    number: int
    status: str
    markdown: str
    error: str | None
    warnings: str | None
    rerun_mode: str | None
    updated_at: datetime
    attempts: list[AttemptView] = field(default_factory=list)
    rotation: int = 0
    rotation_source: str | None = None
    text_format: str | None = None  # as stored; None for a page stored before it was
    coverage: CoverageReport | None = None  # the coverage check's report, if it ran
    image_size: tuple[int, int] | None = None  # the image the engine read (the boxes' pixels)
    flags: tuple[PageFlag, ...] = ()  # a damaged file, a doubtful reading (vocabulary.PageFlag)
    # The words the dictionary check put right (docvault.corrections); `markdown` is as read.
    corrections: tuple[Correction, ...] = ()

    @property
    def text_source(self) -> str | None:
        """The engine whose attempt gave the page its text (the newest attempt)."""
        return self.attempts[-1].engine if self.attempts else None

    @property
    def shown_as(self) -> TextFormat:
        """How the viewer shows the text: as the engine wrote it (plain) or as Markdown."""
        if self.text_format in (TextFormat.plain.value, TextFormat.markdown.value):
            return TextFormat(self.text_format)
        # Stored before the format was: the CPU engine and the text layer wrote plain lines.
        if self.text_source in PLAIN_TEXT_ENGINES:
            return TextFormat.plain
        return TextFormat.markdown

    @property
    def marked_regions(self) -> list[MarkedRegion]:
        """The suspect regions where they lie on the page image (none without a size)."""
        if self.coverage is None or self.image_size is None:
            return []
        return [
            MarkedRegion.inside(suspect.box, suspect.reason, self.image_size)
            for suspect in self.coverage.suspects
        ]

    @property
    def ink_without_text(self) -> bool:
        """The coverage check found ink on a page that has no text."""
        return bool(self.coverage and self.coverage.ink_lines and not self.markdown.strip())


@dataclass(frozen=True)
class MarkedRegion:
    """A suspect region in the page image's pixels, clipped to the image."""

    left: int
    top: int
    width: int
    height: int
    reason: str

    @classmethod
    def inside(
        cls, box: tuple[int, int, int, int], reason: str, size: tuple[int, int]
    ) -> MarkedRegion:
        image_width, image_height = size
        left, top = min(max(box[0], 0), image_width), min(max(box[1], 0), image_height)
        right, bottom = min(max(box[2], left), image_width), min(max(box[3], top), image_height)
        return cls(left, top, right - left, bottom - top, reason)


@dataclass(frozen=True)
class DocumentView:
    id: int
    original_name: str
    inbox: str
    original_path: str
    archive_path: str
    size_bytes: int
    kind: str | None
    tags: list[str]
    page_count: int
    status: str
    error: str | None
    error_class: str | None  # the error's code (docvault.errors)
    received_at: datetime
    handled_at: datetime | None = None  # None: still on the to-do list
    handled_by: str | None = None
    unlocked_path: str | None = None  # the unlocked copy of a protected PDF, read instead
    problem_open: bool = False  # failed or needing attention, not settled by a person

    @property
    def archived_files(self) -> list[str]:
        """The archived files the document is kept and read as (under the data folder)."""
        return [self.archive_path, *([self.unlocked_path] if self.unlocked_path else [])]

    @property
    def finished(self) -> bool:
        """Every page read (done, or a person must look): its searchable PDF can be made."""
        return self.status in (DocumentStatus.done, DocumentStatus.attention)

    @property
    def needs_password(self) -> bool:
        """A password-protected PDF an administrator may unlock."""
        return self.status == DocumentStatus.failed and self.error_class == EncryptedDocument.code

    def problem_for(self, admin: bool) -> str:
        """Why the file could not be read, in words for its reader: intake's sentence tells
        the sender's side of a protected PDF, but beside the unlock form an administrator
        needs the form's, and staff need to know that an administrator can unlock it."""
        if not self.needs_password:
            return self.error or "No reason was recorded."
        if admin:
            return (
                f"{self.original_name} is protected by a password: type it below to unlock "
                "and read it."
            )
        return (
            f"{self.original_name} is protected by a password: ask the sender for an "
            "unprotected copy, or an administrator can unlock it here."
        )


@dataclass(frozen=True)
class ProblemPage:
    """An incomplete, looped or failed page and why, for the list that offers re-runs."""

    page_id: int
    document_id: int
    number: int
    file_name: str
    inbox: str
    status: str
    reason: str
    updated_at: datetime
    suspects: int = 0  # regions the coverage check marked on the page image


def _document_view(document: Document) -> DocumentView:
    assert document.id is not None
    return DocumentView(
        id=document.id,
        original_name=document.original_name,
        inbox=document.inbox,
        original_path=document.original_path,
        archive_path=document.archive_path,
        size_bytes=document.size_bytes,
        kind=document.kind,
        tags=list(split_tags(document.tags)),
        page_count=document.page_count,
        status=document.status,
        error=document.error,
        error_class=document.error_class,
        received_at=document.received_at,
        handled_at=document.handled_at,
        handled_by=document.handled_by,
        problem_open=worklist.has_open_problem(document.status, document.settled_at),
        unlocked_path=document.unlocked_path,
    )


def _attempt_view(attempt: Attempt) -> AttemptView:
    return AttemptView(
        engine=attempt.engine,
        settings=json.loads(attempt.settings or "{}"),
        finish_reason=attempt.finish_reason,
        prompt_tokens=attempt.prompt_tokens,
        completion_tokens=attempt.completion_tokens,
        seconds=attempt.seconds,
        verdict=attempt.verdict,
        repeating_unit=attempt.repeating_unit,
        error=attempt.error,
        at=attempt.created_at,
    )


def _page_view(page: Page, attempts: list[AttemptView]) -> PageView:
    assert page.id is not None
    return PageView(
        id=page.id,
        document_id=page.document_id,
        number=page.number,
        status=page.status,
        markdown=page.markdown or "",
        error=page.error,
        warnings=page.warnings,
        rerun_mode=page.rerun_mode,
        updated_at=page.updated_at,
        attempts=attempts,
        rotation=page.rotation,
        rotation_source=page.rotation_source,
        text_format=page.text_format,
        coverage=records.coverage_report(page.coverage),
        image_size=_image_size(page),
        flags=records.page_flags(page.flags),
        corrections=stored_corrections(page.corrections, page.markdown or ""),
    )


def _image_size(page: Page) -> tuple[int, int] | None:
    if page.image_width and page.image_height:
        return page.image_width, page.image_height
    return None


def mail_origin(database: Engine, document_id: int) -> MailOrigin | None:
    """The message a document arrived in, with the rest of its delivery (None: not by mail)."""
    with read_session(database) as session:
        return origin_of(session, document_id)


def document(database: Engine, document_id: int) -> DocumentView | None:
    with read_session(database) as session:
        row = session.get(Document, document_id)
        return _document_view(row) if row is not None else None


def page_by_number(database: Engine, document_id: int, number: int) -> PageView | None:
    """One page of a document with its attempts, oldest attempt first."""
    with read_session(database) as session:
        page = session.exec(
            select(Page).where(Page.document_id == document_id).where(Page.number == number)
        ).first()
        if page is None:
            return None
        attempts = session.exec(
            select(Attempt).where(Attempt.page_id == page.id).order_by(col(Attempt.id))
        ).all()
        return _page_view(page, [_attempt_view(attempt) for attempt in attempts])


@dataclass(frozen=True)
class PageLocation:
    """Where a page comes from: its document, its number there, and the original."""

    document_id: int
    number: int
    path: str  # the file the page is read from: the unlocked copy of a protected PDF, if any
    sha256: str  # the original's: what every derived image of the page is keyed by
    rotation: int  # the clockwise turn the page was read at
    undrawn: str | None = None  # why its image cannot be drawn (it is not tried again)


def page_location(database: Engine, page_id: int) -> PageLocation | None:
    """Where a page's image comes from."""
    with read_session(database) as session:
        row = session.exec(
            select(Page, Document.archive_path, Document.unlocked_path, Document.sha256)
            .join(Document, col(Document.id) == col(Page.document_id))
            .where(Page.id == page_id)
        ).first()
    if row is None:
        return None
    page, archive_path, unlocked_path, sha256 = row
    return PageLocation(
        page.document_id,
        page.number,
        unlocked_path or archive_path,
        sha256,
        page.rotation,
        page.undrawn,
    )


def page_states(database: Engine, page_ids: list[int]) -> dict[int, str]:
    with read_session(database) as session:
        rows = session.exec(select(Page.id, Page.status).where(col(Page.id).in_(page_ids))).all()
    return {int(page_id or 0): status for page_id, status in rows}


def _reason(page: Page, last_attempt: Attempt | None) -> str:
    if page.error:
        return page.error
    flags = records.page_flags(page.flags)
    if page.status == PageStatus.incomplete and flags:
        return " ".join(flag.sentence for flag in flags)
    if page.status == PageStatus.incomplete:
        return _missing_text(records.coverage_report(page.coverage))
    if page.status == PageStatus.looped and last_attempt is not None:
        unit = (
            f" (repeating {last_attempt.repeating_unit!r})" if last_attempt.repeating_unit else ""
        )
        return (
            f"The text still repeated itself after the penalty retry{unit}; "
            f"the last attempt ended with {last_attempt.finish_reason or 'no answer'}."
        )
    if page.status == PageStatus.looped:
        return "The text repeated itself after the penalty retry."
    return "No reason was recorded."


def _missing_text(report: CoverageReport | None) -> str:
    """The problem list's sentence for an incomplete page, with the check's own summary."""
    if report is None:
        return MISSING_TEXT
    if report.nothing_legible:
        return NO_TEXT
    if report.summary:
        return f"{MISSING_TEXT} {report.summary}"
    return (
        f"{MISSING_TEXT} {len(report.suspects)} region(s) with ink have no legible text; "
        "they are marked on the page image."
    )


def problem_pages(
    database: Engine, status: str | None = None, inbox: str | None = None
) -> list[ProblemPage]:
    """Incomplete, looped and failed pages, newest first, with the reason for each."""
    states = [status] if status in PROBLEM_STATES else list(PROBLEM_STATES)
    with read_session(database) as session:
        statement = (
            select(Page, Document.original_name, Document.inbox)
            .join(Document, col(Document.id) == col(Page.document_id))
            .where(col(Page.status).in_(states))
            .where(col(Document.settled_at).is_(None))
            .order_by(col(Page.updated_at).desc(), col(Page.id))
            .limit(PROBLEM_LIST_LIMIT)
        )
        if inbox:
            statement = statement.where(Document.inbox == inbox)
        rows = session.exec(statement).all()
        last_attempts = _last_attempts(session, [page.id for page, _, _ in rows if page.id])
    return [
        ProblemPage(
            page_id=page.id or 0,
            document_id=page.document_id,
            number=page.number,
            file_name=file_name,
            inbox=inbox_name,
            status=page.status,
            reason=_reason(page, last_attempts.get(page.id or 0)),
            updated_at=page.updated_at,
            suspects=_suspect_count(page),
        )
        for page, file_name, inbox_name in rows
    ]


def _suspect_count(page: Page) -> int:
    report = records.coverage_report(page.coverage)
    return len(report.suspects) if report is not None else 0


def _last_attempts(session: Any, page_ids: list[int]) -> dict[int, Attempt]:
    latest: dict[int, Attempt] = {}
    if not page_ids:
        return latest
    for attempt in session.exec(
        select(Attempt).where(col(Attempt.page_id).in_(page_ids)).order_by(col(Attempt.id))
    ):
        latest[attempt.page_id] = attempt
    return latest


@dataclass(frozen=True)
class MessageProblems:
    """One mail message's documents that need a person, to be settled at once (issue 44:
    4,000 broken attachments of one message were 4,000 problems to dismiss one by one)."""

    message_id: int
    mailbox: str
    sender: str
    subject: str
    sent_at: datetime | None
    documents: tuple[tuple[int, str, str], ...]  # (id, file name, status), each unsettled

    def describe(self) -> str:
        """The message as the page names it: sender, subject, date, as intake's sentences
        do (its controls escaped: the refusal sentence and the audit row show it too)."""
        return message_named(self.sender, self.subject, self.sent_at)


def _message_problem_rows(session: Any, message_ids: list[int] | None) -> list[Any]:
    """(message, document) for every unsettled document of a message with a problem: the
    file refused, or a page incomplete, looped or failed."""
    has_problem_page = (
        select(Page.id)
        .where(Page.document_id == Document.id, col(Page.status).in_(PROBLEM_STATES))
        .exists()
    )
    statement = (
        select(MailMessage, Document)
        .join(MailDocument, col(MailDocument.message_id) == col(MailMessage.id))
        .join(Document, col(Document.id) == col(MailDocument.document_id))
        .where(col(Document.settled_at).is_(None))
        .where(or_(col(Document.status) == DocumentStatus.failed, has_problem_page))
        .order_by(col(MailMessage.id).desc(), col(MailDocument.position))
    )
    if message_ids is not None:
        statement = statement.where(col(MailMessage.id).in_(message_ids))
    return list(session.exec(statement).all())


def message_problems(
    database: Engine, message_ids: list[int] | None = None, at_least: int = 2
) -> list[MessageProblems]:
    """Mail messages with `at_least` documents that need a person, newest first."""
    with read_session(database) as session:
        rows = _message_problem_rows(session, message_ids)
    grouped: dict[int, tuple[MailMessage, list[tuple[int, str, str]]]] = {}
    for message, document in rows:
        entry = grouped.setdefault(int(message.id or 0), (message, []))
        entry[1].append((int(document.id or 0), document.original_name, document.status))
    return [
        MessageProblems(
            message_id=message_id,
            mailbox=message.mailbox,
            sender=message.sender,
            subject=message.subject,
            sent_at=message.sent_at,
            documents=tuple(documents),
        )
        for message_id, (message, documents) in grouped.items()
        if len(documents) >= at_least
    ][:PROBLEM_LIST_LIMIT]


def failed_documents(database: Engine, inbox: str | None = None) -> list[DocumentView]:
    """Files that intake or rendering refused, newest first."""
    with read_session(database) as session:
        statement = (
            select(Document)
            .where(Document.status == DocumentStatus.failed)
            .where(col(Document.settled_at).is_(None))
            .order_by(col(Document.received_at).desc())
            .limit(PROBLEM_LIST_LIMIT)
        )
        if inbox:
            statement = statement.where(Document.inbox == inbox)
        return [_document_view(row) for row in session.exec(statement)]


@dataclass(frozen=True)
class Arrival:
    """One document as the arrivals list (the home page) shows it, newest first.

    A column the list gains (the patient, a title) is one more field here and one cell in
    templates/arrivals.html.
    """

    document_id: int
    file_name: str
    inbox: str
    page_count: int
    status: str
    received_at: datetime
    first_page_id: int | None  # its thumbnail; None for a file no page was read from
    patient: str | None = None  # confirmed, else proposed (docvault.facts); None: unknown
    turned_pages: int = 0  # pages docvault turned upright on its own (rotation detected)
    uncertain_pages: int = 0  # pages left as stored because their orientation was unclear
    damaged_pages: int = 0  # pages the file lost part of (errors.PageDamaged)
    doubtful_pages: int = 0  # pages read, but doubtful (errors.ReadingDoubtful)
    # The letter's facts that have a value (title, sender, letter_date, patient, born),
    # each with its state: a person's confirmation, or docvault's proposal.
    facts: dict[str, FactView] = field(default_factory=dict)
    handled_at: datetime | None = None  # None: still to do
    handled_by: str | None = None
    # Failed or needing attention, and nobody settled it: cannot be marked handled yet.
    problem_open: bool = False
    copies: int = 0  # the same bytes arriving again later (duplicates of this document)
    last_copy_at: datetime | None = None
    last_copy_name: str | None = None


@dataclass(frozen=True)
class ArrivalFilter:
    """Which documents the arrivals list shows; empty fields do not filter."""

    inbox: str | None = None
    tag: str | None = None
    status: str | None = None
    since: datetime | None = None  # received at or after
    until: datetime | None = None  # received before
    handled: bool | None = None  # True: handled only; False: still to do only
    unconfirmed: bool = False  # only documents with a proposal no person confirmed yet
    unfiled: bool = False  # only documents no person filed to a patient yet

    def apply(self, statement: Any) -> Any:
        if self.unfiled:
            statement = statement.where(~worklist.is_filed())
        if self.handled is not None:
            statement = statement.where(worklist.is_handled(self.handled))
        if self.unconfirmed:
            statement = statement.where(worklist.has_open_proposals())
        if self.inbox:
            statement = statement.where(Document.inbox == self.inbox)
        if self.tag:
            statement = statement.where(has_tag(self.tag))
        if self.status:
            statement = statement.where(Document.status == self.status)
        return within(statement, Document.received_at, self.since, self.until)


def arrivals(
    database: Engine, selection: ArrivalFilter, offset: int, limit: int
) -> tuple[list[Arrival], int]:
    """A page of the documents received, newest first, and how many match in all."""
    # Page 1 of each listed document, found through the (document, number) unique index.
    first_page = and_(col(Page.document_id) == col(Document.id), col(Page.number) == 1)
    with read_session(database) as session:
        statement = selection.apply(select(Document, col(Page.id)).outerjoin(Page, first_page))
        rows = session.exec(
            statement.order_by(col(Document.received_at).desc(), col(Document.id).desc())
            .offset(offset)
            .limit(limit)
        ).all()
        total = session.exec(selection.apply(select(func.count()).select_from(Document))).one()
        listed_ids = [row.id for row, _ in rows if row.id]
        patients = patient_for_documents(session, listed_ids)
        orientations = _orientation_counts(session, listed_ids)
        flagged = _flag_counts(session, listed_ids)
        facts = views_of(session, listed_ids)
        copies = _copies(session, listed_ids)
    listed = [
        Arrival(
            document_id=row.id or 0,
            file_name=row.original_name,
            inbox=row.inbox,
            page_count=row.page_count,
            status=row.status,
            received_at=row.received_at,
            first_page_id=page_id,
            patient=patients.get(row.id or 0),
            turned_pages=orientations.get((row.id or 0, RotationSource.detected), 0),
            uncertain_pages=orientations.get((row.id or 0, RotationSource.uncertain), 0),
            damaged_pages=flagged.get((row.id or 0, PageDamaged.code), 0),
            doubtful_pages=flagged.get((row.id or 0, ReadingDoubtful.code), 0),
            facts=facts.get(row.id or 0, {}),
            handled_at=row.handled_at,
            handled_by=row.handled_by,
            problem_open=worklist.has_open_problem(row.status, row.settled_at),
            **copies.get(row.id or 0, {}),
        )
        for row, page_id in rows
    ]
    return listed, int(total)


def facts_of_documents(database: Engine, document_ids: list[int]) -> dict[int, dict[str, FactView]]:
    """The facts with a value of each listed document, for the search results."""
    with read_session(database) as session:
        return views_of(session, document_ids)


def facts_panel(database: Engine, document_id: int) -> list[FactView]:
    """The facts of a document as the panel in the document view shows them: the patient
    number only where the clinic keeps a patient register or the letter has one (a clinic
    without a practice system's register is not asked for numbers it cannot have)."""
    with read_session(database) as session:
        facts = facts_of(session, document_id)
        if session.exec(select(RegisterPatient.patient_id).limit(1)).first() is not None:
            return facts
    return [fact for fact in facts if fact.field != "patient_id" or fact.state != "none"]


def _copies(session: Any, document_ids: list[int]) -> dict[int, dict[str, Any]]:
    """For each document that arrived again: how often, and the latest copy's time and name."""
    if not document_ids:
        return {}
    found: dict[int, dict[str, Any]] = {}
    statement = (
        select(Duplicate)
        .where(col(Duplicate.document_id).in_(document_ids))
        .order_by(col(Duplicate.received_at))
    )
    for copy in session.exec(statement):
        known = found.setdefault(copy.document_id, {"copies": 0})
        known["copies"] += 1
        known["last_copy_at"] = copy.received_at
        known["last_copy_name"] = copy.original_name
    return found


def _orientation_counts(session: Any, document_ids: list[int]) -> dict[tuple[int, str], int]:
    """(document, "detected" or "uncertain") -> pages: those turned automatically (a
    detected turn other than 0) and those left as stored with an unclear orientation."""
    if not document_ids:
        return {}
    source = col(Page.rotation_source)
    turned = and_(source == RotationSource.detected, col(Page.rotation) != 0)
    shown = or_(turned, source == RotationSource.uncertain)
    statement = (
        select(col(Page.document_id), source, func.count())
        .where(col(Page.document_id).in_(document_ids), shown)
        .group_by(col(Page.document_id), source)
    )
    return {(document, kind): int(count) for document, kind, count in session.exec(statement)}


def _flag_counts(session: Any, document_ids: list[int]) -> dict[tuple[int, str], int]:
    """(document, flag code) -> its pages with that flag (few pages have any: the flags
    are read back only for pages with some, through the document index)."""
    if not document_ids:
        return {}
    statement = select(col(Page.document_id), col(Page.flags)).where(
        col(Page.document_id).in_(document_ids), col(Page.flags).is_not(None)
    )
    counts: dict[tuple[int, str], int] = {}
    for document_id, stored in session.exec(statement):
        for code in {flag.code for flag in records.page_flags(stored)}:
            counts[(document_id, code)] = counts.get((document_id, code), 0) + 1
    return counts


def worklist_counts(database: Engine) -> tuple[int, int]:
    """Documents still to do, and documents with a proposal no person has confirmed."""
    with read_session(database) as session:
        todo = session.exec(
            select(func.count()).select_from(Document).where(worklist.is_handled(False))
        ).one()
        unconfirmed = session.exec(
            select(func.count()).select_from(Document).where(worklist.has_open_proposals())
        ).one()
    return int(todo), int(unconfirmed)


@dataclass(frozen=True)
class LiveCounts:
    """What the open lists show that changes while they are open, read in a few index
    lookups: the web view's JS asks every few seconds and reloads a list only when these
    change (bench/live_bench.py measures the cost of one open tab)."""

    todo: int
    unconfirmed: int
    problems: int
    # The newest document, and how many are in each state: a new arrival, a letter read
    # or failed, a letter deleted.
    latest_document: int
    by_status: dict[str, int]


def live_counts(database: Engine) -> LiveCounts:
    todo, unconfirmed = worklist_counts(database)
    with read_session(database) as session:
        latest = session.exec(select(func.max(Document.id))).one()
        by_status = session.exec(
            select(Document.status, func.count()).group_by(col(Document.status))
        ).all()
    return LiveCounts(
        todo=todo,
        unconfirmed=unconfirmed,
        problems=documents_needing_attention(database),
        latest_document=int(latest or 0),
        by_status={status: int(count) for status, count in by_status},
    )


# Every open tab asks every few seconds; the counts are made again at most this often,
# and only when the database changed (bench/live_bench.py: 189 ms on 100,000 documents).
LIVE_COUNTS_SECONDS = 2.0


class LiveLists:
    """``live_counts`` shared by every open tab of the web view: made again only when a
    commit changed the database since (SQLite's data_version, read on a connection of its
    own, sees the commits of every connection and process) and at most every
    ``seconds``. One tab or fifty cost the same few counts. ``count`` makes them."""

    def __init__(
        self,
        seconds: float = LIVE_COUNTS_SECONDS,
        count: Callable[[Engine], LiveCounts] = live_counts,
    ) -> None:
        self._seconds = seconds
        self._count = count
        self._lock = threading.Lock()
        self._watch: sqlite3.Connection | None = None
        self._version: int | None = None
        self._counts: LiveCounts | None = None
        self._made_at = 0.0

    def counts(self, database: Engine) -> LiveCounts:
        with self._lock:
            version = self._data_version(database)
            stale = version is None or version != self._version
            due = time.monotonic() - self._made_at >= self._seconds
            if self._counts is None or (stale and due):
                self._version = version
                self._counts = self._count(database)
                self._made_at = time.monotonic()
            return self._counts

    def _data_version(self, database: Engine) -> int | None:
        """The database's data_version as this object's own connection sees it; None where
        there is no file to watch (every ask is then a change, still at most every 2 s)."""
        path = database.url.database
        if not path or path == ":memory:":
            return None
        if self._watch is None:
            address = f"{Path(path).resolve().as_uri()}?mode=ro"
            self._watch = sqlite3.connect(address, uri=True, check_same_thread=False)
        return int(self._watch.execute("PRAGMA data_version").fetchone()[0])


def documents_needing_attention(database: Engine) -> int:
    """The documents the problems page lists: with an incomplete, looped or failed page,
    refused files and documents the index could not take, less those a person settled.

    Counted through the status index: grouping every document by inbox and status took
    162 ms on 100,000 documents, this 3 ms (bench/arrivals_bench.py); every page's menu
    asks. Two counts, not one with OR: an OR over the subquery walks every document."""
    states = [DocumentStatus.attention.value, DocumentStatus.failed.value]
    unsettled = col(Document.settled_at).is_(None)
    with read_session(database) as session:
        by_state = session.exec(
            select(func.count())
            .select_from(Document)
            .where(col(Document.status).in_(states))
            .where(unsettled)
        ).one()
        only_unindexed = session.exec(
            select(func.count())
            .select_from(IndexProblem)
            .join(Document, col(Document.id) == col(IndexProblem.document_id))
            .where(col(Document.status).not_in(states))
            .where(unsettled)
        ).one()
    return int(by_state) + int(only_unindexed)


def page_numbers(database: Engine, document_id: int) -> list[tuple[int, int]]:
    """(page id, number) of every page of a document, in order, for the page strip."""
    with read_session(database) as session:
        rows = session.exec(
            select(Page.id, Page.number)
            .where(Page.document_id == document_id)
            .order_by(col(Page.number))
        ).all()
    return [(int(page_id or 0), number) for page_id, number in rows]


def inbox_names(database: Engine) -> list[str]:
    with read_session(database) as session:
        return sorted(session.exec(select(Document.inbox).distinct()).all())


def tag_names(database: Engine) -> list[str]:
    with read_session(database) as session:
        joined = session.exec(select(Document.tags).distinct()).all()
    return sorted({tag for tags in joined for tag in split_tags(tags)})


def audit_events(
    database: Engine, selection: AuditFilter, offset: int, limit: int
) -> tuple[list[AuditEvent], int]:
    """A page of the audit log, newest first, and how many events match."""
    with read_session(database) as session:
        statement = selection.apply(select(AuditEvent))
        counting = selection.apply(select(func.count()).select_from(AuditEvent))
        events = session.exec(
            statement.order_by(col(AuditEvent.id).desc()).offset(offset).limit(limit)
        ).all()
        return list(events), int(session.exec(counting).one())


# The document view lists at most this many of the patient's other letters, newest first.
MOST_OTHER_LETTERS = 20


@dataclass(frozen=True)
class OtherLetter:
    """Another letter filed to the same patient, as the document view lists it."""

    document_id: int
    file_name: str
    received_at: datetime
    title: str | None
    sender: str | None


@dataclass(frozen=True)
class FilingChoices:
    """What the facts panel offers for filing: the patient's other letters, the register
    entries a search found, the sender directory's names."""

    other_letters: list[OtherLetter]
    register_found: list[PatientRecord] | None  # None: nothing was searched
    senders: list[str]


def filing_choices(database: Engine, document_id: int, register_search: str) -> FilingChoices:
    """The document view's filing aids (read in one session)."""
    with read_session(database) as session:
        found = register.search(session, register_search) if register_search.strip() else None
        return FilingChoices(
            _other_letters(session, document_id), found, sender_directory.names(session)
        )


def _other_letters(session: Any, document_id: int) -> list[OtherLetter]:
    """The letters filed to this letter's patient (its confirmed, else proposed, number)."""
    number = views_of(session, [document_id]).get(document_id, {}).get("patient_id")
    if number is None or not number.value:
        return []
    confirmed = and_(
        col(DocumentFact.confirmed_at).is_not(None), col(DocumentFact.confirmed) == number.value
    )
    proposed = and_(
        col(DocumentFact.confirmed_at).is_(None), col(DocumentFact.proposed) == number.value
    )
    rows = session.exec(
        select(Document)
        .join(DocumentFact, col(DocumentFact.document_id) == col(Document.id))
        .where(DocumentFact.field == "patient_id")
        .where(or_(confirmed, proposed))
        .where(col(Document.id) != document_id)
        .order_by(col(Document.received_at).desc())
        .limit(MOST_OTHER_LETTERS)
    ).all()
    values = views_of(session, [row.id for row in rows])
    return [
        OtherLetter(
            row.id,
            row.original_name,
            row.received_at,
            _value(values.get(row.id, {}).get("title")),
            _value(values.get(row.id, {}).get("sender")),
        )
        for row in rows
    ]


def _value(view: FactView | None) -> str | None:
    return view.value if view is not None else None
