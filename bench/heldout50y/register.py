"""The receiving practices' patient register: 300+ patients with deliberate collisions."""

from __future__ import annotations

import csv
import datetime as dt
import json
import random
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

FHIR_SYSTEM = "urn:heldout50y:praxis-patientennummer"

CYRILLIC = {
    "Kovalenko": "Коваленко",
    "Shevchenko": "Шевченко",
    "Bondarenko": "Бондаренко",
    "Tkachenko": "Ткаченко",
    "Melnyk": "Мельник",
    "Kravchenko": "Кравченко",
    "Oliinyk": "Олійник",
    "Boiko": "Бойко",
    "Olena": "Олена",
    "Oksana": "Оксана",
    "Nataliia": "Наталія",
    "Iryna": "Ірина",
    "Andrii": "Андрій",
    "Oleksandr": "Олександр",
    "Serhii": "Сергій",
    "Mykola": "Микола",
    "Yuliia": "Юлія",
    "Taras": "Тарас",
    "Ivanov": "Иванов",
    "Ivanova": "Иванова",
    "Petrov": "Петров",
    "Petrova": "Петрова",
    "Georgiev": "Георгиев",
    "Georgieva": "Георгиева",
    "Dimitrov": "Димитров",
    "Dimitrova": "Димитрова",
    "Todorov": "Тодоров",
    "Todorova": "Тодорова",
    "Georgi": "Георги",
    "Dimitar": "Димитър",
    "Maria": "Мария",
    "Elena": "Елена",
    "Ivan": "Иван",
    "Desislava": "Десислава",
    "Nikolay": "Николай",
    "Svetla": "Светла",
}

GERMAN_SURNAMES = [
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
    "Koch",
    "Richter",
    "Klein",
    "Wolf",
    "Schröder",
    "Neumann",
    "Schwarz",
    "Zimmermann",
    "Braun",
    "Krüger",
    "Hartmann",
    "Lange",
    "Werner",
    "Krause",
    "Lehmann",
    "Schulze",
    "Köhler",
    "Herrmann",
    "König",
    "Walter",
    "Kaiser",
    "Fuchs",
    "Scholz",
    "Möller",
    "Weiß",
    "Jung",
    "Hahn",
    "Schubert",
    "Vogel",
    "Friedrich",
    "Günther",
    "Frank",
    "Berger",
    "Winkler",
    "Roth",
    "Lorenz",
    "Baumann",
    "Franke",
    "Albrecht",
    "Schuster",
    "Ludwig",
    "Böhm",
    "Winter",
    "Kraus",
    "Krämer",
    "Vogt",
    "Stein",
    "Jäger",
    "Otto",
    "Sommer",
    "Groß",
    "Seidel",
    "Heinrich",
    "Dietrich",
    "Ziegler",
    "Kühn",
    "Pohl",
    "Engel",
    "Horn",
    "Bergmann",
    "Voigt",
    "Sauer",
    "Arnold",
    "Pfeiffer",
    "Heßelbarth",
    "Hopf",
    "Hölzer",
    "Gräf",
    "Trautvetter",
    "Möbius",
    "Rothämel",
    "Steinbrück",
    "Eckardt",
    "Kirchner",
    "Escher",
    "Bachmann",
    "Heyn",
    "Leipold",
    "Apel",
    "Grimm",
    "Rudolph",
    "Stötzer",
    "Döring",
    "Kämmerer",
    "Schellenberg",
    "Luthardt",
    "Motschmann",
    "Recknagel",
    "Zitzmann",
    "Wiegand",
    "Kellner",
    "Heiland",
    "Kaufhold",
    "Hunold",
    "Montag",
    "Fromm",
    "Stöber",
    "Gassmann",
    "Jünemann",
    "Rhode",
    "Diegmann",
    "Beinrott",
    "Hupe",
    "Brodführer",
    "Anschütz",
    "Triebel",
    "Knauf",
    "Hörcher",
    "Ortlepp",
]
MALE = [
    "Andreas",
    "Thomas",
    "Michael",
    "Frank",
    "Uwe",
    "Jürgen",
    "Klaus",
    "Wolfgang",
    "Peter",
    "Dieter",
    "Lutz",
    "Steffen",
    "Torsten",
    "Matthias",
    "Jens",
    "Sven",
    "René",
    "Marcel",
    "Paul",
    "Ben",
    "Felix",
    "Jonas",
    "Lukas",
    "Horst",
    "Gerhard",
    "Manfred",
    "Heinz",
    "Siegfried",
    "Rainer",
    "Holger",
    "Dirk",
    "Ronny",
    "Maik",
    "Kevin",
    "Tom",
    "Elias",
    "Karl-Heinz",
    "Hans-Peter",
    "Jan",
    "Erik",
]
FEMALE = [
    "Sabine",
    "Petra",
    "Kerstin",
    "Anja",
    "Katrin",
    "Susanne",
    "Andrea",
    "Birgit",
    "Heike",
    "Ines",
    "Ramona",
    "Mandy",
    "Nadine",
    "Jacqueline",
    "Sandra",
    "Julia",
    "Lea",
    "Emma",
    "Mia",
    "Hannah",
    "Sophie",
    "Lina",
    "Ingrid",
    "Gisela",
    "Ursula",
    "Renate",
    "Christa",
    "Brigitte",
    "Monika",
    "Elke",
    "Silke",
    "Doreen",
    "Yvonne",
    "Annett",
    "Marie",
    "Clara",
    "Anna-Lena",
    "Lisa",
    "Hannelore",
]

