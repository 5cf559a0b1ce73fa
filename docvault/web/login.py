"""The only public routes: the login form, its answer, and the site icon."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from starlette.concurrency import run_in_threadpool

from docvault import audit, auth
from docvault.audit import AuditAction
from docvault.errors import AuthError
from docvault.resources import resource_dir
from docvault.web.context import WebContext
from docvault.web.security import (
    CSRF_FIELD,
    check_login_csrf,
    client_address,
    offer_login_form,
    read_form,
    refuse_login_without_cookie,
    set_login_cookie,
    set_session_cookie,
)


def safe_next(target: str | None) -> str:
    """Only a path on this site: never `//elsewhere` or `https://elsewhere`."""
    if not target or not target.startswith("/") or target.startswith(("//", "/\\")):
        return "/"
    return target


def router(context: WebContext, templates: Jinja2Templates) -> APIRouter:
    routes = APIRouter()

    def form(request: Request, error: str | None, next_path: str, status: int = 200) -> Response:
        offer_login_form(request, context.secret_key)
        response = templates.TemplateResponse(
            request,
            "login.html",
            {
                "error": error,
                "next": safe_next(next_path),
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

    @routes.get("/favicon.ico")
    def favicon() -> Response:
        # Browsers ask for it on pages without a <link rel="icon">, such as the raw text view.
        """The site's icon (public)."""
        return FileResponse(resource_dir("static") / "favicon.svg", media_type="image/svg+xml")

    @routes.get("/login")
    def login_page(request: Request, next: str = "/") -> Response:
        """The login form (public); while no account exists it says how to make the first one."""
        return form(request, None, next)

    @routes.post("/login")
    async def log_in(request: Request) -> Response:
        """Checks a user's name and password and starts a session (public; locked out after repeated
        failures)."""
        refuse_login_without_cookie(request)
        submitted = await read_form(request)
        name = str(submitted.get("name", "")).strip()
        password = str(submitted.get("password", ""))
        next_path = safe_next(str(submitted.get("next", "/")))
        csrf = submitted.get(CSRF_FIELD)
        check_login_csrf(request, context.secret_key, csrf if isinstance(csrf, str) else None)
        address = client_address(request)
        try:
            account = await run_in_threadpool(
                auth.log_in, context.database, name, password, address
            )
        except AuthError as error:
            await run_in_threadpool(
                audit.record, context.database, name[: auth.MAXIMUM_NAME_LENGTH],
                AuditAction.login_failed, error.message, remote_address=address,
            )  # fmt: skip
            status = 429 if isinstance(error, auth.LockedOut) else 401
            return form(request, error.message, next_path, status)
        token, _ = await run_in_threadpool(auth.start_session, context.database, account, address)
        await run_in_threadpool(
            audit.record, context.database, account.name, AuditAction.login, remote_address=address
        )
        response = RedirectResponse(next_path, status_code=303)
        set_session_cookie(response, token, context.https)
        return response

    return routes
