"""How the letters print dates (the generator's side; check.py reads them back on its own)."""

from __future__ import annotations

import datetime as dt

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


def fmt(iso: str, style: str) -> str:
    d = dt.date.fromisoformat(iso)
    y, m, day = d.year, d.month, d.day
    if style == "dot":
        return f"{day:02d}.{m:02d}.{y}"
    if style == "dot_short":
        return f"{day}.{m}.{y}"
    if style == "dot_yy":
        return f"{day:02d}.{m:02d}.{y % 100:02d}"
    if style == "dot_hr":
        return f"{day:02d}.{m:02d}.{y}."
    if style == "slash":
        return f"{day:02d}/{m:02d}/{y}"
    if style == "us_slash":
        return f"{m:02d}/{day:02d}/{y}"
    if style == "iso":
        return d.isoformat()
    if style == "de_long":
        return f"{day}. {MONTHS['de'][m - 1]} {y}"
    if style in ("fr_long", "it_long", "tr_long", "el_long"):
        return f"{day} {MONTHS[style[:2]][m - 1]} {y}"
    if style == "hr_long":
        return f"{day}. {MONTHS['hr'][m - 1]} {y}."
    if style == "uk_long":
        return f"{day} {MONTHS['uk'][m - 1]} {y} р."
    if style == "lt_long":
        return f"{y} m. {MONTHS['lt'][m - 1]} {day} d."
    if style == "en_long":
        return f"{day} {MONTHS['en'][m - 1]} {y}"
    if style == "us_long":
        return f"{MONTHS['en'][m - 1]} {day}, {y}"
    raise ValueError(style)


def shift(iso: str, days: int) -> str:
    return (dt.date.fromisoformat(iso) + dt.timedelta(days=days)).isoformat()
