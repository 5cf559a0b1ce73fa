"""Alembic environment: runs migrations on the database (SQLAlchemy engine) docvault passes in.

Foreign keys are switched off while revisions run (SQLite ignores the switch inside a
transaction, so it is set on the raw connection first): rebuilding a parent table (0003
rebuilds every table for AUTOINCREMENT) would otherwise fail on, or cascade into, its
children's rows. Afterwards every reference is checked, and the switch put back.
"""

from alembic import context
from sqlmodel import SQLModel

import docvault.models  # noqa: F401  (registers the tables on SQLModel.metadata)

database = context.config.attributes["database"]
with database.connect() as connection:
    raw = connection.connection.dbapi_connection
    raw.execute("PRAGMA foreign_keys=OFF")
    try:
        context.configure(
            connection=connection, target_metadata=SQLModel.metadata, render_as_batch=True
        )
        with context.begin_transaction():
            context.run_migrations()
            broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
            if broken:
                raise RuntimeError(f"The schema upgrade would break references: {broken[:5]}")
        connection.commit()
    finally:
        raw.execute("PRAGMA foreign_keys=ON")
