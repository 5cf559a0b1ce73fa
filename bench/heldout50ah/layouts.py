"""The house styles of the letters: one function per kind of letter."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .paper import Page, Sheet
from .register import Patient

PRACTICES: list[dict[str, Any]] = [
    {
        "name": "Gemeinschaftspraxis für Allgemeinmedizin und hausärztliche Innere Medizin "
        "am Rastpfuhl – Dres. med. Kerstin Bauer-Lang und Jörg Ohlmann",
        "names": [
            "Gemeinschaftspraxis für Allgemeinmedizin und hausärztliche Innere Medizin "
            "am Rastpfuhl – Dres. med. Kerstin Bauer-Lang und Jörg Ohlmann",
            "Gemeinschaftspraxis für Allgemeinmedizin und hausärztliche Innere Medizin "
            "am Rastpfuhl",
            "Gemeinschaftspraxis am Rastpfuhl",
            "Dres. med. Kerstin Bauer-Lang und Jörg Ohlmann",
            "Dres. med. Bauer-Lang und Ohlmann",
            "Dr. Bauer-Lang",
            "Praxis am Rastpfuhl",
        ],
        "doctor": "Dr. med. Kerstin Bauer-Lang",
        "address": "Rastpfuhl 14, 66113 Saarbrücken",
        "fax": "0681 94170-29",
        "kind": "Gemeinschaftspraxis (Allgemeinmedizin, hausärztliche Innere Medizin)",
        "block": [
            "Gemeinschaftspraxis für Allgemeinmedizin",
            "und hausärztliche Innere Medizin am Rastpfuhl",
            "Dres. med. Kerstin Bauer-Lang und Jörg Ohlmann",
            "Rastpfuhl 14",
            "66113 Saarbrücken",
        ],
        "salute": "Sehr geehrte Frau Kollegin Bauer-Lang,",
        "fr": "Chère Consœur,",
        "short_doc": "Dr. Bauer-Lang",
    },
    {
        "name": "Hausarztpraxis am Schlossberg",
        "names": [
            "Hausarztpraxis am Schlossberg",
            "Hausarztpraxis am Schlossberg – Dr. med. Nadine Schwarz",
            "Dr. med. Nadine Schwarz",
            "Dr. Schwarz",
            "Praxis Dr. Schwarz",
            "Praxis am Schlossberg",
        ],
        "doctor": "Dr. med. Nadine Schwarz",
        "address": "Am Schlossberg 3, 66424 Homburg",
        "fax": "06841 77352",
        "kind": "Hausarztpraxis",
        "block": [
            "Hausarztpraxis am Schlossberg",
            "Frau Dr. med. Nadine Schwarz",
            "Am Schlossberg 3",
            "66424 Homburg",
        ],
        "salute": "Sehr geehrte Frau Dr. Schwarz,",
        "fr": "Chère Consœur,",
        "short_doc": "Dr. Schwarz",
    },
    {
        "name": "Praxis für Allgemeinmedizin Dr. med. Matthias Oberhauser",
        "names": [
            "Praxis für Allgemeinmedizin Dr. med. Matthias Oberhauser",
            "Dr. med. Matthias Oberhauser",
            "Praxis Dr. Oberhauser",
            "Dr. Oberhauser",
        ],
        "doctor": "Dr. med. Matthias Oberhauser",
        "address": "Großer Markt 9, 66740 Saarlouis",
        "fax": "06831 48820-9",
        "kind": "Einzelpraxis Allgemeinmedizin",
        "block": [
            "Herrn Dr. med. Matthias Oberhauser",
            "Facharzt für Allgemeinmedizin",
            "Großer Markt 9",
            "66740 Saarlouis",
        ],
        "salute": "Sehr geehrter Herr Kollege Oberhauser,",
        "fr": "Cher Confrère,",
        "short_doc": "Dr. Oberhauser",
    },
]

DE_MON = [
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
]
FR_MON = [
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
]
IT_MON = [
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
PL_MON = [
    "stycznia",
    "lutego",
    "marca",
    "kwietnia",
    "maja",
    "czerwca",
    "lipca",
    "sierpnia",
    "września",
    "października",
    "listopada",
    "grudnia",
]
RO_MON = [
    "ianuarie",
    "februarie",
    "martie",
    "aprilie",
    "mai",
    "iunie",
    "iulie",
    "august",
    "septembrie",
    "octombrie",
    "noiembrie",
    "decembrie",
]
LB_MON = [
    "Januar",
    "Februar",
    "Mäerz",
    "Abrëll",
    "Mee",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
]
DE_DAY = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]


def dnum(d: dt.date, sep: str = ".") -> str:
    return f"{d.day:02d}{sep}{d.month:02d}{sep}{d.year}"


def dlong(d: dt.date, months: list[str] = DE_MON, dot: bool = True) -> str:
    return f"{d.day}{'.' if dot else ''} {months[d.month - 1]} {d.year}"


def dfr(d: dt.date) -> str:
    return f"{'1er' if d.day == 1 else d.day} {FR_MON[d.month - 1]} {d.year}"


def dshort(d: dt.date) -> str:
    return f"{d.day}.{d.month}.{d.year}"


@dataclass
class Person:
    surname: str
    given: str
    sex: str
    birth: dt.date
    title: str
    street: str
    postcode: str
    city: str
    reg_id: str | None
    native_surname: str = ""
    native_given: str = ""
    old_name: bool = False
    birth_name: str = ""

    def use_native(self) -> None:
        if self.native_surname:
            self.surname = self.native_surname
        if self.native_given:
            self.given = self.native_given

    @property
    def herr(self) -> str:
        return "Frau" if self.sex == "f" else "Herr"

    @property
    def herrn(self) -> str:
        return "Frau" if self.sex == "f" else "Herrn"

    @property
    def pat(self) -> str:
        return "Patientin" if self.sex == "f" else "Patient"

    @property
    def ihre(self) -> str:
        return "Ihre" if self.sex == "f" else "Ihren"

    @property
    def lf(self) -> str:
        return f"{self.surname}, {self.given}"

    @property
    def fl(self) -> str:
        return f"{self.given} {self.surname}"


def person_of(p: Patient, rng: random.Random) -> Person:
    per = Person(
        p.surname,
        p.given_names,
        p.sex,
        p.birth_date,
        p.title,
        p.street,
        p.postcode,
        p.city,
        p.id,
        p.native_surname,
        p.native_given,
    )
    per.birth_name = p.birth_name
    if p.former_names and rng.random() < 0.7:
        per.surname = p.former_names[0]
        per.old_name = True
    return per


_OUT = {
    "de": (["Lauer", "Meiser", "Quirin", "Bungert", "Thiel"], ["Helga", "Rita"], ["Gerd", "Egon"]),
    "it": (["Lombardi", "Ferraro"], ["Carmela"], ["Rocco"]),
    "pl": (["Mazur", "Krawczyk"], ["Bożena"], ["Zbigniew"]),
    "ro": (["Rusu", "Matei"], ["Mirela"], ["Vasile"]),
    "fr": (["Girard", "Bour"], ["Sylvie"], ["Gérard"]),
    "lu": (["Reuter", "Kremer"], ["Nathalie"], ["Marc"]),
    "tr": (["Aydın", "Öztürk"], ["Zeynep"], ["Emre"]),
}


def outsider(rng: random.Random, origin: str | None) -> Person:
    surs, gf, gm = _OUT[origin or "de"]
    sex = rng.choice("fm")
    born = dt.date(1930, 1, 1) + dt.timedelta(days=rng.randrange(0, 28000))
    return Person(
        rng.choice(surs),
        rng.choice(gf if sex == "f" else gm),
        sex,
        born,
        "",
        "Kirchstraße 4",
        "66386",
        "St. Ingbert",
        None,
    )


@dataclass
class Spec:
    sheet: Sheet
    language: str
    region: str
    sender: str
    title: str | None
    as_written: str
    birth_printed: bool
    letter_date: dt.date | None
    fax: str
    fax_name: str
    sender_alternatives: list[str] = field(default_factory=list)
    title_alternatives: list[str] = field(default_factory=list)
    other_dates: list[tuple[dt.date, str]] = field(default_factory=list)
    other_people: list[tuple[str, str]] = field(default_factory=list)
    patient_id_printed: bool = False
    notes: list[str] = field(default_factory=list)
    handwritten: bool = False
    layout: str = ""


def cover_sheet(spec: Spec, practice: dict[str, Any], sent: dt.datetime, total: int) -> Page:
    sh = Sheet()
    sh.t(60, 90, "TELEFAX", "sansb", 26)
    sh.rule(60, 102, 535, 1.5)
    y = 130.0
    y = sh.t(60, y, "An:", "sansb", 11)
    y = sh.block(160, y, practice["block"][:3], "sans", 11) + 6
    sh.t(60, y, "Fax-Nr.:", "sansb", 11)
    y = sh.t(160, y, practice["fax"], "sans", 11) + 22
    sh.t(60, y, "Von:", "sansb", 11)
    y = sh.t(160, y, spec.fax_name, "sans", 11) + 16
    sh.t(60, y, "Fax-Nr.:", "sansb", 11)
    y = sh.t(160, y, spec.fax, "sans", 11) + 16
    sh.t(60, y, "Datum:", "sansb", 11)
    y = sh.t(160, y, f"{sent:%d.%m.%Y}", "sans", 11) + 16
    sh.t(60, y, "Seiten:", "sansb", 11)
    y = sh.t(160, y, f"{total} (inkl. Deckblatt)", "sans", 11) + 30
    y = sh.para(
        60,
        y,
        470,
        "Vertrauliche Patienteninformation. Sollten Sie dieses Fax "
        "irrtümlich erhalten haben, benachrichtigen Sie uns bitte umgehend und "
        "vernichten Sie die Unterlagen.",
        "sans",
        9.5,
    )
    return sh.pages[0]


def _recipient(
    sh: Sheet, x: float, y: float, pr: dict[str, Any], f: str = "sans", size: float = 10.0
) -> float:
    return sh.block(x, y, pr["block"], f, size)


def _sig(sh: Sheet, x: float, y: float, rows: list[str], f: str = "sans") -> float:
    return sh.block(x, y, rows, f, 10)


Layout = Callable[[random.Random, Person, dict[str, Any], dt.date], Spec]


# ---------------------------------------------------------------------------------------
def uks_entlass(rng: random.Random, p: Person, pr: dict[str, Any], day: dt.date) -> Spec:
    ihren = "Ihre Patientin" if p.sex == "f" else "Ihren Patienten"
    sh = Sheet()
    adm = day - dt.timedelta(days=rng.randrange(6, 14))
    dis = day - dt.timedelta(days=rng.randrange(0, 3))
    sh.t(40, 50, "UKS", "sansb", 22)
    sh.t(40, 66, "Universitätsklinikum des Saarlandes", "sansb", 11)
    sh.t(40, 80, "Klinik für Innere Medizin III", "sans", 9)
    sh.t(40, 91, "Kardiologie, Angiologie und Internistische Intensivmedizin", "sans", 9)
    sh.rule(40, 98, 555)
    sh.t(40, 112, "UKS · Kirrberger Straße 100 · 66421 Homburg/Saar", "sans", 7)
    _recipient(sh, 40, 132, pr)
    sh.block(
        380,
        132,
        [
            "Direktor: Prof. Dr. med. M. Böhm",
            "Telefon 06841 16-15000",
            "Fax 06841 16-15009",
            f"Homburg, {dnum(day)}",
        ],
        "sans",
        8.5,
        1.4,
    )
    sh.t(380, 190, f"Fall-Nr. 4{rng.randrange(10**7, 10**8)}", "sans", 8.5)
    aw = p.lf
    sh.t(40, 222, "Vorläufiger Entlassbrief", "sansb", 13)
    y = sh.t(40, 242, f"Betr.: {aw}, geb. {dnum(p.birth)}", "sansb", 10) + 13
    y = sh.t(40, y, f"wohnhaft {p.street}, {p.postcode} {p.city}", "sans", 10) + 13
    y = sh.t(40, y, f"Stationärer Aufenthalt vom {dnum(adm)} bis {dnum(dis)}", "sans", 10) + 22
    y = sh.t(40, y, pr["salute"], "sans", 10) + 18
    y = (
        sh.para(
            40,
            y,
            510,
            f"wir berichten über {ihren}, {p.herrn} {p.fl}, der/die "
            "sich in unserer stationären Behandlung befand.",
            "sans",
            10,
        )
        + 8
    )
    sh.t(40, y, "Diagnosen:", "sansb", 10)
    y = sh.block(
        40,
        y + 14,
        [
            "- NSTEMI bei koronarer Dreigefäßerkrankung",
            "- PCI mit DES-Implantation RIVA",
            "- Arterielle Hypertonie, Diabetes mellitus Typ 2",
        ],
        "sans",
        10,
    )
    y = sh.para(
        40,
        y + 8,
        510,
        "Die Aufnahme erfolgte über die Notaufnahme mit "
        "retrosternalem Druckgefühl. Koronarangiographisch zeigte sich eine "
        "hochgradige Stenose des RIVA, die interventionell versorgt wurde. Der "
        "weitere Verlauf war komplikationslos.",
        "sans",
        10,
    )
    sh.t(500, 810, "Seite 1 von 2", "sans", 8)
    sh.new_page()
    sh.t(40, 50, f"{p.lf}, geb. {dnum(p.birth)} – Entlassbrief vom {dnum(day)}", "sans", 8)
    sh.rule(40, 56, 555)
    y = sh.t(40, 80, "Medikation bei Entlassung:", "sansb", 10) + 14
    y = sh.block(
        40,
        y,
        [
            "ASS 100 mg 1-0-0",
            "Prasugrel 10 mg 1-0-0 für zwölf Monate",
            "Atorvastatin 80 mg 0-0-1",
            "Metformin 1000 mg 1-0-1",
        ],
        "mono",
        9.5,
    )
    y = (
        sh.para(
            40,
            y + 10,
            510,
            "Wir bitten um Kontrolle der Nierenretentionswerte und "
            "um Vorstellung in unserer Ambulanz in sechs Wochen.",
            "sans",
            10,
        )
        + 20
    )
    y = sh.t(40, y, "Mit freundlichen kollegialen Grüßen", "sans", 10) + 40
    sh.t(40, y, "Dr. med. L. Frisch", "sans", 10)
    sh.t(300, y, "Prof. Dr. med. M. Böhm", "sans", 10)
    sh.t(40, y + 13, "Assistenzärztin", "sans", 8)
    sh.t(300, y + 13, "Direktor der Klinik", "sans", 8)
    sh.t(500, 810, "Seite 2 von 2", "sans", 8)
    return Spec(
        sh,
        "de",
        "DE-SL",
        "Universitätsklinikum des Saarlandes",
        "Vorläufiger Entlassbrief",
        aw,
        True,
        day,
        "06841 16-15009",
        "UKS Innere III",
        [
            "UKS",
            "Klinik für Innere Medizin III",
            "Universitätsklinikum des Saarlandes, Klinik für Innere Medizin III",
        ],
        ["Entlassbrief"],
        [(adm, "admission"), (dis, "discharge")],
        [("Dr. med. L. Frisch", "signing doctor"), ("Prof. Dr. med. M. Böhm", "director")],
        notes=[
            "two pages with a running header",
            "Fall-Nr. is not the practice's id",
            "patient address printed",
        ],
    )


def kardio_kl(rng: random.Random, p: Person, pr: dict[str, Any], day: dt.date) -> Spec:
    ihres = "Ihrer Patientin" if p.sex == "f" else "Ihres Patienten"
    sh = Sheet()
    exam = day - dt.timedelta(days=rng.randrange(1, 5))
    sh.r(555, 48, "Kardiologische Praxis am Pfaffplatz", "serifb", 14)
    sh.r(555, 64, "Dr. med. Stefan Wagner · Dr. med. Aylin Kaya", "serif", 10)
    sh.r(555, 77, "Fachärzte für Innere Medizin und Kardiologie", "serif", 10)
    sh.r(555, 90, "Pfaffplatz 2 · 67655 Kaiserslautern · Fax 0631 3618-44", "serif", 9)
    sh.t(
        60,
        140,
        "Kardiologische Praxis am Pfaffplatz, Pfaffplatz 2, 67655 Kaiserslautern",
        "serif",
        7,
    )
    _recipient(sh, 60, 158, pr, "serif", 11)
    subj = f"Echokardiographie und Belastungs-EKG vom {dnum(exam)}"
    sh.t(60, 262, subj, "serifb", 11)
    aw = f"{p.surname.upper()}, {p.given}"
    y = sh.t(60, 278, f"Pat.: {aw} * {dnum(p.birth)}", "serif", 11) + 26
    y = sh.t(60, y, pr["salute"], "serif", 11) + 18
    y = (
        sh.para(
            60,
            y,
            480,
            f"vielen Dank für die Überweisung {ihres}. "
            "Echokardiographisch normale linksventrikuläre Pumpfunktion, keine relevanten "
            "Vitien. Ergometrisch Belastung bis 125 Watt ohne Angina pectoris und ohne "
            "signifikante ST-Strecken-Veränderungen.",
            "serif",
            11,
        )
        + 8
    )
    y = (
        sh.para(
            60,
            y,
            480,
            "Beurteilung: Kein Hinweis auf eine belastungsinduzierte "
            "Myokardischämie. Fortführung der antihypertensiven Therapie.",
            "serif",
            11,
        )
        + 24
    )
    y = sh.t(60, y, f"Kaiserslautern, den {dnum(day)}", "serif", 11) + 22
    y = sh.t(60, y, "Mit freundlichen Grüßen", "serif", 11) + 36
    sh.t(60, y, "Dr. med. Aylin Kaya", "serif", 11)
    return Spec(
        sh,
        "de",
        "DE-RP",
        "Kardiologische Praxis am Pfaffplatz",
        subj,
        aw,
        True,
        day,
        "0631 3618-44",
        "Kardiologie Pfaffplatz",
        ["Dr. med. Stefan Wagner", "Kardiologische Praxis am Pfaffplatz Kaiserslautern"],
        ["Echokardiographie und Belastungs-EKG"],
        [(exam, "examination")],
        [("Dr. med. Aylin Kaya", "signing doctor")],
        notes=["letterhead right, date only at the end", "surname in capitals with *"],
    )


def labor(rng: random.Random, p: Person, pr: dict[str, Any], day: dt.date) -> Spec:
    sh = Sheet()
    coll = day - dt.timedelta(days=rng.randrange(1, 3))
    rec = coll + dt.timedelta(days=1) if coll + dt.timedelta(days=1) <= day else coll
    sh.t(36, 48, "MVZ Labor Saar GmbH", "libb", 15)
    sh.t(36, 62, "Laboratoriumsmedizin · Mikrobiologie · Transfusionsmedizin", "lib", 8)
    sh.t(
        36,
        72,
        "Heinestraße 40 · 66121 Saarbrücken · Tel. 0681 96812-0 · Fax 0681 96812-99",
        "lib",
        8,
    )
    sh.rule(36, 78, 559, 1.0)
    _recipient(sh, 36, 104, pr, "lib", 9.5)
    sh.t(36, 190, "LABORBEFUND", "libb", 13)
    sh.t(330, 190, "Endbefund", "lib", 10)
    sh.rect(36, 200, 559, 268)
    aw = f"{p.surname}, {p.given}"
    rows = [("Name:", aw), ("Geb.-Datum:", dnum(p.birth)), ("Ihre Pat.-Nr.:", p.reg_id or "—")]
    y = 214.0
    for k, v in rows:
        sh.t(44, y, k, "libb", 9)
        sh.t(120, y, v, "lib", 9)
        y += 13
    aux = [
        ("Auftrags-Nr.:", f"26{rng.randrange(100000, 999999)}"),
        ("Entnahme:", f"{dnum(coll)} 07:45"),
        ("Eingang:", f"{dnum(rec)} 11:02"),
        ("Befunddatum:", dnum(day)),
    ]
    y = 214.0
    for k, v in aux:
        sh.t(330, y, k, "libb", 9)
        sh.t(410, y, v, "lib", 9)
        y += 13
    y = 290.0
    sh.t(36, y, "Untersuchung", "libb", 9)
    sh.t(220, y, "Ergebnis", "libb", 9)
    sh.t(300, y, "Einheit", "libb", 9)
    sh.t(380, y, "Referenzbereich", "libb", 9)
    sh.rule(36, y + 4, 559)
    vals = [
        ("Hämoglobin", "13,1", "g/dl", "12,0 - 15,4"),
        ("Leukozyten", "7,8", "/nl", "3,9 - 10,2"),
        ("Kreatinin", "1,42 H", "mg/dl", "0,50 - 0,90"),
        ("eGFR (CKD-EPI)", "38 L", "ml/min", "> 60"),
        ("Kalium", "4,9", "mmol/l", "3,5 - 5,1"),
        ("HbA1c", "7,4 H", "%", "< 5,7"),
        ("TSH basal", "2,15", "mU/l", "0,27 - 4,20"),
    ]
    y += 18
    for a, b, c, d in vals:
        sh.t(36, y, a, "lib", 9)
        sh.t(220, y, b, "mono", 9)
        sh.t(300, y, c, "lib", 9)
        sh.t(380, y, d, "lib", 9)
        y += 13
    y = sh.para(
        36,
        y + 14,
        520,
        "Validiert durch Dr. med. R. Jost, Facharzt für "
        "Laboratoriumsmedizin. Befund elektronisch erstellt und ohne Unterschrift "
        "gültig.",
        "lib",
        8,
    )
    return Spec(
        sh,
        "de",
        "DE-SL",
        "MVZ Labor Saar GmbH",
        "LABORBEFUND",
        aw,
        True,
        day,
        "0681 96812-99",
        "MVZ Labor Saar",
        ["MVZ Labor Saar", "Labor Saar"],
        ["Laborbefund", "Endbefund"],
        [(coll, "collection"), (rec, "receipt")],
        [("Dr. med. R. Jost", "validating doctor")],
        patient_id_printed=p.reg_id is not None,
        notes=[
            "form with collection, receipt and report dates",
            "Auftrags-Nr. is not the practice's id",
        ],
    )


def radiologie(rng: random.Random, p: Person, pr: dict[str, Any], day: dt.date) -> Spec:
    sh = Sheet()
    exam = day - dt.timedelta(days=rng.randrange(0, 3))
    sh.c(46, "RADIOLOGIE NEUNKIRCHEN", "condb", 16)
    sh.c(62, "Gemeinschaftspraxis für Radiologie und Nuklearmedizin", "cond", 9)
    sh.c(73, "Brunnenstraße 20 · 66538 Neunkirchen · Telefax 06821 9140-30", "cond", 8)
    sh.rule(60, 80, 535)
    _recipient(sh, 60, 120, pr, "cond", 10)
    sh.block(
        370,
        120,
        [
            f"Ihr Zeichen: {p.reg_id or '–'}",
            f"Unser Zeichen: RN-{rng.randrange(1000, 9999)}",
            f"Datum: {dnum(day)}",
        ],
        "cond",
        9,
        1.5,
    )
    aw = f"{p.herr} {p.fl}"
    y = sh.t(60, 220, f"Patient/in: {aw}, geb. {dnum(p.birth)}", "cond", 10) + 14
    y = sh.t(60, y, f"Untersuchung vom {dnum(exam)}", "cond", 10) + 26
    title = rng.choice(
        ["MRT DER LENDENWIRBELSÄULE", "CT DES THORAX NATIV", "SONOGRAPHIE DES ABDOMENS"]
    )
    y = sh.t(60, y, title, "condb", 12) + 22
    y = (
        sh.para(
            60,
            y,
            470,
            "Indikation: Rezidivierende Beschwerden, Frage nach struktureller "
            "Ursache. Technik: Standardprotokoll, Voraufnahmen liegen nicht vor.",
            "cond",
            10,
        )
        + 8
    )
    y = (
        sh.para(
            60,
            y,
            470,
            "Befund: Altersentsprechende Darstellung ohne Nachweis einer "
            "raumfordernden Läsion. Degenerative Veränderungen mäßigen Ausmaßes.",
            "cond",
            10,
        )
        + 8
    )
    y = (
        sh.para(
            60,
            y,
            470,
            "Beurteilung: Kein Nachweis eines akuten pathologischen Befundes.",
            "condb",
            10,
        )
        + 24
    )
    y = sh.t(60, y, "Mit freundlichen kollegialen Grüßen", "cond", 10) + 32
    sh.t(60, y, "Dr. med. Sabine Altmeyer, Fachärztin für Radiologie", "cond", 10)
    return Spec(
        sh,
        "de",
        "DE-SL",
        "RADIOLOGIE NEUNKIRCHEN",
        title,
        aw,
        True,
        day,
        "06821 9140-30",
        "Radiologie Neunkirchen",
        ["Radiologie Neunkirchen", "Gemeinschaftspraxis für Radiologie und Nuklearmedizin"],
        [title.capitalize()],
        [(exam, "examination")],
        [("Dr. med. Sabine Altmeyer", "radiologist")],
        patient_id_printed=p.reg_id is not None,
        notes=[
            "centred letterhead; title in capitals",
            "the practice's id printed as 'Ihr Zeichen'",
        ],
    )


def drv(rng: random.Random, p: Person, pr: dict[str, Any], day: dt.date) -> Spec:
    sh = Sheet()
    sh.t(60, 50, "Deutsche Rentenversicherung", "sansb", 14)
    sh.t(60, 66, "Saarland", "sans", 12)
    sh.t(60, 100, "Deutsche Rentenversicherung Saarland · 66104 Saarbrücken", "sans", 7)
    _recipient(sh, 60, 116, pr, "sans", 10)
    vsnr = (
        f"{rng.randrange(10, 99)} {p.birth:%d%m%y} {p.surname[0].upper()} {rng.randrange(100, 999)}"
    )
    rows = [
        ("Ihr Zeichen", "–"),
        ("Unser Zeichen", f"SMD 4{rng.randrange(100, 999)}"),
        ("Versicherungsnummer", vsnr),
        ("Datum", dnum(day)),
    ]
    y = 116.0
    for k, v in rows:
        sh.t(360, y, k, "sans", 7)
        sh.t(360, y + 10, v, "sans", 9)
        y += 26
    title = "Anforderung eines ärztlichen Befundberichts"
    y = sh.t(60, 240, title, "sansb", 11) + 16
    aw = f"{p.herr} {p.fl}"
    maiden = f" geb. {p.birth_name}" if p.birth_name and not p.old_name else ""
    y = sh.t(60, y, f"Versicherte Person: {aw}{maiden}", "sans", 10) + 13
    y = sh.t(60, y, f"geboren am {dlong(p.birth)}", "sans", 10) + 13
    y = sh.t(60, y, "Antrag auf Leistungen zur medizinischen Rehabilitation", "sans", 10) + 24
    y = sh.t(60, y, "Sehr geehrte Damen und Herren,", "sans", 10) + 18
    y = (
        sh.para(
            60,
            y,
            470,
            "zur Entscheidung über den oben genannten Antrag benötigen wir "
            "einen ärztlichen Befundbericht. Bitte verwenden Sie den beigefügten Vordruck "
            "S0051 und senden Sie ihn bis zum angegebenen Termin zurück. Die Vergütung "
            "erfolgt nach dem JVEG.",
            "sans",
            10,
        )
        + 8
    )
    due = day + dt.timedelta(days=21)
    y = sh.t(60, y, f"Rückantwort erbeten bis: {dnum(due)}", "sansb", 10) + 24
    y = sh.t(60, y, "Mit freundlichen Grüßen", "sans", 10) + 14
    sh.t(60, y, "Ihre Deutsche Rentenversicherung Saarland", "sans", 10)
    sh.t(
        60,
        800,
        "Martin-Luther-Straße 2-4 · 66111 Saarbrücken · "
        "www.deutsche-rentenversicherung-saarland.de",
        "sans",
        7,
    )
    return Spec(
        sh,
        "de",
        "DE-SL",
        "Deutsche Rentenversicherung Saarland",
        title,
        aw,
        True,
        day,
        "0681 3093-199",
        "DRV Saarland",
        ["Deutsche Rentenversicherung", "DRV Saarland"],
        ["Anforderung Befundbericht", "Befundbericht"],
        [(due, "reply due")],
        [],
        notes=[
            "Versicherungsnummer contains the birth date (DDMMYY)",
            "birth date written with the month name",
            "information block on the right",
        ],
    )


def pflege_mail(rng: random.Random, p: Person, pr: dict[str, Any], day: dt.date) -> Spec:
    sh = Sheet()
    printed = day + dt.timedelta(days=rng.randrange(0, 3))
    sh.t(36, 40, f"{dnum(printed)} {rng.randrange(8, 17)}:{rng.randrange(10, 59)}", "lib", 8)
    sh.r(559, 40, "Outlook Web App", "lib", 8)
    subj = f"Wunddokumentation {p.herr} {p.surname}"
    sh.t(36, 70, subj, "libb", 13)
    sh.rule(36, 78, 559)
    clock = f"{rng.randrange(7, 18):02d}:{rng.randrange(0, 59):02d}"
    hdr = [
        "Von: Ökumenische Sozialstation Saarlouis <pflege@sozialstation-saarlouis.example>",
        f"Gesendet: {DE_DAY[day.weekday()]}, {dlong(day)} {clock}",
        f"An: {pr['names'][-1]} <praxis@hausarzt.example>",
        f"Betreff: {subj}",
    ]
    y = sh.block(36, 96, hdr, "lib", 9, 1.45) + 14
    y = sh.t(36, y, "Guten Tag,", "lib", 10) + 18
    y = (
        sh.para(
            36,
            y,
            510,
            f"bei {p.herrn} {p.fl} ({p.street}, {p.city}) zeigt sich die Wunde "
            "am rechten Unterschenkel seit unserem letzten Bericht leicht gerötet, "
            "Exsudat mäßig. Wir bitten um eine neue Verordnung häuslicher Krankenpflege "
            "(Wundversorgung dreimal wöchentlich) und gegebenenfalls um einen Hausbesuch.",
            "lib",
            10,
        )
        + 10
    )
    y = sh.t(36, y, "Viele Grüße", "lib", 10) + 14
    y = sh.block(
        36,
        y,
        [
            "Schwester Monika Feld",
            "Pflegedienstleitung",
            "Ökumenische Sozialstation Saarlouis gGmbH",
            "Kaiser-Friedrich-Ring 26, 66740 Saarlouis, Fax 06831 9866-20",
        ],
        "lib",
        9,
    )
    sh.t(36, 820, "https://outlook.office.com/mail/inbox", "lib", 7)
    sh.r(559, 820, "1/1", "lib", 7)
    return Spec(
        sh,
        "de",
        "DE-SL",
        "Ökumenische Sozialstation Saarlouis",
        subj,
        f"{p.herr} {p.surname}",
        False,
        day,
        "06831 9866-20",
        "Sozialstation Saarlouis",
        ["Ökumenische Sozialstation Saarlouis gGmbH", "Sozialstation Saarlouis"],
        ["Wunddokumentation"],
        [(printed, "printed")],
        [("Schwester Monika Feld", "nursing manager")],
        notes=[
            "e-mail printout: print date at the top, sent date in the header",
            "no birth date",
            "patient first named in the subject (surname only)",
        ],
    )


def apotheke(rng: random.Random, p: Person, pr: dict[str, Any], day: dt.date) -> Spec:
    sh = Sheet()
    p.use_native()
    sh.t(50, 52, "Löwen-Apotheke", "serifb", 20)
    sh.t(50, 68, "Apothekerin Ulrike Spaniol e.K. · Hauptstraße 31 · 66953 Pirmasens", "serif", 9)
    sh.t(50, 80, "Tel. 06331 2277-0 · Fax 06331 2277-15", "serif", 9)
    sh.t(50, 120, "FAX-MITTEILUNG", "sansb", 14)
    y = (
        sh.block(
            50,
            145,
            [
                f"An: {pr['names'][0][:60].rstrip()}"
                if len(pr["names"][0]) <= 60
                else f"An: {pr['short_doc']}",
                f"Fax: {pr['fax']}",
                f"Datum: {dshort(day)}",
            ],
            "sans",
            10,
            1.5,
        )
        + 12
    )
    title = "Rückfrage zur Verordnung"
    y = sh.t(50, y, title, "sansb", 11) + 18
    aw = f"Fr. {p.surname}, {p.given}" if p.sex == "f" else f"Hr. {p.surname}, {p.given}"
    y = sh.t(50, y, f"für {aw} (geb. {dshort(p.birth)})", "sans", 10) + 18
    rx = day - dt.timedelta(days=rng.randrange(1, 6))
    y = (
        sh.para(
            50,
            y,
            480,
            f"auf dem Rezept vom {dshort(rx)} ist Ramipril 5 mg ohne "
            "Dosierangabe verordnet; außerdem ist die Packungsgröße N3 derzeit nicht "
            "lieferbar. Dürfen wir zweimal N2 abgeben? Bitte kurze Rückmeldung per Fax.",
            "sans",
            10,
        )
        + 20
    )
    y = sh.t(50, y, "Danke und freundliche Grüße", "sans", 10) + 14
    sh.t(50, y, "U. Spaniol", "sans", 10)
    sh.rect(50, 640, 545, 720)
    sh.t(58, 656, "Antwort der Praxis:", "sansb", 9)
    sh.t(58, 675, "[ ] ja, zweimal N2    [ ] nein    [ ] neues Rezept folgt", "sans", 9)
    return Spec(
        sh,
        "de",
        "DE-RP",
        "Löwen-Apotheke",
        title,
        aw,
        True,
        day,
        "06331 2277-15",
        "Loewen-Apotheke PS",
        ["Löwen-Apotheke Pirmasens", "Ulrike Spaniol"],
        ["Fax-Mitteilung"],
        [(rx, "prescription")],
        [("U. Spaniol", "pharmacist")],
        notes=["dates without leading zeros", "pharmacy fax form with a reply box"],
    )


def physio(rng: random.Random, p: Person, pr: dict[str, Any], day: dt.date) -> Spec:
    sh = Sheet()
    start = day - dt.timedelta(days=rng.randrange(30, 50))
    end = day - dt.timedelta(days=rng.randrange(1, 5))
    sh.t(60, 50, f"Zweibrücken, {dlong(day)}", "dserif", 10)
    sh.r(545, 50, "PHYSIOTHERAPIE ROSENGARTEN", "dserif", 12)
    sh.r(545, 64, "Praxis für Physiotherapie und Manuelle Therapie", "dserif", 8)
    sh.r(545, 75, "Inh. Daniel Recktenwald · Rosengartenstraße 5 · 66482 Zweibrücken", "dserif", 8)
    _recipient(sh, 60, 120, pr, "dserif", 10)
    title = "Therapiebericht"
    sh.t(60, 210, title, "dserif", 14)
    aw = f"{p.surname} {p.given}"
    y = sh.t(60, 232, f"Patient: {aw}", "dserif", 10) + 13
    y = sh.t(60, y, f"Behandlungszeitraum: {dnum(start)} – {dnum(end)}", "dserif", 10) + 13
    y = sh.t(60, y, "Verordnung: KG-Gerät, 6 Einheiten, Diagnose M54.5", "dserif", 10) + 22
    y = (
        sh.para(
            60,
            y,
            470,
            "Befund zu Beginn: schmerzhafte Einschränkung der LWS-Flexion, "
            "Finger-Boden-Abstand 35 cm. Nach sechs Behandlungen deutliche Besserung, "
            "Finger-Boden-Abstand 12 cm, Schmerz in Ruhe 2/10. Wir empfehlen eine "
            "Folgeverordnung mit Schwerpunkt auf Kräftigung.",
            "dserif",
            10,
        )
        + 20
    )
    y = sh.t(60, y, "Mit freundlichen Grüßen", "dserif", 10) + 30
    sh.t(60, y, "Daniel Recktenwald, Physiotherapeut", "dserif", 10)
    return Spec(
        sh,
        "de",
        "DE-RP",
        "PHYSIOTHERAPIE ROSENGARTEN",
        title,
        aw,
        False,
        day,
        "06332 41930",
        "Physio Rosengarten",
        [
            "Physiotherapie Rosengarten",
            "Praxis für Physiotherapie und Manuelle Therapie",
            "Daniel Recktenwald",
        ],
        [],
        [(start, "treatment start"), (end, "treatment end")],
        [("Daniel Recktenwald", "therapist")],
        notes=[
            "date at the top left before the letterhead",
            "surname first without comma",
            "no birth date",
        ],
    )


def fr_metz(rng: random.Random, p: Person, pr: dict[str, Any], day: dt.date) -> Spec:
    sh = Sheet()
    adm = day - dt.timedelta(days=rng.randrange(5, 12))
    dis = day - dt.timedelta(days=rng.randrange(1, 3))
    sh.t(40, 48, "CHR Metz-Thionville", "sansb", 14)
    sh.t(40, 62, "Hôpital de Mercy", "sans", 10)
    sh.t(40, 74, "1, allée du Château – CS 45001 – 57085 Metz Cedex 03", "sans", 8)
    sh.t(40, 96, "Pôle Cœur-Vaisseaux – Service de Cardiologie", "sansb", 9)
    sh.t(40, 107, "Dr Julien Lefèvre, praticien hospitalier", "sans", 8)
    sh.t(40, 117, "Secrétariat : 03 87 55 34 10 – Fax : +33 3 87 55 34 19", "sans", 8)
    _recipient(sh, 330, 150, pr, "sans", 9)
    y = sh.t(330, 230, f"Metz, le {dfr(day)}", "sans", 10)
    title = "COMPTE RENDU D'HOSPITALISATION"
    sh.c(270, title, "sansb", 12)
    madame = "Mme" if p.sex == "f" else "M."
    nee = "née" if p.sex == "f" else "né"
    aw = f"{madame} {p.surname.upper()} {p.given}"
    if p.birth_name and p.sex == "f":
        aw = f"{madame} {p.surname.upper()} née {p.birth_name.upper()} {p.given}"
    y = sh.t(40, 298, f"Patient(e) : {aw}", "sans", 10) + 13
    y = sh.t(40, y, f"{nee.capitalize()} le : {dnum(p.birth, '/')}", "sans", 10) + 13
    y = sh.t(40, y, f"Hospitalisation du {dnum(adm, '/')} au {dnum(dis, '/')}", "sans", 10) + 24
    y = sh.t(40, y, pr["fr"], "sans", 10) + 18
    y = (
        sh.para(
            40,
            y,
            510,
            f"J'ai pris en charge votre patient(e) {madame} {p.fl} pour une "
            "fibrillation atriale rapide. Une cardioversion électrique a été réalisée avec "
            "succès. L'échographie cardiaque retrouve une FEVG à 55 %. Un traitement par "
            "apixaban 5 mg deux fois par jour a été introduit.",
            "sans",
            10,
        )
        + 8
    )
    fu = day + dt.timedelta(days=rng.randrange(40, 90))
    y = (
        sh.para(
            40,
            y,
            510,
            f"Une consultation de contrôle est prévue le {dfr(fu)}. "
            "Je vous prie de croire, chère consœur, cher confrère, en mes sentiments "
            "confraternels les meilleurs.",
            "sans",
            10,
        )
        + 30
    )
    sh.t(330, y, "Dr Julien Lefèvre", "sans", 10)
    return Spec(
        sh,
        "fr",
        "FR-57",
        "CHR Metz-Thionville",
        title,
        aw,
        True,
        day,
        "+33 3 87 55 34 19",
        "CHR METZ MERCY CARDIO",
        ["Hôpital de Mercy", "Service de Cardiologie", "CHR Metz-Thionville – Hôpital de Mercy"],
        ["Compte rendu d'hospitalisation"],
        [(adm, "admission"), (dis, "discharge"), (fu, "follow-up")],
        [("Dr Julien Lefèvre", "hospital doctor")],
        notes=[
            "French: surname in capitals before the given name",
            "dates with slashes and with French month names",
        ],
    )


def fr_sarreguemines(rng: random.Random, p: Person, pr: dict[str, Any], day: dt.date) -> Spec:
    sh = Sheet()
    exam = day - dt.timedelta(days=rng.randrange(0, 4))
    sh.c(50, "Docteur Pierre SCHNEIDER", "serifb", 14)
    sh.c(65, "Hépato-gastro-entérologue – Ancien chef de clinique", "serif", 10)
    sh.c(78, "12, rue Poincaré – 57200 Sarreguemines – Tél. 03 87 98 12 40", "serif", 9)
    sh.c(90, "N° RPPS 10003456789", "serif", 8)
    sh.rule(80, 98, 515)
    sh.r(540, 130, f"Sarreguemines, le {dnum(day, '/')}", "serif", 11)
    _recipient(sh, 300, 160, pr, "serif", 10)
    title = f"Objet : Coloscopie du {dnum(exam, '/')}"
    sh.t(60, 262, title, "serifb", 11)
    age = (day - p.birth).days // 365
    mon = "Madame" if p.sex == "f" else "Monsieur"
    aw = f"{mon} {p.given} {p.surname.upper()}"
    y = sh.t(60, 290, pr["fr"], "serif", 11) + 20
    y = (
        sh.para(
            60,
            y,
            470,
            f"J'ai revu ce jour {aw}, âgé(e) de {age} ans, pour la coloscopie "
            "de dépistage. L'examen a été complet jusqu'au bas-fond caecal. Exérèse d'un "
            "polype sessile de 6 mm du côlon sigmoïde. Préparation satisfaisante.",
            "serif",
            11,
        )
        + 8
    )
    y = (
        sh.para(
            60,
            y,
            470,
            "Je vous tiendrai informé(e) du résultat anatomopathologique. "
            "Prochain contrôle dans cinq ans selon l'histologie.",
            "serif",
            11,
        )
        + 16
    )
    y = sh.t(60, y, "Bien confraternellement,", "serif", 11) + 30
    sh.t(300, y, "Dr P. Schneider", "serif", 11)
    return Spec(
        sh,
        "fr",
        "FR-57",
        "Docteur Pierre SCHNEIDER",
        title,
        aw,
        False,
        day,
        "03 87 98 12 49",
        "Dr SCHNEIDER P",
        ["Dr Pierre Schneider", "Pierre Schneider", "Dr P. Schneider"],
        [f"Coloscopie du {dnum(exam, '/')}", "Coloscopie"],
        [(exam, "examination")],
        [],
        notes=[
            "age instead of a birth date",
            "subject with 'Objet :' label",
            "namesake trap: the gastroenterologist is called Schneider",
        ],
    )


def lu_note(rng: random.Random, p: Person, pr: dict[str, Any], day: dt.date) -> Spec:
    sh = Sheet()
    sh.t(60, 50, "Dr Carole Wagner-Thill", "lib", 13)
    sh.t(60, 64, "Médecin généraliste", "lib", 9)
    sh.t(
        60,
        75,
        "23, route du Vin · L-5550 Remich · Tel. +352 23 69 81 1 · Fax +352 23 69 81 20",
        "lib",
        8,
    )
    sh.t(60, 86, "Code médecin 1234/56", "lib", 8)
    _recipient(sh, 320, 120, pr, "lib", 9.5)
    sh.t(320, 200, f"Réimech, den {dlong(day, LB_MON)}", "lib", 10)
    title = "Iwwerweisung"
    sh.t(60, 240, title, "libb", 12)
    mat = f"{p.birth:%Y} {p.birth:%m%d} {rng.randrange(100, 999)} {rng.randrange(10, 99)}"
    aw = f"{p.surname} {p.given}"
    y = sh.t(60, 262, f"Patient(e): {aw}", "lib", 10) + 13
    y = sh.t(60, y, f"gebuer den {dlong(p.birth, LB_MON)} – Matricule {mat}", "lib", 10) + 24
    y = sh.t(60, y, "Léif Kolleegin, léiwe Kolleeg,", "lib", 10) + 18
    y = (
        sh.para(
            60,
            y,
            470,
            "ech schécken Iech dëse Patient, deen am Grenzgebitt wunnt an "
            "elo bei Iech a Behandlung wëll goen. Bekannt sinn eng arteriell Hypertonie an "
            "eng Hypothyreose. Déi aktuell Medikatioun: Candesartan 8 mg, L-Thyroxin 75 µg.",
            "lib",
            10,
        )
        + 8
    )
    y = (
        sh.para(
            60,
            y,
            470,
            "Les derniers résultats de laboratoire sont joints. Bien confraternellement.",
            "lib",
            10,
        )
        + 28
    )
    sh.t(60, y, "Dr C. Wagner-Thill", "lib", 10)
    return Spec(
        sh,
        "lb",
        "LU",
        "Dr Carole Wagner-Thill",
        title,
        aw,
        True,
        day,
        "+352 23 69 81 20",
        "DR WAGNER-THILL REMICH",
        ["Carole Wagner-Thill", "Dr C. Wagner-Thill"],
        ["Überweisung"],
        [],
        [],
        notes=[
            "Luxembourgish with French parts; Luxembourgish month names",
            "Matricule contains the birth date (YYYY MMDD)",
            "the sender's name contains Wagner, a register surname",
        ],
    )


def it_lettera(rng: random.Random, p: Person, pr: dict[str, Any], day: dt.date) -> Spec:
    sh = Sheet()
    adm = day - dt.timedelta(days=rng.randrange(4, 10))
    sh.c(46, "AZIENDA SANITARIA PROVINCIALE DI AGRIGENTO", "serifb", 12)
    sh.c(60, 'Presidio Ospedaliero "San Giovanni di Dio"', "serif", 11)
    sh.c(73, "U.O.C. di Medicina Interna – Direttore: Dott. Calogero Russo", "serif", 9)
    sh.c(84, "Contrada Consolida – 92100 Agrigento – Fax +39 0922 442 219", "serif", 9)
    sh.rule(60, 92, 535)
    sh.t(60, 108, f"Al medico curante: {pr['doctor']}, {pr['address']} (Germania)", "serif", 9)
    title = "LETTERA DI DIMISSIONE"
    sh.c(132, title, "serifb", 13)
    nato = "nata" if p.sex == "f" else "nato"
    aw = f"{p.surname.upper()} {p.given.upper()}"
    y = sh.t(60, 156, f"Paziente: {aw}", "serif", 11) + 14
    y = sh.t(60, y, f"{nato} il {dnum(p.birth, '/')} ad Agrigento", "serif", 11) + 14
    y = (
        sh.t(
            60,
            y,
            f"Data ricovero: {dnum(adm, '/')} – Data dimissione: {dnum(day, '/')}",
            "serif",
            11,
        )
        + 14
    )
    y = (
        sh.t(60, y, f"Cartella clinica n. {day.year}/{rng.randrange(10000, 99999)}", "serif", 11)
        + 24
    )
    y = sh.t(60, y, "Egregio Collega,", "serif", 11) + 18
    y = (
        sh.para(
            60,
            y,
            470,
            f"dimettiamo in data odierna il/la Sig./Sig.ra {p.given} {p.surname}, "
            "ricoverato/a per polmonite comunitaria del lobo inferiore destro, trattata con "
            "ceftriaxone e claritromicina con buona risposta clinica. Paziente residente in "
            "Germania, in vacanza presso i familiari.",
            "serif",
            11,
        )
        + 8
    )
    y = (
        sh.para(
            60,
            y,
            470,
            "Terapia consigliata: amoxicillina/acido clavulanico per altri "
            "cinque giorni; controllo radiografico fra sei settimane presso il medico "
            "curante.",
            "serif",
            11,
        )
        + 20
    )
    y = sh.t(60, y, f"Agrigento, {dlong(day, IT_MON, dot=False)}", "serif", 11) + 30
    sh.t(330, y, "Il medico di reparto", "serif", 11)
    sh.t(330, y + 14, "Dott.ssa Giulia Marino", "serif", 11)
    return Spec(
        sh,
        "it",
        "IT",
        "AZIENDA SANITARIA PROVINCIALE DI AGRIGENTO",
        title,
        aw,
        True,
        day,
        "+39 0922 442 219",
        "ASP AG MED INT",
        [
            'Presidio Ospedaliero "San Giovanni di Dio"',
            "ASP Agrigento",
            "Azienda Sanitaria Provinciale di Agrigento",
            "U.O.C. di Medicina Interna",
        ],
        ["Lettera di dimissione"],
        [(adm, "admission"), (day, "discharge")],
        [("Dott.ssa Giulia Marino", "ward doctor"), ("Dott. Calogero Russo", "director")],
        notes=[
            "Italian: name in capitals surname first",
            "letter date equals discharge date; also written with month name",
            "no recipient block: handed to the patient",
        ],
    )


def pl_karta(rng: random.Random, p: Person, pr: dict[str, Any], day: dt.date) -> Spec:
    sh = Sheet()
    p.use_native()
    adm = day - dt.timedelta(days=rng.randrange(3, 9))
    sh.t(40, 46, "Szpital Wojewódzki w Opolu sp. z o.o.", "sansb", 12)
    sh.t(40, 60, "Oddział Chorób Wewnętrznych i Diabetologii", "sans", 9)
    sh.t(
        40, 71, "ul. Katowicka 64, 45-061 Opole · tel. 77 443 31 00 · faks 77 443 31 09", "sans", 8
    )
    sh.r(555, 46, f"Opole, dnia {dnum(day)} r.", "sans", 9)
    sh.t(40, 90, f"Lekarz rodzinny: {pr['doctor']}, {pr['address']}, Niemcy", "sans", 8)
    title = "KARTA INFORMACYJNA LECZENIA SZPITALNEGO"
    sh.c(116, title, "sansb", 12)
    aw = f"{p.surname} {p.given}"
    pmon = p.birth.month + (20 if p.birth.year >= 2000 else 0)
    pesel = f"{p.birth:%y}{pmon:02d}{p.birth:%d}{rng.randrange(10000, 99999)}"
    rows = [
        ("Pacjent:", aw),
        ("Data urodzenia:", dnum(p.birth)),
        ("PESEL:", pesel),
        ("Adres:", f"{p.street}, {p.postcode} {p.city}, Niemcy"),
        ("Data przyjęcia:", dnum(adm)),
        ("Data wypisu:", dnum(day)),
    ]
    y = 140.0
    for k, v in rows:
        sh.t(40, y, k, "sansb", 9.5)
        sh.t(150, y, v, "sans", 9.5)
        y += 14
    y += 14
    y = sh.t(40, y, "Rozpoznanie:", "sansb", 10) + 14
    y = (
        sh.para(
            40,
            y,
            510,
            "Cukrzyca typu 2 z hiperglikemią (E11.65). Nadciśnienie tętnicze.",
            "sans",
            10,
        )
        + 8
    )
    y = sh.t(40, y, "Epikryza:", "sansb", 10) + 14
    y = (
        sh.para(
            40,
            y,
            510,
            "Pacjentka/pacjent przyjęta/przyjęty w trybie nagłym z powodu "
            "hiperglikemii w czasie pobytu u rodziny. Włączono insulinoterapię, uzyskano "
            "wyrównanie glikemii. Zalecana dalsza opieka u lekarza rodzinnego w Niemczech.",
            "sans",
            10,
        )
        + 8
    )
    y = sh.t(40, y, "Zalecenia: kontrola HbA1c za 3 miesiące.", "sans", 10) + 36
    sh.t(330, y, "lek. med. Tomasz Zieliński", "sans", 10)
    sh.t(330, y + 13, "specjalista chorób wewnętrznych", "sans", 8)
    return Spec(
        sh,
        "pl",
        "PL",
        "Szpital Wojewódzki w Opolu",
        title,
        aw,
        True,
        day,
        "77 443 31 09",
        "SZPITAL WOJ OPOLE",
        ["Szpital Wojewódzki w Opolu sp. z o.o.", "Oddział Chorób Wewnętrznych i Diabetologii"],
        ["Karta informacyjna leczenia szpitalnego", "Karta informacyjna"],
        [(adm, "admission"), (day, "discharge")],
        [("lek. med. Tomasz Zieliński", "doctor")],
        notes=[
            "Polish: surname first; name with Polish letters",
            "PESEL encodes the birth date",
            "date with 'dnia … r.'",
        ],
    )


def ro_scrisoare(rng: random.Random, p: Person, pr: dict[str, Any], day: dt.date) -> Spec:
    sh = Sheet()
    p.use_native()
    adm = day - dt.timedelta(days=rng.randrange(2, 8))
    sh.t(40, 46, "SPITALUL CLINIC JUDEȚEAN DE URGENȚĂ", "libb", 12)
    sh.t(40, 60, "„Pius Brînzeu” Timișoara", "lib", 11)
    sh.t(40, 73, "Bd. Liviu Rebreanu nr. 156, 300723 Timișoara · Fax 0256 486 956", "lib", 8)
    sh.t(40, 84, "Secția Clinică Cardiologie", "lib", 9)
    sh.r(555, 46, f"Nr. înreg. {rng.randrange(1000, 9999)} / {dnum(day)}", "lib", 9)
    sh.t(40, 100, f"Către: {pr['doctor']}, {pr['address']}, Germania", "lib", 8)
    title = "SCRISOARE MEDICALĂ"
    sh.c(128, title, "libb", 14)
    aw = f"{p.surname.upper()} {p.given}"
    cnp = f"{2 if p.sex == 'f' else 1}{p.birth:%y%m%d}{rng.randrange(100000, 999999)}"
    rows = [
        ("Numele și prenumele:", aw),
        ("Data nașterii:", dnum(p.birth)),
        ("CNP:", cnp),
        ("Internat(ă) în perioada:", f"{dnum(adm)} – {dnum(day)}"),
    ]
    y = 154.0
    for k, v in rows:
        sh.t(40, y, k, "libb", 10)
        sh.t(190, y, v, "lib", 10)
        y += 15
    y = sh.t(40, y + 14, "Stimate coleg,", "lib", 10) + 18
    y = (
        sh.para(
            40,
            y,
            510,
            "Vă informăm că pacientul/pacienta a fost internat(ă) în secția "
            "noastră cu diagnosticul: Insuficiență cardiacă decompensată, fibrilație "
            "atrială permanentă. S-a instituit tratament diuretic intravenos cu evoluție "
            "favorabilă.",
            "lib",
            10,
        )
        + 8
    )
    y = (
        sh.para(
            40,
            y,
            510,
            "Recomandări: Furosemid 40 mg/zi, Bisoprolol 5 mg/zi, "
            "control la medicul de familie în Germania.",
            "lib",
            10,
        )
        + 20
    )
    y = sh.t(40, y, f"Data: {dlong(day, RO_MON, dot=False)}", "lib", 10) + 30
    sh.t(330, y, "Medic primar: Dr. Andrei Munteanu", "lib", 10)
    return Spec(
        sh,
        "ro",
        "RO",
        "SPITALUL CLINIC JUDEȚEAN DE URGENȚĂ",
        title,
        aw,
        True,
        day,
        "0256 486 956",
        "SCJU TIMISOARA CARDIO",
        [
            "Spitalul Clinic Județean de Urgență „Pius Brînzeu” Timișoara",
            "Spitalul Clinic Județean de Urgență Timișoara",
            "SCJU Timișoara",
            "Secția Clinică Cardiologie",
        ],
        ["Scrisoare medicală"],
        [(adm, "admission"), (day, "discharge")],
        [("Dr. Andrei Munteanu", "senior doctor")],
        notes=[
            "Romanian: CNP encodes the birth date",
            "registration number line carries the letter date too",
        ],
    )


def versorgungsamt(rng: random.Random, p: Person, pr: dict[str, Any], day: dt.date) -> Spec:
    sh = Sheet()
    sh.t(60, 48, "Landesamt für Soziales", "serifb", 14)
    sh.t(60, 63, "Saarland – Versorgungsverwaltung", "serif", 10)
    sh.t(60, 100, "Landesamt für Soziales · Hochstraße 67 · 66115 Saarbrücken", "serif", 7)
    _recipient(sh, 60, 116, pr, "serif", 11)
    az = f"Az.: 52-{rng.randrange(100000, 999999)}"
    sh.block(
        370,
        116,
        [
            "Geschäftszeichen",
            az,
            "Auskunft: Frau Backes",
            "Telefax 0681 9978-2299",
            f"Saarbrücken, {dnum(day)}",
        ],
        "serif",
        9,
        1.5,
    )
    title = "FESTSTELLUNG DER BEHINDERUNG NACH DEM SGB IX"
    sh.t(60, 244, title, "serifb", 11)
    aw = f"{p.herrn} {p.fl}"
    y = sh.t(60, 260, f"Antragsteller/in: {aw}, geb. {dnum(p.birth)}", "serif", 11) + 14
    y = sh.t(60, y, f"{p.street}, {p.postcode} {p.city}", "serif", 11) + 24
    y = sh.t(60, y, "Sehr geehrte Damen und Herren,", "serif", 11) + 18
    app = day - dt.timedelta(days=rng.randrange(10, 40))
    y = (
        sh.para(
            60,
            y,
            470,
            f"die oben genannte Person hat am {dnum(app)} einen Antrag auf "
            "Feststellung des Grades der Behinderung gestellt und Sie als behandelnde "
            "Ärztin bzw. behandelnden Arzt benannt. Wir bitten um Übersendung aktueller "
            "Befundberichte der letzten zwei Jahre. Eine Schweigepflichtentbindung liegt "
            "bei.",
            "serif",
            11,
        )
        + 18
    )
    y = sh.t(60, y, "Mit freundlichen Grüßen", "serif", 11) + 14
    sh.t(60, y, "Im Auftrag", "serif", 11)
    sh.t(60, y + 30, "Backes", "serif", 11)
    return Spec(
        sh,
        "de",
        "DE-SL",
        "Landesamt für Soziales",
        title,
        aw,
        True,
        day,
        "0681 9978-2299",
        "LAS SAARLAND",
        ["Landesamt für Soziales Saarland", "Versorgungsverwaltung"],
        ["Feststellung der Behinderung nach dem SGB IX", "Befundanforderung"],
        [(app, "application")],
        [("Backes", "case officer")],
        notes=["date in the information block", "application date in the body"],
    )


def zna_form(rng: random.Random, p: Person, pr: dict[str, Any], day: dt.date) -> Spec:
    sh = Sheet()
    sh.t(36, 46, "Marienhausklinik St. Elisabeth Saarlouis", "narrow", 14)
    sh.t(
        36,
        60,
        "Zentrale Notaufnahme · Kapuzinerstraße 4 · 66740 Saarlouis · Fax 06831 16-1099",
        "narrow",
        9,
    )
    title = "KURZARZTBRIEF NOTAUFNAHME"
    sh.t(36, 90, title, "narrow", 16)
    sh.rect(36, 100, 559, 196)
    aw = p.surname.upper()
    fields = [
        ("Name", aw),
        ("Vorname", p.given),
        ("Geburtsdatum", dnum(p.birth)),
        ("Aufnahme", f"{dnum(day)} {rng.randrange(0, 23):02d}:{rng.randrange(0, 59):02d} Uhr"),
        ("Hausarzt", pr["short_doc"]),
    ]
    y = 116.0
    for k, v in fields:
        sh.t(44, y, k, "narrow", 8)
        sh.t(140, y, v, "narrow", 11)
        y += 17
    y = 218.0
    for head, body in [
        (
            "Anamnese",
            "Sturz im häuslichen Umfeld, Schmerzen im rechten Handgelenk, keine Bewusstlosigkeit.",
        ),
        ("Befund", "Schwellung und Druckschmerz distaler Radius rechts, DMS intakt."),
        (
            "Diagnostik",
            "Röntgen Handgelenk rechts in zwei Ebenen: distale Radiusfraktur loco typico, "
            "nicht disloziert.",
        ),
        ("Therapie", "Unterarmgipsschiene, Analgesie mit Ibuprofen 400 mg bei Bedarf."),
        ("Procedere", "Gipskontrolle und Röntgen in der Unfallchirurgie in einer Woche."),
    ]:
        sh.t(36, y, head, "narrow", 10)
        y = sh.para(120, y, 430, body, "narrow", 10) + 8
    y += 20
    sh.t(36, y, f"Saarlouis, {day:%d.%m.%y}", "narrow", 10)
    sh.t(300, y, "Dr. med. Jens Lorig, Oberarzt ZNA", "narrow", 10)
    return Spec(
        sh,
        "de",
        "DE-SL",
        "Marienhausklinik St. Elisabeth Saarlouis",
        title,
        aw,
        True,
        day,
        "06831 16-1099",
        "MHK SAARLOUIS ZNA",
        ["Zentrale Notaufnahme", "Marienhausklinik Saarlouis"],
        ["Kurzarztbrief"],
        [],
        [("Dr. med. Jens Lorig", "senior doctor")],
        notes=[
            "form: surname in capitals in its own field",
            "letter date with a two-digit year at the end",
            "the receiving doctor's name printed in a 'Hausarzt' field",
            "admission date and letter date on the same day",
        ],
    )


def westpfalz(rng: random.Random, p: Person, pr: dict[str, Any], day: dt.date) -> Spec:
    sh = Sheet()
    adm = day - dt.timedelta(days=rng.randrange(8, 16))
    rel_birth = dt.date(
        p.birth.year + rng.randrange(-4, 5), rng.randrange(1, 13), rng.randrange(1, 28)
    )
    rel = "Ehefrau" if p.sex == "m" else "Ehemann"
    rel_name = ("Gertrud" if p.sex == "m" else "Walter") + f" {p.surname}"
    sh.r(555, 46, "Westpfalz-Klinikum", "sansb", 16)
    sh.r(555, 62, "Klinik für Neurologie · Standort Kaiserslautern", "sans", 9)
    sh.r(555, 73, "Hellmut-Hartert-Straße 1 · 67655 Kaiserslautern", "sans", 8)
    sh.r(555, 83, "Sekretariat Tel. 0631 203-1351 · Fax 0631 203-1560", "sans", 8)
    _recipient(sh, 60, 124, pr, "sans", 10)
    sh.r(555, 210, f"Kaiserslautern, {dlong(day)}", "sans", 10)
    title = "Arztbrief"
    sh.t(60, 236, title, "sansb", 13)
    t = f"{p.title} " if p.title else ""
    aw = f"{p.herrn} {t}{p.fl}"
    y = sh.t(60, 256, f"über {aw}, geboren am {dnum(p.birth)},", "sans", 10) + 13
    y = sh.t(60, y, f"stationär vom {dnum(adm)} bis {dnum(day)}", "sans", 10) + 22
    y = sh.t(60, y, pr["salute"], "sans", 10) + 18
    y = (
        sh.para(
            60,
            y,
            480,
            "Diagnosen: Ischämischer Schlaganfall im Mediastromgebiet links "
            "(ICD-10 I63.5), Vorhofflimmern, Hypertonie. Die Lysetherapie erfolgte "
            "innerhalb des Zeitfensters; residuell leichte Wortfindungsstörung.",
            "sans",
            10,
        )
        + 8
    )
    y = sh.para(
        60,
        y,
        480,
        f"Die {rel} des Patienten, {rel_name} (geb. {dnum(rel_birth)}), "
        "ist als Betreuer/in bestellt und wünscht Rückruf. Die Anschlussheilbehandlung "
        "ist beantragt.",
        "sans",
        10,
    )
    sh.t(470, 810, "Seite 1 von 2", "sans", 8)
    sh.new_page()
    sh.t(60, 44, f"{p.lf}, * {dnum(p.birth)}", "sans", 8)
    sh.r(555, 44, "Seite 2", "sans", 8)
    sh.rule(60, 50, 555)
    y = sh.t(60, 80, "Entlassmedikation", "sansb", 10) + 14
    y = (
        sh.block(
            60,
            y,
            ["Apixaban 5 mg 1-0-1", "Candesartan 16 mg 1-0-0", "Atorvastatin 40 mg 0-0-1"],
            "sans",
            10,
        )
        + 14
    )
    y = sh.t(60, y, "Mit freundlichen Grüßen", "sans", 10) + 36
    sh.t(60, y, "PD Dr. med. Frank Kuhn", "sans", 10)
    sh.t(300, y, "Dr. med. Eva Dörr", "sans", 10)
    return Spec(
        sh,
        "de",
        "DE-RP",
        "Westpfalz-Klinikum",
        title,
        aw,
        True,
        day,
        "0631 203-1560",
        "WKK NEUROLOGIE",
        ["Westpfalz-Klinikum Kaiserslautern", "Klinik für Neurologie"],
        ["Arztbrief Neurologie"],
        [(adm, "admission"), (day, "discharge"), (rel_birth, "relative's birth date")],
        [
            (rel_name, rel.lower()),
            ("PD Dr. med. Frank Kuhn", "chief physician"),
            ("Dr. med. Eva Dörr", "ward doctor"),
        ],
        notes=[
            "relative with a birth date",
            "two pages with running header '*'",
            "title of the patient may precede the name",
        ],
    )


def handnotiz(rng: random.Random, p: Person, pr: dict[str, Any], day: dt.date) -> Spec:
    sh = Sheet()
    sh.t(60, 50, "Dr. med. Tobias Reinert", "serifb", 12)
    sh.t(60, 64, "Facharzt für Hals-Nasen-Ohren-Heilkunde", "serif", 9)
    sh.t(60, 75, "Hauptstraße 56 · 66482 Zweibrücken · Fax 06332 18455", "serif", 9)
    sh.rule(60, 82, 535)
    dated = rng.random() < 0.6
    jit = [rng.uniform(-4, 4) for _ in range(12)]
    y = 130.0
    if dated:
        sh.t(380 + jit[0], y, dshort(day), "hand", 15)
    y += 40
    sh.t(70 + jit[1], y, f"Liebe {pr['short_doc']},", "hand", 15)
    y += 30
    aw = f"{p.herr} {p.fl}"
    rows = [
        f"{aw} war heute bei mir –",
        "Tonsillitis, Abstrich neg.,",
        "Penicillin V 3x1 Mio für 7 Tage.",
        "Bitte Kontrolle in 1 Woche",
        "bei Ihnen. Danke!",
    ]
    for i, r in enumerate(rows):
        sh.t(70 + jit[2 + i], y, r, "hand", 15)
        y += 28
    sh.t(330 + jit[9], y + 20, "T. Reinert", "hand", 16)
    return Spec(
        sh,
        "de",
        "DE-RP",
        "Dr. med. Tobias Reinert",
        None,
        aw,
        False,
        day if dated else None,
        "06332 18455",
        "HNO REINERT",
        ["Tobias Reinert", "T. Reinert", "HNO Dr. Reinert"],
        [],
        [],
        [],
        notes=["handwritten note on a printed pad; no title"] + ([] if dated else ["undated note"]),
        handwritten=True,
    )


def aok(rng: random.Random, p: Person, pr: dict[str, Any], day: dt.date) -> Spec:
    sh = Sheet()
    sh.r(555, 50, "AOK Rheinland-Pfalz/Saarland", "libb", 13)
    sh.r(555, 64, "Die Gesundheitskasse", "lib", 9)
    sh.t(60, 118, "AOK Rheinland-Pfalz/Saarland · Postfach 10 15 62 · 66015 Saarbrücken", "lib", 7)
    _recipient(sh, 60, 134, pr, "lib", 10)
    kvnr = f"{p.surname[0].upper()}{rng.randrange(100000000, 999999999)}"
    sh.block(
        370,
        134,
        [
            f"Datum {dnum(day)}",
            "Ansprechpartner: Herr Bost",
            "Telefon 0681 6001-4412",
            "Fax 0681 6001-4499",
            f"Versichertennr. {kvnr}",
        ],
        "lib",
        8.5,
        1.5,
    )
    title = "Krankengeld – Anfrage zur Arbeitsunfähigkeit"
    sh.t(60, 250, title, "libb", 11)
    aw = f"{p.surname.upper()}, {p.given.upper()}"
    y = sh.t(60, 268, f"Versicherte/r: {aw}, geb. {dnum(p.birth)}", "lib", 10) + 22
    auf = day - dt.timedelta(days=rng.randrange(30, 60))
    y = sh.t(60, y, "Sehr geehrte Damen und Herren,", "lib", 10) + 18
    y = (
        sh.para(
            60,
            y,
            480,
            f"Ihr/e Patient/in ist seit dem {dnum(auf)} arbeitsunfähig "
            "erkrankt. Für die Prüfung des Krankengeldanspruchs bitten wir Sie, den "
            "beiliegenden Fragebogen auszufüllen. Ihre Aufwendungen werden nach Nr. 01621 "
            "EBM vergütet.",
            "lib",
            10,
        )
        + 18
    )
    y = sh.t(60, y, "Freundliche Grüße", "lib", 10) + 14
    sh.t(60, y, "Ihre AOK Rheinland-Pfalz/Saarland", "lib", 10)
    return Spec(
        sh,
        "de",
        "DE-SL",
        "AOK Rheinland-Pfalz/Saarland",
        title,
        aw,
        True,
        day,
        "0681 6001-4499",
        "AOK RPS KRANKENGELD",
        ["AOK", "Die Gesundheitskasse"],
        ["Anfrage zur Arbeitsunfähigkeit", "Krankengeld"],
        [(auf, "incapacity since")],
        [("Herr Bost", "case officer")],
        notes=["name all in capitals, surname first", "date first in the information block"],
    )


LAYOUTS: dict[str, tuple[Layout, str | None]] = {
    "uks_discharge": (uks_entlass, None),
    "cardiology_kl": (kardio_kl, None),
    "lab_form": (labor, None),
    "radiology_nk": (radiologie, None),
    "drv_request": (drv, None),
    "care_email": (pflege_mail, None),
    "pharmacy_fax": (apotheke, "tr"),
    "physio_report": (physio, None),
    "fr_metz_hospital": (fr_metz, "fr"),
    "fr_sarreguemines_specialist": (fr_sarreguemines, None),
    "lu_gp_note": (lu_note, "lu"),
    "it_discharge": (it_lettera, "it"),
    "pl_discharge": (pl_karta, "pl"),
    "ro_discharge": (ro_scrisoare, "ro"),
    "versorgungsamt": (versorgungsamt, None),
    "ed_short_form": (zna_form, None),
    "westpfalz_neuro": (westpfalz, None),
    "handwritten_ent": (handnotiz, None),
    "aok_request": (aok, None),
}
