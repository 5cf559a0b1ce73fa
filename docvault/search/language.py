"""The query language of the search box: parsing a query and holding it to its bounds.

A stage leaf: text in, a parsed Whoosh query out; no database.

Default AND between words, like a search box: ``word``, ``"a phrase"``, ``metop*``,
``mueler~`` (one edit, for OCR errors) or ``mueler~2``, ``AND``/``OR``/``NOT``, parentheses,
and the filters ``inbox:``, ``tag:``, ``file:``, ``status:``, ``received:`` and ``date:``
(the document date), ``from:`` and ``subject:`` (the mail a document arrived in),
``patientid:`` (the practice system's patient number, from the patient register). Dates
are ``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD`` and mean the whole year, month or day;
``received:>2025-01`` means after January 2025, ``>=`` from it,
``<``/``<=`` likewise, and ``received:[2025-01-01 TO 2025-03-31]`` includes both ends.

Whoosh's parser parses (``make_parser``); ``parse`` first refuses, with a sentence, what
Whoosh would silently reinterpret or what would cost more than a search may
(``MAX_QUERY_CHARACTERS``, ``MAX_QUERY_TERMS``), and ``deadline_check`` stops a search that
runs past ``SEARCH_TIME_LIMIT_SECONDS``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from whoosh import query
from whoosh.qparser import FuzzyTermPlugin, GtLtPlugin, MultifieldParser, QueryParser

from docvault.errors import QuerySyntaxError
from docvault.facts import search_date
from docvault.search.confusions import EXACT_FIRST, misread_too
from docvault.search.schema import NAME_FIELDS, text_analyzer

USER_FIELDS = ("inbox", "tag", "file", "status", "received", "date",
               "patient", "born", "sender", "title", "from", "subject", "patientid")  # fmt: skip
# A word without a filter is looked for in the page text and in these facts of the letter
# (what counts: a person's value, else the proposal): staff type a corrected name, not
# `patient:` before it (issue 48). A date typed as the web view shows it (DD.MM.YYYY) is
# also looked for as the birth date and the letter date.
PLAIN_WORD_FACTS = NAME_FIELDS
PLAIN_DATE_FACTS = ("born", "date")
MAX_EDIT_DISTANCE = 2
# "a*" read the postings of 600 words, most of them on nearly every page: 3 s on 100,000
# pages. Two letters narrow a prefix enough; a leading * would walk every word there is.
MIN_LETTERS_BEFORE_WILDCARD = 2

# Issue 13: a 60,000-character query took 37.6 s (Whoosh's parser and the highlighter's
# expression grow with it) and froze the web view for everyone. A search box query of a
# clinic is a few words; these bounds are far above that and far below any harm.
MAX_QUERY_CHARACTERS = 500
MAX_QUERY_TERMS = 32
# Every search ends within this time (checked between the steps of its evaluation and
# between its snippets): a search that needs longer is refused with advice to narrow it.
# The slowest real search on 100,000 pages took 444 ms (bench/README.md); the broadest the
# bounds allow (32 two-letter prefixes) took 3.8 s on 20,000 (bench/hostile_query_bench.py).
SEARCH_TIME_LIMIT_SECONDS = 2.0


class SearchTooSlow(QuerySyntaxError):
    """A search ran past its time limit and was stopped."""


def deadline_check(text: str, seconds: float) -> Callable[[], None]:
    """A check to call between the steps of the search ``text``: it raises SearchTooSlow
    once the search has run for ``seconds``."""
    deadline = time.monotonic() + seconds

    def check() -> None:
        if time.monotonic() > deadline:
            raise SearchTooSlow(
                f"The search {text[:80]!r} took longer than {seconds:g} "
                "seconds and was stopped: use fewer or longer words, or add a filter."
            )

    return check


_FIELD_PREFIX = re.compile(r"(?<![\w.])([^\W\d]\w*):")
_EMPTY_FILTER = re.compile(r"(?<![\w.])([^\W\d]\w*):(?:\s|\)|$)")
_QUOTED = re.compile(r'"[^"]*"')


_OPERATORS = frozenset({"AND", "OR", "NOT", "ANDNOT", "ANDMAYBE"})


# born:12.03.1961, born:12.3.61, born:"12. März 1961": the index keeps birth dates as ISO.
_BIRTH_TERM = re.compile(r'(?<![\w.])born:("[^"]*"|[^\s()\[{]+)')


def birth_dates_as_iso(text: str) -> str:
    """The query with each ``born:`` date written the index's way (YYYY-MM-DD); a date that
    cannot be read is left as typed, for the date field to explain."""

    def as_iso(match: re.Match[str]) -> str:
        iso = search_date(match.group(1))
        return f"born:{iso}" if iso else match.group()

    return _BIRTH_TERM.sub(as_iso, text)


# 07.04.1975 or 7.4.1975 standing alone (not after a filter, not inside a phrase).
_SHOWN_DATE = re.compile(r'(?<![\w.:"])(\d{1,2}\.\d{1,2}\.\d{4})(?![\w.])')


def dates_as_facts(text: str) -> str:
    """The query with each date typed as the web view shows it (07.04.1975) also looked
    for as the letter's birth date and letter date (``born:1975-04-07 OR date:...``)."""
    # Phrases and ranges stay as typed.
    pieces = re.split(r'("[^"]*"|\[[^\]]*\]|\{[^}]*\})', text)

    def widened(match: re.Match[str]) -> str:
        iso = search_date(match.group(1))
        if iso is None:
            return match.group()
        facts = " OR ".join(f"{name}:{iso}" for name in PLAIN_DATE_FACTS)
        return f"({match.group(1)} OR {facts})"

    return "".join(
        piece if piece[:1] in ('"', "[", "{") else _SHOWN_DATE.sub(widened, piece)
        for piece in pieces
    )


