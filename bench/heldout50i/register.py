"""The practice register of the ninth blind set: a few hundred patients with realistic collisions.

Deterministic (fixed seed). The letters' patients are taken from here, so every truth register id
exists.
Collisions are built on purpose: two people with the same name and birth date, twins, a name change
(birth name kept), and an umlaut spelling pair (Müller / Mueller, different people).
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import random
import unicodedata
from dataclasses import dataclass
from pathlib import Path

SEED = 50_919
IDENTIFIER_SYSTEM = "urn:docvault:heldout50i:practice-id"

SURNAMES = [
    "Schwörer",
    "Kaltenbach",
    "Bührer",
    "Dreher",
    "Hügle",
    "Gutmann",
    "Ruf",
    "Zähringer",
    "Faller",
    "Vögele",
    "Wehrle",
    "Ebner",
    "Trenkle",
    "Rombach",
    "Hättich",
    "Schneider",
    "Baumann",
    "Löffler",
    "Moosmann",
    "Frey",
    "Steiert",
    "Wissler",
    "Kienzler",
    "Jägle",
    "Hog",
    "Maier",
    "Späth",
    "Kury",
    "Riesterer",
    "Zimmermann",
    "Fehrenbach",
    "Blattmann",
    "Schuler",
    "Birkle",
    "Tritschler",
    "Hermle",
    "Andris",
    "Weißer",
    "Grieshaber",
    "Köpfer",
    "Straub",
    "Rees",
    "Öhler",
    "Güntert",
    "Yılmaz",
    "Kovačević",
    "Nguyen",
    "Rossi",
    "Haas",
    "Fischer",
    "Brugger",
    "Sutter",
    "Lais",
    "Winterhalter",
    "Schäfer",
]
PARTICLE_SURNAMES = ("von Ow", "de la Chevallerie", "von Gleichenstein", "zur Mühlen")
DOUBLE_SURNAMES = ("Hug-Ebner", "Merz-Tritschler", "Özdemir-Kury", "Schätzle-Vogt")
FEMALE = [
    "Anneliese",
    "Brigitte",
    "Chiara",
    "Doris",
    "Elke",
    "Franziska",
    "Gertrud",
    "Hannelore",
    "Ingrid",
    "Jana",
    "Katharina",
    "Lea",
    "Magdalena",
    "Nadine",
    "Ottilie",
    "Paula",
    "Renate",
    "Sabine",
    "Theresia",
    "Ursula",
    "Veronika",
    "Waltraud",
    "Zeynep",
    "Ana",
    "Mia",
    "Jülide",
    "Ruth",
]
MALE = [
    "Albert",
    "Bernhard",
    "Clemens",
    "Dieter",
    "Emil",
    "Florian",
    "Gerold",
    "Hubert",
    "Ignaz",
    "Jürgen",
    "Konrad",
    "Lorenz",
    "Manfred",
    "Niklas",
    "Oskar",
    "Pius",
    "Rüdiger",
    "Siegfried",
    "Till",
    "Urs",
    "Valentin",
    "Wendelin",
    "Xaver",
    "Yusuf",
    "Andrej",
    "Jörg",
    "Hans-Peter",
]
STREETS = (
    "Lorettostraße",
    "Basler Straße",
    "Schwarzwaldstraße",
    "Hauptstraße",
    "Kirchweg",
    "Rebbergstraße",
    "Dreisamstraße",
    "Talstraße",
    "Mühlenweg",
    "Am Sonnenhang",
    "Schlossbergring",
    "Kaiserstuhlstraße",
    "Markgrafenstraße",
    "Wiesentalstraße",
)
PLACES = (
    ("79100", "Freiburg im Breisgau"),
    ("79102", "Freiburg im Breisgau"),
    ("79199", "Kirchzarten"),
    ("79235", "Vogtsburg im Kaiserstuhl"),
    ("79379", "Müllheim"),
    ("79219", "Staufen im Breisgau"),
    ("79312", "Emmendingen"),
    ("79244", "Münstertal/Schwarzwald"),
    ("79346", "Endingen am Kaiserstuhl"),
)


@dataclass(frozen=True)
class Patient:
    id: str
    surname: str
    given_names: str
    birth_name: str
    former_names: tuple[str, ...]
    title: str
    birth_date: str
    sex: str
    street: str
    postcode: str
    city: str
    country: str
    collision: str
    collision_group: str

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


def _person(rng: random.Random, number: int, **fixed: str) -> Patient:
    sex = fixed.pop("sex", rng.choice("FFFMMMFMX" if number % 97 == 0 else "FFMM"))
    pool = FEMALE if sex == "F" else MALE if sex == "M" else FEMALE + MALE
    given = rng.choice(pool) if rng.random() < 0.8 else f"{rng.choice(pool)} {rng.choice(pool)}"
    roll = rng.random()
    surname = (
        rng.choice(PARTICLE_SURNAMES)
        if roll < 0.04
        else rng.choice(DOUBLE_SURNAMES)
        if roll < 0.08
        else rng.choice(SURNAMES)
    )
    postcode, city = rng.choice(PLACES)
    values = {
        "id": str(204_000 + number * 37 + rng.randrange(30)),
        "surname": surname,
        "given_names": " ".join(dict.fromkeys(given.split())),
        "birth_name": "",
        "former_names": (),
        "title": "Dr." if rng.random() < 0.04 else "",
        "birth_date": str(dt.date(rng.randint(1926, 2019), rng.randint(1, 12), rng.randint(1, 28))),
        "sex": sex,
        "street": f"{rng.choice(STREETS)} {rng.randint(1, 140)}",
        "postcode": postcode,
        "city": city,
        "country": "DE",
        "collision": "",
        "collision_group": "",
    }
    adult = values["birth_date"] < "2000"
    if (
        sex == "F"
        and adult
        and "-" not in surname
        and rng.random() < 0.45
        and "collision" not in fixed
    ):
        # a married woman: the register keeps her birth name; letters may print "geb. ..."
        values["birth_name"] = rng.choice([name for name in SURNAMES if name != surname])
        values["former_names"] = (values["birth_name"],)
    values.update(fixed)
    if values["birth_date"] > "1995":
        values["title"] = ""  # nobody under thirty has a doctorate here
    return Patient(**values)  # type: ignore[arg-type]


def _collisions(rng: random.Random, start: int) -> list[Patient]:
    """The deliberate look-alikes, each group with its own collision_group."""
    made: list[Patient] = []

    def add(group: str, kind: str, **fixed: str) -> None:
        made.append(_person(rng, start + len(made), collision=kind, collision_group=group, **fixed))

    same = {"surname": "Faller", "given_names": "Theresia", "birth_date": "1948-05-03", "sex": "F"}
    add(
        "g001",
        "same_name_same_birth",
        **same,
        street="Talstraße 4",
        postcode="79199",
        city="Kirchzarten",
    )
    add(
        "g001",
        "same_name_same_birth",
        **same,
        street="Rebbergstraße 19",
        postcode="79235",
        city="Vogtsburg im Kaiserstuhl",
    )
    same2 = {
        "surname": "Maier",
        "given_names": "Hans-Peter",
        "birth_date": "1961-11-12",
        "sex": "M",
    }
    add("g002", "same_name_same_birth", **same2)
    add("g002", "same_name_same_birth", **same2)
    add("g003", "twin", surname="Wehrle", given_names="Lea", birth_date="2009-02-27", sex="F")
    add("g003", "twin", surname="Wehrle", given_names="Jana", birth_date="2009-02-27", sex="F")
    add("g004", "twin", surname="Kienzler", given_names="Konrad", birth_date="1957-08-09", sex="M")
    add("g004", "twin", surname="Kienzler", given_names="Clemens", birth_date="1957-08-09", sex="M")
    add(
        "g005",
        "name_change",
        surname="Hug-Ebner",
        given_names="Katharina",
        birth_name="Ebner",
        former_names="Ebner",
        birth_date="1979-04-16",
        sex="F",
    )
    add(
        "g006",
        "name_change",
        surname="Rombach",
        given_names="Sabine Elke",
        birth_name="Schwörer",
        former_names="Schwörer;Dreher",
        birth_date="1966-12-01",
        sex="F",
    )
    # Other people carrying the changed name's old surname: a letter with the old name collides.
    add(
        "g005",
        "name_change",
        surname="Ebner",
        given_names="Katharina",
        birth_date="1984-09-02",
        sex="F",
    )
    add(
        "g006",
        "name_change",
        surname="Schwörer",
        given_names="Sabine",
        birth_date="1971-02-11",
        sex="F",
    )
    add(
        "g007",
        "umlaut_spelling",
        surname="Müller",
        given_names="Jürgen",
        birth_date="1952-07-21",
        sex="M",
    )
    add(
        "g007",
        "umlaut_spelling",
        surname="Mueller",
        given_names="Juergen",
        birth_date="1949-03-30",
        sex="M",
    )
    add(
        "g008",
        "umlaut_spelling",
        surname="Schäfer",
        given_names="Ottilie",
        birth_date="1938-10-06",
        sex="F",
    )
    add(
        "g008",
        "umlaut_spelling",
        surname="Schaefer",
        given_names="Ottilie",
        birth_date="1944-01-18",
        sex="F",
    )
    add(
        "g009",
        "same_name_same_birth",
        surname="Nguyen",
        given_names="Mia",
        birth_date="2015-06-01",
        sex="F",
    )
    add(
        "g009",
        "same_name_same_birth",
        surname="Nguyen",
        given_names="Mia",
        birth_date="2015-06-01",
        sex="F",
    )
    return [
        Patient(
            **{
                **p.__dict__,
                "former_names": tuple(p.former_names.split(";"))
                if isinstance(p.former_names, str)
                else p.former_names,
            }
        )
        for p in made
    ]


def build() -> list[Patient]:
    """The register: 300 ordinary patients plus the collision groups, ids unique, sorted by id."""
    rng = random.Random(SEED)
    patients = [_person(rng, number) for number in range(300)]
    patients += _collisions(rng, 300)
    seen: set[str] = set()
    unique: list[Patient] = []
    for patient in patients:
        if patient.id in seen:
            continue
        seen.add(patient.id)
        unique.append(patient)
    return sorted(unique, key=lambda patient: patient.id)


CSV_FIELDS = [
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
    "collision",
    "collision_group",
]


def latin1(value: str) -> str:
    """GDT is ISO 8859-1: letters outside it (č, ć, ı, ş) lose their marks, as systems do."""
    out = []
    for character in value.replace("ı", "i"):
        try:
            character.encode("iso-8859-1")
            out.append(character)
        except UnicodeEncodeError:
            out.append(unicodedata.normalize("NFKD", character)[0])
    return "".join(out)


def _gdt_field(code: str, value: str) -> bytes:
    content = f"{code}{latin1(value)}".encode("iso-8859-1")
    return f"{len(content) + 5:03d}".encode() + content + b"\r\n"


def gdt_record(patient: Patient) -> bytes:
    """A GDT 2.10 record 6301 (Stammdaten übermitteln), ISO 8859-1, CR LF; 8100: record length."""
    year, month, day = patient.birth_date.split("-")
    fields = [
        ("9206", "3"),
        ("9218", "02.10"),
        ("3000", patient.id),
        ("3101", patient.surname),
        ("3102", patient.given_names),
        ("3103", f"{day}{month}{year}"),
    ]
    if patient.title:
        fields.append(("3104", patient.title))
    fields += [("3106", f"{patient.postcode} {patient.city}"), ("3107", patient.street)]
    if patient.sex in ("M", "F"):
        fields.append(("3110", "1" if patient.sex == "M" else "2"))
    body = b"".join(_gdt_field(code, value) for code, value in fields)
    head = _gdt_field("8000", "6301")
    total = len(head) + len(_gdt_field("8100", "00000")) + len(body)
    return head + _gdt_field("8100", f"{total:05d}") + body


def fhir_patient(patient: Patient) -> dict:
    official: dict = {
        "use": "official",
        "family": patient.surname,
        "given": patient.given_names.split(),
    }
    if patient.title:
        official["prefix"] = [patient.title]
    names = [official]
    if patient.birth_name:
        names.append(
            {"use": "maiden", "family": patient.birth_name, "given": patient.given_names.split()}
        )
    names += [
        {"use": "old", "family": former, "given": patient.given_names.split()}
        for former in patient.former_names
    ]
    gender = {"F": "female", "M": "male", "X": "other", "U": "unknown"}[patient.sex]
    return {
        "resourceType": "Patient",
        "id": f"p{patient.id}",
        "identifier": [{"system": IDENTIFIER_SYSTEM, "value": patient.id}],
        "name": names,
        "gender": gender,
        "birthDate": patient.birth_date,
        "address": [
            {
                "line": [patient.street],
                "postalCode": patient.postcode,
                "city": patient.city,
                "country": patient.country,
            }
        ],
    }


def write_all(patients: list[Patient], folder: Path) -> None:
    """patients.csv, gdt/<id>.gdt, patients.bundle.json (FHIR R4 collection) and patients.ndjson."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "patients.csv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(CSV_FIELDS)
        for patient in patients:
            row = patient.__dict__ | {"former_names": ";".join(patient.former_names)}
            writer.writerow([row[field] for field in CSV_FIELDS])
    (folder / "gdt").mkdir(exist_ok=True)
    for patient in patients:
        (folder / "gdt" / f"{patient.id}.gdt").write_bytes(gdt_record(patient))
    resources = [fhir_patient(patient) for patient in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [{"fullUrl": f"urn:uuid:heldout50i-{r['id']}", "resource": r} for r in resources],
    }
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    lines = [json.dumps(r, ensure_ascii=False) for r in resources]
    (folder / "patients.ndjson").write_text("\n".join(lines) + "\n", encoding="utf-8")
