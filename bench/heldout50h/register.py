"""The practice register of the eighth blind facts set: 5,000 generated patients with collisions.

Collisions are deliberate: two different people with the same name and birth date, twins,
people whose surname changed (their former name may be another patient's current one), and
pairs spelled once with an umlaut and once without (Müller / Mueller).
"""

from __future__ import annotations

import csv
import datetime
import io
import json
import random
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from bench.heldout50h import names

SEED = 50_808
COUNT = 5_000
ID_SYSTEM = "urn:docvault:heldout50h:practice-id"
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
    "collision",
    "collision_group",
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
    title: str = ""
    birth_name: str = ""
    former_names: list[str] = field(default_factory=list)
    collision: str = ""
    collision_group: str = ""

    @property
    def full_name(self) -> str:
        """Clerk order: given names, then surname (no title)."""
        return f"{self.given_names} {self.surname}"

    def row(self) -> dict[str, str]:
        return {
            "id": self.id,
            "surname": self.surname,
            "given_names": self.given_names,
            "birth_name": self.birth_name,
            "former_names": ";".join(self.former_names),
            "title": self.title,
            "birth_date": self.birth_date.isoformat(),
            "sex": self.sex,
            "street": self.street,
            "postcode": self.postcode,
            "city": self.city,
            "country": self.country,
            "collision": self.collision,
            "collision_group": self.collision_group,
        }


