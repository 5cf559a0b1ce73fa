"""The letters of the fifth blind facts set: splits, truth and the three conditions."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from . import layouts_clinic, layouts_other, names, register, render
from .base import Context, Draft
from .render import Item, Page
from .sheet import PRACTICES, Practice, Subject, spell

Layout = Callable[[Context], Draft]
ORDINARY: list[Layout] = layouts_clinic.LAYOUTS
OTHER: list[Layout] = layouts_other.LAYOUTS
# Layouts about one sex's organs: a gynaecology report, a prostate check.
ONE_SEX = {layouts_clinic.ch_gynaecology_report: "F", layouts_clinic.urology_date_in_footer: "M"}
SPLITS = {"test": (40, 50500), "examples": (6, 50577)}
PLANS = (
    ("plain",) * 9
    + ("outside",) * 2
    + ("same_name_same_birth", "twin", "name_change", "name_change", "umlaut_spelling")
)


def split(name: str) -> list[Letter]:
    """The named split: "test" (40 letters) or "examples" (a few); nothing else exists."""
    if name not in SPLITS:
        raise ValueError(f"heldout50e has no split {name!r}: only 'test' and 'examples'")
    count, seed = SPLITS[name]
    return [letter.named(name, index) for index, letter in enumerate(generate(count, seed))]


def _layouts(count: int, rng: random.Random) -> list[Layout]:
    """About 60 % ordinary correspondence, the rest other things a practice receives."""
    ordinary = round(count * 0.6)
    chosen = [ORDINARY[i % len(ORDINARY)] for i in range(ordinary)]
    chosen += [OTHER[i % len(OTHER)] for i in range(count - ordinary)]
    rng.shuffle(chosen)
    return chosen


def generate(count: int, seed: int) -> list[Letter]:
    rng = random.Random(seed)
    patients = register.build()
    letters = []
    for index, layout in enumerate(_layouts(count, rng)):
        letter_seed = seed * 1000 + index
        plan = PLANS[index % len(PLANS)] if count >= len(PLANS) else rng.choice(PLANS)
        letters.append(Letter(f"gen-{index:03d}", "generated", letter_seed, layout, plan, patients))
    return letters


def _sex(person: register.Patient) -> str:
    """How a letter addresses the patient: the register's F or M, else by the given name."""
    if person.sex in "FM":
        return person.sex
    return "F" if person.given_names.split()[0] in names.GIVEN_F else "M"


def _outside(rng: random.Random, patients: list[register.Patient], sex: str) -> Subject:
    taken = {(p.surname, p.given_names, p.birth_date) for p in patients}
    while True:
        person = register._person(rng, 99999)
        if (
            (
                person.surname,
                person.given_names,
                person.birth_date,
            )
            not in taken
            and person.birth_date < "2006-01-01"
            and _sex(person) in (sex or "FM")
        ):
            return Subject(person.given_names, person.surname, person.born, _sex(person), None)


def _subject(
    rng: random.Random, plan: str, patients: list[register.Patient], sex: str = ""
) -> tuple[Subject, list[str]]:
    """The letter's patient by plan; ``sex`` (F or M) where the layout needs one."""
    if plan == "outside":
        return _outside(rng, patients, sex), ["patient is not in the register"]
    pool = [
        p
        for p in patients
        if p.collision == ("" if plan == "plain" else plan)
        and (plan == "twin" or p.birth_date < "2006-01-01")
        and _sex(p) in (sex or "FM")
    ]
    person = rng.choice(pool)
    sex = _sex(person)
    surname, notes = person.surname, []
    if plan == "name_change" and person.birth_name:
        surname = person.birth_name
        notes.append(
            f"the letter uses the birth name {surname}; another register patient "
            f"is currently called {person.given_names} {surname} "
            f"(group {person.collision_group}); the birth date decides"
        )
    elif plan == "umlaut_spelling":
        notes.append(
            f"register spelling {person.surname}; group {person.collision_group} "
            "holds the same name in the other umlaut spelling with another birth date"
        )
        swap = register._ascii_umlauts(surname)
        if swap == surname:
            twin = next(
                p
                for p in patients
                if p.collision_group == person.collision_group and p.id != person.id
            )
            swap = twin.surname
        surname = swap
    elif plan == "same_name_same_birth":
        notes.append(
            f"genuinely ambiguous: group {person.collision_group} holds two patients "
            "with this name and birth date; only the address or id could decide"
        )
    elif plan == "name_change":
        notes.append(
            f"group {person.collision_group}: another register patient with the same "
            f"given name was born {person.surname}; the birth date decides"
        )
    elif plan == "twin":
        notes.append(
            f"twin (group {person.collision_group}): same surname and birth date as "
            "a sibling; the given name decides"
        )
    return Subject(person.given_names, surname, person.born, sex, person), notes


