"""The to-do list's forms: mark a document handled, or put it back on the list; one at a time
or the ones ticked on the arrivals list, in one action.

Every change is an audit row with the user and the time (`mark handled`, `mark to do`), one
per document, also when many are marked at once. A letter whose problem nobody settled is
not marked handled (``worklist.ProblemNotSettled``): the answer names it and says what to do.
Behind `authenticate` and `enforce_csrf` like every other form.
"""

from __future__ import annotations

from collections.abc import Sequence

from fastapi import HTTPException, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from docvault.audit import AuditAction
from docvault.auth import TokenScope
from docvault.db import write_transaction
from docvault.records import worklist
from docvault.web.context import Context, RowId, WebContext
from docvault.web.security import current_account, read_form, require_scope
from docvault.web.views.common import safe_next

ACTIONS = {"handled": AuditAction.mark_handled, "todo": AuditAction.mark_to_do}
# A list page shows 20; "all shown" of a few pages is far below this, hostile forms are not.
MAX_MARKED_AT_ONCE = 500


def set_handled(context: WebContext, request: Request, document_id: int, handled: bool) -> None:
    """Mark the document and record who did it (nothing is recorded when nothing changed)."""
    require_scope(request, TokenScope.rerun)
    context.document_or_404(document_id)
    try:
        with write_transaction(context.database) as session:
            changed = worklist.mark(session, document_id, current_account(request).name, handled)
    except worklist.ProblemNotSettled as refused:
        raise HTTPException(409, str(refused)) from None
    if changed:
        context.audit(request, ACTIONS["handled" if handled else "todo"], document_id=document_id)


def set_many_handled(
    context: WebContext, request: Request, document_ids: list[int], handled: bool
) -> list[worklist.ProblemNotSettled]:
    """Mark each document (one transaction each, one audit row each that changed); the
    letters refused for an unsettled problem are returned, the others are marked."""
    require_scope(request, TokenScope.rerun)
    user_name = current_account(request).name
    refused = []
    for document_id in document_ids:
        try:
            with write_transaction(context.database) as session:
                changed = worklist.mark(session, document_id, user_name, handled)
        except worklist.ProblemNotSettled as problem:
            refused.append(problem)
            continue
        except LookupError:
            continue  # deleted meanwhile by someone else: nothing left to mark
        if changed:
            action = ACTIONS["handled" if handled else "todo"]
            context.audit(request, action, document_id=document_id)
    return refused


async def post_handled(request: Request, context: Context, document_id: RowId) -> Response:
    """Marks a document handled (or to do again) on the arrivals list."""
    submitted = await read_form(request)
    action = _action(submitted.get("action", ""))
    await run_in_threadpool(set_handled, context, request, document_id, action == "handled")
    return RedirectResponse(safe_next(request, submitted.get("next")), 303)


async def post_many_handled(request: Request, context: Context) -> Response:
    """Marks the documents ticked on the arrivals list handled (or to do again), at once."""
    submitted = await read_form(request)
    action = _action(submitted.get("action", ""))
    document_ids = _document_ids(submitted.getlist("document_id"))
    refused = await run_in_threadpool(
        set_many_handled, context, request, document_ids, action == "handled"
    )
    if refused:
        marked = len(document_ids) - len(refused)
        names = "; ".join(str(problem) for problem in refused)
        raise HTTPException(409, f"{marked} letter(s) marked handled; not marked: {names}")
    return RedirectResponse(safe_next(request, submitted.get("next")), 303)


def _action(value: object) -> str:
    action = str(value)
    if action not in ACTIONS:
        raise HTTPException(400, f"{action[:40]!r} is neither handled nor todo.")
    return action


def _document_ids(values: Sequence[object]) -> list[int]:
    if not values:
        raise HTTPException(400, "No letter is ticked: tick the letters to mark, or all shown.")
    if len(values) > MAX_MARKED_AT_ONCE:
        raise HTTPException(
            400,
            f"{len(values)} letters were sent; at most {MAX_MARKED_AT_ONCE} are marked at once.",
        )
    try:
        return list(dict.fromkeys(int(str(value)) for value in values))
    except ValueError:
        raise HTTPException(400, "A ticked letter's number is not a number.") from None
