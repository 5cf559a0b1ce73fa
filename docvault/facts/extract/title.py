"""The letter's title: its subject line, else its heading."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import replace

from docvault.facts.extract.base import (
    _BIRTH,
    _BIRTH_LABEL,
    _DOCUMENT_KIND,
    _LABEL_ONLY,
    _PATIENT_FIELD_ALONE,
    _PATIENT_LABEL,
    _SALUTATION,
    _SALUTATION_LINE,
    _TITLE_LABEL,
    MAX_TITLE_CHARACTERS,
    NATIONAL_NUMBER_LABEL,
    NORTHERN_AND_EASTERN_KINDS,
    Candidate,
    Line,
    capitalised,
    is_rank,
    read_name,
    without_rank,
)
from docvault.facts.extract.dates import (
    _KIND_AND_DATE,
    dates_in,
)
from docvault.facts.extract.patient import (
    _NAME_LABEL,
    _SURNAME_LABEL,
    _name_ending,
    kind_heading,
    requested_for,
)
from docvault.facts.extract.sender import (
    _CLOSING,
    _CONTACT,
    _FORM_LABEL,
    _MAIL_FROM,
    _ORGANISATION,
    _SIGNER,
    _SUBDIVISION,
    POSTCODE_LINE,
    RECIPIENT_START,
    STREET,
    _an_organisation,
    _doctor_first,
    _first_line_under_fax_header,
    _recipient_lines,
)

_PATIENT_MENTION = re.compile(
    # At the start too: "Ihren Patienten Herrn ..." names only the patient.
    rf"(?:^|,|\s[-–—:]|\s)\s?(?:(?:der|die|des|den|unsere[rsn]?|Ihre[rsn]?|gemeinsamen?|your|our|"
    rf"for|von|zu|für|über|of) ){{0,3}}(?:{_SALUTATION}\s|Patient|Pat\.|geb\.|DOB|born|\*)|"
    # A date or a number after the title, not a numbered thing's ("Berufskrankheit Nr. 4101").
    rf"(?<!Nr\.)(?<!No\.)(?<!§)\s\d|"
    # A birth label in any language the rules read ("geboortedatum", "født"), a national
    # number's ("CPR-nr.", "personnummer"): the patient's line, not the title's words.
    rf",\s*(?:{_BIRTH_LABEL}|{NATIONAL_NUMBER_LABEL})",
    re.IGNORECASE,
)


# A table's row of column names ("Untersuchung Ergebnis Einheit Referenzbereich"): a lab
# report's table, no heading.
_COLUMN_NAME = re.compile(
    r"Untersuchung|Ergebnis|Einheit|Referenzbereich|Normbereich|Referenz|Normwert|Wert|Werte|"
    r"Parameter|Analyt|Methode|Material|Vorwert|Test|Result|Results|Unit|Units|Reference|"
    r"Range|Flag",
    re.IGNORECASE,
)
_COLUMN_NAMES = 3


def _table_header(text: str) -> bool:
    return sum(bool(_COLUMN_NAME.fullmatch(word)) for word in text.split()) >= _COLUMN_NAMES


def title_candidates(lines: Sequence[Line]) -> Iterator[Candidate]:
    for candidate in (*_head_titles(lines), *_heading_under_salutation(lines)):
        if _table_header(candidate.value):
            continue
        found = _with_lines_run_on(_with_continuation(candidate, lines), lines)
        # The patient after a heading's dash, on every path: "… – Měrana Krawc".
        title = _without_dashed_name(_STRAY_STOP.sub(" ", found.value))
        yield Candidate(title, found.evidence, found.rank)


# A title's second line: a small word, then a few words without a number or a comma ("zur
# medizinischen Rehabilitation" under "Befundbericht zum Antrag auf Leistungen"), not the
# patient's line under a heading ("über Ingrid Krueger, geboren 21.10.1984").
_CONTINUATION = re.compile(
    r"(?:zur|zum|zu|der|des|für|bei|nach|wegen|im|in|mit|und|of|for|and|on|to|with|after)"
    r"\s+[^\W\d_][^\d,;:()]{2,50}"
)


# A heading in capitals that ends on an adjective, and the one to three words in capitals
# that finish it on the next line.
_CAPITALS_ADJECTIVE = re.compile(r"[A-ZÄÖÜ]{3,}(?:ISCHEN|LICHEN|ISCHER|LICHER|IGEN)")


def _capitals_run_on(text: str) -> bool:
    """Whether a heading in capitals ends on an adjective (read word by word: linear)."""
    words = text.split()
    return (
        bool(words)
        and not re.search(r"[a-zäöüß]", text)
        and _CAPITALS_ADJECTIVE.fullmatch(words[-1]) is not None
    )


_CAPITALS_REST = re.compile(r"[A-ZÄÖÜ][A-ZÄÖÜß-]+(?: [A-ZÄÖÜ][A-ZÄÖÜß-]+){0,2}")


def _with_continuation(candidate: Candidate, lines: Sequence[Line]) -> Candidate:
    """The title with its second line, where a whole line's title runs on to the next."""
    position = next((i for i, line in enumerate(lines) if line.text == candidate.evidence), None)
    if position is None or position + 1 >= len(lines):
        return candidate
    line, following = lines[position], lines[position + 1]
    if candidate.value != line.text.strip() or following.block != line.block:
        return candidate
    rest = following.text.strip()
    if _capitals_run_on(line.text.strip()) and _CAPITALS_REST.fullmatch(rest):
        # "BEFUNDBERICHT ZUM ANTRAG AUF LEISTUNGEN ZUR MEDIZINISCHEN" over "REHABILITATION":
        # an adjective does not end a heading.
        return Candidate(f"{candidate.value} {rest}", candidate.evidence, candidate.rank)
    if not _CONTINUATION.fullmatch(rest) or len(rest.split()) > 6 or rest.endswith("."):
        return candidate
    if requested_for(rest):
        return candidate  # "für Herrn Maximilian Guggenmos": the patient, not the title's
    return Candidate(f"{candidate.value} {rest}", candidate.evidence, candidate.rank)


# A word no heading ends on: an article, a preposition, a conjunction.
_DANGLING_WORD = re.compile(
    r"\s(?:einer|eines|einem|einen|eine|der|des|dem|den|die|das|zur|zum|für|von|und|oder|"
    r"mit|bei|nach|zu|auf|of|the|and|for|to|with)$",
    re.IGNORECASE,
)
_RUN_ON_LINES = 3


