"""The letters: a world of North-West German GP post, each with its exact truth."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from . import register, world
from .render import Line, fax_tiff, page_text, pdf_bytes, scan_jpeg, width_mm

SEEDS = {"test": 50_901, "examples": 50_177}
COUNTS = {"test": 40, "examples": 6}
BOTTOM = 262.0


def practice_names() -> list[dict[str, Any]]:
    return [dict(p) for p in world.PRACTICES]


def fmt_date(d: date, style: str) -> str:
    m = d.month - 1
    return {
        "de": f"{d.day:02d}.{d.month:02d}.{d.year}",
        "de1": f"{d.day}.{d.month}.{d.year}",
        "de2": f"{d.day:02d}.{d.month:02d}.{d.year % 100:02d}",
        "delong": f"{d.day}. {world.DE_MONTHS[m]} {d.year}",
        "iso": d.isoformat(),
        "nl": f"{d.day} {world.NL_MONTHS[m]} {d.year}",
        "nlnum": f"{d.day:02d}-{d.month:02d}-{d.year}",
        "en": f"{d.day} {world.EN_MONTHS[m]} {d.year}",
        "ennum": f"{d.day:02d}/{d.month:02d}/{d.year}",
        "ru": f"{d.day} {world.RU_MONTHS[m]} {d.year} г.",
        "ua": f"{d.day} {world.UA_MONTHS[m]} {d.year} р.",
    }[style]


class Builder:
    """Pages of positioned lines; a cursor walks down the page."""

    def __init__(self, font: str = "sans", size: float = 10.0, left: float = 25.0) -> None:
        self.pages: list[list[Line]] = [[]]
        self.y = 20.0
        self.font, self.size, self.left = font, size, left
        self.running: list[str] = []
        self.footer: list[str] = []

    def add(
        self,
        text: str,
        x: float | None = None,
        font: str | None = None,
        size: float | None = None,
        align: str = "left",
        dy: float | None = None,
    ) -> None:
        f, s = font or self.font, size or self.size
        if self.y > BOTTOM:
            self.break_page()
        w = width_mm(text, f, s)
        if align == "right":
            xx = 188.0 - w
        elif align == "center":
            xx = 105.0 - w / 2
        else:
            xx = self.left if x is None else x
        self.pages[-1].append(Line(round(xx, 2), round(self.y, 2), text, f, s))
        self.y += dy if dy is not None else s * 0.47

    def gap(self, mm: float = 4.0) -> None:
        self.y += mm

    def para(self, text: str, width: float = 160.0, font: str | None = None) -> None:
        f = font or self.font
        words, cur = text.split(" "), ""
        for w in words:
            t = f"{cur} {w}".strip()
            if width_mm(t, f, self.size) > width and cur:
                self.add(cur, font=f)
                cur = w
            else:
                cur = t
        if cur:
            self.add(cur, font=f)
        self.gap(2.0)

    def break_page(self) -> None:
        self.pages.append([])
        self.y = 18.0
        n = len(self.pages)
        for r in self.running:
            self.add(r.replace("{n}", str(n)), font=self.font, size=8.5)
        self.gap(5)

    def finish(self) -> list[list[Line]]:
        total = len(self.pages)
        out = []
        for page in self.pages:
            lines = [
                Line(ln.x, ln.y, ln.text.replace("{t}", str(total)), ln.font, ln.size)
                for ln in page
            ]
            y = 284.0
            for f in self.footer:
                w = width_mm(f, "sans", 7)
                lines.append(Line(round(105 - w / 2, 2), y, f, "sans", 7))
                y += 3.5
            out.append(lines)
        return out


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    layout: str
    language: str
    region: str
    pages: list[list[Line]]
    facts: dict[str, Any]
    reg: dict[str, Any] | None
    notes: list[str]
    handwritten: bool
    fax: dict[str, Any]
    cover: list[Line] | None
    stamp: list[Line] | None
    practice: int
    printed_dates: list[tuple[str, str, str]] = field(default_factory=list)

    def conditions(self) -> list[str]:
        return (["pdf"] if not self.handwritten else []) + ["scan200", "fax"]

    # page lines per condition ------------------------------------------------------
    def scan_pages(self) -> list[list[Line]]:
        out = []
        for i, page in enumerate(self.pages):
            lines = list(page)
            if i == 0 and self.stamp:
                k = next((j for j, ln in enumerate(lines) if ln.y > 270), len(lines))
                lines[k:k] = self.stamp
            out.append(lines)
        return out

    def fax_pages(self) -> list[tuple[str, list[Line]]]:
        pages: list[tuple[str, list[Line]]] = []
        if self.cover:
            pages.append(("cover", self.cover))
        pages += [(f"p{i + 1}", p) for i, p in enumerate(self.pages)]
        total = len(pages)
        out = []
        for n, (name, lines) in enumerate(pages, 1):
            head = self.fax["header"].replace("{n}", str(n)).replace("{t}", str(total))
            out.append((name, [Line(8.0, 6.0, head, "mono", 8.0), *lines]))
        return out

    def render(self, condition: str) -> dict[str, bytes]:
        if condition == "pdf" and not self.handwritten:
            return {"pdf/letter.pdf": pdf_bytes(self.pages)}
        if condition == "scan200":
            return {
                f"scan200/page-{i:02d}.jpg": scan_jpeg(p, self.seed * 31 + i)
                for i, p in enumerate(self.scan_pages(), 1)
            }
        if condition == "fax":
            fine, g4 = self.fax["resolution"] == "204x196", self.fax["compression"] == "group4"
            return {
                f"fax/page-{i:02d}.tif": fax_tiff(p, fine, g4)
                for i, (_n, p) in enumerate(self.fax_pages(), 1)
            }
        raise ValueError(condition)

    def truth(self) -> dict[str, Any]:
        conds: dict[str, Any] = {}
        if not self.handwritten:
            conds["pdf"] = {
                "pages": [
                    {"page": f"p{i}", "file": "pdf/letter.pdf", "pdf_page": i, "text": page_text(p)}
                    for i, p in enumerate(self.pages, 1)
                ]
            }
        conds["scan200"] = {
            "pages": [
                {"page": f"p{i}", "file": f"scan200/page-{i:02d}.jpg", "text": page_text(p)}
                for i, p in enumerate(self.scan_pages(), 1)
            ]
        }
        conds["fax"] = {
            "pages": [
                {"page": n, "file": f"fax/page-{i:02d}.tif", "text": page_text(p)}
                for i, (n, p) in enumerate(self.fax_pages(), 1)
            ]
        }
        fax = {k: self.fax[k] for k in ("sent", "cover_sheet", "number", "resolution")}
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.layout,
            "language": self.language,
            "region": self.region,
            "facts": self.facts,
            "register": self.reg,
            "notes": self.notes,
            "handwritten": self.handwritten,
            "fax": fax,
            "conditions": conds,
            "receiving_practice": world.PRACTICES[self.practice]["name"],
        }


# ---------------------------------------------------------------------------------------
class Ctx:
    """What one letter's generator collects while it writes."""

    def __init__(self, rng: random.Random, lang: str) -> None:
        self.rng, self.lang = rng, lang
        self.printed: list[tuple[str, str, str]] = []
        self.other_dates: list[dict[str, str]] = []
        self.other_people: list[dict[str, str]] = []
        self.notes: list[str] = []

    def d(self, d: date, style: str, role: str | None = None) -> str:
        s = fmt_date(d, style)
        self.printed.append((s, d.isoformat(), style))
        if role and not any(
            o["date"] == d.isoformat() and o["role"] == role for o in self.other_dates
        ):
            self.other_dates.append({"date": d.isoformat(), "role": role})
        return s

    def person(self, name: str, role: str) -> str:
        self.other_people.append({"name": name, "role": role})
        return name


