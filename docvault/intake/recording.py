"""The one recording step folders and mail share: an archived file inspected and recorded.

`record_new` records a document with its pages queued, or, when the file cannot be read,
refused with its sentence (the original kept in the archive); `retake_refused` takes a
refused file in again (a person's retry). Folder intake (`folders`) and mail intake
(`mailbox`) both come through here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from sqlalchemy import Engine

from docvault import records
from docvault.db import read_session
from docvault.errors import (
    DocvaultError,
    EmptyFile,
    MailUnreadable,
    RenderError,
)
from docvault.models import Document
from docvault.names import inbox_named

# The kind of a document that is a whole e-mail, kept because nothing in it could be read.
MESSAGE_KIND = "message"


class Inspector(Protocol):
    """Opens an archived file and says how many pages it has (raises RenderError)."""

    def __call__(self, path: Path) -> tuple[int, str]: ...


@dataclass(frozen=True)
class Refused:
    """Why an archived file cannot be read: the error's code and the sentence for staff."""

    code: str
    message: str


def inspect_archived(
    inspect: Inspector,
    data_dir: Path,
    new: records.NewDocument,
    empty_grace_seconds: float,
    place: str | None = None,
) -> tuple[int, str] | Refused:
    """The archived copy's page count and kind, or why it cannot be read: the one judgement
    of a new file and of a refused one taken in again (`retake_refused`). `place` is where
    the sentences say it came from (default: its inbox; mail intake names the message)."""
    where = place or f"in {inbox_named(new.inbox)}"
    if new.size_bytes == 0:
        return Refused(
            EmptyFile.code,
            f"{new.original_name} {where} stayed empty (0 bytes) for "
            f"{empty_grace_seconds:g} seconds; the scan or fax did not arrive. "
            "Scan or send it again.",
        )
    try:
        return inspect(data_dir / new.archive_path)
    except RenderError as error:
        # The renderer only knows the archive name (the sha256); say the original's.
        shown = error.message.replace(Path(new.archive_path).name, "the file")
        return Refused(error.code, f"{new.original_name} {where}: {shown}")


def record_new(
    database: Engine,
    data_dir: Path,
    inspect: Inspector,
    new: records.NewDocument,
    empty_grace_seconds: float,
    place: str | None = None,
    inspected: tuple[int, str] | Refused | None = None,
) -> tuple[records.Recorded, Refused | None]:
    """Record an archived file: its pages queued, or refused with the sentence (and the
    refusal returned), or noted as a duplicate of the first copy. The one step a file
    from a folder and an attachment from a mailbox share. `inspected`: the judgement of an
    identical copy made before (mail intake judges a message's attachments first)."""
    if records.find_document(database, new.sha256) is not None:
        return records.record_document(database, new, page_count=0), None
    if inspected is None:
        inspected = inspect_archived(inspect, data_dir, new, empty_grace_seconds, place)
    if isinstance(inspected, Refused):
        return records.record_failed_document(database, new, inspected.code, inspected.message), (
            inspected
        )
    page_count, kind = inspected
    new = records.NewDocument(**{**new.__dict__, "kind": kind})
    return records.record_document(database, new, page_count), None


@dataclass(frozen=True)
class Retaken:
    """A refused file taken in again: the pages queued, or why it was refused again."""

    document_id: int
    file_name: str
    pages: int  # 0 when it was refused again
    refusal: str | None = None


def retake_refused(
    database: Engine,
    data_dir: Path,
    document_id: int,
    inspect: Inspector,
    empty_grace_seconds: float,
) -> Retaken:
    """Take a refused file in again from its archived original, as intake takes a new file:
    its pages are queued, or the new reason is recorded (and it is listed again). For a
    renderer fixed since, a page limit raised, a time-out on a busy day. DocvaultError when
    the document is not a refused file (any more)."""
    with read_session(database) as session:
        document = session.get(Document, document_id)
    if document is None or not records.is_refused(document):
        raise DocvaultError(
            f"Document {document_id} is not a file waiting on the problems page any more "
            "(read meanwhile, or deleted); nothing was changed."
        )
    if document.kind == MESSAGE_KIND and document.error_class == MailUnreadable.code:
        raise DocvaultError(
            f"{document.original_name} is an e-mail kept whole because it could not be read "
            "within docvault's limits; nothing was changed here. An administrator has it read "
            "again from the archive with the `docvault mail-retry` command its sentence names, "
            "after raising the limit the sentence names."
        )
    if document.kind == MESSAGE_KIND:
        raise DocvaultError(
            f"{document.original_name} is an e-mail kept whole because nothing in it could be "
            "read; taking it in again cannot read it either, and nothing was changed. Download "
            "it, save its letters into an inbox folder, then dismiss it here."
        )
    new = records.NewDocument(
        sha256=document.sha256,
        original_name=document.original_name,
        inbox=document.inbox,
        original_path=document.original_path,
        archive_path=document.archive_path,
        size_bytes=document.size_bytes,
    )
    inspected = inspect_archived(inspect, data_dir, new, empty_grace_seconds)
    if isinstance(inspected, Refused):
        records.record_refused_again(database, document_id, inspected.code, inspected.message)
        return Retaken(document_id, document.original_name, 0, inspected.message)
    page_count, kind = inspected
    if not records.record_retried(database, document_id, page_count, kind):
        raise DocvaultError(
            f"Document {document_id} ({document.original_name}) was taken in again at the "
            "same moment elsewhere; nothing more was changed."
        )
    return Retaken(document_id, document.original_name, page_count)
