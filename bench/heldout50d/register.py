"""The practice's patient register for the held-out facts set: at least 5,000 generated
patients with the collisions a real register has (namesakes born on the same day, twins, names
changed by marriage, umlaut spellings), written as CSV, GDT 2.10 records, a FHIR R4 Bundle and
NDJSON. Deterministic: build() always returns the same register."""

from __future__ import annotations

import csv
import datetime as dt
import json
import random
import sys
import unicodedata
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from bench.heldout50d import names

SEED = 50_404
ORDINARY = 5_000
ID_SYSTEM = "urn:docvault:heldout50d:practice-id"
FOREIGN = [
    ("AT", "1090", "Wien", "Porzellangasse"),
    ("CH", "8004", "Zürich", "Badenerstrasse"),
    ("NL", "3511 AB", "Utrecht", "Oudegracht"),
    ("GB", "OX1 2JD", "Oxford", "High Street"),
    ("FR", "68100", "Mulhouse", "Rue du Sauvage"),
    ("IT", "39100", "Bozen", "Laubengasse"),
    ("DK", "8000", "Aarhus C", "Søndergade"),
    ("US", "NY 10027", "New York", "Broadway"),
]


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    birth_date: dt.date
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

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


class _Maker:
    """Draws people, ids and addresses, keeping (surname, given names, birth date) unique
    except where a collision group deliberately repeats them."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.next_id = 100_000
        self.keys: set[tuple[str, str, dt.date]] = set()
        self.patients: list[Patient] = []

    def new_id(self) -> str:
        self.next_id += self.rng.randint(1, 9)
        return str(self.next_id)

    def given(self, sex: str) -> str:
        pool = names.FEMALE if sex == "F" else names.MALE
        first = self.rng.choice(pool)
        if self.rng.random() < 0.22:
            second = self.rng.choice(names.SECOND_GIVEN["F" if sex == "F" else "M"])
            if second != first:
                return f"{first} {second}"
        return first

    def surname(self) -> str:
        roll = self.rng.random()
        if roll < 0.05:
            return self.rng.choice(names.PARTICLE_SURNAMES)
        if roll < 0.10:
            first, second = self.rng.sample(names.HYPHEN_PARTS, 2)
            return f"{first}-{second}"
        return self.rng.choice(names.SURNAMES)

    def birth_date(self) -> dt.date:
        return dt.date(1928, 1, 1) + dt.timedelta(days=self.rng.randint(0, 35_000))

    def address(self) -> tuple[str, str, str, str]:
        if self.rng.random() < 0.06:
            country, postcode, city, street = self.rng.choice(FOREIGN)
            return f"{street} {self.rng.randint(1, 140)}", postcode, city, country
        postcode, city = self.rng.choice(names.CITIES)
        street = f"{self.rng.choice(names.STREETS)} {self.rng.randint(1, 98)}"
        if self.rng.random() < 0.1:
            street += self.rng.choice("abc")
        return street, postcode, city, "DE"

    def sex(self) -> str:
        roll = self.rng.random()
        return "F" if roll < 0.51 else "M" if roll < 0.995 else self.rng.choice("XU")

    def add(self, patient: Patient, unique: bool = True) -> Patient | None:
        key = (patient.surname, patient.given_names, patient.birth_date)
        if unique and key in self.keys:
            return None
        self.keys.add(key)
        self.patients.append(patient)
        return patient

    def person(self, **overrides: object) -> Patient:
        sex = str(overrides.pop("sex", self.sex()))
        street, postcode, city, country = self.address()
        values: dict[str, object] = {
            "id": self.new_id(),
            "surname": self.surname(),
            "given_names": self.given(sex),
            "birth_date": self.birth_date(),
            "sex": sex,
            "street": street,
            "postcode": postcode,
            "city": city,
            "country": country,
            "title": self.rng.choice(names.TITLES) if self.rng.random() < 0.04 else "",
        }
        values.update(overrides)
        birth = values["birth_date"]
        if isinstance(birth, dt.date) and birth.year > 1997:
            values["title"] = ""  # no doctorates among children and students
        return Patient(**values)  # type: ignore[arg-type]


def _same_name_same_birth(maker: _Maker, groups: int) -> None:
    for number in range(groups):
        first = maker.person()
        if maker.add(first) is None:
            continue
        size = 3 if number % 10 == 0 else 2
        first.collision, first.collision_group = "same_name_same_birth", f"s{number:03d}"
        for _ in range(size - 1):
            twin = maker.person(
                surname=first.surname,
                given_names=first.given_names,
                birth_date=first.birth_date,
                sex=first.sex,
            )
            twin.collision, twin.collision_group = first.collision, first.collision_group
            maker.add(twin, unique=False)


def _twins(maker: _Maker, groups: int) -> None:
    for number in range(groups):
        first = maker.person()
        if maker.add(first) is None:
            continue
        sex = maker.sex() if number % 3 else first.sex
        given = maker.given(sex)
        while given.split()[0] == first.given_names.split()[0]:
            given = maker.given(sex)
        second = maker.person(
            surname=first.surname,
            given_names=given,
            sex=sex,
            birth_date=first.birth_date,
            street=first.street,
            postcode=first.postcode,
            city=first.city,
            country=first.country,
        )
        for twin in (first, second):
            twin.collision, twin.collision_group = "twin", f"t{number:03d}"
        maker.add(second)


def _name_changes(maker: _Maker, groups: int) -> None:
    """A patient who married (birth name, sometimes a former name too) and a namesake whose
    current surname is that birth name: a letter using the old name matches the namesake's name
    but only the changed patient's birth date."""
    for number in range(groups):
        birth_name = maker.rng.choice(names.SURNAMES)
        adult = dt.date(1935, 1, 1) + dt.timedelta(days=maker.rng.randint(0, 24_000))
        changed = maker.person(
            sex="F" if number % 5 else "M", birth_name=birth_name, birth_date=adult
        )
        if changed.surname == birth_name:
            changed.surname = maker.rng.choice(names.HYPHEN_PARTS)
        if number % 4 == 0:
            middle = maker.rng.choice(names.SURNAMES)
            if middle not in (birth_name, changed.surname):
                changed.former_names = [middle]
        if maker.add(changed) is None:
            continue
        namesake = maker.person(
            surname=birth_name, given_names=changed.given_names, sex=changed.sex
        )
        if maker.add(namesake) is None:
            continue
        for person in (changed, namesake):
            person.collision, person.collision_group = "name_change", f"n{number:03d}"