@dataclass
class Pat:
    given: str
    surname: str
    bd: date
    sex: str
    title: str
    rec: register.Patient | None
    letter_given: str = ""
    letter_surname: str = ""


def _pick_patient(rng: random.Random, pats: list[register.Patient], cyr: bool) -> Pat:
    if cyr:
        pool = [p for p in pats if p.surname in world.CYR_SUR and p.given_names in world.CYR_GIVEN]
        if pool and rng.random() < 0.7:
            p = rng.choice(pool)
            return Pat(
                p.given_names,
                p.surname,
                p.birth_date,
                p.sex,
                p.title,
                p,
                world.CYR_GIVEN[p.given_names],
                world.CYR_SUR[p.surname],
            )
        sur, giv = rng.choice(sorted(world.CYR_SUR)), rng.choice(["Olga", "Viktor", "Lydia"])
        bd = date(rng.randint(1940, 2010), rng.randint(1, 12), rng.randint(1, 28))
        return Pat(
            giv,
            sur,
            bd,
            "F" if giv != "Viktor" else "M",
            "",
            None,
            world.CYR_GIVEN[giv],
            world.CYR_SUR[sur],
        )
    r = rng.random()
    if r < 0.13:  # not in the register
        sur = rng.choice(["Boekhoff", "Hoogstraat", "Memmen", "Rahimi", "Sarkis", "Kuipers"])
        giv = rng.choice(["Harm", "Wilma", "Nasrin", "Georg", "Annegret"])
        bd = date(rng.randint(1938, 2015), rng.randint(1, 12), rng.randint(1, 28))
        return Pat(giv, sur, bd, "F" if giv in ("Wilma", "Nasrin", "Annegret") else "M", "", None)
    pool = [p for p in pats if p.collision] if r < 0.45 else [p for p in pats if not p.collision]
    p = rng.choice(pool)
    pt = Pat(p.given_names, p.surname, p.birth_date, p.sex, p.title, p)
    return pt


def _name(ctx: Ctx, pt: Pat, style: str) -> tuple[str, str]:
    """(as written, full_name_as_letter)"""
    sur = pt.letter_surname or pt.surname
    giv = pt.letter_given or pt.given
    if pt.rec and pt.rec.former_names and ctx.rng.random() < 0.6:
        sur = pt.rec.former_names[0]
        ctx.notes.append("the letter uses the patient's former surname")
    title = f"{pt.title} " if pt.title and style in ("std", "title") else ""
    if style == "surfirst":
        return f"{sur}, {giv}", f"{giv} {sur}"
    if style == "caps":
        return f"{sur.upper()}, {giv}", f"{giv} {sur.upper()}"
    if style == "allcaps":
        return f"{giv.upper()} {sur.upper()}", f"{giv.upper()} {sur.upper()}"
    if style == "cyr":
        return f"{sur} {giv}", f"{giv} {sur}"
    return f"{title}{giv} {sur}", f"{giv} {sur}"


def _salut(pt: Pat, lang: str) -> str:
    m = pt.sex == "M"
    return {
        "de": "Herrn" if m else "Frau",
        "nl": "de heer" if m else "mevrouw",
        "en": "Mr" if m else "Mrs",
    }.get(lang, "")


