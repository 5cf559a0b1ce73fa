"""Who is asking, and may they: sessions, API tokens, CSRF and the security headers.

Every route except the login form and the static files sits behind `authenticate`, put on
the router as a whole (see app.py), so a new route cannot forget it; a test walks the
app's routes to prove it. A browser proves itself with a signed session cookie and, for
anything that changes state, the session's CSRF token (form field or X-CSRF-Token header);
a script sends `Authorization: Bearer <token>` and needs no CSRF token, since the browser
never adds that header by itself.
"""

from __future__ import annotations

import hmac
import secrets
from typing import Any

from sqlalchemy import Engine
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from docvault import auth
from docvault.errors import AuthError

SESSION_USER = "user_id"
SESSION_STAMP = "password_changed_at"
SESSION_CSRF = "csrf"
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "x-csrf-token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)


class LoginRequired(AuthError):
    """Nobody is logged in (or the session ended): the login page, or 401 for the API."""


class CsrfRejected(AuthError):
    """A state-changing request came without this session's CSRF token."""


def csrf_token(request: Request) -> str:
    """This session's CSRF token, made on first use."""
    token = request.session.get(SESSION_CSRF)
    if not isinstance(token, str):
        token = secrets.token_urlsafe(32)
        request.session[SESSION_CSRF] = token
    return token


def check_csrf_value(request: Request, sent: str | None) -> None:
    expected = request.session.get(SESSION_CSRF)
    if not isinstance(expected, str) or not sent or not hmac.compare_digest(expected, sent):
        raise CsrfRejected(
            "The form was too old or did not come from this site. Reload the page and try again."
        )


def client_address(request: Request) -> str:
    return request.client.host if request.client else ""


def start_session(request: Request, account: auth.Account) -> None:
    """A fresh session for the account (a new CSRF token too: no session fixation)."""
    request.session.clear()
    request.session[SESSION_USER] = account.id
    request.session[SESSION_STAMP] = account.password_changed_at.isoformat()
    csrf_token(request)


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def _session_account(database: Engine, request: Request) -> auth.Account | None:
    user_id = request.session.get(SESSION_USER)
    if not isinstance(user_id, int):
        return None
    account = auth.get_account(database, user_id)
    # A removed user, or a password changed since this session began, ends the session.
    if account is None or account.password_changed_at.isoformat() != request.session.get(
        SESSION_STAMP
    ):
        request.session.clear()
        return None
    return account


def identify(database: Engine, request: Request) -> auth.Account:
    """The logged-in account (session or API token); LoginRequired otherwise."""
    token = _bearer(request)
    if token is not None:
        account = auth.account_for_token(database, token)
        if account is None:
            raise LoginRequired("The API token is unknown or revoked; create a new one.")
        request.state.via_token = True
    else:
        account = _session_account(database, request)
        if account is None:
            raise LoginRequired("Please log in.")
        request.state.via_token = False
    request.state.account = account
    return account


async def enforce_csrf(request: Request) -> None:
    """State-changing browser requests must carry the session's CSRF token."""
    if request.method in SAFE_METHODS or getattr(request.state, "via_token", False):
        return
    sent = request.headers.get(CSRF_HEADER)
    if sent is None and request.headers.get("content-type", "").startswith(
        ("application/x-www-form-urlencoded", "multipart/form-data")
    ):
        value = (await request.form()).get(CSRF_FIELD)
        sent = value if isinstance(value, str) else None
    check_csrf_value(request, sent)


def current_account(request: Request) -> auth.Account:
    account = getattr(request.state, "account", None)
    if not isinstance(account, auth.Account):
        raise LoginRequired("Please log in.")
    return account


def require_admin(request: Request) -> auth.Account:
    account = current_account(request)
    if not account.is_admin:
        raise AuthError(
            "Only administrators may see this page; ask one to run "
            f"`docvault user add {account.name} --admin` if you need it."
        )
    return account


class SecurityHeaders:
    """Adds the security headers to every response (pure ASGI, so streaming is untouched)."""

    def __init__(self, app: ASGIApp, https: bool) -> None:
        self.app = app
        self.https = https

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        is_static = str(scope.get("path", "")).startswith("/static/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers: list[Any] = list(message.get("headers", []))
                headers.extend(self._headers(is_static))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def _headers(self, is_static: bool) -> list[tuple[bytes, bytes]]:
        headers = [
            (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
            (b"x-content-type-options", b"nosniff"),
            (b"x-frame-options", b"DENY"),
            (b"referrer-policy", b"no-referrer"),
            (b"cross-origin-opener-policy", b"same-origin"),
        ]
        if not is_static:
            # Medical records: no copy in the browser's or a proxy's cache.
            headers.append((b"cache-control", b"no-store"))
        if self.https:
            headers.append((b"strict-transport-security", b"max-age=31536000"))
        return headers