def _header(letter: Letter, number: int, total: int) -> str:
    sent, draft = letter.fax_sent, letter.draft
    style = letter.seed % 3 if draft.language == "de" else 1
    if style == 0:
        return (
            f"{sent:%d.%m.%Y %H:%M}   {draft.fax_number}   {draft.fax_name}   S. {number}/{total}"
        )
    if style == 1:
        return (
            f"{sent.strftime('%b-%d-%Y %H:%M').upper()}  FROM: {draft.fax_name}  "
            f"TO: {letter.practice.fax}  P.{number:03d}/{total:03d}"
        )
    return (
        f"Von: {draft.fax_number}  An: {letter.practice.fax}  {sent:%d.%m.%y %H:%M}  "
        f"Seite {number} von {total}"
    )


def _cover(letter: Letter, total: int) -> Page:
    draft, practice, sent = letter.draft, letter.practice, letter.fax_sent
    english = draft.language == "en"
    rows = [
        ("To:" if english else "An:", practice.name),
        ("Fax:", practice.fax),
        ("From:" if english else "Von:", draft.sender or draft.fax_name),
        ("Fax:", draft.fax_number),
        ("Date:" if english else "Datum:", spell(sent.date(), "uk" if english else "de")),
        (
            "Pages:" if english else "Seiten:",
            f"{total} (including cover)" if english else f"{total} (inkl. Deckblatt)",
        ),
    ]
    page = Page([Item(105, 30, "FAX" if english else "TELEFAX", 26, "bold", "centre")])
    for row, (label, value) in enumerate(rows):
        page.items.append(Item(30, 55 + row * 9, label, 12, "bold"))
        page.items.append(Item(70, 55 + row * 9, value, 12, "sans", cont=True))
    notice = (
        "CONFIDENTIAL: if you received this fax in error, please call us."
        if english
        else "Vertraulich: Falls Sie dieses Fax irrtümlich erhalten, rufen Sie uns an."
    )
    page.items.append(Item(30, 125, notice, 9))
    return page


