"""The held-out letters: `generate(count, seed)` and `split(name)`.

Each item is a `Letter`: its pages laid out once (render.Page) and drawn in several
conditions (born-digital PDF, grey scans at 150/200/300 dpi, a G4 fax at 204x98 dpi with a
sending machine's header line and sometimes a cover sheet, turned scans), its facts
(patient, birth date, letter date, sender, title, practice-system patient id) and, for a
subset of pages, transcriptions with whole lines lost. `Letter.truth()` is the JSON-able
record; `Letter.render(condition)` gives the files' bytes.

Written blind to docvault's fact rules and coverage check: see README.md in this folder.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Any

from bench.heldout import content as C
from bench.heldout import register as reg
from bench.heldout import render as R
from bench.heldout.render import A4, LETTER, Page

SPLITS = {"test": (40, 7_305_991), "examples": (5, 4_242)}
CONDITIONS = ("pdf", "scan150", "scan200", "scan300", "fax", "turned")


def split(name: str) -> list[Letter]:
    """The named split: "test" (40 letters, the measured one) or "examples" (5, smoke)."""
    if name not in SPLITS:
        raise KeyError(f"no split {name!r}: only {sorted(SPLITS)} (there is no dev split)")
    count, seed = SPLITS[name]
    return generate(count, seed, prefix=name)


# ---- context --------------------------------------------------------------------------------


@dataclass
class Ctx:
    rng: random.Random
    region: str
    patient: reg.Patient
    letter_date: dt.date
    size: tuple[float, float] = A4
    pages: list[Page] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    translit: bool = False
    birth_name_used: bool = False
    org: C.Org | None = None
    continuation: Callable[[Page], float] | None = None

    @property
    def en(self) -> bool:
        return self.region in ("GB", "US")

    @property
    def L(self) -> float:
        return 71.0 if self.size == A4 else 72.0

    @property
    def R(self) -> float:
        return self.size[0] - (56.0 if self.size == A4 else 72.0)

    def page(self) -> Page:
        pg = Page(self.size, number=len(self.pages) + 1, seed=self.rng.randrange(2**31))
        self.pages.append(pg)
        return pg

    def surname(self) -> str:
        s = self.patient.surname
        if self.birth_name_used and self.patient.birth_name:
            s = self.patient.birth_name
        return reg.transliterate(s) if self.translit else s

    def given(self) -> str:
        g = self.patient.given_names
        return reg.transliterate(g) if self.translit else g

    def name(self, style: str) -> str:
        """The patient's name as this letter writes it; the first call is recorded."""
        p = self.patient
        sur, giv = self.surname(), self.given()
        first = giv.split()[0]
        initial = f" {giv.split()[1][0]}" if len(giv.split()) > 1 else ""
        hon_de = {"F": "Frau ", "M": "Herr "}.get(p.sex, "")
        hon_en = {"F": self.rng.choice(["Mrs ", "Ms ", "Miss "]), "M": "Mr "}.get(p.sex, "")
        if self.region == "US":
            hon_en = {"Mrs ": "Mrs. ", "Ms ": "Ms. ", "Mr ": "Mr. "}.get(hon_en, hon_en)
        forms = {
            "hon": f"{hon_de}{giv} {sur}",
            "hon_acc": f"{hon_de.replace('Herr ', 'Herrn ')}{giv} {sur}",
            "hon_en": f"{hon_en}{giv} {sur}",
            "plain": f"{giv} {sur}",
            "comma": f"{sur}, {giv}",
            "upper_comma": f"{sur.upper()}, {giv.upper()}",
            "uk_upper": f"{sur.upper()}, {first}{initial}",
            "en_upper_given": f"{hon_en}{first}{initial} {sur.upper()}",
        }
        text = forms[style]
        if "patient" not in self.facts:
            self.facts["patient"] = {
                "full_name": p.full_name,
                "surname": p.surname,
                "given_names": p.given_names,
                "as_written": text,
                "full_name_as_letter": f"{giv} {sur}",
                "register_id": p.id,
            }
        return text

    def born(self, fmt: Callable[[dt.date], str] | None = None) -> str:
        d = self.patient.birth
        fmt = fmt or self.rng.choice(C.birth_forms(self.region))
        self.facts["birth_date"] = d.isoformat()
        return fmt(d)

    def other_date(self, role: str, before: int = 1, after: int = 40) -> dt.date:
        d = self.letter_date - dt.timedelta(days=self.rng.randint(before, after))
        self.facts.setdefault("other_dates", []).append({"date": d.isoformat(), "role": role})
        return d

    def person(self, role: str, name: str) -> str:
        self.facts.setdefault("other_people", []).append({"name": name, "role": role})
        return name

    def set(self, **kw: Any) -> None:
        self.facts.update(kw)

    def sender(self, org: C.Org) -> None:
        self.org = org
        self.facts.update(sender=org.name, sender_alternatives=org.alternatives)

    # -- flowing text over pages -----------------------------------------------------------
    def flow(
        self, pg: Page, y: float, text: str, size: float = 10.0, font: str = "sans"
    ) -> tuple[Page, float]:
        words = text.split()
        cur: list[str] = []
        width = self.R - self.L
        for word in words:
            trial = " ".join([*cur, word])
            if cur and R.text_width(trial, font, size) > width:
                pg, y = self.line(pg, y, " ".join(cur), size, font)
                cur = [word]
            else:
                cur.append(word)
        if cur:
            pg, y = self.line(pg, y, " ".join(cur), size, font)
        return pg, y

    def line(
        self,
        pg: Page,
        y: float,
        text: str,
        size: float = 10.0,
        font: str = "sans",
        x: float | None = None,
        kind: str = "text",
    ) -> tuple[Page, float]:
        if y > self.size[1] - 95:
            pg = self.page()
            y = self.continuation(pg) if self.continuation else 70.0
        pg.text(self.L if x is None else x, y, text, size, font, kind=kind)
        return pg, y + size * 1.38


# ---- pieces ---------------------------------------------------------------------------------


def letterhead(ctx: Ctx, pg: Page, org: C.Org, align: str, serif: bool = False) -> float:
    rng = ctx.rng
    W = ctx.size[0]
    x = {"left": ctx.L, "right": ctx.R, "center": W / 2}[align]
    bold = "serif-bold" if serif else "sans-bold"
    y = 52.0
    if rng.random() < 0.6:
        lg = R.logo(rng.choice(["cross", "staff", "waves", "leaf"]), rng.uniform(34, 48), rng)
        lw = lg.width * 72 / R.MASTER_DPI
        lx = ctx.R - lw if align == "left" else ctx.L if align == "right" else W / 2 - lw / 2
        if align == "center":
            pg.image(lx, 28, lg, grey=rng.choice([0, 60, 90]), kind="logo")
            y = 28 + lw + 16
        else:
            pg.image(lx, 30, lg, grey=rng.choice([0, 60, 90]), kind="logo")
    pg.block("letterhead")
    size = rng.uniform(13, 16.5) if len(org.name) < 45 else 12.0
    pg.text(x, y, org.name, size, bold, align=align, kind="heading")
    y += size * 1.25
    for s in org.sub:
        pg.text(x, y, s, 8.5, "serif" if serif else "sans", align=align)
        y += 11
    pg.text(x, y, f"{org.street} · {org.city}", 8, align=align)
    y += 10.5
    if ctx.en:
        contact = f"Tel: {org.phone}   Fax: {org.fax}   Email: {org.email}"
    else:
        contact = f"Tel. {org.phone} · Fax {org.fax} · {org.email}"
    pg.text(x, y, contact, 8, align=align)
    y += 8
    if rng.random() < 0.6:
        pg.rule(ctx.L, y, ctx.R, y, 0.8)
    return y + 16


def footer(ctx: Ctx, pg: Page, org: C.Org) -> None:
    pg.block("footer")
    y = ctx.size[1] - 40
    if ctx.en:
        txt = (
            f"{org.name} · Registered office {org.street}, {org.city}"
            if ctx.region == "GB"
            else f"{org.name} · {org.street}, {org.city} · Phone {org.phone}"
        )
    else:
        groups = [str(ctx.rng.randint(1000, 9999)) for _ in range(4)]
        iban = f"DE{ctx.rng.randint(10, 99)} {' '.join(groups)} {ctx.rng.randint(10, 99)}"
        if ctx.region != "DE":
            iban = ctx.region + iban[2:]
        bsnr = ctx.rng.randint(100000000, 999999999)
        txt = f"Bankverbindung: Sparkasse · IBAN {iban} · BSNR {bsnr}"
    pg.rule(ctx.L, y - 10, ctx.R, y - 10, 0.4)
    pg.text(ctx.L, y, txt[:120], 6.5, kind="footer", grey=40)


def page_numbers(ctx: Ctx) -> None:
    n = len(ctx.pages)
    if n < 2:
        return
    for pg in ctx.pages:
        pg.block("page-number")
        t = f"Page {pg.number} of {n}" if ctx.en else f"Seite {pg.number} von {n}"
        pg.text(ctx.R, ctx.size[1] - 24, t, 7.5, align="right", kind="footer")


def sign(
    ctx: Ctx,
    pg: Page,
    y: float,
    names: list[tuple[str, str]],
    closing: str,
    place_date: str | None = None,
) -> tuple[Page, float]:
    """Closing, a handwritten signature stroke above each typed name, roles under."""
    if y > ctx.size[1] - 170:
        pg = ctx.page()
        y = ctx.continuation(pg) if ctx.continuation else 70.0
    pg.block("closing")
    if place_date:
        pg.text(ctx.L, y, place_date, 10)
        y += 20
    pg.text(ctx.L, y, closing, 10)
    y += 10
    pg.block("signature")
    colw = (ctx.R - ctx.L) / max(2, len(names))
    for i in range(len(names)):
        x = ctx.L + i * colw
        sig = R.signature(ctx.rng.uniform(85, 140), ctx.rng.uniform(28, 40), ctx.rng)
        pg.image(
            x + ctx.rng.uniform(-5, 15),
            y + 2,
            sig,
            grey=ctx.rng.choice([10, 40, 70]),
            kind="signature",
        )
    y += 48
    for i, (name, role) in enumerate(names):
        x = ctx.L + i * colw
        pg.text(x, y, name, 10)
        if role:
            pg.text(x, y + 12.5, role, 9)
    return pg, y + 30


