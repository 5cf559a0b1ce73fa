"""The letters: Berlin and Brandenburg post to three general practices, with exact truth."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import layout, register
from .layout import Builder, Line, Page
from .world import PRACTICES, fmt

SPLITS = {"test": (50211, 40), "examples": (50212, 6)}

CYR = {
    "Schewtschenko": "Шевченко",
    "Kowalenko": "Коваленко",
    "Bondarenko": "Бондаренко",
    "Iwanow": "Иванов",
    "Smirnowa": "Смирнова",
    "Olena": "Олена",
    "Dmytro": "Дмитро",
    "Bohdan": "Богдан",
    "Olexandr": "Олександр",
    "Natalija": "Наталія",
    "Switlana": "Світлана",
    "Sergej": "Сергей",
    "Wladimir": "Владимир",
    "Alexej": "Алексей",
    "Tatjana": "Татьяна",
    "Irina": "Ирина",
    "Ljudmila": "Людмила",
}
UA_NAMES = {"Schewtschenko", "Kowalenko", "Bondarenko"}
RU_NAMES = {"Iwanow", "Smirnowa"}


def practice_names() -> list[dict[str, Any]]:
    return [dict(p) for p in PRACTICES]


@dataclass
class Ctx:
    rng: random.Random
    p: register.Patient
    in_register: bool
    practice: dict[str, Any]
    date: dt.date | None
    region: str = "DE"
    lang: str = "de"
    sur: str = ""
    giv: str = ""
    sender: str = ""
    sender_alts: list[str] = field(default_factory=list)
    sender_fax: str = ""
    sender_short: str = ""
    title: str | None = None
    title_alts: list[str] = field(default_factory=list)
    as_written: str = ""
    name_as_letter: str = ""
    birth_printed: bool = False
    pid_printed: bool = False
    other_dates: list[dict[str, str]] = field(default_factory=list)
    other_people: list[dict[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    handwritten: bool = False
    cover_ok: bool = True

    # dates --------------------------------------------------------------------------------
    def d(self, day: dt.date, long: bool = False) -> str:
        return fmt(day, self.region, long)

    def ld(self, long: bool = False) -> str:
        assert self.date is not None
        return self.d(self.date, long)

    def other(self, day: dt.date, role: str, long: bool = False) -> str:
        self.other_dates.append({"date": day.isoformat(), "role": role})
        return self.d(day, long)

    def rel(self, lo: int, hi: int) -> dt.date:
        assert self.date is not None
        return self.date + dt.timedelta(days=self.rng.randint(lo, hi))

    # the patient --------------------------------------------------------------------------
    def bd(self, long: bool = False) -> str:
        self.birth_printed = True
        return self.d(self.p.birth_date, long)

    def name(self, style: str) -> str:
        sur, giv = self.sur, self.giv
        sal = "Herr" if self.p.sex == "M" else "Frau"
        title = f"{self.p.title} " if self.p.title else ""
        text = {
            "herr": f"{sal} {title}{giv} {sur}",
            "herrn": f"{'Herrn' if self.p.sex == 'M' else 'Frau'} {title}{giv} {sur}",
            "caps": f"{sur.upper()}, {giv}",
            "capsall": f"{sur.upper()}, {giv.upper()}",
            "comma": f"{sur}, {giv}",
            "plain": f"{giv} {sur}",
            "titled": f"{title}{giv} {sur}",
        }[style]
        if not self.as_written:
            self.as_written = text
            self.name_as_letter = f"{giv} {sur}"
        return text

    def pid(self) -> str:
        self.pid_printed = True
        return self.p.id

    def person(self, name: str, role: str) -> str:
        self.other_people.append({"name": name, "role": role})
        return name

    def needs_address(self) -> bool:
        return self.p.collision.startswith("same name")

    def address(self) -> str:
        return f"{self.p.street}, {self.p.postcode} {self.p.city}"

    def to_practice(
        self,
        b: Builder,
        y: float,
        x: float = 70,
        size: float = 10,
        font: str = "sans",
        window: bool = True,
    ) -> None:
        pr = self.practice
        names: list[str] = pr["names"]
        street, city = pr["address"].split(", ")
        first = names[0] if layout.width(names[0], font, size) < 250 else None
        rows = [first] if first else [names[1], names[2]]
        if window and self.rng.random() < 0.5 and first is None:
            rows = [names[3]]
        rows += [pr["doctor"]] if pr["doctor"] not in " ".join(rows) else []
        rows += [street, city]
        for i, r in enumerate(rows):
            b.at(x, y + i * size * 1.3, r, font, size)

    def set_sender(self, name: str, alts: list[str], fax: str, short: str = "") -> None:
        self.sender, self.sender_alts, self.sender_fax = name, alts, fax
        self.sender_short = short or name

    def set_title(self, title: str | None, alts: list[str] | None = None) -> None:
        self.title, self.title_alts = title, alts or []


# --- senders ---------------------------------------------------------------------------------

HOSP = [
    (
        "Universitätsklinikum Spree – Campus Mitte",
        "UK Spree Campus Mitte",
        "Medizinische Klinik mit Schwerpunkt Kardiologie und Angiologie",
        "Luisenstraße 64",
        "10117 Berlin",
        "030 450 513 001",
        "030 450 513 909",
    ),
    (
        "Vivaris Klinikum Am Urban",
        "Vivaris Am Urban",
        "Klinik für Innere Medizin – Gastroenterologie und Diabetologie",
        "Dieffenbachstraße 1",
        "10967 Berlin",
        "030 130 22 5010",
        "030 130 22 5019",
    ),
    (
        "Vivaris Klinikum Neukölln",
        "Vivaris Neukölln",
        "Klinik für Unfallchirurgie und Orthopädie",
        "Rudower Straße 48",
        "12351 Berlin",
        "030 130 14 3100",
        "030 130 14 3109",
    ),
    (
        "Klinikum Sanssouci Potsdam",
        "Klinikum Sanssouci",
        "Klinik für Neurologie mit Stroke Unit",
        "Charlottenstraße 72",
        "14467 Potsdam",
        "0331 241 36 500",
        "0331 241 36 509",
    ),
    (
        "Lausitz-Klinikum Cottbus gGmbH",
        "Lausitz-Klinikum Cottbus",
        "Klinik für Pneumologie",
        "Thiemstraße 111",
        "03048 Cottbus",
        "0355 46 2410",
        "0355 46 2419",
    ),
    (
        "Oderland-Klinikum Frankfurt (Oder)",
        "Oderland-Klinikum",
        "Klinik für Geriatrie",
        "Müllroser Chaussee 7",
        "15236 Frankfurt (Oder)",
        "0335 548 4700",
        "0335 548 4709",
    ),
    (
        "Evangelisches Krankenhaus Köpenick-Süd",
        "EKH Köpenick-Süd",
        "Abteilung für Allgemein- und Viszeralchirurgie",
        "Salvador-Allende-Straße 2",
        "12559 Berlin",
        "030 3035 6200",
        "030 3035 6209",
    ),
]
DOCTORS = [
    "Dr. med. Timo Reichwald",
    "Dr. med. Friederike Holst",
    "Dr. med. Aylin Doğan",
    "Dr. med. Paweł Lewandowski",
    "Dr. med. Konstantin Weiß",
    "PD Dr. med. Maren Thiele",
    "Dr. med. Hoa Trinh",
    "Dr. med. Björn Kasischke",
    "Dr. med. Lucia Ferraro",
]
CHIEFS = [
    "Prof. Dr. med. Henrike Albers",
    "Prof. Dr. med. Gregor Ostwald",
    "Prof. Dr. med. Sibylle Marx-Brinkmann",
    "Chefarzt Dr. med. Ralf Pietsch",
]
DIAG = [
    ("Hypertensive Herzkrankheit, Vorhofflimmern paroxysmal", "I11.90, I48.0"),
    ("Ambulant erworbene Pneumonie rechts basal", "J18.1"),
    ("Akute Cholezystitis, laparoskopische Cholezystektomie", "K81.0"),
    ("Diabetes mellitus Typ 2 mit Entgleisung", "E11.73"),
    ("Ischämischer Schlaganfall im Mediastromgebiet links", "I63.4"),
    ("Proximale Humerusfraktur links", "S42.20"),
    ("Exazerbierte COPD GOLD 3", "J44.19"),
    ("Dekompensierte Herzinsuffizienz NYHA III", "I50.13"),
]
MEDS = [
    "Ramipril 5 mg 1-0-0",
    "Bisoprolol 2,5 mg 1-0-0",
    "Apixaban 5 mg 1-0-1",
    "Metformin 1000 mg 1-0-1",
    "Atorvastatin 40 mg 0-0-1",
    "Pantoprazol 20 mg 1-0-0",
    "Torasemid 10 mg 1-0-0",
    "Metamizol 500 mg bei Bedarf bis 4x tgl.",
    "Tiotropium 2,5 µg 2 Hübe morgens",
    "L-Thyroxin 75 µg 1-0-0",
]
SENT = [
    "Die Aufnahme erfolgte über die Rettungsstelle bei zunehmender Belastungsdyspnoe.",
    "Laborchemisch zeigten sich erhöhte Entzündungsparameter bei unauffälliger Nierenfunktion.",
    "Unter der eingeleiteten Therapie kam es zu einer raschen klinischen Besserung.",
    "Die Mobilisation gelang bis auf Stationsebene ohne Hilfsmittel.",
    "Echokardiographisch fand sich eine leichtgradig eingeschränkte linksventrikuläre Funktion.",
    "Wir bitten um Kontrolle der Elektrolyte und des Kreatinins in einer Woche.",
    "Eine Anschlussheilbehandlung wurde mit dem Sozialdienst besprochen und beantragt.",
    "Der Patient wurde über die Einnahme der neuen Medikation ausführlich aufgeklärt.",
    "Im Röntgen-Thorax kein Nachweis eines Pneumothorax, kein Pleuraerguss.",
    "Die Wundverhältnisse waren bei Entlassung reizlos, die Fäden können am 12. Tag entfernt "
    "werden.",
    "Wir empfehlen eine Fortführung der Physiotherapie im ambulanten Rahmen.",
    "Eine Vorstellung in unserer Ambulanz zur Verlaufskontrolle ist vorgesehen.",
    "Bei Rückfragen stehen wir Ihnen gerne telefonisch zur Verfügung.",
    "Der Blutdruck war unter der angepassten Medikation im Zielbereich.",
]


def _sentences(rng: random.Random, n: int) -> str:
    pool = list(SENT)
    rng.shuffle(pool)
    return " ".join(pool[: min(n, len(pool))])


def _pick(rng: random.Random, items: list[Any]) -> Any:
    return items[rng.randrange(len(items))]


# --- letterheads -----------------------------------------------------------------------------


def head(
    b: Builder, c: Ctx, style: str, org: str, sub: str, street: str, city: str, tel: str, fax: str
) -> None:
    """The sender's letterhead in one of several house styles."""
    rows = [
        (org, "sansb", 13),
        (sub, "sans", 9),
        (f"{street} · {city}", "sans", 8),
        (f"Tel. {tel} · Fax {fax}", "sans", 8),
    ]
    rows = [r for r in rows if r[0]]
    if style == "left":
        for i, (t, f, s) in enumerate(rows):
            b.at(70, 46 + i * 14, t, f, s)
    elif style == "right":
        for i, (t, f, s) in enumerate(rows):
            b.at(530, 46 + i * 14, t, f, s, "r")
    elif style == "center":
        for i, (t, f, s) in enumerate(rows):
            b.at(W2, 46 + i * 14, t, f, s, "c")
        b.page.rules.append((70, 46 + len(rows) * 14 - 4, 530, 46 + len(rows) * 14 - 4))
    else:  # a logo line; the name only in the footer
        initials = "".join(w[0] for w in org.replace("-", " ").split() if w[0].isupper())[:4]
        b.at(70, 54, f"{initials}  |  {sub}" if sub else initials, "dserifb", 16)
        b.page.rules.append((70, 62, 530, 62))
        b.footer.append((W2, 808, f"{org} · {street} · {city}", "sans", 7, "c"))
        b.footer.append((W2, 818, f"Telefon {tel} · Telefax {fax}", "sans", 7, "c"))
    b.at(70, 128, f"{org} · {street} · {city}"[:95], "sans", 6)


