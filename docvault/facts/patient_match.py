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
  stroked letters as Latin-1 writes them: "Đorđević" is "Djordjevic" (and "Dordevic"),
  "Yılmaz" "Yilmaz", "Łukasz" "Lukasz";
- the engine's misreads: l, 1, i, I, |, ! are one letter, 0 is o, "rn" is m;
- with no exact fit, one letter more, less or different in a name of five or more letters;
- a name written in another script (a Ukrainian letter's "Мельник Сергій", a Greek one's
  "Παπαδόπουλος") by its consonants once spelled in Latin letters, because the register holds
  it as a passport or a clerk transliterated it ("Melnyk Serhii", "Iwanowa Tatjana"), and the
  conventions differ only in how they write the same sounds (sch/sh, w/v, z/s/ts, g/h, j/y).

Where no entry's given name stands on the pages, an entry's whole surname after "Frau" or
"Herr" on one line with its birth date fits ("Informationen zu Frau Richter (geb.
13.01.2018)").

A match is proposed only when one entry fits. Two entries that fit (the same name and
birth date twice, or a name misread into another's) are ambiguous: nothing is proposed,
unless the pages also print exactly one of their patient ids, or exactly one of their home
addresses (street and house number, as the register has it; "Str." for "Straße"). Wrong is
worse than none: a letter filed to the wrong patient is found by nobody who looks for it.
"""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from anyascii import anyascii

from docvault.facts.extract import DateOrder, dates_in, national_birth_dates
from docvault.facts.register_files import PatientRecord
from docvault.textutil import without_accents

# Words of a name that are no name of their own ("von Brandt" is found as "Brandt").
PARTICLES = frozenset(
    {"von", "van", "der", "den", "de", "zu", "vom", "zum", "ter", "du", "la", "le", "di", "da",
     "del", "dos", "das", "vander", "v"}
)  # fmt: skip
# A given name counts when it stands at most this many words from the surname.
NEAR_WORDS = 4
# Names this long may differ by one letter when nothing fits exactly.
FUZZY_LENGTH = 5
# A surname this long may name its patient after "Frau" with the birth date on its line.
_SURNAME_ALONE_LETTERS = 4
# The words before a surname that say it stands alone ("Frau Richter"), folded.
_SALUTATIONS = frozenset({"frau", "herr", "herrn", "fr", "hr", "mr", "mrs", "ms", "miss"})
_WORD = re.compile(r"[^\W_]+")
_MISREADS = (("rn", "m"), ("1", "i"), ("l", "i"), ("|", "i"), ("!", "i"), ("0", "o"))
_TRANSLITERATED = (("ae", "a"), ("oe", "o"), ("ue", "u"), ("dj", "d"))
# Letters with a stroke, which Unicode does not take apart into letter and accent: as a
# register in Latin-1 writes them ("Đorđević" is "Djordjevic", "Yılmaz" "Yilmaz").
_STROKED = str.maketrans({"đ": "dj", "ı": "i", "ł": "l", "ø": "o", "æ": "ae", "œ": "oe", "þ": "th"})
_PAGE_CHARACTERS = 20_000
# Letters the engine reads for digits in a date ("l2.O3.1961").
_DIGIT_MISREADS = str.maketrans("OoIl|", "00111")
# "Straße", folded as "strasse" (or "strafse", "strabe" as engines read "ß"), and "Str.".
_STREET_SUFFIX = re.compile(r"stra(?:ss|fs|b)e$")
# A page word written in another script starts with this mark, then its consonants
# (a folded word never holds it: words are letters and digits).
_OTHER_SCRIPT = "~"
# How transliterations write one sound, longest first: what a German clerk, a passport and a
# library write for "Ш", "Ч", "Ц", "Г", "В" becomes one letter.
_SOUNDS = (
    ("schtsch", "s"), ("shch", "s"), ("tsch", "s"), ("sch", "s"), ("sh", "s"), ("zh", "s"),
    ("ch", "s"), ("ts", "s"), ("tz", "s"), ("z", "s"), ("c", "s"), ("kh", "k"), ("ph", "f"),
    ("x", "ks"), ("w", "v"), ("h", "g"), ("q", "k"),
)  # fmt: skip
_VOWELS = str.maketrans("", "", "aeiouyj")
# A name spelled by fewer consonants than this is too short to tell people apart by them.
_FEWEST_CONSONANTS = 2


@dataclass(frozen=True)
class PatientMatch:
    """The register entry proposed (None: none or ambiguous) and why, in a sentence."""

    record: PatientRecord | None
    evidence: str
    ambiguous: tuple[PatientRecord, ...] = ()


@dataclass(frozen=True)
class _NameWord:
    """A word of a register name: folded as the page's words are, and spelled by its
    consonants for a page that writes it in another script."""

    folded: str
    spelled: str


def _plain(word: str) -> str:
    return without_accents(word.lower().replace("ß", "ss").translate(_STROKED))


def fold(word: str) -> str:
    """A word as names are compared: lower case, no accents, transliterations and the
    engine's misreads made one."""
    text = _plain(word)
    for written, folded in (*_TRANSLITERATED, *_MISREADS):
        text = text.replace(written, folded)
    return text


def words(text: str) -> list[str]:
    """The folded words of a text, in order (hyphens and commas split words); a word in
    another script as its mark and consonants."""
    return [_page_word(word) for word in _WORD.findall(text.replace("|", "l").replace("!", "l"))]


def _page_word(word: str) -> str:
    if all(_latin(character) for character in word):
        return fold(word)
    return _OTHER_SCRIPT + _consonants(_plain(anyascii(word)))


def _latin(character: str) -> bool:
    return not character.isalpha() or unicodedata.name(character, "").startswith("LATIN")


@functools.lru_cache(maxsize=4096)  # bounded: page words are anybody's input
def _consonants(plain: str) -> str:
    """A name in lower-case Latin letters as every transliteration spells it: its
    consonants, one letter a sound, doubled letters once ("Schewtschenko" and "Shevchenko"
    are both "svsnk")."""
    text = "".join(character for character in plain if character.isalpha())
    for written, sound in _SOUNDS:
        text = text.replace(written, sound)
    text = "".join(character for character, _ in itertools.groupby(text))
    return text.translate(_VOWELS)


def _name_words(name: str) -> tuple[_NameWord, ...]:
    found = (_NameWord(fold(word), _consonants(_plain(word))) for word in _WORD.findall(name))
    return tuple(word for word in found if word.folded not in PARTICLES)


def _surname_forms(record: PatientRecord) -> set[tuple[_NameWord, ...]]:
    """The word sequences that name the entry's family: the surname, birth name and former
    names whole, and each part of a double name ("Müller-Schmidt": also "Müller")."""
    forms: set[tuple[_NameWord, ...]] = set()
    for name in (record.surname, record.birth_name, *record.former_names):
        whole = _name_words(name)
        if whole:
            forms.add(whole)
            forms.update((part,) for part in whole if len(part.folded) >= 3)
    return forms


def _same(word: str, wanted: _NameWord, fuzzy: bool) -> bool:
    if word == wanted.folded:
        return True
    if word.startswith(_OTHER_SCRIPT):
        return len(wanted.spelled) >= _FEWEST_CONSONANTS and word[1:] == wanted.spelled
    return fuzzy and len(wanted.folded) >= FUZZY_LENGTH and _one_edit(word, wanted.folded)


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


def _positions(
    page: Sequence[str], form: Sequence[_NameWord], fuzzy: bool
) -> list[tuple[int, int]]:
    """(first, last) word index of each place the form stands on the page."""
    size = len(form)
    return [
        (start, start + size - 1)
        for start in range(len(page) - size + 1)
        if all(_same(page[start + offset], form[offset], fuzzy) for offset in range(size))
    ]


def name_on_page(record: PatientRecord, page: Sequence[str], fuzzy: bool) -> bool:
    """Whether a surname of the entry stands on the page near one of its given names."""
    given = [word for word in _name_words(record.given_names) if len(word.folded) >= 2]
    given_at = [
        index for index, word in enumerate(page) if any(_same(word, name, fuzzy) for name in given)
    ]
    if not given_at:
        return False
    for form in _surname_forms(record):
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
            return _decided(list(fits.values()), pages, _how(fuzzy))
    fits = _surname_beside_birth(pages, lookup)
    return _decided(list(fits.values()), pages, "salutation, surname and birth date on one line")


def _how(fuzzy: bool) -> str:
    return "name (one letter apart) and birth date" if fuzzy else "name and birth date"


def _surname_beside_birth(
    pages: Sequence[str], lookup: Lookup
) -> dict[str, tuple[PatientRecord, int]]:
    """Entries whose whole surname (as written, no letter apart) stands after "Frau" or
    "Herr" on one line with their birth date, where no entry's given name stands: "zu Frau
    Richter (geb. 13.01.2018)" (a surname beside another given name is another person's).
    Twins share both: two fit, and nothing is proposed."""
    fits: dict[str, tuple[PatientRecord, int]] = {}
    for number, text in enumerate(pages, start=1):
        for line in text[:_PAGE_CHARACTERS].splitlines():
            born = dates_on_page(line)
            if not born:
                continue
            line_words = words(line)
            for record in lookup(born):
                if record.patient_id not in fits and _saluted_surname_on(record, line_words):
                    fits[record.patient_id] = (record, number)
    return fits


def _saluted_surname_on(record: PatientRecord, line_words: Sequence[str]) -> bool:
    for name in (record.surname, record.birth_name, *record.former_names):
        form = _name_words(name)
        if not form or sum(len(word.folded) for word in form) < _SURNAME_ALONE_LETTERS:
            continue
        for first, _ in _positions(line_words, form, fuzzy=False):
            if first and line_words[first - 1] in _SALUTATIONS:
                return True
    return False


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
    housed = [(record, page) for record, page in fits if _address_printed(record, pages)]
    if len(housed) == 1:
        record, page = housed[0]
        return PatientMatch(
            record, f"{how} with the address ({record.street}) on page {page} "
            f"({_described(record)})",
        )  # fmt: skip
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


def _street_words(text: str) -> list[str]:
    """The words of an address in lower case without accents, "Straße" and "Str." written
    alike, a house number's letter joined to it ("12 a" is "12a")."""
    found: list[str] = []
    for word in _WORD.findall(_plain(text)):
        if len(word) == 1 and word.isalpha() and found and found[-1][-1:].isdigit():
            found[-1] += word
        else:
            found.append(_STREET_SUFFIX.sub("str", word))
    return found


def _address_printed(record: PatientRecord, pages: Sequence[str]) -> bool:
    """Whether the entry's street and house number stand on one of the pages."""
    street = tuple(_street_words(record.street))
    if not any(character.isdigit() for character in record.street):
        return False  # a street without its number could be anyone's on it, the sender's too
    for text in pages:
        page = _street_words(text[:_PAGE_CHARACTERS])
        size = len(street)
        if any(tuple(page[start : start + size]) == street for start in range(len(page))):
            return True
    return False


def _described(record: PatientRecord) -> str:
    """The entry as staff tell namesakes apart: number, name, birth date, address."""
    described = f"{record.patient_id}: {record.full_name}, born {record.birth_date:%d.%m.%Y}"
    return f"{described}, {record.address}" if record.address else described