def _umlauts(maker: _Maker, groups: int) -> None:
    """Müller and Mueller with the same given names, born on different days."""
    umlaut_names = [name for name in names.SURNAMES if names.transliterate(name) != name]
    for number in range(groups):
        first = maker.person(surname=maker.rng.choice(umlaut_names))
        if maker.rng.random() < 0.3:
            given = [g for g in names.MALE + names.FEMALE if names.transliterate(g) != g]
            first.given_names = maker.rng.choice(given)
        second = maker.person(
            surname=names.transliterate(first.surname), given_names=first.given_names, sex=first.sex
        )
        if maker.add(first) is None or maker.add(second) is None:
            continue
        for person in (first, second):
            person.collision, person.collision_group = "umlaut_spelling", f"u{number:03d}"


def build() -> list[Patient]:
    maker = _Maker(random.Random(SEED))
    _same_name_same_birth(maker, 40)
    _twins(maker, 30)
    _name_changes(maker, 60)
    _umlauts(maker, 40)
    while len(maker.patients) < ORDINARY + 340:
        maker.add(maker.person())
    ordered = sorted(maker.patients, key=lambda patient: patient.id)
    return ordered


def collision_counts(patients: list[Patient]) -> dict[str, dict[str, int]]:
    counts: dict[str, dict[str, int]] = {}
    groups: dict[str, set[str]] = {}
    for patient in patients:
        if patient.collision:
            entry = counts.setdefault(patient.collision, {"patients": 0, "groups": 0})
            entry["patients"] += 1
            groups.setdefault(patient.collision, set()).add(patient.collision_group)
    for kind, members in groups.items():
        counts[kind]["groups"] = len(members)
    return counts


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