W2 = 297.5


def infoblock(
    b: Builder, c: Ctx, rows: list[tuple[str, str]], x: float = 370, y: float = 150
) -> None:
    for i, (k, v) in enumerate(rows):
        b.at(x, y + i * 12, k, "sans", 8)
        b.at(x + 78, y + i * 12, v, "sans", 8)


def sign(b: Builder, c: Ctx, names: list[tuple[str, str]], place_date: str | None = None) -> None:
    b.skip(6)
    b.line("Mit freundlichen Grüßen" if c.lang == "de" else "", size=10)
    if place_date:
        b.skip(4)
        b.line(place_date)
    b.skip(22)
    x = b.left
    y = b.y
    b.ensure(30)
    for name, role in names:
        c.person(name, role)
        b.at(x, round(b.y + 12, 2), name, "sans", 9)
        b.at(x, round(b.y + 23, 2), role, "sans", 8)
        x += 200
    b.y = max(y, b.y) + 26


# --- kinds of letter (German) ----------------------------------------------------------------


def k_discharge(b: Builder, c: Ctx) -> None:
    org, short, dept, street, city, tel, fax = _pick(c.rng, HOSP)
    style = _pick(c.rng, ["left", "right", "center", "logo"])
    head(b, c, style, org, dept, street, city, tel, fax)
    c.set_sender(org, [short, dept, f"{org}, {dept}"], fax, short)
    c.to_practice(b, 150)
    adm = c.rel(-30, -10)
    dis = c.rel(-8, -2)
    if c.rng.random() < 0.5:
        infoblock(
            b,
            c,
            [
                ("Station:", f"{c.rng.randint(1, 9)}{c.rng.choice('ABC')}"),
                ("Telefon:", tel),
                ("Unser Zeichen:", "re/kn"),
                *([("Ihre Pat.-Nr.:", c.pid())] if c.in_register and c.rng.random() < 0.5 else []),
                ("Datum:", c.ld()),
            ],
        )
        b.y = 235
        end_date = None
    else:
        b.y = 235
        end_date = f"{city.split(' ', 1)[1]}, den {c.ld(long=True)}"
    t = _pick(c.rng, ["Entlassungsbericht", "Vorläufiger Entlassungsbrief", "Arztbrief"])
    printed = t.upper() if c.rng.random() < 0.4 else t
    b.line(printed, "sansb", 12)
    c.set_title(printed, [t] if printed != t else [])
    b.skip(4)
    style_n = _pick(c.rng, ["herrn", "caps", "titled"])
    b.line(
        f"über {c.name(style_n)}, geb. {c.bd()}"
        if style_n != "caps"
        else f"Patient: {c.name(style_n)}   *{c.bd()}"
    )
    if c.needs_address() or c.rng.random() < 0.3:
        b.line(f"wohnhaft {c.address()}")
    b.line(f"stationär vom {c.other(adm, 'admission')} bis {c.other(dis, 'discharge')}")
    b.skip(8)
    b.line("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,")
    b.skip(4)
    b.para("wir berichten über die stationäre Behandlung o. g. Patienten in unserer Klinik.")
    b.line("Diagnosen:", "sansb")
    for dx, icd in c.rng.sample(DIAG, 3):
        b.line(f"– {dx} ({icd})")
    b.skip(6)
    b.line("Anamnese und Verlauf:", "sansb")
    for _ in range(3):
        b.para(_sentences(c.rng, 5))
    b.line("Medikation bei Entlassung:", "sansb")
    for m in c.rng.sample(MEDS, 6):
        b.line(m)
    b.skip(6)
    follow = c.rel(10, 40)
    b.para(
        f"Eine Wiedervorstellung in unserer Ambulanz ist am {c.other(follow, 'follow-up')} "
        "vorgesehen. " + _sentences(c.rng, 4)
    )
    b.para(_sentences(c.rng, 6))
    sign(
        b,
        c,
        [
            (_pick(c.rng, CHIEFS), "Chefarzt/Chefärztin"),
            (_pick(c.rng, DOCTORS), "Stationsarzt/-ärztin"),
        ],
        end_date,
    )
    b.running.append(
        (
            70,
            42,
            f"{c.sur.upper()}, {c.giv}, geb. {c.bd()} – {c.title} vom {c.ld()}",
            "sans",
            8,
            "l",
        )
    )
    b.running.append((530, 42, "Seite {n} von {t}", "sans", 8, "r"))
    b.running_height = 10
    c.notes.append("admission, discharge and follow-up dates besides the letter's date")


def k_specialist(b: Builder, c: Ctx) -> None:
    docs = [
        (
            "Gemeinschaftspraxis Kardiologie Steglitz",
            "Dr. med. Ulrike Dannenberg",
            "Fachärztin für Innere Medizin und Kardiologie",
            "Schloßstraße 101",
            "12163 Berlin",
            "030 791 2280",
            "030 791 2289",
            "Kardiologischer Befundbericht",
        ),
        (
            "Neurologie am Prenzlauer Berg",
            "Dr. med. Katarzyna Nowak",
            "Fachärztin für Neurologie",
            "Danziger Straße 66",
            "10435 Berlin",
            "030 440 1770",
            "030 440 1779",
            "Neurologischer Befund",
        ),
        (
            "Dermatologie am Hackeschen Markt",
            "Dr. med. Yusuf Arslan",
            "Facharzt für Haut- und Geschlechtskrankheiten",
            "Rosenthaler Straße 40",
            "10178 Berlin",
            "030 2809 330",
            "030 2809 339",
            "Dermatologischer Befundbericht",
        ),
        (
            "Augenarztpraxis Potsdam-West",
            "Dr. med. Henning Claußen",
            "Facharzt für Augenheilkunde",
            "Zeppelinstraße 136",
            "14471 Potsdam",
            "0331 951 220",
            "0331 951 229",
            "Augenärztlicher Befund",
        ),
        (
            "Urologie an der Spree Cottbus",
            "Dr. med. Sören Lauterbach",
            "Facharzt für Urologie",
            "Berliner Platz 6",
            "03046 Cottbus",
            "0355 380 470",
            "0355 380 479",
            "Urologischer Bericht",
        ),
    ]
    org, doc, spec, street, city, tel, fax, title = _pick(c.rng, docs)
    style = _pick(c.rng, ["left", "right", "center"])
    named_org = c.rng.random() < 0.6
    head(b, c, style, org if named_org else doc, spec, street, city, tel, fax)
    c.set_sender(org if named_org else doc, [doc] if named_org else [spec], fax)
    c.person(doc, "specialist")
    c.to_practice(b, 150)
    b.y = 228
    if c.rng.random() < 0.5:
        b.line(f"{city.split(' ', 1)[1]}, {c.ld()}", x=530, align="r")
        at_end = False
    else:
        at_end = True
    exam = c.rel(-9, -1)
    b.skip(10)
    labelled = c.rng.random() < 0.5
    if labelled:
        b.line(f"Betreff: {title}", "sansb")
        c.set_title(title, [f"Betreff: {title}"])
    else:
        b.line(title, "sansb")
        c.set_title(title)
    style_n = _pick(c.rng, ["comma", "herr", "capsall"])
    b.line(
        f"Pat.: {c.name(style_n)}, geb. {c.bd()}, Untersuchung am {c.other(exam, 'examination')}"
    )
    if c.needs_address():
        b.line(f"Anschrift: {c.address()}")
    if c.in_register and c.rng.random() < 0.4:
        b.line(f"Ihre Pat.-Nr.: {c.pid()}")
    b.skip(8)
    b.line("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,")
    b.skip(4)
    b.para("vielen Dank für die Überweisung. " + _sentences(c.rng, 4))
    b.line("Beurteilung:", "sansb")
    b.para(_sentences(c.rng, 3))
    if c.rng.random() < 0.5:
        b.line("Vorbefunde und Verlauf:", "sansb")
        for _ in range(7):
            b.para(_sentences(c.rng, 7))
        b.running.append(
            (70, 40, f"{c.sur}, {c.giv} (geb. {c.bd()}) – Fortsetzung", "sans", 8, "l")
        )
        b.footer.append((W2, 812, "Seite {n} von {t}", "sans", 8, "c"))
        b.running_height = 8
        c.notes.append("two pages: running header with the patient on page 2")
    sign(b, c, [(doc, spec)], f"{city.split(' ', 1)[1]}, den {c.ld()}" if at_end else None)
    c.other_people.pop()


