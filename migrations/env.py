"""Alembic environment: runs migrations on the engine docvault passes in."""

from alembic import context
from sqlmodel import SQLModel

import docvault.models  # noqa: F401  (registers the tables on SQLModel.metadata)

engine = context.config.attributes["engine"]
with engine.connect() as connection:
    context.configure(
        connection=connection, target_metadata=SQLModel.metadata, render_as_batch=True
    )
    with context.begin_transaction():
        context.run_migrations()
    connection.commit()
