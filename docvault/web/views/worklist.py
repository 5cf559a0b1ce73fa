"""The to-do list's form: mark a document handled, or put it back on the list.

Every change is an audit row with the user and the time (`mark handled`, `mark to do`).
Behind `authenticate` and `enforce_csrf` like every other form.
"""

from __future__ import annotations

from fastapi import HTTPException, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from docvault import worklist
from docvault.audit import AuditAction
from docvault.auth import TokenScope
from docvault.db import write_transaction
from docvault.web.context import Context, RowId, WebContext
from docvault.web.security import current_account, read_form, require_scope
from docvault.web.views.common import safe_next

ACTIONS = {"handled": AuditAction.mark_handled, "todo": AuditAction.mark_to_do}


def set_handled(context: WebContext, request: Request, document_id: int, handled: bool) -> None:
    """Mark the document and record who did it (nothing is recorded when nothing changed)."""
    require_scope(request, TokenScope.rerun)
    context.document_or_404(document_id)
    with write_transaction(context.database) as session:
        changed = worklist.mark(session, document_id, current_account(request).name, handled)
    if changed:
        context.audit(request, ACTIONS["handled" if handled else "todo"], document_id=document_id)


async def post_handled(request: Request, context: Context, document_id: RowId) -> Response:
    """Marks a document handled (or to do again) on the arrivals list."""
    submitted = await read_form(request)
    action = str(submitted.get("action", ""))
    if action not in ACTIONS:
        raise HTTPException(400, f"{action[:40]!r} is neither handled nor todo.")
    await run_in_threadpool(set_handled, context, request, document_id, action == "handled")
    return RedirectResponse(safe_next(str(submitted.get("next", "/"))), 303)