# sender catalogue: (org, alternatives, address line, phone/fax, city) -----------------
HOSP = [
    (
        "Klinikum Bremen-Mitte",
        ["Gesundheit Nord – Klinikum Bremen-Mitte", "Klinikum Bremen"],
        "St.-Jürgen-Straße 1, 28205 Bremen",
        "0421 497-0",
        "0421 497-3310",
        "Bremen",
    ),
    (
        "Klinikum Oldenburg AöR",
        ["Klinikum Oldenburg", "Universitätsklinik für Innere Medizin"],
        "Rahel-Straus-Straße 10, 26133 Oldenburg",
        "0441 403-0",
        "0441 403-2712",
        "Oldenburg",
    ),
    (
        "Klinikum Leer gGmbH",
        ["Klinikum Leer"],
        "Augustenstraße 35-37, 26789 Leer",
        "0491 86-0",
        "0491 86-1109",
        "Leer",
    ),
    (
        "Ubbo-Emmius-Klinik Aurich",
        ["UEK Aurich", "Ubbo-Emmius-Klinik"],
        "Wallinghausener Straße 8, 26603 Aurich",
        "04941 94-0",
        "04941 94-1405",
        "Aurich",
    ),
    (
        "Bonifatius Hospital Lingen",
        ["Bonifatius Hospital", "Bonifatius Hospital Lingen gGmbH"],
        "Wilhelmstraße 13, 49808 Lingen (Ems)",
        "0591 910-0",
        "0591 910-1290",
        "Lingen",
    ),
    (
        "Klinikum Bremerhaven Reinkenheide",
        ["Klinikum Bremerhaven", "Reinkenheide"],
        "Postbrookstraße 103, 27574 Bremerhaven",
        "0471 299-0",
        "0471 299-3280",
        "Bremerhaven",
    ),
    (
        "Ludmillenstift Meppen",
        ["Krankenhaus Ludmillenstift"],
        "Ludmillenstraße 4-6, 49716 Meppen",
        "05931 152-0",
        "05931 152-1199",
        "Meppen",
    ),
]
DEPTS = [
    "Klinik für Innere Medizin und Kardiologie",
    "Klinik für Allgemein- und Viszeralchirurgie",
    "Klinik für Geriatrie",
    "Klinik für Pneumologie",
    "Klinik für Unfallchirurgie und Orthopädie",
]
DOCS_M = [
    "Dr. med. Hajo Eilts",
    "Prof. Dr. med. Arend Poppen",
    "Dr. med. Lars Tönjes",
    "Dr. med. Karim Mansour",
    "Dr. med. Wolter Dijkhuis",
    "Dr. med. Jens Hüsing",
]
DOCS_F = [
    "Dr. med. Birte Kleen",
    "Dr. med. Katharina Ahrens",
    "Dr. med. Meike Janssen-Ott",
    "Dr. med. Olga Reimer",
    "Dr. med. Nele Bohlen",
]
DIAG = [
    "Hypertensive Entgleisung bei bekannter arterieller Hypertonie (I10.91)",
    "Ambulant erworbene Pneumonie rechts basal (J18.9)",
    "NSTEMI, Ein-Gefäß-KHK, PCI RIVA (I21.4)",
    "Exazerbierte COPD GOLD 3 (J44.10)",
    "Cholezystolithiasis, laparoskopische Cholezystektomie (K80.20)",
    "Pertrochantäre Femurfraktur links, PFNA-Osteosynthese (S72.10)",
    "Dekompensierte Herzinsuffizienz NYHA III (I50.14)",
    "Erysipel Unterschenkel links (A46)",
]
MEDS = [
    "Ramipril 5 mg 1-0-0",
    "Bisoprolol 2,5 mg 1-0-0",
    "ASS 100 mg 1-0-0",
    "Atorvastatin 40 mg 0-0-1",
    "Pantoprazol 20 mg 1-0-0",
    "Torasemid 10 mg 1-0-0",
    "Metformin 1000 mg 1-0-1",
    "Apixaban 5 mg 1-0-1",
]


LABS = [
    "Natrium 138 mmol/l, Kalium 3,9 mmol/l, Kreatinin 1,12 mg/dl, eGFR 61 ml/min",
    "CRP 8,4 mg/l (Aufnahme 96,2 mg/l), Leukozyten 8,1 /nl, Hb 11,9 g/dl",
    "NT-proBNP 1840 pg/ml, Troponin T hs 14 ng/l, TSH 1,82 mU/l",
    "GOT 28 U/l, GPT 31 U/l, GGT 45 U/l, Bilirubin 0,7 mg/dl",
    "HbA1c 6,9 %, LDL-Cholesterin 131 mg/dl, Triglyceride 177 mg/dl",
    "INR 1,1, aPTT 29 s, Thrombozyten 244 /nl",
]
COURSE = [
    "Unter der eingeleiteten Therapie kam es zu einer raschen Besserung der Beschwerden. "
    "Die laborchemischen Entzündungsparameter waren rückläufig.",
    "Die Mobilisation gelang zunehmend selbstständig, zuletzt mit Rollator auf Stationsebene. "
    "Eine Anschlussheilbehandlung wurde beantragt.",
    "Echokardiographisch zeigte sich eine leichtgradig eingeschränkte linksventrikuläre "
    "Pumpfunktion ohne relevante Klappenvitien.",
    "Die antibiotische Therapie mit Ampicillin/Sulbactam wurde nach fünf Tagen auf Amoxicillin "
    "oral umgestellt und ist bis einschließlich Tag 7 fortzuführen.",
    "Der Blutzucker war unter Fortführung der oralen Medikation gut eingestellt; eine "
    "Diabetesschulung wird ambulant empfohlen.",
    "Die Wunde ist reizlos, das Nahtmaterial kann ab dem 12. postoperativen Tag hausärztlich "
    "entfernt werden.",
    "Bei Hypokaliämie erfolgte eine orale Substitution; wir bitten um Kontrolle der "
    "Elektrolyte in einer Woche.",
]


def _recipient(b: Builder, pr: int, x: float = 25.0, font: str | None = None) -> None:
    for ln in world.RECIPIENT[pr]:
        b.add(ln, x=x, font=font)


def _sig(b: Builder, ctx: Ctx, greeting: str, n: int = 2) -> list[str]:
    b.gap(3)
    b.add(greeting)
    b.gap(8)
    names = []
    for _ in range(n):
        nm = ctx.rng.choice(DOCS_M + DOCS_F)
        if nm not in names:
            names.append(nm)
    for i, nm in enumerate(names):
        b.add(nm)
        ctx.person(nm, "signing doctor" if i == 0 else "co-signing doctor")
    return names