def _with_lines_run_on(candidate: Candidate, lines: Sequence[Line]) -> Candidate:
    """A heading broken after an article or a preposition, with the lines that finish it
    ("Anfrage zur Zuständigkeit einer" / "anderen Krankenkasse oder eines" / "sonstigen
    Kostenträgers"): a few words each, no number, no label, in the heading's block."""
    position = next((i for i, line in enumerate(lines) if line.text == candidate.evidence), None)
    if position is None or candidate.value != lines[position].text.strip():
        return candidate
    value = candidate.value
    for following in lines[position + 1 : position + 1 + _RUN_ON_LINES]:
        if not _DANGLING_WORD.search(value) or following.block != lines[position].block:
            break
        rest = following.text.strip()
        if not re.fullmatch(r"[^\W\d_][^\d:;()@]{2,60}", rest) or len(rest.split()) > 6:
            break
        if re.search(r"\bNr\.|kennung\b|\bStatus\b", rest):
            break  # a form's labels read between the heading's lines by the CPU engine
        value = f"{value} {rest}"
    if _DANGLING_WORD.search(value):
        return Candidate("", candidate.evidence, candidate.rank)  # its end unread: none
    return Candidate(value, candidate.evidence, candidate.rank)


def _heading_under_salutation(lines: Sequence[Line]) -> Iterator[Candidate]:
    """``Dear Dr Lopez,`` / ``Re: Mr Leo Palmer DOB ...`` / ``Urgent referral``: a kind of
    letter alone on its line in the few lines under the salutation (weakest evidence)."""
    start = next((i for i, line in enumerate(lines) if _SALUTATION_LINE.match(line.text)), None)
    if start is None:
        return
    for line in lines[start + 1 : start + 6]:
        if (
            _kind_alone(line.text)
            and len(line.text.split()) <= 2
            and _LETTER_KIND.search(line.text)
        ):
            title = line.text.strip()
            yield Candidate(title.capitalize() if title.isupper() else title, line.text, 2)
            return


# A form's code after its kind: "Anforderung eines ärztlichen Befundberichts (S0051)",
# "Arbeitsunfähigkeitsbescheinigung (Muster 1)".
_FORM_CODE_AFTER = re.compile(
    r"\s\((?:(?:Vordruck|Formular|Formblatt|Muster|Form)\s?)?[A-Z]{0,3}\s?\d{1,5}[a-z]?\)$"
)


_VISIT_AFTER = re.compile(
    r"\s+[–—-]\s+(?:Untersuchung|Vorstellung|Konsultation|Behandlung|Sprechstunde|Termin)"
    r"\s+(?:vom|am)\s+\d{1,2}\.\s?\d{1,2}\.\s?\d{2,4}\s*$"
)


# "MEMORANDUM FOR RECORD" heads a memo of its own kind; "MEMORANDUM FOR <the practice>"
# addresses one, whose "SUBJECT:" is its title.
_MEMO_FOR_RECORD = re.compile(r"MEMORANDUM FOR (?:THE )?RECORD", re.IGNORECASE)


def _addressing_formula(lines: Sequence[Line], position: int) -> bool:
    """A salutation over the address it greets, without a comma ("Szanowna Pani Doktor /
    Szanowny Panie Doktorze" over "Dr. med. Beate Zschornack, Töpferstraße 14, 02625
    Bautzen"): a form's addressing line, not the salutation the letter's text follows."""
    text = lines[position].text.rstrip()
    if not _SALUTATION_LINE.match(text) or text.endswith((",", "!", ":")):
        return False
    following = lines[position + 1].text if position + 1 < len(lines) else ""
    return bool(POSTCODE_LINE.search(following))


def _head_titles(lines: Sequence[Line]) -> Iterator[Candidate]:
    """The subject line, or a heading, above the salutation."""
    addressed = _recipient_lines(lines)  # an address's lines (and the line under one)
    found = False  # a title read already: a later line of a kind heads a section
    recorded = False  # a memorandum for record: its subject line is what it records
    for position, line in enumerate(lines):
        if _MEMO_FOR_RECORD.fullmatch(line.text.strip()):
            yield Candidate(line.text.strip(), line.text, 0)  # a US Army memo's own kind
            found = recorded = True
            continue
        if _addressing_formula(lines, position):
            continue  # "Szanowna Pani Doktor" over the address: the window's, not the letter's
        if line.number > 25 or _SALUTATION_LINE.match(line.text):
            break
        if not found and (subject := _reply_over_sender(lines, position)):
            # Outlook's print: the subject over "Von:" (in the head only: a quoted mail
            # further down has its own).
            yield Candidate(subject, line.text, 0)
            found = True
            continue
        heading = kind_heading(line.text)
        if heading:
            yield Candidate(heading[0], line.text, 0)  # "Bericht: Herr Søren Groß, 02.07.1938"
            found = True
            continue
        if not found and _examination_heading(line.text, lines[position + 1 : position + 2]):
            # "Befund: CT Thorax mit KM" over "Indikation:": a report's kind and examination.
            yield Candidate(line.text.strip(), line.text, 1)
            found = True
            continue
        if not found and (named := _labelled_kind(line.text) or _dated_examination(line.text)):
            # "Befund: Neurologischer Befund" (the label says it again), "Untersuchung vom
            # 22.09.2024: CT Thorax mit Kontrastmittel" (the examination is the report's).
            yield Candidate(named, line.text, 1)
            found = True
            continue
        if not found and (fielded := _document_field(line.text) or _faxed_subject(line.text)):
            # "Dokument      Ambulanzbrief Rheumatologie" (a portal's printout), "TELEFAX –
            # Rückfrage zur Verordnung" (a pharmacy's fax form): the kind of document.
            yield Candidate(fielded, line.text, 1)
            found = True
            continue
        label = _TITLE_LABEL.match(line.text)
        if label and recorded:
            continue
        if label:
            title = _title_text(line.text[label.end() :])
            if title and is_rank(title):
                continue  # "Betr.: Oberleutnant Julia zur Nieden, geb. …": a soldier, named
            if title and not (_name_alone(title) and not _DOCUMENT_KIND.search(title)):
                yield Candidate(title, line.text, 0)  # a subject, not a name alone
                found = True
            continue
        title = _title_text(line.text)
        # Not after a title: "BEFUND" under "CT THORAX MIT KONTRASTMITTEL" heads a section.
        if not found and title and _DOCUMENT_KIND.search(title) and len(title.split()) <= 6:
            looks_like_heading = line.heading or _SENT_BY.sub("", line.text).isupper()
            if looks_like_heading and not _PATIENT_LABEL.search(line.text):
                yield Candidate(title, line.text, 1)
                found = True
                continue
        if position == _first_position(lines) and _kind_alone(line.text):
            yield Candidate(line.text.strip(), line.text, 1)  # a form's heading: "Überweisung"
            found = True
            continue
        if not found and (kind := _kind_about_patient(_with_birth_under(line, lines, position))):
            # "Konsilium betreffend Gisela Schmitt, geb. 14.06.2000", "Betreuungssache
            # Werner Schmid, geboren am 2. Januar 1932": the kind, its patient, born.
            yield Candidate(kind, line.text, 1)
            found = True
            continue
        following = lines[position + 1] if position + 1 < len(lines) else None
        free = _free(lines, position, addressed)
        # The visit's day after the kind ("Konsiliarbericht – Untersuchung vom 05.07.2025") is
        # the visit's, not the title's.
        kind_line = _VISIT_AFTER.sub("", _without_other_name(_SENT_BY.sub("", line.text)))
        uncoded = _FORM_CODE_AFTER.sub("", kind_line)  # its form's code is no sentence's
        alone = (_kind_alone(uncoded) and _not_bare(uncoded)) or _kind_and_subject(uncoded)
        alone = alone or _kind_and_copy(uncoded)
        if free and alone and not found:
            yield Candidate(kind_line, line.text, 1)  # "Vorläufiger Arztbrief"
            found = True
            continue
        if (
            free
            and not found
            and position
            and following
            and not _doctor_first(lines[position - 1].text)
            and _heading_above(*(two_lines := _with_small_line_under(lines, position)))
        ):
            yield Candidate(two_lines[0].text.strip(), line.text, 1)
            found = True
        elif (
            not found
            and (dated := _KIND_AND_DATE.match(line.text))
            and ":" not in dated.group()  # "Befund vom: 21.04.2025" is a label, no heading
            and (title := _title_text(dated.group()))
        ):
            yield Candidate(title, line.text, 1)  # "Untersuchungsbericht vom 28.10.2024"
            found = True


