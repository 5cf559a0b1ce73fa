"""Generated post of three Ruhr-area general practices, with exact truth.

``split("test")`` (40 letters), ``split("examples")`` (6), ``generate(count, seed)``.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field
from functools import lru_cache

from . import register
from .render import (
    PAGE_H,
    Line,
    Page,
    render_fax,
    render_pdf,
    render_scan,
    width,
)

SET_NAME = "heldout50ab"
SPLIT_SEEDS = {"test": 50_2001, "examples": 50_2002}
SPLIT_COUNTS = {"test": 40, "examples": 6}

PRACTICES: list[dict] = [
    {
        "name": "Gemeinschaftspraxis für Allgemeinmedizin und hausärztliche Innere Medizin "
        "am Westfalendamm",
        "names": [
            "Gemeinschaftspraxis für Allgemeinmedizin und hausärztliche Innere Medizin "
            "am Westfalendamm",
            "Gemeinschaftspraxis am Westfalendamm",
            "Hausarztpraxis am Westfalendamm",
            "Praxis am Westfalendamm",
        ],
        "doctor": "Dr. med. Katharina Brinkhoff-Schulte",
        "address": "Westfalendamm 212, 44141 Dortmund",
        "fax": "0231 5581247",
        "kind": "Gemeinschaftspraxis (Allgemeinmedizin / hausärztliche Innere Medizin)",
        "stamp": "Praxis am Westfalendamm",
    },
    {
        "name": "Hausarztpraxis Dr. Okan Yıldırım",
        "names": [
            "Hausarztpraxis Dr. Okan Yıldırım",
            "Praxis Dr. Yıldırım",
            "Hausarztpraxis Dr. Yildirim",
        ],
        "doctor": "Dr. med. Okan Yıldırım",
        "address": "Hochstraße 41, 45894 Gelsenkirchen",
        "fax": "0209 3861574",
        "kind": "Einzelpraxis (Allgemeinmedizin)",
        "stamp": "Praxis Dr. Yıldırım",
    },
    {
        "name": "Praxis Wittkamp & Nowak",
        "names": [
            "Praxis Wittkamp & Nowak",
            "Hausärzte Wittkamp & Nowak",
            "Praxis Wittkamp und Nowak",
        ],
        "doctor": "Jan Wittkamp",
        "address": "Bahnhofstraße 88, 44623 Herne",
        "fax": "02323 947712",
        "kind": "Berufsausübungsgemeinschaft (Hausärzte)",
        "stamp": "Wittkamp & Nowak",
    },
]


def practice_names() -> list[dict]:
    return [
        {k: (list(v) if isinstance(v, list) else v) for k, v in p.items() if k != "stamp"}
        for p in PRACTICES
    ]


# --- dates ----------------------------------------------------------------------------------

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
MON_DE_ABBR = [
    "Jan.",
    "Feb.",
    "März",
    "Apr.",
    "Mai",
    "Juni",
    "Juli",
    "Aug.",
    "Sept.",
    "Okt.",
    "Nov.",
    "Dez.",
]
MON_TR = [
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
MON_PL = [
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
MON_EL = [
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
MON_IT = [
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
MON_PT = [
    "janeiro",
    "fevereiro",
    "março",
    "abril",
    "maio",
    "junho",
    "julho",
    "agosto",
    "setembro",
    "outubro",
    "novembro",
    "dezembro",
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


def fmt(d: dt.date, style: str) -> str:
    dd, mm, y = d.day, d.month, d.year
    m = mm - 1
    table = {
        "num": f"{dd:02d}.{mm:02d}.{y}",
        "num1": f"{dd}.{mm}.{y}",
        "short": f"{dd:02d}.{mm:02d}.{y % 100:02d}",
        "long": f"{dd}. {MON_DE[m]} {y}",
        "long0": f"{dd:02d}. {MON_DE[m]} {y}",
        "abbr": f"{dd}. {MON_DE_ABBR[m]} {y}",
        "iso": d.isoformat(),
        "tr": f"{dd} {MON_TR[m]} {y}",
        "pl": f"{dd} {MON_PL[m]} {y}",
        "el": f"{dd} {MON_EL[m]} {y}",
        "it": f"{dd} {MON_IT[m]} {y}",
        "nl": f"{dd} {MON_NL[m]} {y}",
        "nldash": f"{dd:02d}-{mm:02d}-{y}",
        "pt": f"{dd} de {MON_PT[m]} de {y}",
        "slash": f"{dd:02d}/{mm:02d}/{y}",
        "us": f"{mm:02d}/{dd:02d}/{y}",
        "mil": f"{dd:02d} {MON_EN[m][:3].upper()} {y}",
        "en": f"{dd} {MON_EN[m]} {y}",
        "sr": f"{dd:02d}.{mm:02d}.{y}.",
    }
    return table[style]


def _date_between(rng: random.Random, a: dt.date, b: dt.date) -> dt.date:
    return dt.date.fromordinal(rng.randint(a.toordinal(), b.toordinal()))


# --- the page flow --------------------------------------------------------------------------

LM = 62.0
RM = 533.0
TOP = 46.0
BOTTOM = 770.0


class Flow:
    def __init__(self, lm: float = LM, rm: float = RM) -> None:
        self.pages: list[list[Line]] = [[]]
        self.lm = lm
        self.rm = rm
        self.y = TOP

    def at(
        self, text: str, x: float, y: float, font: str = "sans", size: float = 10, grey: int = 0
    ) -> Line:
        ln = Line(text, round(x, 2), round(y, 2), font, size, grey)
        self.pages[-1].append(ln)
        return ln

    def ensure(self, h: float) -> None:
        if self.y + h > BOTTOM:
            self.pages.append([])
            self.y = 92.0

    def line(
        self,
        text: str,
        font: str = "sans",
        size: float = 10,
        align: str = "left",
        lead: float = 1.4,
        x: float | None = None,
        grey: int = 0,
    ) -> None:
        self.ensure(size * lead)
        self.y += size * lead
        if x is None:
            if align == "right":
                x = self.rm - width(text, font, size)
            elif align == "center":
                x = (self.lm + self.rm - width(text, font, size)) / 2
            else:
                x = self.lm
        self.at(text, x, self.y, font, size, grey)

    def gap(self, h: float) -> None:
        self.y += h

    def para(
        self, text: str, font: str = "sans", size: float = 10, lead: float = 1.4, indent: float = 0
    ) -> None:
        words = text.split(" ")
        cur = ""
        limit = self.rm - self.lm - indent
        for w in words:
            cand = f"{cur} {w}" if cur else w
            if cur and width(cand, font, size) > limit:
                self.line(cur, font, size, lead=lead, x=self.lm + indent)
                cur = w
            else:
                cur = cand
        if cur:
            self.line(cur, font, size, lead=lead, x=self.lm + indent)


# --- people -----------------------------------------------------------------------------------


@dataclass
class Person:
    given: str  # as the letter spells them
    surname: str
    sex: str
    birth_date: dt.date
    title: str = ""
    birth_name: str = ""
    patient: register.Patient | None = None
    notes: list[str] = field(default_factory=list)


EXTERNAL_PEOPLE = [
    ("Heinrich", "Kortmann", "M", "de"),
    ("Gerda", "Wilmsmeier", "F", "de"),
    ("Cem", "Karataş", "M", "tr"),
    ("Bożena", "Pawlak", "F", "pl"),
    ("Luca", "Ferraro", "M", "it"),
    ("Ilir", "Rexhepi", "M", "xk"),
    ("Annelies", "Bosman", "F", "nl"),
    ("Paulo", "Marques Teixeira", "M", "pt"),
    ("Stavros", "Antoniou", "M", "gr"),
    ("Marija", "Ilić", "F", "rs"),
    ("Detlef", "Sondermann", "M", "de"),
    ("Helga", "Overkamp", "F", "de"),
]


@lru_cache(maxsize=1)
def _register() -> tuple[register.Patient, ...]:
    return tuple(register.build())


NO_BIRTH_KINDS = (
    "werksarzt_mitteilung",
    "physiotherapie_bericht",
    "email_ausdruck",
    "handschriftliche_notiz",
)
UNDECIDABLE_WITHOUT_BIRTH = ("same_name_same_birth_date", "namesake")


def pick_person(
    rng: random.Random, origin: str | None, kind: str = "", want: str | None = None
) -> Person:
    pats = tuple(
        p
        for p in _register()
        if kind not in NO_BIRTH_KINDS or p.collision not in UNDECIDABLE_WITHOUT_BIRTH
    )
    r = rng.random()
    wanted = [p for p in pats if want and p.collision == want]
    if wanted:
        r = 0.5
    if r < 0.09:
        cands = [e for e in EXTERNAL_PEOPLE if origin in (None, e[3])] or EXTERNAL_PEOPLE
        g, s, sex, _o = rng.choice(cands)
        bd = dt.date(rng.randint(1936, 1999), rng.randint(1, 12), rng.randint(1, 28))
        return Person(g, s, sex, bd, notes=["patient is not in the register"])
    pool: list[register.Patient]
    if wanted:
        pool = wanted
    elif r < 0.42:
        pool = [p for p in pats if p.collision and (origin is None or p.origin == origin)]
    else:
        pool = [p for p in pats if origin is None or p.origin == origin]
    if not pool:
        pool = [p for p in pats if origin is None or p.origin == origin] or list(pats)
    p = rng.choice(pool)
    person = Person(p.given_names, p.surname, p.sex, p.birth_date, p.title, p.birth_name, p)
    if p.collision:
        person.notes.append(f"register collision: {p.collision} ({p.collision_group})")
    if p.collision == "name_change" and rng.random() < 0.75:
        person.surname = p.former_names[-1] if rng.random() < 0.5 else p.former_names[0]
        person.notes.append(
            f"the letter uses the former name {person.surname}; the register's name is {p.surname}"
        )
    return person


# --- the letter -------------------------------------------------------------------------------


@dataclass
class Draft:
    rng: random.Random
    practice: dict
    person: Person
    letter_date: dt.date | None
    kind: str = ""
    language: str = "de"
    region: str = "DE"
    sender: str = ""
    sender_alts: list[str] = field(default_factory=list)
    title: str | None = None
    title_alts: list[str] = field(default_factory=list)
    as_written: str = ""
    name_as_letter: str = ""
    birth_printed: bool = False
    patient_id: str | None = None
    other_dates: list[dict] = field(default_factory=list)
    other_people: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    fax_number: str = ""
    handwritten: bool = False
    flow: Flow = field(default_factory=Flow)
    running: str = ""

    def mention(self, written: str, given_surname: str) -> str:
        if not self.as_written:
            self.as_written = written
            self.name_as_letter = given_surname
        return written

    def other(self, d: dt.date, style: str, role: str) -> str:
        entry = {"date": d.isoformat(), "role": role}
        if entry not in self.other_dates:
            self.other_dates.append(entry)
        return fmt(d, style)

    def birth(self, style: str) -> str:
        self.birth_printed = True
        return fmt(self.person.birth_date, style)

    def address(self) -> None:
        """The patient's address, always where the register holds a same-name twin."""
        reg = self.person.patient
        if reg is None:
            return
        if reg.collision != "same_name_same_birth_date" and self.rng.random() > 0.15:
            return
        label = {
            "de": "Anschrift",
            "tr": "Adres",
            "pl": "Adres",
            "el": "Διεύθυνση",
            "it": "Indirizzo",
            "sq": "Adresa",
            "sr": "Adresa",
            "nl": "Adres",
            "pt": "Morada",
            "en": "Address",
        }[self.language]
        if any("\u0400" <= c <= "\u04ff" for c in self.sender):
            label = "Адреса"
        last = self.flow.pages[-1][-1]
        self.flow.line(
            f"{label}: {reg.street}, {reg.postcode} {reg.city}", last.font, min(last.size, 10)
        )
        if reg.collision == "same_name_same_birth_date":
            self.notes.append("same name and birth date in the register: only the address decides")

    def dated(self, style: str) -> str:
        assert self.letter_date is not None
        return fmt(self.letter_date, style)