FOREIGN: dict[str, tuple[list[str], list[str], list[str], list[str]]] = {
    # origin: (male surnames, female surnames, male given, female given)
    "CZ": (
        ["Novák", "Dvořák", "Svoboda", "Černý", "Kučera"],
        ["Nováková", "Dvořáková", "Svobodová", "Černá", "Kučerová"],
        ["Jiří", "Petr", "Tomáš", "Lukáš"],
        ["Jana", "Lenka", "Veronika", "Tereza"],
    ),
    "UA": (
        [
            "Kovalenko",
            "Shevchenko",
            "Bondarenko",
            "Tkachenko",
            "Melnyk",
            "Kravchenko",
            "Oliinyk",
            "Boiko",
        ],
        [
            "Kovalenko",
            "Shevchenko",
            "Bondarenko",
            "Tkachenko",
            "Melnyk",
            "Kravchenko",
            "Oliinyk",
            "Boiko",
        ],
        ["Andrii", "Oleksandr", "Serhii", "Mykola", "Taras"],
        ["Olena", "Oksana", "Nataliia", "Iryna", "Yuliia"],
    ),
    "HU": (
        ["Nagy", "Kovács", "Tóth", "Szabó", "Horváth", "Molnár", "Németh"],
        ["Nagy", "Kovács", "Tóth", "Szabó", "Horváth", "Molnár", "Németh"],
        ["László", "Zoltán", "István", "Gábor"],
        ["Erzsébet", "Katalin", "Zsófia", "Ildikó"],
    ),
    "RO": (
        ["Popescu", "Ionescu", "Popa", "Dumitru", "Stoica", "Rusu"],
        ["Popescu", "Ionescu", "Popa", "Dumitru", "Stoica", "Rusu"],
        ["Andrei", "Mihai", "Florin", "Ionuț"],
        ["Ioana", "Elena", "Cristina", "Mirela"],
    ),
    "BG": (
        ["Ivanov", "Petrov", "Georgiev", "Dimitrov", "Todorov"],
        ["Ivanova", "Petrova", "Georgieva", "Dimitrova", "Todorova"],
        ["Georgi", "Dimitar", "Ivan", "Nikolay"],
        ["Maria", "Elena", "Desislava", "Svetla"],
    ),
    "VN": (
        ["Nguyen", "Tran", "Pham", "Le", "Hoang"],
        ["Nguyen", "Tran", "Pham", "Le", "Hoang"],
        ["Van Minh", "Duc Anh", "Quoc Bao"],
        ["Thi Lan", "Thi Hoa", "Thi Mai"],
    ),
    "ER": (
        ["Tesfay", "Gebremedhin", "Haile", "Kidane", "Tekle", "Berhane", "Abraha"],
        ["Tesfay", "Gebremedhin", "Haile", "Kidane", "Tekle", "Berhane", "Abraha"],
        ["Yonas", "Filmon", "Mebrahtu", "Dawit"],
        ["Senait", "Helen", "Selam", "Abeba"],
    ),
    "IN": (
        ["Sharma", "Patel", "Nair", "Reddy", "Iyer", "Singh"],
        ["Sharma", "Patel", "Nair", "Reddy", "Iyer", "Kaur"],
        ["Rahul", "Vikram", "Arjun", "Sanjay"],
        ["Priya", "Anjali", "Deepa", "Lakshmi"],
    ),
    "ES": (
        ["García López", "Martínez Ruiz", "Fernández Gómez", "Sánchez Moreno"],
        ["García López", "Martínez Ruiz", "Fernández Gómez", "Sánchez Moreno"],
        ["José Luis", "Javier", "Alejandro"],
        ["María del Carmen", "Lucía", "Carmen"],
    ),
    "US": (
        ["Smith", "Johnson", "Miller", "Davis", "Anderson"],
        ["Smith", "Johnson", "Miller", "Davis", "Anderson"],
        ["Michael", "Robert", "Christopher"],
        ["Jennifer", "Emily", "Ashley"],
    ),
    "AT": (
        ["Huber", "Gruber", "Pichler", "Steiner", "Moser", "Leitner"],
        ["Huber", "Gruber", "Pichler", "Steiner", "Moser", "Leitner"],
        ["Johann", "Franz", "Florian"],
        ["Theresia", "Katharina", "Verena"],
    ),
}

