"""What every field's rules share: the letter's lines, names, a candidate value."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
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

# Spaces other than the space and the tab (no-break, em, thin, ideographic): read as spaces.
# Left as they are, a line of 19,000 no-break spaces cost patterns that allow a space
# twice some ten seconds (bench/facts_hostile_bench.py).
_OTHER_SPACE = re.compile(r"[^\S\r\n\t ]")


# A label padded to its column's colon ("Name     : Kortmann, Heinrich", as a lab's
# fixed-width printout writes it; "Nom : Dupont", as French sets it): the label and its colon.
_PADDED_LABEL = re.compile(r"(?<=[^\W\d_])[ \t]+:(?=\s|$)")


def letter_lines(text: str) -> list[Line]:
    """The lines of a page's Markdown as plain text, with table cells kept apart."""
    text = _BROKEN_DATE.sub(r"\1 \2\n", text[:MAX_CHARACTERS])
    text = _BROKEN_AFTER_DAY.sub(r"\1 \2\n", text)
    text = _BROKEN_AFTER_LABEL.sub(r"\1 \2\n", text)
    text = _CELL_BOUNDARY.sub(CELL, text)
    text = _ROW_END.sub("\n", text)
    lines: list[Line] = []
    block = 0
    unread = False
    for raw in text.splitlines():
        if not raw.strip():
            block += 1
            continue
        heading = bool(re.match(r"\s{0,3}(?:#{1,6}\s|\*\*[^*]+\*\*\s*$)", raw))
        raw = _OTHER_SPACE.sub(" ", raw)  # a run of them is a column's gap, as spaces are
        cells = raw.strip().strip("|").replace("|", CELL)
        plain = strip_markup(_COLUMN_GAP.sub(CELL, _PADDED_LABEL.sub(":", cells))).strip(" ¦")
        if plain.strip() == ":":
            # A label the engine read as its colon alone (a script it cannot read): the next
            # line is that field's value, of no meaning the rules can tell.
            unread = True
            continue
        if plain and not re.fullmatch(r"[\s¦:-]*", plain):
            lines.append(Line(f": {plain}" if unread else plain, block, len(lines), heading))
        unread = False
    form = any(_FORM_PATIENT_FIELD.fullmatch(line.text.strip()) for line in lines)
    return _joined_labels(_surname_over_given(lines), form) + list(_header_pairs(lines))


def _surname_over_given(lines: list[Line]) -> list[Line]:
    """A form's patient field over the surname and, on the next line, the given names
    (``Keller`` / ``Andrea``): one value, ``Keller, Andrea``."""
    merged: list[Line] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        merged.append(line)
        index += 1
        if not _FORM_PATIENT_FIELD.fullmatch(line.text.strip()) or index + 1 >= len(lines):
            continue
        surname, given = lines[index].text.strip(), lines[index + 1].text.strip()
        if _name_words(_TOKEN.findall(surname))[0] == surname.split() and all(
            _name_word(word) for word in given.split()
        ):
            merged.append(Line(f"{surname}, {given}", lines[index].block, lines[index].number))
            index += 2
    return merged


_MONTH_WRITTEN = (
    r"(?:Januar|Jänner|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|"
    r"Dezember|January|February|March|May|June|July|October|December)\.?"
)


# A written-out date broken at a line's end ("geb. 16. Dezember" / "1960, in unserer ...",
# "geb. 6." / "November 2016"): what went to the next line is moved up.
_BROKEN_DATE = re.compile(rf"(\b\d{{1,2}}\.?\s+{_MONTH_WRITTEN})[ \t]*\n[ \t]*((?:19|20)\d\d)\b")


_BROKEN_AFTER_DAY = re.compile(
    rf"((?:geb\.|geboren am|born on|born)\s+\d{{1,2}}\.)[ \t]*\n[ \t]*({_MONTH_WRITTEN}\s+"
    r"(?:19|20)\d\d)\b",
    re.IGNORECASE,
)


