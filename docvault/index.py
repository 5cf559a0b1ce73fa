"""The Whoosh search index: one entry per page, searched and shown grouped by document.

A stage leaf: plain values in and out, no database. The database is the truth; this index is
derived from it and can always be rebuilt (``rebuild``) from ``IndexEntry`` values.

- ``IndexWriter`` is the single writer (one thread of one process owns it): ``apply`` puts a
  batch of upserts and deletes into one commit.
- ``SearchIndex`` is the thread-safe read side: parse a query, rank pages, group them by
  document, and build highlighted snippets from page texts the caller passes in (the index
  stores no text).
- The directory carries a version marker (``docvault-index-version``) written after the
  index is complete; ``needs_rebuild`` says why a directory cannot be used as it is, and
  ``rebuild`` builds a new sibling directory and swaps it in, never emptying the old one first.

Query language (default AND between words, like a search box): ``word``, ``"a phrase"``,
``metop*``, ``mueler~`` (one edit, for OCR errors) or ``mueler~2``, ``AND``/``OR``/``NOT``,
parentheses, and the filters ``inbox:``, ``tag:``, ``file:``, ``status:``, ``received:`` and
``date:`` (the document date). Dates are ``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD`` and mean the
whole year, month or day; ``received:>2025-01`` means after January 2025, ``>=`` from it,
``<``/``<=`` likewise, and ``received:[2025-01-01 TO 2025-03-31]`` includes both ends.
"""

from __future__ import annotations

import calendar
import gc
import html
import logging
import os
import re
import shutil
import threading
import time
import unicodedata
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from whoosh import fields, highlight, index, query
from whoosh.analysis import Analyzer, CharsetFilter, LowercaseFilter, RegexTokenizer, StemFilter
from whoosh.qparser import FuzzyTermPlugin, GtLtPlugin, QueryParser
from whoosh.qparser.common import QueryParserError
from whoosh.support.charset import accent_map
from whoosh.util.filelock import FileLock

from docvault.errors import QuerySyntaxError, SearchIndexError
from docvault.textutil import strip_markup

logger = logging.getLogger(__name__)

# Bump when the schema or the text analysis changes: a directory with another version is
# rebuilt from the database instead of being searched with mismatched terms.
SCHEMA_VERSION = 2
VERSION_FILE = "docvault-index-version"
_WRITE_LOCK = "MAIN_WRITELOCK"
USER_FIELDS = ("inbox", "tag", "file", "status", "received", "date")
MAX_EDIT_DISTANCE = 2
SNIPPET_CHARACTERS = 200
# Whoosh's own default for one writer's indexing buffer; a batch of 500 pages (about 2.5 MB
# of text) fits well inside it.
WRITER_MEMORY_MB = 128


# ----------------------------------------------------------------------------- value types


@dataclass(frozen=True)
class IndexEntry:
    """What the index knows about one page; ``text`` is the page Markdown as OCR wrote it."""

    page_id: int
    document_id: int
    page_number: int
    inbox: str
    tags: tuple[str, ...]
    file_name: str
    received: datetime
    document_date: date | None
    status: str
    text: str
    stamp: int


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


# ----------------------------------------------------------------------------- document dates

_MONTH_NAMES = {
    **{name.lower(): number for number, name in enumerate(calendar.month_name) if name},
    **{name.lower(): number for number, name in enumerate(calendar.month_abbr) if name},
    "januar": 1, "jänner": 1, "februar": 2, "märz": 3, "maerz": 3, "mai": 5, "juni": 6,
    "juli": 7, "oktober": 10, "dezember": 12, "sept": 9,
}  # fmt: skip
_DATE_PATTERNS = (
    # 12.03.2025, 12/03/2025, 12-03-2025 (day first, as European letters write it)
    re.compile(r"\b(?P<day>\d{1,2})[./-](?P<month>\d{1,2})[./-](?P<year>\d{4})\b"),
    # 2025-03-12
    re.compile(r"\b(?P<year>\d{4})-(?P<month>\d{1,2})-(?P<day>\d{1,2})\b"),
    # 12 March 2025, 12. März 2025
    re.compile(r"\b(?P<day>\d{1,2})\.?\s+(?P<month_name>[^\W\d_]{3,9})\.?\s+(?P<year>\d{4})\b"),
)
_BIRTH_MARKERS = re.compile(r"(geb\.|geboren|\bborn\b|\bDOB\b|date of birth)\s*:?\s*$", re.I)
# The letter head is the first lines of the first page; a date further down is more often a
# finding's or an appointment's than the letter's.
_LETTER_HEAD_CHARACTERS = 1500
_PLAUSIBLE_YEARS = range(1990, 2100)


