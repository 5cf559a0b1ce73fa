"""The letters: senders of eastern Lower Saxony and abroad, three receiving practices."""

from __future__ import annotations

import datetime as dt
import itertools
import random
from dataclasses import dataclass, field
from typing import Any

from . import register as reg
from .render import H, Line, W, page_text, to_fax, to_pdf, to_scan, width

SPLIT_SEEDS = {"test": 50_501, "examples": 50_777}
SPLIT_SIZES = {"test": 40, "examples": 6}

PRACTICES = [
    {
        "name": "Hausarztpraxis Dr. med. Anke Brandes",
        "names": [
            "Hausarztpraxis Dr. med. Anke Brandes",
            "Praxis Dr. Brandes",
            "Hausarztpraxis Brandes",
        ],
        "doctor": "Dr. med. Anke Brandes",
        "address": "Almsstraße 14, 31134 Hildesheim",
        "fax": "05121 178 44-19",
        "kind": "Hausarztpraxis",
        "street": "Almsstraße 14",
        "city": "31134 Hildesheim",
    },
    {
        "name": "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin am Maschsee "
        "Dr. Kasimir & Dr. Yıldız-Hartung",
        "names": [
            "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin am Maschsee "
            "Dr. Kasimir & Dr. Yıldız-Hartung",
            "Gemeinschaftspraxis am Maschsee",
            "Praxis am Maschsee",
        ],
        "doctor": "Dr. med. Oliver Kasimir",
        "address": "Hildesheimer Straße 201, 30173 Hannover",
        "fax": "0511 80 47 33-9",
        "kind": "Gemeinschaftspraxis",
        "street": "Hildesheimer Straße 201",
        "city": "30173 Hannover",
    },
    {
        "name": "Landarztpraxis am Rammelsberg",
        "names": [
            "Landarztpraxis am Rammelsberg",
            "Praxis am Rammelsberg",
            "Landarztpraxis Reimers",
        ],
        "doctor": "Thomas Reimers",
        "address": "Rammelsberger Straße 3, 38640 Goslar",
        "fax": "05321 38 55-20",
        "kind": "Landarztpraxis",
        "street": "Rammelsberger Straße 3",
        "city": "38640 Goslar",
    },
]


def practice_names() -> list[dict[str, Any]]:
    return [
        {k: p[k] for k in ("name", "names", "doctor", "address", "fax", "kind")} for p in PRACTICES
    ]


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
MON = {
    "pl": [
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
    ],
    "en": [
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
    ],
    "it": [
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
    ],
    "pt": [
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
    ],
    "tr": [
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
    ],
    "ru": [
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
    ],
    "el": [
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
    ],
    "sq": [
        "janar",
        "shkurt",
        "mars",
        "prill",
        "maj",
        "qershor",
        "korrik",
        "gusht",
        "shtator",
        "tetor",
        "nëntor",
        "dhjetor",
    ],
}


def fmt(d: dt.date, style: str) -> str:
    if style == "num":
        return f"{d.day:02d}.{d.month:02d}.{d.year}"
    if style == "num1":
        return f"{d.day}.{d.month}.{d.year}"
    if style == "short":
        return f"{d.day:02d}.{d.month:02d}.{d.year % 100:02d}"
    if style == "long":
        return f"{d.day}. {MON_DE[d.month - 1]} {d.year}"
    if style == "iso":
        return d.isoformat()
    if style == "slash":
        return f"{d.day:02d}/{d.month:02d}/{d.year}"
    if style in MON:
        return f"{d.day} {MON[style][d.month - 1]} {d.year}"
    raise ValueError(style)


@dataclass
class Ctx:
    rng: random.Random
    pat: reg.Patient
    in_register: bool
    practice: dict[str, Any]
    date: dt.date
    dob_printed: bool
    use_old_name: bool
    lang: str = "de"
    facts: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


class Comp:
    """A flowing page composer with absolute placement."""

    def __init__(
        self, top: float = 60.0, left: float = 62.0, right: float = 535.0, bottom: float = 770.0
    ) -> None:
        self.pages: list[list[Line]] = [[]]
        self.y = top
        self.left, self.right, self.bottom = left, right, bottom
        self.running: str | None = None

    def at(
        self, x: float, y: float, text: str, font: str = "sans", size: float = 10, align: str = "l"
    ) -> None:
        w = width(text, font, size)
        room = {"l": W - 24 - x, "r": x - 24, "c": 2 * min(x - 24, W - 24 - x)}[align]
        while w > room and size > 6:
            size -= 0.5
            w = width(text, font, size)
        if align == "r":
            x = x - w
        elif align == "c":
            x = x - w / 2
        if x < 20 or x + w > W - 20:
            raise ValueError(f"line outside the sheet: {text}")
        self.pages[-1].append(Line(round(x, 2), round(y, 2), text, font, size))

    def ln(
        self,
        text: str,
        font: str = "sans",
        size: float = 10,
        align: str = "l",
        gap: float | None = None,
        x: float | None = None,
    ) -> None:
        step = gap if gap is not None else size * 1.45
        if self.y + step > self.bottom:
            self.newpage()
        self.y += step
        if text:
            if x is None:
                x = {"l": self.left, "r": self.right, "c": (self.left + self.right) / 2}[align]
            self.at(x, self.y, text, font, size, align)

    def para(self, text: str, font: str = "sans", size: float = 10, gap: float = 6) -> None:
        words = text.split(" ")
        cur = ""
        first = True
        for w_ in words:
            t = (cur + " " + w_).strip()
            if width(t, font, size) > self.right - self.left and cur:
                self.ln(cur, font, size, gap=size * 1.4 + (gap if first else 0))
                first = False
                cur = w_
            else:
                cur = t
        if cur:
            self.ln(cur, font, size, gap=size * 1.4 + (gap if first else 0))

    def newpage(self) -> None:
        self.pages.append([])
        self.y = 50.0
        if self.running:
            self.at(self.left, 40, self.running, "sans", 8.5)
            self.y = 66.0

    def skip(self, dy: float) -> None:
        self.y += dy


# ----------------------------------------------------------------------------- names


def name_forms(c: Ctx) -> tuple[str, str]:
    """(given, surname) as this letter spells them."""
    p = c.pat
    sur = p.native_surname if (c.use_old_name or c.lang not in ("de",)) else p.surname
    giv = p.native_given if c.lang != "de" else p.given_names
    if c.lang == "de" and c.use_old_name:
        sur = p.former_names[0]
    if c.lang == "de" and not c.use_old_name:
        sur = p.surname
    return giv, sur


def patient_label(c: Ctx, style: str) -> str:
    giv, sur = name_forms(c)
    p = c.pat
    ttl = (p.title + " ") if p.title and style in ("herr", "plain") else ""
    if style == "comma":
        s = f"{sur}, {giv}"
    elif style == "caps":
        s = f"{sur.upper()}, {giv}"
        sur = sur.upper()
    elif style == "herr":
        s = f"{'Herrn' if p.sex == 'm' else 'Frau'} {ttl}{giv} {sur}"
    elif style == "capsall":
        s = f"{giv.upper()} {sur.upper()}"
        giv, sur = giv.upper(), sur.upper()
    else:
        s = f"{ttl}{giv} {sur}"
    core = s.removeprefix("Herrn ").removeprefix("Frau ")
    c.facts.setdefault("as_written", core)
    c.facts.setdefault("as_letter", (giv, sur))
    return s


def dob(c: Ctx, style: str = "num") -> dt.date:
    return dt.date.fromisoformat(c.pat.birth_date)


def rel_date(c: Ctx, lo: int, hi: int) -> dt.date:
    return c.date - dt.timedelta(days=c.rng.randint(lo, hi))


def other(c: Ctx, d: dt.date, role: str) -> dt.date:
    c.facts.setdefault("other_dates", []).append({"date": d.isoformat(), "role": role})
    return d


def addr_block(
    cp: Comp,
    c: Ctx,
    y: float,
    x: float = 62.0,
    small: str | None = None,
    long_name_lines: bool = True,
    font: str = "sans",
) -> None:
    pr = c.practice
    if small:
        cp.at(x, y, small, "sans", 6.5)
        y += 14
    name = pr["name"]
    parts = [name]
    if width(name, font, 10) > 230 and long_name_lines:
        # a long practice name wraps
        words = name.split(" ")
        parts, cur = [], ""
        for w_ in words:
            t = (cur + " " + w_).strip()
            if width(t, font, 10) > 230:
                parts.append(cur)
                cur = w_
            else:
                cur = t
        parts.append(cur)
    lines = [*parts]
    if pr["doctor"] not in name:
        lines.append(pr["doctor"])
    lines += [pr["street"], pr["city"]]
    for i, t in enumerate(lines):
        cp.at(x, y + i * 12.5, t, font, 10)
    cp.y = y + (len(lines) - 1) * 12.5


