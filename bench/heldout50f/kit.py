# SPDX-License-Identifier: AGPL-3.0-or-later
"""What a layout receives (the case: patient, addressee, date, dice) and returns (the draft:
pages and the facts it printed), and the small parts layouts share."""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass, field
from typing import Any

from bench.heldout50f.sheet import Sheet


@dataclass(frozen=True)
class Practice:
    """A receiving practice: the letters' addressee."""

    name: str
    doctors: tuple[str, ...]
    street: str
    postcode: str
    city: str
    phone: str
    fax: str


PRACTICES = (
    Practice(
        "Hausarztpraxis am Lindenplatz",
        ("Dr. med. Katrin Wellmann", "Jonas Brenner"),
        "Lindenplatz 7",
        "50733",
        "Köln",
        "0221 7304410",
        "0221 7304419",
    ),
    Practice(
        "Gemeinschaftspraxis Oltmanns & Aydın",
        ("Dr. med. Henrike Oltmanns", "Dr. med. Selin Aydın"),
        "Frankfurter Straße 212",
        "51065",
        "Köln",
        "0221 6128833",
        "0221 6128834",
    ),
    Practice(
        "Hausärztliches Zentrum Brückmühle",
        ("Dr. med. Tobias Reinartz", "Dr. med. univ. Mirela Kovač"),
        "Mühlenweg 3",
        "50259",
        "Pulheim",
        "02238 59071",
        "02238 590799",
    ),
)


@dataclass
class Person:
    """The patient as this letter spells them."""

    given: str
    surname: str
    sex: str
    birth: datetime.date
    street: str
    postcode: str
    city: str
    title: str = ""
    birth_name: str = ""


@dataclass
class Case:
    rng: random.Random
    pat: Person
    practice: Practice
    doctor: str
    day: datetime.date  # the letter's own date (a layout may leave it unprinted)
    register_id: str | None
    show_address: bool = False  # print the patient's address (it decides a collision)
    print_register_id: bool = False
    birth_optional: bool = False  # a layout may leave the birth date out (no look-alike needs it)