PLACES = [
    ("99084", "Erfurt"),
    ("99085", "Erfurt"),
    ("99089", "Erfurt"),
    ("99096", "Erfurt"),
    ("99423", "Weimar"),
    ("99425", "Weimar"),
    ("07743", "Jena"),
    ("07745", "Jena"),
    ("07747", "Jena"),
    ("07545", "Gera"),
    ("07548", "Gera"),
    ("99817", "Eisenach"),
    ("98527", "Suhl"),
    ("99867", "Gotha"),
    ("98693", "Ilmenau"),
    ("37308", "Heilbad Heiligenstadt"),
    ("37327", "Leinefelde-Worbis"),
    ("37351", "Dingelstädt"),
    ("99310", "Arnstadt"),
    ("99510", "Apolda"),
    ("07407", "Rudolstadt"),
    ("98617", "Meiningen"),
    ("99974", "Mühlhausen"),
    ("98574", "Schmalkalden"),
    ("07318", "Saalfeld/Saale"),
]
STREETS = [
    "Anger",
    "Juri-Gagarin-Ring",
    "Löbdergraben",
    "Carl-Zeiss-Platz",
    "Schillerstraße",
    "Goethestraße",
    "Bahnhofstraße",
    "Am Steiger",
    "Karl-Marx-Allee",
    "Wagnergasse",
    "Lindenallee",
    "Ringstraße",
    "Wartburgallee",
    "Rennsteigweg",
    "Friedensstraße",
    "Thomas-Müntzer-Straße",
    "Am Kreuzberg",
    "Marktstraße",
    "Hinter der Kirche",
    "Leinestraße",
    "Kasseler Tor",
    "Breitscheidstraße",
    "Dornburger Straße",
    "Saalbahnhofstraße",
]


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    birth_date: dt.date
    sex: str  # "M" / "F"
    street: str
    postcode: str
    city: str
    country: str = "DE"
    birth_name: str = ""
    former_names: list[str] = field(default_factory=list)
    title: str = ""
    origin: str = "DE"
    collision: str | None = None
    collision_group: str | None = None

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


def _date(rng: random.Random, y0: int, y1: int) -> dt.date:
    start = dt.date(y0, 1, 1).toordinal()
    return dt.date.fromordinal(rng.randint(start, dt.date(y1, 12, 31).toordinal()))


def _addr(rng: random.Random) -> tuple[str, str, str]:
    pc, city = rng.choice(PLACES)
    return f"{rng.choice(STREETS)} {rng.randint(1, 88)}", pc, city


