"""The database tables (SQLModel); their status words are `docvault.vocabulary`'s.

Schema changes go only through Alembic revisions in `migrations/`; a test proves that the
migrations at head give exactly these tables.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, date, datetime

from sqlalchemy import Column, ColumnElement, Index, Text, UniqueConstraint, func
from sqlmodel import Field, Session, SQLModel, col, select

from docvault.vocabulary import DocumentStatus, HandoverState, PageStatus


def utcnow() -> datetime:
    """Every timestamp is an aware datetime in UTC."""
    return datetime.now(UTC)


# SQLite's AUTOINCREMENT: an id is never handed out twice, even after its row is deleted.
# Without it a deleted letter's page id went to the next new page, and the image cached
# under that id was shown beside another patient's text (issue 13).
NEVER_REUSED = {"sqlite_autoincrement": True}


class Document(SQLModel, table=True):
    """One original file, archived under its sha256."""

    __tablename__ = "documents"
    __table_args__ = NEVER_REUSED

    id: int | None = Field(default=None, primary_key=True)
    sha256: str = Field(max_length=64, unique=True)
    original_name: str
    inbox: str = Field(index=True)
    original_path: str  # where the file was found, for the admin
    archive_path: str  # relative to the data folder
    # A password-protected PDF unlocked by an admin: the copy without the password,
    # archived beside the original (which stays untouched); pages are read from it.
    unlocked_path: str | None = None
    size_bytes: int
    kind: str | None = None  # "pdf", "tiff", ... as detected from the content
    tags: str = ""  # labels from the inbox settings, as join_tags writes them
    # Whose turn its pages take in the queue (records.claim): a mail sender's documents share
    # one ("mail:<mailbox>:<address>"); None: the document takes turns of its own.
    queue_source: str | None = Field(default=None, index=True)
    page_count: int = 0
    status: str = Field(default=DocumentStatus.processing, index=True)
    error: str | None = Field(default=None, sa_column=Column(Text))
    # The stable code of the error that refused the file (`errors.DocvaultError.code`, such
    # as "corrupt-document"); before revision 0005 it held the Python class name.
    error_class: str | None = None
    received_at: datetime = Field(default_factory=utcnow, index=True)
    updated_at: datetime = Field(default_factory=utcnow)
    # Staff's to-do list: a document is "to do" until a person marks it handled (audited).
    handled_at: datetime | None = Field(default=None, index=True)
    handled_by: str | None = None
    # A failed or problem document a person settled (dismissed with a reason, audited): it
    # leaves the problems page; the original stays archived.
    settled_at: datetime | None = None
    settled_by: str | None = None
    settled_reason: str | None = Field(default=None, sa_column=Column(Text))

    def unsettle(self) -> None:
        """A new problem of the document is listed again, even if a person dismissed the
        old one (a refused file refused again, a reading that ends in a problem again, a new
        index problem)."""
        self.settled_at = None
        self.settled_by = None
        self.settled_reason = None


def join_tags(tags: Iterable[str]) -> str:
    """Tags as `Document.tags` stores them: joined by commas."""
    return ",".join(tags)


def split_tags(stored: str) -> tuple[str, ...]:
    """The tags of a stored `Document.tags` value, in order; none for an empty one."""
    return tuple(tag for tag in stored.split(",") if tag)


def has_tag(tag: str) -> ColumnElement[bool]:
    """SQL: the document carries `tag` (the whole tag between commas, never a part of one)."""
    wrapped = "," + col(Document.tags) + ","
    return func.instr(wrapped, f",{tag},") > 0


class Duplicate(SQLModel, table=True):
    """The same bytes arriving again: recorded, pointing at the first document, not re-read."""

    __tablename__ = "duplicates"
    __table_args__ = NEVER_REUSED

    id: int | None = Field(default=None, primary_key=True)
    document_id: int = Field(foreign_key="documents.id", index=True)
    original_name: str
    inbox: str
    original_path: str
    received_at: datetime = Field(default_factory=utcnow)


class Page(SQLModel, table=True):
    """One page of a document and its transcription."""

    __tablename__ = "pages"
    __table_args__ = (
        UniqueConstraint("document_id", "number"),
        # A claim walks it: fair between senders and documents, lowest turn first (records.claim).
        Index("ix_pages_claim", "status", "priority", "turn", "id"),
        # Whether a document has unfinished pages, in one seek (queue._refresh_document).
        Index("ix_pages_document_status", "document_id", "status"),
        NEVER_REUSED,
    )

    id: int | None = Field(default=None, primary_key=True)
    document_id: int = Field(foreign_key="documents.id", index=True)
    number: int  # 1-based
    # Its place among the pages of its source (records.claim): the page number for a document
    # that takes turns of its own; for a sender's documents, counted on from its pages ahead.
    turn: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    status: str = Field(default=PageStatus.queued)
    priority: int = 0  # re-runs requested by a person have priority 1 and go first
    rerun_mode: str | None = None  # greedy, penalty or uncapped, for a requested re-run
    lease_owner: str | None = None
    lease_expires_at: datetime | None = None
    not_before: datetime | None = None  # backoff after an engine outage
    markdown: str | None = Field(default=None, sa_column=Column(Text))
    error: str | None = Field(default=None, sa_column=Column(Text))
    # Why its image cannot be drawn within the render limits (the worker's render failed,
    # or the web view's did): the web view shows its placeholder at once instead of drawing
    # it again at every look (issue 44). Cleared when the page is read after all.
    undrawn: str | None = Field(default=None, sa_column=Column(Text))
    warnings: str | None = Field(default=None, sa_column=Column(Text))  # MuPDF's, one per line
    image_width: int | None = None
    image_height: int | None = None
    # The clockwise turn that made the page upright before it was read (0, 90, 180, 270),
    # and where it came from (a vocabulary.RotationSource value; stored as its text).
    rotation: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    rotation_source: str | None = None
    # "plain" or "markdown" (vocabulary.TextFormat): how the viewer shows `markdown`.
    text_format: str | None = None
    # The coverage check's report as JSON (ink lines, accounted lines, suspect regions with
    # their boxes, summary); None when the page was not checked.
    coverage: str | None = Field(default=None, sa_column=Column(Text))
    # Where the transcription's lines lie on the page image, as JSON [[left, top, right,
    # bottom, text], ...] in the image's pixels (engines that locate lines: the CPU engine);
    # the searchable PDF places its invisible text there.
    lines: str | None = Field(default=None, sa_column=Column(Text))
    # Why its reading must not be taken as whole (vocabulary.PageFlag), as JSON
    # [{"code": "page-damaged", "sentence": "..."}]: a damaged file, a doubtful reading.
    flags: str | None = Field(default=None, sa_column=Column(Text))
    # The words the dictionary check put right (docvault.corrections), as JSON [[start,
    # end, read, corrected], ...] at their places in `markdown`, which stays as read.
    corrections: str | None = Field(default=None, sa_column=Column(Text))
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
    finished_at: datetime | None = None


class Attempt(SQLModel, table=True):
    """One engine call for one page."""

    __tablename__ = "attempts"
    __table_args__ = NEVER_REUSED

    id: int | None = Field(default=None, primary_key=True)
    page_id: int = Field(foreign_key="pages.id", index=True)
    engine: str
    settings: str  # JSON: mode, max_tokens, temperature, frequency_penalty, ...
    finish_reason: str | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    seconds: float
    verdict: str
    repeating_unit: str | None = None
    error: str | None = Field(default=None, sa_column=Column(Text))
    created_at: datetime = Field(default_factory=utcnow)


class IndexOutbox(SQLModel, table=True):
    """A page whose index entry must be written (or removed), in the same transaction."""

    __tablename__ = "index_outbox"
    __table_args__ = NEVER_REUSED

    id: int | None = Field(default=None, primary_key=True)
    page_id: int = Field(index=True)  # no foreign key: deletions must outlive the page
    document_id: int
    action: str = "upsert"  # "upsert" or "delete"
    created_at: datetime = Field(default_factory=utcnow)


# The pages search finds: every finished page with text (an incomplete page's text may lack
# a line, a looped page's may repeat one, but what was read must be found).
SEARCHED_PAGE_STATES = (
    PageStatus.done.value,
    PageStatus.incomplete.value,
    PageStatus.looped.value,
)


def reindex_document(session: Session, document_id: int) -> None:
    """Put every page of the document that search finds into the index outbox, in the
    caller's transaction: its facts changed, a message now names it, a rebuild left it out."""
    page_ids = session.exec(
        select(Page.id)
        .where(Page.document_id == document_id)
        .where(col(Page.status).in_(SEARCHED_PAGE_STATES))
    ).all()
    session.add_all(
        IndexOutbox(page_id=page_id, document_id=document_id)
        for page_id in page_ids
        if page_id is not None
    )


