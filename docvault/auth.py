"""Users, passwords, sessions, API tokens and the login lock-out, kept in the database.

Passwords are stored as argon2id hashes (argon2-cffi's defaults, RFC 9106's low-memory
profile). API tokens and session tokens are random (256 bits) and only their sha256 is
stored: a stolen database does not give working tokens.

The lock-out (issue 13): every login attempt is counted *before* its password is checked,
in one write transaction under a per-name lock, so parallel guesses cannot all slip in
while the first is still being checked. Failures lock the pair (name, address) and, with a
higher limit, the address; failures of one name from anywhere slow further tries of that
name down, except from addresses this name has logged in from before (the owner's own
workstation), so nobody can lock another person out just by knowing their name.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import secrets
import threading
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import Engine, delete, update
from sqlmodel import Session, col, select

from docvault.db import read_session, write_transaction
from docvault.errors import AuthError, ServerFault
from docvault.models import ApiToken, AuditEvent, LoginFailure, User, WebSession, utcnow
from docvault.runtime import Throttle, Try

logger = logging.getLogger(__name__)

MINIMUM_PASSWORD_LENGTH = 10
MAXIMUM_NAME_LENGTH = 64
# Five wrong passwords within fifteen minutes lock the name *from that address* until the
# oldest of them is fifteen minutes old: a person who mistypes gets five tries, a guesser
# at one address about 480 a day.
FAILURES_PER_NAME = 5
# An address may fail more often (several staff behind one NAT), but not endlessly.
FAILURES_PER_ADDRESS = 20
FAILURE_WINDOW = timedelta(minutes=15)
# A session or a failed login stamped later than now by more than this was stamped before
# the clock was set back (by hand, or NTP stepping a clock that ran fast): its age cannot
# be told. Less is NTP nudging a clock, or two threads' clocks read a moment apart.
CLOCK_SET_BACK = timedelta(minutes=1)
# How long a note of a session's or a token's last use waits for the database's write lock
# before it is left for the next request: a page must not hang on a bookkeeping write.
NOTE_WAIT_SECONDS = 1.0
# Beyond FAILURES_PER_NAME failures of one name from anywhere, each further try of that
# name from an unknown address waits 2, 4, 8 ... seconds after the last failure, at most
# SLOWDOWN_LIMIT: many addresses together get about 1,400 guesses a day instead of millions.
SLOWDOWN_LIMIT = timedelta(minutes=1)
# The lock-outs (a name at an address, an address), and the slow-down from unknown places.
LOCKS = (
    ({"user_name", "remote_address"}, Throttle(FAILURE_WINDOW.total_seconds(), FAILURES_PER_NAME)),
    ({"remote_address"}, Throttle(FAILURE_WINDOW.total_seconds(), FAILURES_PER_ADDRESS)),
)
SLOWDOWN = Throttle(
    FAILURE_WINDOW.total_seconds(),
    FAILURES_PER_NAME,
    first_wait_seconds=2.0,
    longest_wait_seconds=SLOWDOWN_LIMIT.total_seconds(),
)
# An address the name logged in from within this time is the owner's workstation: it is
# never slowed down by other addresses' failures.
KNOWN_ADDRESS_DAYS = 90
# Attempts for one name wait for each other here (a fixed number of locks: a flood of
# invented names cannot grow memory); the write transaction orders other processes.
_NAME_LOCKS = tuple(threading.Lock() for _ in range(64))
WRONG_NAME_OR_PASSWORD = "The user name or the password is wrong."  # noqa: S105 - a sentence
TOKEN_PREFIX = "dv_"  # noqa: S105 - a visible prefix, not a secret

# argon2-cffi's defaults (RFC 9106 low-memory profile: 64 MiB, 3 passes): about 0.3 s per
# login on a 2-core clinic server, slow enough against guessing, quick enough to log in.
DEFAULT_HASHER = PasswordHasher()
_hasher = DEFAULT_HASHER


@functools.cache
def _unknown_user_hash() -> str:
    """Verified against when the name is unknown, so that a wrong name costs as long as a
    wrong password and the answer time does not tell which names exist. Made on first use,
    not at import: every command imports this module, and a hash takes 0.1-0.3 s."""
    return _hasher.hash(secrets.token_urlsafe(16))


class LockedOut(AuthError):
    """Too many failed logins for this name or from this address, recently."""


@dataclass(frozen=True)
class Account:
    """A logged-in person as the web view sees them."""

    id: int
    name: str
    is_admin: bool


def _account(user: User) -> Account:
    assert user.id is not None
    return Account(user.id, user.name, user.is_admin)


def _check_name(name: str) -> str:
    cleaned = name.strip()
    if (
        not cleaned
        or len(cleaned) > MAXIMUM_NAME_LENGTH
        or any(character.isspace() for character in cleaned)
    ):
        raise AuthError(
            f"The user name {name!r} cannot be used: give 1 to 64 characters without spaces."
        )
    return cleaned


def _check_password(password: str) -> None:
    if len(password) < MINIMUM_PASSWORD_LENGTH:
        raise AuthError(
            f"The password is too short: use at least {MINIMUM_PASSWORD_LENGTH} characters "
            "(a few words in a row are easy to remember and hard to guess)."
        )


def add_user(
    database: Engine,
    name: str,
    password: str,
    is_admin: bool = False,
    hasher: PasswordHasher = DEFAULT_HASHER,
) -> Account:
    """Create a user; raise AuthError if the name is taken or the password too short.

    `hasher` sets the argon2 cost; verifying reads the cost from the stored hash.
    """
    name = _check_name(name)
    _check_password(password)
    with write_transaction(database) as session:
        if session.exec(select(User.id).where(User.name == name)).first() is not None:
            raise AuthError(
                f"The user {name!r} already exists; use `docvault user passwd {name}` to "
                "change their password."
            )
        user = User(name=name, password_hash=hasher.hash(password), is_admin=is_admin)
        session.add(user)
        session.flush()
        return _account(user)


def _existing_user(session: Session, name: str) -> User:
    user = session.exec(select(User).where(User.name == name)).first()
    if user is None:
        raise AuthError(f"There is no user {name!r}; `docvault user list` shows who there is.")
    return user


def set_password(database: Engine, name: str, password: str) -> None:
    """Change a password; the user's sessions end and the lock-out is lifted."""
    _check_password(password)
    with write_transaction(database) as session:
        user = _existing_user(session, name)
        user.password_hash = _hasher.hash(password)
        user.password_changed_at = utcnow()
        session.add(user)
        session.exec(delete(LoginFailure).where(col(LoginFailure.user_name) == name))
        session.exec(delete(WebSession).where(col(WebSession.user_id) == user.id))


