"""The web view's one route table: every path, its name, its endpoint, its methods and who
may ask.

`create_app` (web/app.py) adds each entry with FastAPI's `add_api_route` and the
dependencies of its access rule, so the table is the whole of what the web view answers
(docs/reference/routes.md is written from it):

    public     no login: the login form and its answer, the site icon, the health probe
               (the static files are a mount of their own, public too)
    reading    `authenticate` (a session or an API token), `enforce_csrf` on every change,
               and `permit(read)`: a read needs the token scope `read`, a change `rerun`
    scraping   as reading, but a read needs the scope `metrics` (Prometheus)

A route's access is part of its entry, never left to the endpoint: a test walks the app's
routes and fails on one that answers an anonymous visitor (tests/web/test_web.py), another on
one that a read-only token could change anything through (tests/web/test_web_permissions.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from fastapi import Depends, Request
from fastapi.params import Depends as Dependency

from docvault.auth import TokenScope
from docvault.web.context import Context
from docvault.web.security import enforce_csrf, identify, permit
from docvault.web.views import (
    admin,
    api,
    calendar,
    documents,
    facts,
    health,
    login,
    problems,
    search,
    senders,
    worklist,
)


class Access(Enum):
    """Who may ask: which of the rules above a route's dependencies are."""

    public = "public"
    reading = "reading"
    scraping = "scraping"


@dataclass(frozen=True)
class Route:
    """One entry of the table. Its `name` is how views (`path_for`) and templates
    (`url_for`) link to it, so a path changed here changes every link with it."""

    path: str
    name: str
    endpoint: Callable[..., Any]
    methods: tuple[str, ...] = ("GET",)
    access: Access = Access.reading


def authenticate(request: Request, context: Context) -> None:
    """The account asking (a session's or an API token's), kept on the request; the login
    page (or a 401 for a script) for anyone else."""
    identify(context.database, context.session_policy, request)


_LOGGED_IN = (Depends(authenticate), Depends(enforce_csrf))
DEPENDENCIES: dict[Access, Sequence[Dependency]] = {
    Access.public: (),
    Access.reading: (*_LOGGED_IN, Depends(permit(TokenScope.read))),
    Access.scraping: (*_LOGGED_IN, Depends(permit(TokenScope.metrics))),
}

GET, POST = ("GET",), ("POST",)
PUBLIC, SCRAPING = Access.public, Access.scraping

ROUTES: tuple[Route, ...] = (
    # Logging in and out
    Route("/favicon.ico", "favicon", login.favicon, GET, PUBLIC),
    Route("/login", "login", login.login_page, GET, PUBLIC),
    Route("/login", "log_in", login.log_in, POST, PUBLIC),
    Route("/logout", "log_out", login.log_out, POST),
    # For machines
    Route("/healthz", "healthz", health.healthz, GET, PUBLIC),
    Route("/metrics", "metrics", health.metrics_page, GET, SCRAPING),
    # The home page: arrivals and search
    Route("/", "home", search.search_page),
    # A document, its pages and files
    Route("/documents/{document_id}", "document", documents.document_page),
    Route("/documents/{document_id}/pages/{number}/text", "page_text", documents.raw_text),
    Route("/documents/{document_id}/email", "document_email", documents.download_email),
    Route("/documents/{document_id}/original", "original", documents.download),
    Route(
        "/documents/{document_id}/searchable.pdf", "searchable_pdf", documents.download_searchable
    ),
    Route("/pages/{page_id}/image.png", "page_image", documents.page_image),
    Route("/pages/{page_id}/thumbnail.jpg", "page_thumbnail", documents.page_thumbnail),
    Route("/pages/{page_id}/figures/{box}.jpg", "figure", documents.figure),
    Route("/rerun", "rerun", documents.rerun, POST),
    Route("/pages/{page_id}/rotate", "rotate", documents.rotate, POST),
    # The facts panel and the to-do list
    Route("/documents/{document_id}/facts", "fact", facts.post_fact, POST),
    Route(
        "/documents/{document_id}/facts/confirm-all",
        "confirm_all_facts",
        facts.post_confirm_all,
        POST,
    ),
    Route("/documents/{document_id}/handled", "handled", worklist.post_handled, POST),
    Route("/documents/handled", "many_handled", worklist.post_many_handled, POST),
    # The problems page and how its items are settled
    Route("/problems", "problems", problems.problems),
    Route("/documents/{document_id}/unlock", "unlock", problems.unlock_pdf, POST),
    Route("/documents/{document_id}/retry", "retry", problems.retry, POST),
    Route("/documents/{document_id}/retry-index", "retry_index", problems.retry_search_index, POST),
    Route("/documents/{document_id}/dismiss", "dismiss_problem", problems.dismiss_problem, POST),
    Route("/mail-messages/{message_id}/dismiss", "dismiss_message", problems.dismiss_message, POST),
    Route("/documents/{document_id}/delete", "delete_form", problems.confirm_delete),
    Route("/documents/{document_id}/delete", "delete", problems.delete_document, POST),
    # For administrators (and the status page for everyone)
    Route("/status", "status", admin.status_page),
    Route("/audit", "audit", admin.audit_page),
    Route("/senders", "senders", senders.senders_page),
    Route("/senders", "post_sender", senders.post_sender, POST),
    # A record's lifetime: the calendar, the retention review, legal holds (administrators)
    Route("/schedule", "schedule", calendar.schedule_page),
    Route("/schedule/{job}/run", "run_job", calendar.run_job_now, POST),
    Route("/retention", "retention", calendar.retention_page),
    Route("/retention", "confirm_deletion", calendar.confirm_deletion, POST),
    Route("/documents/{document_id}/hold", "place_hold", calendar.place_hold, POST),
    Route("/documents/{document_id}/hold/lift", "lift_hold", calendar.lift_hold, POST),
    # The JSON API
    Route("/api/search", "api_search", api.api_search),
    Route("/api/documents/{document_id}", "api_document", api.api_document),
    Route("/api/documents/{document_id}/pages/{number}", "api_page", api.api_page),
    Route("/api/pages/states", "api_page_states", api.api_page_states),
    Route("/api/live", "api_live", api.api_live),
    Route("/api/rerun", "api_rerun", api.api_rerun, POST),
    Route("/api/status", "api_status", api.api_status),
)