def _csv_row(patient: Patient) -> dict[str, str]:
    return {
        "id": patient.id,
        "surname": patient.surname,
        "given_names": patient.given_names,
        "birth_name": patient.birth_name,
        "former_names": ";".join(patient.former_names),
        "title": patient.title,
        "birth_date": patient.birth_date.isoformat(),
        "sex": patient.sex,
        "street": patient.street,
        "postcode": patient.postcode,
        "city": patient.city,
        "country": patient.country,
        "collision": patient.collision,
        "collision_group": patient.collision_group,
    }


_LATIN1_FALLBACK = {"ł": "l", "Ł": "L", "ı": "i", "ś": "s", "ş": "s", "ğ": "g", "ć": "c"}


def _latin1(text: str) -> str:
    """GDT 2.10 is ISO 8859-1: letters outside it lose their accent (Wiśniewski -> Wisniewski)."""
    out = []
    for char in text:
        try:
            char.encode("latin-1")
            out.append(char)
        except UnicodeEncodeError:
            plain = _LATIN1_FALLBACK.get(char) or unicodedata.normalize("NFKD", char)[0]
            out.append(plain if plain.isascii() else "?")
    return "".join(out)


def gdt_record(patient: Patient) -> bytes:
    fields = [
        ("9206", "3"),
        ("9218", "02.10"),
        ("3000", patient.id),
        ("3101", patient.surname),
        ("3102", patient.given_names),
        ("3103", patient.birth_date.strftime("%d%m%Y")),
    ]
    if patient.title:
        fields.append(("3104", patient.title))
    fields += [("3106", f"{patient.postcode} {patient.city}"), ("3107", patient.street)]
    if patient.sex in ("M", "F"):
        fields.append(("3110", "1" if patient.sex == "M" else "2"))
    lines = [_gdt_line("8000", "6301")]
    lines += [_gdt_line(code, value) for code, value in fields]
    length = sum(len(line) for line in lines) + len(_gdt_line("8100", "00000"))
    lines.insert(1, _gdt_line("8100", f"{length:05d}"))
    return b"".join(lines)


def _gdt_line(code: str, value: str) -> bytes:
    content = (code + _latin1(value)).encode("latin-1")
    return f"{len(content) + 5:03d}".encode() + content + b"\r\n"


_GENDER = {"F": "female", "M": "male", "X": "other", "U": "unknown"}


def fhir_patient(patient: Patient) -> dict[str, object]:
    official: dict[str, object] = {
        "use": "official",
        "family": patient.surname,
        "given": patient.given_names.split(),
    }
    if patient.title:
        official["prefix"] = [patient.title]
    person_names: list[dict[str, object]] = [official]
    if patient.birth_name:
        person_names.append(
            {"use": "maiden", "family": patient.birth_name, "given": patient.given_names.split()}
        )
    person_names += [
        {"use": "old", "family": former, "given": patient.given_names.split()}
        for former in patient.former_names
    ]
    return {
        "resourceType": "Patient",
        "id": f"p{patient.id}",
        "identifier": [{"system": ID_SYSTEM, "value": patient.id}],
        "name": person_names,
        "gender": _GENDER[patient.sex],
        "birthDate": patient.birth_date.isoformat(),
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
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "patients.csv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=CSV_FIELDS)
        writer.writeheader()
        writer.writerows(_csv_row(patient) for patient in patients)
    gdt = folder / "gdt"
    gdt.mkdir(exist_ok=True)
    for patient in patients:
        (gdt / f"{patient.id}.gdt").write_bytes(gdt_record(patient))
    resources = [fhir_patient(patient) for patient in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [
            {
                "fullUrl": f"urn:uuid:{uuid.uuid5(uuid.NAMESPACE_URL, ID_SYSTEM + r['id'])}",
                "resource": r,
            }
            for r in resources
        ],
    }  # type: ignore[operator]
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    (folder / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in resources), encoding="utf-8"
    )


if __name__ == "__main__":
    register = build()
    write_all(register, Path(sys.argv[1]))
    print(len(register), collision_counts(register))
