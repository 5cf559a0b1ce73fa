"""A letter's facts from its text: patient, date of birth, letter date, sender and title.

A stage leaf: page text in, proposals out; no database. Each proposal carries the line it
came from, so the person who confirms it sees why. A wrong proposal is worse than none (a
letter filed under the wrong patient is found by nobody who looks for it), so every field
abstains when its evidence is missing, conflicting or ambiguous:

- dates are normalised to ISO; ``03/04/2024`` is abstained from unless the letter writes
  another slashed date whose order is unmistakable (``25/03/2024``), or is German; a
  two-digit year is taken only when one century alone makes a plausible date;
- a field whose strongest evidence names two different values proposes nothing;
- a name with an academic title (``Dr.``, ``Prof.``) is a doctor's, never the patient's.

Labels understood (German and English): ``Patient:``, ``Patientin:``, ``Pat.:``,
``Name, Vorname:``, ``Name:`` + ``Vorname:``, ``geb.``, ``geboren am``, ``Geburtsdatum``,
``*``, ``DOB``, ``Date of birth``, ``born``, ``Datum:``, ``Date:``, ``Befunddatum``,
``Berlin, den 12.03.2024``, ``Betreff:``, ``Re:``, ``Subject:``, letter heads of clinics,
practices and laboratories, and signature blocks after the closing formula. Tables (HTML or
Markdown) are read cell by cell, with a header row's labels paired to the row below.
"""

from __future__ import annotations

import calendar
import itertools
import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from docvault.textutil import strip_markup

# The fields the rules below read from the text; ``patient_id`` (the practice system's
# patient number) is proposed from its register (``facts.register``, ``facts.patient_match``).
TEXT_FIELDS = ("patient", "born", "letter_date", "sender", "title")
FIELDS = (*TEXT_FIELDS, "patient_id")
FIELD_LABELS = {
    "patient": "Patient",
    "born": "Date of birth",
    "letter_date": "Letter date",
    "sender": "Sender",
    "title": "Title",
    "patient_id": "Patient number",
}
DATE_FIELDS = frozenset({"born", "letter_date"})
# Only the head of a long document is read: a letter's facts are on its first page, and a
# 200-page scan must not cost more than a letter.
MAX_CHARACTERS = 20_000
# A person older than this is taken for a misread date, not a patient.
OLDEST_PATIENT_YEARS = 110
# Letters are dated at most this far ahead of the day they are read (a letter written on
# Friday and dated Monday); a later date is a misreading or an appointment.
LETTER_DATE_AHEAD = timedelta(days=31)
EARLIEST_LETTER = date(1950, 1, 1)
NAME_CHARACTERS = 120
MAX_TITLE_CHARACTERS = 80


@dataclass(frozen=True)
class Proposal:
    """One field's proposed value (ISO for dates) and the line of text it was read from."""

    field: str
    value: str
    evidence: str


# ----------------------------------------------------------------------------- dates

_MONTHS = {
    **{name.lower(): number for number, name in enumerate(calendar.month_name) if name},
    **{name.lower(): number for number, name in enumerate(calendar.month_abbr) if name},
    "sept": 9, "januar": 1, "jänner": 1, "jan": 1, "februar": 2, "feb": 2, "märz": 3,
    "maerz": 3, "mär": 3, "mrz": 3, "april": 4, "apr": 4, "mai": 5, "juni": 6, "juli": 7,
    "august": 8, "aug": 8, "september": 9, "sep": 9, "oktober": 10, "okt": 10,
    "november": 11, "nov": 11, "dezember": 12, "dez": 12,
}  # fmt: skip
_MONTH_NAME = r"(?P<month_name>[^\W\d_]{3,9})\.?"
_DATE_FORMS = (
    # 1961-03-12, 1961/03/12
    re.compile(r"(?<![\d.])(?P<year>(?:19|20)\d\d)[-/](?P<month>\d\d?)[-/](?P<day>\d\d?)(?![\d])"),
    # 12.03.1961, 12.3.61, 12/03/1961, 12-03-1961
    re.compile(
        r"(?<![\d.])(?P<day>\d\d?)\s?(?P<separator>[./-])\s?(?P<month>\d\d?)\s?(?P=separator)"
        r"\s?(?P<year>\d{4}|\d\d)(?![\d])"
    ),
    # 12. März 1961, 12 Mar 1961, 12-Mar-1961
    re.compile(
        r"(?<!\d)(?P<day>\d\d?)(?:\.|st|nd|rd|th)?[\s-]+" + _MONTH_NAME
        + r"[\s,-]+(?P<year>\d{4})(?!\d)"
    ),
    # March 12, 1961; Mar 12th 1961
    re.compile(_MONTH_NAME + r"\s+(?P<day>\d\d?)(?:st|nd|rd|th)?,?\s+(?P<year>\d{4})(?!\d)"),
)  # fmt: skip


@dataclass(frozen=True)
class DateOrder:
    """How a letter orders slashed dates: day first (EU, German), month first (US), or
    unknown (then ``03/04/2024`` is ambiguous and nothing is proposed from it)."""

    day_first: bool | None = None


@dataclass(frozen=True)
class WrittenDate:
    """A date as found in text: ``value`` None means it was ambiguous."""

    start: int
    end: int
    value: date | None
    two_digit_year: int | None = None  # the written year, for the century decision


def _whole_year(year_text: str) -> int | None:
    return int(year_text) if len(year_text) == 4 else None


def _day_and_month(parts: dict[str, str], order: DateOrder) -> tuple[int, int] | None:
    """(day, month) of a numeric date; None when slashes leave the order unknown."""
    first, second = int(parts["day"]), int(parts["month"])
    if parts.get("separator") != "/" or first == second:
        return first, second
    if first > 12:
        return first, second
    if second > 12:
        return second, first
    if order.day_first is None:
        return None
    return (first, second) if order.day_first else (second, first)


def _written_date(match: re.Match[str], order: DateOrder) -> WrittenDate | None:
    parts = match.groupdict()
    if parts.get("month_name") is not None:
        month = _MONTHS.get(parts["month_name"].lower())
        if month is None:
            return None
        day_month: tuple[int, int] | None = (int(parts["day"]), month)
    else:
        day_month = _day_and_month(parts, order)
    year_text = parts["year"]
    if day_month is None:
        return WrittenDate(match.start(), match.end(), None)
    day, month = day_month
    year = _whole_year(year_text)
    try:
        # A two-digit year is checked against a leap year for now; the century comes later.
        value = date(year if year is not None else 2000, month, day)
    except ValueError:
        return None
    short = int(year_text) if year is None else None
    return WrittenDate(match.start(), match.end(), value, short)


