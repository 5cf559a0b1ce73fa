"""The database: migrations give exactly the models' schema; every connection has its pragmas."""

from __future__ import annotations

from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine
from sqlmodel import SQLModel

import docvault.models  # noqa: F401  (registers the tables)
from docvault import db


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
    assert (journal, timeout, foreign_keys) == ("wal", db.BUSY_TIMEOUT_MILLISECONDS, 1)