# A reply's or a forward's prefix before its subject: "AW: ", "RE: ", "WG: Fwd: ".
_REPLY_PREFIX = re.compile(r"(?:(?:AW|RE|WG|FW|FWD|TR|SV)\s?:\s*)+", re.IGNORECASE)


def _reply_over_sender(lines: Sequence[Line], position: int) -> str | None:
    """A printed mail's subject where Outlook prints it, in bold over the "Von:" field with
    no "Betreff:" label: a reply's or a forward's (its prefix tells it from the mailbox's
    owner printed above it), as printed, as a "Betreff:" field gives it too."""
    following = lines[position + 1].text if position + 1 < len(lines) else ""
    if not _REPLY_PREFIX.match(lines[position].text) or not _MAIL_FROM.match(following):
        return None
    return _title_text(lines[position].text)


# A printout's field naming the document ("Dokument", "Dokumenttyp" in a portal's or a KIM
# message's printout), with its colon or the column's spaces.
_DOCUMENT_FIELD = re.compile(
    r"(?:Dokument(?:typ|art|enart|titel)?|Document(?:\s+type)?|Befundart|Berichtsart)"
    r"(?:\s*[:¦]\s*|\s{2,})"
)
# A fax form's word before its subject: "TELEFAX – Rückfrage zur Verordnung" (its dash
# between spaces: "Fax-Rückfrage vom ..." is one word, a kind of its own).
_FAX_PREFIX = re.compile(
    r"(?:TELEFAX|Telefax|FAX|Fax|Faxmitteilung|Faxnachricht|Fax-Nachricht)\s+[–—-]\s+"
    r"(?=[A-ZÄÖÜ])"
)
_FIELDED_WORDS = 8


def _document_field(text: str) -> str | None:
    """The document a printout's field names, where it names a kind of document."""
    field = _DOCUMENT_FIELD.match(text.strip())
    return _kind_named(text.strip()[field.end() :]) if field else None


def _faxed_subject(text: str) -> str | None:
    """The subject after a fax form's "TELEFAX –", where it names a kind of letter."""
    prefix = _FAX_PREFIX.match(text.strip())
    return _kind_named(text.strip()[prefix.end() :]) if prefix else None


def _kind_named(value: str) -> str | None:
    title = _title_text(value)
    if title is None or not _DOCUMENT_KIND.search(title):
        return None
    return title if len(title.split()) <= _FIELDED_WORDS else None


def _with_birth_under(line: Line, lines: Sequence[Line], position: int) -> str:
    """The line, with the line under it where that line is only the birth date of the person
    it names ("Betreuungssache Behrendt, Jana" over "geboren am 17.09.1988")."""
    if position + 1 >= len(lines):
        return line.text
    below = lines[position + 1].text.strip()
    born = _BIRTH.match(below)
    if born is None or len(dates_in(below)) != 1 or len(below.split()) > 4:
        return line.text
    return f"{line.text.rstrip()}, {below}"


# A court's case, named before the person it concerns ("Betreuungssache Mindaugas
# Jankauskas, geboren am 11.08.1938"): a heading only there, where the person and the birth
# date follow it on its line (not a kind of letter elsewhere: "in der Betreuungssache").
_COURT_CASE = re.compile(r"[A-ZÄÖÜ][a-zäöüß]*sache")


def _kind_about_patient(text: str) -> str | None:
    """The kind of letter a line names before its patient's name and birth date and nothing
    else ("Betreuungssache Werner Schmid, geboren am 2. Januar 1932"): a heading, not a
    sentence; None where the line is no such heading."""
    born = _BIRTH.search(text)
    if born is None or not text[:1].isupper() or len(dates_in(text[born.end() :])) != 1:
        return None
    head = text[: born.start()].rstrip(" ,")
    case = re.fullmatch(rf"({_COURT_CASE.pattern})\s+(.+)", head)
    if case and read_name(case.group(2)) is not None and len(case.group(2).split()) <= 5:
        return case.group(1)  # the case's word reads as a name's first: split it off first
    kind = _without_patient(head)
    name = head[len(kind) :].strip(" –—-")  # "Operationsbericht – Schmitz, Maria"
    kind = _DANGLING.sub("", re.sub(rf"\s+{_SALUTATION}$", "", kind)).strip(" ,.:;–—-")
    if kind == head or not kind or len(kind.split()) > 6:
        return None
    if not (_DOCUMENT_KIND.search(kind) or _COURT_CASE.fullmatch(kind)):
        return None
    return kind if read_name(name) is not None and len(name.split()) <= 5 else None


def _without_other_name(text: str) -> str:
    """The kind of "Vorläufiger Arztbrief (Kurzbrief)", less its other name in brackets
    (other brackets stay, and the line is then no kind alone)."""
    bracketed = re.search(r"\s*\((\w+)\)\s*$", text)
    if bracketed and _DOCUMENT_KIND.search(bracketed.group(1)):
        return text[: bracketed.start()]
    # A bilingual heading, its other language after a slash: "Verlegungsbericht / Lettera
    # di trasferimento" (South Tyrol, Switzerland), filed under the first; not a second
    # document in the same language ("Pflegebericht / Wunddokumentation").
    halves = text.split(" / ")
    if len(halves) == 2 and _kind_alone(halves[0].strip()) and _two_documents(text) is None:
        return halves[0].strip()
    return text.strip()


