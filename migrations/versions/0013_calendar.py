"""the clinic's calendar and a record's lifetime: calendar runs, run-now requests, legal holds

Revision ID: 0013_calendar
Revises: 0012_mail
Create Date: 2027-01-10 02:00:00

APScheduler's own table (`apscheduler_jobs`, the calendar's job store) is made by
APScheduler itself when the daemon first starts its calendar; it is no table of docvault's
models (docvault.scheduler).
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = "0013_calendar"
down_revision = "0012_mail"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "calendar_requests",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("job", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("requested_by", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("requested_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "calendar_runs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("job", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("planned_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column("started_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("finished_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column("outcome", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("sentence", sa.Text(), nullable=False),
        sa.Column("late", sa.Text(), nullable=False),
        sa.Column("requested_by", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table("calendar_runs", schema=None) as batch_op:
        batch_op.create_index("ix_calendar_runs_job", ["job", "id"], unique=False)
    op.create_table(
        "legal_holds",
        sa.Column("document_id", sa.Integer(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("placed_by", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("placed_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["document_id"], ["documents.id"]),
        sa.PrimaryKeyConstraint("document_id"),
    )


def downgrade() -> None:
    op.drop_table("legal_holds")
    with op.batch_alter_table("calendar_runs", schema=None) as batch_op:
        batch_op.drop_index("ix_calendar_runs_job")
    op.drop_table("calendar_runs")
    op.drop_table("calendar_requests")
