"""a page's flags: a damaged file, a doubtful reading (issue 47)

Revision ID: 0019_page_flags
Revises: 0018_correspondents
Create Date: 2027-01-27 02:00:00

`pages.flags` is why a finished page's reading must not be taken as whole, as JSON
[{"code": "page-damaged", "sentence": "..."}]: the file lost part of the page, or the page
was read mostly into words no dictionary knows. Such a page is `incomplete`, never done.
"""

from alembic import op
import sqlalchemy as sa


revision = "0019_page_flags"
down_revision = "0018_correspondents"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("pages", schema=None) as batch_op:
        batch_op.add_column(sa.Column("flags", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("pages", schema=None) as batch_op:
        batch_op.drop_column("flags")