def k_hospital(ctx: Ctx, pt: Pat, pr: int, ld: date) -> dict[str, Any]:
    rng = ctx.rng
    org, alts, addr, tel, fax, city = rng.choice(HOSP)
    dept = rng.choice(DEPTS)
    b = Builder(font=rng.choice(["sans", "serif", "narrow"]), size=rng.choice([9.5, 10.0, 10.5]))
    head = rng.choice(["left", "right", "center"])
    b.add(org, font=b.font + "b" if b.font != "narrow" else "narrowb", size=14, align=head, dy=6)
    b.add(dept, size=9, align=head)
    b.add(f"{addr} · Tel. {tel} · Fax {fax}", size=7.5, align=head, dy=10)
    b.add(f"{org} · {addr}", size=6.5, dy=4)
    y0 = b.y
    _recipient(b, pr)
    y1 = b.y
    adm = ld - timedelta(days=rng.randint(4, 14))
    dis = ld - timedelta(days=rng.randint(0, 3))
    title = rng.choice(
        ["Entlassungsbericht", "Arztbrief", "Vorläufiger Entlassungsbrief", "Epikrise"]
    )
    date_top = rng.random() < 0.6
    if date_top:
        b.y = y0 + 1.5
        b.add(f"{ctx.d(ld, rng.choice(['de', 'delong']))}", align="right")
        b.add(
            f"Unser Zeichen: {rng.choice(['Kar', 'Chi', 'Ger'])}/{rng.randint(100, 999)}",
            align="right",
            size=8,
        )
    b.y = max(y1, b.y) + 8
    style = rng.choice(["std", "surfirst", "caps", "title"])
    plain = title
    aw, fl = _name(ctx, pt, style)
    bdst = rng.choice(["de", "de1", "de2"])
    if rng.random() < 0.5:
        title = title.upper()
        b.add(title, font="sansb", size=12, dy=8)
        b.add(f"Patient: {aw}, geb. {ctx.d(pt.bd, bdst)}", dy=5)
    else:
        b.add(f"Betr.: {_salut(pt, 'de')} {aw}, * {ctx.d(pt.bd, bdst)}", dy=5)
        b.add(title, font="sansb", size=12, dy=6)
    b.add(
        f"Stationärer Aufenthalt vom {ctx.d(adm, 'de', 'admission')} bis "
        f"{ctx.d(dis, 'de', 'discharge')}",
        dy=7,
    )
    b.running = [f"{fl}, geb. {fmt_date(pt.bd, bdst)} – {title} – Seite {{n}} von {{t}}"]
    ctx.printed.append((fmt_date(pt.bd, bdst), pt.bd.isoformat(), bdst))
    b.add("Sehr geehrte Kollegin, sehr geehrter Kollege,", dy=6)
    whom = "unseres gemeinsamen Patienten" if pt.sex == "M" else "unserer gemeinsamen Patientin"
    b.para(f"wir berichten über den stationären Aufenthalt {whom}.")
    b.add("Diagnosen:", font="sansb")
    for dx in rng.sample(DIAG, rng.randint(2, 4)):
        b.add(f"– {dx}")
    b.gap(3)
    b.add("Verlauf:", font="sansb")
    for text in rng.sample(COURSE, rng.randint(2, 6)):
        b.para(text, 158)
    b.add("Medikation bei Entlassung:", font="sansb")
    for m in rng.sample(MEDS, 4):
        b.add(m)
    if rng.random() < 0.55:
        b.gap(2)
        b.add("Laborwerte bei Entlassung:", font="sansb")
        for row in LABS:
            b.add(row)
        b.gap(2)
        b.add("Procedere:", font="sansb")
        for text in COURSE:
            b.para(text, 158)
    b.gap(2)
    fu = ld + timedelta(days=rng.randint(14, 60))
    b.para(
        f"Wir empfehlen eine Wiedervorstellung in unserer Ambulanz am "
        f"{ctx.d(fu, 'de', 'follow-up')}."
    )
    if not date_top:
        b.add(f"{city}, den {ctx.d(ld, 'de')}")
    _sig(b, ctx, "Mit freundlichen kollegialen Grüßen")
    b.footer = [f"{org} · {addr} · Tel. {tel}"]
    if len(b.pages) > 1:
        ctx.notes.append("two pages with a running header")
    return dict(
        b=b,
        aw=aw,
        fl=fl,
        sender=org,
        alts=[*alts, dept],
        title=title,
        talts=[plain] if title != plain else [title.upper()],
        bd=True,
        fax=fax,
        pid=None,
    )


def k_lab(ctx: Ctx, pt: Pat, pr: int, ld: date) -> dict[str, Any]:
    rng = ctx.rng
    org = rng.choice(
        [
            "MVZ Labor Weser-Ems",
            "Labor Dr. Ihnen & Kollegen",
            "Laborarztpraxis Nordwest Bremerhaven",
        ]
    )
    b = Builder(font="narrow", size=9)
    b.add(org, font="narrowb", size=13, dy=5)
    b.add(
        "Fachärzte für Laboratoriumsmedizin · Mikrobiologie · Transfusionsmedizin", size=7.5, dy=9
    )
    _recipient(b, pr)
    b.gap(6)
    title = rng.choice(["Laborbefund", "Befundbericht Labor", "Endbefund"])
    b.add(title.upper(), font="narrowb", size=12, dy=7)
    aw, fl = _name(ctx, pt, rng.choice(["caps", "surfirst"]))
    b.add(f"Name: {aw}", dy=4.5)
    b.add(f"Geb.-Datum: {ctx.d(pt.bd, 'de')}   Geschlecht: {'m' if pt.sex == 'M' else 'w'}")
    pid = None
    if pt.rec and rng.random() < 0.7:
        pid = pt.rec.id
        b.add(f"Ihre Pat.-Nr.: {pid}")
        ctx.notes.append("the practice's patient id is printed (from the order)")
    coll = ld - timedelta(days=rng.randint(1, 3))
    b.add(f"Auftragsnr.: {rng.randint(2600000, 2699999)}")
    b.add(
        f"Entnahme: {ctx.d(coll, 'de', 'collection')}   Eingang Labor: "
        f"{ctx.d(coll + timedelta(days=1), 'de', 'receipt in laboratory')}"
    )
    b.add(f"Befunddatum: {ctx.d(ld, 'de')}", dy=8)
    b.add("Untersuchung Ergebnis Einheit Referenzbereich", font="narrowb")
    rows = [
        ("Hämoglobin", "13,2", "g/dl", "12,0-16,0"),
        ("Leukozyten", "7,8", "/nl", "4,0-10,0"),
        ("Kreatinin", "1,31 +", "mg/dl", "0,50-1,10"),
        ("eGFR (CKD-EPI)", "48 -", "ml/min", ">60"),
        ("HbA1c", "7,4 +", "%", "<6,5"),
        ("TSH basal", "2,14", "mU/l", "0,27-4,20"),
        ("CRP", "24,5 +", "mg/l", "<5,0"),
        ("LDL-Cholesterin", "162 +", "mg/dl", "<116"),
    ]
    for r in rng.sample(rows, rng.randint(4, 8)):
        b.add(" ".join(r))
    b.gap(4)
    b.add("Technisch und medizinisch validiert:")
    b.add(
        ctx.person(
            rng.choice(["Dr. med. Hilke Ihnen", "Dr. rer. nat. Tamme Buss"]), "validating doctor"
        )
    )
    b.footer = [f"{org} · Akkreditiert nach DIN EN ISO 15189"]
    return dict(
        b=b,
        aw=aw,
        fl=fl,
        sender=org,
        alts=[],
        title=title.upper(),
        talts=[title],
        bd=True,
        fax=rng.choice(["0421 2207-199", "0471 30944-20"]),
        pid=pid,
    )