def dates_in(text: str, order: DateOrder = DateOrder()) -> list[WrittenDate]:
    """Every date written in ``text``, in order, without overlaps (first form wins)."""
    found: list[WrittenDate] = []
    taken: list[tuple[int, int]] = []
    for form in _DATE_FORMS:
        for match in form.finditer(text):
            if any(match.start() < end and start < match.end() for start, end in taken):
                continue
            written = _written_date(match, order)
            if written is not None:
                found.append(written)
                taken.append((match.start(), match.end()))
    return sorted(found, key=lambda written: written.start)


def slash_order(text: str) -> DateOrder:
    """The letter's own order of slashed dates, from dates that can be read only one way."""
    day_first = month_first = False
    for match in re.finditer(r"(?<![\d.])(\d\d?)/(\d\d?)/(?:\d{4}|\d\d)(?!\d)", text):
        first, second = int(match.group(1)), int(match.group(2))
        day_first |= 12 < first <= 31 and second <= 12
        month_first |= 12 < second <= 31 and first <= 12
    if day_first != month_first:
        return DateOrder(day_first)
    if day_first:
        return DateOrder()  # both orders written: each slashed date stays ambiguous
    if re.search(r"\b(?:geb\.|geboren|Sehr geehrte|Datum|Betreff)", text):
        return DateOrder(True)  # a German letter writes the day first
    if _AMERICAN.search(text) and not _BRITISH.search(text):
        return DateOrder(False)  # a US address: month first
    return DateOrder()


# A US address (state and ZIP code, a (617) 555-0197 telephone number), and a British one
# (a postcode, the NHS). Only the US decides the order: British letters are not alone in
# writing the day first, and one that writes it month first must stay ambiguous.
_AMERICAN = re.compile(r"\b[A-Z]{2} \d{5}(?:-\d{4})?\b|\(\d{3}\) \d{3}-\d{4}\b")
_BRITISH = re.compile(r"\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b|\bNHS\b")


def _with_century(written: WrittenDate, earliest: date, latest: date) -> date | None:
    """The one plausible date of a two-digit year between ``earliest`` and ``latest``."""
    assert written.value is not None
    if written.two_digit_year is None:
        return written.value if earliest <= written.value <= latest else None
    plausible = []
    for century in (1900, 2000):
        try:
            candidate = written.value.replace(year=century + written.two_digit_year)
        except ValueError:
            continue
        if earliest <= candidate <= latest:
            plausible.append(candidate)
    return plausible[0] if len(plausible) == 1 else None


def parse_date(text: str, today: date | None = None, order: DateOrder = DateOrder()) -> date | None:
    """The one date ``text`` consists of (any written form), or None.

    For a search term such as ``born:12.3.61``: the text must be a date and nothing else.
    """
    today = today or date.today()
    found = dates_in(text.strip(), order)
    if len(found) != 1 or found[0].start != 0 or found[0].end != len(text.strip()):
        return None
    if found[0].value is None:
        return None
    return _with_century(found[0], _years_before(today, OLDEST_PATIENT_YEARS), today)


def _years_before(day: date, years: int) -> date:
    return date(day.year - years, 1, 1)


# ----------------------------------------------------------------------------- checked values

# A date as docvault stores it: ISO with ASCII digits. Python's ``\d``, ``str.isdigit()``
# and ``int()`` also take the digits of other scripts (Arabic-Indic "١٩٦١", fullwidth
# "１９６１"), which no index word, search or receiver expects; here only 0-9 count.
_STORED_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
# The bidirectional controls: invisible, they make a name read as something else
# (``rtl_\u202egnp.exe.pdf`` reads as ``rtl_fdp.exe.png``); the web view marks them in file
# names (docvault.web.app), and no fact may hold one.
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
# Control characters (C0, DEL, C1), unpaired surrogates, unassigned code points, and the
# line and paragraph separators: none belongs in a one-line value, and a newline in one
# would forge a line in a log or a hand-over file.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Cn", "Zl", "Zp"})
_BYTE_ORDER_MARK = "\ufeff"


def stored_date(value: str | None) -> date | None:
    """The day an ISO value (``1961-03-12``, ASCII digits) names; None when it names none
    (month 13, 30 February, other digits, any other shape)."""
    if value is None or not _STORED_DATE.fullmatch(value):
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None


def written_date(text: str, earliest: date, latest: date) -> date | None:
    """The one real calendar day ``text`` consists of, between ``earliest`` and ``latest``.

    Any written form (``12.03.1961``, ``12. März 1961``, ``1961-03-12``), day first as the
    clinic writes; a two-digit year only when one century alone falls in the range. The
    caller refuses digits other than 0-9 first (``foreign_digit``).
    """
    text = text.strip()
    if _STORED_DATE.fullmatch(text):
        day = stored_date(text)
        return day if day is not None and earliest <= day <= latest else None
    found = dates_in(text, DateOrder(True))
    if len(found) != 1 or found[0].start != 0 or found[0].end != len(text):
        return None
    if found[0].value is None:
        return None
    return _with_century(found[0], earliest, latest)


def foreign_digit(text: str) -> str | None:
    """The first digit in ``text`` that is not one of 0-9 (``٣``, ``３``), described; or None."""
    for character in text:
        if unicodedata.category(character) == "Nd" and not "0" <= character <= "9":
            return _described(character)
    return None


def unwanted_character(text: str) -> str | None:
    """The first character of ``text`` that no fact may hold, described; None if there is
    none: control characters, line separators, bidirectional controls, unassigned ones."""
    for character in text:
        if (
            character in BIDI_CONTROLS
            or character == _BYTE_ORDER_MARK
            or unicodedata.category(character) in _REFUSED_CATEGORIES
        ):
            return _described(character)
    return None


def _described(character: str) -> str:
    name = unicodedata.name(character, "")
    return f"U+{ord(character):04X}" + (f" ({name.lower()})" if name else " (a control character)")


# ----------------------------------------------------------------------------- lines


@dataclass(frozen=True)
class Line:
    """One line of the letter: its plain text, its block (paragraph) and its place."""

    text: str
    block: int
    number: int
    heading: bool = False


_CELL_BOUNDARY = re.compile(r"</t[dh]>\s*(?:<t[dh][^>]*>)?", re.IGNORECASE)
_ROW_END = re.compile(r"</tr>|<br\s*/?>", re.IGNORECASE)
_COLUMN_GAP = re.compile(r"(?<=\S)[ \t]{3,}(?=\S)")
CELL = " ¦ "  # stands for a table's cell boundary in a line (strip_markup keeps it)


def letter_lines(text: str) -> list[Line]:
    """The lines of a page's Markdown as plain text, with table cells kept apart."""
    text = text[:MAX_CHARACTERS]
    text = _CELL_BOUNDARY.sub(CELL, text)
    text = _ROW_END.sub("\n", text)
    lines: list[Line] = []
    block = 0
    for raw in text.splitlines():
        if not raw.strip():
            block += 1
            continue
        heading = bool(re.match(r"\s{0,3}(?:#{1,6}\s|\*\*[^*]+\*\*\s*$)", raw))
        cells = raw.strip().strip("|").replace("|", CELL)
        plain = strip_markup(_COLUMN_GAP.sub(CELL, cells)).strip(" ¦")
        if plain and not re.fullmatch(r"[\s¦:-]*", plain):
            lines.append(Line(plain, block, len(lines), heading))
    return _joined_labels(lines) + list(_header_pairs(lines))