def k_lab(b: Builder, c: Ctx) -> None:
    labs = [
        (
            "MVZ Labor Spandau-Havel GmbH",
            "Labor Spandau-Havel",
            "Klosterstraße 36",
            "13581 Berlin",
            "030 353 020",
            "030 353 0299",
        ),
        (
            "Labordiagnostik Märkisches Viertel",
            "LDMV",
            "Wilhelmsruher Damm 142",
            "13439 Berlin",
            "030 407 110",
            "030 407 1199",
        ),
        (
            "Laborverbund Lausitz-Spreewald MVZ",
            "Laborverbund Lausitz",
            "Karl-Liebknecht-Straße 8",
            "03046 Cottbus",
            "0355 780 400",
            "0355 780 409",
        ),
    ]
    org, short, street, city, tel, fax = _pick(c.rng, labs)
    head(
        b,
        c,
        _pick(c.rng, ["left", "right"]),
        org,
        "Laboratoriumsmedizin · Mikrobiologie",
        street,
        city,
        tel,
        fax,
    )
    c.set_sender(org, [short], fax, short)
    c.to_practice(b, 150, size=9)
    coll = c.rel(-3, -1)
    recv = coll + dt.timedelta(days=1)
    b.y = 225
    title = _pick(c.rng, ["Laborbefund", "Befundbericht – Endbefund", "LABORBERICHT"])
    b.line(title, "sansb", 13)
    c.set_title(title)
    b.skip(4)
    b.line(f"Patient:   {c.name('capsall')}", "mono", 9)
    b.line(f"Geb.-Dat.: {c.bd()}      Geschl.: {'M' if c.p.sex == 'M' else 'W'}", "mono", 9)
    if c.in_register and c.rng.random() < 0.6:
        b.line(f"Pat.-Nr. Einsender: {c.pid()}", "mono", 9)
    b.line(
        f"Entnahme:  {c.other(coll, 'collection')}  08:15   "
        f"Eingang: {c.other(recv, 'receipt in lab')}",
        "mono",
        9,
    )
    b.line(f"Befunddatum: {c.ld()}   Auftrag: {c.rng.randint(2400000, 2499999)}", "mono", 9)
    b.rule()
    b.line("Untersuchung            Ergebnis   Einheit    Referenzbereich", "mono", 9)
    b.rule()
    rows = [
        ("Leukozyten", "7,8", "/nl", "3,9 - 10,2"),
        ("Hämoglobin", "13,1", "g/dl", "12,0 - 16,0"),
        ("Thrombozyten", "241", "/nl", "150 - 370"),
        ("Kreatinin", "1,21 +", "mg/dl", "0,50 - 1,10"),
        ("eGFR (CKD-EPI)", "58 -", "ml/min", "> 60"),
        ("Kalium", "4,4", "mmol/l", "3,5 - 5,1"),
        ("HbA1c", "7,4 +", "%", "< 5,7"),
        ("TSH", "1,82", "mU/l", "0,27 - 4,20"),
        ("CRP", "12,4 +", "mg/l", "< 5,0"),
        ("LDL-Cholesterin", "131", "mg/dl", "< 116"),
    ]
    for name, val, unit, ref in c.rng.sample(rows, 7):
        b.line(f"{name:<24}{val:<11}{unit:<11}{ref}", "mono", 9)
    b.rule()
    b.para(
        "+ = erhöht, - = erniedrigt. Der Befund wurde technisch und medizinisch validiert.", size=8
    )
    doc = c.person(
        _pick(c.rng, ["Dr. med. Irene Voß", "Dr. rer. nat. Jakob Harms"]), "validating physician"
    )
    b.line(f"Validiert: {doc}", size=8)
    c.notes.append("collection and receipt dates next to the report date")


def k_radiology(b: Builder, c: Ctx) -> None:
    rad = [
        (
            "Radiologie am Kurfürstendamm",
            "Kurfürstendamm 210",
            "10719 Berlin",
            "030 887 2660",
            "030 887 2669",
        ),
        (
            "Radiologische Praxis Potsdam-Babelsberg",
            "Rudolf-Breitscheid-Straße 44",
            "14482 Potsdam",
            "0331 704 880",
            "0331 704 8899",
        ),
        (
            "MVZ Radiologie Frankfurt (Oder)",
            "Heilbronner Straße 1",
            "15230 Frankfurt (Oder)",
            "0335 680 990",
            "0335 680 9999",
        ),
    ]
    org, street, city, tel, fax = _pick(c.rng, rad)
    head(
        b,
        c,
        _pick(c.rng, ["center", "right", "logo"]),
        org,
        "MRT · CT · Röntgen · Mammographie",
        street,
        city,
        tel,
        fax,
    )
    c.set_sender(org, [], fax)
    c.to_practice(b, 150)
    b.y = 232
    exam = c.rel(-4, 0)
    method = _pick(
        c.rng,
        [
            "MRT der LWS nativ",
            "CT Thorax mit KM",
            "MRT Schädel nativ und mit KM",
            "Sonographie Abdomen",
        ],
    )
    b.line(f"Untersuchung vom {c.other(exam, 'examination')}: {method}", "sansb")
    c.set_title(method, [f"Untersuchung vom {c.d(exam)}: {method}"])
    b.line(f"Patient/in: {c.name(_pick(c.rng, ['comma', 'plain']))} (*{c.bd()})")
    if c.in_register and c.rng.random() < 0.4:
        b.line(f"Zuweiser-Patientennummer: {c.pid()}")
    if c.needs_address():
        b.line(c.address())
    b.skip(6)
    b.line("Rechtfertigende Indikation:", "sansb")
    b.para(
        "Seit mehreren Wochen persistierende Beschwerden, Ausschluss einer strukturellen Ursache."
    )
    b.line("Befund:", "sansb")
    b.para(
        "Regelrechte Darstellung der abgebildeten Strukturen. Keine raumfordernden Prozesse. "
        "Kein Nachweis einer frischen Ischämie. Geringe degenerative Veränderungen."
    )
    b.line("Beurteilung:", "sansb")
    b.para("Altersentsprechender Befund ohne Nachweis einer akuten Pathologie.")
    doc = c.person(_pick(c.rng, ["Dr. med. Frauke Ahlers", "Dr. med. Mehmet Aydın"]), "radiologist")
    b.skip(10)
    b.line(f"{doc}, Fachärztin/Facharzt für Radiologie", size=9)
    b.line(f"{city.split(' ', 1)[1]}, {c.ld()}", size=9)


def k_rehab(b: Builder, c: Ctx) -> None:
    org = _pick(
        c.rng, ["Rehabilitationsklinik Am Werbellinsee", "Reha-Zentrum Scharmützelsee Bad Saarow"]
    )
    head(
        b,
        c,
        "center",
        org,
        "Orthopädie · Kardiologie · Psychosomatik",
        "Seeweg 4",
        "16247 Joachimsthal" if "Werbellin" in org else "15526 Bad Saarow",
        "033363 600",
        "033363 6099",
    )
    c.set_sender(org, [], "033363 6099")
    c.to_practice(b, 150)
    adm, dis = c.rel(-40, -30), c.rel(-8, -5)
    infoblock(
        b,
        c,
        [
            ("Aufnahme:", c.other(adm, "admission")),
            ("Entlassung:", c.other(dis, "discharge")),
            ("Kostenträger:", "DRV Berlin-Brandenburg"),
            ("Datum:", c.ld()),
        ],
    )
    b.y = 240
    b.line("Ärztlicher Entlassungsbericht", "sansb", 12)
    b.line("medizinische Rehabilitation (Anschlussheilbehandlung)", "sansb", 12)
    c.set_title(
        "Ärztlicher Entlassungsbericht medizinische Rehabilitation (Anschlussheilbehandlung)",
        ["Ärztlicher Entlassungsbericht"],
    )
    b.skip(4)
    b.line(f"Rehabilitand/in: {c.name('herr')}, geb. {c.bd(long=True)}")
    if c.needs_address():
        b.line(c.address())
    b.line(
        f"Versicherungsnummer: {c.rng.randint(10, 99)} {c.p.birth_date:%d%m%y} "
        f"{c.sur[0].upper()} {c.rng.randint(100, 999)}"
    )
    b.skip(6)
    for _ in range(4):
        b.para(_sentences(c.rng, 6))
    b.line("Leistungsfähigkeit im Erwerbsleben: 6 Stunden und mehr", "sansb")
    b.para(_sentences(c.rng, 5))
    sign(b, c, [(_pick(c.rng, CHIEFS), "Chefarzt"), (_pick(c.rng, DOCTORS), "Oberarzt")])
    b.running.append(
        (297.5, 42, f"{c.sur}, {c.giv} · Entlassungsbericht · Seite {{n}}/{{t}}", "sans", 8, "c")
    )
    b.running_height = 10
    c.notes.append("title over two lines; admission and discharge in an information block")


def k_psych(b: Builder, c: Ctx) -> None:
    org = "Klinik für Psychiatrie, Psychotherapie und Psychosomatik Königin-Elisabeth-Hain"
    head(
        b,
        c,
        "right",
        "Königin-Elisabeth-Hain gGmbH",
        "Klinik für Psychiatrie, Psychotherapie und Psychosomatik",
        "Herzbergstraße 79",
        "10365 Berlin",
        "030 5472 3000",
        "030 5472 3009",
    )
    c.set_sender(
        "Königin-Elisabeth-Hain gGmbH",
        [org, "Klinik für Psychiatrie, Psychotherapie und Psychosomatik"],
        "030 5472 3009",
    )
    c.to_practice(b, 150)
    b.y = 230
    b.line(f"Berlin, {c.ld(long=True)}", x=530, align="r")
    b.skip(10)
    b.line(f"{c.name('capsall')}, * {c.bd()}", "sansb")
    if c.needs_address():
        b.line(c.address())
    b.line("Psychiatrischer Kurzbrief – teilstationäre Behandlung (Tagesklinik)")
    c.set_title(
        "Psychiatrischer Kurzbrief – teilstationäre Behandlung (Tagesklinik)",
        ["Psychiatrischer Kurzbrief"],
    )
    adm = c.rel(-50, -20)
    b.line(
        f"Behandlungszeitraum: {c.other(adm, 'admission')} – {c.other(c.rel(-3, -1), 'discharge')}"
    )
    b.skip(6)
    b.para(
        "Sehr geehrte Kollegin, sehr geehrter Kollege, wir berichten über o. g. Patientin/o. g. "
        "Patienten, die/der sich in unserer tagesklinischen Behandlung befand. Diagnose: "
        "mittelgradige depressive Episode (F32.1). Unter Sertralin 100 mg und "
        "Psychotherapie deutliche Stimmungsaufhellung, keine akute Suizidalität."
    )
    b.para(_sentences(c.rng, 4))
    if c.rng.random() < 0.6:
        for head_ in ("Psychopathologischer Befund:", "Verlauf:", "Procedere:"):
            b.line(head_, "sansb")
            for _ in range(3):
                b.para(_sentences(c.rng, 6))
        b.running.append((530, 40, f"{c.sur.upper()}, {c.giv} – Seite {{n}}", "sans", 8, "r"))
        b.running_height = 8
    sign(
        b,
        c,
        [
            (_pick(c.rng, DOCTORS), "Oberärztin/Oberarzt"),
            ("Dipl.-Psych. Merle Janssen", "Psychologische Psychotherapeutin"),
        ],
    )


