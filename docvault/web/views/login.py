"""Logging in and out: the login form, its answer and the site icon (the only public
endpoints beside /healthz and the static files), and the end of a session."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import FileResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from starlette.concurrency import run_in_threadpool

from docvault import audit, auth
from docvault.audit import AuditAction
from docvault.errors import AuthError
from docvault.resources import resource_dir
from docvault.web.context import Context, Templates, WebContext
from docvault.web.security import (
    CSRF_FIELD,
    SESSION_COOKIE,
    check_login_csrf,
    clear_session_cookie,
    client_address,
    offer_login_form,
    read_form,
    refuse_login_without_cookie,
    set_login_cookie,
    set_session_cookie,
)
from docvault.web.views.common import path_for, safe_next


def login_form(
    context: WebContext,
    templates: Jinja2Templates,
    request: Request,
    error: str | None,
    next_path: str,
    status: int = 200,
    name: str = "",
) -> Response:
    """The login form, with `error` above it, and its CSRF token's cookie; `name` is the
    user name typed before a refusal, kept in its field (only the password is typed again)."""
    offer_login_form(request, context.secret_key)
    response = templates.TemplateResponse(
        request,
        "login.html",
        {
            "error": error,
            "name": name[: auth.MAXIMUM_NAME_LENGTH],
            "next": safe_next(request, next_path),
            "minimum_password": auth.MINIMUM_PASSWORD_LENGTH,
            # A fresh install has no account: say how to make the first one.
            "first_account": (
                None if auth.has_accounts(context.database) else context.first_account_command
            ),
        },
        status_code=status,
    )
    set_login_cookie(request, response, context.https)
    return response


def favicon() -> Response:
    """The site's icon (public)."""
    # Browsers ask for it on pages without a <link rel="icon">, such as the raw text view.
    return FileResponse(resource_dir("static") / "favicon.svg", media_type="image/svg+xml")


def login_page(
    request: Request, context: Context, templates: Templates, next: str = ""
) -> Response:
    """The login form (public); while no account exists it says how to make the first one."""
    return login_form(context, templates, request, None, next)


async def log_in(request: Request, context: Context, templates: Templates) -> Response:
    """Checks a user's name and password and starts a session (public; locked out after repeated
    failures)."""
    refuse_login_without_cookie(request)
    submitted = await read_form(request)
    name = str(submitted.get("name", "")).strip()
    password = str(submitted.get("password", ""))
    next_path = safe_next(request, submitted.get("next"))
    csrf = submitted.get(CSRF_FIELD)
    check_login_csrf(request, context.secret_key, csrf if isinstance(csrf, str) else None)
    address = client_address(request)
    try:
        account = await run_in_threadpool(auth.log_in, context.database, name, password, address)
    except AuthError as error:
        await run_in_threadpool(
            audit.record, context.database, name[: auth.MAXIMUM_NAME_LENGTH],
            AuditAction.login_failed, error.message, remote_address=address,
            via=audit.AuditVia.browser,
        )  # fmt: skip
        status = 429 if isinstance(error, auth.LockedOut) else 401
        return login_form(context, templates, request, error.message, next_path, status, name)
    token, _ = await run_in_threadpool(auth.start_session, context.database, account, address)
    await run_in_threadpool(
        audit.record, context.database, account.name, AuditAction.login,
        remote_address=address, via=audit.AuditVia.browser,
    )  # fmt: skip
    response = RedirectResponse(next_path, status_code=303)
    set_session_cookie(response, token, context.https)
    return response


def log_out(request: Request, context: Context) -> Response:
    """Ends the session."""
    # The session row goes: a copy of the cookie taken before is worth nothing after.
    context.audit(request, AuditAction.logout)
    auth.end_session(context.database, request.cookies.get(SESSION_COOKIE, ""))
    response = RedirectResponse(path_for(request, "login"), status_code=303)
    clear_session_cookie(response, context.https)
    return response