def _joined_labels(lines: Sequence[Line]) -> list[Line]:
    """``Patient:`` at the end of a line with its value on the next: one line."""
    joined: list[Line] = []
    skip = False
    for line, following in itertools.zip_longest(lines, lines[1:]):
        if skip:
            skip = False
            continue
        label = re.fullmatch(r"(.*?)\s*:", line.text)
        if (
            following is not None
            and label
            and _LABEL_ONLY.fullmatch(label.group(1).split("¦")[-1].strip())
        ):
            joined.append(Line(f"{line.text} {following.text}", line.block, line.number))
            skip = True
        else:
            joined.append(line)
    return joined


def _cells(line: Line) -> list[str]:
    return [cell.strip() for cell in line.text.split("¦")]


def _header_pairs(lines: Sequence[Line]) -> Iterator[Line]:
    """A table whose header row names the fields: ``Patient: value`` lines made from it."""
    for upper, lower in itertools.pairwise(lines):
        labels, values = _cells(upper), _cells(lower)
        if len(labels) < 2 or len(labels) != len(values):
            continue
        if not any(_LABEL_ONLY.fullmatch(label) for label in labels):
            continue
        for label, value in zip(labels, values, strict=True):
            if _LABEL_ONLY.fullmatch(label) and value:
                yield Line(f"{label}: {value}", lower.block, lower.number)


# ----------------------------------------------------------------------------- names

_SALUTATION = r"(?:Herrn?|Frau|Fr\.|Hr\.|Mr|Mrs|Ms|Miss|Mx|Master)\.?"
_ACADEMIC = re.compile(r"^(?:Dr|Prof|Dipl|PD|med|rer|nat|Priv|Doz|MUDr|FRCP|MRCP|MD|PhD)\b")
_PARTICLES = frozenset(
    {"von", "van", "der", "den", "de", "zu", "du", "di", "da", "la", "le", "ten", "ter", "vom",
     "zum", "dos", "del", "y", "al", "el", "bin"}
)  # fmt: skip
# Capitalised words that stand where a name might but are none (German capitalises nouns).
_NOT_NAMES = frozenset(
    {"geb", "geboren", "geburtsdatum", "patient", "patientin", "pat", "name", "vorname",
     "nachname", "station", "klinik", "klinikum", "praxis", "datum", "date", "born", "dob",
     "aufnahme", "entlassung", "diagnose", "diagnosen", "befund", "betreff", "anamnese",
     "therapie", "labor", "fall", "fallnummer", "versicherung", "kasse", "aok", "tk", "barmer",
     "dak", "ihre", "ihr", "unser", "unsere", "sehr", "geehrte", "geehrter", "liebe", "lieber",
     "dear", "sir", "madam", "thank", "thanks", "with", "the", "and", "und", "mit", "fur", "für",
     "bei", "wir", "our", "your", "hospital", "clinic", "ward", "mrn", "nhs", "number", "tel",
     "fax", "telefon", "email", "strasse", "straße", "str", "weg", "allee", "platz", "gasse",
     "road", "street", "lane", "avenue", "herr", "herrn", "frau", "mr", "mrs", "ms", "miss", "re",
     "subject", "von", "vom", "am", "im", "in", "an", "zu", "address", "adresse", "anschrift",
     "gmbh", "mvz", "ltd", "inc", "report", "letter", "brief", "bericht", "arztbrief", "summary",
     "discharge", "referral", "überweisung", "ueberweisung", "epikrise", "zimmer", "bett", "first",
     "last", "given", "surname", "family", "full", "of", "on", "at", "to", "practice",
     "manager", "team", "secretary", "department", "colleague", "kollegen"}
)  # fmt: skip
_LAST_FIRST_FIELDS = re.compile(r"(?:Nach)?name\s*,\s*Vorname|Surname\s*,\s*(?:First|Given)", re.I)


def _name_word(token: str) -> bool:
    core = token.strip(".")
    if len(core) < 2 or not core[0].isupper() or core.casefold() in _NOT_NAMES:
        return False
    if not all(character.isalpha() or character in "-'’" for character in core):
        return False
    return not re.search(r"(?:stra(?:ss|ß)e|str|weg|allee|platz|gasse)$", core, re.I)


_TOKEN = re.compile(r",|[^\s,]+")


def read_name(text: str, last_first: bool = False) -> str | None:
    """A person's name at the start of ``text`` (salutation dropped), or None.

    ``Mustermann, Erika`` (one word before a comma) is turned round; ``last_first`` says the
    label named the order (``Name, Vorname:``). A name has two to five words.
    """
    # A name is in the first words after its label: a line of 20,000 characters with a
    # label every few words must not cost the square of its length.
    tokens = _TOKEN.findall(re.sub(rf"^\s*{_SALUTATION}\s+", "", text[:NAME_CHARACTERS].strip()))
    if tokens and _ACADEMIC.match(tokens[0]):
        return None  # a doctor's name, not a patient's
    before, _ = _name_words(tokens)
    rest = tokens[len(before) :]
    if rest[:1] == [","] and (len(before) == 1 or last_first):
        given, _ = _name_words(rest[1:])
        if given and not _ACADEMIC.match(given[0]):
            return _checked([*given, *before])
    return _checked(before)


# A middle initial ("John Q. Sample"): part of a name only between its other words.
_INITIAL = re.compile(r"[^\W\d_]\.", re.UNICODE)


def _name_words(tokens: Sequence[str]) -> tuple[list[str], int]:
    words: list[str] = []
    for token in tokens:
        initial = bool(words) and _INITIAL.fullmatch(token) is not None and token[0].isupper()
        if not (_name_word(token) or token in _PARTICLES or initial) or len(words) == 6:
            break
        words.append(token if initial else token.rstrip("."))
    while words and words[-1] in _PARTICLES:
        words.pop()
    if all(word in _PARTICLES for word in words):
        words = []
    return words, len(words)


def _checked(words: Sequence[str]) -> str | None:
    words = list(words)
    while words and _INITIAL.fullmatch(words[-1]):
        words.pop()  # "Sample J.": an initial ends no name
    capitalised = [
        word for word in words if word not in _PARTICLES and not _INITIAL.fullmatch(word)
    ]
    if not 2 <= len(capitalised) <= 5:
        return None
    return " ".join(word.title() if word.isupper() else word for word in words)


def same_person(first: str, second: str) -> bool:
    """Whether two names are one person as written (one may leave a given name out)."""
    words_of_first = set(first.casefold().split())
    words_of_second = set(second.casefold().split())
    return words_of_first <= words_of_second or words_of_second <= words_of_first


