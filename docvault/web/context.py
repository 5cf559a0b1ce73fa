"""What the web view is given by the composition root, and the steps its routes share.

`create_app` keeps the context and the templates in the app's state; an endpoint reaches
them through the typed dependencies `Context` and `Templates` (FastAPI resolves them once
per request), so every endpoint is a plain module-level function.
"""

from __future__ import annotations

import functools
import logging
import re
import threading
import time as clock
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path as FilePath
from typing import Annotated, Any
from urllib.parse import parse_qsl, urlencode

from fastapi import Depends, HTTPException, Path, Query
from fastapi.templating import Jinja2Templates
from sqlalchemy import Engine as DatabaseEngine
from starlette.requests import Request

from docvault import audit, auth, records, transcription
from docvault.audit import AuditAction
from docvault.calendar_log import Planned
from docvault.config import default
from docvault.errors import ArchivedFileDamaged, DocvaultError, RateLimited, ServerFault
from docvault.intake import Inspector, unlock_document
from docvault.models import utcnow
from docvault.render import RenderOptions, inspect_document
from docvault.runtime import Throttle
from docvault.search import SearchIndex
from docvault.setting_types import RetentionRule
from docvault.transcription import BuildSearchable
from docvault.vocabulary import DocumentStatus, HandoverTarget, PageStatus, SamplingMode
from docvault.web import queries
from docvault.web.display import Display
from docvault.web.images import RenderPng
from docvault.web.security import (
    client_address,
    current_account,
    is_admin,
    request_via,
    require_admin,
    require_scope,
)
from docvault.web.status import StatusSource

logger = logging.getLogger(__name__)

PER_PAGE = 20
# How long a look that may go unrecorded waits for the database's write lock.
LOOK_WAIT_SECONDS = 1.0
_inspect_lock = threading.Lock()  # PyMuPDF is not thread-safe


def inspect_in_process(path: FilePath) -> tuple[int, str]:
    """A file's page count and kind, read in this process: for a web view built without
    the service's inspection pool (tests, tools); the service passes its pool's."""
    with _inspect_lock:
        info = inspect_document(path, RenderOptions())
    return info.page_count, info.kind


# A re-run request names at most this many pages (issue 13: 100,000 ids queued every page
# ahead of new intake in one call); the problem list shows at most 500 pages anyway.
MAX_RERUN_IDS = 500
AUDIT_LISTED_IDS = 20  # the audit row names the first ones and counts the rest
# Ids are SQLite integers: anything above this reached SQLite as an OverflowError and a
# 500 (issue 13). Bounded where the request is read, they are a 400 (or a 404: no such row).
MAX_ID = 2**63 - 1
# Result pages: far beyond any archive, small enough that page x 100 stays an integer.
MAX_RESULT_PAGE = 1_000_000
RowId = Annotated[int, Path(ge=0, le=MAX_ID)]
ResultPage = Annotated[int, Query(alias="page", ge=1, le=MAX_RESULT_PAGE)]
# A page asked for by number, or none (then the viewer chooses: the best match of a search).
ChosenPage = Annotated[int | None, Query(alias="page", ge=1, le=MAX_RESULT_PAGE)]
# Inbox and tag names are a few words; a filter longer than this is not one (and a
# megabyte of it would be compared against every row).
MAX_FILTER_CHARACTERS = 200
# The search a viewer was opened from (the results page's query string): a query of at most
# 500 characters and its filters, percent-encoded, stays far below this.
MAX_SEARCH_CONTEXT_CHARACTERS = 4000
SEARCH_FORM_FIELDS = ("q", "inbox", "tag", "status", "date_field", "date_from", "date_to", "page")
# The status filter speaks of documents on the arrivals list and of pages in a search;
# each word is translated for the other (a document needing attention has looped or
# incomplete pages, so "attention" in a search means either page state).
ARRIVAL_STATES = tuple(state.value for state in DocumentStatus)
SEARCH_STATES = (PageStatus.done.value, PageStatus.incomplete.value, PageStatus.looped.value)
_AS_DOCUMENT_STATE = {
    PageStatus.incomplete.value: DocumentStatus.attention.value,
    PageStatus.looped.value: DocumentStatus.attention.value,
}
_ATTENTION_PAGES = f"(status:{PageStatus.looped.value} OR status:{PageStatus.incomplete.value})"
_PLAIN_TERM = re.compile(r"[\w.@+-]+")
# A search box holding only filters the arrivals list knows: each once, a plain value.
_BOX_FILTER = re.compile(r"(status|inbox|tag):([\w.@+-]+)")
_BOX_FILTERS = re.compile(r"(?:(?:status|inbox|tag):[\w.@+-]+\s*)+")
# Re-reads (re-runs and rotations) are counted per user over this sliding window.
REREAD_WINDOW_SECONDS = 3600.0


