"""the practice system's patient register and its refreshes (issue 50)

Revision ID: 0016_register
Revises: 0015_fair_turns
Create Date: 2027-01-20 02:00:00
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = "0016_register"
down_revision = "0015_fair_turns"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "register_patients",
        sa.Column("patient_id", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("surname", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("given_names", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("birth_date", sa.Date(), nullable=False),
        sa.Column("birth_name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("former_names", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("title", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("refreshed_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("patient_id"),
    )
    with op.batch_alter_table("register_patients", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_register_patients_birth_date"), ["birth_date"], unique=False
        )
    op.create_table(
        "register_refreshes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("source", sa.Text(), nullable=False),
        sa.Column("finished_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("outcome", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("added", sa.Integer(), nullable=False),
        sa.Column("changed", sa.Integer(), nullable=False),
        sa.Column("merged", sa.Integer(), nullable=False),
        sa.Column("removed", sa.Integer(), nullable=False),
        sa.Column("refused", sa.Integer(), nullable=False),
        sa.Column("report", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sqlite_autoincrement=True,
    )


def downgrade() -> None:
    op.drop_table("register_refreshes")
    with op.batch_alter_table("register_patients", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_register_patients_birth_date"))
    op.drop_table("register_patients")
