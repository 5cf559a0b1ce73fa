"""Searching the Whoosh index: parse, evaluate, group by document, highlight.

A stage leaf: plain values in and out, no database; page texts for the snippets come from
a loader the caller passes in (the index stores no text). ``SearchIndex`` is thread-safe and
reopens its searcher when the index changes or a rebuild swaps a new directory in.

Query language (default AND between words, like a search box): ``word``, ``"a phrase"``,
``metop*``, ``mueler~`` (one edit, for OCR errors) or ``mueler~2``, ``AND``/``OR``/``NOT``,
parentheses, and the filters ``inbox:``, ``tag:``, ``file:``, ``status:``, ``received:`` and
``date:`` (the document date), and the letter's facts (``docvault.facts``, confirmed else
proposed): ``patient:``, ``born:`` (any written form of the date: ``born:12.3.61``),
``sender:`` and ``title:``. Dates are ``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD`` and mean the
whole year, month or day; ``received:>2025-01`` means after January 2025, ``>=`` from it,
``<``/``<=`` likewise, and ``received:[2025-01-01 TO 2025-03-31]`` includes both ends.

Whoosh parses; ``docvault.postings`` evaluates (whole posting lists as arrays); the results
are grouped by document here, best page first, and counted.
"""

from __future__ import annotations

import html
import itertools
import logging
import os
import re
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np
from whoosh import highlight, index, query
from whoosh.analysis import Analyzer
from whoosh.qparser import FuzzyTermPlugin, GtLtPlugin, QueryParser

from docvault.errors import QuerySyntaxError, SearchIndexError
from docvault.facts.extract import search_date
from docvault.index import FOLDING, REBUILD_ADVICE, collect_leaked_segment_files
from docvault.postings import (
    MAX_EXPANSION,
    Evaluation,
    Matches,
    Segment,
    SegmentCache,
    TooManyWords,
)
from docvault.textutil import strip_markup

logger = logging.getLogger(__name__)

USER_FIELDS = ("inbox", "tag", "file", "status", "received", "date",
               "patient", "born", "sender", "title")  # fmt: skip
MAX_EDIT_DISTANCE = 2
# "a*" read the postings of 600 words, most of them on nearly every page: 3 s on 100,000
# pages. Two letters narrow a prefix enough; a leading * would walk every word there is.
MIN_LETTERS_BEFORE_WILDCARD = 2
SNIPPET_CHARACTERS = 200
# Each snippet shows up to two fragments of the page, each with 60 characters of context
# around the marked words: one or two lines of a letter in the result list.
SNIPPET_FRAGMENTS = 2
SNIPPET_CONTEXT_CHARACTERS = 60

# Issue 13: a 60,000-character query took 37.6 s (Whoosh's parser and the highlighter's
# expression grow with it) and froze the web view for everyone. A search box query of a
# clinic is a few words; these bounds are far above that and far below any harm.
MAX_QUERY_CHARACTERS = 500
MAX_QUERY_TERMS = 32
# Every search ends within this time (checked between the steps of its evaluation and
# between its snippets): a search that needs longer is refused with advice to narrow it.
# The slowest real search on 100,000 pages took 444 ms (bench/README.md); the broadest the
# bounds allow (32 two-letter prefixes) took 3.8 s on 20,000 (bench/hostile_query_bench.py).
SEARCH_TIME_LIMIT_SECONDS = 2.0

TextLoader = Callable[[Sequence[int]], Mapping[int, str]]


class SearchTooSlow(QuerySyntaxError):
    """A search ran past its time limit and was stopped."""


def _deadline_check(text: str, deadline: float) -> Callable[[], None]:
    def check() -> None:
        if time.monotonic() > deadline:
            raise SearchTooSlow(
                f"The search {text[:80]!r} took longer than {SEARCH_TIME_LIMIT_SECONDS:g} "
                "seconds and was stopped: use fewer or longer words, or add a filter."
            )

    return check


# ----------------------------------------------------------------------------- results


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
    """One page of results, counted in documents; ``seconds`` is the time the search took."""

    query: str
    total_documents: int
    total_pages: int
    documents: list[DocumentHit]
    page: int
    per_page: int
    seconds: float

    @property
    def hits(self) -> list[SearchHit]:
        """Every listed page of every listed document, in order, for the command line."""
        return [hit for document in self.documents for hit in document.pages]