def _date_from_match(match: re.Match[str]) -> date | None:
    parts = match.groupdict()
    if parts.get("month_name") is not None:
        month = _MONTH_NAMES.get(parts["month_name"].lower())
        if month is None:
            return None
    else:
        month = int(parts["month"])
    try:
        found = date(int(parts["year"]), month, int(parts["day"]))
    except ValueError:
        return None
    return found if found.year in _PLAUSIBLE_YEARS else None


def find_document_date(text: str) -> date | None:
    """Return the first plausible date in a page's letter head, skipping birth dates."""
    head = strip_markup(text)[:_LETTER_HEAD_CHARACTERS]
    candidates: list[tuple[int, date]] = []
    for pattern in _DATE_PATTERNS:
        for match in pattern.finditer(head):
            if _BIRTH_MARKERS.search(head[max(0, match.start() - 30) : match.start()]):
                continue
            found = _date_from_match(match)
            if found is not None:
                candidates.append((match.start(), found))
    return min(candidates)[1] if candidates else None


# ----------------------------------------------------------------------------- schema


class _CalendarField(fields.KEYWORD):  # type: ignore[misc]
    """A date indexed as three words: its year, month and day (``2025 2025-03 2025-03-14``).

    A filter on a year or a month is then one posting list, and a range is a few dozen
    (whole years, whole months, single days). Whoosh's DATETIME turns ``received:2024``
    into a numeric trie range that took 66 ms of a 113 ms filtered search on only 3,000
    pages; its parser also reads ``2025-3`` as the whole of 2025 and ignores ``>``/``<``.
    """

    def __init__(self) -> None:
        super().__init__(scorable=False)

    def self_parsing(self) -> bool:
        return True

    def parse_query(self, fieldname: str, qstring: str, boost: float = 1.0) -> query.Query:
        match = _PARTIAL_DATE.fullmatch(qstring.strip())
        try:
            _date_period(qstring)
        except QueryParserError as error:
            return query.error_query(str(error))
        assert match is not None
        year, month, day = (int(part) if part else None for part in match.groups())
        word = f"{year:04d}" + (f"-{month:02d}" if month else "") + (f"-{day:02d}" if day else "")
        return query.ConstantScoreQuery(query.Term(fieldname, word), score=boost)

    def parse_range(
        self,
        fieldname: str,
        start: str | None,
        end: str | None,
        startexcl: bool,
        endexcl: bool,
        boost: float = 1.0,
    ) -> query.Query:
        if not start and not end:
            raise QueryParserError(f"The date range on '{fieldname}:' has no dates in it.")
        low, high = _EARLIEST, _LATEST
        if start:
            first, last = _date_period(start)
            low = last + timedelta(days=1) if startexcl else first
        if end:
            first, last = _date_period(end)
            high = first - timedelta(days=1) if endexcl else last
        terms = [query.Term(fieldname, word) for word in _calendar_words(low, high)]
        return query.ConstantScoreQuery(query.Or(terms), score=boost)


# Open ranges (received:<2025) stop here; every year in between is one word of the query.
_EARLIEST = date(1950, 1, 1)
_LATEST = date(2099, 12, 31)


def _calendar_terms(day: date) -> str:
    return f"{day:%Y} {day:%Y-%m} {day:%Y-%m-%d}"


def _calendar_words(low: date, high: date) -> list[str]:
    """The fewest year, month and day words that together cover ``low`` to ``high``."""
    words: list[str] = []
    current = low
    while current <= high:
        year_end = date(current.year, 12, 31)
        month_end = date(
            current.year, current.month, calendar.monthrange(current.year, current.month)[1]
        )
        if current.month == 1 and current.day == 1 and year_end <= high:
            words.append(f"{current:%Y}")
            current = year_end + timedelta(days=1)
        elif current.day == 1 and month_end <= high:
            words.append(f"{current:%Y-%m}")
            current = month_end + timedelta(days=1)
        else:
            words.append(f"{current:%Y-%m-%d}")
            current += timedelta(days=1)
        if current.year > _LATEST.year:
            break
    return words