@dataclass(frozen=True)
class Made:
    draft: Draft
    subject: Subject
    notes: list[str]
    practice: Practice
    cover_sheet: bool
    fax_sent: dt.datetime


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    layout_function: Layout
    plan: str
    patients: list[register.Patient]

    def named(self, split_name: str, index: int) -> Letter:
        self.id, self.split = f"{split_name}-{index + 1:03d}", split_name
        return self

    @cached_property
    def _made(self) -> Made:
        rng = random.Random(self.seed)
        sex = ONE_SEX.get(self.layout_function, "")
        subject, notes = _subject(rng, self.plan, self.patients, sex)
        day = dt.date(2024, 2, 1) + dt.timedelta(days=rng.randrange(0, 640))
        practice = PRACTICES[rng.randrange(len(PRACTICES))]
        cover_sheet = rng.random() < 0.34
        draft = self.layout_function(Context(rng, subject, practice, day))
        sent_day = (draft.letter_date or day) + dt.timedelta(days=rng.randint(0, 2))
        sent = dt.datetime(
            sent_day.year, sent_day.month, sent_day.day, rng.randint(7, 18), rng.randrange(60)
        )
        return Made(draft, subject, notes + draft.notes, practice, cover_sheet, sent)

    @property
    def draft(self) -> Draft:
        return self._made.draft

    @property
    def practice(self) -> Practice:
        return self._made.practice

    @property
    def cover_sheet(self) -> bool:
        return self._made.cover_sheet

    @property
    def fax_sent(self) -> dt.datetime:
        return self._made.fax_sent

    def pages(self, condition: str) -> list[Page]:
        return [page.seen_in(condition) for page in self.draft.pages]

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.draft.hand else ["pdf", "scan200", "fax"]

    def fax_pages(self) -> list[tuple[str, Page]]:
        pages = [(f"p{n + 1}", page) for n, page in enumerate(self.pages("fax"))]
        if self.cover_sheet:
            pages.insert(0, ("cover", _cover(self, len(pages) + 1)))
        out = []
        for number, (name, page) in enumerate(pages, 1):
            header = Item(12, 6, _header(self, number, len(pages)), 8, "mono")
            out.append((name, Page([header, *page.items], page.rules)))
        return out

    def render(self, condition: str) -> dict[str, bytes]:
        if condition not in self.conditions():
            raise ValueError(f"{self.id} has no {condition} condition")
        draft = self.draft
        if condition == "pdf":
            return {"pdf/letter.pdf": render.pdf(self.pages("pdf"), self.seed)}
        if condition == "scan200":
            images = render.scan200(self.pages("scan200"), self.seed, draft.hand)
            return {f"scan200/page-{n:02d}.jpg": data for n, data in enumerate(images, 1)}
        images = render.fax([page for _, page in self.fax_pages()], self.seed, draft.hand)
        return {f"fax/page-{n:02d}.tif": data for n, data in enumerate(images, 1)}

    def _pages_truth(self) -> dict[str, object]:
        out: dict[str, object] = {}
        named = [(f"p{n + 1}", page) for n, page in enumerate(self.pages("scan200"))]
        born_digital = [(f"p{n + 1}", page) for n, page in enumerate(self.pages("pdf"))]
        if "pdf" in self.conditions():
            out["pdf"] = {
                "pages": [
                    {"page": name, "file": "pdf/letter.pdf", "pdf_page": n, "text": page.text()}
                    for n, (name, page) in enumerate(born_digital, 1)
                ]
            }
        out["scan200"] = {
            "pages": [
                {"page": name, "file": f"scan200/page-{n:02d}.jpg", "text": page.text()}
                for n, (name, page) in enumerate(named, 1)
            ]
        }
        out["fax"] = {
            "pages": [
                {"page": name, "file": f"fax/page-{n:02d}.tif", "text": page.text()}
                for n, (name, page) in enumerate(self.fax_pages(), 1)
            ]
        }
        return out

    def _patient(self) -> dict[str, object]:
        draft, subject = self.draft, self._made.subject
        record = subject.record
        return {
            "full_name": record.full_name if record else subject.name,
            "surname": record.surname if record else subject.surname,
            "given_names": record.given_names if record else subject.given,
            "as_written": draft.as_written,
            "full_name_as_letter": subject.name,
            "register_id": record.id if record else None,
        }

    def truth(self) -> dict[str, object]:
        draft, subject, notes = self.draft, self._made.subject, self._made.notes
        record = subject.record
        facts = {
            "patient": self._patient(),
            "birth_date": subject.born.isoformat() if draft.birth_printed else None,
            "letter_date": draft.letter_date.isoformat() if draft.letter_date else None,
            "sender": draft.sender,
            "sender_alternatives": draft.sender_alternatives,
            "title": draft.title,
            "title_alternatives": draft.title_alternatives,
            "patient_id": draft.patient_id,
            "other_dates": [{"date": d.isoformat(), "role": r} for d, r in draft.other_dates],
            "other_people": [{"name": n, "role": r} for n, r in draft.other_people],
        }
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": draft.layout,
            "language": draft.language,
            "region": draft.region,
            "kind": draft.kind,
            "facts": facts,
            "register": {
                "id": record.id,
                "collision": record.collision or None,
                "collision_group": record.collision_group or None,
            }
            if record
            else None,
            "notes": notes,
            "fax": {
                "sent": self.fax_sent.strftime("%Y-%m-%dT%H:%M"),
                "cover_sheet": self.cover_sheet,
            },
            "conditions": self._pages_truth(),
        }