_FIELD_PREFIX = re.compile(r"(?<![\w.])([^\W\d]\w*):")
_EMPTY_FILTER = re.compile(r"(?<![\w.])([^\W\d]\w*):(?:\s|\)|$)")
_QUOTED = re.compile(r'"[^"]*"')


_OPERATORS = frozenset({"AND", "OR", "NOT", "ANDNOT", "ANDMAYBE"})


# born:12.03.1961, born:12.3.61, born:"12. März 1961": the index keeps birth dates as ISO.
_BIRTH_TERM = re.compile(r'(?<![\w.])born:("[^"]*"|[^\s()\[{]+)')


def birth_dates_as_iso(text: str) -> str:
    """The query with each ``born:`` date written the index's way (YYYY-MM-DD); a date that
    cannot be read is left as typed, for the date field to explain."""

    def as_iso(match: re.Match[str]) -> str:
        iso = search_date(match.group(1))
        return f"born:{iso}" if iso else match.group()

    return _BIRTH_TERM.sub(as_iso, text)


def _check_query_size(text: str) -> None:
    if len(text) > MAX_QUERY_CHARACTERS:
        raise QuerySyntaxError(
            f"The search is {len(text):,} characters long; docvault searches at most "
            f"{MAX_QUERY_CHARACTERS} characters: search for a few words of the letter."
        )
    # Counted before parsing, so that Whoosh never sees a long list; AND, OR and NOT are
    # not words (the parsed search is counted again, see SearchIndex.parse).
    words = [word for word in text.split() if word not in _OPERATORS]
    if len(words) > MAX_QUERY_TERMS:
        raise QuerySyntaxError(
            f"The search has {len(words)} words; docvault searches at most "
            f"{MAX_QUERY_TERMS}: search for a few distinctive words or a phrase."
        )


def _check_query_text(text: str) -> None:
    """Reject what Whoosh would silently reinterpret: open quotes, parentheses, fields."""
    if text.count('"') % 2:
        raise QuerySyntaxError(
            f"The search {text!r} opens a quotation mark it never closes: close the phrase."
        )
    # A phrase stands as one word, so that a filter on a phrase (patient:"erika mustermann")
    # is not taken for an empty filter.
    unquoted = _QUOTED.sub("phrase", text)
    depth = 0
    for character in unquoted:
        depth += {"(": 1, ")": -1}.get(character, 0)
        if depth < 0:
            break
    if depth != 0:
        raise QuerySyntaxError(f"The search {text!r} has unbalanced parentheses.")
    empty = _EMPTY_FILTER.search(unquoted)
    if empty is not None:
        raise QuerySyntaxError(
            f"The search {text!r} has the filter '{empty.group(1)}:' with nothing after it."
        )
    for match in _FIELD_PREFIX.finditer(unquoted):
        if match.group(1) not in USER_FIELDS:
            known = ", ".join(f"{name}:" for name in USER_FIELDS)
            raise QuerySyntaxError(
                f"The search {text!r} uses an unknown filter '{match.group(1)}:'. "
                f"Filters are {known}; put text with a colon in quotes."
            )


def _check_parsed(text: str, parsed: query.Query) -> None:
    for node in _walk(parsed):
        error = getattr(node, "error", None)
        if error is not None:
            raise QuerySyntaxError(f"The search {text!r} cannot be understood: {error}")
        if (
            isinstance(node, query.Prefix | query.Wildcard)
            and _letters_before_wildcard(node) < MIN_LETTERS_BEFORE_WILDCARD
        ):
            raise QuerySyntaxError(
                f"The search {text!r} needs at least {MIN_LETTERS_BEFORE_WILDCARD} letters "
                f"before a * or ?: with fewer it stands for a large part of the archive."
            )
        if isinstance(node, query.FuzzyTerm) and node.maxdist > MAX_EDIT_DISTANCE:
            raise QuerySyntaxError(
                f"The search {text!r} asks for {node.maxdist} spelling differences; "
                f"at most {MAX_EDIT_DISTANCE} are allowed (word~ or word~2)."
            )
    if parsed == query.NullQuery:
        raise QuerySyntaxError(f"The search {text!r} has no words or filters to search for.")


