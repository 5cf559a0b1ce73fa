"""The SQLite engine, sessions, write transactions and schema upgrades.

Every connection gets WAL (readers never wait for the writer), a busy timeout (writers
queue instead of failing) and foreign keys. Write transactions that must not interleave
(claims of pages) use `BEGIN IMMEDIATE`, so two workers can never take the same page.

A full disk, a read-only file system or another program holding the write lock past the
busy timeout reaches the caller as a `ServerFault` (docvault.runtime.faults) naming the database
file and what to do, not as SQLite's bare "database or disk is full": every writer waits it
out the same way. How long a writer has been waiting for the lock right now
(`longest_write_wait`) lets the status say so before any writer gives up.
"""

from __future__ import annotations

import errno
import fcntl
import functools
import itertools
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, event
from sqlalchemy.engine import ExceptionContext
from sqlalchemy.exc import DatabaseError as SqlDatabaseError
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, col, create_engine

from docvault.errors import DatabaseError, DatabaseLocked
from docvault.resources import resource_dir
from docvault.runtime import BUSY_WAIT_SECONDS, Place, database_locked, fault_of, process_name

logger = logging.getLogger(__name__)

# A schema upgrade of a large archive takes minutes; a second process waits this long for it.
UPGRADE_WAIT_SECONDS = 900.0
UPGRADE_LOCK_SUFFIX = ".upgrade-lock"


def _set_pragmas(connection: sqlite3.Connection, _record: Any, busy_milliseconds: int) -> None:
    # The driver's own transaction handling is switched off so that `begin_immediate` can
    # issue BEGIN IMMEDIATE itself; SQLAlchemy's `begin` event below issues plain BEGIN.
    connection.isolation_level = None
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={busy_milliseconds}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _begin(connection: Any) -> None:
    mode = connection.info.pop("begin_mode", "BEGIN")
    connection.exec_driver_sql(mode)


def _server_fault(
    context: ExceptionContext, command: str | None, busy_seconds: float
) -> BaseException | None:
    """SQLite's full disk, read-only file and lock held past the busy timeout, as the
    `ServerFault` with the sentence (SQLAlchemy raises what this returns, from the original).
    A command that gives up says so, naming who held the lock."""
    database = Path((context.engine.url.database if context.engine else None) or "database")
    fault = fault_of(context.original_exception, Place.database, database)
    if isinstance(fault, DatabaseLocked) and command is not None:
        return database_locked(database, command, busy_seconds)
    return fault


def make_engine(
    database_path: Path, command: str | None = None, busy_seconds: float = BUSY_WAIT_SECONDS
) -> Engine:
    """An engine for the database file, with the pragmas set on every connection.
    `command`: the docvault command that opens it (None: the daemon), for its sentences;
    `busy_seconds`: how long a writer waits for another's write lock (the setting
    `database_busy_seconds`)."""
    database_path.parent.mkdir(parents=True, exist_ok=True)
    database = create_engine(
        f"sqlite:///{database_path}",
        connect_args={"check_same_thread": False, "timeout": busy_seconds},
    )
    pragmas = functools.partial(_set_pragmas, busy_milliseconds=round(busy_seconds * 1000))
    event.listen(database, "connect", pragmas)
    event.listen(database, "begin", _begin)
    fault = functools.partial(_server_fault, command=command, busy_seconds=busy_seconds)
    event.listen(database, "handle_error", fault)
    return database


