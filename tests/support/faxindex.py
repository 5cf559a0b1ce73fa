"""A folder index of a few fax pages, one page a document, written by either engine.

The misread-word and glued-word searches (issue 47) each index a handful of page texts and
ask which documents a search finds; the page id doubles as the document id.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

from docvault.search import FolderWriter, IndexEntry, SearchIndex
from docvault.setting_types import IndexEngine

RECEIVED = datetime(2025, 10, 1, 9, 30)


def fax_entry(page_id: int, text: str) -> IndexEntry:
    """Page 1 of document `page_id`, a fax received on RECEIVED, reading `text`."""
    return IndexEntry(
        page_id, page_id, 1, "fax", (), f"fax_{page_id}.pdf", RECEIVED, None, "done", text,
        page_id,
    )  # fmt: skip


@contextmanager
def fax_index(
    directory: Path, engine: IndexEngine, pages: Mapping[int, str]
) -> Iterator[SearchIndex]:
    """The pages written into `directory` by `engine`, opened for searching."""
    writer = FolderWriter(directory, engine=engine)
    writer.apply([fax_entry(page_id, text) for page_id, text in pages.items()], [])
    writer.close()
    searching = SearchIndex(directory)
    try:
        yield searching
    finally:
        searching.close()


def documents_found(index: SearchIndex, text: str) -> list[int]:
    """The documents a search finds, best first."""
    return [hit.document_id for hit in index.search(text, per_page=50).hits]
