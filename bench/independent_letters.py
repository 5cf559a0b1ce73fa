"""An independent, labelled corpus of clinic letters: text, A4 page and the facts a clerk files.

Every letter is seeded and born digital: the text lines in reading order, an A4 PDF page (or
two) that sets them where a real letter has them (letterhead left, right or centred, a DIN
5008 address window under its sender back-line, a reference block at the right, tables, fax
header lines, footers), and its truth: patient, born, letter_date, sender, title.

It was written blind to docvault's fact extraction: from the five field definitions alone,
without reading the rules, their tests or their seeded letters, so that the rules were not
tuned to these letters and these letters were not made to suit the rules. Keep it that way.
The traps are the ones clinic mail has: the recipient doctor before the patient, relatives
and signing doctors, `Name, Vorname`, middle initials, particles, double names, academic
titles, birth, admission, discharge, sample, referral and fax transmission dates beside the
letter's own, headings with dates, letters without a patient, a date or a subject.

    from bench.independent_letters import split
    for letter in split("dev"):
        letter.text(), letter.pdf(), letter.truth

`generate(count, seed)` is deterministic for a seed; `split("dev" | "test")` uses `DEV_SEED`
or `TEST_SEED`. Each block of len(LAYOUTS) letters holds every layout once.
"""

# PyMuPDF has no type hints; the values it returns are typed where used.
# mypy: disable-error-code="no-untyped-call"

from __future__ import annotations

import functools
import random
import re
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any, TypeVar

import pymupdf

DEV_SEED = 280_001
TEST_SEED = 280_917

MM = 72 / 25.4
PAGE_WIDTH = 595.28
PAGE_HEIGHT = 841.89
LEFT = 25 * MM
RIGHT = PAGE_WIDTH - 20 * MM
TOP = 20 * MM
BOTTOM = 268 * MM

FIELDS = ("patient", "born", "letter_date", "sender", "title")

# ---------------------------------------------------------------------------------------------
# Names, places, organisations
# ---------------------------------------------------------------------------------------------

GERMAN_WOMEN = [
    "Erika",
    "Ursula",
    "Sabine",
    "Petra",
    "Monika",
    "Brigitte",
    "Gisela",
    "Jutta",
    "Ingrid",
    "Renate",
    "Heike",
    "Claudia",
    "Susanne",
    "Martina",
    "Birgit",
    "Lea",
    "Hannah",
    "Sophie",
    "Johanna",
    "Käthe",
    "Anna-Lena",
    "Marie-Luise",
    "Eva-Maria",
    "Hildegard",
    "Dörte",
    "Anke",
]
GERMAN_MEN = [
    "Hans",
    "Klaus",
    "Jürgen",
    "Günter",
    "Dieter",
    "Horst",
    "Wolfgang",
    "Uwe",
    "Bernd",
    "Thomas",
    "Stefan",
    "Andreas",
    "Jörg",
    "Björn",
    "Sören",
    "Lukas",
    "Jonas",
    "Maximilian",
    "Felix",
    "Tobias",
    "Hans-Jürgen",
    "Karl-Heinz",
    "Hans-Peter",
    "Friedhelm",
    "Götz",
    "Ole",
]
GERMAN_FAMILIES = [
    "Müller",
    "Schmidt",
    "Schneider",
    "Fischer",
    "Weber",
    "Meyer",
    "Wagner",
    "Becker",
    "Schulz",
    "Hoffmann",
    "Schäfer",
    "Koch",
    "Bauer",
    "Richter",
    "Wolf",
    "Schröder",
    "Neumann",
    "Schwarz",
    "Zimmermann",
    "Braun",
    "Krüger",
    "Hartmann",
    "Lange",
    "Krause",
    "Lehmann",
    "Köhler",
    "Weiß",
    "Groß",
    "Strauß",
    "Jäger",
    "Böhm",
    "Günther",
    "Voß",
    "Preuß",
    "Rößler",
    "Mustermann",
    "Kühn",
    "Fuchs",
    "Vogel",
    "Dreßler",
    "Brückner",
    "Heinemann",
    "Ebeling",
    "Thießen",
    "Ströbele",
    "Müller-Lüdenscheidt",
    "Schulze-Wehninck",
    "Meyer-Hoffmann",
    "Klein-Bölting",
    "Nußbaum",
]
PARTICLE_FAMILIES = [
    ("von", "Bülow"),
    ("von der", "Heydt"),
    ("van der", "Berg"),
    ("van den", "Broek"),
    ("de", "Vries"),
    ("von", "Stetten"),
    ("zu", "Salm"),
    ("ten", "Brink"),
    ("de", "Souza"),
    ("van", "Dijk"),
    ("von", "Brandenstein-Zeppelin"),
    ("da", "Silva"),
]
TURKISH_WOMEN = ["Ayşe", "Fatma", "Emine", "Zeynep", "Elif", "Gülşen", "Özlem", "Hülya", "Şule"]
TURKISH_MEN = ["Mehmet", "Ahmet", "Mustafa", "Hüseyin", "Çağrı", "Şükrü", "Murat", "Serkan"]
TURKISH_FAMILIES = [
    "Yılmaz",
    "Kaya",
    "Demir",
    "Şahin",
    "Çelik",
    "Yıldız",
    "Öztürk",
    "Aydın",
    "Arslan",
    "Doğan",
    "Kılıç",
    "Koç",
    "Kurt",
    "Özdemir",
    "Güneş",
]
POLISH_WOMEN = ["Małgorzata", "Katarzyna", "Agnieszka", "Zofia", "Joanna", "Bożena"]
POLISH_MEN = ["Łukasz", "Krzysztof", "Wojciech", "Paweł", "Grzegorz", "Jędrzej", "Tomasz"]
POLISH_FAMILIES = [
    "Nowak",
    "Wróbel",
    "Woźniak",
    "Krawczyk",
    "Pawlak",
    "Mazur",
    "Kaczmarek",
    "Wójcik",
    "Zając",
    "Dąbrowski",
    "Szymańska",
    "Lewandowska",
    "Grabowski",
]
OTHER_WOMEN = ["Eleni", "Giulia", "Olga", "Amira", "Ana", "Jelena", "Thi Lan", "Marta"]
OTHER_MEN = ["Dimitrios", "Giuseppe", "Sergej", "Ahmad", "João", "Dragan", "Van Minh", "Luca"]
OTHER_FAMILIES = [
    "Papadopoulos",
    "Russo",
    "Iwanowa",
    "Haddad",
    "Ferreira",
    "Petrović",
    "Nguyen",
    "Esposito",
    "Al-Khatib",
    "Kovačević",
]
ENGLISH_WOMEN = [
    "Mary",
    "Elizabeth",
    "Patricia",
    "Linda",
    "Margaret",
    "Susan",
    "Emily",
    "Olivia",
    "Charlotte",
    "Siobhan",
    "Niamh",
    "Aoife",
    "Grace",
    "Deborah",
    "Priya",
    "Chloe",
    "Zoë",
]
ENGLISH_MEN = [
    "John",
    "James",
    "Robert",
    "Michael",
    "William",
    "David",
    "Thomas",
    "Harry",
    "George",
    "Declan",
    "Rhys",
    "Oliver",
    "Samuel",
    "Rajesh",
    "Chukwuemeka",
    "Wei",
    "Connor",
]
ENGLISH_FAMILIES = [
    "Smith",
    "Johnson",
    "Williams",
    "Brown",
    "Taylor",
    "O'Brien",
    "O'Connor",
    "McAllister",
    "Davies",
    "Evans",
    "Thompson",
    "Wright",
    "Robinson",
    "Walker",
    "Hughes",
    "Fitzgerald",
    "Sample",
    "Patel",
    "Okafor",
    "Khan",
    "Singh",
    "Nguyen",
    "Kowalczyk",
    "Smith-Jones",
    "MacLeod",
    "Featherstonehaugh",
    "Gallagher",
    "Ramírez",
    "Chen",
    "Müller",
    "Brennan",
]
ENGLISH_PARTICLES = [("van der", "Merwe"), ("de", "Souza"), ("de la", "Cruz"), ("van", "Buren")]
MIDDLE_INITIALS = list("ABCDEFGHJKLMPQRSTW")

GERMAN_DOCTORS_WOMEN = ["Anna", "Sabine", "Christiane", "Katrin", "Ewa", "Miriam", "Ilse", "Leyla"]
GERMAN_DOCTORS_MEN = ["Klaus", "Martin", "Jan", "Rüdiger", "Jörg", "Can", "Matthias", "Henrik"]
GERMAN_DOCTOR_FAMILIES = [
    "Berger",
    "Hartmann",
    "Kühn",
    "Weiß",
    "de Vries",
    "Nowak",
    "Lindqvist",
    "Yıldız",
    "Ortmann",
    "Sommerfeld",
    "Falkenberg",
    "Brüggemann",
    "Tietjen",
    "Albers",
    "Engelhardt",
]
ENGLISH_DOCTORS = [
    "Sarah Collins",
    "James O'Neill",
    "Anita Rao",
    "Robert Chen",
    "Helen Marsh",
    "Tom Ashworth",
    "Fiona Grant",
    "Daniel Kim",
    "Ngozi Adeyemi",
    "Mark Feldman",
    "Lucy Hargreaves",
    "Ahmed Siddiqui",
    "Emily Hart",
    "Paul Brennan",
    "Catherine Lowe",
]

GERMAN_TOWNS = [
    ("10115", "Berlin", "030"),
    ("20095", "Hamburg", "040"),
    ("80331", "München", "089"),
    ("50667", "Köln", "0221"),
    ("60311", "Frankfurt am Main", "069"),
    ("70173", "Stuttgart", "0711"),
    ("40213", "Düsseldorf", "0211"),
    ("04109", "Leipzig", "0341"),
    ("01067", "Dresden", "0351"),
    ("28195", "Bremen", "0421"),
    ("30159", "Hannover", "0511"),
    ("90402", "Nürnberg", "0911"),
    ("48143", "Münster", "0251"),
    ("79098", "Freiburg im Breisgau", "0761"),
    ("24103", "Kiel", "0431"),
    ("18055", "Rostock", "0381"),
    ("66111", "Saarbrücken", "0681"),
    ("93047", "Regensburg", "0941"),
    ("33602", "Bielefeld", "0521"),
    ("45127", "Essen", "0201"),
    ("37073", "Göttingen", "0551"),
    ("97070", "Würzburg", "0931"),
]
GERMAN_STREETS = [
    "Hauptstraße",
    "Bahnhofstraße",
    "Lindenallee",
    "Goethestraße",
    "Schillerplatz",
    "Am Markt",
    "Kirchweg",
    "Marktplatz",
    "Friedrich-Ebert-Straße",
    "Gartenstraße",
    "Rosenweg",
    "Mühlenstraße",
    "Schloßstraße",
    "Weißdornweg",
    "Straße des 17. Juni",
    "Karl-Marx-Allee",
    "Am Wall",
    "Sögestraße",
    "Kaiser-Wilhelm-Ring",
    "Holsteiner Chaussee",
    "Poststraße",
]
UK_TOWNS = [
    ("London", "W1G 9PQ", "020"),
    ("Brighton", "BN1 3XE", "01273"),
    ("Manchester", "M3 2BW", "0161"),
    ("Leeds", "LS6 2AB", "0113"),
    ("Bristol", "BS8 1TH", "0117"),
    ("Edinburgh", "EH2 3AH", "0131"),
    ("Cardiff", "CF10 3NB", "029"),
    ("Norwich", "NR2 1QP", "01603"),
    ("York", "YO1 7HH", "01904"),
]
UK_STREETS = [
    "Harley Street",
    "Queen's Road",
    "Castle Street",
    "Deansgate",
    "Victoria Road",
    "Church Lane",
    "Mill Road",
    "Station Approach",
    "Kingsway",
    "Abbey Gardens",
]
US_TOWNS = [
    ("Boston", "MA", "02134", "617"),
    ("San Francisco", "CA", "94105", "415"),
    ("Chicago", "IL", "60612", "312"),
    ("Burlington", "VT", "05401", "802"),
    ("Austin", "TX", "78701", "512"),
    ("Portland", "OR", "97205", "503"),
    ("Columbus", "OH", "43215", "614"),
    ("Madison", "WI", "53703", "608"),
]
US_STREETS = [
    "Commonwealth Ave",
    "Market Street",
    "W Michigan Ave",
    "Elm Street",
    "Congress Avenue",
    "NW Everett Street",
    "High Street",
    "State Street",
    "Oak Park Blvd",
]

PLACES = [
    "Lindenplatz",
    "Markt",
    "Stadtpark",
    "Rathaus",
    "Schlossgarten",
    "Dom",
    "Hafen",
    "Elbufer",
    "Rosengarten",
    "Südring",
    "Wall",
    "Kurpark",
]
DISTRICTS = ["Nordstadt", "Mitte", "Weststadt", "Oberland", "am Rosenberg", "Süd", "Altona"]
REGIONS = ["Rhein-Main", "Weser-Ems", "Niederrhein", "Oberschwaben", "Ostwestfalen", "Nordhessen"]
SAINTS = ["Marien", "Elisabeth", "Josef", "Georg", "Vinzenz", "Hedwig", "Franziskus"]
ENGLISH_PLACES = [
    "Riverside",
    "Oakwood",
    "Meadowbank",
    "Hillcrest",
    "Kingsway",
    "Northfield",
    "Lakeview",
    "Westbrook",
    "Bayside",
    "Harbour",
    "Greenway",
    "Elmhurst",
]
ENGLISH_SAINTS = ["Mary", "Luke", "Thomas", "Bartholomew", "Jude", "Anne", "Vincent"]

