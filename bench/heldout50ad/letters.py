"""The held-out letters: split(), generate(), practice_names() and the Letter objects."""

from __future__ import annotations

import random
from datetime import date, datetime, timedelta

from .compose import Composer
from .foreign import FOREIGN_KINDS, foreign, letter_spelling
from .kinds import KINDS_DE, Ctx, run_german
from .register import FEMALE, MALE, SURNAMES, Patient, build
from .register import FOREIGN as NAME_POOLS
from .render import Line, Page, build_pdf, fax_images, page_text, scan_images, width
from .world import PRACTICES, fmt

SET = "heldout50ad"
SPLIT_SEEDS = {"test": 50_0401, "examples": 50_0402}

# The test split's plan: (kind, whose letter).  id:N = that register patient; old:N = that
# patient under a former name; country:XX = a register patient with a name from XX; rand = any
# register patient; maiden = one with a birth name; out = a person not in the register.
TEST_PLAN: list[tuple[str, str]] = [
    ("discharge", "id:20001"),
    ("specialist", "id:20002"),
    ("lab", "id:20003"),
    ("lab", "id:20004"),
    ("discharge", "old:20005"),
    ("radiology", "old:20006"),
    ("specialist", "id:20007"),
    ("insurer", "id:20008"),
    ("md", "id:20009"),
    ("care", "id:20010"),
    ("lab", "id:20011"),
    ("discharge", "id:20012"),
    ("therapist", "id:20013"),
    ("cz", "id:20014"),
    ("gr", "id:20016"),
    ("ru", "id:20017"),
    ("radiology", "id:20018"),
    ("tr", "id:20019"),
    ("us", "id:20020"),
    ("handwritten", "rand:undated"),
    ("handwritten", "rand"),
    ("at", "rand"),
    ("it", "country:IT"),
    ("hr", "country:HR"),
    ("ro", "country:RO"),
    ("hu", "country:HU"),
    ("uk", "country:GB"),
    ("ga", "rand"),
    ("lra", "rand"),
    ("drv", "rand"),
    ("pharmacy", "rand"),
    ("email", "rand"),
    ("email", "out"),
    ("discharge", "out"),
    ("specialist", "out"),
    ("insurer", "rand"),
    ("specialist", "maiden"),
    ("discharge", "maiden"),
    ("cz", "id:20015"),
    ("care", "out"),
]
EXAMPLES_PLAN: list[tuple[str, str]] = [
    ("discharge", "rand"),
    ("lab", "rand"),
    ("hu", "country:HU"),
    ("handwritten", "rand"),
    ("insurer", "rand"),
    ("ru", "country:RU"),
]
ALL_KINDS = KINDS_DE + FOREIGN_KINDS

_REGISTER: list[Patient] | None = None


def _register() -> list[Patient]:
    global _REGISTER
    if _REGISTER is None:
        _REGISTER = build()
    return _REGISTER


def practice_names() -> list[dict[str, object]]:
    keys = ("name", "names", "doctor", "address", "fax", "kind")
    return [{k: p[k] for k in keys} for p in PRACTICES]


def _country_of(p: Patient) -> str:
    for country, sns, _ in NAME_POOLS:
        if p.surname in sns:
            return country
    return "DE"


def _pick(rng: random.Random, sel: str) -> tuple[Patient, bool, str, str, str]:
    """(patient, in register, surname as written, given names as written, note)."""
    reg = _register()
    byid = {p.id: p for p in reg}
    if sel.startswith("id:"):
        p = byid[sel[3:]]
        return p, True, p.surname, p.given_names, ""
    if sel.startswith("old:"):
        p = byid[sel[4:]]
        old = p.former_names[-1]
        return p, True, old, p.given_names, f"the letter uses the former name {old}"
    if sel.startswith("country:"):
        pool = [p for p in reg if _country_of(p) == sel[8:] and not p.collision]
        p = rng.choice(pool)
        return p, True, p.surname, p.given_names, ""
    if sel == "maiden":
        pool = [p for p in reg[20:] if p.birth_name and not p.former_names]
        p = rng.choice(pool)
        return p, True, p.surname, p.given_names, ""
    if sel.startswith("rand"):
        pool = [p for p in reg[20:] if p.birth_date.year < 2008]
        p = rng.choice(pool)
        return p, True, p.surname, p.given_names, ""
    # a person not in the register
    names = {(p.surname, p.given_names) for p in reg}
    while True:
        sex = rng.choice(["M", "F"])
        g = rng.choice(MALE if sex == "M" else FEMALE)
        s = rng.choice([*SURNAMES, "Leupold", "Hirschmann", "Trautner", "Gumbrecht"])
        if (s, g) not in names:
            break
    start = date(1930, 1, 1)
    dob = start + timedelta(days=rng.randint(0, 27000))
    p = Patient(
        id="",
        surname=s,
        given_names=g,
        sex=sex,
        birth_date=dob,
        street="Schloßstraße 3",
        postcode="91207",
        city="Lauf a.d.Pegnitz",
    )
    return p, False, s, g, "patient not in the register"


