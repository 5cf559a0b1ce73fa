"""Generated letters to three Hessian general practices, with their exact truth."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field
from typing import Any

from bench.heldout50ag import register, render, world
from bench.heldout50ag.render import Line, Sheet
from bench.heldout50ag.world import fmt

SPLITS = {"test": (40, 5_040_177), "examples": (6, 5_040_911)}
BASE_DATE = dt.date(2026, 6, 1)

KINDS = [
    ("hospital", 7),
    ("specialist", 5),
    ("lab", 4),
    ("radiology", 3),
    ("insurer", 3),
    ("authority", 2),
    ("care_email", 2),
    ("pharmacy_fax", 2),
    ("therapy", 2),
    ("handwritten", 2),
    ("airport", 1),
    ("foreign_tr", 2),
    ("foreign_hr", 2),
    ("foreign_pt", 2),
    ("foreign_us", 2),
    ("foreign_gb", 1),
]
ORIGIN = {
    "foreign_tr": register.TUR_S,
    "foreign_hr": register.HR_S,
    "foreign_pt": register.PT_S,
    "foreign_us": ["Johnson", "Miller", "Rodriguez"],
    "foreign_gb": ["Thompson", "Clarke", "O'Brien"],
}
DIAG_DE = [
    "Arterielle Hypertonie (I10.90)",
    "Diabetes mellitus Typ 2 (E11.90)",
    "Chronische Niereninsuffizienz Stadium 3a (N18.3)",
    "Vorhofflimmern, paroxysmal (I48.0)",
    "COPD GOLD II (J44.99)",
    "Lumbale Spinalkanalstenose L4/5 (M48.06)",
    "Hypothyreose (E03.9)",
    "Koronare Herzkrankheit, 2-Gefäß (I25.12)",
    "Eisenmangelanämie (D50.9)",
    "Gonarthrose rechts (M17.1)",
    "Migräne ohne Aura (G43.0)",
]
SENTENCES_DE = [
    "Die stationäre Aufnahme erfolgte über die Zentrale Notaufnahme.",
    "Unter der eingeleiteten Therapie besserte sich der Allgemeinzustand rasch.",
    "Wir bitten um regelmäßige Kontrollen von Blutdruck und Nierenwerten.",
    "Die Medikation wurde wie unten aufgeführt angepasst.",
    "Eine Kontrolle des Kaliums in einer Woche wird empfohlen.",
    "Der Patient wurde über die Befunde ausführlich aufgeklärt.",
    "Bei Beschwerdezunahme ist eine erneute Vorstellung jederzeit möglich.",
    "Sonographisch ergab sich kein Anhalt für einen freien Flüssigkeitssaum.",
    "Die Mobilisation gelang unter physiotherapeutischer Anleitung gut.",
    "Wir danken für die freundliche Zuweisung und stehen für Rückfragen gern zur Verfügung.",
]


@dataclass
class Who:
    surname: str
    given: str
    sex: str
    birth: dt.date
    title: str
    street: str
    city: str
    reg: register.Patient | None
    surname_letter: str
    given_letter: str
    note: str = ""


@dataclass
class Ctx:
    rng: random.Random
    who: Who
    practice: int
    date: dt.date | None
    layout: str = ""
    language: str = "de"
    region: str = "DE"
    sheet: Sheet = field(default_factory=Sheet)
    as_written: str = ""
    birth_printed: bool = False
    sender: str = ""
    sender_alts: list[str] = field(default_factory=list)
    sender_fax: str = ""
    title: str | None = None
    title_alts: list[str] = field(default_factory=list)
    patient_id: str | None = None
    other_dates: list[dict[str, str]] = field(default_factory=list)
    other_people: list[dict[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    handwritten: bool = False

    def d(self, delta: int) -> dt.date:
        assert self.date is not None
        return self.date + dt.timedelta(days=delta)

    def other(self, when: dt.date, role: str) -> dt.date:
        self.other_dates.append({"date": when.isoformat(), "role": role})
        return when

    def person(self, name: str, role: str) -> str:
        self.other_people.append({"name": name, "role": role})
        return name


# ---------------------------------------------------------------- names


def salutation(w: Who, lang: str = "de") -> str:
    if lang == "de":
        return "Herr" if w.sex == "m" else "Frau"
    return {"en": "Mr" if w.sex == "m" else "Mrs", "tr": "Sn.", "hr": "", "pt": ""}[lang]


def name_as(c: Ctx, style: str) -> str:
    """The patient's name as this letter prints it; the first such call is 'as written'."""
    w = c.who
    sur, giv = w.surname_letter, w.given_letter
    title = f"{w.title} " if w.title else ""
    if style == "formal":
        text = f"{salutation(w)} {title}{giv} {sur}"
    elif style == "comma":
        text = f"{sur}, {giv}"
    elif style == "caps_comma":
        text = f"{sur.upper()}, {giv}"
    elif style == "all_caps":
        text = f"{sur.upper()}, {giv.upper()}"
    elif style == "given_caps":
        text = f"{giv} {sur.upper()}"
    elif style == "plain":
        text = f"{giv} {sur}"
    elif style == "sur_first":
        text = f"{sur} {giv}"
    elif style == "title_comma":
        text = f"{sur}, {giv}{', ' + w.title if w.title else ''}"
    elif style == "maiden":
        maiden = w.reg.birth_name if w.reg and w.reg.birth_name else ""
        text = f"{salutation(w)} {title}{giv} {sur}" + (f" geb. {maiden}" if maiden else "")
    elif style == "tr_caps":
        text = world.tr_upper(f"{giv} {sur}")
    else:
        raise ValueError(style)
    if not c.as_written:
        c.as_written = text
    return text


def must_birth(c: Ctx) -> bool:
    """A patient with a namesake in the register is only told apart by the birth date."""
    return c.who.reg is not None and c.who.reg.collision is not None


def birth(c: Ctx, style: str) -> str:
    c.birth_printed = True
    if style == "de_short" and not 1931 <= c.who.birth.year <= 2030:
        style = "de"
    return fmt(c.who.birth, style)


# ---------------------------------------------------------------- pieces


def letterhead(c: Ctx, s: dict[str, Any], align: str, fnt: str, dept: bool = True) -> None:
    sh = c.sheet
    sh.line(str(s["org"]), 14.0, fnt + "b" if fnt + "b" in render.FONTS else fnt, align, lead=6.0)
    if dept and s.get("dept"):
        sh.line(str(s["dept"]), 10.0, fnt, align, lead=5.0)
    if s.get("street"):
        sh.line(f"{s['street']} · {s['city']}", 8.5, fnt, align, lead=4.0)
    if s.get("phone"):
        sh.line(f"Telefon {s['phone']} · Telefax {s['fax']}", 8.0, fnt, align, lead=4.0)
    c.sender = str(s["org"])
    c.sender_alts = [str(a) for a in s.get("alts", [])]
    if s.get("dept"):
        c.sender_alts.append(str(s["dept"]))
    c.sender_fax = str(s["fax"])


def window(c: Ctx, fnt: str, return_line: str | None = None) -> None:
    sh = c.sheet
    sh.at(48.0)
    if return_line:
        sh.line(return_line, 6.5, fnt, lead=5.0)
    lines = world.PRACTICE_WINDOW[c.practice]
    if c.practice == 1 and c.rng.random() < 0.5:
        # The long name in full, wrapped over the window's lines.
        sh.para(str(world.PRACTICES[1]["name"]), 10.0, fnt, width=84.0, lead=4.6)
        lines = lines[1:]
    for ln in lines:
        sh.line(ln, 10.0, fnt, lead=4.6)
    sh.gap(8.0)