def _free(lines: Sequence[Line], position: int, addressed: set[int]) -> bool:
    """Whether the line may head the letter: not in an address, not a form's value under
    its label, not a line that continues the one above."""
    line = lines[position]
    # The line under an address may be its country ("Schweiz", "United Kingdom"); a
    # longer line, or a kind of letter, is the heading under the address.
    in_address = position in addressed or (
        position - 1 in addressed
        and lines[position - 1].block == line.block
        and len(line.text.split()) <= 2
        and not _kind_alone(line.text)
        # A noun's ending is no country's: "Umgebungsuntersuchung Tuberkulose".
        and not any(_NOUN_ENDING.search(word) for word in line.text.split())
    )
    # A form's value under its field label ("Krankenkasse" over "IKK classic"): no heading;
    # under a label with its value ("Versicherte Person: Maria Rossi, geb. ..."), it may be.
    above = lines[position - 1].text if position else ""
    # A reference's number beside its label ("Versicherungsnummer 45 010172 Y 152") is no
    # label over the line either.
    valued = re.search(r":\s*\S|^[^\W\d_]*(?:nummer|zeichen)\s+\S*\d", above, re.IGNORECASE)
    form_value = _FORM_LABEL.search(above) and not valued
    # "Ihr Antrag vom 11.04.2024 – Genehmigung" over "Kompressionsstrümpfe nach Maß": a
    # subject of two lines, which the line under the reference does not name alone.
    continued = position and _runs_on(lines[position - 1].text, line.text)
    # "um ärztliches Zeugnis" under "Betreuungssache - Bitte": a line begun in lower case
    # finishes the one above.
    lower = line.text.strip()[:1].islower()
    return not (in_address or form_value or continued or lower)


def _runs_on(previous: str, text: str) -> bool:
    """Whether ``text`` continues the line above it rather than heading the letter: a
    reference's subject of two lines ("Ihr Antrag vom 11.04.2024 – Genehmigung" over
    "Kompressionsstrümpfe nach Maß"), an address run on ("Rosenweg 24, 79194" over
    "Gundelfingen"; "..., 79189 Bad" over "Krozingen")."""
    if _REFERENCE_LINE.match(previous):
        return True
    words = previous.split()
    if len(words) >= 4 and re.fullmatch(r"[a-zäöüß]{1,5}", words[-1]):
        return True  # "Anforderung eines Befundberichts für den ... der" over "Bundesagentur ..."
    if not STREET.search(previous):
        return False
    if re.search(r",\s*\d{4,5}$", previous):
        return True
    town_broken = re.search(r",\s*\d{4,5}\s+[A-ZÄÖÜ][\w.-]*$", previous)
    return bool(town_broken) and len(text.split()) == 1


def _first_position(lines: Sequence[Line]) -> int | None:
    """Where the page's first line is, past a fax machine's line."""
    first = _first_line_under_fax_header(lines)
    return None if first is None else lines.index(first)


def _kind_alone(text: str) -> bool:
    """A line that is a kind of document and nothing else (``Überweisungsschein``,
    ``Vorläufiger Arztbrief``): one to three words, no number, no organisation."""
    words = text.split()
    if _FORM_KIND.fullmatch(text.strip()):
        return True  # "Notfall-/Vertretungsschein", its slash included
    if _FOREIGN_KIND.fullmatch(text.strip()) or _FOREIGN_ONE_WORD.fullmatch(text.strip()):
        return True  # "EPİKRİZ", "OTPUSNO PISMO": a kind from abroad, in its own words
    if (pair := _two_documents(text)) is not None:
        return _kind_alone(pair)  # "Pflegebericht / Wunddokumentation": both, as printed
    if not 1 <= len(words) <= 3 or re.search(r"\d|[:@·•|¦,;()/]", text):
        return False
    # "Laborbefund" holds "Labor" and "Praxisbericht" "Praxis": an organisation's word
    # counts only outside the kind's own word.
    others = " ".join(word for word in words if not _DOCUMENT_KIND.search(word))
    return bool(_FORM_KIND.fullmatch(text.strip())) or (
        bool(_DOCUMENT_KIND.search(words[-1])) and not _ORGANISATION.search(others)
    )


# Which copy a form's sheet is, after a dash: "NOTARZTPROTOKOLL – Durchschrift für den
# Hausarzt", "Entlassungsschein – Kopie für den Patienten".
_COPY_AFTER = re.compile(
    r"\s[–—-]\s(?:Durchschrift|Kopie|Abschrift|Ausfertigung|Zweitschrift|Copy)"
    r"(?:\s+(?:für|for|an|to)\b[^\d:,;]{0,40})?$",
    re.IGNORECASE,
)


def _kind_and_copy(text: str) -> bool:
    """A kind of document alone, and after a dash which copy of it the sheet is."""
    copy = _COPY_AFTER.search(text)
    return copy is not None and _kind_alone(text[: copy.start()].strip())


def _two_documents(text: str) -> str | None:
    """The first of a heading's two documents in one language, a slash or a dash between
    them ("Pflegebericht / Wunddokumentation", "Ärztlicher Entlassungsbericht – Kurzbrief"):
    the second one compound word of its own."""
    halves = re.split(r" (?:/|–|—|-) ", text.strip())  # the CPU engine reads "–" as "-"
    second = halves[-1].strip()
    if len(halves) == 2 and re.fullmatch(r"[A-ZÄÖÜ][a-zäöüß]{5,}", second):
        # A document's word, not a name ("Entlassungsbericht / Schneider").
        return (
            halves[0].strip() if _DOCUMENT_KIND.search(second) or _RECORD.search(second) else None
        )
    return None


_RECORD = re.compile(r"(?:dokumentation|übersicht|anamnese|plan|liste|nachweis|bogen)$")


def _not_bare(text: str) -> bool:
    """Not a kind's bare word ("Befund", "Bericht"), which a report's section may be
    headed with: two words, or a compound naming which ("Verlegungsbericht")."""
    words = text.split()
    kind = _DOCUMENT_KIND.search(words[0]) if len(words) == 1 else None
    return kind is None or kind.start() > 0


def _kind_and_subject(text: str) -> bool:
    """A line naming a kind of letter and what it is about, with no sentence's words
    ("Sprechstundenbericht Gynäkologie", "Gutachten zur Feststellung der Pflegebedürftigkeit",
    "Compte rendu d'hospitalisation"): two to seven words, the first a kind of letter, the
    others capitalised or a name's small words; or up to ten, the kind and for whom it is."""
    words = text.split()
    if not 1 <= len(words) <= _FOR_WHOM_WORDS or re.search(r"\d|[:@·•|¦,;()/.!?]", text):
        return False
    if len(words) > 7 and words[1] not in _FOR_WHOM:
        return False
    if _FOREIGN_KIND.match(text):  # written in sentence case: "Informe de alta"
        one_word = len(words) == 1 and not _FOREIGN_ONE_WORD.fullmatch(text)
        return not (one_word or _ORGANISATION.search(text))
    shaped = all(
        word[0].isupper() or _small_word(word) or _adjective_after_article(words, index)
        for index, word in enumerate(words)
        if index
    )
    kind = words[0][0].isupper() and _LETTER_KIND.search(words[0])
    if kind and len(words) >= 3 and words[1] in _FOR_WHOM:
        # "Befundbericht für den weiterbehandelnden Arzt", "Mitteilung an den Hausarzt":
        # for whom the kind is, in any words, with no sentence's stop.
        return not _ORGANISATION.search(" ".join(words[1:]))
    return len(words) >= 2 and bool(shaped and kind) and not _ORGANISATION.search(text)