def remove_user(database: Engine, name: str) -> None:
    """Remove a user, their API tokens and their sessions (which end at once)."""
    with write_transaction(database) as session:
        user = _existing_user(session, name)
        session.exec(delete(ApiToken).where(col(ApiToken.user_id) == user.id))
        session.exec(delete(WebSession).where(col(WebSession.user_id) == user.id))
        session.delete(user)


def set_disabled(database: Engine, name: str, disabled: bool) -> None:
    """Disable a user (no login, sessions end, tokens stop working) or enable them again."""
    with write_transaction(database) as session:
        user = _existing_user(session, name)
        user.disabled = disabled
        session.add(user)
        if disabled:
            session.exec(delete(WebSession).where(col(WebSession.user_id) == user.id))


def end_sessions(database: Engine, name: str) -> int:
    """End every session of the user at once (`docvault user logout NAME`); how many."""
    with write_transaction(database) as session:
        user = _existing_user(session, name)
        ended = session.exec(select(WebSession.id).where(WebSession.user_id == user.id)).all()
        session.exec(delete(WebSession).where(col(WebSession.user_id) == user.id))
        return len(ended)


def list_users(database: Engine) -> list[Account]:
    with read_session(database) as session:
        return [_account(user) for user in session.exec(select(User).order_by(col(User.name)))]


def has_accounts(database: Engine) -> bool:
    """Whether anyone at all can log in yet (a fresh install has no account)."""
    with read_session(database) as session:
        return session.exec(select(User.id).limit(1)).first() is not None


# ----------------------------------------------------------------------------- sessions