def k_radiology(ctx: Ctx, pt: Pat, pr: int, ld: date) -> dict[str, Any]:
    rng = ctx.rng
    org = rng.choice(
        [
            "Radiologie am Delft Emden",
            "Radiologische Gemeinschaftspraxis Oldenburg",
            "Radiologie Emsland Meppen",
        ]
    )
    b = Builder(font="serif", size=10)
    b.add(org, font="serifb", size=13, align="right", dy=5)
    b.add("MRT · CT · Mammographie · Röntgen", size=8, align="right", dy=12)
    _recipient(b, pr)
    b.gap(10)
    exam = ld - timedelta(days=rng.randint(0, 2))
    mod = rng.choice(["MRT der LWS", "CT Thorax mit KM", "Sonographie Abdomen", "MRT Knie rechts"])
    title = f"{mod} vom {ctx.d(exam, 'de', 'examination')}"
    aw, fl = _name(ctx, pt, rng.choice(["std", "title", "surfirst"]))
    b.add(f"Patient{'in' if pt.sex == 'F' else ''}: {aw}, geb. {ctx.d(pt.bd, 'de')}")
    b.add(title, font="serifb", dy=8)
    b.add("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,", dy=6)
    b.para(
        "vielen Dank für die Überweisung. Klinische Angabe: Rückenschmerzen seit sechs "
        "Wochen, Ausstrahlung ins linke Bein."
    )
    b.add("Befund:", font="serifb")
    b.para(
        "Regelrechtes Alignement. Bandscheibenprotrusion LWK 4/5 mit Kontakt zur Wurzel L5 "
        "links. Keine Spinalkanalstenose. Keine suspekten Signalalterationen."
    )
    b.add("Beurteilung:", font="serifb")
    b.para("Mediolaterale Protrusion LWK 4/5 links ohne Nervenwurzelkompression.")
    b.add(f"{org.split()[-1]}, {ctx.d(ld, rng.choice(['de', 'delong']))}")
    _sig(b, ctx, "Mit freundlichen Grüßen", 1)
    ctx.notes.append(
        "the letter's date stands only at the end; the examination date is in the title"
    )
    return dict(
        b=b,
        aw=aw,
        fl=fl,
        sender=org,
        alts=[],
        title=title,
        talts=[mod],
        bd=True,
        fax=rng.choice(["04921 58790-22", "0441 36180-99"]),
        pid=None,
    )


def k_insurer(ctx: Ctx, pt: Pat, pr: int, ld: date) -> dict[str, Any]:
    rng = ctx.rng
    org, alt = rng.choice(
        [
            ("AOK – Die Gesundheitskasse für Niedersachsen", "AOK Niedersachsen"),
            ("hkk Krankenkasse", "hkk"),
            ("DAK-Gesundheit", "DAK"),
            ("Deutsche Rentenversicherung Oldenburg-Bremen", "DRV Oldenburg-Bremen"),
        ]
    )
    b = Builder(font="sans", size=9.5)
    b.add(org, font="sansb", size=12, dy=14)
    b.add(f"{alt} · Postfach 1234 · 26121 Oldenburg", size=6.5, dy=4)
    y0 = b.y
    _recipient(b, pr)
    b.y = y0
    b.add(f"Datum: {ctx.d(ld, 'de')}", x=130, size=8.5)
    b.add(
        f"Ihr Ansprechpartner: {ctx.person(rng.choice(['Herr Folkerts', 'Frau Weerts']), 'clerk')}",
        x=130,
        size=8.5,
    )
    b.add(f"Zeichen: {rng.randint(10, 99)}-{rng.randint(1000, 9999)}", x=130, size=8.5)
    b.y = y0 + 30
    aw, fl = _name(ctx, pt, rng.choice(["std", "surfirst"]))
    b.add(f"Versicherte Person: {aw}", dy=4.5)
    b.add(
        f"geboren am: {ctx.d(pt.bd, 'de')}   Versichertennummer: {rng.choice('ABHK')}"
        f"{rng.randint(100000000, 999999999)}",
        dy=7,
    )
    title = rng.choice(
        [
            "Anforderung eines ärztlichen Befundberichts",
            "Anfrage zur Arbeitsunfähigkeit",
            "Kostenübernahme Rehabilitation",
        ]
    )
    b.add(title, font="sansb", size=11, dy=7)
    b.add("Sehr geehrte Damen und Herren,", dy=6)
    due = ld + timedelta(days=21)
    b.para(
        "für die Prüfung der Leistungsvoraussetzungen benötigen wir Ihre Angaben zum "
        f"Gesundheitszustand. Bitte senden Sie den Bericht bis zum {ctx.d(due, 'de', 'reply due')} "
        "zurück. Die Vergütung erfolgt nach JVEG."
    )
    b.add("Mit freundlichen Grüßen", dy=6)
    b.add(f"Ihre {alt}")
    return dict(
        b=b,
        aw=aw,
        fl=fl,
        sender=org,
        alts=[alt],
        title=title,
        talts=[],
        bd=True,
        fax="0441 9204-5555",
        pid=None,
    )


def k_port(ctx: Ctx, pt: Pat, pr: int, ld: date) -> dict[str, Any]:
    rng = ctx.rng
    org = rng.choice(["Hafenärztlicher Dienst Bremerhaven", "BG Verkehr – Seeärztlicher Dienst"])
    b = Builder(font="mono", size=9)
    b.add(org, font="sansb", size=12, align="center", dy=5)
    b.add("Port Health / Seafarers' Medical Service", size=8.5, align="center", dy=10)
    _recipient(b, pr, font="mono")
    b.gap(6)
    title = rng.choice(
        [
            "Mitteilung über eine Seediensttauglichkeitsuntersuchung",
            "Seediensttauglichkeit – Befundmitteilung",
        ]
    )
    b.add(f"Betreff: {title}", font="sansb", size=10, dy=7)
    aw, fl = _name(ctx, pt, "caps")
    b.add(f"Name / Name: {aw}")
    b.add(f"Geburtsdatum / Date of birth: {ctx.d(pt.bd, 'de')}")
    ship = rng.choice(["MS Emsstern", "MV Weser Trader", "MS Borkum Riff"])
    b.add(f"Schiff / Vessel: {ship}   Rang: {rng.choice(['Matrose', '2. Offizier', 'Koch'])}")
    ex = ld - timedelta(days=rng.randint(0, 4))
    b.add(f"Untersuchung am / examined on: {ctx.d(ex, 'de', 'examination')}")
    valid = date(ex.year + 2, ex.month, min(ex.day, 28))
    b.add(f"Gültig bis / valid until: {ctx.d(valid, 'de', 'certificate valid until')}", dy=7)
    b.para(
        "Der Seemann ist seediensttauglich mit Auflagen (Brillenträger). Wir bitten um "
        "hausärztliche Kontrolle des Blutdrucks vor der nächsten Ausreise.",
        150,
        "mono",
    )
    b.add(f"Bremerhaven, {ctx.d(ld, 'de')}")
    _sig(b, ctx, "Mit freundlichen Grüßen", 1)
    ctx.notes.append("bilingual labels; several dates (examination, validity)")
    return dict(
        b=b,
        aw=aw,
        fl=fl,
        sender=org,
        alts=["Hafenärztlicher Dienst"],
        title=title,
        talts=[f"Betreff: {title}"],
        bd=True,
        fax="0471 596-13490",
        pid=None,
    )