# "Wir berichten über Herrn Matthias Schmid, geb." / "01.03.1960, in unserer ...".
_BROKEN_AFTER_LABEL = re.compile(
    r"((?:,|\s)(?:geb\.|geboren am|born on|DOB:?))[ \t]*\n[ \t]*(\d{1,2}[./]\d{1,2}[./]\d{2,4})\b"
)


def _joined_labels(lines: Sequence[Line], form: bool = False) -> list[Line]:
    """``Patient:`` at the end of a line with its value on the next: one line. On a form
    (``form``: it has the insurance form's patient field) also its date fields printed
    without a colon; elsewhere a ``Datum`` alone over a date is a table's column."""
    date_field = _FORM_DATE_FIELD if form else _BIRTH_FIELD
    joined: list[Line] = []
    skip = False
    for line, following in itertools.zip_longest(lines, lines[1:]):
        if skip:
            skip = False
            continue
        label = re.fullmatch(r"(.*?)\s*:", line.text)
        # "Patient / Paziente:": a bilingual label, its first language's word.
        first = label.group(1).split("¦")[-1].split(" / ")[0].strip() if label else ""
        # A date's label takes the next line only where it holds a date: "Datum:" over the
        # address window's line, its date a line lower, is an information block's column.
        dated = not _DATE_LABEL_ONLY.fullmatch(first) or (
            following is not None and re.search(r"\d", following.text) is not None
        )
        if following is not None and label and _LABEL_ONLY.fullmatch(first) and dated:
            joined.append(Line(f"{line.text} {following.text}", line.block, line.number))
            skip = True
        elif following is not None and _field_over_value(line.text.strip(), following.text):
            # A form printing "Patient" over "Mrs Karin LORENZ", "Date of birth" over its date.
            joined.append(Line(f"{line.text.strip()}: {following.text}", line.block, line.number))
            skip = True
        elif following is not None and _FORM_PATIENT_FIELD.fullmatch(line.text.strip()):
            # A form's field ("Name, Vorname des Versicherten") over its value, no colon.
            joined.append(Line(f"{line.text.strip()}: {following.text}", line.block, line.number))
            skip = True
        elif following is not None and date_field.fullmatch(line.text.strip()):
            if re.match(r"\d{1,2}[./]\d{1,2}[./]\d{2,4}\b", following.text):
                # "geb. am" or "Datum" printed over the date on a form, no colon.
                joined.append(
                    Line(f"{line.text.strip()}: {following.text}", line.block, line.number)
                )
                skip = True
            else:
                joined.append(line)
        else:
            joined.append(line)
    return joined


# The patient as a letter names them where it is not a doctor's: a nursing service's
# client, a care home's resident, an employer's employee, an office's applicant, a hospital
# abroad's patient.
_PERSON_IN_CARE = (
    r"Klient(?:in|/in)?|Mitarbeiter(?:in|/in)?|Bewohner(?:in|/in)?|Betroffene Person|"
    # The person an authority's letter concerns: "Betroffene/r", a driving licence's holder.
    r"Betroffene(?:[rn]|/r|\(r\))|(?:Fahrerlaubnis|Führerschein)inhaber(?:in|/in|\(in\))?|"
    r"Antragsteller(?:in|/in)?|Pacjent(?:ka)?|Paciente|Paziente|Hasta(?: Adı Soyadı)?|"
    # Czech, Slovak, Norwegian, Lithuanian, Hungarian (Hungarian names stand surname first:
    # the order must show)
    r"Pacient(?:ka)?|Pasient|Pacientas|Pacientė|Beteg(?: neve)?|"
    # A child, named by a health office or a midwife ("Kind: Mila FÖRSTER, geb. ...").
    r"Kind|Name des Kindes|"
    # A care service's client; Serbian, Croatian, Bosnian (the order must show here too).
    r"Betreute Person|Pacijent(?:kinja)?|Bolesni(?:k|ca)|Bolnik|Пациент(?:ка)?|Пацијент(?:киња)?"
)


