"""The receiving practices, the senders and the date conventions of the set's world."""

from __future__ import annotations

import datetime as dt

PRACTICES: list[dict[str, object]] = [
    {
        "name": "Hausarztpraxis Dr. med. Anja Lindqvist",
        "names": [
            "Hausarztpraxis Dr. med. Anja Lindqvist",
            "Praxis Dr. med. Anja Lindqvist",
            "Hausarztpraxis Lindqvist",
            "Praxis Dr. Lindqvist",
        ],
        "doctor": "Dr. med. Anja Lindqvist",
        "address": "Simon-Dach-Straße 21, 10245 Berlin",
        "fax": "030 2938 4471",
        "kind": "Hausarztpraxis (Allgemeinmedizin), Berlin-Friedrichshain",
    },
    {
        "name": "Gemeinschaftspraxis für Allgemeinmedizin und hausärztliche Innere Medizin "
        "am Volkspark Babelsberg",
        "names": [
            "Gemeinschaftspraxis für Allgemeinmedizin und hausärztliche Innere Medizin "
            "am Volkspark Babelsberg",
            "Gemeinschaftspraxis für Allgemeinmedizin und",
            "hausärztliche Innere Medizin am Volkspark Babelsberg",
            "Gemeinschaftspraxis am Volkspark Babelsberg",
            "Gemeinschaftspraxis am Volkspark",
            "Dres. med. Brenninkmeyer und Kaya-Hoffmann",
            "Dr. med. Olaf Brenninkmeyer",
            "Dr. med. Selin Kaya-Hoffmann",
        ],
        "doctor": "Dr. med. Olaf Brenninkmeyer",
        "address": "Großbeerenstraße 180, 14482 Potsdam",
        "fax": "0331 7409 2218",
        "kind": "Gemeinschaftspraxis (Allgemeinmedizin, hausärztliche Innere Medizin), Potsdam",
    },
    {
        "name": "Allgemeinmedizin Sandow – Dr. med. Jens Wuttke",
        "names": [
            "Allgemeinmedizin Sandow – Dr. med. Jens Wuttke",
            "Allgemeinmedizin Sandow",
            "Praxis Dr. med. Jens Wuttke",
            "Hausarztpraxis Wuttke",
            "Dr. med. Jens Wuttke",
        ],
        "doctor": "Dr. med. Jens Wuttke",
        "address": "Dissenchener Straße 50, 03042 Cottbus",
        "fax": "0355 4877 120",
        "kind": "Hausarztpraxis (Allgemeinmedizin), Cottbus",
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
}


def fmt(d: dt.date, region: str, long: bool = False) -> str:
    """A date as the region writes it (numeric, or with the month's name)."""
    if region == "US":
        return (
            f"{MONTHS['en'][d.month - 1]} {d.day}, {d.year}"
            if long
            else f"{d.month:02d}/{d.day:02d}/{d.year}"
        )
    if region in ("GB", "IL"):
        return (
            f"{d.day} {MONTHS['en'][d.month - 1]} {d.year}"
            if long
            else f"{d.day:02d}/{d.month:02d}/{d.year}"
        )
    if region == "SE":
        return f"{d.day} {MONTHS['sv'][d.month - 1]} {d.year}" if long else d.isoformat()
    if region == "VN":
        return (
            f"ngày {d.day} tháng {d.month} năm {d.year}"
            if long
            else f"{d.day:02d}/{d.month:02d}/{d.year}"
        )
    if region == "CZ":
        return (
            f"{d.day}. {MONTHS['cs'][d.month - 1]} {d.year}"
            if long
            else f"{d.day}. {d.month}. {d.year}"
        )
    lang = {"DE": "de", "PL": "pl", "UA": "uk", "RU": "ru", "TR": "tr"}[region]
    if long:
        if lang == "de":
            return f"{d.day}. {MONTHS['de'][d.month - 1]} {d.year}"
        suffix = {"pl": " r.", "uk": " р.", "ru": " г.", "tr": ""}[lang]
        return f"{d.day} {MONTHS[lang][d.month - 1]} {d.year}{suffix}"
    return f"{d.day:02d}.{d.month:02d}.{d.year}"
