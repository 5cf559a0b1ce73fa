"""The words a search matched, marked in a page's transcription (safe HTML in, safe HTML out).

The transcription is already safe HTML (`docvault.web.markdown`); only its text is touched:
each word the search's marker matches (`docvault.search.marking.WordMarker`: the index
engine's own analysis of the text, folded misreadings too) is wrapped in `<mark>`, as the
result snippets mark them, so `muller` marks Müller, with stemming `kontrolle` marks
Kontrollen, and "Hyperkaliämie" marks the fax's "Hyperkallämie". Tags and attributes pass
through as they came.
"""

from __future__ import annotations

import html
from html.parser import HTMLParser

from docvault.search import WordMarker


class _Marker(HTMLParser):
    def __init__(self, marker: WordMarker) -> None:
        super().__init__(convert_charrefs=True)
        self.marker = marker
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, _attrs: list[tuple[str, str | None]]) -> None:
        self.parts.append(self.get_starttag_text() or "")

    def handle_startendtag(self, tag: str, _attrs: list[tuple[str, str | None]]) -> None:
        self.parts.append(self.get_starttag_text() or "")

    def handle_endtag(self, tag: str) -> None:
        self.parts.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        written = 0
        for start, end in self.marker.places(data):
            self.parts.append(html.escape(data[written:start], quote=False))
            self.parts.append(f"<mark>{html.escape(data[start:end], quote=False)}</mark>")
            written = end
        self.parts.append(html.escape(data[written:], quote=False))


def mark_words(safe_html: str, marker: WordMarker) -> str:
    """`safe_html` with every word the marker matches in `<mark>`."""
    if not marker.words:
        return safe_html
    parser = _Marker(marker)
    parser.feed(safe_html)
    parser.close()
    return "".join(parser.parts)
