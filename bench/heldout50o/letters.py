"""The letters of set 50o: which kinds, for whom, and their truth and renderings."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from . import kinds_auth, kinds_de, kinds_foreign
from .base import Ctx, Person, Spec
from .layout import LEFT, RIGHT, Page, fax_tiff, pdf_bytes, scan_jpeg
from .register import GIVEN, SURNAMES, Patient, build
from .world import PRACTICES, fax_stamp, fmt

SPLITS = {"test": (50_401, 40), "examples": (50_402, 6)}

Kind = Callable[[Ctx], Spec]


def _auth(key: str) -> Kind:
    return lambda c: kinds_auth.authority(c, key)


def _foreign(key: str) -> Kind:
    return lambda c: kinds_foreign.foreign(c, key)


# name -> (function, patient origin or "", child)
KINDS: dict[str, tuple[Kind, str, bool]] = {
    "hospital": (kinds_de.hospital, "", False),
    "radiology": (kinds_de.radiology, "", False),
    "lab": (kinds_de.lab, "", False),
    "specialist": (kinds_de.specialist, "", False),
    "kim": (kinds_de.kim, "", False),
    "dmp": (kinds_de.dmp, "", False),
    "handwritten": (kinds_de.handwritten, "", False),
    "care": (kinds_de.care, "", False),
    "pharmacy": (kinds_de.pharmacy, "", False),
    "therapy": (kinds_de.therapy, "", False),
    "airport": (kinds_de.airport, "", False),
    "insurer_form": (kinds_auth.insurer_form, "", False),
    "occupational": (kinds_auth.occupational, "", False),
    "health_office": (kinds_auth.health_office, "", True),
    **{f"auth_{k}": (_auth(k), "", False) for k in kinds_auth.AUTH},
    **{
        f"abroad_{k}": (_foreign(k), str(v["origin"]) + ("+script" if k == "sr-cyr" else ""), False)
        for k, v in kinds_foreign.LOCALES.items()
    },
}

START = dt.date(2026, 9, 1)


@cache
def _register() -> tuple[Patient, ...]:
    return tuple(build())


def practice_names() -> list[dict[str, Any]]:
    return [
        {k: p[k] for k in ("name", "names", "doctor", "address", "fax", "kind")} for p in PRACTICES
    ]


def _outsider(rng: random.Random, origin: str, reg: tuple[Patient, ...]) -> Person:
    """Somebody not in the register; at times a register patient's namesake."""
    script = origin.endswith("+script")
    origin = origin.removesuffix("+script")
    if rng.random() < 0.4:
        cands = [
            p
            for p in reg
            if p.origin == (origin or "de")
            and ((p.script_surname and p.script_given) or not script)
        ]
        twin = cands[rng.randrange(len(cands))]
        birth = twin.birth_date + dt.timedelta(days=rng.randrange(400, 9000))
        if birth.year > 2019:
            birth = twin.birth_date - dt.timedelta(days=rng.randrange(400, 9000))
        return Person(
            twin.surname,
            twin.given_names,
            twin.sex,
            birth,
            native_surname=twin.native_surname,
            native_given=twin.native_given,
            script_surname=twin.script_surname,
            script_given=twin.script_given,
        )
    o = origin or "de"
    taken = {(p.surname, p.given_names) for p in reg}
    while True:
        sex = rng.choice("MF")
        sn = SURNAMES[o][rng.randrange(len(SURNAMES[o]))]
        gn = GIVEN[o][sex][rng.randrange(len(GIVEN[o][sex]))]
        if (sn[0], gn[0]) not in taken and ((sn[2] and gn[2]) or not script):
            break
    birth = dt.date(1940, 1, 1) + dt.timedelta(days=rng.randrange(365 * 70))
    return Person(
        sn[0],
        gn[0],
        sex,
        birth,
        native_surname=sn[1],
        native_given=gn[1],
        script_surname=sn[2],
        script_given=gn[2],
    )