def body(c: Ctx, fnt: str, count: int, size: float = 10.0) -> None:
    picks = c.rng.sample(SENTENCES_DE, k=min(count, len(SENTENCES_DE)))
    c.sheet.para(" ".join(picks), size, fnt, lead=size * 0.5)
    c.sheet.gap(3.0)


def sign(c: Ctx, doctors: list[str], fnt: str, greeting: str = "Mit freundlichen Grüßen") -> None:
    sh = c.sheet
    sh.gap(4.0)
    sh.line(greeting, 10.0, fnt, lead=14.0)
    for doc in doctors:
        sh.line(c.person(doc, "signatory"), 10.0, fnt, lead=5.0)


def docs(s: dict[str, Any]) -> list[str]:
    return [str(d) for d in s["doctors"]]


def pick_style(rng: random.Random) -> tuple[str, str]:
    return rng.choice(
        [
            ("sans", "l"),
            ("arial", "c"),
            ("times", "r"),
            ("serif", "l"),
            ("arial", "r"),
            ("narrow", "l"),
        ]
    )


# ---------------------------------------------------------------- layouts


def lay_hospital(c: Ctx) -> None:
    rng = c.rng
    s = rng.choice(world.HOSPITALS)
    fnt, align = pick_style(rng)
    admit = c.other(c.d(-rng.randint(6, 16)), "admission")
    out = c.other(c.d(-rng.randint(0, 3)), "discharge")
    c.sheet = Sheet(header="", header_font=fnt)
    letterhead(c, s, align, fnt)
    window(c, fnt, f"{s['org']} · {s['street']} · {s['city']}")
    date_style = rng.choice(["de", "de_long"])
    kind = rng.choice(["Entlassungsbrief", "Vorläufiger Arztbrief", "ARZTBRIEF"])
    if rng.random() < 0.5:
        c.sheet.line(f"{s['place']}, {fmt(c.d(0), date_style)}", 10.0, fnt, "r", lead=8.0)
        top_date = True
    else:
        top_date = False
    c.sheet.line(kind, 13.0, fnt + "b" if fnt + "b" in render.FONTS else fnt, lead=7.0)
    c.title, c.title_alts = kind, ["Arztbrief", "Entlassbrief"]
    style = rng.choice(["formal", "caps_comma", "comma"])
    nm = name_as(c, style)
    b = birth(c, rng.choice(["de", "de_short"]))
    extra = ""
    if c.who.reg and c.who.reg.collision == "same_name_birth_date":
        extra = f", wohnhaft {c.who.street}, {c.who.city}"
        c.notes.append("same name and birth date in the register: only the address decides")
    c.sheet.para(f"Betr.: {nm}, geb. {b}{extra}", 10.0, fnt, lead=5.0)
    c.sheet.line(
        f"Stationärer Aufenthalt vom {fmt(admit, 'de')} bis {fmt(out, 'de')}", 10.0, fnt, lead=7.0
    )
    hdr_name = f"{c.who.surname_letter}, {c.who.given_letter}, geb. {fmt(c.who.birth, 'de')}"
    c.sheet.header = f"{hdr_name} – {kind} – Seite {{N}} von {{T}}"
    c.sheet.line("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,", 10.0, fnt, lead=6.0)
    c.sheet.para("wir berichten über die stationäre Behandlung des o. g. Patienten.", 10.0, fnt)
    c.sheet.gap(3.0)
    c.sheet.line("Diagnosen:", 10.0, fnt, lead=5.0)
    for dx in rng.sample(DIAG_DE, k=rng.randint(3, 6)):
        c.sheet.line(f"– {dx}", 10.0, fnt, x=28.0, lead=5.0)
    c.sheet.gap(3.0)
    c.sheet.line("Anamnese und Verlauf:", 10.0, fnt, lead=5.0)
    for _ in range(rng.randint(2, 5)):
        body(c, fnt, 4)
    follow = c.other(c.d(rng.randint(10, 30)), "follow-up")
    c.sheet.para(
        f"Eine ambulante Wiedervorstellung ist am {fmt(follow, 'de')} vorgesehen.", 10.0, fnt
    )
    c.sheet.line("Medikation bei Entlassung:", 10.0, fnt, lead=5.0)
    for med in rng.sample(
        [
            "Ramipril 5 mg 1-0-0",
            "Metformin 1000 mg 1-0-1",
            "Apixaban 5 mg 1-0-1",
            "Bisoprolol 2,5 mg 1-0-0",
            "Torasemid 10 mg 1-0-0",
            "Pantoprazol 20 mg 1-0-0",
            "Atorvastatin 40 mg 0-0-1",
            "L-Thyroxin 75 µg 1-0-0",
        ],
        k=4,
    ):
        c.sheet.line(med, 10.0, "mono", x=28.0, lead=5.0)
    sign(c, docs(s), fnt)
    if not top_date:
        c.sheet.gap(4.0)
        c.sheet.line(f"Datum: {fmt(c.d(0), date_style)}", 9.0, fnt, lead=5.0)
        c.notes.append("letter date only at the end, after admission and discharge dates")
    c.notes.append("discharge and admission dates printed before the letter date")


def lay_specialist(c: Ctx) -> None:
    rng = c.rng
    s = rng.choice(world.SPECIALISTS)
    fnt, align = pick_style(rng)
    exam = c.other(c.d(-rng.randint(0, 7)), "examination")
    c.sheet = Sheet(header=f"{c.who.surname_letter}, {c.who.given_letter} – Seite {{N}}")
    letterhead(c, s, align, fnt)
    window(c, fnt)
    if rng.random() < 0.5:
        c.title = str(s["title"])
        c.sheet.line(c.title, 11.0, fnt, lead=7.0)
    else:
        c.notes.append("no heading: the letter has no title")
    nm = name_as(c, rng.choice(["formal", "plain", "given_caps"]))
    b = birth(c, rng.choice(["de", "de_short", "de_nopad"]))
    c.sheet.line("Sehr geehrte Kollegin, sehr geehrter Kollege,", 10.0, fnt, lead=6.0)
    c.sheet.para(
        f"wir berichten über {nm} (* {b}), die/der sich am {fmt(exam, 'de')} "
        "in unserer Sprechstunde vorstellte.",
        10.0,
        fnt,
    )
    c.sheet.gap(3.0)
    if c.who.reg and c.who.reg.birth_name and rng.random() < 0.5:
        c.sheet.line(f"Geburtsname: {c.who.reg.birth_name}", 10.0, fnt, lead=6.0)
        c.notes.append("birth name printed beside the married name")
    c.sheet.line("Befund:", 10.0, fnt, lead=5.0)
    for _ in range(rng.randint(1, 3)):
        body(c, fnt, 3)
    if rng.random() < 0.4:
        rel = c.other(
            dt.date(rng.randint(1935, 1960), rng.randint(1, 12), rng.randint(1, 28)),
            "relative birth date",
        )
        c.sheet.para(
            f"Familienanamnese: Mutter (geb. {fmt(rel, 'de')}) mit Apoplex im Alter von 70 Jahren.",
            10.0,
            fnt,
        )
        c.notes.append("a relative's birth date in the family history")
    sign(c, docs(s)[:1], fnt, "Mit kollegialen Grüßen")
    c.sheet.gap(4.0)
    c.sheet.line(f"{s['place']}, den {fmt(c.d(0), 'de_long')}", 10.0, fnt, lead=5.0)
    c.notes.append("date only at the end, after the examination date")