class IndexProblem(SQLModel, table=True):
    """A document the index writer could not take: why, and when it is tried again.

    Every other document is indexed meanwhile; the document's outbox rows stay until it is
    indexed. Its row goes when it is indexed, when its facts change (the usual cure: a bad
    date corrected) and with `docvault reindex`; the problems page lists the rows.
    """

    __tablename__ = "index_problems"
    __table_args__ = (UniqueConstraint("document_id"), NEVER_REUSED)

    id: int | None = Field(default=None, primary_key=True)
    document_id: int  # no foreign key: a deleted document's removal may be what failed
    code: str  # the stable code of the error (docvault.errors)
    problem: str = Field(sa_column=Column(Text, nullable=False))  # the sentence shown
    failures: int = 1
    first_failed_at: datetime = Field(default_factory=utcnow)
    last_failed_at: datetime = Field(default_factory=utcnow)
    retry_at: datetime = Field(default_factory=utcnow)


class User(SQLModel, table=True):
    """A person who may log in to the web view; the password is kept as an argon2 hash."""

    __tablename__ = "users"
    __table_args__ = NEVER_REUSED

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    password_hash: str
    is_admin: bool = False
    disabled: bool = False  # may not log in; their sessions and tokens stop working
    created_at: datetime = Field(default_factory=utcnow)
    password_changed_at: datetime = Field(default_factory=utcnow)


