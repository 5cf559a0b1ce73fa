"""The web view: login, search, document viewer, problems with re-run, status, audit, API.

The composition root gives a `WebContext` (the database, the index, page images rendered
in the render pool, the service's status, the clinic's `Display`) and `create_app` builds
the application from the one route table.

A request:  app (limits, error pages) -> routes (who may ask: security) -> an endpoint of
            views/ -> queries (read only) or the records -> a template, or JSON

The modules, each importing only those above it:

    display   times and dates as staff read them: the clinic's zone and date format
    queries   read-only questions the web view asks the database
    markdown  page text (untrusted OCR output) to safe HTML
    highlight the matched words marked in a page's transcription
    images    page images: rendered once, kept on disk, cropped, thumbnails
    status    the status page's numbers: what the service reports plus the database
    security  who is asking, and may they: sessions, tokens, CSRF, security headers
    context   WebContext: what the composition root gives, and the routes' shared steps
    views     the endpoints, one module-level function each, a module per concern
    routes    the one route table: each path's name, endpoint, methods and access rule
    app       create_app: the application built from the route table; bind_warning

This module gives their public names, as the rest of docvault imports them. It imports a
module only when one of its names is first used: a command that shows a date
(`Display`) pays for neither FastAPI nor the templates.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from docvault.faces import lazy_names

if TYPE_CHECKING:
    from docvault.web.app import bind_warning, create_app
    from docvault.web.context import WebContext
    from docvault.web.display import Display, zone_named
    from docvault.web.status import EngineReport, InboxReport, ServiceStatus

# Where each name lives: its module within the package, and the names it gives.
__getattr__ = lazy_names(
    __name__,
    {
        "app": ["bind_warning", "create_app"],
        "context": ["WebContext"],
        "display": ["Display", "zone_named"],
        "status": ["EngineReport", "InboxReport", "ServiceStatus"],
    },
)

__all__ = [
    "Display",
    "EngineReport",
    "InboxReport",
    "ServiceStatus",
    "WebContext",
    "bind_warning",
    "create_app",
    "zone_named",
]