def k_dutch(ctx: Ctx, pt: Pat, pr: int, ld: date) -> dict[str, Any]:
    rng = ctx.rng
    org, alt, city = rng.choice(
        [
            ("Universitair Medisch Centrum Groningen", "UMCG", "Groningen"),
            ("Treant Zorggroep, locatie Emmen", "Treant", "Emmen"),
        ]
    )
    b = Builder(font="sans", size=9.5)
    b.add(org, font="sansb", size=13, dy=5)
    b.add(rng.choice(["Afdeling Interne Geneeskunde", "Afdeling Cardiologie"]), size=9, dy=10)
    _recipient(b, pr)
    b.gap(8)
    ds = rng.choice(["nl", "nlnum"])
    b.add(f"{city}, {ctx.d(ld, ds)}", dy=8)
    title = rng.choice(["Ontslagbrief", "Polikliniekbrief"])
    aw, fl = _name(ctx, pt, "std")
    b.add(f"Betreft: {_salut(pt, 'nl')} {aw}, geboren {ctx.d(pt.bd, 'nlnum')}")
    b.add(title, font="sansb", size=11, dy=7)
    adm = ld - timedelta(days=rng.randint(3, 9))
    b.add("Geachte collega,", dy=6)
    b.para(
        f"Uw patiënt{'e' if pt.sex == 'F' else ''} was van {ctx.d(adm, 'nl', 'admission')} tot "
        f"{ctx.d(ld - timedelta(days=1), 'nl', 'discharge')} opgenomen op onze afdeling "
        "in verband met atriumfibrilleren met snelle ventrikelrespons."
    )
    b.para(
        "Conclusie: paroxysmaal atriumfibrilleren, CHA2DS2-VASc 3. Gestart met apixaban 5 mg "
        "tweemaal daags. Controle op de polikliniek over zes weken."
    )
    b.add("Met collegiale groet,", dy=8)
    b.add(
        ctx.person(
            rng.choice(["dr. J. Hoekstra, cardioloog", "drs. M. Bakker, internist"]),
            "signing doctor",
        )
    )
    ctx.notes.append("Dutch letter: dates in Dutch convention, 'Betreft' names the patient")
    return dict(
        b=b,
        aw=aw,
        fl=fl,
        sender=org,
        alts=[alt],
        title=title,
        talts=[],
        bd=True,
        fax="+31 50 361 4321",
        pid=None,
    )


def k_english(ctx: Ctx, pt: Pat, pr: int, ld: date) -> dict[str, Any]:
    rng = ctx.rng
    org, alt = rng.choice(
        [
            ("Aberdeen Royal Infirmary", "NHS Grampian"),
            ("Al-Mouwasat University Hospital, Damascus", "Al-Mouwasat University Hospital"),
            ("French Medical Institute for Mothers and Children, Kabul", "FMIC Kabul"),
        ]
    )
    b = Builder(font="serif", size=10)
    b.add(org, font="serifb", size=12, align="center", dy=10)
    _recipient(b, pr)
    b.gap(6)
    b.add(f"Date: {ctx.d(ld, rng.choice(['en', 'ennum']))}", align="right", dy=8)
    title = rng.choice(["Discharge Summary", "Medical Report", "To whom it may concern"])
    aw, fl = _name(ctx, pt, rng.choice(["caps", "std"]))
    b.add(f"Re: {_salut(pt, 'en')} {aw}, DOB {ctx.d(pt.bd, 'ennum')}")
    b.add(title.upper(), font="serifb", size=11, dy=7)
    b.add("Dear Doctor,", dy=6)
    b.para(
        f"This patient was seen on {ctx.d(ld - timedelta(days=2), 'en', 'examination')} with "
        "chest pain. ECG showed no acute ischaemic changes, troponin negative twice. "
        "We would be grateful for follow-up of blood pressure and lipids."
    )
    b.add("Yours sincerely,", dy=8)
    b.add(
        ctx.person(
            rng.choice(["Dr Fiona MacLeod", "Dr Samer Haddad", "Dr Fariba Noorzai"]),
            "signing doctor",
        )
    )
    ctx.notes.append("English letter from abroad; dates in day/month order")
    return dict(
        b=b,
        aw=aw,
        fl=fl,
        sender=org,
        alts=[alt],
        title=title.upper(),
        talts=[title],
        bd=True,
        fax="+44 1224 550000",
        pid=None,
        lang="en",
    )


def k_cyrillic(ctx: Ctx, pt: Pat, pr: int, ld: date) -> dict[str, Any]:
    rng = ctx.rng
    ua = pt.surname in ("Kovalenko", "Schewtschenko", "Bondarenko") or rng.random() < 0.3
    if ua:
        org = "КНП «Київська міська клінічна лікарня № 8»"
        title, lbl, bdl, ds = (
            "Виписка з медичної карти стаціонарного хворого",
            "ПІБ",
            "Дата народження",
            "ua",
        )
    else:
        org = "БУЗОО «Омская областная клиническая больница»"
        title, lbl, bdl, ds = "Выписной эпикриз", "Ф.И.О. пациента", "Дата рождения", "ru"
    b = Builder(font="serif", size=10)
    b.add(org, font="serifb", size=11, align="center", dy=10)
    _recipient(b, pr)
    b.gap(8)
    b.add(title.upper(), font="serifb", size=12, align="center", dy=8)
    aw, fl = _name(ctx, pt, "cyr")
    b.add(f"{lbl}: {aw}")
    b.add(f"{bdl}: {ctx.d(pt.bd, 'de')}")
    adm = ld - timedelta(days=rng.randint(5, 12))
    b.add(
        ("Перебував на лікуванні з " if ua else "Находился на лечении с ")
        + f"{ctx.d(adm, 'de', 'admission')} по {ctx.d(ld, 'de', 'discharge')}",
        dy=7,
    )
    b.para(
        "Диагноз: гипертоническая болезнь II стадии, сахарный диабет 2 типа."
        if not ua
        else "Діагноз: гіпертонічна хвороба II стадії, цукровий діабет 2 типу."
    )
    b.add(f"Дата: {ctx.d(ld, ds)}", dy=8)
    b.add(
        ("Лікар: " if ua else "Лечащий врач: ")
        + ctx.person(rng.choice(["Петренко І. В.", "Иванова Н. С."]), "signing doctor")
    )
    ctx.notes.append("Cyrillic letter; the patient's name is written in Cyrillic, surname first")
    return dict(
        b=b,
        aw=aw,
        fl=fl,
        sender=org,
        alts=[],
        title=title.upper(),
        talts=[title],
        bd=True,
        fax="+380 44 000 0000" if ua else "+7 3812 000000",
        pid=None,
        lang="uk" if ua else "ru",
    )