def _check_query_size(text: str) -> None:
    if len(text) > MAX_QUERY_CHARACTERS:
        raise QuerySyntaxError(
            f"The search is {len(text):,} characters long; docvault searches at most "
            f"{MAX_QUERY_CHARACTERS} characters: search for a few words of the letter."
        )
    # Counted before parsing, so that Whoosh never sees a long list; AND, OR and NOT are
    # not words (the parsed search is counted again, see parse).
    words = [word for word in text.split() if word not in _OPERATORS]
    if len(words) > MAX_QUERY_TERMS:
        raise QuerySyntaxError(
            f"The search has {len(words)} words; docvault searches at most "
            f"{MAX_QUERY_TERMS}: search for a few distinctive words or a phrase."
        )


def _check_query_text(text: str) -> None:
    """Reject what Whoosh would silently reinterpret: open quotes, parentheses, fields."""
    if text.count('"') % 2:
        raise QuerySyntaxError(
            f"The search {text!r} opens a quotation mark it never closes: close the phrase."
        )
    # A phrase stands as one word, so that a filter on a phrase (patient:"erika mustermann")
    # is not taken for an empty filter.
    unquoted = _QUOTED.sub("phrase", text)
    depth = 0
    for character in unquoted:
        depth += {"(": 1, ")": -1}.get(character, 0)
        if depth < 0:
            break
    if depth != 0:
        raise QuerySyntaxError(f"The search {text!r} has unbalanced parentheses.")
    empty = _EMPTY_FILTER.search(unquoted)
    if empty is not None:
        raise QuerySyntaxError(
            f"The search {text!r} has the filter '{empty.group(1)}:' with nothing after it."
        )
    for match in _FIELD_PREFIX.finditer(unquoted):
        if match.group(1) not in USER_FIELDS:
            known = ", ".join(f"{name}:" for name in USER_FIELDS)
            raise QuerySyntaxError(
                f"The search {text!r} uses an unknown filter '{match.group(1)}:'. "
                f"Filters are {known}; put text with a colon in quotes."
            )