DIAG = [
    ("Arterielle Hypertonie", "I10.90"),
    ("Diabetes mellitus Typ 2", "E11.9"),
    ("Vorhofflimmern, paroxysmal", "I48.0"),
    ("COPD GOLD 2", "J44.9"),
    ("Lumboischialgie links", "M54.4"),
    ("Obstruktives Schlafapnoesyndrom", "G47.31"),
    ("Chronische Niereninsuffizienz Stadium 5", "N18.5"),
    ("Koronare Herzkrankheit", "I25.1"),
    ("Gonarthrose rechts", "M17.1"),
    ("Depressive Episode, mittelgradig", "F32.1"),
]
MEDS = [
    "Ramipril 5 mg 1-0-0",
    "Metformin 1000 mg 1-0-1",
    "Apixaban 5 mg 1-0-1",
    "Bisoprolol 2,5 mg 1-0-0",
    "Atorvastatin 40 mg 0-0-1",
    "Pantoprazol 20 mg 1-0-0",
    "Tiotropium 2,5 µg 2 Hübe morgens",
    "Torasemid 10 mg 1-0-0",
    "Ibuprofen 600 mg bei Bedarf",
]
BODY = [
    "Wir berichten über den oben genannten Patienten, der sich in unserer Behandlung befand.",
    "Die körperliche Untersuchung ergab einen altersentsprechenden Allgemeinzustand bei "
    "adipösem Ernährungszustand; Herz und Lunge auskultatorisch unauffällig.",
    "Laborchemisch zeigten sich keine relevanten Auffälligkeiten, das Kreatinin war stabil.",
    "Wir empfehlen eine Fortführung der bestehenden Medikation sowie eine Kontrolle der "
    "Blutdruckwerte in Ihrer Praxis.",
    "Bei Beschwerdezunahme bitten wir um erneute Vorstellung. Für Rückfragen stehen wir "
    "Ihnen gern zur Verfügung.",
    "Die Mobilisation gelang unter physiotherapeutischer Anleitung zügig; der Patient konnte "
    "in gebessertem Zustand nach Hause entlassen werden.",
    "Eine weitere Diagnostik ist aus unserer Sicht derzeit nicht erforderlich.",
]


def body(cp: Comp, c: Ctx, n: int, font: str = "sans", size: float = 10) -> None:
    picks = c.rng.sample(BODY, min(n, len(BODY)))
    for t in picks:
        cp.para(t, font, size)


def diag_block(cp: Comp, c: Ctx, font: str = "sans", head: str = "Diagnosen:") -> None:
    cp.ln(head, font + "b" if font in ("sans", "serif") else font, 10, gap=20)
    for dg, code in c.rng.sample(DIAG, 3):
        cp.ln(f"– {dg} ({code})", font, 10)


def meds_block(cp: Comp, c: Ctx, font: str = "sans") -> None:
    cp.ln("Medikation bei Entlassung:", font, 10, gap=20)
    for m in c.rng.sample(MEDS, 5):
        cp.ln(f"   {m}", font, 10)


# ----------------------------------------------------------------------------- senders


@dataclass
class Sender:
    key: str
    name: str
    alts: list[str]
    city: str
    fax: str
    lang: str
    region: str
    build: str  # builder name


SENDERS = [
    Sender(
        "werk",
        "Werksärztlicher Dienst der Autowerke Wolfsburg AG",
        ["Werksärztlicher Dienst", "Autowerke Wolfsburg AG"],
        "Wolfsburg",
        "05361 9-27 440",
        "de",
        "DE-NI",
        "classic",
    ),
    Sender(
        "mhh",
        "Medizinische Hochschule Hannover",
        ["MHH", "Klinik für Kardiologie und Angiologie"],
        "Hannover",
        "0511 532-5412",
        "de",
        "DE-NI",
        "uni",
    ),
    Sender(
        "krh",
        "Klinikum Region Hannover",
        ["KRH Klinikum Nordstadt", "KRH"],
        "Hannover",
        "0511 970-1234",
        "de",
        "DE-NI",
        "kim",
    ),
    Sender(
        "bg",
        "BG Holz und Metall",
        ["Berufsgenossenschaft Holz und Metall", "BGHM Bezirksverwaltung Hannover"],
        "Hannover",
        "0511 8118-19999",
        "de",
        "DE-NI",
        "authority",
    ),
    Sender(
        "drv",
        "Deutsche Rentenversicherung Braunschweig-Hannover",
        ["DRV Braunschweig-Hannover", "Deutsche Rentenversicherung"],
        "Laatzen",
        "0511 829-2654",
        "de",
        "DE-NI",
        "form",
    ),
    Sender(
        "las",
        "Niedersächsisches Landesamt für Soziales, Jugend und Familie",
        ["Landesamt für Soziales, Jugend und Familie", "Außenstelle Hildesheim"],
        "Hildesheim",
        "05121 304-611",
        "de",
        "DE-NI",
        "authority",
    ),
    Sender(
        "ga",
        "Gesundheitsamt Landkreis Goslar",
        ["Landkreis Goslar", "Gesundheitsamt"],
        "Goslar",
        "05321 76-509",
        "de",
        "DE-NI",
        "authority",
    ),
    Sender(
        "md",
        "Medizinischer Dienst Niedersachsen",
        ["MD Niedersachsen", "Medizinischer Dienst"],
        "Hannover",
        "0511 8785-199",
        "de",
        "DE-NI",
        "form",
    ),
    Sender(
        "dia",
        "Dialysezentrum Salzgitter-Lebenstedt",
        ["Dialysezentrum Salzgitter", "Nephrologische Gemeinschaftspraxis"],
        "Salzgitter",
        "05341 8890-29",
        "de",
        "DE-NI",
        "classic",
    ),
    Sender(
        "sleep",
        "Schlafmedizinisches Zentrum Braunschweig",
        ["Schlaflabor", "Schlafmedizinisches Zentrum"],
        "Braunschweig",
        "0531 2345-680",
        "de",
        "DE-NI",
        "classic",
    ),
    Sender(
        "apo",
        "Harz-Apotheke Goslar",
        ["Harz-Apotheke"],
        "Goslar",
        "05321 2 34 56",
        "de",
        "DE-NI",
        "email",
    ),
    Sender(
        "physio",
        "Physiotherapie am Kiebitzmarkt",
        ["Praxis für Physiotherapie", "Physiotherapie Kiebitzmarkt"],
        "Hildesheim",
        "05121 99 87 65",
        "de",
        "DE-NI",
        "email",
    ),
    Sender(
        "heb",
        "Hebammenpraxis Lindenblüte",
        ["Hebamme Merle Janssen", "Merle Janssen"],
        "Hannover",
        "0511 44 19 27",
        "de",
        "DE-NI",
        "hand",
    ),
    Sender(
        "school",
        "Region Hannover – Kinder- und Jugendärztlicher Dienst",
        ["Kinder- und Jugendärztlicher Dienst", "Region Hannover"],
        "Hannover",
        "0511 616-2 28 00",
        "de",
        "DE-NI",
        "authority",
    ),
    Sender(
        "jva",
        "Justizvollzugsanstalt Wolfenbüttel",
        ["JVA Wolfenbüttel", "Anstaltsärztlicher Dienst"],
        "Wolfenbüttel",
        "05331 80-299",
        "de",
        "DE-NI",
        "classic",
    ),
    Sender(
        "court",
        "Amtsgericht Goslar",
        ["Amtsgericht Goslar – Betreuungsgericht", "Betreuungsgericht"],
        "Goslar",
        "05321 703-100",
        "de",
        "DE-NI",
        "court",
    ),
    Sender(
        "lab",
        "MVZ Labor Hannover-Süd",
        ["Labor Hannover-Süd", "MVZ Labor"],
        "Hannover",
        "0511 228 61-99",
        "de",
        "DE-NI",
        "lab",
    ),
    Sender(
        "rad",
        "Radiologie Braunschweig am Wall",
        ["Radiologische Gemeinschaftspraxis", "Radiologie am Wall"],
        "Braunschweig",
        "0531 480 29-15",
        "de",
        "DE-NI",
        "uni",
    ),
    Sender(
        "stb",
        "St. Bernward Krankenhaus Hildesheim",
        ["St. Bernward Krankenhaus", "Klinik für Unfallchirurgie"],
        "Hildesheim",
        "05121 90-1515",
        "de",
        "DE-NI",
        "classic",
    ),
    Sender(
        "harz",
        "Harzklinik Bad Harzburg",
        ["Rehabilitationsklinik Bad Harzburg", "Harzklinik"],
        "Bad Harzburg",
        "05322 79-400",
        "de",
        "DE-NI",
        "uni",
    ),
    Sender(
        "neuro",
        "Dr. med. Lena Pohl",
        ["Praxis für Neurologie Dr. Pohl", "Fachärztin für Neurologie"],
        "Salzgitter",
        "05341 17 20 99",
        "de",
        "DE-NI",
        "classic",
    ),
    Sender(
        "pflege",
        "Ambulanter Pflegedienst Harzblick",
        ["Pflegedienst Harzblick"],
        "Clausthal-Zellerfeld",
        "05323 96 11 02",
        "de",
        "DE-NI",
        "hand",
    ),
    Sender(
        "tr",
        "İzmir Atatürk Eğitim ve Araştırma Hastanesi",
        ["T.C. Sağlık Bakanlığı", "Atatürk Eğitim ve Araştırma Hastanesi"],
        "İzmir",
        "+90 232 243 15 99",
        "tr",
        "TR",
        "foreign",
    ),
    Sender(
        "pl",
        "Szpital Wojewódzki w Poznaniu",
        ["Oddział Chorób Wewnętrznych", "Szpital Wojewódzki"],
        "Poznań",
        "+48 61 821 22 00",
        "pl",
        "PL",
        "foreign",
    ),
    Sender(
        "sy",
        "Al Mouwasat University Hospital",
        ["Damascus University", "Department of Internal Medicine"],
        "Damascus",
        "+963 11 212 0000",
        "en",
        "SY",
        "foreign",
    ),
    Sender(
        "ru",
        "ГБУЗ «Городская клиническая больница № 15»",
        ["ГКБ № 15", "Городская клиническая больница № 15"],
        "Москва",
        "+7 495 375 17 00",
        "ru",
        "RU",
        "foreign",
    ),
    Sender(
        "kz",
        "КГП «Городская поликлиника № 5»",
        ["Городская поликлиника № 5"],
        "Караганда",
        "+7 7212 41 22 50",
        "ru",
        "KZ",
        "foreign",
    ),
    Sender(
        "it",
        "Azienda Ospedaliero-Universitaria di Bologna",
        ["Policlinico di Sant'Orsola", "AOU Bologna"],
        "Bologna",
        "+39 051 214 1000",
        "it",
        "IT",
        "foreign",
    ),
    Sender(
        "pt",
        "Centro Hospitalar Universitário do Porto",
        ["Hospital de Santo António", "CHUPorto"],
        "Porto",
        "+351 22 207 7500",
        "pt",
        "PT",
        "foreign",
    ),
    Sender(
        "el",
        "Γενικό Νοσοκομείο Θεσσαλονίκης «Παπανικολάου»",
        ["Νοσοκομείο Παπανικολάου", "Γ.Ν. Θεσσαλονίκης Παπανικολάου"],
        "Θεσσαλονίκη",
        "+30 2313 307 000",
        "el",
        "GR",
        "foreign",
    ),
    Sender(
        "sq",
        "Spitali Universitar i Traumës",
        ["QSUT", "Spitali i Traumës"],
        "Tiranë",
        "+355 4 236 2000",
        "sq",
        "AL",
        "foreign",
    ),
]
ORIGIN_FOR = {
    "tr": "tr",
    "pl": "pl",
    "sy": "sy",
    "ru": "ru",
    "kz": "kz",
    "it": "it",
    "pt": "pt",
    "el": "el",
    "sq": "sq",
}

