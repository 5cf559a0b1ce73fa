"""The working state of one letter while a layout writes it, and its pagination."""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Callable

from bench.heldout50i import register
from bench.heldout50i.dates import spell
from bench.heldout50i.render import MM, PAGE_WIDTH, Line, text_width
from bench.heldout50i.world import PRACTICES, Sender

ASCII = "ascii"
SWISS = "swiss"
_ASCII_TABLE = str.maketrans(
    {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}
)
_CAPS = {"Ä": "AE", "Ö": "OE", "Ü": "UE"}


def transliterate(text: str, how: str | None) -> str:
    """ascii: umlauts as ae/oe/ue/ss (AE in words written in capitals); swiss: ss for ß only."""
    if how == SWISS:
        return text.replace("ß", "ss")
    if how == ASCII:
        text = re.sub(
            r"[ÄÖÜ](?=[A-ZÄÖÜ])|(?<=[A-ZÄÖÜ])[ÄÖÜ]", lambda match: _CAPS[match.group()], text
        )
        return text.translate(_ASCII_TABLE)
    return text


BREAK = Line("\f")
TOP, BOTTOM = 14.0, 280.0


GLUE = "\u2060"


def keep(phrase: str) -> str:
    """Mark a phrase that a paragraph must not wrap (a name's first mention stays on one line)."""
    return phrase.replace(" ", GLUE)


def outsider(rng: random.Random) -> register.Patient:
    """A patient the practice does not have in its register (a holiday guest, a new patient)."""
    surname = rng.choice(
        ("Tschudin", "Ambühl", "Gfeller", "Lindqvist", "Oberholzer", "Wyss-Keller")
    )
    given = rng.choice(("Regula", "Beat", "Annika", "Silvan", "Corinne"))
    sex = "M" if given in ("Beat", "Silvan") else "F"
    return register.Patient(
        "",
        surname,
        given,
        "",
        (),
        "",
        f"{rng.randint(1940, 2000)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
        sex,
        "",
        "",
        "",
        "CH",
        "",
        "",
    )


