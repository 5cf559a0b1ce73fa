"""The words a search matched, marked in a page's transcription (safe HTML in, safe HTML out).

The transcription is already safe HTML (`docvault.web.markdown`); only its text is touched:
each word that the index analyzer turns into one of the matched index words is wrapped in
`<mark>`, the way the result snippets mark them, so `muller` marks Müller and, with
stemming, `kontrolle` marks Kontrollen. Tags and attributes pass through as they came.
"""

from __future__ import annotations

import html
from html.parser import HTMLParser

from whoosh.analysis import Analyzer


class _Marker(HTMLParser):
    def __init__(self, words: frozenset[str], analyzer: Analyzer) -> None:
        super().__init__(convert_charrefs=True)
        self.words = words
        self.analyzer = analyzer
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, _attrs: list[tuple[str, str | None]]) -> None:
        self.parts.append(self.get_starttag_text() or "")

    def handle_startendtag(self, tag: str, _attrs: list[tuple[str, str | None]]) -> None:
        self.parts.append(self.get_starttag_text() or "")

    def handle_endtag(self, tag: str) -> None:
        self.parts.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        written = 0
        for token in self.analyzer(data, chars=True, mode="query", removestops=False):
            if token.text in self.words:
                self.parts.append(html.escape(data[written : token.startchar], quote=False))
                word = html.escape(data[token.startchar : token.endchar], quote=False)
                self.parts.append(f"<mark>{word}</mark>")
                written = token.endchar
        self.parts.append(html.escape(data[written:], quote=False))


def mark_words(safe_html: str, words: frozenset[str], analyzer: Analyzer) -> str:
    """`safe_html` with every word that analyzes to one of `words` in `<mark>`."""
    if not words:
        return safe_html
    marker = _Marker(words, analyzer)
    marker.feed(safe_html)
    marker.close()
    return "".join(marker.parts)
