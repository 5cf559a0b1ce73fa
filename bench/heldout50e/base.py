"""What a layout receives (the context) and returns (the draft), and shared fragments."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field

from .render import Page, width_mm
from .sheet import Practice, Sheet, Subject


@dataclass
class Context:
    rng: random.Random
    subject: Subject
    practice: Practice
    day: dt.date  # around when the letter is written

    def before(self, low: int, high: int) -> dt.date:
        return self.day - dt.timedelta(days=self.rng.randint(low, high))

    def after(self, low: int, high: int) -> dt.date:
        return self.day + dt.timedelta(days=self.rng.randint(low, high))

    def pick(self, options: list[str] | tuple[str, ...]) -> str:
        return self.rng.choice(options)


@dataclass
class Draft:
    layout: str
    language: str
    region: str
    pages: list[Page]
    as_written: str
    letter_date: dt.date | None
    birth_printed: bool
    sender: str | None
    sender_alternatives: list[str] = field(default_factory=list)
    title: str | None = None
    title_alternatives: list[str] = field(default_factory=list)
    patient_id: str | None = None
    other_dates: list[tuple[dt.date, str]] = field(default_factory=list)
    other_people: list[tuple[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    fax_name: str = ""
    fax_number: str = ""
    hand: bool = False
    kind: str = "ordinary"  # or "other"


def window(
    sheet: Sheet,
    practice: Practice,
    return_line: str,
    x: float = 25,
    y: float = 50,
    size: float = 10,
) -> None:
    """A DIN 5008 address field: the small return line, then the receiving practice."""
    sheet.put(x, y - 5, return_line, 6.5)
    for row, text in enumerate(practice.window()):
        sheet.put(x, y + row * size * 0.45, text, size)


def signatures(sheet: Sheet, people: list[tuple[str, str]], size: float = 10) -> None:
    """Names side by side with their roles below; each name and role one line."""
    sheet.gap(14)
    sheet.need(12)
    span = (sheet.right - sheet.left) / max(len(people), 1)
    widest = max(width_mm(text, size) for person in people for text in person)
    size = min(size, size * (span - 3) / widest)  # long names side by side: a smaller type
    base = sheet.y
    for index, (name, role) in enumerate(people):
        x = sheet.left + index * span
        sheet.put(x, base + 4, name, size)
        sheet.put(x, base + 8.5, role, size - 1)
    sheet.y = base + 10