def lay_lab(c: Ctx) -> None:
    rng = c.rng
    s = rng.choice(world.LABS)
    take = c.other(c.d(-rng.randint(1, 3)), "collection")
    recv = c.other(c.d(-1) if take < c.d(-1) else take, "receipt")
    c.sheet = Sheet(header="")
    letterhead(c, s, "l", "arial")
    window(c, "arial")
    c.title = rng.choice(["Laborbefund", "ENDBEFUND", "Befundbericht Labor"])
    c.title_alts = ["Laborbefund"]
    c.sheet.line(c.title, 13.0, "arialb", lead=7.0)
    nm = name_as(c, rng.choice(["all_caps", "caps_comma", "comma"]))
    c.sheet.line(f"Patient: {nm}", 10.0, "mono", lead=5.0)
    c.sheet.line(
        f"Geb.-Dat.: {birth(c, rng.choice(['de', 'de_short']))}   "
        f"Geschlecht: {'M' if c.who.sex == 'm' else 'W'}",
        10.0,
        "mono",
        lead=5.0,
    )
    if c.who.reg:
        c.patient_id = c.who.reg.id
        c.sheet.line(
            f"Ihre Pat.-Nr.: {c.patient_id}   Auftrag: {rng.randint(100000, 999999)}",
            10.0,
            "mono",
            lead=5.0,
        )
        c.notes.append("the practice's own patient number printed by the lab")
    c.sheet.line(
        f"Entnahme: {fmt(take, 'de')} {rng.randint(7, 11):02d}:{rng.randint(0, 59):02d}",
        10.0,
        "mono",
        lead=5.0,
    )
    c.sheet.line(f"Eingang:  {fmt(recv, 'de')}", 10.0, "mono", lead=5.0)
    c.sheet.line(f"Befund vom: {fmt(c.d(0), 'de')}", 10.0, "mono", lead=8.0)
    c.sheet.line("Untersuchung          Ergebnis   Einheit   Referenz", 9.5, "monob", lead=5.0)
    rows = [
        ("Hämoglobin", "13,4", "g/dl", "12,0 - 16,0"),
        ("Leukozyten", "7,9", "/nl", "3,9 - 10,2"),
        ("Kreatinin", "1,31 +", "mg/dl", "0,50 - 1,10"),
        ("eGFR (CKD-EPI)", "52 -", "ml/min", "> 60"),
        ("HbA1c", "7,4 +", "%", "< 6,0"),
        ("TSH basal", "2,10", "mU/l", "0,27 - 4,20"),
        ("Kalium", "4,6", "mmol/l", "3,5 - 5,1"),
        ("CRP", "< 0,5", "mg/dl", "< 0,5"),
    ]
    for name, val, unit, ref in rng.sample(rows, k=rng.randint(4, 8)):
        c.sheet.line(f"{name:<22} {val:<10} {unit:<9} {ref}", 9.5, "mono", lead=4.8)
    c.sheet.gap(6.0)
    c.sheet.line(
        f"Validiert: {c.person(docs(s)[0], 'validating doctor')}",
        9.0,
        "arial",
        lead=5.0,
    )
    c.notes.append("collection and receipt dates printed beside the report date")


def lay_radiology(c: Ctx) -> None:
    rng = c.rng
    s = rng.choice(world.RADIOLOGY)
    exam = c.other(c.d(-rng.randint(0, 4)), "examination")
    c.sheet = Sheet()
    letterhead(c, s, rng.choice(["c", "r"]), "serif")
    window(c, "serif")
    c.sheet.line(f"Datum: {fmt(c.d(0), 'de')}", 10.0, "serif", "r", lead=7.0)
    c.sheet.line(f"Name: {name_as(c, 'comma')}", 10.0, "serif", lead=5.0)
    c.sheet.line(f"Geb.: {birth(c, 'de')}", 10.0, "serif", lead=7.0)
    study = rng.choice(
        [
            "MRT der Lendenwirbelsäule",
            "CT Thorax mit Kontrastmittel",
            "Röntgen Thorax in 2 Ebenen",
            "MRT Schädel nativ",
            "Sonographie Abdomen",
        ]
    )
    c.title = f"{study} vom {fmt(exam, 'de')}"
    c.title_alts = [study]
    c.sheet.line(c.title, 11.0, "serifb", lead=7.0)
    c.sheet.line("Indikation: Abklärung bei anhaltenden Beschwerden.", 10.0, "serif", lead=6.0)
    c.sheet.line("Befund:", 10.0, "serifb", lead=5.0)
    body(c, "serif", 3)
    c.sheet.line("Beurteilung:", 10.0, "serifb", lead=5.0)
    c.sheet.para(
        "Kein Nachweis einer akuten Pathologie. Degenerative Veränderungen altersentsprechend.",
        10.0,
        "serif",
    )
    sign(c, docs(s)[:1], "serif")
    c.notes.append("examination date inside the heading")


def lay_insurer(c: Ctx) -> None:
    rng = c.rng
    s = rng.choice(world.INSURERS)
    c.sheet = Sheet()
    letterhead(c, s, "r", "arial")
    window(c, "arial", f"{s['org']}, {s['city']}")
    c.sheet.line("Ihr Zeichen: –", 9.0, "arial", "r", lead=4.5)
    c.sheet.line(
        f"Unser Zeichen: {rng.choice(['KG', 'RE', 'PF'])}-{rng.randint(1000, 9999)}"
        f"/{rng.randint(10, 99)}",
        9.0,
        "arial",
        "r",
        lead=4.5,
    )
    c.sheet.line(
        f"Ansprechpartner: {c.person(docs(s)[0], 'clerk')}",
        9.0,
        "arial",
        "r",
        lead=4.5,
    )
    c.sheet.line(
        f"Datum: {fmt(c.d(0), rng.choice(['de', 'de_long']))}", 9.0, "arial", "r", lead=9.0
    )
    subj = rng.choice(
        [
            "Anforderung eines ärztlichen Befundberichts",
            "Antrag auf Leistungen zur medizinischen Rehabilitation",
            "Arbeitsunfähigkeit – Anfrage nach § 275 SGB V",
            "Begutachtung Pflegegrad",
        ]
    )
    labelled = rng.random() < 0.5
    c.sheet.line(f"Betreff: {subj}" if labelled else subj, 10.0, "arialb", lead=6.0)
    c.title, c.title_alts = subj, []
    nm = name_as(c, rng.choice(["title_comma", "comma", "plain", "maiden"]))
    kv = f"{rng.choice('ABHKMRST')}{rng.randint(100000000, 999999999)}"
    c.sheet.line(f"Versicherte/r: {nm}, geb. {birth(c, 'de')}", 10.0, "arial", lead=5.0)
    c.sheet.line(f"Versichertennummer: {kv}", 10.0, "arial", lead=7.0)
    c.sheet.line("Sehr geehrte Damen und Herren,", 10.0, "arial", lead=6.0)
    due = c.other(c.d(rng.randint(14, 28)), "reply due")
    c.sheet.para(
        "für die Prüfung des Anspruchs bitten wir um einen Befundbericht mit den "
        "aktuellen Diagnosen und der Medikation. Die Vergütung erfolgt nach JVEG. "
        f"Bitte senden Sie den Bericht bis zum {fmt(due, 'de')} zurück.",
        10.0,
        "arial",
    )
    sign(c, [f"i. A. {docs(s)[0]}"], "arial")
    c.notes.append("reply-due date after the letter date; insurer number is not the patient id")


