"""the page queue fair between senders (claims by turn); a page that cannot be drawn, remembered

Revision ID: 0015_fair_turns
Revises: 0014_audit_via
Create Date: 2027-01-12 02:00:00

A claim takes the queued page with the lowest turn first (issue 44: a message of 3,000
letters queued 3,000 first pages ahead of another sender's letter). A document's pages take
turns of their own, their page numbers, as claims by page number did (issue 25); a mail
sender's documents share one source (`documents.queue_source`), whose pages' turns count on
from its own pages still waiting. Existing pages keep their order: their turn is their
number. `pages.undrawn` is why a page's image cannot be drawn within the render limits, so
that the web view shows its placeholder at once instead of drawing it again at every look.
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = "0015_fair_turns"
down_revision = "0014_audit_via"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("documents", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("queue_source", sqlmodel.sql.sqltypes.AutoString(), nullable=True)
        )
        batch_op.create_index(batch_op.f("ix_documents_queue_source"), ["queue_source"])
    with op.batch_alter_table("pages", schema=None) as batch_op:
        batch_op.add_column(sa.Column("turn", sa.Integer(), server_default="0", nullable=False))
        batch_op.add_column(sa.Column("undrawn", sa.Text(), nullable=True))
    op.execute("UPDATE pages SET turn = number")
    with op.batch_alter_table("pages", schema=None) as batch_op:
        batch_op.drop_index("ix_pages_claim")
        batch_op.create_index("ix_pages_claim", ["status", "priority", "turn", "id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("pages", schema=None) as batch_op:
        batch_op.drop_index("ix_pages_claim")
        batch_op.create_index(
            "ix_pages_claim", ["status", "priority", "number", "id"], unique=False
        )
        batch_op.drop_column("undrawn")
        batch_op.drop_column("turn")
    with op.batch_alter_table("documents", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_documents_queue_source"))
        batch_op.drop_column("queue_source")
