"""The web application, built from the one route table (`docvault.web.routes`).

    public:     GET/POST /login, /favicon.ico, /healthz, /static/…
    logged in:  everything else (each route carries `authenticate`; a test walks app.routes)
    permitted:  reads need a token's read scope, changes its rerun scope (`permit`, on every
                route too); bodies are bounded by `BodyLimit` before anything reads them

The endpoints (`docvault.web.views`) find the context and the templates in the app's state.
One error mapper turns docvault's errors into pages (or JSON under /api/) with a title;
anything unexpected is logged with its traceback and shown as a plain page.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Coroutine
from typing import Any
from urllib.parse import urlencode

import jinja2
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from markupsafe import Markup
from starlette.exceptions import HTTPException as StarletteHTTPException

from docvault import audit, derived
from docvault.errors import (
    ArchivedFileDamaged,
    ArchivedFileMissing,
    AuthError,
    DatabaseError,
    DocvaultError,
    QuerySyntaxError,
    RateLimited,
    RenderError,
    RequestTooLarge,
    SearchIndexError,
    ServerFault,
)
from docvault.resources import resource_dir
from docvault.web import queries
from docvault.web.context import WebContext
from docvault.web.display import MODE_WORDS, VERDICT_WORDS, Display
from docvault.web.routes import DEPENDENCIES, ROUTES
from docvault.web.security import (
    BodyLimit,
    CsrfRejected,
    LoginRequired,
    SecurityHeaders,
    csrf_token,
    is_admin,
    security_headers,
)
from docvault.web.views.common import HOME, path_for, route_path

__all__ = ["WebContext", "bind_warning", "create_app"]

logger = logging.getLogger(__name__)

_ERROR_PAGES: list[tuple[type[DocvaultError], int, str]] = [
    (CsrfRejected, 403, "The form has expired"),
    (RateLimited, 429, "Please wait a moment"),
    (AuthError, 403, "Not allowed"),
    (RequestTooLarge, 413, "The request is too large"),
    (QuerySyntaxError, 400, "The search could not be understood"),
    (SearchIndexError, 503, "Search is not available right now"),
    (RenderError, 500, "The page image cannot be made"),
    (DatabaseError, 503, "The database is not available"),
    (DocvaultError, 500, "Something went wrong"),
]
UNEXPECTED_MESSAGE = (
    "docvault could not answer this request. The details are in the service log; "
    "please tell your administrator the time it happened."
)
ErrorHandler = Callable[[Request, Any], Coroutine[Any, Any, Response]]
_HTTP_TITLES = {400: "The request is not valid", 404: "Not found", 405: "Not allowed here"}


def bind_warning(host: str, https: bool, trusted_proxy: bool) -> str | None:
    """The warning to log when the web view listens beyond this machine without TLS."""
    if host in ("127.0.0.1", "::1", "localhost") or https or trusted_proxy:
        return None
    return (
        f"The web view listens on {host}, reachable from other machines, without TLS: "
        "passwords and medical records would cross the network in clear text. Put a TLS "
        "proxy in front (and set web_trusted_proxy) or keep web_host = 127.0.0.1."
    )


def _replace_page(parameters: Any, number: int) -> str:
    kept = [(key, value) for key, value in parameters.multi_items() if key != "page"]
    return urlencode([*kept, ("page", str(number))])


def _replace_params(parameters: Any, **changed: str) -> str:
    """The query string with `changed` keys set (an empty value leaves the key out)."""
    kept = [(key, value) for key, value in parameters.multi_items() if key not in changed]
    return urlencode([*kept, *((key, value) for key, value in changed.items() if value)])


# Bidirectional controls in a file name (rtl_\u202egnp.exe.pdf reads as rtl_fdp.exe.png)
# are shown as visible marks, and names are isolated in <bdi> from the text around them.
_BIDI_CONTROLS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def bidi_visible(name: str) -> str:
    """The name with every bidirectional control shown as [U+XXXX] (for titles, attributes)."""
    return _BIDI_CONTROLS.sub(lambda match: f"[U+{ord(match.group()):04X}]", str(name))


def file_name_html(name: str) -> Markup:
    """A file name as HTML: controls made visible, isolated from its neighbours."""
    return Markup("<bdi>{}</bdi>").format(bidi_visible(name))


def make_templates(display: Display | None = None) -> Jinja2Templates:
    templates = Jinja2Templates(directory=str(resource_dir("templates")))
    templates.env.filters["file_name"] = file_name_html
    templates.env.filters["bidi_visible"] = bidi_visible
    templates.env.filters["visible"] = audit.visible
    # Patient, sender and title are isolated like file names: they come from OCR or a form.
    templates.env.filters["isolated"] = file_name_html
    templates.env.globals["csrf_token"] = csrf_token
    shown = display or Display()
    templates.env.filters["when"] = shown.when
    templates.env.filters["day"] = shown.day
    templates.env.globals["display"] = shown
    templates.env.globals["mode_words"] = MODE_WORDS
    templates.env.globals["verdict_words"] = VERDICT_WORDS
    templates.env.filters["replace_page"] = _replace_page
    templates.env.filters["replace_params"] = _replace_params
    templates.env.filters["timestamp"] = shown.clock
    # Starlette's own `url_for` makes an absolute address from the request's Host header;
    # docvault's links stay paths on this site, as the views' redirects are (`path_for`).
    templates.env.globals["url_for"] = _template_url_for
    return templates


@jinja2.pass_context
def _template_url_for(context: jinja2.runtime.Context, name: str, /, **params: object) -> str:
    """`{{ url_for('document', document_id=7) }}`: the path of the route called `name`; a
    query string follows it in the template (`?page=2`)."""
    return route_path(context["request"], name, params)


def create_app(context: WebContext) -> FastAPI:
    """The FastAPI app for `context`: every route of the table, the static files, the error
    pages and the limits."""
    # No redirect to the path without its trailing slash: every answer to a visitor who has
    # not logged in is the login gate's (a redirect to an address docvault did not make
    # would answer before it; tests/web/test_web_properties.py).
    app = FastAPI(
        title="docvault",
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
        redirect_slashes=False,
        exception_handlers=EXCEPTION_HANDLERS,
    )
    templates = make_templates(context.display)
    # The menu's "Problems (N)" on every page: what still needs a person (settled ones not).
    templates.env.globals["problems_count"] = lambda: queries.documents_needing_attention(
        context.database
    )
    # What the endpoints are given (web.context's `Context` and `Templates`).
    app.state.context = context
    app.state.templates = templates
    derived.remove_legacy(context.data_dir)
    for route in ROUTES:
        app.add_api_route(
            route.path,
            route.endpoint,
            methods=list(route.methods),
            dependencies=DEPENDENCIES[route.access],
            name=route.name,
        )
    app.mount("/static", StaticFiles(directory=str(resource_dir("static"))), name="static")
    # The body limit wraps every route; SecurityHeaders, added last, wraps it in turn, so the
    # limit's 413 carries the security headers too.
    app.add_middleware(BodyLimit, limit=context.max_request_bytes)
    app.add_middleware(SecurityHeaders, https=context.https)
    return app


def _wants_json(request: Request) -> bool:
    # Prometheus is a script too: a 401 it can report, not the login page's HTML.
    return request.url.path.startswith("/api/") or request.url.path == "/metrics"


def error_page(request: Request, status: int, title: str, message: str) -> Response:
    if _wants_json(request):
        return JSONResponse({"error": title, "message": message}, status_code=status)
    templates: Jinja2Templates = request.app.state.templates
    return templates.TemplateResponse(
        request, "error.html", {"title": title, "message": message}, status_code=status
    )


def _login_redirect(request: Request, message: str) -> Response:
    if _wants_json(request):
        return JSONResponse(
            {"error": "Not logged in", "message": message},
            status_code=401,
            headers={"WWW-Authenticate": "Bearer"},
        )
    target = request.url.path if request.method == "GET" else path_for(request, HOME)
    login = path_for(request, "login")
    return RedirectResponse(f"{login}?{_next_parameter(target)}", status_code=303)


def _next_parameter(target: str) -> str:
    return urlencode({"next": target})


async def docvault_error(request: Request, error: Exception) -> Response:
    """docvault's own errors: the login gate, or a page (JSON under /api/) with a title."""
    assert isinstance(error, DocvaultError)
    if isinstance(error, LoginRequired):
        return _login_redirect(request, error.message)
    if isinstance(error, ServerFault):
        # The sentence without the server's folders: whoever asked may be anyone; an
        # administrator finds the whole one on the status page.
        logger.error("web: %s %s: %s", request.method, request.url.path, error.message)
        message = f"{error.summary} The status page says more."
        return error_page(request, 503, "docvault cannot save right now", message)
    if isinstance(error, ArchivedFileDamaged):
        # Staff learn what it means for them; an administrator where the file is.
        missing = isinstance(error, ArchivedFileMissing)
        title = "The archived file is missing" if missing else "The archived file was changed"
        message = error.message if is_admin(request) else error.summary
        return error_page(request, 404 if missing else 409, title, message)
    for error_class, status, title in _ERROR_PAGES:
        if isinstance(error, error_class):
            if status >= 500:
                logger.error("web: %s %s: %s", request.method, request.url.path, error)
            return error_page(request, status, title, error.message)
    raise AssertionError("DocvaultError is the last entry")  # pragma: no cover


