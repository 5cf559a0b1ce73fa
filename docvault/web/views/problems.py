"""The problems page, and how each of its items is settled.

An item is a page that needs a person (incomplete, looped, failed), a file that could not
be read, or a document the search index could not take. Each can be

- tried again: a page re-run (`/rerun`, in `views.documents`), a refused file taken in
  again from its archived original as intake takes a new one (`intake.retake_refused`), an
  index problem tried at the writer's next drain; a protected PDF is unlocked by an
  administrator;
- dismissed with a reason: the document is marked settled (who, when, why; an audit row
  too) and leaves the list and the count; nothing else changes, so it can still be found
  and opened. A new problem of the document (a retry refused again, a re-read that ends
  looped, a new index failure) lists it again: the dismissal spoke of the old one. The
  problems of one mail message's documents are dismissed at once, with one reason (an
  audit row per document): one message of hundreds of broken attachments is one action;
- deleted, by an administrator after a confirmation page: its pages, index entries and
  page images go, the original stays in the archive (`records.remove_document`); a document
  on legal hold (`docvault.holds`) is refused with its sentence on that page.

Every route is behind `authenticate` and `enforce_csrf` (`web.routes`), every change an
audit row. After an action the browser is sent back to the list with a sentence saying
what happened; a refused one (no reason given, a wrong password) shows the list with the
sentence beside the form, never a page without a way back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fastapi import HTTPException, Request
from fastapi.responses import RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from starlette.concurrency import run_in_threadpool

from docvault import holds, records
from docvault.audit import AuditAction
from docvault.errors import DocvaultError, OnLegalHold, RateLimited
from docvault.intake import retake_refused
from docvault.search import index_problems, retry_now
from docvault.vocabulary import DocumentStatus, SamplingMode
from docvault.web import queries
from docvault.web.context import Context, RowId, Templates, WebContext
from docvault.web.security import (
    client_address,
    current_account,
    read_form,
    request_via,
    require_admin,
)
from docvault.web.views.common import page, path_for

# A dismissal's reason is a short sentence for the audit log ("sent again as 2024-113").
MAX_REASON_CHARACTERS = 300
DONE_ACTIONS = ("retry", "retry-index", "dismiss", "delete")
DISMISSED_MESSAGE = "dismiss-message"


@dataclass(frozen=True)
class Refusal:
    """A settling action that was not done: the item, the form and the sentence for it."""

    document_id: int
    form: str  # "unlock" (shown beside its form), "dismiss" or "retry"
    sentence: str


@dataclass(frozen=True)
class Notice:
    """What the action just done did, said at the top of the list after the redirect."""

    sentence: str
    link: str | None = None  # the document, where it can still be opened


def retry_file(context: WebContext, request: Request, document_id: int) -> None:
    """Take a refused file in again from its archived original, and note who asked."""
    retaken = retake_refused(
        context.database,
        context.data_dir,
        document_id,
        context.inspect,
        context.empty_grace_seconds,
    )
    outcome = (
        f"refused again: {retaken.refusal}"
        if retaken.refusal
        else f"{retaken.pages} page(s) queued"
    )
    context.audit(
        request, AuditAction.retry, f"{retaken.file_name}: {outcome}", document_id=document_id
    )


def retry_index(context: WebContext, request: Request, document_id: int) -> None:
    """Try a document the index could not take again at the writer's next drain."""
    document = context.document_or_404(document_id)
    if not retry_now(context.database, document_id):
        raise DocvaultError(
            f"{document.original_name} is in the search index now; nothing was changed."
        )
    context.audit(
        request,
        AuditAction.retry_index,
        f"{document.original_name}: tried again at the index writer's next drain",
        document_id=document_id,
    )


def reason_refusal(what: str, reason: str) -> str | None:
    """Why a dismissal's reason cannot be taken, or None (`what`: the item dismissed)."""
    if not reason:
        return f"Type a short reason to dismiss {what}: it is kept in the audit log."
    if len(reason) > MAX_REASON_CHARACTERS:
        return (
            f"The reason is {len(reason):,} characters; shorten it to at most "
            f"{MAX_REASON_CHARACTERS} to dismiss {what}."
        )
    return None


def dismiss(
    context: WebContext, request: Request, document: queries.DocumentView, reason: str
) -> None:
    """Mark the document's problems settled with the reason, and note who, when and why."""
    who = current_account(request).name
    if not records.settle(context.database, document.id, who, reason):
        raise HTTPException(404, f"There is no document {document.id} in the archive.")
    context.audit(
        request,
        AuditAction.dismiss,
        f"{document.original_name} ({document.status}): {reason}",
        document_id=document.id,
    )