_ARTICLES = frozenset(
    {"der", "des", "den", "dem", "die", "das", "eines", "einer", "einem", "einen", "eine",
     "zur", "zum", "vom", "im", "am"}
)  # fmt: skip


def _adjective_after_article(words: Sequence[str], index: int) -> bool:
    """A heading's adjective, in lower case between its article and its noun ("Anforderung
    eines ärztlichen Befundberichts", "Bericht über die stationäre Behandlung")."""
    word = words[index]
    following = words[index + 1] if index + 1 < len(words) else ""
    return (
        words[index - 1].casefold() in _ARTICLES
        and bool(re.fullmatch(r"[a-zäöüß]{3,}(?:e|en|er|es|em)", word))
        and following[:1].isupper()
    )


_FOR_WHOM = frozenset({"für", "fuer", "an", "zur", "zum", "for", "to"})
_FOR_WHOM_WORDS = 10


def _small_word(word: str) -> bool:
    """A word a heading holds in lower case: an article, a preposition, "d'..." and "l'..."."""
    return word.casefold() in _HEADING_SMALL_WORDS or bool(re.match(r"[dl]['’]", word))


_HEADING_SMALL_WORDS = frozenset(
    {"zur", "zum", "der", "des", "den", "die", "das", "für", "fuer", "und", "bei", "nach",
     "über", "eines", "einer", "vom", "von", "mit", "of", "the", "and", "for", "on", "de",
     "du", "la", "le", "di", "del", "della", "dello", "e", "et", "y", "en", "van", "het",
     "auf", "um", "an", "im", "in", "zu", "wegen", "gegen", "eine", "einen", "einem"}
)  # fmt: skip


# A foreign kind that names a letter alone ("Epikriz"), not a section ("Rapport").
_FOREIGN_ONE_WORD = re.compile(
    r"Epikriz|EPİKRİZ|Epikrise|Epikris|Epikryza|Ontslagbrief|Udskrivningsbrev|Remiss|Remissvar|"
    r"Henvisning|Skierowanie|Zaświadczenie|Zárójelentés|Beutaló|Lelet|Läkarintyg|Lægeerklæring|"
    r"Виписка|Выписка|Эпикриз|Епікриз|Епикриза|Εξιτ[ηή]ριο|Epikrizë|Fletëlëshim|Fletëdalje|"
    rf"{NORTHERN_AND_EASTERN_KINDS}",
    re.I,
)


# A kind of letter in the languages of letters from abroad, in one or more words.
_FOREIGN_KIND = re.compile(
    r"(?:Compte[- ]rendu|Lettre|Rapport|Courrier|Informe|Lettera|Relazione|Referto|"
    r"Karta informacyjna|Wypis|Verslag|Ontslagbrief|Epikriz|Rapor|Udskrivningsbrev|"
    r"Epikrise|Epikris|Epikryza|Remiss(?:svar)?|Henvisning|Journalnotat|Lægeerklæring|"
    r"Läkarintyg|Utlåtande|Skierowanie|Zaświadczenie|Propouštěcí zpráva|Lékařská zpráva|"
    r"Prepúšťacia správa|Lekárska správa|Zárójelentés|Ambuláns lap|Lelet|Beutaló|"
    r"Nota de alta|Carta de alta|Relatório(?: médico| de alta)?|Išrašas|Виписка|Выписка|"
    r"Выписной эпикриз|Епікриз|Эпикриз|"
    # Serbian, Croatian, Bosnian, Slovenian, Romanian, Bulgarian, Greek, a US Army memo
    r"Otpusno pismo|Otpusna lista|Odpustno pismo|Specijalistički nalaz|Nalaz|Uputnica|"
    r"Scrisoare medicală|Bilet de ieșire|Отпусна листа|Отпусно писмо|Епикриза|"
    r"Ενημερωτικ[οό] σημε[ιί]ωμα(?: εξ[οό]δου)?|Epikrizë|Letër lëshimi|Letër daljeje|"
    r"Fletëlëshim|Fletë lëshimi|Fletëdalje|"
    r"Raport mjekësor|Εξιτ[ηή]ριο|Memorandum(?: for record)?|"
    rf"{NORTHERN_AND_EASTERN_KINDS})\b",
    re.IGNORECASE,
)


# A kind of letter (not a section of one: "Results", "Note", "Request").
_LETTER_KIND = re.compile(
    r"(?:brief|bericht|befund|überweisung|ueberweisung|epikrise|konsil|report|summary|letter|"
    r"referral|gutachten|untersuchung|antrag|anforderung|anfrage|bescheinigung|attest|"
    # An insurer's or a pharmacy's answer: "Bewilligung Heilbehelf", "Rückfrage zu Rezept",
    # "Terminbestätigung Ergometrie", "Befundübermittlung Reha-Aufnahme".
    r"bewilligung|genehmigung|ablehnung|bestätigung|rückfrage|übermittlung|mitteilung)$",
    re.IGNORECASE,
)


# A form's heading, which the kinds of letter do not name.
_FORM_KIND = re.compile(
    r"Überweisungsschein|Ueberweisungsschein|Überweisung|Ueberweisung|"
    r"Notfall-?\s?/\s?Vertretungsschein|Notfallschein|Vertretungsschein",
    re.I,
)


# What follows a letter's heading: its patient, or the salutation.
_UNDER_HEADING = re.compile(
    r"^(?:Sehr geehrte|Liebe|Dear|Hallo|Guten Tag|To whom it may|Kære|Hej|Bästa|Szanown|Vážen|"
    r"Tisztelt|Estimad|Gentil|Egregi|Geachte|Chère|Cher)",
    re.I,
)


# A form's name fields printed over their values: "Name, Vorname" over "KOWALSKI, JAN".
_NAME_FIELDS = re.compile(
    r"(?:Name|Nachname|Familienname)\s*,\s*Vorname\(?n?\)?|Surname\s*,\s*(?:first|given) names?|"
    # Its person's fields by what the form calls them: "Name, Vorname der versicherten
    # Person", "Krankenversichertennummer".
    r"(?:Name|Nachname)\s*,\s*Vorname\s+de[rs]\s+[\w ]{3,40}|(?:Kranken)?[Vv]ersichertennummer|"
    r"Versicherten-?Nr\.?",
    re.IGNORECASE,
)


def _capitals_heading(text: str, below: str) -> bool:
    """A heading in capitals ("HINWEIS AUF EINE WECHSELWIRKUNG", "ARBEITSUNFALL VOM
    24.04.2026") over the patient's line or a form's name fields: two words or more, no
    name ("MARIE MEIER" is the recipient's, the patient's)."""
    words = text.split()
    if len(words) < 2:
        return False
    # The small words a heading holds and a person's name does not.
    small = any(word.casefold() in _HEADING_SMALL_WORDS for word in words)
    named = _name_alone(text.title()) or read_name(text.title()) == text.title()
    if named and not (small or _DOCUMENT_KIND.search(text)):
        return False
    return bool(_name_field(below) or _BIRTH.search(below) or _SALUTED_FIELD.match(below.strip()))


