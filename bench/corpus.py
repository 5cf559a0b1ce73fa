"""A seeded generator of realistic clinic letters, page by page, for benchmarks.

Each page looks like what the OCR engine writes for a scanned referral letter or lab report:
a letter head with the sender, a date in one of the usual formats, the patient's name and
birth date, 300-700 words of clinical prose with drug names and doses, often an HTML lab
table, sometimes a LaTeX formula or a figure stub. The same seed gives the same corpus, so
two runs (or Whoosh and SQLite FTS5 in one run) see identical text.

    from bench.corpus import generate_pages
    for page in generate_pages(1000, seed=7): ...
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime, timedelta

FIRST_NAMES = [
    "Anna",
    "Jürgen",
    "Sören",
    "Zoë",
    "Håkon",
    "Renée",
    "José",
    "Chloé",
    "Björn",
    "Petra",
    "Klaus",
    "Ines",
    "Lukas",
    "Mia",
    "Jonas",
    "Leonie",
    "Hans",
    "Ursula",
    "Dieter",
    "Karin",
    "Günther",
    "Sabine",
    "Frank",
    "Andrea",
    "Michael",
    "Jörg",
    "Élodie",
    "François",
    "Ülkü",
    "Çağla",
    "Mehmet",
    "Ayşe",
    "Dragan",
    "Željko",
    "Agnieszka",
    "Paweł",
    "Łukasz",
]
LAST_NAMES = [
    "Müller",
    "Schäfer",
    "Groß",
    "Weiß",
    "Köhler",
    "Brandt",
    "Schröder",
    "Lößl",
    "Krämer",
    "Hoffmann",
    "Wagner",
    "Becker",
    "Schulz",
    "Fischer",
    "Neumann",
    "Schwarz",
    "Zimmermann",
    "Krüger",
    "Hartmann",
    "Lange",
    "Werner",
    "Böhm",
    "Jäger",
    "Öztürk",
    "Yılmaz",
    "Nowak",
    "Kowalski",
    "Dubois",
    "Lefèvre",
    "García",
    "Peña",
    "Núñez",
    "Søndergaard",
    "Åberg",
    "Jovanović",
    "Horváth",
    "Dvořák",
    "Novák",
    "Meier",
    "Huber",
    "Bauer",
    "Wolf",
    "Richter",
    "Klein",
    "Braun",
]
DRUGS = [
    "Metoprolol",
    "Ramipril",
    "Amlodipin",
    "Bisoprolol",
    "Candesartan",
    "Torasemid",
    "Furosemid",
    "Spironolacton",
    "Atorvastatin",
    "Simvastatin",
    "Rosuvastatin",
    "Apixaban",
    "Rivaroxaban",
    "Edoxaban",
    "Phenprocoumon",
    "Clopidogrel",
    "Ticagrelor",
    "Acetylsalicylsäure",
    "Metformin",
    "Sitagliptin",
    "Empagliflozin",
    "Dapagliflozin",
    "Insulin",
    "Levothyroxin",
    "Pantoprazol",
    "Omeprazol",
    "Ibuprofen",
    "Metamizol",
    "Paracetamol",
    "Tilidin",
    "Pregabalin",
    "Gabapentin",
    "Sertralin",
    "Citalopram",
    "Mirtazapin",
    "Quetiapin",
    "Prednisolon",
    "Allopurinol",
    "Febuxostat",
    "Tamsulosin",
    "Finasterid",
    "Salbutamol",
    "Tiotropium",
    "Budesonid",
]
DOSES = ("2.5mg", "5mg", "10mg", "20mg", "25mg", "40mg", "47.5mg", "50mg", "95mg", "100mg")
SCHEDULES = ("1-0-0", "1-0-1", "0-0-1", "1-1-1", "½-0-½", "bei Bedarf")
SENDERS = (
    "Kardiologische Gemeinschaftspraxis Dr. med. Weiß",
    "Klinikum Nord, Klinik für Innere Medizin",
    "MVZ Labor Dr. Krämer & Kollegen",
    "Radiologie am Markt",
    "Universitätsklinikum, Zentrum für Neurologie",
    "Hausarztpraxis Öztürk",
    "Orthopädie und Unfallchirurgie St. Josef",
    "Gastroenterologie im Ärztehaus",
)
DIAGNOSES = (
    "arterielle Hypertonie",
    "Vorhofflimmern",
    "Herzinsuffizienz NYHA II",
    "Diabetes mellitus Typ 2",
    "chronische Niereninsuffizienz Stadium 3",
    "koronare Herzkrankheit",
    "Hypothyreose",
    "COPD GOLD II",
    "Gonarthrose rechts",
    "Refluxösophagitis",
    "Migräne ohne Aura",
    "Hyperurikämie",
    "Lumbago",
    "Pneumonie links basal",
    "Anämie unklarer Genese",
    "Depressive Episode",
)
LAB_VALUES = (
    ("Hämoglobin", "g/dl", 9.0, 17.0),
    ("Leukozyten", "/nl", 3.0, 14.0),
    ("Thrombozyten", "/nl", 120.0, 450.0),
    ("Kreatinin", "mg/dl", 0.6, 2.8),
    ("eGFR", "ml/min", 25.0, 110.0),
    ("Kalium", "mmol/l", 3.2, 5.8),
    ("Natrium", "mmol/l", 130.0, 146.0),
    ("HbA1c", "%", 5.0, 9.5),
    ("TSH", "mU/l", 0.2, 6.0),
    ("CRP", "mg/l", 0.5, 120.0),
    ("NT-proBNP", "pg/ml", 50.0, 4000.0),
    ("LDL-Cholesterin", "mg/dl", 60.0, 190.0),
    ("GOT", "U/l", 10.0, 90.0),
    ("GPT", "U/l", 10.0, 110.0),
    ("Harnsäure", "mg/dl", 3.0, 10.0),
)
PROSE = [
    "der",
    "die",
    "das",
    "und",
    "mit",
    "bei",
    "nach",
    "wir",
    "unter",
    "Patient",
    "Patientin",
    "stellte",
    "sich",
    "vor",
    "Vorstellung",
    "ambulant",
    "stationär",
    "Aufnahme",
    "Entlassung",
    "Beschwerden",
    "seit",
    "Wochen",
    "Tagen",
    "zunehmend",
    "Belastung",
    "Dyspnoe",
    "Thoraxschmerz",
    "Schwindel",
    "Übelkeit",
    "keine",
    "Fieber",
    "Gewichtsabnahme",
    "Befund",
    "unauffällig",
    "regelrecht",
    "Untersuchung",
    "klinisch",
    "körperlich",
    "Herz",
    "Lunge",
    "Abdomen",
    "weich",
    "Druckschmerz",
    "Extremitäten",
    "Ödeme",
    "beidseits",
    "Sonographie",
    "Echokardiographie",
    "Ejektionsfraktion",
    "erhalten",
    "Kontrolle",
    "empfehlen",
    "empfohlen",
    "weiterhin",
    "Therapie",
    "Medikation",
    "Dosis",
    "Anpassung",
    "angepasst",
    "Blutdruck",
    "Werte",
    "Labor",
    "Verlauf",
    "stabil",
    "gebessert",
    "Rücksprache",
    "Hausarzt",
    "freundlichen",
    "Grüßen",
    "Sehr",
    "geehrte",
    "Frau",
    "Kollegin",
    "Herr",
    "Kollege",
    "berichten",
    "über",
    "gemeinsamen",
    "ist",
    "war",
    "wurde",
    "werden",
    "kann",
    "soll",
    "sollte",
    "Wiedervorstellung",
    "Monaten",
    "Quartal",
    "Termin",
    "vereinbart",
    "Überweisung",
    "bitte",
    "zur",
    "weiteren",
    "Abklärung",
    "Diagnostik",
    "Anamnese",
    "Vorerkrankungen",
    "Allergien",
    "bekannt",
    "Nikotin",
    "Alkohol",
    "gelegentlich",
    "Sport",
    "Ernährung",
    "Gewicht",
    "Größe",
    "Body-Mass-Index",
    "EKG",
    "Sinusrhythmus",
    "Frequenz",
    "Lagetyp",
    "Röntgen",
    "Thorax",
    "Infiltrat",
    "Erguss",
    "MRT",
    "CT",
    "Kontrastmittel",
    "Befundbericht",
    "Beurteilung",
    "Procedere",
    "Zusammenfassung",
    "Epikrise",
    "Rehabilitation",
    "Physiotherapie",
    "Schmerzen",
]
# Real letters have a long tail of rare words (places, findings, OCR noise); without it the
# term dictionary would be unrealistically small and fuzzy/prefix expansion unrealistically
# cheap. 20,000 pseudo-words drawn with Zipf-like weights stand in for that tail.
_SYLLABLES = [
    "ka",
    "ri",
    "mo",
    "ne",
    "ta",
    "lu",
    "sch",
    "ber",
    "gen",
    "hau",
    "stro",
    "pli",
    "vek",
    "dor",
    "fen",
    "mar",
    "tis",
    "ul",
    "ä",
    "ö",
    "ü",
    "an",
    "er",
    "in",
    "zel",
    "kor",
    "pa",
    "thi",
    "gra",
    "nu",
    "lo",
    "se",
    "vi",
    "dra",
    "kem",
    "sol",
    "fur",
]


def _rare_vocabulary(seed: int, size: int = 20_000) -> tuple[list[str], list[float]]:
    rng = random.Random(seed)
    words = sorted({"".join(rng.choices(_SYLLABLES, k=rng.randint(2, 5))) for _ in range(size)})
    rng.shuffle(words)
    cumulative: list[float] = []
    total = 0.0
    for rank in range(1, len(words) + 1):
        total += 1.0 / rank
        cumulative.append(total)
    return words, cumulative


INBOXES = ("fax", "scanner-empfang", "scanner-labor", "post")
TAGS = ("kardiologie", "labor", "radiologie", "neurologie", "hausarzt", "dringend", "befund")
STATUSES = ("done", "done", "done", "done", "looped", "failed")
MONTHS = [
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


@dataclass(frozen=True)
class LetterPage:
    """One page of a generated letter: the metadata the database would hold and its Markdown."""

    page_id: int
    document_id: int
    page_number: int
    inbox: str
    tags: tuple[str, ...]
    file_name: str
    received: datetime
    letter_date: date
    status: str
    patient: str
    markdown: str


def _format_date(rng: random.Random, day: date) -> str:
    style = rng.randrange(4)
    if style == 0:
        return day.strftime("%d.%m.%Y")
    if style == 1:
        return day.isoformat()
    if style == 2:
        return day.strftime("%d/%m/%Y")
    return f"{day.day} {MONTHS[day.month - 1]} {day.year}"


def _lab_table(rng: random.Random) -> str:
    rows = ["<table><tr><th>Parameter</th><th>Wert</th><th>Einheit</th></tr>"]
    for name, unit, low, high in rng.sample(LAB_VALUES, rng.randint(4, 9)):
        value = rng.uniform(low, high)
        rows.append(f"<tr><td>{name}</td><td>{value:.1f}</td><td>{unit}</td></tr>")
    rows.append("</table>")
    return "".join(rows)


def _medication(rng: random.Random) -> str:
    lines = ["**Medikation:**"]
    for drug in rng.sample(DRUGS, rng.randint(2, 6)):
        lines.append(f"- {drug} {rng.choice(DOSES)} {rng.choice(SCHEDULES)}")
    return "\n".join(lines)


def _prose(rng: random.Random, words: int, rare: tuple[list[str], list[float]]) -> str:
    chosen = rng.choices(PROSE, k=max(words, 12))
    rare_words, cumulative = rare
    for position in rng.sample(range(len(chosen)), len(chosen) // 5):
        chosen[position] = rng.choices(rare_words, cum_weights=cumulative)[0]
    sentences = []
    for start in range(0, len(chosen), 12):
        sentence = " ".join(chosen[start : start + 12])
        sentences.append(sentence[:1].upper() + sentence[1:] + ".")
    return " ".join(sentences)


def _page_markdown(
    rng: random.Random,
    letter: dict[str, str],
    page_number: int,
    rare: tuple[list[str], list[float]],
) -> str:
    parts: list[str] = []
    if page_number == 1:
        parts.append(f"# {letter['sender']}")
        parts.append(f"Datum: {letter['date_text']}")
        parts.append(
            f"Patient: {letter['patient']}, geb. {letter['birth_text']}\n\n"
            f"Diagnose: {letter['diagnosis']}"
        )
    else:
        parts.append(f"Seite {page_number} – {letter['patient']}")
    target_words = rng.randint(300, 700)
    parts.append(_prose(rng, target_words // 2, rare))
    parts.append(_medication(rng))
    if rng.random() < 0.6:
        parts.append(_lab_table(rng))
    if rng.random() < 0.15:
        parts.append(r"Dosierung nach $\mathrm{eGFR} = \frac{140 - Alter}{72}$ berechnet.")
    if rng.random() < 0.2:
        left, top = rng.randrange(0, 500), rng.randrange(0, 500)
        parts.append(f'<img src="images/bbox_{left}_{top}_{left + 300}_{top + 200}.jpg" />')
    parts.append(_prose(rng, target_words - target_words // 2 - 30, rare))
    return "\n\n".join(parts)


def generate_pages(count: int, seed: int = 20250312) -> Iterator[LetterPage]:
    """Yield ``count`` pages of letters of 1-4 pages each, identical for the same seed."""
    rng = random.Random(seed)
    rare = _rare_vocabulary(seed)
    page_id = 0
    document_id = 0
    start = datetime(2023, 1, 2, 8, 0)
    while page_id < count:
        document_id += 1
        received = start + timedelta(minutes=rng.randrange(0, 3 * 365 * 24 * 60))
        letter_date = received.date() - timedelta(days=rng.randrange(0, 20))
        birth = date(rng.randint(1930, 2010), rng.randint(1, 12), rng.randint(1, 28))
        patient = f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}"
        letter = {
            "sender": rng.choice(SENDERS),
            "date_text": _format_date(rng, letter_date),
            "birth_text": birth.strftime("%d.%m.%Y"),
            "patient": patient,
            "diagnosis": rng.choice(DIAGNOSES),
        }
        inbox = rng.choice(INBOXES)
        tags = tuple(sorted(set(rng.sample(TAGS, rng.randint(0, 2)))))
        file_name = f"{inbox}_{received:%Y%m%d_%H%M}_{patient.split()[-1]}.pdf"
        status = rng.choice(STATUSES)
        for page_number in range(1, rng.randint(1, 4) + 1):
            if page_id >= count:
                break
            page_id += 1
            yield LetterPage(
                page_id=page_id,
                document_id=document_id,
                page_number=page_number,
                inbox=inbox,
                tags=tags,
                file_name=file_name,
                received=received,
                letter_date=letter_date,
                status=status,
                patient=patient,
                markdown=_page_markdown(rng, letter, page_number, rare),
            )
