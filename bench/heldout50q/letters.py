# ruff: noqa: E501
"""The letters: layouts, truth and rendering."""

from __future__ import annotations

import datetime as dt
import json
import random
from dataclasses import dataclass, field
from typing import Any

from . import register, world
from .render import Sheet, W, fax_pages, scan_pages, to_pdf

SPLITS = {"test": (40, 50_4001), "examples": (6, 50_9002)}
MON = world.GERMAN_MONTHS
EN_MON = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]


@dataclass
class PV:
    """The patient as the letter spells them."""

    surname: str
    given: str
    sex: str
    birth: dt.date
    title: str = ""
    maiden: str = ""
    reg: register.Patient | None = None

    @property
    def herr(self) -> str:
        return "Herrn" if self.sex == "M" else "Frau"

    @property
    def herr1(self) -> str:
        return "Herr" if self.sex == "M" else "Frau"


def de_num(d: dt.date) -> str:
    return f"{d.day:02d}.{d.month:02d}.{d.year}"


def de_short(d: dt.date) -> str:
    return f"{d.day}.{d.month}.{d.year}"


def de_long(d: dt.date) -> str:
    return f"{d.day}. {MON[d.month - 1]} {d.year}"


def de_any(rng: random.Random, d: dt.date) -> str:
    return rng.choice([de_num, de_num, de_short, de_long])(d)


