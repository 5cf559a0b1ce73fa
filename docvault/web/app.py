"""The web application: routes parse the request, call the index, and render a template."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from sqlalchemy import Engine as DatabaseEngine

from docvault.errors import DocvaultError, QuerySyntaxError
from docvault.indexing import ArchiveIndex, search
from docvault.resources import resource_dir

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class WebContext:
    """What the web view reads: the database, the index and the data folder."""

    database: DatabaseEngine
    index: ArchiveIndex
    data_dir: Path


def create_app(context: WebContext) -> FastAPI:
    """The FastAPI app for `context`."""
    app = FastAPI(title="docvault", docs_url=None, redoc_url=None, openapi_url=None)
    templates = Jinja2Templates(directory=str(resource_dir("templates")))

    @app.get("/", response_class=HTMLResponse)
    def search_page(request: Request, q: str = "", page: int = 1) -> HTMLResponse:
        results, error = None, None
        if q.strip():
            try:
                results = search(context.database, context.index, q, max(page, 1), 20)
            except QuerySyntaxError as problem:
                error = problem.message
            except DocvaultError as problem:
                logger.error("search %r failed: %s", q, problem.message)
                error = problem.message
        return templates.TemplateResponse(
            request,
            "search.html",
            {"query": q, "results": results, "error": error},
            status_code=400 if error else 200,
        )

    return app
