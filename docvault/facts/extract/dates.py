"""Dates as letters write them, checked values, and the letter's own date."""

from __future__ import annotations

import calendar
import functools
import itertools
import re
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import date

from babel.dates import get_month_names

from docvault.facts.extract.base import (
    _BIRTH,
    _DOCUMENT_KIND,
    EARLIEST_LETTER,
    LETTER_DATE_AHEAD,
    OLDEST_PATIENT_YEARS,
    Candidate,
    Line,
    read_name,
)
from docvault.textutil import without_accents

# The languages a clinic's post arrives in: its own, its neighbours', its patients'.
_MONTH_LOCALES = (
    "de", "de_AT", "de_CH", "en", "nl", "fr", "it", "es", "pt", "pl", "cs", "sk", "hu", "da",
    "nb", "nn", "sv", "fi", "lt", "lv", "et", "uk", "ru", "tr", "hr", "sr_Latn", "sr", "bs",
    "sl", "ro", "bg", "el", "sq", "mk", "lb",
)  # fmt: skip
# Short forms and spellings the CLDR does not list: German abbreviations, a typewriter's
# "Maerz", Austria's "Feber", French without accents, Latin America's "setiembre".
_OTHER_MONTH_SPELLINGS = {
    "jan": 1, "feb": 2, "feber": 2, "mär": 3, "maerz": 3, "mrz": 3, "apr": 4, "aug": 8,
    "sep": 9, "sept": 9, "okt": 10, "dez": 12, "fevrier": 2, "aout": 8, "decembre": 12,
    "setiembre": 9,
}  # fmt: skip


def _cldr_months() -> dict[str, int]:
    """Each language's month names from the Unicode CLDR (Babel): as a date writes them
    (the genitive: "21. rujna 2025", "5 листопада") and alone. A name two languages give
    different months ("listopada": October in Croatian, November in Polish) is left out
    here: `_slavic_month` reads it by how its day is written, else a date stays unread."""
    months: dict[str, set[int]] = {}
    for locale in _MONTH_LOCALES:
        for context in ("format", "stand-alone"):
            for number, name in get_month_names("wide", context, locale).items():
                # Capitals drop their accents ("ΝΟΕΜΒΡΙΟΥ", "MÄRZ" typed as "MARZ").
                for spelling in {name.lower(), without_accents(name.lower())}:
                    months.setdefault(spelling, set()).add(number)
    return {name: next(iter(numbers)) for name, numbers in months.items() if len(numbers) == 1}


@functools.cache
def _month_numbers() -> dict[str, int]:
    """Every month name and short form read, lower case, with its number (built on first
    use: the CLDR's data for 34 languages takes a tenth of a second to load)."""
    return {
        **{name.lower(): number for number, name in enumerate(calendar.month_abbr) if name},
        **_OTHER_MONTH_SPELLINGS,
        **_cldr_months(),
    }


_MONTH_NAME = r"(?P<month_name>[^\W\d_]{3,12})\.?"

# "listopad(a)": November in Polish and Czech, October in Croatian. Croatian writes its day
# as an ordinal, with a stop ("9. listopada 2026."); Polish does not ("9 listopada 2026 r.").
# (Czech's genitive, "9. listopadu", is a name of its own: November, stop or none.)
_LISTOPAD = re.compile(r"listopada?", re.IGNORECASE)


def _slavic_month(match: re.Match[str]) -> int | None:
    if not _LISTOPAD.fullmatch(match["month_name"]):
        return None
    return 10 if match.group().startswith(f"{match['day']}.") else 11