# ----------------------------------------------------------------------------- candidates


@dataclass(frozen=True)
class Candidate:
    """A value found for a field; lower ``rank`` is stronger evidence."""

    value: str
    evidence: str
    rank: int


_PATIENT_LABEL = re.compile(
    r"(?:^|¦|;|\s)(?P<label>Patient(?:in|en)?(?:\s*name)?|Pat\.|Name des Patienten|Name der "
    r"Patientin|Patient'?s name|Name of patient|(?:Nach)?name\s*,\s*Vorname|Surname\s*,\s*"
    r"(?:First|Given)\s*names?|Versicherte[rn]?|Behandelte Person|Name of (?:the )?child)"
    r"\s*(?:[:¦]|\s-\s)\s*",
    re.IGNORECASE,
)
_NAME_LABEL = re.compile(r"(?:^|¦)\s*(?:Name|Full name)\s*[:¦]\s*", re.IGNORECASE)
_SURNAME_LABEL = re.compile(
    r"(?:^|¦)\s*(?:Nachname|Familienname|Surname|Last name|Name)\s*[:¦]\s*", re.I
)
_GIVEN_LABEL = re.compile(r"(?:^|¦)\s*(?:Vorname|First name|Given names?|Forename)\s*[:¦]\s*", re.I)
_BIRTH_LABEL = (
    r"(?:Geb\.?-?(?:Datum|dat\.?)|Geburtsdatum|Geburtstag|geb(?:oren\b|\.|\b)(?:\s*am\b)?"
    r"|D\.?O\.?B\b\.?|Date of birth|Birth\s?date|born\b(?:\s+on\b)?|\*)"
)
_BIRTH = re.compile(rf"(?<![\w*]){_BIRTH_LABEL}\s*[:¦]?\s*", re.IGNORECASE)
# "Ihre Patientin Frau Erika Mustermann", "your patient Mr John Smith", "Re: Mrs Jane Doe".
_PATIENT_PHRASE = re.compile(
    rf"(?:Patient(?:in|en)?|patient|Re:|RE:|Betr(?:eff|ifft)?\.?:)\s*,?\s*(?={_SALUTATION}\s)"
)
_SALUTED = re.compile(rf"(?<!\w){_SALUTATION}\s+(?=[^\W\d_])")
_NOT_A_PATIENT = re.compile(
    r"Sehr geehrte|Dear|Liebe|Grüße|Grüßen|Gruß|regards|sincerely|Kollegin|Kollege|Oberarzt|"
    r"Chefarzt|Assistenzarzt|Ärztin|Arzt|Doctor|Consultant|Dr\.|Prof\.",
    re.IGNORECASE,
)


def _patient_candidates(lines: Sequence[Line]) -> Iterator[Candidate]:
    for line in lines:
        for match in _PATIENT_LABEL.finditer(line.text):
            last_first = bool(_LAST_FIRST_FIELDS.fullmatch(match.group("label").strip()))
            name = read_name(line.text[match.end() :], last_first)
            if name:
                yield Candidate(name, line.text, 0)
        for match in _PATIENT_PHRASE.finditer(line.text):
            name = read_name(line.text[match.end() :])
            if name:
                yield Candidate(name, line.text, 0)
        yield from _saluted_with_birth(line)
        yield from _named_before_birth(line)
        yield from _named_in_subject(line)
        name_label = _NAME_LABEL.search(line.text)
        if name_label and not _PATIENT_LABEL.search(line.text):
            name = read_name(line.text[name_label.end() :])
            if name:
                yield Candidate(name, line.text, 1)
    yield from _split_name_fields(lines)
    yield from _addressed_patient(lines)


_SUBJECT = re.compile(r"^(?:Re|RE|Betreff|Betr\.|Betrifft|Subject)\s*:\s*(?=[^\W\d_])")


def _saluted_with_birth(line: Line) -> Iterator[Candidate]:
    """``Frau Erika Mustermann, geb. 12.03.1961``, ``Re: John Smith, DOB 12 Mar 1961``: a
    named person with a birth date."""
    subject = _SUBJECT.match(line.text)
    if subject:
        after = line.text[subject.end() :]
        name = read_name(after)
        # "Betreff: Neurologischer Befundbericht – Frau ...": a heading, not a name.
        if name is not None and not _DOCUMENT_KIND.search(name) and _birth_date_follows(after[:80]):
            yield Candidate(name, line.text, 0)
    for match in _SALUTED.finditer(line.text):
        before = line.text[max(0, match.start() - 30) : match.start()]
        if _NOT_A_PATIENT.search(before):
            continue
        after = line.text[match.end() :]
        name = read_name(after)
        if name is None:
            continue
        if _birth_date_follows(after[:80]):
            yield Candidate(name, line.text, 0)


def _named_before_birth(line: Line) -> Iterator[Candidate]:
    """``This is to certify that Deborah Müller (date of birth 28/06/1970)``, ``Wójcik,
    Agnieszka, geb. am 30.08.1982``: the name right before a birth date is the patient's
    (a doctor's name before it, ``Dr. Anna Berger, born``, is nobody's)."""
    for match in _BIRTH.finditer(line.text):
        if match.group().strip() == "*" or not _birth_date_follows(line.text[match.start() :]):
            continue
        name = _name_ending(line.text[max(0, match.start() - NAME_CHARACTERS) : match.start()])
        if name:
            yield Candidate(name, line.text, 0)


def _name_ending(text: str) -> str | None:
    """The person's name that ``text`` ends with (``Surname, Given`` turned round)."""
    tokens = _TOKEN.findall(re.sub(r"[\s,(\[–—-]+$", "", text))
    taken: list[str] = []
    for part in reversed(tokens):
        if _ACADEMIC.match(part):
            return None  # a doctor's name
        if part == "," and "," not in taken and taken:
            taken.insert(0, part)
        elif (_name_word(part) and not re.fullmatch(_SALUTATION, part)) or part in _PARTICLES:
            taken.insert(0, part.rstrip("."))
        elif _INITIAL.fullmatch(part) and taken:
            taken.insert(0, part)
        else:
            break
    while taken and taken[0] == ",":
        taken.pop(0)
    if "," in taken:
        comma = taken.index(",")
        surname = taken[:comma]
        if len([word for word in surname if word not in _PARTICLES]) != 1:
            return None  # "de Souza, Johanna": one surname word (and its particles) first
        taken = [*taken[comma + 1 :], *surname]
    while taken and taken[0] in _PARTICLES:
        taken.pop(0)
    return _checked(taken)


_DASHED_NAME = re.compile(r"\s[–—-]\s+(?P<rest>.+)$")


