"""The Tantivy engine's searching: a Tantivy index folder opened as an ``Opening``.

A stage leaf: a folder in, ``Answer`` values out; no database. A search is parsed by the
same parser as Whoosh's (``docvault.search.language``, with the schema and stemming the
folder was built with), turned into a Tantivy query (``docvault.search.tantivy_query``) and
answered by Tantivy in Rust: the best pages, their count, and their documents' ids from a
column. Documents are ranked by their best page as in the Whoosh engine
(``docvault.search.reader.rank``).

Tantivy does not hand out every match as the Whoosh engine's arrays do, so the number of
documents is exact up to ``EXACT_DOCUMENT_COUNT_PAGES`` matching pages (all of them are
read, about 3 ms for 10,000); beyond, the documents shown are still exactly the best ones,
and their number is Tantivy's HyperLogLog estimate (within a few per cent), marked as such.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import tantivy
from whoosh import query

from docvault.search.folder import TANTIVY_META, open_tantivy, stemming_of
from docvault.search.language import make_parser
from docvault.search.marking import tantivy_analysis
from docvault.search.reader import Answer, ScoredPages, ShownPage, rank
from docvault.search.schema import as_page_words, build_schema
from docvault.search.tantivy_query import Translation
from docvault.search.tantivy_schema import common_words, shown_fields

EXACT_DOCUMENT_COUNT_PAGES = 20_000
# Pages read first for a result page of documents: most documents have one to four pages.
FIRST_PAGES = 200
# The pages of one shown document, at most (a document of more pages lists these).
MOST_PAGES_OF_DOCUMENTS = 10_000


@dataclass(frozen=True)
class PageBounds:
    """How many of a search's matching pages are read first (``first``), and up to how many
    every one is read so that the documents are counted exactly (``exact_count``)."""

    first: int = FIRST_PAGES
    exact_count: int = EXACT_DOCUMENT_COUNT_PAGES


@functools.cache
def _parser_and_analyzer(stemming_language: str | None) -> tuple[Any, Any]:
    """Whoosh's parser and page-text analyzer of the schema the folder was built with."""
    schema = build_schema(stemming_language)
    return make_parser(schema), schema["text"].analyzer


def _meta_signature(directory: Path) -> tuple[int, int, int]:
    """Tantivy replaces meta.json at each commit: its inode and time tell a new commit."""
    found = os.stat(directory / TANTIVY_META)
    return found.st_ino, found.st_mtime_ns, found.st_size


