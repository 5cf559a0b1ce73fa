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

import re
from collections.abc import Iterable, Sequence
from datetime import date

from docvault.facts.extract.base import (
    DATE_FIELDS,
    EARLIEST_LETTER,
    FIELD_LABELS,
    FIELDS,
    LETTER_DATE_AHEAD,
    MAX_CHARACTERS,
    TEXT_FIELDS,
    Candidate,
    Proposal,
    letter_lines,
    same_person,
)
from docvault.facts.extract.dates import (
    DateOrder,
    dates_in,
    foreign_digit,
    letter_date_candidates,
    parse_date,
    slash_order,
    stored_date,
    unwanted_character,
    without_receipt_stamp,
    written_date,
)
from docvault.facts.extract.patient import (
    birth_candidates,
    expand_initial,
    national_birth_dates,
    patient_candidates,
)
from docvault.facts.extract.sender import (
    heads_letter,
    sender_candidates,
)
from docvault.facts.extract.title import (
    title_candidates,
    without_patient_named,
    without_report_state,
)
from docvault.textutil import strip_markup


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
    # The practice's receipt stamp ("EINGANG 25.09.2025"), where the scanner caught it at the
    # page's top: the practice's mark on the page, no line of the letter's head.
    lines = without_receipt_stamp(letter_lines(text), heads_letter)
    order = slash_order(text[:MAX_CHARACTERS])
    decided = {
        "patient": _decide("patient", patient_candidates(lines)),
        "born": _decide("born", birth_candidates(lines, order, today)),
        "letter_date": _decide("letter_date", letter_date_candidates(lines, order, today)),
        "sender": _decide("sender", sender_candidates(lines)),
        "title": _decide("title", title_candidates(lines)),
    }
    patient = decided["patient"]
    if patient is not None:
        full = expand_initial(patient.value, text[:MAX_CHARACTERS])
        decided["patient"] = Proposal("patient", full, patient.evidence) if full else None
    born, written = decided["born"], decided["letter_date"]
    if born and written and (written.value <= born.value):
        decided["letter_date"] = None  # a letter dated before its patient's birth: misread
    sender, patient = decided["sender"], decided["patient"]
    if sender and patient and same_person(sender.value, patient.value):
        decided["sender"] = None
    title = decided["title"]
    if title is not None:
        plain = without_report_state(title.value)
        plain = without_patient_named(plain, patient.value) if patient else plain
        decided["title"] = Proposal("title", plain, title.evidence) if plain else None
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
    r"transmission|transmittal))?\W*$|^\W*(?:Fax-?)?Deckblatt\W*$|"
    r"^\W*Facsimile(?:\s+(?:cover(?:\s+sheet)?|transmission|transmittal|message))?\W*$|"
    # In the languages of the faxes from abroad: "FAX – průvodní list", "Telefaks",
    # "Faxmeddelelse", "Faxförsättsblad" (a few words after the word, no number, no colon).
    r"^\W*(?:Tele)?fa(?:x|ks)(?:[\w-]*)(?:\s*[–—-]?\s*[^\W\d_]+){0,3}\W*$|"
    r"^\W*(?:Télécopie|Telecopie|Télécopieur|Telecopia)\W*$",
    re.IGNORECASE | re.MULTILINE,
)


_COVER_PAGES = re.compile(
    r"^\W*(?:Pages|Seiten(?:zahl|anzahl)?|Seitenanzahl|Anzahl (?:der )?Seiten|No\.? of pages|"
    r"Number of pages|Total pages|Počet stran|Liczba stron|Antal sid(?:er|or)|Aantal pagina'?s|"
    r"Nombre de pages|Número de páginas|Numero di pagine|Oldalszám|Počet strán)"
    # What the count includes, in any words ("inkl. Deckblatt", "incl. cover", "(mit Deckblatt)").
    r"\b[^:¦\n]{0,30}[:¦]",
    re.IGNORECASE | re.MULTILINE,
)


# A cover's addressing fields: both a "To:" and a "From:" on lines of their own.
# A bilingual label ("Pro / An:", "Od / Von:") names its field in either language.
_COVER_TO = re.compile(
    r"^\W*(?:[^\W\d_]+\s*/\s*)?(?:To|An|Empfänger|Recipient|Attn|Pro|Do|Til|Till|Aan|À|Para|"
    r"Címzett|Destinataire|Destinatario)\s*[:¦]",
    re.IGNORECASE | re.MULTILINE,
)
_COVER_FROM = re.compile(
    r"^\W*(?:[^\W\d_]+\s*/\s*)?(?:From|Von|Absender|Sender|Od|Fra|Från|Van|De|Da|Feladó|"
    r"Expéditeur|Mittente|Remitente)"
    r"\s*[:¦]",
    re.IGNORECASE | re.MULTILINE,
)


def is_fax_cover(page: str) -> bool:
    """Whether a page is a fax cover sheet (heading "Fax", "Telefax", "Fax cover sheet"
    and a "Pages:" or "Seiten:" field, or "To:" and "From:" fields), not a letter's page.
    The fields: a cover that counts its pages in words nobody listed still addresses."""
    text = strip_markup(page[:MAX_CHARACTERS])
    if not _COVER_HEADING.search(text):
        return False
    return bool(_COVER_PAGES.search(text) or (_COVER_TO.search(text) and _COVER_FROM.search(text)))


def search_date(term: str, today: date | None = None) -> str | None:
    """A date typed into a search (``born:12.3.61``, ``born:12. März 1961``) in ISO form."""
    term = term.strip().strip('"')
    if re.fullmatch(r"\d{4}(?:-\d\d?){0,2}", term):
        return term  # ISO already, or a year or month: the index's own form
    order = DateOrder(True)  # the clinic's own writing: day first
    found = parse_date(term, today, order)
    return found.isoformat() if found else None


__all__ = [
    "DATE_FIELDS",
    "EARLIEST_LETTER",
    "FIELDS",
    "FIELD_LABELS",
    "LETTER_DATE_AHEAD",
    "TEXT_FIELDS",
    "DateOrder",
    "Proposal",
    "dates_in",
    "document_text",
    "foreign_digit",
    "national_birth_dates",
    "parse_date",
    "propose",
    "search_date",
    "stored_date",
    "unwanted_character",
    "written_date",
]
