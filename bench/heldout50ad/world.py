"""The world of the Franconian practices: receiving practices, senders, date spellings."""

from __future__ import annotations

from datetime import date

PRACTICES: list[dict[str, object]] = [
    {
        "name": "Hausarztpraxis am Rathenauplatz",
        "names": [
            "Hausarztpraxis am Rathenauplatz",
            "Praxis am Rathenauplatz",
            "Hausarztpraxis am Rathenauplatz Dr. med. Katharina Weigand",
        ],
        "doctor": "Dr. med. Katharina Weigand",
        "address": "Rathenauplatz 9, 90489 Nürnberg",
        "fax": "0911 5306-229",
        "kind": "Einzelpraxis (Allgemeinmedizin)",
        "short": "Praxis am Rathenauplatz",
        "window": [
            "Hausarztpraxis am Rathenauplatz",
            "Frau Dr. med. Katharina Weigand",
            "Rathenauplatz 9",
            "90489 Nürnberg",
        ],
    },
    {
        "name": (
            "Gemeinschaftspraxis für Allgemein- und Innere Medizin "
            "Dr. med. Bernhard Schwarzmann & Dr. med. Aylin Öztürk-Rauh"
        ),
        "names": [
            (
                "Gemeinschaftspraxis für Allgemein- und Innere Medizin "
                "Dr. med. Bernhard Schwarzmann & Dr. med. Aylin Öztürk-Rauh"
            ),
            "Gemeinschaftspraxis für Allgemein- und Innere Medizin",
            "Dr. med. Bernhard Schwarzmann & Dr. med. Aylin Öztürk-Rauh",
            "Gemeinschaftspraxis Dr. Schwarzmann & Dr. Öztürk-Rauh",
            "Gemeinschaftspraxis Schwarzmann/Öztürk-Rauh",
        ],
        "doctor": "Dr. med. Bernhard Schwarzmann",
        "address": "Fürther Straße 41, 91058 Erlangen",
        "fax": "09131 77 41 90",
        "kind": "Gemeinschaftspraxis (Allgemein- und Innere Medizin)",
        "short": "Gemeinschaftspraxis Dr. Schwarzmann & Dr. Öztürk-Rauh",
        "window": [
            "Gemeinschaftspraxis für Allgemein- und Innere Medizin",
            "Dr. med. Bernhard Schwarzmann & Dr. med. Aylin Öztürk-Rauh",
            "Fürther Straße 41",
            "91058 Erlangen",
        ],
    },
    {
        "name": "Landarztpraxis Pöhlmann",
        "names": [
            "Landarztpraxis Pöhlmann",
            "Praxis Dr. Pöhlmann",
            "Landarztpraxis Dr. med. Florian Pöhlmann",
        ],
        "doctor": "Dr. med. Florian Pöhlmann",
        "address": "Marktplatz 3, 91320 Ebermannstadt",
        "fax": "09194 7311-22",
        "kind": "Einzelpraxis (Landarzt)",
        "short": "Landarztpraxis Pöhlmann",
        "window": [
            "Landarztpraxis Dr. med. Florian Pöhlmann",
            "Marktplatz 3",
            "91320 Ebermannstadt",
        ],
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
    "cs": [
        "ledna",
        "února",
        "března",
        "dubna",
        "května",
        "června",
        "července",
        "srpna",
        "září",
        "října",
        "listopadu",
        "prosince",
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
    "hr": [
        "siječnja",
        "veljače",
        "ožujka",
        "travnja",
        "svibnja",
        "lipnja",
        "srpnja",
        "kolovoza",
        "rujna",
        "listopada",
        "studenoga",
        "prosinca",
    ],
    "ro": [
        "ianuarie",
        "februarie",
        "martie",
        "aprilie",
        "mai",
        "iunie",
        "iulie",
        "august",
        "septembrie",
        "octombrie",
        "noiembrie",
        "decembrie",
    ],
    "hu": [
        "január",
        "február",
        "március",
        "április",
        "május",
        "június",
        "július",
        "augusztus",
        "szeptember",
        "október",
        "november",
        "december",
    ],
    "el": [
        "Ιανουαρίου",
        "Φεβρουαρίου",
        "Μαρτίου",
        "Απριλίου",
        "Μαΐου",
        "Ιουνίου",
        "Ιουλίου",
        "Αυγούστου",
        "Σεπτεμβρίου",
        "Οκτωβρίου",
        "Νοεμβρίου",
        "Δεκεμβρίου",
    ],
    "tr": [
        "Ocak",
        "Şubat",
        "Mart",
        "Nisan",
        "Mayıs",
        "Haziran",
        "Temmuz",
        "Ağustos",
        "Eylül",
        "Ekim",
        "Kasım",
        "Aralık",
    ],
    "ru": [
        "января",
        "февраля",
        "марта",
        "апреля",
        "мая",
        "июня",
        "июля",
        "августа",
        "сентября",
        "октября",
        "ноября",
        "декабря",
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
DE_ABBR = [
    "JAN.",
    "FEB.",
    "MRZ.",
    "APR.",
    "MAI",
    "JUNI",
    "JULI",
    "AUG.",
    "SEP.",
    "OKT.",
    "NOV.",
    "DEZ.",
]


def fmt(d: date, style: str) -> str:
    """A date as the letter prints it."""
    m = d.month - 1
    match style:
        case "de":
            return f"{d.day:02d}.{d.month:02d}.{d.year}"
        case "de_short":
            return f"{d.day}.{d.month}.{d.year}"
        case "de_yy":
            return f"{d.day:02d}.{d.month:02d}.{d.year % 100:02d}"
        case "de_long":
            return f"{d.day}. {MONTHS['de'][m]} {d.year}"
        case "at_long":
            return f"{d.day}. {MONTHS['at'][m]} {d.year}"
        case "stamp":
            return f"{d.day:02d}. {DE_ABBR[m]} {d.year}"
        case "iso":
            return d.isoformat()
        case "cs_long":
            return f"{d.day}. {MONTHS['cs'][m]} {d.year}"
        case "cs_num":
            return f"{d.day}. {d.month}. {d.year}"
        case "it_long":
            return f"{d.day} {MONTHS['it'][m]} {d.year}"
        case "slash":
            return f"{d.day:02d}/{d.month:02d}/{d.year}"
        case "hr_long":
            return f"{d.day}. {MONTHS['hr'][m]} {d.year}."
        case "hr_num":
            return f"{d.day:02d}.{d.month:02d}.{d.year}."
        case "ro_long":
            return f"{d.day} {MONTHS['ro'][m]} {d.year}"
        case "hu_long":
            return f"{d.year}. {MONTHS['hu'][m]} {d.day}."
        case "hu_num":
            return f"{d.year}.{d.month:02d}.{d.day:02d}."
        case "el_long":
            return f"{d.day} {MONTHS['el'][m]} {d.year}"
        case "tr_long":
            return f"{d.day} {MONTHS['tr'][m]} {d.year}"
        case "ru_long":
            return f"{d.day} {MONTHS['ru'][m]} {d.year} г."
        case "us_mil":
            return f"{d.day:02d} {MONTHS['en'][m][:3].upper()} {d.year}"
        case "us_long":
            return f"{MONTHS['en'][m]} {d.day}, {d.year}"
        case "us_num":
            return f"{d.month:02d}/{d.day:02d}/{d.year}"
        case "uk_long":
            return f"{d.day} {MONTHS['en'][m]} {d.year}"
    raise ValueError(style)
