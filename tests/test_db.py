"""The database: migrations give exactly the models' schema; every connection has its pragmas."""

from __future__ import annotations

from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine
from sqlmodel import SQLModel

import docvault.models  # noqa: F401  (registers the tables)
from docvault import db
from docvault.runtime import BUSY_WAIT_SECONDS


def test_upgrading_an_empty_database_gives_exactly_the_models_schema(tmp_path: Path) -> None:
    database = db.make_engine(tmp_path / "empty.sqlite3")
    db.upgrade(database)
    with database.connect() as connection:
        context = MigrationContext.configure(connection)
        differences = compare_metadata(context, SQLModel.metadata)
    assert differences == []
    current, head = db.schema_revision(database)
    assert current == head is not None


def test_upgrade_twice_is_harmless(database: Engine) -> None:
    db.upgrade(database)
    current, head = db.schema_revision(database)
    assert current == head


def test_every_connection_has_wal_busy_timeout_and_foreign_keys(database: Engine) -> None:
    with database.connect() as connection:
        journal = connection.exec_driver_sql("PRAGMA journal_mode").scalar()
        timeout = connection.exec_driver_sql("PRAGMA busy_timeout").scalar()
        foreign_keys = connection.exec_driver_sql("PRAGMA foreign_keys").scalar()
    assert (journal, timeout, foreign_keys) == ("wal", round(BUSY_WAIT_SECONDS * 1000), 1)


def test_the_busy_setting_holds_on_every_connection_after_a_shorter_wait(tmp_path: Path) -> None:
    """database_busy_seconds sets the wait; a write that may be skipped waits less, and the
    pooled connection gets the setting's wait back after it."""
    database = db.make_engine(tmp_path / "busy.sqlite3", busy_seconds=7)
    try:
        with database.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 7000
        with db.write_transaction(database, wait_seconds=0.1) as session:
            assert session.connection().exec_driver_sql("PRAGMA busy_timeout").scalar() == 100
        with database.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 7000
    finally:
        database.dispose()
