"""Snippets: the page text around the matched words, escaped, with the words marked.

A stage leaf: page Markdown in, safe HTML out (escaped text plus ``<mark>`` only); no
database. The words come from the evaluation (``Evaluation.matched_words``), as the index
folded them, in a ``WordMarker`` that also matches their misread forms; the page text comes
from the database, as OCR wrote it.
"""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Iterator
from typing import Any

from whoosh import highlight
from whoosh.analysis import Token, Tokenizer

from docvault.search.marking import WordMarker
from docvault.search.schema import FOLDING
from docvault.textutil import strip_markup

SNIPPET_CHARACTERS = 200
# Each snippet shows up to two fragments of the page, each with 60 characters of context
# around the marked words: one or two lines of a letter in the result list.
SNIPPET_FRAGMENTS = 2
SNIPPET_CONTEXT_CHARACTERS = 60


class _MarkFormatter(highlight.Formatter):  # type: ignore[misc]
    """Escape each piece of page text before any markup is added; mark matches only.

    Escaping the pieces (rather than the whole text before tokenizing) means a match can
    never land inside an entity such as ``&lt;`` and break it.
    """

    between = " … "

    def _text(self, text: str) -> str:
        # The hook Whoosh's own HtmlFormatter overrides to escape the text between matches.
        return html.escape(text, quote=True)

    def format_token(self, text: str, token: Any, replace: bool = False) -> str:
        return f"<mark>{html.escape(highlight.get_text(text, token, replace), quote=True)}</mark>"


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


class _MarkedWords(Tokenizer):  # type: ignore[misc]
    """A text's words as the marker sees them (``WordMarker.words_and_parts``): the index's
    words, and the matched parts of a glued word (the snippet marks "Großmann" in
    "ZoeGroßmann" for a search for "Großmann")."""

    def __init__(self, marker: WordMarker) -> None:
        self.marker = marker

    def __call__(
        self, value: str, chars: bool = False, mode: str = "", removestops: bool = True,
        **kwargs: Any,
    ) -> Iterator[Token]:  # fmt: skip
        token = Token(False, chars, removestops=removestops, mode=mode)
        for start, end, word in self.marker.words_and_parts(value):
            token.text, token.boost, token.stopped = word, 1.0, False
            token.startchar, token.endchar = start, end
            yield token


class Highlighter:
    """Snippets of pages for one search: escaped page text with the matched words marked.

    Whoosh's highlighter tokenizes in Python: 1.3 ms for a 500-word page (measured). It is
    given a window of the page around the first places a matched word appears, and only
    that window is stripped of markup and highlighted. The places are found with one
    regular expression over the raw page text, or, for searches that matched many words
    (a short prefix), by looking up each word of the folded page: the expression for 200
    words took 0.2 s to compile.
    """

    def __init__(self, marker: WordMarker) -> None:
        self.marker = marker
        self.terms = terms = marker.words
        self.analyzer = _MarkedWords(marker)
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
        # The words of this text the marker matches: those typed, and misread ones whose
        # folded form is a typed one's (a page found only through folding has no other).
        terms = self.marker.words_in(plain)
        if not terms:
            return ""
        fragmenter = highlight.ContextFragmenter(
            maxchars=SNIPPET_CHARACTERS, surround=SNIPPET_CONTEXT_CHARACTERS
        )
        marked: str = highlight.highlight(
            plain, terms, self.analyzer, fragmenter, _MarkFormatter(),
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