_PARTIAL_DATE = re.compile(r"(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?")


def _date_period(text: str) -> tuple[date, date]:
    """The first and last day of the year, month or day that ``text`` names."""
    match = _PARTIAL_DATE.fullmatch(text.strip())
    try:
        if match is None:
            raise ValueError(text)
        year, month, day = (int(part) if part else None for part in match.groups())
        assert year is not None
        if month is None:
            return date(year, 1, 1), date(year, 12, 31)
        if day is None:
            return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])
        return date(year, month, day), date(year, month, day)
    except ValueError:
        raise QueryParserError(
            f"'{text}' is not a date: write YYYY, YYYY-MM or YYYY-MM-DD, "
            f"for example received:2025-03."
        ) from None


def text_analyzer(stemming_language: str | None = None) -> Analyzer:
    """Words, lower case, accents folded (Müller = muller = MULLER), optionally stemmed."""
    analyzer = RegexTokenizer() | LowercaseFilter() | CharsetFilter(accent_map)
    if stemming_language is not None:
        analyzer = analyzer | StemFilter(lang=stemming_language)
    return analyzer


def build_schema(stemming_language: str | None = None) -> fields.Schema:
    """The page-level schema. Only what a result line shows is stored; text is not."""
    # File names split at underscores too, so file:mueller finds fax_20250312_Mueller.pdf.
    file_analyzer = RegexTokenizer(r"[^\W_]+") | LowercaseFilter() | CharsetFilter(accent_map)
    return fields.Schema(
        page_id=fields.NUMERIC(int, 64, signed=False, stored=True, unique=True, sortable=True),
        document_id=fields.NUMERIC(int, 64, signed=False, stored=True, sortable=True),
        page_number=fields.STORED(),
        inbox=fields.KEYWORD(stored=True, lowercase=True, commas=True, scorable=False),
        tag=fields.KEYWORD(lowercase=True, commas=True, scorable=False),
        file=fields.TEXT(analyzer=file_analyzer, stored=True),
        received=_CalendarField(),
        received_at=fields.STORED(),
        date=_CalendarField(),
        status=fields.KEYWORD(lowercase=True, commas=True, scorable=False),
        text=fields.TEXT(analyzer=text_analyzer(stemming_language)),
        stamp=fields.NUMERIC(int, 64, sortable=True),
    )


def _marker_text(stemming_language: str | None) -> str:
    return f"{SCHEMA_VERSION} stemming={stemming_language or 'off'}\n"


def _entry_fields(entry: IndexEntry) -> dict[str, Any]:
    values: dict[str, Any] = {
        "page_id": entry.page_id,
        "document_id": entry.document_id,
        "page_number": entry.page_number,
        "inbox": entry.inbox,
        "tag": ",".join(entry.tags),
        "file": entry.file_name,
        "received": _calendar_terms(entry.received.date()),
        "received_at": entry.received,
        "status": entry.status,
        "text": strip_markup(entry.text),
        "stamp": entry.stamp,
    }
    if entry.document_date is not None:
        values["date"] = _calendar_terms(entry.document_date)
    return values


# ----------------------------------------------------------------------------- directory health


def needs_rebuild(directory: Path, stemming_language: str | None = None) -> str | None:
    """Return None if the index at ``directory`` can be used, else the reason it cannot."""
    if not directory.is_dir():
        return f"The search index {directory} does not exist."
    marker = directory / VERSION_FILE
    if not marker.is_file():
        return (
            f"The search index {directory} has no version marker: it was never completed "
            f"or was written by an older docvault."
        )
    found = marker.read_text(encoding="utf-8")
    if found != _marker_text(stemming_language):
        return (
            f"The search index {directory} has version {found.strip()!r}; this docvault "
            f"needs {_marker_text(stemming_language).strip()!r}."
        )
    # Whoosh drops the file of a segment it fails to map without closing it; that
    # ResourceWarning is whoosh's, and the answer here is the same: rebuild.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        try:
            _check_readable(directory)
        except Exception as error:  # noqa: BLE001 - any failure to read means: rebuild
            problem = f"{type(error).__name__}: {error}"
        else:
            return None
        gc.collect()
    return f"The search index {directory} cannot be opened ({problem})."