class Ctx:
    def __init__(self, seed: int, patient: register.Patient | None) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.in_register = patient is not None
        self.patient = patient or outsider(self.rng)
        self.practice = self.rng.choice(PRACTICES)
        start = dt.date(2023, 2, 1)
        self.date = start + dt.timedelta(days=self.rng.randrange(1000))
        self.given, self.surname = self.patient.given_names, self.patient.surname
        self.full_name_as_letter = ""
        self.lines: list[Line] = []
        self.notes: list[str] = []
        self.other_dates: list[dict] = []
        self.other_people: list[dict] = [{"name": self.practice.doctor, "role": "addressee"}]
        self.evidence: dict = {}
        self.language, self.region = "de", "DE"
        self.sender: Sender | None = None
        self.sender_name: str | None = None
        self.sender_alternatives: list[str] = []
        self.title: str | None = None
        self.title_alternatives: list[str] = []
        self.as_written = ""
        self.birth_given = False
        self.letter_date_given = False
        self.patient_id: str | None = None
        self.handwritten = False
        self.translit: str | None = None
        self.running: Callable[[int, int], str] | None = None

    # --- people and dates ---------------------------------------------------------------------
    @property
    def female(self) -> bool:
        return self.patient.sex == "F"

    def salutation(self, language: str = "de") -> str:
        return {
            "de": ("Frau" if self.female else "Herr"),
            "en": ("Mrs" if self.female else "Mr"),
            "fr": ("Mme" if self.female else "M."),
            "nl": ("mevrouw" if self.female else "de heer"),
            "it": ("Signora" if self.female else "Signor"),
        }[language]

    def use_former_name(self, layout: str) -> bool:
        """A letter from an old file uses the birth name; the truth keeps the register's name.
        Labs (ordered from the practice's own system) and discharge letters (which add "geb. ...")
        keep the new one."""
        if (
            self.patient.collision == "name_change"
            and self.patient.birth_name
            and layout not in ("lab", "discharge")
        ):
            self.surname = self.patient.birth_name
            self.notes.append(
                f"uses the birth name {self.patient.birth_name}; the register has "
                f"{self.patient.surname}"
            )
            return True
        return False

    def name(self, caps: bool = False, title: bool = True) -> str:
        prefix = f"{self.patient.title} med. " if (self.patient.title and title) else ""
        return f"{prefix}{self.given} {self.surname.upper() if caps else self.surname}"

    def mention(self, text: str) -> str:
        if not self.as_written:
            self.as_written = text
        return text

    def birth(self, style: str) -> str:
        text = spell(dt.date.fromisoformat(self.patient.birth_date), style)
        self.birth_given = True
        self.evidence.setdefault("birth_date", {"text": text, "style": style})
        return text

    def dated(self, style: str, date: dt.date | None = None) -> str:
        text = spell(date or self.date, style)
        if date is None:
            self.letter_date_given = True
            self.evidence.setdefault("letter_date", {"text": text, "style": style})
        return text

    def other(self, days: int, role: str, style: str) -> str:
        date = self.date + dt.timedelta(days=days)
        self.other_dates.append({"date": date.isoformat(), "role": role})
        return spell(date, style)

    # --- drawing ------------------------------------------------------------------------------
    def add(
        self,
        text: str,
        font: str = "sans",
        size: float = 10,
        x: float = 25,
        right: bool = False,
        gap: float = 0,
    ) -> None:
        self.lines.append(Line(text.rstrip(), font, size, x, right, gap))

    def para(
        self, text: str, size: float = 10, gap: float = 2.5, font: str = "sans", x: float = 25
    ) -> None:
        """A paragraph wrapped at the right margin (20 mm), measured in the font it is drawn in."""
        room = PAGE_WIDTH - (x + 20) * MM
        lines: list[str] = []
        for word in text.split():
            candidate = f"{lines[-1]} {word}" if lines else word
            wide = text_width(Line(candidate.replace(GLUE, " "), font, size)) > room
            if lines and not wide:
                lines[-1] = candidate
            else:
                lines.append(word)
        for number, part in enumerate(lines):
            self.add(part.replace(GLUE, " "), font, size, x, gap=gap if number == 0 else 0)

    def letterhead(self, sender: Sender, style: int | None = None) -> None:
        self.sender, self.sender_name = sender, sender.name
        self.sender_alternatives = list(sender.alternatives)
        style = self.rng.randrange(3) if style is None else style
        if style == 0:
            self.add(sender.name, "sansb", 15)
            for line in sender.lines:
                self.add(line, "sans", 8)
        elif style == 1:
            self.add(sender.name, "serifb", 14, right=True)
            for line in sender.lines:
                self.add(line, "serif", 8, right=True)
        else:
            for line in sender.lines[:1]:
                self.add(line, "cond", 8.5)
            self.add(sender.name, "condb", 16)
            for line in sender.lines[1:]:
                self.add(line, "cond", 8)

    def address(self, return_line: str = "", english: bool = False) -> None:
        practice = self.practice
        if return_line:
            self.add(return_line, "sans", 6.5, gap=8)
        city = practice.city + ("\u00a0· Germany" if english else "")
        self.add(practice.name, gap=3 if return_line else 10)
        self.add(practice.doctor if not english else practice.doctor.replace("Dr. med.", "Dr"))
        self.add(practice.street)
        self.add(city.replace("\u00a0", " "))

    def signature(
        self, sender: Sender, closing: str = "Mit freundlichen Grüßen", count: int = 2
    ) -> None:
        self.add(closing, gap=6)
        names = sender.signers[:count]
        self.add("", gap=8)
        if len(names) == 2:
            self.add(f"{names[0]}      {names[1]}", gap=4)
        else:
            self.add(names[0], gap=4)
        for name in names:
            self.other_people.append({"name": name, "role": "signer"})

    def heading(
        self, title: str, alternatives: tuple[str, ...] = (), size: float = 12, gap: float = 6
    ) -> None:
        self.title = self.title or title
        self.title_alternatives += list(alternatives)
        self.add(title, "sansb", size, gap=gap)

    # --- finishing ----------------------------------------------------------------------------
    def pages(self) -> list[list[Line]]:
        pages: list[list[Line]] = [[]]
        used = TOP
        for line in self.lines:
            height = line.gap + line.size * 1.32 / MM
            if line is BREAK or (used + height > BOTTOM and pages[-1]):
                pages.append([])
                used = TOP + 8
                if line is BREAK:
                    continue
                line = Line(line.text, line.font, line.size, line.x, line.right, 0)
                height = line.size * 1.32 / MM
            pages[-1].append(line)
            used += height
        total = len(pages)
        running = self.running or (lambda n, t: f"Seite {n} von {t}")
        for number in range(2, total + 1):
            pages[number - 1].insert(0, Line(running(number, total), "sans", 8, 25, gap=0))
        if total > 1:
            self.notes.append(f"{total} pages; pages 2+ carry a running header")
        return pages