def _person(p: Patient) -> Person:
    return Person(
        p.surname,
        p.given_names,
        p.sex,
        p.birth_date,
        p.title,
        p,
        p.native_surname,
        p.native_given,
        p.script_surname,
        p.script_given,
        p.birth_name,
    )


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    kind: str
    spec: Spec
    person: Person
    practice: dict[str, object]
    fax_sent: dt.datetime
    fax_cover: bool
    fax_fine: bool
    fax_g4: bool
    fax_style: int
    stamp: dt.date | None

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.spec.handwritten else ["pdf", "scan200", "fax"]

    # -- pages per condition ---------------------------------------------------------------
    def _stamp_lines(self, page: Page) -> Page:
        pg = Page(items=list(page.items), rules=list(page.rules))
        if self.stamp is None:
            return pg
        x0 = 138.0
        pg.box(x0 - 3, 272.5, RIGHT + 2, 291.0, w=0.9)
        pg.at(277.5).line("EINGEGANGEN", x=x0, size=9, font="sansb")
        pg.line(fmt(self.stamp, "de_stamp"), x=x0, size=11, font="monob")
        pg.line(str(self.practice["names"][-1]), x=x0, size=6.5, font="sans")  # type: ignore[index]
        return pg

    def _cover(self) -> Page:
        s = self.spec
        pg = Page()
        de = s.language == "de"
        pg.at(24).line("TELEFAX" if de else "FAX MESSAGE", size=22, font="sansb").gap(4)
        rows = [
            ("An:" if de else "To:", str(self.practice["names"][0])),  # type: ignore[index]
            ("Fax-Nr.:" if de else "Fax no.:", str(self.practice["fax"])),
            ("Von:" if de else "From:", s.sender),
            ("Absender-Fax:" if de else "Our fax:", s.sender_fax or "–"),
            ("Datum:" if de else "Date:", fmt(self.fax_sent.date(), "de" if de else "en_long")),
            (
                "Seiten:" if de else "Pages:",
                f"{len(s.pages) + 1} (inkl. Deckblatt)"
                if de
                else f"{len(s.pages) + 1} incl. cover",
            ),
        ]
        if s.cover_subject:
            rows.append(("Betreff:", s.cover_subject))
        if not de:
            pg.line("Medical report concerning our patient, see following pages.", size=9).gap(2)
        for k, v in rows:
            pg.line(k, x=LEFT, size=10, font="sansb", lead=0.0)
            pg.para(v, x=LEFT + 32, width=RIGHT - LEFT - 32, size=10)
        pg.gap(10).para(
            "Vertraulich! Dieses Fax enthält personenbezogene Gesundheitsdaten. Sollten Sie nicht "
            "der richtige Empfänger sein, benachrichtigen Sie uns bitte und vernichten Sie die "
            "Seiten."
            if de
            else "CONFIDENTIAL: this fax contains patient information. If you "
            "are not the intended recipient, please notify us and destroy all pages.",
            size=8.5,
        )
        return pg

    def _fax_pages(self) -> list[tuple[str, Page]]:
        pages: list[tuple[str, Page]] = []
        if self.fax_cover:
            pages.append(("cover", self._cover()))
        pages += [(f"p{i + 1}", p) for i, p in enumerate(self.spec.pages)]
        total = len(pages)
        sender_id = (self.spec.sender_fax or "+49 6046 000000").replace(" ", "")
        name = self.spec.sender.upper()[:30].strip()
        out = []
        for n, (label, p) in enumerate(pages, start=1):
            pg = Page(items=list(p.items), rules=list(p.rules))
            stamp = fax_stamp(self.fax_sent, self.fax_style)
            page_no = f"S. {n}/{total}" if self.fax_style != 2 else f"P.{n:02d}/{total:02d}"
            pg.at(7).line(f"{stamp}  {sender_id}  {name}  {page_no}", x=8, size=7.5, font="mono")
            out.append((label, pg))
        return out

    def pages(self, condition: str) -> list[tuple[str, str, Page]]:
        """(page label, file name, page as printed on that condition)"""
        if condition == "pdf":
            return [(f"p{i + 1}", "pdf/letter.pdf", p) for i, p in enumerate(self.spec.pages)]
        if condition == "scan200":
            out = []
            for i, p in enumerate(self.spec.pages):
                pg = self._stamp_lines(p) if i == 0 else p
                out.append((f"p{i + 1}", f"scan200/page-{i + 1:02d}.jpg", pg))
            return out
        if condition == "fax":
            return [
                (label, f"fax/page-{n:02d}.tif", pg)
                for n, (label, pg) in enumerate(self._fax_pages(), start=1)
            ]
        raise ValueError(condition)

    def render(self, condition: str) -> dict[str, bytes]:
        if condition not in self.conditions():
            raise ValueError(condition)
        if condition == "pdf":
            return {"pdf/letter.pdf": pdf_bytes(self.spec.pages)}
        out = {}
        for n, (_label, name, pg) in enumerate(self.pages(condition)):
            if condition == "scan200":
                out[name] = scan_jpeg(pg, self.seed * 31 + n)
            else:
                out[name] = fax_tiff(pg, self.fax_fine, self.fax_g4)
        return out

    # -- truth -------------------------------------------------------------------------------
    def truth(self) -> dict[str, Any]:
        s, p = self.spec, self.person
        reg = p.reg
        full = f"{reg.given_names} {reg.surname}" if reg else s.name_as_letter
        conds: dict[str, object] = {}
        for cond in self.conditions():
            pages = []
            for label, name, pg in self.pages(cond):
                entry: dict[str, object] = {"page": label, "file": name}
                if cond == "pdf":
                    entry["pdf_page"] = int(label[1:])
                entry["text"] = pg.text()
                pages.append(entry)
            c: dict[str, object] = {"pages": pages}
            if cond == "scan200":
                c["receipt_stamp"] = self.stamp.isoformat() if self.stamp else None
            conds[cond] = c
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": s.layout,
            "language": s.language,
            "region": s.region,
            "facts": {
                "patient": {
                    "full_name": full,
                    "surname": reg.surname if reg else p.surname,
                    "given_names": reg.given_names if reg else p.given,
                    "as_written": s.as_written,
                    "full_name_as_letter": s.name_as_letter,
                    "register_id": reg.id if reg else None,
                },
                "birth_date": p.birth.isoformat() if s.birth_printed else None,
                "letter_date": s.letter_date.isoformat() if s.letter_date else None,
                "sender": s.sender,
                "sender_alternatives": s.sender_alts,
                "title": s.title,
                "title_alternatives": s.title_alts if s.title else [],
                "patient_id": reg.id if (reg and s.patient_id_printed) else None,
                "other_dates": [{"date": d.isoformat(), "role": r} for d, r in s.other_dates],
                "other_people": [{"name": n, "role": r} for n, r in s.other_people],
            },
            "register": {
                "id": reg.id,
                "collision": reg.collision or None,
                "collision_group": reg.collision_group or None,
            }
            if reg
            else None,
            "notes": s.notes,
            "handwritten": s.handwritten,
            "fax": {
                "sent": self.fax_sent.strftime("%Y-%m-%dT%H:%M"),
                "cover_sheet": self.fax_cover,
                "number": s.sender_fax or None,
                "resolution": "204x196" if self.fax_fine else "204x98",
            },
            "conditions": conds,
        }


