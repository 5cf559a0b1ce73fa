"""Who is asking, and may they: sessions, API tokens, CSRF and the security headers.

Every route except the login form and the static files sits behind `authenticate`, put on
the router as a whole (see app.py), so a new route cannot forget it; a test walks the
app's routes to prove it. A browser proves itself with a session cookie that holds only a
random token; the session itself (whose, since when, its CSRF token) is a row in the
database, so logging out, a password change, removing or disabling the user, and
`docvault user logout NAME` end it at once (issue 13: a signed cookie stayed valid for eight
hours after logout). Anything that changes state also needs the session's CSRF token (form
field or X-CSRF-Token header). A script sends `Authorization: Bearer <token>` and needs no
CSRF token, since the browser never adds that header by itself.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from sqlalchemy import Engine
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from docvault import auth
from docvault.errors import AuthError

SESSION_COOKIE = "docvault_session"
# Before login there is no session to hold the login form's CSRF token: the form carries
# an HMAC of a random value kept in this cookie, so another site can neither read nor forge it.
LOGIN_COOKIE = "docvault_login"
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


_CSRF_MESSAGE = (
    "The form was too old or did not come from this site. Reload the page and try again."
)


def csrf_token(request: Request) -> str:
    """This session's CSRF token (or, on the login form, the login form's)."""
    session = getattr(request.state, "session", None)
    if isinstance(session, auth.SessionInfo):
        return session.csrf_token
    return str(getattr(request.state, "login_csrf", ""))


def check_csrf_value(request: Request, sent: str | None) -> None:
    expected = csrf_token(request)
    if not expected or not sent or not hmac.compare_digest(expected, sent):
        raise CsrfRejected(_CSRF_MESSAGE)


def _login_csrf_of(secret_key: bytes, nonce: str) -> str:
    return hmac.new(secret_key, nonce.encode(), hashlib.sha256).hexdigest()


def offer_login_form(request: Request, secret_key: bytes) -> str:
    """The login form's CSRF token; the nonce behind it goes into the login cookie."""
    nonce = request.cookies.get(LOGIN_COOKIE) or secrets.token_urlsafe(32)
    request.state.login_nonce = nonce
    request.state.login_csrf = _login_csrf_of(secret_key, nonce)
    return str(request.state.login_csrf)


def check_login_csrf(request: Request, secret_key: bytes, sent: str | None) -> None:
    nonce = request.cookies.get(LOGIN_COOKIE)
    expected = _login_csrf_of(secret_key, nonce) if nonce else ""
    if not expected or not sent or not hmac.compare_digest(expected, sent):
        raise CsrfRejected(_CSRF_MESSAGE)


def set_login_cookie(request: Request, response: Response, https: bool) -> None:
    nonce = getattr(request.state, "login_nonce", None)
    if isinstance(nonce, str):
        response.set_cookie(
            LOGIN_COOKIE, nonce, path="/login", httponly=True, samesite="lax", secure=https
        )


def client_address(request: Request) -> str:
    return request.client.host if request.client else ""


def set_session_cookie(response: Response, token: str, https: bool) -> None:
    """The cookie holds the random token only; it ends with the browser, the row sooner."""
    response.set_cookie(
        SESSION_COOKIE, token, path="/", httponly=True, samesite="lax", secure=https
    )
    response.delete_cookie(LOGIN_COOKIE, path="/login")


def clear_session_cookie(response: Response, https: bool) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax", secure=https)


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def identify(database: Engine, policy: auth.SessionPolicy, request: Request) -> auth.Account:
    """The logged-in account (session or API token); LoginRequired otherwise."""
    token = _bearer(request)
    if token is not None:
        use = auth.token_use(database, token)
        if use is None:
            raise LoginRequired("The API token is unknown, revoked or expired; create a new one.")
        request.state.via_token = True
        request.state.scope = use.scope
        account = use.account
    else:
        cookie = request.cookies.get(SESSION_COOKIE)
        session = auth.session_for(database, cookie, policy) if cookie else None
        if session is None:
            raise LoginRequired("Please log in.")
        request.state.via_token = False
        request.state.session = session
        account = session.account
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


def require_scope(request: Request, needed: auth.TokenScope) -> None:
    """A token must have been given `needed` (a browser session has its user's rights)."""
    scope = getattr(request.state, "scope", None)
    if isinstance(scope, auth.TokenScope) and not scope.allows(needed):
        raise AuthError(
            f"This API token has the scope '{scope.value}', which does not allow this; "
            f"create one with `docvault user token create NAME --scope {needed.value}`."
        )


def require_admin(request: Request) -> auth.Account:
    account = current_account(request)
    require_scope(request, auth.TokenScope.admin)
    if not account.is_admin:
        raise AuthError(
            "Only administrators may see this page; ask one to run "
            f"`docvault user add {account.name} --admin` if you need it."
        )
    return account


def is_admin(request: Request) -> bool:
    """The request may see what only administrators see (server paths, the audit log)."""
    try:
        require_admin(request)
    except AuthError:
        return False
    return True


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
        return [
            (name.encode(), value.encode())
            for name, value in security_headers(self.https, is_static).items()
        ]


def security_headers(https: bool, is_static: bool = False) -> dict[str, str]:
    """The headers every response carries (the middleware's, and the 500 page's, which
    Starlette answers outside every middleware)."""
    headers = {
        "content-security-policy": CONTENT_SECURITY_POLICY,
        "x-content-type-options": "nosniff",
        "x-frame-options": "DENY",
        "referrer-policy": "no-referrer",
        "cross-origin-opener-policy": "same-origin",
    }
    if not is_static:
        # Medical records: no copy in the browser's or a proxy's cache.
        headers["cache-control"] = "no-store"
    if https:
        headers["strict-transport-security"] = "max-age=31536000"
    return headers
