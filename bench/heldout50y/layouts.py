"""The kinds of letter: each draws its pages and tells the truth it printed."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from .render import Page, width
from .world import Person, fmt

TEXT = {
    "de": [
        "Die Aufnahme erfolgte bei zunehmender Belastungsdyspnoe und peripheren Ödemen.",
        "Unter diuretischer Therapie kam es zu einer raschen Besserung der Beschwerden.",
        "Wir bitten um Kontrolle der Elektrolyte und der Nierenfunktion in einer Woche.",
        "Die Medikation wurde wie unten aufgeführt angepasst.",
        "Bei Rückfragen stehen wir Ihnen jederzeit gern zur Verfügung.",
        "Der Patient wurde in gutem Allgemeinzustand in die häusliche Umgebung entlassen.",
        "Eine Wiedervorstellung in unserer Ambulanz ist nicht erforderlich.",
    ],
    "cs": [
        "Pacient byl přijat pro bolesti na hrudi a dušnost.",
        "Během hospitalizace byl stav stabilizován, bez komplikací.",
        "Doporučujeme kontrolu u praktického lékaře po návratu domů.",
    ],
    "uk": [
        "Пацієнтка госпіталізована зі скаргами на біль у животі.",
        "Проведено консервативне лікування, стан покращився.",
        "Рекомендовано спостереження сімейного лікаря за місцем проживання.",
    ],
    "hu": [
        "A beteget mellkasi fájdalom miatt vettük fel osztályunkra.",
        "Az elvégzett vizsgálatok akut kórállapotot nem igazoltak.",
        "Háziorvosi kontroll javasolt hazaérkezés után.",
    ],
    "ro": [
        "Pacienta s-a internat pentru dureri abdominale și febră.",
        "Evoluția sub tratament a fost favorabilă.",
        "Se recomandă control la medicul de familie.",
    ],
    "bg": [
        "Пациентът постъпи с оплаквания от болки в гърдите.",
        "Проведено е лечение с добър ефект.",
        "Препоръчва се контрол при личния лекар.",
    ],
    "en": [
        "The patient presented with acute abdominal pain and was admitted for observation.",
        "Imaging showed no acute pathology; symptoms resolved with conservative treatment.",
        "Follow-up with the family physician is recommended after return home.",
    ],
    "es": [
        "La paciente ingresó por dolor torácico atípico.",
        "Durante el ingreso evolucionó favorablemente sin complicaciones.",
        "Se recomienda control por su médico de cabecera.",
    ],
    "it": [
        "La paziente è stata visitata per dolori addominali ricorrenti.",
        "Gli esami eseguiti non hanno evidenziato patologie acute.",
        "Si consiglia controllo presso il medico curante.",
    ],
}


@dataclass
class Ctx:
    rng: random.Random
    person: Person
    practice: dict[str, object]
    letter_date: dt.date | None
    language: str = "de"
    region: str = "DE"
    sender: str = ""
    sender_alts: list[str] = field(default_factory=list)
    title: str | None = None
    title_alts: list[str] = field(default_factory=list)
    as_written: str = ""
    name_as_letter: str = ""
    birth_printed: bool = False
    pid_printed: bool = False
    fax_no: str = ""
    others: list[dict[str, str]] = field(default_factory=list)
    people: list[dict[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    handwritten: bool = False
    pages: list[Page] = field(default_factory=list)

    # -- dates -----------------------------------------------------------------------
    @property
    def ld(self) -> dt.date:
        assert self.letter_date is not None
        return self.letter_date

    def date(self, d: dt.date, style: str, role: str) -> str:
        if role not in ("letter", "birth"):
            rec = {"date": d.isoformat(), "role": role}
            if rec not in self.others:
                self.others.append(rec)
        if role == "birth":
            self.birth_printed = True
        return fmt(d, style)

    def before(self, lo: int, hi: int) -> dt.date:
        return self.ld - dt.timedelta(days=self.rng.randint(lo, hi))

    def after(self, lo: int, hi: int) -> dt.date:
        return self.ld + dt.timedelta(days=self.rng.randint(lo, hi))

    def birth(self, style: str) -> str:
        return self.date(self.person.birth_date, style, "birth")

    # -- names -----------------------------------------------------------------------
    @property
    def p(self) -> Person:
        return self.person

    def anrede(self) -> str:
        return "Herrn" if self.p.sex == "M" else "Frau"

    def herr(self) -> str:
        return "Herr" if self.p.sex == "M" else "Frau"

    def first(self, text: str, name: str | None = None) -> str:
        """Record the first mention of the patient on page 1."""
        if not self.as_written:
            self.as_written = text
            self.name_as_letter = name or f"{self.p.written_given} {self.p.written_surname}"
        return text

    def practice_block(
        self,
        page: Page,
        x: float,
        y: float,
        size: float = 10,
        font: str = "sans",
        lead: float = 12.5,
    ) -> float:
        names = [str(n) for n in self.practice["names"]]  # type: ignore[attr-defined]
        name = self.rng.choice(names)
        street, town = str(self.practice["address"]).split(", ")
        lines: list[str] = []
        cur = ""
        for word in name.split():
            trial = f"{cur} {word}".strip()
            if cur and width(trial, font, size) > 560 - x:
                lines.append(cur)
                cur = word
            else:
                cur = trial
        lines += [cur, street, town]
        for ln in lines:
            page.add(ln, x, y, font, size)
            y += lead
        return y

    def para(
        self,
        page: Page,
        text: str,
        x: float,
        y: float,
        w: float = 455,
        font: str = "sans",
        size: float = 10,
        lead: float = 13,
    ) -> float:
        line = ""
        for word in text.split():
            trial = f"{line} {word}".strip()
            if width(trial, font, size) > w and line:
                page.add(line, x, y, font, size)
                y += lead
                line = word
            else:
                line = trial
        if line:
            page.add(line, x, y, font, size)
            y += lead
        return y

    def body(
        self,
        page: Page,
        x: float,
        y: float,
        n: int = 3,
        lang: str = "de",
        font: str = "sans",
        size: float = 10,
        w: float = 455,
    ) -> float:
        sents = list(TEXT[lang])
        self.rng.shuffle(sents)
        for k in range(0, min(n, len(sents)), 2):
            y = self.para(page, " ".join(sents[k : k + 2]), x, y, w, font, size) + 5
        return y

    def doctor(self) -> str:
        return self.rng.choice(
            [
                "Dr. med. Ulrike Gebhardt",
                "Dr. med. Jens Ortlieb",
                "Prof. Dr. med. Stefan Langbein",
                "Dr. med. Anett Poppitz",
                "Dr. med. Ronald Kleemann",
                "Dipl.-Med. Bärbel Hentschel",
            ]
        )

    def sign(
        self,
        page: Page,
        x: float,
        y: float,
        names: list[str],
        roles: list[str],
        font: str = "sans",
        size: float = 9.5,
        step: float = 170,
    ) -> float:
        step = max([step] + [width(n, font, size) + 25 for n in names])
        for i, (n, r) in enumerate(zip(names, roles, strict=True)):
            page.add(n, x + i * step, y, font, size)
            page.add(r, x + i * step, y + 12, font, size - 1)
            self.people.append({"name": n, "role": r})
        return y + 30


Layout = Callable[[Ctx], None]


def _pid(c: Ctx) -> str | None:
    if c.p.register is not None and c.rng.random() < 0.6:
        c.pid_printed = True
        return c.p.register.id
    return None


# ------------------------------------------------------------------ hospitals (2 pages)
def uk_jena(c: Ctx) -> None:
    p1, p2 = Page(), Page()
    c.sender = "Universitätsklinikum Jena"
    c.sender_alts = [
        "UKJ",
        "Klinik für Innere Medizin I",
        "Universitätsklinikum Jena, Klinik für Innere Medizin I",
    ]
    c.fax_no = "03641 9324102"
    p1.add("Universitätsklinikum Jena", 70, 62, "sansb", 15)
    p1.add("Klinik für Innere Medizin I", 70, 78, "sans", 10)
    p1.add("Kardiologie, Angiologie, Pneumologie", 70, 90, "sans", 9)
    info = [
        ("Am Klinikum 1", ""),
        ("07747 Jena", ""),
        ("Telefon", "03641 9-324100"),
        ("Telefax", "03641 9-324102"),
        ("Datum", c.date(c.ld, "de", "letter")),
    ]
    y = 62.0
    for k, v in info:
        p1.add(k, 400, y, "sans", 8.5)
        if v:
            p1.add(v, 455, y, "sans", 8.5)
        y += 11
    p1.add("UKJ · Am Klinikum 1 · 07747 Jena", 70, 128, "sans", 7)
    c.practice_block(p1, 70, 142)
    title = c.rng.choice(["Vorläufiger Entlassungsbrief", "Entlassungsbrief", "Arztbrief"])
    c.title = title
    p1.add(title, 70, 235, "sansb", 12)
    adm = c.before(6, 20)
    y = 258.0
    p1.add(
        c.first(f"{c.anrede()} {c.p.written_given} {c.p.written_surname}, geb. {c.birth('de')}"),
        70,
        y,
        "sans",
        10,
    )
    y += 13
    p1.add(f"{c.p.street}, {c.p.postcode} {c.p.city}", 70, y, "sans", 10)
    y += 13
    p1.add(
        f"stationär vom {c.date(adm, 'de', 'admission')} bis "
        f"{c.date(c.before(1, 3), 'de', 'discharge')}",
        70,
        y,
    )
    y += 24
    p1.add("Sehr geehrte Kolleginnen und Kollegen,", 70, y)
    y = c.body(p1, 70, y + 20, 4)
    p1.add("Diagnosen:", 70, y + 6, "sansb")
    y += 20
    for dx in [
        "Akut dekompensierte Herzinsuffizienz (I50.14)",
        "Vorhofflimmern (I48.1)",
        "Arterielle Hypertonie (I10.90)",
    ]:
        p1.add(f"- {dx}", 80, y)
        y += 13
    p1.add("Seite 1 von 2", 525, 805, "sans", 8, "r")
    head = f"{c.p.written_surname}, {c.p.written_given} – {title} – Seite 2 von 2"
    p2.add(head, 70, 60, "sans", 8)
    p2.rule(70, 64, 525, 64)
    y = c.body(p2, 70, 90, 5)
    p2.add("Medikation bei Entlassung:", 70, y + 8, "sansb")
    y += 24
    for med in ["Bisoprolol 2,5 mg 1-0-0", "Torasemid 10 mg 1-0-0", "Apixaban 5 mg 1-0-1"]:
        p2.add(med, 80, y)
        y += 13
    p2.add("Mit freundlichen kollegialen Grüßen", 70, y + 20)
    c.sign(
        p2,
        70,
        y + 60,
        ["Prof. Dr. med. Christian Schulze-Kaden", c.doctor()],
        ["Klinikdirektor", "Stationsärztin"],
    )
    c.pages = [p1, p2]
    c.notes.append("two pages, running header repeats the patient on page 2")


def wald_gera(c: Ctx) -> None:
    p1, p2 = Page(), Page()
    c.sender = "SRH Wald-Klinikum Gera"
    c.sender_alts = ["Wald-Klinikum Gera", "Klinik für Neurologie"]
    c.fax_no = "0365 8282102"
    p1.add("SRH Wald-Klinikum Gera", 297, 58, "serifb", 16, "c")
    p1.add("Klinik für Neurologie · Straße des Friedens 122 · 07548 Gera", 297, 72, "serif", 9, "c")
    p1.rule(70, 78, 525, 78)
    c.practice_block(p1, 70, 120, 10, "serif")
    p1.add(f"Gera, den {c.date(c.ld, 'delong', 'letter')}", 525, 200, "serif", 10, "r")
    c.title = "NEUROLOGISCHER ENTLASSUNGSBERICHT"
    c.title_alts = ["Neurologischer Entlassungsbericht"]
    p1.add(c.title, 70, 235, "serifb", 12)
    p1.add(
        c.first(
            f"über {c.herr()} {c.p.written_surname.upper()}, {c.p.written_given}, * {c.birth('de')}"
        ),
        70,
        252,
        "serif",
        10.5,
    )
    adm = c.before(8, 25)
    p1.add(
        f"Aufenthalt: {c.date(adm, 'de', 'admission')} – "
        f"{c.date(c.before(0, 2), 'de', 'discharge')}",
        70,
        266,
        "serif",
        10.5,
    )
    y = c.body(p1, 70, 300, 6, font="serif", size=10.5)
    p1.add("– bitte wenden –", 297, 800, "serif", 8, "c")
    p2.add(f"Pat.: {c.p.written_surname}, {c.p.written_given}", 70, 55, "serif", 8)
    p2.add("Seite 2", 525, 55, "serif", 8, "r")
    y = c.body(p2, 70, 95, 4, font="serif", size=10.5)
    p2.add("Mit freundlichen Grüßen", 70, y + 20, "serif")
    c.sign(
        p2,
        70,
        y + 60,
        ["Dr. med. Thomas Möckel", "Agnieszka Wróbel"],
        ["Chefarzt", "Assistenzärztin"],
        "serif",
    )
    c.pages = [p1, p2]
    c.notes.append("surname in capitals, date in words, two pages")


def helios_erfurt(c: Ctx) -> None:
    p = Page()
    c.sender = "Helios Klinikum Erfurt"
    c.sender_alts = [
        "Helios Klinikum Erfurt, Klinik für Allgemein- und Viszeralchirurgie",
        "Klinik für Allgemein- und Viszeralchirurgie",
    ]
    c.fax_no = "0361 7811502"
    p.add("HELIOS", 525, 60, "sansb", 18, "r")
    p.add("Klinikum Erfurt", 525, 74, "sans", 10, "r")
    p.add("Klinik für Allgemein- und Viszeralchirurgie", 525, 86, "sans", 8.5, "r")
    p.add("Nordhäuser Straße 74 · 99089 Erfurt", 525, 97, "sans", 8.5, "r")
    p.add("Helios Klinikum Erfurt · Nordhäuser Straße 74 · 99089 Erfurt", 70, 140, "sans", 6.5)
    c.practice_block(p, 70, 155)
    c.title = "Arztbrief über stationären Aufenthalt"
    p.add(f"Betreff: {c.title}", 70, 240, "sansb", 10.5)
    p.add(c.first(f"Pat.: {c.p.written_surname}, {c.p.written_given}, *{c.birth('de')}"), 70, 256)
    op = c.before(3, 9)
    p.add(
        f"Operation am {c.date(op, 'de', 'operation')}: laparoskopische Cholezystektomie", 70, 270
    )
    y = c.body(p, 70, 300, 5)
    p.add(
        f"Wiedervorstellung zur Fadenentfernung am {c.date(c.after(3, 8), 'de', 'follow-up')}.",
        70,
        y + 6,
    )
    p.add(f"Erfurt, {c.date(c.ld, 'de', 'letter')}", 70, y + 40)
    p.add("Mit freundlichen Grüßen", 70, y + 58)
    c.sign(p, 70, y + 95, ["Dr. med. Kai Thürmer", c.doctor()], ["Oberarzt", "Stationsarzt"])
    c.pages = [p]
    c.notes.append("date only near the end, operation and follow-up dates on the page")


def hainich(c: Ctx) -> None:
    p = Page()
    c.sender = "Ökumenisches Hainich Klinikum"
    c.sender_alts = ["Ökumenisches Hainich Klinikum gGmbH", "Hainich Klinikum Mühlhausen"]
    c.fax_no = "03601 8033102"
    p.add("Ökumenisches Hainich Klinikum gGmbH", 70, 60, "dserifb", 12)
    p.add("Klinik für Psychiatrie, Psychotherapie und Psychosomatik", 70, 74, "dserif", 9)
    p.add("Pfafferode 102 · 99974 Mühlhausen", 70, 86, "dserif", 9)
    c.practice_block(p, 70, 150, 10, "dserif")
    p.add("BEFUNDBERICHT", 297, 240, "dserifb", 13, "c")
    c.title = "BEFUNDBERICHT"
    c.title_alts = ["Befundbericht"]
    t = c.p.register.title if c.p.register is not None else c.p.title
    nm = f"{t} {c.p.written_given} {c.p.written_surname}".strip()
    p.add(c.first(f"{c.herr()} {nm}"), 70, 270, "dserif", 10)
    p.add("Ambulante Vorstellung in unserer Institutsambulanz", 70, 284, "dserif", 10)
    y = c.body(p, 70, 314, 4, font="dserif", size=9.5)
    p.add(f"Mühlhausen, am {c.date(c.ld, 'de1', 'letter')}", 70, y + 20, "dserif")
    c.sign(
        p,
        70,
        y + 60,
        ["Dipl.-Psych. Heike Sonntag", "Dr. med. Lorenz Adam"],
        ["Psychologische Psychotherapeutin", "Oberarzt"],
        "dserif",
    )
    c.pages = [p]
    c.notes.append("title in capitals centred; no birth date; academic title before the name")


# --------------------------------------------------------------- specialists, labs, radiology
def cardio_weimar(c: Ctx) -> None:
    p = Page()
    c.sender = "Kardiologische Gemeinschaftspraxis Weimar"
    c.sender_alts = ["Kardiologie Weimar", "Dr. med. Rüdiger Hochhaus"]
    c.fax_no = "03643 777812"
    p.add("Kardiologische Gemeinschaftspraxis Weimar", 525, 58, "narrowb", 13, "r")
    p.add("Dr. med. Rüdiger Hochhaus · Dr. med. Yvette Langguth", 525, 72, "narrow", 9, "r")
    p.add("Fachärzte für Innere Medizin und Kardiologie", 525, 83, "narrow", 9, "r")
    p.add("Schwanseestraße 9 · 99423 Weimar · Fax 03643 777812", 525, 94, "narrow", 9, "r")
    c.practice_block(p, 70, 150, 10, "narrow")
    heads = ["Ihr Zeichen", "Ihre Nachricht vom", "Unser Zeichen", "Datum"]
    vals = [
        "–",
        c.date(c.before(10, 30), "de", "your message"),
        "HO/lg",
        c.date(c.ld, "de", "letter"),
    ]
    for i, (h, v) in enumerate(zip(heads, vals, strict=True)):
        p.add(h, 70 + i * 115, 222, "narrow", 7.5)
        p.add(v, 70 + i * 115, 234, "narrow", 9.5)
    c.title = "Kardiologischer Befundbericht"
    p.add(c.title, 70, 265, "narrowb", 11)
    p.add(
        c.first(f"{c.p.written_given} {c.p.written_surname} (geb. {c.birth('de2')})"),
        70,
        281,
        "narrow",
        10,
    )
    pid = _pid(c)
    if pid:
        p.add(f"Ihre Patientennummer: {pid}", 70, 294, "narrow", 10)
    y = c.body(p, 70, 322, 4, font="narrow", size=10)
    p.add("Echokardiographie: LVEF 55 %, keine relevanten Vitien.", 70, y + 4, "narrow")
    p.add("Mit kollegialen Grüßen", 70, y + 40, "narrow")
    c.sign(p, 70, y + 75, ["Dr. med. Rüdiger Hochhaus"], ["Facharzt für Kardiologie"], "narrow")
    c.pages = [p]
    c.notes.append("reference row with two dates; two-digit birth year")


def lab_gera(c: Ctx) -> None:
    p = Page()
    c.sender = "MVZ Labor Ostthüringen"
    c.sender_alts = ["MVZ Labor Ostthüringen GmbH", "Labor Ostthüringen"]
    c.fax_no = "0365 4377299"
    p.add("MVZ Labor Ostthüringen GmbH", 70, 58, "monob", 11)
    p.add(
        "Laboratoriumsmedizin · Mikrobiologie · Johannisplatz 4 · 07545 Gera", 70, 71, "mono", 7.5
    )
    c.practice_block(p, 70, 120, 9, "mono", 11)
    kind = c.rng.choice(["Endbefund", "Laborbefund", "Teilbefund"])
    c.title = kind.upper()
    p.add(c.title, 350, 120, "monob", 12)
    c.title_alts = [kind]
    coll = c.before(1, 2)
    rows = [
        ("Entnahme:", c.date(coll, "de", "sample collection")),
        ("Eingang:", c.date(coll + dt.timedelta(days=1), "de", "received in lab")),
        ("Ausgang:", c.date(c.ld, "de", "letter")),
    ]
    y = 138.0
    for k, v in rows:
        p.add(k, 350, y, "mono", 8.5)
        p.add(v, 430, y, "mono", 8.5)
        y += 11
    nm = f"{c.p.written_surname.upper()}, {c.p.written_given.upper()}"
    p.add(
        c.first(f"Name: {nm}", f"{c.p.written_given.upper()} {c.p.written_surname.upper()}"),
        70,
        205,
        "mono",
        9,
    )
    p.add(f"Geb.-Dat.: {c.birth('de')}", 330, 205, "mono", 9)
    pid = _pid(c)
    if pid:
        p.add(f"Einsender-Pat.-Nr.: {pid}", 70, 217, "mono", 9)
    p.add(f"Auftrags-Nr.: {c.rng.randint(4000000, 4999999)}", 330, 217, "mono", 9)
    p.rule(70, 226, 525, 226)
    cols = [70, 250, 330, 400]
    for i, h in enumerate(["Untersuchung", "Ergebnis", "Einheit", "Referenz"]):
        p.add(h, cols[i], 240, "monob", 8.5)
    y = 256.0
    tests = [
        ("Hämoglobin", "13,1", "g/dl", "12,0-16,0"),
        ("Leukozyten", "7,4", "Gpt/l", "3,8-10,5"),
        ("Kreatinin", "1,32 H", "mg/dl", "0,50-1,10"),
        ("eGFR (CKD-EPI)", "48 L", "ml/min", ">60"),
        ("Kalium", "4,6", "mmol/l", "3,5-5,1"),
        ("TSH", "2,14", "mU/l", "0,27-4,20"),
        ("HbA1c", "6,8 H", "%", "4,0-6,0"),
    ]
    for t in tests[: c.rng.randint(4, 7)]:
        for i, v in enumerate(t):
            p.add(v, cols[i], y, "mono", 8.5)
        y += 12
    p.add(
        "Befund technisch und medizinisch validiert: Dr. rer. nat. Sibylle Kranich",
        70,
        y + 20,
        "mono",
        8,
    )
    c.people.append({"name": "Dr. rer. nat. Sibylle Kranich", "role": "validating"})
    c.pages = [p]
    c.notes.append("surname first in capitals; collection, receipt and report dates")


def radiology(c: Ctx) -> None:
    p = Page()
    c.sender = "Radiologie am Anger"
    c.sender_alts = [
        "Radiologische Praxis am Anger Erfurt",
        "Praxis für Radiologie und Nuklearmedizin am Anger",
    ]
    c.fax_no = "0361 5662019"
    p.add("Radiologie am Anger", 70, 60, "dsansb", 14)
    p.add("Praxis für Radiologie und Nuklearmedizin am Anger", 70, 74, "dsans", 8)
    p.add("Anger 81 · 99084 Erfurt", 70, 85, "dsans", 8)
    p.add(f"Erfurt, {c.date(c.ld, 'de', 'letter')}", 525, 60, "dsans", 9, "r")
    c.practice_block(p, 70, 140, 9.5, "dsans")
    p.add("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,", 70, 215, "dsans", 9.5)
    ex = c.before(0, 2)
    y = c.para(
        p,
        f"wir berichten über die am {c.date(ex, 'de', 'examination')} durchgeführte "
        "MRT der Lendenwirbelsäule bei",
        70,
        230,
        455,
        "dsans",
        9.5,
    )
    p.add(
        c.first(f"{c.herr()} {c.p.written_given} {c.p.written_surname}")
        + f", geb. {c.birth('de')}.",
        70,
        y,
        "dsans",
        9.5,
    )
    y += 13
    p.add("Befund:", 70, y + 10, "dsansb", 9.5)
    y = c.para(
        p,
        "Regelrechte Stellung der Wirbelkörper. Bandscheibenprotrusion L4/5 mit "
        "Kontakt zur Nervenwurzel L5 links. Keine Spinalkanalstenose.",
        70,
        y + 24,
        455,
        "dsans",
        9.5,
    )
    p.add("Beurteilung:", 70, y + 10, "dsansb", 9.5)
    y = c.para(
        p,
        "Mediolaterale Protrusion L4/5 links, klinische Korrelation empfohlen.",
        70,
        y + 24,
        455,
        "dsans",
        9.5,
    )
    c.sign(p, 70, y + 40, ["Dr. med. Gesine Ruppert"], ["Fachärztin für Radiologie"], "dsans")
    c.title = None
    c.pages = [p]
    c.notes.append("report with no subject line; patient named inside a sentence")


def derma_eisenach(c: Ctx) -> None:
    p = Page()
    c.sender = "Dr. med. Elisabeth Wenzel"
    c.sender_alts = ["Hautarztpraxis Dr. med. Elisabeth Wenzel", "Hautarztpraxis Eisenach"]
    c.fax_no = "03691 743366"
    p.add("Dr. med. Elisabeth Wenzel", 297, 56, "serifb", 13, "c")
    p.add("Hautarztpraxis · Allergologie · Phlebologie", 297, 70, "serifi", 9.5, "c")
    p.add("Karlstraße 15 · 99817 Eisenach · Tel. 03691 743365", 297, 82, "serif", 9, "c")
    c.practice_block(p, 70, 135, 10.5, "serif", 13)
    p.add(f"Eisenach, {c.date(c.ld, 'de', 'letter')}", 525, 210, "serif", 10.5, "r")
    c.title = "Befundbericht"
    p.add(f"Betr.: {c.title}", 70, 240, "serifb", 10.5)
    c.title_alts = ["Betr.: Befundbericht"]
    p.add(
        c.first(f"{c.anrede()} {c.p.written_surname}, {c.p.written_given}"), 70, 254, "serif", 10.5
    )
    y = c.para(
        p,
        "Wir sahen Ihren Patienten wegen eines seit Wochen bestehenden Ekzems an "
        "beiden Handrücken. Histologie: Kontaktekzem. Epikutantestung: Sensibilisierung "
        "gegen Nickel(II)-sulfat. Therapie mit Mometason-Creme für zwei Wochen.",
        70,
        282,
        455,
        "serif",
        10.5,
    )
    p.add("Mit freundlichen Grüßen", 70, y + 20, "serif", 10.5)
    c.sign(p, 70, y + 56, ["Dr. med. Elisabeth Wenzel"], ["Fachärztin für Dermatologie"], "serif")
    c.pages = [p]
    c.notes.append("centred letterhead; no birth date printed; surname first")


def kim_print(c: Ctx) -> None:
    p = Page()
    c.sender = "Zentralklinik Bad Berka"
    c.sender_alts = ["Zentralklinik Bad Berka GmbH", "Klinik für Kardiologie"]
    c.fax_no = "036458 51202"
    p.add("KIM-Nachricht – Ausdruck", 70, 58, "mono", 8)
    sent = c.ld
    hh = c.rng.randint(8, 17)
    rows = [
        ("Von:", "kardiologie@zentralklinik-bad-berka.kim.telematik"),
        ("An:", "praxis@" + str(c.practice["fax"]).replace(" ", "") + ".kim.telematik"),
        ("Datum:", f"{c.date(sent, 'de', 'letter')} {hh:02d}:{c.rng.randint(10, 59)}"),
        ("Betreff:", "Befundbericht Herzkatheteruntersuchung"),
        ("Anhang:", "eArztbrief.pdf (PDF/A)"),
    ]
    y = 80.0
    for k, v in rows:
        p.add(k, 70, y, "monob", 9)
        p.add(v, 140, y, "mono", 9)
        y += 12
    p.rule(70, y, 525, y)
    c.title = "Befundbericht Herzkatheteruntersuchung"
    y += 22
    p.add("Zentralklinik Bad Berka GmbH · Klinik für Kardiologie", 70, y, "sansb", 10)
    y += 20
    p.add(
        c.first(
            f"Patient: {c.p.written_given} {c.p.written_surname}, geboren am {c.birth('delong')}"
        ),
        70,
        y,
    )
    y += 14
    y = c.body(p, 70, y + 8, 4)
    c.practice_block(p, 70, y + 20, 9, "mono", 11)
    p.add("(Empfänger laut KIM-Verzeichnis)", 70, y + 60, "mono", 8)
    c.sign(p, 70, y + 90, ["PD Dr. med. Alexander Lauten"], ["Chefarzt Kardiologie"])
    c.pages = [p]
    c.notes.append("KIM e-mail printout; letter date is the message date")


# ------------------------------------------------------------------- insurers, authorities
def aok_plus(c: Ctx) -> None:
    p = Page()
    c.sender = "AOK PLUS"
    c.sender_alts = ["AOK PLUS – Die Gesundheitskasse für Sachsen und Thüringen"]
    c.fax_no = "0800 10590 22"
    p.add("AOK PLUS", 70, 60, "sansb", 18)
    p.add("Die Gesundheitskasse für Sachsen und Thüringen.", 70, 74, "sans", 8.5)
    p.add("AOK PLUS · 99087 Erfurt", 70, 128, "sans", 6.5)
    c.practice_block(p, 70, 142)
    y = 128.0
    for k, v in [
        ("Ihr Ansprechpartner", "Frau Lindner"),
        ("Telefon", "0800 10590-11"),
        ("Telefax", "0800 10590-22"),
        ("Datum", c.date(c.ld, "de", "letter")),
    ]:
        p.add(k, 390, y, "sans", 8)
        p.add(v, 470, y, "sans", 8)
        y += 11
    c.title = "Anfrage zur Arbeitsunfähigkeit"
    p.add(c.title, 70, 230, "sansb", 11)
    p.add(c.first(f"Versicherte/r: {c.p.written_surname}, {c.p.written_given}"), 70, 250)
    p.add(f"geb. am: {c.birth('de')}", 300, 250)
    p.add(
        f"Versichertennummer: {c.rng.choice('ABGHKMR')}{c.rng.randint(100000000, 999999999)}",
        70,
        263,
    )
    au = c.before(20, 60)
    y = c.para(
        p,
        f"Ihre Patientin bzw. Ihr Patient ist seit dem {c.date(au, 'de', 'incapacity since')} "
        "arbeitsunfähig. Zur Prüfung des Krankengeldanspruchs bitten wir Sie, die "
        "beigefügten Fragen zu beantworten und bis zum "
        f"{c.date(c.after(10, 14), 'de', 'reply by')} an uns zurückzusenden.",
        70,
        290,
    )
    for q in [
        "1. Welche Diagnosen begründen die Arbeitsunfähigkeit?",
        "2. Welche Behandlung ist geplant?",
        "3. Wann ist mit dem Ende der Arbeitsunfähigkeit zu rechnen?",
    ]:
        y += 4
        p.add(q, 70, y)
        p.rule(70, y + 16, 525, y + 16)
        y += 30
    p.add("Freundliche Grüße", 70, y + 14)
    p.add("Ihre AOK PLUS", 70, y + 28)
    c.pages = [p]
    c.notes.append("insurer form: incapacity and reply-by dates beside the letter date")


def drv(c: Ctx) -> None:
    p = Page()
    c.sender = "Deutsche Rentenversicherung Mitteldeutschland"
    c.sender_alts = ["DRV Mitteldeutschland", "Deutsche Rentenversicherung"]
    c.fax_no = "0341 5502990"
    p.add("Deutsche Rentenversicherung", 70, 58, "sansb", 13)
    p.add("Mitteldeutschland", 70, 73, "sans", 13)
    p.add("Deutsche Rentenversicherung Mitteldeutschland, 04091 Leipzig", 70, 130, "sans", 6.5)
    c.practice_block(p, 70, 144)
    b = c.p.birth_date
    vsnr = (
        f"{c.rng.randint(10, 19)} {b.day:02d}{b.month:02d}{b.year % 100:02d} "
        f"{c.p.written_surname[0].upper()} {c.rng.randint(100, 599)}"
    )
    rows = [
        ("Versicherungsnummer", vsnr),
        ("Zeichen", "R-RE 12"),
        ("Telefon", "0341 550-5255"),
        ("Datum", c.date(c.ld, "delong", "letter")),
    ]
    y = 130.0
    for k, v in rows:
        p.add(k, 380, y, "sans", 8)
        p.add(v, 380, y + 9, "sans", 9)
        y += 22
    c.title = "Anforderung eines Befundberichts"
    p.add(c.title, 70, 245, "sansb", 11)
    p.add(c.first(f"Versicherte Person: {c.p.written_given} {c.p.written_surname}"), 70, 262)
    p.add(
        f"Antrag auf Leistungen zur medizinischen Rehabilitation vom "
        f"{c.date(c.before(14, 40), 'de', 'application')}",
        70,
        275,
    )
    y = c.para(
        p,
        "Sehr geehrte Damen und Herren, für die Entscheidung über den Antrag "
        "benötigen wir einen Befundbericht. Bitte verwenden Sie den beigefügten "
        "Vordruck S0051. Die Vergütung erfolgt nach dem JVEG.",
        70,
        302,
    )
    p.add("Mit freundlichen Grüßen", 70, y + 20)
    p.add("Ihre Deutsche Rentenversicherung Mitteldeutschland", 70, y + 34)
    c.pages = [p]
    c.notes.append("no birth date, only the insurance number that encodes it")


def gesundheitsamt(c: Ctx) -> None:
    p = Page()
    c.sender = "LANDRATSAMT EICHSFELD"
    c.sender_alts = [
        "Landratsamt Eichsfeld",
        "Landratsamt Eichsfeld, Gesundheitsamt",
        "Gesundheitsamt Eichsfeld",
    ]
    c.fax_no = "03606 650 9599"
    p.add("LANDRATSAMT EICHSFELD", 297, 56, "sansb", 13, "c")
    p.add("Fachbereich Gesundheit – Gesundheitsamt", 297, 70, "sans", 10, "c")
    p.add("Aegidienstraße 24 · 37308 Heilbad Heiligenstadt", 297, 82, "sans", 9, "c")
    c.practice_block(p, 70, 140)
    y = 140.0
    for k, v in [
        ("Auskunft erteilt:", "Frau Dr. Fütterer"),
        ("Zimmer:", "2.14"),
        ("Aktenzeichen:", "53.2-IfSG-117"),
        ("Heilbad Heiligenstadt,", c.date(c.ld, "de", "letter")),
    ]:
        p.add(k, 360, y, "sans", 8.5)
        p.add(v, 455, y, "sans", 8.5)
        y += 12
    c.title = "Umgebungsuntersuchung nach Tuberkulosekontakt"
    p.add(c.title, 70, 230, "sansb", 10.5)
    p.add(
        c.first(
            f"hier: {c.herr()} {c.p.written_given} {c.p.written_surname}, geb. {c.birth('de1')}"
        ),
        70,
        244,
    )
    y = c.para(
        p,
        "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege, die oben genannte "
        "Person ist Kontaktperson eines an offener Lungentuberkulose erkrankten "
        f"Indexfalles (Kontakt zuletzt am {c.date(c.before(20, 50), 'de', 'last contact')}). "
        "Wir bitten um Durchführung eines Interferon-Gamma-Tests und Mitteilung des "
        "Ergebnisses.",
        70,
        272,
    )
    p.add("Im Auftrag", 70, y + 20)
    c.sign(p, 70, y + 55, ["Dr. med. Kornelia Fütterer"], ["Amtsärztin"])
    c.pages = [p]
    c.notes.append("authority letter, place and date inside the info block, one-digit dates")


def school_doctor(c: Ctx) -> None:
    p = Page()
    c.sender = "Stadtverwaltung Erfurt, Amt für Soziales und Gesundheit"
    c.sender_alts = ["Kinder- und Jugendärztlicher Dienst Erfurt", "Stadtverwaltung Erfurt"]
    c.fax_no = "0361 6554209"
    p.add("Landeshauptstadt Erfurt", 70, 58, "serifb", 13)
    p.add("Stadtverwaltung Erfurt, Amt für Soziales und Gesundheit", 70, 72, "serif", 9.5)
    p.add(
        "Kinder- und Jugendärztlicher Dienst · Juri-Gagarin-Ring 150 · 99084 Erfurt",
        70,
        84,
        "serif",
        8.5,
    )
    c.practice_block(p, 70, 140, 10, "serif")
    p.add(c.date(c.ld, "de", "letter"), 525, 140, "serif", 10, "r")
    c.title = "Mitteilung über die schulärztliche Untersuchung"
    p.add(c.title, 70, 220, "serifb", 11)
    y = 246.0
    fields = [
        ("Kind:", c.first(f"{c.p.written_surname}, {c.p.written_given}")),
        ("Geburtsdatum:", c.birth("de")),
        ("Anschrift:", f"{c.p.street}, {c.p.postcode} {c.p.city}"),
    ]
    mother = c.rng.choice(["Nadine", "Mandy", "Katrin", "Susanne"]) + " " + c.p.written_surname
    mb = dt.date(
        c.p.birth_date.year - c.rng.randint(24, 36), c.rng.randint(1, 12), c.rng.randint(1, 28)
    )
    fields += [
        (
            "Sorgeberechtigte:",
            f"{mother} (Mutter), geb. {c.date(mb, 'de', 'birth date of mother')}",
        ),
        ("Untersuchung am:", c.date(c.before(5, 20), "de", "examination")),
    ]
    c.people.append({"name": mother, "role": "mother"})
    for k, v in fields:
        p.add(k, 70, y, "serif", 10)
        p.add(v, 190, y, "serif", 10)
        y += 14
    y = c.para(
        p,
        "Bei der Untersuchung fiel eine Sehminderung rechts auf. Wir empfehlen eine "
        "augenärztliche Vorstellung. Impfstatus: Masern zweimal dokumentiert.",
        70,
        y + 16,
        455,
        "serif",
    )
    c.sign(p, 70, y + 40, ["Dipl.-Med. Hannelore Zierold"], ["Schulärztin"], "serif")
    c.pages = [p]
    c.notes.append("child patient; the mother's name and birth date are printed too")


def bundeswehr(c: Ctx) -> None:
    p = Page()
    c.sender = "Sanitätsversorgungszentrum Erfurt"
    c.sender_alts = ["Bundeswehr, Sanitätsversorgungszentrum Erfurt", "Truppenarzt"]
    c.fax_no = "0361 2652 1199"
    p.add("Sanitätsdienst der Bundeswehr", 70, 58, "sans", 9)
    p.add("Sanitätsversorgungszentrum Erfurt", 70, 71, "sansb", 11)
    p.add("Löberfeld-Kaserne · Zeppelinstraße 18 · 99096 Erfurt", 70, 83, "sans", 8.5)
    p.add(f"Erfurt, {c.date(c.ld, 'de', 'letter')}", 525, 71, "sans", 9, "r")
    c.practice_block(p, 70, 140)
    c.title = "Ärztliche Mitteilung an den weiterbehandelnden Arzt"
    p.add(c.title, 70, 222, "sansb", 10.5)
    rank = c.rng.choice(["Hauptfeldwebel", "Oberleutnant", "Stabsunteroffizier", "Hauptmann"])
    p.add(c.first(f"Betrifft: {rank} {c.p.written_given} {c.p.written_surname}"), 70, 238)
    b = c.p.birth_date
    p.add(
        f"Personenkennziffer: {b.day:02d}{b.month:02d}{b.year % 100:02d}-"
        f"{c.p.written_surname[0].upper()}-{c.rng.randint(10000, 99999)}",
        70,
        251,
    )
    y = c.para(
        p,
        "Der Soldat stellte sich im Truppenarztbereich mit Knieschmerzen nach "
        f"Dienstsport am {c.date(c.before(5, 15), 'de', 'injury')} vor. Wir bitten um "
        "Mitbehandlung am Heimatort während des Heimaturlaubs.",
        70,
        280,
    )
    c.sign(p, 70, y + 40, ["Oberstabsarzt Dr. med. Falk Reinholz"], ["Truppenarzt"])
    c.pages = [p]
    c.notes.append("military rank before the name; service number encodes the birth date")


# --------------------------------------------------------------- care, pharmacy, therapy
def pflege_mail(c: Ctx) -> None:
    p = Page()
    c.sender = "Ambulanter Pflegedienst Saale-Holzland"
    c.sender_alts = ["Pflegedienst Saale-Holzland"]
    c.fax_no = "036428 41277"
    p.add("Ausdruck aus Outlook", 70, 50, "sans", 7.5)
    hh = c.rng.randint(7, 18)
    wd = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]
    rows = [
        ("Von:", "Pflegedienstleitung <pdl@pflege-saale-holzland.de>"),
        (
            "Gesendet:",
            f"{wd[c.ld.weekday()]}, {c.date(c.ld, 'delong', 'letter')} "
            f"{hh:02d}:{c.rng.randint(10, 59)}",
        ),
        ("An:", "Praxis (Fax-Weiterleitung)"),
        ("Betreff:", "Verordnung häusliche Krankenpflege"),
    ]
    y = 76.0
    for k, v in rows:
        p.add(k, 70, y, "sansb", 9.5)
        p.add(v, 140, y, "sans", 9.5)
        y += 13
    c.title = "Verordnung häusliche Krankenpflege"
    p.rule(70, y, 525, y)
    y += 22
    p.add("Sehr geehrte Damen und Herren,", 70, y)
    y = c.para(
        p,
        "für unsere Klientin bzw. unseren Klienten",
        70,
        y + 18,
    )
    p.add(c.first(f"{c.p.written_surname}, {c.p.written_given}"), 70, y)
    y = c.para(
        p,
        f"(geb. {c.birth('de')}) benötigen wir eine Folgeverordnung für die "
        f"Medikamentengabe ab dem {c.date(c.after(3, 10), 'de', 'prescription from')}.",
        70,
        y + 13,
    )
    y = c.practice_block(p, 70, y + 14, 9.5)
    p.add("Mit freundlichen Grüßen", 70, y + 14)
    p.add("Schwester Doreen Zapf, Pflegedienstleitung", 70, y + 28)
    p.add(
        "Ambulanter Pflegedienst Saale-Holzland · Hauptstraße 5 · 07646 Stadtroda",
        70,
        y + 41,
        "sans",
        8,
    )
    c.people.append({"name": "Doreen Zapf", "role": "nursing manager"})
    c.pages = [p]
    c.notes.append("e-mail printout; letter date is the sent date with weekday")


def apotheke(c: Ctx) -> None:
    p = Page()
    c.sender = "Rats-Apotheke Suhl"
    c.sender_alts = ["Rats-Apotheke"]
    c.fax_no = "03681 723320"
    p.add("Rats-Apotheke Suhl", 70, 60, "condb", 14)
    p.add(
        "Apothekerin Maren Haferung e. K. · Steinweg 11 · 98527 Suhl · Fax 03681 723320",
        70,
        74,
        "cond",
        8,
    )
    c.title = "RÜCKFRAGE ZUR VERORDNUNG"
    p.add(c.title, 70, 110, "condb", 12)
    c.title_alts = ["Rückfrage zur Verordnung"]
    p.add("An:", 70, 135, "cond", 9)
    c.practice_block(p, 110, 135, 9, "cond", 11)
    p.add(f"Datum: {c.date(c.ld, 'de2', 'letter')}", 400, 135, "cond", 9)
    y = 190.0
    p.add(c.first(f"Patient/in: {c.p.written_given} {c.p.written_surname}"), 70, y, "cond", 10)
    p.add(f"Rezept vom: {c.date(c.before(0, 4), 'de2', 'prescription')}", 330, y, "cond", 10)
    y += 26
    for box, txt in [
        ("[ ]", "Präparat nicht lieferbar"),
        ("[X]", "Dosierung unklar"),
        ("[ ]", "Wechselwirkung"),
        ("[ ]", "Packungsgröße fehlt"),
    ]:
        p.add(box, 70, y, "mono", 10)
        p.add(txt, 95, y, "cond", 10)
        y += 15
    p.add(
        "Bemerkung: Metformin 1000 mg – 1-0-1 oder 1-1-1? Bitte kurz per Fax bestätigen.",
        70,
        y + 10,
        "cond",
        10,
    )
    p.add("Antwort der Praxis:", 70, y + 50, "condb", 10)
    p.rule(70, y + 80, 525, y + 80)
    p.rule(70, y + 105, 525, y + 105)
    c.pages = [p]
    c.notes.append("pharmacy fax form with check boxes, two-digit years, no birth date")


def physio(c: Ctx) -> None:
    p = Page()
    c.sender = "Physiotherapie am Rennsteig"
    c.sender_alts = ["Praxis für Physiotherapie am Rennsteig"]
    c.fax_no = "036841 47812"
    p.add("Physiotherapie am Rennsteig", 525, 60, "serifb", 13, "r")
    p.add("Krankengymnastik · Manuelle Therapie · Lymphdrainage", 525, 73, "serif", 8.5, "r")
    p.add("Rennsteigstraße 2 · 98714 Stützerbach", 525, 84, "serif", 8.5, "r")
    c.practice_block(p, 70, 140, 10, "serif")
    c.title = "Therapiebericht"
    p.add(c.title, 70, 220, "serifb", 12)
    start = c.before(30, 50)
    p.add(c.first(f"für: {c.p.written_given} {c.p.written_surname}"), 70, 240, "serif", 10.5)
    p.add(
        f"Behandlungszeitraum: {c.date(start, 'de', 'therapy start')} bis "
        f"{c.date(c.before(1, 5), 'de', 'therapy end')}",
        70,
        254,
        "serif",
        10.5,
    )
    p.add("Verordnung: KG 6x, Diagnose M54.16", 70, 268, "serif", 10.5)
    y = c.para(
        p,
        "Nach sechs Behandlungen zeigt sich eine deutliche Besserung der "
        "Beweglichkeit der LWS. Wir empfehlen eine Folgeverordnung über weitere sechs "
        "Einheiten sowie ein Eigenübungsprogramm.",
        70,
        296,
        455,
        "serif",
        10.5,
    )
    p.add(f"Stützerbach, {c.date(c.ld, 'de', 'letter')}", 70, y + 24, "serif", 10.5)
    c.sign(p, 70, y + 60, ["Tobias Ehrhardt"], ["Physiotherapeut (B. Sc.)"], "serif")
    c.pages = [p]
    c.notes.append("therapy period with two dates, no birth date")


def handwritten(c: Ctx) -> None:
    p = Page()
    c.handwritten = True
    c.sender = c.rng.choice(["Caritas-Sozialstation Eichsfeld", "Seniorenheim Am Iberg"])
    c.sender_alts = ["Schwester Agnes"]
    c.fax_no = "03606 50871"
    y = 80.0
    if c.letter_date is not None:
        p.add(c.date(c.ld, "de1", "letter"), 500, y, "hand", 13, "r")
    y = c.practice_block(p, 80, y + 30, 12, "hand", 17) + 20
    doc = str(c.practice["doctor"]).split()[-1]
    p.add(
        f"Liebe Frau Dr. {doc}," if c.rng.random() < 0.5 else "Liebe Kollegen,", 80, y, "hand", 14
    )
    y += 30
    for ln in [
        c.first(f"{c.herr()} {c.p.written_surname} ({c.p.written_given})") + " hat seit gestern",
        "geschwollene Beine und ist kurzatmig.",
        "Bitte um Hausbesuch oder Rückruf.",
        "Danke!",
    ]:
        p.add(ln, 80, y, "hand", 14)
        y += 28
    p.add("Schwester Agnes", 300, y + 20, "hand", 14)
    p.add(c.sender, 300, y + 46, "hand", 12)
    c.people.append({"name": "Schwester Agnes", "role": "nurse"})
    c.title = None
    c.pages = [p]
    c.notes.append("handwritten note" + ("" if c.letter_date else ", undated"))


# ------------------------------------------------------------------------------- abroad
def czech(c: Ctx) -> None:
    p = Page()
    c.language, c.region = "cs", "CZ"
    c.sender = "Nemocnice Cheb"
    c.sender_alts = ["Karlovarská krajská nemocnice a.s.", "Nemocnice Cheb, Interní oddělení"]
    c.fax_no = "+420 354 547 111"
    p.add("Karlovarská krajská nemocnice a.s.", 70, 58, "sansb", 12)
    p.add("Nemocnice Cheb · Interní oddělení", 70, 72, "sans", 10)
    p.add("Hospitalská 1, 350 22 Cheb, Česká republika", 70, 84, "sans", 8.5)
    c.practice_block(p, 330, 120, 9.5)
    c.title = "PROPOUŠTĚCÍ ZPRÁVA"
    c.title_alts = ["Propouštěcí zpráva"]
    p.add(c.title, 297, 200, "sansb", 13, "c")
    p.add(
        c.first(
            f"Pacient: {c.p.written_surname.upper()} {c.p.written_given}",
            f"{c.p.written_given} {c.p.written_surname.upper()}",
        ),
        70,
        225,
    )
    p.add(f"Datum narození: {c.birth('cs')}", 330, 225)
    p.add(
        f"Hospitalizace: {c.date(c.before(3, 9), 'cs', 'admission')} – "
        f"{c.date(c.ld, 'cs', 'letter')}",
        70,
        239,
    )
    y = c.body(p, 70, 265, 3, "cs")
    p.add(f"V Chebu dne {c.date(c.ld, 'cslong', 'letter')}", 70, y + 20)
    c.sign(p, 70, y + 55, ["MUDr. Pavel Hrubý"], ["primář"])
    c.pages = [p]
    c.notes.append("Czech discharge report; surname first in capitals")


def ukraine(c: Ctx) -> None:
    p = Page()
    c.language, c.region = "uk", "UA"
    c.sender = "Клінічна лікарня швидкої медичної допомоги м. Львова"
    c.sender_alts = ["КНП «Клінічна лікарня швидкої медичної допомоги м. Львова»"]
    c.fax_no = "+380 32 275 4411"
    p.add(
        "КНП «Клінічна лікарня швидкої медичної допомоги м. Львова»", 297, 58, "dsansb", 10.5, "c"
    )
    p.add("вул. Миколайчука, 9, м. Львів, 79059, Україна", 297, 71, "dsans", 8.5, "c")
    c.practice_block(p, 70, 115, 9.5, "dsans")
    c.title = "ВИПИСКА ІЗ МЕДИЧНОЇ КАРТИ СТАЦІОНАРНОГО ХВОРОГО"
    c.title_alts = ["Виписка із медичної карти стаціонарного хворого", "Виписка"]
    p.add(c.title, 297, 190, "dsansb", 10.5, "c")
    cyr = f"{c.p.cyr_surname} {c.p.cyr_given}"
    p.add(c.first(f"Пацієнт: {cyr}", f"{c.p.cyr_given} {c.p.cyr_surname}"), 70, 215, "dsans")
    p.add(f"({c.p.written_surname.upper()} {c.p.written_given.upper()})", 300, 215, "dsans")
    p.add(f"Дата народження: {c.birth('de')}", 70, 229, "dsans")
    p.add(f"Дата госпіталізації: {c.date(c.before(4, 12), 'de', 'admission')}", 70, 243, "dsans")
    p.add(f"Дата виписки: {c.date(c.before(0, 1), 'de', 'discharge')}", 70, 257, "dsans")
    y = c.body(p, 70, 285, 3, "uk", "dsans", 9.5)
    p.add(f"Дата: {c.date(c.ld, 'uklong', 'letter')}", 70, y + 20, "dsans")
    c.sign(p, 70, y + 55, ["Лікар Петренко О. В."], ["лікуючий лікар"], "dsans")
    c.pages = [p]
    c.notes.append("Cyrillic Ukrainian discharge extract with a Latin passport spelling")


def hungary(c: Ctx) -> None:
    p = Page()
    c.language, c.region = "hu", "HU"
    c.sender = "Pécsi Tudományegyetem Klinikai Központ"
    c.sender_alts = ["PTE KK", "I. sz. Belgyógyászati Klinika"]
    c.fax_no = "+36 72 536 001"
    p.add("Pécsi Tudományegyetem Klinikai Központ", 70, 58, "serifb", 12)
    p.add("I. sz. Belgyógyászati Klinika · 7624 Pécs, Ifjúság útja 13.", 70, 71, "serif", 9)
    c.practice_block(p, 330, 110, 9.5, "serif")
    c.title = "ZÁRÓJELENTÉS"
    c.title_alts = ["Zárójelentés"]
    p.add(c.title, 297, 190, "serifb", 14, "c")
    nm = f"{c.p.written_surname} {c.p.written_given}"
    p.add(c.first(f"Név: {nm}"), 70, 215, "serif", 10.5)
    p.add(f"Születési idő: {c.birth('hu')}", 330, 215, "serif", 10.5)
    p.add(f"Felvétel: {c.date(c.before(3, 10), 'hu', 'admission')}", 70, 229, "serif", 10.5)
    y = c.body(p, 70, 256, 3, "hu", "serif", 10.5)
    p.add(f"Pécs, {c.date(c.ld, 'hulong', 'letter')}", 70, y + 20, "serif", 10.5)
    c.sign(p, 70, y + 55, ["Dr. Kovács Márta"], ["osztályvezető főorvos"], "serif")
    c.pages = [p]
    c.notes.append("Hungarian: surname before given name, year-first dates")


def romania(c: Ctx) -> None:
    p = Page()
    c.language, c.region = "ro", "RO"
    c.sender = "Spitalul Clinic Județean de Urgență Cluj"
    c.sender_alts = ["SCJU Cluj", "Spitalul Clinic Județean de Urgență Cluj-Napoca"]
    c.fax_no = "+40 264 597 852"
    p.add("Spitalul Clinic Județean de Urgență Cluj", 525, 58, "sansb", 11, "r")
    p.add("Str. Clinicilor nr. 3-5, Cluj-Napoca, România", 525, 70, "sans", 8.5, "r")
    c.practice_block(p, 70, 110)
    c.title = "SCRISOARE MEDICALĂ"
    c.title_alts = ["Scrisoare medicală"]
    p.add(c.title, 70, 190, "sansb", 13)
    p.add(
        c.first(
            f"Nume și prenume: {c.p.written_surname.upper()} {c.p.written_given.upper()}",
            f"{c.p.written_given.upper()} {c.p.written_surname.upper()}",
        ),
        70,
        212,
    )
    p.add(f"Data nașterii: {c.birth('de')}", 70, 226)
    p.add(
        f"Internat în perioada {c.date(c.before(4, 10), 'de', 'admission')} – "
        f"{c.date(c.before(0, 2), 'de', 'discharge')}",
        70,
        240,
    )
    y = c.body(p, 70, 266, 3, "ro")
    p.add(f"Data: {c.date(c.ld, 'rolong', 'letter')}", 70, y + 20)
    c.sign(p, 70, y + 55, ["Dr. Andreea Mureșan"], ["medic primar"])
    c.pages = [p]
    c.notes.append("Romanian medical letter, name in capitals with comma-below diacritics")


def bulgaria(c: Ctx) -> None:
    p = Page()
    c.language, c.region = "bg", "BG"
    c.sender = "УМБАЛ „Света Марина“ – Варна"
    c.sender_alts = ["УМБАЛ Света Марина", "Света Марина"]
    c.fax_no = "+359 52 302 851"
    p.add("УМБАЛ „Света Марина“ – Варна", 70, 58, "dserifb", 12)
    p.add("бул. „Христо Смирненски“ 1, 9010 Варна, България", 70, 71, "dserif", 8.5)
    c.practice_block(p, 70, 110, 9.5, "dserif")
    c.title = "ЕПИКРИЗА"
    c.title_alts = ["Епикриза"]
    p.add(c.title, 297, 190, "dserifb", 14, "c")
    nm = f"{c.p.cyr_given} {c.p.cyr_surname}"
    p.add(c.first(f"на {nm}", nm), 297, 206, "dserif", 10.5, "c")
    p.add(f"роден(а) на {c.birth('bg')}", 297, 220, "dserif", 10, "c")
    p.add(f"Постъпил(а): {c.date(c.before(3, 8), 'bg', 'admission')}", 70, 246, "dserif", 10)
    y = c.body(p, 70, 272, 3, "bg", "dserif", 10)
    p.add(f"Варна, {c.date(c.ld, 'bglong', 'letter')}", 70, y + 20, "dserif", 10)
    c.sign(p, 70, y + 55, ["д-р Стоян Минчев"], ["началник клиника"], "dserif")
    c.pages = [p]
    c.notes.append("Bulgarian epicrisis in Cyrillic, dates with г.")


def austria(c: Ctx) -> None:
    p = Page()
    c.region = "AT"
    c.letter_date = dt.date(c.ld.year, 1, c.rng.randint(10, 28))
    c.sender = "Landeskrankenhaus Innsbruck"
    c.sender_alts = ["Tirol Kliniken", "Universitätsklinik für Innere Medizin"]
    c.fax_no = "+43 512 504 22902"
    p.add("tirol kliniken", 70, 58, "sansb", 14)
    p.add("Landeskrankenhaus Innsbruck – Universitätskliniken", 70, 72, "sans", 9)
    p.add("Anichstraße 35, 6020 Innsbruck, Österreich", 70, 83, "sans", 8.5)
    c.practice_block(p, 70, 130)
    p.add(f"Innsbruck, am {c.date(c.ld, 'atlong', 'letter')}", 525, 130, "sans", 10, "r")
    c.title = "Arztbrief"
    p.add(c.title, 70, 210, "sansb", 12)
    b = c.p.birth_date
    p.add(c.first(f"Patientin/Patient: {c.p.written_given} {c.p.written_surname}"), 70, 228)
    p.add(f"SVNR: {c.rng.randint(1000, 9999)} {b.day:02d}{b.month:02d}{b.year % 100:02d}", 70, 241)
    p.add(f"Aufenthalt nach Skiunfall vom {c.date(c.before(4, 7), 'atlong', 'admission')}", 70, 254)
    y = c.body(p, 70, 280, 4)
    p.add("Mit freundlichen Grüßen", 70, y + 20)
    c.sign(
        p,
        70,
        y + 55,
        ["OA Dr. Florian Gstrein", "Ass. Dr. Lisa Haller"],
        ["Oberarzt", "Assistenzärztin"],
    )
    c.pages = [p]
    c.notes.append("Austrian letter with 'Jänner'; SVNR instead of a birth date")


def usa(c: Ctx) -> None:
    p = Page()
    c.language, c.region = "en", "US"
    c.sender = "LAKESIDE REGIONAL MEDICAL CENTER"
    c.sender_alts = ["Lakeside Regional Medical Center"]
    c.fax_no = "+1 608 555 0142"
    p.add("LAKESIDE REGIONAL MEDICAL CENTER", 297, 56, "sansb", 13, "c")
    p.add(
        "1200 Lakeshore Drive, Madison, WI 53703, USA · Fax (608) 555-0142",
        297,
        69,
        "sans",
        8.5,
        "c",
    )
    c.practice_block(p, 70, 110)
    p.add(c.date(c.ld, "uslong", "letter"), 525, 110, "sans", 10, "r")
    c.title = "DISCHARGE SUMMARY"
    c.title_alts = ["Discharge Summary"]
    p.add(c.title, 70, 190, "sansb", 12)
    rows = [
        (
            c.first(
                f"Patient: {c.p.written_surname.upper()}, {c.p.written_given.upper()}",
                f"{c.p.written_given.upper()} {c.p.written_surname.upper()}",
            ),
            f"DOB: {c.birth('us')}",
        ),
        (
            f"Admission Date: {c.date(c.before(3, 8), 'us', 'admission')}",
            f"Discharge Date: {c.date(c.before(0, 2), 'us', 'discharge')}",
        ),
        (f"MRN: {c.rng.randint(10000000, 99999999)}", "Attending: Karen O'Neill, MD"),
    ]
    y = 210.0
    for a, b in rows:
        p.add(a, 70, y)
        p.add(b, 330, y)
        y += 13
    c.people.append({"name": "Karen O'Neill, MD", "role": "attending"})
    y = c.body(p, 70, y + 16, 3, "en")
    p.add("Sincerely,", 70, y + 20)
    p.add("Karen O'Neill, MD", 70, y + 56)
    c.pages = [p]
    c.notes.append("US month-first dates; MRN is not the practice's id")


def spain(c: Ctx) -> None:
    p = Page()
    c.language, c.region = "es", "ES"
    c.sender = "Hospital Universitario Son Espases"
    c.sender_alts = ["Son Espases", "Servei de Salut de les Illes Balears"]
    c.fax_no = "+34 871 205 001"
    p.add("Hospital Universitario Son Espases", 70, 58, "serifb", 13)
    p.add(
        "Servei de Salut de les Illes Balears · Ctra. de Valldemossa, 79 · 07120 Palma",
        70,
        71,
        "serif",
        8.5,
    )
    c.practice_block(p, 330, 110, 9.5, "serif")
    c.title = "INFORME DE ALTA"
    c.title_alts = ["Informe de alta"]
    p.add(c.title, 70, 190, "serifb", 13)
    p.add(c.first(f"Paciente: {c.p.written_surname}, {c.p.written_given}"), 70, 210, "serif", 10.5)
    p.add(f"Fecha de nacimiento: {c.birth('slash')}", 70, 224, "serif", 10.5)
    p.add(
        f"Fecha de ingreso: {c.date(c.before(2, 6), 'slash', 'admission')}", 70, 238, "serif", 10.5
    )
    y = c.body(p, 70, 264, 3, "es", "serif", 10.5)
    p.add(f"Palma, {c.date(c.ld, 'eslong', 'letter')}", 70, y + 20, "serif", 10.5)
    c.sign(p, 70, y + 55, ["Dra. Marta Bauzà Pons"], ["Medicina Interna"], "serif")
    c.pages = [p]
    c.notes.append("Spanish discharge report with day-first slash dates")


def india(c: Ctx) -> None:
    p = Page()
    c.language, c.region = "en", "IN"
    c.sender = "SREE NARAYANA MEDICAL MISSION HOSPITAL"
    c.sender_alts = ["Sree Narayana Medical Mission Hospital", "SNMM Hospital Kochi"]
    c.fax_no = "+91 484 240 1122"
    p.add("SREE NARAYANA MEDICAL MISSION HOSPITAL", 297, 56, "dsansb", 12, "c")
    p.add("Ernakulam North, Kochi, Kerala 682018, India", 297, 69, "dsans", 8.5, "c")
    c.practice_block(p, 70, 110, 9.5, "dsans")
    c.title = "DISCHARGE SUMMARY"
    c.title_alts = ["Discharge Summary"]
    p.add(c.title, 297, 185, "dsansb", 12, "c")
    age = (
        c.ld.year
        - c.p.birth_date.year
        - ((c.ld.month, c.ld.day) < (c.p.birth_date.month, c.p.birth_date.day))
    )
    hon = "Mr." if c.p.sex == "M" else "Mrs."
    p.add(c.first(f"Name: {hon} {c.p.written_given} {c.p.written_surname}"), 70, 208, "dsans", 9.5)
    p.add(f"Age/Sex: {age} Y / {c.p.sex}", 330, 208, "dsans", 9.5)
    p.add(f"UHID: SNMM{c.rng.randint(100000, 999999)}", 70, 222, "dsans", 9.5)
    p.add(
        f"Date of Admission: {c.date(c.before(3, 8), 'inabbr', 'admission')}", 70, 236, "dsans", 9.5
    )
    p.add(
        f"Date of Discharge: {c.date(c.before(0, 2), 'slash', 'discharge')}", 330, 236, "dsans", 9.5
    )
    y = c.body(p, 70, 262, 3, "en", "dsans", 9.5)
    p.add(f"Date: {c.date(c.ld, 'inord', 'letter')}", 70, y + 20, "dsans", 9.5)
    c.sign(p, 70, y + 55, ["Dr. K. R. Menon, MD (Gen. Med.)"], ["Consultant Physician"], "dsans")
    c.pages = [p]
    c.notes.append("Indian summary: age instead of birth date, DD-Mon-YYYY and ordinal dates")


def eritrea(c: Ctx) -> None:
    p = Page()
    italian = c.rng.random() < 0.5
    c.language, c.region = ("it" if italian else "en"), "ER"
    c.sender = "Orotta National Referral Hospital"
    c.sender_alts = ["Orotta Hospital Asmara", "Ministry of Health, State of Eritrea"]
    c.fax_no = "+291 1 202 914"
    p.add("State of Eritrea – Ministry of Health", 70, 56, "serif", 9)
    p.add("Orotta National Referral Hospital", 70, 70, "serifb", 13)
    p.add("P.O. Box 212, Asmara, Eritrea", 70, 83, "serif", 9)
    c.practice_block(p, 330, 110, 9.5, "serif")
    if italian:
        c.title = "RELAZIONE MEDICA"
        p.add(c.title, 70, 190, "serifb", 13)
        nata = "nato" if c.p.sex == "M" else "nata"
        sig = "Sig." if c.p.sex == "M" else "Sig.ra"
        p.add(c.first(f"{sig} {c.p.written_given} {c.p.written_surname}"), 70, 210, "serif", 10.5)
        p.add(f"{nata} il {c.birth('slash')}", 330, 210, "serif", 10.5)
        p.add(
            f"Visitata il {c.date(c.before(1, 5), 'slash', 'examination')}", 70, 224, "serif", 10.5
        )
        y = c.body(p, 70, 250, 3, "it", "serif", 10.5)
        p.add(f"Asmara, {c.date(c.ld, 'itlong', 'letter')}", 70, y + 20, "serif", 10.5)
    else:
        c.title = "MEDICAL REPORT"
        p.add(c.title, 70, 190, "serifb", 13)
        p.add(
            c.first(f"Patient name: {c.p.written_given} {c.p.written_surname}"),
            70,
            210,
            "serif",
            10.5,
        )
        p.add(f"Date of birth: {c.birth('slash')}", 330, 210, "serif", 10.5)
        p.add(f"Seen on: {c.date(c.before(1, 5), 'enlong', 'examination')}", 70, 224, "serif", 10.5)
        y = c.body(p, 70, 250, 3, "en", "serif", 10.5)
        p.add(f"Asmara, {c.date(c.ld, 'enlong', 'letter')}", 70, y + 20, "serif", 10.5)
    c.title_alts = [c.title.title()]
    c.sign(p, 70, y + 55, ["Dr. Mussie Ghebreyesus"], ["Senior Physician"], "serif")
    c.pages = [p]
    c.notes.append("Eritrean report in English or Italian, day-first dates")


LAYOUTS: dict[str, tuple[Layout, str | None]] = {
    # name: (function, origin of the patients it prefers; None = anyone)
    "hospital-discharge-2p": (uk_jena, None),
    "neurology-2p-capitals": (wald_gera, None),
    "surgery-date-at-end": (helios_erfurt, None),
    "psychiatry-caps-title": (hainich, None),
    "cardiology-reference-row": (cardio_weimar, None),
    "lab-table": (lab_gera, None),
    "radiology-no-subject": (radiology, None),
    "dermatology-centred": (derma_eisenach, None),
    "kim-printout": (kim_print, None),
    "insurer-aok-form": (aok_plus, None),
    "pension-drv": (drv, None),
    "health-office": (gesundheitsamt, None),
    "school-doctor": (school_doctor, "child"),
    "bundeswehr-doctor": (bundeswehr, "adult"),
    "care-service-email": (pflege_mail, None),
    "pharmacy-fax-form": (apotheke, None),
    "physiotherapy-report": (physio, None),
    "handwritten-note": (handwritten, None),
    "abroad-czech": (czech, None),
    "abroad-ukraine-cyrillic": (ukraine, "UA"),
    "abroad-hungary": (hungary, "HU"),
    "abroad-romania": (romania, "RO"),
    "abroad-bulgaria-cyrillic": (bulgaria, "BG"),
    "abroad-austria": (austria, None),
    "abroad-usa": (usa, None),
    "abroad-spain": (spain, None),
    "abroad-india": (india, "IN"),
    "abroad-eritrea": (eritrea, "ER"),
}
