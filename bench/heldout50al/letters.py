"""The letters: kinds of post a Swiss general practice receives, with exact truth."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field
from typing import Any

from . import register as reg
from .layout import LEFT, RIGHT, Composer, Line, Page, render_fax, render_pdf, render_scan
from .world import PRACTICES, fmt

SPLIT_SEEDS = {"test": 50_1201, "examples": 50_1202}
SPLIT_SIZES = {"test": 40, "examples": 6}


class Ctx:
    """One letter being written: its world, its pages and what it printed."""

    def __init__(
        self,
        rng: random.Random,
        p: reg.Patient,
        in_register: bool,
        pr: dict[str, Any],
        date: dt.date,
    ) -> None:
        self.rng = rng
        self.p = p
        self.in_register = in_register
        self.pr = pr
        self.date = date
        self.comp = Composer()
        self.sur = p.surname
        self.given = p.given_names
        self.as_written: str | None = None
        self.birth_printed = False
        self.other_dates: list[dict[str, str]] = []
        self.other_people: list[dict[str, str]] = []
        self.notes: list[str] = []
        self.layout = ""
        self.language = "de"
        self.region = "CH"
        self.sender = ""
        self.sender_alts: list[str] = []
        self.title: str | None = None
        self.title_alts: list[str] = []
        self.letter_date: dt.date | None = date
        self.pid: str | None = None
        self.handwritten = False
        self.fax = "+41 44 000 00 00"
        self.short = ""
        self.pages: list[Page] = []

    # -- dates and people
    def d(self, day: dt.date, role: str, style: str) -> str:
        if role == "birth":
            self.birth_printed = True
        elif role != "letter":
            iso = day.isoformat()
            if not any(o["date"] == iso and o["role"] == role for o in self.other_dates):
                self.other_dates.append({"date": iso, "role": role})
        return fmt(day, style)

    def bd(self, style: str = "dot") -> str:
        return self.d(self.p.birth_date, "birth", style)

    def person(self, name: str, role: str) -> str:
        self.other_people.append({"name": name, "role": role})
        return name

    def days(self, n: int) -> dt.date:
        return self.date + dt.timedelta(days=n)

    # -- the patient as written
    def who(self, style: str) -> str:
        p, s, g = self.p, self.sur, self.given
        f = p.sex == "F"
        t = f"{p.title} " if p.title else ""
        forms = {
            "herr": f"{'Frau' if f else 'Herr'} {t}{g} {s}",
            "herr_sf": f"{'Frau' if f else 'Herr'} {s} {g}",
            "sf": f"{s} {g}",
            "s,f": f"{s}, {g}",
            "SF": f"{s.upper()} {g}",
            "S,f": f"{s.upper()}, {g}",
            "fS": f"{g} {s.upper()}",
            "fs": f"{g} {s}",
            "fr": f"{'Madame' if f else 'Monsieur'} {g} {s.upper()}",
            "it": f"{'Signora' if f else 'Signor'} {g} {s}",
            "en": f"{'Mrs' if f else 'Mr'} {g} {s}",
            "geb": f"{s} geb. {p.birth_name}, {g}" if p.birth_name else f"{s}, {g}",
        }
        text = forms[style]
        if self.as_written is None:
            self.as_written = text
        return text

    # -- blocks
    def to_practice(
        self,
        x: float,
        size: float = 10.0,
        ch: bool = True,
        name_i: int | None = None,
        lines_before: list[str] | None = None,
    ) -> None:
        c, pr = self.comp, self.pr
        names: list[str] = pr["names"]
        name = names[name_i if name_i is not None else self.rng.randrange(len(names))]
        for lb in lines_before or []:
            c.line(lb, x, size=size)
        if x > 250 and len(name) > 45:
            c.para(name, x, width=RIGHT - x, size=size)
        else:
            c.line(name, x, size=size)
        c.line(str(pr["doctor"]), x, size=size)
        c.line(str(pr["street"]), x, size=size)
        c.line(f"{'CH-' if ch else ''}{pr['postcode']} {pr['city']}", x, size=size)

    def head(self, lines: list[tuple[str, str, float]], align: str, y: float = 52.0) -> None:
        c = self.comp
        c.y = y
        x = {"left": LEFT, "right": RIGHT, "center": (LEFT + RIGHT) / 2}[align]
        for text, font, size in lines:
            c.line(text, x, font=font, size=size, align=align)

    def closing(
        self, names: list[tuple[str, str]], greet: str = "Freundliche Grüsse", x: float = LEFT
    ) -> None:
        c = self.comp
        c.gap(6)
        c.line(greet, x)
        c.gap(22)
        for i, (n, role) in enumerate(names):
            c.line(n, x, font=self.comp.font if i else None)
            if role:
                c.line(role, x, size=9)
            self.person(n, role or "signatory")


@dataclass
class Sender:
    org: str
    lines: list[str]
    fax: str
    short: str
    alts: list[str] = field(default_factory=list)


def _ward(c: Ctx) -> str:
    return c.rng.choice(
        [
            "Kardiologie",
            "Pneumologie",
            "Gastroenterologie",
            "Allgemeine Innere Medizin",
            "Orthopädie",
            "Neurologie",
        ]
    )


DIAG = [
    ("Community-acquired Pneumonie rechts basal", "Amoxicillin/Clavulansäure 1 g 1-0-1"),
    (
        "Akutes Koronarsyndrom (NSTEMI), Koronarangiographie mit Stent RIVA",
        "Aspirin cardio 100 mg 1-0-0, Ticagrelor 90 mg 1-0-1",
    ),
    ("Entgleister Diabetes mellitus Typ 2 (HbA1c 10.2 %)", "Metformin 1000 mg 1-0-1"),
    ("Dekompensierte Herzinsuffizienz NYHA III", "Torasemid 10 mg 1-0-0"),
    ("Pertrochantäre Femurfraktur links, Osteosynthese (PFNA)", "Dafalgan 1 g 1-1-1-1"),
    ("Synkope unklarer Ätiologie, Ausschluss rhythmogen", "keine Änderung"),
    ("Akute Cholezystitis, laparoskopische Cholezystektomie", "Novalgin 500 mg bei Bedarf"),
]


# ------------------------------------------------------------------ the kinds


def k_austritt(c: Ctx) -> None:
    r = c.rng
    hosp = r.choice(
        [
            Sender(
                "Kantonsspital Winterthur",
                [
                    "Kantonsspital Winterthur",
                    "Medizinische Klinik",
                    "Brauerstrasse 15, Postfach, 8401 Winterthur",
                ],
                "+41 52 266 20 99",
                "KSW MED",
                ["KSW", "Medizinische Klinik KSW"],
            ),
            Sender(
                "Universitätsspital Zürich",
                [
                    "Universitätsspital Zürich",
                    "Klinik für Innere Medizin",
                    "Rämistrasse 100, CH-8091 Zürich",
                ],
                "+41 44 255 44 11",
                "USZ Innere Med",
                ["USZ", "Klinik für Innere Medizin"],
            ),
            Sender(
                "Luzerner Kantonsspital",
                [
                    "LUZERNER KANTONSSPITAL",
                    "Luzerner Kantonsspital",
                    "Departement Medizin",
                    "Spitalstrasse, 6000 Luzern 16",
                ],
                "+41 41 205 12 90",
                "LUKS MEDIZIN",
                ["LUKS", "Departement Medizin"],
            ),
            Sender(
                "Inselspital, Universitätsspital Bern",
                [
                    "Inselspital",
                    "Inselspital, Universitätsspital Bern",
                    "Universitätsklinik für Allgemeine Innere Medizin",
                    "Freiburgstrasse 18, 3010 Bern",
                ],
                "+41 31 632 48 05",
                "INSEL AIM",
                ["Inselspital", "Universitätsspital Bern"],
            ),
            Sender(
                "Kantonsspital Graubünden",
                [
                    "Kantonsspital Graubünden",
                    "Departement Innere Medizin",
                    "Loëstrasse 170, 7000 Chur",
                ],
                "+41 81 256 66 21",
                "KSGR DIM",
                ["KSGR"],
            ),
        ]
    )
    c.layout = "hospital discharge report (Austrittsbericht), two pages with running header"
    c.sender, c.sender_alts, c.fax, c.short = hosp.org, hosp.alts, hosp.fax, hosp.short
    comp = c.comp
    style = r.randrange(3)
    lines = [
        (ln, "sansb" if i == 0 else "sans", 14 if i == 0 else 9) for i, ln in enumerate(hosp.lines)
    ]
    c.head(lines, ["left", "right", "center"][style])
    comp.rule()
    comp.gap(30)
    c.to_practice(330 if style != 2 else LEFT)
    comp.gap(18)
    place = hosp.lines[-1].split(",")[-1].strip().split(" ")[1]
    comp.line(
        f"{place}, {c.d(c.date, 'letter', r.choice(['dot', 'de']))}",
        LEFT,
    )
    comp.gap(12)
    adm = c.days(-r.randrange(8, 20))
    dis = adm + dt.timedelta(days=r.randrange(3, 8))
    c.title = "Austrittsbericht"
    c.title_alts = ["Austrittsbericht stationär", "Bericht"]
    comp.line("AUSTRITTSBERICHT" if r.random() < 0.5 else "Austrittsbericht", font="sansb", size=12)
    if comp.pages[0].lines[-1].text == "AUSTRITTSBERICHT":
        c.title_alts.append("AUSTRITTSBERICHT")
    pat = c.who(r.choice(["herr", "SF", "s,f"]))
    comp.line(f"{pat}, geb. {c.bd()}, {c.p.street}, {c.p.postcode} {c.p.city}", size=9.5)
    comp.line(
        f"Hospitalisation vom {c.d(adm, 'admission', 'dot')} bis {c.d(dis, 'discharge', 'dot')}",
        size=9.5,
    )
    if c.in_register and r.random() < 0.5:
        c.pid = c.p.id
        comp.line(f"Ihre Patientennummer: {c.p.id}   Fall-Nr. 4{r.randrange(10**7):07d}", size=9.5)
    comp.gap(8)
    comp.line(c.pr["salut"] + ",")
    comp.para(
        "Wir berichten Ihnen über die oben genannte Patientin bzw. den oben genannten "
        "Patienten, die/der bei uns hospitalisiert war."
    )
    dg, med = DIAG[r.randrange(len(DIAG))]
    comp.bottom = 700.0
    comp.header = (
        f"{c.sur} {c.given}, {c.bd()} – Austrittsbericht vom "
        f"{c.d(c.date, 'letter', 'dot')} – Seite {{n}}/{{t}}"
    )
    for head, body in [
        (
            "Diagnosen",
            f"1. {dg}. 2. Arterielle Hypertonie, medikamentös behandelt. "
            "3. Status nach Appendektomie (Kindheit).",
        ),
        (
            "Anamnese",
            "Die Zuweisung erfolgte notfallmässig durch den Rettungsdienst. "
            "Der Patient berichtete über seit drei Tagen zunehmende Beschwerden, Fieber bis "
            "38.9 °C und deutlich reduzierten Allgemeinzustand. " * 2,
        ),
        (
            "Befunde",
            "Labor bei Eintritt: CRP 148 mg/l, Leukozyten 14.2 G/l, Kreatinin 98 "
            "µmol/l, Kalium 4.1 mmol/l. Im Verlauf rasche Normalisierung. " * 2,
        ),
        (
            "Verlauf",
            "Unter der eingeleiteten Therapie kam es zu einer raschen Besserung. "
            "Die Mobilisation gelang problemlos, die Physiotherapie wurde begleitend "
            "durchgeführt. Der Austritt erfolgte in gutem Allgemeinzustand nach Hause. " * 3,
        ),
        ("Medikation bei Austritt", f"{med}; Pantoprazol 40 mg 1-0-0; Atorvastatin 20 mg 0-0-1."),
        (
            "Procedere",
            f"Wir bitten um eine klinische Kontrolle und Laborkontrolle am "
            f"{c.d(dis + dt.timedelta(days=10), 'follow-up', 'dot')} in Ihrer Sprechstunde. "
            "Eine ambulante Nachkontrolle in unserer Sprechstunde ist in sechs Wochen geplant.",
        ),
    ]:
        comp.gap(6)
        comp.line(head, font="sansb")
        comp.para(body)
    doc = r.choice(
        [
            ("Dr. med. Simone Ackermann", "Oberärztin"),
            ("med. pract. Jonas Wälti", "Assistenzarzt"),
            ("PD Dr. med. Martin Casutt", "Leitender Arzt"),
        ]
    )
    c.closing([doc, ("Prof. Dr. med. Andrea Vögeli", "Chefärztin")])
    c.notes.append("two pages; the running header repeats patient, birth date and letter date")
    c.notes.append("admission, discharge and follow-up dates beside the letter date")


def k_specialist(c: Ctx) -> None:
    r = c.rng
    sp = r.choice(
        [
            (
                "Dr. med. Beat Hofstetter",
                "Facharzt für Gastroenterologie FMH",
                "Praxis für Gastroenterologie Dr. med. Beat Hofstetter",
                "Stadthausstrasse 8",
                "8400 Winterthur",
                "+41 52 213 40 41",
                "Gastroenterologische Sprechstunde",
            ),
            (
                "Dr. med. Nadia Bianchi",
                "Fachärztin für Kardiologie FMH",
                "Herzpraxis Basel-Stadt",
                "Steinenvorstadt 53",
                "4051 Basel",
                "+41 61 272 11 02",
                "Kardiologische Beurteilung",
            ),
            (
                "PD Dr. med. Stefan Zgraggen",
                "Facharzt für Rheumatologie FMH",
                "Rheumapraxis Zgraggen",
                "Falkenplatz 11",
                "3012 Bern",
                "+41 31 301 22 19",
                "Rheumatologische Konsultation",
            ),
            (
                "Dr. med. Flurina Caflisch",
                "Fachärztin für Dermatologie und Venerologie FMH",
                "Dermatologie am Rosenberg",
                "Rosenbergstrasse 52",
                "9000 St. Gallen",
                "+41 71 222 73 70",
                "Dermatologischer Bericht",
            ),
        ]
    )
    doc, spec, org, street, city, fax, kind = sp
    c.layout = "specialist's consultation report (FMH practice)"
    c.sender, c.sender_alts = org, [doc, f"{doc}, {spec}"]
    c.fax, c.short = fax, org.upper()[:22]
    comp = c.comp
    comp.font = r.choice(["sans", "serif", "dv"])
    style = r.randrange(2)
    if style == 0:
        c.head(
            [
                (org, comp.font, 13),
                (f"{doc} · {spec}", comp.font, 8.5),
                (f"{street} · CH-{city} · Tel. {fax[:-2]}00 · Fax {fax}", comp.font, 8),
            ],
            "center",
        )
    else:
        c.head(
            [
                (doc, BOLDF(comp.font), 11),
                (spec, comp.font, 9),
                (org, comp.font, 9),
                (street, comp.font, 9),
                (city, comp.font, 9),
                (f"Fax {fax}", comp.font, 9),
            ],
            "right",
        )
    comp.gap(24)
    c.to_practice(LEFT if style else 320, ch=style == 0)
    comp.gap(20)
    date_end = r.random() < 0.5
    if not date_end:
        comp.line(f"{city.split(' ', 1)[1]}, {c.d(c.date, 'letter', 'de')}", 320)
        comp.gap(10)
    c.title = kind
    pat = c.who(r.choice(["herr", "sf", "geb"]))
    label = r.choice(["", "Betrifft: ", "Betr.: "])
    comp.line(f"{label}{kind}", font=BOLDF(comp.font))
    if label:
        c.title_alts.append(f"{label}{kind}")
    comp.line(f"{pat}, {c.bd(r.choice(['dot', 'dots']))}", font=BOLDF(comp.font))
    if c.in_register and r.random() < 0.4:
        c.pid = c.p.id
        comp.line(f"Ihre Ref.: Pat.-Nr. {c.p.id}", size=9)
    comp.gap(8)
    comp.line(f"{c.pr['salut']},")
    exam = c.days(-r.randrange(2, 12))
    comp.para(
        f"Besten Dank für die Zuweisung. Ich habe die Patientin/den Patienten am "
        f"{c.d(exam, 'consultation', 'dot')} in meiner Sprechstunde gesehen."
    )
    comp.gap(4)
    comp.para(
        "Beurteilung: Die Beschwerden sind am ehesten funktioneller Natur. Eine "
        "strukturelle Ursache konnte in der heutigen Untersuchung nicht nachgewiesen "
        "werden. Wir empfehlen eine Fortführung der bisherigen Therapie und eine "
        "Verlaufskontrolle in drei Monaten."
    )
    comp.gap(4)
    comp.para("Ich danke Dir/Ihnen für die Zuweisung und stehe für Rückfragen gerne zur Verfügung.")
    if date_end:
        comp.gap(6)
        comp.line(f"{city.split(' ', 1)[1]}, {c.d(c.date, 'letter', 'dot')}")
        c.notes.append("the letter's date is only at the end, above the signature")
    c.closing([(doc, spec)], greet=r.choice(["Freundliche Grüsse", "Mit kollegialen Grüssen"]))


def BOLDF(font: str) -> str:
    return {
        "sans": "sansb",
        "serif": "serifb",
        "dv": "dvb",
        "cond": "condb",
        "narrow": "narrowb",
    }.get(font, font)


def k_lab(c: Ctx) -> None:
    r = c.rng
    lab = r.choice(
        [
            (
                "Labor Zentral AG",
                "Medizinisches Laboratorium · Hardturmstrasse 120 · 8005 Zürich",
                "+41 44 269 99 98",
                "LABOR ZENTRAL",
            ),
            (
                "medilab Ostschweiz AG",
                "Lerchenfeldstrasse 3 · 9014 St. Gallen",
                "+41 71 274 80 01",
                "MEDILAB OST",
            ),
            (
                "Laboratorium Dr. Bachmann AG",
                "Aeschenvorstadt 24, CH-4051 Basel",
                "+41 61 205 40 40",
                "LAB BACHMANN",
            ),
        ]
    )
    c.layout = "laboratory report (table, collection and receipt dates)"
    c.sender, c.sender_alts, c.fax, c.short = lab[0], [lab[0].replace(" AG", "")], lab[2], lab[3]
    comp = c.comp
    comp.font = "narrow"
    c.head([(lab[0], "narrowb", 15), (lab[1], "narrow", 8.5)], r.choice(["left", "right"]))
    comp.rule()
    comp.gap(14)
    c.to_practice(LEFT, size=9.5, ch=False, lines_before=["Einsender:"])
    comp.gap(14)
    c.title = "LABORBEFUND"
    c.title_alts = ["Laborbefund", "Schlussbefund"]
    comp.line("LABORBEFUND  –  Schlussbefund", font="narrowb", size=13)
    c.title_alts.append("LABORBEFUND  –  Schlussbefund")
    comp.gap(4)
    pat = c.who(r.choice(["S,f", "SF"]))
    coll = c.days(-r.randrange(1, 3))
    rows = [
        f"Patient/in:      {pat}",
        f"Geb.-Datum:      {c.bd(r.choice(['dot', 'yy']))}      Geschlecht: {c.p.sex.lower()}",
        f"Auftrags-Nr.:    {r.randrange(10**8):08d}",
        f"Entnahme:        {c.d(coll, 'collection', 'dot')} 07:45",
        f"Eingang Labor:   {c.d(coll, 'collection', 'dot')} 14:10",
        f"Befunddatum:     {c.d(c.date, 'letter', 'dot')}",
    ]
    if c.in_register and r.random() < 0.6:
        c.pid = c.p.id
        rows.insert(3, f"Pat.-Nr. Einsender: {c.p.id}")
    for row in rows:
        comp.line(row, font="mono", size=9)
    c.notes.append("collection and receipt share a date that is not the report date")
    comp.gap(8)
    comp.line("Analyse                      Resultat   Einheit    Referenz", font="mono", size=9)
    comp.rule(comp.y - 9)
    for a, v, u, ref in [
        ("Hämoglobin", "128", "g/l", "120-160"),
        ("Leukozyten", "7.4", "G/l", "3.5-10.0"),
        ("Thrombozyten", "312", "G/l", "150-450"),
        ("Kreatinin", "84", "µmol/l", "45-90"),
        ("eGFR (CKD-EPI)", "71", "ml/min", ">60"),
        ("HbA1c", "6.9 H", "%", "<5.7"),
        ("TSH", "2.31", "mU/l", "0.27-4.20"),
        ("Ferritin", "18 L", "µg/l", "30-300"),
        ("CRP", "<5", "mg/l", "<5"),
    ]:
        comp.line(f"{a:<28} {v:>9}   {u:<9}  {ref}", font="mono", size=9)
    comp.gap(10)
    comp.para("Validiert: Dr. sc. nat. Corinne Egli, FAMH Labormedizin", size=8.5)
    c.person("Dr. sc. nat. Corinne Egli", "validating lab specialist")


def k_radiology(c: Ctx) -> None:
    r = c.rng
    inst = r.choice(
        [
            (
                "Institut für Radiologie Winterthur",
                "IRW",
                "Lagerhausstrasse 9, 8400 Winterthur",
                "+41 52 269 30 31",
            ),
            (
                "Röntgeninstitut Bern-West AG",
                "RIBW",
                "Freiburgstrasse 562, 3172 Niederwangen",
                "+41 31 981 22 23",
            ),
            ("MRI Zentrum Aarau", "MZA", "Bahnhofstrasse 88, 5000 Aarau", "+41 62 822 10 12"),
        ]
    )
    c.layout = "radiology report (MRI/CT), subject without label, exam date"
    c.sender, c.sender_alts, c.fax, c.short = inst[0], [inst[1]], inst[3], inst[1]
    comp = c.comp
    comp.font = "dv"
    comp.size = 9.5
    c.head([(inst[1], "dvb", 20), (inst[0], "dv", 9), (inst[2], "dv", 8)], "left")
    comp.gap(10)
    c.to_practice(320, size=9.5)
    comp.gap(14)
    exam = c.days(-r.randrange(0, 3))
    ex = r.choice(["MRI LWS nativ", "CT Thorax mit KM", "Sonographie Abdomen", "MRI Knie rechts"])
    pat = c.who(r.choice(["herr", "sf"]))
    comp.line(f"{pat}, {c.bd('dot')}", font="dvb")
    if c.in_register and r.random() < 0.6:
        c.pid = c.p.id
        comp.line(f"Zuweiser-Ref. (Ihre PID): {c.p.id}", size=8.5)
    comp.line(f"Untersuchung vom {c.d(exam, 'examination', 'dot')}: {ex}")
    c.title = ex
    c.title_alts = [f"Untersuchung vom {fmt(exam, 'dot')}: {ex}", "Befund"]
    comp.gap(8)
    for h, b in [
        ("Fragestellung", "Ursache der persistierenden Schmerzen? Ausschluss strukturelle Läsion."),
        (
            "Befund",
            "Regelrechte Darstellung der abgebildeten Strukturen, keine "
            "Raumforderung, kein Erguss. Degenerative Veränderungen altersentsprechend. " * 2,
        ),
        (
            "Beurteilung",
            "Kein Nachweis einer akuten Pathologie. Geringe degenerative Veränderungen.",
        ),
    ]:
        comp.line(h.upper() if r.random() < 0.5 else h + ":", font="dvb")
        comp.para(b)
        comp.gap(4)
    comp.line(f"Befund diktiert und visiert am {c.d(c.date, 'letter', 'dot')}")
    c.closing(
        [("Dr. med. Reto Imhof", "Facharzt für Radiologie FMH")], greet="Mit freundlichen Grüssen"
    )
    c.notes.append("the letter date is in the signing line at the end; the exam date is above")


def k_insurer(c: Ctx) -> None:
    r = c.rng
    ins = r.choice(
        [
            (
                "CSS Kranken-Versicherung AG",
                "CSS",
                "Tribschenstrasse 21, Postfach 2568, 6002 Luzern",
                "+41 58 277 11 12",
            ),
            ("Helsana Versicherungen AG", "Helsana", "Postfach, 8081 Zürich", "+41 58 340 11 12"),
            (
                "SWICA Krankenversicherung AG",
                "SWICA",
                "Römerstrasse 38, 8401 Winterthur",
                "+41 52 244 22 34",
            ),
            (
                "Sanitas Grundversicherungen AG",
                "Sanitas",
                "Jägergasse 3, 8021 Zürich",
                "+41 44 298 62 01",
            ),
            ("Visana AG", "Visana", "Weltpoststrasse 19, 3000 Bern 16", "+41 31 357 91 12"),
        ]
    )
    c.layout = "health insurer's cost approval (Kostengutsprache), information block"
    c.sender, c.sender_alts, c.fax, c.short = ins[0], [ins[1]], ins[3], ins[1].upper()
    comp = c.comp
    c.head([(ins[1], "dvb", 22), (ins[0], "sans", 8.5), (ins[2], "sans", 8.5)], "right")
    comp.gap(26)
    c.to_practice(LEFT)
    comp.gap(16)
    kind = r.choice(["Kostengutsprache", "Leistungsentscheid", "Rückfrage zur Kostengutsprache"])
    pat = c.who(r.choice(["herr", "fs"]))
    for lbl, val in [
        ("Versicherte Person", pat),
        ("Geburtsdatum", c.bd()),
        ("AHV-Nr.", c.p.ahv),
        ("Versicherten-Nr.", f"{r.randrange(100, 999)}.{r.randrange(10**6):06d}"),
        ("Datum", c.d(c.date, "letter", "dot")),
    ]:
        comp.at(LEFT, comp.y, lbl, "sans", 9)
        comp.line(val, 170, size=9)
    comp.gap(10)
    c.title = kind
    comp.line(kind, font="sansb", size=11.5)
    comp.gap(6)
    comp.line("Sehr geehrte Damen und Herren")
    start = c.days(r.randrange(3, 20))
    comp.para(
        f"Wir haben Ihr Gesuch geprüft und übernehmen die Kosten für die beantragte "
        f"Behandlung im Rahmen der obligatorischen Krankenpflegeversicherung (KVG) ab "
        f"{c.d(start, 'coverage start', 'dot')} für die Dauer von zwölf Monaten."
    )
    comp.para(
        "Bitte beachten Sie, dass die Kostengutsprache nur für die aufgeführte Leistung gilt."
    )
    c.closing([("Sachbearbeitung Leistungen", ""), ("Team Kostengutsprachen", "")])
    c.notes.append("the patient is the 'Versicherte Person'; labels and values in two columns")


def k_iv(c: Ctx) -> None:
    r = c.rng
    iv = r.choice(
        [
            (
                "SVA Zürich",
                "IV-Stelle Kanton Zürich",
                "Röntgenstrasse 17, 8087 Zürich",
                "+41 44 448 58 58",
            ),
            (
                "IV-Stelle Kanton Bern",
                "IV Bern",
                "Scheibenstrasse 70, 3014 Bern",
                "+41 58 219 71 12",
            ),
            (
                "IV-Stelle Luzern",
                "WAS IV Luzern",
                "Landenbergstrasse 35, 6002 Luzern",
                "+41 41 369 05 01",
            ),
        ]
    )
    c.layout = "disability insurance form (IV-Stelle Arztbericht), labelled fields"
    c.sender, c.sender_alts, c.fax, c.short = iv[0], [iv[1]], iv[3], iv[1].upper()
    comp = c.comp
    comp.font = "cond"
    c.head([(iv[0], "condb", 14), (iv[1], "cond", 9), (iv[2], "cond", 8.5)], "left")
    comp.gap(18)
    c.to_practice(330, size=9.5)
    comp.gap(16)
    comp.line(f"{iv[2].split(' ')[-1]}, {c.d(c.date, 'letter', 'dot')}", 330, size=9.5)
    comp.gap(10)
    c.title = "ARZTBERICHT FÜR ERWACHSENE"
    c.title_alts = ["Arztbericht für Erwachsene", "Arztbericht"]
    comp.line("ARZTBERICHT FÜR ERWACHSENE", font="condb", size=13)
    comp.gap(4)
    pat_sf = r.random() < 0.5
    n = c.who("S,f" if pat_sf else "fs")
    comp.line(f"Versicherte Person: {n}", size=10)
    comp.line(f"Geburtsdatum: {c.bd()}            AHV-Nr.: {c.p.ahv}", size=10)
    comp.line(f"Anmeldung vom {c.d(c.days(-r.randrange(20, 60)), 'registration', 'dot')}", size=10)
    comp.gap(6)
    due = c.days(30)
    comp.para(
        f"Wir bitten Sie, den beiliegenden Arztbericht vollständig auszufüllen und bis "
        f"spätestens {c.d(due, 'reply due', 'dot')} an uns zurückzusenden. Die "
        "Entschädigung richtet sich nach Tarif."
    )
    comp.gap(4)
    for q in [
        "1. Diagnosen mit Auswirkung auf die Arbeitsfähigkeit: ______________________",
        "2. Seit wann ist die versicherte Person bei Ihnen in Behandlung? ___________",
        "3. Arbeitsfähigkeit in der bisherigen Tätigkeit (in %): _______________",
        "4. Prognose: __________________________________________________",
    ]:
        comp.line(q, size=9.5)
        comp.gap(6)
    c.closing([("Fallführung IV", ""), ("Sandra Gisler", "Eingliederungsfachperson")])
    c.notes.append("a form with blank fields; registration and due dates beside the letter date")


def k_suva(c: Ctx) -> None:
    r = c.rng
    c.layout = "accident insurer's request (SUVA), claim number"
    c.sender = "Suva"
    c.sender_alts = ["SUVA", "Suva Winterthur", "Schweizerische Unfallversicherungsanstalt"]
    c.fax, c.short = "+41 58 411 43 01", "SUVA WINTERTHUR"
    comp = c.comp
    c.head(
        [
            ("suva", "dvb", 24),
            ("Suva", "sans", 9),
            ("Agentur Winterthur", "sans", 9),
            ("Lagerhausstrasse 11, 8401 Winterthur", "sans", 8.5),
        ],
        "left",
    )
    comp.gap(12)
    c.to_practice(330)
    comp.gap(14)
    acc = c.days(-r.randrange(15, 90))
    comp.line(
        f"Schaden-Nr. 10.{r.randrange(10**5):05d}.{r.randrange(10, 99)}.{r.randrange(10)}", size=9
    )
    comp.line(f"Winterthur, {c.d(c.date, 'letter', 'de')}", size=9)
    comp.gap(10)
    pat = c.who("herr")
    title = f"Unfall vom {c.d(acc, 'accident', 'dot')}"
    comp.line(f"{title} – {pat}", font="sansb")
    c.title = title
    c.title_alts = ["Zwischenbericht", f"{title} – {pat}"]
    comp.line(f"Geburtsdatum {c.bd()}", size=9.5)
    comp.gap(8)
    comp.line(c.pr["salut"].replace("Lieber Luca", "Sehr geehrter Herr Dr. Bernasconi"))
    comp.para(
        "Für die Beurteilung unserer Leistungspflicht benötigen wir einen "
        "ärztlichen Zwischenbericht. Bitte teilen Sie uns den aktuellen Verlauf, die "
        "Arbeitsfähigkeit und die voraussichtliche Behandlungsdauer mit."
    )
    c.closing([("Marcel Tanner", "Schadenspezialist")])
    c.notes.append("the title carries the accident date; the letter date is elsewhere")


def k_spitex(c: Ctx) -> None:
    r = c.rng
    sx = r.choice(
        [
            ("Spitex Winterthur", "Obergasse 23, 8400 Winterthur", "+41 52 267 50 51"),
            ("Spitex Bern", "Könizstrasse 60, 3008 Bern", "+41 31 388 50 51"),
            ("Spitex Stadt Luzern", "Hirschmattstrasse 29, 6003 Luzern", "+41 41 429 30 71"),
        ]
    )
    c.layout = "home care report (Spitex), request for a prescription"
    c.sender, c.sender_alts, c.fax, c.short = sx[0], [], sx[2], sx[0].upper()
    comp = c.comp
    comp.font = "sans"
    c.head([(sx[0], "sansb", 16), (sx[1] + " · Fax " + sx[2], "sans", 8.5)], "center")
    comp.rule()
    comp.gap(18)
    c.to_practice(LEFT, ch=False)
    comp.gap(16)
    c.title = "Pflegebericht und Bitte um Verordnung"
    comp.line(f"Datum: {c.d(c.date, 'letter', 'dots')}", 360)
    comp.gap(6)
    comp.line(c.title, font="sansb")
    pat = c.who(r.choice(["herr_sf", "sf"]))
    comp.line(f"Klient/in: {pat}   Jg. {c.p.birth_date.year}")
    c.notes.append("only the birth year is printed; the birth date is null")
    comp.gap(8)
    comp.line(
        "Grüezi " + str(c.pr["doctor_short"]).replace("Herr ", "Herr ").replace("Frau ", "Frau ")
    )
    visit = c.days(-r.randrange(1, 5))
    comp.para(
        f"Bei unserem Besuch am {c.d(visit, 'home visit', 'dot')} fiel uns eine "
        "Zunahme der Unterschenkelödeme beidseits auf. Die Wunde am linken "
        "Unterschenkel heilt langsam. Wir bitten Sie um eine neue ärztliche "
        "Verordnung für Wundpflege und Kompressionstherapie (Bedarfsmeldung)."
    )
    daughter = c.person(
        r.choice(["Frau Monika Steiner", "Herr Valon Berisha", "Frau Daniela Rossi"]),
        "relative (contact person)",
    )
    comp.para(f"Die Tochter/der Sohn ({daughter}) ist informiert.")
    c.closing([("Priska Odermatt", "dipl. Pflegefachfrau HF")], greet="Freundliche Grüsse")


def k_apotheke(c: Ctx) -> None:
    r = c.rng
    ap = r.choice(
        [
            ("Bahnhof Apotheke Winterthur", "Bahnhofplatz 5, 8400 Winterthur", "+41 52 212 02 41"),
            ("Apotheke zum Rosengarten", "Gerechtigkeitsgasse 71, 3011 Bern", "+41 31 311 41 43"),
            ("TopPharm Apotheke Pilatus", "Pilatusstrasse 20, 6003 Luzern", "+41 41 210 44 45"),
        ]
    )
    c.layout = "pharmacy query (short note with reply field)"
    c.sender, c.sender_alts, c.fax, c.short = ap[0], [], ap[2], ap[0][:18].upper()
    comp = c.comp
    comp.font = "dv"
    comp.size = 10
    c.head([(ap[0], "dvb", 13), (ap[1], "dv", 8.5), (f"Tel./Fax {ap[2]}", "dv", 8.5)], "left")
    comp.gap(18)
    comp.line(
        f"An: {c.pr['names'][0]}" if len(str(c.pr["names"][0])) < 70 else f"An: {c.pr['names'][1]}",
        font="dv",
        size=9.5,
    )
    comp.line(f"Fax: {c.pr['fax']}", size=9.5)
    comp.line(f"Datum: {c.d(c.date, 'letter', 'yy')}", size=9.5)
    comp.gap(10)
    c.title = "RÜCKFRAGE REZEPT"
    comp.line("RÜCKFRAGE REZEPT", font="dvb", size=12)
    c.title_alts = ["Rückfrage Rezept"]
    pat = c.who(r.choice(["sf", "herr"]))
    rx = c.days(-r.randrange(1, 4))
    comp.line(f"Patient/in: {pat} ({c.bd('dot')})")
    comp.line(f"Rezept vom {c.d(rx, 'prescription', 'dot')}")
    comp.gap(6)
    comp.line("Grüezi")
    comp.para(
        "Das verordnete Präparat ist zurzeit nicht lieferbar. Dürfen wir auf das "
        "Generikum mit gleichem Wirkstoff und gleicher Dosierung wechseln?"
    )
    comp.line("[ ] Ja, Generikum abgeben      [ ] Nein, Rücksprache")
    c.closing([("Ursula Baumann", "eidg. dipl. Apothekerin")], greet="Besten Dank und Gruss")


def k_physio(c: Ctx) -> None:
    r = c.rng
    c.layout = "therapist's progress report (physiotherapy), date top right"
    org, place, fax = r.choice(
        [
            (
                "Physiotherapie Rosenberg GmbH",
                "Rosenbergstrasse 22, 9000 St. Gallen",
                "+41 71 220 18 81",
            ),
            ("Physio Lorraine", "Lorrainestrasse 15, 3013 Bern", "+41 31 331 20 40"),
            ("Physiotherapie am Inseli", "Inseliquai 10, 6005 Luzern", "+41 41 360 77 12"),
        ]
    )
    c.sender, c.fax, c.short = org, fax, org[:20].upper()
    comp = c.comp
    comp.font = "serif"
    c.head(
        [
            (org, "serifb", 14),
            ("Physiotherapie · Manuelle Therapie · Lymphdrainage", "serif", 9),
            (f"{place} · Fax {fax}", "serif", 8.5),
        ],
        "left",
    )
    comp.line(f"{c.d(c.date, 'letter', 'de')}", RIGHT, align="right")
    comp.gap(14)
    c.to_practice(LEFT, ch=False)
    comp.gap(14)
    c.title = "Therapiebericht"
    comp.line("Therapiebericht", font="serifb", size=12)
    pat = c.who(r.choice(["herr", "s,f"]))
    comp.line(f"Patient/in: {pat}, geb. {c.bd()}")
    vo = c.days(-r.randrange(40, 80))
    comp.line(f"Ärztliche Verordnung vom {c.d(vo, 'prescription', 'dot')}, 9 Sitzungen")
    comp.gap(6)
    comp.para(
        "Die Patientin/der Patient hat die Serie regelmässig besucht. Schmerz (NRS) "
        "von 7/10 auf 3/10 reduziert, Beweglichkeit verbessert. Wir empfehlen eine "
        "weitere Serie von 9 Behandlungen und bitten um eine neue Verordnung."
    )
    c.closing([("Lukas Ammann", "Physiotherapeut BSc")])


def k_romandie(c: Ctx) -> None:
    r = c.rng
    h = r.choice(
        [
            (
                "Centre hospitalier universitaire vaudois",
                "CHUV",
                "Service de médecine interne",
                "Rue du Bugnon 46, 1011 Lausanne",
                "+41 21 314 09 89",
                "Lausanne",
            ),
            (
                "Hôpitaux Universitaires de Genève",
                "HUG",
                "Service de médecine interne générale",
                "Rue Gabrielle-Perret-Gentil 4, 1205 Genève",
                "+41 22 372 90 11",
                "Genève",
            ),
        ]
    )
    c.layout = "French-language discharge letter (Romandie)"
    c.language, c.region = "fr", "CH-FR"
    c.sender, c.sender_alts = h[0], [h[1], h[2]]
    c.fax, c.short = h[4], f"{h[1]} MED INT"
    comp = c.comp
    comp.font = "serif"
    c.head(
        [(h[1], "serifb", 22), (h[0], "serif", 9), (h[2], "serif", 9), (h[3], "serif", 8.5)], "left"
    )
    comp.gap(16)
    c.to_practice(320, ch=True)
    comp.gap(14)
    comp.line(f"{h[5]}, le {c.d(c.date, 'letter', 'fr')}", 320)
    comp.gap(10)
    adm = c.days(-r.randrange(7, 15))
    dis = adm + dt.timedelta(days=r.randrange(2, 6))
    c.title = "Lettre de sortie"
    pat = c.who("fr")
    ne = "née" if c.p.sex == "F" else "né"
    comp.line(f"Concerne : {pat}, {ne} le {c.bd('dot')}", font="serifb")
    comp.line(
        f"Hospitalisation du {c.d(adm, 'admission', 'dot')} au {c.d(dis, 'discharge', 'dot')}"
    )
    comp.line("Lettre de sortie", font="serifb", size=12)
    c.title_alts = [f"Concerne : {pat}"]
    comp.gap(6)
    comp.line("Chère Consœur, cher Confrère,")
    comp.para(
        "Nous vous remercions de nous avoir adressé votre patient(e), hospitalisé(e) "
        "dans notre service pour une pneumonie communautaire. L'évolution a été "
        "favorable sous antibiothérapie. Nous vous proposons un contrôle clinique à "
        "votre consultation d'ici une semaine."
    )
    c.closing(
        [
            ("Dre Camille Rochat", "Cheffe de clinique"),
            ("Prof. Jean-Luc Favre", "Médecin-chef de service"),
        ],
        greet="Avec nos meilleures salutations confraternelles,",
    )
    c.notes.append("French; the subject is 'Concerne :', the heading below it")


def k_ticino(c: Ctx) -> None:
    r = c.rng
    c.layout = "Italian-language report (Ticino)"
    c.language, c.region = "it", "CH-IT"
    h = r.choice(
        [
            (
                "Ente Ospedaliero Cantonale",
                "Ospedale Regionale di Lugano",
                "Via Tesserete 46, 6900 Lugano",
                "+41 91 811 60 51",
                "Lugano",
            ),
            (
                "Ente Ospedaliero Cantonale",
                "Ospedale Regionale di Bellinzona e Valli",
                "Via Gallino 12, 6500 Bellinzona",
                "+41 91 811 90 91",
                "Bellinzona",
            ),
        ]
    )
    c.sender, c.sender_alts = h[1], [h[0], "EOC", f"EOC {h[1]}"]
    c.fax, c.short = h[3], "EOC"
    comp = c.comp
    c.head([("EOC", "dvb", 20), (h[0], "dv", 9), (h[1], "dv", 9), (h[2], "dv", 8.5)], "right")
    comp.gap(14)
    c.to_practice(LEFT)
    comp.gap(14)
    comp.line(f"{h[4]}, {c.d(c.date, 'letter', 'it')}", LEFT)
    comp.gap(8)
    c.title = "Rapporto di dimissione"
    comp.line("Rapporto di dimissione", font="dvb", size=12)
    pat = c.who("it")
    nato = "nata" if c.p.sex == "F" else "nato"
    comp.line(f"Paziente: {pat}, {nato} il {c.bd('dot')}")
    adm = c.days(-r.randrange(5, 12))
    comp.line(
        f"Degenza dal {c.d(adm, 'admission', 'dot')} al {c.d(c.days(-1), 'discharge', 'dot')}"
    )
    comp.gap(6)
    comp.line(
        "Egregia Collega," if str(c.pr["doctor_short"]).startswith("Frau") else "Egregio Collega,"
    )
    comp.para(
        "La informiamo che il/la paziente è stato/a ricoverato/a presso il nostro "
        "reparto di medicina interna per una fibrillazione atriale di nuova insorgenza. "
        "Il decorso è stato favorevole. Si consiglia un controllo presso il medico "
        "curante entro dieci giorni."
    )
    c.closing([("Dr.ssa med. Giulia Pellegrini", "Capoclinica")], greet="Cordiali saluti")


def k_germany(c: Ctx) -> None:
    r = c.rng
    c.layout = "German hospital letter (Germany, Arztbrief)"
    c.region = "DE"
    c.sender = "Universitätsklinikum Freiburg"
    c.sender_alts = ["Klinik für Innere Medizin II", "Uniklinik Freiburg"]
    c.fax, c.short = "+49 761 270 36 100", "UKL FREIBURG"
    comp = c.comp
    c.head(
        [
            ("Universitätsklinikum Freiburg", "sansb", 15),
            ("Klinik für Innere Medizin II · Hugstetter Straße 55 · 79106 Freiburg", "sans", 8.5),
            ("Telefon +49 761 270-0 · Telefax +49 761 270-36100", "sans", 8),
        ],
        "right",
    )
    comp.gap(20)
    c.to_practice(LEFT, ch=True)
    comp.line("SCHWEIZ", LEFT)
    comp.gap(14)
    comp.line(f"Freiburg, den {c.d(c.date, 'letter', 'dot')}", 360)
    comp.gap(8)
    c.title = "Arztbrief"
    pat = c.who("herr")
    comp.line(f"Arztbrief über {pat}, geb. am {c.bd()}", font="sansb")
    c.title_alts = [f"Arztbrief über {pat}"]
    stay = c.days(-r.randrange(5, 14))
    comp.line(
        f"Stationärer Aufenthalt vom {c.d(stay, 'admission', 'dot')} bis "
        f"{c.d(c.days(-2), 'discharge', 'dot')}"
    )
    comp.gap(6)
    comp.line("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,")
    comp.para(
        "wir berichten über Ihre gemeinsame Patientin bzw. Ihren gemeinsamen Patienten, "
        "die/der während eines Aufenthalts in Süddeutschland notfallmäßig bei uns "
        "aufgenommen wurde. Die Behandlung verlief komplikationslos; Weiterbehandlung "
        "bei Ihnen in der Schweiz empfohlen. Beachten Sie bitte die Rechnungsstellung "
        "über die Europäische Krankenversicherungskarte."
    )
    c.closing([("Dr. med. Katharina Weiß", "Oberärztin")], greet="Mit freundlichen Grüßen")
    c.notes.append("German spelling with ß and 'den' before the date; +49 numbers")


def k_austria(c: Ctx) -> None:
    r = c.rng
    c.layout = "Austrian hospital letter (Vorarlberg), Jänner spelling"
    c.region = "AT"
    c.sender = "Landeskrankenhaus Feldkirch"
    c.sender_alts = ["LKH Feldkirch", "Abteilung für Unfallchirurgie"]
    c.fax, c.short = "+43 5522 303 7555", "LKH FELDKIRCH"
    comp = c.comp
    comp.font = "serif"
    c.head(
        [
            ("LKH Feldkirch", "serifb", 16),
            ("Landeskrankenhaus Feldkirch", "serif", 9),
            ("Abteilung für Unfallchirurgie · Carinagasse 47 · A-6800 Feldkirch", "serif", 8.5),
        ],
        "center",
    )
    comp.gap(16)
    c.to_practice(LEFT, ch=True)
    comp.gap(14)
    # make January likely: a ski accident
    comp.line(f"Feldkirch, am {c.d(c.date, 'letter', 'at')}", 330)
    comp.gap(8)
    c.title = "AMBULANZBRIEF"
    comp.line("AMBULANZBRIEF", font="serifb", size=12)
    c.title_alts = ["Ambulanzbrief"]
    pat = c.who("SF")
    acc = c.days(-r.randrange(1, 4))
    comp.line(f"Pat.: {pat}, geb. {c.bd()}, SVNR: keine (Schweiz)")
    comp.line(f"Unfall am {c.d(acc, 'accident', 'at')} beim Schifahren")
    if c.in_register and r.random() < 0.5:
        c.pid = c.p.id
        comp.line(f"Hausarzt-Patientennummer lt. Zuweisung: {c.p.id}", size=9)
    comp.gap(6)
    comp.line("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege!")
    comp.para(
        "Die Patientin/der Patient wurde nach einem Sturz in unserer Ambulanz "
        "versorgt. Röntgen: keine Fraktur. Diagnose: Distorsion des rechten "
        "Kniegelenks. Weitere Kontrolle beim Hausarzt in der Schweiz."
    )
    c.closing(
        [("OA Dr. Johannes Pichler", "Facharzt für Unfallchirurgie")],
        greet="Mit freundlichen Grüßen",
    )


def k_liechtenstein(c: Ctx) -> None:
    r = c.rng
    c.layout = "Liechtenstein hospital report"
    c.region = "LI"
    c.sender = "Liechtensteinisches Landesspital"
    c.sender_alts = ["Landesspital Vaduz", "LLS"]
    c.fax, c.short = "+423 235 44 55", "LANDESSPITAL FL"
    comp = c.comp
    c.head(
        [
            ("Liechtensteinisches Landesspital", "sansb", 14),
            ("Heiligkreuz 25 · FL-9490 Vaduz · Telefon +423 235 44 11", "sans", 8.5),
        ],
        "left",
    )
    comp.gap(16)
    c.to_practice(330)
    comp.gap(14)
    comp.line(f"Vaduz, {c.d(c.date, 'letter', 'dot')}", 330)
    comp.gap(8)
    c.title = "Kurzbericht Notfallstation"
    comp.line(c.title, font="sansb", size=12)
    pat = c.who(r.choice(["herr", "s,f"]))
    comp.line(f"{pat} (*{c.bd('dot')})")
    comp.gap(6)
    comp.line(f"{c.pr['salut']},")
    comp.para(
        "Konsultation auf unserer Notfallstation wegen thorakaler Schmerzen. EKG und "
        "hochsensitives Troponin zweimal unauffällig. Entlassung nach Hause, "
        "Vorstellung in Ihrer Praxis in den nächsten Tagen empfohlen."
    )
    c.closing([("Dr. med. Andrea Marxer", "Leitende Ärztin Notfall")])
    c.notes.append("the birth date follows an asterisk in brackets")


def k_english(c: Ctx) -> None:
    r = c.rng
    c.layout = "English-language clinic letter (United Kingdom)"
    c.language, c.region = "en", "GB"
    c.sender = "Chelsea and Westminster Hospital"
    c.sender_alts = [
        "Chelsea and Westminster Hospital NHS Foundation Trust",
        "Department of Acute Medicine",
    ]
    c.fax, c.short = "+44 20 3315 8001", "C&W ACUTE MED"
    comp = c.comp
    comp.font = "dv"
    comp.size = 9.5
    c.head(
        [
            ("Chelsea and Westminster Hospital", "dvb", 13),
            ("NHS Foundation Trust", "dv", 9),
            ("Department of Acute Medicine", "dv", 9),
            ("369 Fulham Road, London SW10 9NH", "dv", 8.5),
        ],
        "right",
    )
    comp.gap(10)
    comp.line(f"Date: {c.d(c.date, 'letter', 'en')}", LEFT)
    comp.line(f"Dictated: {c.d(c.days(-1), 'dictated', 'enslash')}", LEFT)
    comp.gap(10)
    c.to_practice(LEFT, ch=True)
    comp.line("Switzerland")
    comp.gap(12)
    pat = c.who("en")
    comp.line(f"Re: {pat}", font="dvb")
    comp.line(f"DOB: {c.bd('enslash')}    Hospital No: RQM{r.randrange(10**7):07d}")
    c.title = "Discharge summary"
    comp.line("Discharge summary", font="dvb")
    comp.gap(6)
    comp.line(f"Dear {str(c.pr['doctor']).replace('Dr. med.', 'Dr')},")
    comp.para(
        "Your patient was admitted while on holiday in London with a lower "
        "respiratory tract infection. He/she was treated with oral antibiotics and "
        "recovered well. I would be grateful if you could review them on their return "
        "to Switzerland."
    )
    c.closing([("Dr Oliver Bennett", "Consultant in Acute Medicine")], greet="Yours sincerely,")
    c.notes.append("UK dates (day/month/year with slashes), DOB label, 'Re:' subject")


def k_email(c: Ctx) -> None:
    r = c.rng
    c.layout = "e-mail printout (Outlook), subject line as title"
    who = r.choice(
        [
            (
                "Dr. med. Seraina Jenny",
                "s.jenny@hin.ch",
                "Praxis Dr. med. Seraina Jenny, Neurologie FMH",
                "Praxis Dr. med. Seraina Jenny",
            ),
            (
                "Brigitte Suter",
                "brigitte.suter@spitex-winterthur.ch",
                "Spitex Winterthur · Pflegeexpertin",
                "Spitex Winterthur",
            ),
            (
                "med. pract. Dragan Petrović",
                "d.petrovic@permanence-hb.ch",
                "Permanence Hauptbahnhof Zürich",
                "Permanence Hauptbahnhof Zürich",
            ),
        ]
    )
    name, mail, sig, org = who
    c.sender, c.sender_alts = org, [name, mail]
    c.fax, c.short = "+41 44 215 44 45", "HIN MAIL"
    comp = c.comp
    comp.font = "sans"
    comp.size = 10
    comp.y = 52
    comp.line(str(c.pr["doctor"]), font="sansb", size=12)
    comp.rule(comp.y - 6)
    comp.gap(8)
    pat = c.who(r.choice(["herr", "sf"]))
    subj = f"Verlaufsbericht {pat}"
    sent = c.date
    hour = r.randrange(7, 19)
    for lbl, val in [
        ("Von:", f"{name} <{mail}>"),
        ("Gesendet:", f"{c.d(sent, 'letter', 'wde')} {hour:02d}:{r.randrange(60):02d}"),
        ("An:", f"praxis@{c.pr['key']}-hausarzt.ch"),
        ("Betreff:", subj),
    ]:
        comp.at(LEFT, comp.y, lbl, "sansb", 10)
        comp.line(val, 130)
    c.title = subj
    c.title_alts = ["Verlaufsbericht"]
    comp.gap(12)
    comp.line(f"Grüezi {c.pr['doctor_short']}")
    comp.gap(4)
    comp.para(
        f"Kurze Rückmeldung zu {c.given} {c.sur} (geb. {c.bd()}): Die Kontrolle "
        "verlief gut, die Medikation bleibt unverändert. Ein ausführlicher Bericht "
        "folgt per Post."
    )
    comp.gap(4)
    comp.line("Liebe Grüsse")
    comp.line(name)
    comp.line(sig, size=9)
    c.person(name, "sender")
    c.notes.append(
        "the sent date with weekday is the letter date; the mailbox owner's name "
        "(the receiving doctor) is printed at the top"
    )


def k_hand(c: Ctx) -> None:
    r = c.rng
    c.layout = "handwritten note from a relative (scan and fax only)"
    c.handwritten = True
    writer = r.choice(["Monika Frei", "Valon Berisha", "Ana Rita Carvalho", "Kajan Nadarajah"])
    c.sender = writer
    c.fax, c.short = "+41 79 412 33 21", ""
    comp = c.comp
    comp.font = "hand"
    comp.size = 13
    comp.lead = 1.6
    comp.y = 80
    dated = r.random() < 0.6
    if dated:
        comp.line(c.d(c.date, "letter", r.choice(["dots", "yy"])), 420)
    else:
        c.letter_date = None
        c.notes.append("undated note: letter_date is null")
    comp.gap(10)
    doc_short = str(c.pr["doctor_short"])
    comp.line(f"Liebe {doc_short}" if doc_short.startswith("Frau") else f"Lieber {doc_short}")
    pat = c.who(r.choice(["fs", "herr"]))
    rel = "meiner Mutter" if c.p.sex == "F" else "meinem Vater"
    comp.line(f"wegen {rel} {pat}")
    comp.line(f"(geb. {c.bd('dots')}):")
    comp.line("Die Tabletten sind bald aus, könnten Sie")
    comp.line("bitte ein neues Rezept an die Apotheke")
    comp.line("faxen? Herzlichen Dank!")
    comp.gap(6)
    comp.line(f"Freundliche Grüsse, {writer}")
    c.person(writer, "relative (writer)")
    c.title = None
    c.notes.append("handwriting stand-in font; no title")


def k_notfall(c: Ctx) -> None:
    r = c.rng
    c.layout = "emergency report (Notfallbericht), date and time at the top"
    c.sender = "Kantonsspital St. Gallen"
    c.sender_alts = ["KSSG", "Zentrale Notfallaufnahme", "Kantonsspital St.Gallen"]
    c.fax, c.short = "+41 71 494 28 74", "KSSG ZNA"
    comp = c.comp
    comp.font = "narrow"
    comp.size = 10.5
    comp.y = 50
    comp.line(f"Ausdruck vom {c.d(c.date, 'letter', 'dot')} 16:02", RIGHT, size=8, align="right")
    c.head(
        [
            ("Kantonsspital St.Gallen", "narrowb", 15),
            ("Zentrale Notfallaufnahme", "narrow", 10),
            ("Rorschacher Strasse 95, 9007 St. Gallen", "narrow", 9),
        ],
        "left",
        y=comp.y + 4,
    )
    c.sender = "Kantonsspital St.Gallen"
    c.sender_alts = ["KSSG", "Zentrale Notfallaufnahme", "Kantonsspital St. Gallen"]
    comp.gap(12)
    c.to_practice(330)
    comp.gap(12)
    c.title = "NOTFALLBERICHT"
    c.title_alts = ["Notfallbericht"]
    comp.line("NOTFALLBERICHT", font="narrowb", size=14)
    pat = c.who(r.choice(["SF", "S,f", "geb"]))
    comp.line(f"Name: {pat}")
    comp.line(f"Geburtsdatum: {c.bd()}")
    comp.line(f"Eintritt Notfall: {c.d(c.date, 'letter', 'dot')} 11:24   Austritt: 15:50")
    comp.gap(6)
    comp.para(
        "Diagnose: Nierenkolik rechts, Konkrement 4 mm im distalen Ureter (CT). "
        "Analgesie, Tamsulosin 0.4 mg 0-0-1 für 14 Tage, Sieben des Urins. Kontrolle "
        "beim Hausarzt in einer Woche, bei Fieber sofortige Wiedervorstellung."
    )
    c.closing([("Dr. med. Nenad Ilić", "Oberarzt Notfall")], greet="Freundliche Grüsse")
    c.notes.append("printout time line above the letterhead repeats the letter date")


def k_kinder(c: Ctx) -> None:
    r = c.rng
    c.layout = "children's hospital report, two pages, a parent's birth date on page 1"
    c.sender = "Universitäts-Kinderspital Zürich"
    c.sender_alts = ["Kinderspital Zürich", "Eleonorenstiftung", "Kispi"]
    c.fax, c.short = "+41 44 266 71 72", "KISPI ZUERICH"
    comp = c.comp
    comp.font = "cond"
    comp.size = 10
    c.head(
        [
            ("Universitäts-Kinderspital Zürich", "condb", 14),
            ("Die Kinderklinik – Eleonorenstiftung", "cond", 9),
            ("Lenggstrasse 30 · CH-8008 Zürich · Fax +41 44 266 71 72", "cond", 8.5),
        ],
        "center",
    )
    comp.rule()
    comp.gap(22)
    c.to_practice(330, ch=True)
    comp.gap(10)
    comp.line("Unser Zeichen: PAED/ke   Ihr Zeichen: –", LEFT, size=9)
    comp.line(f"Zürich, {c.d(c.date, 'letter', r.choice(['de', 'dot']))}", LEFT, size=9)
    comp.gap(10)
    c.title = "Ambulanter Bericht Pädiatrie"
    c.title_alts = ["Ambulanter Bericht", "Bericht Pädiatrie"]
    comp.line(c.title, font="condb", size=12)
    pat = c.who(r.choice(["sf", "SF", "fs"]))
    comp.line(f"{pat}, geb. {c.bd()}")
    mother = f"{r.choice(['Valbona', 'Ana Rita', 'Nicole', 'Tharshika', 'Senait'])} {c.sur}"
    mbd = dt.date(c.p.birth_date.year - r.randrange(24, 38), r.randrange(1, 13), r.randrange(1, 28))
    comp.line(
        f"Mutter: {c.person(mother, 'mother')}, geb. {c.d(mbd, 'mother birth date', 'dot')}",
        size=9.5,
    )
    visit = c.days(-r.randrange(3, 10))
    comp.line(f"Konsultation vom {c.d(visit, 'consultation', 'dot')}", size=9.5)
    comp.gap(6)
    comp.line(f"{c.pr['salut']},")
    comp.bottom = 690.0
    comp.header = f"Kinderspital Zürich · {c.sur} {c.given} · Seite {{n}} von {{t}}"
    for h, b in [
        (
            "Diagnosen",
            "1. Rezidivierende obstruktive Bronchitiden. 2. Atopische Dermatitis. "
            "3. Status nach Frühgeburt 35 SSW.",
        ),
        (
            "Anamnese",
            "Die Eltern berichten über wiederholte Episoden mit Husten und "
            "pfeifender Atmung, vor allem bei Infekten der oberen Atemwege. " * 3,
        ),
        (
            "Befunde",
            "Guter Allgemeinzustand, Auskultation mit verlängertem Exspirium, keine "
            "Einziehungen, SpO2 97 % bei Raumluft. Gewicht und Länge auf der 40. Perzentile. " * 3,
        ),
        (
            "Familienanamnese",
            "Vater mit Asthma bronchiale seit der Kindheit, Mutter gesund. Zwei ältere "
            "Geschwister ohne relevante Vorerkrankungen. Keine Haustiere, Nichtraucherhaushalt.",
        ),
        (
            "Verlauf",
            "Unter der bisherigen Bedarfstherapie kam es nur zu einer teilweisen Besserung; "
            "nächtlicher Husten bestand an mehreren Tagen pro Woche. Im Allergietest zeigte "
            "sich eine Sensibilisierung auf Hausstaubmilben. Wir haben die Eltern bezüglich "
            "Sanierungsmassnahmen beraten und ein Merkblatt abgegeben. Die Inhalationstechnik "
            "wurde mit der Vorschaltkammer geübt und von der Mutter sicher beherrscht.",
        ),
        (
            "Beurteilung und Procedere",
            "Wir empfehlen eine inhalative Therapie mit "
            "Fluticason 125 µg 1-0-1 über sechs Wochen sowie Salbutamol bei Bedarf mit "
            "Vorschaltkammer. Eine Verlaufskontrolle in unserer Sprechstunde ist in drei "
            "Monaten vorgesehen. Die Eltern wurden ausführlich instruiert. " * 3,
        ),
    ]:
        comp.gap(6)
        comp.line(h, font="condb")
        comp.para(b)
    c.closing(
        [
            ("Dr. med. Mirjam Rüegg", "Oberärztin Pädiatrie"),
            ("med. pract. Filmon Tekle", "Assistenzarzt"),
        ],
        greet="Freundliche Grüsse",
    )
    c.notes.append("the mother's birth date on page 1 is not the patient's")


KINDS = [
    k_kinder,
    k_austritt,
    k_specialist,
    k_lab,
    k_radiology,
    k_insurer,
    k_iv,
    k_suva,
    k_spitex,
    k_apotheke,
    k_physio,
    k_romandie,
    k_ticino,
    k_germany,
    k_austria,
    k_liechtenstein,
    k_english,
    k_email,
    k_hand,
    k_notfall,
]


# ------------------------------------------------------------------ the letter


def practice_names() -> list[dict[str, Any]]:
    return [
        {
            "name": p["name"],
            "names": list(p["names"]),
            "doctor": p["doctor"],  # type: ignore[call-overload]
            "address": f"{p['street']}, CH-{p['postcode']} {p['city']}",
            "fax": p["fax"],
            "kind": p["kind"],
        }
        for p in PRACTICES
    ]


OUTSIDERS = [
    reg.Patient("", "Haile", "Senait", "F", dt.date(1996, 2, 14), "Wylerstrasse 9", "3014", "Bern"),
    reg.Patient(
        "",
        "Kanagaratnam",
        "Sutharsan",
        "M",
        dt.date(1978, 11, 30),
        "Bümplizstrasse 101",
        "3018",
        "Bern",
    ),
    reg.Patient(
        "", "Lo Russo", "Salvatore", "M", dt.date(1955, 4, 4), "Langstrasse 200", "8005", "Zürich"
    ),
    reg.Patient(
        "", "Keller", "Daniela", "F", dt.date(1971, 5, 14), "Zürcherstrasse 3", "8400", "Winterthur"
    ),
]


class Letter:
    def __init__(
        self,
        split_name: str,
        index: int,
        seed: int,
        kind: int,
        patient_key: str,
        patients: list[reg.Patient],
    ) -> None:
        self.id = f"{split_name}-{index:03d}"
        self.split = split_name
        self.seed = seed
        rng = random.Random(seed)
        pr = PRACTICES[rng.randrange(len(PRACTICES))]
        start = dt.date(2024, 9, 2)
        date = start + dt.timedelta(days=rng.randrange(540))
        fn = KINDS[kind]
        if fn is k_austria and rng.random() < 0.6:
            date = dt.date(2025 + rng.randrange(2), 1, rng.randrange(5, 28))
        in_reg = True
        if patient_key.startswith("out:"):
            p = OUTSIDERS[int(patient_key[4:])]
            in_reg = False
        else:
            p = next(q for q in patients if q.id == patient_key)
        if fn is k_kinder and in_reg and p.birth_date.year < 2009:
            kids = [q for q in patients if q.birth_date.year >= 2009 and not q.collision]
            p = kids[rng.randrange(len(kids))]
        c = Ctx(rng, p, in_reg, pr, date)
        if p.former_names and p.collision.startswith("name change"):
            c.sur = p.former_names[0]
            c.notes.append("the letter uses the patient's former surname")
        fn(c)
        self.ctx = c
        self.pages = c.comp.finish()
        self.patient = p
        self.in_register = in_reg
        self.practice = pr
        # fax and scan settings
        base = c.letter_date or date
        sent_day = base + dt.timedelta(days=rng.randrange(1, 5))
        self.sent = dt.datetime(
            sent_day.year, sent_day.month, sent_day.day, rng.randrange(7, 19), rng.randrange(60)
        )
        self.cover = rng.random() < 0.34
        self.fine = rng.random() < 0.6
        self.g4 = rng.random() < 0.5
        self.header_style = rng.randrange(3)
        self.stamp: dt.date | None = None
        if rng.random() < 0.45:
            self.stamp = base + dt.timedelta(days=rng.randrange(2, 7))
        self._truth: dict[str, Any] | None = None

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.ctx.handwritten else ["pdf", "scan200", "fax"]

    # -- the pages of each condition
    def _scan_pages(self) -> list[Page]:
        out = []
        for i, pg in enumerate(self.pages):
            lines = list(pg.lines)
            if i == 0 and self.stamp is not None:
                key = str(self.practice["key"])
                lines.append(Line(400.0, 20.0, f"EINGANG {fmt(self.stamp, 'dot')}", "sansb", 9.0))
                lines.append(Line(400.0, 30.0, f"Praxis {key.capitalize()}", "sans", 8.0))
            out.append(
                Page(
                    lines=lines,
                    rules=pg.rules,
                    boxes=(
                        [*pg.boxes, (394.0, 9.0, 520.0, 34.0)]
                        if i == 0 and self.stamp
                        else pg.boxes
                    ),
                )
            )
        return out

    def _fax_pages(self) -> list[tuple[str, Page, Line]]:
        c = self.ctx
        pages: list[tuple[str, Page]] = []
        if self.cover:
            cv = Composer(font="sans", size=11)
            cv.y = 80
            cv.line("TELEFAX", font="sansb", size=22)
            cv.gap(14)
            rows = [
                ("An:", str(self.practice["names"][-1])),
                ("Fax-Nr.:", str(self.practice["fax"])),
                ("Von:", c.sender if len(c.sender) < 48 else c.sender_alts[0]),
                ("Fax-Nr.:", c.fax),
                ("Datum:", fmt(self.sent.date(), "dot")),
                ("Seiten:", f"{len(self.pages) + 1} (inkl. Deckblatt)"),
            ]
            for lbl, val in rows:
                cv.at(LEFT, cv.y, lbl, "sansb", 11)
                cv.line(val, 150)
            cv.gap(20)
            cv.para(
                "VERTRAULICH: Diese Übermittlung enthält Patientendaten. Falls Sie nicht "
                "der richtige Empfänger sind, benachrichtigen Sie uns bitte umgehend.",
                size=9,
            )
            pages.append(("cover", cv.finish()[0]))
        for i, pg in enumerate(self.pages, 1):
            pages.append((f"p{i}", pg))
        total = len(pages)
        out = []
        for n, (name, pg) in enumerate(pages, 1):
            s = self.sent
            short = c.short or "FAX"
            if self.header_style == 0:
                h = f"{s:%d.%m.%Y %H:%M}   VON: {c.fax}   {short}   S. {n}/{total}"
            elif self.header_style == 1:
                h = f"{s:%Y-%m-%d %H:%M}  FAX {c.fax}  {short}  SEITE {n:02d}/{total:02d}"
            else:
                h = f"{s:%d.%m.%y %H:%M}  {c.fax} -> {self.practice['fax']}  P.{n}/{total}"
            out.append((name, pg, Line(30.0, 16.0, h, "mono", 7.5)))
        return out

    def render(self, condition: str) -> dict[str, bytes]:
        if condition == "pdf" and "pdf" in self.conditions():
            return {"pdf/letter.pdf": render_pdf(self.pages, self.id)}
        if condition == "scan200":
            return {
                f"scan200/page-{i:02d}.jpg": render_scan(
                    pg, self.seed * 10 + i, self.ctx.handwritten
                )
                for i, pg in enumerate(self._scan_pages(), 1)
            }
        if condition == "fax":
            return {
                f"fax/page-{i:02d}.tif": render_fax(pg, hd, self.fine, self.g4)
                for i, (_, pg, hd) in enumerate(self._fax_pages(), 1)
            }
        raise ValueError(condition)

    def truth(self) -> dict[str, Any]:
        c, p = self.ctx, self.patient
        conds: dict[str, Any] = {}
        if "pdf" in self.conditions():
            conds["pdf"] = {
                "pages": [
                    {"page": f"p{i}", "file": "pdf/letter.pdf", "pdf_page": i, "text": pg.text()}
                    for i, pg in enumerate(self.pages, 1)
                ]
            }
        conds["scan200"] = {
            "pages": [
                {"page": f"p{i}", "file": f"scan200/page-{i:02d}.jpg", "text": pg.text()}
                for i, pg in enumerate(self._scan_pages(), 1)
            ]
        }
        conds["fax"] = {
            "pages": [
                {
                    "page": name,
                    "file": f"fax/page-{i:02d}.tif",
                    "text": "\n".join([hd.text, *([pg.text()] if pg.lines else [])]),
                }
                for i, (name, pg, hd) in enumerate(self._fax_pages(), 1)
            ]
        }
        other = list(c.other_dates)
        if self.stamp is not None:
            other.append({"date": self.stamp.isoformat(), "role": "receipt stamp (scan only)"})
        if self.cover:
            other.append({"date": self.sent.date().isoformat(), "role": "fax cover sheet"})
        notes = list(c.notes)
        if not self.in_register:
            notes.append("the patient is not in the register")
        if p.collision:
            notes.append(f"register collision: {p.collision}")
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": c.layout,
            "language": c.language,
            "region": c.region,
            "facts": {
                "patient": {
                    "full_name": p.full_name,
                    "surname": p.surname,
                    "given_names": p.given_names,
                    "as_written": c.as_written,
                    "full_name_as_letter": f"{c.given} {c.sur}",
                    "register_id": p.id if self.in_register else None,
                },
                "birth_date": p.birth_date.isoformat() if c.birth_printed else None,
                "letter_date": c.letter_date.isoformat() if c.letter_date else None,
                "sender": c.sender,
                "sender_alternatives": c.sender_alts,
                "title": c.title,
                "title_alternatives": c.title_alts,
                "patient_id": c.pid,
                "other_dates": other,
                "other_people": c.other_people,
            },
            "register": (
                {
                    "id": p.id,
                    "collision": p.collision or None,
                    "collision_group": p.collision_group or None,
                }
                if self.in_register
                else None
            ),
            "notes": notes,
            "handwritten": c.handwritten,
            "fax": {
                "sent": f"{self.sent:%Y-%m-%dT%H:%M}",
                "cover_sheet": self.cover,
                "number": c.fax,
                "resolution": "204x196" if self.fine else "204x98",
                "compression": "group4" if self.g4 else "group3",
            },
            "conditions": conds,
        }


def _plan(count: int, seed: int, patients: list[reg.Patient]) -> list[tuple[int, str]]:
    rng = random.Random(seed)
    kinds = list(range(len(KINDS)))
    order: list[int] = []
    while len(order) < count:
        block = kinds[:]
        rng.shuffle(block)
        order.extend(block)
    colliders = [p.id for p in patients if p.collision]
    plain = [p.id for p in patients if not p.collision]
    keys: list[str] = []
    for i in range(count):
        r = rng.random()
        if i % 3 == 0 and colliders:
            keys.append(colliders[(i // 3 + rng.randrange(2)) % len(colliders)])
        elif r < 0.09:
            keys.append(f"out:{rng.randrange(len(OUTSIDERS))}")
        else:
            keys.append(plain[rng.randrange(len(plain))])
    return list(zip(order[:count], keys, strict=True))


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    patients = reg.build()
    plan = _plan(count, seed, patients)
    return [
        Letter(split_name, i + 1, seed * 1000 + i, kind, key, patients)
        for i, (kind, key) in enumerate(plan)
    ]


def split(name: str) -> list[Letter]:
    if name not in SPLIT_SEEDS:
        raise ValueError(f"unknown split {name!r}")
    return generate(SPLIT_SIZES[name], SPLIT_SEEDS[name], name)
