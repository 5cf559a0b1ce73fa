"""The ninth blind facts set: generated letters to three Breisgau practices, with exact truth.

`split("test")` (40 letters) and `split("examples")` (6) are fixed by their seeds;
`generate(count, seed)` makes any other set. Each Letter knows its pages (lines), so its truth
text is exactly what is drawn.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field

from bench.heldout50i import layouts, register, render
from bench.heldout50i.context import ASCII, Ctx, transliterate
from bench.heldout50i.dates import MONTHS, spell
from bench.heldout50i.render import Line

SPLITS = {"test": (40, 50_901), "examples": (6, 50_977)}


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    layout: str
    language: str
    region: str
    pages: list[list[Line]]
    facts: dict
    register_entry: dict | None
    notes: list[str]
    handwritten: bool
    fax: dict
    cover: list[Line] | None
    fax_headers: list[str] = field(default_factory=list)
    evidence: dict = field(default_factory=dict)

    def _fax_pages(self) -> list[list[Line]]:
        pages = ([self.cover] if self.cover else []) + self.pages
        return [
            [Line(header, "mono", 7.5, x=8, gap=-6), *lines]
            for header, lines in zip(self.fax_headers, pages, strict=True)
        ]

    def _page_names(self, fax: bool) -> list[str]:
        names = [f"p{number}" for number in range(1, len(self.pages) + 1)]
        return (["cover"] if fax and self.cover else []) + names

    def truth(self) -> dict:
        conditions: dict = {}
        if not self.handwritten:
            conditions["pdf"] = {
                "pages": [
                    {
                        "page": f"p{n}",
                        "file": "pdf/letter.pdf",
                        "pdf_page": n,
                        "text": render.page_text(lines),
                    }
                    for n, lines in enumerate(self.pages, 1)
                ]
            }
        conditions["scan200"] = {
            "pages": [
                {
                    "page": f"p{n}",
                    "file": f"scan200/page-{n:02d}.jpg",
                    "text": render.page_text(lines),
                }
                for n, lines in enumerate(self.pages, 1)
            ]
        }
        conditions["fax"] = {
            "pages": [
                {"page": name, "file": f"fax/page-{n:02d}.tif", "text": render.page_text(lines)}
                for n, (name, lines) in enumerate(
                    zip(self._page_names(True), self._fax_pages(), strict=True), 1
                )
            ]
        }
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.layout,
            "language": self.language,
            "region": self.region,
            "facts": self.facts,
            "register": self.register_entry,
            "notes": self.notes,
            "handwritten": self.handwritten,
            "fax": self.fax,
            "evidence": self.evidence,
            "conditions": conditions,
        }

    def render(self, condition: str) -> dict[str, bytes]:
        if condition == "pdf":
            if self.handwritten:
                raise ValueError(f"{self.id} is handwritten: it has no pdf condition")
            return {"pdf/letter.pdf": render.pdf_bytes(self.pages, self.seed)}
        if condition == "scan200":
            pdf = render.pdf_bytes(self.pages, self.seed)
            scans = render.scan_pages(pdf, len(self.pages), self.seed)
            return {f"scan200/page-{n:02d}.jpg": data for n, data in enumerate(scans, 1)}
        if condition == "fax":
            pages = self._fax_pages()
            pdf = render.pdf_bytes(pages, self.seed + 7)
            fine = self.fax["resolution"] == "fine"
            tiffs = render.fax_pages(
                pdf, len(pages), self.seed, fine, self.fax["compression"] == "group4"
            )
            return {f"fax/page-{n:02d}.tif": data for n, data in enumerate(tiffs, 1)}
        raise ValueError(f"unknown condition {condition!r}: use pdf, scan200 or fax")

    def conditions(self) -> list[str]:
        return (["pdf"] if not self.handwritten else []) + ["scan200", "fax"]


def _patient_plan(rng: random.Random, count: int) -> list[register.Patient | None]:
    """Which register patient each letter is about: collision groups, some outsiders (None)."""
    patients = register.build()
    collided = [p for p in patients if p.collision]
    ordinary = [p for p in patients if not p.collision]
    rng.shuffle(collided)
    plan: list[register.Patient | None] = []
    for index in range(count):
        if index % 3 == 1 and collided:
            plan.append(collided.pop())
        elif index % 17 == 9:
            plan.append(None)
        else:
            plan.append(ordinary.pop(rng.randrange(len(ordinary))))
    rng.shuffle(plan)
    return plan


def _special_patients(plan: list[register.Patient | None], order: list[str]) -> None:
    """Give a few letters that print a birth name or a title a patient who has one."""
    used = {patient.id for patient in plan if patient}
    fresh = [p for p in register.build() if not p.collision and p.id not in used]
    married = [p for p in fresh if p.birth_name]
    titled = [p for p in fresh if p.title][:2]
    swaps = 0
    for index, patient in enumerate(plan):
        name = order[index % len(order)]
        ordinary = patient is not None and not patient.collision
        if swaps < 3 and name in layouts.MAIDEN and ordinary:
            plan[index] = married[swaps * 7 % len(married)]  # letters that print "geb. ..."
            swaps += 1
        elif titled and name in ("pathology", "austrian", "ticino") and ordinary:
            plan[index] = titled.pop()  # "Dr. med." before the patient's name


def generate(count: int, seed: int, split: str = "generated") -> list[Letter]:
    rng = random.Random(seed)
    order = list(layouts.ORDER)
    rng.shuffle(order)
    plan = _patient_plan(rng, count)
    _special_patients(plan, order)
    letters = []
    for index in range(count):
        letter_seed = seed * 1000 + index
        name = order[index % len(order)]
        letters.append(build(name, f"{split}-{index + 1:03d}", split, letter_seed, plan[index]))
    return letters


def split(name: str) -> list[Letter]:
    if name not in SPLITS:
        raise ValueError(f"heldout50i has the splits {sorted(SPLITS)}, not {name!r}")
    count, seed = SPLITS[name]
    return generate(count, seed, name)


def build(
    layout: str, letter_id: str, split_name: str, seed: int, patient: register.Patient | None
) -> Letter:
    ctx = Ctx(seed, patient)
    ctx.use_former_name(layout)
    layouts.LAYOUTS[layout](ctx)
    _maybe_ascii(ctx)
    pages = ctx.pages()
    how = ctx.translit
    pages = [[Line(transliterate(line.text, how), *_rest(line)) for line in page] for page in pages]
    facts = _facts(ctx, how)
    fax, cover, headers = _fax(ctx, len(pages))
    entry = None
    if ctx.in_register:
        entry = {
            "id": ctx.patient.id,
            "collision": ctx.patient.collision or None,
            "collision_group": ctx.patient.collision_group or None,
        }
    evidence = {
        key: {**value, "text": transliterate(value["text"], how)}
        for key, value in ctx.evidence.items()
    }
    return Letter(
        letter_id,
        split_name,
        seed,
        layout,
        ctx.language,
        ctx.region,
        pages,
        facts,
        entry,
        ctx.notes,
        ctx.handwritten,
        fax,
        cover,
        headers,
        evidence,
    )


def _rest(line: Line) -> tuple:
    return line.font, line.size, line.x, line.right, line.gap


def _maybe_ascii(ctx: Ctx) -> None:
    """Some German senders' systems (old hospital software) write ae/oe/ue/ss for umlauts."""
    if ctx.language != "de" or ctx.handwritten or ctx.translit:
        return
    name = ctx.given + ctx.surname
    umlaut = any(character in name for character in "äöüÄÖÜß")
    if (ctx.patient.collision == "umlaut_spelling" and umlaut) or (
        umlaut and ctx.rng.random() < 0.4
    ):
        ctx.translit = ASCII
        ctx.notes.append("the whole letter spells umlauts as ae/oe/ue/ss (sender's system)")


