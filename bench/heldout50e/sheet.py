"""A page builder for house styles, date spellings, the receiving practices and the subject."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field

from .register import Patient
from .render import Item, Page, width_mm

MONTHS_DE = [
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
]
MONTHS_AT = ["Jänner", *MONTHS_DE[1:]]
MONTHS_EN = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]


def spell(day: dt.date, style: str) -> str:
    """The date as a house style writes it."""
    d, m, y = day.day, day.month, day.year
    return {
        "de": f"{d:02d}.{m:02d}.{y}",
        "de_short": f"{d:02d}.{m:02d}.{y % 100:02d}",
        "de_plain": f"{d}.{m}.{y}",
        "de_long": f"{d}. {MONTHS_DE[m - 1]} {y}",
        "at_long": f"{d}. {MONTHS_AT[m - 1]} {y}",
        "iso": day.isoformat(),
        "uk": f"{d:02d}/{m:02d}/{y}",
        "uk_long": f"{d} {MONTHS_EN[m - 1]} {y}",
        "us": f"{m:02d}/{d:02d}/{y}",
        "us_long": f"{MONTHS_EN[m - 1]} {d}, {y}",
        "dash": f"{d:02d}-{MONTHS_EN[m - 1][:3]}-{y}",
    }[style]


def spellings(day: dt.date) -> list[str]:
    """Every spelling ``spell`` knows, for the check."""
    return [
        spell(day, style)
        for style in (
            "de",
            "de_short",
            "de_plain",
            "de_long",
            "at_long",
            "iso",
            "uk",
            "uk_long",
            "us",
            "us_long",
            "dash",
        )
    ]


@dataclass(frozen=True)
class Practice:
    name: str
    doctor: str
    street: str
    city: str
    phone: str
    fax: str

    def window(self) -> list[str]:
        return [self.name, self.doctor, self.street, self.city]


PRACTICES = (
    Practice(
        "Hausarztpraxis am Stadtgarten",
        "Frau Dr. med. Katrin Albers",
        "Venloer Straße 212",
        "50823 Köln",
        "0221 4097 310",
        "0221 4097 319",
    ),
    Practice(
        "Internistische Hausarztpraxis",
        "Herrn Dr. med. Henrik Saalfeld",
        "Aachener Straße 508",
        "50933 Köln",
        "0221 95 44 80",
        "0221 95 44 8-99",
    ),
)


@dataclass(frozen=True)
class Subject:
    """The patient as one letter writes them."""

    given: str
    surname: str
    born: dt.date
    sex: str
    record: Patient | None

    @property
    def name(self) -> str:
        return f"{self.given} {self.surname}"

    def salutation(self, english: bool = False) -> str:
        if english:
            return "Mrs" if self.sex == "F" else "Mr"
        return "Frau" if self.sex == "F" else "Herr"

    def herrn(self) -> str:
        return "Frau" if self.sex == "F" else "Herrn"

    def patientin(self) -> str:
        return "Patientin" if self.sex == "F" else "Patienten"


@dataclass
class Sheet:
    """Lines placed down the page; a new page when the bottom is reached."""

    left: float = 25.0
    right: float = 185.0
    top: float = 25.0
    bottom: float = 270.0
    continuation: Callable[[int], list[str]] | None = None
    pages: list[Page] = field(default_factory=lambda: [Page()])
    y: float = 25.0

    @property
    def page(self) -> Page:
        return self.pages[-1]

    def put(
        self,
        x: float,
        y: float,
        text: str,
        size: float = 10,
        font: str = "sans",
        align: str = "left",
    ) -> None:
        self.page.items.append(Item(x, y, text, size, font, align))

    def rule(self, y: float | None = None) -> None:
        at = self.y + 1.5 if y is None else y
        self.page.rules.append((self.left, at, self.right, at))

    def gap(self, mm: float) -> None:
        self.y += mm

    def need(self, mm: float) -> None:
        if self.y + mm > self.bottom:
            self.pages.append(Page())
            self.y = self.top
            for text in self.continuation(len(self.pages)) if self.continuation else []:
                self.line(text, size=8.5)
            self.gap(4)

    def line(
        self,
        text: str,
        size: float = 10,
        font: str = "sans",
        x: float | None = None,
        align: str = "left",
    ) -> None:
        lead = size * 0.47
        self.need(lead)
        self.y += lead
        if align == "right":
            self.put(self.right, self.y, text, size, font, "right")
        elif align == "centre":
            self.put((self.left + self.right) / 2, self.y, text, size, font, "centre")
        else:
            self.put(self.left if x is None else x, self.y, text, size, font)

    def para(self, text: str, size: float = 10, font: str = "sans", indent: float = 0) -> None:
        room = self.right - self.left - indent
        row = ""
        for word in text.split():
            trial = f"{row} {word}".strip()
            if row and width_mm(trial, size, font) > room:
                self.line(row, size, font, self.left + indent)
                row = word
            else:
                row = trial
        if row:
            self.line(row, size, font, self.left + indent)
        self.gap(size * 0.2)

    def fields(
        self,
        rows: list[tuple[str, str]],
        width: float = 38,
        size: float = 10,
        font: str = "sans",
        x: float | None = None,
    ) -> None:
        """Label and value on one line, the value in its own column."""
        left = self.left if x is None else x
        for label, value in rows:
            self.line(label, size, font, left)
            self.page.items.append(Item(left + width, self.y, value, size, font, cont=True))

    def beside(
        self, x: float, text: str, size: float = 10, font: str = "sans", align: str = "left"
    ) -> None:
        """Text on the current line further right, read as part of that line."""
        self.page.items.append(Item(x, self.y, text, size, font, align, cont=True))
