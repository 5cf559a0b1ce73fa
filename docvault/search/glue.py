"""Words the CPU engine glued together, cut back into their parts for the index.

A stage leaf: text in, places of parts out; no index, no database. Measured on faxes read
by the CPU engine (issue 47): it drops the space between words where the case, the kind of
character or a separator still shows the seam: "ZoeGroßmann" for "Zoë Großmann",
"D0B24/05/1958" for "DOB 24/05/1958", "Prax3290.060486" for "Praxis 3290 060486",
"11/12/202608:19" for "11/12/2026 08:19", "26.48" for "26 48". The index's tokenizer
(Whoosh's word pattern, ``\\w+(\\.?\\w+)*``) already splits at every separator except a full
stop between word characters; ``part_spans`` cuts each of its words further:

- at a full stop ("26.48", "Nr.4711");
- where a lower-case letter is followed by an upper-case one ("ZoeGroßmann");
- where letters meet digits ("D0B24", "Prax3290");
- after the year of a date that runs on into a time ("11/12/202608:19").

The ``parts`` field holds these parts, one position each and in order, so a phrase of the
parts finds the glued word (``docvault.search.confusions`` searches it after the words as
typed); the page text's own field keeps the words as read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from whoosh.analysis.tokenizers import default_pattern

# A date whose four-digit year runs on into a time: the cut goes after the year.
_DATE_THEN_TIME = re.compile(r"(?<!\d)\d{1,2}[./-]\d{1,2}[./-](?:19|20)\d\d(?=\d{1,2}:\d\d)")


def _kind(character: str) -> str:
    if character.isdigit():
        return "digit"
    if character.isalpha():
        return "upper" if character.isupper() else "letter"
    return "other"


def _is_seam(before: str, after: str) -> bool:
    """Whether two neighbouring characters of one index word belong to two glued words."""
    kinds = {_kind(before), _kind(after)}
    if "digit" in kinds and kinds & {"letter", "upper"}:
        return True
    return _kind(before) == "letter" and _kind(after) == "upper" and before.islower()


def _cut(text: str, start: int, end: int, cuts: frozenset[int]) -> Iterator[tuple[int, int]]:
    part_start = start
    for place in range(start + 1, end):
        if text[place] == ".":
            yield part_start, place
            part_start = place + 1
        elif place != part_start and (place in cuts or _is_seam(text[place - 1], text[place])):
            yield part_start, place
            part_start = place
    yield part_start, end


def _words_cut(text: str) -> Iterator[list[tuple[int, int]]]:
    """The parts of each index word of ``text``, a list for each word, in order."""
    cuts = frozenset(match.end() for match in _DATE_THEN_TIME.finditer(text))
    for word in default_pattern.finditer(text):
        if _plain(word.group()) and not cuts:
            yield [word.span()]
        else:
            yield list(_cut(text, word.start(), word.end(), cuts))


def _plain(word: str) -> bool:
    """Whether a word cannot be glued: digits only, or letters in one case (a capital
    first at most). Most words are; they skip the letter-by-letter look (10x faster)."""
    if word.isdigit():
        return True
    return word.isalpha() and (word.islower() or word.isupper() or word[1:].islower())


def part_spans(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each part of each index word of ``text``, in order; a word that is
    not glued is one part."""
    for parts in _words_cut(text):
        yield from parts


def glued_part_spans(text: str) -> Iterator[tuple[int, int]]:
    """The parts of those words of ``text`` that are cut into more than one part."""
    for parts in _words_cut(text):
        if len(parts) > 1:
            yield from parts