def k_insurer(b: Builder, c: Ctx) -> None:
    ins = [
        (
            "AOK Nordost – Die Gesundheitskasse",
            "AOK Nordost",
            "Wilhelmstraße 1",
            "10963 Berlin",
            "0800 265 080 0",
            "0800 265 080 99",
        ),
        (
            "BARMER",
            "BARMER Berlin",
            "Axel-Springer-Straße 44",
            "10969 Berlin",
            "0800 333 1010",
            "0800 333 004 99",
        ),
        (
            "Techniker Krankenkasse",
            "TK",
            "Bramfelder Straße 140",
            "22305 Hamburg",
            "040 4606 6100",
            "040 4606 6199",
        ),
        (
            "IKK Brandenburg und Berlin",
            "IKK BB",
            "Ziolkowskistraße 6",
            "14480 Potsdam",
            "0331 2377 0",
            "0331 2377 299",
        ),
        (
            "Hanseatica Private Krankenversicherung AG",
            "Hanseatica PKV",
            "Ballindamm 3",
            "20095 Hamburg",
            "040 3099 0",
            "040 3099 199",
        ),
    ]
    org, short, street, city, tel, fax = _pick(c.rng, ins)
    head(b, c, _pick(c.rng, ["left", "right", "logo"]), org, "", street, city, tel, fax)
    c.set_sender(org, [short], fax, short)
    c.to_practice(b, 150)
    ref = [
        ("Ihr Zeichen", "—"),
        ("Unser Zeichen", f"KG-{c.rng.randint(10000, 99999)}"),
        ("Telefon", tel),
        ("Datum", c.ld()),
    ]
    b.y = 236
    xs = [70, 170, 290, 430]
    for (k, v), x in zip(ref, xs, strict=True):
        b.at(x, b.y, k, "sans", 7)
        b.at(x, b.y + 11, v, "sans", 9)
    b.y += 24
    subj = _pick(
        c.rng,
        [
            "Anfrage zur Arbeitsunfähigkeit Ihres Patienten",
            "Krankengeld – Bitte um ärztliche Stellungnahme",
            "Kostenübernahme für häusliche Krankenpflege",
        ],
    )
    b.line(subj, "sansb")
    c.set_title(subj)
    b.line(f"Versicherte/r: {c.name('plain')}, geboren am {c.bd()}")
    if c.needs_address():
        b.line(f"Anschrift: {c.address()}")
    b.line(f"Versichertennummer: {c.sur[0].upper()}{c.rng.randint(100000000, 999999999)}")
    b.skip(8)
    b.line("Sehr geehrte Frau Doktor, sehr geehrter Herr Doktor,")
    b.skip(4)
    au = c.rel(-60, -20)
    b.para(
        f"Ihr Patient ist seit dem {c.other(au, 'incapacity for work since')} arbeitsunfähig. "
        "Bitte teilen Sie uns auf dem beiliegenden Vordruck mit, welche Diagnosen die "
        "Arbeitsunfähigkeit begründen und wann mit der Wiederaufnahme zu rechnen ist."
    )
    b.para(
        f"Bitte antworten Sie bis zum {c.other(c.rel(14, 21), 'reply by')}. "
        "Die Vergütung erfolgt nach Muster 52."
    )
    sign(
        b,
        c,
        [
            (
                _pick(c.rng, ["Sandra Mehnert", "Kevin Polenz", "Anett Jurk"]),
                "Sachbearbeitung Krankengeld",
            )
        ],
    )


def k_drv(b: Builder, c: Ctx) -> None:
    head(
        b,
        c,
        "left",
        "Deutsche Rentenversicherung Berlin-Brandenburg",
        "Sozialmedizinischer Dienst",
        "Bertha-von-Suttner-Straße 1",
        "15236 Frankfurt (Oder)",
        "0335 551 0",
        "0335 551 1295",
    )
    c.set_sender(
        "Deutsche Rentenversicherung Berlin-Brandenburg",
        ["DRV Berlin-Brandenburg", "Sozialmedizinischer Dienst"],
        "0335 551 1295",
        "DRV Berlin-Brandenburg",
    )
    c.to_practice(b, 150)
    infoblock(
        b,
        c,
        [
            (
                "Versicherungsnr.:",
                f"{c.rng.randint(10, 99)} {c.p.birth_date:%d%m%y} "
                f"{c.sur[0].upper()} {c.rng.randint(100, 999)}",
            ),
            ("Zeichen:", "SMD 4-12"),
            ("Datum:", c.ld()),
        ],
    )
    b.y = 240
    b.line("Anforderung eines ärztlichen Befundberichts", "sansb")
    b.line("zum Antrag auf Leistungen zur medizinischen Rehabilitation", "sansb")
    c.set_title(
        "Anforderung eines ärztlichen Befundberichts zum Antrag auf Leistungen zur "
        "medizinischen Rehabilitation",
        ["Anforderung eines ärztlichen Befundberichts"],
    )
    b.skip(4)
    b.line(f"Versicherte Person: {c.name('comma')}")
    b.line(f"Geburtsdatum: {c.bd()}")
    if c.needs_address():
        b.line(f"Wohnort: {c.address()}")
    antrag = c.rel(-30, -10)
    b.skip(6)
    b.para(
        f"Die oben genannte Person hat am {c.other(antrag, 'application')} Leistungen zur "
        "medizinischen Rehabilitation beantragt. Für die Prüfung benötigen wir Ihren "
        "Befundbericht (Vordruck S0051). Bitte fügen Sie vorhandene Fremdbefunde bei."
    )
    b.para(
        "Für den Befundbericht erhalten Sie eine Vergütung nach dem JVEG. Vielen Dank für Ihre "
        "Unterstützung."
    )
    sign(b, c, [("Im Auftrag", "Sozialmedizinischer Dienst")])
    c.other_people.pop()


def k_md(b: Builder, c: Ctx) -> None:
    head(
        b,
        c,
        "right",
        "Medizinischer Dienst Berlin-Brandenburg",
        "Begutachtung Pflege",
        "Konrad-Wolf-Allee 1",
        "14480 Potsdam",
        "0331 5067 0",
        "0331 5067 3300",
    )
    c.set_sender(
        "Medizinischer Dienst Berlin-Brandenburg",
        ["MD Berlin-Brandenburg"],
        "0331 5067 3300",
        "MD Berlin-Brandenburg",
    )
    c.to_practice(b, 150)
    b.y = 232
    subj = "Pflegebegutachtung nach § 18 SGB XI"
    b.line(subj, "sansb")
    c.set_title(subj)
    b.line(f"Antragsteller/in: {c.name('titled')} – geboren {c.bd()}")
    if c.needs_address():
        b.line(c.address())
    visit = c.rel(7, 20)
    b.skip(6)
    b.para(
        f"Im Auftrag der Pflegekasse werden wir die Begutachtung am {c.other(visit, 'home visit')} "
        "im häuslichen Umfeld durchführen. Wir bitten Sie um Übersendung aktueller Befunde, "
        "insbesondere zu Mobilität, kognitiven Fähigkeiten und Selbstversorgung."
    )
    son = c.person(f"{_pick(c.rng, ['Thomas', 'Daniela', 'Marcel'])} {c.sur}", "relative (child)")
    rb = (
        dt.date(c.p.birth_date.year + 26, 3, 11)
        if c.p.birth_date.year < 1995
        else dt.date(1970, 3, 11)
    )
    b.para(f"Als Ansprechpartner ist {son}, geb. {c.other(rb, 'relative birth date')}, benannt.")
    b.line(f"Potsdam, den {c.ld()}")
    sign(b, c, [("Gutachterin Pflege", "MD Berlin-Brandenburg")])
    c.other_people.pop()
    c.notes.append("a relative's birth date besides the patient's")


def k_bg(b: Builder, c: Ctx) -> None:
    head(
        b,
        c,
        "left",
        "BG Verkehr",
        "Berufsgenossenschaft Verkehrswirtschaft Post-Logistik Telekommunikation",
        "Ottenser Hauptstraße 54",
        "22765 Hamburg",
        "040 3980 0",
        "040 3980 1999",
    )
    c.set_sender(
        "BG Verkehr",
        ["Berufsgenossenschaft Verkehrswirtschaft Post-Logistik Telekommunikation"],
        "040 3980 1999",
    )
    c.to_practice(b, 150)
    acc = c.rel(-40, -10)
    infoblock(
        b,
        c,
        [
            ("Az.:", f"{c.rng.randint(100, 999)}/{c.rng.randint(10000, 99999)}/24"),
            ("Unfalltag:", c.other(acc, "accident")),
            ("Datum:", c.ld()),
        ],
    )
    b.y = 236
    b.line(f"Arbeitsunfall von {c.name('herrn')}, geb. {c.bd()}", "sansb")
    c.set_title(f"Arbeitsunfall von {c.as_written}, geb. {c.bd()}", ["Arbeitsunfall"])
    if c.needs_address():
        b.line(c.address())
    b.skip(6)
    b.para(
        "Sehr geehrte Damen und Herren, in o. g. Angelegenheit bitten wir um Übersendung Ihrer "
        "Behandlungsunterlagen und des Vorerkrankungsverzeichnisses der letzten fünf Jahre."
    )
    b.para("Die Kosten werden nach dem Abkommen Ärzte/Unfallversicherungsträger erstattet.")
    sign(b, c, [(_pick(c.rng, ["Rainer Schmoll", "Derya Akın"]), "Reha-Management")])


def k_health_office(b: Builder, c: Ctx) -> None:
    office = _pick(
        c.rng,
        [
            (
                "Bezirksamt Friedrichshain-Kreuzberg von Berlin",
                "Gesundheitsamt",
                "Urbanstraße 24",
                "10967 Berlin",
            ),
            (
                "Landeshauptstadt Potsdam",
                "Fachbereich Gesundheit – Gesundheitsamt",
                "Friedrich-Ebert-Straße 79/81",
                "14469 Potsdam",
            ),
        ],
    )
    org, dept, street, city = office
    head(b, c, "center", org, dept, street, city, "030 90298 0", "030 90298 4109")
    c.set_sender(org, [dept, "Gesundheitsamt"], "030 90298 4109", "Gesundheitsamt")
    c.to_practice(b, 150)
    b.y = 230
    b.line(f"Datum: {c.ld()}", x=530, align="r")
    b.skip(6)
    b.line("Meldung nach § 6 IfSG – Rückfrage", "sansb")
    c.set_title("Meldung nach § 6 IfSG – Rückfrage")
    b.line(f"Betroffene Person: {c.name('capsall')}, geb. {c.bd()}")
    if c.needs_address():
        b.line(f"Anschrift: {c.address()}")
    onset = c.rel(-14, -7)
    b.skip(6)
    b.para(
        f"Zu der Meldung mit Erkrankungsbeginn am {c.other(onset, 'onset of illness')} bitten wir "
        "um Angaben zu Impfstatus, Kontaktpersonen und Labornachweis."
    )
    sign(b, c, [("Dr. med. Gesine Wartenberg", "Amtsärztin")])


