"""The practice system's patient register of the heldout50m world (about 300 patients).

Deterministic: built from a fixed seed; the collision groups are written out by hand.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

SEED = 5090177


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    birth_date: str  # ISO
    sex: str  # "m" / "f"
    street: str
    postcode: str
    city: str
    country: str = "DE"
    birth_name: str = ""
    former_names: list[str] = field(default_factory=list)
    title: str = ""
    collision: str = ""
    collision_group: str = ""
    origin: str = "de"  # de, pl, ua, ru, lt, vn, tr, ar
    native: str = ""  # the name in the letter's script ("Surname Given"), for ua/ru patients

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"

    @property
    def birth(self) -> dt.date:
        return dt.date.fromisoformat(self.birth_date)


STREETS = [
    ("Sonnenallee", "12045", "Berlin"),
    ("Hermannstraße", "12049", "Berlin"),
    ("Karl-Marx-Straße", "12043", "Berlin"),
    ("Weserstraße", "12047", "Berlin"),
    ("Richardstraße", "12055", "Berlin"),
    ("Britzer Damm", "12347", "Berlin"),
    ("Klosterstraße", "13581", "Berlin"),
    ("Seegefelder Straße", "13583", "Berlin"),
    ("Falkenseer Chaussee", "13589", "Berlin"),
    ("Brandenburger Straße", "14467", "Potsdam"),
    ("Zeppelinstraße", "14471", "Potsdam"),
    ("Stahnsdorfer Straße", "14482", "Potsdam"),
    ("Sandower Hauptstraße", "03042", "Cottbus"),
    ("Karl-Liebknecht-Straße", "03046", "Cottbus"),
    ("Große Scharrnstraße", "15230", "Frankfurt (Oder)"),
    ("Eisenhüttenstädter Chaussee", "15236", "Frankfurt (Oder)"),
    ("Eisenbahnstraße", "16225", "Eberswalde"),
    ("Heegermühler Straße", "16225", "Eberswalde"),
    ("Dorfstraße", "16244", "Schorfheide"),
    ("Angermünder Straße", "16247", "Joachimsthal"),
]

DE_SUR = [
    "Schneider",
    "Fischer",
    "Weber",
    "Meyer",
    "Wagner",
    "Becker",
    "Schäfer",
    "Koch",
    "Bauer",
    "Richter",
    "Klein",
    "Wolf",
    "Schröder",
    "Neumann",
    "Schwarz",
    "Zimmermann",
    "Braun",
    "Hofmann",
    "Hartmann",
    "Lange",
    "Schmitt",
    "Werner",
    "Krause",
    "Meier",
    "Lehmann",
    "Köhler",
    "Herrmann",
    "König",
    "Walter",
    "Mayer",
    "Huber",
    "Kaiser",
    "Fuchs",
    "Peters",
    "Lang",
    "Scholz",
    "Möller",
    "Weiß",
    "Jung",
    "Hahn",
    "Vogel",
    "Friedrich",
    "Keller",
    "Günther",
    "Frank",
    "Berger",
    "Winkler",
    "Roth",
    "Beck",
    "Lorenz",
    "Baumann",
    "Franke",
    "Albrecht",
    "Schuster",
    "Simon",
    "Ludwig",
    "Böhm",
    "Winter",
    "Kraus",
    "Martin",
    "Schumacher",
    "Krämer",
    "Vogt",
    "Stein",
    "Jäger",
    "Otto",
    "Sommer",
    "Groß",
    "Seidel",
    "Heinrich",
    "Brandt",
    "Haas",
    "Schreiber",
    "Graf",
    "Schulte",
    "Dietrich",
    "Ziegler",
    "Kuhn",
    "Kühn",
    "Pohl",
    "Engel",
    "Horn",
    "Busch",
    "Bergmann",
    "Thomas",
    "Voigt",
    "Sauer",
    "Arnold",
    "Wolff",
    "Pfeiffer",
    "Strauß",
    "Ebert",
    "Nowak",
    "Kowalski",
    "Brettschneider",
    "Gößling",
    "Wünsche",
    "Schulze-Ebeling",
    "Marquardt-Öhlschläger",
    "Rußwurm",
    "Blümel",
    "Tschöpe",
    "Lüdecke",
]
DE_M = [
    "Peter",
    "Michael",
    "Thomas",
    "Andreas",
    "Wolfgang",
    "Klaus",
    "Jürgen",
    "Günter",
    "Stefan",
    "Christian",
    "Uwe",
    "Werner",
    "Horst",
    "Frank",
    "Dieter",
    "Bernd",
    "Ralf",
    "Manfred",
    "Gerhard",
    "Torsten",
    "Jörg",
    "Maximilian",
    "Jonas",
    "Leon",
    "Felix",
    "Lukas",
    "Paul",
    "Hans-Peter",
    "Karl-Heinz",
    "Björn",
    "Sören",
    "Mathias",
    "Jens",
    "Dirk",
    "Detlef",
]
DE_F = [
    "Ursula",
    "Monika",
    "Petra",
    "Elisabeth",
    "Sabine",
    "Renate",
    "Helga",
    "Karin",
    "Brigitte",
    "Ingrid",
    "Erika",
    "Andrea",
    "Gisela",
    "Susanne",
    "Christine",
    "Claudia",
    "Heike",
    "Birgit",
    "Anja",
    "Katrin",
    "Sophie",
    "Marie",
    "Lea",
    "Hannah",
    "Jana",
    "Doreen",
    "Mandy",
    "Jacqueline",
    "Ilse",
    "Gerda",
    "Hannelore",
    "Käthe",
    "Anna-Lena",
    "Marlies",
    "Bärbel",
    "Dörte",
]
PL = [
    ("Wiśniewski", "Wiśniewska", "Łukasz Paweł", "Katarzyna"),
    ("Zieliński", "Zielińska", "Tomasz", "Małgorzata"),
    ("Wójcik", "Wójcik", "Grzegorz", "Agnieszka"),
    ("Kamiński", "Kamińska", "Krzysztof", "Joanna"),
    ("Szymański", "Szymańska", "Michał", "Dorota"),
    ("Dąbrowski", "Dąbrowska", "Piotr", "Elżbieta"),
]
TR = [
    ("Öztürk", "Mehmet", "Ayşe"),
    ("Yılmaz", "Mustafa", "Fatma"),
    ("Demir", "Hüseyin", "Emine"),
    ("Şahin", "Ali", "Zeynep"),
]
AR = [
    ("Al-Hassan", "Mohammed", "Fatima"),
    ("Haddad", "Omar", "Rana"),
    ("El-Masri", "Yousef", "Layla"),
]
VN = [
    ("Nguyen", "Van Minh", "Thi Lan"),
    ("Tran", "Duc Anh", "Thi Hoa"),
    ("Pham", "Quang Huy", "Thi Mai"),
]
# (surname latin, given latin, native cyrillic "Surname Given", sex, origin)
CYR = [
    ("Kovalenko", "Olena", "Коваленко Олена", "f", "ua"),
    ("Shevchenko", "Andrii", "Шевченко Андрій", "m", "ua"),
    ("Bondarenko", "Iryna", "Бондаренко Ірина", "f", "ua"),
    ("Melnyk", "Serhii", "Мельник Сергій", "m", "ua"),
    ("Tkachenko", "Natalia", "Ткаченко Наталія", "f", "ua"),
    ("Iwanowa", "Tatjana", "Иванова Татьяна", "f", "ru"),
    ("Smirnow", "Dmitri", "Смирнов Дмитрий", "m", "ru"),
    ("Kusnezowa", "Swetlana", "Кузнецова Светлана", "f", "ru"),
    ("Popow", "Alexej", "Попов Алексей", "m", "ru"),
]
LT = [
    ("Kazlauskas", "Jonas", "m"),
    ("Petrauskienė", "Rūta", "f"),
    ("Jankauskas", "Mindaugas", "m"),
]


def _special() -> list[Patient]:
    """The hand-made collision groups (fixed ids)."""
    return [
        # same name, same birth date, different people (told apart by address)
        Patient(
            "300101",
            "Schulz",
            "Thomas",
            "1968-04-17",
            "m",
            "Sonnenallee 112",
            "12045",
            "Berlin",
            collision="same_name_same_birth",
            collision_group="g001",
        ),
        Patient(
            "300102",
            "Schulz",
            "Thomas",
            "1968-04-17",
            "m",
            "Klosterstraße 9",
            "13581",
            "Berlin",
            collision="same_name_same_birth",
            collision_group="g001",
        ),
        # twins
        Patient(
            "300111",
            "Hoffmann",
            "Jonas",
            "2001-09-23",
            "m",
            "Zeppelinstraße 41",
            "14471",
            "Potsdam",
            collision="twin",
            collision_group="g002",
        ),
        Patient(
            "300112",
            "Hoffmann",
            "Lukas",
            "2001-09-23",
            "m",
            "Zeppelinstraße 41",
            "14471",
            "Potsdam",
            collision="twin",
            collision_group="g002",
        ),
        Patient(
            "300113",
            "Kovalenko",
            "Olena",
            "1994-02-08",
            "f",
            "Weserstraße 20",
            "12047",
            "Berlin",
            collision="twin",
            collision_group="g003",
            origin="ua",
            native="Коваленко Олена",
        ),
        Patient(
            "300114",
            "Kovalenko",
            "Oksana",
            "1994-02-08",
            "f",
            "Weserstraße 20",
            "12047",
            "Berlin",
            collision="twin",
            collision_group="g003",
            origin="ua",
            native="Коваленко Оксана",
        ),
        # name change: Krüger née Lehmann; another Sabine Lehmann now carries the old name
        Patient(
            "300121",
            "Krüger",
            "Sabine",
            "1972-10-05",
            "f",
            "Heegermühler Straße 7",
            "16225",
            "Eberswalde",
            birth_name="Lehmann",
            former_names=["Lehmann"],
            collision="name_change",
            collision_group="g004",
        ),
        Patient(
            "300122",
            "Lehmann",
            "Sabine",
            "1981-03-29",
            "f",
            "Eisenbahnstraße 33",
            "16225",
            "Eberswalde",
            collision="name_change",
            collision_group="g004",
        ),
        # umlaut spellings as different people
        Patient(
            "300131",
            "Müller",
            "Jürgen",
            "1955-02-11",
            "m",
            "Große Scharrnstraße 15",
            "15230",
            "Frankfurt (Oder)",
            collision="umlaut_spelling",
            collision_group="g005",
        ),
        Patient(
            "300132",
            "Mueller",
            "Juergen",
            "1949-07-30",
            "m",
            "Karl-Liebknecht-Straße 88",
            "03046",
            "Cottbus",
            collision="umlaut_spelling",
            collision_group="g005",
        ),
        # same name, different birth dates
        Patient(
            "300141",
            "Schmidt",
            "Anna",
            "1958-12-01",
            "f",
            "Hermannstraße 201",
            "12049",
            "Berlin",
            collision="same_name",
            collision_group="g006",
        ),
        Patient(
            "300142",
            "Schmidt",
            "Anna",
            "1990-06-14",
            "f",
            "Britzer Damm 66",
            "12347",
            "Berlin",
            collision="same_name",
            collision_group="g006",
        ),
        Patient(
            "300143",
            "Schmidt",
            "Anna",
            "1937-01-25",
            "f",
            "Dorfstraße 3",
            "16244",
            "Schorfheide",
            collision="same_name",
            collision_group="g006",
        ),
        # particles, titles, double names (no collision)
        Patient(
            "300151",
            "von der Heide",
            "Friedrich Wilhelm",
            "1944-05-19",
            "m",
            "Brandenburger Straße 5",
            "14467",
            "Potsdam",
            title="Prof. Dr.",
        ),
        Patient(
            "300152",
            "van Dijk",
            "Marieke",
            "1986-08-02",
            "f",
            "Seegefelder Straße 140",
            "13583",
            "Berlin",
        ),
        Patient(
            "300153",
            "de Vries",
            "Ursula",
            "1951-11-30",
            "f",
            "Stahnsdorfer Straße 12",
            "14482",
            "Potsdam",
            title="Dr.",
        ),
        Patient(
            "300154",
            "Groß-Weißenfels",
            "Hans-Jürgen",
            "1963-07-07",
            "m",
            "Sandower Hauptstraße 2",
            "03042",
            "Cottbus",
        ),
        Patient(
            "300155",
            "Nguyen",
            "Thi Lan",
            "1979-03-15",
            "f",
            "Karl-Marx-Straße 50",
            "12043",
            "Berlin",
            origin="vn",
        ),
        Patient(
            "300156",
            "Öztürk",
            "Ayşe",
            "1975-09-09",
            "f",
            "Sonnenallee 77",
            "12045",
            "Berlin",
            origin="tr",
        ),
        Patient(
            "300157",
            "Al-Hassan",
            "Mohammed",
            "1988-01-04",
            "m",
            "Hermannstraße 12",
            "12049",
            "Berlin",
            origin="ar",
        ),
        Patient(
            "300158",
            "Wiśniewska",
            "Katarzyna",
            "1983-06-21",
            "f",
            "Eisenhüttenstädter Chaussee 4",
            "15236",
            "Frankfurt (Oder)",
            origin="pl",
        ),
        Patient(
            "300159",
            "Kazlauskas",
            "Jonas",
            "1970-12-12",
            "m",
            "Eisenbahnstraße 2",
            "16225",
            "Eberswalde",
            origin="lt",
        ),
        Patient(
            "300160",
            "Rosenbaum",
            "David",
            "1947-04-03",
            "m",
            "Zeppelinstraße 3",
            "14471",
            "Potsdam",
            title="Dr. med.",
        ),
        Patient(
            "300161", "Gößling", "Käthe", "1932-02-29", "f", "Dorfstraße 18", "16244", "Schorfheide"
        ),
        Patient(
            "300162",
            "Schröder-Ünal",
            "Leyla",
            "1992-10-31",
            "f",
            "Richardstraße 99",
            "12055",
            "Berlin",
            birth_name="Ünal",
            former_names=["Ünal"],
            origin="tr",
        ),
    ]


def _birth(rng: random.Random, lo: int = 1930, hi: int = 2020) -> str:
    start = dt.date(lo, 1, 1).toordinal()
    end = dt.date(hi, 12, 31).toordinal()
    return dt.date.fromordinal(rng.randint(start, end)).isoformat()


def build() -> list[Patient]:
    rng = random.Random(SEED)
    patients = _special()
    used_names = {(p.surname, p.given_names) for p in patients}
    used_ids = {p.id for p in patients}

    def new_id() -> str:
        while True:
            pid = str(rng.randint(100000, 299999))
            if pid not in used_ids:
                used_ids.add(pid)
                return pid

    def add(sur: str, given: str, sex: str, origin: str = "de", native: str = "") -> None:
        if (sur, given) in used_names:
            return
        used_names.add((sur, given))
        street, pc, city = rng.choice(STREETS)
        patients.append(
            Patient(
                new_id(),
                sur,
                given,
                _birth(rng),
                sex,
                f"{street} {rng.randint(1, 180)}",
                pc,
                city,
                origin=origin,
                native=native,
            )
        )

    for sur, giv, nat, sex, origin in CYR:
        add(sur, giv, sex, origin, nat)
    for m_sur, f_sur, m_giv, f_giv in PL:
        add(m_sur, m_giv, "m", "pl")
        add(f_sur, f_giv, "f", "pl")
    for sur, m, f in TR:
        add(sur, m, "m", "tr")
        add(sur, f, "f", "tr")
    for sur, m, f in AR:
        add(sur, m, "m", "ar")
        add(sur, f, "f", "ar")
    for sur, m, f in VN:
        add(sur, m, "m", "vn")
        add(sur, f, "f", "vn")
    for sur, giv, sex in LT:
        add(sur, giv, sex, "lt")
    while len(patients) < 300:
        sex = rng.choice("mf")
        given = rng.choice(DE_M if sex == "m" else DE_F)
        if rng.random() < 0.12:
            other = rng.choice(DE_M if sex == "m" else DE_F)
            if "-" not in given and "-" not in other and other != given:
                given = f"{given} {other}"
        add(rng.choice(DE_SUR), given, sex)
    patients.sort(key=lambda p: p.id)
    return patients


HEADER = (
    "id,surname,given_names,birth_name,former_names,title,birth_date,sex,street,postcode,city,"
    "country,collision,collision_group"
)


def _csv(patients: list[Patient]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(HEADER.split(","))
    for p in patients:
        w.writerow(
            [
                p.id,
                p.surname,
                p.given_names,
                p.birth_name,
                ";".join(p.former_names),
                p.title,
                p.birth_date,
                p.sex,
                p.street,
                p.postcode,
                p.city,
                p.country,
                p.collision,
                p.collision_group,
            ]
        )
    return buf.getvalue()


def gdt_record(p: Patient) -> bytes:
    b = p.birth
    fields = [
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", f"{b.day:02d}{b.month:02d}{b.year:04d}"),
        ("3110", "1" if p.sex == "m" else "2"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]

    def line(fid: str, content: str) -> bytes:
        body = (fid + content).encode("iso-8859-1", errors="replace")
        return f"{len(body) + 5:03d}".encode() + body + b"\r\n"

    body = b"".join(line(f, c) for f, c in fields)
    head = line("8000", "6301")
    # 8100 holds the record's total length (its own line is 14 bytes: 3+4+5+CRLF)
    total = len(head) + 14 + len(body)
    return head + line("8100", f"{total:05d}") + body


def fhir_patient(p: Patient) -> dict[str, object]:
    names: list[dict[str, object]] = [
        {"use": "official", "family": p.surname, "given": p.given_names.split(" ")}
    ]
    if p.title:
        names[0]["prefix"] = [p.title]
    if p.birth_name:
        names.append({"use": "maiden", "family": p.birth_name, "given": p.given_names.split(" ")})
    for old in p.former_names:
        if old != p.birth_name:
            names.append({"use": "old", "family": old, "given": p.given_names.split(" ")})
    return {
        "resourceType": "Patient",
        "id": f"p{p.id}",
        "identifier": [{"system": "urn:heldout50m:practice-patient-number", "value": p.id}],
        "name": names,
        "gender": "male" if p.sex == "m" else "female",
        "birthDate": p.birth_date,
        "address": [
            {"line": [p.street], "postalCode": p.postcode, "city": p.city, "country": p.country}
        ],
    }


def write_all(patients: list[Patient], folder: str | Path) -> None:
    folder = Path(folder)
    (folder / "gdt").mkdir(parents=True, exist_ok=True)
    (folder / "patients.csv").write_text(_csv(patients), encoding="utf-8")
    for p in patients:
        (folder / "gdt" / f"{p.id}.gdt").write_bytes(gdt_record(p))
    resources = [fhir_patient(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "id": "heldout50m-register",
        "type": "collection",
        "entry": [
            {"fullUrl": f"urn:uuid:heldout50m-{p.id}", "resource": r}
            for p, r in zip(patients, resources, strict=True)
        ],
    }
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (folder / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in resources), encoding="utf-8"
    )