def recipient_block(dr: Draft, x: float, y: float, size: float = 10, font: str = "sans") -> float:
    """The practice's address in the window; returns the y after it."""
    p = dr.practice
    rng = dr.rng
    name = rng.choice(p["names"])
    lines: list[str] = []
    if width(name, font, size) > 240:
        # the long name breaks over two lines
        words = name.split(" ")
        cut = len(words) // 2 + 1
        lines += [" ".join(words[:cut]), " ".join(words[cut:])]
    else:
        lines.append(name)
    if rng.random() < 0.6:
        lines.append(p["doctor"])
    street, city = p["address"].split(", ")
    lines += [street, city]
    for ln in lines:
        y += size * 1.3
        dr.flow.at(ln, x, y, font, size)
    return y


def sender_line(dr: Draft, text: str, y: float, x: float = LM) -> None:
    dr.flow.at(text, x, y, "sans", 6.5, grey=60)


def person_name(dr: Draft, style: str) -> str:
    """A first mention of the patient in one of many styles; records as_written."""
    p = dr.person
    g, s = p.given, p.surname
    t = f"{p.title} " if p.title and style in ("title", "herr_title") else ""
    forms = {
        "plain": (f"{t}{g} {s}", f"{g} {s}"),
        "title": (f"{t}{g} {s}", f"{g} {s}"),
        "herr_title": (f"{t}{g} {s}", f"{g} {s}"),
        "comma": (f"{s}, {g}", f"{g} {s}"),
        "caps_comma": (f"{s.upper()}, {g}", f"{g} {s.upper()}"),
        "caps": (f"{g.upper()} {s.upper()}", f"{g.upper()} {s.upper()}"),
        "given_caps": (f"{g} {s.upper()}", f"{g} {s.upper()}"),
        "surname_first": (f"{s} {g}", f"{g} {s}"),
    }
    written, gs = forms[style]
    dr.mention(written, gs)
    return written


def salutation(p: Person) -> str:
    return "Herrn" if p.sex == "M" else "Frau"


def herr_frau(p: Person) -> str:
    return "Herr" if p.sex == "M" else "Frau"


def finish_pages(dr: Draft) -> list[Page]:
    pages = dr.flow.pages
    n = len(pages)
    out = []
    for i, lines in enumerate(pages):
        lines = list(lines)
        if n > 1:
            if i > 0 and dr.running:
                lines.insert(0, Line(f"{dr.running} – Seite {i + 1}", LM, 60, "sans", 8, 40))
            label = f"Seite {i + 1} von {n}" if dr.language == "de" else f"{i + 1}/{n}"
            lines.append(Line(label, RM - width(label, "sans", 8), 805, "sans", 8, 40))
        out.append(Page(lines))
    return out


# --- German kinds ---------------------------------------------------------------------------

HOSPITALS = [
    (
        "Universitätsklinikum Ruhrbogen Essen",
        "UK Ruhrbogen",
        "Klinik für Kardiologie und Angiologie",
        "Hufelandstraße 77, 45147 Essen",
        "0201 723-84410",
        "Essen",
    ),
    (
        "Knappschafts-Klinikum Emscher-Lippe",
        "Knappschafts-Klinikum",
        "Klinik für Pneumologie",
        "Dorstener Straße 151, 45657 Recklinghausen",
        "02361 56-2290",
        "Recklinghausen",
    ),
    (
        "Evangelisches Klinikum Hellweg Dortmund",
        "EvK Hellweg",
        "Klinik für Geriatrie",
        "Wittekindstraße 40, 44139 Dortmund",
        "0231 1843-5519",
        "Dortmund",
    ),
    (
        "St. Anna-Hospital Herne-Wanne",
        "St. Anna-Hospital",
        "Klinik für Unfallchirurgie und Orthopädie",
        "Hospitalstraße 19, 44649 Herne",
        "02325 986-2201",
        "Herne",
    ),
    (
        "Kath. Klinikum Gelsenkirchen-Buer St. Urban",
        "St. Urban",
        "Medizinische Klinik II – Gastroenterologie",
        "Mühlenstraße 5, 45894 Gelsenkirchen",
        "0209 364-1180",
        "Gelsenkirchen",
    ),
    (
        "Allgemeines Krankenhaus Hagen-Volmetal",
        "AKH Volmetal",
        "Klinik für Neurologie und Stroke Unit",
        "Grünstraße 35, 58095 Hagen",
        "02331 201-4470",
        "Hagen",
    ),
    (
        "Universitätsklinikum Bochum-Langendreer",
        "UK Bochum-Langendreer",
        "Medizinische Klinik I – Nephrologie",
        "In der Schornau 23, 44892 Bochum",
        "0234 299-3301",
        "Bochum",
    ),
]

DOCTORS = [
    "Prof. Dr. med. Matthias Gräfe",
    "Dr. med. Sabine Kuhlmann",
    "PD Dr. Ahmet Kaplan",
    "Dr. med. Ewa Rogalski",
    "Dr. Christoph Ohlendorf",
    "Dr. med. Nikos Tsakiris",
    "Dr. med. Birgit Hesse-Lammers",
    "Oberarzt Dr. Felix Wüllner",
]

DIAG = [
    "Koronare Herzkrankheit, 2-Gefäßerkrankung (I25.12)",
    "Arterielle Hypertonie (I10.00)",
    "Diabetes mellitus Typ 2, insulinpflichtig (E11.90)",
    "COPD GOLD III (J44.10)",
    "Pneumokokken-Pneumonie rechts basal (J13)",
    "Vorhofflimmern, paroxysmal (I48.0)",
    "Pertrochantäre Femurfraktur links (S72.10)",
    "Chronische Niereninsuffizienz Stadium 3b (N18.3)",
    "Ischämischer Hirninfarkt im Mediastromgebiet links (I63.4)",
    "Cholezystolithiasis (K80.20)",
    "Silikose (J62.8), anerkannte Berufskrankheit Nr. 4101",
]


def _diags(rng: random.Random, k: int) -> list[str]:
    return rng.sample(DIAG, k)


def kind_hospital(dr: Draft) -> None:
    rng, f, p = dr.rng, dr.flow, dr.person
    hosp = rng.choice(HOSPITALS)
    name, short, dept, addr, fax, city = hosp
    dr.sender, dr.sender_alts = name, [short, f"{name}, {dept}", dept]
    dr.fax_number = fax
    head_align = rng.choice(["left", "right", "center"])
    f.y = 40
    f.line(name, "sansb", 13, head_align)
    f.line(dept, "sans", 9.5, head_align)
    f.line(f"Chefarzt {rng.choice(DOCTORS)}", "sans", 8.5, head_align)
    sender_line(dr, f"{short} · {addr}", 132)
    y = recipient_block(dr, LM, 140)
    # info block on the right, staggered baselines
    adm = dr.letter_date - dt.timedelta(days=rng.randint(6, 16))  # type: ignore[operator]
    dis = dr.letter_date - dt.timedelta(days=rng.randint(0, 4))  # type: ignore[operator]
    fall = f"Fall-Nr. {rng.randint(40000000, 49999999)}"
    info = [f"Telefon {fax[:-4]}{rng.randint(1000, 9999)}", f"Telefax {fax}", fall]
    date_style = rng.choice(["num", "long", "num"])
    date_on_top = rng.random() < 0.7
    if date_on_top:
        info.append(f"Datum: {dr.dated(date_style)}")
    for i, t in enumerate(info):
        f.at(t, 380, 147 + i * 12.5, "sans", 8.5)
    f.y = max(y, 147 + len(info) * 12.5) + 26
    title = rng.choice(
        ["Entlassungsbrief", "Vorläufiger Entlassungsbrief", "Arztbrief", "Epikrise"]
    )
    dr.title = title
    pn = rng.choice(["plain", "title", "caps_comma", "comma"])
    if pn in ("plain", "title"):
        who = f"{salutation(p)} {person_name(dr, pn)}"
    else:
        who = person_name(dr, pn)
    bstyle = rng.choice(["num", "num1"])
    if rng.random() < 0.5:
        f.line(f"{title.upper()}", "sansb", 11)
        f.line(f"Betr.: {who}, geb. {dr.birth(bstyle)}", "sansb", 10)
        dr.address()
        dr.title, dr.title_alts = title.upper(), [title]
    else:
        f.line(f"{title} über {who}, geb. am {dr.birth(bstyle)}", "sansb", 10.5)
        dr.address()
        dr.title_alts = [f"{title} über"]
    if p.birth_name and rng.random() < 0.6:
        f.line(
            f"geb. {p.birth_name}, wohnhaft in {p.patient.city if p.patient else 'Bochum'}",
            "sans",
            10,
        )
        dr.notes.append("maiden name printed after 'geb.' beside a birth date 'geb.'")
    f.line(
        f"Stationärer Aufenthalt vom {dr.other(adm, 'num', 'admission')} bis "
        f"{dr.other(dis, 'num', 'discharge')}",
        "sans",
        10,
    )
    f.gap(8)
    f.line("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,", "sans", 10)
    f.gap(3)
    f.para(
        f"wir berichten über {'Ihren Patienten' if p.sex == 'M' else 'Ihre Patientin'}, "
        f"{'der' if p.sex == 'M' else 'die'} sich in unserer stationären Behandlung befand.",
        "sans",
        10,
    )
    f.gap(6)
    f.line("Diagnosen:", "sansb", 10)
    for d in _diags(rng, rng.randint(3, 5)):
        f.line(f"– {d}", "sans", 10, x=LM + 8)
    f.gap(6)
    f.line("Anamnese:", "sansb", 10)
    f.para(
        "Die Vorstellung erfolgte über die Zentrale Notaufnahme mit seit drei Tagen "
        "zunehmender Luftnot, Husten und Fieber. Vorerkrankungen siehe Diagnoseliste.",
        "sans",
        10,
    )
    f.gap(4)
    paras = [
        "Die stationäre Aufnahme erfolgte über unsere Zentrale Notaufnahme bei zunehmender "
        "Belastungsdyspnoe und thorakalem Druckgefühl. Laborchemisch zeigten sich erhöhte "
        "Entzündungsparameter bei normwertigem Troponin.",
        "Unter der eingeleiteten Therapie kam es zu einer raschen Besserung der Beschwerden. "
        "Die antibiotische Behandlung wurde nach sieben Tagen beendet, die Entzündungswerte "
        "waren zuletzt deutlich rückläufig.",
        "Echokardiographisch zeigte sich eine leichtgradig eingeschränkte linksventrikuläre "
        "Pumpfunktion ohne relevante Klappenvitien. Im Langzeit-EKG keine höhergradigen "
        "Rhythmusstörungen.",
        "Die Mobilisation gelang zunehmend selbstständig. Die Versorgung im häuslichen Umfeld "
        "ist durch die Familie und einen ambulanten Pflegedienst sichergestellt.",
        "Sozialanamnese: ehemals unter Tage beschäftigt (Zeche Zollverein, Hauer, 28 Jahre), "
        "Nikotinabusus mit etwa 40 pack years, seit zehn Jahren Nichtraucher.",
        "Die Blutzuckereinstellung wurde an die verminderte Nierenfunktion angepasst. Wir "
        "bitten um regelmäßige Kontrolle der Blutzuckerwerte und des HbA1c.",
        "Bei Sturzneigung erfolgte eine geriatrische Frührehabilitation mit Physio- und "
        "Ergotherapie. Ein Rollator wurde verordnet.",
    ]
    f.line("Befunde bei Aufnahme:", "sansb", 10)
    findings = [
        "RR 152/88 mmHg, HF 96/min, SpO2 91 % unter Raumluft, Temperatur 38,4 °C",
        "Labor: Leukozyten 14,2/nl, CRP 86 mg/l, Kreatinin 1,6 mg/dl, Kalium 4,9 mmol/l",
        "EKG: Sinusrhythmus, Linkstyp, keine Erregungsrückbildungsstörungen",
        "Röntgen-Thorax: Infiltrat rechts basal, kein Pleuraerguss",
        "Sonographie Abdomen: Leber homogen, Gallenblase mit Konkrementen, Nieren unauffällig",
        "Neurologisch: keine fokalen Defizite, Orientierung zu allen Qualitäten",
    ]
    for item in rng.sample(findings, rng.randint(3, 6)):
        f.para(f"– {item}", "sans", 10, indent=8)
    f.gap(6)
    f.line("Verlauf:", "sansb", 10)
    for text in rng.sample(paras, rng.randint(3, 7)):
        f.para(text, "sans", 10)
        f.gap(4)
    f.line("Medikation bei Entlassung:", "sansb", 10)
    for med in rng.sample(
        [
            "Ramipril 5 mg 1-0-0",
            "Bisoprolol 2,5 mg 1-0-0",
            "Apixaban 5 mg 1-0-1",
            "Metformin 1000 mg 1-0-1",
            "Atorvastatin 40 mg 0-0-1",
            "Pantoprazol 20 mg 1-0-0",
            "Tiotropium 18 µg 1 Hub morgens",
        ],
        4,
    ):
        f.line(med, "mono", 9.5, x=LM + 8)
    f.gap(6)
    wv = dr.letter_date + dt.timedelta(days=rng.randint(20, 60))  # type: ignore[operator]
    f.para(
        "Wir bitten um Wiedervorstellung in unserer Ambulanz am "
        f"{dr.other(wv, 'num', 'follow-up')} "
        "sowie um Kontrolle von Blutbild und Nierenwerten in Ihrer Praxis.",
        "sans",
        10,
    )
    f.gap(10)
    f.line("Mit freundlichen kollegialen Grüßen", "sans", 10)
    f.gap(16)
    doc1, doc2 = rng.sample(DOCTORS, 2)
    f.line(f"{doc1}          {doc2}", "sans", 9.5)
    dr.other_people.append({"name": doc1, "role": "signing physician"})
    dr.other_people.append({"name": doc2, "role": "signing physician"})
    if not date_on_top:
        f.gap(6)
        f.line(f"{city}, {dr.dated(date_style)}", "sans", 10)
        dr.notes.append("letter date only below the signatures")
    dr.running = f"{title} {p.given} {p.surname}, geb. {fmt(p.birth_date, bstyle)}"
    dr.notes.append("admission and discharge dates near the letter date")