def k_lageso(b: Builder, c: Ctx) -> None:
    head(
        b,
        c,
        "logo",
        "Landesamt für Gesundheit und Soziales Berlin",
        "Versorgungsamt",
        "Sächsische Straße 28",
        "10707 Berlin",
        "030 90229 6000",
        "030 90229 6099",
    )
    c.set_sender(
        "Landesamt für Gesundheit und Soziales Berlin",
        ["LAGeSo", "Versorgungsamt", "Landesamt für Gesundheit und Soziales"],
        "030 90229 6099",
        "LAGeSo Berlin",
    )
    c.to_practice(b, 150)
    b.y = 230
    b.line(f"Geschäftszeichen: 54-SB-{c.rng.randint(100000, 999999)}", size=9)
    b.line(f"Berlin, {c.ld()}", size=9)
    b.skip(8)
    b.line("Schwerbehindertenrecht (SGB IX)", "sansb")
    b.line("Anforderung eines Befundberichts", "sansb")
    c.set_title(
        "Schwerbehindertenrecht (SGB IX) Anforderung eines Befundberichts",
        ["Anforderung eines Befundberichts", "Schwerbehindertenrecht (SGB IX)"],
    )
    b.line(f"Antragstellende Person: {c.name('herr')}, geb. am {c.bd(long=True)}")
    if c.needs_address():
        b.line(f"wohnhaft: {c.address()}")
    b.skip(6)
    b.para(
        "Die o. g. Person hat einen Antrag auf Feststellung des Grades der Behinderung "
        "gestellt und Sie als behandelnde Ärztin/behandelnden Arzt benannt. Eine "
        "Schweigepflichtentbindung liegt vor."
    )
    sign(b, c, [("Im Auftrag", "Versorgungsamt")])
    c.other_people.pop()


def k_court(b: Builder, c: Ctx) -> None:
    court = _pick(
        c.rng,
        [
            ("Amtsgericht Pankow", "Betreuungsgericht", "Kissingenstraße 5-6", "13189 Berlin"),
            ("Amtsgericht Cottbus", "Betreuungsgericht", "Gerichtsplatz 2", "03046 Cottbus"),
            ("Sozialgericht Berlin", "Kammer 81", "Invalidenstraße 52", "10557 Berlin"),
        ],
    )
    org, dept, street, city = court
    head(b, c, "center", org, dept, street, city, "030 90245 0", "030 90245 111")
    c.set_sender(org, [dept], "030 90245 111")
    c.to_practice(b, 150)
    b.y = 228
    az = f"{c.rng.randint(10, 99)} XVII {c.rng.randint(100, 999)}/25"
    b.line(f"Geschäftsnummer: {az}", size=9, x=530, align="r")
    b.line(c.ld(long=True), size=9, x=530, align="r")
    b.skip(10)
    if "Sozial" in org:
        subj = f"In dem Rechtsstreit {c.name('comma')} ./. Deutsche Rentenversicherung Bund"
    else:
        subj = f"Betreuungssache {c.name('comma')}"
    b.line(subj, "sansb")
    c.set_title(subj, [subj.split(" ")[0]])
    b.line(f"geboren am {c.bd()}")
    if c.needs_address():
        b.line(c.address())
    b.skip(6)
    b.para(
        "Sehr geehrte Frau Doktor, sehr geehrter Herr Doktor, das Gericht bittet um Übersendung "
        "eines ärztlichen Attestes bzw. Befundberichts über die bei der betroffenen Person "
        "bestehenden Erkrankungen binnen drei Wochen."
    )
    b.line("Auf Anordnung", size=9)
    b.line(c.person("Justizbeschäftigte Sommer", "court clerk"), size=9)


def k_jobcenter(b: Builder, c: Ctx) -> None:
    head(
        b,
        c,
        "left",
        "Jobcenter Berlin Neukölln",
        "Ärztlicher Dienst der Agentur für Arbeit",
        "Mainzer Straße 27",
        "12053 Berlin",
        "030 5555 53 0",
        "030 5555 53 999",
    )
    c.set_sender(
        "Jobcenter Berlin Neukölln", ["Ärztlicher Dienst der Agentur für Arbeit"], "030 5555 53 999"
    )
    c.to_practice(b, 150)
    infoblock(
        b,
        c,
        [
            ("BG-Nummer:", f"96{c.rng.randint(100, 999)}BG{c.rng.randint(1000000, 9999999)}"),
            ("Datum:", c.ld()),
        ],
    )
    b.y = 232
    subj = "Gesundheitsfragebogen / Befundanforderung"
    b.line(subj, "sansb")
    c.set_title(subj)
    b.line(f"Kundin/Kunde: {c.name('comma')}   geb. {c.bd()}")
    if c.needs_address():
        b.line(c.address())
    b.skip(6)
    b.para(
        "Zur Beurteilung der Leistungsfähigkeit bitten wir Sie, den beigefügten Befundbogen "
        "auszufüllen und im Freiumschlag an den Ärztlichen Dienst zurückzusenden."
    )
    sign(b, c, [("Ihr Jobcenter Berlin Neukölln", "Team 963")])
    c.other_people.pop()


def k_care(b: Builder, c: Ctx) -> None:
    org = _pick(
        c.rng,
        [
            "Ambulanter Pflegedienst Sonnenschein Marzahn GmbH",
            "Seniorenresidenz Am Müggelsee",
            "Diakoniestation Frankfurt (Oder)",
        ],
    )
    head(
        b,
        c,
        _pick(c.rng, ["left", "right"]),
        org,
        "Pflege · Betreuung · Beratung",
        "Märkische Allee 200",
        "12679 Berlin",
        "030 9339 220",
        "030 9339 229",
    )
    c.set_sender(org, [], "030 9339 229")
    c.to_practice(b, 150, size=9)
    b.y = 230
    title = _pick(
        c.rng,
        [
            "Verordnung häuslicher Krankenpflege – Folgeverordnung",
            "Bitte um Rezepte",
            "PFLEGEÜBERLEITUNG",
        ],
    )
    b.line(title, "sansb")
    c.set_title(title)
    b.line(f"Bewohner/Klient: {c.name('comma')} (geb. {c.bd()})")
    if c.in_register and c.rng.random() < 0.5:
        b.line(f"Ihre Patientennummer: {c.pid()}")
    if c.needs_address():
        b.line(c.address())
    b.skip(6)
    b.para(
        "Sehr geehrte Frau Doktor, sehr geehrter Herr Doktor, für o. g. Klienten benötigen "
        "wir eine Folgeverordnung für Medikamentengabe und Kompressionsstrümpfe (Mo–So). "
        f"Die aktuelle Verordnung endet am {c.other(c.rel(3, 9), 'current prescription ends')}."
    )
    b.line(f"Berlin, {c.ld()}")
    sign(
        b,
        c,
        [
            (
                _pick(c.rng, ["Schwester Doreen Kupsch", "Pflegedienstleitung M. Ramadani"]),
                "Pflegedienstleitung",
            )
        ],
    )


def k_pharmacy(b: Builder, c: Ctx) -> None:
    org = _pick(
        c.rng,
        [
            "Kiez-Apotheke am Boxhagener Platz",
            "Brandenburger Tor Apotheke Potsdam",
            "Stern-Apotheke Cottbus",
        ],
    )
    b.at(W2, 50, org, "serifb", 15, "c")
    b.at(W2, 66, "Inh. Apothekerin Dr. rer. nat. Sevgi Tunç e.K.", "serif", 9, "c")
    b.at(W2, 78, "Telefon 030 2977 1840 · Telefax 030 2977 1841", "serif", 9, "c")
    c.set_sender(org, ["Dr. rer. nat. Sevgi Tunç"], "030 2977 1841")
    b.y = 110
    b.line("TELEFAX – Rückfrage zur Verordnung", "sansb", 12)
    c.set_title("Rückfrage zur Verordnung", ["TELEFAX – Rückfrage zur Verordnung"])
    b.skip(4)
    b.line(f"An: {c.practice['names'][-2]}")
    b.line(f"Patient: {c.name('plain')}")
    rx = c.rel(-3, -1)
    b.line(f"Rezept vom: {c.other(rx, 'prescription')}")
    b.skip(6)
    b.para(
        "Das verordnete Präparat (Candesartan 16 mg N3) ist derzeit nicht lieferbar. Wir bitten "
        "um Freigabe eines Austauschs gegen ein wirkstoffgleiches Präparat oder um eine neue "
        "Verordnung. Bitte kreuzen Sie an und faxen Sie zurück:"
    )
    b.line("[ ] Austausch einverstanden     [ ] neue Verordnung folgt")
    b.skip(30)
    b.line(f"Datum: {c.ld()}         Unterschrift/Stempel Praxis: ____________________")
    c.notes.append("no birth date; reply form with an empty signature field")


def k_therapist(b: Builder, c: Ctx) -> None:
    org = _pick(
        c.rng,
        [
            "Physiotherapie Spreewelle",
            "Ergotherapie Prenzlauer Berg",
            "Logopädische Praxis Stimmwerk Potsdam",
        ],
    )
    head(
        b,
        c,
        "right",
        org,
        "Heilmittelpraxis",
        "Greifswalder Straße 12",
        "10405 Berlin",
        "030 4208 5560",
        "030 4208 5561",
    )
    c.set_sender(org, [], "030 4208 5561")
    c.to_practice(b, 150)
    b.y = 232
    b.line("Therapiebericht", "sansb", 12)
    c.set_title("Therapiebericht")
    b.line(f"für {c.name('herr')}")
    if c.needs_address():
        b.line(c.address())
    first = c.rel(-70, -50)
    b.line(
        f"Verordnung vom {c.other(first, 'prescription')}, 10 Behandlungen, "
        f"letzte Behandlung {c.other(c.rel(-4, -1), 'last session')}"
    )
    b.skip(6)
    b.para(
        "Der Patient nahm regelmäßig an der Therapie teil. Beweglichkeit und Kraft haben sich "
        "deutlich verbessert. Wir empfehlen eine weitere Verordnung (Folgeverordnung) mit "
        "Doppelbehandlung."
    )
    b.line(f"Berlin, {c.ld()}")
    sign(
        b,
        c,
        [
            (
                _pick(
                    c.rng,
                    [
                        "Jonas Brettschneider, B.Sc. Physiotherapie",
                        "Mareike Olbrich, Ergotherapeutin",
                    ],
                ),
                "Therapeut/in",
            )
        ],
    )
    c.notes.append("no birth date printed")