def _collect_leaked_segment_files() -> None:
    """Whoosh drops the file of a segment it fails to map without closing it: reclaim it
    now, quietly, rather than as a ResourceWarning at some later garbage collection."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        gc.collect()


def _check_readable(directory: Path) -> None:
    """Open every segment and touch its term dictionary, stored fields and columns."""
    with index.open_dir(str(directory)).searcher() as searcher:
        reader = searcher.reader()
        if reader.doc_count_all() == 0:
            return
        for fieldname in ("page_id", "text"):
            for _ in zip(reader.lexicon(fieldname), range(1), strict=False):
                pass
        for docnum in reader.all_doc_ids():
            reader.stored_fields(docnum)
            break
        list(reader.column_reader("document_id"))


def _create_empty(directory: Path, stemming_language: str | None) -> None:
    directory.mkdir(parents=True, exist_ok=False)
    index.create_in(str(directory), build_schema(stemming_language))
    _write_marker(directory, stemming_language)


def _write_marker(directory: Path, stemming_language: str | None) -> None:
    """Write the version marker last, durably: its presence means the index is complete."""
    temporary = directory / (VERSION_FILE + ".tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(_marker_text(stemming_language))
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, directory / VERSION_FILE)
    _fsync_directory(directory)


def _fsync_directory(directory: Path) -> None:
    descriptor = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def clear_stale_lock(directory: Path) -> bool:
    """Remove a write lock nobody holds (left by a crash); True if one was removed.

    docvault has one index writer by design, so a lock file that can be taken right now
    belongs to no live writer. A lock that is really held raises SearchIndexError instead
    of Whoosh's bare LockError at the first commit. (On Linux Whoosh locks with flock, which
    the kernel releases when a writer dies, and it leaves the unlocked file behind after
    every commit; removing it is housekeeping, so it is logged at debug level.)
    """
    lock_path = directory / _WRITE_LOCK
    if not lock_path.exists():
        return False
    lock = FileLock(str(lock_path))
    if not lock.acquire(blocking=False):
        raise SearchIndexError(
            f"The search index {directory} is being written by another process. docvault "
            f"runs one index writer: stop the other docvault service or command, then retry."
        )
    try:
        lock_path.unlink()
    finally:
        lock.release()
    logger.debug("Removed an unheld write lock file from the search index %s", directory)
    return True


# ----------------------------------------------------------------------------- writing


class IndexWriter:
    """The single writer of one index directory; call it from one thread only.

    A missing directory is created empty (with its version marker). A directory that needs
    a rebuild is refused with SearchIndexError: the caller runs ``rebuild`` instead.
    """

    def __init__(self, directory: Path, stemming_language: str | None = None) -> None:
        self.directory = directory
        self.stemming_language = stemming_language
        if not directory.exists():
            _create_empty(directory, stemming_language)
        clear_stale_lock(directory)
        reason = needs_rebuild(directory, stemming_language)
        if reason is not None:
            raise SearchIndexError(f"{reason} Rebuild the index from the database.")

    def apply(self, upserts: Sequence[IndexEntry], deletes: Sequence[int]) -> None:
        """Replace or add ``upserts`` and remove pages ``deletes`` (page ids) in one commit."""
        if not upserts and not deletes:
            return
        writer = self._writer()
        try:
            for page_id in deletes:
                writer.delete_by_term("page_id", page_id)
            for entry in upserts:
                writer.update_document(**_entry_fields(entry))
        except BaseException:
            writer.cancel()
            raise
        writer.commit()

    def delete_document(self, document_id: int) -> None:
        """Remove every page of a document."""
        writer = self._writer()
        try:
            writer.delete_by_term("document_id", document_id)
        except BaseException:
            writer.cancel()
            raise
        writer.commit()

    def optimize(self) -> None:
        """Merge all segments into one (a nightly job: it rewrites the whole index)."""
        writer = self._writer()
        writer.commit(optimize=True)

    def _writer(self) -> Any:
        # Opened afresh each time: after a rebuild swapped a new directory in, the next
        # commit goes to it, and a directory damaged meanwhile is reported here.
        try:
            return index.open_dir(str(self.directory)).writer(procs=1, limitmb=WRITER_MEMORY_MB)
        except index.LockError as error:
            raise SearchIndexError(
                f"The search index {self.directory} is locked by another writer. docvault "
                f"runs one index writer: stop the other docvault service or command."
            ) from error
        except PermissionError as error:
            raise SearchIndexError(
                f"The search index {self.directory} cannot be written by this user "
                f"({error.strerror}: {error.filename}): it belongs to another user. Run docvault "
                f"as the service user, or give the folder back to it "
                f"(chown -R docvault: {self.directory})."
            ) from error
        except (OSError, index.IndexError) as error:
            raise SearchIndexError(
                f"The search index {self.directory} cannot be written ({error}). "
                f"Rebuild the index from the database."
            ) from error


# ----------------------------------------------------------------------------- rebuilding

REBUILD_BATCH_PAGES = 5000


def rebuild(
    directory: Path,
    entries: Iterable[IndexEntry],
    progress: Callable[[int], None] | None = None,
    stemming_language: str | None = None,
) -> None:
    """Build a complete index from ``entries`` beside ``directory``, then swap it in.

    The old index keeps answering searches until the swap; it is deleted only after the
    new one is in place. A crash at any point leaves either the old index or the new one at
    ``directory`` (or, between the two renames, neither: ``needs_rebuild`` then says so).
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    fresh = directory.with_name(f"{directory.name}.new-{stamp}-{os.getpid()}")
    _remove_leftovers(directory)
    fresh.mkdir(parents=True)
    ix = index.create_in(str(fresh), build_schema(stemming_language))
    count = 0
    writer = ix.writer(procs=1, limitmb=WRITER_MEMORY_MB)
    try:
        for entry in entries:
            # A fresh index holds each page once, so add_document skips the unique-key lookup.
            writer.add_document(**_entry_fields(entry))
            count += 1
            if progress is not None and count % REBUILD_BATCH_PAGES == 0:
                progress(count)
    except BaseException:
        writer.cancel()
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    writer.commit(optimize=True)
    _write_marker(fresh, stemming_language)
    _swap_in(fresh, directory, stamp)
    if progress is not None:
        progress(count)