TITLES = {
    "werk": ["Arbeitsmedizinische Vorsorge – Befundmitteilung", "Ärztliche Mitteilung"],
    "dia": ["Dialysebericht Quartal", "Nephrologischer Verlaufsbericht"],
    "sleep": ["Befundbericht Polysomnographie", "Schlafmedizinischer Befund"],
    "jva": ["Ärztlicher Bericht", "Mitteilung des Anstaltsarztes"],
    "stb": ["Vorläufiger Entlassungsbericht", "Entlassungsbericht"],
    "neuro": ["Neurologischer Befundbericht", "Arztbrief"],
    "mhh": ["ENTLASSUNGSBRIEF", "Arztbrief"],
    "rad": ["MRT der LWS nativ", "Befundbericht"],
    "harz": ["REHA-ENTLASSUNGSBERICHT", "Vorabbericht"],
}


def sign(cp: Comp, c: Ctx, who: list[str], font: str = "sans") -> None:
    cp.ln("Mit freundlichen Grüßen", font, 10, gap=22)
    cp.skip(22)
    for i, w_ in enumerate(who):
        cp.ln(w_, font, 10 if i == 0 else 9)


def classic(cp: Comp, c: Ctx, s: Sender) -> None:
    r = c.rng
    al = r.choice(["l", "r", "c"])
    x = {"l": 62.0, "r": 535.0, "c": 297.5}[al]
    logo = {"l": "▌", "r": "◆", "c": "✚"}[al]
    cp.at(x, 48, f"{logo} {s.name}", "sansb", 13, al)
    sub = {
        "werk": "Gesundheitswesen · Werk Wolfsburg · Tor 17",
        "dia": "Nephrologie · Hämodialyse · Peritonealdialyse",
        "sleep": "Schlaflabor · Polygraphie · Polysomnographie",
        "jva": "Anstaltsärztlicher Dienst · Am Herzogtore 13",
        "stb": "Klinik für Unfallchirurgie und Orthopädie",
        "neuro": "Fachärztin für Neurologie · Chlodwigstraße 8",
    }.get(s.key, s.alts[0])
    cp.at(x, 62, sub, "sans", 8.5, al)
    addr_block(cp, c, 140, small=f"{s.name} · {s.city}")
    title = r.choice(TITLES.get(s.key, ["Arztbrief", "Befundbericht"]))
    dstyle = r.choice(["num", "long"])
    if r.random() < 0.5:
        cp.at(535, 146, f"{s.city}, {fmt(c.date, dstyle)}", "sans", 10, "r")
        cp.y = max(cp.y, 200)
    else:
        cp.at(400, 146, "Datum:", "sans", 9)
        cp.at(400, 158, fmt(c.date, "num"), "sans", 9)
        cp.at(400, 176, "Unser Zeichen:", "sans", 9)
        cp.at(400, 188, f"{s.key.upper()}/{r.randint(100, 999)}-{r.choice('ABKM')}", "sans", 9)
    if r.random() < 0.4:
        pid = c.pat.id if c.in_register else str(r.randint(20000, 29999))
        cp.at(400, 206, f"Ihre Pat.-Nr.: {pid}", "sans", 9)
        c.facts["patient_id"] = pid
    cp.y = max(cp.y, 225)
    ps = r.choice(["comma", "herr", "caps"])
    label = patient_label(c, ps)
    dob_t = f", geb. {fmt(dob(c), 'num')}" if c.dob_printed else ""
    if r.random() < 0.5:
        cp.ln(f"{title}", "sansb", 11, gap=10)
        cp.ln(f"Patient: {label}{dob_t}", "sans", 10)
        c.facts["title"] = title
    else:
        cp.ln(f"Betreff: {title} – {label}{dob_t}", "sansb", 10, gap=10)
        c.facts["title"] = title
    adm = other(c, rel_date(c, 12, 30), "admission")
    dis = other(c, rel_date(c, 2, 10), "discharge")
    cp.ln(f"Stationärer Aufenthalt vom {fmt(adm, 'num')} bis {fmt(dis, 'num')}", "sans", 10)
    cp.ln("Sehr geehrte Kolleginnen und Kollegen,", "sans", 10, gap=22)
    body(cp, c, 2)
    diag_block(cp, c)
    if r.random() < 0.5:
        meds_block(cp, c)
        body(cp, c, 4)
    if r.random() < 0.45:
        cp.ln("VERLAUF UND EPIKRISE", "sansb", 10, gap=20)
        body(cp, c, 7)
        cp.ln("BEFUNDE", "sansb", 10, gap=20)
        body(cp, c, 7)
    wv = other(c, c.date + dt.timedelta(days=r.randint(20, 60)), "follow_up")
    cp.para(f"Wiedervorstellung zur Kontrolle am {fmt(wv, 'num')}.")
    doc = r.choice(
        [
            "Dr. med. Katrin Wendland",
            "Dr. med. Lena Pohl",
            "Priv.-Doz. Dr. Jan Sörensen",
            "Dr. med. Murat Demir",
            "Oberärztin Dr. Friederike Lüer",
        ]
    )
    if s.key == "neuro":
        doc = "Dr. med. Lena Pohl"
    sign(cp, c, [doc, s.alts[0]])
    c.facts["other_people"] = [{"name": doc, "role": "signing doctor"}]
    c.facts["sender"] = s.name
    c.facts["sender_alternatives"] = s.alts


