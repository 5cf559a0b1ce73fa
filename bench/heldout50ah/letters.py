"""The letters of set 50ah: a Saar-Palatinate general practice's post, with exact truth."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field
from typing import Any

from . import layouts
from .paper import Line, Page, fax_tiffs, free_band, pdf_bytes, scan_jpegs
from .register import Patient, build

SET = "heldout50ah"
SEEDS = {"test": 500801, "examples": 500802}
COUNTS = {"test": 40, "examples": 6}


def practice_names() -> list[dict[str, Any]]:
    return [dict(p) for p in layouts.PRACTICES]


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    spec: layouts.Spec
    person: layouts.Person
    practice: dict[str, Any]
    fax_sent: dt.datetime
    fax_cover: bool
    fax_vres: int
    fax_comp: str
    stamp: dt.date | None
    reg: Patient | None
    _pages: dict[str, list[Page]] = field(default_factory=dict)

    def conditions(self) -> list[str]:
        if self.spec.handwritten:
            return ["scan200", "fax"]
        return ["pdf", "scan200", "fax"]

    # -- pages per condition ------------------------------------------------------------
    def pages(self, condition: str) -> list[Page]:
        if condition in self._pages:
            return self._pages[condition]
        base = self.spec.sheet.pages
        if condition == "pdf":
            res = base
        elif condition == "scan200":
            res = [Page(list(p.lines), list(p.decos)) for p in base]
            if self.stamp is not None:
                _stamp(res[0], self.stamp, self.practice)
        elif condition == "fax":
            res = []
            if self.fax_cover:
                res.append(
                    layouts.cover_sheet(self.spec, self.practice, self.fax_sent, len(base) + 1)
                )
            res += [Page(list(p.lines), list(p.decos)) for p in base]
            total = len(res)
            for i, pg in enumerate(res, 1):
                head = (
                    f"{self.fax_sent:%d.%m.%Y %H:%M}  Fax {self.spec.fax}  "
                    f"{self.spec.fax_name}  S. {i}/{total}"
                )
                pg.lines.insert(0, Line(24, 18, head, "mono", 7.5))
        else:
            raise ValueError(condition)
        self._pages[condition] = res
        return res

    def render(self, condition: str) -> dict[str, bytes]:
        if condition not in self.conditions():
            raise ValueError(f"{self.id} has no condition {condition}")
        pages = self.pages(condition)
        if condition == "pdf":
            return {"pdf/letter.pdf": pdf_bytes(pages, self.id)}
        if condition == "scan200":
            imgs = scan_jpegs(pages, self.seed * 7 + 1)
            return {f"scan200/page-{i:02d}.jpg": b for i, b in enumerate(imgs, 1)}
        tifs = fax_tiffs(pages, self.fax_vres, self.fax_comp)
        return {f"fax/page-{i:02d}.tif": b for i, b in enumerate(tifs, 1)}

    def truth(self) -> dict[str, Any]:
        s = self.spec
        p = self.person
        conds: dict[str, Any] = {}
        for c in self.conditions():
            pages = []
            cover = c == "fax" and self.fax_cover
            for i, pg in enumerate(self.pages(c)):
                if c == "pdf":
                    entry = {"page": f"p{i + 1}", "file": "pdf/letter.pdf", "pdf_page": i + 1}
                elif c == "scan200":
                    entry = {"page": f"p{i + 1}", "file": f"scan200/page-{i + 1:02d}.jpg"}
                else:
                    name = "cover" if cover and i == 0 else f"p{i + (0 if cover else 1)}"
                    entry = {"page": name, "file": f"fax/page-{i + 1:02d}.tif"}
                entry["text"] = pg.text()
                pages.append(entry)
            conds[c] = {"pages": pages}
        reg = self.reg
        notes = list(s.notes)
        if reg is not None and reg.collision:
            notes.append(f"register: {reg.collision}")
        if reg is None:
            notes.append("patient not in the register")
        else:
            alltext = "\n".join(pg["text"] for pg in conds["scan200"]["pages"])
            twins = [
                q
                for q in _register()
                if q.id != reg.id
                and q.surname.casefold() == p.surname.casefold()
                and q.given_names.casefold() == p.given.casefold()
                and (not s.birth_printed or q.birth_date == p.birth)
            ]
            if twins and reg.street not in alltext and not s.patient_id_printed:
                notes.append(
                    "another register patient fits the name"
                    + ("" if s.birth_printed else " (no birth date printed)")
                    + f" ({', '.join(q.id for q in twins)}); the letter alone does not decide"
                )
        if self.stamp is not None:
            notes.append("scan carries the practice's receipt stamp (not the letter date)")
        if self.fax_cover:
            notes.append("fax has a cover sheet with the send date")
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": s.layout,
            "language": s.language,
            "region": s.region,
            "facts": {
                "patient": {
                    "full_name": (
                        f"{reg.given_names} {reg.surname}" if reg else f"{p.given} {p.surname}"
                    ),
                    "surname": reg.surname if reg else p.surname,
                    "given_names": reg.given_names if reg else p.given,
                    "as_written": s.as_written,
                    "full_name_as_letter": f"{p.given} {p.surname}",
                    "register_id": reg.id if reg else None,
                },
                "birth_date": p.birth.isoformat() if s.birth_printed else None,
                "letter_date": s.letter_date.isoformat() if s.letter_date else None,
                "sender": s.sender,
                "sender_alternatives": list(s.sender_alternatives),
                "title": s.title,
                "title_alternatives": list(s.title_alternatives),
                "patient_id": reg.id if (reg and s.patient_id_printed) else None,
                "other_dates": [{"date": d.isoformat(), "role": r} for d, r in s.other_dates],
                "other_people": [{"name": n, "role": r} for n, r in s.other_people],
            },
            "register": (
                {"id": reg.id, "collision": reg.collision, "collision_group": reg.collision_group}
                if reg
                else None
            ),
            "notes": notes,
            "handwritten": s.handwritten,
            "fax": {
                "sent": f"{self.fax_sent:%Y-%m-%dT%H:%M}",
                "cover_sheet": self.fax_cover,
                "number": s.fax,
                "resolution": f"204x{self.fax_vres}",
                "compression": self.fax_comp,
            },
            "scan_stamp": self.stamp.isoformat() if self.stamp else None,
            "conditions": conds,
        }


def _stamp(page: Page, day: dt.date, practice: dict[str, Any]) -> None:
    short = practice["names"][-1]
    rows = ["EINGEGANGEN", f"{day:%d.%m.%Y}", short]
    y = free_band(page, 360, 570, 50)
    if y is None:
        y = 96.0
    lines = [
        Line(372, y + 13 + 13 * i, r, "condb" if i == 0 else "cond", 9.5)
        for i, r in enumerate(rows)
    ]
    idx = len(page.lines)
    for i, ln in enumerate(page.lines):
        if ln.y > y:
            idx = i
            break
    page.lines[idx:idx] = lines
    from .paper import Deco

    right = max(ln.right for ln in lines)
    page.decos.append(Deco("rect", (364, y, right + 8, y + 48), 1.2))


_REGISTER: list[Patient] | None = None


def _register() -> list[Patient]:
    global _REGISTER
    if _REGISTER is None:
        _REGISTER = build()
    return _REGISTER


def _choose(rng: random.Random, origin: str | None) -> tuple[Patient | None, layouts.Person]:
    reg = _register()
    if rng.random() < 0.12:
        return None, layouts.outsider(rng, origin)
    if origin:
        pool = [p for p in reg if p.origin == origin]
        if not pool:
            pool = reg
    elif rng.random() < 0.5:
        pool = [p for p in reg if p.collision_group]
    else:
        pool = [p for p in reg if p.origin == "de"]
    pat = rng.choice(pool)
    return pat, layouts.person_of(pat, rng)


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    rng = random.Random(seed)
    kinds = list(layouts.LAYOUTS)
    start = rng.randrange(len(kinds))
    out: list[Letter] = []
    for i in range(count):
        lseed = seed * 1000 + i
        lr = random.Random(lseed)
        kind = kinds[(start + i) % len(kinds)]
        fn, origin = layouts.LAYOUTS[kind]
        reg, person = _choose(lr, origin)
        practice = layouts.PRACTICES[lr.randrange(len(layouts.PRACTICES))]
        day = dt.date(2026, 1, 8) + dt.timedelta(days=lr.randrange(0, 300))
        spec = fn(lr, person, practice, day)
        spec.layout = kind
        base = spec.letter_date or day
        sent = dt.datetime(base.year, base.month, base.day, 8, 0) + dt.timedelta(
            days=lr.randrange(0, 4), minutes=lr.randrange(30, 600)
        )
        stamp = base + dt.timedelta(days=lr.randrange(2, 7)) if lr.random() < 0.5 else None
        out.append(
            Letter(
                id=f"{split_name}-{i + 1:03d}",
                split=split_name,
                seed=lseed,
                spec=spec,
                person=person,
                practice=practice,
                fax_sent=sent,
                fax_cover=lr.random() < 0.34,
                fax_vres=lr.choice([196, 98]),
                fax_comp=lr.choice(["group4", "group3"]),
                stamp=stamp,
                reg=reg,
            )
        )
    return out


def split(name: str) -> list[Letter]:
    if name not in SEEDS:
        raise ValueError(f"unknown split {name!r}")
    return generate(COUNTS[name], SEEDS[name], name)
