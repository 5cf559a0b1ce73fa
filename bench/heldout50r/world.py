"""The world of set r: receiving practices, senders of northern Germany and abroad, dates."""

from __future__ import annotations

import datetime as dt

PRACTICES: list[dict] = [
    {
        "key": "nok",
        "name": "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin am Nord-Ostsee-Kanal",
        "names": [
            "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin am Nord-Ostsee-Kanal",
            "Gemeinschaftspraxis am Nord-Ostsee-Kanal",
            "Praxis am Nord-Ostsee-Kanal",
            "Dres. med. Brodersen & Kolleginnen",
        ],
        "window": [
            "Gemeinschaftspraxis am Nord-Ostsee-Kanal",
            "Dres. med. Brodersen & Kolleginnen",
        ],
        "doctor": "Dr. med. Hinrich Brodersen",
        "salutation": "Sehr geehrter Herr Dr. Brodersen,",
        "address": "Schleifmühlenstraße 12, 24768 Rendsburg",
        "street": "Schleifmühlenstraße 12",
        "city": "24768 Rendsburg",
        "fax": "04331 4477-19",
        "fax_intl": "+49 4331 447719",
        "kind": "Gemeinschaftspraxis Allgemeinmedizin / Innere Medizin",
        "stamp": "Praxis am Nord-Ostsee-Kanal",
    },
    {
        "key": "harmsen",
        "name": "Hausarztpraxis Dr. med. Telse Harmsen",
        "names": [
            "Hausarztpraxis Dr. med. Telse Harmsen",
            "Praxis Dr. Harmsen",
            "Dr. med. Telse Harmsen",
        ],
        "window": ["Hausarztpraxis", "Dr. med. Telse Harmsen"],
        "doctor": "Dr. med. Telse Harmsen",
        "salutation": "Sehr geehrte Frau Dr. Harmsen,",
        "address": "Eppendorfer Weg 231, 20251 Hamburg",
        "street": "Eppendorfer Weg 231",
        "city": "20251 Hamburg",
        "fax": "040 4808 3317",
        "fax_intl": "+49 40 48083317",
        "kind": "Einzelpraxis Allgemeinmedizin",
        "stamp": "Praxis Dr. Harmsen",
    },
    {
        "key": "ostertor",
        "name": "Hausärztliche Praxis Ostertor",
        "names": ["Hausärztliche Praxis Ostertor", "Praxis Ostertor", "Imke Wübbena & Jan Gerdes"],
        "window": ["Hausärztliche Praxis Ostertor", "Imke Wübbena & Jan Gerdes"],
        "doctor": "Imke Wübbena",
        "salutation": "Sehr geehrte Frau Kollegin Wübbena,",
        "address": "Ostertorsteinweg 61, 28203 Bremen",
        "street": "Ostertorsteinweg 61",
        "city": "28203 Bremen",
        "fax": "0421 70 88 12",
        "fax_intl": "+49 421 708812",
        "kind": "Berufsausübungsgemeinschaft Allgemeinmedizin",
        "stamp": "Praxis Ostertor",
    },
]

MONTHS = {
    "de": [
        "Januar",
        "Februar",
        "März",
        "April",
        "Mai",
        "Juni",
        "Juli",
        "August",
        "September",
        "Oktober",
        "November",
        "Dezember",
    ],
    "da": [
        "januar",
        "februar",
        "marts",
        "april",
        "maj",
        "juni",
        "juli",
        "august",
        "september",
        "oktober",
        "november",
        "december",
    ],
    "nl": [
        "januari",
        "februari",
        "maart",
        "april",
        "mei",
        "juni",
        "juli",
        "augustus",
        "september",
        "oktober",
        "november",
        "december",
    ],
    "pl": [
        "stycznia",
        "lutego",
        "marca",
        "kwietnia",
        "maja",
        "czerwca",
        "lipca",
        "sierpnia",
        "września",
        "października",
        "listopada",
        "grudnia",
    ],
    "lt": [
        "sausio",
        "vasario",
        "kovo",
        "balandžio",
        "gegužės",
        "birželio",
        "liepos",
        "rugpjūčio",
        "rugsėjo",
        "spalio",
        "lapkričio",
        "gruodžio",
    ],
    "sv": [
        "januari",
        "februari",
        "mars",
        "april",
        "maj",
        "juni",
        "juli",
        "augusti",
        "september",
        "oktober",
        "november",
        "december",
    ],
    "no": [
        "januar",
        "februar",
        "mars",
        "april",
        "mai",
        "juni",
        "juli",
        "august",
        "september",
        "oktober",
        "november",
        "desember",
    ],
    "uk": [
        "січня",
        "лютого",
        "березня",
        "квітня",
        "травня",
        "червня",
        "липня",
        "серпня",
        "вересня",
        "жовтня",
        "листопада",
        "грудня",
    ],
    "en": [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ],
}


def fmt(d: dt.date, style: str) -> str:
    """A date as printed; style = language + variant."""
    m = d.month - 1
    if style == "num":
        return f"{d.day:02d}.{d.month:02d}.{d.year}"
    if style == "num1":
        return f"{d.day}.{d.month}.{d.year}"
    if style == "num2":
        return f"{d.day:02d}.{d.month:02d}.{d.year % 100:02d}"
    if style == "iso":
        return d.isoformat()
    if style == "de_long":
        return f"{d.day}. {MONTHS['de'][m]} {d.year}"
    if style == "de_long0":
        return f"{d.day:02d}. {MONTHS['de'][m]} {d.year}"
    if style == "dash":
        return f"{d.day:02d}-{d.month:02d}-{d.year}"
    if style == "slash":
        return f"{d.day:02d}/{d.month:02d}/{d.year}"
    if style in ("da", "no"):
        return f"{d.day}. {MONTHS[style][m]} {d.year}"
    if style in ("nl", "sv"):
        return f"{d.day} {MONTHS[style][m]} {d.year}"
    if style == "pl":
        return f"{d.day} {MONTHS['pl'][m]} {d.year} r."
    if style == "pl_num":
        return f"{d.day:02d}.{d.month:02d}.{d.year} r."
    if style == "lt":
        return f"{d.year} m. {MONTHS['lt'][m]} {d.day} d."
    if style == "uk":
        return f"{d.day} {MONTHS['uk'][m]} {d.year} р."
    if style == "en":
        return f"{d.day} {MONTHS['en'][m]} {d.year}"
    if style == "en_th":
        suffix = "th"
        if d.day in (1, 21, 31):
            suffix = "st"
        elif d.day in (2, 22):
            suffix = "nd"
        elif d.day in (3, 23):
            suffix = "rd"
        return f"{d.day}{suffix} {MONTHS['en'][m]} {d.year}"
    if style == "en_abbr":
        return f"{d.day:02d} {MONTHS['en'][m][:3].upper()} {d.year}"
    raise ValueError(style)
