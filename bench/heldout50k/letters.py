"""The held-out letters: split(), generate(), Letter.truth(), Letter.render()."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field

from .common import Line, Page, fmt
from .layouts import LAYOUTS
from .render import fax_tiff, pdf_bytes, scan_jpeg
from .world import PRACTICES, Ctx

SEEDS = {"test": 5090100, "examples": 5090177}
COUNTS = {"test": 40, "examples": 6}
CONDITIONS = ("pdf", "scan200", "fax")


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    index: int
    ctx: Ctx
    fax: dict
    cover: Page | None
    stamp: Line | None
    written: list[tuple[str, str, str, str]] = field(default_factory=list)

    # -- pages per condition --------------------------------------------------------------
    @property
    def pages(self) -> list[Page]:
        return self.ctx.doc.pages

    def conditions(self) -> list[str]:
        return [c for c in CONDITIONS if not (c == "pdf" and self.ctx.no_pdf)]

    def condition_pages(self, condition: str) -> list[tuple[str, str, Page]]:
        """(page name, file, page as drawn) for a condition."""
        if condition == "pdf":
            if self.ctx.no_pdf:
                raise ValueError("this letter has no pdf condition")
            return [(f"p{i + 1}", "pdf/letter.pdf", p) for i, p in enumerate(self.pages)]
        if condition == "scan200":
            out = []
            for i, p in enumerate(self.pages):
                pg = p
                if i == 0 and self.stamp is not None:
                    pg = Page([self.stamp, *p.lines], list(p.rules))
                out.append((f"p{i + 1}", f"scan200/page-{i + 1:02d}.jpg", pg))
            return out
        if condition == "fax":
            seq: list[tuple[str, Page]] = []
            if self.cover is not None:
                seq.append(("cover", self.cover))
            seq += [(f"p{i + 1}", p) for i, p in enumerate(self.pages)]
            total = len(seq)
            out = []
            for n, (name, p) in enumerate(seq, start=1):
                head = Line(self._fax_header(n, total), 8.0, 5.0, "mono", 7.5)
                out.append((name, f"fax/page-{n:02d}.tif", Page([head, *p.lines], list(p.rules))))
            return out
        raise ValueError(condition)

    def _fax_header(self, n: int, total: int) -> str:
        sent = dt.datetime.fromisoformat(self.fax["sent"])
        region = self.ctx.region
        if region == "US":
            stamp = sent.strftime("%m/%d/%Y %I:%M%p")
            page = f"P.{n}/{total}"
        elif region in {"UK", "IE", "ES"}:
            stamp = sent.strftime("%d/%m/%Y %H:%M")
            page = f"P.{n}/{total}"
        elif region in {"CZ", "SK", "PL", "HU"}:
            stamp = sent.strftime("%d-%m-%Y %H:%M")
            page = f"Str. {n}/{total}"
        else:
            stamp = sent.strftime("%d.%m.%Y %H:%M")
            page = f"S. {n}/{total}"
        return f"{stamp}   FAX {self.ctx.fax_number}   {self.ctx.sender_short:<22} {page}"

    # -- truth ------------------------------------------------------------------------------
    def truth(self) -> dict:
        c = self.ctx
        p = c.pat
        patient = None
        reg = None
        if p is not None:
            rid = getattr(p, "id", None)
            patient = {
                "full_name": p.full_name,
                "surname": p.surname,
                "given_names": p.given_names,
                "as_written": c.as_written,
                "full_name_as_letter": c.name_as_letter,
                "register_id": rid,
            }
            if rid is not None:
                reg = {"id": rid, "collision": p.collision, "collision_group": p.collision_group}
        letter_date = next((iso for role, _t, _c, iso in self.written if role == "letter"), None)
        birth = next((iso for role, _t, _c, iso in self.written if role == "birth"), None)
        conditions = {}
        for cond in self.conditions():
            pages = []
            for name, file, pg in self.condition_pages(cond):
                entry: dict = {"page": name, "file": file}
                if cond == "pdf":
                    entry["pdf_page"] = int(name[1:])
                entry["text"] = pg.text()
                pages.append(entry)
            conditions[cond] = {"pages": pages}
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": c.layout,
            "language": c.language,
            "region": c.region,
            "facts": {
                "patient": patient,
                "birth_date": birth,
                "letter_date": letter_date,
                "sender": c.sender,
                "sender_alternatives": list(c.sender_alts),
                "title": c.title,
                "title_alternatives": list(c.title_alts) if c.title else [],
                "patient_id": c.patient_id,
                "other_dates": sorted(c.other_dates, key=lambda o: (o["date"], o["role"])),
                "other_people": list(c.other_people),
            },
            "register": reg,
            "notes": list(c.notes),
            "handwritten": c.handwritten,
            "receiving_practice": c.practice["name"],
            "fax": dict(self.fax),
            "conditions": conditions,
        }

    # -- files ------------------------------------------------------------------------------
    def render(self, condition: str) -> dict[str, bytes]:
        pages = self.condition_pages(condition)
        if condition == "pdf":
            return {"pdf/letter.pdf": pdf_bytes([p for _n, _f, p in pages], self.id)}
        out = {}
        for k, (_name, file, pg) in enumerate(pages):
            seed = self.seed * 131 + self.index * 17 + k
            if condition == "scan200":
                out[file] = scan_jpeg(pg, seed)
            else:
                out[file] = fax_tiff(pg, seed, self.fax["resolution"] == "fine")
        return out


def _cover(c: Ctx, sent: dt.datetime, total: int) -> Page:
    pr = c.practice
    lines: list[Line] = []
    y = 30.0

    def add(text: str, size: float = 11, font: str = "sans", gap: float = 8) -> None:
        nonlocal y
        y += gap
        lines.append(Line(text, 25, y, font, size))

    en = c.region in {"UK", "IE", "US", "ES", "HU", "SK", "PL"}
    cs = c.region == "CZ"
    if cs:
        add("FAX – průvodní list", 20, "sansb", 0)
        add(f"Pro / An: {pr['name']}", gap=14)
        add(f"Fax: {pr['fax']}")
        add(f"Od / Von: {c.sender}")
        add(f"Fax: {c.fax_number}")
        add(f"Počet stran vč. titulní / Seiten: {total}")
        add("Věc: lékařská zpráva")
        add("Důvěrné – určeno pouze adresátovi.", 9, gap=16)
    elif en:
        add("FAX", 24, "sansb", 0)
        add(f"To: {pr['name']}", gap=14)
        add(f"Fax no.: {pr['fax']}")
        add(f"From: {c.sender}")
        add(f"Fax no.: {c.fax_number}")
        d = sent.date()
        add(f"Date: {fmt(d, 'us_long') if c.region == 'US' else fmt(d, 'en_long')}")
        add(f"Pages (including cover): {total}")
        add("Re: medical report")
        add("CONFIDENTIAL: this fax is intended only for the addressee.", 9, gap=16)
    else:
        add("TELEFAX", 24, "sansb", 0)
        add(f"An: {pr['name']}", gap=14)
        add(f"Faxnummer: {pr['fax']}")
        add(f"Von: {c.sender}")
        add(f"Faxnummer: {c.fax_number}")
        add(f"Datum: {fmt(sent.date(), 'de_num')}")
        add(f"Seiten inkl. Deckblatt: {total}")
        add("Betreff: Patientenunterlagen")
        add(
            "Vertraulich! Falls Sie dieses Fax irrtümlich erhalten haben, benachrichtigen Sie "
            "uns bitte.",
            8,
            gap=16,
        )
    return Page(lines)


def _deck(seed: int) -> list[str]:
    from .register import FIXED, OUTSIDERS

    rng = random.Random(seed + 1)
    keys = [row[0] for row in FIXED] + [f"out:{k}" for k in OUTSIDERS]
    deck: list[str] = []
    for _ in range(4):
        block = keys[:]
        rng.shuffle(block)
        deck += block
    return deck


def _make(index: int, seed: int, layout: str, split: str, ident: str, deck: list[str]) -> Letter:
    rng = random.Random(seed * 1000 + index)
    practice = PRACTICES[rng.randrange(len(PRACTICES))]
    base = dt.date(2024, 1, 8) + dt.timedelta(days=rng.randint(0, 600))
    c = Ctx(rng=rng, practice=practice, layout=layout, deck=deck)
    c.letter_date = base
    LAYOUTS[layout](c)
    sent_day = (c.letter_date or base) + dt.timedelta(days=rng.randint(1, 6))
    sent = dt.datetime.combine(
        sent_day, dt.time(rng.randint(7, 18), rng.choice([2, 17, 35, 48, 56]))
    )
    cover_sheet = index % 3 == 0
    total = len(c.doc.pages) + (1 if cover_sheet else 0)
    fax = {
        "sent": sent.strftime("%Y-%m-%dT%H:%M"),
        "cover_sheet": cover_sheet,
        "number": c.fax_number,
        "resolution": "fine" if rng.random() < 0.6 else "standard",
        "dpi": None,
        "pages": total,
    }
    fax["dpi"] = [204, 196] if fax["resolution"] == "fine" else [204, 98]
    cover = _cover(c, sent, total) if cover_sheet else None
    stamp = None
    if rng.random() < 0.35:
        recv = sent_day + dt.timedelta(days=rng.randint(0, 2))
        text = f"EINGANG {fmt(recv, 'de_num')}"
        stamp = Line(text, 188, 11.0, "sansb", 9, "r")
        c.other_dates.append({"date": recv.isoformat(), "role": "receipt_stamp"})
        c.notes.append("scan only: the practice's receipt stamp on page 1")
    return Letter(ident, split, seed, index, c, fax, cover, stamp, list(c.written))


def _order(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    names = sorted(LAYOUTS)
    order: list[str] = []
    while len(order) < count:
        block = names[:]
        rng.shuffle(block)
        order += block
    return order[:count]


def generate(count: int, seed: int, split: str = "generated") -> list[Letter]:
    deck = _deck(seed)
    return [
        _make(i, seed, name, split, f"{split}-{i + 1:03d}", deck)
        for i, name in enumerate(_order(count, seed))
    ]


def split(name: str) -> list[Letter]:
    if name not in SEEDS:
        raise ValueError(f"unknown split {name!r} (test, examples)")
    return generate(COUNTS[name], SEEDS[name], name)
