"""The region's senders, the receiving practices, and how each language writes a date."""

from __future__ import annotations

import datetime as dt

PRACTICES = [
    {
        "name": "Gemeinschaftspraxis für Allgemeinmedizin, Innere Medizin und Geriatrie "
        "am Viktualienmarkt Dr. med. Korbinian Huber & Dr. med. Leyla Aydin-Schmid",
        "names": [
            "Gemeinschaftspraxis für Allgemeinmedizin, Innere Medizin und Geriatrie "
            "am Viktualienmarkt Dr. med. Korbinian Huber & Dr. med. Leyla Aydin-Schmid",
            "Gemeinschaftspraxis am Viktualienmarkt",
            "Praxis am Viktualienmarkt",
            "Gemeinschaftspraxis Dres. Huber & Aydin-Schmid",
        ],
        "doctor": "Dr. med. Korbinian Huber",
        "address": "Westenriederstraße 21, 80331 München",
        "street": "Westenriederstraße 21",
        "city": "80331 München",
        "fax": "+49 89 2185 4471",
        "kind": "Gemeinschaftspraxis (Allgemeinmedizin, Innere Medizin, Geriatrie)",
    },
    {
        "name": "Hausarztpraxis Dr. Vroni Stadler",
        "names": [
            "Hausarztpraxis Dr. Vroni Stadler",
            "Praxis Dr. Stadler",
            "Dr. med. Veronika Stadler",
        ],
        "doctor": "Dr. med. Veronika Stadler",
        "address": "Kufsteiner Straße 48, 83022 Rosenheim",
        "street": "Kufsteiner Straße 48",
        "city": "83022 Rosenheim",
        "fax": "+49 8031 391 2208",
        "kind": "Hausarztpraxis",
    },
    {
        "name": "Landarztpraxis Oberallgäu",
        "names": [
            "Landarztpraxis Oberallgäu",
            "Landarztpraxis Oberallgäu – Dr. Matthias Rädler",
            "Dr. med. Matthias Rädler",
        ],
        "doctor": "Dr. med. Matthias Rädler",
        "address": "Hindelanger Straße 5, 87527 Sonthofen",
        "street": "Hindelanger Straße 5",
        "city": "87527 Sonthofen",
        "fax": "+49 8321 66 7390",
        "kind": "Landarztpraxis (Allgemeinmedizin)",
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
    "bs": [
        "januara",
        "februara",
        "marta",
        "aprila",
        "maja",
        "juna",
        "jula",
        "augusta",
        "septembra",
        "oktobra",
        "novembra",
        "decembra",
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
    "sl": [
        "januarja",
        "februarja",
        "marca",
        "aprila",
        "maja",
        "junija",
        "julija",
        "avgusta",
        "septembra",
        "oktobra",
        "novembra",
        "decembra",
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
    "es": [
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
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


def fmt(d: dt.date, style: str) -> tuple[str, str]:
    """The printed date and the convention it is written in (for the check's parser)."""
    dd, mm, yy = d.day, d.month, d.year
    if style == "dot":
        return f"{dd:02d}.{mm:02d}.{yy}", "dmy"
    if style == "dot_short":
        return f"{dd}.{mm}.{yy}", "dmy"
    if style == "dot_trail":  # Bosnian / Croatian
        return f"{dd:02d}.{mm:02d}.{yy}.", "dmy"
    if style == "spaced":  # Croatian / Slovenian
        return f"{dd}. {mm}. {yy}.", "dmy"
    if style == "spaced_nodot":
        return f"{dd}. {mm}. {yy}", "dmy"
    if style == "slash":
        return f"{dd:02d}/{mm:02d}/{yy}", "dmy"
    if style == "us_slash":
        return f"{mm:02d}/{dd:02d}/{yy}", "mdy"
    if style == "us_long":
        return f"{MONTHS['en'][mm - 1]} {dd}, {yy}", "en"
    if style == "ymd_slash":
        return f"{yy}/{mm:02d}/{dd:02d}", "ymd"
    if style == "iso":
        return f"{yy}-{mm:02d}-{dd:02d}", "ymd"
    lang, _, kind = style.partition("_")
    month = MONTHS[lang][mm - 1]
    if lang in ("de", "at"):
        return (f"{dd}. {month} {yy}" if kind != "0" else f"{dd:02d}. {month} {yy}"), lang
    if lang == "fr":
        return f"{'1er' if dd == 1 else dd} {month} {yy}", lang
    if lang in ("hr", "bs"):
        return f"{dd}. {month} {yy}.", lang
    if lang == "sl":
        return f"{dd}. {month} {yy}", lang
    if lang == "uk":
        return f"{dd} {month} {yy} р.", lang
    if lang == "es":
        return f"{dd} de {month} de {yy}", lang
    if lang == "en":
        return f"{dd} {month} {yy}", lang
    return f"{dd} {month} {yy}", lang  # it, sq, ro
