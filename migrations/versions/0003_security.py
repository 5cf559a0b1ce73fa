"""ids never reused (AUTOINCREMENT), server-side sessions, token scopes and expiry, disabled users

Every table is rebuilt with SQLite's AUTOINCREMENT, keeping every row and its id. Without it
SQLite hands the id of a deleted row (a deleted letter's page) to the next new row, and
anything keyed by that id (an image cache, a bookmark, an audit row) points at another
patient's letter (issue 13). The sequences start above every id still named anywhere (the
index outbox and the audit log name deleted pages and documents too), so not even an id
deleted before this revision comes back.

Revision ID: 0003_security
Revises: 0002
Create Date: 2026-12-01 13:30:00
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = "0003_security"
down_revision = "0002"
branch_labels = None
depends_on = None

# Parents before children, so each child's copy finds its parent's rows.
TABLES = (
    "documents",
    "duplicates",
    "pages",
    "attempts",
    "index_outbox",
    "users",
    "api_tokens",
    "login_failures",
    "audit_events",
)

# Ids named outside their own table: the sequence starts above the largest of them.
ELSEWHERE = {
    "documents": (
        "SELECT MAX(document_id) FROM index_outbox",
        "SELECT MAX(document_id) FROM audit_events",
        "SELECT MAX(document_id) FROM duplicates",
    ),
    "pages": (
        "SELECT MAX(page_id) FROM index_outbox",
        "SELECT MAX(page_id) FROM attempts",
    ),
}


def upgrade() -> None:
    with op.batch_alter_table("users", recreate="always") as batch_op:
        batch_op.add_column(
            sa.Column("disabled", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("api_tokens", recreate="always") as batch_op:
        # Tokens made before scopes could read and re-run: they keep that, no more.
        batch_op.add_column(
            sa.Column(
                "scope",
                sqlmodel.sql.sqltypes.AutoString(),
                nullable=False,
                server_default="rerun",
            )
        )
        batch_op.add_column(
            sa.Column("expires_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True)
        )
    for table in TABLES:
        with op.batch_alter_table(
            table, recreate="always", table_kwargs={"sqlite_autoincrement": True}
        ):
            pass
    _raise_sequences()
    op.create_table(
        "web_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_sha256", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("csrf_token", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("remote_address", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("last_seen_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_sha256"),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table("web_sessions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_web_sessions_user_id"), ["user_id"], unique=False)
    with op.batch_alter_table("audit_events", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_audit_events_document_id"), ["document_id"], unique=False
        )


def _raise_sequences() -> None:
    connection = op.get_bind()
    for table in TABLES:
        candidates = [connection.exec_driver_sql(f"SELECT MAX(id) FROM {table}").scalar()]  # noqa: S608
        for statement in ELSEWHERE.get(table, ()):
            candidates.append(connection.exec_driver_sql(statement).scalar())
        highest = max((int(value) for value in candidates if value is not None), default=0)
        connection.exec_driver_sql("DELETE FROM sqlite_sequence WHERE name = ?", (table,))
        connection.exec_driver_sql(
            "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", (table, highest)
        )


def downgrade() -> None:
    with op.batch_alter_table("audit_events", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_audit_events_document_id"))
    with op.batch_alter_table("web_sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_web_sessions_user_id"))
    op.drop_table("web_sessions")
    with op.batch_alter_table("api_tokens", recreate="always") as batch_op:
        batch_op.drop_column("expires_at")
        batch_op.drop_column("scope")
    with op.batch_alter_table("users", recreate="always") as batch_op:
        batch_op.drop_column("disabled")
