"""the page queue fair between documents (claims by page number) and fast for long ones

Revision ID: 0008_claim_order
Revises: 0007_handover
Create Date: 2026-12-02 15:20:00

A claim takes the queued page with the lowest page number first (issue 25: first-in
first-out left a letter ~57 hours behind a 100,000-page document). The index the claim walks
becomes (status, priority, number, id), so that a claim reads only the pages it takes; and
whether a document has unfinished pages is one seek in (document_id, status), instead of
counting its 100,000 pages for every page finished.
"""

from alembic import op


revision = "0008_claim_order"
down_revision = "0007_handover"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("pages", schema=None) as batch_op:
        batch_op.drop_index("ix_pages_claim")
        batch_op.create_index(
            "ix_pages_claim", ["status", "priority", "number", "id"], unique=False
        )
        batch_op.create_index("ix_pages_document_status", ["document_id", "status"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("pages", schema=None) as batch_op:
        batch_op.drop_index("ix_pages_document_status")
        batch_op.drop_index("ix_pages_claim")
        batch_op.create_index("ix_pages_claim", ["status", "priority", "id"], unique=False)