_DATE_FORMS = (
    # 1961-03-12, 1961/03/12
    re.compile(r"(?<![\d.])(?P<year>(?:19|20)\d\d)[-/](?P<month>\d\d?)[-/](?P<day>\d\d?)(?![\d])"),
    # 12.03.1961, 12.3.61, 12/03/1961, 12-03-1961
    re.compile(
        r"(?<![\d.])(?P<day>\d\d?)\s?(?P<separator>[./-])\s?(?P<month>\d\d?)\s?(?P=separator)"
        r"\s?(?P<year>\d{4}|\d\d)(?![\d])"
    ),
    # 12. März 1961, 12 Mar 1961, 12-Mar-1961; 30 de enero de 2025
    re.compile(
        r"(?<!\d)(?P<day>\d\d?)(?:\.|st|nd|rd|th)?(?:[\s-]+de)?[\s-]+" + _MONTH_NAME
        + r"(?:\s+de)?[\s,-]+(?P<year>\d{4})(?!\d)"
    ),
    # March 12, 1961; Mar 12th 1961
    re.compile(_MONTH_NAME + r"\s+(?P<day>\d\d?)(?:st|nd|rd|th)?,?\s+(?P<year>\d{4})(?!\d)"),
    # Hungarian, the year first: 2024. március 3., 2024. 03. 03. (its closing stop required:
    # "1961.12" alone is a version or an amount, not a day)
    re.compile(
        r"(?<![\d.])(?P<year>(?:19|20)\d\d)\.\s?" + _MONTH_NAME + r"\s+(?P<day>\d\d?)\.(?!\d)"
    ),
    re.compile(
        r"(?<![\d.])(?P<year>(?:19|20)\d\d)\.\s?(?P<month>\d\d?)\.\s?(?P<day>\d\d?)\.(?!\d)"
    ),
    # Lithuanian, the year first: 2025 m. balandžio 29 d.
    re.compile(
        r"(?<!\d)(?P<year>(?:19|20)\d\d)\s?m\.\s+" + _MONTH_NAME + r"\s+(?P<day>\d\d?)\s?d\.?(?!\w)"
    ),
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
        month = _month_numbers().get(parts["month_name"].lower()) or _slavic_month(match)
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
    if re.search(
        r"\b(?:geb\.|geboren|Sehr geehrte|Datum|Betreff|Geboortedatum|Geachte|"
        r"Betreft|Date de naissance|Madame|Monsieur|Née? le|Confrère|Consœur)|"
        # French place and date: "Casablanca, le 10/06/2025".
        r",\s+le\s+\d",
        text,
    ):
        return DateOrder(True)  # a German, Dutch or French letter writes the day first
    if _AMERICAN.search(text) and _ANTIPODEAN.search(text):
        return DateOrder()  # an Australian letter about an American, or the other way round
    if _AMERICAN.search(text) and not _BRITISH.search(text):
        return DateOrder(False)  # a US address: month first
    if _ANTIPODEAN.search(text):
        return DateOrder(True)  # Australia and New Zealand write the day first
    if _NHS_NUMBER.search(text) and _BRITISH_POSTCODE.search(text):
        return DateOrder(True)  # an NHS patient's letter with a British address: day first
    if _IRISH.search(text) and not _AMERICAN.search(text):
        return DateOrder(True)  # Ireland's health service, its numbers: day first
    return DateOrder()


# A US address (state and ZIP code, a (617) 555-0197 telephone number), and a British one
# (a postcode, the NHS). Only the US decides the order: British letters are not alone in
# writing the day first, and one that writes it month first must stay ambiguous.
_AMERICAN = re.compile(r"\b[A-Z]{2} \d{5}(?:-\d{4})?\b|\(\d{3}\) \d{3}-\d{4}\b")


# An Australian or New Zealand letter: a state before its post code, a Medicare provider
# number, the colleges' post-nominals.
_ANTIPODEAN = re.compile(
    r"\b(?:NSW|VIC|QLD|TAS|ACT)\s+\d{4}\b|\bProvider No\b|\bFRACP\b|\bFRACGP\b|\bFRNZCGP\b"
)


_BRITISH_POSTCODE = re.compile(r"\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b")


_BRITISH = re.compile(rf"{_BRITISH_POSTCODE.pattern}|\bNHS\b")


# Ireland's health service, its personal public service number, its post codes, its
# telephone prefix.
_IRISH = re.compile(r"\bHSE\b|\bPPSN?\b|\bEircode\b|\+353\b")


# An NHS number field ("NHS No. 454 566 2459"): the letter is about a patient of the NHS.
_NHS_NUMBER = re.compile(r"\bNHS\s*(?:No\b\.?|Number\b|#)", re.IGNORECASE)


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


# Labels that name the letter's own date, anywhere on a line (rank 0), and a plain "Date:"
# or "Datum:" only where a label starts, a line or a cell (rank 1: a table's "Datum" column
# of services gives way to "Rechnungsdatum"): "Clinic date:" is an appointment's, "your
# referral dated" another letter's.
_NAMED_DATE_LABEL = re.compile(
    r"(?:^|¦|\s)(?:Date of (?:letter|report)|Letter date|Briefdatum|Befunddatum|Berichtsdatum|"
    r"Report date|Rechnungsdatum|Ausstellungsdatum|Ausgestellt am|Erstellt am|Druckdatum|"
    r"Date typed|Reported(?: on)?|(?:Electronically )?signed by [^¦]{2,60}? on|Printed(?: on)?|"
    r"Išrašo data|"
    # The day a certificate was issued: Russian, Ukrainian, Polish, Czech.
    r"Дата выдачи|Дата видачі|Data wystawienia|Data wydania|Datum vydání|"
    r"Gesendet|Sent|Befundausgang|Ausgang|Statement date|"
    r"Date of (?:decision to refer|referral|issue)|Referral date|Issue date|Authori[sz]ed(?: on)?|"
    r"Freigegeben am|Validiert am|Ausgedruckt am|"
    r"Erstellungsdatum|Überweisungsdatum|Bescheiddatum|Erstellt|"
    # A lab's "Befund: 02.12.2025" beside its "Abnahme:" and "Eingang:" days.
    # (The label padded to its value's column: "Befund:   19.09.2026", read "Befund: ¦ …".)
    r"Befund(?=\s*[:¦][\s¦]*\d)|"
    r"Datum des (?:Berichts|Briefes|Befundes|Schreibens|Bescheides))"
    r"\s*[:¦]?[\s¦]*",
    re.IGNORECASE,
)


_PLAIN_DATE_LABEL = re.compile(
    # The word "date" in the languages of letters from abroad; a form's "Datum/Unterschrift".
    r"(?:^|¦)\s*(?:Datum|Dated|Date(?!\s+dictated)|Tarih|Data|Fecha|Dato|Dátum|Kelt|Дата)"
    # "Datum/Unterschrift"; a bilingual form's "Datum / Date".
    r"(?:\s*/\s*(?:Unterschrift|Signature|Uhrzeit|Zeit|Time|Date|Datum|Data|Tarih|Fecha))?"
    r"\s*[:¦]?\s*",
    re.IGNORECASE,
)


# The day a dictated letter was typed ("diktiert: 07.10.24   geschrieben: 13.10.24"): its
# date where it gives no other (rank 3: a date of its own line, or "Date:", wins).
_TYPED_DATE_LABEL = re.compile(
    r"(?:^|¦|\s)(?:Typed|Geschrieben|geschr\.|Schreibdatum)\s*[:¦]?\s*", re.IGNORECASE
)


# The day a letter was dictated: its date only where it gives no other, the day it was typed
# included ("Date dictated: 19/10/2025" over "Date typed: 23rd October 2025": the 23rd).
_DICTATED_DATE_LABEL = re.compile(
    # "Befund diktiert und visiert am 13.11.2024": dictated and signed off (Switzerland's visa).
    r"(?:^|¦|\s)(?:Date dictated|Dictated(?: on)?|"
    r"Diktiert(?:\s+und\s+(?:visiert|vidiert|freigegeben|geschrieben))?(?:\s+am)?)\s*[:¦]?\s*",
    re.IGNORECASE,
)


# "Untersuchungsbericht vom 28.10.2024", "Report of 3 March 2025": the report's own date
# (not "Ihre Überweisung vom", another letter's).
_KIND_AND_DATE = re.compile(
    r"^(?!(?:Ihre?|Unser[e]?|Your|Our)\b)(?:[^\W\d_][\w-]*\s){0,3}[\w-]*?"
    r"(?:bericht|befund|brief|report|summary|letter|anfrage|schreiben|mitteilung|bescheid)"
    r"\s+(?:vom|from|of|dated):?\s+",
    re.IGNORECASE,
)


# Polish writes "r." (roku, "of the year") after a date: "dnia 10.08.2024 r.".
# Ukrainian writes "р." and Russian "г." (the year) after it.
_YEAR_WORD = re.compile(r"(?:\s+|(?<=\d))(?:r|р|г)\.?\s*$")


# A place's first letter, in the alphabets of the letters from abroad ("Århus", "Łódź",
# "Ваљево").
_CAPITAL = "A-ZÄÖÜÅÆØÉÈČĆŁŚŻŹŠŽŘÚÍÓİŞÇĞŐŰΑ-ΩА-ЯЁЂЈЉЊЋЏІЇЄҐ"


_PLACE_AND_DATE = re.compile(
    # Not a person ("Herr Oskar Frey, 15.5.1938, ...": a patient's line, a birth date).
    rf"^(?!(?:Herrn?|Frau|Mr|Mrs|Ms|Miss)\b)[{_CAPITAL}][\w .()/-]{{1,40}},"
    # Albanian's "më" ("Tiranë, më 03.04.2023").
    r"\s*(?:(?:den|the|am|le|il|el|dnia|d\.|a|më)\s+)?(?=\d|[A-Z])|"
    # Czech, Slovak and Polish: "V Plzni dne 30.5.2024", "W Opolu dnia 30.06.2025".
    # ("V Bratislave 24. marca 2024": the word for "on the day" left out).
    rf"^(?:V|Ve|W|We)\s+[{_CAPITAL}][\w.-]+(?:\s+[{_CAPITAL}][\w.-]+)?,?\s+"
    r"(?:(?:dne|dňa|dnia)\s+)?(?=\d)|"
    # Danish, Swedish and Norwegian write no comma: "Lund den 3 mars 2024", "Helsingborg
    # 2025-07-31" (a place alone before the year-first date).
    rf"^[{_CAPITAL}][\w-]+(?:\s[{_CAPITAL}][\w-]+)?\s+den\s+(?=\d)|"
    rf"^[{_CAPITAL}][\w-]+\s+(?=(?:19|20)\d\d-\d\d-\d\d\s*$)|"
    # Who signs for whom, where the place is left out: "i. A., 07.03.2025" above the name.
    r"^(?:i\.\s?A\.|i\.\s?V\.|[Ii]m Auftrag|[Ii]n Vertretung|ppa\.)\s*,?\s*(?=\d)"
)
# Finland's place and date, no comma: "Helsinki 5.7.2025". One word, which a label may be
# too ("Kontrolle 12.03.2025"; the other dates' words are refused before): the weakest
# evidence, where the letter gives no date of its own otherwise.
_PLACE_WORD_AND_DATE = re.compile(
    rf"^(?![\w-]*(?:datum|date|ung|nahme|gang|stand|Stand)\s)[{_CAPITAL}][a-zäöüåø]+\s+"
    r"(?=\d{1,2}\.\d{1,2}\.(?:19|20)\d\d\s*$)"
)


_ONLY_DATE = re.compile(r"^(?:(?:den|Datum|Date)\s+)?(?=\d|[A-Za-zä]{3})")


_OTHER_DATES = re.compile(
    r"Aufnahme|Entlassung|admission|admitted|discharge|Termin|appointment|Eingang|received|"
    # The short words whole: "prosince" (Czech December) holds "since", "Bisingen" "bis".
    r"Abnahme|Entnahme|collected|Untersuchung|\b(?:vom|bis|seit|since|until|next)\b|nächste|"
    r"Wiedervor|"
    r"Kontrolle|review|Unfall|OP am|operation|"
    # Admission and discharge in the languages of the letters from abroad (whole words).
    r"\b(?:Indlagt|Indlæggelse|Udskrevet|Udskrivelse|Innlagt|Utskrevet|Inskriven|Utskriven|"
    r"Inläggning|Przyjęt[ya]|Wypisan[ya]|przyjęcia|wypisu|Přijat[a]?|Propuštěn[a]?|přijetí|"
    r"propuštění|Prijat[ýá]|Prepusten[ýá]|Felvétel|Távozás|Elbocsátás|Ingres[oó]|Alta\b|"
    r"Ricover\w*|Dimission\w*|Entrée|Sortie|Opname|Ontslag)",
    re.IGNORECASE,
)


def letter_date_candidates(
    lines: Sequence[Line], order: DateOrder, today: date
) -> Iterator[Candidate]:
    latest = today + LETTER_DATE_AHEAD
    # A referral form come back with the consultant's report on it: the form's issue day is
    # the referring practice's, the report's date stands at the consultant's signature.
    returned_referral = any(_CONSULTANT_PART.search(line.text) for line in lines)
    # "Konstanz, den 10. Februar 2025" over "Dermatologischer Befund vom 01.02.2025": the
    # letter is dated where it is signed off; the report's "vom" is its examination's day.
    placed = any(_place_and_date(line.text, order) for line in lines[:HEAD_DATE_LINES])
    for position, line in enumerate(lines):
        above = lines[position - 1].text.strip() if position else ""
        if any(
            _RECEIPT_STAMP.fullmatch(earlier.text.strip())
            for earlier in lines[max(position - 2, 0) : position]
        ):
            # "RECEIVED" over "30-AUG-2023" (the CPU engine may read a line between): the day
            # it came, not the letter's.
            continue
        if _FAX_MACHINE_LINE.search(line.text):
            continue  # "Gesendet: 20.07.24 +49 561 455142 >> Praxis ... Seite 1": the fax's day
        if (column := _column_label(above, line.text) or _row_label(above, line.text)) is not None:
            line = Line(column, line.block, line.number)  # "Datum" heading a form's column
        elif (label := _label_in_column(lines, position)) is not None:
            line = Line(f"{label} {line.text.strip()}", line.block, line.number)
        elif _label_over_value(above, line.text) and not _in_reference_labels(lines, position):
            # An information block prints each label over its value ("Date" over
            # "14/02/2025", "Leoben, am" over "19. Jänner 2024", "Date of discharge" over
            # its date): the two are read as the one line they mean.
            line = Line(f"{above} {line.text.strip()}", line.block, line.number)
        found = _letter_date_on(line, order)
        if found is None:
            continue
        rank, written = found
        if rank == 2 and position and _sentence_runs_on(lines[position - 1].text):
            continue  # "Bitte Kontrolle in Ihrer Praxis am" over "15.2.2025.": a sentence's date
        value = _with_century(written, EARLIEST_LETTER, latest) if written.value else None
        if rank == 2 and value is not None and value.year < today.year - LONE_DATE_YEARS:
            # "08.04.1957" alone under a name the CPU engine could not read (Cyrillic): a
            # person's birth date, not a letter's (an old letter scanned says where and when).
            continue
        if (
            value is not None
            and value.year < today.year - LONE_DATE_YEARS
            and _person_and_date(line.text)
        ):
            continue  # "Hürlimann Sandra, 21.02.1979": a patient's line, no place and date
        if returned_referral and _ISSUED.search(line.text):
            rank += 2  # the referral's issue day, weaker than the report's own "Datum"
        if _PRINTED.search(line.text):
            rank += 3  # the day it was printed: the letter's only where it gives no other
        if placed and rank == 1 and _KIND_AND_DATE.match(line.text):
            rank += 1
        yield Candidate(value.isoformat() if value else "", line.text, rank)


# A date alone on its line this many years before today is a birth date's, not a letter's.
LONE_DATE_YEARS = 20


def _person_and_date(text: str) -> bool:
    """Whether a line reads as a person's name, a comma and a date ("Hürlimann Sandra,
    21.02.1979"), where a place and date would stand."""
    before, comma, _ = text.partition(",")
    named = read_name(before) if comma else None
    return named is not None and len(named.split()) >= 2


HEAD_DATE_LINES = 30  # a place and date further down is a closing's, seen as such below
_CONSULTANT_PART = re.compile(r"Konsiliarbericht|Bericht des Konsiliararztes", re.IGNORECASE)
_ISSUED = re.compile(r"Ausgestellt am|Ausstellungsdatum", re.IGNORECASE)
# A printout's day ("KIM-Nachricht · ausgedruckt am 15.09.2026", "Printed: 03/04/2025").
_PRINTED = re.compile(r"\b(?:ausgedruckt|gedruckt|printed)(?:\s+(?:am|on))?\b|Druckdatum", re.I)


# A line that ends where its value starts ("Leoben, am", "Ihre Nachricht vom", "Datum:").
_OPEN_ENDED = re.compile(r"(?:[:,]|\s(?:am|den|the|on|vom|from|dated|of|dnia|le|il|el))$")


# A reference row's labels on one line without separators ("Ihr Zeichen Ihre Nachricht vom
# Unser Zeichen Datum"), as a text layer gives an information row.
_REFERENCE_LABEL = (
    r"(?:Ihr(?:e)? (?:Zeichen|Nachricht vom|Schreiben vom)|Unser(?:e)? (?:Zeichen|Nachricht vom)|"
    r"Aktenzeichen|Az\.|Telefon|Durchwahl|Name|Sachbearbeiter(?:in)?|Your ref\.?|Our ref\.?)"
)
_REFERENCE_ROW = re.compile(rf"(?:{_REFERENCE_LABEL}\s+){{1,5}}(?:Datum|Date)|"
                            rf"(?:Datum|Date)(?:\s+{_REFERENCE_LABEL}){{1,5}}")  # fmt: skip


_REFERENCE_LABEL_LINE = re.compile(_REFERENCE_LABEL + r"\s*:?")


def _in_reference_labels(lines: Sequence[Line], position: int) -> bool:
    """Whether the label over the value at ``position`` ends a column of a reference row's
    labels ("Ihr Zeichen" / "Ihre Nachricht vom" / "Unser Zeichen" / "Datum"), whose values
    the CPU engine may give one short (an empty cell's dash left out): which value is whose,
    unknown."""
    return position >= 2 and bool(_REFERENCE_LABEL_LINE.fullmatch(lines[position - 2].text.strip()))


def _row_label(above: str, text: str) -> str | None:
    """The date under "Datum" in a reference row read as one line of labels over one line of
    values ("Ihr Zeichen Ihre Nachricht vom Unser Zeichen Datum" over "– 09.03.2024 kr-110
    24.03.2024"): the last value where "Datum" is the last label, the first where first."""
    if not _REFERENCE_ROW.fullmatch(above.strip()):
        return None
    values = text.split()
    if not values:
        return None
    value = values[-1] if above.strip().endswith(("Datum", "Date")) else values[0]
    return f"Datum: {value}" if _DATE_ALONE.fullmatch(value) else None


def _column_label(above: str, text: str) -> str | None:
    """A form's row of numbers under its row of labels ("Betriebsstätten-Nr. ¦ Arzt-Nr. ¦
    Datum" over "301432619 ¦ 708594309 ¦ 06.05.23"): the date cell with its label, or None.
    Only a row of numbers: a table of results under "Datum ¦ Parameter" is another's."""
    labels, values = above.split("¦"), text.split("¦")
    if len(labels) < 2 or len(values) < 2:
        return None
    if any(re.search(r"[^\W\d_]", value) for value in values):
        return None
    # Cells paired from the right: a label's row may run two of its labels together.
    for label, value in zip(reversed(labels), reversed(values), strict=False):
        label = label.strip()
        if _PLAIN_DATE_LABEL.fullmatch(label) or _NAMED_DATE_LABEL.fullmatch(label):
            return f"{label}: {value.strip()}"
    return None


# The lines of an information block's row a text layer gives one under another: its labels
# (short, no digit) then its values (short, each with a digit).
_ROW_CELL_CHARACTERS = 40
_ROW_CELLS = 8  # more cells in a row than an information block has: no such row
_SELF_LABELLED = re.compile(r"[^\W\d_]\.?\s*:\s*\S")  # a label and its value on one line


def _label_in_column(lines: Sequence[Line], position: int) -> str | None:
    """The label of the value at ``position`` where an information block's row of labels
    ("Ihr Zeichen, Ihre Nachricht vom | Unser Zeichen | Telefon | Datum") stands over its
    row of values and the text gives each row as a run of lines: the values pair with the
    labels in their order (the date right under "Datum" is the first label's, "Ihre
    Nachricht vom"). None unless both runs have as many lines, two or more."""

    def value(line: Line) -> bool:  # a cell's value alone: "Datum: 28.07.2025" has its label
        text = line.text.strip()
        short = len(text) <= _ROW_CELL_CHARACTERS and not _SELF_LABELLED.search(text)
        return short and any(char.isdigit() for char in text)

    def label(line: Line) -> bool:  # a label alone: "Station: Station Hiss" has its value
        text = line.text.strip()
        short = 0 < len(text) <= _ROW_CELL_CHARACTERS and not _SELF_LABELLED.search(text)
        return short and not any(character.isdigit() for character in text)

    if not value(lines[position]):
        return None
    first = position  # each walk bounded: a hostile page of digit lines costs no more
    while first > max(0, position - _ROW_CELLS) and value(lines[first - 1]):
        first -= 1
    last = position
    while last + 1 < min(len(lines), position + _ROW_CELLS) and value(lines[last + 1]):
        last += 1
    top = first
    while top > max(0, first - _ROW_CELLS - 1) and label(lines[top - 1]):
        top -= 1
    labels, count = lines[top:first], last - first + 1
    if count < 2 or len(labels) != count:
        return None
    texts = [line.text.strip() for line in labels]
    if not any(_PLAIN_DATE_LABEL.fullmatch(text.rstrip(":")) for text in texts):
        return None  # no "Datum" among them: an address's lines, not an information block
    return texts[position - first]


def _label_over_value(above: str, text: str) -> bool:
    """Whether ``above`` is a date's label alone on its line (a word or a few, no digit),
    over ``text``, a line that starts with a date."""
    if not above or len(above) > 40 or any(character.isdigit() for character in above):
        return False
    if "¦" in above or not (found := dates_in(text.strip())) or found[0].start != 0:
        return False
    return bool(
        _OPEN_ENDED.search(above)
        or _NAMED_DATE_LABEL.search(above)
        or _PLAIN_DATE_LABEL.search(above)
        or _BIRTH.search(above)
        or _OTHER_DATES.search(above)
    )


# A fax machine's line over the page: the receiving number after ">>", or the sending number
# with the page count ("+49 561 455142 ... Seite 1").
_FAX_MACHINE_LINE = re.compile(
    # Bounded runs: a hostile line of 20,000 digits must not cost seconds (it did, unbounded).
    r">>|(?:\+\d{2}|\b0\d{2,4})[\d ()/-]{5,24}\d[^\n]{0,160}?"
    r"\b(?:Seite|Page|S\.)\s?\d+(?:\s?(?:/|von|of)\s?\d+)?\s*$"
)


def _sentence_runs_on(text: str) -> bool:
    """Whether a line is running text cut at its end (four words or more, the last a small
    word, no stop): the date on the next line is the sentence's, not the letter's."""
    words = text.split()
    return len(words) >= 4 and words[-1][0].islower() and not text.rstrip().endswith((".", ":"))


# A receipt stamp's word, on a line of its own over the stamp's date.
_RECEIPT_STAMP = re.compile(
    r"RECEIVED|Received|EINGEGANGEN|Eingegangen|EINGANG|Eingang|Posteingang|ERHALTEN|Erhalten"
)


# The stamp's word ("EINGEGANGEN") and its date ("12.10.2025"), on one line or two.
_STAMP_WORD = rf"\W*(?:{_RECEIPT_STAMP.pattern})(?:\s+am)?\W*"
_STAMP_DATE = (
    r"\d{1,2}[./-]\s?\d{1,2}[./-]\s?\d{2,4}\W*|"
    # A stamp's month in its capital letters: "23. OKT. 2024", "4 NOV 2024".
    r"\d{1,2}\.?\s?[A-ZÄÖÜ]{3,4}\.?\s?\d{4}\W*"
)
# The stamp with its date on one line ("EINGANG 25.09.2025"): the practice's mark on the page.
_RECEIPT_STAMP_LINE = re.compile(_STAMP_WORD + f"(?:{_STAMP_DATE})")
_RECEIPT_STAMP_WORD = re.compile(_STAMP_WORD)
_DATE_ALONE = re.compile(rf"\W*(?:{_STAMP_DATE})")
# The stamp's word with the practice's name after it ("EINGEGANGEN Praxis am Kröpeliner
# Tor"), its date on the same line or the next: a few words, no label's colon.
# (Words apart by spaces, one way only to read them: a long word must not be tried in parts.)
_NAME_WORD = r"[^\W\d_][\w.&'’-]*"
_STAMP_NAME = r"\W*(?:" + _RECEIPT_STAMP.pattern + rf")\s+{_NAME_WORD}(?:\s+{_NAME_WORD}){{0,5}}\s*"
_STAMP_AND_NAME = re.compile(_STAMP_NAME)
_STAMP_NAME_AND_DATE = re.compile(_STAMP_NAME + rf"\s(?:{_STAMP_DATE})")


# The receiving practice's name in its receipt stamp under the stamp's date: in capitals
# ("LANDARZTPRAXIS BAD HINDELANG", "HAZ SCHWABING-WEST") or its kind alone
# ("Gemeinschaftspraxis"); a letter head under the stamp is written otherwise ("HNO-Praxis am
# Dom").
_STAMPED_PRACTICE = re.compile(r"[^\W\d_a-zäöüß][^\da-zäöüß]*|\w*(?:[Pp]raxis|MVZ|[Hh]ausarzt\w*)")
_STAMPED_WORDS = 4


def receipt_stamp_line(text: str) -> bool:
    """Whether a line is a receipt stamp's: its word and date, or its date under its word."""
    text = text.strip()
    return bool(_RECEIPT_STAMP_LINE.fullmatch(text) or _DATE_ALONE.fullmatch(text))


def without_receipt_stamp(
    lines: list[Line], heads: Callable[[str, Sequence[Line]], bool] | None = None
) -> list[Line]:
    """The page's lines less the practice's receipt stamp ("EINGANG 25.09.2025" on one line
    or two, where the scanner caught it, and the practice's name under it): the practice's
    mark on the page, no line of the letter's head. ``heads`` tells a line in capitals under
    the stamp that begins the letter's head ("LANDRATSAMT EICHSFELD", "AOK PLUS") from the
    practice's name."""
    kept: list[Line] = []
    stamped = False
    position = 0
    while position < len(lines):
        text = lines[position].text.strip()
        following = lines[position + 1].text.strip() if position + 1 < len(lines) else ""
        if _RECEIPT_STAMP_LINE.fullmatch(text):
            stamped, position = True, position + 1
            continue
        if _RECEIPT_STAMP_WORD.fullmatch(text) and _DATE_ALONE.fullmatch(following):
            stamped, position = True, position + 2
            continue
        if _STAMP_NAME_AND_DATE.fullmatch(text):
            position += 1  # "EINGANG Praxis Dr. Gützlaff 29.04.2024": stamp, name and date
            continue
        if _STAMP_AND_NAME.fullmatch(text) and _DATE_ALONE.fullmatch(following):
            position += 2  # "EINGEGANGEN Praxis am Kröpeliner Tor" over "29.04.2024"
            continue
        named = _STAMPED_PRACTICE.fullmatch(text) and len(text.split()) <= _STAMPED_WORDS
        # "LABORBEFUND" under a lab's "Eingang: 10.10.2025" field is its heading, no name.
        named = named and not _DOCUMENT_KIND.search(text)
        if stamped and named and not (heads and heads(text, lines[position + 1 :])):
            stamped, position = False, position + 1
            continue
        stamped = False
        kept.append(lines[position])
        position += 1
    # Numbered again: the rules read a line's neighbours by its number.
    return [replace(line, number=number) for number, line in enumerate(kept)]


def _letter_date_on(line: Line, order: DateOrder) -> tuple[int, WrittenDate] | None:
    """A letter date on the line and its rank: after a label (anywhere on the line), or
    as all a heading ("Befundbericht vom ..."), a place ("Berlin, den ...") or a line of
    its own holds."""
    rank, start = _labelled_date_start(line.text)
    if start is not None:
        # "Gesendet:   Dienstag, ...": a column's gap (a cell's edge) after the label.
        start += len(line.text[start:]) - len(line.text[start:].lstrip(" ¦"))
        weekday = _WEEKDAY.match(line.text[start:])  # "Gesendet: Sonntag, 2. Juni 2024"
        found = dates_in(line.text[start + (weekday.end() if weekday else 0) :], order)
        return (rank, found[0]) if found and found[0].start == 0 else None
    kind_and_date = _KIND_AND_DATE.match(line.text)
    if line.number > 30:
        # Far down, only the closing's "Berlin, den 14.11.2026" above the signature, where
        # many letters write their only date.
        return _place_and_date(line.text, order)
    if kind_and_date is None and (_BIRTH.search(line.text) or _OTHER_DATES.search(line.text)):
        return None
    for rank, pattern in (
        (1, _KIND_AND_DATE),
        (2, _ONLY_DATE),
        (1, _PLACE_AND_DATE),
        (3, _PLACE_WORD_AND_DATE),
    ):
        match = pattern.match(line.text)
        if match is None:
            continue
        rest = _YEAR_WORD.sub("", line.text[match.end() :])
        found = dates_in(rest, order)
        # The date must be all there is on the line after the heading, place or nothing
        # (or, after a heading or a place, what a signature sets apart from it).
        if found and found[0].start == 0 and _date_ends_line(rest, found[0], rank == 1):
            return rank, found[0]
        if rank == 2 and found and found[0].start == 0 and _person_signs(rest[found[0].end :]):
            return rank, found[0]  # "02.10.2025, PTA Jessica Naumann": the day it was signed
    return None


# A person's signature after the date on its line: roles and titles, then the name.
_SIGNATURE_AFTER = re.compile(
    r"(?:,\s+|\s{2,})(?:(?:PTA|MFA|PKA|Apotheker(?:in)?|Sr\.|Schw\.|Dr\.|Prof\.|med\.|"
    r"Dipl\.-[^\W\d_]+\.?)\s+)*(?P<name>[A-ZÄÖÜ][^\d,;:]{2,60})$"
)


def _person_signs(tail: str) -> bool:
    """Whether what follows a date on its line is a person's signature and nothing else."""
    signed = _SIGNATURE_AFTER.fullmatch(tail.rstrip())
    return signed is not None and read_name(signed.group("name")) == signed.group("name").strip()


# What a line sets apart from its date: a column's gap (a cell's edge), or a comma.
_SET_APART = re.compile(r"(?:\s{2,}|\s*¦\s*|,\s+)[^\W\d_]")


def _date_ends_line(rest: str, written: WrittenDate, signed: bool) -> bool:
    """Whether the date ends the line; where ``signed`` (a heading's or a place's date) also
    where a signature follows it set apart, naming no other date ("Kassel, 01.06.2025   Dr.
    med. S. Quandt", "Befund vom 16.4.2024, Dr. med. A. Lüttge")."""
    tail = rest[written.end :]
    if not tail.strip(" ."):
        return True
    return signed and bool(_SET_APART.match(tail)) and not dates_in(tail)


_WEEKDAY = re.compile(
    r"(?:Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonnabend|Sonntag|Monday|Tuesday|"
    r"Wednesday|Thursday|Friday|Saturday|Sunday|Mo|Di|Mi|Do|Fr|Sa|So|Mon|Tue|Wed|Thu|Fri|Sat|"
    r"Sun)\.?,?\s+",
    re.IGNORECASE,
)


def _place_and_date(text: str, order: DateOrder) -> tuple[int, WrittenDate] | None:
    match = _PLACE_AND_DATE.match(text)
    if match is None or _BIRTH.search(text) or _OTHER_DATES.search(text):
        return None
    rest = _YEAR_WORD.sub("", text[match.end() :])
    found = dates_in(rest, order)
    if found and found[0].start == 0 and _date_ends_line(rest, found[0], True):
        return 1, found[0]
    return None


_LAST_DATE_BEFORE = re.compile(r"\d{1,2}[./-]\s?\d{1,2}[./-]\s?\d{2,4}(?!.*\d[./-]\d)")


def _in_sentence(before: str, label: str) -> bool:
    """Whether a label's words are a sentence's: written small, after three words or more of
    its part of the line ("Das Rezept ist ausgestellt am"; not "Praxis · Erstellt am")."""
    words = re.split(r"[·•|]", before)[-1].split()
    return label.strip()[:1].islower() and len(words) >= 3


def _labelled_date_start(text: str) -> tuple[int, int | None]:
    """The rank of a letter-date label on the line and where its date starts (None: no
    such label), unless the label's cell speaks of another date."""
    labels = (
        (0, _NAMED_DATE_LABEL),
        (1, _PLAIN_DATE_LABEL),
        (3, _TYPED_DATE_LABEL),
        (4, _DICTATED_DATE_LABEL),
    )
    for rank, label in labels:
        for match in itertools.islice(label.finditer(text), 5):
            cell_start = text.rfind("¦", 0, match.start()) + 1
            # The label's own words: past the date of a label before it on the line
            # ("Eingang Labor: 27.09.2025 Befunddatum: 29.09.2025").
            earlier = _LAST_DATE_BEFORE.search(text, max(0, match.start() - 40), match.start())
            start = max(cell_start, match.start() - 40, earlier.end() if earlier else 0)
            context = text[start : match.end()]
            if _in_sentence(text[cell_start : match.start()], match.group()):
                continue  # "Das Rezept ist ausgestellt am 28.08.2024": the sentence's day
            if not (_BIRTH.search(context) or _OTHER_DATES.search(context)):
                return rank, match.end()
    return 0, None
