# SPDX-License-Identifier: AGPL-3.0-or-later
"""Dates as each country writes them, and every spelling of a date (for the self-check)."""

from __future__ import annotations

import datetime

MONTHS = {
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    "at": "Jänner Februar März April Mai Juni Juli August September Oktober November Dezember",
    "en": "January February March April May June July August September October November December",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre "
    "dicembre",
    "nl": "januari februari maart april mei juni juli augustus september oktober november december",
    "pl": "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października "
    "listopada grudnia",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre "
    "diciembre",
    "da": "januar februar marts april maj juni juli august september oktober november december",
}
WEEKDAYS = {
    "de": "Montag Dienstag Mittwoch Donnerstag Freitag Samstag Sonntag",
    "en": "Monday Tuesday Wednesday Thursday Friday Saturday Sunday",
}


def month(day: datetime.date, language: str) -> str:
    return MONTHS[language].split()[day.month - 1]


def weekday(day: datetime.date, language: str) -> str:
    return WEEKDAYS[language].split()[day.weekday()]


def num(day: datetime.date, sep: str = ".", short_year: bool = False, pad: bool = True) -> str:
    """12.03.1956, 12/03/1956, 12-03-56, 2.3.1956 (day first)."""
    year = f"{day.year % 100:02d}" if short_year else str(day.year)
    if pad:
        return f"{day.day:02d}{sep}{day.month:02d}{sep}{year}"
    return f"{day.day}{sep}{day.month}{sep}{year}"


def us(day: datetime.date) -> str:
    """09/12/2024 (month first)."""
    return f"{day.month:02d}/{day.day:02d}/{day.year}"


def long(day: datetime.date, language: str) -> str:
    """12. September 2024, 12 septembre 2024, 12 de septiembre de 2024, ..."""
    name = month(day, language)
    if language in ("de", "at", "da"):
        return f"{day.day}. {name} {day.year}"
    if language == "es":
        return f"{day.day} de {name} de {day.year}"
    if language == "fr" and day.day == 1:
        return f"1er {name} {day.year}"
    return f"{day.day} {name} {day.year}"


def ordinal(day: datetime.date) -> str:
    """12th September 2024."""
    suffix = (
        "th" if 10 < day.day % 100 < 14 else {1: "st", 2: "nd", 3: "rd"}.get(day.day % 10, "th")
    )
    return f"{day.day}{suffix} {month(day, 'en')} {day.year}"


def us_long(day: datetime.date) -> str:
    """September 12, 2024."""
    return f"{month(day, 'en')} {day.day}, {day.year}"


def spellings(day: datetime.date) -> set[str]:
    """Every way a letter of this set prints the date."""
    out = {day.isoformat(), us(day), ordinal(day), us_long(day)}
    for sep in ".-/":
        for short in (False, True):
            for pad in (False, True):
                out.add(num(day, sep, short, pad))
    for language in MONTHS:
        out.add(long(day, language))
        out.add(f"{day.day:02d} {month(day, language)} {day.year}")
        out.add(f"{day.day:02d}-{month(day, language)[:3].upper()}-{day.year}")
    out.add(f"{day.day:02d} {month(day, 'en')[:3]} {day.year}")
    return out
