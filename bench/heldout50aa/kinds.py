"""The kinds of letters and their house styles."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bench.heldout50aa.dates import fmt, shift
from bench.heldout50aa.layout import Composer, Page, text_width
from bench.heldout50aa.register import Patient
from bench.heldout50aa.world import SCRIPT, SENDERS

FONT_PAIRS = [
    ("sansb", "sans"),
    ("serifb", "serif"),
    ("lsansb", "lsans"),
    ("lserifb", "lserif"),
    ("narrowb", "narrow"),
    ("condb", "cond"),
]


@dataclass
class Ctx:
    rng: random.Random
    kind: str
    practice: dict[str, Any]
    patient: Patient | None
    outsider: tuple[str, str, str, str] | None
    letter_date: str
    case: str
    lang: str = "de"
    region: str = "DE"
    sender_key: str = ""
    sender_name: str = ""
    sender_alts: list[str] = field(default_factory=list)
    title: str | None = None
    title_alts: list[str] = field(default_factory=list)
    as_written: str = ""
    name_as_letter: str = ""
    bd_printed: bool = False
    patient_id: str | None = None
    other_dates: list[dict[str, str]] = field(default_factory=list)
    other_people: list[dict[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    handwritten: bool = False
    letter_date_printed: bool = True
    comp: Composer = field(default_factory=Composer)
    bold: str = "sansb"
    reg: str = "sans"

    # -- the patient as this letter spells them
    @property
    def given(self) -> str:
        if self.patient is None:
            assert self.outsider is not None
            return self.outsider[0]
        return self._script(self.patient.given_names)

    @property
    def surname(self) -> str:
        if self.patient is None:
            assert self.outsider is not None
            return self.outsider[1]
        if self.case == "name_change" and self.patient.former_names:
            return self.patient.former_names[0]
        return self._script(self.patient.surname)

    def _script(self, name: str) -> str:
        table = SCRIPT.get(self.lang)
        if table and name in table:
            return table[name]
        return name

    @property
    def sex(self) -> str:
        if self.patient is None:
            assert self.outsider is not None
            return self.outsider[2]
        return self.patient.sex

    @property
    def bd(self) -> str:
        if self.patient is None:
            assert self.outsider is not None
            return self.outsider[3]
        return self.patient.birth_date

    @property
    def ptitle(self) -> str:
        return self.patient.title if self.patient is not None else ""

    def sender(self, key: str) -> dict[str, Any]:
        self.sender_key = key
        s = SENDERS[key]
        self.sender_name = str(s["name"])
        self.sender_alts = [str(a) for a in s["alts"]]  # type: ignore[attr-defined]
        self.lang = str(s["lang"])
        self.region = str(s["region"])
        return s

    def person(self, name: str, role: str) -> None:
        self.other_people.append({"name": name, "role": role})

    def date(self, iso: str, role: str) -> str:
        self.other_dates.append({"date": iso, "role": role})
        return iso

    def ago(self, lo: int, hi: int) -> str:
        return shift(self.letter_date, -(lo + self.rng.randrange(hi - lo + 1)))

    def ahead(self, lo: int, hi: int) -> str:
        return shift(self.letter_date, lo + self.rng.randrange(hi - lo + 1))

    def pick(self, items: list[Any]) -> Any:
        return items[self.rng.randrange(len(items))]

    def finish(self) -> list[Page]:
        pages = self.comp.pages
        return pages

    def facts(self) -> dict[str, Any]:
        if self.patient is not None:
            full = f"{self.patient.given_names} {self.patient.surname}"
            sn, gv, rid = self.patient.surname, self.patient.given_names, self.patient.id
        else:
            assert self.outsider is not None
            full = f"{self.outsider[0]} {self.outsider[1]}"
            sn, gv, rid = self.outsider[1], self.outsider[0], None
        return {
            "patient": {
                "full_name": full,
                "surname": sn,
                "given_names": gv,
                "as_written": self.as_written,
                "full_name_as_letter": self.name_as_letter or f"{self.given} {self.surname}",
                "register_id": rid,
            },
            "birth_date": self.bd if self.bd_printed else None,
            "letter_date": self.letter_date if self.letter_date_printed else None,
            "sender": self.sender_name,
            "sender_alternatives": self.sender_alts,
            "title": self.title,
            "title_alternatives": self.title_alts,
            "patient_id": self.patient_id,
            "other_dates": self.other_dates,
            "other_people": self.other_people,
        }


# ------------------------------------------------------------------ building blocks


def letterhead(ctx: Ctx, s: dict[str, Any], align: str | None = None) -> None:
    c = ctx.comp
    align = align or ctx.pick(["left", "right", "center"])
    lines = list(s["head"])
    c.y = 40.0
    for i, t in enumerate(lines):
        size = 13.5 if i == 0 else 8.5
        font = ctx.bold if i == 0 else ctx.reg
        c.line(t, font, size, align=align, lead=size * 1.35 if i else 16)
    c.page.rules.append((c.left, c.y + 6, c.right, c.y + 6))
    c.y += 8


def recipient(ctx: Ctx, y: float = 150.0, backline: str | None = None) -> None:
    c = ctx.comp
    c.y = y
    if backline:
        c.line(backline, ctx.reg, 6.5, lead=8)
        c.gap(2)
    p = ctx.practice
    variant = ctx.rng.randrange(3)
    if variant == 0:
        rows = list(p["lines"])
    elif variant == 1:
        rows = [p["short"], p["doctor"]] if p["key"] != "ay" else [p["name"]]
    else:
        rows = [p["doctor"], p["short"]] if p["key"] == "wk" else list(p["lines"])
    rows += [p["street"], p["city"]]
    for r in rows:
        c.line(r, ctx.reg, 10, lead=12.5)


def date_line(ctx: Ctx, style: str, where: str, city: str) -> str:
    c = ctx.comp
    d = fmt(ctx.letter_date, style)
    if where == "right":
        c.line(f"{city}, {d}", ctx.reg, 10, align="right")
    elif where == "left_den":
        c.line(f"{city}, den {d}", ctx.reg, 10)
    elif where == "plain_right":
        c.line(d, ctx.reg, 10, align="right")
    else:
        c.line(f"{city}, {d}", ctx.reg, 10)
    return d


def info_block(ctx: Ctx, rows: list[tuple[str, str]], y: float = 150.0, x: float = 390.0) -> None:
    c = ctx.comp
    yy = y
    for label, value in rows:
        yy += 11.5
        c.at(x, yy, label, ctx.reg, 7.5)
        c.at(x + 70, yy, value, ctx.reg, 8.5)


def ref_row(ctx: Ctx, cols: list[tuple[str, str]]) -> None:
    c = ctx.comp
    c.gap(10)
    width = (c.right - c.left) / len(cols)
    y1 = c.y + 10
    y2 = c.y + 22
    for i, (label, value) in enumerate(cols):
        c.at(c.left + i * width, y1, label, ctx.reg, 7)
        c.at(c.left + i * width, y2, value, ctx.reg, 9)
    c.y = y2 + 4


def mention_de(ctx: Ctx, style: str, bd_style: str = "dot") -> None:
    c = ctx.comp
    g, s = ctx.given, ctx.surname
    t = f"{ctx.ptitle} " if ctx.ptitle else ""
    bd = fmt(ctx.bd, bd_style)
    hf = "Herrn" if ctx.sex == "m" else "Frau"
    ctx.bd_printed = True
    if style == "label":
        ctx.as_written = f"{g} {s}"
        c.line(f"Patient{'in' if ctx.sex == 'f' else ''}: {g} {s}, geb. {bd}", ctx.bold, 10)
    elif style == "herr":
        ctx.as_written = f"{t}{g} {s}"
        c.line(f"{'Herr' if ctx.sex == 'm' else 'Frau'} {t}{g} {s}, geboren am {bd}", ctx.bold, 10)
    elif style == "caps":
        ctx.as_written = f"{s.upper()}, {g}"
        c.line(f"{s.upper()}, {g}, * {bd}", ctx.bold, 10.5)
    elif style == "betr":
        ctx.as_written = f"{g} {s}"
        p = ctx.patient
        addr = f", {p.street}, {p.postcode} {p.city}" if p is not None else ""
        c.line(f"Betr.: {hf} {g} {s}, geb. {bd}{addr}", ctx.reg, 10)
        if p is not None and p.collision == "same_name_and_birth_date":
            ctx.notes.append(
                "the register holds a namesake with the same birth date; "
                "the address tells them apart"
            )
    elif (
        style == "maiden"
        and ctx.patient is not None
        and ctx.patient.birth_name
        and ctx.case != "name_change"
    ):
        ctx.as_written = f"{g} {s}"
        c.line(f"{hf} {g} {s} geb. {ctx.patient.birth_name}, * {bd}", ctx.bold, 10)
        ctx.notes.append("'geb.' introduces the birth name here, not the birth date")
    elif style == "surname_first":
        ctx.as_written = f"{s}, {g}"
        c.line(f"Name: {s}, {g}     Geb.-Datum: {bd}", ctx.reg, 10)
    else:
        ctx.bd_printed = False
        ctx.as_written = f"{t}{g} {s}"
        c.line(
            f"unsere{'n' if ctx.sex == 'm' else ''} gemeinsame{'n' if ctx.sex == 'm' else ''} "
            f"Patient{'en' if ctx.sex == 'm' else 'in'} {t}{g} {s}",
            ctx.bold,
            10,
        )
    if ctx.case == "name_change":
        ctx.notes.append(
            "the letter uses the patient's former surname; the register has the new one"
        )


def body(ctx: Ctx, items: list[tuple[str, str]], size: float = 10.0) -> None:
    c = ctx.comp
    for kind, text in items:
        if kind == "h":
            c.gap(5)
            c.line(text, ctx.bold, size)
        elif kind == "li":
            c.para(f"– {text}", ctx.reg, size, indent=10)
        elif kind == "gap":
            c.gap(8)
        else:
            c.gap(3)
            c.para(text, ctx.reg, size)


def signature(ctx: Ctx, closing: str, signers: list[tuple[str, str]], side: bool) -> None:
    c = ctx.comp
    c.gap(8)
    c.line(closing, ctx.reg, 10)
    c.gap(26)
    if side and len(signers) > 1:
        y = c.y + 12
        for i, (n, r) in enumerate(signers[:2]):
            c.at(c.left + i * 240, y, n, ctx.reg, 9.5)
            if r:
                c.at(c.left + i * 240, y + 11, r, ctx.reg, 8)
            ctx.person(n, r or "signer")
        c.y = y + 14
    else:
        for n, r in signers:
            c.line(n, ctx.reg, 9.5)
            if r:
                c.line(r, ctx.reg, 8, lead=10)
            ctx.person(n, r or "signer")


def footer(ctx: Ctx, text: str | None) -> None:
    pages = ctx.comp.pages
    n = len(pages)
    for i, pg in enumerate(pages):
        if text:
            w = text_width(text, ctx.reg, 6.5)
            pg.lines.append(_ln((595 - w) / 2, 808, text, ctx.reg, 6.5))
        if n > 1:
            t = f"Seite {i + 1} von {n}" if ctx.lang == "de" else f"{i + 1}/{n}"
            pg.lines.append(_ln(535 - text_width(t, ctx.reg, 8), 792, t, ctx.reg, 8))


def _ln(x: float, y: float, text: str, font: str, size: float) -> Any:
    from bench.heldout50aa.layout import Line

    return Line(round(x, 2), float(y), text, font, size)


def fonts(ctx: Ctx) -> None:
    ctx.bold, ctx.reg = ctx.pick(FONT_PAIRS)


# ------------------------------------------------------------------ a standard German letter


def standard_de(
    ctx: Ctx,
    key: str,
    title: str | None,
    title_alts: list[str],
    items: list[tuple[str, str]],
    *,
    label: str | None = None,
    caps: bool = False,
    closing: str = "Mit freundlichen Grüßen",
    running: bool = False,
    our_ref: str = "",
    pid_label: str | None = None,
    foot: str | None = None,
) -> None:
    s = ctx.sender(key)
    fonts(ctx)
    rng = ctx.rng
    ctx.comp = Composer()
    letterhead(ctx, s)
    backline = (
        f"{s['name']} · {str(s['head'][-1]).split(' · ')[-1]}" if rng.random() < 0.5 else None
    )
    dstyle = ctx.pick(["dot", "dot", "de_long", "dot_short", "dot_yy"])
    info = ctx.pick(["block", "refrow", "none", "end"])
    head_bottom = ctx.comp.y
    recipient(ctx, max(150.0, head_bottom + 20), backline)
    pid = ctx.patient.id if ctx.patient is not None and pid_label and rng.random() < 0.7 else None
    if info == "block":
        rows = [("Datum", fmt(ctx.letter_date, dstyle))]
        if our_ref:
            rows.append(("Unser Zeichen", our_ref))
        if pid:
            rows.append((pid_label or "Ihr Zeichen", pid))
            ctx.patient_id = pid
        rows.append(("Telefon", "Durchwahl -" + str(100 + rng.randrange(800))))
        info_block(ctx, rows, y=max(150.0, head_bottom + 20))
        ctx.comp.gap(30)
    elif info == "refrow":
        cols = [
            ("Ihr Zeichen", pid or "–"),
            ("Unser Zeichen", our_ref or "–"),
            ("Datum", fmt(ctx.letter_date, dstyle)),
        ]
        if pid:
            ctx.patient_id = pid
        ref_row(ctx, cols)
        ctx.comp.gap(16)
    else:
        ctx.comp.gap(18)
        if info == "none":
            date_line(ctx, dstyle, ctx.pick(["right", "left_den", "plain_right"]), str(s["city"]))
            ctx.comp.gap(10)
        if pid:
            ctx.comp.line(f"{pid_label}: {pid}", ctx.reg, 9)
            ctx.patient_id = pid
    ctx.title = title
    ctx.title_alts = title_alts
    if title is not None:
        if label:
            ctx.comp.line(f"{label} {title}", ctx.bold, 11)
        elif caps:
            ctx.comp.line(title.upper(), ctx.bold, 12)
            ctx.title = title.upper()
            ctx.title_alts = [title, *title_alts]
        else:
            ctx.comp.line(title, ctx.bold, 11)
    ctx.comp.gap(4)
    mention_de(
        ctx,
        ctx.pick(["label", "herr", "caps", "betr", "maiden", "surname_first", "none"]),
        ctx.pick(["dot", "dot", "de_long", "dot_short"]),
    )
    if (
        ctx.patient is not None
        and ctx.patient.collision == "same_name_and_birth_date"
        and not any("address" in n for n in ctx.notes)
    ):
        ctx.comp.line(
            f"wohnhaft {ctx.patient.street}, {ctx.patient.postcode} {ctx.patient.city}", ctx.reg, 9
        )
        ctx.notes.append(
            "a namesake with the same birth date is in the register; the printed "
            "address tells them apart"
        )
    ctx.comp.gap(8)
    ctx.comp.line(
        ctx.pick(
            [
                "Sehr geehrte Kolleginnen und Kollegen,",
                str(ctx.practice["salute"]),
                "Liebe Kollegin, lieber Kollege,",
            ]
        ),
        ctx.reg,
        10,
    )
    if running:
        ctx.comp.running_header = (
            f"{s['name']} – {title or 'Schreiben'} vom "
            f"{fmt(ctx.letter_date, 'dot')} – {ctx.surname}, {ctx.given}"
        )
        ctx.comp.header_font = ctx.reg
        ctx.notes.append("two pages; page 2 carries a running header with the letter date")
    body(ctx, items)
    signature(ctx, closing, [tuple(x) for x in s["signers"]], rng.random() < 0.5)  # type: ignore[misc]
    if info == "end":
        ctx.comp.gap(10)
        date_line(ctx, dstyle, "left", str(s["city"]))
        ctx.notes.append("the letter's date is printed only at its end")
    footer(ctx, foot)


# ------------------------------------------------------------------ kinds (German)


def k_uni_discharge(ctx: Ctx) -> None:
    adm = ctx.date(ctx.ago(12, 30), "admission")
    dis = ctx.date(ctx.ago(2, 8), "discharge")
    fu = ctx.date(ctx.ahead(20, 60), "follow_up")
    d = "dot"
    items = [
        (
            "p",
            f"wir berichten über die stationäre Behandlung in unserer Klinik vom {fmt(adm, d)} "
            f"bis zum {fmt(dis, d)}.",
        ),
        ("h", "Diagnosen"),
        ("li", "Akut dekompensierte Herzinsuffizienz (NYHA III) bei ischämischer Kardiomyopathie"),
        ("li", "Koronare Dreigefäßerkrankung, Z. n. PCI/DES RIVA"),
        ("li", "Vorhofflimmern, paroxysmal, CHA2DS2-VASc 4 Punkte"),
        ("li", "Diabetes mellitus Typ 2, insulinpflichtig"),
        ("li", "Chronische Niereninsuffizienz G3a"),
        ("h", "Anamnese"),
        (
            "p",
            "Die Aufnahme erfolgte über unsere Notaufnahme mit zunehmender Belastungsdyspnoe "
            "seit etwa zwei Wochen, Beinödemen beidseits und einer Gewichtszunahme von 6 kg. "
            "Pektanginöse Beschwerden wurden verneint. Nächtliche Orthopnoe mit drei Kissen.",
        ),
        ("h", "Befunde"),
        (
            "p",
            "Echokardiographie: hochgradig eingeschränkte LV-Funktion, EF 28 %, mittelgradige "
            "funktionelle Mitralinsuffizienz, TAPSE 14 mm, V. cava dilatiert. "
            "Röntgen-Thorax: pulmonalvenöse Stauung, kleine Pleuraergüsse beidseits.",
        ),
        (
            "p",
            "Labor bei Aufnahme: NT-proBNP 8.412 pg/ml, Kreatinin 1,6 mg/dl, eGFR 41 ml/min, "
            "Kalium 4,9 mmol/l, Hb 11,8 g/dl.",
        ),
        ("h", "Verlauf"),
        (
            "p",
            "Unter intravenöser Diuretikatherapie kam es zu einer raschen Rekompensation mit "
            "einer Gewichtsabnahme von insgesamt 7,5 kg. Die Herzinsuffizienztherapie wurde um "
            "Sacubitril/Valsartan und Dapagliflozin erweitert. Die Nierenretentionswerte "
            "blieben stabil. Der Patient konnte in gebessertem Allgemeinzustand entlassen "
            "werden.",
        ),
        ("h", "Medikation bei Entlassung"),
        ("li", "Sacubitril/Valsartan 49/51 mg 1-0-1"),
        ("li", "Bisoprolol 5 mg 1-0-0"),
        ("li", "Dapagliflozin 10 mg 1-0-0"),
        ("li", "Torasemid 10 mg 1-1-0"),
        ("li", "Apixaban 5 mg 1-0-1"),
        ("li", "Atorvastatin 40 mg 0-0-1"),
        ("h", "Procedere"),
        (
            "p",
            f"Wir bitten um Kontrolle von Kreatinin und Kalium in einer Woche sowie um tägliche "
            f"Gewichtskontrollen. Eine Wiedervorstellung in unserer Herzinsuffizienz-Ambulanz "
            f"ist für den {fmt(fu, d)} vereinbart.",
        ),
    ]
    title = ctx.pick(["Entlassungsbericht", "Arztbrief", "Vorläufiger Entlassungsbrief"])
    standard_de(
        ctx,
        "ukhd",
        title,
        [],
        items,
        caps=ctx.rng.random() < 0.5,
        running=True,
        our_ref="KAR/St-" + str(4000 + ctx.rng.randrange(999)),
        closing="Mit freundlichen kollegialen Grüßen",
        foot="Universitätsklinikum Heidelberg · Anstalt des öffentlichen Rechts · "
        "Vorstand: Ärztlicher Direktor",
    )


def k_city_hospital(ctx: Ctx) -> None:
    key = ctx.pick(["klu", "skk", "umm"])
    adm = ctx.date(ctx.ago(5, 20), "admission")
    dis = ctx.date(ctx.ago(1, 4), "discharge")
    topic = {
        "klu": ("Pneumonie rechts basal, ambulant erworben", "Ceftriaxon i. v., dann Amoxicillin"),
        "skk": (
            "Transitorische ischämische Attacke mit brachiofazialer Parese rechts",
            "Clopidogrel 75 mg und Atorvastatin 80 mg",
        ),
        "umm": ("Akute Pankreatitis, biliär", "ERCP mit Papillotomie und Steinextraktion"),
    }[key]
    items = [
        (
            "p",
            f"wir berichten Ihnen über o. g. Patienten, der sich vom {fmt(adm, 'dot')} bis "
            f"{fmt(dis, 'dot')} in unserer stationären Behandlung befand.",
        ),
        ("h", "Diagnose:"),
        ("p", topic[0]),
        ("h", "Therapie:"),
        ("p", topic[1]),
        (
            "p",
            "Der Verlauf gestaltete sich komplikationslos. Wir entlassen in Ihre weitere "
            "hausärztliche Betreuung und bitten um Fortführung der Therapie sowie eine "
            "Laborkontrolle in der kommenden Woche.",
        ),
    ]
    title = ctx.pick(["Arztbrief", "Kurzarztbrief", None])
    standard_de(
        ctx,
        key,
        title,
        ["Entlassbrief"] if title else [],
        items,
        label=ctx.pick(["Betreff:", None]),
        pid_label="Ihre Pat.-Nr.",
        our_ref="Stat. " + str(10 + ctx.rng.randrange(20)),
    )
    if title is None:
        ctx.notes.append("no subject line: the title is null")


def k_psych(ctx: Ctx) -> None:
    adm = ctx.date(ctx.ago(40, 80), "admission")
    dis = ctx.date(ctx.ago(3, 10), "discharge")
    items = [
        (
            "p",
            f"wir berichten über die vollstationäre Behandlung in unserer Klinik vom "
            f"{fmt(adm, 'de_long')} bis {fmt(dis, 'de_long')}.",
        ),
        ("h", "Diagnosen (ICD-10)"),
        (
            "li",
            "Rezidivierende depressive Störung, gegenwärtig schwere Episode ohne "
            "psychotische Symptome (F33.2)",
        ),
        ("li", "Generalisierte Angststörung (F41.1)"),
        ("h", "Psychopathologischer Befund bei Aufnahme"),
        (
            "p",
            "Wach, allseits orientiert. Stimmung deutlich gedrückt, Antrieb vermindert, "
            "Affekt wenig modulierbar, Grübelneigung, Insomnie mit Früherwachen. Keine "
            "Hinweise auf Ich-Störungen. Passive Todeswünsche, von akuter Suizidalität "
            "glaubhaft distanziert.",
        ),
        ("h", "Verlauf"),
        (
            "p",
            "Unter einer Kombination aus Psychotherapie (KVT, Einzel- und Gruppensetting), "
            "Ergotherapie und einer Aufdosierung von Sertralin auf 150 mg sowie Mirtazapin "
            "15 mg zur Nacht besserten sich Stimmung und Schlaf deutlich. In den "
            "Belastungserprobungen über das Wochenende zeigte sich eine zunehmende Stabilität.",
        ),
        ("h", "Empfehlung"),
        (
            "p",
            "Fortführung der Medikation, ambulante Psychotherapie (Anbindung an die PIA "
            "erfolgt), Kontrolle von Natrium und EKG unter der Medikation.",
        ),
    ]
    items += [
        ("h", "Somatischer Befund"),
        (
            "p",
            "Internistisch und neurologisch orientierend unauffällig. EKG: Sinusrhythmus, "
            "QTc 428 ms. Labor: Natrium 138 mmol/l, TSH im Normbereich, Vitamin D erniedrigt.",
        ),
        ("h", "Medikation bei Entlassung"),
        ("li", "Sertralin 150 mg 1-0-0"),
        ("li", "Mirtazapin 15 mg 0-0-0-1"),
        ("li", "Colecalciferol 20.000 I.E. einmal wöchentlich"),
        ("h", "Sozialmedizinische Beurteilung"),
        (
            "p",
            "Arbeitsunfähig bis auf Weiteres; eine stufenweise Wiedereingliederung nach dem "
            "Hamburger Modell wird empfohlen. Die Patientin bzw. der Patient ist über die "
            "Notfallambulanz unserer Klinik jederzeit erreichbar.",
        ),
    ]
    standard_de(ctx, "pzn", None, [], items, running=True, our_ref="AP2/Go")
    ctx.notes.append("a report with no subject line: the title is null")


def k_specialist(ctx: Ctx) -> None:
    key = ctx.pick(["kardio", "augen"])
    exam = ctx.date(ctx.ago(1, 9), "examination")
    if key == "kardio":
        items = [
            (
                "p",
                f"vielen Dank für die Überweisung. Ich sah Ihren Patienten am "
                f"{fmt(exam, 'dot')} in meiner Sprechstunde.",
            ),
            ("h", "Befund"),
            (
                "p",
                "Ruhe-EKG: Sinusrhythmus 68/min, Linkstyp, keine Erregungsrückbildungs"
                "störungen. Belastungs-EKG bis 150 Watt ohne Ischämiezeichen. Echo: "
                "normale LV-Funktion, diastolische Dysfunktion Grad I.",
            ),
            ("h", "Beurteilung"),
            (
                "p",
                "Kein Anhalt für eine relevante KHK. Hypertensive Herzerkrankung. "
                "Blutdruckeinstellung bitte optimieren, Zielwert unter 130/80 mmHg.",
            ),
        ]
        title = ctx.pick(["Kardiologischer Befundbericht", None])
    else:
        items = [
            ("p", f"Untersuchung am {fmt(exam, 'dot')}."),
            (
                "p",
                "Visus cc: RA 0,8 LA 0,6. Tensio 17/18 mmHg. Fundus: beginnende "
                "diabetische Retinopathie beidseits ohne Makulaödem.",
            ),
            (
                "p",
                "Empfehlung: optimale Blutzucker- und Blutdruckeinstellung, "
                "Kontrolle in sechs Monaten.",
            ),
        ]
        title = ctx.pick(["Augenärztlicher Befund", "Befundbericht", None])
    standard_de(
        ctx,
        key,
        title,
        [],
        items,
        label=ctx.pick(["Betreff:", None]),
        pid_label="Ihre Patienten-Nr.",
        closing="Mit kollegialen Grüßen",
    )


def k_radiology(ctx: Ctx) -> None:
    exam = ctx.date(ctx.ago(0, 3), "examination")
    items = [
        ("p", f"Untersuchung: MRT der Lendenwirbelsäule nativ vom {fmt(exam, 'dot')}."),
        ("p", "Klinische Angabe: Lumboischialgie links seit 6 Wochen, Fußheberschwäche?"),
        ("h", "Befund:"),
        (
            "p",
            "Regelrechte Lordose. Osteochondrose L4/5 und L5/S1. Mediolateraler "
            "Bandscheibenvorfall L4/5 links mit Kompression der Nervenwurzel L5 im "
            "Recessus. Spinalkanal nicht relevant eingeengt. Keine Signalanomalie des "
            "Myelons, Konus regelrecht.",
        ),
        ("h", "Beurteilung:"),
        ("p", "Bandscheibenvorfall L4/5 links mit Kompression L5 links, passend zur Klinik."),
    ]
    standard_de(
        ctx,
        "rad",
        ctx.pick(["MRT-Befund", "Radiologischer Befund"]),
        [],
        items,
        caps=ctx.rng.random() < 0.5,
        pid_label="Ihr Zeichen",
        closing="Mit freundlichen kollegialen Grüßen",
    )


def k_hospice(ctx: Ctx) -> None:
    adm = ctx.date(ctx.ago(10, 40), "admission")
    items = [
        (
            "p",
            f"wie telefonisch besprochen, informieren wir Sie über die Aufnahme Ihrer "
            f"Patientin bzw. Ihres Patienten in unser Hospiz am {fmt(adm, 'dot')}.",
        ),
        (
            "p",
            "Die Symptomkontrolle gelingt mit der bestehenden Schmerzpumpe gut. Übelkeit "
            "und Unruhe sind unter der Bedarfsmedikation rückläufig. Die Angehörigen sind "
            "täglich anwesend und werden von unserem Team begleitet.",
        ),
        ("p", "Wir bitten um Ausstellung der Verordnungen für die kommenden vier Wochen."),
    ]
    standard_de(
        ctx,
        "hospiz",
        "Mitteilung über Aufnahme",
        ["Aufnahme im Hospiz"],
        items,
        label="Betreff:",
        closing="Mit herzlichen Grüßen",
    )


def k_occupational(ctx: Ctx) -> None:
    exam = ctx.date(ctx.ago(2, 14), "examination")
    items = [
        (
            "p",
            f"im Rahmen der arbeitsmedizinischen Vorsorge nach ArbMedVV (Tätigkeiten mit "
            f"Exposition gegenüber aromatischen Aminen) wurde Ihr Patient am "
            f"{fmt(exam, 'dot')} bei uns untersucht.",
        ),
        (
            "p",
            "Dabei fiel eine Mikrohämaturie im Urinstatus auf (Erythrozyten 25/µl). "
            "Zytologie und Urinsediment wurden veranlasst. Wir empfehlen eine zeitnahe "
            "urologische Abklärung und bitten um Überweisung.",
        ),
        (
            "p",
            "Der Mitarbeiter ist mit der Weitergabe dieser Information einverstanden; die "
            "Schweigepflichtentbindung liegt uns vor.",
        ),
    ]
    standard_de(
        ctx,
        "werk",
        "Arbeitsmedizinische Vorsorge – Befundmitteilung",
        ["Befundmitteilung"],
        items,
        label=ctx.pick(["Betreff:", None]),
        foot="Rheinchemie Ludwigshafen AG · Sitz Ludwigshafen · Amtsgericht Ludwigshafen HRB 61234",
    )


def k_therapy(ctx: Ctx) -> None:
    start = ctx.date(ctx.ago(30, 60), "therapy_start")
    items = [
        (
            "p",
            f"Ihr Patient erhielt auf Ihre Verordnung seit dem {fmt(start, 'dot')} "
            f"insgesamt 10 Einheiten Krankengymnastik am Gerät.",
        ),
        (
            "p",
            "Die Beweglichkeit der rechten Schulter hat sich in Abduktion von 90 auf 140 "
            "Grad verbessert. Schmerz bei Überkopfarbeit NRS 3 (zu Beginn 7). Das "
            "Heimübungsprogramm wird zuverlässig durchgeführt.",
        ),
        ("p", "Wir empfehlen eine Folgeverordnung über 6 x KG mit dem Ziel der Kraftsteigerung."),
    ]
    standard_de(
        ctx,
        "physio",
        "Therapiebericht",
        ["Bericht an den verordnenden Arzt"],
        items,
        label=ctx.pick(["Betreff:", None]),
        closing="Mit freundlichen Grüßen aus Mosbach",
    )


def k_authority(ctx: Ctx) -> None:
    ctx.sender("ga")
    items = [
        (
            "p",
            "gemäß § 25 Infektionsschutzgesetz ermitteln wir im Zusammenhang mit einer "
            "gemeldeten Salmonellose. Ihre Patientin bzw. Ihr Patient wurde uns als "
            "Kontaktperson benannt.",
        ),
        (
            "p",
            f"Wir bitten Sie, uns bis zum {fmt(ctx.date(ctx.ahead(7, 14), 'deadline'), 'dot')} "
            "mitzuteilen, ob Stuhlproben untersucht wurden, und uns die Befunde zu "
            "übersenden.",
        ),
        ("p", "Für Rückfragen stehen wir Ihnen gerne zur Verfügung."),
    ]
    standard_de(
        ctx,
        "ga",
        "Ermittlungen nach dem Infektionsschutzgesetz (IfSG)",
        ["Anfrage nach IfSG"],
        items,
        label=ctx.pick(["Betreff:", None]),
        our_ref="GA-32.1-" + str(2000 + ctx.rng.randrange(900)),
        closing="Mit freundlichen Grüßen",
    )


def k_bg(ctx: Ctx) -> None:
    acc = ctx.date(ctx.ago(20, 90), "accident")
    items = [
        (
            "p",
            f"wir betreuen Ihren Patienten wegen des Arbeitsunfalls vom {fmt(acc, 'dot')} "
            "(Verätzung der linken Hand durch Natronlauge).",
        ),
        (
            "p",
            "Für die Prüfung der weiteren Leistungen bitten wir um einen Befundbericht "
            "(Formtext F 2100). Die Gebühr richtet sich nach der UV-GOÄ.",
        ),
        ("p", "Bitte geben Sie bei Antwort stets unser Aktenzeichen an."),
    ]
    standard_de(
        ctx,
        "bg",
        "Arbeitsunfall – Anforderung eines Befundberichts",
        ["Anforderung Befundbericht"],
        items,
        label="Betreff:",
        our_ref="Az. 4 12 " + str(10000 + ctx.rng.randrange(80000)) + " 2",
    )


# ------------------------------------------------------------------ forms


def form_page(
    ctx: Ctx, key: str, title: str, fields: list[tuple[str, str]], text: list[str], form_no: str
) -> None:
    s = ctx.sender(key)
    fonts(ctx)
    c = Composer()
    ctx.comp = c
    letterhead(ctx, s, ctx.pick(["left", "right"]))
    recipient(ctx, max(150.0, c.y + 14))
    dstyle = ctx.pick(["dot", "de_long"])
    c.gap(10)
    c.line(f"{s['city']}, {fmt(ctx.letter_date, dstyle)}", ctx.reg, 9.5, align="right")
    c.gap(6)
    c.line(title, ctx.bold, 12.5)
    ctx.title = title
    c.gap(6)
    x0, x1 = c.left, c.right
    for label, value in fields:
        top = c.y + 4
        c.page.boxes.append((x0, top, x1, top + 26))
        c.at(x0 + 4, top + 9, label, ctx.reg, 6.8)
        c.at(x0 + 4, top + 21, value, "mono", 10)
        c.y = top + 26
    c.gap(8)
    for t in text:
        c.gap(3)
        c.para(t, ctx.reg, 9.5)
    c.gap(20)
    for n, r in s["signers"]:
        c.line(n, ctx.reg, 9)
        if r:
            c.line(r, ctx.reg, 8, lead=10)
        ctx.person(n, r or "signer")
    footer(ctx, f"Vordruck {form_no}")


def fields_patient(ctx: Ctx, surname_first: bool = True) -> list[tuple[str, str]]:
    ctx.bd_printed = True
    name = f"{ctx.surname}, {ctx.given}" if surname_first else f"{ctx.given} {ctx.surname}"
    ctx.as_written = name
    return [
        ("Name, Vorname der versicherten Person" if surname_first else "Versicherte Person", name),
        ("Geburtsdatum", fmt(ctx.bd, "dot")),
    ]


def k_drv(ctx: Ctx) -> None:
    f = [
        (
            "Versicherungsnummer",
            f"{ctx.rng.randrange(10, 80)} {ctx.bd[8:10]}{ctx.bd[5:7]}"
            f"{ctx.bd[2:4]} {ctx.surname[0].upper()} "
            f"{ctx.rng.randrange(100, 999)}",
        )
    ]
    f += fields_patient(ctx)
    ctx.notes.append("the insurance number embeds the birth date without separators (not a date)")
    dl = ctx.date(ctx.ahead(14, 28), "deadline")
    form_page(
        ctx,
        "drv",
        "Anforderung eines ärztlichen Befundberichts (S0051)",
        f,
        [
            "Sehr geehrte Damen und Herren,",
            "die oben genannte Person hat Leistungen zur medizinischen Rehabilitation "
            "beantragt. Bitte senden Sie uns den beigefügten Befundbericht ausgefüllt bis "
            f"zum {fmt(dl, 'dot')} zurück. Die Vergütung erfolgt nach dem JVEG.",
            "Mit freundlichen Grüßen",
        ],
        "S0051",
    )
    ctx.title_alts = ["Anforderung eines ärztlichen Befundberichts", "Befundbericht"]


def k_insurer(ctx: Ctx) -> None:
    key = ctx.pick(["aok", "barmer"])
    f = [
        ("Krankenversichertennummer", f"{ctx.surname[0].upper()}{ctx.rng.randrange(10**8, 10**9)}")
    ]
    f += fields_patient(ctx, surname_first=ctx.rng.random() < 0.5)
    if key == "aok":
        au = ctx.date(ctx.ago(30, 60), "incapacity_since")
        form_page(
            ctx,
            key,
            "Anfrage zur Arbeitsunfähigkeit (Krankengeldfall)",
            f,
            [
                f"Ihre Patientin bzw. Ihr Patient ist seit dem {fmt(au, 'dot')} "
                "arbeitsunfähig erkrankt. Zur Prüfung des Krankengeldanspruchs bitten wir um "
                "Angaben zu Diagnose, Therapie und voraussichtlicher Dauer der "
                "Arbeitsunfähigkeit.",
                "Ihre Auslagen erstatten wir gemäß Vordruck 52.",
            ],
            "AOK-KG 52",
        )
        ctx.title_alts = ["Anfrage zur Arbeitsunfähigkeit"]
    else:
        form_page(
            ctx,
            key,
            "Antrag auf Pflegeleistungen – Ärztliche Auskunft",
            f,
            [
                "Für die Begutachtung durch den Medizinischen Dienst bitten wir um Ihre "
                "Auskunft zu pflegebegründenden Diagnosen.",
                "Bitte verwenden Sie den Rückumschlag.",
            ],
            "PV 12",
        )
        ctx.title_alts = ["Ärztliche Auskunft"]


def k_versorgungsamt(ctx: Ctx) -> None:
    f = fields_patient(ctx)
    f.append(("Aktenzeichen", f"57-{ctx.rng.randrange(100000, 999999)}"))
    ap = ctx.date(ctx.ago(10, 40), "application")
    form_page(
        ctx,
        "vers",
        "Feststellung nach dem SGB IX – Befundanforderung",
        f,
        [
            f"Die oben genannte Person hat am {fmt(ap, 'dot')} einen Antrag auf Feststellung "
            "des Grades der Behinderung (GdB) gestellt und Sie als behandelnde Ärztin bzw. "
            "behandelnden Arzt benannt.",
            "Wir bitten um Übersendung vorhandener Befunde (Krankenhausberichte, "
            "Facharztbefunde) der letzten zwei Jahre.",
        ],
        "SB 40",
    )
    ctx.title_alts = ["Befundanforderung", "Feststellung nach dem SGB IX"]


# ------------------------------------------------------------------ lab


def k_lab(ctx: Ctx) -> None:
    s = ctx.sender("lab")
    fonts(ctx)
    c = Composer()
    ctx.comp = c
    letterhead(ctx, s, "left")
    recipient(ctx, max(145.0, c.y + 14))
    coll = ctx.date(ctx.ago(1, 3), "collection")
    rec = ctx.date(shift(coll, 1), "lab_receipt")
    info_block(
        ctx,
        [
            ("Auftrag", str(ctx.rng.randrange(2_000_000, 9_999_999))),
            ("Entnahme", fmt(coll, "dot")),
            ("Eingang", fmt(rec, "dot")),
            ("Befunddatum", fmt(ctx.letter_date, "dot")),
        ],
        y=max(145.0, c.y - 60),
    )
    ctx.notes.append("lab report: collection and receipt dates precede the report date")
    c.gap(30)
    title = ctx.pick(["Laborbefund", "Endbefund", "BEFUNDBERICHT"])
    c.line(title, ctx.bold, 12)
    ctx.title = title
    c.gap(2)
    style = ctx.pick(["caps", "surname_first", "label"])
    mention_de(ctx, style)
    if ctx.patient is not None and ctx.rng.random() < 0.6:
        c.line(f"Einsender-Pat.-Nr.: {ctx.patient.id}", ctx.reg, 9)
        ctx.patient_id = ctx.patient.id
    c.gap(8)
    cols = [c.left, c.left + 170, c.left + 250, c.left + 320]
    y = c.y + 12
    for x, h in zip(cols, ["Untersuchung", "Ergebnis", "Einheit", "Referenzbereich"], strict=True):
        c.at(x, y, h, ctx.bold, 8.5)
    c.page.rules.append((c.left, y + 4, c.right, y + 4))
    rows = [
        ("Hämoglobin", "13,1", "g/dl", "12,0 – 16,0"),
        ("Leukozyten", "7,9", "/nl", "4,0 – 10,0"),
        ("Thrombozyten", "231", "/nl", "150 – 400"),
        ("Kreatinin", "1,12", "mg/dl", "0,5 – 1,0"),
        ("eGFR (CKD-EPI)", "58", "ml/min", "> 60"),
        ("HbA1c", "7,4", "%", "< 5,7"),
        ("TSH basal", "2,31", "mU/l", "0,27 – 4,2"),
        ("LDL-Cholesterin", "142", "mg/dl", "< 116"),
        ("CRP", "< 0,5", "mg/dl", "< 0,5"),
        ("Ferritin", "18", "µg/l", "15 – 150"),
    ]
    for r in rows:
        y += 13
        for x, v in zip(cols, r, strict=True):
            c.at(x, y, v, "mono" if x != cols[0] else ctx.reg, 8.5)
    c.y = y + 10
    c.gap(10)
    c.para("Kreatinin leicht erhöht, eGFR vermindert. HbA1c oberhalb des Zielbereichs.", ctx.reg, 9)
    c.gap(16)
    c.line("Medizinisch validiert: Dr. med. Annika Zweig", ctx.reg, 9)
    ctx.person("Dr. med. Annika Zweig", "validating physician")
    footer(ctx, "Akkreditiert nach DIN EN ISO 15189 · D-ML-13241-01-00")


# ------------------------------------------------------------------ e-mail, KIM, handwritten


def k_email(ctx: Ctx) -> None:
    kim = ctx.kind == "kim_printout"
    key = "grn" if kim else "pflege"
    s = ctx.sender(key)
    c = Composer(left=50, right=545)
    ctx.comp = c
    ctx.reg = ctx.bold = "mono"
    wd = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]
    day = dt.date.fromisoformat(ctx.letter_date)
    hm = f"{7 + ctx.rng.randrange(11):02d}:{ctx.rng.randrange(60):02d}"
    c.y = 44
    pr_date = ctx.date(ctx.ahead(0, 2), "printed")
    prac = ctx.practice
    mailbox = {"wk": "praxis.wueka", "nu": "neckarufer.hd", "ay": "praxis.aydogan"}[prac["key"]]
    if kim:
        c.line(f"{prac['short']} – KIM-Postfach", "monob", 9)
        c.gap(4)
        c.line("Von:       arztbrief@grn-weinheim.kim.telematik", "mono", 8.5)
        c.line(f"An:        {mailbox}@kim.telematik", "mono", 8.5)
        c.line(f"Gesendet:  {wd[day.weekday()]}, {fmt(ctx.letter_date, 'dot')} {hm}", "mono", 8.5)
        title = "eArztbrief"
        c.line(f"Betreff:   {title} – Entlassung {ctx.surname}, {ctx.given}", "mono", 8.5)
        ctx.title = f"{title} – Entlassung {ctx.surname}, {ctx.given}"
        ctx.title_alts = ["eArztbrief", "Entlassung"]
        ctx.as_written = f"{ctx.surname}, {ctx.given}"
        c.line("Anlagen:   eArztbrief.pdf (212 KB), eArztbrief.xml", "mono", 8.5)
        c.line("Dienst:    KIM 1.5 / Arztbrief;Entlassbrief", "mono", 8.5)
    else:
        c.line(f"{prac['short']} – Posteingang", "monob", 9)
        c.gap(4)
        c.line("Von:      Sozialstation Schwetzingen <pflege@sozialstation-sz.de>", "mono", 8.5)
        c.line(f"An:       {mailbox}@praxis-mail.de", "mono", 8.5)
        c.line(f"Datum:    {fmt(ctx.letter_date, 'de_long')}, {hm}", "mono", 8.5)
        title = ctx.pick(["Rückfrage Medikation", "Wunde Unterschenkel – Bitte um Verordnung"])
        c.line(f"Betreff:  {title}", "mono", 8.5)
        ctx.title = title
        ctx.as_written = ""
    c.page.rules.append((c.left, c.y + 6, c.right, c.y + 6))
    c.gap(12)
    t = f"{ctx.ptitle} " if ctx.ptitle else ""
    if kim:
        adm = ctx.date(ctx.ago(6, 14), "admission")
        lines = [
            str(prac["salute"]),
            "",
            f"anbei erhalten Sie den eArztbrief zu {t}{ctx.given} {ctx.surname}, "
            f"geb. {fmt(ctx.bd, 'dot')}, stationär seit {fmt(adm, 'dot')}, "
            "entlassen heute.",
            "Der Brief ist qualifiziert elektronisch signiert (QES).",
            "",
            "Mit freundlichen Grüßen",
            "i. A. Sekretariat Dr. med. Gerold Kranich",
            "GRN-Klinik Weinheim",
        ]
        ctx.bd_printed = True
        ctx.notes.append("KIM printout: the name first appears surname-first in the subject")
    else:
        lines = [
            str(prac["salute"]),
            "",
            f"bei {'Herrn' if ctx.sex == 'm' else 'Frau'} {t}{ctx.given} {ctx.surname} "
            "ist der Unterschenkel links seit dem Wochenende stärker gerötet.",
            "Die Wunde nässt, Wundauflage bitte neu verordnen (Schaumverband 10x10).",
            "Bitte rufen Sie uns kurz zurück.",
            "",
            "Viele Grüße",
            "Bettina Rauschenberger",
            "Pflegedienstleitung",
            str(s["name"]),
            "Tel. 06202 92707-0",
        ]
        ctx.as_written = f"{t}{ctx.given} {ctx.surname}"
        ctx.notes.append(
            "e-mail printout: no birth date; the print date in the footer is not the letter's"
        )
    for ln in lines:
        if not ln:
            c.gap(8)
            continue
        c.para(ln, "mono", 8.8)
    ctx.person(str(s["signers"][0][0]), "sender")  # type: ignore[index]
    c.page.lines.append(
        _ln(
            50,
            805,
            f"Gedruckt: {fmt(pr_date, 'dot')} "
            f"{8 + ctx.rng.randrange(9):02d}:{ctx.rng.randrange(60):02d}",
            "mono",
            7,
        )
    )


def k_handwritten(ctx: Ctx) -> None:
    ctx.handwritten = True
    c = Composer(left=70, right=520)
    ctx.comp = c
    variant = 0 if ctx.kind == "handwritten_note" else 1
    c.y = 60
    t = f"{ctx.ptitle} " if ctx.ptitle else ""
    if variant == 0:
        s = ctx.sender("apo")
        for i, h in enumerate(s["head"]):
            c.line(h, "sansb" if i == 0 else "sans", 12 if i == 0 else 8, align="center")
        c.page.rules.append((70, c.y + 6, 520, c.y + 6))
        c.gap(30)
        ctx.title = None
        lines = [
            f"Liebe Frau Dr. {ctx.practice['doctor'].split()[-1]},"
            if ctx.practice["key"] != "nu"
            else "Lieber Herr Dr. Reinhold,",
            f"für {t}{ctx.given} {ctx.surname} fehlt noch",
            "das Rezept über Pantoprazol 40 mg N3,",
            "Packung ist bereits mitgegeben.",
            "Bitte ans Rezept denken!",
            "Danke + Gruß",
            "M. Sauter",
        ]
        ctx.as_written = f"{t}{ctx.given} {ctx.surname}"
        ctx.person("M. Sauter", "pharmacist")
        dated = True
    else:
        rel = ctx.pick(["Sabine", "Markus", "Aylin", "Tanja"])
        ctx.sender_key = "privat"
        ctx.sender_name = f"{rel} {ctx.surname}"
        ctx.sender_alts = [rel]
        ctx.title = None
        lines = [
            "Sehr geehrte Frau Doktor,"
            if ctx.practice["key"] != "nu"
            else "Sehr geehrter Herr Doktor,",
            f"meine Mutter {ctx.given} {ctx.surname}"
            if ctx.sex == "f"
            else f"mein Vater {ctx.given} {ctx.surname}",
            f"(geb. {fmt(ctx.bd, 'dot')}) braucht bitte",
            "eine neue Überweisung zum Augenarzt.",
            "Ich hole sie Freitag ab.",
            "Vielen Dank!",
            f"{rel} {ctx.surname}",
        ]
        ctx.bd_printed = True
        ctx.as_written = f"{ctx.given} {ctx.surname}"
        ctx.person(f"{rel} {ctx.surname}", "relative")
        dated = ctx.rng.random() < 0.5
    for i, ln in enumerate(lines):
        c.line(ln, "hand", 17, lead=30, x=70 + (i * 37 % 23))
    if dated:
        c.gap(10)
        place = "Schwetzingen" if variant == 0 else ctx.pick(["Mannheim", "HD", "Weinheim"])
        c.line(
            f"{place}, {fmt(ctx.letter_date, 'dot_short')}",
            "hand",
            15,
            lead=28,
            x=300,
        )
    else:
        ctx.letter_date_printed = False
        ctx.notes.append("undated handwritten note: letter_date is null")
    ctx.notes.append("handwritten (stand-in italic font): scan and fax only")


# ------------------------------------------------------------------ abroad


def foreign(
    ctx: Ctx,
    key: str,
    title: str | None,
    title_alts: list[str],
    dstyle: str,
    date_fmt: Callable[[str], str],
    mention: Callable[[Ctx], str],
    items: list[tuple[str, str]],
    closing: str,
    greet: str,
    date_where: str = "top",
) -> None:
    s = ctx.sender(key)
    fonts(ctx)
    ctx.comp = Composer()
    c = ctx.comp
    letterhead(ctx, s)
    if date_where == "top":
        c.gap(6)
        c.line(date_fmt(fmt(ctx.letter_date, dstyle)), ctx.reg, 10, align="right")
    recipient(ctx, max(c.y + 16, 150.0))
    c.gap(18)
    if title is not None:
        c.line(title, ctx.bold, 12)
    ctx.title = title
    ctx.title_alts = title_alts
    c.gap(4)
    ctx.as_written = mention(ctx)
    ctx.bd_printed = ctx.bd_printed or True
    c.gap(6)
    c.line(greet, ctx.reg, 10)
    body(ctx, items)
    signature(ctx, closing, [tuple(x) for x in s["signers"]], False)  # type: ignore[misc]
    if date_where == "end":
        c.gap(8)
        c.line(date_fmt(fmt(ctx.letter_date, dstyle)), ctx.reg, 10)
        ctx.notes.append("the date only at the end")
    footer(ctx, None)


def k_fr(ctx: Ctx) -> None:
    adm = ctx.date(ctx.ago(8, 20), "admission")
    dis = ctx.date(ctx.ago(1, 5), "discharge")

    def m(c: Ctx) -> str:
        civ = "M." if c.sex == "m" else "Mme"
        nee = "né le" if c.sex == "m" else "née le"
        c.comp.line(
            f"Patient(e) : {civ} {c.surname.upper()} {c.given}, {nee} "
            f"{fmt(c.bd, c.pick(['fr_long', 'slash']))}",
            c.bold,
            10,
        )
        return f"{c.surname.upper()} {c.given}"

    items = [
        (
            "p",
            f"Votre patient(e) a été hospitalisé(e) dans notre service du {fmt(adm, 'slash')} "
            f"au {fmt(dis, 'slash')} pour une insuffisance rénale aiguë sur déshydratation.",
        ),
        ("h", "Évolution"),
        (
            "p",
            "Amélioration de la fonction rénale après réhydratation intraveineuse "
            "(créatinine de 245 à 118 µmol/l). Arrêt temporaire des IEC et des diurétiques.",
        ),
        ("h", "Traitement de sortie"),
        ("li", "Amlodipine 5 mg : 1 cp le matin"),
        ("li", "Metformine 500 mg : 1 cp matin et soir"),
        ("p", "Contrôle biologique dans une semaine chez le médecin traitant."),
    ]
    foreign(
        ctx,
        "hus",
        "Compte rendu d'hospitalisation",
        ["Compte-rendu d'hospitalisation"],
        "fr_long",
        lambda d: f"Strasbourg, le {d}",
        m,
        items,
        "Veuillez agréer, chère Consœur, cher Confrère, l'expression de mes sentiments "
        "confraternels.",
        "Chère Consœur, cher Confrère,",
    )


def k_ch(ctx: Ctx) -> None:
    op = ctx.date(ctx.ago(5, 15), "operation")

    def m(c: Ctx) -> str:
        c.comp.line(f"Betrifft: {c.given} {c.surname}, {fmt(c.bd, 'dot')}", c.bold, 10)
        return f"{c.given} {c.surname}"

    items = [
        (
            "p",
            f"Wir berichten Ihnen über die oben genannte Patientin bzw. den oben genannten "
            f"Patienten, welche(r) am {fmt(op, 'dot')} bei uns operiert wurde.",
        ),
        ("h", "Diagnose"),
        ("p", "Distale Radiusfraktur links, extraartikulär (AO 23-A2)"),
        ("h", "Operation"),
        ("p", "Offene Reposition und Plattenosteosynthese palmar."),
        (
            "p",
            "Die Fadenentfernung erfolgt am 14. postoperativen Tag. Weiterbehandlung "
            "mit Ergotherapie. Wir danken Ihnen für die Übernahme der Nachbehandlung "
            "in Deutschland und stehen für Rückfragen gerne zur Verfügung.",
        ),
    ]
    foreign(
        ctx,
        "usb",
        "Austrittsbericht",
        ["Austrittsbericht Orthopädie"],
        "dot",
        lambda d: f"Basel, {d}",
        m,
        items,
        "Freundliche Grüsse",
        "Sehr geehrte Kollegin, sehr geehrter Kollege",
    )
    ctx.notes.append("Swiss German: ss for ß, 'Austrittsbericht', 'Betrifft:' line")


def k_it(ctx: Ctx) -> None:
    adm = ctx.date(ctx.ago(6, 20), "admission")
    dis = ctx.date(ctx.ago(1, 4), "discharge")

    def m(c: Ctx) -> str:
        nato = "nato" if c.sex == "m" else "nata"
        c.comp.line(
            f"Paziente: {c.surname.upper()} {c.given}, {nato} il {fmt(c.bd, 'slash')}", c.bold, 10
        )
        return f"{c.surname.upper()} {c.given}"

    items = [
        (
            "p",
            f"Si dimette in data odierna il/la paziente, ricoverato/a dal {fmt(adm, 'slash')} "
            f"al {fmt(dis, 'slash')} per scompenso glicometabolico.",
        ),
        ("h", "Diagnosi alla dimissione"),
        ("p", "Diabete mellito tipo 2 scompensato; ipertensione arteriosa."),
        ("h", "Terapia consigliata"),
        ("li", "Insulina glargine 18 UI ore 22"),
        ("li", "Metformina 1000 mg x 2"),
        ("p", "Controllo glicemico domiciliare e visita diabetologica tra 3 mesi."),
    ]
    foreign(
        ctx,
        "ital",
        "Lettera di dimissione",
        ["Lettera di dimissioni"],
        "it_long",
        lambda d: f"Bari, {d}",
        m,
        items,
        "Cordiali saluti",
        "Gentile Collega,",
        date_where=ctx.pick(["top", "end"]),
    )


def k_tr(ctx: Ctx) -> None:
    adm = ctx.date(ctx.ago(6, 20), "admission")
    dis = ctx.date(ctx.ago(1, 4), "discharge")

    def m(c: Ctx) -> str:
        c.comp.line(f"Hasta Adı Soyadı: {c.given} {c.surname.upper()}", c.bold, 10)
        c.comp.line(f"Doğum Tarihi: {fmt(c.bd, 'dot')}", c.reg, 10)
        return f"{c.given} {c.surname.upper()}"

    items = [
        ("p", f"Yatış tarihi: {fmt(adm, 'dot')}  Taburcu tarihi: {fmt(dis, 'dot')}"),
        ("h", "Tanı"),
        ("p", "Akut koroner sendrom dışlandı, hipertansif atak."),
        ("h", "Tedavi"),
        ("p", "Amlodipin 10 mg 1x1, Ramipril 5 mg 1x1."),
        ("p", "Hastanın Almanya'daki aile hekimi tarafından takibi önerilir."),
    ]
    foreign(
        ctx,
        "turk",
        "EPİKRİZ",
        ["Epikriz", "Epikriz Raporu"],
        "dot",
        lambda d: f"Tarih: {d}",
        m,
        items,
        "Saygılarımla",
        "Sayın Meslektaşım,",
    )


def k_hr(ctx: Ctx) -> None:
    adm = ctx.date(ctx.ago(6, 20), "admission")

    def m(c: Ctx) -> str:
        r = "rođen" if c.sex == "m" else "rođena"
        c.comp.line(f"Pacijent: {c.given} {c.surname}, {r} {fmt(c.bd, 'dot_hr')}", c.bold, 10)
        return f"{c.given} {c.surname}"

    items = [
        ("p", f"Bolesnik je primljen {fmt(adm, 'dot_hr')} radi dekompenzirane šećerne bolesti."),
        ("h", "Dijagnoza"),
        ("p", "Diabetes mellitus tip 2, hiperglikemija (E11.65)."),
        ("h", "Preporuka"),
        ("p", "Nastaviti terapiju inzulinom, kontrola HbA1c za 3 mjeseca."),
    ]
    foreign(
        ctx,
        "cro",
        "OTPUSNO PISMO",
        ["Otpusno pismo"],
        "hr_long",
        lambda d: f"Split, {d}",
        m,
        items,
        "S poštovanjem,",
        "Poštovani kolega,",
    )


def k_el(ctx: Ctx) -> None:
    adm = ctx.date(ctx.ago(6, 20), "admission")

    def m(c: Ctx) -> str:
        c.comp.line(f"Ασθενής: {c.given} {c.surname}", c.bold, 10)
        c.comp.line(f"Ημερομηνία γέννησης: {fmt(c.bd, 'slash')}", c.reg, 10)
        return f"{c.given} {c.surname}"

    items = [
        (
            "p",
            f"Ο/Η ασθενής νοσηλεύτηκε στην κλινική μας από {fmt(adm, 'slash')} λόγω "
            "κολπικής μαρμαρυγής με ταχεία κοιλιακή ανταπόκριση.",
        ),
        ("h", "Θεραπεία εξόδου"),
        ("li", "Απιξαμπάνη 5 mg x 2"),
        ("li", "Βισοπρολόλη 2,5 mg x 1"),
        ("p", "Επανεξέταση από καρδιολόγο σε ένα μήνα."),
    ]
    foreign(
        ctx,
        "gre",
        "ΕΝΗΜΕΡΩΤΙΚΟ ΣΗΜΕΙΩΜΑ",
        ["Ενημερωτικό σημείωμα", "Ενημερωτικό Σημείωμα Εξόδου"],
        "el_long",
        lambda d: f"Θεσσαλονίκη, {d}",
        m,
        items,
        "Με εκτίμηση,",
        "Αγαπητέ συνάδελφε,",
    )
    ctx.notes.append("Greek script: the name is spelt in Greek letters")


def k_uk(ctx: Ctx) -> None:
    adm = ctx.date(ctx.ago(10, 30), "admission")
    dis = ctx.date(ctx.ago(2, 6), "discharge")

    def m(c: Ctx) -> str:
        c.comp.line(
            f"Пацієнт: {c.surname} {c.given}, дата народження: {fmt(c.bd, 'dot')}", c.bold, 10
        )
        return f"{c.surname} {c.given}"

    items = [
        (
            "p",
            f"Перебував(ла) на стаціонарному лікуванні з {fmt(adm, 'dot')} по {fmt(dis, 'dot')}.",
        ),
        ("h", "Діагноз"),
        ("p", "Ішемічний інсульт у басейні лівої середньої мозкової артерії."),
        ("h", "Рекомендації"),
        ("p", "Клопідогрель 75 мг, аторвастатин 40 мг, контроль АТ."),
    ]
    foreign(
        ctx,
        "ukr",
        "ВИПИСКА З МЕДИЧНОЇ КАРТИ СТАЦІОНАРНОГО ХВОРОГО",
        ["Виписка з медичної карти", "Виписка"],
        "uk_long",
        lambda d: d,
        m,
        items,
        "З повагою,",
        "Шановний колего!",
        date_where=ctx.pick(["top", "end"]),
    )
    ctx.notes.append("Cyrillic: name surname-first in Ukrainian spelling")


def k_lt(ctx: Ctx) -> None:
    exam = ctx.date(ctx.ago(2, 10), "examination")

    def m(c: Ctx) -> str:
        c.comp.line(f"Pacientas: {c.given} {c.surname}, gimimo data {fmt(c.bd, 'iso')}", c.bold, 10)
        return f"{c.given} {c.surname}"

    items = [
        ("p", f"Konsultacija atlikta {fmt(exam, 'iso')}."),
        ("h", "Diagnozė"),
        ("p", "Arterinė hipertenzija, II laipsnis (I10)."),
        ("h", "Rekomendacijos"),
        ("p", "Tęsti gydymą, kontrolė po 3 mėnesių."),
    ]
    foreign(
        ctx,
        "lit",
        "IŠRAŠAS IŠ MEDICINOS DOKUMENTŲ",
        ["Išrašas", "Forma Nr. 027/a"],
        "lt_long",
        lambda d: d,
        m,
        items,
        "Pagarbiai,",
        "Gerbiamas kolega,",
    )


def k_sy(ctx: Ctx) -> None:
    adm = ctx.date(ctx.ago(30, 200), "admission")

    def m(c: Ctx) -> str:
        c.comp.line(f"Patient name: {c.surname.upper()}, {c.given}", c.bold, 10)
        c.comp.line(f"Date of birth: {fmt(c.bd, 'slash')}", c.reg, 10)
        return f"{c.surname.upper()}, {c.given}"

    items = [
        (
            "p",
            f"The above-named patient was admitted to our department on {fmt(adm, 'slash')} "
            "with diabetic ketoacidosis and was treated with intravenous insulin and fluids.",
        ),
        (
            "p",
            "He/She is known to have type 1 diabetes since childhood and is on a basal-bolus "
            "insulin regimen. We kindly ask you to continue the follow-up in Germany.",
        ),
        ("p", "This report is issued at the request of the patient."),
    ]
    foreign(
        ctx,
        "syr",
        "MEDICAL REPORT",
        ["Medical Report", "To whom it may concern"],
        "en_long",
        lambda d: f"Date: {d}",
        m,
        items,
        "Sincerely,",
        "Dear Colleague,",
    )
    ctx.notes.append("Syrian letter in English, day-first dates")


def k_us(ctx: Ctx) -> None:
    adm = ctx.date(ctx.ago(10, 30), "admission")
    dis = ctx.date(ctx.ago(3, 9), "discharge")

    def m(c: Ctx) -> str:
        c.comp.line(f"RE: {c.given} {c.surname}     DOB: {fmt(c.bd, 'us_slash')}", c.bold, 10)
        return f"{c.given} {c.surname}"

    items = [
        ("p", f"Admitted {fmt(adm, 'us_slash')}, discharged {fmt(dis, 'us_slash')}."),
        ("h", "Diagnosis"),
        ("p", "NSTEMI; single-vessel CAD, s/p drug-eluting stent to LAD."),
        ("h", "Discharge medications"),
        ("li", "Aspirin 81 mg daily"),
        ("li", "Ticagrelor 90 mg twice daily"),
        ("li", "Atorvastatin 80 mg at bedtime"),
        ("p", "Patient is returning to Germany; please arrange cardiology follow-up."),
    ]
    foreign(
        ctx,
        "usa",
        "Discharge Summary",
        ["Hospital Discharge Summary"],
        "us_long",
        lambda d: d,
        m,
        items,
        "Sincerely,",
        "Dear Doctor,",
    )
    ctx.notes.append("US conventions: month-first dates (MM/DD/YYYY)")


def k_ca(ctx: Ctx) -> None:
    exam = ctx.date(ctx.ago(2, 12), "examination")
    if ctx.rng.random() < 0.5:

        def m(c: Ctx) -> str:
            c.comp.line(f"Patient: {c.surname}, {c.given}  (DOB {fmt(c.bd, 'iso')})", c.bold, 10)
            return f"{c.surname}, {c.given}"

        items = [
            (
                "p",
                f"I saw your patient in the walk-in clinic on {fmt(exam, 'us_long')} for "
                "an exacerbation of asthma.",
            ),
            (
                "p",
                "Treated with prednisone 40 mg for five days and budesonide/formoterol. "
                "Follow-up with you on return to Germany.",
            ),
        ]
        foreign(
            ctx,
            "can_en",
            "Consultation Note",
            ["Consultation"],
            "us_long",
            lambda d: d,
            m,
            items,
            "Kind regards,",
            "Dear Colleague,",
        )
        ctx.notes.append("Canadian English: ISO birth date, spelled-out letter date")
    else:

        def m(c: Ctx) -> str:
            c.comp.line(
                f"Patient(e) : {c.surname}, {c.given} — date de naissance : {fmt(c.bd, 'iso')}",
                c.bold,
                10,
            )
            return f"{c.surname}, {c.given}"

        items = [
            (
                "p",
                f"J'ai rencontré votre patient(e) le {fmt(exam, 'fr_long')} pour une "
                "exacerbation de MPOC.",
            ),
            (
                "p",
                "Traitement : prednisone 40 mg x 5 jours, amoxicilline-clavulanate. "
                "Suivi recommandé à son retour en Allemagne.",
            ),
        ]
        foreign(
            ctx,
            "can_fr",
            "Note de consultation",
            ["Consultation en pneumologie"],
            "fr_long",
            lambda d: f"Québec, le {d}",
            m,
            items,
            "Salutations distinguées,",
            "Chère consœur, cher confrère,",
        )
        ctx.notes.append("Canadian French: ISO birth date")


# ------------------------------------------------------------------ fax cover sheet


def cover_sheet(ctx: Ctx, day: str, pages: int) -> Page:
    s = SENDERS[ctx.sender_key]
    c = Composer()
    c.y = 60
    c.line("TELEFAX", "sansb", 26, lead=30)
    c.gap(10)
    c.line(ctx.sender_name, "sans", 11)
    c.gap(16)
    style = (
        "dot"
        if ctx.region in ("DE", "CH", "TR", "UA", "HR")
        else (
            "us_slash" if ctx.region == "US" else ("iso" if ctx.region in ("LT", "CA") else "slash")
        )
    )
    rows = [
        ("An:", str(ctx.practice["short"])),
        ("Fax:", str(ctx.practice["fax_intl"])),
        ("Von:", ctx.sender_name),
        ("Fax:", str(s["fax"])),
        ("Datum:", fmt(day, style)),
        ("Seiten:", f"{pages} (inkl. Deckblatt)"),
    ]
    for label, v in rows:
        c.line(label, "sansb", 11, lead=22)
        c.at(150, c.y, v, "sans", 11)
    c.gap(30)
    c.para(
        "Vertraulich: Diese Sendung enthält Patientendaten und ist ausschließlich für den "
        "oben genannten Empfänger bestimmt. Falls Sie dieses Fax irrtümlich erhalten haben, "
        "benachrichtigen Sie uns bitte und vernichten Sie die Unterlagen.",
        "sans",
        9,
    )
    return Page("cover", c.page.lines, c.page.rules, c.page.boxes)


def _fax_only(ctx: Ctx) -> None:
    """A pharmacy's faxed form: medication query, filled in by hand-like values."""
    s = ctx.sender("apo")
    ctx.comp = Composer()
    c = ctx.comp
    fonts(ctx)
    letterhead(ctx, s, "center")
    c.gap(16)
    c.line("RÜCKFRAGE ZUR VERORDNUNG", ctx.bold, 13)
    ctx.title = "RÜCKFRAGE ZUR VERORDNUNG"
    ctx.title_alts = ["Rückfrage zur Verordnung", "Rückfrage Apotheke"]
    c.gap(8)
    c.line(f"An: {ctx.practice['short']}", ctx.reg, 10)
    c.line(f"Fax: {ctx.practice['fax']}", ctx.reg, 10)
    c.gap(10)
    rx = ctx.date(ctx.ago(1, 5), "prescription")
    ctx.bd_printed = ctx.rng.random() < 0.5
    g, sn = ctx.given, ctx.surname
    ctx.as_written = f"{sn}, {g}"
    line = f"Patient/in: {sn}, {g}"
    if ctx.bd_printed:
        line += f"   geb.: {fmt(ctx.bd, 'dot')}"
    c.line(line, ctx.reg, 10)
    c.line(f"Rezept vom: {fmt(rx, 'dot')}", ctx.reg, 10)
    c.gap(8)
    c.para(
        "Verordnet: Metamizol 500 mg Tabletten N3. Das Präparat ist nicht lieferbar. "
        "Wir schlagen Metamizol 500 mg Tropfen (gleiche Wirkstärke) vor. Bitte kurze "
        "Rückmeldung oder neues Rezept.",
        ctx.reg,
        10,
    )
    c.gap(12)
    c.line("[ ] einverstanden     [ ] nicht einverstanden", ctx.reg, 10)
    c.gap(16)
    c.line(
        f"{s['city']}, {fmt(ctx.letter_date, 'dot')}      Miriam Sauter, Apothekerin", ctx.reg, 10
    )
    ctx.person("Miriam Sauter", "pharmacist")
    if not ctx.bd_printed:
        ctx.notes.append("pharmacy query without a birth date")


KINDS: dict[str, Callable[[Ctx], None]] = {
    "uni_discharge": k_uni_discharge,
    "city_hospital": k_city_hospital,
    "psych_report": k_psych,
    "specialist": k_specialist,
    "radiology": k_radiology,
    "hospice": k_hospice,
    "occupational": k_occupational,
    "therapy_report": k_therapy,
    "authority_ifsg": k_authority,
    "bg_letter": k_bg,
    "drv_form": k_drv,
    "insurer_form": k_insurer,
    "versorgungsamt_form": k_versorgungsamt,
    "lab_table": k_lab,
    "care_email": k_email,
    "kim_printout": k_email,
    "handwritten_note": k_handwritten,
    "handwritten_relative": k_handwritten,
    "pharmacy_fax": _fax_only,
    "fr_strasbourg": k_fr,
    "ch_basel": k_ch,
    "it_letter": k_it,
    "tr_epikriz": k_tr,
    "hr_otpusno": k_hr,
    "el_letter": k_el,
    "uk_vypyska": k_uk,
    "lt_israsas": k_lt,
    "sy_report": k_sy,
    "us_summary": k_us,
    "ca_letter": k_ca,
}