def _named_in_subject(line: Line) -> Iterator[Candidate]:
    """``Re: Imaging report – James Featherstonehaugh``: a subject line that ends with a
    person's name after its dash (the name alone, or with a birth date after it)."""
    subject = _SUBJECT.match(line.text)
    dash = _DASHED_NAME.search(line.text) if subject else None
    if dash is None:
        return
    rest = re.sub(rf"^{_SALUTATION}\s+", "", dash.group("rest").strip())
    name = read_name(rest)
    if name and len(rest.split(",")[0].split()) == len(name.split()):
        yield Candidate(name, line.text, 1)


_SALUTED_ADDRESSEE = re.compile(rf"^{_SALUTATION}\s*$|^{_SALUTATION}\s+(?=[^\W\d_])")


def _addressed_patient(lines: Sequence[Line]) -> Iterator[Candidate]:
    """A letter to the patient: ``Mr Oliver Williams`` in the address and ``Dear Mr
    Williams`` as its salutation (weakest evidence: any named patient overrules it)."""
    salutation = next((line for line in lines if _SALUTATION_LINE.match(line.text)), None)
    if salutation is None:
        return
    for position, line in enumerate(lines[: salutation.number]):
        if not _SALUTED_ADDRESSEE.match(line.text) or _NOT_A_PATIENT.search(line.text):
            continue
        text = line.text
        if re.fullmatch(rf"{_SALUTATION}\s*", text):
            # "Frau" on a line of its own, the name below (a reading of two columns may
            # put the reference block's lines in between).
            below = [following.text for following in lines[position + 1 : position + 4]]
            text = next((found for found in below if read_name(found) == found), "")
        name = read_name(text)
        if name is None or _NOT_A_PATIENT.search(text):
            continue
        surname = name.split()[-1]
        if re.search(rf"{_SALUTATION}\s+{re.escape(surname)}\b", salutation.text):
            yield Candidate(name, f"{text} · {salutation.text}", 2)
            return


def _birth_date_follows(text: str) -> bool:
    """Whether a birth label with a date right after it is in ``text`` ("geb. 12.03.1961")."""
    for match in _BIRTH.finditer(text):
        found = dates_in(text[match.end() : match.end() + 24])
        if found and found[0].start == 0:
            return True
    return False


def _split_name_fields(lines: Sequence[Line]) -> Iterator[Candidate]:
    """``Name: Mustermann`` and ``Vorname: Erika`` as two labels (lab forms)."""
    surname = given = None
    evidence: list[str] = []
    for line in lines:
        for cell in line.text.split("¦"):
            given_match = _GIVEN_LABEL.match(cell.strip())
            if given_match and given is None:
                given = _single_name_word(cell.strip()[given_match.end() :])
                evidence.append(line.text)
                continue
            surname_match = _SURNAME_LABEL.match(cell.strip())
            if surname_match and surname is None:
                surname = _single_name_word(cell.strip()[surname_match.end() :])
                evidence.append(line.text)
    if surname and given:
        yield Candidate(f"{given} {surname}", " · ".join(dict.fromkeys(evidence)), 0)


def _single_name_word(text: str) -> str | None:
    words, _ = _name_words(_TOKEN.findall(text.strip()))
    if len(words) != 1 and not (len(words) > 1 and all(_name_word(w) for w in words[:2])):
        return None
    return " ".join(word.title() if word.isupper() else word for word in words) or None


def _birth_candidates(lines: Sequence[Line], order: DateOrder, today: date) -> Iterator[Candidate]:
    earliest = _years_before(today, OLDEST_PATIENT_YEARS)
    for line in lines:
        for match in _BIRTH.finditer(line.text):
            if match.group().strip() == "*" and not re.match(r"\d", line.text[match.end() :]):
                continue
            found = dates_in(line.text[match.end() : match.end() + 24], order)
            if not found or found[0].start != 0:
                continue
            if found[0].value is None:
                yield Candidate("", line.text, 0)  # ambiguous: blocks the field
                continue
            value = _with_century(found[0], earliest, today)
            yield Candidate(value.isoformat() if value else "", line.text, 0)


# Labels that name the letter's own date, anywhere on a line (rank 0), and a plain "Date:"
# or "Datum:" only where a label starts, a line or a cell (rank 1: a table's "Datum" column
# of services gives way to "Rechnungsdatum"): "Clinic date:" is an appointment's, "your
# referral dated" another letter's.
_NAMED_DATE_LABEL = re.compile(
    r"(?:^|¦|\s)(?:Date of (?:letter|report)|Letter date|Briefdatum|Befunddatum|Berichtsdatum|"
    r"Report date|Rechnungsdatum|Ausstellungsdatum|Ausgestellt am|Erstellt am|Druckdatum|"
    r"Date typed|Date dictated|Reported(?: on)?|(?:Electronically )?signed by [^¦]{2,60}? on)"
    r"\s*[:¦]?\s*",
    re.IGNORECASE,
)
_PLAIN_DATE_LABEL = re.compile(r"(?:^|¦)\s*(?:Datum|Dated|Date)\s*[:¦]?\s*", re.IGNORECASE)
# "Untersuchungsbericht vom 28.10.2024", "Report of 3 March 2025": the report's own date
# (not "Ihre Überweisung vom", another letter's).
_KIND_AND_DATE = re.compile(
    r"^(?!(?:Ihre?|Unser[e]?|Your|Our)\b)(?:[^\W\d_][\w-]*\s){0,3}[\w-]*?"
    r"(?:bericht|befund|brief|report|summary|letter)\s+(?:vom|from|of|dated)\s+",
    re.IGNORECASE,
)
_PLACE_AND_DATE = re.compile(r"^[A-ZÄÖÜ][\w .()/-]{1,40},\s*(?:(?:den|the|am)\s+)?(?=\d|[A-Z])")
_ONLY_DATE = re.compile(r"^(?:(?:den|Datum|Date)\s+)?(?=\d|[A-Za-zä]{3})")
_OTHER_DATES = re.compile(
    r"Aufnahme|Entlassung|admission|admitted|discharge|Termin|appointment|Eingang|received|"
    r"Abnahme|Entnahme|collected|Untersuchung|vom|bis|seit|since|until|next|nächste|Wiedervor|"
    r"Kontrolle|review|Unfall|OP am|operation",
    re.IGNORECASE,
)


def _letter_date_candidates(
    lines: Sequence[Line], order: DateOrder, today: date
) -> Iterator[Candidate]:
    latest = today + LETTER_DATE_AHEAD
    for line in lines:
        found = _letter_date_on(line, order)
        if found is None:
            continue
        rank, written = found
        value = _with_century(written, EARLIEST_LETTER, latest) if written.value else None
        yield Candidate(value.isoformat() if value else "", line.text, rank)


