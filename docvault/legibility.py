"""Whether a page's reading is legible, or "read, but doubtful".

The CPU engine reads whatever ink it is given as Latin text: a handwritten letter came out
"Grecuhie mansion", a Hebrew line as Latin garbage, and both were plain `done` pages (issue
47). Such a reading is mostly words that no dictionary knows, read at the recogniser's low
confidence; a typed letter's words are mostly known, or read with high confidence (names,
codes, medical terms the word lists lack are read confidently). So a page is doubtful when
most of its words (`DOUBTFUL_SHARE`) are both unknown to the German and English word lists
and on lines the recogniser read below `LOW_SCORE`; its flag (`errors.ReadingDoubtful`)
tells staff to read the image themselves.

Vision models (the vLLM engines) report no confidences. They read handwriting far better
than the CPU engine, and a letter's names and terms are often missing from the word lists,
so their pages are called doubtful on the words alone only when at least
`UNSCORED_UNKNOWN_SHARE` of them (three quarters) are unknown.

The word lists are pyspellchecker's (English and German, ~490,000 words from word-frequency
lists, shipped in its wheel): loaded once per process, and only when a page first looks
doubtful on its confidences (seconds), never for a page read confidently.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Iterable

from docvault.vocabulary import PageOutcome, TextFormat

# A word: three letters or more (shorter ones are often known by chance: "rt", "amk").
_WORD = re.compile(r"[^\W\d_]{3,}")
# Measured on the fixtures read by the CPU engine (bench/fidelity_pages.py): on the typed
# pages (a fax, a typewritten Dutch recipe, a French form, tables, a magazine page) not one
# word lay on a line read below 0.9; on the handwritten letters 95-100 % did, and 51-57 %
# of all their words were such words unknown to the word lists (the rest: "the", "her",
# "visiting", guessed right or into another real word). The typed pages' unknown words
# (Dutch, French, names: 3-70 %) were all read confidently, so they do not count.
LOW_SCORE = 0.9
MIN_WORDS = 6  # fewer words say too little (a stamp, a signature, a sticker)
LOW_SHARE = 0.5  # words on lines read below LOW_SCORE, of all the page's words
DOUBTFUL_SHARE = 0.4  # words unknown and read below LOW_SCORE, of all the page's words
UNSCORED_UNKNOWN_SHARE = 0.75  # a vision model's page: unknown words, of all its words
_LANGUAGES = ("de", "en")
_load_lock = threading.Lock()


@functools.cache
def _known_words() -> frozenset[str]:
    from spellchecker import SpellChecker  # imported late: loading its lists costs seconds

    words: set[str] = set()
    for language in _LANGUAGES:
        words.update(SpellChecker(language=language, distance=1).word_frequency.dictionary)
    return frozenset(words)


def known_words() -> frozenset[str]:
    """The German and English word lists, lower case, loaded once per process."""
    with _load_lock:
        return _known_words()


def loaded() -> bool:
    """Whether the word lists are in memory (a check then costs microseconds)."""
    return _known_words.cache_info().currsize > 0


def words(text: str) -> list[str]:
    """The words of a reading, lower case."""
    return [word.lower() for word in _WORD.findall(text)]


def _unknown_share(found: Iterable[str], total: int) -> float:
    known = known_words()
    return sum(1 for word in found if word not in known) / total


def doubt(outcome: PageOutcome) -> str | None:
    """The sentence for staff when the page's reading is doubtful; None when it is not."""
    if outcome.looped:
        return None  # a looped page is a problem of its own already
    if outcome.lines:
        scored = [(word, line.score) for line in outcome.lines for word in words(line.text)]
        if len(scored) < MIN_WORDS:
            return None
        low = [word for word, score in scored if score < LOW_SCORE]
        if len(low) < LOW_SHARE * len(scored):
            return None  # read confidently: names and terms the lists lack are fine
        share = _unknown_share(low, len(scored))
        if share < DOUBTFUL_SHARE:
            return None
        basis = f"{share:.0%} of its {len(scored)} words are unknown and were read unsurely"
    else:
        if outcome.text_format is TextFormat.plain:
            return None  # a text layer's text: the truth of a born-digital page
        found = words(outcome.text)
        if len(found) < MIN_WORDS:
            return None
        share = _unknown_share(found, len(found))
        if share < UNSCORED_UNKNOWN_SHARE:
            return None
        basis = f"{share:.0%} of its {len(found)} words are in no German or English word list"
    return (
        f"Read, but doubtful: {basis}, as when handwriting or another script is read as "
        "print. The text may be wrong; read the page image yourself before relying on it "
        "or searching for it."
    )
