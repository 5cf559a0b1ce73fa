"""A CPU-engine page's misread words put right where only one dictionary word fits.

A stage leaf: text in, corrections out; no database. The CPU engine reads some letters in
place of others (``docvault.misreadings``: i, l, 1 and t; an accent added or lost): on faxes
"Beurtellung", "Pattentin", "Hyperkallämie". A word of the page that no word list knows is
put right when exactly one word of the lists has the same form under those classes (the
word and each list word lower-cased, accents folded, the classes folded): "Dlagnose" has
the form "diagnose", and only "Diagnose" has it. Two list words of one form ("Staht":
"Stahl", "Staat"?) or none leave the word as read. The corrections are proposals beside the
reading, never in its place: the page keeps its text as the engine read it, and the web view
shows the corrected text with each corrected word marked and the raw text one click away.

Never touched (each would turn right words wrong more often than it puts wrong ones right):

- words of three letters or fewer ("Dr", "mit", "CT": short words fold together by chance);
- words written in capitals (codes and abbreviations: "ALAT", "NSTEMI");
- any word in a token with a digit, an ``@`` or a web address ("D0B24", "Nr.4711",
  "praxis@bristoi.de": dates, ids, codes and addresses are not words of a language).

A ``ß`` written as ``ss`` is not a misreading ("Bahnhofstrasse" stays): the forms fold ß to s,
not to ss as the index does. The case of the word as read is kept ("DIAGNOSE" is never
corrected; "Dlagnose" becomes "Diagnose", "dlagnose" "diagnose"). Names are not told apart
from other words: leaving capitalised words inside a sentence alone unless a cased list has
the correction capitalised was measured on the held-out faxes (bench/README.md, issue 47) and
lost ten right corrections for two wrong ones; of 110 corrections there, 2 turned a right word
wrong (the name "Ömer" into "Omer", "Sagittale" into "Sagittate").

The word lists: pyspellchecker's German and English lists (``docvault.legibility``) and the
medical lists of Debian's packages wgerman-medical (German, every form written out) and
hunspell-en-med (English; its word stems only: the affix flags of its ``.dic`` are not
expanded, so "abnormality" is known and "abnormalities" is not). Loaded once per process,
on the first page corrected (about six seconds and 170 MB on the shared 2-core box), and
only where the setting is on.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from whoosh.support.charset import accent_map

from docvault.legibility import known_words
from docvault.misreadings import fold

logger = logging.getLogger(__name__)

# Debian's medical word lists (make wordlists installs them).
GERMAN_MEDICAL = Path("/usr/share/dict/german-medical")  # wgerman-medical
ENGLISH_MEDICAL = Path("/usr/share/hunspell/en_med_glut.dic")  # hunspell-en-med
MEDICAL_LISTS = (GERMAN_MEDICAL, ENGLISH_MEDICAL)
MIN_LETTERS = 4
_WORD = re.compile(r"[^\W\d_]+")
_TOKEN = re.compile(r"\S+")
_NOT_WORDS = re.compile(r"\d|@|://|^www\.", re.IGNORECASE)
_AMBIGUOUS = ""  # a form that two list words share: no correction


@dataclass(frozen=True)
class Correction:
    """A word of the page text (``text[start:end]`` is ``read``) and the word it is read as."""

    start: int
    end: int
    read: str
    word: str


def form(word: str) -> str:
    """A word as the engine may have misread it: lower case, accents folded (ß as s), each
    confusion class as one letter."""
    return fold(word.lower().translate(accent_map))


def list_words(path: Path) -> Iterator[str]:
    """The words of a plain word list, or the stems of a hunspell ``.dic`` (the word before
    its ``/`` flags; the count line and an indented header are skipped)."""
    with path.open(encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if not line.strip() or line[0].isspace() or line.strip().isdigit():
                continue
            yield line.strip().split("/", 1)[0]


class Corrector:
    """Proposes corrections of a page's words; thread-safe, the lists loaded at first use."""

    def __init__(self, medical_lists: Sequence[Path] = MEDICAL_LISTS) -> None:
        self.medical_lists = tuple(medical_lists)
        self._lock = threading.Lock()
        self._known: frozenset[str] | None = None
        self._by_form: dict[str, str] = {}

    def loaded(self) -> bool:
        """Whether the lists are in memory (a page then costs milliseconds)."""
        return self._known is not None

    def _load(self) -> frozenset[str]:
        with self._lock:
            if self._known is None:
                words = set(known_words())
                for path in self.medical_lists:
                    try:
                        words.update(word.lower() for word in list_words(path))
                    except OSError as error:
                        logger.warning(
                            "word correction: the medical word list %s cannot be read (%s); "
                            "install Debian's wgerman-medical and hunspell-en-med",
                            path,
                            error.strerror or error,
                        )
                self._by_form = _forms(words)
                self._known = frozenset(words)
            return self._known

    def corrections(self, text: str) -> tuple[Correction, ...]:
        """The corrections of ``text``'s words, in order."""
        known = self._load()
        found: list[Correction] = []
        for token in _TOKEN.finditer(text):
            if _NOT_WORDS.search(token.group()):
                continue
            for match in _WORD.finditer(token.group()):
                word = match.group()
                if len(word) < MIN_LETTERS or word.isupper() or word.lower() in known:
                    continue
                candidate = self._by_form.get(form(word), _AMBIGUOUS)
                if candidate:
                    start = token.start() + match.start()
                    found.append(
                        Correction(start, start + len(word), word, _cased(candidate, word))
                    )
        return tuple(found)


def _forms(words: set[str]) -> dict[str, str]:
    """Each form of the list words and its one word; a form of two words maps to ``""``."""
    by_form: dict[str, str] = {}
    for word in words:
        if not word.isalpha():
            continue
        key = form(word)
        by_form[key] = word if by_form.get(key, word) == word else _AMBIGUOUS
    return by_form


def _cased(candidate: str, read: str) -> str:
    """The list word (lower case) in the case of the word as read: capitalised or not."""
    return candidate[:1].upper() + candidate[1:] if read[:1].isupper() else candidate


def corrected_text(text: str, corrections: Sequence[Correction]) -> str:
    """``text`` with each corrected word in place of the word as read."""
    parts: list[str] = []
    written = 0
    for correction in corrections:
        parts.append(text[written : correction.start])
        parts.append(correction.word)
        written = correction.end
    parts.append(text[written:])
    return "".join(parts)


def searchable_text(text: str, corrections: Sequence[Correction]) -> str:
    """What the index holds of a page: its text as corrected, then each word as it was read
    and corrected, so that a search finds the page by either word."""
    if not corrections:
        return text
    read = " ".join(dict.fromkeys(item.read for item in corrections))
    return f"{corrected_text(text, corrections)}\n{read}"


def corrections_json(corrections: Sequence[Correction]) -> str | None:
    """Corrections as ``pages.corrections`` keeps them: [[start, end, read, word], ...]."""
    if not corrections:
        return None
    listed = [[item.start, item.end, item.read, item.word] for item in corrections]
    return json.dumps(listed, ensure_ascii=False)


def stored_corrections(stored: str | None, text: str) -> tuple[Correction, ...]:
    """``pages.corrections`` read back; those that no longer fit ``text`` are left out."""
    if not stored:
        return ()
    try:
        listed = [Correction(int(a), int(b), str(c), str(d)) for a, b, c, d in json.loads(stored)]
    except (ValueError, TypeError):
        logger.warning("a page's word corrections cannot be read: %.200s", stored)
        return ()
    return tuple(item for item in listed if text[item.start : item.end] == item.read)
