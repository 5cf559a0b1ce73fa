"""documents whose facts need proposing, outside the completion transaction (issue 46)

Revision ID: 0017_facts_due
Revises: 0016_register
Create Date: 2027-01-27 04:30:00
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = "0017_facts_due"
down_revision = "0016_register"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "facts_due",
        sa.Column("document_id", sa.Integer(), nullable=False),
        sa.Column("queued_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["document_id"], ["documents.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("document_id"),
    )


def downgrade() -> None:
    op.drop_table("facts_due")