def lay_authority(c: Ctx) -> None:
    rng = c.rng
    s = rng.choice(world.AUTHORITIES)
    c.sheet = Sheet()
    letterhead(c, s, "l", "times")
    window(c, "times")
    c.sheet.line(f"{s['place']}, {fmt(c.d(0), 'de')}", 10.0, "times", "r", lead=8.0)
    heading = rng.choice(
        [
            "ANFORDERUNG EINES BEFUNDBERICHTS",
            "FESTSTELLUNGSVERFAHREN NACH DEM SGB IX",
            "MELDUNG NACH DEM INFEKTIONSSCHUTZGESETZ – RÜCKFRAGE",
        ]
    )
    c.title, c.title_alts = heading, [heading.title()]
    c.sheet.line(heading, 11.0, "timesb", lead=7.0)
    az = f"Az.: {rng.randint(10, 99)}-{rng.randint(1000, 9999)}/{c.d(0).year % 100}"
    c.sheet.line(az, 10.0, "times", lead=6.0)
    nm = name_as(c, rng.choice(["comma", "formal", "maiden"]))
    c.sheet.line(f"Antragsteller/in: {nm}", 10.0, "times", lead=5.0)
    c.sheet.line(f"geboren am: {birth(c, 'de_long')}", 10.0, "times", lead=5.0)
    c.sheet.line(f"Anschrift: {c.who.street}, {c.who.city}", 10.0, "times", lead=7.0)
    if rng.random() < 0.5:
        rel = c.other(
            dt.date(rng.randint(2012, 2022), rng.randint(1, 12), rng.randint(1, 28)),
            "relative birth date",
        )
        c.sheet.line(f"Im Haushalt lebendes Kind, geb. {fmt(rel, 'de')}", 10.0, "times", lead=7.0)
        c.notes.append("a child's birth date after the patient's")
    c.sheet.para(
        "Sehr geehrte Frau Doktor, sehr geehrter Herr Doktor, im oben genannten "
        "Verfahren bitten wir Sie um Übersendung eines Befundberichts. Ein "
        "Vordruck liegt bei. Die Schweigepflichtentbindung liegt uns vor.",
        10.0,
        "times",
    )
    sign(
        c,
        [docs(s)[0]],
        "times",
        ["Mit freundlichen Grüßen", "Im Auftrag"][0],
    )


def lay_care_email(c: Ctx) -> None:
    rng = c.rng
    s = rng.choice(world.CARE)
    c.sheet = Sheet(left=18.0)
    c.sheet.line(str(s["org"]), 12.0, "sansb", lead=6.0)
    c.sheet.line("_" * 70, 8.0, "sans", lead=6.0)
    c.sender, c.sender_alts, c.sender_fax = str(s["org"]), list(s["alts"]), str(s["fax"])
    sent = fmt(c.d(0), "de_weekday")
    c.sheet.line(f"Von: {docs(s)[0]} <{s['mail']}>", 9.5, "sans", lead=5.0)
    c.person(docs(s)[0], "sender of the e-mail")
    c.sheet.line(
        f"Gesendet: {sent} {rng.randint(7, 17):02d}:{rng.randint(0, 59):02d}", 9.5, "sans", lead=5.0
    )
    c.sheet.line(
        f"An: {world.PRACTICE_WINDOW[c.practice][0]} <praxis@example-hessen.de>",
        9.5,
        "sans",
        lead=5.0,
    )
    subj = rng.choice(
        [
            "Wunde Unterschenkel re. – bitte Rückruf",
            "Verordnung häusliche Krankenpflege läuft aus",
            "Sturz heute Nacht, keine Verletzung",
        ]
    )
    nm = name_as(c, rng.choice(["comma", "formal", "sur_first"]))
    c.sheet.line(f"Betreff: {subj} ({nm})", 9.5, "sans", lead=8.0)
    c.title, c.title_alts = subj, [f"{subj} ({nm})"]
    if must_birth(c) or rng.random() < 0.5:
        c.sheet.line(f"Geb.: {birth(c, 'de')}", 9.5, "sans", lead=6.0)
    else:
        c.notes.append("no birth date in the e-mail")
    c.sheet.line("Guten Tag,", 10.0, "sans", lead=6.0)
    c.sheet.para(
        "bei unserem heutigen Einsatz ist uns Folgendes aufgefallen. Wir bitten um "
        "Rückmeldung bzw. eine neue Verordnung für die Behandlungspflege.",
        10.0,
        "sans",
    )
    c.sheet.gap(4.0)
    c.sheet.line("Viele Grüße", 10.0, "sans", lead=5.0)
    c.sheet.line(docs(s)[0], 10.0, "sans", lead=5.0)
    c.sheet.line(str(s["org"]), 10.0, "sans", lead=5.0)
    c.title_alts.append("E-Mail")
    c.notes.append("e-mail printout: the sent date is the letter date, weekday spelled out")


def lay_pharmacy_fax(c: Ctx) -> None:
    rng = c.rng
    s = rng.choice(world.PHARMACIES)
    c.sheet = Sheet()
    letterhead(c, s, "c", "arial")
    c.sheet.gap(4.0)
    c.title = "RÜCKFRAGE ZUR VERORDNUNG"
    c.title_alts = ["Rückfrage zur Verordnung", "Rückfrage"]
    c.sheet.line(c.title, 14.0, "arialb", "c", lead=9.0)
    c.sheet.line(f"An: {world.PRACTICE_WINDOW[c.practice][0]}", 10.0, "arial", lead=5.0)
    c.sheet.line(f"Datum: {fmt(c.d(0), 'de_short')}", 10.0, "arial", lead=7.0)
    nm = name_as(c, rng.choice(["plain", "comma"]))
    if must_birth(c) or rng.random() < 0.6:
        c.sheet.line(f"Patient/in: {nm}   geb. {birth(c, 'de')}", 10.0, "arial", lead=7.0)
    else:
        c.sheet.line(f"Patient/in: {nm}", 10.0, "arial", lead=7.0)
        c.notes.append("pharmacy query without birth date")
    rx = c.other(c.d(-rng.randint(0, 2)), "prescription date")
    c.sheet.line(f"Rezept vom: {fmt(rx, 'de')}", 10.0, "arial", lead=7.0)
    for box, text in [
        ("[X]" if rng.random() < 0.5 else "[ ]", "Wirkstärke fehlt"),
        ("[X]", "Präparat nicht lieferbar – Austausch möglich?"),
        ("[ ]", "Dosierangabe fehlt (§ 2 Abs. 1 AMVV)"),
        ("[ ]", "BtM-Rezept erforderlich"),
    ]:
        c.sheet.line(f"{box} {text}", 10.0, "mono", lead=5.5)
    c.sheet.gap(4.0)
    c.sheet.line("Bitte um Rückruf oder Rückfax. Vielen Dank!", 10.0, "arial", lead=8.0)
    c.sheet.line(c.person(docs(s)[0], "pharmacist"), 10.0, "arial", lead=5.0)
    c.notes.append("form with two-digit year; prescription date beside it")


