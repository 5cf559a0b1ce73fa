"""The SQLite engine, sessions, write transactions and schema upgrades.

Every connection gets WAL (readers never wait for the writer), a busy timeout (writers
queue instead of failing) and foreign keys. Write transactions that must not interleave
(claims of pages) use `BEGIN IMMEDIATE`, so two workers can never take the same page.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, event
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, col, create_engine

from docvault.errors import DatabaseError
from docvault.resources import resource_dir

logger = logging.getLogger(__name__)

# Writers wait up to this long for the write lock before SQLite gives up; the queue's
# transactions are milliseconds long, so a wait this long means something is stuck.
BUSY_TIMEOUT_MILLISECONDS = 30_000


def _set_pragmas(connection: sqlite3.Connection, _record: Any) -> None:
    # The driver's own transaction handling is switched off so that `begin_immediate` can
    # issue BEGIN IMMEDIATE itself; SQLAlchemy's `begin` event below issues plain BEGIN.
    connection.isolation_level = None
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MILLISECONDS}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _begin(connection: Any) -> None:
    mode = connection.info.pop("begin_mode", "BEGIN")
    connection.exec_driver_sql(mode)


def make_engine(database_path: Path) -> Engine:
    """An engine for the database file, with the pragmas set on every connection."""
    database_path.parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(
        f"sqlite:///{database_path}",
        connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_MILLISECONDS / 1000},
    )
    event.listen(engine, "connect", _set_pragmas)
    event.listen(engine, "begin", _begin)
    return engine


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


@contextmanager
def read_session(engine: Engine) -> Iterator[Session]:
    """A session for reading (and ordinary writes that cannot race)."""
    with Session(engine, expire_on_commit=False) as session:
        yield session


@contextmanager
def write_transaction(engine: Engine) -> Iterator[Session]:
    """A session inside BEGIN IMMEDIATE: the write lock is taken before the first read.

    Commits when the block ends normally, rolls back on any exception.
    """
    with engine.connect() as connection:
        connection.info["begin_mode"] = "BEGIN IMMEDIATE"
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


def _alembic_config(engine: Engine) -> Config:
    config = Config()
    config.set_main_option("script_location", str(resource_dir("migrations")))
    config.attributes["engine"] = engine
    return config


def upgrade(engine: Engine) -> None:
    """Bring the database schema to the newest revision (idempotent)."""
    try:
        command.upgrade(_alembic_config(engine), "head")
    except OperationalError as error:
        raise DatabaseError(
            f"The database {engine.url.database} could not be upgraded: {error.orig}. "
            "Check that the data folder is writable and the disk is not full."
        ) from error


def open_database(database_path: Path) -> Engine:
    """The database, upgraded to the newest schema: what every command and the daemon open."""
    engine = make_engine(database_path)
    upgrade(engine)
    return engine


def schema_revision(engine: Engine) -> tuple[str | None, str | None]:
    """(current revision of the database, newest revision docvault knows)."""
    script = ScriptDirectory.from_config(_alembic_config(engine))
    with engine.connect() as connection:
        current = MigrationContext.configure(connection).get_current_revision()
    return current, script.get_current_head()
