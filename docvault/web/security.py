"""Who is asking, and may they: sessions, API tokens, CSRF and the security headers.

Every route except the login form, the site icon, the health probe and the static files
sits behind `authenticate`: the route table (web/routes.py) gives each route its access
rule, a new entry is logged in unless it says otherwise, and a test walks the app's routes
to prove it. A browser proves itself with a session cookie that holds only a random token;
the session itself (whose, since when, its CSRF token) is a row in the database, so
logging out, a password change, removing or disabling the user, and `docvault user logout
NAME` end it at once (issue 13: a signed cookie stayed valid for eight hours after logout).
Anything that changes state also needs the session's CSRF token (form field or
X-CSRF-Token header). A script sends `Authorization: Bearer <token>` and needs no CSRF
token, since the browser never adds that header by itself.

What a request may do is one rule (`permit`, in every access rule but the public one,
like `authenticate`): reading needs a token's `read` scope (or `metrics` for /metrics), and
any request that changes state needs `rerun`, so a read-only token can change nothing, on any
route a later change adds too (issue 25: rotate had no check of its own). Bodies are
bounded before anything reads them (`BodyLimit`), and forms are parsed without files.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine
from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from docvault import auth
from docvault.audit import AuditVia
from docvault.errors import AuthError, RequestTooLarge

SESSION_COOKIE = "docvault_session"
# Before login there is no session to hold the login form's CSRF token: the form carries
# an HMAC of a random value kept in this cookie, so another site can neither read nor forge it.
LOGIN_COOKIE = "docvault_login"
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "x-csrf-token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# The largest form the web view sends: the problem list's re-run of 500 pages, each with
# its checkbox and its mode, plus a few fields of its own.
MAX_FORM_FIELDS = 1100

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


def _same_token(expected: str, sent: str | None) -> bool:
    """Whether the token sent is the one expected, compared in constant time as bytes:
    compare_digest refuses str with non-ASCII characters (a TypeError, a 500 for a login
    form posted with csrf_token=é: tests/web/test_web_schemathesis.py, issue 29)."""
    if not expected or not sent:
        return False
    return hmac.compare_digest(expected.encode(), sent.encode("utf-8", "surrogateescape"))


def check_csrf_value(request: Request, sent: str | None) -> None:
    if not _same_token(csrf_token(request), sent):
        raise CsrfRejected(_CSRF_MESSAGE)


def _login_csrf_of(secret_key: bytes, nonce: str) -> str:
    return hmac.new(secret_key, nonce.encode(), hashlib.sha256).hexdigest()


def offer_login_form(request: Request, secret_key: bytes) -> str:
    """The login form's CSRF token; the nonce behind it goes into the login cookie."""
    nonce = request.cookies.get(LOGIN_COOKIE) or secrets.token_urlsafe(32)
    request.state.login_nonce = nonce
    request.state.login_csrf = _login_csrf_of(secret_key, nonce)
    return str(request.state.login_csrf)


def refuse_login_without_cookie(request: Request) -> None:
    """A login post without the login form's cookie can never pass its CSRF check: refused
    before a byte of its body is read (an anonymous visitor's body is read only when it
    comes from the form)."""
    if not request.cookies.get(LOGIN_COOKIE):
        raise CsrfRejected(_CSRF_MESSAGE)


def check_login_csrf(request: Request, secret_key: bytes, sent: str | None) -> None:
    nonce = request.cookies.get(LOGIN_COOKIE)
    expected = _login_csrf_of(secret_key, nonce) if nonce else ""
    if not _same_token(expected, sent):
        raise CsrfRejected(_CSRF_MESSAGE)


def set_login_cookie(request: Request, response: Response, https: bool) -> None:
    nonce = getattr(request.state, "login_nonce", None)
    if isinstance(nonce, str):
        response.set_cookie(
            LOGIN_COOKIE, nonce, path="/login", httponly=True, samesite="lax", secure=https
        )


def client_address(request: Request) -> str:
    return request.client.host if request.client else ""


def audit_via(request: Request) -> AuditVia:
    """Through which door a logged-in request came, as its audit rows say it."""
    return AuditVia.token if getattr(request.state, "via_token", False) else AuditVia.browser


def set_session_cookie(response: Response, token: str, https: bool) -> None:
    """The cookie holds the random token only; it ends with the browser, the row sooner."""
    response.set_cookie(
        SESSION_COOKIE, token, path="/", httponly=True, samesite="lax", secure=https
    )
    response.delete_cookie(LOGIN_COOKIE, path="/login")


def clear_session_cookie(response: Response, https: bool) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax", secure=https)


