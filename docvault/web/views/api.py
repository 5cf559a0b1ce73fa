"""The JSON API under /api/: the web view's operations for scripts (token auth) and its JS.

Documented in docs/api.md; a document's JSON, the one every reader gets, in
docs/document-json.md. Scripts send `Authorization: Bearer <token>`; the pages'
own JavaScript uses the session cookie plus the X-CSRF-Token header for POSTs.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import HTTPException, Query, Request
from pydantic import BaseModel, Field

from docvault.audit import AuditAction
from docvault.records import Audience, describe
from docvault.search import results_json, search
from docvault.vocabulary import CoverageReport
from docvault.web import queries
from docvault.web.context import (
    MAX_ID,
    MAX_RERUN_IDS,
    MAX_RESULT_PAGE,
    PER_PAGE,
    Context,
    RowId,
    parse_id,
)
from docvault.web.security import is_admin
from docvault.web.status import snapshot, without_paths
from docvault.web.views.common import behind_notice, parse_mode, with_shown

MAX_PER_PAGE = 100
MAX_STATE_IDS = 500


class RerunRequest(BaseModel):
    page_ids: list[Annotated[int, Field(ge=0, le=MAX_ID)]] = Field(max_length=MAX_RERUN_IDS)
    mode: str = "greedy"
    # Done pages are re-run only when an administrator sets this (incomplete, looped and
    # failed always).
    include_done: bool = False


def _page_json(current: queries.PageView) -> dict[str, Any]:
    return {
        "page_id": current.id,
        "document_id": current.document_id,
        "number": current.number,
        "status": current.status,
        "error": current.error,
        "rerun_mode": current.rerun_mode,
        "rotation": current.rotation,
        "rotation_source": current.rotation_source,
        "text_source": current.text_source,
        "text": current.markdown,
        "text_format": current.shown_as.value,
        # The image the engine read, in whose pixels the coverage report's boxes lie.
        "image_size": list(current.image_size) if current.image_size else None,
        "coverage": _coverage_json(current.coverage),
        "attempts": [
            {
                "engine": attempt.engine,
                "settings": attempt.settings,
                "finish_reason": attempt.finish_reason,
                "prompt_tokens": attempt.prompt_tokens,
                "completion_tokens": attempt.completion_tokens,
                "seconds": attempt.seconds,
                "verdict": attempt.verdict,
                "repeating_unit": attempt.repeating_unit,
                "error": attempt.error,
                "at": attempt.at.isoformat(),
            }
            for attempt in current.attempts
        ],
    }


def _coverage_json(report: CoverageReport | None) -> dict[str, Any] | None:
    """The coverage check's report as `pages.coverage` stores it; None: not checked."""
    if report is None:
        return None
    return {
        "ink_lines": report.ink_lines,
        "accounted_lines": report.accounted_lines,
        "suspects": [
            {"box": list(suspect.box), "reason": suspect.reason} for suspect in report.suspects
        ],
        "summary": report.summary,
        "complete": report.complete,
    }


def _ids(text: str) -> list[int]:
    parts = [part for part in text.split(",") if part.strip()]
    if len(parts) > MAX_STATE_IDS:
        raise HTTPException(400, f"Ask for at most {MAX_STATE_IDS} pages at a time.")
    return [parse_id(part) for part in parts]


def api_search(
    request: Request,
    context: Context,
    q: str,
    page: Annotated[int, Query(ge=1, le=MAX_RESULT_PAGE)] = 1,
    per_page: Annotated[int, Query(ge=1, le=MAX_PER_PAGE)] = PER_PAGE,
) -> dict[str, Any]:
    """The search page's search as JSON: hits with their snippets, a page of them at a time."""
    results = search(context.database, context.index, q, page, per_page)
    shown = [document.document_id for document in results.documents]
    context.look(request, AuditAction.search, with_shown(q, shown))
    return results_json(results, behind_notice(context, request))


def api_document(request: Request, context: Context, document_id: RowId) -> dict[str, Any]:
    """A document's one JSON description (docs/document-json.md)."""
    # The one description every reader gets; links relative to this site, server paths for
    # administrators.
    audience = Audience(base_url="", paths=is_admin(request), data_dir=context.data_dir)
    described = describe(context.database, document_id, audience)
    if described is None:
        raise HTTPException(404, f"There is no document {document_id} in the archive.")
    context.look(request, AuditAction.view, document_id=document_id)
    return described


def api_page(
    request: Request, context: Context, document_id: RowId, number: RowId
) -> dict[str, Any]:
    """One page: its state, text, rotation, coverage report and every attempt."""
    current = context.page_or_404(document_id, number)
    context.look(request, AuditAction.view_text, document_id=document_id, page_number=number)
    return _page_json(current)


def api_page_states(context: Context, ids: str = Query("")) -> dict[str, Any]:
    """The states of up to 500 pages, for the web view's live refresh."""
    states = queries.page_states(context.database, _ids(ids))
    return {"pages": [{"page_id": key, "status": value} for key, value in states.items()]}


def api_live(context: Context) -> dict[str, Any]:
    """What the open lists show that changes (to-do counts, problems, the newest letter, the
    letters in each state), for the web view's lists that update themselves; no letter is
    shown, so no look is recorded."""
    counts = context.lists.counts(context.database)
    return {
        "todo": counts.todo,
        "unconfirmed": counts.unconfirmed,
        "problems": counts.problems,
        "latest_document": counts.latest_document,
        "by_status": counts.by_status,
    }


def api_rerun(request: Request, context: Context, body: RerunRequest) -> dict[str, Any]:
    """Puts looped and failed pages back in the queue, ahead of new work."""
    if not body.page_ids:
        raise HTTPException(400, "page_ids is empty: name at least one page to re-run.")
    mode = parse_mode(body.mode)
    queued = context.rerun(request, body.page_ids, mode, body.include_done)
    states = queries.page_states(context.database, body.page_ids)
    return {
        "queued": queued,
        "mode": mode.value,
        "pages": [{"page_id": key, "status": value} for key, value in states.items()],
    }


def api_status(request: Request, context: Context) -> dict[str, Any]:
    """The status page's numbers: inboxes, engines, throughput, queue, index, hand-over."""
    numbers = snapshot(
        context.database, context.index, context.data_dir, context.status, context.calendar
    )
    return numbers if is_admin(request) else without_paths(numbers)