def _name_field(text: str) -> bool:
    """A form's name field over its value, or joined with it ("Name, Vorname: KOWALSKI,
    JAN", as the patient's rules read the two lines)."""
    return _NAME_FIELDS.fullmatch(text.split(":")[0].strip()) is not None


# A field naming its person with a salutation, whatever the field is called:
# "Antragsteller/in: Frau Frauke Thiele", "Versicherter: Herr Jan Kowalski".
_SALUTED_FIELD = re.compile(
    r"[A-ZÄÖÜ][\w/.-]{2,30}(?:\s[\w/.-]{2,20})?\s*:\s*(?:Frau|Herrn?|Mrs?\.?|Ms\.?)\s+[A-ZÄÖÜ]"
)


def _with_small_line_under(lines: Sequence[Line], position: int) -> tuple[Line, Line]:
    """The line at ``position`` and the line it stands over; a heading broken before a
    line begun in lower case ("Betreuungssache - Bitte" over "um ärztliches Zeugnis") read
    as one line, over the line under both."""
    line = lines[position]
    if position + 2 < len(lines):
        rest = lines[position + 1]
        small = re.fullmatch(r"[a-zäöüß][^\W\d_]*(?: [^\W\d_]+){0,5}", rest.text.strip())
        # Not the patient's line ("für Herrn Maximilian Guggenmos"), nor after a sentence's end.
        heading_rest = small and not requested_for(rest.text) and rest.block == line.block
        if heading_rest and not line.text.rstrip().endswith((".", ",")):
            joined = replace(line, text=f"{line.text.strip()} {rest.text.strip()}")
            return joined, _under_heading(lines, position + 1)
    return line, _under_heading(lines, position)


# A field of the letter's own ("Behandlungszeitraum: 14.12.2024 – 20.01.2025", "Aktenzeichen:
# 352/51009/SB") between a heading and the salutation.
_FIELD_LINE = re.compile(r"[A-ZÄÖÜ][\w./-]{2,30}(?:\s[\w./-]{2,20})?\s*:\s*\S")


def _under_heading(lines: Sequence[Line], position: int) -> Line:
    """The line a heading at ``position`` stands over: the next, or past one field line
    where the salutation follows that field."""
    following = lines[position + 1]
    if position + 2 < len(lines) and _FIELD_LINE.match(following.text.strip()):
        after = lines[position + 2]
        if _UNDER_HEADING.match(after.text) and not _PATIENT_LABEL.search(following.text):
            return after
    return following


# The field of the person a letter is about, by other words than "Patient".
_PERSON_FIELD = re.compile(
    r"(?:[A-ZÄÖÜ][\w-]*\s+Person|Versicherte[rn]?|Name,\s*[A-ZÄÖÜ][\w-]*)\s*:", re.IGNORECASE
)


# A visit's or an examination's word alone, before its day: a date's label, no heading.
_VISIT = re.compile(
    r"(?:Untersuchung|Vorstellung|Aufnahme|Entlassung|Termin|Behandlung|Konsultation|Besuch|"
    r"Examination|Visit|Appointment|Admission|Discharge)",
    re.IGNORECASE,
)


def _heading_above(line: Line, following: Line) -> bool:
    """A line right above the patient's line or the salutation, shaped like a heading (a few
    words, no number, no label, no street, not a name): the letter's."""
    text = line.text.strip()
    words = text.split()
    if not 1 <= len(words) <= 10 or len(text) > MAX_TITLE_CHARACTERS or not text[0].isupper():
        return False
    # A closing bracket's other name or case is part of a heading: "Anfrage zur
    # Arbeitsunfähigkeit (Krankengeldfall)".
    bare = re.sub(r"\s\([^\W\d_][^()\d]{0,40}\)$", "", text)
    coded = _FORM_CODE_AFTER.sub("", bare)
    bare = coded if _DOCUMENT_KIND.search(coded) else bare
    # Its day after it: "Arbeitsunfall vom 12.12.2023", "MRT der LWS nativ vom 04.08.2024"
    # (a kind of letter's day, "Befundbericht vom ...", goes with the date: below).
    dated = re.sub(r"\s(?:vom|from|of|dated)\s\d{1,2}\.\d{1,2}\.\d{2,4}$", "", bare, flags=re.I)
    bare = dated if not _DOCUMENT_KIND.search(dated) else bare
    # A law's paragraph or a numbered thing is no number of an address: "Meldepflichtige
    # Erkrankung nach § 6 IfSG – Rückfrage", "Berufskrankheit Nr. 4101".
    # An X-ray's planes are no number either: "RÖNTGEN THORAX IN 2 EBENEN".
    bare = re.sub(r"§\s?\d+[a-z]?|(?<![\w-])Nr\.\s?\d+|\bin [1-4] Ebenen\b", "", bare, flags=re.I)
    # A heading in two languages, a kind of letter in each: "Lettera di dimissione /
    # Entlassungsbrief".
    halves = bare.split(" / ")
    if len(halves) == 2 and all(_DOCUMENT_KIND.search(half) or _FOREIGN_KIND.search(half)
                                for half in halves):  # fmt: skip
        bare = " ".join(halves)
    # Two words sharing their end, the first cut short ("Haus-/Kinderarzt"): one word's slash.
    bare = re.sub(r"(?<=[^\W\d_])-/(?=[^\W\d_])", "-", bare)
    if re.search(r"(?<![\w-])\d|[:@·•|¦,;()/]|[.!?]$", bare):
        return False
    if _VISIT.fullmatch(dated):
        return False  # "Untersuchung vom 16.09.2025", "Vorstellung am ...": a date's label
    capitals = text.isupper() and _capitals_heading(text, following.text)
    if text.isupper() and not capitals:
        return False
    if (_an_organisation(text) or _SUBDIVISION.search(text)) and not _DOCUMENT_KIND.search(text):
        return False  # "Department of Blood Sciences", "Sprechstunde Gastroenterologie", "BARMER"
    if RECIPIENT_START.match(text) or _CONTACT.search(text):
        return False
    if re.search(rf"\b{_SALUTATION}\s+[A-ZÄÖÜ]", text):
        return False  # "Betrifft Ihren Patienten Herrn Rolf Meyer": the patient's line
    if STREET.search(text):
        return False  # an address line
    if _FIELD_AND_VALUE.match(text):
        return False  # a form's field printed without its colon: "Vorname Dragan"
    if _PATIENT_FIELD_ALONE.fullmatch(text) or _LABEL_ONLY.fullmatch(text):
        return False  # "Patient" over "Geburtsdatum": a form's labels, printed over values
    named = read_name(text) == text or _name_alone(text)
    if named and not (_DOCUMENT_KIND.search(text) or capitals):
        return False  # a person's name (the recipient's last line, "Marie MEIER")
    case = re.fullmatch(rf"{_COURT_CASE.pattern}\s+(.+)", text)
    if case and read_name(case.group(1)) is not None:
        return False  # "Betreuungssache Wilhelm Jäger" over its birth date: the case's person
    if _SIGNER.match(text) or _CLOSING.search(text):
        return False
    if re.search(r"\b(?:Dr|Prof|Dipl\.-\w+)\.(?:\s?med\.)?\s+[A-ZÄÖÜ]", text) and not (
        _DOCUMENT_KIND.search(text)
    ):
        return False  # a field naming a doctor ("Zuweiser Dr. med. Murat Demirel"), no heading
    below = following.text
    return bool(
        _UNDER_HEADING.match(below)
        # "Betroffene Person: VON MALTZAHN, ...", "Name, Dienstgrad: Hauptgefreiter ...".
        or _PERSON_FIELD.match(below) is not None
        or _SALUTED_FIELD.match(below.strip()) is not None
        or _name_field(below)
        or requested_for(below)
        or _PATIENT_LABEL.search(below)
        or _PATIENT_FIELD_ALONE.fullmatch(below.strip()) is not None
        # "Ihre Überweisung vom 25.06.2025" between the heading and the salutation.
        or _REFERENCE_LINE.match(below) is not None
        or _NAME_LABEL.search(below)
        or _SURNAME_LABEL.search(below)
        or _BIRTH.search(below)
        # A report's first section under the examination's name: "MRT der LWS nativ" over
        # "Klinische Angabe: ...", "CT Abdomen" over "Clinical details: ...".
        or (len(words) >= 2 and _SECTION.match(below) is not None and not _SECTION.match(text))
    )


