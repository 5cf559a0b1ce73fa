# SPDX-License-Identifier: AGPL-3.0-or-later
"""The letters: generate(count, seed), split(name), and each Letter's truth and renderings."""

from __future__ import annotations

import datetime as dt
import functools
import random
from dataclasses import dataclass

from bench.heldout50g import names, register, render
from bench.heldout50g.ctx import Ctx, Person, Practice, fmt
from bench.heldout50g.layouts import LAYOUTS
from bench.heldout50g.render import Line, Page

DISTINCT = 37
# Rare kinds that every split of DISTINCT layouts holds: the countries and languages.
ALWAYS = {
    "fr_report",
    "rehab_application",
    "relative_email",
    "cz_zprava",
    "sv_brev",
    "it_letter",
    "nl_letter",
    "pl_card",
    "tr_epikriz",
    "gb_clinic",
    "us_discharge",
    "at_hospital",
    "ch_specialist",
    "patient_handwritten",
}
SPLITS = {"test": (40, 5_017_401), "examples": (6, 5_017_402)}
PRACTICES = [
    Practice(
        "Hausarztpraxis am Lindenplatz",
        "Dr. med. Katrin Oberländer",
        "Lindenplatz 4",
        "34128 Kassel",
    ),
    Practice(
        "Gemeinschaftspraxis Fuldatal-Mitte",
        "Dr. med. Selin Arslan-Wegener",
        "Mühlenweg 12",
        "34233 Fuldatal",
    ),
    Practice(
        "Landarztpraxis Habichtswald",
        "Dr. med. Ruth Ellinghaus",
        "Dörnbergstraße 7",
        "34317 Habichtswald",
    ),
]
DIALLING = {
    "AT": "+43 4242",
    "CH": "+41 52",
    "GB": "+44 1392",
    "US": "+1 555",
    "IE": "+353 91",
    "AU": "+61 7",
    "FR": "+33 3 89",
    "IT": "+39 045",
    "NL": "+31 24",
    "PL": "+48 12",
    "TR": "+90 232",
    "ES": "+34 971",
}
KINDS = ["same_name_same_birth", "twin", "name_change", "umlaut_spelling"]
FOREIGN = {"en", "fr", "it", "nl", "pl", "tr", "es", "cs", "sv"}
# Plausible ages (years at the letter's date) for the layouts that need them.
AGES = {
    "patient_handwritten": (25, 95),
    "care_home": (70, 105),
    "pflegekasse": (60, 105),
    "krankenkasse": (18, 64),
    "unfallkasse": (16, 66),
    "rentenversicherung": (18, 63),
    "rehab_application": (18, 63),
    "relative_email": (55, 105),
    "court": (60, 105),
    "op_report": (45, 95),
    "care_service": (65, 105),
    "medication_plan": (40, 100),
    "cardiology": (30, 100),
    "physio": (15, 90),
    "psychotherapy": (16, 80),
}
DECIDES = {
    "same_name_same_birth": "same name and birth date as another patient: the street decides",
    "twin": "a twin (same surname and birth date): the given names decide",
    "name_change": "the birth name is another patient's surname: the birth date decides",
    "umlaut_spelling": "the other spelling (Müller/Mueller) is another patient: spelling and birth "
    "date decide",
}


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    layout: str
    ctx: Ctx
    pages: list[Page]
    patient: register.Patient | None
    fax_sent: dt.datetime
    cover: Page | None

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.ctx.handwritten else ["pdf", "scan200", "fax"]

    def fax_pages(self) -> list[tuple[str, Page]]:
        named = [(f"p{n}", page) for n, page in enumerate(self.pages, 1)]
        if self.cover is not None:
            named.insert(0, ("cover", self.cover))
        return [
            (name, _with_header(self, page, n, len(named)))
            for n, (name, page) in enumerate(named, 1)
        ]

    def render(self, condition: str) -> dict[str, bytes]:
        rng = random.Random(f"{self.seed}-{self.id}-{condition}")
        hand = self.ctx.handwritten
        if condition == "pdf" and not hand:
            return {"pdf/letter.pdf": render.pdf(self.pages)}
        if condition == "scan200":
            return {
                f"scan200/page-{n:02d}.jpg": render.scan(page, rng, hand)
                for n, page in enumerate(self.pages, 1)
            }
        if condition == "fax":
            return {
                f"fax/page-{n:02d}.tif": render.fax(page, rng, hand)
                for n, (_, page) in enumerate(self.fax_pages(), 1)
            }
        raise ValueError(f"{self.id} has no condition {condition!r}")

    def truth(self) -> dict[str, object]:
        c, patient = self.ctx, self.patient
        person = c.patient
        facts = {
            "patient": {
                "full_name": f"{person.given} {patient.surname if patient else person.surname}",
                "surname": patient.surname if patient else person.surname,
                "given_names": person.given,
                "as_written": c.as_written,
                "full_name_as_letter": f"{person.given} {c.spelled_surname}",
                "register_id": patient.id if patient else None,
            },
            "birth_date": person.birth.isoformat() if c.birth_printed else None,
            "letter_date": c.letter_date.isoformat() if c.letter_date_printed else None,
            "sender": c.sender,
            "sender_alternatives": c.sender_alternatives,
            "title": c.title,
            "title_alternatives": [t for t in c.title_alternatives if t],
            "patient_id": c.patient_id,
            "other_dates": c.other_dates,
            "other_people": c.other_people,
        }
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.layout,
            "language": c.language,
            "region": c.region,
            "facts": facts,
            "register": None
            if patient is None
            else {
                "id": patient.id,
                "collision": patient.collision or None,
                "collision_group": patient.collision_group or None,
            },
            "notes": c.notes,
            "printed": {
                "letter_date": c.letter_date_printed,
                "birth_date": c.birth_printed,
                "all": c.printed,
            },
            "fax": {
                "sent": self.fax_sent.strftime("%Y-%m-%dT%H:%M"),
                "cover_sheet": self.cover is not None,
            },
            "conditions": self._conditions(),
        }

    def _conditions(self) -> dict[str, object]:
        out: dict[str, object] = {}
        if not self.ctx.handwritten:
            out["pdf"] = {
                "pages": [
                    {"page": f"p{n}", "file": "pdf/letter.pdf", "pdf_page": n, "text": page.text()}
                    for n, page in enumerate(self.pages, 1)
                ]
            }
        out["scan200"] = {
            "pages": [
                {"page": f"p{n}", "file": f"scan200/page-{n:02d}.jpg", "text": page.text()}
                for n, page in enumerate(self.pages, 1)
            ]
        }
        out["fax"] = {
            "pages": [
                {"page": name, "file": f"fax/page-{n:02d}.tif", "text": page.text()}
                for n, (name, page) in enumerate(self.fax_pages(), 1)
            ]
        }
        return out