def k_email(b: Builder, c: Ctx) -> None:
    org = _pick(c.rng, HOSP)
    sender_name = _pick(c.rng, DOCTORS)
    addr = sender_name.split()[-1].lower().replace("ß", "ss").replace("ğ", "g").replace("ö", "oe")
    b.y = 40
    b.line(
        f"Von:      {sender_name} <{addr}@{org[1].split()[0].lower().replace('-', '')}.de>",
        "arial",
        9,
    )
    b.line(f"Gesendet: {c.ld()} 10:4{c.rng.randint(0, 9)}", "arial", 9)
    b.line(f"An:       praxis@{c.practice['doctor'].split()[-1].lower()}.de", "arial", 9)
    subj = _pick(
        c.rng,
        ["WG: Befund Echo – Rückruf erbeten", "Kurzinfo zur Aufnahme", "AW: Termin Koloskopie"],
    )
    b.line(f"Betreff:  {subj}", "arial", 9)
    c.set_title(subj, [f"Betreff:  {subj}"])
    b.rule()
    b.skip(6)
    b.line("Liebe Kolleginnen und Kollegen,", "arial")
    b.skip(4)
    b.line("kurz zu unserer gemeinsamen Patientin/unserem gemeinsamen Patienten", "arial")
    b.line(f"{c.name('plain')} (geb. {c.bd()}):", "arial")
    b.para(_sentences(c.rng, 3), "arial")
    if c.needs_address():
        b.line(f"(Adresse lt. Aufnahme: {c.address()})", "arial")
    b.para("Viele Grüße", "arial")
    b.line(sender_name, "arial")
    b.line(org[2], "arial")
    b.line(org[0], "arial")
    c.set_sender(org[0], [sender_name, org[2], org[1]], org[6], org[1])
    c.person(sender_name, "author")
    b.footer.append((70, 815, "Diese E-Mail enthält vertrauliche Informationen.", "arial", 7, "l"))
    c.notes.append("an e-mail printout: sender in the signature, date in the header")


def k_portal(b: Builder, c: Ctx) -> None:
    b.y = 40
    b.line("https://zuweiserportal.uk-spree.de/befunde/ansicht", "mono", 7)
    b.line(f"Zuweiserportal · Ausdruck vom {c.other(c.rel(1, 3), 'printout')}", "arial", 8)
    b.rule()
    b.line("Universitätsklinikum Spree – Zuweiserportal", "arialb", 13)
    c.set_sender(
        "Universitätsklinikum Spree",
        ["Universitätsklinikum Spree – Zuweiserportal", "UK Spree"],
        "030 450 513 909",
        "UK Spree",
    )
    b.skip(6)
    b.line(f"Patient           {c.name('caps')}", "arial", 10)
    b.line(f"Geburtsdatum      {c.bd()}", "arial", 10)
    if c.needs_address():
        b.line(f"Adresse           {c.address()}", "arial", 10)
    b.line(f"Fall-Nr.          {c.rng.randint(40000000, 49999999)}", "arial", 10)
    b.line("Dokument          Ambulanzbrief Rheumatologie", "arial", 10)
    c.set_title("Ambulanzbrief Rheumatologie")
    b.line(f"Dokumentdatum     {c.ld()}", "arial", 10)
    b.rule()
    b.para(
        "Seropositive rheumatoide Arthritis, unter Methotrexat 15 mg/Woche stabil. "
        "DAS28 2,4. Folsäure 5 mg am Folgetag. Kontrolle der Transaminasen alle 8 Wochen.",
        "arial",
    )
    c.notes.append("a portal printout: the printout date is not the letter's date")


def k_handnote(b: Builder, c: Ctx) -> None:
    c.handwritten = True
    c.cover_ok = False
    org = _pick(c.rng, ["Pflegedienst Havelblick", "Seniorenheim Lindenhof Cottbus"])
    b.at(70, 60, org, "sansb", 11)
    b.at(70, 74, "Telefon 0331 979 440 · Fax 0331 979 441", "sans", 8)
    c.set_sender(org, [], "0331 979 441")
    b.y = 120
    dated = c.rng.random() < 0.6
    b.line("Liebe Frau Doktor," if c.rng.random() < 0.5 else "Lieber Herr Doktor,", "hand", 15)
    b.skip(6)
    b.line(f"bei {c.name('plain')} ist", "hand", 15)
    b.line("der Blutzucker seit 3 Tagen", "hand", 15)
    b.line("morgens über 250. Bitte um", "hand", 15)
    b.line("Rückruf oder neue Anordnung.", "hand", 15)
    b.skip(10)
    b.line("Danke! Schwester Ilona", "hand", 15)
    c.person("Schwester Ilona", "nurse")
    if dated:
        b.line(c.ld(), "hand", 14)
    else:
        c.date = None
        c.notes.append("an undated handwritten note")
    c.set_title(None)
    c.notes.append("handwritten (a stand-in italic font); no birth date")


# --- kinds of letter (abroad) ----------------------------------------------------------------


def k_poland(b: Builder, c: Ctx) -> None:
    c.region, c.lang = "PL", "pl"
    org = _pick(
        c.rng, ["Szpital Miejski w Słubicach", "Szpital Wojewódzki im. M. Kopernika w Szczecinie"]
    )
    city = "Słubice" if "Słub" in org else "Szczecin"
    b.at(W2, 50, "RZECZPOSPOLITA POLSKA", "sans", 8, "c")
    b.at(W2, 66, org, "sansb", 13, "c")
    b.at(
        W2,
        80,
        "Oddział Chorób Wewnętrznych · tel. +48 95 758 20 00 · faks +48 95 758 20 09",
        "sans",
        8,
        "c",
    )
    c.set_sender(org, ["Oddział Chorób Wewnętrznych"], "+48 95 758 20 09")
    b.y = 110
    b.line(f"{city}, dnia {c.ld(long=True)}", x=530, align="r")
    b.skip(10)
    b.line("KARTA INFORMACYJNA LECZENIA SZPITALNEGO", "sansb", 12)
    c.set_title("KARTA INFORMACYJNA LECZENIA SZPITALNEGO", ["Karta informacyjna"])
    b.skip(4)
    b.line(f"Pacjent: {c.name('capsall')}")
    b.line(f"Data urodzenia: {c.bd()}")
    bdt = c.p.birth_date
    month = bdt.month + (20 if bdt.year >= 2000 else 0)
    pesel = f"{bdt:%y}{month:02d}{bdt:%d}{c.rng.randint(10000, 99999)}"
    b.line(f"PESEL: {pesel}")
    if c.needs_address():
        b.line(f"Adres: {c.address()}")
    adm = c.rel(-12, -6)
    dis = c.rel(-4, -1)
    b.line(
        f"Data przyjęcia: {c.other(adm, 'admission')}   Data wypisu: {c.other(dis, 'discharge')}"
    )
    b.skip(6)
    b.line("Rozpoznanie:", "sansb")
    b.para("Zapalenie płuc prawostronne (J18.9). Nadciśnienie tętnicze (I10).")
    b.line("Zalecenia:", "sansb")
    b.para("Kontynuacja antybiotykoterapii do 7 dni. Kontrola u lekarza rodzinnego w Niemczech.")
    doc = c.person("lek. med. Agnieszka Wróbel", "physician")
    b.skip(10)
    b.line(doc)
    b.line("specjalista chorób wewnętrznych", size=8)
    c.notes.append("Polish: PESEL number, 'dnia' date, surname in capitals")


def k_czech(b: Builder, c: Ctx) -> None:
    c.region, c.lang = "CZ", "cs"
    org = "Nemocnice Děčín, o.z."
    head(
        b,
        c,
        "left",
        org,
        "Interní oddělení",
        "U Nemocnice 1",
        "405 02 Děčín",
        "+420 412 705 111",
        "+420 412 705 199",
    )
    c.set_sender(
        org, ["Krajská zdravotní, a.s. – Nemocnice Děčín", "Interní oddělení"], "+420 412 705 199"
    )
    b.y = 150
    b.line("PROPOUŠTĚCÍ ZPRÁVA", "sansb", 12)
    c.set_title("PROPOUŠTĚCÍ ZPRÁVA", ["Propouštěcí zpráva"])
    b.line(f"Jméno pacienta: {c.name('plain')}")
    b.line(f"Datum narození: {c.bd()}")
    if c.needs_address():
        b.line(f"Bydliště: {c.address()}")
    adm, dis = c.rel(-9, -5), c.rel(-3, -1)
    b.line(f"Hospitalizace: {c.other(adm, 'admission')} – {c.other(dis, 'discharge')}")
    b.skip(6)
    b.para(
        "Diagnóza: Fibrilace síní s rychlou odpovědí komor (I48.1). Nastavena antikoagulační "
        "léčba, doporučena kontrola u praktického lékaře."
    )
    b.line(f"V Děčíně dne {c.ld(long=True)}")
    b.skip(10)
    b.line(c.person("MUDr. Petr Horáček", "physician"))


