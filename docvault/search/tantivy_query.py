"""A parsed search turned into a Tantivy query that finds the same pages as Whoosh's.

A stage leaf: a parsed query (``docvault.search.language``) and a Tantivy searcher in, a
Tantivy query and the words to mark out; no database. Each shape of the query language
becomes the Tantivy query with the same matches as ``docvault.search.evaluate`` finds on a
Whoosh index of the same pages (tests/search/test_engines.py compares them). Scores are Tantivy's
BM25, which differs from Whoosh's BM25F in its idf (``ln(1 + (N - n + 0.5) / (n + 0.5))``
against ``ln(N / (n + 1)) + 1``) and its length norms, so pages of equal matches can rank
in another order; filters score a constant in both.

- A prefix, wildcard, fuzzy word or range stands for the index words it matches, looked
  up in Tantivy's term dictionary, each a term of the query; more than ``MAX_EXPANSION``
  are refused as in the Whoosh engine. A word one edit away from a fuzzy word is found by
  asking for each of its spelling variants; for two edits the words sharing the kept
  prefix are compared with it.
- A phrase of two words that are both common (``tantivy_schema.COMMON_WORDS``) is the one
  term of their pair; a longer phrase must also hold the pairs of its common neighbours, so
  that positions are compared only on the pages that have them.
- A phrase with ``~N`` matches its words in order, each 1 to N places after the one before
  (Whoosh's rule; Tantivy's own slop also allows other orders): the query is every such
  arrangement, at most ``MAX_ARRANGEMENTS`` of them.
"""

from __future__ import annotations

import fnmatch
import itertools
import re
from collections.abc import Callable, Sequence
from typing import Any

import tantivy
from whoosh import query
from whoosh.support.levenshtein import levenshtein

from docvault.errors import QuerySyntaxError
from docvault.search.evaluate import (
    MAX_EXPANSION,
    MAX_LISTED_WORDS,
    TooManyListed,
    TooManyWords,
    WordListing,
    one_edit_variants,
)
from docvault.search.schema import NAME_FIELDS
from docvault.search.tantivy_schema import (
    FILTER_FIELDS,
    LETTERS_FIELD,
    PAIRS_FIELD,
    PLAIN_LETTERS,
    SEARCHED_FIELDS,
    TEXT_FIELD,
    WORD_FIELDS,
    pair_term,
)

# "a b c"~8 stands for 8 x 8 arrangements of its words; a longer phrase with a larger
# number is refused with a sentence.
MAX_ARRANGEMENTS = 256

Must, Should, MustNot = tantivy.Occur.Must, tantivy.Occur.Should, tantivy.Occur.MustNot