def _with_header(letter: Letter, page: Page, number: int, total: int) -> Page:
    """The page as the fax machine printed it: the transmission line on top."""
    sent, sender = letter.fax_sent, letter.ctx.fax_number
    style = int(letter.seed + int(letter.id[-3:])) % 3
    header = [
        f"{sent:%d.%m.%Y %H:%M}  FAX {sender}  S. {number}/{total}",
        f"{sent:%d-%b-%Y %H:%M} FROM: {sender}  TO: 0561 4093011  P.{number:03d}/{total:03d}",
        f"Gesendet: {sent:%d.%m.%y} {sender} >> {letter.ctx.practice.name} Seite {number}",
    ][style]
    return Page(lines=[Line(header, 8, 6, 7, "mono"), *page.lines])


def _cover(c: Ctx, sent: dt.datetime, total: int) -> Page:
    page = Page()
    page.add("TELEFAX", x=80, size=18, font="bold")
    page.gap(6)
    for label, value in (
        ("Datum", f"{sent:%d.%m.%Y}"),
        ("Von", c.sender or "Copy & Fax Shop Königsgalerie"),
        ("An", f"{c.practice.name}, {c.practice.doctor}"),
        ("Seiten inkl. Deckblatt", str(total)),
        ("Betreff", "Unterlagen zur Kenntnisnahme"),
    ):
        page.add(f"{label}: {value}", size=11)
    page.gap(10)
    page.add("Dieses Fax enthält vertrauliche Gesundheitsdaten. Falls Sie nicht der", size=8)
    page.add("richtige Empfänger sind, benachrichtigen Sie uns bitte sofort.", size=8)
    return page


@functools.cache
def _register() -> list[register.Patient]:
    return register.build()


def _outsider(rng: random.Random, ages: tuple[int, int]) -> register.Patient:
    known = {(p.surname, p.given_names, p.birth_date) for p in _register()}
    while True:
        person = register._person(rng, rng.randrange(10**6))  # same draw as the register's people
        fits = ages[0] <= _age(person) <= ages[1]
        if fits and (person.surname, person.given_names, person.birth_date) not in known:
            return person


