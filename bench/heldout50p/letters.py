"""Letters to three receiving practices in Baden-Württemberg, with exact truth."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

import pymupdf
from PIL import Image

from . import register
from .layout import Line, Page, Sheet, to_pdf
from .world import PRACTICES, fmt

SEEDS = {"test": 50_161, "examples": 50_616}
COUNTS = {"test": 40, "examples": 6}


def practice_names() -> list[dict[str, Any]]:
    keys = ("name", "names", "doctor", "address", "fax", "kind")
    return [{k: p[k] for k in keys} for p in PRACTICES]


@dataclass
class Subject:
    reg: register.Patient | None
    surname: str  # as this letter spells it
    given: str
    birth: date
    sex: str
    title: str = ""


@dataclass
class Ctx:
    rng: random.Random
    d: date
    practice: dict[str, Any]
    subj: Subject
    s: Sheet
    language: str = "de"
    region: str = "DE"
    sender: str = ""
    sender_alts: list[str] = field(default_factory=list)
    sender_short: str = ""
    sender_fax: str = ""
    title: str | None = None
    title_alts: list[str] = field(default_factory=list)
    as_written: str = ""
    birth_printed: bool = False
    letter_date_printed: bool = True
    patient_id: str | None = None
    other_dates: list[dict[str, str]] = field(default_factory=list)
    other_people: list[dict[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    handwritten: bool = False

    def mention(self, text: str) -> str:
        if not self.as_written and len(self.s.pages) == 1:
            self.as_written = text
        return text

    def other(self, d: date, role: str) -> date:
        self.other_dates.append({"date": d.isoformat(), "role": role})
        return d

    def before(self, lo: int, hi: int) -> date:
        return self.d - timedelta(days=self.rng.randint(lo, hi))

    def after(self, lo: int, hi: int) -> date:
        return self.d + timedelta(days=self.rng.randint(lo, hi))

    # Name spellings -------------------------------------------------------------------
    def anrede(self, dativ: bool = False) -> str:
        if self.subj.sex == "m":
            return "Herrn" if dativ else "Herr"
        return "Frau"

    def name(self, style: str) -> str:
        sj = self.subj
        t = f"{sj.title} " if sj.title else ""
        if style == "anrede":
            return f"{self.anrede()} {t}{sj.given} {sj.surname}"
        if style == "anrede_dat":
            return f"{self.anrede(True)} {t}{sj.given} {sj.surname}"
        if style == "comma":
            return f"{sj.surname}, {sj.given}"
        if style == "caps_comma":
            return f"{sj.surname.upper()}, {sj.given}"
        if style == "caps":
            return f"{sj.given} {sj.surname.upper()}"
        if style == "plain":
            return f"{sj.given} {sj.surname}"
        if style == "fr":
            return f"{'M.' if sj.sex == 'm' else 'Mme'} {sj.surname.upper()} {sj.given}"
        if style == "surname_first":
            return f"{sj.surname} {sj.given}"
        raise ValueError(style)

    def bd(self, style: str) -> str:
        self.birth_printed = True
        return fmt(self.subj.birth, style)


# ---------------------------------------------------------------------------------------
# Helpers shared by the layouts


def address_block(
    c: Ctx,
    x: float = 70.0,
    y: float = 150.0,
    prefix: str = "",
    size: float = 10.0,
    attn: bool = False,
) -> None:
    s = c.s
    s.y = y
    p = c.practice
    if prefix:
        s.add(prefix, x, size=size)
    for ln in p["block"]:
        s.add(ln, x, size=size)
    s.add(("z. Hd. " if attn else "") + p["doctor"], x, size=size)
    s.add(p["street"], x, size=size)
    s.add(p["city"], x, size=size)


def sender_line(c: Ctx, text: str, y: float = 138.0, x: float = 70.0) -> None:
    c.s.add(text, x, "sans", 6.5, y=y, advance=False)


def closing(c: Ctx, doctors: list[str], greet: str = "Mit freundlichen kollegialen Grüßen") -> None:
    s = c.s
    s.gap(8)
    s.add(greet)
    s.gap(22)
    y = s.y
    for i, d in enumerate(doctors):
        s.add(d, 70 + i * 200, y=y, advance=False)
    s.y = y + 14


def maybe_relative(c: Ctx, german: bool = True) -> str:
    rel = c.rng.choice(["Tochter", "Sohn", "Ehefrau", "Ehemann", "Enkelin"])
    given = c.rng.choice(["Sabine", "Andrea", "Markus", "Stefan", "Lena", "Ingrid", "Peter"])
    name = f"{given} {c.subj.surname}"
    c.other_people.append({"name": name, "role": rel if german else f"relative ({rel})"})
    return f"{rel} {name}" if german else name


def maybe_address(c: Ctx, x: float | None = None, label: str = "Anschrift:") -> None:
    reg = c.subj.reg
    if reg is None:
        return
    if reg.collision_group == "G1" or c.rng.random() < 0.25:
        if reg.collision_group == "G1":
            c.notes.append("same name and birth date in the register: only the address tells")
        c.s.add(f"{label} {reg.street}, {reg.postcode} {reg.city}".strip(), x)


def body(c: Ctx, sentences: list[str]) -> None:
    for sent in sentences:
        c.s.para(sent)
        c.s.gap(4)


DIAG = [
    "Koronare Herzkrankheit, 2-Gefäßerkrankung (I25.12)",
    "Ambulant erworbene Pneumonie rechts basal (J18.9)",
    "Diabetes mellitus Typ 2, insulinpflichtig (E11.90)",
    "Lumbale Spinalkanalstenose L4/5 (M48.06)",
    "Vorhofflimmern, paroxysmal (I48.0)",
    "Cholezystolithiasis mit akuter Cholezystitis (K80.00)",
    "Depressive Episode, mittelgradig (F32.1)",
    "Gonarthrose rechts (M17.1)",
    "Chronische Niereninsuffizienz Stadium G3a (N18.3)",
]
MEDS = [
    "Ramipril 5 mg 1-0-0",
    "Bisoprolol 2,5 mg 1-0-0",
    "Metformin 1000 mg 1-0-1",
    "Apixaban 5 mg 1-0-1",
    "Atorvastatin 40 mg 0-0-1",
    "Pantoprazol 20 mg 1-0-0",
    "Torasemid 10 mg 1-0-0",
    "Sertralin 50 mg 1-0-0",
    "Metamizol 500 mg bei Bedarf",
]


# ---------------------------------------------------------------------------------------
# Layouts

HOSPITALS = [
    (
        "Universitätsklinikum Freiburg",
        "Klinik für Innere Medizin III – Kardiologie und Angiologie",
        "Hugstetter Straße 55, 79106 Freiburg",
        "0761 270-34010",
        "UKF",
    ),
    (
        "Universitätsklinikum Tübingen",
        "Medizinische Klinik, Abteilung für Diabetologie",
        "Otfried-Müller-Straße 10, 72076 Tübingen",
        "07071 29-84021",
        "UKT",
    ),
    (
        "Universitätsklinikum Heidelberg",
        "Chirurgische Klinik",
        "Im Neuenheimer Feld 420, 69120 Heidelberg",
        "06221 56-6110",
        "UKHD",
    ),
    (
        "Universitätsklinikum Ulm",
        "Klinik für Innere Medizin II",
        "Albert-Einstein-Allee 23, 89081 Ulm",
        "0731 500-44501",
        "UKU",
    ),
    (
        "Schwarzwald-Baar Klinikum Villingen-Schwenningen",
        "Klinik für Pneumologie",
        "Klinikstraße 11, 78052 Villingen-Schwenningen",
        "07721 93-1009",
        "SBK",
    ),
    (
        "Ortenau Klinikum Offenburg-Kehl",
        "Klinik für Allgemein- und Viszeralchirurgie",
        "Ebertplatz 12, 77654 Offenburg",
        "0781 472-2109",
        "Ortenau Klinikum",
    ),
    (
        "Kreiskliniken Lörrach",
        "Medizinische Klinik",
        "Spitalstraße 25, 79539 Lörrach",
        "07621 416-8102",
        "Kreiskliniken Lörrach",
    ),
    (
        "Klinikum Stuttgart – Krankenhaus Bad Cannstatt",
        "Klinik für Geriatrie",
        "Prießnitzweg 24, 70374 Stuttgart",
        "0711 278-62209",
        "Klinikum Stuttgart",
    ),
    (
        "Hegau-Bodensee-Klinikum Singen",
        "Klinik für Neurologie",
        "Virchowstraße 10, 78224 Singen (Hohentwiel)",
        "07731 89-2609",
        "HBK Singen",
    ),
]


def lay_hospital(c: Ctx) -> str:
    rng, s = c.rng, c.s
    name, dept, addr, fax, short = rng.choice(HOSPITALS)
    c.sender, c.sender_alts, c.sender_short, c.sender_fax = name, [dept, short], short, fax
    head_style = rng.choice(["left", "center", "right"])
    s.y = 58
    s.add(
        name,
        align=head_style if head_style != "left" else "left",
        font_key="sansb",
        size=14,
        x=None if head_style != "right" else 528,
    )
    s.add(dept, align=head_style, size=9, x=None if head_style != "right" else 528)
    sender_line(c, f"{name} · {addr}")
    address_block(c, attn=rng.random() < 0.5)
    # info block beside the address
    adm = c.other(c.before(8, 25), "Aufnahme")
    dis = c.other(c.d - timedelta(days=rng.randint(0, 3)), "Entlassung")
    s.y = 150
    xs = 350
    rows = [
        ("Ärztl. Direktor:", rng.choice(["Prof. Dr. D. Westermann", "Prof. Dr. M. Ruf"])),
        ("Station:", rng.choice(["Station 3b", "Wolff-Station", "ITS 2", "Station Hiss"])),
        ("Telefax:", fax),
        ("Datum:", fmt(c.d, rng.choice(["de", "de_short"]))),
    ]
    if rng.random() < 0.4:
        c.patient_id = c.subj.reg.id if c.subj.reg else None
        if c.patient_id:
            rows.insert(0, ("Ihr Zeichen:", f"Pat.-Nr. {c.patient_id}"))
    for k, v in rows:
        s.kv(k, v, xs, xs + 75, size=8.5)
    s.y = 250
    kind = rng.choice(
        ["Entlassungsbrief", "Vorläufiger Arztbrief", "ARZTBRIEF", "Kurzarztbrief", "Epikrise"]
    )
    c.title = kind
    s.add(kind, font_key="sansb", size=12)
    s.gap(4)
    pat = c.mention(c.name(rng.choice(["anrede_dat", "caps_comma", "anrede_dat"])))
    bstyle = rng.choice(["de", "de_short", "de_long"])
    reg = c.subj.reg
    if reg and reg.birth_name and reg.birth_name != c.subj.surname:
        c.notes.append(f"the birth name (geb. {reg.birth_name}) follows the name")
        pat = f"{pat} geb. {reg.birth_name}"
        s.para(f"Patientin: {pat}, * {c.bd(bstyle)}")
    else:
        s.para(f"Patient{'in' if c.subj.sex == 'f' else ''}: {pat}, geb. {c.bd(bstyle)}")
    maybe_address(c)
    s.add(f"stationärer Aufenthalt vom {fmt(adm, 'de')} bis {fmt(dis, 'de')}")
    s.gap(6)
    s.add("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,")
    s.gap(4)
    pr = "Ihre Patientin" if c.subj.sex == "f" else "Ihren Patienten"
    body(
        c,
        [
            f"wir berichten über {pr}, die/der sich in unserer stationären Behandlung befand.",
            "Diagnosen:",
        ],
    )
    for dg in rng.sample(DIAG, 3):
        s.add(f"– {dg}", 80)
    s.gap(6)
    two_pages = rng.random() < 0.75
    body(
        c,
        [
            "Anamnese: Aufnahme über die Notaufnahme mit zunehmender Belastungsdyspnoe und "
            "thorakalem Druckgefühl. Keine Synkopen. Die Medikation wurde wie unten "
            "angegeben umgestellt."
        ],
    )
    if two_pages:
        c.notes.append("two pages with a running header naming the patient")
        s.new_page(60)
        s.add(
            f"{c.name('comma')}, geb. {fmt(c.subj.birth, bstyle)} – Seite 2 von 2", size=8, grey=0.2
        )
        s.rule(y=68)
        s.gap(10)
    s.add("Medikation bei Entlassung:", font_key="sansb")
    for m in rng.sample(MEDS, 4):
        s.add(m, 80)
    s.gap(6)
    ctrl = c.other(c.after(20, 60), "Wiedervorstellung")
    body(
        c,
        [
            f"Wir bitten um Wiedervorstellung in unserer Ambulanz am {fmt(ctrl, 'de')}. "
            "Für Rückfragen stehen wir gerne zur Verfügung."
        ],
    )
    closing(c, ["Prof. Dr. med. T. Wenger", "Dr. med. L. Bührer, Assistenzärztin"])
    return "hospital discharge letter"


REHA = [
    (
        "Rehaklinik Glotterbad",
        "Fachklinik für Psychosomatik",
        "Glotterbad 1, 79286 Glottertal",
        "07684 809-199",
    ),
    (
        "Reha-Zentrum Bad Krozingen",
        "Klinik Lazariterhof, Orthopädie",
        "Herbert-Hellmann-Allee 40, 79189 Bad Krozingen",
        "07633 402-500",
    ),
    (
        "Kliniken am Bodensee Allensbach",
        "Neurologische Rehabilitation",
        "Zum Tafelholz 8, 78476 Allensbach",
        "07533 808-1111",
    ),
]


def lay_reha(c: Ctx) -> str:
    rng, s = c.rng, c.s
    name, dept, addr, fax = rng.choice(REHA)
    c.sender, c.sender_alts, c.sender_short, c.sender_fax = name.upper(), [name, dept], name, fax
    s.y = 55
    s.add(name.upper(), 70, "serifb", 15)
    s.add(f"{dept} · {addr}", 70, "serif", 8.5)
    s.rule(y=84)
    address_block(c, y=130, prefix="An")
    s.y = 230
    c.title = "Ärztlicher Entlassungsbericht"
    c.title_alts = ["Entlassungsbericht", "Reha-Entlassungsbericht"]
    s.add("Ärztlicher Entlassungsbericht – Medizinische Rehabilitation", font_key="serifb", size=12)
    c.title_alts.append("Ärztlicher Entlassungsbericht – Medizinische Rehabilitation")
    s.gap(4)
    adm = c.other(c.before(24, 40), "Aufnahme")
    dis = c.other(c.before(3, 12), "Entlassung")
    ddmmyy = c.subj.birth.strftime("%d%m%y")
    vsnr = f"{rng.randint(10, 65)} {ddmmyy} {c.subj.surname[0].upper()} {rng.randint(100, 999)}"
    c.notes.append("the DRV insurance number carries the birth date as DDMMYY (not a date to read)")
    rows = [
        ("Name, Vorname:", c.mention(c.name("caps_comma"))),
        ("Geburtsdatum:", c.bd("de")),
        ("Versicherungsnummer:", vsnr),
        ("Aufnahme / Entlassung:", f"{fmt(adm, 'de')} / {fmt(dis, 'de')}"),
        ("Kostenträger:", "Deutsche Rentenversicherung Baden-Württemberg"),
    ]
    for k, v in rows:
        s.kv(k, v, 70, 200, font_key="serif")
    s.gap(8)
    body(
        c,
        [
            "Die Rehabilitation erfolgte wegen einer chronischen Schmerzstörung mit "
            "somatischen und psychischen Faktoren. Unter multimodaler Therapie kam es zu einer "
            "deutlichen Besserung der Belastbarkeit.",
            "Leistungsbild: Die Rehabilitandin/der Rehabilitand ist für leichte bis "
            "mittelschwere Tätigkeiten sechs Stunden und mehr arbeitstäglich einsetzbar.",
            "Empfehlungen: Fortführung der Physiotherapie, IRENA-Nachsorge, "
            "Überprüfung der Medikation durch die Hausärztin.",
        ],
    )
    s.gap(10)
    place = name.split()[-1] if "Bad" not in name else "Bad Krozingen"
    s.add(f"{place}, den {fmt(c.d, rng.choice(['de', 'de_long']))}", font_key="serif")
    c.notes.append("the letter's date only at the end")
    closing(c, ["Dr. med. H. Gaiser, Chefarzt", "M. Ott, Oberärztin"], "Mit freundlichen Grüßen")
    return "rehabilitation discharge report, date at the end"


SPECIALISTS = [
    (
        "Kardiologische Gemeinschaftspraxis am Martinstor",
        "Dr. med. Ulrich Heitzmann",
        "Fachärzte für Innere Medizin und Kardiologie",
        "Kaiser-Joseph-Straße 240, 79098 Freiburg",
        "0761 38 77 12",
        "Freiburg",
        "Kardiologischer Befundbericht",
    ),
    (
        "Neurologie am Kursaal",
        "Dr. med. Agnes Dietsche",
        "Fachärztin für Neurologie",
        "Königsplatz 1, 70372 Stuttgart",
        "0711 56 12 90",
        "Stuttgart",
        "Neurologischer Befund",
    ),
    (
        "Orthopädie Hochrhein",
        "Dr. med. Jörg Kübler",
        "Facharzt für Orthopädie und Unfallchirurgie",
        "Bahnhofstraße 8, 79761 Waldshut-Tiengen",
        "07751 3311",
        "Waldshut-Tiengen",
        "Orthopädischer Befund",
    ),
    (
        "Praxis für Psychotherapie",
        "Dipl.-Psych. Miriam Laule",
        "Psychologische Psychotherapeutin",
        "Gartenstraße 3, 79822 Titisee-Neustadt",
        "07651 93 88 02",
        "Titisee-Neustadt",
        "Mitteilung über den Beginn einer Psychotherapie",
    ),
    (
        "Arbeitsmedizinisches Zentrum Neckar",
        "Dr. med. Rainer Walz",
        "Facharzt für Arbeitsmedizin",
        "Mercedesstraße 120, 70372 Stuttgart",
        "0711 17 40 55",
        "Stuttgart",
        "Ergebnis der arbeitsmedizinischen Vorsorge",
    ),
    (
        "Hautarztpraxis am Bodensee",
        "Dr. med. Clara Eberle",
        "Fachärztin für Dermatologie",
        "Marktstätte 20, 78462 Konstanz",
        "07531 2 11 44",
        "Konstanz",
        "Dermatologischer Befund",
    ),
]


def lay_specialist(c: Ctx) -> str:
    rng, s = c.rng, c.s
    org, doc, spec, addr, fax, city, kind = rng.choice(SPECIALISTS)
    c.sender, c.sender_alts, c.sender_short, c.sender_fax = org, [doc], org, fax
    s.y = 55
    s.add(org, align="right", font_key="dsansb", size=13)
    s.add(doc, align="right", font_key="dsans", size=9)
    s.add(spec, align="right", font_key="dsans", size=8)
    s.add(addr, align="right", font_key="dsans", size=8)
    s.add(f"Fax {fax}", align="right", font_key="dsans", size=8)
    s.font = "dsans"
    s.size = 9.5
    address_block(c, y=150, size=9.5)
    s.y = 235
    s.add(f"{city}, den {fmt(c.d, rng.choice(['de', 'de_long']))}", align="right")
    s.gap(10)
    exam = c.other(c.before(1, 10), "Untersuchung")
    lab = rng.choice(["Betr.:", "Betreff:", ""])
    pat = c.mention(c.name(rng.choice(["anrede", "plain", "comma"])))
    with_bd = rng.random() < 0.75
    bd = f", geb. {c.bd('de')}" if with_bd else ""
    if lab:
        s.add(f"{lab} {pat}{bd}", font_key="dsansb")
        s.add(f"{kind} vom {fmt(exam, 'de')}", font_key="dsansb")
        c.title = f"{kind} vom {fmt(exam, 'de')}"
        c.title_alts = [kind]
    else:
        s.add(kind.upper(), font_key="dsansb", size=11)
        c.title = kind.upper()
        c.title_alts = [kind]
        s.add(f"{pat}{bd} – Untersuchung am {fmt(exam, 'de')}")
    s.gap(8)
    s.add("Liebe Kollegin, lieber Kollege,")
    s.gap(4)
    if "Psychotherapie" in kind:
        sents = [
            "hiermit teile ich Ihnen mit, dass ich mit der oben genannten Person eine "
            "ambulante Verhaltenstherapie begonnen habe. Bitte übersenden Sie mir den "
            "Konsiliarbericht (Muster 22).",
            "Die Schweigepflichtentbindung liegt vor.",
        ]
    elif "arbeitsmed" in kind:
        sents = [
            "im Rahmen der arbeitsmedizinischen Vorsorge (Lärm, Bildschirmarbeit) fielen "
            "erhöhte Blutdruckwerte auf (158/96 mmHg). Wir bitten um hausärztliche "
            "Abklärung.",
            "Eine Bescheinigung über die Vorsorge wurde ausgehändigt.",
        ]
    else:
        sents = [
            "vielen Dank für die Überweisung. Die Vorstellung erfolgte wegen seit Wochen "
            "bestehender Beschwerden.",
            f"Beurteilung: {rng.choice(DIAG)}. Eine Kontrolle empfehlen wir in drei Monaten.",
            "Medikation: " + ", ".join(rng.sample(MEDS, 2)) + ".",
        ]
    if rng.random() < 0.35:
        rel = maybe_relative(c)
        sents.append(
            f"Die Vorstellung erfolgte in Begleitung der/des {rel}, die/der auch "
            "die Fremdanamnese ergänzte."
        )
        c.notes.append("a relative with the same surname is named in the text")
    body(c, sents)
    closing(c, [doc], rng.choice(["Mit freundlichen Grüßen", "Mit kollegialen Grüßen"]))
    return "specialist letter"


LABS = [
    ("MVZ Labor Dr. Brunner & Kollegen", "Wirthstraße 11, 79110 Freiburg", "0761 88 955-30"),
    ("Labor Stuttgart-Ost MVZ GmbH", "Neckarstraße 146, 70190 Stuttgart", "0711 28 38-700"),
    ("Labormedizin Bodensee-Oberschwaben", "Rudolfstraße 10, 88214 Ravensburg", "0751 35 17-99"),
]


def lay_lab(c: Ctx) -> str:
    rng, s = c.rng, c.s
    org, addr, fax = rng.choice(LABS)
    c.sender, c.sender_alts, c.sender_short, c.sender_fax = org, [], org, fax
    s.font, s.size = "narrow", 9
    s.y = 50
    s.add(org, font_key="narrowb", size=14)
    s.add(f"{addr} · Fax {fax} · Akkreditiert nach DIN EN ISO 15189", size=7.5)
    s.rule(y=76)
    address_block(c, y=110, size=9)
    c.title = "BEFUNDBERICHT"
    c.title_alts = ["Befundbericht", "Laborbefund"]
    coll = c.other(c.before(1, 3), "Probenentnahme")
    recv = c.other(c.before(0, 1) if c.before(0, 0) > coll else c.d, "Eingang im Labor")
    if recv < coll:
        recv = coll
        c.other_dates[-1]["date"] = recv.isoformat()
    s.y = 110
    rows = [
        ("Auftrags-Nr.:", f"{rng.randint(2500000, 2599999)}"),
        ("Entnahme:", f"{fmt(coll, 'de')} 07:45"),
        ("Eingang:", f"{fmt(recv, 'de')} 11:02"),
        ("Befunddatum:", f"{fmt(c.d, 'de')} 16:30"),
        ("Status:", rng.choice(["Endbefund", "Teilbefund"])),
    ]
    if c.subj.reg and rng.random() < 0.6:
        c.patient_id = c.subj.reg.id
        rows.insert(1, ("Ihre Pat.-Nr.:", c.patient_id))
    for k, v in rows:
        s.kv(k, v, 340, 410)
    s.y = 205
    s.add("BEFUNDBERICHT", font_key="narrowb", size=13)
    s.gap(2)
    pat = c.mention(c.name(rng.choice(["caps_comma", "comma"])))
    sx = "männlich" if c.subj.sex == "m" else "weiblich"
    s.kv("Patient:", f"{pat}   geb. {c.bd('de')}   {sx}", 70, 130)
    maybe_address(c, 130, "")
    s.rule()
    s.gap(4)
    hd = s.kv("Untersuchung", "Ergebnis", 70, 250, font_key="narrowb")
    hd.segs += [(330.0, "Einheit"), (410.0, "Referenzbereich")]
    tests = [
        ("Hämoglobin", "13.1", "g/dl", "12.0 - 16.0"),
        ("Leukozyten", "11.8 H", "/nl", "4.0 - 10.0"),
        ("Thrombozyten", "244", "/nl", "150 - 400"),
        ("Kreatinin", "1.31 H", "mg/dl", "0.50 - 0.95"),
        ("eGFR (CKD-EPI)", "51", "ml/min", "> 60"),
        ("HbA1c", "7.4 H", "%", "< 5.7"),
        ("TSH", "2.10", "mU/l", "0.27 - 4.20"),
        ("CRP", "24.5 H", "mg/l", "< 5.0"),
        ("Kalium", "4.6", "mmol/l", "3.5 - 5.1"),
    ]
    for name, val, unit, ref in rng.sample(tests, rng.randint(5, 8)):
        y = s.y
        s.kv(name, val, 70, 250)
        s.add(unit, 330, y=y, advance=False)
        s.add(ref, 410, y=y, advance=False)
        # merge into one line of four columns
        ln2, ln3 = s.page.lines[-2], s.page.lines[-1]
        s.page.lines[-3].segs.extend(ln2.segs + ln3.segs)
        del s.page.lines[-2:]
    s.gap(8)
    s.add("H = oberhalb, L = unterhalb des Referenzbereichs. Validiert durch", size=8)
    s.add("Dr. med. E. Brunner, Fachärztin für Laboratoriumsmedizin", size=8)
    c.notes.append("collection, receipt and report dates; the report date is the letter's")
    return "lab report table"


AUTHORITIES = [
    (
        "AOK Baden-Württemberg",
        "Bezirksdirektion Südlicher Oberrhein",
        "Fritz-Geiges-Straße 2",
        "79098 Freiburg",
        "0761 2103-555",
        "Anfrage zur Arbeitsunfähigkeit",
        ["AOK – Die Gesundheitskasse", "AOK"],
    ),
    (
        "Deutsche Rentenversicherung Baden-Württemberg",
        "Sozialmedizinischer Dienst",
        "Gartenstraße 105",
        "76135 Karlsruhe",
        "0721 825-21900",
        "Anforderung eines Befundberichts",
        ["DRV Baden-Württemberg"],
    ),
    (
        "Medizinischer Dienst Baden-Württemberg",
        "Begutachtung Pflege",
        "Ahornweg 2",
        "77933 Lahr",
        "07821 938-111",
        "Begutachtung zur Feststellung der Pflegebedürftigkeit",
        ["Medizinischer Dienst", "MD Baden-Württemberg"],
    ),
    (
        "Landratsamt Breisgau-Hochschwarzwald",
        "Fachbereich Gesundheitsschutz (Gesundheitsamt)",
        "Sautierstraße 28",
        "79104 Freiburg",
        "0761 2187-3099",
        "Tuberkulose – Umgebungsuntersuchung",
        ["Gesundheitsamt", "Gesundheitsamt Breisgau-Hochschwarzwald"],
    ),
    (
        "Landratsamt Ludwigsburg",
        "Versorgungsamt",
        "Hindenburgstraße 30/1",
        "71638 Ludwigsburg",
        "07141 144-2099",
        "Feststellung der Behinderung nach dem SGB IX – Befundanforderung",
        ["Versorgungsamt", "Versorgungsamt Ludwigsburg"],
    ),
    (
        "Unfallkasse Baden-Württemberg",
        "Abteilung Rehabilitation und Leistungen",
        "Augsburger Straße 700",
        "70329 Stuttgart",
        "0711 9321-9500",
        "Arbeitsunfall / Schulunfall – Anforderung Behandlungsbericht",
        ["UKBW", "Unfallkasse"],
    ),
    (
        "BARMER",
        "Geschäftsstelle Stuttgart",
        "Rotebühlstraße 121",
        "70178 Stuttgart",
        "0800 333004-9",
        "Antrag auf Krankengeld – Rückfrage",
        ["BARMER Stuttgart"],
    ),
    (
        "Techniker Krankenkasse",
        "Landesvertretung Baden-Württemberg",
        "Kronprinzstraße 6",
        "70173 Stuttgart",
        "040 46065-1099",
        "Rückfrage zur Verordnung von Heilmitteln",
        ["TK"],
    ),
]


def lay_authority(c: Ctx) -> str:
    rng, s = c.rng, c.s
    org, dept, street, city, fax, subj, alts = rng.choice(AUTHORITIES)
    c.sender, c.sender_alts, c.sender_short, c.sender_fax = org, [dept, *alts], alts[-1], fax
    s.y = 60
    centred = rng.random() < 0.4
    s.add(
        org,
        font_key="sansb",
        size=13,
        align="center" if centred else "right",
        x=None if centred else 528,
    )
    s.add(dept, size=9, align="center" if centred else "right", x=None if centred else 528)
    sender_line(c, f"{org} · {street} · {city}", y=135)
    address_block(c, y=148)
    s.y = 148
    unit = rng.choice(["SMD", "KG", "PV", "GA", "VA", "UV"])
    ref = f"{unit}-{rng.randint(1000, 9999)}/{rng.randint(10, 99)}"
    rows = [
        ("Ihr Zeichen", "–"),
        ("Unser Zeichen", ref),
        ("Ansprechpartner/in", rng.choice(["Frau Scherer", "Herr Vögele", "Frau Yildiz"])),
        ("Telefax", fax),
        ("Datum", fmt(c.d, rng.choice(["de", "de_long"]))),
    ]
    for k, v in rows:
        s.kv(k, v, 360, 445, size=8)
    c.notes.append("reference block with labels beside values")
    s.y = 250
    if rng.random() < 0.5:
        s.add(subj, font_key="sansb")
    else:
        s.add(f"Betreff: {subj}", font_key="sansb")
    c.title = subj
    vs = "Versicherte" if c.subj.sex == "f" else "Versicherter"
    pat = c.mention(c.name(rng.choice(["plain", "anrede", "comma"])))
    bd = c.bd(rng.choice(["de", "de_long"]))
    if "Gesundheitsamt" in dept:
        s.add(f"Kontaktperson: {pat}, geb. am {bd}")
    else:
        s.add(f"{vs}: {pat}, geb. am {bd}")
        maybe_address(c, label="wohnhaft:")
    if "Rentenversicherung" in org:
        s.add(
            f"Versicherungsnummer: {rng.randint(10, 65)} {c.subj.birth.strftime('%d%m%y')} "
            f"{c.subj.surname[0].upper()} {rng.randint(100, 999)}"
        )
    if rng.random() < 0.3 and c.subj.reg:
        c.patient_id = c.subj.reg.id
        s.add(f"Ihre Patientennummer (laut Anfrage): {c.patient_id}")
    s.gap(8)
    s.add("Sehr geehrte Damen und Herren,")
    s.gap(4)
    if "Gesundheitsamt" in dept:
        idx = c.rng.choice(["Dragan Pavlović", "Hanna Ketterer", "Mustafa Öztürk"])
        ib = c.other(
            date(rng.randint(1955, 2000), rng.randint(1, 12), rng.randint(1, 28)),
            "Geburtsdatum der Indexperson",
        )
        c.other_people.append({"name": idx, "role": "Indexperson (Tuberkulose)"})
        c.notes.append("an index person with a birth date is named; not the patient")
        sents = [
            f"bei {idx} (geb. {fmt(ib, 'de')}) wurde eine offene Lungentuberkulose "
            "festgestellt. Die oben genannte Person gilt als enge Kontaktperson.",
            "Wir bitten um Durchführung eines Interferon-Gamma-Tests und Mitteilung des "
            "Ergebnisses an das Gesundheitsamt.",
        ]
    elif "Unfallkasse" in org:
        acc = c.other(c.before(20, 90), "Unfalltag")
        sents = [
            f"für den Unfall vom {fmt(acc, 'de')} bitten wir um einen Behandlungsbericht "
            "(Formtext F 2100) einschließlich der Diagnosen und der voraussichtlichen "
            "Dauer der Arbeitsunfähigkeit."
        ]
    else:
        due = c.other(c.after(14, 28), "Frist")
        sents = [
            "zur Prüfung des Leistungsanspruchs benötigen wir Ihre Unterstützung. Bitte "
            "senden Sie uns die angeforderten Unterlagen und Befunde.",
            f"Wir bitten um Antwort bis zum {fmt(due, 'de')}. Die Vergütung erfolgt nach "
            "JVEG bzw. den vertraglichen Vereinbarungen.",
        ]
    body(c, sents)
    s.gap(6)
    s.add("Mit freundlichen Grüßen")
    s.add("Im Auftrag")
    s.gap(14)
    s.add(rows[2][1].replace("Frau ", "").replace("Herr ", ""))
    return "insurer/authority letter with reference block"


def lay_form(c: Ctx) -> str:
    rng, s = c.rng, c.s
    kk = rng.choice(["AOK Baden-Württemberg", "DAK-Gesundheit", "BKK Scheufelen", "IKK classic"])
    c.sender, c.sender_alts, c.sender_short, c.sender_fax = kk, [], kk, "0800 2655-000"
    s.font, s.size = "cond", 8.5
    s.box(40, 40, 300, 160)
    s.y = 52
    s.add("Krankenkasse bzw. Kostenträger", 45, size=6.5)
    s.add(kk, 45, "dsansb", 10)
    s.add("Name, Vorname des Versicherten", 45, size=6.5)
    pat = c.mention(c.name("comma"))
    s.add(pat, 45, size=10)
    s.add("geb. am", 250, size=6.5, y=s.y - 23, advance=False)
    s.add(c.bd("de"), 230, size=9, y=s.y - 10, advance=False)
    s.add(f"{c.subj.reg.street if c.subj.reg else 'Hauptstraße 4'}", 45, size=9)
    s.add("Kostenträgerkennung  Versicherten-Nr.  Status", 45, size=6.5)
    s.add(
        f"108018007  {c.subj.surname[0].upper()}{rng.randint(100000000, 999999999)}  1000000",
        45,
        size=9,
    )
    s.add("Betriebsstätten-Nr.  Arzt-Nr.", 45, size=6.5)
    s.add("458812300  811122201", 45, size=9)
    num = rng.choice(["52", "50", "11"])
    titles = {
        "52": "Anfrage zur Arbeitsunfähigkeit",
        "50": "Anfrage zur Zuständigkeit einer "
        "anderen Krankenkasse oder eines sonstigen Kostenträgers",
        "11": "Bericht für den Medizinischen Dienst",
    }
    c.title = titles[num]
    c.title_alts = [f"Muster {num}", f"{titles[num]} (Muster {num})"]
    s.add(f"Muster {num}", 470, "dsansb", 12, y=60)
    s.y = 100
    s.para(titles[num], 320, 560, "dsansb", 11)
    address_block(c, x=320, y=140, size=8.5)
    s.y = 230
    s.box(40, 215, 555, 560)
    since = c.other(c.before(20, 60), "arbeitsunfähig seit")
    s.add("Anfrage der Krankenkasse", 45, "dsansb", 10)
    s.para(
        f"Die/der Versicherte ist nach unseren Unterlagen seit dem {fmt(since, 'de')} "
        "arbeitsunfähig erkrankt. Bitte beantworten Sie die folgenden Fragen.",
        45,
        550,
    )
    s.gap(6)
    for i, q in enumerate(
        [
            "Welche Diagnosen begründen die Arbeitsunfähigkeit?",
            "Bestehen Anhaltspunkte für eine Gefährdung der Erwerbsfähigkeit?",
            "Sind Leistungen zur medizinischen Rehabilitation angezeigt?",
            "Voraussichtliches Ende der Arbeitsunfähigkeit:",
        ],
        1,
    ):
        s.add(f"{i}. {q}", 45)
        s.add("[ ] ja   [ ] nein   ................................................", 60)
        s.gap(6)
    s.y = 600
    s.add(f"Datum: {fmt(c.d, 'de')}", 45)
    s.add("Stempel und Unterschrift der Krankenkasse", 300, size=6.5, y=600)
    c.notes.append("a form (Muster) with boxes; the date stands at the bottom")
    return f"form Muster {num}"


def lay_email(c: Ctx) -> str:
    rng, s = c.rng, c.s
    orgs = [
        (
            "Sozialstation St. Elisabeth Kirchzarten",
            "pflege@sozialstation-kirchzarten.de",
            "Pflegedienstleitung",
        ),
        ("Ambulanter Pflegedienst Neckarblick", "info@pflege-neckarblick.de", "Team"),
        ("Apotheke am Schwabentor", "kontakt@schwabentor-apotheke.de", "Apotheke"),
    ]
    org, mail, who = rng.choice(orgs)
    c.sender, c.sender_alts, c.sender_short, c.sender_fax = org, [mail], org, "0761 48 99 100"
    s.font, s.size = "sans", 9.5
    printed = c.other(c.after(1, 3), "Druckdatum der E-Mail")
    s.y = 28
    s.add(f"{fmt(printed, 'de_yy')}, 08:{rng.randint(10, 59)}", 40, size=7.5, advance=False)
    s.add("Praxis-Webmail – Nachricht", align="center", size=7.5)
    s.y = 70
    s.add(c.practice["short"] + " – Posteingang", 60, "sansb", 12)
    s.rule(y=78, x0=60, x1=535)
    s.gap(8)
    subjects = {
        "Pflege": "Bitte um Verordnung häuslicher Krankenpflege",
        "Team": "Rückmeldung Wundversorgung",
        "Apotheke": "Rückfrage zu Ihrem Rezept",
    }
    subj = (
        subjects.get(who.split()[0], subjects["Team"])
        if who != "Pflegedienstleitung"
        else subjects["Pflege"]
    )
    wd = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]
    rows = [
        ("Von:", f"{org} <{mail}>"),
        ("Gesendet:", f"{wd[c.d.weekday()]}, {fmt(c.d, 'de_long')} 14:{rng.randint(10, 59)}"),
        ("An:", f"{c.practice['short']} <praxis@{c.practice['street'].split()[0].lower()}.de>"),
        ("Betreff:", subj),
    ]
    for k, v in rows:
        s.kv(k, v, 60, 125)
    c.title = subj
    s.rule(x0=60, x1=535)
    s.gap(8)
    s.left = 60
    s.add("Sehr geehrte Frau Doktor, sehr geehrte Damen und Herren,")
    s.gap(4)
    pat = c.mention(c.name("anrede"))
    with_bd = rng.random() < 0.6
    bd = f" (geb. {c.bd('de')})" if with_bd else ""
    rel = maybe_relative(c)
    body(
        c,
        [
            f"wir betreuen {pat}{bd} seit einigen Wochen. Die {rel} bat uns, Sie zu kontaktieren.",
            "Die Wunde am rechten Unterschenkel ist weiterhin nässend. Wir bitten um eine "
            "Folgeverordnung häuslicher Krankenpflege (Muster 12) für weitere vier Wochen.",
            "Vielen Dank und freundliche Grüße",
        ],
    )
    s.add(f"{who} – {org}")
    s.y = 805
    s.add("https://webmail.praxis-intern.de/mail/inbox", 40, size=7, advance=False)
    s.add("1/1", 540, size=7)
    c.notes.append("e-mail printout: the print date above is not the letter's date")
    return "e-mail printout"


def lay_portal(c: Ctx) -> str:
    rng, s = c.rng, c.s
    org = rng.choice(
        [
            "Radiologie am Europaplatz",
            "RNS Radiologie Nordschwarzwald",
            "Radiologisches Zentrum Bad Cannstatt",
        ]
    )
    c.sender, c.sender_alts, c.sender_short, c.sender_fax = org, [], org, "0761 21 77 30"
    s.font, s.size = "dsans", 9
    printed = c.other(c.after(1, 4), "Ausdruck aus dem Portal")
    s.y = 26
    s.add(f"{fmt(printed, 'de_yy')}, 16:{rng.randint(10, 59)}", 36, size=7, advance=False)
    s.add(f"Befundportal | {org}", align="center", size=7)
    s.y = 70
    s.add(org, 60, "dsansb", 13)
    s.add("Teleradiologie · Befundportal für Zuweiser", 60, size=8)
    s.gap(6)
    s.add(f"Angemeldet: {c.practice['doctor']}, {c.practice['short']}", 60, size=8)
    s.rule(x0=60, x1=535)
    s.gap(8)
    exam = c.other(c.before(0, 3), "Untersuchungsdatum")
    modality = rng.choice(
        [
            "MRT der Lendenwirbelsäule nativ",
            "CT Thorax mit KM",
            "Sonographie Abdomen",
            "Röntgen Thorax in 2 Ebenen",
        ]
    )
    pat = c.mention(c.name("caps_comma"))
    rows = [
        ("Patient", pat),
        ("Geburtsdatum", c.bd("de")),
        ("Untersuchung", modality),
        ("Untersuchungsdatum", fmt(exam, "de")),
        ("Befund freigegeben", f"{fmt(c.d, 'de')} 12:04"),
        ("Zuweiser", c.practice["doctor"]),
    ]
    for k, v in rows:
        s.kv(k, v, 60, 190)
    c.title = modality
    c.title_alts = ["Befund"]
    s.gap(8)
    s.add("Befund", 60, "dsansb", 10)
    body(
        c,
        [
            "Regelrechte Darstellung ohne Nachweis einer frischen knöchernen Läsion. "
            "Degenerative Veränderungen der unteren Segmente mit Osteochondrose.",
            "Beurteilung: Kein Anhalt für eine Raumforderung. Klinische Korrelation empfohlen.",
        ],
    )
    s.add("Dr. med. F. Ganter, Facharzt für Radiologie (elektronisch freigegeben)", 60)
    s.y = 810
    s.add(
        "https://befundportal.example-radiologie.de/befund/view?id="
        + str(rng.randint(100000, 999999)),
        36,
        size=7,
        advance=False,
    )
    s.add("Seite 1 von 1", 500, size=7)
    c.notes.append("portal printout; the release date is the letter's, the print stamp is not")
    return "portal printout"


def _dear(doctor: str) -> str:
    if "Regine" in doctor or "Johanna" in doctor:
        return doctor.replace("Dr. med. ", "Frau Dr. ")
    return "Kollegen"


def _country(region: str, french: bool) -> str:
    if region == "IQ":
        return "Irak" if french else "Iraq"
    return "Syrie" if french else "Syria"


def lay_handwritten(c: Ctx) -> str:
    rng, s = c.rng, c.s
    c.handwritten = True
    who = rng.choice(
        [
            ("Apotheke am Schwabentor", "A. Hensler, Apothekerin"),
            ("Sozialstation Hochschwarzwald", "Schwester Theresia"),
            ("Dr. med. Konrad Tritschler", "K. Tritschler"),
        ]
    )
    c.sender, c.sender_alts, c.sender_short, c.sender_fax = who[0], [who[1]], who[0], "07651 2233"
    c.title = None
    s.font, s.size = rng.choice(["hand", "hand2"]), 15
    s.lead = 1.6
    s.y = 70
    s.add(f"An {c.practice['short']}", 80, size=11)
    dated = rng.random() < 0.6
    if dated:
        s.add(fmt(c.d, rng.choice(["de_short", "de_yy"])), 400)
    else:
        c.letter_date_printed = False
    s.add(
        f"Liebe {_dear(c.practice['doctor'])},",
        80,
    )
    s.gap(6)
    pat = c.mention(c.name(rng.choice(["anrede", "plain"])))
    lines = [
        f"bei {pat}",
        "ist das Rezept für Ramipril",
        "ohne Stärke ausgestellt.",
        "Bitte kurz zurückrufen",
        "oder neues Rezept faxen.",
        "Danke!",
    ]
    for i, ln in enumerate(lines):
        s.add(ln, 80 + (i % 3) * 6)
    s.gap(10)
    s.add(who[1], 260)
    if who[1] != who[0]:
        s.add(who[0], 260, size=11)
    c.notes.append("handwritten note" + ("" if dated else ", undated"))
    return "handwritten note"


# Letters from abroad ---------------------------------------------------------------------


def lay_france(c: Ctx) -> str:
    rng, s = c.rng, c.s
    c.language, c.region = "fr", "FR"
    org, city, svc, fax = rng.choice(
        [
            (
                "Hôpitaux Universitaires de Strasbourg",
                "Strasbourg",
                "Service de Cardiologie",
                "+33 3 88 12 80 99",
            ),
            (
                "GHR Mulhouse Sud-Alsace",
                "Mulhouse",
                "Service de Médecine Interne",
                "+33 3 89 64 62 20",
            ),
            ("Hôpitaux Civils de Colmar", "Colmar", "Service de Pneumologie", "+33 3 89 12 45 01"),
        ]
    )
    c.sender, c.sender_alts, c.sender_short, c.sender_fax = org, [svc], org, fax
    s.font, s.size = "serif", 10
    s.y = 55
    s.add(org, 70, "serifb", 13)
    s.add(svc, 70)
    s.add(f"Chef de service : Pr J.-M. {rng.choice(['Schaeffer', 'Roux', 'Weber'])}", 70, size=8.5)
    s.y = 55
    s.add(f"{city}, le {fmt(c.d, 'fr_long')}", align="right", y=60)
    address_block(c, x=320, y=130, prefix="Madame, Monsieur le Docteur")
    s.y = 235
    c.title = rng.choice(
        ["Compte rendu d'hospitalisation", "COMPTE RENDU DE CONSULTATION", "Lettre de liaison"]
    )
    s.add(c.title, font_key="serifb", size=12, align="center")
    s.gap(6)
    ne = "né" if c.subj.sex == "m" else "née"
    pat = c.mention(c.name("fr"))
    bds = rng.choice(["slash", "fr_long"])
    s.add(f"Patient : {pat}, {ne} le {c.bd(bds)}")
    a = c.other(c.before(5, 15), "entrée")
    b = c.other(c.before(0, 3), "sortie")
    s.add(f"Hospitalisation du {fmt(a, 'slash')} au {fmt(b, 'slash')}")
    s.gap(6)
    s.add("Cher Confrère,")
    s.gap(4)
    body(
        c,
        [
            "J'ai vu en consultation votre patient(e), résidant en Allemagne, pour une "
            "douleur thoracique atypique. L'électrocardiogramme ne montre pas de signe "
            "d'ischémie aiguë.",
            "Traitement de sortie : bisoprolol 2,5 mg le matin, atorvastatine 40 mg le soir.",
            "Je vous remercie de votre confiance et vous prie d'agréer, cher Confrère, "
            "l'expression de mes sentiments les meilleurs.",
        ],
    )
    closing(
        c,
        [f"Dr {rng.choice(['Claire Muller', 'Antoine Kieffer', 'Nadia Benali'])}"],
        "Bien confraternellement,",
    )
    return "French hospital letter"


def lay_swiss(c: Ctx) -> str:
    rng, s = c.rng, c.s
    c.region = "CH"
    org, city, dept, fax = rng.choice(
        [
            (
                "Universitätsspital Basel",
                "Basel",
                "Klinik für Orthopädie und Traumatologie",
                "+41 61 265 25 99",
            ),
            ("Universitätsspital Zürich", "Zürich", "Klinik für Neurologie", "+41 44 255 44 99"),
            ("St. Claraspital", "Basel", "Bauchzentrum", "+41 61 685 84 01"),
        ]
    )
    c.sender, c.sender_alts, c.sender_short, c.sender_fax = org, [dept], org, fax
    s.y = 55
    s.add(org, align="center", font_key="sansb", size=13)
    s.add(dept, align="center", size=9)
    s.add(f"Spitalstrasse 21, CH-4031 {city} · Telefax {fax}", align="center", size=8)
    address_block(c, y=140)
    s.y = 240
    c.title = rng.choice(["Austrittsbericht", "Ambulanter Bericht", "Sprechstundenbericht"])
    s.add(c.title, font_key="sansb", size=12)
    pat = c.mention(c.name(rng.choice(["anrede", "plain"])))
    s.add(f"{pat}, Geburtsdatum {c.bd(rng.choice(['de', 'de_long']))}")
    if c.subj.reg and "ß" in c.subj.reg.surname:
        c.notes.append("Swiss letter writes ss for ß in the patient's name")
    s.add(
        f"{c.subj.reg.street.replace('ß', 'ss') if c.subj.reg else 'Basler Strasse 9'}, "
        f"D-{c.subj.reg.postcode if c.subj.reg else '79539'} "
        f"{c.subj.reg.city if c.subj.reg else 'Lörrach'}",
        size=9,
    )
    s.gap(6)
    s.add(f"{city}, {fmt(c.d, rng.choice(['de', 'de_long']))}", align="right")
    s.gap(6)
    s.add("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege")
    s.gap(4)
    body(
        c,
        [
            "Wir berichten Ihnen über die ambulante Behandlung in unserer Sprechstunde. "
            "Die Patientin/der Patient wohnt in Deutschland und arbeitet als Grenzgänger/in "
            "in der Schweiz.",
            "Procedere: Physiotherapie, Analgesie nach Massgabe der Beschwerden, "
            "Verlaufskontrolle in sechs Wochen. Arbeitsunfähigkeit bis auf Weiteres.",
        ],
    )
    closing(c, ["Dr. med. S. Gubser, Oberärztin", "Prof. Dr. med. R. Stucki"], "Freundliche Grüsse")
    for page in s.pages:
        for ln in page.lines:
            ln.segs = [(x, t.replace("ß", "ss")) for x, t in ln.segs]
    c.notes.append("Swiss spelling: ss for ß throughout, the practice's street included")
    return "Swiss hospital letter (ss for ß)"


def lay_austria(c: Ctx) -> str:
    rng, s = c.rng, c.s
    c.region = "AT"
    org = rng.choice(["Landeskrankenhaus Feldkirch", "Landeskrankenhaus Bregenz"])
    dept = "Abteilung für Innere Medizin"
    c.sender, c.sender_alts, c.sender_short, c.sender_fax = (
        org,
        [dept, "LKH"],
        org,
        "+43 5522 303-7509",
    )
    s.y = 55
    s.add("Vorarlberger Landeskrankenhäuser", 70, "sans", 8)
    s.add(org, 70, "sansb", 14)
    s.add(dept, 70, size=9)
    address_block(c, y=140)
    s.y = 140
    d_style = "at_long" if c.d.month == 1 or rng.random() < 0.5 else "de"
    for k, v in [
        ("Datum:", fmt(c.d, d_style)),
        ("Zahl:", f"IM-{rng.randint(1000, 9999)}"),
        ("Aufnahme:", fmt(c.other(c.before(4, 12), "Aufnahme"), "de")),
    ]:
        s.kv(k, v, 370, 430, size=9)
    s.y = 240
    c.title = "ARZTBRIEF"
    c.title_alts = ["Arztbrief"]
    s.add("ARZTBRIEF", font_key="sansb", size=12)
    svnr = f"{rng.randint(1000, 9999)} {c.subj.birth.strftime('%d%m%y')}"
    pat = c.mention(c.name("surname_first"))
    s.add(f"Pat.: {pat}, geb. {c.bd('de')}, SVNR {svnr}")
    c.notes.append("Austrian SVNR carries the birth date as DDMMYY")
    s.gap(6)
    body(
        c,
        [
            "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege!",
            "Die Aufnahme erfolgte nach einem Skiunfall am Arlberg mit distaler "
            "Radiusfraktur links, die osteosynthetisch versorgt wurde.",
            "Wir ersuchen um Nahtentfernung am 12. postoperativen Tag und um Kontrolle "
            "des Blutbildes.",
        ],
    )
    closing(c, ["OA Dr. Lukas Fritsch", "Prim. Dr. Eva Bitschnau"], "Mit kollegialen Grüßen")
    return "Austrian hospital letter (Jänner)"


FOREIGN = {
    "sq-al": (
        "AL",
        'Qendra Spitalore Universitare "Nënë Tereza"',
        "Tiranë",
        "Epikriza",
        "I nderuar koleg,",
        "lindur",
        "lindur",
        "Datëlindja",
        [
            "Pacientja/pacienti u shtrua në repartin e kardiologjisë për fibrilacion atrial.",
            "Rekomandohet kontroll pas tre javësh te mjeku i familjes.",
        ],
        "Me respekt",
        "Dr. Elona Hoxha",
        "+355 4 236 2741",
    ),
    "it": (
        "IT",
        "Azienda Ospedaliera Ospedale Niguarda",
        "Milano",
        "Lettera di dimissione",
        "Gentile Collega,",
        "nato",
        "nata",
        "Data di nascita",
        [
            "Si dimette il paziente in buone condizioni generali.",
            "Terapia consigliata: ramipril 5 mg, bisoprolol 2,5 mg. Controllo tra un mese.",
        ],
        "Cordiali saluti",
        "Dott.ssa Giulia Ferraro",
        "+39 02 6444 2000",
    ),
    "pt": (
        "PT",
        "Centro Hospitalar Universitário de São João",
        "Porto",
        "Nota de alta",
        "Caro Colega,",
        "nascido",
        "nascida",
        "Data de nascimento",
        [
            "O doente esteve internado por pneumonia adquirida na comunidade, com boa "
            "evolução clínica.",
            "Medicação: amoxicilina/ácido clavulânico durante sete dias.",
        ],
        "Com os melhores cumprimentos",
        "Dr. Rui Carvalho",
        "+351 22 551 2100",
    ),
    "sq": (
        "XK",
        "Qendra Klinike Universitare e Kosovës",
        "Prishtinë",
        "Fletëlëshim",
        "I nderuar koleg,",
        "lindur",
        "lindur",
        "Data e lindjes",
        [
            "Pacienti u trajtua në klinikën tonë për hipertension arterial dhe diabet.",
            "Terapia: metformin 1000 mg dy herë në ditë, kontroll pas një muaji.",
        ],
        "Me respekt",
        "Dr. Blerim Gashi",
        "+383 38 500 600",
    ),
    "nl": (
        "NL",
        "Maastricht UMC+",
        "Maastricht",
        "Ontslagbrief",
        "Geachte collega,",
        "geboren",
        "geboren",
        "Geboortedatum",
        [
            "Patiënt werd opgenomen wegens een longembolie en behandeld met apixaban.",
            "Controle op de polikliniek over zes weken.",
        ],
        "Met collegiale groet",
        "Dr. A. de Vries",
        "+31 43 387 6543",
    ),
}


def lay_foreign(c: Ctx) -> str:
    rng, s = c.rng, c.s
    key = rng.choice(sorted(FOREIGN))
    lang = key[:2]
    region, org, city, title, hello, _nm, _nf, bdl, sents, bye, doc, fax = FOREIGN[key]
    c.language, c.region = lang, region
    c.sender, c.sender_alts, c.sender_short, c.sender_fax = org, [], org, fax
    s.font = "dsans"
    s.size = 9.5
    s.y = 60
    s.add(org, align="center", font_key="dsansb", size=13)
    s.add(city, align="center", size=9)
    s.rule(y=86)
    address_block(c, y=130)
    s.y = 230
    c.title = title.upper()
    s.add(title.upper(), font_key="dsansb", size=12)
    c.title_alts = [title]
    pat = c.mention(c.name(rng.choice(["plain", "caps", "comma"])))
    numeric = {"nl": "dash", "it": "slash", "pt": "slash", "sq": "de"}[lang]
    s.kv("Pacient/Patient:" if lang == "sq" else "Patient:", pat, 70, 170)
    s.kv(f"{bdl}:", c.bd(numeric), 70, 170)
    s.gap(6)
    s.add(hello)
    s.gap(4)
    body(c, sents)
    s.gap(6)
    s.add(f"{city}, {fmt(c.d, lang + '_long')}")
    c.notes.append(f"letter in {lang}; date only at the end, month name in {lang}")
    closing(c, [doc], bye)
    return f"hospital letter in {lang}"


def lay_refugee(c: Ctx) -> str:
    rng, s = c.rng, c.s
    french = rng.random() < 0.35
    org, city, region = rng.choice(
        [
            ("Damascus University – Al Mouwasat University Hospital", "Damascus", "SY"),
            ("Aleppo University Hospital", "Aleppo", "SY"),
            ("Rizgary Teaching Hospital", "Erbil", "IQ"),
        ]
    )
    c.language, c.region = ("fr" if french else "en"), region
    c.sender, c.sender_alts, c.sender_short, c.sender_fax = org, [], org, "+963 11 212 0000"
    s.font, s.size = "serif", 10.5
    s.y = 60
    s.add(org, align="center", font_key="serifb", size=13)
    s.add(
        f"{city} – {_country(region, french)}",
        align="center",
    )
    s.gap(12)
    c.title = "Rapport médical" if french else "MEDICAL REPORT"
    c.title_alts = ["Medical Report"] if not french else []
    s.add(c.title, align="center", font_key="serifb", size=13)
    s.gap(8)
    s.add(f"Date: {fmt(c.d, 'slash')}" if not french else f"{city}, le {fmt(c.d, 'fr_long')}")
    s.gap(4)
    pat = c.mention(c.name("plain"))
    s.kv("Name:" if not french else "Nom et prénom :", pat, 70, 180)
    s.kv("Date of birth:" if not french else "Date de naissance :", c.bd("slash"), 70, 180)
    s.gap(6)
    s.para(
        "To: " + c.practice["doctor"] + ", " + c.practice["short"] + ", Germany"
        if not french
        else "À l'attention de " + c.practice["doctor"] + ", Allemagne"
    )
    s.gap(6)
    if french:
        sents = [
            "Le patient a été suivi dans notre service pour une insuffisance rénale "
            "chronique. Il est parti en Allemagne et nous transmettons ce rapport à la "
            "demande de sa famille."
        ]
    else:
        sents = [
            "The above-named patient was followed up in our department for type 2 "
            "diabetes mellitus and hypertension since 2019.",
            "He/She travelled to Germany; this report is issued at the request of the "
            "patient for continuation of care.",
        ]
    rel = maybe_relative(c, german=False)
    sents.append(("Contact person: " if not french else "Personne à contacter : ") + rel)
    body(c, sents)
    closing(
        c, ["Dr. Samir Haddad, Internal Medicine"], "Sincerely," if not french else "Cordialement,"
    )
    c.notes.append("refugee's doctor's report; dd/mm/yyyy; a relative named")
    return "medical report from Syria/Iraq"


def lay_usa(c: Ctx) -> str:
    rng, s = c.rng, c.s
    c.language, c.region = "en", "US"
    org = rng.choice(["Mayo Clinic Health System", "Massachusetts General Hospital"])
    c.sender, c.sender_alts, c.sender_short, c.sender_fax = org, [], org, "+1 617 726 0000"
    s.font, s.size = "sans", 10
    s.y = 55
    s.add(org, 70, "sansb", 14)
    s.add("Department of Cardiology · International Patient Center", 70, size=8.5)
    s.y = 55
    s.add(fmt(c.d, "en_us"), align="right", y=120)
    address_block(c, y=130)
    s.y = 225
    c.title = "Visit Summary"
    s.add("RE: Visit Summary", font_key="sansb")
    c.title_alts = ["RE: Visit Summary"]
    pat = c.mention(c.name("plain"))
    s.add(f"Patient: {pat}   DOB: {c.bd('us_slash')}   MRN: {rng.randint(10000000, 99999999)}")
    visit = c.other(c.before(1, 14), "date of visit")
    s.add(f"Date of service: {fmt(visit, 'us_slash')}")
    s.gap(6)
    s.add("Dear Colleague,")
    s.gap(4)
    body(
        c,
        [
            "Thank you for allowing us to participate in the care of this patient, who was "
            "seen during a stay in the United States for palpitations.",
            "A 14-day ambulatory ECG monitor showed paroxysmal atrial fibrillation. We "
            "started apixaban 5 mg twice daily.",
        ],
    )
    closing(c, ["Jennifer L. Park, MD"], "Sincerely,")
    c.notes.append("US date conventions (month first)")
    return "US visit summary"


LAYOUTS = {
    "hospital": lay_hospital,
    "reha": lay_reha,
    "specialist": lay_specialist,
    "lab": lay_lab,
    "authority": lay_authority,
    "form": lay_form,
    "email": lay_email,
    "portal": lay_portal,
    "handwritten": lay_handwritten,
    "france": lay_france,
    "swiss": lay_swiss,
    "austria": lay_austria,
    "foreign": lay_foreign,
    "refugee": lay_refugee,
    "usa": lay_usa,
}
WEIGHTS = {
    "hospital": 5,
    "specialist": 4,
    "authority": 5,
    "lab": 3,
    "reha": 2,
    "form": 2,
    "email": 2,
    "portal": 2,
    "handwritten": 2,
    "france": 3,
    "swiss": 2,
    "austria": 1,
    "foreign": 4,
    "refugee": 2,
    "usa": 1,
}


# ---------------------------------------------------------------------------------------
# Letters

OUTSIDERS = [
    ("Ewald", "Wiesler", "m"),
    ("Rosemarie", "Schillinger", "f"),
    ("Dardan", "Shala", "m"),
    ("Chiara", "Bianchi", "f"),
    ("Youssef", "Darwish", "m"),
]


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    layout: str
    kind: str
    ctx: Ctx
    pages: list[Page]
    fax: dict[str, Any]
    fax_sent: tuple[date, str]
    stamp: date | None
    cover: Page | None

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.ctx.handwritten else ["pdf", "scan200", "fax"]

    # pages as each condition shows them ------------------------------------------------
    def _stamp_lines(self) -> list[Line]:
        assert self.stamp is not None
        return [
            Line([(430.0, "EINGEGANGEN")], 24.0, "sansb", 8, 0.35),
            Line([(430.0, fmt(self.stamp, "de"))], 35.0, "sansb", 9, 0.35),
            Line([(430.0, self.ctx.practice["short"].split(" am ")[0])], 45.0, "sans", 6.5, 0.35),
        ]

    def _fax_header(self, n: int, total: int) -> Line:
        d, hm = self.fax_sent
        ds = fmt(d, "de") if self.ctx.region in ("DE", "AT", "CH") else d.isoformat()
        return Line(
            [
                (18.0, f"{ds} {hm}"),
                (120.0, f"FAX {self.ctx.sender_fax}"),
                (270.0, self.ctx.sender_short[:38]),
                (520.0, f"S. {n}/{total}"),
            ],
            12.0,
            "mono",
            7,
        )

    def layout_pages(self, condition: str) -> list[tuple[str, Page]]:
        if condition == "pdf":
            return [(f"p{i}", pg) for i, pg in enumerate(self.pages, 1)]
        if condition == "scan200":
            out = []
            for i, pg in enumerate(self.pages, 1):
                if i == 1 and self.stamp is not None:
                    pg = Page(
                        self._stamp_lines() + pg.lines, [*pg.rects, (424, 14, 560, 50)], pg.rules
                    )
                out.append((f"p{i}", pg))
            return out
        if condition == "fax":
            src = ([("cover", self.cover)] if self.cover else []) + [
                (f"p{i}", pg) for i, pg in enumerate(self.pages, 1)
            ]
            total = len(src)
            return [
                (name, Page([self._fax_header(n, total), *pg.lines], pg.rects, pg.rules))
                for n, (name, pg) in enumerate(src, 1)
                if pg is not None
            ]
        raise ValueError(condition)

    def render(self, condition: str) -> dict[str, bytes]:
        if condition not in self.conditions():
            raise ValueError(condition)
        pages = [pg for _, pg in self.layout_pages(condition)]
        if condition == "pdf":
            return {"pdf/letter.pdf": to_pdf(pages)}
        doc = pymupdf.open(stream=to_pdf(pages))
        rng = random.Random(self.seed * 7 + (1 if condition == "fax" else 0))
        out: dict[str, bytes] = {}
        for i, page in enumerate(doc, 1):
            if condition == "scan200":
                out[f"scan200/page-{i:02d}.jpg"] = _scan(page, rng)
            else:
                out[f"fax/page-{i:02d}.tif"] = _fax(page, self.fax["resolution"])
        return out

    def truth(self) -> dict[str, Any]:
        c = self.ctx
        sj = c.subj
        reg = sj.reg
        conds: dict[str, Any] = {}
        for cond in self.conditions():
            pages = []
            for i, (name, pg) in enumerate(self.layout_pages(cond), 1):
                entry: dict[str, Any] = {"page": name}
                if cond == "pdf":
                    entry.update({"file": "pdf/letter.pdf", "pdf_page": i})
                elif cond == "scan200":
                    entry["file"] = f"scan200/page-{i:02d}.jpg"
                else:
                    entry["file"] = f"fax/page-{i:02d}.tif"
                entry["text"] = pg.text
                pages.append(entry)
            conds[cond] = {"pages": pages}
        full = reg.full_name if reg else f"{sj.given} {sj.surname}"
        other_dates = list(c.other_dates)
        if self.stamp is not None:
            other_dates.append(
                {"date": self.stamp.isoformat(), "role": "Eingangsstempel der Praxis (nur Scan)"}
            )
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.kind,
            "language": c.language,
            "region": c.region,
            "facts": {
                "patient": {
                    "full_name": full,
                    "surname": reg.surname if reg else sj.surname,
                    "given_names": reg.given_names if reg else sj.given,
                    "as_written": c.as_written,
                    "full_name_as_letter": f"{sj.given} {sj.surname}",
                    "register_id": reg.id if reg else None,
                },
                "birth_date": sj.birth.isoformat() if c.birth_printed else None,
                "letter_date": c.d.isoformat() if c.letter_date_printed else None,
                "sender": c.sender,
                "sender_alternatives": c.sender_alts,
                "title": c.title,
                "title_alternatives": c.title_alts,
                "patient_id": c.patient_id,
                "other_dates": other_dates,
                "other_people": c.other_people,
            },
            "register": (
                {
                    "id": reg.id,
                    "collision": reg.collision or None,
                    "collision_group": reg.collision_group or None,
                }
                if reg
                else None
            ),
            "notes": c.notes,
            "handwritten": c.handwritten,
            "practice": c.practice["name"],
            "fax": self.fax,
            "conditions": conds,
        }


def _scan(page: pymupdf.Page, rng: random.Random) -> bytes:
    pm = page.get_pixmap(matrix=pymupdf.Matrix(200 / 72, 200 / 72), colorspace=pymupdf.csGRAY)
    img = Image.frombytes("L", (pm.width, pm.height), pm.samples)
    tone = rng.randint(228, 242)
    img = img.point([int(v * (tone - 18) / 255) + 18 for v in range(256)])
    noise = Image.frombytes("L", img.size, rng.randbytes(img.width * img.height))
    noise = noise.point([min(v % 29, 255) for v in range(256)])
    from PIL import ImageChops

    img = ImageChops.subtract(img, noise)
    angle = rng.choice([-0.7, -0.45, -0.25, 0.2, 0.4, 0.65])
    img = img.rotate(angle, resample=Image.Resampling.BILINEAR, fillcolor=tone)
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=82, dpi=(200, 200))
    return buf.getvalue()


def _fax(page: pymupdf.Page, resolution: str) -> bytes:
    vres = 196 if resolution == "fine" else 98
    pm = page.get_pixmap(matrix=pymupdf.Matrix(204 / 72, vres / 72), colorspace=pymupdf.csGRAY)
    img = Image.frombytes("L", (pm.width, pm.height), pm.samples)
    canvas = Image.new("L", (1728, img.height), 255)
    canvas.paste(img, ((1728 - img.width) // 2, 0))
    bw = canvas.point([0 if v < 150 else 255 for v in range(256)]).convert(
        "1", dither=Image.Dither.NONE
    )
    buf = io.BytesIO()
    bw.save(
        buf, "TIFF", compression="group4" if resolution == "fine" else "group3", dpi=(204, vres)
    )
    return buf.getvalue()


def _cover(c: Ctx, sent: date, hm: str, pages: int) -> Page:
    s = Sheet("sans", 11)
    s.y = 70
    s.add("TELEFAX", font_key="sansb", size=22)
    s.add(c.sender, size=10)
    s.gap(20)
    ds = (
        fmt(sent, "us_slash")
        if c.region == "US"
        else (fmt(sent, "slash") if c.region in ("FR", "IT", "PT", "SY", "IQ") else fmt(sent, "de"))
    )
    for k, v in [
        ("An:", c.practice["short"]),
        ("Fax-Nr.:", c.practice["fax"]),
        ("Von:", c.sender_short),
        ("Fax-Nr. Absender:", c.sender_fax),
        ("Datum:", f"{ds} {hm}"),
        ("Seiten inkl. Deckblatt:", str(pages + 1)),
    ]:
        s.kv(k, v, 70, 210)
    s.gap(20)
    s.para(
        "Vertraulich: Dieses Fax enthält medizinische Daten und ist ausschließlich für "
        "den Adressaten bestimmt. Falls Sie es irrtümlich erhalten haben, benachrichtigen "
        "Sie uns bitte und vernichten Sie die Unterlagen.",
        size=9,
    )
    return s.pages[0]


def _subject(
    rng: random.Random,
    patients: list[register.Patient],
    region: str,
    force: tuple[str, str, str] | None = None,
) -> tuple[Subject, list[str]]:
    notes: list[str] = []
    if force is not None:
        p = next(x for x in patients if (x.surname, x.given_names, x.birth_date) == force)
        surname = p.former_names[0] if p.former_names else p.surname
        if p.former_names:
            notes.append(f"the letter uses the former name {surname}")
        if region == "CH":
            surname = surname.replace("ß", "ss")
        notes.append(f"register collision: {p.collision}" if p.collision else "a planted trap")
        bd = date.fromisoformat(p.birth_date)
        return Subject(p, surname, p.given_names, bd, p.sex, p.title), notes
    if rng.random() < 0.08:
        g, sn, sex = rng.choice(OUTSIDERS)
        bd = date(rng.randint(1940, 2005), rng.randint(1, 12), rng.randint(1, 28))
        notes.append("patient not in the register")
        return Subject(None, sn, g, bd, sex), notes
    pool = [p for p in patients if p.collision_group] if rng.random() < 0.45 else patients
    p = rng.choice(pool)
    surname = p.surname
    if p.former_names and rng.random() < 0.7:
        surname = p.former_names[0]
        notes.append(f"the letter uses the former name {surname}")
    if region == "CH" and "ß" in surname:
        surname = surname.replace("ß", "ss")
    if p.collision:
        notes.append(f"register collision: {p.collision}")
    title = p.title if rng.random() < 0.7 else ""
    return Subject(p, surname, p.given_names, date.fromisoformat(p.birth_date), p.sex, title), notes


REGION_OF = {"france": "FR", "swiss": "CH", "austria": "AT", "usa": "US"}


def _one(
    rng: random.Random,
    layout: str,
    idx: int,
    split_name: str,
    seed: int,
    patients: list[register.Patient],
    force: tuple[str, str, str] | None = None,
) -> Letter:
    d = date(2025, 1, 7) + timedelta(days=rng.randint(0, 320))
    while d.weekday() > 4:
        d += timedelta(days=1)
    practice = rng.choice(PRACTICES)
    subj, notes = _subject(rng, patients, REGION_OF.get(layout, "DE"), force)
    c = Ctx(rng, d, practice, subj, Sheet())
    c.notes.extend(notes)
    kind = LAYOUTS[layout](c)
    pages = c.s.pages
    sent = d + timedelta(days=rng.randint(1, 4))
    hm = f"{rng.randint(7, 18):02d}:{rng.randint(0, 59):02d}"
    cover = rng.random() < 0.33
    res = rng.choice(["fine", "fine", "standard"])
    fax = {
        "sent": f"{sent.isoformat()}T{hm}",
        "cover_sheet": cover,
        "number": c.sender_fax,
        "resolution": res,
        "dpi": [204, 196 if res == "fine" else 98],
    }
    stamp = d + timedelta(days=rng.randint(1, 6)) if rng.random() < 0.4 else None
    return Letter(
        f"{split_name}-{idx:03d}",
        split_name,
        seed,
        layout,
        kind,
        c,
        pages,
        fax,
        (sent, hm),
        stamp,
        _cover(c, sent, hm, len(pages)) if cover else None,
    )


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    rng = random.Random(seed)
    patients = register.build()
    order: list[str] = []
    for name in sorted(WEIGHTS):
        order += [name] * WEIGHTS[name]
    rng.shuffle(order)
    forced: dict[int, tuple[str, str, str]] = {}
    if split_name == "test":
        # each planted trap goes to a letter whose drawn kind is the trap's kind
        for kind, who in TRAPS:
            free = [i for i in range(count) if order[i % len(order)] == kind and i not in forced]
            if free:
                forced[free[0]] = who
    out = []
    for i in range(count):
        layout = order[i % len(order)]
        sub = random.Random(seed * 1000 + i)
        out.append(_one(sub, layout, i + 1, split_name, seed * 1000 + i, patients, forced.get(i)))
    return out


# Planted traps of the test split: (kind of letter, register patient).
TRAPS: list[tuple[str, tuple[str, str, str]]] = [
    ("hospital", ("Hug", "Katharina", "1987-11-23")),
    ("swiss", ("Weißer", "Bernhard", "1952-07-19")),
    ("lab", ("Schwarz", "Maria", "1948-03-12")),
    ("authority", ("Mueller", "Juergen", "1959-10-03")),
    ("specialist", ("Kaltenbach", "Lukas", "2011-06-04")),
    ("portal", ("Maier", "Thomas", "1971-08-01")),
    ("france", ("Krasniqi", "Arben", "2004-02-27")),
    ("reha", ("Kienzle-Hauser", "Marie-Luise", "1966-01-29")),
    ("refugee", ("Al-Hassan", "Ahmad", "1992-01-01")),
    ("hospital", ("Schaefer", "Gertrud", "1944-01-09")),
    ("authority", ("Kaltenbach", "Leon", "2011-06-04")),
]


def split(name: str) -> list[Letter]:
    if name not in SEEDS:
        raise ValueError(f"unknown split {name!r}")
    return generate(COUNTS[name], SEEDS[name], name)
