"""Users, passwords, API tokens and the login lock-out, kept in the database.

Passwords are stored as argon2id hashes (argon2-cffi's defaults, RFC 9106's low-memory
profile). API tokens are random (256 bits) and only their sha256 is stored: a stolen
database does not give working tokens. Repeated failed logins lock the account name (and,
separately, the address they come from) for a while, so a password cannot be guessed by
trying many.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import Engine, delete, func
from sqlmodel import Session, col, select

from docvault.db import read_session, write_transaction
from docvault.errors import AuthError
from docvault.models import ApiToken, LoginFailure, User, utcnow

MINIMUM_PASSWORD_LENGTH = 10
# Five wrong passwords within fifteen minutes lock the name until the oldest of them is
# fifteen minutes old: a person who mistypes gets five tries, a guesser about 480 a day.
FAILURES_PER_NAME = 5
# An address may fail more often (several staff behind one NAT), but not endlessly.
FAILURES_PER_ADDRESS = 20
FAILURE_WINDOW = timedelta(minutes=15)
TOKEN_PREFIX = "dv_"  # noqa: S105 - a visible prefix, not a secret

# argon2-cffi's defaults (RFC 9106 low-memory profile: 64 MiB, 3 passes): about 0.3 s per
# login on a 2-core clinic server, slow enough against guessing, quick enough to log in.
DEFAULT_HASHER = PasswordHasher()
_hasher = DEFAULT_HASHER
# Verified against when the name is unknown, so that a wrong name costs as long as a
# wrong password and the answer time does not tell which names exist.
_UNKNOWN_USER_HASH = _hasher.hash(secrets.token_urlsafe(16))


class LockedOut(AuthError):
    """Too many failed logins for this name or from this address, recently."""


@dataclass(frozen=True)
class Account:
    """A logged-in person as the web view sees them."""

    id: int
    name: str
    is_admin: bool
    password_changed_at: datetime


def _account(user: User) -> Account:
    assert user.id is not None
    return Account(user.id, user.name, user.is_admin, user.password_changed_at)


def _check_name(name: str) -> str:
    cleaned = name.strip()
    if not cleaned or len(cleaned) > 64 or any(character.isspace() for character in cleaned):
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
    """Change a password; sessions made with the old one end and the lock-out is lifted."""
    _check_password(password)
    with write_transaction(database) as session:
        user = _existing_user(session, name)
        user.password_hash = _hasher.hash(password)
        user.password_changed_at = utcnow()
        session.add(user)
        session.exec(delete(LoginFailure).where(col(LoginFailure.user_name) == name))


def remove_user(database: Engine, name: str) -> None:
    """Remove a user and their API tokens; their sessions stop working at once."""
    with write_transaction(database) as session:
        user = _existing_user(session, name)
        session.exec(delete(ApiToken).where(col(ApiToken.user_id) == user.id))
        session.delete(user)


def list_users(database: Engine) -> list[Account]:
    with read_session(database) as session:
        return [_account(user) for user in session.exec(select(User).order_by(col(User.name)))]


def get_account(database: Engine, user_id: int) -> Account | None:
    with read_session(database) as session:
        user = session.get(User, user_id)
        return _account(user) if user is not None else None


def _recent_failures(database: Engine, column: str, value: str, now: datetime) -> list[datetime]:
    with read_session(database) as session:
        rows = session.exec(
            select(LoginFailure.at)
            .where(getattr(LoginFailure, column) == value)
            .where(col(LoginFailure.at) > now - FAILURE_WINDOW)
            .order_by(col(LoginFailure.at))
        ).all()
    return list(rows)


def locked_until(database: Engine, name: str, address: str, now: datetime) -> datetime | None:
    """When logins for this name (or from this address) are allowed again, if now they are not."""
    for column, value, limit in (
        ("user_name", name, FAILURES_PER_NAME),
        ("remote_address", address, FAILURES_PER_ADDRESS),
    ):
        failures = _recent_failures(database, column, value, now)
        if len(failures) >= limit:
            return failures[-limit] + FAILURE_WINDOW
    return None


def _record_failure(database: Engine, name: str, address: str, now: datetime) -> None:
    with write_transaction(database) as session:
        session.add(LoginFailure(user_name=name, remote_address=address, at=now))
        # Old failures no longer count; dropping them keeps the table small.
        session.exec(delete(LoginFailure).where(col(LoginFailure.at) < now - FAILURE_WINDOW))


def log_in(database: Engine, name: str, password: str, address: str) -> Account:
    """The account for a correct name and password; AuthError otherwise or while locked."""
    now = utcnow()
    until = locked_until(database, name, address, now)
    if until is not None:
        minutes = max(1, int((until - now).total_seconds() // 60) + 1)
        raise LockedOut(
            f"Too many failed logins: try again in {minutes} minute(s), or ask an "
            "administrator to set a new password with `docvault user passwd`."
        )
    with read_session(database) as session:
        user = session.exec(select(User).where(User.name == name)).first()
    if not _password_matches(user.password_hash if user else _UNKNOWN_USER_HASH, password):
        _record_failure(database, name, address, now)
        raise AuthError("The user name or the password is wrong.")
    assert user is not None
    with write_transaction(database) as session:
        session.exec(delete(LoginFailure).where(col(LoginFailure.user_name) == name))
    return _account(user)


def _password_matches(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


# ----------------------------------------------------------------------------- API tokens


@dataclass(frozen=True)
class TokenInfo:
    """An API token as `docvault user token list` shows it (never the token itself)."""

    id: int
    user_name: str
    label: str
    created_at: datetime
    last_used_at: datetime | None
    revoked: bool


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def create_token(database: Engine, name: str, label: str = "") -> str:
    """A new API token for the user; it is shown once and only its hash is kept."""
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    with write_transaction(database) as session:
        user = _existing_user(session, name)
        assert user.id is not None
        session.add(ApiToken(user_id=user.id, label=label, token_sha256=_digest(token)))
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
            created_at=token.created_at,
            last_used_at=token.last_used_at,
            revoked=token.revoked_at is not None,
        )
        for token, user_name in rows
    ]


def account_for_token(database: Engine, token: str) -> Account | None:
    """The account an active API token belongs to, or None; notes when it was last used."""
    if not token.startswith(TOKEN_PREFIX):
        return None
    with write_transaction(database) as session:
        row = session.exec(
            select(ApiToken, User)
            .join(User, col(User.id) == col(ApiToken.user_id))
            .where(ApiToken.token_sha256 == _digest(token))
            .where(col(ApiToken.revoked_at).is_(None))
        ).first()
        if row is None:
            return None
        api_token, user = row
        api_token.last_used_at = utcnow()
        session.add(api_token)
        return _account(user)


def failure_count(database: Engine) -> int:
    """Failed logins inside the lock-out window (for tests and the status page)."""
    with read_session(database) as session:
        return int(
            session.exec(
                select(func.count())
                .select_from(LoginFailure)
                .where(col(LoginFailure.at) > utcnow() - FAILURE_WINDOW)
            ).one()
        )
