"""audit rows say how the person acted: by browser, API token or command line

Revision ID: 0014_audit_via
Revises: 0013_calendar
Create Date: 2027-01-20 02:00:00

Issue 44 (INFO): a row named the user but not whether a browser session or one of the
user's API tokens acted. A plain ADD COLUMN (no table rebuild), so the audit table's
append-only triggers stay as they are; earlier rows keep an empty `via` (not recorded).
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = "0014_audit_via"
down_revision = "0013_calendar"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "audit_events",
        sa.Column("via", sqlmodel.sql.sqltypes.AutoString(), nullable=False, server_default=""),
    )


def downgrade() -> None:
    with op.batch_alter_table("audit_events", schema=None) as batch_op:
        batch_op.drop_column("via")
