"""The administrators' pages of a record's lifetime: the schedule (the clinic's calendar, a
job run now), the retention review ("Due for deletion", confirmed in batches with a reason)
and the legal hold placed on and lifted from a document.

Every route is for administrators (`require_admin`) behind `authenticate` and
`enforce_csrf` (`web.routes`); every change is an audit row. "Run now" writes the same
request `docvault schedule run` writes (`calendar_log.request`): the running service's
calendar takes it within a second, so the web view never runs a job itself. A deletion is
`retention.confirm`, the one delete path with its legal-hold check; nothing is deleted
without an administrator's confirmation and reason.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fastapi import HTTPException, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from docvault import calendar_log, holds, retention
from docvault.audit import AuditAction
from docvault.web.context import Context, RowId, Templates, WebContext, parse_id
from docvault.web.security import audit_via, current_account, read_form, require_admin
from docvault.web.views.common import page, path_for, with_shown

ADMIN_ONLY = "Only an administrator may do this; ask one."
# A batch's or a hold's reason is a sentence for the audit log ("§630f BGB, 10 years").
MAX_REASON_CHARACTERS = 300


def schedule_page(
    request: Request, context: Context, templates: Templates, asked: str = ""
) -> Response:
    """The schedule: every calendar job, its plan in words, its last and next run
    (administrators)."""
    require_admin(request)
    display = context.display
    rows = calendar_log.schedule(
        context.database, context.calendar, display.zone, display.zone_name()
    )
    titles = {job.name: job.title for job in context.calendar}
    notice = (
        f"{titles[asked]}: asked to run now; the running service starts it within a second "
        "and its run appears below."
        if asked in titles
        else None
    )
    return page(templates, request, "schedule.html", {"rows": rows, "notice": notice})


async def run_job_now(request: Request, context: Context, job: str) -> Response:
    """Asks the running service to run a calendar job now (administrators; audited)."""
    require_admin(request, ADMIN_ONLY)
    await read_form(request)
    if job not in {planned.name for planned in context.calendar}:
        raise HTTPException(404, f"There is no calendar job {job[:40]!r}; see the schedule.")
    await run_in_threadpool(_ask_to_run, context, request, job)
    return RedirectResponse(path_for(request, "schedule", {"asked": job}), 303)


def _ask_to_run(context: WebContext, request: Request, job: str) -> None:
    calendar_log.request(context.database, job, current_account(request).name)
    context.audit(request, AuditAction.run_job, job)


def _due(context: WebContext) -> list[retention.Due]:
    zone = context.display.zone
    today = datetime.now(zone).date()
    return retention.due_documents(context.database, context.retention, today, zone)


def retention_page(request: Request, context: Context, templates: Templates) -> Response:
    """Due for deletion: the documents whose time is up under the retention rules, to be
    confirmed in batches with a reason (administrators)."""
    require_admin(request)
    return _review(context, templates, request, {})


def _review(
    context: WebContext,
    templates: Templates,
    request: Request,
    outcome: dict[str, Any],
    code: int = 200,
) -> Response:
    """The review page, with what a batch just did (or why it was not done)."""
    due = _due(context)
    # The list names letters (file names often carry a patient's name): a look.
    shown = [entry.document_id for entry in due[:100]]
    context.look(request, AuditAction.view, with_shown("due for deletion", shown))
    values = {
        "due": due,
        "rules": context.retention,
        "limit": retention.REVIEW_LIMIT,
        "max_reason": MAX_REASON_CHARACTERS,
        "deleted": [],
        "refused": [],
        "refusal": None,
        "reason": "",
        "chosen": set(),
        **outcome,
    }
    return page(templates, request, "retention.html", values, code)


async def confirm_deletion(request: Request, context: Context, templates: Templates) -> Response:
    """Deletes the chosen documents that are due, with the administrator's reason; one on
    legal hold is refused with its sentence and stays (administrators; audited)."""
    require_admin(request, ADMIN_ONLY)
    submitted = await read_form(request)
    chosen = [parse_id(value, "document") for value in submitted.getlist("document")]
    reason = str(submitted.get("reason", "")).strip()
    refusal = _batch_refusal(chosen, reason)
    if refusal is not None:
        kept = {"refusal": refusal, "reason": reason, "chosen": set(chosen)}
        return await run_in_threadpool(_review, context, templates, request, kept, 400)
    batch = await run_in_threadpool(_confirm, context, request, chosen, reason)
    done = {"deleted": batch.deleted, "refused": batch.refused}
    return await run_in_threadpool(_review, context, templates, request, done)


def _batch_refusal(chosen: list[int], reason: str) -> str | None:
    if not chosen:
        return "Choose the documents to delete (tick them, or tick the box above the list)."
    if not reason:
        return (
            f"Type the reason for deleting these {len(chosen)} document(s) (the rule, the "
            "case): it is kept in the audit log with each deletion. Nothing was deleted."
        )
    if len(reason) > MAX_REASON_CHARACTERS:
        return (
            f"The reason is {len(reason):,} characters; shorten it to at most "
            f"{MAX_REASON_CHARACTERS}. Nothing was deleted."
        )
    return None


def _confirm(
    context: WebContext, request: Request, chosen: list[int], reason: str
) -> retention.Batch:
    who = current_account(request).name
    return retention.confirm(
        context.database, context.data_dir, chosen, reason, who, _due(context), audit_via(request)
    )


async def place_hold(request: Request, context: Context, document_id: RowId) -> Response:
    """Puts a document on legal hold with a reason: no deletion removes it (administrators;
    audited)."""
    require_admin(request, ADMIN_ONLY)
    submitted = await read_form(request)
    reason = str(submitted.get("reason", "")).strip()
    if len(reason) > MAX_REASON_CHARACTERS:
        raise HTTPException(
            400, f"A hold's reason is at most {MAX_REASON_CHARACTERS} characters; shorten it."
        )
    await run_in_threadpool(_place, context, request, document_id, reason)
    return RedirectResponse(
        path_for(request, "document", fragment="legal-hold", document_id=document_id), 303
    )


def _place(context: WebContext, request: Request, document_id: int, reason: str) -> None:
    try:
        hold = holds.place(context.database, document_id, reason, current_account(request).name)
    except ValueError as error:
        raise HTTPException(400, str(error)) from None
    context.audit(request, AuditAction.place_hold, hold.reason, document_id=document_id)


async def lift_hold(request: Request, context: Context, document_id: RowId) -> Response:
    """Lifts a document's legal hold (administrators; audited)."""
    require_admin(request, ADMIN_ONLY)
    await read_form(request)
    await run_in_threadpool(_lift, context, request, document_id)
    return RedirectResponse(
        path_for(request, "document", fragment="legal-hold", document_id=document_id), 303
    )


def _lift(context: WebContext, request: Request, document_id: int) -> None:
    hold = holds.lift(context.database, document_id)
    if hold is None:
        raise HTTPException(409, f"Document {document_id} is not on legal hold.")
    context.audit(request, AuditAction.lift_hold, hold.reason, document_id=document_id)
