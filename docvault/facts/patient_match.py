"""A letter's patient found in the practice system's register: name and birth date together.

A stage leaf, no database: page texts and a way to look register entries up by birth date
in; a match out. An entry fits a page when its birth date is written on that page (any
reading of a date the page writes: day or month first where slashes leave it open, either
century of a two-digit year; or the date a Danish CPR number, a Swedish personnummer or a
Norwegian fødselsnummer holds) and its name stands there too: a surname (current, birth or
former name, particles left aside, a part of a double name) within a few words of one of
its given names, in either order. The birth date must be exactly the entry's; the name is
compared after folding what the CPU engine and the fax confuse and what writers
transliterate:

- umlauts and accents: "Müller", "Mueller" and "Muller" are one name; "ß" is "ss";
- the engine's misreads: l, 1, i, I, |, ! are one letter, 0 is o, "rn" is m;
- with no exact fit, one letter more, less or different in a name of five or more letters.

A match is proposed only when one entry fits. Two entries that fit (the same name and
birth date twice, or a name misread into another's) are ambiguous: nothing is proposed,
unless the page also prints exactly one of their patient ids. Wrong is worse than none: a
letter filed to the wrong patient is found by nobody who looks for it.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from docvault.facts.extract import DateOrder, dates_in, national_birth_dates
from docvault.facts.register_files import PatientRecord

# Words of a name that are no name of their own ("von Brandt" is found as "Brandt").
PARTICLES = frozenset(
    {"von", "van", "der", "den", "de", "zu", "vom", "zum", "ter", "du", "la", "le", "di", "da",
     "del", "dos", "das", "vander", "v"}
)  # fmt: skip
# A given name counts when it stands at most this many words from the surname.
NEAR_WORDS = 4
# Names this long may differ by one letter when nothing fits exactly.
FUZZY_LENGTH = 5
_WORD = re.compile(r"[^\W_]+")
_MISREADS = (("rn", "m"), ("1", "i"), ("l", "i"), ("|", "i"), ("!", "i"), ("0", "o"))
_TRANSLITERATED = (("ae", "a"), ("oe", "o"), ("ue", "u"))
_PAGE_CHARACTERS = 20_000
# Letters the engine reads for digits in a date ("l2.O3.1961").
_DIGIT_MISREADS = str.maketrans("OoIl|", "00111")


@dataclass(frozen=True)
class PatientMatch:
    """The register entry proposed (None: none or ambiguous) and why, in a sentence."""

    record: PatientRecord | None
    evidence: str
    ambiguous: tuple[PatientRecord, ...] = ()


def fold(word: str) -> str:
    """A word as names are compared: lower case, no accents, transliterations and the
    engine's misreads made one."""
    text = unicodedata.normalize("NFKD", word.lower().replace("ß", "ss"))
    text = "".join(character for character in text if not unicodedata.combining(character))
    for written, folded in (*_TRANSLITERATED, *_MISREADS):
        text = text.replace(written, folded)
    return text


def words(text: str) -> list[str]:
    """The folded words of a text, in order (hyphens and commas split words)."""
    return [fold(word) for word in _WORD.findall(text.replace("|", "l").replace("!", "l"))]


def _name_words(name: str) -> tuple[str, ...]:
    return tuple(word for word in words(name) if word not in PARTICLES)


def surname_forms(record: PatientRecord) -> set[tuple[str, ...]]:
    """The word sequences that name the entry's family: the surname, birth name and former
    names whole, and each part of a double name ("Müller-Schmidt": also "Müller")."""
    forms: set[tuple[str, ...]] = set()
    for name in (record.surname, record.birth_name, *record.former_names):
        whole = _name_words(name)
        if whole:
            forms.add(whole)
            forms.update((part,) for part in whole if len(part) >= 3)
    return forms


def _same(word: str, wanted: str, fuzzy: bool) -> bool:
    if word == wanted:
        return True
    return fuzzy and len(wanted) >= FUZZY_LENGTH and _one_edit(word, wanted)