def _facts(ctx: Ctx, how: str | None) -> dict:
    patient = ctx.patient
    sender = transliterate(ctx.sender_name, how) if ctx.sender_name else None
    alternatives = [transliterate(name, how) for name in ctx.sender_alternatives]
    if sender and sender != ctx.sender_name:
        alternatives.append(ctx.sender_name)
    title = transliterate(ctx.title, how) if ctx.title else None
    title_alternatives = [transliterate(name, how) for name in ctx.title_alternatives]
    if title and title != ctx.title:
        title_alternatives.append(ctx.title)
    return {
        "patient": {
            "full_name": patient.full_name,
            "surname": patient.surname,
            "given_names": patient.given_names,
            "as_written": transliterate(ctx.as_written, how),
            "full_name_as_letter": transliterate(f"{ctx.given} {ctx.surname}", how),
            "register_id": patient.id if ctx.in_register else None,
        },
        "birth_date": patient.birth_date if ctx.birth_given else None,
        "letter_date": ctx.date.isoformat() if ctx.letter_date_given else None,
        "sender": sender,
        "sender_alternatives": [a for a in dict.fromkeys(alternatives) if a != sender],
        "title": title,
        "title_alternatives": [a for a in dict.fromkeys(title_alternatives) if a != title],
        "patient_id": ctx.patient_id,
        "other_dates": ctx.other_dates,
        "other_people": ctx.other_people,
    }