def _letter_date_on(line: Line, order: DateOrder) -> tuple[int, WrittenDate] | None:
    """A letter date on the line and its rank: after a label (anywhere on the line), or
    as all a heading ("Befundbericht vom ..."), a place ("Berlin, den ...") or a line of
    its own holds."""
    rank, start = _labelled_date_start(line.text)
    if start is not None:
        found = dates_in(line.text[start:], order)
        return (rank, found[0]) if found and found[0].start == 0 else None
    kind_and_date = _KIND_AND_DATE.match(line.text)
    if line.number > 30:
        # Far down, only the closing's "Berlin, den 14.11.2026" above the signature, where
        # many letters write their only date.
        return _place_and_date(line.text, order)
    if kind_and_date is None and (_BIRTH.search(line.text) or _OTHER_DATES.search(line.text)):
        return None
    for rank, pattern in ((1, _KIND_AND_DATE), (2, _ONLY_DATE), (1, _PLACE_AND_DATE)):
        match = pattern.match(line.text)
        if match is None:
            continue
        rest = line.text[match.end() :]
        found = dates_in(rest, order)
        # The date must be all there is on the line after the heading, place or nothing.
        if found and found[0].start == 0 and found[0].end == len(rest.rstrip(" .")):
            return rank, found[0]
    return None


def _place_and_date(text: str, order: DateOrder) -> tuple[int, WrittenDate] | None:
    match = _PLACE_AND_DATE.match(text)
    if match is None or _BIRTH.search(text) or _OTHER_DATES.search(text):
        return None
    rest = text[match.end() :]
    found = dates_in(rest, order)
    if found and found[0].start == 0 and found[0].end == len(rest.rstrip(" .")):
        return 1, found[0]
    return None


def _labelled_date_start(text: str) -> tuple[int, int | None]:
    """The rank of a letter-date label on the line and where its date starts (None: no
    such label), unless the label's cell speaks of another date."""
    for rank, label in ((0, _NAMED_DATE_LABEL), (1, _PLAIN_DATE_LABEL)):
        for match in itertools.islice(label.finditer(text), 5):
            cell_start = text.rfind("¦", 0, match.start()) + 1
            context = text[max(cell_start, match.start() - 40) : match.end()]
            if not (_BIRTH.search(context) or _OTHER_DATES.search(context)):
                return rank, match.end()
    return 0, None


_ORGANISATION = re.compile(
    r"\b(?:Klinik\w*|\w*[Kk]linikum|\w*[Kk]rankenhaus|\w*[Kk]liniken|Uni(?:versitäts)?klinik\w*|"
    r"Universitätsmedizin|Charité|\w*[Pp]raxis|MVZ|Medizinisches Versorgungszentrum|"
    r"\w*[Zz]entrum|Hospital|Clinic\b|Infirmary|Surgery|Medical Cent(?:re|er)|Health Cent(?:re|er)|"
    r"Practice|NHS|Trust|Labor|Laboratorium|Laboratory|Laboratories|Institut|Institute|"
    r"Radiolog\w+|Patholog\w+|Diakonie|St\.\s|Associates|Group|Partners|P\.C\.|Imaging|"
    r"Diagnostics|Department|Cent(?:re|er)\b|Cardiology|Medicine\b)",
)
_RECIPIENT_START = re.compile(
    r"^(?:Herrn?|Frau|An\b|An die|To:?|z\.\s?Hd|Mr\b|Mrs\b|Ms\b|Miss\b|Dr\.? med\. .* \d{5})"
)
_SALUTATION_LINE = re.compile(r"^(?:Sehr geehrte|Liebe|Dear|Hallo|Guten Tag)", re.IGNORECASE)
_CLOSING = re.compile(
    r"(?:Mit (?:freundlichen|kollegialen|besten|herzlichen) Gr(?:üß|üss|ues)en|Freundliche Grüße|"
    r"(?:Beste|Viele|Herzliche|Liebe) Grüße|Yours (?:sincerely|faithfully|truly)|"
    r"(?:Kind|Best|With best|Warm) regards|Sincerely|^(?:With )?[Bb]est(?: wishes)?,?$)",
    re.IGNORECASE,
)
_SIGNER = re.compile(
    r"^(?:(?:Prof\.|Dr\.|Dr\b|PD|Priv\.-Doz\.|Dipl\.-Med\.)\s*"
    r"(?:(?:Dr\.|med\.|rer\. nat\.|habil\.)\s*)*)"
)
_SENDER_PARTS = re.compile(r"\s+(?:[·•|¦–—]|-\s)\s*")


_POSTCODE_LINE = re.compile(
    r"(?:^|\s)(?:D-)?\d{5}\s+[A-ZÄÖÜ]|\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b"
)
_CONTACT = re.compile(r"\b(?:Tel|Telefon|Fax|Phone|E-?Mail|www)\b|@|http|\s[·•|¦]\s", re.IGNORECASE)


def _address_blocks(lines: Sequence[Line]) -> set[int]:
    """Blocks that look like a recipient's address: a post code and no telephone, mail or
    web address (a letter head gives a way to answer; an address window does not)."""
    by_block: dict[int, list[str]] = {}
    for line in lines:
        by_block.setdefault(line.block, []).append(line.text)
    return {
        block
        for block, texts in by_block.items()
        if any(_POSTCODE_LINE.search(text) for text in texts)
        and not any(_CONTACT.search(text) for text in texts)
    }


def _sender_candidates(lines: Sequence[Line]) -> Iterator[Candidate]:
    """The letter head's organisation; else the signer. An organisation named in what may
    be the recipient's address (and no other letter head) leaves the sender open."""
    letterhead = _letterhead(lines)
    if letterhead is not None:
        yield letterhead
        return
    recipient_blocks = {line.block for line in lines if _RECIPIENT_START.match(line.text)}
    recipient_blocks |= _address_blocks(lines)
    if len({line.block for line in lines[:15]}) < 3:
        recipient_blocks = set()  # no paragraphs (the CPU engine): the lines alone tell
    addressed = _recipient_lines(lines)
    unsure = None
    for position, line in enumerate(lines):
        if _SALUTATION_LINE.match(line.text) or line.number > 15:
            break
        head = _SENDER_PARTS.split(line.text)[0].strip(" ,")
        if _DOCUMENT_KIND.search(head) or _PATIENT_LABEL.search(line.text):
            continue  # "Radiologischer Befund" is the letter's title, not its sender
        if not (_ORGANISATION.search(head) and not re.search(r"\d{4,}|@|Tel|Fax", head)):
            continue
        if line.block in recipient_blocks or position in addressed:
            unsure = unsure or line
            continue
        if len(head) <= 80:
            yield Candidate(head, line.text, 0)
            return
    if unsure is not None:
        yield Candidate("", unsure.text, 0)  # perhaps the recipient's: propose no sender
        return
    yield from _signers(lines)


# A fax machine's line over the page: its time, its number, its page count.
_FAX_HEADER = re.compile(r"\b\d\d?:\d\d\b|\bS\.\s?\d+/\d+|\bP\.\d{3}|\bPage \d+ of \d+", re.I)


