# SPDX-License-Identifier: AGPL-3.0-or-later
"""What a layout writes with: the patient, the dates, and the truth it records as it prints."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field

MONTHS = {
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    "at": "Jänner Februar März April Mai Juni Juli August September Oktober November Dezember",
    "en": "January February March April May June July August September October November December",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre "
    "dicembre",
    "nl": "januari februari maart april mei juni juli augustus september oktober november december",
    "pl": "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października "
    "listopada grudnia",
    "tr": "Ocak Şubat Mart Nisan Mayıs Haziran Temmuz Ağustos Eylül Ekim Kasım Aralık",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre "
    "diciembre",
}
WEEKDAYS_DE = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]


def fmt(day: dt.date, style: str) -> str:
    """A date as a letter prints it."""
    month = day.month - 1
    simple = {
        "num": f"{day:%d.%m.%Y}",
        "num2": f"{day:%d.%m.%y}",
        "nopad": f"{day.day}.{day.month}.{day:%Y}",
        "iso": day.isoformat(),
        "us": f"{day:%m/%d/%Y}",
        "slash": f"{day:%d/%m/%Y}",
        "dash": f"{day:%d-%m-%Y}",
        "de": f"{day.day}. {MONTHS['de'].split()[month]} {day.year}",
        "at": f"{day.day}. {MONTHS['at'].split()[month]} {day.year}",
        "de_wd": f"{WEEKDAYS_DE[day.weekday()]}, {day.day}.{day.month}.{day:%y}",
        "gb": f"{day.day} {MONTHS['en'].split()[month]} {day.year}",
        "gb_ord": f"{day.day}{_ordinal(day.day)} {MONTHS['en'].split()[month]} {day.year}",
        "usl": f"{MONTHS['en'].split()[month]} {day.day}, {day.year}",
        "gb_abbr": f"{day:%d}-{MONTHS['en'].split()[month][:3]}-{day.year}",
        "fr": f"{day.day} {MONTHS['fr'].split()[month]} {day.year}",
        "it": f"{day.day} {MONTHS['it'].split()[month]} {day.year}",
        "nl": f"{day.day} {MONTHS['nl'].split()[month]} {day.year}",
        "pl": f"{day.day} {MONTHS['pl'].split()[month]} {day.year} r.",
        "tr": f"{day.day} {MONTHS['tr'].split()[month]} {day.year}",
        "es": f"{day.day} de {MONTHS['es'].split()[month]} de {day.year}",
    }
    return simple[style]


def _ordinal(number: int) -> str:
    if number in (11, 12, 13):
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")


@dataclass
class Person:
    given: str
    surname: str
    birth: dt.date
    sex: str
    title: str = ""
    birth_name: str = ""
    street: str = ""
    place: str = ""


@dataclass
class Practice:
    name: str
    doctor: str
    street: str
    place: str


@dataclass
class Ctx:
    """One letter in the writing: the layout calls these as it prints, so the truth is exact."""

    rng: random.Random
    patient: Person
    practice: Practice
    letter_date: dt.date
    spelled_surname: str
    language: str = "de"
    region: str = "DE"
    handwritten: bool = False
    sender: str | None = None
    sender_alternatives: list[str] = field(default_factory=list)
    title: str | None = None
    title_alternatives: list[str] = field(default_factory=list)
    letter_date_printed: str | None = None
    birth_printed: str | None = None
    as_written: str | None = None
    patient_id: str | None = None
    fax_number: str = "+49 561 000000"
    register_id: str | None = None  # the receiving practice's own number, where the sender has it
    other_dates: list[dict[str, str]] = field(default_factory=list)
    other_people: list[dict[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    printed: list[str] = field(default_factory=list)

    def day(self, offset: int) -> dt.date:
        return self.letter_date + dt.timedelta(days=offset)

    def date(self, style: str) -> str:
        """The letter's own date, printed in `style`."""
        text = fmt(self.letter_date, style)
        self.letter_date_printed = text
        self.printed.append(text)
        return text

    def other(self, offset: int, role: str, style: str) -> str:
        """Another date (admission, sample, ...), `offset` days from the letter's date."""
        day = self.day(offset)
        text = fmt(day, style)
        self.other_dates.append({"date": day.isoformat(), "role": role})
        self.printed.append(text)
        return text

    def birth(self, style: str) -> str:
        text = fmt(self.patient.birth, style)
        self.birth_printed = self.birth_printed or text
        self.printed.append(text)
        return text

    def name(self, form: str = "gs") -> str:
        """The patient's name in a form: gs, sg, SG, GS, hon (Frau/Herrn ...), birth."""
        given, surname = self.patient.given, self.spelled_surname
        honorific = {"F": "Frau", "M": "Herrn"}.get(self.patient.sex, "")
        forms = {
            "gs": f"{given} {surname}",
            "sg": f"{surname}, {given}",
            "SG": f"{surname.upper()}, {given}",
            "GS": f"{given.upper()} {surname.upper()}",
            "Sg": f"{surname.upper()} {given}",
            "hon": f"{honorific} {given} {surname}".strip(),
            "birth": f"{given} {surname}"
            + (f", geb. {self.patient.birth_name}" if self.patient.birth_name else ""),
            "titled": f"{self.patient.title} {given} {surname}".strip(),
        }
        text = forms[form]
        if self.as_written is None:
            self.as_written = text
            self.printed.append(text)
        return text

    def org(self, name: str, *alternatives: str) -> str:
        self.sender = name
        self.sender_alternatives = list(alternatives)
        self.printed.append(name)
        return name

    def subject(self, title: str, *alternatives: str) -> str:
        self.title = title
        self.title_alternatives = list(alternatives)
        self.printed.append(title)
        return title

    def person(self, name: str, role: str) -> str:
        self.other_people.append({"name": name, "role": role})
        return name

    def address(self, page: object, x: float = 25.0) -> None:
        """The receiving practice's address block."""
        practice = self.practice
        self.person(practice.doctor, "addressee")
        for text in (practice.name, practice.doctor, practice.street, practice.place):
            page.add(text, x=x, size=10)  # type: ignore[attr-defined]

    def filler(self, page: object, sentences: list[str], x: float = 25.0) -> None:
        for text in sentences:
            page.add(text, x=x, size=10)  # type: ignore[attr-defined]
