"""The held-out letters: split("test") (40 letters), split("examples") (a few to look at),
generate(count, seed). Each letter knows its truth and renders its pdf, scan200 and fax files."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field
from functools import cache

from bench.heldout50d import names, render
from bench.heldout50d.common import Layout
from bench.heldout50d.context import PRACTICES, Ctx, Subject
from bench.heldout50d.layouts import LAYOUTS
from bench.heldout50d.pages import Line, Page, fmt
from bench.heldout50d.register import Patient, build

SPLITS = {"test": (40, 50_123), "examples": (4, 50_777)}
COLLISION_KINDS = ["same_name_same_birth", "twin", "name_change", "umlaut_spelling"]


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    layout: str
    ctx: Ctx
    pages: list[Page]
    stamp: tuple[float, float] | None
    fax_sent: dt.datetime
    cover_sheet: bool
    register: dict[str, str] | None
    notes: list[str] = field(default_factory=list)

    @property
    def conditions(self) -> list[str]:
        return (["pdf"] if not self.ctx.handwritten else []) + ["scan200", "fax"]

    def condition_pages(self, condition: str) -> list[Page]:
        if condition == "pdf":
            return self.pages
        pages = [Page(page.name, list(page.lines)) for page in self.pages]
        if self.stamp:
            pages[0].lines += _stamp_lines(self)
        if condition == "scan200":
            return pages
        if self.cover_sheet:
            pages.insert(0, _cover(self, len(pages) + 1))
        total = len(pages)
        for number, page in enumerate(pages, start=1):
            page.lines.insert(0, _fax_header(self, number, total))
        return pages

    def truth(self) -> dict[str, object]:
        facts = dict(self.ctx.facts)
        patient = {key: facts.pop(key) for key in ("as_written",)}
        patient.update(
            _patient_names(self.ctx.p, str(facts.get("given_written", self.ctx.p.given)))
        )
        ordered = {
            "patient": patient,
            "birth_date": facts.get("birth_date"),
            "letter_date": facts.get("letter_date"),
            "sender": facts.get("sender"),
            "sender_alternatives": facts.get("sender_alternatives", []),
            "title": facts.get("title"),
            "title_alternatives": facts.get("title_alternatives", []),
            "patient_id": facts.get("patient_id"),
            "other_dates": self.ctx.other_dates,
            "other_people": self.ctx.other_people,
        }
        conditions = {}
        for condition in self.conditions:
            conditions[condition] = {
                "pages": [
                    _page_entry(condition, number, page)
                    for number, page in enumerate(self.condition_pages(condition), start=1)
                ]
            }
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.layout,
            "language": self.ctx.language,
            "region": self.ctx.region,
            "facts": ordered,
            "register": self.register,
            "notes": self.notes,
            "fax": {
                "sent": self.fax_sent.strftime("%Y-%m-%dT%H:%M"),
                "cover_sheet": self.cover_sheet,
            },
            "conditions": conditions,
        }

    def render(self, condition: str) -> dict[str, bytes]:
        if condition not in self.conditions:
            raise ValueError(
                f"{self.id} has no {condition!r} condition (it has {', '.join(self.conditions)})"
            )
        data = render.pdf(self.condition_pages(condition), f"D:{self.fax_sent:%Y%m%d%H%M}00")
        if condition == "pdf":
            return {"pdf/letter.pdf": data}
        if condition == "scan200":
            images = render.scans(data, self.seed)
            return {f"scan200/page-{n:02d}.jpg": image for n, image in enumerate(images, 1)}
        if condition == "fax":
            images = render.faxes(data, self.seed + 1)
            return {f"fax/page-{n:02d}.tif": image for n, image in enumerate(images, 1)}
        raise ValueError(f"unknown condition {condition!r}: use pdf, scan200 or fax")

    def printed(self) -> list[str]:
        return list(self.ctx.printed)


def _page_entry(condition: str, number: int, page: Page) -> dict[str, object]:
    if condition == "pdf":
        return {
            "page": page.name,
            "file": "pdf/letter.pdf",
            "pdf_page": number,
            "text": page.text(),
        }
    suffix = "jpg" if condition == "scan200" else "tif"
    return {
        "page": page.name,
        "file": f"{condition}/page-{number:02d}.{suffix}",
        "text": page.text(),
    }


def _patient_names(p: Subject, given_written: str) -> dict[str, object]:
    letter_name = f"{given_written} {p.surname}".strip()
    if p.record is None:
        return {
            "full_name": letter_name,
            "surname": p.surname,
            "given_names": p.given,
            "full_name_as_letter": letter_name,
            "register_id": None,
        }
    record = p.record
    return {
        "full_name": record.full_name,
        "surname": record.surname,
        "given_names": record.given_names,
        "full_name_as_letter": letter_name,
        "register_id": record.id,
    }


def _stamp_lines(letter: Letter) -> list[Line]:
    assert letter.stamp is not None
    x, y = letter.stamp
    word = {"de": "EINGEGANGEN", "en": "RECEIVED"}.get(letter.ctx.stamp_language, "RECEIVED")
    text = fmt(_stamp_day(letter.fax_sent, letter.seed), "dmy")
    return [Line(word, x, y, 9, "bold", "center", 0), Line(text, x, y + 5, 9, "mono", "center")]


def _fax_header(letter: Letter, number: int, total: int) -> Line:
    name, number_from = letter.ctx.fax_from
    sent = letter.fax_sent
    style = letter.seed % 3
    if style == 0:
        text = f"{sent:%d.%m.%Y %H:%M}   {number_from}   {name[:38]}   S. {number}/{total}"
    elif style == 1:
        text = (
            f"{fmt(sent.date(), 'us_abbr')} {sent:%H:%M}  FROM: {number_from}  "
            f"TO: {PRACTICES[letter.ctx.region].fax}  P.{number:03d}/{total:03d}"
        )
    else:
        job = letter.seed % 9000 + 1000
        text = f"{sent:%Y-%m-%d %H:%M}  FAX {number_from}  #{job}  {number}/{total}"
    return Line(text, 8, 6, 7, "mono")


def _cover(letter: Letter, total: int) -> Page:
    ctx = letter.ctx
    practice = PRACTICES[ctx.region]
    name, number = ctx.fax_from
    sent = letter.fax_sent
    if ctx.language in ("de",):
        lines = [
            "TELEFAX",
            f"An: {practice.lines[0]}",
            f"Fax: {practice.fax}",
            f"Von: {name}",
            f"Fax: {number}",
            f"Datum: {fmt(sent.date(), 'dmy')} {sent:%H:%M}",
            f"Seiten: {total} (inkl. Deckblatt)",
            "Dieses Fax enthält vertrauliche medizinische Informationen.",
            "Falls Sie nicht der richtige Empfänger sind, informieren Sie uns bitte sofort.",
        ]
    else:
        lines = [
            "FAX TRANSMISSION",
            f"To: {practice.lines[0]}",
            f"Fax: {practice.fax}",
            f"From: {name}",
            f"Fax: {number}",
            f"Date: {fmt(sent.date(), 'gb_long')} {sent:%H:%M}",
            f"Pages: {total} (including cover)",
            "CONFIDENTIAL: this fax contains patient-identifiable information.",
            "If you received it in error, please telephone us and destroy it.",
        ]
    page = Page("cover", [Line(lines[0], 105, 40, 20, "bold", "center")])
    page.lines += [Line(text, 25, 65 + 9 * n, 11, "sans") for n, text in enumerate(lines[1:7])]
    page.lines += [Line(text, 25, 140 + 6 * n, 9, "italic") for n, text in enumerate(lines[7:])]
    return page


@cache
def _register() -> tuple[Patient, ...]:
    return tuple(build())


def _subject_from(record: Patient, kind: str, rng: random.Random) -> tuple[Subject, list[str]]:
    surname, given, notes = record.surname, record.given_names, []
    if kind == "name_change" and record.birth_name:
        surname = record.birth_name
        notes.append(
            f"the letter uses the birth name {record.birth_name}; the register's current "
            f"surname is {record.surname}, and a namesake {given} {record.birth_name} "
            "(other birth date) is in the register: the birth date decides"
        )
    elif kind == "name_change":
        notes.append(
            "the register holds a namesake with this name whose birth name differs; "
            "the birth date decides"
        )
    elif kind == "umlaut_spelling":
        spelled = names.transliterate(surname)
        if spelled != surname:
            surname = spelled
            notes.append(
                f"the letter writes {spelled} for the register's {record.surname}; "
                f"a {given} {spelled} with another birth date is also registered"
            )
        else:
            notes.append("the register also holds an umlaut namesake with another birth date")
        given = names.transliterate(given) if rng.random() < 0.5 else given
    elif kind == "twin":
        notes.append(
            "the patient has a twin in the register (same surname, birth date and "
            "address): only the given name tells them apart"
        )
    elif kind == "same_name_same_birth":
        notes.append(
            "the register holds another patient with the same name and birth date; "
            "the letter prints the patient's address, which matches only this one"
        )
    subject = Subject(
        surname,
        given,
        record.birth_date,
        record.sex,
        record.street,
        record.postcode,
        record.city,
        record.title,
        record,
    )
    return subject, notes


def _outsider(rng: random.Random, ages: tuple[int, int], on: dt.date) -> Subject:
    known = {(p.surname, p.given_names, p.birth_date) for p in _register()}
    while True:
        sex = rng.choice("FM")
        given = rng.choice(names.FEMALE if sex == "F" else names.MALE)
        surname = rng.choice(names.SURNAMES)
        if ages == (0, 0):  # a newborn, days old
            birth = on - dt.timedelta(days=rng.randint(10, 20))
        else:
            birth = on - dt.timedelta(days=rng.randint(ages[0] * 365 + 10, ages[1] * 365 + 300))
        if (surname, given, birth) not in known:
            street = f"{rng.choice(names.STREETS)} {rng.randint(1, 60)}"
            postcode, city = rng.choice(names.CITIES)
            return Subject(surname, given, birth, sex, street, postcode, city)


def _choose(
    index: int, rng: random.Random, layout: Layout, on: dt.date
) -> tuple[Subject, dict[str, str] | None, list[str]]:
    if index % 8 == 5 or layout.ages == (0, 0):
        return _outsider(rng, layout.ages, on), None, ["the patient is not in the register"]
    kind = COLLISION_KINDS[(index // 8 * 2 + (index % 8 == 3)) % 4] if index % 8 in (1, 3) else ""
    candidates = [
        p
        for p in _register()
        if p.collision == kind
        and layout.ages[0] <= _age(p.birth_date, on) <= layout.ages[1]
        and (kind != "name_change" or p.birth_name or index % 3 == 0)
    ]
    if layout.titled and not kind:
        candidates = [p for p in candidates if p.title] or candidates
    if not candidates:
        kind = ""
        candidates = [
            p
            for p in _register()
            if not p.collision and layout.ages[0] <= _age(p.birth_date, on) <= layout.ages[1]
        ]
    record = rng.choice(candidates)
    subject, notes = _subject_from(record, kind, rng)
    entry = {
        "id": record.id,
        "collision": record.collision or None,
        "collision_group": record.collision_group or None,
    }
    return subject, entry, notes


def _age(birth: dt.date, on: dt.date) -> int:
    return on.year - birth.year - ((on.month, on.day) < (birth.month, birth.day))


def generate(count: int, seed: int, split: str = "generated") -> list[Letter]:
    letters = []
    for index in range(count):
        letter_seed = seed * 1000 + index
        rng = random.Random(letter_seed)
        layout = LAYOUTS[(index + seed) % len(LAYOUTS)]
        on = dt.date(2024, 1, 8) + dt.timedelta(days=rng.randint(0, 660))
        subject, entry, notes = _choose(index, rng, layout, on)
        ctx = Ctx(rng, subject, on)
        doc = layout.write(ctx)
        sent = dt.datetime.combine(
            on + dt.timedelta(days=rng.choice([0, 0, 1, 2, 3])),
            dt.time(rng.randint(7, 18), rng.randint(0, 59)),
        )
        if doc.stamp:
            day = _stamp_day(sent, letter_seed)
            ctx.other_dates.append(
                {"date": day.isoformat(), "role": "received stamp (scan and fax only)"}
            )
        ambiguous = _ambiguity(ctx, entry, doc.pages)
        if ambiguous:  # the collision note's promise does not hold on this letter
            notes = [note for note in notes if not note.startswith("the register holds another")]
        notes += ambiguous
        letters.append(
            Letter(
                f"{split}-{index + 1:03d}",
                split,
                letter_seed,
                layout.name,
                ctx,
                doc.pages,
                doc.stamp,
                sent,
                index % 3 == 0,
                entry,
                notes + ctx.notes,
            )
        )
    return letters


def _stamp_day(sent: dt.datetime, seed: int) -> dt.date:
    return sent.date() + dt.timedelta(days=seed % 3)


def _ambiguity(ctx: Ctx, entry: dict[str, str] | None, pages: list[Page]) -> list[str]:
    """Where the collision note's promise does not hold on this letter, say it is ambiguous."""
    if entry is None:
        return []
    text = "\n".join(page.text() for page in pages)
    kind = entry["collision"]
    if kind == "same_name_same_birth" and ctx.p.street not in text:
        return [
            "GENUINELY AMBIGUOUS: the letter prints neither address nor register id, so the "
            "namesakes with the same birth date cannot be told apart; register.id is the one meant"
        ]
    if kind == "twin" and ctx.p.first not in text:
        return ["GENUINELY AMBIGUOUS between the twins: the letter gives no given name"]
    return []


def split(name: str) -> list[Letter]:
    if name not in SPLITS:
        raise ValueError(
            f"no split {name!r} here: this blind set has only 'test' and "
            "'examples' (there is deliberately no 'dev' split)"
        )
    count, seed = SPLITS[name]
    return generate(count, seed, name)
