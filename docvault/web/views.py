"""The pages staff use: search, a document page by page, re-runs, status, audit.

The problems page and how its items are settled are `docvault.web.problems`.

Every route here is behind `authenticate` and `enforce_csrf` (added where the router is
included, in app.py). Handlers parse, ask queries/index/queue, and render a template.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, PlainTextResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from starlette.concurrency import run_in_threadpool

from docvault import auth
from docvault.audit import AuditAction, AuditFilter
from docvault.errors import (
    DocvaultError,
    QuerySyntaxError,
    RenderError,
    SearchIndexError,
)
from docvault.search import DocumentMatches, search
from docvault.vocabulary import SamplingMode, TextFormat
from docvault.web import images, queries
from docvault.web.context import (
    ARRIVAL_STATES,
    PER_PAGE,
    SEARCH_STATES,
    ChosenPage,
    ResultPage,
    RowId,
    SearchContext,
    SearchForm,
    WebContext,
    day_range,
    parse_id,
)
from docvault.web.display import Display
from docvault.web.facts import facts_panel
from docvault.web.highlight import mark_words
from docvault.web.login import safe_next
from docvault.web.markdown import render_markdown, render_plain
from docvault.web.security import (
    SESSION_COOKIE,
    clear_session_cookie,
    current_account,
    is_admin,
    read_form,
    require_admin,
)
from docvault.web.status import snapshot, without_paths

logger = logging.getLogger(__name__)

AUDIT_PER_PAGE = 100


def audit_filter(
    user: str,
    action: str,
    document: str,
    date_from: str,
    date_to: str,
    display: Display | None = None,
) -> AuditFilter:
    """The audit view's form as a filter; dates are whole days, both ends included, in the
    clinic's zone."""
    document_id = parse_id(document, "document") if document.strip() else None
    since, until = day_range(date_from, date_to, display)
    if action and action not in {known.value for known in AuditAction}:
        raise HTTPException(400, f"{action[:40]!r} is not an action the audit log records.")
    chosen = AuditAction(action) if action else None
    return AuditFilter(user.strip() or None, chosen, document_id, since, until)


def original_path(context: WebContext, document: queries.DocumentView) -> Path:
    return context.data_dir / document.archive_path


def page_image_path(
    context: WebContext,
    request: Request,
    page_id: int,
    action: AuditAction,
    make: Callable[[images.PageSource], Path] = images.page_png,
) -> Path:
    """The page's image (rendered if need be) or its thumbnail, its look recorded in the
    audit log: a thumbnail shows the letter too, so it is fenced and recorded the same way."""
    location = queries.page_location(context.database, page_id)
    if location is None:
        raise HTTPException(404, f"There is no page {page_id} in the archive.")
    context.look(request, action, document_id=location.document_id, page_number=location.number)
    return make(
        images.PageSource(
            context.data_dir,
            location.sha256,
            context.data_dir / location.path,
            location.number,
            context.render_png,
            context.render_settings,
            location.rotation,
        )
    )


def page_image_response(
    context: WebContext,
    request: Request,
    page_id: int,
    action: AuditAction,
    make: Callable[[images.PageSource], Path],
) -> Response:
    """A page's image or thumbnail; a page that cannot be drawn (issue 25: a 500, shown as
    a broken image) gets a placeholder image that says so, and the reason goes to the log."""
    try:
        path = page_image_path(context, request, page_id, action, make)
    except RenderError as error:
        logger.warning("web: page %d cannot be drawn: %s", page_id, error)
        return Response(images.undrawn_placeholder(), media_type=images.PLACEHOLDER_TYPE)
    media_type = "image/jpeg" if path.suffix == ".jpg" else "image/png"
    return FileResponse(path, media_type=media_type)


@dataclass(frozen=True)
class SearchMarks:
    """What the viewer shows of the search it was opened from (nothing, without one)."""

    matches: DocumentMatches | None = None
    unavailable: str | None = None  # why the words cannot be marked now

    @property
    def pages(self) -> list[int]:
        return self.matches.pages if self.matches else []

    def mark(self, html: str) -> str:
        if self.matches is None:
            return html
        return mark_words(html, self.matches.words, self.matches.analyzer)


