"""What the index holds about a page: the schema, its text analysis and its field types.

A stage leaf: plain values in, Whoosh fields out; no database.

- ``IndexEntry`` is one page as the index sees it; ``entry_fields`` turns it into the
  fields of a Whoosh document (``docvault.search.writer`` writes them).
- The page text is indexed with ``NeighbourPositions``: each occurrence of a word carries its
  position and a hash of the words before and after it, so a phrase is found from the posting
  list of its rarest word alone (``docvault.search.evaluate``).
- The dates (``received:``, ``date:``) are indexed as year, month and day words
  (``docvault.search.dates``).
"""

from __future__ import annotations

import sys
import zlib
from array import array
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from whoosh import fields, formats, query
from whoosh.analysis import (
    Analyzer,
    CharsetFilter,
    Filter,
    LowercaseFilter,
    RegexTokenizer,
    StemFilter,
    Token,
    Tokenizer,
)
from whoosh.qparser.common import QueryParserError
from whoosh.support.charset import accent_map

from docvault.misreadings import fold
from docvault.search.confusions import FOLDED_FIELD, PARTS_FIELD, folded_words
from docvault.search.dates import (
    EARLIEST,
    LATEST,
    NotADate,
    calendar_terms,
    calendar_word,
    calendar_words,
    date_period,
)
from docvault.search.glue import part_spans
from docvault.textutil import strip_markup

# Bump when the schema or the text analysis changes: a directory with another version is
# rebuilt from the database instead of being searched with mismatched terms.
# 6: date: holds the letter date the facts hold (a person's value, else the proposal);
# from: and subject: hold the message a letter arrived in.
# 7: patientid: holds the practice system's patient number (the fact patient_id).
# 8: folded: the page text's words with the CPU engine's confusions folded
# (docvault.search.confusions), and words glued at full stops also by their parts.
# 9: parts: the page text's words cut where the engine glued words (docvault.search.glue).
# 10: folded and parts: the digit 0 and the letter o are one confusion class
# (docvault.misreadings).
SCHEMA_VERSION = 10
# The facts that name something (never stemmed): a plain word of a search is looked for in
# them too (docvault.search.language), and a word found in them is marked in the snippet.
NAME_FIELDS = ("patient", "sender", "title")


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
    patient_id: str = ""  # the practice system's number, from the patient register
    # What the mail said, for a document that arrived by mail (docvault.records.mailstore):
    # "" if not.
    mail_from: str = ""
    mail_subject: str = ""


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
        try:
            word = calendar_word(qstring)
        except NotADate as error:
            return query.error_query(str(error))
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
        low, high = EARLIEST, LATEST
        try:
            # Within the index's years before a day is added or taken: 9999-12-31 has no
            # day after it (received:>9999 was an OverflowError, issue 29).
            if start:
                first, last = date_period(start)
                low = min(last, LATEST) + timedelta(days=1) if startexcl else first
            if end:
                first, last = date_period(end)
                high = max(first, EARLIEST) - timedelta(days=1) if endexcl else last
        except NotADate as error:
            raise QueryParserError(str(error)) from None
        terms = [query.Term(fieldname, word) for word in calendar_words(low, high)]
        return query.ConstantScoreQuery(query.Or(terms), score=boost)


# Stored little-endian, as numpy reads them (``docvault.search.evaluate``), on any machine.
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
    word's list alone answers (``docvault.search.evaluate``). Indexing the word pairs as terms of
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


class _Misreadings(Filter):  # type: ignore[misc]
    """The page text's words as the folded field holds them (``confusions.folded_words``),
    numbered again in order, so a phrase of folded words is found as in the text field."""

    def __call__(self, tokens: Iterable[Any]) -> Iterator[Any]:
        position = 0
        for token in tokens:
            for word in folded_words([token.text]):
                token.text, token.pos = word, position
                position += 1
                yield token


def folded_analyzer(stemming_language: str | None = None) -> Analyzer:
    """The folded field's analyzer: the page text's words, then ``_Misreadings``."""
    return text_analyzer(stemming_language) | _Misreadings()