def k_email(ctx: Ctx, pt: Pat, pr: int, ld: date) -> dict[str, Any]:
    rng = ctx.rng
    org, dom = rng.choice(
        [
            ("Orthopädie Zentrum Aurich", "orthopaedie-aurich.de"),
            ("Physiotherapie am Hafen Leer", "physio-hafen-leer.de"),
            ("Pflegedienst Küstenpflege Norden", "kuestenpflege-norden.de"),
            ("Inselapotheke Juist", "inselapotheke-juist.de"),
        ]
    )
    b = Builder(font="sans", size=9.5)
    b.add("Drucken - E-Mail", size=8, dy=8)
    b.add(f"Von: info@{dom}")
    b.add(f"Gesendet: {ctx.d(ld, 'delong')} {rng.randint(7, 18):02d}:{rng.randint(0, 59):02d}")
    b.add(f"An: praxis@{['praxis-am-wall', 'onnen-saathoff', 'hausaerzte-emsland'][pr]}.de")
    aw, fl = _name(ctx, pt, rng.choice(["std", "surfirst"]))
    subj = rng.choice(
        ["Rückfrage Verordnung", "Therapiebericht", "Wundverlauf", "Bitte um Rückruf"]
    )
    title = f"{rng.choice(['AW: ', 'WG: ', ''])}{subj} {aw}"
    b.add(f"Betreff: {title}", dy=8)
    b.add("Sehr geehrte Damen und Herren,", dy=6)
    b.para(
        f"bezüglich {aw} (geb. {ctx.d(pt.bd, 'de')}) bitten wir um eine neue Verordnung, "
        "da die bisherige ausläuft. Die Wundheilung ist zufriedenstellend."
    )
    b.add("Viele Grüße", dy=6)
    b.add(ctx.person(rng.choice(["Gesa Tammen", "Enno de Buhr"]), "writer"))
    b.add(org)
    ctx.notes.append("e-mail printout: the subject names the patient; date in the header")
    return dict(
        b=b,
        aw=aw,
        fl=fl,
        sender=org,
        alts=[f"info@{dom}"],
        title=title,
        talts=[subj],
        bd=True,
        fax=None,
        pid=None,
    )


def k_hand(ctx: Ctx, pt: Pat, pr: int, ld: date) -> dict[str, Any]:
    rng = ctx.rng
    b = Builder(font=rng.choice(["hand", "hand2"]), size=14)
    b.y = 30
    dated = ld.day % 5 != 0
    if dated:
        b.add(f"Norderney, {ctx.d(ld, 'de1')}", align="right", dy=12)
    doc = ["Frau Doktor", "Herr Doktor", "Frau Dr. Hinrichsen"][pr % 3]
    b.add(f"Liebe {doc}," if "Frau" in doc else f"Lieber {doc},", dy=9)
    aw, fl = _name(ctx, pt, "std")
    b.para(
        f"meine Mutter {aw} braucht bitte wieder ihre Tabletten für den Blutdruck, "
        "die Packung ist bald leer. Ich hole das Rezept am Freitag ab.",
        150,
    )
    writer = rng.choice(["Anke Poppinga", "Hilde Tammen", "Jan Wessels"])
    b.gap(4)
    b.add("Vielen Dank!", dy=8)
    b.add(ctx.person(writer, "relative (writer)"))
    ctx.notes.append("handwritten-looking note from a relative; no birth date")
    if not dated:
        ctx.notes.append("undated note: letter_date is null")
    return dict(
        b=b,
        aw=aw,
        fl=fl,
        sender=writer,
        alts=[],
        title=None,
        talts=[],
        bd=False,
        fax="04932 9911",
        pid=None,
        dated=dated,
    )


def k_form(ctx: Ctx, pt: Pat, pr: int, ld: date) -> dict[str, Any]:
    rng = ctx.rng
    org = rng.choice(
        [
            "Landkreis Leer – Gesundheitsamt",
            "Gesundheitsamt Bremen",
            "Landkreis Emsland – Fachbereich Gesundheit",
        ]
    )
    b = Builder(font="sans", size=9)
    b.add(org, font="sansb", size=11, dy=5)
    b.add("Kinder- und Jugendärztlicher Dienst", size=8.5, dy=10)
    _recipient(b, pr)
    b.gap(8)
    title = "Schuleingangsuntersuchung – Mitteilung an die behandelnde Ärztin / den Arzt"
    b.add(title, font="sansb", size=10, dy=7)
    aw, fl = _name(ctx, pt, "surfirst")
    b.add(f"[1] Name, Vorname des Kindes: {aw}")
    b.add(f"[2] Geburtsdatum: {ctx.d(pt.bd, 'de')}")
    mother = rng.choice(["Olena", "Maren", "Layla", "Insa"]) + " " + pt.surname
    mbd = date(pt.bd.year - rng.randint(22, 38), rng.randint(1, 12), rng.randint(1, 28))
    b.add(
        f"[3] Sorgeberechtigt: {ctx.person(mother, 'mother')}, geb. "
        f"{ctx.d(mbd, 'de', 'mother birth date')}"
    )
    ex = ld - timedelta(days=rng.randint(1, 10))
    b.add(f"[4] Untersuchungstag: {ctx.d(ex, 'de', 'examination')}")
    b.add("[5] Befund: [x] Sehtest auffällig  [ ] Hörtest auffällig  [x] Sprachentwicklung", dy=7)
    b.para("Wir bitten um Vorstellung beim Augenarzt und Rückmeldung an uns.")
    signer = ctx.person("Dr. med. Swaantje Redenius", "school doctor")
    b.add(f"Datum: {ctx.d(ld, 'de')}   Unterschrift: {signer}")
    ctx.notes.append("form with numbered fields; the mother's birth date is on the page")
    return dict(
        b=b,
        aw=aw,
        fl=fl,
        sender=org,
        alts=["Gesundheitsamt"],
        title=title,
        talts=["Schuleingangsuntersuchung"],
        bd=True,
        fax="0491 926-1999",
        pid=None,
    )


