"""The letters of the held-out set w: post to three invented practices (Düren, Aachen, Kleve)."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import paper
from .paper import Line, Writer
from .register import Patient, build

D = dt.date

PRACTICES: list[dict[str, Any]] = [
    {
        "key": "dueren",
        "name": "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin "
        "Dr. med. Wilhelm Derichs, Dr. med. Ayşe Kaya-Lennartz und Kollegen",
        "names": [
            "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin "
            "Dr. med. Wilhelm Derichs, Dr. med. Ayşe Kaya-Lennartz und Kollegen",
            "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin",
            "Dr. med. Wilhelm Derichs, Dr. med. Ayşe Kaya-Lennartz und Kollegen",
            "Gemeinschaftspraxis Derichs, Kaya-Lennartz und Kollegen",
            "Gemeinschaftspraxis Dr. Derichs & Kollegen",
            "Praxis Dr. Derichs",
        ],
        "doctor": "Dr. med. Wilhelm Derichs",
        "street": "Schenkelstraße 21",
        "city": "52349 Düren",
        "fax": "+49 2421 987650",
        "salute": "Herr Dr. Derichs",
        "kind": "Gemeinschaftspraxis Allgemeinmedizin/Innere Medizin",
    },
    {
        "key": "burtscheid",
        "name": "Hausärzte am Kurpark Burtscheid",
        "names": [
            "Hausärzte am Kurpark Burtscheid",
            "Hausarztpraxis am Kurpark",
            "Praxis Dr. Offermann",
        ],
        "doctor": "Dr. med. Katharina Offermann",
        "street": "Kurbrunnenstraße 18",
        "city": "52066 Aachen",
        "fax": "+49 241 6054410",
        "salute": "Frau Dr. Offermann",
        "kind": "Hausarztpraxis",
    },
    {
        "key": "kleve",
        "name": "Hausarztpraxis Dr. med. Lambert van Dijk",
        "names": [
            "Hausarztpraxis Dr. med. Lambert van Dijk",
            "Praxis Dr. van Dijk",
            "Hausarztpraxis van Dijk",
        ],
        "doctor": "Dr. med. Lambert van Dijk",
        "street": "Lindenallee 5",
        "city": "47533 Kleve",
        "fax": "+49 2821 7130029",
        "salute": "Herr Dr. van Dijk",
        "kind": "Hausarztpraxis",
    },
]


def practice_names() -> list[dict[str, Any]]:
    return [
        {
            "name": p["name"],
            "names": list(p["names"]),
            "doctor": p["doctor"],
            "address": f"{p['street']}, {p['city']}",
            "fax": p["fax"],
            "kind": p["kind"],
        }
        for p in PRACTICES
    ]


# ---------------------------------------------------------------- dates, as each country prints
MON_DE = [
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
MON_DE3 = ["JAN", "FEB", "MRZ", "APR", "MAI", "JUN", "JUL", "AUG", "SEP", "OKT", "NOV", "DEZ"]
MON_FR = [
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
MON_NL = [
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
MON_EN = [
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
MON_GR = [
    "Ιανουαρίου",
    "Φεβρουαρίου",
    "Μαρτίου",
    "Απριλίου",
    "Μαΐου",
    "Ιουνίου",
    "Ιουλίου",
    "Αυγούστου",
    "Σεπτεμβρίου",
    "Οκτωβρίου",
    "Νοεμβρίου",
    "Δεκεμβρίου",
]
WD_DE = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]


def de(d: D) -> str:
    return f"{d.day:02d}.{d.month:02d}.{d.year}"


def de2(d: D) -> str:
    return f"{d.day:02d}.{d.month:02d}.{d.year % 100:02d}"


def de_long(d: D) -> str:
    return f"{d.day}. {MON_DE[d.month - 1]} {d.year}"


def fr_long(d: D) -> str:
    day = "1er" if d.day == 1 else str(d.day)
    return f"{day} {MON_FR[d.month - 1]} {d.year}"


def nl_long(d: D) -> str:
    return f"{d.day} {MON_NL[d.month - 1]} {d.year}"


def en_long(d: D) -> str:
    return f"{d.day} {MON_EN[d.month - 1]} {d.year}"


def slash(d: D) -> str:
    return f"{d.day:02d}/{d.month:02d}/{d.year}"


def dash(d: D) -> str:
    return f"{d.day:02d}-{d.month:02d}-{d.year}"


def mil(d: D) -> str:
    return f"{d.day:02d} {MON_EN[d.month - 1][:3]} {d.year % 100:02d}"


def gr_long(d: D) -> str:
    return f"{d.day} {MON_GR[d.month - 1]} {d.year}"


def jp(d: D) -> str:
    return f"{d.year}/{d.month:02d}/{d.day:02d}"


# ---------------------------------------------------------------- the letter object
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
    register: dict[str, Any] | None
    notes: list[str]
    handwritten: bool
    fax: dict[str, Any]
    stamp: str | None
    cover: list[Line] = field(default_factory=list)
    recipient: str = ""

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.handwritten else ["pdf", "scan200", "fax"]

    # the pages of each condition, with what only that condition shows
    def condition_pages(self, condition: str) -> list[tuple[str, list[Line]]]:
        names = [f"p{i + 1}" for i in range(len(self.pages))]
        if condition == "pdf":
            return list(zip(names, self.pages, strict=True))
        if condition == "scan200":
            out = []
            for i, (n, pg) in enumerate(zip(names, self.pages, strict=True)):
                extra = []
                if self.stamp and i == 0:
                    sd = D.fromisoformat(self.stamp)
                    extra.append(
                        Line(
                            f"EINGANG {sd.day:02d}. {MON_DE3[sd.month - 1]} {sd.year}",
                            560,
                            34,
                            9,
                            "monob",
                            "r",
                        )
                    )
                out.append((n, extra + pg))
            return out
        if condition == "fax":
            body: list[tuple[str, list[Line]]] = []
            if self.fax["cover_sheet"]:
                body.append(("cover", list(self.cover)))
            body += list(zip(names, self.pages, strict=True))
            sent = dt.datetime.fromisoformat(self.fax["sent"])
            total = len(body)
            res = []
            for i, (n, pg) in enumerate(body):
                head = (
                    f"{de(sent.date())} {sent.hour:02d}:{sent.minute:02d}   "
                    f"FAX {self.fax['number']}   {self.fax['header_name']}   S. {i + 1}/{total}"
                )
                res.append((n, [Line(head, 24, 16, 7, "mono", "l"), *pg]))
            return res
        raise ValueError(condition)

    def render(self, condition: str) -> dict[str, bytes]:
        pages = self.condition_pages(condition)
        if condition == "pdf":
            return {"pdf/letter.pdf": paper.pdf_bytes([p for _, p in pages])}
        if condition == "scan200":
            imgs = paper.scan_jpegs([p for _, p in pages], self.seed * 7 + 1)
            return {f"scan200/page-{i + 1:02d}.jpg": b for i, b in enumerate(imgs)}
        if condition == "fax":
            tifs = paper.fax_tiffs(
                [p for _, p in pages], self.fax["resolution"] == "204x196", self.fax["g4"]
            )
            return {f"fax/page-{i + 1:02d}.tif": b for i, b in enumerate(tifs)}
        raise ValueError(condition)

    def truth(self) -> dict[str, Any]:
        conds: dict[str, Any] = {}
        for c in self.conditions():
            pages = []
            for i, (n, pg) in enumerate(self.condition_pages(c)):
                entry: dict[str, Any] = {"page": n}
                if c == "pdf":
                    entry.update(file="pdf/letter.pdf", pdf_page=i + 1)
                elif c == "scan200":
                    entry["file"] = f"scan200/page-{i + 1:02d}.jpg"
                else:
                    entry["file"] = f"fax/page-{i + 1:02d}.tif"
                entry["text"] = paper.page_text(pg)
                pages.append(entry)
            conds[c] = {"pages": pages}
        fax = {k: self.fax[k] for k in ("sent", "cover_sheet", "number", "resolution")}
        fax["compression"] = "group4" if self.fax["g4"] else "group3"
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
            "receipt_stamp": self.stamp,
            "recipient": self.recipient,
            "fax": fax,
            "conditions": conds,
        }


# ---------------------------------------------------------------- building blocks
class Ctx:
    """What a layout needs: the patient, the practice, dates, and the truth it fills in."""

    def __init__(
        self,
        rng: random.Random,
        patient: Patient | None,
        outsider: dict[str, str] | None,
        practice: dict[str, Any],
    ) -> None:
        self.rng = rng
        self.p = patient
        self.practice = practice
        if patient is not None:
            self.surname = patient.surname
            self.given = patient.given_names
            self.birth = patient.birth
            self.sex = patient.sex
            self.title = patient.title
        else:
            assert outsider is not None
            self.surname = outsider["surname"]
            self.given = outsider["given"]
            self.birth = D.fromisoformat(outsider["birth"])
            self.sex = outsider["sex"]
            self.title = ""
        self.letter_surname = self.surname  # as this letter spells it
        self.letter_given = self.given
        self.date = D(2024, 1, 8) + dt.timedelta(days=rng.randrange(0, 700))
        self.w = Writer()
        self.as_written: str | None = None
        self.birth_printed = False
        self.sender = ""
        self.sender_alt: list[str] = []
        self.title_text: str | None = None
        self.title_alt: list[str] = []
        self.patient_id: str | None = None
        self.other_dates: list[dict[str, str]] = []
        self.other_people: list[dict[str, str]] = []
        self.notes: list[str] = []
        self.language = "de"
        self.region = "DE"
        self.undated = False
        self.fax_number = "+49 241 80-0"
        self.fax_name = ""
        self.handwritten = False

    # names
    @property
    def herr(self) -> str:
        return "Herrn" if self.sex == "M" else "Frau"

    @property
    def herr1(self) -> str:
        return "Herr" if self.sex == "M" else "Frau"

    def name(self, style: str) -> str:
        g, s = self.letter_given, self.letter_surname
        t = (self.title + " ") if self.title else ""
        return {
            "gs": f"{g} {s}",
            "sg": f"{s}, {g}",
            "SG": f"{s.upper()}, {g}",
            "S g": f"{s.upper()} {g}",
            "tgs": f"{t}{g} {s}",
            "tsg": f"{s}, {t}{g}".replace(", Dr.", ", Dr.") if t else f"{s}, {g}",
            "hgs": f"{self.herr} {t}{g} {s}",
            "h1gs": f"{self.herr1} {t}{g} {s}",
        }[style]

    def mention(self, text: str) -> str:
        if self.as_written is None:
            self.as_written = text
        self.w.keep.append(text)
        for st in ("gs", "tgs", "S g"):
            self.w.keep.append(self.name(st))
        return text

    def other(self, d: D, role: str) -> D:
        self.other_dates.append({"date": d.isoformat(), "role": role})
        return d

    def days(self, lo: int, hi: int) -> D:
        return self.date - dt.timedelta(days=self.rng.randint(lo, hi))

    # blocks
    def address_practice(self, x: float | None = None, size: float = 10.0, style: int = -1) -> None:
        pr = self.practice
        style = self.rng.randrange(3) if style < 0 else style
        w = self.w
        w.gap(4)
        kw: dict[str, Any] = {"size": size}
        if x is not None:
            kw["x"] = x
            kw["size"] = min(size, 9.0)
            if pr["key"] == "dueren":
                style = 1
        if pr["key"] == "dueren":
            if style == 0:
                w.line("Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin", **kw)
                w.line("Dr. med. Wilhelm Derichs, Dr. med. Ayşe Kaya-Lennartz und Kollegen", **kw)
            elif style == 1:
                w.line("Gemeinschaftspraxis Dr. Derichs & Kollegen", **kw)
                w.line("Herrn Dr. med. Wilhelm Derichs", **kw)
            else:
                w.line("Frau Dr. med. Ayşe Kaya-Lennartz", **kw)
                w.line("Gemeinschaftspraxis Derichs, Kaya-Lennartz und Kollegen", **kw)
        elif pr["key"] == "burtscheid":
            if style == 0:
                w.line("Hausärzte am Kurpark Burtscheid", **kw)
                w.line("Frau Dr. med. Katharina Offermann", **kw)
            else:
                w.line("Frau Dr. med. Katharina Offermann", **kw)
                w.line("Hausärzte am Kurpark Burtscheid", **kw)
        else:
            if style == 0:
                w.line("Hausarztpraxis Dr. med. Lambert van Dijk", **kw)
            else:
                w.line("Herrn Dr. med. Lambert van Dijk", **kw)
                w.line("Hausarztpraxis van Dijk", **kw)
        w.line(pr["street"], **kw)
        w.line(pr["city"], **kw)

    def finish(self) -> dict[str, Any]:
        assert self.as_written is not None
        return {
            "patient": {
                "full_name": f"{self.given} {self.surname}",
                "surname": self.surname,
                "given_names": self.given,
                "as_written": self.as_written,
                "full_name_as_letter": f"{self.letter_given} {self.letter_surname}".strip(),
                "register_id": self.p.id if self.p else None,
            },
            "birth_date": self.birth.isoformat() if self.birth_printed else None,
            "letter_date": None if self.undated else self.date.isoformat(),
            "sender": self.sender,
            "sender_alternatives": self.sender_alt,
            "title": self.title_text,
            "title_alternatives": self.title_alt,
            "patient_id": self.patient_id,
            "other_dates": self.other_dates,
            "other_people": self.other_people,
        }


FILLER_DE = [
    "Die Vorstellung erfolgte zur weiteren Abklärung der bekannten Beschwerden.",
    "Anamnestisch berichtet der Patient über eine "
    "Zunahme der Belastungsdyspnoe seit etwa drei Wochen.",
    "Klinisch zeigte sich ein altersentsprechender "
    "Allgemeinzustand bei adipösem Ernährungszustand.",
    "Laborchemisch fanden sich keine wegweisenden "
    "Auffälligkeiten; die Nierenretentionswerte sind stabil.",
    "Wir empfehlen eine Kontrolle der Elektrolyte in etwa vier Wochen durch Sie.",
    "Die Medikation wurde wie unten aufgeführt angepasst; bitte beachten Sie die Dosisreduktion.",
    "Für Rückfragen stehen wir Ihnen jederzeit gerne zur Verfügung.",
    "Eine erneute Vorstellung in unserer Ambulanz ist bei Beschwerdepersistenz jederzeit möglich.",
]
MEDS = [
    "Ramipril 5 mg 1-0-0",
    "Metoprololsuccinat 47,5 mg 1-0-1",
    "Apixaban 5 mg 1-0-1",
    "Atorvastatin 40 mg 0-0-1",
    "Pantoprazol 20 mg 1-0-0",
    "Metformin 1000 mg 1-0-1",
    "Torasemid 10 mg 1-0-0",
    "L-Thyroxin 75 µg 1-0-0",
]


def filler(c: Ctx, n: int) -> None:
    for i in c.rng.sample(range(len(FILLER_DE)), n):
        c.w.para(FILLER_DE[i])
        c.w.gap(3)


# ---------------------------------------------------------------- layouts
def lay_uniklinik(c: Ctx) -> None:
    """Two-page discharge letter of a university hospital, information block with several dates."""
    w, rng = c.w, c.rng
    uni = rng.choice(
        [
            (
                "Uniklinik RWTH Aachen",
                ["Universitätsklinikum Aachen", "UKA"],
                "Pauwelsstraße 30 · 52074 Aachen",
                "Klinik für Kardiologie, Angiologie und "
                "Internistische Intensivmedizin (Med. Klinik I)",
                "+49 241 80-82001",
            ),
            (
                "Uniklinik Köln",
                ["Universitätsklinikum Köln", "Uniklinik Köln, Klinik I für Innere Medizin"],
                "Kerpener Straße 62 · 50937 Köln",
                "Klinik I für Innere Medizin",
                "+49 221 478-5990",
            ),
            (
                "Universitätsklinikum Bonn",
                ["UKB", "UKB Bonn", "Universitätsklinikum Bonn (UKB)"],
                "Venusberg-Campus 1 · 53127 Bonn",
                "Medizinische Klinik und Poliklinik II",
                "+49 228 287-16630",
            ),
        ]
    )
    name, alts, addr, dept, fax = uni
    c.sender, c.sender_alt = name, [*alts, dept]
    c.fax_number, c.fax_name = fax, name.upper()
    w.line(name, "r", 16, "sansb")
    w.line(dept, "r", 7.5)
    w.line(addr, "r", 7.5)
    w.gap(22)
    w.line(f"{name} · {addr}", "l", 6.5)
    c.address_practice()
    w.gap(8)
    adm = c.other(c.days(14, 30), "admission")
    dis = c.other(c.date - dt.timedelta(days=rng.randint(0, 3)), "discharge")
    fid = f"{rng.randint(40, 49)}{rng.randint(100000, 999999)}"
    w.line(f"Fallnummer: {fid}", "r", 8.5)
    w.line(f"Aufnahme: {de(adm)}", "r", 8.5)
    w.line(f"Entlassung: {de(dis)}", "r", 8.5)
    w.line(f"Datum: {de(c.date)}", "r", 8.5)
    w.gap(10)
    c.title_text = rng.choice(["Entlassungsbericht", "Vorläufiger Entlassungsbrief", "Arztbrief"])
    w.line(c.title_text, "l", 12, "sansb")
    c.birth_printed = True
    w.line(c.mention(f"Patient: {c.name('sg')}, geb. {de(c.birth)}"), "l", 10, "sansb")
    c.as_written = f"{c.name('sg')}"
    w.gap(6)
    w.line("Sehr geehrte Kolleginnen und Kollegen,")
    w.para(
        f"wir berichten über {c.herr} {c.letter_surname}, {'der' if c.sex == 'M' else 'die'} sich "
        f"vom {de(adm)} bis zum {de(dis)} in unserer stationären Behandlung befand."
    )
    w.gap(4)
    w.line("Diagnosen:", "l", 10, "sansb")
    for dx in rng.sample(
        [
            "Akute Herzinsuffizienz NYHA III (I50.14)",
            "Vorhofflimmern, paroxysmal (I48.0)",
            "Arterielle Hypertonie (I10.90)",
            "Diabetes mellitus Typ 2 (E11.9)",
            "Chronische Niereninsuffizienz Stadium G3a (N18.3)",
        ],
        3,
    ):
        w.line(f"– {dx}")
    w.gap(4)
    w.line("Anamnese und Verlauf:", "l", 10, "sansb")
    filler(c, 4)
    w.pages[-1].append(Line("Seite 1 von 2", 527, 806, 7.5, "sans", "r"))
    w.new_page(40)
    w.line(f"{name} · {c.name('sg')}, geb. {de(c.birth)} · Seite 2 von 2", "l", 7.5, "sansi")
    w.gap(14)
    w.line("Medikation bei Entlassung:", "l", 10, "sansb")
    for m in rng.sample(MEDS, 4):
        w.line(m)
    w.gap(4)
    fu = c.other(c.date + dt.timedelta(days=rng.randint(20, 60)), "follow-up")
    w.para(f"Eine Wiedervorstellung in unserer Ambulanz ist für den {de(fu)} vereinbart.")
    filler(c, 2)
    w.gap(10)
    w.line("Mit freundlichen kollegialen Grüßen")
    w.gap(20)
    doc1 = rng.choice(
        ["Prof. Dr. med. N. Marx", "Univ.-Prof. Dr. med. S. Baldus", "Prof. Dr. med. G. Nickenig"]
    )
    w.line(f"{doc1}   Dr. med. J. Heinrichs   M. Savelsberg", "l", 9)
    w.line("Direktor            Oberarzt                Assistenzärztin", "l", 8)
    c.notes += [
        "two pages with running header",
        "admission/discharge/follow-up dates beside letter date",
    ]


def lay_bwzk(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.sender = "Bundeswehrzentralkrankenhaus Koblenz"
    c.sender_alt = ["BwZKrhs Koblenz", "Klinik für Innere Medizin, BwZKrhs Koblenz"]
    c.fax_number, c.fax_name = "+49 261 281-2709", "BWZKRHS KOBLENZ"
    w.line("Bundeswehrzentralkrankenhaus Koblenz", "c", 14, "serifb")
    w.line("Klinik I – Innere Medizin", "c", 10, "serif")
    w.line("Rübenacher Straße 170 · 56072 Koblenz · Telefon 0261 281-0", "c", 8, "serif")
    w.gap(20)
    c.address_practice(size=9.5)
    w.gap(10)
    w.line(
        f"Ihr Zeichen:   –            Unser Zeichen: I-{rng.randint(100, 999)}/{c.date.year % 100}",
        "l",
        8.5,
    )
    w.line(f"Koblenz, {de(c.date)}", "r", 9.5, "serif")
    w.gap(12)
    c.title_text = "ARZTBRIEF ÜBER DIE AMBULANTE VORSTELLUNG"
    c.title_alt = ["Arztbrief"]
    w.line(c.title_text, "l", 11, "serifb")
    exam = c.other(c.days(3, 12), "examination")
    c.birth_printed = True
    rank = rng.choice(
        ["Oberstabsgefreiter", "Hauptfeldwebel", "Oberleutnant", "Stabsunteroffizier"]
    )
    if 19 <= c.date.year - c.birth.year <= 60:
        c.other_people.append({"name": rank, "role": "rank (part of the patient's mention)"})
        w.line(c.mention(f"{rank} {c.name('gs')}"), "l", 10, "serif")
    else:  # a civilian patient of the military hospital
        w.line(c.mention(f"{c.herr1} {c.name('gs')} (ziviler Patient)"), "l", 10, "serif")
        c.as_written = f"{c.herr1} {c.name('gs')}"
    w.line(
        f"geb. {de(c.birth)}, Personenkennziffer "
        f"{c.birth.strftime('%d%m%y')}-{c.letter_surname[0]}-"
        f"{rng.randint(10000, 99999)}",
        "l",
        10,
        "serif",
    )
    w.line(f"Vorstellung am {de(exam)}", "l", 10, "serif")
    w.gap(8)
    for _ in range(2):
        filler(c, 2)
    w.gap(10)
    w.line("Im Auftrag", "l", 10, "serif")
    w.gap(18)
    w.line("Oberfeldarzt Dr. Kohnen", "l", 10, "serif")
    c.notes += [
        "centred letterhead",
        "subject in capitals without label",
        "service number (Personenkennziffer) begins with the birth date DDMMYY",
    ]


def lay_lab(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.sender = "Laborzentrum Rheinland MVZ"
    c.sender_alt = ["Laborzentrum Rheinland", "MVZ Laborzentrum Rheinland GmbH"]
    c.fax_number, c.fax_name = "+49 2421 55 60-99", "LABORZENTRUM RHEINLAND"
    w.line("[ LZR ]  Laborzentrum Rheinland MVZ", "l", 13, "monob")
    w.line(
        "Labormedizin · Mikrobiologie · Transfusionsmedizin · Zülpicher Str. 55 · 52349 Düren",
        "l",
        7,
    )
    w.gap(10)
    c.address_practice(size=9)
    w.gap(6)
    title = rng.choice(["Laborbefund", "Endbefund", "Befundbericht Labor"])
    c.title_text = title.upper() if rng.random() < 0.5 else title
    c.title_alt = ["Befund", title]
    w.line(c.title_text, "l", 12, "sansb")
    c.birth_printed = True
    c.patient_id = c.p.id if c.p else None
    w.line(f"Patient: {c.mention(c.name('SG'))}", "l", 9.5, "monob")
    w.line(f"Geb.-Dat.: {de(c.birth)}    Geschl.: {'M' if c.sex == 'M' else 'W'}", "l", 9.5, "mono")
    if c.patient_id:
        w.line(
            f"Ihre Pat.-Nr.: {c.patient_id}    Auftrag: {rng.randint(2400000, 2499999)}",
            "l",
            9.5,
            "mono",
        )
    else:
        w.line(f"Ihre Pat.-Nr.: –    Auftrag: {rng.randint(2400000, 2499999)}", "l", 9.5, "mono")
    coll = c.other(c.days(1, 3), "collection")
    rec = c.other(coll + dt.timedelta(days=1), "receipt at lab")
    w.line(
        f"Abnahme: {de2(coll)} 07:45   Eingang: {de2(rec)} 10:12   Befund: {de(c.date)}",
        "l",
        9,
        "mono",
    )
    w.gap(8)
    w.line(f"{'Analyt':<22}{'Ergebnis':>10}  {'Einheit':<10}{'Referenz':<14}", "l", 9, "monob")
    rows = [
        ("Natrium", "138", "mmol/l", "136-145"),
        ("Kalium", "5.4 +", "mmol/l", "3.5-5.1"),
        ("Kreatinin", "1.31 +", "mg/dl", "0.67-1.17"),
        ("eGFR (CKD-EPI)", "54 -", "ml/min", ">60"),
        ("CRP", "12.6 +", "mg/l", "<5.0"),
        ("HbA1c", "7.2 +", "%", "4.0-6.0"),
        ("TSH basal", "1.84", "mU/l", "0.27-4.20"),
        ("Hämoglobin", "12.9 -", "g/dl", "13.5-17.5"),
        ("Leukozyten", "8.1", "/nl", "3.9-10.2"),
        ("Thrombozyten", "241", "/nl", "150-370"),
    ]
    for a, v, u, r in rng.sample(rows, 7):
        w.line(f"{a:<22}{v:>10}  {u:<10}{r:<14}", "l", 9, "mono")
    w.gap(10)
    w.line(
        "Technisch und medizinisch validiert: Dr. med. A. Hündgen, FÄ für Laboratoriumsmedizin",
        "l",
        8,
    )
    c.notes += [
        "lab table",
        "two-digit years for collection and receipt",
        "prints practice patient id",
    ]


def lay_radiology(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.sender = "Radiologie am Kaiserplatz"
    c.sender_alt = ["Radiologische Gemeinschaftspraxis am Kaiserplatz Aachen"]
    c.fax_number, c.fax_name = "+49 241 4709-15", "RADIOLOGIE KAISERPLATZ"
    w.line("RADIOLOGIE", "l", 20, "sansb")
    w.line("am Kaiserplatz", "l", 12, "sans")
    w.line(
        "Radiologie am Kaiserplatz · MRT · CT · Mammographie · Kaiserplatz 3 · 52062 Aachen",
        "l",
        7.5,
    )
    w.gap(16)
    c.address_practice()
    w.gap(14)
    exam = c.other(c.days(0, 4), "examination")
    mod = rng.choice(
        ["MRT der LWS nativ", "CT Thorax mit KM", "MRT Kniegelenk rechts", "Sonographie Abdomen"]
    )
    c.title_text = mod
    c.birth_printed = rng.random() < 0.6
    who = c.mention(f"{c.herr1} {c.name('gs')}")
    w.line(f"{who}{', * ' + de(c.birth) if c.birth_printed else ''}", "l", 10, "sansb")
    if c.birth_printed:
        c.as_written = who
    if c.p is not None:
        w.line(f"{c.p.street}, {c.p.postcode} {c.p.city}", "l", 9)
    w.line(f"Untersuchung vom {de(exam)}: {mod}", "l", 10, "sansb")
    w.gap(6)
    w.line("Indikation:", "l", 10, "sansb")
    w.para("Persistierende Beschwerden, Ausschluss einer strukturellen Pathologie.")
    w.line("Befund:", "l", 10, "sansb")
    w.para(
        "Regelrechte Darstellung der abgebildeten Strukturen. Kein Nachweis einer Raumforderung. "
        "Geringe degenerative Veränderungen, altersentsprechend. Keine Fraktur."
    )
    w.line("Beurteilung:", "l", 10, "sansb")
    w.para(
        "Kein Nachweis eines akuten pathologischen Befundes. "
        "Verlaufskontrolle nur bei klinischer Indikation."
    )
    w.gap(18)
    w.line(f"Aachen, den {de(c.date)}", "l")
    w.gap(8)
    w.line("Dr. med. P. Zentis, Facharzt für Diagnostische Radiologie")
    c.notes += ["date only at the end", "examination date near the top"]
    if not c.birth_printed:
        c.notes.append("no birth date printed")


def lay_gesundheitsamt(c: Ctx) -> None:
    w, rng = c.w, c.rng
    ga = rng.choice(
        [
            ("StädteRegion Aachen", "Gesundheitsamt", "Trierer Straße 1 · 52078 Aachen", "A 53"),
            ("Kreis Düren", "Gesundheitsamt", "Bismarckstraße 16 · 52351 Düren", "53"),
            ("Kreis Euskirchen", "Gesundheitsamt", "Jülicher Ring 32 · 53879 Euskirchen", "53.2"),
        ]
    )
    c.sender = ga[0]
    c.sender_alt = [f"{ga[1]} {ga[0]}", f"{ga[0]} – {ga[1]}"]
    c.fax_number, c.fax_name = "+49 241 5198-2599", ga[0].upper()
    w.line(ga[0], "r", 15, "sansb")
    w.line("Der Landrat" if ga[0].startswith("Kreis") else "Die Städteregionsrätin", "r", 9)
    w.line(ga[1], "r", 11, "sans")
    w.gap(18)
    w.line(ga[2], "l", 6.5)
    c.address_practice(size=10)
    w.gap(8)
    theirs = c.other(c.days(8, 20), "their letter (Ihr Schreiben vom)")
    az = f"{ga[3]}-{rng.randint(10, 99)}.{rng.randint(100, 999)}/{c.date.year}"
    w.line(f"Aktenzeichen: {az}", "r", 9)
    w.line(f"Ihr Schreiben vom: {de(theirs)}", "r", 9)
    w.line(f"Datum: {de(c.date)}", "r", 9)
    w.gap(10)
    c.title_text = "Meldung nach § 6 IfSG – Rückfrage zum Impfstatus"
    c.title_alt = ["Meldung nach § 6 IfSG"]
    w.line(c.title_text, "l", 10.5, "sansb")
    c.birth_printed = True
    w.line(c.mention(f"Betroffene Person: {c.name('sg')}, geb. {de(c.birth)}"), "l", 10)
    c.as_written = c.name("sg")
    w.gap(6)
    w.line("Sehr geehrte Damen und Herren,")
    w.para(
        "bezüglich der o. g. Meldung bitten wir um Übersendung der Impfdokumentation sowie des "
        "Erkrankungsbeginns. Die Angaben werden ausschließlich zur Erfüllung der Aufgaben nach dem "
        "Infektionsschutzgesetz verwendet."
    )
    onset = c.other(c.days(20, 40), "onset of illness")
    w.para(f"Laut Labormeldung lag der Erkrankungsbeginn am {de(onset)}.")
    w.gap(10)
    w.line("Mit freundlichen Grüßen")
    w.line("Im Auftrag")
    w.gap(14)
    w.line("Engels, Hygienekontrolleurin")
    c.notes += [
        "Aktenzeichen and 'Ihr Schreiben vom' dates",
        "patient labelled 'Betroffene Person'",
    ]


def lay_drv(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.sender = "Deutsche Rentenversicherung Rheinland"
    c.sender_alt = ["DRV Rheinland", "Deutsche Rentenversicherung"]
    c.fax_number, c.fax_name = "+49 211 937-3096", "DRV RHEINLAND"
    w.line("Deutsche", "l", 14, "sansb")
    w.line("Rentenversicherung", "l", 14, "sansb")
    w.line("Rheinland", "l", 14, "sans")
    w.gap(14)
    w.line("Deutsche Rentenversicherung Rheinland · 40194 Düsseldorf", "l", 6.5)
    c.address_practice()
    w.gap(6)
    vsnr = (
        f"{rng.randint(10, 65)} {c.birth.strftime('%d%m%y')} "
        f"{c.surname[0].upper()} {rng.randint(100, 599)}"
    )
    w.line(f"Versicherungsnummer  {vsnr}", "r", 9)
    w.line(f"Datum  {de_long(c.date)}", "r", 9)
    w.gap(12)
    c.title_text = "Anforderung eines ärztlichen Befundberichts"
    c.title_alt = ["Befundbericht", "Antrag auf Leistungen zur medizinischen Rehabilitation"]
    w.line(c.title_text, "l", 11, "sansb")
    w.line("Antrag auf Leistungen zur medizinischen Rehabilitation", "l", 10)
    c.birth_printed = rng.random() < 0.5
    line = f"Versicherte Person: {c.name('gs')}"
    c.mention(c.name("gs"))
    if c.birth_printed:
        line += f", geboren am {de_long(c.birth)}"
    w.line(line)
    appl = c.other(c.days(10, 30), "application received")
    w.gap(6)
    w.line("Sehr geehrte Damen und Herren,")
    w.para(
        f"die oben genannte Person hat am {de(appl)} Leistungen zur medizinischen Rehabilitation "
        "beantragt. Bitte senden Sie uns den beigefügten "
        "Befundbericht (Formular S0051) innerhalb von "
        "zwei Wochen ausgefüllt zurück. Ihre Aufwendungen "
        "werden nach dem vereinbarten Honorar vergütet."
    )
    w.gap(10)
    w.line("Mit freundlichen Grüßen")
    w.line("Ihre Deutsche Rentenversicherung Rheinland")
    c.notes += ["insurance number contains the birth date as DDMMYY", "date in words"]


def lay_pkv(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.sender = "Rheinische Private Krankenversicherung AG"
    c.sender_alt = ["Rheinische Private", "RPK"]
    c.fax_number, c.fax_name = "+49 221 9370-555", "RHEIN. PRIVATE KV"
    w.line("RHEINISCHE PRIVATE", "c", 13, "serifb")
    w.line("Krankenversicherung AG · Ubierring 60 · 50678 Köln", "c", 8, "serif")
    w.gap(16)
    c.address_practice()
    w.gap(10)
    if c.date.year - c.birth.year >= 25:  # the spouse holds the contract
        holder_given = rng.choice(["Heinz", "Norbert"] if c.sex == "F" else ["Gertrud", "Renate"])
        year, role = c.birth.year + rng.randint(-5, 5), "policyholder (spouse)"
    else:  # a parent holds it
        holder_given = rng.choice(["Heinz", "Karl-Heinz", "Norbert", "Gertrud"])
        year, role = c.birth.year - rng.randint(26, 34), "policyholder (parent)"
    holder_birth = D(year, rng.randint(1, 12), rng.randint(1, 28))
    c.other_people.append({"name": f"{holder_given} {c.letter_surname}", "role": role})
    c.other(holder_birth, "policyholder's birth date")
    w.line(
        f"Versicherungsnehmer: {holder_given} {c.letter_surname}, geb. {de(holder_birth)}", "l", 9.5
    )
    c.birth_printed = True
    w.line(c.mention(f"Versicherte Person: {c.name('gs')}, geb. {de(c.birth)}"), "l", 9.5)
    c.as_written = c.name("gs")
    w.line(f"Vertragsnummer: KV-{rng.randint(1000000, 9999999)}", "l", 9.5)
    w.line(f"Köln, {de(c.date)}", "r", 9.5)
    w.gap(10)
    c.title_text = "Kostenübernahme – Anfrage zur medizinischen Notwendigkeit"
    c.title_alt = ["Kostenübernahme"]
    w.line(c.title_text, "l", 10.5, "serifb")
    w.gap(4)
    inv = c.other(c.days(20, 45), "invoice date")
    w.para(
        f"zu Ihrer Rechnung vom {de(inv)} benötigen wir "
        "zur Prüfung der Leistungspflicht eine kurze "
        "Stellungnahme zur medizinischen Notwendigkeit der abgerechneten Leistungen nach GOÄ."
    )
    w.gap(8)
    w.line("Mit freundlichen Grüßen", "l", 10, "serif")
    w.line("Ihre Rheinische Private Krankenversicherung AG", "l", 10, "serif")
    c.notes += ["policyholder (a relative) named before the patient, with his own birth date"]


def lay_bg(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.sender = "Berufsgenossenschaft Energie Textil Elektro Medienerzeugnisse"
    c.sender_alt = ["BG ETEM", "BG ETEM Bezirksverwaltung Köln"]
    c.fax_number, c.fax_name = "+49 221 3778-1199", "BG ETEM KOELN"
    w.line("BG ETEM", "r", 18, "sansb")
    w.line("Berufsgenossenschaft Energie Textil Elektro Medienerzeugnisse", "r", 8)
    w.line("Gustav-Heinemann-Ufer 130 · 50968 Köln", "r", 8)
    w.gap(16)
    c.address_practice()
    w.gap(8)
    acc = c.other(c.days(15, 60), "accident (Unfalltag)")
    az = f"{rng.randint(1, 9)} {acc.strftime('%y')} {rng.randint(10000, 99999)} {rng.randint(1, 9)}"
    w.line(f"Unser Aktenzeichen: {az}", "l", 9)
    w.line(f"Ihr Schreiben vom: {de(c.other(c.days(5, 10), 'their letter'))}", "l", 9)
    w.line(f"Datum: {de(c.date)}", "l", 9)
    w.gap(10)
    c.title_text = f"Arbeitsunfall vom {de(acc)}"
    c.title_alt = ["Arbeitsunfall", "Anforderung Befundbericht"]
    w.line(c.title_text, "l", 11, "sansb")
    c.birth_printed = True
    w.line(c.mention(f"Versicherte(r): {c.name('tsg')}, geb. am {de(c.birth)}"), "l", 10)
    c.as_written = c.name("tsg")
    w.gap(6)
    w.line("Sehr geehrte Damen und Herren,")
    w.para(
        "wir bitten um Übersendung eines Befundberichts (F 2100) sowie aller vorliegenden "
        "Arbeitsunfähigkeitsbescheinigungen seit dem Unfalltag."
    )
    w.gap(10)
    w.line("Mit freundlichen Grüßen")
    w.line("Ihre BG ETEM – Reha-Management")
    c.notes += ["accident date in the subject line", "Aktenzeichen with two-digit year fragments"]


def lay_homecare(c: Ctx) -> None:
    """A form of a home-care service, with field labels."""
    w, rng = c.w, c.rng
    c.sender = "Eifelpflege Ambulanter Pflegedienst GmbH"
    c.sender_alt = ["Eifelpflege", "Ambulanter Pflegedienst Eifelpflege"]
    c.fax_number, c.fax_name = "+49 2443 90 11 20", "EIFELPFLEGE"
    w.line(
        "Eifelpflege Ambulanter Pflegedienst GmbH · Bahnstraße 14 · 53894 Mechernich",
        "c",
        9,
        "sansb",
    )
    w.line("Tel. 02443 901110 · Fax 02443 901120", "c", 8)
    w.gap(12)
    c.title_text = "ANFORDERUNG VERORDNUNG HÄUSLICHE KRANKENPFLEGE (Muster 12)"
    c.title_alt = ["Verordnung häuslicher Krankenpflege", "Anforderung Verordnung"]
    w.line(c.title_text, "l", 11, "sansb")
    w.gap(6)
    w.line("An:", "l", 8, "sansb")
    c.address_practice(size=9)
    w.gap(6)
    c.birth_printed = True
    w.line(f"Name, Vorname:        {c.mention(c.name('sg'))}", "l", 10, "mono")
    w.line(f"Geburtsdatum:         {de(c.birth)}", "l", 10, "mono")
    w.line(f"Anschrift:            {c.p.street if c.p else 'Weierstraße 3'}", "l", 10, "mono")
    start = c.other(c.date + dt.timedelta(days=rng.randint(1, 7)), "care from")
    end = c.other(start + dt.timedelta(days=rng.randint(28, 90)), "care until")
    w.line(f"Zeitraum von:         {de(start)}", "l", 10, "mono")
    w.line(f"Zeitraum bis:         {de(end)}", "l", 10, "mono")
    w.line("Leistungen:           [x] Medikamentengabe  [x] Kompressionsstrümpfe", "l", 10, "mono")
    w.line("                      [ ] Wundversorgung     [x] Blutzuckermessung", "l", 10, "mono")
    w.gap(8)
    w.line(f"Datum:                {de(c.date)}", "l", 10, "mono")
    w.line("Pflegedienstleitung:  M. Tholen", "l", 10, "mono")
    c.notes += [
        "form with field labels",
        "care period dates after the letter date",
        "title before addressee",
    ]


def lay_hospice(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.sender = "Hospiz am Lousberg"
    c.sender_alt = ["Stationäres Hospiz am Lousberg gGmbH"]
    c.fax_number, c.fax_name = "+49 241 9978-19", "HOSPIZ LOUSBERG"
    w.line("Hospiz am Lousberg", "c", 18, "serif")
    w.line("— stationäres Hospiz · Belvedereallee 2 · 52070 Aachen —", "c", 8.5, "serif")
    w.gap(24)
    w.line(f"Aachen, im {MON_DE[c.date.month - 1]}", "r", 10, "serif")
    w.line(f"{c.date.day}. {MON_DE[c.date.month - 1]} {c.date.year}", "r", 10, "serif")
    c.notes.append("date line split: 'im <Monat>' then the full date")
    w.gap(10)
    c.address_practice(size=10)
    w.gap(14)
    c.title_text = None
    c.birth_printed = rng.random() < 0.5
    w.line("Liebe Kollegin, lieber Kollege,", "l", 10.5, "serif")
    adm = c.other(c.days(2, 6), "admission to hospice")
    extra = f" (geb. {de(c.birth)})" if c.birth_printed else ""
    w.para(
        f"wir möchten Ihnen mitteilen, dass Ihr{'e' if c.sex == 'F' else ''} "
        f"Patient{'in' if c.sex == 'F' else ''} "
        f"{c.mention(c.name('tgs'))}{extra} am {de(adm)} in unser "
        "Hospiz aufgenommen wurde. Die palliativmedizinische Versorgung übernimmt weiterhin das "
        "SAPV-Team StädteRegion Aachen.",
        10.5,
        "serif",
    )
    w.para(
        "Die Angehörigen sind informiert und besuchen täglich. Für die Übermittlung des aktuellen "
        "Medikationsplans wären wir Ihnen dankbar.",
        10.5,
        "serif",
    )
    w.gap(12)
    w.line("Herzliche Grüße", "l", 10.5, "serif")
    w.line("Schwester Agnes Velder, Pflegedienstleitung", "l", 10.5, "serif")
    c.notes += ["no subject line", "patient named only inside a paragraph"]
    # the mention sits inside a wrapped paragraph: as_written is the name as printed
    c.as_written = c.name("tgs")


def lay_dental(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.sender = "Praxis für Mund-, Kiefer- und Gesichtschirurgie Dr. Dr. Felser"
    c.sender_alt = ["MKG-Chirurgie Dr. Dr. Felser", "Dr. Dr. med. dent. Benedikt Felser"]
    c.fax_number, c.fax_name = "+49 228 63 44 10", "MKG DR.DR.FELSER"
    w.line("Dr. Dr. med. dent. Benedikt Felser", "l", 12, "serifb")
    w.line("Praxis für Mund-, Kiefer- und Gesichtschirurgie Dr. Dr. Felser", "l", 9, "serif")
    w.line("Implantologie · Oralchirurgie · Sternstraße 9 · 53111 Bonn", "l", 8, "serif")
    w.gap(16)
    c.address_practice()
    w.gap(10)
    w.line(f"Bonn, {de(c.date)}", "r", 10, "serif")
    w.gap(6)
    op = c.other(c.days(1, 10), "operation")
    c.title_text = "Operationsbericht"
    c.title_alt = ["OP-Bericht"]
    c.birth_printed = True
    w.line(f"{c.title_text} – {c.mention(c.name('sg'))}, geb. {de(c.birth)}", "l", 10.5, "serifb")
    w.line(f"Eingriff am {de(op)}: Osteotomie 38 und 48 in Lokalanästhesie", "l", 10, "serif")
    w.gap(6)
    w.para(
        "Komplikationsloser Verlauf. Naht 4-0 resorbierbar. "
        "Antibiose mit Amoxicillin 1000 mg 1-1-1 "
        "für fünf Tage. Bitte um Kontrolle bei Schwellung oder Fieber.",
        10,
        "serif",
    )
    w.para(
        "Unter oraler Antikoagulation wurde die Medikation "
        "nach Rücksprache mit Ihnen für 24 Stunden "
        "pausiert und am Folgetag wieder aufgenommen.",
        10,
        "serif",
    )
    w.gap(10)
    w.line("Mit kollegialen Grüßen", "l", 10, "serif")
    w.line("Dr. Dr. Felser", "l", 10, "serif")
    _ = rng
    c.notes += ["double doctorate in the sender", "title and patient on one line"]


def lay_psychotherapy(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.sender = "Psychotherapeutische Praxis Dipl.-Psych. Ruth Goertz"
    c.sender_alt = ["Dipl.-Psych. Ruth Goertz", "Ruth Goertz, Psychologische Psychotherapeutin"]
    c.fax_number, c.fax_name = "+49 221 2407 731", "PRAXIS GOERTZ"
    w.line("Ruth Goertz", "r", 13, "sans")
    w.line("Dipl.-Psych. · Psychologische Psychotherapeutin (VT)", "r", 8.5)
    w.line("Psychotherapeutische Praxis Dipl.-Psych. Ruth Goertz", "r", 8.5)
    w.line("Zülpicher Straße 180 · 50937 Köln", "r", 8.5)
    w.gap(18)
    c.address_practice()
    w.gap(16)
    c.title_text = "Bericht an den Hausarzt / Konsiliarbericht"
    c.title_alt = ["Konsiliarbericht", "Bericht an den Hausarzt"]
    w.line(c.title_text, "l", 11, "sansb")
    c.birth_printed = True
    w.line(c.mention(f"betr.: {c.name('tgs')}, geb. {de(c.birth)}"), "l", 10)
    c.as_written = c.name("tgs")
    first = c.other(c.days(30, 90), "first session")
    w.gap(6)
    w.line("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,")
    w.para(
        f"seit dem {de(first)} befindet sich die o. g. "
        "Person in ambulanter verhaltenstherapeutischer "
        "Behandlung (Kurzzeittherapie, 24 Sitzungen "
        "beantragt). Für die Beantragung benötige ich den "
        "Konsiliarbericht zum Ausschluss somatischer Ursachen."
    )
    w.gap(16)
    w.line(f"Köln, {de(c.date)}")
    w.line("R. Goertz")
    _ = rng
    c.notes += ["date only at the end", "letterhead on the right"]


def lay_court(c: Ctx) -> None:
    w, rng = c.w, c.rng
    court = rng.choice(
        [
            ("Amtsgericht Düren", "August-Klotz-Straße 14 · 52349 Düren"),
            ("Amtsgericht Kleve", "Schloßberg 1 · 47533 Kleve"),
            ("Amtsgericht Aachen", "Adalbertsteinweg 90 · 52070 Aachen"),
        ]
    )
    c.sender = court[0]
    c.sender_alt = [f"{court[0]} – Betreuungsgericht –", "Betreuungsgericht"]
    c.fax_number, c.fax_name = "+49 2421 403-200", court[0].upper()
    w.line(court[0], "l", 13, "serifb")
    w.line("– Betreuungsgericht –", "l", 10, "serif")
    w.gap(8)
    w.line(f"{court[0]}, {court[1]}", "l", 6.5, "serif")
    c.address_practice()
    w.gap(8)
    az = f"{rng.randint(10, 99)} XVII {rng.randint(100, 999)}/{c.date.year % 100:02d}"
    w.line(f"Geschäfts-Nr.: {az}", "r", 9.5, "serif")
    w.line(f"{court[0].split()[1]}, {de(c.date)}", "r", 9.5, "serif")
    w.gap(10)
    c.title_text = "Betreuungssache"
    c.title_alt = ["Anforderung eines ärztlichen Zeugnisses"]
    w.line(c.title_text, "l", 11, "serifb")
    c.birth_printed = True
    w.line(c.mention(f"für {c.name('hgs')}, geboren am {de(c.birth)},"), "l", 10.5, "serif")
    c.as_written = c.name("hgs")
    w.line(
        f"wohnhaft {c.p.street + ', ' + c.p.postcode + ' ' + c.p.city if c.p else 'unbekannt'}",
        "l",
        10.5,
        "serif",
    )
    betreuer = rng.choice(["Rechtsanwältin Doris Hamacher", "Herr Bernd Inden (Berufsbetreuer)"])
    c.other_people.append({"name": betreuer, "role": "Betreuer"})
    w.gap(6)
    w.para(
        "In der vorbezeichneten Betreuungssache bittet "
        "das Gericht um ein ärztliches Zeugnis nach § 281 "
        f"FamFG. Als Betreuer ist bestellt: {betreuer}. Die Überprüfung ist spätestens bis zum "
        f"{de(c.other(c.date + dt.timedelta(days=28), 'deadline'))} erforderlich.",
        10.5,
        "serif",
    )
    w.gap(10)
    w.line("Auf Anordnung", "l", 10.5, "serif")
    w.line("Kaulen, Justizbeschäftigte", "l", 10.5, "serif")
    w.line(
        "Dieses Schreiben wurde maschinell erstellt und ist ohne Unterschrift gültig.",
        "l",
        7.5,
        "serif",
    )
    c.notes += ["Geschäftsnummer with the year", "another person (Betreuer) named"]


def lay_eupen(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.language, c.region = "de", "BE"
    c.sender = "Sankt Nikolaus-Hospital Eupen"
    c.sender_alt = ["St. Nikolaus-Hospital", "Klinik St. Nikolaus Eupen"]
    c.fax_number, c.fax_name = "+32 87 59 93 90", "ST.NIKOLAUS-HOSPITAL"
    w.line("Sankt Nikolaus-Hospital Eupen", "l", 14, "sansb")
    w.line("Hufengasse 4-8 · B-4700 Eupen · Belgien", "l", 8.5)
    w.gap(14)
    c.address_practice()
    w.line("DEUTSCHLAND", "l", 10)
    w.gap(12)
    w.line(f"Eupen, den {de(c.date)}", "r")
    w.gap(6)
    c.title_text = "Konsultationsbericht Innere Medizin"
    w.line(c.title_text, "l", 11, "sansb")
    c.birth_printed = True
    w.line(c.mention(f"Patient(in): {c.name('S g')}"), "l", 10)
    c.as_written = c.name("S g")
    w.line(f"Geburtsdatum: {slash(c.birth)}", "l", 10)
    if c.birth.year % 100 > 31:
        b = c.birth
        serial = f"{rng.randint(100, 999)}.{rng.randint(10, 97)}"
        niss = f"{b.year % 100:02d}.{b.month:02d}.{b.day:02d}-{serial}"
        w.line(f"Nationalregisternummer: {niss}", "l", 10)
        c.notes.append("Belgian national number begins YY.MM.DD of the birth date")
    w.gap(6)
    filler(c, 3)
    w.gap(10)
    w.line("Mit freundlichen Grüßen")
    w.line("Dr. L. Houben, Internist")
    c.notes += [
        "Belgian German-language hospital, DD/MM/YYYY birth date",
        "surname in capitals first",
    ]


def lay_liege(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.language, c.region = "fr", "BE"
    c.sender = "CHU de Liège"
    c.sender_alt = [
        "Centre Hospitalier Universitaire de Liège",
        "CHU de Liège – Service de Cardiologie",
    ]
    c.fax_number, c.fax_name = "+32 4 323 71 68", "CHU LIEGE CARDIO"
    w.line("CHU de Liège", "c", 16, "sansb")
    w.line(
        "Centre Hospitalier Universitaire – Domaine "
        "universitaire du Sart Tilman – B35 – 4000 Liège",
        "c",
        7.5,
    )
    w.line("Service de Cardiologie", "c", 10)
    w.gap(14)
    c.address_practice()
    w.line("ALLEMAGNE", "l", 10)
    w.gap(8)
    w.line(f"Liège, le {fr_long(c.date)}", "r")
    w.gap(6)
    c.title_text = "Rapport de consultation"
    w.line(f"Concerne : {c.title_text}", "l", 10.5, "sansb")
    c.title_alt = [f"Concerne : {c.title_text}"]
    c.birth_printed = True
    art = "Monsieur" if c.sex == "M" else "Madame"
    w.line(c.mention(f"{art} {c.name('S g')}"), "l", 10)
    c.as_written = f"{art} {c.name('S g')}"
    w.line(f"{'Né' if c.sex == 'M' else 'Née'} le {slash(c.birth)}", "l", 10)
    cons = c.other(c.days(1, 8), "consultation")
    w.gap(6)
    w.line("Cher Confrère,")
    w.para(
        f"J'ai revu votre patient{'e' if c.sex == 'F' else ''} en consultation le {fr_long(cons)}. "
        "L'échographie cardiaque montre une fonction ventriculaire gauche conservée. Je propose de "
        "poursuivre le traitement actuel et de revoir le patient dans six mois."
    )
    w.gap(10)
    w.line("Bien confraternellement,")
    w.line("Dr J.-P. Lambert, Cardiologue")
    _ = rng
    c.notes += ["French, date '1er' on the first of a month", "'Concerne' label"]


def lay_flemish(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.language, c.region = "nl", "BE"
    c.sender = "AZ Maasland"
    c.sender_alt = ["AZ Maasland Maasmechelen", "Algemeen Ziekenhuis Maasland"]
    c.fax_number, c.fax_name = "+32 89 77 20 01", "AZ MAASLAND"
    w.line("AZ Maasland", "l", 17, "sansb")
    w.line("Algemeen Ziekenhuis · Rijksweg 250 · 3630 Maasmechelen · België", "l", 8)
    w.gap(16)
    c.address_practice()
    w.line("DUITSLAND", "l", 10)
    w.gap(10)
    w.line(f"Maasmechelen, {nl_long(c.date)}", "l")
    w.gap(6)
    c.title_text = "Ontslagbrief"
    w.line(f"Betreft: {c.title_text}", "l", 10.5, "sansb")
    c.birth_printed = True
    w.line(c.mention(f"Patiënt: {c.name('sg')}, geboren op {slash(c.birth)}"), "l", 10)
    c.as_written = c.name("sg")
    adm = c.other(c.days(5, 12), "opname (admission)")
    w.line(
        f"Opname: {slash(adm)} – Ontslag: {slash(c.other(c.days(0, 1), 'ontslag (discharge)'))}",
        "l",
        10,
    )
    w.gap(6)
    w.line("Geachte collega,")
    w.para(
        "Uw patiënt werd opgenomen op de afdeling inwendige geneeskunde wegens een pneumonie. Na "
        "intraveneuze antibiotica was het verloop gunstig. Controle bij u binnen één week."
    )
    w.gap(10)
    w.line("Met collegiale groeten,")
    w.line("Dr. K. Peeters, internist")
    _ = rng
    c.notes += ["Flemish Dutch, admission and discharge on one line"]


def lay_maastricht(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.language, c.region = "nl", "NL"
    c.sender = "Maastricht UMC+"
    c.sender_alt = ["Maastricht Universitair Medisch Centrum+", "azM"]
    c.fax_number, c.fax_name = "+31 43 387 5005", "MUMC+"
    w.line("Maastricht UMC+", "r", 15, "sansb")
    w.line("P. Debyelaan 25 · 6229 HX Maastricht · Nederland", "r", 8)
    w.gap(16)
    c.address_practice()
    w.line("DUITSLAND", "l", 10)
    w.gap(10)
    w.line(f"Datum          {nl_long(c.date)}", "l", 9.5)
    w.line(f"Ons kenmerk    NEU/{rng.randint(1000, 9999)}", "l", 9.5)
    w.line("Uw kenmerk     –", "l", 9.5)
    c.title_text = "Poliklinische brief Neurologie"
    w.line(f"Onderwerp      {c.title_text}", "l", 9.5)
    w.gap(10)
    c.birth_printed = True
    w.line(c.mention(f"Betreft: {'dhr.' if c.sex == 'M' else 'mw.'} {c.name('gs')}"), "l", 10)
    c.as_written = f"{'dhr.' if c.sex == 'M' else 'mw.'} {c.name('gs')}"
    w.line(f"Geboortedatum: {dash(c.birth)}", "l", 10)
    w.line(f"Patiëntnummer MUMC+: {rng.randint(1000000, 9999999)}", "l", 10)
    w.gap(6)
    w.line("Geachte collega,")
    w.para(
        "Bovengenoemde patiënt bezocht onze polikliniek in verband met hoofdpijnklachten. Het "
        "neurologisch onderzoek was normaal. Wij adviseren een hoofdpijndagboek bij te houden."
    )
    w.gap(10)
    w.line("Met vriendelijke groet,")
    w.line("dr. S. Vermeulen, neuroloog")
    c.notes += ["Dutch DD-MM-YYYY birth date", "hospital's own patient number (not the practice's)"]


def lay_nijmegen_email(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.language, c.region = "nl", "NL"
    c.sender = "Radboudumc"
    c.sender_alt = ["Radboud universitair medisch centrum", "Radboudumc Nijmegen"]
    c.fax_number, c.fax_name = "+31 24 361 8837", "RADBOUDUMC"
    w.lm = 50
    w.line("Afdrukken - e-mail", "l", 8, "mono")
    w.line("Van:        secretariaat.dermatologie@radboudumc.nl", "l", 9, "mono")
    w.line(
        f"Aan:        {c.practice['doctor']} <praxis@{c.practice['key']}-praxis.de>", "l", 9, "mono"
    )
    wd = ["ma", "di", "wo", "do", "vr", "za", "zo"][c.date.weekday()]
    w.line(f"Verzonden:  {wd} {dash(c.date)} 11:{rng.randint(10, 59)}", "l", 9, "mono")
    c.title_text = "Verslag polikliniek Dermatologie"
    w.line(f"Onderwerp:  {c.title_text}", "l", 9, "mono")
    w.line("-" * 80, "l", 8, "mono")
    w.gap(4)
    w.line("Geachte collega,", "l", 10)
    c.birth_printed = True
    w.para(
        f"hierbij het verslag van {c.mention(c.name('gs'))} (geb. {dash(c.birth)}), die wij op "
        f"{dash(c.other(c.days(2, 9), 'visit'))} zagen in verband met een pigmentlaesie."
    )
    c.as_written = c.name("gs")
    w.para("Dermatoscopisch geen verdenking op maligniteit. Controle over twaalf maanden.")
    w.gap(6)
    w.line("Met vriendelijke groet,")
    w.line("Radboudumc, afdeling Dermatologie")
    w.line("Geert Grooteplein Zuid 10, 6525 GA Nijmegen")
    c.notes += ["e-mail printout, date in the 'Verzonden' header"]


def lay_lux(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.language, c.region = "fr", "LU"
    c.sender = "Centre Hospitalier de Luxembourg"
    c.sender_alt = ["CHL", "Centre Hospitalier de Luxembourg – Service d'Orthopédie"]
    c.fax_number, c.fax_name = "+352 4411 2222", "CHL LUXEMBOURG"
    w.line("CHL", "l", 22, "sansb")
    w.line("Centre Hospitalier de Luxembourg", "l", 10)
    w.line("4, rue Nicolas Ernest Barblé · L-1210 Luxembourg", "l", 8)
    w.gap(14)
    c.address_practice(x=300)
    w.line("Allemagne", "l", 10, x=300)
    w.gap(10)
    w.line(f"Luxembourg, le {slash(c.date)}", "l")
    w.gap(6)
    c.title_text = "Compte rendu opératoire"
    w.line(f"Objet : {c.title_text}", "l", 10.5, "sansb")
    c.birth_printed = True
    matr = f"{c.birth.year}{c.birth.month:02d}{c.birth.day:02d}{rng.randint(10000, 99999)}"
    w.line(c.mention(f"Patient : {c.name('SG')}"), "l", 10)
    c.as_written = c.name("SG")
    w.line(f"Date de naissance : {slash(c.birth)}     Matricule : {matr}", "l", 10)
    op = c.other(c.days(3, 14), "intervention")
    w.gap(6)
    w.para(
        f"Intervention du {slash(op)} : arthroscopie du "
        "genou droit, méniscectomie partielle interne. "
        "Suites simples. Ablation des fils à J14 chez le médecin traitant."
    )
    w.gap(10)
    w.line("Veuillez agréer, cher Confrère, l'expression de mes sentiments les meilleurs.")
    w.line("Dr M. Schmit, chirurgien orthopédiste")
    c.notes += [
        "Luxembourg matricule begins with the birth date YYYYMMDD",
        "addressee on the right",
    ]


def lay_france(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.language, c.region = "fr", "FR"
    c.sender = "Hôpitaux Universitaires de Strasbourg"
    c.sender_alt = ["HUS", "Nouvel Hôpital Civil, Strasbourg"]
    c.fax_number, c.fax_name = "+33 3 88 11 62 10", "HUS NHC"
    w.line("Hôpitaux Universitaires de Strasbourg", "c", 13, "serifb")
    w.line("Nouvel Hôpital Civil – 1, place de l'Hôpital – 67091 Strasbourg Cedex", "c", 8, "serif")
    w.gap(16)
    c.address_practice(x=300, size=9.5)
    w.gap(10)
    w.line(f"Strasbourg, le {fr_long(c.date)}", "r", 10, "serif")
    w.gap(8)
    c.title_text = "Compte rendu d'hospitalisation"
    w.line(f"Objet : {c.title_text}", "l", 10.5, "serifb")
    c.birth_printed = True
    p = c.p
    if p is not None and p.birth_name:
        txt = (
            f"{'M.' if c.sex == 'M' else 'Mme'} {c.surname.upper()} "
            f"née {p.birth_name.upper()} {c.given}"
        )
        c.notes.append("married name with 'née' maiden name")
    else:
        txt = f"{'M.' if c.sex == 'M' else 'Mme'} {c.surname.upper()} {c.given}"
    w.line(
        c.mention(txt) + f", {'né' if c.sex == 'M' else 'née'} le {slash(c.birth)}",
        "l",
        10,
        "serif",
    )
    adm = c.other(c.days(6, 15), "entrée")
    w.line(
        f"Hospitalisation du {slash(adm)} au {slash(c.other(c.days(0, 3), 'sortie'))}",
        "l",
        10,
        "serif",
    )
    w.gap(6)
    w.line("Cher Confrère,", "l", 10, "serif")
    w.para(
        "Votre patiente a été hospitalisée pour une décompensation cardiaque. L'évolution a été "
        "favorable sous diurétiques. Nous vous la confions pour la suite de la prise en charge.",
        10,
        "serif",
    )
    w.gap(10)
    w.line("Pr A. Dubois", "l", 10, "serif")
    _ = rng
    c.notes += ["French hospital letter"]


def lay_japan(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.language, c.region = "en", "JP"
    c.sender = "NIHON IRYO CLINIC DÜSSELDORF"
    c.sender_alt = ["Nihon Iryo Clinic Düsseldorf", "Nihon Iryo Clinic"]
    c.fax_number, c.fax_name = "+49 211 3677 190", "NIHON IRYO CLINIC"
    w.line("NIHON IRYO CLINIC DÜSSELDORF", "l", 13, "sansb")
    w.line(
        "Japanese-speaking general and paediatric practice · Immermannstraße 45 · 40210 Düsseldorf",
        "l",
        7.5,
    )
    w.gap(12)
    w.line(f"Date: {jp(c.date)}", "r", 10)
    w.gap(6)
    c.address_practice()
    w.gap(10)
    c.title_text = "Referral Letter (Shokaijo)"
    c.title_alt = ["Referral Letter"]
    w.line(c.title_text, "c", 12, "sansb")
    w.gap(4)
    c.birth_printed = True
    w.line(c.mention(f"Patient name: {c.surname.upper()} {c.given}"), "l", 10)
    c.as_written = f"{c.surname.upper()} {c.given}"
    w.line(f"Date of birth: {jp(c.birth)}   Sex: {'M' if c.sex == 'M' else 'F'}", "l", 10)
    mother = "Yui Tanaka" if c.surname == "Tanaka" else f"Keiko {c.surname}"
    mb = D(1986, 1, 9) if c.surname == "Tanaka" else D(1980, 5, 5)
    c.other_people.append({"name": mother, "role": "mother / contact"})
    c.other(mb, "mother's birth date")
    w.line(
        f"Contact person: {mother.split()[1].upper()} {mother.split()[0]} (mother), DOB {jp(mb)}",
        "l",
        10,
    )
    w.gap(6)
    w.line("Dear Doctor,")
    w.para(
        "The family has moved from Düsseldorf to your "
        "area. We kindly ask you to continue the primary "
        "care. Vaccinations according to the Japanese "
        "schedule are listed in the attached Boshi Techo "
        "(mother and child handbook); the measles booster is still due."
    )
    w.gap(10)
    w.line("Yours sincerely,")
    w.line("Dr. Kenji Sato")
    _ = rng
    c.notes += [
        "Japanese family name first in capitals (romanised)",
        "YYYY/MM/DD dates",
        "mother's birth date on the page",
    ]


def lay_greece(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.language, c.region = "el", "GR"
    c.sender = "Γενικό Νοσοκομείο Θεσσαλονίκης «Γ. Παπανικολάου»"
    c.sender_alt = [
        "Γ.Ν. Θεσσαλονίκης «Γ. Παπανικολάου»",
        "Papanikolaou General Hospital Thessaloniki",
    ]
    c.fax_number, c.fax_name = "+30 2313 307 500", "GNTH PAPANIKOLAOU"
    w.line("ΕΛΛΗΝΙΚΗ ΔΗΜΟΚΡΑΤΙΑ", "c", 9, "dv")
    w.line("Γενικό Νοσοκομείο Θεσσαλονίκης «Γ. Παπανικολάου»", "c", 12, "dvb")
    w.line("Καρδιολογική Κλινική", "c", 10, "dv")
    w.gap(14)
    w.line(f"Θεσσαλονίκη, {gr_long(c.date)}", "r", 10, "dv")
    w.gap(6)
    c.address_practice()
    w.line("ΓΕΡΜΑΝΙΑ", "l", 10)
    w.gap(10)
    c.title_text = "ΕΞΙΤΗΡΙΟ"
    c.title_alt = ["Εξιτήριο", "Ενημερωτικό σημείωμα εξόδου"]
    w.line(c.title_text, "c", 13, "dvb")
    greek = {
        "Nikolaidis": ("Νικολαΐδης", "Γεώργιος"),
        "Papadopoulou-Wirtz": ("Παπαδοπούλου", "Ελένη"),
        "Papadopoulos": ("Παπαδόπουλος", "Δημήτριος"),
        "Georgiou": ("Γεωργίου", "Σοφία"),
    }
    gs, gg = greek.get(c.surname, ("Παπαδόπουλος", "Δημήτριος"))
    c.letter_surname, c.letter_given = gs, gg
    if c.surname == "Papadopoulou-Wirtz":
        c.notes.append("letter uses the maiden name Papadopoulou (in Greek)")
    c.birth_printed = True
    w.line(c.mention(f"Ονοματεπώνυμο: {gs} {gg}"), "l", 10, "dv")
    c.as_written = f"{gs} {gg}"
    w.line(f"Ημερομηνία γέννησης: {slash(c.birth)}", "l", 10, "dv")
    adm = c.other(c.days(4, 10), "εισαγωγή (admission)")
    w.line(f"Εισαγωγή: {slash(adm)}   Έξοδος: {slash(c.date)}", "l", 10, "dv")
    c.other_dates.append(
        {"date": c.date.isoformat(), "role": "έξοδος (discharge), same day as letter"}
    )
    w.gap(6)
    w.para(
        "Διάγνωση: Κολπική μαρμαρυγή με ταχεία κοιλιακή ανταπόκριση. Αποκατάσταση φλεβοκομβικού "
        "ρυθμού μετά από φαρμακευτική ανάταξη.",
        10,
        "dv",
    )
    w.gap(10)
    w.line("Ο Διευθυντής", "l", 10, "dv")
    w.line("Δρ. Α. Καραγιάννης", "l", 10, "dv")
    _ = rng
    c.notes += ["Greek script, name surname-first in Greek letters"]


def lay_morocco(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.language, c.region = "fr", "MA"
    c.sender = "Clinique Al Madina"
    c.sender_alt = ["Clinique Al Madina Casablanca"]
    c.fax_number, c.fax_name = "+212 522 26 11 40", "CLINIQUE AL MADINA"
    w.line("Clinique Al Madina", "r", 15, "serifb")
    w.line("Bd. Zerktouni 120 · Casablanca · Maroc", "r", 8.5, "serif")
    w.gap(16)
    w.line(f"Casablanca, le {slash(c.date)}", "l", 10, "serif")
    w.gap(6)
    c.address_practice()
    w.line("Allemagne", "l", 10)
    w.gap(10)
    c.title_text = "CERTIFICAT MÉDICAL"
    w.line(c.title_text, "c", 13, "serifb")
    w.gap(6)
    c.birth_printed = True
    prefix = "M." if c.sex == "M" else "Mme"
    w.para(
        "Je soussigné, Dr Karim Benali, certifie avoir examiné "
        f"ce jour {c.mention(prefix + ' ' + c.name('S g'))}, "
        f"{'né' if c.sex == 'M' else 'née'} le {slash(c.birth)}, "
        "pour une colique néphrétique droite. "
        "Le patient a reçu un traitement antalgique et peut voyager.",
        10.5,
        "serif",
    )
    c.as_written = f"{prefix} {c.name('S g')}"
    w.gap(10)
    w.line(
        "Certificat délivré à l'intéressé pour servir et valoir ce que de droit.", "l", 10, "serif"
    )
    w.line("Dr Karim Benali", "r", 10, "serif")
    _ = rng
    c.notes += ["Moroccan certificate, date before addressee"]


def lay_iran(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.language, c.region = "en", "IR"
    c.sender = "PARS HEART CLINIC"
    c.sender_alt = ["Pars Heart Clinic", "Pars Heart Clinic, Tehran"]
    c.fax_number, c.fax_name = "+98 21 8820 4411", "PARS HEART CLINIC"
    w.line("PARS HEART CLINIC", "c", 15, "sansb")
    w.line("No. 18, Vanak Square, Tehran, Islamic Republic of Iran", "c", 8.5)
    w.gap(14)
    w.line(f"Date: {en_long(c.date)}", "l", 10)
    w.line(f"File No.: PHC-{rng.randint(10000, 99999)}", "l", 10)
    w.gap(6)
    c.address_practice()
    w.line("Germany", "l", 10)
    w.gap(10)
    c.title_text = "Medical Report"
    w.line(f"Subject: {c.title_text}", "l", 10.5, "sansb")
    c.birth_printed = True
    w.line(c.mention(f"Mr. {c.name('gs')}" if c.sex == "M" else f"Mrs. {c.name('gs')}"), "l", 10)
    w.line(f"Date of Birth: {en_long(c.birth)}", "l", 10)
    w.gap(6)
    w.line("Dear Colleague,")
    w.para(
        f"The above-named patient underwent coronary angiography on "
        f"{en_long(c.other(c.days(5, 20), 'angiography'))}, "
        "which showed a 70% stenosis of the LAD. "
        "A drug-eluting stent was implanted. Dual "
        "antiplatelet therapy for 12 months is recommended."
    )
    w.gap(10)
    w.line("Sincerely,")
    w.line("Dr. Maryam Hosseini, Interventional Cardiologist")
    c.notes += ["English letter from Iran, dates in words"]


def lay_uk(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.language, c.region = "en", "UK"
    c.sender = "Royal Berkshire NHS Foundation Trust"
    c.sender_alt = [
        "Royal Berkshire Hospital",
        "Department of Respiratory Medicine, Royal Berkshire Hospital",
    ]
    c.fax_number, c.fax_name = "+44 118 322 8111", "RBFT RESPIRATORY"
    w.line("NHS", "r", 20, "sansb")
    w.line("Royal Berkshire NHS Foundation Trust", "r", 10, "sansb")
    w.line("Royal Berkshire Hospital · London Road · Reading RG1 5AN", "r", 8)
    w.gap(12)
    dic = c.other(c.days(6, 14), "clinic date / dictated")
    w.line(f"Clinic date: {slash(dic)}", "l", 9)
    w.line(f"Dictated: {slash(dic)}   Typed: {slash(c.date)}", "l", 9)
    w.line(f"Date: {slash(c.date)}", "l", 9)
    w.gap(8)
    c.address_practice()
    w.line("GERMANY", "l", 10)
    w.gap(10)
    c.birth_printed = True
    nhs = f"{rng.randint(400, 499)} {rng.randint(100, 999)} {rng.randint(1000, 9999)}"
    honor = "Mr" if c.sex == "M" else "Mrs"
    w.line("Dear Dr " + c.practice["salute"].split("Dr. ")[1] + ",", "l", 10)
    w.line(
        c.mention(f"Re: {honor} {c.name('gs')}") + f", DOB {slash(c.birth)}, NHS No {nhs}",
        "l",
        10,
        "sansb",
    )
    c.as_written = f"{honor} {c.name('gs')}"
    c.title_text = None
    w.line("Diagnosis: Asthma, partially controlled", "l", 10)
    w.gap(6)
    he, his = ("He", "his") if c.sex == "M" else ("She", "her")
    w.para(
        f"I saw this pleasant patient in the respiratory clinic today. {he} has since moved to "
        f"Germany and I would be grateful if you could continue {his} inhaler therapy. "
        "Spirometry showed an FEV1 of 78% predicted with significant reversibility."
    )
    w.gap(10)
    w.line("Yours sincerely,")
    w.line("Dr Alice Smith, Consultant Respiratory Physician")
    w.line("cc: patient", "l", 9)
    c.notes += ["UK letter, clinic/dictated/typed dates", "no title, 'Re:' line names the patient"]


def lay_forces(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.language, c.region = "en", "UK"
    c.sender = "British Forces Medical Centre Wildenrath"
    c.sender_alt = ["Defence Primary Healthcare", "BFMC Wildenrath"]
    c.fax_number, c.fax_name = "+49 2432 89 1200", "DPHC WILDENRATH"
    w.line("DEFENCE PRIMARY HEALTHCARE", "l", 9, "monob")
    w.line("British Forces Medical Centre Wildenrath", "l", 11, "monob")
    w.line("BFPO 40", "l", 9, "mono")
    w.gap(10)
    w.line(f"Reference: DPHC/WDR/{rng.randint(100, 999)}", "r", 9, "mono")
    w.line(f"Date: {mil(c.date)}", "r", 9, "mono")
    w.gap(8)
    c.address_practice(size=9.5)
    w.gap(10)
    c.title_text = "REFERRAL - CIVILIAN GP REGISTRATION OF DEPENDANT"
    c.title_alt = ["Referral"]
    w.line(c.title_text, "l", 10, "monob")
    c.birth_printed = True
    w.line(c.mention(f"{c.surname.upper()} {c.given}") + f"   DOB: {mil(c.birth)}", "l", 10, "mono")
    c.as_written = f"{c.surname.upper()} {c.given}"
    w.gap(6)
    w.para(
        "Dependant of a serving member, now resident "
        "off-base in your area. Medical records summary "
        "enclosed. Current medication: none. Immunisations up to date.",
        10,
        "mono",
    )
    w.gap(10)
    w.line("Surg Lt Cdr R. O'Connor RN", "l", 10, "mono")
    w.line("Senior Medical Officer", "l", 10, "mono")
    c.notes += ["military dates DD Mon YY (two-digit year)", "surname first in capitals"]


def lay_kim(c: Ctx) -> None:
    w, rng = c.w, c.rng
    doc = rng.choice(
        [
            ("Kardiologische Praxis Bonn-Beuel", "Dr. med. Stefan Gerhards"),
            ("Neurologie am Hansaring Mönchengladbach", "Dr. med. Petra Jennes"),
        ]
    )
    c.sender = doc[0]
    c.sender_alt = [doc[1]]
    c.fax_number, c.fax_name = "+49 228 46 00 19", doc[0][:20].upper()
    w.lm = 48
    w.line("KIM – Kommunikation im Medizinwesen · Nachrichtenausdruck", "l", 8, "monob")
    w.line("=" * 72, "l", 8, "mono")
    w.line(
        f"Von:      {doc[1]}, {doc[0]} "
        f"<praxis@kim.{rng.choice(['tm-', 'ak-'])}{rng.randint(10, 99)}.de>",
        "l",
        8.5,
        "mono",
    )
    w.line(
        f"An:       {c.practice['doctor']} <{c.practice['key']}@kim.telematik.de>", "l", 8.5, "mono"
    )
    w.line(
        f"Datum:    {WD_DE[c.date.weekday()][:2]}, {de(c.date)} "
        f"{rng.randint(8, 18):02d}:{rng.randint(10, 59)}",
        "l",
        8.5,
        "mono",
    )
    c.title_text = "eArztbrief"
    subj = f"eArztbrief {c.name('sg')}"
    w.line(f"Betreff:  {c.mention(subj)}", "l", 8.5, "mono")
    c.as_written = c.name("sg")
    w.line("Anhang:   arztbrief.pdf (signiert, QES gültig)", "l", 8.5, "mono")
    w.line("=" * 72, "l", 8, "mono")
    w.gap(8)
    c.birth_printed = True
    w.line(f"Patient: {c.name('sg')}, * {de(c.birth)}", "l", 10)
    w.gap(4)
    w.para(
        "Sehr geehrte Kollegin, sehr geehrter Kollege, anbei der Befund der heutigen Untersuchung. "
        "Die Echokardiographie zeigt eine gute LV-Funktion; "
        "die Belastungs-EKG ohne Ischämiezeichen."
    )
    w.gap(6)
    w.line("Mit freundlichen Grüßen")
    w.line(doc[1])
    c.title_alt = [subj]
    c.notes += ["KIM printout, date with weekday and time in the mail header"]


def lay_pharmacy(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.sender = "Apotheke am Markt Kleve"
    c.sender_alt = ["Apotheke am Markt", "Apotheke am Markt, Inh. Jan Wertz e.K."]
    c.fax_number, c.fax_name = "+49 2821 22 3 44", "APOTHEKE AM MARKT"
    w.lm = 50
    w.line("Von: Apotheke am Markt Kleve <info@apotheke-am-markt-kleve.de>", "l", 9)
    w.line(
        f"Gesendet: {WD_DE[c.date.weekday()]}, {de_long(c.date)} 09:{rng.randint(10, 59)}", "l", 9
    )
    w.line(f"An: {c.practice['names'][-1]}", "l", 9)
    c.title_text = "Rückfrage Rezept / Lieferengpass"
    w.line(f"Betreff: {c.title_text}", "l", 9, "sansb")
    w.gap(10)
    w.line("Sehr geehrte Damen und Herren,", "l", 10)
    c.birth_printed = rng.random() < 0.5
    born = f" (geb. {de2(c.birth)})" if c.birth_printed else ""
    w.para(
        f"für Ihre{'n' if c.sex == 'M' else ''} Patient{'in' if c.sex == 'F' else 'en'} "
        f"{c.mention(c.name('tgs'))}{born} liegt uns ein Rezept über Salbutamol Dosieraerosol vor, "
        "das derzeit nicht lieferbar ist. Wir könnten ein "
        "wirkstoffgleiches Präparat abgeben. Bitte um "
        "kurze Rückmeldung per Fax oder Telefon."
    )
    c.as_written = c.name("tgs")
    w.gap(6)
    w.line("Freundliche Grüße", "l", 10)
    w.line("Jan Wertz, Apotheker", "l", 10)
    w.line("Apotheke am Markt · Große Straße 42 · 47533 Kleve", "l", 8)
    c.notes += [
        "e-mail printout, German long date with weekday",
        "birth date, if any, with a two-digit year",
    ]


def lay_handwritten(c: Ctx) -> None:
    w, rng = c.w, c.rng
    c.handwritten = True
    c.sender = rng.choice(["Physiotherapie Rurtal", "Ergotherapie Hamacher"])
    c.sender_alt = [
        "Praxis für Physiotherapie Rurtal, Nideggen"
        if "Rurtal" in c.sender
        else "Ergotherapiepraxis Hamacher"
    ]
    c.fax_number, c.fax_name = "+49 2427 90 40 11", c.sender.upper()
    w.line(f"{c.sender} · Zülpicher Str. 40 · 52385 Nideggen", "l", 8, "sans")
    w.gap(18)
    h = "hand"
    w.lm = 64 + rng.randint(0, 14)
    sal = c.practice["salute"]
    w.line(f"{'Liebe' if sal.startswith('Frau') else 'Lieber'} {sal},", "l", 15, h)
    w.gap(4)
    c.birth_printed = rng.random() < 0.4
    if rng.random() < 0.5:
        who = c.mention(f"{c.herr1} {c.letter_surname}")
        c.letter_given = ""
        c.notes.append("only the surname is written")
    else:
        who = c.mention(c.name("gs"))
    w.line(f"{who}{' (' + de(c.birth) + ')' if c.birth_printed else ''} hat nach", "l", 15, h)
    w.line("6 von 6 Behandlungen noch Beschwerden.", "l", 15, h)
    w.line("Bitte um Folgeverordnung KG,", "l", 15, h)
    w.line("wenn möglich mit Doppelbehandlung.", "l", 15, h)
    w.gap(8)
    w.line("Danke + viele Grüße", "l", 15, h)
    w.line("Tobias", "l", 15, h)
    c.undated = rng.random() < 0.5
    if not c.undated:
        w.line(de2(c.date), "l", 13, h)
    c.title_text = None
    c.notes += [
        "handwritten note (stand-in handwriting font)",
        "undated" if c.undated else "date at the end, two-digit year",
    ]


def lay_specialist(c: Ctx) -> None:
    """A German specialist letter in one of several house styles."""
    w, rng = c.w, c.rng
    sp = rng.choice(
        [
            (
                "Orthopädische Gemeinschaftspraxis Mönchengladbach",
                "Dres. med. Brockmann & Hensen",
                "Bismarckstraße 80 · 41061 Mönchengladbach",
                "+49 2161 17 40 29",
            ),
            (
                "Augenzentrum Eifel",
                "Dr. med. Renate Thelen",
                "Münsterstraße 12 · 53909 Zülpich",
                "+49 2252 83 22 9",
            ),
            (
                "Gastroenterologische Schwerpunktpraxis Euskirchen",
                "Dr. med. Matthias Frings",
                "Kommerner Straße 77 · 53879 Euskirchen",
                "+49 2251 79 44 60",
            ),
            (
                "Urologie am Niederrhein",
                "Dr. med. Joost Vossen",
                "Voßstraße 31 · 47574 Goch",
                "+49 2823 41 8 50",
            ),
        ]
    )
    c.sender = sp[0]
    c.sender_alt = [sp[1], f"{sp[0]}, {sp[1]}"]
    c.fax_number, c.fax_name = sp[3], sp[0][:22].upper()
    style = rng.randrange(3)
    if style == 0:
        w.line(sp[0], "c", 13, "sansb")
        w.line(sp[1], "c", 10)
        w.line(sp[2], "c", 8)
    elif style == 1:
        w.line("+--------------------------+", "r", 10, "mono")
        w.line(f"| {sp[0].split()[0][:24]:<24} |", "r", 10, "mono")
        w.line("+--------------------------+", "r", 10, "mono")
        w.line(sp[0], "r", 9, "sansb")
        w.line(sp[1], "r", 8.5)
        w.line(sp[2], "r", 8)
        c.notes.append("logo as a text block")
    else:
        w.line(sp[1], "l", 12, "serif")
        w.line(sp[0], "l", 10, "serifb")
        w.line(sp[2], "l", 8, "serif")
    w.gap(16)
    c.address_practice()
    w.gap(8)
    ref = rng.randrange(3)
    exam = c.other(c.days(1, 10), "examination")
    if ref == 0:
        w.line(
            f"Unser Zeichen: {sp[1].split()[-1][:3].upper()}-{rng.randint(1000, 9999)} "
            f"    Datum: {de(c.date)}",
            "l",
            9,
        )
    elif ref == 1:
        w.line(f"Untersuchung: {de(exam)}", "r", 9)
        w.line(f"Diktat: {de(exam)}", "r", 9)
        w.line(f"Schreibdatum: {de(c.date)}", "r", 9)
        c.other_dates.append({"date": exam.isoformat(), "role": "dictation"})
    else:
        w.line(f"{sp[2].split('·')[-1].strip().split(' ', 1)[1]}, den {de_long(c.date)}", "r", 10)
    w.gap(10)
    c.birth_printed = True
    styles = ["hgs", "sg", "SG", "tgs"]
    st = styles[rng.randrange(4)]
    if rng.random() < 0.5:
        c.title_text = rng.choice(["BEFUNDBERICHT", "ARZTBRIEF", "KONSILBERICHT"])
        w.line(c.title_text, "l", 11, "sansb")
        w.line(c.mention(c.name(st)) + f", geb. {de(c.birth)}", "l", 10, "sansb")
        c.notes.append("subject in capitals without label")
    else:
        c.title_text = None
        w.line(c.mention(f"Betr.: {c.name(st)}") + f", * {de(c.birth)}", "l", 10, "sansb")
        c.as_written = c.name(st)
        c.notes.append("no title, 'Betr.' names the patient")
    if ref != 1:
        w.line(f"Vorstellung am {de(exam)}", "l", 10)
    w.gap(6)
    w.line("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,")
    filler(c, 3)
    two_pages = rng.random() < 0.35
    if two_pages:
        w.pages[-1].append(Line("./.", 527, 810, 9, "sans", "r"))
        w.new_page(40)
        w.line("- 2 -", "c", 9)
        w.gap(6)
        w.line(f"{c.name('sg')}, geb. {de(c.birth)}", "l", 8)
        w.line(f"Seite 2 – Brief vom {de(c.date)}", "l", 8)
        w.gap(12)
        filler(c, 3)
        c.notes.append("two pages, running header repeats name, birth date and letter date")
    w.gap(10)
    w.line("Mit freundlichen Grüßen")
    w.gap(10)
    w.line(sp[1])


def lay_cover_reha(c: Ctx) -> None:
    """A rehabilitation clinic in the Eifel: 'Ihr Schreiben vom', several dates in a block."""
    w, rng = c.w, c.rng
    c.sender = "Eifelklinik Bad Münstereifel"
    c.sender_alt = ["Eifelklinik", "Rehabilitationsklinik Eifelklinik Bad Münstereifel"]
    c.fax_number, c.fax_name = "+49 2253 58 10 99", "EIFELKLINIK"
    w.line("EIFELKLINIK", "c", 18, "serifb")
    w.line("Bad Münstereifel", "c", 10, "serif")
    w.line(
        "Eifelklinik Bad Münstereifel · Fachklinik für "
        "Orthopädie und Kardiologie · Kurhausstraße 8",
        "c",
        7.5,
        "serif",
    )
    w.gap(18)
    c.address_practice()
    w.gap(8)
    a = c.other(c.days(25, 30), "reha start")
    b = c.other(c.days(2, 4), "reha end")
    w.line(
        f"Ihr Schreiben vom  {de(c.other(a - dt.timedelta(days=40), 'referral letter'))}",
        "r",
        9,
        "serif",
    )
    w.line(f"Reha-Zeitraum  {de(a)} – {de(b)}", "r", 9, "serif")
    w.line(f"Bad Münstereifel, {de(c.date)}", "r", 9, "serif")
    w.gap(10)
    c.title_text = "Reha-Entlassungsbericht"
    c.title_alt = ["Ärztlicher Entlassungsbericht"]
    w.line(c.title_text, "l", 11, "serifb")
    c.birth_printed = rng.random() < 0.7
    geb = f", geb. {de_long(c.birth)}" if c.birth_printed else ""
    w.line(
        c.mention(f"Rehabilitand{'in' if c.sex == 'F' else ''}: {c.name('tgs')}") + geb,
        "l",
        10,
        "serif",
    )
    c.as_written = c.name("tgs")
    w.gap(6)
    filler(c, 3)
    w.gap(8)
    w.line("Chefarzt Dr. med. U. Hamacher", "l", 10, "serif")
    c.notes += ["rehab period dates and referral date beside the letter date"]


LAYOUTS: dict[str, Callable[[Ctx], None]] = {
    "uniklinik_discharge": lay_uniklinik,
    "bundeswehr_bwzk": lay_bwzk,
    "lab_table": lay_lab,
    "radiology": lay_radiology,
    "gesundheitsamt": lay_gesundheitsamt,
    "drv_rheinland": lay_drv,
    "pkv": lay_pkv,
    "berufsgenossenschaft": lay_bg,
    "homecare_form": lay_homecare,
    "hospice": lay_hospice,
    "dental_surgeon": lay_dental,
    "psychotherapist": lay_psychotherapy,
    "betreuungsgericht": lay_court,
    "belgium_eupen_de": lay_eupen,
    "belgium_liege_fr": lay_liege,
    "belgium_flemish_nl": lay_flemish,
    "nl_maastricht": lay_maastricht,
    "nl_nijmegen_email": lay_nijmegen_email,
    "luxembourg_fr": lay_lux,
    "france_fr": lay_france,
    "japan_en": lay_japan,
    "greece_el": lay_greece,
    "morocco_fr": lay_morocco,
    "iran_en": lay_iran,
    "uk_nhs": lay_uk,
    "british_forces": lay_forces,
    "kim_printout": lay_kim,
    "pharmacy_email": lay_pharmacy,
    "handwritten_note": lay_handwritten,
    "specialist": lay_specialist,
    "reha_clinic": lay_cover_reha,
}
# the patients some layouts write about (surname, given names)
PREFERRED: dict[str, list[tuple[str, str]]] = {
    "japan_en": [("Tanaka", "Haruto")],
    "greece_el": [("Nikolaidis", "Georgios"), ("Papadopoulou-Wirtz", "Eleni")],
    "morocco_fr": [("El Amrani", "Mohamed")],
    "iran_en": [("Ahmadi", "Reza")],
    "uk_nhs": [("Taylor", "James")],
    "france_fr": [("Dubois", "Chantal")],
    "belgium_flemish_nl": [("Claes", "Els")],
    "nl_maastricht": [("van Dijk", "Pieter")],
}
OUTSIDERS = [
    {"surname": "Kamphausen", "given": "Gerda", "birth": "1950-06-14", "sex": "F"},
    {"surname": "Wynands", "given": "Rüdiger", "birth": "1963-02-07", "sex": "M"},
    {"surname": "Bosten", "given": "Marlene", "birth": "1999-09-19", "sex": "F"},
    {"surname": "Hollands", "given": "Kevin", "birth": "1987-12-01", "sex": "M"},
]
GERMAN_LAYOUTS = {
    "uniklinik_discharge",
    "bundeswehr_bwzk",
    "lab_table",
    "radiology",
    "gesundheitsamt",
    "drv_rheinland",
    "pkv",
    "berufsgenossenschaft",
    "homecare_form",
    "hospice",
    "dental_surgeon",
    "psychotherapist",
    "betreuungsgericht",
    "kim_printout",
    "pharmacy_email",
    "handwritten_note",
    "specialist",
    "reha_clinic",
    "belgium_eupen_de",
}


def _make(
    split_name: str,
    index: int,
    seed: int,
    layout: str,
    patients: list[Patient],
    force: int | None = None,
) -> Letter:
    rng = random.Random(seed)
    practice = PRACTICES[rng.randrange(3)]
    patient: Patient | None = None
    outsider: dict[str, str] | None = None
    trap = ""
    pref = PREFERRED.get(layout)
    roll = rng.random()
    if pref:
        s, g = pref[rng.randrange(len(pref))]
        patient = next(p for p in patients if p.surname == s and p.given_names == g)
    elif roll < 0.08:
        outsider = OUTSIDERS[rng.randrange(len(OUTSIDERS))]
    elif roll < 0.40 and layout in GERMAN_LAYOUTS:
        groups = [p for p in patients if p.collision]
        patient = groups[rng.randrange(len(groups))]
    else:
        plain = [p for p in patients if not p.collision]
        patient = plain[rng.randrange(len(plain))]
    if force is not None:
        patient, outsider = patients[force], None
    c = Ctx(rng, patient, outsider, practice)
    if (
        patient is not None
        and patient.collision == "name_change"
        and layout in GERMAN_LAYOUTS
        and (rng.random() < 0.7 or force is not None)
    ):
        c.letter_surname = patient.former_names[0]
        trap = f"letter uses the former name {patient.former_names[0]}"
    LAYOUTS[layout](c)
    if trap:
        c.notes.append(trap)
    if patient is not None and patient.collision:
        c.notes.append(f"register collision: {patient.collision} ({patient.collision_group})")
    if outsider is not None:
        c.notes.append("patient not in the register")
    facts = c.finish()
    # the fax: sent after the letter's date
    base = D.fromisoformat(facts["letter_date"]) if facts["letter_date"] else c.date
    sent = dt.datetime(
        base.year, base.month, base.day, rng.randint(7, 19), rng.randint(0, 59)
    ) + dt.timedelta(days=rng.randint(1, 5))  # faxed on a later day than the letter's date
    cover = rng.random() < 0.34
    fax = {
        "sent": sent.strftime("%Y-%m-%dT%H:%M"),
        "cover_sheet": cover,
        "number": c.fax_number,
        "resolution": "204x196" if rng.random() < 0.6 else "204x98",
        "g4": rng.random() < 0.5,
        "header_name": c.fax_name or c.sender[:24].upper(),
    }
    stamp = None
    if rng.random() < 0.45:
        stamp = (sent.date() + dt.timedelta(days=rng.randint(1, 4))).isoformat()
    cover_lines: list[Line] = []
    if cover:
        cw = Writer(top=70)
        cw.line("TELEFAX", "c", 26, "sansb")
        cw.line("Faxdeckblatt / Fax cover sheet", "c", 10)
        cw.gap(20)
        cw.line(f"An:        {practice['names'][-1]}", "l", 11, "mono")
        cw.line(f"Fax-Nr.:   {practice['fax']}", "l", 11, "mono")
        cw.line(f"Von:       {fax['header_name']}", "l", 11, "mono")
        cw.line(f"Fax-Nr.:   {c.fax_number}", "l", 11, "mono")
        cw.line(f"Datum:     {de(sent.date())}", "l", 11, "mono")
        cw.line(f"Seiten:    {len(c.w.pages) + 1} (inkl. Deckblatt)", "l", 11, "mono")
        cw.gap(20)
        cw.para(
            "VERTRAULICH – Dieses Fax enthält Patientendaten. "
            "Falls Sie nicht der richtige Empfänger "
            "sind, benachrichtigen Sie uns bitte umgehend und vernichten Sie die Unterlagen.",
            10,
        )
        cover_lines = cw.pages[0]
    reg = None
    if patient is not None:
        reg = {
            "id": patient.id,
            "collision": patient.collision or None,
            "collision_group": patient.collision_group or None,
        }
    return Letter(
        id=f"{split_name}-{index + 1:03d}",
        split=split_name,
        seed=seed,
        layout=layout,
        language=c.language,
        region=c.region,
        pages=c.w.pages,
        facts=facts,
        register=reg,
        notes=c.notes,
        handwritten=c.handwritten,
        fax=fax,
        stamp=stamp,
        cover=cover_lines,
        recipient=practice["name"],
    )


_PATIENTS: list[Patient] = []


def _patients() -> list[Patient]:
    if not _PATIENTS:
        _PATIENTS.extend(build())
    return _PATIENTS


def _letters(
    split_name: str, seed: int, layouts: list[str], force: dict[int, int] | None = None
) -> list[Letter]:
    rng = random.Random(seed)
    pts = _patients()
    force = force or {}
    return [
        _make(split_name, i, rng.randrange(1 << 30), lay, pts, force.get(i))
        for i, lay in enumerate(layouts)
    ]


# test letters about chosen register collisions (letter index -> register position): the old
# name Kreutzer, the ASCII-spelt Mueller and Koehler, the second Peter Schmitz, Papadopoulou
TEST_FORCE = {35: 6, 22: 10, 30: 12, 37: 1, 10: 7}


def split(name: str) -> list[Letter]:
    names = list(LAYOUTS)
    if name == "test":
        rng = random.Random(50_4001)
        extra = [
            "specialist",
            "specialist",
            "uniklinik_discharge",
            "lab_table",
            "radiology",
            "specialist",
            "kim_printout",
            "handwritten_note",
            "lab_table",
        ]
        layouts = names + extra
        rng.shuffle(layouts)
        return _letters("test", 50_4002, layouts[:40], TEST_FORCE)
    if name == "examples":
        rng = random.Random(50_4101)
        layouts = rng.sample(names, 6)
        return _letters("examples", 50_4102, layouts)
    raise ValueError(f"unknown split {name!r}")


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    rng = random.Random(seed)
    names = list(LAYOUTS)
    layouts = [names[rng.randrange(len(names))] for _ in range(count)]
    return _letters(split_name, rng.randrange(1 << 30), layouts)