async def http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, StarletteHTTPException)
    title = _HTTP_TITLES.get(error.status_code, "The request cannot be answered")
    return error_page(request, error.status_code, title, str(error.detail))


async def invalid_request(request: Request, error: Exception) -> Response:
    assert isinstance(error, RequestValidationError)
    problems = "; ".join(_describe(problem) for problem in error.errors())
    return error_page(request, 400, "The request is not valid", f"Please check: {problems}.")


async def unexpected(request: Request, error: Exception) -> Response:
    # This runs outside the session and header middleware (Starlette's outermost
    # layer), so the page is plain and carries its own headers.
    logger.exception("web: unexpected error in %s %s", request.method, request.url.path)
    title, message = "Something went wrong", UNEXPECTED_MESSAGE
    context: WebContext = request.app.state.context
    headers = security_headers(context.https)
    if _wants_json(request):
        return JSONResponse({"error": title, "message": message}, 500, headers=headers)
    body = f"<!doctype html><title>{title}</title><h1>{title}</h1><p>{message}</p>"
    return HTMLResponse(body, status_code=500, headers=headers)


# By class; Starlette picks the nearest along an error's class hierarchy.
EXCEPTION_HANDLERS: dict[int | type[Exception], ErrorHandler] = {
    DocvaultError: docvault_error,
    StarletteHTTPException: http_error,
    RequestValidationError: invalid_request,
    Exception: unexpected,
}


def _describe(problem: Any) -> str:
    location = ".".join(str(part) for part in problem.get("loc", ())[1:]) or "the request"
    return f"{location} ({problem.get('msg', 'invalid')})"