SPECIALISTS = [
    (
        "Kardiologische Gemeinschaftspraxis Dr. Feldmann & Dr. Öztürk",
        "Dr. Feldmann & Dr. Öztürk",
        "Kortumstraße 45, 44787 Bochum",
        "0234 6109-88",
        "Bochum",
        "Kardiologischer Befundbericht",
        "Dr. med. Uwe Feldmann",
    ),
    (
        "Dr. med. Ralf Steinbrink",
        "Orthopädische Praxis Steinbrink",
        "Breite Straße 3, 45657 Recklinghausen",
        "02361 24488",
        "Recklinghausen",
        "Arztbrief",
        "Dr. med. Ralf Steinbrink",
    ),
    (
        "Neurologische Praxis am Stadtgarten",
        "Neurologie am Stadtgarten",
        "Huyssenallee 12, 45128 Essen",
        "0201 8156-30",
        "Essen",
        "Neurologischer Befund",
        "Dr. med. Mirela Dragović",
    ),
    (
        "Augenzentrum Emscher MVZ GmbH",
        "Augenzentrum Emscher",
        "Wanner Straße 2, 44623 Herne",
        "02323 39901-9",
        "Herne",
        "Augenärztlicher Bericht",
        "Dr. Thomas Kaczmarek",
    ),
    (
        "Pneumologische Praxis Castrop-Rauxel",
        "Lungenpraxis Castrop",
        "Münsterplatz 6, 44575 Castrop-Rauxel",
        "02305 44120",
        "Castrop-Rauxel",
        "Lungenfunktionsbefund",
        "Dr. med. Heike Pruß",
    ),
]


def kind_specialist(dr: Draft) -> None:
    rng, f, p = dr.rng, dr.flow, dr.person
    org, short, addr, fax, city, title, doc = rng.choice(SPECIALISTS)
    dr.fax_number = fax
    dr.sender, dr.sender_alts = org, [short, doc]
    serif = rng.random() < 0.5
    fh, fb = ("serif", "serifb") if serif else ("cond", "condb")
    f.y = 36
    if org.startswith("Dr."):
        f.line(org, fb, 14, "center")
        f.line(
            "Facharzt für Orthopädie und Unfallchirurgie · Chirotherapie · Sportmedizin",
            fh,
            8.5,
            "center",
        )
    else:
        f.line(org, fb, 12.5, "right")
        f.line(doc, fh, 9, "right")
    f.line(f"{addr} · Tel. {fax[:-2]}0 · Fax {fax}", fh, 8, "center")
    y = recipient_block(dr, LM, 140, 10, fh)
    f.y = y + 24
    top = rng.random() < 0.5
    if top:
        f.line(f"{city}, den {dr.dated('long')}", fh, 10, "right")
    f.gap(10)
    label = rng.choice(["Betreff: ", "", "Betr.: "])
    dr.title = title
    f.line(f"{label}{title}", fb, 11)
    style = rng.choice(["plain", "caps_comma", "surname_first", "title"])
    who = person_name(dr, style)
    born = rng.choice(["*", "geb.", "Geb.-Dat.:"])
    f.line(f"Patient{'in' if p.sex == 'F' else ''}: {who}  {born} {dr.birth('num')}", fb, 10)
    dr.address()
    exam = dr.letter_date - dt.timedelta(days=rng.randint(1, 12))  # type: ignore[operator]
    f.line(f"Untersuchung am {dr.other(exam, 'num', 'examination')}", fh, 10)
    f.gap(8)
    f.line("Sehr geehrte Kollegin, sehr geehrter Kollege,", fh, 10)
    f.para(
        "vielen Dank für die freundliche Überweisung. Die Vorstellung erfolgte zur Abklärung der "
        "seit einigen Wochen bestehenden Beschwerden. Klinisch und apparativ ergab sich kein "
        "Hinweis auf eine akute Gefährdung. Wir empfehlen die Fortführung der bestehenden "
        "Therapie und eine Kontrolle in sechs Monaten.",
        fh,
        10,
    )
    f.gap(6)
    f.line("Beurteilung:", fb, 10)
    f.para(
        rng.choice(DIAG) + ". Befund stabil, keine Progredienz gegenüber der Voruntersuchung.",
        fh,
        10,
    )
    if rng.random() < 0.4:
        rel_bd = _date_between(rng, dt.date(1955, 1, 1), dt.date(1975, 12, 31))
        rel = rng.choice(["Ehefrau", "Tochter", "Sohn", "Bruder"])
        rname = f"{rng.choice(['Ilse', 'Martina', 'Kerstin', 'Markus', 'Oliver'])} {p.surname}"
        f.para(
            f"Familienanamnese: {rel} {rname} "
            f"(geb. {dr.other(rel_bd, 'num', 'birth date of a relative')}) "
            "mit gleichartiger Erkrankung.",
            fh,
            10,
        )
        dr.other_people.append({"name": rname, "role": f"relative ({rel})"})
        dr.notes.append("a relative's birth date is printed")
    f.gap(10)
    f.line("Mit freundlichen Grüßen", fh, 10)
    f.gap(14)
    f.line(doc, fh, 10)
    dr.other_people.append({"name": doc, "role": "signing physician"})
    if not top:
        f.gap(6)
        f.line(f"{city}, {dr.dated('num')}", fh, 10)
        dr.notes.append("date only at the end")


LABS = [
    (
        "MVZ Labor Dortmund-Eving GmbH",
        "Labor Dortmund-Eving",
        "Deutsche Straße 10, 44339 Dortmund",
        "0231 98566-199",
    ),
    (
        "Labor Dr. Wenzel & Kollegen",
        "Labor Wenzel",
        "Universitätsstraße 64, 44789 Bochum",
        "0234 97831-50",
    ),
]


def kind_lab(dr: Draft) -> None:
    rng, f, p = dr.rng, dr.flow, dr.person
    org, short, addr, fax = rng.choice(LABS)
    dr.fax_number = fax
    dr.sender, dr.sender_alts = org, [short]
    dr.title = rng.choice(["Laborbefund", "Befundbericht Labor", "Endbefund"])
    f.y = 34
    f.line(org, "monob", 11)
    f.line(f"{addr} | Fax {fax}", "mono", 8)
    y = recipient_block(dr, LM, 110, 9.5, "mono")
    coll = dr.letter_date - dt.timedelta(days=rng.randint(0, 2))  # type: ignore[operator]
    rec = coll + dt.timedelta(days=rng.randint(0, 1))
    f.y = y + 20
    f.line(dr.title, "monob", 12)
    f.gap(4)
    style = rng.choice(["caps_comma", "comma", "caps"])
    who = person_name(dr, style)
    f.line(f"Name     : {who}", "mono", 9.5)
    f.line(
        f"Geb.-Dat.: {dr.birth('num')}      Geschl.: {'m' if p.sex == 'M' else 'w'}", "mono", 9.5
    )
    dr.address()
    if p.patient and rng.random() < 0.7:
        dr.patient_id = p.patient.id
        f.line(f"Pat.-Nr. Einsender: {p.patient.id}", "mono", 9.5)
        dr.notes.append("the practice's patient number printed beside the lab's own numbers")
    f.line(
        f"Auftrags-Nr.: {rng.randint(2600000, 2699999)}   Barcode {rng.randint(10**9, 10**10 - 1)}",
        "mono",
        9.5,
    )
    f.line(
        f"Entnahme : {dr.other(coll, 'num', 'collection')}  "
        f"{rng.randint(7, 11):02d}:{rng.randint(0, 59):02d}",
        "mono",
        9.5,
    )
    f.line(f"Eingang  : {dr.other(rec, 'num', 'receipt at the lab')}", "mono", 9.5)
    f.line(f"Befund   : {dr.dated('num')}  (Endbefund)", "mono", 9.5)
    f.gap(8)
    f.line(f"{'Parameter':<22}{'Ergebnis':>10}  {'Einheit':<10}{'Referenz':<14}", "monob", 9)
    rows = [
        ("Hämoglobin", "13.8", "g/dl", "12.0 - 16.0"),
        ("Leukozyten", "7.9", "/nl", "4.0 - 10.0"),
        ("Thrombozyten", "231", "/nl", "150 - 400"),
        ("Kreatinin", "1.31 H", "mg/dl", "0.50 - 1.10"),
        ("eGFR (CKD-EPI)", "52 L", "ml/min", "> 60"),
        ("Kalium", "4.6", "mmol/l", "3.5 - 5.1"),
        ("HbA1c", "7.4 H", "%", "< 6.5"),
        ("TSH", "1.92", "mU/l", "0.27 - 4.20"),
        ("CRP", "12.4 H", "mg/l", "< 5.0"),
        ("LDL-Cholesterin", "131", "mg/dl", "< 100"),
        ("GOT (AST)", "28", "U/l", "< 35"),
        ("GPT (ALT)", "33", "U/l", "< 35"),
    ]
    for name, val, unit, ref in rng.sample(rows, rng.randint(7, 12)):
        f.line(f"{name:<22}{val:>10}  {unit:<10}{ref:<14}", "mono", 9)
    f.gap(10)
    f.para(
        "Befund elektronisch freigegeben. Validiert durch Dr. rer. nat. Kirsten Hagedorn, "
        "Fachärztin für Laboratoriumsmedizin.",
        "mono",
        8.5,
    )
    dr.other_people.append(
        {"name": "Dr. rer. nat. Kirsten Hagedorn", "role": "validating physician"}
    )
    dr.notes.append("several dates: collection, receipt at the lab, report")


RADIOLOGY = [
    (
        "Radiologie Ruhr-West MVZ",
        "Radiologie Ruhr-West",
        "Kettwiger Straße 20, 45127 Essen",
        "0201 24781-40",
        "Essen",
    ),
    (
        "Radiologische Gemeinschaftspraxis am Bergbaumuseum",
        "Radiologie am Bergbaumuseum",
        "Am Bergbaumuseum 31, 44791 Bochum",
        "0234 51690-22",
        "Bochum",
    ),
]