@dataclass
class _Rereads:
    """Pages one request had read again, and when (monotonic seconds)."""

    when: float
    pages: int


class RereadBudget:
    """How many pages each user has had read again within the last hour, in this process.

    Every re-read goes ahead of new intake (issue 25: a token re-read done pages in a loop,
    jumping the queue and re-sending documents to the practice system), so each user, with
    all their tokens, gets `per_hour` pages an hour. Pages are taken before the queue is
    asked and the ones it did not take are given back.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._taken: dict[str, list[_Rereads]] = {}

    def take(self, who: str, pages: int, per_hour: int, now: float | None = None) -> _Rereads:
        """Count `pages` re-reads for `who`; RateLimited (nothing counted) beyond the limit.
        Returns the entry, for `give_back`."""
        now = clock.monotonic() if now is None else now
        with self._lock:
            recent = [
                entry
                for entry in self._taken.get(who, [])
                if now - entry.when < REREAD_WINDOW_SECONDS
            ]
            throttle = Throttle(REREAD_WINDOW_SECONDS, per_hour)
            wait = throttle.wait([(entry.when, entry.pages) for entry in recent], now, pages)
            if wait > 0:
                used = sum(entry.pages for entry in recent)
                raise RateLimited(_reread_refusal(who, used, pages, per_hour, max(1.0, wait)))
            taken = _Rereads(now, pages)
            self._taken[who] = [*recent, taken]
            return taken

    def give_back(self, taken: _Rereads, pages: int) -> None:
        """Pages taken that the queue did not re-read after all (not finished, or gone)."""
        with self._lock:
            taken.pages = max(0, taken.pages - pages)


def _reread_refusal(who: str, used: int, pages: int, per_hour: int, wait: float) -> str:
    if pages > per_hour:
        return (
            f"{pages} pages cannot be read again at once: at most {per_hour:,} an hour are "
            "allowed per user (web_rereads_per_hour). Choose fewer pages."
        )
    minutes = int(wait // 60) + 1
    return (
        f"{who} has had {used:,} page(s) read again in the last hour; at most {per_hour:,} an "
        f"hour are allowed per user (web_rereads_per_hour), and re-reads go ahead of new "
        f"letters. Try these {pages} again in {minutes} minute(s), or ask an administrator."
    )


@dataclass(frozen=True)
class WebContext:
    """Everything the web view reads; built once by the composition root.

    - `render_png(archive_path, page_number, rotation)` returns the page as PNG bytes, turned
      `rotation` degrees clockwise; it must render in the render pool (PyMuPDF is not
      thread-safe) and may block the calling thread.
    - `status()` returns the service's own numbers (see `docvault.web.status`).
    - `secret_key` signs the login form's CSRF token (32 random bytes kept in the data
      folder); sessions themselves are rows in the database.
    - `session_idle_minutes`, `session_hours`: a session ends after this long unused, and
      this long after login however busy it is.
    - `https`: the browser reaches docvault over HTTPS (directly or through a proxy), so
      cookies are marked Secure and HSTS is sent.
    - `render_settings`: the render settings `render_png` uses, as text; part of every
      cached image's name, so a change of settings never serves an image made with others.
    - `max_request_bytes`: the largest request body accepted (web_max_request_bytes).
    - `rereads_per_hour`: pages one user may have read again in an hour (re-run, rotate).
    - `max_pages`: intake's page limit, which an unlocked PDF must keep too (max_pages).
    - `display`: the time zone and date format staff read times and dates in.
    - `first_account_command`: what to run on the server to make the first administrator
      (the login page says it while no account exists).
    - `inspect(path)`: a file's page count and kind, as intake judges a new file (the
      composition root passes intake's inspection pool); a refused file taken in again
      from the problems page is judged by it. `empty_grace_seconds` is intake's setting.
    - `build_searchable(file, pages)` makes an archive copy (`docvault.pdfa`); like
      `render_png` it must run in the render pool. None: this web view offers no searchable PDF.
    """

    database: DatabaseEngine
    index: SearchIndex
    data_dir: FilePath
    render_png: RenderPng
    status: StatusSource
    secret_key: bytes
    https: bool = False
    render_settings: str = ""
    session_idle_minutes: int = default("web_session_idle_minutes")
    session_hours: int = default("web_session_hours")
    # Live figures only the running service knows, for /metrics: in_flight, engine_up,
    # pages_per_minute (docvault.metrics.render_metrics reads the rest from the database).
    live: Callable[[], Mapping[str, Any]] = dict
    max_request_bytes: int = default("web_max_request_bytes")
    rereads_per_hour: int = default("web_rereads_per_hour")
    max_pages: int = default("max_pages")
    reread_budget: RereadBudget = field(default_factory=RereadBudget)
    # The counts the open lists ask for every few seconds, shared by every tab.
    lists: queries.LiveLists = field(default_factory=queries.LiveLists)
    # How times and dates are shown (the clinic's zone and date format; stored times UTC).
    display: Display = field(default_factory=Display)
    # The command that makes the first administrator, shown while no account exists.
    first_account_command: str = "docvault user add NAME --admin"
    inspect: Inspector = field(default=inspect_in_process)
    empty_grace_seconds: float = default("empty_grace_seconds")
    build_searchable: BuildSearchable | None = None
    # The hand-over receivers told when a person corrects a letter's facts (the FHIR
    # receiver's DocumentReference is updated; docvault.delivery).
    correction_targets: tuple[HandoverTarget, ...] = ()
    # The clinic's calendar (the schedule page) and retention rules (the review page).
    calendar: tuple[Planned, ...] = ()
    retention: tuple[RetentionRule, ...] = ()
    # The wall clock the waits after wrong unlock passwords are measured on.
    unlock_clock: Callable[[], datetime] = utcnow

    @property
    def session_policy(self) -> auth.SessionPolicy:
        return auth.SessionPolicy(
            idle=timedelta(minutes=self.session_idle_minutes),
            lifetime=timedelta(hours=self.session_hours),
        )

    def audit(
        self,
        request: Request,
        action: AuditAction,
        detail: str = "",
        document_id: int | None = None,
        page_number: int | None = None,
    ) -> None:
        """Record what a person did (every call is a row)."""
        self._record(audit.record, request, action, detail, document_id, page_number)

    def look(
        self,
        request: Request,
        action: AuditAction,
        detail: str = "",
        document_id: int | None = None,
        page_number: int | None = None,
    ) -> None:
        """Record a look at patient data (one row per look, see `docvault.audit`)."""
        self._record(audit.record_look, request, action, detail, document_id, page_number)

    def look_if_possible(self, request: Request, action: AuditAction) -> None:
        """Record a look at what is no patient data (the status page) if the database can
        take it now: that page must answer while it cannot (its disk full, its write lock
        held by another program), which is when an administrator needs it most."""
        record = functools.partial(audit.record_look, wait_seconds=LOOK_WAIT_SECONDS)
        try:
            self._record(record, request, action, "", None, None)
        except ServerFault as fault:
            logger.warning("web: the look at %s is not recorded: %s", action, fault.message)

    def _record(
        self,
        writer: Callable[..., object],
        request: Request,
        action: str,
        detail: str,
        document_id: int | None,
        page_number: int | None,
    ) -> None:
        writer(
            self.database,
            current_account(request).name,
            action,
            detail,
            document_id=document_id,
            page_number=page_number,
            remote_address=client_address(request),
            via=request_via(request),
        )

    def document_or_404(self, document_id: int) -> queries.DocumentView:
        found = queries.document(self.database, document_id)
        if found is None:
            raise HTTPException(404, f"There is no document {document_id} in the archive.")
        return found

    def searchable_pdf(self, document_id: int) -> tuple[FilePath, str]:
        """The finished document's searchable PDF (made now if need be) and its file name;
        an HTTP error with the sentence to show when there is none to give."""
        source = transcription.searchable_source(self.database, document_id)
        if source is None:
            raise HTTPException(404, f"There is no document {document_id} in the archive.")
        if not source.finished:
            raise HTTPException(
                409,
                f"Document {document_id} is still being read ({source.status}); its searchable "
                "PDF can be downloaded once every page has been read.",
            )
        if self.build_searchable is None:
            raise HTTPException(503, "This web view cannot make searchable PDFs.")
        try:
            path = transcription.archive_copy(
                self.data_dir, source, self.build_searchable, self.render_settings
            ).path
        except ArchivedFileDamaged:
            raise  # its own page: the archived file must be restored first
        except DocvaultError as error:
            raise HTTPException(
                503,
                f"The searchable PDF of document {document_id} could not be made: "
                f"{error.message} The original can still be downloaded.",
            ) from None
        return path, source.file_name

    def page_or_404(self, document_id: int, number: int) -> queries.PageView:
        found = queries.page_by_number(self.database, document_id, number)
        if found is None:
            raise HTTPException(404, f"Document {document_id} has no page {number}.")
        return found

    def allow_rereads(self, request: Request, pages: int, done_included: bool) -> _Rereads:
        """The one rule for reading pages again (re-run and rotate alike): the rerun scope,
        an administrator for pages already read cleanly, and the hourly budget. Returns
        what was taken from the budget, to give back what the queue did not re-read."""
        require_scope(request, auth.TokenScope.rerun)
        if done_included:
            require_admin(
                request,
                "Only an administrator may have a page read again that was read cleanly "
                "(done); ask one, or re-run the incomplete, looped and failed pages only.",
            )
        who = current_account(request).name
        return self.reread_budget.take(who, pages, self.rereads_per_hour)

    def rotate(self, request: Request, page_id: int, turn: int) -> int:
        """Turn a page by `turn` degrees clockwise and read it again, and note who asked."""
        state = queries.page_states(self.database, [page_id]).get(page_id)
        if state is None:
            raise HTTPException(404, f"There is no page {page_id} in the archive.")
        done = state == PageStatus.done
        taken = self.allow_rereads(request, 1, done_included=done)
        # Checked again where the page is turned: it may have become done meanwhile.
        allowed = done or is_admin(request)
        angle = records.request_rotation(self.database, page_id, turn, done_allowed=allowed)
        if angle is None:
            self.reread_budget.give_back(taken, 1)
            raise HTTPException(
                409,
                f"Page {page_id} is being read right now, was just finished, or does not "
                "exist; reload the page and try again.",
            )
        # The row names the letter and its page, so that a filter by document finds the turn.
        location = queries.page_location(self.database, page_id)
        self.audit(
            request,
            AuditAction.rotate,
            f"page {page_id} turned {turn}° (now {angle}°), queued",
            document_id=location.document_id if location else None,
            page_number=location.number if location else None,
        )
        return angle

    def unlock(self, request: Request, document_id: int, password: str) -> int:
        """Unlock a protected PDF with the password typed by an admin; its page count.

        The audit entry names the document and who unlocked it, never the password.
        """
        unlocked = unlock_document(
            self.database,
            self.data_dir,
            document_id,
            password,
            max_pages=self.max_pages,
            user_name=current_account(request).name,
            remote_address=client_address(request),
            via=request_via(request),
            clock=self.unlock_clock,
        )
        self.audit(
            request,
            AuditAction.unlock,
            f"{unlocked.file_name}: {unlocked.pages} page(s) queued",
            document_id=document_id,
        )
        return unlocked.pages

    def rerun(
        self, request: Request, page_ids: list[int], mode: SamplingMode, include_done: bool = False
    ) -> int:
        """Queue incomplete, looped and failed pages again (done ones too only if an
        administrator says so), and note who asked."""
        require_scope(request, auth.TokenScope.rerun)
        if len(page_ids) > MAX_RERUN_IDS:
            raise HTTPException(
                400, f"Re-run at most {MAX_RERUN_IDS} pages at a time; {len(page_ids)} were named."
            )
        taken = self.allow_rereads(request, len(page_ids), done_included=include_done)
        states: tuple[PageStatus, ...] = records.RERUN_BY_DEFAULT
        if include_done:
            states = (*states, PageStatus.done)
        changed = records.request_rerun(self.database, page_ids, mode, states)
        self.reread_budget.give_back(taken, len(page_ids) - changed)
        listed = ", ".join(str(page_id) for page_id in page_ids[:AUDIT_LISTED_IDS])
        if len(page_ids) > AUDIT_LISTED_IDS:
            listed += f" and {len(page_ids) - AUDIT_LISTED_IDS} more"
        done = " (done pages included)" if include_done else ""
        self.audit(
            request, AuditAction.rerun, f"pages {listed} with {mode.value}{done}: {changed} queued"
        )
        return changed


def parse_id(value: object, label: str = "page") -> int:
    """An id typed into a form or a list; HTTPException 400 if it is not one."""
    text = str(value).strip()
    if not text.isascii() or not text.isdigit() or int(text) > MAX_ID:
        raise HTTPException(400, f"{str(value)[:40]!r} is not a {label} number.")
    return int(text)


def day_start(value: str, label: str, display: Display | None = None) -> datetime:
    """The first moment of a YYYY-MM-DD day in the clinic's zone (UTC without one)."""
    return _moment(date.fromisoformat(_date(value, label)), display)