def uni(cp: Comp, c: Ctx, s: Sender) -> None:
    r = c.rng
    cp.at(297.5, 44, s.name.upper(), "serifb", 14, "c")
    dept = {
        "mhh": "Klinik für Kardiologie und Angiologie",
        "rad": "Radiologische Gemeinschaftspraxis · MRT · CT · Mammographie",
        "harz": "Rehabilitationsklinik für Orthopädie und Kardiologie",
    }[s.key]
    cp.at(297.5, 58, dept, "serif", 9.5, "c")
    if s.key == "harz":
        cp.at(297.5, 82, "Chefärztin: Dr. med. Ute Harms", "serif", 8, "c")
    cp.at(
        297.5,
        70,
        f"Carl-Neuberg-Straße 1 · {s.city} · Telefax {s.fax}"
        if s.key == "mhh"
        else f"{s.city} · Telefax {s.fax}",
        "serif",
        8,
        "c",
    )
    addr_block(cp, c, 130, font="serif")
    rows_l = "Ihr Zeichen      Unser Zeichen      Aufnahme            Datum"
    ex = other(c, rel_date(c, 3, 20), "examination" if s.key == "rad" else "admission")
    rows_v = (
        f"—                      {s.key.upper()}-{r.randint(1000, 9999)}            "
        f"{fmt(ex, 'num')}        {fmt(c.date, 'num')}"
    )
    cp.y = max(cp.y, 210)
    cp.ln(rows_l, "serif", 8.5, gap=18)
    cp.ln(rows_v, "serif", 9.5)
    title = r.choice(TITLES[s.key])
    c.facts["title"] = title
    cp.ln(title, "serifb", 13, gap=28)
    label = patient_label(c, r.choice(["herr", "plain", "capsall"]))
    if c.dob_printed:
        cp.ln(f"{label}, * {fmt(dob(c), r.choice(['num', 'long']))}", "serif", 10.5)
    else:
        cp.ln(f"{label}", "serif", 10.5)
    if s.key == "harz":
        c.facts["other_people"] = [{"name": "Dr. med. Ute Harms", "role": "chief physician"}]
    cp.ln("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,", "serif", 10.5, gap=22)
    body(cp, c, 3, "serif", 10.5)
    if s.key == "rad":
        cp.ln("BEURTEILUNG:", "serifb", 10.5, gap=20)
        cp.para(
            "Mediolateraler Bandscheibenvorfall L4/5 links mit Kontakt zur Nervenwurzel L5; "
            "keine Spinalkanalstenose.",
            "serif",
            10.5,
        )
    else:
        diag_block(cp, c, "serif")
        meds_block(cp, c, "serif")
        body(cp, c, 7 if r.random() < 0.5 else 3, "serif", 10.5)
    cp.ln("Mit kollegialen Grüßen", "serif", 10.5, gap=24)
    cp.ln("Prof. Dr. med. Johann Bauersachs          Dr. med. Svenja Oltmanns", "serif", 10, gap=34)
    cp.ln("Klinikdirektor                                           Assistenzärztin", "serif", 8.5)
    c.facts.setdefault("other_people", []).append(
        {"name": "Dr. med. Svenja Oltmanns", "role": "resident"}
    )
    c.facts["sender"] = s.name
    c.facts["sender_alternatives"] = s.alts


def kim(cp: Comp, c: Ctx, s: Sender) -> None:
    r = c.rng
    sent = c.date
    cp.at(62, 40, "KIM-Nachricht – Druckansicht", "mono", 8)
    cp.y = 52
    cp.ln("Von:       entlassmanagement@krh.kim.telematik", "mono", 9)
    cp.ln(
        f"An:        {c.practice['kind'].lower()}.{c.practice['city'].split()[1].lower()}"
        f"@praxis.kim.telematik",
        "mono",
        9,
    )
    cp.ln(f"Gesendet:  {fmt(sent, 'num')} {r.randint(7, 19):02d}:{r.randint(0, 59):02d}", "mono", 9)
    title = "Entlassbrief (eArztbrief)"
    cp.ln(f"Betreff:   {title}", "mono", 9)
    cp.ln("Anhang:    eArztbrief.pdf (PDF/A, signiert)", "mono", 9)
    cp.ln("-" * 72, "mono", 8)
    cp.ln(s.name, "sansb", 12, gap=24)
    cp.ln(
        "KRH Klinikum Nordstadt · Klinik für Innere Medizin · Haltenhoffstraße 41 · 30167 Hannover",
        "sans",
        7.5,
    )
    cp.y += 10
    label = patient_label(c, r.choice(["comma", "caps"]))
    cp.ln(f"Patient/in:     {label}", "sans", 10, gap=18)
    if c.dob_printed:
        cp.ln(f"Geburtsdatum:   {fmt(dob(c), 'num')}", "sans", 10)
    adm = other(c, rel_date(c, 8, 20), "admission")
    dis = other(c, rel_date(c, 0, 3), "discharge")
    cp.ln(f"Aufenthalt:     {fmt(adm, 'num')} – {fmt(dis, 'num')}", "sans", 10)
    c.facts["title"] = title
    c.facts["title_alternatives"] = ["Entlassbrief", "eArztbrief"]
    cp.ln("Sehr geehrte Damen und Herren,", "sans", 10, gap=22)
    body(cp, c, 3)
    diag_block(cp, c)
    meds_block(cp, c)
    body(cp, c, 2)
    sign(cp, c, ["Dr. med. Hendrik Voß", "Oberarzt Innere Medizin"])
    c.facts["other_people"] = [{"name": "Dr. med. Hendrik Voß", "role": "senior physician"}]
    c.facts["sender"] = s.name
    c.facts["sender_alternatives"] = s.alts


def email(cp: Comp, c: Ctx, s: Sender) -> None:
    r = c.rng
    dom = {"apo": "harz-apotheke-goslar.de", "physio": "physio-kiebitzmarkt.de"}[s.key]
    cp.at(62, 36, f"{c.practice['doctor']}", "sansb", 10)
    cp.y = 44
    cp.ln("_" * 80, "sans", 8)
    wd = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]
    cp.ln(f"Von:            {s.name} <info@{dom}>", "sans", 9.5, gap=18)
    cp.ln(
        f"Gesendet:       {wd[c.date.weekday()]}, {fmt(c.date, 'long')} "
        f"{r.randint(8, 18)}:{r.randint(10, 59)}",
        "sans",
        9.5,
    )
    cp.ln(f"An:             praxis@{c.practice['kind'].lower()}-online.de", "sans", 9.5)
    label = patient_label(c, r.choice(["plain", "comma"]))
    title = "Rückfrage zur Verordnung" if s.key == "apo" else "Therapiebericht Krankengymnastik"
    subj = f"{title} {label}"
    cp.ln(f"Betreff:        {subj}", "sans", 9.5)
    c.facts["title"] = title
    cp.ln("", gap=20)
    cp.ln(
        "Sehr geehrte Frau Dr. Brandes,"
        if "Brandes" in c.practice["name"]
        else "Sehr geehrte Damen und Herren,",
        "sans",
        10,
    )
    if s.key == "apo":
        cp.para(
            f"für Ihre Patientin/Ihren Patienten {label}"
            + (f" (geb. {fmt(dob(c), 'num')})" if c.dob_printed else "")
            + " liegt uns ein Rezept über Apixaban 5 mg vor, gleichzeitig wurde Ibuprofen "
            "600 mg verordnet. Bitte prüfen Sie die Kombination wegen des Blutungsrisikos."
        )
        rz = other(c, rel_date(c, 1, 4), "prescription")
        cp.para(
            f"Das Rezept ist ausgestellt am {fmt(rz, 'num')}. Wir halten die Abgabe bis "
            "zu Ihrer Rückmeldung zurück."
        )
        who = ["Apothekerin Silke Tamm", s.name, "Fischemäkerstraße 4, 38640 Goslar"]
    else:
        vo = other(c, rel_date(c, 40, 60), "prescription")
        cp.para(
            f"anbei der Bericht zur Verordnung vom {fmt(vo, 'num')} für {label}"
            + (f", geb. {fmt(dob(c), 'num')}" if c.dob_printed else "")
            + "."
        )
        cp.para(
            "Nach 6 von 6 Behandlungen KG zeigt sich eine deutliche Besserung der "
            "Beweglichkeit der LWS; Finger-Boden-Abstand jetzt 12 cm. Wir empfehlen eine "
            "Folgeverordnung (6 x KG, 1-2x wöchentlich)."
        )
        who = [
            "Jonas Ebeling, Physiotherapeut (B.Sc.)",
            s.name,
            "Am Kiebitzmarkt 6, 31135 Hildesheim",
        ]
    cp.ln("Viele Grüße", "sans", 10, gap=20)
    for w_ in who:
        cp.ln(w_, "sans", 9.5)
    c.facts["other_people"] = [{"name": who[0].split(",")[0], "role": "author"}]
    c.facts["sender"] = s.name
    c.facts["sender_alternatives"] = s.alts


AUTH_TITLES = {
    "bg": ("Unfallanzeige – Anforderung eines Befundberichts", ["Anforderung Befundbericht"]),
    "las": (
        "FESTSTELLUNG DES GRADES DER BEHINDERUNG NACH DEM SGB IX",
        ["Schwerbehindertenrecht", "Anforderung eines Befundberichts"],
    ),
    "ga": ("Meldung nach dem Infektionsschutzgesetz", ["Rückfrage Meldepflicht"]),
    "school": (
        "Schuleingangsuntersuchung – Mitteilung an den Haus-/Kinderarzt",
        ["Schuleingangsuntersuchung"],
    ),
}