@dataclass
class Draft:
    sheet: Sheet
    language: str
    region: str
    sender: str | None
    as_written: str
    title: str | None = None
    sender_alternatives: list[str] = field(default_factory=list)
    title_alternatives: list[str] = field(default_factory=list)
    letter_date: datetime.date | None = None
    birth_printed: bool = True
    other_dates: list[tuple[datetime.date, str]] = field(default_factory=list)
    people: list[tuple[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    fax_number: str = "+49 221 000000"
    fax_label: str = ""
    handwritten: bool = False
    patient_id: str | None = None
    cover_from: str = ""
    cover_subject: str = "Arztbrief"
    addressee: tuple[str, str] = ("", "")
    given_as_letter: str = ""  # where the letter writes the given names otherwise (initials)


def german(sheet: Sheet, sender: str | None, as_written: str, **fields: Any) -> Draft:
    """A draft of a German letter from Germany."""
    return Draft(sheet, "de", "DE", sender, as_written, **fields)


DOCTORS_DE = [
    "Dr. med. Ulrike Hambloch",
    "Dr. med. Konstantin Pesch",
    "Prof. Dr. med. Gerold Wimmers",
    "Dr. med. Friederike Osterkamp",
    "PD Dr. med. Malte Ehrenberg",
    "Dr. med. Sevgi Karaca",
    "Dr. med. Annika Thelen",
    "Dr. med. Bastian Quadflieg",
    "Dr. med. Irmgard Loosen",
    "Dr. med. Philipp Nettekoven",
    "Dr. med. Yasemin Bozkurt",
    "Dr. med. Heiner Stollwerck",
    "Dr. med. Clara Weinand",
    "Prof. Dr. med. Renate Vollmert",
    "Dr. med. Jakob Liedtke",
]


def doctors(
    rng: random.Random, count: int, pool: tuple[str, ...] | list[str] = DOCTORS_DE
) -> list[str]:
    return rng.sample(list(pool), count)


def after(day: datetime.date, low: int, high: int, rng: random.Random) -> datetime.date:
    return day + datetime.timedelta(days=rng.randint(low, high))


def before(day: datetime.date, low: int, high: int, rng: random.Random) -> datetime.date:
    return day - datetime.timedelta(days=rng.randint(low, high))


# ---- the patient's name in the letter --------------------------------------------------------


def name_form(pat: Person, form: str, title: bool = True) -> str:
    """natural: Anna Müller; upper: Anna MÜLLER; comma: Müller, Anna; caps: MÜLLER, Anna;
    allcaps: MÜLLER, ANNA; surname-first: Müller Anna (no comma)."""
    prefix = f"{pat.title} " if title and pat.title else ""
    forms = {
        "natural": f"{prefix}{pat.given} {pat.surname}",
        "upper": f"{prefix}{pat.given} {pat.surname.upper()}",
        "comma": f"{pat.surname}, {prefix}{pat.given}",
        "caps": f"{pat.surname.upper()}, {prefix}{pat.given}",
        "allcaps": f"{pat.surname.upper()}, {pat.given.upper()}",
        "bare": f"{pat.surname.upper()} {pat.given}",
    }
    return forms[form]


SALUTE = {
    "de": ("Frau", "Herrn"),
    "de1": ("Frau", "Herr"),
    "en": ("Mrs", "Mr"),
    "us": ("Ms.", "Mr."),
    "fr": ("Madame", "Monsieur"),
    "it": ("Sig.ra", "Sig."),
    "nl": ("mevrouw", "de heer"),
    "pl": ("Pani", "Pan"),
    "es": ("Sra.", "Sr."),
    "tr": ("Bayan", "Bay"),
    "da": ("Fru", "Hr."),
}


def salute(pat: Person, language: str) -> str:
    female, male = SALUTE[language]
    return female if pat.sex == "F" else male


def birth_clause(pat: Person, language: str = "de") -> str:
    """ ", geb. Weber" where the letter has the birth name, else empty."""
    if not pat.birth_name:
        return ""
    word = {"de": "geb.", "en": "née", "fr": "née", "nl": "geb.", "it": "nata"}.get(
        language, "geb."
    )
    return f", {word} {pat.birth_name}"


def address_lines(pat: Person) -> list[str]:
    return [pat.street, f"{pat.postcode} {pat.city}"]


# ---- the addressee ---------------------------------------------------------------------------


GERMANY = {
    "de": "Deutschland",
    "en": "GERMANY",
    "fr": "ALLEMAGNE",
    "it": "Germania",
    "nl": "Duitsland",
    "pl": "Niemcy",
    "es": "Alemania",
    "tr": "Almanya",
    "da": "Tyskland",
}


def addressee(case: Case, style: str = "de", language: str = "en") -> list[str]:
    """The receiving practice's address block as the sender writes it (from abroad: the
    country in the sender's language)."""
    p = case.practice
    if style == "intl":
        country = GERMANY[language]
        return [case.doctor, p.name, p.street, f"D-{p.postcode} {p.city}", country]
    if style == "short":
        return [p.name, case.doctor, p.street, f"{p.postcode} {p.city}"]
    return [p.name, case.doctor, p.street, "", f"{p.postcode} {p.city}"]


def window(
    sheet: Sheet, case: Case, style: str = "de", sender_line: str = "", top: float = 50.0
) -> None:
    """The DIN 5008 window: a small return-address line, then the address block."""
    sheet.y = top
    if sender_line:
        sheet.line(sender_line, size=7.0)
        sheet.gap(1.5)
    sheet.lines(addressee(case, style))


def sign(sheet: Sheet, closing: str, names: list[str], roles: list[str]) -> None:
    """The closing, room for signatures, the signers side by side under it."""
    sheet.room(30)
    sheet.gap(3)
    sheet.line(closing)
    sheet.gap(12)
    y = sheet.y + sheet.lead()
    x = sheet.left
    step = (sheet.width - sheet.left - sheet.right) / max(1, len(names))
    for name, role in zip(names, roles, strict=True):
        sheet.put(name, x, y)
        sheet.put(role, x, y + sheet.lead(8.5), size=8.5)
        x += step
    sheet.y = y + 2 * sheet.lead()


def stamp(sheet: Sheet, lines: list[str], x: float, width: float = 62.0) -> None:
    """A rubber stamp: a frame with a few lines in it, at the cursor."""
    top = sheet.y + 2
    sheet.shape("rect", x, top, width, 4.5 * len(lines) + 3)
    y = top + 4.5
    for text in lines:
        sheet.put(text, x + 2.5, y, font="cond-b" if y == top + 4.5 else "cond", size=9)
        y += 4.5
    sheet.y = top + 4.5 * len(lines) + 5


# ---- body text -------------------------------------------------------------------------------

DIAGNOSES_DE = [
    "Arterielle Hypertonie (I10.90)",
    "Diabetes mellitus Typ 2, nicht insulinpflichtig (E11.90)",
    "Paroxysmales Vorhofflimmern (I48.0)",
    "Ambulant erworbene Pneumonie rechts basal (J18.9)",
    "Akute Exazerbation einer COPD GOLD 3 (J44.19)",
    "Lumbale Spinalkanalstenose L4/5 (M48.06)",
    "Primäre Gonarthrose rechts (M17.1)",
    "Eisenmangelanämie (D50.9)",
    "Hypothyreose bei Autoimmunthyreoiditis (E06.3)",
    "Symptomatische Cholezystolithiasis (K80.20)",
    "Koronare 2-Gefäßerkrankung (I25.12)",
    "Herzinsuffizienz mit erhaltener Pumpfunktion, NYHA II (I50.12)",
    "Chronische Niereninsuffizienz Stadium G3a (N18.3)",
    "Hypercholesterinämie (E78.0)",
]
MEDS = [
    "Ramipril 5 mg 1-0-0",
    "Metformin 1000 mg 1-0-1",
    "Apixaban 5 mg 1-0-1",
    "Pantoprazol 40 mg 1-0-0",
    "Bisoprolol 2,5 mg 1-0-0",
    "L-Thyroxin 75 µg 1-0-0",
    "Atorvastatin 40 mg 0-0-1",
    "Torasemid 10 mg 1-0-0",
    "Metamizol 500 mg bei Bedarf bis 4x tgl.",
    "Candesartan 8 mg 1-0-0",
]
TEXT_DE = [
    "Die Aufnahme erfolgte über die Zentrale Notaufnahme bei seit drei Tagen zunehmender "
    "Belastungsdyspnoe und thorakalem Druckgefühl.",
    "Klinisch zeigte sich ein reduzierter Allgemeinzustand bei adipösem Ernährungszustand; "
    "pulmonal feinblasige Rasselgeräusche rechts basal, Herztöne rein und rhythmisch.",
    "Laborchemisch fanden sich erhöhte Entzündungswerte, die unter der kalkulierten "
    "antibiotischen Therapie rasch rückläufig waren.",
    "Wir bitten um regelmäßige Kontrollen von Blutdruck, Nierenfunktion und Elektrolyten in "
    "Ihrer Praxis.",
    "Die Patientin wurde in gutem Allgemeinzustand in die häusliche Umgebung entlassen.",
    "Echokardiographisch zeigte sich eine gute linksventrikuläre Pumpfunktion ohne "
    "regionale Wandbewegungsstörungen.",
    "Eine Wiedervorstellung in unserer Ambulanz ist bei erneuten Beschwerden jederzeit möglich.",
    "Für Rückfragen stehen wir Ihnen gerne zur Verfügung.",
]


def pick(rng: random.Random, pool: list[str], count: int) -> list[str]:
    return rng.sample(pool, min(count, len(pool)))
