"""The Whoosh search index, write side: schema, the single writer, rebuilds, health.

A stage leaf: plain values in and out, no database. The database is the truth; this index is
derived from it and can always be rebuilt (``rebuild``) from ``IndexEntry`` values. Searching
is ``docvault.search``.

- ``IndexWriter`` is the single writer (one thread of one process owns it): ``apply`` puts a
  batch of upserts and deletes into one commit.
- The directory carries a version marker (``docvault-index-version``) written after the
  index is complete; ``needs_rebuild`` says why a directory cannot be used as it is, and
  ``rebuild`` builds a new sibling directory and swaps it in, never emptying the old one first.
- The page text is indexed with ``NeighbourPositions``: each occurrence of a word carries its
  position and a hash of the words before and after it, so a phrase is found from the posting
  list of its rarest word alone (``docvault.postings``).
"""

from __future__ import annotations

import calendar
import gc
import logging
import os
import re
import shutil
import sys
import time
import warnings
import zlib
from array import array
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from whoosh import fields, formats, index, query
from whoosh.analysis import Analyzer, CharsetFilter, LowercaseFilter, RegexTokenizer, StemFilter
from whoosh.qparser.common import QueryParserError
from whoosh.support.charset import accent_map
from whoosh.util.filelock import FileLock

from docvault.errors import SearchIndexError
from docvault.textutil import strip_markup

logger = logging.getLogger(__name__)

# Bump when the schema or the text analysis changes: a directory with another version is
# rebuilt from the database instead of being searched with mismatched terms.
SCHEMA_VERSION = 5
VERSION_FILE = "docvault-index-version"
# What an admin does about an index that cannot be used: the service rebuilds it at start.
REBUILD_ADVICE = (
    "Restart the docvault service, which rebuilds the index from the database at start, "
    "or stop it and run `docvault reindex`."
)
_WRITE_LOCK = "MAIN_WRITELOCK"
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
    # The document's facts (confirmed, else proposed; docvault.facts): "" when unknown.
    patient: str = ""
    born: date | None = None
    sender: str = ""
    title: str = ""


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


# Stored little-endian, as numpy reads them (``docvault.postings``), on any machine.
_BIG_ENDIAN = sys.byteorder == "big"
if array("I").itemsize != 4:
    raise ImportError("docvault's search index needs 32-bit unsigned array items ('I').")
OCCURRENCE_BYTES = 12  # position, hash before, hash after


def word_hash(word: str) -> int:
    """A word's 32-bit hash as ``NeighbourPositions`` stores it; 0 means "no word"."""
    return zlib.crc32(word.encode("utf-8")) or 1


