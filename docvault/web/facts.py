"""The facts panel's form: confirm or correct a proposed fact of a document.

Every confirmation and correction is an audit row with the user, the time, the field, the
value before and after. Behind `authenticate` and `enforce_csrf` like every other form.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import RedirectResponse, Response
from sqlalchemy import Engine
from starlette.concurrency import run_in_threadpool

from docvault.auth import TokenScope
from docvault.db import read_session, write_transaction
from docvault.facts import store
from docvault.web.context import RowId, WebContext
from docvault.web.login import safe_next
from docvault.web.security import current_account, require_scope

ACTIONS = {"confirm": "confirm fact", "correct": "correct fact"}


def facts_panel(database: Engine, document_id: int) -> list[store.FactView]:
    """The facts of a document as the panel in the document view shows them."""
    with read_session(database) as session:
        return store.facts_of(session, document_id)


def _audit_detail(change: store.FactChange) -> str:
    if change.before == change.after:
        return f"{change.field}: {change.after!r} confirmed"
    return f"{change.field}: {change.before!r} -> {change.after!r} (proposed {change.proposed!r})"


def change_fact(
    context: WebContext, request: Request, document_id: int, field: str, corrected: str | None
) -> store.FactChange:
    """Confirm (``corrected`` None) or correct a fact, and record who did it."""
    require_scope(request, TokenScope.rerun)
    try:
        with write_transaction(context.database) as session:
            change = store.confirm(
                session, document_id, field, current_account(request).name, corrected
            )
    except store.FactInputError as error:
        raise HTTPException(400, str(error)) from None
    action = ACTIONS["confirm" if corrected is None else "correct"]
    context.audit(request, action, _audit_detail(change), document_id=document_id)
    return change


def router(context: WebContext) -> APIRouter:
    routes = APIRouter()

    @routes.post("/documents/{document_id}/facts")
    async def post_fact(request: Request, document_id: RowId) -> Response:
        submitted = await request.form()
        action = str(submitted.get("action", ""))
        if action not in ACTIONS:
            raise HTTPException(400, f"{action[:40]!r} is neither confirm nor correct.")
        corrected = None if action == "confirm" else str(submitted.get("value", ""))
        field = str(submitted.get("field", ""))
        await run_in_threadpool(change_fact, context, request, document_id, field, corrected)
        target = safe_next(str(submitted.get("next", f"/documents/{document_id}")))
        return RedirectResponse(target, 303)

    return routes