def _moment(day: date, display: Display | None) -> datetime:
    if display is None:
        return datetime.combine(day, time(), tzinfo=UTC)
    return display.day_start(day)


def day_range(
    date_from: str, date_to: str, display: Display | None = None
) -> tuple[datetime | None, datetime | None]:
    """Whole local days, both ends included, as [since, until); an empty end is open."""
    since = day_start(date_from, "from", display) if date_from.strip() else None
    until = None
    if date_to.strip():
        last_day = date.fromisoformat(_date(date_to, "to"))
        until = _moment(last_day + timedelta(days=1), display) if last_day.year < 9999 else None
        if since is not None and since > _moment(last_day, display):
            raise HTTPException(
                400,
                f"The from date {date_from.strip()} is after the to date {date_to.strip()}; "
                "swap them.",
            )
    return since, until


def _bounded(value: str, label: str) -> str:
    if len(value) > MAX_FILTER_CHARACTERS:
        raise HTTPException(
            400, f"The {label} filter is {len(value):,} characters; at most "
            f"{MAX_FILTER_CHARACTERS} are an {label} name.",
        )  # fmt: skip
    return value.strip()


def _term(value: str) -> str:
    if _PLAIN_TERM.fullmatch(value):
        return value
    return '"' + value.replace('"', "") + '"'