KINDS = [
    ("hospital_discharge", k_hospital, "de", "DE", 8),
    ("lab_report", k_lab, "de", "DE", 5),
    ("radiology", k_radiology, "de", "DE", 4),
    ("insurer_request", k_insurer, "de", "DE", 4),
    ("port_health", k_port, "de", "DE", 3),
    ("dutch_hospital", k_dutch, "nl", "NL", 3),
    ("english_abroad", k_english, "en", "XX", 3),
    ("cyrillic_abroad", k_cyrillic, "ru", "XX", 3),
    ("email_printout", k_email, "de", "DE", 3),
    ("handwritten_note", k_hand, "de", "DE", 2),
    ("authority_form", k_form, "de", "DE", 2),
]


def _kind_for(
    idx: int, split: str, seed: int, rng: random.Random
) -> tuple[str, Any, str, str, int]:
    """A balanced, shuffled plan of kinds for the fixed splits; weighted draws otherwise."""
    if split in SEEDS:
        plan = [k for k in KINDS for _ in range(k[4])]
        if split == "examples":
            plan = [KINDS[i] for i in (0, 1, 5, 7, 8, 9)]
        random.Random(seed).shuffle(plan)
        return plan[idx % len(plan)]
    return rng.choices(KINDS, weights=[k[4] for k in KINDS])[0]


def _letter(idx: int, split: str, seed: int, pats: list[register.Patient]) -> Letter:
    rng = random.Random(seed * 1000 + idx)
    name, fn, lang, region, _w = _kind_for(idx, split, seed, rng)
    ctx = Ctx(rng, lang)
    pt = _pick_patient(rng, pats, fn is k_cyrillic)
    if fn is k_form:
        kids = [p for p in pats if p.birth_date.year >= 2016]
        p = rng.choice(kids)
        pt = Pat(p.given_names, p.surname, p.birth_date, p.sex, "", p)
    pr = rng.randrange(3)
    ld = date(2026, 1, 5) + timedelta(days=rng.randint(0, 330))
    out = fn(ctx, pt, pr, ld)
    b: Builder = out["b"]
    pages = b.finish()
    lang = out.get("lang", lang)
    dated = out.get("dated", True)
    stamp = None
    if rng.random() < 0.4:
        rd = ld + timedelta(days=rng.randint(1, 6))
        short = str(world.PRACTICES[pr]["names"][-1])
        s = ctx.d(rd, "de", "receipt stamp")
        stamp = [
            Line(140.0, 273.0, f"EINGANG {s}", "sansb", 9),
            Line(140.0, 278.0, short, "sans", 7),
        ]
        ctx.notes.append("receipt stamp on the scan")
    sent = ld + timedelta(days=rng.randint(0, 5))
    if not dated:
        sent = ld
    hh, mm = rng.randint(7, 19), rng.randint(0, 59)
    fnum = out["fax"] or "0441 99887-0"
    hdr_style = rng.choice(["de", "de2", "iso"])
    ctx.printed.append((fmt_date(sent, hdr_style), sent.isoformat(), hdr_style))
    header = (
        f"{fmt_date(sent, hdr_style)} {hh:02d}:{mm:02d}  Von: {fnum}  "
        f"{rng.choice(['S.', 'Seite', 'P.'])} {{n}}/{{t}}"
    )
    cover = None
    if rng.random() < 0.33:
        cs = ctx.d(sent, "de", "fax cover sheet")
        prc = world.PRACTICES[pr]
        cover = [
            Line(25.0, 30.0, "TELEFAX", "sansb", 22),
            Line(25.0, 50.0, f"An: {prc['name']}", "sans", 10),
            Line(25.0, 56.0, f"Fax: {prc['fax']}", "sans", 10),
            Line(25.0, 66.0, f"Von: {out['sender'][:70]}", "sans", 10),
            Line(25.0, 72.0, f"Fax: {fnum}", "sans", 10),
            Line(25.0, 82.0, f"Datum: {cs}", "sans", 10),
            Line(25.0, 88.0, f"Seiten inkl. Deckblatt: {len(pages) + 1}", "sans", 10),
            Line(25.0, 110.0, "Vertraulich: Dieses Fax enthält Patientendaten.", "sans", 9),
        ]
        if width_mm(cover[1].text, "sans", 10) > 160:
            cover[1] = Line(25.0, 50.0, f"An: {prc['names'][1]}", "sans", 10)
    aw, fl = out["aw"], out["fl"]
    rec = pt.rec
    facts = {
        "patient": {
            "full_name": f"{pt.given} {pt.surname}" if rec else fl,
            "surname": pt.surname,
            "given_names": pt.given,
            "as_written": aw,
            "full_name_as_letter": fl,
            "register_id": rec.id if rec else None,
        },
        "birth_date": pt.bd.isoformat() if out["bd"] else None,
        "letter_date": ld.isoformat() if dated else None,
        "sender": out["sender"],
        "sender_alternatives": out["alts"],
        "title": out["title"],
        "title_alternatives": out["talts"],
        "patient_id": out["pid"],
        "other_dates": ctx.other_dates,
        "other_people": ctx.other_people,
    }
    if rec is None:
        ctx.notes.append("patient not in the register")
    elif rec.collision:
        ctx.notes.append(f"register collision: {rec.collision}")
    return Letter(
        id=f"{split}-{idx + 1:03d}",
        split=split,
        seed=seed * 1000 + idx,
        layout=name,
        language=lang,
        region=region,
        pages=pages,
        facts=facts,
        reg={
            "id": rec.id,
            "collision": rec.collision or None,
            "collision_group": rec.collision_group or None,
        }
        if rec
        else None,
        notes=ctx.notes,
        handwritten=fn is k_hand,
        fax={
            "sent": f"{sent.isoformat()}T{hh:02d}:{mm:02d}",
            "cover_sheet": cover is not None,
            "number": fnum,
            "resolution": rng.choice(["204x196", "204x98"]),
            "compression": rng.choice(["group3", "group4"]),
            "header": header,
        },
        cover=cover,
        stamp=stamp,
        practice=pr,
        printed_dates=ctx.printed,
    )


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    pats = register.build()
    return [_letter(i, split_name, seed, pats) for i in range(count)]


def split(name: str) -> list[Letter]:
    if name not in SEEDS:
        raise ValueError(f"unknown split {name!r}")
    return generate(COUNTS[name], SEEDS[name], name)
