"""Dates for the index: the date a letter was written, and dates as the index's words.

A stage leaf: text in, dates and words out; no Whoosh, no database.

- ``find_document_date`` reads the letter head of a document's first page (``date:``).
- ``calendar_terms``, ``calendar_word`` and ``calendar_words`` write a day, a named year,
  month or day, and a range of days as the year, month and day words that the schema's
  date fields index (``docvault.search.schema``).
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

from docvault.textutil import strip_markup

# ----------------------------------------------------------------------------- document dates

_MONTH_NAMES = {
    **{name.lower(): number for number, name in enumerate(calendar.month_name) if name},
    **{name.lower(): number for number, name in enumerate(calendar.month_abbr) if name},
    "januar": 1, "jänner": 1, "februar": 2, "märz": 3, "maerz": 3, "mai": 5, "juni": 6,
    "juli": 7, "oktober": 10, "dezember": 12, "sept": 9,
}  # fmt: skip
_DATE_PATTERNS = (
    # 12.03.2025, 12/03/2025, 12-03-2025 (day first, as European letters write it)
    re.compile(r"\b(?P<day>\d{1,2})[./-](?P<month>\d{1,2})[./-](?P<year>\d{4})\b"),
    # 2025-03-12
    re.compile(r"\b(?P<year>\d{4})-(?P<month>\d{1,2})-(?P<day>\d{1,2})\b"),
    # 12 March 2025, 12. März 2025
    re.compile(r"\b(?P<day>\d{1,2})\.?\s+(?P<month_name>[^\W\d_]{3,9})\.?\s+(?P<year>\d{4})\b"),
)
_BIRTH_MARKERS = re.compile(r"(geb\.|geboren|\bborn\b|\bDOB\b|date of birth)\s*:?\s*$", re.I)
# The letter head is the first lines of the first page; a date further down is more often a
# finding's or an appointment's than the letter's.
_LETTER_HEAD_CHARACTERS = 1500
_PLAUSIBLE_YEARS = range(1990, 2100)


def _date_from_match(match: re.Match[str]) -> date | None:
    parts = match.groupdict()
    if parts.get("month_name") is not None:
        month = _MONTH_NAMES.get(parts["month_name"].lower())
        if month is None:
            return None
    else:
        month = int(parts["month"])
    try:
        found = date(int(parts["year"]), month, int(parts["day"]))
    except ValueError:
        return None
    return found if found.year in _PLAUSIBLE_YEARS else None


def find_document_date(text: str) -> date | None:
    """Return the first plausible date in a page's letter head, skipping birth dates."""
    head = strip_markup(text)[:_LETTER_HEAD_CHARACTERS]
    candidates: list[tuple[int, date]] = []
    for pattern in _DATE_PATTERNS:
        for match in pattern.finditer(head):
            if _BIRTH_MARKERS.search(head[max(0, match.start() - 30) : match.start()]):
                continue
            found = _date_from_match(match)
            if found is not None:
                candidates.append((match.start(), found))
    return min(candidates)[1] if candidates else None


# ----------------------------------------------------------------------------- calendar words

# Open ranges (received:<2025) stop here; every year in between is one word of the query.
EARLIEST = date(1950, 1, 1)
LATEST = date(2099, 12, 31)


class NotADate(ValueError):
    """A search's date is not YYYY, YYYY-MM or YYYY-MM-DD; the message says how to write it."""


def calendar_terms(day: date) -> str:
    """The words a day is indexed as: its year, its month and itself."""
    return f"{day:%Y} {day:%Y-%m} {day:%Y-%m-%d}"


def calendar_words(low: date, high: date) -> list[str]:
    """The fewest year, month and day words that together cover ``low`` to ``high``."""
    words: list[str] = []
    current = low
    while current <= high:
        year_end = date(current.year, 12, 31)
        month_end = date(
            current.year, current.month, calendar.monthrange(current.year, current.month)[1]
        )
        if current.month == 1 and current.day == 1 and year_end <= high:
            words.append(f"{current:%Y}")
            current = year_end + timedelta(days=1)
        elif current.day == 1 and month_end <= high:
            words.append(f"{current:%Y-%m}")
            current = month_end + timedelta(days=1)
        else:
            words.append(f"{current:%Y-%m-%d}")
            current += timedelta(days=1)
        if current.year > LATEST.year:
            break
    return words


_PARTIAL_DATE = re.compile(r"(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?")


def calendar_word(text: str) -> str:
    """The one word of the year, month or day ``text`` names (``2025-3``: ``2025-03``)."""
    date_period(text)
    match = _PARTIAL_DATE.fullmatch(text.strip())
    assert match is not None
    year, month, day = (int(part) if part else None for part in match.groups())
    return f"{year:04d}" + (f"-{month:02d}" if month else "") + (f"-{day:02d}" if day else "")


def date_period(text: str) -> tuple[date, date]:
    """The first and last day of the year, month or day that ``text`` names."""
    match = _PARTIAL_DATE.fullmatch(text.strip())
    try:
        if match is None:
            raise ValueError(text)
        year, month, day = (int(part) if part else None for part in match.groups())
        assert year is not None
        if month is None:
            return date(year, 1, 1), date(year, 12, 31)
        if day is None:
            return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])
        return date(year, month, day), date(year, month, day)
    except ValueError:
        raise NotADate(
            f"'{text}' is not a date: write YYYY, YYYY-MM or YYYY-MM-DD, "
            f"for example received:2025-03."
        ) from None
