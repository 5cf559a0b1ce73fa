"""Unlocking a password-protected PDF that intake had to refuse: the one place that chains
the password -> an unlocked copy in the archive -> its pages in the queue.

An admin gives the password once (the web view's problems page, or `docvault unlock ID`
reading it from standard input). It opens the archived original for this one call and is
then dropped: it is never stored, logged or written into an audit entry. The original stays
in the archive untouched, byte for byte; the copy without the password is archived beside it
(under its own sha256) and the document's pages are read from that copy.
"""

from __future__ import annotations

import logging
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine

from docvault import queue
from docvault.archive import archive_file
from docvault.db import read_session
from docvault.errors import DocvaultError, EncryptedDocument
from docvault.formats import decrypt_pdf
from docvault.models import Document

logger = logging.getLogger(__name__)

# PyMuPDF is not thread-safe: the web view may unlock from its worker threads.
_pymupdf_lock = threading.Lock()


@dataclass(frozen=True)
class Unlocked:
    document_id: int
    file_name: str
    pages: int
    unlocked_path: str  # relative to the data folder


def _waiting_document(database: Engine, document_id: int) -> Document:
    with read_session(database) as session:
        document = session.get(Document, document_id)
    if document is None:
        raise DocvaultError(f"There is no document {document_id}; see `docvault documents`.")
    if not queue.waits_for_password(document):
        raise DocvaultError(
            f"Document {document_id} ({document.original_name}) is not a password-protected "
            "PDF waiting to be unlocked; nothing was changed."
        )
    return document


def unlock_document(database: Engine, data_dir: Path, document_id: int, password: str) -> Unlocked:
    """Open the document's original with `password`, archive the copy, queue its pages."""
    document = _waiting_document(database, document_id)
    original = data_dir / document.archive_path
    # The decrypted copy is written in a private folder inside the data folder (same disk,
    # never /tmp) and copied into the archive from there; the folder goes afterwards.
    scratch = data_dir / "tmp"
    scratch.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=scratch) as folder:
        copy = Path(folder) / f"{Path(document.original_name).stem}.unlocked.pdf"
        try:
            with _pymupdf_lock:
                pages = decrypt_pdf(original, password, copy)
        except EncryptedDocument:
            raise DocvaultError(
                f"The password does not open document {document_id} ({document.original_name}); "
                "nothing was changed. Check the password with the sender and try again."
            ) from None
        archived = archive_file(copy, data_dir)
    if pages == 0 or not queue.record_unlocked(
        database, document_id, archived.relative_path, pages
    ):
        raise DocvaultError(
            f"Document {document_id} ({document.original_name}) could not be queued after "
            "unlocking (it has no pages, or was unlocked at the same moment elsewhere)."
        )
    logger.info(
        "document %d (%s) unlocked: %d page(s) queued from %s",
        document_id,
        document.original_name,
        pages,
        archived.relative_path,
    )
    return Unlocked(document_id, document.original_name, pages, archived.relative_path)
