"""Generated clinic letters to three practices in Münsterland / OWL, with exact truth."""

from __future__ import annotations

import datetime as dt
import random
import re
from dataclasses import dataclass, field
from typing import Any

from . import register
from .render import Line, Sheet, fax_tiffs, page_text, pdf_bytes, scan_jpegs

SPLITS = {"test": (40, 50_4001), "examples": (6, 50_4002)}

PRACTICES: list[dict[str, Any]] = [
    {
        "name": "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin an der Sparrenburg",
        "names": [
            "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin an der Sparrenburg",
            "Gemeinschaftspraxis an der Sparrenburg",
            "Praxis an der Sparrenburg",
            "Dres. med. Kleine-Büning, Friesen und Partner",
        ],
        "doctor": "Dr. med. Annegret Kleine-Büning",
        "address": "Am Sparrenberg 4, 33602 Bielefeld",
        "fax": "0521 96743-29",
        "kind": "group practice (long name)",
        "salutation": "Sehr geehrte Frau Kollegin Kleine-Büning,",
        "lines": [
            "Gemeinschaftspraxis für Allgemeinmedizin",
            "und Innere Medizin an der Sparrenburg",
            "Dres. med. Kleine-Büning, Friesen und Partner",
            "Am Sparrenberg 4",
            "33602 Bielefeld",
        ],
        "short": "Praxis an der Sparrenburg",
    },
    {
        "name": "Hausarztpraxis Dr. med. Johanna Hölscher",
        "names": [
            "Hausarztpraxis Dr. med. Johanna Hölscher",
            "Hausarztpraxis Hölscher",
            "Praxis Dr. Hölscher",
        ],
        "doctor": "Dr. med. Johanna Hölscher",
        "address": "Marktallee 61, 48165 Münster-Hiltrup",
        "fax": "02501 44 81 90",
        "kind": "single-handed practice",
        "salutation": "Sehr geehrte Frau Dr. Hölscher,",
        "lines": [
            "Hausarztpraxis",
            "Frau Dr. med. Johanna Hölscher",
            "Marktallee 61",
            "48165 Münster-Hiltrup",
        ],
        "short": "Praxis Dr. Hölscher",
    },
    {
        "name": "Hausärztliche Praxis Rheda Dr. Özdemir & Peitz",
        "names": [
            "Hausärztliche Praxis Rheda Dr. Özdemir & Peitz",
            "Praxis Özdemir & Peitz",
            "Hausärztliche Praxis Rheda",
        ],
        "doctor": "Dr. med. Mehmet Özdemir",
        "address": "Berliner Straße 22, 33378 Rheda-Wiedenbrück",
        "fax": "05242 40 93-11",
        "kind": "two-doctor practice",
        "salutation": "Sehr geehrter Herr Kollege Dr. Özdemir,",
        "lines": [
            "Hausärztliche Praxis Rheda",
            "Dr. med. Mehmet Özdemir & Anja Peitz",
            "Berliner Straße 22",
            "33378 Rheda-Wiedenbrück",
        ],
        "short": "Praxis Özdemir & Peitz",
    },
]


def practice_names() -> list[dict[str, Any]]:
    keys = ("name", "names", "doctor", "address", "fax", "kind")
    return [{k: p[k] for k in keys} for p in PRACTICES]


