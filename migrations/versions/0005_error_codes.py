"""a failed document's error is stored as a stable code, not a Python class name

Revision ID: 0005_error_codes
Revises: 0004_orientation
Create Date: 2026-12-01 16:45:00
"""

from alembic import op
import sqlalchemy as sa


revision = "0005_error_codes"
down_revision = "0004_orientation"
branch_labels = None
depends_on = None

# The class names stored in documents.error_class before this revision, and their codes
# (docvault.errors). Written out here, not imported: a later rename of a class must not
# change what this revision does.
CODES = {
    "DocvaultError": "docvault-error",
    "IntakeError": "intake-failed",
    "FileNotReady": "file-not-ready",
    "EmptyFile": "empty-file",
    "FileVanished": "file-vanished",
    "RenderError": "render-failed",
    "EncryptedDocument": "encrypted-document",
    "CorruptDocument": "corrupt-document",
    "UnsupportedFormat": "unsupported-format",
    "ImageTooLarge": "image-too-large",
    "RenderTimedOut": "render-timed-out",
}


def _rewrite(pairs: dict[str, str]) -> None:
    statement = sa.text("UPDATE documents SET error_class = :new WHERE error_class = :old")
    for old, new in pairs.items():
        op.execute(statement.bindparams(old=old, new=new))


def upgrade() -> None:
    _rewrite(CODES)


def downgrade() -> None:
    _rewrite({code: name for name, code in CODES.items()})
