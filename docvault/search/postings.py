"""Reading Whoosh's segment files as arrays: the one module that knows Whoosh's internals.

Whoosh decodes posting lists one posting at a time in Python, about 3 µs a posting. Here
``read_postings``, the one seam between docvault and Whoosh's private code, reads a whole
block of a term's postings at once through the internals of Whoosh 2.7's ``W3LeafMatcher``
(the version is pinned in pyproject.toml); a matcher without them is read through its public
methods, slower, same result. ``SegmentCache`` reads what a search needs of each segment
besides postings (document ids, field lengths, the words of the page text) once per segment.

A stage leaf: a Whoosh searcher in, arrays out; no database. ``docvault.search.evaluate``
evaluates searches over what this module reads.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray
from whoosh.codec.whoosh3 import W3LeafMatcher
from whoosh.matching.wrappers import FilterMatcher

Docnums = NDArray[np.int64]

# The block reader uses these methods and attributes of Whoosh 2.7's W3LeafMatcher (the
# version is pinned in pyproject.toml); a matcher without them is read through the public
# matcher methods, slower, same result. tests/search/test_postings.py compares the two.
_BLOCK_METHODS = ("_read_data", "_read_values", "_next_block")
_BLOCK_ATTRIBUTES = ("_data", "_blocklength", "_lastblock", "_values", "_byteids")
_BLOCK_READS = all(callable(getattr(W3LeafMatcher, name, None)) for name in _BLOCK_METHODS)


# ----------------------------------------------------------------------------- reading postings


@dataclass(frozen=True)
class Postings:
    """One term's postings in one segment: local document numbers, weights, values."""

    docnums: Docnums
    weights: NDArray[np.float64]
    values: list[bytes] | None


def read_postings(
    reader: Any, fieldname: str, term: bytes, values: bool = False, by_block: bool = _BLOCK_READS
) -> Postings:
    """Every posting of ``term`` in one segment, deleted pages included (the caller drops
    them: ``Segment.live``); ``by_block`` False reads through Whoosh's public methods only."""
    if (fieldname, term) not in reader:
        return Postings(np.empty(0, np.int64), np.empty(0, np.float64), [] if values else None)
    matcher = reader.postings(fieldname, term)
    if isinstance(matcher, FilterMatcher):
        matcher = matcher.child  # the deleted-page filter: Segment.live does that job
    if _reads_by_block(matcher, by_block):
        return _read_blocks(matcher, values)
    return _read_one_by_one(matcher, values)


def _reads_by_block(matcher: Any, by_block: bool = _BLOCK_READS) -> bool:
    if not by_block or not isinstance(matcher, W3LeafMatcher):
        return False
    if not all(hasattr(matcher, name) for name in _BLOCK_ATTRIBUTES):
        return False
    return not matcher._byteids  # page numbers, not the terms of a term vector


def _read_blocks(matcher: Any, values: bool) -> Postings:
    """A whole block (128 postings) per step, decoded as arrays.

    Whoosh decodes a block's page numbers (stored as differences) and its weights with a
    Python generator each, then hands them out one method call at a time; the block's
    unpickled data decodes with one cumulative sum instead. Reading the 25,000 postings of
    ``inbox:fax`` on 100,000 pages took 6 ms through Whoosh's decoding.
    """
    docnums: list[Docnums] = []
    weights: list[NDArray[np.float64]] = []
    found: list[bytes] | None = [] if values else None
    while True:
        matcher._read_data()
        differences, block_weights, _ = matcher._data
        docnums.append(np.cumsum(np.array(differences, np.int64)))
        weights.append(_block_weights(block_weights, matcher._blocklength))
        if found is not None:
            matcher._read_values()
            found.extend(matcher._values)
        if matcher._lastblock:
            break
        matcher._next_block()
    return Postings(np.concatenate(docnums), np.concatenate(weights), found)


def _block_weights(stored: Any, count: int) -> NDArray[np.float64]:
    """A block's weights as Whoosh stores them: None when all are 1, one number when all
    are equal, else one per posting."""
    if stored is None:
        return np.ones(count, np.float64)
    if isinstance(stored, float | int):
        return np.full(count, float(stored), np.float64)
    return np.array(stored, np.float64)


