# SPDX-License-Identifier: AGPL-3.0-or-later
"""The practice register the letters' patients are matched against (deterministic, invented).

About 5,000 patients with realistic collisions in groups: same name and same birth date, twins,
name changes (a birth name that is another patient's current surname), umlaut spellings.
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import random
import unicodedata
from dataclasses import asdict, dataclass
from pathlib import Path

from bench.heldout50g import names

SEED = 50_7007
SIZE = 5_000
GROUPS_EACH = 30
ID_SYSTEM = "urn:docvault:heldout50g:practice-id"
FIELDS = [
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


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    birth_name: str
    former_names: str
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


def transliterate(name: str) -> str:
    """The spelling without umlauts, as a typewriter or a foreign clerk writes it (Mueller)."""
    pairs = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"}
    return "".join(pairs.get(char, char) for char in name)


def _birth(rng: random.Random) -> str:
    day = dt.date(1926, 1, 1) + dt.timedelta(days=rng.randrange(0, 365 * 97))
    return day.isoformat()


def _person(rng: random.Random, number: int) -> Patient:
    sex = rng.choice("FM") if rng.random() < 0.99 else rng.choice("XU")
    pool = names.GIVEN_F if sex == "F" else names.GIVEN_M if sex == "M" else names.GIVEN_F
    given = rng.choice(pool)
    if rng.random() < 0.25:
        given = f"{given} {rng.choice(pool)}"
    surname = rng.choice(names.PARTICLE_SURNAMES if rng.random() < 0.04 else names.SURNAMES)
    if rng.random() < 0.05:
        surname = f"{surname}-{rng.choice(names.SURNAMES)}"
    postcode, city = rng.choice(names.CITIES)
    birth_date = _birth(rng)
    adult = birth_date < "1996"
    title = rng.choice(names.TITLES) if adult and rng.random() < 0.05 else ""
    country = "DE" if rng.random() < 0.97 else rng.choice(["AT", "NL", "PL", "TR", "FR"])
    return Patient(
        id=str(100_000 + number * 7 + rng.randrange(7)),
        surname=surname,
        given_names=given,
        birth_name="",
        former_names="",
        title=title,
        birth_date=birth_date,
        sex=sex,
        street=f"{rng.choice(names.STREETS)} {rng.randrange(1, 120)}",
        postcode=postcode,
        city=city,
        country=country,
        collision="",
        collision_group="",
    )


def _marry(rng: random.Random, patient: Patient, new_surname: str) -> None:
    patient.birth_name = patient.surname
    patient.former_names = patient.surname
    patient.surname = new_surname


def _collide(rng: random.Random, people: list[Patient]) -> None:
    """Turns pairs of ordinary patients into the four kinds of collision groups."""
    kinds = ["same_name_same_birth", "twin", "name_change", "umlaut_spelling"]
    slot = 100
    umlauted = [s for s in names.SURNAMES if any(c in s for c in "äöüÄÖÜß")]
    for index in range(GROUPS_EACH * len(kinds)):
        kind = kinds[index % len(kinds)]
        first, second = people[slot], people[slot + 1]
        slot += 37
        group = f"g{index + 1:03d}"
        if kind == "same_name_same_birth":
            second.surname, second.given_names = first.surname, first.given_names
            second.birth_date, second.sex = first.birth_date, first.sex
        elif kind == "twin":
            second.surname, second.birth_date = first.surname, first.birth_date
            if second.given_names == first.given_names:
                second.given_names = first.given_names + " " + rng.choice(names.GIVEN_M)
        elif kind == "name_change":
            second.given_names, second.sex = first.given_names, first.sex
            _marry(rng, first, rng.choice(names.SURNAMES))
            while first.birth_name == first.surname:
                first.surname = rng.choice(names.SURNAMES)
            second.surname = first.birth_name
        else:
            surname = rng.choice(umlauted)
            first.surname, second.surname = surname, transliterate(surname)
            second.given_names, second.sex = first.given_names, first.sex
        for member in (first, second):
            member.collision, member.collision_group = kind, group


def build() -> list[Patient]:
    """The register: SIZE patients, deterministic."""
    rng = random.Random(SEED)
    people = [_person(rng, number) for number in range(SIZE)]
    for patient in people[2000:2300]:
        if patient.sex == "F" and not patient.birth_name:
            _marry(rng, patient, rng.choice(names.SURNAMES))
    _collide(rng, people)
    return people


def _fhir(patient: Patient) -> dict[str, object]:
    official: dict[str, object] = {
        "use": "official",
        "family": patient.surname,
        "given": patient.given_names.split(" "),
    }
    if patient.title:
        official["prefix"] = [patient.title]
    name_list: list[dict[str, object]] = [official]
    if patient.birth_name:
        name_list.append({"use": "maiden", "family": patient.birth_name})
    for former in filter(None, patient.former_names.split(";")):
        name_list.append({"use": "old", "family": former})
    gender = {"F": "female", "M": "male", "X": "other", "U": "unknown"}[patient.sex]
    return {
        "resourceType": "Patient",
        "id": f"p{patient.id}",
        "identifier": [{"system": ID_SYSTEM, "value": patient.id}],
        "name": name_list,
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


def _latin1(text: str) -> str:
    """Letters ISO 8859-1 lacks lose their accent, as practice systems write them (ł -> l)."""
    plain = text.translate(str.maketrans("łŁıđĐ", "lLidD"))
    out = []
    for char in plain:
        try:
            char.encode("latin-1")
        except UnicodeEncodeError:
            char = unicodedata.normalize("NFKD", char)[0]
        out.append(char)
    return "".join(out)


def _gdt_line(field: str, value: str) -> str:
    body = f"{field}{_latin1(value)}"
    return f"{len(body.encode('latin-1')) + 5:03d}{body}\r\n"


def gdt(patient: Patient) -> bytes:
    """A GDT 2.10 record 6301 (patient data) in ISO 8859-1, CR LF."""
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
    if patient.sex in "MF":
        fields.append(("3110", "1" if patient.sex == "M" else "2"))
    body = "".join(_gdt_line(field, value) for field, value in fields)
    head = _gdt_line("8000", "6301")
    total = len(head.encode("latin-1")) + 14 + len(body.encode("latin-1"))
    return (head + _gdt_line("8100", f"{total:05d}") + body).encode("latin-1")


def write_all(patients: list[Patient], folder: Path) -> None:
    """patients.csv, gdt/<id>.gdt, patients.bundle.json and patients.ndjson."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "patients.csv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=FIELDS)
        writer.writeheader()
        for patient in patients:
            writer.writerow(asdict(patient))
    (folder / "gdt").mkdir(exist_ok=True)
    for patient in patients:
        (folder / "gdt" / f"{patient.id}.gdt").write_bytes(gdt(patient))
    resources = [_fhir(patient) for patient in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [{"resource": resource} for resource in resources],
    }
    text = json.dumps(bundle, ensure_ascii=False, indent=1)
    (folder / "patients.bundle.json").write_text(text, encoding="utf-8")
    lines = [json.dumps(resource, ensure_ascii=False) for resource in resources]
    (folder / "patients.ndjson").write_text("\n".join(lines) + "\n", encoding="utf-8")
