"""page rotation and its source; unlocked copies of password-protected PDFs

Revision ID: 0004_orientation
Revises: 0003_security
Create Date: 2026-12-01 13:50:00
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = "0004_orientation"
down_revision = "0003_security"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("pages", schema=None) as batch_op:
        batch_op.add_column(sa.Column("rotation", sa.Integer(), server_default="0", nullable=False))
        batch_op.add_column(
            sa.Column("rotation_source", sqlmodel.sql.sqltypes.AutoString(), nullable=True)
        )
    with op.batch_alter_table("documents", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("unlocked_path", sqlmodel.sql.sqltypes.AutoString(), nullable=True)
        )


def downgrade() -> None:
    with op.batch_alter_table("documents", schema=None) as batch_op:
        batch_op.drop_column("unlocked_path")
    with op.batch_alter_table("pages", schema=None) as batch_op:
        batch_op.drop_column("rotation_source")
        batch_op.drop_column("rotation")