def dismiss_message_problems(
    context: WebContext, request: Request, problems: queries.MessageProblems, reason: str
) -> None:
    """Settle every problem of one mail message's documents with the one reason: one audit
    row per document, each naming the message, so each letter's history stays whole."""
    who = current_account(request).name
    count = len(problems.documents)
    for document_id, name, status in problems.documents:
        if records.settle(context.database, document_id, who, reason):
            context.audit(
                request,
                AuditAction.dismiss,
                f"{name} ({status}), one of the {count} problems of {problems.describe()} "
                f"dismissed at once: {reason}",
                document_id=document_id,
            )


def delete(context: WebContext, request: Request, document_id: int, reason: str = "") -> None:
    """Remove a document from docvault (`records.remove_document`: its tombstone, then the
    document, and its original unless another document has the same bytes)."""
    require_admin(request, "Only an administrator may delete a document; dismiss it instead.")
    removed = records.remove_document(
        context.database,
        context.data_dir,
        document_id,
        actor=current_account(request).name,
        reason=reason,
        remote_address=client_address(request),
        via=request_via(request),
    )
    if removed is None:
        raise HTTPException(404, f"There is no document {document_id} in the archive.")


def done_notice(
    context: WebContext, request: Request, action: str, document_id: int | None
) -> Notice | None:
    """The sentence for `?done=<action>&document=<id>`: built here from the database, so
    the address carries no text to show (nor a patient's name into a proxy's log)."""
    if action not in DONE_ACTIONS or document_id is None:
        return None
    if action == "delete":
        return Notice(
            f"Document {document_id} was deleted from docvault; the audit log keeps who "
            "deleted it, when, why, and its original's sha256."
        )
    document = queries.document(context.database, document_id)
    if document is None:
        return None
    link = path_for(request, "document", document_id=document_id)
    name = document.original_name
    if action == "dismiss":
        return Notice(f"{name} was dismissed; it stays archived and can still be opened.", link)
    if action == "retry-index":
        return Notice(f"{name} goes to the search index again within a few seconds.", link)
    if document.status == DocumentStatus.failed:
        return Notice(f"{name} was tried again and still cannot be read: the new reason is below.")
    return Notice(f"{name} is being read again: {document.page_count} page(s) queued.", link)


def _done(request: Request, action: str, document_id: int) -> Response:
    done = {"done": action, "document": document_id}
    return RedirectResponse(path_for(request, "problems", done), 303)


def problems_list(
    context: WebContext,
    templates: Jinja2Templates,
    request: Request,
    status: str = "",
    inbox: str = "",
    refusal: Refusal | None = None,
    notice: Notice | None = None,
    code: int = 200,
) -> Response:
    """The problems page, with a notice of what was just done or a refusal beside its form."""
    # The list names letters (file names often carry a patient's name): a look.
    context.look(request, AuditAction.view_problems, f"status={status} inbox={inbox}")
    values = {
        "pages": queries.problem_pages(context.database, status or None, inbox or None),
        "failed_documents": queries.failed_documents(context.database, inbox or None),
        "inboxes": queries.inbox_names(context.database),
        "status": status,
        "inbox": inbox,
        "modes": SamplingMode,
        "data_dir": context.data_dir,
        "refusal": refusal,
        "notice": notice,
        "max_reason": MAX_REASON_CHARACTERS,
        # Issue 44: a message's problems, to be dismissed at once.
        "message_problems": queries.message_problems(context.database),
        # Issue 25: documents the index writer had to leave out, and why.
        "index_problems": index_problems(context.database, unsettled_only=True),
    }
    return page(templates, request, "problems.html", values, code)


async def refused(
    context: WebContext,
    templates: Jinja2Templates,
    request: Request,
    refusal: Refusal,
    code: int = 400,
) -> Response:
    """The list again, the refusal's sentence beside its item's form."""
    return await run_in_threadpool(
        problems_list, context, templates, request, "", "", refusal, None, code
    )


async def retried(
    context: WebContext,
    templates: Jinja2Templates,
    request: Request,
    document_id: int,
    action: str,
    step: Callable[[WebContext, Request, int], None],
) -> Response:
    """`step` done for the document, and the list with what it did (or why it was not)."""
    await read_form(request)
    try:
        await run_in_threadpool(step, context, request, document_id)
    except DocvaultError as error:  # settled meanwhile, by someone else or by itself
        refusal = Refusal(document_id, "retry", error.message)
        return await refused(context, templates, request, refusal, 409)
    return _done(request, action, document_id)


def problems(
    request: Request,
    context: Context,
    templates: Templates,
    status: str = "",
    inbox: str = "",
    done: str = "",
    document: str = "",
    count: str = "",
) -> Response:
    """The problems page: failed files, looped and incomplete pages, index problems, what to do
    for each."""
    document_id = int(document) if document.isascii() and document.isdigit() else None
    notice = done_notice(context, request, done, document_id)
    if done == DISMISSED_MESSAGE and count.isascii() and count.isdigit():
        notice = Notice(
            f"The {int(count):,} problems of the message were dismissed with your reason, each "
            "in the audit log; its letters stay archived and can still be opened."
        )
    return problems_list(context, templates, request, status, inbox, notice=notice)


