"""A document: its pages beside their text, the page images, thumbnails and figures, the
page's text as read, the original, the message it came in, the searchable PDF; a page
turned, and pages put back in the queue (the problems page's re-run form).

Handlers parse, ask queries/index/queue, and render a template; every look is an audit row.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import HTTPException, Request
from fastapi.responses import FileResponse, PlainTextResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from docvault import holds, records
from docvault.archive import check_archived
from docvault.audit import AuditAction
from docvault.errors import (
    ArchivedFileDamaged,
    DocvaultError,
    QuerySyntaxError,
    RenderError,
    SearchIndexError,
)
from docvault.search import DocumentMatches
from docvault.vocabulary import SamplingMode, TextFormat
from docvault.web import images, queries
from docvault.web.context import (
    ChosenPage,
    Context,
    RowId,
    SearchContext,
    Templates,
    WebContext,
    parse_id,
)
from docvault.web.highlight import mark_words
from docvault.web.markdown import render_corrected, render_markdown, render_plain
from docvault.web.security import is_admin, read_form
from docvault.web.views.common import page, parse_mode, path_for, safe_next

logger = logging.getLogger(__name__)


def original_path(context: WebContext, document: queries.DocumentView) -> Path:
    return context.data_dir / document.archive_path


def archive_damage(
    context: WebContext, request: Request, document: queries.DocumentView
) -> str | None:
    """The viewer's sentence when an archived file of the document (its original, its
    unlocked copy) was removed or changed behind docvault's back, else None."""
    for relative in document.archived_files:
        try:
            check_archived(context.data_dir / relative, document.original_name)
        except ArchivedFileDamaged as damage:
            return damage.message if is_admin(request) else damage.summary
    return None


def suggested_mode(current: queries.PageView) -> SamplingMode:
    """The re-run mode the document view offers first: against repeated text for a page
    whose reading looped, without the length limit for one cut off at it."""
    if current.status == "looped":
        return SamplingMode.penalty
    last = current.attempts[-1] if current.attempts else None
    if last is not None and last.verdict == "truncated":
        return SamplingMode.uncapped
    return SamplingMode.greedy


class Undrawn(RenderError):
    """A page known not to be drawable within the render limits (`Page.undrawn`)."""


def page_image_path(
    context: WebContext,
    request: Request,
    page_id: int,
    action: AuditAction,
    make: Callable[[images.PageSource], Path] = images.page_png,
) -> Path:
    """The page's image (rendered if need be) or its thumbnail, its look recorded in the
    audit log: a thumbnail shows the letter too, so it is fenced and recorded the same way.

    A page that could not be drawn within the render limits (by the worker, or here) is
    not drawn again: RenderError with the sentence remembered, at once (issue 44: every
    look at the arrivals list started another 60-s render of it)."""
    location = queries.page_location(context.database, page_id)
    if location is None:
        raise HTTPException(404, f"There is no page {page_id} in the archive.")
    context.look(request, action, document_id=location.document_id, page_number=location.number)
    if location.undrawn is not None:
        raise Undrawn(Path(location.path), location.undrawn, page=location.number)
    try:
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
    except RenderError as error:
        records.remember_undrawn(context.database, page_id, error.message)
        raise


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
        if not isinstance(error, Undrawn):  # logged when it was found, not at every look
            logger.warning("web: page %d cannot be drawn: %s", page_id, error)
        return Response(images.undrawn_placeholder(), media_type=images.PLACEHOLDER_TYPE)
    except TimeoutError:
        # Waited past the render limit behind other looks' renders (web_render_workers):
        # this look gets the placeholder, not a 500; the page is not remembered as undrawn.
        logger.warning("web: page %d waited too long to be drawn; shown as a placeholder", page_id)
        return Response(images.undrawn_placeholder(), media_type=images.PLACEHOLDER_TYPE)
    except ArchivedFileDamaged as damage:
        logger.error("web: page %d cannot be drawn: %s", page_id, damage.message)
        sentence = damage.message if is_admin(request) else damage.summary
        placeholder = images.undrawn_placeholder(images.DAMAGED_LINES, sentence)
        return Response(placeholder, media_type=images.PLACEHOLDER_TYPE)
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
        return mark_words(html, self.matches.marker)


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


def transcription_html(request: Request, current: queries.PageView, raw: bool = False) -> str:
    """The page's text as safe HTML: as it was read for a plain-text engine (line breaks
    and every character kept; with the dictionary check's corrections marked, unless the
    text as read is asked for), rendered for a Markdown engine unless its `raw` text is
    asked for (`?view=raw`)."""
    if current.corrections and not raw:
        return render_corrected(current.markdown, current.corrections)
    if raw or current.shown_as is TextFormat.plain:
        return render_plain(current.markdown)
    return render_markdown(
        current.markdown, lambda box: path_for(request, "figure", page_id=current.id, box=box)
    )