def k_cyr(b: Builder, c: Ctx) -> None:
    ua = c.sur in UA_NAMES
    c.region, c.lang = ("UA", "uk") if ua else ("RU", "ru")
    c.sur, c.giv = CYR[c.sur], CYR.get(c.giv, c.giv)
    if ua:
        org = "Київська міська клінічна лікарня № 12"
        b.at(W2, 50, "МІНІСТЕРСТВО ОХОРОНИ ЗДОРОВ'Я УКРАЇНИ", "sans", 8, "c")
        b.at(W2, 66, org, "sansb", 12, "c")
        b.at(W2, 80, "вул. Підвисоцького, 4-а, м. Київ · тел. +380 44 285 1080", "sans", 8, "c")
        title = "ВИПИСКА З МЕДИЧНОЇ КАРТИ СТАЦІОНАРНОГО ХВОРОГО"
        lab = ("П.І.Б.:", "Дата народження:", "Дата надходження:", "Дата виписки:", "Діагноз:")
        dx = "Гіпертонічна хвороба II ст. (I11.9). Рекомендовано спостереження сімейного лікаря."
        docn = "Лікар: Коваль О. М."
    else:
        org = "Городская клиническая больница № 7"
        b.at(W2, 50, org, "sansb", 12, "c")
        b.at(W2, 64, "г. Калининград, ул. Летняя, 3 · тел. +7 4012 46 1122", "sans", 8, "c")
        title = "ВЫПИСНОЙ ЭПИКРИЗ"
        lab = ("Ф.И.О.:", "Дата рождения:", "Дата поступления:", "Дата выписки:", "Диагноз:")
        dx = "Сахарный диабет 2 типа (E11.9). Рекомендовано наблюдение у терапевта."
        docn = "Лечащий врач: Петрова Н. С."
    c.set_sender(org, [], "+380 44 285 1089" if ua else "+7 4012 46 1129")
    b.y = 110
    b.line(title, "sansb", 11)
    c.set_title(title)
    b.line(f"{lab[0]} {c.sur} {c.giv}")
    if not c.as_written:
        c.as_written = f"{c.sur} {c.giv}"
        c.name_as_letter = f"{c.giv} {c.sur}"
    b.line(f"{lab[1]} {c.bd()}")
    b.line(f"{lab[2]} {c.other(c.rel(-10, -6), 'admission')}")
    b.line(f"{lab[3]} {c.other(c.rel(-4, -1), 'discharge')}")
    b.line(lab[4], "sansb")
    b.para(dx)
    b.skip(10)
    b.line(docn)
    b.line(c.ld(long=True))
    c.notes.append("Cyrillic; the name surname-first in Cyrillic, register in Latin")


def k_turkey(b: Builder, c: Ctx) -> None:
    c.region, c.lang = "TR", "tr"
    org = "T.C. Sağlık Bakanlığı Antalya Eğitim ve Araştırma Hastanesi"
    b.at(W2, 50, org, "sansb", 11, "c")
    b.at(
        W2,
        64,
        "İç Hastalıkları Kliniği · Tel: +90 242 249 44 00 · Faks: +90 242 249 44 62",
        "sans",
        8,
        "c",
    )
    c.set_sender(org, ["Antalya Eğitim ve Araştırma Hastanesi"], "+90 242 249 44 62")
    b.y = 100
    b.line(f"Tarih: {c.ld()}", x=530, align="r")
    b.skip(8)
    b.line("EPİKRİZ", "sansb", 12)
    c.set_title("EPİKRİZ", ["Epikriz"])
    b.line(f"Hasta Adı Soyadı: {c.name('plain')}")
    b.line(f"Doğum Tarihi: {c.bd()}")
    b.line(
        f"Yatış Tarihi: {c.other(c.rel(-8, -5), 'admission')}   Çıkış Tarihi: "
        f"{c.other(c.rel(-3, -1), 'discharge')}"
    )
    b.skip(6)
    b.para(
        "Tanı: Akut gastroenterit, dehidratasyon. Hasta intravenöz sıvı tedavisi ile taburcu "
        "edilmiştir. Almanya'daki aile hekimi kontrolü önerilir."
    )
    b.line(c.person("Uzm. Dr. Selin Karaca", "physician"))


def k_vietnam(b: Builder, c: Ctx) -> None:
    c.region, c.lang = "VN", "vi"
    org = "Bệnh viện Đa khoa Tỉnh Nam Định"
    b.at(70, 50, "SỞ Y TẾ NAM ĐỊNH", "sans", 9)
    b.at(70, 64, org.upper(), "sansb", 10)
    b.at(530, 50, "CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM", "sansb", 9, "r")
    b.at(530, 64, "Độc lập - Tự do - Hạnh phúc", "sans", 9, "r")
    c.set_sender(org.upper(), [org], "+84 228 3849 123")
    b.y = 100
    b.line(f"Nam Định, {c.ld(long=True)}", x=530, align="r")
    b.skip(10)
    b.line("GIẤY RA VIỆN", "sansb", 13, x=W2, align="c")
    c.set_title("GIẤY RA VIỆN")
    b.line(f"Họ tên người bệnh: {c.sur.upper()} {c.giv.upper()}")
    c.as_written = f"{c.sur.upper()} {c.giv.upper()}"
    c.name_as_letter = f"{c.giv} {c.sur}"
    b.line(f"Ngày sinh: {c.bd()}")
    b.line(f"Vào viện: {c.other(c.rel(-9, -6), 'admission')}")
    b.line(f"Ra viện: {c.other(c.rel(-3, -1), 'discharge')}")
    b.para("Chẩn đoán: Viêm phổi cộng đồng. Phương pháp điều trị: kháng sinh đường tĩnh mạch.")
    b.line(c.person("BS. Nguyễn Văn Hùng", "physician"))
    c.notes.append("Vietnamese with diacritics; surname first in capitals")


def k_english(b: Builder, c: Ctx, region: str) -> None:
    c.region = region
    c.lang = "sv" if region == "SE" else "en"
    if region == "IL":
        org, sub, fax = (
            "Carmel Coast Medical Center",
            "Department of Internal Medicine B, Haifa, Israel",
            "+972 4 854 2201",
        )
        title = "Discharge Summary"
    elif region == "GB":
        org, sub, fax = (
            "St Aldhelm's Hospital NHS Foundation Trust",
            "Acute Medical Unit, Salisbury SP2 8BJ",
            "+44 1722 336 263",
        )
        title = "Discharge Letter"
    elif region == "US":
        org, sub, fax = (
            "Mercy General Hospital",
            "Department of Emergency Medicine, Boston, MA 02114",
            "+1 617 555 0199",
        )
        title = "Emergency Department Visit Summary"
    else:
        org, sub, fax = (
            "Region Skåne – Skånes universitetssjukhus",
            "Akutmottagningen Malmö",
            "+46 40 33 11 00",
        )
        title = "Epikris"
    b.at(70, 50, org, "serifb", 14)
    b.at(70, 66, sub, "serif", 9)
    c.set_sender(org, [sub.split(",")[0]], fax)
    b.y = 110
    b.line(c.ld(long=c.rng.random() < 0.5), "serif", 10)
    b.skip(10)
    b.line(title, "serifb", 13)
    c.set_title(title)
    if region == "SE":
        b.line(f"Patient: {c.name('comma')}", "serif")
        b.line(f"Personnummer: {c.p.birth_date:%Y%m%d}-{c.rng.randint(1000, 9999)}", "serif")
        b.line(f"Födelsedatum: {c.bd()}", "serif")
        b.line(
            f"Inskriven: {c.other(c.rel(-6, -4), 'admission')}  Utskriven: "
            f"{c.other(c.rel(-3, -1), 'discharge')}",
            "serif",
        )
        b.para(
            "Diagnos: Njursten höger sida. Smärtlindring given. Uppföljning hos husläkare i "
            "Tyskland rekommenderas.",
            "serif",
        )
        b.line(c.person("Leg. läkare Annika Lindström", "physician"), "serif")
        return
    b.line(f"Patient: {c.name('comma')}", "serif")
    b.line(f"DOB: {c.bd()}", "serif")
    if c.needs_address():
        b.line(f"Home address: {c.address()}", "serif")
    b.line(
        f"Admitted: {c.other(c.rel(-6, -4), 'admission')}    Discharged: "
        f"{c.other(c.rel(-3, -1), 'discharge')}",
        "serif",
    )
    b.skip(6)
    b.line("Dear Colleague,", "serif")
    b.para(
        "Your patient was seen with acute chest pain while travelling. Troponin was negative "
        "twice and the ECG showed no ischaemic changes. Please arrange follow-up with a "
        "cardiologist on return to Germany.",
        "serif",
    )
    b.line("Sincerely,", "serif")
    b.skip(14)
    b.line(
        c.person(
            _pick(
                c.rng, ["Dr. Yael Ben-David", "Dr. Oliver Pennington, MRCP", "Jennifer Walsh, MD"]
            ),
            "physician",
        ),
        "serif",
    )
    if region == "US":
        c.notes.append("a US hospital: month-first dates")


KINDS: list[tuple[str, Callable[[Builder, Ctx], None], str]] = [
    ("hospital discharge letter", k_discharge, ""),
    ("specialist report", k_specialist, ""),
    ("lab report table", k_lab, ""),
    ("radiology report", k_radiology, ""),
    ("rehab discharge report", k_rehab, ""),
    ("psychiatric clinic short letter", k_psych, ""),
    ("insurer request", k_insurer, ""),
    ("pension insurance form", k_drv, ""),
    ("medical service (care assessment)", k_md, ""),
    ("employers' liability insurance", k_bg, ""),
    ("health office", k_health_office, ""),
    ("LAGeSo disability request", k_lageso, ""),
    ("court", k_court, ""),
    ("jobcenter", k_jobcenter, ""),
    ("care service / nursing home", k_care, ""),
    ("pharmacy fax form", k_pharmacy, ""),
    ("therapist report", k_therapist, ""),
    ("e-mail printout", k_email, ""),
    ("portal printout", k_portal, ""),
    ("handwritten note", k_handnote, ""),
    ("abroad: Poland", k_poland, "PL"),
    ("abroad: Czech Republic", k_czech, ""),
    ("abroad: Ukraine (Cyrillic)", k_cyr, "UA"),
    ("abroad: Russia (Cyrillic)", k_cyr, "RU"),
    ("abroad: Turkey", k_turkey, "TR"),
    ("abroad: Vietnam", k_vietnam, "VN"),
    ("abroad: Israel (English)", lambda b, c: k_english(b, c, "IL"), ""),
    ("abroad: United Kingdom", lambda b, c: k_english(b, c, "GB"), ""),
    ("abroad: USA (month-first dates)", lambda b, c: k_english(b, c, "US"), ""),
    ("abroad: Sweden", lambda b, c: k_english(b, c, "SE"), ""),
]


# --- the letters -----------------------------------------------------------------------------

