"""Each region's date conventions: writing a date, and reading it back (the check's parser)."""

from __future__ import annotations

import datetime as dt
import re

MONTHS = {
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    "at": "Jänner Februar März April Mai Juni Juli August September Oktober November Dezember",
    "pl": "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października "
    "listopada grudnia",
    "ua": "січня лютого березня квітня травня червня липня серпня вересня жовтня листопада грудня",
    "ru": "января февраля марта апреля мая июня июля августа сентября октября ноября декабря",
    "lt": "sausio vasario kovo balandžio gegužės birželio liepos rugpjūčio rugsėjo spalio "
    "lapkričio gruodžio",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre "
    "dicembre",
    "en": "January February March April May June July August September October November December",
}
MONTH_LISTS = {k: v.split() for k, v in MONTHS.items()}
WORD_TO_MONTH: dict[str, int] = {}
for _names in MONTH_LISTS.values():
    for _i, _n in enumerate(_names, 1):
        WORD_TO_MONTH[_n.lower()] = _i
        WORD_TO_MONTH[_n.lower()[:3]] = _i
WORD_TO_MONTH["mrz"] = 3

# region of a date's convention: "DE" (day first), "US" (month first with slashes), others day first
DAY_FIRST = {"DE", "AT", "CH", "PL", "UA", "RU", "LT", "GB", "IL", "IT"}


def _ord(d: int) -> str:
    if d in (1, 21, 31):
        return f"{d}st"
    if d in (2, 22):
        return f"{d}nd"
    if d in (3, 23):
        return f"{d}rd"
    return f"{d}th"


def fmt(d: dt.date, style: str) -> str:
    m = d.month - 1
    table = {
        "de": f"{d.day:02d}.{d.month:02d}.{d.year}",
        "de_short": f"{d.day}.{d.month}.{d.year % 100:02d}",
        "de_nopad": f"{d.day}.{d.month}.{d.year}",
        "de_long": f"{d.day}. {MONTH_LISTS['de'][m]} {d.year}",
        "at_long": f"{d.day}. {MONTH_LISTS['at'][m]} {d.year}",
        "stamp": f"{d.day:02d}. {MONTH_LISTS['de'][m][:3].upper().replace('MÄR', 'MRZ')} {d.year}",
        "pl_long": f"{d.day} {MONTH_LISTS['pl'][m]} {d.year}",
        "pl_r": f"{d.day:02d}.{d.month:02d}.{d.year}r.",
        "ua_long": f"{d.day} {MONTH_LISTS['ua'][m]} {d.year} р.",
        "ru_long": f"{d.day} {MONTH_LISTS['ru'][m]} {d.year} г.",
        "lt_long": f"{d.year} m. {MONTH_LISTS['lt'][m]} {d.day} d.",
        "iso": d.isoformat(),
        "uk_long": f"{_ord(d.day)} {MONTH_LISTS['en'][m]} {d.year}",
        "uk_num": f"{d.day:02d}/{d.month:02d}/{d.year}",
        "us_long": f"{MONTH_LISTS['en'][m]} {d.day}, {d.year}",
        "us_num": f"{d.month:02d}/{d.day:02d}/{d.year}",
        "it_long": f"{d.day} {MONTH_LISTS['it'][m]} {d.year}",
        "it_num": f"{d.day:02d}/{d.month:02d}/{d.year}",
        "en_dmy": f"{d.day} {MONTH_LISTS['en'][m][:3]} {d.year}",
    }
    return table[style]


def _year(y: str) -> int:
    n = int(y)
    if len(y) == 2:
        return 2000 + n if n <= 25 else 1900 + n
    return n


def parse(s: str, region: str) -> dt.date | None:
    """Read a printed date back by the region's convention (independent of `fmt`)."""
    try:
        return _parse(s, region)
    except (ValueError, KeyError):
        return None


def _parse(s: str, region: str) -> dt.date | None:
    t = s.strip().lower()
    t = re.sub(r"\s*(r\.|р\.|г\.)$", "", t)
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", t)
    if m:
        return dt.date(int(m[1]), int(m[2]), int(m[3]))
    m = re.fullmatch(r"(\d{1,2})([./])(\d{1,2})\2(\d{2}|\d{4})", t)
    if m:
        a, b, y = int(m[1]), int(m[3]), _year(m[4])
        if region == "US" and m[2] == "/":
            a, b = b, a
        return dt.date(y, b, a)
    m = re.fullmatch(r"(\d{4}) m\. (\w+) (\d{1,2}) d\.", t)
    if m:
        return dt.date(int(m[1]), WORD_TO_MONTH[m[2]], int(m[3]))
    m = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)?\.? (\w+)\.? (\d{4})", t)
    if m and m[2] in WORD_TO_MONTH:
        return dt.date(int(m[3]), WORD_TO_MONTH[m[2]], int(m[1]))
    m = re.fullmatch(r"([a-z]+) (\d{1,2}), (\d{4})", t)
    if m and m[1] in WORD_TO_MONTH:
        return dt.date(int(m[3]), WORD_TO_MONTH[m[1]], int(m[2]))
    return None