def _letterhead(lines: Sequence[Line]) -> Candidate | None:
    """The first line of the page (under a fax machine's line) when the lines under it give
    a way to answer (a telephone, a fax, a mail or web address): a letter head's name. A
    recipient's address gives none; a date, a salutation or a heading is no name."""
    line = _first_line_under_fax_header(lines)
    if line is None:
        return None
    name = _SENDER_PARTS.split(line.text)[0].strip(" ,")
    # OCR drops the space after an abbreviation's dot: "St.Elisabeth-Krankenhaus".
    name = re.sub(r"\b(St|Dr|Prof)\.(?=[^\W\d_])", r"\1. ", name)
    words = name.split()
    if not 1 <= len(words) <= 10 or len(name) > 80 or not name[0].isupper():
        return None
    if not re.fullmatch(r"[^\W\d_](?:[^\W\d_]|[ .,'’&()/+-])*", name):
        return None  # a name is words: no number, no markup, no label
    if name.isupper() and len(words) == 1:
        return None  # "FAX"
    if _DOCUMENT_KIND.search(name) and not _ORGANISATION.search(name):
        return None  # "Referral letter": a heading
    if _RECIPIENT_START.match(name) or _SALUTATION_LINE.match(name) or _SIGNER.match(name):
        return None
    if re.match(rf"(?:{_SALUTATION}|Dr|Prof)\.?\s", name):
        return None  # a person: the recipient's address written above the letter head
    person = read_name(name) == name and not _ORGANISATION.search(name)
    if _PATIENT_LABEL.search(line.text) or _TITLE_LABEL.match(name) or person:
        return None  # a patient's line, a subject, or a person's name alone
    below = lines[line.number + 1 : line.number + 6]
    if not any(_ANSWER_BY.search(following.text) for following in below):
        return None
    return Candidate(name, line.text, 0)


# A way to answer a letter head gives: a telephone, a fax, a mail address.
_ANSWER_BY = re.compile(r"\b(?:Tel|Telefon|Telefax|Fax|Phone|E-?Mail)\b|@", re.IGNORECASE)


def _first_line_under_fax_header(lines: Sequence[Line]) -> Line | None:
    """The page's first line, past a fax machine's line (which a text layer may give as
    several: its date, ``FROM: 4155550109``, the sender's name cut short in capitals)."""
    faxed = False
    for line in lines[:6]:
        if _FAX_HEADER.search(line.text) or re.match(r"(?:FROM|VON|TO|AN)\s*:", line.text):
            faxed = True
            continue
        if faxed and (dates_in(line.text) or line.text.isupper()):
            continue
        return line
    return None


def _recipient_lines(lines: Sequence[Line]) -> set[int]:
    """Positions of lines that may be an address (for text without paragraphs, as the CPU
    engine writes it): from "Herrn"/"An"/"To" to its post code, and an organisation whose
    next lines reach a post code without a telephone, mail or web address."""
    marked: set[int] = set()
    for position, line in enumerate(lines[:40]):
        window = list(lines[position : position + 5])
        for index, following in enumerate(window[1:], start=1):
            if following.block != line.block or _RECIPIENT_START.match(following.text):
                window = window[:index]  # an address does not run into the next one
                break
        ends = [index for index, text in enumerate(window) if _POSTCODE_LINE.search(text.text)]
        if not ends:
            continue
        address = window[: ends[0] + 1]
        starts = bool(_RECIPIENT_START.match(line.text))
        bare = _ORGANISATION.search(line.text) and not any(
            _CONTACT.search(text.text) for text in window[: ends[0] + 2]
        )
        if starts or bare:
            marked.update(range(position, position + len(address)))
    return marked


def _signers(lines: Sequence[Line]) -> Iterator[Candidate]:
    """The doctor who signed: under the closing formula, or (a certificate, a note, which
    close with none) among the letter's last lines."""
    closings = [line.number for line in lines if _CLOSING.search(line.text)]
    if closings:
        after = [line for line in lines if closings[-1] < line.number <= closings[-1] + 4]
    else:
        after = [line for line in lines if line.number >= len(lines) - _LAST_LINES_SIGNED]
        if any(_ANSWER_BY.search(line.text) or _POSTCODE_LINE.search(line.text) for line in after):
            return  # an address under the name: a form's stamp, not a signature
    for line in after:
        title = _SIGNER.match(line.text)
        text = _SENDER_PARTS.split(line.text)[0].strip(" ,")
        rest = text[title.end() :] if title else text
        name = read_name(rest) if title else None
        if title and name:
            yield Candidate(f"{text[: title.end()].strip()} {name}", line.text, 1)
            return


# A letter without a closing formula is signed in its last lines, under the signature.
_LAST_LINES_SIGNED = 4
_TITLE_LABEL = re.compile(r"^(?:Betreff|Betr\.|Betrifft|Subject|Re|RE|Titel|Title)\s*[:¦]\s*")
_DOCUMENT_KIND = re.compile(
    r"(?:brief|bericht|befund|überweisung|ueberweisung|epikrise|konsil|attest|bescheinigung|"
    r"gutachten|verordnung|anforderung|mitteilung|report|summary|letter|referral|results?|"
    r"certificate|request|note|opinion|consultation)\b",
    re.IGNORECASE,
)
_PATIENT_MENTION = re.compile(
    rf"(?:,|\s[-–—:]|\s)\s?(?:(?:der|die|des|den|unsere[rsn]?|Ihre[rsn]?|your|our|for|von|zu|für|"
    rf"über|of) ){{0,3}}(?:{_SALUTATION}\s|Patient|Pat\.|geb\.|DOB|born|\*)|\s\d",
    re.IGNORECASE,
)


def _title_candidates(lines: Sequence[Line]) -> Iterator[Candidate]:
    for position, line in enumerate(lines):
        if line.number > 25 or _SALUTATION_LINE.match(line.text):
            break
        label = _TITLE_LABEL.match(line.text)
        if label:
            title = _title_text(line.text[label.end() :])
            if title and not (read_name(title) == title and not _DOCUMENT_KIND.search(title)):
                yield Candidate(title, line.text, 0)  # a subject, not a name alone
            continue
        title = _title_text(line.text)
        if title and _DOCUMENT_KIND.search(title) and len(title.split()) <= 6:
            looks_like_heading = line.heading or line.text.isupper()
            if looks_like_heading and not _PATIENT_LABEL.search(line.text):
                yield Candidate(title, line.text, 1)
                continue
        following = lines[position + 1] if position + 1 < len(lines) else None
        if position and following is not None and _heading_above(line, following):
            yield Candidate(line.text.strip(), line.text, 1)
        elif (dated := _KIND_AND_DATE.match(line.text)) and (title := _title_text(dated.group())):
            yield Candidate(title, line.text, 1)  # "Untersuchungsbericht vom 28.10.2024"


