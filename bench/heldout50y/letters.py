"""The letters: `split`, `generate`, `practice_names` and the `Letter` with its truth."""

from __future__ import annotations

import copy
import datetime as dt
import random
from functools import cache
from typing import Any

from . import register
from .layouts import LAYOUTS, Ctx
from .register import FOREIGN, GERMAN_SURNAMES, Patient
from .render import Line, Page, fax_images, pdf_bytes, scan_images
from .world import PRACTICES, Person

SPLITS = {"test": (40, 5_024_071), "examples": (6, 5_024_913)}


@cache
def _register() -> tuple[Patient, ...]:
    return tuple(register.build())


def practice_names() -> list[dict[str, Any]]:
    return copy.deepcopy(PRACTICES)


def _fits(p: Patient, want: str | None, today: dt.date) -> bool:
    age = (today - p.birth_date).days / 365.25
    if want is None:
        return True
    if want == "child":
        return 5 <= age <= 15
    if want == "adult":
        return 19 <= age <= 55
    return p.origin == want


def _stranger(rng: random.Random, want: str | None, today: dt.date) -> Person:
    origin = want if want in FOREIGN else "DE"
    sex = rng.choice("MF")
    if origin == "DE":
        surname = rng.choice(GERMAN_SURNAMES)
        given = rng.choice(
            ["Ronald", "Detlef", "Enrico"] if sex == "M" else ["Ilona", "Carola", "Sindy"]
        )
    else:
        ms, fs, mg, fg = FOREIGN[origin]
        surname = rng.choice(ms if sex == "M" else fs)
        given = rng.choice(mg if sex == "M" else fg)
    lo, hi = (2010, 2017) if want == "child" else (1945, 2000)
    if want == "adult":
        lo = 1975
    birth = dt.date(rng.randint(lo, hi), rng.randint(1, 12), rng.randint(1, 28))
    if any(
        p.surname == surname and p.given_names == given and p.birth_date == birth
        for p in _register()
    ):
        birth += dt.timedelta(days=1)
    return Person(
        surname,
        given,
        birth,
        sex,
        "",
        "Lindenweg 3",
        "99086",
        "Erfurt",
        origin,
        None,
        surname,
        given,
    )


def _person(rng: random.Random, want: str | None, today: dt.date) -> Person:
    reg = [p for p in _register() if _fits(p, want, today)]
    r = rng.random()
    if r < 0.1:
        return _stranger(rng, want, today)
    pool = reg
    if r < 0.4:
        coll = [p for p in reg if p.collision_group]
        pool = coll or reg
    p = rng.choice(pool)
    written = p.surname
    if p.former_names and rng.random() < 0.6:
        written = p.former_names[0]
    return Person(
        p.surname,
        p.given_names,
        p.birth_date,
        p.sex,
        p.title,
        p.street,
        p.postcode,
        p.city,
        p.origin,
        p,
        written,
        p.given_names,
    )