class _WriteWaits:
    """The writers waiting for the write lock right now, and since when (monotonic)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._since: dict[int, tuple[str, float]] = {}
        self._tokens = itertools.count()

    @contextmanager
    def waiting(self, database: Engine) -> Iterator[None]:
        token = next(self._tokens)
        with self._lock:
            self._since[token] = (str(database.url), time.monotonic())
        try:
            yield
        finally:
            with self._lock:
                del self._since[token]

    def longest(self, database: Engine) -> float:
        url, now = str(database.url), time.monotonic()
        with self._lock:
            starts = [since for owner, since in self._since.values() if owner == url]
        return now - min(starts) if starts else 0.0


_WRITE_WAITS = _WriteWaits()


def longest_write_wait(database: Engine) -> float:
    """Seconds the longest-waiting writer of this database has waited for its write lock
    (0 when none waits). Docvault's own transactions are milliseconds long: a wait of
    seconds means another program holds the lock."""
    return _WRITE_WAITS.longest(database)


def within(statement: Any, column: Any, since: datetime | None, until: datetime | None) -> Any:
    """The rows of `statement` whose `column` is at or after `since` and before `until`.

    Half-open, so that consecutive days or months never share a row; None leaves that
    side open.
    """
    if since is not None:
        statement = statement.where(col(column) >= since)
    if until is not None:
        statement = statement.where(col(column) < until)
    return statement


def still_waiting(column: Any, now: datetime, longest_seconds: float | None) -> Any:
    """SQL: the rows whose stored wall-clock time (a back-off's end, a lease's expiry, a
    retry's time) has not come yet at `now`.

    A time further ahead than the longest wait docvault sets (`longest_seconds`; None: not
    known) cannot have been set on the present clock: the clock was set back since (by
    hand, or NTP stepping a clock that ran fast). Such a wait has passed: it must not last
    as long as the jump.
    """
    if longest_seconds is None:
        return col(column) > now
    latest = now + timedelta(seconds=longest_seconds)
    return (col(column) > now) & (col(column) <= latest)


@contextmanager
def read_session(database: Engine) -> Iterator[Session]:
    """A session for reading (and ordinary writes that cannot race)."""
    with Session(database, expire_on_commit=False) as session:
        yield session


@contextmanager
def write_transaction(database: Engine, wait_seconds: float | None = None) -> Iterator[Session]:
    """A session inside BEGIN IMMEDIATE: the write lock is taken before the first read.

    Commits when the block ends normally, rolls back on any exception. `wait_seconds`
    shortens the wait for the lock below the busy timeout, for a write that may be skipped
    (a note of a session's last use): a page must not hang while another program holds it.
    """
    with database.connect() as connection:
        # The engine's own timeout (database_busy_seconds), read back to be put back after.
        usual = _busy_timeout(connection) if wait_seconds is not None else None
        if wait_seconds is not None:
            _busy_timeout(connection, round(wait_seconds * 1000))
        try:
            connection.info["begin_mode"] = "BEGIN IMMEDIATE"
            with _WRITE_WAITS.waiting(database):
                transaction = connection.begin()
            session = Session(bind=connection, expire_on_commit=False)
            try:
                yield session
                session.flush()
                transaction.commit()
            except BaseException:
                if transaction.is_active:
                    transaction.rollback()
                raise
            finally:
                session.close()
        finally:
            if usual is not None:
                _busy_timeout(connection, usual)


def _busy_timeout(connection: Any, milliseconds: int | None = None) -> int:
    """The busy timeout of the driver's connection itself, set first when `milliseconds` is
    given, outside any transaction (the pooled connection keeps it: put it back after)."""
    driver = connection.connection.driver_connection
    if milliseconds is not None:
        driver.execute(f"PRAGMA busy_timeout={milliseconds}")
    return int(driver.execute("PRAGMA busy_timeout").fetchone()[0])


def _alembic_config(database: Engine) -> Config:
    config = Config()
    config.set_main_option("script_location", str(resource_dir("migrations")))
    config.attributes["database"] = database
    return config


def upgrade(database: Engine) -> None:
    """Bring the database schema to the newest revision (idempotent)."""
    try:
        command.upgrade(_alembic_config(database), "head")
    except OperationalError as error:
        raise DatabaseError(
            f"The database {database.url.database} could not be upgraded: {error.orig}. "
            "Check that the data folder is writable and the disk is not full."
        ) from error
    except SqlDatabaseError as error:
        # Not a fault of the server (those are OperationalErrors): the file itself.
        raise DatabaseError(
            f"The database {database.url.database} is not a database docvault can read "
            f"({error.orig}): it is damaged, or another file took its name. Nothing was "
            "changed, and the archived originals are untouched. Stop the service and put "
            "back the last backup with `docvault restore BACKUP` (the damaged file is kept "
            "beside it)."
        ) from error


def open_database(
    database_path: Path, command: str | None = None, busy_seconds: float = BUSY_WAIT_SECONDS
) -> Engine:
    """The database, upgraded to the newest schema: what every command and the daemon open,
    the same way. The upgrade runs under one lock across processes, so a second process
    (the daemon's first start beside `docvault user add`) waits for the first's upgrade
    and then finds nothing to do, never failing for it."""
    database = make_engine(database_path, command, busy_seconds)
    try:
        with upgrade_lock(database_path):
            upgrade(database)
    except LockUnavailable:
        # The data folder cannot be written (remounted read-only, another user's folder):
        # no process can upgrade the schema there either, so there is nothing to wait for.
        # Upgrading finds the schema current (a read) or fails with its own sentence.
        _upgrade_or_dispose(database)
    except BaseException:
        database.dispose()
        raise
    return database


class LockUnavailable(Exception):
    """The upgrade lock's file cannot be opened for writing: the folder is not writable."""


def _upgrade_or_dispose(database: Engine) -> None:
    try:
        upgrade(database)
    except BaseException:
        database.dispose()
        raise


@contextmanager
def upgrade_lock(database_path: Path) -> Iterator[None]:
    """Hold the schema upgrade's lock (`<database>.upgrade-lock`, flock), waiting up to
    `UPGRADE_WAIT_SECONDS` for another process's upgrade; the lock file names its holder."""
    database_path.parent.mkdir(parents=True, exist_ok=True)
    path = database_path.with_name(database_path.name + UPGRADE_LOCK_SUFFIX)
    try:
        opened = path.open("a+", encoding="utf-8")
    except OSError as error:
        if error.errno not in (errno.EROFS, errno.EACCES, errno.EPERM):
            raise
        raise LockUnavailable(str(error)) from error
    with opened as handle:
        _wait_for_lock(handle, path)
        try:
            handle.seek(0)
            handle.truncate()
            handle.write(f"{process_name(os.getpid())} (pid {os.getpid()})\n")
            handle.flush()
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _wait_for_lock(handle: Any, path: Path) -> None:
    deadline = time.monotonic() + UPGRADE_WAIT_SECONDS
    said = False
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            holder = path.read_text(encoding="utf-8", errors="replace").strip() or "a process"
            if not said:
                logger.info("waiting for the database's schema upgrade by %s", holder)
                said = True
            if time.monotonic() > deadline:
                raise DatabaseError(
                    f"The database's schema upgrade by {holder} has not ended after "
                    f"{UPGRADE_WAIT_SECONDS:g} seconds, so this process gave up waiting for it "
                    "(nothing was changed). Look at that process: it may still be upgrading a "
                    "large archive; start again once it is done."
                ) from None
            time.sleep(0.1)  # flock has no timeout: try again shortly


def schema_revision(database: Engine) -> tuple[str | None, str | None]:
    """(current revision of the database, newest revision docvault knows)."""
    script = ScriptDirectory.from_config(_alembic_config(database))
    with database.connect() as connection:
        current = MigrationContext.configure(connection).get_current_revision()
    return current, script.get_current_head()
