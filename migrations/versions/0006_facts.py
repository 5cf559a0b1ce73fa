"""document facts: proposed and confirmed patient, birth date, letter date, sender, title

Revision ID: 0006_facts
Revises: 0005_error_codes
Create Date: 2026-12-01 16:30:00
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = "0006_facts"
down_revision = "0005_error_codes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "document_facts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("document_id", sa.Integer(), nullable=False),
        sa.Column("field", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("proposed", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.Column("evidence", sa.Text(), nullable=True),
        sa.Column("proposed_at", sa.DateTime(), nullable=True),
        sa.Column("confirmed", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.Column("confirmed_by", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.Column("confirmed_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(["document_id"], ["documents.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("document_id", "field"),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table("document_facts", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_document_facts_document_id"), ["document_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("document_facts", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_document_facts_document_id"))
    op.drop_table("document_facts")