def lay_therapy(c: Ctx) -> None:
    rng = c.rng
    s = rng.choice(world.THERAPISTS)
    c.sheet = Sheet()
    letterhead(c, s, rng.choice(["l", "r"]), "narrow")
    window(c, "narrow")
    c.sheet.line(f"{fmt(c.d(0), 'de_long')}", 10.0, "narrow", "r", lead=8.0)
    c.title = str(s["title"])
    c.sheet.line(c.title, 12.0, "narrow", lead=7.0)
    nm = name_as(c, rng.choice(["formal", "plain"]))
    start = c.other(c.d(-rng.randint(40, 90)), "therapy start")
    if must_birth(c) or rng.random() < 0.5:
        c.sheet.para(f"Patient/in: {nm}, geb. {birth(c, 'de')}", 10.0, "narrow")
    else:
        c.sheet.para(f"Patient/in: {nm}", 10.0, "narrow")
        c.notes.append("no birth date printed")
    c.sheet.line(
        f"Behandlungsbeginn: {fmt(start, 'de')}, bisher 10 Einheiten", 10.0, "narrow", lead=7.0
    )
    body(c, "narrow", 3)
    c.sheet.para("Wir empfehlen eine Folgeverordnung über weitere 10 Einheiten.", 10.0, "narrow")
    sign(c, docs(s), "narrow")


def lay_handwritten(c: Ctx) -> None:
    rng = c.rng
    s = rng.choice(world.HANDWRITERS)
    c.handwritten = True
    c.sheet = Sheet(left=22.0, top=30.0)
    doc = docs(s)[0]
    c.sender = str(s["org"]) or doc
    c.sender_alts = list(s["alts"]) + ([doc] if s["org"] else [])
    c.sender_fax = str(s["fax"])
    if s["org"]:
        c.sheet.line(str(s["org"]), 12.0, "hand", lead=9.0)
    else:
        c.sheet.line(doc, 12.0, "hand", lead=9.0)
    if c.date is not None:
        c.sheet.line(fmt(c.d(0), "de_nopad"), 12.0, "hand", "r", lead=10.0)
    else:
        c.notes.append("undated handwritten note")
    doctor = str(world.PRACTICES[c.practice]["doctor"]).replace("Dr. med. ", "")
    c.sheet.line(
        f"Liebe Kollegin, lieber Kollege ({doctor.split(' ')[-1]}),", 12.0, "hand", lead=9.0
    )
    nm = name_as(c, rng.choice(["formal", "plain"]))
    parts = [f"ich habe heute {nm} gesehen"]
    if must_birth(c) or rng.random() < 0.6:
        parts.append(f"(geb. {birth(c, 'de_nopad')}).")
    parts += ["Bitte in den nächsten Tagen", "Kontrolle von Wunde und BZ.", "Danke & viele Grüße!"]
    for part in parts:
        c.sheet.line(
            part,
            rng.choice([13.0, 13.5, 14.0]),
            "hand",
            x=22.0 + rng.uniform(0.0, 9.0),
            lead=rng.uniform(9.0, 12.0),
            grey=0.15,
        )
    c.sheet.gap(6.0)
    c.sheet.line(
        c.person(doc, "writer"), 14.0, "hand", x=105.0 + rng.uniform(0, 15), lead=8.0, grey=0.15
    )
    c.title = None
    c.notes.append("handwriting-like font; no title")


def lay_airport(c: Ctx) -> None:
    rng = c.rng
    s = world.AIRPORT
    c.sheet = Sheet()
    letterhead(c, s, "l", "arial")
    window(c, "arial")
    c.title = "Ärztlicher Bericht / Medical Report"
    c.title_alts = ["Ärztlicher Bericht", "Medical Report"]
    c.sheet.line(c.title, 12.0, "arialb", lead=7.0)
    c.sheet.line(f"Datum / Date: {fmt(c.d(0), 'de')}", 10.0, "arial", lead=6.0)
    c.sheet.line(f"Name / Name: {name_as(c, 'all_caps')}", 10.0, "arial", lead=5.0)
    c.sheet.line(f"Geburtsdatum / Date of birth: {birth(c, 'de')}", 10.0, "arial", lead=5.0)
    flight = f"{rng.choice(['LH', 'TK', 'UA', 'TP', 'OU'])} {rng.randint(100, 1999)}"
    c.sheet.line(
        f"Flug / Flight: {flight}, Terminal {rng.choice(['1', '2'])}", 10.0, "arial", lead=7.0
    )
    c.sheet.para(
        "Vorstellung nach Kollaps am Gate. Vitalparameter stabil, EKG ohne akute "
        "Ischämiezeichen. Weiterreise ärztlich vertretbar. Bitte um hausärztliche "
        "Kontrolle.",
        10.0,
        "arial",
    )
    sign(c, docs(s)[:1], "arial")
    c.notes.append("bilingual labels (German / English)")


def lay_foreign_tr(c: Ctx) -> None:
    rng = c.rng
    s = rng.choice(world.TURKISH)
    c.language, c.region = "tr", "TR"
    c.sheet = Sheet(header="")
    c.sheet.line("T.C. SAĞLIK BAKANLIĞI", 10.0, "sansb", "c", lead=5.0)
    c.sheet.line(str(s["org"]), 12.0, "sansb", "c", lead=5.5)
    c.sheet.line(str(s["dept"]), 10.0, "sans", "c", lead=5.0)
    c.sheet.line(f"{s['city']} · Faks: {s['fax']}", 8.5, "sans", "c", lead=10.0)
    c.sender, c.sender_alts, c.sender_fax = (
        str(s["org"]),
        [*list(s["alts"]), str(s["dept"])],
        str(s["fax"]),
    )
    c.title, c.title_alts = "EPİKRİZ", ["Epikriz", "Taburcu Özeti"]
    c.sheet.line(c.title, 14.0, "sansb", "c", lead=9.0)
    admit = c.other(c.d(-rng.randint(4, 12)), "admission")
    out = c.other(c.d(-rng.randint(0, 2)), "discharge")
    c.sheet.line(f"Hasta Adı Soyadı: {name_as(c, 'tr_caps')}", 10.0, "sans", lead=5.0)
    c.sheet.line(f"Doğum Tarihi: {birth(c, 'tr')}", 10.0, "sans", lead=5.0)
    c.sheet.line(f"Yatış Tarihi: {fmt(admit, 'tr')}", 10.0, "sans", lead=5.0)
    c.sheet.line(f"Çıkış Tarihi: {fmt(out, 'tr')}", 10.0, "sans", lead=7.0)
    c.sheet.line("Tanı: Esansiyel hipertansiyon (I10), Tip 2 diyabet (E11)", 10.0, "sans", lead=6.0)
    c.sheet.para(
        "Hasta göğüs ağrısı şikayeti ile acil servise başvurdu. Yapılan tetkiklerde "
        "akut koroner sendrom dışlandı. Tedavisi düzenlenerek taburcu edildi. "
        "Almanya'daki aile hekimi tarafından kontrol önerilir.",
        10.0,
        "sans",
    )
    c.sheet.gap(4.0)
    c.sheet.line(f"Tarih: {fmt(c.d(0), 'tr_long')}", 10.0, "sans", lead=10.0)
    c.sheet.line(c.person(docs(s)[0], "signatory"), 10.0, "sans", lead=5.0)
    c.notes.append("Turkish discharge summary; name in Turkish capitals (İ, Ş)")