STAMP_RIGHT = 330.0


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    layout: str
    ctx: Ctx
    pages: list[Page]
    register_patient: register.Patient | None
    fax_sent: dt.datetime
    cover: bool
    vres: int
    g4: bool
    stamp: list[Line]
    stamp_date: dt.date | None

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.ctx.handwritten else ["pdf", "scan200", "fax"]

    # the fax ------------------------------------------------------------------------------
    def _fax_pages(self) -> list[tuple[str, Page]]:
        out: list[tuple[str, Page]] = []
        if self.cover:
            out.append(("cover", self._cover_page()))
        out += [(f"p{i}", pg) for i, pg in enumerate(self.pages, 1)]
        return out

    def _cover_page(self) -> Page:
        c = self.ctx
        b = Builder(top=60)
        total = len(self.pages) + 1
        if c.region != "DE":
            b.at(70, 80, "FAX COVER SHEET", "sansb", 22)
            rows = [
                ("To:", c.practice["names"][3]),
                ("Fax:", "+49 " + c.practice["fax"][1:]),
                ("From:", c.sender),
                ("Fax:", c.sender_fax),
                ("Date:", fmt(self.fax_sent.date(), c.region)),
                ("Pages:", f"{total} (including this page)"),
            ]
            for i, (k, v) in enumerate(rows):
                b.at(70, 130 + i * 20, k, "sansb", 10)
                b.at(140, 130 + i * 20, v, "sans", 10)
            b.at(70, 760, "CONFIDENTIAL: this fax contains medical information.", "sans", 8)
            return b.finish()[0]
        b.at(70, 80, "TELEFAX", "sansb", 24)
        rows = [
            (
                "An:",
                c.practice["name"]
                if layout.width(c.practice["name"], "sans", 10) < 380
                else c.practice["names"][3],
            ),
            ("Fax:", c.practice["fax"]),
            ("Von:", c.sender),
            ("Fax:", c.sender_fax),
            ("Datum:", fmt(self.fax_sent.date(), c.region)),
            ("Seiten:", f"{total} (inkl. Deckblatt)"),
        ]
        for i, (k, v) in enumerate(rows):
            b.at(70, 130 + i * 20, k, "sansb", 10)
            b.at(140, 130 + i * 20, v, "sans", 10)
        b.at(70, 290, "Nachricht: Bitte Befund zur Kenntnis nehmen.", "sans", 10)
        b.at(
            70, 760, "Vertraulich: Dieses Fax enthält personenbezogene Gesundheitsdaten.", "sans", 8
        )
        b.at(
            70, 772, "Falls Sie nicht der Empfänger sind, benachrichtigen Sie uns bitte.", "sans", 8
        )
        return b.finish()[0]

    def _header(self, n: int, total: int) -> Line:
        c = self.ctx
        s = self.fax_sent
        word = "S." if c.region == "DE" else "P."
        text = (
            f"{fmt(s.date(), c.region)} {s:%H:%M}   FAX {c.sender_fax}   "
            f"{c.sender_short[:38]}   {word} {n}/{total}"
        )
        return Line(14.0, 11.0, text, "mono", 7)

    def render(self, condition: str) -> dict[str, bytes]:
        c = self.ctx
        if condition == "pdf" and not c.handwritten:
            return {"pdf/letter.pdf": layout.to_pdf(self.pages, self.id)}
        if condition == "scan200":
            rng = random.Random(self.seed * 7 + 1)
            out = {}
            for i, pg in enumerate(self.pages, 1):
                extra = self.stamp if i == 1 else []
                out[f"scan200/page-{i:02d}.jpg"] = layout.to_scan(pg, extra, rng, c.handwritten)
            return out
        if condition == "fax":
            pages = self._fax_pages()
            return {
                f"fax/page-{i:02d}.tif": layout.to_fax(
                    pg, self._header(i, len(pages)), self.vres, self.g4
                )
                for i, (_, pg) in enumerate(pages, 1)
            }
        raise ValueError(condition)

    def texts(self, condition: str) -> list[dict[str, Any]]:
        if condition == "pdf":
            return [
                {
                    "page": f"p{i}",
                    "file": "pdf/letter.pdf",
                    "pdf_page": i,
                    "text": layout.page_text(pg.lines),
                }
                for i, pg in enumerate(self.pages, 1)
            ]
        if condition == "scan200":
            return [
                {
                    "page": f"p{i}",
                    "file": f"scan200/page-{i:02d}.jpg",
                    "text": layout.page_text(pg.lines + (self.stamp if i == 1 else [])),
                }
                for i, pg in enumerate(self.pages, 1)
            ]
        pages = self._fax_pages()
        return [
            {
                "page": name,
                "file": f"fax/page-{i:02d}.tif",
                "text": layout.page_text([*pg.lines, self._header(i, len(pages))]),
            }
            for i, (name, pg) in enumerate(pages, 1)
        ]

    def truth(self) -> dict[str, Any]:
        c = self.ctx
        rp = self.register_patient
        p = c.p
        facts = {
            "patient": {
                "full_name": f"{p.given_names} {p.surname}",
                "surname": p.surname,
                "given_names": p.given_names,
                "as_written": c.as_written,
                "full_name_as_letter": c.name_as_letter,
                "register_id": rp.id if rp else None,
            },
            "birth_date": p.birth_date.isoformat() if c.birth_printed else None,
            "letter_date": c.date.isoformat() if c.date else None,
            "sender": c.sender,
            "sender_alternatives": c.sender_alts,
            "title": c.title,
            "title_alternatives": c.title_alts,
            "patient_id": p.id if c.pid_printed and rp else None,
            "other_dates": c.other_dates,
            "other_people": c.other_people,
        }
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.layout,
            "language": c.lang,
            "region": c.region,
            "facts": facts,
            "register": (
                {
                    "id": rp.id,
                    "collision": rp.collision or None,
                    "collision_group": rp.group or None,
                }
                if rp
                else None
            ),
            "notes": c.notes,
            "handwritten": c.handwritten,
            "fax": {
                "sent": self.fax_sent.strftime("%Y-%m-%dT%H:%M"),
                "cover_sheet": self.cover,
                "number": c.sender_fax,
                "resolution": f"204x{self.vres}",
                "compression": "group4" if self.g4 else "group3",
            },
            "scan_stamp": (
                {"date": self.stamp_date.isoformat(), "lines": [ln.text for ln in self.stamp]}
                if self.stamp_date
                else None
            ),
            "conditions": {cond: {"pages": self.texts(cond)} for cond in self.conditions()},
        }


def _outsider(rng: random.Random) -> register.Patient:
    sur = _pick(rng, ["Brettschneider", "Yıldırım", "Kowalska", "Hartwig", "Dimitrov"])
    sex = "F" if sur == "Kowalska" else rng.choice("MF")
    giv = _pick(rng, ["Walter", "Rüdiger", "Ali"] if sex == "M" else ["Helga", "Monika", "Derya"])
    return register.Patient(
        id="",
        surname=sur,
        given_names=giv,
        birth_date=dt.date(rng.randint(1940, 2005), rng.randint(1, 12), rng.randint(1, 28)),
        sex=sex,
        street="Kastanienallee 3",
        postcode="10435",
        city="Berlin",
    )


def _choose_patient(
    rng: random.Random, need: str, patients: list[register.Patient]
) -> register.Patient | None:
    if need in ("UA", "RU"):
        names = UA_NAMES if need == "UA" else RU_NAMES
        pool = [p for p in patients if p.surname in names and p.given_names in CYR]
        return _pick(rng, pool)
    if need == "VN":
        return _pick(rng, [p for p in patients if p.surname in ("Nguyen", "Tran", "Pham", "Le")])
    if need == "PL" and rng.random() < 0.6:
        return _pick(
            rng,
            [
                p
                for p in patients
                if any(ch in p.surname for ch in "śńłź") or p.surname in ("Nowak", "Kowalczyk")
            ],
        )
    r = rng.random()
    if r < 0.1:
        return None
    if r < 0.38:
        return _pick(rng, [p for p in patients if p.collision])
    return _pick(rng, patients[20:])


def _make(
    split_name: str, index: int, seed: int, kind: int, patients: list[register.Patient]
) -> Letter:
    lseed = seed * 1000 + index
    rng = random.Random(lseed)
    name, fn, need = KINDS[kind]
    rp = _choose_patient(rng, need, patients)
    p = rp if rp is not None else _outsider(rng)
    practice = PRACTICES[rng.randrange(3)]
    day = dt.date(2025, 1, 6) + dt.timedelta(days=rng.randint(0, 420))
    c = Ctx(rng=rng, p=p, in_register=rp is not None, practice=practice, date=day)
    c.sur, c.giv = p.surname, p.given_names
    if p.former_names and rng.random() < 0.7:
        c.sur = p.former_names[-1] if len(p.former_names) > 1 else p.former_names[0]
        c.notes.append("the letter uses the patient's former surname")
    if rp is None:
        c.notes.append("the patient is not in the register")
    if rp is not None and rp.collision:
        c.notes.append(f"register collision: {rp.collision}")
    b = Builder()
    fn(b, c)
    pages = b.finish()
    base = c.date or day
    sent = dt.datetime(base.year, base.month, base.day, rng.randint(7, 19), rng.randint(0, 59))
    sent += dt.timedelta(days=rng.randint(1, 8))
    cover = c.cover_ok and index % 3 == 1
    vres = rng.choice([196, 98])
    g4 = rng.random() < 0.5
    stamp: list[Line] = []
    stamp_date = None
    if rng.random() < 0.45:
        stamp_date = base + dt.timedelta(days=rng.randint(2, 9))
        y = _free_band(pages[0])
        if y is not None:
            short = min(practice["names"], key=len)
            stamp = [
                Line(400.0, y, "EINGEGANGEN", "condb", 11),
                Line(400.0, y + 14, f"am {fmt(stamp_date, 'DE')}", "cond", 10),
                Line(400.0, y + 27, short, "cond", 8),
            ]
            c.notes.append("a receipt stamp on the scan (its date is not the letter's)")
        else:
            stamp_date = None
    return Letter(
        id=f"{split_name}-{index:03d}",
        split=split_name,
        seed=lseed,
        layout=name,
        ctx=c,
        pages=pages,
        register_patient=rp,
        fax_sent=sent,
        cover=cover,
        vres=vres,
        g4=g4,
        stamp=stamp,
        stamp_date=stamp_date,
    )


def _free_band(page: Page) -> float | None:
    """A 40 pt band right of x=390 with no ink, for the receipt stamp."""
    for top in range(300, 700, 10):
        band = (top - 12, top + 34)
        clash = [
            ln
            for ln in page.lines
            if band[0] <= ln.y <= band[1] + 12
            and ln.x + layout.width(ln.text, ln.font, ln.size) > 390
        ]
        if not clash:
            return float(top)
    return None


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    patients = register.build()
    rng = random.Random(seed)
    order: list[int] = []
    while len(order) < count:
        block = list(range(len(KINDS)))
        rng.shuffle(block)
        order += block
    return [_make(split_name, i + 1, seed, order[i], patients) for i in range(count)]


def split(name: str) -> list[Letter]:
    if name not in SPLITS:
        raise ValueError(f"unknown split {name!r}")
    seed, count = SPLITS[name]
    return generate(count, seed, name)
