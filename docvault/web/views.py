"""The pages staff use: search, a document page by page, problems with re-run, status, audit.

Every route here is behind `authenticate` and `enforce_csrf` (added where the router is
included, in app.py). Handlers parse, ask queries/index/queue, and render a template.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import FileResponse, PlainTextResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from starlette.concurrency import run_in_threadpool

from docvault.errors import DocvaultError
from docvault.indexing import search
from docvault.ocr.base import SamplingMode
from docvault.web import images, queries
from docvault.web.context import PER_PAGE, SearchForm, WebContext
from docvault.web.login import safe_next
from docvault.web.markdown import render_markdown
from docvault.web.security import current_account, require_admin
from docvault.web.status import snapshot

AUDIT_PER_PAGE = 100


def original_path(context: WebContext, document: queries.DocumentView) -> Path:
    return context.data_dir / document.archive_path


def page_image_path(context: WebContext, page_id: int) -> Path:
    location = queries.page_location(context.database, page_id)
    if location is None:
        raise HTTPException(404, f"There is no page {page_id} in the archive.")
    return images.page_png(
        context.data_dir,
        page_id,
        context.data_dir / location.path,
        location.number,
        context.render_png,
        location.rotation,
    )


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
        page_number: int = Query(1, alias="page"),
    ) -> Response:
        form = SearchForm(q, inbox, tag, status, date_field, date_from, date_to)
        query = form.query()
        results = None
        if query:
            results = search(context.database, context.index, query, max(page_number, 1), PER_PAGE)
            context.audit(request, "search", query)
        pages = math.ceil(results.total_documents / PER_PAGE) if results else 0
        return page(
            request,
            "search.html",
            {
                "form": form,
                "results": results,
                "pages": pages,
                "inboxes": queries.inbox_names(context.database),
                "tags": queries.tag_names(context.database),
            },
        )

    @routes.get("/documents/{document_id}")
    def document_page(
        request: Request, document_id: int, page_number: int = Query(1, alias="page")
    ) -> Response:
        document = context.document_or_404(document_id)
        if document.page_count == 0:
            context.audit(request, "view", document_id=document_id)
            return page(request, "document.html", {"document": document, "current": None})
        number = min(max(page_number, 1), document.page_count)
        current = context.page_or_404(document_id, number)
        html = render_markdown(
            current.markdown, lambda box: f"/pages/{current.id}/figures/{box}.jpg"
        )
        context.audit(request, "view", document_id=document_id, page_number=number)
        return page(
            request,
            "document.html",
            {"document": document, "current": current, "html": html, "modes": SamplingMode},
        )

    @routes.get("/documents/{document_id}/pages/{number}/text")
    def raw_text(request: Request, document_id: int, number: int) -> Response:
        current = context.page_or_404(document_id, number)
        context.audit(request, "view text", document_id=document_id, page_number=number)
        return PlainTextResponse(current.markdown)

    @routes.get("/documents/{document_id}/original")
    def download(request: Request, document_id: int) -> Response:
        document = context.document_or_404(document_id)
        path = original_path(context, document)
        if not path.is_file():
            raise HTTPException(
                404,
                f"The original of document {document_id} is missing from the archive at "
                f"{path}; restore it from the backup.",
            )
        context.audit(request, "download", document.original_name, document_id=document_id)
        return FileResponse(path, filename=document.original_name)

    @routes.get("/pages/{page_id}/image.png")
    def page_image(page_id: int) -> Response:
        return FileResponse(page_image_path(context, page_id), media_type="image/png")

    @routes.get("/pages/{page_id}/figures/{box}.jpg")
    def figure(page_id: int, box: str) -> Response:
        try:
            corners = images.parse_box(box)
        except DocvaultError as error:
            raise HTTPException(400, error.message) from None
        crop = images.crop_jpeg(page_image_path(context, page_id), corners)
        return Response(crop, media_type="image/jpeg")

    @routes.get("/problems")
    def problems(request: Request, status: str = "", inbox: str = "") -> Response:
        return page(
            request,
            "problems.html",
            {
                "pages": queries.problem_pages(context.database, status or None, inbox or None),
                "failed_documents": queries.failed_documents(context.database, inbox or None),
                "inboxes": queries.inbox_names(context.database),
                "status": status,
                "inbox": inbox,
                "modes": SamplingMode,
                "data_dir": context.data_dir,
            },
        )

    @routes.post("/rerun")
    async def rerun(request: Request) -> Response:
        submitted = await request.form()
        only = submitted.get("only")
        if only is not None:
            page_ids = [_page_id(only)]
            mode = parse_mode(submitted.get(f"mode_{only}", submitted.get("mode")))
        else:
            page_ids = [_page_id(value) for value in submitted.getlist("page_id")]
            mode = parse_mode(submitted.get("mode"))
        if not page_ids:
            raise HTTPException(400, "Tick at least one page to re-run.")
        await run_in_threadpool(context.rerun, request, page_ids, mode)
        return RedirectResponse(safe_next(str(submitted.get("next", "/problems"))), 303)

    @routes.post("/pages/{page_id}/rotate")
    async def rotate(request: Request, page_id: int) -> Response:
        submitted = await request.form()
        turn = _turn(submitted.get("turn"))
        await run_in_threadpool(context.rotate, request, page_id, turn)
        return RedirectResponse(safe_next(str(submitted.get("next", "/problems"))), 303)

    @routes.post("/documents/{document_id}/unlock")
    async def unlock_pdf(request: Request, document_id: int) -> Response:
        require_admin(request)
        submitted = await request.form()
        password = submitted.get("password")
        if not isinstance(password, str) or not password:
            raise HTTPException(400, "Type the PDF's password to unlock it.")
        try:
            await run_in_threadpool(context.unlock, request, document_id, password)
        except DocvaultError as error:
            raise HTTPException(400, error.message) from None
        finally:
            del password
        return RedirectResponse(f"/documents/{document_id}", 303)

    @routes.get("/status")
    def status_page(request: Request) -> Response:
        numbers = snapshot(context.database, context.index, context.data_dir, context.status)
        return page(request, "status.html", {"status": numbers})

    @routes.get("/audit")
    def audit_page(
        request: Request,
        user: str = "",
        action: str = "",
        page_number: int = Query(1, alias="page"),
    ) -> Response:
        require_admin(request)
        page_number = max(page_number, 1)
        events, total = queries.audit_events(
            context.database, user or None, action or None, (page_number - 1) * AUDIT_PER_PAGE,
            AUDIT_PER_PAGE,
        )  # fmt: skip
        return page(
            request,
            "audit.html",
            {
                "events": events,
                "total": total,
                "user": user,
                "action": action,
                "page_number": page_number,
                "pages": max(1, math.ceil(total / AUDIT_PER_PAGE)),
            },
        )

    @routes.post("/logout")
    def log_out(request: Request) -> Response:
        context.audit(request, "logout")
        request.session.clear()
        return RedirectResponse("/login", status_code=303)

    return routes


def _turn(value: object) -> int:
    if str(value) not in {"90", "180", "270"}:
        raise HTTPException(400, f"Turn {value!r} is not 90, 180 or 270 degrees clockwise.")
    return int(str(value))


def _page_id(value: object) -> int:
    try:
        return int(str(value))
    except ValueError:
        raise HTTPException(400, f"{value!r} is not a page number.") from None
