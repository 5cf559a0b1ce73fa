"""The Whoosh engine's searching: a Whoosh index folder opened as an ``Opening``.

A stage leaf: a folder in, ``Answer`` values out; no database. A search is parsed
(``docvault.search.language``), evaluated over the posting lists as arrays
(``docvault.search.evaluate``), its pages ranked and grouped by document
(``docvault.search.reader.rank``), and the shown pages' stored fields read.
``docvault.search.index.SearchIndex`` holds the opening and reopens it after a commit.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray
from whoosh import index, query

from docvault.search.evaluate import Evaluation
from docvault.search.language import make_parser
from docvault.search.marking import whoosh_analysis
from docvault.search.postings import Segment, SegmentCache
from docvault.search.reader import Answer, ScoredPages, ShownPage, rank
from docvault.search.schema import as_page_words


class WhooshOpening:
    """A Whoosh index folder opened on its newest commit, with its segments' columns."""

    def __init__(
        self,
        directory: Path,
        inode: int,
        opened: Any | None = None,
        cache: SegmentCache | None = None,
    ) -> None:
        self.directory = directory
        self.inode = inode
        if opened is None:
            # A damaged segment makes Whoosh drop its file unclosed while it handles the
            # error: that ResourceWarning is Whoosh's; the answer is ours (rebuild).
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", ResourceWarning)
                opened = index.open_dir(str(directory))
        self.index = opened
        self.cache = cache or SegmentCache()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ResourceWarning)
            self.searcher = opened.searcher()
            self.segments: list[Segment] = self.cache.segments(self.searcher)
        self.generation = opened.latest_generation()
        self.parser = make_parser(opened.schema)
        self.analyzer = opened.schema["text"].analyzer
        self.analysis = whoosh_analysis(self.analyzer)

    def changed(self) -> bool:
        # Searcher.refresh() misses commits that only delete: compare generations.
        return bool(self.index.latest_generation() != self.generation)

    def refreshed(self) -> WhooshOpening:
        return WhooshOpening(self.directory, self.inode, self.index, self.cache)

    def close(self) -> None:
        self.searcher.close()

    def counts(self) -> tuple[int, int]:
        every = Evaluation(self.searcher, self.segments).every_page()
        documents = len(np.unique(self._document_ids()[every.docnums]))
        return int(self.searcher.doc_count()), documents

    def entry_stamps(self) -> dict[int, int]:
        reader = self.searcher.reader()
        if reader.doc_count_all() == 0:
            return {}
        page_ids = reader.column_reader("page_id")
        stamps = reader.column_reader("stamp")
        return {int(page_ids[docnum]): int(stamps[docnum]) for docnum in reader.all_doc_ids()}

    def answer(
        self, parsed: query.Query, text: str, shown: slice, on_step: Callable[[], None]
    ) -> Answer:
        evaluation = Evaluation(self.searcher, self.segments, on_step=on_step)
        matches = evaluation.run(parsed)
        ranking = rank(matches.docnums, matches.scores, self._document_ids())
        pages = ranking.pages_of(ranking.documents_in_order[shown])
        return Answer(
            self._shown(pages),
            len(ranking.documents_in_order),
            len(ranking.pages),
            self._marked(evaluation),
        )

    def document_pages(
        self, parsed: query.Query, text: str, document_id: int, on_step: Callable[[], None]
    ) -> tuple[list[int], frozenset[str]]:
        evaluation = Evaluation(self.searcher, self.segments, on_step=on_step)
        matches = evaluation.run(parsed)
        ranking = rank(matches.docnums, matches.scores, self._document_ids())
        pages = self._shown(ranking.pages_of([document_id]))[document_id]
        return [page.page_number for _, page in pages], self._marked(evaluation)

    def _marked(self, evaluation: Evaluation) -> frozenset[str]:
        """The words to mark in the page text: its own, and the names the facts matched."""
        names = as_page_words(evaluation.name_words, self.analyzer)
        return frozenset(evaluation.matched_words) | names

    def _document_ids(self) -> NDArray[np.int64]:
        """The document id of every page, by top-level page number."""
        parts = [segment.columns.document_ids for segment in self.segments]
        return np.concatenate(parts) if parts else np.empty(0, np.int64)

    def _shown(self, pages: Mapping[int, list[tuple[float, int]]]) -> dict[int, ScoredPages]:
        """(score, what is shown) of each listed page, by document."""
        return {
            document_id: [(score, _shown_page(self.searcher.stored_fields(docnum)))
                          for score, docnum in listed]
            for document_id, listed in pages.items()
        }  # fmt: skip


def _shown_page(stored: dict[str, Any]) -> ShownPage:
    return ShownPage(
        page_id=stored["page_id"],
        page_number=stored["page_number"],
        file_name=stored["file"],
        inbox=stored["inbox"],
        received=stored["received_at"],
    )
