"""The letters of the eighth blind facts set: splits, truth and the three renderings.

Each letter is built from its own seed; the truth of each fact is taken from what the letter
printed while it was written (never guessed afterwards from the text)."""

from __future__ import annotations

import datetime
import functools
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench.heldout50h import kinds_de, kinds_forms, kinds_world, receipt, register, render
from bench.heldout50h.context import RECEIVING_PRACTICES, Context, Spelling, spelling_for
from bench.heldout50h.frame import Draft
from bench.heldout50h.page import Page

SEEDS = {"test": 508_142, "examples": 508_917}
COUNTS = {"test": 40, "examples": 6}

Builder = Callable[[Context], Draft]
# (name, builder, language, region)
KINDS: tuple[tuple[str, Builder, str, str], ...] = (
    ("discharge", kinds_de.discharge, "de", "DE"),
    ("specialist", kinds_de.specialist, "de", "DE"),
    ("radiology", kinds_de.radiology, "de", "DE"),
    ("insurer", kinds_de.insurer, "de", "DE"),
    ("pension", kinds_de.pension, "de", "DE"),
    ("court", kinds_de.court, "de", "DE"),
    ("authority", kinds_de.authority, "de", "DE"),
    ("care-home", kinds_de.care_home, "de", "DE"),
    ("pharmacy", kinds_de.pharmacy, "de", "DE"),
    ("rehab", kinds_de.rehab_footer, "de", "DE"),
    ("lab", kinds_forms.lab, "de", "DE"),
    ("form", kinds_forms.muster_form, "de", "DE"),
    ("handwritten", kinds_forms.handwritten, "de", "DE"),
    ("handwritten-private", kinds_forms.handwritten_private, "de", "DE"),
    ("gb", kinds_world.foreign, "en", "GB"),
    ("us", kinds_world.foreign, "en", "US"),
    ("at", kinds_world.foreign, "de", "AT"),
    ("ch", kinds_world.foreign, "de", "CH"),
    ("nl", kinds_world.foreign, "nl", "NL"),
    ("pl", kinds_world.foreign, "pl", "PL"),
    ("tr", kinds_world.foreign, "tr", "TR"),
    ("it", kinds_world.foreign, "it", "IT"),
    ("es", kinds_world.foreign, "es", "ES"),
)
EXTRA_WEIGHTS = {
    "discharge": 4,
    "lab": 4,
    "specialist": 3,
    "handwritten": 2,
    "form": 2,
    "insurer": 2,
    "care-home": 2,
}
EXTRA_WEIGHTS |= {
    "radiology": 2,
    "rehab": 1,
    "court": 1,
    "authority": 1,
    "pharmacy": 1,
    "pension": 1,
    "gb": 1,
    "at": 1,
    "ch": 1,
}


