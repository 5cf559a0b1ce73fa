"""The receiving practice's own receipt stamp, put on a paper letter before it is scanned.

It carries the practice's name and the day the letter came in: neither is the sender nor the
letter's date. It exists only in the scan (a fax is not stamped), and is read last on its page."""

from __future__ import annotations

import datetime

from bench.heldout50h.page import Line, Page, width_mm

MONTHS = ["JAN", "FEB", "MÄR", "APR", "MAI", "JUN", "JUL", "AUG", "SEP", "OKT", "NOV", "DEZ"]
RED = (0.75, 0.1, 0.1)
WIDTH, HEIGHT = 62.0, 17.0
# Free places tried in turn: right of the letterhead, beside the window, low on the page.
PLACES = ((128.0, 34.0), (128.0, 84.0), (128.0, 236.0), (24.0, 236.0), (128.0, 190.0))


def _clear(page: Page, x: float, y: float) -> bool:
    for line in page.lines:
        left = line.left()
        right = left + width_mm(line.text, line.font, line.size)
        top = line.y - line.size * 0.36
        if left < x + WIDTH + 2 and x - 2 < right and top < y + HEIGHT + 2 and y - 2 < line.y:
            return False
    return True


def stamp(page: Page, day: datetime.date, practice: dict[str, str]) -> Page | None:
    """A copy of page with the stamp where it fits, or None where the page has no room."""
    spot = next(((x, y) for x, y in PLACES if _clear(page, x, y)), None)
    if spot is None:
        return None
    x, y = spot
    dated = f"{day.day:02d}. {MONTHS[day.month - 1]} {day.year}"
    lines = [
        Line("EINGEGANGEN", x + WIDTH / 2, y + 5.5, 11, "sansb", "c", RED),
        Line(dated, x + WIDTH / 2, y + 10.5, 10, "mono", "c", RED),
        Line(practice["name"], x + WIDTH / 2, y + 15.0, 6.5, "cond", "c", RED),
    ]
    return Page(
        lines=[*page.lines, *lines],
        rules=list(page.rules),
        boxes=[*page.boxes, (x, y, x + WIDTH, y + HEIGHT)],
        handwritten=page.handwritten,
    )
