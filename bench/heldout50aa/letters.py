"""The held-out letters: generation, rendering and truth (`split`, `generate`, `Letter`)."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field
from typing import Any

from bench.heldout50aa import kinds
from bench.heldout50aa.dates import fmt, shift
from bench.heldout50aa.layout import (
    PAGE_W,
    Composer,
    Line,
    Page,
    render_fax,
    render_pdf,
    render_scan,
    text_width,
)
from bench.heldout50aa.register import Patient, build
from bench.heldout50aa.world import PRACTICES, SENDERS

SET_NAME = "heldout50aa"
SPLIT_SEEDS = {"test": 50_1140, "examples": 50_6602}
SPLIT_SIZES = {"test": 40, "examples": 6}

# where the region's receipt stamp may go: (x0, y0) of a 128 x 46 pt box
STAMP_SPOTS = [
    (420.0, 60.0),
    (420.0, 250.0),
    (62.0, 40.0),
    (240.0, 44.0),
    (420.0, 700.0),
    (62.0, 700.0),
    (250.0, 700.0),
    (420.0, 150.0),
]
FAX_HEADER_STYLE = {
    "US": "us_slash",
    "FR": "slash",
    "IT": "slash",
    "GR": "slash",
    "SY": "slash",
    "LT": "iso",
    "CA": "iso",
}


def practice_names() -> list[dict[str, Any]]:
    return [
        {
            "name": p["name"],
            "names": list(p["names"]),
            "doctor": p["doctor"],
            "address": f"{p['street']}, {p['city']}",
            "fax": p["fax"],
            "kind": p["kind"],
        }
        for p in PRACTICES
    ]


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    layout: str
    language: str
    region: str
    pages: list[Page]
    cover: Page | None
    facts: dict[str, Any]
    register: dict[str, Any] | None
    notes: list[str]
    handwritten: bool
    fax: dict[str, Any]
    fax_fine: bool
    fax_g4: bool
    fax_header_style: str
    sender_fax: str
    sender_short: str
    stamp: dict[str, Any] | None
    _cache: dict[str, dict[str, bytes]] = field(default_factory=dict, repr=False)

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.handwritten else ["pdf", "scan200", "fax"]

    # -- what each condition shows
    def fax_pages(self) -> list[Page]:
        return ([self.cover] if self.cover is not None else []) + self.pages

    def fax_header(self, n: int, total: int) -> Line:
        sent = self.fax["sent"]
        day, hm = sent.split("T")
        text = (
            f"{fmt(day, self.fax_header_style)} {hm}  FAX {self.sender_fax}  "
            f"{self.sender_short}  S. {n:02d}/{total:02d}"
        )
        return Line(16.0, 12.0, text, "mono", 7.0)

    def stamp_lines(self) -> list[Line]:
        if self.stamp is None:
            return []
        x0, y0 = self.stamp["box"][0], self.stamp["box"][1]
        return [
            Line(x0 + 8, y0 + 13, "EINGEGANGEN", "sansb", 8.5),
            Line(x0 + 8, y0 + 26, fmt(self.stamp["date"], "dot"), "mono", 9.0),
            Line(x0 + 8, y0 + 38, self.stamp["practice"], "cond", 7.0),
        ]

    def page_texts(self, condition: str) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        if condition == "pdf":
            for i, pg in enumerate(self.pages):
                out.append(
                    {
                        "page": pg.name,
                        "file": "pdf/letter.pdf",
                        "pdf_page": i + 1,
                        "text": pg.text(),
                    }
                )
        elif condition == "scan200":
            for i, pg in enumerate(self.pages):
                extra = self.stamp_lines() if i == 0 else []
                out.append(
                    {
                        "page": pg.name,
                        "file": f"scan200/page-{i + 1:02d}.jpg",
                        "text": pg.text(extra),
                    }
                )
        elif condition == "fax":
            fp = self.fax_pages()
            for i, pg in enumerate(fp):
                out.append(
                    {
                        "page": pg.name,
                        "file": f"fax/page-{i + 1:02d}.tif",
                        "text": pg.text([self.fax_header(i + 1, len(fp))]),
                    }
                )
        else:
            raise ValueError(condition)
        return out

    def render(self, condition: str) -> dict[str, bytes]:
        if condition not in self.conditions():
            raise ValueError(f"{self.id} has no condition {condition}")
        if condition in self._cache:
            return dict(self._cache[condition])
        files: dict[str, bytes] = {}
        if condition == "pdf":
            files["pdf/letter.pdf"] = render_pdf(self.pages)
        elif condition == "scan200":
            for i, pg in enumerate(self.pages):
                extra = self.stamp_lines() if i == 0 else []
                box = self.stamp["box"] if (i == 0 and self.stamp is not None) else None
                files[f"scan200/page-{i + 1:02d}.jpg"] = render_scan(
                    pg, self.seed * 31 + i, extra, box
                )
        else:
            fp = self.fax_pages()
            for i, pg in enumerate(fp):
                files[f"fax/page-{i + 1:02d}.tif"] = render_fax(
                    pg, self.fax_header(i + 1, len(fp)), self.fax_fine, self.fax_g4
                )
        self._cache[condition] = files
        return dict(files)

    def truth(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.layout,
            "language": self.language,
            "region": self.region,
            "facts": self.facts,
            "register": self.register,
            "notes": list(self.notes),
            "handwritten": self.handwritten,
            "fax": dict(self.fax),
            "receipt_stamp": None
            if self.stamp is None
            else {"date": self.stamp["date"], "page": "p1", "condition": "scan200"},
            "conditions": {c: {"pages": self.page_texts(c)} for c in self.conditions()},
        }


# ------------------------------------------------------------------ choosing cases

CASES = [
    "plain",
    "twin",
    "same_name_and_birth_date",
    "umlaut_spelling",
    "name_change",
    "plain",
    "namesake",
    "not_in_register",
    "plain",
    "twin",
    "umlaut_spelling",
]

# the kind -> which families' patients it prefers
ORIGIN_PREF = {
    "fr_strasbourg": "FR",
    "it_letter": "IT",
    "tr_epikriz": "TR",
    "hr_otpusno": "HR",
    "el_letter": "GR",
    "uk_vypyska": "UA",
    "lt_israsas": "LT",
    "sy_report": "SY",
}

OUTSIDERS = [  # people not in the register
    ("Hannes", "Oberdorfer", "m", "1961-02-17"),
    ("Dilara", "Güneş", "f", "1994-08-30"),
    ("Wiebke", "Sandhövel", "f", "1948-11-03"),
    ("Arturas", "Vaitkus", "m", "1979-05-21"),
    ("Pauline", "Ritzenthaler", "f", "1955-09-09"),
    ("Vasyl", "Melnyk", "m", "1983-01-12"),
]


def _pick_patient(
    rng: random.Random,
    reg: list[Patient],
    case: str,
    kind: str,
) -> tuple[Patient | None, str]:
    pref = ORIGIN_PREF.get(kind)
    if kind in ("el_letter", "uk_vypyska"):
        # the letter spells the name in its own script: a name we can write so
        from bench.heldout50aa.world import SCRIPT

        table = SCRIPT["el" if kind == "el_letter" else "uk"]
        pool = [p for p in reg if p.surname in table and p.given_names in table]
        if case in ("same_name_and_birth_date", "namesake"):
            grp = [p for p in pool if p.collision == case]
            if grp:
                pool = grp
        chosen = pool[rng.randrange(len(pool))]
        return chosen, case if chosen.collision == case else "plain"
    if case == "not_in_register":
        return None, case
    if case != "plain":
        pool = [p for p in reg if p.collision == case]
        if pref:
            same = [p for p in pool if p.origin == pref]
            pool = same or pool
        return pool[rng.randrange(len(pool))], case
    pool = [p for p in reg if not p.collision]
    if pref:
        pool = [p for p in pool if p.origin == pref] or pool
    if kind in ("us_summary",):
        pool = [p for p in reg if p.surname in ("Miller", "Lo Bianco", "Weber")] or pool
    if kind == "ca_letter":
        pool = [p for p in reg if p.surname in ("Tremblay", "Lefèvre", "Koenig")] or pool
    return pool[rng.randrange(len(pool))], case


def _make(index: int, split_name: str, seed: int, kind: str, reg: list[Patient]) -> Letter:
    rng = random.Random(seed)
    case = CASES[(index * 3 + len(split_name)) % len(CASES)]
    patient, case = _pick_patient(rng, reg, case, kind)
    outsider = None
    if patient is None:
        outsider = OUTSIDERS[rng.randrange(len(OUTSIDERS))]
    practice = PRACTICES[rng.randrange(len(PRACTICES))]
    start = dt.date(2025, 1, 8).toordinal()
    letter_date = dt.date.fromordinal(start + rng.randrange(690)).isoformat()
    ctx = kinds.Ctx(
        rng=rng,
        kind=kind,
        practice=practice,
        patient=patient,
        outsider=outsider,
        letter_date=letter_date,
        case=case,
    )
    kinds.KINDS[kind](ctx)
    pages = ctx.finish()
    sender = SENDERS[ctx.sender_key]
    lid = f"{split_name}-{index + 1:03d}"
    # fax: sent after the letter
    sent_day = (
        shift(letter_date, 1 + rng.randrange(6))
        if ctx.letter_date_printed
        else shift(letter_date, rng.randrange(3))
    )
    sent = f"{sent_day}T{8 + rng.randrange(10):02d}:{rng.randrange(60):02d}"
    cover = None
    if rng.random() < 0.34:
        cover = kinds.cover_sheet(ctx, sent_day, len(pages) + 1)
    fine = rng.random() < 0.6
    g4 = rng.random() < 0.5
    stamp = None
    if rng.random() < 0.45:
        box = _free_spot(pages[0])
        if box is not None:
            stamp = {
                "date": shift(sent_day, rng.randrange(4)),
                "box": box,
                "practice": str(practice["stamp"]),
            }
    short = ctx.sender_name
    if len(short) > 34:
        short = short[:34].rstrip()
    facts = ctx.facts()
    reg_info = None
    if patient is not None:
        reg_info = {
            "id": patient.id,
            "collision": patient.collision or None,
            "collision_group": patient.collision_group or None,
        }
    return Letter(
        id=lid,
        split=split_name,
        seed=seed,
        layout=kind,
        language=ctx.lang,
        region=ctx.region,
        pages=pages,
        cover=cover,
        facts=facts,
        register=reg_info,
        notes=ctx.notes,
        handwritten=ctx.handwritten,
        fax={
            "sent": sent,
            "cover_sheet": cover is not None,
            "number": str(sender["fax"]),
            "resolution": "204x196" if fine else "204x98",
            "compression": "group4" if g4 else "group3",
        },
        fax_fine=fine,
        fax_g4=g4,
        fax_header_style=FAX_HEADER_STYLE.get(ctx.region, "dot"),
        sender_fax=str(sender["fax"]),
        sender_short=short,
        stamp=stamp,
    )


def _free_spot(pg: Page) -> tuple[float, float, float, float] | None:
    for x0, y0 in STAMP_SPOTS:
        x1, y1 = x0 + 128, y0 + 46
        clash = False
        for ln in pg.lines:
            lx0, lx1 = ln.x - 4, ln.x + text_width(ln.text, ln.font, ln.size) + 4
            ly0, ly1 = ln.y - ln.size - 4, ln.y + ln.size * 0.35 + 4
            if lx0 < x1 and x0 < lx1 and ly0 < y1 and y0 < ly1:
                clash = True
                break
        for rx0, ry0, rx1, ry1 in pg.rules + pg.boxes:
            if (
                min(rx0, rx1) - 3 < x1
                and x0 < max(rx0, rx1) + 3
                and min(ry0, ry1) - 3 < y1
                and y0 < max(ry0, ry1) + 3
            ):
                clash = True
        if not clash and x1 < PAGE_W - 20:
            return (x0, y0, x1, y1)
    return None


_REGISTER: list[Patient] | None = None


def _reg() -> list[Patient]:
    global _REGISTER
    if _REGISTER is None:
        _REGISTER = build()
    return _REGISTER


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    rng = random.Random(seed)
    reg = _reg()
    names = sorted(kinds.KINDS)
    order: list[str] = []
    while len(order) < count:
        batch = list(names)
        rng.shuffle(batch)
        order.extend(batch)
    return [_make(i, split_name, seed * 1000 + i, order[i], reg) for i in range(count)]


def split(name: str) -> list[Letter]:
    if name not in SPLIT_SEEDS:
        raise ValueError(f"unknown split {name!r}; known: test, examples")
    return generate(SPLIT_SIZES[name], SPLIT_SEEDS[name], name)


__all__ = ["Composer", "Letter", "generate", "practice_names", "split"]