def _read_one_by_one(matcher: Any, values: bool) -> Postings:
    docnums: list[int] = []
    weights: list[float] = []
    found: list[bytes] | None = [] if values else None
    while matcher.is_active():
        docnums.append(matcher.id())
        weights.append(matcher.weight())
        if found is not None:
            found.append(matcher.value())
        matcher.next()
    return Postings(np.array(docnums, np.int64), np.array(weights, np.float64), found)


# ----------------------------------------------------------------------------- segments


@dataclass
class SegmentColumns:
    """What a search needs of one segment besides postings; a segment never changes once
    written (a merge makes a new one), so this is read once per segment and kept."""

    document_ids: Docnums
    lengths: dict[str, NDArray[np.float64]] = field(default_factory=dict)
    lexicon: Lexicon | None = None


@dataclass(frozen=True)
class Lexicon:
    """A segment's words of the page text: sorted (for prefixes), as a set, and the
    characters they are made of (for the variants of an OCR error)."""

    words: tuple[str, ...]
    word_set: frozenset[str]
    characters: frozenset[str]

    @classmethod
    def of(cls, words: Iterable[str]) -> Lexicon:
        ordered = tuple(words)
        return cls(ordered, frozenset(ordered), frozenset("".join(ordered)))


@dataclass(frozen=True)
class Segment:
    """One segment of the searcher: its reader, its searcher (for Whoosh's matchers), the
    top-level number of its first page, its deleted pages, and whether its postings are read
    by block (``read_postings``)."""

    reader: Any
    searcher: Any
    offset: int
    deleted: Docnums
    columns: SegmentColumns
    block_reads: bool = _BLOCK_READS

    def live(self, postings: Postings) -> Postings:
        """``postings`` without the deleted pages."""
        if not len(self.deleted) or not len(postings.docnums):
            return postings
        keep = ~np.isin(postings.docnums, self.deleted)
        kept_values = postings.values
        if kept_values is not None:
            kept_values = [value for value, kept in zip(kept_values, keep, strict=True) if kept]
        return Postings(postings.docnums[keep], postings.weights[keep], kept_values)

    def lengths(self, fieldname: str) -> NDArray[np.float64]:
        """Each page's length in words in ``fieldname``, as Whoosh keeps it (one byte)."""
        lengths = self.columns.lengths.get(fieldname)
        if lengths is None:
            length_of = self.reader.doc_field_length
            pages = range(self.reader.doc_count_all())
            # An empty field has no length byte: Whoosh answers None.
            lengths = np.array([length_of(page, fieldname) or 0 for page in pages], np.float64)
            self.columns.lengths[fieldname] = lengths
        return lengths

    def lexicon(self, fieldname: str) -> Lexicon:
        """The segment's words of the page text, read at the first prefix or fuzzy search
        (0.4 s for 100,000 pages) and kept."""
        if self.columns.lexicon is None:
            self.columns.lexicon = Lexicon.of(self.reader.field_terms(fieldname))
        return self.columns.lexicon


class SegmentCache:
    """Segment columns by segment id, for as long as the segment is in the index."""

    def __init__(self, text_field: str = "text", block_reads: bool = _BLOCK_READS) -> None:
        self.text_field = text_field
        # False: every segment's postings are read through Whoosh's public methods only.
        self.block_reads = block_reads
        self._columns: dict[str, SegmentColumns] = {}

    def segments(self, searcher: Any) -> list[Segment]:
        """The searcher's segments; columns of segments no longer in it are forgotten."""
        current: dict[str, SegmentColumns] = {}
        segments = []
        for leaf_searcher, offset in searcher.leaf_searchers():
            reader = leaf_searcher.reader()
            if reader.segment() is None:
                continue  # an index with no pages yet
            segment_id = reader.segment().segment_id()
            columns = self._columns.get(segment_id)
            if columns is None:
                columns = SegmentColumns(_document_ids(reader))
            current[segment_id] = columns
            deleted = np.array(sorted(reader.deleted_docs_set), np.int64)
            segment = Segment(reader, leaf_searcher, offset, deleted, columns, self.block_reads)
            # Read now, when the index is reopened after a commit (the writer's thread),
            # rather than in the first search: 90 ms for a segment of 100,000 pages.
            segment.lengths(self.text_field)
            segments.append(segment)
        self._columns = current
        return segments


def _document_ids(reader: Any) -> Docnums:
    if reader.doc_count_all() == 0:
        return np.empty(0, np.int64)
    return np.array(list(reader.column_reader("document_id")), np.int64)
