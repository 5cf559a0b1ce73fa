"""What one letter knows while it is written: the patient as this letter spells them, the
receiving practice, and the facts recorded at the moment each is printed."""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass, field

from bench.heldout50h import names
from bench.heldout50h.register import Patient

RECEIVING_PRACTICES = (
    {
        "name": "Hausarztpraxis am Stadtgarten",
        "doctor": "Dr. med. Sabine Quandt",
        "street": "Westwall 112",
        "place": "47798 Krefeld",
        "fax": "02151 6307-19",
    },
    {
        "name": "Gemeinschaftspraxis Dres. Pohlmann und Yildirim",
        "doctor": "Dr. med. Arne Pohlmann",
        "street": "Kempener Allee 7",
        "place": "47906 Kempen",
        "fax": "02152 91 44 80",
    },
    {
        "name": "Landarztpraxis Dr. Henrike Voßberg",
        "doctor": "Dr. med. Henrike Voßberg",
        "street": "Niersweg 3",
        "place": "41751 Viersen",
        "fax": "02162 35 17 02",
    },
)

MONTHS = {
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    "at": "Jänner Feber März April Mai Juni Juli August September Oktober November Dezember",
    "en": "January February March April May June July August September October November December",
    "nl": "januari februari maart april mei juni juli augustus september oktober november december",
    "pl": "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października "
    "listopada grudnia",
    "tr": "Ocak Şubat Mart Nisan Mayıs Haziran Temmuz Ağustos Eylül Ekim Kasım Aralık",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre "
    "novembre dicembre",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre "
    "noviembre diciembre",
}


def fmt(day: datetime.date, style: str) -> str:
    """A date as one country's letters print it."""
    month_names = MONTHS.get(style.split(":")[0], MONTHS["de"]).split()
    month = month_names[day.month - 1]
    kind = style.split(":")[-1]
    table = {
        "dot": f"{day.day:02d}.{day.month:02d}.{day.year}",
        "dotshort": f"{day.day}.{day.month}.{day.year}",
        "dot2": f"{day.day:02d}.{day.month:02d}.{day.year % 100:02d}",
        "dotr": f"{day.day:02d}.{day.month:02d}.{day.year} r.",
        "long": f"{day.day}. {month} {day.year}",
        "dmy": f"{day.day} {month} {day.year}",
        "dmyr": f"{day.day} {month} {day.year} r.",
        "slash": f"{day.day:02d}/{day.month:02d}/{day.year}",
        "us": f"{day.month:02d}/{day.day:02d}/{day.year}",
        "uslong": f"{month} {day.day}, {day.year}",
        "iso": day.isoformat(),
        "dash": f"{day.day:02d}-{day.month:02d}-{day.year}",
        "es": f"{day.day} de {month} de {day.year}",
        "gbshort": f"{day.day} {month[:3]} {day.year}",
    }
    return table[kind]


@dataclass
class Spelling:
    """How this letter writes the patient's name."""

    given: str
    surname: str
    title: str = ""
    birth_name: str = ""
    sex: str = "F"

    @property
    def clerk(self) -> str:
        return f"{self.given} {self.surname}"


@dataclass
class Context:
    rng: random.Random
    patient: Patient | None
    spelling: Spelling
    birth: datetime.date
    practice: dict[str, str]
    letter_date: datetime.date
    lang: str = "de"
    region: str = "DE"
    mentions: list[tuple[str, str]] = field(default_factory=list)
    birth_printed: bool = False
    letter_date_printed: bool = False
    patient_id_printed: bool = False
    other_dates: list[dict[str, str]] = field(default_factory=list)
    other_people: list[dict[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def name(self, style: str) -> str:
        """The patient's name printed in one style; every printing is a candidate first mention."""
        s = self.spelling
        title = f"{s.title} " if s.title else ""
        table = {
            "clerk": f"{title}{s.given} {s.surname}",
            "comma": f"{s.surname}, {title}{s.given}",
            "upper": f"{s.surname.upper()}, {s.given}",
            "allupper": f"{s.surname.upper()}, {s.given.upper()}",
            "first": f"{title}{s.given.split()[0]} {s.surname}",
            "surname": f"{title}{s.surname}",
        }
        text = table[style]
        if s.birth_name and style in ("clerk", "comma", "first"):
            text += f", geb. {s.birth_name}" if self.lang == "de" else f" (née {s.birth_name})"
        as_letter = {"first": f"{s.given.split()[0]} {s.surname}", "surname": s.surname}.get(
            style, s.clerk
        )
        self.mentions.append((text, as_letter))
        return text

    def salutation(self) -> str:
        word = {"F": "Frau", "M": "Herrn"}.get(self.spelling.sex, "")
        return word

    def dob(self, style: str) -> str:
        self.birth_printed = True
        return fmt(self.birth, style)

    def dated(self, style: str) -> str:
        self.letter_date_printed = True
        return fmt(self.letter_date, style)

    def other(self, day: datetime.date, role: str, style: str) -> str:
        self.other_dates.append({"date": day.isoformat(), "role": role})
        return fmt(day, style)

    def person(self, name: str, role: str) -> str:
        self.other_people.append({"name": name, "role": role})
        return name

    def pid(self) -> str:
        assert self.patient is not None
        self.patient_id_printed = True
        return self.patient.id

    def days(self, offset: int) -> datetime.date:
        return self.letter_date + datetime.timedelta(days=offset)

    def pick(self, options: tuple[str, ...] | list[str]) -> str:
        return self.rng.choice(list(options))


def spelling_for(
    patient: Patient, rng: random.Random, collision_hint: str
) -> tuple[Spelling, list[str]]:
    """The letter's spelling of a register patient, and notes saying how it differs."""
    notes: list[str] = []
    given = patient.given_names
    if " " in given and rng.random() < 0.45:
        given = given.split()[0]
        notes.append("only the first given name is written")
    surname = patient.surname
    birth = ""
    if patient.birth_name and rng.random() < 0.6:
        birth = patient.birth_name
        notes.append("birth name written (geb.)")
    elif patient.former_names and rng.random() < 0.5:
        surname = patient.former_names[-1]
        notes.append("the letter uses the patient's former surname")
    if collision_hint == "umlaut_spelling" or rng.random() < 0.2:
        plain_surname, plain_given = names.spell_out(surname), names.spell_out(given)
        if (plain_surname, plain_given) != (surname, given):
            surname, given = plain_surname, plain_given
            notes.append("umlauts written out (ue, oe, ae, ss)")
    title = patient.title if rng.random() < 0.8 else ""
    return Spelling(given, surname, title, birth, patient.sex), notes