def _check_parsed(text: str, parsed: query.Query) -> None:
    for node in _walk(parsed):
        error = getattr(node, "error", None)
        if error is not None:
            raise QuerySyntaxError(f"The search {text!r} cannot be understood: {error}")
        if (
            isinstance(node, query.Prefix | query.Wildcard)
            and _letters_before_wildcard(node) < MIN_LETTERS_BEFORE_WILDCARD
        ):
            raise QuerySyntaxError(
                f"The search {text!r} needs at least {MIN_LETTERS_BEFORE_WILDCARD} letters "
                f"before a * or ?: with fewer it stands for a large part of the archive."
            )
        if isinstance(node, query.FuzzyTerm) and node.maxdist > MAX_EDIT_DISTANCE:
            raise QuerySyntaxError(
                f"The search {text!r} asks for {node.maxdist} spelling differences; "
                f"at most {MAX_EDIT_DISTANCE} are allowed (word~ or word~2)."
            )
    if parsed == query.NullQuery:
        raise QuerySyntaxError(f"The search {text!r} has no words or filters to search for.")


def _letters_before_wildcard(node: query.Prefix | query.Wildcard) -> int:
    if isinstance(node, query.Prefix):
        return len(node.text)
    return len(re.split(r"[*?]", node.text, maxsplit=1)[0])


def _walk(node: query.Query) -> Iterable[query.Query]:
    yield node
    for child in node.children():
        yield from _walk(child)


@dataclass(frozen=True)
class Parsers:
    """Whoosh's parsers of one schema: ``plain`` reads a word without a filter as page text
    (the bounds are counted on it), ``widened`` as page text or a fact (what is searched)."""

    plain: QueryParser
    widened: QueryParser


def make_parser(schema: Any) -> Parsers:
    """Whoosh's parsers for the search box, with fuzzy words and ``>``/``<`` ranges."""
    plain = QueryParser("text", schema)
    widened = MultifieldParser(["text", *PLAIN_WORD_FACTS], schema)
    for parser in (plain, widened):
        parser.add_plugin(FuzzyTermPlugin())
        parser.add_plugin(GtLtPlugin())
    return Parsers(plain, widened)


def _parsed(parser: QueryParser, text: str, typed: str) -> query.Query:
    try:
        return parser.parse(text)
    except (IndexError, ValueError, TypeError, KeyError, AttributeError) as error:
        # Whoosh's parser fails on some inputs instead of reporting them ('<b' and '<x'
        # gave an IndexError and a 500, issue 13).
        raise QuerySyntaxError(
            f"The search {typed[:80]!r} cannot be understood near its symbols; put "
            "words with symbols such as < > ( ) : in quotes."
        ) from error


_LOOSE = (query.FuzzyTerm, query.Wildcard)


def _exact_in_facts(node: query.Query) -> query.Query:
    """A plain fuzzy word or wildcard stays in the page text: in the facts it would compare
    every name of the archive (the Tantivy engine refuses more than 200,000). Only the
    widening's copies go (an Or that holds the page text's own); `patient:mueler~` typed
    with its filter is searched as typed."""
    if not isinstance(node, query.Or):
        return node
    typed = {
        (type(part), part.text)
        for part in node.subqueries
        if isinstance(part, _LOOSE) and part.field() == "text"
    }
    kept = [
        part
        for part in node.subqueries
        if not (
            isinstance(part, _LOOSE)
            and part.field() in PLAIN_WORD_FACTS
            and (type(part), part.text) in typed
        )
    ]
    return node if len(kept) == len(node.subqueries) else query.Or(kept, boost=node.boost)


