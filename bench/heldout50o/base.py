"""What a kind of letter receives (the context) and returns (its pages and facts)."""

from __future__ import annotations

import datetime as dt
import random
import unicodedata
from dataclasses import dataclass, field

from .layout import LEFT, RIGHT, Page
from .register import Patient
from .world import fmt, recipient_block


@dataclass
class Person:
    surname: str
    given: str
    sex: str
    birth: dt.date
    title: str = ""
    reg: Patient | None = None
    native_surname: str = ""
    native_given: str = ""
    script_surname: str = ""
    script_given: str = ""
    old_surname: str = ""


@dataclass
class Spec:
    layout: str
    pages: list[Page]
    sender: str
    as_written: str
    name_as_letter: str
    letter_date: dt.date | None
    sender_fax: str
    title: str | None = None
    sender_alts: list[str] = field(default_factory=list)
    title_alts: list[str] = field(default_factory=list)
    birth_printed: bool = False
    patient_id_printed: bool = False
    other_dates: list[tuple[dt.date, str]] = field(default_factory=list)
    other_people: list[tuple[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    language: str = "de"
    region: str = "DE"
    handwritten: bool = False
    cover_subject: str = ""


@dataclass
class Ctx:
    rng: random.Random
    practice: dict[str, object]
    person: Person
    date: dt.date
    use_old_name: bool = False

    # -- the patient's name as this letter spells it --------------------------------------
    @property
    def sn(self) -> str:
        if self.use_old_name and self.person.old_surname:
            return self.person.old_surname
        return self.person.surname

    @property
    def gn(self) -> str:
        return self.person.given

    @property
    def tt(self) -> str:
        """The patient's title with a trailing space, or nothing."""
        return f"{self.person.title} " if self.person.title else ""

    def he(self, de_m: str = "Herr", de_f: str = "Frau") -> str:
        return de_m if self.person.sex == "M" else de_f

    def ago(self, lo: int, hi: int) -> dt.date:
        return self.date - dt.timedelta(days=self.rng.randrange(lo, hi + 1))

    def after(self, lo: int, hi: int) -> dt.date:
        return self.date + dt.timedelta(days=self.rng.randrange(lo, hi + 1))

    def pick(self, xs: list[str]) -> str:
        return xs[self.rng.randrange(len(xs))]

    def recipient(self, pg: Page, sender_line: str, y: float = 50.0, x: float = LEFT) -> Page:
        pg.at(y)
        if sender_line:
            pg.line(sender_line, x=x, size=6.5, font="sans", lead=1.9)
        variant = self.rng.randrange(3)
        pg.lines(recipient_block(self.practice, variant), x=x, size=10, font="sans", lead=1.3)
        return pg

    def pid(self) -> str:
        return self.person.reg.id if self.person.reg else ""


def greek_upper(s: str) -> str:
    """Greek capitals as printed: without the tonos."""
    decomposed = unicodedata.normalize("NFD", s.upper())
    return unicodedata.normalize(
        "NFC", "".join(c for c in decomposed if c not in ("\u0301", "\u0308"))
    )


def signature(pg: Page, names: list[str], closing: str = "Mit freundlichen Grüßen") -> Page:
    pg.gap(3).line(closing).gap(9)
    return pg.lines(names, size=9.5)


def footer(pg: Page, text: str, y: float = 268.0, size: float = 6.5, font: str = "sans") -> None:
    keep = pg.y
    pg.at(y).rule(dy=-3.2, w=0.3).line(text, size=size, font=font)
    pg.y = keep


def header_block(
    pg: Page,
    lines: list[str],
    align: str,
    y: float = 16.0,
    big: float = 13.0,
    font: str = "sansb",
    small_font: str = "sans",
) -> Page:
    x = {"left": LEFT, "right": RIGHT, "centre": (LEFT + RIGHT) / 2}[align]
    pg.at(y)
    pg.line(lines[0], x=x, size=big, font=font, align=align, lead=1.3)
    for t in lines[1:]:
        pg.line(t, x=x, size=8.5, font=small_font, align=align, lead=1.3)
    return pg


__all__ = [
    "Ctx",
    "Page",
    "Person",
    "Spec",
    "fmt",
    "footer",
    "greek_upper",
    "header_block",
    "signature",
]
