"""Dates as the index's words.

A stage leaf: dates in, words out; no Whoosh, no database. Which date a letter was written
on is not decided here: ``date:`` indexes the document's letter date as its facts hold it
(``docvault.facts``: a person's value, else the proposal), the one value the facts panel,
the arrivals list, the API and the hand-over show.

- ``calendar_terms``, ``calendar_word`` and ``calendar_words`` write a day, a named year,
  month or day, and a range of days as the year, month and day words that the schema's
  date fields index (``docvault.search.schema``).
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

# ----------------------------------------------------------------------------- calendar words

# Open ranges (received:<2025) stop here; every year in between is one word of the query.
# From 1900, the earliest date of birth the facts take (docvault.facts.store): born:<1950
# found nobody born before 1950 (tests/search/test_properties_query.py, issue 29). No date the
# index holds lies outside these years, and no range reaches past them: Python's dates end
# at 9999-12-31, and received:>9999 ran past that end (an OverflowError, a 500).
EARLIEST = date(1900, 1, 1)
LATEST = date(2099, 12, 31)


class NotADate(ValueError):
    """A search's date is not YYYY, YYYY-MM or YYYY-MM-DD; the message says how to write it."""


def calendar_terms(day: date) -> str:
    """The words a day is indexed as: its year, its month and itself."""
    return f"{day:%Y} {day:%Y-%m} {day:%Y-%m-%d}"


def calendar_words(low: date, high: date) -> list[str]:
    """The fewest year, month and day words that together cover ``low`` to ``high`` (within
    EARLIEST and LATEST)."""
    words: list[str] = []
    current, high = max(low, EARLIEST), min(high, LATEST)
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
