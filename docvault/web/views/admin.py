"""The status page (every part of the service) and the audit log (administrators)."""

from __future__ import annotations

import math

from fastapi import HTTPException, Request
from fastapi.responses import Response

from docvault.audit import AuditAction, AuditFilter
from docvault.web import queries
from docvault.web.context import Context, ResultPage, Templates, day_range, parse_id
from docvault.web.display import Display
from docvault.web.security import is_admin, require_admin
from docvault.web.status import snapshot, without_paths
from docvault.web.views.common import page

AUDIT_PER_PAGE = 100


def audit_filter(
    user: str,
    action: str,
    document: str,
    date_from: str,
    date_to: str,
    display: Display | None = None,
) -> AuditFilter:
    """The audit view's form as a filter; dates are whole days, both ends included, in the
    clinic's zone."""
    document_id = parse_id(document, "document") if document.strip() else None
    since, until = day_range(date_from, date_to, display)
    if action and action not in {known.value for known in AuditAction}:
        raise HTTPException(400, f"{action[:40]!r} is not an action the audit log records.")
    chosen = AuditAction(action) if action else None
    return AuditFilter(user.strip() or None, chosen, document_id, since, until)


def status_page(request: Request, context: Context, templates: Templates) -> Response:
    """The status page: every part of the service, inboxes, mailboxes, engines, faults."""
    numbers = snapshot(
        context.database, context.index, context.data_dir, context.status, context.calendar
    )
    context.look_if_possible(request, AuditAction.view_status)
    if not is_admin(request):
        numbers = without_paths(numbers)
    return page(templates, request, "status.html", {"status": numbers})


def audit_page(
    request: Request,
    context: Context,
    templates: Templates,
    user: str = "",
    action: str = "",
    document: str = "",
    date_from: str = "",
    date_to: str = "",
    page_number: ResultPage = 1,
) -> Response:
    """The audit log, filtered by user, action, document and days (administrators)."""
    require_admin(request)
    selection = audit_filter(user, action, document, date_from, date_to, context.display)
    offset = (page_number - 1) * AUDIT_PER_PAGE
    events, total = queries.audit_events(context.database, selection, offset, AUDIT_PER_PAGE)
    values = {
        "events": events,
        "total": total,
        "user": user,
        "action": action,
        "document": document,
        "date_from": date_from,
        "date_to": date_to,
        "actions": tuple(AuditAction),
        "page_number": page_number,
        "pages": max(1, math.ceil(total / AUDIT_PER_PAGE)),
    }
    return page(templates, request, "audit.html", values)
