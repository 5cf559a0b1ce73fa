# SPDX-License-Identifier: AGPL-3.0-or-later
"""The practice group's patient register: 5,200 patients with planted collision groups, written
as CSV, GDT 2.10 records and FHIR R4 Patients."""

from __future__ import annotations

import csv
import datetime
import functools
import io
import json
import random
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from bench.heldout50f import people

SEED = 505_050
SIZE = 5200
ID_SYSTEM = "urn:docvault:heldout50f:practice-id"

UMLAUT_PAIRS = [
    ("Müller", "Mueller"),
    ("Schröder", "Schroeder"),
    ("Krüger", "Krueger"),
    ("Jäger", "Jaeger"),
    ("Weiß", "Weiss"),
    ("Groß", "Gross"),
    ("Köhler", "Koehler"),
    ("Böhm", "Boehm"),
    ("Günther", "Guenther"),
    ("Schäfer", "Schaefer"),
    ("Rößler", "Roessler"),
    ("Kühn", "Kuehn"),
]
TWIN_NAMES = [
    ("F", "Lena", "F", "Lea"),
    ("M", "Jan", "F", "Jana"),
    ("M", "Finn", "M", "Felix"),
    ("F", "Hannah", "F", "Anna"),
    ("M", "Lukas", "M", "Jonas"),
    ("F", "Marie", "F", "Maria"),
    ("M", "Paul", "F", "Paula"),
    ("F", "Emma", "F", "Emilia"),
    ("M", "Ben", "M", "Noah"),
    ("F", "Sophie", "M", "Elias"),
]


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    birth_date: datetime.date
    sex: str
    street: str
    postcode: str
    city: str
    country: str = "DE"
    birth_name: str = ""
    former_names: list[str] = field(default_factory=list)
    title: str = ""
    collision: str = ""
    collision_group: str = ""
    origin: str = "de"

    @property
    def clerk_name(self) -> str:
        """Given names then surname, as a clerk writes them (no title)."""
        return f"{self.given_names} {self.surname}"


def _birth(rng: random.Random, oldest: int = 1928, youngest: int = 2022) -> datetime.date:
    start = datetime.date(oldest, 1, 1).toordinal()
    end = datetime.date(youngest, 12, 31).toordinal()
    return datetime.date.fromordinal(rng.randint(start, end))


def _random_patient(rng: random.Random, patient_id: str) -> Patient:
    origin = people.pick_origin(rng)
    sex = rng.choices("FMXU", [50, 49, 0.6, 0.4])[0]
    body_sex = sex if sex in "FM" else rng.choice("FM")
    born = _birth(rng)
    postcode, city = rng.choice(people.TOWNS)
    patient = Patient(
        id=patient_id,
        surname=people.surname(rng, origin, body_sex),
        given_names=people.given_names(rng, origin, body_sex),
        birth_date=born,
        sex=sex,
        street=people.street_address(rng),
        postcode=postcode,
        city=city,
        origin=origin.code,
    )
    _marry(rng, patient, origin)
    if born.year < 1990 and rng.random() < 0.045:
        patient.title = rng.choice(people.TITLES)
    return patient


def _marry(rng: random.Random, patient: Patient, origin: people.Origin) -> None:
    """A married woman's (and now and then a man's) birth name, a double name, a former name."""
    if patient.birth_date.year > 2000:
        return
    chance = 0.5 if patient.sex == "F" else 0.03
    if rng.random() > chance:
        return
    birth = patient.surname
    married = people.surname(rng, rng.choice([origin, people.ORIGINS["de"]]), patient.sex)
    if married == birth:
        return
    patient.birth_name = birth
    patient.surname = f"{married}-{birth}" if rng.random() < 0.12 else married
    if rng.random() < 0.1:
        earlier = people.surname(rng, people.ORIGINS["de"], "F")
        if earlier not in (birth, married):
            patient.former_names = [earlier]


