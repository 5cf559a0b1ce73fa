"""The dictionary check's corrections (docvault.corrections) scored against the truth (issue 47).

Used by `python -m bench.fidelity_search --correct`. Each corrected word is placed against
the truth by aligning the page's words as read with its true words (difflib over the
lower-cased words; a word is placed where it stands in an equal run or a replaced run of the
same length): the correction is **right** when the corrected word is the true word, **broke
a right word** when the word as read was the true word already, **still wrong** when
neither. A word the alignment could not place (the engine glued or split words around it) is
judged by the page's true words instead: right when the corrected word is among them and the
word as read is not, broke a right word when the word as read is among them, else
**unplaced**.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Protocol

from docvault.corrections import Correction, Corrector, corrected_text, searchable_text

_WORD = re.compile(r"[^\W\d_]+")
Found = dict[str, tuple[Correction, ...]]  # each page's corrections, by the page's name


class Page(Protocol):
    name: str
    truth: str
    read: str


def placed_truth(read: str, truth: str) -> dict[int, str]:
    """The true word at the place of each word of ``read`` (by its start), where placed."""
    read_words = list(_WORD.finditer(read))
    true_words = _WORD.findall(truth)
    matcher = difflib.SequenceMatcher(
        None, [w.group().lower() for w in read_words], [w.lower() for w in true_words], False
    )
    placed: dict[int, str] = {}
    for tag, first, last, true_first, true_last in matcher.get_opcodes():
        if tag == "equal" or (tag == "replace" and last - first == true_last - true_first):
            for offset in range(last - first):
                placed[read_words[first + offset].start()] = true_words[true_first + offset]
    return placed


def verdict(correction: Correction, placed: dict[int, str], truth: Counter[str]) -> str:
    """How a correction fared against the true word at its place (`truth`: the page's true
    words, lower case, for a word that could not be placed)."""
    word, read = correction.word.lower(), correction.read.lower()
    true_word = placed.get(correction.start)
    if true_word is None:
        if word in truth and read not in truth:
            return "right"
        return "broke a right word" if read in truth else "unplaced"
    if word == true_word.lower():
        return "right"
    return "broke a right word" if read == true_word.lower() else "still wrong"


def score(pages: Sequence[Page], corrector: Corrector) -> tuple[Counter[str], list[str], Found]:
    """(the tally, one line per correction that was not right, each page's corrections)."""
    tally: Counter[str] = Counter()
    notes: list[str] = []
    found: Found = {}
    for page in pages:
        corrections = corrector.corrections(page.read)
        found[page.name] = corrections
        placed = placed_truth(page.read, page.truth) if page.truth else {}
        truth = Counter(word.lower() for word in _WORD.findall(page.truth))
        for correction in corrections:
            said = verdict(correction, placed, truth) if page.truth else "no truth"
            tally["corrections"] += 1
            tally[said] += 1
            if said != "right":
                notes.append(f"  {said}: {correction.read} -> {correction.word} ({page.name})")
    return tally, notes, found


def as_read_by_staff(pages: Sequence[Any], found: Found) -> list[Any]:
    """The pages (dataclasses) as staff read them with the check on: corrected words in place."""
    return [replace(page, read=corrected_text(page.read, found[page.name])) for page in pages]


def as_indexed(pages: Sequence[Any], found: Found) -> list[Any]:
    """The pages as the index holds them with the check on: corrected, and the words as read."""
    return [replace(page, read=searchable_text(page.read, found[page.name])) for page in pages]