class ApiToken(SQLModel, table=True):
    """A token for scripts (Authorization: Bearer); only its sha256 is kept."""

    __tablename__ = "api_tokens"
    __table_args__ = NEVER_REUSED

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True)
    label: str = ""
    token_sha256: str = Field(max_length=64, unique=True)
    scope: str = "read"  # metrics < read < rerun < admin (docvault.auth.TokenScope)
    expires_at: datetime | None = None
    created_at: datetime = Field(default_factory=utcnow)
    last_used_at: datetime | None = None
    revoked_at: datetime | None = None


class WebSession(SQLModel, table=True):
    """A browser's login: the cookie holds a random token, the database only its sha256.

    Deleting the row ends the session at once (logout, password change, user removed or
    disabled, an administrator's `docvault user logout`).
    """

    __tablename__ = "web_sessions"
    __table_args__ = NEVER_REUSED

    id: int | None = Field(default=None, primary_key=True)
    token_sha256: str = Field(max_length=64, unique=True)
    user_id: int = Field(foreign_key="users.id", index=True)
    csrf_token: str  # bound to this session on the server, never in the cookie
    remote_address: str = ""
    created_at: datetime = Field(default_factory=utcnow)
    last_seen_at: datetime = Field(default_factory=utcnow)


class LoginFailure(SQLModel, table=True):
    """A failed login, counted for the lock-out (per user name and per address)."""

    __tablename__ = "login_failures"
    __table_args__ = NEVER_REUSED

    id: int | None = Field(default=None, primary_key=True)
    user_name: str = Field(index=True)
    remote_address: str = Field(index=True)
    at: datetime = Field(default_factory=utcnow, index=True)


class AuditEvent(SQLModel, table=True):
    """Who did what in the web view: logins, searches, views, downloads, re-runs."""

    __tablename__ = "audit_events"
    __table_args__ = NEVER_REUSED

    id: int | None = Field(default=None, primary_key=True)
    at: datetime = Field(default_factory=utcnow, index=True)
    user_name: str = Field(index=True)
    action: str = Field(index=True)
    detail: str = Field(default="", sa_column=Column(Text, nullable=False))
    document_id: int | None = Field(default=None, index=True)
    page_number: int | None = None
    remote_address: str = ""
    # How the person acted (`vocabulary.AuditVia`): "browser" (a login session), "token"
    # (one of the user's API tokens) or "cli"; empty for rows from before revision 0014.
    via: str = Field(default="", sa_column_kwargs={"server_default": ""})


class HandoverOutbox(SQLModel, table=True):
    """A document's hand-over to one receiver, written with the document's completion.

    One event (a document became done or needs attention) gets one row per configured
    receiver ("webhook", "command"), all with the same `event_id`, which every delivery
    carries so that a receiver can drop the repeat a crash between sending and recording
    the answer causes.
    """

    __tablename__ = "handover_outbox"
    __table_args__ = (
        UniqueConstraint("event_id", "target"),
        Index("ix_handover_outbox_due", "state", "next_attempt_at"),
        NEVER_REUSED,
    )

    id: int | None = Field(default=None, primary_key=True)
    event_id: str = Field(max_length=64)
    document_id: int = Field(index=True)  # no foreign key: the row outlives a deletion
    # What the event announces: the document's status (done or attention), or "corrected"
    # (a person changed its facts; handover.CORRECTED).
    status: str
    target: str  # a vocabulary.HandoverTarget value
    state: str = Field(default=HandoverState.pending)
    created_at: datetime = Field(default_factory=utcnow)
    attempts: int = 0
    next_attempt_at: datetime = Field(default_factory=utcnow)
    last_attempt_at: datetime | None = None
    delivered_at: datetime | None = None
    answer_status: int | None = None  # the receiver's HTTP status, or the command's exit code
    answer: str | None = Field(default=None, sa_column=Column(Text))  # a bounded excerpt
    error: str | None = Field(default=None, sa_column=Column(Text))  # why the last one failed