def _surname(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.16:
        return rng.choice(names.SURNAMES_UMLAUT)
    if roll < 0.26:
        return rng.choice(names.SURNAMES_FOREIGN)
    if roll < 0.29:
        return rng.choice(names.PARTICLE_SURNAMES)
    if roll < 0.32:
        return rng.choice(names.DOUBLE_SURNAMES)
    return rng.choice(names.SURNAMES_DE)


def _given(rng: random.Random, sex: str) -> str:
    female = sex == "F" or (sex in "XU" and rng.random() < 0.5)
    pool = names.GIVEN_F if female else names.GIVEN_M
    extra = names.GIVEN_UMLAUT_F if female else names.GIVEN_UMLAUT_M
    foreign = names.GIVEN_FOREIGN_F if female else names.GIVEN_FOREIGN_M
    roll = rng.random()
    first = rng.choice(extra if roll < 0.08 else foreign if roll < 0.16 else pool)
    if rng.random() < 0.22:
        second = rng.choice(pool)
        if second != first:
            return f"{first} {second}"
    return first


def _birth(rng: random.Random) -> datetime.date:
    start = datetime.date(1925, 1, 1).toordinal()
    return datetime.date.fromordinal(start + rng.randrange(36_500))


def _person(rng: random.Random, ident: str) -> Patient:
    sex = rng.choices("FMXU", weights=(50, 48, 1, 1))[0]
    postcode, city = rng.choice(names.PLACES)
    return Patient(
        id=ident,
        surname=_surname(rng),
        given_names=_given(rng, sex),
        birth_date=_birth(rng),
        sex=sex,
        street=f"{rng.choice(names.STREETS)} {rng.randint(1, 140)}",
        postcode=postcode,
        city=city,
        title=rng.choice(names.TITLES) if rng.random() < 0.04 else "",
    )


def _same_name_same_birth(
    rng: random.Random, people: list[Patient], start: int, group: str
) -> None:
    first = people[start]
    for other in people[start + 1 : start + rng.choice((2, 2, 3))]:
        other.surname, other.given_names, other.birth_date = (
            first.surname,
            first.given_names,
            first.birth_date,
        )
        other.sex, other.title = first.sex, ""
        other.collision, other.collision_group = "same_name_same_birth", group
    first.collision, first.collision_group = "same_name_same_birth", group


def _twins(rng: random.Random, people: list[Patient], start: int, group: str) -> None:
    first, second = people[start], people[start + 1]
    second.surname, second.birth_date = first.surname, first.birth_date
    second.street, second.postcode, second.city = first.street, first.postcode, first.city
    while second.given_names == first.given_names:
        second.given_names = _given(rng, second.sex)
    for twin in (first, second):
        twin.collision, twin.collision_group, twin.title = "twin", group, ""


def _name_change(rng: random.Random, people: list[Patient], start: int, group: str) -> None:
    changed, namesake = people[start], people[start + 1]
    old = changed.surname
    changed.birth_name = old
    if rng.random() < 0.3:
        middle = rng.choice(names.SURNAMES_DE)
        changed.former_names = [old, middle]
    else:
        changed.former_names = [old]
    while changed.surname == old:
        changed.surname = rng.choice(names.SURNAMES_DE + names.SURNAMES_UMLAUT)
    changed.collision, changed.collision_group = "name_change", group
    if rng.random() < 0.5:
        # Another patient carries the old name today, with the same given name.
        namesake.surname, namesake.given_names, namesake.sex = old, changed.given_names, changed.sex
        namesake.collision, namesake.collision_group = "name_change", group


def _umlaut_pair(rng: random.Random, people: list[Patient], start: int, group: str) -> None:
    first, second = people[start], people[start + 1]
    first.surname = rng.choice(names.SURNAMES_UMLAUT)
    second.surname = names.spell_out(first.surname)
    second.given_names, second.sex = first.given_names, first.sex
    if rng.random() < 0.3:
        second.birth_date = first.birth_date
    for person in (first, second):
        person.collision, person.collision_group = "umlaut_spelling", group


COLLISION_MAKERS = (
    (_same_name_same_birth, 45, 3),
    (_twins, 35, 2),
    (_name_change, 120, 2),
    (_umlaut_pair, 40, 2),
)


def build() -> list[Patient]:
    """The register, the same every time."""
    rng = random.Random(SEED)
    idents = rng.sample(range(100_000, 999_999), COUNT)
    people = [_person(rng, str(ident)) for ident in idents]
    plan = [maker for maker, count, _ in COLLISION_MAKERS for _ in range(count)]
    rng.shuffle(plan)
    # Each group takes three consecutive (still unshuffled) patients.
    for number, maker in enumerate(plan, start=1):
        maker(rng, people, (number - 1) * 3, f"g{number:03d}")
    rng.shuffle(people)
    return people


def _gdt_line(field_id: str, content: str) -> bytes:
    body = content.encode("iso-8859-1", errors="replace")
    return f"{len(body) + 9:03d}{field_id}".encode("ascii") + body + b"\r\n"


def _latin1(text: str) -> str:
    """GDT is ISO 8859-1: letters outside it (ş, ł, ğ) lose their accent as old systems do."""
    out = []
    for char in text.replace("ł", "l").replace("Ł", "L").replace("ı", "i"):
        try:
            char.encode("iso-8859-1")
            out.append(char)
        except UnicodeEncodeError:
            out.append(unicodedata.normalize("NFKD", char)[0])
    return "".join(out)


def gdt_record(patient: Patient) -> bytes:
    fields = [
        ("9206", "3"),
        ("9218", "02.10"),
        ("3000", patient.id),
        ("3101", _latin1(patient.surname)),
        ("3102", _latin1(patient.given_names)),
        ("3103", patient.birth_date.strftime("%d%m%Y")),
    ]
    if patient.title:
        fields.append(("3104", patient.title))
    fields += [
        ("3106", _latin1(f"{patient.postcode} {patient.city}")),
        ("3107", _latin1(patient.street)),
    ]
    if patient.sex in "MF":
        fields.append(("3110", "1" if patient.sex == "M" else "2"))
    body = b"".join(_gdt_line(key, value) for key, value in fields)
    head = _gdt_line("8000", "6301")
    total = len(head) + 14 + len(body)
    return head + _gdt_line("8100", f"{total:05d}") + body


GENDERS = {"F": "female", "M": "male", "X": "other", "U": "unknown"}


def fhir_patient(patient: Patient) -> dict[str, object]:
    given = patient.given_names.split()
    official: dict[str, object] = {"use": "official", "family": patient.surname, "given": given}
    if patient.title:
        official["prefix"] = [patient.title]
    names_list: list[dict[str, object]] = [official]
    if patient.birth_name:
        names_list.append({"use": "maiden", "family": patient.birth_name, "given": given})
    names_list += [{"use": "old", "family": old, "given": given} for old in patient.former_names]
    return {
        "resourceType": "Patient",
        "id": f"p{patient.id}",
        "identifier": [{"system": ID_SYSTEM, "value": patient.id}],
        "name": names_list,
        "gender": GENDERS[patient.sex],
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
    """patients.csv, gdt/<id>.gdt, patients.bundle.json and patients.ndjson under folder."""
    folder.mkdir(parents=True, exist_ok=True)
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for patient in patients:
        writer.writerow(patient.row())
    (folder / "patients.csv").write_text(buffer.getvalue(), encoding="utf-8")
    gdt = folder / "gdt"
    gdt.mkdir(exist_ok=True)
    for patient in patients:
        (gdt / f"{patient.id}.gdt").write_bytes(gdt_record(patient))
    resources = [fhir_patient(patient) for patient in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [{"resource": r} for r in resources],
    }
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in resources)
    (folder / "patients.ndjson").write_text(lines, encoding="utf-8")