def authority(cp: Comp, c: Ctx, s: Sender) -> None:
    r = c.rng
    cp.at(535, 46, s.name, "sansb", 11, "r")
    dep = {
        "bg": "Bezirksverwaltung Hannover · Seligmannallee 4 · 30173 Hannover",
        "las": "Außenstelle Hildesheim · Domhof 1 · 31134 Hildesheim",
        "ga": "Fachbereich Gesundheit · Heinrich-Pieper-Straße 9 · 38640 Goslar",
        "school": "Team Sozialpädiatrie · Weinstraße 2 · 30171 Hannover",
    }[s.key]
    cp.at(535, 59, dep, "sans", 8, "r")
    addr_block(cp, c, 135, small=dep.split(" · ")[0])
    az = {
        "bg": f"Az.: 1 {r.randint(10, 99)} {r.randint(10000, 99999)} X",
        "las": f"Geschäftszeichen: 4{r.randint(10, 99)}-{r.randint(100000, 999999)}",
        "ga": f"Aktenzeichen: 53.{r.randint(1, 9)} IfSG",
        "school": f"Unser Zeichen: SEU {r.randint(100, 999)}",
    }[s.key]
    cp.at(360, 142, az, "sans", 9)
    cp.at(
        360, 156, f"Bearbeitung: {r.choice(['Frau Gerdes', 'Herr Kamp', 'Frau Ilgner'])}", "sans", 9
    )
    cp.at(360, 170, f"Datum: {fmt(c.date, 'num1')}", "sans", 9)
    cp.y = 225
    title, alts = AUTH_TITLES[s.key]
    c.facts["title"], c.facts["title_alternatives"] = title, alts
    cp.ln(title, "sansb", 10.5, gap=10)
    if s.key == "school":
        pr = c.rng.choice(["Mutter", "Vater"])
        label = patient_label(c, "plain")
        cp.ln(
            f"Kind: {label}" + (f", geboren am {fmt(dob(c), 'num')}" if c.dob_printed else ""),
            "sans",
            10,
        )
        rel = other(c, dt.date(1986, r.randint(1, 12), r.randint(1, 28)), "birth date of parent")
        cp.ln(f"Sorgeberechtigte/r ({pr}): geb. {fmt(rel, 'num')}", "sans", 10)
        ex = other(c, rel_date(c, 5, 25), "examination")
        cp.ln("Sehr geehrte Damen und Herren,", "sans", 10, gap=22)
        cp.para(
            f"bei der Schuleingangsuntersuchung am {fmt(ex, 'num')} fiel ein auffälliger "
            "Sehtest (Visus rechts 0,5) auf. Wir bitten um augenärztliche Abklärung."
        )
    else:
        label = patient_label(c, r.choice(["herr", "comma"]))
        cp.ln(f"{'Versicherte/r' if s.key == 'bg' else 'Antragsteller/in'}: {label}", "sans", 10)
        if c.dob_printed:
            cp.ln(f"Geburtsdatum: {fmt(dob(c), 'long')}", "sans", 10)
        ev = other(c, rel_date(c, 10, 40), "accident" if s.key == "bg" else "application")
        cp.ln("Sehr geehrte Damen und Herren,", "sans", 10, gap=22)
        what = {
            "bg": "im Zusammenhang mit dem Arbeitsunfall vom",
            "las": "zu dem Antrag nach § 152 SGB IX vom",
            "ga": "im Zusammenhang mit der Meldung vom",
        }[s.key]
        cp.para(
            f"{what} {fmt(ev, 'num')} bitten wir Sie um einen ausführlichen Befundbericht "
            "unter Beifügung vorhandener Fremdbefunde. Die Kosten werden nach JVEG bzw. "
            "UV-GOÄ erstattet."
        )
        cp.para(
            "Bitte verwenden Sie den beigefügten Vordruck und senden Sie ihn innerhalb von "
            "vier Wochen zurück."
        )
    cp.ln("Mit freundlichen Grüßen", "sans", 10, gap=22)
    cp.ln("Im Auftrag", "sans", 10, gap=14)
    cp.ln(r.choice(["Gerdes", "Kamp", "Ilgner"]), "sans", 10, gap=20)
    cp.ln(
        "Dieses Schreiben wurde maschinell erstellt und ist ohne Unterschrift gültig.",
        "sans",
        7.5,
        gap=22,
    )
    c.facts["sender"] = s.name
    c.facts["sender_alternatives"] = s.alts


def form(cp: Comp, c: Ctx, s: Sender) -> None:
    r = c.rng
    _giv, sur = name_forms(c)
    if s.key == "drv":
        cp.at(62, 46, "Deutsche Rentenversicherung Braunschweig-Hannover", "sansb", 12)
        cp.at(535, 46, "Lange Weihe 2 · 30880 Laatzen", "sans", 8, "r")
        title = "Befundbericht für die Rehabilitation (Formular S0051)"
        c.facts["title_alternatives"] = ["Befundbericht", "Anforderung eines Befundberichts"]
        fields = [
            (
                "Versicherungsnummer",
                f"{r.randint(10, 65)} {c.pat.birth_date[8:10]}"
                f"{c.pat.birth_date[5:7]}{c.pat.birth_date[2:4]} {sur[0].upper()} "
                f"{r.randint(100, 999)}",
            )
        ]
    else:
        cp.at(297.5, 46, "MEDIZINISCHER DIENST NIEDERSACHSEN", "sansb", 13, "c")
        cp.at(297.5, 60, "Hildesheimer Straße 202 · 30519 Hannover", "sans", 8, "c")
        title = "Gutachten zur Feststellung der Pflegebedürftigkeit gemäß SGB XI"
        c.facts["title_alternatives"] = ["Pflegegutachten", "Gutachten"]
        fields = [("Auftraggeber", "AOK – Die Gesundheitskasse für Niedersachsen, Pflegekasse")]
    addr_block(cp, c, 110)
    cp.at(360, 116, f"Erstellt am: {fmt(c.date, 'num')}", "sans", 9)
    cp.y = max(cp.y, 180)
    c.facts["title"] = title
    cp.ln(title, "sansb", 11, gap=14)
    cp.ln("_" * 95, "sans", 7, gap=8)
    label_style = "comma"
    label = patient_label(c, label_style)
    rows = [("Name, Vorname", label)]
    if c.dob_printed:
        rows.append(("Geburtsdatum", fmt(dob(c), "num")))
    if c.pat.birth_name:
        rows.append(("Geburtsname", c.pat.birth_name))
        c.notes.append("birth name printed in its own field")
    rows += fields
    if s.key == "md":
        bd = other(c, rel_date(c, 5, 20), "assessment visit")
        rows += [
            ("Datum der Begutachtung", fmt(bd, "num")),
            ("Gutachter/in", "Pflegefachkraft Birgit Wöltje"),
            ("Empfohlener Pflegegrad", str(r.randint(1, 4))),
        ]
        c.facts["other_people"] = [{"name": "Birgit Wöltje", "role": "assessor"}]
    else:
        ad = other(c, rel_date(c, 7, 30), "application")
        rows += [("Antrag vom", fmt(ad, "num")), ("Leistung", "Medizinische Rehabilitation")]
    for k, v in rows:
        cp.ln(f"{k}:", "sans", 8, gap=16)
        cp.ln(f"      {v}", "cond", 10, gap=12)
    cp.ln("_" * 95, "sans", 7, gap=10)
    cp.ln("ERLÄUTERUNGEN", "sansb", 10, gap=20)
    body(cp, c, 3)
    cp.ln(
        "Bitte senden Sie den ausgefüllten Bericht im beigefügten Freiumschlag zurück.",
        "sans",
        9,
        gap=20,
    )
    c.facts["sender"] = s.name if s.key == "drv" else s.name.upper()
    c.facts["sender_alternatives"] = s.alts if s.key == "drv" else [s.name, *s.alts]


def court(cp: Comp, c: Ctx, s: Sender) -> None:
    r = c.rng
    cp.at(297.5, 50, "Amtsgericht Goslar", "serifb", 14, "c")
    cp.at(297.5, 64, "– Betreuungsgericht –", "serif", 10, "c")
    cp.at(297.5, 76, "Hoher Weg 9 · 38640 Goslar", "serif", 8, "c")
    addr_block(cp, c, 130, font="serif")
    az = f"Geschäftsnummer: 4 XVII {r.randint(10, 999)}/{c.date.year % 100:02d}"
    cp.at(360, 136, az, "serif", 9.5)
    cp.at(360, 150, f"Goslar, {fmt(c.date, 'num')}", "serif", 9.5)
    cp.y = 220
    label = patient_label(c, "herr")
    title = "Betreuungssache"
    c.facts["title"] = title
    c.facts["title_alternatives"] = ["Anforderung eines ärztlichen Zeugnisses"]
    cp.ln(
        f"{title} {label}" + (f", geb. {fmt(dob(c), 'num')}" if c.dob_printed else ""), "serifb", 11
    )
    btr = r.choice(["Rechtsanwältin Claudia Meinecke", "Herr Bernd Ahlers (Sohn)"])
    cp.ln(f"Betreuer/in: {btr}", "serif", 10)
    c.facts["other_people"] = [
        {
            "name": btr.split(" (")[0].replace("Rechtsanwältin ", "").replace("Herr ", ""),
            "role": "legal guardian",
        }
    ]
    cp.ln("Sehr geehrte Frau Doktor, sehr geehrter Herr Doktor,", "serif", 10.5, gap=22)
    an = other(c, c.date + dt.timedelta(days=r.randint(14, 40)), "hearing")
    cp.para(
        "in der oben bezeichneten Betreuungssache wird gebeten, ein ärztliches Zeugnis "
        "gemäß § 281 FamFG über die Erforderlichkeit der Fortdauer der Betreuung zu "
        f"erstatten. Der Anhörungstermin ist für den {fmt(an, 'long')} vorgesehen.",
        "serif",
        10.5,
    )
    cp.ln("Auf richterliche Anordnung", "serif", 10.5, gap=22)
    cp.ln("Brinkmann, Justizangestellte", "serif", 10.5, gap=20)
    cp.ln("als Urkundsbeamtin der Geschäftsstelle", "serif", 9)
    c.facts["sender"] = s.name
    c.facts["sender_alternatives"] = s.alts


