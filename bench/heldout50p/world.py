"""The world the letters come from: receiving practices, senders, date spellings."""

from __future__ import annotations

from datetime import date

PRACTICES: list[dict[str, object]] = [
    {
        "name": "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin am Stühlinger "
        "Dr. med. Johanna Kienzle-Hauser, Dr. med. Paul Ehret und Kolleginnen",
        "names": [
            "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin am Stühlinger "
            "Dr. med. Johanna Kienzle-Hauser, Dr. med. Paul Ehret und Kolleginnen",
            "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin am Stühlinger",
            "Gemeinschaftspraxis am Stühlinger",
            "Praxis am Stühlinger",
            "Praxis Dr. Kienzle-Hauser & Partner",
        ],
        "doctor": "Dr. med. Johanna Kienzle-Hauser",
        "doctors": ["Dr. med. Johanna Kienzle-Hauser", "Dr. med. Paul Ehret"],
        "address": "Eschholzstraße 48, 79106 Freiburg im Breisgau",
        "street": "Eschholzstraße 48",
        "city": "79106 Freiburg im Breisgau",
        "fax": "0761 4567-19",
        "kind": "Gemeinschaftspraxis (Allgemeinmedizin, Innere Medizin), Stadt",
        "block": ["Gemeinschaftspraxis für Allgemeinmedizin", "und Innere Medizin am Stühlinger"],
        "short": "Gemeinschaftspraxis am Stühlinger",
    },
    {
        "name": "Hausarztzentrum Bad Cannstatt",
        "names": [
            "Hausarztzentrum Bad Cannstatt",
            "HAZ Bad Cannstatt",
            "Hausarztzentrum Bad Cannstatt – Dr. Demirel & Kollegen",
        ],
        "doctor": "Dr. med. Murat Demirel",
        "doctors": ["Dr. med. Murat Demirel", "Dr. med. Sonja Rettich"],
        "address": "Marktstraße 27, 70372 Stuttgart",
        "street": "Marktstraße 27",
        "city": "70372 Stuttgart",
        "fax": "0711 5509-340",
        "kind": "Hausarztzentrum (MVZ), Großstadt",
        "block": ["Hausarztzentrum Bad Cannstatt"],
        "short": "Hausarztzentrum Bad Cannstatt",
    },
    {
        "name": "Landarztpraxis Hochschwarzwald",
        "names": [
            "Landarztpraxis Hochschwarzwald",
            "Landarztpraxis Dr. med. Regine Faller",
            "Praxis Dr. Faller",
        ],
        "doctor": "Dr. med. Regine Faller",
        "doctors": ["Dr. med. Regine Faller"],
        "address": "Dorfstraße 12, 79874 Breitnau",
        "street": "Dorfstraße 12",
        "city": "79874 Breitnau",
        "fax": "07652 9171-2",
        "kind": "Einzelpraxis, Dorf im Schwarzwald",
        "block": ["Landarztpraxis Hochschwarzwald"],
        "short": "Landarztpraxis Hochschwarzwald",
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
    "at": [
        "Jänner",
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
    "fr": [
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ],
    "it": [
        "gennaio",
        "febbraio",
        "marzo",
        "aprile",
        "maggio",
        "giugno",
        "luglio",
        "agosto",
        "settembre",
        "ottobre",
        "novembre",
        "dicembre",
    ],
    "pt": [
        "janeiro",
        "fevereiro",
        "março",
        "abril",
        "maio",
        "junho",
        "julho",
        "agosto",
        "setembro",
        "outubro",
        "novembro",
        "dezembro",
    ],
    "sq": [
        "janar",
        "shkurt",
        "mars",
        "prill",
        "maj",
        "qershor",
        "korrik",
        "gusht",
        "shtator",
        "tetor",
        "nëntor",
        "dhjetor",
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


def fmt(d: date, style: str) -> str:
    """Spells a date the way a sender of the given style writes it."""
    if style == "de":
        return f"{d.day:02d}.{d.month:02d}.{d.year}"
    if style == "de_short":
        return f"{d.day}.{d.month}.{d.year}"
    if style == "de_yy":
        return f"{d.day:02d}.{d.month:02d}.{d.year % 100:02d}"
    if style in ("de_long", "at_long"):
        return f"{d.day}. {MONTHS[style[:2]][d.month - 1]} {d.year}"
    if style == "fr_long":
        day = "1er" if d.day == 1 else str(d.day)
        return f"{day} {MONTHS['fr'][d.month - 1]} {d.year}"
    if style in ("it_long", "sq_long", "nl_long"):
        return f"{d.day} {MONTHS[style[:2]][d.month - 1]} {d.year}"
    if style == "pt_long":
        return f"{d.day} de {MONTHS['pt'][d.month - 1]} de {d.year}"
    if style == "en_us":
        return f"{MONTHS['en'][d.month - 1]} {d.day}, {d.year}"
    if style == "en_gb":
        return f"{d.day} {MONTHS['en'][d.month - 1]} {d.year}"
    if style == "slash":
        return f"{d.day:02d}/{d.month:02d}/{d.year}"
    if style == "us_slash":
        return f"{d.month:02d}/{d.day:02d}/{d.year}"
    if style == "dash":
        return f"{d.day:02d}-{d.month:02d}-{d.year}"
    if style == "iso":
        return d.isoformat()
    raise ValueError(style)
