"""The letters of the heldout50m world: Berlin and Brandenburg practices and their post.

`split("test")` (40 letters), `split("examples")` (6), `generate(count, seed)`.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field
from typing import Any

from . import register
from .dates import fmt
from .layouts import LAYOUTS, Ctx, Practice
from .render import FONTS, Builder, Line, Page, render_fax, render_pdf, render_scan

SEEDS = {"test": 5090100, "examples": 5090200}
SIZES = {"test": 40, "examples": 6}

PRACTICES = [
    Practice(
        name="Hausarztzentrum Rixdorf",
        names=["Hausarztzentrum Rixdorf", "HAZ Rixdorf"],
        doctor="Dr. med. Elif Karaca",
        street="Richardplatz 19",
        city="12055 Berlin",
        fax="030 6813 4490",
        kind="Hausarztzentrum in Berlin-Neukölln",
    ),
    Practice(
        name="Gemeinschaftspraxis für Allgemeinmedizin am Babelsberger Park",
        names=[
            "Gemeinschaftspraxis für Allgemeinmedizin am Babelsberger Park",
            "Gemeinschaftspraxis Dr. med. Corinna Albrecht-Lindqvist und Matthias Oyelaran",
        ],
        doctor="Dr. med. Corinna Albrecht-Lindqvist und Matthias Oyelaran",
        street="Karl-Liebknecht-Straße 131",
        city="14482 Potsdam",
        fax="0331 7404 219",
        kind="two doctors' practice in Potsdam-Babelsberg, long name",
    ),
    Practice(
        name="Landarztpraxis Groß Schönebeck",
        names=["Landarztpraxis Groß Schönebeck", "Landarztpraxis Dipl.-Med. Uwe Stellmacher"],
        doctor="Dipl.-Med. Uwe Stellmacher",
        street="Schlossstraße 6",
        city="16244 Schorfheide",
        fax="033393 6512",
        kind="rural practice in the Schorfheide (Barnim, near Eberswalde)",
    ),
]

COLLISION_CASES = [
    "same_name_same_birth",
    "name_change_old",
    "umlaut_translit",
    "twin",
    "same_name",
]
# the kinds that print the patient's address where two patients share name and birth date
ADDR_LAYOUTS = {
    "discharge_uni",
    "discharge_district",
    "reha",
    "specialist",
    "radiology",
    "lab",
    "pathology",
    "insurer_kk",
    "drv",
    "bg",
    "medical_service",
    "care_service",
    "health_office",
    "court",
    "referral_form",
    "poland",
}
OUTSIDERS = [
    ("Quandt-Pieper", "Renate", "f"),
    ("Zilinski", "Norbert", "m"),
    ("Reinholz", "Gudrun", "f"),
    ("Abramczyk", "Dariusz", "m"),
    ("Vu", "Thi Thu", "f"),
    ("Hartwig", "Ole", "m"),
]


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    layout: str
    language: str
    region: str
    facts: dict[str, Any]
    register_info: dict[str, Any] | None
    notes: list[str]
    handwritten: bool
    fax: dict[str, Any]
    pages: list[Page]
    cover: Page | None
    stamp: list[str] | None
    fax_headers: list[str] = field(default_factory=list)
    printed_dates: list[tuple[str, str, str]] = field(default_factory=list)
    fine: bool = True

    # ---- the pages of each condition
    def _scan_pages(self) -> list[Page]:
        out = []
        for i, pg in enumerate(self.pages):
            if i == 0 and self.stamp:
                lines = [Line(t, 188, 7 + 4 * k, "sansb", 8, "r") for k, t in enumerate(self.stamp)]
                out.append(Page(lines + pg.lines, pg.rules))
            else:
                out.append(pg)
        return out

    def _fax_pages(self) -> list[Page]:
        pages = ([self.cover] if self.cover else []) + self.pages
        out = []
        for head, pg in zip(self.fax_headers, pages, strict=True):
            out.append(Page([Line(head, 8, 5.5, "mono", 7.5), *pg.lines], pg.rules))
        return out

    def condition_pages(self, condition: str) -> list[tuple[str, str, Page]]:
        if condition == "pdf":
            if self.handwritten:
                return []
            return [(f"p{i + 1}", "pdf/letter.pdf", pg) for i, pg in enumerate(self.pages)]
        if condition == "scan200":
            return [
                (f"p{i + 1}", f"scan200/page-{i + 1:02d}.jpg", pg)
                for i, pg in enumerate(self._scan_pages())
            ]
        if condition == "fax":
            names = (["cover"] if self.cover else []) + [
                f"p{i + 1}" for i in range(len(self.pages))
            ]
            return [
                (n, f"fax/page-{i + 1:02d}.tif", pg)
                for i, (n, pg) in enumerate(zip(names, self._fax_pages(), strict=True))
            ]
        raise ValueError(condition)

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.handwritten else ["pdf", "scan200", "fax"]

    def truth(self) -> dict[str, Any]:
        conds: dict[str, Any] = {}
        for c in self.conditions():
            pages = []
            for i, (name, file, pg) in enumerate(self.condition_pages(c)):
                entry: dict[str, Any] = {"page": name, "file": file}
                if c == "pdf":
                    entry["pdf_page"] = i + 1
                entry["text"] = pg.text
                pages.append(entry)
            conds[c] = {"pages": pages}
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.layout,
            "language": self.language,
            "region": self.region,
            "facts": self.facts,
            "register": self.register_info,
            "notes": self.notes,
            "handwritten": self.handwritten,
            "fax": self.fax,
            "conditions": conds,
        }

    def render(self, condition: str) -> dict[str, bytes]:
        base = self.seed * 31 + int(self.id.split("-")[-1])
        if condition == "pdf":
            if self.handwritten:
                raise ValueError("handwritten letters have no pdf condition")
            return {"pdf/letter.pdf": render_pdf(self.pages, self.facts["title"] or self.id)}
        out = {}
        for i, (_, file, pg) in enumerate(self.condition_pages(condition)):
            if condition == "scan200":
                out[file] = render_scan(pg, base * 100 + i)
            else:
                out[file] = render_fax(pg, base * 100 + 50 + i, self.fine)
        return out


# ---------------------------------------------------------------- building


def _pick_patient(
    index: int, rng: random.Random, reg: list[register.Patient], case: str, need: str | None
) -> tuple[register.Patient | None, dict[str, Any]]:
    """The letter's patient: (register patient or None, how the letter spells them)."""
    by_id = {p.id: p for p in reg}
    if need in ("ua", "ru"):
        pool = [p for p in reg if p.origin == need and p.native and p.birth_date < "2006"]
        p = rng.choice(pool)
        sur, giv = p.native.split(" ", 1)
        return p, {
            "sur": sur,
            "giv": giv,
            "case": "native_script",
            "latin_sur": p.surname,
            "latin_giv": p.given_names,
        }
    if case == "outsider":
        sur, giv, sex = OUTSIDERS[index % len(OUTSIDERS)]
        start = dt.date(1935, 1, 1).toordinal()
        birth = dt.date.fromordinal(rng.randint(start, start + 65 * 365))
        return None, {
            "sur": sur,
            "giv": giv,
            "case": case,
            "sex": sex,
            "birth": birth,
            "street": "Lindenallee 4",
            "pc": "16225",
            "city": "Eberswalde",
        }
    if case == "same_name_same_birth":
        p = by_id[rng.choice(["300101", "300102"])]
        return p, {"sur": p.surname, "giv": p.given_names, "case": case, "show_addr": True}
    if case == "name_change_old":
        p = by_id["300121"]
        return p, {"sur": "Lehmann", "giv": p.given_names, "case": case}
    if case == "umlaut_translit":
        p = by_id["300131"]
        return p, {"sur": "Mueller", "giv": "Juergen", "case": case}
    if case == "twin":
        p = by_id[rng.choice(["300111", "300112"])]
        return p, {"sur": p.surname, "giv": p.given_names, "case": case}
    if case == "same_name":
        p = by_id[rng.choice(["300141", "300142", "300143"])]
        return p, {"sur": p.surname, "giv": p.given_names, "case": case}
    plain = [p for p in reg if not p.collision and not p.native and p.birth_date < "2006"]
    p = rng.choice(plain)
    return p, {"sur": p.surname, "giv": p.given_names, "case": "plain"}


