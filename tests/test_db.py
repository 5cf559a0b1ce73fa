"""The database: migrations give exactly the models' schema; every connection has its pragmas."""

from __future__ import annotations

import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
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


REGISTER_ROWS = 40_000
MIGRATION_KILLS = 4


def _register_before_addresses(path: Path) -> None:
    """A database at 0020 (before the register kept addresses) holding a large register."""
    from alembic import command

    database = db.make_engine(path)
    command.upgrade(db._alembic_config(database), "0020_page_corrections")
    database.dispose()
    with sqlite3.connect(path) as connection:
        connection.executemany(
            "INSERT INTO register_patients (patient_id, surname, given_names, birth_date, "
            "birth_name, former_names, title, refreshed_at) VALUES (?, ?, ?, ?, '', '', '', "
            "'2026-12-01 00:00:00')",
            (
                (str(number), f"Name{number}", "Vorname", "1960-01-01")
                for number in range(REGISTER_ROWS)
            ),
        )


def _upgrade_in_a_process(path: Path) -> subprocess.Popen[bytes]:
    code = (
        f"from pathlib import Path; from docvault import db; db.open_database(Path({str(path)!r}))"
    )
    return subprocess.Popen([sys.executable, "-c", code], stderr=subprocess.PIPE)


def test_the_address_migration_killed_at_random_moments_keeps_every_patient(
    tmp_path: Path,
) -> None:
    """Migration 0021 copies the register's table to add its address columns, at the start of
    whatever docvault process opens the database first: a SIGKILL anywhere in it leaves the
    register whole, at 0020 or at 0021, never between; the next start finishes it."""
    path = tmp_path / "docvault.sqlite3"
    _register_before_addresses(path)
    copy = path.with_name("timed.sqlite3")
    shutil.copyfile(path, copy)
    started = time.monotonic()  # a start with this migration's length, measured on a copy
    timed = _upgrade_in_a_process(copy)
    _, errors = timed.communicate(timeout=120)
    start_seconds = time.monotonic() - started
    assert timed.returncode == 0, errors.decode()
    chance = random.Random(21)
    for _ in range(MIGRATION_KILLS):
        process = _upgrade_in_a_process(path)
        moment = chance.uniform(0.3 * start_seconds, 1.2 * start_seconds)
        try:
            process.wait(timeout=moment)  # the kill's moment itself is what is tested
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGKILL)
            process.wait()
        process.stderr.close()  # type: ignore[union-attr]
        with sqlite3.connect(path) as connection:
            assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            count = connection.execute("SELECT count(*) FROM register_patients").fetchone()
            revision = connection.execute("SELECT version_num FROM alembic_version").fetchone()
            columns = {row[1] for row in connection.execute("PRAGMA table_info(register_patients)")}
        assert count == (REGISTER_ROWS,)
        assert revision in (("0020_page_corrections",), ("0021_register_addresses",))
        assert ("street" in columns) == (revision == ("0021_register_addresses",))
    database = db.open_database(path)
    try:
        assert db.schema_revision(database)[0] == db.schema_revision(database)[1]
        with database.connect() as connection:
            rows = connection.exec_driver_sql(
                "SELECT count(*), count(DISTINCT street || postcode || city) FROM register_patients"
            ).fetchone()
        assert tuple(rows) == (REGISTER_ROWS, 1)  # every patient, each address empty
    finally:
        database.dispose()