@dataclass(frozen=True)
class SessionPolicy:
    """How long a browser's login lasts: idle time, and a limit however busy it is."""

    idle: timedelta = timedelta(minutes=30)
    lifetime: timedelta = timedelta(hours=12)


@dataclass(frozen=True)
class SessionInfo:
    """A live session: whose it is, and its CSRF token (kept on the server only)."""

    account: Account
    csrf_token: str


# A session's last use is written at most this often: one write per click would queue
# every page view behind the worker's transactions for an idle-time precision nobody needs.
_TOUCH_INTERVAL = timedelta(seconds=30)
_TOKEN_TOUCH_INTERVAL = timedelta(minutes=1)


def start_session(database: Engine, account: Account, address: str) -> tuple[str, SessionInfo]:
    """A new session: (the token for the cookie, what the server keeps about it)."""
    token = secrets.token_urlsafe(32)
    csrf = secrets.token_urlsafe(32)
    with write_transaction(database) as session:
        session.add(
            WebSession(
                token_sha256=_digest(token),
                user_id=account.id,
                csrf_token=csrf,
                remote_address=address,
            )
        )
    return token, SessionInfo(account, csrf)


def session_for(
    database: Engine,
    token: str,
    policy: SessionPolicy,
    now: datetime | None = None,
    touch: bool = True,
) -> SessionInfo | None:
    """The live session a cookie's token names, or None (unknown, ended, idle, too old).

    Read without the write lock; only an expired session's removal and the occasional
    note of its last use write. ``touch=False``: a request the page made by itself (the
    lists refreshing themselves) is no use, so an open tab nobody looks at still ends.
    """
    now = now or utcnow()
    with read_session(database) as session:
        row = session.exec(
            select(WebSession, User)
            .join(User, col(User.id) == col(WebSession.user_id))
            .where(WebSession.token_sha256 == _digest(token))
        ).first()
    if row is None:
        return None
    web_session, user = row
    created, last_seen = _aware(web_session.created_at), _aware(web_session.last_seen_at)
    idle = now - last_seen
    if (
        idle > policy.idle
        or now - created > policy.lifetime
        or max(created, last_seen) - now > CLOCK_SET_BACK  # ends, rather than lasting longer
        or user.disabled
    ):
        _noted("the end of a session", lambda: end_session(database, token, NOTE_WAIT_SECONDS))
        return None
    if touch and idle > _TOUCH_INTERVAL:
        _noted("a session's last use", lambda: _touch_session(database, web_session.id, now))
    return SessionInfo(_account(user), web_session.csrf_token)


def _touch_session(database: Engine, session_id: int | None, now: datetime) -> None:
    with write_transaction(database, NOTE_WAIT_SECONDS) as session:
        session.exec(
            update(WebSession).where(col(WebSession.id) == session_id).values(last_seen_at=now)
        )


def _noted(what: str, write: Callable[[], None]) -> None:
    """A bookkeeping write that a database which cannot be written (full, read-only, locked
    by another program) must not turn into a failed page: it is left for the next request."""
    try:
        write()
    except ServerFault as fault:
        logger.warning("%s is not noted now: %s", what, fault.message)


def end_session(database: Engine, token: str, wait_seconds: float | None = None) -> None:
    with write_transaction(database, wait_seconds) as session:
        session.exec(delete(WebSession).where(col(WebSession.token_sha256) == _digest(token)))


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _failures(session: Session, now: datetime, **match: str) -> list[datetime]:
    # A failure stamped in the future was counted before the clock was set back: it must not
    # lock the name out for as long as the jump.
    statement = (
        select(LoginFailure.at)
        .where(col(LoginFailure.at) > now - FAILURE_WINDOW)
        .where(col(LoginFailure.at) <= now + CLOCK_SET_BACK)
    )
    for column, value in match.items():
        statement = statement.where(getattr(LoginFailure, column) == value)
    return list(session.exec(statement.order_by(col(LoginFailure.at))).all())