def receipt_stamp(ctx: Ctx, pg: Page) -> None:
    """The receiving practice's date stamp, turned a little (a distractor date)."""
    rng = ctx.rng
    d = ctx.letter_date + dt.timedelta(days=rng.randint(1, 6))
    if ctx.en:
        texts = [("RECEIVED", 10, "sans-bold"), (C.uk_abbr(d).upper(), 9, "sans-bold")]
    else:
        month = C.DE_MONTHS[d.month - 1][:3].upper()
        texts = [
            ("EINGEGANGEN", 10, "sans-bold"),
            (f"{d.day:02d}. {month} {d.year}", 9, "sans-bold"),
        ]
    angle = rng.uniform(-12, 12)
    img, boxes = R.stamp(texts, angle, rng, frame=rng.choice(["rect", "round"]))
    x = rng.uniform(ctx.size[0] * 0.5, ctx.R - img.width * 72 / R.MASTER_DPI)
    y = rng.uniform(95, 150)
    add_stamp(pg, img, boxes, x, y, grey=rng.choice([80, 110, 140]))
    ctx.facts.setdefault("other_dates", []).append({"date": d.isoformat(), "role": "receipt stamp"})


def add_stamp(
    pg: Page, img: Any, boxes: list[tuple[str, R.Box]], x: float, y: float, grey: int
) -> None:
    pg.block("stamp")
    pg.image(x, y, img, grey=grey, kind="stamp")
    s = 72 / R.MASTER_DPI
    for text, b in boxes:
        line = pg.text(0, 0, text, 1.0, kind="stamp")
        line.box = (x + b[0] * s, y + b[1] * s, x + b[2] * s, y + b[3] * s)
        line.image_box = line.box  # drawn by the stamp image, not as text


def hand_lines(
    ctx: Ctx, pg: Page, x: float, y: float, texts: list[str], size: float, step: float
) -> float:
    grey = ctx.rng.choice([15, 35, 60])
    for t in texts:
        if not t:
            y += step * 0.6
            continue
        img = R.handwriting(t, size, ctx.rng)
        h = img.height * 72 / R.MASTER_DPI
        pg.image_line(
            t, x + ctx.rng.uniform(-4, 6), y - h * 0.7, img, kind="handwriting", grey=grey
        )
        y += step * ctx.rng.uniform(0.92, 1.1)
    return y


def pid_text(ctx: Ctx) -> str:
    pid = ctx.patient.id
    ctx.set(patient_id=pid)
    if ctx.en:
        return ctx.rng.choice([f"Your ref: {pid}", f"Practice ID: {pid}", f"GP patient no: {pid}"])
    return ctx.rng.choice(
        [f"Ihre Pat.-Nr.: {pid}", f"Pat.-ID Einsender: {pid}", f"Ihr Zeichen: {pid}"]
    )


def diag_block(ctx: Ctx, pg: Page, y: float, n: int) -> tuple[Page, float]:
    pg.block("diagnoses")
    head = "Diagnoses:" if ctx.en else "Diagnosen:"
    pg, y = ctx.line(pg, y, head, 10, "sans-bold")
    for d in ctx.rng.sample(C.DIAG_EN if ctx.en else C.DIAG_DE, n):
        pg, y = ctx.line(pg, y, f"– {d}", 10, x=ctx.L + 8)
    return pg, y + 6


# ---- layouts ----------------------------------------------------------------------------------


def de_din_letter(ctx: Ctx) -> None:
    """A DIN 5008 letter: head left, right or centred, return line and address window, an
    information block with the date, a subject line; sometimes the patient only in the
    subject, the addressee doctor named first, a relative named, a second page."""
    rng = ctx.rng
    kind = rng.choice(["practice", "hospital", "radiology", "practice"])
    org = C.organisation(rng, ctx.region, kind)
    align = rng.choice(["left", "right", "center"])
    pg = ctx.page()
    y = letterhead(ctx, pg, org, align, serif=rng.random() < 0.4)
    ctx.sender(org)
    # return line and address window (DIN 5008 form B: 45 mm from the top)
    pg.block("return-address")
    ret = f"{org.name} · {org.street} · {org.city}"
    top = max(138.0, y + 4)
    pg.text(ctx.L, top, ret[:95], 6.5, kind="text")
    pg.rule(ctx.L, top + 2.5, ctx.L + R.text_width(ret[:95], "sans", 6.5), top + 2.5, 0.3)
    pg.block("address")
    addr_org = C.organisation(rng, ctx.region, "practice")
    addressee = C.doctor(rng, ctx.region)
    ctx.person("addressee", addressee)
    yy = top + 20
    for t in [
        addr_org.name if not addr_org.name.startswith("Praxis") else "Praxis",
        addressee,
        addr_org.street,
        addr_org.city,
    ]:
        pg.text(ctx.L, yy, t, 10)
        yy += 12.5
    # information block
    pg.block("info")
    date_style = rng.choice(["info", "info", "place", "sign_only"])
    ix = 355.0
    iy = top + 12
    rows: list[tuple[str, str]] = []
    if rng.random() < 0.4:
        rows.append(("Ihre Nachricht vom:", C.de_num(ctx.other_date("referral", 10, 40))))
    if rng.random() < 0.35:
        label, _, value = pid_text(ctx).partition(": ")
        rows.append((label, value))
    rows.append(
        (
            "Unser Zeichen:",
            f"{rng.choice('ABCDKLMS')}{rng.choice('ABCDKLMS')}/{rng.randint(10, 99)}",
        )
    )
    rows.append(("Telefon:", org.phone))
    if date_style == "info":
        rows.append(("Datum:", C.de_num(ctx.letter_date)))
    for k, v in rows:
        k = k if k.endswith(":") else k + ":"
        pg.text(ix, iy, k, 8.5, grey=50)
        pg.text(ix + 88, iy, v, 8.5)
        iy += 12
    city = org.city.split(" ", 1)[1]
    y = max(yy, iy) + 30
    if date_style == "place":
        pg.block("date")
        pg.text(ctx.R, y - 12, f"{city}, {C.de_num(ctx.letter_date)}", 10, align="right")
        y += 12
    if rng.random() < 0.3:
        receipt_stamp(ctx, pg)
    # subject
    pg.block("subject")
    title = rng.choice(
        [
            "Arztbrief",
            "Befundbericht",
            "Kardiologischer Befundbericht",
            "Zwischenbericht",
            "Bericht über die ambulante Vorstellung",
        ]
    )
    if kind == "radiology":
        title = rng.choice(
            ["MRT des rechten Kniegelenks", "CT Thorax nativ", "Sonographie Abdomen"]
        )
    only_subject = rng.random() < 0.35
    name = ctx.name(
        rng.choice(["hon", "comma", "plain"]) if only_subject else rng.choice(["hon_acc", "plain"])
    )
    born = ctx.born()
    if only_subject:
        pg.text(ctx.L, y, f"{title}", 10.5, "sans-bold", kind="heading")
        y += 14
        pg.text(ctx.L, y, f"Betreff: {name}, geb. {born}", 10.5, "sans-bold")
        y += 28
        ctx.notes.append("patient named only in the subject line")
    else:
        pg.text(ctx.L, y, f"{title}", 10.5, "sans-bold", kind="heading")
        y += 28
    ctx.set(title=title, title_alternatives=["Befundbericht"] if kind == "radiology" else [])
    pg.block("salutation")
    sal = addressee.split()[-1]
    fem = addressee.split()[-2] in reg.DE_GIVEN_F
    pg.text(
        ctx.L,
        y,
        f"Sehr geehrte{'' if fem else 'r'} {'Frau' if fem else 'Herr'} "
        f"Kollege{'in' if fem else ''} {sal},",
        10,
    )
    y += 22
    pg.block("body")
    if only_subject:
        rel, fem_rel = rng.choice(
            [
                ("Tochter", True),
                ("Ehemann", False),
                ("Ehefrau", True),
                ("Sohn", False),
                ("Mutter", True),
            ]
        )
        rel_name = (
            f"{rng.choice(reg.DE_GIVEN_F if fem_rel else reg.DE_GIVEN_M)} {ctx.patient.surname}"
        )
        ctx.person(f"relative ({rel})", rel_name)
        art = "der" if fem_rel else "des"
        who = (
            "unsere gemeinsame Patientin"
            if ctx.patient.sex == "F"
            else "unseren gemeinsamen Patienten"
        )
        pron = "die" if ctx.patient.sex == "F" else "der"
        intro = (
            f"wir berichten über {who}, {pron} sich in Begleitung {art} "
            f"{rel}{'' if fem_rel else 's'}, {'Frau' if fem_rel else 'Herrn'} {rel_name}, "
            "in unserer Sprechstunde vorstellte."
        )
    else:
        where = (
            f"wohnhaft {ctx.patient.street}, {ctx.patient.city}"
            if rng.random() < 0.3
            else "in unserer Sprechstunde"
        )
        intro = f"vielen Dank für die Überweisung. Wir berichten über {name}, geb. {born}, {where}."
    exam = ctx.other_date("examination", 1, 12)
    intro += f" Die Untersuchung erfolgte am {C.de_num(exam)}."
    pg, y = ctx.flow(pg, y, intro)
    y += 8

    def cont(p2: Page) -> float:
        p2.block("continuation")
        p2.text(ctx.L, 60, f"{ctx.surname()}, {ctx.given()} – {title}", 8.5, grey=60)
        return 95.0

    ctx.continuation = cont
    pg, y = diag_block(ctx, pg, y, rng.randint(2, 4))
    pg.block("findings")
    for _ in range(rng.randint(6, 9) if rng.random() < 0.4 else rng.randint(1, 4)):
        pg, y = ctx.flow(pg, y, C.sentences(rng, False, rng.randint(2, 5)))
        y += 6
    closing = rng.choice(
        ["Mit freundlichen Grüßen", "Mit freundlichen kollegialen Grüßen", "Mit kollegialen Grüßen"]
    )
    if ctx.region == "CH":
        closing = closing.replace("ß", "ss")
    place_date = f"{city}, den {C.de_num(ctx.letter_date)}" if date_style == "sign_only" else None
    if date_style == "sign_only":
        ctx.notes.append("the place-and-date line above the signature is the only letter date")
    signers = (
        [(org.doctors[0], "")]
        if kind != "hospital"
        else [(org.doctors[0], "Chefarzt"), (org.doctors[1], "Oberärztin")]
    )
    sign(ctx, pg, y + 8, signers, closing, place_date)
    for p in ctx.pages:
        footer(ctx, p, org)
    page_numbers(ctx)
    ctx.set(letter_date=ctx.letter_date.isoformat())