def kind_radiology(dr: Draft) -> None:
    rng, f, _p = dr.rng, dr.flow, dr.person
    org, short, addr, fax, city = rng.choice(RADIOLOGY)
    dr.fax_number = fax
    dr.sender, dr.sender_alts = org, [short]
    f.y = 40
    f.line(org, "sansb", 11.5, "left")
    f.line("MRT · CT · Röntgen · Mammographie · Nuklearmedizin", "sans", 8)
    sender_line(dr, f"{short}, {addr}", 120)
    y = recipient_block(dr, LM, 128)
    f.at(f"{city}, {dr.dated(rng.choice(['num', 'short']))}", 400, 150, "sans", 9.5)
    f.y = y + 28
    exam = rng.choice(
        [
            "MRT der LWS nativ",
            "CT Thorax mit KM",
            "Röntgen Thorax in 2 Ebenen",
            "MRT des rechten Kniegelenks",
            "Sonographie Abdomen",
        ]
    )
    dr.title = f"{exam}"
    dr.title_alts = ["Befundbericht", f"Befundbericht: {exam}"]
    exd = dr.letter_date - dt.timedelta(days=rng.randint(0, 3))  # type: ignore[operator]
    style = rng.choice(["plain", "comma", "given_caps"])
    who = person_name(dr, style)
    f.line(f"Patient: {who}, *{dr.birth('num')}", "sans", 10)
    dr.address()
    f.line(f"Untersuchung: {exam} vom {dr.other(exd, 'num', 'examination')}", "sansb", 10)
    f.gap(6)
    f.line("Befundbericht", "sansb", 10.5)
    dr.title_alts.append("Befundbericht")
    f.gap(2)
    f.line("Klinische Angabe: Schmerzen, V. a. degenerative Veränderungen.", "sans", 10)
    f.para(
        "Befund: Altersentsprechende Darstellung der abgebildeten Strukturen ohne Nachweis "
        "einer frischen knöchernen Läsion. Geringe degenerative Veränderungen. Kein Erguss, "
        "keine raumfordernde Läsion. Im Vergleich zur Voruntersuchung keine wesentliche "
        "Befundänderung.",
        "sans",
        10,
    )
    f.gap(4)
    f.line("Beurteilung:", "sansb", 10)
    f.para("Kein Nachweis einer akuten Pathologie. Mäßige degenerative Veränderungen.", "sans", 10)
    f.gap(12)
    doc = rng.choice(["Dr. med. Henrik Olschewski", "Dr. med. Aylin Kara"])
    f.line(f"{doc}, Facharzt/Fachärztin für Radiologie", "sans", 9.5)
    dr.other_people.append({"name": doc, "role": "radiologist"})


def _vnr(rng: random.Random, p: Person) -> str:
    """A Rentenversicherungsnummer: area, birth date DDMMYY, initial, serial."""
    area, serial = rng.randint(10, 65), rng.randint(100, 599)
    return f"{area} {p.birth_date:%d%m%y} {p.surname[0].upper()} {serial}"


def _short_name(practice: dict) -> str:
    first = practice["names"][0]
    return first if len(first) < 60 else practice["names"][1]


def kind_knappschaft(dr: Draft) -> None:
    rng, f, p = dr.rng, dr.flow, dr.person
    dr.sender = "Knappschaft"
    dr.sender_alts = [
        "Deutsche Rentenversicherung Knappschaft-Bahn-See",
        "KBS",
        "Knappschaft – Regionaldirektion Bochum",
    ]
    dr.fax_number = "0234 304-66150"
    f.y = 44
    f.line("Knappschaft", "sansb", 16, "right")
    f.line("Deutsche Rentenversicherung Knappschaft-Bahn-See", "sans", 8, "right")
    f.line("Regionaldirektion Bochum · Sozialmedizinischer Dienst", "sans", 8, "right")
    sender_line(dr, "Knappschaft, 44781 Bochum", 136)
    y = recipient_block(dr, LM, 144)
    vnr = _vnr(rng, p)
    info = [
        f"Versicherungsnummer: {vnr}",
        f"Aktenzeichen: SMD-{rng.randint(1000, 9999)}/26",
        f"Datum: {dr.dated('num')}",
    ]
    for i, t in enumerate(info):
        f.at(t, 360, 150 + i * 13, "sans", 8.5)
    dr.notes.append("the Versicherungsnummer encodes the birth date as DDMMYY (no dots)")
    f.y = y + 30
    dr.title = rng.choice(
        [
            "Anforderung eines Befundberichtes",
            "Antrag auf Leistungen zur medizinischen Rehabilitation",
        ]
    )
    f.line(dr.title, "sansb", 11)
    who = person_name(dr, rng.choice(["plain", "title"]))
    f.line(
        f"Versicherte{'r' if p.sex == 'M' else ''}: {who}, geboren am {dr.birth('num')}", "sans", 10
    )
    dr.address()
    antrag = dr.letter_date - dt.timedelta(days=rng.randint(14, 40))  # type: ignore[operator]
    f.gap(8)
    f.line("Sehr geehrte Damen und Herren,", "sans", 10)
    f.para(
        f"{herr_frau(p)} {p.surname} hat am {dr.other(antrag, 'num', 'application')} einen "
        "Antrag gestellt. Zur Prüfung benötigen wir einen Befundbericht. Bitte verwenden Sie "
        "den beigefügten Vordruck und senden Sie ihn innerhalb von zwei Wochen zurück. Die "
        "Vergütung erfolgt nach dem JVEG.",
        "sans",
        10,
    )
    f.gap(10)
    f.line("Mit freundlichen Grüßen", "sans", 10)
    f.line("Ihre Knappschaft", "sans", 10)
    f.gap(6)
    f.line("Im Auftrag  Gerlinde Pietrzak", "sans", 9)
    dr.other_people.append({"name": "Gerlinde Pietrzak", "role": "case worker"})


def kind_bg(dr: Draft) -> None:
    rng, f, _p = dr.rng, dr.flow, dr.person
    bgs = [
        (
            "Berufsgenossenschaft Holz und Metall",
            "BGHM",
            "Bezirksverwaltung Dortmund",
            "0231 5431-2999",
            "Hüttenwerk Phoenix-Ost GmbH, Dortmund",
        ),
        (
            "Berufsgenossenschaft Verkehrswirtschaft Post-Logistik Telekommunikation",
            "BG Verkehr",
            "Bezirksverwaltung Hamburg, Außenstelle Bochum",
            "0234 4579-120",
            "Kornmann Logistik SE, Logistikzentrum Herne-Emscherpark",
        ),
    ]
    name, short, office, fax, employer = rng.choice(bgs)
    dr.sender, dr.sender_alts = name, [short, f"{short} {office}"]
    dr.fax_number = fax
    f.y = 40
    f.line(short, "sansb", 18)
    f.line(name, "sans", 8)
    f.line(office, "sans", 8)
    y = recipient_block(dr, LM, 140)
    accident = dr.letter_date - dt.timedelta(days=rng.randint(20, 200))  # type: ignore[operator]
    info = [
        f"Unser Zeichen: {rng.randint(1, 9)}.{rng.randint(10, 99)}/"
        f"{rng.randint(10000, 99999)}/26-R",
        f"Ihr Zeichen: {rng.choice(['-', 'Dr. B.'])}",
        f"Datum: {dr.dated('num')}",
    ]
    for i, t in enumerate(info):
        f.at(t, 370, 152 + i * 13, "sans", 8.5)
    f.y = y + 28
    dr.title = "Arbeitsunfall – Anforderung ärztlicher Unterlagen"
    dr.title_alts = ["Arbeitsunfall", "Anforderung ärztlicher Unterlagen"]
    f.line(dr.title, "sansb", 11)
    who = person_name(dr, rng.choice(["comma", "plain"]))
    f.line(f"Versicherte Person: {who}, geb. {dr.birth('num')}", "sans", 10)
    dr.address()
    f.line(f"Unfalltag: {dr.other(accident, 'num', 'accident')}", "sans", 10)
    f.line(f"Unternehmen: {employer}", "sans", 10)
    f.gap(8)
    f.para(
        "Sehr geehrte Damen und Herren, für die Prüfung unserer Leistungspflicht bitten wir Sie "
        "um Übersendung aller Befunde, die im Zusammenhang mit dem oben genannten Unfall "
        "stehen, sowie um Angaben zu Vorerkrankungen des betroffenen Körperteils. Die "
        "Gebühren richten sich nach dem Abkommen Ärzte/Unfallversicherungsträger.",
        "sans",
        10,
    )
    f.gap(10)
    f.line("Mit freundlichen Grüßen", "sans", 10)
    f.line("Ihre Berufsgenossenschaft", "sans", 10)
    f.line("i. A. Frank Wischnewski, Reha-Management", "sans", 9)
    dr.other_people.append({"name": "Frank Wischnewski", "role": "case manager"})
    dr.notes.append("the employer's name is printed; the accident date is not the letter date")


def kind_drv(dr: Draft) -> None:
    rng, f, p = dr.rng, dr.flow, dr.person
    dr.sender = "Deutsche Rentenversicherung Westfalen"
    dr.sender_alts = ["DRV Westfalen", "Deutsche Rentenversicherung"]
    dr.fax_number = "0251 238-29 60"
    f.y = 50
    f.line("Deutsche Rentenversicherung", "serifb", 14)
    f.line("Westfalen", "serif", 12)
    sender_line(dr, "Deutsche Rentenversicherung Westfalen · 48125 Münster", 130)
    y = recipient_block(dr, LM, 138, 10, "serif")
    f.y = y + 20
    f.line(f"Münster, {dr.dated('num')}", "serif", 10, "right")
    vnr = _vnr(rng, p)
    f.line(f"Versicherungsnummer {vnr}", "serif", 9.5, "right")
    f.gap(12)
    dr.title = "Befundbericht zum Antrag auf Erwerbsminderungsrente"
    dr.title_alts = ["Befundbericht", "Antrag auf Erwerbsminderungsrente"]
    f.line(dr.title, "serifb", 11)
    who = person_name(dr, rng.choice(["plain", "herr_title"]))
    f.line(f"für {who}", "serif", 10)
    f.line(f"Geburtsdatum: {dr.birth('num')}", "serif", 10)
    dr.address()
    f.gap(8)
    f.para(
        "Sehr geehrte Damen und Herren, die oben genannte Person hat Rente wegen "
        "Erwerbsminderung beantragt und Sie als behandelnde Ärztin/behandelnden Arzt benannt. "
        "Wir bitten Sie, den beigefügten Befundbericht (Formular S0051) auszufüllen.",
        "serif",
        10,
    )
    reha_a = _date_between(rng, dt.date(2025, 2, 1), dt.date(2025, 8, 1))
    reha_b = reha_a + dt.timedelta(days=21)
    f.para(
        f"Eine Rehabilitationsmaßnahme in der Rehabilitationsklinik Sorpesee fand vom "
        f"{dr.other(reha_a, 'num', 'rehabilitation start')} bis "
        f"{dr.other(reha_b, 'num', 'rehabilitation end')} statt.",
        "serif",
        10,
    )
    f.gap(10)
    f.line("Mit freundlichen Grüßen", "serif", 10)
    f.line("Ihre Deutsche Rentenversicherung Westfalen", "serif", 10)
    dr.notes.append("Versicherungsnummer encodes the birth date (DDMMYY, no dots)")


def kind_workdoc(dr: Draft) -> None:
    rng, f, p = dr.rng, dr.flow, dr.person
    orgs = [
        (
            "Ruhrstahl Dortmund GmbH – Werksärztlicher Dienst",
            "Ruhrstahl Dortmund GmbH",
            "Werksärztlicher Dienst",
            "Westfalenhüttenallee 1, 44145 Dortmund",
            "0231 844-7290",
            "Dortmund",
        ),
        (
            "Kornmann Logistik SE – Betriebsärztlicher Dienst",
            "Kornmann Logistik SE",
            "Betriebsärztlicher Dienst",
            "Emscherparkstraße 30, 44653 Herne",
            "02325 5580-19",
            "Herne",
        ),
    ]
    full, firm, dept, addr, fax, city = rng.choice(orgs)
    dr.sender, dr.sender_alts = firm, [full, dept]
    dr.fax_number = fax
    f.y = 44
    f.line(firm, "condb", 13, "center")
    f.line(dept, "cond", 10, "center")
    f.line(addr, "cond", 8, "center")
    y = recipient_block(dr, LM, 136, 10, "cond")
    f.y = y + 22
    f.line(f"{city}, {dr.dated('abbr')}", "cond", 10, "right")
    dr.title = "Arbeitsmedizinische Vorsorge – Mitteilung an den Hausarzt"
    dr.title_alts = ["Arbeitsmedizinische Vorsorge"]
    f.gap(8)
    f.line(dr.title, "condb", 11)
    who = person_name(dr, rng.choice(["plain", "comma"]))
    f.line(
        f"Mitarbeiter{'in' if p.sex == 'F' else ''}: {who}, "
        f"Personal-Nr. {rng.randint(100000, 999999)}",
        "cond",
        10,
    )
    vd = dr.letter_date - dt.timedelta(days=rng.randint(1, 10))  # type: ignore[operator]
    f.line(
        f"Vorsorgeuntersuchung am {dr.other(vd, 'num', 'examination')} "
        "(G 20 Lärm, G 26 Atemschutz)",
        "cond",
        10,
    )
    f.gap(8)
    f.para(
        "Sehr geehrte Kollegin, sehr geehrter Kollege, im Rahmen der arbeitsmedizinischen "
        "Vorsorge fiel ein erhöhter Blutdruck von 168/96 mmHg auf. Wir bitten mit Einverständnis "
        "des Mitarbeiters um weitere Abklärung und gegebenenfalls Therapieeinleitung. "
        "Gegen die weitere Tätigkeit im Schichtdienst bestehen keine Bedenken.",
        "cond",
        10,
    )
    f.gap(10)
    f.line("Mit kollegialen Grüßen", "cond", 10)
    f.line("Dr. med. Anja Plettenberg, Fachärztin für Arbeitsmedizin", "cond", 9.5)
    dr.other_people.append({"name": "Dr. med. Anja Plettenberg", "role": "occupational physician"})
    dr.notes.append("no birth date; patient identified by a staff number")


