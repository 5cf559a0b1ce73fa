"""What a layout writes with: the patient the letter is about, the receiving practice, and a
record of every fact the layout prints (with the exact printed form, for the self-check)."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field

from bench.heldout50d import names
from bench.heldout50d.pages import fmt
from bench.heldout50d.register import Patient


@dataclass
class Subject:
    """The patient as the letter writes them, and as the register knows them (if it does)."""

    surname: str
    given: str
    birth: dt.date
    sex: str
    street: str
    postcode: str
    city: str
    title: str = ""
    record: Patient | None = None

    @property
    def first(self) -> str:
        return self.given.split()[0]

    def salutation(self, language: str) -> str:
        table = {
            "de": ("Frau", "Herr"),
            "en": ("Mrs", "Mr"),
            "nl": ("mevrouw", "de heer"),
            "fr": ("Madame", "Monsieur"),
            "it": ("Signora", "Signor"),
            "da": ("", ""),
        }
        female, male = table[language]
        return female if self.sex == "F" else male

    def age(self, on: dt.date) -> int:
        return on.year - self.birth.year - ((on.month, on.day) < (self.birth.month, self.birth.day))


@dataclass
class Practice:
    """The receiving practice: the addressee, never the sender."""

    lines: list[str]
    phone: str
    fax: str
    doctor: str


PRACTICES = {
    "DE": Practice(
        [
            "Hausarztpraxis am Schlossberg",
            "Dr. med. Katrin Albers",
            "Schlossbergring 4",
            "79098 Freiburg im Breisgau",
        ],
        "0761 2927410",
        "0761 2927419",
        "Dr. med. Katrin Albers",
    ),
    "AT": Practice(
        [
            "Ordination Dr. Helene Stradal",
            "Ärztin für Allgemeinmedizin",
            "Währinger Straße 58/3",
            "1090 Wien",
        ],
        "+43 1 406 22 18",
        "+43 1 406 22 18-20",
        "Dr. Helene Stradal",
    ),
    "CH": Practice(
        ["Hausarztpraxis Seefeld", "Dr. med. Beat Lüthi", "Seefeldstrasse 88", "8008 Zürich"],
        "044 383 12 40",
        "044 383 12 41",
        "Dr. med. Beat Lüthi",
    ),
    "GB": Practice(
        ["Dr A. Patel", "Riverside Medical Practice", "14 Mill Lane", "Cambridge CB2 1RX"],
        "01223 465200",
        "01223 465201",
        "Dr A. Patel",
    ),
    "IE": Practice(
        [
            "Dr Niamh Doyle",
            "Ballsbridge Family Practice",
            "22 Shelbourne Road",
            "Dublin 4, D04 X2K8",
        ],
        "01 668 4410",
        "01 668 4411",
        "Dr Niamh Doyle",
    ),
    "US": Practice(
        [
            "Karen Liu, MD",
            "Maple Street Family Medicine",
            "410 Maple Street, Suite 200",
            "Burlington, VT 05401",
        ],
        "(802) 555-0147",
        "(802) 555-0148",
        "Karen Liu, MD",
    ),
    "NZ": Practice(
        ["Dr Tom Ngata", "Harbourside General Practice", "5 Marine Parade", "Napier 4110"],
        "06 835 2210",
        "06 835 2211",
        "Dr Tom Ngata",
    ),
    "NL": Practice(
        ["Huisartsenpraktijk De Linde", "L. van Rijn, huisarts", "Lindelaan 7", "3584 CL Utrecht"],
        "030 251 44 10",
        "030 251 44 19",
        "L. van Rijn",
    ),
    "FR": Practice(
        [
            "Cabinet médical des Tilleuls",
            "Dr Claire Marchand",
            "12 rue des Tilleuls",
            "67000 Strasbourg",
        ],
        "03 88 21 45 60",
        "03 88 21 45 61",
        "Dr Claire Marchand",
    ),
    "IT": Practice(
        [
            "Dr. Martin Egger",
            "Arzt für Allgemeinmedizin / Medico di base",
            "Lauben 12 / Portici 12",
            "39100 Bozen / Bolzano",
        ],
        "0471 97 32 10",
        "0471 97 32 11",
        "Dr. Martin Egger",
    ),
    "DK": Practice(
        ["Lægehuset Vestergade", "Læge Mette Holm", "Vestergade 12", "8000 Aarhus C"],
        "86 12 34 56",
        "86 12 34 57",
        "Mette Holm",
    ),
}


@dataclass
class Ctx:
    rng: random.Random
    p: Subject
    date: dt.date
    language: str = "de"
    region: str = "DE"
    facts: dict[str, object] = field(default_factory=dict)
    printed: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    other_dates: list[dict[str, str]] = field(default_factory=list)
    other_people: list[dict[str, str]] = field(default_factory=list)
    fax_from: tuple[str, str] = ("", "")
    handwritten: bool = False
    stamp_language: str = "de"

    def setup(self, language: str, region: str, addressed: bool = True) -> Practice:
        """The letter's language and country; addressed: the practice's doctor is named."""
        self.language, self.region = language, region
        practice = PRACTICES[region]
        if addressed:
            self.person(practice.doctor, "addressee")
        return practice

    def sender(self, name: str, *alternatives: str, fax: str = "") -> str:
        self.facts["sender"] = name
        self.facts["sender_alternatives"] = list(alternatives)
        self.printed.append(name)
        self.fax_from = (name, fax or self.fax_from[1])
        return name

    def title(self, title: str | None, *alternatives: str) -> str:
        self.facts["title"] = title
        self.facts["title_alternatives"] = list(alternatives)
        if title:
            self.printed.append(title)
        return title or ""

    def dated(self, style: str) -> str:
        """The letter's own date, printed in this style."""
        text = fmt(self.date, style)
        self.facts["letter_date"] = self.date.isoformat()
        self.printed.append(text)
        return text

    def born(self, style: str, day: dt.date | None = None) -> str:
        text = fmt(day or self.p.birth, style)
        self.facts["birth_date"] = self.p.birth.isoformat()
        self.printed.append(text)
        return text

    def named(self, as_written: str) -> str:
        """The letter's first mention of the patient, verbatim."""
        if "as_written" not in self.facts:
            self.facts["as_written"] = as_written
            self.printed.append(as_written)
        return as_written

    def other(self, day: dt.date, role: str, style: str) -> str:
        text = fmt(day, style)
        self.other_dates.append({"date": day.isoformat(), "role": role})
        self.printed.append(text)
        return text

    def person(self, name: str, role: str) -> str:
        self.other_people.append({"name": name, "role": role})
        self.printed.append(name)
        return name

    def days(self, low: int, high: int) -> dt.date:
        return self.date + dt.timedelta(days=self.rng.randint(low, high))

    def doctor(self, prefix: str = "Dr. med.") -> str:
        given = self.rng.choice(names.FEMALE + names.MALE)
        surname = self.rng.choice(names.SURNAMES[:120])
        return f"{prefix} {given} {surname}".strip()

    def pick(self, options: list[str]) -> str:
        return self.rng.choice(options)