def _fax(ctx: Ctx, page_count: int) -> tuple[dict, list[Line] | None, list[str]]:
    """The fax condition: sent one or more days after the letter, sometimes with a cover sheet."""
    rng = ctx.rng
    sent = dt.datetime.combine(ctx.date, dt.time(rng.randint(7, 18), rng.randrange(60)))
    sent += dt.timedelta(days=rng.choice((1, 1, 2, 3, 6, 13)))
    sender = ctx.sender
    sender_fax = sender.fax if sender else "07661 6 24 18"
    cover_sheet = bool(sender) and rng.random() < 0.45
    total = page_count + cover_sheet
    foreign = ctx.region not in ("DE", "AT", "CH")
    practice = ctx.practice
    month = MONTHS["en"][sent.month - 1][:3].upper()
    style = rng.randrange(2)
    headers = []
    for number in range(1, total + 1):
        if foreign:
            headers.append(
                f"{month} {sent.day:02d} {sent.year} {sent:%H:%M}  FROM: {sender_fax}  TO: "
                f"{practice.fax_international}  P.{number:03d}/{total:03d}"
            )
        elif style == 0:
            headers.append(
                f"{sent:%d.%m.%Y %H:%M}   {sender_fax}   {sender.short if sender else ''}   "
                f"S. {number}/{total}"
            )
        else:
            headers.append(
                f"Von: {sender_fax}  An: {practice.fax}  {sent:%d.%m.%y %H:%M}  Seite "
                f"{number} von {total}"
            )
    cover = _cover(ctx, sent, total, foreign) if cover_sheet else None
    headers = [transliterate(header, ctx.translit) for header in headers]
    fax = {
        "sent": f"{sent:%Y-%m-%dT%H:%M}",
        "cover_sheet": cover_sheet,
        "sender_fax": sender_fax,
        "recipient_fax": practice.fax_international if foreign else practice.fax,
        "resolution": "fine" if rng.random() < 0.7 else "normal",
        "compression": rng.choice(("group3", "group4")),
    }
    return fax, cover, headers


def _cover(ctx: Ctx, sent: dt.datetime, total: int, foreign: bool) -> list[Line]:
    sender, practice = ctx.sender, ctx.practice
    assert sender is not None
    if foreign:
        rows = [
            "FAX COVER SHEET",
            f"To: {practice.name}",
            f"Fax: {practice.fax_international}",
            f"From: {sender.lines[0]}, {sender.name}",
            f"Fax: {sender.fax}",
            f"Date: {spell(sent.date(), 'us_plain' if ctx.region == 'US' else 'gb_long')}",
            f"Pages: {total} (including cover)",
            "CONFIDENTIAL: this fax contains medical information intended only for the addressee.",
        ]
    else:
        rows = [
            "TELEFAX",
            f"An: {practice.name}",
            f"Fax-Nr.: {practice.fax}",
            f"Von: {sender.name}",
            f"Fax-Nr.: {sender.fax}",
            f"Datum: {sent:%d.%m.%Y}   Uhrzeit: {sent:%H:%M}",
            f"Seiten inkl. Deckblatt: {total}",
            "Vertraulich! Sollten Sie dieses Fax irrtümlich erhalten haben, benachrichtigen "
            "Sie uns bitte.",
        ]
    rows = [transliterate(row, ctx.translit) for row in rows]
    lines = [Line(rows[0], "sansb", 22, gap=10)]
    lines += [Line(row, "sans", 12, gap=5) for row in rows[1:-1]]
    lines.append(Line(rows[-1], "sans", 8, gap=20))
    return lines
