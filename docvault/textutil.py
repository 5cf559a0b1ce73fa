"""Plain text from the page Markdown the OCR engine writes, for the index and for snippets.

The engines write Markdown with HTML tables, LaTeX formulas and figure stubs such as
``<img src="images/bbox_12_40_300_380.jpg" />``. The index and the snippets want words:
table cells become separate words (``<td>Metoprolol</td><td>50mg</td>`` must never index
as ``metoprolol50mg``), figure stubs and LaTeX commands vanish, entities are decoded.

Only the tags the engines are known to write are removed. Any other ``<...>`` is kept as
literal text, because OCR output is untrusted and a letter may really say ``<script>``;
such text is escaped wherever it is shown (see ``docvault.search.highlight``), never interpreted.
"""

from __future__ import annotations

import html
import re
import unicodedata

# Tags the OCR profiles emit (tables, figure stubs, line breaks, sub/superscripts, simple
# emphasis). Each becomes a space, so adjacent cells stay separate words.
_KNOWN_TAG = re.compile(
    r"</?(?:table|thead|tbody|tfoot|tr|td|th|caption|colgroup|col|img|br|hr|p|div|span"
    r"|sup|sub|b|i|u|em|strong|center|ul|ol|li)\b[^<>]*>",
    re.IGNORECASE,
)
_HTML_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
# Inline and display math: $...$, $$...$$, \(...\), \[...\].
_MATH = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$|\\\((.+?)\\\)|\\\[(.+?)\\\]", re.DOTALL)
_LATEX_COMMAND = re.compile(r"\\[A-Za-z]+")
_LATEX_SYNTAX = re.compile(r"[{}^_&~]|\\[,;:! ]")
# Markdown syntax that has no words in it: heading marks, emphasis, table pipes, rules.
_MARKDOWN_SYNTAX = re.compile(r"^\s{0,3}#{1,6}\s+|\*\*|__|^\s*[-*_]{3,}\s*$|\|", re.MULTILINE)
_SPACES = re.compile(r"[ \t\r\f\v]{2,}|[\t\r\f\v]")
_BLANK_LINES = re.compile(r"\n\s*\n+")
# A str holds a surrogate only alone: a pair is decoded into one code point.
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _math_words(match: re.Match[str]) -> str:
    formula = next(group for group in match.groups() if group is not None)
    formula = _LATEX_COMMAND.sub(" ", formula)
    return " " + _LATEX_SYNTAX.sub(" ", formula) + " "


def strip_markup(markdown: str) -> str:
    """Return the words of a page's Markdown as plain text (entities decoded, not escaped)."""
    text = _HTML_COMMENT.sub(" ", markdown)
    text = _KNOWN_TAG.sub(" ", text)
    text = _MATH.sub(_math_words, text)
    text = _MARKDOWN_SYNTAX.sub(" ", text)
    text = html.unescape(text)
    text = _SPACES.sub(" ", text)
    return _BLANK_LINES.sub("\n", text).strip()


def storable_text(text: str) -> str:
    """`text` as SQLite, the index and the browser accept it: UTF-8 with no lone surrogate.

    Python hands bytes it could not decode over as lone surrogates: MuPDF's warnings quote
    a PDF's resource names byte for byte (``cannot find XObject resource 'Im\\xff'``), and
    an engine's JSON may escape one (``"\\udcff"``). SQLite refuses to encode such a string,
    so a page whose warning held one could never be stored (issue 29: it kept its lease, was
    read again, and failed to store again, for ever). Undecodable bytes are shown as
    ``\\xNN``, as `docvault.names` shows them in file names; any other lone surrogate
    becomes U+FFFD.
    """
    return _LONE_SURROGATE.sub(_escape_surrogate, text)


def _escape_surrogate(match: re.Match[str]) -> str:
    code = ord(match.group())
    # U+DC80..U+DCFF is Python's surrogateescape for the undecodable byte 0x80..0xFF.
    return f"\\x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else "\ufffd"


def without_accents(text: str) -> str:
    """``text`` with its accents taken off its letters ("Ž" is "Z", "é" is "e"); letters
    Unicode does not take apart ("ø", "ł") stay."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(character for character in decomposed if not unicodedata.combining(character))