def lay_foreign_hr(c: Ctx) -> None:
    rng = c.rng
    s = rng.choice(world.CROATIAN)
    c.language, c.region = "hr", "HR"
    c.sheet = Sheet()
    c.sheet.line("REPUBLIKA HRVATSKA", 9.0, "serif", lead=4.5)
    c.sheet.line(str(s["org"]), 13.0, "serifb", lead=6.0)
    c.sheet.line(str(s["dept"]), 10.0, "serif", lead=5.0)
    c.sheet.line(f"{s['city']} · Faks: {s['fax']}", 8.5, "serif", lead=10.0)
    c.sender, c.sender_alts, c.sender_fax = (
        str(s["org"]),
        [*list(s["alts"]), str(s["dept"])],
        str(s["fax"]),
    )
    c.title, c.title_alts = "OTPUSNO PISMO", ["Otpusno pismo"]
    c.sheet.line(c.title, 13.0, "serifb", "c", lead=9.0)
    admit = c.other(c.d(-rng.randint(4, 12)), "admission")
    out = c.other(c.d(-rng.randint(0, 2)), "discharge")
    c.sheet.line(f"Ime i prezime: {name_as(c, 'plain')}", 10.0, "serif", lead=5.0)
    c.sheet.line(f"Datum rođenja: {birth(c, 'hr')}", 10.0, "serif", lead=5.0)
    c.sheet.line(
        f"Datum prijema: {fmt(admit, 'hr')}   Datum otpusta: {fmt(out, 'hr')}",
        10.0,
        "serif",
        lead=7.0,
    )
    c.sheet.line(
        "Dijagnoza: Fibrilacija atrija (I48), arterijska hipertenzija (I10)",
        10.0,
        "serif",
        lead=6.0,
    )
    c.sheet.para(
        "Bolesnik je primljen zbog palpitacija. Uspostavljen je sinusni ritam. "
        "Preporučuje se kontrola kod obiteljskog liječnika u Njemačkoj.",
        10.0,
        "serif",
    )
    c.sheet.gap(4.0)
    c.sheet.line(f"{s['place']}, {fmt(c.d(0), 'hr_long')}", 10.0, "serif", lead=10.0)
    c.sheet.line(c.person(docs(s)[0], "signatory"), 10.0, "serif", lead=5.0)
    c.notes.append("Croatian dates end with a dot; month name in the genitive")


def lay_foreign_pt(c: Ctx) -> None:
    rng = c.rng
    s = rng.choice(world.PORTUGUESE)
    c.language, c.region = "pt", "PT"
    c.sheet = Sheet()
    c.sheet.line(str(s["org"]), 13.0, "arialb", "r", lead=6.0)
    c.sheet.line(str(s["dept"]), 10.0, "arial", "r", lead=5.0)
    c.sheet.line(f"{s['city']} · Fax {s['fax']}", 8.5, "arial", "r", lead=10.0)
    c.sender, c.sender_alts, c.sender_fax = (
        str(s["org"]),
        [*list(s["alts"]), str(s["dept"])],
        str(s["fax"]),
    )
    c.title = rng.choice(["NOTA DE ALTA", "Relatório Médico"])
    c.title_alts = ["Nota de alta", "Relatório médico"]
    c.sheet.line(c.title, 13.0, "arialb", lead=8.0)
    c.sheet.line(f"Nome: {name_as(c, 'plain')}", 10.0, "arial", lead=5.0)
    c.sheet.line(f"Data de nascimento: {birth(c, 'pt')}", 10.0, "arial", lead=5.0)
    admit = c.other(c.d(-rng.randint(3, 10)), "admission")
    c.sheet.line(f"Data de internamento: {fmt(admit, 'pt')}", 10.0, "arial", lead=7.0)
    c.sheet.para(
        "Doente internado por pneumonia adquirida na comunidade. Boa evolução "
        "clínica sob antibioterapia. Alta para o domicílio com seguimento pelo "
        "médico de família na Alemanha.",
        10.0,
        "arial",
    )
    c.sheet.gap(4.0)
    c.sheet.line(f"{s['place']}, {fmt(c.d(0), 'pt_long')}", 10.0, "arial", lead=10.0)
    c.sheet.line(c.person(docs(s)[0], "signatory"), 10.0, "arial", lead=5.0)
    c.notes.append("Portuguese: DD/MM/YYYY and a long date with 'de'")


def lay_foreign_us(c: Ctx) -> None:
    rng = c.rng
    s = rng.choice(world.US_ARMY)
    c.language, c.region = "en", "US"
    c.sheet = Sheet()
    c.sheet.line("DEPARTMENT OF THE ARMY", 11.0, "timesb", "c", lead=5.0)
    c.sheet.line(str(s["org"]).upper(), 10.0, "times", "c", lead=5.0)
    c.sheet.line(f"{s['dept']}, {s['city']}", 9.0, "times", "c", lead=10.0)
    c.sender = str(s["org"]).upper()
    c.sender_alts = [str(s["org"]), *list(s["alts"]), str(s["dept"])]
    c.sender_fax = str(s["fax"])
    c.sheet.line(fmt(c.d(0), "mil"), 10.0, "times", "r", lead=8.0)
    c.sheet.line(f"MEMORANDUM FOR {world.PRACTICE_WINDOW[c.practice][0]}", 10.0, "times", lead=6.0)
    nm = name_as(c, "caps_comma")
    c.title = "Continuity of Care"
    c.title_alts = [f"Continuity of Care – {nm}"]
    c.sheet.line(f"SUBJECT: {c.title} – {nm}", 10.0, "times", lead=6.0)
    c.sheet.line(f"DOB: {birth(c, 'us')}", 10.0, "times", lead=7.0)
    seen = c.other(c.d(-rng.randint(1, 6)), "visit")
    c.sheet.para(
        f"1. The above beneficiary was seen at this clinic on {fmt(seen, 'us_long')} "
        "for hypertension follow-up. Labs were within normal limits.",
        10.0,
        "times",
    )
    c.sheet.gap(2.0)
    c.sheet.para(
        "2. Patient is relocating off post and will establish care with your "
        "practice. Please contact the undersigned with any questions.",
        10.0,
        "times",
    )
    sign(c, docs(s)[:1], "times", "Sincerely,")
    c.notes.append("US army memo: military date at the top, DOB as MM/DD/YYYY")


def lay_foreign_gb(c: Ctx) -> None:
    rng = c.rng
    s = rng.choice(world.UK_NHS)
    c.language, c.region = "en", "GB"
    c.sheet = Sheet()
    c.sheet.line(str(s["org"]), 12.0, "arialb", "r", lead=5.5)
    c.sheet.line(str(s["dept"]), 9.5, "arial", "r", lead=5.0)
    c.sheet.line(f"{s['city']} · Fax {s['fax']}", 8.5, "arial", "r", lead=10.0)
    c.sender, c.sender_alts, c.sender_fax = (
        str(s["org"]),
        [*list(s["alts"]), str(s["dept"])],
        str(s["fax"]),
    )
    c.title, c.title_alts = "Discharge Summary", ["Emergency Department Discharge Summary"]
    c.sheet.line(c.title, 14.0, "arialb", lead=8.0)
    c.sheet.line(f"Date: {fmt(c.d(0), 'gb_long')}", 10.0, "arial", lead=6.0)
    nm = name_as(c, rng.choice(["given_caps", "caps_comma"]))
    c.sheet.line(f"Patient: {salutation(c.who, 'en')} {nm}", 10.0, "arial", lead=5.0)
    if c.as_written == nm:
        c.as_written = f"{salutation(c.who, 'en')} {nm}"
    c.sheet.line(f"Date of birth: {birth(c, 'gb')}", 10.0, "arial", lead=5.0)
    c.sheet.line(
        f"NHS number: {rng.randint(400, 499)} {rng.randint(100, 999)} {rng.randint(1000, 9999)}",
        10.0,
        "arial",
        lead=5.0,
    )
    att = c.other(c.d(-rng.randint(0, 3)), "attendance")
    c.sheet.line(f"Attended: {fmt(att, 'gb')}", 10.0, "arial", lead=7.0)
    c.sheet.para(
        "Presented on holiday with a fall on outstretched hand. X-ray: undisplaced "
        "distal radius fracture, treated in a cast. Please arrange fracture clinic "
        "review in Germany in one week.",
        10.0,
        "arial",
    )
    sign(c, docs(s)[:1], "arial", "Kind regards,")
    c.notes.append("UK convention: DD/MM/YYYY; NHS number is not a patient id of the practice")