async def unlock_pdf(
    request: Request, context: Context, templates: Templates, document_id: RowId
) -> Response:
    """Unlocks a password-protected PDF with a password used once and never stored
    (administrators)."""
    require_admin(request)
    submitted = await read_form(request)
    password = submitted.get("password")
    if not isinstance(password, str) or not password:
        refusal = Refusal(document_id, "unlock", "Type the PDF's password to unlock it.")
        return await refused(context, templates, request, refusal)
    try:
        await run_in_threadpool(context.unlock, request, document_id, password)
    except DocvaultError as error:
        # Back to the form with the sentence (wrong password, wait, not protected).
        code = 429 if isinstance(error, RateLimited) else 400
        refusal = Refusal(document_id, "unlock", error.message)
        return await refused(context, templates, request, refusal, code)
    finally:
        del password
    return RedirectResponse(path_for(request, "document", document_id=document_id), 303)


async def retry(
    request: Request, context: Context, templates: Templates, document_id: RowId
) -> Response:
    """Takes a refused file in again, judged afresh as intake judges a new file."""
    return await retried(context, templates, request, document_id, "retry", retry_file)


async def retry_search_index(
    request: Request, context: Context, templates: Templates, document_id: RowId
) -> Response:
    """Sends a document that could not be indexed to the index again."""
    return await retried(context, templates, request, document_id, "retry-index", retry_index)


async def dismiss_problem(
    request: Request, context: Context, templates: Templates, document_id: RowId
) -> Response:
    """Marks a problem settled, so that it leaves the list (it stays in the audit log)."""
    submitted = await read_form(request)
    document = context.document_or_404(document_id)
    reason = str(submitted.get("reason", "")).strip()
    refusal = reason_refusal(document.original_name, reason)
    if refusal is not None:
        return await refused(context, templates, request, Refusal(document_id, "dismiss", refusal))
    await run_in_threadpool(dismiss, context, request, document, reason)
    return _done(request, "dismiss", document_id)


async def dismiss_message(
    request: Request, context: Context, templates: Templates, message_id: RowId
) -> Response:
    """Marks every problem of one mail message's documents settled, with one reason."""
    submitted = await read_form(request)
    found = await run_in_threadpool(queries.message_problems, context.database, [message_id], 1)
    if not found:
        raise HTTPException(
            404,
            f"Mail message {message_id} has no problems left to dismiss (dismissed or read "
            "meanwhile); nothing was changed.",
        )
    problems = found[0]
    reason = str(submitted.get("reason", "")).strip()
    what = f"the {len(problems.documents)} problems of {problems.describe()}"
    refusal = reason_refusal(what, reason)
    if refusal is not None:
        first = problems.documents[0][0]
        return await refused(context, templates, request, Refusal(first, "dismiss", refusal))
    await run_in_threadpool(dismiss_message_problems, context, request, problems, reason)
    done = {"done": DISMISSED_MESSAGE, "count": len(problems.documents)}
    return RedirectResponse(path_for(request, "problems", done), 303)


def confirm_delete(
    request: Request, context: Context, templates: Templates, document_id: RowId
) -> Response:
    """Asks an administrator to confirm deleting a document."""
    require_admin(request, "Only an administrator may delete a document; dismiss it instead.")
    document = context.document_or_404(document_id)
    context.look(request, AuditAction.view, "delete confirmation", document_id=document_id)
    return _delete_page(context, templates, request, document, None)


def _delete_page(
    context: WebContext,
    templates: Jinja2Templates,
    request: Request,
    document: queries.DocumentView,
    refusal: str | None,
) -> Response:
    """The confirmation page; a document on legal hold shows its hold and no delete button."""
    values = {
        "document": document,
        "data_dir": context.data_dir,
        "hold": holds.hold_on(context.database, document.id),
        "refusal": refusal,
    }
    return page(templates, request, "delete.html", values, 409 if refusal else 200)


async def delete_document(
    request: Request, context: Context, templates: Templates, document_id: RowId
) -> Response:
    """Deletes a document from the database, index, cache and archive; its tombstone stays.
    One on legal hold is refused with its sentence."""
    submitted = await read_form(request)
    reason = str(submitted.get("reason", "")).strip()[:MAX_REASON_CHARACTERS]
    try:
        await run_in_threadpool(delete, context, request, document_id, reason)
    except OnLegalHold as error:
        await run_in_threadpool(
            context.audit, request, AuditAction.delete_refused, error.message, document_id
        )
        document = await run_in_threadpool(context.document_or_404, document_id)
        return _delete_page(context, templates, request, document, error.message)
    return _done(request, "delete", document_id)
