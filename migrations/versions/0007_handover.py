"""the hand-over outbox: deliveries to the practice system, written with a document's completion

Revision ID: 0007_handover
Revises: 0006_facts
Create Date: 2026-12-01 16:30:00
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = "0007_handover"
down_revision = "0006_facts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "handover_outbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("document_id", sa.Integer(), nullable=False),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("target", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("state", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("last_attempt_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column("delivered_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column("answer_status", sa.Integer(), nullable=True),
        sa.Column("answer", sa.Text(), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("event_id", "target"),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table("handover_outbox", schema=None) as batch_op:
        batch_op.create_index("ix_handover_outbox_due", ["state", "next_attempt_at"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_handover_outbox_document_id"), ["document_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("handover_outbox", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_handover_outbox_document_id"))
        batch_op.drop_index("ix_handover_outbox_due")
    op.drop_table("handover_outbox")
