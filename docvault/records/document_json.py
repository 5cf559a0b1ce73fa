"""The one JSON description of a document, for every reader outside the web pages.

    documents + pages + duplicates + facts (facts.store) ──> describe / describe_all
        ──> `docvault documents --json`, `GET /api/documents/ID`, the hand-over's `document`

Each field is named here once (docs/document-json.md explains them, docs/document.schema.json
is their schema, tests/records/test_document_json.py holds all three outputs to it). The callers
differ only in their `Audience`: the address a reader reaches the web view at (without one
there are no links), whether it may see server paths (administrators), and whether the
pages' text travels inline (a hand-over with `handover_page_texts = "inline"`). A field
always has its place: what is not known or not given is null, never left out, except the
server paths, which only an administrator's description has.

The facts are the facts panel's (`facts.store.facts_of`): the value that counts (a person's,
else docvault's proposal), its state and who confirmed it when.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session, col, select

from docvault.db import read_session
from docvault.facts import FactView, facts_of_documents
from docvault.models import Document, Duplicate, Page, split_tags
from docvault.records.mailstore import MailOrigin, origins_of
from docvault.textutil import strip_markup
from docvault.transcription import ArchiveCopy, newest_kept_copy
from docvault.vocabulary import DocumentStatus, PageStatus

# Documents described per round of queries: SQLite takes at most 32,766 values in one
# IN (...), and 500 documents' pages and facts are a few megabytes at most.
BATCH_DOCUMENTS = 500
# A document whose pages are all read (done, or a person must look): its searchable PDF
# can be made.
FINISHED_STATES = (DocumentStatus.done.value, DocumentStatus.attention.value)


@dataclass(frozen=True)
class Audience:
    """Who reads the description: what it may see and where it reaches docvault."""

    # The web view's address as the reader reaches it ("https://docvault.praxis.example");
    # "" gives site-relative links (the web view's own API); None: no links at all.
    base_url: str | None = None
    # Server paths (archive_path, original_path): for administrators only.
    paths: bool = False
    # Each page's transcription inline (`text`); else `text` is null and `text_url` says
    # where the JSON API has it.
    texts: bool = False
    # The data folder, where the archive copies are kept: `pdfa` says whether the one made
    # is a PDF/A. None: `pdfa` is null.
    data_dir: Path | None = None


def describe(database: Engine, document_id: int, audience: Audience) -> dict[str, Any] | None:
    """The description of one document; None when there is no such document."""
    with read_session(database) as session:
        document = session.get(Document, document_id)
        if document is None:
            return None
        (described,) = _describe_batch(session, [document], audience)
    return described


def describe_all(
    database: Engine, audience: Audience, status: str | None = None, arrived_again: bool = False
) -> list[dict[str, Any]]:
    """Every document in id order, read in one snapshot; `status` keeps those in that
    state, `arrived_again` those whose bytes arrived more than once (with duplicates)."""
    statement = select(Document).order_by(col(Document.id))
    if status is not None:
        statement = statement.where(Document.status == status)
    if arrived_again:
        statement = statement.where(col(Document.id).in_(select(Duplicate.document_id)))
    with read_session(database) as session:
        documents = list(session.exec(statement))
        return [
            described
            for batch in _batches(documents)
            for described in _describe_batch(session, batch, audience)
        ]


def _batches(documents: Sequence[Document]) -> Iterator[Sequence[Document]]:
    for start in range(0, len(documents), BATCH_DOCUMENTS):
        yield documents[start : start + BATCH_DOCUMENTS]


def _describe_batch(
    session: Session, documents: Sequence[Document], audience: Audience
) -> list[dict[str, Any]]:
    """Descriptions of the documents, with four queries whatever their number."""
    ids = [document.id for document in documents if document.id is not None]
    pages = _pages_by_document(session, ids)
    duplicates = _duplicates_by_document(session, ids)
    facts = facts_of_documents(session, ids)
    mail = origins_of(session, ids)
    return [
        _document(
            document,
            pages.get(document.id, []),
            duplicates.get(document.id, []),
            facts[document.id],
            mail.get(document.id),
            audience,
        )
        for document in documents
        if document.id is not None
    ]


def _pages_by_document(session: Session, document_ids: Sequence[int]) -> dict[int, list[Page]]:
    statement = (
        select(Page)
        .where(col(Page.document_id).in_(document_ids))
        .order_by(col(Page.document_id), col(Page.number))
    )
    found: dict[int, list[Page]] = {}
    for page in session.exec(statement):
        found.setdefault(page.document_id, []).append(page)
    return found


def _duplicates_by_document(
    session: Session, document_ids: Sequence[int]
) -> dict[int, list[Duplicate]]:
    statement = (
        select(Duplicate)
        .where(col(Duplicate.document_id).in_(document_ids))
        .order_by(col(Duplicate.received_at), col(Duplicate.id))
    )
    found: dict[int, list[Duplicate]] = {}
    for duplicate in session.exec(statement):
        found.setdefault(duplicate.document_id, []).append(duplicate)
    return found


def _document(
    document: Document,
    pages: Sequence[Page],
    duplicates: Sequence[Duplicate],
    facts: Sequence[FactView],
    mail: MailOrigin | None,
    audience: Audience,
) -> dict[str, Any]:
    assert document.id is not None
    described: dict[str, Any] = {
        "id": document.id,
        "file_name": document.original_name,
        "inbox": document.inbox,
        "tags": list(split_tags(document.tags)),
        "kind": document.kind,
        "size_bytes": document.size_bytes,
        "sha256": document.sha256,
        "received_at": document.received_at.isoformat(),
        "status": document.status,
        "error": document.error,
        "error_code": document.error_class,
        "handled_at": _time(document.handled_at),
        "handled_by": document.handled_by,
        **_links(document, audience),
        **_archive_copy(document, audience),
        "duplicates": [_duplicate(duplicate, audience) for duplicate in duplicates],
        "facts": {fact.field: _fact(fact) for fact in facts},
        "mail": _mail(mail, audience),
        "page_counts": _page_counts(pages),
        "pages": [_page(page, audience) for page in pages],
    }
    if audience.paths:
        described["archive_path"] = document.archive_path
        described["original_path"] = document.original_path
    return described


def _time(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def _links(document: Document, audience: Audience) -> dict[str, str | None]:
    """The web view's pages for the document; null without an address to give them."""
    if audience.base_url is None:
        return {"document_url": None, "original_url": None, "searchable_pdf_url": None}
    at = f"{audience.base_url.rstrip('/')}/documents/{document.id}"
    finished = document.status in FINISHED_STATES
    return {
        "document_url": at,
        "original_url": f"{at}/original",
        # Made on first download, once every page is read; null while pages are being read.
        "searchable_pdf_url": f"{at}/searchable.pdf" if finished else None,
    }