def lab(cp: Comp, c: Ctx, s: Sender) -> None:
    r = c.rng
    cp.at(62, 44, "MVZ Labor Hannover-Süd", "sansb", 15)
    cp.at(62, 57, "Laboratoriumsmedizin · Mikrobiologie · Transfusionsmedizin", "sans", 8)
    cp.at(535, 44, "Tel. 0511 228 61-0", "sans", 8, "r")
    cp.at(535, 55, f"Fax {s.fax}", "sans", 8, "r")
    addr_block(cp, c, 110)
    cp.y = 190
    title = "LABORBEFUND"
    c.facts["title"], c.facts["title_alternatives"] = title, ["Endbefund", "Befund"]
    cp.ln(f"{title} – Endbefund", "sansb", 12)
    col = other(c, rel_date(c, 1, 2), "collection")
    rec = other(c, rel_date(c, 0, 0) if c.rng.random() < 0.3 else col, "received in lab")
    if rec == col:
        c.facts["other_dates"].pop()
    _giv, _sur = name_forms(c)
    label = patient_label(c, "caps")
    cp.ln(
        "Patient                                   Geb.-Datum       Auftrags-Nr.   Ihre Pat.-ID",
        "sans",
        8,
        gap=18,
    )
    pid = c.pat.id if c.in_register else str(r.randint(20000, 29999))
    c.facts["patient_id"] = pid
    dtext = fmt(dob(c), "num") if c.dob_printed else "––.––.––––"
    cp.ln(f"{label:<40}  {dtext}       {r.randint(2400000, 2499999)}       {pid}", "mono", 8.5)
    cp.ln(
        f"Entnahme: {fmt(col, 'num')} {r.randint(7, 11):02d}:{r.randint(0, 59):02d}     "
        f"Befunddatum: {fmt(c.date, 'num')}",
        "sans",
        9,
        gap=16,
    )
    if rec != col:
        cp.ln(f"Eingang Labor: {fmt(rec, 'num')}", "sans", 9)
    cp.ln("Untersuchung            Ergebnis     Einheit        Referenzbereich", "mono", 9, gap=20)
    cp.ln("-" * 66, "mono", 9)
    tests = [
        ("Hämoglobin", "13.9", "g/dl", "13.5 - 17.5"),
        ("Leukozyten", "7,2", "/nl", "3,9 - 10,2"),
        ("Kreatinin", "1,41 +", "mg/dl", "0,70 - 1,20"),
        ("eGFR (CKD-EPI)", "48 -", "ml/min", "> 60"),
        ("HbA1c", "7,4 +", "%", "< 6,5"),
        ("TSH", "2,1", "mU/l", "0,27 - 4,20"),
        ("CRP", "< 5", "mg/l", "< 5"),
        ("Kalium", "4,6", "mmol/l", "3,5 - 5,1"),
    ]
    for t in r.sample(tests, 6):
        cp.ln(f"{t[0]:<24}{t[1]:<13}{t[2]:<15}{t[3]}", "mono", 9)
    cp.ln("+ erhöht   - erniedrigt", "sans", 8, gap=18)
    cp.ln(
        "Medizinisch validiert: Dr. med. Carsten Ruhnau, Facharzt für Laboratoriumsmedizin",
        "sans",
        8.5,
        gap=18,
    )
    c.facts["other_people"] = [{"name": "Dr. med. Carsten Ruhnau", "role": "validating doctor"}]
    c.facts["sender"] = s.name
    c.facts["sender_alternatives"] = s.alts


def hand(cp: Comp, c: Ctx, s: Sender) -> None:
    r = c.rng
    cp.at(70, 60, s.name if s.key == "heb" else "Pflegedienst Harzblick", "hand", 15)
    cp.y = 70
    if s.key == "pflege":
        cp.ln("Tel. 05323 96 11 00", "hand", 11)
    dated = r.random() < 0.7
    if dated:
        cp.at(520, 110, fmt(c.date, r.choice(["num1", "short"])), "hand", 14, "r")
    cp.y = 140
    cp.ln(
        "Liebe Frau Doktor," if "Brandes" in c.practice["name"] else "Hallo Praxisteam,", "hand", 15
    )
    label = patient_label(c, "plain")
    if s.key == "heb":
        c.dob_printed = False
        cp.ln(f"bei {label} (Wochenbett)", "hand", 15, gap=26)
        kd = other(c, rel_date(c, 6, 14), "birth of child")
        cp.ln(f"Entbindung am {fmt(kd, 'num1')}, Kind wohlauf.", "hand", 15, gap=26)
        cp.ln("RR heute 150/95, bitte mal anschauen!", "hand", 15, gap=26)
        cp.ln("Danke + Grüße, Merle Janssen", "hand", 15, gap=34)
        c.facts["other_people"] = [{"name": "Merle Janssen", "role": "midwife"}]
        c.facts["title"] = None
    else:
        cp.ln(
            f"{label}" + (f" (geb. {fmt(dob(c), 'num1')})" if c.dob_printed else ""),
            "hand",
            15,
            gap=26,
        )
        cp.ln("hat seit 3 Tagen offenes Bein li.,", "hand", 15, gap=26)
        cp.ln("bitte um VO Wundversorgung + Hausbesuch.", "hand", 15, gap=26)
        cp.ln("Gruß Schwester Dagmar", "hand", 15, gap=34)
        c.facts["other_people"] = [{"name": "Schwester Dagmar", "role": "nurse"}]
        c.facts["title"] = None
    c.facts["sender"] = s.name if s.key == "heb" else "Pflegedienst Harzblick"
    c.facts["sender_alternatives"] = [a for a in [s.name, *s.alts] if a != c.facts["sender"]]
    if not dated:
        c.facts["undated"] = True


