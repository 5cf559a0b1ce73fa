"""The words a page is indexed as, made without Whoosh's token objects: for the Tantivy engine.

A stage leaf: text in, words out; no index, no database. Whoosh's analyzer
(``docvault.search.schema.text_analyzer``) makes a token object per word and passes it
through three filters in Python: about 300 µs for a 2 KB page. ``page_words`` makes the same
words with one regular expression and two string methods over the whole text (about 150 µs),
so that both engines index, and a search finds, exactly the same words
(tests/search/test_engines.py holds them equal). Tantivy then takes the words joined by spaces and
splits them in Rust: no word contains a space.

Every other field (inbox, tags, the file name, the dates, the facts) is short, and is
analysed by its own Whoosh field (``field_words``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from whoosh.analysis.tokenizers import default_pattern
from whoosh.lang import stemmer_for_language

from docvault.misreadings import fold
from docvault.search.glue import part_spans
from docvault.search.schema import FOLDING

# Whoosh's own word pattern (RegexTokenizer's default), with its group made non-capturing so
# that findall returns whole words; a test checks it is Whoosh's pattern otherwise.
WORD = re.compile(default_pattern.pattern.replace("(", "(?:", 1), re.UNICODE)

Stemmer = Callable[[str], str]


@functools.cache
def stemmer(language: str) -> Stemmer:
    """Whoosh's Snowball stemmer of ``language`` (what StemFilter calls), remembering words."""
    stem: Stemmer = stemmer_for_language(language)
    return functools.lru_cache(maxsize=200_000)(stem)


def page_words(plain: str, stemming_language: str | None = None) -> list[str]:
    """The words of ``plain`` text as ``schema.text_analyzer`` makes them.

    Lower-casing and folding the words joined by spaces gives the same words as doing it to
    each: both work letter by letter (a word-final Σ is final either way, since a space
    follows it), and neither ever turns a letter into a space.
    """
    found = WORD.findall(plain)
    if not found:
        return []
    words = " ".join(found).lower().translate(FOLDING).split(" ")
    if stemming_language is not None:
        stem = stemmer(stemming_language)
        words = [stem(word) for word in words]
    return words


def part_words(plain: str, stemming_language: str | None = None) -> list[str]:
    """The parts field's words of ``plain`` text as ``schema.parts_analyzer`` makes them:
    each part of a glued word (``docvault.search.glue``) made a word as ``page_words`` makes
    one, then folded (``docvault.search.confusions``)."""
    parts = " ".join(plain[start:end] for start, end in part_spans(plain))
    return [fold(word) for word in page_words(parts, stemming_language)]


def field_words(field: Any, value: str) -> list[str]:
    """The words of a short field value as its Whoosh field's analyzer makes them."""
    return [token.text for token in field.analyzer(value, mode="index")]
