"""pages count the leases lost with them, so a page that keeps killing docvault fails

Revision ID: 0005_lost_leases
Revises: 0004_orientation
Create Date: 2026-12-01 15:30:00
"""

from alembic import op
import sqlalchemy as sa


revision = "0005_lost_leases"
down_revision = "0004_orientation"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("pages", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("lost_leases", sa.Integer(), server_default="0", nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("pages", schema=None) as batch_op:
        batch_op.drop_column("lost_leases")
