"""How a query is answered: ``SearchIndex``, the index folder opened for searching.

A stage leaf: plain values in and out, no database; page texts for the snippets come from
a loader the caller passes in (the index stores no text; ``docvault.search.pages.search``
passes the database's). ``SearchIndex.search`` reads in the order the answer is made: parse
the query (``docvault.search.language``), evaluate it over the posting lists
(``docvault.search.evaluate``), rank the pages and group them by document (``rank``), read
the shown pages' stored fields, and highlight their snippets (``docvault.search.highlight``).

``SearchIndex`` is the one object that the web view, the CLI and the outbox driver hold for
an index folder: thread-safe, reopened when the index changes or a rebuild swaps a new folder
in, and plain about a folder that is missing, damaged or being rebuilt (a search then raises
SearchIndexError saying which, and the counts are 0).
"""

from __future__ import annotations

import dataclasses
import logging
import os
import threading
import time
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from whoosh import index, query
from whoosh.qparser import QueryParser

from docvault.errors import QuerySyntaxError, SearchIndexError
from docvault.search.evaluate import MAX_EXPANSION, Evaluation, Matches, TooManyWords
from docvault.search.folder import REBUILD_ADVICE, collect_leaked_segment_files, is_unmade
from docvault.search.highlight import Highlighter
from docvault.search.language import deadline_check, make_parser, parse
from docvault.search.postings import Segment, SegmentCache
from docvault.search.results import DocumentHit, DocumentMatches, SearchHit, SearchResults

logger = logging.getLogger(__name__)

TextLoader = Callable[[Sequence[int]], Mapping[int, str]]


@dataclass(frozen=True)
class _Opened:
    """One opening of the folder: Whoosh's index, a searcher on its newest commit with the
    searcher's segments, the folder's inode (a rebuild swaps in another) and a parser."""

    index: Any
    searcher: Any
    segments: list[Segment]
    inode: int
    generation: int
    parser: QueryParser