def search_marks(
    context: WebContext, origin: SearchContext | None, document_id: int
) -> SearchMarks:
    """The search's pages and words in this document. The letter is shown even while the
    index is being rebuilt: the marks are what is missing then, and the page says so."""
    if origin is None:
        return SearchMarks()
    try:
        return SearchMarks(context.index.document_matches(origin.form.query(), document_id))
    except QuerySyntaxError:
        raise  # the results page would have said the same: a 400 with what to change
    except SearchIndexError as error:
        return SearchMarks(unavailable=error.message)


def transcription_html(current: queries.PageView, raw: bool = False) -> str:
    """The page's text as safe HTML: as it was read for a plain-text engine (line breaks
    and every character kept), rendered for a Markdown engine unless its `raw` text is
    asked for (`?view=raw`)."""
    if raw or current.shown_as is TextFormat.plain:
        return render_plain(current.markdown)
    return render_markdown(current.markdown, lambda box: f"/pages/{current.id}/figures/{box}.jpg")


def arrivals_page(context: WebContext, form: SearchForm, page_number: int) -> dict[str, Any]:
    """The arrivals list's part of the home page: one page of documents, newest first."""
    selection = form.arrival_filter(context.display)
    listed, total = queries.arrivals(
        context.database, selection, (page_number - 1) * PER_PAGE, PER_PAGE
    )
    pages = max(1, math.ceil(total / PER_PAGE))
    todo, unconfirmed = queries.worklist_counts(context.database)
    if page_number > pages:  # beyond the end (the list shrank, or a typed number): the last
        page_number = pages
        listed, _ = queries.arrivals(
            context.database, selection, (page_number - 1) * PER_PAGE, PER_PAGE
        )
    return {
        "arrivals": listed,
        "arrivals_total": total,
        "arrivals_page": page_number,
        "arrivals_pages": pages,
        "attention": queries.documents_needing_attention(context.database),
        "todo_count": todo,
        "unconfirmed_count": unconfirmed,
    }


def with_shown(detail: str, document_ids: list[int]) -> str:
    """An audit detail naming the documents a list showed (issue 25: a search's row did not
    say which letters were seen): `<detail> -> documents 12, 7`; at most 100 are shown."""
    listed = ", ".join(str(document_id) for document_id in document_ids) or "none"
    return f"{detail} -> documents {listed}".strip()


def parse_mode(value: object) -> SamplingMode:
    try:
        return SamplingMode(str(value))
    except ValueError:
        choices = ", ".join(mode.value for mode in SamplingMode)
        raise HTTPException(400, f"Re-run mode {value!r} is not one of {choices}.") from None


