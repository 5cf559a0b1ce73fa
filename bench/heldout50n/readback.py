"""Reads printed dates back, by each region's convention.

Written apart from the generator's formatter (fmt.py): month words are recognised by their
stems, numbers by the region's order (day first, month first in the US, year first in Hungary).
"""

from __future__ import annotations

import re
from datetime import date

_STEMS: dict[str, list[tuple[str, int]]] = {
    "de": [
        ("jän", 1),
        ("jan", 1),
        ("feb", 2),
        ("mär", 3),
        ("maer", 3),
        ("apr", 4),
        ("mai", 5),
        ("jun", 6),
        ("jul", 7),
        ("aug", 8),
        ("sep", 9),
        ("okt", 10),
        ("nov", 11),
        ("dez", 12),
    ],
    "it": [
        ("genn", 1),
        ("febb", 2),
        ("marz", 3),
        ("apr", 4),
        ("magg", 5),
        ("giu", 6),
        ("lug", 7),
        ("ago", 8),
        ("sett", 9),
        ("ott", 10),
        ("nov", 11),
        ("dic", 12),
    ],
    "sl": [
        ("jan", 1),
        ("feb", 2),
        ("mar", 3),
        ("apr", 4),
        ("maj", 5),
        ("jun", 6),
        ("jul", 7),
        ("avg", 8),
        ("sep", 9),
        ("okt", 10),
        ("nov", 11),
        ("dec", 12),
    ],
    "hr": [
        ("siječ", 1),
        ("velj", 2),
        ("ožuj", 3),
        ("trav", 4),
        ("svib", 5),
        ("lip", 6),
        ("srp", 7),
        ("kolov", 8),
        ("ruj", 9),
        ("listop", 10),
        ("stud", 11),
        ("pros", 12),
    ],
    "hu": [
        ("jan", 1),
        ("feb", 2),
        ("márc", 3),
        ("ápr", 4),
        ("máj", 5),
        ("jún", 6),
        ("júl", 7),
        ("aug", 8),
        ("szep", 9),
        ("okt", 10),
        ("nov", 11),
        ("dec", 12),
    ],
    "ro": [
        ("ian", 1),
        ("feb", 2),
        ("mar", 3),
        ("apr", 4),
        ("mai", 5),
        ("iun", 6),
        ("iul", 7),
        ("aug", 8),
        ("sep", 9),
        ("oct", 10),
        ("noi", 11),
        ("dec", 12),
    ],
    "cs": [
        ("led", 1),
        ("únor", 2),
        ("břez", 3),
        ("dub", 4),
        ("květ", 5),
        ("červenc", 7),
        ("červen", 6),
        ("srp", 8),
        ("září", 9),
        ("říj", 10),
        ("listop", 11),
        ("prosin", 12),
    ],
    "en": [
        ("jan", 1),
        ("feb", 2),
        ("mar", 3),
        ("apr", 4),
        ("may", 5),
        ("jun", 6),
        ("jul", 7),
        ("aug", 8),
        ("sep", 9),
        ("oct", 10),
        ("nov", 11),
        ("dec", 12),
    ],
}
_LANGS = {
    "DE": ["de"],
    "AT": ["de"],
    "CH": ["de"],
    "IT": ["de", "it"],
    "SI": ["sl"],
    "HR": ["hr"],
    "HU": ["hu"],
    "RO": ["ro"],
    "CZ": ["cs"],
    "US": ["en"],
    "GB": ["en"],
}
_WORD = r"([^\W\d_]+\.?)"


def _month(word: str, langs: list[str]) -> int | None:
    w = word.lower().rstrip(".")
    for lang in langs:
        for stem, m in _STEMS[lang]:
            if w.startswith(stem):
                return m
    return None


def _mk(y: int, m: int, d: int) -> date | None:
    try:
        return date(y, m, d)
    except ValueError:
        return None


def find_dates(text: str, region: str) -> list[tuple[str, date]]:
    """Every date printed in text, read by region's convention; invalid ones raise."""
    found: list[tuple[int, str, date]] = []
    taken: list[tuple[int, int]] = []

    def add(m: re.Match[str], value: date | None) -> None:
        if value is None:
            raise ValueError(f"not a date: {m.group(0)!r}")
        span = m.span()
        if any(a < span[1] and span[0] < b for a, b in taken):
            return
        taken.append(span)
        found.append((span[0], m.group(0), value))

    langs = _LANGS[region]
    for m in re.finditer(r"(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?![\d-])", text):
        add(m, _mk(int(m[1]), int(m[2]), int(m[3])))
    if region == "HU":
        for m in re.finditer(r"(?<![\d.])(\d{4})\.(\d{2})\.(\d{2})\.", text):
            add(m, _mk(int(m[1]), int(m[2]), int(m[3])))
        for m in re.finditer(r"(?<![\d.])(\d{4})\.\s+" + _WORD + r"\s+(\d{1,2})\.", text):
            month = _month(m[2], langs)
            if month is not None:
                add(m, _mk(int(m[1]), month, int(m[3])))
    for m in re.finditer(r"(?<![\d.])(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})(?!\d)", text):
        add(m, _mk(int(m[3]), int(m[2]), int(m[1])))
    for m in re.finditer(r"(?<![\d/])(\d{1,2})/(\d{1,2})/(\d{4})(?!\d)", text):
        a, b = int(m[1]), int(m[2])
        if region == "US":
            add(m, _mk(int(m[3]), a, b))
        elif region in ("GB", "IT"):
            add(m, _mk(int(m[3]), b, a))
        else:
            raise ValueError(f"slash date in region {region}: {m[0]!r}")
    for m in re.finditer(
        r"(?<!\d)(\d{1,2})(?:st|nd|rd|th)?\.?\s+" + _WORD + r"\s+(\d{4})(?!\d)", text
    ):
        month = _month(m[2], langs)
        if month is not None:
            add(m, _mk(int(m[3]), month, int(m[1])))
    if region == "US":
        for m in re.finditer(_WORD + r"\s+(\d{1,2}),\s+(\d{4})(?!\d)", text):
            month = _month(m[1], langs)
            if month is not None:
                add(m, _mk(int(m[3]), month, int(m[2])))
    return [(s, d) for _pos, s, d in sorted(found, key=lambda t: t[0])]
