"""The letters of the third blind facts set: `split("test")`, `split("examples")`, `generate`.

Each letter is drawn once (a `Doc`) and given out as a born-digital PDF (not for a letter
written by hand), a grey 200 dpi scan and a G4 fax, with its truth: the facts a clerk filing
it would record, and each page's clean transcription.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import Any

import pymupdf

from . import register
from .common import LP, MONTHS_EN, Built, Case, address, d_de, d_gb, d_us, transliterate
from .layouts_de import CHILD_LAYOUTS, LAYOUTS_DE
from .layouts_en import LAYOUTS_EN
from .page import Doc, fax_pages, scan_pages, to_pdf

TEST_SEED = 50_301
EXAMPLES_SEED = 50_302
SPLITS = {"test": (TEST_SEED, 40), "examples": (EXAMPLES_SEED, 5)}
LAYOUTS = {**LAYOUTS_DE, **LAYOUTS_EN}
CONDITIONS = ("pdf", "scan200", "fax")
# Letters about older people: a nursing home, home care, a cancer referral for the over-50s.
OLDEST_LAYOUTS = {
    "de_pflegeheim_handschrift": 1950,
    "ch_spitex_pflegebericht": 1955,
    "gb_2ww_referral_form": 1974,
    "de_reha_arztbrief": 1980,
}


@lru_cache(maxsize=1)
def _register() -> tuple[register.Patient, ...]:
    return tuple(register.build())


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    index: int
    layout: str
    built: Built
    lp: LP
    collision_variant: str
    fax_sent: datetime
    cover: Doc | None
    fax_headers: list[str]
    _cover_people: list[dict[str, str]] = field(default_factory=list)

    # --- truth ----------------------------------------------------------------------------
    def truth(self) -> dict[str, Any]:
        b, lp = self.built, self.lp
        rec = lp.rec
        patient = {
            "full_name": rec.full_name if rec else lp.full,
            "surname": rec.surname if rec else lp.surname,
            "given_names": rec.given_names if rec else lp.given,
            "as_written": b.as_written,
            "full_name_as_letter": lp.full,
            "register_id": rec.id if rec else None,
        }
        notes = list(b.notes)
        if self.collision_variant:
            notes.append(self.collision_variant)
        doc: Doc = b.doc  # type: ignore[assignment]
        conditions: dict[str, Any] = {}
        if not b.handwritten:
            conditions["pdf"] = {
                "pages": [
                    {
                        "page": f"p{i + 1}",
                        "file": "pdf/letter.pdf",
                        "pdf_page": i + 1,
                        "text": p.text,
                    }
                    for i, p in enumerate(doc.pages)
                ]
            }
        conditions["scan200"] = {
            "pages": [
                {"page": f"p{i + 1}", "file": f"scan200/page-{i + 1:02d}.jpg", "text": p.text}
                for i, p in enumerate(doc.pages)
            ]
        }
        fax_pages_truth = []
        sources = ([("cover", self.cover.pages[0].text)] if self.cover else []) + [
            (f"p{i + 1}", p.text) for i, p in enumerate(doc.pages)
        ]
        for n, (name, text) in enumerate(sources):
            fax_pages_truth.append(
                {
                    "page": name,
                    "file": f"fax/page-{n + 1:02d}.tif",
                    "text": self.fax_headers[n] + "\n" + text,
                }
            )
        conditions["fax"] = {"pages": fax_pages_truth}
        other_dates = [
            *b.other_dates,
            {"date": self.fax_sent.date().isoformat(), "role": "fax transmission (header line)"},
        ]
        other_people = list(b.other_people)
        if self.cover:
            other_dates.append(
                {"date": self.fax_sent.date().isoformat(), "role": "fax cover sheet date"}
            )
            other_people.extend(self._cover_people)
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.layout,
            "language": b.language,
            "region": b.region,
            "facts": {
                "patient": patient,
                "birth_date": lp.birth.isoformat() if b.birth_date_written else None,
                "letter_date": b.letter_date.isoformat() if b.letter_date else None,
                "sender": b.sender,
                "sender_alternatives": b.sender_alternatives,
                "title": b.title,
                "title_alternatives": b.title_alternatives if b.title else [],
                "patient_id": b.patient_id,
                "other_dates": other_dates,
                "other_people": other_people,
            },
            "register": (
                {
                    "id": rec.id,
                    "collision": rec.collision or None,
                    "collision_group": rec.collision_group or None,
                }
                if rec
                else None
            ),
            "notes": notes,
            "fax": {
                "sent": self.fax_sent.strftime("%Y-%m-%dT%H:%M"),
                "cover_sheet": self.cover is not None,
            },
            "conditions": conditions,
        }

    # --- files ----------------------------------------------------------------------------
    def render(self, condition: str) -> dict[str, bytes]:
        doc: Doc = self.built.doc  # type: ignore[assignment]
        pdf = to_pdf(doc)
        seed = self.seed * 1000 + self.index
        if condition == "pdf":
            if self.built.handwritten:
                raise ValueError(f"{self.id} is written by hand: no pdf condition")
            return {"pdf/letter.pdf": pdf}
        if condition == "scan200":
            return {f"scan200/page-{i + 1:02d}.jpg": b for i, b in enumerate(scan_pages(pdf, seed))}
        if condition == "fax":
            if self.cover:
                merged = pymupdf.open(stream=to_pdf(self.cover), filetype="pdf")
                with pymupdf.open(stream=pdf, filetype="pdf") as body:
                    merged.insert_pdf(body)
                pdf = merged.tobytes()
                merged.close()
            pages = fax_pages(pdf, self.fax_headers, seed)
            return {f"fax/page-{i + 1:02d}.tif": b for i, b in enumerate(pages)}
        raise ValueError(f"unknown condition {condition!r}")

    @property
    def conditions(self) -> list[str]:
        return [c for c in CONDITIONS if not (c == "pdf" and self.built.handwritten)]


# --- the patient a letter is about -----------------------------------------------------------

LANG_COUNTRIES = {"de": ("DE", "AT", "CH"), "en": ("GB", "US", "IE", "AU"), "nl": ("NL",)}


def _pick_patient(
    rng: random.Random, kind: str, layout: str, region: str, used: set[str]
) -> tuple[LP, str]:
    """A register patient of that collision kind (or someone not in the register)."""
    # A French letter is about a patient from the German-speaking register (a border region).
    lang = "de" if region in ("DE", "AT", "CH", "FR") else ("nl" if region == "NL" else "en")
    child = layout in CHILD_LAYOUTS
    latest = OLDEST_LAYOUTS.get(layout, 2006)  # the latest birth year that fits the letter
    if kind == "absent":

        def fits(p: register.Patient) -> bool:
            home = p.country == region or (region == "FR" and p.country in ("DE", "CH"))
            return home and (p.birth_date.year >= 2010 if child else p.birth_date.year <= latest)

        p = register._person(random.Random(rng.randrange(1 << 30)))
        while not fits(p):
            p = register._person(random.Random(rng.randrange(1 << 30)))
        lp = LP(
            None,
            p.given_names,
            p.surname,
            p.title,
            p.sex,
            p.birth_date,
            p.street,
            p.postcode,
            p.city,
            p.country,
        )
        return lp, "patient not in the register"
    pool = [
        p
        for p in _register()
        if p.id not in used
        and p.country in LANG_COUNTRIES[lang]
        and (p.collision == ("" if kind == "plain" else kind))
        and (not child or p.birth_date.year >= 2010)
        and (child or p.birth_date.year <= latest)
    ]
    same = [p for p in pool if p.country == region]
    if kind == "umlaut_spelling":
        same = [p for p in (same or pool) if p.surname != transliterate(p.surname)] or same
    if kind == "name_change" and child:
        pool = []
    if not pool:
        return _pick_patient(rng, "plain", layout, region, used)
    rec = rng.choice(same or pool)
    used.add(rec.id)
    given = rec.given_names
    if len(given.split()) > 1 and rng.random() < 0.35:
        given = given.split()[0]
    surname, variant = rec.surname, ""
    if kind == "name_change" and rng.random() < 0.5:
        surname, variant = (
            rec.birth_name,
            "the letter uses the patient's birth name; the register holds the married name",
        )
    elif kind == "umlaut_spelling" and surname != transliterate(surname) and rng.random() < 0.6:
        surname, variant = (
            transliterate(surname),
            "the letter writes the surname's umlaut transliterated",
        )
    if given != rec.given_names:
        variant = (variant + "; " if variant else "") + "only the first given name is written"
    street, postcode, city = rec.street, rec.postcode, rec.city
    lp = LP(
        rec, given, surname, rec.title, rec.sex, rec.birth_date, street, postcode, city, rec.country
    )
    return lp, variant


# --- the fax ---------------------------------------------------------------------------------


def _fax_header(b: Built, sent: datetime, page: int, pages: int, style: int, to: str) -> str:
    """The line the sending machine prints on top of each page."""
    stamp_de = sent.strftime("%d.%m.%Y %H:%M")
    stamp_us = sent.strftime("%m/%d/%Y %H:%M")
    if b.region in ("DE", "AT", "CH", "NL") and style != 2:
        return f"{stamp_de}   {b.fax_number}   {b.fax_name[:32]}   S. {page:02d}/{pages:02d}"
    if b.region == "US" or style == 2:
        name = b.fax_name[:28].upper()
        return f"{stamp_us}  FAX {b.fax_number}  {name}  PAGE {page:03d}/{pages:03d}"
    mon = MONTHS_EN[sent.month - 1][:3].upper()
    when = f"{mon}-{sent.day:02d}-{sent.year} {sent.strftime('%H:%M')}"
    return f"{when}  FROM: {b.fax_number}  TO: {to}  P.{page}/{pages}"


def _cover(
    rng: random.Random, b: Built, lp: LP, sent: datetime, pages: int
) -> tuple[Doc, list[dict[str, str]]]:
    de = b.language == "de"
    doc = Doc(font="arial", size=11)
    doc.at(25, 30, "Telefax" if de else "FAX", font="arial-b", size=26)
    doc.at(25, 37, "Deckblatt" if de else "Cover sheet", size=11)
    recipient = rng.choice(
        ["Praxis Dr. med. Weber", "Hausarztpraxis am Rathaus", "Gemeinschaftspraxis Lindenhof"]
        if de
        else ["Dr Patel's surgery", "Front desk – Dr Chen", "Medical Records"]
    )
    sender_name = (
        rng.choice([b.sender, ("Sekretariat " if de else "Office of ") + b.sender])
        if b.sender
        else "?"
    )
    date_text = (
        d_de(sent.date()) if de else (d_us(sent.date()) if b.region == "US" else d_gb(sent.date()))
    )
    mention = rng.random() < 0.5
    subj = (
        (f"Befund Pat. {lp.surname}" if de else f"Re: your patient {lp.surname.upper()}")
        if mention
        else ("Befund / Bericht" if de else "Clinical correspondence")
    )
    rows = [
        ("An:" if de else "To:", recipient),
        ("Von:" if de else "From:", sender_name),
        ("Fax:", b.fax_number),
        ("Datum:" if de else "Date:", date_text),
        (
            "Seiten:" if de else "Pages:",
            f"{pages} {'(inkl. Deckblatt)' if de else '(including cover)'}",
        ),
        ("Betreff:" if de else "Re:", subj),
    ]
    doc.y = 50
    for a, v in rows:
        doc.row([(25, a), (60, v)], fonts=["arial-b", "arial"], lead=9)
    doc.gap(14)
    doc.para(
        "Diese Nachricht enthält vertrauliche medizinische Informationen. Sollten Sie nicht der "
        "richtige Empfänger sein, informieren Sie uns bitte sofort telefonisch und vernichten Sie "
        "die Unterlagen."
        if de
        else "CONFIDENTIAL: This fax contains protected health information. If you have received "
        "it in error, please notify the sender immediately and destroy all copies.",
        size=9.5,
    )
    people = [{"name": recipient, "role": "fax cover sheet recipient"}]
    return doc, people


# --- splits ----------------------------------------------------------------------------------


def _plan(rng: random.Random, count: int) -> list[tuple[str, str]]:
    """(layout, collision kind) per letter: every layout appears, about half German."""
    de = list(LAYOUTS_DE)
    en = list(LAYOUTS_EN)
    n_de = (count + 1) // 2
    n_en = count - n_de
    english = [k for k in en if not k.startswith(("nl_", "fr_"))]

    def spread(first: list[str], more: list[str], n: int) -> list[str]:
        if n < len(first):
            return rng.sample(first, n)
        extra: list[str] = []
        while len(extra) < n - len(first):
            extra += rng.sample(more, len(more))
        return first + extra[: n - len(first)]

    de_slots = spread(de, de, n_de)
    en_slots = spread(en, english, n_en)
    layouts = de_slots + en_slots
    rng.shuffle(layouts)
    share = max(1, round(count * 0.5))
    kinds_de = ["umlaut_spelling", "same_name_same_birth", "twin", "name_change"]
    kinds_en = ["same_name_same_birth", "twin", "name_change"]
    seen_de = seen_en = 0
    plan = []
    for i, layout in enumerate(layouts):
        german = layout in LAYOUTS_DE
        if i < share and german:
            kind, seen_de = kinds_de[seen_de % len(kinds_de)], seen_de + 1
        elif i < share:
            kind, seen_en = kinds_en[seen_en % len(kinds_en)], seen_en + 1
        elif i < share + max(1, count // 13):
            kind = "absent"
        else:
            kind = "plain"
        plan.append((layout, kind))
    rng.shuffle(plan)
    return plan


def generate(count: int, seed: int, split_name: str = "generated") -> list[Letter]:
    rng = random.Random(seed)
    used: set[str] = set()
    letters = []
    for i, (layout, kind) in enumerate(_plan(rng, count)):
        lr = random.Random(seed * 10_007 + i)
        fn, regions = LAYOUTS[layout]
        region = lr.choice(regions)
        lp, variant = _pick_patient(lr, kind, layout, region, used)
        start = date(2024, 2, 1)
        letter_date = start + timedelta(days=lr.randrange(660))
        while letter_date.weekday() == 6:
            letter_date += timedelta(days=1)
        built = fn(Case(lr, lp, letter_date, region))
        doc: Doc = built.doc  # type: ignore[assignment]
        sent = datetime.combine(letter_date, datetime.min.time()) + timedelta(
            days=lr.choice([0, 0, 0, 1, 1, 2, 3]),
            hours=lr.randint(7, 17),
            minutes=lr.randint(0, 59),
        )
        if built.handwritten:
            sent = datetime.combine(letter_date, datetime.min.time()) + timedelta(
                hours=lr.randint(8, 16), minutes=lr.randint(0, 59)
            )
        with_cover = i % 3 == 0  # a third of the faxes (the plan is shuffled)
        pages = len(doc.pages) + (1 if with_cover else 0)
        to = f"0{lr.randint(1000, 9999)} {lr.randint(100000, 999999)}"
        style = lr.randrange(4)
        headers = [_fax_header(built, sent, n + 1, pages, style, to) for n in range(pages)]
        cover, cover_people = (None, [])
        if with_cover:
            cover, cover_people = _cover(lr, built, lp, sent, pages)
        letter = Letter(
            f"{split_name}-{i + 1:03d}",
            split_name,
            seed,
            i,
            layout,
            built,
            lp,
            variant,
            sent,
            cover,
            headers,
            cover_people,
        )
        letters.append(letter)
    return letters


def split(name: str) -> list[Letter]:
    if name not in SPLITS:
        raise ValueError(
            f"no split {name!r}: only 'test' and 'examples' exist (no dev split, on purpose)"
        )
    seed, count = SPLITS[name]
    return generate(count, seed, name)


__all__ = ["EXAMPLES_SEED", "TEST_SEED", "Letter", "address", "generate", "split"]