def de_discharge(ctx: Ctx) -> None:
    """A hospital's Entlassungsbrief over two pages: patient line with admission and
    discharge dates, diagnoses, course, a medication table, two signers; the letter
    dated in its info line or only in a place-and-date line."""
    rng = ctx.rng
    org = C.organisation(rng, ctx.region, "hospital")
    pg = ctx.page()
    y = letterhead(ctx, pg, org, rng.choice(["center", "left"]), serif=rng.random() < 0.5)
    ctx.sender(org)
    if rng.random() < 0.3:
        receipt_stamp(ctx, pg)
    pg.block("address")
    addressee = C.doctor(rng, ctx.region)
    ctx.person("addressee", addressee)
    yy = max(y + 10, 150.0)
    for t in [
        addressee,
        C.organisation(rng, ctx.region, "practice").street,
        " ".join(rng.choice(reg.DE_CITIES[:18])[1:]),
    ]:
        pg.text(ctx.L, yy, t, 10)
        yy += 12.5
    dated_top = rng.random() < 0.6
    city = org.city.split(" ", 1)[1]
    if dated_top:
        pg.block("date")
        pg.text(ctx.R, yy, f"{city}, {C.de_num(ctx.letter_date)}", 10, align="right")
    y = yy + 30
    pg.block("title")
    title = rng.choice(["Entlassungsbrief", "Vorläufiger Entlassungsbrief", "Arztbrief"])
    pg.text(ctx.L, y, title, 13, "sans-bold", kind="heading")
    ctx.set(title=title, title_alternatives=["Entlassungsbrief"])
    y += 22
    pg.block("patient")
    adm = ctx.other_date("admission", 8, 20)
    dis = ctx.other_date("discharge", 1, 5)
    style = rng.random()
    name = ctx.name(
        rng.choice(["comma", "hon", "plain"]) if style < 0.5 else rng.choice(["hon_acc", "plain"])
    )
    born = ctx.born()
    if style < 0.5:
        pg.text(
            ctx.L,
            y,
            f"Patient{'in' if ctx.patient.sex == 'F' else ''}: {name}, geb. {born}",
            10,
            "sans-bold",
        )
        y += 13
        pg.text(ctx.L, y, f"Stationärer Aufenthalt vom {C.de_num(adm)} bis {C.de_num(dis)}", 10)
        y += 13
    else:
        pron = "die" if ctx.patient.sex == "F" else "der"
        pg, y = ctx.flow(
            pg,
            y,
            f"wir berichten über {name} (* {born}), {pron} sich vom {C.de_num(adm)} "
            f"bis zum {C.de_num(dis)} in unserer stationären Behandlung befand.",
        )
    if rng.random() < 0.4:
        pg.text(ctx.L, y, f"Fall-Nr. {rng.randint(10**8, 10**9)}   {pid_text(ctx)}", 9, grey=40)
        y += 13
    y += 10

    def cont(p2: Page) -> float:
        p2.block("continuation")
        p2.text(ctx.L, 55, org.name, 8.5, "sans-bold", grey=40)
        p2.text(
            ctx.L,
            68,
            f"{title} {ctx.given()} {ctx.surname()}, geb. {C.de_num(ctx.patient.birth)}",
            8.5,
            grey=40,
        )
        p2.rule(ctx.L, 74, ctx.R, 74, 0.5)
        return 100.0

    ctx.continuation = cont
    pg, y = diag_block(ctx, pg, y, rng.randint(3, 5))
    pg.block("course")
    pg, y = ctx.line(pg, y, "Verlauf:", 10, "sans-bold")
    for _ in range(rng.randint(4, 8)):
        pg, y = ctx.flow(pg, y, C.sentences(rng, False, rng.randint(3, 5)))
        y += 5
    # medication table
    if y > ctx.size[1] - 220:
        pg = ctx.page()
        y = cont(pg)
    pg.block("medication")
    pg.text(ctx.L, y, "Medikation bei Entlassung:", 10, "sans-bold")
    y += 16
    cols = [ctx.L, ctx.L + 220, ctx.L + 290, ctx.L + 360]
    heads = ["Präparat", "morgens", "mittags", "abends"]
    top = y - 11
    for c, h in zip(cols, heads, strict=True):
        pg.text(c + 3, y, h, 9, "sans-bold", kind="table_cell", row=f"{pg._block}-head")
    y += 5
    pg.rule(ctx.L, y, ctx.R, y, 0.8)
    y += 12
    for i, med in enumerate(rng.sample(C.MEDS_DE, rng.randint(3, 6))):
        row = f"{pg._block}-r{i + 1}"
        for c, v in zip(cols, med, strict=True):
            if v:
                pg.text(c + 3, y, v, 9, kind="table_cell", row=row)
        y += 4
        pg.rule(ctx.L, y, ctx.R, y, 0.3)
        y += 12
    pg.rect(ctx.L, top, ctx.R, y - 12, 0.6)
    y += 10
    pg.block("advice")
    pg, y = ctx.flow(pg, y, C.sentences(rng, False, 2))
    place_date = (
        None if dated_top else f"{city}, den {C.de_long(ctx.letter_date, ctx.region == 'AT')}"
    )
    if not dated_top:
        ctx.notes.append("the place-and-date line above the signature is the only letter date")
    pg, y = sign(
        ctx,
        pg,
        y + 10,
        [
            (org.doctors[0], "Chefarzt"),
            (C.doctor(rng, ctx.region, True), "Oberärztin"),
            (C.doctor(rng, ctx.region), "Assistenzarzt"),
        ],
        "Mit freundlichen Grüßen",
        place_date,
    )
    page_numbers(ctx)
    ctx.set(letter_date=ctx.letter_date.isoformat())


def de_lab(ctx: Ctx) -> None:
    """A laboratory report: header fields (name, birth date, sample and report dates,
    sender of the sample), a result table with rules and flags, a validation stamp."""
    rng = ctx.rng
    org = C.organisation(rng, ctx.region, "lab")
    pg = ctx.page()
    y = letterhead(ctx, pg, org, rng.choice(["left", "right"]))
    ctx.sender(org)
    if rng.random() < 0.3:
        receipt_stamp(ctx, pg)
    pg.block("title")
    title = rng.choice(["Laborbefund", "Befundbericht", "Endbefund", "Laborbericht"])
    pg.text(ctx.L, y + 8, title, 14, "sans-bold", kind="heading")
    ctx.set(title=title, title_alternatives=["Laborbefund"])
    y += 34
    einsender = C.organisation(rng, ctx.region, "practice")
    ctx.person("sender of the sample (Einsender)", einsender.name)
    sample = ctx.other_date("sample taken", 1, 3)
    pg.block("fields")
    fields = [
        (
            "Name, Vorname:" if rng.random() < 0.5 else "Patient:",
            ctx.name(rng.choice(["comma", "upper_comma"])),
        ),
        (
            rng.choice(["Geb.-Datum:", "Geburtsdatum:", "geb. am:"]),
            ctx.born(rng.choice([C.de_num, C.de_num, C.de_short])),
        ),
        ("Einsender:", einsender.name),
        ("Probeneingang:", f"{C.de_num(sample)} {rng.randint(7, 16):02d}:{rng.randint(0, 59):02d}"),
        (rng.choice(["Befunddatum:", "Ausgang:", "Datum:"]), C.de_num(ctx.letter_date)),
        ("Auftrags-Nr.:", str(rng.randint(10**7, 10**8))),
    ]
    if rng.random() < 0.6:
        k, v = pid_text(ctx).split(": ")
        fields.append((k + ":", v))
    two_col = rng.random() < 0.5
    for i, (k, v) in enumerate(fields):
        if two_col:
            col, rowi = i % 2, i // 2
            x = ctx.L + col * 235
            yy = y + rowi * 14
        else:
            x, yy = ctx.L, y + i * 14
        pg.text(x, yy, k, 9, grey=60)
        pg.text(x + 85, yy, v, 9, "sans-bold" if i == 0 else "sans")
    y += (len(fields) + 1) // 2 * 14 + 20 if two_col else len(fields) * 14 + 20
    pg.block("table")
    cols = [ctx.L, ctx.L + 150, ctx.L + 215, ctx.L + 300, ctx.L + 400]
    heads = ["Untersuchung", "Ergebnis", "Einheit", "Referenzbereich", ""]
    pg.fill(ctx.L, y - 11, ctx.R, y + 4, 225)
    for c, h in zip(cols, heads, strict=True):
        if h:
            pg.text(c + 3, y, h, 9, "sans-bold", kind="table_cell", row="head")
    y += 6
    pg.rule(ctx.L, y, ctx.R, y, 1.0)
    y += 13
    rows = rng.sample(C.LAB_DE, rng.randint(6, 11))
    for i, r in enumerate(rows):
        row = f"r{i + 1}"
        for c, v in zip(cols, r, strict=True):
            if v:
                pg.text(
                    c + 3,
                    y,
                    v,
                    9,
                    "sans-bold" if r[4] and c == cols[1] else "sans",
                    kind="table_cell",
                    row=row,
                )
        if rng.random() < 0.5:
            pg.rule(ctx.L, y + 4, ctx.R, y + 4, 0.25)
        y += 14
    pg.rule(ctx.L, y - 6, ctx.R, y - 6, 1.0)
    y += 10
    pg.block("note")
    pg.text(ctx.L, y, "H = oberhalb, L = unterhalb des Referenzbereichs", 8, grey=50)
    y += 14
    if rng.random() < 0.6:
        pg, y = ctx.flow(
            pg,
            y,
            "Beurteilung: "
            + rng.choice(
                [
                    "Leicht eingeschränkte Nierenfunktion, bitte Kontrolle.",
                    "Erhöhtes HbA1c, Befund wie bei Diabetes mellitus.",
                    "Sonst unauffälliger Befund.",
                ]
            ),
            9,
        )
    img, boxes = R.stamp(
        [("VALIDIERT", 9, "sans-bold"), (C.doctor(rng, ctx.region), 7, "sans")],
        rng.uniform(-6, 6),
        rng,
    )
    add_stamp(
        pg,
        img,
        boxes,
        ctx.R - img.width * 72 / R.MASTER_DPI - 10,
        min(y + 20, ctx.size[1] - 150),
        grey=rng.choice([70, 110]),
    )
    footer(ctx, pg, org)
    ctx.set(letter_date=ctx.letter_date.isoformat())