# A form's field printed without a colon over its value.
_PATIENT_FIELD_ALONE = re.compile(
    rf"Patient(?:in)?(?:\s*name)?|Name of patient|Versicherte/r|{_PERSON_IN_CARE}", re.IGNORECASE
)
_BIRTH_FIELD_ALONE = re.compile(
    r"Date of birth|DOB|Geburtsdatum|Geb\.?-?Datum|Geboortedatum|Date de naissance|Fødselsdato|"
    r"Födelsedatum|Data urodzenia|Datum narození|Dátum narodenia|Születési dátum|"
    r"Fecha de nacimiento|Data di nascita",
    re.IGNORECASE,
)
# A form's name field alone on its line ("Name" over "Hartmann, Florian"; "Navn", "Naam"):
# read as the weaker "Name:" label (docvault.facts.extract.patient).
_NAME_FIELD_ALONE = re.compile(r"Name|Full name|Navn|Namn|Naam|Név", re.IGNORECASE)


def _field_over_value(label: str, value: str) -> bool:
    """Whether ``label`` is a patient's or a birth date's field alone on its line and
    ``value`` what such a field holds (a name; a date)."""
    if _PATIENT_FIELD_ALONE.fullmatch(label):
        return read_name(value) is not None
    if _BIRTH_FIELD_ALONE.fullmatch(label):
        return bool(re.match(r"\d{1,4}[./ -]", value))
    if _NAME_FIELD_ALONE.fullmatch(label):
        return read_name(value) is not None and not re.search(r"\d", value)
    return False


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


_SALUTATION = (
    r"(?:Herrn?|Frau|Fr\.|Hr\.|Mr|Mrs|Ms|Miss|Mx|Master|Dhr|Mevr|Mw|Mme|Mlle|Madame|Monsieur|"
    r"Mademoiselle|[Mm]evrouw|[Mm]eneer|de heer|Signora|Signor|M\.(?=\s+(?-i:[A-ZÄÖÜ]{2,})))\.?"
)


_ACADEMIC = re.compile(r"^(?:Dr|Prof|Dipl|PD|med|rer|nat|Priv|Doz|MUDr|FRCP|MRCP|MD|PhD)\b")