class Translation:
    """Turns one parsed search into a Tantivy query over one searcher.

    ``words`` collects the page-text words the search matches (expanded), for the snippets;
    words under NOT are left out.
    """

    def __init__(
        self,
        searcher: tantivy.Searcher,
        schema: tantivy.Schema,
        common: frozenset[str],
        on_step: Callable[[], None] = lambda: None,
    ) -> None:
        self.searcher = searcher
        self.schema = schema
        self.common = common
        self.on_step = on_step
        self.words: set[str] = set()
        # The words matched in the facts that name something, for the snippets too.
        self.name_words: set[str] = set()
        self._negated = 0

    def run(self, node: query.Query) -> tantivy.Query:
        self.on_step()
        handler = _HANDLERS.get(type(node))
        if handler is None and isinstance(node, query.MultiTerm):
            handler = _expanded
        if handler is None:
            raise QuerySyntaxError(
                f"The search part {str(node)[:80]!r} has a form docvault's Tantivy engine does "
                "not search; write it with words, phrases, *, ~, AND, OR, NOT and filters."
            )
        return handler(self, node)

    def negated(self, node: query.Query) -> tantivy.Query:
        self._negated += 1
        try:
            return self.run(node)
        finally:
            self._negated -= 1

    # --------------------------------------------------------------- words

    def term(self, fieldname: str, text: str, boost: float = 1.0) -> tantivy.Query:
        if fieldname not in SEARCHED_FIELDS and fieldname not in FILTER_FIELDS:
            return tantivy.Query.empty_query()
        if not self._negated:
            self._matched(fieldname, [text])
        found = tantivy.Query.term_query(self.schema, fieldname, text)
        if fieldname in FILTER_FIELDS:
            return tantivy.Query.const_score_query(found, boost)
        return _boosted(found, boost)

    def _matched(self, fieldname: str, words: Sequence[str]) -> None:
        if fieldname == TEXT_FIELD:
            self.words.update(words)
        elif fieldname in NAME_FIELDS:
            self.name_words.update(words)

    def any_word(self, fieldname: str, words: Sequence[str], boost: float) -> tantivy.Query:
        """Pages holding any of ``words``, each scored as its own term (Whoosh's union)."""
        if not words:
            return tantivy.Query.empty_query()
        return _union([self.term(fieldname, word, boost) for word in words])

    def words_matching(self, node: query.MultiTerm) -> list[str]:
        """The index words a prefix, wildcard, fuzzy word or range stands for; finding them
        lists at most ``MAX_LISTED_WORDS`` index words (evaluate.WordListing)."""
        fieldname = node.field()
        if fieldname not in WORD_FIELDS and fieldname not in FILTER_FIELDS:
            return []
        listing = WordListing(node, self.on_step)
        if isinstance(node, query.Prefix):
            words = list(listing(self._listed(node, fieldname, node.text)))
        elif isinstance(node, query.Wildcard):
            pattern = re.compile(fnmatch.translate(node.text))
            listed = self._listed(node, fieldname, _literal_start(node.text))
            words = [word for word in listing(listed) if pattern.match(word)]
        elif isinstance(node, query.FuzzyTerm):
            words = self._within_edits(node, fieldname, listing)
        elif isinstance(node, query.TermRange):
            words = self._in_range(node, listing)
        else:
            raise QuerySyntaxError(
                f"The search part {str(node)[:80]!r} has a form docvault's Tantivy engine "
                "does not search."
            )
        if len(words) > MAX_EXPANSION:
            raise TooManyWords(node, len(words))
        return sorted(set(words))

    def _listed(self, node: query.Query, fieldname: str, prefix: str) -> list[str]:
        """The index words starting with ``prefix``; more than ``MAX_LISTED_WORDS`` are
        refused before Python sees them (Tantivy walks its term dictionary itself)."""
        listed = self.searcher.terms_with_prefix(fieldname, prefix, limit=MAX_LISTED_WORDS + 1)
        if len(listed) > MAX_LISTED_WORDS:
            raise TooManyListed(node)
        return [word for word, _ in listed]

    def _within_edits(
        self, node: query.FuzzyTerm, fieldname: str, listing: WordListing
    ) -> list[str]:
        """Index words at most ``node.maxdist`` spelling differences from its word that share
        its first ``prefixlength`` letters: the Whoosh engine's rule (one edit in the page
        text counts a swap of neighbours as one; otherwise Levenshtein's distance)."""
        word, edits, keep = node.text, node.maxdist, node.prefixlength
        if fieldname == TEXT_FIELD and edits == 1:
            variants = one_edit_variants(word, keep, self._letters())
            return [variant for variant in variants if self.searcher.doc_freq(fieldname, variant)]
        rest = word[keep:]
        return [
            found
            for found in listing(self._listed(node, fieldname, word[:keep]))
            if abs(len(found) - len(word)) <= edits
            and levenshtein(found[keep:], rest, edits) <= edits
        ]

    def _letters(self) -> frozenset[str]:
        rare = self.searcher.terms_with_prefix(LETTERS_FIELD, "")
        return PLAIN_LETTERS | {letter for letter, _ in rare}

    def _in_range(self, node: query.TermRange, listing: WordListing) -> list[str]:
        start = node.start or ""
        end = node.end
        prefix = start if end is None else _common_start(start, end)
        low, high = start.encode(), None if end is None else end.encode()
        found = []
        for word in listing(self._listed(node, node.fieldname, prefix)):
            encoded = word.encode()
            if encoded < low or (node.startexcl and encoded == low):
                continue
            if high is not None and (encoded > high or (node.endexcl and encoded == high)):
                continue
            found.append(word)
        return found

    # --------------------------------------------------------------- phrases

    def phrase(self, fieldname: str, words: list[str], slop: int, boost: float) -> tantivy.Query:
        if not self._negated:
            self._matched(fieldname, words)
        if slop == 1:
            return _boosted(self._adjacent(fieldname, words), boost)
        gaps = range(1, slop + 1)
        arrangements = len(gaps) ** (len(words) - 1)
        if arrangements > MAX_ARRANGEMENTS:
            raise QuerySyntaxError(
                f"The phrase {' '.join(words)!r}~{slop} stands for {arrangements:,} "
                f"arrangements of its words; docvault's Tantivy engine searches at most "
                f"{MAX_ARRANGEMENTS}: use a smaller number after ~, or fewer words."
            )
        found = []
        for steps in itertools.product(gaps, repeat=len(words) - 1):
            places = [0, *itertools.accumulate(steps)]
            placed: list[str | tuple[int, str]] = list(zip(places, words, strict=True))
            found.append(tantivy.Query.phrase_query(self.schema, fieldname, placed))
        return _boosted(_union(found), boost)

    def _adjacent(self, fieldname: str, words: list[str]) -> tantivy.Query:
        """Pages holding ``words`` side by side, in order."""
        pairs = []
        if fieldname == TEXT_FIELD:
            pairs = [
                pair_term(first, second)
                for first, second in itertools.pairwise(words)
                if first in self.common and second in self.common
            ]
        if len(words) == 2 and pairs:
            return tantivy.Query.term_query(self.schema, PAIRS_FIELD, pairs[0])
        found = tantivy.Query.phrase_query(
            self.schema, fieldname, list[str | tuple[int, str]](words)
        )
        if not pairs:
            return found
        needed = [
            (Must, tantivy.Query.const_score_query(
                tantivy.Query.term_query(self.schema, PAIRS_FIELD, pair), 0.0
            ))
            for pair in pairs
        ]  # fmt: skip
        return tantivy.Query.boolean_query([(Must, found), *needed])