def _one_edit(first: str, second: str) -> bool:
    """Whether the two words differ by one letter inserted, removed or changed."""
    if abs(len(first) - len(second)) > 1:
        return False
    if len(first) > len(second):
        first, second = second, first
    start = 0
    while start < len(first) and first[start] == second[start]:
        start += 1
    if len(first) == len(second):
        return first[start + 1 :] == second[start + 1 :]
    return first[start:] == second[start + 1 :]


def _positions(page: Sequence[str], form: Sequence[str], fuzzy: bool) -> list[tuple[int, int]]:
    """(first, last) word index of each place the form stands on the page."""
    size = len(form)
    return [
        (start, start + size - 1)
        for start in range(len(page) - size + 1)
        if all(_same(page[start + offset], form[offset], fuzzy) for offset in range(size))
    ]


def name_on_page(record: PatientRecord, page: Sequence[str], fuzzy: bool) -> bool:
    """Whether a surname of the entry stands on the page near one of its given names."""
    given = [word for word in _name_words(record.given_names) if len(word) >= 2]
    given_at = [
        index for index, word in enumerate(page) if any(_same(word, name, fuzzy) for name in given)
    ]
    if not given_at:
        return False
    for form in surname_forms(record):
        for first, last in _positions(page, form, fuzzy):
            if any(
                first - NEAR_WORDS <= index <= last + NEAR_WORDS and not first <= index <= last
                for index in given_at
            ):
                return True
    return False


def dates_on_page(text: str) -> set[date]:
    """Every date the page writes, in every reading it allows."""
    found: set[date] = set()
    readings = {text, text.translate(_DIGIT_MISREADS)}
    for reading, order in itertools.product(
        readings, (DateOrder(day_first=True), DateOrder(day_first=False))
    ):
        for written in dates_in(reading, order):
            if written.value is None:
                continue
            if written.two_digit_year is None:
                found.add(written.value)
                continue
            for century in (1900, 2000):
                try:
                    found.add(written.value.replace(year=century + written.two_digit_year % 100))
                except ValueError:
                    continue
    # A Danish CPR number, a Swedish personnummer: the only birth date some letters write.
    return found | national_birth_dates(text, date.today())


Lookup = Callable[[Collection[date]], Iterable[PatientRecord]]


def match_patient(pages: Sequence[str], lookup: Lookup) -> PatientMatch:
    """The register entry the letter is about, from its pages' texts (page 1 first)."""
    fits: dict[str, tuple[PatientRecord, int]] = {}
    for fuzzy in (False, True):
        for number, text in enumerate(pages, start=1):
            text = text[:_PAGE_CHARACTERS]
            born = dates_on_page(text)
            if not born:
                continue
            page = words(text)
            for record in lookup(born):
                if record.patient_id not in fits and name_on_page(record, page, fuzzy):
                    fits[record.patient_id] = (record, number)
        if fits:
            break
    return _decided(list(fits.values()), pages, "" if not fits else _how(fuzzy))


def _how(fuzzy: bool) -> str:
    return "name (one letter apart) and birth date" if fuzzy else "name and birth date"


def _decided(fits: list[tuple[PatientRecord, int]], pages: Sequence[str], how: str) -> PatientMatch:
    if not fits:
        return PatientMatch(None, "")
    if len(fits) == 1:
        record, page = fits[0]
        return PatientMatch(record, f"{how} on page {page} ({_described(record)})")
    printed = [(record, page) for record, page in fits if _id_printed(record, pages)]
    if len(printed) == 1:
        record, page = printed[0]
        return PatientMatch(
            record, f"{how} with the patient number on page {page} ({_described(record)})"
        )
    records = tuple(record for record, _ in fits)
    listed = "; ".join(_described(record) for record in records)
    return PatientMatch(
        None,
        f"{len(records)} register entries fit the {how} in the letter ({listed}): none is "
        "proposed; pick the patient.",
        records,
    )


def _id_printed(record: PatientRecord, pages: Sequence[str]) -> bool:
    pattern = re.compile(rf"(?<![\w-]){re.escape(record.patient_id)}(?![\w-])")
    return any(pattern.search(text[:_PAGE_CHARACTERS]) for text in pages)


def _described(record: PatientRecord) -> str:
    return f"{record.patient_id}: {record.full_name}, born {record.birth_date:%d.%m.%Y}"