_PARTICLES = frozenset(
    {"von", "van", "der", "den", "de", "zu", "du", "di", "da", "la", "le", "ten", "ter", "vom",
     "zum", "zur", "dos", "del", "y", "al", "el", "bin"}
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
    if re.search(r"(?:graphie|graphy|skopie|scopy|logie|tomie|tomy)$", core, re.I):
        return False  # an examination or a specialty ("Sonographie Abdomen"), no name
    return not re.search(r"(?:stra(?:ss|ß)e|str|weg|allee|platz|gasse)$", core, re.I)


_TOKEN = re.compile(r",|[^\s,]+")


def read_name(text: str, last_first: bool = False) -> str | None:
    """A person's name at the start of ``text`` (salutation dropped), or None.

    ``Mustermann, Erika`` (one word before a comma, its particles aside: ``VAN DER HEYDEN,
    Michael``) is turned round; ``last_first`` says the label named the order (``Name,
    Vorname:``). A name has two to five words. ``MURPHY, William G`` keeps its initial
    without a dot (``William G Murphy``): a given name cut short, which `expand_initial`
    completes from the letter or the patient's field leaves open.
    """
    # A name is in the first words after its label: a line of 20,000 characters with a
    # label every few words must not cost the square of its length.
    unsaluted = re.sub(rf"^\s*{_SALUTATION}\s+", "", text[:NAME_CHARACTERS].strip())
    tokens = _TOKEN.findall(without_rank(unsaluted))
    if tokens and _ACADEMIC.match(tokens[0]):
        return None  # a doctor's name, not a patient's
    before, _ = _name_words(tokens)
    rest = tokens[len(before) :]
    surname = [word for word in before if not particle(word)] or before[-1:]
    if rest[:1] == [","] and (len(surname) == 1 or last_first or _surnames_in_capitals(before)):
        given, _ = _name_words(rest[1:])
        if given and not _ACADEMIC.match(given[0]):
            after = rest[1 + len(given) : 2 + len(given)]
            if after and re.fullmatch(r"[A-ZÄÖÜ]\.?", after[0]):
                given = [*given, after[0].rstrip(".")]  # "HUSSAIN, Jennifer S"
            return _checked([*given, *before])
    if surname_first(before):
        return _checked([*before[1:], before[0]])  # "SCHMITZ Claudia", as French letters write
    particles = next(
        (index for index, word in enumerate(before) if not particle(word) or word.isupper()), 0
    )
    if particles and len(before) - particles >= 2:
        # "van der Linden Maartje": no given name starts with a particle, so the surname
        # (its particles first) comes first, as a pharmacy's or a register's list writes.
        return _checked([*before[particles + 1 :], *before[: particles + 1]])
    return _checked(before)


def _surnames_in_capitals(words: Sequence[str]) -> bool:
    """Whether the words before a comma are a double surname in capitals ("SCHULZE WIERLING,
    Franz-Josef", as Westphalia's double names go without a hyphen): the capitals say the
    surname, as one word before a comma does."""
    return len(words) == 2 and all(word.isupper() and len(word) > 1 for word in words)


# A soldier's rank before the name, as a military hospital writes it ("Oberleutnant Julia
# zur Nieden"): no given name.
_RANK_WORD = re.compile(
    r"(?:Ober|Haupt|Stabs|Oberstabs)?(?:[Gg]efreite[r]?|[Ff]eldwebel|[Bb]ootsmann)|"
    r"(?:Stabs)?[Uu]nteroffizier|(?:Ober)?[Ll]eutnant|Hauptmann|Major|Oberstleutnant|Oberst|"
    r"Fähnrich|Kapitänleutnant|Korvettenkapitän|Fregattenkapitän|Soldat(?:in)?|"
    r"(?:Ober)?[Ff]eldarzt|(?:Ober)?(?:[Ss]tabs)?arzt|Oberstarzt|Generalarzt"
)
_RANK = re.compile(rf"^\s*(?:{_RANK_WORD.pattern})\s+(?=[^\W\d_])")


def without_rank(text: str) -> str:
    """The name after a soldier's rank, or the text as it is."""
    return _RANK.sub("", text, count=1)


def is_rank(word: str) -> bool:
    return _RANK_WORD.fullmatch(word) is not None


def surname_first(words: Sequence[str]) -> bool:
    """``SCHMITZ Claudia Marie``: a surname in capitals before given names that are not."""
    return (
        2 <= len(words) <= 4
        and len(words[0]) >= 2
        and words[0].isupper()
        and not particle(words[0])
        and all(not word.isupper() for word in words[1:])
    )


# "St. John", "ST. JOHN": a surname's first word, kept with its dot.
_SAINT = re.compile(r"(?:St|ST|Ste|STE)\.")


def particle(word: str) -> bool:
    """Whether a word of a name is a particle (``von``, ``van der``; in capitals too, as
    ``VAN DER HEYDEN`` writes them) or a saint's ``St.``: no name of its own."""
    if _SAINT.fullmatch(word) or word in _CAPITAL_PARTICLES:
        return True
    return word in _PARTICLES or (word.isupper() and word.casefold() in _PARTICLES)


# Particles written capitalised, never a given name: the eastern Netherlands' "Oude" ("Hendrik
# Oude Elferink"), Italy's and Portugal's ("Lo Russo, Salvatore", "Di Stefano", "Da Silva").
_CAPITAL_PARTICLES = frozenset(
    {"Oude", "OUDE", "Lo", "LO", "Di", "De", "Del", "Della", "Dalla", "La", "Da", "Dos"}
)


# A subject's heading before the patient's name ("Rückmeldung Jessica Köhler, geb. ...",
# "Vorläufiger Entlassungsbrief Anja Baumann"): a document's kind, never a given name.
_HEADING_NOUN = re.compile(r"\w{5,}(?:ung|ungen|werte|befunde|ergebnisse|sache)$", re.IGNORECASE)


def _without_heading(words: list[str]) -> list[str]:
    """The words after the last heading word (a document's kind), if two or more remain."""
    for index in range(len(words) - 3, -1, -1):
        word = words[index]
        if _DOCUMENT_KIND.search(word) or _HEADING_NOUN.fullmatch(word):
            return words[index + 1 :]
    return words


# A middle initial ("John Q. Sample"): part of a name only between its other words.
_INITIAL = re.compile(r"[^\W\d_]\.", re.UNICODE)


def _name_words(tokens: Sequence[str]) -> tuple[list[str], int]:
    words: list[str] = []
    for token in tokens:
        initial = bool(words) and _INITIAL.fullmatch(token) is not None and token[0].isupper()
        if not (_name_word(token) or particle(token) or initial) or len(words) == 6:
            break
        words.append(token if initial or _SAINT.fullmatch(token) else token.rstrip("."))
    while words and words[-1] in _PARTICLES:
        words.pop()  # "Anna von": a particle ends no name (but "LE, Thi" is one)
    if all(word in _PARTICLES for word in words):
        words = []
    return words, len(words)


def _checked(words: Sequence[str]) -> str | None:
    words = _without_heading(list(words))
    while words and _INITIAL.fullmatch(words[-1]):
        words.pop()  # "Sample J.": an initial ends no name
    capitalised = [  # the surname counts even where it is a particle's word ("Thi LE")
        word
        for index, word in enumerate(words)
        if (index == len(words) - 1 or not particle(word))
        and not _INITIAL.fullmatch(word)
        and len(word) > 1
    ]
    if not 2 <= len(capitalised) <= 5:
        return None
    return " ".join(_as_written(word, words[-1] is word) for word in words)


def _as_written(word: str, last: bool) -> str:
    """A word of a name in its usual case: ``MÜLLER`` as ``Müller``, ``VAN`` (before the
    surname) as ``van``; ``LE`` as the surname itself, ``Le``."""
    if not word.isupper() or len(word) == 1:
        return word
    if word.casefold() in _PARTICLES and not last:
        return word.casefold()
    return capitalised(word)


def capitalised(word: str) -> str:
    """A word in capitals as it is usually written ("MÜLLER-LÜDENSCHEIDT": "Müller-
    Lüdenscheidt"). Turkish's dotted capital İ inside a word is a plain i written small
    ("SEVGİ": "Sevgi"), not the i with a combining dot above that `str.title` writes."""
    return word.title().replace("i\u0307", "i")


def same_person(first: str, second: str) -> bool:
    """Whether two names are one person as written (one may leave a given name out)."""
    words_of_first = set(first.casefold().split())
    words_of_second = set(second.casefold().split())
    return words_of_first <= words_of_second or words_of_second <= words_of_first


@dataclass(frozen=True)
class Candidate:
    """A value found for a field; lower ``rank`` is stronger evidence."""

    value: str
    evidence: str
    rank: int


_PATIENT_LABEL = re.compile(
    r"(?:^|¦|;|\s)(?P<label>Patient(?:in)?/Patient(?:in)?|Patient(?:in|en|/in|\(in\))?(?:\s*name)?|"
    r"Pat\.|Name des Patienten|"
    # "name and surname": Serbian, Croatian, Bosnian, Slovenian
    r"Ime i prezime|Ime in priimek|Име и презиме|"
    r"Name der Patientin|Patient'?s name|Name of patient|(?:Nach)?name\s*,\s*Vorname|Surname\s*,\s*"
    r"(?:First|Given)\s*names?|Versicherte(?:[rn]|/r|\(r\))?|Behandelte Person|"
    r"Name of (?:the )?child|"
    r"Patiënte?|Naam patiënt|Nom du patient|Patiente|Member(?: name)?|Versicherte Person|"
    # A ship's or an airline's medical report: its passenger is the patient.
    r"Passenger|Passagier(?:in)?|Fluggast|"
    # A form's field ending in whose name it asks: "Name, Vorname der versicherten Person".
    r"(?:versicherten|betroffenen|antragstellenden) Person|Antragstellers|"
    rf"{_PERSON_IN_CARE})"
    r"\s*(?:[:¦]|\s-\s)\s*",
    re.IGNORECASE,
)


_BIRTH_LABEL = (
    r"(?:Geb\.?-?(?:Datum|dat\.?)|Geburtsdatum|Geburtstag|geb(?:oren\b|\.|\b)(?:\s*am\b)?"
    r"|D\.?O\.?B\b\.?|Date of birth|Birth\s?date|born\b(?:\s+on\b)?|\*"
    r"|Geboortedatum|Date de naissance|Née? le"
    # The languages of the letters from abroad: Danish, Norwegian, Swedish, Polish, Czech,
    # Slovak, Hungarian, Spanish, Italian, Turkish.
    r"|Fødselsdato|Født|Fødd|Födelsedatum|Född|Data urodzenia|ur\.|Datum narození|nar\.|"
    r"Dátum narodenia|Születési (?:dátum|idő)|Szül\.|Fecha de nacimiento|F\.\s?nac\.|"
    r"nacid[oa] el|Data di nascita|nat[oa] il|Doğum tarihi|"
    # Lithuanian, Ukrainian, Russian; Serbian, Croatian, Bosnian, Slovenian, Romanian,
    # Bulgarian, Greek
    r"Gimimo data|Дата народження|Дата рождения|Datum ro(?:đ|dj)enja|Datum rojstva|"
    r"Data na(?:ș|ş|s)terii|Дата на раждане|Ημερομηνία γέννησης|ro(?:đ|dj)en[a]?|rojen[a]?|"
    r"n[ăa]scut[ăa]?|роден[а]?|рођен[а]?|Датум рођења)"
)


_BIRTH = re.compile(rf"(?<![\w*]){_BIRTH_LABEL}\s*[:¦]?\s*", re.IGNORECASE)


# A national identity number that holds its owner's birth date (Denmark's CPR number,
# Sweden's personnummer, Norway's fødselsnummer).
NATIONAL_NUMBER_LABEL = (
    r"(?:CPR(?:-nr\.?|-nummer)?|Personnummer|Personnr\.?|Fødselsnummer|Fødselsnr\.?)"
)


_SALUTATION_LINE = re.compile(
    r"^(?:Sehr geehrte|Liebe|Dear|Hallo|Guten Tag|Geachte|Chère|Cher|Kære|Hej|"
    r"Bästa|Szanown|Vážen|Tisztelt|Estimad|Gentil|Egregi|"
    # "Madame, Monsieur," greets; "Madame le Docteur" over a name heads a French address.
    r"(?:Madame|Monsieur)(?=.*,\s*$))",
    re.IGNORECASE,
)


_TITLE_LABEL = re.compile(
    r"^(?:Betreff|Betr\.|Betrifft|Subject|Re|RE|Titel|Title|Betreft|Onderwerp|Objet|Vedr\.?|"
    r"Vedrørende|Angående|Ärende|Dotyczy|Věc|Vec|Tárgy|Asunto|Oggetto|Emne|"
    # Romanian, Portuguese, Turkish, Polish, Swedish, Finnish, Estonian, Russian/Ukrainian.
    r"Referitor la|Assunto|Konu|Temat|Ämne|Aihe|Teema|Тема|Concerne)\s*[:¦]\s*",
    re.IGNORECASE,  # "SUBJECT:", "BETREFF:", "betr.:"
)


# The kinds of letter from Estonia, Finland, Latvia, Albania and Viet Nam ("discharge paper"),
# one list for every pattern that names kinds (read without regard to case).
NORTHERN_AND_EASTERN_KINDS = (
    r"Epikriis|Epikriisi|Hoitopalaute|Lähete|Izraksts|Epikriza|Giấy ra viện"
)


_DOCUMENT_KIND = re.compile(
    r"(?:brief|bericht|befund|überweisung|ueberweisung|epikrise|epikris|konsil|konsilium|attest|"
    r"bescheinigung|gutachten|verordnung|anforderung|mitteilung|report|summary|letter|referral|"
    r"results?|certificate|request|note|opinion|consultation|nachricht|message|notiz|bescheid|"
    r"rückfrage|anfrage|medikationsplan|protokoll|überleitungsbogen|fragebogen|zpráva|zprava|"
    r"správa|epikris|remiss|remissvar|henvisning|journalnotat|erklæring|intyg|skierowanie|"
    r"zaświadczenie|epikryza|zárójelentés|lelet|beutaló|informe|išrašas|виписка|выписка|"
    rf"эпикриз|епікриз|епикриза|stellungnahme|zeugnis|{NORTHERN_AND_EASTERN_KINDS}|"
    # An authority's procedure heading its letter: "Feststellungsverfahren nach dem SGB IX"
    # (not a practice's field: "Allgemeinmedizin und Naturheilverfahren").
    r"(?:feststellungs|widerspruchs|anhörungs|antrags|verwaltungs|bewilligungs|"
    r"begutachtungs|betreuungs)verfahren)\b|"
    # The kinds of the letters from France, Belgium, Luxembourg, Italy, Portugal, the
    # Netherlands, Turkey and Ukraine, as whole words ("avis" is in "Davis").
    r"\b(?:compte[- ]rendu|lettre|protocole|rapport|certificat|courrier|relazione|referto|"
    r"lettera|relatório|relatorio|verslag|rapor|raporu|висновок|заключение|довідка|справка|"
    # Albania's and Kosovo's discharge letter and medical report.
    r"letër lëshimi|letër daljeje|raport mjekësor)\b",
    re.IGNORECASE,
)


# A health insurance form's patient field, printed over the value it labels.
_FORM_PATIENT_FIELD = re.compile(
    # "Name, Vorname der versicherten Person", or the field alone: whose, the form says.
    r"Name,\s*Vorname(?:,\s*Geb\.?-?Datum)?(?:\s+de[sr]\s+(?:Versicherten|Patient(?:en|in)|"
    r"(?:versicherten|betroffenen|antragstellenden) Person|Antragsteller(?:in|s)?)(?:/in)?)?",
    re.IGNORECASE,
)
# A form's date field, printed over its value without a colon.
_BIRTH_FIELD = re.compile(r"geb\.?\s*am|Geburtsdatum|Geb\.?-?Datum")
_FORM_DATE_FIELD = re.compile(rf"{_BIRTH_FIELD.pattern}|Datum|Ausstellungsdatum")
_DATE_LABEL_ONLY = re.compile(
    r"Datum|Date|Befunddatum|Rechnungsdatum|Report date|Gesendet|Sent|Reported|Ausgang",
    re.IGNORECASE,
)
_LABEL_ONLY = re.compile(
    r"(?:Patient(?:in)?(?:\s*name)?|Pat\.|Name|Vorname|Nachname|Name,\s*Vorname|Geburtsdatum|Geb\.?-?Datum|"
    r"geb\.(?:\s*am)?|DOB|Date of birth|Datum|Date|Befunddatum|Rechnungsdatum|Report date|Surname|"
    r"First name|Re|Betreff|Betr\.|Subject|Gesendet|Sent|Reported|Ausgang)",
    re.IGNORECASE,
)
