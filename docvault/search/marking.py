"""Which words of a page a search matched: one marker for the snippets and the viewer.

A stage leaf: words in, places in text out; no index, no database. A search's matched
words are index words (lower case, accents folded, stemmed if the index stems). The page
text is analysed by the analysis of the engine that wrote the index (``Analysis``: Whoosh's
analyzer for a Whoosh index, ``docvault.search.words`` for a Tantivy one; the two make the
same words, tests/test_engines.py), and a word is marked where its index word is a
matched one, or where its folded form is (``docvault.search.confusions``): the page found
through "Hyperkallämie" for "Hyperkaliämie" shows that word marked. Where a word the engine
glued is not matched whole, its matched parts are (``docvault.search.glue``): a search for
"Großmann" marks "Großmann" in "ZoeGroßmann".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from whoosh.analysis import Analyzer

from docvault.misreadings import fold
from docvault.search.confusions import folded_set
from docvault.search.glue import glued_part_spans
from docvault.search.words import WORD, page_words

# A text's words with their places: (start, end, the index word) for each.
Analysis = Callable[[str], Iterator[tuple[int, int, str]]]


def whoosh_analysis(analyzer: Analyzer) -> Analysis:
    """The words of a text as a Whoosh index's analyzer makes them, with their places."""

    def analyse(text: str) -> Iterator[tuple[int, int, str]]:
        for token in analyzer(text, chars=True, mode="query", removestops=False):
            yield token.startchar, token.endchar, token.text

    return analyse


def tantivy_analysis(stemming_language: str | None) -> Analysis:
    """The words of a text as the Tantivy engine's indexing makes them, with their places."""

    def analyse(text: str) -> Iterator[tuple[int, int, str]]:
        for found in WORD.finditer(text):
            yield found.start(), found.end(), page_words(found.group(), stemming_language)[0]

    return analyse


@dataclass(frozen=True)
class WordMarker:
    """The words one search matched, and the analysis of the index they were matched in."""

    words: frozenset[str]
    analysis: Analysis
    folded: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "folded", folded_set(self.words))

    def matches(self, word: str) -> bool:
        """Whether an index word is matched as typed or as the engine may have misread it."""
        return word in self.words or fold(word) in self.folded

    def _found(self, text: str) -> Iterator[tuple[int, int, str]]:
        """(start, end, index word) of each matched word of ``text``, in order: whole
        words, and the matched parts of glued words not matched whole."""
        found = {
            (start, end): word for start, end, word in self.analysis(text) if self.matches(word)
        }
        for start, end in glued_part_spans(text):
            if any(start >= first and end <= last for first, last in found):
                continue
            for _, _, word in self.analysis(text[start:end]):
                if self.matches(word):
                    found[start, end] = word
        for (start, end), word in sorted(found.items()):
            yield start, end, word

    def words_and_parts(self, text: str) -> Iterator[tuple[int, int, str]]:
        """Every word of ``text`` with its place, in order; a glued word not matched whole
        but by some of its parts stands as those parts (the snippet marks them)."""
        found = list(self._found(text))
        next_found = 0
        for start, end, word in self.analysis(text):
            inside = []
            while next_found < len(found) and found[next_found][0] < end:
                if found[next_found][0] >= start:
                    inside.append(found[next_found])
                next_found += 1
            if inside and inside[0][:2] != (start, end):
                yield from inside
            else:
                yield start, end, word

    def places(self, text: str) -> Iterator[tuple[int, int]]:
        """Where the matched words stand in ``text``, in order."""
        for start, end, _ in self._found(text):
            yield start, end

    def words_in(self, text: str) -> frozenset[str]:
        """The index words of ``text`` that are matched (folded matches included)."""
        return frozenset(word for _, _, word in self._found(text))