# A day typed as every page shows one (issue 48: the date pickers showed the browser's
# mm/dd/yyyy): 07.04.2026, or the ISO form links and scripts send.
_SHOWN_DAY = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})")


def _date(value: str, label: str) -> str:
    value = value.strip()
    shown = _SHOWN_DAY.fullmatch(value)
    try:
        if shown is not None:
            day, month, year = (int(part) for part in shown.groups())
            return date(year, month, day).isoformat()
        return date.fromisoformat(value).isoformat()
    except ValueError:
        raise HTTPException(
            400,
            f"The {label} date {value[:40]!r} is not a date; write it as DD.MM.YYYY "
            "(or YYYY-MM-DD).",
        ) from None


@dataclass(frozen=True)
class SearchForm:
    """The search box and its filters, as the search page's form sends them."""

    q: str = ""
    inbox: str = ""
    tag: str = ""
    status: str = ""
    date_field: str = "received"
    date_from: str = ""
    date_to: str = ""
    # The arrivals list's own filters (the index does not know them): "todo" or "handled",
    # "unconfirmed" for letters with a proposal no person has confirmed yet, "unfiled" for
    # letters no person has filed to a patient.
    todo: str = ""
    facts: str = ""

    def is_search(self) -> bool:
        """Words, or the letter's own date (which only the index knows): a search.
        Anything else is the arrivals list, read from the database."""
        letter_dates = self.date_field == "date" and bool(self.date_from or self.date_to)
        return bool(self.q.strip()) or letter_dates

    def arrival_filter(self, display: Display | None = None) -> queries.ArrivalFilter:
        """The filters as the arrivals list applies them; HTTPException 400 if one is wrong."""
        status = _AS_DOCUMENT_STATE.get(self.status.strip(), self.status.strip())
        if status and status not in ARRIVAL_STATES:
            raise HTTPException(
                400, f"The status {self.status[:40]!r} is not one of {', '.join(ARRIVAL_STATES)}."
            )
        since, until = day_range(self.date_from, self.date_to, display)
        if self.todo not in ("", "todo", "handled") or self.facts not in (
            "",
            "unconfirmed",
            "unfiled",
        ):
            raise HTTPException(
                400,
                "The to-do filter is todo or handled, the facts filter unconfirmed or unfiled.",
            )
        return queries.ArrivalFilter(
            _bounded(self.inbox, "inbox") or None,
            _bounded(self.tag, "tag") or None,
            status or None,
            since,
            until,
            handled={"todo": False, "handled": True}.get(self.todo),
            unconfirmed=self.facts == "unconfirmed",
            unfiled=self.facts == "unfiled",
        )

    def query(self) -> str:
        """The query in the search language (filters become `inbox:`, `received:>=` …)."""
        parts = [self.q.strip()] if self.q.strip() else []
        status = self.status.strip()
        if status == DocumentStatus.attention.value:
            parts.append(_ATTENTION_PAGES)
            status = ""
        for name, value in (("inbox", self.inbox), ("tag", self.tag), ("status", status)):
            if value.strip():
                parts.append(f"{name}:{_term(value.strip())}")
        field = "date" if self.date_field == "date" else "received"
        if self.date_from.strip():
            parts.append(f"{field}:>={_date(self.date_from.strip(), 'from')}")
        if self.date_to.strip():
            parts.append(f"{field}:<={_date(self.date_to.strip(), 'to')}")
        return " ".join(parts)

    def with_filters_lifted(self) -> SearchForm:
        """The form with a search box that holds only ``status:``, ``inbox:`` or ``tag:``
        filters turned into the filters themselves: ``status:failed`` typed lists what the
        Status filter lists (the index holds only pages that were read; a failed letter
        has none, issue 48)."""
        found = _BOX_FILTERS.fullmatch(self.q.strip()) if self.q.strip() else None
        if found is None:
            return self
        pairs = _BOX_FILTER.findall(self.q)
        lifted = dict(pairs)
        if len(lifted) < len(pairs) or any(getattr(self, name) and getattr(self, name) != value
               for name, value in lifted.items()):  # fmt: skip
            return self  # a box and a filter that disagree: searched as typed
        return replace(self, q="", **lifted)

    def has_filters(self) -> bool:
        return any((self.inbox, self.tag, self.status, self.date_from, self.date_to))

    def describe(self) -> str:
        """The filters for the audit log: `inbox=fax status=attention from=2026-12-01`."""
        named = (("inbox", self.inbox), ("tag", self.tag), ("status", self.status),
                 ("from", self.date_from), ("to", self.date_to))  # fmt: skip
        return " ".join(f"{name}={value.strip()[:40]}" for name, value in named if value.strip())