GERMAN_MONTHS = [
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
ENGLISH_MONTHS = [
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
class Person:
    """A person as letters name them; `full` is the label form (given names first)."""

    given: str
    family: str
    sex: str  # "f" | "m"
    particle: str = ""
    middle: str = ""  # an initial with its dot: "Q."
    title: str = ""  # an academic title the letter may put before the name: "Dr."
    born: date = date(1970, 1, 1)

    @property
    def full(self) -> str:
        return " ".join(
            part for part in (self.given, self.middle, self.particle, self.family) if part
        )

    @property
    def surname(self) -> str:
        return f"{self.particle} {self.family}".strip()

    def titled(self) -> str:
        return f"{self.title} {self.full}".strip()

    def comma(self, particle_last: bool = False) -> str:
        """`Mustermann, Erika`; German registers also write `Bülow, Friedrich von`."""
        given = " ".join(part for part in (self.given, self.middle) if part)
        if particle_last and self.particle:
            return f"{self.family}, {given} {self.particle}"
        return f"{self.surname}, {given}"


@dataclass(frozen=True)
class Org:
    name: str  # the letterhead's name line, the `sender` label
    subtitle: tuple[str, ...]
    street: str
    town: str  # the post code and town line as written
    phone: str
    fax: str
    email: str
    short: str  # how the back-line or a fax station names it


T = TypeVar("T")


def pick(rng: random.Random, items: Sequence[T]) -> T:
    return items[rng.randrange(len(items))]


def birth_date(rng: random.Random, letter_day: date, child: bool = False) -> date:
    years = rng.randint(2, 16) if child else rng.randint(19, 94)
    return letter_day - timedelta(days=years * 365 + rng.randint(0, 364))


def german_person(rng: random.Random, letter_day: date) -> Person:
    sex = pick(rng, "fm")
    roll = rng.random()
    particle = ""
    if roll < 0.55:
        given = pick(rng, GERMAN_WOMEN if sex == "f" else GERMAN_MEN)
        family = pick(rng, GERMAN_FAMILIES)
    elif roll < 0.67:
        given = pick(rng, TURKISH_WOMEN if sex == "f" else TURKISH_MEN)
        family = pick(rng, TURKISH_FAMILIES)
    elif roll < 0.78:
        given = pick(rng, POLISH_WOMEN if sex == "f" else POLISH_MEN)
        family = pick(rng, POLISH_FAMILIES)
    elif roll < 0.88:
        given = pick(rng, GERMAN_WOMEN if sex == "f" else GERMAN_MEN)
        particle, family = pick(rng, PARTICLE_FAMILIES)
    else:
        given = pick(rng, OTHER_WOMEN if sex == "f" else OTHER_MEN)
        family = pick(rng, OTHER_FAMILIES)
    title = "Dr." if rng.random() < 0.06 else ""
    return Person(given, family, sex, particle, "", title, birth_date(rng, letter_day))


def english_person(rng: random.Random, letter_day: date, us: bool) -> Person:
    sex = pick(rng, "fm")
    given = pick(rng, ENGLISH_WOMEN if sex == "f" else ENGLISH_MEN)
    particle = ""
    if rng.random() < 0.1:
        particle, family = pick(rng, ENGLISH_PARTICLES)
    else:
        family = pick(rng, ENGLISH_FAMILIES)
    middle = f"{pick(rng, MIDDLE_INITIALS)}." if rng.random() < (0.45 if us else 0.15) else ""
    return Person(given, family, sex, particle, middle, "", birth_date(rng, letter_day))


def german_doctor(rng: random.Random) -> Person:
    sex = pick(rng, "fm")
    given = pick(rng, GERMAN_DOCTORS_WOMEN if sex == "f" else GERMAN_DOCTORS_MEN)
    family = pick(rng, GERMAN_DOCTOR_FAMILIES)
    title = pick(rng, ["Dr. med.", "Dr. med.", "Dr. med.", "Prof. Dr. med.", "Dr. med. univ."])
    return Person(given, family, sex, title=title)


def english_doctor(rng: random.Random) -> Person:
    given, family = pick(rng, ENGLISH_DOCTORS).split(" ", 1)
    sex = (
        "f"
        if given in {"Sarah", "Anita", "Helen", "Fiona", "Ngozi", "Lucy", "Emily", "Catherine"}
        else "m"
    )
    return Person(given, family, sex, title="Dr")


def german_street(rng: random.Random) -> str:
    return f"{pick(rng, GERMAN_STREETS)} {rng.randint(1, 120)}{pick(rng, ['', '', '', 'a', 'b'])}"


def german_phone(rng: random.Random, prefix: str) -> tuple[str, str]:
    number = f"{rng.randint(2, 9)}{rng.randint(10, 99)} {rng.randint(10, 99)}"
    style = rng.randrange(3)
    if style == 0:
        return f"Tel. {prefix} {number}-0", f"Fax {prefix} {number}-{rng.randint(10, 99)}"
    if style == 1:
        return f"Telefon ({prefix}) {number} 0", f"Telefax ({prefix}) {number} 99"
    return (
        f"Tel.: +49 {prefix[1:]} {number.replace(' ', '')}0",
        f"Fax: +49 {prefix[1:]} {number.replace(' ', '')}9",
    )


def abbreviate_street(street: str) -> str:
    return street.replace("straße", "str.").replace("Straße", "Str.")


def domain(name: str) -> str:
    keep = "".join(ch for ch in name.lower() if ch.isalnum())
    for old, new in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        keep = keep.replace(old, new)
    return keep[:18]


GERMAN_ORG_NAMES: dict[str, list[str]] = {
    "hausarzt": [
        "Hausarztpraxis am {place}",
        "Gemeinschaftspraxis für Allgemeinmedizin",
        "Hausärztliche Gemeinschaftspraxis {family} & {family2}",
        "Praxis am {place}",
        "Allgemeinmedizin im Ärztehaus {district}",
    ],
    "kardio": [
        "Kardiologische Gemeinschaftspraxis am {place}",
        "Kardiologie im Ärztehaus {district}",
        "Herzzentrum {district}",
        "Kardiologische Praxis Dres. {family} und {family2}",
    ],
    "labor": [
        "Labor Dr. {family} & Partner MVZ",
        "MVZ Labordiagnostik {region} GmbH",
        "Medizinisches Versorgungszentrum Labor {city}",
        "Laborgemeinschaft {region} eG",
    ],
    "radiologie": [
        "Radiologie am {place}",
        "MVZ Radiologisches Zentrum {district}",
        "Praxis für Radiologie und Nuklearmedizin",
        "Radiologische Gemeinschaftspraxis {city}",
    ],
    "klinik": [
        "Klinikum {district}",
        "St. {saint}-Krankenhaus",
        "Kreiskrankenhaus {region}",
        "Evangelisches Krankenhaus {city}",
        "St. {saint}-Hospital {city}",
    ],
    "gastro": [
        "Gastroenterologische Praxis am {place}",
        "Zentrum für Endoskopie {city}",
        "Magen-Darm-Zentrum {district}",
    ],
    "neuro": [
        "Neurologische Praxis am {place}",
        "Neurologie und Psychiatrie im Zentrum",
        "Neurologisches Zentrum {district}",
    ],
    "pneumo": ["Lungenpraxis am {place}", "Pneumologische Gemeinschaftspraxis {city}"],
}
GERMAN_SUBTITLES: dict[str, list[str]] = {
    "hausarzt": ["Fachärzte für Allgemeinmedizin", "Hausärztliche Versorgung · Naturheilverfahren"],
    "kardio": [
        "Innere Medizin · Kardiologie · Angiologie",
        "Fachärzte für Innere Medizin und Kardiologie",
    ],
    "labor": [
        "Laboratoriumsmedizin · Mikrobiologie · Transfusionsmedizin",
        "Fachärzte für Laboratoriumsmedizin",
    ],
    "radiologie": ["MRT · CT · Röntgen · Mammographie · Nuklearmedizin"],
    "klinik": [
        "Klinik für Innere Medizin und Kardiologie",
        "Klinik für Allgemein- und Viszeralchirurgie",
        "Klinik für Neurologie",
        "Klinik für Geriatrie",
        "Klinik für Pneumologie",
    ],
    "gastro": ["Gastroenterologie · Proktologie · Ernährungsmedizin"],
    "neuro": ["Fachärzte für Neurologie", "Neurologie · Psychiatrie · Psychotherapie"],
    "pneumo": ["Pneumologie · Allergologie · Schlafmedizin"],
}


def german_org(rng: random.Random, kind: str) -> Org:
    postcode, city, prefix = pick(rng, GERMAN_TOWNS)
    name = pick(rng, GERMAN_ORG_NAMES[kind]).format(
        place=pick(rng, PLACES),
        family=pick(rng, GERMAN_DOCTOR_FAMILIES),
        family2=pick(rng, GERMAN_FAMILIES[:35]),
        district=pick(rng, DISTRICTS),
        region=pick(rng, REGIONS),
        city=city,
        saint=pick(rng, SAINTS),
    )
    subtitle = [pick(rng, GERMAN_SUBTITLES[kind])]
    if kind == "klinik":
        chief = german_doctor(rng)
        subtitle.append(
            f"Chefärztin: {chief.titled()}" if chief.sex == "f" else f"Chefarzt: {chief.titled()}"
        )
    elif rng.random() < 0.6:
        doctors = [german_doctor(rng) for _ in range(rng.randint(1, 3))]
        subtitle.append(" · ".join(doctor.titled() for doctor in doctors))
    phone, fax = german_phone(rng, prefix)
    short = name
    if rng.random() < 0.35:
        short = (
            name.replace("Kardiologische", "Kardiol.")
            .replace("Gemeinschaftspraxis", "GP")
            .replace("Krankenhaus", "KH")
            .replace("Medizinisches Versorgungszentrum", "MVZ")
        )
    web = domain(name)
    return Org(
        name,
        tuple(subtitle),
        german_street(rng),
        f"{postcode} {city}",
        phone,
        fax,
        f"info@{web}.de",
        short,
    )


def english_org(rng: random.Random, kind: str, us: bool) -> Org:
    place = pick(rng, ENGLISH_PLACES)
    saint = pick(rng, ENGLISH_SAINTS)
    names = {
        "gp": (
            [
                "{place} Family Practice",
                "{place} Internal Medicine, P.C.",
                "{place} Primary Care Associates",
            ]
            if us
            else [
                "{place} Surgery",
                "{place} Medical Centre",
                "The {place} Practice",
                "{place} Health Centre",
            ]
        ),
        "hospital": (
            [
                "{place} Medical Center",
                "St. {saint}'s Regional Medical Center",
                "Mercy General Hospital",
            ]
            if us
            else ["St. {saint}'s Hospital", "Royal {place} Infirmary", "{place} General Hospital"]
        ),
        "lab": (
            ["{place} Diagnostic Laboratory", "{place} Clinical Laboratories, Inc."]
            if us
            else ["{place} Pathology Services", "Department of Blood Sciences"]
        ),
        "radiology": (
            ["{place} Radiology Group", "{place} Imaging Center"]
            if us
            else ["{place} Imaging Ltd", "{place} Diagnostic Imaging Centre"]
        ),
        "cardiology": (
            ["{place} Cardiology Associates", "{place} Heart & Vascular Institute"]
            if us
            else ["{place} Heart Clinic", "Department of Cardiology"]
        ),
    }
    subtitles = {
        "gp": ["Family Medicine · Preventive Care", "General Practice"],
        "hospital": [
            "Department of Internal Medicine",
            "Department of Respiratory Medicine",
            "Division of Gastroenterology",
            "Department of Care of the Elderly",
        ],
        "lab": ["Clinical Chemistry · Haematology · Microbiology"],
        "radiology": ["MRI · CT · Ultrasound · X-ray"],
        "cardiology": ["Echocardiography · Cardiac Rhythm Management"],
    }
    name = pick(rng, names[kind]).format(place=place, saint=saint)
    subtitle = [pick(rng, subtitles[kind])]
    if us:
        city, state, zip_code, area = pick(rng, US_TOWNS)
        street = f"{rng.randint(10, 4999)} {pick(rng, US_STREETS)}"
        town = f"{city}, {state} {zip_code}"
        phone = f"Phone ({area}) 555-0{rng.randint(100, 199)}"
        fax = f"Fax ({area}) 555-0{rng.randint(100, 199)}"
    else:
        city, postcode, area = pick(rng, UK_TOWNS)
        street = f"{rng.randint(1, 220)} {pick(rng, UK_STREETS)}"
        town = f"{city} {postcode}"
        phone = f"Tel: {area} {rng.randint(200, 899)} {rng.randint(1000, 9999)}"
        fax = f"Fax: {area} {rng.randint(200, 899)} {rng.randint(1000, 9999)}"
    mailbox = pick(rng, ["office", "referrals", "admin", "info"])
    email = f"{mailbox}@{domain(name)}.{'org' if us else 'nhs.uk'}"
    return Org(name, tuple(subtitle), street, town, phone, fax, email, name.upper()[:24])


# ---------------------------------------------------------------------------------------------
# Dates as clinics write them
# ---------------------------------------------------------------------------------------------


def de_date(day: date, style: str) -> str:
    if style == "dotted":
        return f"{day.day:02d}.{day.month:02d}.{day.year}"
    if style == "unpadded":
        return f"{day.day}.{day.month}.{day.year}"
    if style == "short":
        return f"{day.day}.{day.month}.{day.year % 100:02d}"
    if style == "short_padded":
        return f"{day.day:02d}.{day.month:02d}.{day.year % 100:02d}"
    if style == "long":
        return f"{day.day}. {GERMAN_MONTHS[day.month - 1]} {day.year}"
    if style == "iso":
        return day.isoformat()
    raise ValueError(style)


def ordinal(number: int) -> str:
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"


def en_date(day: date, style: str) -> str:
    month = ENGLISH_MONTHS[day.month - 1]
    if style == "long":
        return f"{day.day} {month} {day.year}"
    if style == "ordinal":
        return f"{ordinal(day.day)} {month} {day.year}"
    if style == "us_long":
        return f"{month} {day.day}, {day.year}"
    if style == "abbrev":
        return f"{day.day} {month[:3]} {day.year}"
    if style == "us_abbrev":
        return f"{month[:3]} {day.day}, {day.year}"
    if style == "iso":
        return day.isoformat()
    if style == "uk_slash":
        return f"{day.day:02d}/{day.month:02d}/{day.year}"
    if style == "us_slash":
        return f"{day.month:02d}/{day.day:02d}/{day.year}"
    if style == "us_slash_short":
        return f"{day.month}/{day.day}/{day.year % 100:02d}"
    raise ValueError(style)


def de_letter_style(rng: random.Random) -> str:
    return pick(
        rng,
        ["dotted", "dotted", "dotted", "unpadded", "short", "short_padded", "long", "long", "iso"],
    )


def de_birth_style(rng: random.Random, born: date) -> str:
    styles = ["dotted", "dotted", "dotted", "dotted", "unpadded", "long"]
    if 1930 <= born.year <= 1999:
        styles += ["short", "short_padded"]  # a clerk reads 12.3.52 as 1952
    return pick(rng, styles)


def en_letter_style(rng: random.Random, us: bool) -> str:
    if us:
        return pick(rng, ["us_long", "us_long", "us_long", "us_abbrev", "us_slash", "iso"])
    return pick(rng, ["long", "long", "ordinal", "abbrev", "uk_slash", "iso"])


def en_birth_style(rng: random.Random, us: bool) -> str:
    if us:
        return pick(rng, ["us_slash", "us_slash", "us_slash", "us_long", "us_abbrev"])
    return pick(rng, ["uk_slash", "uk_slash", "long", "abbrev"])


def letter_day(rng: random.Random) -> date:
    return date(2023, 1, 2) + timedelta(days=rng.randint(0, 4 * 365 - 10))


def weekday_before(day: date, rng: random.Random, low: int, high: int) -> date:
    return day - timedelta(days=rng.randint(low, high))


# ---------------------------------------------------------------------------------------------
# Placing text on the page
# ---------------------------------------------------------------------------------------------

FONT_CODES = {
    ("sans", "regular"): "helv",
    ("sans", "bold"): "hebo",
    ("sans", "italic"): "heit",
    ("serif", "regular"): "tiro",
    ("serif", "bold"): "tibo",
    ("serif", "italic"): "tiit",
    ("mono", "regular"): "cour",
    ("mono", "bold"): "cobo",
    ("mono", "italic"): "coit",
}


@functools.cache
def _font(code: str) -> Any:
    return pymupdf.Font(code)


@functools.cache
def _advance(code: str, character: str) -> float:
    return float(_font(code).glyph_advance(ord(character)))


def text_width(text: str, code: str, size: float) -> float:
    # The sum of cached glyph advances equals Font.text_length (no kerning) and is much faster.
    return size * sum(_advance(code, character) for character in text)


@dataclass(frozen=True)
class Piece:
    x: float
    text: str
    font: str  # a PyMuPDF base-14 code, embedded as a Unicode font (Turkish, Polish letters)
    size: float


@dataclass(frozen=True)
class Placed:
    """One line of the letter: its pieces share a baseline (a table row has several)."""

    page: int
    y: float
    pieces: tuple[Piece, ...]
    separator: str = " "
    band: int = 1  # 0: a header line read first on its page, 2: a footer read last

    @property
    def text(self) -> str:
        return self.separator.join(piece.text for piece in self.pieces)


@dataclass(frozen=True)
class Rule:
    page: int
    x0: float
    y0: float
    x1: float
    y1: float
    width: float = 0.5
    filled: bool = False  # a filled box (a logo) instead of a line


class Sheet:
    """A letter being set: absolute placements (letterhead, window) and flowed text (body)."""

    def __init__(self, family: str, size: float, leading: float = 1.35) -> None:
        self.family = family
        self.size = size
        self.leading = leading
        self.placed: list[Placed] = []
        self.rules: list[Rule] = []
        self.page = 0
        self.cursor = TOP

    def code(self, weight: str = "regular", family: str | None = None) -> str:
        return FONT_CODES[(family or self.family, weight)]

    def put(
        self,
        text: str,
        x: float,
        y: float,
        *,
        size: float | None = None,
        weight: str = "regular",
        align: str = "left",
        family: str | None = None,
        page: int | None = None,
        band: int = 1,
    ) -> None:
        size = size or self.size
        code = self.code(weight, family)
        if align == "right":
            x -= text_width(text, code, size)
        elif align == "center":
            x -= text_width(text, code, size) / 2
        self.placed.append(
            Placed(self.page if page is None else page, y, (Piece(x, text, code, size),), band=band)
        )

    def put_row(
        self,
        cells: Sequence[tuple[float, str]],
        y: float,
        *,
        size: float | None = None,
        weight: str = "regular",
        separator: str = "  ",
        family: str | None = None,
        page: int | None = None,
        band: int = 1,
    ) -> None:
        size = size or self.size
        code = self.code(weight, family)
        pieces = tuple(Piece(x, text, code, size) for x, text in cells if text)
        if not pieces:
            return
        self.placed.append(Placed(self.page if page is None else page, y, pieces, separator, band))

    def block(
        self,
        lines: Sequence[str],
        x: float,
        y: float,
        *,
        size: float | None = None,
        weight: str = "regular",
        align: str = "left",
        leading: float | None = None,
        family: str | None = None,
    ) -> float:
        """Places lines one under another from baseline y; returns the next free baseline."""
        size = size or self.size
        step = size * (leading or self.leading)
        for line in lines:
            if line:
                self.put(line, x, y, size=size, weight=weight, align=align, family=family)
            y += step
        return y

    def rule(self, x0: float, y0: float, x1: float, y1: float, width: float = 0.5) -> None:
        self.rules.append(Rule(self.page, x0, y0, x1, y1, width))

    def logo(self, x: float, y: float, side: float) -> None:
        self.rules.append(Rule(self.page, x, y, x + side, y + side, 0.0, filled=True))

    def at(self, y: float) -> None:
        self.cursor = y

    def skip(self, points: float) -> None:
        self.cursor += points

    def _advance(self, height: float) -> float:
        if self.cursor + height > BOTTOM:
            self.page += 1
            self.cursor = TOP + 10 * MM
        self.cursor += height
        return self.cursor

    def write(
        self,
        text: str,
        *,
        size: float | None = None,
        weight: str = "regular",
        indent: float = 0.0,
        family: str | None = None,
        after: float = 0.0,
        right: float = RIGHT,
    ) -> None:
        """Flows a paragraph at the cursor, wrapped to the measured width, breaking pages."""
        size = size or self.size
        code = self.code(weight, family)
        width = right - LEFT - indent
        for line in wrap(text, code, size, width):
            y = self._advance(size * self.leading)
            self.placed.append(Placed(self.page, y, (Piece(LEFT + indent, line, code, size),)))
        self.cursor += after

    def row(
        self,
        cells: Sequence[tuple[float, str]],
        *,
        size: float | None = None,
        weight: str = "regular",
        separator: str = "  ",
        family: str | None = None,
    ) -> None:
        """Flows one table row; cell offsets are from the left margin."""
        size = size or self.size
        y = self._advance(size * self.leading)
        self.put_row(
            [(LEFT + x, text) for x, text in cells],
            y,
            size=size,
            weight=weight,
            separator=separator,
            family=family,
        )

    def finish(self) -> tuple[tuple[Placed, ...], tuple[Rule, ...]]:
        # Reading order: page by page; on a page its header, then what was set, then footers.
        order = sorted(
            range(len(self.placed)), key=lambda i: (self.placed[i].page, self.placed[i].band, i)
        )
        return tuple(self.placed[i] for i in order), tuple(self.rules)


MONTH_WORD = "|".join(GERMAN_MONTHS + ENGLISH_MONTHS + [month[:3] for month in ENGLISH_MONTHS])
# A written-out date stays on one line, as word processors with a non-breaking space keep it.
UNBROKEN = re.compile(
    rf"\S*(?:\d{{1,2}}(?:\.|st|nd|rd|th)? (?:{MONTH_WORD}) \d{{4}}"
    rf"|(?:{MONTH_WORD}) \d{{1,2}}, \d{{4}})\S*|\S+"
)


def fitted(text: str, code: str, size: float, width: float, smallest: float = 6.0) -> float:
    """The size at most `size` at which text fits the width, as a typesetter shrinks a long name."""
    while size > smallest and text_width(text, code, size) > width:
        size -= 0.25
    return size


def wrap(text: str, code: str, size: float, width: float) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in UNBROKEN.findall(text):
        candidate = f"{current} {word}" if current else word
        if current and text_width(candidate, code, size) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


# ---------------------------------------------------------------------------------------------
# Letter parts shared by the layouts
# ---------------------------------------------------------------------------------------------


def letterhead(
    sheet: Sheet, org: Org, side: str, y: float, *, english: bool = False, contact: bool = True
) -> float:
    """The organisation's name line (large, bold) with its subtitle and contact lines."""
    x = {"left": LEFT, "right": RIGHT, "center": PAGE_WIDTH / 2}[side]
    name_size = fitted(org.name, sheet.code("bold"), round(sheet.size * 1.5, 1), RIGHT - LEFT)
    sheet.put(org.name, x, y, size=name_size, weight="bold", align=side)
    y += name_size * 0.9 + 2
    y = sheet.block(
        org.subtitle,
        x,
        y,
        size=sheet.size - 1.5,
        align=side,
        leading=1.3,
        weight="italic" if sheet.family == "serif" else "regular",
    )
    if contact:
        lines = [f"{org.street} · {org.town}", f"{org.phone} · {org.fax}"]
        if not english or len(org.email) < 40:
            lines.append(org.email)
        y = sheet.block(lines, x, y, size=sheet.size - 2, align=side, leading=1.3)
    sheet.rule(LEFT, y - 2, RIGHT, y - 2, 0.6)
    return y + 4


def fold_marks(sheet: Sheet) -> None:
    # DIN 5008 fold and punch marks at the left edge: ink a scan shows, no text.
    for y_mm in (105, 148.5, 210):
        sheet.rule(4 * MM, y_mm * MM, 8 * MM, y_mm * MM, 0.4)


def window(sheet: Sheet, backline: str, recipient: Sequence[str], *, y: float = 50 * MM) -> None:
    """DIN 5008 address window: the small sender back-line over the recipient's lines."""
    # The back-line must fit the 85 mm window, so a long one is set smaller.
    size = fitted(backline, sheet.code(), 6.5, 85 * MM, smallest=4.5)
    sheet.put(backline, LEFT, y, size=size)
    sheet.rule(LEFT, y + 1.5, LEFT + text_width(backline, sheet.code(), size), y + 1.5, 0.3)
    sheet.block(recipient, LEFT, y + 5 * MM, size=sheet.size, leading=1.25)


def info_block(
    sheet: Sheet,
    pairs: Sequence[tuple[str, str]],
    *,
    x: float = 125 * MM,
    y: float = 50 * MM,
    size: float | None = None,
) -> float:
    size = size or sheet.size - 1
    # The values start after the widest label, as a typed reference block aligns them.
    column = max(text_width(label, sheet.code(), size) for label, _ in pairs) + 4
    for label, value in pairs:
        sheet.put_row([(x, label), (x + column, value)], y, size=size, separator=" ")
        y += size * 1.45
    return y


def backline_of(org: Org) -> str:
    return f"{org.short} · {abbreviate_street(org.street)} · {org.town}"


def german_recipient_doctor(rng: random.Random) -> tuple[Person, Org, list[str]]:
    doctor = german_doctor(rng)
    practice = german_org(rng, "hausarzt")
    salutation = "Frau" if doctor.sex == "f" else "Herrn"
    lines = [salutation, doctor.titled(), practice.name, practice.street, practice.town]
    if rng.random() < 0.5:
        lines = [f"{salutation} {doctor.titled()}", *lines[2:]]
    return doctor, practice, lines


def german_salutation(person: Person, case: str = "nom") -> str:
    if person.sex == "f":
        return "Frau"
    return "Herrn" if case == "acc" else "Herr"


def german_dear(doctor: Person) -> str:
    if doctor.sex == "f":
        return pick_fixed(
            doctor.family,
            [
                "Sehr geehrte Frau Kollegin,",
                f"Sehr geehrte Frau {doctor.title.split()[0]} {doctor.surname},",
                "Liebe Kollegin,",
            ],
        )
    return pick_fixed(
        doctor.family,
        [
            "Sehr geehrter Herr Kollege,",
            f"Sehr geehrter Herr {doctor.title.split()[0]} {doctor.surname},",
            "Lieber Kollege,",
        ],
    )


def pick_fixed(key: str, options: Sequence[str]) -> str:
    # A choice that depends only on the text, so it needs no draw from the letter's stream.
    return options[sum(map(ord, key)) % len(options)]


def german_patient_line(rng: random.Random, patient: Person) -> tuple[str, str]:
    """A `Pat.:` line as German systems print it, and the birth date as it appears there."""
    born = de_date(patient.born, de_birth_style(rng, patient.born))
    form = rng.randrange(6)
    salutation = german_salutation(patient)
    if form == 0:
        return f"Pat.: {patient.comma()}, geb. {born}", born
    if form == 1:
        return (
            f"Patient{'in' if patient.sex == 'f' else ''}: {salutation} {patient.titled()}, * "
            f"{born}",
            born,
        )
    if form == 2:
        return f"{patient.comma(particle_last=True)}, geb. am {born}", born
    if form == 3:
        return (
            f"Patient{'in' if patient.sex == 'f' else ''}: {patient.titled()}, geboren am {born}",
            born,
        )
    if form == 4:
        return f"Name: {patient.comma()}    Geb.-Datum: {born}", born
    return f"Pat.: {patient.full} (* {born})", born


def german_signature(
    sheet: Sheet, rng: random.Random, doctors: Sequence[Person], roles: Sequence[str]
) -> None:
    sheet.write(
        pick(
            rng,
            [
                "Mit freundlichen Grüßen",
                "Mit freundlichen kollegialen Grüßen",
                "Mit kollegialen Grüßen",
            ],
        ),
        after=9 * MM,
    )
    if len(doctors) == 1:
        sheet.write(doctors[0].titled())
        sheet.write(roles[0], size=sheet.size - 1)
        return
    column = 85 * MM if len(doctors) == 2 else 56 * MM
    offsets = [index * (column + 2 * MM) for index in range(len(doctors))]
    names = [doctor.titled() for doctor in doctors]
    # Signature columns side by side: names and roles shrink to fit their column.
    name_size = min(fitted(name, sheet.code(), sheet.size, column) for name in names)
    role_size = min(fitted(role, sheet.code(), sheet.size - 2, column) for role in roles)
    sheet.row(list(zip(offsets, names, strict=True)), size=name_size, separator="    ")
    sheet.row(list(zip(offsets, roles, strict=True)), size=role_size, separator="    ")


def german_role(doctor: Person, specialty: str) -> str:
    return f"{'Fachärztin' if doctor.sex == 'f' else 'Facharzt'} für {specialty}"


def german_footer(sheet: Sheet, rng: random.Random, org: Org) -> None:
    bank = pick(rng, ["Sparkasse", "Volksbank", "Deutsche Apotheker- und Ärztebank", "Postbank"])
    iban = "DE" + "".join(str(rng.randint(0, 9)) for _ in range(20))
    iban = " ".join(textwrap.wrap(iban, 4))
    bsnr = "".join(str(rng.randint(0, 9)) for _ in range(9))
    line_one = f"{bank} · IBAN {iban}"
    line_two = f"BSNR {bsnr} · {org.email}" if rng.random() < 0.6 else f"{org.phone} · {org.email}"
    sheet.rule(LEFT, 280 * MM, RIGHT, 280 * MM, 0.3)
    sheet.put(line_one, PAGE_WIDTH / 2, 284 * MM, size=6.5, align="center", page=0, band=2)
    sheet.put(line_two, PAGE_WIDTH / 2, 287.5 * MM, size=6.5, align="center", page=0, band=2)


def english_footer(sheet: Sheet, rng: random.Random, org: Org, us: bool) -> None:
    if us:
        npi = rng.randint(1_000_000_000, 1_999_999_999)
        text = f"NPI {npi} · {org.street}, {org.town} · {org.phone}"
    else:
        text = f"Registered in England No. {rng.randint(1_000_000, 9_999_999)} · {org.email}"
    sheet.rule(LEFT, 280 * MM, RIGHT, 280 * MM, 0.3)
    sheet.put(text, PAGE_WIDTH / 2, 285 * MM, size=6.5, align="center", page=0, band=2)


def fax_header(
    sheet: Sheet,
    sent: str,
    number: str,
    station: str,
    page_word: str,
    *,
    separator: str = "   ",
    total: int | None = None,
) -> None:
    """The line a fax machine prints on top of every page it sends (added when set)."""
    pages = total or sheet.page + 1
    for page in range(sheet.page + 1):
        mark = f"{page_word} {page + 1}/{pages}" if page_word else f"P.{page + 1:03d}/{pages:03d}"
        sheet.put_row(
            [(8 * MM, sent), (55 * MM, number), (100 * MM, station), (175 * MM, mark)],
            7 * MM,
            size=7.5,
            family="mono",
            separator=separator,
            page=page,
            band=0,
        )


# ---------------------------------------------------------------------------------------------
# Clinical text banks
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Specialty:
    name: str  # "Kardiologie" / "cardiology", for roles and purposes
    role: str  # "Innere Medizin und Kardiologie"
    org_kind: str
    diagnoses: tuple[str, ...]
    findings: tuple[str, ...]
    advice: tuple[str, ...]
    subjects: tuple[str, ...]


GERMAN_SPECIALTIES = (
    Specialty(
        "Kardiologie",
        "Innere Medizin und Kardiologie",
        "kardio",
        (
            "Arterielle Hypertonie (I10.90)",
            "Vorhofflimmern, paroxysmal (I48.0)",
            "Koronare Herzkrankheit, 1-Gefäßerkrankung (I25.11)",
            "Hypercholesterinämie (E78.0)",
            "Herzinsuffizienz mit erhaltener Ejektionsfraktion (I50.19)",
        ),
        (
            "RR {sys}/{dia} mmHg, HF {hr}/min, rhythmisch. Herztöne rein, keine pathologischen "
            "Geräusche.",
            "EKG: Sinusrhythmus, Linkstyp, HF {hr}/min, PQ {pq} ms, QRS {qrs} ms, keine "
            "Erregungsrückbildungsstörungen.",
            "Echokardiographie: normal großer linker Ventrikel, LVEF {ef} % (biplan), keine "
            "regionalen Wandbewegungsstörungen, diastolische Dysfunktion Grad I.",
            "Belastungs-EKG bis {watt} Watt, Abbruch wegen peripherer Erschöpfung, keine Angina "
            "pectoris, keine signifikanten ST-Senkungen.",
            "Langzeit-EKG über 24 Stunden: durchgehend Sinusrhythmus, mittlere Frequenz "
            "{hr}/min, vereinzelte monomorphe VES.",
        ),
        (
            "Wir empfehlen die Fortführung der Therapie mit Ramipril {ramipril} mg 1-0-0 und "
            "Bisoprolol 2,5 mg 1-0-0.",
            "Eine Kontrolle in unserer Praxis ist in {months} Monaten vorgesehen.",
            "Bei Zunahme der Beschwerden bitten wir um frühere Wiedervorstellung.",
            "Das LDL-Cholesterin sollte unter 55 mg/dl gesenkt werden; wir haben Atorvastatin 40 "
            "mg 0-0-1 begonnen.",
        ),
        (
            "Kardiologischer Befundbericht",
            "Echokardiographie",
            "Kardiologische Untersuchung",
            "Befundbericht Langzeit-EKG",
            "Ergebnis der Belastungsuntersuchung",
        ),
    ),
    Specialty(
        "Gastroenterologie",
        "Innere Medizin und Gastroenterologie",
        "gastro",
        (
            "Refluxösophagitis LA Grad A (K21.0)",
            "Divertikulose des Sigmas (K57.30)",
            "Tubuläres Adenom des Colon ascendens, abgetragen (D12.2)",
            "Helicobacter-pylori-Gastritis (K29.5)",
        ),
        (
            "Ösophagogastroduodenoskopie: Z-Linie unscharf, einzelne Erosionen unter 5 mm, Magen "
            "und Duodenum unauffällig.",
            "Koloskopie bis ins terminale Ileum, gute Vorbereitung (Boston Bowel Preparation "
            "Scale {bbps}), im Colon ascendens ein {size} mm großer Polyp, mit der Schlinge "
            "abgetragen.",
            "Sonographie des Abdomens: Leber normal groß mit homogenem Parenchym, Gallenblase "
            "steinfrei, Pankreas soweit einsehbar unauffällig.",
            "Die Histologie (Institut für Pathologie) ergab ein tubuläres Adenom mit "
            "niedriggradiger intraepithelialer Neoplasie.",
        ),
        (
            "Wir empfehlen Pantoprazol 40 mg 1-0-0 für {weeks} Wochen, danach Auslassversuch.",
            "Eine Kontrollkoloskopie ist in {years} Jahren sinnvoll.",
            "Eine Eradikationstherapie nach dem Bismut-Quadrupelschema wurde eingeleitet.",
        ),
        (
            "Endoskopiebefund",
            "Koloskopie",
            "Gastroenterologischer Befundbericht",
            "Befund der Magenspiegelung",
        ),
    ),
    Specialty(
        "Neurologie",
        "Neurologie",
        "neuro",
        (
            "Karpaltunnelsyndrom rechts (G56.0)",
            "Migräne ohne Aura (G43.0)",
            "Polyneuropathie, am ehesten diabetisch (G63.2)",
            "Restless-Legs-Syndrom (G25.81)",
        ),
        (
            "Neurologischer Status: Hirnnerven intakt, Kraft seitengleich Kraftgrad 5/5, "
            "Muskeleigenreflexe mittellebhaft.",
            "Elektroneurographie: distal motorische Latenz des N. medianus rechts {latency} ms "
            "(verlängert), sensible NLG vermindert.",
            "Es bestehen nächtliche Parästhesien der Finger I bis III seit etwa {months} Monaten.",
            "Vibrationsempfinden an den Großzehen beidseits 4/8, Achillessehnenreflexe nicht "
            "auslösbar.",
        ),
        (
            "Wir empfehlen eine nächtliche Handgelenksschiene und bei Persistenz die operative "
            "Dekompression.",
            "Eine Wiedervorstellung ist in {months} Monaten geplant.",
            "Zur Anfallsprophylaxe empfehlen wir Metoprolol 47,5 mg 1-0-0.",
        ),
        (
            "Neurologischer Befundbericht",
            "Elektrophysiologische Untersuchung",
            "Neurologische Konsiliaruntersuchung",
        ),
    ),
    Specialty(
        "Pneumologie",
        "Innere Medizin und Pneumologie",
        "pneumo",
        (
            "Asthma bronchiale, teilweise kontrolliert (J45.8)",
            "COPD GOLD 2, Gruppe B (J44.89)",
            "Obstruktives Schlafapnoesyndrom (G47.31)",
        ),
        (
            "Bodyplethysmographie: FEV1 {fev} % des Solls, FEV1/FVC {ratio} %, nach "
            "Bronchospasmolyse Zunahme um {delta} ml.",
            "Auskultation: vesikuläres Atemgeräusch, vereinzelt exspiratorisches Giemen.",
            "Polygraphie: AHI {ahi}/h, mittlere Sauerstoffsättigung {spo2} %.",
        ),
        (
            "Wir empfehlen Budesonid/Formoterol 160/4,5 µg 2-0-2 Hübe.",
            "Eine CPAP-Einstellung im Schlaflabor ist angemeldet.",
            "Kontrolle der Lungenfunktion in {months} Monaten.",
        ),
        ("Lungenfunktionsprüfung", "Pneumologischer Befundbericht", "Ergebnis der Polygraphie"),
    ),
)

ENGLISH_SPECIALTIES = (
    Specialty(
        "cardiology",
        "Consultant Cardiologist",
        "cardiology",
        (
            "Hypertension",
            "Paroxysmal atrial fibrillation",
            "Ischaemic heart disease",
            "Heart failure with preserved ejection fraction",
            "Hypercholesterolaemia",
        ),
        (
            "Blood pressure was {sys}/{dia} mmHg with a regular pulse of {hr} beats per minute.",
            "The ECG showed sinus rhythm with a PR interval of {pq} ms and no acute changes.",
            "Echocardiography demonstrated a non-dilated left ventricle with an ejection "
            "fraction of {ef}%.",
            "A 24-hour Holter monitor recorded sinus rhythm throughout with occasional ectopics.",
        ),
        (
            "I would suggest continuing ramipril {ramipril} mg once daily and adding bisoprolol "
            "2.5 mg.",
            "I will review the patient in clinic in {months} months.",
            "Please do not hesitate to contact me should the symptoms worsen in the meantime.",
        ),
        (
            "Cardiology review",
            "Echocardiogram results",
            "Outpatient cardiology consultation",
            "Chest pain assessment",
        ),
    ),
    Specialty(
        "respiratory medicine",
        "Consultant Respiratory Physician",
        "hospital",
        ("Asthma, partially controlled", "COPD, GOLD stage 2", "Obstructive sleep apnoea"),
        (
            "Spirometry showed an FEV1 of {fev}% predicted with an FEV1/FVC ratio of {ratio}%.",
            "Oxygen saturations were {spo2}% on room air.",
            "The chest X-ray was clear with no focal consolidation.",
        ),
        (
            "I have started budesonide/formoterol 200/6 micrograms two puffs twice daily.",
            "We will repeat lung function testing in {months} months.",
            "A referral for a sleep study has been made.",
        ),
        ("Respiratory clinic review", "Spirometry results", "Breathlessness clinic"),
    ),
    Specialty(
        "gastroenterology",
        "Consultant Gastroenterologist",
        "hospital",
        (
            "Gastro-oesophageal reflux disease",
            "Diverticular disease",
            "Iron deficiency anaemia",
            "Coeliac disease",
        ),
        (
            "Upper GI endoscopy showed mild oesophagitis (LA grade A) and a normal duodenum.",
            "Colonoscopy to the terminal ileum revealed a {size} mm polyp in the ascending "
            "colon, removed by snare.",
            "Haemoglobin was {hb} g/L with a ferritin of {ferritin} micrograms/L.",
        ),
        (
            "I would continue omeprazole 20 mg daily for {weeks} weeks.",
            "A surveillance colonoscopy in {years} years would be appropriate.",
            "Oral iron replacement has been started.",
        ),
        ("Gastroenterology clinic letter", "Endoscopy results", "Colonoscopy report"),
    ),
)


def clinical_values(rng: random.Random) -> dict[str, object]:
    return {
        "sys": rng.randint(112, 168),
        "dia": rng.randint(68, 98),
        "hr": rng.randint(52, 96),
        "pq": rng.randint(140, 210),
        "qrs": rng.randint(80, 118),
        "ef": rng.randint(35, 66),
        "watt": pick(rng, [75, 100, 125, 150, 175]),
        "ramipril": pick(rng, ["2,5", "5", "10"]),
        "months": pick(rng, [3, 6, 12]),
        "weeks": pick(rng, [4, 6, 8]),
        "years": pick(rng, [3, 5]),
        "bbps": rng.randint(6, 9),
        "size": rng.randint(4, 14),
        "latency": f"{rng.uniform(4.3, 6.8):.1f}".replace(".", ","),
        "fev": rng.randint(48, 98),
        "ratio": rng.randint(55, 82),
        "delta": rng.randint(90, 420),
        "ahi": rng.randint(6, 48),
        "spo2": rng.randint(90, 98),
        "hb": rng.randint(88, 150),
        "ferritin": rng.randint(5, 180),
    }


def english_text(text: str) -> str:
    # The English banks share the German placeholders; their decimals use points.
    return text.replace("2,5", "2.5")


def sentences(
    rng: random.Random, bank: Sequence[str], low: int, high: int, values: dict[str, object]
) -> list[str]:
    chosen = rng.sample(list(bank), min(len(bank), rng.randint(low, high)))
    return [sentence.format(**values) for sentence in chosen]


# ---------------------------------------------------------------------------------------------
# The layouts
# ---------------------------------------------------------------------------------------------


@dataclass
class Draft:
    kind: str
    sheet: Sheet
    truth: dict[str, str | None]


Layout = Callable[[random.Random], Draft]
LAYOUTS: dict[str, tuple[str, Layout]] = {}


def layout(language: str) -> Callable[[Layout], Layout]:
    def register(function: Layout) -> Layout:
        LAYOUTS[function.__name__] = (language, function)
        return function

    return register


def truth(
    patient: Person | None,
    born: date | None,
    letter: date | None,
    sender: str | None,
    title: str | None,
) -> dict[str, str | None]:
    return {
        "patient": patient.full if patient else None,
        "born": born.isoformat() if born else None,
        "letter_date": letter.isoformat() if letter else None,
        "sender": sender,
        "title": title,
    }


def new_sheet(rng: random.Random, families: Sequence[str] = ("sans", "serif")) -> Sheet:
    return Sheet(
        pick(rng, families), pick(rng, [9.5, 10.0, 10.5, 11.0]), pick(rng, [1.3, 1.4, 1.5])
    )


@layout("de")
def de_din_letterhead_left(rng: random.Random) -> Draft:
    """Specialist's report: letterhead left, window with back-line, DIN reference block."""
    day = letter_day(rng)
    specialty = pick(rng, GERMAN_SPECIALTIES)
    org = german_org(rng, specialty.org_kind)
    patient = german_person(rng, day)
    recipient, _, address = german_recipient_doctor(rng)
    sheet = new_sheet(rng)
    fold_marks(sheet)
    letterhead(sheet, org, "left", 18 * MM)
    window(sheet, backline_of(org), address)
    date_text = de_date(day, de_letter_style(rng))
    reference = f"{org.name[:2].lower()}-{rng.randint(100, 999)}"
    pairs = [("Ihr Zeichen:", ""), ("Unser Zeichen:", reference)]
    if rng.random() < 0.4:
        pairs.append(("Name:", f"{pick(rng, ['Frau', 'Herr'])} {pick(rng, GERMAN_FAMILIES[:30])}"))
    pairs += [("Telefon:", org.phone.split(" ", 1)[1]), ("Datum:", date_text)]
    info_block(sheet, pairs)
    subject = pick(rng, specialty.subjects)
    patient_line, _ = german_patient_line(rng, patient)
    sheet.at(100 * MM)
    sheet.write(subject, weight="bold")
    sheet.write(patient_line, weight="bold", after=5 * MM)
    sheet.write(german_dear(recipient), after=3)
    exam = weekday_before(day, rng, 1, 12)
    values = clinical_values(rng)
    sheet.write(
        "vielen Dank für die Überweisung "
        f"{'Ihrer Patientin' if patient.sex == 'f' else 'Ihres Patienten'}, "
        f"die sich am {de_date(exam, 'dotted')} in unserer Sprechstunde vorstellte.",
        after=3,
    )
    sheet.write("Diagnosen:", weight="bold")
    for diagnosis in rng.sample(list(specialty.diagnoses), 2):
        sheet.write(f"– {diagnosis}", indent=4 * MM)
    sheet.skip(3)
    sheet.write("Befund: " + " ".join(sentences(rng, specialty.findings, 2, 3, values)), after=3)
    sheet.write("Procedere: " + " ".join(sentences(rng, specialty.advice, 1, 2, values)), after=6)
    doctor = german_doctor(rng)
    german_signature(sheet, rng, [doctor], [german_role(doctor, specialty.role)])
    german_footer(sheet, rng, org)
    return Draft("report", sheet, truth(patient, patient.born, day, org.name, subject))


@layout("de")
def de_din_letterhead_right(rng: random.Random) -> Draft:
    """Letterhead right-aligned, `Ort, den` date line, `Betreff:` with the patient after it."""
    day = letter_day(rng)
    specialty = pick(rng, GERMAN_SPECIALTIES)
    org = german_org(rng, specialty.org_kind)
    patient = german_person(rng, day)
    recipient, _, address = german_recipient_doctor(rng)
    sheet = new_sheet(rng)
    letterhead(sheet, org, "right", 16 * MM)
    window(sheet, backline_of(org), address, y=48 * MM)
    city = org.town.split(" ", 1)[1]
    date_text = f"{city}, {pick(rng, ['den ', ''])}{de_date(day, de_letter_style(rng))}"
    sheet.put(date_text, RIGHT, 92 * MM, align="right")
    subject = pick(rng, specialty.subjects)
    born = de_date(patient.born, de_birth_style(rng, patient.born))
    sheet.at(100 * MM)
    sheet.write(
        f"{pick(rng, ['Betreff:', 'Betr.:'])} {subject} – {german_salutation(patient)} "
        f"{patient.titled()}, geb. {born}",
        weight="bold",
        after=5 * MM,
    )
    sheet.write(german_dear(recipient), after=3)
    values = clinical_values(rng)
    visit = weekday_before(day, rng, 0, 9)
    sheet.write(
        f"wir berichten über {german_salutation(patient, 'acc')} {patient.surname}, "
        f"{'die' if patient.sex == 'f' else 'der'} sich am {de_date(visit, 'dotted')} "
        f"zur {specialty.name.lower().replace('ie', 'ischen')} Abklärung vorstellte.",
        after=3,
    )
    for sentence in sentences(rng, specialty.findings, 2, 4, values):
        sheet.write(sentence, after=2)
    sheet.write("Beurteilung und Empfehlung:", weight="bold")
    sheet.write(" ".join(sentences(rng, specialty.advice, 2, 3, values)), after=6)
    first, second = german_doctor(rng), german_doctor(rng)
    german_signature(
        sheet,
        rng,
        [first, second],
        [german_role(first, specialty.role), german_role(second, specialty.role)],
    )
    german_footer(sheet, rng, org)
    return Draft("report", sheet, truth(patient, patient.born, day, org.name, subject))


GERMAN_LAB = (
    ("Hämoglobin", "g/dl", 12.0, 16.0),
    ("Leukozyten", "/nl", 3.9, 10.2),
    ("Thrombozyten", "/nl", 150, 370),
    ("Natrium", "mmol/l", 136, 145),
    ("Kalium", "mmol/l", 3.5, 5.1),
    ("Kreatinin", "mg/dl", 0.5, 1.1),
    ("GOT (AST)", "U/l", 0, 35),
    ("GPT (ALT)", "U/l", 0, 35),
    ("γ-GT", "U/l", 0, 40),
    ("TSH basal", "mU/l", 0.27, 4.2),
    ("HbA1c", "%", 4.0, 6.0),
    ("CRP", "mg/l", 0, 5.0),
    ("LDL-Cholesterin", "mg/dl", 0, 116),
    ("Ferritin", "µg/l", 13, 150),
    ("Harnsäure", "mg/dl", 2.4, 5.7),
    ("Vitamin B12", "pg/ml", 197, 771),
)
ENGLISH_LAB_US = (
    ("Hemoglobin", "g/dL", 12.0, 15.5),
    ("WBC", "x10^3/µL", 4.5, 11.0),
    ("Platelets", "x10^3/µL", 150, 400),
    ("Sodium", "mmol/L", 135, 145),
    ("Potassium", "mmol/L", 3.5, 5.1),
    ("Creatinine", "mg/dL", 0.6, 1.2),
    ("ALT", "U/L", 7, 56),
    ("TSH", "mIU/L", 0.4, 4.0),
    ("Hemoglobin A1c", "%", 4.0, 5.6),
    ("C-reactive protein", "mg/L", 0, 10),
    ("LDL cholesterol", "mg/dL", 0, 99),
    ("Ferritin", "ng/mL", 24, 336),
    ("Glucose, fasting", "mg/dL", 70, 99),
)


def lab_rows(
    rng: random.Random, analytes: Sequence[tuple[str, str, float, float]], comma: bool, count: int
) -> list[tuple[str, str, str, str, str]]:
    """(analyte, value, flag, unit, range) rows with some values outside the range."""
    rows = []
    for name, unit, low, high in rng.sample(list(analytes), count):
        span = high - low if high > low else 1.0
        value = (
            rng.uniform(low - 0.3 * span, high + 0.4 * span)
            if low > 0
            else rng.uniform(0, high * 1.6)
        )
        value = max(value, 0.01)
        flag = "H" if value > high else ("L" if low > 0 and value < low else "")
        limits = f"{low:g} – {high:g}" if low > 0 else f"< {high:g}"
        digits = 0 if high >= 100 else (2 if high < 2 else 1)
        shown = f"{value:.{digits}f}"
        if comma:
            shown, limits = shown.replace(".", ","), limits.replace(".", ",")
        rows.append((name, shown, flag, unit, limits))
    return rows


@layout("de")
def de_lab_report(rng: random.Random) -> Draft:
    """Laboratory report: patient block with Pat.-Nr., sample, arrival and report dates, table."""
    day = letter_day(rng)
    org = german_org(rng, "labor")
    patient = german_person(rng, day)
    sender_doctor, practice, address = german_recipient_doctor(rng)
    sheet = new_sheet(rng, ("sans",))
    letterhead(sheet, org, pick(rng, ["left", "center"]), 16 * MM)
    window(sheet, backline_of(org), address, y=47 * MM)
    sampled = weekday_before(day, rng, 0, 3)
    arrived = sampled + timedelta(days=rng.randint(0, 1)) if sampled < day else day
    born = de_date(patient.born, "dotted")
    pairs = [
        ("Auftragsnr.:", f"{rng.randint(10, 99)}{rng.randint(100000, 999999)}"),
        ("Pat.-Nr.:", str(rng.randint(100000, 9999999))),
        (
            "Entnahme:",
            f"{de_date(sampled, 'dotted')} {rng.randint(7, 11):02d}:{rng.randint(0, 59):02d}",
        ),
        ("Eingangsdatum:", de_date(arrived, "dotted")),
        ("Befunddatum:", de_date(day, "dotted")),
    ]
    info_block(sheet, pairs, y=49 * MM)
    sheet.at(95 * MM)
    title = pick(rng, ["Laborbefund", "Endbefund", "Laborbericht", "Befundbericht Labor"])
    sheet.write(title, size=sheet.size + 3, weight="bold", after=3)
    name_form = rng.randrange(3)
    if name_form == 0:
        sheet.row(
            [
                (0, f"Name: {patient.surname}"),
                (70 * MM, f"Vorname: {patient.given}"),
                (120 * MM, f"geb.: {born}"),
            ],
            separator="    ",
        )
    elif name_form == 1:
        sheet.row(
            [(0, f"Patient: {patient.comma()}"), (95 * MM, f"Geburtsdatum: {born}")],
            separator="    ",
        )
    else:
        sheet.write(f"{patient.comma()} * {born} ({'w' if patient.sex == 'f' else 'm'})")
    sheet.write(
        f"Einsender: {sender_doctor.titled()}, {practice.name}", size=sheet.size - 1, after=4
    )
    header = [
        (0, "Untersuchung"),
        (55 * MM, "Ergebnis"),
        (78 * MM, ""),
        (88 * MM, "Einheit"),
        (115 * MM, "Referenzbereich"),
    ]
    sheet.row(header, weight="bold")
    sheet.rule(LEFT, sheet.cursor + 2, RIGHT, sheet.cursor + 2)
    for name, value, flag, unit, limits in lab_rows(rng, GERMAN_LAB, True, rng.randint(7, 13)):
        sheet.row(
            [
                (0, name),
                (55 * MM, value),
                (78 * MM, {"H": "+", "L": "-"}.get(flag, "")),
                (88 * MM, unit),
                (115 * MM, limits),
            ]
        )
    sheet.skip(5 * MM)
    sheet.write(
        "Werte außerhalb des Referenzbereichs sind mit + (erhöht) bzw. - (erniedrigt) markiert. "
        "Die Referenzbereiche gelten für Erwachsene.",
        size=sheet.size - 1.5,
        after=4,
    )
    validator = german_doctor(rng)
    sheet.write(
        f"Medizinisch validiert: {validator.titled()}, "
        f"{german_role(validator, 'Laboratoriumsmedizin')}",
        size=sheet.size - 1,
    )
    german_footer(sheet, rng, org)
    return Draft("lab", sheet, truth(patient, patient.born, day, org.name, title))


@layout("de")
def de_befundbericht_vom(rng: random.Random) -> Draft:
    """A report whose only date is its heading: `Befundbericht vom 03.11.2026`."""
    day = letter_day(rng)
    specialty = pick(rng, GERMAN_SPECIALTIES[:2])
    org = german_org(rng, specialty.org_kind)
    patient = german_person(rng, day)
    _, _, address = german_recipient_doctor(rng)
    sheet = new_sheet(rng)
    letterhead(sheet, org, "right", 15 * MM, contact=rng.random() < 0.7)
    window(sheet, backline_of(org), address)
    heading = pick(
        rng, ["Befundbericht", "Koloskopiebefund", "Untersuchungsbericht", "Ärztlicher Bericht"]
    )
    sheet.at(98 * MM)
    sheet.write(
        f"{heading} vom {de_date(day, pick(rng, ['dotted', 'dotted', 'long', 'unpadded']))}",
        size=sheet.size + 2,
        weight="bold",
        after=3,
    )
    born = de_date(patient.born, de_birth_style(rng, patient.born))
    case_number = f"Fallnummer {rng.randint(2_000_000, 9_999_999)}"
    sheet.row([(0, f"{patient.comma()}, geb. {born}"), (110 * MM, case_number)], separator="    ")
    sheet.skip(4)
    values = clinical_values(rng)
    sheet.write(
        "Indikation: "
        + pick(
            rng,
            ["Vorsorge", "Anämieabklärung", "Oberbauchschmerzen", "Kontrolle nach Polypektomie"]
            if specialty.org_kind == "gastro"
            else ["Belastungsdyspnoe", "Palpitationen", "Thoraxschmerz", "Hypertonie-Kontrolle"],
        )
    )
    sheet.write(
        "Prämedikation: Propofol 120 mg i.v."
        if specialty.org_kind == "gastro"
        else "Medikation: Ramipril 5 mg, ASS 100 mg",
        after=3,
    )
    for sentence in sentences(rng, specialty.findings, 2, 3, values):
        sheet.write(sentence, after=2)
    sheet.write("Diagnose: " + pick(rng, specialty.diagnoses), weight="bold", after=2)
    sheet.write(" ".join(sentences(rng, specialty.advice, 1, 2, values)), after=8 * MM)
    doctor = german_doctor(rng)
    sheet.write(doctor.titled())
    sheet.write(german_role(doctor, specialty.role), size=sheet.size - 1)
    german_footer(sheet, rng, org)
    return Draft("report", sheet, truth(patient, patient.born, day, org.name, heading))


def german_medication_table(sheet: Sheet, rng: random.Random) -> None:
    drugs = [
        ("Ramipril", "5 mg", "1-0-0"),
        ("Metoprololsuccinat", "47,5 mg", "1-0-1"),
        ("Apixaban", "5 mg", "1-0-1"),
        ("Atorvastatin", "40 mg", "0-0-1"),
        ("Pantoprazol", "40 mg", "1-0-0"),
        ("Metformin", "1000 mg", "1-0-1"),
        ("Torasemid", "10 mg", "1-0-0"),
        ("L-Thyroxin", "75 µg", "1-0-0"),
        ("Novaminsulfon", "500 mg", "bei Bedarf bis 4x tgl."),
    ]
    sheet.row([(0, "Wirkstoff"), (60 * MM, "Stärke"), (90 * MM, "Dosierung")], weight="bold")
    for drug, strength, dose in rng.sample(drugs, rng.randint(3, 6)):
        sheet.row([(0, drug), (60 * MM, strength), (90 * MM, dose)])


@layout("de")
def de_discharge_letter(rng: random.Random) -> Draft:
    """Hospital discharge letter: stay dates in the body, relatives, three signatures."""
    day = letter_day(rng)
    org = german_org(rng, "klinik")
    patient = german_person(rng, day)
    recipient, _, address = german_recipient_doctor(rng)
    sheet = new_sheet(rng)
    fold_marks(sheet)
    letterhead(sheet, org, pick(rng, ["left", "right"]), 16 * MM)
    window(sheet, backline_of(org), address)
    discharged = weekday_before(day, rng, 0, 6)
    admitted = discharged - timedelta(days=rng.randint(2, 16))
    pairs = [
        ("Station:", f"{pick(rng, ['K', 'N', 'I'])}{rng.randint(1, 9)}"),
        ("Fallnummer:", str(rng.randint(40_000_000, 49_999_999))),
        ("Datum:", de_date(day, de_letter_style(rng))),
    ]
    info_block(sheet, pairs)
    title = pick(rng, ["Entlassungsbrief", "Arztbrief", "Entlassungsbericht", "Epikrise"])
    sheet.at(100 * MM)
    sheet.write(title, size=sheet.size + 3, weight="bold", after=3)
    sheet.write(german_dear(recipient), after=3)
    born = de_date(patient.born, de_birth_style(rng, patient.born))
    stay = (
        f"vom {de_date(admitted, 'dotted')} bis {de_date(discharged, 'dotted')}"
        if rng.random() < 0.6
        else f"vom {admitted.day:02d}.{admitted.month:02d}. bis {de_date(discharged, 'dotted')}"
    )
    sheet.write(
        "wir berichten über "
        + (
            "unsere gemeinsame Patientin "
            if patient.sex == "f"
            else "unseren gemeinsamen Patienten "
        )
        + f"{german_salutation(patient)} {patient.titled()}, geb. am {born}, "
        f"{'die' if patient.sex == 'f' else 'der'} sich {stay} in unserer stationären Behandlung "
        "befand.",
        after=3,
    )
    specialty = pick(rng, GERMAN_SPECIALTIES)
    values = clinical_values(rng)
    sheet.write("Diagnosen:", weight="bold")
    for diagnosis in rng.sample(list(specialty.diagnoses), min(3, len(specialty.diagnoses))):
        sheet.write(f"• {diagnosis}", indent=4 * MM)
    sheet.skip(3)
    sheet.write("Anamnese und Verlauf:", weight="bold")
    relation = pick(rng, ["Tochter", "Sohn", "Ehefrau", "Ehemann", "Schwester", "Betreuerin"])
    female = relation in {"Tochter", "Ehefrau", "Schwester", "Betreuerin"}
    relative = german_person(rng, day)
    relative = Person(
        pick(rng, GERMAN_WOMEN if female else GERMAN_MEN),
        patient.family if relation != "Betreuerin" else relative.family,
        "f" if female else "m",
        patient.particle if relation != "Betreuerin" else relative.particle,
    )
    sheet.write(
        f"Die Aufnahme erfolgte über die Zentrale Notaufnahme am {de_date(admitted, 'dotted')}. "
        + " ".join(sentences(rng, specialty.findings, 2, 4, values))
        + f" {'Die' if female else 'Der'} "
        f"{relation}, {german_salutation(relative)} {relative.given} {relative.surname}, "
        f"wurde über den Verlauf informiert.",
        after=3,
    )
    sheet.write("Medikation bei Entlassung:", weight="bold")
    german_medication_table(sheet, rng)
    sheet.skip(3)
    control = day + timedelta(days=rng.randint(14, 60))
    sheet.write(
        " ".join(sentences(rng, specialty.advice, 1, 2, values))
        + f" Eine Wiedervorstellung in unserer Ambulanz ist am {de_date(control, 'dotted')} "
        "vereinbart.",
        after=6,
    )
    doctors = [german_doctor(rng) for _ in range(3)]
    german_signature(
        sheet,
        rng,
        doctors,
        [
            "Chefarzt" if doctors[0].sex == "m" else "Chefärztin",
            "Oberarzt" if doctors[1].sex == "m" else "Oberärztin",
            "Assistenzarzt" if doctors[2].sex == "m" else "Assistenzärztin",
        ],
    )
    german_footer(sheet, rng, org)
    return Draft("discharge", sheet, truth(patient, patient.born, day, org.name, title))


@layout("de")
def de_short_discharge(rng: random.Random) -> Draft:
    """Preliminary discharge note as a form: Aufnahme/Entlassung fields before the date."""
    day = letter_day(rng)
    org = german_org(rng, "klinik")
    patient = german_person(rng, day)
    sheet = new_sheet(rng, ("sans", "mono"))
    sheet.put(
        org.name,
        LEFT,
        18 * MM,
        size=fitted(org.name, sheet.code("bold"), 13, RIGHT - LEFT),
        weight="bold",
    )
    sheet.put(org.subtitle[0], LEFT, 23 * MM, size=9)
    sheet.put(f"{org.street}, {org.town} · {org.phone}", LEFT, 27 * MM, size=8)
    sheet.rule(LEFT, 30 * MM, RIGHT, 30 * MM, 1.0)
    title = pick(rng, ["Vorläufiger Arztbrief", "Kurzarztbrief", "Vorläufiger Entlassungsbericht"])
    sheet.at(34 * MM)
    sheet.write(title, size=sheet.size + 3, weight="bold", after=4)
    discharged = weekday_before(day, rng, 0, 1)
    admitted = discharged - timedelta(days=rng.randint(1, 12))
    style = pick(rng, ["dotted", "short_padded", "unpadded"])
    born = de_date(patient.born, de_birth_style(rng, patient.born))
    sheet.row([(0, f"Patient: {patient.comma()}"), (100 * MM, f"geb.: {born}")], separator="    ")
    sheet.row(
        [
            (0, f"Aufnahme: {de_date(admitted, style)}"),
            (55 * MM, f"Entlassung: {de_date(discharged, style)}"),
            (110 * MM, f"Fall-Nr.: {rng.randint(100_000_000, 999_999_999)}"),
        ],
        separator="    ",
    )
    sheet.skip(4)
    specialty = pick(rng, GERMAN_SPECIALTIES)
    values = clinical_values(rng)
    sheet.write("Diagnosen: " + "; ".join(rng.sample(list(specialty.diagnoses), 2)), after=3)
    sheet.write(
        "Kurzverlauf: " + " ".join(sentences(rng, specialty.findings, 1, 3, values)), after=3
    )
    sheet.write("Entlassmedikation:", weight="bold")
    german_medication_table(sheet, rng)
    sheet.skip(3)
    sheet.write("Der ausführliche Arztbrief folgt.", after=6)
    sheet.write(
        f"{org.town.split(' ', 1)[1]}, {de_date(day, pick(rng, ['dotted', 'unpadded']))}",
        after=8 * MM,
    )
    doctor = german_doctor(rng)
    sheet.write(f"{doctor.titled()}, {'Stationsärztin' if doctor.sex == 'f' else 'Stationsarzt'}")
    return Draft("discharge", sheet, truth(patient, patient.born, day, org.name, title))


@layout("de")
def de_referral_form(rng: random.Random) -> Draft:
    """Überweisung as a form: insurer box, patient, diagnosis, order, practice stamp, date."""
    day = letter_day(rng)
    org = german_org(rng, "hausarzt")
    patient = german_person(rng, day)
    sheet = Sheet("sans", 9.5, 1.35)
    sheet.put(
        pick(rng, ["Überweisungsschein", "Überweisung"]), LEFT, 20 * MM, size=15, weight="bold"
    )
    title = sheet.placed[-1].text
    sheet.put(pick(rng, ["Kurativ", "Präventiv"]), RIGHT, 20 * MM, align="right", size=9)
    for y in (26, 58):
        sheet.rule(LEFT, y * MM, 110 * MM, y * MM, 0.8)
    insurer = pick(
        rng,
        [
            "AOK Niedersachsen",
            "Techniker Krankenkasse",
            "BARMER",
            "DAK-Gesundheit",
            "IKK classic",
            "KKH Kaufmännische Krankenkasse",
        ],
    )
    born = de_date(patient.born, de_birth_style(rng, patient.born))
    sheet.block(
        [
            f"Krankenkasse: {insurer}",
            f"Name, Vorname des Versicherten: {patient.comma()}",
            f"geb. am {born}",
            german_street(rng),
            " ".join(pick(rng, GERMAN_TOWNS)[:2]),
            f"Versicherten-Nr.: {pick(rng, 'ABCDEFGHKLMN')}{rng.randint(100_000_000, 999_999_999)}",
        ],
        LEFT + 2,
        31 * MM,
        size=9,
    )
    target = pick(
        rng,
        [
            "Kardiologie",
            "Neurologie",
            "Orthopädie",
            "Radiologie",
            "Gastroenterologie",
            "Dermatologie",
        ],
    )
    sheet.at(68 * MM)
    sheet.write(f"Überweisung an: {target}", weight="bold")
    sheet.write(
        "Diagnose/Verdachtsdiagnose: "
        f"{pick(rng, [d for s in GERMAN_SPECIALTIES for d in s.diagnoses])}"
    )
    sheet.write(
        "Befund/Medikation: "
        + pick(
            rng,
            [
                "RR-Werte trotz Zweifachtherapie über 150/95 mmHg.",
                "Belastungsdyspnoe seit 3 Monaten, BNP erhöht.",
                "Parästhesien beider Hände, nachts betont.",
                "Eisenmangelanämie, Hb 9,8 g/dl.",
            ],
        )
    )
    sheet.write(
        "Auftrag: "
        + pick(
            rng,
            [
                "Mitbehandlung",
                "Konsiliaruntersuchung",
                "Weiterbehandlung",
                "Abklärung und Therapievorschlag",
            ],
        ),
        after=8 * MM,
    )
    stamp_y = sheet.cursor + 6 * MM
    doctor = german_doctor(rng)
    sheet.rule(105 * MM, stamp_y - 12, RIGHT, stamp_y - 12, 0.4)
    # The stamp's name line in bold, the rest typed as a rubber stamp's small print.
    sheet.put(
        org.name,
        105 * MM,
        stamp_y,
        size=fitted(org.name, "hebo", 8.5, RIGHT - 105 * MM),
        weight="bold",
        family="sans",
    )
    sheet.block(
        [
            doctor.titled(),
            f"{org.street}, {org.town}",
            org.phone,
            f"BSNR {rng.randint(100_000_000, 999_999_999)}  LANR "
            f"{rng.randint(100_000_000, 999_999_999)}",
        ],
        105 * MM,
        stamp_y + 10.5,
        size=8,
        family="mono",
        leading=1.25,
    )
    sheet.put(
        f"Datum: {de_date(day, pick(rng, ['dotted', 'short_padded']))}", LEFT, stamp_y + 4 * MM
    )
    return Draft("referral", sheet, truth(patient, patient.born, day, org.name, title))


@layout("de")
def de_reply_to_referral(rng: random.Random) -> Draft:
    """Answers `Ihre Überweisung vom ...`: that date is the referral's, not the letter's."""
    day = letter_day(rng)
    specialty = pick(rng, GERMAN_SPECIALTIES)
    org = german_org(rng, specialty.org_kind)
    patient = german_person(rng, day)
    recipient, _, address = german_recipient_doctor(rng)
    sheet = new_sheet(rng)
    fold_marks(sheet)
    letterhead(sheet, org, pick(rng, ["left", "right"]), 17 * MM)
    window(sheet, backline_of(org), address)
    referred = day - timedelta(days=rng.randint(6, 45))
    pairs = [
        ("Ihre Überweisung vom:", de_date(referred, de_letter_style(rng))),
        ("Unser Zeichen:", f"{patient.family[:2].upper()}/{rng.randint(1000, 9999)}"),
        ("Datum:", de_date(day, de_letter_style(rng))),
    ]
    info_block(sheet, pairs)
    subject = pick(rng, specialty.subjects)
    born = de_date(patient.born, de_birth_style(rng, patient.born))
    sheet.at(100 * MM)
    sheet.write(f"{subject}", weight="bold")
    sheet.write(
        f"{german_salutation(patient)} {patient.titled()}, geb. {born}", weight="bold", after=5 * MM
    )
    sheet.write(german_dear(recipient), after=3)
    values = clinical_values(rng)
    sheet.write(
        f"vielen Dank für Ihre Überweisung vom {de_date(referred, 'dotted')}. Wir sahen "
        f"{german_salutation(patient, 'acc')} {patient.surname} am "
        f"{de_date(weekday_before(day, rng, 0, 5), 'dotted')} in unserer Praxis.",
        after=3,
    )
    sheet.write(" ".join(sentences(rng, specialty.findings, 2, 4, values)), after=3)
    sheet.write(" ".join(sentences(rng, specialty.advice, 1, 3, values)), after=6)
    doctor = german_doctor(rng)
    german_signature(sheet, rng, [doctor], [german_role(doctor, specialty.role)])
    german_footer(sheet, rng, org)
    return Draft("reply", sheet, truth(patient, patient.born, day, org.name, subject))


@layout("de")
def de_fax_letter(rng: random.Random) -> Draft:
    """A letter as faxed: the machine's header with its transmission date on every page."""
    day = letter_day(rng)
    specialty = pick(rng, GERMAN_SPECIALTIES)
    org = german_org(rng, specialty.org_kind)
    patient = german_person(rng, day)
    recipient, _, address = german_recipient_doctor(rng)
    sheet = new_sheet(rng, ("sans", "serif", "mono"))
    letterhead(sheet, org, pick(rng, ["left", "right", "center"]), 20 * MM)
    window(sheet, backline_of(org), address)
    date_text = de_date(day, de_letter_style(rng))
    sheet.put(
        f"Datum: {date_text}" if rng.random() < 0.5 else date_text, RIGHT, 90 * MM, align="right"
    )
    subject = pick(rng, specialty.subjects)
    patient_line, _ = german_patient_line(rng, patient)
    sheet.at(100 * MM)
    sheet.write(f"{pick(rng, ['Betreff:', 'Betr.:', ''])} {subject}".strip(), weight="bold")
    sheet.write(patient_line, after=4 * MM)
    sheet.write(german_dear(recipient), after=3)
    values = clinical_values(rng)
    sheet.write(
        "anbei übersenden wir Ihnen vorab per Fax unseren Befund. "
        + " ".join(sentences(rng, specialty.findings, 2, 4, values)),
        after=3,
    )
    sheet.write(" ".join(sentences(rng, specialty.advice, 1, 3, values)), after=6)
    doctor = german_doctor(rng)
    german_signature(sheet, rng, [doctor], [german_role(doctor, specialty.role)])
    sent = day + timedelta(days=pick(rng, [0, 1, 1, 2, 3, 5]))
    clock = f"{rng.randint(7, 18):02d}:{rng.randint(0, 59):02d}"
    sent_text = f"{de_date(sent, pick(rng, ['dotted', 'short_padded']))} {clock}"
    number = f"+49 {pick(rng, GERMAN_TOWNS)[2][1:]} {rng.randint(100000, 9999999)}"
    fax_header(sheet, sent_text, number, org.short.upper()[:26], "S.")
    return Draft("report", sheet, truth(patient, patient.born, day, org.name, subject))


@layout("de")
def de_practice_announcement(rng: random.Random) -> Draft:
    """A practice's notice to its patients: no patient, sometimes no date."""
    day = letter_day(rng)
    org = german_org(rng, pick(rng, ["hausarzt", "kardio", "neuro"]))
    sheet = new_sheet(rng)
    letterhead(sheet, org, pick(rng, ["left", "center", "right"]), 20 * MM)
    dated = rng.random() < 0.5
    if dated:
        sheet.put(
            f"{org.town.split(' ', 1)[1]}, im {GERMAN_MONTHS[day.month - 1]} {day.year}"
            if rng.random() < 0.3
            else de_date(day, de_letter_style(rng)),
            RIGHT,
            62 * MM,
            align="right",
        )
        # "im März 2025" names no day: the letter states no date of its own then.
        dated = "im " not in sheet.placed[-1].text
    kind = rng.randrange(3)
    start = day + timedelta(days=rng.randint(10, 40))
    end = start + timedelta(days=rng.randint(7, 20))
    substitute = german_doctor(rng)
    sheet.at(75 * MM)
    if kind == 0:
        title = pick(rng, ["Praxisurlaub", "Urlaubsvertretung"])
        body = (
            f"unsere Praxis bleibt vom {start.day:02d}.{start.month:02d}. bis "
            f"{de_date(end, 'dotted')} "
            f"geschlossen. Die Vertretung übernimmt {substitute.titled()}, {german_street(rng)}, "
            f"{pick(rng, ['Tel.', 'Telefon'])} {pick(rng, GERMAN_TOWNS)[2]} "
            f"{rng.randint(100000, 999999)}."
        )
    elif kind == 1:
        title = "Änderung unserer Sprechzeiten"
        body = (
            "ab dem 1. des kommenden Monats gelten neue Sprechzeiten: Mo, Di, Do 8–12 und 15–18 "
            "Uhr, "
            "Mi und Fr 8–13 Uhr. Termine vereinbaren Sie bitte telefonisch oder online."
        )
    else:
        title = pick(rng, ["Grippeschutzimpfung", "Impfaktion COVID-19 und Influenza"])
        body = (
            f"ab dem {de_date(start, 'dotted')} bieten wir wieder die saisonale Impfung an. "
            "Bitte bringen Sie Ihren Impfpass mit."
        )
    sheet.write(title, size=sheet.size + 3, weight="bold", after=4)
    sheet.write("Liebe Patientinnen und Patienten,", after=3)
    sheet.write(body, after=3)
    sheet.write("Wir danken für Ihr Verständnis und wünschen Ihnen eine gute Zeit.", after=6)
    sheet.write("Ihr Praxisteam")
    german_footer(sheet, rng, org)
    return Draft("announcement", sheet, truth(None, None, day if dated else None, org.name, title))


@layout("de")
def de_appointment_to_patient(rng: random.Random) -> Draft:
    """Written to the patient: the patient is the window's recipient; appointment in the body."""
    day = letter_day(rng)
    org = german_org(rng, pick(rng, ["radiologie", "klinik", "kardio"]))
    patient = german_person(rng, day)
    sheet = new_sheet(rng)
    fold_marks(sheet)
    letterhead(sheet, org, pick(rng, ["left", "right"]), 17 * MM)
    window(
        sheet,
        backline_of(org),
        [
            german_salutation(patient, "acc"),
            patient.titled(),
            german_street(rng),
            " ".join(pick(rng, GERMAN_TOWNS)[:2]),
        ],
    )
    pairs = [
        ("Patientennummer:", str(rng.randint(100000, 999999))),
        ("Datum:", de_date(day, de_letter_style(rng))),
    ]
    info_block(sheet, pairs)
    title = pick(rng, ["Terminbestätigung", "Ihr Termin in unserem Haus", "Einbestellung"])
    appointment = day + timedelta(days=rng.randint(5, 50))
    sheet.at(100 * MM)
    sheet.write(title, weight="bold", after=5 * MM)
    sheet.write(
        f"Sehr geehrte{'' if patient.sex == 'f' else 'r'} {german_salutation(patient)} "
        f"{patient.title + ' ' if patient.title else ''}{patient.surname},",
        after=3,
    )
    exam = pick(
        rng,
        [
            "MRT des Kopfes",
            "Computertomographie des Thorax",
            "Herzkatheteruntersuchung",
            "Echokardiographie",
            "Mammographie",
        ],
    )
    sheet.write(
        f"hiermit bestätigen wir Ihren Termin zur {exam} am "
        f"{de_date(appointment, pick(rng, ['dotted', 'long']))} "
        f"um {rng.randint(7, 16)}:{pick(rng, ['00', '15', '30', '45'])} Uhr.",
        after=3,
    )
    sheet.write(
        "Bitte bringen Sie Ihre Versichertenkarte, die Überweisung und vorhandene Vorbefunde mit. "
        "Sollten Sie den Termin nicht wahrnehmen können, sagen Sie bitte mindestens 24 Stunden "
        "vorher ab.",
        after=6,
    )
    sheet.write("Mit freundlichen Grüßen", after=4)
    sheet.write(
        f"Ihr Team {pick(rng, ['der Terminvergabe', 'der Anmeldung', 'des Patientenservice'])}"
    )
    german_footer(sheet, rng, org)
    return Draft("appointment", sheet, truth(patient, None, day, org.name, title))


@layout("de")
def de_radiology_report(rng: random.Random) -> Draft:
    """Radiology: examination date, referring doctor, findings, assessment, date at the top."""
    day = letter_day(rng)
    org = german_org(rng, "radiologie")
    patient = german_person(rng, day)
    referrer, practice, address = german_recipient_doctor(rng)
    sheet = new_sheet(rng, ("sans",))
    letterhead(sheet, org, "center", 16 * MM)
    window(sheet, backline_of(org), address, y=47 * MM)
    examined = weekday_before(day, rng, 0, 3)
    born = de_date(patient.born, de_birth_style(rng, patient.born))
    pairs = [
        ("Untersuchung am:", de_date(examined, "dotted")),
        ("Befunddatum:", de_date(day, "dotted")),
    ]
    if rng.random() < 0.5:
        pairs = [("Datum:", de_date(day, de_letter_style(rng)))]
    info_block(sheet, pairs, y=52 * MM)
    sheet.at(96 * MM)
    title = pick(rng, ["Radiologischer Befundbericht", "MRT-Befund", "CT-Befund", "Röntgenbefund"])
    sheet.write(title, size=sheet.size + 2, weight="bold", after=3)
    sheet.row(
        [
            (0, f"Patient{'in' if patient.sex == 'f' else ''}: {patient.comma()}"),
            (95 * MM, f"geb. {born}"),
        ],
        separator="    ",
    )
    sheet.write(f"Überweiser: {referrer.titled()}, {practice.name}")
    exam = pick(
        rng,
        [
            "MRT der LWS nativ",
            "CT Thorax mit Kontrastmittel",
            "Röntgen Thorax in 2 Ebenen",
            "MRT des rechten Kniegelenks",
            "Sonographie der Schilddrüse",
        ],
    )
    sheet.write(f"Untersuchung: {exam}", after=3)
    findings = {
        "MRT der LWS nativ": "Mediolateraler Bandscheibenvorfall LWK 4/5 links mit Kontakt "
        "zur Nervenwurzel L5. Osteochondrose LWK 5/SWK 1. Keine spinale Enge.",
        "CT Thorax mit Kontrastmittel": "Kein Nachweis einer Lungenarterienembolie. "
        "Subpleuraler Rundherd im rechten Unterlappen von 6 mm. "
        "Keine pathologisch vergrößerten Lymphknoten.",
        "Röntgen Thorax in 2 Ebenen": "Herz normal groß, keine Stauungszeichen, kein Infiltrat, "
        "kein Erguss.",
        "MRT des rechten Kniegelenks": "Horizontalriss des Innenmeniskushinterhorns, "
        "Knorpelschaden Grad II retropatellar, geringer Gelenkerguss.",
        "Sonographie der Schilddrüse": "Gesamtvolumen 18 ml, echoarmer Knoten rechts 9 x 7 mm, "
        "TI-RADS 3.",
    }
    sheet.write("Befund:", weight="bold")
    sheet.write(findings[exam], after=3)
    sheet.write("Beurteilung:", weight="bold")
    sheet.write(
        pick(
            rng,
            [
                "Befund wie oben beschrieben, Verlaufskontrolle empfohlen.",
                "Kein Nachweis einer akuten Pathologie.",
                "Klinische Korrelation und ggf. Vorstellung in der Fachambulanz empfohlen.",
            ],
        ),
        after=8 * MM,
    )
    doctor = german_doctor(rng)
    sheet.write(f"{doctor.titled()}, {german_role(doctor, 'Radiologie')}")
    german_footer(sheet, rng, org)
    return Draft("report", sheet, truth(patient, patient.born, day, org.name, title))


@layout("de")
def de_signed_attest(rng: random.Random) -> Draft:
    """No organisation letterhead: a certificate dated and signed by one doctor."""
    day = letter_day(rng)
    patient = german_person(rng, day)
    doctor = german_doctor(rng)
    sheet = new_sheet(rng, ("serif", "sans"))
    town = pick(rng, GERMAN_TOWNS)[1]
    sheet.put(f"{town}, {de_date(day, de_letter_style(rng))}", RIGHT, 30 * MM, align="right")
    title = pick(
        rng,
        [
            "Ärztliche Bescheinigung",
            "Ärztliches Attest",
            "Bescheinigung zur Vorlage beim Arbeitgeber",
        ],
    )
    sheet.at(55 * MM)
    sheet.write(title, size=sheet.size + 4, weight="bold", after=6 * MM)
    born = de_date(patient.born, de_birth_style(rng, patient.born))
    sheet.write(
        f"Hiermit bescheinige ich, dass {german_salutation(patient)} {patient.titled()}, "
        f"geboren am {born}, wohnhaft {german_street(rng)}, {town}, "
        f"sich seit dem {de_date(day - timedelta(days=rng.randint(20, 400)), 'dotted')} "
        "in meiner regelmäßigen ärztlichen Behandlung befindet.",
        after=3,
    )
    sheet.write(
        pick(
            rng,
            [
                "Aus medizinischer Sicht bestehen keine Bedenken gegen die Teilnahme am "
                "Schulsport.",
                "Aus gesundheitlichen Gründen ist eine Tätigkeit in Nachtschicht derzeit nicht "
                "möglich.",
                "Eine Flugreise ist aus ärztlicher Sicht unbedenklich.",
            ],
        ),
        after=3,
    )
    sheet.write("Diese Bescheinigung wird auf Wunsch des Patienten ausgestellt.", after=14 * MM)
    sheet.rule(LEFT, sheet.cursor - 4, LEFT + 60 * MM, sheet.cursor - 4, 0.4)
    sheet.write(doctor.titled())
    sheet.write(
        german_role(
            doctor, pick(rng, ["Allgemeinmedizin", "Innere Medizin", "Kinder- und Jugendmedizin"])
        ),
        size=sheet.size - 1,
    )
    return Draft("certificate", sheet, truth(patient, patient.born, day, doctor.titled(), title))


@layout("de")
def de_colleague_note(rng: random.Random) -> Draft:
    """A short note between colleagues: no letterhead, no date, no subject."""
    day = letter_day(rng)
    patient = german_person(rng, day)
    doctor = german_doctor(rng)
    recipient = german_doctor(rng)
    sheet = Sheet(pick(rng, ["serif", "sans"]), pick(rng, [11.0, 12.0]), 1.5)
    sheet.at(40 * MM)
    sheet.write(f"{'Liebe' if recipient.sex == 'f' else 'Lieber'} {recipient.given},", after=4)
    born = de_date(patient.born, de_birth_style(rng, patient.born))
    sheet.write(
        f"anbei wie besprochen die Vorbefunde von {german_salutation(patient, 'acc')} "
        f"{patient.full} "
        f"(geb. {born}). "
        + pick(
            rng,
            [
                "Kannst Du sie Dir bitte vor dem nächsten Termin ansehen?",
                "Die Laborwerte der letzten drei Monate sind beigefügt.",
                "Ich würde mich über Deine Einschätzung zur Antikoagulation freuen.",
            ],
        ),
        after=4,
    )
    sheet.write(pick(rng, ["Viele Grüße", "Herzliche Grüße", "Beste Grüße"]), after=6 * MM)
    sheet.write(doctor.titled(), weight="italic")
    return Draft("note", sheet, truth(patient, patient.born, None, doctor.titled(), None))


@layout("de")
def de_cardiology_form_bottom_date(rng: random.Random) -> Draft:
    """Examination form: two fields per line, exam date on top, the letter date at the end."""
    day = letter_day(rng)
    org = german_org(rng, "kardio")
    patient = german_person(rng, day)
    sheet = new_sheet(rng, ("sans",))
    sheet.logo(LEFT, 14 * MM, 12 * MM)
    width = RIGHT - LEFT - 15 * MM
    sheet.put(
        org.name, LEFT + 15 * MM, 19 * MM, size=fitted(org.name, "hebo", 13, width), weight="bold"
    )
    sheet.put(" · ".join([org.street, org.town, org.phone]), LEFT + 15 * MM, 24 * MM, size=8)
    sheet.rule(LEFT, 29 * MM, RIGHT, 29 * MM, 0.8)
    examined = weekday_before(day, rng, 0, 4)
    title = pick(
        rng,
        ["Echokardiographie-Befund", "Transthorakale Echokardiographie", "Befund Belastungs-EKG"],
    )
    sheet.at(38 * MM)
    sheet.write(title, size=sheet.size + 3, weight="bold", after=4)
    born = de_date(patient.born, de_birth_style(rng, patient.born))
    sheet.row(
        [
            (0, f"Patient: {german_salutation(patient)} {patient.titled()}"),
            (100 * MM, f"geb.: {born}"),
        ],
        separator="    ",
    )
    sheet.row(
        [
            (0, f"Untersuchung am: {de_date(examined, 'dotted')}"),
            (100 * MM, f"Pat.-Nr.: {rng.randint(10000, 99999)}"),
        ],
        separator="    ",
    )
    sheet.skip(5)
    sheet.row([(0, "Messwert"), (60 * MM, "Ergebnis"), (95 * MM, "Norm")], weight="bold")
    measures = [
        ("LVEDD", f"{rng.randint(42, 62)} mm", "< 58 mm"),
        ("IVSd", f"{rng.randint(8, 14)} mm", "6–10 mm"),
        ("LVEF (biplan)", f"{rng.randint(35, 68)} %", "≥ 52 %"),
        ("LA-Volumen indiziert", f"{rng.randint(22, 48)} ml/m²", "< 34 ml/m²"),
        ("E/e'", str(rng.randint(6, 16)), "< 14"),
        ("TAPSE", f"{rng.randint(14, 26)} mm", "> 17 mm"),
        ("sPAP", f"{rng.randint(20, 48)} mmHg", "< 35 mmHg"),
    ]
    for measure in rng.sample(measures, rng.randint(4, 7)):
        sheet.row([(0, measure[0]), (60 * MM, measure[1]), (95 * MM, measure[2])])
    sheet.skip(4)
    values = clinical_values(rng)
    sheet.write(
        "Beurteilung: "
        + " ".join(sentences(rng, GERMAN_SPECIALTIES[0].findings[2:], 1, 2, values)),
        after=6 * MM,
    )
    sheet.write(
        f"{org.town.split(' ', 1)[1]}, "
        f"{pick(rng, ['den ', ''])}{de_date(day, de_letter_style(rng))}",
        after=8 * MM,
    )
    doctor = german_doctor(rng)
    sheet.write(doctor.titled())
    return Draft("report", sheet, truth(patient, patient.born, day, org.name, title))


@layout("de")
def de_private_invoice(rng: random.Random) -> Draft:
    """Private invoice for a child: the parent is the recipient, the child the patient."""
    day = letter_day(rng)
    org = german_org(rng, pick(rng, ["hausarzt", "radiologie", "neuro"]))
    child = german_person(rng, day)
    child = Person(
        child.given, child.family, child.sex, child.particle, born=birth_date(rng, day, child=True)
    )
    parent_first = pick(rng, GERMAN_WOMEN if rng.random() < 0.5 else GERMAN_MEN)
    parent_sex = "f" if parent_first in GERMAN_WOMEN else "m"
    parent = Person(parent_first, child.family, parent_sex, child.particle)
    sheet = new_sheet(rng)
    letterhead(sheet, org, "left", 17 * MM)
    window(
        sheet,
        backline_of(org),
        [
            german_salutation(parent, "acc"),
            parent.full,
            german_street(rng),
            " ".join(pick(rng, GERMAN_TOWNS)[:2]),
        ],
    )
    invoice_number = f"{day.year}-{rng.randint(1000, 9999)}"
    info_block(
        sheet,
        [
            ("Rechnungsnummer:", invoice_number),
            ("Rechnungsdatum:", de_date(day, de_letter_style(rng))),
        ],
    )
    title = pick(rng, ["Rechnung", "Privatliquidation", "Privatärztliche Rechnung"])
    sheet.at(100 * MM)
    sheet.write(title, size=sheet.size + 3, weight="bold", after=3)
    born = de_date(child.born, "dotted")
    sheet.write(f"Behandelte Person: {child.full}, geb. {born}")
    sheet.write(
        "Diagnose: "
        + pick(
            rng,
            [
                "Akute Bronchitis (J20.9)",
                "Otitis media (H66.9)",
                "Vorsorgeuntersuchung",
                "Distorsion OSG links (S93.40)",
            ],
        ),
        after=4,
    )
    sheet.row(
        [
            (0, "Datum"),
            (22 * MM, "GOÄ"),
            (38 * MM, "Leistung"),
            (120 * MM, "Faktor"),
            (145 * MM, "Betrag"),
        ],
        weight="bold",
    )
    total = 0.0
    services = [
        ("1", "Beratung", 10.72),
        ("5", "Symptombezogene Untersuchung", 10.49),
        ("250", "Blutentnahme", 4.20),
        ("410", "Ultraschalluntersuchung", 26.81),
        ("3", "Eingehende Beratung", 20.11),
        ("7", "Vollständige körperliche Untersuchung", 16.32),
    ]
    for number, service, amount in rng.sample(services, rng.randint(2, 5)):
        seen = weekday_before(day, rng, 3, 40)
        total += amount * 2.3
        sheet.row(
            [
                (0, de_date(seen, "dotted")),
                (22 * MM, number),
                (38 * MM, service),
                (120 * MM, "2,3"),
                (145 * MM, f"{amount * 2.3:.2f} €".replace(".", ",")),
            ]
        )
    sheet.row(
        [(38 * MM, "Rechnungsbetrag"), (145 * MM, f"{total:.2f} €".replace(".", ","))],
        weight="bold",
    )
    sheet.skip(4)
    sheet.write(
        f"Bitte überweisen Sie den Betrag bis zum {de_date(day + timedelta(days=30), 'dotted')} "
        f"unter Angabe der Rechnungsnummer.",
        after=4,
    )
    german_footer(sheet, rng, org)
    return Draft("invoice", sheet, truth(child, child.born, day, org.name, title))


# English layouts ------------------------------------------------------------------------------


def english_dear(doctor: Person, us: bool) -> str:
    return f"Dear {doctor.title}{'.' if us else ''} {doctor.surname},"


def english_salutation(person: Person, us: bool) -> str:
    word = ("Mrs" if person.born.year < 1975 else "Ms") if person.sex == "f" else "Mr"
    return f"{word}." if us else word


def english_recipient(rng: random.Random, us: bool) -> tuple[Person, list[str]]:
    doctor = english_doctor(rng)
    practice = english_org(rng, "gp", us)
    name = f"{doctor.full}, MD" if us else f"Dr {doctor.given[0]}. {doctor.surname}"
    return doctor, [name, practice.name, practice.street, practice.town]


def english_signature(
    sheet: Sheet, rng: random.Random, doctor: Person, role: str, us: bool
) -> None:
    sheet.write(
        pick(
            rng, ["Sincerely," if us else "Yours sincerely,", "Kind regards,", "With best wishes,"]
        ),
        after=9 * MM,
    )
    sheet.write(f"{doctor.full}, MD" if us else f"Dr {doctor.full}")
    sheet.write(role, size=sheet.size - 1)


def english_letterhead(sheet: Sheet, org: Org, side: str, y: float) -> float:
    return letterhead(sheet, org, side, y, english=True)


@layout("en")
def en_us_consult_letter(rng: random.Random) -> Draft:
    """US consultation letter: date line, inside address, `Re:` with topic, name and DOB."""
    day = letter_day(rng)
    specialty = ENGLISH_SPECIALTIES[0]
    org = english_org(rng, "cardiology", us=True)
    patient = english_person(rng, day, us=True)
    recipient, address = english_recipient(rng, us=True)
    sheet = new_sheet(rng)
    english_letterhead(sheet, org, pick(rng, ["left", "center"]), 18 * MM)
    sheet.at(52 * MM)
    sheet.write(en_date(day, en_letter_style(rng, us=True)), after=6)
    for line in address:
        sheet.write(line)
    sheet.skip(6)
    topic = pick(rng, specialty.subjects)
    dob = en_date(patient.born, en_birth_style(rng, us=True))
    sheet.write(f"Re: {topic} – {patient.full}, DOB {dob}", weight="bold", after=6)
    sheet.write(english_dear(recipient, us=True), after=3)
    values = clinical_values(rng)
    sheet.write(
        f"Thank you for asking me to see {english_salutation(patient, True)} {patient.surname}, "
        f"whom I saw in the office on {en_date(weekday_before(day, rng, 1, 10), 'us_long')}.",
        after=3,
    )
    sheet.write(english_text(" ".join(sentences(rng, specialty.findings, 2, 4, values))), after=3)
    sheet.write(english_text(" ".join(sentences(rng, specialty.advice, 1, 2, values))), after=6)
    doctor = english_doctor(rng)
    english_signature(sheet, rng, doctor, "Cardiology", us=True)
    sheet.write(f"cc: {english_doctor(rng).full}, MD", size=sheet.size - 1.5)
    english_footer(sheet, rng, org, us=True)
    return Draft("report", sheet, truth(patient, patient.born, day, org.name, topic))


@layout("en")
def en_uk_clinic_letter(rng: random.Random) -> Draft:
    """NHS clinic letter: letterhead right, clinic and typed dates, `Re:` names only the patient."""
    day = letter_day(rng)
    specialty = pick(rng, ENGLISH_SPECIALTIES[1:])
    org = english_org(rng, "hospital", us=False)
    patient = english_person(rng, day, us=False)
    recipient, address = english_recipient(rng, us=False)
    sheet = new_sheet(rng)
    english_letterhead(sheet, org, "right", 16 * MM)
    clinic = weekday_before(day, rng, 2, 14)
    reference = f"{recipient.given[0]}{recipient.family[0]}/{rng.randint(1000, 9999)}"
    sheet.block(
        [
            f"Our ref: {reference}",
            f"Clinic date: {en_date(clinic, 'long')}",
            f"Date typed: {en_date(day, en_letter_style(rng, us=False))}",
        ],
        LEFT,
        50 * MM,
        size=sheet.size - 1,
    )
    sheet.block(address, LEFT, 70 * MM)
    dob = en_date(patient.born, en_birth_style(rng, us=False))
    nhs = f"{rng.randint(400, 499)} {rng.randint(100, 999)} {rng.randint(1000, 9999)}"
    sheet.at(98 * MM)
    sheet.write(english_dear(recipient, us=False), after=3)
    sheet.write(
        f"Re: {english_salutation(patient, False)} {patient.full}   DOB: {dob}   NHS No: {nhs}",
        weight="bold",
    )
    sheet.write(
        f"{rng.randint(1, 120)} {pick(rng, UK_STREETS)}, {' '.join(pick(rng, UK_TOWNS)[:2])}",
        after=4,
    )
    values = clinical_values(rng)
    sheet.write("Diagnoses:", weight="bold")
    for number, diagnosis in enumerate(rng.sample(list(specialty.diagnoses), 2), start=1):
        sheet.write(f"{number}. {diagnosis}", indent=4 * MM)
    sheet.skip(3)
    sheet.write(
        f"I reviewed {english_salutation(patient, False)} {patient.surname} in the "
        f"{specialty.name} clinic today. "
        + " ".join(sentences(rng, specialty.findings, 2, 3, values)),
        after=3,
    )
    sheet.write(" ".join(sentences(rng, specialty.advice, 1, 2, values)), after=6)
    doctor = english_doctor(rng)
    english_signature(sheet, rng, doctor, specialty.role, us=False)
    sheet.write(f"cc: {english_salutation(patient, False)} {patient.full}", size=sheet.size - 1.5)
    english_footer(sheet, rng, org, us=False)
    return Draft("report", sheet, truth(patient, patient.born, day, org.name, None))


@layout("en")
def en_us_lab_report(rng: random.Random) -> Draft:
    """US laboratory report: collected, received and reported times; ordering physician."""
    day = letter_day(rng)
    org = english_org(rng, "lab", us=True)
    patient = english_person(rng, day, us=True)
    sheet = new_sheet(rng, ("sans", "mono"))
    sheet.put(
        org.name,
        LEFT,
        18 * MM,
        size=fitted(org.name, sheet.code("bold"), 14, 130 * MM),
        weight="bold",
    )
    sheet.put(f"{org.street} · {org.town} · {org.phone}", LEFT, 23 * MM, size=8)
    sheet.put(
        f"CLIA #{rng.randint(10, 99)}D{rng.randint(1_000_000, 9_999_999)}",
        RIGHT,
        18 * MM,
        size=8,
        align="right",
    )
    sheet.rule(LEFT, 27 * MM, RIGHT, 27 * MM, 1.0)
    title = pick(rng, ["Laboratory Report", "Final Report", "Clinical Laboratory Results"])
    sheet.at(35 * MM)
    sheet.write(title, size=sheet.size + 3, weight="bold", after=4)
    collected = weekday_before(day, rng, 0, 2)
    received = collected if rng.random() < 0.7 else collected + timedelta(days=1)
    received = min(received, day)
    orderer = english_doctor(rng)
    dob = en_date(patient.born, "us_slash")
    sheet.row(
        [
            (0, f"Patient: {patient.comma()}"),
            (95 * MM, f"DOB: {dob}"),
            (135 * MM, f"Sex: {'F' if patient.sex == 'f' else 'M'}"),
        ],
        separator="    ",
    )
    sheet.row(
        [
            (0, f"MRN: {rng.randint(10_000_000, 99_999_999)}"),
            (95 * MM, f"Accession: {day.year % 100}-{rng.randint(100000, 999999)}"),
        ],
        separator="    ",
    )
    sheet.row(
        [(0, f"Ordering physician: {orderer.full}, MD"), (95 * MM, "Fasting: yes")],
        separator="    ",
    )
    clock = f"{rng.randint(6, 11):02d}:{rng.randint(0, 59):02d}"
    sheet.row(
        [
            (0, f"Collected: {en_date(collected, 'us_slash')} {clock}"),
            (95 * MM, f"Received: {en_date(received, 'us_slash')}"),
        ],
        separator="    ",
    )
    sheet.row([(95 * MM, f"Reported: {en_date(day, 'us_slash')}")])
    sheet.skip(5)
    sheet.row(
        [
            (0, "Test"),
            (60 * MM, "Result"),
            (82 * MM, "Flag"),
            (96 * MM, "Units"),
            (128 * MM, "Reference range"),
        ],
        weight="bold",
    )
    for name, value, flag, unit, limits in lab_rows(rng, ENGLISH_LAB_US, False, rng.randint(6, 12)):
        sheet.row(
            [
                (0, name),
                (60 * MM, value),
                (82 * MM, flag),
                (96 * MM, unit),
                (128 * MM, limits.replace(" – ", "-")),
            ]
        )
    sheet.skip(5)
    director = english_doctor(rng)
    sheet.write(f"Laboratory Director: {director.full}, MD, PhD", size=sheet.size - 1)
    sheet.write(
        "This test was performed at the laboratory listed above. Results should be interpreted "
        "in the context of the patient's clinical presentation.",
        size=sheet.size - 2,
    )
    return Draft("lab", sheet, truth(patient, patient.born, day, org.name, title))


@layout("en")
def en_us_discharge_summary(rng: random.Random) -> Draft:
    """US discharge summary: admission and discharge dates; e-signed date is the letter date."""
    day = letter_day(rng)
    org = english_org(rng, "hospital", us=True)
    patient = english_person(rng, day, us=True)
    sheet = new_sheet(rng, ("sans", "serif"))
    english_letterhead(sheet, org, "center", 16 * MM)
    title = pick(rng, ["Discharge Summary", "Hospital Discharge Summary"])
    sheet.at(48 * MM)
    sheet.write(title, size=sheet.size + 4, weight="bold", after=4)
    discharged = weekday_before(day, rng, 0, 3)
    admitted = discharged - timedelta(days=rng.randint(2, 12))
    dob = en_date(patient.born, pick(rng, ["us_long", "us_slash"]))
    sheet.row(
        [(0, f"Patient: {patient.full}"), (95 * MM, f"Date of birth: {dob}")], separator="    "
    )
    sheet.row(
        [
            (0, f"MRN: {rng.randint(1_000_000, 9_999_999)}"),
            (95 * MM, f"Account: {rng.randint(10**8, 10**9)}"),
        ],
        separator="    ",
    )
    sheet.row(
        [
            (0, f"Admission date: {en_date(admitted, 'us_slash')}"),
            (95 * MM, f"Discharge date: {en_date(discharged, 'us_slash')}"),
        ],
        separator="    ",
    )
    attending = english_doctor(rng)
    pcp = english_doctor(rng)
    sheet.write(
        f"Attending physician: {attending.full}, MD    Primary care: {pcp.full}, MD", after=5
    )
    specialty = pick(rng, ENGLISH_SPECIALTIES)
    values = clinical_values(rng)
    sheet.write("Principal diagnosis:", weight="bold")
    sheet.write(pick(rng, specialty.diagnoses), indent=4 * MM, after=3)
    sheet.write("Hospital course:", weight="bold")
    relative = english_person(rng, day, us=True)
    sheet.write(
        english_text(
            f"The patient presented to the emergency department on {en_date(admitted, 'us_long')}. "
            + " ".join(sentences(rng, specialty.findings, 2, 3, values))
            + " The plan was discussed with the patient and "
            f"{'her' if patient.sex == 'f' else 'his'} "
            f"{pick(rng, ['daughter', 'son', 'wife', 'husband'])}, {relative.given} "
            f"{relative.surname}."
        ),
        after=3,
    )
    sheet.write("Discharge medications:", weight="bold")
    for drug in rng.sample(
        [
            "lisinopril 10 mg PO daily",
            "metoprolol succinate 25 mg PO daily",
            "apixaban 5 mg PO twice daily",
            "atorvastatin 40 mg PO at bedtime",
            "omeprazole 20 mg PO daily",
            "furosemide 20 mg PO daily",
        ],
        3,
    ):
        sheet.write(f"- {drug}", indent=4 * MM)
    sheet.skip(3)
    follow = day + timedelta(days=rng.randint(7, 21))
    sheet.write(f"Follow-up: with {pcp.full}, MD, on {en_date(follow, 'us_long')}.", after=6)
    clock = f"{rng.randint(8, 18):02d}:{rng.randint(0, 59):02d}"
    signed = en_date(day, pick(rng, ["us_slash", "us_long"]))
    if rng.random() < 0.5:
        sheet.write(
            f"Electronically signed by {attending.full}, MD on {signed} at {clock}",
            size=sheet.size - 1,
        )
    else:
        sheet.write(f"Dictated by: {attending.full}, MD    Date: {signed}", size=sheet.size - 1)
    english_footer(sheet, rng, org, us=True)
    return Draft("discharge", sheet, truth(patient, patient.born, day, org.name, title))


@layout("en")
def en_uk_discharge(rng: random.Random) -> Draft:
    """UK discharge summary as a grid of labelled fields, the GP named in it."""
    day = letter_day(rng)
    org = english_org(rng, "hospital", us=False)
    patient = english_person(rng, day, us=False)
    sheet = new_sheet(rng, ("sans",))
    english_letterhead(sheet, org, "left", 16 * MM)
    title = pick(rng, ["Discharge Summary", "Inpatient Discharge Letter", "Discharge Notification"])
    sheet.put(title, RIGHT, 52 * MM, size=sheet.size + 4, weight="bold", align="right")
    discharged = weekday_before(day, rng, 0, 2)
    admitted = discharged - timedelta(days=rng.randint(1, 20))
    dob = en_date(patient.born, pick(rng, ["uk_slash", "long", "abbrev"]))
    gp = english_doctor(rng)
    surgery = english_org(rng, "gp", us=False)
    sheet.at(60 * MM)
    sheet.row(
        [(0, f"Name: {patient.comma()}"), (95 * MM, f"Date of birth: {dob}")], separator="    "
    )
    sheet.row(
        [
            (0, f"Hospital number: RX{rng.randint(100000, 999999)}"),
            (
                95 * MM,
                f"NHS number: {rng.randint(400, 499)} {rng.randint(100, 999)} "
                f"{rng.randint(1000, 9999)}",
            ),
        ],
        separator="    ",
    )
    sheet.row(
        [
            (0, f"Date of admission: {en_date(admitted, 'long')}"),
            (95 * MM, f"Date of discharge: {en_date(discharged, 'long')}"),
        ],
        separator="    ",
    )
    sheet.row(
        [
            (0, f"GP: Dr {gp.given[0]}. {gp.surname}, {surgery.name}"),
            (95 * MM, f"Ward: {pick(rng, ENGLISH_PLACES)} Ward"),
        ],
        separator="    ",
    )
    sheet.skip(5)
    specialty = pick(rng, ENGLISH_SPECIALTIES)
    values = clinical_values(rng)
    sheet.write("Presenting complaint and summary:", weight="bold")
    sheet.write(english_text(" ".join(sentences(rng, specialty.findings, 2, 3, values))), after=3)
    sheet.write("Actions for GP:", weight="bold")
    sheet.write(english_text(" ".join(sentences(rng, specialty.advice, 1, 2, values))), after=3)
    sheet.write(f"Date: {en_date(day, en_letter_style(rng, us=False))}", after=6)
    doctor = english_doctor(rng)
    sheet.write(
        f"Completed by: Dr {doctor.full}, {pick(rng, ['FY2', 'CT1', 'Specialty Registrar'])}"
    )
    english_footer(sheet, rng, org, us=False)
    return Draft("discharge", sheet, truth(patient, patient.born, day, org.name, title))


@layout("en")
def en_gp_referral(rng: random.Random) -> Draft:
    """GP referral: `Re: Referral for Mr John Sample, DOB 01/02/1960` under a dated letter."""
    day = letter_day(rng)
    us = rng.random() < 0.4
    org = english_org(rng, "gp", us)
    patient = english_person(rng, day, us)
    consultant = english_doctor(rng)
    hospital = english_org(rng, "hospital", us)
    sheet = new_sheet(rng)
    english_letterhead(sheet, org, pick(rng, ["left", "right"]), 16 * MM)
    sheet.block(
        [
            f"{consultant.full}, MD" if us else f"Dr {consultant.full}",
            hospital.name,
            hospital.street,
            hospital.town,
        ],
        LEFT,
        52 * MM,
    )
    sheet.put(en_date(day, en_letter_style(rng, us)), RIGHT, 52 * MM, align="right")
    dob = en_date(patient.born, en_birth_style(rng, us))
    purpose = pick(
        rng, ["Referral", "Urgent referral", "Routine referral", "Request for specialist opinion"]
    )
    sheet.at(85 * MM)
    sheet.write(
        f"Re: {purpose} for {english_salutation(patient, us)} {patient.full}, DOB {dob}",
        weight="bold",
        after=6,
    )
    sheet.write(english_dear(consultant, us), after=3)
    specialty = pick(rng, ENGLISH_SPECIALTIES)
    values = clinical_values(rng)
    sheet.write(
        f"I would be grateful if you could see this {day.year - patient.born.year}-year-old "
        f"{'woman' if patient.sex == 'f' else 'man'} with "
        f"{pick(rng, specialty.diagnoses).lower()}. "
        + english_text(" ".join(sentences(rng, specialty.findings, 1, 2, values))),
        after=3,
    )
    sheet.write(
        "Current medication: "
        + ", ".join(
            rng.sample(
                [
                    "ramipril 5 mg od",
                    "amlodipine 5 mg od",
                    "metformin 500 mg bd",
                    "atorvastatin 20 mg on",
                    "salbutamol inhaler prn",
                ],
                3,
            )
        )
        + ".",
        after=3,
    )
    sheet.write("Many thanks for your help.", after=6)
    doctor = english_doctor(rng)
    english_signature(
        sheet, rng, doctor, "General Practitioner" if not us else "Family Medicine", us
    )
    english_footer(sheet, rng, org, us)
    return Draft("referral", sheet, truth(patient, patient.born, day, org.name, purpose))


@layout("en")
def en_reply_to_referral(rng: random.Random) -> Draft:
    """`Thank you for your referral dated ...`: the referral's date beside the letter's."""
    day = letter_day(rng)
    org = english_org(rng, "hospital", us=False)
    patient = english_person(rng, day, us=False)
    recipient, address = english_recipient(rng, us=False)
    sheet = new_sheet(rng, ("serif", "sans"))
    english_letterhead(sheet, org, pick(rng, ["right", "center"]), 16 * MM)
    sheet.block(address, LEFT, 55 * MM)
    sheet.put(
        f"Date: {en_date(day, en_letter_style(rng, us=False))}", RIGHT, 55 * MM, align="right"
    )
    specialty = pick(rng, ENGLISH_SPECIALTIES[1:])
    topic = pick(rng, specialty.subjects)
    dob = en_date(patient.born, en_birth_style(rng, us=False))
    sheet.at(88 * MM)
    sheet.write(
        f"Re: {topic} – {english_salutation(patient, False)} {patient.full} (DOB {dob})",
        weight="bold",
        after=6,
    )
    sheet.write(english_dear(recipient, us=False), after=3)
    referred = day - timedelta(days=rng.randint(8, 60))
    values = clinical_values(rng)
    sheet.write(
        "Thank you for your referral dated "
        f"{en_date(referred, pick(rng, ['long', 'ordinal', 'uk_slash']))} "
        f"regarding this patient. " + " ".join(sentences(rng, specialty.findings, 2, 3, values)),
        after=3,
    )
    sheet.write(" ".join(sentences(rng, specialty.advice, 1, 2, values)), after=6)
    doctor = english_doctor(rng)
    english_signature(sheet, rng, doctor, specialty.role, us=False)
    english_footer(sheet, rng, org, us=False)
    return Draft("reply", sheet, truth(patient, patient.born, day, org.name, topic))


@layout("en")
def en_fax_letter(rng: random.Random) -> Draft:
    """A US letter received by fax: the header's date and station name are the fax's."""
    day = letter_day(rng)
    org = english_org(rng, pick(rng, ["cardiology", "gp", "radiology"]), us=True)
    patient = english_person(rng, day, us=True)
    recipient, address = english_recipient(rng, us=True)
    sheet = new_sheet(rng, ("serif", "sans", "mono"))
    english_letterhead(sheet, org, pick(rng, ["left", "center"]), 20 * MM)
    sheet.at(55 * MM)
    sheet.write(en_date(day, en_letter_style(rng, us=True)), after=5)
    for line in address:
        sheet.write(line)
    sheet.skip(5)
    topic = pick(rng, ["Follow-up visit", "Test results", "Consultation note", "Medication change"])
    dob = en_date(patient.born, "us_slash")
    sheet.row(
        [(0, f"Patient: {patient.full}"), (95 * MM, f"Date of birth: {dob}")],
        weight="bold",
        separator="    ",
    )
    sheet.write(f"Subject: {topic}", weight="bold", after=5)
    sheet.write(english_dear(recipient, us=True), after=3)
    specialty = ENGLISH_SPECIALTIES[0]
    values = clinical_values(rng)
    sheet.write(english_text(" ".join(sentences(rng, specialty.findings, 2, 3, values))), after=3)
    sheet.write(english_text(" ".join(sentences(rng, specialty.advice, 1, 2, values))), after=6)
    english_signature(sheet, rng, english_doctor(rng), "Attending Physician", us=True)
    sent = day + timedelta(days=pick(rng, [0, 1, 2, 4]))
    month = ENGLISH_MONTHS[sent.month - 1][:3].upper()
    sent_text = (
        f"{month}-{sent.day:02d}-{sent.year} {rng.randint(7, 18):02d}:{rng.randint(0, 59):02d}"
    )
    area = org.phone.split("(")[1][:3]
    fax_header(sheet, sent_text, f"FROM: {area}5550{rng.randint(100, 199)}", org.short[:20], "")
    return Draft("report", sheet, truth(patient, patient.born, day, org.name, topic))


@layout("en")
def en_fax_cover(rng: random.Random) -> Draft:
    """Fax cover sheet: To/From/Date/Pages/Re grid and a confidentiality notice."""
    day = letter_day(rng)
    us = rng.random() < 0.6
    org = english_org(rng, pick(rng, ["lab", "hospital", "gp"]), us)
    patient = english_person(rng, day, us)
    recipient = english_doctor(rng)
    sender = english_doctor(rng)
    while sender == recipient:
        sender = english_doctor(rng)
    sheet = Sheet(pick(rng, ["sans", "mono"]), 11.0, 1.5)
    english_letterhead(sheet, org, "left", 18 * MM)
    sheet.put("FAX", RIGHT, 20 * MM, size=28, weight="bold", align="right")
    topic = pick(
        rng, ["Lab results", "Discharge paperwork", "Imaging report", "Prior authorization"]
    )
    pages = rng.randint(2, 6)
    sheet.at(60 * MM)
    rows = [
        ("To:", f"{recipient.full}, MD" if us else f"Dr {recipient.full}"),
        (
            "Fax:",
            f"({rng.randint(200, 999)}) 555-0{rng.randint(100, 199)}"
            if us
            else f"0{rng.randint(1000, 1999)} {rng.randint(100000, 999999)}",
        ),
        ("From:", f"{sender.full}'s office"),
        ("Date:", en_date(day, en_letter_style(rng, us))),
        ("Pages:", f"{pages} (including cover)"),
        ("Re:", f"{topic} – {patient.full}"),
    ]
    for label, value in rows:
        sheet.row([(0, label), (25 * MM, value)], separator=" ")
    sheet.skip(6)
    sheet.write(
        "Comments: Please find the requested documents attached. Call us with any questions.",
        after=10 * MM,
    )
    sheet.write(
        "CONFIDENTIALITY NOTICE: This facsimile contains protected health information intended "
        "only "
        "for the addressee. If you have received it in error, please notify the sender and "
        "destroy it.",
        size=8.5,
    )
    sent = day + timedelta(days=pick(rng, [0, 0, 0, 1]))
    sent_text = (
        en_date(sent, "us_slash" if us else "uk_slash")
        + f" {rng.randint(7, 18):02d}:{rng.randint(0, 59):02d}"
    )
    station = org.short[:20]
    fax_header(
        sheet, sent_text, org.fax.split(" ", 1)[1], station, "" if us else "Page", total=pages
    )
    return Draft("fax cover", sheet, truth(patient, None, day, org.name, topic))


@layout("en")
def en_radiology_report(rng: random.Random) -> Draft:
    """Radiology report: exam date, referring physician, findings, impression, signed-on date."""
    day = letter_day(rng)
    us = rng.random() < 0.6
    org = english_org(rng, "radiology", us)
    patient = english_person(rng, day, us)
    sheet = new_sheet(rng, ("sans",))
    english_letterhead(sheet, org, pick(rng, ["left", "right"]), 16 * MM)
    title = pick(rng, ["Radiology Report", "Diagnostic Imaging Report", "MRI Report"])
    sheet.at(50 * MM)
    sheet.write(title, size=sheet.size + 3, weight="bold", after=4)
    examined = weekday_before(day, rng, 0, 2)
    dob = en_date(patient.born, en_birth_style(rng, us))
    referrer = english_doctor(rng)
    style = "us_slash" if us else "uk_slash"
    sheet.row(
        [(0, f"Patient name: {patient.comma()}"), (100 * MM, f"DOB: {dob}")], separator="    "
    )
    sheet.row(
        [
            (0, f"{'MRN' if us else 'Hospital No'}: {rng.randint(100000, 9999999)}"),
            (100 * MM, f"Exam date: {en_date(examined, style)}"),
        ],
        separator="    ",
    )
    sheet.write(f"Referring physician: {referrer.full}{', MD' if us else ''}", after=4)
    exam, finding, impression = pick(
        rng,
        [
            (
                "MRI lumbar spine without contrast",
                "Left paracentral disc protrusion at L4-L5 contacting the traversing L5 nerve "
                "root.",
                "L4-L5 disc protrusion as described.",
            ),
            (
                "CT chest with contrast",
                "No pulmonary embolism. A 6 mm solid nodule in the right lower lobe.",
                "No PE. Incidental 6 mm nodule; follow-up CT in 12 months suggested.",
            ),
            (
                "Chest X-ray PA and lateral",
                "Heart size normal. Lungs clear. No effusion or pneumothorax.",
                "No acute cardiopulmonary abnormality.",
            ),
            (
                "Ultrasound abdomen",
                "Liver normal in size with increased echogenicity. Gallbladder contains several "
                "stones.",
                "Hepatic steatosis. Cholelithiasis without cholecystitis.",
            ),
        ],
    )
    sheet.write(f"Examination: {exam}", weight="bold", after=3)
    sheet.write("Findings:", weight="bold")
    sheet.write(finding, after=3)
    sheet.write("Impression:", weight="bold")
    sheet.write(impression, after=6)
    radiologist = english_doctor(rng)
    signed = en_date(day, pick(rng, [style, "us_long" if us else "long"]))
    sheet.write(
        f"Signed by: {radiologist.full}{', MD' if us else ', FRCR'}    Report date: {signed}"
    )
    english_footer(sheet, rng, org, us)
    return Draft("report", sheet, truth(patient, patient.born, day, org.name, title))


@layout("en")
def en_echo_report(rng: random.Random) -> Draft:
    """Echocardiogram report: two fields per line (patient and DOB, study and report dates)."""
    day = letter_day(rng)
    us = rng.random() < 0.5
    org = english_org(rng, "cardiology", us)
    patient = english_person(rng, day, us)
    sheet = new_sheet(rng, ("sans", "serif"))
    sheet.logo(RIGHT - 14 * MM, 12 * MM, 14 * MM)
    sheet.put(
        org.name,
        LEFT,
        18 * MM,
        size=fitted(org.name, sheet.code("bold"), 14, 130 * MM),
        weight="bold",
    )
    sheet.put(org.subtitle[0], LEFT, 23 * MM, size=9)
    sheet.put(f"{org.street}, {org.town}", LEFT, 27 * MM, size=8)
    sheet.rule(LEFT, 31 * MM, RIGHT, 31 * MM, 0.8)
    title = pick(rng, ["Transthoracic Echocardiogram Report", "Echocardiography Report"])
    sheet.at(40 * MM)
    sheet.write(title, size=sheet.size + 3, weight="bold", after=4)
    studied = weekday_before(day, rng, 0, 3)
    style = "us_long" if us else "long"
    dob = en_date(patient.born, style)
    sheet.row(
        [(0, f"Patient: {patient.full}"), (95 * MM, f"Date of birth: {dob}")], separator="    "
    )
    sheet.row(
        [
            (0, f"Study date: {en_date(studied, style)}"),
            (95 * MM, f"Report date: {en_date(day, style)}"),
        ],
        separator="    ",
    )
    sheet.row(
        [
            (0, f"Height: {rng.randint(150, 195)} cm"),
            (45 * MM, f"Weight: {rng.randint(50, 120)} kg"),
            (
                95 * MM,
                "Indication: "
                f"{pick(rng, ['dyspnoea', 'murmur', 'atrial fibrillation', 'chest pain'])}",
            ),
        ],
        separator="    ",
    )
    sheet.skip(5)
    sheet.row([(0, "Measurement"), (60 * MM, "Value"), (95 * MM, "Normal")], weight="bold")
    for measure in rng.sample(
        [
            ("LVIDd", f"{rng.randint(40, 62)} mm", "37-56 mm"),
            ("IVSd", f"{rng.randint(8, 14)} mm", "6-10 mm"),
            ("LVEF (Simpson's biplane)", f"{rng.randint(35, 68)}%", ">= 52%"),
            ("LA volume index", f"{rng.randint(20, 48)} mL/m²", "< 34 mL/m²"),
            ("TAPSE", f"{rng.randint(14, 26)} mm", "> 17 mm"),
            ("E/e' average", str(rng.randint(6, 16)), "< 14"),
        ],
        rng.randint(4, 6),
    ):
        sheet.row([(0, measure[0]), (60 * MM, measure[1]), (95 * MM, measure[2])])
    sheet.skip(5)
    sheet.write(
        "Conclusion: "
        + pick(
            rng,
            [
                "Normal biventricular size and function.",
                "Mildly impaired left ventricular systolic function.",
                "Moderate mitral regurgitation; no significant stenosis.",
            ],
        ),
        after=6,
    )
    cardiologist = english_doctor(rng)
    sheet.write(f"Reporting cardiologist: {cardiologist.full}{', MD' if us else ', MRCP'}")
    return Draft("report", sheet, truth(patient, patient.born, day, org.name, title))


@layout("en")
def en_practice_notice(rng: random.Random) -> Draft:
    """A practice's notice to patients: no patient; dated about half of the time."""
    day = letter_day(rng)
    us = rng.random() < 0.5
    org = english_org(rng, "gp", us)
    sheet = new_sheet(rng)
    english_letterhead(sheet, org, pick(rng, ["left", "center", "right"]), 20 * MM)
    dated = rng.random() < 0.5
    if dated:
        sheet.put(en_date(day, en_letter_style(rng, us)), RIGHT, 62 * MM, align="right")
    start = day + timedelta(days=rng.randint(10, 40))
    title = pick(
        rng,
        [
            "Notice to our patients",
            "Change of opening hours",
            "Flu vaccination clinics",
            "Practice update",
        ],
    )
    sheet.at(75 * MM)
    sheet.write(title, size=sheet.size + 3, weight="bold", after=4)
    sheet.write("Dear Patients,", after=3)
    locum = english_doctor(rng)
    sheet.write(
        f"From {en_date(start, 'us_long' if us else 'long')} the practice will open from 8 am to "
        "6.30 pm "
        f"Monday to Friday. {locum.title} {locum.full} joins the team as a salaried "
        f"{'physician' if us else 'GP'}. Repeat prescriptions can be ordered online.",
        after=3,
    )
    sheet.write("Thank you for your patience.", after=6)
    sheet.write(f"The {org.name} team")
    english_footer(sheet, rng, org, us)
    return Draft("announcement", sheet, truth(None, None, day if dated else None, org.name, title))


@layout("en")
def en_appointment_letter(rng: random.Random) -> Draft:
    """Written to the patient: name and address as recipient, appointment date in the body."""
    day = letter_day(rng)
    us = rng.random() < 0.4
    org = english_org(rng, pick(rng, ["hospital", "radiology"]), us)
    patient = english_person(rng, day, us)
    sheet = new_sheet(rng)
    english_letterhead(sheet, org, "right", 16 * MM)
    town = pick(rng, US_TOWNS) if us else pick(rng, UK_TOWNS)
    home = f"{town[0]}, {town[1]} {town[2]}" if us else f"{town[0]} {town[1]}"
    street = f"{rng.randint(1, 999)} {pick(rng, US_STREETS if us else UK_STREETS)}"
    sheet.block([f"{english_salutation(patient, us)} {patient.full}", street, home], LEFT, 52 * MM)
    hospital_number = f"Hospital number: {rng.randint(1_000_000, 9_999_999)}"
    sheet.block(
        [hospital_number, f"Date: {en_date(day, en_letter_style(rng, us))}"],
        125 * MM,
        52 * MM,
        size=sheet.size - 1,
    )
    title = pick(
        rng, ["Appointment confirmation", "Your outpatient appointment", "Appointment letter"]
    )
    appointment = day + timedelta(days=rng.randint(7, 60))
    sheet.at(88 * MM)
    sheet.write(title, weight="bold", after=5)
    sheet.write(f"Dear {english_salutation(patient, us)} {patient.surname},", after=3)
    sheet.write(
        "An appointment has been made for you on "
        f"{en_date(appointment, 'us_long' if us else 'ordinal')} at "
        f"{rng.randint(8, 16)}:{pick(rng, ['00', '15', '30', '45'])} in the "
        + pick(rng, ["Outpatient Department", "Imaging Department", "Cardiac Investigations Unit"])
        + ". "
        "Please arrive 15 minutes early and bring a list of your current medicines.",
        after=3,
    )
    sheet.write(
        "If you cannot attend, please call us so that the slot can be offered to another patient.",
        after=6,
    )
    sheet.write("Yours sincerely," if not us else "Sincerely,", after=4)
    sheet.write("Outpatient Bookings")
    english_footer(sheet, rng, org, us)
    return Draft("appointment", sheet, truth(patient, None, day, org.name, title))


@layout("en")
def en_medical_certificate(rng: random.Random) -> Draft:
    """No letterhead: `To whom it may concern`, dated, signed by one doctor."""
    day = letter_day(rng)
    us = rng.random() < 0.5
    patient = english_person(rng, day, us)
    doctor = english_doctor(rng)
    sheet = new_sheet(rng, ("serif", "sans"))
    sheet.put(en_date(day, en_letter_style(rng, us)), RIGHT, 30 * MM, align="right")
    title = pick(
        rng, ["Medical Certificate", "Fitness to Fly Certificate", "Certificate of Illness"]
    )
    sheet.at(50 * MM)
    sheet.write(title, size=sheet.size + 4, weight="bold", after=6 * MM)
    sheet.write("To whom it may concern,", after=4)
    dob = en_date(patient.born, en_birth_style(rng, us))
    sheet.write(
        f"This is to certify that {patient.full} (date of birth {dob}) was seen by me on "
        f"{en_date(weekday_before(day, rng, 0, 3), 'us_long' if us else 'long')}. "
        + pick(
            rng,
            [
                "In my opinion the patient was unfit for work for five days.",
                "The patient is fit to travel by air.",
                "The patient may return to school from Monday.",
            ],
        ),
        after=14 * MM,
    )
    name = f"Dr. {doctor.full}" if us else f"Dr {doctor.full}"
    sheet.write(name)
    sheet.write(pick(rng, ["MBBS MRCGP", "MD", "MB ChB DRCOG"]), size=sheet.size - 1)
    sheet.write(
        f"GMC {rng.randint(1_000_000, 9_999_999)}"
        if not us
        else f"License #{rng.randint(10000, 99999)}",
        size=sheet.size - 1,
    )
    return Draft("certificate", sheet, truth(patient, patient.born, day, name, title))


@layout("en")
def en_colleague_note(rng: random.Random) -> Draft:
    """A quick note to a colleague: no letterhead, no date, no subject."""
    day = letter_day(rng)
    us = rng.random() < 0.5
    patient = english_person(rng, day, us)
    doctor = english_doctor(rng)
    friend = english_doctor(rng)
    sheet = Sheet(pick(rng, ["serif", "sans"]), 12.0, 1.5)
    sheet.at(40 * MM)
    sheet.write(f"Dear {friend.given},", after=4)
    dob = en_date(patient.born, en_birth_style(rng, us))
    sheet.write(
        f"Just a quick note about our mutual patient, {english_salutation(patient, us)} "
        f"{patient.full} "
        f"(DOB {dob}). "
        + pick(
            rng,
            [
                "Could you have a look at the attached ECG before the next visit?",
                f"{'Her' if patient.sex == 'f' else 'His'} INR has been erratic; "
                "I have paused warfarin for two days.",
                f"{'She' if patient.sex == 'f' else 'He'} would rather be seen closer to home, "
                "if that can be arranged.",
            ],
        ),
        after=4,
    )
    sheet.write(pick(rng, ["Thanks,", "Best,", "Many thanks,"]), after=6 * MM)
    name = f"Dr. {doctor.full}" if us else f"Dr {doctor.full}"
    sheet.write(name, weight="italic")
    return Draft("note", sheet, truth(patient, patient.born, None, name, None))


@layout("en")
def en_us_progress_letter_right(rng: random.Random) -> Draft:
    """US specialist letter with the letterhead right and a reference block of three fields."""
    day = letter_day(rng)
    specialty = pick(rng, ENGLISH_SPECIALTIES)
    org = english_org(rng, "hospital", us=True)
    patient = english_person(rng, day, us=True)
    recipient, address = english_recipient(rng, us=True)
    sheet = new_sheet(rng, ("serif",))
    english_letterhead(sheet, org, "right", 16 * MM)
    sheet.block(address, LEFT, 55 * MM)
    info_block(
        sheet,
        [
            ("Date:", en_date(day, en_letter_style(rng, us=True))),
            ("Patient:", patient.comma()),
            ("DOB:", en_date(patient.born, "us_slash")),
            ("MRN:", str(rng.randint(1_000_000, 9_999_999))),
        ],
        y=55 * MM,
    )
    subject = pick(rng, specialty.subjects)
    sheet.at(92 * MM)
    sheet.write(f"Subject: {subject}", weight="bold", after=5)
    sheet.write(english_dear(recipient, us=True), after=3)
    values = clinical_values(rng)
    sheet.write(english_text(" ".join(sentences(rng, specialty.findings, 2, 3, values))), after=3)
    sheet.write(english_text(" ".join(sentences(rng, specialty.advice, 1, 2, values))), after=6)
    english_signature(
        sheet, rng, english_doctor(rng), specialty.role.replace("Consultant", "Attending"), us=True
    )
    english_footer(sheet, rng, org, us=True)
    return Draft("report", sheet, truth(patient, patient.born, day, org.name, subject))


@layout("en")
def en_uk_lab_report(rng: random.Random) -> Draft:
    """UK pathology report: SI units, sample and report times, requesting GP."""
    day = letter_day(rng)
    org = english_org(rng, "lab", us=False)
    patient = english_person(rng, day, us=False)
    sheet = new_sheet(rng, ("sans", "mono"))
    english_letterhead(sheet, org, "center", 16 * MM)
    title = pick(rng, ["Pathology Report", "Blood Sciences Report", "Laboratory Report"])
    sheet.at(50 * MM)
    sheet.write(title, size=sheet.size + 3, weight="bold", after=4)
    sampled = weekday_before(day, rng, 0, 2)
    requester = english_doctor(rng)
    dob = en_date(patient.born, "uk_slash")
    sheet.row(
        [(0, f"Patient: {patient.comma()}"), (95 * MM, f"DOB: {dob}")],
        separator="    ",
    )
    sheet.row(
        [
            (
                0,
                f"NHS No: {rng.randint(400, 499)} {rng.randint(100, 999)} "
                f"{rng.randint(1000, 9999)}",
            ),
            (95 * MM, f"Requested by: Dr {requester.given[0]}. {requester.surname}"),
        ],
        separator="    ",
    )
    sheet.row(
        [
            (
                0,
                f"Sample taken: {en_date(sampled, 'uk_slash')} "
                f"{rng.randint(8, 12):02d}:{rng.randint(0, 59):02d}",
            ),
            (
                95 * MM,
                f"Reported: {en_date(day, 'uk_slash')} "
                f"{rng.randint(13, 18):02d}:{rng.randint(0, 59):02d}",
            ),
        ],
        separator="    ",
    )
    sheet.skip(5)
    analytes = (
        ("Haemoglobin", "g/L", 115, 165),
        ("White cell count", "x10^9/L", 4.0, 11.0),
        ("Sodium", "mmol/L", 133, 146),
        ("Potassium", "mmol/L", 3.5, 5.3),
        ("Creatinine", "µmol/L", 45, 84),
        ("eGFR", "mL/min/1.73m²", 90, 120),
        ("ALT", "IU/L", 0, 40),
        ("HbA1c", "mmol/mol", 20, 41),
        ("CRP", "mg/L", 0, 5),
        ("Ferritin", "µg/L", 15, 200),
    )
    sheet.row(
        [(0, "Test"), (55 * MM, "Result"), (78 * MM, ""), (88 * MM, "Units"), (125 * MM, "Range")],
        weight="bold",
    )
    for name, value, flag, unit, limits in lab_rows(rng, analytes, False, rng.randint(6, 10)):
        sheet.row(
            [
                (0, name),
                (55 * MM, value),
                (78 * MM, flag),
                (88 * MM, unit),
                (125 * MM, limits.replace(" – ", " - ")),
            ]
        )
    sheet.skip(5)
    sheet.write(
        pick(
            rng,
            [
                "Comment: Results discussed with the requesting clinician.",
                "Comment: Please repeat renal function in two weeks.",
                "Comment: No further action.",
            ],
        ),
        size=sheet.size - 1,
    )
    english_footer(sheet, rng, org, us=False)
    return Draft("lab", sheet, truth(patient, patient.born, day, org.name, title))


# ---------------------------------------------------------------------------------------------
# The corpus
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LabelledLetter:
    key: str
    layout: str
    language: str  # "de" | "en"
    kind: str
    lines: tuple[str, ...]
    truth: dict[str, str | None]
    placed: tuple[Placed, ...] = field(default=(), repr=False)
    rules: tuple[Rule, ...] = field(default=(), repr=False)

    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def pages(self) -> int:
        return max((line.page for line in self.placed), default=0) + 1

    def pdf(self) -> bytes:
        """The letter on A4 pages, every line at its place, fonts embedded and subset."""
        document = pymupdf.open()
        for number in range(self.pages):
            page = document.new_page(width=PAGE_WIDTH, height=PAGE_HEIGHT)
            lines = [line for line in self.placed if line.page == number]
            for code in sorted({piece.font for line in lines for piece in line.pieces}):
                page.insert_font(fontname=f"DV{code}", fontbuffer=_font(code).buffer)
            for rule in self.rules:
                if rule.page != number:
                    continue
                if rule.filled:
                    page.draw_rect(
                        pymupdf.Rect(rule.x0, rule.y0, rule.x1, rule.y1),
                        color=None,
                        fill=(0.25, 0.35, 0.55),
                    )
                else:
                    page.draw_line((rule.x0, rule.y0), (rule.x1, rule.y1), width=rule.width)
            for line in lines:
                for piece in line.pieces:
                    page.insert_text(
                        (piece.x, line.y),
                        piece.text,
                        fontname=f"DV{piece.font}",
                        fontsize=piece.size,
                    )
        document.subset_fonts()
        document.set_metadata({})
        data: bytes = document.tobytes(garbage=3, deflate=True, no_new_id=True)
        document.close()
        return data


def make_letter(seed: int, index: int, name: str) -> LabelledLetter:
    language, function = LAYOUTS[name]
    draft = function(random.Random(f"{seed}:{index}:{name}"))
    placed, rules = draft.sheet.finish()
    return LabelledLetter(
        key=f"{seed}-{index:04d}-{name}",
        layout=name,
        language=language,
        kind=draft.kind,
        lines=tuple(line.text for line in placed),
        truth=draft.truth,
        placed=placed,
        rules=rules,
    )


def generate(count: int, seed: int) -> list[LabelledLetter]:
    """`count` letters; every block of len(LAYOUTS) holds each layout once, in seeded order."""
    order = random.Random(seed)
    names: list[str] = []
    while len(names) < count:
        block = sorted(LAYOUTS)
        order.shuffle(block)
        names += block
    return [make_letter(seed, index, name) for index, name in enumerate(names[:count])]


def split(name: str, count: int = 320) -> list[LabelledLetter]:
    """The dev split (tune on it) or the test split (report on it)."""
    seeds = {"dev": DEV_SEED, "test": TEST_SEED}
    if name not in seeds:
        raise ValueError(f"split is 'dev' or 'test', not {name!r}")
    return generate(count, seeds[name])