FOREIGN: dict[str, dict[str, Any]] = {
    "tr": {
        "head": [
            "T.C. SAĞLIK BAKANLIĞI",
            "İzmir Atatürk Eğitim ve Araştırma Hastanesi",
            "İç Hastalıkları Kliniği",
        ],
        "title": "EPİKRİZ",
        "pat": "Hasta Adı Soyadı:",
        "dob": "Doğum Tarihi:",
        "adm": "Yatış Tarihi:",
        "dis": "Çıkış Tarihi:",
        "date": "Tarih:",
        "dfmt": "num",
        "order": "gs_up",
        "body": [
            "Hasta göğüs ağrısı şikayeti ile başvurdu. EKG'de akut değişiklik saptanmadı.",
            "Taburculuk sonrası aile hekimi kontrolü önerilir.",
        ],
        "doc": "Uzm. Dr. Elif Karaca",
    },
    "pl": {
        "head": [
            "Szpital Wojewódzki w Poznaniu",
            "Oddział Chorób Wewnętrznych",
            "ul. Juraszów 7/19, 60-479 Poznań",
        ],
        "title": "KARTA INFORMACYJNA LECZENIA SZPITALNEGO",
        "pat": "Pacjent:",
        "dob": "Data urodzenia:",
        "adm": "Data przyjęcia:",
        "dis": "Data wypisu:",
        "date": "Poznań, dnia",
        "dfmt": "pl",
        "order": "sg",
        "body": [
            "Pacjent przyjęty z powodu zaostrzenia POChP. Zastosowano leczenie "
            "steroidami i antybiotykoterapię.",
            "Zalecana kontrola u lekarza rodzinnego.",
        ],
        "doc": "lek. med. Tomasz Nowicki",
    },
    "en": {
        "head": [
            "Damascus University",
            "Al Mouwasat University Hospital",
            "Department of Internal Medicine",
        ],
        "title": "MEDICAL REPORT",
        "pat": "Patient name:",
        "dob": "Date of birth:",
        "adm": "Date of admission:",
        "dis": "Date of discharge:",
        "date": "Date:",
        "dfmt": "en",
        "order": "gs",
        "body": [
            "The patient was admitted with uncontrolled type 2 diabetes mellitus and was "
            "started on basal insulin.",
            "Follow-up with the family physician is advised.",
        ],
        "doc": "Dr. Samer Haddad, MD",
    },
    "ru": {
        "head": [
            "Департамент здравоохранения",
            "ГБУЗ «Городская клиническая больница № 15»",
            "Терапевтическое отделение",
        ],
        "title": "ВЫПИСНОЙ ЭПИКРИЗ",
        "pat": "Ф.И.О. пациента:",
        "dob": "Дата рождения:",
        "adm": "Дата поступления:",
        "dis": "Дата выписки:",
        "date": "Дата:",
        "dfmt": "num",
        "order": "sg",
        "body": [
            "Пациент находился на стационарном лечении по поводу гипертонического криза.",
            "Рекомендовано наблюдение у терапевта по месту жительства.",
        ],
        "doc": "Врач-терапевт Смирнова Е. А.",
    },
    "kz": {
        "head": ["КГП «Городская поликлиника № 5»", "г. Караганда, ул. Ерубаева 40"],
        "title": "СПРАВКА",
        "pat": "Выдана:",
        "dob": "Дата рождения:",
        "adm": "Дата обращения:",
        "dis": "Дата осмотра:",
        "date": "Дата выдачи:",
        "dfmt": "ru",
        "order": "sg",
        "body": [
            "Состоит на диспансерном учёте с диагнозом: сахарный диабет 2 типа.",
            "Справка выдана для предъявления по месту требования.",
        ],
        "doc": "Врач общей практики Абенова Г. К.",
    },
    "it": {
        "head": [
            "Azienda Ospedaliero-Universitaria di Bologna",
            "Policlinico di Sant'Orsola",
            "U.O. Medicina Interna",
        ],
        "title": "LETTERA DI DIMISSIONE",
        "pat": "Paziente:",
        "dob": "Data di nascita:",
        "adm": "Data di ricovero:",
        "dis": "Data di dimissione:",
        "date": "Bologna,",
        "dfmt": "slash",
        "order": "sg_up",
        "body": [
            "Il paziente è stato ricoverato per fibrillazione atriale ad alta risposta "
            "ventricolare.",
            "Si consiglia controllo presso il medico curante.",
        ],
        "doc": "Dott.ssa Chiara Benedetti",
    },
    "pt": {
        "head": [
            "Centro Hospitalar Universitário do Porto",
            "Hospital de Santo António",
            "Serviço de Medicina Interna",
        ],
        "title": "NOTA DE ALTA",
        "pat": "Nome do utente:",
        "dob": "Data de nascimento:",
        "adm": "Data de admissão:",
        "dis": "Data de alta:",
        "date": "Porto,",
        "dfmt": "pt",
        "order": "gs",
        "body": [
            "Utente internado por pneumonia adquirida na comunidade, com boa evolução clínica.",
            "Deve ser reavaliado pelo médico de família.",
        ],
        "doc": "Dr. Ricardo Moutinho",
    },
    "el": {
        "head": ["Γενικό Νοσοκομείο Θεσσαλονίκης «Παπανικολάου»", "Α' Παθολογική Κλινική"],
        "title": "ΕΝΗΜΕΡΩΤΙΚΟ ΣΗΜΕΙΩΜΑ",
        "pat": "Ονοματεπώνυμο:",
        "dob": "Ημερομηνία γέννησης:",
        "adm": "Ημερομηνία εισαγωγής:",
        "dis": "Ημερομηνία εξόδου:",
        "date": "Θεσσαλονίκη,",
        "dfmt": "el",
        "order": "sg",
        "body": [
            "Ο ασθενής νοσηλεύτηκε λόγω πνευμονίας της κοινότητας.",
            "Συνιστάται επανεκτίμηση από τον θεράποντα ιατρό.",
        ],
        "doc": "Δρ. Αναστασία Καραγιάννη",
    },
    "sq": {
        "head": [
            "Spitali Universitar i Traumës",
            "Shërbimi i Ortopedisë",
            "Rruga e Dibrës, Tiranë",
        ],
        "title": "EPIKRIZË",
        "pat": "Emri i pacientit:",
        "dob": "Datëlindja:",
        "adm": "Data e shtrimit:",
        "dis": "Data e daljes:",
        "date": "Tiranë, më",
        "dfmt": "num",
        "order": "gs",
        "body": [
            "Pacienti u shtrua pas frakturës së kyçit të dorës së majtë.",
            "Rekomandohet kontroll pas 6 javësh.",
        ],
        "doc": "Dr. Gentian Dervishi",
    },
}


def foreign(cp: Comp, c: Ctx, s: Sender) -> None:
    r = c.rng
    f = FOREIGN[s.key if s.key in ("kz",) else c.lang]
    al = r.choice(["l", "c"])
    x = 297.5 if al == "c" else 62.0
    for i, h in enumerate(f["head"]):
        cp.at(x, 46 + i * 14, h, "sansb" if i == 1 else "sans", 11 if i == 1 else 9, al)
    cp.y = 46 + len(f["head"]) * 14 + 20
    title = f["title"]
    c.facts["title"] = title
    cp.ln(title, "sansb", 13, align="c", gap=22)
    giv, sur = name_forms(c)
    o = f["order"]
    if o.startswith("sg"):
        s_ = sur.upper() if o.endswith("up") else sur
        nm = f"{s_} {giv}"
    else:
        s_ = sur.upper() if o.endswith("up") else sur
        nm = f"{giv} {s_}"
    if s.key == "ru" and c.pat.origin in ("ru", "kz"):
        nm += " " + ("Петрович" if c.pat.sex == "m" else "Петровна")
    c.facts["as_written"] = nm
    c.facts["as_letter"] = (giv, s_)
    cp.ln(f"{f['pat']} {nm}", "sans", 10.5, gap=26)
    if c.dob_printed:
        cp.ln(f"{f['dob']} {fmt(dob(c), 'num' if f['dfmt'] != 'slash' else 'slash')}", "sans", 10.5)
    adm = other(c, rel_date(c, 8, 25), "admission")
    dis = other(c, rel_date(c, 0, 5), "discharge")
    df = f["dfmt"] if f["dfmt"] in ("num", "slash") else "num"
    cp.ln(f"{f['adm']} {fmt(adm, df)}", "sans", 10.5)
    cp.ln(f"{f['dis']} {fmt(dis, df)}", "sans", 10.5)
    for t in f["body"]:
        cp.para(t, "sans", 10.5, gap=10)
    cp.ln(f"{f['date']} {fmt(c.date, f['dfmt'])}", "sans", 10.5, gap=30)
    cp.ln(f["doc"], "sans", 10.5, gap=30)
    c.facts["other_people"] = [{"name": f["doc"], "role": "doctor"}]
    c.facts["sender"] = s.name
    c.facts["sender_alternatives"] = s.alts
    c.notes.append(f"letter from abroad ({s.region}); name as spelled there")


BUILDERS = {
    "classic": classic,
    "uni": uni,
    "kim": kim,
    "email": email,
    "authority": authority,
    "form": form,
    "court": court,
    "lab": lab,
    "hand": hand,
    "foreign": foreign,
}

STAMPS = [
    ("EINGEGANGEN", "{num}"),
    ("Eingang", "{long}"),
    ("Praxis – Eing.:", "{short}"),
    ("ERHALTEN AM", "{num}"),
    ("gesehen / eingescannt", "{num}"),
]


def _stamp(
    lines: list[Line], when: dt.date, variant: int, practice: dict[str, Any]
) -> list[Line] | None:
    ys = sorted({ln.y for ln in lines} | {H - 30})
    for a, b in itertools.pairwise(ys):
        if a > 90 and b - a >= 56:
            top, val = STAMPS[variant]
            v = val.format(num=fmt(when, "num"), long=fmt(when, "long"), short=fmt(when, "short"))
            who = practice["names"][-1]
            out = [
                Line(380, a + 18, top, "sansb", 9),
                Line(380, a + 31, v, "mono", 10),
                Line(380, a + 43, who, "sans", 7),
            ]
            if max(380 + width(q.text, q.font, q.size) for q in out) > W - 24:
                return None
            return out
    return None


