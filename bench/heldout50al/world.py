"""The receiving practices, the senders, and how dates are written."""

from __future__ import annotations

import datetime as dt

PRACTICES: list[dict[str, object]] = [
    {
        "key": "lindenhof",
        "name": "Hausarztpraxis am Lindenhof",
        "names": ["Hausarztpraxis am Lindenhof", "Praxis am Lindenhof", "Hausarztpraxis Lindenhof"],
        "doctor": "Dr. med. Regula Brunner-Schmid",
        "doctor_short": "Frau Dr. Brunner",
        "salut": "Sehr geehrte Frau Kollegin Brunner",
        "street": "Lindenhofstrasse 12",
        "postcode": "8400",
        "city": "Winterthur",
        "fax": "+41 52 212 34 57",
        "phone": "+41 52 212 34 56",
        "kind": "Einzelpraxis (Allgemeine Innere Medizin FMH)",
    },
    {
        "key": "breitenrain",
        "name": "Gemeinschaftspraxis für Allgemeine Innere Medizin und Hausarztmedizin "
        "Breitenrain-Lorraine AG",
        "names": [
            "Gemeinschaftspraxis für Allgemeine Innere Medizin und Hausarztmedizin "
            "Breitenrain-Lorraine AG",
            "Gemeinschaftspraxis Breitenrain-Lorraine AG",
            "Gemeinschaftspraxis Breitenrain-Lorraine",
            "Hausarztpraxis Breitenrain-Lorraine",
            "Praxis Breitenrain",
        ],
        "doctor": "Dr. med. Thomas Gerber",
        "doctor_short": "Herr Dr. Gerber",
        "salut": "Sehr geehrter Herr Kollege Gerber",
        "street": "Breitenrainplatz 27",
        "postcode": "3014",
        "city": "Bern",
        "fax": "+41 31 332 18 19",
        "phone": "+41 31 332 18 18",
        "kind": "Gruppenpraxis (Gemeinschaftspraxis, vier Hausärztinnen und Hausärzte)",
    },
    {
        "key": "bernasconi",
        "name": "Praxis Dr. med. Luca Bernasconi",
        "names": [
            "Praxis Dr. med. Luca Bernasconi",
            "Praxis Dr. Bernasconi",
            "Hausarztpraxis Bernasconi",
        ],
        "doctor": "Dr. med. Luca Bernasconi",
        "doctor_short": "Herr Dr. Bernasconi",
        "salut": "Lieber Luca",
        "street": "Pilatusstrasse 41",
        "postcode": "6003",
        "city": "Luzern",
        "fax": "+41 41 210 55 31",
        "phone": "+41 41 210 55 30",
        "kind": "Einzelpraxis (Hausarztmedizin)",
    },
]

MDE = [
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
]
MAT = ["Jänner", *MDE[1:]]
MFR = [
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
]
MIT = [
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
]
MEN = [
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
]
WDE = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]


def fmt(d: dt.date, style: str) -> str:
    m = d.month - 1
    if style == "dot":
        return f"{d.day:02d}.{d.month:02d}.{d.year}"
    if style == "dots":
        return f"{d.day}.{d.month}.{d.year}"
    if style == "yy":
        return f"{d.day:02d}.{d.month:02d}.{d.year % 100:02d}"
    if style == "de":
        return f"{d.day}. {MDE[m]} {d.year}"
    if style == "wde":
        return f"{WDE[d.weekday()]}, {d.day}. {MDE[m]} {d.year}"
    if style == "at":
        return f"{d.day}. {MAT[m]} {d.year}"
    if style == "fr":
        return f"{'1er' if d.day == 1 else d.day} {MFR[m]} {d.year}"
    if style == "it":
        return f"{d.day} {MIT[m]} {d.year}"
    if style == "en":
        return f"{d.day} {MEN[m]} {d.year}"
    if style == "enslash":
        return f"{d.day:02d}/{d.month:02d}/{d.year}"
    if style == "iso":
        return d.isoformat()
    raise ValueError(style)