def de_referral_form(ctx: Ctx) -> None:
    """An Überweisungsschein-like form: boxed fields with small labels ("Name, Vorname des
    Versicherten", "geb. am"), the referral's target and question, the date box, and the
    practice's stamp with its name and address at the foot (the sender)."""
    rng = ctx.rng
    org = C.organisation(rng, ctx.region, "practice")
    ctx.sender(org)
    ctx.size = (419.53, 595.28) if rng.random() < 0.5 else A4  # A5 or A4
    pg = ctx.page()
    L = 30.0
    Rr = ctx.size[0] - 30
    pg.block("form-head")
    title = rng.choice(["Überweisungsschein", "Überweisung"])
    pg.text(Rr, 40, title, 12, "sans-bold", align="right", kind="heading")
    ctx.set(title=title, title_alternatives=["Überweisungsschein", "Überweisung"])
    pg.text(Rr, 53, "Kurativ  ☒   Präventiv ☐   bei belegärztl. Behandlung ☐", 6.5, align="right")
    box_w = (Rr - L) * 0.58
    # insurance and patient box
    pg.rect(L, 30, L + box_w, 150, 0.8)
    pg.block("insurance")
    pg.text(L + 3, 38, "Krankenkasse bzw. Kostenträger", 5.5, kind="form_label", grey=60)
    pg.text(
        L + 6,
        50,
        rng.choice(
            [
                "AOK Nordost",
                "Techniker Krankenkasse",
                "BARMER",
                "DAK-Gesundheit",
                "IKK classic",
                "KKH",
            ]
        ),
        9,
    )
    pg.block("patient-field")
    pg.text(L + 3, 62, "Name, Vorname des Versicherten", 5.5, kind="form_label", grey=60)
    ctx.name("comma")
    pg.text(L + 6, 74, ctx.surname(), 9)
    pg.text(L + 6, 86, ctx.given(), 9)
    pg.text(L + box_w - 4, 74, "geb. am", 5.5, align="right", kind="form_label", grey=60)
    pg.text(
        L + box_w - 4,
        86,
        ctx.born(
            C.de_num
            if rng.random() < 0.5
            else lambda d: f"{d.day:02d}.{d.month:02d}.{d.year % 100:02d}"
        ),
        9,
        align="right",
    )
    pg.text(L + 6, 98, f"{ctx.patient.street}, {ctx.patient.postcode} {ctx.patient.city}"[:60], 8)
    pg.rule(L, 104, L + box_w, 104, 0.5)
    pg.block("ids")
    for i, (lab, val) in enumerate(
        [
            ("Kassen-Nr.", str(rng.randint(10**8, 10**9))),
            (
                "Versicherten-Nr.",
                f"{rng.choice('ABCDEFGHKLMNPRSTUVWZ')}{rng.randint(10**8, 10**9)}",
            ),
            ("Status", f"{rng.randint(1, 5)}000{rng.randint(1, 9)}"),
        ]
    ):
        x = L + 3 + i * box_w / 3
        pg.text(x, 112, lab, 5.5, kind="form_label", grey=60)
        pg.text(x + 3, 123, val, 8.5)
    for i, (lab, val) in enumerate(
        [
            ("Betriebsstätten-Nr.", str(rng.randint(10**8, 10**9))),
            ("Arzt-Nr.", str(rng.randint(10**8, 10**9))),
            ("Datum", C.de_num(ctx.letter_date)),
        ]
    ):
        x = L + 3 + i * box_w / 3
        pg.text(x, 133, lab, 5.5, kind="form_label", grey=60)
        pg.text(x + 3, 144, val, 8.5)
    pg.rule(L, 128, L + box_w, 128, 0.5)
    if rng.random() < 0.5:
        pg.text(L + box_w + 10, 90, pid_text(ctx), 7)
    y = 170.0
    pg.block("target")
    pg.text(L, y, "Überweisung an", 6, kind="form_label", grey=60)
    pg.text(
        L + 90,
        y,
        rng.choice(
            [
                "Radiologie",
                "Kardiologie",
                "Neurologie",
                "Orthopädie",
                "Gastroenterologie",
                "Dermatologie",
            ]
        ),
        10,
        "sans-bold",
    )
    y += 22
    pg.rule(L, y - 8, Rr, y - 8, 0.4)
    pg.block("diagnosis")
    pg.text(L, y, "Diagnose/Verdachtsdiagnose", 6, kind="form_label", grey=60)
    y += 13
    for d in rng.sample(C.DIAG_DE, 2):
        pg.text(L + 6, y, d, 9)
        y += 12
    pg.rule(L, y - 4, Rr, y - 4, 0.4)
    y += 8
    pg.block("question")
    pg.text(L, y, "Befund/Medikation/Auftrag", 6, kind="form_label", grey=60)
    y += 13
    q = rng.choice(
        [
            "Bitte um Mitbehandlung und Befundbericht.",
            "Abklärung der Beschwerden, Echokardiographie erbeten.",
            "MRT LWS bei persistierender Lumboischialgie rechts.",
        ]
    )
    y = pg.para(L + 6, y, Rr - L - 12, q, 9, leading=1.3)
    pg.rule(L, y, Rr, y, 0.4)
    # practice stamp and signature at the foot
    texts = [
        (org.name, 7.5, "sans-bold"),
        *[(s, 6.5, "sans") for s in org.sub[:1]],
        (org.street, 6.5, "sans"),
        (org.city, 6.5, "sans"),
        (f"Tel. {org.phone}", 6.5, "sans"),
    ]
    img, boxes = R.stamp(texts, rng.uniform(-3, 3), rng)
    sx = L
    sy = ctx.size[1] - 40 - img.height * 72 / R.MASTER_DPI
    add_stamp(pg, img, boxes, sx, sy, grey=rng.choice([40, 80]))
    pg.block("signature")
    sig = R.signature(90, 30, rng)
    pg.image(Rr - 130, ctx.size[1] - 90, sig, grey=30, kind="signature")
    pg.rule(Rr - 140, ctx.size[1] - 52, Rr, ctx.size[1] - 52, 0.4)
    pg.text(
        Rr - 140,
        ctx.size[1] - 44,
        "Vertragsarztstempel / Unterschrift des Arztes",
        5.5,
        kind="form_label",
        grey=60,
    )
    ctx.set(letter_date=ctx.letter_date.isoformat())
    ctx.notes.append("sender named in the practice stamp at the form's foot")


def email_printout(ctx: Ctx) -> None:
    """An e-mail printed from a mail program: From/Sent/To/Subject, the body, the practice's
    signature block. Letter date: the sent date; title: the subject line."""
    rng = ctx.rng
    org = C.organisation(rng, ctx.region, rng.choice(["practice", "hospital", "lab"]))
    ctx.sender(org)
    pg = ctx.page()
    me = C.doctor(rng, ctx.region)
    y = 60.0
    pg.block("mail-head")
    addr = C.organisation(rng, ctx.region, "practice")
    pg.text(
        ctx.L,
        y,
        f"{'Praxis-Postfach' if not ctx.en else 'Practice mailbox'} – {addr.email}",
        8,
        grey=60,
    )
    y += 10
    pg.rule(ctx.L, y, ctx.R, y, 1.5)
    y += 18
    t = ctx.letter_date
    hh, mm = rng.randint(7, 18), rng.randint(0, 59)
    if ctx.en:
        subj_kind = rng.choice(["Results", "Clinic letter", "Referral", "Discharge summary"])
        subject = f"{subj_kind} – {ctx.name('plain')}"
        sent = (
            f"{C.EN_MONTHS[t.month - 1][:3]} {t.day}, {t.year} "
            f"{hh % 12 or 12}:{mm:02d} {'PM' if hh >= 12 else 'AM'}"
            if ctx.region == "US"
            else f"{t:%A}, {C.uk_long(t)} {hh:02d}:{mm:02d}"
        )
        rows = [
            ("From:", f"{me.split(',')[0]} <{org.email}>"),
            ("Sent:", sent),
            ("To:", addr.email),
            ("Subject:", subject),
        ]
    else:
        subj_kind = rng.choice(["Befund", "Arztbrief", "Laborwerte", "Rückmeldung"])
        subject = f"{subj_kind} {ctx.name(rng.choice(['hon', 'plain']))}, geb. {ctx.born()}"
        wd = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"][
            t.weekday()
        ]
        rows = [
            ("Von:", f"{me} <{org.email}>"),
            ("Gesendet:", f"{wd}, {C.de_long(t)} {hh:02d}:{mm:02d}"),
            ("An:", addr.email),
            ("Betreff:", subject),
        ]
    if rng.random() < 0.4:
        rows.insert(3, ("Cc:", f"sekretariat@{org.email.split('@')[1]}"))
    for k, v in rows:
        pg.text(ctx.L, y, k, 9.5, "sans-bold")
        pg.text(ctx.L + 70, y, v, 9.5)
        y += 13
    ctx.set(title=subject, title_alternatives=[subj_kind])
    y += 16
    pg.block("body")
    if ctx.en:
        pg.text(
            ctx.L,
            y,
            "Dear "
            + rng.choice(
                [
                    "colleague",
                    "Dr " + addr.doctors[0].split()[-1]
                    if ctx.region == "GB"
                    else "Dr. " + addr.doctors[0].split()[-2].rstrip(","),
                ]
            )
            + ",",
            10,
        )
        y += 20
        if "birth_date" not in ctx.facts:
            pg, y = ctx.flow(
                pg, y, f"Please find below the update on {ctx.name('plain')} (DOB {ctx.born()})."
            )
        pg, y = ctx.flow(pg, y, C.sentences(rng, True, rng.randint(3, 6)))
        y += 10
        pg.text(ctx.L, y, rng.choice(["Kind regards,", "Best wishes,", "Many thanks,"]), 10)
    else:
        pg.text(ctx.L, y, "Sehr geehrte Kolleginnen und Kollegen,", 10)
        y += 20
        pg, y = ctx.flow(
            pg,
            y,
            "anbei wie besprochen die aktuellen Befunde. "
            + C.sentences(rng, False, rng.randint(3, 5)),
        )
        y += 10
        pg.text(ctx.L, y, "Viele Grüße", 10)
    y += 26
    pg.block("mail-signature")
    for s in [me, "--", org.name, *org.sub[:1], org.street, org.city, f"Tel. {org.phone}"]:
        pg.text(ctx.L, y, s, 9, grey=30)
        y += 11.5
    if rng.random() < 0.5:
        y += 10
        pg.block("disclaimer")
        disc = (
            "This e-mail and any attachments are confidential and intended solely for "
            "the addressee."
            if ctx.en
            else "Diese E-Mail enthält vertrauliche Informationen und ist ausschließlich "
            "für den Adressaten bestimmt."
        )
        y = pg.para(ctx.L, y, ctx.R - ctx.L, disc, 7, kind="footer")
    pg.block("print-footer")
    pg.text(ctx.L, ctx.size[1] - 30, "1", 8, kind="footer")
    ctx.set(letter_date=ctx.letter_date.isoformat())
    ctx.notes.append("e-mail printout: letter date is the sent date, title the subject line")


