"""working day: a document handled by a person, a problem settled, and where a page's lines lie

Revision ID: 0011_working_day
Revises: 0010_coverage
Create Date: 2026-12-03 18:40:00
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = "0011_working_day"
down_revision = "0010_coverage"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("documents", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("handled_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True)
        )
        batch_op.add_column(
            sa.Column("handled_by", sqlmodel.sql.sqltypes.AutoString(), nullable=True)
        )
        batch_op.add_column(
            sa.Column("settled_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True)
        )
        batch_op.add_column(
            sa.Column("settled_by", sqlmodel.sql.sqltypes.AutoString(), nullable=True)
        )
        batch_op.add_column(sa.Column("settled_reason", sa.Text(), nullable=True))
        batch_op.create_index("ix_documents_handled_at", ["handled_at"])
    with op.batch_alter_table("pages", schema=None) as batch_op:
        batch_op.add_column(sa.Column("lines", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("pages", schema=None) as batch_op:
        batch_op.drop_column("lines")
    with op.batch_alter_table("documents", schema=None) as batch_op:
        batch_op.drop_index("ix_documents_handled_at")
        batch_op.drop_column("settled_reason")
        batch_op.drop_column("settled_by")
        batch_op.drop_column("settled_at")
        batch_op.drop_column("handled_by")
        batch_op.drop_column("handled_at")