LAYOUTS = {
    "hospital": lay_hospital,
    "specialist": lay_specialist,
    "lab": lay_lab,
    "radiology": lay_radiology,
    "insurer": lay_insurer,
    "authority": lay_authority,
    "care_email": lay_care_email,
    "pharmacy_fax": lay_pharmacy_fax,
    "therapy": lay_therapy,
    "handwritten": lay_handwritten,
    "airport": lay_airport,
    "foreign_tr": lay_foreign_tr,
    "foreign_hr": lay_foreign_hr,
    "foreign_pt": lay_foreign_pt,
    "foreign_us": lay_foreign_us,
    "foreign_gb": lay_foreign_gb,
}


# ---------------------------------------------------------------- patients

_REGISTER: list[register.Patient] | None = None


def the_register() -> list[register.Patient]:
    global _REGISTER
    if _REGISTER is None:
        _REGISTER = register.build()
    return _REGISTER


def _fold(text: str) -> str:
    for a, b in (
        ("ä", "ae"),
        ("ö", "oe"),
        ("ü", "ue"),
        ("Ä", "Ae"),
        ("Ö", "Oe"),
        ("Ü", "Ue"),
        ("ß", "ss"),
    ):
        text = text.replace(a, b)
    return text


ADDRESS_KINDS = ("hospital", "authority")
# Patients of the deliberate collisions, spread over the test split (surname, given, city).
TARGETS = [
    ("Schäfer", "Hans", "Kassel"),
    ("Schäfer", "Hans", "Frankfurt am Main"),
    ("Öztürk", "Lena", ""),
    ("Öztürk", "Leyla", ""),
    ("Becker", "Lukas", ""),
    ("Kraus", "Sabine", ""),
    ("Müller", "Jürgen", ""),
    ("Mueller", "Juergen", ""),
    ("Schröder", "Günther", ""),
    ("Schroeder", "Guenther", ""),
    ("Doğan", "Aylin", ""),
    ("von Trott zu Solz", "Friederike", ""),
    ("Meyer-Lüdenscheidt", "Karl-Heinz", ""),
    ("Ferreira da Silva", "Maria da Conceição", ""),
]


def _target(spec: tuple[str, str, str]) -> register.Patient:
    sur, giv, city = spec
    for p in the_register():
        if p.surname == sur and p.given_names == giv and city in p.city:
            return p
    raise LookupError(spec)


def pick_patient(rng: random.Random, kind: str, force: register.Patient | None = None) -> Who:
    reg = the_register()
    notes = ""
    roll = rng.random()
    if force is None and roll < 0.08 and kind not in ("foreign_us", "foreign_gb"):
        pool = {
            "foreign_tr": [("Akgül", "Sevgi", "f"), ("Karataş", "Yusuf", "m")],
            "foreign_hr": [("Tomić", "Luka", "m"), ("Šimunović", "Mirjana", "f")],
            "foreign_pt": [("Carvalho", "Beatriz", "f"), ("Antunes", "Duarte", "m")],
        }.get(
            kind,
            [
                ("Dietrich", "Hannes", "m"),
                ("Lindqvist", "Ebba", "f"),
                ("Baumgärtner", "Ottmar", "m"),
                ("Nikolaidis", "Anna-Lena", "f"),
            ],
        )
        sur, giv, sex = rng.choice(pool)
        born = dt.date(rng.randint(1940, 2005), rng.randint(1, 12), rng.randint(1, 28))
        return Who(
            sur,
            giv,
            sex,
            born,
            "",
            "Hauptstraße 3",
            "64720 Michelstadt",
            None,
            sur,
            giv,
            "patient not in the register",
        )
    if force is not None:
        cands = [force]
    elif kind in ORIGIN:
        names = ORIGIN[kind]
        cands = [p for p in reg if p.surname in names]
    elif roll < 0.36:
        crafted = ("same_name_birth_date", "twin", "name_change", "umlaut_spelling")
        cands = [
            p
            for p in reg
            if p.collision in crafted
            or (p.collision_group or "").startswith(("G-schmidt", "G-yilmaz", "G-horvat"))
        ]
    elif roll < 0.46:
        cands = [p for p in reg if p.collision is not None]
    else:
        cands = [p for p in reg if p.collision is None]
    if kind not in ADDRESS_KINDS:
        cands = [p for p in cands if p.collision != "same_name_birth_date"] or cands
    p = rng.choice(cands)
    sur, giv = p.surname, p.given_names
    if p.collision == "name_change":
        sur = p.former_names[0] if p.former_names else p.birth_name
        notes = "the letter uses the patient's former name"
    elif p.collision == "umlaut_spelling" and p.surname != _fold(p.surname) and rng.random() < 0.5:
        sur, giv = _fold(p.surname), _fold(p.given_names)
        notes = "umlauts spelled ae/oe/ue: the register holds a different person so spelled"
    return Who(
        p.surname,
        p.given_names,
        p.sex,
        p.birth_date,
        p.title,
        p.street,
        f"{p.postcode} {p.city}",
        p,
        sur,
        giv,
        notes,
    )


# ---------------------------------------------------------------- letters


def _stamp_lines(c: Ctx, when: dt.date) -> list[Line]:
    short = ["Praxis am Merianplatz", "MVZ Kaiserlei", "Praxis Siebert-Kümmel"][c.practice]
    return [
        Line(142.0, 8.5, "EINGEGANGEN", "arialb", 9.0, 0.25),
        Line(146.0, 13.0, fmt(when, "de"), "mono", 9.0, 0.25),
        Line(142.0, 17.0, short, "arial", 7.0, 0.25),
    ]


