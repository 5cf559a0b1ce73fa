"""What a search returns: pages grouped by document, best first, and its JSON form.

Plain values; ``results_json`` is the document that ``docvault search --json`` prints and
``GET /api/search`` answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from docvault.search.marking import WordMarker


@dataclass(frozen=True)
class SearchHit:
    """One matching page; ``snippet`` is safe HTML (escaped text plus ``<mark>`` only)."""

    document_id: int
    file_name: str
    page: int
    snippet: str
    score: float


@dataclass(frozen=True)
class DocumentHit:
    """A matching document: its score is its best page's; ``pages`` are best first."""

    document_id: int
    file_name: str
    inbox: str
    received: datetime
    pages: list[SearchHit]
    score: float


@dataclass(frozen=True)
class SearchResults:
    """One page of results, counted in documents; ``seconds`` is the time the search took.

    ``documents_estimated``: ``total_documents`` is an estimate (the Tantivy engine's count
    of the documents of very many matching pages); ``total_pages`` is always exact."""

    query: str
    total_documents: int
    total_pages: int
    documents: list[DocumentHit]
    page: int
    per_page: int
    seconds: float
    documents_estimated: bool = False

    @property
    def hits(self) -> list[SearchHit]:
        """Every listed page of every listed document, in order, for the command line."""
        return [hit for document in self.documents for hit in document.pages]


def behind_sentence(waiting: int, why: str) -> str:
    """What every search says while the index cannot be written (its disk full or
    read-only): the web view, `GET /api/search` and `docvault search` alike."""
    return (
        f"The search index is behind: {waiting} page(s) read lately wait to be indexed, so "
        f"these results may miss them. {why}"
    )


def results_json(results: SearchResults, behind: str | None = None) -> dict[str, Any]:
    """The `docvault search --json` document; ``behind`` is `behind_sentence`'s, or None
    while the index is up to date."""
    return {
        "behind": behind,
        "query": results.query,
        "total": results.total_pages,
        "total_documents": results.total_documents,
        "total_documents_estimated": results.documents_estimated,
        "page": results.page,
        "per_page": results.per_page,
        "seconds": round(results.seconds, 4),
        "hits": [
            {
                "document_id": hit.document_id,
                "file_name": hit.file_name,
                "page": hit.page,
                "snippet": hit.snippet,
                "score": round(hit.score, 4),
            }
            for hit in results.hits
        ],
    }


@dataclass(frozen=True)
class DocumentMatches:
    """What one search matched in one document: its pages best first, and the words.

    ``marker`` holds the index words matched (folded, stemmed as the index stems) and the
    index's own analysis of page text, so the viewer marks them where they stand, misread
    ones too (``docvault.search.marking``).
    """

    pages: list[int]
    marker: WordMarker

    @property
    def words(self) -> frozenset[str]:
        return self.marker.words