@functools.cache
def _cached() -> tuple[Patient, ...]:
    rng = random.Random(SEED)
    ids = iter([str(n) for n in rng.sample(range(100_000, 999_999), SIZE)])
    patients = _plant(rng, ids)
    patients += [_random_patient(rng, next(ids)) for _ in range(SIZE - len(patients))]
    rng.shuffle(patients)
    return tuple(patients)


def build() -> list[Patient]:
    """The register (deterministic): 5,200 patients, collision groups among them."""
    return [replace(p, former_names=list(p.former_names)) for p in _cached()]


def _plant(rng: random.Random, pool: Iterator[str]) -> list[Patient]:
    """The collision groups: g001.. in the order same name and birth, twins, name changes,
    umlaut spellings."""
    out: list[Patient] = []
    makers = [_same_name_same_birth, _twins, _name_change, _umlaut]
    counter = 0
    for maker, groups in zip(makers, (12, 10, 10, 12), strict=True):
        for index in range(groups):
            counter += 1
            members = maker(rng, pool, index)
            for member in members:
                member.collision_group = f"g{counter:03d}"
            out.extend(members)
    return out


def _same_name_same_birth(rng: random.Random, ids: Iterator[str], index: int) -> list[Patient]:
    patient_id = next(ids)
    base = _random_patient(rng, patient_id)
    while base.sex not in "FM":
        base = _random_patient(rng, patient_id)
    base.collision, base.title, base.former_names = "same_name_same_birth", "", []
    members = [base]
    for _ in range(2 if index == 0 else 1):
        postcode, city = rng.choice(people.TOWNS)
        twin = replace(base, id=next(ids), street=people.street_address(rng))
        twin.postcode, twin.city, twin.former_names = postcode, city, []
        twin.birth_name = "" if rng.random() < 0.5 else base.birth_name
        members.append(twin)
    return members


def _twins(rng: random.Random, ids: Iterator[str], index: int) -> list[Patient]:
    sex_a, name_a, sex_b, name_b = TWIN_NAMES[index]
    base = _random_patient(rng, next(ids))
    base.birth_date = _birth(rng, 1965, 2020)
    base.birth_name, base.former_names, base.title = "", [], ""
    base.surname = people.surname(rng, people.ORIGINS["de"], "M")
    first = replace(base, sex=sex_a, given_names=name_a, collision="twin")
    second = replace(base, id=next(ids), sex=sex_b, given_names=name_b, collision="twin")
    return [first, second]


def _name_change(rng: random.Random, ids: Iterator[str], index: int) -> list[Patient]:
    """A woman who married: her birth name is another patient's current surname, with the same
    given name (and, in every other group, the same birth year)."""
    origin = people.ORIGINS["de"]
    given = rng.choice(origin.given_f)
    old, new = rng.sample(people.DE_SURNAMES, 2)
    born = _birth(rng, 1950, 1995)
    postcode, city = rng.choice(people.TOWNS)
    married = Patient(next(ids), new, given, born, "F", people.street_address(rng), postcode, city)
    married.birth_name = old
    if index % 3 == 2:
        married.birth_name, married.former_names = "", [old]
    other_born = born.replace(day=min(born.day, 28), month=(born.month % 12) + 1)
    if index % 2:
        other_born = _birth(rng, 1940, 2000)
    postcode, city = rng.choice(people.TOWNS)
    namesake = Patient(
        next(ids),
        old,
        given,
        other_born,
        "F",
        people.street_address(rng),
        postcode,
        city,
    )
    for member in (married, namesake):
        member.collision = "name_change"
    return [married, namesake]


def _umlaut(rng: random.Random, ids: Iterator[str], index: int) -> list[Patient]:
    """The same given names under Müller and Mueller, two people, two birth dates."""
    umlaut, plain = UMLAUT_PAIRS[index]
    sex = rng.choice("FM")
    given = people.given_names(rng, people.ORIGINS["de"], sex)
    members = []
    for name in (umlaut, plain):
        postcode, city = rng.choice(people.TOWNS)
        born = _birth(rng, 1935, 2010)
        member = Patient(
            next(ids), name, given, born, sex, people.street_address(rng), postcode, city
        )
        member.collision = "umlaut_spelling"
        members.append(member)
    return members