def _known_address(session: Session, name: str, address: str, now: datetime) -> bool:
    since = now - timedelta(days=KNOWN_ADDRESS_DAYS)
    return (
        session.exec(
            select(AuditEvent.id)
            .where(AuditEvent.user_name == name)
            .where(AuditEvent.action == "login")
            .where(AuditEvent.remote_address == address)
            .where(col(AuditEvent.at) > since)
            .limit(1)
        ).first()
        is not None
    )


def _tries(failures: list[datetime]) -> list[Try]:
    return [(_aware(moment).timestamp(), 1) for moment in failures]


def _refusal(session: Session, name: str, address: str, now: datetime) -> LockedOut | None:
    """Why this attempt may not be checked now, or None."""
    asked = {"user_name": name, "remote_address": address}
    for columns, throttle in LOCKS:
        failures = _failures(session, now, **{column: asked[column] for column in columns})
        wait = throttle.wait(_tries(failures), now.timestamp())
        if wait > 0:
            return LockedOut(
                f"Too many failed logins: try again in {max(1, int(wait // 60) + 1)} "
                "minute(s), or ask an administrator to run `docvault user unlock` or set a new "
                "password with `docvault user passwd`."
            )
    wait = SLOWDOWN.wait(_tries(_failures(session, now, user_name=name)), now.timestamp())
    if wait > 0 and not _known_address(session, name, address, now):
        return LockedOut(
            f"This name had many failed logins from other places: try again in "
            f"{int(wait) + 1} second(s). From a workstation it logged in from before, it "
            "works at once."
        )
    return None


def _count_attempt(database: Engine, name: str, address: str, now: datetime) -> int:
    """Refuse (LockedOut) or count the attempt as a failure until it proves otherwise."""
    name_lock = _NAME_LOCKS[zlib.crc32(name.encode()) % len(_NAME_LOCKS)]
    with name_lock, write_transaction(database) as session:
        refusal = _refusal(session, name, address, now)
        if refusal is not None:
            raise refusal
        attempt = LoginFailure(user_name=name, remote_address=address, at=now)
        session.add(attempt)
        # Old failures no longer count; dropping them keeps the table small.
        session.exec(delete(LoginFailure).where(col(LoginFailure.at) < now - FAILURE_WINDOW))
        session.flush()
        assert attempt.id is not None
        return attempt.id


def log_in(
    database: Engine, name: str, password: str, address: str, now: datetime | None = None
) -> Account:
    """The account for a correct name and password; AuthError otherwise or while locked."""
    now = now or utcnow()
    if len(name) > MAXIMUM_NAME_LENGTH:
        # No such name can exist (see _check_name); kept out of the tables and the log.
        raise AuthError(WRONG_NAME_OR_PASSWORD)
    # Made before the name is looked up: the first login costs the same for any name.
    unknown_user_hash = _unknown_user_hash()
    attempt_id = _count_attempt(database, name, address, now)
    with read_session(database) as session:
        user = session.exec(select(User).where(User.name == name)).first()
    matches = _password_matches(user.password_hash if user else unknown_user_hash, password)
    # A disabled account answers like a wrong password, after the same argon2 check, and
    # the try stays counted (issue 25: its own answer told a right password from a wrong
    # one, uncounted); whoever disabled it tells its owner, not the login form.
    if not matches or user is None or user.disabled:
        raise AuthError(WRONG_NAME_OR_PASSWORD)
    with write_transaction(database) as session:
        session.exec(delete(LoginFailure).where(col(LoginFailure.id) == attempt_id))
        session.exec(
            delete(LoginFailure)
            .where(col(LoginFailure.user_name) == name)
            .where(col(LoginFailure.remote_address) == address)
        )
    return _account(user)


def unlock(database: Engine, name: str) -> int:
    """Forget the name's failed logins (`docvault user unlock NAME`); how many there were."""
    with write_transaction(database) as session:
        failures = session.exec(select(LoginFailure.id).where(LoginFailure.user_name == name))
        count = len(failures.all())
        session.exec(delete(LoginFailure).where(col(LoginFailure.user_name) == name))
        return count