class DocumentFact(SQLModel, table=True):
    """One fact of a document (patient, born, letter_date, sender, title): what docvault
    proposed from the text, and what a person confirmed or corrected it to.

    A confirmed value (``confirmed_at`` set) is what counts, even when it is empty (the
    person said the letter names none); a new proposal never replaces it.
    """

    __tablename__ = "document_facts"
    __table_args__ = (UniqueConstraint("document_id", "field"), NEVER_REUSED)

    id: int | None = Field(default=None, primary_key=True)
    document_id: int = Field(foreign_key="documents.id", index=True, ondelete="CASCADE")
    field: str
    proposed: str | None = None
    evidence: str | None = Field(default=None, sa_column=Column(Text))
    proposed_at: datetime | None = None
    confirmed: str | None = None
    confirmed_by: str | None = None
    confirmed_at: datetime | None = None

    @property
    def value(self) -> str | None:
        """The confirmed value, else the proposal; None when there is neither."""
        if self.confirmed_at is not None:
            return self.confirmed or None
        return self.proposed


class FactsDue(SQLModel, table=True):
    """A document whose facts need proposing (`docvault.facts.outbox`): written in the
    transaction that finishes its reading, removed in the one that stores its proposals.

    ``queued_at`` tells a reading apart from a later one (a re-run finished while the
    proposals of the earlier reading were made): only the row of the reading proposed is
    removed, so the later one is proposed too.
    """

    __tablename__ = "facts_due"

    document_id: int = Field(foreign_key="documents.id", primary_key=True, ondelete="CASCADE")
    queued_at: datetime


class MailMessage(SQLModel, table=True):
    """One message of a watched mailbox, remembered so that it is taken exactly once.

    A message is known by its mailbox, the folder's UIDVALIDITY and its UID; a new
    UIDVALIDITY (the server numbered the folder anew) is matched again by Message-ID and
    size, or by the sha256 of the whole message; so is a folder numbered again from below
    with its old UIDVALIDITY, whose earlier rows are moved to a UIDVALIDITY of 0 or below
    (`mailstore.retire_numbering`). Its states (`vocabulary.MailState`):
    archived (every part committed, not yet acted on at the server), done (acted on),
    skipped (a filter left it alone), too-large (not downloaded) and known (the same
    message as `same_as_id`: not taken again).
    """

    __tablename__ = "mail_messages"
    __table_args__ = (
        UniqueConstraint("mailbox", "uidvalidity", "uid"),
        Index("ix_mail_messages_message_id", "mailbox", "message_id"),
        # A poll asks for the few messages in one state (held but not acted on, too large):
        # an index, so that the answer does not grow with the mailbox (bench/mail_bench.py).
        Index("ix_mail_messages_state", "mailbox", "uidvalidity", "state"),
        NEVER_REUSED,
    )

    id: int | None = Field(default=None, primary_key=True)
    mailbox: str  # the [[mailboxes]] table's name
    uidvalidity: int
    uid: int
    state: str
    message_id: str | None = None  # the Message-ID header as sent (none: some fax gateways)
    size_bytes: int  # as the server reported it (RFC822.SIZE)
    # The whole message, content-addressed in the archive (none: not downloaded).
    eml_sha256: str | None = Field(default=None, max_length=64, index=True)
    eml_path: str | None = None  # relative to the data folder
    sender: str = ""  # the From header as shown: 'Labor Dr. Weiß <befund@labor.example>'
    sender_address: str = ""  # the address alone, lower case
    subject: str = ""
    sent_at: datetime | None = None  # the Date header
    problem: str | None = Field(default=None, sa_column=Column(Text))  # what staff are told
    same_as_id: int | None = None  # state known: the earlier row of the same message
    seen_at: datetime = Field(default_factory=utcnow)
    acted_at: datetime | None = None  # when after_taking was done at the server


class MailDocument(SQLModel, table=True):
    """A document that arrived as an attachment of a message: its mail origin, and with the
    message's other attachments, one delivery."""

    __tablename__ = "mail_documents"
    __table_args__ = (UniqueConstraint("message_id", "position"), NEVER_REUSED)

    id: int | None = Field(default=None, primary_key=True)
    message_id: int = Field(foreign_key="mail_messages.id", index=True)
    document_id: int = Field(index=True)  # no foreign key: a deleted document leaves the row
    position: int  # the attachment's place among the message's parts, from 1
    file_name: str