# ---- writing ---------------------------------------------------------------------------------

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


def csv_text(patients: list[Patient]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for p in patients:
        writer.writerow(
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
                p.collision,
                p.collision_group,
            ]
        )
    return buffer.getvalue()


def _latin1(text: str) -> str:
    """GDT 2.10 with 9206 = 3 is ISO 8859-1: letters outside it lose their accent (ł -> l)."""
    return "".join(ch if ord(ch) < 256 else people.plain_latin(ch) for ch in text)


def _gdt_line(code: str, content: str) -> bytes:
    body = f"{code}{_latin1(content)}".encode("latin-1")
    return f"{len(body) + 5:03d}".encode() + body + b"\r\n"


def gdt_record(patient: Patient) -> bytes:
    """A GDT 2.10 record 6301 (Stammdaten übermitteln), 8100 holding the record's length."""
    fields = [("9206", "3"), ("9218", "02.10"), ("3000", patient.id)]
    fields += [("3101", patient.surname), ("3102", patient.given_names)]
    fields.append(("3103", patient.birth_date.strftime("%d%m%Y")))
    if patient.title:
        fields.append(("3104", patient.title))
    fields += [("3106", f"{patient.postcode} {patient.city}"), ("3107", patient.street)]
    if patient.sex in "MF":
        fields.append(("3110", "1" if patient.sex == "M" else "2"))
    body = b"".join(_gdt_line(code, value) for code, value in fields)
    head = _gdt_line("8000", "6301")
    length = len(head) + len(body) + len(_gdt_line("8100", "00000"))
    return head + _gdt_line("8100", f"{length:05d}") + body


def fhir_patient(patient: Patient) -> dict[str, object]:
    official: dict[str, object] = {
        "use": "official",
        "family": patient.surname,
        "given": patient.given_names.split(" "),
    }
    if patient.title:
        official["prefix"] = [patient.title]
    names: list[dict[str, object]] = [official]
    if patient.birth_name:
        names.append({"use": "maiden", "family": patient.birth_name, "given": official["given"]})
    names += [{"use": "old", "family": former} for former in patient.former_names]
    gender = {"F": "female", "M": "male", "X": "other", "U": "unknown"}[patient.sex]
    address = {
        "line": [patient.street],
        "postalCode": patient.postcode,
        "city": patient.city,
        "country": patient.country,
    }
    return {
        "resourceType": "Patient",
        "id": f"p{patient.id}",
        "identifier": [{"system": ID_SYSTEM, "value": patient.id}],
        "name": names,
        "gender": gender,
        "birthDate": patient.birth_date.isoformat(),
        "address": [address],
    }


def fhir_bundle(patients: list[Patient]) -> dict[str, object]:
    entries = []
    for patient in patients:
        full_url = f"urn:uuid:{uuid.uuid5(uuid.NAMESPACE_URL, ID_SYSTEM + '/' + patient.id)}"
        entries.append({"fullUrl": full_url, "resource": fhir_patient(patient)})
    return {"resourceType": "Bundle", "type": "collection", "entry": entries}


def write_all(patients: list[Patient], folder: Path) -> None:
    """patients.csv, gdt/<id>.gdt, patients.bundle.json and patients.ndjson."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "patients.csv").write_text(csv_text(patients), encoding="utf-8")
    gdt = folder / "gdt"
    gdt.mkdir(exist_ok=True)
    for patient in patients:
        (gdt / f"{patient.id}.gdt").write_bytes(gdt_record(patient))
    bundle = fhir_bundle(patients)
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    lines = [json.dumps(fhir_patient(p), ensure_ascii=False) for p in patients]
    (folder / "patients.ndjson").write_text("\n".join(lines) + "\n", encoding="utf-8")
