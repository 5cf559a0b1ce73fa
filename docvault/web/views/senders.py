"""The sender directory page (administrators): every correspondent with its numbers and
mail domains, learned from confirmed letters or typed here; add one, or change one.

Staff re-assign a letter's sender in the facts panel, picking a name of this directory.
Every change here is an audit row (``edit sender``).
"""

from __future__ import annotations

import re

from fastapi import Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from docvault.audit import AuditAction
from docvault.db import read_session, write_transaction
from docvault.errors import FactRefused
from docvault.facts import senders
from docvault.web.context import Context, Templates, WebContext
from docvault.web.security import current_account, read_form, require_admin
from docvault.web.views.common import page, path_for


def _listed(text: str) -> list[str]:
    """Numbers or domains as typed: one a line, or separated by commas or semicolons."""
    return [part.strip() for part in re.split(r"[\n,;]+", text) if part.strip()]


def senders_page(request: Request, context: Context, templates: Templates) -> Response:
    """The sender directory, with a form to add a sender and one to change each."""
    require_admin(request)
    with read_session(context.database) as session:
        entries = senders.entries(session)
    return page(templates, request, "senders.html", {"entries": entries, "refusal": None})


def save_sender(context: WebContext, request: Request, submitted: dict[str, str]) -> str:
    """Add or change a sender as the form says; its name, for the audit row."""
    require_admin(request)
    raw_id = submitted.get("sender_id", "").strip()
    sender_id = int(raw_id) if raw_id.isdigit() else None
    typed = {
        "phone": _listed(submitted.get("phones", "")),
        "fax": _listed(submitted.get("faxes", "")),
        "domain": _listed(submitted.get("domains", "")),
    }
    user = current_account(request).name
    with write_transaction(context.database) as session:
        row = senders.edit(
            session, sender_id, submitted.get("name", ""), submitted.get("address", ""), typed, user
        )
        name = row.name
    detail = f"{name!r}: phones {typed['phone']}, faxes {typed['fax']}, domains {typed['domain']}"
    context.audit(request, AuditAction.edit_sender, detail[:500])
    return name


async def post_sender(request: Request, context: Context, templates: Templates) -> Response:
    """Adds a sender to the directory, or changes one (administrators)."""
    form = await read_form(request)
    submitted = {key: str(form.get(key, ""))[:2000] for key in form}
    try:
        await run_in_threadpool(save_sender, context, request, submitted)
    except FactRefused as refusal:
        with read_session(context.database) as session:
            entries = senders.entries(session)
        values = {"entries": entries, "refusal": refusal.message, "typed": submitted}
        return page(templates, request, "senders.html", values, 400)
    return RedirectResponse(path_for(request, "senders"), 303)