def kind_jobcenter(dr: Draft) -> None:
    rng, f, p = dr.rng, dr.flow, dr.person
    city = rng.choice(["Dortmund", "Gelsenkirchen", "Herne"])
    dr.sender = f"Jobcenter {city}"
    dr.sender_alts = ["Jobcenter", f"Jobcenter {city} – Ärztlicher Dienst"]
    dr.fax_number = {
        "Dortmund": "0231 842-9910",
        "Gelsenkirchen": "0209 6040-555",
        "Herne": "02323 1606-199",
    }[city]
    f.y = 40
    f.line(f"Jobcenter {city}", "sansb", 14, "left")
    f.line("Ärztlicher Dienst der Agentur für Arbeit", "sans", 9)
    y = recipient_block(dr, LM, 130)
    info = [
        f"BG-Nummer: {rng.randint(10000, 99999)}BG{rng.randint(1000000, 9999999)}",
        f"Kundennummer: {rng.randint(100, 999)}D{rng.randint(100000, 999999)}",
        f"Datum: {dr.dated('short')}",
    ]
    for i, t in enumerate(info):
        f.at(t, 360, 140 + i * 13, "sans", 8.5)
    dr.notes.append("'BG-Nummer' is the Bedarfsgemeinschaft, not a Berufsgenossenschaft")
    dr.notes.append("letter date with a two-digit year")
    f.y = y + 26
    dr.title = "Gutachtenauftrag – Anforderung von Befundunterlagen"
    dr.title_alts = ["Anforderung von Befundunterlagen", "Gutachtenauftrag"]
    f.line(dr.title, "sansb", 10.5)
    who = person_name(dr, rng.choice(["plain", "caps_comma"]))
    f.line(f"Kunde/Kundin: {who}, geb. {dr.birth('num')}", "sans", 10)
    dr.address()
    if p.patient and rng.random() < 0.5:
        dr.patient_id = p.patient.id
        f.line(f"Ihre Patientennummer (lt. Schweigepflichtentbindung): {p.patient.id}", "sans", 10)
    f.gap(8)
    f.para(
        "Sehr geehrte Damen und Herren, zur Beurteilung der Leistungsfähigkeit bitten wir um "
        "Übersendung aktueller Befunde. Eine Schweigepflichtentbindung liegt bei. Bitte senden "
        "Sie die Unterlagen im verschlossenen Umschlag mit dem Vermerk 'Ärztlicher Dienst'.",
        "sans",
        10,
    )
    f.gap(10)
    f.line("Im Auftrag", "sans", 10)
    f.line("Marlies Tönnissen", "sans", 10)
    dr.other_people.append({"name": "Marlies Tönnissen", "role": "case worker"})


def kind_versorgungsamt(dr: Draft) -> None:
    rng, f, p = dr.rng, dr.flow, dr.person
    opts = [
        ("Stadt Gelsenkirchen", "Referat Soziales – Schwerbehindertenrecht", "0209 169-4877"),
        ("Kreis Recklinghausen", "Fachdienst Versorgungsamt / SGB IX", "02361 53-4020"),
        (
            "Stadt Bochum",
            "Amt für Soziales – Feststellungsverfahren nach dem SGB IX",
            "0234 910-2398",
        ),
    ]
    org, dept, fax = rng.choice(opts)
    dr.sender, dr.sender_alts = org, [f"{org}, {dept}", dept, "Versorgungsamt"]
    dr.fax_number = fax
    f.y = 42
    f.line(org, "serifb", 15, "right")
    f.line(
        "Der Oberbürgermeister" if org.startswith("Stadt") else "Der Landrat", "serif", 9, "right"
    )
    f.line(dept, "serif", 8.5, "right")
    f.at(f"Datum: {dr.dated('num')}", 400, 112, "serif", 9)
    y = recipient_block(dr, LM, 140, 10, "serif")
    f.y = y + 24
    az = f"Az.: 56/{rng.randint(100000, 999999)}"
    f.line(az, "serif", 9.5)
    dr.title = "Feststellung des Grades der Behinderung (GdB)"
    dr.title_alts = ["Feststellung des Grades der Behinderung", "Befundanforderung"]
    f.line(dr.title, "serifb", 11)
    who = person_name(dr, rng.choice(["plain", "comma"]))
    antrag = dr.letter_date - dt.timedelta(days=rng.randint(10, 50))  # type: ignore[operator]
    f.line(
        f"Antragsteller{'in' if p.sex == 'F' else ''}: {who}, geb. {dr.birth('num1')}", "serif", 10
    )
    dr.address()
    f.line(f"Antrag vom {dr.other(antrag, 'num', 'application')}", "serif", 10)
    f.gap(8)
    f.para(
        "Sehr geehrte Damen und Herren, in dem oben genannten Verfahren bitten wir Sie um "
        "einen Befundbericht über die von Ihnen erhobenen Befunde der letzten zwei Jahre "
        "unter Beifügung vorhandener Krankenhaus- und Facharztberichte.",
        "serif",
        10,
    )
    f.gap(10)
    f.line("Mit freundlichen Grüßen", "serif", 10)
    f.line("Im Auftrag  Sandra Klapdor", "serif", 10)
    dr.other_people.append({"name": "Sandra Klapdor", "role": "case worker"})


def kind_email(dr: Draft) -> None:
    rng, f, p = dr.rng, dr.flow, dr.person
    opts = [
        (
            "Ambulanter Pflegedienst Glückauf GmbH",
            "pflege@glueckauf-herne.de",
            "Pflegedienst Glückauf",
            "02323 93311-9",
        ),
        (
            "Zechen-Apotheke Recklinghausen-Süd",
            "info@zechen-apotheke-re.de",
            "Zechen-Apotheke",
            "02361 78214",
        ),
        (
            "Diakoniestation Bochum-Wattenscheid",
            "ds-wattenscheid@diakonie-bo.de",
            "Diakoniestation",
            "02327 55091",
        ),
    ]
    org, mail, short, fax = rng.choice(opts)
    dr.sender, dr.sender_alts = org, [short, mail]
    dr.fax_number = fax
    t = dr.letter_date
    assert t is not None
    wd = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"][
        t.weekday()
    ]
    f.y = 40
    f.line(f"Von:        {org} <{mail}>", "sans", 9.5)
    f.line(
        f"Gesendet:   {wd}, {dr.dated('long')} {rng.randint(7, 17):02d}:{rng.randint(0, 59):02d}",
        "sans",
        9.5,
    )
    p0 = dr.practice
    f.line(f"An:         {rng.choice(p0['names'][1:] or p0['names'])}", "sans", 9.5)
    subj = rng.choice(
        [
            "Rezeptanforderung",
            "Bitte um Verordnung häuslicher Krankenpflege",
            "Rückfrage Medikationsplan",
        ]
    )
    who = person_name(dr, rng.choice(["plain", "comma"]))
    dr.title = subj
    dr.title_alts = [f"{subj} {who}", f"Betreff: {subj}"]
    f.line(f"Betreff:    {subj} {who}", "sansb", 9.5)
    f.gap(14)
    f.line("Sehr geehrtes Praxisteam,", "sans", 10)
    f.para(
        f"für {herr_frau(p)} {who} benötigen wir bitte eine Folgeverordnung. Die bisherige "
        "Verordnung läuft zum Monatsende aus. Bitte faxen Sie uns die Verordnung vorab zu, das "
        "Original holt unser Fahrer am Donnerstag ab.",
        "sans",
        10,
    )
    if rng.random() < 0.5:
        f.para(f"Geburtsdatum zur Sicherheit: {dr.birth('num')}", "sans", 10)
    f.gap(8)
    f.line("Viele Grüße", "sans", 10)
    f.line(f"Schwester Dorota Kühn / {short}", "sans", 10)
    dr.other_people.append({"name": "Dorota Kühn", "role": "nurse / writer of the e-mail"})
    f.gap(20)
    f.line(
        f"Page 1 / Ausgedruckt aus Outlook – {rng.choice(p0['names'][1:] or p0['names'])}",
        "sans",
        7,
        grey=80,
    )
    dr.notes.append(
        "e-mail printout; the receiving practice's name in the footer and the 'An:' line"
    )


def kind_handnote(dr: Draft) -> None:
    rng, f, p = dr.rng, dr.flow, dr.person
    dr.handwritten = True

    def hw(text: str) -> None:
        f.line(text, "hand", 16 + rng.choice([-1, 0, 0.5, 1]), lead=1.6, x=LM + rng.randint(-4, 8))

    kind = rng.choice(["relative", "care"])
    f.y = 70
    if kind == "care":
        dr.sender = "Pflegedienst Sonnenschein Hagen"
        dr.sender_alts = ["Pflegedienst Sonnenschein"]
        dr.fax_number = "02331 7345-12"
        f.line("Pflegedienst Sonnenschein Hagen", "sansb", 11)
        f.line("Eilper Straße 120 · 58091 Hagen", "sans", 8)
        writer = "Schw. Tanja"
    else:
        rel_given = rng.choice(["Sabine", "Murat", "Ewa", "Klaus"])
        writer = f"{rel_given} {p.surname}"
        dr.sender = writer
        dr.sender_alts = [rel_given]
        dr.fax_number = f"02{rng.randint(300, 369)} {rng.randint(100000, 999999)}"
        dr.other_people.append({"name": writer, "role": "relative (writer of the note)"})
    f.gap(20)
    dated = dr.letter_date is not None
    if dated:
        f.line(dr.dated(rng.choice(["num1", "short"])), "hand", 15, "right", x=400)
    dr.title = None
    f.gap(10)
    f.line(
        rng.choice(
            ["Liebe Frau Doktor,", "Hallo liebes Praxisteam,", "Sehr geehrter Herr Doktor,"]
        ),
        "hand",
        16,
        lead=1.6,
    )
    who = person_name(dr, "plain")
    hw(f"für {who}")
    if rng.random() < 0.6:
        hw(f"(geb. {dr.birth('num1')})")
    hw("bitte noch einmal das Rezept für")
    hw("die Tabletten (Torasemid 10) und")
    hw("die Überweisung zum Augenarzt.")
    hw("Wir holen es Freitag ab. Danke!")
    f.gap(10)
    f.line(writer, "hand", 16, lead=1.6, x=300)
    dr.notes.append("handwritten note (stand-in font), no title")
    if not dated:
        dr.notes.append("undated note: letter_date is null")