def _fax_header(style: str, when: dt.datetime, number: str, name: str, n: int, t: int) -> str:
    if style == "de":
        return f"{when:%d.%m.%Y %H:%M}  Fax: {number}  {name[:34]}  S. {n}/{t}"
    if style == "us":
        return f"{when:%b %d %Y %I:%M%p}  FROM: {number}  PAGE {n}/{t}".upper()
    return f"{when:%Y-%m-%d %H:%M}  FROM {number}  {name[:30]}  P.{n:03d}/{t:03d}"


def _cover(c: Ctx, lt: dict[str, Any], sent: dt.datetime, total: int) -> Page:
    b = Builder(top=18, font="arial")
    en = lt["language"] not in ("de",)
    if en:
        b.add("FAX TRANSMISSION", 18, "arialb").gap(6)
        b.add(f"To: {c.pr.name}").add(f"Fax: +49 {c.pr.fax[1:]}")
        b.add(f"From: {lt['sender']}").add(f"Fax: {lt['fax_no']}")
        b.add(f"Date: {sent:%d %b %Y}").add(f"Pages (including this cover): {total}")
        b.gap(5).add("Re: medical report for your patient")
        b.gap(10).add("CONFIDENTIAL: this message is intended only for the addressee.", 8)
        b.add("If you have received it in error, please notify the sender by telephone.", 8)
    else:
        b.add("Telefax", 20, "arialb").gap(6)
        b.add(f"An: {c.pr.name}").add(f"z. Hd. {c.pr.doctor}").add(f"Fax-Nr.: {c.pr.fax}")
        b.gap(3).add(f"Von: {lt['sender']}").add(f"Fax-Nr.: {lt['fax_no']}")
        b.gap(3).add(f"Datum: {sent:%d.%m.%Y}").add(f"Seiten inkl. Deckblatt: {total}")
        b.gap(5).add("Betreff: Befundübermittlung")
        b.gap(5).add(
            c.rng.choice(
                ["Mit der Bitte um Kenntnisnahme.", "Eilt! Bitte Rückruf.", "Zur Weiterbehandlung."]
            )
        )
        b.gap(12).add("Vertraulich: Dieses Fax enthält Sozialdaten und unterliegt der", 8)
        b.add("ärztlichen Schweigepflicht. Falls Sie nicht der Empfänger sind, informieren", 8)
        b.add("Sie uns bitte umgehend und vernichten Sie die Unterlagen.", 8)
    return b.page


