"""The receiving practices and the letter writers' context (names, dates as written)."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field

from .common import Doc, fmt, translit
from .register import OUTSIDERS, Patient, by_key

PRACTICES = [
    {
        "key": "mvz",
        "name": "MVZ Elbtal-Gesundheitszentrum",
        "alts": ["MVZ Elbtal", "Medizinisches Versorgungszentrum Elbtal"],
        "doctors": ["Dr. med. Katrin Wendler", "Dr. med. Tobias Hähnel", "Jana Löbel"],
        "street": "Pillnitzer Landstraße 148",
        "city": "01326 Dresden",
        "fax": "0351 26 44 190",
    },
    {
        "key": "zschornack",
        "name": "Hausarztpraxis Dipl.-Med. Gudrun Zschornack",
        "alts": ["Praxis Zschornack", "Dipl.-Med. Gudrun Zschornack"],
        "doctors": ["Dipl.-Med. Gudrun Zschornack"],
        "street": "Jakobstraße 12",
        "city": "02826 Görlitz",
        "fax": "03581 40 12 99",
    },
    {
        "key": "lindenhof",
        "name": "Gemeinschaftspraxis am Lindenhof",
        "alts": ["Praxis am Lindenhof", "Gemeinschaftspraxis Dr. Pietzsch und Kretschmar"],
        "doctors": ["Dr. med. Lars Pietzsch", "Ute Kretschmar"],
        "street": "Innere Weberstraße 7",
        "city": "02763 Zittau",
        "fax": "03583 51 08 77",
    },
]

PRACTICE_NAMES = [p["name"] for p in PRACTICES]


@dataclass
class Outsider:
    surname: str
    given_names: str
    birth_date: dt.date
    sex: str
    title: str = ""
    id: None = None

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


def outsider(key: str) -> Outsider:
    s, g, b, sex = OUTSIDERS[key]
    return Outsider(s, g, dt.date.fromisoformat(b), sex)


REGISTER = by_key()


@dataclass
class Ctx:
    rng: random.Random
    practice: dict
    region: str = "DE"
    language: str = "de"
    layout: str = ""
    doc: Doc = field(default_factory=Doc)
    pat: Patient | Outsider | None = None
    as_written: str | None = None
    name_as_letter: str | None = None
    birth_date: dt.date | None = None
    letter_date: dt.date | None = None
    sender: str | None = None
    sender_alts: list[str] = field(default_factory=list)
    title: str | None = None
    title_alts: list[str] = field(default_factory=list)
    patient_id: str | None = None
    other_dates: list[dict] = field(default_factory=list)
    other_people: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    handwritten: bool = False
    no_pdf: bool = False
    written: list[tuple[str, str, str, str]] = field(default_factory=list)
    fax_number: str = ""
    sender_short: str = ""
    stamp: bool = False
    deck: list[str] = field(default_factory=list)

    # --- people -------------------------------------------------------------------------
    def pick(self, *keys: str) -> Patient | Outsider:
        # The split's deck spreads the letters over the register's people: the first person
        # in it whom this kind of letter may be about (then the deck moves on).
        key = next((k for k in self.deck if k in keys), None) or self.rng.choice(keys)
        if key in self.deck:
            self.deck.remove(key)
        self.pat = outsider(key[4:]) if key.startswith("out:") else REGISTER[key]
        return self.pat

    def name(
        self, style: str = "given_sur", ascii_umlauts: bool = False, with_title: bool = False
    ) -> str:
        p = self.pat
        assert p is not None
        sur, given = p.surname, p.given_names
        if ascii_umlauts:
            sur, given = translit(sur), translit(given)
        spelled_sur, spelled_given = sur, given
        if style == "given_sur":
            text = f"{given} {sur}"
        elif style == "SUR_given":
            text = f"{sur.upper()}, {given}"
            spelled_sur = sur.replace("ß", "ss")
        elif style == "given_SUR":
            text = f"{given} {sur.upper()}"
            spelled_sur = sur.replace("ß", "ss")
        elif style == "sur_given":
            text = f"{sur}, {given}"
        elif style == "sur_given_nocomma":
            text = f"{sur} {given}"
        elif style == "form":
            text = f"Name: {sur}    Vorname: {given}"
        elif style == "birthname":
            bn = getattr(p, "birth_name", "") or sur
            text = f"{sur}, geb. {bn}, {given}"
        else:
            raise ValueError(style)
        if with_title and p.title:
            text = f"{p.title} {text}"
        if self.as_written is None:
            self.as_written = text
            self.name_as_letter = f"{spelled_given} {spelled_sur}"
        return text

    def person(self, name: str, role: str) -> str:
        self.other_people.append({"name": name, "role": role})
        return name

    # --- dates --------------------------------------------------------------------------
    def date(self, d: dt.date, style: str, role: str) -> str:
        text = fmt(d, style)
        conv = (
            self.region
            if self.region in {"UK", "IE", "US"}
            else "DE"
            if style in {"de_num", "de_short", "de_num2", "de_long", "iso"}
            else self.region
        )
        self.written.append((role, text, conv, d.isoformat()))
        if role == "letter":
            self.letter_date = d
        elif role == "birth":
            self.birth_date = d
        elif role != "fax" and not any(
            o["date"] == d.isoformat() and o["role"] == role for o in self.other_dates
        ):
            self.other_dates.append({"date": d.isoformat(), "role": role})
        return text

    def days(self, base: dt.date, lo: int, hi: int) -> dt.date:
        return base + dt.timedelta(days=self.rng.randint(lo, hi))

    # --- the addressee's window ----------------------------------------------------------
    def window(
        self, doctor: bool = True, country: str | None = None, return_line: str | None = None
    ) -> None:
        d = self.doc
        pr = self.practice
        if return_line:
            d.line(return_line, size=7)
        d.line(pr["name"], size=10)
        if doctor:
            doc_name = self.rng.choice(pr["doctors"])
            d.line(
                (
                    "Frau "
                    if doc_name.split()[-2] in {"Katrin", "Jana", "Gudrun", "Ute"}
                    else "Herrn "
                )
                + doc_name,
                size=10,
            )
            self.other_people.append({"name": doc_name, "role": "addressee"})
        d.line(pr["street"], size=10)
        d.line(pr["city"], size=10)
        if country:
            d.line(country, size=10)