def _password_matches(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


# ----------------------------------------------------------------------------- API tokens


class TokenScope(StrEnum):
    """What a token may do; each scope includes the ones before it."""

    metrics = "metrics"  # GET /metrics only (for Prometheus)
    read = "read"  # search and view documents, pages, images, originals
    rerun = "rerun"  # read, and ask for re-runs of incomplete, looped or failed pages
    admin = "admin"  # everything its user may do (audit log, re-running done pages)

    def allows(self, needed: TokenScope) -> bool:
        order = list(TokenScope)
        return order.index(self) >= order.index(needed)


@dataclass(frozen=True)
class TokenInfo:
    """An API token as `docvault user token list` shows it (never the token itself)."""

    id: int
    user_name: str
    label: str
    scope: str
    created_at: datetime
    expires_at: datetime | None
    last_used_at: datetime | None
    revoked: bool

    @property
    def state(self) -> str:
        if self.revoked:
            return "revoked"
        if self.expires_at is not None and _aware(self.expires_at) <= utcnow():
            return "expired"
        return "active"


@dataclass(frozen=True)
class TokenUse:
    """A request made with a valid token: whose, and what the token allows."""

    account: Account
    scope: TokenScope


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def create_token(
    database: Engine,
    name: str,
    label: str = "",
    scope: TokenScope = TokenScope.read,
    expires_at: datetime | None = None,
) -> str:
    """A new API token for the user; it is shown once and only its hash is kept."""
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    with write_transaction(database) as session:
        user = _existing_user(session, name)
        assert user.id is not None
        if scope == TokenScope.admin and not user.is_admin:
            raise AuthError(
                f"{name} is not an administrator, so their token cannot have the admin scope; "
                "choose metrics, read or rerun."
            )
        if expires_at is not None and _aware(expires_at) <= utcnow():
            raise AuthError("The expiry date is in the past; give a later date.")
        session.add(
            ApiToken(
                user_id=user.id,
                label=label,
                token_sha256=_digest(token),
                scope=scope.value,
                expires_at=expires_at,
            )
        )
    return token


def revoke_token(database: Engine, token_id: int) -> None:
    with write_transaction(database) as session:
        token = session.get(ApiToken, token_id)
        if token is None or token.revoked_at is not None:
            raise AuthError(
                f"There is no active API token with id {token_id}; "
                "`docvault user token list` shows them."
            )
        token.revoked_at = utcnow()
        session.add(token)


def list_tokens(database: Engine) -> list[TokenInfo]:
    with read_session(database) as session:
        rows = session.exec(
            select(ApiToken, User.name)
            .join(User, col(User.id) == col(ApiToken.user_id))
            .order_by(col(ApiToken.id))
        ).all()
    return [
        TokenInfo(
            id=token.id or 0,
            user_name=user_name,
            label=token.label,
            scope=token.scope,
            created_at=token.created_at,
            expires_at=token.expires_at,
            last_used_at=token.last_used_at,
            revoked=token.revoked_at is not None,
        )
        for token, user_name in rows
    ]


def token_use(database: Engine, token: str) -> TokenUse | None:
    """Whose an active API token is and its scope, or None (unknown, revoked, expired,
    its user disabled); notes when it was last used (to the minute: a scraper's every
    request need not take the write lock)."""
    if not token.startswith(TOKEN_PREFIX):
        return None
    now = utcnow()
    with read_session(database) as session:
        row = session.exec(
            select(ApiToken, User)
            .join(User, col(User.id) == col(ApiToken.user_id))
            .where(ApiToken.token_sha256 == _digest(token))
            .where(col(ApiToken.revoked_at).is_(None))
        ).first()
    if row is None:
        return None
    api_token, user = row
    expired = api_token.expires_at is not None and _aware(api_token.expires_at) <= now
    if expired or user.disabled or api_token.scope not in set(TokenScope):
        return None
    last = api_token.last_used_at
    if last is None or abs(now - _aware(last)) > _TOKEN_TOUCH_INTERVAL:
        _noted("a token's last use", lambda: _touch_token(database, api_token.id, now))
    return TokenUse(_account(user), TokenScope(api_token.scope))


def _touch_token(database: Engine, token_id: int | None, now: datetime) -> None:
    with write_transaction(database, NOTE_WAIT_SECONDS) as session:
        session.exec(update(ApiToken).where(col(ApiToken.id) == token_id).values(last_used_at=now))
