"""Dates written in each country's conventions (the check reads them back with its own parser)."""
# ruff: noqa: E501

from __future__ import annotations

import datetime as dt

MONTHS = {
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
    "pt": "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",
    "nl": "januari februari maart april mei juni juli augustus september oktober november december",
    "tr": "Ocak Şubat Mart Nisan Mayıs Haziran Temmuz Ağustos Eylül Ekim Kasım Aralık",
    "ro": "ianuarie februarie martie aprilie mai iunie iulie august septembrie octombrie noiembrie decembrie",
    "en": "January February March April May June July August September October November December",
    "el": "Ιανουαρίου Φεβρουαρίου Μαρτίου Απριλίου Μαΐου Ιουνίου Ιουλίου Αυγούστου Σεπτεμβρίου Οκτωβρίου Νοεμβρίου Δεκεμβρίου",
}
MONTHS = {k: v.split() for k, v in MONTHS.items()}


def ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def fmt(d: dt.date, style: str) -> str:
    if style == "dmy.":
        return f"{d:%d.%m.%Y}"
    if style == "dmy.s":
        return f"{d.day}.{d.month}.{d:%y}"
    if style == "dmy/":
        return f"{d:%d/%m/%Y}"
    if style == "dmy-":
        return f"{d:%d-%m-%Y}"
    if style == "mdy/":
        return f"{d:%m/%d/%Y}"
    if style == "iso":
        return d.isoformat()
    _, lang = style.split("-")
    m = MONTHS["en" if lang in ("gb", "us") else lang][d.month - 1]
    if lang == "de":
        return f"{d.day}. {m} {d.year}"
    if lang == "fr":
        return f"{'1er' if d.day == 1 else d.day} {m} {d.year}"
    if lang == "pt":
        return f"{d.day} de {m} de {d.year}"
    if lang == "gb":
        return f"{ordinal(d.day)} {m} {d.year}"
    if lang == "us":
        return f"{m} {d.day}, {d.year}"
    return f"{d.day} {m} {d.year}"