class TantivyOpening:
    """A Tantivy index folder opened on its newest commit."""

    def __init__(
        self,
        directory: Path,
        inode: int,
        opened: tantivy.Index | None = None,
        bounds: PageBounds = PageBounds(),
    ) -> None:
        self.directory = directory
        self.bounds = bounds
        self.inode = inode
        # Read before the searcher: a commit in between is then seen as a change.
        self.signature = _meta_signature(directory)
        if opened is None:
            opened = open_tantivy(directory)
            opened.config_reader(reload_policy="manual")
        else:
            opened.reload()
        self.index = opened
        self.searcher = opened.searcher()
        self.schema = opened.schema
        stemming = stemming_of(directory)
        self.common = common_words(stemming)
        self.parser, self.analyzer = _parser_and_analyzer(stemming)
        self.analysis = tantivy_analysis(stemming)
        self._counts: tuple[int, int] | None = None

    def changed(self) -> bool:
        try:
            return _meta_signature(self.directory) != self.signature
        except FileNotFoundError:
            return False  # mid-swap: keep answering from this commit

    def refreshed(self) -> TantivyOpening:
        return TantivyOpening(self.directory, self.inode, self.index, self.bounds)

    def close(self) -> None:
        """Nothing to close: Tantivy unmaps a commit's files once no searcher holds them."""

    def counts(self) -> tuple[int, int]:
        if self._counts is None:
            document_ids = self._every_page_column("document_id")
            self._counts = (len(document_ids), len(np.unique(document_ids)))
        return self._counts

    def entry_stamps(self) -> dict[int, int]:
        addresses = self._every_page()
        page_ids = self.searcher.fast_field_values("page_id", addresses)
        stamps = self.searcher.fast_field_values("stamp", addresses)
        return dict(zip(_integers(page_ids), _integers(stamps), strict=True))

    def answer(
        self, parsed: query.Query, text: str, shown: slice, on_step: Callable[[], None]
    ) -> Answer:
        translation = Translation(self.searcher, self.schema, self.common, on_step)
        found = translation.run(parsed)
        on_step()
        result = self.searcher.search(found, self.bounds.first, count=True)
        total = int(result.count or 0)  # type: ignore[attr-defined]  # (missing from the stub)
        hits = result.hits
        if len(hits) < total <= self.bounds.exact_count:
            hits = self.searcher.search(found, total, count=False).hits
        document_ids = self._document_ids(hits)
        needed = shown.stop or 0
        while len(hits) < total and len(np.unique(document_ids)) < needed:
            on_step()  # more pages: the documents shown are not among the best read yet
            hits = self.searcher.search(found, len(hits) * 4, count=False).hits
            document_ids = self._document_ids(hits)
        words = self._marked(translation)
        ranking = rank(np.arange(len(hits)), _scores(hits), document_ids)
        shown_documents = ranking.documents_in_order[shown]
        if len(hits) >= total:
            pages = {
                document: [(score, hits[place][1]) for score, place in listed]
                for document, listed in ranking.pages_of(shown_documents).items()
            }
            return Answer(self._shown(pages), len(ranking.documents_in_order), total, words)
        estimate = round(self.searcher.cardinality(found, "document_id"))
        return Answer(
            self._shown(self._pages_of(found, shown_documents)),
            min(total, max(estimate, len(ranking.documents_in_order))),
            total,
            words,
            documents_estimated=True,
        )

    def document_pages(
        self, parsed: query.Query, text: str, document_id: int, on_step: Callable[[], None]
    ) -> tuple[list[int], frozenset[str]]:
        translation = Translation(self.searcher, self.schema, self.common, on_step)
        found = translation.run(parsed)
        pages = self._shown(self._pages_of(found, [document_id])).get(document_id, [])
        return [page.page_number for _, page in pages], self._marked(translation)

    def _marked(self, translation: Translation) -> frozenset[str]:
        """The words to mark in the page text: its own, and the names the facts matched."""
        return frozenset(translation.words) | as_page_words(translation.name_words, self.analyzer)

    # --------------------------------------------------------------- reading

    def _pages_of(
        self, found: tantivy.Query, documents: Sequence[int]
    ) -> dict[int, list[tuple[float, tantivy.DocAddress]]]:
        """Every page of ``documents`` that ``found`` matches, best first, by document, in
        the order of ``documents``; scored as ``found`` alone scores them."""
        if not documents:
            return {}
        of_documents = tantivy.Query.const_score_query(
            tantivy.Query.term_set_query(self.schema, "document_id", list(documents)), 0.0
        )
        both = tantivy.Query.boolean_query(
            [(tantivy.Occur.Must, found), (tantivy.Occur.Must, of_documents)]
        )
        hits = self.searcher.search(both, MOST_PAGES_OF_DOCUMENTS, count=False).hits
        ranking = rank(np.arange(len(hits)), _scores(hits), self._document_ids(hits))
        return {
            document: [(score, hits[place][1]) for score, place in listed]
            for document, listed in ranking.pages_of(documents).items()
        }

    def _shown(
        self, pages: dict[int, list[tuple[float, tantivy.DocAddress]]]
    ) -> dict[int, ScoredPages]:
        return {
            document: [(score, self._shown_page(address)) for score, address in listed]
            for document, listed in pages.items()
        }

    def _shown_page(self, address: tantivy.DocAddress) -> ShownPage:
        stored = self.searcher.doc(address)
        shown = shown_fields(stored.get_first("shown") or b"")
        return ShownPage(
            page_id=int(stored.get_first("page_id") or 0),
            page_number=int(shown["page_number"]),
            file_name=shown["file"],
            inbox=shown["inbox"],
            received=shown["received_at"],
        )

    def _document_ids(self, hits: Sequence[tuple[float, tantivy.DocAddress]]) -> np.ndarray:
        addresses = [address for _, address in hits]
        if not addresses:
            return np.empty(0, np.int64)
        return np.array(self.searcher.fast_field_values("document_id", addresses), np.int64)

    def _every_page(self) -> list[tantivy.DocAddress]:
        count = self.searcher.num_docs
        if count == 0:
            return []
        hits = self.searcher.search(tantivy.Query.all_query(), count, count=False).hits
        return [address for _, address in hits]

    def _every_page_column(self, name: str) -> np.ndarray:
        addresses = self._every_page()
        return np.array(self.searcher.fast_field_values(name, addresses), np.int64)


def _integers(values: Sequence[int | float | bool | None]) -> list[int]:
    """A column's values (every page has each column docvault reads) as integers."""
    return [int(value or 0) for value in values]


def _scores(hits: Sequence[tuple[float, tantivy.DocAddress]]) -> np.ndarray:
    return np.array([score for score, _ in hits], np.float64)