class SearchIndex:
    """Thread-safe searches and counts over one index folder (reopened when it changes)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        # Set by the outbox driver while it rebuilds the folder: a search says so.
        self.rebuilding = False
        # Set by the outbox driver while a server fault (the index's disk full or read-only)
        # keeps pages in the outbox: the sentence; a search says it may miss them.
        self.behind: str | None = None
        self._lock = threading.RLock()
        # Published whole (a tuple swapped in), read without the lock by _counts.
        self._last_counts: tuple[int, int] | None = None
        self._segment_cache = SegmentCache()
        # Published whole too; None while the folder is missing or cannot be opened.
        self._opened: _Opened | None = None
        # A missing (or empty) folder is a first start (the writer makes it), not a problem.
        if not is_unmade(directory):
            self._open_or_warn()

    @classmethod
    def open_or_none(cls, directory: Path) -> SearchIndex | None:
        """Open the index, or return None if it is missing or cannot be read."""
        opened = cls(directory)
        return opened if opened.is_open else None

    @property
    def is_open(self) -> bool:
        return self._opened is not None

    def _open_or_warn(self) -> None:
        """Open the folder, or log why it cannot be opened and stay closed."""
        try:
            self._opened = self._open()
            self._counts()  # so that a status page never waits, not even the first one
            return
        except SearchIndexError as error:
            self._opened = None
            logger.warning("%s", error.message)  # not the error: its traceback holds files
        # Collected only now: the traceback kept the leaked segment file alive until here.
        collect_leaked_segment_files()

    def _open(self) -> _Opened:
        try:
            # A damaged segment makes Whoosh drop its file unclosed while it handles the
            # error: that ResourceWarning is Whoosh's; the answer is ours (rebuild).
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", ResourceWarning)
                opened = index.open_dir(str(self.directory))
            inode = os.stat(self.directory).st_ino
        except Exception as error:  # a damaged index fails in many ways
            raise self._cannot_open(error) from error
        searcher, segments = self._searcher_of(opened)
        generation = opened.latest_generation()
        return _Opened(opened, searcher, segments, inode, generation, make_parser(opened.schema))

    def _searcher_of(self, opened: Any) -> tuple[Any, list[Segment]]:
        """A searcher on the newest commit of ``opened``, with its segments' columns."""
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", ResourceWarning)
                searcher = opened.searcher()
                return searcher, self._segment_cache.segments(searcher)
        except Exception as error:  # a damaged index fails in many ways
            raise self._cannot_open(error) from error

    def _cannot_open(self, error: Exception) -> SearchIndexError:
        return SearchIndexError(
            f"The search index {self.directory} cannot be opened "
            f"({type(error).__name__}: {error}). {REBUILD_ADVICE}"
        )

    def _unavailable(self) -> SearchIndexError:
        reason = (
            "is being rebuilt from the database; try again in a minute"
            if self.rebuilding
            else "is missing or damaged; start the docvault service or run "
            "`docvault reindex` to rebuild it"
        )
        return SearchIndexError(f"The search index {self.directory} {reason}.")

    def reopen(self) -> None:
        """Open the folder afresh (after a commit, or a rebuild that swapped a new index
        in); the old searcher keeps answering if the new one cannot be opened."""
        with self._lock:
            if self._opened is None:
                self._open_or_warn()
                return
            old = self._opened.searcher
            self._opened = self._open()
            old.close()

    def close(self) -> None:
        with self._lock:
            if self._opened is not None:
                self._opened.searcher.close()

    def _current(self) -> _Opened:
        """The opening on the newest commit; reopens if the folder was swapped."""
        opened = self._opened
        if opened is None:
            raise self._unavailable()
        try:
            inode = os.stat(self.directory).st_ino
        except FileNotFoundError:
            return opened  # mid-swap: keep answering from the old index
        if inode != opened.inode:
            self.reopen()
        elif opened.index.latest_generation() != opened.generation:
            # Searcher.refresh() misses commits that only delete, so open a new searcher.
            searcher, segments = self._searcher_of(opened.index)
            self._opened = dataclasses.replace(
                opened,
                searcher=searcher,
                segments=segments,
                generation=opened.index.latest_generation(),
            )
            opened.searcher.close()
        assert self._opened is not None
        return self._opened

    # --------------------------------------------------------------- counts and stamps

    def page_count(self) -> int:
        return self._counts()[0]

    def document_count(self) -> int:
        return self._counts()[1]

    def _counts(self) -> tuple[int, int]:
        """(pages, documents) in the index. Counted afresh when no search holds the index;
        while one does, the last counts are answered: the status page must not wait for a
        search (issue 13: two hostile searches held /api/status for 39.8 s)."""
        if self._opened is None:
            return 0, 0
        if not self._lock.acquire(blocking=self._last_counts is None):
            assert self._last_counts is not None
            return self._last_counts
        try:
            opened = self._current()
            every = Evaluation(opened.searcher, opened.segments).every_page()
            documents = len(np.unique(_document_ids(opened.segments)[every.docnums]))
            self._last_counts = (int(opened.searcher.doc_count()), documents)
            return self._last_counts
        finally:
            self._lock.release()

    def page_ids(self) -> set[int]:
        return set(self.entry_stamps())

    def entry_stamps(self) -> dict[int, int]:
        """page_id -> stamp for every page in the index, for the consistency check."""
        with self._lock:
            reader = self._current().searcher.reader()
            if reader.doc_count_all() == 0:
                return {}
            page_ids = reader.column_reader("page_id")
            stamps = reader.column_reader("stamp")
            return {int(page_ids[docnum]): int(stamps[docnum]) for docnum in reader.all_doc_ids()}

    # --------------------------------------------------------------- search

    def parse(self, text: str) -> query.Query:
        """Parse a search box query; QuerySyntaxError says what is wrong with it."""
        opened = self._opened
        if opened is None:
            raise self._unavailable()
        return parse(opened.parser, text)

    def search(
        self,
        text: str,
        page: int = 1,
        per_page: int = 20,
        texts: TextLoader | None = None,
        snippet_pages: int = 1,
    ) -> SearchResults:
        """Search and return one page of documents, best first.

        ``texts`` loads page Markdown by page id (from the database) for the snippets of the
        pages shown; each document's best ``snippet_pages`` pages get a snippet, its other
        matching pages are listed with an empty one.
        """
        started = time.perf_counter()
        check_time = deadline_check(text)
        if self._opened is None:
            raise self._unavailable()
        if page < 1 or per_page < 1:
            raise QuerySyntaxError("Result pages are numbered from 1 and hold at least 1 hit.")
        if not text.strip():
            return SearchResults(text, 0, 0, [], page, per_page, time.perf_counter() - started)
        with self._lock:
            opened = self._current()
            parsed = parse(opened.parser, text)
            evaluation = Evaluation(opened.searcher, opened.segments, on_step=check_time)
            ranking = rank(_evaluate(evaluation, parsed, text), _document_ids(opened.segments))
            shown = ranking.documents_in_order[(page - 1) * per_page : page * per_page]
            pages = _stored_pages(opened.searcher, ranking.pages_of(shown))
            highlighter = Highlighter(
                frozenset(evaluation.matched_words), opened.searcher.schema["text"].analyzer
            )
        # Outside the lock: the texts come from the database, and nothing here needs the
        # searcher, which a commit may replace meanwhile.
        documents = _document_hits(pages, highlighter, texts, snippet_pages, check_time)
        seconds = time.perf_counter() - started
        return SearchResults(
            text,
            len(ranking.documents_in_order),
            len(ranking.pages),
            documents,
            page,
            per_page,
            seconds,
        )

    def document_matches(self, text: str, document_id: int) -> DocumentMatches:
        """The pages of one document that a search matches (best first) and its words,
        for the viewer a search result leads to; bounded like a search."""
        check_time = deadline_check(text)
        if self._opened is None:
            raise self._unavailable()
        with self._lock:
            opened = self._current()
            evaluation = Evaluation(opened.searcher, opened.segments, on_step=check_time)
            matches = _evaluate(evaluation, parse(opened.parser, text), text)
            ranking = rank(matches, _document_ids(opened.segments))
            pages = _stored_pages(opened.searcher, ranking.pages_of([document_id]))
            return DocumentMatches(
                [fields_of_page["page_number"] for _, fields_of_page in pages[document_id]],
                frozenset(evaluation.matched_words),
                opened.searcher.schema["text"].analyzer,
            )