@functools.cache
def _register() -> tuple[register.Patient, ...]:
    return tuple(register.build())


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    letter_seed: int
    kind: str
    patient: register.Patient | None
    stranger: register.Patient | None
    practice: int
    letter_date: datetime.date
    fax_sent: datetime.datetime
    cover: bool

    @functools.cached_property
    def _built(self) -> tuple[Context, Draft]:
        rng = random.Random(self.letter_seed)
        _, builder, lang, region = next(kind for kind in KINDS if kind[0] == self.kind)
        person = self.patient or self.stranger
        assert person is not None
        hint = "umlaut_spelling" if region not in ("DE", "AT", "CH") and rng.random() < 0.6 else ""
        if self.patient is not None and self.patient.collision == "umlaut_spelling":
            hint = "umlaut_spelling" if rng.random() < 0.5 else ""
        spelling, notes = spelling_for(person, rng, hint)
        if region == "CH" and "ß" in spelling.clerk + spelling.birth_name:
            spelling.given = spelling.given.replace("ß", "ss")
            spelling.surname = spelling.surname.replace("ß", "ss")
            spelling.birth_name = spelling.birth_name.replace("ß", "ss")
            notes.append("ß written as ss (Swiss spelling)")
        if self.patient is None:
            spelling = Spelling(person.given_names, person.surname, person.title, "", person.sex)
            notes = ["the patient is not in the register"]
        ctx = Context(
            rng,
            self.patient,
            spelling,
            person.birth_date,
            RECEIVING_PRACTICES[self.practice],
            self.letter_date,
        )
        ctx.lang, ctx.region, ctx.notes = lang, region, list(notes)
        draft = builder(ctx)
        return ctx, draft

    @property
    def pages(self) -> list[Page]:
        return self._built[1].pages

    @property
    def handwritten(self) -> bool:
        return self.pages[0].handwritten

    @functools.cached_property
    def received(self) -> datetime.date | None:
        """The day the practice's receipt stamp gives, on about a third of the paper letters."""
        rng = random.Random(self.letter_seed ^ 0xBEEF)
        if rng.random() >= 0.33:
            return None
        return self.letter_date + datetime.timedelta(days=rng.randint(1, 4))

    @functools.cached_property
    def scan_pages(self) -> list[Page]:
        """The pages as scanned: the first may carry the practice's receipt stamp."""
        if self.received is None:
            return self.pages
        stamped = receipt.stamp(self.pages[0], self.received, RECEIVING_PRACTICES[self.practice])
        return [stamped, *self.pages[1:]] if stamped is not None else self.pages

    def _receipt_dates(self) -> list[dict[str, str]]:
        if self.received is None or self.scan_pages is self.pages:
            return []
        return [{"date": self.received.isoformat(), "role": "receipt stamp (scan only)"}]

    def fax_headers(self) -> list[str]:
        ctx, draft = self._built
        rng = random.Random(self.letter_seed ^ 0x5A5A)
        total = len(self.pages) + (1 if self.cover else 0)
        number = draft.fax_number or f"02154 {rng.randint(100, 999)} {rng.randint(10, 99)}"
        name = (draft.fax_name or "")[:28]
        style = rng.randrange(3)
        headers, moment = [], self.fax_sent
        for page in range(1, total + 1):
            if style == 0:
                stamp = moment.strftime("%d.%m.%Y %H:%M")
                headers.append(f"{stamp}   {number}   {name}   S. {page}/{total}")
            elif style == 1:
                stamp = moment.strftime("%b-%d-%Y %I:%M%p").upper()
                headers.append(
                    f"{stamp}  FROM: {number}  TO: {ctx.practice['fax']}  P.{page:03d}/{total:03d}"
                )
            else:
                stamp = moment.strftime("%Y-%m-%d %H:%M")
                headers.append(
                    f"Von: {number}  An: {ctx.practice['fax']}  {stamp}  "
                    f"#{self.letter_seed % 9000 + 1000}  Seite {page}"
                )
            moment += datetime.timedelta(seconds=rng.randint(25, 70))
        return headers

    def fax_pages(self) -> list[tuple[str, Page]]:
        ctx, draft = self._built
        pages = [(f"p{index}", page) for index, page in enumerate(self.pages, start=1)]
        if self.cover:
            cover_ctx = Context(
                random.Random(self.letter_seed + 7),
                None,
                ctx.spelling,
                ctx.birth,
                ctx.practice,
                ctx.letter_date,
            )
            cover = kinds_forms.cover_sheet(
                cover_ctx, draft, self.fax_sent, len(pages) + 1, ctx.lang
            )
            pages.insert(0, ("cover", cover))
        return pages

    def conditions(self) -> dict[str, dict[str, list[dict[str, object]]]]:
        out: dict[str, dict[str, list[dict[str, object]]]] = {}
        if not self.handwritten:
            out["pdf"] = {
                "pages": [
                    {"page": f"p{n}", "file": "pdf/letter.pdf", "pdf_page": n, "text": page.text()}
                    for n, page in enumerate(self.pages, start=1)
                ]
            }
        out["scan200"] = {
            "pages": [
                {"page": f"p{n}", "file": f"scan200/page-{n:02d}.jpg", "text": page.text()}
                for n, page in enumerate(self.scan_pages, start=1)
            ]
        }
        headers = self.fax_headers()
        out["fax"] = {
            "pages": [
                {
                    "page": label,
                    "file": f"fax/page-{n:02d}.tif",
                    "text": f"{headers[n - 1]}\n{page.text()}",
                }
                for n, (label, page) in enumerate(self.fax_pages(), start=1)
            ]
        }
        return out

    def truth(self) -> dict[str, Any]:
        ctx, draft = self._built
        text = "\n".join(page.text() for page in self.pages)
        first, as_letter = min(
            ctx.mentions, key=lambda mention: text.find(mention[0]) % (len(text) + 1)
        )
        person = self.patient or self.stranger
        assert person is not None
        facts = {
            "patient": {
                "full_name": person.full_name if self.patient else ctx.spelling.clerk,
                "surname": person.surname,
                "given_names": person.given_names,
                "as_written": first,
                "full_name_as_letter": as_letter,
                "register_id": self.patient.id if self.patient else None,
            },
            "birth_date": ctx.birth.isoformat() if ctx.birth_printed else None,
            "letter_date": ctx.letter_date.isoformat() if ctx.letter_date_printed else None,
            "sender": draft.sender,
            "sender_alternatives": draft.sender_alternatives,
            "title": draft.title,
            "title_alternatives": draft.title_alternatives,
            "patient_id": self.patient.id if ctx.patient_id_printed and self.patient else None,
            "other_dates": ctx.other_dates + self._receipt_dates(),
            "other_people": ctx.other_people,
        }
        entry = None
        if self.patient is not None:
            entry = {
                "id": self.patient.id,
                "collision": self.patient.collision or None,
                "collision_group": self.patient.collision_group or None,
            }
        notes = list(ctx.notes) + (
            [] if not self.cover else ["fax cover sheet in the fax condition"]
        )
        if self._receipt_dates():
            notes.append("the practice's receipt stamp (EINGEGANGEN) on the scan's first page only")
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": draft.layout,
            "language": ctx.lang,
            "region": ctx.region,
            "facts": facts,
            "register": entry,
            "notes": notes,
            "fax": {"sent": self.fax_sent.strftime("%Y-%m-%dT%H:%M"), "cover_sheet": self.cover},
            "conditions": self.conditions(),
        }

    def render(self, condition: str) -> dict[str, bytes]:
        if condition == "pdf":
            if self.handwritten:
                raise ValueError(f"{self.id} is handwritten and has no PDF")
            return {"pdf/letter.pdf": render.pdf_bytes(self.pages)}
        if condition == "scan200":
            return {
                f"scan200/page-{n:02d}.jpg": render.scan_jpeg(page, self.letter_seed + n)
                for n, page in enumerate(self.scan_pages, start=1)
            }
        if condition == "fax":
            headers = self.fax_headers()
            return {
                f"fax/page-{n:02d}.tif": render.fax_tiff(
                    page, headers[n - 1], self.letter_seed + 100 + n
                )
                for n, (_, page) in enumerate(self.fax_pages(), start=1)
            }
        raise ValueError(f"unknown condition {condition!r}: pdf, scan200 or fax")

    def conditions_available(self) -> list[str]:
        return (["pdf"] if not self.handwritten else []) + ["scan200", "fax"]