class NeighbourPositions(formats.Format):  # type: ignore[misc]
    """Each posting: the word's positions on the page, and for each occurrence the hashes
    of the words just before and after it (0 at the page's start and end).

    Whoosh finds a phrase by reading the posting lists of all its words and comparing
    positions, one page at a time in Python: 65 ms for "metoprolol 10mg" on 100,000 pages,
    because "10mg" is on a third of them. With the neighbours in the posting, the rarest
    word's list alone answers (``docvault.postings``). Indexing the word pairs as terms of
    their own would do the same, but tripled indexing time and size (measured, 10,000
    pages). The value is three arrays of unsigned 32-bit integers, so numpy reads a whole
    posting list's values at once; positions still decode the Whoosh way, so Whoosh's own
    phrase matcher (phrases with slop) works on this field too.
    """

    def word_values(
        self, value: Any, analyzer: Analyzer, **kwargs: Any
    ) -> Iterator[tuple[str, int, float, bytes]]:
        kwargs["positions"] = True
        stream = [(token.text, token.pos) for token in formats.tokens(value, analyzer, kwargs)]
        hashes = [word_hash(text) for text, _ in stream] + [0]
        occurrences: dict[str, list[int]] = defaultdict(list)
        for index_in_stream, (text, _) in enumerate(stream):
            occurrences[text].append(index_in_stream)
        for text, places in occurrences.items():
            packed = array("I", [stream[place][1] for place in places])
            packed.extend(hashes[place - 1] if place else 0 for place in places)
            packed.extend(hashes[place + 1] for place in places)
            if _BIG_ENDIAN:
                packed.byteswap()
            yield text, len(places), len(places) * self.field_boost, packed.tobytes()

    def supports(self, name: str) -> bool:
        return name in ("frequency", "weight", "positions")

    def decode_frequency(self, value: bytes) -> int:
        return len(value) // OCCURRENCE_BYTES

    def decode_weight(self, value: bytes) -> float:
        return float(self.decode_frequency(value) * self.field_boost)

    def decode_positions(self, value: bytes) -> list[int]:
        numbers = array("I", value[: len(value) // 3])
        if _BIG_ENDIAN:
            numbers.byteswap()
        return numbers.tolist()


class _PageText(fields.TEXT):  # type: ignore[misc]
    """The page text: words with their neighbours (``NeighbourPositions``)."""

    def __init__(self, analyzer: Analyzer) -> None:
        super().__init__(analyzer=analyzer)
        self.format = NeighbourPositions()


# Whoosh's accent folding, except that ß is ss (Weiß = weiss, as Germans write it without
# the letter; Whoosh folds it to s, so "weiss" missed every Weiß), and so are æ and œ.
_SPELLED_OUT = {"ß": "ss", "ẞ": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe"}
FOLDING = {**accent_map, **{ord(letter): folded for letter, folded in _SPELLED_OUT.items()}}


def text_analyzer(stemming_language: str | None = None) -> Analyzer:
    """Words, lower case, accents folded (Müller = muller = MULLER), optionally stemmed."""
    analyzer = RegexTokenizer() | LowercaseFilter() | CharsetFilter(FOLDING)
    if stemming_language is not None:
        analyzer = analyzer | StemFilter(lang=stemming_language)
    return analyzer


def build_schema(stemming_language: str | None = None) -> fields.Schema:
    """The page-level schema. Only what a result line shows is stored; text is not."""
    # File names split at underscores too, so file:mueller finds fax_20250312_Mueller.pdf.
    file_analyzer = RegexTokenizer(r"[^\W_]+") | LowercaseFilter() | CharsetFilter(FOLDING)
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
        text=_PageText(text_analyzer(stemming_language)),
        stamp=fields.NUMERIC(int, 64, sortable=True),
        # The document's facts on each of its pages; names are never stemmed.
        patient=_PageText(text_analyzer()),
        born=_CalendarField(),
        sender=_PageText(text_analyzer()),
        title=_PageText(text_analyzer()),
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
    values.update(_fact_fields(entry))
    return values


def _fact_fields(entry: IndexEntry) -> dict[str, str]:
    values = {"patient": entry.patient, "sender": entry.sender, "title": entry.title}
    if entry.born is not None:
        values["born"] = _calendar_terms(entry.born)
    return {name: value for name, value in values.items() if value}


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
        return _why_outdated(directory, found, stemming_language)
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


def _why_outdated(directory: Path, found: str, stemming_language: str | None) -> str:
    version, _, stemming = found.strip().partition(" stemming=")
    if version != str(SCHEMA_VERSION):
        return (
            f"The search index {directory} was written in index format {version or '?'}; "
            f"this docvault writes format {SCHEMA_VERSION}."
        )
    return (
        f"The search index {directory} was built with index_stemming = {stemming}; the "
        f"setting is now {stemming_language or 'off'}."
    )


def collect_leaked_segment_files() -> None:
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
            raise SearchIndexError(f"{reason} {REBUILD_ADVICE}")

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
        """Merge all segments into one. It rewrites the whole index (346 s at 100,000
        pages) for searches 3.5 ms faster (p95 23.2 -> 19.7 ms, bench/index_bench.py
        --optimize), so the daemon leaves merging to Whoosh's own policy; a rebuild
        writes one segment anyway."""
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
                f"The search index {self.directory} cannot be written ({error}). {REBUILD_ADVICE}"
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
