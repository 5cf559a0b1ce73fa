"""index problems: a document the index writer could not take, why, and when it is tried again

Revision ID: 0009_index_problems
Revises: 0008_claim_order
Create Date: 2026-12-02 15:20:00
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = "0009_index_problems"
down_revision = "0008_claim_order"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "index_problems",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("document_id", sa.Integer(), nullable=False),
        sa.Column("code", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("problem", sa.Text(), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("first_failed_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("last_failed_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("retry_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("document_id"),
        sqlite_autoincrement=True,
    )


def downgrade() -> None:
    op.drop_table("index_problems")