def kind_physio(dr: Draft) -> None:
    rng, f, _p = dr.rng, dr.flow, dr.person
    dr.sender = "PHYSIOTHERAPIE AM REVIERPARK"
    dr.sender_alts = [
        "Physiotherapie am Revierpark",
        "Physiotherapie am Revierpark Nienhausen",
        "Praxis für Physiotherapie",
    ]
    dr.fax_number = "0209 8832-71"
    f.y = 44
    f.line("PHYSIOTHERAPIE AM REVIERPARK", "sansb", 13, "center")
    f.line("Krankengymnastik · Manuelle Therapie · Lymphdrainage", "sans", 8.5, "center")
    f.line("Feldmarkstraße 201 · 45883 Gelsenkirchen", "sans", 8.5, "center")
    y = recipient_block(dr, LM, 140)
    f.y = y + 24
    dr.title = "THERAPIEBERICHT"
    dr.title_alts = ["Therapiebericht"]
    f.line("THERAPIEBERICHT", "sansb", 12)
    who = person_name(dr, rng.choice(["plain", "surname_first"]))
    f.line(f"Patient/in: {who}", "sans", 10)
    vd = dr.letter_date - dt.timedelta(days=rng.randint(30, 60))  # type: ignore[operator]
    f.line(
        f"Verordnung vom {dr.other(vd, 'num', 'prescription')}: KG 6x, Diagnose M54.5", "sans", 10
    )
    f.gap(8)
    f.para(
        "Die Behandlungsserie wurde vollständig durchgeführt. Die Beweglichkeit der LWS hat "
        "sich deutlich gebessert, Schmerzen VAS 3/10 (zu Beginn 7/10). Wir empfehlen eine "
        "Folgeverordnung mit 6x KG sowie ein Eigenübungsprogramm.",
        "sans",
        10,
    )
    f.gap(10)
    f.line(f"Gelsenkirchen, {dr.dated('num')}", "sans", 10)
    f.line("Kerstin Bußmann, Physiotherapeutin", "sans", 10)
    dr.other_people.append({"name": "Kerstin Bußmann", "role": "physiotherapist"})
    dr.notes.append("no birth date printed")


# --- letters from abroad --------------------------------------------------------------------