def _remove_leftovers(directory: Path) -> None:
    """Delete unfinished builds and old copies that an interrupted rebuild left behind."""
    for sibling in directory.parent.glob(f"{directory.name}.new-*"):
        shutil.rmtree(sibling, ignore_errors=True)
    if directory.is_dir():
        for sibling in directory.parent.glob(f"{directory.name}.old-*"):
            shutil.rmtree(sibling, ignore_errors=True)


def _swap_in(fresh: Path, directory: Path, stamp: str) -> None:
    retired = directory.with_name(f"{directory.name}.old-{stamp}-{os.getpid()}")
    if directory.exists():
        os.rename(directory, retired)
    os.rename(fresh, directory)
    _fsync_directory(directory.parent)
    shutil.rmtree(retired, ignore_errors=True)


# ----------------------------------------------------------------------------- searching

_FIELD_PREFIX = re.compile(r"(?<![\w.])([^\W\d]\w*):")
_EMPTY_FILTER = re.compile(r"(?<![\w.])([^\W\d]\w*):(?:\s|\)|$)")
_QUOTED = re.compile(r'"[^"]*"')


def _check_query_text(text: str) -> None:
    """Reject what Whoosh would silently reinterpret: open quotes, parentheses, fields."""
    if text.count('"') % 2:
        raise QuerySyntaxError(
            f"The search {text!r} opens a quotation mark it never closes: close the phrase."
        )
    unquoted = _QUOTED.sub(" ", text)
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
        if isinstance(node, query.FuzzyTerm) and node.maxdist > MAX_EDIT_DISTANCE:
            raise QuerySyntaxError(
                f"The search {text!r} asks for {node.maxdist} spelling differences; "
                f"at most {MAX_EDIT_DISTANCE} are allowed (word~ or word~2)."
            )
    if parsed == query.NullQuery:
        raise QuerySyntaxError(f"The search {text!r} has no words or filters to search for.")


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


