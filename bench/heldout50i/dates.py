"""Date spellings of the letters' regions (the generator writes them; check.py reads them back)."""

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
}


def ordinal(day: int) -> str:
    suffix = "th" if 11 <= day % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"


def spell(date: dt.date, style: str) -> str:
    """One date in one of the styles; the style name says the convention (dmy/mdy, numeric/long)."""
    d, m, y = date.day, date.month, date.year
    return {
        "de_num": f"{d:02d}.{m:02d}.{y}",
        "de_short": f"{d:02d}.{m:02d}.{y % 100:02d}",
        "de_bare": f"{d}.{m}.{y}",
        "de_long": f"{d}. {MONTHS['de'][m - 1]} {y}",
        "at_long": f"{d}. {MONTHS['at'][m - 1]} {y}",
        "iso": date.isoformat(),
        "gb_num": f"{d:02d}/{m:02d}/{y}",
        "gb_long": f"{d} {MONTHS['en'][m - 1]} {y}",
        "gb_ord": f"{ordinal(d)} {MONTHS['en'][m - 1]} {y}",
        "gb_abbr": f"{d:02d}-{MONTHS['en'][m - 1][:3]}-{y}",
        "us_num": f"{m:02d}/{d:02d}/{y}",
        "us_long": f"{MONTHS['en'][m - 1]} {ordinal(d)}, {y}",
        "us_plain": f"{MONTHS['en'][m - 1]} {d}, {y}",
        "fr_num": f"{d:02d}/{m:02d}/{y}",
        "fr_long": f"{d} {MONTHS['fr'][m - 1]} {y}",
        "nl_num": f"{d:02d}-{m:02d}-{y}",
        "nl_long": f"{d} {MONTHS['nl'][m - 1]} {y}",
        "it_long": f"{d} {MONTHS['it'][m - 1]} {y}",
    }[style]