# Sent by the page's own refreshes (static/docvault.js): they keep no session alive.
LIVE_HEADER = "x-docvault-live"


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
        touch = LIVE_HEADER not in request.headers
        session = auth.session_for(database, cookie, policy, touch=touch) if cookie else None
        if session is None:
            raise LoginRequired("Please log in.")
        request.state.via_token = False
        request.state.session = session
        account = session.account
    request.state.account = account
    return account


async def read_form(request: Request) -> FormData:
    """The request's form, without files: no route of the web view takes an upload, so a
    file part is refused (400) instead of being spooled to the temporary folder (issue 25:
    300 MB sent anonymously to /login took 299 MB of it before the CSRF check). Starlette
    keeps the first parse, so a handler's later `request.form()` gets this one."""
    try:
        return await request.form(max_files=0, max_fields=MAX_FORM_FIELDS)
    except HTTPException as error:
        raise HTTPException(
            400,
            f"The form could not be read ({error.detail}): docvault's forms take no files "
            f"and at most {MAX_FORM_FIELDS} fields. Reload the page and send it again.",
        ) from None


async def enforce_csrf(request: Request) -> None:
    """State-changing browser requests must carry the session's CSRF token."""
    if request.method in SAFE_METHODS or getattr(request.state, "via_token", False):
        return
    sent = request.headers.get(CSRF_HEADER)
    if sent is None and request.headers.get("content-type", "").startswith(
        ("application/x-www-form-urlencoded", "multipart/form-data")
    ):
        value = (await read_form(request)).get(CSRF_FIELD)
        sent = value if isinstance(value, str) else None
    check_csrf_value(request, sent)


@dataclass(frozen=True)
class ScopeRule:
    """The one rule of what a request may do, on every route of an access rule: a read (GET,
    HEAD) needs `reading`; anything else changes state and needs `rerun`, whatever the
    route. What
    only administrators may do (done pages, unlocking, the audit log) is checked on top.
    A class rather than a closure so that the route reference can read `reading`."""

    reading: auth.TokenScope

    def needed(self, method: str) -> auth.TokenScope:
        return auth.TokenScope.rerun if method not in SAFE_METHODS else self.reading

    def __call__(self, request: Request) -> None:
        require_scope(request, self.needed(request.method))


def permit(reading: auth.TokenScope) -> ScopeRule:
    """The dependency the routes of an access rule share: reads need `reading`, changes
    `rerun`."""
    return ScopeRule(reading)


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


def require_admin(request: Request, refusal: str | None = None) -> auth.Account:
    """The administrator asking (session, or token with the admin scope); AuthError with
    `refusal` (or a sentence about seeing the page) for anyone else."""
    account = current_account(request)
    require_scope(request, auth.TokenScope.admin)
    if not account.is_admin:
        raise AuthError(
            refusal
            or "Only administrators may see this page; ask one to run "
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


class BodyLimit:
    """Refuses a request body over `limit` bytes before the app reads more of it (pure ASGI).

    A declared Content-Length over the limit gets 413 at once, unread; a streamed (chunked)
    body is counted as it arrives and cut at the limit, and whatever the app was answering
    becomes the same 413. The answer closes the connection, so the rest is never read.
    """

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _declared_length(scope)
        if declared is not None and declared > self.limit:
            await self._refuse(scope, send, declared)
            return
        received = 0
        cut = answered = False

        async def counted() -> Message:
            nonlocal received, cut
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    cut = True
                    raise RequestTooLarge(self.message(None))
            return message

        async def guarded(message: Message) -> None:
            nonlocal answered
            if not cut:
                await send(message)
            elif message["type"] == "http.response.start" and not answered:
                answered = True
                await self._refuse(scope, send, None)

        try:
            await self.app(scope, counted, guarded)
        except RequestTooLarge:
            if not answered:
                await self._refuse(scope, send, None)

    def message(self, declared: int | None) -> str:
        size = f"of {declared:,} bytes " if declared is not None else ""
        return (
            f"The request {size}is larger than the {self.limit:,} bytes the web view accepts "
            "(web_max_request_bytes); nothing of it was kept. Forms and the API need far "
            "less: send fewer page ids at a time."
        )

    async def _refuse(self, scope: Scope, send: Send, declared: int | None) -> None:
        title, message = "The request is too large", self.message(declared)
        if str(scope.get("path", "")).startswith(("/api/", "/metrics")):
            body = json.dumps({"error": title, "message": message}).encode()
            media_type = b"application/json"
        else:
            # The message is ours, with nothing of the request in it: no escaping needed.
            page = f"<!doctype html><title>{title}</title><h1>{title}</h1><p>{message}</p>"
            body = page.encode()
            media_type = b"text/html; charset=utf-8"
        headers = [
            (b"content-type", media_type),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
        ]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def _declared_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name == b"content-length" and value.strip().isdigit():
            return int(value)
    return None


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