class _PartTokenizer(Tokenizer):  # type: ignore[misc]
    """The parts of the words of a text (``docvault.search.glue``), numbered in order."""

    def __call__(
        self,
        value: str,
        positions: bool = False,
        chars: bool = False,
        start_pos: int = 0,
        start_char: int = 0,
        **kwargs: Any,
    ) -> Iterator[Token]:
        token = Token(positions, chars, **kwargs)
        for position, (start, end) in enumerate(part_spans(value)):
            token.text, token.boost, token.stopped = value[start:end], 1.0, False
            if positions:
                token.pos = start_pos + position
            if chars:
                token.startchar, token.endchar = start_char + start, start_char + end
            yield token


class _Folding(Filter):  # type: ignore[misc]
    """Each word with the engine's confusions folded (``confusions.fold``)."""

    def __call__(self, tokens: Iterable[Any]) -> Iterator[Any]:
        for token in tokens:
            token.text = fold(token.text)
            yield token


def parts_analyzer(stemming_language: str | None = None) -> Analyzer:
    """The parts field's analyzer: the parts of glued words, as the page text's words are
    made (lower case, accents folded, stemmed if it stems), then folded."""
    analyzer = _PartTokenizer() | LowercaseFilter() | CharsetFilter(FOLDING)
    if stemming_language is not None:
        analyzer = analyzer | StemFilter(lang=stemming_language)
    return analyzer | _Folding()


def as_page_words(names: Iterable[str], analyzer: Analyzer) -> frozenset[str]:
    """Words matched in a name field as the page text's analyzer makes them (stemmed, if
    it stems), so the snippet marks the name where the page text holds it."""
    return frozenset(token.text for name in names for token in analyzer(name))


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
        # The same words with the engine's confusions folded (docvault.search.confusions).
        **{FOLDED_FIELD: _PageText(folded_analyzer(stemming_language))},
        # The page text's words cut where the engine glued them (docvault.search.glue).
        **{PARTS_FIELD: _PageText(parts_analyzer(stemming_language))},
        stamp=fields.NUMERIC(int, 64, sortable=True),
        # The document's facts on each of its pages; names are never stemmed.
        patient=_PageText(text_analyzer()),
        born=_CalendarField(),
        sender=_PageText(text_analyzer()),
        title=_PageText(text_analyzer()),
        patientid=fields.KEYWORD(lowercase=True, commas=True, scorable=False),
        # A mail's From (its name and address as words: from:labor, from:befund@labor.example)
        # and its Subject; `from` is a Python keyword, hence the dictionary.
        **{"from": _PageText(text_analyzer()), "subject": _PageText(text_analyzer())},
    )


def entry_fields(entry: IndexEntry) -> dict[str, Any]:
    """The fields of the Whoosh document of one page (its text without markup)."""
    values: dict[str, Any] = {
        "page_id": entry.page_id,
        "document_id": entry.document_id,
        "page_number": entry.page_number,
        "inbox": entry.inbox,
        "tag": ",".join(entry.tags),
        "file": entry.file_name,
        "received": calendar_terms(entry.received.date()),
        "received_at": entry.received,
        "status": entry.status,
        "text": strip_markup(entry.text),
        "stamp": entry.stamp,
    }
    values[FOLDED_FIELD] = values[PARTS_FIELD] = values["text"]
    if entry.document_date is not None:
        values["date"] = calendar_terms(entry.document_date)
    values.update(_fact_fields(entry))
    return values


def _fact_fields(entry: IndexEntry) -> dict[str, str]:
    values = {
        "patient": entry.patient,
        "sender": entry.sender,
        "title": entry.title,
        "patientid": entry.patient_id,
        "from": entry.mail_from,
        "subject": entry.mail_subject,
    }
    if entry.born is not None:
        values["born"] = calendar_terms(entry.born)
    return {name: value for name, value in values.items() if value}
