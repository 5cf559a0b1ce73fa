"""The letters: Austrian (Wien, NÖ, Burgenland) general-practice post, with exact truth."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bench.heldout50ak import dates as D
from bench.heldout50ak import register
from bench.heldout50ak.layout import Page, Sheet, fax_tiffs, pdf_bytes, scan_jpegs

SPLIT_SEEDS = {"test": 50_1201, "examples": 50_1307}
SPLIT_SIZES = {"test": 40, "examples": 6}

PRACTICES: list[dict[str, Any]] = [
    {
        "name": "Allgemeinmedizinische Gruppenpraxis Dr. Szabó-Leitner & Dr. Wessely OG",
        "names": [
            "Allgemeinmedizinische Gruppenpraxis Dr. Szabó-Leitner & Dr. Wessely OG",
            "Gruppenpraxis Dr. Szabó-Leitner & Dr. Wessely OG",
            "Gruppenpraxis Dr. Szabó-Leitner & Dr. Wessely",
            "Dr. Szabó-Leitner & Dr. Wessely OG",
        ],
        "doctor": "Dr. Réka Szabó-Leitner",
        "doctors": ["Dr. Réka Szabó-Leitner", "Dr. Thomas Wessely"],
        "street": "Neunkirchner Straße 41",
        "city": "2700 Wiener Neustadt",
        "address": "Neunkirchner Straße 41, 2700 Wiener Neustadt",
        "fax": "+43 2622 24 816-20",
        "kind": "Gruppenpraxis für Allgemeinmedizin (Kassenordination, alle Kassen)",
        "salute": "Sehr geehrte Frau Kollegin Dr. Szabó-Leitner!",
    },
    {
        "name": "Ordination Dr. Markus Hrdlicka",
        "names": [
            "Ordination Dr. Markus Hrdlicka",
            "Dr. Markus Hrdlicka",
            "Dr. med. univ. Markus Hrdlicka",
        ],
        "doctor": "Dr. Markus Hrdlicka",
        "doctors": ["Dr. Markus Hrdlicka"],
        "street": "Thaliastraße 112/2",
        "city": "1160 Wien",
        "address": "Thaliastraße 112/2, 1160 Wien",
        "fax": "+43 1 493 17 22-4",
        "kind": "Kassenordination für Allgemeinmedizin",
        "salute": "Sehr geehrter Herr Kollege!",
    },
    {
        "name": "Kassenordination Dr. Ivana Grandits",
        "names": [
            "Kassenordination Dr. Ivana Grandits",
            "Dr. Ivana Grandits",
            "Ordination Dr. Grandits",
        ],
        "doctor": "Dr. Ivana Grandits",
        "doctors": ["Dr. Ivana Grandits"],
        "street": "Esterházystraße 18",
        "city": "7000 Eisenstadt",
        "address": "Esterházystraße 18, 7000 Eisenstadt",
        "fax": "+43 2682 62 419-9",
        "kind": "Kassenordination für Allgemeinmedizin",
        "salute": "Sehr geehrte Frau Kollegin!",
    },
]

NOT_REGISTERED = [
    ("Ablinger", "Rosa", "F"),
    ("Trattnig", "Ewald", "M"),
    ("Szalai", "Bence", "M"),
    ("Hrabal", "Ludmila", "F"),
    ("Kurz-Wiesinger", "Notburga", "F"),
    ("Güneş", "Kerem", "M"),
]


def practice_names() -> list[dict[str, Any]]:
    return [
        {k: p[k] for k in ("name", "names", "doctor", "address", "fax", "kind")} for p in PRACTICES
    ]


@dataclass
class Person:
    surname: str
    given: str
    sex: str
    birth: dt.date
    title: str = ""
    birth_name: str = ""
    former: list[str] = field(default_factory=list)
    street: str = ""
    city: str = ""
    svnr: str = ""
    register_id: str | None = None
    collision: str = ""
    group: str = ""


class B:
    """One letter being written: the sheet plus its facts."""

    def __init__(
        self, rng: random.Random, practice: dict[str, Any], person: Person, date: dt.date | None
    ) -> None:
        self.rng, self.pr, self.p, self.date = rng, practice, person, date
        self.sheet = Sheet()
        self.as_written: str | None = None
        self.surname_used = person.surname
        self.notes: list[str] = []
        self.other_dates: list[dict[str, str]] = []
        self.other_people: list[dict[str, str]] = []
        self.sender = ""
        self.sender_alt: list[str] = []
        self.title: str | None = None
        self.title_alt: list[str] = []
        self.patient_id: str | None = None
        self.birth_printed = False
        self.language, self.region = "de", "AT"
        self.fax_from = "+43 1 40400-0"
        self.use_old = bool(person.former) and rng.random() < 0.75
        if self.use_old:
            self.surname_used = person.former[0]
            self.notes.append("the letter uses the patient's former surname " + person.former[0])

    # names -------------------------------------------------------------
    def name(self, style: str) -> str:
        p, sn = self.p, self.surname_used
        t = f"{p.title} " if p.title else ""
        s = {
            "full": f"{t}{p.given} {sn}",
            "herr": f"{'Herrn' if p.sex == 'M' else 'Frau'} {t}{p.given} {sn}",
            "caps": f"{sn.upper()} {p.given}",
            "comma": f"{sn}, {p.given}",
            "capscomma": f"{sn.upper()}, {p.given.upper()}",
            "surfirst": f"{sn} {p.given}",
            "mr": f"{'Mr' if p.sex == 'M' else 'Mrs'} {p.given} {sn}",
            "maiden": f"{sn}, {p.given}, geb. {p.birth_name}"
            if p.birth_name
            else f"{sn}, {p.given}",
        }[style]
        if self.as_written is None:
            # The mention without its form of address (Herrn, Frau, Mr, Mrs); titles stay.
            self.as_written = s.split(" ", 1)[1] if style in ("herr", "mr") else s
        return s

    def born(self, fmt: Callable[[dt.date], str]) -> str:
        self.birth_printed = True
        return fmt(self.p.birth)

    def odate(self, d: dt.date, role: str) -> dt.date:
        self.other_dates.append({"date": d.isoformat(), "role": role})
        return d

    def person(self, name: str, role: str) -> str:
        self.other_people.append({"name": name, "role": role})
        return name

    def to_practice(self, x: float | None = None, prefix: str = "An die") -> None:
        s = self.sheet
        name = self.pr["name"] if self.rng.random() < 0.6 else self.rng.choice(self.pr["names"])
        for ln in [prefix, name, self.pr["street"], self.pr["city"]]:
            if ln:
                s.put(ln, x=x, size=10)
                s.nl(size=10)

    def sv(self) -> str:
        return f"{self.p.svnr[:4]} {self.p.svnr[4:]}"


def d_before(d: dt.date, rng: random.Random, lo: int, hi: int) -> dt.date:
    return d - dt.timedelta(days=rng.randint(lo, hi))


# --- the kinds of letter ----------------------------------------------------------

HOSPITALS = [
    (
        "Universitätsklinikum AKH Wien",
        "Universitätsklinik für Innere Medizin II",
        ["AKH Wien", "Klinische Abteilung für Kardiologie"],
        "Währinger Gürtel 18-20, 1090 Wien",
        "+43 1 40400-46140",
        "Wien",
    ),
    (
        "Klinik Ottakring",
        "2. Medizinische Abteilung mit Gastroenterologie",
        ["Wiener Gesundheitsverbund – Klinik Ottakring", "Klinik Ottakring, 2. Med."],
        "Montleartstraße 37, 1160 Wien",
        "+43 1 49150-2209",
        "Wien",
    ),
    (
        "Universitätsklinikum St. Pölten",
        "Klinische Abteilung für Innere Medizin 1",
        ["Landesklinikum St. Pölten", "UK St. Pölten"],
        "Dunant-Platz 1, 3100 St. Pölten",
        "+43 2742 9004-12510",
        "St. Pölten",
    ),
    (
        "Landesklinikum Wiener Neustadt",
        "Abteilung für Unfallchirurgie",
        ["LK Wiener Neustadt", "Unfallchirurgie Wiener Neustadt"],
        "Corvinusring 3-5, 2700 Wiener Neustadt",
        "+43 2622 9004-4310",
        "Wiener Neustadt",
    ),
    (
        "Krankenhaus der Barmherzigen Brüder Eisenstadt",
        "Abteilung für Innere Medizin",
        ["Barmherzige Brüder Eisenstadt", "KH der Barmherzigen Brüder"],
        "Johannes-von-Gott-Platz 1, 7000 Eisenstadt",
        "+43 2682 601-1009",
        "Eisenstadt",
    ),
    (
        "Landesklinikum Baden-Mödling",
        "Abteilung für Neurologie",
        ["LK Baden-Mödling, Standort Baden", "Neurologie Baden"],
        "Waltersdorfer Straße 75, 2500 Baden",
        "+43 2252 9004-10330",
        "Baden",
    ),
]

DIAG = [
    ("Exazerbierte COPD GOLD III", "Prednisolon 25 mg 1-0-0 für 5 Tage, Tiotropium 18 µg 1-0-0"),
    (
        "NSTEMI, Koronarangiographie mit Stent-Implantation RIVA",
        "ASS 100 mg 1-0-0, Ticagrelor 90 mg 1-0-1, Atorvastatin 40 mg 0-0-1",
    ),
    (
        "Distale Radiusfraktur rechts, konservativ versorgt",
        "Novalgin 500 mg bei Bedarf bis 3x täglich, Gipskontrolle in einer Woche",
    ),
    (
        "Entgleister Diabetes mellitus Typ 2",
        "Metformin 1000 mg 1-0-1, Insulin glargin 14 IE abends",
    ),
    ("Ambulant erworbene Pneumonie rechts basal", "Amoxicillin/Clavulansäure 1 g 1-0-1 für 7 Tage"),
    ("Transitorische ischämische Attacke", "Clopidogrel 75 mg 1-0-0, Rosuvastatin 20 mg 0-0-1"),
]

FILL = [
    "Der Patient wurde über die Notfallaufnahme stationär aufgenommen. Die weiteren Abklärungen "
    "erfolgten komplikationslos, der Verlauf gestaltete sich erfreulich.",
    "Laborchemisch zeigten sich bei Aufnahme erhöhte Entzündungsparameter, die sich unter der "
    "eingeleiteten Therapie rasch rückläufig entwickelten.",
    "Wir ersuchen um Kontrolle des Blutbildes und der Nierenfunktionsparameter in einer Woche "
    "sowie um Anpassung der Dauermedikation nach Befundlage.",
    "Eine ambulante Kontrolle an unserer Ambulanz ist vereinbart, die Terminbestätigung wird dem "
    "Patienten gesondert zugesandt.",
    "Anamnese: Seit drei Tagen zunehmende Belastungsdyspnoe, kein Fieber, keine Thoraxschmerzen. "
    "Nikotinanamnese 30 packyears, Alkohol gelegentlich.",
    "Status bei Aufnahme: Wach, orientiert, RR 152/88 mmHg, HF 96/min, SpO2 89 % bei Raumluft. "
    "Pulmo: Giemen beidseits, verlängertes Exspirium.",
    "EKG: Sinusrhythmus, Linkstyp, keine ST-Streckenveränderungen. Echokardiographie: gute "
    "linksventrikuläre Funktion, keine relevanten Vitien.",
    "Röntgen Thorax: Kein Infiltrat, kein Erguss, Zwerchfelle glatt begrenzt. CT-Angiographie "
    "zum Ausschluss einer Pulmonalembolie unauffällig.",
    "Die Mobilisation erfolgte ab dem zweiten Tag mit physiotherapeutischer Unterstützung. Der "
    "Patient konnte in gutem Allgemeinzustand nach Hause entlassen werden.",
    "Die Befunde wurden in ELGA hochgeladen. Eine Kopie des Entlassungsbriefes wurde dem "
    "Patienten ausgehändigt.",
    "Bei neuerlicher Verschlechterung ersuchen wir um umgehende Wiedervorstellung an unserer "
    "Notfallaufnahme.",
    "Diätologische Beratung erfolgte während des Aufenthaltes; eine Gewichtsreduktion wird "
    "dringend empfohlen.",
    "Sozialanamnese: Lebt allein in einer Wohnung im dritten Stock ohne Lift, die Tochter "
    "unterstützt bei Einkäufen. Mobile Hauskrankenpflege wurde organisiert.",
    "Die Antikoagulation wurde bei CHA2DS2-VASc-Score von 4 Punkten begonnen, das "
    "Blutungsrisiko wurde mit dem Patienten besprochen.",
]


def k_entlassung(b: B) -> str:
    r, s = b.rng, b.sheet
    org, dept, alts, addr, fax, town = r.choice(HOSPITALS)
    b.fax_from = fax
    b.sender, b.sender_alt = org, [dept, *alts]
    assert b.date is not None
    adm = b.odate(d_before(b.date, r, 6, 14), "admission")
    dis = b.odate(d_before(b.date, r, 0, 3), "discharge")
    s.font = r.choice(["sans", "serif"])
    s.y = 50
    s.row(org, align="center", font_key="sansb", size=13)
    s.row(dept, align="center", size=10)
    s.row(f"{addr} · Tel. {fax[:-4]}0 · Fax {fax}", align="center", size=8)
    s.rule()
    s.nl(1.5)
    top = s.y
    b.to_practice()
    s.y = top
    info = [
        f"Fallzahl: {r.randint(2024000000, 2025999999)}",
        f"Station: {r.choice(['6B', '14.3', 'C2'])}",
        f"Aufnahme: {D.num(adm)}",
        f"Entlassung: {D.num(dis)}",
    ]
    for ln in info:
        s.put(ln, x=360, size=9)
        s.nl(size=9)
    b.notes.append("the Fallzahl is the hospital's case number, not the practice's patient id")
    s.nl(2)
    b.title = r.choice(["ENTLASSUNGSBRIEF", "Vorläufiger Entlassungsbrief", "Arztbrief"])
    b.title_alt = ["Entlassungsbrief"]
    s.row(b.title, font_key="sansb", size=12)
    style = r.choice(["caps", "comma", "herr"])
    pl = f"Patient/in: {b.name(style)}, geb. {b.born(D.num)}, SVNR {b.sv()}"
    s.para(pl, font_key="sansb")
    if b.p.collision.startswith("same name"):
        s.row(f"wohnhaft {b.p.street}, {b.p.city}")
    s.nl()
    s.row(b.pr["salute"])
    s.para(
        f"wir berichten über o.g. Patient/in, der/die sich vom {D.num(adm)} bis {D.num(dis)} "
        "in unserer stationären Behandlung befand."
    )
    dx, rx = r.choice(DIAG)
    s.row("Diagnosen:", font_key="sansb")
    s.para(dx, indent=12)
    s.nl(0.5)
    who = f"{b.surname_used.upper()} {b.p.given}, geb. {D.num(b.p.birth)}"
    s.header = f"{b.title} – {who} – Seite {{n}} von {{t}}"
    for para in r.sample(FILL, len(FILL) - r.randint(0, 2)):
        s.para(para)
    s.row("Therapieempfehlung:", font_key="sansb")
    s.para(rx, indent=12)
    s.row("Medikation bei Entlassung:", font_key="sansb")
    meds = [
        "Pantoprazol 40 mg 1-0-0",
        "Bisoprolol 2,5 mg 1-0-0",
        "Ramipril 5 mg 1-0-0",
        "Torasemid 10 mg 1-0-0",
        "Apixaban 5 mg 1-0-1",
        "Atorvastatin 40 mg 0-0-1",
        "Metformin 1000 mg 1-0-1",
        "Pregabalin 75 mg 0-0-1",
        "Cholecalciferol 2800 IE 1x/Woche",
        "Paracetamol 500 mg bei Bedarf bis 4x täglich",
    ]
    for med in r.sample(meds, r.randint(6, 10)):
        s.row(med, x=s.left + 12)
    s.nl()
    s.row(f"{town}, am {D.at_long(b.date)}" if r.random() < 0.5 else f"{town}, {D.num(b.date)}")
    s.nl()
    oa = b.person(
        r.choice(["OA Dr. Gregor Fasching", "OÄ Dr. Dragana Ilić", "Ass. Dr. Petra Zöhrer"]),
        "ward physician",
    )
    prim = b.person(
        r.choice(["Prim. Univ.-Prof. Dr. Wolfgang Haider", "Prim. Dr. Andrea Kollmann, MSc"]),
        "head of department",
    )
    s.put(oa)
    s.put(prim, x=320)
    s.nl()
    return "hospital discharge letter (Entlassungsbrief)"


def k_ambulanz(b: B) -> str:
    r, s = b.rng, b.sheet
    org, dept, alts, addr, fax, _town = r.choice(HOSPITALS)
    b.fax_from = fax
    b.sender, b.sender_alt = org, [dept, *alts]
    assert b.date is not None
    s.font = "narrow"
    s.y = 55
    s.put(org, font_key="sansb", size=12)
    s.put("AMBULANZBEFUND", align="right", font_key="sansb", size=12)
    s.nl(size=12)
    s.row(dept, size=9)
    s.row(addr, size=9)
    s.nl()
    b.title, b.title_alt = "AMBULANZBEFUND", ["Ambulanzbefund"]
    s.put("Name:", size=10)
    s.put(b.name(r.choice(["capscomma", "comma"])), x=150, font_key="sansb", size=10)
    s.put("Untersuchung:", x=330, size=10)
    exam = b.odate(b.date, "examination")
    s.put(D.num(exam), x=420, size=10)
    s.nl()
    s.put("Geburtsdatum:", size=10)
    s.put(b.born(D.num), x=150, size=10)
    s.put("Befund vom:", x=330, size=10)
    s.put(D.num(b.date), x=420, size=10)
    s.nl()
    s.put("Zuweiser:", size=10)
    s.put(b.pr["doctor"], x=150, size=10)
    s.nl(2)
    b.notes.append("the Zuweiser is the receiving practice's doctor, not the sender")
    dx, rx = r.choice(DIAG)
    s.row("Anamnese:", font_key="sansb")
    s.para(r.choice(FILL))
    s.row("Diagnose:", font_key="sansb")
    s.para(dx)
    s.row("Procedere:", font_key="sansb")
    s.para(rx)
    ctl = b.odate(b.date + dt.timedelta(days=r.randint(20, 60)), "follow-up appointment")
    s.para(f"Kontrolltermin in unserer Ambulanz am {D.num(ctl)} um 09:30 Uhr.")
    s.nl()
    s.row(b.person("OA Dr. Ferenc Kiss", "ambulance physician") + ", FA für Innere Medizin")
    return "hospital outpatient report (Ambulanzbefund)"


LABS = [
    (
        "Labor Dr. Riedl & Partner",
        ["Medizinisches Labor Dr. Riedl & Partner", "Labor Riedl"],
        "Kalvarienberggasse 28, 1170 Wien",
        "+43 1 406 22 90-33",
    ),
    (
        "Institut für Labordiagnostik Mödling",
        ["Labordiagnostik Mödling", "ILD Mödling GmbH"],
        "Hauptstraße 79, 2340 Mödling",
        "+43 2236 22 541-18",
    ),
    (
        "Labor Eisenstadt Dr. Horvat-Kainz",
        ["Dr. Horvat-Kainz, FÄ für Labormedizin"],
        "Ruster Straße 55, 7000 Eisenstadt",
        "+43 2682 633 70-5",
    ),
]


def k_labor(b: B) -> str:
    r, s = b.rng, b.sheet
    org, alts, addr, fax = r.choice(LABS)
    b.fax_from = fax
    b.sender, b.sender_alt = org, alts
    assert b.date is not None
    s.font = "mono"
    s.size = 9
    s.y = 50
    s.put(org, font_key="sansb", size=14, align="right")
    s.nl(size=14)
    s.put(addr + " · Fax " + fax, align="right", size=8)
    s.nl()
    s.rule()
    s.nl()
    s.put("Einsender:", size=9)
    s.put(b.pr["names"][-1 if len(b.pr["names"]) < 4 else 3], x=160, size=9)
    s.nl()
    b.notes.append("the Einsender block names the receiving practice")
    if r.random() < 0.7 and b.p.register_id:
        b.patient_id = b.p.register_id
        s.put("Ihre Pat.-Nr.:", size=9)
        s.put(str(b.p.register_id or ""), x=160, size=9)
        s.nl()
    s.put("Labornummer:", size=9)
    s.put(f"L{r.randint(100000, 999999)}", x=160, size=9)
    s.nl(2)
    s.put("Patient:", size=9)
    s.put(b.name(r.choice(["capscomma", "caps", "comma"])), x=160, size=9)
    s.nl()
    s.put("Geb.-Datum:", size=9)
    s.put(b.born(D.num), x=160, size=9)
    s.put("Geschlecht: " + ("m" if b.p.sex == "M" else "w"), x=330, size=9)
    s.nl()
    take = b.odate(d_before(b.date, r, 1, 2), "sample collection")
    got = b.odate(take + dt.timedelta(days=1), "receipt at laboratory")
    s.put("Abnahme:", size=9)
    s.put(D.num(take) + " 07:45", x=160, size=9)
    s.put("Eingang: " + D.num(got), x=330, size=9)
    s.nl(2)
    b.title, b.title_alt = "LABORBEFUND", ["Befundbericht", "Laborbefund"]
    s.row("LABORBEFUND" + (" – Endbefund" if r.random() < 0.5 else ""), font_key="sansb", size=11)
    s.row("Analyse                Ergebnis    Einheit    Referenz")
    rows = [
        ("Hämoglobin", "13.8", "g/dl", "12.0-16.0"),
        ("Leukozyten", "11.2 H", "G/l", "4.0-10.0"),
        ("Kreatinin", "1.21 H", "mg/dl", "0.50-0.90"),
        ("eGFR (CKD-EPI)", "52 L", "ml/min", ">60"),
        ("HbA1c", "7.4 H", "%", "4.0-6.0"),
        ("TSH", "2.11", "µU/ml", "0.27-4.20"),
        ("CRP", "0.8", "mg/dl", "<0.5"),
        ("LDL-Cholesterin", "131", "mg/dl", "<116"),
    ]
    for name, val, unit, ref in rows[: r.randint(5, 8)]:
        s.row(f"{name:<22} {val:<11} {unit:<10} {ref}")
    s.nl()
    s.row(f"Befunddatum: {D.num(b.date)}    Validiert: Dr. Klara Nemeth")
    b.person("Dr. Klara Nemeth", "validating laboratory physician")
    return "laboratory report"


RADIO = [
    (
        "Diagnosezentrum Urania",
        ["Röntgen Urania", "DZ Urania GmbH"],
        "Uraniastraße 5, 1010 Wien",
        "+43 1 713 40 22-9",
    ),
    (
        "Röntgeninstitut Baden Dr. Kovacs & Dr. Pfeiffer",
        ["Röntgeninstitut Baden", "Dr. Kovacs & Dr. Pfeiffer"],
        "Wassergasse 12, 2500 Baden",
        "+43 2252 45 678-30",
    ),
    (
        "MR-Institut Neusiedl am See",
        ["MRI Neusiedl", "MR-Institut Neusiedl"],
        "Seestraße 22, 7100 Neusiedl am See",
        "+43 2167 201 77-2",
    ),
]


def k_radiologie(b: B) -> str:
    r, s = b.rng, b.sheet
    org, alts, addr, fax = r.choice(RADIO)
    b.fax_from = fax
    b.sender, b.sender_alt = org, alts
    assert b.date is not None
    s.font = "serif"
    s.y = 55
    s.row(org, font_key="serifb", size=14)
    s.row(addr + " · Tel. " + fax[:-2] + "0", size=8)
    s.nl(2)
    b.to_practice(prefix="")
    s.nl()
    exam_kind = r.choice(
        [
            "MRT des rechten Kniegelenks",
            "CT Thorax nativ",
            "Sonographie Abdomen",
            "Mammographie beidseits mit Ultraschall",
        ]
    )
    b.title, b.title_alt = exam_kind, ["Befund"]
    exam = b.odate(d_before(b.date, r, 0, 2), "examination")
    s.row(f"Betrifft: {b.name(r.choice(['full', 'herr', 'maiden']))}, geb. {b.born(D.num_short)}")
    s.row(f"Untersuchung: {exam_kind}", font_key="serifb")
    s.row(f"Untersuchungsdatum: {D.num(exam)}")
    if b.p.register_id and r.random() < 0.6:
        b.patient_id = b.p.register_id
        s.row(f"Ihre Patienten-Nr.: {b.p.register_id}", size=9)
        b.notes.append("the practice's own patient number is printed (Ihre Patienten-Nr.)")
    s.nl()
    s.row("Sehr geehrte Kollegin, sehr geehrter Kollege!")
    s.para(
        "Klinische Angabe: Schmerzen seit mehreren Wochen, Zustand nach Sturz. Fragestellung: "
        "Strukturelle Läsion? Im Vergleich zur Voruntersuchung keine wesentliche Befundänderung."
    )
    s.row("Befund:", font_key="serifb")
    for _ in range(r.randint(2, 4)):
        s.para(
            r.choice(
                [
                    "Regelrechte Darstellung der knöchernen Strukturen, kein Erguss.",
                    "Degenerative Veränderungen mit Chondropathie Grad II bis III medial.",
                    "Kein Hinweis auf eine frische Fraktur. Weichteile unauffällig.",
                    "Kleiner Rundherd im Mittellappen rechts, 4 mm, Verlaufskontrolle empfohlen.",
                ]
            )
        )
    s.row("Beurteilung:", font_key="serifb")
    s.para("Keine akute Pathologie. Degenerative Veränderungen wie beschrieben.")
    s.nl()
    s.row(f"Baden, {D.num(b.date)}" if "Baden" in org else f"Datum: {D.num(b.date)}")
    s.row(b.person("Dr. Zsolt Kovacs", "radiologist") + ", FA für Radiologie")
    return "radiology report (Röntgen/MRT-Befund)"


SPECIALISTS = [
    (
        "Univ.-Prof. Dr. Helmut Strasser",
        ["Dr. Helmut Strasser", "Univ.-Prof. Dr. med. univ. Helmut Strasser"],
        "Facharzt für Innere Medizin und Kardiologie",
        "Enzersdorfer Straße 9, 2340 Mödling",
        "+43 2236 41 122-3",
        "Mödling",
    ),
    (
        "Dr. Milena Marković",
        ["Dr. med. univ. Milena Marković, MSc"],
        "Fachärztin für Neurologie",
        "Favoritenstraße 88/1/4, 1100 Wien",
        "+43 1 604 12 19-2",
        "Wien",
    ),
    (
        "MR Dr. Alfred Kainz",
        ["Dr. Alfred Kainz"],
        "Facharzt für Urologie",
        "Mattersburger Straße 3, 7000 Eisenstadt",
        "+43 2682 642 03-4",
        "Eisenstadt",
    ),
    (
        "OA Dr. Szilvia Farkas-Eder",
        ["Dr. Szilvia Farkas-Eder"],
        "Fachärztin für Dermatologie",
        "Kremser Gasse 21, 3100 St. Pölten",
        "+43 2742 35 711-6",
        "St. Pölten",
    ),
]


def k_facharzt(b: B) -> str:
    r, s = b.rng, b.sheet
    doc, alts, spec, addr, fax, town = r.choice(SPECIALISTS)
    b.fax_from = fax
    b.sender, b.sender_alt = doc, alts
    assert b.date is not None
    s.font = r.choice(["serif", "sans"])
    s.y = 55
    s.row(doc, font_key="serifb", size=13)
    s.row(spec, size=9)
    s.row("Wahlarzt und alle Kassen", size=8)
    s.row(addr + " · Fax " + fax, size=8)
    s.rule()
    s.nl(2)
    b.to_practice(prefix="An")
    s.nl()
    top_date = r.random() < 0.6
    if top_date:
        s.row(f"{town}, {D.at_long(b.date, feber=True)}", align="right")
    s.nl()
    label = r.choice(["Betrifft: ", "Betreff: ", ""])
    nm = b.name(r.choice(["herr", "full", "comma"]))
    line = f"{label}{nm}, geb. {b.born(D.num)}" if r.random() < 0.8 else f"{label}{nm}"
    if not line.endswith(D.num(b.p.birth)):
        b.birth_printed = False
    s.row(line, font_key="sansb")
    b.title = None
    b.notes.append("no heading: the subject line names only the patient")
    s.nl()
    s.row(b.pr["salute"])
    for _ in range(r.randint(2, 5)):
        s.para(r.choice(FILL[1:]) + " Ich danke für die freundliche Zuweisung.")
    s.nl()
    s.row("Mit besten kollegialen Grüßen")
    s.nl(2)
    s.row(doc)
    if not top_date:
        s.row(f"{town}, am {D.num(b.date)}")
        b.notes.append("the letter date is printed only at the end")
    return "specialist's letter (Facharztbrief)"


def k_oegk(b: B) -> str:
    r, s = b.rng, b.sheet
    insurer = r.choice(
        [
            ("Österreichische Gesundheitskasse", ["ÖGK", "ÖGK Landesstelle Niederösterreich"]),
            ("Österreichische Gesundheitskasse", ["ÖGK", "ÖGK Landesstelle Wien"]),
            ("Sozialversicherungsanstalt der Selbständigen", ["SVS"]),
            ("Versicherungsanstalt öffentlich Bediensteter, Eisenbahnen und Bergbau", ["BVAEB"]),
        ]
    )
    b.sender, b.sender_alt = insurer
    b.fax_from = "+43 5 0766-1144"
    assert b.date is not None
    s.y = 50
    s.put(insurer[0], font_key="sansb", size=11)
    s.nl()
    s.row("Chefärztlicher Dienst · Kremser Landstraße 3, 3100 St. Pölten", size=8)
    s.nl(2)
    top = s.y
    b.to_practice()
    s.y = top
    gz = f"GZ: BW-{r.randint(1000, 9999)}/{b.date.year}"
    for ln in [gz, f"Datum: {D.num(b.date)}", "Sachbearbeiterin: Frau Tóth", "Tel.: 05 0766-1140"]:
        s.put(ln, x=370, size=9)
        s.nl(size=9)
    s.nl(3)
    b.title = r.choice(
        [
            "Bewilligung Heilbehelf",
            "Ablehnung: Kostenübernahme Physiotherapie",
            "Chefärztliche Bewilligung Medikament",
        ]
    )
    b.title_alt = ["Bewilligung", "Chefärztliche Bewilligung"]
    s.row(b.title, font_key="sansb", size=11)
    s.nl(0.5)
    child = b.p.birth.year >= 2007 and r.random() < 0.9
    s.row(f"Versicherte Person: {b.name('full')}, VSNR {b.sv()}, geb. {b.born(D.num)}")
    if child or r.random() < 0.4:
        rel_birth = b.odate(
            dt.date(1975 + r.randint(0, 20), r.randint(1, 12), r.randint(1, 28)),
            "birth date of the insured relative",
        )
        rel = b.person(
            f"{r.choice(['Herbert', 'Sabine', 'Ilona'])} {b.surname_used}", "main insured relative"
        )
        s.row(f"Anspruchsberechtigt über: {rel}, geb. {D.num(rel_birth)}")
        b.notes.append("a relative's birth date is printed beside the patient's")
    s.nl()
    s.row("Sehr geehrte Frau Doktorin, sehr geehrter Herr Doktor!")
    antrag = b.odate(d_before(b.date, r, 5, 20), "application")
    s.para(
        f"zu Ihrem Antrag vom {D.num(antrag)} teilen wir mit, dass die Kosten nach "
        "chefärztlicher Prüfung im tariflichen Ausmaß übernommen werden. Die Bewilligung ist "
        "auf der e-card gespeichert und in ELGA ersichtlich."
    )
    s.nl()
    s.row("Mit freundlichen Grüßen")
    s.row("Für den Chefärztlichen Dienst")
    s.row(b.person("Dr. Ursula Hiebl", "chief physician of the insurer"))
    return "insurer letter (ÖGK Bewilligung)"


def k_behoerde(b: B) -> str:
    r, s = b.rng, b.sheet
    org, alt = r.choice(
        [
            (
                "Pensionsversicherungsanstalt Landesstelle Wien",
                ["PVA", "Pensionsversicherungsanstalt"],
            ),
            (
                "Bezirkshauptmannschaft Mödling",
                ["BH Mödling", "Bezirkshauptmannschaft Mödling, Sanitätsreferat"],
            ),
            (
                "Magistrat der Stadt Wien, MA 40",
                ["MA 40 – Soziales, Sozial- und Gesundheitsrecht", "MA 40"],
            ),
        ]
    )
    b.sender, b.sender_alt = org.upper(), [org, *alt]
    b.fax_from = "+43 1 4000-99-40210"
    assert b.date is not None
    s.y = 55
    s.row(org.upper(), align="center", font_key="sansb", size=11)
    s.row("Parteienverkehr: Mo–Fr 8:00–12:00", align="center", size=8)
    s.nl(2)
    b.to_practice(prefix="")
    s.nl()
    s.row(
        f"Zahl: {r.choice(['MA40-', 'MDS-', 'PVA-'])}{r.randint(100000, 999999)}-{b.date.year}",
        size=9,
    )
    s.row(f"{'Wien' if 'Wien' in org else 'Mödling'}, am {D.at_long(b.date)}", size=9)
    s.nl()
    b.title = "Ersuchen um Übermittlung eines ärztlichen Befundberichtes"
    b.title_alt = ["Ersuchen um Befundbericht"]
    s.para(b.title, font_key="sansb")
    s.row(f"Antragsteller/in: {b.name('capscomma')}, geb. {b.born(D.num)}")
    antrag = b.odate(d_before(b.date, r, 14, 40), "application")
    s.nl()
    s.para(
        f"Im Verfahren über den Antrag vom {D.num(antrag)} auf Zuerkennung von Pflegegeld werden "
        "Sie ersucht, binnen 14 Tagen einen aktuellen Befundbericht samt Diagnosen und "
        "Medikation zu übermitteln. Die Kosten werden nach dem Tarif ersetzt."
    )
    s.nl()
    s.row("Für den Abteilungsleiter:")
    s.row(b.person("Mag. Dr. Sandra Pospischil", "case officer"))
    return "authority letter (Behörde, PVA)"


def k_pflege(b: B) -> str:
    r, s = b.rng, b.sheet
    org, alt = r.choice(
        [
            (
                "Hilfswerk Niederösterreich – Mobile Pflege Baden",
                ["Hilfswerk Baden", "NÖ Hilfswerk"],
            ),
            ("Volkshilfe Burgenland, Hauskrankenpflege", ["Volkshilfe Burgenland"]),
            ("Caritas Socialis Mobile Pflege Wien", ["Caritas Socialis", "CS Mobile Pflege"]),
        ]
    )
    b.sender, b.sender_alt = org, alt
    b.fax_from = "+43 2252 86 600-19"
    assert b.date is not None
    s.y = 60
    s.row(org, align="right", font_key="sansb", size=11)
    s.nl(2)
    b.title, b.title_alt = "Pflegebericht / Information an die Hausärztin", ["Pflegebericht"]
    s.row("PFLEGEBERICHT / INFORMATION AN DIE HAUSÄRZTIN", font_key="sansb")
    b.title = "PFLEGEBERICHT / INFORMATION AN DIE HAUSÄRZTIN"
    s.row(f"Klient/in: {b.name(r.choice(['surfirst', 'comma']))}  (geb. {b.born(D.num_short)})")
    s.row(f"Adresse: {b.p.street}, {b.p.city}" if b.p.street else "Adresse: siehe Stammdaten")
    s.nl()
    for _ in range(r.randint(3, 5)):
        s.para(
            r.choice(
                [
                    "Beim Hausbesuch Rötung an der rechten Ferse, Dekubitus Grad I.",
                    "Die Klientin nimmt die Medikation laut Wochendispenser zuverlässig ein.",
                    "Blutzucker morgens 160 bis 210 mg/dl, bitte um Durchsicht des Insulinschemas.",
                    "Der Sohn ersucht um Rückruf bezüglich Verordnung von Inkontinenzmaterial.",
                    "Ödeme an beiden Unterschenkeln zunehmend, Gewicht +2 kg in einer Woche.",
                ]
            )
        )
    s.nl()
    s.row("Mit freundlichen Grüßen")
    s.row(b.person("DGKP Marija Jurić", "registered nurse") + ", Teamleitung")
    s.row(f"{D.num(b.date)}", size=9)
    b.notes.append("the date is only under the signature")
    return "care service report (mobile Pflege)"


def k_apotheke(b: B) -> str:
    r, s = b.rng, b.sheet
    org = r.choice(
        [
            "Apotheke Zum Heiligen Geist Eisenstadt",
            "Marien-Apotheke Wiener Neustadt",
            "Apotheke Zur Mariahilf Ottakring",
        ]
    )
    b.sender, b.sender_alt = org, [org.split(" ", 1)[1] if " " in org else org]
    b.fax_from = "+43 2682 627 11-4"
    assert b.date is not None
    s.font = "dvs"
    s.y = 60
    s.row(org, font_key="dvsb", size=12)
    s.row("Mag. pharm. Dr. Tamás Varga, Konzessionär", size=8)
    b.person("Mag. pharm. Dr. Tamás Varga", "pharmacist")
    s.nl(2)
    s.row(f"Fax an: {b.pr['name']} – {b.pr['fax']}", size=9)
    s.row(f"Datum: {D.num(b.date)}", size=9)
    s.nl()
    b.title, b.title_alt = "Rückfrage zu Rezept", ["Rückfrage"]
    s.row("Rückfrage zu Rezept", font_key="dvsb", size=11)
    rez = b.odate(d_before(b.date, r, 0, 3), "prescription")
    s.row(f"für {b.name(r.choice(['herr', 'full']))}, e-card geprüft")
    s.nl()
    s.para(
        f"Das Rezept vom {D.num(rez)} über Pantoprazol 40 mg ist derzeit nicht lieferbar. "
        "Wir schlagen Esomeprazol 40 mg (gleiche Packungsgröße) vor. Bitte um kurze Bestätigung "
        "per Fax oder Rückruf."
    )
    s.nl()
    s.row("Danke und freundliche Grüße")
    return "pharmacy query (Apotheke)"


def k_therapie(b: B) -> str:
    r, s = b.rng, b.sheet
    org = r.choice(
        ["Physiotherapie am Kalvarienberg", "Institut für Physikalische Therapie Eisenstadt"]
    )
    b.sender, b.sender_alt = org, ["Physiotherapie"]
    b.fax_from = "+43 1 402 55 18-2"
    assert b.date is not None
    s.font = "sans"
    s.y = 70
    s.put(org, font_key="sansb", size=11)
    s.put(f"{D.num(b.date)}", align="right")
    s.nl(2)
    start = b.odate(d_before(b.date, r, 40, 60), "therapy start")
    end = b.odate(d_before(b.date, r, 1, 5), "therapy end")
    b.title, b.title_alt = "Therapiebericht", ["Physiotherapeutischer Abschlussbericht"]
    s.row("Therapiebericht", font_key="sansb", size=13)
    s.row(f"{b.name('surfirst')}, * {b.born(D.num)}")
    s.row(f"Therapiezeitraum: {D.num(start)} – {D.num(end)}, 10 Einheiten à 45 min")
    s.nl()
    s.para(
        "Diagnose laut Verordnung: Lumboischialgie links. Unter Heilgymnastik und Manualtherapie "
        "deutliche Besserung der Beweglichkeit; Finger-Boden-Abstand von 32 auf 12 cm."
    )
    s.para("Empfehlung: Fortführung des Heimübungsprogramms, ggf. weitere Serie nach Verordnung.")
    s.nl()
    s.row(b.person("Katarína Šimko, BSc", "physiotherapist") + ", Physiotherapeutin")
    return "therapist's report (Physiotherapie)"


def k_hu(b: B) -> str:
    r, s = b.rng, b.sheet
    org = r.choice(
        [
            "Soproni Erzsébet Oktató Kórház és Rehabilitációs Intézet",
            "Petz Aladár Vármegyei Oktató Kórház",
        ]
    )
    town = "Sopron" if "Sopron" in org else "Győr"
    b.sender, b.sender_alt = org, ["Belgyógyászati Osztály"]
    b.fax_from = "+36 99 514 200"
    b.language, b.region = "hu", "HU"
    assert b.date is not None
    s.font = "dvs"
    s.y = 55
    s.row(org, align="center", font_key="dvsb", size=11)
    s.row(
        "Belgyógyászati Osztály · "
        + ("9400 Sopron, Győri út 15." if town == "Sopron" else "9024 Győr, Vasvári Pál u. 2-4."),
        align="center",
        size=8,
    )
    s.nl(2)
    b.title, b.title_alt = "ZÁRÓJELENTÉS", ["Zárójelentés"]
    s.row("ZÁRÓJELENTÉS", align="center", font_key="dvsb", size=13)
    s.nl()
    s.put("Név:", size=9)
    s.put(b.name("surfirst").upper() if r.random() < 0.5 else b.name("surfirst"), x=170, size=9)
    s.nl(size=9)
    s.put("Születési idő:", size=9)
    s.put(b.born(D.hu), x=170, size=9)
    s.nl(size=9)
    s.put("TAJ szám:", size=9)
    s.put(f"{r.randint(100, 999)} {r.randint(100, 999)} {r.randint(100, 999)}", x=170, size=9)
    s.nl(size=9)
    adm = b.odate(d_before(b.date, r, 4, 9), "admission")
    s.put("Felvétel:", size=9)
    s.put(D.hu_num(adm), x=170, size=9)
    s.nl(size=9)
    s.put("Távozás:", size=9)
    s.put(D.hu_num(b.date), x=170, size=9)
    s.nl(2)
    b.notes.append("Hungarian order: surname before given name; TAJ number is not an Austrian id")
    s.row("Diagnózis:", font_key="dvsb", size=9)
    s.para("Pneumonia lobaris dextra (J18.1). Hypertonia essentialis (I10).", size=9)
    s.row("Javaslat:", font_key="dvsb", size=9)
    s.para(
        "Amoxicillin/klavulánsav 875/125 mg naponta kétszer 5 napig. Kontroll a háziorvosnál "
        "egy héten belül.",
        size=9,
    )
    s.nl()
    s.row(f"{town}, {D.hu(b.date)}", size=9)
    s.nl()
    s.row(b.person("Dr. Varga Péter", "ward physician") + " osztályos orvos", size=9)
    return "letter from abroad (Hungary, Zárójelentés)"


def k_sk(b: B) -> str:
    r, s = b.rng, b.sheet
    org = "Univerzitná nemocnica Bratislava"
    b.sender, b.sender_alt = org, ["Nemocnica Ružinov", "UNB – Nemocnica Ružinov"]
    b.fax_from = "+421 2 4823 4111"
    b.language, b.region = "sk", "SK"
    assert b.date is not None
    s.font = "dvs"
    s.y = 55
    s.put(org, font_key="dvsb", size=11)
    s.nl()
    s.row("Nemocnica Ružinov, Ružinovská 6, 826 06 Bratislava", size=8)
    s.nl(2)
    b.title, b.title_alt = "Prepúšťacia správa", ["PREPÚŠŤACIA SPRÁVA"]
    s.row("Prepúšťacia správa", font_key="dvsb", size=13)
    s.row(f"Meno a priezvisko: {b.name('full')}")
    s.row(f"Dátum narodenia: {b.born(D.spaced)}")
    adm = b.odate(d_before(b.date, r, 3, 8), "admission")
    s.row(f"Hospitalizácia: {D.spaced(adm)} – {D.spaced(b.date)}")
    s.nl()
    s.para(
        "Diagnóza: Akútna cholecystitída, stav po laparoskopickej cholecystektómii. Pooperačný "
        "priebeh bez komplikácií.",
        size=9.5,
    )
    s.para(
        "Odporúčanie: kontrola rany u všeobecného lekára, odstránenie stehov o 10 dní.", size=9.5
    )
    s.nl()
    s.row(f"V Bratislave {D.sk_long(b.date)}")
    s.row(b.person("MUDr. Juraj Baláž, PhD.", "ward physician"))
    return "letter from abroad (Slovakia, prepúšťacia správa)"


def k_cz(b: B) -> str:
    r, s = b.rng, b.sheet
    org = "Nemocnice Znojmo, příspěvková organizace"
    b.sender, b.sender_alt = org, ["Nemocnice Znojmo", "Interní oddělení Nemocnice Znojmo"]
    b.fax_from = "+420 515 215 111"
    b.language, b.region = "cs", "CZ"
    assert b.date is not None
    s.font = "dvs"
    s.y = 55
    s.row(org, align="right", font_key="dvsb", size=11)
    s.row("MUDr. Jana Janského 11, 669 02 Znojmo", align="right", size=8)
    s.nl(2)
    b.title, b.title_alt = "PROPOUŠTĚCÍ ZPRÁVA", ["Propouštěcí zpráva"]
    s.row("PROPOUŠTĚCÍ ZPRÁVA", font_key="dvsb", size=12)
    s.row(f"Pacient: {b.name('capscomma')}, datum narození: {b.born(D.spaced)}")
    adm = b.odate(d_before(b.date, r, 2, 6), "admission")
    s.row(f"Přijat(a): {D.spaced(adm)}   Propuštěn(a): {D.spaced(b.date)}")
    s.nl()
    s.para(
        "Pacient přijat pro fibrilaci síní s rychlou odpovědí komor. Provedena farmakologická "
        "kardioverze, nasazena antikoagulace. Doporučujeme kontrolu u praktického lékaře.",
        size=9.5,
    )
    s.nl()
    s.row(f"Ve Znojmě dne {D.cs_long(b.date)}")
    s.row(b.person("MUDr. Věra Dvořáková", "ward physician"))
    return "letter from abroad (Czechia, propouštěcí zpráva)"


def k_de(b: B) -> str:
    r, s = b.rng, b.sheet
    org = r.choice(["Klinikum Passau", "LMU Klinikum München"])
    b.sender, b.sender_alt = (
        org,
        ["Medizinische Klinik II", org.replace("Klinikum ", "Klinikum der ")],
    )
    b.fax_from = "+49 851 5300-2290" if "Passau" in org else "+49 89 4400-72299"
    b.region = "DE"
    assert b.date is not None
    s.y = 50
    s.put(org, font_key="sansb", size=13, align="right")
    s.nl(size=13)
    s.put(
        "Medizinische Klinik II · "
        + (
            "Innstraße 76, 94032 Passau"
            if "Passau" in org
            else "Marchioninistraße 15, 81377 München"
        ),
        align="right",
        size=8,
    )
    s.nl(3)
    s.put(f"{org} · Medizinische Klinik II", size=7)
    s.nl()
    b.to_practice(prefix="")
    s.put("Österreich", size=10)
    s.nl()
    s.nl()
    s.row(f"{'Passau' if 'Passau' in org else 'München'}, {D.de_long(b.date)}", align="right")
    s.nl()
    b.title, b.title_alt = "Arztbrief", ["Vorläufiger Arztbrief"]
    s.row(f"Arztbrief über {b.name('herr')}, geb. am {b.born(D.num)}", font_key="sansb")
    adm = b.odate(d_before(b.date, r, 3, 9), "admission")
    s.row(f"stationärer Aufenthalt vom {D.num(adm)} bis {D.num(b.date)}")
    s.nl()
    s.row("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,")
    s.para(
        "wir berichten über Ihren Patienten, der während eines Urlaubsaufenthaltes notfallmäßig "
        "aufgenommen wurde. Die Weiterbehandlung in Österreich ist besprochen."
    )
    s.para(r.choice(FILL))
    s.nl()
    s.row("Mit freundlichen kollegialen Grüßen")
    s.row(
        b.person("Prof. Dr. med. Andreas Kellermann", "chief physician")
        + "   "
        + b.person("Dr. med. Lisa Brandl", "resident")
    )
    b.notes.append("German letter: German month names, 5-digit post codes, patient abroad")
    return "letter from abroad (Germany, Arztbrief)"


def k_en(b: B) -> str:
    r, s = b.rng, b.sheet
    org = r.choice(["Guy's and St Thomas' NHS Foundation Trust", "St. James's Hospital Dublin"])
    b.sender, b.sender_alt = org, ["Acute Medical Unit"]
    b.fax_from = "+44 20 7188 7188" if "Guy" in org else "+353 1 410 3000"
    b.language, b.region = "en", "GB" if "Guy" in org else "IE"
    assert b.date is not None
    s.font = "serif"
    s.y = 55
    s.row(org, font_key="serifb", size=13)
    s.row("Acute Medical Unit", size=9)
    s.nl(2)
    b.title, b.title_alt = "DISCHARGE SUMMARY", ["Discharge Summary"]
    s.row("DISCHARGE SUMMARY", font_key="serifb", size=12)
    s.row(f"Date: {D.en_long(b.date)}")
    s.nl()
    s.row(f"Patient: {b.name('mr')}")
    s.row(f"Date of birth: {b.born(D.en_slash)}")
    s.row(f"Hospital number: {r.choice('KRS')}{r.randint(1000000, 9999999)}")
    adm = b.odate(d_before(b.date, r, 1, 4), "admission")
    s.row(f"Admitted: {D.en_long(adm)}")
    s.nl()
    s.row("Dear Dr " + b.pr["doctor"].split()[-1] + ",")
    s.para(
        "Your patient was admitted while visiting on holiday with chest pain. Troponin was "
        "negative twice and the ECG showed no acute changes. We would be grateful if you could "
        "arrange an outpatient stress test."
    )
    s.nl()
    s.row("Yours sincerely,")
    s.row(b.person("Dr Eleanor Whitfield", "consultant") + ", Consultant in Acute Medicine")
    b.notes.append(
        "English letter: day/month/year with slashes; hospital number is not the practice id"
    )
    return "letter from abroad (English-language discharge summary)"


def k_email(b: B) -> str:
    r, s = b.rng, b.sheet
    assert b.date is not None
    s.font = "sans"
    s.size = 9.5
    s.y = 40
    sender_org = r.choice(
        ["Sekretariat Kardiologie, Klinik Ottakring", "Kurhaus Baden – Reha-Zentrum"]
    )
    b.sender, b.sender_alt = sender_org, [sender_org.split(", ")[-1].split(" – ")[0]]
    b.fax_from = "+43 1 49150-2290"
    s.put("Outlook", font_key="sansb", size=10)
    s.put("Ordination – " + b.pr["doctor"], align="right", size=8)
    s.nl()
    s.rule()
    s.nl()
    subj = r.choice(["Terminbestätigung Ergometrie", "Befundübermittlung Reha-Aufnahme"])
    b.title, b.title_alt = subj, ["AW: " + subj]
    s.row(f"AW: {subj}", font_key="sansb", size=11)
    s.row(f"Von: {sender_org} <sekretariat@beispiel-klinik.at>")
    s.row(
        f"Gesendet: {r.choice(['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag'])}, "
        f"{D.de_long(b.date)} {r.randint(8, 17)}:{r.randint(10, 59)}"
    )
    if b.p.register_id and r.random() < 0.5:
        b.patient_id = b.p.register_id
        s.row(f"Ihr Zeichen: Pat.-Nr. {b.p.register_id}")
    s.row("An: ordination@" + b.pr["doctor"].split()[-1].lower().replace("ó", "o") + ".at")
    s.nl()
    s.row("Sehr geehrte Damen und Herren,")
    term = b.odate(b.date + dt.timedelta(days=r.randint(10, 40)), "appointment")
    s.para(
        f"für {b.name(r.choice(['herr', 'full']))}, geb. {b.born(D.num)}, ist der Termin am "
        f"{D.num(term)} um 08:15 Uhr bestätigt. Bitte Vorbefunde und e-card mitbringen."
    )
    s.nl()
    s.row("Mit freundlichen Grüßen")
    s.row(b.person("Sabine Koller", "secretary") + ", Sekretariat")
    b.notes.append("e-mail printout: the letter date is the Gesendet date")
    return "e-mail printout"


def k_form(b: B) -> str:
    r, s = b.rng, b.sheet
    assert b.date is not None
    org = r.choice(["Berufsrettung Wien", "Rotes Kreuz Burgenland, Bezirksstelle Neusiedl am See"])
    b.sender, b.sender_alt = org, ["Rettungsdienst", "Rotes Kreuz" if "Kreuz" in org else "MA 70"]
    b.fax_from = "+43 1 71119-0"
    s.font = "narrow"
    s.size = 9
    s.y = 50
    s.row(org, font_key="sansb", size=11)
    b.title, b.title_alt = "NOTARZTPROTOKOLL – Durchschrift für den Hausarzt", ["Notarztprotokoll"]
    s.row(b.title, font_key="sansb", size=11)
    s.nl()
    fields = [
        ("Einsatzdatum", D.num(b.date)),
        ("Einsatznummer", f"{r.randint(100000, 999999)}"),
        ("Familienname", b.surname_used.upper()),
        ("Vorname", b.p.given),
        ("Geburtsdatum", b.born(D.num)),
        ("Versicherungsnr.", b.sv()),
        ("Wohnadresse", f"{b.p.street}, {b.p.city}" if b.p.street else "–"),
        ("Hausarzt", b.pr["doctor"]),
    ]
    b.as_written = b.surname_used.upper()
    b.notes.append(
        "form: surname and given name in separate boxes; "
        "the Hausarzt box names the receiving practice"
    )
    for label, val in fields:
        top = s.y - 10
        s.page.boxes.append((s.left, top, s.right, top + 16))
        s.put(label, x=s.left + 4, size=8)
        s.put(val, x=s.left + 130, size=9.5)
        s.y += 16
    s.nl()
    s.row("Verdachtsdiagnose: Synkope, DD Rhythmusstörung. Transport in die Klinik Ottakring.")
    s.row("Erstbefund: GCS 15, RR 95/60, HF 42/min, SpO2 96 %.")
    s.nl()
    s.row("Notärztin: " + b.person("Dr. Nina Hrdina", "emergency physician"))
    return "form (Notarztprotokoll)"


def k_hand(b: B) -> str:
    r, s = b.rng, b.sheet
    s.font = "hand"
    s.size = 13
    s.y = 80
    writer = r.choice(
        [
            ("Dr. Gabriele Pichler", "Vertretungsordination Dr. Pichler"),
            ("Erika Strobl", "Erika Strobl (Tochter)"),
        ]
    )
    b.sender, b.sender_alt = writer[0], [writer[1]]
    b.fax_from = "+43 2236 47 710"
    b.title = None
    if b.date is not None:
        s.row(f"{D.num_short(b.date)}", align="right")
    else:
        b.notes.append("undated handwritten note")
    s.nl()
    surname = b.pr["doctor"].split()[-1]
    female = any(g in b.pr["doctor"] for g in ("Réka", "Ivana"))
    s.row(f"Liebe Frau Dr. {surname}," if female else f"Lieber Herr Kollege {surname},")
    s.row(f"betrifft {b.name('full')},")
    s.para(
        "war heute in der Vertretung wegen Harnwegsinfekt. Habe Fosfomycin 3 g gegeben. Bitte "
        "Harnkultur nachkontrollieren. Danke!",
        font_key="hand",
        size=13,
    )
    s.nl()
    s.row("Liebe Grüße")
    s.row(writer[0])
    b.notes.append("handwritten: only scan and fax")
    return "handwritten note"


KINDS: list[tuple[str, Callable[[B], str]]] = [
    ("entlassungsbrief", k_entlassung),
    ("ambulanzbefund", k_ambulanz),
    ("labor", k_labor),
    ("radiologie", k_radiologie),
    ("facharzt", k_facharzt),
    ("versicherung", k_oegk),
    ("behoerde", k_behoerde),
    ("pflege", k_pflege),
    ("apotheke", k_apotheke),
    ("therapie", k_therapie),
    ("ausland_hu", k_hu),
    ("ausland_sk", k_sk),
    ("ausland_cz", k_cz),
    ("ausland_de", k_de),
    ("ausland_en", k_en),
    ("email", k_email),
    ("formular", k_form),
    ("handschrift", k_hand),
]


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    layout: str
    kind: str
    pages: list[Page]
    facts: dict[str, Any]
    reg: dict[str, Any] | None
    notes: list[str]
    language: str
    region: str
    handwritten: bool
    fax_sent: dt.datetime
    cover: bool
    fax_number: str
    fine: bool
    g4: bool
    stamp: dt.date | None
    practice: dict[str, Any]

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.handwritten else ["pdf", "scan200", "fax"]

    # page sets per condition -------------------------------------------------
    def scan_pages(self) -> list[Page]:
        pages = [Page(list(p.lines), list(p.rules), list(p.boxes)) for p in self.pages]
        if self.stamp is not None:
            p = pages[0]
            short = self.practice["names"][-1]
            from bench.heldout50ak.layout import Line, width

            txt = [short, f"EINGELANGT {D.num(self.stamp)}"]
            w = max(width(t, "sansb", 8) for t in txt)
            x0 = 560 - w
            p.lines.append(Line(round(x0, 2), 800.0, txt[0], "sansb", 8))
            p.lines.append(Line(round(x0, 2), 812.0, txt[1], "sansb", 8))
            p.boxes.append((x0 - 4, 790, 564, 817))
        return pages

    def fax_pages(self) -> tuple[list[Page], list[str]]:
        from bench.heldout50ak.layout import Line

        pages: list[Page] = []
        names: list[str] = []
        if self.cover:
            c = Sheet(font_key="sans", size=11)
            c.y = 90
            c.row("TELEFAX", font_key="sansb", size=20)
            c.nl()
            c.row(
                "An: "
                + (name if len(name := self.practice["name"]) < 60 else self.practice["names"][1])
            )
            c.row(f"Fax: {self.practice['fax']}")
            c.row(f"Von: {self.facts['sender']}")
            c.row(f"Fax: {self.fax_number}")
            c.row(f"Datum: {D.num(self.fax_sent.date())}")
            c.row(f"Seiten inkl. Deckblatt: {len(self.pages) + 1}")
            c.nl()
            c.para(
                "VERTRAULICH – Dieses Fax enthält Gesundheitsdaten und ist ausschließlich für den "
                "Adressaten bestimmt. Sollten Sie es irrtümlich erhalten haben, verständigen Sie "
                "uns bitte und vernichten Sie es.",
                size=9,
            )
            pages.append(c.pages[0])
            names.append("cover")
        for i, p in enumerate(self.pages, 1):
            pages.append(Page(list(p.lines), list(p.rules), list(p.boxes)))
            names.append(f"p{i}")
        total = len(pages)
        t = self.fax_sent
        for n, p in enumerate(pages, 1):
            head = (
                f"{t.day:02d}.{t.month:02d}.{t.year} {t.hour:02d}:{t.minute:02d}  "
                f"FAX {self.fax_number}  S. {n}/{total}"
            )
            p.lines.append(Line(30.0, 22.0, head, "mono", 8))
        return pages, names

    def render(self, condition: str) -> dict[str, bytes]:
        if condition not in self.conditions():
            raise ValueError(condition)
        if condition == "pdf":
            return {"pdf/letter.pdf": pdf_bytes(self.pages, self.id)}
        if condition == "scan200":
            imgs = scan_jpegs(self.scan_pages(), self.seed)
            return {f"scan200/page-{i:02d}.jpg": b for i, b in enumerate(imgs, 1)}
        pages, _ = self.fax_pages()
        tifs = fax_tiffs(pages, self.fine, self.g4)
        return {f"fax/page-{i:02d}.tif": b for i, b in enumerate(tifs, 1)}

    def truth(self) -> dict[str, Any]:
        conds: dict[str, Any] = {}
        if not self.handwritten:
            conds["pdf"] = {
                "pages": [
                    {"page": f"p{i}", "file": "pdf/letter.pdf", "pdf_page": i, "text": p.text()}
                    for i, p in enumerate(self.pages, 1)
                ]
            }
        conds["scan200"] = {
            "pages": [
                {"page": f"p{i}", "file": f"scan200/page-{i:02d}.jpg", "text": p.text()}
                for i, p in enumerate(self.scan_pages(), 1)
            ]
        }
        fp, names = self.fax_pages()
        conds["fax"] = {
            "pages": [
                {"page": nm, "file": f"fax/page-{i:02d}.tif", "text": p.text()}
                for i, (nm, p) in enumerate(zip(names, fp, strict=True), 1)
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
            "register": self.reg,
            "notes": self.notes,
            "handwritten": self.handwritten,
            "fax": {
                "sent": self.fax_sent.strftime("%Y-%m-%dT%H:%M"),
                "cover_sheet": self.cover,
                "number": self.fax_number,
                "resolution": "fine" if self.fine else "standard",
            },
            "receipt_stamp": D.iso(self.stamp) if self.stamp else None,
            "conditions": conds,
        }


_REGISTER: list[register.Patient] | None = None


def _register() -> list[register.Patient]:
    global _REGISTER
    if _REGISTER is None:
        _REGISTER = register.build()
    return _REGISTER


def _person(rng: random.Random, reg: list[register.Patient], in_register: bool) -> Person:
    if not in_register:
        sn, gv, sex = rng.choice(NOT_REGISTERED)
        return Person(
            sn,
            gv,
            sex,
            dt.date(1940, 1, 1) + dt.timedelta(days=rng.randint(0, 25000)),
            svnr=register.svnr(rng, dt.date(1960, 5, 5)),
        )
    collided = [p for p in reg if p.collision]
    p = rng.choice(collided) if rng.random() < 0.4 else rng.choice(reg)
    per = Person(
        p.surname,
        p.given_names,
        p.sex,
        p.birth_date,
        p.title,
        p.birth_name,
        list(p.former_names),
        p.street,
        f"{p.postcode} {p.city}",
        p.svnr,
        p.id,
        p.collision,
        p.collision_group,
    )
    if not per.svnr:
        per.svnr = register.svnr(rng, p.birth_date)
    return per


def _one(split: str, index: int, seed: int, kind_idx: int) -> Letter:
    rng = random.Random(seed)
    reg = _register()
    name, fn = KINDS[kind_idx % len(KINDS)]
    in_reg = rng.random() > 0.1
    person = _person(rng, reg, in_reg)
    practice = PRACTICES[rng.randrange(3)]
    date = dt.date(2024, 3, 1) + dt.timedelta(days=rng.randint(0, 600))
    if name == "handschrift" and rng.random() < 0.5:
        date = None
    b = B(rng, practice, person, date)
    layout = fn(b)
    pages = b.sheet.finish()
    if person.register_id is None:
        b.notes.append("the patient is not in the register")
    if person.collision:
        b.notes.append(f"register collision: {person.collision}")
    full_letter = f"{person.given} {b.surname_used}"
    facts = {
        "patient": {
            "full_name": f"{person.given} {person.surname}",
            "surname": person.surname,
            "given_names": person.given,
            "as_written": b.as_written,
            "full_name_as_letter": full_letter,
            "register_id": person.register_id,
        },
        "birth_date": person.birth.isoformat() if b.birth_printed else None,
        "letter_date": date.isoformat() if date else None,
        "sender": b.sender,
        "sender_alternatives": b.sender_alt,
        "title": b.title,
        "title_alternatives": b.title_alt if b.title else [],
        "patient_id": b.patient_id,
        "other_dates": b.other_dates,
        "other_people": b.other_people,
    }
    base = date or dt.date(2025, 6, 2)
    sent = dt.datetime(base.year, base.month, base.day) + dt.timedelta(
        days=rng.randint(0 if date else 1, 4), hours=rng.randint(7, 18), minutes=rng.randint(0, 59)
    )
    if date and sent.date() == date:
        sent += dt.timedelta(days=1)
    stamp = (sent.date() + dt.timedelta(days=rng.randint(0, 2))) if rng.random() < 0.5 else None
    if stamp is not None:
        b.other_dates.append({"date": stamp.isoformat(), "role": "receipt stamp (scan200 only)"})
    regd = (
        {
            "id": person.register_id,
            "collision": person.collision or None,
            "collision_group": person.group or None,
        }
        if person.register_id
        else None
    )
    return Letter(
        id=f"{split}-{index:03d}",
        split=split,
        seed=seed,
        layout=layout,
        kind=name,
        pages=pages,
        facts=facts,
        reg=regd,
        notes=b.notes,
        language=b.language,
        region=b.region,
        handwritten=name == "handschrift",
        fax_sent=sent,
        cover=rng.random() < 0.34,
        fax_number=b.fax_from,
        fine=rng.random() < 0.6,
        g4=rng.random() < 0.5,
        stamp=stamp,
        practice=practice,
    )


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    rng = random.Random(seed)
    order = list(range(len(KINDS)))
    rng.shuffle(order)
    return [_one(split_name, i + 1, seed * 1000 + i, order[i % len(order)]) for i in range(count)]


def split(name: str) -> list[Letter]:
    if name not in SPLIT_SEEDS:
        raise ValueError(f"unknown split {name!r}")
    return generate(SPLIT_SIZES[name], SPLIT_SEEDS[name], name)
