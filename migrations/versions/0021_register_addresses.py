"""the register's home addresses (issue 50)

Revision ID: 0021_register_addresses
Revises: 0020_page_corrections
Create Date: 2027-01-30 02:00:00

`register_patients.street`, `postcode` and `city`: the address the practice system exports
for each patient, which tells two patients of one name and birth date apart where a letter
prints it. Existing entries get empty addresses until the next refresh fills them.
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = "0021_register_addresses"
down_revision = "0020_page_corrections"
branch_labels = None
depends_on = None

COLUMNS = ("street", "postcode", "city")


def upgrade() -> None:
    with op.batch_alter_table("register_patients", schema=None) as batch_op:
        for name in COLUMNS:
            batch_op.add_column(
                sa.Column(
                    name, sqlmodel.sql.sqltypes.AutoString(), nullable=False, server_default=""
                )
            )


def downgrade() -> None:
    with op.batch_alter_table("register_patients", schema=None) as batch_op:
        for name in COLUMNS:
            batch_op.drop_column(name)