@dataclass
class Draft:
    sheets: list[Sheet]
    sender: str
    sender_alts: list[str]
    sender_fax: str
    title: str | None
    title_alts: list[str]
    as_written: str
    birth_printed: bool
    pid_printed: bool
    letter_date: dt.date | None
    language: str = "de"
    region: str = "DE"
    other_dates: list[dict[str, str]] = field(default_factory=list)
    other_people: list[dict[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    handwritten: bool = False


# --- shared pieces -------------------------------------------------------------------------


def letterhead(
    sh: Sheet, rng: random.Random, s: dict[str, Any], align: str, y: float = 50
) -> float:
    name = str(s["name"])
    lines = [str(s["dept"])] if s["dept"] and rng.random() < 0.5 else []
    lines += [str(s["street"]) + " · " + str(s["city"]), f"Telefon {s['phone']} · Fax {s['fax']}"]
    bold = rng.choice(["arialb", "serifb", "sansb", "condb"])
    size = 13.0 if len(name) < 45 else 10.5
    if align == "left":
        sh.text(57, y, name, bold, size)
        for i, ln in enumerate(lines):
            sh.text(57, y + 14 + i * 10, ln, "arial", 8)
    elif align == "right":
        sh.right(540, y, name, bold, size)
        for i, ln in enumerate(lines):
            sh.right(540, y + 14 + i * 10, ln, "arial", 8)
    else:
        sh.center(y, name, bold, size)
        for i, ln in enumerate(lines):
            sh.center(y + 14 + i * 10, ln, "arial", 8)
    return y + 14 + len(lines) * 10


def window(
    sh: Sheet, rng: random.Random, s: dict[str, Any], prac: dict[str, Any], y: float = 140
) -> str:
    """The address field; returns the practice spelling it uses."""
    sh.text(57, y, f"{s['alts'][0]} · {s['street']} · {s['city']}", "arial", 6.5)
    sh.rule(57, y + 3, 300, y + 3, 0.4)
    spell = rng.choice(prac["names"][:4])
    yy = y + 16
    if len(spell) > 48:
        cut = spell.rfind(" ", 0, 48)
        sh.text(57, yy, spell[:cut], "arial", 10)
        yy += 12
        sh.text(57, yy, spell[cut + 1 :], "arial", 10)
    else:
        sh.text(57, yy, spell, "arial", 10)
    yy += 12
    if spell not in prac["doctors"] and rng.random() < 0.6:
        sh.text(57, yy, rng.choice(prac["doctors"]), "arial", 10)
        yy += 12
    sh.text(57, yy, prac["street"], "arial", 10)
    sh.text(57, yy + 12, prac["city"], "arial", 10)
    return spell


def closing(
    sh: Sheet, y: float, signer: str, role: str, greet: str = "Mit freundlichen Grüßen"
) -> float:
    sh.text(57, y, greet, "arial", 10)
    sh.text(57, y + 40, signer, "arial", 10)
    sh.text(57, y + 52, role, "arial", 8.5)
    return y + 64


DOCS = [
    "Dr. med. Ulrike Fenske",
    "Prof. Dr. med. Bernhard Kämpf",
    "Dr. med. Ronny Gebhardt",
    "PD Dr. med. Katharina Lorenz-Ott",
    "Dr. med. Emil Stadelmann",
    "Dipl.-Med. Gerlinde Schubert",
    "Dr. med. Anton Wirth",
    "Dr. med. Mirjam Hofbauer",
]


def name_form(rng: random.Random, p: PV, bd: str | None, style: int) -> str:
    t = f"{p.title} " if p.title else ""
    m = f", geb. {p.maiden}" if p.maiden and rng.random() < 0.6 else ""
    forms = [
        f"{p.herr} {t}{p.given} {p.surname}{m}" + (f", geb. am {bd}" if bd else ""),
        f"{p.surname}, {p.given}" + (f" (* {bd})" if bd else ""),
        f"{p.surname.upper()}, {p.given}" + (f", geb. {bd}" if bd else ""),
        f"{t}{p.given} {p.surname}{m}" + (f", * {bd}" if bd else ""),
        f"{p.herr1} {p.surname}, {p.given}" + (f", geboren am {bd}" if bd else ""),
    ]
    return forms[style % len(forms)]


def plain(p: PV) -> str:
    return f"{p.given} {p.surname}"


# --- layouts ------------------------------------------------------------------------------


def lay_discharge(
    rng: random.Random, p: PV, prac: dict[str, Any], ld: dt.date, pid: str | None, chain: bool
) -> Draft:
    s = rng.choice(
        [x for x in (world.CHAIN if chain else world.UNI) if prac["region"] in str(x["regions"])]
    )
    dept = rng.choice(
        [
            "Klinik für Innere Medizin I",
            "Klinik für Kardiologie, Angiologie und Pneumologie",
            "Klinik für Neurologie",
            "Klinik für Allgemein-, Viszeral- und Gefäßchirurgie",
            "Klinik für Geriatrie",
        ]
    )
    s = dict(s, dept=dept)
    adm = ld - dt.timedelta(days=rng.randint(6, 20))
    dis = ld - dt.timedelta(days=rng.randint(1, 4))
    sh1, sh2 = Sheet(), Sheet()
    align = rng.choice(["left", "right", "center"])
    letterhead(sh1, rng, s, align)
    sh1.text(57 if align != "left" else 360, 108, dept, "arialb", 9)
    window(sh1, rng, s, prac)
    dstr = de_any(rng, ld)
    top_date = rng.random() < 0.6
    if top_date:
        sh1.right(540, 160, f"{str(s['city']).split(' ', 1)[1]}, {dstr}", "arial", 10)
    fall = f"{rng.randint(10, 99)}{rng.randint(1000000, 9999999)}"
    sh1.right(540, 176, f"Fall-Nr.: {fall}", "arial", 8.5)
    if pid:
        sh1.right(540, 188, f"Ihre Pat.-Nr.: {pid}", "arial", 8.5)
    title = rng.choice(
        ["Entlassungsbrief", "Vorläufiger Entlassungsbericht", "Arztbrief", "Epikrise"]
    )
    sh1.text(57, 250, title.upper() if rng.random() < 0.5 else title, "arialb", 12)
    shown_title = sh1.items[-1].text
    bd = de_any(rng, p.birth)
    aw = name_form(rng, p, bd, rng.randint(0, 4))
    y = sh1.para(57, 272, 480, "Sehr geehrte Kolleginnen und Kollegen,")
    y = sh1.para(
        57,
        y + 4,
        480,
        f"wir berichten über {aw}, der/die sich vom {de_num(adm)} bis zum "
        f"{de_num(dis)} in unserer stationären Behandlung befand.",
    )
    dg, icd = rng.choice(world.DIAG)
    dg2, icd2 = rng.choice(world.DIAG)
    y = sh1.text(57, y + 8, "Diagnosen:", "arialb", 10) + 14
    y = sh1.para(70, y, 460, f"1. {dg} ({icd})")
    y = sh1.para(70, y, 460, f"2. {dg2} ({icd2}), vorbekannt")
    y = sh1.text(57, y + 8, "Anamnese und Verlauf:", "arialb", 10) + 14
    y = sh1.para(
        57,
        y,
        480,
        "Die stationäre Aufnahme erfolgte über die Zentrale Notaufnahme bei "
        "zunehmender Belastungsdyspnoe und Schwäche. Laborchemisch zeigten sich erhöhte "
        "Entzündungswerte. Unter der eingeleiteten Therapie besserte sich der Zustand rasch.",
    )
    short = f"{p.surname}, {p.given}, geb. {de_num(p.birth)}"
    sh2.text(57, 40, short, "arial", 8.5)
    sh2.right(540, 40, "Seite 2 von 2", "arial", 8.5)
    sh2.rule(57, 46, 540, 46)
    y = sh2.text(57, 80, "Medikation bei Entlassung:", "arialb", 10) + 14
    for med in rng.sample(
        [
            "Ramipril 5 mg 1-0-0",
            "Bisoprolol 2,5 mg 1-0-0",
            "Apixaban 5 mg 1-0-1",
            "Metformin 1000 mg 1-0-1",
            "Atorvastatin 40 mg 0-0-1",
            "Pantoprazol 20 mg 1-0-0",
            "Torasemid 10 mg 1-0-0",
        ],
        4,
    ):
        y = sh2.text(70, y, med, "arial", 10) + 13
    fud = ld + dt.timedelta(days=rng.randint(20, 60))
    y = sh2.para(
        57,
        y + 10,
        480,
        f"Wir bitten um Kontrolle der Nierenwerte in einer Woche und um "
        f"Wiedervorstellung in unserer Ambulanz am {de_num(fud)}.",
    )
    if not top_date:
        y = sh2.text(57, y + 12, f"{str(s['city']).split(' ', 1)[1]}, den {dstr}", "arial", 10) + 20
    doc = rng.choice(DOCS)
    closing(
        sh2, y + 16, doc, "Oberärztin/Oberarzt" if rng.random() < 0.5 else "Stationsärztin/-arzt"
    )
    other = [
        {"date": adm.isoformat(), "role": "admission"},
        {"date": dis.isoformat(), "role": "discharge"},
        {"date": fud.isoformat(), "role": "follow-up"},
    ]
    notes = [
        "two pages with a running header naming the patient",
        f"admission and discharge dates; case number {fall}",
    ]
    if not top_date:
        notes.append("letter date only at the end, on page 2")
    return Draft(
        [sh1, sh2],
        str(s["name"]),
        [*s["alts"], dept],
        str(s["fax"]),
        shown_title,
        [title],
        aw,
        True,
        bool(pid),
        ld,
        other_dates=other,
        notes=notes,
    )


def lay_lab(rng: random.Random, p: PV, prac: dict[str, Any], ld: dt.date, pid: str | None) -> Draft:
    s = rng.choice([x for x in world.LAB if prac["region"] in str(x["regions"])])
    sh = Sheet()
    align = rng.choice(["left", "right"])
    letterhead(sh, rng, s, align, 44)
    window(sh, rng, s, prac, 130)
    coll = ld - dt.timedelta(days=rng.randint(1, 3))
    rec = coll + dt.timedelta(days=rng.randint(0, 1))
    title = rng.choice(["Laborbefund", "Befundbericht", "Endbefund"])
    sh.text(330, 150, title, "arialb", 12)
    x = 330
    aw = f"{p.surname}, {p.given}"
    rows = [
        ("Patient:", aw),
        ("Geb.-Datum:", de_num(p.birth)),
        ("Auftrags-Nr.:", str(rng.randint(2400000, 2499999))),
        ("Entnahme:", de_num(coll) + f" {rng.randint(7, 11):02d}:{rng.choice(['05', '20', '45'])}"),
        ("Eingang Labor:", de_num(rec)),
        ("Befunddatum:", de_num(ld)),
    ]
    if pid:
        rows.insert(2, ("Pat.-Nr. Einsender:", pid))
    y = 168
    for k, v in rows:
        sh.text(x, y, k, "arial", 8.5)
        sh.text(x + 80, y, v, "arialb" if k == "Patient:" else "arial", 8.5)
        y += 11
    y = max(y, 230) + 20
    sh.rule(57, y - 12, 540, y - 12)
    for i, h in enumerate(["Untersuchung", "Ergebnis", "Einheit", "Referenzbereich"]):
        sh.text([57, 250, 330, 420][i], y, h, "arialb", 9)
    y += 14
    tests = [
        ("Hämoglobin", "13.4", "g/dl", "12.0 - 16.0"),
        ("Leukozyten", "7.9", "/nl", "3.9 - 10.2"),
        ("Kreatinin", "1.31 +", "mg/dl", "0.50 - 1.10"),
        ("eGFR (CKD-EPI)", "49 -", "ml/min", "> 60"),
        ("HbA1c", "7.8 +", "%", "4.8 - 5.9"),
        ("TSH", "2.14", "mU/l", "0.27 - 4.20"),
        ("CRP", "24.6 +", "mg/l", "< 5.0"),
        ("Kalium", "4.4", "mmol/l", "3.5 - 5.1"),
        ("LDL-Cholesterin", "142 +", "mg/dl", "< 116"),
        ("Ferritin", "31", "µg/l", "15 - 150"),
    ]
    for t in rng.sample(tests, 7):
        for i, v in enumerate(t):
            sh.text([57, 250, 330, 420][i], y, v, "mono" if i == 1 else "arial", 9)
        y += 13
    y = sh.para(
        57,
        y + 14,
        480,
        "Befund technisch und medizinisch validiert. + = erhöht, - = erniedrigt.",
        "arial",
        8,
    )
    sh.text(
        57,
        y + 18,
        f"Dr. rer. nat. {rng.choice(['Helga Brandt', 'Volker Schüßler', 'Agnes Kupfer'])}, Fachärztin/Facharzt für Laboratoriumsmedizin",
        "arial",
        8,
    )
    return Draft(
        [sh],
        str(s["name"]),
        list(s["alts"]),
        str(s["fax"]),
        title,
        [],
        aw,
        True,
        bool(pid),
        ld,
        other_dates=[
            {"date": coll.isoformat(), "role": "collection"},
            {"date": rec.isoformat(), "role": "receipt"},
        ],
        notes=["surname-first patient label", "collection, receipt and report dates in one block"],
    )


def lay_specialist(
    rng: random.Random, p: PV, prac: dict[str, Any], ld: dt.date, pid: str | None, radiology: bool
) -> Draft:
    s = rng.choice(
        [
            x
            for x in (world.RADIO if radiology else world.SPECIAL)
            if prac["region"] in str(x["regions"])
        ]
    )
    sh = Sheet()
    align = rng.choice(["left", "right", "center"])
    letterhead(sh, rng, s, align)
    window(sh, rng, s, prac)
    exam = ld - dt.timedelta(days=rng.randint(0, 5))
    bd = de_any(rng, p.birth)
    if radiology:
        title = rng.choice(
            ["MRT der LWS nativ", "CT Thorax mit KM", "Sonographie Abdomen", "MRT Schädel"]
        )
        lab = rng.choice(["Untersuchung:", "Betreff:", ""])
    else:
        title = rng.choice(["Befundbericht", "Kardiologischer Befund", "Konsiliarbericht"])
        lab = rng.choice(["Betr.:", ""])
    end_date = exam == ld or rng.random() < 0.5
    if not end_date:
        sh.right(540, 215, de_any(rng, ld), "arial", 10)
    y = 240
    if pid and rng.random() < 0.7:
        sh.text(57, 228, f"Ihr Zeichen / Pat.-Nr.: {pid}", "arial", 8.5)
    shown = f"{lab} {title}".strip()
    sh.text(57, y, shown, "arialb", 11)
    aw = name_form(rng, p, bd, rng.randint(0, 4))
    sh.text(57, y + 16, f"Patient/in: {aw}" if rng.random() < 0.5 else aw, "arial", 10)
    aw = sh.items[-1].text
    y = sh.para(
        57,
        y + 40,
        480,
        f"Untersuchung am {de_num(exam)}. "
        + (
            "Keine Diskusprotrusion, mäßige Osteochondrose L4/5, keine Spinalkanalstenose."
            if radiology
            else "Im Belastungs-EKG bis 125 Watt keine Ischämiezeichen. Echokardiographisch "
            "normale systolische Pumpfunktion, LVEF 58 %."
        ),
    )
    y = sh.para(
        57,
        y + 6,
        480,
        "Beurteilung: Befund ohne Anhalt für ein akutes Geschehen. "
        "Wir empfehlen eine Verlaufskontrolle in sechs Monaten.",
    )
    if end_date:
        y = (
            sh.text(
                57, y + 12, f"{str(s['city']).split(' ', 1)[1]}, den {de_any(rng, ld)}", "arial", 10
            )
            + 14
        )
    closing(sh, y + 14, str(s["dept"]) if s["dept"] else rng.choice(DOCS), "Fachärztin/Facharzt")
    notes = ["letter date only at the end" if end_date else "letter date top right, unlabelled"]
    if exam != ld:
        notes.append("examination date differs from the letter date")
    alts = list(s["alts"])
    if s["dept"]:
        alts.append(str(s["dept"]))
    return Draft(
        [sh],
        str(s["name"]),
        alts,
        str(s["fax"]),
        shown,
        [title],
        aw,
        True,
        bool(pid) and any("Pat.-Nr.: " in it.text for it in sh.items),
        ld,
        other_dates=[{"date": exam.isoformat(), "role": "examination"}] if exam != ld else [],
        notes=notes,
    )


def ref_block(
    sh: Sheet, x: float, y: float, rows: list[tuple[str, str]], size: float = 8.5
) -> float:
    for k, v in rows:
        sh.text(x, y, k, "arial", size)
        sh.text(x + 96, y, v, "arial", size)
        y += size * 1.4
    return y


def lay_insurer(
    rng: random.Random, p: PV, prac: dict[str, Any], ld: dt.date, pid: str | None, kind: str
) -> Draft:
    pool = {"ins": world.INSURER, "drv": world.DRV, "md": world.MD}[kind]
    s = rng.choice([x for x in pool if prac["region"] in str(x["regions"])])
    sh = Sheet()
    logo = str(s["alts"][0]).upper() if rng.random() < 0.5 else str(s["name"])
    sh.right(540, 52, logo, "arialb", 14 if len(logo) < 30 else 10)
    window(sh, rng, s, prac, 130)
    vnr = (
        f"{rng.randint(10, 99)} {rng.randint(100000, 999999)} {p.surname[0].upper()} {rng.randint(100, 999)}"
        if kind == "drv"
        else f"{chr(65 + rng.randint(0, 25))}{rng.randint(100000000, 999999999)}"
    )
    rows = [
        ("Ihr Zeichen", "—"),
        (
            "Unser Zeichen",
            f"{rng.choice(['KG', 'HM', 'PV', 'RE'])}-{rng.randint(1000, 9999)}/{ld.year % 100:02d}",
        ),
        (
            "Ansprechpartner/in",
            rng.choice(["Frau Lorenz", "Herr Pöhlmann", "Frau Tietze", "Herr Kraußer"]),
        ),
        ("Telefon", str(s["phone"])),
        ("Datum", de_num(ld) if rng.random() < 0.7 else de_long(ld)),
    ]
    ref_block(sh, 340, 140, rows)
    bd = de_num(p.birth)
    if kind == "ins":
        title = rng.choice(
            [
                "Anfrage zur Arbeitsunfähigkeit",
                "Krankengeldfall – Bitte um ärztliche Auskunft",
                "Antrag auf Hilfsmittelversorgung (Rollator)",
                "Häusliche Krankenpflege – Verordnung",
            ]
        )
        lbl = rng.choice(["Versicherte/r:", "Versicherter:", "Mitglied:"])
    elif kind == "drv":
        title = rng.choice(
            [
                "Befundbericht für die Rentenversicherung",
                "Antrag auf Leistungen zur medizinischen Rehabilitation",
                "Anforderung eines ärztlichen Befundberichts",
            ]
        )
        lbl = "Versicherte Person:"
    else:
        title = rng.choice(
            [
                "Gutachten zur Feststellung der Pflegebedürftigkeit",
                "Sozialmedizinische Stellungnahme",
                "Begutachtung Pflegegrad – Bitte um Unterlagen",
            ]
        )
        lbl = "Antragsteller/in:"
    y = 250
    sh.text(57, y, title, "arialb", 11)
    m = f", geb. {p.maiden}" if p.maiden else ""
    aw = f"{p.title + ' ' if p.title else ''}{p.given} {p.surname}{m}"
    sh.text(57, y + 18, lbl, "arial", 10)
    sh.text(178, y + 18, aw, "arial", 10)
    sh.text(57, y + 31, "Geburtsdatum:", "arial", 10)
    sh.text(178, y + 31, bd, "arial", 10)
    sh.text(57, y + 44, "Versicherungsnr.:" if kind != "drv" else "Vers.-Nr.:", "arial", 10)
    sh.text(178, y + 44, vnr, "arial", 10)
    y += 44
    if pid and kind == "ins":
        y += 13
        sh.text(57, y, "Ihre Patienten-Nr.:", "arial", 10)
        sh.text(178, y, pid, "arial", 10)
    since = ld - dt.timedelta(days=rng.randint(20, 90))
    y = sh.para(57, y + 30, 480, "Sehr geehrte Damen und Herren,")
    y = sh.para(
        57,
        y + 4,
        480,
        f"zur weiteren Bearbeitung benötigen wir Ihre ärztliche Einschätzung. "
        f"Die Arbeitsunfähigkeit bzw. der Antrag besteht seit dem {de_num(since)}. Bitte senden "
        f"Sie uns die beigefügten Unterlagen innerhalb von 14 Tagen zurück. Die Vergütung erfolgt nach JVEG.",
    )
    people = []
    if kind == "md" and rng.random() < 0.7:
        rel = rng.choice(["Tochter", "Sohn", "Ehefrau", "Schwiegertochter"])
        rn = f"{rng.choice(['Sabine', 'Thomas', 'Kerstin', 'Jörg'])} {rng.choice(['Bauer', p.surname, 'Wendler'])}"
        y = sh.para(
            57, y + 4, 480, f"Der Hausbesuch fand im Beisein der Pflegeperson ({rel}: {rn}) statt."
        )
        people.append({"name": rn, "role": rel})
    y = closing(
        sh,
        y + 16,
        rng.choice(["Ihre " + str(s["alts"][0]), "i. A. " + rows[2][1].split(" ")[1]]),
        "",
    )
    sh.text(57, 800, f"{s['name']} · {s['street']} · {s['city']}", "arial", 6.5)
    return Draft(
        [sh],
        str(s["name"]),
        list(s["alts"]),
        str(s["fax"]),
        title,
        [],
        aw,
        True,
        bool(pid) and kind == "ins",
        ld,
        other_dates=[{"date": since.isoformat(), "role": "since"}],
        other_people=people,
        notes=[
            "reference block with Datum label on the right",
            f"insurance number {vnr} is not the practice id",
        ]
        + (["birth name printed"] if m else []),
    )


def lay_authority(rng: random.Random, p: PV, prac: dict[str, Any], ld: dt.date) -> Draft:
    s = rng.choice([x for x in world.AUTH if prac["region"] in str(x["regions"])])
    sh = Sheet()
    sh.text(57, 50, str(s["name"]).split(" – ")[0], "serifb", 14)
    sh.text(57, 66, str(s["dept"]), "serif", 11)
    window(sh, rng, s, prac, 140)
    az = f"{rng.choice(['XVII', '2', '14'])} {rng.choice(['XVII', 'F', 'GA'])} {rng.randint(100, 999)}/{ld.year % 100:02d}"
    ref_block(
        sh,
        360,
        120,
        [("Aktenzeichen:", az), ("Zimmer:", str(rng.randint(100, 420))), ("Datum:", de_num(ld))],
        9,
    )
    dep = str(s["dept"])
    people: list[dict[str, str]] = []
    others: list[dict[str, str]] = []
    bd = de_num(p.birth)
    aw = f"{p.herr} {p.given} {p.surname}, geb. {bd}"
    if dep == "Betreuungsgericht":
        title = "Betreuungssache"
        g = rng.choice(
            [
                "Rechtsanwältin Dörte Marggraf",
                "Berufsbetreuer Holger Schindhelm",
                "Herr Uwe Kästner (Sohn)",
            ]
        )
        body = (
            f"in der Betreuungssache {aw} wird um Übersendung eines ärztlichen Zeugnisses gebeten. "
            f"Zur Betreuerin/zum Betreuer wurde {g} bestellt."
        )
        people.append({"name": g.split(" ", 1)[1].replace(" (Sohn)", ""), "role": "guardian"})
    elif dep == "Jugendamt":
        title = "Kindeswohl – Bitte um Stellungnahme"
        mb = dt.date(p.birth.year - rng.randint(22, 35), rng.randint(1, 12), rng.randint(1, 28))
        mn = f"{rng.choice(['Jessica', 'Nicole', 'Stefanie'])} {p.surname}"
        body = (
            f"betreffend das Kind {p.given} {p.surname}, geb. {bd}, Mutter {mn}, geb. {de_num(mb)}, "
            f"bitten wir um Mitteilung der letzten Vorsorgeuntersuchung."
        )
        aw = f"{p.given} {p.surname}, geb. {bd}"
        people.append({"name": mn, "role": "mother"})
        others.append({"date": mb.isoformat(), "role": "relative birth date"})
    elif dep == "Sozialamt":
        title = "Hilfe zur Pflege nach dem SGB XII"
        body = f"für {aw} liegt ein Antrag auf Hilfe zur Pflege vor. Wir bitten um einen ärztlichen Befundbericht."
    else:
        title = "Meldung nach § 6 IfSG – Rückfrage"
        body = f"zu der Meldung betreffend {aw} bitten wir um ergänzende Angaben zum Erkrankungsbeginn."
    sh.text(57, 250, title, "serifb", 11)
    y = sh.para(57, 275, 480, "Sehr geehrte Frau Doktor, sehr geehrter Herr Doktor,", "serif", 11)
    y = sh.para(57, y + 4, 480, body, "serif", 11)
    closing(
        sh,
        y + 18,
        rng.choice(["Im Auftrag", "Richterin am Amtsgericht"])
        + " "
        + rng.choice(["Weißflog", "Hacker", "Zipfel"]),
        dep,
    )
    return Draft(
        [sh],
        str(s["name"]).split(" – ")[0],
        [str(s["name"]), dep, *s["alts"]],
        str(s["fax"]),
        title,
        [],
        aw,
        True,
        False,
        ld,
        other_dates=others,
        other_people=people,
        notes=["authority letter with Aktenzeichen", "patient named inside a sentence"]
        + (["a relative's birth date on the page"] if others else []),
    )


def lay_care(
    rng: random.Random, p: PV, prac: dict[str, Any], ld: dt.date, pid: str | None
) -> Draft:
    s = rng.choice([x for x in world.CARE if prac["region"] in str(x["regions"])])
    sh = Sheet()
    sh.center(48, str(s["name"]), "condb", 12 if len(str(s["name"])) < 50 else 10)
    sh.center(62, f"{s['street']} | {s['city']} | Fax {s['fax']}", "cond", 8)
    sh.rule(57, 70, 540, 70)
    window(sh, rng, s, prac, 130)
    kind = str(s["dept"])
    title = {
        "Pflegedienst": "Bitte um Verordnung häuslicher Krankenpflege",
        "Apotheke": "Rückfrage zur Verordnung",
        "Hospiz": "Übergabebericht SAPV",
        "Psychotherapie": "Bericht an den Konsiliararzt",
    }[kind]
    bold_caps = rng.random() < 0.5
    sh.text(57, 250, title.upper() if bold_caps else "Betreff: " + title, "condb", 11)
    shown = sh.items[-1].text
    has_bd = rng.random() < 0.7
    aw = (
        (f"{p.surname.upper()}, {p.given}" + (f" ({de_num(p.birth)})" if has_bd else ""))
        if rng.random() < 0.5
        else f"{p.herr1} {p.surname}" + (f", geb. {de_num(p.birth)}" if has_bd else "")
    )
    sh.text(57, 268, aw, "cond", 10)
    y = 292
    people = []
    if kind == "Hospiz":
        rel = f"{rng.choice(['Ehemann', 'Ehefrau', 'Tochter'])} {rng.choice(['Gerd', 'Monika', 'Anke'])} {p.surname}"
        y = sh.para(
            57,
            y,
            480,
            f"Die Versorgung erfolgt zu Hause, Hauptansprechpartner ist {rel} "
            f"(Vorsorgevollmacht liegt vor). Schmerzmedikation: Hydromorphon 4 mg retard 1-0-1.",
            "cond",
            10,
        )
        people.append({"name": rel.split(" ", 1)[1], "role": rel.split(" ")[0]})
    elif kind == "Apotheke":
        y = sh.para(
            57,
            y,
            480,
            "Das verordnete Präparat ist nicht lieferbar. Wir bitten um Freigabe eines "
            "wirkstoffgleichen Austauschpräparats oder eine neue Verordnung.",
            "cond",
            10,
        )
    elif kind == "Psychotherapie":
        y = sh.para(
            57,
            y,
            480,
            "Nach den probatorischen Sitzungen wurde eine Verhaltenstherapie (KZT 1) beantragt. "
            "Eine somatische Abklärung (Konsiliarbericht, Muster 22) wird erbeten.",
            "cond",
            10,
        )
    else:
        y = sh.para(
            57,
            y,
            480,
            "Für die Kompressionstherapie und die Medikamentengabe benötigen wir eine "
            "Folgeverordnung (Muster 12) ab dem kommenden Monat.",
            "cond",
            10,
        )
    if pid:
        y = sh.text(57, y + 6, f"(Ihre Patientennummer laut Rezept: {pid})", "cond", 9) + 14
    dstr = f"{str(s['city']).split(' ', 1)[1]}, {de_any(rng, ld)}"
    y = sh.text(57, y + 14, dstr, "cond", 10) + 10
    closing(
        sh,
        y + 10,
        rng.choice(
            [
                "Schwester Annett Kühnel",
                "Apotheker Falk Riedel",
                "Dipl.-Psych. Karin Weidemann",
                "Pflegedienstleitung Ramona Hesse",
            ]
        ),
        kind,
        "Viele Grüße",
    )
    return Draft(
        [sh],
        str(s["name"]),
        list(s["alts"]),
        str(s["fax"]),
        shown,
        [title],
        aw,
        has_bd,
        bool(pid),
        ld,
        other_people=people,
        notes=["date only at the end, after the body"]
        + (["name in capitals"] if aw.isupper() else []),
    )


def lay_muster(
    rng: random.Random, p: PV, prac: dict[str, Any], ld: dt.date, pid: str | None
) -> Draft:
    s = rng.choice([x for x in world.INSURER if prac["region"] in str(x["regions"])])
    sh = Sheet()
    form = rng.choice(
        [
            ("Muster 52", "Bericht für die Krankenkasse bei Fortbestehen der Arbeitsunfähigkeit"),
            (
                "Muster 50",
                "Anfrage zur Zuständigkeit einer anderen Krankenkasse / eines sonstigen Kostenträgers",
            ),
            ("Muster 11", "Bericht für den Medizinischen Dienst"),
        ]
    )
    sh.text(40, 40, form[0] + " (10.2021)", "narrow", 8)
    sh.text(40, 62, "Krankenkasse bzw. Kostenträger", "narrow", 6.5)
    sh.box(38, 54, 300, 150)
    sh.text(44, 74, str(s["alts"][0]), "mono", 9)
    sh.text(40, 88, "Name, Vorname des Versicherten", "narrow", 6.5)
    aw = f"{p.surname.upper()}, {p.given.upper()}"
    sh.text(44, 100, aw, "mono", 9)
    sh.text(230, 100, "geb. am", "narrow", 6.5)
    sh.text(44, 112, f"{p.birth.day:02d}.{p.birth.month:02d}.{p.birth.year}", "mono", 9)
    sh.text(44, 124, f"{p.reg.street if p.reg else 'Lindenallee 4'}", "mono", 9)
    sh.text(40, 140, "Kostenträgerkennung  Versicherten-Nr.  Status", "narrow", 6.5)
    sh.text(
        44,
        148 - 0.5,
        f"10{rng.randint(1000000, 9999999)}  {chr(65 + rng.randint(0, 25))}{rng.randint(100000000, 999999999)}  1000000",
        "mono",
        8,
    )
    sh.text(330, 70, form[0].upper(), "arialb", 16)
    y = sh.para(330, 90, 210, form[1], "arialb", 9)
    sh.text(330, y + 6, "Datum", "narrow", 6.5)
    sh.text(330, y + 18, de_num(ld), "mono", 10)
    window_y = 180
    sh.text(40, window_y, "An", "narrow", 7)
    spell = rng.choice(prac["names"][:4])
    sh.text(60, window_y, spell if len(spell) < 60 else spell[: spell.rfind(" ", 0, 60)], "mono", 8)
    sh.text(60, window_y + 11, prac["address"], "mono", 8)
    y = 220
    qs = [
        "1. Welche Diagnosen begründen die Arbeitsunfähigkeit?",
        "2. Seit wann besteht die Arbeitsunfähigkeit?",
        "3. Wann ist mit dem Ende der Arbeitsunfähigkeit zu rechnen?",
        "4. Sind Leistungen zur Rehabilitation angezeigt?",
        "5. Welche Therapie wird durchgeführt?",
    ]
    for q in qs:
        sh.text(40, y, q, "arial", 9)
        sh.box(40, y + 5, 555, y + 40, 0.5)
        y += 52
    if pid:
        sh.text(40, y + 4, f"Praxis-Pat.-Nr. (vom Arzt einzutragen): {pid}", "narrow", 8)
    sh.text(40, 790, "Vertragsarztstempel / Unterschrift des Arztes", "narrow", 7)
    sh.box(330, 740, 555, 800, 0.5)
    return Draft(
        [sh],
        str(s["alts"][0]),
        [str(s["name"])],
        str(s["fax"]),
        form[0].upper(),
        [form[0], form[1]],
        aw,
        True,
        bool(pid),
        ld,
        notes=[f"form {form[0]} with boxed fields", "name in capitals, surname first, in a box"],
    )


def lay_email(rng: random.Random, p: PV, prac: dict[str, Any], ld: dt.date) -> Draft:
    s = rng.choice(
        [x for x in world.SPECIAL + world.CARE + world.REHA if prac["region"] in str(x["regions"])]
    )
    sh = Sheet()
    sent = dt.datetime(ld.year, ld.month, ld.day, rng.randint(7, 18), rng.randint(0, 59))
    wd = ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"][ld.weekday()]
    mail = (
        "info@"
        + "".join(
            ch
            for ch in str(s["alts"][0])
            .lower()
            .replace("ä", "ae")
            .replace("ö", "oe")
            .replace("ü", "ue")
            if ch.isalnum()
        )[:18]
        + ".de"
    )
    sh.text(40, 30, f"{wd}., {de_num(ld)} {sent:%H:%M}", "arial", 8)
    sh.text(300, 30, f"Webmail – {prac['names'][3]}", "arial", 8)
    subj = rng.choice(
        ["Befund", "Rückfrage Medikation", "Aufnahme/Entlassung", "Terminbestätigung"]
    )
    sh.text(40, 60, f"AW: {subj} {p.surname}", "arialb", 12)
    title = sh.items[-1].text
    ds = (
        f"{wd}, {ld.day}. {MON[ld.month - 1]} {ld.year} um {sent:%H:%M}"
        if rng.random() < 0.5
        else f"{de_num(ld)} {sent:%H:%M}"
    )
    rows = [
        ("Von:", f"{s['alts'][0]} <{mail}>"),
        ("An:", f"praxis@{prac['key']}-hausarzt.de"),
        ("Datum:", ds),
        ("Betreff:", title),
    ]
    y = 84
    for k, v in rows:
        sh.text(40, y, k, "arialb", 9)
        sh.text(100, y, v, "arial", 9)
        y += 13
    sh.rule(40, y, 555, y)
    aw = (
        f"{p.herr} {p.surname} (geb. {de_num(p.birth)})"
        if rng.random() < 0.5
        else f"{p.given} {p.surname}, {de_num(p.birth)}"
    )
    y = sh.para(
        40,
        y + 24,
        500,
        f"Sehr geehrte Kollegen, anbei die gewünschten Informationen zu {aw}. Der Patient/die Patientin "
        "wurde über die weiteren Schritte informiert. Bitte bestätigen Sie den Eingang.",
        "arial",
        10,
    )
    y = sh.para(
        40, y + 8, 500, f"Mit freundlichen Grüßen, {s['dept'] or rng.choice(DOCS)}", "arial", 10
    )
    sh.text(40, 810, "https://webmail.praxis.local/?_task=mail&_action=print   1/1", "arial", 7)
    return Draft(
        [sh],
        str(s["alts"][0]),
        [str(s["name"]), *s["alts"][1:], mail],
        str(s["fax"]),
        title,
        [subj, f"{subj} {p.surname}"],
        aw,
        True,
        False,
        ld,
        notes=[
            "e-mail printout; the print header carries the same date",
            "sender only as the From line",
        ],
    )


def lay_abroad(rng: random.Random, p: PV, prac: dict[str, Any], ld: dt.date, country: str) -> Draft:
    sh = Sheet()
    adm = ld - dt.timedelta(days=rng.randint(5, 14))
    notes = [f"letter from abroad ({country})"]
    region = country
    if country == "VN":
        sender, alts = "BỆNH VIỆN BẠCH MAI", ["Bệnh viện Bạch Mai", "Bach Mai Hospital"]
        sh.text(57, 50, "BỘ Y TẾ", "sans", 10)
        sh.text(57, 64, "BỆNH VIỆN BẠCH MAI", "sansb", 11)
        sh.right(540, 50, "CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM", "sansb", 9)
        sh.right(540, 63, "Độc lập - Tự do - Hạnh phúc", "sans", 9)
        title = "GIẤY RA VIỆN"
        sh.center(120, title, "sansb", 15)
        aw = f"{p.surname.upper()} {p.given.upper()}"
        rows = [
            ("Họ và tên người bệnh:", aw),
            ("Ngày sinh:", f"{p.birth.day:02d}/{p.birth.month:02d}/{p.birth.year}"),
            ("Giới tính:", "Nam" if p.sex == "M" else "Nữ"),
            ("Vào viện lúc:", f"ngày {adm.day} tháng {adm.month} năm {adm.year}"),
            ("Chẩn đoán:", "Tăng huyết áp, đái tháo đường týp 2"),
            ("Lời dặn:", "Tái khám sau 1 tháng"),
        ]
        y = 160
        for k, v in rows:
            sh.text(57, y, k, "sans", 10)
            sh.text(210, y, v, "sans", 10)
            y += 16
        sh.right(540, y + 20, f"Hà Nội, ngày {ld.day} tháng {ld.month} năm {ld.year}", "sans", 10)
        sh.right(540, y + 36, "TRƯỞNG KHOA", "sansb", 10)
        sh.right(540, y + 80, "BS. Trần Quốc Tuấn", "sans", 10)
        fax = "+84 24 3869 3731"
        notes.append("Vietnamese name order, surname first, in capitals; slash dates D/M/Y")
        addr_y = y + 120
    elif country in ("RU", "KZ"):
        if country == "RU":
            sender, alts = (
                "ГБУЗ «Городская клиническая больница № 4»",
                ["Городская клиническая больница № 4", "ГКБ № 4"],
            )
            city = "г. Оренбург"
        else:
            sender, alts = (
                "ГКП на ПХВ «Городская больница № 2» г. Караганды",
                ["Городская больница № 2", "Городская больница № 2 г. Караганды"],
            )
            city = "г. Караганда"
        sh.center(48, sender, "sansb", 10)
        sh.center(62, city, "sans", 9)
        title = "ВЫПИСКА ИЗ МЕДИЦИНСКОЙ КАРТЫ СТАЦИОНАРНОГО БОЛЬНОГО"
        sh.center(110, title, "sansb", 11)
        aw = f"{p.surname} {p.given} {rng.choice(['Петровна', 'Ивановна', 'Викторовна']) if p.sex == 'F' else rng.choice(['Петрович', 'Андреевич', 'Иванович'])}"
        rows = [
            ("Ф.И.О.:", aw),
            ("Дата рождения:", de_num(p.birth)),
            ("Находился(ась) на лечении с", f"{de_num(adm)} по {de_num(ld)}"),
            ("Диагноз:", "Гипертоническая болезнь II ст., ИБС"),
        ]
        y = 150
        for k, v in rows:
            sh.text(57, y, k, "sans", 10)
            sh.text(250, y, v, "sans", 10)
            y += 16
        y = sh.para(
            57,
            y + 10,
            480,
            "Рекомендовано: наблюдение терапевта по месту жительства, контроль АД.",
            "sans",
            10,
        )
        months = [
            "января",
            "февраля",
            "марта",
            "апреля",
            "мая",
            "июня",
            "июля",
            "августа",
            "сентября",
            "октября",
            "ноября",
            "декабря",
        ]
        sh.text(57, y + 20, f"«{ld.day}» {months[ld.month - 1]} {ld.year} г.", "sans", 10)
        sh.right(540, y + 20, "Лечащий врач: Кузнецова Е. В.", "sans", 10)
        fax = "+7 3532 77-41-09" if country == "RU" else "+7 7212 41-22-08"
        notes.append("Cyrillic, surname first with patronymic; date in the genitive at the end")
        addr_y = y + 70
    elif country == "PL":
        sender, alts = (
            "Szpital Uniwersytecki w Krakowie",
            ["Szpital Uniwersytecki", "Oddział Kliniczny Kardiologii"],
        )
        sh.text(57, 50, sender, "arialb", 13)
        sh.text(57, 64, "ul. Jakubowskiego 2, 30-688 Kraków", "arial", 9)
        sh.right(540, 95, f"Kraków, {de_num(ld)}", "arial", 10)
        title = "KARTA INFORMACYJNA LECZENIA SZPITALNEGO"
        sh.center(130, title, "arialb", 12)
        aw = f"{p.surname} {p.given}"
        y = 160
        for k, v in [
            ("Pacjent:", aw),
            ("Data urodzenia:", de_num(p.birth)),
            (
                "PESEL:",
                f"{p.birth.year % 100:02d}{p.birth.month + (20 if p.birth.year >= 2000 else 0):02d}{p.birth.day:02d}{rng.randint(10000, 99999)}",
            ),
            ("Data przyjęcia:", de_num(adm)),
            ("Data wypisu:", de_num(ld)),
        ]:
            sh.text(57, y, k, "arial", 10)
            sh.text(190, y, v, "arial", 10)
            y += 15
        y = sh.para(
            57,
            y + 10,
            480,
            "Rozpoznanie: Migotanie przedsionków napadowe. Zalecenia: kontrola w poradni kardiologicznej.",
            "arial",
            10,
        )
        sh.text(57, y + 20, "lek. med. Agnieszka Wójcik-Zając", "arial", 10)
        fax, addr_y = "+48 12 400 22 19", y + 70
        notes.append("Polish: surname first, PESEL beside the birth date")
    elif country == "CZ":
        sender, alts = (
            "FAKULTNÍ NEMOCNICE PLZEŇ",
            ["Fakultní nemocnice Plzeň", "FN Plzeň", "Interní klinika"],
        )
        sh.right(540, 50, sender, "arialb", 12)
        sh.right(540, 64, "Interní klinika, alej Svobody 80, 323 00 Plzeň", "arial", 8.5)
        title = "Propouštěcí zpráva"
        sh.text(57, 110, title, "arialb", 13)
        aw = f"{p.given} {p.surname}"
        y = 140
        for k, v in [
            ("Jméno a příjmení:", aw),
            ("Datum narození:", f"{p.birth.day}. {p.birth.month}. {p.birth.year}"),
            (
                "Hospitalizace:",
                f"{adm.day}. {adm.month}. {adm.year} – {ld.day}. {ld.month}. {ld.year}",
            ),
        ]:
            sh.text(57, y, k, "arial", 10)
            sh.text(190, y, v, "arial", 10)
            y += 15
        y = sh.para(
            57,
            y + 10,
            480,
            "Diagnóza: Pneumonie. Doporučení: kontrola u praktického lékaře do 14 dnů.",
            "arial",
            10,
        )
        sh.text(57, y + 20, f"V Plzni dne {ld.day}. {ld.month}. {ld.year}", "arial", 10)
        sh.text(57, y + 60, "MUDr. Tereza Procházková", "arial", 10)
        fax, addr_y = "+420 377 402 207", y + 90
        notes.append(
            "Czech spaced numeric dates 'd. m. yyyy'; the register spells the name without háček"
        )
    elif country == "IT":
        sender, alts = (
            "Azienda Ospedaliera Universitaria Integrata Verona",
            ["AOUI Verona", "Ospedale Borgo Trento"],
        )
        sh.center(50, sender, "serifb", 12)
        sh.center(64, "Ospedale Borgo Trento – U.O.C. Medicina Generale", "serif", 9)
        title = "LETTERA DI DIMISSIONE"
        sh.text(57, 110, title, "serifb", 12)
        art = "nata" if p.sex == "F" else "nato"
        aw = f"{'Sig.ra' if p.sex == 'F' else 'Sig.'} {p.surname} {p.given}"
        months_it = [
            "gennaio",
            "febbraio",
            "marzo",
            "aprile",
            "maggio",
            "giugno",
            "luglio",
            "agosto",
            "settembre",
            "ottobre",
            "novembre",
            "dicembre",
        ]
        y = sh.para(
            57,
            140,
            480,
            f"Si dimette in data odierna {aw}, {art} il {p.birth.day:02d}/{p.birth.month:02d}/{p.birth.year}, "
            f"ricoverato/a dal {adm.day:02d}/{adm.month:02d}/{adm.year} per frattura del femore.",
            "serif",
            11,
        )
        y = sh.para(
            57,
            y + 6,
            480,
            "Terapia consigliata: enoxaparina 4000 UI s.c. per 30 giorni.",
            "serif",
            11,
        )
        sh.text(57, y + 20, f"Verona, {ld.day} {months_it[ld.month - 1]} {ld.year}", "serif", 11)
        sh.text(57, y + 60, "Il Medico Dott.ssa Chiara Benedetti", "serif", 11)
        aw = f"{'Sig.ra' if p.sex == 'F' else 'Sig.'} {p.surname} {p.given}"
        fax, addr_y = "+39 045 812 2401", y + 90
        notes.append("Italian: name inside a sentence, surname first; date only at the end")
    else:
        variants = {
            "SY": (
                "Damascus University – Al Assad University Hospital",
                ["Al Assad University Hospital", "Damascus University Hospital"],
                "Damascus, Syria",
                "+963 11 212 4408",
                "dmy",
            ),
            "AF": (
                "Jamhuriat Hospital Kabul",
                ["Jamhuriat Hospital", "Ministry of Public Health – Jamhuriat Hospital"],
                "Kabul, Afghanistan",
                "+93 20 220 1377",
                "dmy",
            ),
            "ER": (
                "Orotta National Referral Hospital",
                ["Orotta Hospital", "Orotta National Referral and Teaching Hospital"],
                "Asmara, Eritrea",
                "+291 1 20 1288",
                "long",
            ),
            "GB": (
                "Sheffield Teaching Hospitals NHS Foundation Trust",
                ["Northern General Hospital", "Sheffield Teaching Hospitals"],
                "Herries Road, Sheffield S5 7AU",
                "+44 114 226 9911",
                "long",
            ),
            "US": (
                "Mayo Clinic",
                ["Mayo Clinic Rochester", "Department of Cardiovascular Medicine"],
                "200 First Street SW, Rochester, MN 55905",
                "+1 507 284 0161",
                "mdy",
            ),
        }
        sender, alts, addr, fax, style = variants[country]

        def fmt(d: dt.date) -> str:
            if style == "dmy":
                return f"{d.day:02d}/{d.month:02d}/{d.year}"
            if style == "mdy":
                return f"{d.month:02d}/{d.day:02d}/{d.year}"
            return f"{d.day} {EN_MON[d.month - 1]} {d.year}"

        sh.text(57, 50, sender, "arialb", 12 if len(sender) < 50 else 10)
        sh.text(57, 64, addr, "arial", 9)
        sh.right(540, 90, f"Date: {fmt(ld)}", "arial", 10)
        title = (
            rng.choice(["Discharge Summary", "Medical Report", "To Whom It May Concern"])
            if country != "GB"
            else "Discharge Summary"
        )
        sh.text(57, 120, title.upper() if country in ("SY", "AF") else title, "arialb", 12)
        title = sh.items[-1].text
        if country in ("GB", "US"):
            aw = f"{'Mrs' if p.sex == 'F' else 'Mr'} {p.given} {p.surname.upper()}"
            nhs = (
                f"NHS No: {rng.randint(400, 499)} {rng.randint(100, 999)} {rng.randint(1000, 9999)}"
                if country == "GB"
                else f"MRN: {rng.randint(10000000, 99999999)}"
            )
            rows = [("Patient:", aw), ("DOB:", fmt(p.birth)), ("", nhs)]
        else:
            aw = f"{p.given} {p.surname}"
            rows = [
                ("Patient name:", aw),
                ("Date of birth:", fmt(p.birth)),
                ("Admission:", fmt(adm)),
            ]
        y = 150
        for k, v in rows:
            if k:
                sh.text(57, y, k, "arial", 10)
            sh.text(170 if k else 57, y, v, "arial", 10)
            y += 15
        y = sh.para(
            57,
            y + 10,
            480,
            "The patient was treated for community-acquired pneumonia and is fit for travel. "
            "Please continue amoxicillin for five more days and review in primary care.",
            "arial",
            10,
        )
        sh.text(57, y + 24, "Yours sincerely,", "arial", 10)
        sh.text(
            57,
            y + 60,
            rng.choice(
                [
                    "Dr. Samer Haddad, MD",
                    "Dr. Abdul Wali Karimi",
                    "Dr. Tesfamariam Berhe",
                    "Dr Eleanor Marsh, FRCP",
                    "John P. Lindqvist, MD",
                ]
            ),
            "arial",
            10,
        )
        addr_y = y + 100
        notes.append(
            {"US": "US dates MM/DD/YYYY", "GB": "British long dates, surname in capitals"}.get(
                country, "English letter, D/M/Y slashes"
            )
        )
        if country == "SY":
            region = "SY"
    # Foreign letters are addressed in the margin at the foot (forwarded by the patient).
    spell = rng.choice(prac["names"][:4])
    sh.text(57, min(addr_y, 760), "To / An:", "arial", 8)
    sh.text(100, min(addr_y, 760), spell if len(spell) < 70 else prac["names"][1], "arial", 8)
    sh.text(100, min(addr_y, 760) + 10, prac["address"], "arial", 8)
    lang = {"VN": "vi", "RU": "ru", "KZ": "ru", "PL": "pl", "CZ": "cs", "IT": "it"}.get(
        country, "en"
    )
    return Draft(
        [sh],
        sender,
        alts,
        fax,
        title,
        [],
        aw,
        True,
        False,
        ld,
        language=lang,
        region=region,
        other_dates=[{"date": adm.isoformat(), "role": "admission"}]
        if country not in ("GB", "US")
        else [],
        notes=notes,
    )


def lay_hand(rng: random.Random, p: PV, prac: dict[str, Any], ld: dt.date | None) -> Draft:
    sh = Sheet()
    who = rng.choice(
        [
            ("Dr. med. Gunter Seyfarth, Nachbarpraxis", "Dr. med. Gunter Seyfarth"),
            ("Schwester Annett (Pflegedienst Sonnenschein)", "Pflegedienst Sonnenschein"),
            ("Dr. Lüder, Notdienst", "Dr. Lüder"),
        ]
    )
    y = 80.0
    sh.text(70, y, "Liebe/r Kollege/in,", "hand", 15)
    aw = f"{p.herr1} {p.surname} ({de_short(p.birth)})"
    y += 28
    sh.text(70, y, f"{aw} war heute bei uns,", "hand", 15)
    for ln in [
        "RR 165/95, Ödeme bds., bitte Kontrolle",
        "der Diuretika-Dosis. Laborwerte folgen.",
        "Danke + Gruß",
    ]:
        y += 26
        sh.text(70 + rng.uniform(-4, 6), y, ln, "hand", 15)
    y += 34
    signer = who[0].split(",")[0].split(" (")[0]
    sh.text(200, y, signer, "hand", 15)
    if ld:
        sh.text(70, y + 34, de_short(ld), "hand", 15)
    return Draft(
        [sh],
        signer,
        [who[1], who[0]],
        "0361 7312-66",
        None,
        [],
        aw,
        True,
        False,
        ld,
        handwritten=True,
        notes=["handwritten note", "no heading"] + ([] if ld else ["undated note"]),
    )


# --- the letters ---------------------------------------------------------------------------


LAYOUTS = [
    "discharge_uni",
    "discharge_chain",
    "lab",
    "specialist",
    "radiology",
    "insurer",
    "drv",
    "md",
    "authority",
    "care",
    "muster",
    "email",
    "abroad_VN",
    "abroad_RU",
    "abroad_KZ",
    "abroad_PL",
    "abroad_CZ",
    "abroad_IT",
    "abroad_SY",
    "abroad_AF",
    "abroad_ER",
    "abroad_GB",
    "abroad_US",
    "hand",
]
ORIGIN = {
    "VN": "VN",
    "RU": "RU",
    "KZ": "KZ",
    "PL": "PL",
    "CZ": "CZ",
    "IT": "IT",
    "SY": "SY",
    "AF": "AF",
    "ER": "ER",
    "GB": "GB",
    "US": "US",
}
CYR = {
    "Schewtschenko": "Шевченко",
    "Iwanow": "Иванов",
    "Petrowa": "Петрова",
    "Reimer": "Реймер",
    "Friesen": "Фризен",
    "Dück": "Дик",
    "Kusnezowa": "Кузнецова",
    "Sokolow": "Соколов",
    "Olga": "Ольга",
    "Sergej": "Сергей",
    "Ljudmila": "Людмила",
    "Viktor": "Виктор",
    "Natalja": "Наталья",
    "Alexander": "Александр",
    "Tatjana": "Татьяна",
    "Dmitrij": "Дмитрий",
}
VIET = {
    "Nguyen": "Nguyễn",
    "Tran": "Trần",
    "Pham": "Phạm",
    "Le": "Lê",
    "Hoang": "Hoàng",
    "Dang": "Đặng",
    "Vu": "Vũ",
    "Thi Lan": "Thị Lan",
    "Van Hung": "Văn Hùng",
    "Thi Mai": "Thị Mai",
    "Duc Anh": "Đức Anh",
    "Thi Hoa": "Thị Hoa",
    "Van Minh": "Văn Minh",
    "Thi Thu": "Thị Thu",
    "Quang Huy": "Quang Huy",
    "Duc Minh": "Đức Minh",
}
CZ = {"Dvorak": "Dvořák", "Novotna": "Novotná", "Svoboda": "Svoboda", "Cerna": "Černá"}
PLN = {
    "Wisniewska": "Wiśniewska",
    "Zielinski": "Zieliński",
    "Nowak": "Nowak",
    "Kowalczyk": "Kowalczyk",
}
OUTSIDERS = [
    ("Hannemann", "Gudrun", "F"),
    ("Lautenschläger", "Ottmar", "M"),
    ("Trần", "Văn Long", "M"),
    ("Wendel", "Marlies", "F"),
    ("Szymańska", "Ewa", "F"),
    ("Kaiser", "Henning", "M"),
]


def _pick_patient(
    rng: random.Random, layout: str, regs: list[register.Patient]
) -> tuple[PV, list[str]]:
    notes: list[str] = []
    country = layout.split("_")[1] if layout.startswith("abroad_") else ""
    if rng.random() < 0.08 and not country:
        sur, giv, sex = rng.choice(OUTSIDERS)
        b = dt.date(rng.randint(1935, 2000), rng.randint(1, 12), rng.randint(1, 28))
        return PV(sur, giv, sex, b), ["patient not in the register"]
    if country:
        tag_names = {p.surname for p in regs}
        del tag_names
        pool = {
            "VN": [p for p in regs if p.surname in VIET],
            "RU": [p for p in regs if p.surname in CYR],
            "KZ": [p for p in regs if p.surname in CYR],
            "PL": [p for p in regs if p.surname in PLN or p.former_names == ("Kowalczyk",)],
            "CZ": [p for p in regs if p.surname in CZ],
            "IT": [p for p in regs if p.surname in ("Rossi", "Esposito", "De Luca", "Bianchi")],
            "SY": [p for p in regs if p.surname in ("Al-Hassan", "Haddad", "Khalil")],
            "AF": [p for p in regs if p.surname in ("Ahmadi", "Rahimi", "Sultani")],
            "ER": [p for p in regs if p.surname in ("Tesfay", "Ghebremedhin", "Haile")],
            "GB": [p for p in regs if p.surname in ("O'Connor", "Whitfield")],
            "US": [p for p in regs if p.surname in ("Miller", "Johnson")],
        }[country]
        r = rng.choice(pool)
        sur, giv = r.surname, r.given_names
        if country == "VN":
            sur, giv = VIET[sur], VIET.get(giv, giv)
            notes.append("name with Vietnamese diacritics; the register spells it without")
        elif country in ("RU", "KZ"):
            sur, giv = CYR[sur], CYR.get(giv, giv)
            if r.sex == "F" and not sur.endswith("а"):
                sur += "а"
            notes.append("name in Cyrillic; the register has the German transliteration")
        elif country == "CZ":
            sur = CZ[sur]
        elif country == "PL":
            if r.former_names == ("Kowalczyk",):
                sur = "Kowalczyk"
                notes.append("letter uses the former (Polish) surname; register name changed")
            else:
                sur = PLN[sur]
        return PV(sur, giv, r.sex, dt.date.fromisoformat(r.birth_date), r.title, "", r), notes
    special = [p for p in regs if p.group or p.title or p.birth_name]
    r = rng.choice(special) if rng.random() < 0.55 else rng.choice(regs)
    sur = r.surname
    if r.former_names and rng.random() < 0.7:
        sur = r.former_names[0]
        notes.append("letter uses the patient's former surname")
    if r.group_kind:
        notes.append(f"register collision: {r.group_kind}")
    return PV(
        sur, r.given_names, r.sex, dt.date.fromisoformat(r.birth_date), r.title, r.birth_name, r
    ), notes


class Letter:
    def __init__(
        self, split_name: str, index: int, seed: int, layout: str, regs: list[register.Patient]
    ) -> None:
        self.split = split_name
        self.id = f"{split_name}-{index:03d}"
        self.seed = seed
        self.layout = layout
        rng = random.Random(seed)
        self.prac = world.PRACTICES[rng.randrange(3)]
        pv, pnotes = _pick_patient(rng, layout, regs)
        self.pv = pv
        ld = dt.date(2024, 1, 8) + dt.timedelta(days=rng.randint(0, 680))
        pid = pv.reg.id if pv.reg and rng.random() < 0.3 else None
        if layout.startswith("discharge"):
            d = lay_discharge(rng, pv, self.prac, ld, pid, layout.endswith("chain"))
        elif layout == "lab":
            d = lay_lab(rng, pv, self.prac, ld, pid)
        elif layout in ("specialist", "radiology"):
            d = lay_specialist(rng, pv, self.prac, ld, pid, layout == "radiology")
        elif layout in ("insurer", "drv", "md"):
            d = lay_insurer(rng, pv, self.prac, ld, pid, {"insurer": "ins"}.get(layout, layout))
        elif layout == "authority":
            d = lay_authority(rng, pv, self.prac, ld)
        elif layout == "care":
            d = lay_care(rng, pv, self.prac, ld, pid)
        elif layout == "muster":
            d = lay_muster(rng, pv, self.prac, ld, pid)
        elif layout == "email":
            d = lay_email(rng, pv, self.prac, ld)
        elif layout.startswith("abroad_"):
            d = lay_abroad(rng, pv, self.prac, ld, layout.split("_")[1])
        else:
            d = lay_hand(rng, pv, self.prac, ld if rng.random() < 0.6 else None)
        d.notes = pnotes + d.notes
        self.d = d
        self._truth: dict[str, Any] | None = None
        base = ld
        self.fax_sent = dt.datetime(
            base.year, base.month, base.day, rng.randint(7, 19), rng.randint(0, 59)
        ) + dt.timedelta(days=rng.randint(1, 6))
        self.cover = rng.random() < 0.34
        self.fine = rng.random() < 0.6
        self.g4 = rng.random() < 0.5
        self.stamp = base + dt.timedelta(days=rng.randint(2, 9)) if rng.random() < 0.5 else None
        if self.stamp and not d.handwritten and self.stamp == self.fax_sent.date():
            self.stamp += dt.timedelta(days=1)

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.d.handwritten else ["pdf", "scan200", "fax"]

    def _pages(self, cond: str) -> list[tuple[str, Sheet]]:
        pages = [(f"p{i + 1}", sh) for i, sh in enumerate(self.d.sheets)]
        if cond == "pdf":
            return pages
        out: list[tuple[str, Sheet]] = []
        if cond == "scan200":
            for i, (name, sh) in enumerate(pages):
                c = Sheet(list(sh.items), list(sh.lines), list(sh.rects))
                if i == 0 and self.stamp:
                    y = c.free_band(380, 545, 34, 90, 700)
                    if y is not None:
                        short = (
                            self.prac["names"][3]
                            if len(self.prac["names"]) > 3
                            else self.prac["names"][0]
                        )
                        short = str(short)[:28]
                        c.box(380, y - 4, 545, y + 30, 1.2)
                        c.text(388, y + 8, "EINGEGANGEN " + de_num(self.stamp), "mono", 8.5)
                        c.text(388, y + 22, short, "mono", 7.5)
                out.append((name, c))
            return out
        sent = self.fax_sent
        if self.cover:
            cv = Sheet()
            cv.text(57, 90, "TELEFAX", "arialb", 24)
            rows = [
                ("An:", str(self.prac["names"][0])[:60]),
                ("Fax-Nr.:", str(self.prac["fax"])),
                ("Von:", self.d.sender[:60]),
                ("Fax-Nr.:", self.d.sender_fax),
                ("Datum:", de_num(sent.date())),
                ("Seiten:", f"{len(pages) + 1} (inkl. Deckblatt)"),
            ]
            y = 140.0
            for k, v in rows:
                cv.text(57, y, k, "arial", 11)
                cv.text(140, y, v, "arial", 11)
                y += 20
            cv.para(
                57,
                y + 30,
                480,
                "Vertraulich: Dieses Fax enthält Patientendaten. Sollten Sie es irrtümlich "
                "erhalten haben, informieren Sie bitte den Absender und vernichten Sie die Unterlagen.",
                "arial",
                9,
            )
            pages = [("cover", cv), *pages]
        n = len(pages)
        for i, (name, sh) in enumerate(pages):
            c = Sheet(list(sh.items), list(sh.lines), list(sh.rects))
            c.text(
                24,
                14,
                f"{de_num(sent.date())} {sent:%H:%M}   FAX {self.d.sender_fax}   {self.d.sender[:34]}",
                "mono",
                7,
            )
            c.right(571, 14, f"S. {i + 1}/{n}", "mono", 7)
            out.append((name, c))
        return out

    def render(self, cond: str) -> dict[str, bytes]:
        if cond not in self.conditions():
            raise ValueError(cond)
        pages = self._pages(cond)
        sheets = [sh for _, sh in pages]
        if cond == "pdf":
            return {"pdf/letter.pdf": to_pdf(sheets)}
        if cond == "scan200":
            imgs = scan_pages(sheets, self.seed)
            return {f"scan200/page-{i + 1:02d}.jpg": b for i, b in enumerate(imgs)}
        imgs = fax_pages(sheets, self.seed, self.fine, self.g4)
        return {f"fax/page-{i + 1:02d}.tif": b for i, b in enumerate(imgs)}

    def truth(self) -> dict[str, Any]:
        if self._truth is None:
            self._truth = self._make_truth()
        return json.loads(json.dumps(self._truth))

    def _make_truth(self) -> dict[str, Any]:
        d, pv = self.d, self.pv
        reg = pv.reg
        facts = {
            "patient": {
                "full_name": reg.full_name if reg else f"{pv.given} {pv.surname}",
                "surname": reg.surname if reg else pv.surname,
                "given_names": reg.given_names if reg else pv.given,
                "as_written": d.as_written,
                "full_name_as_letter": f"{pv.given} {pv.surname}",
                "register_id": reg.id if reg else None,
            },
            "birth_date": pv.birth.isoformat() if d.birth_printed else None,
            "letter_date": d.letter_date.isoformat() if d.letter_date else None,
            "sender": d.sender,
            "sender_alternatives": d.sender_alts,
            "title": d.title,
            "title_alternatives": d.title_alts,
            "patient_id": reg.id if (reg and d.pid_printed) else None,
            "other_dates": d.other_dates,
            "other_people": d.other_people,
        }
        regt = None
        if reg:
            regs = _REGS
            same = [
                p.id
                for p in regs
                if p.id != reg.id and (p.surname, p.given_names) == (reg.surname, reg.given_names)
            ]
            regt = {
                "id": reg.id,
                "collision": bool(reg.group or same),
                "collision_group": reg.group
                or (f"namesakes-{reg.surname}-{reg.given_names}" if same else None),
            }
        conds: dict[str, Any] = {}
        for c in self.conditions():
            pages = []
            for i, (name, sh) in enumerate(self._pages(c)):
                ent: dict[str, Any] = {"page": name}
                if c == "pdf":
                    ent.update(file="pdf/letter.pdf", pdf_page=i + 1)
                else:
                    ent["file"] = f"{c}/page-{i + 1:02d}." + ("jpg" if c == "scan200" else "tif")
                ent["text"] = sh.transcript()
                pages.append(ent)
            conds[c] = {"pages": pages}
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.layout,
            "language": d.language,
            "region": d.region,
            "facts": facts,
            "register": regt,
            "notes": d.notes,
            "handwritten": d.handwritten,
            "fax": {
                "sent": self.fax_sent.strftime("%Y-%m-%dT%H:%M"),
                "cover_sheet": self.cover,
                "number": d.sender_fax,
                "resolution": "204x196" if self.fine else "204x98",
            },
            "receipt_stamp": de_num(self.stamp)
            if self.stamp
            and any("EINGEGANGEN" in it.text for it in self._pages("scan200")[0][1].items)
            else None,
            "practice": self.prac["name"],
            "conditions": conds,
        }


_REGS = register.build()


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    regs = _REGS
    rng = random.Random(seed)
    order: list[str] = []
    while len(order) < count:
        block = [x for x in LAYOUTS if not x.startswith("abroad_")] * 2 + [
            x for x in LAYOUTS if x.startswith("abroad_")
        ]
        rng.shuffle(block)
        order += block
    return [Letter(split_name, i + 1, seed * 1000 + i + 1, order[i], regs) for i in range(count)]


def split(name: str) -> list[Letter]:
    if name not in SPLITS:
        raise ValueError(f"unknown split {name!r}")
    count, seed = SPLITS[name]
    return generate(count, seed, name)


def practice_names() -> list[dict[str, Any]]:
    return [
        {
            "name": p["name"],
            "names": list(p["names"]),
            "doctor": p["doctor"],
            "address": p["address"],  # type: ignore[call-overload]
            "fax": p["fax"],
            "kind": p["kind"],
        }
        for p in world.PRACTICES
    ]


__all__ = ["Letter", "W", "generate", "practice_names", "split"]