class Letter:
    def __init__(self, split_name: str, index: int, seed: int, layout: str) -> None:
        self.id = f"{split_name}-{index:03d}"
        self.split = split_name
        self.seed = seed
        self.layout = layout
        self._ctx: Ctx | None = None

    # -- building --------------------------------------------------------------------
    def _build(self) -> Ctx:
        if self._ctx is not None:
            return self._ctx
        rng = random.Random(self.seed)
        func, want = LAYOUTS[self.layout]
        base = dt.date(2023, 1, 9) + dt.timedelta(days=rng.randint(0, 880))
        if base.weekday() >= 5:
            base -= dt.timedelta(days=base.weekday() - 4)
        practice = rng.choice(PRACTICES)
        person = _person(rng, want, base)
        c = Ctx(rng, person, practice, base)
        if self.layout == "handwritten-note" and rng.random() < 0.5:
            c.letter_date = None
        func(c)
        self._base = c.letter_date or base
        hh, mm = rng.randint(7, 19), rng.randint(0, 59)
        sent = self._base + dt.timedelta(days=rng.randint(1, 6))
        self._sent = dt.datetime(sent.year, sent.month, sent.day, hh, mm)
        self._cover = rng.random() < 0.34
        self._fine = rng.random() < 0.6
        self._g4 = rng.random() < 0.5
        self._stamp = (
            self._base + dt.timedelta(days=rng.randint(2, 7)) if rng.random() < 0.5 else None
        )
        self._cover_name = rng.choice([str(n) for n in practice["names"]])  # type: ignore[attr-defined]
        self._ctx = c
        return c

    def conditions(self) -> list[str]:
        c = self._build()
        return ["scan200", "fax"] if c.handwritten else ["pdf", "scan200", "fax"]

    def _scan_pages(self) -> list[Page]:
        c = self._build()
        if self._stamp is None:
            return list(c.pages)
        stamp = [
            Line(440, 26, "EINGEGANGEN", "sansb", 9),
            Line(440, 38, self._stamp.strftime("%d.%m.%Y"), "sansb", 9),
        ]
        return [c.pages[0].with_lines(stamp), *c.pages[1:]]

    def _fax_pages(self) -> list[Page]:
        c = self._build()
        pages = list(c.pages)
        if self._cover:
            cov = Page()
            de = c.region == "DE"
            cov.add("TELEFAX" if de else "FAX COVER SHEET", 70, 100, "sansb", 22)
            rows = [
                ("An:" if de else "To:", self._cover_name),
                ("Fax:", str(c.practice["fax"])),
                ("Von:" if de else "From:", c.sender),
                ("Fax:", c.fax_no),
                (
                    "Datum:" if de else "Date:",
                    self._sent.strftime("%d.%m.%Y" if de else "%Y-%m-%d"),
                ),
                ("Seiten:" if de else "Pages:", str(len(pages) + 1)),
            ]
            y = 150.0
            for k, v in rows:
                cov.add(k, 70, y, "sans", 11)
                cov.add(v, 150, y, "sans", 11)
                y += 20
            cov.add(
                "Diese Sendung enthält vertrauliche Patientendaten."
                if de
                else "This transmission contains confidential medical information.",
                70,
                y + 30,
                "sans",
                9,
            )
            pages.insert(0, cov)
        n = len(pages)
        out = []
        short = c.sender if len(c.sender) <= 34 else c.sender[:34].rstrip()
        for i, pg in enumerate(pages, 1):
            head = f"{self._sent.strftime('%d.%m.%Y %H:%M')}  {c.fax_no}  {short}  S. {i}/{n}"
            out.append(pg.with_lines([Line(20, 14, head, "mono", 7.5)]))
        return out

    def render(self, condition: str) -> dict[str, bytes]:
        c = self._build()
        if condition == "pdf" and not c.handwritten:
            return {"pdf/letter.pdf": pdf_bytes(c.pages, self.id)}
        if condition == "scan200":
            imgs = scan_images(self._scan_pages(), self.seed)
            return {f"scan200/page-{i:02d}.jpg": b for i, b in enumerate(imgs, 1)}
        if condition == "fax":
            imgs = fax_images(self._fax_pages(), self._fine, self._g4)
            return {f"fax/page-{i:02d}.tif": b for i, b in enumerate(imgs, 1)}
        raise ValueError(condition)

    def truth(self) -> dict[str, Any]:
        c = self._build()
        p = c.person
        reg = p.register
        conds: dict[str, Any] = {}
        if not c.handwritten:
            conds["pdf"] = {
                "pages": [
                    {"page": f"p{i}", "file": "pdf/letter.pdf", "pdf_page": i, "text": pg.text()}
                    for i, pg in enumerate(c.pages, 1)
                ]
            }
        conds["scan200"] = {
            "pages": [
                {"page": f"p{i}", "file": f"scan200/page-{i:02d}.jpg", "text": pg.text()}
                for i, pg in enumerate(self._scan_pages(), 1)
            ]
        }
        fax_pages = self._fax_pages()
        names = (["cover"] if self._cover else []) + [f"p{i}" for i in range(1, len(c.pages) + 1)]
        conds["fax"] = {
            "pages": [
                {"page": nm, "file": f"fax/page-{i:02d}.tif", "text": pg.text()}
                for i, (nm, pg) in enumerate(zip(names, fax_pages, strict=True), 1)
            ]
        }
        notes = list(c.notes)
        if reg is not None and p.written_surname != reg.surname:
            notes.append("the letter uses the patient's former name")
        if reg is None:
            notes.append("patient not in the register")
        if self._stamp is not None:
            notes.append("scan carries the practice's receipt stamp")
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.layout,
            "language": c.language,
            "region": c.region,
            "facts": {
                "patient": {
                    "full_name": f"{p.given_names} {p.surname}",
                    "surname": p.surname,
                    "given_names": p.given_names,
                    "as_written": c.as_written,
                    "full_name_as_letter": c.name_as_letter,
                    "register_id": reg.id if reg else None,
                },
                "birth_date": p.birth_date.isoformat() if c.birth_printed else None,
                "letter_date": c.letter_date.isoformat() if c.letter_date else None,
                "sender": c.sender,
                "sender_alternatives": list(c.sender_alts),
                "title": c.title,
                "title_alternatives": list(c.title_alts),
                "patient_id": reg.id if (reg and c.pid_printed) else None,
                "other_dates": list(c.others),
                "other_people": list(c.people),
            },
            "register": (
                {"id": reg.id, "collision": reg.collision, "collision_group": reg.collision_group}
                if reg
                else None
            ),
            "notes": notes,
            "handwritten": c.handwritten,
            "fax": {
                "sent": self._sent.strftime("%Y-%m-%dT%H:%M"),
                "cover_sheet": self._cover,
                "number": c.fax_no,
                "resolution": "204x196" if self._fine else "204x98",
            },
            "conditions": conds,
        }


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    rng = random.Random(seed)
    names = list(LAYOUTS)
    rng.shuffle(names)
    order = names[:count] + [rng.choice(names) for _ in range(max(0, count - len(names)))]
    return [Letter(split_name, i, seed * 1000 + i, order[i - 1]) for i in range(1, count + 1)]


def split(name: str) -> list[Letter]:
    if name not in SPLITS:
        raise ValueError(f"unknown split {name!r}")
    count, seed = SPLITS[name]
    return generate(count, seed, name)