def router(context: WebContext, templates: Jinja2Templates) -> APIRouter:
    routes = APIRouter()

    def page(request: Request, name: str, values: dict[str, Any], status: int = 200) -> Response:
        values = {"account": current_account(request), **values}
        return templates.TemplateResponse(request, name, values, status_code=status)

    @routes.get("/")
    def search_page(
        request: Request,
        q: str = "",
        inbox: str = "",
        tag: str = "",
        status: str = "",
        date_field: str = "received",
        date_from: str = "",
        date_to: str = "",
        todo: str = "",
        facts: str = "",
        page_number: ResultPage = 1,
    ) -> Response:
        """The home page: the arrivals list, or the search results for `q` with filters."""
        form = SearchForm(q, inbox, tag, status, date_field, date_from, date_to, todo, facts)
        shared = {
            "form": form,
            "inboxes": queries.inbox_names(context.database),
            "tags": queries.tag_names(context.database),
        }
        if not form.is_search():
            listed = arrivals_page(context, form, page_number)
            shown = [arrival.document_id for arrival in listed["arrivals"]]
            context.look(request, AuditAction.view_arrivals, with_shown(form.describe(), shown))
            shared["states"] = ARRIVAL_STATES
            return page(request, "search.html", {**shared, **listed, "results": None})
        shared["states"] = SEARCH_STATES
        query = form.query()
        results = search(context.database, context.index, query, page_number, PER_PAGE)
        shown = [document.document_id for document in results.documents]
        context.look(request, AuditAction.search, with_shown(query, shown))
        pages = math.ceil(results.total_documents / PER_PAGE)
        carried = SearchContext.of(form, page_number).carried
        letter_facts = queries.facts_of_documents(context.database, shown)
        return page(
            request,
            "search.html",
            {
                **shared,
                "results": results,
                "pages": pages,
                "carried": carried,
                "letter_facts": letter_facts,
            },
        )

    @routes.get("/documents/{document_id}")
    def document_page(
        request: Request,
        document_id: RowId,
        page_number: ChosenPage = None,
        search: str = "",
        view: str = "",
    ) -> Response:
        """A document page by page: each image beside its transcription, facts, problems."""
        document = context.document_or_404(document_id)
        origin = SearchContext.parse(search)
        facts = facts_panel(context.database, document_id)
        if document.page_count == 0:
            context.look(request, AuditAction.view, document_id=document_id)
            values = {
                "document": document,
                "current": None,
                "origin": origin,
                "facts": facts,
                "mail": queries.mail_origin(context.database, document_id),
            }
            return page(request, "document.html", values)
        found = search_marks(context, origin, document_id)
        best = found.pages[0] if found.pages else 1
        number = min(max(page_number or best, 1), document.page_count)
        current = context.page_or_404(document_id, number)
        raw_view = view == "raw"
        html = transcription_html(current, raw_view)
        context.look(request, AuditAction.view, document_id=document_id, page_number=number)
        strip = (
            queries.page_numbers(context.database, document_id) if document.page_count > 1 else []
        )
        return page(
            request,
            "document.html",
            {
                "document": document,
                "current": current,
                "html": found.mark(html),
                "modes": SamplingMode,
                "origin": origin,
                "strip": strip,
                "matched_pages": set(found.pages),
                "marks_unavailable": found.unavailable,
                "facts": facts,
                "raw_view": raw_view,
                "mail": queries.mail_origin(context.database, document_id),
            },
        )

    @routes.get("/documents/{document_id}/pages/{number}/text")
    def raw_text(request: Request, document_id: RowId, number: RowId) -> Response:
        """A page's text exactly as the engine wrote it, as plain text."""
        current = context.page_or_404(document_id, number)
        context.look(request, AuditAction.view_text, document_id=document_id, page_number=number)
        return PlainTextResponse(current.markdown)

    @routes.get("/documents/{document_id}/email")
    def download_email(request: Request, document_id: RowId) -> Response:
        """The whole message a document arrived in, as kept in the archive (.eml)."""
        context.document_or_404(document_id)
        mail = queries.mail_origin(context.database, document_id)
        if mail is None or mail.eml_path is None:
            raise HTTPException(404, f"Document {document_id} did not arrive by mail.")
        path = context.data_dir / mail.eml_path
        if not path.is_file():
            raise HTTPException(
                404,
                f"The message of document {document_id} is missing from the archive at "
                f"{path}; restore it from the backup.",
            )
        name = f"{mail.subject or 'message'}.eml"
        context.look(request, AuditAction.download, f"the message {name}", document_id=document_id)
        return FileResponse(path, filename=name, media_type="message/rfc822")

    @routes.get("/documents/{document_id}/original")
    def download(request: Request, document_id: RowId) -> Response:
        """The original file, byte for byte as it arrived."""
        document = context.document_or_404(document_id)
        path = original_path(context, document)
        if not path.is_file():
            raise HTTPException(
                404,
                f"The original of document {document_id} is missing from the archive at "
                f"{path}; restore it from the backup.",
            )
        context.look(request, AuditAction.download, document.original_name, document_id=document_id)
        return FileResponse(path, filename=document.original_name)

    @routes.get("/documents/{document_id}/searchable.pdf")
    def download_searchable(request: Request, document_id: RowId) -> Response:
        # Made in the render pool, which may take seconds: not on the event loop's thread
        # (this sync route runs in the thread pool).
        """The searchable PDF: the original's pages with the transcription as an invisible text
        layer."""
        path, file_name = context.searchable_pdf(document_id)
        context.look(request, AuditAction.download_searchable, file_name, document_id=document_id)
        return FileResponse(path, filename=file_name, media_type="application/pdf")

    @routes.get("/pages/{page_id}/image.png")
    def page_image(request: Request, page_id: RowId) -> Response:
        """The page as the engine read it (PNG), upright."""
        return page_image_response(
            context, request, page_id, AuditAction.view_image, images.page_png
        )

    @routes.get("/pages/{page_id}/thumbnail.jpg")
    def page_thumbnail(request: Request, page_id: RowId) -> Response:
        """A small image of the page, for the arrivals list."""
        return page_image_response(
            context, request, page_id, AuditAction.view_thumbnail, images.page_thumbnail
        )

    @routes.get("/pages/{page_id}/figures/{box}.jpg")
    def figure(request: Request, page_id: RowId, box: str) -> Response:
        """A crop of the page: a figure the engine marked by its box."""
        try:
            corners = images.parse_box(box)
        except DocvaultError as error:
            raise HTTPException(400, error.message) from None
        try:
            drawn = page_image_path(context, request, page_id, AuditAction.view_figure)
        except RenderError as error:
            logger.warning("web: page %d cannot be drawn for a figure: %s", page_id, error)
            raise HTTPException(404, images.UNDRAWN_MESSAGE) from None
        return Response(images.crop_jpeg(drawn, corners), media_type="image/jpeg")

    @routes.post("/rerun")
    async def rerun(request: Request) -> Response:
        """Puts the pages chosen on the problems page back in the queue with a sampling mode."""
        submitted = await read_form(request)
        only = submitted.get("only")
        if only is not None:
            page_ids = [parse_id(only)]
            mode = parse_mode(submitted.get(f"mode_{only}", submitted.get("mode")))
        else:
            page_ids = [parse_id(value) for value in submitted.getlist("page_id")]
            mode = parse_mode(submitted.get("mode"))
        if not page_ids:
            raise HTTPException(400, "Tick at least one page to re-run.")
        include_done = submitted.get("include_done") == "1"
        await run_in_threadpool(context.rerun, request, page_ids, mode, include_done)
        return RedirectResponse(safe_next(str(submitted.get("next", "/problems"))), 303)

    @routes.post("/pages/{page_id}/rotate")
    async def rotate(request: Request, page_id: RowId) -> Response:
        """Turns a page by 90, 180 or 270 degrees and reads it again."""
        submitted = await read_form(request)
        turn = _turn(submitted.get("turn"))
        await run_in_threadpool(context.rotate, request, page_id, turn)
        return RedirectResponse(safe_next(str(submitted.get("next", "/problems"))), 303)

    @routes.get("/status")
    def status_page(request: Request) -> Response:
        """The status page: every part of the service, inboxes, mailboxes, engines, faults."""
        numbers = snapshot(context.database, context.index, context.data_dir, context.status)
        context.look(request, AuditAction.view_status)
        if not is_admin(request):
            numbers = without_paths(numbers)
        return page(request, "status.html", {"status": numbers})

    @routes.get("/audit")
    def audit_page(
        request: Request,
        user: str = "",
        action: str = "",
        document: str = "",
        date_from: str = "",
        date_to: str = "",
        page_number: ResultPage = 1,
    ) -> Response:
        """The audit log, filtered by user, action, document and days (administrators)."""
        require_admin(request)
        selection = audit_filter(user, action, document, date_from, date_to, context.display)
        offset = (page_number - 1) * AUDIT_PER_PAGE
        events, total = queries.audit_events(context.database, selection, offset, AUDIT_PER_PAGE)
        return page(
            request,
            "audit.html",
            {
                "events": events,
                "total": total,
                "user": user,
                "action": action,
                "document": document,
                "date_from": date_from,
                "date_to": date_to,
                "actions": tuple(AuditAction),
                "page_number": page_number,
                "pages": max(1, math.ceil(total / AUDIT_PER_PAGE)),
            },
        )

    @routes.post("/logout")
    def log_out(request: Request) -> Response:
        # The session row goes: a copy of the cookie taken before is worth nothing after.
        """Ends the session."""
        context.audit(request, AuditAction.logout)
        auth.end_session(context.database, request.cookies.get(SESSION_COOKIE, ""))
        response = RedirectResponse("/login", status_code=303)
        clear_session_cookie(response, context.https)
        return response

    return routes


def _turn(value: object) -> int:
    if str(value) not in {"90", "180", "270"}:
        raise HTTPException(400, f"Turn {value!r} is not 90, 180 or 270 degrees clockwise.")
    return int(str(value))
