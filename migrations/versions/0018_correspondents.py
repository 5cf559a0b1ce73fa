"""the sender directory: correspondents and the marks that identify them (issue 50)

Revision ID: 0018_correspondents
Revises: 0017_facts_due
Create Date: 2027-01-21 04:00:00
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = "0018_correspondents"
down_revision = "0017_facts_due"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "correspondents",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("address", sa.Text(), nullable=False),
        sa.Column("own", sa.Boolean(), nullable=False),
        sa.Column("updated_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("updated_by", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name"),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "correspondent_marks",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("correspondent_id", sa.Integer(), nullable=False),
        sa.Column("document_id", sa.Integer(), nullable=True),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("value", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.ForeignKeyConstraint(["correspondent_id"], ["correspondents.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["document_id"], ["documents.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table("correspondent_marks", schema=None) as batch_op:
        batch_op.create_index("ix_correspondent_marks_value", ["value"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_correspondent_marks_correspondent_id"), ["correspondent_id"]
        )
        batch_op.create_index(batch_op.f("ix_correspondent_marks_document_id"), ["document_id"])


def downgrade() -> None:
    op.drop_table("correspondent_marks")
    op.drop_table("correspondents")