def handnote(ctx: Ctx) -> None:
    """A handwritten note on a practice's printed notepad (upright): the patient, a request,
    a short date and an initial. Sender: the pad's printed practice."""
    rng = ctx.rng
    org = C.organisation(rng, ctx.region, "practice")
    ctx.sender(org)
    ctx.size = (419.53, 595.28)  # A5 pad
    pg = ctx.page()
    pg.handwritten = True
    pg.block("pad-head")
    pg.text(30, 40, org.name, 10.5, "sans-bold", kind="heading")
    pg.text(30, 52, f"{org.street} · {org.city} · {'Tel' if ctx.en else 'Tel.'} {org.phone}", 7)
    pg.rule(30, 58, ctx.size[0] - 30, 58, 0.6)
    pg.block("note")
    d = ctx.letter_date
    if ctx.en:
        date = C.us_num(d) if ctx.region == "US" else f"{d.day}/{d.month}/{d.year % 100:02d}"
        lines = [
            date,
            rng.choice(["Dear colleague,", "Dear Dr " + C.doctor(rng, "GB").split()[2] + ","]),
            "please could you see",
            f"{ctx.name('hon_en')} DOB {ctx.born(C.us_num if ctx.region == 'US' else C.uk_num)}",
            rng.choice(
                [
                    "? carpal tunnel R hand",
                    "worsening knee pain, xray done",
                    "palpitations, ECG attached",
                ]
            ),
            "Many thanks",
        ]
    else:
        date = C.de_short(d)
        lines = [
            date,
            rng.choice(["Liebe Kollegin,", "Lieber Kollege,", "Liebe Kolleginnen u. Kollegen,"]),
            "bitte um Mitbehandlung von",
            f"{ctx.name(rng.choice(['hon', 'plain']))} *{ctx.born(C.de_short)}",
            rng.choice(
                [
                    "V.a. Karpaltunnelsyndrom re.",
                    "Knieschmerz li. seit 3 Wo.",
                    "Palpitationen, EKG anbei",
                ]
            ),
            "Danke + Gruß",
        ]
    ctx.set(title=None, title_alternatives=[])
    y = 95.0
    size = rng.uniform(14, 17)
    y = hand_lines(ctx, pg, 40, y, lines[:1], size, size * 2.0)
    hand_lines(ctx, pg, 40, y + 10, lines[1:], size, size * 2.1)
    pg.block("initials")
    sig = R.signature(70, 26, rng)
    pg.image(ctx.size[0] - 150, ctx.size[1] - 150, sig, grey=30, kind="signature")
    ctx.set(letter_date=d.isoformat())
    ctx.notes.append("handwritten: only a short date; no born-digital version")


def at_befund(ctx: Ctx) -> None:
    """An Austrian Befund from an Ordination: 'Wien, am 3. Jänner 2025', SVNR with the birth
    date inside it, titles like Univ.-Prof. and OA."""
    rng = ctx.rng
    org = C.organisation(rng, "AT", rng.choice(["practice", "hospital"]))
    pg = ctx.page()
    y = letterhead(ctx, pg, org, rng.choice(["right", "center"]), serif=True)
    ctx.sender(org)
    if rng.random() < 0.3:
        receipt_stamp(ctx, pg)
    city = org.city.split(" ", 1)[1]
    pg.block("date")
    pg.text(
        ctx.R, y + 10, f"{city}, am {C.de_long(ctx.letter_date, austrian=True)}", 10, align="right"
    )
    y += 40
    pg.block("title")
    title = rng.choice(["Befund", "Ärztlicher Befundbericht", "Ambulanzbrief"])
    pg.text(ctx.L, y, title, 13, "serif-bold", kind="heading")
    ctx.set(title=title, title_alternatives=[])
    y += 22
    pg.block("patient")
    b = ctx.patient.birth
    name = ctx.name(rng.choice(["hon", "comma"]))
    pg.text(ctx.L, y, f"Pat.: {name}", 10)
    y += 13
    pg.text(
        ctx.L,
        y,
        f"geb. {ctx.born(C.de_num)}   "
        f"SVNR {rng.randint(1000, 9999)} {b.day:02d}{b.month:02d}{b.year % 100:02d}",
        10,
    )
    y += 13
    if rng.random() < 0.5:
        pg.text(ctx.L, y, f"Zuweisung: {C.doctor(rng, 'AT')}", 10)
        y += 13
    y += 12
    pg, y = diag_block(ctx, pg, y, rng.randint(2, 3))
    pg.block("findings")
    pg, y = ctx.line(pg, y, "Befund:", 10, "sans-bold")
    pg, y = ctx.flow(pg, y, C.sentences(rng, False, rng.randint(3, 5)))
    y += 6
    pg, y = ctx.line(pg, y, "Procedere:", 10, "sans-bold")
    pg, y = ctx.flow(pg, y, C.sentences(rng, False, 2))
    pg, y = sign(ctx, pg, y + 12, [(org.doctors[0], "")], "Mit freundlichen Grüßen")
    footer(ctx, pg, org)
    ctx.set(letter_date=ctx.letter_date.isoformat())


def ch_bericht(ctx: Ctx) -> None:
    """A Swiss report: no ß (Strasse, Grüsse), head on the right, AHV number, 'Zürich, 3. März
    2025' dating, a Sprechstundenbericht with a relative who came along."""
    rng = ctx.rng
    org = C.organisation(rng, "CH", rng.choice(["practice", "hospital"]))
    org.name = org.name.replace("ß", "ss")
    pg = ctx.page()
    y = letterhead(ctx, pg, org, "right")
    ctx.sender(org)
    pg.block("address")
    addressee = C.doctor(rng, "CH")
    ctx.person("addressee", addressee)
    yy = 150.0
    for t in [
        addressee,
        f"{rng.choice(reg.DE_STREETS).replace('ß', 'ss')} {rng.randint(1, 80)}",
        f"{rng.choice(['8004 Zürich', '3012 Bern', '4056 Basel', '6003 Luzern'])}",
    ]:
        pg.text(ctx.L, yy, t, 10)
        yy += 12.5
    city = org.city.split(" ", 1)[1]
    pg.block("date")
    pg.text(ctx.L, yy + 30, f"{city}, {C.de_long(ctx.letter_date)}", 10)
    y = yy + 60
    pg.block("subject")
    title = rng.choice(["Sprechstundenbericht", "Bericht", "Konsiliarbericht"])
    name = ctx.name(rng.choice(["hon", "plain"]))
    b = ctx.born(rng.choice([C.de_num, C.de_long]))
    pg.text(ctx.L, y, f"{title}: {name}, {b}", 10, "sans-bold", kind="heading")
    y += 13
    pg.text(
        ctx.L,
        y,
        f"AHV-Nr. 756.{rng.randint(1000, 9999)}.{rng.randint(1000, 9999)}.{rng.randint(10, 99)}",
        9,
    )
    ctx.set(title=title, title_alternatives=[f"{title}: {name}, {b}"])
    y += 26
    pg.block("body")
    fem = addressee.split()[-2] in reg.DE_GIVEN_F
    pg.text(
        ctx.L,
        y,
        f"{'Liebe Frau' if fem else 'Lieber Herr'} "
        f"Kollege{'in' if fem else ''} {addressee.split()[-1]}",
        10,
    )
    y += 20
    rel = f"{rng.choice(reg.DE_GIVEN_F)} {rng.choice(reg.DE_SURNAMES)}"
    ctx.person("relative (Tochter)", rel)
    text = (
        "Besten Dank für die Zuweisung. Die Patientin bzw. der Patient kam in Begleitung "
        f"der Tochter, Frau {rel}. " + C.sentences(rng, False, rng.randint(3, 5))
    )
    pg, y = ctx.flow(pg, y, text.replace("ß", "ss"))
    y += 8
    pg, y = sign(ctx, pg, y + 6, [(org.doctors[0], "")], "Freundliche Grüsse")
    ctx.set(letter_date=ctx.letter_date.isoformat())