def _document_ids(segments: Sequence[Segment]) -> np.ndarray:
    """The document id of every page, by top-level page number."""
    parts = [segment.columns.document_ids for segment in segments]
    return np.concatenate(parts) if parts else np.empty(0, np.int64)


def _evaluate(evaluation: Evaluation, parsed: query.Query, text: str) -> Matches:
    try:
        return evaluation.run(parsed)
    except TooManyWords as error:
        raise QuerySyntaxError(
            f"In the search {text!r}, {error.pattern!r} stands for {error.count:,} "
            f"different words; docvault searches at most {MAX_EXPANSION:,}: type more "
            f"letters of the word."
        ) from None


@dataclass(frozen=True)
class Ranking:
    """Matching pages best first, with each page's document, and the documents ranked by
    their best page (ties: the page indexed first)."""

    pages: np.ndarray
    scores: np.ndarray
    documents: np.ndarray
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


def rank(matches: Matches, document_ids: np.ndarray) -> Ranking:
    order = np.lexsort((matches.docnums, -matches.scores))
    pages = matches.docnums[order]
    documents = document_ids[pages]
    unique, first_rank = np.unique(documents, return_index=True)
    in_order = unique[np.argsort(first_rank)].tolist()
    return Ranking(pages, matches.scores[order], documents, in_order)


StoredPages = dict[int, list[tuple[float, dict[str, Any]]]]


def _stored_pages(
    searcher: Any, pages_by_document: Mapping[int, list[tuple[float, int]]]
) -> StoredPages:
    """(score, stored fields) of each listed page, by document."""
    return {
        document_id: [(score, searcher.stored_fields(docnum)) for score, docnum in pages]
        for document_id, pages in pages_by_document.items()
    }


def _document_hits(
    pages: StoredPages,
    highlighter: Highlighter,
    texts: TextLoader | None,
    snippet_pages: int,
    check_time: Callable[[], None],
) -> list[DocumentHit]:
    wanted = [
        fields_of_page["page_id"]
        for listed in pages.values()
        for _, fields_of_page in listed[:snippet_pages]
    ]
    markdown = dict(texts(wanted)) if texts is not None and wanted else {}

    def snippet(fields_of_page: dict[str, Any]) -> str:
        check_time()
        source = markdown.get(fields_of_page["page_id"])
        return highlighter.snippet(source) if source is not None else ""

    documents = []
    for document_id, listed in pages.items():
        hits = [
            SearchHit(
                document_id=document_id,
                file_name=fields_of_page["file"],
                page=fields_of_page["page_number"],
                snippet=snippet(fields_of_page) if place < snippet_pages else "",
                score=score,
            )
            for place, (score, fields_of_page) in enumerate(listed)
        ]
        best = listed[0][1]
        documents.append(
            DocumentHit(
                document_id=document_id,
                file_name=best["file"],
                inbox=best["inbox"],
                received=best["received_at"],
                pages=hits,
                score=hits[0].score,
            )
        )
    return documents