def _special() -> list[Patient]:
    d = dt.date
    out = [
        Patient(
            "",
            "Schmidt",
            "Andreas",
            d(1966, 4, 12),
            "M",
            "Anger 12",
            "99084",
            "Erfurt",
            collision="same name and birth date, told apart by address",
            collision_group="C1",
        ),
        Patient(
            "",
            "Schmidt",
            "Andreas",
            d(1966, 4, 12),
            "M",
            "Gagarinstraße 3",
            "07545",
            "Gera",
            collision="same name and birth date, told apart by address",
            collision_group="C1",
        ),
        Patient(
            "",
            "Hopf",
            "Lea",
            d(2012, 9, 3),
            "F",
            "Rennsteigweg 5",
            "98527",
            "Suhl",
            collision="twin",
            collision_group="C2",
        ),
        Patient(
            "",
            "Hopf",
            "Lina",
            d(2012, 9, 3),
            "F",
            "Rennsteigweg 5",
            "98527",
            "Suhl",
            collision="twin",
            collision_group="C2",
        ),
        Patient(
            "",
            "Kellner",
            "Sandra",
            d(1987, 11, 23),
            "F",
            "Wagnergasse 17",
            "07743",
            "Jena",
            birth_name="Eckardt",
            former_names=["Eckardt"],
            collision="name change; letters may use the former name",
            collision_group="C3",
        ),
        Patient(
            "",
            "Eckardt",
            "Sandra",
            d(1991, 2, 8),
            "F",
            "Marktstraße 2",
            "99310",
            "Arnstadt",
            collision="namesake of a former name",
            collision_group="C3",
        ),
        Patient(
            "",
            "Müller",
            "Jürgen",
            d(1958, 2, 11),
            "M",
            "Goethestraße 40",
            "99423",
            "Weimar",
            collision="umlaut spelling is a different person",
            collision_group="C4",
        ),
        Patient(
            "",
            "Mueller",
            "Juergen",
            d(1961, 7, 30),
            "M",
            "Lindenallee 9",
            "99423",
            "Weimar",
            collision="umlaut spelling is a different person",
            collision_group="C4",
        ),
        Patient(
            "",
            "Möbius",
            "Günther",
            d(1944, 5, 19),
            "M",
            "Am Kreuzberg 4",
            "98693",
            "Ilmenau",
            collision="umlaut spelling is a different person",
            collision_group="C5",
        ),
        Patient(
            "",
            "Moebius",
            "Guenther",
            d(1944, 5, 19),
            "M",
            "Ringstraße 22",
            "99867",
            "Gotha",
            collision="umlaut spelling is a different person (same birth date)",
            collision_group="C5",
        ),
        Patient(
            "",
            "Schulze",
            "Karin",
            d(1949, 3, 14),
            "F",
            "Breitscheidstraße 8",
            "99817",
            "Eisenach",
            collision="namesake, different birth date",
            collision_group="C6",
        ),
        Patient(
            "",
            "Schulze",
            "Karin",
            d(1978, 10, 1),
            "F",
            "Wartburgallee 61",
            "99817",
            "Eisenach",
            collision="namesake, different birth date",
            collision_group="C6",
        ),
        Patient(
            "",
            "Richter",
            "Thomas",
            d(1955, 6, 6),
            "M",
            "Karl-Marx-Allee 3",
            "07747",
            "Jena",
            collision="namesake, different birth date",
            collision_group="C7",
        ),
        Patient(
            "",
            "Richter",
            "Thomas",
            d(1972, 1, 29),
            "M",
            "Schillerstraße 14",
            "07745",
            "Jena",
            collision="namesake, different birth date",
            collision_group="C7",
        ),
        Patient(
            "",
            "Richter",
            "Thomas",
            d(1990, 8, 17),
            "M",
            "Dornburger Straße 77",
            "07743",
            "Jena",
            collision="namesake, different birth date",
            collision_group="C7",
        ),
        Patient(
            "",
            "Wiegand",
            "Julia",
            d(1983, 12, 2),
            "F",
            "Leinestraße 6",
            "37308",
            "Heilbad Heiligenstadt",
            birth_name="Heßelbarth",
            former_names=["Heßelbarth-Wiegand"],
            collision="former double name",
            collision_group="C8",
        ),
        Patient(
            "",
            "von Wangenheim",
            "Friedrich",
            d(1939, 7, 1),
            "M",
            "Am Schloss 1",
            "99880",
            "Waltershausen",
            title="Dr. jur.",
        ),
        Patient(
            "",
            "von der Heydt",
            "Cornelia",
            d(1961, 4, 30),
            "F",
            "Kasseler Tor 3",
            "99974",
            "Mühlhausen",
            title="Prof. Dr.",
        ),
        Patient(
            "",
            "Schmidt-Rottluff",
            "Anna-Lena",
            d(1995, 3, 9),
            "F",
            "Saalbahnhofstraße 12",
            "07743",
            "Jena",
        ),
        Patient(
            "",
            "Brodführer",
            "Hans-Peter",
            d(1952, 9, 28),
            "M",
            "Thomas-Müntzer-Straße 8",
            "99974",
            "Mühlhausen",
            title="Dipl.-Ing.",
        ),
        Patient(
            "",
            "Hunold",
            "Maria Theresia",
            d(1936, 1, 4),
            "F",
            "Hinter der Kirche 2",
            "37351",
            "Dingelstädt",
            birth_name="Kaufhold",
        ),
        Patient(
            "",
            "Escher",
            "Karl Heinz",
            d(1948, 12, 24),
            "M",
            "Friedensstraße 9",
            "98574",
            "Schmalkalden",
            title="Dr. med.",
        ),
        Patient(
            "",
            "Trautvetter",
            "Ramona",
            d(1969, 2, 28),
            "F",
            "Bahnhofstraße 30",
            "98617",
            "Meiningen",
            birth_name="Zitzmann",
        ),
        Patient(
            "",
            "Kovalenko",
            "Olena",
            d(1979, 6, 15),
            "F",
            "Juri-Gagarin-Ring 120",
            "99084",
            "Erfurt",
            origin="UA",
            collision="namesake, different birth date",
            collision_group="C9",
        ),
        Patient(
            "",
            "Kovalenko",
            "Olena",
            d(2004, 11, 2),
            "F",
            "Juri-Gagarin-Ring 120",
            "99084",
            "Erfurt",
            origin="UA",
            collision="namesake, different birth date (daughter)",
            collision_group="C9",
        ),
        Patient(
            "",
            "Tesfay",
            "Senait",
            d(1990, 1, 1),
            "F",
            "Am Steiger 7",
            "99094",
            "Erfurt",
            origin="ER",
            collision="same birth date 1 January (common)",
            collision_group="C10",
        ),
        Patient(
            "",
            "Tesfay",
            "Yonas",
            d(1990, 1, 1),
            "M",
            "Am Steiger 7",
            "99094",
            "Erfurt",
            origin="ER",
            collision="same surname and birth date, different given name",
            collision_group="C10",
        ),
        Patient(
            "",
            "García López",
            "María del Carmen",
            d(1974, 5, 21),
            "F",
            "Anger 40",
            "99084",
            "Erfurt",
            origin="ES",
        ),
    ]
    return out