class Letter:
    def __init__(
        self,
        split_name: str,
        index: int,
        seed: int,
        sender: Sender,
        rng: random.Random,
        patients: list[reg.Patient],
    ) -> None:
        self.id = f"{split_name}-{index:03d}"
        self.split = split_name
        self.seed = seed
        self.sender = sender
        pr = PRACTICES[rng.randrange(3)]
        lang = sender.lang
        origin = {
            "tr": "tr",
            "pl": "pl",
            "sy": "sy",
            "ru": "ru",
            "kz": "kz",
            "it": "it",
            "pt": "pt",
            "el": "el",
            "sq": "sq",
        }.get(sender.key, "")
        if origin:
            pool = [
                p for p in patients if p.origin == origin or (origin == "kz" and p.origin == "ru")
            ]
        elif rng.random() < 0.35:
            pool = [p for p in patients if p.collision]
        else:
            pool = [p for p in patients if p.origin == "de" or rng.random() < 0.3]
        if sender.key == "heb":
            pool = [p for p in pool if p.sex == "f"]
        in_reg = rng.random() > 0.1
        if in_reg:
            pat = rng.choice(pool)
        else:
            pat = reg.random_person(rng, "", origin or "de")
            pat.collision = ""
        use_old = bool(pat.former_names) and lang == "de" and rng.random() < 0.7
        if pat.collision == "name_change" and lang != "de":
            use_old = False
        d0 = dt.date(2023, 1, 2) + dt.timedelta(days=rng.randint(0, 900))
        self.ctx = Ctx(rng, pat, in_reg, pr, d0, rng.random() < 0.85, use_old, lang)
        c = self.ctx
        cp = Comp()
        giv, sur = name_forms(c)
        if lang == "de" and sender.build not in ("hand",):
            cp.running = (
                f"{sur}, {giv}"
                + (f", geb. {fmt(dob(c), 'num')}" if c.dob_printed else "")
                + " – Seite {n} von {t}"
            )
        BUILDERS[sender.build](cp, c, sender)
        pages = [pg for pg in cp.pages if pg]
        if len(pages) > 1:
            pages[0].append(Line(297.5 - 20, 812, "Seite 1 von {t}", "sans", 8))
            for pg in pages:
                for ln in pg:
                    ln.text = ln.text.replace("{t}", str(len(pages)))
                    ln.text = ln.text.replace("{n}", str(pages.index(pg) + 1))
        if sender.build in ("classic", "uni", "authority"):
            for pg in pages:
                pg.append(
                    Line(
                        62,
                        826,
                        f"{sender.name} · Telefax {sender.fax} · "
                        f"IBAN DE{rng.randint(10, 99)} 2505 0000 0{rng.randint(100, 999)} "
                        f"{rng.randint(1000, 9999)} 00",
                        "sans",
                        6.5,
                    )
                )
        self.pages = pages
        self.handwritten = sender.build == "hand"
        # fax and scan particulars
        self.fax_sent = dt.datetime.combine(
            c.date + dt.timedelta(days=rng.randint(1, 6)),
            dt.time(rng.randint(7, 19), rng.randint(0, 59)),
        )
        self.fax_cover = rng.random() < 0.34
        self.fax_fine = rng.random() < 0.6
        self.fax_g4 = rng.random() < 0.5
        self.stamp: list[Line] | None = None
        self.stamp_date = c.date + dt.timedelta(days=rng.randint(1, 8))
        if rng.random() < 0.55:
            self.stamp = _stamp(self.pages[0], self.stamp_date, rng.randrange(len(STAMPS)), pr)
        if c.pat.collision and in_reg:
            c.notes.append(f"register collision: {c.pat.collision}")
        if use_old:
            c.notes.append("letter uses the patient's former surname")
        if not in_reg:
            c.notes.append("patient not in the register")
        if not c.dob_printed:
            c.notes.append("no birth date printed")
        if len(pages) > 1:
            c.notes.append("two-page letter with running header")

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.handwritten else ["pdf", "scan200", "fax"]

    def _fax_header(self, i: int, t: int) -> Line:
        s = self.sender
        txt = (
            f"{self.fax_sent.strftime('%d.%m.%Y %H:%M')}   FAX {s.fax}   "
            f"{s.alts[0][:28]}   S. {i}/{t}"
        )
        return Line(30, 16, txt, "mono", 7.5)

    def _cover(self) -> list[Line]:
        s, pr = self.sender, self.ctx.practice
        n = len(self.pages) + 1
        rows = [
            (62, 80, "TELEFAX", "sansb", 24),
            (62, 130, f"An:        {pr['names'][1]}", "sans", 11),
            (62, 148, f"Fax-Nr.:   {pr['fax']}", "sans", 11),
            (62, 174, f"Von:       {s.alts[0]}", "sans", 11),
            (62, 192, f"Fax-Nr.:   {s.fax}", "sans", 11),
            (62, 218, f"Datum:     {self.fax_sent.strftime('%d.%m.%Y')}", "sans", 11),
            (62, 236, f"Seiten:    {n} (inkl. Deckblatt)", "sans", 11),
            (
                62,
                280,
                "Vertrauliche Patientenunterlagen. Falls Sie dieses Fax irrtümlich",
                "sans",
                9,
            ),
            (
                62,
                292,
                "erhalten haben, benachrichtigen Sie bitte umgehend den Absender.",
                "sans",
                9,
            ),
        ]
        return [Line(float(a), float(b), str(t), str(f), float(z)) for a, b, t, f, z in rows]

    def _cond_pages(self, cond: str) -> list[tuple[str, list[Line]]]:
        out: list[tuple[str, list[Line]]] = []
        if cond == "fax":
            body = ([("cover", self._cover())] if self.fax_cover else []) + [
                (f"p{i + 1}", list(pg)) for i, pg in enumerate(self.pages)
            ]
            t = len(body)
            for i, (name, lines) in enumerate(body):
                out.append((name, [self._fax_header(i + 1, t), *lines]))
            return out
        for i, pg in enumerate(self.pages):
            lines = list(pg)
            if cond == "scan200" and i == 0 and self.stamp:
                lines += self.stamp
            out.append((f"p{i + 1}", lines))
        return out

    def render(self, condition: str) -> dict[str, bytes]:
        if condition not in self.conditions():
            raise ValueError(condition)
        pages = self._cond_pages(condition)
        base = self.seed * 1000 + int(self.id.split("-")[1])
        if condition == "pdf":
            return {"pdf/letter.pdf": to_pdf([p for _, p in pages])}
        if condition == "scan200":
            return {
                f"scan200/page-{i + 1:02d}.jpg": to_scan(p, base + i, self.handwritten)
                for i, (_, p) in enumerate(pages)
            }
        return {
            f"fax/page-{i + 1:02d}.tif": to_fax(
                p, self.fax_fine, self.fax_g4, base + i, self.handwritten
            )
            for i, (_, p) in enumerate(pages)
        }

    def truth(self) -> dict[str, Any]:
        c, s = self.ctx, self.sender
        f = c.facts
        giv, sur = f["as_letter"]
        conds: dict[str, Any] = {}
        for cond in self.conditions():
            ext = {
                "pdf": "pdf/letter.pdf",
                "scan200": "scan200/page-{:02d}.jpg",
                "fax": "fax/page-{:02d}.tif",
            }[cond]
            pl = []
            for i, (name, lines) in enumerate(self._cond_pages(cond)):
                e: dict[str, Any] = {
                    "page": name,
                    "file": ext.format(i + 1),
                    "text": page_text(lines),
                }
                if cond == "pdf":
                    e["pdf_page"] = i + 1
                pl.append(e)
            conds[cond] = {"pages": pl}
        p = c.pat
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": s.build + ":" + s.key,
            "language": {"en": "en"}.get(s.lang, s.lang),
            "region": s.region,
            "facts": {
                "patient": {
                    "full_name": p.full_name,
                    "surname": p.surname,
                    "given_names": p.given_names,
                    "as_written": f["as_written"],
                    "full_name_as_letter": f"{giv} {sur}",
                    "register_id": p.id if c.in_register else None,
                },
                "birth_date": p.birth_date if c.dob_printed and f.get("dob_shown", True) else None,
                "letter_date": None if f.get("undated") else c.date.isoformat(),
                "sender": f["sender"],
                "sender_alternatives": f["sender_alternatives"],
                "title": f.get("title"),
                "title_alternatives": f.get("title_alternatives", []),
                "patient_id": f.get("patient_id"),
                "other_dates": f.get("other_dates", []),
                "other_people": f.get("other_people", []),
            },
            "register": (
                {
                    "id": p.id,
                    "collision": p.collision or None,
                    "collision_group": p.collision_group or None,
                }
                if c.in_register
                else None
            ),
            "notes": list(c.notes),
            "handwritten": self.handwritten,
            "fax": {
                "sent": self.fax_sent.strftime("%Y-%m-%dT%H:%M"),
                "cover_sheet": self.fax_cover,
                "number": s.fax,
                "resolution": "204x196" if self.fax_fine else "204x98",
                "compression": "group4" if self.fax_g4 else "group3",
            },
            "receipt_stamp": (
                {"date": self.stamp_date.isoformat(), "condition": "scan200"}
                if self.stamp
                else None
            ),
            "conditions": conds,
        }


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    rng = random.Random(seed)
    patients = reg.build()
    order: list[Sender] = []
    out = []
    for i in range(count):
        if not order:
            order = list(SENDERS)
            rng.shuffle(order)
        out.append(Letter(split_name, i + 1, seed, order.pop(), rng, patients))
    return out


def split(name: str) -> list[Letter]:
    if name not in SPLIT_SEEDS:
        raise ValueError(f"unknown split {name!r}")
    return generate(SPLIT_SIZES[name], SPLIT_SEEDS[name], name)
