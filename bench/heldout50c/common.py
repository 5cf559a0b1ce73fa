"""What the letters share: date spellings, the patient as a letter writes them, a letter's facts."""

# ruff: noqa: SIM905  (the month names are one string each)

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date

from .register import (
    CITIES,
    DE_GIVEN_F,
    DE_GIVEN_M,
    DE_SURNAMES,
    EN_GIVEN_F,
    EN_GIVEN_M,
    EN_SURNAMES,
    STREETS,
    Patient,
)

MONTHS_DE = (
    "Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split()
)
MONTHS_AT = ["Jänner", *MONTHS_DE[1:]]
MONTHS_EN = (
    "January February March April May June July August September October November December".split()
)
MONTHS_NL = (
    "januari februari maart april mei juni juli augustus september oktober november december"
).split()
WEEKDAYS_EN = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()


def d_de(d: date) -> str:
    return f"{d.day:02d}.{d.month:02d}.{d.year}"


def d_de_short(d: date) -> str:
    return f"{d.day}.{d.month}.{d.year % 100:02d}"


def d_de_nopad(d: date) -> str:
    return f"{d.day}.{d.month}.{d.year}"


def d_de_long(d: date, austrian: bool = False) -> str:
    return f"{d.day}. {(MONTHS_AT if austrian else MONTHS_DE)[d.month - 1]} {d.year}"


def d_gb(d: date) -> str:
    return f"{d.day:02d}/{d.month:02d}/{d.year}"


def d_gb_long(d: date) -> str:
    return f"{d.day} {MONTHS_EN[d.month - 1]} {d.year}"


def ordinal(n: int) -> str:
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def d_gb_ord(d: date) -> str:
    return f"{ordinal(d.day)} {MONTHS_EN[d.month - 1]} {d.year}"


def d_gb_mon(d: date) -> str:
    return f"{d.day:02d}-{MONTHS_EN[d.month - 1][:3]}-{d.year}"


def d_us(d: date) -> str:
    return f"{d.month:02d}/{d.day:02d}/{d.year}"


def d_us_long(d: date) -> str:
    return f"{MONTHS_EN[d.month - 1]} {d.day}, {d.year}"


def d_nl(d: date) -> str:
    return f"{d.day:02d}-{d.month:02d}-{d.year}"


def d_nl_long(d: date) -> str:
    return f"{d.day} {MONTHS_NL[d.month - 1]} {d.year}"


def transliterate(name: str) -> str:
    for a, b in (
        ("ä", "ae"),
        ("ö", "oe"),
        ("ü", "ue"),
        ("Ä", "Ae"),
        ("Ö", "Oe"),
        ("Ü", "Ue"),
        ("ß", "ss"),
    ):
        name = name.replace(a, b)
    return name


@dataclass
class LP:
    """The patient as this letter writes them (spelling, given names), and their register record."""

    rec: Patient | None
    given: str
    surname: str
    title: str
    sex: str
    birth: date
    street: str
    postcode: str
    city: str
    country: str

    @property
    def full(self) -> str:
        return f"{self.given} {self.surname}"

    @property
    def first_given(self) -> str:
        return self.given.split()[0]

    def last_first(self, particle_back: bool = False) -> str:
        for particle in ("von der", "van der", "von", "van", "de", "zu"):
            if particle_back and self.surname.startswith(particle + " "):
                return f"{self.surname[len(particle) + 1 :]}, {self.given} {particle}"
        return f"{self.surname}, {self.given}"

    def caps_last(self) -> str:
        return f"{self.surname.upper()}, {self.given}"

    def herr_frau(self, address: bool = False) -> str:
        if self.sex == "M":
            return "Herrn" if address else "Herr"
        if self.sex == "F":
            return "Frau"
        return ""

    def mr(self) -> str:
        return {"M": "Mr", "F": "Mrs" if self.rec and self.rec.birth_name else "Ms"}.get(
            self.sex, "Mx"
        )

    def salutation_de(self) -> str:
        if self.sex == "M":
            return f"Sehr geehrter Herr {(self.title + ' ') if self.title else ''}{self.surname},"
        if self.sex == "F":
            return f"Sehr geehrte Frau {(self.title + ' ') if self.title else ''}{self.surname},"
        return f"Guten Tag {self.given} {self.surname},"

    def pronoun_de(self) -> tuple[str, str]:
        """(der Patient / die Patientin, er / sie)"""
        return ("der Patient", "er") if self.sex == "M" else ("die Patientin", "sie")


@dataclass
class Case:
    rng: random.Random
    lp: LP
    letter_date: date
    region: str


@dataclass
class Built:
    """What a layout drew and what a clerk would record from it."""

    doc: object
    language: str
    region: str
    sender: str
    sender_alternatives: list[str]
    title: str | None
    title_alternatives: list[str]
    letter_date: date | None
    as_written: str = ""
    birth_date_written: bool = True
    patient_id: str | None = None
    other_dates: list[dict[str, str]] = field(default_factory=list)
    other_people: list[dict[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    must: list[str] = field(default_factory=list)  # strings the page text must hold
    handwritten: bool = False
    fax_name: str = ""  # the sender's name in the fax header
    fax_number: str = ""

    def date(self, d: date, role: str) -> None:
        self.other_dates.append({"date": d.isoformat(), "role": role})

    def person(self, name: str, role: str) -> None:
        self.other_people.append({"name": name, "role": role})


def doctor(
    rng: random.Random, german: bool = True, title: str | None = None
) -> tuple[str, str, str]:
    """(full name with title, surname, sex) of a made-up doctor."""
    sex = rng.choice("FM")
    if german:
        given = rng.choice(DE_GIVEN_F if sex == "F" else DE_GIVEN_M)
        surname = rng.choice(DE_SURNAMES)
        t = (
            title
            if title is not None
            else rng.choice(["Dr. med.", "Dr. med.", "Dr.", "Prof. Dr. med."])
        )
    else:
        given = rng.choice(EN_GIVEN_F if sex == "F" else EN_GIVEN_M)
        surname = rng.choice(EN_SURNAMES)
        t = title if title is not None else "Dr"
    return (f"{t} {given} {surname}".strip(), surname, sex)


def address(rng: random.Random, country: str) -> tuple[str, str, str]:
    postcode, city = rng.choice(CITIES[country])
    street = rng.choice(STREETS[country])
    n = rng.randint(1, 90)
    if country in ("GB", "IE", "US", "AU"):
        return f"{n} {street}", postcode, city
    return f"{street} {n}", postcode, city


def phone(rng: random.Random, country: str) -> str:
    if country == "DE":
        return f"0{rng.randint(30, 999)} {rng.randint(100000, 9999999)}"
    if country == "AT":
        return f"+43 {rng.randint(1, 732)} {rng.randint(10000, 999999)}"
    if country == "CH":
        a, b, c, d = (
            rng.randint(21, 91),
            rng.randint(100, 999),
            rng.randint(10, 99),
            rng.randint(10, 99),
        )
        return f"+41 {a} {b} {c} {d}"
    if country in ("GB", "IE"):
        return f"0{rng.randint(113, 191)} {rng.randint(100, 999)} {rng.randint(1000, 9999)}"
    if country == "US":
        return f"({rng.randint(201, 989)}) 555-{rng.randint(100, 199):04d}"
    if country == "AU":
        return f"(02) {rng.randint(8000, 9999)} {rng.randint(1000, 9999)}"
    return f"0{rng.randint(10, 99)} {rng.randint(1000000, 9999999)}"