def kind_foreign(dr: Draft, lang: str) -> None:
    rng, f, p = dr.rng, dr.flow, dr.person
    ld = dr.letter_date
    assert ld is not None
    adm = ld - dt.timedelta(days=rng.randint(5, 12))
    dis = ld - dt.timedelta(days=rng.randint(0, 2))
    f.y = 40
    if lang == "tr":
        dr.language, dr.region = "tr", "TR"
        dr.sender = "ÖZEL KARADENİZ ŞİFA HASTANESİ"
        dr.sender_alts = [
            "Özel Karadeniz Şifa Hastanesi",
            "Karadeniz Şifa Hastanesi",
            "Özel Karadeniz Şifa Hastanesi, Samsun",
        ]
        dr.fax_number = "+90 362 435 0147"
        f.line("T.C.", "serifb", 10, "center")
        f.line("ÖZEL KARADENİZ ŞİFA HASTANESİ", "serifb", 13, "center")
        f.line("İç Hastalıkları Kliniği · Atatürk Bulvarı No: 88 · Samsun", "serif", 8.5, "center")
        f.gap(10)
        f.line(f"Tarih: {dr.dated(rng.choice(['num', 'tr']))}", "serif", 10, "right")
        f.gap(6)
        dr.title = "EPİKRİZ"
        dr.title_alts = ["Epikriz"]
        f.line("EPİKRİZ", "serifb", 13, "center")
        f.line("Sayın Meslektaşım, Aile Hekimi", "serif", 10)
        recipient_lines(dr, "serif")
        who = person_name(dr, "given_caps")
        f.line(f"Hasta Adı Soyadı: {who}", "serif", 10)
        f.line(f"Doğum Tarihi: {dr.birth('num')}", "serif", 10)
        dr.address()
        f.line(
            f"Yatış Tarihi: {dr.other(adm, 'num', 'admission')}    "
            f"Çıkış Tarihi: {dr.other(dis, 'num', 'discharge')}",
            "serif",
            10,
        )
        f.gap(6)
        f.line("Tanı: Akut koroner sendrom (NSTEMI), Hipertansiyon", "serif", 10)
        f.para(
            "Hasta göğüs ağrısı şikayeti ile acil servisimize başvurdu. Koroner anjiyografi "
            "yapıldı ve LAD'ye stent takıldı. Genel durumu iyi olarak taburcu edildi. "
            "Almanya'daki aile hekimi tarafından kontrolü önerilir.",
            "serif",
            10,
        )
        f.gap(8)
        f.line("Uzm. Dr. Serdar Karakaya, Kardiyoloji Uzmanı", "serif", 10)
        dr.other_people.append({"name": "Uzm. Dr. Serdar Karakaya", "role": "cardiologist"})
    elif lang == "pl":
        dr.language, dr.region = "pl", "PL"
        dr.sender = "Szpital Miejski w Gliwicach"
        dr.sender_alts = ["Oddział Chorób Wewnętrznych, Szpital Miejski w Gliwicach"]
        dr.fax_number = "+48 32 230 41 77"
        f.line("Szpital Miejski w Gliwicach", "sansb", 12)
        f.line("Oddział Chorób Wewnętrznych", "sans", 9)
        f.line("ul. Kościuszki 29, 44-100 Gliwice", "sans", 8.5)
        f.at(f"Gliwice, dnia {dr.dated(rng.choice(['num', 'pl']))} r.", 360, 60, "sans", 9.5)
        f.gap(14)
        recipient_lines(dr, "sans")
        f.gap(8)
        dr.title = "KARTA INFORMACYJNA LECZENIA SZPITALNEGO"
        dr.title_alts = ["Karta informacyjna leczenia szpitalnego", "Karta informacyjna"]
        f.line(dr.title, "sansb", 11.5, "center")
        who = person_name(dr, "surname_first")
        f.line(f"Pacjent: {who}", "sans", 10)
        pesel = f"{p.birth_date.strftime('%y%m%d')}{rng.randint(10000, 99999)}"
        f.line(f"Data urodzenia: {dr.birth('num')}    PESEL: {pesel}", "sans", 10)
        dr.address()
        dr.notes.append("PESEL encodes the birth date (YYMMDD)")
        f.line(
            f"Data przyjęcia: {dr.other(adm, 'num', 'admission')}   "
            f"Data wypisu: {dr.other(dis, 'num', 'discharge')}",
            "sans",
            10,
        )
        f.gap(6)
        f.para(
            "Rozpoznanie: Zapalenie płuc prawostronne. Cukrzyca typu 2. Pacjent przyjęty z "
            "powodu gorączki i duszności. Zastosowano antybiotykoterapię z dobrym efektem. "
            "Zalecana kontrola u lekarza rodzinnego w Niemczech.",
            "sans",
            10,
        )
        f.gap(8)
        f.line("lek. med. Katarzyna Wróblewska, specjalista chorób wewnętrznych", "sans", 9.5)
        dr.other_people.append({"name": "Katarzyna Wróblewska", "role": "physician"})
    elif lang == "gr":
        dr.language, dr.region = "el", "GR"
        dr.sender = "Γενική Κλινική «Άγιος Νικόλαος»"
        dr.sender_alts = ["Κλινική Άγιος Νικόλαος", "Γενική Κλινική «Άγιος Νικόλαος», Θεσσαλονίκη"]
        dr.fax_number = "+30 2310 555 418"
        f.line("ΓΕΝΙΚΗ ΚΛΙΝΙΚΗ «ΑΓΙΟΣ ΝΙΚΟΛΑΟΣ»", "serifb", 12.5, "center")
        f.line("Γενική Κλινική «Άγιος Νικόλαος»", "serif", 9, "center")
        f.line("Εγνατίας 140, 546 22 Θεσσαλονίκη", "serif", 8.5, "center")
        f.gap(12)
        f.line(f"Θεσσαλονίκη, {dr.dated(rng.choice(['el', 'slash']))}", "serif", 10, "right")
        recipient_lines(dr, "serif")
        f.gap(6)
        dr.title = "ΕΝΗΜΕΡΩΤΙΚΟ ΣΗΜΕΙΩΜΑ ΕΞΟΔΟΥ"
        dr.title_alts = ["Ενημερωτικό σημείωμα εξόδου"]
        f.line(dr.title, "serifb", 11.5, "center")
        gk = _greek_name(p)
        f.line(f"Ασθενής: {dr.mention(gk[0], gk[1])}", "serif", 10)
        if gk[0] != f"{p.surname} {p.given}":
            f.line(f"({p.surname.upper()} {p.given.upper()})", "serif", 9)
            dr.notes.append("name in Greek script first, Latin transliteration in brackets")
        f.line(f"Ημερομηνία γέννησης: {dr.birth('slash')}", "serif", 10)
        dr.address()
        f.line(
            f"Εισαγωγή: {dr.other(adm, 'slash', 'admission')}   Έξοδος: "
            f"{dr.other(dis, 'slash', 'discharge')}",
            "serif",
            10,
        )
        f.gap(6)
        f.para(
            "Διάγνωση: Κολπική μαρμαρυγή με ταχεία κοιλιακή ανταπόκριση. Ο ασθενής "
            "αντιμετωπίστηκε φαρμακευτικά με καλή ανταπόκριση.",
            "serif",
            10,
        )
        f.gap(8)
        f.line("Δρ. Ελένη Μαυρίδου, Καρδιολόγος", "serif", 10)
        dr.other_people.append({"name": "Ελένη Μαυρίδου", "role": "cardiologist"})
    elif lang == "it":
        dr.language, dr.region = "it", "IT"
        dr.sender = "Presidio Ospedaliero di Lucera"
        dr.sender_alts = [
            "Ospedale di Lucera",
            "U.O.C. Medicina Interna, Presidio Ospedaliero di Lucera",
        ]
        dr.fax_number = "+39 0881 543 219"
        f.line("Presidio Ospedaliero di Lucera", "serifb", 13)
        f.line("U.O.C. Medicina Interna – Viale Ferrovia 1, 71036 Lucera (FG)", "serif", 8.5)
        f.gap(14)
        recipient_lines(dr, "serif")
        f.gap(6)
        dr.title = "LETTERA DI DIMISSIONE"
        dr.title_alts = ["Lettera di dimissione"]
        f.line(dr.title, "serifb", 12, "center")
        who = person_name(dr, "surname_first")
        art = "Sig.ra" if p.sex == "F" else "Sig."
        nat = "nata" if p.sex == "F" else "nato"
        f.line(f"Paziente: {art} {who}, {nat} il {dr.birth('slash')}", "serif", 10)
        dr.address()
        f.line(
            f"Data di ricovero: {dr.other(adm, 'slash', 'admission')}  Data di dimissione: "
            f"{dr.other(dis, 'slash', 'discharge')}",
            "serif",
            10,
        )
        f.gap(6)
        f.para(
            "Diagnosi: Scompenso cardiaco congestizio. Si consiglia controllo presso il medico "
            "curante in Germania e prosecuzione della terapia diuretica.",
            "serif",
            10,
        )
        f.gap(8)
        f.line(f"Lucera, {dr.dated(rng.choice(['it', 'slash']))}", "serif", 10)
        f.line("Il Dirigente Medico  Dott.ssa Angela Lo Muzio", "serif", 10)
        dr.other_people.append({"name": "Angela Lo Muzio", "role": "physician"})
        dr.notes.append("surname first; date only at the end")
    elif lang == "xk":
        dr.language, dr.region = "sq", "XK"
        dr.sender = "Spitali i Përgjithshëm Rajonal Prizren"
        dr.sender_alts = ["Spitali Rajonal Prizren", "SPR Prizren"]
        dr.fax_number = "+383 29 222 410"
        f.line("REPUBLIKA E KOSOVËS", "sansb", 9, "center")
        f.line("Spitali i Përgjithshëm Rajonal Prizren", "sansb", 12.5, "center")
        f.line("Klinika e Kirurgjisë", "sans", 9, "center")
        f.gap(10)
        f.line(f"Prizren, {dr.dated('num')}", "sans", 10, "right")
        recipient_lines(dr, "sans")
        dr.title = "FLETËLËSHIM"
        dr.title_alts = ["Fletëlëshim", "Fletëlëshimi"]
        f.line(dr.title, "sansb", 12, "center")
        who = person_name(dr, rng.choice(["plain", "caps"]))
        f.line(f"Pacienti: {who}", "sans", 10)
        f.line(f"Datëlindja: {dr.birth('num')}", "sans", 10)
        dr.address()
        f.line(
            f"Data e pranimit: {dr.other(adm, 'num', 'admission')}  Data e lëshimit: "
            f"{dr.other(dis, 'num', 'discharge')}",
            "sans",
            10,
        )
        f.gap(6)
        f.para(
            "Diagnoza: Apendicit akut. Është bërë apendektomi laparoskopike. Gjendja pas "
            "operacionit e mirë. Kontroll te mjeku familjar në Gjermani.",
            "sans",
            10,
        )
        f.gap(8)
        f.line("Dr. Besim Hasani, kirurg", "sans", 10)
        dr.other_people.append({"name": "Besim Hasani", "role": "surgeon"})
    elif lang == "rs":
        dr.language, dr.region = "sr", "RS"
        cyr = rng.random() < 0.6
        if cyr:
            dr.sender = "ОПШТА БОЛНИЦА ЧАЧАК"
            dr.sender_alts = ["Општа болница Чачак", "Opšta bolnica Čačak"]
            f.line("ОПШТА БОЛНИЦА ЧАЧАК", "sansb", 12.5, "center")
            f.line("Интерно одељење · Драгише Мишовића 205 · 32000 Чачак", "sans", 8.5, "center")
        else:
            dr.sender = "OPŠTA BOLNICA ČAČAK"
            dr.sender_alts = ["Opšta bolnica Čačak", "Општа болница Чачак"]
            f.line("OPŠTA BOLNICA ČAČAK", "sansb", 12.5, "center")
            f.line("Interno odeljenje · Dragiše Mišovića 205 · 32000 Čačak", "sans", 8.5, "center")
        dr.fax_number = "+381 32 322 1045"
        f.gap(12)
        recipient_lines(dr, "sans")
        dr.title = "ОТПУСНА ЛИСТА" if cyr else "OTPUSNA LISTA"
        dr.title_alts = ["Otpusna lista", "Отпусна листа"]
        f.line(dr.title, "sansb", 12, "center")
        if cyr:
            cg, cs = _cyr(p.given), _cyr(p.surname)
            f.line(f"Пацијент: {dr.mention(f'{cs} {cg}', f'{cg} {cs}')}", "sans", 10)
            f.line(f"Датум рођења: {dr.birth('sr')}", "sans", 10)
            dr.address()
            f.line(
                f"Пријем: {dr.other(adm, 'sr', 'admission')}  Отпуст: "
                f"{dr.other(dis, 'sr', 'discharge')}",
                "sans",
                10,
            )
            f.para(
                "Дијагноза: Хипертензивна криза. Препорука: контрола код изабраног лекара.",
                "sans",
                10,
            )
            f.gap(8)
            f.line(f"Чачак, {dr.dated('sr')}", "sans", 10)
            dr.notes.append("name in Cyrillic, surname first")
        else:
            who = person_name(dr, "surname_first")
            f.line(f"Pacijent: {who}", "sans", 10)
            f.line(f"Datum rođenja: {dr.birth('sr')}", "sans", 10)
            dr.address()
            f.line(
                f"Prijem: {dr.other(adm, 'sr', 'admission')}  Otpust: "
                f"{dr.other(dis, 'sr', 'discharge')}",
                "sans",
                10,
            )
            f.para(
                "Dijagnoza: Hipertenzivna kriza. Preporuka: kontrola kod izabranog lekara.",
                "sans",
                10,
            )
            f.gap(8)
            f.line(f"Čačak, {dr.dated('sr')}", "sans", 10)
        f.line("Dr Vesna Ristić, internista", "sans", 10)
        dr.other_people.append({"name": "Vesna Ristić", "role": "internist"})
        dr.notes.append("Serbian dates end with a full stop")
    elif lang == "nl":
        dr.language, dr.region = "nl", "NL"
        dr.sender = "Streekziekenhuis Achterhoek-Oost"
        dr.sender_alts = [
            "Streekziekenhuis Achterhoek-Oost, Winterswijk",
            "afdeling Interne Geneeskunde",
        ]
        dr.fax_number = "+31 543 54 4921"
        f.line("Streekziekenhuis Achterhoek-Oost", "sansb", 13, "right")
        f.line(
            "afdeling Interne Geneeskunde · Beatrixpark 1 · 7101 BN Winterswijk", "sans", 8, "right"
        )
        f.gap(16)
        recipient_lines(dr, "sans")
        f.gap(6)
        f.line(f"Winterswijk, {dr.dated(rng.choice(['nl', 'nldash']))}", "sans", 10)
        dr.title = "Ontslagbrief"
        f.line("Betreft: Ontslagbrief", "sansb", 10.5)
        dr.title_alts = ["Betreft: Ontslagbrief"]
        who = person_name(dr, "plain")
        f.line(
            f"Patiënt: {'dhr.' if p.sex == 'M' else 'mevr.'} {who}, geb. {dr.birth('nldash')}",
            "sans",
            10,
        )
        dr.address()
        f.line(
            f"Opname: {dr.other(adm, 'nldash', 'admission')}  Ontslag: "
            f"{dr.other(dis, 'nldash', 'discharge')}",
            "sans",
            10,
        )
        f.gap(6)
        f.line("Geachte collega,", "sans", 10)
        f.para(
            "Uw patiënt werd opgenomen wegens een urineweginfectie met delier. Na behandeling met "
            "antibiotica herstelde patiënt goed. Graag controle bij de huisarts in Duitsland.",
            "sans",
            10,
        )
        f.gap(8)
        f.line("Met collegiale groet,", "sans", 10)
        f.line("drs. M. Hoogendoorn, internist", "sans", 10)
        dr.other_people.append({"name": "M. Hoogendoorn", "role": "internist"})
        dr.notes.append("Dutch day-month-year with hyphens")
    elif lang == "pt":
        dr.language, dr.region = "pt", "PT"
        dr.sender = "Hospital Distrital da Cova da Beira"
        dr.sender_alts = ["Hospital da Cova da Beira", "Serviço de Medicina Interna"]
        dr.fax_number = "+351 275 330 019"
        f.line("Hospital Distrital da Cova da Beira", "serifb", 13)
        f.line("Serviço de Medicina Interna · Quinta do Alvito · 6200-251 Covilhã", "serif", 8.5)
        f.gap(12)
        f.line(f"Covilhã, {dr.dated(rng.choice(['pt', 'slash']))}", "serif", 10, "right")
        recipient_lines(dr, "serif")
        dr.title = "NOTA DE ALTA"
        dr.title_alts = ["Nota de alta"]
        f.line(dr.title, "serifb", 12, "center")
        who = person_name(dr, "plain")
        nasc = "nascida" if p.sex == "F" else "nascido"
        f.line(f"Utente: {who}, {nasc} em {dr.birth('slash')}", "serif", 10)
        dr.address()
        f.line(
            f"Internamento de {dr.other(adm, 'slash', 'admission')} a "
            f"{dr.other(dis, 'slash', 'discharge')}",
            "serif",
            10,
        )
        f.gap(6)
        f.para(
            "Diagnóstico: Pneumonia adquirida na comunidade. Boa evolução clínica com "
            "antibioterapia. Recomenda-se seguimento pelo médico de família na Alemanha.",
            "serif",
            10,
        )
        f.gap(8)
        f.line("Dra. Inês Carvalho Mota, Medicina Interna", "serif", 10)
        dr.other_people.append({"name": "Inês Carvalho Mota", "role": "physician"})
    elif lang == "gb":
        dr.language, dr.region = "en", "GB"
        dr.sender = "South Pennine Hospitals"
        dr.sender_alts = ["South Pennine Hospitals NHS Foundation Trust", "Royal Pennine Infirmary"]
        dr.fax_number = "+44 161 624 8830"
        f.line("South Pennine Hospitals", "sansb", 13, "right")
        f.line("NHS Foundation Trust", "sans", 9, "right")
        f.line("Royal Pennine Infirmary, Rochdale Road, Oldham OL1 2JH", "sans", 8, "right")
        f.gap(14)
        recipient_lines(dr, "sans")
        f.gap(6)
        f.line(f"Date: {dr.dated(rng.choice(['en', 'slash']))}", "sans", 10)
        dr.title = "DISCHARGE SUMMARY"
        f.line("DISCHARGE SUMMARY", "sansb", 12)
        dr.title_alts = ["Discharge Summary"]
        who = person_name(dr, rng.choice(["given_caps", "plain"]))
        nhs = f"{rng.randint(400, 499)} {rng.randint(100, 999)} {rng.randint(1000, 9999)}"
        f.line(
            f"Patient: {'Mr' if p.sex == 'M' else 'Mrs'} {who}   DOB: {dr.birth('slash')}",
            "sans",
            10,
        )
        dr.address()
        f.line(f"NHS No: {nhs}   Hospital No: RP{rng.randint(100000, 999999)}", "sans", 10)
        f.line(
            f"Admitted: {dr.other(adm, 'slash', 'admission')}   Discharged: "
            f"{dr.other(dis, 'slash', 'discharge')}",
            "sans",
            10,
        )
        f.gap(6)
        f.line("Dear Colleague,", "sans", 10)
        f.para(
            "Your patient was admitted while visiting family in the UK with a lower limb "
            "cellulitis "
            "and was treated with intravenous flucloxacillin. Please arrange a review of renal "
            "function within one week.",
            "sans",
            10,
        )
        f.gap(8)
        f.line("Yours sincerely,", "sans", 10)
        f.line("Dr Fiona McAllister, Consultant in Acute Medicine", "sans", 10)
        dr.other_people.append({"name": "Dr Fiona McAllister", "role": "consultant"})
    else:  # us military
        dr.language, dr.region = "en", "US"
        dr.sender = "U.S. ARMY HEALTH CLINIC SEMBACH"
        dr.sender_alts = ["U.S. Army Health Clinic Sembach", "Department of the Army"]
        dr.fax_number = "+49 6302 67-4410"
        f.line("DEPARTMENT OF THE ARMY", "sansb", 11, "center")
        f.line("U.S. ARMY HEALTH CLINIC SEMBACH", "sansb", 10, "center")
        f.line("UNIT 29622, APO AE 09136", "sans", 8.5, "center")
        f.gap(12)
        mil = rng.random() < 0.5
        f.line(dr.dated("mil" if mil else "us"), "sans", 10, "right")
        if not mil:
            dr.notes.append("US month/day/year letter date")
        recipient_lines(dr, "sans")
        dr.title = "MEMORANDUM FOR RECORD"
        dr.title_alts = ["Consultation Report"]
        f.line("MEMORANDUM FOR RECORD", "sansb", 11)
        f.line("SUBJECT: Consultation Report – Continuity of Care", "sans", 10)
        who = person_name(dr, "caps_comma")
        f.line(f"1. Patient: {who}   DOB: {dr.birth('us')}", "sans", 10)
        dr.address()
        dr.notes.append("US DOB month/day/year")
        f.line(f"2. Seen in clinic on {dr.other(dis, 'us', 'clinic visit')}.", "sans", 10)
        f.para(
            "3. The patient, a family member of a service member, was evaluated for persistent "
            "cough. Chest X-ray unremarkable. Transfer of care to the German primary care "
            "physician is requested.",
            "sans",
            10,
        )
        f.gap(8)
        f.line("JOHN R. MILLER", "sans", 10)
        f.line("MAJ, MC, USA", "sans", 10)
        dr.other_people.append({"name": "JOHN R. MILLER", "role": "physician"})


_CYR = {"Dž": "Џ", "Lj": "Љ", "Nj": "Њ", "lj": "љ", "nj": "њ", "dž": "џ"}
_CYR1 = dict(
    zip(
        "ABVGDĐEŽZIJKLMNOPRSTĆUFHCČŠabvgdđežzijklmnoprstćufhcčš",
        "АБВГДЂЕЖЗИЈКЛМНОПРСТЋУФХЦЧШабвгдђежзијклмнопрстћуфхцчш",
        strict=True,
    )
)


def _cyr(s: str) -> str:
    for k, v in _CYR.items():
        s = s.replace(k, v)
    return "".join(_CYR1.get(c, c) for c in s)


_GREEK_NAMES = {
    "Georgios": "Γεώργιος",
    "Dimitrios": "Δημήτριος",
    "Konstantinos": "Κωνσταντίνος",
    "Nikolaos": "Νικόλαος",
    "Ioannis": "Ιωάννης",
    "Vasilios": "Βασίλειος",
    "Eleni": "Ελένη",
    "Maria": "Μαρία",
    "Aikaterini": "Αικατερίνη",
    "Sofia": "Σοφία",
    "Despina": "Δέσποινα",
    "Paraskevi": "Παρασκευή",
    "Papadopoulos": "Παπαδόπουλος",
    "Papadopoulou": "Παπαδοπούλου",
    "Georgiou": "Γεωργίου",
    "Nikolaidis": "Νικολαΐδης",
    "Nikolaidou": "Νικολαΐδου",
    "Karagiannis": "Καραγιάννης",
    "Karagianni": "Καραγιάννη",
    "Vlachou": "Βλάχου",
    "Vlachos": "Βλάχος",
    "Papadaki": "Παπαδάκη",
    "Papadakis": "Παπαδάκης",
    "Stavros": "Σταύρος",
    "Antoniou": "Αντωνίου",
}


