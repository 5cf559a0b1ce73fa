"""An independent reader of printed dates, by the conventions of each region.

Written apart from the generator (it shares no code or tables with world.py): it finds every
date a page prints and reads it the way a reader in the letter's region would.
"""

from __future__ import annotations

import re
from datetime import date

_MONTHS: dict[int, list[str]] = {
    1: [
        "januar",
        "jänner",
        "jan",
        "january",
        "ledna",
        "leden",
        "gennaio",
        "siječnja",
        "siječanj",
        "ianuarie",
        "január",
        "ιανουαρίου",
        "ιανουάριος",
        "ocak",
        "января",
    ],
    2: [
        "februar",
        "feber",
        "feb",
        "february",
        "února",
        "únor",
        "febbraio",
        "veljače",
        "veljača",
        "februarie",
        "február",
        "φεβρουαρίου",
        "şubat",
        "февраля",
    ],
    3: [
        "märz",
        "mrz",
        "mär",
        "march",
        "mar",
        "března",
        "březen",
        "marzo",
        "ožujka",
        "ožujak",
        "martie",
        "március",
        "μαρτίου",
        "mart",
        "марта",
    ],
    4: [
        "april",
        "apr",
        "dubna",
        "duben",
        "aprile",
        "travnja",
        "travanj",
        "aprilie",
        "április",
        "απριλίου",
        "nisan",
        "апреля",
    ],
    5: [
        "mai",
        "may",
        "května",
        "květen",
        "maggio",
        "svibnja",
        "svibanj",
        "május",
        "μαΐου",
        "μαΐου",
        "mayıs",
        "мая",
    ],
    6: [
        "juni",
        "jun",
        "june",
        "června",
        "červen",
        "giugno",
        "lipnja",
        "lipanj",
        "iunie",
        "június",
        "ιουνίου",
        "haziran",
        "июня",
    ],
    7: [
        "juli",
        "jul",
        "july",
        "července",
        "červenec",
        "luglio",
        "srpnja",
        "srpanj",
        "iulie",
        "július",
        "ιουλίου",
        "temmuz",
        "июля",
    ],
    8: [
        "august",
        "aug",
        "srpna",
        "srpen",
        "agosto",
        "kolovoza",
        "kolovoz",
        "augusztus",
        "αυγούστου",
        "ağustos",
        "августа",
    ],
    9: [
        "september",
        "sep",
        "sept",
        "září",
        "settembre",
        "rujna",
        "rujan",
        "septembrie",
        "szeptember",
        "σεπτεμβρίου",
        "eylül",
        "сентября",
    ],
    10: [
        "oktober",
        "okt",
        "october",
        "oct",
        "října",
        "říjen",
        "ottobre",
        "listopada",
        "listopad",
        "octombrie",
        "október",
        "οκτωβρίου",
        "ekim",
        "октября",
    ],
    11: [
        "november",
        "nov",
        "listopadu",
        "novembre",
        "studenoga",
        "studeni",
        "noiembrie",
        "νοεμβρίου",
        "kasım",
        "ноября",
    ],
    12: [
        "dezember",
        "dez",
        "december",
        "dec",
        "prosince",
        "prosinec",
        "dicembre",
        "prosinca",
        "prosinac",
        "decembrie",
        "δεκεμβρίου",
        "aralık",
        "декабря",
    ],
}
MONTH = {name: num for num, names in _MONTHS.items() for name in names}
# Croatian "listopada" is October, Czech "listopadu" is November: both are in the table above.

_SP = r"[ \t\u00a0]+"
_NUM = re.compile(
    r"(?<![\d.,/-])(\d{1,4})([./-])[ \u00a0]?(\d{1,2})\2[ \u00a0]?(\d{2,4})(?![\d/-])"
)
_DMY_WORD = re.compile(r"(?<![\d.])(\d{1,2})\.?" + _SP + r"([^\W\d_]+)\.?" + _SP + r"(\d{4})(?!\d)")
_MDY_WORD = re.compile(r"\b([^\W\d_]+)" + _SP + r"(\d{1,2})," + _SP + r"(\d{4})(?!\d)")
_YMD_WORD = re.compile(r"(?<!\d)(\d{4})\." + _SP + r"([^\W\d_]+)" + _SP + r"(\d{1,2})\.")


def _mk(y: int, m: int, d: int) -> date | None:
    if y < 100:
        y += 2000 if y < 50 else 1900
    try:
        return date(y, m, d)
    except ValueError:
        return None


def find_dates(text: str, region: str) -> list[tuple[str, date]]:
    """Every date printed in text: (the printed string, its date)."""
    out: list[tuple[str, date]] = []
    for m in _NUM.finditer(text):
        a, sep, b, c = m.group(1), m.group(2), m.group(3), m.group(4)
        if len(a) == 4:
            got = _mk(int(a), int(b), int(c))
        elif len(c) not in (2, 4):
            continue
        elif region == "US" and sep == "/":
            got = _mk(int(c), int(a), int(b))
        else:
            got = _mk(int(c), int(b), int(a))
        if got:
            out.append((m.group(0), got))
    for m in _DMY_WORD.finditer(text):
        month = MONTH.get(m.group(2).lower())
        if month:
            got = _mk(int(m.group(3)), month, int(m.group(1)))
            if got:
                out.append((m.group(0), got))
    for m in _MDY_WORD.finditer(text):
        month = MONTH.get(m.group(1).lower())
        if month:
            got = _mk(int(m.group(3)), month, int(m.group(2)))
            if got:
                out.append((m.group(0), got))
    for m in _YMD_WORD.finditer(text):
        month = MONTH.get(m.group(2).lower())
        if month:
            got = _mk(int(m.group(1)), month, int(m.group(3)))
            if got:
                out.append((m.group(0), got))
    return out
