"""The held-out letters: 40 in `test`, 6 in `examples`, or any number with `generate`.

Every page is a list of drawn lines (render.Line); the truth's page text is those lines joined
with newlines, so it is exactly what is drawn, in reading order.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import cache
from typing import Any

from . import render
from .dates import dk_cpr, fmt, se_pnr
from .register import Patient, build
from .world import ORGS, PRACTICES, Org, practice_for

SEEDS = {"test": 5090100, "examples": 5090200}
COUNTS = {"test": 40, "examples": 6}

# The deck: one of each entry per 40 letters (German 29, abroad 11).
DECK = [
    "discharge_uni",
    "discharge_uni",
    "discharge_district",
    "discharge_district",
    "discharge_district",
    "reha",
    "specialist",
    "specialist",
    "specialist",
    "radiology",
    "radiology",
    "lab",
    "lab",
    "pathology",
    "consult_form",
    "insurer_kk",
    "insurer_drv",
    "insurer_bg",
    "insurer_md",
    "care_service",
    "pharmacy",
    "dental",
    "psychotherapist",
    "health_office",
    "court",
    "medication_plan",
    "email",
    "certificate",
    "handwritten_note",
    "dk_epikrise",
    "dk_gp",
    "dk_english",
    "se_epikris",
    "no_epikrise",
    "pl_karta",
    "nl_ontslag",
    "uk_discharge",
    "us_consult",
    "at_arztbrief",
    "ch_austritt",
]
ADULT_ONLY = {"insurer_drv", "insurer_bg", "insurer_md", "court", "reha", "care_service"}
NO_PATIENT = {"health_office"}
TL = str.maketrans(
    {
        "ä": "ae",
        "ö": "oe",
        "ü": "ue",
        "Ä": "Ae",
        "Ö": "Oe",
        "Ü": "Ue",
        "ß": "ss",
        "ı": "i",
        "ş": "s",
        "ç": "c",
        "ğ": "g",
        "ś": "s",
        "ł": "l",
        "ń": "n",
        "ż": "z",
        "ź": "z",
        "ó": "o",
        "ą": "a",
        "ę": "e",
        "Ç": "C",
        "Ş": "S",
        "Ł": "L",
        "Ś": "S",
        "Ż": "Z",
        "ø": "oe",
        "å": "aa",
    }
)
TL_CH = str.maketrans({"ß": "ss"})
POLISH = {
    "Wisniewska": "Wiśniewska",
    "Malgorzata": "Małgorzata",
    "Zielinski": "Zieliński",
    "Lewandowska": "Lewandowska",
    "Wojciech": "Wojciech",
}


def translit(s: str) -> str:
    return s.translate(TL)


@cache
def patients() -> list[Patient]:
    return build()


def _reg(surname: str, given: str, birth: date | None = None) -> Patient:
    for p in patients():
        if (
            p.surname == surname
            and p.given_names == given
            and (birth is None or p.birth_date == birth)
        ):
            return p
    raise KeyError((surname, given))


# People picked first in every generated batch (shuffled): the register's hard cases and
# people the register does not know. (kind, surname, given, birth or None)
SPECIAL = [
    ("reg_address", "Jensen", "Hans Peter", date(1958, 4, 12), "Dorfstraße 3"),
    ("reg_address", "Jensen", "Hans Peter", date(1958, 4, 12), "Norderstraße 17"),
    ("reg", "Petersen", "Lea", None, ""),
    ("reg", "Öztürk", "Eren", None, ""),
    ("reg_birthname", "Schröder", "Anna", None, ""),
    ("reg_oldname", "Schröder", "Anna", None, "Hansen"),
    ("reg", "Hansen", "Anna", None, ""),
    ("reg", "Müller", "Jürgen", None, ""),
    ("reg_translit", "Mueller", "Juergen", None, ""),
    ("reg_translit", "Möller", "Käthe", None, ""),
    ("reg_oldname", "Wulf", "Birte", None, "Meyer-Wulf"),
    ("reg", "Yilmaz", "Mehmet", date(1990, 10, 14), ""),
    ("reg", "von Ahlefeldt", "Friedrich Wilhelm", None, ""),
    ("reg", "Sørensen", "Mette Kirstine", None, ""),
    ("reg", "Al-Khatib", "Rania", None, ""),
    ("reg", "Schulze-Hansen", "Gesche", None, ""),
    ("reg", "Wisniewska", "Malgorzata", None, ""),
    ("outside", "Lassen", "Henrike", date(1966, 3, 9), "Fischerstraße 2|24960|Glücksburg"),
    ("outside", "Kowalczyk", "Bartosz", date(1988, 12, 24), "Friesische Straße 61|24937|Flensburg"),
    ("outside", "de Boer", "Sjoukje", date(2003, 5, 17), "Marschweg 44|25813|Husum"),
]


@dataclass
class Person:
    surname: str
    given: str
    birth: date
    sex: str
    title: str
    street: str
    postcode: str
    city: str
    reg: Patient | None
    kind: str = "reg"
    extra: str = ""


def _person_of(p: Patient, kind: str = "reg", extra: str = "") -> Person:
    surname = extra if kind == "reg_oldname" else p.surname
    return Person(
        surname,
        p.given_names,
        p.birth_date,
        p.sex,
        p.title,
        p.street,
        p.postcode,
        p.city,
        p,
        kind,
        extra,
    )


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    layout: str
    language: str
    region: str
    pages: list[list[render.Line]]
    scan_pages: list[list[render.Line]]
    fax_pages: list[list[render.Line]]
    facts: dict[str, Any]
    register: dict[str, Any] | None
    notes: list[str]
    handwritten: bool
    fax: dict[str, Any]
    written: dict[str, str]  # the strings as drawn, for the check
    practice: str
    render_seed: int

    def truth(self) -> dict[str, Any]:
        conds: dict[str, Any] = {}
        if not self.handwritten:
            conds["pdf"] = {
                "pages": [
                    {
                        "page": f"p{i + 1}",
                        "file": "pdf/letter.pdf",
                        "pdf_page": i + 1,
                        "text": render.page_text(pg),
                    }
                    for i, pg in enumerate(self.pages)
                ]
            }
        conds["scan200"] = {
            "pages": [
                {
                    "page": f"p{i + 1}",
                    "file": f"scan200/page-{i + 1:02d}.jpg",
                    "text": render.page_text(pg),
                }
                for i, pg in enumerate(self.scan_pages)
            ]
        }
        names = (["cover"] if self.fax["cover_sheet"] else []) + [
            f"p{i + 1}" for i in range(len(self.pages))
        ]
        conds["fax"] = {
            "pages": [
                {"page": n, "file": f"fax/page-{i + 1:02d}.tif", "text": render.page_text(pg)}
                for i, (n, pg) in enumerate(zip(names, self.fax_pages, strict=True))
            ]
        }
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.layout,
            "language": self.language,
            "region": self.region,
            "facts": self.facts,
            "register": self.register,
            "notes": self.notes,
            "handwritten": self.handwritten,
            "fax": self.fax,
            "receiving_practice": self.practice,
            "conditions": conds,
        }

    def render(self, condition: str) -> dict[str, bytes]:
        if condition == "pdf":
            if self.handwritten:
                raise ValueError("a handwritten letter has no pdf condition")
            return {"pdf/letter.pdf": render.pdf_bytes(self.pages)}
        if condition == "scan200":
            imgs = render.scans(self.scan_pages, self.render_seed)
            return {f"scan200/page-{i + 1:02d}.jpg": b for i, b in enumerate(imgs)}
        if condition == "fax":
            imgs = render.faxes(self.fax_pages, self.render_seed + 1, self.fax["fine"])
            return {f"fax/page-{i + 1:02d}.tif": b for i, b in enumerate(imgs)}
        raise ValueError(condition)

    def conditions(self) -> list[str]:
        return (["pdf"] if not self.handwritten else []) + ["scan200", "fax"]


class Builder:
    """Lines top to bottom; every line gets its own height."""

    TOP, BOTTOM, LEFT, RIGHT = 52.0, 772.0, 64.0, 536.0

    def __init__(self) -> None:
        self.pages: list[list[render.Line]] = [[]]
        self.y = self.TOP
        self.header: list[tuple[str, float, str]] = []

    def add(
        self,
        text: str,
        size: float = 10,
        font: str = "sans",
        x: float | None = None,
        align: str = "left",
        gap: float = 0.0,
    ) -> None:
        if not text.strip():
            raise ValueError("no empty lines")
        lh = size * 1.3
        if self.y + gap + lh > self.BOTTOM:
            self.new_page()
            gap = 0.0
        self.y += gap + lh
        if align == "right":
            xx = self.RIGHT - render.width(text, size, font)
        elif align == "center":
            xx = (render.A4[0] - render.width(text, size, font)) / 2
        else:
            xx = self.LEFT if x is None else x
        self.pages[-1].append(render.Line(text, round(xx, 2), round(self.y, 2), size, font))

    def para(
        self,
        text: str,
        size: float = 10,
        font: str = "sans",
        gap: float = 5.0,
        x: float | None = None,
    ) -> None:
        left = self.LEFT if x is None else x
        for i, ln in enumerate(render.wrap(text, size, self.RIGHT - left, font)):
            self.add(ln, size, font, x=x, gap=gap if i == 0 else 0.0)

    def skip(self, h: float) -> None:
        self.y += h

    def new_page(self) -> None:
        self.pages.append([])
        self.y = self.TOP
        for text, size, font in self.header:
            self.add(text, size, font)
        if self.header:
            self.skip(10)

    def finish(self, footer: list[str] | None = None) -> list[list[render.Line]]:
        n = len(self.pages)
        for i, pg in enumerate(self.pages):
            for ln in pg:
                if "{page}" in ln.text or "{pages}" in ln.text:
                    ln.text = ln.text.replace("{page}", str(i + 1)).replace("{pages}", str(n))
            y = 796.0
            for f in footer or []:
                f2 = f.replace("{page}", str(i + 1)).replace("{pages}", str(n))
                y += 9
                pg.append(render.Line(f2, self.LEFT, y, 7, "sans"))
        return self.pages


class Ctx:
    def __init__(self, rng: random.Random, layout: str, person: Person | None) -> None:
        self.rng = rng
        self.layout = layout
        self.person = person
        self.b = Builder()
        self.language = "de"
        self.region = "DE"
        self.sender: str | None = None
        self.sender_alts: list[str] = []
        self.title: str | None = None
        self.title_alts: list[str] = []
        self.letter_date: date | None = None
        self.birth_date: date | None = None
        self.as_written: str | None = None
        self.name_as_letter: str | None = None
        self.patient_id: str | None = None
        self.other_dates: list[dict[str, str]] = []
        self.other_people: list[dict[str, str]] = []
        self.notes: list[str] = []
        self.written: dict[str, str] = {}
        self.handwritten = False
        self.org: Org | None = None
        self.footer: list[str] = []
        self.translit = False
        city = person.city if person else "Flensburg"
        self.practice = practice_for(city, "DE")
        self.base = date(2025, 1, 6) + timedelta(days=rng.randint(0, 410))
        self.cover_subject: str = ""

    # names -----------------------------------------------------------------
    def names(self) -> tuple[str, str]:
        p = self.person
        assert p is not None
        g, s = p.given, p.surname
        if self.translit:
            g, s = translit(g), translit(s)
        if self.region == "CH":
            g, s = g.translate(TL_CH), s.translate(TL_CH)
        if self.region == "PL":  # the Polish hospital spells Polish names natively
            g, s = POLISH.get(g, g), POLISH.get(s, s)
        return g, s

    def name(self, style: str, with_title: bool = False) -> str:
        g, s = self.names()
        p = self.person
        assert p is not None
        t = f"{p.title} " if with_title and p.title else ""
        if p.kind == "reg_birthname" and p.reg is not None and style != "sg_nocomma":
            s = f"{s} geb. {p.reg.birth_name}"
        if style == "gs":
            return f"{t}{g} {s}"
        if style == "Sg":
            return f"{t}{s.upper()}, {g}"
        if style == "sg":
            return f"{t}{s}, {g}"
        if style == "sg_nocomma":
            return f"{s} {g}"
        raise ValueError(style)

    def mention(self, as_written: str) -> str:
        if self.as_written is None:
            g, s = self.names()
            self.as_written = as_written
            self.name_as_letter = f"{g} {s}"
        return as_written

    # dates -----------------------------------------------------------------
    def d(self, d: date, style: str, role: str) -> str:
        text = fmt(d, style)
        if role == "letter":
            self.letter_date = d
            self.written["letter_date"] = text
        elif role == "birth":
            self.birth_date = d
            self.written["birth_date"] = text
        else:
            self.other_dates.append({"date": d.isoformat(), "role": role})
            self.written[f"other:{role}:{d.isoformat()}"] = text
        return text

    def birth(self, style: str) -> str:
        assert self.person is not None
        return self.d(self.person.birth, style, "birth")

    def before(self, lo: int, hi: int) -> date:
        return self.base - timedelta(days=self.rng.randint(lo, hi))

    # blocks ----------------------------------------------------------------
    def letterhead(self, org: Org, size: float = 13, align: str = "left") -> None:
        self.org = org
        self.sender = org.name
        self.sender_alts = list(org.alts)
        self.b.add(org.name, size, "bold", align=align)
        for ln in org.lines:
            self.b.add(ln, 8, "sans", align=align)
        self.b.skip(14)

    def window(self, country_word: str = "", lead: bool = True) -> None:
        pr = self.practice
        org = self.org
        if org is not None:
            self.b.add(f"{org.name} · {org.lines[-2] if len(org.lines) > 1 else org.place}", 6.5)
        self.b.add(pr["name"], 10, gap=3)
        if lead:
            salutation, doctor = pr["lead"]
            self.b.add(f"{salutation} {doctor}", 10)
            self.other_people.append({"name": doctor, "role": "addressee"})
        self.b.add(pr["street"], 10)
        self.b.add(pr["city"], 10)
        if country_word:
            self.b.add(country_word, 10)
        self.b.skip(18)

    def sign(self, closing: str, signers: list[str] | None = None) -> None:
        assert self.org is not None
        self.b.add(closing, gap=14)
        self.b.skip(16)
        for s in signers if signers is not None else self.org.signers:
            self.b.add(s, 9.5)
            self.other_people.append({"name": s, "role": "signer"})


def _de_salut(c: Ctx) -> str:
    sal, doctor = c.practice["lead"]
    last = doctor.split()[-1]
    if sal == "Herrn":
        return f"Sehr geehrter Herr Kollege {last},"
    return f"Sehr geehrte Frau Kollegin {last},"


def _relative(c: Ctx, year: int) -> date:
    return date(year, 3, 2) + timedelta(days=c.rng.randint(0, 3000))


def _pronoun(c: Ctx) -> tuple[str, str]:
    f = c.person is not None and c.person.sex == "F"
    return ("Ihre Patientin", "Frau") if f else ("Ihren Patienten", "Herrn")


DIAG_DE = [
    ("Vorhofflimmern, paroxysmal, CHA2DS2-VASc 3", "I48.0"),
    ("Nicht-ST-Hebungsinfarkt (NSTEMI)", "I21.4"),
    ("Ambulant erworbene Pneumonie rechts basal", "J18.9"),
    ("Exazerbierte COPD GOLD 3", "J44.1"),
    ("Akute Cholezystitis bei Cholezystolithiasis", "K80.0"),
    ("Hypertensive Entgleisung", "I10.01"),
    ("Dekompensierte Herzinsuffizienz NYHA III", "I50.13"),
    ("Sturz mit Fraktur des distalen Radius links", "S52.51"),
    ("Diabetes mellitus Typ 2 mit Entgleisung", "E11.73"),
    ("Transitorische ischämische Attacke", "G45.92"),
]
MEDS = [
    ("Ramipril", "5 mg", "1-0-0-0"),
    ("Metoprololsuccinat", "47,5 mg", "1-0-1-0"),
    ("Apixaban", "5 mg", "1-0-1-0"),
    ("Atorvastatin", "40 mg", "0-0-1-0"),
    ("Metformin", "1000 mg", "1-0-1-0"),
    ("Pantoprazol", "20 mg", "1-0-0-0"),
    ("Torasemid", "10 mg", "1-0-0-0"),
    ("L-Thyroxin", "75 µg", "1-0-0-0"),
    ("Amlodipin", "5 mg", "0-0-1-0"),
    ("Metamizol", "500 mg", "1-1-1-1"),
    ("Tiotropium Inhalat", "18 µg", "1-0-0-0"),
    ("Candesartan", "8 mg", "1-0-0-0"),
]


def _meds(c: Ctx, n: int) -> list[tuple[str, str, str]]:
    return c.rng.sample(MEDS, n)


# German layouts -----------------------------------------------------------------------


def lay_discharge(c: Ctx, two_pages: bool, key: str) -> None:
    org = ORGS[key]
    c.letterhead(org)
    c.window()
    adm = c.before(9, 20)
    dis = c.base - timedelta(days=c.rng.randint(1, 4))
    date_style = c.rng.choice(["de_num", "de_long"])
    c.b.add(f"{org.place}, {c.d(c.base, date_style, 'letter')}", align="right")
    title = c.rng.choice(["Entlassungsbrief", "Vorläufiger Entlassungsbericht", "Arztbrief"])
    c.title, c.title_alts = title, ["Entlassungsbrief", "Arztbrief", "Entlassbrief"]
    c.b.add(title, 13, "bold", gap=12)
    style = c.rng.choice(["Sg", "sg", "gs"])
    pn, pr = _pronoun(c)
    who = c.mention(c.name(style, with_title=True))
    born = c.birth(c.rng.choice(["de_num", "de_short"]))
    c.b.add(f"Patient/in: {who}, geb. {born}", gap=6)
    if c.person and c.person.kind == "reg_address":
        c.b.add(f"wohnhaft: {c.person.street}, {c.person.postcode} {c.person.city}")
    a, d = c.d(adm, "de_num", "admission"), c.d(dis, "de_num", "discharge")
    c.b.add(f"Stationärer Aufenthalt vom {a} bis {d}")
    c.b.add(_de_salut(c), gap=10)
    c.b.para(
        f"wir berichten über {pn} {c.name('gs')}, {'die' if pr == 'Frau' else 'der'} "
        f"sich vom {a} bis {d} in unserer stationären Behandlung befand."
    )
    diags = c.rng.sample(DIAG_DE, 3)
    c.b.add("Diagnosen:", font="bold", gap=8)
    for dg, icd in diags:
        c.b.add(f"– {dg} ({icd})", x=76)
    c.b.add("Anamnese:", font="bold", gap=8)
    c.b.para(
        "Die Vorstellung erfolgte über die Zentrale Notaufnahme mit seit drei Tagen "
        "zunehmender Belastungsdyspnoe und Abgeschlagenheit. Keine Fieberepisoden, kein "
        "Auslandsaufenthalt. Bekannte arterielle Hypertonie, Nikotinkonsum bis 2015.",
        gap=2,
    )
    c.b.add("Verlauf:", font="bold", gap=8)
    ex = adm + timedelta(days=2)
    c.b.para(
        f"In der transthorakalen Echokardiographie am {c.d(ex, 'de_num', 'examination')} "
        "zeigte sich eine leicht eingeschränkte linksventrikuläre Funktion (EF 45 %). "
        "Unter der eingeleiteten Therapie besserte sich die Symptomatik rasch. Die "
        "Mobilisation gelang problemlos, wir entlassen in gebessertem Allgemeinzustand.",
        gap=2,
    )
    if two_pages:
        c.b.header = [(f"{c.name('sg')}, geb. {born} – Seite {{page}} von {{pages}}", 8, "sans")]
        c.b.new_page()
        c.b.para(
            "Laborchemisch fielen bei Aufnahme ein erhöhtes CRP (48 mg/l) sowie ein "
            "NT-proBNP von 2.310 pg/ml auf; die Nierenfunktion war stabil (Kreatinin "
            "1,1 mg/dl). Die Elektrolyte lagen im Normbereich.",
            gap=2,
        )
    c.b.add("Medikation bei Entlassung:", font="bold", gap=8)
    for m, dose, sch in _meds(c, 4):
        c.b.add(f"{m} {dose}    {sch}", x=76)
    c.b.add("Procedere:", font="bold", gap=8)
    c.b.para(
        "Wir bitten um Kontrolle der Elektrolyte und der Nierenretentionswerte in einer "
        "Woche sowie um Fortführung der Medikation. Eine kardiologische Wiedervorstellung "
        "ist in drei Monaten vorgesehen.",
        gap=2,
    )
    c.sign("Mit freundlichen kollegialen Grüßen")
    c.footer = [f"{org.name} · Anstalt des öffentlichen Rechts · Seite {{page}}/{{pages}}"]


def lay_reha(c: Ctx) -> None:
    org = ORGS["reha"]
    c.letterhead(org)
    c.window()
    adm, dis = c.before(30, 40), c.before(3, 8)
    c.b.add("Ärztlicher Reha-Entlassungsbericht", 13, "bold")
    c.title, c.title_alts = (
        "Ärztlicher Reha-Entlassungsbericht",
        ["Reha-Entlassungsbericht", "Entlassungsbericht"],
    )
    c.b.add("Name, Vorname: " + c.mention(c.name("sg")), gap=6)
    c.b.add("Geburtsdatum: " + c.birth("de_num"))
    c.b.add(
        f"Aufnahme: {c.d(adm, 'de_num', 'admission')}    Entlassung: "
        f"{c.d(dis, 'de_num', 'discharge')}"
    )
    c.b.add(
        f"Kostenträger: Deutsche Rentenversicherung Nord, Vers.-Nr. "
        f"{c.rng.randint(10, 65)} {c.person.birth.strftime('%d%m%y') if c.person else ''} "
        f"{c.rng.choice('HJKMPS')} {c.rng.randint(100, 999)}"
    )
    c.b.add("Diagnosen", font="bold", gap=8)
    c.b.add("1. Implantation einer Knie-Totalendoprothese rechts (Z96.651)", x=76)
    c.b.add("2. Adipositas Grad I (E66.0)", x=76)
    c.b.add("Verlauf und Epikrise", font="bold", gap=8)
    for _ in range(3):
        c.b.para(
            "Die Rehabilitandin/der Rehabilitand nahm motiviert an Krankengymnastik, "
            "medizinischer Trainingstherapie, Bewegungsbad und Gangschule teil. Die "
            "Beugung verbesserte sich von 80° auf 110°, die Gehstrecke auf über 1.000 m "
            "an Unterarmgehstützen, zuletzt ohne Hilfsmittel.",
            gap=3,
        )
    c.b.header = [(f"Reha-Entlassungsbericht {c.name('sg')} – Seite {{page}}", 8, "sans")]
    c.b.new_page()
    c.b.add("Sozialmedizinische Beurteilung", font="bold")
    c.b.para(
        "Leistungsfähigkeit im zuletzt ausgeübten Beruf: 6 Stunden und mehr. Arbeitsfähig "
        "entlassen ab dem Folgetag. Empfohlen: IRENA-Nachsorge, weitere Physiotherapie.",
        gap=2,
    )
    c.b.add("Medikation bei Entlassung", font="bold", gap=8)
    for m, dose, sch in _meds(c, 3):
        c.b.add(f"{m} {dose}  {sch}", x=76)
    c.b.add(f"{org.place}, den {c.d(c.base, 'de_num', 'letter')}", gap=14)
    c.sign("Mit freundlichen Grüßen")


def lay_specialist(c: Ctx) -> None:
    key = c.rng.choice(["kardio_hh", "neuro_fl", "hno_sl", "ortho_nms"])
    org = ORGS[key]
    c.letterhead(org, align=c.rng.choice(["left", "right"]))
    c.window()
    exam = c.before(2, 12)
    has_title = c.rng.random() < 0.6
    c.b.add(
        f"{org.place}, {c.d(c.base, c.rng.choice(['de_num', 'de_nopad', 'de_long']), 'letter')}",
        align="right",
    )
    if has_title:
        t = {
            "kardio_hh": "Kardiologischer Befundbericht",
            "neuro_fl": "Neurologischer Befund",
            "hno_sl": "Befundbericht",
            "ortho_nms": "Ärztlicher Bericht",
        }[key]
        c.title, c.title_alts = t, ["Befundbericht", "Arztbrief"]
        c.b.add(t, 12, "bold", gap=10)
    _pn, pr = _pronoun(c)
    style = c.rng.choice(["gs", "sg"])
    who = c.mention(c.name(style, with_title=True))
    c.b.add(f"Betr.: {pr} {who}, geb. {c.birth(c.rng.choice(['de_num', 'de_short']))}", gap=6)
    if c.person and c.person.kind == "reg_address":
        c.b.add(f"{c.person.street}, {c.person.postcode} {c.person.city}")
    c.b.add(f"Untersuchung vom {c.d(exam, 'de_num', 'examination')}")
    c.b.add(_de_salut(c), gap=10)
    c.b.para(
        "vielen Dank für die Überweisung "
        f"{'Ihrer Patientin' if pr == 'Frau' else 'Ihres Patienten'}"
        ", die/der sich in unserer Sprechstunde vorstellte."
    )
    finds = {
        "kardio_hh": "Im Belastungs-EKG bis 125 Watt keine Ischämiezeichen, keine "
        "Herzrhythmusstörungen. Echokardiographisch normale systolische Funktion, "
        "Aortenklappensklerose ohne Stenose.",
        "neuro_fl": "Neurologisch kein fokales Defizit. Die Nervenleitgeschwindigkeit des N. "
        "medianus rechts ist mit 38 m/s verlangsamt, passend zu einem Karpaltunnelsyndrom.",
        "hno_sl": "Otoskopisch beidseits reizlose Trommelfelle. Im Tonaudiogramm "
        "symmetrische Hochtonschwerhörigkeit ab 2 kHz mit 40 dB.",
        "ortho_nms": "Die Röntgenaufnahme der LWS in 2 Ebenen zeigt osteochondrotische "
        "Veränderungen L4/5 und L5/S1 ohne Instabilität.",
    }[key]
    c.b.add("Befund:", font="bold", gap=8)
    c.b.para(finds, gap=2)
    c.b.add("Beurteilung und Empfehlung:", font="bold", gap=8)
    c.b.para(
        "Wir empfehlen eine Verlaufskontrolle in sechs Monaten, bei Beschwerdezunahme "
        "gern früher. Eine Änderung der Medikation ist nicht erforderlich.",
        gap=2,
    )
    c.sign("Mit freundlichen Grüßen")


def lay_radiology(c: Ctx) -> None:
    key = c.rng.choice(["rad_fl", "rad_kiel"])
    org = ORGS[key]
    c.letterhead(org)
    c.window()
    exam = c.before(0, 3)
    kind = c.rng.choice(
        [
            "MRT der LWS nativ",
            "CT Thorax mit KM",
            "Mammographie beidseits",
            "MRT Kniegelenk rechts",
            "Sonographie Abdomen",
        ]
    )
    c.title, c.title_alts = f"Befund: {kind}", [kind, "Radiologischer Befund", "Befundbericht"]
    who = c.mention(c.name(c.rng.choice(["sg", "Sg"])))
    c.b.add(f"Patient: {who}    geb. {c.birth('de_num')}")
    if c.rng.random() < 0.5 and c.person and c.person.reg:
        c.patient_id = c.person.reg.id
        c.b.add(f"Ihre Pat.-Nr.: {c.patient_id}")
    c.b.add(f"Untersuchung am: {c.d(exam, 'de_num', 'examination')}")
    c.b.add(f"Befunddatum: {c.d(c.base, 'de_num', 'letter')}")
    c.b.add(f"Befund: {kind}", 12, "bold", gap=10)
    c.b.add("Indikation:", font="bold", gap=6)
    c.b.para("Seit Wochen bestehende Beschwerden, Ausschluss einer strukturellen Ursache.", gap=2)
    c.b.add("Technik:", font="bold", gap=6)
    c.b.para(
        "Standardprotokoll, Vergleich mit Voraufnahmen vom "
        f"{c.d(c.before(300, 700), 'de_num', 'previous_exam')}.",
        gap=2,
    )
    c.b.add("Befund:", font="bold", gap=6)
    c.b.para(
        "Altersentsprechende Darstellung ohne Nachweis einer Raumforderung. Keine "
        "pathologisch vergrößerten Lymphknoten. Degenerative Veränderungen ohne "
        "Einengung relevanter Strukturen.",
        gap=2,
    )
    c.b.add("Beurteilung:", font="bold", gap=6)
    c.b.para("Kein Malignitätsnachweis. Befund im Verlauf unverändert.", gap=2)
    c.sign("Mit freundlichen Grüßen")
    c.footer = ["Elektronisch erstellter Befund, auch ohne Unterschrift gültig."]


LAB_ROWS = [
    ("Leukozyten", "G/l", "4.0-10.0", 4.0, 12.5),
    ("Hämoglobin", "g/dl", "12.0-16.0", 10.1, 15.9),
    ("Thrombozyten", "G/l", "150-400", 140, 380),
    ("Natrium", "mmol/l", "135-145", 131, 144),
    ("Kalium", "mmol/l", "3.5-5.1", 3.3, 5.4),
    ("Kreatinin", "mg/dl", "0.5-1.1", 0.6, 1.8),
    ("eGFR (CKD-EPI)", "ml/min", ">60", 38, 95),
    ("CRP", "mg/l", "<5.0", 0.5, 38.0),
    ("HbA1c", "%", "4.0-6.0", 5.1, 8.9),
    ("TSH basal", "mU/l", "0.27-4.20", 0.3, 6.1),
    ("LDL-Cholesterin", "mg/dl", "<116", 70, 190),
    ("GPT (ALT)", "U/l", "<35", 12, 80),
]


def lay_lab(c: Ctx) -> None:
    key = c.rng.choice(["lab_kiel", "lab_hh"])
    org = ORGS[key]
    c.translit = c.translit or c.rng.random() < 0.6
    c.letterhead(org)
    c.window(lead=False)
    col = c.base - timedelta(days=c.rng.randint(1, 2))
    rec = col + timedelta(days=1) if c.rng.random() < 0.5 else col
    title = c.rng.choice(["Laborbefund", "Endbefund", "Befundbericht Labor"])
    c.title, c.title_alts = title, ["Laborbefund", "Labor"]
    c.b.add(title, 13, "bold")
    given, surname = c.names()
    who = c.mention(f"Name: {surname.upper()}, Vorname: {given}")
    c.b.add(who, 10, "mono", gap=6)
    c.b.add(
        f"Geb.-Datum: {c.birth('de_num')}   "
        f"Geschl.: {'W' if c.person and c.person.sex == 'F' else 'M'}",
        10,
        "mono",
    )
    if c.person and c.person.reg and c.rng.random() < 0.7:
        c.patient_id = c.person.reg.id
        c.b.add(
            f"Einsender-Pat.-Nr.: {c.patient_id}   Auftrag: {c.rng.randint(2500000, 2599999)}",
            10,
            "mono",
        )
    c.b.add(
        f"Entnahme: {c.d(col, 'de_num', 'collection')} 08:{c.rng.randint(10, 59)}   "
        f"Eingang: {c.d(rec, 'de_num', 'lab_receipt')}",
        10,
        "mono",
    )
    c.b.add(f"Befund vom: {c.d(c.base, 'de_num', 'letter')}   Endbefund", 10, "mono")
    c.b.add(f"{'Analyse':<18}{'Ergebnis':>10}  {'Einheit':<8}{'Referenz':<12}", 9, "mono", gap=10)
    for name, unit, ref, lo, hi in c.rng.sample(LAB_ROWS, 8):
        v = c.rng.uniform(lo, hi)
        val = f"{v:.1f}" if hi < 50 else f"{v:.0f}"
        c.b.add(f"{name:<18}{val:>10}  {unit:<8}{ref:<12}", 9, "mono")
    c.b.add("Validiert: " + org.signers[0], 9, gap=10)
    c.other_people.append({"name": org.signers[0], "role": "signer"})
    c.footer = ["Akkreditiert nach DIN EN ISO 15189 · Seite {page} von {pages}"]


def lay_pathology(c: Ctx) -> None:
    org = ORGS["patho"]
    c.letterhead(org)
    c.window()
    got = c.before(3, 6)
    opdate = got - timedelta(days=1)
    c.title, c.title_alts = "Histopathologischer Befund", ["Pathologiebefund", "Histologie"]
    c.b.add(f"Eingangs-Nr.: H-{c.rng.randint(10000, 99999)}/{str(c.base.year)[2:]}")
    c.b.add(
        f"Eingang: {c.d(got, 'de_num', 'specimen_receipt')}   Entnahme: "
        f"{c.d(opdate, 'de_num', 'collection')}"
    )
    c.b.add(f"Patient: {c.mention(c.name('sg'))}, * {c.birth('de_num')}")
    c.b.add("Histopathologischer Befund", 13, "bold", gap=10)
    c.b.add("Material: Colon, Polypektomie Sigma (1 Gefäß)", gap=6)
    c.b.para(
        "Makroskopie: Ein polypöses Gewebsfragment von 0,9 cm, vollständig eingebettet. "
        "Mikroskopie: Tubuläres Adenom mit niedriggradiger intraepithelialer Neoplasie, "
        "Abtragungsrand tumorfrei.",
        gap=4,
    )
    c.b.add("Diagnose:", font="bold", gap=8)
    c.b.para("Tubuläres Adenom des Sigmas mit Low-grade-Dysplasie, in toto entfernt.", gap=2)
    c.b.add(f"Lübeck, {c.d(c.base, 'de_long', 'letter')}", gap=12)
    c.sign("Mit freundlichen Grüßen")


def lay_consult_form(c: Ctx) -> None:
    org = ORGS["augen"]
    c.org = org
    c.sender, c.sender_alts = org.name, list(org.alts)
    c.title, c.title_alts = (
        "Überweisungsschein / Konsiliarbericht",
        ["Konsiliarbericht", "Überweisung"],
    )
    c.b.add("Überweisungsschein / Konsiliarbericht", 12, "bold")
    c.b.add("Krankenkasse bzw. Kostenträger: NordKasse Schleswig-Holstein", 9, "mono", gap=6)
    g, s = c.names()
    c.b.add(c.mention(f"Name, Vorname des Versicherten: {s}, {g}"), 9, "mono")
    c.b.add(f"geb. am {c.birth('de_short')}", 9, "mono")
    if c.person:
        c.b.add(f"{c.person.street}, {c.person.postcode} {c.person.city}", 9, "mono")
    c.b.add(
        f"Versicherten-Nr.: {c.rng.choice('ABKMN')}{c.rng.randint(100000000, 999999999)}", 9, "mono"
    )
    c.b.add(f"Ausgestellt am: {c.d(c.before(20, 40), 'de_num', 'referral_issued')}", 9, "mono")
    c.b.add(
        "Überweisung an: Augenheilkunde   [x] Mit-/Weiterbehandlung   [ ] Konsiliaruntersuchung",
        9,
        "mono",
    )
    c.b.add(f"Überweisende Praxis: {c.practice['name']}, {c.practice['city']}", 9, "mono")
    c.b.add("Auftrag: Fundoskopie bei Diabetes mellitus Typ 2", 9, "mono")
    c.b.add("Befund / Bericht des Konsiliararztes", 11, "bold", gap=12)
    c.b.para(
        "Visus cc rechts 0,8, links 0,9. Vorderabschnitte reizfrei. Fundus in Mydriasis: "
        "keine diabetische Retinopathie, Makula beidseits unauffällig. Kontrolle in 12 "
        "Monaten.",
        gap=4,
    )
    c.b.add(org.name, 10, "bold", gap=14)
    for ln in org.lines:
        c.b.add(ln, 8)
    c.b.add(f"Datum: {c.d(c.base, 'de_num', 'letter')}   Unterschrift: {org.signers[0]}", 9, gap=6)
    c.other_people.append({"name": org.signers[0], "role": "signer"})
    c.notes.append("a form: the sender's stamp is at the foot, not at the head")


def _reply_slip(c: Ctx, lines: list[str]) -> None:
    c.b.add(
        "- - - - - - - - - - - - - - - - bitte abtrennen - - - - - - - - - - - - - - - -", 8, gap=14
    )
    for ln in lines:
        c.b.add(ln, 9, "mono")


def lay_insurer_kk(c: Ctx) -> None:
    org = ORGS["nordkasse"]
    c.letterhead(org)
    c.window()
    c.b.add(f"Ihr Zeichen: –   Unser Zeichen: KG-{c.rng.randint(1000, 9999)}", 8, align="right")
    c.b.add(f"Datum: {c.d(c.base, 'de_num', 'letter')}", 8, align="right")
    t = "Anfrage zur Arbeitsunfähigkeit"
    c.title, c.title_alts = t, ["Anfrage Krankengeld", "Anfrage der Krankenkasse"]
    c.b.add(t, 12, "bold", gap=10)
    who = c.mention(c.name("gs"))
    au = c.before(40, 70)
    c.b.add(f"Versicherte/r: {who}, geboren am {c.birth('de_num')}", gap=4)
    c.b.add("Sehr geehrte Damen und Herren,", gap=10)
    c.b.para(
        f"Sie bescheinigen seit dem {c.d(au, 'de_num', 'incapacity_start')} "
        "Arbeitsunfähigkeit. Zur Prüfung des Anspruchs auf Krankengeld bitten wir Sie, die "
        "folgenden Fragen zu beantworten und den Abschnitt bis zum "
        f"{c.d(c.base + timedelta(days=14), 'de_num', 'reply_deadline')} "
        "an uns zurückzusenden. Die Vergütung erfolgt nach Nr. 52 der Vordruckvereinbarung."
    )
    c.sign("Freundliche Grüße")
    c.b.add("Ihre NordKasse Schleswig-Holstein", 9)
    _reply_slip(
        c,
        [
            "Rückantwort an: NordKasse, Holm 45, 24937 Flensburg",
            f"Versicherte/r: {c.name('sg')}, "
            f"geb. {fmt(c.person.birth, 'de_num') if c.person else ''}",
            "Diagnose(n): _______________________________________",
            "Voraussichtliches Ende der AU: ______________________",
            "Datum, Stempel, Unterschrift: ______________________",
        ],
    )


def lay_insurer_drv(c: Ctx) -> None:
    org = ORGS["drv"]
    c.letterhead(org)
    c.window()
    c.b.add(f"Lübeck, {c.d(c.base, 'de_long', 'letter')}", align="right")
    vsnr = (
        f"{c.rng.randint(10, 65)} {c.person.birth.strftime('%d%m%y') if c.person else ''} "
        f"{c.names()[1][0].upper()} {c.rng.randint(100, 999)}"
    )
    c.b.add(f"Versicherungsnummer: {vsnr}", gap=6)
    g, s = c.names()
    c.b.add(c.mention(f"Name: {s}   Vorname: {g}"))
    c.b.add(f"Geburtsdatum: {c.birth('de_num')}")
    t = "Anforderung eines ärztlichen Befundberichts"
    c.title, c.title_alts = t, ["Befundbericht-Anforderung", "Anfrage Rentenversicherung"]
    c.b.add(t, 12, "bold", gap=10)
    c.b.add("Sehr geehrte Damen und Herren,", gap=8)
    c.b.para(
        "im Rahmen eines Antrags auf Leistungen zur medizinischen Rehabilitation benötigen "
        "wir einen Befundbericht. Bitte verwenden Sie den beigefügten Vordruck S0051 und "
        "fügen Sie vorliegende Facharztbefunde der letzten 12 Monate bei. Der Antrag ging "
        f"am {c.d(c.before(20, 35), 'de_num', 'application_received')} bei uns ein."
    )
    c.sign("Mit freundlichen Grüßen")
    _reply_slip(
        c,
        [
            "Eingangsbestätigung – bitte zurück an DRV Nord, Ziegelstraße 150",
            f"Vers.-Nr. {vsnr}",
            "[ ] Befundbericht folgt   [ ] Patient/in nicht bekannt",
        ],
    )


def lay_insurer_bg(c: Ctx) -> None:
    org = ORGS["bg"]
    c.letterhead(org)
    c.window()
    acc = c.before(30, 80)
    c.b.add(f"Hamburg, {c.d(c.base, 'de_num', 'letter')}", align="right")
    c.b.add(f"Aktenzeichen: 4 17 {c.rng.randint(10000, 99999)} 6", gap=4)
    who = c.mention(c.name("sg"))
    c.b.add(f"Versicherte/r: {who}, geb. {c.birth('de_short')}")
    c.b.add(f"Unfalltag: {c.d(acc, 'de_num', 'accident')}")
    c.b.add("Arbeitgeber: Hochbau Petersen GmbH & Co. KG, Harrislee")
    t = "Arbeitsunfall – Bitte um Auskunft"
    c.title, c.title_alts = t, ["Anfrage Berufsgenossenschaft", "Arbeitsunfall"]
    c.b.add(t, 12, "bold", gap=10)
    c.b.add("Sehr geehrte Damen und Herren,", gap=8)
    c.b.para(
        "nach dem Durchgangsarztbericht vom "
        f"{c.d(acc + timedelta(days=1), 'de_num', 'd_report')} befindet sich die/der "
        "Versicherte in Ihrer Behandlung. Bitte teilen Sie uns mit, welche Behandlungen "
        "seitdem erfolgt sind und ob unfallunabhängige Vorerkrankungen bestehen."
    )
    c.sign("Mit freundlichen Grüßen")


def lay_insurer_md(c: Ctx) -> None:
    org = ORGS["md"]
    c.letterhead(org)
    c.window()
    visit = c.before(5, 12)
    c.title, c.title_alts = (
        "Gutachten zur Feststellung der Pflegebedürftigkeit",
        ["Pflegegutachten", "MD-Gutachten"],
    )
    c.b.add("Gutachten zur Feststellung der Pflegebedürftigkeit", 12, "bold")
    c.b.add("gemäß SGB XI – Ergebnismitteilung an die behandelnde Ärztin/den behandelnden Arzt", 8)
    c.b.add(f"Antragsteller/in: {c.mention(c.name('gs', with_title=True))}", gap=8)
    c.b.add(f"geboren am: {c.birth('de_num')}")
    if c.person:
        c.b.add(f"Anschrift: {c.person.street}, {c.person.postcode} {c.person.city}")
    c.b.add(f"Hausbesuch am: {c.d(visit, 'de_num', 'home_visit')}")
    c.b.add(f"Antrag vom: {c.d(visit - timedelta(days=30), 'de_num', 'application')}")
    modules = [
        "Mobilität",
        "Kognitive und kommunikative Fähigkeiten",
        "Verhaltensweisen und psychische Problemlagen",
        "Selbstversorgung",
        "Umgang mit krankheitsbedingten Anforderungen",
        "Gestaltung des Alltagslebens",
    ]
    c.b.add("Ergebnis der Begutachtung", font="bold", gap=10)
    for m in modules:
        c.b.add(f"Modul {modules.index(m) + 1}: {m} – {c.rng.randint(2, 15)} Punkte", 9, x=76)
    c.b.para(
        "Es besteht eine erhebliche Beeinträchtigung der Selbständigkeit. Empfohlen wird "
        "Pflegegrad 3 ab Antragsmonat.",
        gap=8,
    )
    c.b.header = [("MD Nord · Gutachten Pflegebedürftigkeit · Seite {page} von {pages}", 8, "sans")]
    c.b.new_page()
    c.b.add("Empfehlungen zur Hilfsmittel- und Pflegehilfsmittelversorgung", font="bold")
    for x in ["Duschhocker", "Rollator", "Hausnotruf", "Pflegebett (leihweise)"]:
        c.b.add(f"– {x}", x=76)
    c.b.para(
        "Eine Rehabilitationsmaßnahme wird derzeit nicht empfohlen. Angehörige: Tochter "
        f"Imke, geb. {c.d(_relative(c, 1968), 'de_num', 'relative_birth')}, "
        "übernimmt die Grundpflege am Wochenende.",
        gap=8,
    )
    c.b.add(f"Neumünster, den {c.d(c.base, 'de_num', 'letter')}", gap=14)
    c.sign("Mit freundlichen Grüßen", org.signers)


def lay_care_service(c: Ctx) -> None:
    org = ORGS["care"]
    c.letterhead(org)
    c.window()
    c.b.add(f"Husum, {c.d(c.base, 'de_short', 'letter')}", align="right")
    t = "Bitte um Folgeverordnung häuslicher Krankenpflege"
    c.title, c.title_alts = t, ["Verordnungsanfrage", "Anfrage Pflegedienst"]
    c.b.add(t, 11, "bold", gap=8)
    _pn, pr = _pronoun(c)
    c.b.add(f"Klient/in: {pr} {c.mention(c.name('sg'))}, geb. {c.birth('de_num')}", gap=4)
    c.b.add("Sehr geehrte Damen und Herren,", gap=8)
    end = c.base + timedelta(days=c.rng.randint(3, 9))
    c.b.para(
        "die Verordnung häuslicher Krankenpflege (Medikamentengabe, Kompressionsstrümpfe "
        f"an- und ausziehen) endet am {c.d(end, 'de_num', 'prescription_end')}. Wir bitten "
        "um eine Folgeverordnung für das kommende Quartal. Die Wundversorgung am "
        "Unterschenkel ist seit dem "
        f"{c.d(c.before(10, 25), 'de_num', 'wound_healed')} abgeschlossen."
    )
    c.sign("Mit freundlichen Grüßen")
    _reply_slip(
        c,
        [
            "Rückfax an 04841 30031",
            f"Verordnung für {c.name('sg')} [ ] folgt per Post  [ ] bitte abholen",
        ],
    )


def lay_pharmacy(c: Ctx) -> None:
    org = ORGS["apo"]
    c.letterhead(org)
    c.window()
    c.title, c.title_alts = "Rückfrage zur Verordnung", ["Apotheke Rückfrage", "Rückfrage"]
    c.b.add("Rückfrage zur Verordnung", 12, "bold")
    c.b.add(
        f"Datum: {c.d(c.base, 'de_num', 'letter')}   Uhrzeit: 10:{c.rng.randint(10, 59)}", gap=4
    )
    c.b.add(f"Patient: {c.mention(c.name('gs'))} (geb. {c.birth('de_num')})", gap=4)
    rx = c.before(1, 4)
    c.b.para(
        f"Auf dem Rezept vom {c.d(rx, 'de_num', 'prescription')} ist Metoprololsuccinat "
        "95 mg verordnet, laut Medikationsplan nimmt die Patientin/der Patient 47,5 mg. "
        "Rabattarzneimittel nicht lieferbar – Austausch gegen Präparat eines anderen "
        "Herstellers möglich? Bitte kurze Rückmeldung per Fax.",
        gap=8,
    )
    c.sign("Vielen Dank und freundliche Grüße")


def lay_dental(c: Ctx) -> None:
    org = ORGS["dent"]
    c.letterhead(org)
    c.window()
    c.b.add(f"Kiel, {c.d(c.base, 'de_num', 'letter')}", align="right")
    op = c.base + timedelta(days=c.rng.randint(7, 20))
    _pn, pr = _pronoun(c)
    c.b.add(
        f"Unser/e gemeinsame/r Patient/in {c.mention(c.name('gs'))}, geb. {c.birth('de_num')}",
        gap=8,
    )
    c.b.add(_de_salut(c), gap=8)
    c.b.para(
        f"bei {pr} {c.name('gs')} ist am "
        f"{c.d(op, 'de_num', 'planned_surgery')} die operative Entfernung der Zähne 38 und "
        "48 geplant. Unter der bestehenden Antikoagulation bitten wir um Ihre Einschätzung, "
        "ob ein Pausieren für 24 Stunden vertretbar ist, und um einen aktuellen "
        "Medikationsplan."
    )
    c.sign("Mit freundlichen kollegialen Grüßen")
    c.notes.append("no heading: the title is null")


def lay_psychotherapist(c: Ctx) -> None:
    org = ORGS["psych"]
    c.letterhead(org)
    c.window()
    first = c.before(40, 90)
    c.b.add(f"Hamburg, den {c.d(c.base, 'de_long', 'letter')}", align="right")
    c.b.add(f"Betrifft: {c.mention(c.name('gs'))}, geb. {c.birth('de_num')}", gap=8)
    c.b.add(_de_salut(c), gap=8)
    c.b.para(
        f"{c.name('gs')} befindet sich seit dem {c.d(first, 'de_num', 'therapy_start')} in "
        "ambulanter verhaltenstherapeutischer Behandlung (Kurzzeittherapie, bisher 12 "
        "Sitzungen). Diagnostisch besteht eine mittelgradige depressive Episode (F32.1). "
        "Die Stimmung hat sich stabilisiert; eine Mitbehandlung mit einem Antidepressivum "
        "halte ich weiterhin für sinnvoll. Ein Umwandlungsantrag in Langzeittherapie ist "
        "gestellt."
    )
    c.sign("Mit freundlichen Grüßen")
    c.notes.append("no heading: the title is null")


def lay_health_office(c: Ctx) -> None:
    org = ORGS["ga"]
    c.letterhead(org)
    c.window(lead=False)
    c.b.add(f"Schleswig, {c.d(c.base, 'de_num', 'letter')}", align="right")
    t = "Information für Ärztinnen und Ärzte: Masernfälle im Kreisgebiet"
    c.title, c.title_alts = t, ["Rundschreiben Gesundheitsamt", "Information Masern"]
    c.b.add(t, 11, "bold", gap=8)
    c.b.add("Sehr geehrte Kolleginnen und Kollegen,", gap=8)
    c.b.para(
        f"seit dem {c.d(c.before(10, 20), 'de_num', 'outbreak_start')} wurden im Kreis "
        "Schleswig-Flensburg fünf laborbestätigte Masernfälle gemeldet. Wir bitten Sie, "
        "den Impfstatus Ihrer Patientinnen und Patienten zu überprüfen und Verdachtsfälle "
        "gemäß § 6 IfSG innerhalb von 24 Stunden namentlich zu melden."
    )
    c.b.para("Eine Impfaktion findet im Gesundheitsamt Schleswig statt; Termine unter 04621 87-0.")
    c.sign("Mit freundlichen Grüßen")
    c.notes.append("a circular: no patient")


def lay_court(c: Ctx) -> None:
    org = ORGS["court"]
    c.letterhead(org)
    c.window()
    c.b.add(
        f"Geschäftsnummer: 61 XVII {c.rng.randint(100, 999)}/{str(c.base.year)[2:]}",
        9,
        align="right",
    )
    c.b.add(f"Flensburg, {c.d(c.base, 'de_num', 'letter')}", 9, align="right")
    t = "Betreuungssache"
    c.title, c.title_alts = t, ["Anforderung ärztliches Zeugnis", "Betreuungsgericht"]
    c.b.add(t, 12, "bold", gap=8)
    who = c.mention(c.name("gs", with_title=True))
    c.b.add(f"für {who}, geboren am {c.birth('de_long')}", gap=2)
    if c.person:
        c.b.add(f"wohnhaft {c.person.street}, {c.person.postcode} {c.person.city}")
    c.b.add("Sehr geehrte Damen und Herren,", gap=8)
    son = c.d(date(1962, 5, 5) + timedelta(days=c.rng.randint(0, 6000)), "de_num", "relative_birth")
    c.b.para(
        "der Sohn der Betroffenen/des Betroffenen, Herr Knut Paulsen, geboren am "
        f"{son}, hat am {c.d(c.before(14, 30), 'de_num', 'application')} die Einrichtung "
        "einer Betreuung für die Aufgabenkreise Gesundheitssorge und Vermögenssorge "
        "angeregt. Das Gericht bittet um ein ärztliches Zeugnis gemäß § 281 FamFG."
    )
    c.other_people.append({"name": "Knut Paulsen", "role": "relative"})
    c.b.para("Bitte äußern Sie sich insbesondere zu folgenden Fragen:")
    for q in [
        "1. Welche Krankheit oder Behinderung liegt vor (Diagnose, ICD-10)?",
        "2. Seit wann besteht sie, und wie ist der voraussichtliche Verlauf?",
        "3. Kann die/der Betroffene ihren/seinen Willen frei bestimmen?",
        "4. Ist eine persönliche Anhörung ohne Gesundheitsnachteile möglich?",
        "5. Ist die Unterbringung oder eine freiheitsentziehende Maßnahme erforderlich?",
    ]:
        c.b.para(q, x=76, gap=3)
    c.b.header = [(f"61 XVII – Betreuungssache {c.name('gs')} – Blatt {{page}}", 8, "sans")]
    c.b.new_page()
    c.b.para(
        "Für die Erstellung des Zeugnisses erhalten Sie eine Vergütung nach dem JVEG. "
        "Bitte senden Sie das Zeugnis bis zum "
        f"{c.d(c.base + timedelta(days=21), 'de_num', 'reply_deadline')} "
        "an das Gericht."
    )
    c.sign("Mit freundlichen Grüßen")
    c.b.add(
        "Auf Anordnung – dieses Schreiben wurde maschinell erstellt und ist ohne "
        "Unterschrift gültig.",
        8,
        gap=6,
    )


def lay_medication_plan(c: Ctx) -> None:
    org = ORGS[c.rng.choice(["ekf", "kk_husum"])]
    c.org = org
    c.sender, c.sender_alts = org.name, list(org.alts)
    t = "Medikationsplan"
    c.title, c.title_alts = t, ["Bundeseinheitlicher Medikationsplan", "BMP"]
    c.b.add("Medikationsplan", 16, "bold")
    c.b.add("Seite 1 von 1", 8)
    g, s = c.names()
    c.b.add(c.mention(f"für: {g} {s}"), 11, gap=4)
    c.b.add(f"geb. am: {c.birth('de_num')}", 10)
    c.b.add(f"ausgedruckt von: {org.name}", 9)
    c.b.add(f"{org.lines[0]}, {org.lines[1]}", 8)
    c.b.add(f"ausgedruckt am: {c.d(c.base, 'de_num', 'letter')}", 9)
    c.b.add(f"Hausarzt: {c.practice['name']}, {c.practice['city']}", 9)
    c.b.add(
        f"{'Wirkstoff':<20}{'Stärke':<10}{'Form':<8}{'Mo Mi Ab zN':<14}{'Hinweise':<20}",
        8.5,
        "mono",
        gap=12,
    )
    for m, dose, sch in _meds(c, 6):
        parts = sch.split("-")
        c.b.add(f"{m[:19]:<20}{dose:<10}{'Tabl':<8}{'  '.join(parts):<14}{'':<20}", 8.5, "mono")
    c.b.add("Bedarfsmedikation", 9, "bold", gap=8)
    c.b.add(
        f"{'Metamizol':<20}{'500 mg':<10}{'Tabl':<8}{'bei Schmerzen, max. 4x tgl.':<30}",
        8.5,
        "mono",
    )
    c.b.add(
        "Für Vollständigkeit und Aktualität des Medikationsplans wird keine Gewähr übernommen.",
        7,
        gap=10,
    )
    c.notes.append("sender only as 'ausgedruckt von'")


def lay_email(c: Ctx) -> None:
    org = ORGS["derma"]
    c.org = org
    c.sender, c.sender_alts = org.name, [*org.alts, "praxis@hautarzt-luett.de"]
    sent = c.base
    c.b.add("Von: Hautarztpraxis Dr. Lütt <praxis@hautarzt-luett.de>", 9)
    pr = c.practice
    c.b.add(f"An: {pr['name']} <praxis@{pr['key']}-praxis.de>", 9)
    hh, mm = c.rng.randint(7, 18), c.rng.randint(0, 59)
    wd = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"][
        sent.weekday()
    ]
    c.b.add(f"Gesendet: {wd}, {c.d(sent, 'de_long', 'letter')} {hh:02d}:{mm:02d}", 9)
    subj = "Befund Hautscreening"
    c.b.add(f"Betreff: {subj} – {c.mention(c.name('gs'))}", 9)
    c.title, c.title_alts = subj, ["E-Mail", "Befund"]
    c.b.add("Liebe Kollegin, lieber Kollege,", gap=12)
    c.b.para(
        f"anbei kurz der Befund zu {c.name('gs')} (geb. {c.birth('de_num')}): im "
        "Hautkrebs-Screening ein dysplastischer Nävus am Rücken, exzidiert am "
        f"{c.d(c.before(5, 15), 'de_num', 'excision')}, histologisch in sano. Nächste "
        "Kontrolle in 12 Monaten."
    )
    c.b.add("Viele Grüße aus Niebüll", gap=8)
    c.b.add("Hinnerk Lütt", gap=2)
    c.other_people.append({"name": "Dr. med. Hinnerk Lütt", "role": "signer"})
    c.b.add("--", gap=4)
    c.b.add(org.name, 9)
    for ln in org.lines:
        c.b.add(ln, 8)
    c.footer = [f"Gedruckt: {{page}}/{{pages}}  praxis@{pr['key']}-praxis.de"]
    c.notes.append("an e-mail printout; the date is the mail's 'Gesendet'")


def lay_certificate(c: Ctx) -> None:
    org = ORGS["ortho_nms"]
    c.letterhead(org)
    t = "Ärztliche Bescheinigung"
    c.title, c.title_alts = t, ["Attest", "Bescheinigung"]
    c.b.add(t, 14, "bold", align="center", gap=12)
    _, pr = _pronoun(c)
    c.b.add(
        f"Hiermit wird bescheinigt, dass {pr} {c.mention(c.name('gs', with_title=True))},", gap=10
    )
    c.b.add(f"geboren am {c.birth('de_long')},")
    till = c.base + timedelta(days=c.rng.randint(14, 40))
    c.b.para(
        "aus medizinischen Gründen bis einschließlich "
        f"{c.d(till, 'de_num', 'valid_until')} nicht am Schulsport bzw. Betriebssport "
        "teilnehmen kann. Die Bescheinigung wird auf Wunsch zur Vorlage bei der "
        "Hausärztin/dem Hausarzt ausgestellt.",
        gap=2,
    )
    c.b.add(f"Zur Vorlage bei: {c.practice['name']}, {c.practice['city']}", 9, gap=8)
    c.b.add(f"Neumünster, {c.d(c.base, 'de_num', 'letter')}", gap=20)
    c.sign("Stempel / Unterschrift")
    c.notes.append("no addressee window")


def lay_handwritten(c: Ctx) -> None:
    org = ORGS["physio"]
    c.org = org
    c.handwritten = True
    c.sender, c.sender_alts = org.name, [*org.alts, "Physiotherapie Deichblick Niebüll"]
    c.b.add("PHYSIOTHERAPIE DEICHBLICK · Niebüll", 9, "bold")
    c.sender = "PHYSIOTHERAPIE DEICHBLICK"
    c.sender_alts = ["Physiotherapie Deichblick", "Praxis Deichblick"]
    c.b.add("Liebe Frau Doktor, lieber Herr Doktor,", 13, "hand", gap=18)
    who = c.mention(c.name("gs"))
    c.b.add(f"bei {who}", 13, "hand", gap=4)
    c.b.add(f"(geb. {c.birth('de_short')}) sind die 6x KG durch.", 13, "hand")
    c.b.add("Schulter re. deutlich besser, Abd. bis 150°.", 13, "hand")
    c.b.add("Bitte noch 1 Folge-VO KG 6x, evtl. mit", 13, "hand")
    c.b.add("Wärme. Danke!", 13, "hand")
    c.b.add("Gruß Tamme", 13, "hand", gap=10)
    c.other_people.append({"name": "Tamme", "role": "signer"})
    c.notes.append("undated: the letter date is null")
    c.notes.append("handwritten (stand-in font DejaVu Serif Condensed Italic); no pdf condition")


# abroad ----------------------------------------------------------------------------------


def lay_dk_epikrise(c: Ctx) -> None:
    c.language, c.region = "da", "DK"
    org = ORGS["dk_hosp"]
    c.letterhead(org)
    c.window("Tyskland")
    adm, dis = c.before(8, 15), c.before(2, 5)
    c.title, c.title_alts = "Epikrise", ["Udskrivningsbrev", "Entlassungsbrief"]
    c.b.add(f"Aabenraa, den {c.d(c.base, 'da_long', 'letter')}", align="right")
    c.b.add("Epikrise", 14, "bold", gap=6)
    tail = f"{c.rng.randint(1000, 9999)}"
    who = c.mention(c.name("gs"))
    c.b.add(f"Vedr.: {who}, CPR-nr. {dk_cpr(c.person.birth, tail) if c.person else ''}", gap=4)
    c.birth_date = c.person.birth if c.person else None
    c.written["birth_date"] = dk_cpr(c.person.birth, tail) if c.person else ""
    c.b.add(
        f"Indlagt: {c.d(adm, 'da_dash', 'admission')}   "
        f"Udskrevet: {c.d(dis, 'da_dash', 'discharge')}"
    )
    c.b.add("Kære kollega,", gap=8)
    c.b.para(
        "Patienten blev indlagt akut under ferieophold i Danmark med brystsmerter. EKG "
        "viste ST-depression i V4-V6, troponin T steg til 86 ng/l. Der blev foretaget KAG "
        f"den {c.d(adm + timedelta(days=1), 'da_long', 'examination')} med PCI af RCA."
    )
    c.b.add("Diagnoser:", font="bold", gap=8)
    c.b.add("– Non-STEMI (DI214)", x=76)
    c.b.add("– Hypertension (DI109)", x=76)
    c.b.header = [(f"Epikrise – {c.name('gs')} – side {{page}} af {{pages}}", 8, "sans")]
    c.b.new_page()
    c.b.add("Medicin ved udskrivelse:", font="bold")
    for m in ["Acetylsalicylsyre 75 mg x 1", "Ticagrelor 90 mg x 2", "Atorvastatin 80 mg x 1"]:
        c.b.add(f"– {m}", x=76)
    c.b.para(
        "Videre forløb: Kontrol hos egen læge i Tyskland. Dobbelt trombocythæmning i 12 måneder.",
        gap=8,
    )
    c.sign("Med venlig hilsen")
    c.notes.append("birth date only in the CPR number (DDMMYY-NNNN)")


def lay_dk_gp(c: Ctx) -> None:
    c.language, c.region = "da", "DK"
    org = ORGS["dk_gp"]
    c.letterhead(org)
    c.window("Tyskland")
    c.b.add(f"Padborg, {c.d(c.base, 'da_dash', 'letter')}", align="right")
    g, s = c.names()
    who = c.mention(f"{s}, {g}")
    c.b.add(f"Vedrørende: {who}, født {c.birth('da_long')}", gap=8)
    c.b.add("Kære kollega,", gap=8)
    c.b.para(
        "Din patient, der bor i Padborg og arbejder i Flensborg, har været hos mig med "
        "en urinvejsinfektion. Urinstix var positiv for leukocytter og nitrit. Hun/han fik "
        "Pivmecillinam 400 mg x 3 i 3 dage. Dyrkning sendt "
        f"{c.d(c.before(2, 5), 'da_dash', 'collection')}."
    )
    c.sign("Med venlig hilsen")
    c.notes.append("no heading: title null")


def lay_dk_english(c: Ctx) -> None:
    c.language, c.region = "en", "DK"
    org = ORGS["dk_en"]
    c.translit = True
    c.letterhead(org)
    c.window("Germany")
    c.b.add(f"Odense, {c.d(c.base, 'da_long', 'letter')}", align="right")
    c.title, c.title_alts = "Outpatient Clinic Note", ["Clinic note", "Ambulanznotiz"]
    c.b.add("Outpatient Clinic Note", 13, "bold", gap=6)
    who = c.mention(c.name("gs"))
    c.b.add(f"Patient: {who}, date of birth {c.birth('da_dash')}", gap=4)
    c.b.add(f"Seen in clinic: {c.d(c.before(3, 10), 'da_dash', 'examination')}")
    c.b.add("Dear Colleague,", gap=8)
    c.b.para(
        "Thank you for referring this patient with recurrent palpitations. The 7-day Holter "
        "recording showed paroxysmal atrial fibrillation with a total burden of 4 %. "
        "Echocardiography was normal. We have started apixaban 5 mg twice daily and "
        "bisoprolol 2.5 mg once daily and will see the patient again in three months."
    )
    c.sign("Yours sincerely")
    c.notes.append("English from Denmark: Danish date conventions, name transliterated")


def lay_se(c: Ctx) -> None:
    c.language, c.region = "sv", "SE"
    org = ORGS["se"]
    c.letterhead(org)
    c.window("Tyskland")
    adm, dis = c.before(6, 12), c.before(2, 4)
    c.title, c.title_alts = "Epikris", ["Utskrivningsbrev", "Entlassungsbrief"]
    c.b.add(f"Helsingborg {c.d(c.base, 'sv_iso', 'letter')}", align="right")
    c.b.add("Epikris", 14, "bold", gap=6)
    tail = f"{c.rng.randint(1000, 9999)}"
    c.b.add(f"Patient: {c.mention(c.name('sg'))}", gap=4)
    if c.person:
        pnr = se_pnr(c.person.birth, tail)
        c.b.add(f"Personnummer/reservnummer: {pnr}")
        c.birth_date = c.person.birth
        c.written["birth_date"] = pnr
    c.b.add(
        f"Inskrivningsdatum: {c.d(adm, 'iso', 'admission')}  Utskrivningsdatum: "
        f"{c.d(dis, 'sv_long', 'discharge')}"
    )
    c.b.add("Bästa kollega,", gap=8)
    c.b.para(
        "Patienten inkom efter fall på cykel under semester med smärta i vänster handled. "
        "Röntgen visade distal radiusfraktur som reponerades och gipsades. Operation ej "
        "indicerad. Gipset ska sitta i fem veckor; röntgenkontroll efter en vecka hos er."
    )
    c.sign("Med vänliga hälsningar")
    c.notes.append("birth date only in the personnummer (YYYYMMDD-NNNN)")


def lay_no(c: Ctx) -> None:
    c.language, c.region = "no", "NO"
    org = ORGS["no"]
    c.letterhead(org)
    c.window("Tyskland")
    adm, dis = c.before(5, 10), c.before(1, 3)
    c.title, c.title_alts = "Epikrise", ["Utskrivningsbrev", "Entlassungsbrief"]
    c.b.add(f"Kristiansand, {c.d(c.base, 'no_long', 'letter')}", align="right")
    c.b.add("Epikrise", 14, "bold", gap=6)
    c.b.add(f"Pasient: {c.mention(c.name('gs'))}", gap=4)
    c.b.add(f"Fødselsdato: {c.birth('no_num')}")
    c.b.add(
        f"Innlagt: {c.d(adm, 'no_num', 'admission')}  Utskrevet: {c.d(dis, 'no_num', 'discharge')}"
    )
    c.b.add("Kjære kollega,", gap=8)
    c.b.para(
        "Pasienten ble innlagt fra fergeterminalen med akutt dyspné. CT thorax viste "
        "lungeemboli bilateralt uten høyrebelastning. Behandlet med rivaroksaban, "
        "planlagt varighet minst tre måneder. Stabil ved utreise."
    )
    c.sign("Med vennlig hilsen")


def lay_pl(c: Ctx) -> None:
    c.language, c.region = "pl", "PL"
    org = ORGS["pl"]
    c.letterhead(org)
    c.window("Niemcy")
    adm, dis = c.before(6, 12), c.before(1, 3)
    t = "Karta informacyjna leczenia szpitalnego"
    c.title, c.title_alts = t, ["Karta informacyjna", "Entlassungsbrief"]
    c.b.add(f"Szczecin, dnia {c.d(c.base, 'pl_long', 'letter')}", align="right")
    c.b.add(t, 13, "bold", gap=6)
    g, s = c.names()
    who = c.mention(f"{g} {s.upper()}")
    c.b.add(f"Pacjent: {who}", gap=4)
    c.b.add(f"Data urodzenia: {c.birth('pl_numr')}")
    c.b.add(
        f"Przyjęty/a: {c.d(adm, 'pl_numr', 'admission')}   Wypisany/a: "
        f"{c.d(dis, 'pl_numr', 'discharge')}"
    )
    c.b.add("Rozpoznanie:", font="bold", gap=8)
    c.b.add("Zapalenie płuc (J18.9). Niewydolność oddechowa typu I.", x=76)
    c.b.add("Epikryza:", font="bold", gap=8)
    c.b.para(
        "Pacjent przyjęty z powodu gorączki i duszności. Leczony antybiotykiem "
        "(amoksycylina z kwasem klawulanowym), uzyskano poprawę kliniczną. Zalecenia: "
        "kontrola u lekarza rodzinnego w Niemczech, RTG klatki piersiowej za 6 tygodni."
    )
    c.sign("Z poważaniem")


def lay_nl(c: Ctx) -> None:
    c.language, c.region = "nl", "NL"
    org = ORGS["nl"]
    c.translit = True
    c.letterhead(org)
    c.window("Duitsland")
    c.title, c.title_alts = "Ontslagbrief", ["Entlassungsbrief"]
    c.b.add(f"Den Helder, {c.d(c.base, 'nl_long', 'letter')}", align="right")
    c.b.add("Ontslagbrief", 14, "bold", gap=6)
    c.b.add(f"Betreft: {c.mention(c.name('gs'))}, geboortedatum {c.birth('nl_dash')}", gap=4)
    c.b.add(
        f"Opname: {c.d(c.before(4, 8), 'nl_dash', 'admission')}  Ontslag: "
        f"{c.d(c.before(1, 3), 'nl_dash', 'discharge')}"
    )
    c.b.add("Geachte collega,", gap=8)
    c.b.para(
        "Uw patiënt werd tijdens een zeilvakantie opgenomen met een exacerbatie COPD. "
        "Behandeld met prednisolon 30 mg gedurende vijf dagen en vernevelingen. Bij "
        "ontslag saturatie 94 % zonder zuurstof. Graag controle longfunctie."
    )
    c.sign("Met vriendelijke groet")


def lay_uk(c: Ctx) -> None:
    c.language, c.region = "en", "UK"
    org = ORGS["uk"]
    c.translit = True
    c.letterhead(org)
    c.window("GERMANY")
    adm, dis = c.before(6, 12), c.before(1, 3)
    c.title, c.title_alts = "Discharge Summary", ["Discharge letter", "Entlassungsbrief"]
    c.b.add(f"Date: {c.d(c.base, 'uk_long', 'letter')}", align="right")
    c.b.add("Discharge Summary", 14, "bold", gap=6)
    c.b.add(f"Patient: {c.mention(c.name('Sg'))}", gap=4)
    c.b.add(f"DOB: {c.birth('uk_slash')}   Hospital No: RHH{c.rng.randint(1000000, 9999999)}")
    c.b.add(
        f"Admitted: {c.d(adm, 'uk_slash', 'admission')}   Discharged: "
        f"{c.d(dis, 'uk_slash', 'discharge')}"
    )
    c.b.add("Dear Doctor,", gap=8)
    c.b.para(
        "This visitor from Germany was admitted via the Emergency Department with "
        "community-acquired pneumonia (CURB-65 score 2). Blood cultures were negative. "
        "Treated with amoxicillin and clarithromycin with good clinical response."
    )
    for _ in range(3):
        c.b.para(
            "Observations remained stable throughout the admission. Oxygen was weaned on "
            "day three. Renal function returned to baseline. The patient was mobilised "
            "by the physiotherapy team and was independent on discharge."
        )
    c.b.header = [(f"Discharge Summary – {c.name('Sg')} – Page {{page}} of {{pages}}", 8, "sans")]
    c.b.new_page()
    c.b.add("Medication on discharge:", font="bold")
    c.b.add("Amoxicillin 500 mg three times daily – 2 more days", x=76)
    c.b.add("Follow-up: Chest X-ray in six weeks with GP in Germany.", gap=6)
    c.sign("Kind regards")


def lay_us(c: Ctx) -> None:
    c.language, c.region = "en", "US"
    org = ORGS["us"]
    c.translit = True
    c.letterhead(org)
    c.window("GERMANY")
    c.title, c.title_alts = "Consultation Report", ["Consult note", "Befundbericht"]
    c.b.add(c.d(c.base, "us_long", "letter"), align="right")
    c.b.add("Consultation Report", 14, "bold", gap=6)
    c.b.add(f"RE: {c.mention(c.name('gs'))}", gap=4)
    c.b.add(f"DOB: {c.birth('us_slash')}   MRN: {c.rng.randint(10000000, 99999999)}")
    c.b.add(f"Date of Service: {c.d(c.before(2, 9), 'us_slash', 'examination')}")
    c.b.add("Dear Dr. Colleague:", gap=8)
    c.b.para(
        "I had the pleasure of seeing your patient during a visit to Minneapolis for "
        "evaluation of elevated liver enzymes. Ultrasound showed hepatic steatosis without "
        "focal lesions; elastography 6.8 kPa. I recommend weight reduction, repeat liver "
        "panel in six months, and hepatitis A and B vaccination."
    )
    c.sign("Sincerely,")
    c.notes.append("US convention: numeric dates month first")


def lay_at(c: Ctx) -> None:
    c.language, c.region = "de", "AT"
    org = ORGS["at"]
    c.base = date(c.base.year, 1, c.rng.randint(8, 30))  # a January letter: "Jänner"
    c.letterhead(org)
    c.window("Deutschland")
    adm = c.base - timedelta(days=c.rng.randint(4, 7))
    c.title, c.title_alts = "Arztbrief", ["Entlassungsbrief", "Kurzarztbrief"]
    c.b.add(f"Kitzbühel, am {c.d(c.base, 'at_long', 'letter')}", align="right")
    c.b.add("Arztbrief", 14, "bold", gap=6)
    c.b.add(f"Patient/in: {c.mention(c.name('Sg'))}, geb. {c.birth('de_num')}", gap=4)
    c.b.add(
        f"Aufenthalt: {c.d(adm, 'de_nopad', 'admission')} – "
        f"{c.d(c.base - timedelta(days=1), 'de_nopad', 'discharge')}"
    )
    c.b.add("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege!", gap=8)
    c.b.para(
        "Die Aufnahme erfolgte nach einem Schiunfall mit Verdrehtrauma des rechten Knies. "
        "Im MRT Ruptur des vorderen Kreuzbandes, Innenmeniskus intakt. Konservative "
        "Therapie mit Orthese, Teilbelastung für drei Wochen, Thromboseprophylaxe mit "
        "Enoxaparin 40 mg s.c. täglich bis zur Vollbelastung."
    )
    c.sign("Mit freundlichen Grüßen")
    c.notes.append("Austrian month name Jänner")


def lay_ch(c: Ctx) -> None:
    c.language, c.region = "de", "CH"
    org = ORGS["ch"]
    c.letterhead(org)
    c.window("Deutschland")
    c.title, c.title_alts = "Austrittsbericht", ["Entlassungsbericht", "Austrittsbericht ärztlich"]
    c.b.add(f"Biel, {c.d(c.base, 'ch_num', 'letter')}", align="right")
    c.b.add("Austrittsbericht", 14, "bold", gap=6)
    c.b.add(f"Patient/in: {c.mention(c.name('gs'))}, {c.birth('ch_num')}", gap=4)
    c.b.add(
        f"Eintritt: {c.d(c.before(5, 9), 'ch_num', 'admission')}   Austritt: "
        f"{c.d(c.before(1, 3), 'ch_num', 'discharge')}"
    )
    c.b.add("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege", gap=8)
    c.b.para(
        "Wir berichten über die Hospitalisation Ihrer Patientin/Ihres Patienten, die/der "
        "sich während eines Ferienaufenthaltes mit einer Urosepsis bei Pyelonephritis "
        "rechts vorstellte. Unter Ceftriaxon rasche Entfieberung, Umstellung auf "
        "Ciprofloxacin peroral gemäss Antibiogramm. Weiterführung bis und mit Tag 10."
    )
    c.sign("Freundliche Grüsse")
    c.notes.append("Swiss spelling: ss for ß (also in the patient's name)")


LAYOUTS = {
    "discharge_uni": lambda c: lay_discharge(c, True, c.rng.choice(["uni_kiel", "uni_hh"])),
    "discharge_district": lambda c: lay_discharge(
        c, False, c.rng.choice(["kk_husum", "ekf", "sylt"])
    ),
    "reha": lay_reha,
    "specialist": lay_specialist,
    "radiology": lay_radiology,
    "lab": lay_lab,
    "pathology": lay_pathology,
    "consult_form": lay_consult_form,
    "insurer_kk": lay_insurer_kk,
    "insurer_drv": lay_insurer_drv,
    "insurer_bg": lay_insurer_bg,
    "insurer_md": lay_insurer_md,
    "care_service": lay_care_service,
    "pharmacy": lay_pharmacy,
    "dental": lay_dental,
    "psychotherapist": lay_psychotherapist,
    "health_office": lay_health_office,
    "court": lay_court,
    "medication_plan": lay_medication_plan,
    "email": lay_email,
    "certificate": lay_certificate,
    "handwritten_note": lay_handwritten,
    "dk_epikrise": lay_dk_epikrise,
    "dk_gp": lay_dk_gp,
    "dk_english": lay_dk_english,
    "se_epikris": lay_se,
    "no_epikrise": lay_no,
    "pl_karta": lay_pl,
    "nl_ontslag": lay_nl,
    "uk_discharge": lay_uk,
    "us_consult": lay_us,
    "at_arztbrief": lay_at,
    "ch_austritt": lay_ch,
}


# assembly ---------------------------------------------------------------------------------

FAX_COVER_LANG = {
    "DE": (
        "TELEFAX",
        "An",
        "Von",
        "Datum",
        "Seiten (inkl. Deckblatt)",
        "Betreff",
        "de_num",
        "Diese Nachricht ist vertraulich. Falls Sie nicht der richtige Empfänger sind, "
        "informieren Sie uns bitte sofort.",
    ),
    "AT": (
        "TELEFAX",
        "An",
        "Von",
        "Datum",
        "Seiten",
        "Betreff",
        "de_num",
        "Vertraulich – nur für den Adressaten bestimmt.",
    ),
    "CH": (
        "TELEFAX",
        "An",
        "Von",
        "Datum",
        "Seiten",
        "Betreff",
        "ch_num",
        "Vertraulich – nur für den Adressaten bestimmt.",
    ),
    "DK": (
        "TELEFAX",
        "Til",
        "Fra",
        "Dato",
        "Antal sider",
        "Vedr.",
        "da_dash",
        "Fortroligt. Modtager De denne fax ved en fejl, bedes De kontakte afsenderen.",
    ),
    "SE": (
        "TELEFAX",
        "Till",
        "Från",
        "Datum",
        "Antal sidor",
        "Ärende",
        "iso",
        "Konfidentiellt meddelande.",
    ),
    "NO": ("TELEFAKS", "Til", "Fra", "Dato", "Antall sider", "Gjelder", "no_num", "Konfidensielt."),
    "PL": ("FAKS", "Do", "Od", "Data", "Liczba stron", "Dotyczy", "pl_numr", "Wiadomość poufna."),
    "NL": ("FAX", "Aan", "Van", "Datum", "Aantal pagina's", "Betreft", "nl_dash", "Vertrouwelijk."),
    "UK": (
        "FAX COVER SHEET",
        "To",
        "From",
        "Date",
        "Pages",
        "Re",
        "uk_slash",
        "CONFIDENTIAL: intended only for the addressee.",
    ),
    "US": (
        "FAX COVER SHEET",
        "To",
        "From",
        "Date",
        "Pages",
        "Re",
        "us_slash",
        "CONFIDENTIALITY NOTICE: This facsimile contains protected health information.",
    ),
}
HEADER_STYLE = {
    "DE": "de_num",
    "AT": "de_num",
    "CH": "ch_num",
    "DK": "da_dash",
    "SE": "iso",
    "NO": "no_num",
    "PL": "iso",
    "NL": "nl_dash",
    "UK": "uk_slash",
    "US": "us_slash",
}


def _fax_header(c: Ctx, sent: datetime, n: int, total: int) -> str:
    org = c.org
    assert org is not None
    d = fmt(sent.date(), HEADER_STYLE[c.region])
    short = org.alts[0] if org.alts else org.name
    if c.region in ("DE", "AT", "CH"):
        return f"{d} {sent:%H:%M}  Von: {org.fax}  {short[:28]}  S. {n}/{total}"
    if c.region == "US":
        return f"{d} {sent:%I:%M%p} FROM: {org.fax} {short[:24]}  P.{n:03d}/{total:03d}"
    return f"{d} {sent:%H:%M}  FROM {org.fax}  {short[:28]}  P. {n}/{total}"


def _cover(c: Ctx, sent: datetime, total: int, subject: str) -> list[render.Line]:
    org = c.org
    assert org is not None
    word, to, frm, dat, pages, re_, style, conf = FAX_COVER_LANG[c.region]
    b = Builder()
    b.add(word, 22, "bold", gap=20)
    b.add(f"{to}: {c.practice['name']}", 11, gap=18)
    b.add(
        f"Fax: {c.practice['fax'] if c.region in ('DE', 'AT', 'CH') else c.practice['intl_fax']}",
        11,
    )
    b.add(f"{frm}: {org.name}", 11, gap=10)
    b.add(f"Fax: {org.fax}", 11)
    b.add(f"{dat}: {fmt(sent.date(), style)}", 11, gap=10)
    b.add(f"{pages}: {total}", 11)
    b.add(f"{re_}: {subject}", 11, gap=10)
    b.para(conf, 8, gap=30)
    return b.pages[0]


def _facts(c: Ctx, person: Person | None) -> tuple[dict[str, Any], dict[str, Any] | None]:
    pat: dict[str, Any] | None = None
    reg: dict[str, Any] | None = None
    if person is not None and c.as_written is not None:
        r = person.reg
        if r is not None:
            pat = {"full_name": r.full_name, "surname": r.surname, "given_names": r.given_names}
            reg = {"id": r.id, "collision": r.collision, "collision_group": r.collision_group}
        else:
            pat = {
                "full_name": f"{person.given} {person.surname}",
                "surname": person.surname,
                "given_names": person.given,
            }
        pat |= {
            "as_written": c.as_written,
            "full_name_as_letter": c.name_as_letter,
            "register_id": r.id if r is not None else None,
        }
    facts = {
        "patient": pat,
        "birth_date": c.birth_date.isoformat() if c.birth_date else None,
        "letter_date": c.letter_date.isoformat() if c.letter_date else None,
        "sender": c.sender,
        "sender_alternatives": c.sender_alts,
        "title": c.title,
        "title_alternatives": c.title_alts if c.title else [],
        "patient_id": c.patient_id,
        "other_dates": c.other_dates,
        "other_people": c.other_people,
    }
    return facts, reg


def _pick(
    rng: random.Random, layout: str, specials: list[tuple], pool: list[Patient]
) -> Person | None:
    if layout in NO_PATIENT:
        return None
    adult = layout in ADULT_ONLY
    for k, sp in enumerate(specials):
        kind, surname, given, birth, extra = sp
        if kind == "outside":
            street, pc, city = extra.split("|")
            person = Person(
                surname,
                given,
                birth,
                "F" if given in ("Henrike", "Sjoukje") else "M",
                "",
                street,
                pc,
                city,
                None,
                "outside",
            )
        else:
            r = _reg(surname, given, birth)
            if kind == "reg_address":
                r = next(p for p in patients() if p.surname == surname and p.street == extra)
            person = _person_of(r, kind, extra if kind == "reg_oldname" else "")
        if adult and person.birth.year > 2005:
            continue
        del specials[k]
        return person
    while True:
        r = rng.choice(pool)
        if not (adult and r.birth_date.year > 2005):
            return _person_of(r)


def _one(
    idx: int, split: str, seed: int, layout: str, person: Person | None, lid: str, cover: bool
) -> Letter:
    rng = random.Random(seed * 1000 + idx)
    c = Ctx(rng, layout, person)
    if person is not None and person.kind == "reg_translit":
        c.translit = True
    LAYOUTS[layout](c)
    pages = c.b.finish(c.footer)
    facts, reg = _facts(c, person)
    notes = list(c.notes)
    if person is not None:
        notes += {
            "reg_address": ["same name and birth date as another patient: the address decides"],
            "reg_oldname": [f"the letter uses the former name {person.extra}"],
            "reg_birthname": ["the letter gives the birth name (geb.)"],
            "reg_translit": [
                "the sender writes umlauts as ae/oe/ue; another patient of that spelling exists"
            ],
            "outside": ["not in the register"],
        }.get(person.kind, [])
    if c.translit and person is not None and person.kind != "reg_translit":
        notes.append("the sender's system transliterates umlauts")
    # fax: sent one to five days after the letter's date
    base = c.letter_date or c.base
    sent = datetime(base.year, base.month, base.day, rng.randint(7, 18), rng.randint(0, 59))
    sent += timedelta(days=rng.randint(1, 5))
    total = len(pages) + (1 if cover else 0)
    header_dates: list[str] = []
    fax_pages: list[list[render.Line]] = []
    subject = c.title or "Befund"
    if cover and person is not None and rng.random() < 0.5:
        subject = f"{subject} – {c.name('sg')}"
    if cover:
        fax_pages.append(_cover(c, sent, total, subject))
    fax_pages += [[render.Line(ln.text, ln.x, ln.y, ln.size, ln.font) for ln in pg] for pg in pages]
    for n, pg in enumerate(fax_pages, 1):
        h = _fax_header(c, sent, n, total)
        header_dates.append(h)
        pg.insert(0, render.Line(h, 22, 18, 7.5, "mono"))
    c.other_dates.append({"date": sent.date().isoformat(), "role": "fax_sent"})
    c.written[f"other:fax_sent:{sent.date().isoformat()}"] = fmt(
        sent.date(), HEADER_STYLE[c.region]
    )
    scan_pages = [[render.Line(ln.text, ln.x, ln.y, ln.size, ln.font) for ln in pg] for pg in pages]
    if rng.random() < 0.4:
        got = base + timedelta(days=rng.randint(2, 8))
        stamp = f"EINGANG {fmt(got, 'de_num')}"
        scan_pages[0].insert(0, render.Line(stamp, 380, 34, 11, "bold"))
        c.other_dates.append({"date": got.isoformat(), "role": "receipt_stamp"})
        c.written[f"other:receipt_stamp:{got.isoformat()}"] = fmt(got, "de_num")
        notes.append("the scan carries the practice's receipt stamp")
    facts["other_dates"] = c.other_dates
    fax = {
        "sent": sent.strftime("%Y-%m-%dT%H:%M"),
        "cover_sheet": cover,
        "sender_fax": c.org.fax if c.org else None,
        "resolution": "204x196" if (fine := rng.random() < 0.6) else "204x98",
        "fine": fine,
        "pages": total,
    }
    return Letter(
        id=lid,
        split=split,
        seed=seed,
        layout=layout,
        language=c.language,
        region=c.region,
        pages=pages,
        scan_pages=scan_pages,
        fax_pages=fax_pages,
        facts=facts,
        register=reg,
        notes=notes,
        handwritten=c.handwritten,
        fax=fax,
        written=c.written,
        practice=c.practice["name"],
        render_seed=seed * 1000 + idx,
    )


def _make(count: int, seed: int, split: str, prefix: str) -> list[Letter]:
    rng = random.Random(seed)
    deck: list[str] = []
    while len(deck) < count:
        d = list(DECK)
        rng.shuffle(d)
        deck += d
    specials = list(SPECIAL)
    rng.shuffle(specials)
    pool = [p for p in patients() if not p.collision]
    out = []
    for i in range(count):
        person = _pick(rng, deck[i], specials, pool)
        out.append(_one(i, split, seed, deck[i], person, f"{prefix}-{i + 1:03d}", i % 3 == 1))
    return out


def split(name: str) -> list[Letter]:
    if name not in SEEDS:
        raise ValueError(f"unknown split {name!r} (test, examples)")
    return _make(COUNTS[name], SEEDS[name], name, name)


def generate(count: int, seed: int) -> list[Letter]:
    return _make(count, seed, "generated", f"gen{seed}")


def receiving_practices() -> list[dict[str, Any]]:
    return [
        {"name": p["name"], "doctors": p["doctors"], "address": f"{p['street']}, {p['city']}"}
        for p in PRACTICES
    ]