class Letter:
    def __init__(
        self,
        split_name: str,
        number: int,
        seed: int,
        kind: str | None = None,
        force: register.Patient | None = None,
    ) -> None:
        self.id = f"{split_name}-{number:03d}"
        self.split = split_name
        self.seed = seed
        rng = random.Random(seed)
        if kind is None:
            kind = rng.choice([k for k, weight in KINDS for _ in range(weight)])
        who = pick_patient(rng, kind, force)
        practice = rng.randrange(3)
        date: dt.date | None = BASE_DATE + dt.timedelta(days=rng.randint(0, 175))
        if kind == "handwritten" and rng.random() < 0.5:
            date = None
        c = Ctx(rng=rng, who=who, practice=practice, date=date, layout=kind)
        LAYOUTS[kind](c)
        if who.note:
            c.notes.append(who.note)
        if who.reg and who.reg.collision and who.reg.collision != "name_change":
            c.notes.append(f"register collision: {who.reg.collision}")
        self.ctx = c
        self.pages: list[list[Line]] = c.sheet.finish()
        base = c.date or BASE_DATE + dt.timedelta(days=rng.randint(0, 175))
        sent = base + dt.timedelta(days=rng.randint(1, 6))
        self.sent = dt.datetime(
            sent.year, sent.month, sent.day, rng.randint(7, 19), rng.randint(0, 59)
        )
        self.fine = rng.random() < 0.6
        self.g4 = rng.random() < 0.5
        self.cover = rng.random() < 0.34
        self.header_iso = rng.random() < 0.3
        self.stamp: dt.date | None = None
        if rng.random() < 0.5:
            self.stamp = base + dt.timedelta(days=rng.randint(2, 8))
        self.scan_seed = rng.randint(0, 2**31)
        self._cache: dict[str, tuple[dict[str, bytes], list[dict[str, Any]]]] = {}

    # -- conditions
    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.ctx.handwritten else ["pdf", "scan200", "fax"]

    def _cover_page(self, total: int) -> list[Line]:
        c = self.ctx
        sh = Sheet(top=24.0)
        sh.line("TELEFAX", 20.0, "sansb", lead=12.0)
        sh.line(f"An: {world.PRACTICE_WINDOW[c.practice][0]}", 11.0, "sans", lead=6.0)
        sh.line(f"Fax-Nr.: {world.PRACTICES[c.practice]['fax']}", 11.0, "sans", lead=6.0)
        sh.line(f"Von: {c.sender}", 11.0, "sans", lead=6.0)
        sh.line(f"Fax-Nr.: {c.sender_fax}", 11.0, "sans", lead=6.0)
        sh.line(f"Datum: {fmt(self.sent.date(), 'de')}", 11.0, "sans", lead=6.0)
        sh.line(f"Seiten (inkl. Deckblatt): {total}", 11.0, "sans", lead=12.0)
        sh.para(
            "Diese Nachricht enthält vertrauliche Patientendaten. Sollten Sie nicht der "
            "richtige Empfänger sein, informieren Sie uns bitte umgehend telefonisch und "
            "vernichten Sie das Fax.",
            9.0,
            "sans",
        )
        return sh.pages[0]

    def _header(self, n: int, total: int) -> Line:
        when = (
            self.sent.strftime("%Y-%m-%d %H:%M")
            if self.header_iso
            else f"{fmt(self.sent.date(), 'de')} {self.sent.strftime('%H:%M')}"
        )
        sender = (self.ctx.sender[:34]).strip()
        text = f"{when}  FAX {self.ctx.sender_fax}  {sender}  S. {n}/{total}"
        return Line(8.0, 5.5, text, "mono", 7.0)

    def condition_pages(self, cond: str) -> list[list[Line]]:
        """The lines of each page of a condition (stamp, cover and fax header included)."""
        if cond == "pdf":
            return [list(p) for p in self.pages]
        if cond == "scan200":
            pages = [list(p) for p in self.pages]
            if self.stamp is not None:
                pages[0] = _stamp_lines(self.ctx, self.stamp) + pages[0]
            return pages
        body_pages = [list(p) for p in self.pages]
        if self.cover:
            body_pages = [self._cover_page(len(body_pages) + 1), *body_pages]
        total = len(body_pages)
        return [[self._header(n, total), *p] for n, p in enumerate(body_pages, start=1)]

    def _build(self, cond: str) -> tuple[dict[str, bytes], list[dict[str, Any]]]:
        if cond in self._cache:
            return self._cache[cond]
        files: dict[str, bytes] = {}
        pages_meta: list[dict[str, Any]] = []
        if cond == "pdf":
            pdf = render.make_pdf(self.pages, title=self.id)
            files["pdf/letter.pdf"] = pdf
            for i, lines in enumerate(self.pages, start=1):
                pages_meta.append(
                    {
                        "page": f"p{i}",
                        "file": "pdf/letter.pdf",
                        "pdf_page": i,
                        "text": render.page_text(lines),
                    }
                )
        elif cond == "scan200":
            pages = self.condition_pages(cond)
            boxes: list[list[tuple[float, ...]]] = [[] for _ in pages]
            if self.stamp is not None:
                boxes[0] = [(139.0, 5.0, 194.0, 20.5, 0.25)]
            pdf = render.make_pdf(pages, boxes, title=self.id)
            for i, img in enumerate(render.scan_pages(pdf, self.scan_seed), start=1):
                name = f"scan200/page-{i:02d}.jpg"
                files[name] = img
                pages_meta.append(
                    {"page": f"p{i}", "file": name, "text": render.page_text(pages[i - 1])}
                )
        elif cond == "fax":
            pages = self.condition_pages(cond)
            labels = [f"p{i}" for i in range(1, len(self.pages) + 1)]
            if self.cover:
                labels = ["cover", *labels]
            pdf = render.make_pdf(pages, title=self.id)
            for i, img in enumerate(render.fax_pages(pdf, self.fine, self.g4), start=1):
                name = f"fax/page-{i:02d}.tif"
                files[name] = img
                pages_meta.append(
                    {"page": labels[i - 1], "file": name, "text": render.page_text(pages[i - 1])}
                )
        else:
            raise ValueError(cond)
        self._cache[cond] = (files, pages_meta)
        return files, pages_meta

    def render(self, condition: str) -> dict[str, bytes]:
        if condition not in self.conditions():
            raise ValueError(condition)
        return dict(self._build(condition)[0])

    def page_lines(self) -> list[list[Line]]:
        return self.pages

    def truth(self) -> dict[str, Any]:
        c = self.ctx
        w = c.who
        reg = None
        if w.reg is not None:
            reg = {
                "id": w.reg.id,
                "collision": w.reg.collision,
                "collision_group": w.reg.collision_group,
            }
        conditions: dict[str, Any] = {}
        for cond in self.conditions():
            conditions[cond] = {"pages": self._build(cond)[1]}
        if "scan200" in conditions:
            conditions["scan200"]["stamp"] = (
                {"date": self.stamp.isoformat(), "kind": "receipt stamp"} if self.stamp else None
            )
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": c.layout,
            "language": c.language,
            "region": c.region,
            "facts": {
                "patient": {
                    "full_name": f"{w.given} {w.surname}",
                    "surname": w.surname,
                    "given_names": w.given,
                    "as_written": c.as_written,
                    "full_name_as_letter": f"{w.given_letter} {w.surname_letter}",
                    "register_id": w.reg.id if w.reg else None,
                },
                "birth_date": w.birth.isoformat() if c.birth_printed else None,
                "letter_date": c.date.isoformat() if c.date else None,
                "sender": c.sender,
                "sender_alternatives": c.sender_alts,
                "title": c.title,
                "title_alternatives": c.title_alts,
                "patient_id": c.patient_id,
                "other_dates": c.other_dates,
                "other_people": c.other_people,
            },
            "register": reg,
            "notes": c.notes,
            "handwritten": c.handwritten,
            "practice": world.PRACTICES[c.practice]["name"],
            "fax": {
                "sent": self.sent.strftime("%Y-%m-%dT%H:%M"),
                "cover_sheet": self.cover,
                "number": c.sender_fax,
                "resolution": "204x196" if self.fine else "204x98",
                "compression": "group4" if self.g4 else "group3",
            },
            "conditions": conditions,
        }


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    rng = random.Random(seed)
    deck = [k for k, weight in KINDS for _ in range(weight)]
    kinds: list[str] = []
    while len(kinds) < count:
        rng.shuffle(deck)
        kinds.extend(deck)
    forced: dict[int, register.Patient] = {}
    if split_name == "test":
        for spec in TARGETS:
            p = _target(spec)
            ok = ADDRESS_KINDS if p.collision == "same_name_birth_date" else None
            for n in range(1, count + 1):
                kind = kinds[n - 1]
                if n in forced or kind in ORIGIN or (ok and kind not in ok):
                    continue
                forced[n] = p
                break
    return [
        Letter(split_name, n, rng.randint(0, 2**40), kinds[n - 1], forced.get(n))
        for n in range(1, count + 1)
    ]


def split(name: str) -> list[Letter]:
    if name not in SPLITS:
        raise ValueError(f"unknown split {name!r}")
    count, seed = SPLITS[name]
    return generate(count, seed, name)


def practice_names() -> list[dict[str, Any]]:
    return [dict(p) for p in world.PRACTICES]