def _choose_person(
    rng: random.Random, origin: str, child: bool, reg: tuple[Patient, ...]
) -> tuple[Person, bool]:
    """(person, whether the letter uses the former surname)"""
    if rng.random() < 0.12:
        person = _outsider(rng, origin, reg)
        if child:
            person.birth = dt.date(2017, 1, 1) + dt.timedelta(days=rng.randrange(1300))
        return person, False
    if child:
        pool = [p for p in reg if p.birth_date.year >= 2016]
    elif origin:
        script = origin.endswith("+script")
        o = origin.removesuffix("+script")
        pool = [
            p
            for p in reg
            if p.origin == o
            and p.birth_date.year < 2008
            and ((p.script_surname and p.script_given) or not script)
        ]
    else:
        pool = [p for p in reg if p.birth_date.year < 2008]
        r = rng.random()
        if r < 0.4:
            pool = [p for p in pool if p.collision] or pool
        elif r < 0.52:
            pool = [p for p in pool if p.title] or pool
        elif r < 0.62:
            pool = [p for p in pool if p.birth_name] or pool
    pat = pool[rng.randrange(len(pool))]
    old = bool(pat.birth_name) and rng.random() < 0.7
    return _person(pat), old


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    rng = random.Random(seed)
    reg = _register()
    names = list(KINDS)
    order: list[str] = []
    while len(order) < count:
        batch = names[:]
        rng.shuffle(batch)
        order += batch
    out = []
    for i, kind in enumerate(order[:count]):
        lseed = seed * 1000 + i
        lr = random.Random(lseed)
        fn, origin, child = KINDS[kind]
        person, old = _choose_person(lr, origin, child, reg)
        practice = PRACTICES[lr.randrange(len(PRACTICES))]
        date = START + dt.timedelta(days=lr.randrange(90))
        ctx = Ctx(lr, practice, person, date, use_old_name=old)
        spec = fn(ctx)
        if old:
            spec.notes.append("the letter uses the patient's former (birth) surname")
        if person.reg is None:
            spec.notes.append("patient not in the register")
        base = spec.letter_date or date
        sent = dt.datetime.combine(base, dt.time(0, 0)) + dt.timedelta(
            days=lr.randrange(1, 6), hours=lr.randrange(7, 19), minutes=lr.randrange(60)
        )
        stamp = base + dt.timedelta(days=lr.randrange(2, 9)) if lr.random() < 0.5 else None
        out.append(
            Letter(
                id=f"{split_name}-{i + 1:03d}",
                split=split_name,
                seed=lseed,
                kind=kind,
                spec=spec,
                person=person,
                practice=practice,
                fax_sent=sent,
                fax_cover=lr.random() < 0.33,
                fax_fine=lr.random() < 0.6,
                fax_g4=lr.random() < 0.5,
                fax_style=lr.randrange(3),
                stamp=stamp,
            )
        )
    return out


def split(name: str) -> list[Letter]:
    if name not in SPLITS:
        raise ValueError(f"unknown split {name!r}")
    seed, count = SPLITS[name]
    return generate(count, seed, name)