def _patient(
    rng: random.Random, index: int, ages: tuple[int, int]
) -> tuple[register.Patient, bool]:
    roll = index % 8
    if roll == 3:
        return _outsider(rng, ages), False
    if roll in (1, 6):
        kind = KINDS[(index // 8 + 2 * (roll == 6)) % len(KINDS)]
        return _pick(rng, [p for p in _register() if p.collision == kind], ages), True
    return _pick(rng, [p for p in _register() if not p.collision], ages), True


def _age(patient: register.Patient) -> int:
    """Years at the middle of the letters' dates (2025), near enough for plausibility."""
    return 2025 - int(patient.birth_date[:4])


def _pick(
    rng: random.Random, pool: list[register.Patient], ages: tuple[int, int]
) -> register.Patient:
    fitting = [p for p in pool if ages[0] <= _age(p) <= ages[1]]
    return rng.choice(fitting or pool)


def _spelling(rng: random.Random, patient: register.Patient, language: str) -> str:
    surname = patient.surname
    if language in FOREIGN and not patient.collision and rng.random() < 0.6:
        surname = register.transliterate(surname)
    return surname


def _letter(split: str, seed: int, index: int, layout: str, rng: random.Random) -> Letter:
    patient, known = _patient(rng, index, AGES.get(layout, (0, 110)))
    language = (
        "en"
        if layout in {"gb_clinic", "us_discharge", "ie_letter", "au_letter"}
        else (
            {
                "fr_report": "fr",
                "it_letter": "it",
                "nl_letter": "nl",
                "pl_card": "pl",
                "tr_epikriz": "tr",
                "es_informe": "es",
            }.get(layout, "de")
        )
    )
    person = Person(
        patient.given_names,
        patient.surname,
        dt.date.fromisoformat(patient.birth_date),
        patient.sex,
        patient.title,
        patient.birth_name,
        patient.street,
        f"{patient.postcode} {patient.city}",
    )
    suffix = rng.randrange(100000, 999999)
    letter_date = dt.date(2024, 1, 8) + dt.timedelta(days=rng.randrange(0, 620))
    ctx = Ctx(
        rng,
        person,
        rng.choice(PRACTICES),
        letter_date,
        _spelling(rng, patient, language),
        language=language,
        fax_number=f"+49 561 {suffix}",
    )
    ctx.register_id = patient.id if known else None
    function, _ = LAYOUTS[layout]
    pages = function(ctx)
    ctx.fax_number = f"{DIALLING.get(ctx.region, '+49 561')} {suffix}"
    if patient.collision and known:
        ctx.notes.append(DECIDES[patient.collision])
        if patient.collision == "same_name_same_birth":
            pages[0].add(f"Anschrift des Patienten: {patient.street}, {person.place}", size=8)
            ctx.printed.append(patient.street)
    if not known:
        ctx.notes.append("the patient is not in the register")
    if ctx.spelled_surname != patient.surname:
        ctx.notes.append("the surname is transliterated (no umlauts) in the letter")
    sent = dt.datetime.combine(
        letter_date + dt.timedelta(days=rng.randrange(0, 4)),
        dt.time(rng.randrange(7, 19), rng.randrange(60)),
    )
    cover = _cover(ctx, sent, len(pages) + 1) if rng.random() < 0.3 else None
    if cover is not None and ctx.sender is None:
        ctx.notes.append("the fax cover sheet names a copy shop, which is not the letter's sender")
    return Letter(
        f"{split}-{index + 1:03d}",
        split,
        seed,
        layout,
        ctx,
        pages,
        patient if known else None,
        sent,
        cover,
    )


def generate(count: int, seed: int, split: str = "gen") -> list[Letter]:
    """`count` letters: DISTINCT layouts first (every frequent one), then repeats by weight.

    The repeats follow the weights, so hospitals and specialists make up most of the mail, as in
    a practice's month; the rarer kinds (authorities, abroad) mostly appear once.
    """
    rng = random.Random(seed)
    heavy = sorted(name for name, (_, weight) in LAYOUTS.items() if weight > 1)
    light = sorted(name for name, (_, weight) in LAYOUTS.items() if weight == 1)
    rng.shuffle(heavy)
    rng.shuffle(light)
    light.sort(key=lambda name: name not in ALWAYS)
    order = heavy + light[: max(0, DISTINCT - len(heavy))]
    weights = [LAYOUTS[name][1] for name in sorted(LAYOUTS)]
    while len(order) < count:
        order.append(rng.choices(sorted(LAYOUTS), weights)[0])
    order = order[:count]
    rng.shuffle(order)
    return [_letter(split, seed, index, order[index], rng) for index in range(count)]


def split(name: str) -> list[Letter]:
    if name not in SPLITS:
        raise ValueError(f"no split {name!r}: this set has only {sorted(SPLITS)} (no dev split)")
    count, seed = SPLITS[name]
    return generate(count, seed, name)


__all__ = ["Letter", "fmt", "generate", "names", "split"]
