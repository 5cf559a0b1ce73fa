"""The practice register: at least 5,000 generated patients with realistic collisions.

Collisions (column ``collision``, group in ``collision_group``):
``same_name_same_birth`` two different people with the same name and birth date;
``twin`` two children of one family born the same day; ``name_change`` a patient whose
birth name (or former name) is another register patient's current name;
``umlaut_spelling`` one registered as "Müller", another as "Mueller".
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import random
import unicodedata
from dataclasses import asdict, dataclass, replace
from functools import cache
from pathlib import Path

from . import names

SEED = 505050
SIZE = 5200
ID_SYSTEM = "urn:docvault:heldout50e:practice-id"
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


@dataclass(frozen=True)
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

    @property
    def born(self) -> dt.date:
        return dt.date.fromisoformat(self.birth_date)


def _surname(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.05:
        return rng.choice(names.PARTICLE_SURNAMES)
    if roll < 0.11:
        first, second = rng.sample(names.SURNAMES, 2)
        return f"{first}-{second}"
    if roll < 0.25:
        return rng.choice(names.UMLAUT_SURNAMES)
    return rng.choice(names.SURNAMES)


def _given(rng: random.Random, sex: str) -> str:
    first = rng.choice(names.GIVEN_F if sex == "F" else names.GIVEN_M)
    if rng.random() < 0.18:
        second = rng.choice(names.SECOND_F if sex == "F" else names.SECOND_M)
        if second != first:
            return f"{first} {second}"
    return first


def _person(rng: random.Random, number: int) -> Patient:
    sex = rng.choices("FMXU", weights=(50, 48, 1, 1))[0]
    born = dt.date(1928, 1, 1) + dt.timedelta(days=rng.randrange(0, 35000))
    postcode, city = rng.choice(names.PLACES)
    return Patient(
        id=str(100000 + number * 7 + rng.randrange(7)),
        surname=_surname(rng),
        given_names=_given(rng, "F" if sex in "XU" and rng.random() < 0.5 else sex),
        birth_name="",
        former_names="",
        title=rng.choice(names.TITLES) if rng.random() < 0.04 else "",
        birth_date=born.isoformat(),
        sex=sex,
        street=f"{rng.choice(names.STREETS)} {rng.randrange(1, 140)}",
        postcode=postcode,
        city=city,
        country="DE",
        collision="",
        collision_group="",
    )


def _ascii_umlauts(text: str) -> str:
    table = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}
    return "".join(table.get(char, char) for char in text)


def _collide(rng: random.Random, people: list[Patient], kind: str, group: str) -> None:
    """Turn two neighbouring register entries into one collision group of ``kind``."""
    index = rng.randrange(0, len(people) - 1)
    while people[index].collision or people[index + 1].collision:
        index = rng.randrange(0, len(people) - 1)
    first, second = people[index], people[index + 1]
    tag = {"collision": kind, "collision_group": group}
    if kind == "same_name_same_birth":
        second = replace(
            second,
            surname=first.surname,
            given_names=first.given_names,
            birth_date=first.birth_date,
            sex=first.sex,
            **tag,
        )
    elif kind == "twin":
        sex = rng.choice("FM")
        first = replace(first, sex=sex, given_names=_given(rng, sex))
        other = _given(rng, sex)
        while other == first.given_names:
            other = _given(rng, sex)
        second = replace(first, id=second.id, given_names=other, **tag)
    elif kind == "name_change":
        maiden = rng.choice(names.SURNAMES)
        former = rng.choice(names.SURNAMES) if rng.random() < 0.3 else ""
        first = replace(first, sex="F", given_names=_given(rng, "F"))
        second = replace(second, sex="F", given_names=first.given_names, surname=maiden, **tag)
        first = replace(
            first, birth_name=maiden, former_names=f"{maiden};{former}" if former else maiden
        )
    else:  # umlaut_spelling
        surname = rng.choice(names.UMLAUT_SURNAMES)
        first = replace(first, surname=surname)
        second = replace(
            second,
            surname=_ascii_umlauts(surname),
            given_names=first.given_names,
            sex=first.sex,
            **tag,
        )
    people[index], people[index + 1] = replace(first, **tag), second


COLLISIONS = (
    ("same_name_same_birth", 60),
    ("twin", 45),
    ("name_change", 80),
    ("umlaut_spelling", 50),
)


@cache
def _build() -> tuple[Patient, ...]:
    rng = random.Random(SEED)
    people = [_person(rng, number) for number in range(SIZE)]
    group = 0
    for kind, count in COLLISIONS:
        for _ in range(count):
            group += 1
            _collide(rng, people, kind, f"g{group:03d}")
    # Married names without a colliding second patient: birth name only.
    for index in rng.sample(range(SIZE), 260):
        person = people[index]
        if person.collision or person.sex != "F":
            continue
        maiden = rng.choice(names.SURNAMES)
        people[index] = replace(person, birth_name=maiden, former_names=maiden)
    return tuple(people)


def build() -> list[Patient]:
    """The register, the same on every call."""
    return list(_build())


def collision_counts(patients: list[Patient]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for person in patients:
        key = person.collision or "none"
        counts[key] = counts.get(key, 0) + 1
    return counts


def latin1(text: str) -> str:
    """The spelling a Latin-1 GDT file can hold: ć -> c, ł -> l, ı -> i; umlauts stay."""
    out = []
    for char in text:
        try:
            char.encode("iso-8859-1")
            out.append(char)
        except UnicodeEncodeError:
            base = unicodedata.normalize("NFKD", char)[0]
            out.append({"ł": "l", "Ł": "L", "ı": "i", "đ": "d"}.get(char, base))
    return "".join(out)


def _gdt_line(field: str, value: str) -> bytes:
    body = f"{field}{latin1(value)}".encode("iso-8859-1")
    return f"{len(body) + 5:03d}".encode() + body + b"\r\n"


def gdt(person: Patient) -> bytes:
    """One GDT 2.10 record 6301 (patient data) in ISO 8859-1 with CR LF."""
    born = person.born
    fields = [
        ("9206", "3"),
        ("9218", "02.10"),
        ("3000", person.id),
        ("3101", person.surname),
        ("3102", person.given_names),
        ("3103", born.strftime("%d%m%Y")),
    ]
    if person.title:
        fields.append(("3104", person.title))
    fields += [("3106", f"{person.postcode} {person.city}"), ("3107", person.street)]
    if person.sex in "MF":
        fields.append(("3110", "1" if person.sex == "M" else "2"))
    body = b"".join(_gdt_line(field, value) for field, value in fields)
    head = _gdt_line("8000", "6301")
    length = len(head) + len(_gdt_line("8100", "00000")) + len(body)
    return head + _gdt_line("8100", f"{length:05d}") + body


def fhir(person: Patient) -> dict[str, object]:
    given = person.given_names.split()
    official: dict[str, object] = {"use": "official", "family": person.surname, "given": given}
    if person.title:
        official["prefix"] = [person.title]
    name = [official]
    if person.birth_name:
        name.append({"use": "maiden", "family": person.birth_name, "given": given})
    for former in person.former_names.split(";") if person.former_names else []:
        if former != person.birth_name:
            name.append({"use": "old", "family": former, "given": given})
    gender = {"F": "female", "M": "male", "X": "other", "U": "unknown"}[person.sex]
    return {
        "resourceType": "Patient",
        "id": f"p{person.id}",
        "identifier": [{"system": ID_SYSTEM, "value": person.id}],
        "name": name,
        "gender": gender,
        "birthDate": person.birth_date,
        "address": [
            {
                "line": [person.street],
                "postalCode": person.postcode,
                "city": person.city,
                "country": person.country,
            }
        ],
    }


def write_all(patients: list[Patient], folder: Path) -> None:
    """patients.csv, gdt/<id>.gdt, patients.bundle.json and patients.ndjson."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "patients.csv").open("w", encoding="utf-8", newline="") as stream:
        writer = csv.DictWriter(stream, fieldnames=FIELDS)
        writer.writeheader()
        for person in patients:
            writer.writerow(asdict(person))
    (folder / "gdt").mkdir(exist_ok=True)
    for person in patients:
        (folder / "gdt" / f"{person.id}.gdt").write_bytes(gdt(person))
    resources = [fhir(person) for person in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [{"fullUrl": f"urn:uuid:heldout50e-{r['id']}", "resource": r} for r in resources],
    }
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    (folder / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in resources), encoding="utf-8"
    )