TextLoader = Callable[[Sequence[int]], Mapping[int, str]]


@dataclass
class _Ranked:
    document_id: int
    pages: list[tuple[float, int]]  # (score, docnum), best first


def _matches_cost_more_than_scores(parsed: query.Query) -> bool:
    """Whether finding the matches costs more than scoring them: phrases (positions) and
    intersections. Whoosh would find them twice (ranking window, then the count), so they
    are scored in one pass instead (measured on 100,000 pages: phrase median 161 -> 83 ms,
    filtered 93 -> 55 ms; single words and prefixes are faster with the window)."""
    if isinstance(parsed, query.And) and len(parsed.subqueries) > 1:
        return True
    return any(isinstance(node, query.Phrase) for node in _walk(parsed))


class SearchIndex:
    """Thread-safe searches over one index directory (reopened when it changes)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._lock = threading.RLock()
        self._lexicons: dict[str, frozenset[str]] = {}
        self._open()

    @classmethod
    def open_or_none(cls, directory: Path) -> SearchIndex | None:
        """Open the index, or return None if it is missing or cannot be read."""
        try:
            return cls(directory)
        except SearchIndexError as error:
            logger.warning("%s", error.message)  # not the error: its traceback holds files
        # Collected only now: the traceback kept the leaked segment file alive until here.
        _collect_leaked_segment_files()
        return None

    def _open(self) -> None:
        try:
            # A damaged segment makes Whoosh drop its file unclosed while it handles the
            # error: that ResourceWarning is Whoosh's; the answer is ours (rebuild).
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", ResourceWarning)
                ix = index.open_dir(str(self.directory))
                searcher = ix.searcher()
            inode = os.stat(self.directory).st_ino
        except Exception as error:  # a damaged index fails in many ways
            raise SearchIndexError(
                f"The search index {self.directory} cannot be opened "
                f"({type(error).__name__}: {error}). Rebuild the index from the database."
            ) from error
        self._index = ix
        self._searcher = searcher
        self._inode = inode
        self._generation = ix.latest_generation()
        self._document_of: list[int] | None = None
        self._parser = QueryParser("text", ix.schema)
        self._parser.add_plugin(FuzzyTermPlugin())
        self._parser.add_plugin(GtLtPlugin())

    def reopen(self) -> None:
        """Open the directory afresh (after a rebuild swapped a new index in)."""
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
            self._searcher.close()
            self._searcher = self._index.searcher()
            self._generation = self._index.latest_generation()
            self._document_of = None
        return self._searcher

    def _documents_by_docnum(self, searcher: Any) -> list[int]:
        if self._document_of is None:
            reader = searcher.reader()
            empty = reader.doc_count_all() == 0  # an empty reader has no columns
            self._document_of = [] if empty else list(reader.column_reader("document_id"))
        return self._document_of

    def _text_lexicons(self, searcher: Any) -> list[frozenset[str]]:
        """The words of the text field, one set per segment, kept while the segment lives.

        Segments never change once written, so a set is read once per segment (a merge
        makes a new one); checking a fuzzy word's ~700 one-edit variants against these sets
        takes well under a millisecond, against 120 ms through the term files (3,000 pages).
        """
        current = {}
        for leaf, _ in searcher.reader().leaf_readers():
            segment_id = leaf.segment().segment_id()
            lexicon = self._lexicons.get(segment_id)
            if lexicon is None:
                lexicon = frozenset(leaf.field_terms("text"))
            current[segment_id] = lexicon
        self._lexicons = current
        return list(current.values())

    # --------------------------------------------------------------- counts and stamps

    def page_count(self) -> int:
        with self._lock:
            return int(self._current().doc_count())

    def document_count(self) -> int:
        with self._lock:
            searcher = self._current()
            document_of = self._documents_by_docnum(searcher)
            return len({document_of[docnum] for docnum in searcher.reader().all_doc_ids()})

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
        _check_query_text(text)
        parsed = self._parser.parse(text)
        _check_parsed(text, parsed)
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
        if page < 1 or per_page < 1:
            raise QuerySyntaxError("Result pages are numbered from 1 and hold at least 1 hit.")
        if not text.strip():
            return SearchResults(text, 0, 0, [], page, per_page, time.perf_counter() - started)
        with self._lock:
            searcher = self._current()
            parsed = self.parse(text)
            if any(isinstance(node, query.FuzzyTerm) for node in _walk(parsed)):
                parsed = _expand_fuzzy_terms(searcher, parsed, self._text_lexicons(searcher))
            ranked, total_pages, total_documents = self._rank(searcher, parsed, page * per_page)
            shown = ranked[(page - 1) * per_page : page * per_page]
            documents = self._document_hits(searcher, parsed, shown, texts, snippet_pages)
        seconds = time.perf_counter() - started
        return SearchResults(text, total_documents, total_pages, documents, page, per_page, seconds)

    def _rank(
        self, searcher: Any, parsed: query.Query, wanted_documents: int
    ) -> tuple[list[_Ranked], int, int]:
        """Group matching pages by document, best document first.

        Whoosh ranks a window of the best pages (cheap for words: it skips blocks that
        cannot enter it); the window grows until it holds enough documents, and counting
        all matches needs only their ids. Phrases and intersections are ranked whole.
        """
        document_of = self._documents_by_docnum(searcher)
        limit: int | None = max(200, wanted_documents * 8)
        if _matches_cost_more_than_scores(parsed):
            limit = None
        while True:
            results = searcher.search(parsed, limit=limit)
            grouped: dict[int, _Ranked] = {}
            for score, docnum in results.top_n:
                document_id = document_of[docnum]
                group = grouped.setdefault(document_id, _Ranked(document_id, []))
                group.pages.append((score, docnum))
            matching = results.docs()
            if limit is None or len(grouped) >= wanted_documents:
                break
            if len(results.top_n) >= len(matching):
                break
            limit *= 4
        ranked = list(grouped.values())  # insertion order is best page first
        windowed = {docnum for _, docnum in results.top_n}
        shown_ids = {group.document_id for group in ranked[:wanted_documents]}
        outside = sorted(
            docnum
            for docnum in matching
            if docnum not in windowed and document_of[docnum] in shown_ids
        )
        if outside:
            self._add_outside_pages(searcher, parsed, grouped, outside, document_of)
        total_documents = len({document_of[docnum] for docnum in matching})
        return ranked, len(matching), total_documents

    @staticmethod
    def _add_outside_pages(
        searcher: Any,
        parsed: query.Query,
        grouped: dict[int, _Ranked],
        docnums: list[int],
        document_of: list[int],
    ) -> None:
        """Score the few matching pages of shown documents that fell outside the window."""
        matcher = parsed.matcher(searcher, searcher.context())
        for docnum in docnums:
            matcher.skip_to(docnum)
            score = matcher.score() if matcher.is_active() and matcher.id() == docnum else 0.0
            grouped[document_of[docnum]].pages.append((score, docnum))
        for group in grouped.values():
            group.pages.sort(key=lambda pair: -pair[0])

    def _document_hits(
        self,
        searcher: Any,
        parsed: query.Query,
        shown: list[_Ranked],
        texts: TextLoader | None,
        snippet_pages: int,
    ) -> list[DocumentHit]:
        stored = {
            docnum: searcher.stored_fields(docnum) for group in shown for _, docnum in group.pages
        }
        wanted = [
            stored[docnum]["page_id"]
            for group in shown
            for _, docnum in group.pages[:snippet_pages]
        ]
        markdown = dict(texts(wanted)) if texts is not None and wanted else {}
        terms = _highlight_terms(searcher, parsed)
        analyzer = searcher.schema["text"].analyzer
        documents = []
        for group in shown:
            hits = []
            for rank, (score, docnum) in enumerate(group.pages):
                fields_of_page = stored[docnum]
                source = markdown.get(fields_of_page["page_id"]) if rank < snippet_pages else None
                snippet = _snippet(source, terms, analyzer) if source is not None else ""
                hits.append(
                    SearchHit(
                        document_id=group.document_id,
                        file_name=fields_of_page["file"],
                        page=fields_of_page["page_number"],
                        snippet=snippet,
                        score=float(score),
                    )
                )
            best = stored[group.pages[0][1]]
            documents.append(
                DocumentHit(
                    document_id=group.document_id,
                    file_name=best["file"],
                    inbox=best["inbox"],
                    received=best["received_at"],
                    pages=hits,
                    score=hits[0].score,
                )
            )
        return documents


def _expand_fuzzy_terms(
    searcher: Any, parsed: query.Query, lexicons: Sequence[frozenset[str]]
) -> query.Query:
    """Replace each fuzzy word by the index words it matches, once per search.

    Whoosh expands a fuzzy word by computing the edit distance to every index word that
    shares its first letter, in Python, in every segment: 0.8 s per expansion on 3,000
    pages, and it expanded again for the highlights. For one edit (the default) docvault
    instead looks up each one-edit variant of the word in the field's term dictionary.
    """

    def expand(node: query.Query) -> query.Query:
        if not isinstance(node, query.FuzzyTerm):
            return node
        reader = searcher.reader()
        if node.maxdist == 1 and node.fieldname == "text":
            variants = _one_edit_variants(node.text, node.prefixlength)
            words = sorted(
                word for word in variants if any(word in lexicon for lexicon in lexicons)
            )
        else:
            words = sorted(
                reader.terms_within(
                    node.fieldname, node.text, node.maxdist, prefix=node.prefixlength
                )
            )
        if not words:
            return query.NullQuery
        return query.Or([query.Term(node.fieldname, word, boost=node.boost) for word in words])

    expanded: query.Query = parsed.accept(expand)
    return expanded


# Letters a folded, lower-case index word can hold (accents are folded away at indexing).
_VARIANT_LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789ß"


def _one_edit_variants(word: str, keep: int) -> set[str]:
    """Every word one deletion, transposition, substitution or insertion away from
    ``word``, leaving its first ``keep`` letters alone (as Whoosh's fuzzy prefix does)."""
    variants = {word}
    for position in range(keep, len(word) + 1):
        head, tail = word[:position], word[position:]
        if tail:
            variants.add(head + tail[1:])
            if len(tail) > 1:
                variants.add(head + tail[1] + tail[0] + tail[2:])
        for letter in _VARIANT_LETTERS:
            variants.add(head + letter + tail)
            if tail:
                variants.add(head + letter + tail[1:])
    return variants


def _highlight_terms(searcher: Any, parsed: query.Query) -> frozenset[str]:
    """The index terms the query matched in page text, prefixes and fuzzy words expanded."""
    found = parsed.existing_terms(searcher.reader(), phrases=True, expand=True)
    return frozenset(
        term.decode("utf-8") if isinstance(term, bytes) else term
        for fieldname, term in found
        if fieldname == "text"
    )


_WORD = re.compile(r"\w+(?:\.?\w+)*")


def _first_match(plain: str, terms: frozenset[str]) -> int | None:
    """Where the first matched word starts, found with C-speed folding and regex.

    Only an approximation of the analyzer (no stemming, ß is dropped rather than folded):
    None means "look everywhere", never a wrong snippet.
    """
    folded = unicodedata.normalize("NFKD", plain.lower()).encode("ascii", "ignore").decode()
    for match in _WORD.finditer(folded):
        if match.group() in terms:
            return match.start()
    return None


def _snippet(markdown: str, terms: frozenset[str], analyzer: Analyzer) -> str:
    """Safe HTML: the best fragments of the page with the matched words marked."""
    plain = strip_markup(markdown)
    # Whoosh's highlighter tokenizes in Python (about 2 ms for a 500-word page, measured);
    # a window around the first match gives the same first fragment in a fraction of it.
    start = _first_match(plain, terms)
    if start is not None:
        window_start = max(0, start - SNIPPET_CHARACTERS // 2)
        window_start = plain.rfind(" ", 0, window_start) + 1 if window_start else 0
        source = plain[window_start : start + SNIPPET_CHARACTERS * 3 // 2]
    else:
        source = plain
    fragmenter = highlight.ContextFragmenter(maxchars=SNIPPET_CHARACTERS, surround=60)
    snippet: str = highlight.highlight(
        source, terms, analyzer, fragmenter, _MarkFormatter(), top=2, order=highlight.FIRST
    )
    if snippet:
        return snippet
    # The page matched through a filter or its file name only: show how it begins.
    opening = plain[:SNIPPET_CHARACTERS]
    return html.escape(opening) + (" …" if len(plain) > SNIPPET_CHARACTERS else "")
