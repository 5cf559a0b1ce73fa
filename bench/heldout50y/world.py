"""The receiving practices, the people in the letters, and the generator's date formats."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from .register import CYRILLIC, Patient

PRACTICES: list[dict[str, object]] = [
    {
        "name": "Hausärztliche Gemeinschaftspraxis am Saaletor Dr. med. Katrin "
        "Wolfersdorf-Hähnel und Dipl.-Med. Uwe Reichenbach",
        "names": [
            "Hausärztliche Gemeinschaftspraxis am Saaletor Dr. med. Katrin "
            "Wolfersdorf-Hähnel und Dipl.-Med. Uwe Reichenbach",
            "Hausärztliche Gemeinschaftspraxis am Saaletor",
            "Gemeinschaftspraxis am Saaletor",
            "Praxis am Saaletor",
            "Dr. med. Katrin Wolfersdorf-Hähnel",
            "Dr. med. K. Wolfersdorf-Hähnel",
            "Dipl.-Med. Uwe Reichenbach",
        ],
        "doctor": "Dr. med. Katrin Wolfersdorf-Hähnel",
        "address": "Saaletor 3, 07743 Jena",
        "fax": "03641 508871",
        "kind": "Gemeinschaftspraxis Allgemeinmedizin",
    },
    {
        "name": "Hausarztpraxis Dr. med. Friederike Ansorg",
        "names": [
            "Hausarztpraxis Dr. med. Friederike Ansorg",
            "Praxis Dr. Ansorg",
            "Dr. med. Friederike Ansorg",
            "Dr. med. F. Ansorg",
        ],
        "doctor": "Dr. med. Friederike Ansorg",
        "address": "Krämpferstraße 21, 99084 Erfurt",
        "fax": "0361 6443912",
        "kind": "Einzelpraxis Innere Medizin (hausärztlich)",
    },
    {
        "name": "MVZ Hausärzte Eichsfeld GmbH",
        "names": [
            "MVZ Hausärzte Eichsfeld GmbH",
            "MVZ Hausärzte Eichsfeld",
            "Dr. med. Matthias Beinhauer",
        ],
        "doctor": "Dr. med. Matthias Beinhauer",
        "address": "Wilhelmstraße 44, 37308 Heilbad Heiligenstadt",
        "fax": "03606 612290",
        "kind": "Medizinisches Versorgungszentrum Allgemeinmedizin",
    },
]


@dataclass
class Person:
    surname: str
    given_names: str
    birth_date: dt.date
    sex: str
    title: str
    street: str
    postcode: str
    city: str
    origin: str
    register: Patient | None
    written_surname: str  # as this letter spells it
    written_given: str

    @property
    def cyr_surname(self) -> str:
        return CYRILLIC.get(self.written_surname, self.written_surname)

    @property
    def cyr_given(self) -> str:
        return CYRILLIC.get(self.written_given, self.written_given)


MONTHS = {
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    "en": "January February March April May June July August September October November December",
    "cs": "ledna února března dubna května června července srpna září října listopadu prosince",
    "uk": "січня лютого березня квітня травня червня липня серпня вересня жовтня листопада грудня",
    "hu": "január február március április május június július augusztus szeptember október "
    "november december",
    "ro": "ianuarie februarie martie aprilie mai iunie iulie august septembrie octombrie "
    "noiembrie decembrie",
    "bg": "януари февруари март април май юни юли август септември октомври ноември декември",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre "
    "diciembre",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre "
    "novembre dicembre",
}


def month(lang: str, m: int) -> str:
    return MONTHS[lang].split()[m - 1]


def fmt(d: dt.date, style: str) -> str:
    dd, mm, y = d.day, d.month, d.year
    if style == "de":
        return f"{dd:02d}.{mm:02d}.{y}"
    if style == "de2":
        return f"{dd:02d}.{mm:02d}.{y % 100:02d}"
    if style == "de1":
        return f"{dd}.{mm}.{y}"
    if style == "delong":
        return f"{dd}. {month('de', mm)} {y}"
    if style == "atlong":
        name = "Jänner" if mm == 1 else month("de", mm)
        return f"{dd}. {name} {y}"
    if style == "iso":
        return d.isoformat()
    if style == "cs":
        return f"{dd}. {mm}. {y}"
    if style == "cslong":
        return f"{dd}. {month('cs', mm)} {y}"
    if style == "uklong":
        return f"{dd} {month('uk', mm)} {y} р."
    if style == "hu":
        return f"{y}.{mm:02d}.{dd:02d}."
    if style == "hulong":
        return f"{y}. {month('hu', mm)} {dd}."
    if style == "rolong":
        return f"{dd} {month('ro', mm)} {y}"
    if style == "bg":
        return f"{dd:02d}.{mm:02d}.{y} г."
    if style == "bglong":
        return f"{dd} {month('bg', mm)} {y} г."
    if style == "us":
        return f"{mm:02d}/{dd:02d}/{y}"
    if style == "uslong":
        return f"{month('en', mm)} {dd}, {y}"
    if style == "slash":
        return f"{dd:02d}/{mm:02d}/{y}"
    if style == "eslong":
        return f"{dd} de {month('es', mm)} de {y}"
    if style == "enlong":
        return f"{dd} {month('en', mm)} {y}"
    if style == "inord":
        suffix = "th" if 10 <= dd % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(dd % 10, "th")
        return f"{dd}{suffix} {month('en', mm)} {y}"
    if style == "inabbr":
        return f"{dd:02d}-{month('en', mm)[:3]}-{y}"
    if style == "itlong":
        return f"{dd} {month('it', mm)} {y}"
    raise ValueError(style)
