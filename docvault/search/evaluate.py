"""How a query is answered over the posting lists: whole lists as arrays, with numpy.

Whoosh finds, scores and counts matches one posting at a time in Python, about 3 µs a
posting: on 100,000 pages a drug name found on 9,000 of them took 27 ms to score and
another 7 ms to count, and the filters of a filtered search were walked the same way
(bench/index_bench.py). Here each posting list is read once (``docvault.search.postings``)
into arrays; intersections, unions, BM25 scores, phrase checks and counts are array
operations.

Whoosh still owns the files, the query parser and every query shape this module does not
know: those run through Whoosh's own matchers (``Evaluation.by_whoosh``), slower, same
answer. Scores follow Whoosh's BM25F (same formula, same statistics), so the ranking is
Whoosh's, except for phrases (``Evaluation.phrase``). tests/search/test_postings.py holds both to
that on a live-like index.

A stage leaf: plain values in, arrays out; no database.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray
from whoosh import query

from docvault.search.postings import Docnums, Postings, Segment, read_postings
from docvault.search.schema import NAME_FIELDS, OCCURRENCE_BYTES, NeighbourPositions, word_hash

Scores = NDArray[np.float64]

# Whoosh's BM25F defaults (whoosh.scoring.BM25F), so scores and ranking stay Whoosh's.
BM25_B = 0.75
BM25_K1 = 1.2
# A prefix, wildcard or fuzzy word that stands for more index words than this is refused
# with a message: "a*" stood for 5,000 words on 100,000 pages and took 3 s (Lucene refuses
# more than 1,024 clauses the same way).
MAX_EXPANSION = 1024
# Before a prefix, wildcard, fuzzy word or range is known to stand for few enough words, the
# index words it could stand for are listed and compared with it one by one in Python: at
# most this many, or the search is refused with a sentence (200,000 took 4 s, twice the
# time limit, and slowed other users' searches to 2-4 s; issue 44)...
MAX_LISTED_WORDS = 20_000
# ...and the search's time limit is checked after every this many of them.
LISTING_STEP = 500

Listed = TypeVar("Listed")


# ----------------------------------------------------------------------------- matches


class TooManyWords(Exception):
    """A prefix, wildcard, fuzzy word or range stands for more than ``MAX_EXPANSION``
    words; ``pattern`` is written as the search box has it (``me*``, ``mueler~2``)."""

    def __init__(self, node: query.Query, count: int) -> None:
        self.pattern = _as_typed(node)
        self.count = count
        super().__init__(f"{self.pattern} stands for {count} words")


class TooManyListed(Exception):
    """Finding what a prefix, wildcard, fuzzy word or range stands for would list more than
    ``MAX_LISTED_WORDS`` index words."""

    def __init__(self, node: query.Query) -> None:
        self.pattern = _as_typed(node)
        super().__init__(f"{self.pattern} lists more than {MAX_LISTED_WORDS} words")


class WordListing:
    """The index words one expanded word lists, counted across segments: the time limit is
    checked every ``LISTING_STEP`` words and more than ``MAX_LISTED_WORDS`` are refused."""

    def __init__(self, node: query.Query, on_step: Callable[[], None]) -> None:
        self.node = node
        self.on_step = on_step
        self.count = 0

    def __call__(self, words: Iterable[Listed]) -> Iterator[Listed]:
        for word in words:
            self.count += 1
            if self.count % LISTING_STEP == 0:
                self.on_step()
            if self.count > MAX_LISTED_WORDS:
                raise TooManyListed(self.node)
            yield word


def _as_typed(node: query.Query) -> str:
    if isinstance(node, query.Prefix):
        return f"{node.text}*"
    if isinstance(node, query.FuzzyTerm):
        return f"{node.text}~" + ("" if node.maxdist == 1 else str(node.maxdist))
    if isinstance(node, query.Wildcard):
        return str(node.text)
    if isinstance(node, query.TermRange):
        opening, closing = "{" if node.startexcl else "[", "}" if node.endexcl else "]"
        return f"{opening}{node.start or ''} TO {node.end or ''}{closing}"
    return str(node)


@dataclass(frozen=True)
class Matches:
    """Matching pages: top-level document numbers (sorted, unique) and their scores."""

    docnums: Docnums
    scores: Scores

    @classmethod
    def empty(cls) -> Matches:
        return cls(np.empty(0, np.int64), np.empty(0, np.float64))

    def __len__(self) -> int:
        return len(self.docnums)


def intersect(first: Matches, second: Matches) -> Matches:
    """Pages in both; their scores add up (as Whoosh's intersection does)."""
    docnums, in_first, in_second = np.intersect1d(
        first.docnums, second.docnums, assume_unique=True, return_indices=True
    )
    return Matches(docnums, first.scores[in_first] + second.scores[in_second])


def unite(parts: Sequence[Matches]) -> Matches:
    """Pages in any; scores of a page found by several parts add up (Whoosh's union)."""
    parts = [part for part in parts if len(part)]
    if not parts:
        return Matches.empty()
    if len(parts) == 1:
        return parts[0]
    docnums, inverse = np.unique(
        np.concatenate([part.docnums for part in parts]), return_inverse=True
    )
    summed = np.bincount(inverse, weights=np.concatenate([part.scores for part in parts]))
    return Matches(docnums, np.asarray(summed, dtype=np.float64))


def subtract(kept: Matches, removed: Matches) -> Matches:
    """Pages of ``kept`` that are not in ``removed``."""
    keep = ~np.isin(kept.docnums, removed.docnums, assume_unique=True)
    return Matches(kept.docnums[keep], kept.scores[keep])


def constant(matches: Matches, score: float) -> Matches:
    return Matches(matches.docnums, np.full(len(matches), score, dtype=np.float64))


# ----------------------------------------------------------------------------- evaluation


class Evaluation:
    """Evaluates one parsed search over the segments of one searcher.

    ``matched_words`` collects the page-text words that the search matched (prefixes and
    fuzzy words expanded), for highlighting; words under NOT are left out.
    """

    def __init__(
        self,
        searcher: Any,
        segments: Sequence[Segment],
        text_field: str = "text",
        on_step: Callable[[], None] = lambda: None,
    ):
        self.searcher = searcher
        # Called before each part of the search is evaluated: the search's time limit
        # raises from here (docvault.search.language).
        self.on_step = on_step
        self.segments = segments
        self.schema = searcher.schema
        self.text_field = text_field
        self.matched_words: set[str] = set()
        # The words matched in the facts that name something, for the snippets too.
        self.name_words: set[str] = set()
        self._negated = 0
        self._page_count = searcher.doc_count_all()

    def run(self, node: query.Query) -> Matches:
        self.on_step()
        kind = type(node)
        handler = _HANDLERS.get(kind)
        if handler is None:
            for base, candidate in _BASE_HANDLERS:
                if isinstance(node, base):
                    handler = candidate
                    break
        if handler is None:
            return self.by_whoosh(node)
        return handler(self, node)

    # --------------------------------------------------------------- terms

    def frequency(self, fieldname: str, text: str) -> tuple[bytes, int]:
        """A word as the index stores it, and how many pages (deleted ones too) hold it."""
        term: bytes = self.schema[fieldname].to_bytes(text)
        return term, int(self.searcher.doc_frequency(fieldname, term))

    def term(self, fieldname: str, text: str, boost: float = 1.0) -> Matches:
        if fieldname not in self.schema:
            return Matches.empty()
        field_object = self.schema[fieldname]
        term, frequency = self.frequency(fieldname, text)
        if not self._negated:
            self._matched(fieldname, [text])
        if frequency == 0:
            return Matches.empty()
        docnums: list[Docnums] = []
        weights: list[NDArray[np.float64]] = []
        lengths: list[NDArray[np.float64]] = []
        for segment in self.segments:
            read = read_postings(segment.reader, fieldname, term, by_block=segment.block_reads)
            postings = segment.live(read)
            if not len(postings.docnums):
                continue
            docnums.append(postings.docnums + segment.offset)
            weights.append(postings.weights)
            if field_object.scorable:
                lengths.append(segment.lengths(fieldname)[postings.docnums])
        if not docnums:
            return Matches.empty()
        found = np.concatenate(docnums)
        if not field_object.scorable:
            return Matches(found, np.full(len(found), boost, np.float64))
        scores = self._bm25(fieldname, frequency, np.concatenate(weights), np.concatenate(lengths))
        return Matches(found, scores * boost)

    def known_size(self, node: query.Query) -> float:
        """How many pages a single word is on (cheap to know); anything else counts as
        unknown, larger. Whoosh's own estimate expands a fuzzy word against every word in
        the index, in Python: 460 ms for metoprolol~ inbox:fax on 30,000 words."""
        while isinstance(node, query.ConstantScoreQuery):
            node = node.child
        if type(node) is query.Term and node.fieldname in self.schema:
            return float(self.frequency(node.fieldname, node.text)[1])
        return math.inf

    def _bm25(
        self,
        fieldname: str,
        frequency: int,
        weights: NDArray[np.float64],
        lengths: NDArray[np.float64],
    ) -> Scores:
        """Whoosh's BM25F (whoosh.scoring.bm25 with its idf), over arrays."""
        inverse_frequency = math.log(self._page_count / (frequency + 1)) + 1
        average = self.searcher.avg_field_length(fieldname) or 1
        normalised = BM25_K1 * ((1 - BM25_B) + BM25_B * lengths / average)
        scores: Scores = inverse_frequency * (weights * (BM25_K1 + 1)) / (weights + normalised)
        return scores

    def _matched(self, fieldname: str, words: Iterable[str]) -> None:
        if fieldname == self.text_field:
            self.matched_words.update(words)
        elif fieldname in NAME_FIELDS:
            self.name_words.update(words)

    def words_matching(self, node: query.Query) -> list[str]:
        """The index words a prefix, wildcard, fuzzy word or range stands for; more than
        ``MAX_EXPANSION`` of them raise TooManyWords."""
        fieldname = node.field()
        if fieldname not in self.schema:
            return []
        listing = WordListing(node, self.on_step)
        if fieldname == self.text_field and isinstance(node, query.Prefix):
            words = self._prefixed(node.text, listing)
        elif fieldname == self.text_field and isinstance(node, query.FuzzyTerm):
            words = self._within_edits(node.text, node.maxdist, node.prefixlength, listing)
        else:
            reader = self.searcher.reader()
            terms = listing(node.expanded_terms(reader))
            words = sorted({self._text_of(fieldname, term) for _, term in terms})
        if len(words) > MAX_EXPANSION:
            raise TooManyWords(node, len(words))
        return words

    def _text_of(self, fieldname: str, term: bytes | str) -> str:
        """Whoosh hands out some expanded terms as bytes and some as text."""
        if isinstance(term, bytes):
            text: str = self.schema[fieldname].from_bytes(term)
            return text
        return term

    def _prefixed(self, prefix: str, listing: WordListing) -> list[str]:
        found: set[str] = set()
        for segment in self.segments:
            words = segment.lexicon(self.text_field).words
            start = bisect.bisect_left(words, prefix)
            for word in listing(words[index] for index in range(start, len(words))):
                if not word.startswith(prefix):
                    break
                found.add(word)
        return sorted(found)

    def _within_edits(self, word: str, edits: int, keep: int, listing: WordListing) -> list[str]:
        """Index words at most ``edits`` spelling differences from ``word`` that share its
        first ``keep`` letters.

        Whoosh's searcher compares ``word`` with every index word in Python: 3 s for a
        word~2 on 100,000 pages. For one edit, the few thousand variants of the word are
        looked up in each segment's word set instead (about a millisecond); for two, each
        segment's own automaton walks its term list (0.3 s).
        """
        found: set[str] = set()
        if edits == 1:
            lexicons = [segment.lexicon(self.text_field) for segment in self.segments]
            characters = frozenset().union(*(lexicon.characters for lexicon in lexicons))
            variants = one_edit_variants(word, keep, characters)
            for lexicon in lexicons:
                found.update(variant for variant in variants if variant in lexicon.word_set)
        else:
            for segment in self.segments:
                within = segment.reader.terms_within(self.text_field, word, edits, keep)
                found.update(self._text_of(self.text_field, term) for term in listing(within))
        return sorted(found)

    # --------------------------------------------------------------- phrases

    def phrase(self, node: query.Phrase, words: Sequence[str]) -> Matches:
        """Pages holding the phrase ``words`` (two or more), found from the posting list
        of its rarest word: each occurrence there carries the hashes of the words before
        and after it. The words farther away (phrases of three words and more) are
        checked by position, on the candidate pages only."""
        if not self._negated:
            self._matched(node.fieldname, words)
        terms, frequencies = zip(
            *(self.frequency(node.fieldname, word) for word in words), strict=True
        )
        if min(frequencies) == 0:
            return Matches.empty()
        plan = PhrasePlan.of(node.fieldname, words, terms, frequencies)
        docnums: list[Docnums] = []
        counts: list[NDArray[np.float64]] = []
        lengths: list[NDArray[np.float64]] = []
        for segment in self.segments:
            pages, occurrences = plan.counts_in(segment)
            if len(pages):
                docnums.append(pages + segment.offset)
                counts.append(occurrences)
                lengths.append(segment.lengths(node.fieldname)[pages])
        if not docnums:
            return Matches.empty()
        # The sum of the words' scores, as Whoosh scores a phrase, but each word counted as
        # often as the phrase is on the page, not as often as the word is: the page that
        # holds the phrase most comes first (and the other words' postings are not read).
        found_counts, found_lengths = np.concatenate(counts), np.concatenate(lengths)
        scores = sum(
            self._bm25(node.fieldname, frequency, found_counts, found_lengths)
            for frequency in frequencies
        )
        return Matches(np.concatenate(docnums), np.asarray(scores) * node.boost)

    # --------------------------------------------------------------- the rest

    def every_page(self) -> Matches:
        parts = []
        for segment in self.segments:
            local = np.arange(segment.reader.doc_count_all(), dtype=np.int64)
            if len(segment.deleted):
                local = local[~np.isin(local, segment.deleted)]
            parts.append(local + segment.offset)
        docnums = np.concatenate(parts) if parts else np.empty(0, np.int64)
        return Matches(docnums, np.ones(len(docnums), np.float64))

    def negated(self, node: query.Query) -> Matches:
        """Evaluate the query under a NOT: its words are not highlighted."""
        self._negated += 1
        try:
            return self.run(node)
        finally:
            self._negated -= 1

    def by_whoosh(self, node: query.Query) -> Matches:
        """A query shape this module does not evaluate: Whoosh's matchers, page by page,
        with Whoosh's faults: its ANDNOT matcher, in a segment with deleted pages, keeps
        some pages holding the unwanted word (docvault evaluates ANDNOT itself), and these
        shapes are not held to ``MAX_EXPANSION``."""
        if not self._negated:
            reader = self.searcher.reader()
            self.matched_words.update(
                self._text_of(fieldname, term)
                for fieldname, term in node.existing_terms(reader, phrases=True, expand=True)
                if fieldname == self.text_field
            )
        docnums: list[Docnums] = []
        scores: list[Scores] = []
        for segment in self.segments:
            matcher = node.matcher(segment.searcher, segment.searcher.context())
            found: list[int] = []
            found_scores: list[float] = []
            while matcher.is_active():
                found.append(matcher.id())
                found_scores.append(matcher.score())
                matcher.next()
            local = np.array(found, np.int64)
            # Whoosh's matchers for NOT name deleted pages too (tests/search/test_postings.py).
            keep = ~np.isin(local, segment.deleted)
            docnums.append(local[keep] + segment.offset)
            scores.append(np.array(found_scores, np.float64)[keep])
        if not docnums:
            return Matches.empty()
        all_docnums = np.concatenate(docnums)
        order = np.argsort(all_docnums, kind="stable")
        return Matches(all_docnums[order], np.concatenate(scores)[order])


@dataclass(frozen=True)
class PhrasePlan:
    """How a phrase is looked for: the word whose posting list is read (the anchor), the
    hashes its neighbours must have, and the farther words with their distance from it."""

    fieldname: str
    anchor: bytes
    before: int | None
    after: int | None
    farther: list[tuple[int, bytes]]

    @classmethod
    def of(
        cls,
        fieldname: str,
        words: Sequence[str],
        terms: Sequence[bytes],
        frequencies: Sequence[int],
    ) -> PhrasePlan:
        anchor = _best_anchor(frequencies)
        return cls(
            fieldname,
            terms[anchor],
            before=word_hash(words[anchor - 1]) if anchor > 0 else None,
            after=word_hash(words[anchor + 1]) if anchor + 1 < len(words) else None,
            farther=[
                (offset - anchor, terms[offset])
                for offset in range(len(words))
                if abs(offset - anchor) > 1
            ],
        )

    def counts_in(self, segment: Segment) -> tuple[Docnums, NDArray[np.float64]]:
        """The segment's pages that hold the phrase (local numbers), and how often."""
        postings = read_postings(
            segment.reader, self.fieldname, self.anchor, True, segment.block_reads
        )
        found = anchor_occurrences(segment.live(postings), self.before, self.after)
        for distance, term in self.farther:
            found = _followed_at(segment.reader, self.fieldname, found, distance, term)
        pages, occurrences = np.unique(found.docnums, return_counts=True)
        return pages, occurrences.astype(np.float64)


def _best_anchor(frequencies: Sequence[int]) -> int:
    """The word whose posting list is read: a rare one, and one whose neighbours cover the
    phrase, since each word farther than one place is looked up page by page (measured:
    "mit der die" took 240 ms anchored on "die", 100 ms on "der", equally frequent)."""

    def cost(anchor: int) -> int:
        farther = sum(1 for offset in range(len(frequencies)) if abs(offset - anchor) > 1)
        return frequencies[anchor] * (1 + farther)

    return min(range(len(frequencies)), key=cost)


@dataclass(frozen=True)
class Occurrences:
    """Occurrences of a phrase's anchor word: local page number and position of each."""

    docnums: Docnums
    positions: NDArray[np.int64]


def anchor_occurrences(postings: Postings, before: int | None, after: int | None) -> Occurrences:
    """The occurrences of the anchor word that stand between the wanted neighbours.

    The posting values are read as one array; each holds ``frequency`` positions, then as
    many hashes of the word before, then of the word after (``NeighbourPositions``).
    """
    values = postings.values or []
    if not values:
        return Occurrences(np.empty(0, np.int64), np.empty(0, np.int64))
    numbers = np.frombuffer(b"".join(values), dtype="<u4")
    frequencies = np.fromiter(map(len, values), np.int64, len(values)) // OCCURRENCE_BYTES
    posting_of = np.repeat(np.arange(len(values)), frequencies)
    ends = np.cumsum(frequencies)
    rank_in_posting = np.arange(len(posting_of)) - np.repeat(ends - frequencies, frequencies)
    repeated = np.repeat(frequencies, frequencies)
    position_at = np.repeat(3 * (ends - frequencies), frequencies) + rank_in_posting
    wanted = np.ones(len(posting_of), dtype=bool)
    if before is not None:
        wanted &= numbers[position_at + repeated] == before
    if after is not None:
        wanted &= numbers[position_at + 2 * repeated] == after
    return Occurrences(
        postings.docnums[posting_of[wanted]], numbers[position_at[wanted]].astype(np.int64)
    )


def _followed_at(
    reader: Any, fieldname: str, found: Occurrences, distance: int, term: bytes
) -> Occurrences:
    """The occurrences that have ``term`` ``distance`` words after them (before, if
    negative), looked up page by page: only the candidate pages are read."""
    if not len(found.docnums) or (fieldname, term) not in reader:
        return Occurrences(found.docnums[:0], found.positions[:0])
    matcher = reader.postings(fieldname, term)
    decode = reader.schema[fieldname].format.decode_positions
    keep = np.zeros(len(found.docnums), dtype=bool)
    pages, firsts = np.unique(found.docnums, return_index=True)
    lasts = np.append(firsts[1:], len(found.docnums))
    for page, first, last in zip(pages.tolist(), firsts.tolist(), lasts.tolist(), strict=True):
        if not matcher.is_active():
            break
        matcher.skip_to(page)
        if not matcher.is_active() or matcher.id() != page:
            continue
        wanted = np.array(decode(matcher.value()), np.int64) - distance
        keep[first:last] = np.isin(found.positions[first:last], wanted)
    return Occurrences(found.docnums[keep], found.positions[keep])


def one_edit_variants(word: str, keep: int, letters: Iterable[str]) -> set[str]:
    """Every word one deletion, insertion, substitution or swap of neighbours away from
    ``word``, leaving its first ``keep`` letters alone (as Whoosh's fuzzy prefix does).

    ``letters`` are the characters index words are made of: digits, ``.`` (47.5mg), ``µ``
    and Greek letters too. A swap counts as one edit here (``mteoprolol~`` finds
    metoprolol), where Whoosh's one-edit automaton needs two.
    """
    letters = sorted(set(letters))
    variants = {word}
    for position in range(keep, len(word) + 1):
        head, tail = word[:position], word[position:]
        if tail:
            variants.add(head + tail[1:])
            if len(tail) > 1:
                variants.add(head + tail[1] + tail[0] + tail[2:])
        for letter in letters:
            variants.add(head + letter + tail)
            if tail:
                variants.add(head + letter + tail[1:])
    return variants


# ----------------------------------------------------------------------------- query shapes


def _term(evaluation: Evaluation, node: query.Term) -> Matches:
    return evaluation.term(node.fieldname, node.text, node.boost)


def _expanded(evaluation: Evaluation, node: query.MultiTerm) -> Matches:
    """A prefix, wildcard, fuzzy word or range: every word it stands for, scored."""
    fieldname = node.field()
    words = evaluation.words_matching(node)
    return unite([evaluation.term(fieldname, word, node.boost) for word in words])


def _phrase(evaluation: Evaluation, node: query.Phrase) -> Matches:
    words = [word for word in node.words if word]
    if not words:
        return Matches.empty()
    if len(words) == 1:
        return evaluation.term(node.fieldname, words[0], node.boost)
    schema = evaluation.schema
    field_format = schema[node.fieldname].format if node.fieldname in schema else None
    if node.slop != 1 or not isinstance(field_format, NeighbourPositions):
        return evaluation.by_whoosh(node)
    return evaluation.phrase(node, words)


def _and(evaluation: Evaluation, node: query.And) -> Matches:
    """Pages matching every part; NOT parts remove pages. Single words go first, rarest
    first, and the rest are skipped once nothing is left."""
    wanted = [part for part in node.subqueries if not isinstance(part, query.Not)]
    unwanted = [part.query for part in node.subqueries if isinstance(part, query.Not)]
    if not wanted:
        found = evaluation.every_page()
    else:
        wanted.sort(key=evaluation.known_size)
        found = evaluation.run(wanted[0])
        for part in wanted[1:]:
            if not len(found):
                break
            found = intersect(found, evaluation.run(part))
    for part in unwanted:
        if not len(found):
            break
        found = subtract(found, evaluation.negated(part))
    return _boosted(found, node.boost)


def _or(evaluation: Evaluation, node: query.Or) -> Matches:
    if node.minmatch or node.scale:
        return evaluation.by_whoosh(node)
    return _boosted(unite([evaluation.run(part) for part in node.subqueries]), node.boost)


def _not(evaluation: Evaluation, node: query.Not) -> Matches:
    every = evaluation.every_page()
    return constant(subtract(every, evaluation.negated(node.query)), node.boost)


def _and_not(evaluation: Evaluation, node: query.AndNot) -> Matches:
    found = evaluation.run(node.a)
    return subtract(found, evaluation.negated(node.b)) if len(found) else found


def _constant_score(evaluation: Evaluation, node: query.ConstantScoreQuery) -> Matches:
    return constant(evaluation.run(node.child), node.score)


def _every(evaluation: Evaluation, node: query.Every) -> Matches:
    """``*``: every page, a blank one too (Whoosh's would leave out pages without words;
    it unites the posting lists of every word for it, 36 s on 100,000 pages)."""
    return constant(evaluation.every_page(), node.boost)


def _nothing(evaluation: Evaluation, node: query.Query) -> Matches:
    return Matches.empty()


def _boosted(matches: Matches, boost: float) -> Matches:
    return matches if boost == 1.0 else Matches(matches.docnums, matches.scores * boost)


Handler = Callable[[Evaluation, Any], Matches]
# Exact types only: Whoosh's subclasses (DisjunctionMax, Ordered, ...) mean other things
# and go to Whoosh's own matchers.
_HANDLERS: dict[type, Handler] = {
    query.Term: _term,
    query.Phrase: _phrase,
    query.And: _and,
    query.Or: _or,
    query.Not: _not,
    query.AndNot: _and_not,
    query.ConstantScoreQuery: _constant_score,
    query.Every: _every,
    type(query.NullQuery): _nothing,
}
# Prefixes, wildcards, fuzzy words, ranges and variations all list the words they stand for.
_BASE_HANDLERS: list[tuple[type, Handler]] = [(query.MultiTerm, _expanded)]