def parse(parsers: Parsers, text: str) -> query.Query:
    """Parse a search box query; QuerySyntaxError says what is wrong with it.

    The bounds are checked on the query as typed (a word is one word, though it is looked
    for in the page text and the facts); the query searched is the widened one."""
    _check_query_size(text)
    _check_query_text(text)
    plain = _parsed(parsers.plain, birth_dates_as_iso(text), text)
    _check_parsed(text, plain)
    leaves = sum(1 for node in _walk(plain) if not node.children())
    if leaves > MAX_QUERY_TERMS:
        raise QuerySyntaxError(
            f"The search stands for {leaves} words and filters; docvault searches at "
            f"most {MAX_QUERY_TERMS}: search for fewer."
        )
    widened = _parsed(parsers.widened, dates_as_facts(birth_dates_as_iso(text)), text)
    _check_parsed(text, widened)
    # The page text's words are then looked for as the engine may have misread them too,
    # after the words as typed (docvault.search.confusions).
    return widened.accept(_exact_in_facts).normalize().accept(_as_typed_first)


def _as_typed_first(node: query.Query) -> query.Query:
    """A word or phrase found as typed ranks above one found only folded: in the page text
    (`misread_too`) and in a fact of the letter alike. Without the bonus on the facts, a
    page that merely mentions "Abraham" and "Lincoln" would outrank the letter whose
    patient staff corrected to Abraham Lincoln (issue 48). A word found in a fact also
    ranks above the same word found on a page (`FACT_FIRST`): with the same bonus, lecture
    notes that mention "Lincoln" still came before the letter of patient Lincoln."""
    if type(node) in (query.Term, query.Phrase) and node.fieldname in NAME_FIELDS:
        bonus = (EXACT_FIRST + FACT_FIRST) * node.boost
        return query.Or([node, query.ConstantScoreQuery(node, bonus)])
    return misread_too(node)


# Added for a word found as typed in a fact of the letter (a name a person confirmed or
# docvault proposed): more than any BM25 score, so among pages matching as many words as
# typed a letter found through its facts comes first; far less than EXACT_FIRST, so it
# never outweighs one more word found as typed.
FACT_FIRST = 100.0


# The index's fact fields and the facts' own names for them (docvault.facts).
_FACT_OF_FIELD = {"patient": "patient", "sender": "sender", "title": "title",
                  "born": "born", "date": "letter_date"}  # fmt: skip


def facts_matched(parsed: query.Query, values: dict[str, str]) -> list[str]:
    """The facts (named as docvault.facts names them) through which a parsed search finds a
    letter whose facts are ``values``, so the result can say so: a name word, prefix or
    phrase found among the fact's words, a date word (a year, month or day) its date is in.
    Words under NOT find nothing."""
    analyzer = text_analyzer()
    words = {
        fact: {token.text for token in analyzer(value)}
        for field, fact in _FACT_OF_FIELD.items()
        if (value := values.get(fact))
    }
    found = [
        _FACT_OF_FIELD[node.field()]
        for node in _leaves_searched(parsed)
        if node.field() in _FACT_OF_FIELD
        and _leaf_matches(node, words.get(_FACT_OF_FIELD[node.field()], set()),
                          values.get(_FACT_OF_FIELD[node.field()], ""))
    ]  # fmt: skip
    return list(dict.fromkeys(found))


def _leaves_searched(node: query.Query) -> Iterable[query.Query]:
    if isinstance(node, query.Not):
        return
    if isinstance(node, query.AndNot):
        yield from _leaves_searched(node.a)
        return
    children = list(node.children())
    if not children:
        yield node
    for child in children:
        yield from _leaves_searched(child)


def _leaf_matches(node: query.Query, words: set[str], value: str) -> bool:
    if not words:
        return False
    if node.field() in PLAIN_DATE_FACTS:
        return isinstance(node, query.Term) and value.startswith(str(node.text))
    if isinstance(node, query.Phrase):
        return all(word in words for word in node.words)
    if isinstance(node, query.Prefix):
        return any(word.startswith(node.text) for word in words)
    return isinstance(node, query.Term) and node.text in words