def _letter_date(rng: random.Random, region: str) -> datetime.date:
    start = datetime.date(2024, 1, 8).toordinal()
    while True:
        day = datetime.date.fromordinal(start + rng.randrange(660))
        if region == "AT" and rng.random() < 0.6:
            day = day.replace(month=rng.choice((1, 2)), day=min(day.day, 28))
        if day.weekday() < 5:
            return day


def _pick_patient(
    rng: random.Random, people: tuple[register.Patient, ...]
) -> register.Patient | None:
    # The letters are about adults (work incapacity, pensions, internal medicine).
    adults = [p for p in people if p.birth_date.year <= 2003]
    roll = rng.random()
    if roll < 0.1:
        return None
    if roll < 0.5:
        # Each kind of collision equally often, however many the register holds of each.
        kind = rng.choice(("same_name_same_birth", "twin", "name_change", "umlaut_spelling"))
        return rng.choice([p for p in adults if p.collision == kind])
    if roll < 0.58:
        return rng.choice([p for p in adults if p.title])
    return rng.choice(adults)


def _stranger(rng: random.Random, people: tuple[register.Patient, ...]) -> register.Patient:
    known = {(p.surname, p.given_names, p.birth_date) for p in people}
    while True:
        person = register._person(rng, "")
        if person.birth_date.year > 2003:
            continue
        if (person.surname, person.given_names, person.birth_date) not in known:
            return person


def _plan(rng: random.Random, count: int) -> list[str]:
    names = [kind[0] for kind in KINDS]
    if count < len(names):
        return rng.sample(names, count)
    extra = rng.choices(
        list(EXTRA_WEIGHTS), weights=list(EXTRA_WEIGHTS.values()), k=count - len(names)
    )
    plan = names + extra
    rng.shuffle(plan)
    return plan


def generate(count: int, seed: int, split: str = "generated") -> list[Letter]:
    rng = random.Random(seed)
    people = _register()
    letters = []
    plan = _plan(rng, count)
    # About a third of the letters come with a fax cover sheet in the fax condition.
    covered = set(rng.sample(range(1, count + 1), round(count / 3)))
    for index, kind in enumerate(plan, start=1):
        region = next(k[3] for k in KINDS if k[0] == kind)
        patient = _pick_patient(rng, people)
        stranger = _stranger(rng, people) if patient is None else None
        letter_date = _letter_date(rng, region)
        sent = datetime.datetime.combine(
            letter_date, datetime.time(rng.randint(7, 18), rng.randint(0, 59))
        )
        sent += datetime.timedelta(days=rng.choice((0, 0, 1, 1, 2, 3, 6)))
        letters.append(
            Letter(
                id=f"{split}-{index:03d}",
                split=split,
                seed=seed,
                letter_seed=rng.randrange(2**31),
                kind=kind,
                patient=patient,
                stranger=stranger,
                practice=rng.randrange(len(RECEIVING_PRACTICES)),
                letter_date=letter_date,
                fax_sent=sent,
                cover=index in covered,
            )
        )
    return letters


def split(name: str) -> list[Letter]:
    """The held-out letters: "test" (40) or "examples" (6). There is no "dev" split."""
    if name not in SEEDS:
        raise ValueError(f"split {name!r} does not exist in heldout50h: only 'test' and 'examples'")
    return generate(COUNTS[name], SEEDS[name], name)
