"""Refused files as intake records them, for the tests that settle the problems page."""

from __future__ import annotations

from pathlib import Path

from docvault import records
from docvault.archive import archive_file
from docvault.errors import EncryptedDocument, RenderTimedOut
from tests.support.encrypted import protected_copy
from tests.support.webarchive import FIXTURES, WebArchive

# What intake (docvault.render) says of a protected PDF: the sender's side of it.
PROTECTED_MESSAGE = (
    "referral.pdf is protected by a password; ask the sender for an unprotected copy "
    "or save it without a password and put it back in the inbox."
)


def record_refused(archive: WebArchive, source: Path, name: str, code: str, message: str) -> int:
    archived = archive_file(source, archive.data_dir)
    recorded = records.record_failed_document(
        archive.database,
        records.NewDocument(
            sha256=archived.sha256,
            original_name=name,
            inbox="fax",
            original_path=f"/srv/inbox/fax/{name}",
            archive_path=archived.relative_path,
            size_bytes=archived.size_bytes,
        ),
        code,
        message,
    )
    return recorded.document_id


def add_timed_out(archive: WebArchive, folder: Path) -> int:
    """A readable three-page PDF that intake refused on a busy day (opening it timed out):
    a retry reads it. Its bytes differ from the archive's copy, so it is no duplicate."""
    source = folder / "busy-day.pdf"
    source.write_bytes(
        (FIXTURES / "paperless__multi-page-digital.pdf").read_bytes() + b"\n%busy day\n"
    )
    return record_refused(
        archive,
        source,
        "Befund Busy.pdf",
        RenderTimedOut.code,
        "Befund Busy.pdf in inbox fax: opening the file took longer than 30 s.",
    )


def add_protected(archive: WebArchive, folder: Path) -> int:
    """A password-protected PDF (tests.support.encrypted.PASSWORD) that intake refused."""
    source = protected_copy(folder / "protected.pdf")
    return record_refused(
        archive, source, "referral.pdf", EncryptedDocument.code, PROTECTED_MESSAGE
    )