def _greek_name(p: Person) -> tuple[str, str]:
    g = _GREEK_NAMES.get(p.given)
    s = _GREEK_NAMES.get(p.surname)
    if g and s:
        return f"{s} {g}", f"{g} {s}"
    return f"{p.surname} {p.given}", f"{p.given} {p.surname}"


def recipient_lines(dr: Draft, font: str) -> None:
    f = dr.flow
    y = recipient_block(dr, LM, f.y + 4, 9.5, font)
    f.y = y + 14


GERMAN_KINDS = {
    "klinik_entlassbrief": kind_hospital,
    "facharztbrief": kind_specialist,
    "laborbefund": kind_lab,
    "radiologie_befund": kind_radiology,
    "knappschaft_anforderung": kind_knappschaft,
    "bg_arbeitsunfall": kind_bg,
    "drv_befundbericht": kind_drv,
    "werksarzt_mitteilung": kind_workdoc,
    "jobcenter_gutachtenauftrag": kind_jobcenter,
    "versorgungsamt_gdb": kind_versorgungsamt,
    "email_ausdruck": kind_email,
    "handschriftliche_notiz": kind_handnote,
    "physiotherapie_bericht": kind_physio,
}
FOREIGN = ["tr", "pl", "gr", "it", "xk", "rs", "nl", "pt", "gb", "us"]
FOREIGN_ORIGIN = {
    "tr": "tr",
    "pl": "pl",
    "gr": "gr",
    "it": "it",
    "xk": "xk",
    "rs": "rs",
    "nl": "nl",
    "pt": "pt",
    "gb": None,
    "us": None,
}
COMMON = [
    "klinik_entlassbrief",
    "facharztbrief",
    "laborbefund",
    "radiologie_befund",
    "klinik_entlassbrief",
    "facharztbrief",
    "laborbefund",
]


# --- Letter ---------------------------------------------------------------------------------

FAX_HEADER_STYLES = ["num", "short", "iso"]


class Letter:
    def __init__(self, split_name: str, seed: int, index: int, kind: str) -> None:
        self.split = split_name
        self.seed = seed
        self.index = index
        self.id = f"{split_name}-{index:03d}"
        self.kind = kind
        rng = random.Random(f"heldout50ab/{split_name}/{seed}/{index}")
        practice = PRACTICES[rng.randrange(3)]
        origin = None
        if kind.startswith("ausland_"):
            origin = FOREIGN_ORIGIN[kind.removeprefix("ausland_")]
        want = None
        if split_name == "test" and index % 5 == 0:
            want = register.COLLISIONS[(index // 5) % len(register.COLLISIONS)]
        person = pick_person(rng, origin, kind, want)
        letter_date: dt.date | None = _date_between(rng, dt.date(2026, 8, 3), dt.date(2026, 11, 27))
        if kind == "handschriftliche_notiz" and rng.random() < 0.4:
            letter_date = None
        dr = Draft(rng, practice, person, letter_date, kind=kind)
        if kind.startswith("ausland_"):
            kind_foreign(dr, kind.removeprefix("ausland_"))
        else:
            GERMAN_KINDS[kind](dr)
        dr.notes = person.notes + dr.notes
        self.draft = dr
        self.pages = finish_pages(dr)
        base = letter_date or _date_between(rng, dt.date(2026, 8, 3), dt.date(2026, 11, 27))
        sent = dt.datetime.combine(
            base + dt.timedelta(days=rng.randint(1, 6)),
            dt.time(rng.randint(7, 18), rng.randint(0, 59)),
        )
        self.fax_sent = sent
        self.fax_cover = rng.random() < 0.33
        self.fax_fine = rng.random() < 0.6
        self.fax_g4 = rng.random() < 0.5
        self.fax_header_style = rng.choice(FAX_HEADER_STYLES)
        self.stamp_date: dt.date | None = None
        if rng.random() < 0.45:
            self.stamp_date = sent.date() + dt.timedelta(days=rng.randint(0, 3))
        self.scan_seed = f"{self.id}/{seed}/scan"

    # -- pages per condition --
    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.draft.handwritten else ["pdf", "scan200", "fax"]

    def _stamp_lines(self) -> list[Line]:
        if self.stamp_date is None:
            return []
        d = self.stamp_date
        mon = ["JAN", "FEB", "MRZ", "APR", "MAI", "JUN", "JUL", "AUG", "SEP", "OKT", "NOV", "DEZ"]
        texts = [
            "EINGEGANGEN",
            f"{d.day:02d}. {mon[d.month - 1]}. {d.year}",
            self.draft.practice["stamp"],
        ]
        last = max(ln.y for ln in self.pages[0].lines)
        # in the free space under the text where there is some, else over the text
        x, y0 = (360.0, max(last + 50, 690.0)) if last < 660 else (392.0, 232.0)
        return [
            Line(t, x, y0 + i * 13, "sansb" if i < 2 else "sans", 9 if i < 2 else 7, 30)
            for i, t in enumerate(texts)
        ]

    def _fax_pages(self) -> list[Page]:
        dr = self.draft
        body = list(self.pages)
        if self.fax_cover:
            cov = Flow()
            cov.y = 60
            cov.line("TELEFAX", "sansb", 22)
            cov.gap(10)
            cov.line(
                f"An: {_short_name(dr.practice)}",
                "sans",
                11,
            )
            cov.line(f"Fax-Nr.: {dr.practice['fax']}", "sans", 11)
            cov.line(f"Von: {dr.sender}", "sans", 11)
            cov.line(f"Fax-Nr.: {dr.fax_number}", "sans", 11)
            cov.line(f"Datum: {fmt(self.fax_sent.date(), 'num')}", "sans", 11)
            cov.line(f"Seiten (inkl. Deckblatt): {len(body) + 1}", "sans", 11)
            cov.gap(14)
            cov.para(
                "Vertraulich! Diese Nachricht enthält Sozialdaten. Sollten Sie nicht der "
                "richtige Empfänger sein, informieren Sie bitte sofort den Absender.",
                "sans",
                9,
            )
            body = [Page(cov.pages[0]), *body]
        total = len(body)
        out = []
        t = self.fax_sent
        for i, pg in enumerate(body):
            head = (
                f"{fmt(t.date(), self.fax_header_style)} {t.hour:02d}:{t.minute:02d}   "
                f"FAX {dr.fax_number}   {dr.sender[:38]}   S. {i + 1}/{total}"
            )
            out.append(Page([Line(head, 30, 20, "mono", 7), *pg.lines]))
        return out

    def _scan_pages(self) -> list[Page]:
        st = self._stamp_lines()
        pages = [Page(list(p.lines)) for p in self.pages]
        if st:
            pages[0] = Page(pages[0].lines + st)
        return pages

    def pages_for(self, condition: str) -> list[Page]:
        if condition == "pdf":
            return self.pages
        if condition == "scan200":
            return self._scan_pages()
        if condition == "fax":
            return self._fax_pages()
        raise ValueError(condition)

    def render(self, condition: str) -> dict[str, bytes]:
        if condition not in self.conditions():
            raise ValueError(f"{self.id} has no condition {condition}")
        pages = self.pages_for(condition)
        if condition == "pdf":
            return {"pdf/letter.pdf": render_pdf(pages, f"{SET_NAME} {self.id}")}
        if condition == "scan200":
            st = self._stamp_lines()
            plain = [Page(list(p.lines)) for p in self.pages]
            imgs = render_scan(plain, self.scan_seed, st or None)
            return {f"scan200/page-{i + 1:02d}.jpg": b for i, b in enumerate(imgs)}
        imgs = render_fax(pages, self.fax_fine, self.fax_g4)
        return {f"fax/page-{i + 1:02d}.tif": b for i, b in enumerate(imgs)}

    def truth(self) -> dict:
        dr = self.draft
        p = dr.person
        reg = p.patient
        conds: dict = {}
        for c in self.conditions():
            pages = self.pages_for(c)
            entries = []
            for i, pg in enumerate(pages):
                if c == "pdf":
                    entries.append(
                        {
                            "page": f"p{i + 1}",
                            "file": "pdf/letter.pdf",
                            "pdf_page": i + 1,
                            "text": pg.text(),
                        }
                    )
                elif c == "scan200":
                    entries.append(
                        {
                            "page": f"p{i + 1}",
                            "file": f"scan200/page-{i + 1:02d}.jpg",
                            "text": pg.text(),
                        }
                    )
                else:
                    label = (
                        "cover"
                        if self.fax_cover and i == 0
                        else f"p{i + (0 if self.fax_cover else 1)}"
                    )
                    entries.append(
                        {"page": label, "file": f"fax/page-{i + 1:02d}.tif", "text": pg.text()}
                    )
            conds[c] = {"pages": entries}
        full = f"{reg.given_names} {reg.surname}" if reg else f"{p.given} {p.surname}"
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.kind,
            "language": dr.language,
            "region": dr.region,
            "facts": {
                "patient": {
                    "full_name": full,
                    "surname": reg.surname if reg else p.surname,
                    "given_names": reg.given_names if reg else p.given,
                    "as_written": dr.as_written,
                    "full_name_as_letter": dr.name_as_letter,
                    "register_id": reg.id if reg else None,
                },
                "birth_date": p.birth_date.isoformat() if dr.birth_printed else None,
                "letter_date": dr.letter_date.isoformat() if dr.letter_date else None,
                "sender": dr.sender,
                "sender_alternatives": list(dr.sender_alts),
                "title": dr.title,
                "title_alternatives": list(dr.title_alts),
                "patient_id": dr.patient_id,
                "other_dates": list(dr.other_dates),
                "other_people": list(dr.other_people),
            },
            "register": (
                {"id": reg.id, "collision": reg.collision, "collision_group": reg.collision_group}
                if reg
                else None
            ),
            "notes": list(dr.notes),
            "handwritten": dr.handwritten,
            "fax": {
                "sent": self.fax_sent.strftime("%Y-%m-%dT%H:%M"),
                "cover_sheet": self.fax_cover,
                "number": dr.fax_number,
                "resolution": "204x196" if self.fax_fine else "204x98",
                "compression": "group4" if self.fax_g4 else "group3",
            },
            "receipt_stamp": (
                {"date": self.stamp_date.isoformat(), "condition": "scan200"}
                if self.stamp_date
                else None
            ),
            "conditions": conds,
        }


def _kinds_for(split_name: str, count: int, rng: random.Random) -> list[str]:
    all_kinds = list(GERMAN_KINDS) + [f"ausland_{x}" for x in FOREIGN]
    if split_name == "test":
        kinds = list(all_kinds)
        extra = [
            *COMMON,
            "ausland_tr",
            "ausland_pl",
            "handschriftliche_notiz",
            "email_ausdruck",
            "versorgungsamt_gdb",
            "bg_arbeitsunfall",
            "knappschaft_anforderung",
            "jobcenter_gutachtenauftrag",
            "werksarzt_mitteilung",
        ]
        kinds += extra
        kinds = kinds[:count]
        while len(kinds) < count:
            kinds.append(rng.choice(all_kinds))
    else:
        kinds = [rng.choice(all_kinds + COMMON) for _ in range(count)]
    rng.shuffle(kinds)
    return kinds


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    rng = random.Random(f"heldout50ab/kinds/{split_name}/{seed}")
    kinds = _kinds_for(split_name, count, rng)
    return [Letter(split_name, seed, i + 1, k) for i, k in enumerate(kinds)]


def split(name: str) -> list[Letter]:
    if name not in SPLIT_SEEDS:
        raise ValueError(f"unknown split {name!r}; expected 'test' or 'examples'")
    return generate(SPLIT_COUNTS[name], SPLIT_SEEDS[name], name)


__all__ = ["PAGE_H", "Letter", "generate", "practice_names", "split"]
