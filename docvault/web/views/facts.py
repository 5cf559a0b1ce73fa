"""The facts panel's form: confirm or correct a proposed fact of a document.

Every confirmation and correction is an audit row with the user, the time, the field, the
value before and after. Behind `authenticate` and `enforce_csrf` like every other form.
A value that is not what its field claims (``docvault.facts.store.clean``: 30 February,
digits of another script, a control character) is refused on the form itself: the panel
comes back with the sentence beside the field and the typed value in it, to be corrected.
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import HTTPException, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from docvault.audit import AuditAction
from docvault.auth import TokenScope
from docvault.db import write_transaction
from docvault.errors import FactRefused
from docvault.facts import FIELD_LABELS, store
from docvault.models import utcnow
from docvault.records import handover
from docvault.web import queries
from docvault.web.context import Context, RowId, Templates, WebContext
from docvault.web.security import current_account, read_form, require_scope
from docvault.web.views.common import path_for, safe_next

# What is kept of a refused value to show it again: the form's own maxlength, and some.
MAX_REFUSED_CHARACTERS = 1000

ACTIONS = {"confirm": AuditAction.confirm_fact, "correct": AuditAction.correct_fact}
CONFIRM_ALL = AuditAction.confirm_all_facts


def _audit_detail(change: store.FactChange) -> str:
    if change.before == change.after:
        return f"{change.field}: {_shown(change.after)} confirmed"
    detail = f"{change.field}: {_shown(change.before)} -> {_shown(change.after)}"
    return f"{detail} (proposed {_shown(change.proposed)})"


def _shown(value: str | None) -> str:
    """A fact's value in an audit row: quoted, or "(none)" where there was none (issue 48:
    rows read "born: None -> '1961-04-01'")."""
    return repr(value) if value else "(none)"


def change_fact(
    context: WebContext, request: Request, document_id: int, field: str, corrected: str | None
) -> store.FactChange:
    """Confirm (``corrected`` None) or correct a fact, and record who did it; a value that
    cannot be taken raises FactRefused and changes nothing."""
    require_scope(request, TokenScope.rerun)
    with write_transaction(context.database) as session:
        change = store.confirm(
            session, document_id, field, current_account(request).name, corrected
        )
        if change.before != change.after:
            handover.add_correction(session, document_id, context.correction_targets, utcnow())
    action = ACTIONS["confirm" if corrected is None else "correct"]
    context.audit(request, action, _audit_detail(change), document_id=document_id)
    return change


def confirm_all(context: WebContext, request: Request, document_id: int) -> list[str]:
    """Confirm every open proposal of a letter in one transaction, one audit row naming
    them all; a proposal that cannot be confirmed (not a valid value) is left for a person
    to correct, and named in the answer."""
    require_scope(request, TokenScope.rerun)
    context.document_or_404(document_id)
    user = current_account(request).name
    confirmed: list[store.FactChange] = []
    left: list[str] = []
    with write_transaction(context.database) as session:
        for field in store.open_proposals(session, document_id):
            try:
                confirmed.append(store.confirm(session, document_id, field, user))
            except FactRefused:
                left.append(field)
        if any(change.before != change.after for change in confirmed):
            handover.add_correction(session, document_id, context.correction_targets, utcnow())
    if confirmed:
        detail = "; ".join(_audit_detail(change) for change in confirmed)
        context.audit(request, CONFIRM_ALL, detail, document_id=document_id)
    return left


def refused_values(
    context: WebContext,
    request: Request,
    document_id: int,
    refusal: FactRefused,
    typed: str | None,
    next_path: str = "",
) -> dict[str, Any]:
    """The facts panel again, with the refusal beside its field and the typed value kept."""
    document = context.document_or_404(document_id)
    # The page the form was sent from, shown beside the panel to compare with (issue 48:
    # the letter was gone from this page).
    number = min(max(_page_of(next_path), 1), max(document.page_count, 1))
    current = queries.page_by_number(context.database, document_id, number)
    # The panel shows the letter's facts again: a look, like the document view's.
    context.look(request, AuditAction.view, document_id=document_id, page_number=number)
    return {
        "account": current_account(request),
        "document": document,
        "current": current,
        "facts": queries.facts_panel(context.database, document_id),
        "refused": {
            "field": refusal.field,
            "value": (typed or "")[:MAX_REFUSED_CHARACTERS],
            "message": refusal.message,
        },
    }


def _page_of(next_path: str) -> int:
    """The page number a form's `next` names (`/documents/7?page=3#facts`), else 1."""
    found = re.search(r"[?&]page=(\d{1,6})", next_path)
    return int(found.group(1)) if found else 1


async def post_fact(
    request: Request, context: Context, templates: Templates, document_id: RowId
) -> Response:
    """Confirms or corrects one fact of a document (patient, born, date, sender, title)."""
    submitted = await read_form(request)
    action = str(submitted.get("action", ""))
    if action not in ACTIONS:
        raise HTTPException(400, f"{action[:40]!r} is neither confirm nor correct.")
    corrected = None if action == "confirm" else str(submitted.get("value", ""))
    field = str(submitted.get("field", ""))
    try:
        await run_in_threadpool(change_fact, context, request, document_id, field, corrected)
    except FactRefused as refusal:
        if refusal.field is None:
            raise HTTPException(400, refusal.message) from None
        sent_from = str(submitted.get("next", ""))
        values = await run_in_threadpool(
            refused_values, context, request, document_id, refusal, corrected, sent_from
        )
        return templates.TemplateResponse(request, "fact_refused.html", values, 400)
    document = path_for(request, "document", document_id=document_id)
    target = safe_next(request, submitted.get("next"), document)
    return RedirectResponse(target, 303)


async def post_confirm_all(request: Request, context: Context, document_id: RowId) -> Response:
    """Confirms every proposed fact of a document at once."""
    submitted = await read_form(request)
    left = await run_in_threadpool(confirm_all, context, request, document_id)
    if left:
        names = ", ".join(FIELD_LABELS[field].lower() for field in left)
        raise HTTPException(
            400,
            f"The other proposals are confirmed; {names} could not be (not a valid "
            "value): type the right value in the facts panel and choose Correct.",
        )
    document = path_for(request, "document", document_id=document_id)
    target = safe_next(request, submitted.get("next"), document)
    return RedirectResponse(target, 303)