def _build(
    index: int,
    split_name: str,
    seed: int,
    reg: list[register.Patient],
    order: list[str],
    pending: list[str],
) -> Letter:
    rng = random.Random(seed * 1000 + index)
    layout_name = order[index % len(order)]
    layout = LAYOUTS[layout_name]
    need = layout.need
    case = "plain"
    if pending and not need and (layout.dob or pending[0] == "outsider"):
        ok = not layout.handwritten or pending[0] == "outsider"
        if pending[0] == "same_name_same_birth" and layout_name not in ADDR_LAYOUTS:
            ok = False
        if ok:
            case = pending.pop(0)
    reg_p, spell = _pick_patient(index // 11, rng, reg, case, need)
    practice = PRACTICES[rng.randrange(3)]
    letter_date = dt.date(2025, 1, 8) + dt.timedelta(days=rng.randrange(320))
    c = Ctx(rng=rng, reg=reg_p, spell=spell, pr=practice, date=letter_date)
    lt = layout.fn(c)
    lid = f"{split_name}-{index + 1:03d}"

    # fax: sent one or more days after the letter
    fd = (lt["letter_date"] or letter_date) + dt.timedelta(days=rng.randint(1, 4))
    sent = dt.datetime(fd.year, fd.month, fd.day, rng.randint(7, 18), rng.randrange(60))
    cover_needed = index % 3 == 0
    pages: list[Page] = lt["pages"]
    cover = None
    total = len(pages) + (1 if cover_needed else 0)
    if cover_needed:
        cover = _cover(c, lt, sent, total)
    hstyle = lt.get("fax_style", "de")
    headers = [
        _fax_header(hstyle, sent, lt["fax_no"], lt["sender"], n + 1, total) for n in range(total)
    ]
    stamp = None
    other_dates = list(c.other_dates)
    if not lt.get("handwritten") and rng.random() < 0.4:
        rd = (lt["letter_date"] or letter_date) + dt.timedelta(days=rng.randint(2, 6))
        stamp = ["EINGEGANGEN", c.f(rd, "stamp", "DE")]
        other_dates.append({"date": rd.isoformat(), "role": "receipt_stamp (scan only)"})

    p_fact: dict[str, Any] | None
    full_as_letter = f"{spell['giv']} {spell['sur']}"
    if reg_p is not None:
        p_fact = {
            "full_name": reg_p.full_name,
            "surname": reg_p.surname,
            "given_names": reg_p.given_names,
            "as_written": c.as_written,
            "full_name_as_letter": full_as_letter,
            "register_id": reg_p.id,
        }
        reg_info: dict[str, Any] | None = {
            "id": reg_p.id,
            "collision": reg_p.collision,
            "collision_group": reg_p.collision_group,
        }
    else:
        p_fact = {
            "full_name": full_as_letter,
            "surname": spell["sur"],
            "given_names": spell["giv"],
            "as_written": c.as_written,
            "full_name_as_letter": full_as_letter,
            "register_id": None,
        }
        reg_info = None
    facts = {
        "patient": p_fact,
        "birth_date": c.birth.isoformat() if c.birth_printed else None,
        "letter_date": lt["letter_date"].isoformat() if lt["letter_date"] else None,
        "sender": lt["sender"],
        "sender_alternatives": lt["sender_alts"],
        "title": lt["title"],
        "title_alternatives": lt.get("title_alts", []),
        "patient_id": reg_p.id if (reg_p is not None and c.id_printed) else None,
        "other_dates": other_dates,
        "other_people": c.people,
    }
    notes = list(lt.get("notes", [])) + list(spell.get("notes", []))
    notes.append(f"patient case: {spell['case']}")
    if spell["case"] == "name_change_old":
        notes.append(
            "letter uses the patient's former surname; another register patient now "
            "carries it (different birth date)"
        )
    if spell["case"] == "umlaut_translit":
        notes.append(
            "sender's system writes ue for ü; the register also holds a different 'Juergen Mueller'"
        )
    if spell["case"] == "native_script":
        notes.append(f"register spells the name {spell['latin_giv']} {spell['latin_sur']}")
    if spell["case"] == "outsider":
        notes.append("patient not in the register")
    return Letter(
        id=lid,
        split=split_name,
        seed=seed,
        layout=layout_name,
        language=lt["language"],
        region=lt["region"],
        facts=facts,
        register_info=reg_info,
        notes=notes,
        handwritten=bool(lt.get("handwritten")),
        fax={
            "sent": f"{sent:%Y-%m-%dT%H:%M}",
            "cover_sheet": cover_needed,
            "number": lt["fax_no"],
            "resolution": "204x196" if index % 4 else "204x98",
        },
        pages=pages,
        cover=cover,
        stamp=stamp,
        fax_headers=headers,
        printed_dates=c.printed,
        fine=bool(index % 4),
    )


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    reg = register.build()
    names = sorted(LAYOUTS)
    order = list(names)
    random.Random(seed).shuffle(order)
    pending: list[str] = []
    out = []
    for i in range(count):
        if i % 6 == 2:
            pending.append(COLLISION_CASES[(i // 6) % len(COLLISION_CASES)])
        if i % 11 == 6:
            pending.append("outsider")
        out.append(_build(i, split_name, seed, reg, order, pending))
    return out


def split(name: str) -> list[Letter]:
    if name not in SEEDS:
        raise ValueError(f"unknown split {name!r} (test, examples)")
    return generate(SIZES[name], SEEDS[name], name)


def practice_names() -> list[dict[str, Any]]:
    return [
        {
            "name": p.name,
            "names": p.names,
            "doctor": p.doctor,
            "address": f"{p.street}, {p.city}",
            "fax": p.fax,
            "kind": p.kind,
        }
        for p in PRACTICES
    ]


__all__ = ["FONTS", "PRACTICES", "Letter", "fmt", "generate", "practice_names", "split"]