def uk_letter(ctx: Ctx) -> None:
    """A UK letter: GP referral (practice head on the right, date, addressee block, 'Re:'
    lines with the patient, DOB and NHS number) or a hospital clinic letter (Trust head
    centred, clinic and typed dates, SURNAME, Given M)."""
    rng = ctx.rng
    gp = rng.random() < 0.5
    org = C.organisation(rng, "GB", "practice" if gp else "hospital")
    pg = ctx.page()
    y = letterhead(ctx, pg, org, "right" if gp else "center")
    ctx.sender(org)
    if rng.random() < 0.3:
        receipt_stamp(ctx, pg)
    pg.block("address")
    addressee = C.doctor(rng, "GB", senior=not gp)
    ctx.person("addressee", addressee)
    yy = max(y, 150.0)
    dest = C.organisation(rng, "GB", "hospital" if gp else "practice")
    for t in [
        addressee.split(" M")[0] if gp else addressee,
        dest.sub[1] if dest.sub and len(dest.sub) > 1 else dest.name,
        dest.street,
        dest.city,
    ]:
        pg.text(ctx.L, yy, t, 10)
        yy += 12.5
    pg.block("dates")
    if gp:
        pg.text(
            ctx.R,
            yy + 10,
            rng.choice([C.uk_long, C.uk_ordinal, C.uk_num])(ctx.letter_date),
            10,
            align="right",
        )
    else:
        clinic = ctx.other_date("clinic date", 3, 14)
        dictated = ctx.other_date("dictated", 0, 2) if rng.random() < 0.5 else None
        pg.text(ctx.R, yy - 40, f"Clinic date: {C.uk_num(clinic)}", 9, align="right")
        pg.text(ctx.R, yy - 28, f"Date typed: {C.uk_num(ctx.letter_date)}", 9, align="right")
        if dictated:
            pg.text(ctx.R, yy - 16, f"Dictated: {C.uk_num(dictated)}", 9, align="right")
        ctx.notes.append("hospital letter: the letter date is the typed date, not the clinic date")
    y = yy + 36
    pg.block("salutation")
    pg.text(
        ctx.L,
        y,
        f"Dear {addressee.split()[0]} {addressee.split()[2] if gp else addressee.split()[-1]},",
        10,
    )
    y += 22
    pg.block("re")
    b = ctx.patient
    nhs = f"{rng.randint(400, 499)} {rng.randint(100, 999)} {rng.randint(1000, 9999)}"
    if gp:
        pg.text(
            ctx.L,
            y,
            f"Re: {ctx.name('hon_en')}  DOB {ctx.born(C.uk_num)}  NHS No. {nhs}",
            10,
            "sans-bold",
        )
        y += 13
        pg.text(ctx.L, y, f"{b.street}, {b.city} {b.postcode}", 10, "sans-bold")
        y += 13
        if rng.random() < 0.5:
            pg.text(ctx.L, y, pid_text(ctx), 9)
            y += 13
        title = rng.choice(["Referral letter", "Urgent referral", "Referral"])
        ctx.set(title=title, title_alternatives=["Referral letter"])
        pg.text(
            ctx.L,
            y + 4,
            title.upper() if rng.random() < 0.5 else title,
            10,
            "sans-bold",
            kind="heading",
        )
        y += 24
    else:
        pg.text(ctx.L, y, f"Patient: {ctx.name('uk_upper')}", 10, "sans-bold")
        pg.text(
            ctx.L + 250, y, f"DOB: {ctx.born(rng.choice([C.uk_num, C.uk_abbr]))}", 10, "sans-bold"
        )
        y += 13
        pg.text(
            ctx.L,
            y,
            f"Hospital No: {rng.choice('KRM')}{rng.randint(100000, 999999)}   NHS No: {nhs}",
            10,
        )
        y += 24
        title = rng.choice(["Outpatient clinic letter", "Clinic letter"])
        ctx.set(title=None, title_alternatives=["Clinic letter", "Outpatient clinic letter"])
        ctx.notes.append(
            "no subject line or heading: title is None "
            "(alternatives give what a clerk might file it as)"
        )
    pg.block("diagnosis")
    pg, y = diag_block(ctx, pg, y, rng.randint(1, 3))
    pg.block("body")
    for _ in range(rng.randint(1, 3)):
        pg, y = ctx.flow(pg, y, C.sentences(rng, True, rng.randint(2, 4)))
        y += 6
    signer = org.doctors[0] if not gp else C.doctor(rng, "GB")
    pg, y = sign(
        ctx,
        pg,
        y + 8,
        [(signer, "Consultant" if not gp else "General Practitioner")],
        "Yours sincerely",
    )
    if not gp and y < ctx.size[1] - 80:
        pg.block("cc")
        pg.text(ctx.L, y, f"cc: {ctx.name('hon_en')}, {b.street}, {b.city}", 8.5)
    ctx.set(letter_date=ctx.letter_date.isoformat())