def document_page(
    request: Request,
    context: Context,
    templates: Templates,
    document_id: RowId,
    page_number: ChosenPage = None,
    search: str = "",
    view: str = "",
    register: str = "",
) -> Response:
    """A document page by page: each image beside its transcription, facts, problems;
    ``register``: a search of the patient register to file the letter by."""
    document = context.document_or_404(document_id)
    origin = SearchContext.parse(search)
    facts = queries.facts_panel(context.database, document_id)
    filing = queries.filing_choices(context.database, document_id, register)
    damaged = archive_damage(context, request, document)
    if document.page_count == 0:
        context.look(request, AuditAction.view, document_id=document_id)
        values: dict[str, Any] = {
            "damaged": damaged,
            "document": document,
            "current": None,
            "origin": origin,
            "facts": facts,
            "filing": filing,
            "register_search": register,
            "mail": queries.mail_origin(context.database, document_id),
            "hold": holds.hold_on(context.database, document_id),
        }
        return page(templates, request, "document.html", values)
    found = search_marks(context, origin, document_id)
    best = found.pages[0] if found.pages else 1
    number = min(max(page_number or best, 1), document.page_count)
    current = context.page_or_404(document_id, number)
    raw_view = view == "raw"
    html = transcription_html(request, current, raw_view)
    context.look(request, AuditAction.view, document_id=document_id, page_number=number)
    strip = queries.page_numbers(context.database, document_id) if document.page_count > 1 else []
    values = {
        "damaged": damaged,
        "document": document,
        "current": current,
        "html": found.mark(html),
        "modes": SamplingMode,
        "suggested_mode": suggested_mode(current),
        "origin": origin,
        "strip": strip,
        "matched_pages": set(found.pages),
        "marks_unavailable": found.unavailable,
        "facts": facts,
        "filing": filing,
        "register_search": register,
        "raw_view": raw_view,
        "mail": queries.mail_origin(context.database, document_id),
        "hold": holds.hold_on(context.database, document_id),
    }
    return page(templates, request, "document.html", values)


def raw_text(request: Request, context: Context, document_id: RowId, number: RowId) -> Response:
    """A page's text exactly as the engine wrote it, as plain text."""
    current = context.page_or_404(document_id, number)
    context.look(request, AuditAction.view_text, document_id=document_id, page_number=number)
    return PlainTextResponse(current.markdown)


def download_email(request: Request, context: Context, document_id: RowId) -> Response:
    """The whole message a document arrived in, as kept in the archive (.eml)."""
    context.document_or_404(document_id)
    mail = queries.mail_origin(context.database, document_id)
    if mail is None or mail.eml_path is None:
        raise HTTPException(404, f"Document {document_id} did not arrive by mail.")
    path = context.data_dir / mail.eml_path
    # Missing or changed: staff are told what it means for them, an administrator where the
    # file is (the app's handler of ArchivedFileDamaged); the server's path is no staff's.
    check_archived(path, f"the message of document {document_id}")
    name = f"{mail.subject or 'message'}.eml"
    context.look(request, AuditAction.download, f"the message {name}", document_id=document_id)
    return FileResponse(path, filename=name, media_type="message/rfc822")


def download(request: Request, context: Context, document_id: RowId) -> Response:
    """The original file, byte for byte as it arrived."""
    document = context.document_or_404(document_id)
    path = original_path(context, document)
    check_archived(path, document.original_name)  # its bytes as archived, or a sentence
    context.look(request, AuditAction.download, document.original_name, document_id=document_id)
    return FileResponse(path, filename=document.original_name)


def download_searchable(request: Request, context: Context, document_id: RowId) -> Response:
    """The searchable PDF: the original's pages with the transcription as an invisible text
    layer."""
    # Made in the render pool, which may take seconds: not on the event loop's thread
    # (this sync endpoint runs in the thread pool).
    path, file_name = context.searchable_pdf(document_id)
    context.look(request, AuditAction.download_searchable, file_name, document_id=document_id)
    return FileResponse(path, filename=file_name, media_type="application/pdf")


def page_image(request: Request, context: Context, page_id: RowId) -> Response:
    """The page as the engine read it (PNG), upright."""
    return page_image_response(context, request, page_id, AuditAction.view_image, images.page_png)


def page_thumbnail(request: Request, context: Context, page_id: RowId) -> Response:
    """A small image of the page, for the arrivals list."""
    return page_image_response(
        context, request, page_id, AuditAction.view_thumbnail, images.page_thumbnail
    )


def figure(request: Request, context: Context, page_id: RowId, box: str) -> Response:
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


async def rerun(request: Request, context: Context) -> Response:
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
    problems = path_for(request, "problems")
    return RedirectResponse(safe_next(request, submitted.get("next"), problems), 303)


async def rotate(request: Request, context: Context, page_id: RowId) -> Response:
    """Turns a page by 90, 180 or 270 degrees and reads it again."""
    submitted = await read_form(request)
    turn = _turn(submitted.get("turn"))
    await run_in_threadpool(context.rotate, request, page_id, turn)
    problems = path_for(request, "problems")
    return RedirectResponse(safe_next(request, submitted.get("next"), problems), 303)


def _turn(value: object) -> int:
    if str(value) not in {"90", "180", "270"}:
        raise HTTPException(400, f"Turn {value!r} is not 90, 180 or 270 degrees clockwise.")
    return int(str(value))