class Letter:
    def __init__(self, split_name: str, index: int, seed: int, kind: str, sel: str) -> None:
        self.id = f"{split_name}-{index:03d}"
        self.split = split_name
        self.seed = seed
        rng = random.Random(seed)
        practice = PRACTICES[rng.randrange(3)]
        patient, in_reg, sur, giv, note = _pick(rng, sel)
        if kind in FOREIGN_KINDS:
            sur, giv = letter_spelling(kind, sur, giv)
        undated = sel.endswith(":undated") or (
            kind == "handwritten" and sel == "rand" and split_name == "gen" and rng.random() < 0.5
        )
        letter_date: date | None = date(2025, 10, 1) + timedelta(days=rng.randint(0, 420))
        base = letter_date
        if undated:
            letter_date = None
        ctx = Ctx(
            rng=rng,
            practice=practice,
            patient=patient,
            in_register=in_reg,
            letter_date=letter_date,
            sur=sur,
            giv=giv,
            c=Composer(),
        )
        if note:
            ctx.notes.append(note)
        if patient.collision:
            ctx.notes.append(f"register collision: {patient.collision}")
        if kind in FOREIGN_KINDS:
            foreign(ctx, kind)
        else:
            run_german(ctx, kind)
        self.ctx = ctx
        self.kind = kind
        pages = ctx.c.pages
        if len(pages) > 1:
            n = len(pages)
            for i, pg in enumerate(pages):
                text = f"Seite {i + 1} von {n}"
                pg.append(Line(round((595 - width(text, "sans", 8)) / 2, 2), 815, text, "sans", 8))
            ctx.notes.append("two-page letter with a running header")
        self.pages: list[Page] = pages
        # the scan's receipt stamp
        self.stamp: date | None = None
        if rng.random() < 0.4:
            self.stamp = base + timedelta(days=rng.randint(1, 6))
        sent_day = base + timedelta(days=rng.choice([1, 1, 1, 2, 3, 5]))
        self.sent = datetime(
            sent_day.year, sent_day.month, sent_day.day, rng.randint(7, 18), rng.randint(0, 59)
        )
        self.cover = rng.random() < 0.33
        self.yres = rng.choice([196, 98])
        self.g4 = rng.random() < 0.6
        self.fax_style = rng.randrange(3)
        self._cache: dict[str, dict[str, bytes]] = {}

    # -- pages per condition -------------------------------------------------------------
    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.ctx.handwritten else ["pdf", "scan200", "fax"]

    def _stamp_lines(self) -> list[Line]:
        if self.stamp is None:
            return []
        short = str(self.ctx.practice["short"])
        x = 360.0
        return [
            Line(x, 780, "EINGEGANGEN", "sansb", 9),
            Line(x, 792, fmt(self.stamp, "stamp"), "sansb", 9),
            Line(x, 803, short, "sans", 6.5),
        ]

    def _fax_header(self, n: int, t: int) -> Line:
        s = self.sent
        num = self.ctx.fax_number
        name = self.ctx.fax_name
        if self.fax_style == 0:
            text = f"{s:%d.%m.%Y %H:%M}   FAX {num}   {name}   S. {n}/{t}"
        elif self.fax_style == 1:
            text = f"{s:%d.%m.%y} {s:%H:%M}  VON: {num}  {name}  SEITE {n:02d}/{t:02d}"
        else:
            text = f"{s:%Y-%m-%d %H:%M}  {name}  {num}  P.{n}/{t}"
        return Line(30, 16, text, "mono", 7.5)

    def _cover(self) -> Page:
        ctx = self.ctx
        pr = ctx.practice
        t = len(self.pages) + 1
        lines = [
            Line(68, 80, "TELEFAX", "sansb", 22),
            Line(68, 130, f"An: {pr['short']}", "sans", 11),
            Line(68, 146, f"Fax-Nr.: {pr['fax']}", "sans", 11),
            Line(68, 172, f"Von: {ctx.sender}", "sans", 11),
            Line(68, 188, f"Fax-Nr.: {ctx.fax_number}", "sans", 11),
            Line(68, 214, f"Datum: {fmt(self.sent.date(), 'de')}", "sans", 11),
            Line(68, 230, f"Seiten (inkl. Deckblatt): {t}", "sans", 11),
            Line(
                68, 280, "Vertraulich! Dieses Fax enthält Patientendaten. Sollten Sie es", "sans", 9
            ),
            Line(68, 292, "irrtümlich erhalten haben, benachrichtigen Sie uns bitte.", "sans", 9),
        ]
        for ln in lines:
            if ln.x + width(ln.text, ln.font, ln.size) > 575:
                ln.size = 8
        return lines

    def condition_pages(self, condition: str) -> list[tuple[str, Page]]:
        named = [(f"p{i + 1}", list(pg)) for i, pg in enumerate(self.pages)]
        if condition == "pdf":
            return named
        if condition == "scan200":
            named[0][1].extend(self._stamp_lines())
            return named
        if condition == "fax":
            if self.cover:
                named.insert(0, ("cover", self._cover()))
            t = len(named)
            return [(name, [self._fax_header(i + 1, t), *pg]) for i, (name, pg) in enumerate(named)]
        raise ValueError(condition)

    def _file(self, condition: str, i: int) -> str:
        return {
            "pdf": "pdf/letter.pdf",
            "scan200": f"scan200/page-{i + 1:02d}.jpg",
            "fax": f"fax/page-{i + 1:02d}.tif",
        }[condition]

    def render(self, condition: str) -> dict[str, bytes]:
        if condition not in self.conditions():
            raise ValueError(condition)
        if condition in self._cache:
            return self._cache[condition]
        pages = [pg for _, pg in self.condition_pages(condition)]
        if condition == "pdf":
            out = {"pdf/letter.pdf": build_pdf(pages)}
        elif condition == "scan200":
            imgs = scan_images(pages, self.seed + 7)
            out = {self._file(condition, i): b for i, b in enumerate(imgs)}
        else:
            imgs = fax_images(pages, self.yres, self.g4)
            out = {self._file(condition, i): b for i, b in enumerate(imgs)}
        self._cache[condition] = out
        return out

    # -- truth -------------------------------------------------------------------------------
    def truth(self) -> dict[str, object]:
        ctx = self.ctx
        p = ctx.patient
        conds: dict[str, object] = {}
        for cond in self.conditions():
            pages = []
            for i, (name, pg) in enumerate(self.condition_pages(cond)):
                entry: dict[str, object] = {"page": name, "file": self._file(cond, i)}
                if cond == "pdf":
                    entry["pdf_page"] = i + 1
                entry["text"] = page_text(pg)
                pages.append(entry)
            conds[cond] = {"pages": pages}
        reg = None
        if ctx.in_register:
            reg = {
                "id": p.id,
                "collision": p.collision or None,
                "collision_group": p.collision_group or None,
            }
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": ctx.layout,
            "kind": self.kind,
            "language": ctx.language,
            "region": ctx.region,
            "facts": {
                "patient": {
                    "full_name": f"{p.given_names} {p.surname}",
                    "surname": p.surname,
                    "given_names": p.given_names,
                    "as_written": ctx.as_written,
                    "full_name_as_letter": f"{ctx.giv} {ctx.sur}",
                    "register_id": p.id if ctx.in_register else None,
                },
                "birth_date": p.birth_date.isoformat() if ctx.birth_printed else None,
                "letter_date": ctx.letter_date.isoformat() if ctx.letter_date else None,
                "sender": ctx.sender,
                "sender_alternatives": ctx.sender_alts,
                "title": ctx.title,
                "title_alternatives": ctx.title_alts,
                "patient_id": ctx.patient_id,
                "other_dates": ctx.other_dates,
                "other_people": ctx.other_people,
            },
            "register": reg,
            "notes": ctx.notes,
            "handwritten": ctx.handwritten,
            "receipt_stamp": self.stamp.isoformat() if self.stamp else None,
            "fax": {
                "sent": f"{self.sent:%Y-%m-%dT%H:%M}",
                "cover_sheet": self.cover,
                "number": ctx.fax_number,
                "resolution": f"204x{self.yres} {'G4' if self.g4 else 'G3'}",
            },
            "conditions": conds,
        }


def _from_plan(split_name: str, seed: int, plan: list[tuple[str, str]]) -> list[Letter]:
    rng = random.Random(seed)
    return [
        Letter(split_name, i + 1, rng.randrange(1 << 30), kind, sel)
        for i, (kind, sel) in enumerate(plan)
    ]


def split(name: str) -> list[Letter]:
    if name == "test":
        return _from_plan("test", SPLIT_SEEDS["test"], TEST_PLAN)
    if name == "examples":
        return _from_plan("examples", SPLIT_SEEDS["examples"], EXAMPLES_PLAN)
    raise ValueError(f"unknown split {name!r}")


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    rng = random.Random(seed)
    plan = []
    for _ in range(count):
        kind = rng.choice(ALL_KINDS)
        sel = "out" if rng.random() < 0.1 else "rand"
        plan.append((kind, sel))
    return _from_plan(split_name, rng.randrange(1 << 30), plan)
