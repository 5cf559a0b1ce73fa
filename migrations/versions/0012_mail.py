"""mail intake: the messages of watched mailboxes, remembered once, and their documents

Revision ID: 0012_mail
Revises: 0011_working_day
Create Date: 2026-12-04 02:00:00
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = "0012_mail"
down_revision = "0011_working_day"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "mail_messages",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("mailbox", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("uidvalidity", sa.Integer(), nullable=False),
        sa.Column("uid", sa.Integer(), nullable=False),
        sa.Column("state", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("message_id", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.Column("size_bytes", sa.Integer(), nullable=False),
        sa.Column("eml_sha256", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.Column("eml_path", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.Column("sender", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("sender_address", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("subject", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("sent_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column("problem", sa.Text(), nullable=True),
        sa.Column("same_as_id", sa.Integer(), nullable=True),
        sa.Column("seen_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("acted_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("mailbox", "uidvalidity", "uid"),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table("mail_messages", schema=None) as batch_op:
        batch_op.create_index("ix_mail_messages_message_id", ["mailbox", "message_id"])
        batch_op.create_index("ix_mail_messages_state", ["mailbox", "uidvalidity", "state"])
        batch_op.create_index(batch_op.f("ix_mail_messages_eml_sha256"), ["eml_sha256"])
    op.create_table(
        "mail_documents",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("message_id", sa.Integer(), nullable=False),
        sa.Column("document_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("file_name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.ForeignKeyConstraint(["message_id"], ["mail_messages.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("message_id", "position"),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table("mail_documents", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_mail_documents_message_id"), ["message_id"])
        batch_op.create_index(batch_op.f("ix_mail_documents_document_id"), ["document_id"])


def downgrade() -> None:
    with op.batch_alter_table("mail_documents", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_mail_documents_document_id"))
        batch_op.drop_index(batch_op.f("ix_mail_documents_message_id"))
    op.drop_table("mail_documents")
    with op.batch_alter_table("mail_messages", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_mail_messages_eml_sha256"))
        batch_op.drop_index("ix_mail_messages_state")
        batch_op.drop_index("ix_mail_messages_message_id")
    op.drop_table("mail_messages")