def us_discharge(ctx: Ctx) -> None:
    """A US discharge summary over two pages: US Letter paper, month-first dates, admission
    and discharge dates, 'Electronically signed by ... on MM/DD/YYYY'."""
    rng = ctx.rng
    ctx.size = LETTER
    org = C.organisation(rng, "US", "hospital")
    pg = ctx.page()
    y = letterhead(ctx, pg, org, rng.choice(["left", "center"]))
    ctx.sender(org)
    if rng.random() < 0.3:
        receipt_stamp(ctx, pg)
    pg.block("title")
    title = rng.choice(["DISCHARGE SUMMARY", "Discharge Summary"])
    pg.text(ctx.size[0] / 2, y + 6, title, 14, "sans-bold", align="center", kind="heading")
    ctx.set(
        title=title.title() if title.isupper() else title,
        title_alternatives=["Discharge summary", "DISCHARGE SUMMARY"],
    )
    y += 34
    adm = ctx.other_date("admission", 5, 12)
    dis = ctx.other_date("discharge", 1, 3)
    pg.block("fields")
    fields = [
        ("Patient Name:", ctx.name(rng.choice(["upper_comma", "uk_upper"]))),
        ("DOB:", ctx.born(C.us_num)),
        ("MRN:", str(rng.randint(10**6, 10**7))),
        ("Admission Date:", C.us_num(adm)),
        ("Discharge Date:", C.us_num(dis)),
        ("Attending:", org.doctors[0]),
        ("PCP:", ctx.person("primary care physician", C.doctor(rng, "US"))),
    ]
    for i, (k, v) in enumerate(fields):
        x = ctx.L + (i % 2) * 250
        yy = y + (i // 2) * 14
        pg.text(x, yy, k, 9, "sans-bold")
        pg.text(x + 95, yy, v, 9)
    y += (len(fields) + 1) // 2 * 14 + 16
    pg.rule(ctx.L, y - 8, ctx.R, y - 8, 0.6)

    def cont(p2: Page) -> float:
        p2.block("continuation")
        p2.text(
            ctx.L,
            50,
            f"{ctx.surname().upper()}, {ctx.given().upper()}   MRN {fields[2][1]}   "
            f"DOB {C.us_num(ctx.patient.birth)}",
            8.5,
            grey=40,
        )
        p2.rule(ctx.L, 56, ctx.R, 56, 0.5)
        return 80.0

    ctx.continuation = cont
    for head, n in [
        ("DISCHARGE DIAGNOSES", 0),
        ("HISTORY OF PRESENT ILLNESS", 2),
        ("HOSPITAL COURSE", 5),
        ("DISCHARGE MEDICATIONS", 0),
        ("FOLLOW-UP", 2),
    ]:
        pg.block(head.lower())
        pg, y = ctx.line(pg, y, head, 10, "sans-bold")
        if head == "DISCHARGE DIAGNOSES":
            for i, d in enumerate(rng.sample(C.DIAG_EN, 3)):
                pg, y = ctx.line(pg, y, f"{i + 1}. {d}", 10)
        elif head == "DISCHARGE MEDICATIONS":
            for m in rng.sample(
                [
                    "Lisinopril 10 mg PO daily",
                    "Metformin 500 mg PO BID",
                    "Atorvastatin 40 mg PO nightly",
                    "Apixaban 5 mg PO BID",
                    "Levothyroxine 75 mcg PO daily",
                ],
                3,
            ):
                pg, y = ctx.line(pg, y, f"- {m}", 10)
        else:
            for _ in range(rng.randint(1, n + 1)):
                pg, y = ctx.flow(
                    pg,
                    y,
                    C.sentences(rng, True, 3)
                    .replace("She", "The patient")
                    .replace("He ", "The patient "),
                )
        y += 8
    if y > ctx.size[1] - 130:
        pg = ctx.page()
        y = cont(pg)
    pg.block("esign")
    t = ctx.letter_date
    pg.text(
        ctx.L,
        y + 10,
        f"Electronically signed by {org.doctors[0]} on {C.us_num(t)} "
        f"{rng.randint(1, 12)}:{rng.randint(0, 59):02d} {rng.choice(['AM', 'PM'])}",
        9,
    )
    pg.text(
        ctx.L,
        y + 23,
        f"Dictated: {C.us_num(ctx.other_date('dictated', 0, 1))}   "
        f"Transcribed by: {rng.choice('ABCDEFGHJKLMNPRST')}{rng.choice('ABCDEFGHJKLMNPRST')}",
        8,
        grey=50,
    )
    page_numbers(ctx)
    ctx.set(letter_date=t.isoformat())
    ctx.notes.append("letter date is the electronic signature's date")


def us_lab(ctx: Ctx) -> None:
    """A US laboratory report: Collected / Received / Reported, a result table, flags."""
    rng = ctx.rng
    ctx.size = LETTER
    org = C.organisation(rng, "US", "lab")
    pg = ctx.page()
    y = letterhead(ctx, pg, org, "left")
    ctx.sender(org)
    pg.block("title")
    title = rng.choice(["LABORATORY REPORT", "Final Report", "Laboratory Results"])
    pg.text(ctx.R, y + 2, title, 13, "sans-bold", align="right", kind="heading")
    y += 26
    ctx.set(
        title=title.title() if title.isupper() else title,
        title_alternatives=["Laboratory report", title],
    )
    coll = ctx.other_date("collected", 1, 3)
    pg.block("fields")
    rows = [
        ("Patient:", ctx.name(rng.choice(["upper_comma", "uk_upper", "plain"]))),
        ("Date of Birth:", ctx.born(C.us_num)),
        ("Sex:", {"F": "Female", "M": "Male"}.get(ctx.patient.sex, "Unknown")),
        ("Ordering Physician:", ctx.person("ordering physician", C.doctor(rng, "US"))),
        ("Collected:", f"{C.us_num(coll)} 08:{rng.randint(10, 59)}"),
        ("Received:", f"{C.us_num(coll)} 11:{rng.randint(10, 59)}"),
        ("Reported:", f"{C.us_num(ctx.letter_date)} {rng.randint(13, 18)}:{rng.randint(10, 59)}"),
    ]
    if rng.random() < 0.5:
        rows.append(("Client Patient ID:", pid_text(ctx).split(": ")[1]))
    pg.rect(ctx.L, y - 4, ctx.R, y + len(rows) * 13 + 2, 0.6)
    for i, (k, v) in enumerate(rows):
        pg.text(ctx.L + 6, y + 8 + i * 13, k, 9, "sans-bold")
        pg.text(ctx.L + 120, y + 8 + i * 13, v, 9)
    y += len(rows) * 13 + 26
    pg.block("table")
    cols = [ctx.L, ctx.L + 170, ctx.L + 240, ctx.L + 280, ctx.L + 370]
    for c, h in zip(cols, ["Test", "Result", "Flag", "Units", "Reference Range"], strict=True):
        pg.text(c + 2, y, h, 9, "sans-bold", kind="table_cell", row="head")
    pg.rule(ctx.L, y + 5, ctx.R, y + 5, 1.0)
    y += 18
    for i, (t, v, u, ref, flag) in enumerate(rng.sample(C.LAB_EN, rng.randint(6, 10))):
        for c, val in zip(cols, [t, v, flag, u, ref], strict=True):
            if val:
                pg.text(c + 2, y, val, 9, kind="table_cell", row=f"r{i + 1}")
        y += 14
    pg.rule(ctx.L, y - 8, ctx.R, y - 8, 1.0)
    pg.block("end")
    pg.text(ctx.L, y + 10, "*** End of Report ***", 9, align="left")
    pg.text(ctx.L, y + 24, f"Laboratory Director: {C.doctor(rng, 'US')}", 8, grey=50)
    ctx.set(letter_date=ctx.letter_date.isoformat())
    ctx.notes.append("letter date is the Reported date")


LAYOUTS: dict[str, tuple[Callable[[Ctx], None], tuple[str, ...]]] = {
    "de_din_letter": (de_din_letter, ("DE", "DE", "AT")),
    "de_discharge": (de_discharge, ("DE", "DE", "AT")),
    "de_lab": (de_lab, ("DE",)),
    "de_referral_form": (de_referral_form, ("DE",)),
    "de_email": (email_printout, ("DE", "CH")),
    "de_handnote": (handnote, ("DE",)),
    "at_befund": (at_befund, ("AT",)),
    "ch_bericht": (ch_bericht, ("CH",)),
    "uk_letter": (uk_letter, ("GB",)),
    "uk_email": (email_printout, ("GB", "US")),
    "en_handnote": (handnote, ("GB", "US")),
    "us_discharge": (us_discharge, ("US",)),
    "us_lab": (us_lab, ("US",)),
}


# ---- fax cover and header -------------------------------------------------------------------


def fax_cover(ctx: Ctx, sent: dt.datetime, total: int) -> Page:
    """A fax cover sheet (page 1 of the fax only): to, from, numbers, the transmission date,
    the page count, a confidentiality notice."""
    rng = ctx.rng
    org = ctx.org
    assert org is not None
    pg = Page(ctx.size, role="fax_cover", number=0)
    W = ctx.size[0]
    pg.block("cover-head")
    big = "FAX" if ctx.en else rng.choice(["Telefax", "FAX-Mitteilung"])
    pg.text(ctx.L, 80, big, 26, "sans-bold", kind="heading")
    pg.text(ctx.L, 104, org.name, 11, "sans-bold")
    pg.text(ctx.L, 118, f"{org.street} · {org.city}", 9)
    pg.rule(ctx.L, 128, W - 60, 128, 1.2)
    dest = C.organisation(rng, ctx.region, "practice")
    when = (
        (C.us_num(sent.date()) if ctx.region == "US" else C.uk_num(sent.date()))
        if ctx.en
        else C.de_num(sent.date())
    )
    subj = rng.choice(
        [
            f"{'Results' if ctx.en else 'Befund'} {ctx.surname()}",
            "Befund" if not ctx.en else "Medical report",
            "",
        ]
    )
    if ctx.en:
        rows = [
            ("To:", dest.name),
            ("Fax:", dest.fax),
            ("From:", org.doctors[0]),
            ("Fax:", org.fax),
            ("Phone:", org.phone),
            ("Date:", f"{when} {sent:%H:%M}"),
            ("Pages:", f"{total} (including cover)"),
            ("Re:", subj),
        ]
        note = (
            "CONFIDENTIAL: This fax contains patient information. If you have received it "
            "in error, please notify the sender immediately and destroy it."
        )
    else:
        rows = [
            ("An:", dest.name),
            ("Fax-Nr.:", dest.fax),
            ("Von:", org.doctors[0]),
            ("Fax-Nr.:", org.fax),
            ("Telefon:", org.phone),
            ("Datum:", f"{when} {sent:%H:%M}"),
            ("Seiten:", f"{total} inkl. Deckblatt"),
            ("Betreff:", subj),
        ]
        note = (
            "Vertraulich: Dieses Fax enthält Patientendaten. Sollten Sie es irrtümlich "
            "erhalten haben, benachrichtigen Sie bitte umgehend den Absender und vernichten "
            "Sie es."
        )
    pg.block("cover-fields")
    y = 160.0
    for k, v in rows:
        if not v:
            continue
        pg.text(ctx.L, y, k, 11, "sans-bold")
        pg.text(ctx.L + 90, y, v, 11)
        y += 22
    pg.block("cover-note")
    pg.rule(ctx.L, y, W - 60, y, 0.6)
    pg.para(ctx.L, y + 20, W - 60 - ctx.L, note, 8.5)
    if rng.random() < 0.5:
        pg.block("cover-message")
        msg = (
            rng.choice(
                ["Anbei der Befund mit der Bitte um Kenntnisnahme.", "Wie telefonisch besprochen."]
            )
            if not ctx.en
            else rng.choice(["Please see attached.", "As discussed on the phone."])
        )
        pg.para(ctx.L, y + 70, W - 60 - ctx.L, msg, 11, font="sans")
    return pg


def fax_header(
    ctx: Ctx, size: tuple[float, float], sent: dt.datetime, index: int, total: int, page_id: str
) -> Page:
    org = ctx.org
    assert org is not None
    pg = Page(size, role="fax_header")
    if ctx.en:
        stamp = f"{C.EN_MONTHS[sent.month - 1][:3].upper()}-{sent.day:02d}-{sent.year} {sent:%H:%M}"
        text = (
            f"{stamp}  FROM: {org.fax:<18} {org.name[:28].upper():<28}  P.{index:03d}/{total:03d}"
        )
    else:
        text = f"{sent:%d.%m.%Y %H:%M}  {org.fax:<18} {org.name[:30]:<30}  S. {index}/{total}"
    line = pg.text(12, 14, text, 7.5, "mono", kind="fax_header")
    line.id = f"{page_id}-fax"
    return pg


# ---- the letter -----------------------------------------------------------------------------

REMOVABLE = {"text", "heading", "table_cell", "handwriting", "form_label", "footer"}


@dataclass
class Plan:
    """What each condition draws: per page its geometry and render seed."""

    conditions: dict[str, list[tuple[str, R.Geometry, int]]]
    fax_sent: dt.datetime
    fax_cover: bool


class Letter:
    def __init__(
        self,
        index: int,
        split_name: str,
        seed: int,
        layout: str,
        patient: reg.Patient,
        collision_pick: bool,
    ) -> None:
        self.id = f"{split_name}-{index + 1:03d}"
        self.split = split_name
        self.seed = seed
        self.layout = layout
        rng = random.Random(f"heldout:{seed}:{index}")
        build, regions = LAYOUTS[layout]
        region = rng.choice(regions)
        if layout in ("de_din_letter", "de_discharge") and patient.country in ("AT", "DE"):
            region = patient.country
        start = max(dt.date(2023, 1, 2), patient.birth + dt.timedelta(days=30)).toordinal()
        letter_date = dt.date.fromordinal(rng.randint(start, dt.date(2026, 11, 20).toordinal()))
        ctx = Ctx(rng, region, patient, letter_date)
        if (
            not ctx.en
            and any(c in patient.surname + patient.given_names for c in "äöüÄÖÜß")
            and rng.random() < 0.4
        ):
            ctx.translit = True
        if patient.birth_name and rng.random() < 0.3:
            ctx.birth_name_used = True
        build(ctx)
        self.ctx = ctx
        self.region = region
        self.language = "en" if ctx.en else "de"
        self.pages = ctx.pages
        self.collision_pick = collision_pick
        self.notes = list(ctx.notes)
        if ctx.translit:
            self.notes.append(
                "the letter writes the patient's umlauts transliterated (ae, oe, ue, ss)"
            )
        if ctx.birth_name_used:
            self.notes.append(
                "the letter names the patient by the birth name; "
                "the register holds the married name"
            )
        facts = ctx.facts
        for key in ("patient", "birth_date", "title", "patient_id"):
            facts.setdefault(key, None)
        facts.setdefault("title_alternatives", [])
        facts.setdefault("other_dates", [])
        facts.setdefault("other_people", [])
        self.facts = facts
        self._rng = random.Random(f"heldout-plan:{seed}:{index}")
        self.plan = self._plan()
        self.lost = self._lost()

    # -- conditions -------------------------------------------------------------------------
    def _plan(self) -> Plan:
        rng = self._rng
        conds: dict[str, list[tuple[str, R.Geometry, int]]] = {}
        pids = [f"p{p.number}" for p in self.pages]
        handwritten = any(p.handwritten for p in self.pages)
        if not handwritten:
            conds["pdf"] = [
                (pid, R.pdf_geometry(p), 0) for pid, p in zip(pids, self.pages, strict=True)
            ]
        for dpi in (150, 200, 300):
            conds[f"scan{dpi}"] = [
                (pid, R.scan_geometry(p, dpi, rng), rng.randrange(2**31))
                for pid, p in zip(pids, self.pages, strict=True)
            ]
        cover = rng.random() < 0.35
        fax_pages = ["cover", *pids] if cover else pids
        d = dt.date.fromisoformat(self.facts["letter_date"]) + dt.timedelta(
            days=rng.choice([0, 0, 1, 1, 2, 3, 6])
        )
        sent = dt.datetime(d.year, d.month, d.day, rng.randint(7, 19), rng.randint(0, 59))
        size = self.pages[0].size
        conds["fax"] = [
            (
                pid,
                R.fax_geometry(self._page(pid) if pid != "cover" else Page(size)),
                rng.randrange(2**31),
            )
            for pid in fax_pages
        ]
        if rng.random() < 0.4:
            conds["turned"] = [
                (
                    pid,
                    R.scan_geometry(p, 200, rng, turn=rng.choice([90, 180, 270])),
                    rng.randrange(2**31),
                )
                for pid, p in zip(pids, self.pages, strict=True)
            ]
        return Plan(conds, sent, cover)

    def _page(self, pid: str) -> Page:
        if pid == "cover":
            return self.cover
        return self.pages[int(pid[1:]) - 1]

    @cached_property
    def cover(self) -> Page:
        rng = random.Random(f"heldout-cover:{self.seed}:{self.id}")
        saved = self.ctx.rng
        self.ctx.rng = rng
        try:
            pg = fax_cover(self.ctx, self.plan.fax_sent, len(self.pages) + 1)
        finally:
            self.ctx.rng = saved
        for line in pg.lines:
            line.id = "cover-" + line.id.split("-", 1)[1]
        return pg

    def fax_header(self, pid: str) -> Page:
        ids = [p for p, _, _ in self.plan.conditions["fax"]]
        return fax_header(
            self.ctx, self._page(pid).size, self.plan.fax_sent, ids.index(pid) + 1, len(ids), pid
        )

    # -- lost lines -----------------------------------------------------------------------------
    def _lost(self) -> list[dict[str, Any]]:
        rng = random.Random(f"heldout-lost:{self.seed}:{self.id}")
        out: list[dict[str, Any]] = []
        for pg in self.pages:
            cand = [
                ln
                for ln in pg.lines
                if ln.kind in REMOVABLE and sum(c.isalnum() for c in ln.text) >= 3
            ]
            if len(cand) < 5:
                continue
            for n, chance in enumerate((0.7, 0.3), start=1):
                if rng.random() >= chance:
                    break
                kinds = ["line", "line", "lines", "block", "block"]
                rows = sorted({ln.row for ln in cand if ln.row and "head" not in ln.row})
                if rows:
                    kinds += ["table_row"] * 5
                kind = rng.choice(kinds)
                if kind == "line":
                    removed = [rng.choice(cand)]
                elif kind == "lines":
                    removed = rng.sample(cand, rng.randint(2, 3))
                elif kind == "table_row":
                    row = rng.choice(rows)
                    removed = [ln for ln in cand if ln.row == row]
                else:  # a block: 2-3 consecutive lines of one block
                    blocks: dict[str, list[R.Line]] = {}
                    for ln in cand:
                        blocks.setdefault(ln.block, []).append(ln)
                    multi = [b for b in blocks.values() if len(b) >= 2]
                    if not multi:
                        removed = [rng.choice(cand)]
                        kind = "line"
                    else:
                        b = rng.choice(multi)
                        k = min(len(b), rng.randint(2, 3))
                        i = rng.randint(0, len(b) - k)
                        removed = b[i : i + k]
                order = {ln.id: i for i, ln in enumerate(pg.lines)}
                removed.sort(key=lambda ln: order[ln.id])
                out.append(
                    {
                        "variant": f"p{pg.number}-v{n}",
                        "page": f"p{pg.number}",
                        "kind": kind,
                        "removed": [ln.id for ln in removed],
                        "removed_text": [ln.text for ln in removed],
                    }
                )
        return out

    # -- truth ----------------------------------------------------------------------------------
    def condition_pages(self, cond: str) -> list[dict[str, Any]]:
        out = []
        for i, (pid, geo, _) in enumerate(self.plan.conditions[cond]):
            pg = self._page(pid)
            lines = list(pg.lines)
            if cond == "fax":
                lines = self.fax_header(pid).lines + lines
            w, h = geo.size
            ext = {"pdf": "pdf", "fax": "tif"}.get(cond, "jpg")
            recs: list[dict[str, Any]] = []
            for ln in lines:
                box = [round(v, 2) for v in ln.box] if cond == "pdf" else geo.box(ln.box)
                recs.append(
                    {
                        "id": ln.id,
                        "text": ln.text,
                        "kind": ln.kind,
                        "block": ln.block,
                        "row": ln.row,
                        "box": box,
                    }
                )
            text = "\n".join(r["text"] for r in recs)
            lost = []
            for v in self.lost:
                if v["page"] != pid:
                    continue
                gone = set(v["removed"])
                lost.append(
                    {**v, "text": "\n".join(r["text"] for r in recs if r["id"] not in gone)}
                )
            out.append(
                {
                    "page": pid,
                    "index": i + 1,
                    "file": f"{cond}/letter.pdf"
                    if cond == "pdf"
                    else f"{cond}/page-{i + 1:02d}.{ext}",
                    "pdf_page": i + 1 if cond == "pdf" else None,
                    "width": round(pg.size[0], 2) if cond == "pdf" else w,
                    "height": round(pg.size[1], 2) if cond == "pdf" else h,
                    "units": "pt" if cond == "pdf" else "px",
                    "dpi": [72, 72]
                    if cond == "pdf"
                    else ([204, 98] if cond == "fax" else [round(geo.sx * 72)] * 2),
                    "geometry": geo.describe(),
                    "lines": recs,
                    "text": text,
                    "lost": lost,
                }
            )
        return out

    def truth(self) -> dict[str, Any]:
        pages = []
        for pg in self.pages:
            pages.append(
                {
                    "page": f"p{pg.number}",
                    "role": pg.role,
                    "handwritten": pg.handwritten,
                    "size_pt": [round(pg.size[0], 2), round(pg.size[1], 2)],
                    "has_signature": any(g.kind == "signature" for g in pg.graphics),
                    "has_stamp": any(g.kind == "stamp" for g in pg.graphics),
                    "has_logo": any(g.kind == "logo" for g in pg.graphics),
                    "has_rules": any(g.kind in ("rule", "rect") for g in pg.graphics),
                    "lines": [
                        {
                            "id": ln.id,
                            "text": ln.text,
                            "kind": ln.kind,
                            "block": ln.block,
                            "row": ln.row,
                            "box_pt": [round(v, 2) for v in ln.box],
                        }
                        for ln in pg.lines
                    ],
                    "words": [w for ln in pg.lines for w in ln.text.split()],
                }
            )
        p = self.ctx.patient
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.layout,
            "language": self.language,
            "region": self.region,
            "facts": self.facts,
            "register": {
                "id": p.id,
                "collision": p.collision or None,
                "collision_group": p.collision_group or None,
                "chosen_for_collision": self.collision_pick,
            },
            "notes": self.notes,
            "fax": {
                "sent": self.plan.fax_sent.isoformat(timespec="minutes"),
                "cover_sheet": self.plan.fax_cover,
            },
            "pages": pages,
            "lost_variants": self.lost,
            "conditions": {c: {"pages": self.condition_pages(c)} for c in self.plan.conditions},
        }

    # -- rendering ------------------------------------------------------------------------------
    @cached_property
    def _masters(self) -> dict[str, Any]:
        return {}

    def master(self, pid: str) -> Any:
        if pid not in self._masters:
            self._masters[pid] = R.master(self._page(pid))
        return self._masters[pid]

    def render(self, cond: str) -> dict[str, bytes]:
        """The condition's files, named as in the truth's `file` (relative to the letter)."""
        if cond == "pdf":
            return {"pdf/letter.pdf": R.pdf(self.pages)}
        out: dict[str, bytes] = {}
        if cond == "fax":
            imgs = []
            for i, (pid, geo, seed) in enumerate(self.plan.conditions[cond]):
                img = R.fax(self.master(pid), self.fax_header(pid), geo, seed)
                imgs.append(img)
                out[f"fax/page-{i + 1:02d}.tif"] = R.tiff_g4([img])
            out["fax/fax.tif"] = R.tiff_g4(imgs)
            return out
        for i, (pid, geo, seed) in enumerate(self.plan.conditions[cond]):
            out[f"{cond}/page-{i + 1:02d}.jpg"] = R.scan(self.master(pid), geo, seed)
        return out


