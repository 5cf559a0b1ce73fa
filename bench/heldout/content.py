"""What the held-out letters say: organisations, doctors, dates in each country's forms,
diagnoses, sentences, lab values. Written from general knowledge of clinic letters."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field

from bench.heldout import register as reg

DE_MONTHS = [
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
AT_MONTHS = ["Jänner", *DE_MONTHS[1:]]
EN_MONTHS = [
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


def de_num(d: dt.date) -> str:
    return f"{d.day:02d}.{d.month:02d}.{d.year}"


def de_short(d: dt.date) -> str:
    return f"{d.day}.{d.month}.{d.year % 100:02d}"


def de_long(d: dt.date, austrian: bool = False) -> str:
    return f"{d.day}. {(AT_MONTHS if austrian else DE_MONTHS)[d.month - 1]} {d.year}"


def uk_long(d: dt.date) -> str:
    return f"{d.day} {EN_MONTHS[d.month - 1]} {d.year}"


def uk_ordinal(d: dt.date) -> str:
    suffix = "th" if 11 <= d.day <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(d.day % 10, "th")
    return f"{d.day}{suffix} {EN_MONTHS[d.month - 1]} {d.year}"


def uk_num(d: dt.date) -> str:
    return f"{d.day:02d}/{d.month:02d}/{d.year}"


def uk_abbr(d: dt.date) -> str:
    return f"{d.day:02d}-{EN_MONTHS[d.month - 1][:3]}-{d.year}"


def us_num(d: dt.date) -> str:
    return f"{d.month:02d}/{d.day:02d}/{d.year}"


def us_long(d: dt.date) -> str:
    return f"{EN_MONTHS[d.month - 1]} {d.day}, {d.year}"


def birth_forms(region: str) -> list:  # type: ignore[type-arg]
    if region == "US":
        return [us_num, us_long]
    if region == "GB":
        return [uk_num, uk_long, uk_abbr]
    return [de_num, de_num, de_short, de_long]


@dataclass
class Org:
    name: str  # as the letter head names it
    sub: list[str]  # lines under the name (speciality, doctors)
    street: str
    city: str  # postcode and city
    phone: str
    fax: str
    email: str
    kind: str  # practice, hospital, lab, radiology
    doctors: list[str] = field(default_factory=list)
    alternatives: list[str] = field(default_factory=list)


def _person_name(rng: random.Random, english: bool, female: bool | None = None) -> tuple[str, str]:
    if female is None:
        female = rng.random() < 0.5
    if english:
        given = rng.choice(reg.EN_GIVEN_F if female else reg.EN_GIVEN_M)
        surname = rng.choice(reg.EN_SURNAMES)
    else:
        given = rng.choice(reg.DE_GIVEN_F if female else reg.DE_GIVEN_M)
        surname = rng.choice(reg.DE_SURNAMES[:110])
        if rng.random() < 0.08:
            surname = f"{rng.choice(['von', 'van der', 'de'])} {rng.choice(reg.DE_PARTICLE_NAMES)}"
    return given, surname


def doctor(rng: random.Random, region: str, senior: bool = False) -> str:
    english = region in ("GB", "US")
    given, surname = _person_name(rng, english)
    if region == "GB":
        quals = rng.choice(["MBBS MRCGP", "MB ChB FRCP", "MBBS FRCS", "BM BCh MRCP", "MD FRCP"])
        return f"Dr {given} {surname} {quals}" if not senior else f"Professor {given} {surname}"
    if region == "US":
        degree = rng.choice(["MD", "DO", "MD, PhD"])
        return f"{given} {rng.choice('ABCDEJKLMPRST')}. {surname}, {degree}"
    if region == "AT":
        t = rng.choice(["Dr.", "OA Dr.", "Prim. Dr.", "Univ.-Prof. Dr.", "Dr. med. univ."])
        return f"{t} {given} {surname}"
    t = rng.choice(
        ["Dr. med.", "Dr. med.", "Dr. med.", "Prof. Dr. med.", "PD Dr. med.", "Dipl.-Med."]
        if senior
        else ["Dr. med.", "Dr. med.", "Dipl.-Med.", "Dr. med. univ.", ""]
    )
    return f"{t} {given} {surname}".strip()


def _phone(rng: random.Random, region: str) -> str:
    if region == "GB":
        return f"0{rng.randint(113, 191)} {rng.randint(200, 999)} {rng.randint(1000, 9999)}"
    if region == "US":
        return f"({rng.randint(201, 989)}) {rng.randint(200, 999)}-{rng.randint(1000, 9999)}"
    cc = {"DE": "+49", "AT": "+43", "CH": "+41"}[region]
    style = rng.random()
    area = rng.randint(30, 911)
    num = rng.randint(100000, 9999999)
    if style < 0.5:
        return f"0{area} {num}"
    if style < 0.8:
        return f"0{area}/{num}"
    return f"{cc} {area} {num}"


def _fax_of(phone: str, rng: random.Random) -> str:
    return phone[:-2] + f"{rng.randint(10, 99)}"


PLACE_EN = [
    "Riverside",
    "Oakwood",
    "Northgate",
    "Hillcrest",
    "Meadowbank",
    "Castlefield",
    "Kingsway",
    "Elmhurst",
]
PLACE_DE = ["Stadtpark", "Rathaus", "Dom", "Markt", "Hafen", "Schlossberg", "Lindenhof", "Westend"]


def organisation(rng: random.Random, region: str, kind: str) -> Org:
    english = region in ("GB", "US")
    city = rng.choice([c for c in (reg.EN_CITIES if english else reg.DE_CITIES) if c[0] == region])
    street = (
        f"{rng.randint(1, 300)} {rng.choice(reg.EN_STREETS)}"
        if english
        else f"{rng.choice(reg.DE_STREETS)} {rng.randint(1, 90)}"
    )
    if region == "CH":
        street = street.replace("ß", "ss")
    postcity = f"{city[2]} {city[1]}" if region == "GB" else f"{city[1]} {city[2]}"
    if region == "US":
        postcity = f"{city[2]}, {city[1]}"
    phone = _phone(rng, region)
    fax = _fax_of(phone, rng)
    docs = [doctor(rng, region, senior=True), doctor(rng, region)]
    place = rng.choice(PLACE_EN if english else PLACE_DE)
    alternatives: list[str] = []
    sub: list[str] = []
    town = city[2]
    if region == "GB":
        if kind == "practice":
            name = rng.choice(
                [f"{place} Medical Centre", f"{place} Surgery", f"{place} Health Centre"]
            )
            sub = [f"Dr {d.split()[2]}" for d in docs if d.startswith("Dr ")][:2]
        elif kind == "lab":
            name = f"Department of Clinical Biochemistry, {town} Royal Infirmary"
            alternatives = [f"{town} Royal Infirmary"]
        else:
            kind_of = rng.choice(["University Hospitals", "Teaching Hospitals"])
            trust = f"{town} {kind_of} NHS Foundation Trust"
            dept = rng.choice(
                [
                    "Cardiology",
                    "Respiratory Medicine",
                    "Rheumatology",
                    "Gastroenterology",
                    "Orthopaedics",
                ]
            )
            name = trust
            sub = [f"Department of {dept}", f"{town} General Hospital"]
            alternatives = [f"Department of {dept}", f"{town} General Hospital"]
        email = f"{place.lower()}.{rng.choice(['admin', 'reception'])}@nhs.net"
    elif region == "US":
        if kind == "practice":
            name = rng.choice(
                [
                    f"{place} Family Medicine",
                    f"{place} Primary Care Associates",
                    f"{place} Internal Medicine, P.C.",
                ]
            )
        elif kind == "lab":
            name = f"{place} Clinical Laboratories"
            sub = ["CLIA #" + str(rng.randint(10, 99)) + "D" + str(rng.randint(1000000, 9999999))]
        else:
            name = rng.choice(
                [
                    f"{town} {place} Medical Center",
                    f"St. {rng.choice(['Luke', 'Mary', 'Joseph'])}'s Hospital of {town}",
                ]
            )
            sub = ["Department of Internal Medicine"]
        email = f"records@{place.lower()}health.org"
    else:
        d0 = docs[0]
        if kind == "practice":
            if region == "AT":
                name = f"Ordination {d0}"
                sub = [
                    rng.choice(
                        [
                            "Facharzt für Innere Medizin",
                            "Ärztin für Allgemeinmedizin",
                            "Fachärztin für Dermatologie",
                        ]
                    ),
                    "Alle Kassen",
                ]
            else:
                name = rng.choice(
                    [
                        f"Praxis {d0}",
                        f"Gemeinschaftspraxis {d0.split()[-1]} & {docs[1].split()[-1]}",
                        f"Hausarztpraxis am {place}",
                        f"MVZ {rng.choice(['Kardiologie', 'Innere Medizin', 'Orthopädie'])} {town}",
                    ]
                )
                sub = [
                    rng.choice(
                        [
                            "Fachärztin für Allgemeinmedizin",
                            "Facharzt für Innere Medizin – Kardiologie",
                            "Fachärzte für Orthopädie und Unfallchirurgie",
                            "Hausärztliche Versorgung · Naturheilverfahren",
                        ]
                    )
                ]
                if not name.startswith("Praxis"):
                    sub.append(f"{docs[0]} · {docs[1]}")
        elif kind == "lab":
            name = rng.choice(
                [
                    f"MVZ Labor {town} GbR",
                    f"Medizinisches Labor Dr. {docs[0].split()[-1]} & Kollegen",
                    f"Laborgemeinschaft {place}",
                ]
            )
            sub = ["Laboratoriumsmedizin · Mikrobiologie · Transfusionsmedizin"]
        elif kind == "radiology":
            name = rng.choice(
                [f"Radiologische Gemeinschaftspraxis am {place}", f"Radiologie {town} {place}"]
            )
            sub = [f"{docs[0]} · {docs[1]}", "MRT · CT · Röntgen · Mammographie"]
        else:
            hosp = rng.choice(
                [
                    f"Klinikum {town} {rng.choice(['Nord', 'Süd', 'Mitte'])}",
                    f"St. {rng.choice(['Elisabeth', 'Marien', 'Josef', 'Vinzenz'])}-"
                    f"{'Spital' if region == 'AT' else 'Krankenhaus'} {town}",
                    f"Universitätsklinikum {town}",
                    f"Kantonsspital {town}" if region == "CH" else f"Städtisches Klinikum {town}",
                ]
            )
            dept = rng.choice(
                [
                    "Klinik für Innere Medizin II",
                    "Klinik für Kardiologie und Angiologie",
                    "Klinik für Unfallchirurgie",
                    "Abteilung für Gastroenterologie",
                    "Klinik für Pneumologie",
                ]
            )
            name = hosp
            sub = [dept, f"Chefarzt {docs[0]}"]
            alternatives = [f"{hosp}, {dept}", f"{hosp} {dept}"]
        box = rng.choice(["info", "praxis", "kontakt", "befunde"])
        email = f"{box}@{place.lower()}-{town.split()[0].lower()}.{region.lower()}"
        email = email.replace("ü", "ue").replace("ö", "oe").replace("ä", "ae")
    return Org(name, sub, street, postcity, phone, fax, email, kind, docs, alternatives)


# ---- medical content --------------------------------------------------------------------

DIAG_DE = [
    "Arterielle Hypertonie (I10.90)",
    "Diabetes mellitus Typ 2, nicht insulinpflichtig (E11.90)",
    "Paroxysmales Vorhofflimmern (I48.0)",
    "Chronische Lumbalgie",
    "Hypothyreose bei Z. n. Thyreoidektomie 2009",
    "COPD GOLD II",
    "Gonarthrose rechts, Kellgren-Lawrence Grad III",
    "Eisenmangelanämie",
    "V. a. Karpaltunnelsyndrom links",
    "Koronare Herzkrankheit, 1-Gefäß-Erkrankung",
    "Hypercholesterinämie",
    "Z. n. Appendektomie 1998",
    "Ambulant erworbene Pneumonie rechts basal",
    "Cholezystolithiasis",
    "Depressive Episode, mittelgradig",
]
DIAG_EN = [
    "Hypertension",
    "Type 2 diabetes mellitus, diet controlled",
    "Paroxysmal atrial fibrillation",
    "Asthma, well controlled",
    "Osteoarthritis of the left knee",
    "Iron deficiency anaemia",
    "Hypothyroidism",
    "Chronic kidney disease stage 3a",
    "Gastro-oesophageal reflux disease",
    "Community-acquired pneumonia, right lower lobe",
    "Hyperlipidemia",
    "Chest pain, non-cardiac",
    "Benign paroxysmal positional vertigo",
]
SENT_DE = [
    "Die Patientin stellte sich in gutem Allgemeinzustand vor.",
    "Anamnestisch bestehen seit etwa drei Wochen belastungsabhängige Beschwerden.",
    "Die körperliche Untersuchung ergab keinen pathologischen Befund.",
    "Laborchemisch zeigten sich die Entzündungsparameter rückläufig.",
    "Im Ruhe-EKG fand sich ein Sinusrhythmus mit einer Frequenz von 72/min.",
    "Echokardiographisch normale linksventrikuläre Pumpfunktion ohne Wandbewegungsstörungen.",
    "Wir empfehlen eine Kontrolle der Nierenwerte in vier Wochen.",
    "Die bestehende Medikation wurde unverändert fortgeführt.",
    "Eine Wiedervorstellung ist bei Beschwerdezunahme jederzeit möglich.",
    "Die Sonographie des Abdomens war bis auf eine Steatosis hepatis unauffällig.",
    "Der Blutdruck lag bei wiederholten Messungen um 145/90 mmHg.",
    "Wir haben die Dosis von Ramipril auf 5 mg täglich erhöht.",
    "Bitte überprüfen Sie die Blutzuckerwerte im Rahmen der hausärztlichen Betreuung.",
    "Eine weiterführende Diagnostik mittels MRT halten wir derzeit nicht für erforderlich.",
    "Für Rückfragen stehen wir Ihnen gern zur Verfügung.",
]
SENT_EN = [
    "She attended clinic today and reports feeling generally well.",
    "He describes intermittent chest tightness on exertion for about three weeks.",
    "On examination there were no abnormal findings.",
    "Her inflammatory markers have improved since the last review.",
    "The resting ECG showed sinus rhythm at 72 beats per minute.",
    "Echocardiography showed normal left ventricular function.",
    "I would be grateful if you could repeat the renal function in four weeks.",
    "We have continued the current medication unchanged.",
    "Please do not hesitate to contact us should his symptoms worsen.",
    "An abdominal ultrasound was unremarkable apart from mild fatty liver.",
    "Blood pressure on repeated readings was around 145/90 mmHg.",
    "We have increased the dose of ramipril to 5 mg once daily.",
    "I have not arranged further imaging at this stage.",
    "We will see her again in the clinic in three months.",
    "Thank you for referring this pleasant patient.",
]
MEDS_DE = [
    ("Ramipril 5 mg", "1", "0", "0"),
    ("Metformin 1000 mg", "1", "0", "1"),
    ("Bisoprolol 2,5 mg", "1", "0", "0"),
    ("Atorvastatin 20 mg", "0", "0", "1"),
    ("Apixaban 5 mg", "1", "0", "1"),
    ("L-Thyroxin 75 µg", "1", "0", "0"),
    ("Pantoprazol 20 mg", "1", "0", "0"),
    ("Metamizol 500 mg", "bei Bedarf", "", ""),
]
LAB_DE = [
    ("Hämoglobin", "13,2", "g/dl", "12,0 - 16,0", ""),
    ("Leukozyten", "6,8", "/nl", "3,9 - 10,2", ""),
    ("Thrombozyten", "245", "/nl", "150 - 370", ""),
    ("Kreatinin", "1,12", "mg/dl", "0,50 - 0,90", "H"),
    ("eGFR (CKD-EPI)", "58", "ml/min/1,73m²", "> 60", "L"),
    ("Natrium", "139", "mmol/l", "136 - 145", ""),
    ("Kalium", "4,3", "mmol/l", "3,5 - 5,1", ""),
    ("GPT (ALT)", "28", "U/l", "< 35", ""),
    ("TSH basal", "2,31", "mU/l", "0,27 - 4,20", ""),
    ("HbA1c", "6,9", "%", "4,0 - 6,0", "H"),
    ("CRP", "3,1", "mg/l", "< 5,0", ""),
    ("LDL-Cholesterin", "142", "mg/dl", "< 116", "H"),
    ("Ferritin", "18", "µg/l", "15 - 150", ""),
]
LAB_EN = [
    ("Hemoglobin", "13.2", "g/dL", "12.0-15.5", ""),
    ("WBC", "6.8", "x10^3/uL", "4.0-10.5", ""),
    ("Platelets", "245", "x10^3/uL", "150-400", ""),
    ("Sodium", "139", "mmol/L", "136-145", ""),
    ("Potassium", "5.4", "mmol/L", "3.5-5.1", "H"),
    ("Creatinine", "1.12", "mg/dL", "0.57-1.00", "H"),
    ("Glucose, fasting", "118", "mg/dL", "70-99", "H"),
    ("ALT", "28", "U/L", "0-32", ""),
    ("TSH", "2.31", "uIU/mL", "0.45-4.50", ""),
    ("Hemoglobin A1c", "6.9", "%", "4.8-5.6", "H"),
    ("LDL Cholesterol", "142", "mg/dL", "0-99", "H"),
    ("Ferritin", "18", "ng/mL", "15-150", ""),
]


def sentences(rng: random.Random, english: bool, n: int) -> str:
    return " ".join(rng.sample(SENT_EN if english else SENT_DE, n))
