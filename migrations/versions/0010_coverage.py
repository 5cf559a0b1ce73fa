"""coverage: how a page's text is written (plain or Markdown) and the coverage check's report

Revision ID: 0010_coverage
Revises: 0009_index_problems
Create Date: 2026-12-02 19:20:00
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = "0010_coverage"
down_revision = "0009_index_problems"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("pages", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("text_format", sqlmodel.sql.sqltypes.AutoString(), nullable=True)
        )
        batch_op.add_column(sa.Column("coverage", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("pages", schema=None) as batch_op:
        batch_op.drop_column("coverage")
        batch_op.drop_column("text_format")