def build() -> list[Patient]:
    rng = random.Random(50_7_2024)
    patients = _special()
    origins = ["DE"] * 70 + ["CZ", "UA", "UA", "HU", "RO", "BG", "VN", "ER", "IN", "ES", "US", "AT"]
    while len(patients) < 318:
        origin = rng.choice(origins)
        sex = rng.choice("MF")
        if origin == "DE":
            surname = rng.choice(GERMAN_SURNAMES)
            if rng.random() < 0.05:
                surname = f"{surname}-{rng.choice(GERMAN_SURNAMES)}"
            given = rng.choice(MALE if sex == "M" else FEMALE)
            if rng.random() < 0.08:
                given = f"{given} {rng.choice(MALE if sex == 'M' else FEMALE).split('-')[0]}"
        else:
            ms, fs, mg, fg = FOREIGN[origin]
            surname = rng.choice(ms if sex == "M" else fs)
            given = rng.choice(mg if sex == "M" else fg)
        if " ".join(given.split()) != given:
            continue
        birth = _date(rng, 1930, 2021)
        street, pc, city = _addr(rng)
        p = Patient("", surname, given, birth, sex, street, pc, city, origin=origin)
        if sex == "F" and origin == "DE" and rng.random() < 0.2:
            p.birth_name = rng.choice(GERMAN_SURNAMES)
        r = rng.random()
        if r < 0.04:
            p.title = "Dr. med."
        elif r < 0.06:
            p.title = "Dr."
        if any(q.full_name == p.full_name and q.birth_date == p.birth_date for q in patients):
            continue
        patients.append(p)
    order = list(range(len(patients)))
    rng.shuffle(order)
    for n, i in enumerate(order):
        patients[i].id = str(20000 + 3 * n + 7)
    patients.sort(key=lambda q: int(q.id))
    return patients


