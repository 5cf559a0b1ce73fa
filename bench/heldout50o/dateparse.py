"""Reads printed dates back, by the conventions of the letter's region.

Written apart from the generator's formatter (world.fmt): it knows the month names of the
languages, the order of day and month per region, and nothing of the styles the generator uses.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata

_MONTH_WORDS = {
    1: "januar jänner jan january janvier januari ocak "
    "ianuarie јануар јануари януари ιανουαρίου ιαν januara",
    2: "februar feb february février fevrier februari şubat "
    "subat februarie фебруар февруари φεβρουαρίου φεβ februara",
    3: "märz mär maerz mar march mars maart mart martie март μαρτίου μαρ marta",
    4: "april apr avril nisan aprilie април απριλίου απρ aprila",
    5: "mai may mei mayıs mayis мај май μαΐου μαΐ maj maja",
    6: "juni jun june juin haziran iunie јун юни ιουνίου juna",
    7: "juli jul july juillet temmuz iulie јул юли ιουλίου jula",
    8: "august aug augustus août aout ağustos agustos avgust август αυγούστου augusta",
    9: "september sept sep septembre eylül eylul "
    "septembrie septembar септембар септември σεπτεμβρίου septembra",
    10: "oktober okt october oct octobre ekim octombrie oktobar октобар октомври οκτωβρίου oktobra",
    11: "november nov novembre kasım kasim noiembrie novembar новембар ноември νοεμβρίου novembra",
    12: "dezember dez december dec décembre decembre aralık "
    "aralik decembrie decembar децембар декември δεκεμβρίου decembra",
}


def _fold(s: str) -> str:
    return unicodedata.normalize("NFC", s).casefold()


MONTHS: dict[str, int] = {}
for _m, _words in _MONTH_WORDS.items():
    for _w in _words.split():
        MONTHS[_fold(_w)] = _m

_MONTH_RE = "|".join(sorted((re.escape(w) for w in MONTHS), key=len, reverse=True))
_NUM = re.compile(r"(?<![\d./-])(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?![\d/-]|\.\d)")
_ISO = re.compile(r"(?<![\d.])(\d{4})-(\d{2})-(\d{2})(?![\d])")
_DAY_MONTH = re.compile(
    r"(?<![\d])(\d{1,2})(?:\.|er|st|nd|rd|th)?\s+(" + _MONTH_RE + r")\.?,?\s+(\d{4})(?!\d)",
    re.IGNORECASE,
)
_MONTH_DAY = re.compile(r"(?<![\w])(" + _MONTH_RE + r")\.?\s+(\d{1,2}),\s+(\d{4})(?!\d)", re.I)


def _year(y: str) -> int:
    n = int(y)
    if len(y) == 2:
        return 2000 + n if n <= 40 else 1900 + n
    return n


def find_dates(text: str, region: str) -> list[tuple[str, dt.date | None]]:
    """Every date-like string in the text with its reading (None where it reads as no date)."""
    out: list[tuple[str, dt.date | None]] = []
    taken: list[tuple[int, int]] = []

    def add(m: re.Match[str], y: int, mo: int, d: int) -> None:
        for a, b in taken:
            if m.start() < b and a < m.end():
                return
        taken.append((m.start(), m.end()))
        try:
            out.append((m.group(0), dt.date(y, mo, d)))
        except ValueError:
            out.append((m.group(0), None))

    for m in _ISO.finditer(text):
        add(m, int(m.group(1)), int(m.group(2)), int(m.group(3)))
    for m in _DAY_MONTH.finditer(text):
        add(m, int(m.group(3)), MONTHS[_fold(m.group(2))], int(m.group(1)))
    for m in _MONTH_DAY.finditer(text):
        add(m, int(m.group(3)), MONTHS[_fold(m.group(1))], int(m.group(2)))
    for m in _NUM.finditer(text):
        a, b = int(m.group(1)), int(m.group(3))
        if region == "US":
            add(m, _year(m.group(4)), a, b)
        else:
            add(m, _year(m.group(4)), b, a)
    return out