# What follows a letter's heading: its patient, or the salutation.
_UNDER_HEADING = re.compile(r"^(?:Sehr geehrte|Liebe|Dear|Hallo|Guten Tag|To whom it may)", re.I)


def _heading_above(line: Line, following: Line) -> bool:
    """A line of its own right above the patient's line or the salutation, shaped like a
    heading (a few words, no number, no label, no address, not a name): the letter's."""
    text = line.text.strip()
    words = text.split()
    if not 1 <= len(words) <= 8 or len(text) > MAX_TITLE_CHARACTERS or not text[0].isupper():
        return False
    if re.search(r"(?<![\w-])\d|[:@·•|¦,;()/]|[.!?]$", text) or text.isupper():
        return False
    if _ORGANISATION.search(text) and not _DOCUMENT_KIND.search(text):
        return False  # "Department of Blood Sciences"; but "Laboratory Report" is a heading
    if _RECIPIENT_START.match(text) or _CONTACT.search(text):
        return False
    if read_name(text) == text and not _DOCUMENT_KIND.search(text):
        return False  # a person's name (the recipient's last line)
    if _SIGNER.match(text) or _CLOSING.search(text):
        return False
    below = following.text
    return bool(
        _UNDER_HEADING.match(below)
        or _PATIENT_LABEL.search(below)
        or _NAME_LABEL.search(below)
        or _SURNAME_LABEL.search(below)
        or _BIRTH.search(below)
    )


_DANGLING = re.compile(r"(?:\s+(?:vom|von|am|from|of|dated|on|für|for|zur|zum|der|des))+$", re.I)


def _title_text(text: str) -> str | None:
    text = text[:MAX_TITLE_CHARACTERS]
    if re.match(rf"\s*(?:{_SALUTATION}\s|Patient|Pat\.)", text):
        return None  # "Betreff: Frau Aisha Hoffmann, geb. ...": the patient, no title
    mention = _PATIENT_MENTION.search(text)
    title = (text[: mention.start()] if mention else text).strip(" ,.:;–—-¦")
    # "Ihre Überweisung vom 12.03.2026": the date went with the mention, its "vom" goes too.
    title = _DANGLING.sub("", title).strip(" ,.:;–—-¦")
    dash = re.search(r"\s[–—-]\s+", title)
    if dash and read_name(re.sub(rf"^{_SALUTATION}\s+", "", title[dash.end() :])):
        title = title[: dash.start()].strip()  # "Imaging report – James Featherstonehaugh"
    if not title or len(title) > MAX_TITLE_CHARACTERS:
        return None
    return title.title() if title.isupper() else title


# ----------------------------------------------------------------------------- deciding


def _decide(field: str, candidates: Iterable[Candidate]) -> Proposal | None:
    """The strongest evidence's value, if all of it agrees; else nothing."""
    found = list(candidates)
    if not found:
        return None
    strongest = min(candidate.rank for candidate in found)
    best = [candidate for candidate in found if candidate.rank == strongest]
    if any(not candidate.value for candidate in best):
        return None  # an ambiguous date among the strongest evidence
    if field == "patient":
        chosen = max(best, key=lambda candidate: len(candidate.value.split()))
        if not all(same_person(candidate.value, chosen.value) for candidate in best):
            return None
        return Proposal(field, chosen.value, chosen.evidence)
    if len({_comparable(candidate.value) for candidate in best}) > 1:
        return None
    return Proposal(field, best[0].value, best[0].evidence)


def _comparable(value: str) -> str:
    return " ".join(value.casefold().split())


def propose(text: str, today: date | None = None) -> dict[str, Proposal]:
    """The facts of a letter whose text (Markdown or plain) is ``text``; absent: abstained."""
    today = today or date.today()
    lines = letter_lines(text)
    order = slash_order(text[:MAX_CHARACTERS])
    decided = {
        "patient": _decide("patient", _patient_candidates(lines)),
        "born": _decide("born", _birth_candidates(lines, order, today)),
        "letter_date": _decide("letter_date", _letter_date_candidates(lines, order, today)),
        "sender": _decide("sender", _sender_candidates(lines)),
        "title": _decide("title", _title_candidates(lines)),
    }
    born, written = decided["born"], decided["letter_date"]
    if born and written and (written.value <= born.value):
        decided["letter_date"] = None  # a letter dated before its patient's birth: misread
    sender, patient = decided["sender"], decided["patient"]
    if sender and patient and same_person(sender.value, patient.value):
        decided["sender"] = None
    return {field: proposal for field, proposal in decided.items() if proposal is not None}


def document_text(pages: Sequence[str]) -> str:
    """The text facts are read from: the first pages, as one letter; a fax cover sheet
    before the letter is left out (its date is the transmission's, its sender the fax
    machine's owner, its subject the cover's)."""
    joined = "\n\n".join(pages[1:] if len(pages) > 1 and is_fax_cover(pages[0]) else pages)
    return joined[:MAX_CHARACTERS]


# A fax cover sheet: a heading that says so, and the count of pages sent.
_COVER_HEADING = re.compile(
    r"^\W*(?:Tele)?fax(?:[ -]?(?:cover(?:\s+sheet)?|nachricht|deckblatt|mitteilung|message|"
    r"transmission))?\W*$|^\W*(?:Fax-?)?Deckblatt\W*$",
    re.IGNORECASE | re.MULTILINE,
)
_COVER_PAGES = re.compile(
    r"^\W*(?:Pages|Seiten(?:zahl)?|Anzahl (?:der )?Seiten|No\.? of pages|Number of pages)"
    r"(?:\s*\([^)]*\))?\s*[:¦]",
    re.IGNORECASE | re.MULTILINE,
)


def is_fax_cover(page: str) -> bool:
    """Whether a page is a fax cover sheet (heading "Fax", "Telefax", "Fax cover sheet"
    and a "Pages:" or "Seiten:" field), not a letter's page."""
    text = strip_markup(page[:MAX_CHARACTERS])
    return bool(_COVER_HEADING.search(text) and _COVER_PAGES.search(text))


def search_date(term: str, today: date | None = None) -> str | None:
    """A date typed into a search (``born:12.3.61``, ``born:12. März 1961``) in ISO form."""
    term = term.strip().strip('"')
    if re.fullmatch(r"\d{4}(?:-\d\d?){0,2}", term):
        return term  # ISO already, or a year or month: the index's own form
    order = DateOrder(True)  # the clinic's own writing: day first
    found = parse_date(term, today, order)
    return found.isoformat() if found else None


_LABEL_ONLY = re.compile(
    r"(?:Patient(?:in)?(?:\s*name)?|Pat\.|Name|Vorname|Nachname|Name,\s*Vorname|Geburtsdatum|Geb\.?-?Datum|"
    r"geb\.|DOB|Date of birth|Datum|Date|Befunddatum|Rechnungsdatum|Report date|Surname|"
    r"First name|Re|Betreff|Betr\.|Subject)",
    re.IGNORECASE,
)