def _archive_copy(document: Document, audience: Audience) -> dict[str, Any]:
    """Whether the archive copy made of the original is a validated PDF/A; null until one is
    made (on the first download, or for the hand-over command)."""
    kept = (
        None if audience.data_dir is None else newest_kept_copy(audience.data_dir, document.sha256)
    )
    if kept is None:
        return {"pdfa": None, "pdfa_level": None, "pdfa_note": None}
    return pdfa_fields(kept)


def pdfa_fields(copy: ArchiveCopy) -> dict[str, Any]:
    """`pdfa`, its level ("2u" or "2b") and, for a copy that is not one, the sentence
    saying why (`pdfa_note`)."""
    return {"pdfa": copy.pdfa, "pdfa_level": copy.level, "pdfa_note": copy.not_pdfa_reason}


def _mail(mail: MailOrigin | None, audience: Audience) -> dict[str, Any] | None:
    """The message the document arrived in (null: it did not come by mail), and the
    documents made of its other attachments: one delivery."""
    if mail is None:
        return None
    base = None if audience.base_url is None else audience.base_url.rstrip("/")
    return {
        "mailbox": mail.mailbox,
        "from": mail.sender,
        "from_address": mail.sender_address,
        "subject": mail.subject,
        "sent_at": _time(mail.sent_at),
        "message_id": mail.message_id,
        "attachment_name": mail.file_name,
        "delivered_with": [
            {
                "id": document_id,
                "file_name": name,
                "document_url": None if base is None else f"{base}/documents/{document_id}",
            }
            for document_id, name in mail.delivered_with
        ],
    }


def _duplicate(duplicate: Duplicate, audience: Audience) -> dict[str, Any]:
    """A later arrival of the same bytes: recorded, never read again."""
    described: dict[str, Any] = {
        "file_name": duplicate.original_name,
        "inbox": duplicate.inbox,
        "received_at": duplicate.received_at.isoformat(),
    }
    if audience.paths:
        described["original_path"] = duplicate.original_path
    return described


def _fact(fact: FactView) -> dict[str, Any]:
    """One fact as the facts panel holds it: an invalid stored value is no value here."""
    return {
        "value": fact.value,
        "state": fact.state,
        "proposed": fact.proposed,
        "confirmed_by": fact.confirmed_by,
        "confirmed_at": _time(fact.confirmed_at),
    }


def _page_counts(pages: Sequence[Page]) -> dict[str, int]:
    """How many pages the document has, and how many in each state (zero included)."""
    counts = {"total": len(pages), **{state.value: 0 for state in PageStatus}}
    for page in pages:
        counts[page.status] = counts.get(page.status, 0) + 1
    return counts


def _page(page: Page, audience: Audience) -> dict[str, Any]:
    text_url = None
    if audience.base_url is not None:
        base = audience.base_url.rstrip("/")
        text_url = f"{base}/api/documents/{page.document_id}/pages/{page.number}"
    return {
        "id": page.id,
        "number": page.number,
        "status": page.status,
        "error": page.error,
        "rotation": page.rotation,
        "rotation_source": page.rotation_source,
        "text_format": page.text_format,
        **_text_counts(page.markdown),
        "text": page.markdown if audience.texts else None,
        "text_url": text_url,
    }


def _text_counts(markdown: str | None) -> dict[str, int | None]:
    """Characters, words and non-empty lines of the page's text as plain words (Markdown
    and the engines' tags left out, as the index reads it); null before it has text."""
    if markdown is None:
        return {"characters": None, "words": None, "lines": None}
    plain = strip_markup(markdown)
    return {
        "characters": len(plain),
        "words": len(plain.split()),
        "lines": sum(1 for line in plain.splitlines() if line.strip()),
    }