_KIND_LABEL = re.compile(r"(?:Befund|Bericht|Report|Findings)\s*:\s*[A-ZÄÖÜ][^\d:]{2,60}")
_EXAMINATION_DATED = re.compile(
    r"(?:Untersuchung|Untersuchungsart|Examination|Exam|Study)"
    r"(?:(?:\s+(?:vom|am|on|of|dated)\s+\d{1,2}\.\s?\d{1,2}\.\s?\d{2,4})?"
    r"\s*:\s*(?P<examination>[A-ZÄÖÜ][^\d:]{2,60}?)"
    # Its day after it: "Untersuchung: MRT Kniegelenk links vom 02.09.2025".
    r"(?:\s+(?:vom|am|on|of|dated)\s+\d{1,2}\.\s?\d{1,2}\.\s?\d{2,4})?|"
    # A portal's field without its colon: "Untersuchung MRT der Lendenwirbelsäule nativ".
    r"\s+(?P<imaging>(?:MRT|MRI|CT|PET|Röntgen|Sonographie|Sonografie|Szintigraphie|"
    r"Mammographie|Mammografie|DXA|Angiographie)\b[^\d:]{0,60}))"
)


def _labelled_kind(text: str) -> str | None:
    """The value of ``Befund: Kardiologischer Befundbericht``, itself a kind of report."""
    if not _KIND_LABEL.fullmatch(text.strip()):
        return None
    value = text.split(":", 1)[1].strip()
    return value if _DOCUMENT_KIND.search(value) and len(value.split()) <= 5 else None


def _dated_examination(text: str) -> str | None:
    """The examination of ``Untersuchung vom 22.09.2024: MRT des rechten Kniegelenks`` or
    ``Untersuchung: Sonographie des Abdomens``."""
    found = _EXAMINATION_DATED.fullmatch(text.strip())
    if found is None:
        return None
    examination = found["examination"] or found["imaging"]
    return examination.strip(" .") if len(examination.split()) <= 8 else None


def _examination_heading(text: str, below: Sequence[Line]) -> bool:
    """Whether a line names a report's kind and its examination after a colon ("Befund:
    Mammographie beidseits") right over the report's first section ("Indikation:")."""
    return (
        bool(below)
        and bool(_KIND_LABEL.fullmatch(text.strip()))
        and bool(_SECTION.match(below[0].text))
    )


# A report's first section, by its label.
_SECTION = re.compile(
    r"(?:Klinische Angaben?|Fragestellung|Indikation|Rechtfertigende Indikation|Technik|"
    r"Anamnese|Clinical (?:details|history|information|indication)|Indications?|History|"
    r"Technique|Findings|Befund)\s*(?::|$)",
    re.IGNORECASE,
)


# A form's name field and its value on one line, the colon left out by the form.
_FIELD_AND_VALUE = re.compile(
    r"^(?:Name|Vorname|Nachname|Geburtsname|Familienname|Rufname|Surname|Forenames?|"
    r"Given names?|First names?|Last name|Family name)\s+\S",
    re.IGNORECASE,
)


_REFERENCE_LINE = re.compile(
    r"^(?:Ihre?|Unsere?|Your|Our)\s+[^\W\d_]+\s+(?:vom|von|of|dated|from)\s+\d", re.IGNORECASE
)


# Endings of nouns, never of a name: "Aufnahmetermin Rehabilitation" is a subject. The
# endings names also have ("Hartung", "Hornung", "Ambrose") count only on a long word:
# "Umgebungsuntersuchung Tuberkulose", "Rückmeldung Wundversorgung".
_NOUN_ENDING = re.compile(
    r"(?:heit|keit|schaft|tion|sion|ität|ismus|termin|bericht|befund|anfrage|antrag|ologie|"
    r"graphie|therapie|nahme|skopie|ektomie|zeugnis)$|"
    r"^[^\W\d_]{6,}(?:ung|ose|itis)$",
    re.IGNORECASE,
)


def _name_alone(text: str) -> bool:
    """Whether ``text`` is a person's name and nothing else (``Hussain, Jennifer Sophie``;
    ``Oberleutnant Julia zur Nieden``, a soldier's rank before it)."""
    text = without_rank(text)
    if any(_NOUN_ENDING.search(word) for word in text.replace(",", " ").split()):
        return False
    name = read_name(text)
    if name is None:
        return False
    return sorted(name.casefold().split()) == sorted(text.replace(",", " ").casefold().split())


def _without_patient(title: str) -> str:
    """``Arztbrief Karin Vogel`` (before ``, geb. 07.06.1937``) without the patient's name
    it ends with: the subject's kind of letter."""
    name = _name_ending(title)
    words = title.split()
    if name is None or len(words) <= len(name.split()):
        return title
    return " ".join(words[: -len(name.split())]).strip(" ,.:;–—-")


def without_patient_named(title: str, patient: str) -> str:
    """A subject less the patient's own name at its end, in either order and without a
    label ("Rückfrage zur Verordnung Vogt, Ole", "Therapiebericht Krankengymnastik Ursula
    Oelkers"): the subject's words before it."""
    named = patient.casefold().split()
    words = title.split()
    if len(named) < 2 or len(words) <= len(named):
        return title
    ending = [word.strip(",;").casefold() for word in words[-len(named) :]]
    if sorted(ending) != sorted(named):
        return title
    before = " ".join(words[: -len(named)]).strip(" ,.:;–—-")
    before = re.sub(r"\s+(?:für|for|von|of|über|betreffend|betr\.)$", "", before, flags=re.I)
    # A kind's bare word left ("Befund" of "Befund Jessica Classen") says no more than that
    # it is one: the name tells this letter from the others, and stays.
    return before if _not_bare(before) else title