def _letters_before_wildcard(node: query.Prefix | query.Wildcard) -> int:
    if isinstance(node, query.Prefix):
        return len(node.text)
    return len(re.split(r"[*?]", node.text, maxsplit=1)[0])


def _walk(node: query.Query) -> Iterable[query.Query]:
    yield node
    for child in node.children():
        yield from _walk(child)


class _MarkFormatter(highlight.Formatter):  # type: ignore[misc]
    """Escape each piece of page text before any markup is added; mark matches only.

    Escaping the pieces (rather than the whole text before tokenizing) means a match can
    never land inside an entity such as ``&lt;`` and break it.
    """

    between = " … "

    def _text(self, text: str) -> str:
        return html.escape(text, quote=True)

    def format_token(self, text: str, token: Any, replace: bool = False) -> str:
        return f"<mark>{html.escape(highlight.get_text(text, token, replace), quote=True)}</mark>"


class SearchIndex:
    """Thread-safe searches over one index directory (reopened when it changes)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._lock = threading.RLock()
        # Published whole (a tuple swapped in), read without the lock by _counts.
        self._last_counts: tuple[int, int] | None = None
        self._segment_cache = SegmentCache()
        self._open()
        self._counts()  # so that a status page never waits, not even the first one

    @classmethod
    def open_or_none(cls, directory: Path) -> SearchIndex | None:
        """Open the index, or return None if it is missing or cannot be read."""
        try:
            return cls(directory)
        except SearchIndexError as error:
            logger.warning("%s", error.message)  # not the error: its traceback holds files
        # Collected only now: the traceback kept the leaked segment file alive until here.
        collect_leaked_segment_files()
        return None

    def _open(self) -> None:
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
        self._index = opened
        self._searcher = searcher
        self._segments = segments
        self._inode = inode
        self._generation = opened.latest_generation()
        self._parser = QueryParser("text", opened.schema)
        self._parser.add_plugin(FuzzyTermPlugin())
        self._parser.add_plugin(GtLtPlugin())

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

    def reopen(self) -> None:
        """Open the directory afresh (after a rebuild swapped a new index in); the old
        searcher keeps answering if the new one cannot be opened."""
        with self._lock:
            old = self._searcher
            self._open()
            old.close()

    def close(self) -> None:
        with self._lock:
            self._searcher.close()

    def _current(self) -> Any:
        """The searcher on the newest commit; reopens if the directory was swapped."""
        try:
            inode = os.stat(self.directory).st_ino
        except FileNotFoundError:
            return self._searcher  # mid-swap: keep answering from the old index
        if inode != self._inode:
            self.reopen()
        elif self._index.latest_generation() != self._generation:
            # Searcher.refresh() misses commits that only delete, so open a new searcher.
            old = self._searcher
            self._searcher, self._segments = self._searcher_of(self._index)
            self._generation = self._index.latest_generation()
            old.close()
        return self._searcher

    def _document_ids(self) -> np.ndarray:
        """The document id of every page, by top-level page number."""
        parts = [segment.columns.document_ids for segment in self._segments]
        return np.concatenate(parts) if parts else np.empty(0, np.int64)

    # --------------------------------------------------------------- counts and stamps

    def page_count(self) -> int:
        return self._counts()[0]

    def document_count(self) -> int:
        return self._counts()[1]

    def _counts(self) -> tuple[int, int]:
        """(pages, documents) in the index. Counted afresh when no search holds the index;
        while one does, the last counts are answered: the status page must not wait for a
        search (issue 13: two hostile searches held /api/status for 39.8 s)."""
        if not self._lock.acquire(blocking=self._last_counts is None):
            assert self._last_counts is not None
            return self._last_counts
        try:
            searcher = self._current()
            every = Evaluation(searcher, self._segments).every_page()
            documents = len(np.unique(self._document_ids()[every.docnums]))
            self._last_counts = (int(searcher.doc_count()), documents)
            return self._last_counts
        finally:
            self._lock.release()

    def page_ids(self) -> set[int]:
        return set(self.entry_stamps())

    def entry_stamps(self) -> dict[int, int]:
        """page_id -> stamp for every page in the index, for the consistency check."""
        with self._lock:
            reader = self._current().reader()
            if reader.doc_count_all() == 0:
                return {}
            page_ids = reader.column_reader("page_id")
            stamps = reader.column_reader("stamp")
            return {int(page_ids[docnum]): int(stamps[docnum]) for docnum in reader.all_doc_ids()}

    # --------------------------------------------------------------- search

    def parse(self, text: str) -> query.Query:
        """Parse a search box query; QuerySyntaxError says what is wrong with it."""
        _check_query_size(text)
        _check_query_text(text)
        try:
            parsed = self._parser.parse(birth_dates_as_iso(text))
        except (IndexError, ValueError, TypeError, KeyError, AttributeError) as error:
            # Whoosh's parser fails on some inputs instead of reporting them ('<b' and '<x'
            # gave an IndexError and a 500, issue 13).
            raise QuerySyntaxError(
                f"The search {text[:80]!r} cannot be understood near its symbols; put "
                "words with symbols such as < > ( ) : in quotes."
            ) from error
        _check_parsed(text, parsed)
        leaves = sum(1 for node in _walk(parsed) if not node.children())
        if leaves > MAX_QUERY_TERMS:
            raise QuerySyntaxError(
                f"The search stands for {leaves} words and filters; docvault searches at "
                f"most {MAX_QUERY_TERMS}: search for fewer."
            )
        return parsed

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
        check_time = _deadline_check(text, time.monotonic() + SEARCH_TIME_LIMIT_SECONDS)
        if page < 1 or per_page < 1:
            raise QuerySyntaxError("Result pages are numbered from 1 and hold at least 1 hit.")
        if not text.strip():
            return SearchResults(text, 0, 0, [], page, per_page, time.perf_counter() - started)
        with self._lock:
            searcher = self._current()
            parsed = self.parse(text)
            evaluation = Evaluation(searcher, self._segments, on_step=check_time)
            ranking = rank(_evaluate(evaluation, parsed, text), self._document_ids())
            shown = ranking.documents_in_order[(page - 1) * per_page : page * per_page]
            pages = _stored_pages(searcher, ranking.pages_of(shown))
            highlighter = Highlighter(
                frozenset(evaluation.matched_words), searcher.schema["text"].analyzer
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


def _spellings() -> tuple[dict[str, str], dict[str, list[str]]]:
    """The letters the analyzer folds to each letter (``u``: ``üúù…``, as a character
    class) and to each pair of letters (``ss``: ``ß``)."""
    letters: dict[str, set[str]] = {}
    pairs: dict[str, list[str]] = {}
    for code, folded in FOLDING.items():
        original = chr(code)
        if not original.isalpha():
            continue  # combining marks fold to letters too; they never start a word
        folded = folded.lower()
        if len(folded) == 1:
            letters.setdefault(folded, {folded}).add(original)
        else:
            pairs.setdefault(folded, []).append(original)
    classes = {
        letter: "[" + "".join(re.escape(c) for c in sorted(found)) + "]"
        for letter, found in letters.items()
    }
    return classes, pairs


_LETTER_CLASSES, _FOLDED_PAIRS = _spellings()


def _pattern_of(term: str) -> str:
    """A regular expression for the page text a folded index word came from: ``muller``
    also matches ``Müller``, ``strasse`` also ``Straße`` (the analyzer's accent folding
    undone letter by letter: folding the page instead costs 150 µs with str.translate)."""
    parts = []
    position = 0
    while position < len(term):
        pair = term[position : position + 2]
        if pair in _FOLDED_PAIRS:
            spelled = "|".join(re.escape(letter) for letter in _FOLDED_PAIRS[pair])
            parts.append(f"(?:{_class_of(pair[0])}{_class_of(pair[1])}|{spelled})")
            position += 2
        else:
            parts.append(_class_of(term[position]))
            position += 1
    return "".join(parts)


def _class_of(letter: str) -> str:
    return _LETTER_CLASSES.get(letter, re.escape(letter))


# A place found by the fast search can still miss (a word inside a tag, a stem that is
# a prefix of another word): three tries, then the whole page, which always works.
_SNIPPET_ATTEMPTS = 3
# Above this many matched words the regular expression costs more than it saves.
_LOCATOR_WORDS = 30
_WORD = re.compile(r"\w+(?:\.?\w+)*")
# The folding above, one character for one, so a folded page's positions are the page's.
_SAME_LENGTH_FOLDING = {code: folded for code, folded in FOLDING.items() if len(folded) == 1}


class Highlighter:
    """Snippets of pages for one search: escaped page text with the matched words marked.

    Whoosh's highlighter tokenizes in Python: 1.3 ms for a 500-word page (measured). It is
    given a window of the page around the first places a matched word appears, and only
    that window is stripped of markup and highlighted. The places are found with one
    regular expression over the raw page text, or, for searches that matched many words
    (a short prefix), by looking up each word of the folded page: the expression for 200
    words took 0.2 s to compile.
    """

    def __init__(self, terms: frozenset[str], analyzer: Analyzer) -> None:
        self.terms = terms
        self.analyzer = analyzer
        self._locator: re.Pattern[str] | None = None
        if 0 < len(terms) <= _LOCATOR_WORDS:
            # Longest first, and no word boundary at the end: stems match their words.
            longest_first = sorted(terms, key=len, reverse=True)
            alternatives = "|".join(_pattern_of(term) for term in longest_first)
            self._locator = re.compile(rf"(?<!\w)(?:{alternatives})", re.IGNORECASE)

    def snippet(self, markdown: str) -> str:
        """Safe HTML: the best fragments of the page with the matched words marked."""
        if self.terms:
            for window in self._windows(markdown):
                found = self._highlight(strip_markup(window))
                if found:
                    return found
        plain = strip_markup(markdown)
        if self.terms:
            # Not found around the places (a word split by markup): the whole page.
            found = self._highlight(plain)
            if found:
                return found
        # The page matched through a filter or its file name only: show how it begins.
        ellipsis = " …" if len(plain) > SNIPPET_CHARACTERS else ""
        return html.escape(plain[:SNIPPET_CHARACTERS]) + ellipsis

    def _places(self, markdown: str) -> Iterator[tuple[int, int]]:
        """Where matched words may start and end in the raw page text, in page order."""
        if self._locator is not None:
            for match in self._locator.finditer(markdown):
                yield match.start(), match.end()
            return
        folded = markdown.lower().translate(_SAME_LENGTH_FOLDING)
        for match in _WORD.finditer(folded):
            if match.group() in self.terms:
                yield match.start(), match.end()

    def _windows(self, markdown: str) -> Iterator[str]:
        places = self._places(markdown)
        for start, end in itertools.islice(places, _SNIPPET_ATTEMPTS):
            # Room for the fragmenter's context before the word and a whole fragment after.
            window_start = _window_start(markdown, start - SNIPPET_CHARACTERS // 2)
            window_end = _window_end(markdown, end + SNIPPET_CHARACTERS * 5 // 4)
            yield markdown[window_start:window_end]

    def _highlight(self, plain: str) -> str:
        fragmenter = highlight.ContextFragmenter(
            maxchars=SNIPPET_CHARACTERS, surround=SNIPPET_CONTEXT_CHARACTERS
        )
        marked: str = highlight.highlight(
            plain, self.terms, self.analyzer, fragmenter, _MarkFormatter(),
            top=SNIPPET_FRAGMENTS, order=highlight.FIRST,
        )  # fmt: skip
        return marked


def _window_start(markdown: str, wanted: int) -> int:
    """Start a window at a word boundary outside any tag, at or before ``wanted``."""
    if wanted <= 0:
        return 0
    start = markdown.rfind(" ", 0, wanted) + 1
    tag_open = markdown.rfind("<", 0, start)
    if tag_open > markdown.rfind(">", 0, start):
        start = tag_open  # inside a tag: take the whole tag, which markup stripping removes
    return start


def _window_end(markdown: str, wanted: int) -> int:
    """End a window at a word boundary outside any tag, at or after ``wanted``."""
    if wanted >= len(markdown):
        return len(markdown)
    end = markdown.find(" ", wanted)
    end = len(markdown) if end < 0 else end
    tag_close = markdown.find(">", end)
    if tag_close >= 0 and tag_close < _find_or_end(markdown, "<", end):
        end = tag_close + 1
    return end


def _find_or_end(text: str, character: str, start: int) -> int:
    found = text.find(character, start)
    return len(text) if found < 0 else found
