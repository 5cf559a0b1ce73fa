"""An independent reader of printed dates (German, Czech, Polish, Upper Sorbian, e-mail).

Written for the check, apart from the generator's spellings: it finds every date-like
string on a page and reads it by the region's day-month-year convention.
"""

import re
from datetime import date

_MONTHS: dict[str, int] = {}
for _num, _words in enumerate(
    [
        "januar jan jänner january ledna leden stycznia styczeń januara",
        "februar feb february února únor lutego luty februara",
        "märz mär mrz mar march března březen marca marzec měrca",
        "april apr dubna duben kwietnia kwiecień apryla",
        "mai may května květen maja maj meje",
        "juni jun june června červen czerwca czerwiec junija",
        "juli jul july července červenec lipca lipiec julija",
        "august aug srpna srpen sierpnia sierpień awgusta",
        "september sep sept září września wrzesień septembra",
        "oktober okt oct october října říjen października październik oktobra",
        "november nov listopadu listopad listopada nowembra",
        "dezember dez dec december prosince prosinec grudnia grudzień decembra",
    ],
    start=1,
):
    for _w in _words.split():
        _MONTHS[_w] = _num

_NUMERIC = re.compile(r"(?<![\d.])(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4}|\d{2})(?![\d])")
_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)")
_SLASH = re.compile(r"(?<!\d)(\d{1,2})/(\d{1,2})/(\d{4})(?!\d)")
_WORD = re.compile(r"(?<!\d)(\d{1,2})\.?\s+([^\W\d_]+)\.?,?\s+(\d{4})(?!\d)")


def _year(text: str) -> int:
    y = int(text)
    if len(text) == 2:
        y += 2000 if y <= 30 else 1900
    return y


def find_dates(text: str) -> list[tuple[str, date | None]]:
    """Every date-like string of the text with its reading (None: it names no real day)."""
    found: list[tuple[int, str, date | None]] = []
    for rx, order in ((_NUMERIC, "dmy"), (_ISO, "ymd"), (_SLASH, "dmy")):
        for m in rx.finditer(text):
            a, b, c = m.groups()
            d_, m_, y_ = (a, b, c) if order == "dmy" else (c, b, a)
            try:
                got: date | None = date(_year(y_), int(m_), int(d_))
            except ValueError:
                got = None
            found.append((m.start(), m.group(0), got))
    for m in _WORD.finditer(text):
        day, word, year = m.groups()
        month = _MONTHS.get(word.lower().rstrip("."))
        if month is None:
            continue
        try:
            got = date(int(year), month, int(day))
        except ValueError:
            got = None
        found.append((m.start(), m.group(0), got))
    found.sort(key=lambda t: t[0])
    return [(s, d) for _, s, d in found]