@dataclass(frozen=True)
class SearchContext:
    """The search a document was opened from, carried along as the results' query string.

    It gives the viewer the words to mark, the page to open first, and the way back.
    """

    form: SearchForm
    fields: tuple[tuple[str, str], ...]

    @classmethod
    def parse(cls, carried: str) -> SearchContext | None:
        if not carried:
            return None
        if len(carried) > MAX_SEARCH_CONTEXT_CHARACTERS:
            raise HTTPException(
                400, f"The search this page was opened from is {len(carried):,} characters "
                f"long; at most {MAX_SEARCH_CONTEXT_CHARACTERS:,} are carried along.",
            )  # fmt: skip
        known = [(key, value) for key, value in parse_qsl(carried) if key in SEARCH_FORM_FIELDS]
        values = {key: value for key, value in known if key != "page"}
        form = SearchForm(**values)
        return cls(form, tuple(known)) if form.query() else None

    @classmethod
    def of(cls, form: SearchForm, page: int) -> SearchContext:
        """The search on the results page `page`, without its empty and default fields."""
        defaults = SearchForm()
        fields = [
            (name, value)
            for name, value in vars(form).items()
            if value.strip() and value != getattr(defaults, name)
        ]
        return cls(form, (*fields, *([("page", str(page))] if page > 1 else [])))

    @property
    def carried(self) -> str:
        """The query string to pass on to the next page of the viewer."""
        return urlencode(self.fields)

    @property
    def results_url(self) -> str:
        """Back to the results (always a path on this site: it starts with `/?`)."""
        return f"/?{self.carried}"


async def web_context(request: Request) -> WebContext:
    """The context `create_app` kept in the app's state (async: nothing to wait for, so no
    thread-pool hop)."""
    context: WebContext = request.app.state.context
    return context


async def web_templates(request: Request) -> Jinja2Templates:
    """The templates `create_app` made for this app."""
    templates: Jinja2Templates = request.app.state.templates
    return templates


# What an endpoint declares to be given the context and the templates.
Context = Annotated[WebContext, Depends(web_context)]
Templates = Annotated[Jinja2Templates, Depends(web_templates)]