# A report's state after its kind: "LABORBEFUND – Endbefund", "Arztbrief (vorläufig)".
_REPORT_STATE = re.compile(
    r"\s*(?:[–—-]\s*|\(\s*)(?:End|Teil|Vor|Zwischen|Nach)befund|"
    r"\s*(?:[–—-]\s*|\(\s*)(?:vorläufig|endgültig|final|preliminary|interim|korrigiert|Nachtrag)"
    r"(?:er|e|es)?(?:\s+(?:Befund|Bericht|Report))?\s*\)?$",
    re.IGNORECASE,
)


def without_report_state(title: str) -> str:
    """A title less the state of its report after a dash or in brackets, where a kind of
    letter stands before it."""
    state = _REPORT_STATE.search(title)
    if state is None or state.start() == 0 or state.end() != len(title):
        return title
    return title[: state.start()].strip()


_REPLY_ALONE = re.compile(r"(?:AW|RE|WG|FW|FWD|TR|SV|Antwort|Reply)\W*", re.IGNORECASE)


_DANGLING = re.compile(
    r"(?:\s+(?:vom|von|am|from|of|dated|on|für|for|zur|zum|der|des|über|about|betreffend|betreffs|"
    r"regarding|concerning|"
    # The letters from abroad: "Coloscopie du" (its date gone), "Visita del", "Consulta de".
    r"du|del|della|dello|de|da|do|dne|z|ze|van))+$",
    re.I,
)


def _without_dashed_name(title: str) -> str:
    """``Imaging report – James Featherstonehaugh`` less the patient after its dash."""
    dash = re.search(r"\s[–—-]\s+", title)
    if dash is None:
        return title
    named = title[dash.end() :]
    # "Ärztliche Auskunft": an adjective, no given name, begins the part after the dash.
    adjective = re.match(r"[A-ZÄÖÜ][a-zäöüß]+(?:lich|isch|ig)(?:e|er|es|en)?\s", named)
    if adjective is not None:
        return title
    if read_name(re.sub(rf"^{_SALUTATION}\s+", "", named)) and not _DOCUMENT_KIND.search(named):
        return title[: dash.start()].strip()  # not "Arbeitsunfall – Anforderung Verlaufsbericht"
    return title


def _title_text(text: str) -> str | None:
    text = text[:MAX_TITLE_CHARACTERS]
    if re.match(rf"\s*(?:{_SALUTATION}\s|Patient|Pat\.)", text):
        return None  # "Betreff: Frau Aisha Hoffmann, geb. ...": the patient, no title
    mention = _PATIENT_MENTION.search(_CITATION.sub(_masked_digits, text))
    title = (text[: mention.start()] if mention else text).strip(" ,.:;–—-¦")
    if mention:
        title = _without_patient(title)
    # "Ihre Überweisung vom 12.03.2026": the date went with the mention, its "vom" goes too.
    title = _DANGLING.sub("", title).strip(" ,.:;–—-¦")
    title = _SENT_BY.sub("", _without_dashed_name(title))
    # "DISCHARGE SUMMARY / TTO": a heading with a list's acronym after a slash, filed under
    # the heading; two names ("Rückfrage Rezept / Lieferengpass", "Verlegungsbericht /
    # Lettera di trasferimento") stay whole, as printed.
    halves = title.split(" / ")
    if len(halves) == 2 and re.fullmatch(r"[A-Z]{2,4}", halves[1].strip()):
        title = halves[0].strip()
    if not title or len(title) > MAX_TITLE_CHARACTERS or _REPLY_ALONE.fullmatch(title):
        return None  # "AW: Patientin Wichmann" less its patient: a reply's prefix alone
    return _heading_case(title) if title.isupper() else title


# A heading's small words, written small in its usual case ("Rückfrage zur Verordnung").
_SMALL_WORDS = frozenset(
    {"zur", "zum", "der", "die", "das", "dem", "den", "des", "und", "für", "von", "vom", "mit",
     "bei", "nach", "auf", "aus", "über", "an", "am", "im", "in", "zu", "of", "the", "and",
     "for", "to", "on", "de", "du", "la", "le", "di", "del", "da", "do", "et", "iz",
     "ein", "eine", "einer", "eines", "einen", "einem", "no", "na", "od", "ze"}
)  # fmt: skip


def _heading_case(text: str) -> str:
    """A heading in capitals in its usual case: each word capitalised, the small words
    written small, and a short word that is none of those kept as an abbreviation
    ("FESTSTELLUNGSVERFAHREN NACH DEM SGB IX": "Feststellungsverfahren nach dem SGB IX")."""
    words = text.split(" ")
    cased = []
    for index, word in enumerate(words):
        folded = word.casefold()
        if index and folded in _SMALL_WORDS:
            cased.append(folded)
        elif len(word) <= 3 and word.isalpha() and folded not in _SMALL_WORDS:
            cased.append(word)  # "SGB", "IX", "MRT", "LWS"
        else:
            cased.append(capitalised(word))
    return " ".join(cased)


# How the letter was sent, after its heading: "RÜCKFRAGE ZUR VERORDNUNG – per Fax",
# "Befundbericht (vorab per Fax)".
# (One space before it, not a run: a line of 20,000 spaces must cost no square.)
_SENT_BY = re.compile(
    r"\s(?:[–—-]\s?|\()(?:vorab\s+)?(?:per|via|by)\s+(?:Tele)?fax\)?\s*$", re.IGNORECASE
)


# A law's or a numbered thing's numbers in a title ("Meldung gemäß §§ 6, 7 IfSG", "Art. 5
# und 6", "Berufskrankheit Nr. 2108, 2109"): all of them the citation's, masked so that none
# is taken for a date or a patient's number after the title; a date's digits never are
# ("Bericht Nr. 3, 12.03.2026" keeps its date apart).
_CITATION = re.compile(
    r"(?:§§?|Art\.|Abs\.|Nr\.|No\.)\s?\d+[a-z]?(?![\d.])"
    r"(?:\s?(?:,|und|u\.|bis|oder|and|or|[-–])\s?\d+[a-z]?(?![\d.]))*"
)


def _masked_digits(match: re.Match[str]) -> str:
    return re.sub(r"\d", "#", match.group())


# A full stop the CPU engine reads between a heading's words ("Vorläufiger. Entlassbericht",
# "Rückfrage zur.Verordnung"): after a word of letters, no abbreviation's short stem.
_STRAY_STOP = re.compile(
    r"(?<=[^\W\d_][a-zäöüß]{5})\.\s+(?=[^\W\d_]{3})|(?<=[a-zäöüß]{3})\.(?=[A-ZÄÖÜ][a-zäöüß]{2})"
)
