# ruff: noqa: E501  (tables of senders and letter text kept one entry per line)
"""Generated clinic letters to three practices in Saxony-Anhalt, with exact truth."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field
from typing import Any

from . import register, render, world
from .render import Line, Sheet
from .world import fmt

SPLITS = {"test": (50_4001, 40), "examples": (50_4002, 6)}
OUTSIDERS = [("Gundula", "Wiesenthal", "f"), ("Eckhard", "Brachvogel", "m"), ("Marlies", "Quaas", "f"),
             ("Detlef", "Ritschel", "m"), ("Roswitha", "Oelze", "f"), ("Siegmar", "Zwanzig", "m")]  # fmt: skip
VN_DIACRITICS = {"Nguyen": "Nguyễn", "Tran": "Trần", "Pham": "Phạm", "Hoang": "Hoàng", "Vu": "Vũ",
                 "Thi Huong": "Thị Hương", "Van Minh": "Văn Minh", "Thu Trang": "Thu Trang",
                 "Quang Huy": "Quang Huy", "Thi Lan": "Thị Lan", "Duc Anh": "Đức Anh", "Le": "Lê"}  # fmt: skip
UA_CYR = {"Kovalenko": "Коваленко", "Shevchenko": "Шевченко", "Bondarenko": "Бондаренко",
          "Melnyk": "Мельник", "Tkachenko": "Ткаченко", "Olena": "Олена", "Andrii": "Андрій",
          "Iryna": "Ірина", "Serhii": "Сергій", "Oksana": "Оксана"}  # fmt: skip


def practice_names() -> list[dict[str, Any]]:
    return [dict(p) for p in world.PRACTICES]


@dataclass
class Person:
    surname: str
    given: str
    sex: str
    dob: dt.date
    title: str
    reg: register.Patient | None
    old_name: bool = False


@dataclass
class Draft:
    """What a template produces."""

    layout: str
    sheets: list[Sheet]
    sender: str
    sender_alts: list[str]
    title: str | None
    title_alts: list[str]
    as_written: str
    name_as_letter: str
    birth_printed: bool
    letter_date: dt.date | None
    language: str = "de"
    region: str = "DE"
    patient_id: str | None = None
    other_dates: list[dict[str, str]] = field(default_factory=list)
    other_people: list[dict[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    handwritten: bool = False
    fax_number: str = ""
    fax_name: str = ""
    fax_style: str = "de"


# ---------------------------------------------------------------- helpers


def salutation(p: Person) -> str:
    return "Herrn" if p.sex == "m" else "Frau"


def name_form(rng: random.Random, p: Person, forms: list[str]) -> str:
    f = rng.choice(forms)
    t = f"{p.title} " if p.title else ""
    if f == "sal":
        return f"{salutation(p)} {t}{p.given} {p.surname}"
    if f == "comma":
        return f"{p.surname}, {p.given}"
    if f == "caps":
        return f"{p.surname.upper()}, {p.given}"
    if f == "plain":
        return f"{t}{p.given} {p.surname}"
    if f == "allcaps":
        return f"{p.given.upper()} {p.surname.upper()}"
    raise ValueError(f)


def head_block(sh: Sheet, rng: random.Random, lines: list[str], style: str) -> None:
    key = rng.choice(["sansb", "serifb", "condb"])
    for i, ln in enumerate(lines):
        size = 13.0 if i == 0 else 8.5
        font_key = key if i == 0 else key.rstrip("b")
        sh.add(ln, font_key=font_key, size=size, align=style)


def window(sh: Sheet, sender_line: str, practice: int, rng: random.Random) -> None:
    sh.skip(rng.uniform(10, 30))
    sh.add(sender_line, size=6.5, font_key="sans")
    for i, ln in enumerate(world.practice_lines(practice)):
        sh.add(ln, size=10.0, gap=13.5 if i else 14.0)
    sh.skip(18)


def closing(
    sh: Sheet, rng: random.Random, signer: str, greeting: str = "Mit freundlichen Grüßen"
) -> None:
    sh.add(greeting, gap=20)
    sh.add(signer, gap=34)


def body(sh: Sheet, sheets: list[Sheet], text: str, running: str | None, **kw: Any) -> Sheet:
    """A paragraph that flows onto a new page (with a running header) when the page is full."""
    for para in text.split("\n"):
        words = para.split(" ")
        chunk: list[str] = []
        for wd in words:
            chunk.append(wd)
            if len(chunk) >= 11:
                sh.para(" ".join(chunk), **kw)
                chunk = []
                if sh.full():
                    sh = Sheet()
                    sheets.append(sh)
                    if running:
                        sh.add(running.replace("{n}", str(len(sheets))), size=7.5, font_key="sans")
                        sh.skip(12)
        if chunk:
            sh.para(" ".join(chunk), **kw)
        sh.skip(4)
    return sh


FILLER = [
    "Die Aufnahme erfolgte über unsere Zentrale Notaufnahme mit zunehmender Belastungsdyspnoe und "
    "peripheren Ödemen seit etwa zehn Tagen.",
    "Unter intravenöser Diuretikatherapie kam es zu einer raschen Rekompensation mit einer "
    "Gewichtsabnahme von vier Kilogramm.",
    "Laborchemisch zeigten sich erhöhte Entzündungswerte, die unter der antibiotischen Therapie "
    "regredient waren. Die Nierenretentionswerte blieben stabil.",
    "Echokardiographisch fand sich eine leichtgradig eingeschränkte linksventrikuläre Funktion ohne "
    "relevante Klappenvitien.",
    "Wir bitten um regelmäßige Kontrollen der Elektrolyte und des Kreatinins in Ihrer Praxis sowie "
    "um Anpassung der Medikation nach Befund.",
    "Der Patient wurde in gebessertem Allgemeinzustand in die Häuslichkeit entlassen. Eine "
    "Wiedervorstellung bei Beschwerdezunahme ist jederzeit möglich.",
]


# ---------------------------------------------------------------- templates


def t_hospital(rng: random.Random, p: Person, prac: int, d: dt.date) -> Draft:
    name, alts, street, city, _phone, fax, fstyle = rng.choice(world.HOSPITALS)
    dept, chief, _short = rng.choice(world.DEPARTMENTS)
    adm = d - dt.timedelta(days=rng.randint(6, 20))
    dis = d - dt.timedelta(days=rng.randint(0, 3))
    sheets = [Sheet()]
    sh = sheets[0]
    align = rng.choice(["l", "r", "c"])
    head_block(sh, rng, [name, dept, f"Direktor: {chief}", f"{street} · {city}"], align)
    window(sh, f"{alts[0]} · {street} · {city}", prac, rng)
    dstyle = rng.choice(["dot", "long"])
    place = city.split(" ", 1)[1]
    sh.add(f"{place}, {fmt(d, dstyle)}", align="r")
    title = rng.choice(["Entlassungsbrief", "Vorläufiger Entlassungsbrief", "Arztbrief"])
    sh.skip(10)
    sh.add(title.upper() if rng.random() < 0.5 else title, font_key="sansb", size=12)
    printed_title = sh.lines[-1].text
    nm = name_form(rng, p, ["sal", "plain", "comma", "caps"])
    bstyle = rng.choice(["dot", "dots"])
    sh.add("Sehr geehrte Kolleginnen und Kollegen,", gap=20)
    intro = (
        f"wir berichten über {nm}, geb. {fmt(p.dob, bstyle)}, der/die sich vom {fmt(adm, 'dot')} "
        f"bis zum {fmt(dis, 'dot')} in unserer stationären Behandlung befand."
    )
    as_written = nm
    sh.para(intro)
    diag, icd = rng.choice(world.DIAGNOSES)
    sh.add("Diagnosen:", font_key="sansb", gap=18)
    sh.add(f"- {diag} ({icd})")
    sh.add("- Arterielle Hypertonie (I10.90)")
    sh.add("Verlauf:", font_key="sansb", gap=18)
    running = f"{p.surname}, {p.given}, geb. {fmt(p.dob, bstyle)} – Seite {{n}}"
    text = "\n".join(rng.sample(FILLER, 6))
    sh = body(sh, sheets, text + "\n" + text, running)
    followup = d + dt.timedelta(days=rng.randint(14, 60))
    sh.add(
        f"Eine Wiedervorstellung in unserer Ambulanz ist am {fmt(followup, 'dot')} geplant.", gap=16
    )
    if sh.full():
        sh = Sheet()
        sheets.append(sh)
        sh.add(running.replace("{n}", str(len(sheets))), size=7.5)
    closing(sh, rng, f"{chief}   Dr. med. Anne Vollrath (Oberärztin)")
    return Draft(
        "hospital discharge letter", sheets, name, [*alts, dept], printed_title,
        [title], as_written, f"{p.given} {p.surname}", True, d,
        other_dates=[{"date": adm.isoformat(), "role": "admission"},
                     {"date": dis.isoformat(), "role": "discharge"},
                     {"date": followup.isoformat(), "role": "follow-up"}],
        other_people=[{"name": chief, "role": "head of department"}],
        notes=["admission/discharge/follow-up dates beside the letter date", "running header on later pages"],
        fax_number=fax, fax_name=alts[-1], fax_style=fstyle,
    )  # fmt: skip


def t_specialist(rng: random.Random, p: Person, prac: int, d: dt.date) -> Draft:
    name, doc, street, city, phone, fax, fstyle, field_ = rng.choice(world.SPECIALISTS)
    sh = Sheet()
    align = rng.choice(["l", "r"])
    head_block(
        sh,
        rng,
        [
            name,
            doc,
            f"Fachärztin/Facharzt für {field_}",
            f"{street}, {city}",
            f"Tel. {phone} · Fax {fax}",
        ],
        align,
    )
    window(sh, f"{name}, {street}, {city}", prac, rng)
    exam = d - dt.timedelta(days=rng.randint(1, 12))
    pid = None
    if rng.random() < 0.35 and p.reg is not None:
        pid = p.reg.id
        sh.add(f"Ihre Pat.-Nr.: {pid}", align="r", size=8.5)
    sh.add(f"Datum: {fmt(d, rng.choice(['dot', 'yy']))}", align="r", size=8.5)
    labelled = rng.random() < 0.5
    nm = name_form(rng, p, ["comma", "caps", "plain"])
    bd = rng.random() < 0.8
    born = f", geb. {fmt(p.dob, 'dot')}" if bd else ""
    sub = f"Befundbericht {nm}{born}"
    sh.add(f"Betr.: {sub}" if labelled else sub, font_key="sansb", gap=24)
    sh.add(f"Untersuchung vom {fmt(exam, 'dot')}", size=9)
    sh.add("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,", gap=18)
    sh.para("vielen Dank für die Überweisung. " + " ".join(rng.sample(FILLER, 3)))
    closing(sh, rng, doc)
    return Draft(
        "specialist report", [sh], name, [doc], "Befundbericht", [sub], nm, f"{p.given} {p.surname}",
        bd, d, patient_id=pid, other_dates=[{"date": exam.isoformat(), "role": "examination"}],
        notes=["subject line " + ("with" if labelled else "without") + " label", "patient in subject line"],
        fax_number=fax, fax_name=name.split(" Dr.")[0], fax_style=fstyle,
    )  # fmt: skip


def t_lab(rng: random.Random, p: Person, prac: int, d: dt.date) -> Draft:
    name, alts, street, city, phone, fax, fstyle = rng.choice(world.LABS)
    sh = Sheet()
    sh.add(name, font_key="monob", size=12)
    sh.add(f"{street} | {city} | Tel. {phone}", font_key="mono", size=7.5)
    window(sh, f"{name} · {street} · {city}", prac, rng)
    coll = d - dt.timedelta(days=rng.randint(1, 3))
    recv = coll + dt.timedelta(days=1)
    sh.add("LABORBEFUND - Endbefund", font_key="monob", size=11)
    nm = f"{p.surname.upper()}, {p.given}"
    sh.add(f"Patient:      {nm}", font_key="mono", size=9, gap=16)
    sh.add(f"Geb.-Datum:   {fmt(p.dob, 'dot')}", font_key="mono", size=9)
    sh.add(f"Entnahme:     {fmt(coll, 'dot')} 07:45", font_key="mono", size=9)
    sh.add(f"Eingang:      {fmt(recv, 'dot')} 10:12", font_key="mono", size=9)
    sh.add(f"Befunddatum:  {fmt(d, 'dot')}", font_key="mono", size=9)
    sh.add("Parameter          Ergebnis   Einheit   Referenz", font_key="monob", size=9, gap=18)
    for row in ["Natrium            139        mmol/l    135 - 145", "Kalium             5,6  +     mmol/l    3,5 - 5,1",
                "Kreatinin          1,42 +     mg/dl     0,50 - 1,10", "eGFR (CKD-EPI)     48   -     ml/min    > 60",
                "HbA1c              7,9  +     %         < 6,5", "TSH                1,84       mU/l      0,27 - 4,20"]:  # fmt: skip
        sh.add(row, font_key="mono", size=9)
    sh.add(
        "Validiert: Dr. rer. nat. Claudia Eckstein, Fachärztin für Laboratoriumsmedizin",
        font_key="mono",
        size=8,
        gap=20,
    )
    return Draft(
        "lab report", [sh], name, alts, "LABORBEFUND - Endbefund", ["Laborbefund", "Endbefund"], nm,
        f"{p.given} {p.surname}", True, d,
        other_dates=[{"date": coll.isoformat(), "role": "collection"}, {"date": recv.isoformat(), "role": "receipt at lab"}],
        notes=["collection and receipt dates before the report date", "surname in capitals first"],
        fax_number=fax, fax_name=alts[0], fax_style=fstyle,
    )  # fmt: skip


def t_radiology(rng: random.Random, p: Person, prac: int, d: dt.date) -> Draft:
    name, alts, street, city, _phone, fax, fstyle = rng.choice(world.RADIOLOGY)
    sh = Sheet()
    head_block(
        sh,
        rng,
        [
            name,
            "Dr. med. Jörg Wappler · Dr. med. Ines Lohse",
            "Fachärzte für Radiologie",
            f"{street}, {city}",
        ],
        "c",
    )
    window(sh, f"{name} – {street} – {city}", prac, rng)
    exam = d - dt.timedelta(days=rng.randint(0, 2))
    study = rng.choice(
        [
            "MRT der LWS nativ",
            "CT Thorax mit KM",
            "Röntgen Thorax in 2 Ebenen",
            "Sonographie Abdomen",
        ]
    )
    nm = name_form(rng, p, ["sal", "plain"])
    sh.add(f"{fmt(d, 'long')}", align="r")
    sh.add(f"Patient/in: {nm}", gap=16)
    bd = rng.random() < 0.7
    if bd:
        sh.add(f"Geburtsdatum: {fmt(p.dob, 'dot')}")
    sh.add(f"Untersuchung: {study} am {fmt(exam, 'dot')}")
    sh.add("Befund:", font_key="sansb", gap=16)
    sh.para(
        "Regelrechte Darstellung ohne Nachweis frischer ossärer Läsionen. Degenerative Veränderungen altersentsprechend. Kein Hinweis auf Raumforderung."
    )
    sh.add("Beurteilung:", font_key="sansb", gap=14)
    sh.para("Kein akuter pathologischer Befund. Befundkontrolle nur bei klinischer Indikation.")
    closing(sh, rng, "Dr. med. Ines Lohse", "Mit kollegialen Grüßen")
    return Draft(
        "radiology report", [sh], name, alts, study, ["Befund"], nm, f"{p.given} {p.surname}", bd, d,
        other_dates=[{"date": exam.isoformat(), "role": "examination"}],
        notes=["title is the study, letter date written out"], fax_number=fax, fax_name=alts[0], fax_style=fstyle,
    )  # fmt: skip


def t_authority(rng: random.Random, p: Person, prac: int, d: dt.date) -> Draft:
    kind = rng.choice(["drv", "aok", "las", "ga"])
    sh = Sheet()
    if kind == "drv":
        name = "Deutsche Rentenversicherung Mitteldeutschland"
        alts = ["DRV Mitteldeutschland", "Deutsche Rentenversicherung"]
        addr, fax, title = (
            "Georg-Schumann-Straße 146, 04159 Leipzig",
            "0341 550-3399",
            "Anforderung eines Befundberichtes",
        )
        ref = f"Versicherungsnummer: 12 {p.dob.strftime('%d%m%y')} {p.surname[0].upper()} 50{rng.randint(1, 9)}"
    elif kind == "aok":
        name = "AOK Sachsen-Anhalt"
        alts = ["AOK Sachsen-Anhalt – Die Gesundheitskasse", "AOK"]
        addr, fax, title = (
            "Lüneburger Straße 4, 39106 Magdeburg",
            "0391 2878-44680",
            "Anfrage zur Arbeitsunfähigkeit",
        )
        ref = f"Versichertennummer: R{rng.randint(100000000, 999999999)}"
    elif kind == "las":
        name = "Landesamt für Soziales Sachsen-Anhalt"
        alts = ["Landesamt für Soziales", "LAS Sachsen-Anhalt"]
        addr, fax, title = (
            "Neustädter Passage 15, 06122 Halle (Saale)",
            "0345 6912-1299",
            "Feststellung nach dem SGB IX – Befundanforderung",
        )
        ref = f"Aktenzeichen: 31-{rng.randint(10000, 99999)}/25"
    else:
        name = "Landkreis Harz – Gesundheitsamt"
        alts = ["Gesundheitsamt Landkreis Harz", "Gesundheitsamt"]
        addr, fax, title = (
            "Friedrich-Ebert-Straße 42, 38820 Halberstadt",
            "03941 5970-4399",
            "Umgebungsuntersuchung nach § 25 IfSG",
        )
        ref = f"Unser Zeichen: 53.{rng.randint(1, 9)}-TB-{rng.randint(100, 999)}"
    sh.add(name, font_key="sansb", size=12, align="r")
    sh.add(addr, size=8, align="r")
    window(sh, f"{name}, {addr}", prac, rng)
    sh.add(ref, size=8.5)
    sh.add(f"Datum: {fmt(d, 'dot')}", size=8.5)
    sh.add(title, font_key="sansb", size=10.5, gap=20)
    nm = name_form(rng, p, ["sal", "plain"])
    sh.add(
        f"Versicherte/r: {nm}, geb. {fmt(p.dob, 'dot')}"
        if kind != "ga"
        else f"Betroffene Person: {nm}, geb. {fmt(p.dob, 'dot')}"
    )
    deadline = d + dt.timedelta(days=21)
    others: list[dict[str, str]] = [{"date": deadline.isoformat(), "role": "reply deadline"}]
    people: list[dict[str, str]] = []
    if kind == "ga":
        contact = rng.choice(["Heike Brettschneider", "Ronny Pabst"])
        cdob = dt.date(1988, 2, 14) + dt.timedelta(days=rng.randint(0, 900))
        sh.add(f"Kontaktperson (Indexfall): {contact}, geb. {fmt(cdob, 'dot')}")
        others.append({"date": cdob.isoformat(), "role": "relative's birth date"})
        people.append({"name": contact, "role": "index case"})
    sh.add("Sehr geehrte Damen und Herren,", gap=18)
    sh.para(
        f"wir bitten Sie, uns bis zum {fmt(deadline, 'dot')} den beigefügten Vordruck ausgefüllt zurückzusenden. Die Kosten werden nach dem JVEG erstattet. Bitte geben Sie stets unser Zeichen an."
    )
    closing(sh, rng, "Im Auftrag", "Mit freundlichen Grüßen")
    sh.add(rng.choice(["Kathrin Wunderlich", "Matthias Reiche", "Doreen Hänsel"]))
    return Draft(
        f"authority letter ({kind})", [sh], name, alts, title, [], nm, f"{p.given} {p.surname}", True, d,
        other_dates=others, other_people=people, notes=["reply deadline after the letter date", "recipient block names a doctor"],
        fax_number=fax, fax_name=alts[0], fax_style=rng.choice(["de", "iso"]),
    )  # fmt: skip


def t_care(rng: random.Random, p: Person, prac: int, d: dt.date) -> Draft:
    kind = rng.choice(["pflege", "apotheke", "physio"])
    sh = Sheet()
    if kind == "pflege":
        name, fax = "Ambulanter Pflegedienst Sonnenschein Wittenberg GmbH", "03491 41 22 19"
        alts, title = ["Pflegedienst Sonnenschein"], "Bitte um Verordnung häuslicher Krankenpflege"
    elif kind == "apotheke":
        name, fax = "Mohren-Apotheke Halberstadt", "03941 44 10 11"
        alts, title = ["Mohren-Apotheke", "Apotheke am Fischmarkt"], "RÜCKFRAGE ZUR VERORDNUNG"
    else:
        name, fax = "Physiotherapie Elbaue Schönebeck", "03928 7 61 20"
        alts, title = ["Physiotherapie Elbaue"], "Therapiebericht"
    sh.add(name, font_key="serifb", size=12)
    sh.add(f"Fax: {fax}", font_key="serif", size=8)
    window(sh, name, prac, rng)
    sh.add(title, font_key="serifb", size=11)
    nm = name_form(rng, p, ["comma", "plain", "sal"])
    bd = rng.random() < 0.6
    sh.add(f"Patient: {nm}" + (f" (* {fmt(p.dob, 'dot')})" if bd else ""), font_key="serif", gap=16)
    start = d + dt.timedelta(days=rng.randint(1, 5))
    sh.para(
        f"Wir bitten um Ausstellung einer Verordnung ab dem {fmt(start, 'dot')}. Die Versorgung umfasst Medikamentengabe und Kompressionsstrümpfe.",
        font_key="serif",
    )
    sh.add(
        f"{world.HOSPITALS[8][3].split(' ', 1)[1] if kind == 'pflege' else 'i. A.'}, {fmt(d, 'dot')}",
        font_key="serif",
        gap=22,
    )
    sh.add("Pflegedienstleitung M. Zabel" if kind == "pflege" else "S. Hentrich", font_key="serif")
    return Draft(
        f"care service ({kind})", [sh], name, alts, title, [], nm, f"{p.given} {p.surname}", bd, d,
        other_dates=[{"date": start.isoformat(), "role": "requested start"}], notes=["date only at the end"],
        fax_number=fax, fax_name=alts[0], fax_style="mon",
    )  # fmt: skip


def t_email(rng: random.Random, p: Person, prac: int, d: dt.date) -> Draft:
    sh = Sheet()
    sender = "Sozialdienst Universitätsklinikum Halle (Saale)"
    sh.add("Von:      Sozialdienst UKH <sozialdienst@uk-halle.example>", font_key="mono", size=8.5)
    wd = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"][
        d.weekday()
    ]
    sh.add(f"Gesendet: {wd}, {fmt(d, 'long')} 11:02", font_key="mono", size=8.5)
    prn = world.PRACTICES[prac]["names"][1]  # type: ignore[index]
    sh.add(f"An:       {prn}", font_key="mono", size=8.5)
    subj = "Überleitung in die Kurzzeitpflege"
    sh.add(f"Betreff:  {subj}", font_key="mono", size=8.5)
    nm = name_form(rng, p, ["plain", "comma"])
    sh.add("Sehr geehrte Damen und Herren,", gap=22)
    bd = rng.random() < 0.5
    born = f" (geb. {fmt(p.dob, 'dot')})" if bd else ""
    sh.para(
        f"für {nm}{born} wurde ein Platz in der Kurzzeitpflege organisiert. Wir bitten um Übersendung des aktuellen Medikamentenplans."
    )
    sh.add("Mit freundlichen Grüßen", gap=16)
    sh.add("Claudia Hemmerling")
    sh.add(sender, size=8.5)
    return Draft(
        "e-mail printout", [sh], sender, ["Sozialdienst UKH", "Universitätsklinikum Halle (Saale)"], subj,
        [f"Betreff: {subj}"], nm, f"{p.given} {p.surname}", bd, d,
        notes=["receiving practice on the An: line", "date with weekday in the mail header"],
        fax_number="0345 557-2236", fax_name="UKH Sozialdienst", fax_style="de",
    )  # fmt: skip


def t_hand(rng: random.Random, p: Person, prac: int, d: dt.date) -> Draft:
    sh = Sheet(jitter=random.Random(rng.randint(0, 10**6)))
    key = rng.choice(["hand", "hand2"])
    dated = rng.random() < 0.6
    writer = rng.choice([("Tochter", "Kerstin"), ("Sohn", "Mirko"), ("Ehefrau", "Gisela")])
    if dated:
        sh.add(f"{fmt(d, rng.choice(['dots', 'yy']))}", font_key=key, size=14, align="r", gap=30)
    sh.add(
        "Liebe Frau Doktor," if prac != 1 else "Lieber Herr Doktor,", font_key=key, size=15, gap=40
    )
    nm = f"{p.given} {p.surname}"
    sh.add(f"meine Mutter/mein Vater {nm}", font_key=key, size=15, gap=26)
    sh.add("braucht bitte wieder das Rezept für", font_key=key, size=15, gap=26)
    sh.add("die Tabletten (Ramipril + Metformin).", font_key=key, size=15, gap=26)
    sh.add("Ich hole es am Freitag ab.", font_key=key, size=15, gap=26)
    sh.add("Vielen Dank!", font_key=key, size=15, gap=34)
    signer = f"{writer[1]} {p.surname}"
    sh.add(signer, font_key=key, size=15, gap=30)
    return Draft(
        "handwritten note", [sh], signer, [writer[1]], None, [], nm, nm, False, d if dated else None,
        other_people=[{"name": signer, "role": "relative (" + writer[0] + ")"}],
        notes=["handwritten, no PDF", "undated" if not dated else "date top right only"], handwritten=True,
        fax_number="0391 5567812", fax_name="", fax_style="mon",
    )  # fmt: skip


def t_reha(rng: random.Random, p: Person, prac: int, d: dt.date) -> Draft:
    name = rng.choice(
        [
            "Reha-Zentrum Bad Schmiedeberg – Klinik Dübener Heide",
            "Teufelsbad Fachklinik Blankenburg",
        ]
    )
    sh = Sheet()
    head_block(
        sh,
        rng,
        [
            name,
            "Rehabilitationsklinik für Orthopädie und Rheumatologie",
            "Chefarzt Dr. med. Lothar Semmler",
        ],
        "l",
    )
    window(sh, name, prac, rng)
    adm = d - dt.timedelta(days=rng.randint(24, 30))
    dis = d - dt.timedelta(days=rng.randint(1, 3))
    sh.add("Ärztlicher Entlassungsbericht – Kurzbrief", font_key="sansb", size=11)
    sh.add(f"Rehabilitand/in: {p.title + ' ' if p.title else ''}{p.given} {p.surname}", gap=16)
    nm = f"{p.title + ' ' if p.title else ''}{p.given} {p.surname}"
    sh.add(f"geboren am: {fmt(p.dob, 'long')}")
    sh.add(f"Maßnahme vom {fmt(adm, 'dot')} bis {fmt(dis, 'dot')}")
    sh.add("Kostenträger: Deutsche Rentenversicherung Mitteldeutschland", size=8.5)
    sh.para(
        "Die Rehabilitation verlief komplikationslos. Die Leistungsfähigkeit im letzten Beruf beträgt sechs Stunden und mehr.",
        gap=16,
    )
    sh.add(
        f"Bad Schmiedeberg, den {fmt(d, 'dot')}"
        if "Schmiedeberg" in name
        else f"Blankenburg (Harz), {fmt(d, 'dot')}",
        gap=18,
    )
    sh.add("Dr. med. Lothar Semmler", gap=26)
    return Draft(
        "rehabilitation discharge letter", [sh], name, [name.split(" – ")[0]], "Ärztlicher Entlassungsbericht – Kurzbrief",
        ["Ärztlicher Entlassungsbericht", "Kurzbrief"], nm, f"{p.given} {p.surname}", True, d,
        other_dates=[{"date": adm.isoformat(), "role": "admission"}, {"date": dis.isoformat(), "role": "discharge"}],
        notes=["payer DRV named in the body (not the sender)", "birth date written out"],
        fax_number="034925 6-2210", fax_name="Reha-Klinik", fax_style="iso",
    )  # fmt: skip


# ------------------------------------------------------------- abroad


def t_abroad(rng: random.Random, p: Person, prac: int, d: dt.date, lang: str) -> Draft:
    sh = Sheet()
    prl = world.practice_lines(prac)
    if lang == "pl":
        name, alts = "Uniwersytecki Szpital Kliniczny we Wrocławiu", ["USK Wrocław"]
        sh.add(name, font_key="serifb", size=12, align="c")
        sh.add(
            "Klinika Kardiologii · ul. Borowska 213 · 50-556 Wrocław",
            font_key="serif",
            size=8,
            align="c",
        )
        sh.add(f"Wrocław, dnia {fmt(d, 'dot')} r.", align="r", gap=20)
        title = "KARTA INFORMACYJNA LECZENIA SZPITALNEGO"
        sh.add(title, font_key="serifb", size=11, align="c", gap=18)
        nm = f"{p.given} {p.surname}"
        sh.add(f"Pacjent: {nm}", gap=16)
        sh.add(f"Data urodzenia: {fmt(p.dob, 'dot')}")
        adm = d - dt.timedelta(days=5)
        sh.add(f"Data przyjęcia: {fmt(adm, 'dot')}   Data wypisu: {fmt(d, 'dot')}")
        sh.add("Do: " + prl[0], size=8.5)
        sh.para(
            "Rozpoznanie: Migotanie przedsionków napadowe (I48.0). Zalecenia: kontrola u lekarza rodzinnego.",
            gap=16,
        )
        sh.add("dr n. med. Paweł Grabowski", gap=26)
        others = [
            {"date": adm.isoformat(), "role": "admission"},
            {"date": d.isoformat(), "role": "discharge"},
        ]
        region, fax, bd = "PL", "+48 71 733 11 90", True
    elif lang == "cs":
        name, alts = "Fakultní nemocnice Hradec Králové", ["FN Hradec Králové"]
        sh.add(name, font_key="sansb", size=12)
        sh.add("Interní klinika · Sokolská 581 · 500 05 Hradec Králové", size=8)
        title = "Propouštěcí zpráva"
        sh.add(title, font_key="sansb", size=11, gap=22)
        nm = f"{p.surname.upper()} {p.given}"
        sh.add(f"Pacient: {nm}, nar. {fmt(p.dob, 'cz')}", gap=14)
        adm = d - dt.timedelta(days=4)
        sh.add(f"Hospitalizace: {fmt(adm, 'cz')} – {fmt(d, 'cz')}")
        sh.add(f"Adresát: {prl[0]}", size=8.5)
        sh.para(
            "Diagnóza: Pneumonie pravostranná. Doporučení: kontrola u praktického lékaře do 14 dnů.",
            gap=14,
        )
        sh.add(f"V Hradci Králové dne {fmt(d, 'czlong')}", gap=18)
        sh.add("MUDr. Petra Horáková", gap=22)
        others = [{"date": adm.isoformat(), "role": "admission"}]
        region, fax, bd = "CZ", "+420 495 832 001", True
    elif lang == "en":
        name, alts = "Royal Infirmary of Edinburgh", ["NHS Lothian", "Royal Infirmary"]
        sh.add("NHS Lothian", font_key="sansb", size=10, align="r")
        sh.add(name, font_key="sansb", size=12, align="r")
        sh.add("51 Little France Crescent, Edinburgh EH16 4SA", size=8, align="r")
        sh.add(fmt(d, "en"), gap=24)
        sh.add("Dear Doctor,", gap=16)
        title = "DISCHARGE SUMMARY"
        sh.add(title, font_key="sansb", gap=14)
        nm = f"{'Mr' if p.sex == 'm' else 'Mrs'} {p.given} {p.surname.upper()}"
        sh.add(f"Re: {nm}, DOB {fmt(p.dob, 'gb')}")
        adm = d - dt.timedelta(days=3)
        sh.para(
            f"This patient, visiting from Germany, was admitted on {fmt(adm, 'gb')} with a distal radius fracture after a fall and was treated conservatively in a cast."
        )
        sh.add(f"cc: {prl[0]}", size=8.5)
        sh.add("Yours sincerely,", gap=16)
        sh.add("Dr Fiona MacLeod, Consultant in Emergency Medicine", gap=24)
        others = [{"date": adm.isoformat(), "role": "admission"}]
        region, fax, bd = "GB", "+44 131 242 1001", True
    elif lang == "nl":
        name, alts = "Maastricht UMC+", ["Maastricht Universitair Medisch Centrum+"]
        sh.add(name, font_key="sansb", size=13)
        sh.add("P. Debyelaan 25 · 6229 HX Maastricht", size=8)
        sh.add(f"Maastricht, {fmt(d, 'nl')}", align="r", gap=24)
        title = "Ontslagbrief"
        sh.add(f"Betreft: {title}", font_key="sansb", gap=14)
        nm = f"{'dhr.' if p.sex == 'm' else 'mevr.'} {p.given} {p.surname}"
        sh.add(f"Patiënt: {nm}")
        sh.add(f"Geboortedatum: {fmt(p.dob, 'nldash')}")
        sh.add(f"Aan: {prl[0]}", size=8.5)
        sh.add("Geachte collega,", gap=16)
        sh.para(
            "Uw patiënt werd tijdens een vakantie opgenomen wegens een nierkoliek links en is in goede conditie ontslagen."
        )
        sh.add("Met collegiale groet,", gap=16)
        sh.add("dr. M. Janssen, uroloog", gap=22)
        others = []
        region, fax, bd = "NL", "+31 43 387 6543", True
    else:  # uk (Ukrainian)
        name, alts = (
            "КНП «Харківська міська клінічна лікарня № 8»",
            ["Харківська міська клінічна лікарня № 8"],
        )
        sh.add(name, font_key="serifb", size=11, align="c")
        sh.add("м. Харків, вул. Мироносицька, 1", font_key="serif", size=8, align="c")
        title = "Виписка із медичної карти стаціонарного хворого"
        sh.add(title, font_key="serifb", size=11, gap=22)
        cyr_s, cyr_g = UA_CYR.get(p.surname, p.surname), UA_CYR.get(p.given, p.given)
        nm = f"{cyr_s} {cyr_g}"
        sh.add(f"П.І.Б.: {nm}", font_key="serif", gap=14)
        sh.add(f"Дата народження: {fmt(p.dob, 'dot')}", font_key="serif")
        adm = d - dt.timedelta(days=9)
        sh.add(
            f"Перебував(ла) на лікуванні з {fmt(adm, 'dot')} по {fmt(d, 'dot')}", font_key="serif"
        )
        sh.para(
            "Діагноз: Гіпертонічна хвороба II ст. Рекомендовано спостереження сімейного лікаря.",
            font_key="serif",
        )
        sh.add(f"Дата: {fmt(d, 'dot')}", font_key="serif", gap=16)
        sh.add("Лікар: Петренко О. В.", font_key="serif", gap=20)
        others = [{"date": adm.isoformat(), "role": "admission"}]
        region, fax, bd = "UA", "+380 57 725 1008", True
        return Draft(
            "foreign hospital letter (uk)", [sh], name, alts, title, [], nm, f"{cyr_g} {cyr_s}", bd, d,
            language="uk", region=region, other_dates=others,
            notes=["Cyrillic script, surname first", "brought along by the patient, faxed on"],
            fax_number=fax, fax_name="KhMKL8", fax_style="en",
        )  # fmt: skip
    given_letter = nm.split(" ")
    del given_letter
    return Draft(
        f"foreign hospital letter ({lang})", [sh], name, alts, title, [title.title()] if title.isupper() else [], nm, f"{p.given} {p.surname}", bd, d,
        language=lang, region=region, other_dates=others, notes=["foreign date and name conventions"],
        fax_number=fax, fax_name=alts[0], fax_style="en",
    )  # fmt: skip


TEMPLATES = ["hospital", "specialist", "lab", "radiology", "authority", "care", "email", "hand",
             "reha", "pl", "cs", "en", "nl", "uk", "hospital", "authority"]  # fmt: skip
# ---------------------------------------------------------------- letters


def fax_header(style: str, sent: dt.datetime, number: str, name: str, n: int, total: int) -> str:
    if style == "iso":
        return f"{sent:%Y-%m-%d %H:%M}  FAX {number}  {name}  S. {n}/{total}"
    if style == "mon":
        mon = world.MONTHS_DE_ABBR[sent.month - 1]
        return f"{sent.day:02d}-{mon}-{sent.year} {sent:%H:%M}  VON: {number}   {name}   S.{n:03d}/{total:03d}"
    if style == "en":
        mon = world.MONTHS_EN[sent.month - 1][:3]
        ampm = sent.strftime("%I:%M%p")
        return f"{mon}-{sent.day:02d}-{sent.year} {ampm} FROM: {number}  P.{n}/{total}"
    return f"{sent:%d.%m.%Y %H:%M}  {number}  {name}  Seite {n} von {total}"


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    draft: Draft
    person: Person
    practice: int
    fax_sent: dt.datetime
    cover: bool
    fine: bool
    stamp: dt.date | None

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.draft.handwritten else ["pdf", "scan200", "fax"]

    def _stamp_lines(self) -> list[Line]:
        if self.stamp is None:
            return []
        prn = str(world.PRACTICES[self.practice]["names"][1])  # type: ignore[index]
        mon = world.MONTHS_DE_ABBR[self.stamp.month - 1]
        return render.stamp_lines(
            prn, f"{self.stamp.day:02d}. {mon}. {self.stamp.year}", 400.0, 26.0
        )

    def _cover_sheet(self) -> Sheet:
        sh = Sheet()
        sh.add("TELEFAX", font_key="sansb", size=20)
        sh.add(f"Von: {self.draft.sender}", gap=30)
        sh.add(f"Fax: {self.draft.fax_number}")
        prn = str(world.PRACTICES[self.practice]["names"][1])  # type: ignore[index]
        sh.add(f"An: {prn}", gap=18)
        sh.add(f"Fax: {world.PRACTICES[self.practice]['fax']}")
        sh.add(f"Datum: {fmt(self.fax_sent.date(), 'dot')}", gap=18)
        sh.add(f"Seiten inkl. Deckblatt: {len(self.draft.sheets) + 1}")
        sh.para(
            "Vertraulich: Diese Sendung enthält Patientendaten. Falls Sie nicht der richtige "
            "Empfänger sind, informieren Sie uns bitte und vernichten Sie die Unterlagen.",
            gap=30, size=8.5,
        )  # fmt: skip
        return sh

    def _fax_pages(self) -> list[tuple[str, Sheet, str]]:
        pages = [(f"p{i + 1}", sh) for i, sh in enumerate(self.draft.sheets)]
        if self.cover:
            pages.insert(0, ("cover", self._cover_sheet()))
        total = len(pages)
        out = []
        for n, (label, sh) in enumerate(pages, 1):
            head = fax_header(self.draft.fax_style, self.fax_sent, self.draft.fax_number,
                              self.draft.fax_name, n, total)  # fmt: skip
            out.append((label, sh, head))
        return out

    def render(self, condition: str) -> dict[str, bytes]:
        if condition == "pdf" and not self.draft.handwritten:
            return {"pdf/letter.pdf": render.pdf_bytes(self.draft.sheets, f"{self.id}")}
        if condition == "scan200":
            out = {}
            for i, sh in enumerate(self.draft.sheets):
                extra = self._stamp_lines() if i == 0 else []
                out[f"scan200/page-{i + 1:02d}.jpg"] = render.scan_jpeg(
                    sh, self.seed * 10 + i, extra
                )
            return out
        if condition == "fax":
            out = {}
            g4 = self.seed % 2 == 0
            for i, (_label, sh, head) in enumerate(self._fax_pages()):
                out[f"fax/page-{i + 1:02d}.tif"] = render.fax_tiff(sh.lines, head, self.fine, g4)
            return out
        raise ValueError(condition)

    def truth(self) -> dict[str, Any]:
        d = self.draft
        p = self.person
        reg = p.reg
        conds: dict[str, Any] = {}
        if not d.handwritten:
            conds["pdf"] = {"pages": [
                {"page": f"p{i + 1}", "file": "pdf/letter.pdf", "pdf_page": i + 1, "text": sh.text()}
                for i, sh in enumerate(d.sheets)
            ]}  # fmt: skip
        scan = []
        for i, sh in enumerate(d.sheets):
            extra = self._stamp_lines() if i == 0 else []
            txt = "\n".join([*(ln.text for ln in extra), *(ln.text for ln in sh.lines)])
            scan.append({"page": f"p{i + 1}", "file": f"scan200/page-{i + 1:02d}.jpg", "text": txt})
        conds["scan200"] = {"pages": scan}
        conds["fax"] = {"pages": [
            {"page": label, "file": f"fax/page-{i + 1:02d}.tif", "text": head + "\n" + sh.text()}
            for i, (label, sh, head) in enumerate(self._fax_pages())
        ]}  # fmt: skip
        full = f"{reg.given_names} {reg.surname}" if reg else f"{p.given} {p.surname}"
        return {
            "id": self.id, "split": self.split, "seed": self.seed, "layout": d.layout,
            "language": d.language, "region": d.region,
            "facts": {
                "patient": {
                    "full_name": full, "surname": reg.surname if reg else p.surname,
                    "given_names": reg.given_names if reg else p.given, "as_written": d.as_written,
                    "full_name_as_letter": d.name_as_letter, "register_id": reg.id if reg else None,
                },
                "birth_date": p.dob.isoformat() if d.birth_printed else None,
                "letter_date": d.letter_date.isoformat() if d.letter_date else None,
                "sender": d.sender, "sender_alternatives": d.sender_alts,
                "title": d.title, "title_alternatives": d.title_alts, "patient_id": d.patient_id,
                "other_dates": d.other_dates, "other_people": d.other_people,
            },
            "register": {"id": reg.id, "collision": reg.collision or None,
                         "collision_group": reg.collision_group or None} if reg else None,
            "notes": d.notes + (["letter uses the former surname"] if p.old_name else []),
            "handwritten": d.handwritten,
            "receipt_stamp": self.stamp.isoformat() if self.stamp else None,
            "fax": {"sent": self.fax_sent.strftime("%Y-%m-%dT%H:%M"), "cover_sheet": self.cover,
                    "number": d.fax_number, "resolution": "204x196" if self.fine else "204x98"},
            "conditions": conds,
        }  # fmt: skip


_REGISTER: list[register.Patient] = []


def _register() -> list[register.Patient]:
    if not _REGISTER:
        _REGISTER.extend(register.build())
    return _REGISTER


def _person(rng: random.Random, kind: str) -> Person:
    reg = _register()
    origin = {"pl": "PL", "cs": "CZ", "uk": "UA", "nl": "NL"}.get(kind)
    r = rng.random()
    if origin and r < 0.8:
        cands = [q for q in reg if q.origin == origin]
    elif r < 0.1 and kind != "hand":
        g, s, sex = rng.choice(OUTSIDERS)
        dob = dt.date(1940, 1, 1) + dt.timedelta(days=rng.randint(0, 20000))
        return Person(s, g, sex, dob, "", None)
    elif r < 0.5:
        cands = [q for q in reg if q.collision]
    elif r < 0.62:
        cands = [
            q
            for q in reg
            if q.origin in ("VN", "SY", "RU", "UA", "PL") or q.title or " " in q.surname
        ]
    else:
        cands = [q for q in reg if q.origin == "DE"]
    q = rng.choice(cands)
    surname, given = q.surname, q.given_names
    old = False
    if q.collision == "name-change" and rng.random() < 0.6:
        surname, old = q.former_names[0], True
    if q.origin == "VN" and rng.random() < 0.5:
        surname, given = VN_DIACRITICS.get(surname, surname), VN_DIACRITICS.get(given, given)
    return Person(surname, given, q.sex, q.birth_date, q.title, q, old)


def _make(split_name: str, idx: int, seed: int, kind: str) -> Letter:
    rng = random.Random(seed)
    p = _person(rng, kind)
    prac = rng.randrange(3)
    d = dt.date(2024, 9, 2) + dt.timedelta(days=rng.randint(0, 290))
    if d.weekday() >= 5:
        d -= dt.timedelta(days=d.weekday() - 4)
    fn = {"hospital": t_hospital, "specialist": t_specialist, "lab": t_lab, "radiology": t_radiology,
          "authority": t_authority, "care": t_care, "email": t_email, "hand": t_hand, "reha": t_reha}.get(kind)  # fmt: skip
    draft = fn(rng, p, prac, d) if fn else t_abroad(rng, p, prac, d, kind)
    sent = dt.datetime.combine(
        d + dt.timedelta(days=rng.randint(1, 6)), dt.time(rng.randint(7, 17), rng.randint(0, 59))
    )
    stamp = d + dt.timedelta(days=rng.randint(7, 12)) if rng.random() < 0.4 else None
    return Letter(f"{split_name}-{idx:03d}", split_name, seed, draft, p, prac, sent,
                  rng.random() < 0.34, rng.random() < 0.6, stamp)  # fmt: skip


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    rng = random.Random(seed)
    kinds: list[str] = []
    while len(kinds) < count:
        block = list(TEMPLATES)
        rng.shuffle(block)
        kinds.extend(block)
    return [_make(split_name, i + 1, seed * 1000 + i, kinds[i]) for i in range(count)]


def split(name: str) -> list[Letter]:
    if name not in SPLITS:
        raise ValueError(f"unknown split {name!r}")
    seed, count = SPLITS[name]
    return generate(count, seed, name)
