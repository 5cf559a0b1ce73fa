"""How a query is answered: ``SearchIndex``, the index folder opened for searching.

A stage leaf: plain values in and out, no database; page texts for the snippets come from
a loader the caller passes in (the index stores no text; ``docvault.search.pages.search``
passes the database's). ``SearchIndex.search`` reads in the order the answer is made: parse
the query (``docvault.search.language``), let the folder's engine find the shown documents'
pages (``docvault.search.whoosh_reader`` or ``docvault.search.tantivy_reader``, chosen by
the folder's version marker: ``docvault.search.folder.engine_of``), and highlight their
snippets (``docvault.search.highlight``).

``SearchIndex`` is the one object that the web view, the CLI and the outbox driver hold for
an index folder: thread-safe, reopened when the index changes or a rebuild swaps a new folder
in (of either engine), and plain about a folder that is missing, damaged or being rebuilt (a
search then raises SearchIndexError saying which, and the counts are 0).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from whoosh import query

from docvault.errors import QuerySyntaxError, SearchIndexError
from docvault.search.evaluate import (
    MAX_EXPANSION,
    MAX_LISTED_WORDS,
    TooManyListed,
    TooManyWords,
)
from docvault.search.folder import (
    REBUILD_ADVICE,
    collect_leaked_segment_files,
    engine_of,
    is_unmade,
)
from docvault.search.highlight import Highlighter
from docvault.search.language import SEARCH_TIME_LIMIT_SECONDS, deadline_check, parse
from docvault.search.marking import WordMarker
from docvault.search.reader import Answer, Opening, ScoredPages
from docvault.search.results import DocumentHit, DocumentMatches, SearchHit, SearchResults
from docvault.search.tantivy_reader import TantivyOpening
from docvault.search.whoosh_reader import WhooshOpening
from docvault.setting_types import IndexEngine

logger = logging.getLogger(__name__)

TextLoader = Callable[[Sequence[int]], Mapping[int, str]]


class SearchIndex:
    """Thread-safe searches and counts over one index folder (reopened when it changes)."""

    def __init__(
        self,
        directory: Path,
        time_limit_seconds: float = SEARCH_TIME_LIMIT_SECONDS,
        openings: Mapping[IndexEngine, Callable[[Path, int], Opening]] | None = None,
    ) -> None:
        self.directory = directory
        # A search that runs longer is stopped (SearchTooSlow).
        self.time_limit_seconds = time_limit_seconds
        # How each engine opens the folder it wrote: OPENINGS.
        self._openings = OPENINGS if openings is None else openings
        # Set by the outbox driver while it rebuilds the folder: a search says so.
        self.rebuilding = False
        # Set by the outbox driver while a server fault (the index's disk full or read-only)
        # keeps pages in the outbox: the sentence; a search says it may miss them.
        self.behind: str | None = None
        self._lock = threading.RLock()
        # Published whole (a tuple swapped in), read without the lock by _counts.
        self._last_counts: tuple[int, int] | None = None
        # Published whole too; None while the folder is missing or cannot be opened.
        self._opened: Opening | None = None
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

    def _open(self) -> Opening:
        """The folder opened by the engine that wrote it."""
        try:
            inode = os.stat(self.directory).st_ino
            return self._openings[engine_of(self.directory)](self.directory, inode)
        except Exception as error:  # a damaged index fails in many ways
            raise self._cannot_open(error) from error

    def _refreshed(self, opened: Opening) -> Opening:
        try:
            return opened.refreshed()
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
        """Read the folder's newest commit (after a commit: what the engine read of the
        unchanged segments is kept), or open it afresh (a rebuild swapped a new index in);
        the old opening keeps answering if the new one cannot be opened."""
        with self._lock:
            old = self._opened
            if old is None:
                self._open_or_warn()
                return
            try:
                same_folder = os.stat(self.directory).st_ino == old.inode
            except FileNotFoundError:
                return  # mid-swap: keep answering from the old index
            self._opened = self._refreshed(old) if same_folder else self._open()
            old.close()

    def close(self) -> None:
        with self._lock:
            if self._opened is not None:
                self._opened.close()

    def _current(self) -> Opening:
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
        elif opened.changed():
            self._opened = self._refreshed(opened)
            opened.close()
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
            self._last_counts = self._current().counts()
            return self._last_counts
        finally:
            self._lock.release()

    def page_ids(self) -> set[int]:
        return set(self.entry_stamps())

    def entry_stamps(self) -> dict[int, int]:
        """page_id -> stamp for every page in the index, for the consistency check."""
        with self._lock:
            return self._current().entry_stamps()

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
        check_time = deadline_check(text, self.time_limit_seconds)
        if self._opened is None:
            raise self._unavailable()
        if page < 1 or per_page < 1:
            raise QuerySyntaxError("Result pages are numbered from 1 and hold at least 1 hit.")
        if not text.strip():
            return SearchResults(text, 0, 0, [], page, per_page, time.perf_counter() - started)
        with self._lock:
            opened = self._current()
            parsed = parse(opened.parser, text)
            shown = slice((page - 1) * per_page, page * per_page)
            answer = _answered(text, lambda: opened.answer(parsed, text, shown, check_time))
            highlighter = Highlighter(WordMarker(answer.words, opened.analysis))
        # Outside the lock: the texts come from the database, and nothing here needs the
        # searcher, which a commit may replace meanwhile.
        documents = _document_hits(answer, highlighter, texts, snippet_pages, check_time)
        seconds = time.perf_counter() - started
        return SearchResults(
            text,
            answer.total_documents,
            answer.total_pages,
            documents,
            page,
            per_page,
            seconds,
            documents_estimated=answer.documents_estimated,
        )

    def document_matches(self, text: str, document_id: int) -> DocumentMatches:
        """The pages of one document that a search matches (best first) and its words,
        for the viewer a search result leads to; bounded like a search."""
        check_time = deadline_check(text, self.time_limit_seconds)
        if self._opened is None:
            raise self._unavailable()
        with self._lock:
            opened = self._current()
            parsed = parse(opened.parser, text)
            pages, words = _answered(
                text, lambda: opened.document_pages(parsed, text, document_id, check_time)
            )
            return DocumentMatches(pages, WordMarker(words, opened.analysis))


def _answered(text: str, answer: Callable[[], Any]) -> Any:
    """``answer()``, with a prefix or fuzzy word that stands for too many words refused."""
    try:
        return answer()
    except TooManyWords as error:
        raise QuerySyntaxError(
            f"In the search {text!r}, {error.pattern!r} stands for {error.count:,} "
            f"different words; docvault searches at most {MAX_EXPANSION:,}: type more "
            f"letters of the word."
        ) from None
    except TooManyListed as error:
        raise QuerySyntaxError(
            f"In the search {text!r}, finding the words {error.pattern!r} stands for would "
            f"compare it with more than {MAX_LISTED_WORDS:,} words of the index, so it was "
            "not searched: type more letters of the word, keep its first letters the same "
            "(as in word~2/2), or narrow the range."
        ) from None


def _document_hits(
    answer: Answer,
    highlighter: Highlighter,
    texts: TextLoader | None,
    snippet_pages: int,
    check_time: Callable[[], None],
) -> list[DocumentHit]:
    wanted = [
        shown.page_id for listed in answer.documents.values() for _, shown in listed[:snippet_pages]
    ]
    markdown = dict(texts(wanted)) if texts is not None and wanted else {}

    def snippet(page_id: int) -> str:
        check_time()
        source = markdown.get(page_id)
        return highlighter.snippet(source) if source is not None else ""

    return [_document_hit(document_id, listed, snippet, snippet_pages)
            for document_id, listed in answer.documents.items()]  # fmt: skip


def _document_hit(
    document_id: int,
    listed: ScoredPages,
    snippet: Callable[[int], str],
    snippet_pages: int,
) -> DocumentHit:
    hits = [
        SearchHit(
            document_id=document_id,
            file_name=shown.file_name,
            page=shown.page_number,
            snippet=snippet(shown.page_id) if place < snippet_pages else "",
            score=score,
        )
        for place, (score, shown) in enumerate(listed)
    ]
    best = listed[0][1]
    return DocumentHit(
        document_id=document_id,
        file_name=best.file_name,
        inbox=best.inbox,
        received=best.received,
        pages=hits,
        score=hits[0].score,
    )


# Where an engine is chosen for reading, once: the folder's engine opens it.
OPENINGS: dict[IndexEngine, Callable[[Path, int], Opening]] = {
    "whoosh": WhooshOpening,
    "tantivy": TantivyOpening,
}