class CalendarRun(SQLModel, table=True):
    """One run of a calendar job (`docvault.scheduler`), or one it missed: what the schedule
    page and `docvault schedule` show, kept as a record of what ran when."""

    __tablename__ = "calendar_runs"
    __table_args__ = (Index("ix_calendar_runs_job", "job", "id"), NEVER_REUSED)

    id: int | None = Field(default=None, primary_key=True)
    job: str
    # When the calendar meant it to run (None: run by hand, "run now").
    planned_at: datetime | None = None
    started_at: datetime = Field(default_factory=utcnow)
    finished_at: datetime | None = None
    outcome: str = "running"  # "running", "ok", "failed", "missed"
    sentence: str = Field(default="", sa_column=Column(Text, nullable=False))
    # Why it ran late ("docvault was not running at 02:00"), empty when it ran on time.
    late: str = Field(default="", sa_column=Column(Text, nullable=False))
    requested_by: str | None = None  # who pressed "run now"


class CalendarRequest(SQLModel, table=True):
    """A job an admin asked to run now (web view or `docvault schedule run`), until the
    running daemon's calendar takes it."""

    __tablename__ = "calendar_requests"
    __table_args__ = NEVER_REUSED

    id: int | None = Field(default=None, primary_key=True)
    job: str
    requested_by: str
    requested_at: datetime = Field(default_factory=utcnow)


class LegalHold(SQLModel, table=True):
    """A document no deletion may remove (`docvault.holds`), with why and who said so."""

    __tablename__ = "legal_holds"

    # No cascade: even a delete that skipped the check (`holds.refuse_if_held`) is refused
    # by the database's foreign key.
    document_id: int = Field(foreign_key="documents.id", primary_key=True)
    reason: str = Field(sa_column=Column(Text, nullable=False))
    placed_by: str
    placed_at: datetime = Field(default_factory=utcnow)


class RegisterPatient(SQLModel, table=True):
    """One patient of the practice system's register (`docvault.facts.register`), as its
    last export gave them; the id is the practice system's own."""

    __tablename__ = "register_patients"

    patient_id: str = Field(primary_key=True)
    surname: str
    given_names: str
    birth_date: date = Field(index=True)
    birth_name: str = ""
    # Earlier surnames (married names), oldest first, separated by ";".
    former_names: str = ""
    title: str = ""
    # The home address: what tells two patients of one name and birth date apart.
    street: str = ""
    postcode: str = ""
    city: str = ""
    refreshed_at: datetime = Field(default_factory=utcnow)


class RegisterRefresh(SQLModel, table=True):
    """One refresh of the register from the practice system's export, as it was reported."""

    __tablename__ = "register_refreshes"
    __table_args__ = NEVER_REUSED

    id: int | None = Field(default=None, primary_key=True)
    source: str = Field(sa_column=Column(Text, nullable=False))
    finished_at: datetime = Field(default_factory=utcnow)
    outcome: str = "ok"  # "ok", or "refused": the export was not taken, the register unchanged
    added: int = 0
    changed: int = 0
    merged: int = 0
    removed: int = 0
    refused: int = 0
    # The refused rows' sentences, one a line, and the whole refresh's when it was refused.
    report: str = Field(default="", sa_column=Column(Text, nullable=False))


class Correspondent(SQLModel, table=True):
    """A sender in the clinic's directory of correspondents (`docvault.facts.senders`): grown
    from confirmed letters, edited by an admin. ``own`` marks the clinic itself (from the
    ``clinic_*`` settings): the addressee, never proposed as a sender."""

    __tablename__ = "correspondents"
    __table_args__ = NEVER_REUSED

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    address: str = Field(default="", sa_column=Column(Text, nullable=False))
    own: bool = False
    updated_at: datetime = Field(default_factory=utcnow)
    updated_by: str = ""


class CorrespondentMark(SQLModel, table=True):
    """One mark that identifies a correspondent: a telephone or fax number (its national
    digits) or a mail domain; learned from a confirmed letter (``document_id``) or typed by
    an admin (no document)."""

    __tablename__ = "correspondent_marks"
    __table_args__ = (Index("ix_correspondent_marks_value", "value"), NEVER_REUSED)

    id: int | None = Field(default=None, primary_key=True)
    correspondent_id: int = Field(foreign_key="correspondents.id", index=True, ondelete="CASCADE")
    document_id: int | None = Field(
        default=None, foreign_key="documents.id", index=True, ondelete="CASCADE"
    )
    kind: str  # "phone", "fax" or "domain"
    value: str