MONTHS_DE = [
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
MONTHS_NL = [
    "januari",
    "februari",
    "maart",
    "april",
    "mei",
    "juni",
    "juli",
    "augustus",
    "september",
    "oktober",
    "november",
    "december",
]
MONTHS_RU = [
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
MONTHS_TR = [
    "Ocak",
    "Şubat",
    "Mart",
    "Nisan",
    "Mayıs",
    "Haziran",
    "Temmuz",
    "Ağustos",
    "Eylül",
    "Ekim",
    "Kasım",
    "Aralık",
]
MONTHS_PL = [
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
MONTHS_EN = [
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
DAYS_DE = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]


def fmt(d: dt.date, style: str) -> str:
    if style == "num":
        return d.strftime("%d.%m.%Y")
    if style == "num2":
        return d.strftime("%d.%m.%y")
    if style == "short":
        return f"{d.day}.{d.month}.{d.year}"
    if style == "long":
        return f"{d.day}. {MONTHS_DE[d.month - 1]} {d.year}"
    if style == "nl":
        return f"{d.day} {MONTHS_NL[d.month - 1]} {d.year}"
    if style == "dash":
        return d.strftime("%d-%m-%Y")
    if style == "ru":
        return f"{d.day:02d} {MONTHS_RU[d.month - 1]} {d.year} г."
    if style == "tr":
        return f"{d.day} {MONTHS_TR[d.month - 1]} {d.year}"
    if style == "pl":
        return f"{d.day} {MONTHS_PL[d.month - 1]} {d.year} r."
    if style == "en":
        suf = "th" if 11 <= d.day <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(d.day % 10, "th")
        return f"{d.day}{suf} {MONTHS_EN[d.month - 1]} {d.year}"
    if style == "uk":
        return d.strftime("%d/%m/%Y")
    if style == "iso":
        return d.isoformat()
    raise ValueError(style)


CYR = [
    ("tsch", "ч"),
    ("sch", "ш"),
    ("ch", "х"),
    ("ja", "я"),
    ("ju", "ю"),
    ("je", "е"),
    ("ie", "и"),
    ("ei", "ай"),
    ("eu", "ой"),
    ("ck", "к"),
    ("ts", "ц"),
    ("zh", "ж"),
    ("a", "а"),
    ("b", "б"),
    ("c", "к"),
    ("d", "д"),
    ("e", "е"),
    ("f", "ф"),
    ("g", "г"),
    ("h", "г"),
    ("i", "и"),
    ("j", "й"),
    ("k", "к"),
    ("l", "л"),
    ("m", "м"),
    ("n", "н"),
    ("o", "о"),
    ("p", "п"),
    ("r", "р"),
    ("s", "с"),
    ("t", "т"),
    ("u", "у"),
    ("w", "в"),
    ("v", "в"),
    ("x", "кс"),
    ("y", "ы"),
    ("z", "ц"),
    ("ä", "е"),
    ("ö", "ё"),
    ("ü", "ю"),
]


def cyr(name: str) -> str:
    out = []
    for word in name.split(" "):
        low = word.lower()
        res = ""
        i = 0
        while i < len(low):
            for a, b in CYR:
                if low.startswith(a, i):
                    res += b
                    i += len(a)
                    break
            else:
                res += low[i]
                i += 1
        res = res.replace("сс", "сс")
        out.append(res[:1].upper() + res[1:])
    return " ".join(out)


PATRONYMICS_M = ["Иванович", "Петрович", "Генрихович", "Яковлевич", "Андреевич", "Давидович"]
PATRONYMICS_F = ["Ивановна", "Петровна", "Генриховна", "Яковлевна", "Андреевна", "Давидовна"]


@dataclass
class Who:
    """The patient as the letter knows them."""

    given: str
    surname: str
    birth: dt.date | None
    sex: str
    title: str
    register_id: str | None
    reg_given: str
    reg_surname: str
    birth_name: str = ""
    collision: str = ""
    collision_group: str = ""


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
    register_info: dict[str, Any] | None
    notes: list[str]
    handwritten: bool
    fax_sent: dt.datetime
    fax_number: str
    fax_fine: bool
    fax_g4: bool
    cover: list[Line] | None
    fax_header: str  # with {n} and {t}
    stamp: Line | None
    stamp_date: str | None
    sender_name: str
    extra: dict[str, Any] = field(default_factory=dict)

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.handwritten else ["pdf", "scan200", "fax"]

    def pages_for(self, condition: str) -> list[list[Line]]:
        if condition == "pdf":
            return self.pages
        if condition == "scan200":
            out = [list(p) for p in self.pages]
            if self.stamp is not None:
                out[0].append(self.stamp)
            return out
        if condition == "fax":
            pages = ([self.cover] if self.cover is not None else []) + self.pages
            t = len(pages)
            res = []
            for i, pg in enumerate(pages):
                head = self.fax_header.replace("{n}", str(i + 1)).replace("{t}", str(t))
                head = head.replace("{n3}", f"{i + 1:03d}").replace("{t3}", f"{t:03d}")
                res.append([Line(14.0, 14.0, head, "mono", 7.5), *pg])
            return res
        raise ValueError(condition)

    def page_names(self, condition: str) -> list[str]:
        n = len(self.pages)
        names = [f"p{i + 1}" for i in range(n)]
        if condition == "fax" and self.cover is not None:
            names = ["cover", *names]
        return names

    def render(self, condition: str) -> dict[str, bytes]:
        pages = self.pages_for(condition)
        if condition == "pdf":
            if self.handwritten:
                raise ValueError("a handwritten note has no pdf")
            return {"pdf/letter.pdf": pdf_bytes(pages, self.facts.get("title") or "")}
        if condition == "scan200":
            imgs = scan_jpegs(pages, self.seed * 7 + 1)
            return {f"scan200/page-{i + 1:02d}.jpg": b for i, b in enumerate(imgs)}
        if condition == "fax":
            imgs = fax_tiffs(pages, self.fax_fine, self.fax_g4, self.seed * 7 + 2)
            return {f"fax/page-{i + 1:02d}.tif": b for i, b in enumerate(imgs)}
        raise ValueError(condition)

    def truth(self) -> dict[str, Any]:
        conds: dict[str, Any] = {}
        for c in self.conditions():
            pages = self.pages_for(c)
            names = self.page_names(c)
            plist = []
            for i, (nm, pg) in enumerate(zip(names, pages, strict=True)):
                entry: dict[str, Any] = {"page": nm}
                if c == "pdf":
                    entry.update({"file": "pdf/letter.pdf", "pdf_page": i + 1})
                elif c == "scan200":
                    entry["file"] = f"scan200/page-{i + 1:02d}.jpg"
                else:
                    entry["file"] = f"fax/page-{i + 1:02d}.tif"
                entry["text"] = page_text(pg)
                plist.append(entry)
            conds[c] = {"pages": plist}
            if c == "scan200":
                conds[c]["receipt_stamp"] = (
                    {"date": self.stamp_date, "text": self.stamp.text} if self.stamp else None
                )
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.layout,
            "language": self.language,
            "region": self.region,
            "facts": self.facts,
            "register": self.register_info,
            "notes": self.notes,
            "handwritten": self.handwritten,
            "fax": {
                "sent": self.fax_sent.strftime("%Y-%m-%dT%H:%M"),
                "cover_sheet": self.cover is not None,
                "number": self.fax_number,
                "resolution": "fine" if self.fax_fine else "normal",
                "compression": "G4" if self.fax_g4 else "G3",
            },
            "conditions": conds,
        }


# --------------------------------------------------------------------------- senders

HOSPITALS = [
    (
        "Universitätsklinikum Münster",
        "UKM",
        "Klinik für Kardiologie I: Koronare Herzkrankheit, Herzinsuffizienz und Angiologie",
        "Albert-Schweitzer-Campus 1",
        "48149 Münster",
        "Münster",
        "0251 83-47111",
        "Prof. Dr. med. Holger Reinecke",
        "Dr. med. Kathrin Lütke Wöstmann",
    ),
    (
        "Evangelisches Klinikum Bethel",
        "EvKB",
        "Universitätsklinik für Innere Medizin und Gastroenterologie",
        "Burgsteig 13",
        "33617 Bielefeld",
        "Bielefeld",
        "0521 772-77128",
        "Prof. Dr. med. Martin Krüger",
        "Dr. med. Jakob Harder",
    ),
    (
        "Klinikum Bielefeld",
        "Klinikum Bielefeld Mitte",
        "Klinik für Allgemein- und Viszeralchirurgie",
        "Teutoburger Straße 50",
        "33604 Bielefeld",
        "Bielefeld",
        "0521 581-3099",
        "Prof. Dr. med. Frank Brinkmann",
        "Olga Unruh",
    ),
    (
        "St. Vincenz-Krankenhaus Paderborn",
        "St. Vincenz-Krankenhaus",
        "Medizinische Klinik I – Kardiologie, Pneumologie und Internistische Intensivmedizin",
        "Am Busdorf 2",
        "33098 Paderborn",
        "Paderborn",
        "05251 86-1409",
        "Prof. Dr. med. Andreas Götte",
        "Dr. med. Sergej Klassen",
    ),
    (
        "Klinikum Lippe",
        "Klinikum Lippe Detmold",
        "Klinik für Neurologie und Neurologische Frührehabilitation",
        "Röntgenstraße 18",
        "32756 Detmold",
        "Detmold",
        "05231 72-1459",
        "Prof. Dr. med. Christoph Redecker",
        "Dr. med. Lydia Neufeld",
    ),
    (
        "Mühlenkreiskliniken – Johannes Wesling Klinikum Minden",
        "Johannes Wesling Klinikum",
        "Universitätsklinik für Geriatrie",
        "Hans-Nolte-Straße 1",
        "32429 Minden",
        "Minden",
        "0571 790-53099",
        "Prof. Dr. med. Ulrich Thiem",
        "Dr. med. Agnieszka Nowak",
    ),
    (
        "Mathias-Spital Rheine",
        "Mathias-Spital",
        "Klinik für Unfallchirurgie und Orthopädie",
        "Frankenburgstraße 31",
        "48431 Rheine",
        "Rheine",
        "05971 42-1199",
        "Dr. med. Bernhard Vennemann",
        "Maximilian Esken",
    ),
    (
        "Christophorus-Kliniken Coesfeld",
        "Christophorus-Kliniken",
        "Klinik für Innere Medizin – Gastroenterologie",
        "Südring 41",
        "48653 Coesfeld",
        "Coesfeld",
        "02541 89-11109",
        "Dr. med. Ludger Grothues",
        "Dr. med. Femke Nijhuis",
    ),
    (
        "St. Agnes-Hospital Bocholt",
        "St. Agnes-Hospital",
        "Klinik für Pneumologie",
        "Barloer Weg 125",
        "46397 Bocholt",
        "Bocholt",
        "02871 20-2299",
        "Dr. med. Hubert Wessels",
        "Rasha Al-Khatib",
    ),
    (
        "LWL-Klinikum Gütersloh",
        "LWL-Klinikum",
        "Klinik für Psychiatrie und Psychotherapie",
        "Buxelstraße 50",
        "33334 Gütersloh",
        "Gütersloh",
        "05241 502-2199",
        "Dr. med. Klaus Telgmann",
        "Dipl.-Psych. Nesrin Tekin",
    ),
    (
        "Klinikum Herford",
        "Klinikum Herford",
        "Klinik für Gefäßchirurgie",
        "Schwarzenmoorstraße 70",
        "32049 Herford",
        "Herford",
        "05221 94-2499",
        "Dr. med. Reinhard Tiemann",
        "Dr. med. Witali Dyck",
    ),
]

SPECIALISTS = [
    (
        "Kardiologische Gemeinschaftspraxis am Jahnplatz",
        "Dr. med. Peter Janzen",
        "Fachärzte für Innere Medizin und Kardiologie",
        "Niedernstraße 18",
        "33602 Bielefeld",
        "Bielefeld",
        "0521 17 60 44",
        "Kardiologischer Befundbericht",
    ),
    (
        "Neurologische Praxis Dr. med. Irina Neufeld",
        "Dr. med. Irina Neufeld",
        "Fachärztin für Neurologie",
        "Westernstraße 12",
        "33098 Paderborn",
        "Paderborn",
        "05251 28 19 73",
        "Neurologischer Befund",
    ),
    (
        "Orthopädie am Ludgeriplatz",
        "Dr. med. Jan-Hendrik Overbeck",
        "Orthopädie und Unfallchirurgie · Sportmedizin",
        "Ludgeriplatz 4",
        "48151 Münster",
        "Münster",
        "0251 53 22 10",
        "Arztbrief",
    ),
    (
        "Augenärztliche Praxis Tenbrink",
        "Dr. med. Marie-Luise Tenbrink",
        "Fachärztin für Augenheilkunde",
        "Letter Straße 3",
        "48653 Coesfeld",
        "Coesfeld",
        "02541 8 42 20",
        "Augenärztlicher Befund",
    ),
    (
        "MVZ Gastroenterologie Herford",
        "Dr. med. Yusuf Arslan",
        "Gastroenterologie · Endoskopie",
        "Mindener Straße 9",
        "32049 Herford",
        "Herford",
        "05221 99 71 30",
        "Koloskopiebefund",
    ),
    (
        "HNO-Praxis Dr. med. Anneke de Boer",
        "Dr. med. Anneke de Boer",
        "Fachärztin für Hals-Nasen-Ohrenheilkunde",
        "Nordstraße 27",
        "46399 Bocholt",
        "Bocholt",
        "02871 18 66 01",
        "HNO-ärztlicher Bericht",
    ),
]

LABS = [
    (
        "Laborzentrum Ostwestfalen-Lippe MVZ GmbH",
        "Laborzentrum OWL",
        "Oelmühlenstraße 26",
        "33604 Bielefeld",
        "0521 9 87 66-50",
    ),
    (
        "MVZ Labor Westmünsterland",
        "Labor Westmünsterland",
        "Wüllener Straße 101",
        "48683 Ahaus",
        "02561 9 35 59-9",
    ),
]

RADIOLOGY = [
    (
        "Radiologie am Klinikum Detmold",
        "Röntgenstraße 18",
        "32756 Detmold",
        "05231 30 80 99",
        "Dr. med. Dietrich Fast",
    ),
    (
        "Radiologische Gemeinschaftspraxis Münster-Hiltrup",
        "Westfalenstraße 156",
        "48165 Münster",
        "02501 92 77 80",
        "Dr. med. Katrin Niehues",
    ),
    (
        "Die Radiologie Paderborn",
        "Husener Straße 46a",
        "33098 Paderborn",
        "05251 50 60 79",
        "Dr. med. Eduard Rempel",
    ),
]


# --------------------------------------------------------------------------- the world


class World:
    def __init__(self) -> None:
        self.patients = register.build()
        self.coll = [p for p in self.patients if p.collision]
        self.by_group: dict[str, list[register.Patient]] = {}
        for p in self.patients:
            self.by_group.setdefault(self.group_of(p), []).append(p)

    @staticmethod
    def group_of(p: register.Patient) -> str:
        first = p.surname.split("-")[0]
        for g, pool in (
            ("auss", register.AUSSIEDLER_SURNAMES),
            ("pl", register.POLISH_SURNAMES),
            ("tr", register.TURKISH_SURNAMES),
            ("ku", register.KURDISH_SURNAMES),
            ("sy", register.SYRIAN_SURNAMES),
            ("nl", register.DUTCH_SURNAMES),
        ):
            if p.surname in pool or first in pool or p.surname[:-1] + "i" in pool:
                return g
        return "westf"

    def pick(self, rng: random.Random, groups: tuple[str, ...] | None = None) -> Who:
        r = rng.random()
        if groups is None and r < 0.12:
            p = rng.choice([q for q in self.coll if q.collision == "name_change"])
        elif groups is None and r < 0.3:
            p = rng.choice(self.coll)
        else:
            pool: list[register.Patient] = []
            for g in groups or ("westf", "auss", "pl", "tr", "ku", "sy", "nl"):
                pool += self.by_group.get(g, [])
            if r > 0.92:
                # Not in the register.
                g = rng.choice(list(groups or ("westf", "auss")))
                sex = rng.choice("MF")
                given = rng.choice(register.GIVEN[(g, sex)])
                sur = register._surname(rng, g, sex)
                bd = dt.date.fromisoformat(register._date(rng, 1935, 2015))
                return Who(given, sur, bd, sex, "", None, given, sur)
            p = rng.choice(pool)
        bd = dt.date.fromisoformat(p.birth_date)
        sur = p.surname
        if p.collision == "name_change" and (r < 0.12 or rng.random() < 0.5):
            sur = p.former_names[0]
        return Who(
            p.given_names,
            sur,
            bd,
            p.sex,
            p.title,
            p.id,
            p.given_names,
            p.surname,
            p.birth_name,
            p.collision,
            p.collision_group,
        )


def name_forms(w: Who, style: str, rng: random.Random) -> tuple[str, str]:
    """(as_written, full_name_as_letter)."""
    given = w.given
    if rng.random() < 0.3 and " " in given:
        given = given.split(" ")[0]
    full = f"{given} {w.surname}"
    t = f"{w.title} " if w.title else ""
    anrede = "Herrn" if w.sex == "M" else "Frau"
    if style == "anrede":
        return f"{anrede} {t}{given} {w.surname}", full
    if style == "sf":
        return f"{w.surname}, {given}", full
    if style == "caps_sf":
        return f"{w.surname.upper()}, {given}", full
    if style == "caps":
        return f"{t}{given} {w.surname}".upper(), full
    if style == "sf_title":
        return f"{w.surname}, {t}{given}".strip(), full
    return f"{t}{given} {w.surname}", full


# --------------------------------------------------------------------------- helpers


class Ctx:
    def __init__(self, world: World, rng: random.Random, lid: str, split: str, seed: int):
        self.world, self.rng, self.id, self.split, self.seed = world, rng, lid, split, seed
        self.practice = PRACTICES[rng.randrange(3)]
        self.date = dt.date(2025, 1, 2) + dt.timedelta(days=rng.randrange(320))
        self.other_dates: list[dict[str, str]] = []
        self.other_people: list[dict[str, str]] = []
        self.notes: list[str] = []

    def od(self, d: dt.date, role: str) -> dt.date:
        self.other_dates.append({"date": d.isoformat(), "role": role})
        return d

    def before(self, lo: int, hi: int) -> dt.date:
        return self.date - dt.timedelta(days=self.rng.randint(lo, hi))

    def after(self, lo: int, hi: int) -> dt.date:
        return self.date + dt.timedelta(days=self.rng.randint(lo, hi))

    def person(self, name: str, role: str) -> str:
        self.other_people.append({"name": name, "role": role})
        return name


def recipient(
    s: Sheet, ctx: Ctx, key: str = "sans", size: float = 10.0, x: float | None = None
) -> None:
    for ln in ctx.practice["lines"]:
        s.line(ln, key, size, x=x)


def birth_phrase(w: Who, style: str) -> str:
    assert w.birth is not None
    return {
        "geb": f"geb. {fmt(w.birth, 'num')}",
        "star": f"* {fmt(w.birth, 'num')}",
        "geb2": f"geb. am {fmt(w.birth, 'num2')}",
        "gebam": f"geb. am {fmt(w.birth, 'num')}",
        "gd": f"Geb.-Datum: {fmt(w.birth, 'num')}",
    }[style]


# --------------------------------------------------------------------------- layouts
# Each returns (sheet or pages, facts-partials).


DISCHARGE_PARAS = [
    "Die stationäre Aufnahme erfolgte über unsere Zentrale Notaufnahme bei zunehmender "
    "Belastungsdyspnoe und thorakalem Druckgefühl.",
    "Laborchemisch zeigten sich erhöhte Entzündungswerte, die unter kalkulierter antibiotischer "
    "Therapie mit Ampicillin/Sulbactam rasch rückläufig waren.",
    "Echokardiographisch fand sich eine leichtgradig eingeschränkte linksventrikuläre "
    "Pumpfunktion ohne relevante Klappenvitien. Die bestehende Medikation wurde angepasst.",
    "Im Langzeit-EKG zeigten sich Episoden eines tachykarden Vorhofflimmerns; nach Abwägung "
    "von Blutungs- und Schlaganfallrisiko erfolgte die Einleitung einer oralen Antikoagulation.",
    "Die Mobilisation gelang unter physiotherapeutischer Anleitung zügig. Der Sozialdienst hat "
    "die häusliche Versorgung mit den Angehörigen besprochen.",
    "Der weitere Verlauf gestaltete sich komplikationslos, sodass wir in gebessertem "
    "Allgemeinzustand in Ihre hausärztliche Weiterbehandlung entlassen konnten.",
    "Wir bitten um regelmäßige Kontrollen von Blutdruck, Nierenfunktion und Elektrolyten sowie "
    "um eine Anpassung der Diuretikadosis nach Gewichtsverlauf.",
]


FINDINGS = [
    "Aufnahmebefund: wacher, orientierter Patient in leicht reduziertem Allgemeinzustand.",
    "RR 148/86 mmHg, HF 92/min, SpO2 94 % unter Raumluft, Temperatur 37,9 °C.",
    "Cor: rhythmisch, keine pathologischen Geräusche. Pulmo: basal rechts feinblasige RG.",
    "Abdomen: weich, kein Druckschmerz, Darmgeräusche regelrecht.",
    "Extremitäten: diskrete Unterschenkelödeme beidseits, Pulse tastbar.",
    "EKG: Sinusrhythmus, Linkstyp, keine Erregungsrückbildungsstörungen.",
    "Röntgen-Thorax: Infiltrat im rechten Unterfeld, kein Pleuraerguss.",
    "Labor bei Aufnahme: CRP 86 mg/l, Leukozyten 13,2/nl, Kreatinin 1,2 mg/dl, NT-proBNP 1840 "
    "pg/ml.",
    "Labor bei Entlassung: CRP 9 mg/l, Leukozyten 7,1/nl, Kalium 4,3 mmol/l.",
    "Sonographie Abdomen: Leber normal groß, Gallenblase steinfrei, Nieren beidseits regelrecht.",
    "Echokardiographie: LVEF 48 %, keine relevanten Vitien, kein Perikarderguss.",
    "Lungenfunktion: leichte obstruktive Ventilationsstörung, FEV1 72 % vom Soll.",
]


def lay_discharge(ctx: Ctx) -> dict[str, Any]:
    rng = ctx.rng
    h = rng.choice(HOSPITALS)
    org, short, dept, street, pcity, city, fax, chief, doc = h
    w = ctx.world.pick(rng)
    style = rng.choice(["anrede", "sf", "caps_sf", "plain"])
    as_w, full_l = name_forms(w, style, rng)
    adm = ctx.od(ctx.before(8, 20), "admission")
    dis = ctx.od(ctx.before(1, 6), "discharge")
    fu = ctx.od(ctx.after(20, 60), "follow-up")
    bstyle = rng.choice(["geb", "star", "gebam"])
    title = rng.choice(["Entlassungsbericht", "Arztbrief", "Vorläufiger Entlassungsbrief"])
    hdr = [
        (
            f"{short} · {title} {w.surname}, {w.given.split(' ')[0]} · Seite {{n}} von {{t}}",
            "sans",
            8.0,
        )
    ]
    s = Sheet(header=hdr)
    align = rng.choice(["left", "right", "center"])
    s.line(org, "sansb", 15, align)
    s.line(dept, "sans", 8.5, align)
    s.line(f"Direktor: {ctx.person(chief, 'Klinikdirektor')}", "sans", 8.5, align)
    s.gap(14)
    s.line(f"{short} · {street} · {pcity}", "sans", 6.5)
    s.gap(4)
    recipient(s, ctx)
    s.gap(10)
    dfmt = rng.choice(["num", "long"])
    date_txt = fmt(ctx.date, dfmt)
    top_date = rng.random() < 0.6
    if top_date:
        s.line(f"{city}, {date_txt}", "sans", 10, "right")
    s.line(f"Station 14B · Telefax {fax}", "sans", 8, "right")
    s.gap(10)
    if rng.random() < 0.5:
        s.line(title.upper(), "sansb", 12)
        title_p = title.upper()
    else:
        s.line(f"Betreff: {title}", "sansb", 11)
        title_p = title
    if w.birth_name and w.birth_name != w.surname:
        s.line(f"{as_w} geb. {w.birth_name}, {birth_phrase(w, 'star')}", "sansb", 10)
        ctx.notes.append("a birth name after 'geb.' beside the birth date")
    else:
        s.line(f"{as_w}, {birth_phrase(w, bstyle)}", "sansb" if style != "plain" else "sans", 10)
    s.line(f"stationär vom {fmt(adm, 'num')} bis {fmt(dis, 'num')}", "sans", 10)
    s.gap(8)
    s.line(ctx.practice["salutation"], "sans", 10)
    s.para(
        f"wir berichten über {'Ihren Patienten' if w.sex == 'M' else 'Ihre Patientin'}, "
        "die/der sich in unserer stationären Behandlung befand.",
        "sans",
        10,
    )
    s.gap(6)
    s.line("Diagnosen:", "sansb", 10)
    for d in rng.sample(
        [
            "Arterielle Hypertonie (I10.90)",
            "Diabetes mellitus Typ 2 (E11.90)",
            "Vorhofflimmern, paroxysmal (I48.0)",
            "Chronische Niereninsuffizienz Stadium G3a (N18.3)",
            "Cholezystolithiasis (K80.20)",
            "Ambulant erworbene Pneumonie (J18.9)",
            "Hypercholesterinämie (E78.0)",
        ],
        4,
    ):
        s.line(f"– {d}", "sans", 10)
    s.gap(6)
    s.line("Anamnese und Verlauf:", "sansb", 10)
    for para in rng.sample(DISCHARGE_PARAS, rng.randint(2, len(DISCHARGE_PARAS))):
        s.para(para, "sans", 10)
        s.gap(4)
    s.line("Befunde:", "sansb", 10)
    for f in FINDINGS[: rng.randint(6, len(FINDINGS))]:
        s.para(f, "sans", 10, indent=12)
    s.gap(4)
    s.line("Medikation bei Entlassung:", "sansb", 10)
    for m in (
        "Ramipril 5 mg 1-0-0",
        "Bisoprolol 2,5 mg 1-0-0",
        "Apixaban 5 mg 1-0-1",
        "Atorvastatin 40 mg 0-0-1",
        "Pantoprazol 20 mg 1-0-0",
    ):
        s.line(m, "sans", 10, x=90)
    s.gap(6)
    s.para(f"Wir bitten um Wiedervorstellung in unserer Ambulanz am {fmt(fu, 'num')}.", "sans", 10)
    s.gap(8)
    s.line("Mit freundlichen kollegialen Grüßen", "sans", 10)
    s.gap(18)
    s.line(f"{chief}   {ctx.person(doc, 'Stationsärztin/Stationsarzt')}", "sans", 10)
    s.line("Direktor   Assistenzärztin/Assistenzarzt", "sans", 8.5)
    if not top_date:
        s.gap(6)
        s.line(f"{city}, den {date_txt}", "sans", 10)
    ctx.notes.append("two dates of the stay and a follow-up date beside the letter date")
    if not top_date:
        ctx.notes.append("the letter date only at the end")
    return {
        "fax": fax,
        "sheet": s,
        "who": w,
        "as_written": as_w,
        "full_l": full_l,
        "sender": org,
        "sender_alt": [short, dept, f"{org}, {dept}"],
        "title": title_p,
        "title_alt": [title],
        "birth": True,
        "pid": None,
        "lang": "de",
        "region": "DE",
    }


def lay_specialist(ctx: Ctx) -> dict[str, Any]:
    rng = ctx.rng
    org, doc, spec, street, pcity, city, fax, title = rng.choice(SPECIALISTS)
    w = ctx.world.pick(rng)
    style = rng.choice(["anrede", "sf_title", "plain", "caps"])
    as_w, full_l = name_forms(w, style, rng)
    exam = ctx.od(ctx.before(0, 5), "examination")
    show_birth = rng.random() < 0.8
    pid = str(w.register_id) if (w.register_id and rng.random() < 0.35) else None
    s = Sheet(left=rng.choice([60.0, 72.0]))
    s.line(org, "serifb", 14, "center")
    s.line(f"{doc} · {spec}", "serif", 9, "center")
    s.line(f"{street} · {pcity} · Tel. {fax[:-2]}0 · Fax {fax}", "serif", 8, "center")
    s.gap(20)
    recipient(s, ctx, "serif", 11)
    s.gap(14)
    if pid:
        s.line(f"Ihre Pat.-Nr.: {pid}", "serif", 9, "right")
    s.line(f"{city}, {fmt(ctx.date, 'num')}", "serif", 11, "right")
    s.gap(10)
    bl = f", {birth_phrase(w, rng.choice(['geb', 'star', 'geb2']))}" if show_birth else ""
    lab = rng.choice(["Patient/in: ", "Betr.: ", ""])
    s.line(f"{lab}{as_w}{bl}", "serifb", 11)
    s.line(f"Untersuchung vom {fmt(exam, 'num')}", "serif", 11)
    s.gap(6)
    s.line(title, "serifb", 12)
    s.gap(6)
    s.line(ctx.practice["salutation"], "serif", 11)
    for _ in range(rng.randint(2, 3)):
        s.para(
            "vielen Dank für die freundliche Überweisung. Anamnestisch bestehen seit einigen "
            "Wochen intermittierende Beschwerden. Der klinische Befund ist weitgehend "
            "unauffällig, apparativ zeigt sich ein altersentsprechender Befund ohne Hinweis "
            "auf eine akut behandlungsbedürftige Erkrankung.",
            "serif",
            11,
        )
        s.gap(4)
    s.para(
        "Beurteilung: Kein Anhalt für eine strukturelle Ursache. Wir empfehlen eine "
        "Verlaufskontrolle in sechs Monaten.",
        "serif",
        11,
    )
    s.gap(10)
    s.line("Mit freundlichen Grüßen", "serif", 11)
    s.gap(16)
    ctx.person(doc, "Fachärztin/Facharzt")
    s.line(doc, "narrow", 9, box=True, x=s.left + 4)
    s.line(f"{spec}", "narrow", 8, x=s.left + 4)
    s.line(f"{street}, {pcity} · BSNR 19{rng.randint(1000000, 9999999)}", "narrow", 8, x=s.left + 4)
    ctx.notes.append("the sender's practice stamp under the signature")
    return {
        "fax": fax,
        "sheet": s,
        "who": w,
        "as_written": as_w,
        "full_l": full_l,
        "sender": org,
        "sender_alt": [doc],
        "title": title,
        "title_alt": [],
        "birth": show_birth,
        "pid": pid,
        "lang": "de",
        "region": "DE",
    }


def lay_lab(ctx: Ctx) -> dict[str, Any]:
    rng = ctx.rng
    org, short, street, pcity, fax = rng.choice(LABS)
    w = ctx.world.pick(rng)
    as_w, full_l = name_forms(w, rng.choice(["caps_sf", "sf"]), rng)
    coll = ctx.od(ctx.before(1, 3), "collection")
    rec = ctx.od(ctx.before(0, 1) if (ctx.date - coll).days > 1 else coll, "lab receipt")
    pid = str(w.register_id) if w.register_id and rng.random() < 0.7 else None
    s = Sheet(left=50, right=545)
    s.line(org, "dvb", 13, "right")
    s.line(f"{street} · {pcity} · Fax {fax}", "dv", 7.5, "right")
    s.gap(12)
    recipient(s, ctx, "dv", 9)
    s.gap(10)
    s.line("LABORBEFUND – Endbefund", "dvb", 12)
    s.gap(4)
    s.line(f"Name: {as_w}", "mono", 9.5)
    assert w.birth is not None
    s.line(
        f"Geb.-Dat.: {fmt(w.birth, 'num')}   Geschlecht: {'M' if w.sex == 'M' else 'W'}",
        "mono",
        9.5,
    )
    if pid:
        s.line(f"Pat.-Nr. Einsender: {pid}", "mono", 9.5)
    s.line(f"Abnahme: {fmt(coll, 'num')} 08:10   Eingang: {fmt(rec, 'num')} 14:02", "mono", 9.5)
    s.line(f"Befunddatum: {fmt(ctx.date, 'num')}", "mono", 9.5)
    s.gap(8)
    s.line("Untersuchung           Ergebnis   Einheit    Referenzbereich", "monob", 9)
    rows = [
        ("Leukozyten", "7,8", "/nl", "3,9 - 10,2"),
        ("Hämoglobin", "12,1", "g/dl", "12,0 - 15,4"),
        ("Kreatinin", "1,34", "mg/dl", "0,50 - 1,10"),
        ("eGFR (CKD-EPI)", "48", "ml/min", "> 60"),
        ("HbA1c", "7,4", "%", "< 6,5"),
        ("TSH basal", "2,10", "mU/l", "0,27 - 4,20"),
        ("LDL-Cholesterin", "142", "mg/dl", "< 116"),
        ("CRP", "12,4", "mg/l", "< 5,0"),
        ("Kalium", "4,6", "mmol/l", "3,5 - 5,1"),
    ]
    for name, val, unit, ref in rng.sample(rows, rng.randint(5, 9)):
        s.line(f"{name:<22} {val:>8}   {unit:<9}  {ref}", "mono", 9)
    s.gap(10)
    s.para(
        "Befund technisch und medizinisch validiert. Bei Rückfragen erreichen Sie uns "
        "werktags von 7 bis 19 Uhr.",
        "dv",
        8,
    )
    ctx.person("Dr. med. Gerda Huisman", "Laborärztin")
    s.line("Dr. med. Gerda Huisman, Fachärztin für Laboratoriumsmedizin", "dv", 8)
    ctx.notes.append("collection, receipt and report dates; the report date is the letter's")
    return {
        "fax": fax,
        "sheet": s,
        "who": w,
        "as_written": as_w,
        "full_l": full_l,
        "sender": org,
        "sender_alt": [short],
        "title": "LABORBEFUND – Endbefund",
        "title_alt": ["LABORBEFUND", "Laborbefund", "Endbefund"],
        "birth": True,
        "pid": pid,
        "lang": "de",
        "region": "DE",
    }


def lay_radiology(ctx: Ctx) -> dict[str, Any]:
    rng = ctx.rng
    org, street, pcity, fax, doc = rng.choice(RADIOLOGY)
    w = ctx.world.pick(rng)
    as_w, full_l = name_forms(w, rng.choice(["anrede", "sf"]), rng)
    exam = ctx.od(ctx.before(0, 2), "examination")
    kind = rng.choice(
        [
            "MRT der Lendenwirbelsäule nativ",
            "CT Thorax mit Kontrastmittel",
            "Sonographie Abdomen",
            "MRT Schädel nativ und mit KM",
        ]
    )
    s = Sheet()
    s.line(org, "sansb", 13)
    s.line(f"{street}, {pcity} | Telefax {fax}", "sans", 8)
    s.gap(16)
    recipient(s, ctx)
    s.gap(12)
    date_end = rng.random() < 0.5
    if not date_end:
        s.line(f"Datum: {fmt(ctx.date, 'num')}", "sans", 10, "right")
    s.line(f"Patient: {as_w}, {birth_phrase(w, 'gd')}", "sans", 10)
    s.line(f"Untersuchung: {kind} am {fmt(exam, 'num')}", "sans", 10)
    s.gap(8)
    s.line("Befund:", "sansb", 10)
    for _ in range(2):
        s.para(
            "Regelrechte Darstellung der abgebildeten Strukturen. Keine Raumforderung, kein "
            "Nachweis einer frischen Blutung oder Ischämie. Degenerative Veränderungen "
            "altersentsprechend. Kein pathologischer Lymphknoten.",
            "sans",
            10,
        )
    s.line("Beurteilung:", "sansb", 10)
    s.para("Kein Nachweis eines akuten pathologischen Befundes.", "sans", 10)
    s.gap(12)
    s.line(
        f"{ctx.person(doc, 'Radiologin/Radiologe')}, Fachärztin/Facharzt für Radiologie", "sans", 9
    )
    if date_end:
        s.line(f"Befund erstellt am {fmt(ctx.date, 'long')}", "sans", 9)
        ctx.notes.append("the letter date only at the end")
    return {
        "fax": fax,
        "sheet": s,
        "who": w,
        "as_written": as_w,
        "full_l": full_l,
        "sender": org,
        "sender_alt": [],
        "title": None,
        "title_alt": [kind],
        "birth": True,
        "pid": None,
        "lang": "de",
        "region": "DE",
    }


def _authority(
    ctx: Ctx,
    org: str,
    alt: list[str],
    lines: list[str],
    ref: str,
    title: str,
    body: list[str],
    signer: str,
    role: str,
    w: Who,
    as_w: str,
    full_l: str,
    show_birth: bool,
    city: str,
) -> dict[str, Any]:
    rng = ctx.rng
    s = Sheet(left=70, right=530)
    s.line(org, "dvb", 12, "right")
    for ln in lines:
        s.line(ln, "dv", 8, "right")
    s.gap(10)
    s.line(f"{alt[0] if alt else org} · {lines[0]}", "dv", 6.5)
    recipient(s, ctx, "dv", 9.5)
    s.gap(10)
    s.line(f"Ihr Zeichen, Ihre Nachricht vom: –   Unser Zeichen: {ref}", "dv", 8)
    s.line(f"{city}, {fmt(ctx.date, rng.choice(['num', 'long']))}", "dv", 9, "right")
    s.gap(10)
    s.line(title, "dvb", 10.5)
    bl = f", {birth_phrase(w, 'geb')}" if show_birth else ""
    s.line(f"{rng.choice(['Versicherte/r', 'Betroffene Person', 'Name'])}: {as_w}{bl}", "dv", 9.5)
    s.gap(6)
    s.line("Sehr geehrte Damen und Herren,", "dv", 9.5)
    for b in body:
        s.para(b, "dv", 9.5)
        s.gap(3)
    s.gap(6)
    s.line("Mit freundlichen Grüßen", "dv", 9.5)
    s.line("Im Auftrag", "dv", 9.5)
    s.gap(10)
    s.line(ctx.person(signer, role), "dv", 9.5)
    s.gap(8)
    s.line("Dieses Schreiben wurde maschinell erstellt und ist ohne Unterschrift gültig.", "dv", 7)
    faxes = [re.split(r"(?i)fax\s+", ln, maxsplit=1)[1] for ln in lines if "fax " in ln.lower()]
    return {
        "fax": faxes[0] if faxes else None,
        "sheet": s,
        "who": w,
        "as_written": as_w,
        "full_l": full_l,
        "sender": org,
        "sender_alt": alt,
        "title": title,
        "title_alt": [],
        "birth": show_birth,
        "pid": None,
        "lang": "de",
        "region": "DE",
    }


def lay_drv(ctx: Ctx) -> dict[str, Any]:
    rng = ctx.rng
    w = ctx.world.pick(rng)
    as_w, full_l = name_forms(w, rng.choice(["plain", "sf"]), rng)
    assert w.birth is not None
    vsnr = f"17 {w.birth.strftime('%d%m%y')} {w.surname[0].upper()} {rng.randint(100, 599)}"
    dl = ctx.od(ctx.after(14, 28), "deadline")
    body = [
        f"Versicherungsnummer: {vsnr}",
        "im Rahmen eines Antrags auf Leistungen zur medizinischen Rehabilitation bitten wir "
        "Sie, den beigefügten Befundbericht (Vordruck S0051) auszufüllen.",
        f"Bitte senden Sie den Bericht bis zum {fmt(dl, 'num')} an uns zurück. Die Vergütung "
        "erfolgt nach Eingang gemäß JVEG.",
    ]
    ctx.notes.append("an insurance number that holds the birth date without separators")
    return _authority(
        ctx,
        "Deutsche Rentenversicherung Westfalen",
        ["DRV Westfalen", "Deutsche Rentenversicherung"],
        ["Gartenstraße 194", "48147 Münster", "Telefax 0251 238-2960"],
        f"0{rng.randint(1000, 9999)}-Reha",
        "Anforderung eines ärztlichen Befundberichts",
        body,
        "Markus Brockhoff",
        "Sachbearbeiter",
        w,
        as_w,
        full_l,
        rng.random() < 0.5,
        "Münster",
    )


def lay_aok(ctx: Ctx) -> dict[str, Any]:
    rng = ctx.rng
    w = ctx.world.pick(rng)
    as_w, full_l = name_forms(w, "anrede", rng)
    au = ctx.od(ctx.before(20, 60), "incapacity since")
    body = [
        f"{as_w} ist seit dem {fmt(au, 'num')} arbeitsunfähig erkrankt. Zur Prüfung des "
        "Anspruchs auf Krankengeld bitten wir um Auskunft zum voraussichtlichen Ende der "
        "Arbeitsunfähigkeit und zu geplanten Maßnahmen.",
        "Ihre Angaben unterliegen dem Sozialdatenschutz (§ 35 SGB I).",
    ]
    return _authority(
        ctx,
        "AOK NordWest – Die Gesundheitskasse",
        ["AOK NordWest"],
        [
            "Servicecenter Bielefeld",
            "Herforder Straße 23, 33602 Bielefeld",
            "Telefax 0800 2655-507",
        ],
        f"KG-{rng.randint(10000, 99999)}",
        "Anfrage zur Arbeitsunfähigkeit – Krankengeldfall",
        body,
        "Sabine Wördemann",
        "Fallmanagerin",
        w,
        as_w,
        full_l,
        True,
        "Bielefeld",
    )


def lay_gesundheitsamt(ctx: Ctx) -> dict[str, Any]:
    rng = ctx.rng
    w = ctx.world.pick(rng, ("sy", "ku", "tr", "auss", "westf"))
    as_w, full_l = name_forms(w, rng.choice(["sf", "plain"]), rng)
    ex = ctx.od(ctx.before(3, 10), "examination")
    body = [
        f"bei der o. g. Person wurde im Rahmen der Untersuchung am {fmt(ex, 'num')} ein "
        "positiver Interferon-Gamma-Release-Assay festgestellt. Wir bitten um Übernahme der "
        "weiteren Diagnostik (Röntgen-Thorax) und Mitteilung des Ergebnisses.",
        "Rechtsgrundlage: §§ 25, 26 Infektionsschutzgesetz.",
    ]
    grp = World.group_of(register.Patient("", w.surname, "", "", "M", "", "", ""))
    kin_sex = "M" if w.sex == "F" else "F"
    kin = f"{rng.choice(register.GIVEN[(grp, kin_sex)])} {w.surname}"
    kin_bd = ctx.od(
        dt.date(rng.randint(1950, 2000), rng.randint(1, 12), rng.randint(1, 28)),
        "relative's birth date",
    )
    ctx.person(kin, "contact person (relative)")
    spouse = "die Ehefrau" if kin_sex == "F" else "der Ehemann"
    body.insert(
        1,
        f"Als enge Kontaktperson im Haushalt wurde {spouse} "
        f"{kin}, geb. {fmt(kin_bd, 'num')}, ebenfalls untersucht.",
    )
    ctx.notes.append("a relative's birth date beside the patient's")
    return _authority(
        ctx,
        "Kreis Gütersloh – Abteilung Gesundheit",
        ["Kreis Gütersloh", "Gesundheitsamt Kreis Gütersloh", "Gesundheitsamt"],
        ["Herzebrocker Straße 140", "33334 Gütersloh", "Fax 05241 85-1790"],
        f"53.2-{rng.randint(100, 999)}/25",
        "Tuberkulose-Umgebungsuntersuchung",
        body,
        "Dr. med. Dilan Ekinci",
        "Amtsärztin",
        w,
        as_w,
        full_l,
        True,
        "Gütersloh",
    )


def lay_bezreg(ctx: Ctx) -> dict[str, Any]:
    rng = ctx.rng
    w = ctx.world.pick(rng, ("westf", "auss", "pl"))
    as_w, full_l = name_forms(w, rng.choice(["anrede", "sf_title"]), rng)
    body = [
        f"{as_w} ist als Lehrkraft im Landesdienst tätig. Zur Prüfung der Dienstfähigkeit "
        "bitten wir mit Einverständnis der Betroffenen um einen aktuellen ärztlichen "
        "Befundbericht.",
        "Eine Schweigepflichtentbindungserklärung liegt bei.",
    ]
    return _authority(
        ctx,
        "Bezirksregierung Detmold",
        ["Bezirksregierung Detmold, Dezernat 47"],
        ["Dezernat 47 – Personal", "Leopoldstraße 15, 32756 Detmold", "Telefax 05231 71-1295"],
        f"47.1-{rng.randint(1000, 9999)}",
        "Dienstfähigkeit – Bitte um Befundbericht",
        body,
        "Heike Stieneker",
        "Regierungsbeschäftigte",
        w,
        as_w,
        full_l,
        rng.random() < 0.5,
        "Detmold",
    )


def lay_bg(ctx: Ctx) -> dict[str, Any]:
    rng = ctx.rng
    org, alt, lines = rng.choice(
        [
            (
                "Berufsgenossenschaft Holz und Metall",
                ["BGHM"],
                [
                    "Bezirksverwaltung Bielefeld",
                    "Werner-Bock-Straße 38, 33602 Bielefeld",
                    "Fax 0800 9990080-2",
                ],
            ),
            (
                "BG BAU – Berufsgenossenschaft der Bauwirtschaft",
                ["BG BAU"],
                [
                    "Prävention und Rehabilitation",
                    "Bezirksverwaltung Bochum",
                    "Fax 0800 6686688-38",
                ],
            ),
            (
                "Sozialversicherung für Landwirtschaft, Forsten und Gartenbau",
                ["SVLFG"],
                [
                    "Landwirtschaftliche Berufsgenossenschaft",
                    "Hoher Weg 3, 48147 Münster",
                    "Fax 0561 785-219300",
                ],
            ),
        ]
    )
    w = ctx.world.pick(rng, ("westf", "auss", "pl", "tr"))
    as_w, full_l = name_forms(w, "plain", rng)
    acc = ctx.od(ctx.before(10, 50), "accident")
    body = [
        f"Unfalltag: {fmt(acc, 'num')}",
        f"{as_w} hat einen Arbeitsunfall gemeldet. Wir "
        "bitten um Übersendung eines Behandlungsberichts (F 2100) und Ihrer Rechnung.",
        "Bitte geben Sie bei Rückfragen stets unser Aktenzeichen an.",
    ]
    ctx.notes.append("the accident date beside the letter date")
    return _authority(
        ctx,
        org,
        alt,
        lines,
        f"{rng.randint(1, 9)} 25 {rng.randint(10000, 99999)} {rng.randint(1, 9)}",
        "Arbeitsunfall – Anforderung Behandlungsbericht",
        body,
        "Ludger Everding",
        "Sachbearbeiter",
        w,
        as_w,
        full_l,
        True,
        rng.choice(["Bielefeld", "Münster"]),
    )


def lay_dutch(ctx: Ctx) -> dict[str, Any]:
    rng = ctx.rng
    org, city, street, fax, doc = rng.choice(
        [
            (
                "Medisch Spectrum Twente",
                "Enschede",
                "Koningsplein 1, 7512 KZ Enschede",
                "+31 53 487 2039",
                "dr. J.W. ter Haar, cardioloog",
            ),
            (
                "Streekziekenhuis Koningin Beatrix",
                "Winterswijk",
                "Beatrixpark 1, 7101 BN Winterswijk",
                "+31 543 544 399",
                "dr. M.H. Oude Nijhuis, internist",
            ),
        ]
    )
    w = ctx.world.pick(rng, ("nl", "westf"))
    init = ".".join(g[0] for g in w.given.split(" ")) + "."
    mr = "dhr." if w.sex == "M" else "mevr."
    as_w = f"{mr} {init} {w.surname}"
    full_l = f"{init} {w.surname}"
    assert w.birth is not None
    opn = ctx.od(ctx.before(4, 12), "opname")
    ont = ctx.od(ctx.before(1, 3), "ontslag")
    s = Sheet()
    s.line(org, "sansb", 14)
    s.line(f"{street} · Fax {fax}", "sans", 8)
    s.gap(14)
    recipient(s, ctx, "sans", 10)
    s.line("Duitsland", "sans", 10)
    s.gap(12)
    s.line(f"{city}, {fmt(ctx.date, 'nl')}", "sans", 10)
    s.line(f"Ons kenmerk: {rng.randint(1000000, 9999999)}", "sans", 9)
    s.gap(8)
    s.line("Ontslagbrief", "sansb", 11)
    s.line(f"Betreft: {as_w}, geb. {fmt(w.birth, 'dash')}", "sans", 10)
    s.line(f"Opname: {fmt(opn, 'dash')}   Ontslag: {fmt(ont, 'dash')}", "sans", 10)
    s.gap(6)
    s.line("Geachte collega,", "sans", 10)
    s.para(
        "Uw patiënt(e) werd tijdens een verblijf in Nederland via de Spoedeisende Hulp "
        "opgenomen. Na behandeling is de situatie stabiel en kon patiënt(e) met ontslag. "
        "Wij verzoeken u de verdere controle over te nemen.",
        "sans",
        10,
    )
    s.gap(4)
    s.line("Conclusie: atriumfibrilleren, elektrisch gecardioverteerd.", "sans", 10)
    s.line("Medicatie: apixaban 5 mg 2dd1, metoprolol 50 mg 1dd1.", "sans", 10)
    s.gap(8)
    s.line("Met collegiale groet,", "sans", 10)
    s.gap(10)
    s.line(ctx.person(doc, "behandelend arts"), "sans", 10)
    ctx.notes.append("Dutch conventions: initials, dhr./mevr., dd-mm-yyyy")
    return {
        "fax": fax,
        "sheet": s,
        "who": w,
        "as_written": as_w,
        "full_l": full_l,
        "sender": org,
        "sender_alt": [],
        "title": "Ontslagbrief",
        "title_alt": [],
        "birth": True,
        "pid": None,
        "lang": "nl",
        "region": "NL",
    }


def lay_russian(ctx: Ctx) -> dict[str, Any]:
    rng = ctx.rng
    org, city = rng.choice(
        [
            ("КГП «Многопрофильная областная больница» г. Караганда", "Караганда"),
            ("БУЗОО «Городская клиническая больница № 1 им. Кабанова А.Н.»", "Омск"),
        ]
    )
    w = ctx.world.pick(rng, ("auss",))
    sur_c = cyr(w.surname)
    giv_c = cyr(w.given.split(" ")[0])
    pat = rng.choice(PATRONYMICS_M if w.sex == "M" else PATRONYMICS_F)
    as_w = f"{sur_c} {giv_c} {pat}"
    full_l = f"{giv_c} {sur_c}"
    assert w.birth is not None
    a = ctx.od(ctx.before(10, 30), "поступление")
    b = ctx.od(ctx.before(3, 9), "выписка")
    s = Sheet()
    s.line(org, "dvb", 11, "center")
    s.line(f"{city}", "dv", 9, "center")
    s.gap(16)
    s.line("ВЫПИСКА ИЗ МЕДИЦИНСКОЙ КАРТЫ СТАЦИОНАРНОГО БОЛЬНОГО", "dvb", 11, "center")
    s.gap(8)
    s.line(f"Ф.И.О.: {as_w}", "dv", 10)
    s.line(f"Дата рождения: {fmt(w.birth, 'num')}", "dv", 10)
    s.line(f"Находился(ась) на лечении с {fmt(a, 'num')} по {fmt(b, 'num')}", "dv", 10)
    s.gap(6)
    s.line("Диагноз: Ишемическая болезнь сердца. Гипертоническая болезнь II ст.", "dv", 10)
    s.para(
        "Проведено лечение: эналаприл, бисопролол, аторвастатин. Выписан(а) в "
        "удовлетворительном состоянии под наблюдение врача по месту жительства.",
        "dv",
        10,
    )
    s.gap(6)
    s.line("Рекомендации: контроль АД, ЭКГ через 3 месяца.", "dv", 10)
    s.gap(10)
    s.line(f"Лечащий врач: {ctx.person('Ким Е.В.', 'лечащий врач')}", "dv", 10)
    s.line(f"Зав. отделением: {ctx.person('Ахметова Г.С.', 'заведующая отделением')}", "dv", 10)
    s.line(f"Дата выдачи: {fmt(ctx.date, 'ru')}", "dv", 10)
    s.gap(8)
    s.line("Адресовано: " + ctx.practice["short"], "dv", 8)
    ctx.notes.append("Cyrillic name with patronymic, surname first; no German address block")
    return {
        "fax": "+7 7212 43-22-10" if "Караганда" in city else "+7 3812 36-27-01",
        "sheet": s,
        "who": w,
        "as_written": as_w,
        "full_l": full_l,
        "sender": org,
        "sender_alt": [],
        "title": "ВЫПИСКА ИЗ МЕДИЦИНСКОЙ КАРТЫ СТАЦИОНАРНОГО БОЛЬНОГО",
        "title_alt": ["Выписка из медицинской карты"],
        "birth": True,
        "pid": None,
        "lang": "ru",
        "region": "KZ" if "Караганда" in city else "RU",
    }


def lay_turkish(ctx: Ctx) -> dict[str, Any]:
    rng = ctx.rng
    org = rng.choice(
        [
            "T.C. Sağlık Bakanlığı Antalya Eğitim ve Araştırma Hastanesi",
            "T.C. Sağlık Bakanlığı Diyarbakır Gazi Yaşargil Eğitim ve Araştırma Hastanesi",
        ]
    )
    w = ctx.world.pick(rng, ("tr", "ku"))
    as_w = f"{w.given} {w.surname.upper()}"
    full_l = f"{w.given} {w.surname}"
    assert w.birth is not None
    y = ctx.od(ctx.before(6, 20), "yatış")
    c = ctx.od(ctx.before(1, 5), "çıkış")
    s = Sheet()
    s.line(org, "sansb", 11, "center")
    s.line("Kardiyoloji Kliniği", "sans", 9, "center")
    s.gap(14)
    s.line("EPİKRİZ", "sansb", 14, "center")
    s.gap(8)
    s.line(f"Hasta Adı Soyadı: {as_w}", "sans", 10)
    s.line(f"Doğum Tarihi: {fmt(w.birth, 'num')}", "sans", 10)
    s.line(f"Yatış Tarihi: {fmt(y, 'num')}   Çıkış Tarihi: {fmt(c, 'num')}", "sans", 10)
    s.gap(6)
    s.line("Tanı: Akut koroner sendrom, stent uygulaması.", "sans", 10)
    s.para(
        "Hasta göğüs ağrısı şikayeti ile acil servise başvurdu. Koroner anjiyografi yapıldı, "
        "sağ koroner artere stent takıldı. Genel durumu iyi olarak taburcu edildi.",
        "sans",
        10,
    )
    s.gap(6)
    s.line("Taburcu ilaçları: Asetilsalisilik asit 100 mg, Tikagrelor 90 mg 2x1.", "sans", 10)
    s.gap(10)
    s.line(f"Tarih: {fmt(ctx.date, rng.choice(['num', 'tr']))}", "sans", 10)
    s.line(f"Uzm. Dr. {ctx.person('Serkan Aydemir', 'uzman hekim')}", "sans", 10)
    return {
        "fax": "+90 242 249 44 00",
        "sheet": s,
        "who": w,
        "as_written": as_w,
        "full_l": full_l,
        "sender": org,
        "sender_alt": [],
        "title": "EPİKRİZ",
        "title_alt": ["Epikriz"],
        "birth": True,
        "pid": None,
        "lang": "tr",
        "region": "TR",
    }


def lay_polish(ctx: Ctx) -> dict[str, Any]:
    rng = ctx.rng
    org = rng.choice(["Uniwersytecki Szpital Kliniczny w Opolu", "Szpital Wojewódzki w Poznaniu"])
    city = "Opole" if "Opolu" in org else "Poznań"
    w = ctx.world.pick(rng, ("pl",))
    as_w = f"{w.surname} {w.given}"
    full_l = f"{w.given} {w.surname}"
    assert w.birth is not None
    a = ctx.od(ctx.before(5, 15), "przyjęcie")
    b = ctx.od(ctx.before(0, 3), "wypis")
    s = Sheet()
    s.line(org, "serifb", 12)
    s.line("Oddział Chorób Wewnętrznych", "serif", 9)
    s.line(f"{city}, dnia {fmt(ctx.date, 'num')} r.", "serif", 10, "right")
    s.gap(10)
    s.line("KARTA INFORMACYJNA LECZENIA SZPITALNEGO", "serifb", 12, "center")
    s.gap(6)
    s.line(f"Pacjent: {as_w}", "serif", 10)
    s.line(f"Data urodzenia: {fmt(w.birth, 'iso')}", "serif", 10)
    s.line(f"Data przyjęcia: {fmt(a, 'num')}   Data wypisu: {fmt(b, 'num')}", "serif", 10)
    s.gap(6)
    s.para(
        "Rozpoznanie: Zapalenie płuc. Niewydolność serca NYHA II. Zastosowano leczenie "
        "antybiotykiem i diuretykiem z poprawą stanu ogólnego.",
        "serif",
        10,
    )
    s.para(
        "Zalecenia: kontrola u lekarza rodzinnego, RTG klatki piersiowej za 6 tygodni.", "serif", 10
    )
    s.gap(10)
    s.line(
        f"Lekarz prowadzący: {ctx.person('lek. Marta Zielińska', 'lekarz prowadzący')}", "serif", 10
    )
    return {
        "fax": "+48 77 452 07 00",
        "sheet": s,
        "who": w,
        "as_written": as_w,
        "full_l": full_l,
        "sender": org,
        "sender_alt": [],
        "title": "KARTA INFORMACYJNA LECZENIA SZPITALNEGO",
        "title_alt": ["Karta informacyjna"],
        "birth": True,
        "pid": None,
        "lang": "pl",
        "region": "PL",
    }


def lay_english(ctx: Ctx) -> dict[str, Any]:
    rng = ctx.rng
    org = "Royal Devon University Healthcare NHS Foundation Trust"
    w = ctx.world.pick(rng)
    mr = "Mr" if w.sex == "M" else "Mrs"
    as_w = f"{mr} {w.given} {w.surname.upper()}"
    full_l = f"{w.given} {w.surname}"
    assert w.birth is not None
    adm = ctx.od(ctx.before(3, 9), "admission")
    s = Sheet()
    s.line(org, "sansb", 12, "right")
    s.line("Barrack Road, Exeter EX2 5DW, United Kingdom", "sans", 8, "right")
    s.gap(12)
    recipient(s, ctx)
    s.line("Germany", "sans", 10)
    s.gap(10)
    s.line(fmt(ctx.date, "en"), "sans", 10)
    s.gap(6)
    s.line("DISCHARGE SUMMARY", "sansb", 12)
    s.line(
        f"Re: {as_w}   DOB {fmt(w.birth, 'uk')}   NHS No. {rng.randint(100, 999)} "
        f"{rng.randint(100, 999)} {rng.randint(1000, 9999)}",
        "sans",
        10,
    )
    s.line(f"Admitted: {fmt(adm, 'uk')}", "sans", 10)
    s.gap(6)
    s.line("Dear Colleague,", "sans", 10)
    s.para(
        "Your patient was admitted while on holiday in Devon with a fractured left wrist "
        "after a fall. This was managed with closed reduction and a cast. Please arrange "
        "fracture clinic follow-up locally in two weeks.",
        "sans",
        10,
    )
    s.gap(10)
    s.line("Yours sincerely,", "sans", 10)
    s.line(ctx.person("Dr Eleanor Whitcombe", "Consultant"), "sans", 10)
    return {
        "fax": "+44 1392 402 357",
        "sheet": s,
        "who": w,
        "as_written": as_w,
        "full_l": full_l,
        "sender": org,
        "sender_alt": ["Royal Devon"],
        "title": "DISCHARGE SUMMARY",
        "title_alt": ["Discharge Summary"],
        "birth": True,
        "pid": None,
        "lang": "en",
        "region": "GB",
    }


def lay_email(ctx: Ctx) -> dict[str, Any]:
    rng = ctx.rng
    org, addr = rng.choice(
        [
            ("Caritas-Pflegedienst Coesfeld", "pflege@caritas-coe.example"),
            ("Diakoniestation Herford-Mitte", "info@diakonie-hf.example"),
            ("Löwen-Apotheke Rheine", "kontakt@loewen-rheine.example"),
        ]
    )
    w = ctx.world.pick(rng)
    as_w, full_l = name_forms(w, rng.choice(["anrede", "plain"]), rng)
    subj = rng.choice(["Medikationsplan", "Rückfrage zur Verordnung", "Wundversorgung"])
    t = f"{rng.randint(7, 17):02d}:{rng.randint(0, 59):02d}"
    s = Sheet(left=50, right=545)
    s.line(ctx.practice["short"], "sansb", 11)
    s.gap(6)
    s.line(f"Von: {org} <{addr}>", "sans", 9.5)
    s.line(f"Gesendet: {DAYS_DE[ctx.date.weekday()]}, {fmt(ctx.date, 'long')} {t}", "sans", 9.5)
    s.line(f"An: {ctx.practice['short']}", "sans", 9.5)
    s.line(f"Betreff: {subj} {as_w}", "sans", 9.5)
    s.gap(10)
    s.line("Sehr geehrtes Praxisteam,", "sans", 10)
    s.para(
        f"bei {as_w} ist der Medikationsplan nicht mehr aktuell. Können Sie uns bitte einen "
        "neuen Plan sowie eine Verordnung für die Kompressionsstrümpfe zukommen lassen?",
        "sans",
        10,
    )
    s.gap(6)
    s.line("Viele Grüße", "sans", 10)
    s.line(ctx.person("Mechthild Sudbrock", "Pflegedienstleitung"), "sans", 10)
    s.line(org, "sans", 10)
    s.gap(20)
    s.line("Seite 1 von 1", "sans", 8, "right")
    ctx.notes.append("an e-mail printout: the receiving practice's account name printed on top")
    return {
        "sheet": s,
        "who": w,
        "as_written": as_w,
        "full_l": full_l,
        "sender": org,
        "sender_alt": [addr],
        "title": f"{subj} {as_w}",
        "title_alt": [subj],
        "birth": False,
        "pid": None,
        "lang": "de",
        "region": "DE",
    }


def lay_hand(ctx: Ctx) -> dict[str, Any]:
    rng = ctx.rng
    w = ctx.world.pick(rng, ("westf", "auss", "pl"))
    rel_given = rng.choice(register.GIVEN[("westf", "F")])
    rel = f"{rel_given} {w.surname}"
    as_w = f"{w.given.split(' ')[0]} {w.surname}"
    full_l = as_w
    dated = rng.random() < 0.6
    s = Sheet(left=80, right=500, top=90)
    s.line(
        f"Liebe {ctx.practice['doctor'].replace('Dr. med. ', 'Frau Dr. ')},"
        if "Mehmet" not in ctx.practice["doctor"]
        else "Lieber Herr Dr. Özdemir,",
        "hand",
        14,
        lead=1.6,
    )
    assert w.birth is not None
    kin = "mein Vater" if w.sex == "M" else "meine Mutter"
    s.para(
        f"{kin} {as_w} (geb. {fmt(w.birth, 'short')}) braucht bitte "
        "wieder ein Rezept für die Tabletten und eine Überweisung zum Augenarzt. Ich hole "
        "beides am Freitag ab.",
        "hand",
        14,
        lead=1.6,
    )
    s.gap(10)
    s.line("Vielen Dank!", "hand", 14, lead=1.6)
    s.line(ctx.person(rel, "Angehörige"), "hand", 14, lead=1.6)
    if dated:
        s.line(fmt(ctx.date, "short"), "hand", 13)
    else:
        ctx.notes.append("an undated note: letter_date null")
    ctx.notes.append("handwritten (stand-in font), scan and fax only")
    return {
        "sheet": s,
        "who": w,
        "as_written": as_w,
        "full_l": full_l,
        "sender": rel,
        "sender_alt": [],
        "title": None,
        "title_alt": [],
        "birth": True,
        "pid": None,
        "lang": "de",
        "region": "DE",
        "hand": True,
        "dated": dated,
    }


def lay_therapy(ctx: Ctx) -> dict[str, Any]:
    rng = ctx.rng
    org, who = rng.choice(
        [
            ("Physiotherapie am Aasee", "Anneke Tenhagen, Physiotherapeutin"),
            ("Logopädische Praxis Minden", "Lea Rempel, Logopädin"),
            ("Ergotherapie Bocholt-Biemenhorst", "Marieke Bakker, Ergotherapeutin"),
        ]
    )
    w = ctx.world.pick(rng)
    as_w, full_l = name_forms(w, "sf", rng)
    v = ctx.od(ctx.before(20, 60), "prescription")
    s = Sheet()
    s.line(org, "cond", 16, "left")
    s.line("Praxis für Therapie und Prävention", "cond", 8)
    s.gap(14)
    recipient(s, ctx, "cond", 10)
    s.gap(12)
    s.line("THERAPIEBERICHT", "dvb", 12)
    s.line(f"Patient/in: {as_w}   {birth_phrase(w, 'geb')}", "cond", 10)
    s.line(f"Verordnung vom {fmt(v, 'num')}, 6 × KG", "cond", 10)
    s.gap(6)
    s.para(
        "Die verordneten Behandlungen wurden vollständig durchgeführt. Es zeigt sich eine "
        "deutliche Besserung der Beweglichkeit; die Schmerzen sind rückläufig. Wir empfehlen "
        "eine Folgeverordnung sowie ein Eigenübungsprogramm.",
        "cond",
        10,
    )
    s.gap(10)
    s.line(f"{ctx.person(who, 'Therapeutin')} – {fmt(ctx.date, 'num')}", "cond", 10)
    return {
        "sheet": s,
        "who": w,
        "as_written": as_w,
        "full_l": full_l,
        "sender": org,
        "sender_alt": [],
        "title": "THERAPIEBERICHT",
        "title_alt": ["Therapiebericht"],
        "birth": True,
        "pid": None,
        "lang": "de",
        "region": "DE",
    }


LAYOUTS = {
    "discharge": lay_discharge,
    "specialist": lay_specialist,
    "lab": lay_lab,
    "radiology": lay_radiology,
    "drv": lay_drv,
    "aok": lay_aok,
    "gesundheitsamt": lay_gesundheitsamt,
    "bezirksregierung": lay_bezreg,
    "berufsgenossenschaft": lay_bg,
    "dutch_hospital": lay_dutch,
    "russian_extract": lay_russian,
    "turkish_epikriz": lay_turkish,
    "polish_discharge": lay_polish,
    "english_discharge": lay_english,
    "email_printout": lay_email,
    "handwritten_note": lay_hand,
    "therapy_report": lay_therapy,
}
WEIGHTS = {"discharge": 5, "specialist": 4, "lab": 3, "radiology": 2, "handwritten_note": 2}

_WORLD: list[World] = []


def world() -> World:
    if not _WORLD:
        _WORLD.append(World())
    return _WORLD[0]


def _one(wd: World, seed: int, split: str, idx: int, layout: str) -> Letter:
    lseed = seed * 1000 + idx
    rng = random.Random(lseed)
    ctx = Ctx(wd, rng, f"{split}-{idx + 1:03d}", split, lseed)
    r = LAYOUTS[layout](ctx)
    s: Sheet = r["sheet"]
    pages = s.fill_pages()
    w: Who = r["who"]
    hand = bool(r.get("hand"))
    dated = r.get("dated", True)
    letter_date = ctx.date.isoformat() if dated else None
    facts = {
        "patient": {
            "full_name": f"{w.reg_given} {w.reg_surname}",
            "surname": w.reg_surname,
            "given_names": w.reg_given,
            "as_written": r["as_written"],
            "full_name_as_letter": r["full_l"],
            "register_id": w.register_id,
        },
        "birth_date": w.birth.isoformat() if (r["birth"] and w.birth) else None,
        "letter_date": letter_date,
        "sender": r["sender"],
        "sender_alternatives": r["sender_alt"],
        "title": r["title"],
        "title_alternatives": r["title_alt"],
        "patient_id": r["pid"],
        "other_dates": ctx.other_dates,
        "other_people": ctx.other_people,
    }
    notes = list(ctx.notes)
    if w.register_id is None:
        notes.append("the patient is not in the register")
    if w.collision:
        notes.append(f"register collision: {w.collision}")
        if w.surname != w.reg_surname:
            notes.append("the letter uses the patient's former name")
    reg = (
        {
            "id": w.register_id,
            "collision": w.collision or None,
            "collision_group": w.collision_group or None,
        }
        if w.register_id
        else None
    )
    # The fax.
    base = ctx.date if dated else dt.date(2025, 11, 28)
    sent = dt.datetime.combine(
        base + dt.timedelta(days=rng.randint(0, 6)), dt.time(rng.randint(7, 18), rng.randint(0, 59))
    )
    if sent.date() == ctx.date:
        sent = sent.replace(hour=max(sent.hour, 16))
    fax_no = r.get("fax") or "0" + str(rng.randint(2000000000, 5999999999))
    hstyle = rng.randrange(3)
    sd = sent.date()
    hm = sent.strftime("%H:%M")
    short = r["sender"][:28].upper()
    if hstyle == 0:
        header = f"{sd.strftime('%d.%m.%Y')} {hm}  Von: {fax_no}  {short}  S. {{n}}/{{t}}"
    elif hstyle == 1:
        header = f"{sd.strftime('%d/%m/%Y')} {hm} FAX {fax_no} {short} P.{{n3}}/{{t3}}"
    else:
        header = f"{sd.isoformat()} {hm}  {fax_no}  Seite {{n}} von {{t}}"
    cover = None
    if rng.random() < 0.35:
        cs = Sheet(top=70)
        cs.line("TELEFAX", "sansb", 26)
        cs.gap(10)
        cs.line(f"An: {ctx.practice['short']}", "sans", 12)
        cs.line(f"Fax-Nr.: {ctx.practice['fax']}", "sans", 12)
        cs.line(f"Von: {r['sender'][:60]}", "sans", 12)
        cs.line(f"Datum: {sd.strftime('%d.%m.%Y')}", "sans", 12)
        cs.line(f"Seiten inkl. Deckblatt: {len(pages) + 1}", "sans", 12)
        cs.gap(30)
        cs.para(
            "Vertraulich: Diese Nachricht enthält Patientendaten. Sollten Sie nicht der "
            "richtige Empfänger sein, informieren Sie uns bitte und vernichten Sie das "
            "Dokument.",
            "sans",
            10,
        )
        cover = cs.pages[0]
    stamp = None
    stamp_date = None
    if rng.random() < 0.45:
        sdate = (ctx.date if dated else base) + dt.timedelta(days=rng.randint(1, 5))
        stamp_date = sdate.isoformat()
        stxt = rng.choice(
            [
                f"EINGEGANGEN {sdate.day}. {MONTHS_DE[sdate.month - 1].upper()} {sdate.year}",
                f"Eingang {sdate.strftime('%d.%m.%Y')} {ctx.practice['short']}",
            ]
        )
        stamp = Line(330.0, 32.0, stxt, "monob", 9.0, True)
        notes.append("receipt stamp on the scan (its date is not the letter's)")
    lang = r["lang"]
    return Letter(
        ctx.id,
        split,
        lseed,
        layout,
        lang,
        r["region"],
        pages,
        facts,
        reg,
        notes,
        hand,
        sent,
        fax_no,
        rng.random() < 0.6,
        rng.random() < 0.5,
        cover,
        header,
        stamp,
        stamp_date,
        r["sender"],
    )


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    wd = world()
    rng = random.Random(seed)
    names = sorted(LAYOUTS)
    order: list[str] = []
    while len(order) < count:
        block = list(names) + [k for k, v in sorted(WEIGHTS.items()) for _ in range(v - 1)]
        rng.shuffle(block)
        order += block
    return [_one(wd, seed, split_name, i, order[i]) for i in range(count)]


def split(name: str) -> list[Letter]:
    if name not in SPLITS:
        raise ValueError(f"unknown split {name!r}")
    count, seed = SPLITS[name]
    return generate(count, seed, name)