def _resource(p: Patient) -> dict[str, object]:
    names: list[dict[str, object]] = []
    official: dict[str, object] = {
        "use": "official",
        "family": p.surname,
        "given": p.given_names.split(" "),
    }
    if p.title:
        official["prefix"] = [p.title]
    names.append(official)
    if p.birth_name:
        names.append({"use": "maiden", "family": p.birth_name, "given": p.given_names.split(" ")})
    for old in p.former_names:
        names.append({"use": "old", "family": old, "given": p.given_names.split(" ")})
    return {
        "resourceType": "Patient",
        "id": p.id,
        "identifier": [{"system": FHIR_SYSTEM, "value": p.id}],
        "name": names,
        "gender": "male" if p.sex == "M" else "female",
        "birthDate": p.birth_date.isoformat(),
        "address": [
            {"line": [p.street], "postalCode": p.postcode, "city": p.city, "country": p.country}
        ],
    }


def latin1(text: str) -> str:
    """GDT 2.10 is ISO-8859-1: letters outside it lose their accent (č -> c, ő -> o)."""
    out = []
    for ch in text:
        try:
            ch.encode("iso-8859-1")
            out.append(ch)
        except UnicodeEncodeError:
            base = unicodedata.normalize("NFKD", ch)[0]
            out.append(base if base.isascii() else "?")
    return "".join(out)


def _gdt_line(field_id: str, content: str) -> bytes:
    body = (field_id + latin1(content)).encode("iso-8859-1")
    return f"{len(body) + 5:03d}".encode("ascii") + body + b"\r\n"


def gdt_record(p: Patient) -> bytes:
    lines = [
        _gdt_line("9218", "02.10"),
        _gdt_line("3000", p.id),
        _gdt_line("3101", p.surname),
        _gdt_line("3102", p.given_names),
        _gdt_line("3103", p.birth_date.strftime("%d%m%Y")),
        _gdt_line("3110", "1" if p.sex == "M" else "2"),
        _gdt_line("3106", f"{p.postcode} {p.city}"),
        _gdt_line("3107", p.street),
    ]
    head = _gdt_line("8000", "6301")
    rest = b"".join(lines)
    total = len(head) + len(_gdt_line("8100", "00000")) + len(rest)
    return head + _gdt_line("8100", f"{total:05d}") + rest


CSV_COLUMNS = [
    "id",
    "surname",
    "given_names",
    "birth_name",
    "former_names",
    "title",
    "birth_date",
    "sex",
    "street",
    "postcode",
    "city",
    "country",
]


def write_all(patients: list[Patient], folder: str | Path) -> None:
    out = Path(folder)
    (out / "gdt").mkdir(parents=True, exist_ok=True)
    with (out / "patients.csv").open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(CSV_COLUMNS)
        for p in patients:
            w.writerow(
                [
                    p.id,
                    p.surname,
                    p.given_names,
                    p.birth_name,
                    ";".join(p.former_names),
                    p.title,
                    p.birth_date.isoformat(),
                    p.sex,
                    p.street,
                    p.postcode,
                    p.city,
                    p.country,
                ]
            )
    for p in patients:
        (out / "gdt" / f"{p.id}.gdt").write_bytes(gdt_record(p))
    resources = [_resource(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [{"fullUrl": f"urn:uuid:patient-{r['id']}", "resource": r} for r in resources],
    }
    (out / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (out / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in resources), encoding="utf-8"
    )
