"""a page's word corrections beside its reading (issue 47)

Revision ID: 0020_page_corrections
Revises: 0019_page_flags
Create Date: 2027-01-28 02:00:00

`pages.corrections` holds the words the dictionary check put right on a CPU-engine page, as
JSON [[start, end, "read as", "corrected"], ...] with places in `pages.markdown`, which keeps
the text exactly as the engine read it. NULL: none (or the setting was off).
"""

from alembic import op
import sqlalchemy as sa


revision = "0020_page_corrections"
down_revision = "0019_page_flags"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("pages", schema=None) as batch_op:
        batch_op.add_column(sa.Column("corrections", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("pages", schema=None) as batch_op:
        batch_op.drop_column("corrections")
