"""What ``SearchIndex`` needs of an engine's opened index folder: ``Opening`` and its answers.

A stage leaf: plain values; no engine, no database. ``docvault.search.whoosh_reader`` and
``docvault.search.tantivy_reader`` each open a folder of their engine as an ``Opening``;
``docvault.search.index.SearchIndex`` holds one, reopens it when the folder changes, and
makes the results (snippets, grouping into ``SearchResults``) the same way for both.
``rank`` groups matching pages by document, best page first, for both engines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

import numpy as np
from numpy.typing import NDArray
from whoosh import query

from docvault.search.marking import Analysis


@dataclass(frozen=True)
class ShownPage:
    """What a result line shows of one page (the index stores it; the text it does not)."""

    page_id: int
    page_number: int
    file_name: str
    inbox: str
    received: datetime


ScoredPages = list[tuple[float, ShownPage]]


@dataclass(frozen=True)
class Answer:
    """One result page of a search: the shown documents in rank order, each with its
    matching pages best first; the totals; the page-text words to mark.

    ``documents_estimated``: the number of documents is an estimate (the Tantivy engine
    counts the documents of more than ``EXACT_DOCUMENT_COUNT_PAGES`` matching pages so);
    pages are always counted exactly.
    """

    documents: dict[int, ScoredPages]
    total_documents: int
    total_pages: int
    words: frozenset[str]
    documents_estimated: bool = False


class Opening(Protocol):
    """An index folder opened by its engine, on one commit of it."""

    inode: int
    parser: Any  # the query parser of the folder's schema (docvault.search.language)
    analyzer: Any  # the page text's Whoosh analyzer (names matched as page words)
    analysis: Analysis  # the page text's words as this engine indexed them, with places

    def changed(self) -> bool:
        """Whether the folder has a newer commit than this opening reads."""

    def refreshed(self) -> Opening:
        """An opening of the same folder on its newest commit."""

    def close(self) -> None: ...

    def counts(self) -> tuple[int, int]:
        """(pages, documents) in the index."""

    def entry_stamps(self) -> dict[int, int]:
        """page_id -> stamp for every page in the index."""

    def answer(
        self, parsed: query.Query, text: str, shown: slice, on_step: Callable[[], None]
    ) -> Answer:
        """The documents ``shown`` (a slice of the ranked documents) of a search."""

    def document_pages(
        self, parsed: query.Query, text: str, document_id: int, on_step: Callable[[], None]
    ) -> tuple[list[int], frozenset[str]]:
        """The page numbers of one document that a search matches, best first, and the
        page-text words it matched."""


@dataclass(frozen=True)
class Ranking:
    """Matching pages best first, with each page's document, and the documents ranked by
    their best page (ties: the page found first)."""

    pages: NDArray[np.int64]
    scores: NDArray[np.float64]
    documents: NDArray[np.int64]
    documents_in_order: list[int]

    def pages_of(self, shown: Sequence[int]) -> dict[int, list[tuple[float, int]]]:
        """(score, page number in the index) of every matching page of the shown
        documents, best first, by document, in the order of ``shown``."""
        found: dict[int, list[tuple[float, int]]] = {document: [] for document in shown}
        selected = np.flatnonzero(np.isin(self.documents, np.array(shown, np.int64)))
        for rank_of_page in selected.tolist():
            document = int(self.documents[rank_of_page])
            page = (float(self.scores[rank_of_page]), int(self.pages[rank_of_page]))
            found[document].append(page)
        return found


def rank(
    pages: NDArray[np.int64], scores: NDArray[np.float64], document_ids: NDArray[np.int64]
) -> Ranking:
    """``pages`` (numbers that index ``document_ids``) with their ``scores``, ranked."""
    order = np.lexsort((pages, -scores))
    ranked = pages[order]
    documents = document_ids[ranked]
    unique, first_rank = np.unique(documents, return_index=True)
    in_order = unique[np.argsort(first_rank)].tolist()
    return Ranking(ranked, scores[order], documents, in_order)