def _literal_start(pattern: str) -> str:
    """The letters of a wildcard before its first * ? or [ (Whoosh's own rule)."""
    return re.split(r"[*?\[]", pattern, maxsplit=1)[0]


def _common_start(first: str, second: str) -> str:
    length = 0
    for one, other in zip(first, second, strict=False):
        if one != other:
            break
        length += 1
    return first[:length]


def _boosted(found: tantivy.Query, boost: float) -> tantivy.Query:
    return found if boost == 1.0 else tantivy.Query.boost_query(found, boost)


def _union(parts: Sequence[tantivy.Query]) -> tantivy.Query:
    if len(parts) == 1:
        return parts[0]
    return tantivy.Query.boolean_query([(Should, part) for part in parts])


def _every(boost: float) -> tantivy.Query:
    return tantivy.Query.const_score_query(tantivy.Query.all_query(), boost)


# ----------------------------------------------------------------------------- query shapes


def _term(translation: Translation, node: query.Term) -> tantivy.Query:
    return translation.term(node.fieldname, node.text, node.boost)


def _expanded(translation: Translation, node: query.MultiTerm) -> tantivy.Query:
    words = translation.words_matching(node)
    return translation.any_word(node.field(), words, node.boost)


def _phrase(translation: Translation, node: query.Phrase) -> tantivy.Query:
    words = [word for word in node.words if word]
    if not words:
        return tantivy.Query.empty_query()
    if len(words) == 1:
        return translation.term(node.fieldname, words[0], node.boost)
    if node.fieldname not in SEARCHED_FIELDS:
        return tantivy.Query.empty_query()
    return translation.phrase(node.fieldname, words, node.slop, node.boost)


def _and(translation: Translation, node: query.And) -> tantivy.Query:
    wanted = [part for part in node.subqueries if not isinstance(part, query.Not)]
    unwanted = [part.query for part in node.subqueries if isinstance(part, query.Not)]
    clauses = [(Must, translation.run(part)) for part in wanted]
    if not clauses:
        clauses = [(Must, _every(1.0))]
    clauses += [(MustNot, translation.negated(part)) for part in unwanted]
    return _boosted(tantivy.Query.boolean_query(clauses), node.boost)


def _or(translation: Translation, node: query.Or) -> tantivy.Query:
    parts = [(Should, translation.run(part)) for part in node.subqueries]
    if not parts:
        return tantivy.Query.empty_query()
    least = node.minmatch or None
    return _boosted(tantivy.Query.boolean_query(parts, least), node.boost)


def _not(translation: Translation, node: query.Not) -> tantivy.Query:
    unwanted = translation.negated(node.query)
    return tantivy.Query.boolean_query([(Must, _every(node.boost)), (MustNot, unwanted)])


def _and_not(translation: Translation, node: query.AndNot) -> tantivy.Query:
    found = translation.run(node.a)
    return tantivy.Query.boolean_query([(Must, found), (MustNot, translation.negated(node.b))])


def _and_maybe(translation: Translation, node: query.AndMaybe) -> tantivy.Query:
    return tantivy.Query.boolean_query(
        [(Must, translation.run(node.a)), (Should, translation.run(node.b))]
    )


def _require(translation: Translation, node: query.Require) -> tantivy.Query:
    required = tantivy.Query.const_score_query(translation.run(node.b), 0.0)
    return tantivy.Query.boolean_query([(Must, translation.run(node.a)), (Must, required)])


def _constant_score(translation: Translation, node: query.ConstantScoreQuery) -> tantivy.Query:
    return tantivy.Query.const_score_query(translation.run(node.child), node.score)


def _every_page(translation: Translation, node: query.Every) -> tantivy.Query:
    """``*``: every page, a blank one too (as the Whoosh engine answers it)."""
    return _every(node.boost)


def _nothing(translation: Translation, node: query.Query) -> tantivy.Query:
    return tantivy.Query.empty_query()


def _dismax(translation: Translation, node: query.DisjunctionMax) -> tantivy.Query:
    parts = [translation.run(part) for part in node.subqueries]
    return tantivy.Query.disjunction_max_query(parts, node.tiebreak or None)


Handler = Callable[[Translation, Any], tantivy.Query]
# Exact types, as in docvault.search.evaluate: a subclass means something else.
_HANDLERS: dict[type, Handler] = {
    query.Term: _term,
    query.Phrase: _phrase,
    query.And: _and,
    query.Or: _or,
    query.Not: _not,
    query.AndNot: _and_not,
    query.AndMaybe: _and_maybe,
    query.Require: _require,
    query.ConstantScoreQuery: _constant_score,
    query.Every: _every_page,
    query.DisjunctionMax: _dismax,
    type(query.NullQuery): _nothing,
}