# ---- generation -------------------------------------------------------------------------------

CYCLE = [
    "de_din_letter",
    "uk_letter",
    "de_lab",
    "us_discharge",
    "de_discharge",
    "uk_email",
    "de_referral_form",
    "us_lab",
    "de_handnote",
    "at_befund",
    "en_handnote",
    "ch_bericht",
    "de_email",
    "de_din_letter",
    "uk_letter",
]


def _patient_for(
    rng: random.Random, patients: list[reg.Patient], layout: str, used: set[str]
) -> tuple[reg.Patient, bool]:
    _, regions = LAYOUTS[layout]
    english = regions[0] in ("GB", "US")
    pool = [p for p in patients if p.english == english and p.id not in used]
    collide = rng.random() < 0.4
    if collide:
        kinds = ["same_name_same_birth", "twin", "name_change", "umlaut_spelling"]
        if english:
            kinds.remove("umlaut_spelling")
        want = rng.choice(kinds)
        cands = [p for p in pool if p.collision == want]
        if want == "umlaut_spelling":
            cands = [p for p in cands if any(c in p.surname for c in "äöüß")]
        if cands:
            return rng.choice(cands), True
    country = [p for p in pool if p.country == regions[0] and not p.collision]
    return rng.choice(country or pool), False


@cache
def register() -> list[reg.Patient]:
    """The patient register every held-out letter's patient is a member of."""
    return reg.build()


def generate(count: int, seed: int, prefix: str = "gen") -> list[Letter]:
    """`count` letters, deterministic in `seed`: layouts in a fixed cycle (shuffled by the
    seed), each with a patient drawn from the register (40% from its colliding records)."""
    rng = random.Random(f"heldout-generate:{seed}")
    cycle = list(CYCLE)
    rng.shuffle(cycle)
    patients = register()
    used: set[str] = set()
    letters = []
    for i in range(count):
        layout = cycle[i % len(cycle)]
        patient, collided = _patient_for(rng, patients, layout, used)
        used.add(patient.id)
        letters.append(Letter(i, prefix, seed, layout, patient, collided))
    return letters
