"""Words as the CPU engine may misread them: each confusion class folded to one letter.

A stage leaf: words in, words out; no index, no database. The page text is indexed twice:
its words as read (``text``) and the same words folded here (``folded``), so a search for
"Hyperkaliämie" also finds the fax page read as "Hyperkallämie", and "Pattentin" is found
by "Patientin". A search is matched on the exact words first and on the folded ones after
(``misread_too``): every page holding the words as typed ranks above every page found only
through folding, and the viewer marks a word where its folded form is a matched one's
(``docvault.search.marking``).

The classes are measured, not guessed: bench/confusions_bench.py counts the letters the
engine read in place of others on generated faxes and scans and on the real fixtures
(bench/results/confusions.json), after the index's own lower-casing and accent folding
(so ``ä`` read as ``a`` needs nothing here). Only confusions seen repeatedly in both
directions are folded; a rarer confusion would merge more true words than it finds.

Words glued at a full stop ("nr.4711", "befund.der") are also indexed by their parts in
the folded field, so a search for "4711" finds "Pat.-Nr.4711" (after the exact hits). The
``parts`` field holds every word of the page cut where the engine glued words
(``docvault.search.glue``: "ZoeGroßmann", "D0B24", "26.48"), folded too, each part at its own
position: a search is looked for there as in the folded field, so "Großmann" and the phrase
"0911 26 48 37" find "ZoeGroßmann" and "0911 26.48 37", after the exact hits.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from whoosh import query

from docvault.misreadings import fold

FOLDED_FIELD = "folded"
PARTS_FIELD = "parts"
TEXT_FIELD = "text"
# Added to the score of each word matched as typed: more than any BM25 score of a word
# (at most idf x (k1 + 1), about 35 on a billion pages), so a page matching more words as
# typed always ranks above one that needed folding for any of them.
EXACT_FIRST = 1000.0
# The score of a word found only folded: small, and not 0 (Whoosh's own matcher scores a
# constant 0 as 1, and both engines must rank alike).
FOLDED_SCORE = 0.001


def folded_words(words: Sequence[str]) -> list[str]:
    """The folded field's words for a page's index words: each folded, and a word glued at
    full stops followed by its parts (so positions of phrases shift only past such words)."""
    found: list[str] = []
    for word in words:
        found.append(fold(word))
        if "." in word:
            found.extend(fold(part) for part in word.split(".") if part)
    return found


def misread_too(node: query.Query) -> query.Query:
    """A search node with the page text's words also looked for folded: a word or phrase
    of the page text becomes "as typed (scored, plus ``EXACT_FIRST``) or folded (scored
    ``FOLDED_SCORE``)". Other nodes come back as they were; use with ``query.Query.accept``."""
    if type(node) is query.Term and node.fieldname == TEXT_FIELD:
        folded: list[query.Query] = [
            query.Term(field, fold(node.text)) for field in (FOLDED_FIELD, PARTS_FIELD)
        ]
    elif type(node) is query.Phrase and node.fieldname == TEXT_FIELD:
        words = [fold(word) for word in node.words]
        folded = [
            query.Phrase(field, words, slop=node.slop) for field in (FOLDED_FIELD, PARTS_FIELD)
        ]
    else:
        return node
    # Found folded or by its parts: one constant score either way (a page found both ways
    # ranks as one found either way).
    return query.Or(
        [
            node,
            query.ConstantScoreQuery(node, EXACT_FIRST * node.boost),
            query.ConstantScoreQuery(query.Or(folded), FOLDED_SCORE),
        ]
    )


def folded_set(words: Iterable[str]) -> frozenset[str]:
    return frozenset(fold(word) for word in words)
